/* dw-table-manual.c — the player's hands on the table
 *
 * Card texts are not automated (DESIGN.md §6): the player applies them by
 * moving cards, marking them, changing a counter or a card's numbers.
 * These actions are the same for every game, the rules never check them,
 * and the log marks them manual.  They refuse only what no table could
 * do, such as attaching a card to itself.  What follows from them by the
 * rules (a creature at 0 DEF dies) still follows, in the rules' settle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-table-private.h"

static const char *
join_zones (const DwTableState *state,
            GStringChunk       *strings)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < state->zones->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, '|');
      g_string_append (out, dw_table_state_get_zone (state, i)->id);
    }
  return g_string_chunk_insert (strings, out->str);
}

static void
add_verb (GArray       *verbs,
          GStringChunk *strings,
          const char   *summary,
          const char   *format,
          ...) G_GNUC_PRINTF (4, 5);

static void
add_verb (GArray       *verbs,
          GStringChunk *strings,
          const char   *summary,
          const char   *format,
          ...)
{
  g_autofree char *pattern = NULL;
  DwVerb verb = { "manual", NULL, summary };
  va_list args;

  va_start (args, format);
  pattern = g_strdup_vprintf (format, args);
  va_end (args);
  verb.pattern = g_string_chunk_insert (strings, pattern);
  g_array_append_val (verbs, verb);
}

/* The manual forms for a table laid out as @state: the zones, counters,
 * stats and phases it has are spelled out, so that a misspelt one is a
 * line that does not read rather than an action refused. */
GArray *
dw_table_manual_make_verbs (const DwTableState *state,
                            GStringChunk       *strings)
{
  GArray *verbs = g_array_new (TRUE, TRUE, sizeof (DwVerb));
  const char *zones = join_zones (state, strings);
  g_autoptr(GString) counters = g_string_new ("turn");
  g_autoptr(GString) stats = g_string_new (NULL);
  g_autofree char *phases = g_strjoinv ("|", (char **) state->rules->phases);

  for (guint i = 0; i < state->counters->len; i++)
    {
      const DwTableCounter *counter = &g_array_index (state->counters, DwTableCounter, i);

      if (!counter->hidden)
        g_string_append_printf (counters, "|%s", counter->name);
    }
  for (guint i = 0; state->rules->stats && state->rules->stats[i].name; i++)
    g_string_append_printf (stats, "%s%s", i ? "|" : "", state->rules->stats[i].name);

  add_verb (verbs, strings, "move a card anywhere, on top or at the bottom",
            "manual move CARD [from %s] to %s [top|bottom]", zones, zones);
  add_verb (verbs, strings, "mark a card", "manual mark CARD");
  add_verb (verbs, strings, "unmark a card", "manual unmark CARD");
  add_verb (verbs, strings, "attach a card to another", "manual attach CARD on CARD");
  add_verb (verbs, strings, "take an attached card off", "manual detach CARD");
  if (stats->len > 0)
    add_verb (verbs, strings, "change a card's number: +N or -N adds, N sets",
              "manual adjust CARD %s INT", stats->str);
  add_verb (verbs, strings, "change a counter: +N or -N adds, N sets",
            "manual counter %s INT", counters->str);
  add_verb (verbs, strings, "shuffle a zone", "manual shuffle %s", zones);
  if (dw_table_state_find_zone (state, DW_SIDE_PLAYER, "deck") >= 0 &&
      dw_table_state_find_zone (state, DW_SIDE_PLAYER, "hand") >= 0)
    add_verb (verbs, strings, "draw cards outside the rules (a card's text)", "manual draw [INT]");
  add_verb (verbs, strings, "go to any phase", "manual phase %s", phases);
  add_verb (verbs, strings, "write a note in the log", "manual note TEXT");

  return verbs;
}

/* Where a manual action looks for a card named by name: the player's
 * hand first (the usual place a card comes from), then every zone in
 * the table's order. */
gboolean
dw_table_resolve_anywhere (const DwTableState  *state,
                           const DwToken       *ref,
                           guint               *number,
                           GError             **error)
{
  g_autofree int *zones = g_new (int, state->zones->len + 1);
  int hand = dw_table_state_find_zone (state, DW_SIDE_PLAYER, "hand");
  guint n = 0;

  if (hand >= 0)
    zones[n++] = hand;
  for (guint i = 0; i < state->zones->len; i++)
    if ((int) i != hand)
      zones[n++] = (int) i;
  return dw_table_state_resolve (state, ref, zones, n, _("any zone"), number, error);
}

