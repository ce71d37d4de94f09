/* dw-table-words.c — the table in the player's words
 *
 * What a view shows of a table, said as a player says it: counters by
 * translated labels and with the numbers the rules count, cards by
 * their names — never a card the player cannot see — and the actions
 * a card can be given by a double-click or a drag, as the action
 * language writes them, for the view to ask the table about.  The
 * engine's own texts (the saved log, the command line) keep their #N
 * labels, which replay exactly; these functions turn them into names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-table-private.h"

/* Rendering engine texts */

static gboolean
known (const DwTableState *before,
       const DwTableState *after,
       guint               number)
{
  return (before != NULL && dw_table_state_card_visible (before, number)) ||
         dw_table_state_card_visible (after, number);
}

/* Reads a card reference "#N" at @p, with the card's name after it when
 * the label carried one; returns the card's number (0 when @p holds
 * none) and sets @end past it. */
static guint
read_reference (const DwTableState *state,
                const char         *text,
                const char         *p,
                const char        **end)
{
  const DwTableCard *card;
  const char *name;
  guint64 number = 0;
  const char *q = p + 1;

  if (*p != '#' || !g_ascii_isdigit (*q) || (p > text && g_ascii_isalnum (p[-1])))
    return 0;
  while (g_ascii_isdigit (*q) && number <= G_MAXUINT)
    number = number * 10 + (guint64) (*q++ - '0');
  card = number <= G_MAXUINT ? dw_table_state_get_card (state, (guint) number) : NULL;
  if (card == NULL || g_ascii_isalnum (*q))
    return 0;
  name = dw_card_get_name (card->card);
  if (*q == ' ' && name != NULL && g_str_has_prefix (q + 1, name))
    q += 1 + strlen (name);
  *end = q;
  return (guint) number;
}

static void
capitalize (GString *out)
{
  gunichar first;
  char upper[8];
  int len;

  if (out->len == 0)
    return;
  first = g_utf8_get_char (out->str);
  len = g_unichar_to_utf8 (g_unichar_totitle (first), upper);
  g_string_erase (out, 0, g_utf8_next_char (out->str) - out->str);
  g_string_insert_len (out, 0, upper, len);
}

/* What the rules' messages say of the action language, and how the
 * window says it: its buttons and its "Act for the goldfish" switch. */
static const struct
{
  const char *typed;
  const char *pointed;
} hints[DW_TABLE_N_HINTS] = {
  [DW_TABLE_HINT_AS_OPP] = { N_("with “as opp …”"), N_("with the “Act for the goldfish” switch") },
  [DW_TABLE_HINT_AS_OPP_DECLARE] = { N_("with “as opp declare …”"),
                                     N_("with the “Act for the goldfish” switch") },
  [DW_TABLE_HINT_DECLARE] = { N_("declare danger|intellect|vitality|karma"), N_("one of the Declare buttons") },
  [DW_TABLE_HINT_REACT] = { N_("trick, champion, ability or pass"),
                            N_("play a trick or a champion, use the ability, or pass") },
};

/* @hint as a message of the rules writes it, translated. */
const char *
dw_table_hint_typed (DwTableHint hint)
{
  g_return_val_if_fail (hint < DW_TABLE_N_HINTS, "");
  return _(hints[hint].typed);
}

/* @text with the action language's words said as the window offers
 * them, for a player who points rather than types. */
