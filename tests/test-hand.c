/* test-hand.c — sample opening hands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-hand.h"
#include "dw-rng.h"
#include "dw-table.h"
#include "dw-test-util.h"

static DwLibrary *library;

static DwDeck *
load_deck (const char *name)
{
  g_autofree char *path = dw_test_data_path ("decks", name, NULL);
  g_autoptr(GError) error = NULL;
  DwDeck *deck = dw_deck_load (path, &error);

  g_assert_no_error (error);
  dw_library_resolve_deck (library, deck);
  return deck;
}

static void
test_sampler_holds_every_copy (void)
{
  g_autoptr(DwDeck) deck = load_deck ("orc-green-wall.xml");
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
  g_autoptr(DwDeck) deck = load_deck ("orc-green-wall.xml");
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
  g_autoptr(DwDeck) deck = load_deck ("cor-bone-choir.xml");
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
  g_autoptr(DwDeck) deck = load_deck ("orc-green-wall.xml");
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

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  library = dw_test_library ();

  g_test_add_func ("/hand/sampler-holds-every-copy", test_sampler_holds_every_copy);
  g_test_add_func ("/hand/same-seed-same-hand", test_same_seed_same_hand);
  g_test_add_func ("/hand/hand-is-the-top-of-a-whole-shuffle", test_hand_is_the_top_of_a_whole_shuffle);
  g_test_add_func ("/hand/hand-matches-a-table-dealt-from-the-seed",
                   test_hand_matches_a_table_dealt_from_the_seed);

  status = g_test_run ();
  g_object_unref (library);
  return status;
}