static gboolean
resolve_card (DwTableContext  *ctx,
              const DwAction  *action,
              guint            index,
              guint           *number,
              GError         **error)
{
  return dw_table_resolve_anywhere (ctx->state, dw_action_get_token (action, index), number, error);
}

/* @value applied to @current: +N or -N adds, N sets. */
gint64
dw_table_apply_int (gint64         current,
                    const DwToken *value)
{
  return value->signed_ ? current + value->value : value->value;
}

static gboolean
perform_move (DwTableContext  *ctx,
              const DwAction  *action,
              GError         **error)
{
  DwTableState *state = ctx->state;
  const DwToken *from = dw_action_after (action, "from");
  int to = dw_table_state_lookup_zone (state, dw_action_after (action, "to")->text);
  gboolean bottom = dw_action_has_word (action, "bottom");
  g_autofree char *label = NULL;
  guint number;

  if (from != NULL)
    {
      int zone = dw_table_state_lookup_zone (state, from->text);

      if (!dw_table_state_resolve (state, dw_action_get_token (action, 2), &zone, 1,
                                   from->text, &number, error))
        return FALSE;
    }
  else if (!resolve_card (ctx, action, 2, &number, error))
    return FALSE;

  dw_table_state_move (state, number, (guint) to, bottom);
  label = dw_table_state_card_label (state, number);
  dw_table_context_say (ctx, bottom ? _("%s goes to the bottom of %s") : _("%s goes to %s"),
                        label, dw_table_state_get_zone (state, (guint) to)->id);
  return TRUE;
}

static gboolean
perform_attach (DwTableContext  *ctx,
                const DwAction  *action,
                GError         **error)
{
  g_autofree char *label = NULL;
  g_autofree char *host_label = NULL;
  DwTableCard *card;
  guint number;
  guint host;

  if (!resolve_card (ctx, action, 2, &number, error) ||
      !resolve_card (ctx, action, 4, &host, error))
    return FALSE;
  if (number == host)
    {
      dw_table_reject (error, NULL, _("a card cannot be attached to itself"));
      return FALSE;
    }
  for (guint h = host; h != 0; h = dw_table_state_get_card (ctx->state, h)->host)
    if (h == number)
      {
        dw_table_reject (error, NULL, _("#%u carries #%u already; attaching them both ways "
                                        "would hang each on the other"), number, host);
        return FALSE;
      }

  card = dw_table_state_get_card (ctx->state, number);
  card->host = host;
  card->area = -1;
  label = dw_table_state_card_label (ctx->state, number);
  host_label = dw_table_state_card_label (ctx->state, host);
  dw_table_context_say (ctx, _("%s is attached to %s"), label, host_label);
  return TRUE;
}

static gboolean
perform_adjust (DwTableContext  *ctx,
                const DwAction  *action,
                GError         **error)
{
  DwTableState *state = ctx->state;
  const char *stat_name = dw_action_get_word (action, 3);
  const DwToken *value = dw_action_get_token (action, 4);
  int stat = dw_table_state_lookup_stat (state, stat_name);
  g_autofree char *label = NULL;
  DwTableCard *card;
  guint number;
  gint64 now;

  if (!resolve_card (ctx, action, 2, &number, error))
    return FALSE;

  card = dw_table_state_get_card (state, number);
  now = dw_table_state_get_stat (state, card, (guint) stat);
  card->adjust[stat] += dw_table_apply_int (now, value) - now;
  label = dw_table_state_card_label (state, number);
  dw_table_context_say (ctx, _("%s has %s %" PRId64), label, stat_name,
                        dw_table_state_get_stat (state, card, (guint) stat));
  return TRUE;
}

