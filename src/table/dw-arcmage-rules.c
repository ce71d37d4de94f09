/* dw-arcmage-rules.c — the Arcmage table: setup, turn flow and what follows by itself
 *
 * The rules are the Original Rules Concept (ORC) of 7 August 2017,
 * ../shared/seeds/arcmage-original-rules-concept.txt; a refusal names
 * the section of that text it comes from.  Where the text leaves a
 * question open, the choice made is written where it is made, with the
 * section, and begins "Choice:".  Playing cards, paying, moving and
 * attacking are in dw-arcmage-play.c; the board
 * helpers both use in dw-arcmage-board.c; the words and gestures of a
 * view in dw-arcmage-view.c.
 *
 * The table is solo: the opponent is a goldfish that never acts, a
 * region pile of its own (three regions of 10 HP, or the regions of the
 * deck given as the opponent) that takes the damage of every attack,
 * since a goldfish never blocks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include "dw-arcmage-private.h"

#define RULE_WINNING        N_("Winning")
#define RULE_DRAWS          N_("Winning: Draws")
#define RULE_MULLIGAN       N_("Round Structure: Mulligan")
#define RULE_TURN_STRUCTURE N_("Round Structure: Turn Structure")
#define RULE_TACTICS        N_("Turn Phases: Tactics")
#define RULE_ADVANTAGE      N_("Turn Phases: Tactics, Advantage")
#define RULE_DOMINATION     N_("Turn Phases: Tactics, Domination")
#define RULE_TOTAL          N_("Turn Phases: Tactics, Total Domination")
#define RULE_UPKEEP         N_("Turn Phases: Upkeep")
#define RULE_DRAW           N_("Turn Phases: Draw")
#define RULE_EXHAUSTING     N_("Turn Phases: Draw, Exhausting")
#define RULE_DISCARD        N_("Turn Phases: Discard")
#define RULE_RESOURCES      N_("Gold & Resources: Resource Cards")
#define RULE_SERVANTS       N_("Card Types: Servants")
#define RULE_TOKENS         N_("Card Types: Token Creatures")
#define RULE_LIFE_DEATH     N_("Card Types: Life & Death")
#define RULE_EQUIPMENT_GOES N_("Card Types: Equipment, Where equipment goes")
#define RULE_DROP_TAKE      N_("Card Types: Equipment, Drop & Take equipment")
#define RULE_SPELL_GO       N_("Card Types: Spells, Spell Go")
#define RULE_REGION         N_("Table Layout: Region")

static const char * const phases[N_PHASES + 1] = {
  "unmark", "upkeep", "tactical", "draw", "play", "move-attack", "play-2",
  "move-attack-2", "entrance", "discard", NULL
};

/* "The phases that are mandatory are the Unmark/unassign, Upkeep,
 * Tactical, Draw and Discard-phases" (Round Structure: Turn Structure). */
static const gboolean mandatory[N_PHASES] = {
  TRUE, TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE
};

static const DwTableStat stats[] = {
  { "atk", "attack" },
  { "def", "defence" },
  /* Damage a creature takes this turn; it heals when the turn ends
   * (Card Types: Life & Death). */
  { "damage", NULL },
  { NULL }
};

static const DwVerb verbs[] = {
  { "mulligan", "mulligan [CARD…] [keep CARD…]",
    "first turn, before drawing: two cards to the grave, keep up to five, shuffle the rest back, draw to 7" },
  { "keep", "keep", "first turn, before drawing: keep the opening hand, which ends the mulligan" },
  { "phase", "phase unmark|upkeep|tactical|draw|play|move-attack|play-2|move-attack-2|entrance|discard",
    "go on to a later phase of the turn" },
  { "next", "next",
    "go on to the following phase; the mandatory phases with nothing to do pass by themselves, "
    "and from the discard phase the turn ends" },
  { "claim", "claim advantage politics|science|faith", "claim a domain's tactical advantage" },
  { "claim", "claim domination [vp|effect]", "claim Domination: 1 VP, or the region's effect" },
  { "claim", "claim total-domination [vp|effect]", "claim Total Domination: 3 VP, or the region's effect" },
  { "draw", "draw", "draw a card in the draw phase" },
  { "exhaust", "exhaust CARD", "a hand card or a top servant to the grave, for a third draw" },
  { "vault", "vault CARD", "put a hand card face down into the vault, once a turn" },
  { "play", "play CARD [to front|politics|science|faith] [on CARD] [x INT] [t INT]",
    "play a card from hand, paying its gold" },
  { "pay", "pay INT", "pay gold for an upkeep or an ability, marking vault cards" },
  { "move", "move CARD to front|politics|science|faith", "the turn's movement between kingdom and front" },
  { "attack", "attack CARD…", "attack the opponent's active region with front creatures" },
  { "discard", "discard CARD", "discard from a hand of more than 7" },
  { "discard-region", "discard-region", "discard your active region, never the last" },
  { "end", "end", "end the turn from the discard phase" },
  { NULL }
};

/* Drawing */

static gboolean
draw_one (DwTableContext *ctx)
{
  DwTableState *state = ctx->state;
  DwTableZone *deck = dw_table_state_get_zone (state, (guint) arcmage_zone (state, DW_SIDE_PLAYER, "deck"));
  guint top = dw_table_zone_get_top (deck);
  g_autofree char *label = NULL;

  if (top == 0)
    return FALSE;
  dw_table_state_move (state, top, (guint) arcmage_zone (state, DW_SIDE_PLAYER, "hand"), FALSE);
  label = arcmage_label (state, top);
  dw_table_context_say (ctx, _("drew %s"), label);
  return TRUE;
}

static gint64
region_hp (const DwTableState *state,
           DwSide              side)
{
  const DwTableZone *pile = dw_table_state_get_zone (state, (guint) arcmage_zone (state, side, "regions"));
  guint top = dw_table_zone_get_top (pile);
  gint64 hp = 0;

  if (top != 0)
    dw_card_get_int (dw_table_state_get_card (state, top)->card, "hp", &hp);
  return hp;
}

