/* dw-coraabia-play.c — the Coraabia table: declaring, reacting, passing, adjusting
 *
 * The checks of issue 5 on the Coraabia wiki's rules,
 * ../shared/seeds/coraabia-rules.txt; a refusal names the step it comes
 * from, and a choice the text leaves open begins "Choice:" where it is
 * made.  What the flow does after an action (resolving, shootouts, the
 * end of the game) is in dw-coraabia-duel.c.
 *
 * Every duel action is taken by a side: the player's own, or the
 * goldfish's when written "as opp ACTION".  The goldfish never acts of
 * itself in the middle of an action: when it is to act and the player
 * goes on with an action of their own, it first does what a goldfish
 * does — declares its default parameter, or passes — as often as it is
 * its turn, and the player's action is then judged on what follows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include "dw-coraabia-private.h"

#define RULE_GAME_END N_("Structure of duels: the end of the game")

static DwSide
actor_of (const DwAction *action)
{
  return dw_action_is_for_opponent (action) ? DW_SIDE_OPPONENT : DW_SIDE_PLAYER;
}

static int
parameter_of (const char *word)
{
  for (int p = 0; p < DW_CORAABIA_N_PARAMETERS; p++)
    if (strcmp (dw_coraabia_parameter_id ((DwCoraabiaParameter) p), word) == 0)
      return p;
  g_return_val_if_reached (DW_CORAABIA_DANGER);
}

/* Whether @actor may react now: trick, champion, ability or pass. */
static gboolean
check_turn (DwTableContext  *ctx,
            DwSide           actor,
            GError         **error)
{
  DwTableState *state = ctx->state;
  g_autofree char *values = NULL;
  DwSide side;
  DwCoraabiaTask task = dw_coraabia_get_acting_side (state, &side);

  switch (task)
    {
    case DW_CORAABIA_NOBODY:
      dw_table_reject (error, _(RULE_GAME_END), _("the game is over: %s"), state->result_reason);
      return FALSE;

    case DW_CORAABIA_DECLARE:
      /* "The declaring player chooses a parameter to be compared in the
       * upcoming duel" comes before the confrontation (1.6, 2). */
      dw_table_reject (error, _(RULE_DECLARE),
                       side == DW_SIDE_PLAYER
                         ? _("you declare the compared parameter first; nothing else happens in a duel before it")
                         : _("the opponent declares the compared parameter first; nothing else happens in a "
                             "duel before it"));
      return FALSE;

    case DW_CORAABIA_TIE_TURN:
      if (side == actor)
        return TRUE;
      values = coraabia_values_text (state);
      /* "it is the turn of the declaring player … Then it is the turn of
       * the defending player" (2.7). */
      dw_table_reject (error, _(RULE_TIE),
                       side == DW_SIDE_PLAYER
                         ? _("the duel is tied, %s, and it is your turn; the declaring side acts first, then "
                             "the defending side, in turn")
                         : _("the duel is tied, %s, and it is the opponent's turn; the declaring side acts "
                             "first, then the defending side, in turn"),
                       values);
      return FALSE;

    case DW_CORAABIA_REACT:
    default:
      if (side == actor)
        return TRUE;
      values = coraabia_values_text (state);
      /* "It is always the LOSING player who is playing" (Basic rules);
       * "it is the turn of the player with the lower compared
       * parameter, the losing player" (2.5). */
      dw_table_reject (error, _(RULE_LOSING),
                       actor == DW_SIDE_PLAYER
                         ? _("you are winning, %s: only the losing side acts")
                         : _("the opponent is winning, %s: only the losing side acts"),
                       values);
      return FALSE;
    }
}

/* After a trick, a champion or an ability: the passes in a row are
 * broken, and on a tie the turn goes to the other side (2.7). */
static void
acted (DwTableState *state,
       DwSide        actor)
{
  CoraabiaData *data = coraabia_data (state);

  data->passes = 0;
  if (data->tied)
    data->tie_turn = coraabia_other (actor);
  coraabia_track_tie (state);
}

static const char *
hand_words (DwSide side)
{
  return side == DW_SIDE_PLAYER ? _("your hand") : _("the opponent's hand");
}

