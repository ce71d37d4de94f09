/* dw-table-state.c — card instances, zones and counters, as plain data
 *
 * Nothing here knows a game: zones come from the game definition's
 * <zones>, cards from the deck's sections, and the rules decide what the
 * counters and stats mean.  The Arcmage table and the Coraabia table both
 * stand on this.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-table-rules.h"
#include "dw-table-state.h"

#define ASIDE_ZONE "aside"

static void
clear_zone (DwTableZone *zone)
{
  g_clear_pointer (&zone->cards, g_array_unref);
}

DwTableState *
dw_table_state_new (const DwTableRules *rules)
{
  DwTableState *state = g_new0 (DwTableState, 1);

  state->rules = rules;
  state->cards = g_array_new (FALSE, TRUE, sizeof (DwTableCard));
  state->zones = g_array_new (FALSE, TRUE, sizeof (DwTableZone));
  g_array_set_clear_func (state->zones, (GDestroyNotify) clear_zone);
  state->counters = g_array_new (FALSE, TRUE, sizeof (DwTableCounter));
  state->turn = 1;
  state->data = rules && rules->data_size ? g_malloc0 (rules->data_size) : NULL;
  return state;
}

DwTableState *
dw_table_state_copy (const DwTableState *state)
{
  DwTableState *copy = g_new0 (DwTableState, 1);

  *copy = *state;
  copy->cards = g_array_copy (state->cards);
  copy->counters = g_array_copy (state->counters);
  copy->zones = g_array_sized_new (FALSE, TRUE, sizeof (DwTableZone), state->zones->len);
  g_array_set_clear_func (copy->zones, (GDestroyNotify) clear_zone);
  for (guint i = 0; i < state->zones->len; i++)
    {
      DwTableZone zone = g_array_index (state->zones, DwTableZone, i);

      zone.cards = g_array_copy (zone.cards);
      g_array_append_val (copy->zones, zone);
    }
  copy->result_reason = g_strdup (state->result_reason);
  copy->data = state->data ? g_memdup2 (state->data, state->rules->data_size) : NULL;
  return copy;
}

void
dw_table_state_free (DwTableState *state)
{
  if (state == NULL)
    return;
  g_array_unref (state->cards);
  g_array_unref (state->zones);
  g_array_unref (state->counters);
  g_free (state->result_reason);
  g_free (state->data);
  g_free (state);
}

/* The same card: the same object, or — for cards the rules make up per
 * table, such as the goldfish's regions — the same id and name. */
static gboolean
same_card (DwCard *a,
           DwCard *b)
{
  return a == b ||
         (g_strcmp0 (dw_card_get_id (a), dw_card_get_id (b)) == 0 &&
          g_strcmp0 (dw_card_get_name (a), dw_card_get_name (b)) == 0);
}

static gboolean
cards_equal (const DwTableCard *a,
             const DwTableCard *b)
{
  if (a->number != b->number || !same_card (a->card, b->card) || a->owner != b->owner ||
      a->zone != b->zone || a->host != b->host || a->area != b->area ||
      a->marked != b->marked || a->marked_turn != b->marked_turn)
    return FALSE;
  for (guint i = 0; i < DW_TABLE_MAX_STATS; i++)
    if (a->adjust[i] != b->adjust[i])
      return FALSE;
  return TRUE;
}

static gboolean
arrays_equal (GArray *a,
              GArray *b)
{
  /* An empty GArray's data may be NULL, which memcmp() must not see. */
  return a->len == b->len &&
         (a->len == 0 || memcmp (a->data, b->data, (gsize) a->len * g_array_get_element_size (a)) == 0);
}

/* TRUE when the two states hold the same table, down to the random
 * number generator and the rules' own bookkeeping. */
