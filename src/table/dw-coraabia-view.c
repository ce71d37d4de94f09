/* dw-coraabia-view.c — the Coraabia table in a view: words and gestures
 *
 * The labels a view shows for the phases and counters, the actions a
 * double click, a menu or a drop stands for, as the action language
 * writes them, and the lines of a state listing.  Nothing here decides
 * a rule: every action offered is checked by the table before a view
 * performs it, and a refusal comes with the rule's reason.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include "dw-coraabia-private.h"

const char * const coraabia_phase_labels[N_PHASES + 1] = {
  NC_("table phase", "Declaration"), NC_("table phase", "Confrontation"), NULL
};

const DwTableCounterInfo coraabia_counter_info[] = {
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
void
coraabia_card_actions (const DwTableState *state,
                       guint               number,
                       GPtrArray          *out)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  if (in_own_zone (state, number, "hand"))
    {
      if (coraabia_is_trick (card))
        g_ptr_array_add (out, dw_action_print_card ("trick", number));
      else if (coraabia_is_character (card))
        g_ptr_array_add (out, dw_action_print_card ("champion", number));
    }
  else if (coraabia_duelist (state, DW_SIDE_PLAYER) == number)
    g_ptr_array_add (out, dw_action_print_word ("ability", NULL));
}

/* A card in the hand is played as a trick or sent as a champion. */
void
coraabia_card_offers (const DwTableState *state,
                      const DwTableCard  *card,
                      GPtrArray          *out)
{
  if (strcmp (dw_table_state_get_zone (state, card->zone)->def_id, "hand") != 0)
    return;
  dw_card_offers_add (out, card, _("Play as a Trick"), "trick", NULL);
  dw_card_offers_add (out, card, _("Send as Champion"), "champion", NULL);
}

char *
coraabia_zone_action (const DwTableState *state,
                      guint               number,
                      guint               zone)
{
  const DwTableZone *to = dw_table_state_get_zone (state, zone);
  const DwTableCard *card = dw_table_state_get_card (state, number);

  if (!in_own_zone (state, number, "hand") || to->side != DW_SIDE_PLAYER || strcmp (to->def_id, "duel") != 0)
    return NULL;
  if (coraabia_is_trick (card))
    return dw_action_print_card ("trick", number);
  if (coraabia_is_character (card))
    return dw_action_print_card ("champion", number);
  return NULL;
}

/* A card of the player's hand dropped on the player's dueling character. */
char *
coraabia_card_action (const DwTableState *state,
                      guint               number,
                      guint               target)
{
  if (coraabia_duelist (state, DW_SIDE_PLAYER) != target)
    return NULL;
  return coraabia_zone_action (state, number, dw_table_state_get_card (state, target)->zone);
}

/* Describing */

