/* test-schemas.c — every XML file the project ships follows its RELAX NG schema
 *
 * The game definitions in data/games/ follow game.rng, the card
 * databases in data/cards/ carddb.rng, the decks in data/decks/ deck.rng,
 * and the fixtures under tests/data/cli/ and tests/data/generic/ the schema of their kind.  The schemas also reject documents that
 * break the formats of DESIGN.md §4.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <string.h>

#include "dw-test-util.h"

typedef struct
{
  char *path;
  char *schema;  /* file name under data/schema/ */
} Case;

static void
case_free (gpointer data)
{
  Case *test_case = data;

  g_free (test_case->path);
  g_free (test_case->schema);
  g_free (test_case);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNGParserCtxt, xmlRelaxNGFreeParserCtxt)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNG, xmlRelaxNGFree)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNGValidCtxt, xmlRelaxNGFreeValidCtxt)

static void
collect_error_cb (void        *user_data,
                  const xmlError *error)
{
  GString *messages = user_data;

  g_string_append_printf (messages, "%s:%d: %s",
                          error->file ? error->file : "(document)", error->line,
                          error->message ? error->message : "(no message)\n");
}

/* libxml2 changed the constness of the structured error handler's
 * argument in 2.12; the cast keeps both versions quiet. */
#define ERROR_HANDLER ((xmlStructuredErrorFunc) (void (*) (void)) collect_error_cb)

static xmlRelaxNG *
load_schema (const char *name)
{
  g_autofree char *path = dw_test_data_path ("schema", name, NULL);
  g_autoptr(GString) messages = g_string_new (NULL);
  g_autoptr(xmlRelaxNGParserCtxt) parser = xmlRelaxNGNewParserCtxt (path);
  xmlRelaxNG *schema;

  g_assert_nonnull (parser);
  xmlRelaxNGSetParserStructuredErrors (parser, ERROR_HANDLER, messages);
  schema = xmlRelaxNGParse (parser);
  if (schema == NULL)
    g_error ("%s is not a valid RELAX NG schema:\n%s", path, messages->str);
  return schema;
}

/* Validates @doc; returns 0 when valid, the messages in @messages. */
static int
validate (const char *schema_name,
          xmlDoc     *doc,
          GString    *messages)
{
  g_autoptr(xmlRelaxNG) schema = load_schema (schema_name);
  g_autoptr(xmlRelaxNGValidCtxt) context = xmlRelaxNGNewValidCtxt (schema);

  g_assert_nonnull (context);
  xmlRelaxNGSetValidStructuredErrors (context, ERROR_HANDLER, messages);
  return xmlRelaxNGValidateDoc (context, doc);
}

static void
test_file_is_valid (gconstpointer data)
{
  const Case *test_case = data;
  g_autoptr(GString) messages = g_string_new (NULL);
  g_autoptr(xmlDoc) doc = NULL;
  int result;

  doc = xmlReadFile (test_case->path, NULL, XML_PARSE_NONET);
  if (doc == NULL)
    g_error ("%s is not well-formed XML", test_case->path);

  result = validate (test_case->schema, doc, messages);
  if (result != 0)
    g_error ("%s does not follow %s (%d):\n%s", test_case->path, test_case->schema, result, messages->str);
}

/* Validates @text against @schema_name and returns the result. */
static int
validate_text (const char *schema_name,
               const char *text,
               GString    *messages)
{
  g_autoptr(xmlDoc) doc = xmlReadMemory (text, strlen (text), "inline.xml", NULL, XML_PARSE_NONET);

  g_assert_nonnull (doc);
  return validate (schema_name, doc, messages);
}

static void
assert_rejected (const char *schema_name,
                 const char *text)
{
  g_autoptr(GString) messages = g_string_new (NULL);

  if (validate_text (schema_name, text, messages) <= 0)
    g_error ("%s accepted a document it must reject:\n%s", schema_name, text);
  g_assert_cmpuint (messages->len, >, 0);
}

static void
assert_accepted (const char *schema_name,
                 const char *text)
{
  g_autoptr(GString) messages = g_string_new (NULL);
  int result = validate_text (schema_name, text, messages);

  if (result != 0)
    g_error ("%s rejected a valid document (%d):\n%s\n%s", schema_name, result, text, messages->str);
}

/* ------------------------------------------------------------ decks */

#define DECK_OPEN "<deck xmlns=\"urn:deckwright:deck:1\" "

