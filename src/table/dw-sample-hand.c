/* dw-sample-hand.c — an opening hand as a table started from a seed deals it
 *
 * A sample hand is a table: dw_table_new() with the deck and the seed,
 * so the hand is the game's own opening (Arcmage's seven cards, the
 * Coraabia reveal up to the first character, which waits in the duel)
 * and the mulligan is the game's own action, checked by its rules.  No
 * dealing is written twice, and a hand shared by its seed is the hand a
 * table started with that seed shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dw-sample-hand.h"

/* The player's zones a sample hand shows, in this order. */
static const char * const hand_zones[] = { "hand", "duel", NULL };

struct _DwSampleHand
{
  DwTable *table;
  GArray  *numbers;  /* the table's card numbers, as shown */
};

static void
collect (DwSampleHand *self)
{
  const DwTableState *state = dw_table_get_state (self->table);

  g_array_set_size (self->numbers, 0);
  for (guint z = 0; hand_zones[z]; z++)
    {
      int index = dw_table_state_find_zone (state, DW_SIDE_PLAYER, hand_zones[z]);
      const DwTableZone *zone;

      if (index < 0)
        continue;
      zone = dw_table_state_get_zone (state, (guint) index);
      for (guint i = 0; i < dw_table_zone_get_n_cards (zone); i++)
        {
          guint number = dw_table_zone_get_card (zone, i);

          g_array_append_val (self->numbers, number);
        }
    }
}

/* The hand a table dealt from @seed starts with.  Fails as the table
 * does: a game without a table, a card no database knows. */
DwSampleHand *
dw_sample_hand_new (DwLibrary  *library,
                    DwDeck     *deck,
                    guint64     seed,
                    GError    **error)
{
  g_autoptr(DwTable) table = dw_table_new (library, deck, NULL, seed, error);
  DwSampleHand *self;

  if (table == NULL)
    return NULL;
  self = g_new0 (DwSampleHand, 1);
  self->table = g_steal_pointer (&table);
  self->numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  collect (self);
  return self;
}

void
dw_sample_hand_free (DwSampleHand *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->table);
  g_array_unref (self->numbers);
  g_free (self);
}

guint64
dw_sample_hand_get_seed (DwSampleHand *self)
{
  return dw_table_get_seed (self->table);
}

guint
dw_sample_hand_get_n_cards (DwSampleHand *self)
{
  return self->numbers->len;
}

DwCard *
dw_sample_hand_get_card (DwSampleHand *self,
                         guint         position)
{
  g_return_val_if_fail (position < self->numbers->len, NULL);
  return dw_table_state_get_card (dw_table_get_state (self->table),
                                  g_array_index (self->numbers, guint, position))->card;
}

/* Whether the game has a mulligan and its rules allow one now: asked
 * with the first two cards of the hand, which any mulligan may name. */
gboolean
dw_sample_hand_can_mulligan (DwSampleHand *self)
{
  g_autoptr(DwAction) probe = NULL;
  g_autofree char *text = NULL;

  if (self->numbers->len < 2)
    return FALSE;
  text = dw_table_mulligan_action (self->table, (const guint *) self->numbers->data, 2, NULL, 0);
  if (text == NULL)
    return FALSE;
  probe = dw_table_parse (self->table, text, NULL);
  return probe != NULL && dw_table_check (self->table, probe, NULL);
}

/* The game's mulligan: the cards at the positions in @keep stay, the
 * first two of the others go to the grave, the rest are shuffled back
 * and the hand is drawn up again, all by the table's rules. */
gboolean
dw_sample_hand_mulligan (DwSampleHand  *self,
                         const guint   *keep,
                         guint          n_keep,
                         GError       **error)
{
  g_autoptr(GArray) grave = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *text = NULL;

  for (guint i = 0; i < self->numbers->len; i++)
    {
      guint number = g_array_index (self->numbers, guint, i);
      gboolean is_kept = FALSE;

      for (guint k = 0; k < n_keep && !is_kept; k++)
        is_kept = keep[k] == i;
      if (is_kept)
        g_array_append_val (kept, number);
      else if (grave->len < 2)
        g_array_append_val (grave, number);
    }
  if (grave->len < 2)
    {
      g_set_error_literal (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED,
                           _("a mulligan puts two cards of the hand into the grave: keep at most five"));
      return FALSE;
    }
  text = dw_table_mulligan_action (self->table, (const guint *) grave->data, grave->len,
                                   (const guint *) kept->data, kept->len);
  if (text == NULL)
    {
      g_set_error_literal (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED, _("this game has no mulligan"));
      return FALSE;
    }
  if (!dw_table_perform_text (self->table, text, NULL, error))
    return FALSE;
  collect (self);
  return TRUE;
}

/* The hand in one line: "SEED: card; card; …". */
char *
dw_sample_hand_to_string (DwSampleHand *self)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%" G_GUINT64_FORMAT ":", dw_table_get_seed (self->table));
  for (guint i = 0; i < self->numbers->len; i++)
    g_string_append_printf (out, "%s %s", i ? ";" : "", dw_card_get_name (dw_sample_hand_get_card (self, i)));
  return g_string_free (out, FALSE);
}