gboolean
dw_table_state_equal (const DwTableState *a,
                      const DwTableState *b)
{
  if (a->rules != b->rules || a->turn != b->turn || a->phase != b->phase ||
      a->result != b->result || g_strcmp0 (a->result_reason, b->result_reason) != 0 ||
      memcmp (&a->rng, &b->rng, sizeof a->rng) != 0 ||
      a->cards->len != b->cards->len || a->zones->len != b->zones->len ||
      a->counters->len != b->counters->len)
    return FALSE;

  if (a->data != NULL && memcmp (a->data, b->data, a->rules->data_size) != 0)
    return FALSE;

  for (guint i = 0; i < a->cards->len; i++)
    if (!cards_equal (&g_array_index (a->cards, DwTableCard, i),
                      &g_array_index (b->cards, DwTableCard, i)))
      return FALSE;

  for (guint i = 0; i < a->zones->len; i++)
    {
      const DwTableZone *za = &g_array_index (a->zones, DwTableZone, i);
      const DwTableZone *zb = &g_array_index (b->zones, DwTableZone, i);

      if (za->id != zb->id || za->in_play != zb->in_play || !arrays_equal (za->cards, zb->cards))
        return FALSE;
    }

  for (guint i = 0; i < a->counters->len; i++)
    {
      const DwTableCounter *ca = &g_array_index (a->counters, DwTableCounter, i);
      const DwTableCounter *cb = &g_array_index (b->counters, DwTableCounter, i);

      if (ca->name != cb->name || ca->value != cb->value || ca->hidden != cb->hidden)
        return FALSE;
    }

  return TRUE;
}

/* Zones */

/* Adds a zone; on the opponent's side its id gets the prefix "opp-". */
guint
dw_table_state_add_zone (DwTableState     *state,
                         const char       *def_id,
                         const char       *name,
                         DwSide            side,
                         DwZoneVisibility  visibility,
                         gboolean          ordered)
{
  DwTableZone zone = { 0 };
  g_autofree char *id = NULL;

  id = side == DW_SIDE_OPPONENT ? g_strconcat ("opp-", def_id, NULL) : g_strdup (def_id);
  zone.id = g_intern_string (id);
  zone.def_id = g_intern_string (def_id);
  zone.name = name;
  zone.side = side;
  zone.visibility = visibility;
  zone.ordered = ordered;
  zone.cards = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (state->zones, zone);
  return state->zones->len - 1;
}

/* Adds the zones of the game definition's <zones> for @side, all of them
 * or those whose ids are in @only. */
void
dw_table_state_add_game_zones (DwTableState       *state,
                               DwGame             *game,
                               DwSide              side,
                               const char * const *only)
{
  for (guint i = 0; i < dw_game_get_n_zones (game); i++)
    {
      const DwZoneDef *def = dw_game_get_zone (game, i);
      guint index;

      if (only != NULL && !g_strv_contains (only, def->id))
        continue;
      index = dw_table_state_add_zone (state, def->id, def->name, side, def->visibility, def->ordered);
      if (def->start != NULL)
        g_array_index (state->zones, DwTableZone, index).start = g_intern_string (def->start);
    }
}

/* The index of @side's zone @def_id, or -1. */
int
dw_table_state_find_zone (const DwTableState *state,
                          DwSide              side,
                          const char         *def_id)
{
  const char *interned = g_intern_string (def_id);

  for (guint i = 0; i < state->zones->len; i++)
    {
      const DwTableZone *zone = &g_array_index (state->zones, DwTableZone, i);

      if (zone->side == side && zone->def_id == interned)
        return (int) i;
    }
  return -1;
}

/* The index of the zone the action language calls @id ("opp-regions"), or -1. */
int
dw_table_state_lookup_zone (const DwTableState *state,
                            const char         *id)
{
  const char *interned = g_intern_string (id);

  for (guint i = 0; i < state->zones->len; i++)
    if (g_array_index (state->zones, DwTableZone, i).id == interned)
      return (int) i;
  return -1;
}

DwTableZone *
dw_table_state_get_zone (const DwTableState *state,
                         guint               index)
{
  g_return_val_if_fail (index < state->zones->len, NULL);
  return &g_array_index (state->zones, DwTableZone, index);
}

guint
dw_table_zone_get_n_cards (const DwTableZone *zone)
{
  return zone->cards->len;
}

/* The #N at @position, counted from the bottom. */
guint
dw_table_zone_get_card (const DwTableZone *zone,
                        guint              position)
{
  g_return_val_if_fail (position < zone->cards->len, 0);
  return g_array_index (zone->cards, guint, position);
}

/* The #N on top, or 0 when the zone is empty. */
guint
dw_table_zone_get_top (const DwTableZone *zone)
{
  return zone->cards->len ? g_array_index (zone->cards, guint, zone->cards->len - 1) : 0;
}

/* Cards */

guint
dw_table_state_add_card (DwTableState *state,
                         DwCard       *card,
                         DwSide        owner,
                         guint         zone)
{
  DwTableCard instance = { 0 };

  instance.number = state->cards->len + 1;
  instance.card = card;
  instance.owner = owner;
  instance.zone = zone;
  instance.area = -1;
  g_array_append_val (state->cards, instance);
  g_array_append_val (dw_table_state_get_zone (state, zone)->cards, instance.number);
  return instance.number;
}

