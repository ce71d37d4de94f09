/* dw-coraabia-rules.c — the Coraabia table: setup, the flow of duels, what follows by itself
 *
 * The rules are the Coraabia wiki's, ../shared/seeds/coraabia-rules.txt;
 * a refusal names the step of "Structure of duels" (or the section) it
 * comes from, and a question the text leaves open is answered where it
 * arises, in a comment that begins "Choice:".  The actions themselves
 * (declare, trick, champion, ability, pass, adjust) are checked in
 * dw-coraabia-play.c; this file deals, reveals, resolves, starts
 * shootouts and ends the game.
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

#define RULE_WINNER     N_("Structure of duels: Resolution 3.1–3.3")
#define RULE_SHOOTOUT   N_("Structure of duels: Resolution 3.4")
#define RULE_GAME_END   N_("Structure of duels: the end of the game")

const char * const dw_coraabia_factions[DW_CORAABIA_N_FACTIONS + 1] = {
  "Outlaw", "Guardian", "Mercenary", "Xenno", "Unliving", NULL
};

static const char * const phases[N_PHASES + 1] = { "declaration", "confrontation", NULL };

static const DwTableStat stats[] = {
  { "danger", "danger" },
  { "intellect", "intellect" },
  { "vitality", "vitality" },
  { "karma", "karma" },
  { "points", "points" },
  { NULL }
};

static const char * const parameter_ids[DW_CORAABIA_N_PARAMETERS] = {
  "danger", "intellect", "vitality", "karma"
};

static const char * const parameter_names[DW_CORAABIA_N_PARAMETERS] = {
  N_("Danger"), N_("Intellect"), N_("Vitality"), N_("Karma")
};

static const char * const counter_names[2][N_COUNTERS] = {
  { "score", "aux-score", "trick-limit", "champion-limit", "critical",
    "tricks-played", "champions-sent" },
  { "opp-score", "opp-aux-score", "opp-trick-limit", "opp-champion-limit", "opp-critical",
    "opp-tricks-played", "opp-champions-sent" },
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

/* The words and gestures of a view */

static const char * const phase_labels[N_PHASES + 1] = {
  NC_("table phase", "Declaration"), NC_("table phase", "Confrontation"), NULL
};

static const DwTableCounterInfo counter_info[] = {
  { "score", N_("Score"), DW_SIDE_PLAYER, NULL, NULL },
  { "aux-score", N_("Duels won"), DW_SIDE_PLAYER, NULL, NULL },
  { "tricks-played", N_("Tricks played this duel"), DW_SIDE_PLAYER, NULL, NULL },
  { "trick-limit", N_("Trick limit"), DW_SIDE_PLAYER, NULL, NULL },
  { "champions-sent", N_("Champions sent this duel"), DW_SIDE_PLAYER, NULL, NULL },
  { "champion-limit", N_("Champion limit"), DW_SIDE_PLAYER, NULL, NULL },
  { "critical", N_("Critical multiplier"), DW_SIDE_PLAYER, NULL, NULL },
  { "opp-score", N_("Opponent's score"), DW_SIDE_OPPONENT, NULL, NULL },
  { "opp-aux-score", N_("Opponent's duels won"), DW_SIDE_OPPONENT, NULL, NULL },
  { "opp-tricks-played", N_("Opponent's tricks played this duel"), DW_SIDE_OPPONENT, NULL, NULL },
  { "opp-trick-limit", N_("Opponent's trick limit"), DW_SIDE_OPPONENT, NULL, NULL },
  { "opp-champions-sent", N_("Opponent's champions sent this duel"), DW_SIDE_OPPONENT, NULL, NULL },
  { "opp-champion-limit", N_("Opponent's champion limit"), DW_SIDE_OPPONENT, NULL, NULL },
  { "opp-critical", N_("Opponent's critical multiplier"), DW_SIDE_OPPONENT, NULL, NULL },
  { NULL }
};

