/* test-card-db.c — card databases: loading, checking, keeping, saving
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <string.h>

#include "dw-card-db.h"
#include "dw-validate.h"
#include "dw-test-util.h"

static DwGame *
lookup_game_cb (const char *game_id,
                gpointer    user_data)
{
  return dw_library_lookup_game (DW_LIBRARY (user_data), game_id);
}

static DwCardDb *
load_string (DwLibrary   *library,
             const char  *xml,
             GError     **error)
{
  return dw_card_db_load_data (xml, strlen (xml), "t.xml", lookup_game_cb, library, error);
}

/* Loading @xml must fail with @domain/@code at "t.xml:@line:@column: "
 * and a message holding @fragment; nothing is returned. */
static void
assert_load_error (const char *xml,
                   GQuark      domain,
                   int         code,
                   guint       line,
                   guint       column,
                   const char *fragment)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *prefix = g_strdup_printf ("t.xml:%u:%u: ", line, column);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = load_string (library, xml, &error);

  g_assert_null (db);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_error (error, domain, code);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, fragment));
}

/* Issue 20, B8: a card that breaks the game's definition is left out and
 * the rest of the file loads.  The first card left out must be the one
 * wrong at "t.xml:@line:@column: ", its error @domain/@code holding
 * @fragment. */
static void
assert_card_skipped (const char *xml,
                     GQuark      domain,
                     int         code,
                     guint       line,
                     guint       column,
                     const char *fragment)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *prefix = g_strdup_printf ("t.xml:%u:%u: ", line, column);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = load_string (library, xml, &error);
  GPtrArray *skipped;
  const GError *first;

  g_assert_no_error (error);
  g_assert_nonnull (db);
  skipped = dw_card_db_get_skipped (db);
  g_assert_cmpuint (skipped->len, >=, 1);
  first = g_ptr_array_index (skipped, 0);
  g_test_message ("%s", first->message);
  g_assert_error (first, domain, code);
  g_assert_true (g_str_has_prefix (first->message, prefix));
  g_assert_nonnull (strstr (first->message, fragment));
}

static void
assert_cards_equal (DwCard *a,
                    DwCard *b)
{
  g_assert_cmpstr (dw_card_get_id (a), ==, dw_card_get_id (b));
  g_assert_cmpstr (dw_card_get_name (a), ==, dw_card_get_name (b));
  g_assert_cmpstr (dw_card_get_card_type (a), ==, dw_card_get_card_type (b));
  g_assert_cmpstr (dw_card_get_set_id (a), ==, dw_card_get_set_id (b));
  g_assert_cmpuint (dw_card_get_revision (a), ==, dw_card_get_revision (b));
  g_assert_cmpint (dw_card_is_token (a), ==, dw_card_is_token (b));
  g_assert_true (g_strv_equal ((const char * const *) dw_card_get_extra_attributes (a),
                               (const char * const *) dw_card_get_extra_attributes (b)));
  g_assert_cmpuint (dw_card_get_n_fields (a), ==, dw_card_get_n_fields (b));
  for (guint i = 0; i < dw_card_get_n_fields (a); i++)
    {
      const DwCardField *fa = dw_card_get_field (a, i);
      const DwCardField *fb = dw_card_get_field (b, i);

      g_assert_true (fa->name == fb->name);
      g_assert_cmpstr (fa->value, ==, fb->value);
      g_assert_true ((fa->node == NULL) == (fb->node == NULL));
      if (fa->node != NULL)
        g_assert_true (dw_xml_node_equal (fa->node, fb->node));
    }
}

static void
assert_dbs_equal (DwCardDb *a,
                  DwCardDb *b)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (a));

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (b)), ==, n);
  g_assert_true (dw_card_db_get_game (a) == dw_card_db_get_game (b));
  g_assert_cmpstr (dw_card_db_get_title (a), ==, dw_card_db_get_title (b));
  g_assert_cmpstr (dw_card_db_get_license (a), ==, dw_card_db_get_license (b));
  g_assert_cmpuint (dw_card_db_get_n_sets (a), ==, dw_card_db_get_n_sets (b));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwCard) ca = g_list_model_get_item (G_LIST_MODEL (a), i);
      g_autoptr(DwCard) cb = g_list_model_get_item (G_LIST_MODEL (b), i);

      assert_cards_equal (ca, cb);
    }
}

static void
assert_shipped_round_trip (const char *file)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *path = dw_test_data_path ("cards", file, NULL);
  g_autofree char *original = dw_test_read_file (path);
  g_autofree char *saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = dw_card_db_load (path, lookup_game_cb, library, &error);

  g_assert_no_error (error);
  g_assert_nonnull (db);
  g_assert_cmpstr (dw_card_db_get_path (db), ==, path);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (db)), >, 50);

  saved = dw_card_db_to_string (db);
  g_assert_cmpstr (saved, ==, original);
}

static void
test_shipped_arcmage_round_trips_byte_identical (void)
{
  assert_shipped_round_trip ("arcmage-core.xml");
}

static void
test_shipped_coraabia_round_trips_byte_identical (void)
{
  assert_shipped_round_trip ("coraabia-basic.xml");
}