static gboolean
find_in_hand (DwTableContext  *ctx,
              const DwAction  *action,
              DwSide           actor,
              guint           *number,
              GError         **error)
{
  int hand = (int) coraabia_zone (ctx->state, actor, "hand");

  return dw_table_state_resolve (ctx->state, dw_action_get_token (action, 1), &hand, 1,
                                 hand_words (actor), number, error);
}

static gboolean
perform_declare (DwTableContext  *ctx,
                 const DwAction  *action,
                 DwSide           actor,
                 GError         **error)
{
  DwTableState *state = ctx->state;
  CoraabiaData *data = coraabia_data (state);
  int parameter = parameter_of (dw_action_get_word (action, 1));

  if (!coraabia_in_declaration (state))
    {
      if (data->shootout)
        dw_table_reject (error, _("Structure of duels: Resolution 3.4.3"),
                         _("a shootout compares %s again, as the duel before it did; it is not declared"),
                         dw_coraabia_parameter_name ((DwCoraabiaParameter) data->parameter));
      else
        dw_table_reject (error, _(RULE_DECLARE),
                         _("%s is compared in duel %u already; the parameter is declared once, before "
                           "anything else happens"),
                         dw_coraabia_parameter_name ((DwCoraabiaParameter) data->parameter), state->turn);
      return FALSE;
    }

  if (actor != data->declarer)
    {
      const char *why = state->turn == 1 ? _("the first declarer was drawn at random")
                                         : _("the winner of the duel before declares");

      /* "The declaring player is a player who begins the game or who won
       * the preceding duel" (1.1). */
      if (actor == DW_SIDE_PLAYER)
        dw_table_reject (error, _(RULE_DECLARER),
                         _("the opponent declares this duel (%s); declare for it %s, "
                           "or let it declare at your next action"), why,
                         dw_table_hint_typed (DW_TABLE_HINT_AS_OPP_DECLARE));
      else
        dw_table_reject (error, _(RULE_DECLARER), _("you declare this duel (%s)"), why);
      return FALSE;
    }

  coraabia_declare (ctx, actor, (DwCoraabiaParameter) parameter);
  return TRUE;
}

/* The text a player applies by hand: the card's own words, else its
 * abilities as printed. */
static char *
card_text (const DwTableCard *card)
{
  const char *text = dw_card_get_value (card->card, "text");
  char *copy;
  gsize len;

  if (text == NULL || *text == '\0')
    return coraabia_ability_text (card, NULL, NULL);
  /* Without its full stop, as it sits inside the sentence that says it. */
  copy = g_strstrip (g_strdup (text));
  len = strlen (copy);
  if (len > 0 && copy[len - 1] == '.')
    copy[len - 1] = '\0';
  return copy;
}