static void
test_deck_minimal_is_valid (void)
{
  assert_accepted ("deck.rng",
                   DECK_OPEN "game=\"arcmage\"><section id=\"main\">"
                   "<card id=\"arc-0001\" count=\"4\">Thornwood Scout</card>"
                   "<card>Mosshollow</card></section></deck>");
}

static void
test_deck_keeps_foreign_elements (void)
{
  assert_accepted ("deck.rng",
                   DECK_OPEN "xmlns:x=\"urn:example:extra\" game=\"arcmage\">"
                   "<x:tag colour=\"green\">kept</x:tag><name>Kept</name>"
                   "<section id=\"main\"><x:note/><card id=\"arc-0001\">Thornwood Scout<x:foil/></card></section>"
                   "<x:after><x:deeper a=\"1\"/></x:after></deck>");
}

static void
test_deck_tags_are_valid (void)
{
  assert_accepted ("deck.rng",
                   DECK_OPEN "game=\"arcmage\"><name>T</name><notes>n</notes>"
                   "<tag>friends</tag><tag>season 3</tag><section id=\"main\"/></deck>");
  assert_rejected ("deck.rng",
                   DECK_OPEN "game=\"arcmage\"><tag colour=\"red\">friends</tag></deck>");
}

/* The cover as the deck writer writes it (tests/test-deck.c checks the
 * writer's text), and nothing else. */
static void
test_deck_cover_is_valid (void)
{
  assert_accepted ("deck.rng",
                   DECK_OPEN "game=\"arcmage\"><name>T</name><tag>friends</tag>"
                   "<cover card=\"arc-0002 &amp; x\"/><section id=\"main\"/></deck>");
  assert_rejected ("deck.rng",
                   DECK_OPEN "game=\"arcmage\"><cover/></deck>");
  assert_rejected ("deck.rng",
                   DECK_OPEN "game=\"arcmage\"><cover card=\"arc-0001\">Thornwood Scout</cover></deck>");
  assert_rejected ("deck.rng",
                   DECK_OPEN "game=\"arcmage\"><cover card=\"a\"/><cover card=\"b\"/></deck>");
}

static void
test_deck_rejects_missing_game (void)
{
  assert_rejected ("deck.rng",
                   DECK_OPEN "format=\"arcmage-orc\"><section id=\"main\"/></deck>");
}

static void
test_deck_rejects_zero_count (void)
{
  assert_rejected ("deck.rng",
                   DECK_OPEN "game=\"arcmage\"><section id=\"main\">"
                   "<card id=\"arc-0001\" count=\"0\">Thornwood Scout</card></section></deck>");
}

static void
test_deck_rejects_unknown_element (void)
{
  assert_rejected ("deck.rng",
                   DECK_OPEN "game=\"arcmage\"><sideboard/><section id=\"main\"/></deck>");
}

static void
test_deck_rejects_wrong_namespace (void)
{
  assert_rejected ("deck.rng",
                   "<deck xmlns=\"urn:deckwright:deck:2\" game=\"arcmage\"><section id=\"main\"/></deck>");
}

static void
test_deck_rejects_section_without_id (void)
{
  assert_rejected ("deck.rng",
                   DECK_OPEN "game=\"arcmage\"><section><card>Thornwood Scout</card></section></deck>");
}

/* ------------------------------------------------------------ card databases */

#define CARDDB_OPEN "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">"

static void
test_carddb_costs_are_valid (void)
{
  const char *costs[] = { "0", "12", "X", "X+2", "T", "T-1", "S", " 3 " };

  for (guint i = 0; i < G_N_ELEMENTS (costs); i++)
    {
      g_autofree char *text = g_strdup_printf (CARDDB_OPEN "<card id=\"a\"><name>A</name><type>Creature</type>"
                                               "<cost>%s</cost></card></carddb>", costs[i]);
      assert_accepted ("carddb.rng", text);
    }
}

static void
test_carddb_rejects_bad_cost (void)
{
  const char *costs[] = { "Y", "-1", "X-1", "T+1", "2X", "" };

  for (guint i = 0; i < G_N_ELEMENTS (costs); i++)
    {
      g_autofree char *text = g_strdup_printf (CARDDB_OPEN "<card id=\"a\"><name>A</name><type>Creature</type>"
                                               "<cost>%s</cost></card></carddb>", costs[i]);
      assert_rejected ("carddb.rng", text);
    }
}

static void
test_carddb_rejects_card_without_name (void)
{
  assert_rejected ("carddb.rng", CARDDB_OPEN "<card id=\"a\"><type>Creature</type></card></carddb>");
}

