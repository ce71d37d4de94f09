/* test-odds.c — exact draw odds and a deck's statistics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>

#include "dw-odds.h"
#include "dw-stats.h"
#include "dw-table.h"
#include "dw-test-util.h"

static DwLibrary *library;

static DwStats *
stats_for (DwDeck *deck)
{
  DwGame *game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));

  return dw_stats_new (game, dw_library_format_for_deck (library, deck, NULL, NULL), deck);
}

/* ------------------------------------------------------ hypergeometric */

/* Every hand of @draws from a deck of @size whose first @successes cards
 * count, one by one. */
static void
brute_force (guint   size,
             guint   successes,
             guint   draws,
             double *exactly)
{
  guint hands = 0;

  for (guint k = 0; k <= draws; k++)
    exactly[k] = 0.0;
  for (guint mask = 0; mask < (1u << size); mask++)
    {
      if ((guint) __builtin_popcount (mask) != draws)
        continue;
      exactly[__builtin_popcount (mask & ((1u << successes) - 1))] += 1.0;
      hands++;
    }
  for (guint k = 0; k <= draws; k++)
    exactly[k] /= hands;
}

static void
test_hypergeometric_matches_brute_force (void)
{
  for (guint size = 1; size <= 12; size++)
    for (guint successes = 0; successes <= size; successes++)
      for (guint draws = 0; draws <= size; draws++)
        {
          double exactly[13];
          double tail = 0.0;

          brute_force (size, successes, draws, exactly);
          for (guint k = draws + 1; k-- > 0;)
            {
              tail += exactly[k];
              g_assert_cmpfloat_with_epsilon (dw_hypergeometric (size, successes, draws, k), exactly[k], 1e-12);
              g_assert_cmpfloat_with_epsilon (dw_hypergeometric_at_least (size, successes, draws, k), tail, 1e-12);
            }
          g_assert_cmpfloat (dw_hypergeometric_at_least (size, successes, draws, draws + 1), ==, 0.0);
        }
}

/* The figure every deck-building calculator quotes: 4 copies in 60
 * cards, at least one in an opening hand of 7, is 39.95%. */
static void
test_hypergeometric_known_value (void)
{
  const DwDeal *deal = dw_game_get_deal (dw_library_lookup_game (library, "arcmage"));
  DwOddsCounts counts = { .in = 4, .out = 56 };
  double p = dw_hypergeometric_at_least (60, 4, 7, 1);

  g_assert_cmpfloat_with_epsilon (p, 1.0 - (53.0 * 52 * 51 * 50) / (60.0 * 59 * 58 * 57), 1e-12);
  g_assert_cmpfloat_with_epsilon (p, 0.3995, 5e-5);
  g_assert_cmpfloat_with_epsilon (1.0 - p, dw_hypergeometric (60, 4, 7, 0), 1e-12);
  g_assert_cmpfloat_with_epsilon (dw_odds_at_least (deal, &counts, 0, 1), p, 1e-12);
  /* By the first turn the hand has seen 9 cards. */
  g_assert_cmpfloat_with_epsilon (dw_odds_at_least (deal, &counts, 1, 1),
                                  1.0 - exp (dw_log_choose (56, 9) - dw_log_choose (60, 9)), 1e-12);
}