static gboolean
perform_trick (DwTableContext  *ctx,
               const DwAction  *action,
               DwSide           actor,
               GError         **error)
{
  DwTableState *state = ctx->state;
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;
  const DwTableCard *card;
  const char *faction;
  gint64 played;
  gint64 limit;
  guint number;

  if (!check_turn (ctx, actor, error) || !find_in_hand (ctx, action, actor, &number, error))
    return FALSE;

  card = dw_table_state_get_card (state, number);
  label = coraabia_label (state, number);
  if (!coraabia_is_trick (card))
    {
      dw_table_reject (error, _(RULE_TRICK), _("%s is not a trick; a character in hand is sent with “champion”"),
                       label);
      return FALSE;
    }

  /* "by default, players may play only one trick and one Champion per
   * duel" (2.6); the limit is a counter a connection changes by hand.
   * It is the player's, not a card's: a trick that went back to the hand
   * and is played again counts again, as any other trick would. */
  played = coraabia_get (state, actor, COUNTER_TRICKS_PLAYED);
  limit = coraabia_get (state, actor, COUNTER_TRICK_LIMIT);
  if (played >= limit)
    {
      dw_table_reject (error, _(RULE_LIMITS),
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s played %" PRId64 " trick in this duel, and the limit is %"
                                    PRId64 " (a connection may change it: manual counter %s N)",
                                    "%s played %" PRId64 " tricks in this duel, and the limit is %"
                                    PRId64 " (a connection may change it: manual counter %s N)",
                                    (gulong) played),
                       actor == DW_SIDE_PLAYER ? _("you") : _("the opponent"), played, limit,
                       coraabia_counter_name (actor, COUNTER_TRICK_LIMIT));
      return FALSE;
    }

  /* "These so-called faction tricks can only be played if a player has a
   * character of the same faction color in the duel" (Abilities).
   * Choice: "a player has" is the side playing it, its own duelist. */
  faction = dw_card_get_value (card->card, "faction");
  if (faction != NULL && *faction != '\0')
    {
      guint duelist = coraabia_duelist (state, actor);
      const char *theirs = duelist ? dw_card_get_value (dw_table_state_get_card (state, duelist)->card, "faction")
                                   : NULL;

      if (g_strcmp0 (theirs, faction) != 0)
        {
          g_autofree char *duelist_label = duelist ? coraabia_label (state, duelist) : NULL;

          if (duelist == 0)
            dw_table_reject (error, _(RULE_FACTION),
                             _("%s is a faction trick of the %s, played only with a character of theirs in "
                               "the duel, and there is no character"),
                             label, faction);
          else
            dw_table_reject (error, _(RULE_FACTION),
                             _("%s is a faction trick of the %s, played only with a character of theirs in "
                               "the duel, and %s is of the %s"),
                             label, faction, duelist_label, theirs ? theirs : _("no faction"));
          return FALSE;
        }
    }

  /* "Playing the card type Trick always grants one-time effects"
   * (Abilities): it resolves at once, by hand, and lies in the dump. */
  text = card_text (card);
  dw_table_state_move (state, number, coraabia_zone (state, actor, "dump"), FALSE);
  g_free (label);
  label = coraabia_label (state, number);
  coraabia_set (state, actor, COUNTER_TRICKS_PLAYED, played + 1);
  dw_table_context_say (ctx, actor == DW_SIDE_PLAYER ? _("you play %s; apply it by hand: %s")
                                                     : _("the opponent plays %s; apply it by hand: %s"),
                        label, text ? text : _("(the card has no text)"));
  acted (state, actor);
  return TRUE;
}

static gboolean
perform_champion (DwTableContext  *ctx,
                  const DwAction  *action,
                  DwSide           actor,
                  GError         **error)
{
  DwTableState *state = ctx->state;
  g_autofree char *label = NULL;
  g_autofree char *old_label = NULL;
  gint64 sent;
  gint64 limit;
  guint number;
  guint old;

  if (!check_turn (ctx, actor, error) || !find_in_hand (ctx, action, actor, &number, error))
    return FALSE;

  label = coraabia_label (state, number);
  if (!coraabia_is_character (dw_table_state_get_card (state, number)))
    {
      dw_table_reject (error, _(RULE_CHAMPION), _("%s is not a character; a trick is played with “trick”"), label);
      return FALSE;
    }

  /* The player's limit too (2.6): a character that left the duel and is
   * sent again as a champion is one more champion sent. */
  sent = coraabia_get (state, actor, COUNTER_CHAMPIONS_SENT);
  limit = coraabia_get (state, actor, COUNTER_CHAMPION_LIMIT);
  if (sent >= limit)
    {
      dw_table_reject (error, _(RULE_LIMITS),
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s sent %" PRId64 " champion in this duel, and the limit is %"
                                    PRId64 " (a connection may change it: manual counter %s N)",
                                    "%s sent %" PRId64 " champions in this duel, and the limit is %"
                                    PRId64 " (a connection may change it: manual counter %s N)",
                                    (gulong) sent),
                       actor == DW_SIDE_PLAYER ? _("you") : _("the opponent"), sent, limit,
                       coraabia_counter_name (actor, COUNTER_CHAMPION_LIMIT));
      return FALSE;
    }

  /* "Send a character from hand (the so-called Champion) to replace his
   * currently dueling character which is then send to Dump" (2.5.3). */
  old = coraabia_duelist (state, actor);
  if (old != 0)
    {
      dw_table_state_move (state, old, coraabia_zone (state, actor, "dump"), FALSE);
      old_label = coraabia_label (state, old);
    }
  dw_table_state_move (state, number, coraabia_zone (state, actor, "duel"), FALSE);
  g_free (label);
  label = coraabia_label (state, number);
  coraabia_set (state, actor, COUNTER_CHAMPIONS_SENT, sent + 1);

  if (old_label != NULL)
    dw_table_context_say (ctx, actor == DW_SIDE_PLAYER ? _("you send %s as a champion; %s goes to the dump")
                                                       : _("the opponent sends %s as a champion; %s goes to the dump"),
                          label, old_label);
  else
    dw_table_context_say (ctx, actor == DW_SIDE_PLAYER ? _("you send %s as a champion")
                                                       : _("the opponent sends %s as a champion"),
                          label);
  dw_table_context_say (ctx, _("apply its passive and Flash abilities and the Whenever champion ones by hand "
                               "(Game logic principles: Playing a champion)"));
  acted (state, actor);
  return TRUE;
}

