/* dw-coraabia-duel.c — the flow of Coraabia's duels
 *
 * Revealing, declaring, resolving a duel, breaking a tie off into a
 * shootout, and ending the game when a side runs out of characters: the
 * steps the rules (dw-coraabia-rules.c) and the actions
 * (dw-coraabia-play.c) both take.  It calls neither.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include "dw-coraabia-private.h"

/* The flow of duels */

guint
coraabia_count_characters (const DwTableState *state,
                           DwSide              side)
{
  const DwTableZone *deck = dw_table_state_get_zone (state, coraabia_zone (state, side, "deck"));
  guint n = 0;

  for (guint i = 0; i < deck->cards->len; i++)
    if (coraabia_is_character (dw_table_state_get_card (state, g_array_index (deck->cards, guint, i))))
      n++;
  return n;
}

/* "The winner of the game is the player with higher score at the end of
 * the game"; "If the score of both players at the end of the game is
 * equal, the game ends in a draw" (the end of the game).  Sets the
 * result from the scores as they stand; FALSE when it was that already. */
gboolean
coraabia_set_verdict (DwTableState *state)
{
  const CoraabiaData *data = coraabia_data (state);
  gint64 mine = coraabia_get (state, DW_SIDE_PLAYER, COUNTER_SCORE);
  gint64 theirs = coraabia_get (state, DW_SIDE_OPPONENT, COUNTER_SCORE);
  g_autofree char *reason = NULL;
  DwTableResult result;
  const char *why;

  if (mine > theirs)
    result = DW_TABLE_RESULT_WON;
  else if (mine < theirs)
    result = DW_TABLE_RESULT_LOST;
  else
    result = DW_TABLE_RESULT_DRAWN;

  why = data->out[0] && data->out[1] ? _("neither side has a character left for the next duel")
        : data->out[0] ? _("you have no character left for the next duel")
        : _("the opponent has no character left for the next duel");
  reason = g_strdup_printf (_("%s; the score is %" PRId64 " to %" PRId64), why, mine, theirs);
  if (result == state->result && g_strcmp0 (reason, state->result_reason) == 0)
    return FALSE;
  dw_table_state_set_result (state, result, reason);
  return TRUE;
}

void
coraabia_say_verdict (DwTableContext *ctx)
{
  DwTableState *state = ctx->state;

  dw_table_context_say (ctx, state->result == DW_TABLE_RESULT_WON ? _("the game ends: %s: you win (%s)") :
                             state->result == DW_TABLE_RESULT_LOST ? _("the game ends: %s: you lose (%s)") :
                             _("the game ends: %s: a draw (%s)"),
                        state->result_reason, _(RULE_GAME_END));
}

/* "The game ends once any player cannot send a character into the next
 * duel" (the end of the game). */
static void
end_game (DwTableContext *ctx,
          gboolean        mine_out,
          gboolean        theirs_out)
{
  CoraabiaData *data = coraabia_data (ctx->state);

  data->out[0] = mine_out;
  data->out[1] = theirs_out;
  coraabia_set_verdict (ctx->state);
  coraabia_say_verdict (ctx);
}

/* "The top card of the deck is revealed … If it is a trick, it is added
 * to the player's hand. This step is repeated until a character is
 * revealed" (1.2, 1.3).  Choice: a card that is neither (a connection
 * left in the deck section of an illegal deck) goes to the hand too. */
static void
reveal (DwTableContext *ctx,
        DwSide          side)
{
  DwTableState *state = ctx->state;
  guint deck = coraabia_zone (state, side, "deck");
  guint top;

  while ((top = dw_table_zone_get_top (dw_table_state_get_zone (state, deck))) != 0)
    {
      g_autofree char *label = NULL;

      if (coraabia_is_character (dw_table_state_get_card (state, top)))
        {
          dw_table_state_move (state, top, coraabia_zone (state, side, "duel"), FALSE);
          label = coraabia_label (state, top);
          dw_table_context_say (ctx, side == DW_SIDE_PLAYER ? _("you reveal %s") : _("the opponent reveals %s"),
                                label);
          return;
        }
      dw_table_state_move (state, top, coraabia_zone (state, side, "hand"), FALSE);
      /* Revealed to its owner only: the opponent's stays face down, and
       * unnumbered, since #N tells a known deck's card. */
      label = coraabia_label (state, top);
      if (side == DW_SIDE_PLAYER)
        dw_table_context_say (ctx, _("you reveal %s into your hand"), label);
      else
        dw_table_context_say (ctx, _("the opponent takes a card into its hand"));
    }
}

