/* test-cli.c — the command line of DESIGN.md §5, run as a real process
 *
 * Every test starts the built executable ($DECKWRIGHT) with no display
 * (DISPLAY and WAYLAND_DISPLAY unset), an English UTF-8 locale and a
 * fresh, empty $XDG_DATA_HOME, and checks its exact output and exit
 * status.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "dw-test-util.h"

/* The run's own folder and $XDG_DATA_HOME, and what a run gave
 * (tests/dw-test-util.h). */
typedef DwTestCliFixture Fixture;
typedef DwTestRun Run;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, dw_test_run_free)

/* An illegal deck shipped in data/decks/ and the one problem it shows. */
typedef struct
{
  const char *file;
  const char *code;
  const char *message;
} IllegalDeck;

static const IllegalDeck illegal_decks[] = {
  { "arcmage-illegal-section-size.xml", "section-size",
    "58 cards in the main deck; it needs exactly 60" },
  { "arcmage-illegal-copy-limit.xml", "copy-limit",
    "5 copies of “Thornwood Scout”; at most 4 are allowed" },
  { "arcmage-illegal-wrong-section.xml", "wrong-section",
    "“The Weeping Catacombs” is a Region card, which does not belong in the main deck; "
    "move it to the regions" },
  { "arcmage-illegal-region-faction.xml", "region-faction",
    "The cards in the regions are of 2 different factions (Gaian, Red Banner); "
    "all of them must share one faction" },
  { "arcmage-illegal-region-order.xml", "region-order",
    "“The Whispering Fen” (position II) lies above “Sunlit Thicket” (position I); "
    "from the top, the regions go in the order I, II, III" },
  { "arcmage-illegal-city-count.xml", "city-count",
    "2 City cards in the main deck; it needs exactly 3" },
  { "arcmage-illegal-unknown-card.xml", "unknown-card",
    "“Starlit Wyvern of Nowhere” (arc-9999) is in no Arcmage card database; "
    "check its name or add the database that has it" },
  { "arcmage-illegal-game-mismatch.xml", "game-mismatch",
    "The deck is for the game “arcmage”, but Coraabia open is a format of Coraabia; "
    "choose a format of the deck's game" },
  { "coraabia-illegal-section-size.xml", "section-size",
    "18 cards in the deck; it holds 20 to 40" },
  { "coraabia-illegal-copy-limit.xml", "copy-limit",
    "5 copies of “Rusty Kop Enforcer”; at most 4 are allowed" },
  { "coraabia-illegal-connections.xml", "copy-limit",
    "2 copies of “Precinct Badge”; at most 1 is allowed" },
  { "coraabia-illegal-wrong-section.xml", "wrong-section",
    "“Precinct Badge” is a Connection card, which does not belong in the deck; "
    "move it to the connections" },
  { "coraabia-illegal-character-count.xml", "character-count",
    "8 Character cards in the deck; it needs at least 10" },
  { "coraabia-illegal-influence.xml", "influence",
    "The cards cost 63 influence, over the budget of 60; take out cards worth 3" },
};

static const char * const legal_decks[] = {
  "orc-bone-tide.xml",
  "orc-crown-and-eagle.xml",
  "orc-green-wall.xml",
  "orc-red-hand-warband.xml",
  "a21-gilded-legion.xml",
  "a21-house-of-the-rose.xml",
  "a21-kazgar-ascendant.xml",
  "cor-blue-ring-patrol.xml",
  "cor-bone-choir.xml",
  "cor-junkyard-rush.xml",
  "cor-vat-whispers.xml",
};

/* Runs deckwright with @args in @cwd (NULL: ours) and waits for it. */
static Run *
run_in (Fixture            *fixture,
        const char         *cwd,
        const char * const *args)
{
  const DwTestRunOptions options = { .cwd = cwd };
  Run *run = dw_test_cli_run_with (fixture, &options, args);

  /* Every line, the last one included, ends with a newline. */
  g_assert_true (run->out[0] == '\0' || g_str_has_suffix (run->out, "\n"));
  return run;
}

static Run *
run (Fixture            *fixture,
     const char * const *args)
{
  return run_in (fixture, NULL, args);
}

/* The output of one deck that has no problems. */
static char *
legal_block (const char *path)
{
  return g_strdup_printf ("%s: legal\n", path);
}

static char *
illegal_block (const char       *path,
               const IllegalDeck *deck)
{
  return g_strdup_printf ("%s: illegal\n%s: error[%s]: %s\n", path, path, deck->code, deck->message);
}

static gboolean
has_line (Run        *run,
          const char *line)
{
  return g_strv_contains ((const char * const *) run->lines, line);
}

static const IllegalDeck *
find_illegal_deck (const char *file)
{
  for (guint i = 0; i < G_N_ELEMENTS (illegal_decks); i++)
    if (strcmp (illegal_decks[i].file, file) == 0)
      return &illegal_decks[i];
  g_assert_not_reached ();
}