static guint
ensure_aside_zone (DwTableState *state,
                   DwSide        side)
{
  int index = dw_table_state_find_zone (state, side, ASIDE_ZONE);

  if (index >= 0)
    return (guint) index;
  return dw_table_state_add_zone (state, ASIDE_ZONE, N_("Set aside"), side, DW_ZONE_PUBLIC, FALSE);
}

static int
zone_for_section (DwTableState *state,
                  DwSide        side,
                  const char   *section)
{
  const char *interned = g_intern_string (section);

  for (guint i = 0; i < state->zones->len; i++)
    {
      const DwTableZone *zone = &g_array_index (state->zones, DwTableZone, i);

      if (zone->side == side && zone->start == interned)
        return (int) i;
    }
  return -1;
}

static void
reverse (guint *items,
         guint  n)
{
  for (guint i = 0; i < n / 2; i++)
    {
      guint swap = items[i];

      items[i] = items[n - 1 - i];
      items[n - 1 - i] = swap;
    }
}

/* Makes a card instance of every copy in @deck's sections (all of them,
 * or those in @sections), in file order, into the zone of @side that the
 * game definition starts that section in; a section no zone starts in
 * (Arcmage's tokens) waits in a public "aside" zone, and the cards being
 * considered stay out of the game.  An ordered zone gets
 * the section's first card on top, as a chapter of regions lists them;
 * a hidden ordered zone (the deck) is then shuffled. */
gboolean
dw_table_state_deal (DwTableState       *state,
                     DwDeck             *deck,
                     DwSide              side,
                     const char * const *sections,
                     GError            **error)
{
  g_autoptr(GArray) dealt = g_array_new (FALSE, FALSE, sizeof (int));
  guint64 copies = dw_deck_count_copies (deck);

  /* One instance per copy: a deck no file could hold (dw-deck.h's
   * limits) is refused rather than dealt until memory runs out. */
  if (copies > DW_DECK_MAX_COPIES)
    {
      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                   _("The deck holds %" PRIu64 " cards; a table deals at most %u"),
                   copies, DW_DECK_MAX_COPIES);
      return FALSE;
    }

  for (guint i = 0; i < dw_deck_get_n_sections (deck); i++)
    {
      const char *section_id = dw_deck_get_section_id (deck, i);
      GListModel *entries = dw_deck_get_section (deck, section_id);
      DwTableZone *zone;
      int index;
      guint first;

      if (sections != NULL && !g_strv_contains (sections, section_id))
        continue;
      /* Cards the player is still considering never come to the table. */
      if (dw_section_is_considering (section_id))
        continue;
      if (g_list_model_get_n_items (entries) == 0)
        continue;

      index = zone_for_section (state, side, section_id);
      if (index < 0)
        index = (int) ensure_aside_zone (state, side);
      zone = dw_table_state_get_zone (state, (guint) index);
      first = zone->cards->len;

      for (guint j = 0; j < g_list_model_get_n_items (entries); j++)
        {
          g_autoptr(DwDeckEntry) entry = g_list_model_get_item (entries, j);
          DwCard *card = dw_deck_entry_get_card (entry);

          if (card == NULL)
            {
              g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                           _("“%s” is in no %s card database, and the table cannot play a card "
                             "it does not know; check its name or add the database that has it"),
                           dw_deck_entry_get_display_name (entry), dw_deck_get_game_id (deck));
              return FALSE;
            }
          for (guint copy = 0; copy < dw_deck_entry_get_count (entry); copy++)
            dw_table_state_add_card (state, card, side, (guint) index);
        }

      zone = dw_table_state_get_zone (state, (guint) index);
      if (zone->ordered)
        reverse (&g_array_index (zone->cards, guint, first), zone->cards->len - first);
      g_array_append_val (dealt, index);
    }

  for (guint i = 0; i < state->zones->len; i++)
    {
      const DwTableZone *zone = dw_table_state_get_zone (state, i);
      gboolean was_dealt = FALSE;

      for (guint j = 0; j < dealt->len && !was_dealt; j++)
        was_dealt = g_array_index (dealt, int, j) == (int) i;
      if (was_dealt && zone->visibility == DW_ZONE_HIDDEN && zone->ordered)
        dw_table_state_shuffle (state, i);
    }

  return TRUE;
}

guint
dw_table_state_get_n_cards (const DwTableState *state)
{
  return state->cards->len;
}

