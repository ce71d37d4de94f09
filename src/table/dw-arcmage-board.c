/* dw-arcmage-board.c — what the Arcmage files ask of the board
 *
 * Where a zone is, what a card is and costs, what a domain holds, how a
 * card is named in a message, how a card is found from what the player
 * wrote: the helpers the rules (dw-arcmage-rules.c), the actions
 * (dw-arcmage-play.c) and the view's words (dw-arcmage-view.c) share.
 * It calls none of them, so none of them calls back into another.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include "dw-arcmage-private.h"

#define RULE_FACTIONS       N_("Deck Building: Faction combinations")

const char * const arcmage_domains[ARCMAGE_N_DOMAINS + 1] = { "politics", "science", "faith", NULL };

int
arcmage_zone (const DwTableState *state,
              DwSide              side,
              const char         *id)
{
  int zone = dw_table_state_find_zone (state, side, id);

  g_assert (zone >= 0);
  return zone;
}

guint
arcmage_zone_size (const DwTableState *state,
                   DwSide              side,
                   const char         *id)
{
  return dw_table_state_get_zone (state, (guint) arcmage_zone (state, side, id))->cards->len;
}

/* 0, 1, 2 for politics, science, faith; -1 otherwise. */
int
arcmage_domain_index (const char *zone_id)
{
  for (int i = 0; i < ARCMAGE_N_DOMAINS; i++)
    if (g_strcmp0 (arcmage_domains[i], zone_id) == 0)
      return i;
  return -1;
}

gboolean
arcmage_is_domain (const DwTableState *state,
                   guint               zone)
{
  const DwTableZone *z = dw_table_state_get_zone (state, zone);

  return z->side == DW_SIDE_PLAYER && arcmage_domain_index (z->def_id) >= 0;
}

gboolean
arcmage_is_type (const DwTableCard *card,
                 const char        *type)
{
  return g_strcmp0 (dw_card_get_card_type (card->card), type) == 0;
}

gboolean
arcmage_is_top_servant (const DwTableState *state,
                        guint               number)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  return arcmage_is_domain (state, card->zone) &&
         dw_table_zone_get_top (dw_table_state_get_zone (state, card->zone)) == number;
}

gboolean
arcmage_in_play_phase (const DwTableState *state)
{
  return state->phase == PHASE_PLAY || state->phase == PHASE_PLAY_2;
}

gboolean
arcmage_in_move_attack (const DwTableState *state)
{
  return state->phase == PHASE_MOVE_ATTACK || state->phase == PHASE_MOVE_ATTACK_2;
}

/* The printed gold cost when it is a number; else (X, T, none) 0.
 * Choice: a creature whose cost is X or T counts 0 domain points and 0
 * gold towards magic — its cost is defined only while it is being
 * played (Gold & Resources: Variable Gold Costs). */
gint64
arcmage_printed_cost (const DwTableCard *card)
{
  gint64 cost = 0;

  if (!dw_card_get_int (card->card, "cost", &cost))
    return 0;
  return MAX (cost, 0);
}

/* "the player sums up the gold cost of all unmarked creatures in it"
 * (Turn Phases: Tactics). */
gint64
arcmage_domain_points (const DwTableState *state,
                       guint               zone)
{
  const DwTableZone *z = dw_table_state_get_zone (state, zone);
  gint64 points = 0;

  for (guint i = 0; i < z->cards->len; i++)
    {
      const DwTableCard *card = dw_table_state_get_card (state, g_array_index (z->cards, guint, i));

      if (arcmage_is_type (card, "Creature") && !card->marked)
        points += arcmage_printed_cost (card);
    }
  return points;
}

/* "its corresponding domain must contain creatures that have a total
 * gold value that is equal to or larger than the cost" (Card Types:
 * Magic).  Choice: marked creatures count here — the text marks only
 * the domain points of the tactics phase as unmarked-only. */
gint64
arcmage_domain_gold (const DwTableState *state,
                     guint               zone)
{
  const DwTableZone *z = dw_table_state_get_zone (state, zone);
  gint64 gold = 0;

  for (guint i = 0; i < z->cards->len; i++)
    {
      const DwTableCard *card = dw_table_state_get_card (state, g_array_index (z->cards, guint, i));

      if (arcmage_is_type (card, "Creature"))
        gold += arcmage_printed_cost (card);
    }
  return gold;
}

char *
arcmage_label (const DwTableState *state,
               guint               number)
{
  return dw_table_state_card_label (state, number);
}