/* Factorials of 100,000 overflow any double; their logarithms do not. */
static void
test_hypergeometric_huge_deck (void)
{
  double sum = 0.0;
  double middle = dw_hypergeometric (100000, 50000, 50000, 25000);
  double variance = 50000.0 * 0.5 * 0.5 * (100000.0 - 50000.0) / (100000.0 - 1.0);

  g_assert_true (isfinite (dw_log_choose (100000, 50000)));
  for (guint k = 24000; k <= 26000; k++)
    sum += dw_hypergeometric (100000, 50000, 50000, k);
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
  /* The normal approximation is very good this far out. */
  g_assert_cmpfloat_with_epsilon (middle, 1.0 / sqrt (2.0 * G_PI * variance), 1e-5);
  /* Symmetric: at least 25,001 is at most 24,999. */
  g_assert_cmpfloat_with_epsilon (dw_hypergeometric_at_least (100000, 50000, 50000, 25001) +
                                  dw_hypergeometric_at_least (100000, 50000, 50000, 25000), 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (dw_hypergeometric_at_least (100000, 4, 7, 1),
                                  1.0 - exp (dw_log_choose (99996, 7) - dw_log_choose (100000, 7)), 1e-12);
}

/* ------------------------------------------------------------ reveal */

typedef struct
{
  guint   cards[8];    /* 0 stop in, 1 stop out, 2 other in, 3 other out */
  guint   n;
  double  counted[DW_ODDS_N_STEPS][9];
  guint   orders;
} Reveal;

static void
count_reveal (Reveal *r)
{
  guint characters = 0;

  for (guint i = 0; i < r->n; i++)
    characters += r->cards[i] <= 1;
  for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
    {
      guint wanted = MIN (step + 1, characters);
      guint found = 0;
      guint in = 0;

      for (guint i = 0; i < r->n && (found < wanted || wanted == 0); i++)
        {
          in += r->cards[i] == 0 || r->cards[i] == 2;
          found += r->cards[i] <= 1;
        }
      r->counted[step][in] += 1.0;
    }
  r->orders++;
}

/* Every order of the cards (Heap's algorithm). */
static void
permute (Reveal *r,
         guint   k)
{
  if (k <= 1)
    {
      count_reveal (r);
      return;
    }
  for (guint i = 0; i < k; i++)
    {
      guint swap;

      permute (r, k - 1);
      swap = r->cards[k % 2 == 0 ? i : 0];
      r->cards[k % 2 == 0 ? i : 0] = r->cards[k - 1];
      r->cards[k - 1] = swap;
    }
}

static void
test_reveal_matches_brute_force (void)
{
  const DwDeal *deal = dw_game_get_deal (dw_library_lookup_game (library, "coraabia"));
  static const guint kinds[][4] = {
    { 1, 2, 2, 2 }, { 2, 1, 1, 3 }, { 0, 3, 2, 2 }, { 3, 0, 0, 4 }, { 0, 0, 2, 3 }, { 1, 1, 0, 0 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (kinds); c++)
    {
      Reveal r = { 0 };
      DwOddsCounts counts = { kinds[c][0] + kinds[c][2], kinds[c][1] + kinds[c][3], kinds[c][0], kinds[c][1] };

      for (guint kind = 0; kind < 4; kind++)
        for (guint i = 0; i < kinds[c][kind]; i++)
          r.cards[r.n++] = kind;
      permute (&r, r.n);

      for (guint step = 0; step < DW_ODDS_N_STEPS; step++)
        {
          double tail = 0.0;

          for (guint k = r.n + 1; k-- > 0;)
            {
              tail += r.counted[step][k] / r.orders;
              g_assert_cmpfloat_with_epsilon (dw_odds_exactly (deal, &counts, step, k),
                                              r.counted[step][k] / r.orders, 1e-12);
              g_assert_cmpfloat_with_epsilon (dw_odds_at_least (deal, &counts, step, k), tail, 1e-12);
            }
        }
    }
}

/* ------------------------------------------------------------ the deals */

static const DwTableZone *
player_zone (DwTable    *table,
             const char *id)
{
  const DwTableState *state = dw_table_get_state (table);
  int index = dw_table_state_find_zone (state, DW_SIDE_PLAYER, id);

  g_assert_cmpint (index, >=, 0);
  return dw_table_state_get_zone (state, (guint) index);
}

/* The odds count the opening hand and the draws a turn that the table
 * itself deals and allows. */
static void
test_arcmage_deal_is_the_tables (void)
{
  const DwDeal *deal = dw_game_get_deal (dw_library_lookup_game (library, "arcmage"));
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwTable) table = dw_table_new (library, deck, NULL, 7, NULL);

  g_assert_cmpstr (deal->section, ==, player_zone (table, "deck")->start);
  g_assert_cmpuint (dw_table_zone_get_n_cards (player_zone (table, "hand")), ==, deal->hand_size);
  g_assert_cmpuint (dw_table_zone_get_n_cards (player_zone (table, "deck")), ==,
                    dw_deck_count_section (deck, deal->section) - deal->hand_size);
  g_assert_true (dw_table_perform_text (table, "phase upkeep", NULL, NULL));
  g_assert_true (dw_table_perform_text (table, "phase tactical", NULL, NULL));
  g_assert_true (dw_table_perform_text (table, "phase draw", NULL, NULL));
  for (guint i = 0; i < deal->per_turn; i++)
    g_assert_true (dw_table_perform_text (table, "draw", NULL, NULL));
  g_assert_false (dw_table_perform_text (table, "draw", NULL, NULL));
  g_assert_cmpuint (dw_table_zone_get_n_cards (player_zone (table, "hand")), ==, dw_deal_cards_seen (deal, 1));
}

static void
test_coraabia_deal_is_the_tables (void)
{
  const DwDeal *deal = dw_game_get_deal (dw_library_lookup_game (library, "coraabia"));
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "cor-bone-choir.xml");

  g_assert_cmpstr (deal->section, ==, dw_game_lookup_zone (dw_library_lookup_game (library, "coraabia"), "deck")->start);
  for (guint64 seed = 0; seed < 20; seed++)
    {
      g_autoptr(DwTable) table = dw_table_new (library, deck, NULL, seed, NULL);
      const DwTableState *state = dw_table_get_state (table);
      const DwTableZone *hand = player_zone (table, "hand");
      const DwTableZone *duel = player_zone (table, "duel");

      g_assert_cmpuint (dw_table_zone_get_n_cards (duel), ==, 1);
      g_assert_cmpstr (dw_card_get_card_type (dw_table_state_get_card (state, dw_table_zone_get_top (duel))->card),
                       ==, deal->stop_type);
      for (guint i = 0; i < dw_table_zone_get_n_cards (hand); i++)
        g_assert_cmpstr (dw_card_get_card_type (dw_table_state_get_card (state, dw_table_zone_get_card (hand, i))->card),
                         !=, deal->stop_type);
    }
}