/* The card #@number, or NULL when there is none. */
DwTableCard *
dw_table_state_get_card (const DwTableState *state,
                         guint               number)
{
  if (number == 0 || number > state->cards->len)
    return NULL;
  return &g_array_index (state->cards, DwTableCard, number - 1);
}

DwTableZone *
dw_table_state_zone_of (const DwTableState *state,
                        guint               number)
{
  DwTableCard *card = dw_table_state_get_card (state, number);

  g_return_val_if_fail (card != NULL, NULL);
  return dw_table_state_get_zone (state, card->zone);
}

static void
remove_number (GArray *cards,
               guint   number)
{
  for (guint i = 0; i < cards->len; i++)
    if (g_array_index (cards, guint, i) == number)
      {
        g_array_remove_index (cards, i);
        return;
      }
  g_return_if_reached ();
}

/* Puts #@number on top of @zone (or at its bottom).  A card that enters
 * or leaves play starts afresh: unmarked, unadjusted, unattached, as the
 * Arcmage rules say of cards entering play ("Marking & Unmarking") and as
 * any table expects of a card picked up and put down elsewhere. */
void
dw_table_state_move (DwTableState *state,
                     guint         number,
                     guint         zone,
                     gboolean      to_bottom)
{
  DwTableCard *card = dw_table_state_get_card (state, number);
  DwTableZone *from;
  DwTableZone *to;

  g_return_if_fail (card != NULL);
  g_return_if_fail (zone < state->zones->len);

  from = dw_table_state_get_zone (state, card->zone);
  to = dw_table_state_get_zone (state, zone);
  remove_number (from->cards, number);

  if (!(from->in_play && to->in_play))
    {
      card->marked = FALSE;
      card->host = 0;
      card->area = -1;
      memset (card->adjust, 0, sizeof card->adjust);
    }

  card->zone = zone;
  if (to_bottom)
    g_array_prepend_val (to->cards, number);
  else
    g_array_append_val (to->cards, number);
}

/* Marks @card, and remembers the turn: a card that leaves play loses its
 * mark, but not the memory of having been marked (what a "once a turn"
 * or "once a duel" of the rules asks of the same card). */
void
dw_table_state_mark (DwTableState *state,
                     DwTableCard  *card)
{
  card->marked = TRUE;
  card->marked_turn = state->turn;
}

/* Whether @card was marked in this turn (this duel), whether or not it
 * has left play and come back since. */
gboolean
dw_table_state_marked_this_turn (const DwTableState *state,
                                 const DwTableCard  *card)
{
  return card->marked_turn != 0 && card->marked_turn == state->turn;
}

void
dw_table_state_shuffle (DwTableState *state,
                        guint         zone)
{
  DwTableZone *z = dw_table_state_get_zone (state, zone);

  dw_rng_shuffle (&state->rng, (guint *) (gpointer) z->cards->data, z->cards->len);
}

static gboolean
card_visible (const DwTableState *state,
              const DwTableCard  *card)
{
  const DwTableZone *zone = dw_table_state_get_zone (state, card->zone);

  switch (zone->visibility)
    {
    case DW_ZONE_PUBLIC:
      return TRUE;
    case DW_ZONE_OWNER:
      /* The solo player owns the player's side; the goldfish's hand stays shut. */
      return zone->side == DW_SIDE_PLAYER;
    case DW_ZONE_TOP:
      return dw_table_zone_get_top (zone) == card->number;
    case DW_ZONE_HIDDEN:
    default:
      return FALSE;
    }
}

/* Whether the player sees card #@number where it lies: face up, in a
 * zone of the player's own, or on top of a pile that shows its top. */
gboolean
dw_table_state_card_visible (const DwTableState *state,
                             guint               number)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  g_return_val_if_fail (card != NULL, FALSE);
  return card_visible (state, card);
}

/* "#12 Hedge Sprite", or just "#12" while the card lies face down. */
char *
dw_table_state_card_label (const DwTableState *state,
                           guint               number)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  g_return_val_if_fail (card != NULL, NULL);
  if (!card_visible (state, card))
    return g_strdup_printf ("#%u", number);
  return g_strdup_printf ("#%u %s", number, dw_card_get_name (card->card));
}

static gboolean
is_taken (const DwCardQuery *query,
          guint              number)
{
  for (guint i = 0; i < query->n_taken; i++)
    if (query->taken[i] == number)
      return TRUE;
  return FALSE;
}

