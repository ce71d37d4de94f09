/* dw-generic-rules.c — the table of a game that has no rules in C
 *
 * A game defined only as data still gets a table: its zones as its
 * definition lays them out, each deck section dealt to the zone whose
 * `start` names it, and the actions every card game has — draw, move a
 * card (on top, at the bottom, at a random place), shuffle, reveal, mark,
 * counters on cards and on the player, end the turn.  What the game
 * states in its <table> element is checked: the opening hand, the cards
 * drawn each turn, the hand limit when a turn ends, the zone an empty
 * deck is refilled from, and its counters' bounds and the values they
 * return to when a turn begins.  Everything else is the player's to apply, as
 * card texts are at every table (DESIGN.md §6).
 *
 * The actions name the game's zones, so each game gets its own rules,
 * made the first time a table of it is set up and kept for the program's
 * life, as rules must be.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-generic-rules.h"
#include "dw-table-private.h"

#define RULE_HAND_LIMIT  N_("the game's hand limit")

typedef struct
{
  DwTableRules   rules;          /* first, so that state->rules is one of these */
  DwGame        *game;
  GStringChunk  *strings;
  GArray        *verbs;          /* DwVerb, ending in { NULL } */
  GArray        *counter_info;   /* DwTableCounterInfo, ending in { NULL } */
} GenericRules;

static const char * const phases[] = { "main", NULL };

static const char * const phase_labels[] = { NC_("table phase", "Main"), NULL };

static const DwTableStat stats[] = {
  { "counters", NULL },
  { NULL }
};

static const DwTableDef *
table_def (const DwTableState *state)
{
  return dw_game_get_table (((const GenericRules *) state->rules)->game);
}

/* The player's zone @id names, or -1 when the game has none. */
static int
player_zone (const DwTableState *state,
             const char         *id)
{
  return id ? dw_table_state_find_zone (state, DW_SIDE_PLAYER, id) : -1;
}

/* Draws @n cards; a deck found empty is first refilled from the zone the
 * game names, shuffled. */
static void
draw_cards (DwTableContext *ctx,
            gint64          n)
{
  DwTableState *state = ctx->state;
  const DwTableDef *def = table_def (state);
  int deck = player_zone (state, def->deck);
  int hand = player_zone (state, def->hand);
  int refill = player_zone (state, def->refill_from);
  gboolean refilled = FALSE;

  for (gint64 i = 0; i < n; i++)
    {
      DwTableZone *from = dw_table_state_get_zone (state, (guint) deck);
      g_autofree char *label = NULL;
      guint top;

      /* Once a draw: what the refill brought is all there is, so a draw
       * ends even should the pile be where the cards drawn go. */
      if (dw_table_zone_get_n_cards (from) == 0 && refill >= 0 && !refilled &&
          dw_table_zone_get_n_cards (dw_table_state_get_zone (state, (guint) refill)) > 0)
        {
          DwTableZone *pile = dw_table_state_get_zone (state, (guint) refill);

          while (dw_table_zone_get_n_cards (pile) > 0)
            dw_table_state_move (state, dw_table_zone_get_top (pile), (guint) deck, FALSE);
          dw_table_state_shuffle (state, (guint) deck);
          dw_table_context_say (ctx, _("%s is shuffled into %s"), pile->id, from->id);
          refilled = TRUE;
        }
      top = dw_table_zone_get_top (from);
      if (top == 0)
        {
          dw_table_context_say (ctx, _("%s is empty"), from->id);
          return;
        }
      dw_table_state_move (state, top, (guint) hand, FALSE);
      label = dw_table_state_card_label (state, top);
      dw_table_context_say (ctx, _("drew %s"), label);
    }
}

static gboolean
setup (DwTableState        *state,
       const DwTableSetup  *setup,
       GError             **error)
{
  const DwTableDef *def = dw_game_get_table (setup->game);
  g_autoptr(GString) said = g_string_new (NULL);
  DwTableContext ctx = { state, said };

  if (dw_game_get_n_zones (setup->game) == 0)
    {
      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                   _("the game definition of %s has no <zones>, so a table has nowhere to put the cards"),
                   dw_game_get_name (setup->game));
      return FALSE;
    }
  if (setup->opponent != NULL)
    {
      g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                   _("the generic table of %s is played alone; it takes no opponent deck"),
                   dw_game_get_name (setup->game));
      return FALSE;
    }

  dw_table_state_add_game_zones (state, setup->game, DW_SIDE_PLAYER, NULL);
  if (!dw_table_state_deal (state, setup->deck, DW_SIDE_PLAYER, NULL, error))
    return FALSE;
  for (guint i = 0; i < def->counters->len; i++)
    {
      const DwCounterDef *counter = &g_array_index (def->counters, DwCounterDef, i);

      dw_table_state_add_counter (state, counter->id, counter->start, FALSE);
    }
  state->turn = 1;
  state->phase = 0;
  if (def->deck != NULL && def->hand != NULL)
    draw_cards (&ctx, def->opening_hand);
  return TRUE;
}