void
coraabia_describe_card (const DwTableState *state,
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

void
coraabia_describe (const DwTableState *state,
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
    g_string_append_printf (out, _("%s compared, "), dw_coraabia_parameter_name (parameter));
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

/* The phase bar of a duel: no phases to step through, but the
 * declarations (1.6) where they would stand, and beside Next the
 * losing side's ability and pass (2.5.1, 2.5.4), each for the goldfish
 * when the player acts for it. */
static void
bar_offer (GPtrArray  *out,
           const char *label,
           DwAction   *action,
           gboolean    for_opponent)
{
  g_autoptr(DwAction) owned = action;
  DwCardOffer *offer = g_new0 (DwCardOffer, 1);

  dw_action_set_for_opponent (owned, for_opponent);
  offer->label = g_strdup (label);
  offer->action = dw_action_print (owned);
  g_ptr_array_add (out, offer);
}

void
coraabia_bar_offers (const DwTableState *state,
                     gboolean            for_opponent,
                     GPtrArray          *phases,
                     GPtrArray          *actions)
{
  for (guint i = 0; i < DW_CORAABIA_N_PARAMETERS; i++)
    {
      g_autofree char *label = g_strdup_printf (_("Declare %s"), dw_coraabia_parameter_name (i));
      DwAction *declare = dw_action_new ("declare");

      dw_action_add_word (declare, dw_coraabia_parameter_id (i));
      bar_offer (phases, label, declare, for_opponent);
    }
  bar_offer (actions, _("Use the _Ability"), dw_action_new ("ability"), for_opponent);
  bar_offer (actions, _("_Pass"), dw_action_new ("pass"), for_opponent);
}

/* The duel in a view: who is to act, each side's dueling character and
 * standing, and the four parameters side by side. */

static const char *
status_words (const DwCoraabiaSide *side)
{
  switch (side->status)
    {
    case DW_DUEL_WINNING:
      return side->critical ? _("Winning, critically") : _("Winning");
    case DW_DUEL_LOSING:
      return _("Losing");
    case DW_DUEL_TIED:
      return _("Tied");
    case DW_DUEL_UNDECLARED:
    default:
      return _("No parameter declared yet");
    }
}

static void
side_words (const DwTableState   *state,
            DwSide                which,
            const DwCoraabiaSide *side,
            DwDuelSideWords      *out)
{
  DwSide acting = DW_SIDE_PLAYER;
  DwCoraabiaTask task = dw_coraabia_get_acting_side (state, &acting);
  const char *who = which == DW_SIDE_PLAYER ? _("You") : _("Goldfish");

  if (task == DW_CORAABIA_DECLARE && acting == which)
    out->title = g_strdup_printf (_("%s — to declare"), who);
  else if (task != DW_CORAABIA_NOBODY && acting == which)
    out->title = g_strdup_printf (_("%s — to act"), who);
  else
    out->title = g_strdup (who);
  out->acting = task != DW_CORAABIA_NOBODY && acting == which;
  out->card = side->character;
  out->no_card = g_strdup (_("No character in the duel"));
  out->status = g_strdup_printf (_("%s · points %" PRId64 "\n"
                                   "Score %" PRId64 " · duels won %" PRId64 "\n"
                                   "Tricks %" PRId64 " of %" PRId64 " · champions %" PRId64 " of %" PRId64 "%s"),
                                 status_words (side), side->points, side->score, side->aux_score,
                                 side->tricks_played, side->trick_limit, side->champions_sent, side->champion_limit,
                                 side->has_ability ? (side->ability_used ? _(" · ability used") : _(" · ability ready"))
                                                   : "");
}

DwDuelWords *
coraabia_duel_words (const DwTableState *state)
{
  DwDuelWords *words = dw_duel_words_new ();
  DwCoraabiaSide player, opponent;
  int compared = dw_coraabia_get_parameter (state);

  dw_coraabia_get_side (state, DW_SIDE_PLAYER, &player);
  dw_coraabia_get_side (state, DW_SIDE_OPPONENT, &opponent);
  words->heading = g_strdup_printf (_("Duel %u: %s%s"), state->turn,
                                    compared >= 0 ? dw_coraabia_parameter_name (compared) : _("not declared yet"),
                                    dw_coraabia_is_shootout (state) ? _(" · shootout") : "");
  side_words (state, DW_SIDE_OPPONENT, &opponent, &words->opponent);
  side_words (state, DW_SIDE_PLAYER, &player, &words->player);

  for (guint i = 0; i < DW_CORAABIA_N_PARAMETERS; i++)
    {
      DwDuelRowWords *row = g_new0 (DwDuelRowWords, 1);

      row->compared = (int) i == compared;
      row->opponent = opponent.character ? coraabia_format_value ((int) i, opponent.parameters[i]) : g_strdup ("–");
      row->player = player.character ? coraabia_format_value ((int) i, player.parameters[i]) : g_strdup ("–");
      row->name = row->compared ? g_strdup_printf (_("▸ %s (compared)"), dw_coraabia_parameter_name (i))
                                : g_strdup (dw_coraabia_parameter_name (i));
      if (opponent.character && player.character)
        {
          gint64 a = opponent.parameters[i];
          gint64 b = player.parameters[i];

          row->relation = g_strdup (a > b ? ">" : a < b ? "<" : "=");
          row->relation_words = g_strdup (a > b ? _("the goldfish's is higher") : a < b ? _("yours is higher")
                                                                                       : _("equal"));
        }
      else
        row->relation = g_strdup ("");
      g_ptr_array_add (words->rows, row);
    }
  return words;
}