/* Setup */

static DwCard *
goldfish_region (guint n)
{
  static const char * const positions[] = { "I", "II", "III" };
  g_autofree char *id = g_strdup_printf ("goldfish-region-%u", n + 1);
  g_autofree char *name = g_strdup_printf (_("Goldfish region %s"), positions[n]);
  DwCard *card = dw_card_new (id, name, "Region");

  dw_card_set_game_id (card, "arcmage");
  dw_card_set_value (card, "faction", "None");
  dw_card_set_value (card, "hp", "10");
  dw_card_set_value (card, "position", positions[n]);
  return card;
}

static gboolean
setup (DwTableState        *state,
       const DwTableSetup  *setup,
       GError             **error)
{
  static const char * const in_play[] = { "front", "politics", "science", "faith", "regions", "vault", NULL };
  static const char * const opponent_zones[] = { "regions", "grave", NULL };
  static const char * const opponent_sections[] = { "regions", NULL };
  static const char * const needed[] = { "front", "politics", "science", "faith", "regions", "vault",
                                         "deck", "grave", "removed", "hand", NULL };
  guint opp_regions;

  for (guint i = 0; needed[i]; i++)
    if (dw_game_lookup_zone (setup->game, needed[i]) == NULL)
      {
        g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                     _("the Arcmage game definition has no zone “%s”, which the table needs"), needed[i]);
        return FALSE;
      }

  dw_table_state_add_game_zones (state, setup->game, DW_SIDE_PLAYER, NULL);
  if (!dw_table_state_deal (state, setup->deck, DW_SIDE_PLAYER, NULL, error))
    return FALSE;

  dw_table_state_add_game_zones (state, setup->game, DW_SIDE_OPPONENT, opponent_zones);
  opp_regions = (guint) arcmage_zone (state, DW_SIDE_OPPONENT, "regions");
  if (setup->opponent != NULL)
    {
      /* Choice: the goldfish is "a region pile of its own (default three
       * regions of 10 HP)" (issue 4); a deck given as the opponent lends
       * it its chapter of regions, in their order and with their HP. */
      if (!dw_table_state_deal (state, setup->opponent, DW_SIDE_OPPONENT, opponent_sections, error))
        return FALSE;
      if (dw_table_state_get_zone (state, opp_regions)->cards->len == 0)
        {
          g_set_error (error, DW_TABLE_ERROR, DW_TABLE_ERROR_SETUP,
                       _("the opponent deck “%s” has no regions for the goldfish to defend"),
                       dw_deck_get_name (setup->opponent) ? dw_deck_get_name (setup->opponent) : "");
          return FALSE;
        }
    }
  else
    {
      for (guint i = 3; i > 0; i--)
        {
          DwCard *card = goldfish_region (i - 1);

          g_ptr_array_add (setup->keep, card);
          dw_table_state_add_card (state, card, DW_SIDE_OPPONENT, opp_regions);
        }
    }

  for (guint i = 0; in_play[i]; i++)
    dw_table_state_get_zone (state, (guint) arcmage_zone (state, DW_SIDE_PLAYER, in_play[i]))->in_play = TRUE;
  dw_table_state_get_zone (state, opp_regions)->in_play = TRUE;

  dw_table_state_add_counter (state, "gold", 0, FALSE);
  dw_table_state_add_counter (state, "vp", 0, FALSE);
  dw_table_state_add_counter (state, "hp", region_hp (state, DW_SIDE_PLAYER), FALSE);
  dw_table_state_add_counter (state, "opp-hp", region_hp (state, DW_SIDE_OPPONENT), FALSE);
  /* The goldfish plays no creatures, so its domain points are 0 unless
   * the player sets them by hand to test a claim. */
  dw_table_state_add_counter (state, "opp-politics", 0, FALSE);
  dw_table_state_add_counter (state, "opp-science", 0, FALSE);
  dw_table_state_add_counter (state, "opp-faith", 0, FALSE);

  /* "Looks at all 7 cards the player drew" (Round Structure: Mulligan). */
  for (guint i = 0; i < ARCMAGE_HAND_SIZE; i++)
    {
      DwTableZone *deck = dw_table_state_get_zone (state, (guint) arcmage_zone (state, DW_SIDE_PLAYER, "deck"));
      guint top = dw_table_zone_get_top (deck);

      if (top == 0)
        break;
      dw_table_state_move (state, top, (guint) arcmage_zone (state, DW_SIDE_PLAYER, "hand"), FALSE);
    }

  state->turn = 1;
  state->phase = PHASE_UNMARK;
  return TRUE;
}

/* Actions */

/* Whether the opening hand may still be sent back, or kept: refuses
 * when it may not. */
