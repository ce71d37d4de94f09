/* test-generic-stats.c — statistics, odds, sample hands and the goldfish
 * simulation of a game defined only as data
 *
 * Lanternfall (tests/data/generic/) states no <deal>: its statistics deal
 * as its <table> rules do (an opening hand of five, then one card a turn
 * from the second), and its <statistics> name the curve's property.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "dw-goldfish.h"
#include "dw-odds.h"
#include "dw-stats.h"
#include "dw-table.h"
#include "dw-test-util.h"

/* A Lanternfall library: the test library, the game and its cards.  With
 * @game_xml, that text stands for the game's definition. */
static DwLibrary *
lanternfall_library (const char *game_xml)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *game = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *cards = dw_test_fixture_path ("generic/lanternfall-cards.xml");
  g_autofree char *tmpdir = NULL;
  DwLibrary *library = dw_test_library ();

  if (game_xml != NULL)
    {
      tmpdir = dw_test_make_tmpdir ();
      g_free (game);
      game = dw_test_write_file (tmpdir, "lanternfall.xml", game_xml);
    }
  g_assert_true (dw_library_add_game_file (library, game, &error));
  g_assert_no_error (error);
  g_assert_nonnull (dw_library_add_card_db_file (library, cards, &error));
  g_assert_no_error (error);
  if (tmpdir != NULL)
    dw_test_remove_tree (tmpdir);
  return library;
}

static DwDeck *
lantern_bearers (DwLibrary *library)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = dw_test_fixture_path ("generic/lantern-bearers.xml");
  DwDeck *deck = dw_deck_load (path, &error);

  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);
  return deck;
}

static DwStats *
stats_for (DwLibrary *library,
           DwDeck    *deck)
{
  return dw_stats_new (dw_library_lookup_game (library, "lanternfall"),
                       dw_library_format_for_deck (library, deck, NULL, NULL), deck);
}

static guint
hand_size (DwTable *table)
{
  const DwTableState *state = dw_table_get_state (table);
  int hand = dw_table_state_find_zone (state, DW_SIDE_PLAYER, "hand");

  g_assert_cmpint (hand, >=, 0);
  return dw_table_zone_get_n_cards (dw_table_state_get_zone (state, (guint) hand));
}

/* The deal the odds count is the one the generic table deals: the
 * section that starts in its deck, the opening hand, no draw on the
 * first turn, then the cards of each turn. */
static void
test_deal_is_the_tables (void)
{
  g_autoptr(DwLibrary) library = lanternfall_library (NULL);
  g_autoptr(DwDeck) deck = lantern_bearers (library);
  DwGame *game = dw_library_lookup_game (library, "lanternfall");
  const DwDeal *deal = dw_game_get_deal (game);
  g_autoptr(DwTable) table = dw_table_new (library, deck, NULL, 3, NULL);
  const DwTableState *state = dw_table_get_state (table);
  int deck_zone = dw_table_state_find_zone (state, DW_SIDE_PLAYER, "deck");

  g_assert_nonnull (deal);
  g_assert_nonnull (table);
  g_assert_cmpint (deal->kind, ==, DW_DEAL_DRAW);
  g_assert_cmpstr (deal->section, ==, dw_table_state_get_zone (state, (guint) deck_zone)->start);
  g_assert_cmpuint (deal->hand_size, ==, (guint) dw_game_get_table (game)->opening_hand);
  g_assert_cmpuint (hand_size (table), ==, dw_deal_cards_seen (deal, 0));
  g_assert_cmpuint (hand_size (table), ==, dw_deal_cards_seen (deal, 1));
  /* A card a turn goes to play, so that the hand limit never stops the
   * turn from ending. */
  for (guint turn = 2; turn < DW_ODDS_N_STEPS; turn++)
    {
      const DwTableState *now = dw_table_get_state (table);
      int hand = dw_table_state_find_zone (now, DW_SIDE_PLAYER, "hand");
      g_autofree char *play = g_strdup_printf ("move #%u to play",
                                               dw_table_zone_get_top (dw_table_state_get_zone (now, (guint) hand)));

      g_assert_true (dw_table_perform_text (table, play, NULL, NULL));
      g_assert_true (dw_table_perform_text (table, "end", NULL, NULL));
      g_assert_cmpuint (hand_size (table) + turn - 1, ==, dw_deal_cards_seen (deal, turn));
    }
  g_assert_cmpstr (deal->play_type, ==, "Action");
  g_assert_cmpint (deal->resource, ==, DW_DEAL_RESOURCE_NONE);
}