static void
test_carddb_rejects_card_without_id (void)
{
  assert_rejected ("carddb.rng", CARDDB_OPEN "<card><name>A</name><type>Creature</type></card></carddb>");
}

static void
test_carddb_rejects_non_integer_stat (void)
{
  assert_rejected ("carddb.rng",
                   CARDDB_OPEN "<card id=\"a\"><name>A</name><type>Creature</type>"
                   "<attack>lots</attack></card></carddb>");
}

static void
test_carddb_rejects_bad_token_flag (void)
{
  assert_rejected ("carddb.rng",
                   CARDDB_OPEN "<card id=\"a\" token=\"yes\"><name>A</name><type>Creature</type></card></carddb>");
}

static void
test_carddb_rejects_bad_ability (void)
{
  assert_rejected ("carddb.rng",
                   "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"coraabia\">"
                   "<card id=\"c\"><name>C</name><type>Trick</type>"
                   "<ability kind=\"sometimes\" target=\"me\"><effect>Danger +1</effect></ability>"
                   "</card></carddb>");
  assert_rejected ("carddb.rng",
                   "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"coraabia\">"
                   "<card id=\"c\"><name>C</name><type>Trick</type>"
                   "<ability kind=\"passive\" target=\"everyone\"><effect>Danger +1</effect></ability>"
                   "</card></carddb>");
}

static void
test_carddb_rejects_unknown_element (void)
{
  assert_rejected ("carddb.rng",
                   CARDDB_OPEN "<card id=\"a\"><name>A</name><type>Creature</type>"
                   "<sparkle>yes</sparkle></card></carddb>");
}

static void
test_carddb_keeps_foreign_elements (void)
{
  assert_accepted ("carddb.rng",
                   "<carddb xmlns=\"urn:deckwright:carddb:1\" xmlns:x=\"urn:example:extra\" "
                   "game=\"arcmage\"><x:header/><info><name>N</name><x:more/></info>"
                   "<card id=\"a\" x:lang=\"en\"><name>A</name><x:foil kind=\"gold\"/><type>Creature</type>"
                   "</card></carddb>");
}

/* ------------------------------------------------------------ games and formats */

#define FORMATS_OPEN "<formats xmlns=\"urn:deckwright:game:1\" game=\"arcmage\">"

static void
test_game_house_format_is_valid (void)
{
  assert_accepted ("game.rng",
                   FORMATS_OPEN "<format id=\"arcmage-house\" name=\"House rules\">"
                   "<section ref=\"main\" min=\"40\" max=\"40\"/><copies limit=\"2\" match=\"name\"/>"
                   "</format></formats>");
}

static void
test_game_rejects_formats_without_game (void)
{
  assert_rejected ("game.rng",
                   "<formats xmlns=\"urn:deckwright:game:1\"><format id=\"f\" name=\"F\"/></formats>");
}

static void
test_game_rejects_empty_formats (void)
{
  assert_rejected ("game.rng", FORMATS_OPEN "</formats>");
}

static void
test_game_rejects_bad_copy_match (void)
{
  assert_rejected ("game.rng",
                   FORMATS_OPEN "<format id=\"f\" name=\"F\"><copies limit=\"2\" match=\"colour\"/>"
                   "</format></formats>");
}

static void
test_game_rejects_zero_copy_limit (void)
{
  assert_rejected ("game.rng",
                   FORMATS_OPEN "<format id=\"f\" name=\"F\"><copies limit=\"0\"/></format></formats>");
}

static void
test_game_rejects_negative_section_size (void)
{
  assert_rejected ("game.rng",
                   FORMATS_OPEN "<format id=\"f\" name=\"F\"><section ref=\"main\" min=\"-1\"/>"
                   "</format></formats>");
}

static void
test_game_rejects_unknown_rule (void)
{
  assert_rejected ("game.rng",
                   FORMATS_OPEN "<format id=\"f\" name=\"F\"><banlist card=\"arc-0001\"/></format></formats>");
}

static void
test_game_rejects_empty_ban_list (void)
{
  assert_rejected ("game.rng", FORMATS_OPEN "<format id=\"f\" name=\"F\"><section ref=\"main\"/>"
                   "<banned/></format></formats>");
}

static void
test_game_rejects_listed_card_without_id_or_name (void)
{
  assert_rejected ("game.rng", FORMATS_OPEN "<format id=\"f\" name=\"F\"><section ref=\"main\"/>"
                   "<restricted limit=\"1\"><card limit=\"2\"/></restricted></format></formats>");
}