static gboolean
in_own_zone (const DwTableState *state,
             guint               number,
             const char         *def_id)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);
  const DwTableZone *zone = dw_table_state_get_zone (state, card->zone);

  return zone->side == DW_SIDE_PLAYER && strcmp (zone->def_id, def_id) == 0;
}

/* A trick in hand is played, a character in hand sent as a champion
 * (2.5.2, 2.5.3); the player's dueling character uses its ability
 * (2.5.1).  The opponent's cards are the goldfish's: a view acts for it
 * only through "as opp", which the player writes. */
static void
card_actions (const DwTableState *state,
              guint               number,
              GPtrArray          *out)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  if (in_own_zone (state, number, "hand"))
    {
      if (coraabia_is_trick (card))
        g_ptr_array_add (out, g_strdup_printf ("trick #%u", number));
      else if (coraabia_is_character (card))
        g_ptr_array_add (out, g_strdup_printf ("champion #%u", number));
    }
  else if (coraabia_duelist (state, DW_SIDE_PLAYER) == number)
    g_ptr_array_add (out, g_strdup ("ability"));
}

/* A card of the player's hand dropped on the player's duel. */
/* A card in the hand is played as a trick or sent as a champion. */
static void
card_offers (const DwTableState *state,
             const DwTableCard  *card,
             GPtrArray          *out)
{
  if (strcmp (dw_table_state_get_zone (state, card->zone)->def_id, "hand") != 0)
    return;
  dw_card_offers_add (out, card, _("Play as a Trick"), "trick", "");
  dw_card_offers_add (out, card, _("Send as Champion"), "champion", "");
}

static char *
zone_action (const DwTableState *state,
             guint               number,
             guint               zone)
{
  const DwTableZone *to = dw_table_state_get_zone (state, zone);
  const DwTableCard *card = dw_table_state_get_card (state, number);

  if (!in_own_zone (state, number, "hand") || to->side != DW_SIDE_PLAYER || strcmp (to->def_id, "duel") != 0)
    return NULL;
  if (coraabia_is_trick (card))
    return g_strdup_printf ("trick #%u", number);
  if (coraabia_is_character (card))
    return g_strdup_printf ("champion #%u", number);
  return NULL;
}

/* A card of the player's hand dropped on the player's dueling character. */
static char *
card_action (const DwTableState *state,
             guint               number,
             guint               target)
{
  if (coraabia_duelist (state, DW_SIDE_PLAYER) != target)
    return NULL;
  return zone_action (state, number, dw_table_state_get_card (state, target)->zone);
}

/* Helpers shared with dw-coraabia-play.c */

guint
coraabia_zone (const DwTableState *state,
               DwSide              side,
               const char         *id)
{
  int zone = dw_table_state_find_zone (state, side, id);

  g_assert (zone >= 0);
  return (guint) zone;
}

const char *
coraabia_counter_name (DwSide          side,
                       CoraabiaCounter counter)
{
  return counter_names[side == DW_SIDE_OPPONENT][counter];
}

gint64
coraabia_get (const DwTableState *state,
              DwSide              side,
              CoraabiaCounter     counter)
{
  return dw_table_state_get_counter (state, coraabia_counter_name (side, counter));
}

void
coraabia_set (DwTableState    *state,
              DwSide           side,
              CoraabiaCounter  counter,
              gint64           value)
{
  dw_table_state_set_counter (state, coraabia_counter_name (side, counter), value);
}

gboolean
coraabia_is_character (const DwTableCard *card)
{
  return g_strcmp0 (dw_card_get_card_type (card->card), "Character") == 0;
}

gboolean
coraabia_is_trick (const DwTableCard *card)
{
  return g_strcmp0 (dw_card_get_card_type (card->card), "Trick") == 0;
}

/* The dueling character: the topmost character in the side's duel zone,
 * or 0.  A card moved there by hand (a summon) duels from then on; one
 * dumped by hand (a card's "Dump the opposing character") leaves the
 * side without a duelist. */