/* Every set of cards a step may have seen, one by one: the share that
 * holds at least @k of the category, for each step. */
static void
test_odds_match_enumeration (void)
{
  g_autoptr(DwLibrary) library = lanternfall_library (NULL);
  g_autoptr(DwDeck) deck = lantern_bearers (library);
  g_autoptr(DwStats) stats = stats_for (library, deck);
  DwGame *game = dw_library_lookup_game (library, "lanternfall");
  const DwDeal *deal = dw_stats_get_deal (stats);
  GListModel *actions = dw_deck_get_section (deck, "actions");
  guint n = g_list_model_get_n_items (actions);
  static const char * const categories[] = { "cost:0", "cost>=2", "cost:3", "name:kindle", "type:action" };

  g_assert_cmpuint (n, ==, 15);
  g_assert_true (deal == dw_game_get_deal (game));
  for (guint c = 0; c < G_N_ELEMENTS (categories); c++)
    {
      g_autoptr(DwQuery) query = dw_query_parse (game, categories[c], NULL);
      guint32 in_mask = 0;
      DwOddsCounts counts;

      g_assert_nonnull (query);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (actions, i);

          g_assert_cmpuint (dw_deck_entry_get_count (entry), ==, 1);
          if (dw_query_matches (query, dw_deck_entry_get_card (entry)))
            in_mask |= 1u << i;
        }
      dw_stats_count (stats, query, &counts);
      g_assert_cmpuint (counts.in, ==, (guint) __builtin_popcount (in_mask));
      g_assert_cmpuint (counts.in + counts.out, ==, n);

      for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
        {
          guint seen = MIN (dw_deal_cards_seen (deal, step), n);
          double at_least[16] = { 0 };
          guint sets = 0;

          for (guint32 mask = 0; mask < (1u << n); mask++)
            {
              if ((guint) __builtin_popcount (mask) != seen)
                continue;
              sets++;
              for (guint k = 0; k <= (guint) __builtin_popcount (mask & in_mask); k++)
                at_least[k] += 1.0;
            }
          for (guint k = 0; k <= n; k++)
            g_assert_cmpfloat_with_epsilon (dw_odds_at_least (deal, &counts, step, k), at_least[k] / sets, 1e-12);
        }
    }
}

/* Counts by type, a curve by the property the definition names, the
 * numbers it weighs and odds by turn, in text and in JSON. */
static void
test_stats_text_and_json (void)
{
  g_autoptr(DwLibrary) library = lanternfall_library (NULL);
  g_autoptr(DwDeck) deck = lantern_bearers (library);
  g_autoptr(DwStats) stats = stats_for (library, deck);
  g_autofree char *text = dw_stats_to_text (stats);
  g_autofree char *json = dw_stats_to_json (stats);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;
  JsonArray *row;

  g_test_message ("%s", text);
  g_assert_cmpuint (dw_stats_get_size (stats), ==, 15);
  g_assert_cmpstr (dw_stats_get_curve_name (stats), ==, "Cost");
  g_assert_true (g_str_has_prefix (text, "Cost curve (15 cards):\n  0     4 ####  Action 4\n"));
  g_assert_nonnull (strstr (text, "\nTypes: Action 15\n"));
  g_assert_nonnull (strstr (text, "\nSections: Champions 3, Actions 15\n"));
  g_assert_nonnull (strstr (text, "\nCost: average 1.40, spread 1.08, total 21 over 15 cards\n"));
  g_assert_nonnull (strstr (text, "opening   turn 1   turn 2"));
  g_assert_nonnull (strstr (text, "\n  Action           100.0%   100.0%"));

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "curve"), "property"), ==, "Cost");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "types"), "Action"), ==, 15);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (json_object_get_object_member (root, "numbers"), "cost"), "total"), ==, 21);
  row = json_object_get_array_member (json_object_get_object_member (json_object_get_object_member (root, "odds"), "at_least_one"), "Action");
  g_assert_cmpuint (json_array_get_length (row), ==, DW_ODDS_N_STEPS);
  g_assert_cmpfloat (json_array_get_double_element (row, 0), ==, 100.0);
}

/* A definition that names no curve property gets no curve, and the
 * statistics say so rather than print an empty one. */