static void
test_list_model_holds_cards_in_file_order (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *path = dw_test_data_path ("cards", "arcmage-core.xml", NULL);
  g_autofree char *text = dw_test_read_file (path);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = dw_card_db_load (path, lookup_game_cb, library, &error);
  GListModel *model = G_LIST_MODEL (db);
  const DwCardSet *set;

  g_assert_no_error (error);

  /* The ids as the file lists them. */
  for (const char *p = strstr (text, "<card id=\""); p != NULL; p = strstr (p + 1, "<card id=\""))
    {
      const char *start = p + strlen ("<card id=\"");
      g_ptr_array_add (ids, g_strndup (start, strchr (start, '"') - start));
    }

  g_assert_true (g_list_model_get_item_type (model) == DW_TYPE_CARD);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, ids->len);
  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(DwCard) card = g_list_model_get_item (model, i);

      g_assert_true (DW_IS_CARD (card));
      g_assert_cmpstr (dw_card_get_id (card), ==, g_ptr_array_index (ids, i));
      g_assert_cmpstr (dw_card_get_game_id (card), ==, "arcmage");
      g_assert_true (dw_card_db_lookup_id (db, dw_card_get_id (card)) == card);
    }
  g_assert_null (g_list_model_get_item (model, ids->len));

  {
    g_autoptr(DwCard) first = g_list_model_get_item (model, 0);

    g_assert_cmpstr (dw_card_get_id (first), ==, "arc-0001");
    g_assert_cmpstr (dw_card_get_name (first), ==, "Thornwood Scout");
    g_assert_cmpstr (dw_card_get_card_type (first), ==, "Creature");
    g_assert_cmpstr (dw_card_get_set_id (first), ==, "core");
    g_assert_cmpstr (dw_card_get_value (first, "faction"), ==, "Gaian");
    g_assert_cmpstr (dw_card_get_value (first, "subtype"), ==, "Elf Scout");
    g_assert_cmpstr (dw_card_get_value (first, "name"), ==, "Thornwood Scout");
    g_assert_cmpstr (dw_card_get_value (first, "type"), ==, "Creature");
    g_assert_null (dw_card_get_value (first, "hp"));
    g_assert_cmpuint (dw_card_get_line (first), ==, 9);
  }

  g_assert_cmpstr (dw_card_db_get_title (db), ==, "Deckwright Arcmage Core");
  g_assert_cmpstr (dw_card_db_get_license (db), ==, "CC-BY-SA-4.0");
  g_assert_cmpuint (dw_card_db_get_n_sets (db), ==, 1);
  set = dw_card_db_get_set (db, 0);
  g_assert_cmpstr (set->id, ==, "core");
  g_assert_cmpstr (set->name, ==, "The Sundered Crowns");
  g_assert_cmpstr (set->released, ==, "2026-11-21");
}

static void
test_lookup_by_id_and_by_name (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *path = dw_test_data_path ("cards", "arcmage-core.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = dw_card_db_load (path, lookup_game_cb, library, &error);
  DwCard *scout;
  gint64 attack = 0;

  g_assert_no_error (error);

  scout = dw_card_db_lookup_id (db, "arc-0001");
  g_assert_nonnull (scout);
  g_assert_cmpstr (dw_card_get_name (scout), ==, "Thornwood Scout");
  g_assert_true (dw_card_get_int (scout, "attack", &attack));
  g_assert_cmpint (attack, ==, 2);
  g_assert_false (dw_card_get_int (scout, "text", &attack));

  g_assert_true (dw_card_db_lookup_name (db, "Thornwood Scout") == scout);
  g_assert_true (dw_card_db_lookup_name (db, "thornwood scout") == scout);
  g_assert_true (dw_card_db_lookup_name (db, "THORNWOOD SCOUT") == scout);
  g_assert_true (dw_card_db_lookup_name (db, "  Thornwood Scout ") == scout);

  g_assert_null (dw_card_db_lookup_id (db, "ARC-0001"));
  g_assert_null (dw_card_db_lookup_id (db, "arc-9999"));
  g_assert_null (dw_card_db_lookup_id (db, NULL));
  g_assert_null (dw_card_db_lookup_name (db, "Thornwood"));
  g_assert_null (dw_card_db_lookup_name (db, NULL));
}

#define KEEPS_EVERYTHING \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<carddb xmlns=\"urn:deckwright:carddb:1\" xmlns:x=\"urn:example:x\" game=\"arcmage\" x:origin=\"test\">\n" \
  "  <info>\n" \
  "    <name>Test cards</name>\n" \
  "    <license>CC0-1.0</license>\n" \
  "    <maintainer>someone</maintainer>\n" \
  "  </info>\n" \
  "  <!-- a comment between items -->\n" \
  "  <set id=\"t1\" name=\"Test One\" released=\"2026-01-01\"/>\n" \
  "  <future-thing kind=\"a\"><part n=\"1\">one</part><!-- inside --></future-thing>\n" \
  "  <x:annotation x:level=\"2\"><x:note>kept &amp; sound</x:note></x:annotation>\n" \
  "  <card id=\"t-0001\" set=\"t1\" x:rating=\"5\" data-extra=\"a &amp; b &quot;c&quot;\">\n" \
  "    <name>First &amp; Foremost</name>\n" \
  "    <type>Creature</type>\n" \
  "    <faction>Gaian</faction>\n" \
  "    <cost>X+2</cost>\n" \
  "    <rarity>Mythic</rarity>\n" \
  "    <!-- a comment inside a card -->\n" \
  "    <x:foil x:style=\"holo\">yes<x:sparkle/></x:foil>\n" \
  "    <x:plain>text</x:plain>\n" \
  "    <text>Line one\n" \
  "Line two &lt;with tags&gt;</text>\n" \
  "  </card>\n" \
  "  <card id=\"t-0002\">\n" \
  "    <name>Second</name>\n" \
  "    <type>Event</type>\n" \
  "  </card>\n" \
  "</carddb>\n"

static void
test_unknown_content_survives_load_save_load (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = load_string (library, KEEPS_EVERYTHING, &error);
  g_autoptr(DwCardDb) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;
  g_autoptr(DwCard) card = NULL;
  const DwCardField *field;
  char **extra;

  g_assert_no_error (error);
  g_assert_nonnull (db);

  saved = dw_card_db_to_string (db);
  g_assert_cmpstr (saved, ==, KEEPS_EVERYTHING);

  again = load_string (library, saved, &error);
  g_assert_no_error (error);
  saved_again = dw_card_db_to_string (again);
  g_assert_cmpstr (saved_again, ==, saved);
  assert_dbs_equal (db, again);

  /* What the model makes of it. */
  g_assert_cmpstr (dw_card_db_get_title (db), ==, "Test cards");
  g_assert_cmpstr (dw_card_db_get_license (db), ==, "CC0-1.0");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (db)), ==, 2);

  card = g_list_model_get_item (G_LIST_MODEL (db), 0);
  g_assert_cmpstr (dw_card_get_name (card), ==, "First & Foremost");
  g_assert_cmpstr (dw_card_get_value (card, "cost"), ==, "X+2");
  /* An element of our namespace the game does not declare is a value. */
  g_assert_cmpstr (dw_card_get_value (card, "rarity"), ==, "Mythic");
  g_assert_cmpstr (dw_card_get_value (card, "text"), ==, "Line one\nLine two <with tags>");
  g_assert_cmpstr (dw_card_get_value (card, "x:foil"), ==, "yes");

  extra = dw_card_get_extra_attributes (card);
  g_assert_cmpuint (g_strv_length (extra), ==, 4);
  g_assert_cmpstr (extra[0], ==, "x:rating");
  g_assert_cmpstr (extra[1], ==, "5");
  g_assert_cmpstr (extra[2], ==, "data-extra");
  g_assert_cmpstr (extra[3], ==, "a & b \"c\"");

  g_assert_cmpuint (dw_card_get_n_fields (card), ==, 7);
  field = dw_card_get_field (card, 3);
  g_assert_nonnull (field->node);
  g_assert_cmpint (field->node->kind, ==, DW_XML_NODE_COMMENT);
  g_assert_cmpstr (field->node->text, ==, " a comment inside a card ");
  field = dw_card_get_field (card, 4);
  g_assert_cmpstr (field->name, ==, "x:foil");
  g_assert_nonnull (field->node);
  g_assert_true (field->node->ns == g_intern_string ("urn:example:x"));
  g_assert_cmpstr (dw_xml_node_get_attribute (field->node, "x:style"), ==, "holo");
  field = dw_card_get_field (card, 5);
  g_assert_cmpstr (field->name, ==, "x:plain");
  g_assert_nonnull (field->node);
}