guint
coraabia_duelist (const DwTableState *state,
                  DwSide              side)
{
  const DwTableZone *duel = dw_table_state_get_zone (state, coraabia_zone (state, side, "duel"));

  for (guint i = duel->cards->len; i > 0; i--)
    {
      guint number = g_array_index (duel->cards, guint, i - 1);

      if (coraabia_is_character (dw_table_state_get_card (state, number)))
        return number;
    }
  return 0;
}

gboolean
coraabia_in_declaration (const DwTableState *state)
{
  return state->phase == PHASE_DECLARATION || coraabia_data (state)->parameter < 0;
}

static gint64
stat_of (const DwTableState *state,
         guint               number,
         guint               stat)
{
  return dw_table_state_get_stat (state, dw_table_state_get_card (state, number), stat);
}

static gint64
compared_value (const DwTableState *state,
                DwSide              side)
{
  guint number = coraabia_duelist (state, side);

  return number ? stat_of (state, number, (guint) coraabia_data (state)->parameter) : 0;
}

/* > 0 when the player's compared parameter is higher, < 0 when the
 * opponent's is, 0 on a tie.  Choice: a side with no character in the
 * duel (dumped by a card's text) is lower than any character, so it is
 * the losing side and may send a champion or pass (Basic rules: "It is
 * always the LOSING player who is playing"). */
int
coraabia_compare (const DwTableState *state)
{
  guint mine = coraabia_duelist (state, DW_SIDE_PLAYER);
  guint theirs = coraabia_duelist (state, DW_SIDE_OPPONENT);
  gint64 a;
  gint64 b;

  if (mine == 0 || theirs == 0)
    return (mine != 0) - (theirs != 0);
  a = compared_value (state, DW_SIDE_PLAYER);
  b = compared_value (state, DW_SIDE_OPPONENT);
  return (a > b) - (a < b);
}

/* "If one character has the compared parameter at least twice as high as
 * the opposing character, it has its points doubled, even when they are
 * negative (this is called Critical)" (2.4).  Choice: "twice as high"
 * means, for positive values, at least double (8 against 4); for an
 * opposing value of zero or below, at least as far above it as it lies
 * from zero (0 against -3, 1 against 0), so that a Karma duel of -2
 * against -3 is not a critical however the arithmetic of "twice" is
 * read.  Only the side that is winning can be critical. */
gboolean
coraabia_is_critical (const DwTableState *state,
                      DwSide              side)
{
  gint64 mine;
  gint64 theirs;

  if (coraabia_in_declaration (state) || coraabia_duelist (state, side) == 0 ||
      coraabia_duelist (state, coraabia_other (side)) == 0)
    return FALSE;
  mine = compared_value (state, side);
  theirs = compared_value (state, coraabia_other (side));
  return mine > theirs && mine - theirs >= ABS (theirs);
}

static const DwXmlNode *
find_ability (const DwTableCard *card,
              const char        *kind,
              const char        *modifier,
              guint             *from)
{
  for (guint i = *from; i < dw_card_get_n_fields (card->card); i++)
    {
      const DwCardField *field = dw_card_get_field (card->card, i);

      if (field->node == NULL || strcmp (dw_xml_node_local_name (field->node), "ability") != 0)
        continue;
      if (kind && g_strcmp0 (dw_xml_node_get_attribute (field->node, "kind"), kind) != 0)
        continue;
      if (modifier && g_strcmp0 (dw_xml_node_get_attribute (field->node, "modifier"), modifier) != 0)
        continue;
      *from = i + 1;
      return field->node;
    }
  return NULL;
}

/* Whether the card prints an ability of @kind ("activated") and
 * @modifier ("win"), either NULL for any. */
gboolean
coraabia_has_ability (const DwTableCard *card,
                      const char        *kind,
                      const char        *modifier)
{
  guint from = 0;

  return find_ability (card, kind, modifier, &from) != NULL;
}

static char *
child_text (const DwXmlNode *node,
            const char      *name)
{
  for (guint i = 0; node->children && i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);

      if (child->kind == DW_XML_NODE_ELEMENT && strcmp (dw_xml_node_local_name (child), name) == 0)
        return g_strstrip (dw_xml_node_get_text (child));
    }
  return NULL;
}