static gboolean
perform_counter (DwTableContext  *ctx,
                 const DwAction  *action,
                 GError         **error)
{
  DwTableState *state = ctx->state;
  const char *name = dw_action_get_word (action, 2);
  const DwToken *value = dw_action_get_token (action, 3);

  if (strcmp (name, "turn") == 0)
    {
      gint64 turn = dw_table_apply_int (state->turn, value);

      if (turn < 1)
        {
          dw_table_reject (error, NULL, _("turns are counted from 1"));
          return FALSE;
        }
      state->turn = (guint) turn;
      dw_table_context_say (ctx, _("turn is %u"), state->turn);
      return TRUE;
    }

  dw_table_state_set_counter (state, name, dw_table_apply_int (dw_table_state_get_counter (state, name), value));
  dw_table_context_say (ctx, "%s is %" PRId64, name, dw_table_state_get_counter (state, name));
  return TRUE;
}

static void
perform_draw (DwTableContext *ctx,
              const DwAction *action)
{
  DwTableState *state = ctx->state;
  const DwToken *count = dw_action_get_token (action, 2);
  guint deck = (guint) dw_table_state_find_zone (state, DW_SIDE_PLAYER, "deck");
  guint hand = (guint) dw_table_state_find_zone (state, DW_SIDE_PLAYER, "hand");
  gint64 n = count ? count->value : 1;

  for (gint64 i = 0; i < n; i++)
    {
      guint top = dw_table_zone_get_top (dw_table_state_get_zone (state, deck));
      g_autofree char *label = NULL;

      if (top == 0)
        {
          dw_table_context_say (ctx, _("the deck is empty"));
          return;
        }
      dw_table_state_move (state, top, hand, FALSE);
      label = dw_table_state_card_label (state, top);
      dw_table_context_say (ctx, _("drew %s"), label);
    }
}

/* Applies a manual action to ctx->state. */
gboolean
dw_table_manual_perform (DwTableContext  *ctx,
                         const DwAction  *action,
                         GError         **error)
{
  DwTableState *state = ctx->state;
  const char *what = dw_action_get_word (action, 1);
  g_autofree char *label = NULL;
  guint number;

  if (strcmp (what, "move") == 0)
    return perform_move (ctx, action, error);
  if (strcmp (what, "attach") == 0)
    return perform_attach (ctx, action, error);
  if (strcmp (what, "adjust") == 0)
    return perform_adjust (ctx, action, error);
  if (strcmp (what, "counter") == 0)
    return perform_counter (ctx, action, error);

  if (strcmp (what, "mark") == 0 || strcmp (what, "unmark") == 0 || strcmp (what, "detach") == 0)
    {
      DwTableCard *card;

      if (!resolve_card (ctx, action, 2, &number, error))
        return FALSE;
      card = dw_table_state_get_card (state, number);
      label = dw_table_state_card_label (state, number);
      if (strcmp (what, "detach") == 0)
        {
          card->host = 0;
          card->area = -1;
          dw_table_context_say (ctx, _("%s is attached to nothing"), label);
        }
      else
        {
          /* By hand, an effect's: not limited to once a turn, but
           * remembered as a mark of this turn all the same. */
          if (strcmp (what, "mark") == 0)
            dw_table_state_mark (state, card);
          else
            card->marked = FALSE;
          dw_table_context_say (ctx, card->marked ? _("%s is marked") : _("%s is unmarked"), label);
        }
      return TRUE;
    }

  if (strcmp (what, "shuffle") == 0)
    {
      int zone = dw_table_state_lookup_zone (state, dw_action_get_word (action, 2));

      dw_table_state_shuffle (state, (guint) zone);
      dw_table_context_say (ctx, _("%s is shuffled"), dw_table_state_get_zone (state, (guint) zone)->id);
      return TRUE;
    }

  if (strcmp (what, "draw") == 0)
    {
      const DwToken *count = dw_action_get_token (action, 2);

      if (count != NULL && count->value < 1)
        {
          dw_table_reject (error, NULL, _("draw at least one card"));
          return FALSE;
        }
      perform_draw (ctx, action);
      return TRUE;
    }

  if (strcmp (what, "phase") == 0)
    {
      const char *phase = dw_action_get_word (action, 2);

      for (guint i = 0; state->rules->phases[i]; i++)
        if (strcmp (state->rules->phases[i], phase) == 0)
          state->phase = i;
      dw_table_context_say (ctx, _("the phase is %s"), phase);
      return TRUE;
    }

  /* note: the log keeps the text; nothing changes. */
  dw_table_context_say (ctx, _("noted"));
  return TRUE;
}