static void
test_comment_before_name_is_kept (void)
{
  const char *xml =
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
    "  <card id=\"t-0001\">\n"
    "    <!-- first -->\n"
    "    <name>Alpha</name>\n"
    "    <type>Creature</type>\n"
    "  </card>\n"
    "</carddb>\n";
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = load_string (library, xml, &error);
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  saved = dw_card_db_to_string (db);
  /* Name and type always lead; the comment follows them. */
  g_assert_nonnull (strstr (saved, "    <type>Creature</type>\n    <!-- first -->\n  </card>\n"));
}

static void
test_tokens_and_revisions_are_read_and_written (void)
{
  const char *xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
    "  <card id=\"t-0001\">\n"
    "    <name>Plain</name>\n"
    "    <type>Creature</type>\n"
    "  </card>\n"
    "  <card id=\"t-0002\" revision=\"2\" token=\"true\">\n"
    "    <name>Sapling</name>\n"
    "    <type>Creature</type>\n"
    "  </card>\n"
    "  <card id=\"t-0003\" token=\"false\" revision=\"1\">\n"
    "    <name>Explicit</name>\n"
    "    <type>Event</type>\n"
    "  </card>\n"
    "</carddb>\n";
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = load_string (library, xml, &error);
  g_autofree char *saved = NULL;
  DwCard *card;

  g_assert_no_error (error);

  card = dw_card_db_lookup_id (db, "t-0001");
  g_assert_cmpuint (dw_card_get_revision (card), ==, 1);
  g_assert_false (dw_card_is_token (card));
  g_assert_null (dw_card_get_set_id (card));

  card = dw_card_db_lookup_id (db, "t-0002");
  g_assert_cmpuint (dw_card_get_revision (card), ==, 2);
  g_assert_true (dw_card_is_token (card));
  g_assert_cmpuint (dw_card_get_line (card), ==, 7);

  card = dw_card_db_lookup_id (db, "t-0003");
  g_assert_cmpuint (dw_card_get_revision (card), ==, 1);
  g_assert_false (dw_card_is_token (card));

  /* Defaults are not written out; the rest is. */
  saved = dw_card_db_to_string (db);
  g_assert_nonnull (strstr (saved, "  <card id=\"t-0001\">\n"));
  g_assert_nonnull (strstr (saved, "  <card id=\"t-0002\" revision=\"2\" token=\"true\">\n"));
  g_assert_nonnull (strstr (saved, "  <card id=\"t-0003\">\n"));
}

static void
test_shipped_tokens_are_marked (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *path = dw_test_data_path ("cards", "arcmage-core.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = dw_card_db_load (path, lookup_game_cb, library, &error);

  g_assert_no_error (error);
  g_assert_true (dw_card_is_token (dw_card_db_lookup_id (db, "arc-t001")));
  g_assert_true (dw_card_is_token (dw_card_db_lookup_id (db, "arc-t005")));
  g_assert_false (dw_card_is_token (dw_card_db_lookup_id (db, "arc-0001")));
}

static void
test_root_must_be_carddb_in_our_namespace (void)
{
  assert_load_error ("<?xml version=\"1.0\"?>\n"
                     "<carddb xmlns=\"urn:deckwright:carddb:2\" game=\"arcmage\"/>\n",
                     DW_XML_ERROR, DW_XML_ERROR_INVALID, 2, 1,
                     "the root element is in the namespace “urn:deckwright:carddb:2”; "
                     "expected “urn:deckwright:carddb:1”");
  assert_load_error ("<?xml version=\"1.0\"?>\n"
                     "<carddb game=\"arcmage\"/>\n",
                     DW_XML_ERROR, DW_XML_ERROR_INVALID, 2, 1, "namespace “(none)”");
  assert_load_error ("<?xml version=\"1.0\"?>\n"
                     "\n"
                     "  <cards xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\"/>\n",
                     DW_XML_ERROR, DW_XML_ERROR_INVALID, 3, 3,
                     "the root element is <cards>; expected <carddb>");
}

static void
test_unknown_game_is_refused (void)
{
  assert_load_error ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"chess\">\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_UNKNOWN_GAME, 1, 1,
                     "the cards are for the game “chess”, which Deckwright does not know");
  assert_load_error ("<carddb xmlns=\"urn:deckwright:carddb:1\">\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING, 1, 1,
                     "<carddb> needs a “game” attribute");
}

static void
test_duplicate_id_names_the_first_line (void)
{
  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"a-1\">\n"
                     "    <name>Alpha</name>\n"
                     "    <type>Creature</type>\n"
                     "  </card>\n"
                     "  <card id=\"a-2\">\n"
                     "    <name>Beta</name>\n"
                     "    <type>Event</type>\n"
                     "  </card>\n"
                     "    <card id=\"a-1\">\n"
                     "    <name>Gamma</name>\n"
                     "    <type>Event</type>\n"
                     "  </card>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_DUPLICATE_ID, 10, 5,
                     "the id “a-1” is used twice (first by “Alpha” on line 2)");
}

static void
test_card_needs_id_name_and_type (void)
{
  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card>\n"
                     "    <name>Alpha</name>\n"
                     "    <type>Creature</type>\n"
                     "  </card>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING, 2, 3,
                     "a <card> needs an “id” attribute");
  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"a-1\">\n"
                     "    <type>Creature</type>\n"
                     "  </card>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING, 2, 3,
                     "the card “a-1” has no <name>");
  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"a-1\">\n"
                     "    <name>  </name>\n"
                     "    <type>Creature</type>\n"
                     "  </card>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING, 2, 3,
                     "the card “a-1” has no <name>");
  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"a-1\"/>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING, 2, 3,
                     "the card “a-1” has no <name>");
  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"a-1\">\n"
                     "    <name>Alpha</name>\n"
                     "    <faction>Gaian</faction>\n"
                     "  </card>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING, 2, 3,
                     "the card “Alpha” (a-1) has no <type>");
  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"a-1\">\n"
                     "    <name>Alpha</name>\n"
                     "    <name>Beta</name>\n"
                     "    <type>Creature</type>\n"
                     "  </card>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE, 4, 5,
                     "the card “a-1” has two <name> elements");
}