/* ------------------------------------------------------------ stats */

static guint
sum_counts (GArray *counts)
{
  guint sum = 0;

  for (guint i = 0; i < counts->len; i++)
    sum += g_array_index (counts, DwStatsCount, i).count;
  return sum;
}

static void
test_stats_curve_holds_the_main_deck (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwStats) stats = stats_for (deck);
  guint creatures = 0;
  guint on_curve = 0;
  GListModel *main_deck = dw_deck_get_section (deck, "main");

  g_assert_cmpuint (dw_stats_get_size (stats), ==, 60);
  g_assert_cmpstr (dw_stats_get_curve_name (stats), ==, "Cost");
  g_assert_cmpuint (sum_counts (dw_stats_get_by_type (stats)), ==, 60);
  g_assert_cmpuint (sum_counts (dw_stats_get_by_faction (stats)), ==, 60);
  g_assert_cmpuint (sum_counts (dw_stats_get_by_section (stats)), ==,
                    60 + dw_deck_count_section (deck, "regions") + dw_deck_count_section (deck, "tokens"));

  for (guint c = 0; c < dw_stats_get_n_columns (stats); c++)
    {
      const DwStatsColumn *column = dw_stats_get_column (stats, c);
      guint sum = 0;

      for (guint t = 0; t < dw_stats_get_n_types (stats); t++)
        {
          sum += column->counts[t];
          if (g_strcmp0 (dw_stats_get_type_id (stats, t), "Creature") == 0)
            creatures += column->counts[t];
        }
      g_assert_cmpuint (sum, ==, column->total);
      on_curve += column->total;
    }
  g_assert_cmpuint (on_curve, ==, 60);

  for (guint i = 0; i < g_list_model_get_n_items (main_deck); i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (main_deck, i);

      if (g_strcmp0 (dw_card_get_card_type (dw_deck_entry_get_card (entry)), "Creature") == 0)
        creatures -= dw_deck_entry_get_count (entry);
    }
  g_assert_cmpuint (creatures, ==, 0);
}

/* A cost of X is no number: it gets a bar of its own. */
static void
test_stats_lettered_cost_has_its_own_bar (void)
{
  g_autoptr(DwDeck) deck = dw_deck_new ("arcmage");
  DwCard *card = NULL;
  g_autoptr(DwStats) stats = NULL;
  const DwStatsColumn *last;

  for (guint i = 0; card == NULL; i++)
    {
      g_autoptr(DwCardDb) db = g_list_model_get_item (dw_library_get_card_dbs (library), i);
      guint n_cards = 0;
      DwCard * const *cards = dw_card_db_peek_cards (db, &n_cards);

      for (guint j = 0; card == NULL && j < n_cards; j++)
        if (g_strcmp0 (dw_card_get_value (cards[j], "cost"), "X") == 0)
          card = cards[j];
    }
  dw_deck_add_card (deck, "main", card, 3);
  stats = stats_for (deck);
  last = dw_stats_get_column (stats, dw_stats_get_n_columns (stats) - 1);
  g_assert_cmpstr (last->label, ==, "X");
  g_assert_cmpuint (last->total, ==, 3);
}