static gboolean
perform_ability (DwTableContext  *ctx,
                 DwSide           actor,
                 GError         **error)
{
  DwTableState *state = ctx->state;
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;
  DwTableCard *card;
  guint number;

  if (!check_turn (ctx, actor, error))
    return FALSE;

  number = coraabia_duelist (state, actor);
  if (number == 0)
    {
      dw_table_reject (error, _(RULE_ABILITY),
                       actor == DW_SIDE_PLAYER ? _("you have no character in the duel to use an ability")
                                               : _("the opponent has no character in the duel to use an ability"));
      return FALSE;
    }
  card = dw_table_state_get_card (state, number);
  label = coraabia_label (state, number);
  if (!coraabia_has_ability (card, "activated", NULL))
    {
      dw_table_reject (error, _(RULE_ABILITY), _("%s has no activated ability, only passive ones or none"), label);
      return FALSE;
    }
  /* "each character may use only one activated ability per duel"
   * (Structure of duels: Confrontation 2.5.1): the limit is the
   * character's, the card's, for the whole duel.  A character that
   * leaves the duel (sent to the dump by a champion) and comes back in
   * the same duel (summoned, or sent again as a champion) is the same
   * character: the effects on it ended as it left ("One-time effects
   * that affect characters cease to work once their target leaves the
   * duel", Abilities), but the ability it used stays used until the next
   * duel.  The card is marked while it stays, and remembers the duel it
   * was marked in after it leaves. */
  if (card->marked || dw_table_state_marked_this_turn (state, card))
    {
      dw_table_reject (error, _(RULE_ABILITY),
                       _("%s used its activated ability in this duel already; each character uses one "
                         "activated ability a duel"), label);
      return FALSE;
    }

  dw_table_state_mark (state, card);
  text = coraabia_ability_text (card, "activated", NULL);
  /* "An activated ability can be always triggered whenever its condition
   * is met, even in case its effect will not happen" (Abilities): the
   * condition is card text, which the player judges. */
  dw_table_context_say (ctx, actor == DW_SIDE_PLAYER
                               ? _("%s uses its activated ability; apply it by hand, if its condition is met: %s")
                               : _("the opponent's %s uses its activated ability; apply it by hand, if its "
                                   "condition is met: %s"),
                        label, text);
  acted (state, actor);
  return TRUE;
}

static gboolean
perform_pass (DwTableContext  *ctx,
              DwSide           actor,
              GError         **error)
{
  if (!check_turn (ctx, actor, error))
    return FALSE;
  coraabia_pass (ctx, actor);
  return TRUE;
}

/* Card texts applied by hand: never checked against the flow, only
 * against what is on the table; the log marks them manual
 * (dw_coraabia_rules.manual_verbs). */