/* The matching abilities as the card prints them, "if CONDITION: EFFECT",
 * joined by "; ", for the player to apply by hand; NULL when none. */
char *
coraabia_ability_text (const DwTableCard *card,
                       const char        *kind,
                       const char        *modifier)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const DwXmlNode *node;
  guint from = 0;

  while ((node = find_ability (card, kind, modifier, &from)) != NULL)
    {
      g_autofree char *condition = child_text (node, "condition");
      g_autofree char *effect = child_text (node, "effect");
      const char *target = dw_xml_node_get_attribute (node, "target");

      if (out->len > 0)
        g_string_append (out, "; ");
      if (condition && *condition)
        g_string_append_printf (out, _("if %s: "), condition);
      g_string_append (out, effect && *effect ? effect : "?");
      if (target)
        g_string_append_printf (out, " (%s)", target);
    }
  if (out->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
coraabia_label (const DwTableState *state,
                guint               number)
{
  return dw_table_state_card_label (state, number);
}

static char *
format_value (int    parameter,
              gint64 value)
{
  return g_strdup_printf ("%" PRId64 "%s", value, parameter == DW_CORAABIA_VITALITY ? "%" : "");
}

/* "6 against 4", the duel's two compared values, the player's first. */
char *
coraabia_values_text (const DwTableState *state)
{
  int parameter = coraabia_data (state)->parameter;
  g_autofree char *mine = format_value (parameter, compared_value (state, DW_SIDE_PLAYER));
  g_autofree char *theirs = format_value (parameter, compared_value (state, DW_SIDE_OPPONENT));

  return g_strdup_printf (_("%s against %s"),
                          coraabia_duelist (state, DW_SIDE_PLAYER) ? mine : _("no character"),
                          coraabia_duelist (state, DW_SIDE_OPPONENT) ? theirs : _("no character"));
}

/* Who is to act now, and what the line should say to them. */
char *
coraabia_standing (const DwTableState *state)
{
  g_autofree char *values = NULL;
  DwSide side;
  DwCoraabiaTask task = dw_coraabia_get_acting_side (state, &side);

  switch (task)
    {
    case DW_CORAABIA_NOBODY:
      return g_strdup (_("the game is over"));
    case DW_CORAABIA_DECLARE:
      if (side == DW_SIDE_PLAYER)
        return g_strdup_printf (_("you declare the compared parameter: %s"), dw_table_hint_typed (DW_TABLE_HINT_DECLARE));
      return g_strdup_printf (_("the opponent declares: %s at your next action, unless you declare for it %s"),
                              _(parameter_names[dw_coraabia_goldfish_choice (state)]),
                              dw_table_hint_typed (DW_TABLE_HINT_AS_OPP_DECLARE));
    case DW_CORAABIA_REACT:
      values = coraabia_values_text (state);
      if (side == DW_SIDE_PLAYER)
        return g_strdup_printf (_("you are losing, %s: %s"), values, dw_table_hint_typed (DW_TABLE_HINT_REACT));
      return g_strdup_printf (_("the opponent is losing, %s: it passes at your next action, "
                                "unless you act for it %s"), values, dw_table_hint_typed (DW_TABLE_HINT_AS_OPP));
    case DW_CORAABIA_TIE_TURN:
    default:
      values = coraabia_values_text (state);
      if (side == DW_SIDE_PLAYER)
        return g_strdup_printf (_("tied, %s: your turn: %s"), values, dw_table_hint_typed (DW_TABLE_HINT_REACT));
      return g_strdup_printf (_("tied, %s: the opponent's turn: it passes at your next action, "
                                "unless you act for it %s"), values, dw_table_hint_typed (DW_TABLE_HINT_AS_OPP));
    }
}

/* The flow of duels */

static guint
count_characters (const DwTableState *state,
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
static gboolean
set_verdict (DwTableState *state)
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

static void
say_verdict (DwTableContext *ctx)
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
  set_verdict (ctx->state);
  say_verdict (ctx);
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
static void
start_duel (DwTableContext *ctx,
            gboolean        shootout)
{
  DwTableState *state = ctx->state;
  CoraabiaData *data = coraabia_data (state);
  gboolean mine = count_characters (state, DW_SIDE_PLAYER) > 0;
  gboolean theirs = count_characters (state, DW_SIDE_OPPONENT) > 0;
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
                        _(parameter_names[data->parameter]), data->carried[0], data->carried[1]);
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
  gint64 points = number ? stat_of (state, number, STAT_POINTS) : 0;
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
    g_autofree char *won_with = format_value (data->parameter, compared_value (state, winner));
    g_autofree char *lost_with = format_value (data->parameter, compared_value (state, loser));
    const char *parameter = _(parameter_names[data->parameter]);

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
  start_duel (ctx, FALSE);
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
    count_characters (state, DW_SIDE_PLAYER) > 0,
    count_characters (state, DW_SIDE_OPPONENT) > 0,
  };

  if (has[0] && has[1])
    {
      for (guint s = 0; s < 2; s++)
        {
          guint number = coraabia_duelist (state, (DwSide) s);

          data->carried[s] = number ? stat_of (state, number, STAT_POINTS) : 0;
          clear_duel (state, (DwSide) s, "dump");
        }
      dw_table_context_say (ctx, _("both sides passed on a tie: the tied characters go to the dump, "
                                   "and a shootout follows (%s)"), _(RULE_SHOOTOUT));
      start_duel (ctx, TRUE);
      return;
    }

  if (has[0] || has[1])
    {
      DwSide side = has[0] ? DW_SIDE_PLAYER : DW_SIDE_OPPONENT;
      guint number = coraabia_duelist (state, side);
      gint64 points = number ? stat_of (state, number, STAT_POINTS) : 0;
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
                        _(parameter_names[parameter]), values);
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
  start_duel (&ctx, FALSE);
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
      if (count_characters (state, DW_SIDE_PLAYER) > 0 && count_characters (state, DW_SIDE_OPPONENT) > 0)
        {
          dw_table_state_set_result (state, DW_TABLE_RESULT_NONE, NULL);
          dw_table_context_say (ctx, _("both sides have a character for another duel again, so the game "
                                       "goes on (%s)"), _(RULE_GAME_END));
          start_duel (ctx, FALSE);
        }
      else if (set_verdict (state))
        say_verdict (ctx);
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

/* Describing */

static void
describe_card (const DwTableState *state,
               const DwTableCard  *card,
               GString            *out)
{
  const char *faction = dw_card_get_value (card->card, "faction");

  if (coraabia_is_character (card))
    {
      g_string_append_printf (out, " (%s D%" PRId64 " I%" PRId64 " V%" PRId64
                              "%% K%" PRId64 " P%" PRId64 ")",
                              faction ? faction : "?",
                              dw_table_state_get_stat (state, card, DW_CORAABIA_DANGER),
                              dw_table_state_get_stat (state, card, DW_CORAABIA_INTELLECT),
                              dw_table_state_get_stat (state, card, DW_CORAABIA_VITALITY),
                              dw_table_state_get_stat (state, card, DW_CORAABIA_KARMA),
                              dw_table_state_get_stat (state, card, STAT_POINTS));
    }
  else if (coraabia_is_trick (card))
    {
      if (faction)
        g_string_append_printf (out, _(" (%s trick)"), faction);
      else
        g_string_append (out, _(" (trick)"));
    }
}

static void
describe_duelist (const DwTableState *state,
                  DwSide              side,
                  GString            *out)
{
  DwCoraabiaSide info;
  g_autofree char *label = NULL;
  const char *status;

  dw_coraabia_get_side (state, side, &info);
  g_string_append (out, side == DW_SIDE_PLAYER ? _("you: ") : _("opponent: "));
  if (info.character == 0)
    g_string_append (out, _("no character in the duel"));
  else
    {
      const DwTableCard *card = dw_table_state_get_card (state, info.character);

      const char *faction = dw_card_get_value (card->card, "faction");

      label = coraabia_label (state, info.character);
      g_string_append_printf (out, _("%s (%s), danger %" PRId64 ", intellect %" PRId64
                                     ", vitality %" PRId64 "%%, karma %" PRId64
                                     ", points %" PRId64),
                              label, faction ? faction : "?", info.parameters[0], info.parameters[1],
                              info.parameters[2],
                              info.parameters[3], info.points);
      if (info.carried != 0)
        g_string_append_printf (out, _(" (%+" PRId64 " carried)"), info.carried);
      for (guint stat = 0; stat <= STAT_POINTS; stat++)
        if (card->adjust[stat] != 0 && !(stat == STAT_POINTS && card->adjust[stat] == info.carried))
          {
            g_string_append (out, _(", adjusted by hand"));
            break;
          }
    }

  switch (info.status)
    {
    case DW_DUEL_WINNING:
      status = info.critical ? _("winning, critical") : _("winning");
      break;
    case DW_DUEL_LOSING:
      status = _("losing");
      break;
    case DW_DUEL_TIED:
      status = _("tied");
      break;
    case DW_DUEL_UNDECLARED:
    default:
      status = NULL;
      break;
    }
  if (status)
    g_string_append_printf (out, ": %s", status);
  if (info.has_ability)
    g_string_append (out, info.ability_used ? _("; ability used") : _("; ability unused"));
  g_string_append_printf (out, _("; tricks %" PRId64 "/%" PRId64 ", champions %"
                                 PRId64 "/%" PRId64 "\n"),
                          info.tricks_played, info.trick_limit, info.champions_sent, info.champion_limit);
}

static void
describe_cards (const DwCoraabiaSide *info,
                DwSide                side,
                GString              *out)
{
  gboolean any = FALSE;

  g_string_append (out, side == DW_SIDE_PLAYER ? _("your deck: ") : _("opponent's deck: "));
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", info->deck_cards),
                          info->deck_cards);
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, ", %u character", ", %u characters",
                                            info->deck_characters),
                          info->deck_characters);
  for (guint f = 0; f < DW_CORAABIA_N_FACTIONS; f++)
    if (info->deck_by_faction[f] > 0)
      {
        g_string_append_printf (out, "%s%s %u", any ? ", " : " (", dw_coraabia_factions[f],
                                info->deck_by_faction[f]);
        any = TRUE;
      }
  if (any)
    g_string_append_c (out, ')');
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, ", %u trick", ", %u tricks", info->deck_tricks),
                          info->deck_tricks);
  g_string_append (out, side == DW_SIDE_PLAYER ? _("; your hand: ") : _("; opponent's hand: "));
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u champion", "%u champions", info->hand_champions),
                          info->hand_champions);
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, ", %u trick\n", ", %u tricks\n", info->hand_tricks),
                          info->hand_tricks);
}

