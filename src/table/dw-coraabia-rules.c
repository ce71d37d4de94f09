/* dw-coraabia-rules.c — the Coraabia table: its verbs, setup and what follows by itself
 *
 * The rules are the Coraabia wiki's, ../shared/seeds/coraabia-rules.txt;
 * a refusal names the step of "Structure of duels" (or the section) it
 * comes from, and a question the text leaves open is answered where it
 * arises, in a comment that begins "Choice:".  The actions themselves
 * (declare, trick, champion, ability, pass, adjust) are checked in
 * dw-coraabia-play.c; the flow of duels (reveal, resolve, shootouts,
 * the end of the game) in dw-coraabia-duel.c; the board helpers they
 * all share in dw-coraabia-board.c; the words and gestures of a view in
 * dw-coraabia-view.c.  This file deals and settles.
 *
 * The table is solo.  The opponent is a goldfish with a real deck (the
 * one given, or the shipped Blue Ring Patrol): it reveals, declares and
 * duels by the rules, and whenever it must act it passes — but only when
 * the player goes on, so that until then the player may take its side
 * with "as opp ACTION" (dw-coraabia-play.c).  Card texts are not
 * automated (DESIGN.md §6): abilities, tricks and connections are
 * applied by hand with "adjust" and the manual actions, and the table
 * says which texts are due at each step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include "dw-coraabia-private.h"

static const char * const phases[N_PHASES + 1] = { "declaration", "confrontation", NULL };

static const DwTableStat stats[] = {
  { "danger", "danger" },
  { "intellect", "intellect" },
  { "vitality", "vitality" },
  { "karma", "karma" },
  { "points", "points" },
  { NULL }
};

static const DwVerb verbs[] = {
  { "declare", "declare danger|intellect|vitality|karma",
    "the declaring side chooses the duel's compared parameter, once, before anything else" },
  { "trick", "trick CARD", "the losing side plays a trick from its hand" },
  { "champion", "champion CARD", "the losing side sends a character from its hand to replace its duelist" },
  { "ability", "ability", "the losing side's duelist uses its activated ability, once a duel" },
  { "pass", "pass", "the losing side concedes the duel; on a tie, the turn goes to the other side" },
  { "next", "next", "go on without acting: the opponent declares or passes, as it owes, until it is your turn" },
  { "adjust", "adjust me|opp danger|intellect|vitality|karma|points INT",
    "apply a card's text to a duelist by hand: +N or -N adds, N sets" },
  { "adjust", "adjust parameter danger|intellect|vitality|karma",
    "apply a card's text that changes the compared parameter" },
  { NULL }
};

static const char * const manual_verbs[] = { "adjust", NULL };

/* Setup */

/* Who acts and how, as one number, so that settle can tell a change. */
static int
announcement (const DwTableState *state)
{
  DwSide side;
  DwCoraabiaTask task = dw_coraabia_get_acting_side (state, &side);

  return task == DW_CORAABIA_NOBODY ? -1 : (int) side * 4 + (int) task;
}