static gboolean
mulligan_open (DwTableState  *state,
               GError       **error)
{
  if (state->turn != 1)
    {
      dw_table_reject (error, _(RULE_MULLIGAN), _("the mulligan belongs to the first turn only"));
      return FALSE;
    }
  /* Choice: "nor can it be performed after a player has accepted the cards
   * that were drawn and proceeded within the turn structure" (Round
   * Structure: Mulligan) is read as the issue reads it: the unmark,
   * upkeep and tactical phases of turn 1 are still before drawing. */
  if (state->phase >= PHASE_DRAW)
    {
      dw_table_reject (error, _(RULE_MULLIGAN),
                       _("the mulligan comes before the draw phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }
  if (arcmage_data (state)->mulligan_done)
    {
      dw_table_reject (error, _(RULE_MULLIGAN), _("the opening hand is settled already: a player keeps it, or mulligans once"));
      return FALSE;
    }
  return TRUE;
}

/* Keeping the opening hand is accepting it: the mulligan is over. */
static gboolean
perform_keep (DwTableContext  *ctx,
              const DwAction  *action,
              GError         **error)
{
  if (!mulligan_open (ctx->state, error))
    return FALSE;
  arcmage_data (ctx->state)->mulligan_done = TRUE;
  dw_table_context_say (ctx, _("you keep your opening hand: the mulligan is over (%s)"), _(RULE_MULLIGAN));
  return TRUE;
}

static gboolean
perform_mulligan (DwTableContext  *ctx,
                  const DwAction  *action,
                  GError         **error)
{
  DwTableState *state = ctx->state;
  ArcmageData *data = arcmage_data (state);
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (guint));
  int hand = arcmage_zone (state, DW_SIDE_PLAYER, "hand");
  guint deck = (guint) arcmage_zone (state, DW_SIDE_PLAYER, "deck");
  DwTableZone *hand_zone;
  int keep = dw_action_find_word (action, "keep");
  guint n_tokens = dw_action_get_n_tokens (action);
  guint kept;
  guint n_grave;
  guint returned = 0;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  if (!mulligan_open (state, error))
    return FALSE;

  /* Any number parses, so the refusal is the rule's, in the words a
   * player choosing cards by pointer reads too. */
  n_grave = (keep < 0 ? n_tokens : (guint) keep) - 1;
  if (n_grave != 2)
    {
      dw_table_reject (error, _(RULE_MULLIGAN),
                       g_dngettext (GETTEXT_PACKAGE,
                                    "a mulligan puts exactly two cards of the hand into the grave, and %u is chosen",
                                    "a mulligan puts exactly two cards of the hand into the grave, and %u are chosen",
                                    n_grave),
                       n_grave);
      return FALSE;
    }

  for (guint i = 1; i <= 2; i++)
    {
      guint number;

      if (!arcmage_find (ctx, dw_action_get_token (action, i), &hand, 1, _("your hand"), NULL,
                         taken, &number, error))
        return FALSE;
    }

  kept = keep < 0 ? 0 : n_tokens - (guint) keep - 1;
  if (kept > ARCMAGE_HAND_SIZE - 2)
    {
      dw_table_reject (error, _(RULE_MULLIGAN), _("keep at most five cards, not %u"), kept);
      return FALSE;
    }
  for (guint i = keep < 0 ? n_tokens : (guint) keep + 1; i < n_tokens; i++)
    {
      guint number;

      if (!arcmage_find (ctx, dw_action_get_token (action, i), &hand, 1, _("your hand"), NULL,
                         taken, &number, error))
        return FALSE;
    }

  first = arcmage_label (state, g_array_index (taken, guint, 0));
  second = arcmage_label (state, g_array_index (taken, guint, 1));
  arcmage_to_grave (ctx, g_array_index (taken, guint, 0));
  arcmage_to_grave (ctx, g_array_index (taken, guint, 1));
  dw_table_context_say (ctx, _("%s and %s go to the grave"), first, second);

  /* Everything in hand that was neither discarded nor kept goes back. */
  hand_zone = dw_table_state_get_zone (state, (guint) hand);
  for (guint pos = hand_zone->cards->len; pos > 0; pos--)
    {
      guint number = g_array_index (hand_zone->cards, guint, pos - 1);
      gboolean is_kept = FALSE;

      for (guint i = 2; i < taken->len && !is_kept; i++)
        is_kept = g_array_index (taken, guint, i) == number;
      if (is_kept)
        continue;
      dw_table_state_move (state, number, deck, FALSE);
      returned++;
      hand_zone = dw_table_state_get_zone (state, (guint) hand);
    }
  dw_table_state_shuffle (state, deck);
  dw_table_context_say (ctx, g_dngettext (GETTEXT_PACKAGE,
                                          "kept %u, shuffled %u card into the deck",
                                          "kept %u, shuffled %u cards into the deck", returned),
                        kept, returned);

  while (dw_table_state_get_zone (state, (guint) hand)->cards->len < ARCMAGE_HAND_SIZE &&
         draw_one (ctx))
    ;

  data->mulligan_done = TRUE;
  return TRUE;
}

/* Enters phase @target, a later phase of the turn, refusing what the
 * turn structure forbids: going back, skipping a mandatory phase,
 * leaving the draw phase without drawing. */
static gboolean
go_to_phase (DwTableContext  *ctx,
             guint            target,
             GError         **error)
{
  DwTableState *state = ctx->state;
  ArcmageData *data = arcmage_data (state);
  const char *name = phases[target];

  if (target == state->phase)
    {
      dw_table_reject (error, _(RULE_TURN_STRUCTURE), _("it is the %s phase already"), name);
      return FALSE;
    }
  if (target < state->phase)
    {
      dw_table_reject (error, _(RULE_TURN_STRUCTURE),
                       _("phases only go forward, and %s lies before %s; it comes again next turn"),
                       name, dw_table_state_get_phase (state));
      return FALSE;
    }
  for (guint p = state->phase + 1; p < target; p++)
    if (mandatory[p])
      {
        dw_table_reject (error, _(RULE_TURN_STRUCTURE),
                         _("the %s phase is mandatory and cannot be skipped"), phases[p]);
        return FALSE;
      }

  if (state->phase == PHASE_DRAW && data->draws == 0)
    {
      if (arcmage_zone_size (state, DW_SIDE_PLAYER, "deck") > 0)
        {
          dw_table_reject (error, _(RULE_DRAW),
                           _("draw at least one card before leaving the draw phase"));
          return FALSE;
        }
      /* "If a player can't draw a card during the draw phase due to
       * his/her Deck being depleted then the player loses the game." */
      dw_table_state_set_result (state, DW_TABLE_RESULT_LOST,
                                 _("your deck was empty in the draw phase"));
      dw_table_context_say (ctx, _("your deck is empty and you could not draw: you lose the game"));
    }

  state->phase = target;
  dw_table_context_say (ctx, _("the %s phase begins"), name);
  return TRUE;
}

static gboolean
perform_phase (DwTableContext  *ctx,
               const DwAction  *action,
               GError         **error)
{
  const char *name = dw_action_get_word (action, 1);
  guint target = 0;

  while (strcmp (phases[target], name) != 0)
    target++;
  return go_to_phase (ctx, target, error);
}

/* How many domains have "2 or more domain points … compared to what
 * your opponent has in the same domain" (Turn Phases: Tactics,
 * Advantage); fills @mine and @theirs. */
static guint
advantages_won (const DwTableState *state,
                gint64              mine[ARCMAGE_N_DOMAINS],
                gint64              theirs[ARCMAGE_N_DOMAINS])
{
  guint won = 0;

  for (guint d = 0; d < ARCMAGE_N_DOMAINS; d++)
    {
      g_autofree char *counter = g_strconcat ("opp-", arcmage_domains[d], NULL);

      mine[d] = arcmage_domain_points (state, (guint) arcmage_zone (state, DW_SIDE_PLAYER, arcmage_domains[d]));
      theirs[d] = dw_table_state_get_counter (state, counter);
      if (mine[d] >= theirs[d] + 2)
        won++;
    }
  return won;
}

/* Whether a card of the player's in play asks for an upkeep: "All such
 * cards have explicit text that tell the players if that is the case.
 * Such text is written in the form Upkeep cost ~ What happens is the
 * upkeep isn't paid" (Turn Phases: Upkeep). */
static guint
upkeep_card (const DwTableState *state)
{
  for (guint n = 1; n <= dw_table_state_get_n_cards (state); n++)
    {
      const DwTableCard *card = dw_table_state_get_card (state, n);
      const char *text = dw_card_get_value (card->card, "text");

      const DwTableZone *zone = dw_table_state_get_zone (state, card->zone);

      /* A resource in the vault lies face down, its text without effect. */
      if (card->owner == DW_SIDE_PLAYER && zone->in_play && strcmp (zone->def_id, "vault") != 0 &&
          text != NULL && strstr (text, "Upkeep") != NULL)
        return n;
    }
  return 0;
}

static gboolean perform_end (DwTableContext *ctx, const DwAction *action, GError **error);

/* next: on to the following phase of the turn.  The mandatory phases
 * that ask nothing of the player pass by themselves, each said in the
 * log: the unmark/unassign phase (the cards were unmarked as the turn
 * began, and the table keeps no assigned cards), the upkeep phase when
 * no card of the player's in play asks for an upkeep, the tactical
 * phase when no domain wins an advantage to claim.  Choice: the turn
 * stops in the upkeep and tactical phases whenever there is something
 * to pay or claim, since the player decides those ("The player always
 * chooses if he/she wants to pay the upkeep or not", Turn Phases:
 * Upkeep; "If you want to do so you must claim it", Turn Phases:
 * Tactics, Advantage); it never draws for the player, who chooses 1 or
 * 2 cards (Turn Phases: Draw).  From the discard phase, the following
 * phase is the next turn's unmark phase: next ends the turn as "end"
 * does (Round Structure: Turn Structure). */
static gboolean
perform_next (DwTableContext  *ctx,
              const DwAction  *action,
              GError         **error)
{
  DwTableState *state = ctx->state;

  if (state->phase == PHASE_DISCARD)
    return perform_end (ctx, action, error);
  if (state->phase == PHASE_UNMARK)
    dw_table_context_say (ctx, state->turn == 1
                                 ? _("the unmark/unassign phase ends: nothing is marked on the first turn")
                                 : _("the unmark/unassign phase ends: your cards were unmarked as the turn began"));
  if (!go_to_phase (ctx, state->phase + 1, error))
    return FALSE;

  for (;;)
    {
      gint64 mine[ARCMAGE_N_DOMAINS];
      gint64 theirs[ARCMAGE_N_DOMAINS];

      if (state->phase == PHASE_UPKEEP && upkeep_card (state) == 0)
        dw_table_context_say (ctx, _("no card of yours in play asks for an upkeep, so the upkeep phase passes (%s)"),
                              _(RULE_UPKEEP));
      else if (state->phase == PHASE_TACTICAL && advantages_won (state, mine, theirs) == 0)
        dw_table_context_say (ctx, _("no domain of yours has 2 domain points more than the opponent's, so "
                                     "there is nothing to claim and the tactical phase passes (%s)"),
                              _(RULE_ADVANTAGE));
      else
        break;
      if (!go_to_phase (ctx, state->phase + 1, error))
        return FALSE;
    }
  /* "nor can it be performed after a player has accepted the cards that
   * were drawn and proceeded within the turn structure" (Round
   * Structure: Mulligan). */
  if (state->turn == 1 && state->phase == PHASE_DRAW && !arcmage_data (state)->mulligan_done)
    dw_table_context_say (ctx, _("you keep your opening hand: the mulligan is over (%s)"), _(RULE_MULLIGAN));
  return TRUE;
}

static gboolean
perform_claim (DwTableContext  *ctx,
               const DwAction  *action,
               GError         **error)
{
  DwTableState *state = ctx->state;
  ArcmageData *data = arcmage_data (state);
  const char *what = dw_action_get_word (action, 1);
  gint64 mine[ARCMAGE_N_DOMAINS];
  gint64 theirs[ARCMAGE_N_DOMAINS];
  guint won;

  if (state->phase != PHASE_TACTICAL)
    {
      /* "Unclaimed advantages can not be claimed after the player has
       * continued into any other phase beyond the tactical." */
      dw_table_reject (error, _(RULE_TACTICS), _("claims are made in the tactical phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }

  won = advantages_won (state, mine, theirs);

  if (strcmp (what, "advantage") == 0)
    {
      int d = arcmage_domain_index (dw_action_get_word (action, 2));

      if (data->dominated)
        {
          dw_table_reject (error, _(RULE_DOMINATION),
                           _("Domination was claimed this turn, and it replaces all advantages"));
          return FALSE;
        }
      if (data->advantages & (1u << d))
        {
          dw_table_reject (error, _(RULE_ADVANTAGE), _("the advantage of %s is claimed already this turn"),
                           arcmage_domains[d]);
          return FALSE;
        }
      if (mine[d] < theirs[d] + 2)
        {
          dw_table_reject (error, _(RULE_ADVANTAGE),
                           _("%s has %" PRId64 " domain points against the opponent's %"
                             PRId64 "; an advantage needs 2 more than the opponent"),
                           arcmage_domains[d], mine[d], theirs[d]);
          return FALSE;
        }
      data->advantages |= 1u << d;
      dw_table_context_say (ctx, _("claimed the advantage of %s (%" PRId64 " against %"
                                   PRId64 "): apply your active region's %s advantage by hand"),
                            arcmage_domains[d], mine[d], theirs[d], arcmage_domains[d]);
      return TRUE;
    }

  {
    gboolean total = strcmp (what, "total-domination") == 0;
    guint needed = total ? 3 : 2;
    gint64 vp = total ? 3 : 1;
    const char *rule = total ? _(RULE_TOTAL) : _(RULE_DOMINATION);

    if (data->dominated)
      {
        dw_table_reject (error, rule, _("Domination or Total Domination is claimed already this turn"));
        return FALSE;
      }
    if (data->advantages != 0)
      {
        dw_table_reject (error, rule,
                         _("advantages were claimed this turn; Domination replaces them and cannot "
                           "be claimed beside them"));
        return FALSE;
      }
    if (won < needed)
      {
        dw_table_reject (error, rule,
                         _("%s needs the advantage in %u domains; you have it in %u"),
                         total ? _("Total Domination") : _("Domination"), needed, won);
        return FALSE;
      }

    data->dominated = TRUE;
    /* "you get to choose one of the following: Get 1 [3] victory point[s],
     * or Get the Domination effect of your active region card."  The
     * points are the default; "effect" takes the region's effect, which
     * the player applies by hand. */
    if (dw_action_has_word (action, "effect"))
      dw_table_context_say (ctx, _("claimed %s: apply your active region's effect by hand"),
                            total ? _("Total Domination") : _("Domination"));
    else
      {
        dw_table_state_set_counter (state, "vp", dw_table_state_get_counter (state, "vp") + vp);
        dw_table_context_say (ctx, _("claimed %s: +%" PRId64 " VP"),
                              total ? _("Total Domination") : _("Domination"), vp);
      }
    return TRUE;
  }
}

static gboolean
perform_draw (DwTableContext  *ctx,
              const DwAction  *action,
              GError         **error)
{
  DwTableState *state = ctx->state;
  ArcmageData *data = arcmage_data (state);

  if (state->phase != PHASE_DRAW)
    {
      dw_table_reject (error, _(RULE_DRAW), _("cards are drawn in the draw phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }
  /* "The player must draw up to 2 cards each turn"; "the player may
   * decide to draw up to 1 additional card beyond the 2 cards that are
   * normally allowed. This is called exhausting". */
  if (data->draws >= 2 && !data->exhausted)
    {
      dw_table_reject (error, _(RULE_EXHAUSTING),
                       _("two cards are drawn a turn; exhaust a card first to draw a third"));
      return FALSE;
    }
  if (data->draws >= 3)
    {
      dw_table_reject (error, _(RULE_EXHAUSTING),
                       _("three cards are the most a turn draws, the third after exhausting"));
      return FALSE;
    }

  data->draws++;
  if (!draw_one (ctx))
    {
      dw_table_state_set_result (state, DW_TABLE_RESULT_LOST, _("you had to draw from an empty deck"));
      dw_table_context_say (ctx, _("the deck is empty: you lose the game"));
    }
  return TRUE;
}

static gboolean
is_hand_or_top_servant (const DwTableState *state,
                        guint               number,
                        gpointer            data)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  return !arcmage_is_domain (state, card->zone) || arcmage_is_top_servant (state, number);
}

static gboolean
perform_exhaust (DwTableContext  *ctx,
                 const DwAction  *action,
                 GError         **error)
{
  DwTableState *state = ctx->state;
  ArcmageData *data = arcmage_data (state);
  int zones[] = {
    arcmage_zone (state, DW_SIDE_PLAYER, "hand"),
    arcmage_zone (state, DW_SIDE_PLAYER, "politics"),
    arcmage_zone (state, DW_SIDE_PLAYER, "science"),
    arcmage_zone (state, DW_SIDE_PLAYER, "faith"),
  };
  g_autofree char *label = NULL;
  guint number;

  if (state->phase != PHASE_DRAW)
    {
      dw_table_reject (error, _(RULE_EXHAUSTING), _("exhausting happens in the draw phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }
  /* "can be done once per turn" (Turn Phases: Draw, Exhausting): the
   * player's, whatever card it discards. */
  if (data->exhausted)
    {
      dw_table_reject (error, _(RULE_EXHAUSTING), _("exhausting can be done once a turn"));
      return FALSE;
    }
  if (!arcmage_find (ctx, dw_action_get_token (action, 1), zones, G_N_ELEMENTS (zones),
                     _("your hand or among your top servants"), is_hand_or_top_servant, NULL,
                     &number, error))
    return FALSE;
  if (!is_hand_or_top_servant (state, number, NULL))
    {
      label = arcmage_label (state, number);
      dw_table_reject (error, _(RULE_SERVANTS), _("%s is not the top servant of its domain"), label);
      return FALSE;
    }

  label = arcmage_label (state, number);
  arcmage_to_grave (ctx, number);
  data->exhausted = TRUE;
  dw_table_context_say (ctx, _("exhausted %s to the grave: a third card may be drawn, and no card goes "
                               "into the vault and no creature moves this turn"), label);
  return TRUE;
}

static gboolean
perform_vault (DwTableContext  *ctx,
               const DwAction  *action,
               GError         **error)
{
  DwTableState *state = ctx->state;
  ArcmageData *data = arcmage_data (state);
  int hand = arcmage_zone (state, DW_SIDE_PLAYER, "hand");
  guint vault = (guint) arcmage_zone (state, DW_SIDE_PLAYER, "vault");
  g_autofree char *label = NULL;
  guint number;

  /* "A player may only lay down one resource card into the Vault per
   * turn, and only during the players own play phase." */
  if (!arcmage_in_play_phase (state))
    {
      dw_table_reject (error, _(RULE_RESOURCES), _("cards go into the vault in a play phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }
  /* "A player may only lay down one resource card into the Vault per
   * turn" (Gold & Resources): the player's limit, not the card's; a card
   * vaulted, taken back to the hand and vaulted again is a second one. */
  if (data->vaulted != 0)
    {
      dw_table_reject (error, _(RULE_RESOURCES), _("one card a turn goes into the vault, and #%u went this turn"),
                       data->vaulted);
      return FALSE;
    }
  if (data->exhausted)
    {
      dw_table_reject (error, _(RULE_EXHAUSTING),
                       _("after exhausting, no card goes into the vault this turn"));
      return FALSE;
    }
  if (!arcmage_find (ctx, dw_action_get_token (action, 1), &hand, 1, _("your hand"), NULL, NULL,
                     &number, error))
    return FALSE;

  label = arcmage_label (state, number);
  dw_table_state_move (state, number, vault, FALSE);
  data->vaulted = number;
  dw_table_context_say (ctx, _("%s goes face down into the vault, which holds %u"), label,
                        dw_table_state_get_zone (state, vault)->cards->len);
  return TRUE;
}

static gboolean
perform_discard (DwTableContext  *ctx,
                 const DwAction  *action,
                 GError         **error)
{
  DwTableState *state = ctx->state;
  int hand = arcmage_zone (state, DW_SIDE_PLAYER, "hand");
  guint in_hand = arcmage_zone_size (state, DW_SIDE_PLAYER, "hand");
  g_autofree char *label = NULL;
  guint number;

  if (state->phase != PHASE_DISCARD)
    {
      dw_table_reject (error, _(RULE_DISCARD), _("cards are discarded in the discard phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }
  /* "A player may not discard cards from hand in the discard phase if
   * he/she has 7 or less cards in hand." */
  if (in_hand <= ARCMAGE_HAND_SIZE)
    {
      dw_table_reject (error, _(RULE_DISCARD),
                       _("a hand is discarded from only while it holds more than 7 cards; it holds %u"),
                       in_hand);
      return FALSE;
    }
  if (!arcmage_find (ctx, dw_action_get_token (action, 1), &hand, 1, _("your hand"), NULL, NULL,
                     &number, error))
    return FALSE;

  label = arcmage_label (state, number);
  arcmage_to_grave (ctx, number);
  dw_table_context_say (ctx, _("%s goes to the grave"), label);
  return TRUE;
}

static gboolean
perform_discard_region (DwTableContext  *ctx,
                        const DwAction  *action,
                        GError         **error)
{
  DwTableState *state = ctx->state;
  guint pile = (guint) arcmage_zone (state, DW_SIDE_PLAYER, "regions");
  guint n = dw_table_state_get_zone (state, pile)->cards->len;
  guint top;
  g_autofree char *label = NULL;
  g_autofree char *next = NULL;

  if (state->phase != PHASE_DISCARD)
    {
      dw_table_reject (error, _(RULE_DISCARD),
                       _("the active region is discarded in the discard phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }
  if (n <= 1)
    {
      dw_table_reject (error, _(RULE_DISCARD), n == 0 ? _("there is no region to discard")
                                                      : _("the last region cannot be discarded"));
      return FALSE;
    }

  top = dw_table_zone_get_top (dw_table_state_get_zone (state, pile));
  label = arcmage_label (state, top);
  arcmage_to_grave (ctx, top);
  dw_table_state_set_counter (state, "hp", region_hp (state, DW_SIDE_PLAYER));
  next = arcmage_label (state, dw_table_zone_get_top (dw_table_state_get_zone (state, pile)));
  dw_table_context_say (ctx, _("%s goes to the grave; %s is revealed with %" PRId64 " HP"),
                        label, next, dw_table_state_get_counter (state, "hp"));
  return TRUE;
}

static gboolean
perform_end (DwTableContext  *ctx,
             const DwAction  *action,
             GError         **error)
{
  DwTableState *state = ctx->state;
  ArcmageData *data = arcmage_data (state);
  guint in_hand = arcmage_zone_size (state, DW_SIDE_PLAYER, "hand");
  gint64 gold = dw_table_state_get_counter (state, "gold");
  guint front = (guint) arcmage_zone (state, DW_SIDE_PLAYER, "front");
  g_autoptr(GArray) dropped = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean mulligan_done = data->mulligan_done;

  if (state->phase != PHASE_DISCARD)
    {
      dw_table_reject (error, _(RULE_TURN_STRUCTURE),
                       _("a turn ends after its discard phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }
  if (in_hand > ARCMAGE_HAND_SIZE)
    {
      dw_table_reject (error, _(RULE_DISCARD),
                       _("the hand holds %u cards; discard down to 7 before the turn ends"), in_hand);
      return FALSE;
    }

  /* "At the end of turn all leftover gold that hasn't been used
   * disappears" (Gold & Resources: Resource Cards). */
  if (gold > 0)
    dw_table_context_say (ctx, _("%" PRId64 " unspent gold vanishes"), gold);
  dw_table_state_set_counter (state, "gold", 0);

  /* "Damage that a creature suffers during a turn goes away when the turn
   * in which the damage was dealt ends" (Card Types: Life & Death);
   * regions keep theirs (Card Types: Regions). */
  for (guint n = 1; n <= dw_table_state_get_n_cards (state); n++)
    dw_table_state_get_card (state, n)->adjust[STAT_DAMAGE] = 0;

  /* "At the end of turn each player discards all his/her dropped
   * equipment that wasn't picked up from the table." */
  for (guint i = 0; i < dw_table_state_get_zone (state, front)->cards->len; i++)
    {
      guint number = g_array_index (dw_table_state_get_zone (state, front)->cards, guint, i);
      const DwTableCard *card = dw_table_state_get_card (state, number);

      if (arcmage_is_type (card, "Equipment") && card->host == 0)
        g_array_append_val (dropped, number);
    }
  for (guint i = 0; i < dropped->len; i++)
    {
      g_autofree char *label = arcmage_label (state, g_array_index (dropped, guint, i));

      arcmage_to_grave (ctx, g_array_index (dropped, guint, i));
      dw_table_context_say (ctx, _("dropped %s goes to the grave (%s)"), label, _(RULE_DROP_TAKE));
    }

  state->turn++;
  state->phase = PHASE_UNMARK;
  memset (data, 0, sizeof *data);
  data->mulligan_done = mulligan_done;

  /* "During the unmark and unassign phase a player must unmark all
   * his/her cards that are marked" (Turn Phases: Unmark/Unassign). */
  for (guint n = 1; n <= dw_table_state_get_n_cards (state); n++)
    {
      DwTableCard *card = dw_table_state_get_card (state, n);

      if (card->owner == DW_SIDE_PLAYER)
        card->marked = FALSE;
    }
  dw_table_context_say (ctx, _("turn %u begins: your cards are unmarked"), state->turn);
  return TRUE;
}

static gboolean
perform (DwTableContext  *ctx,
         const DwAction  *action,
         GError         **error)
{
  const char *verb = dw_action_get_verb (action);

  if (strcmp (verb, "mulligan") == 0)
    return perform_mulligan (ctx, action, error);
  if (strcmp (verb, "keep") == 0)
    return perform_keep (ctx, action, error);
  if (strcmp (verb, "phase") == 0)
    return perform_phase (ctx, action, error);
  if (strcmp (verb, "next") == 0)
    return perform_next (ctx, action, error);
  if (strcmp (verb, "claim") == 0)
    return perform_claim (ctx, action, error);
  if (strcmp (verb, "draw") == 0)
    return perform_draw (ctx, action, error);
  if (strcmp (verb, "exhaust") == 0)
    return perform_exhaust (ctx, action, error);
  if (strcmp (verb, "vault") == 0)
    return perform_vault (ctx, action, error);
  if (strcmp (verb, "play") == 0)
    return arcmage_play (ctx, action, error);
  if (strcmp (verb, "pay") == 0)
    return arcmage_pay_action (ctx, action, error);
  if (strcmp (verb, "move") == 0)
    return arcmage_move (ctx, action, error);
  if (strcmp (verb, "attack") == 0)
    return arcmage_attack (ctx, action, error);
  if (strcmp (verb, "discard") == 0)
    return perform_discard (ctx, action, error);
  if (strcmp (verb, "discard-region") == 0)
    return perform_discard_region (ctx, action, error);
  if (strcmp (verb, "end") == 0)
    return perform_end (ctx, action, error);

  g_return_val_if_reached (FALSE);
}

/* What follows by itself */

static gboolean
is_player_play_zone (const DwTableState *state,
                     guint               zone)
{
  const DwTableZone *z = dw_table_state_get_zone (state, zone);

  return z->side == DW_SIDE_PLAYER && (strcmp (z->def_id, "front") == 0 || arcmage_is_domain (state, zone));
}

/* Tokens never rest in a hand, deck or grave (Card Types: Token
 * Creatures); creatures at 0 DEF die (Card Types: Life & Death). */
static gboolean
settle_creatures (DwTableContext *ctx)
{
  DwTableState *state = ctx->state;

  for (guint n = 1; n <= dw_table_state_get_n_cards (state); n++)
    {
      DwTableCard *card = dw_table_state_get_card (state, n);
      const DwTableZone *zone = dw_table_state_get_zone (state, card->zone);
      g_autofree char *label = NULL;

      if (dw_card_is_token (card->card) &&
          (strcmp (zone->def_id, "hand") == 0 || strcmp (zone->def_id, "deck") == 0 ||
           strcmp (zone->def_id, "grave") == 0))
        {
          label = arcmage_label (state, n);
          dw_table_state_move (state, n, (guint) arcmage_zone (state, card->owner, "removed"), FALSE);
          dw_table_context_say (ctx, _("%s is a token and leaves the game (%s)"), label, _(RULE_TOKENS));
          return TRUE;
        }

      /* "Modifiers that somehow lower a creatures DEF to or below zero
       * kill the creature." */
      if (arcmage_is_type (card, "Creature") && is_player_play_zone (state, card->zone) &&
          dw_table_state_get_stat (state, card, STAT_DEF) - card->adjust[STAT_DAMAGE] <= 0)
        {
          label = arcmage_label (state, n);
          arcmage_to_grave (ctx, n);
          dw_table_context_say (ctx, _("%s has no DEF left and dies (%s)"), label, _(RULE_LIFE_DEATH));
          return TRUE;
        }
    }
  return FALSE;
}

/* Where attached cards go when their creature leaves (Card Types:
 * Equipment, Where equipment goes; Spells, Spell Go). */
static gboolean
settle_attachments (DwTableContext *ctx)
{
  DwTableState *state = ctx->state;

  for (guint n = 1; n <= dw_table_state_get_n_cards (state); n++)
    {
      DwTableCard *card = dw_table_state_get_card (state, n);
      const DwTableCard *host;
      const DwTableZone *host_zone;
      gboolean equipment;
      g_autofree char *label = NULL;

      if (card->host == 0)
        continue;
      host = dw_table_state_get_card (state, card->host);
      host_zone = dw_table_state_get_zone (state, host->zone);
      equipment = arcmage_is_type (card, "Equipment");
      label = arcmage_label (state, n);

      /* "Equipment follows the creature to oblivion if the creature is
       * removed from the game"; so do spells. */
      if (strcmp (host_zone->def_id, "removed") == 0)
        {
          dw_table_state_move (state, n, (guint) arcmage_zone (state, card->owner, "removed"), FALSE);
          dw_table_context_say (ctx, _("%s follows its host out of the game (%s)"), label,
                                equipment ? _(RULE_EQUIPMENT_GOES) : _(RULE_SPELL_GO));
          return TRUE;
        }
      if (!host_zone->in_play)
        {
          if (equipment)
            {
              /* "When a creature dies while in combat it drops all it's
               * equipment"; it lies in the front until picked up or the
               * turn ends. */
              card->host = 0;
              dw_table_context_say (ctx, _("%s is dropped in the front (%s)"), label, _(RULE_DROP_TAKE));
            }
          else
            {
              arcmage_to_grave (ctx, n);
              dw_table_context_say (ctx, _("%s goes to the grave with its host (%s)"), label, _(RULE_SPELL_GO));
            }
          return TRUE;
        }
      /* "When a creature is moved to a domain it drops the Equipment in
       * the Front"; spells stay attached. */
      if (equipment && arcmage_is_domain (state, host->zone))
        {
          card->host = 0;
          dw_table_context_say (ctx, _("%s is dropped in the front: equipment never enters a domain (%s)"),
                                label, _(RULE_EQUIPMENT_GOES));
          return TRUE;
        }
    }
  return FALSE;
}

/* A region at 0 HP is discarded and the next revealed; losing the last
 * loses the game (Table Layout: Region; Winning). */
static gboolean
settle_regions (DwTableContext *ctx,
                DwSide          side,
                gboolean       *fell_last)
{
  DwTableState *state = ctx->state;
  const char *counter = side == DW_SIDE_PLAYER ? "hp" : "opp-hp";
  guint pile = (guint) arcmage_zone (state, side, "regions");
  guint top = dw_table_zone_get_top (dw_table_state_get_zone (state, pile));
  g_autofree char *label = NULL;

  if (top == 0 || dw_table_state_get_counter (state, counter) > 0)
    return FALSE;

  label = arcmage_label (state, top);
  arcmage_to_grave (ctx, top);
  top = dw_table_zone_get_top (dw_table_state_get_zone (state, pile));
  if (top == 0)
    {
      dw_table_state_set_counter (state, counter, 0);
      dw_table_context_say (ctx, _("%s falls, the last region"), label);
      *fell_last = TRUE;
      return TRUE;
    }

  dw_table_state_set_counter (state, counter, region_hp (state, side));
  {
    g_autofree char *next = arcmage_label (state, top);

    dw_table_context_say (ctx, _("%s falls; %s is revealed with %" PRId64 " HP"), label, next,
                          dw_table_state_get_counter (state, counter));
  }
  return TRUE;
}

static void
settle (DwTableContext *ctx)
{
  DwTableState *state = ctx->state;
  gboolean mine_fell = FALSE;
  gboolean theirs_fell = FALSE;

  /* Each step moves one card; the table is small, so the loop is short. */
  while (settle_creatures (ctx) || settle_attachments (ctx) ||
         settle_regions (ctx, DW_SIDE_PLAYER, &mine_fell) ||
         settle_regions (ctx, DW_SIDE_OPPONENT, &theirs_fell))
    ;

  if (state->result != DW_TABLE_RESULT_NONE || !(mine_fell || theirs_fell))
    return;

  if (mine_fell && theirs_fell)
    {
      /* "In the rare case where all remaining players both lose all their
       * regions during the same turn the player with the highest amount of
       * victory points is the winner"; the goldfish scores none. */
      if (dw_table_state_get_counter (state, "vp") > 0)
        dw_table_state_set_result (state, DW_TABLE_RESULT_WON,
                                   _("both last regions fell at once, and you have more victory points"));
      else
        dw_table_state_set_result (state, DW_TABLE_RESULT_DRAWN,
                                   _("both last regions fell at once, with equal victory points"));
      dw_table_context_say (ctx, "%s (%s)", state->result_reason, _(RULE_DRAWS));
    }
  else if (theirs_fell)
    {
      dw_table_state_set_result (state, DW_TABLE_RESULT_WON, _("the opponent's last region fell"));
      dw_table_context_say (ctx, _("you win the game (%s)"), _(RULE_WINNING));
    }
  else
    {
      dw_table_state_set_result (state, DW_TABLE_RESULT_LOST, _("your last region fell"));
      dw_table_context_say (ctx, _("you lose the game (%s)"), _(RULE_REGION));
    }
}

/* Describing */

const DwTableRules dw_arcmage_orc_rules = {
  .id = "arcmage-orc",
  .game_id = "arcmage",
  .name = "Arcmage (Original Rules Concept)",
  .phases = phases,
  .stats = stats,
  .verbs = verbs,
  .data_size = sizeof (ArcmageData),
  .setup = setup,
  .perform = perform,
  .settle = settle,
  .describe_card = arcmage_describe_card,
  .describe = arcmage_describe,
  .phase_labels = arcmage_phase_labels,
  .counter_info = arcmage_counter_info,
  .card_actions = arcmage_card_actions,
  .card_offers = arcmage_card_offers,
  .offers_moves_by_hand = TRUE,
  .opening_hand_choice = TRUE,
  .example_action = N_("Type an action, e.g. next, or draw"),
  .zone_action = arcmage_zone_action,
  .card_action = arcmage_card_action,
  .keep_action = arcmage_keep_action,
  .mulligan_action = arcmage_mulligan_action,
  .end_phase = "discard",
};