static void
describe (const DwTableState *state,
          GString            *out)
{
  const CoraabiaData *data = coraabia_data (state);
  g_autofree char *standing = coraabia_standing (state);
  DwCoraabiaSide info;
  int parameter = dw_coraabia_get_parameter (state);

  if (state->result != DW_TABLE_RESULT_NONE)
    {
      g_string_append_printf (out, _("duel %u was the last\n"), state->turn);
      dw_coraabia_get_side (state, DW_SIDE_PLAYER, &info);
      describe_cards (&info, DW_SIDE_PLAYER, out);
      dw_coraabia_get_side (state, DW_SIDE_OPPONENT, &info);
      describe_cards (&info, DW_SIDE_OPPONENT, out);
      return;
    }

  g_string_append_printf (out, data->shootout ? _("duel %u, a shootout: ") : _("duel %u: "), state->turn);
  if (parameter >= 0)
    g_string_append_printf (out, _("%s compared, "), _(parameter_names[parameter]));
  else
    g_string_append (out, _("nothing compared yet, "));
  g_string_append (out, data->declarer == DW_SIDE_PLAYER ? _("you declare\n") : _("the opponent declares\n"));

  describe_duelist (state, DW_SIDE_PLAYER, out);
  describe_duelist (state, DW_SIDE_OPPONENT, out);
  g_string_append_printf (out, _("to act: %s\n"), standing);

  dw_coraabia_get_side (state, DW_SIDE_PLAYER, &info);
  describe_cards (&info, DW_SIDE_PLAYER, out);
  dw_coraabia_get_side (state, DW_SIDE_OPPONENT, &info);
  describe_cards (&info, DW_SIDE_OPPONENT, out);
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
  .describe_card = describe_card,
  .describe = describe,
  .manual_verbs = manual_verbs,
  .opponent_acts = TRUE,
  .default_opponent = "cor-blue-ring-patrol.xml",
  .phase_labels = phase_labels,
  .counter_info = counter_info,
  .card_actions = card_actions,
  .card_offers = card_offers,
  .offers_moves_by_hand = TRUE,
  .example_action = N_("Type an action, e.g. declare danger"),
  .zone_action = zone_action,
  .card_action = card_action,
};