static char *
write_user_file (Fixture    *fixture,
                 const char *kind,
                 const char *name,
                 const char *contents)
{
  g_autofree char *dir = g_build_filename (fixture->xdg_home, "deckwright", kind, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dw_test_write_file (dir, name, contents);
}

static void
install_house_rules (Fixture *fixture)
{
  g_autofree char *source = dw_test_fixture_path ("cli/house-rules.xml");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (source, &contents, NULL, &error);
  g_assert_no_error (error);
  g_free (write_user_file (fixture, "formats", "house.xml", contents));
}

/* Asserts that @err holds "PATH:LINE:COL:" for @path, with the line
 * exactly @line and any column from 1 on. */
static void
assert_names_line_and_column (const char *err,
                              const char *path,
                              guint       line)
{
  g_autofree char *escaped = g_regex_escape_string (path, -1);
  g_autofree char *pattern = g_strdup_printf ("(^|\\s)%s:%u:[1-9][0-9]*: ", escaped, line);

  if (!g_regex_match_simple (pattern, err, G_REGEX_MULTILINE, 0))
    g_error ("stderr does not name %s:%u:COLUMN:\n%s", path, line, err);
}

/* ------------------------------------------------------------ --list-formats */

static void
test_list_formats_shipped (Fixture       *fixture,
                           gconstpointer  data)
{
  const char *args[] = { "--list-formats", NULL };
  const struct { const char *id, *game, *name; gboolean is_default; } expected[] = {
    { "arcmage-orc", "arcmage", "Original Rules Concept", TRUE },
    { "arcmage-2021", "arcmage", "Arcmage (2021 leaflet)", FALSE },
    { "coraabia-open", "coraabia", "Coraabia open", TRUE },
  };
  g_autoptr(GRegex) regex = g_regex_new ("^(\\S+)\\s+(\\S+)\\s+(.*?)( \\(default\\))?$", 0, 0, NULL);
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_cmpuint (g_strv_length (result->lines), ==, G_N_ELEMENTS (expected));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(GMatchInfo) match = NULL;
      g_autofree char *id = NULL;
      g_autofree char *game = NULL;
      g_autofree char *name = NULL;
      g_autofree char *is_default = NULL;

      g_assert_true (g_regex_match (regex, result->lines[i], 0, &match));
      id = g_match_info_fetch (match, 1);
      game = g_match_info_fetch (match, 2);
      name = g_match_info_fetch (match, 3);
      is_default = g_match_info_fetch (match, 4);

      g_assert_cmpstr (id, ==, expected[i].id);
      g_assert_cmpstr (game, ==, expected[i].game);
      g_assert_cmpstr (name, ==, expected[i].name);
      g_assert_cmpstr (is_default ? is_default : "", ==, expected[i].is_default ? " (default)" : "");
    }
}

static void
test_list_formats_user_format (Fixture       *fixture,
                               gconstpointer  data)
{
  const char *args[] = { "--list-formats", NULL };
  g_autoptr(GRegex) regex = g_regex_new ("^arcmage-house\\s+arcmage\\s+House rules$", 0, 0, NULL);
  g_autoptr(Run) result = NULL;
  guint found = 0;

  install_house_rules (fixture);
  result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_cmpuint (g_strv_length (result->lines), ==, 4);
  for (guint i = 0; result->lines[i]; i++)
    if (g_regex_match (regex, result->lines[i], 0, NULL))
      found++;
  g_assert_cmpuint (found, ==, 1);
}

/* ------------------------------------------------------------ --validate */

static void
test_validate_legal (Fixture       *fixture,
                     gconstpointer  data)
{
  for (guint i = 0; i < G_N_ELEMENTS (legal_decks); i++)
    {
      g_autofree char *path = dw_test_deck_path (legal_decks[i]);
      g_autofree char *expected = legal_block (path);
      const char *args[] = { "--validate", path, NULL };
      g_autoptr(Run) result = run (fixture, args);

      g_assert_cmpstr (result->out, ==, expected);
      g_assert_cmpstr (result->err, ==, "");
      g_assert_cmpint (result->status, ==, 0);
    }
}

