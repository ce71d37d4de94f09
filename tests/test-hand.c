/* test-hand.c — sample opening hands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-hand.h"
#include "dw-rng.h"
#include "dw-sample-hand.h"
#include "dw-stats.h"
#include "dw-table.h"
#include "dw-test-util.h"

static DwLibrary *library;

static void
test_sampler_holds_every_copy (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwHandSampler) main_deck = dw_hand_sampler_new (deck, "main");
  g_autoptr(DwHandSampler) missing = dw_hand_sampler_new (deck, "no-such-section");
  DwDeckEntry *hand[7];

  g_assert_cmpuint (dw_hand_sampler_get_size (main_deck), ==, dw_deck_count_section (deck, "main"));
  g_assert_cmpuint (dw_hand_sampler_get_size (main_deck), ==, 60);
  g_assert_cmpuint (dw_hand_sampler_get_size (missing), ==, 0);
  g_assert_cmpuint (dw_hand_sampler_draw (missing, 1, 7, hand), ==, 0);
}

static void
test_same_seed_same_hand (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwHandSampler) sampler = dw_hand_sampler_new (deck, "main");
  DwDeckEntry *first[7];
  DwDeckEntry *again[7];
  guint differs = 0;

  for (guint64 seed = 0; seed < 50; seed++)
    {
      DwDeckEntry *other[7];

      g_assert_cmpuint (dw_hand_sampler_draw (sampler, seed, 7, first), ==, 7);
      g_assert_cmpuint (dw_hand_sampler_draw (sampler, seed, 7, again), ==, 7);
      g_assert_true (memcmp (first, again, sizeof first) == 0);

      dw_hand_sampler_draw (sampler, seed + 1000, 7, other);
      differs += memcmp (first, other, sizeof first) != 0;
    }
  g_assert_cmpuint (differs, >, 40);
}

/* Drawing takes only as many steps of the shuffle as it draws; the cards
 * are those a whole dw_rng_shuffle() would put on top. */
static void
test_hand_is_the_top_of_a_whole_shuffle (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "cor-bone-choir.xml");
  g_autoptr(DwHandSampler) sampler = dw_hand_sampler_new (deck, "deck");
  g_autoptr(GPtrArray) copies = g_ptr_array_new ();
  GListModel *entries = dw_deck_get_section (deck, "deck");
  guint n = dw_hand_sampler_get_size (sampler);

  /* The section as a table deals it: file order, the first card on top. */
  for (guint i = g_list_model_get_n_items (entries); i > 0; i--)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i - 1);

      for (guint copy = 0; copy < dw_deck_entry_get_count (entry); copy++)
        g_ptr_array_add (copies, entry);
    }
  g_assert_cmpuint (copies->len, ==, n);
  g_assert_cmpuint (n, >=, 20);

  for (guint64 seed = 0; seed < 200; seed++)
    {
      g_autofree guint *order = g_new (guint, n);
      DwDeckEntry *hand[7];
      DwRng rng;

      for (guint i = 0; i < n; i++)
        order[i] = i;
      dw_rng_init (&rng, seed);
      dw_rng_shuffle (&rng, order, n);

      g_assert_cmpuint (dw_hand_sampler_draw (sampler, seed, 7, hand), ==, 7);
      for (guint k = 0; k < 7; k++)
        g_assert_true (hand[k] == g_ptr_array_index (copies, order[n - 1 - k]));
    }
}

/* The opening hand of an Arcmage table dealt from the same seed. */
static void
test_hand_matches_a_table_dealt_from_the_seed (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwHandSampler) sampler = dw_hand_sampler_new (deck, "main");

  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DwTable) table = dw_table_new (library, deck, NULL, seed, &error);
      const DwTableState *state;
      const DwTableZone *hand_zone = NULL;
      DwDeckEntry *hand[7];

      g_assert_no_error (error);
      state = dw_table_get_state (table);
      for (guint i = 0; i < state->zones->len; i++)
        {
          const DwTableZone *zone = dw_table_state_get_zone (state, i);

          if (zone->side == DW_SIDE_PLAYER && g_strcmp0 (zone->id, "hand") == 0)
            hand_zone = zone;
        }
      g_assert_nonnull (hand_zone);
      g_assert_cmpuint (hand_zone->cards->len, ==, 7);

      g_assert_cmpuint (dw_hand_sampler_draw (sampler, seed, 7, hand), ==, 7);
      for (guint k = 0; k < 7; k++)
        {
          guint number = g_array_index (hand_zone->cards, guint, k);
          DwTableCard *card = dw_table_state_get_card (state, number);

          g_assert_true (card->card == dw_deck_entry_get_card (hand[k]));
        }
    }
}