/* Public API: what a view asks */

gboolean
dw_coraabia_is_table (const DwTableState *state)
{
  g_return_val_if_fail (state != NULL, FALSE);
  return state->rules == &dw_coraabia_rules;
}

/* The compared parameter (DwCoraabiaParameter), or -1 before the
 * declaration. */
int
dw_coraabia_get_parameter (const DwTableState *state)
{
  g_return_val_if_fail (dw_coraabia_is_table (state), -1);
  return coraabia_in_declaration (state) ? -1 : coraabia_data (state)->parameter;
}

DwSide
dw_coraabia_get_declarer (const DwTableState *state)
{
  g_return_val_if_fail (dw_coraabia_is_table (state), DW_SIDE_PLAYER);
  return coraabia_data (state)->declarer;
}

gboolean
dw_coraabia_is_shootout (const DwTableState *state)
{
  g_return_val_if_fail (dw_coraabia_is_table (state), FALSE);
  return coraabia_data (state)->shootout;
}

/* Which side is to act and what it is asked; DW_CORAABIA_NOBODY once the
 * game is over.  When it is the opponent, the goldfish does its default
 * (declares dw_coraabia_goldfish_choice(), or passes) at the player's
 * next action of the duel, unless the player acts for it with
 * "as opp ACTION". */