static void
test_unknown_type_is_refused (void)
{
  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"a-1\">\n"
                     "    <name>Alpha</name>\n"
                     "    <type>Wizard</type>\n"
                     "  </card>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE, 2, 3,
                     "“Alpha” is of type “Wizard”, which Arcmage does not have; use one of "
                     "Creature, Event, Magic, Spell, Enchantment, Equipment, Region, City");
}

static void
test_property_values_are_checked (void)
{
  const struct { const char *element; const char *fragment; } cases[] = {
    { "<attack>two</attack>", "ATK must be a whole number, not “two”" },
    { "<loyalty>5</loyalty>", "Loyalty must be from 0 to 3, not 5" },
    { "<faction>Blue</faction>", "Faction must be one of Gaian, Dark Legion, Red Banner, "
                                 "House of Nobles, The Empire, None, not “Blue”" },
    { "<cost>7Q</cost>", "Cost must be a number, X, X+n, T, T-n or S, not “7Q”" },
    { "<copies>0</copies>", "Copies allowed must be at least 1, not 0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *xml = g_strconcat ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                                          "  <card id=\"a-1\">\n"
                                          "    <name>Alpha</name>\n"
                                          "    <type>Creature</type>\n"
                                          "    <text>fine</text>\n"
                                          "      ", cases[i].element, "\n"
                                          "  </card>\n"
                                          "</carddb>\n", NULL);

      assert_card_skipped (xml, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE, 6, 7, cases[i].fragment);
    }
}

static void
test_property_given_twice_is_refused (void)
{
  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"a-1\">\n"
                     "    <name>Alpha</name>\n"
                     "    <type>Creature</type>\n"
                     "    <attack>1</attack>\n"
                     "    <defence>1</defence>\n"
                     "    <attack>2</attack>\n"
                     "  </card>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE, 7, 5,
                     "has two <attack> elements; a card holds one ATK");
}

static void
test_required_property_is_enforced (void)
{
  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"r-1\">\n"
                     "    <name>Mosshollow</name>\n"
                     "    <type>Region</type>\n"
                     "    <faction>Gaian</faction>\n"
                     "    <hp>5</hp>\n"
                     "  </card>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING, 2, 3,
                     "“Mosshollow” is a Region and needs a <position> (Position)");
}

/* A card of a set no <set> defines is left out like any bad card (issue
 * 20, B8), at its own line, and the cards around it are kept, in every
 * list and index the database has. */
static void
test_b8_card_of_an_undefined_set_is_skipped (void)
{
  static const char xml[] =
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
    "  <set id=\"core\"/>\n"
    "  <card id=\"a-1\" set=\"core\">\n"
    "    <name>Alpha</name>\n"
    "    <type>Creature</type>\n"
    "  </card>\n"
    "  <card id=\"a-2\" set=\"promo\">\n"
    "    <name>Beta</name>\n"
    "    <type>Creature</type>\n"
    "  </card>\n"
    "  <card id=\"a-3\" set=\"core\">\n"
    "    <name>Gamma</name>\n"
    "    <type>Creature</type>\n"
    "  </card>\n"
    "</carddb>\n";
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;
  g_autoptr(DwCard) first = NULL;
  g_autoptr(DwCard) second = NULL;
  guint n_cards = 0;

  assert_card_skipped (xml, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING, 7, 3,
                       "“Beta” belongs to the set “promo”, which no <set> defines");
  db = load_string (library, xml, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dw_card_db_get_skipped (db)->len, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (db)), ==, 2);
  first = g_list_model_get_item (G_LIST_MODEL (db), 0);
  second = g_list_model_get_item (G_LIST_MODEL (db), 1);
  g_assert_cmpstr (dw_card_get_name (first), ==, "Alpha");
  g_assert_cmpstr (dw_card_get_name (second), ==, "Gamma");
  dw_card_db_peek_cards (db, &n_cards);
  g_assert_cmpuint (n_cards, ==, 2);
  g_assert_null (dw_card_db_lookup_id (db, "a-2"));
  g_assert_nonnull (dw_card_db_lookup_id (db, "a-3"));
}

static void
test_set_defined_after_its_cards_is_fine (void)
{
  const char *xml =
    "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
    "  <card id=\"a-1\" set=\"late\">\n"
    "    <name>Alpha</name>\n"
    "    <type>Creature</type>\n"
    "  </card>\n"
    "  <set id=\"late\" name=\"Late\"/>\n"
    "</carddb>\n";
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = load_string (library, xml, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (dw_card_get_set_id (dw_card_db_lookup_id (db, "a-1")), ==, "late");
  g_assert_cmpstr (dw_card_db_get_set (db, 0)->name, ==, "Late");

  assert_load_error ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <set id=\"core\"/>\n"
                     "  <set id=\"core\"/>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_DUPLICATE_ID, 3, 3,
                     "the set “core” is defined twice");
  assert_load_error ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <set name=\"No id\"/>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING, 2, 3,
                     "a <set> needs an “id” attribute");
}

static void
test_bad_revision_and_token_are_refused (void)
{
  const char *revisions[] = { "0", "two", "-1", "1.5", "" };

  for (guint i = 0; i < G_N_ELEMENTS (revisions); i++)
    {
      g_autofree char *xml = g_strdup_printf ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                                              "  <card id=\"a-1\" revision=\"%s\">\n"
                                              "    <name>Alpha</name>\n"
                                              "    <type>Creature</type>\n"
                                              "  </card>\n"
                                              "</carddb>\n", revisions[i]);
      g_autofree char *fragment = g_strdup_printf ("the revision of “a-1” must be a whole number from 1, "
                                                   "not “%s”", revisions[i]);

      assert_card_skipped (xml, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE, 2, 3, fragment);
    }

  assert_card_skipped ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"a-1\" token=\"yes\">\n"
                     "    <name>Alpha</name>\n"
                     "    <type>Creature</type>\n"
                     "  </card>\n"
                     "</carddb>\n",
                     DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE, 2, 3,
                     "token must be “true” or “false”, not “yes”");
}