/* Finds a card for an action, skipping the cards the action already
 * chose (@taken, may be NULL), and adds it to @taken.  A name finds the
 * first card of that name that @filter says could do the action (an
 * unmarked attacker before a marked one); failing that, the first of
 * that name at all, so that the rules can say exactly why it cannot. */
gboolean
arcmage_find (DwTableContext  *ctx,
              const DwToken   *ref,
              const int       *zones,
              guint            n_zones,
              const char      *where,
              DwCardFilter     filter,
              GArray          *taken,
              guint           *number,
              GError         **error)
{
  DwCardQuery query = { zones, n_zones, where, filter, NULL, NULL, 0 };

  if (taken != NULL)
    {
      query.taken = (const guint *) (gpointer) taken->data;
      query.n_taken = taken->len;
    }
  if (!dw_table_state_find_card (ctx->state, ref, &query, number, NULL))
    {
      query.filter = NULL;
      if (!dw_table_state_find_card (ctx->state, ref, &query, number, error))
        return FALSE;
    }
  if (taken != NULL)
    g_array_append_val (taken, *number);
  return TRUE;
}

/* To its owner's grave, newest on top — a token instead leaves the game:
 * "Can't be put in hand/deck/grave – whatever would try to move them to
 * that kills them instead and removes them from the game" (Card Types:
 * Token Creatures). */
void
arcmage_to_grave (DwTableContext *ctx,
                  guint           number)
{
  DwTableState *state = ctx->state;
  DwTableCard *card = dw_table_state_get_card (state, number);
  g_autofree char *label = arcmage_label (state, number);

  if (dw_card_is_token (card->card))
    {
      dw_table_state_move (state, number, (guint) arcmage_zone (state, card->owner, "removed"), FALSE);
      dw_table_context_say (ctx, _("%s is a token and leaves the game instead of going to the grave"),
                            label);
      return;
    }
  dw_table_state_move (state, number, (guint) arcmage_zone (state, card->owner, "grave"), FALSE);
}

/* "with only one faction being allowed in a domain at a time" (Deck
 * Building: Faction combinations).  Choice: cards of the faction None
 * belong to no faction and sit with any. */
gboolean
arcmage_faction_fits (const DwTableState  *state,
                      guint                number,
                      guint                domain,
                      GError             **error)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);
  const char *faction = dw_card_get_value (card->card, "faction");
  const DwTableZone *zone = dw_table_state_get_zone (state, domain);

  if (faction == NULL || strcmp (faction, "None") == 0)
    return TRUE;

  for (guint i = 0; i < zone->cards->len; i++)
    {
      guint other = g_array_index (zone->cards, guint, i);
      const char *theirs = dw_card_get_value (dw_table_state_get_card (state, other)->card, "faction");

      if (other != number && theirs != NULL && strcmp (theirs, "None") != 0 &&
          strcmp (theirs, faction) != 0)
        {
          g_autofree char *label = arcmage_label (state, number);
          g_autofree char *their_label = arcmage_label (state, other);

          dw_table_reject (error, _(RULE_FACTIONS),
                           _("%s serves %s, but %s holds %s of %s; a domain holds one faction at a time"),
                           label, faction, zone->id, their_label, theirs);
          return FALSE;
        }
    }
  return TRUE;
}

/* Marking */

/* Whether the player may mark @card for its use now (an attack, a
 * movement, a resource's gold).  "A card can only be marked once per
 * turn" (Card States: Marking & Unmarking), and it is the same card for
 * that limit after it left play and came back: it comes back unmarked
 * ("Cards always come into play in their unmarked state", same section),
 * but marked once this turn already.  Marking or unmarking by an
 * effect, which the player applies by hand ("manual mark"), is not
 * limited: "There is no limit on how many times a card can become
 * marked or unmarked if it happens due to an effect". */
gboolean
arcmage_may_mark (const DwTableState *state,
                  const DwTableCard  *card)
{
  return !card->marked && !dw_table_state_marked_this_turn (state, card);
}

/* How much gold the vault can still make: the cards that may be marked
 * for it (never one marked this turn, even if it left the vault and came
 * back since). */
guint
arcmage_unmarked_vault (const DwTableState *state)
{
  const DwTableZone *vault = dw_table_state_get_zone (state, (guint) arcmage_zone (state, DW_SIDE_PLAYER, "vault"));
  guint n = 0;

  for (guint i = 0; i < vault->cards->len; i++)
    if (arcmage_may_mark (state, dw_table_state_get_card (state, g_array_index (vault->cards, guint, i))))
      n++;
  return n;
}