DwCoraabiaTask
dw_coraabia_get_acting_side (const DwTableState *state,
                             DwSide             *side)
{
  const CoraabiaData *data;
  int compared;

  g_return_val_if_fail (dw_coraabia_is_table (state), DW_CORAABIA_NOBODY);
  g_return_val_if_fail (side != NULL, DW_CORAABIA_NOBODY);

  data = coraabia_data (state);
  *side = data->declarer;
  if (state->result != DW_TABLE_RESULT_NONE)
    return DW_CORAABIA_NOBODY;
  if (coraabia_in_declaration (state))
    return DW_CORAABIA_DECLARE;

  compared = coraabia_compare (state);
  if (compared == 0)
    {
      /* Until settle has seen the tie, the declaring side opens it. */
      *side = data->tied ? data->tie_turn : data->declarer;
      return DW_CORAABIA_TIE_TURN;
    }
  *side = compared < 0 ? DW_SIDE_PLAYER : DW_SIDE_OPPONENT;
  return DW_CORAABIA_REACT;
}

/* What the goldfish declares when the player does not declare for it.
 * Choice: the rules leave a goldfish's mind to the table; it declares
 * the first parameter, in the printed order Danger, Intellect, Vitality,
 * Karma, in which its character is higher than yours, and Danger when
 * there is none — a simple sparring partner that makes you react. */
DwCoraabiaParameter
dw_coraabia_goldfish_choice (const DwTableState *state)
{
  guint mine;
  guint theirs;

  g_return_val_if_fail (dw_coraabia_is_table (state), DW_CORAABIA_DANGER);

  mine = coraabia_duelist (state, DW_SIDE_PLAYER);
  theirs = coraabia_duelist (state, DW_SIDE_OPPONENT);
  if (mine == 0 || theirs == 0)
    return DW_CORAABIA_DANGER;
  for (guint p = 0; p < DW_CORAABIA_N_PARAMETERS; p++)
    if (stat_of (state, theirs, p) > stat_of (state, mine, p))
      return (DwCoraabiaParameter) p;
  return DW_CORAABIA_DANGER;
}

