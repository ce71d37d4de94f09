/* test-cli-stats.c — deckwright --sample-hands and --stats, run as a real process
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "dw-stats.h"
#include "dw-test-util.h"

static DwLibrary *library;

typedef DwTestCliFixture Fixture;

static void
assert_names_line (const char *err,
                   const char *path,
                   guint       line)
{
  g_autofree char *escaped = g_regex_escape_string (path, -1);
  g_autofree char *pattern = g_strdup_printf ("(^|\\s)%s:%u:", escaped, line);

  if (!g_regex_match_simple (pattern, err, G_REGEX_MULTILINE, 0))
    g_error ("stderr does not name %s:%u:\n%s", path, line, err);
}

/* The names of the cards in @deck's sections other than @section_id. */
static GPtrArray *
names_outside (DwDeck     *deck,
               const char *section_id)
{
  GPtrArray *names = g_ptr_array_new ();

  for (guint s = 0; s < dw_deck_get_n_sections (deck); s++)
    {
      GListModel *entries = dw_deck_get_section (deck, dw_deck_get_section_id (deck, s));

      if (g_strcmp0 (dw_deck_get_section_id (deck, s), section_id) == 0)
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (entries); i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);

          g_ptr_array_add (names, (gpointer) dw_card_get_name (dw_deck_entry_get_card (entry)));
        }
    }
  return names;
}

static void
assert_hands (const char *out,
              guint64     seed,
              guint       n,
              GPtrArray  *forbidden)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);

  g_assert_cmpuint (g_strv_length (lines), ==, n + 1);
  g_assert_cmpstr (lines[n], ==, "");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("%" G_GUINT64_FORMAT ": ", seed + i);
      g_auto(GStrv) cards = NULL;

      g_assert_true (g_str_has_prefix (lines[i], prefix));
      cards = g_strsplit (lines[i] + strlen (prefix), "; ", -1);
      g_assert_cmpuint (g_strv_length (cards), >=, 1);
      for (guint c = 0; cards[c]; c++)
        for (guint f = 0; f < forbidden->len; f++)
          g_assert_cmpstr (cards[c], !=, g_ptr_array_index (forbidden, f));
    }
}

static void
test_sample_hands_by_seed (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(GPtrArray) forbidden = names_outside (deck, "main");
  const char *args[] = { "--sample-hands", "20", path, "--seed", "42", NULL };
  const char *other_args[] = { "--sample-hands", "20", path, "--seed", "1042", NULL };
  g_autofree char *out = NULL, *err = NULL, *again = NULL, *err_again = NULL, *other = NULL, *err_other = NULL;

  /* Regions and tokens are there to be left out. */
  g_assert_cmpuint (forbidden->len, >=, 2);
  g_assert_cmpint (dw_test_cli_run (fixture, args, &out, &err), ==, 0);
  g_assert_cmpint (dw_test_cli_run (fixture, args, &again, &err_again), ==, 0);
  g_assert_cmpint (dw_test_cli_run (fixture, other_args, &other, &err_other), ==, 0);
  g_assert_cmpstr (out, ==, again);
  g_assert_cmpstr (err, ==, "");
  assert_hands (out, 42, 20, forbidden);
  assert_hands (other, 1042, 20, forbidden);
  g_assert_cmpstr (strchr (out, ' '), !=, strchr (other, ' '));
}

static void
test_sample_hands_coraabia_no_connections (Fixture       *fixture,
                                           gconstpointer  data)
{
  g_autofree char *path = dw_test_data_path ("decks", "cor-bone-choir.xml", NULL);
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "cor-bone-choir.xml");
  g_autoptr(GPtrArray) forbidden = names_outside (deck, "deck");
  const char *args[] = { "--sample-hands", "50", path, "--seed", "7", NULL };
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpuint (forbidden->len, >=, 1);
  g_assert_cmpint (dw_test_cli_run (fixture, args, &out, &err), ==, 0);
  assert_hands (out, 7, 50, forbidden);
}