static void
test_no_curve_says_so (void)
{
  g_autofree char *path = dw_test_fixture_path ("generic/lanternfall.xml");
  g_autofree char *xml = dw_test_read_file (path);
  g_autoptr(GString) without = g_string_new (xml);
  g_autoptr(DwLibrary) library = NULL;
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(DwStats) stats = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *curve;

  g_assert_cmpuint (g_string_replace (without, "<statistics curve=\"cost\" numbers=\"cost\"/>", "", 0), ==, 1);
  library = lanternfall_library (without->str);
  deck = lantern_bearers (library);
  stats = stats_for (library, deck);
  text = dw_stats_to_text (stats);
  json = dw_stats_to_json (stats);

  g_assert_null (dw_stats_get_curve_name (stats));
  g_assert_cmpuint (dw_stats_get_n_columns (stats), ==, 0);
  g_assert_true (g_str_has_prefix (text, "No curve (15 cards): the game's definition names no property for one"));
  g_assert_nonnull (strstr (text, "\nTypes: Action 15\n"));
  g_assert_null (strstr (text, "average"));
  /* The deal does not need a curve: the odds are still there. */
  g_assert_nonnull (strstr (text, "Chance of at least one, by type:"));

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  curve = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "curve");
  g_assert_true (json_object_get_null_member (curve, "property"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (curve, "columns")), ==, 0);
}

/* The goldfish simulation plays a game defined as data: with no
 * resource, a card of the play type is played once drawn, so the share
 * of games that played one by a turn is the exact chance of having drawn
 * one, within its 99% interval. */
static void
test_goldfish_agrees_with_exact_odds (void)
{
  g_autoptr(DwLibrary) library = lanternfall_library (NULL);
  DwGame *game = dw_library_lookup_game (library, "lanternfall");
  const DwDeal *deal = dw_game_get_deal (game);
  g_autoptr(DwDeck) deck = dw_deck_new ("lanternfall");
  g_autoptr(DwDeck) bearers = lantern_bearers (library);
  g_autoptr(DwDeckEntry) action = g_list_model_get_item (dw_deck_get_section (bearers, "actions"), 0);
  g_autoptr(DwDeckEntry) champion = g_list_model_get_item (dw_deck_get_section (bearers, "champions"), 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGoldfish) goldfish = NULL;
  g_autoptr(DwStats) stats = NULL;
  g_autoptr(DwQuery) actions = dw_query_parse (game, "type:action", NULL);
  DwGoldfishResult result;
  DwOddsCounts counts;

  /* One action among twenty champions: drawing it is far from certain. */
  dw_deck_add_card (deck, "actions", dw_deck_entry_get_card (action), 1);
  dw_deck_add_card (deck, "actions", dw_deck_entry_get_card (champion), 20);
  stats = dw_stats_new (game, NULL, deck);
  dw_stats_count (stats, actions, &counts);
  g_assert_cmpuint (counts.in, ==, 1);
  g_assert_cmpuint (counts.out, ==, 20);

  goldfish = dw_goldfish_new (game, deck, &error);
  g_assert_no_error (error);
  g_assert_true (dw_goldfish_run (goldfish, 11, 20000, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (result.kind, ==, DW_DEAL_DRAW);
  g_assert_cmpuint (result.n_games, ==, 20000);
  for (guint turn = 1; turn <= DW_GOLDFISH_TURNS; turn++)
    {
      guint seen = MIN (dw_deal_cards_seen (deal, turn), 21);
      double exact = seen / 21.0;
      double low;
      double high;

      g_assert_cmpuint (result.creature_played[turn - 1], ==, result.creature_drawn[turn - 1]);
      dw_proportion_interval (result.creature_played[turn - 1], result.n_games, &low, &high);
      g_test_message ("turn %u: %u of %u, exact %.5f, 99%% interval %.5f–%.5f",
                      turn, result.creature_played[turn - 1], result.n_games, exact, low, high);
      g_assert_cmpfloat (low, <=, exact);
      g_assert_cmpfloat (exact, <=, high);
      if (turn < DW_ODDS_N_STEPS)
        g_assert_cmpfloat_with_epsilon (dw_odds_at_least (deal, &counts, turn, 1), exact, 1e-12);
    }
  /* No resource: no gold is ever reached. */
  for (guint g = 0; g < DW_GOLDFISH_GOLD; g++)
    g_assert_cmpuint (result.gold_reached[g], ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/generic-stats/deal-is-the-tables", test_deal_is_the_tables);
  g_test_add_func ("/generic-stats/odds-match-enumeration", test_odds_match_enumeration);
  g_test_add_func ("/generic-stats/text-and-json", test_stats_text_and_json);
  g_test_add_func ("/generic-stats/no-curve-says-so", test_no_curve_says_so);
  g_test_add_func ("/generic-stats/goldfish-agrees-with-exact-odds", test_goldfish_agrees_with_exact_odds);
  return g_test_run ();
}
