/* dw-hand.c — sample opening hands
 *
 * A sample hand is what a table dealt from the same seed would put in
 * the player's hand: the section's copies in file order with the first
 * on top (the end of the array, as the table keeps its zones), shuffled
 * by dw_rng_shuffle(), and drawn from the top.
 *
 * dw_rng_shuffle() is Fisher–Yates from the last item down, and its first
 * k steps fix the top k places for good; so drawing k cards needs only
 * those k steps, not the whole shuffle, and gives the same cards.  That
 * makes a hand of 7 from 60 cards cost 7 random numbers.
 *
 * The generator is the table's (src/table/dw-rng.h), so that a hand here
 * and a table with the same seed agree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-hand.h"
#include "dw-rng.h"

struct _DwHandSampler
{
  GPtrArray   *entries;  /* DwDeckEntry, one per copy, top last */
  guint       *order;    /* scratch for a draw */
  guint       *copies;   /* the copies drawn */
};

/* Every copy in @section_id of @deck, tokens included: the caller picks
 * the section the rules shuffle. */
DwHandSampler *
dw_hand_sampler_new (DwDeck     *deck,
                     const char *section_id)
{
  DwHandSampler *self = g_new0 (DwHandSampler, 1);
  GListModel *entries = dw_deck_get_section (deck, section_id);
  guint n = entries ? g_list_model_get_n_items (entries) : 0;

  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = n; i > 0; i--)
    {
      DwDeckEntry *entry = g_list_model_get_item (entries, i - 1);

      /* One element per copy, so never more than a deck file may hold
       * (dw-deck.h): a deck a program built past it is dealt from its
       * first DW_DECK_MAX_COPIES copies. */
      for (guint copy = 0; copy < dw_deck_entry_get_count (entry) &&
                           self->entries->len < DW_DECK_MAX_COPIES; copy++)
        g_ptr_array_add (self->entries, g_object_ref (entry));
      g_object_unref (entry);
    }
  self->order = g_new (guint, MAX (self->entries->len, 1));
  self->copies = g_new (guint, MAX (self->entries->len, 1));

  return self;
}

void
dw_hand_sampler_free (DwHandSampler *self)
{
  if (self == NULL)
    return;

  g_ptr_array_unref (self->entries);
  g_free (self->order);
  g_free (self->copies);
  g_free (self);
}

/* The number of cards shuffled. */
guint
dw_hand_sampler_get_size (DwHandSampler *self)
{
  return self->entries->len;
}

/* Shuffles with @seed and puts the positions of the top @n_cards
 * (fewer when the section is smaller) into @copies, top first; returns
 * how many were drawn.  dw_hand_sampler_get_copy() names each. */
guint
dw_hand_sampler_draw_copies (DwHandSampler *self,
                             guint64        seed,
                             guint          n_cards,
                             guint         *copies)
{
  guint n = self->entries->len;
  guint drawn = MIN (n_cards, n);
  DwRng rng;

  dw_rng_init (&rng, seed);
  for (guint i = 0; i < n; i++)
    self->order[i] = i;

  /* The first @drawn steps of dw_rng_shuffle(). */
  for (guint i = n; i > n - drawn; i--)
    {
      guint j = (guint) dw_rng_below (&rng, i);
      guint swap = self->order[i - 1];

      self->order[i - 1] = self->order[j];
      self->order[j] = swap;
    }

  for (guint k = 0; k < drawn; k++)
    copies[k] = self->order[n - 1 - k];

  return drawn;
}

/* The entry of copy @index, the sampler's: valid while it lives. */
DwDeckEntry *
dw_hand_sampler_get_copy (DwHandSampler *self,
                          guint          index)
{
  g_return_val_if_fail (index < self->entries->len, NULL);
  return g_ptr_array_index (self->entries, index);
}

/* Shuffles with @seed and puts the top @n_cards (fewer when the section
 * is smaller) into @hand, top first; returns how many were drawn.  The
 * entries are the sampler's: valid while it lives. */
guint
dw_hand_sampler_draw (DwHandSampler  *self,
                      guint64         seed,
                      guint           n_cards,
                      DwDeckEntry   **hand)
{
  guint drawn = dw_hand_sampler_draw_copies (self, seed, n_cards, self->copies);

  for (guint k = 0; k < drawn; k++)
    hand[k] = g_ptr_array_index (self->entries, self->copies[k]);

  return drawn;
}