static gboolean
setup (DwTableState        *state,
       const DwTableSetup  *setup,
       GError             **error)
{
  static const char * const needed[] = { "deck", "hand", "duel", "connections", "dump", "score", NULL };
  static const gint64 defaults[N_COUNTERS] = { 0, 0, 1, 1, 2, 0, 0 };
  static const CoraabiaCounter order[] = {
    COUNTER_SCORE, COUNTER_AUX_SCORE, COUNTER_TRICK_LIMIT, COUNTER_CHAMPION_LIMIT, COUNTER_CRITICAL,
    COUNTER_TRICKS_PLAYED, COUNTER_CHAMPIONS_SENT,
  };
  CoraabiaData *data = coraabia_data (state);
  g_autoptr(GString) said = g_string_new (NULL);
  DwTableContext ctx = { state, said };
  DwSide first;

  for (guint i = 0; needed[i]; i++)
    if (dw_game_lookup_zone (setup->game, needed[i]) == NULL)
      {
        g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                     _("the Coraabia game definition has no zone “%s”, which the table needs"), needed[i]);
        return FALSE;
      }
  if (setup->opponent == NULL)
    {
      g_set_error_literal (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                           _("a Coraabia table needs a deck for the goldfish opponent"));
      return FALSE;
    }

  dw_table_state_add_game_zones (state, setup->game, DW_SIDE_PLAYER, NULL);
  if (!dw_table_state_deal (state, setup->deck, DW_SIDE_PLAYER, NULL, error))
    return FALSE;
  dw_table_state_add_game_zones (state, setup->game, DW_SIDE_OPPONENT, NULL);
  if (!dw_table_state_deal (state, setup->opponent, DW_SIDE_OPPONENT, NULL, error))
    return FALSE;

  /* Effects on a dueling character last while it stays in the duel:
   * leaving it for the dump, the score or a hand starts a card afresh
   * ("One-time effects that affect characters cease to work once their
   * target leaves the duel", Abilities). */
  dw_table_state_get_zone (state, coraabia_zone (state, DW_SIDE_PLAYER, "duel"))->in_play = TRUE;
  dw_table_state_get_zone (state, coraabia_zone (state, DW_SIDE_OPPONENT, "duel"))->in_play = TRUE;

  /* Per-duel limits and the critical multiplier are counters, so that a
   * connection that changes them (Second Dealer, Bloodsport Bookmaker) is
   * applied by hand: "manual counter trick-limit 2". */
  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < G_N_ELEMENTS (order); i++)
      dw_table_state_add_counter (state, coraabia_counter_name ((DwSide) s, order[i]),
                                  defaults[order[i]], FALSE);

  /* "Who declares in the first duel is chosen at random" (1.1): drawn
   * from the seed once both decks are shuffled. */
  first = dw_rng_below (&state->rng, 2) == 0 ? DW_SIDE_PLAYER : DW_SIDE_OPPONENT;
  data->declarer = first;
  data->parameter = -1;
  state->turn = 0;
  coraabia_start_duel (&ctx, FALSE);
  data->announced = announcement (state);
  data->announced_duel = state->turn;
  return TRUE;
}

/* What follows by itself */

static void
settle (DwTableContext *ctx)
{
  DwTableState *state = ctx->state;
  CoraabiaData *data = coraabia_data (state);
  int announced;

  /* The end follows from the decks and the scores, and card texts
   * applied by hand after the last duel (3.2: "Trigger abilities with
   * modifier Win … Loss") may change either: a character put back into a
   * deck sends it to another duel, a score changed changes the verdict. */
  if (state->result != DW_TABLE_RESULT_NONE)
    {
      if (coraabia_count_characters (state, DW_SIDE_PLAYER) > 0 && coraabia_count_characters (state, DW_SIDE_OPPONENT) > 0)
        {
          dw_table_state_set_result (state, DW_TABLE_RESULT_NONE, NULL);
          dw_table_context_say (ctx, _("both sides have a character for another duel again, so the game "
                                       "goes on (%s)"), _(RULE_GAME_END));
          coraabia_start_duel (ctx, FALSE);
        }
      else if (coraabia_set_verdict (state))
        coraabia_say_verdict (ctx);
      if (state->result != DW_TABLE_RESULT_NONE)
        return;
    }

  coraabia_track_tie (state);
  announced = announcement (state);
  if (announced != data->announced || state->turn != data->announced_duel)
    {
      g_autofree char *standing = coraabia_standing (state);

      dw_table_context_say (ctx, "%s", standing);
      data->announced = announced;
      data->announced_duel = state->turn;
    }
}

const DwTableRules dw_coraabia_rules = {
  .id = "coraabia-wiki",
  .game_id = "coraabia",
  .name = "Coraabia (wiki rules)",
  .phases = phases,
  .stats = stats,
  .verbs = verbs,
  .data_size = sizeof (CoraabiaData),
  .setup = setup,
  .perform = coraabia_perform,
  .settle = settle,
  .describe_card = coraabia_describe_card,
  .describe = coraabia_describe,
  .manual_verbs = manual_verbs,
  .opponent_acts = TRUE,
  .default_opponent = "cor-blue-ring-patrol.xml",
  .phase_labels = coraabia_phase_labels,
  .counter_info = coraabia_counter_info,
  .card_actions = coraabia_card_actions,
  .card_offers = coraabia_card_offers,
  .offers_moves_by_hand = TRUE,
  .example_action = N_("Type an action, e.g. declare danger"),
  .zone_action = coraabia_zone_action,
  .card_action = coraabia_card_action,
  .duel_zone = "duel",
  .duel_words = coraabia_duel_words,
  .bar_offers = coraabia_bar_offers,
};
