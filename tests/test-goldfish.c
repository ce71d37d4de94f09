/* test-goldfish.c — the goldfish simulation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dw-goldfish.h"
#include "dw-stats.h"
#include "dw-test-util.h"

#define N_GAMES 20000

static DwLibrary *library;

/* An Arcmage deck of 60 whose only creatures are @n_creatures copies of
 * one, so that a creature in hand is far from certain. */
static DwDeck *
few_creatures_deck (guint n_creatures)
{
  g_autoptr(DwCardDb) db = NULL;
  DwCard * const *cards;
  DwDeck *deck = dw_deck_new ("arcmage");
  guint n_cards = 0;
  guint others = 0;
  gboolean creature = FALSE;

  for (guint i = 0; db == NULL; i++)
    {
      g_autoptr(DwCardDb) candidate = g_list_model_get_item (dw_library_get_card_dbs (library), i);

      g_assert_nonnull (candidate);
      if (g_strcmp0 (dw_game_get_id (dw_card_db_get_game (candidate)), "arcmage") == 0)
        db = g_steal_pointer (&candidate);
    }
  cards = dw_card_db_peek_cards (db, &n_cards);
  for (guint i = 0; i < n_cards && (others < 60 - n_creatures || !creature); i++)
    {
      const char *type = dw_card_get_card_type (cards[i]);

      if (g_strcmp0 (type, "Creature") == 0 && !creature)
        {
          dw_deck_add_card (deck, "main", cards[i], n_creatures);
          creature = TRUE;
        }
      else if (g_strcmp0 (type, "Event") == 0 || g_strcmp0 (type, "Spell") == 0 ||
               g_strcmp0 (type, "Enchantment") == 0 || g_strcmp0 (type, "Equipment") == 0)
        {
          guint count = MIN (4, 60 - n_creatures - others);

          if (count > 0)
            dw_deck_add_card (deck, "main", cards[i], count);
          others += count;
        }
    }
  g_assert_cmpuint (dw_deck_count_section (deck, "main"), ==, 60);
  return deck;
}

static void
run (DwDeck           *deck,
     guint64           seed,
     guint             n_games,
     DwGoldfishResult *result)
{
  DwGame *game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));
  g_autoptr(GError) error = NULL;
  g_autoptr(DwGoldfish) goldfish = dw_goldfish_new (game, deck, &error);

  g_assert_no_error (error);
  g_assert_true (dw_goldfish_run (goldfish, seed, n_games, NULL, NULL, NULL, result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result->n_games, ==, n_games);
}

static DwOddsCounts
counts_of (DwDeck     *deck,
           const char *query_text)
{
  DwGame *game = dw_library_lookup_game (library, dw_deck_get_game_id (deck));
  g_autoptr(DwStats) stats = dw_stats_new (game, NULL, deck);
  g_autoptr(DwQuery) query = dw_query_parse (game, query_text, NULL);
  DwOddsCounts counts;

  dw_stats_count (stats, query, &counts);
  return counts;
}

static void
assert_inside_interval (guint  successes,
                        guint  n,
                        double exact)
{
  double low;
  double high;

  dw_proportion_interval (successes, n, &low, &high);
  g_test_message ("%u of %u, exact %.5f, 99%% interval %.5f–%.5f", successes, n, exact, low, high);
  g_assert_cmpfloat (low, <=, exact);
  g_assert_cmpfloat (exact, <=, high);
}

static void
test_same_seed_same_figures (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  DwGoldfishResult first;
  DwGoldfishResult again;
  DwGoldfishResult other;

  run (deck, 42, 2000, &first);
  run (deck, 42, 2000, &again);
  run (deck, 43, 2000, &other);
  g_assert_true (memcmp (&first, &again, sizeof first) == 0);
  g_assert_false (memcmp (first.creature_played, other.creature_played, sizeof first.creature_played) == 0 &&
                  memcmp (first.gold_turn_sum, other.gold_turn_sum, sizeof first.gold_turn_sum) == 0);
  g_assert_cmpuint (first.n_turns, ==, 2000 * DW_GOLDFISH_TURNS);
}

/* Where exact odds apply — a creature among the cards drawn by a turn —
 * the simulated share lies inside its 99% interval. */