static gboolean
find_card (DwTableContext  *ctx,
           const DwAction  *action,
           guint           *number,
           GError         **error)
{
  return dw_table_resolve_anywhere (ctx->state, dw_action_get_token (action, 1), number, error);
}

static gboolean
perform_move (DwTableContext  *ctx,
              const DwAction  *action,
              GError         **error)
{
  DwTableState *state = ctx->state;
  int to = dw_table_state_lookup_zone (state, dw_action_after (action, "to")->text);
  g_autofree char *label = NULL;
  DwTableZone *zone;
  guint number;

  if (!find_card (ctx, action, &number, error))
    return FALSE;
  dw_table_state_move (state, number, (guint) to, dw_action_has_word (action, "bottom"));
  zone = dw_table_state_get_zone (state, (guint) to);
  label = dw_table_state_card_label (state, number);
  if (dw_action_has_word (action, "random"))
    {
      /* The card went on top; it swaps places with a card drawn from the
       * seed, itself included, which puts it anywhere with equal odds. */
      guint *cards = (guint *) (gpointer) zone->cards->data;
      guint place = dw_rng_below (&state->rng, zone->cards->len);

      cards[zone->cards->len - 1] = cards[place];
      cards[place] = number;
      dw_table_context_say (ctx, _("%s goes into %s at a random place"), label, zone->id);
    }
  else
    dw_table_context_say (ctx, dw_action_has_word (action, "bottom") ? _("%s goes to the bottom of %s")
                                                                     : _("%s goes to %s"),
                          label, zone->id);
  return TRUE;
}

static gboolean
perform_mark (DwTableContext  *ctx,
              const DwAction  *action,
              gboolean         mark,
              GError         **error)
{
  g_autofree char *label = NULL;
  DwTableCard *card;
  guint number;

  if (!find_card (ctx, action, &number, error))
    return FALSE;
  card = dw_table_state_get_card (ctx->state, number);
  label = dw_table_state_card_label (ctx->state, number);
  if (card->marked == mark)
    {
      dw_table_reject (error, NULL, mark ? _("%s is marked already") : _("%s is not marked"), label);
      return FALSE;
    }
  card->marked = mark;
  dw_table_context_say (ctx, mark ? _("%s is marked") : _("%s is unmarked"), label);
  return TRUE;
}

static gboolean
perform_reveal (DwTableContext  *ctx,
                const DwAction  *action,
                GError         **error)
{
  const DwTableCard *card;
  guint number;

  if (!find_card (ctx, action, &number, error))
    return FALSE;
  card = dw_table_state_get_card (ctx->state, number);
  if (dw_table_state_card_visible (ctx->state, number))
    {
      dw_table_reject (error, NULL, _("#%u %s is face up already"), number, dw_card_get_name (card->card));
      return FALSE;
    }
  /* The log is where a revealed card stays seen. */
  dw_table_context_say (ctx, _("#%u is revealed: %s, in %s"), number, dw_card_get_name (card->card),
                        dw_table_state_get_zone (ctx->state, card->zone)->id);
  return TRUE;
}

/* The definition of the player's counter @id, or NULL. */
static const DwCounterDef *
counter_def (const DwTableState *state,
             const char         *id)
{
  const DwTableDef *def = table_def (state);

  for (guint i = 0; i < def->counters->len; i++)
    if (g_strcmp0 (g_array_index (def->counters, DwCounterDef, i).id, id) == 0)
      return &g_array_index (def->counters, DwCounterDef, i);
  return NULL;
}