/* How many copies of @card the section holds. */
static guint
copies_in (DwDeck     *deck,
           const char *section_id,
           DwCard     *card)
{
  GListModel *entries = dw_deck_get_section (deck, section_id);
  guint copies = 0;

  for (guint i = 0; entries && i < g_list_model_get_n_items (entries); i++)
    {
      g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, i);

      if (dw_deck_entry_get_card (entry) == card)
        copies += dw_deck_entry_get_count (entry);
    }
  return copies;
}

/* Drawn without replacement from @section_id alone. */
static void
assert_hand_from (DwDeck       *deck,
                  const char   *section_id,
                  DwSampleHand *hand)
{
  for (guint i = 0; i < dw_sample_hand_get_n_cards (hand); i++)
    {
      DwCard *card = dw_sample_hand_get_card (hand, i);
      guint in_hand = 0;

      for (guint j = 0; j < dw_sample_hand_get_n_cards (hand); j++)
        in_hand += dw_sample_hand_get_card (hand, j) == card;
      g_assert_cmpuint (in_hand, <=, copies_in (deck, section_id, card));
    }
}

/* The sample hand is the table's, which the sampler matches too. */
static void
test_sample_hand_is_the_tables (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwHandSampler) sampler = dw_hand_sampler_new (deck, "main");
  guint differs = 0;
  g_autofree char *previous = NULL;

  g_assert_cmpuint (dw_deck_count_section (deck, "regions"), >, 0);
  for (guint64 seed = 100; seed < 130; seed++)
    {
      g_autoptr(DwSampleHand) hand = dw_sample_hand_new (library, deck, seed, NULL);
      g_autoptr(DwSampleHand) again = dw_sample_hand_new (library, deck, seed, NULL);
      g_autofree char *line = dw_sample_hand_to_string (hand);
      g_autofree char *line_again = dw_sample_hand_to_string (again);
      DwDeckEntry *drawn[7];

      g_assert_cmpuint (dw_sample_hand_get_seed (hand), ==, seed);
      g_assert_cmpuint (dw_sample_hand_get_n_cards (hand), ==, 7);
      g_assert_cmpstr (line, ==, line_again);
      assert_hand_from (deck, "main", hand);
      dw_hand_sampler_draw (sampler, seed, 7, drawn);
      for (guint k = 0; k < 7; k++)
        g_assert_true (dw_sample_hand_get_card (hand, k) == dw_deck_entry_get_card (drawn[k]));
      if (previous != NULL)
        differs += strcmp (strchr (previous, ':'), strchr (line, ':')) != 0;
      g_free (previous);
      previous = g_strdup (line);
    }
  g_assert_cmpuint (differs, >, 25);
}

/* Coraabia deals by revealing up to the first character: tricks, then
 * the character; never a connection. */
static void
test_sample_hand_coraabia_reveals_to_a_character (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "cor-bone-choir.xml");

  g_assert_cmpuint (dw_deck_count_section (deck, "connections"), >, 0);
  for (guint64 seed = 0; seed < 30; seed++)
    {
      g_autoptr(DwSampleHand) hand = dw_sample_hand_new (library, deck, seed, NULL);
      guint n = dw_sample_hand_get_n_cards (hand);

      g_assert_cmpuint (n, >=, 1);
      assert_hand_from (deck, "deck", hand);
      for (guint i = 0; i + 1 < n; i++)
        g_assert_cmpstr (dw_card_get_card_type (dw_sample_hand_get_card (hand, i)), ==, "Trick");
      g_assert_cmpstr (dw_card_get_card_type (dw_sample_hand_get_card (hand, n - 1)), ==, "Character");
      g_assert_false (dw_sample_hand_can_mulligan (hand));
    }
}

/* The Original Rules Concept's mulligan, once: two to the grave, the
 * kept cards stay, the hand is drawn up to 7 again. */