static void
test_hostile_xml_is_refused (void)
{
  assert_load_error ("<!DOCTYPE carddb [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                     "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">"
                     "<card id=\"a-1\"><name>&x;</name><type>Creature</type></card></carddb>",
                     DW_XML_ERROR, DW_XML_ERROR_FORBIDDEN, 1, 1,
                     "document type declarations are not allowed");
  assert_load_error ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                     "  <card id=\"a-1\">\n"
                     "    <name>Alpha</name>\n"
                     "    <type>Creature</type>\n"
                     "  </card>\n"
                     "  <card id=\"a-2\">\n"
                     "    <name>Be",
                     DW_XML_ERROR, DW_XML_ERROR_MALFORMED, 7, 13, "");
}

/* Issue 20, B8: one bad card in a database is left out, the rest load,
 * the library says which card and how many, and the file is never saved
 * over with the card lost. */
static void
test_b8_bad_card_is_skipped_and_the_rest_kept (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *path = dw_test_data_path ("cards", "arcmage-core.xml", NULL);
  g_autofree char *text = dw_test_read_file (path);
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *copy = NULL;
  g_autofree char *broken = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) whole = NULL;
  g_autoptr(DwLibrary) other = NULL;
  DwCardDb *db;
  GPtrArray *errors;
  char *end = strstr (text, "</carddb>");
  guint n;

  whole = load_string (library, text, &error);
  g_assert_no_error (error);
  n = g_list_model_get_n_items (G_LIST_MODEL (whole));

  /* The whole shipped database, with two bad cards at its end: an id
   * used before, and a cost the game does not allow. */
  g_assert_nonnull (end);
  *end = '\0';
  broken = g_strconcat (text,
                        "  <card id=\"arc-0001\">\n"
                        "    <name>Again</name>\n"
                        "    <type>Creature</type>\n"
                        "  </card>\n"
                        "  <card id=\"b8-new\">\n"
                        "    <name>Costly</name>\n"
                        "    <type>Event</type>\n"
                        "    <faction>Gaian</faction>\n"
                        "    <cost>lots</cost>\n"
                        "  </card>\n"
                        "</carddb>\n", NULL);
  copy = dw_test_write_file (dir, "broken.xml", broken);

  other = dw_library_new ();
  g_assert_true (dw_library_load_games (other, &error));
  db = dw_library_add_card_db_file (other, copy, &error);
  g_assert_no_error (error);
  g_assert_nonnull (db);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (db)), ==, n);
  g_assert_cmpuint (dw_card_db_get_skipped (db)->len, ==, 2);
  g_assert_error ((GError *) g_ptr_array_index (dw_card_db_get_skipped (db), 0), DW_CARD_DB_ERROR,
                  DW_CARD_DB_ERROR_DUPLICATE_ID);
  g_assert_null (dw_card_db_lookup_id (db, "b8-new"));

  /* What the command line prints as warnings: each card, then how many. */
  errors = dw_library_get_load_errors (other);
  g_assert_cmpuint (errors->len, ==, 3);
  g_assert_true (g_str_has_prefix (((GError *) g_ptr_array_index (errors, 0))->message, copy));
  {
    g_autofree char *summary = g_strconcat (copy, ": 2 cards were left out, the rest are read", NULL);
    g_assert_cmpstr (((GError *) g_ptr_array_index (errors, 2))->message, ==, summary);
  }

  g_assert_false (dw_card_db_save (db, copy, &error));
  g_assert_error (error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE);
  g_clear_error (&error);
  {
    g_autofree char *after = dw_test_read_file (copy);
    g_assert_cmpstr (after, ==, broken);
  }

  dw_test_remove_tree (dir);
}