static char *
point_hints (const char *text)
{
  g_autoptr(GString) out = g_string_new (text);

  for (guint i = 0; i < DW_TABLE_N_HINTS; i++)
    g_string_replace (out, _(hints[i].typed), _(hints[i].pointed), 0);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* @text, an engine text about the move from @before (may be NULL) to
 * @after, with every card reference ("#17 Bramble Weaver", "#17") said
 * as the player may say it: the card's name when the player saw it on
 * either side of the move, else "a face-down card" — a run of them,
 * "#33, #34", as "2 face-down cards"; the action language's words in
 * terms of the window's buttons.  The first letter is capital. */
char *
dw_table_state_render (const DwTableState *before,
                       const DwTableState *after,
                       const char         *text)
{
  GString *out = g_string_new (NULL);
  g_autofree char *pointed = NULL;
  const char *p;

  g_return_val_if_fail (after != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);

  pointed = point_hints (text);
  p = text = pointed;

  while (*p != '\0')
    {
      const char *end = NULL;
      guint number = read_reference (after, text, p, &end);
      guint hidden = 0;

      if (number == 0)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      if (known (before, after, number))
        {
          g_string_append (out, dw_card_get_name (dw_table_state_get_card (after, number)->card));
          p = end;
          continue;
        }

      /* A run of face-down cards is counted, not listed. */
      p = end;
      hidden = 1;
      for (;;)
        {
          static const char * const separators[] = { ", ", " and ", NULL };
          gboolean more = FALSE;

          for (guint i = 0; separators[i] && !more; i++)
            {
              const char *next_end = NULL;
              guint next;

              if (!g_str_has_prefix (p, separators[i]))
                continue;
              next = read_reference (after, text, p + strlen (separators[i]), &next_end);
              if (next != 0 && !known (before, after, next))
                {
                  hidden++;
                  p = next_end;
                  more = TRUE;
                }
            }
          if (!more)
            break;
        }
      if (hidden == 1)
        g_string_append (out, _("a face-down card"));
      else
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u face-down card", "%u face-down cards",
                                                  hidden),
                                hidden);
    }
  capitalize (out);
  return g_string_free (out, FALSE);
}

/* Cards */

/* Whether the player sees card #@number where it lies now. */
gboolean
dw_table_card_is_visible (DwTable *self,
                          guint    number)
{
  const DwTableState *state;

  g_return_val_if_fail (DW_IS_TABLE (self), FALSE);
  state = dw_table_get_state (self);
  g_return_val_if_fail (dw_table_state_get_card (state, number) != NULL, FALSE);
  return dw_table_state_card_visible (state, number);
}

/* The card's name as a tooltip or an accessible name gives it: its
 * name when the player sees it, else "Face-down card" — never the name
 * of a card in a deck, in the opponent's hand or face down. */
char *
dw_table_card_public_name (DwTable *self,
                           guint    number)
{
  const DwTableState *state;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  state = dw_table_get_state (self);
  g_return_val_if_fail (dw_table_state_get_card (state, number) != NULL, NULL);

  if (!dw_table_state_card_visible (state, number))
    return g_strdup (_("Face-down card"));
  return g_strdup (dw_card_get_name (dw_table_state_get_card (state, number)->card));
}

/* Any text of the table's (a refusal, the effects of an action) as the
 * player reads it now: cards by name, face-down ones unnamed. */
char *
dw_table_render_text (DwTable    *self,
                      const char *text)
{
  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);
  return dw_table_state_render (NULL, dw_table_get_state (self), text);
}

/* Log entry @index as the player reads it: what it did, with the cards
 * named that the player saw before or after it; the action as written
 * when it said nothing. */
char *
dw_table_render_log_entry (DwTable *self,
                           guint    index)
{
  const DwTableLogEntry *entry;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  g_return_val_if_fail (index < dw_table_get_n_log (self), NULL);

  entry = dw_table_get_log_entry (self, index);
  return dw_table_state_render (dw_table_get_state_at (self, index), dw_table_get_state_at (self, index + 1),
                                entry->effects && *entry->effects ? entry->effects : entry->text);
}

/* Names */

/* The label of phase @phase for the player, translated. */
const char *
dw_table_phase_label (DwTable *self,
                      guint    phase)
{
  const DwTableRules *rules;
  guint n = 0;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  rules = dw_table_get_rules (self);
  while (rules->phases[n])
    n++;
  g_return_val_if_fail (phase < n, NULL);
  return rules->phase_labels ? g_dpgettext2 (GETTEXT_PACKAGE, "table phase", rules->phase_labels[phase])
                             : rules->phases[phase];
}

/* The zone's name for the player, translated: "Region pile", or
 * "Region pile (opponent)" on the opponent's side. */
char *
dw_table_zone_label (DwTable *self,
                     guint    zone)
{
  const DwTableState *state;
  const DwTableZone *z;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  state = dw_table_get_state (self);
  g_return_val_if_fail (zone < state->zones->len, NULL);

  z = dw_table_state_get_zone (state, zone);
  if (z->side == DW_SIDE_OPPONENT)
    return g_strdup_printf (_("%s (opponent)"), _(z->name));
  return g_strdup (_(z->name));
}