static gboolean
perform_counter (DwTableContext  *ctx,
                 const DwAction  *action,
                 GError         **error)
{
  DwTableState *state = ctx->state;
  const DwToken *what = dw_action_get_token (action, 1);
  const DwToken *value = dw_action_get_token (action, 2);
  g_autofree char *label = NULL;
  DwTableCard *card;
  guint number;

  if (!dw_token_is_card (what))
    {
      gint64 now = dw_table_state_get_counter (state, what->text);
      gint64 next = dw_table_apply_int (now, value);
      const DwCounterDef *def = counter_def (state, what->text);

      /* The bounds the game states for the counter (<counter min max>). */
      if (def != NULL && def->has_min && next < def->min)
        {
          dw_table_reject (error, NULL, _("%s cannot go below %" PRId64 "; this would make it %" PRId64),
                           def->name, def->min, next);
          return FALSE;
        }
      if (def != NULL && def->has_max && next > def->max)
        {
          dw_table_reject (error, NULL, _("%s cannot go above %" PRId64 "; this would make it %" PRId64),
                           def->name, def->max, next);
          return FALSE;
        }
      dw_table_state_set_counter (state, what->text, next);
      dw_table_context_say (ctx, "%s is %" PRId64, what->text, dw_table_state_get_counter (state, what->text));
      return TRUE;
    }

  if (!find_card (ctx, action, &number, error))
    return FALSE;
  card = dw_table_state_get_card (state, number);
  if (dw_table_apply_int (card->adjust[0], value) < 0)
    {
      dw_table_reject (error, NULL, _("a card cannot carry fewer than no counters"));
      return FALSE;
    }
  card->adjust[0] = dw_table_apply_int (card->adjust[0], value);
  label = dw_table_state_card_label (state, number);
  dw_table_context_say (ctx, g_dngettext (GETTEXT_PACKAGE, "%s carries %" PRId64 " counter",
                                          "%s carries %" PRId64 " counters", (gulong) card->adjust[0]),
                        label, card->adjust[0]);
  return TRUE;
}

/* The end of a turn: the hand limit is checked, the next turn begins
 * and draws what the game says. */
static gboolean
perform_end (DwTableContext  *ctx,
             GError         **error)
{
  DwTableState *state = ctx->state;
  const DwTableDef *def = table_def (state);
  int hand = player_zone (state, def->hand);

  if (def->hand_limit >= 0 && hand >= 0)
    {
      guint held = dw_table_zone_get_n_cards (dw_table_state_get_zone (state, (guint) hand));

      if (held > (guint) def->hand_limit)
        {
          dw_table_reject (error, _(RULE_HAND_LIMIT),
                           g_dngettext (GETTEXT_PACKAGE,
                                        "the hand holds %u cards and may hold %d when a turn ends; "
                                        "put %u card away first",
                                        "the hand holds %u cards and may hold %d when a turn ends; "
                                        "put %u cards away first", held - (guint) def->hand_limit),
                           held, def->hand_limit, held - (guint) def->hand_limit);
          return FALSE;
        }
    }
  state->turn++;
  state->phase = 0;
  dw_table_context_say (ctx, _("turn %u begins"), state->turn);
  /* Counters the game returns to a value each turn (<counter reset>). */
  for (guint i = 0; i < def->counters->len; i++)
    {
      const DwCounterDef *counter = &g_array_index (def->counters, DwCounterDef, i);

      if (!counter->has_reset || dw_table_state_get_counter (state, counter->id) == counter->reset)
        continue;
      dw_table_state_set_counter (state, counter->id, counter->reset);
      dw_table_context_say (ctx, "%s is %" PRId64, counter->id, counter->reset);
    }
  if (def->deck != NULL && def->hand != NULL)
    draw_cards (ctx, def->draw_per_turn);
  return TRUE;
}

static gboolean
perform (DwTableContext  *ctx,
         const DwAction  *action,
         GError         **error)
{
  const char *verb = dw_action_get_verb (action);

  if (strcmp (verb, "draw") == 0)
    {
      const DwToken *count = dw_action_get_token (action, 1);

      if (count != NULL && count->value < 1)
        {
          dw_table_reject (error, NULL, _("draw at least one card"));
          return FALSE;
        }
      draw_cards (ctx, count ? count->value : 1);
      return TRUE;
    }
  if (strcmp (verb, "move") == 0)
    return perform_move (ctx, action, error);
  if (strcmp (verb, "shuffle") == 0)
    {
      int zone = dw_table_state_lookup_zone (ctx->state, dw_action_get_word (action, 1));

      dw_table_state_shuffle (ctx->state, (guint) zone);
      dw_table_context_say (ctx, _("%s is shuffled"), dw_table_state_get_zone (ctx->state, (guint) zone)->id);
      return TRUE;
    }
  if (strcmp (verb, "reveal") == 0)
    return perform_reveal (ctx, action, error);
  if (strcmp (verb, "mark") == 0 || strcmp (verb, "unmark") == 0)
    return perform_mark (ctx, action, strcmp (verb, "mark") == 0, error);
  if (strcmp (verb, "counter") == 0)
    return perform_counter (ctx, action, error);
  return perform_end (ctx, error);
}