/* A new duel: limits replenished, characters revealed, declaring side
 * first; or the end of the game, "once any player cannot send a
 * character into the next duel". */
void
coraabia_start_duel (DwTableContext *ctx,
                     gboolean        shootout)
{
  DwTableState *state = ctx->state;
  CoraabiaData *data = coraabia_data (state);
  gboolean mine = coraabia_count_characters (state, DW_SIDE_PLAYER) > 0;
  gboolean theirs = coraabia_count_characters (state, DW_SIDE_OPPONENT) > 0;
  DwSide order[2] = { data->declarer, coraabia_other (data->declarer) };

  if (!mine || !theirs)
    {
      end_game (ctx, !mine, !theirs);
      return;
    }

  state->turn++;
  data->shootout = shootout;
  data->tied = FALSE;
  data->passes = 0;
  /* "The limits on playable tricks and champions are replenished at the
   * start of each duel" (Structure of duels). */
  for (guint s = 0; s < 2; s++)
    {
      coraabia_set (state, (DwSide) s, COUNTER_TRICKS_PLAYED, 0);
      coraabia_set (state, (DwSide) s, COUNTER_CHAMPIONS_SENT, 0);
    }

  if (shootout)
    dw_table_context_say (ctx, _("duel %u, a shootout, begins"), state->turn);
  else
    dw_table_context_say (ctx, _("duel %u begins"), state->turn);
  for (guint i = 0; i < 2; i++)
    reveal (ctx, order[i]);

  if (!shootout)
    {
      data->parameter = -1;
      data->carried[0] = data->carried[1] = 0;
      state->phase = PHASE_DECLARATION;
      dw_table_context_say (ctx, _("the connections that work as a duel starts are applied by hand "
                                   "(Structure of duels: Declaration 1.4–1.5)"));
      return;
    }

  /* "Current points of characters from the last duel are added
   * (subtracted) to the points of the new characters"; "The compared
   * parameter is the same as the one at the end of the previous duel"
   * (3.4.2, 3.4.3).  Choice: the carried points are an effect on the
   * new character, so a champion that replaces it does not inherit
   * them ("One-time effects that affect characters cease to work once
   * their target leaves the duel", Abilities). */
  for (guint s = 0; s < 2; s++)
    {
      guint number = coraabia_duelist (state, (DwSide) s);

      dw_table_state_get_card (state, number)->adjust[STAT_POINTS] += data->carried[s];
    }
  state->phase = PHASE_CONFRONTATION;
  dw_table_context_say (ctx, _("%s is compared again, and the points carried are %+" PRId64
                               " for you and %+" PRId64 " for the opponent"),
                        dw_coraabia_parameter_name (data->parameter), data->carried[0], data->carried[1]);
}

/* Puts what lies in @side's duel zone away: the duelist to @zone_id,
 * anything else to the dump. */
static void
clear_duel (DwTableState *state,
            DwSide        side,
            const char   *zone_id)
{
  guint duel = coraabia_zone (state, side, "duel");
  guint duelist = coraabia_duelist (state, side);
  guint top;

  while ((top = dw_table_zone_get_top (dw_table_state_get_zone (state, duel))) != 0)
    dw_table_state_move (state, top, coraabia_zone (state, side, top == duelist ? zone_id : "dump"), FALSE);
}

static void
remind_abilities (DwTableContext *ctx,
                  DwSide          side,
                  const char     *modifier)
{
  guint number = coraabia_duelist (ctx->state, side);
  g_autofree char *text = NULL;

  if (number == 0)
    return;
  text = coraabia_ability_text (dw_table_state_get_card (ctx->state, number), NULL, modifier);
  if (text != NULL)
    {
      g_autofree char *label = coraabia_label (ctx->state, number);

      if (strcmp (modifier, "win") == 0)
        dw_table_context_say (ctx, _("apply the Win ability of %s by hand: %s"), label, text);
      else
        dw_table_context_say (ctx, _("apply the Loss ability of %s by hand: %s"), label, text);
    }
}

/* "The winner of the duel is the player whose opponent passes"; "The
 * winner adds the current points of his/her character to his/her score.
 * If the points are negative, the score will correspondingly decrease"
 * (3.1, 3.3).  Choice: the auxiliary score counts the duels won, which
 * the rules count apart ("This doesn't count as a duel win", the end of
 * the game); the winning character lies in its side's score zone as the
 * record of the points, the losing one goes to the dump. */