static void
test_sample_hands_bad_input (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *broken = dw_test_write_file (fixture->tmpdir, "unclosed.xml",
                                                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                                "<deck xmlns=\"urn:deckwright:deck:1\" game=\"arcmage\">\n"
                                                "  <name>Never closed\n"
                                                "</deck>\n");
  g_autofree char *unknown = dw_test_data_path ("decks", "arcmage-illegal-unknown-card.xml", NULL);
  g_autofree char *deck = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  const char *broken_args[] = { "--sample-hands", "3", broken, NULL };
  const char *unknown_args[] = { "--sample-hands", "3", unknown, NULL };
  const char *zero_args[] = { "--sample-hands", "0", deck, NULL };
  const char *stats_args[] = { "--stats", broken, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *out2 = NULL, *err2 = NULL;
  g_autofree char *out3 = NULL, *err3 = NULL;
  g_autofree char *out4 = NULL, *err4 = NULL;
  g_autofree char *contents = dw_test_read_file (unknown);
  const char *line_of_unknown = strstr (contents, "id=\"arc-9999\"");
  guint line = 1;

  g_assert_cmpint (dw_test_cli_run (fixture, broken_args, &out, &err), ==, 2);
  g_assert_cmpstr (out, ==, "");
  assert_names_line (err, broken, 4);

  g_assert_nonnull (line_of_unknown);
  for (const char *p = contents; p < line_of_unknown; p++)
    line += *p == '\n';
  g_assert_cmpint (dw_test_cli_run (fixture, unknown_args, &out2, &err2), ==, 2);
  g_assert_cmpstr (out2, ==, "");
  assert_names_line (err2, unknown, line);

  g_assert_cmpint (dw_test_cli_run (fixture, zero_args, &out3, &err3), ==, 2);
  g_assert_nonnull (strstr (err3, "--sample-hands"));

  g_assert_cmpint (dw_test_cli_run (fixture, stats_args, &out4, &err4), ==, 2);
  g_assert_cmpstr (out4, ==, "");
  assert_names_line (err4, broken, 4);
}

/* The command prints what the core computes. */
static void
test_stats_text_and_json (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *path = dw_test_data_path ("decks", "orc-green-wall.xml", NULL);
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(DwStats) stats = dw_stats_new (game, dw_library_format_for_deck (library, deck, NULL, NULL), deck);
  g_autofree char *expected_text = dw_stats_to_text (stats);
  g_autofree char *expected_json = dw_stats_to_json (stats);
  const char *args[] = { "--stats", path, NULL };
  const char *json_args[] = { "--stats", path, "--json", NULL };
  g_autofree char *out = NULL, *err = NULL, *json = NULL, *json_err = NULL;
  g_autofree char *with_newline = g_strconcat (expected_json, "\n", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *odds;

  g_assert_cmpint (dw_test_cli_run (fixture, args, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, expected_text);
  g_assert_true (g_str_has_prefix (out, "Cost curve (60 cards):\n"));
  g_assert_nonnull (strstr (out, "\n  Creature "));
  g_assert_nonnull (strstr (out, "%"));

  g_assert_cmpint (dw_test_cli_run (fixture, json_args, &json, &json_err), ==, 0);
  g_assert_cmpstr (json, ==, with_newline);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  odds = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "odds");
  g_assert_true (json_object_has_member (json_object_get_object_member (odds, "at_least_one"), "Creature"));
}

/* A game defined only as data, dropped into the data folder: --stats
 * prints its counts by type, its curve and its odds by turn, in text and
 * JSON, and --sample-hands deals its opening hands of five from the
 * section its table deals, never a champion. */
static void
test_game_defined_as_data (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *games = g_build_filename (fixture->xdg_home, "deckwright", "games", NULL);
  g_autofree char *cards = g_build_filename (fixture->xdg_home, "deckwright", "cards", NULL);
  g_autofree char *game_path = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *cards_path = dw_test_fixture_path ("generic/lanternfall-cards.xml");
  g_autofree char *game_xml = dw_test_read_file (game_path);
  g_autofree char *cards_xml = dw_test_read_file (cards_path);
  g_autofree char *deck = dw_test_fixture_path ("generic/lantern-bearers.xml");
  const char *args[] = { "--stats", deck, NULL };
  const char *json_args[] = { "--stats", deck, "--json", NULL };
  const char *hand_args[] = { "--sample-hands", "4", deck, "--seed", "9", NULL };
  static const char * const champions[] = { "Ashen Warden", "Glass Heron", "Marrow Knight" };
  g_autofree char *out = NULL, *err = NULL, *json = NULL, *json_err = NULL, *hands = NULL, *hands_err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GPtrArray) forbidden = g_ptr_array_new ();
  g_auto(GStrv) lines = NULL;
  JsonObject *root;

  g_assert_cmpint (g_mkdir_with_parents (games, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (cards, 0700), ==, 0);
  g_free (dw_test_write_file (games, "lanternfall.xml", game_xml));
  g_free (dw_test_write_file (cards, "lanternfall-cards.xml", cards_xml));

  g_assert_cmpint (dw_test_cli_run (fixture, args, &out, &err), ==, 0);
  g_assert_true (g_str_has_prefix (out, "Cost curve (15 cards):\n"));
  g_assert_nonnull (strstr (out, "\nTypes: Action 15\n"));
  g_assert_nonnull (strstr (out, "opening   turn 1"));
  g_assert_nonnull (strstr (out, "\n  Action "));

  g_assert_cmpint (dw_test_cli_run (fixture, json_args, &json, &json_err), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "game"), ==, "lanternfall");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "types"), "Action"), ==, 15);
  g_assert_true (json_object_has_member (json_object_get_object_member (json_object_get_object_member (root, "odds"),
                                                                        "at_least_one"), "Action"));

  g_assert_cmpint (dw_test_cli_run (fixture, hand_args, &hands, &hands_err), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (champions); i++)
    g_ptr_array_add (forbidden, (gpointer) champions[i]);
  assert_hands (hands, 9, 4, forbidden);
  lines = g_strsplit (hands, "\n", -1);
  for (guint i = 0; i < 4; i++)
    {
      g_auto(GStrv) hand = g_strsplit (strchr (lines[i], ' ') + 1, "; ", -1);

      g_assert_cmpuint (g_strv_length (hand), ==, 5);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add ("/cli/sample-hands/same-seed-same-hands-main-deck-only", Fixture, NULL,
              dw_test_cli_set_up, test_sample_hands_by_seed, dw_test_cli_tear_down);
  g_test_add ("/cli/sample-hands/coraabia-never-deals-a-connection", Fixture, NULL,
              dw_test_cli_set_up, test_sample_hands_coraabia_no_connections, dw_test_cli_tear_down);
  g_test_add ("/cli/sample-hands/bad-input-exits-2-naming-the-line", Fixture, NULL,
              dw_test_cli_set_up, test_sample_hands_bad_input, dw_test_cli_tear_down);
  g_test_add ("/cli/stats/text-and-json-are-the-cores", Fixture, NULL,
              dw_test_cli_set_up, test_stats_text_and_json, dw_test_cli_tear_down);
  g_test_add ("/cli/stats/a-game-defined-as-data", Fixture, NULL,
              dw_test_cli_set_up, test_game_defined_as_data, dw_test_cli_tear_down);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