static void
test_sample_hand_mulligan (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwSampleHand) hand = dw_sample_hand_new (library, deck, 9, NULL);
  g_autoptr(DwSampleHand) same = dw_sample_hand_new (library, deck, 9, NULL);
  g_autoptr(GError) error = NULL;
  const guint keep[] = { 1, 4, 6 };
  DwCard *kept[G_N_ELEMENTS (keep)];
  g_autofree char *after = NULL;
  g_autofree char *same_after = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (keep); i++)
    kept[i] = dw_sample_hand_get_card (hand, keep[i]);
  g_assert_true (dw_sample_hand_can_mulligan (hand));
  g_assert_true (dw_sample_hand_mulligan (hand, keep, G_N_ELEMENTS (keep), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dw_sample_hand_get_n_cards (hand), ==, 7);
  for (guint i = 0; i < G_N_ELEMENTS (keep); i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < 7 && !found; j++)
        found = dw_sample_hand_get_card (hand, j) == kept[i];
      g_assert_true (found);
    }
  assert_hand_from (deck, "main", hand);

  /* Reproducible from the seed and the choice. */
  g_assert_true (dw_sample_hand_mulligan (same, keep, G_N_ELEMENTS (keep), NULL));
  after = dw_sample_hand_to_string (hand);
  same_after = dw_sample_hand_to_string (same);
  g_assert_cmpstr (after, ==, same_after);

  /* "During each players first turn the player is allowed to do a
   * Mulligan, once." */
  g_assert_false (dw_sample_hand_can_mulligan (hand));
  g_assert_false (dw_sample_hand_mulligan (hand, NULL, 0, &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED);
}

static void
test_sample_hand_mulligan_keeps_five_at_most (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwSampleHand) hand = dw_sample_hand_new (library, deck, 3, NULL);
  g_autoptr(GError) error = NULL;
  const guint keep[] = { 0, 1, 2, 3, 4, 5 };

  g_assert_false (dw_sample_hand_mulligan (hand, keep, G_N_ELEMENTS (keep), &error));
  g_assert_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED);
  g_assert_true (dw_sample_hand_can_mulligan (hand));
}

/* Issue 20, B5: 10^8 copies in a 64 KB deck allocated one element per
 * copy until memory ran out.  No file may hold more than
 * DW_DECK_MAX_COPIES (/deck/limits-are-refused-where-they-pass); a deck a
 * program builds past it is refused by the table and sampled and counted
 * from its first DW_DECK_MAX_COPIES copies, so the memory stays bounded. */
static void
test_b5_a_deck_past_the_limits_allocates_no_more (void)
{
  g_autoptr(DwDeck) deck = dw_test_load_deck (library, "orc-green-wall.xml");
  g_autoptr(DwDeckEntry) flood = dw_deck_entry_new ("arc-0001", "Thornwood Scout", 100000000);
  g_autoptr(DwHandSampler) sampler = NULL;
  g_autoptr(DwTable) table = NULL;
  g_autoptr(GError) error = NULL;
  DwStats *stats;
  DwDeckEntry *hand[7];

  dw_deck_add_entry (deck, "main", flood);
  dw_library_resolve_deck (library, deck);

  sampler = dw_hand_sampler_new (deck, "main");
  g_assert_cmpuint (dw_hand_sampler_get_size (sampler), ==, DW_DECK_MAX_COPIES);
  g_assert_cmpuint (dw_hand_sampler_draw (sampler, 1, 7, hand), ==, 7);

  stats = dw_stats_new (dw_library_lookup_game (library, "arcmage"), NULL, deck);
  g_assert_cmpuint (dw_stats_get_size (stats), ==, 100000000 + 60);
  dw_stats_unref (stats);

  /* The table keeps the deck as its file says it (so a saved table
   * replays it), and such a file is refused where it passes the limit. */
  table = dw_table_new (library, deck, NULL, 1, &error);
  g_assert_null (table);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "the count must be a whole number from 1 to 999"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/hand/sampler-holds-every-copy", test_sampler_holds_every_copy);
  g_test_add_func ("/hand/b5-a-deck-past-the-limits-allocates-no-more",
                   test_b5_a_deck_past_the_limits_allocates_no_more);
  g_test_add_func ("/hand/same-seed-same-hand", test_same_seed_same_hand);
  g_test_add_func ("/hand/hand-is-the-top-of-a-whole-shuffle", test_hand_is_the_top_of_a_whole_shuffle);
  g_test_add_func ("/hand/hand-matches-a-table-dealt-from-the-seed",
                   test_hand_matches_a_table_dealt_from_the_seed);
  g_test_add_func ("/hand/sample-hand-is-the-tables", test_sample_hand_is_the_tables);
  g_test_add_func ("/hand/sample-hand-coraabia-reveals-to-a-character",
                   test_sample_hand_coraabia_reveals_to_a_character);
  g_test_add_func ("/hand/sample-hand-mulligan", test_sample_hand_mulligan);
  g_test_add_func ("/hand/sample-hand-mulligan-keeps-five-at-most", test_sample_hand_mulligan_keeps_five_at_most);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