static gboolean
perform_adjust (DwTableContext  *ctx,
                const DwAction  *action,
                GError         **error)
{
  DwTableState *state = ctx->state;
  CoraabiaData *data = coraabia_data (state);
  const char *what = dw_action_get_word (action, 1);
  g_autofree char *label = NULL;
  g_autofree char *shown = NULL;
  const DwToken *value;
  DwTableCard *card;
  DwSide side;
  gint64 now;
  guint number;
  int stat;

  if (dw_action_is_for_opponent (action))
    {
      dw_table_reject (error, NULL, _("“adjust” names the side it changes, me or opp; write it without “as opp”"));
      return FALSE;
    }

  if (strcmp (what, "parameter") == 0)
    {
      int parameter = parameter_of (dw_action_get_word (action, 2));

      if (coraabia_in_declaration (state))
        {
          dw_table_reject (error, _(RULE_DECLARE), _("nothing is compared yet; the declaring side declares first"));
          return FALSE;
        }
      data->parameter = parameter;
      shown = coraabia_values_text (state);
      dw_table_context_say (ctx, _("%s is compared now, by hand: %s"),
                            dw_coraabia_parameter_name ((DwCoraabiaParameter) parameter), shown);
      return TRUE;
    }

  side = strcmp (what, "opp") == 0 ? DW_SIDE_OPPONENT : DW_SIDE_PLAYER;
  stat = dw_table_state_lookup_stat (state, dw_action_get_word (action, 2));
  value = dw_action_get_token (action, 3);
  number = coraabia_duelist (state, side);
  if (number == 0)
    {
      dw_table_reject (error, NULL, side == DW_SIDE_PLAYER ? _("you have no character in the duel to adjust")
                                                           : _("the opponent has no character in the duel to adjust"));
      return FALSE;
    }

  card = dw_table_state_get_card (state, number);
  now = dw_table_state_get_stat (state, card, (guint) stat);
  card->adjust[stat] += (value->signed_ ? now + value->value : value->value) - now;
  label = coraabia_label (state, number);
  now = dw_table_state_get_stat (state, card, (guint) stat);
  /* Vitality is a percentage (games.md). */
  shown = g_strdup_printf ("%" PRId64 "%s", now, stat == DW_CORAABIA_VITALITY ? "%" : "");
  dw_table_context_say (ctx, _("%s has %s %s, by hand"), label, dw_action_get_word (action, 2), shown);
  coraabia_track_tie (state);
  return TRUE;
}

/* The goldfish does what it does whenever it must act — it declares its
 * default parameter, or passes — until it is not its turn.  TRUE when
 * it did anything. */
static gboolean
goldfish_moves (DwTableContext *ctx)
{
  DwTableState *state = ctx->state;
  gboolean moved = FALSE;
  DwCoraabiaTask task;
  DwSide side;

  while ((task = dw_coraabia_get_acting_side (state, &side)) != DW_CORAABIA_NOBODY &&
         side == DW_SIDE_OPPONENT)
    {
      if (task == DW_CORAABIA_DECLARE)
        coraabia_declare (ctx, DW_SIDE_OPPONENT, dw_coraabia_goldfish_choice (state));
      else
        coraabia_pass (ctx, DW_SIDE_OPPONENT);
      coraabia_track_tie (state);
      moved = TRUE;
    }
  return moved;
}

static gboolean
dispatch (DwTableContext  *ctx,
          const DwAction  *action,
          DwSide           actor,
          GError         **error)
{
  const char *verb = dw_action_get_verb (action);

  if (strcmp (verb, "declare") == 0)
    return perform_declare (ctx, action, actor, error);
  if (strcmp (verb, "trick") == 0)
    return perform_trick (ctx, action, actor, error);
  if (strcmp (verb, "champion") == 0)
    return perform_champion (ctx, action, actor, error);
  if (strcmp (verb, "ability") == 0)
    return perform_ability (ctx, actor, error);
  if (strcmp (verb, "pass") == 0)
    return perform_pass (ctx, actor, error);

  g_return_val_if_reached (FALSE);
}

/* next: the player goes on without acting, and the goldfish does what
 * it owes — declares its parameter, or passes — until it is the
 * player's turn.  Choice: the duel's steps follow from the actions (a
 * declaration begins the confrontation, a pass resolves the duel), so
 * going on at this table means letting the other side act ("It is
 * always the LOSING player who is playing", Basic rules); refused,
 * with the step that gives the player the turn, when it is the
 * player's to act. */