static void
describe_card (const DwTableState *state,
               const DwTableCard  *card,
               GString            *out)
{
  if (card->adjust[0] != 0)
    g_string_append_printf (out, " (counters %" PRId64 ")", card->adjust[0]);
}

static void
describe (const DwTableState *state,
          GString            *out)
{
  const DwTableDef *def = table_def (state);

  if (def->hand_limit >= 0)
    g_string_append_printf (out, "hand limit: %d\n", def->hand_limit);
  if (def->refill_from != NULL)
    g_string_append_printf (out, "an empty %s is refilled from %s\n", def->deck, def->refill_from);
}

/* The top card of the deck is drawn; any other card in a public zone
 * is marked or unmarked, the gesture of turning a card sideways. */
static void
card_actions (const DwTableState *state,
              guint               number,
              GPtrArray          *out)
{
  const DwTableDef *def = table_def (state);
  const DwTableCard *card = dw_table_state_get_card (state, number);
  const DwTableZone *zone = dw_table_state_get_zone (state, card->zone);

  if (def->deck == zone->def_id && def->hand != NULL)
    g_ptr_array_add (out, dw_action_print_word ("draw", NULL));
  else if (zone->visibility == DW_ZONE_PUBLIC)
    g_ptr_array_add (out, dw_action_print_card (card->marked ? "unmark" : "mark", number));
}

static void
offer (GPtrArray  *out,
       char       *label,
       char       *action)
{
  DwCardOffer *item = g_new0 (DwCardOffer, 1);

  item->label = label;
  item->action = action;
  item->if_accepted = TRUE;
  g_ptr_array_add (out, item);
}

/* "counter #N +1": @delta counters on card #@number. */
static char *
counter_action (guint  number,
                gint64 delta)
{
  g_autoptr(DwAction) action = dw_action_new_card ("counter", number, NULL);

  dw_action_add_int (action, delta, TRUE);
  return dw_action_print (action);
}

/* "move #N to PILE bottom": a place in a face-down pile other than its top. */
static char *
pile_action (guint       number,
             const char *pile,
             const char *place)
{
  g_autoptr(DwAction) action = dw_action_new_card ("move", number, pile);

  dw_action_add_word (action, place);
  return dw_action_print (action);
}

/* The generic table's gestures for a card: marks, counters, revealing,
 * and a move to each zone of the game (at the bottom or at a random
 * place of a face-down pile as well); a view shows only those the table
 * accepts now, the list being long. */
static void
card_offers (const DwTableState *state,
             const DwTableCard  *card,
             GPtrArray          *out)
{
  const DwTableZone *here = dw_table_state_get_zone (state, card->zone);

  offer (out, g_strdup (card->marked ? _("Unmark") : _("Mark")),
         dw_action_print_card (card->marked ? "unmark" : "mark", card->number));
  offer (out, g_strdup (_("Add a Counter")), counter_action (card->number, +1));
  if (card->adjust[0] > 0)
    offer (out, g_strdup (_("Remove a Counter")), counter_action (card->number, -1));
  offer (out, g_strdup (_("Reveal")), dw_action_print_card ("reveal", card->number));
  if (dw_table_zone_get_n_cards (here) > 1)
    offer (out, g_strdup_printf (_("Shuffle %s"), here->name), dw_action_print_word ("shuffle", here->id));

  for (guint i = 0; i < state->zones->len; i++)
    {
      const DwTableZone *zone = dw_table_state_get_zone (state, i);
      gboolean pile = zone->visibility == DW_ZONE_HIDDEN && zone->ordered;

      if (i != card->zone)
        /* A face-down pile has a top, a bottom and places between. */
        offer (out, g_strdup_printf (pile ? _("Top of %s") : _("Move to %s"), zone->name),
               dw_action_print_card_to ("move", card->number, zone->id));
      if (!pile)
        continue;
      offer (out, g_strdup_printf (_("Bottom of %s"), zone->name),
             pile_action (card->number, zone->id, "bottom"));
      offer (out, g_strdup_printf (_("Into %s at Random"), zone->name),
             pile_action (card->number, zone->id, "random"));
    }
}

static char *
zone_action (const DwTableState *state,
             guint               number,
             guint               zone)
{
  return dw_action_print_card_to ("move", number, dw_table_state_get_zone (state, zone)->id);
}

static char *
card_action (const DwTableState *state,
             guint               number,
             guint               target)
{
  return zone_action (state, number, dw_table_state_get_card (state, target)->zone);
}

static void
add_verb (GenericRules *self,
          const char   *name,
          const char   *pattern,
          const char   *summary)
{
  DwVerb verb = { name, g_string_chunk_insert (self->strings, pattern), summary };

  g_array_append_val (self->verbs, verb);
}