/* Finds the card @ref names for an action.  #N must lie in one of the
 * query's zones.  A name is "the first such card where the action takes
 * from": looking through the zones in the order given, and through each
 * from the top (the most recent arrival) down, the first card of that
 * name the filter lets through and the action has not chosen already —
 * so "A" "A" names two copies of A. */
gboolean
dw_table_state_find_card (const DwTableState *state,
                          const DwToken      *ref,
                          const DwCardQuery  *query,
                          guint              *number,
                          GError            **error)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (dw_token_is_card (ref), FALSE);

  if (ref->kind == DW_TOKEN_NUMBER)
    {
      const DwTableCard *card = dw_table_state_get_card (state, (guint) ref->value);
      g_autofree char *label = NULL;

      if (card == NULL)
        {
          g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED,
                       _("there is no card #%" PRId64 "; this table has #1 to #%u"),
                       ref->value, state->cards->len);
          return FALSE;
        }
      if (is_taken (query, card->number))
        {
          g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED,
                       _("#%u is named twice"), card->number);
          return FALSE;
        }
      for (guint i = 0; i < query->n_zones; i++)
        if (query->zones[i] == (int) card->zone)
          {
            *number = card->number;
            return TRUE;
          }
      /* Where a card the player cannot see lies is never said: the
       * refusal is the same whatever zone hides it, so probing numbers
       * finds nothing (issue 21). */
      if (!card_visible (state, card))
        {
          g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED,
                       _("that is a card you cannot see; name one in %s"), query->where);
          return FALSE;
        }
      label = dw_table_state_card_label (state, card->number);
      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED,
                   _("%s is in the %s, not in %s"), label,
                   _(dw_table_state_get_zone (state, card->zone)->name), query->where);
      return FALSE;
    }

  key = dw_card_name_key (ref->text);
  for (guint i = 0; i < query->n_zones; i++)
    {
      const DwTableZone *zone;

      if (query->zones[i] < 0)
        continue;
      zone = dw_table_state_get_zone (state, (guint) query->zones[i]);
      for (guint pos = zone->cards->len; pos > 0; pos--)
        {
          guint n = g_array_index (zone->cards, guint, pos - 1);

          if (strcmp (dw_card_get_name_key (dw_table_state_get_card (state, n)->card), key) != 0 ||
              is_taken (query, n) ||
              (query->filter && !query->filter (state, n, query->filter_data)))
            continue;
          *number = n;
          return TRUE;
        }
    }

  g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_REJECTED,
               query->n_taken > 0 ? _("there is no other “%s” in %s") : _("there is no “%s” in %s"),
               ref->text, query->where);
  return FALSE;
}

/* dw_table_state_find_card() without filter or cards already chosen. */
gboolean
dw_table_state_resolve (const DwTableState *state,
                        const DwToken      *ref,
                        const int          *zones,
                        guint               n_zones,
                        const char         *where,
                        guint              *number,
                        GError            **error)
{
  DwCardQuery query = { zones, n_zones, where, NULL, NULL, NULL, 0 };

  return dw_table_state_find_card (state, ref, &query, number, error);
}

/* Counters */

void
dw_table_state_add_counter (DwTableState *state,
                            const char   *name,
                            gint64        value,
                            gboolean      hidden)
{
  DwTableCounter counter = { g_intern_string (name), value, hidden };

  g_return_if_fail (dw_table_state_lookup_counter (state, name) == NULL);
  g_array_append_val (state->counters, counter);
}

DwTableCounter *
dw_table_state_lookup_counter (const DwTableState *state,
                               const char         *name)
{
  const char *interned = g_intern_string (name);

  for (guint i = 0; i < state->counters->len; i++)
    if (g_array_index (state->counters, DwTableCounter, i).name == interned)
      return &g_array_index (state->counters, DwTableCounter, i);
  return NULL;
}

gint64
dw_table_state_get_counter (const DwTableState *state,
                            const char         *name)
{
  DwTableCounter *counter = dw_table_state_lookup_counter (state, name);

  g_return_val_if_fail (counter != NULL, 0);
  return counter->value;
}

void
dw_table_state_set_counter (DwTableState *state,
                            const char   *name,
                            gint64        value)
{
  DwTableCounter *counter = dw_table_state_lookup_counter (state, name);

  g_return_if_fail (counter != NULL);
  counter->value = value;
}

/* Stats */