static void
win_duel (DwTableContext *ctx,
          DwSide          winner)
{
  DwTableState *state = ctx->state;
  CoraabiaData *data = coraabia_data (state);
  guint number = coraabia_duelist (state, winner);
  gint64 points = number ? coraabia_stat_of (state, number, STAT_POINTS) : 0;
  gboolean critical = coraabia_is_critical (state, winner);
  gint64 multiplier = critical ? coraabia_get (state, winner, COUNTER_CRITICAL) : 1;
  gint64 gained = points * multiplier;
  gint64 score = coraabia_get (state, winner, COUNTER_SCORE) + gained;
  g_autofree char *label = number ? coraabia_label (state, number) : g_strdup (_("no character"));
  g_autofree char *why = NULL;

  /* Who won and why: the compared parameter's values, the winner's
   * first, and the pass that conceded (3.1). */
  {
    DwSide loser = coraabia_other (winner);
    g_autofree char *won_with = coraabia_format_value (data->parameter, coraabia_compared_value (state, winner));
    g_autofree char *lost_with = coraabia_format_value (data->parameter, coraabia_compared_value (state, loser));
    const char *parameter = dw_coraabia_parameter_name (data->parameter);

    why = g_strdup_printf (winner == DW_SIDE_PLAYER ? _("%s %s against %s, and the opponent passed")
                                                    : _("%s %s against your %s, and you passed"),
                           parameter, number ? won_with : _("no character"),
                           coraabia_duelist (state, loser) ? lost_with : _("no character"));
  }

  coraabia_set (state, winner, COUNTER_SCORE, score);
  coraabia_set (state, winner, COUNTER_AUX_SCORE, coraabia_get (state, winner, COUNTER_AUX_SCORE) + 1);

  if (critical)
    dw_table_context_say (ctx, winner == DW_SIDE_PLAYER
                                 ? _("you win duel %u with %s (%s): a critical, its points %" PRId64 " × %"
                                     PRId64 " = %+" PRId64 ", your score %" PRId64 " (%s)")
                                 : _("the opponent wins duel %u with %s (%s): a critical, its points %" PRId64
                                     " × %" PRId64 " = %+" PRId64 ", its score %" PRId64 " (%s)"),
                          state->turn, label, why, points, multiplier, gained, score, _(RULE_WINNER));
  else
    dw_table_context_say (ctx, winner == DW_SIDE_PLAYER
                                 ? g_dngettext (GETTEXT_PACKAGE,
                                                "you win duel %u with %s (%s): %+" PRId64 " point, your score %"
                                                PRId64 " (%s)",
                                                "you win duel %u with %s (%s): %+" PRId64 " points, your score %"
                                                PRId64 " (%s)", (gulong) ABS (gained))
                                 : g_dngettext (GETTEXT_PACKAGE,
                                                "the opponent wins duel %u with %s (%s): %+" PRId64 " point, its "
                                                "score %" PRId64 " (%s)",
                                                "the opponent wins duel %u with %s (%s): %+" PRId64 " points, its "
                                                "score %" PRId64 " (%s)", (gulong) ABS (gained)),
                          state->turn, label, why, gained, score, _(RULE_WINNER));

  /* 3.2: abilities with the modifier Win for the winner, Loss for the loser. */
  remind_abilities (ctx, winner, "win");
  remind_abilities (ctx, coraabia_other (winner), "loss");

  clear_duel (state, winner, "score");
  clear_duel (state, coraabia_other (winner), "dump");
  data->declarer = winner;
  coraabia_start_duel (ctx, FALSE);
}

/* Both sides passed in a row on a tie.  "A shootout commences … a new
 * duel starts: the declaring player is the same … Current points of
 * characters from the last duel are added" (3.4) — unless it was the
 * last duel: "If the last duel of the game ends in a tie, there is no
 * shootout and the player who still has a character in the deck
 * receives the points of his/her characters and the game ends. This
 * doesn't count as a duel win. If no players have any characters in
 * the deck, no one gets any points" (the end of the game).  Choice: "the
 * points of his/her characters" are the current points of that side's
 * character in the tied duel, as a duel's winner would receive them. */