static void
test_game_rejects_limit_on_banned_card (void)
{
  assert_rejected ("game.rng", FORMATS_OPEN "<format id=\"f\" name=\"F\"><section ref=\"main\"/>"
                   "<banned><card id=\"arc-0001\" limit=\"1\"/></banned></format></formats>");
}

/* The house format README.md shows, and the one test-validate uses. */
static void
add_house_formats (void)
{
  const char *paths[][2] = {
    { "docs", "winter-league.xml" },
    { "tests/data/rules", "arcmage-house.xml" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      Case *test_case = g_new0 (Case, 1);
      g_autofree char *test_path = g_strdup_printf ("/schemas/house-formats/%s", paths[i][1]);

      test_case->path = g_test_build_filename (G_TEST_DIST, "..", paths[i][0], paths[i][1], NULL);
      test_case->schema = g_strdup ("game.rng");
      g_test_add_data_func_full (test_path, test_case, test_file_is_valid, case_free);
    }
}

static void
test_game_rejects_format_without_id (void)
{
  assert_rejected ("game.rng", FORMATS_OPEN "<format name=\"F\"/></formats>");
}

static void
test_game_rejects_game_without_sections (void)
{
  assert_rejected ("game.rng",
                   "<game xmlns=\"urn:deckwright:game:1\" id=\"g\" name=\"G\">"
                   "<types><type id=\"Card\" name=\"Card\"/></types>"
                   "<properties><property id=\"text\" name=\"Text\" kind=\"text\"/></properties>"
                   "<formats><format id=\"g-open\" name=\"Open\"/></formats></game>");
}

/* ------------------------------------------------------------ the files */

static void
add_folder (const char *folder,
            const char *test_folder,
            const char *schema,
            guint       min_files)
{
  g_autofree char *dir = dw_test_data_path (folder, NULL);
  g_autoptr(GPtrArray) names = dw_test_list_data_xml (folder, min_files);

  for (guint i = 0; i < names->len; i++)
    {
      Case *test_case = g_new0 (Case, 1);
      g_autofree char *test_path = NULL;

      test_case->path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      test_case->schema = g_strdup (schema);
      test_path = g_strdup_printf ("/schemas/%s/%s", test_folder, (char *) g_ptr_array_index (names, i));
      g_test_add_data_func_full (test_path, test_case, test_file_is_valid, case_free);
    }
}

/* The fixtures of tests/data/cli/ and tests/data/generic/ are all meant
 * to be valid; each follows the schema of its root element. */
static void
add_fixtures (void)
{
  const struct { const char *name, *schema; } fixtures[] = {
    { "cli/extra-cards.xml", "carddb.rng" },
    { "cli/extra-card-deck.xml", "deck.rng" },
    { "cli/house-legal.xml", "deck.rng" },
    { "cli/house-rules.xml", "game.rng" },
    { "generic/lanternfall.xml", "game.rng" },
    { "generic/lanternfall-cards.xml", "carddb.rng" },
    { "generic/lantern-bearers.xml", "deck.rng" },
    { "generic/too-many-sparks.xml", "deck.rng" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      Case *test_case = g_new0 (Case, 1);
      g_autofree char *test_path = g_strdup_printf ("/schemas/fixtures/%s", fixtures[i].name);

      test_case->path = dw_test_fixture_path (fixtures[i].name);
      test_case->schema = g_strdup (fixtures[i].schema);
      g_test_add_data_func_full (test_path, test_case, test_file_is_valid, case_free);
    }
}

#define TABLE_GAME_OPEN "<game xmlns=\"urn:deckwright:game:1\" id=\"g\" name=\"G\">" \
  "<types><type id=\"Card\" name=\"Card\"/></types>" \
  "<properties><property id=\"text\" name=\"Text\" kind=\"text\"/></properties>" \
  "<sections><section id=\"main\" name=\"Main\"/></sections>" \
  "<formats><format id=\"g-open\" name=\"Open\"/></formats>" \
  "<zones><zone id=\"deck\" name=\"Deck\" visibility=\"hidden\" row=\"0\" column=\"0\" start=\"main\"/>" \
  "<zone id=\"hand\" name=\"Hand\" visibility=\"owner\" row=\"0\" column=\"1\"/></zones>"

static void
test_game_table_rules (void)
{
  assert_accepted ("game.rng", TABLE_GAME_OPEN "<table><opening-hand cards=\"7\"/><hand-limit cards=\"7\"/>"
                   "<refill from=\"hand\"/><counter id=\"life\" name=\"Life\" start=\"20\"/></table></game>");
  assert_rejected ("game.rng", TABLE_GAME_OPEN "<table><opening-hand cards=\"-1\"/></table></game>");
  assert_rejected ("game.rng", TABLE_GAME_OPEN "<table><draw-per-turn/></table></game>");
  assert_rejected ("game.rng", TABLE_GAME_OPEN "<table><win-when life=\"0\"/></table></game>");
  assert_rejected ("game.rng", TABLE_GAME_OPEN "<table><counter id=\"Life\"/></table></game>");
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  xmlInitParser ();

  add_folder ("games", "games", "game.rng", 2);
  add_folder ("cards", "cards", "carddb.rng", 2);
  add_folder ("decks", "decks", "deck.rng", 10);
  add_fixtures ();
  add_house_formats ();

  g_test_add_func ("/schemas/deck/accepts-minimal-deck", test_deck_minimal_is_valid);
  g_test_add_func ("/schemas/deck/accepts-foreign-elements", test_deck_keeps_foreign_elements);
  g_test_add_func ("/schemas/deck/accepts-tags", test_deck_tags_are_valid);
  g_test_add_func ("/schemas/deck/cover", test_deck_cover_is_valid);
  g_test_add_func ("/schemas/deck/rejects-missing-game", test_deck_rejects_missing_game);
  g_test_add_func ("/schemas/deck/rejects-zero-count", test_deck_rejects_zero_count);
  g_test_add_func ("/schemas/deck/rejects-unknown-element", test_deck_rejects_unknown_element);
  g_test_add_func ("/schemas/deck/rejects-other-namespace", test_deck_rejects_wrong_namespace);
  g_test_add_func ("/schemas/deck/rejects-section-without-id", test_deck_rejects_section_without_id);

  g_test_add_func ("/schemas/carddb/accepts-every-cost-form", test_carddb_costs_are_valid);
  g_test_add_func ("/schemas/carddb/rejects-bad-cost", test_carddb_rejects_bad_cost);
  g_test_add_func ("/schemas/carddb/rejects-card-without-name", test_carddb_rejects_card_without_name);
  g_test_add_func ("/schemas/carddb/rejects-card-without-id", test_carddb_rejects_card_without_id);
  g_test_add_func ("/schemas/carddb/rejects-non-integer-stat", test_carddb_rejects_non_integer_stat);
  g_test_add_func ("/schemas/carddb/rejects-bad-token-flag", test_carddb_rejects_bad_token_flag);
  g_test_add_func ("/schemas/carddb/rejects-bad-ability", test_carddb_rejects_bad_ability);
  g_test_add_func ("/schemas/carddb/rejects-unknown-element", test_carddb_rejects_unknown_element);
  g_test_add_func ("/schemas/carddb/accepts-foreign-elements", test_carddb_keeps_foreign_elements);

  g_test_add_func ("/schemas/game/table-rules", test_game_table_rules);
  g_test_add_func ("/schemas/game/accepts-house-formats-file", test_game_house_format_is_valid);
  g_test_add_func ("/schemas/game/rejects-formats-without-game", test_game_rejects_formats_without_game);
  g_test_add_func ("/schemas/game/rejects-empty-formats-file", test_game_rejects_empty_formats);
  g_test_add_func ("/schemas/game/rejects-bad-copy-match", test_game_rejects_bad_copy_match);
  g_test_add_func ("/schemas/game/rejects-zero-copy-limit", test_game_rejects_zero_copy_limit);
  g_test_add_func ("/schemas/game/rejects-negative-section-size", test_game_rejects_negative_section_size);
  g_test_add_func ("/schemas/game/rejects-unknown-rule", test_game_rejects_unknown_rule);
  g_test_add_func ("/schemas/game/rejects-empty-ban-list", test_game_rejects_empty_ban_list);
  g_test_add_func ("/schemas/game/rejects-listed-card-without-id-or-name",
                   test_game_rejects_listed_card_without_id_or_name);
  g_test_add_func ("/schemas/game/rejects-limit-on-banned-card", test_game_rejects_limit_on_banned_card);
  g_test_add_func ("/schemas/game/rejects-format-without-id", test_game_rejects_format_without_id);
  g_test_add_func ("/schemas/game/rejects-game-without-sections", test_game_rejects_game_without_sections);

  status = g_test_run ();
  xmlCleanupParser ();
  return status;
}