/* The index of the rules' stat @name ("atk"), or -1. */
int
dw_table_state_lookup_stat (const DwTableState *state,
                            const char         *name)
{
  for (guint i = 0; state->rules->stats && state->rules->stats[i].name; i++)
    if (strcmp (state->rules->stats[i].name, name) == 0)
      return (int) i;
  return -1;
}

/* The printed value (0 when the card has none) plus its adjustments. */
gint64
dw_table_state_get_stat (const DwTableState *state,
                         const DwTableCard  *card,
                         guint               stat)
{
  const char *property = state->rules->stats[stat].property;
  gint64 value = 0;

  if (property != NULL && !dw_card_get_int (card->card, property, &value))
    value = 0;
  return value + card->adjust[stat];
}

const char *
dw_table_state_get_phase (const DwTableState *state)
{
  return state->rules->phases[state->phase];
}

void
dw_table_state_set_result (DwTableState  *state,
                           DwTableResult  result,
                           const char    *reason)
{
  state->result = result;
  g_free (state->result_reason);
  state->result_reason = g_strdup (reason);
}

/* Describing */

static void
describe_card (const DwTableState *state,
               guint               number,
               GString            *out)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);
  g_autofree char *label = dw_table_state_card_label (state, number);

  g_string_append (out, label);
  if (!card_visible (state, card))
    {
      if (card->marked)
        g_string_append (out, _(" marked"));
      return;
    }
  if (state->rules->describe_card)
    state->rules->describe_card (state, card, out);
  if (card->marked)
    g_string_append (out, _(" marked"));
  if (card->host != 0)
    g_string_append_printf (out, _(" on #%u"), card->host);
  if (card->area >= 0)
    g_string_append_printf (out, _(" on %s"), dw_table_state_get_zone (state, (guint) card->area)->id);
}

/* A pile shows its top first; a hand or a spread of cards in the order
 * the cards arrived. */
static gboolean
is_pile (const DwTableZone *zone)
{
  return zone->ordered && zone->visibility != DW_ZONE_OWNER;
}

static void
describe_zone (const DwTableState *state,
               const DwTableZone  *zone,
               GString            *out)
{
  guint n = zone->cards->len;
  guint shown = 0;
  guint marked = 0;

  g_string_append_printf (out, "%s:", zone->id);
  if (n == 0)
    {
      g_string_append (out, _(" empty\n"));
      return;
    }

  for (guint i = 0; i < n; i++)
    {
      guint pos = is_pile (zone) ? n - 1 - i : i;
      guint number = g_array_index (zone->cards, guint, pos);
      const DwTableCard *card = dw_table_state_get_card (state, number);

      if (card->marked)
        marked++;
      if (!card_visible (state, card))
        continue;
      g_string_append (out, shown == 0 ? " " : ", ");
      describe_card (state, number, out);
      shown++;
    }

  if (shown < n)
    {
      g_string_append (out, shown == 0 ? " " : ", ");
      if (shown == 0)
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", n), n);
      else
        g_string_append_printf (out, _("%u more face down"), n - shown);
      if (shown == 0 && marked > 0)
        g_string_append_printf (out, _(", %u marked"), marked);
    }
  if (is_pile (zone) && shown > 1)
    g_string_append (out, _(" (top first)"));
  g_string_append_c (out, '\n');
}

/* The table in words, as the command line's "state" prints it. */
void
dw_table_state_describe (const DwTableState *state,
                         GString            *out)
{
  gboolean any = FALSE;

  g_string_append_printf (out, _("turn %u, phase %s\n"), state->turn, dw_table_state_get_phase (state));
  if (state->result != DW_TABLE_RESULT_NONE)
    {
      const char *verdict = state->result == DW_TABLE_RESULT_WON ? _("you won") :
                            state->result == DW_TABLE_RESULT_LOST ? _("you lost") : _("a draw");

      g_string_append_printf (out, _("game over: %s: %s\n"), verdict, state->result_reason);
    }

  for (guint i = 0; i < state->counters->len; i++)
    {
      const DwTableCounter *counter = &g_array_index (state->counters, DwTableCounter, i);

      if (counter->hidden)
        continue;
      g_string_append_printf (out, "%s%s %" PRId64, any ? ", " : _("counters: "),
                              counter->name, counter->value);
      any = TRUE;
    }
  if (any)
    g_string_append_c (out, '\n');

  if (state->rules->describe)
    state->rules->describe (state, out);

  for (guint i = 0; i < state->zones->len; i++)
    describe_zone (state, dw_table_state_get_zone (state, i), out);
}