/* Counters */

static const DwTableCounterInfo *
counter_info (const DwTableRules *rules,
              const char         *id)
{
  for (guint i = 0; rules->counter_info && rules->counter_info[i].name; i++)
    if (strcmp (rules->counter_info[i].name, id) == 0)
      return &rules->counter_info[i];
  return NULL;
}

/* The label of counter @id for the player, translated; the id itself
 * when the rules give none. */
const char *
dw_table_rules_counter_label (const DwTableRules *rules,
                              const char         *id)
{
  const DwTableCounterInfo *info;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  info = counter_info (rules, id);
  return info ? _(info->label) : id;
}

void
dw_table_counter_view_free (DwTableCounterView *view)
{
  if (view == NULL)
    return;
  g_free (view->detail);
  g_free (view);
}

static DwTableCounterView *
view_of (const DwTableState       *state,
         const DwTableCounterInfo *info,
         const DwTableCounter     *counter)
{
  DwTableCounterView *view = g_new0 (DwTableCounterView, 1);

  view->id = info ? info->name : counter->name;
  view->label = info ? _(info->label) : counter->name;
  view->side = info ? info->side
               : g_str_has_prefix (counter->name, "opp-") ? DW_SIDE_OPPONENT : DW_SIDE_PLAYER;
  view->settable = counter != NULL;
  view->raw = counter ? counter->value : 0;
  view->value = info && info->value ? info->value (state) : view->raw;
  view->detail = info && info->detail ? info->detail (state) : NULL;
  return view;
}

/* The numbers a view shows, in the rules' order (DwTableCounterView,
 * freed with the array): each with its translated label and the value
 * the rules count, which may be more than the counter itself (Arcmage's
 * gold available is the pool and the unmarked vault cards). */
GPtrArray *
dw_table_list_counters (DwTable *self)
{
  GPtrArray *views = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_table_counter_view_free);
  const DwTableState *state;
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_TABLE (self), views);
  state = dw_table_get_state (self);
  rules = dw_table_get_rules (self);

  for (guint i = 0; rules->counter_info && rules->counter_info[i].name; i++)
    {
      const DwTableCounterInfo *info = &rules->counter_info[i];
      const DwTableCounter *counter = dw_table_state_lookup_counter (state, info->name);

      if ((counter != NULL && !counter->hidden) || (counter == NULL && info->value != NULL))
        g_ptr_array_add (views, view_of (state, info, counter && !counter->hidden ? counter : NULL));
    }
  /* Counters the rules give no words for still show, by their ids. */
  for (guint i = 0; i < state->counters->len; i++)
    {
      const DwTableCounter *counter = &g_array_index (state->counters, DwTableCounter, i);

      if (!counter->hidden && counter_info (rules, counter->name) == NULL)
        g_ptr_array_add (views, view_of (state, NULL, counter));
    }
  return views;
}

/* Actions for a card */

/* The actions a double-click on card #@number may mean where it lies
 * now, most natural first (char *, freed with the array), as the action
 * language writes them; empty when the card has none.  A view performs
 * the first that dw_table_check() accepts. */
GPtrArray *
dw_table_card_actions (DwTable *self,
                       guint    number)
{
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);
  const DwTableState *state;
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_TABLE (self), actions);
  state = dw_table_get_state (self);
  rules = dw_table_get_rules (self);
  g_return_val_if_fail (dw_table_state_get_card (state, number) != NULL, actions);

  if (rules->card_actions)
    rules->card_actions (state, number, actions);
  return actions;
}

void
dw_card_offer_free (DwCardOffer *offer)
{
  g_free (offer->label);
  g_free (offer->action);
  g_free (offer);
}

/* Adds the offer @label of @action, which it takes; acting on the
 * goldfish's cards is acting for it, so theirs are "as opp …". */