/* The actions, spelling out the game's zones and counters, so that a
 * misspelt one is a line that does not read. */
static void
make_verbs (GenericRules *self)
{
  const DwTableDef *def = dw_game_get_table (self->game);
  g_autoptr(GString) zones = g_string_new (NULL);
  g_autoptr(GString) counters = g_string_new (NULL);
  g_autofree char *move = NULL;
  g_autofree char *shuffle = NULL;
  g_autofree char *counter = NULL;

  for (guint i = 0; i < dw_game_get_n_zones (self->game); i++)
    g_string_append_printf (zones, "%s%s", i ? "|" : "", dw_game_get_zone (self->game, i)->id);
  for (guint i = 0; i < def->counters->len; i++)
    g_string_append_printf (counters, "%s%s", i ? "|" : "", g_array_index (def->counters, DwCounterDef, i).id);

  if (def->deck != NULL && def->hand != NULL)
    add_verb (self, "draw", "draw [INT]", "draw cards; an empty deck is refilled where the game says so");
  if (zones->len > 0)
    {
      move = g_strdup_printf ("move CARD to %s [top|bottom|random]", zones->str);
      shuffle = g_strdup_printf ("shuffle %s", zones->str);
      add_verb (self, "move", move, "move a card to a zone: on top, at the bottom or at a random place");
      add_verb (self, "shuffle", shuffle, "shuffle a zone");
    }
  add_verb (self, "reveal", "reveal CARD", "show a face-down card");
  add_verb (self, "mark", "mark CARD", "mark a card (turned sideways, used)");
  add_verb (self, "unmark", "unmark CARD", "take a card's mark off");
  add_verb (self, "counter", "counter CARD INT", "counters on a card: +N or -N adds, N sets");
  if (counters->len > 0)
    {
      counter = g_strdup_printf ("counter %s INT", counters->str);
      add_verb (self, "counter", counter, "change one of your counters: +N or -N adds, N sets");
    }
  add_verb (self, "end", "end", "end the turn: the hand limit is checked, the next turn draws");
}

static GenericRules *
generic_rules_new (DwGame *game)
{
  GenericRules *self = g_new0 (GenericRules, 1);
  const DwTableDef *def = dw_game_get_table (game);

  self->game = g_object_ref (game);
  self->strings = g_string_chunk_new (256);
  self->verbs = g_array_new (TRUE, TRUE, sizeof (DwVerb));
  self->counter_info = g_array_new (TRUE, TRUE, sizeof (DwTableCounterInfo));
  make_verbs (self);
  for (guint i = 0; i < def->counters->len; i++)
    {
      const DwCounterDef *counter = &g_array_index (def->counters, DwCounterDef, i);
      DwTableCounterInfo info = { counter->id, counter->name, DW_SIDE_PLAYER, NULL, NULL };

      g_array_append_val (self->counter_info, info);
    }

  self->rules.id = DW_GENERIC_RULES_ID;
  self->rules.game_id = g_intern_string (dw_game_get_id (game));
  self->rules.name = g_string_chunk_insert (self->strings, dw_game_get_name (game));
  self->rules.phases = phases;
  self->rules.stats = stats;
  self->rules.verbs = (const DwVerb *) (gpointer) self->verbs->data;
  self->rules.setup = setup;
  self->rules.perform = perform;
  self->rules.describe_card = describe_card;
  self->rules.describe = describe;
  self->rules.phase_labels = phase_labels;
  self->rules.counter_info = (const DwTableCounterInfo *) (gpointer) self->counter_info->data;
  self->rules.card_actions = card_actions;
  self->rules.card_offers = card_offers;
  self->rules.example_action = N_("Type an action, e.g. draw, or end");
  self->rules.zone_action = zone_action;
  self->rules.card_action = card_action;
  return self;
}

/* The generic rules for @game.  They are made once for each game
 * definition loaded and live as long as the program: a table and its
 * states point to them. */
const DwTableRules *
dw_generic_rules_for_game (DwGame *game)
{
  static GHashTable *made;
  static GMutex lock;
  GenericRules *rules;

  g_return_val_if_fail (DW_IS_GAME (game), NULL);

  g_mutex_lock (&lock);
  if (made == NULL)
    made = g_hash_table_new (NULL, NULL);
  rules = g_hash_table_lookup (made, game);
  if (rules == NULL)
    {
      rules = generic_rules_new (game);
      g_hash_table_insert (made, game, rules);
    }
  g_mutex_unlock (&lock);
  return &rules->rules;
}