static void
tie_broken_off (DwTableContext *ctx)
{
  DwTableState *state = ctx->state;
  CoraabiaData *data = coraabia_data (state);
  gboolean has[2] = {
    coraabia_count_characters (state, DW_SIDE_PLAYER) > 0,
    coraabia_count_characters (state, DW_SIDE_OPPONENT) > 0,
  };

  if (has[0] && has[1])
    {
      for (guint s = 0; s < 2; s++)
        {
          guint number = coraabia_duelist (state, (DwSide) s);

          data->carried[s] = number ? coraabia_stat_of (state, number, STAT_POINTS) : 0;
          clear_duel (state, (DwSide) s, "dump");
        }
      dw_table_context_say (ctx, _("both sides passed on a tie: the tied characters go to the dump, "
                                   "and a shootout follows (%s)"), _(RULE_SHOOTOUT));
      coraabia_start_duel (ctx, TRUE);
      return;
    }

  if (has[0] || has[1])
    {
      DwSide side = has[0] ? DW_SIDE_PLAYER : DW_SIDE_OPPONENT;
      guint number = coraabia_duelist (state, side);
      gint64 points = number ? coraabia_stat_of (state, number, STAT_POINTS) : 0;
      gint64 score = coraabia_get (state, side, COUNTER_SCORE) + points;

      coraabia_set (state, side, COUNTER_SCORE, score);
      dw_table_context_say (ctx, side == DW_SIDE_PLAYER
                                   ? _("the last duel ends tied, with no shootout: you still have a character "
                                       "in your deck and take your character's %+" PRId64
                                       " points, not a duel win; your score %" PRId64 " (%s)")
                                   : _("the last duel ends tied, with no shootout: the opponent still has a "
                                       "character in its deck and takes its character's %+" PRId64
                                       " points, not a duel win; its score %" PRId64 " (%s)"),
                            points, score, _(RULE_GAME_END));
      clear_duel (state, side, "score");
      clear_duel (state, coraabia_other (side), "dump");
      end_game (ctx, side != DW_SIDE_PLAYER, side == DW_SIDE_PLAYER);
      return;
    }

  dw_table_context_say (ctx, _("the last duel ends tied and neither side has a character left: "
                               "no one gets any points (%s)"), _(RULE_GAME_END));
  clear_duel (state, DW_SIDE_PLAYER, "dump");
  clear_duel (state, DW_SIDE_OPPONENT, "dump");
  end_game (ctx, TRUE, TRUE);
}

/* Declares @parameter for @side, which the caller checked may declare. */
void
coraabia_declare (DwTableContext      *ctx,
                  DwSide               side,
                  DwCoraabiaParameter  parameter)
{
  DwTableState *state = ctx->state;
  CoraabiaData *data = coraabia_data (state);
  g_autofree char *values = NULL;

  data->parameter = (int) parameter;
  state->phase = PHASE_CONFRONTATION;
  values = coraabia_values_text (state);
  dw_table_context_say (ctx, side == DW_SIDE_PLAYER ? _("you declare %s: %s") : _("the opponent declares %s: %s"),
                        dw_coraabia_parameter_name (parameter), values);
  dw_table_context_say (ctx, _("passive and Flash abilities and one-time connections are applied by hand "
                               "(Structure of duels: Confrontation 2.1–2.4)"));
}

/* @side passes, which the caller checked it may.  "The losing player can
 * also PASS to concede the duel in opponent's favor" (Basic rules); on a
 * tie, "This sequence is repeated until both players consecutively
 * choose to pass" (2.7). */
void
coraabia_pass (DwTableContext *ctx,
               DwSide          side)
{
  DwTableState *state = ctx->state;
  CoraabiaData *data = coraabia_data (state);

  dw_table_context_say (ctx, side == DW_SIDE_PLAYER ? _("you pass") : _("the opponent passes"));
  if (coraabia_compare (state) != 0)
    {
      win_duel (ctx, coraabia_other (side));
      return;
    }

  data->passes++;
  if (data->passes >= 2)
    {
      tie_broken_off (ctx);
      return;
    }
  data->tie_turn = coraabia_other (side);
}

/* "If the compared parameters of both dueling characters are equal, it
 * is the turn of the declaring player" (2.7).  Choice: whenever a duel
 * becomes tied — at the declaration, by a champion, or by a card's text
 * applied by hand — the round starts again with the declaring side, and
 * passes are counted afresh; while it stays tied, each action hands the
 * turn to the other side (dw-coraabia-play.c).  Called after every
 * change of the duel. */
void
coraabia_track_tie (DwTableState *state)
{
  CoraabiaData *data = coraabia_data (state);
  gboolean tied;

  if (coraabia_in_declaration (state) || state->result != DW_TABLE_RESULT_NONE)
    return;
  tied = coraabia_compare (state) == 0;
  if (tied && !data->tied)
    {
      data->tie_turn = data->declarer;
      data->passes = 0;
    }
  if (!tied)
    data->passes = 0;
  data->tied = tied;
}