void
dw_card_offers_add_action (GPtrArray         *out,
                           const DwTableCard *card,
                           const char        *label,
                           DwAction          *action)
{
  g_autoptr(DwAction) owned = action;
  DwCardOffer *offer = g_new0 (DwCardOffer, 1);

  dw_action_set_for_opponent (owned, card->owner == DW_SIDE_OPPONENT);
  offer->label = g_strdup (label);
  offer->action = dw_action_print (owned);
  g_ptr_array_add (out, offer);
}

/* Adds the offer @label of "VERB #N", or "VERB #N to TO" when @to is
 * given, for @card. */
void
dw_card_offers_add (GPtrArray         *out,
                    const DwTableCard *card,
                    const char        *label,
                    const char        *verb,
                    const char        *to)
{
  dw_card_offers_add_action (out, card, label, dw_action_new_card (verb, card->number, to));
}

/* "manual VERB #N [to TO]": a move by hand. */
static DwAction *
manual_action (const char *verb,
               guint       number,
               const char *to)
{
  DwAction *action = dw_action_new ("manual");

  dw_action_add_word (action, verb);
  dw_action_add_card (action, number);
  if (to != NULL)
    {
      dw_action_add_word (action, "to");
      dw_action_add_word (action, to);
    }
  return action;
}

/* What card #@number's menu offers where it lies: the game's own
 * actions, a draw from the deck, and, where the game has them, the moves
 * by hand (for cards the player sees, and not back to where they are).
 * Each is a DwCardOffer; a view asks dw_table_check() about each and
 * shows a refused one dimmed with its reason. */
GPtrArray *
dw_table_card_offers (DwTable *self,
                      guint    number)
{
  GPtrArray *offers = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_card_offer_free);
  const DwTableState *state;
  const DwTableRules *rules;
  const DwTableCard *card;
  const DwTableZone *zone;

  g_return_val_if_fail (DW_IS_TABLE (self), offers);
  state = dw_table_get_state (self);
  rules = dw_table_get_rules (self);
  card = dw_table_state_get_card (state, number);
  g_return_val_if_fail (card != NULL, offers);
  zone = dw_table_state_get_zone (state, card->zone);

  if (rules->card_offers)
    rules->card_offers (state, card, offers);
  if (strcmp (zone->def_id, "deck") == 0)
    {
      DwCardOffer *draw = g_new0 (DwCardOffer, 1);

      draw->label = g_strdup (_("Draw"));
      draw->action = dw_action_print_word ("draw", NULL);
      g_ptr_array_add (offers, draw);
    }
  else if (rules->offers_moves_by_hand)
    {
      dw_card_offers_add_action (offers, card, _("Mark (by hand)"), manual_action ("mark", number, NULL));
      dw_card_offers_add_action (offers, card, _("Unmark (by hand)"), manual_action ("unmark", number, NULL));
      if (strcmp (zone->def_id, "hand") != 0)
        dw_card_offers_add_action (offers, card, _("Back to the Hand (by hand)"),
                                   manual_action ("move", number, "hand"));
    }
  return offers;
}

/* The action that would move card #@number into the zone @zone_id
 * ("front", "opp-regions"), or NULL when no action of the game does; a
 * view asks dw_table_check() about it while dragging, and dims a zone
 * that is refused, with the reason. */
char *
dw_table_card_action_to_zone (DwTable    *self,
                              guint       number,
                              const char *zone_id)
{
  const DwTableState *state;
  const DwTableRules *rules;
  int zone;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  g_return_val_if_fail (zone_id != NULL, NULL);
  state = dw_table_get_state (self);
  rules = dw_table_get_rules (self);
  g_return_val_if_fail (dw_table_state_get_card (state, number) != NULL, NULL);

  zone = dw_table_state_lookup_zone (state, zone_id);
  if (zone < 0 || rules->zone_action == NULL || (guint) zone == dw_table_state_get_card (state, number)->zone)
    return NULL;
  return rules->zone_action (state, number, (guint) zone);
}

/* The action that would put card #@number on card #@target (a spell or
 * an equipment on a creature), or NULL. */
char *
dw_table_card_action_on_card (DwTable *self,
                              guint    number,
                              guint    target)
{
  const DwTableState *state;
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  state = dw_table_get_state (self);
  rules = dw_table_get_rules (self);
  g_return_val_if_fail (dw_table_state_get_card (state, number) != NULL, NULL);
  g_return_val_if_fail (dw_table_state_get_card (state, target) != NULL, NULL);

  if (number == target || rules->card_action == NULL)
    return NULL;
  return rules->card_action (state, number, target);
}