static void
test_arcmage_agrees_with_exact_odds (void)
{
  g_autoptr(DwDeck) deck = few_creatures_deck (4);
  const DwDeal *deal = dw_game_get_deal (dw_library_lookup_game (library, "arcmage"));
  DwOddsCounts counts = counts_of (deck, "type:creature");
  DwGoldfishResult result;

  g_assert_cmpuint (counts.in, ==, 4);
  run (deck, 2026, N_GAMES, &result);
  for (guint turn = 1; turn < DW_ODDS_N_STEPS; turn++)
    {
      assert_inside_interval (result.creature_drawn[turn - 1], result.n_games,
                              dw_odds_at_least (deal, &counts, turn, 1));
      /* A creature is played only once drawn, and stays played. */
      g_assert_cmpuint (result.creature_played[turn - 1], <=, result.creature_drawn[turn - 1]);
      if (turn > 1)
        g_assert_cmpuint (result.creature_played[turn - 1], >=, result.creature_played[turn - 2]);
    }
  /* A hand of 9 always has a card for the vault on turn 1. */
  g_assert_cmpuint (result.gold_reached[0], ==, result.n_games);
  g_assert_cmpuint (result.gold_turn_sum[0], ==, result.n_games);
}

/* One card a turn goes into the vault, so gold g comes on turn g at the
 * earliest, and a deck of creatures that all cost 1 plays one on turn 1. */
static void
test_arcmage_gold_and_creatures_follow_the_vault (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  DwGoldfishResult result;

  run (deck, 5, 5000, &result);
  for (guint g = 0; g < DW_GOLDFISH_GOLD; g++)
    if (result.gold_reached[g] > 0)
      g_assert_cmpuint (result.gold_turn_sum[g], >=, (guint64) result.gold_reached[g] * (g + 1));
  g_assert_cmpuint (result.creature_played[DW_GOLDFISH_TURNS - 1], >, result.creature_played[0]);
}

static void
test_coraabia_agrees_with_exact_odds (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "cor-bone-choir.xml");
  const DwDeal *deal = dw_game_get_deal (dw_library_lookup_game (library, "coraabia"));
  DwOddsCounts tricks = counts_of (deck, "type:trick");
  DwGoldfishResult result;
  guint64 characters = tricks.stop_out;

  g_assert_cmpuint (tricks.in, >, 0);
  run (deck, 77, N_GAMES, &result);
  for (guint duel = 1; duel <= DW_ODDS_N_STEPS; duel++)
    assert_inside_interval (result.trick_seen[duel - 1], result.n_games,
                            dw_odds_at_least (deal, &tricks, duel - 1, 1));
  /* The characters run out first when the deck's last card is a trick. */
  assert_inside_interval (result.out_first, result.n_games, (double) tricks.in / (tricks.in + characters));
  g_assert_cmpuint (result.dueled[0], ==, result.n_games);
}

/* The interval of a mean holds what a hand computation gives. */
static void
test_mean_interval (void)
{
  double low;
  double high;
  /* 1, 2, 3, 4: mean 2.5, sample variance 5/3. */
  double mean = dw_mean_interval (10.0, 30.0, 4, &low, &high);

  g_assert_cmpfloat_with_epsilon (mean, 2.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (high - mean, DW_GOLDFISH_Z99 * sqrt (5.0 / 3.0 / 4.0), 1e-12);
  g_assert_cmpfloat_with_epsilon (mean - low, high - mean, 1e-12);
}

static void
count_progress (guint    done,
                guint    total,
                gpointer user_data)
{
  guint *last = user_data;

  g_assert_cmpuint (done, >=, *last);
  g_assert_cmpuint (done, <=, total);
  *last = done;
}

static void
test_cancel_stops_the_games (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  DwGame *game = dw_library_lookup_game (library, "arcmage");
  g_autoptr(DwGoldfish) goldfish = dw_goldfish_new (game, deck, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  DwGoldfishResult result;
  guint last = 0;

  g_assert_true (dw_goldfish_run (goldfish, 1, 10000, count_progress, &last, cancellable, &result, NULL));
  g_assert_cmpuint (last, ==, 10000);

  g_cancellable_cancel (cancellable);
  g_assert_false (dw_goldfish_run (goldfish, 1, 10000, NULL, NULL, cancellable, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (result.n_games, <, 10000);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/goldfish/same-seed-same-figures", test_same_seed_same_figures);
  g_test_add_func ("/goldfish/arcmage-agrees-with-exact-odds", test_arcmage_agrees_with_exact_odds);
  g_test_add_func ("/goldfish/arcmage-gold-and-creatures-follow-the-vault",
                   test_arcmage_gold_and_creatures_follow_the_vault);
  g_test_add_func ("/goldfish/coraabia-agrees-with-exact-odds", test_coraabia_agrees_with_exact_odds);
  g_test_add_func ("/goldfish/cancel-stops-the-games", test_cancel_stops_the_games);
  g_test_add_func ("/goldfish/mean-interval", test_mean_interval);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