static void
test_save_writes_atomically_and_reloads_equal (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = dw_test_write_file (dir, "cards.xml", "old contents\n");
  g_autofree char *blocker = dw_test_write_file (dir, "blocker", "x");
  g_autofree char *bad_path = g_build_filename (blocker, "cards.xml", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = load_string (library, KEEPS_EVERYTHING, &error);
  g_autoptr(DwCardDb) again = NULL;

  g_assert_no_error (error);
  g_assert_null (dw_card_db_get_path (db));

  g_assert_true (dw_card_db_save (db, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (dw_card_db_get_path (db), ==, path);

  written = dw_test_read_file (path);
  expected = dw_card_db_to_string (db);
  g_assert_cmpstr (written, ==, expected);
  g_assert_cmpstr (written, ==, KEEPS_EVERYTHING);

  again = dw_card_db_load (path, lookup_game_cb, library, &error);
  g_assert_no_error (error);
  assert_dbs_equal (db, again);

  /* A save that cannot happen says so and changes nothing. */
  g_assert_false (dw_card_db_save (db, bad_path, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
  g_assert_cmpstr (dw_card_db_get_path (db), ==, path);
  g_clear_pointer (&written, g_free);
  written = dw_test_read_file (path);
  g_assert_cmpstr (written, ==, KEEPS_EVERYTHING);

  dw_test_remove_tree (dir);
}

/* The cards of a database keep their texts in the database's arena; a
 * card must stay whole after the database is gone, and a card changed
 * after loading must keep its other values. */
static void
test_card_outlives_its_database_and_can_change (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *path = dw_test_data_path ("cards", "arcmage-core.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = dw_card_db_load (path, lookup_game_cb, library, &error);
  g_autoptr(DwCard) card = NULL;
  g_autoptr(DwCard) other = NULL;
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  guint n_fields;

  g_assert_no_error (error);
  card = g_list_model_get_item (G_LIST_MODEL (db), 0);
  other = g_list_model_get_item (G_LIST_MODEL (db), 1);
  id = g_strdup (dw_card_get_id (card));
  name = g_strdup (dw_card_get_name (card));
  text = g_strdup (dw_card_get_value (card, "text"));
  n_fields = dw_card_get_n_fields (card);
  g_assert_nonnull (text);

  /* A change moves the card's values out of the arena… */
  dw_card_set_value (card, "cost", "7");
  g_clear_object (&db);

  /* …and the card, changed or not, outlives the database. */
  g_assert_cmpstr (dw_card_get_id (card), ==, id);
  g_assert_cmpstr (dw_card_get_name (card), ==, name);
  g_assert_cmpstr (dw_card_get_name_key (card), ==, "thornwood scout");
  g_assert_cmpstr (dw_card_get_value (card, "cost"), ==, "7");
  g_assert_cmpstr (dw_card_get_value (card, "text"), ==, text);
  g_assert_cmpuint (dw_card_get_n_fields (card), ==, n_fields);
  g_assert_cmpstr (dw_card_get_id (other), ==, "arc-0002");
  g_assert_nonnull (dw_card_get_value (other, "text"));

  /* A new property is added after the others. */
  dw_card_set_value (card, "artist", "Someone");
  g_assert_cmpuint (dw_card_get_n_fields (card), ==, n_fields + 1);
  g_assert_cmpstr (dw_card_get_field (card, n_fields)->value, ==, "Someone");
  g_assert_cmpstr (dw_card_get_value (card, "text"), ==, text);
}

/* Sort keys order names as g_utf8_collate() does, ignoring case, are
 * made for a whole database at once, and follow a new name. */
static void
test_sort_keys_follow_collation_and_names (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *path = dw_test_data_path ("cards", "arcmage-core.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = dw_card_db_load (path, lookup_game_cb, library, &error);
  g_autoptr(DwCard) card = NULL;
  g_autoptr(DwCard) lower = dw_card_new ("s-1", "apple", "Creature");
  g_autoptr(DwCard) upper = dw_card_new ("s-2", "Banana", "Creature");
  g_autofree char *before = NULL;
  guint n;
  DwCard * const *cards;

  g_assert_no_error (error);
  dw_card_db_make_sort_keys (db);
  cards = dw_card_db_peek_cards (db, &n);
  for (guint i = 0; i + 1 < n; i++)
    {
      g_autofree char *a = g_utf8_casefold (dw_card_get_name (cards[i]), -1);
      g_autofree char *b = g_utf8_casefold (dw_card_get_name (cards[i + 1]), -1);
      int by_key = strcmp (dw_card_get_sort_key (cards[i]), dw_card_get_sort_key (cards[i + 1]));
      int by_collation = g_utf8_collate (a, b);

      g_assert_cmpint ((by_key > 0) - (by_key < 0), ==, (by_collation > 0) - (by_collation < 0));
    }

  /* Case does not decide. */
  g_assert_cmpint (strcmp (dw_card_get_sort_key (lower), dw_card_get_sort_key (upper)), <, 0);

  /* A new name, a new key. */
  card = g_object_ref (cards[0]);
  before = g_strdup (dw_card_get_sort_key (card));
  dw_card_set_name_and_type (card, "Zzyzx Wanderer", dw_card_get_card_type (card));
  g_assert_cmpstr (dw_card_get_sort_key (card), !=, before);
  g_assert_cmpint (strcmp (dw_card_get_sort_key (card), dw_card_get_sort_key (upper)), >, 0);
}

/* A database much bigger than the reader's chunks, with texts, comments,
 * attributes and entities everywhere, read from a file and from memory,
 * must load into the same cards and save back byte for byte. */
static void
test_large_database_reads_the_same_from_file_and_memory (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                         "<!-- before the root -->\n"
                                         "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n");
  g_autofree char *dir = dw_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "big.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) from_file = NULL;
  g_autoptr(DwCardDb) from_memory = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(DwCard) card = NULL;

  for (guint i = 0; i < 3000; i++)
    {
      g_autofree char *padding = g_strnfill (i % 700, 'x');

      g_string_append_printf (xml, "  <card id=\"c-%u\"%s>\n"
                                   "    <name>Card &amp; Co. %u</name>\n"
                                   "    <type>Creature</type>\n"
                                   "    <faction>Gaian</faction>\n"
                                   "    <cost>%u</cost>\n"
                                   "    <text>Text %u: &lt;%s&gt; &#233;t&#xE9;</text>\n",
                              i, i % 7 == 0 ? " lang=\"en &amp; cs\"" : "", i, i % 5, i, padding);
      if (i % 11 == 0)
        g_string_append_printf (xml, "    <!-- note %u -->\n", i);
      if (i % 13 == 0)
        g_string_append_printf (xml, "    <flavor note=\"a &quot;b&quot;\">said %u</flavor>"
                                     "<x:note xmlns:x=\"urn:example:x\">and <x:em>%u</x:em></x:note>\n", i, i);
      g_string_append (xml, "  </card>\n");
    }
  g_string_append (xml, "</carddb>\n<!-- after the root -->\n");
  g_assert_cmpuint (xml->len, >, 16 * 64 * 1024);
  g_assert_true (g_file_set_contents (path, xml->str, (gssize) xml->len, NULL));

  from_file = dw_card_db_load (path, lookup_game_cb, library, &error);
  g_assert_no_error (error);
  from_memory = dw_card_db_load_data (xml->str, xml->len, "big.xml", lookup_game_cb, library, &error);
  g_assert_no_error (error);
  assert_dbs_equal (from_file, from_memory);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (from_file)), ==, 3000);

  card = g_list_model_get_item (G_LIST_MODEL (from_file), 2002);
  g_assert_cmpstr (dw_card_get_name (card), ==, "Card & Co. 2002");
  g_assert_true (g_str_has_prefix (dw_card_get_value (card, "text"), "Text 2002: <xxx"));
  g_assert_true (g_str_has_suffix (dw_card_get_value (card, "text"), "> été"));
  /* Three lines before the first card; seven for each card before, and
   * one more for each of their notes (every 11th) and flavours (13th). */
  g_assert_cmpuint (dw_card_get_line (card), ==, 3 + 2002 * 7 + (2001 / 11 + 1) + (2001 / 13 + 1) + 1);

  /* Entities come back as the writer writes them; the rest unchanged. */
  saved = dw_card_db_to_string (from_file);
  {
    g_autoptr(DwCardDb) again = dw_card_db_load_data (saved, strlen (saved), "again.xml",
                                                      lookup_game_cb, library, &error);
    g_autofree char *saved_again = NULL;

    g_assert_no_error (error);
    assert_dbs_equal (from_file, again);
    saved_again = dw_card_db_to_string (again);
    g_assert_cmpstr (saved_again, ==, saved);
  }

  dw_test_remove_tree (dir);
}

static void
on_items_changed_cb (GListModel *model,
                     guint       position,
                     guint       removed,
                     guint       added,
                     guint      *log)
{
  log[0]++;
  log[1] = position;
  log[2] = removed;
  log[3] = added;
}

static void
test_add_card_appends_and_refuses_taken_ids (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(DwCardDb) db = dw_card_db_new (game);
  g_autoptr(DwCard) card = dw_card_new ("n-1", "Newcomer", "Creature");
  g_autoptr(DwCard) twin = dw_card_new ("n-1", "Twin", "Creature");
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  guint log[4] = { 0, };

  g_signal_connect (db, "items-changed", G_CALLBACK (on_items_changed_cb), log);
  dw_card_set_value (card, "attack", "3");

  g_assert_true (dw_card_db_add_card (db, card, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (log[0], ==, 1);
  g_assert_cmpuint (log[1], ==, 0);
  g_assert_cmpuint (log[2], ==, 0);
  g_assert_cmpuint (log[3], ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (db)), ==, 1);
  g_assert_true (dw_card_db_lookup_id (db, "n-1") == card);
  g_assert_true (dw_card_db_lookup_name (db, "newcomer") == card);
  g_assert_cmpstr (dw_card_get_game_id (card), ==, "arcmage");

  g_assert_false (dw_card_db_add_card (db, twin, &error));
  g_assert_error (error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_DUPLICATE_ID);
  g_assert_cmpuint (log[0], ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (db)), ==, 1);

  saved = dw_card_db_to_string (db);
  g_assert_cmpstr (saved, ==,
                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                   "  <card id=\"n-1\">\n"
                   "    <name>Newcomer</name>\n"
                   "    <type>Creature</type>\n"
                   "    <attack>3</attack>\n"
                   "  </card>\n"
                   "</carddb>\n");
}

#define ONE_CARD(extra) \
  "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n" \
  "  <card id=\"x-1\">\n" \
  "    <name>Test</name>\n" \
  "    <type>Creature</type>\n" \
  extra \
  "  </card>\n" \
  "</carddb>\n"

/* A value keeps its attributes, and is checked all the same. */
static void
test_value_with_attributes_is_still_checked (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) bad = load_string (library, ONE_CARD ("    <attack why=\"\">two</attack>\n"), &error);
  g_autoptr(DwCardDb) good = NULL;
  g_autofree char *saved = NULL;

  /* The card is left out, and says why. */
  g_assert_no_error (error);
  g_assert_null (dw_card_db_lookup_id (bad, "x-1"));
  g_assert_cmpuint (dw_card_db_get_skipped (bad)->len, ==, 1);
  g_assert_error ((GError *) g_ptr_array_index (dw_card_db_get_skipped (bad), 0),
                  DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE);
  g_assert_true (g_str_has_prefix (((GError *) g_ptr_array_index (dw_card_db_get_skipped (bad), 0))->message,
                                   "t.xml:5:5: "));

  good = load_string (library, ONE_CARD ("    <cost note=\"promo\">3</cost>\n"), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dw_card_get_value (dw_card_db_lookup_id (good, "x-1"), "cost"), ==, "3");
  saved = dw_card_db_to_string (good);
  g_assert_nonnull (strstr (saved, "<cost note=\"promo\">3</cost>"));
}

/* Comments before and after the root element are kept. */
static void
test_comments_outside_root_are_kept (void)
{
  const char *text =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<!-- SPDX-License-Identifier: CC-BY-SA-4.0 -->\n"
    ONE_CARD ("")
    "<!-- the end -->\n";
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = load_string (library, text, &error);
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  saved = dw_card_db_to_string (db);
  g_assert_cmpstr (saved, ==, text);
}

/* Anything after the root element is read and refused, not ignored. */
static void
test_content_after_root_is_refused (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = load_string (library, ONE_CARD ("") "<junk/>\n", &error);

  g_assert_null (db);
  g_assert_error (error, DW_XML_ERROR, DW_XML_ERROR_MALFORMED);
  g_assert_true (g_str_has_prefix (error->message, "t.xml:7:"));
}

/* The text of @element as a card keeps a plain value: stripped. */
static char *
element_value (xmlNode *element)
{
  g_autofree char *text = (char *) xmlNodeGetContent (element);

  return g_strdup (g_strstrip (text ? text : (char *) ""));
}

/* Every property of every card of @file, as GLib's own reading of the
 * file with libxml2's tree (no scratch, no arena) gives it. */
static void
assert_fields_match_second_read (DwLibrary  *library,
                                 const char *file)
{
  g_autofree char *path = dw_test_data_path ("cards", file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = dw_card_db_load (path, lookup_game_cb, library, &error);
  g_autofree char *contents = dw_test_read_file (path);
  /* From memory: Deckwright's reader lets libxml2 load no file itself. */
  xmlDoc *doc = xmlReadMemory (contents, (int) strlen (contents), path, NULL, XML_PARSE_NONET);
  guint n_cards = 0;

  g_assert_no_error (error);
  g_assert_nonnull (doc);
  for (xmlNode *card_node = xmlDocGetRootElement (doc)->children; card_node; card_node = card_node->next)
    {
      g_autofree char *id = NULL;
      DwCard *card;
      guint f = 0;

      if (card_node->type != XML_ELEMENT_NODE || strcmp ((const char *) card_node->name, "card") != 0)
        continue;
      id = (char *) xmlGetProp (card_node, (const xmlChar *) "id");
      card = dw_card_db_lookup_id (db, id);
      g_assert_nonnull (card);
      n_cards++;

      for (xmlNode *child = card_node->children; child; child = child->next)
        {
          const char *local = (const char *) child->name;
          const DwCardField *field;
          g_autofree char *expected = NULL;

          if (child->type != XML_ELEMENT_NODE && child->type != XML_COMMENT_NODE)
            continue;
          if (child->type == XML_ELEMENT_NODE && (strcmp (local, "name") == 0 || strcmp (local, "type") == 0))
            {
              g_autofree char *value = element_value (child);

              g_assert_cmpstr (strcmp (local, "name") == 0 ? dw_card_get_name (card)
                                                           : dw_card_get_card_type (card), ==, value);
              continue;
            }

          g_assert_cmpuint (f, <, dw_card_get_n_fields (card));
          field = dw_card_get_field (card, f++);
          g_assert_nonnull (field->value);
          if (child->type == XML_COMMENT_NODE)
            {
              g_assert_nonnull (field->node);
              continue;
            }
          g_assert_cmpstr (field->name, ==, local);
          if (field->node == NULL)
            {
              expected = element_value (child);
              g_assert_cmpstr (field->value, ==, expected);
              g_assert_cmpstr (dw_card_get_value (card, local), ==, expected);
            }
        }
      g_assert_cmpuint (f, ==, dw_card_get_n_fields (card));
    }
  xmlFreeDoc (doc);
  g_assert_cmpuint (n_cards, ==, g_list_model_get_n_items (G_LIST_MODEL (db)));
}

/* Issue 20, B11: a card's fields were made from a scratch array emptied
 * before the card copied them, so with GLib clearing what an array lets
 * go (G_DEBUG=gc-friendly) every card lost its properties, the shipped
 * Green Wall turned illegal and an illegal Coraabia deck legal.  The test
 * turns the clearing on itself, so it does not depend on the environment
 * it runs in. */
static void
test_b11_fields_survive_scratch_reuse (void)
{
  gboolean was = g_mem_gc_friendly;
  g_autoptr(DwLibrary) library = NULL;

  g_mem_gc_friendly = TRUE;
  library = dw_test_library ();

  assert_fields_match_second_read (library, "arcmage-core.xml");
  assert_fields_match_second_read (library, "coraabia-basic.xml");

  {
    g_autoptr(DwDeck) green_wall = dw_test_load_deck (library, "orc-green-wall.xml");
    g_autoptr(DwDeck) influence = dw_test_load_deck (library, "coraabia-illegal-influence.xml");
    g_autoptr(GPtrArray) fine = dw_library_validate_deck (library, green_wall,
                                                          dw_library_format_for_deck (library, green_wall, NULL, NULL));
    g_autoptr(GPtrArray) over = dw_library_validate_deck (library, influence,
                                                          dw_library_format_for_deck (library, influence, NULL, NULL));

    for (guint i = 0; i < fine->len; i++)
      g_test_message ("%s", dw_problem_get_message (g_ptr_array_index (fine, i)));
    g_assert_true (dw_problems_legal (fine));
    g_assert_false (dw_problems_legal (over));
  }

  g_mem_gc_friendly = was;
}

/* Issue 20, B3: a card named with 100,000 characters made a registration
 * sheet take 110 s.  A name has at most DW_MAX_NAME_LENGTH characters,
 * counted as characters, and a longer one is refused at its card. */
#define CARD_NAMED(name) \
  g_strconcat ("<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n" \
               "  <card id=\"a-1\">\n    <name>", name, "</name>\n    <type>Event</type>\n" \
               "    <faction>Gaian</faction>\n    <cost>1</cost>\n  </card>\n</carddb>\n", NULL)

static void
test_b3_long_card_name_is_refused (void)
{
  g_autoptr(DwLibrary) library = dw_test_library ();
  g_autofree char *at_limit = g_strnfill (DW_MAX_NAME_LENGTH, 'w');
  g_autofree char *huge = g_strnfill (100000, 'w');
  g_autofree char *xml = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DwCardDb) db = NULL;

  xml = CARD_NAMED (at_limit);
  db = load_string (library, xml, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dw_card_get_name (dw_card_db_lookup_id (db, "a-1")), ==, at_limit);
  g_free (xml);

  xml = CARD_NAMED (huge);
  assert_card_skipped (xml, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE, 2, 3,
                     "The card’s name is 100000 characters long; a name has at most 200 (a-1)");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/card-db/shipped-arcmage-round-trips-byte-identical", test_shipped_arcmage_round_trips_byte_identical);
  g_test_add_func ("/card-db/shipped-coraabia-round-trips-byte-identical", test_shipped_coraabia_round_trips_byte_identical);
  g_test_add_func ("/card-db/list-model-holds-cards-in-file-order", test_list_model_holds_cards_in_file_order);
  g_test_add_func ("/card-db/lookup-by-id-and-by-name-ignoring-case", test_lookup_by_id_and_by_name);
  g_test_add_func ("/card-db/unknown-content-survives-load-save-load", test_unknown_content_survives_load_save_load);
  g_test_add_func ("/card-db/comment-before-name-is-kept", test_comment_before_name_is_kept);
  g_test_add_func ("/card-db/tokens-and-revisions-are-read-and-written", test_tokens_and_revisions_are_read_and_written);
  g_test_add_func ("/card-db/shipped-tokens-are-marked", test_shipped_tokens_are_marked);
  g_test_add_func ("/card-db/root-must-be-carddb-in-our-namespace", test_root_must_be_carddb_in_our_namespace);
  g_test_add_func ("/card-db/unknown-game-is-refused", test_unknown_game_is_refused);
  g_test_add_func ("/card-db/duplicate-id-names-the-first-line", test_duplicate_id_names_the_first_line);
  g_test_add_func ("/card-db/card-needs-id-name-and-type", test_card_needs_id_name_and_type);
  g_test_add_func ("/card-db/unknown-type-is-refused", test_unknown_type_is_refused);
  g_test_add_func ("/card-db/property-values-are-checked", test_property_values_are_checked);
  g_test_add_func ("/card-db/property-given-twice-is-refused", test_property_given_twice_is_refused);
  g_test_add_func ("/card-db/required-property-is-enforced", test_required_property_is_enforced);
  g_test_add_func ("/card-db/b8-card-of-an-undefined-set-is-skipped", test_b8_card_of_an_undefined_set_is_skipped);
  g_test_add_func ("/card-db/set-may-follow-its-cards", test_set_defined_after_its_cards_is_fine);
  g_test_add_func ("/card-db/bad-revision-and-token-are-refused", test_bad_revision_and_token_are_refused);
  g_test_add_func ("/card-db/hostile-xml-is-refused", test_hostile_xml_is_refused);
  g_test_add_func ("/card-db/b8-bad-card-is-skipped-and-the-rest-kept", test_b8_bad_card_is_skipped_and_the_rest_kept);
  g_test_add_func ("/card-db/save-writes-atomically-and-reloads-equal", test_save_writes_atomically_and_reloads_equal);
  g_test_add_func ("/card-db/add-card-appends-and-refuses-taken-ids", test_add_card_appends_and_refuses_taken_ids);
  g_test_add_func ("/card-db/card-outlives-its-database-and-can-change", test_card_outlives_its_database_and_can_change);
  g_test_add_func ("/card-db/sort-keys-follow-collation-and-names", test_sort_keys_follow_collation_and_names);
  g_test_add_func ("/card-db/large-database-reads-the-same-from-file-and-memory",
                   test_large_database_reads_the_same_from_file_and_memory);

  g_test_add_func ("/card-db/value-with-attributes-is-still-checked", test_value_with_attributes_is_still_checked);
  g_test_add_func ("/card-db/comments-outside-root-are-kept", test_comments_outside_root_are_kept);
  g_test_add_func ("/card-db/content-after-root-is-refused", test_content_after_root_is_refused);
  g_test_add_func ("/card-db/b11-fields-survive-scratch-reuse", test_b11_fields_survive_scratch_reuse);
  g_test_add_func ("/card-db/b3-long-card-name-is-refused", test_b3_long_card_name_is_refused);

  return g_test_run ();
}