/* Coraabia: the parameters' averages and spread, and the influence. */
static void
test_stats_coraabia_numbers_and_influence (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "cor-bone-choir.xml");
  g_autoptr(DwStats) stats = stats_for (deck);
  g_autoptr(DwQuery) characters = dw_query_parse (dw_stats_get_game (stats), "type:character", NULL);
  GArray *numbers = dw_stats_get_numbers (stats);
  DwOddsCounts counts;
  const char *code;
  gint64 total;
  gint64 max;

  dw_stats_count (stats, characters, &counts);
  g_assert_cmpuint (counts.in, ==, counts.stop_in);
  g_assert_cmpuint (counts.stop_out, ==, 0);
  g_assert_cmpuint (counts.in + counts.out, ==, dw_deck_count_section (deck, "deck"));

  g_assert_cmpuint (numbers->len, ==, 5);
  for (guint i = 0; i < numbers->len; i++)
    {
      const DwStatsNumber *number = &g_array_index (numbers, DwStatsNumber, i);

      g_assert_cmpuint (number->n_cards, ==, counts.in);
      g_assert_cmpfloat_with_epsilon (number->mean, (double) number->total / number->n_cards, 1e-9);
      g_assert_cmpfloat (number->spread, >=, 0.0);
    }
  g_assert_cmpstr (g_array_index (numbers, DwStatsNumber, 0).id, ==, "danger");

  g_assert_true (dw_stats_get_budget (stats, &code, &total, &max));
  g_assert_cmpstr (code, ==, "influence");
  g_assert_cmpint (max, ==, 60);
  g_assert_cmpint (total, >, (gint64) dw_deck_count_section (deck, "deck"));
  g_assert_cmpstr (dw_stats_get_curve_name (stats), ==, "Influence");
}

static void
test_stats_json_has_the_odds (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwStats) stats = stats_for (deck);
  g_autofree char *json = dw_stats_to_json (stats);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;
  JsonArray *creature;

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "size"), ==, 60);
  creature = json_object_get_array_member (json_object_get_object_member (json_object_get_object_member (root, "odds"),
                                                                          "at_least_one"), "Creature");
  g_assert_cmpuint (json_array_get_length (creature), ==, DW_ODDS_N_STEPS);
  for (guint i = 1; i < DW_ODDS_N_STEPS; i++)
    g_assert_cmpfloat (json_array_get_double_element (creature, i), >=, json_array_get_double_element (creature, i - 1));
  g_assert_cmpfloat (json_array_get_double_element (creature, 0), >, 90.0);
  g_assert_cmpfloat (json_array_get_double_element (creature, 0), <=, 100.0);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/odds/hypergeometric-matches-brute-force", test_hypergeometric_matches_brute_force);
  g_test_add_func ("/odds/hypergeometric-known-value", test_hypergeometric_known_value);
  g_test_add_func ("/odds/hypergeometric-huge-deck", test_hypergeometric_huge_deck);
  g_test_add_func ("/odds/reveal-matches-brute-force", test_reveal_matches_brute_force);
  g_test_add_func ("/odds/arcmage-deal-is-the-tables", test_arcmage_deal_is_the_tables);
  g_test_add_func ("/odds/coraabia-deal-is-the-tables", test_coraabia_deal_is_the_tables);
  g_test_add_func ("/stats/curve-holds-the-main-deck", test_stats_curve_holds_the_main_deck);
  g_test_add_func ("/stats/lettered-cost-has-its-own-bar", test_stats_lettered_cost_has_its_own_bar);
  g_test_add_func ("/stats/coraabia-numbers-and-influence", test_stats_coraabia_numbers_and_influence);
  g_test_add_func ("/stats/json-has-the-odds", test_stats_json_has_the_odds);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
