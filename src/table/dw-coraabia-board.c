/* dw-coraabia-board.c — what the Coraabia files ask of the board
 *
 * Where a zone is, the counters of a side, what a card is, who duels,
 * how the compared values stand, how a card is named in a message, and
 * what a view asks of a duel (the public dw_coraabia_* queries): the
 * helpers every other Coraabia file shares.  It calls none of them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include "dw-coraabia-private.h"

const char * const dw_coraabia_factions[DW_CORAABIA_N_FACTIONS + 1] = {
  "Outlaw", "Guardian", "Mercenary", "Xenno", "Unliving", NULL
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

gint64
coraabia_stat_of (const DwTableState *state,
                  guint               number,
                  guint               stat)
{
  return dw_table_state_get_stat (state, dw_table_state_get_card (state, number), stat);
}

gint64
coraabia_compared_value (const DwTableState *state,
                         DwSide              side)
{
  guint number = coraabia_duelist (state, side);

  return number ? coraabia_stat_of (state, number, (guint) coraabia_data (state)->parameter) : 0;
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
  a = coraabia_compared_value (state, DW_SIDE_PLAYER);
  b = coraabia_compared_value (state, DW_SIDE_OPPONENT);
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
  mine = coraabia_compared_value (state, side);
  theirs = coraabia_compared_value (state, coraabia_other (side));
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

/* A parameter's value as a card prints it: Vitality in per cent. */
char *
coraabia_format_value (int    parameter,
                       gint64 value)
{
  return g_strdup_printf ("%" PRId64 "%s", value, parameter == DW_CORAABIA_VITALITY ? "%" : "");
}

/* "6 against 4", the duel's two compared values, the player's first. */
char *
coraabia_values_text (const DwTableState *state)
{
  int parameter = coraabia_data (state)->parameter;
  g_autofree char *mine = coraabia_format_value (parameter, coraabia_compared_value (state, DW_SIDE_PLAYER));
  g_autofree char *theirs = coraabia_format_value (parameter, coraabia_compared_value (state, DW_SIDE_OPPONENT));

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
                              dw_coraabia_parameter_name (dw_coraabia_goldfish_choice (state)),
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
    if (coraabia_stat_of (state, theirs, p) > coraabia_stat_of (state, mine, p))
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