/* "phase ID": skipping on to the rules' phase @phase. */
char *
dw_table_phase_action (DwTable *self,
                       guint    phase)
{
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  rules = dw_table_get_rules (self);
  g_return_val_if_fail (rules->phases != NULL && phase < g_strv_length ((char **) rules->phases), NULL);
  return dw_action_print_word ("phase", rules->phases[phase]);
}

/* The step End Turn takes first when the turn cannot end at once (into
 * the discard phase), or NULL when the rules have none. */
char *
dw_table_end_phase_action (DwTable *self)
{
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  rules = dw_table_get_rules (self);
  return rules->end_phase ? dw_action_print_word ("phase", rules->end_phase) : NULL;
}

/* The action that keeps the opening hand as dealt, or NULL when the
 * game has no opening-hand choice. */
char *
dw_table_keep_action (DwTable *self)
{
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  rules = dw_table_get_rules (self);
  return rules->keep_action ? rules->keep_action (dw_table_get_state (self)) : NULL;
}

/* The game's mulligan: @grave to the grave, @keep kept, the rest of the
 * hand shuffled back; NULL when the game has none. */
char *
dw_table_mulligan_action (DwTable     *self,
                          const guint *grave,
                          guint        n_grave,
                          const guint *keep,
                          guint        n_keep)
{
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  rules = dw_table_get_rules (self);
  if (rules->mulligan_action == NULL)
    return NULL;
  return rules->mulligan_action (dw_table_get_state (self), grave, n_grave, keep, n_keep);
}

/* The index of the player's zone that a view shows as the duel's place,
 * between the two sides, or -1 when the game has none. */
int
dw_table_get_duel_zone (DwTable *self)
{
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_TABLE (self), -1);
  rules = dw_table_get_rules (self);
  if (rules->duel_zone == NULL)
    return -1;
  return dw_table_state_find_zone (dw_table_get_state (self), DW_SIDE_PLAYER, rules->duel_zone);
}

static void
clear_side_words (DwDuelSideWords *side)
{
  g_free (side->no_card);
  g_free (side->title);
  g_free (side->status);
}

static void
duel_row_words_free (DwDuelRowWords *row)
{
  g_free (row->name);
  g_free (row->opponent);
  g_free (row->relation);
  g_free (row->relation_words);
  g_free (row->player);
  g_free (row);
}

void
dw_duel_words_free (DwDuelWords *words)
{
  if (words == NULL)
    return;
  g_free (words->heading);
  clear_side_words (&words->opponent);
  clear_side_words (&words->player);
  g_clear_pointer (&words->rows, g_ptr_array_unref);
  g_free (words);
}

/* A new, empty DwDuelWords for the rules to fill. */
DwDuelWords *
dw_duel_words_new (void)
{
  DwDuelWords *words = g_new0 (DwDuelWords, 1);

  words->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) duel_row_words_free);
  return words;
}

/* What a view shows of the duel now, or NULL when the game has none. */
DwDuelWords *
dw_table_duel_words (DwTable *self)
{
  const DwTableRules *rules;

  g_return_val_if_fail (DW_IS_TABLE (self), NULL);
  rules = dw_table_get_rules (self);
  if (rules->duel_words == NULL || dw_table_get_duel_zone (self) < 0)
    return NULL;
  return rules->duel_words (dw_table_get_state (self));
}

/* What the phase bar offers in the game's words (DwCardOffer *): see
 * DwTableRules.bar_offers.  Adds nothing when the bar shows the phases. */
void
dw_table_bar_offers (DwTable   *self,
                     gboolean   for_opponent,
                     GPtrArray *phases,
                     GPtrArray *actions)
{
  const DwTableRules *rules;

  g_return_if_fail (DW_IS_TABLE (self));
  rules = dw_table_get_rules (self);
  if (rules->bar_offers != NULL)
    rules->bar_offers (dw_table_get_state (self), for_opponent && rules->opponent_acts, phases, actions);
}