/* What a view shows of @side. */
void
dw_coraabia_get_side (const DwTableState *state,
                      DwSide              side,
                      DwCoraabiaSide     *out)
{
  const DwTableZone *deck;
  const DwTableZone *hand;
  int compared;

  g_return_if_fail (dw_coraabia_is_table (state));
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  out->character = coraabia_duelist (state, side);
  if (out->character != 0)
    {
      const DwTableCard *card = dw_table_state_get_card (state, out->character);

      for (guint p = 0; p < DW_CORAABIA_N_PARAMETERS; p++)
        out->parameters[p] = dw_table_state_get_stat (state, card, p);
      out->points = dw_table_state_get_stat (state, card, STAT_POINTS);
      out->has_ability = coraabia_has_ability (card, "activated", NULL);
      out->ability_used = card->marked || dw_table_state_marked_this_turn (state, card);
      if (coraabia_data (state)->shootout)
        out->carried = coraabia_data (state)->carried[side == DW_SIDE_OPPONENT];
    }

  if (state->result == DW_TABLE_RESULT_NONE && !coraabia_in_declaration (state))
    {
      compared = coraabia_compare (state);
      if (side == DW_SIDE_OPPONENT)
        compared = -compared;
      out->status = compared > 0 ? DW_DUEL_WINNING : compared < 0 ? DW_DUEL_LOSING : DW_DUEL_TIED;
      out->critical = coraabia_is_critical (state, side);
    }

  out->score = coraabia_get (state, side, COUNTER_SCORE);
  out->aux_score = coraabia_get (state, side, COUNTER_AUX_SCORE);
  out->tricks_played = coraabia_get (state, side, COUNTER_TRICKS_PLAYED);
  out->trick_limit = coraabia_get (state, side, COUNTER_TRICK_LIMIT);
  out->champions_sent = coraabia_get (state, side, COUNTER_CHAMPIONS_SENT);
  out->champion_limit = coraabia_get (state, side, COUNTER_CHAMPION_LIMIT);
  out->critical_multiplier = coraabia_get (state, side, COUNTER_CRITICAL);

  deck = dw_table_state_get_zone (state, coraabia_zone (state, side, "deck"));
  out->deck_cards = deck->cards->len;
  for (guint i = 0; i < deck->cards->len; i++)
    {
      const DwTableCard *card = dw_table_state_get_card (state, g_array_index (deck->cards, guint, i));

      if (coraabia_is_character (card))
        {
          const char *faction = dw_card_get_value (card->card, "faction");

          out->deck_characters++;
          for (guint f = 0; f < DW_CORAABIA_N_FACTIONS; f++)
            if (g_strcmp0 (faction, dw_coraabia_factions[f]) == 0)
              out->deck_by_faction[f]++;
        }
      else if (coraabia_is_trick (card))
        out->deck_tricks++;
    }

  hand = dw_table_state_get_zone (state, coraabia_zone (state, side, "hand"));
  for (guint i = 0; i < hand->cards->len; i++)
    {
      const DwTableCard *card = dw_table_state_get_card (state, g_array_index (hand->cards, guint, i));

      if (coraabia_is_character (card))
        out->hand_champions++;
      else if (coraabia_is_trick (card))
        out->hand_tricks++;
    }
}

/* "danger", as the action language writes it. */
const char *
dw_coraabia_parameter_id (DwCoraabiaParameter parameter)
{
  g_return_val_if_fail (parameter < DW_CORAABIA_N_PARAMETERS, NULL);
  return parameter_ids[parameter];
}

/* "Danger", translated. */
const char *
dw_coraabia_parameter_name (DwCoraabiaParameter parameter)
{
  g_return_val_if_fail (parameter < DW_CORAABIA_N_PARAMETERS, NULL);
  return _(parameter_names[parameter]);
}