static gboolean
perform_next (DwTableContext  *ctx,
              const DwAction  *action,
              GError         **error)
{
  DwTableState *state = ctx->state;
  g_autofree char *values = NULL;
  DwSide side;
  DwCoraabiaTask task = dw_coraabia_get_acting_side (state, &side);

  if (dw_action_is_for_opponent (action))
    {
      dw_table_reject (error, _(RULE_LOSING), _("“next” lets the opponent act; it is not said for it"));
      return FALSE;
    }
  if (task == DW_CORAABIA_NOBODY)
    {
      dw_table_reject (error, _(RULE_GAME_END), _("the game is over: %s"), state->result_reason);
      return FALSE;
    }
  if (side == DW_SIDE_OPPONENT)
    {
      goldfish_moves (ctx);
      return TRUE;
    }

  switch (task)
    {
    case DW_CORAABIA_DECLARE:
      dw_table_reject (error, _(RULE_DECLARE),
                       _("you declare the compared parameter of this duel before it goes on: declare danger, "
                         "intellect, vitality or karma"));
      return FALSE;
    case DW_CORAABIA_TIE_TURN:
      values = coraabia_values_text (state);
      dw_table_reject (error, _(RULE_TIE),
                       _("the duel is tied, %s, and it is your turn: use the ability, play a trick, send a "
                         "champion or pass"), values);
      return FALSE;
    case DW_CORAABIA_REACT:
    case DW_CORAABIA_NOBODY:
    default:
      values = coraabia_values_text (state);
      dw_table_reject (error, _(RULE_LOSING),
                       _("you are losing, %s, and the losing side plays: use the ability, play a trick, send "
                         "a champion or pass"), values);
      return FALSE;
    }
}

gboolean
coraabia_perform (DwTableContext  *ctx,
                  const DwAction  *action,
                  GError         **error)
{
  DwTableState *state = ctx->state;
  const char *verb = dw_action_get_verb (action);
  DwSide actor = actor_of (action);
  gboolean moved = FALSE;
  g_autoptr(DwTableState) as_it_stood = NULL;
  guint duel = state->turn;

  if (strcmp (verb, "adjust") == 0)
    return perform_adjust (ctx, action, error);
  if (strcmp (verb, "next") == 0)
    return perform_next (ctx, action, error);

  /* The goldfish "passes whenever it is its turn unless the player takes
   * its side" (DESIGN.md §6): it moves when the player goes on.  A
   * declaration is never an action that goes on: it is made in the
   * declaration step the player sees, or refused there ("The declaring
   * player chooses a parameter to be compared in the upcoming duel",
   * Structure of duels 1.6, before the confrontation), never carried
   * into the duel after a pass the player did not see. */
  if (actor == DW_SIDE_PLAYER && strcmp (verb, "declare") != 0)
    {
      as_it_stood = dw_table_state_copy (state);
      moved = goldfish_moves (ctx);
    }

  if (moved && (state->turn != duel || state->result != DW_TABLE_RESULT_NONE))
    {
      /* The goldfish's pass ended the duel, and what followed — the next
       * duel's characters, the tricks drawn on the way to them — lies in
       * the decks, hidden until the player goes on: an action the player
       * chose looking at this duel is never performed in the next one.
       * The refusal is the duel's as it stands, which never told them. */
      g_autoptr(GString) unsaid = g_string_new (NULL);
      DwTableContext before = { as_it_stood, unsaid };

      if (!dispatch (&before, action, actor, error))
        return FALSE;
      dw_table_reject (error, _(RULE_LOSING),
                       _("the opponent is to act first, and its pass ends duel %u; go on, then act in the "
                         "next duel"), duel);
      return FALSE;
    }
  if (dispatch (ctx, action, actor, error))
    return TRUE;
  if (moved)
    g_prefix_error (error, _("it was the opponent's turn, so it went first (%s); then: "), ctx->effects->str);
  return FALSE;
}