static void
test_validate_illegal (Fixture       *fixture,
                       gconstpointer  data)
{
  const IllegalDeck *deck = data;
  g_autofree char *path = dw_test_deck_path (deck->file);
  g_autofree char *expected = illegal_block (path, deck);
  const char *args[] = { "--validate", path, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpstr (result->out, ==, expected);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_cmpint (result->status, ==, 1);
}

static void
test_validate_warnings (Fixture       *fixture,
                        gconstpointer  data)
{
  const struct { const char *file, *code, *message; } decks[] = {
    { "arcmage-warning-creature-share.xml", "creature-share",
      "24 of the 60 cards in the main deck are Creature cards (40%); the rules advise at least 50%" },
    { "arcmage-warning-faction-count.xml", "faction-count",
      "The cards in the main deck are of 3 factions (Gaian, Red Banner, The Empire); "
      "the rules advise at most 2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    {
      g_autofree char *path = dw_test_deck_path (decks[i].file);
      g_autofree char *expected = g_strdup_printf ("%s: legal\n%s: warning[%s]: %s\n",
                                                   path, path, decks[i].code, decks[i].message);
      const char *args[] = { "--validate", path, NULL };
      g_autoptr(Run) result = run (fixture, args);

      g_assert_cmpstr (result->out, ==, expected);
      g_assert_cmpstr (result->err, ==, "");
      g_assert_cmpint (result->status, ==, 0);
    }
}

static void
test_validate_several_any_illegal (Fixture       *fixture,
                                   gconstpointer  data)
{
  const IllegalDeck *copies = find_illegal_deck ("arcmage-illegal-copy-limit.xml");
  const IllegalDeck *influence = find_illegal_deck ("coraabia-illegal-influence.xml");
  g_autofree char *cor = dw_test_deck_path ("cor-bone-choir.xml");
  g_autofree char *orc = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *bad_copies = dw_test_deck_path (copies->file);
  g_autofree char *bad_influence = dw_test_deck_path (influence->file);
  g_autofree char *block1 = legal_block (cor);
  g_autofree char *block2 = illegal_block (bad_copies, copies);
  g_autofree char *block3 = legal_block (orc);
  g_autofree char *block4 = illegal_block (bad_influence, influence);
  g_autofree char *expected = g_strconcat (block1, block2, block3, block4, NULL);
  const char *args[] = { "--validate", cor, bad_copies, orc, bad_influence, NULL };
  g_autoptr(Run) result = run (fixture, args);

  /* One block per deck, in the order of the arguments. */
  g_assert_cmpstr (result->out, ==, expected);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_cmpint (result->status, ==, 1);
}

static void
test_validate_several_all_legal (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autofree char *cor = dw_test_deck_path ("cor-vat-whispers.xml");
  g_autofree char *a21 = dw_test_deck_path ("a21-kazgar-ascendant.xml");
  g_autofree char *orc = dw_test_deck_path ("orc-bone-tide.xml");
  g_autofree char *expected = g_strdup_printf ("%s: legal\n%s: legal\n%s: legal\n", cor, a21, orc);
  const char *args[] = { "--validate", cor, a21, orc, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpstr (result->out, ==, expected);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_cmpint (result->status, ==, 0);
}

static void
test_validate_path_as_given (Fixture       *fixture,
                             gconstpointer  data)
{
  const char *args[] = { "--validate", "decks/orc-green-wall.xml", NULL };
  g_autoptr(Run) result = run_in (fixture, g_getenv ("DECKWRIGHT_DATA_DIR"), args);

  g_assert_cmpstr (result->out, ==, "decks/orc-green-wall.xml: legal\n");
  g_assert_cmpstr (result->err, ==, "");
  g_assert_cmpint (result->status, ==, 0);
}

static void
test_validate_format_override (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *path = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *illegal = g_strdup_printf ("%s: illegal", path);
  g_autofree char *size = g_strdup_printf ("%s: error[section-size]: 60 cards in the main deck; "
                                           "it needs exactly 45", path);
  g_autofree char *cities = g_strdup_printf ("%s: error[city-count]: 0 City cards in the main deck; "
                                             "it needs exactly 3", path);
  g_autofree char *prefix = g_strdup_printf ("%s: error[", path);
  /* --format may come after the decks, as in DESIGN §5. */
  const char *args[] = { "--validate", path, "--format", "arcmage-2021", NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 1);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_cmpstr (result->lines[0], ==, illegal);
  g_assert_true (has_line (result, size));
  g_assert_true (has_line (result, cities));
  for (guint i = 1; result->lines[i]; i++)
    g_assert_true (g_str_has_prefix (result->lines[i], prefix));
}

static void
test_validate_format_other_game (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autofree char *path = dw_test_deck_path ("cor-bone-choir.xml");
  g_autofree char *expected = g_strdup_printf ("%s: illegal\n"
                                               "%s: error[game-mismatch]: The deck is for the game “coraabia”, "
                                               "but Original Rules Concept is a format of Arcmage; "
                                               "choose a format of the deck's game\n", path, path);
  const char *args[] = { "--validate", "--format", "arcmage-orc", path, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpstr (result->out, ==, expected);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_cmpint (result->status, ==, 1);
}

static void
test_validate_format_unknown (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *path = dw_test_deck_path ("orc-green-wall.xml");
  const char *args[] = { "--validate", "--format", "nope", path, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, "");
  g_assert_nonnull (strstr (result->err, "“nope”"));
}

static void
test_validate_malformed (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *path = dw_test_write_file (fixture->tmpdir, "unclosed.xml",
                                              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                              "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                                              "  <name>Never closed\n"
                                              "</deck>\n");
  const char *args[] = { "--validate", path, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, "");
  assert_names_line_and_column (result->err, path, 4);
}

static void
test_validate_missing (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "no-such-deck.xml", NULL);
  const char *args[] = { "--validate", path, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, "");
  g_assert_nonnull (strstr (result->err, path));
}

static void
test_validate_unreadable_and_illegal (Fixture       *fixture,
                                      gconstpointer  data)
{
  const IllegalDeck *deck = find_illegal_deck ("arcmage-illegal-region-order.xml");
  g_autofree char *missing = g_build_filename (fixture->tmpdir, "no-such-deck.xml", NULL);
  g_autofree char *illegal = dw_test_deck_path (deck->file);
  g_autofree char *expected = illegal_block (illegal, deck);
  const char *args[] = { "--validate", missing, illegal, NULL };
  g_autoptr(Run) result = run (fixture, args);

  /* Unreadable wins over illegal, and the readable deck is still checked. */
  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, expected);
  g_assert_nonnull (strstr (result->err, missing));
  g_assert_null (strstr (result->err, illegal));
}

static void
test_validate_no_deck (Fixture       *fixture,
                       gconstpointer  data)
{
  const char *args[] = { "--validate", NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, "");
  g_assert_cmpstr (result->err, !=, "");
}

/* ------------------------------------------------------------ --db */

static void
test_db_adds_cards (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *db = dw_test_fixture_path ("cli/extra-cards.xml");
  g_autofree char *deck = dw_test_fixture_path ("cli/extra-card-deck.xml");
  g_autofree char *unknown = g_strdup_printf ("%s: illegal\n"
                                              "%s: error[unknown-card]: “Mirewood Fixture Drake” (arc-x001) "
                                              "is in no Arcmage card database; check its name or add the "
                                              "database that has it\n", deck, deck);
  g_autofree char *legal = legal_block (deck);
  const char *without_args[] = { "--validate", deck, NULL };
  const char *with_args[] = { "--validate", deck, "--db", db, NULL };
  g_autoptr(Run) without = run (fixture, without_args);
  g_autoptr(Run) with = run (fixture, with_args);

  g_assert_cmpstr (without->out, ==, unknown);
  g_assert_cmpint (without->status, ==, 1);

  g_assert_cmpstr (with->out, ==, legal);
  g_assert_cmpstr (with->err, ==, "");
  g_assert_cmpint (with->status, ==, 0);
}

static void
test_db_broken (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *db = dw_test_write_file (fixture->tmpdir, "broken-cards.xml",
                                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                            "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                                            "  <card id=\"arc-x001\">\n"
                                            "    <name>Half a card</name>\n"
                                            "</carddb>\n");
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  const char *args[] = { "--db", db, "--validate", deck, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpint (result->status, ==, 2);
  g_assert_cmpstr (result->out, ==, "");
  assert_names_line_and_column (result->err, db, 5);
}

/* ------------------------------------------------------------ the user's folder */

static void
test_user_broken_card_db (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *broken = write_user_file (fixture, "cards", "broken.xml",
                                             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                             "<carddb xmlns=\"urn:deckwright:carddb:1\" game=\"arcmage\">\n"
                                             "  <card id=\"arc-u001\">\n"
                                             "</carddb>\n");
  g_autofree char *deck = dw_test_deck_path ("orc-red-hand-warband.xml");
  g_autofree char *expected = legal_block (deck);
  g_autofree char *warning = g_strdup_printf ("deckwright: warning: %s:", broken);
  const char *args[] = { "--validate", deck, NULL };
  g_autoptr(Run) result = run (fixture, args);

  g_assert_cmpstr (result->out, ==, expected);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_true (g_str_has_prefix (result->err, warning));
  assert_names_line_and_column (result->err, broken, 4);
}

static void
test_user_format (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *house = dw_test_fixture_path ("cli/house-legal.xml");
  g_autofree char *green = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *house_legal = legal_block (house);
  g_autofree char *green_illegal = g_strdup_printf ("%s: illegal", green);
  g_autofree char *green_size = g_strdup_printf ("%s: error[section-size]: 60 cards in the main deck; "
                                                 "it needs exactly 40", green);
  g_autofree char *green_copies = g_strdup_printf ("%s: error[copy-limit]: 6 copies of “Hedge Sprite”; "
                                                   "at most 2 are allowed", green);
  const char *house_args[] = { "--validate", "--format", "arcmage-house", house, NULL };
  const char *green_args[] = { "--validate", "--format", "arcmage-house", green, NULL };
  g_autoptr(Run) before = NULL;
  g_autoptr(Run) house_run = NULL;
  g_autoptr(Run) green_run = NULL;

  /* Without the user's file there is no such format. */
  before = run (fixture, house_args);
  g_assert_cmpint (before->status, ==, 2);
  g_assert_cmpstr (before->out, ==, "");

  install_house_rules (fixture);
  house_run = run (fixture, house_args);
  green_run = run (fixture, green_args);

  g_assert_cmpstr (house_run->out, ==, house_legal);
  g_assert_cmpstr (house_run->err, ==, "");
  g_assert_cmpint (house_run->status, ==, 0);

  g_assert_cmpint (green_run->status, ==, 1);
  g_assert_cmpstr (green_run->err, ==, "");
  g_assert_cmpstr (green_run->lines[0], ==, green_illegal);
  g_assert_true (has_line (green_run, green_size));
  g_assert_true (has_line (green_run, green_copies));
}

static void
test_user_format_named_by_deck (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autofree char *house = dw_test_fixture_path ("cli/house-legal.xml");
  g_autofree char *expected = legal_block (house);
  const char *args[] = { "--validate", house, NULL };
  g_autoptr(Run) result = NULL;

  /* The deck names format="arcmage-house" itself. */
  install_house_rules (fixture);
  result = run (fixture, args);

  g_assert_cmpstr (result->out, ==, expected);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_cmpint (result->status, ==, 0);
}

/* ------------------------------------------------------------ regressions
 *
 * Bugs found while writing these tests, each with the test that caught it. */

static void
test_token_advice (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *green = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *prefix = g_strdup_printf ("%s: error[wrong-section]: “Briar Sapling” is in the tokens", green);
  const char *args[] = { "--validate", "--format", "arcmage-house", green, NULL };
  g_autoptr(Run) result = NULL;
  const char *line = NULL;


  install_house_rules (fixture);
  result = run (fixture, args);
  g_assert_cmpint (result->status, ==, 1);

  for (guint i = 0; result->lines[i]; i++)
    if (g_str_has_prefix (result->lines[i], prefix))
      line = result->lines[i];

  /* House rules' main deck takes Creature cards; what it has no place
   * for is tokens. */
  g_assert_nonnull (line);
  g_assert_null (strstr (line, "allows no Creature cards"));
}

/* Green Wall as shipped, at @dir/NAME, and again at @dir/with/NAME with
 * a Considering section holding twenty copies of a card of another
 * faction and one that no database knows. */
static void
write_green_wall_twice (const char *dir,
                        char      **plain,
                        char      **with)
{
  g_autofree char *shipped = dw_test_deck_path ("orc-green-wall.xml");
  g_autofree char *xml = dw_test_read_file (shipped);
  g_autofree char *with_dir = g_build_filename (dir, "with", NULL);
  g_auto(GStrv) halves = g_strsplit (xml, "</deck>", 2);
  g_autofree char *considering = NULL;

  g_assert_cmpuint (g_strv_length (halves), ==, 2);
  considering = g_strconcat (halves[0],
                             "  <section id=\"considering\">\n"
                             "    <card id=\"arc-0030\" count=\"20\">Vaultgnaw Leech</card>\n"
                             "    <card id=\"arc-9999\" count=\"1\">Phantom Of Maybe</card>\n"
                             "  </section>\n"
                             "</deck>", halves[1], NULL);
  g_assert_cmpint (g_mkdir (with_dir, 0700), ==, 0);
  *plain = dw_test_write_file (dir, "gw.xml", xml);
  *with = dw_test_write_file (with_dir, "gw.xml", considering);
}

/* Statistics, sample hands, the table and every decklist export leave
 * the cards being considered out: each prints the same for the deck with
 * them as without.  Validation keeps the deck legal and only warns of
 * the card no database knows. */
static void
test_considering_ignored_by_every_command (Fixture       *fixture,
                                           gconstpointer  data)
{
  g_autofree char *plain = NULL;
  g_autofree char *with = NULL;
  const char *commands[][6] = {
    { "--stats", NULL },
    { "--stats", "--json", NULL },
    { "--sample-hands", "30", "--seed", "9", NULL },
    { "--playtest", "--seed", "3", NULL },
  };
  /* The sheet (pdf) is read back in test-sheet's considering-left-out. */
  const char *exports[] = { "text", "csv", "cod" };

  write_green_wall_twice (fixture->tmpdir, &plain, &with);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *plain_args[8] = { NULL };
      const char *with_args[8] = { NULL };
      Run *a, *b;
      guint n = 0;

      for (; commands[i][n]; n++)
        plain_args[n] = with_args[n] = commands[i][n];
      plain_args[n] = plain;
      with_args[n] = with;
      a = run (fixture, plain_args);
      b = run (fixture, with_args);
      g_assert_cmpint (a->status, ==, 0);
      g_assert_cmpint (b->status, ==, 0);
      g_assert_cmpstr (b->out, ==, a->out);
      g_assert_null (strstr (b->out, "Vaultgnaw"));
      dw_test_run_free (a);
      dw_test_run_free (b);
    }

  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    {
      g_autofree char *out_plain = g_build_filename (fixture->tmpdir, "plain.out", NULL);
      g_autofree char *out_with = g_build_filename (fixture->tmpdir, "with.out", NULL);
      const char *plain_args[] = { "--export", exports[i], plain, "--output", out_plain, NULL };
      const char *with_args[] = { "--export", exports[i], with, "--output", out_with, NULL };
      g_autofree char *text_plain = NULL;
      g_autofree char *text_with = NULL;
      Run *a = run (fixture, plain_args);
      Run *b = run (fixture, with_args);

      g_assert_cmpint (a->status, ==, 0);
      g_assert_cmpint (b->status, ==, 0);
      text_plain = dw_test_read_file (out_plain);
      text_with = dw_test_read_file (out_with);
      g_assert_cmpstr (text_with, ==, text_plain);
      g_assert_null (strstr (text_with, "Vaultgnaw"));
      g_assert_null (strstr (text_with, "Phantom"));
      dw_test_run_free (a);
      dw_test_run_free (b);
    }

  {
    const char *args[] = { "--validate", with, NULL };
    Run *b = run (fixture, args);
    g_autofree char *expected = g_strdup_printf ("%s: legal\n%s: warning[unknown-card]: “Phantom Of Maybe” "
                                                 "(arc-9999), which you are considering, is in no Arcmage "
                                                 "card database; check its name or add the database that "
                                                 "has it\n", with, with);

    g_assert_cmpint (b->status, ==, 0);
    g_assert_cmpstr (b->out, ==, expected);
    dw_test_run_free (b);
  }
}

/* Runs @argv in @cwd, under C.UTF-8 with no display and no fatal
 * warnings (GTK's own "cannot open display" is one); the exit status, or
 * -1 for a signal.  @out may be NULL. */
static int
spawn_plain_argv (const char  *cwd,
                  char       **argv,
                  char       **out,
                  char       **err)
{
  g_auto(GStrv) env = g_get_environ ();
  g_autofree char *ignored = NULL;
  int wait_status = 0;
  GError *error = NULL;

  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  env = g_environ_unsetenv (env, "LANGUAGE");
  env = g_environ_unsetenv (env, "DISPLAY");
  env = g_environ_unsetenv (env, "WAYLAND_DISPLAY");
  env = g_environ_unsetenv (env, "G_DEBUG");
  g_assert_true (g_spawn_sync (cwd, argv, env, G_SPAWN_DEFAULT, NULL, NULL, out ? out : &ignored, err,
                               &wait_status, &error));
  g_assert_no_error (error);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

/* @exe with one argument, or none. */
static int
spawn_plain (const char  *cwd,
             const char  *exe,
             const char  *arg,
             char       **err)
{
  char *argv[] = { (char *) exe, (char *) arg, NULL };

  return spawn_plain_argv (cwd, argv, NULL, err);
}

/* Whether the program file at @path names @library (a NEEDED entry is
 * the library's name in the file). */
static gboolean
program_names_library (const char *path,
                       const char *library)
{
  g_autofree char *program = NULL;
  gsize length;
  gsize library_length = strlen (library);
  GError *error = NULL;

  g_assert_true (g_file_get_contents (path, &program, &length, &error));
  g_assert_no_error (error);
  for (gsize i = 0; i + library_length <= length; i++)
    if (memcmp (program + i, library, library_length) == 0)
      return TRUE;
  return FALSE;
}

/* `deckwright` links neither GTK nor libadwaita (a command loads only
 * what it uses: issue 22's --find against grep), and a run that opens a
 * window becomes the window's program: with no display, GTK itself says
 * so, not our "cannot open a window". */
static void
test_program_opens_the_window_through_its_program (Fixture       *fixture,
                                                   gconstpointer  data)
{
  g_autofree char *err = NULL;

  g_assert_false (program_names_library (g_getenv ("DECKWRIGHT"), "libgtk-4"));
  g_assert_false (program_names_library (g_getenv ("DECKWRIGHT"), "libadwaita"));

  g_assert_cmpint (spawn_plain (fixture->tmpdir, g_getenv ("DECKWRIGHT"), NULL, &err), >, 0);
  g_assert_nonnull (strstr (err, "cannot open display"));
  g_assert_null (strstr (err, "cannot open a window"));
}

/* --validate, --library, --find and the others `deckwright` runs itself
 * (dw-cli-quick-commands.c), which a script runs over many decks, load
 * none of the painter's, printing's, images', QR codes' or backups'
 * libraries (issue 22: the dynamic loader was a quarter of a --find);
 * `deckwright-commands`, beside it, has them for the other commands. */
static void
test_program_loads_only_what_the_library_commands_use (Fixture       *fixture,
                                                       gconstpointer  data)
{
  static const char * const heavy[] = {
    "libcairo", "libpango", "libpoppler", "libsoup", "libzbar", "libqrencode", "libarchive",
    "libgdk_pixbuf",
  };
  g_autofree char *dir = g_path_get_dirname (g_getenv ("DECKWRIGHT"));
  g_autofree char *commands = g_build_filename (dir, "deckwright-commands", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (heavy); i++)
    g_assert_false (program_names_library (g_getenv ("DECKWRIGHT"), heavy[i]));
  g_assert_true (program_names_library (commands, "libcairo"));
  g_assert_true (program_names_library (commands, "libsoup"));
  g_assert_false (program_names_library (commands, "libgtk-4"));
}

/* `deckwright-commands` loads only what its commands use: no command
 * reads a photo's QR code (zbar), a PDF (poppler) or a backup
 * (libarchive), nor opens a window; those are `deckwright-window`'s.
 * src/meson.build gives each program its own list of libraries. */
static void
test_program_commands_load_only_what_they_use (Fixture       *fixture,
                                               gconstpointer  data)
{
  static const char * const unused[] = {
    "libzbar", "libpoppler", "libarchive", "libgtk-4", "libadwaita", "libgraphene",
  };
  g_autofree char *dir = g_path_get_dirname (g_getenv ("DECKWRIGHT"));
  g_autofree char *commands = g_build_filename (dir, "deckwright-commands", NULL);
  g_autofree char *window = g_build_filename (dir, "deckwright-window", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (unused); i++)
    g_assert_false (program_names_library (commands, unused[i]));
  /* What it does use: the painter, images, QR codes on printed decks. */
  g_assert_true (program_names_library (commands, "libpango"));
  g_assert_true (program_names_library (commands, "libgdk_pixbuf"));
  g_assert_true (program_names_library (commands, "libqrencode"));
  /* The window's program reads photos and PDFs. */
  g_assert_true (program_names_library (window, "libzbar"));
  g_assert_true (program_names_library (window, "libpoppler"));
}

/* A command `deckwright` leaves to `deckwright-commands` behaves as if
 * `deckwright` ran it: its output, its status, and the command line's
 * own rules (two commands, --help) whichever program holds them. */
static void
test_program_passes_other_commands_on (Fixture       *fixture,
                                       gconstpointer  data)
{
  const char *exe = g_getenv ("DECKWRIGHT");
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  char *stats[] = { (char *) exe, "--stats", deck, NULL };
  char *two[] = { (char *) exe, "--find", "tag:x", "--print-cards", deck, NULL };
  char *two_quick[] = { (char *) exe, "--find", "tag:x", "--library", NULL };
  char *help[] = { (char *) exe, "--help", NULL };
  char *unknown[] = { (char *) exe, "--find", "tag:x", "--no-such-option", NULL };
  char *bad_value[] = { (char *) exe, "--find", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (spawn_plain_argv (fixture->tmpdir, stats, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "Cost curve (60 cards):"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (spawn_plain_argv (fixture->tmpdir, two, NULL, &err), ==, 2);
  g_assert_nonnull (strstr (err, "are two commands; run one at a time"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (spawn_plain_argv (fixture->tmpdir, two_quick, NULL, &err), ==, 2);
  g_assert_nonnull (strstr (err, "--library and --find are two commands"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (spawn_plain_argv (fixture->tmpdir, help, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "--print-cards"));
  g_assert_nonnull (strstr (out, "--find=QUERY"));
  g_assert_nonnull (strstr (out, "--history"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (spawn_plain_argv (fixture->tmpdir, unknown, NULL, &err), ==, 2);
  g_assert_nonnull (strstr (err, "deckwright: Unknown option --no-such-option"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (spawn_plain_argv (fixture->tmpdir, bad_value, NULL, &err), ==, 2);
  g_assert_nonnull (strstr (err, "deckwright: Missing argument for --find"));
}

/* A `deckwright` with neither the window's program nor the commands'
 * beside it nor installed says where it looked and what to do, and exits
 * 2; its own commands still run. */
static void
test_program_without_the_window_program_says_so (Fixture       *fixture,
                                                 gconstpointer  data)
{
  g_autofree char *installed = g_build_filename (LIBEXECDIR, "deckwright-window", NULL);
  g_autofree char *installed_commands = g_build_filename (LIBEXECDIR, "deckwright-commands", NULL);
  g_autofree char *lonely = g_build_filename (fixture->tmpdir, "deckwright", NULL);
  g_autofree char *decks = g_build_filename (fixture->tmpdir, "decks", NULL);
  g_autofree char *program = NULL;
  g_autofree char *err = NULL;
  g_autofree char *version_err = NULL;
  g_autofree char *out = NULL;
  char *find[] = { lonely, "--find", "tag:x", decks, NULL };
  g_autofree char *deck = dw_test_deck_path ("orc-green-wall.xml");
  char *validate[] = { lonely, "--validate", deck, NULL };
  char *stats[] = { lonely, "--stats", deck, NULL };
  gsize length;
  GError *error = NULL;

  if (g_file_test (installed, G_FILE_TEST_EXISTS) || g_file_test (installed_commands, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("a deckwright-window or deckwright-commands is installed where this one would look");
      return;
    }
  g_assert_true (g_file_get_contents (g_getenv ("DECKWRIGHT"), &program, &length, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents_full (lonely, program, (gssize) length, G_FILE_SET_CONTENTS_NONE,
                                           0755, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (decks, 0700), ==, 0);

  g_assert_cmpint (spawn_plain (fixture->tmpdir, lonely, NULL, &err), ==, 2);
  g_assert_nonnull (strstr (err, "deckwright: cannot open a window: "));
  g_assert_nonnull (strstr (err, installed));
  g_assert_cmpint (spawn_plain (fixture->tmpdir, lonely, "--version", &version_err), ==, 0);
  g_clear_pointer (&err, g_free);

  /* No deck matched: 1, the status of --find itself. */
  g_assert_cmpint (spawn_plain_argv (fixture->tmpdir, find, &out, &err), ==, 1);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (spawn_plain_argv (fixture->tmpdir, validate, NULL, &err), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (spawn_plain_argv (fixture->tmpdir, stats, NULL, &err), ==, 2);
  g_assert_nonnull (strstr (err, "deckwright: cannot run this command: "));
  g_assert_nonnull (strstr (err, installed_commands));
}

static void
add_test (const char    *path,
          gconstpointer  data,
          void         (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, data, dw_test_cli_set_up, func, dw_test_cli_tear_down);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  add_test ("/cli/list-formats/prints-shipped-formats-with-game-and-default", NULL,
            test_list_formats_shipped);
  add_test ("/cli/list-formats/includes-user-format", NULL, test_list_formats_user_format);

  add_test ("/cli/program/opens-the-window-through-its-program", NULL,
            test_program_opens_the_window_through_its_program);
  add_test ("/cli/program/without-the-window-program-says-so", NULL,
            test_program_without_the_window_program_says_so);
  add_test ("/cli/program/loads-only-what-the-library-commands-use", NULL,
            test_program_loads_only_what_the_library_commands_use);
    add_test ("/cli/program/commands-load-only-what-they-use", NULL,
            test_program_commands_load_only_what_they_use);
  add_test ("/cli/program/passes-other-commands-on", NULL, test_program_passes_other_commands_on);
  add_test ("/cli/validate/legal-deck-prints-legal-exits-0", NULL, test_validate_legal);
  for (guint i = 0; i < G_N_ELEMENTS (illegal_decks); i++)
    {
      g_autofree char *name = g_strndup (illegal_decks[i].file, strlen (illegal_decks[i].file) - 4);
      g_autofree char *path = g_strdup_printf ("/cli/validate/illegal-deck-exits-1/%s-shows-%s",
                                               name, illegal_decks[i].code);

      add_test (path, &illegal_decks[i], test_validate_illegal);
    }
  add_test ("/cli/validate/warnings-keep-deck-legal-exits-0", NULL, test_validate_warnings);
  add_test ("/cli/validate/several-decks-in-order-exits-1-if-any-illegal", NULL,
            test_validate_several_any_illegal);
  add_test ("/cli/validate/several-legal-decks-exit-0", NULL, test_validate_several_all_legal);
  add_test ("/cli/validate/prints-path-as-given", NULL, test_validate_path_as_given);
  add_test ("/cli/validate/format-overrides-deck-format", NULL, test_validate_format_override);
  add_test ("/cli/validate/format-of-other-game-is-game-mismatch", NULL,
            test_validate_format_other_game);
  add_test ("/cli/validate/unknown-format-exits-2", NULL, test_validate_format_unknown);
  add_test ("/cli/validate/malformed-deck-exits-2-with-line-and-column", NULL, test_validate_malformed);
  add_test ("/cli/validate/missing-deck-exits-2", NULL, test_validate_missing);
  add_test ("/cli/validate/unreadable-and-illegal-exits-2-and-prints-readable", NULL,
            test_validate_unreadable_and_illegal);
  add_test ("/cli/validate/no-deck-exits-2", NULL, test_validate_no_deck);

  add_test ("/cli/db/adds-card-database", NULL, test_db_adds_cards);
  add_test ("/cli/db/broken-database-exits-2-with-line-and-column", NULL, test_db_broken);

  add_test ("/cli/user-data/broken-card-db-warns-and-validation-works", NULL, test_user_broken_card_db);
  add_test ("/cli/user-data/format-file-is-used-with-format", NULL, test_user_format);
  add_test ("/cli/user-data/format-file-is-used-when-deck-names-it", NULL,
            test_user_format_named_by_deck);

  add_test ("/cli/token-in-unused-section-gets-true-advice", NULL, test_token_advice);
  add_test ("/cli/considering-ignored-by-every-command", NULL, test_considering_ignored_by_every_command);

  return g_test_run ();
}
