/* dw-arcmage-play.c — the Arcmage table: playing cards, paying, moving, attacking
 *
 * The checks of issue 4 on top of the Original Rules Concept,
 * ../shared/seeds/arcmage-original-rules-concept.txt; a refusal names
 * the section it comes from, and a choice the text leaves open begins
 * "Choice:" where it is made.  Card texts are not automated: a card
 * enters play paid for and placed, and its effect is the player's to
 * apply with manual actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include "dw-arcmage-private.h"

#define RULE_CARD_TYPES     N_("Card Types")
#define RULE_CREATURES      N_("Card Types: Creatures")
#define RULE_ENTRANCE       N_("Turn Phases: Entrance")
#define RULE_EVENTS         N_("Card Types: Events")
#define RULE_MAGIC          N_("Card Types: Magic")
#define RULE_SPELLS         N_("Card Types: Spells")
#define RULE_EQUIPMENT      N_("Card Types: Equipment")
#define RULE_EQUIPMENT_GOES N_("Card Types: Equipment, Where equipment goes")
#define RULE_ENTERING       N_("Card States: Entering & In Play")
#define RULE_TOKENS         N_("Card Types: Token Creatures")
#define RULE_SERVANTS       N_("Card Types: Servants")
#define RULE_MOVEMENT       N_("Card Types: Movement")
#define RULE_MOVE_ATTACK    N_("Turn Phases: Move / Attack")
#define RULE_EXHAUSTING     N_("Turn Phases: Draw, Exhausting")
#define RULE_COMBAT         N_("Combat: General")
#define RULE_COMBAT_SEQ     N_("Combat: Combat sequence")
#define RULE_PLAY_PHASE     N_("Turn Phases: Play")
#define RULE_REGION         N_("Table Layout: Region")
#define RULE_VARIABLE       N_("Gold & Resources: Variable Gold Costs")
#define RULE_PAYING         N_("Gold & Resources: Paying a cost")
#define RULE_MARKING        N_("Card States: Marking & Unmarking")

/* A printed cost: a number, or X or T with an amount added (X+1, T-2). */
typedef struct
{
  char    variable;   /* 'X', 'T', or 0 for a plain number */
  gint64  amount;
} Cost;

static gboolean
parse_cost (const char *text,
            Cost       *cost)
{
  cost->variable = 0;
  cost->amount = 0;

  if (text == NULL || *text == '\0')
    return TRUE;
  if (text[0] == 'X' || text[0] == 'T')
    {
      cost->variable = text[0];
      text++;
      if (*text == '\0')
        return TRUE;
      if (*text == '+')
        text++;
      return g_ascii_string_to_signed (text, 10, -1000, 1000, &cost->amount, NULL);
    }
  return g_ascii_string_to_signed (text, 10, 0, 1000, &cost->amount, NULL);
}

static const char *
type_of (const DwTableCard *card)
{
  return dw_card_get_card_type (card->card);
}

static gboolean
is_front (const DwTableState *state,
          guint               zone)
{
  const DwTableZone *z = dw_table_state_get_zone (state, zone);

  return z->side == DW_SIDE_PLAYER && strcmp (z->def_id, "front") == 0;
}

/* "The player then marks the corresponding amount of unmarked resource
 * cards in the vault to produce that much gold" (Gold & Resources:
 * Paying a cost).  Choice: gold already in the pool (from a card's text,
 * added by hand) is spent first, since it vanishes at the end of the
 * turn; then vault cards are marked from the first laid down. */
static gboolean
pay (DwTableContext  *ctx,
     const char      *what,
     gint64           cost,
     GError         **error)
{
  DwTableState *state = ctx->state;
  const DwTableZone *vault = dw_table_state_get_zone (state, (guint) arcmage_zone (state, DW_SIDE_PLAYER, "vault"));
  gint64 pool = dw_table_state_get_counter (state, "gold");
  guint unmarked = arcmage_unmarked_vault (state);
  g_autoptr(GString) marked = g_string_new (NULL);
  gint64 from_pool;
  gint64 rest;

  if (cost <= 0)
    return TRUE;
  if (cost > pool + unmarked)
    {
      dw_table_reject (error, _(RULE_PAYING),
                       _("%s costs %" PRId64 " gold, and you have %" PRId64
                         ": %" PRId64 " in the pool and %u unmarked vault cards"),
                       what, cost, pool + unmarked, pool, unmarked);
      return FALSE;
    }

  from_pool = MIN (pool, cost);
  dw_table_state_set_counter (state, "gold", pool - from_pool);
  rest = cost - from_pool;
  for (guint i = 0; i < vault->cards->len && rest > 0; i++)
    {
      DwTableCard *card = dw_table_state_get_card (state, g_array_index (vault->cards, guint, i));

      if (!arcmage_may_mark (state, card))
        continue;
      dw_table_state_mark (state, card);
      g_string_append_printf (marked, "%s#%u", marked->len ? ", " : "", card->number);
      rest--;
    }

  if (from_pool > 0 && marked->len > 0)
    dw_table_context_say (ctx, _("paid %" PRId64 " gold: %" PRId64
                                 " from the pool, and the rest from the vault (%s marked)"),
                          cost, from_pool, marked->str);
  else if (from_pool > 0)
    dw_table_context_say (ctx, _("paid %" PRId64 " gold from the pool"), cost);
  else
    dw_table_context_say (ctx, _("paid %" PRId64 " gold from the vault (%s marked)"), cost, marked->str);
  return TRUE;
}

/* pay N: gold for an upkeep or an ability, which card texts ask for. */
gboolean
arcmage_pay_action (DwTableContext  *ctx,
                    const DwAction  *action,
                    GError         **error)
{
  gint64 amount = dw_action_get_token (action, 1)->value;

  if (amount < 1)
    {
      dw_table_reject (error, _(RULE_PAYING), _("pay at least 1 gold"));
      return FALSE;
    }
  return pay (ctx, _("that"), amount, error);
}

/* Targets */

static gboolean
is_top_of_pile_or_front (const DwTableState *state,
                         guint               number,
                         gpointer            data)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);
  const DwTableZone *zone = dw_table_state_get_zone (state, card->zone);

  return is_front (state, card->zone) || dw_table_zone_get_top (zone) == number;
}

/* What a spell can lie on: "a creature, a kingdom, a domain, the front, an
 * equipment or a region" (Card Types: Spells).  Creatures and equipment
 * in the front, top servants ("The player may normally only interact with
 * the top servant of each domain", Card Types: Kingdom & Domains), and
 * the active region of either side. */
static gboolean
find_spell_target (DwTableContext  *ctx,
                   const DwToken   *ref,
                   const char      *spell,
                   guint           *target,
                   GError         **error)
{
  DwTableState *state = ctx->state;
  int zones[] = {
    arcmage_zone (state, DW_SIDE_PLAYER, "front"),
    arcmage_zone (state, DW_SIDE_PLAYER, "politics"),
    arcmage_zone (state, DW_SIDE_PLAYER, "science"),
    arcmage_zone (state, DW_SIDE_PLAYER, "faith"),
    arcmage_zone (state, DW_SIDE_PLAYER, "regions"),
    arcmage_zone (state, DW_SIDE_OPPONENT, "regions"),
  };
  const DwTableCard *card;
  g_autofree char *label = NULL;

  if (!arcmage_find (ctx, ref, zones, G_N_ELEMENTS (zones), _("play"), is_top_of_pile_or_front, NULL,
                     target, error))
    return FALSE;

  card = dw_table_state_get_card (state, *target);
  label = arcmage_label (state, *target);
  if (!is_top_of_pile_or_front (state, *target, NULL))
    {
      dw_table_reject (error, _(RULE_SERVANTS), _("%s is not on top of its pile, where %s could reach it"),
                       label, spell);
      return FALSE;
    }
  if (!arcmage_is_type (card, "Creature") && !arcmage_is_type (card, "Equipment") &&
      !arcmage_is_type (card, "Region"))
    {
      dw_table_reject (error, _(RULE_SPELLS), _("a spell lies on a creature, an equipment, a region or an "
                                                "area, not on %s"), label);
      return FALSE;
    }
  return TRUE;
}

/* Face up: anything in the front, a grave or out of the game, and the
 * top card of a domain or a region pile. */
static gboolean
is_face_up (const DwTableState *state,
            guint               number,
            gpointer            data)
{
  const DwTableZone *zone = dw_table_state_get_zone (state, dw_table_state_get_card (state, number)->zone);

  return !zone->ordered || strcmp (zone->def_id, "grave") == 0 || dw_table_zone_get_top (zone) == number;
}

/* What an event or a magic card names: anything face up on the table,
 * the graves included ("Put target Creature card from your grave…").
 * The text is applied by hand; the target settles a cost of T and tells
 * the log what was meant. */
static gboolean
find_text_target (DwTableContext  *ctx,
                  const DwToken   *ref,
                  guint           *target,
                  GError         **error)
{
  DwTableState *state = ctx->state;
  int zones[] = {
    arcmage_zone (state, DW_SIDE_PLAYER, "front"),
    arcmage_zone (state, DW_SIDE_PLAYER, "politics"),
    arcmage_zone (state, DW_SIDE_PLAYER, "science"),
    arcmage_zone (state, DW_SIDE_PLAYER, "faith"),
    arcmage_zone (state, DW_SIDE_PLAYER, "grave"),
    arcmage_zone (state, DW_SIDE_PLAYER, "regions"),
    arcmage_zone (state, DW_SIDE_PLAYER, "removed"),
    arcmage_zone (state, DW_SIDE_OPPONENT, "regions"),
    arcmage_zone (state, DW_SIDE_OPPONENT, "grave"),
  };

  return arcmage_find (ctx, ref, zones, G_N_ELEMENTS (zones), _("play or in a grave"),
                       is_face_up, NULL, target, error);
}

/* Works out what @card costs to play: "A gold cost could be 0, X where x
 * is something specified in the cards text, or T where T is a target
 * cards gold cost" (Gold & Resources: Card Costs).  The value of X or T
 * comes from "x N" (or "t N"); a cost of T with no value takes the
 * target's printed cost. */
static gboolean
cost_of (DwTableContext     *ctx,
         const DwAction     *action,
         const DwTableCard  *card,
         guint               target,
         gint64             *cost,
         GError            **error)
{
  const char *printed = dw_card_get_value (card->card, "cost");
  const DwToken *x = dw_action_after (action, "x");
  const DwToken *t = dw_action_after (action, "t");
  const DwToken *value = x ? x : t;
  const char *name = dw_card_get_name (card->card);
  Cost parsed;
  gint64 base;

  if (!parse_cost (printed, &parsed))
    {
      dw_table_reject (error, _(RULE_CARD_TYPES), _("%s has a cost of “%s”, which the table cannot pay"),
                       name, printed);
      return FALSE;
    }
  if (x != NULL && t != NULL)
    {
      dw_table_reject (error, _(RULE_VARIABLE), _("give the value of the cost once, with x or with t"));
      return FALSE;
    }

  if (parsed.variable == 0)
    {
      if (value != NULL)
        {
          dw_table_reject (error, _(RULE_VARIABLE), _("%s costs %" PRId64
                                                      "; only a cost of X or T takes a value"),
                           name, parsed.amount);
          return FALSE;
        }
      *cost = parsed.amount;
      return TRUE;
    }

  if (value != NULL)
    base = value->value;
  else if (parsed.variable == 'T' && target != 0)
    base = arcmage_printed_cost (dw_table_state_get_card (ctx->state, target));
  else
    {
      dw_table_reject (error, _(RULE_VARIABLE),
                       _("%s costs %s: give its value, as in play “%s” x 3"), name, printed, name);
      return FALSE;
    }
  if (base < 0)
    {
      dw_table_reject (error, _(RULE_VARIABLE), _("%c cannot be negative"), parsed.variable);
      return FALSE;
    }

  /* "T - 3 … The target cards gold cost is 5 … pay 5 - 3 = 2"; a cost
   * never falls below 0. */
  *cost = MAX (base + parsed.amount, 0);
  return TRUE;
}

/* Playing */

static gboolean
play_creature (DwTableContext  *ctx,
               guint            number,
               const char      *to,
               gint64           cost,
               GError         **error)
{
  DwTableState *state = ctx->state;
  const DwTableCard *card = dw_table_state_get_card (state, number);
  g_autofree char *label = arcmage_label (state, number);
  const char *name = dw_card_get_name (card->card);
  guint zone;

  /* "During the Entrance phase a player may put new creatures into play
   * by paying their gold cost" (Card Types: Creatures). */
  if (state->phase != PHASE_ENTRANCE)
    {
      dw_table_reject (error, _(RULE_ENTRANCE), _("creatures come into play in the entrance phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }

  /* Choice: a creature played with no "to" goes to the front. */
  zone = (guint) arcmage_zone (state, DW_SIDE_PLAYER, to ? to : "front");
  if (arcmage_is_domain (state, zone))
    {
      if (dw_card_is_token (card->card))
        {
          dw_table_reject (error, _(RULE_TOKENS), _("a token creature never enters a domain"));
          return FALSE;
        }
      if (!arcmage_faction_fits (state, number, zone, error))
        return FALSE;
    }

  if (!pay (ctx, name, cost, error))
    return FALSE;
  dw_table_state_move (state, number, zone, FALSE);
  if (arcmage_is_domain (state, zone))
    dw_table_context_say (ctx, _("%s enters %s as its top servant"), label, dw_table_state_get_zone (state, zone)->id);
  else
    dw_table_context_say (ctx, _("%s enters the front"), label);
  return TRUE;
}

static gboolean
play_once (DwTableContext  *ctx,
           guint            number,
           guint            target,
           gint64           cost,
           gboolean         magic,
           GError         **error)
{
  DwTableState *state = ctx->state;
  const DwTableCard *card = dw_table_state_get_card (state, number);
  g_autofree char *label = arcmage_label (state, number);
  g_autofree char *target_label = target ? arcmage_label (state, target) : NULL;

  if (magic)
    {
      const char *domain = dw_card_get_value (card->card, "domain");
      g_autofree char *zone_id = g_ascii_strdown (domain ? domain : "", -1);
      int zone = arcmage_domain_index (zone_id) >= 0 ? arcmage_zone (state, DW_SIDE_PLAYER, zone_id) : -1;
      gint64 gold;

      /* "Magic can only be played during the player's own turn and his/her
       * play phase." */
      if (!arcmage_in_play_phase (state))
        {
          dw_table_reject (error, _(RULE_MAGIC), _("magic is played in a play phase; it is the %s phase"),
                           dw_table_state_get_phase (state));
          return FALSE;
        }
      if (zone < 0)
        {
          dw_table_reject (error, _(RULE_MAGIC), _("%s names no domain, so nothing can power it"),
                           dw_card_get_name (card->card));
          return FALSE;
        }
      gold = arcmage_domain_gold (state, (guint) zone);
      if (gold < cost)
        {
          dw_table_reject (error, _(RULE_MAGIC),
                           _("%s needs creatures worth %" PRId64 " gold in %s, which holds %"
                             PRId64), dw_card_get_name (card->card), cost, zone_id, gold);
          return FALSE;
        }
      /* "No gold is ever used up." */
      dw_table_context_say (ctx, _("%s is cast by %s's %" PRId64 " gold of creatures"),
                            label, zone_id, gold);
    }
  else
    {
      /* "You may play an Event card at any time" (Card Types: Events). */
      if (!pay (ctx, dw_card_get_name (card->card), cost, error))
        return FALSE;
      dw_table_context_say (ctx, _("%s is played"), label);
    }

  if (target_label)
    dw_table_context_say (ctx, _("its target is %s"), target_label);
  /* Events and magic "enter play, are in play, resolve and then become
   * discarded into the grave" (Card States: Entering & In Play). */
  arcmage_to_grave (ctx, number);
  dw_table_context_say (ctx, _("it goes to the grave: apply its text by hand"));
  return TRUE;
}

static gboolean
play_attached (DwTableContext  *ctx,
               guint            number,
               guint            target,
               const char      *to,
               gint64           cost,
               GError         **error)
{
  DwTableState *state = ctx->state;
  const DwTableCard *card = dw_table_state_get_card (state, number);
  guint front = (guint) arcmage_zone (state, DW_SIDE_PLAYER, "front");
  const char *type = type_of (card);
  gboolean spell = strcmp (type, "Spell") == 0;
  gboolean equipment = strcmp (type, "Equipment") == 0;
  g_autofree char *label = arcmage_label (state, number);
  DwTableCard *placed;
  int area = -1;

  /* "Spells can only be played during the player's own play phase";
   * equipment and enchantments likewise (Turn Phases: Play: "The play
   * phases allows the player to use creature abilities & play cards").
   * Choice: Enchantments, which the ORC text does not describe, are
   * played like other permanents: in a play phase, paying gold, into the
   * front ("All other card types enter play in the Front"). */
  if (!arcmage_in_play_phase (state))
    {
      dw_table_reject (error, spell ? _(RULE_SPELLS) : equipment ? _(RULE_EQUIPMENT) : _(RULE_PLAY_PHASE),
                       _("a card of type %s is played in a play phase; it is the %s phase"), type,
                       dw_table_state_get_phase (state));
      return FALSE;
    }

  if (spell)
    {
      /* "Spells are always targeting a creature, a kingdom, a domain, the
       * front, an equipment or a region; attached to it's target". */
      if ((target == 0) == (to == NULL))
        {
          dw_table_reject (error, _(RULE_SPELLS),
                           _("a spell is attached to one target: say on “Card” or to "
                             "front|politics|science|faith"));
          return FALSE;
        }
      if (to != NULL)
        area = arcmage_zone (state, DW_SIDE_PLAYER, to);
    }
  else if (equipment)
    {
      const DwTableCard *host;
      const char *subtype = dw_card_get_value (card->card, "subtype");
      const DwTableZone *front_zone = dw_table_state_get_zone (state, front);
      g_autofree char *host_label = NULL;

      if (to != NULL || target == 0)
        {
          dw_table_reject (error, _(RULE_EQUIPMENT),
                           _("equipment comes into play attached to a creature: say on “Creature”"));
          return FALSE;
        }
      host = dw_table_state_get_card (state, target);
      host_label = arcmage_label (state, target);
      /* "Equipment may only come into play by being given, attached, to an
       * ally creature"; "Equipment is not allowed to enter the domains". */
      if (!arcmage_is_type (host, "Creature") || !is_front (state, host->zone))
        {
          dw_table_reject (error, _(RULE_EQUIPMENT_GOES),
                           _("equipment is given to a creature in your front, and %s is not one"),
                           host_label);
          return FALSE;
        }
      /* "A creature may carry one Equipment card from each Equipment
       * subtype at the same time"; equipment without a subtype stacks. */
      for (guint i = 0; subtype != NULL && *subtype && i < front_zone->cards->len; i++)
        {
          const DwTableCard *other = dw_table_state_get_card (state, g_array_index (front_zone->cards, guint, i));

          if (other->host == target && arcmage_is_type (other, "Equipment") &&
              g_strcmp0 (dw_card_get_value (other->card, "subtype"), subtype) == 0)
            {
              g_autofree char *other_label = arcmage_label (state, other->number);

              dw_table_reject (error, _(RULE_EQUIPMENT),
                               _("%s carries %s already, and a creature carries one %s"),
                               host_label, other_label, subtype);
              return FALSE;
            }
        }
    }
  else if (target != 0 || (to != NULL && strcmp (to, "front") != 0))
    {
      dw_table_reject (error, _(RULE_ENTERING), _("a card of type %s enters play in the front and lies on nothing"), type);
      return FALSE;
    }

  if (!pay (ctx, dw_card_get_name (card->card), cost, error))
    return FALSE;

  dw_table_state_move (state, number, front, FALSE);
  placed = dw_table_state_get_card (state, number);
  placed->host = target;
  placed->area = area;
  if (target != 0)
    {
      g_autofree char *host_label = arcmage_label (state, target);

      dw_table_context_say (ctx, _("%s is attached to %s"), label, host_label);
    }
  else if (area >= 0)
    dw_table_context_say (ctx, _("%s lies on %s"), label, dw_table_state_get_zone (state, (guint) area)->id);
  else
    dw_table_context_say (ctx, _("%s enters the front"), label);
  return TRUE;
}

gboolean
arcmage_play (DwTableContext  *ctx,
              const DwAction  *action,
              GError         **error)
{
  DwTableState *state = ctx->state;
  int hand = arcmage_zone (state, DW_SIDE_PLAYER, "hand");
  const DwToken *to_token = dw_action_after (action, "to");
  const DwToken *on = dw_action_after (action, "on");
  const char *to = to_token ? to_token->text : NULL;
  const DwTableCard *card;
  const char *type;
  guint number;
  guint target = 0;
  gint64 cost = 0;

  if (!arcmage_find (ctx, dw_action_get_token (action, 1), &hand, 1, _("your hand"), NULL, NULL,
                     &number, error))
    return FALSE;
  card = dw_table_state_get_card (state, number);
  type = type_of (card);

  if (strcmp (type, "Region") == 0)
    {
      dw_table_reject (error, _(RULE_REGION), _("a region comes into play only from the region pile"));
      return FALSE;
    }
  if (strcmp (type, "City") == 0)
    {
      /* Choice: City cards belong to the 2021 leaflet; the ORC has no
       * place for them, so one in hand can go into the vault. */
      dw_table_reject (error, _(RULE_CARD_TYPES),
                       _("City cards belong to today's Arcmage, not to the Original Rules Concept; "
                         "put it into the vault instead"));
      return FALSE;
    }

  if (on != NULL)
    {
      gboolean ok;

      if (strcmp (type, "Creature") == 0)
        {
          dw_table_reject (error, _(RULE_CREATURES),
                           _("a creature goes into the front or a domain, never on another card"));
          return FALSE;
        }
      if (strcmp (type, "Event") == 0 || strcmp (type, "Magic") == 0)
        ok = find_text_target (ctx, on, &target, error);
      else if (strcmp (type, "Spell") == 0)
        ok = find_spell_target (ctx, on, dw_card_get_name (card->card), &target, error);
      else
        {
          int front = arcmage_zone (state, DW_SIDE_PLAYER, "front");

          ok = arcmage_find (ctx, on, &front, 1, _("your front"), NULL, NULL, &target, error);
        }
      if (!ok)
        return FALSE;
      if (target == number)
        {
          dw_table_reject (error, NULL, _("a card cannot target itself"));
          return FALSE;
        }
    }

  if (!cost_of (ctx, action, card, target, &cost, error))
    return FALSE;

  if (strcmp (type, "Creature") == 0)
    return play_creature (ctx, number, to, cost, error);

  if (strcmp (type, "Event") == 0 || strcmp (type, "Magic") == 0)
    {
      if (to != NULL)
        {
          dw_table_reject (error, strcmp (type, "Event") == 0 ? _(RULE_EVENTS) : _(RULE_MAGIC),
                           _("a card of type %s goes to the grave once played; it goes to no zone"), type);
          return FALSE;
        }
      return play_once (ctx, number, target, cost, strcmp (type, "Magic") == 0, error);
    }

  if (strcmp (type, "Spell") == 0 || strcmp (type, "Equipment") == 0 || strcmp (type, "Enchantment") == 0)
    return play_attached (ctx, number, target, to, cost, error);

  dw_table_reject (error, _(RULE_CARD_TYPES), _("the Original Rules Concept has no way to play a card of type %s"),
                   type);
  return FALSE;
}

/* Moving */

static gboolean
is_front_or_top_servant (const DwTableState *state,
                         guint               number,
                         gpointer            data)
{
  return is_front (state, dw_table_state_get_card (state, number)->zone) ||
         arcmage_is_top_servant (state, number);
}

/* What a name looks for first: a creature that could move. */
static gboolean
could_move (const DwTableState *state,
            guint               number,
            gpointer            data)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  return is_front_or_top_servant (state, number, NULL) && arcmage_is_type (card, "Creature") &&
         arcmage_may_mark (state, card);
}

gboolean
arcmage_move (DwTableContext  *ctx,
              const DwAction  *action,
              GError         **error)
{
  DwTableState *state = ctx->state;
  ArcmageData *data = arcmage_data (state);
  const char *to = dw_action_after (action, "to")->text;
  int zones[] = {
    arcmage_zone (state, DW_SIDE_PLAYER, "front"),
    arcmage_zone (state, DW_SIDE_PLAYER, "politics"),
    arcmage_zone (state, DW_SIDE_PLAYER, "science"),
    arcmage_zone (state, DW_SIDE_PLAYER, "faith"),
  };
  guint dest = (guint) arcmage_zone (state, DW_SIDE_PLAYER, to);
  g_autofree char *label = NULL;
  DwTableCard *card;
  guint number;

  /* "Up to one creature per turn may perform a movement between the
   * Kingdom and Front … during the movement phase" (Card Types:
   * Movement). */
  if (!arcmage_in_move_attack (state))
    {
      dw_table_reject (error, _(RULE_MOVEMENT), _("creatures move in a move-attack phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }
  /* One movement a turn is the player's, not the creature's: the one
   * that moved and left play and came back has used it as any other would
   * have; and it was marked this turn (arcmage_may_mark()). */
  if (data->moved != 0)
    {
      dw_table_reject (error, _(RULE_MOVEMENT), _("one creature moves a turn, and #%u moved this turn"),
                       data->moved);
      return FALSE;
    }
  if (data->attacked_in == state->phase)
    {
      dw_table_reject (error, _(RULE_MOVE_ATTACK),
                       _("this move-attack phase held the turn's attack; a phase holds a movement or an "
                         "attack, never both"));
      return FALSE;
    }
  if (data->exhausted)
    {
      dw_table_reject (error, _(RULE_EXHAUSTING), _("after exhausting, no creature moves this turn"));
      return FALSE;
    }

  if (!arcmage_find (ctx, dw_action_get_token (action, 1), zones, G_N_ELEMENTS (zones),
                     _("your front or among your top servants"), could_move, NULL,
                     &number, error))
    return FALSE;
  card = dw_table_state_get_card (state, number);
  label = arcmage_label (state, number);

  if (!arcmage_is_type (card, "Creature"))
    {
      dw_table_reject (error, _(RULE_MOVEMENT), _("only creatures move, and %s is a card of type %s"), label, type_of (card));
      return FALSE;
    }
  if (!is_front_or_top_servant (state, number, NULL))
    {
      dw_table_reject (error, _(RULE_SERVANTS), _("%s is not the top servant of its domain"), label);
      return FALSE;
    }
  if (card->marked)
    {
      dw_table_reject (error, _(RULE_MOVEMENT), _("%s is marked; only an unmarked creature moves"), label);
      return FALSE;
    }
  if (!arcmage_may_mark (state, card))
    {
      dw_table_reject (error, _(RULE_MARKING),
                       _("%s was marked this turn before it left play and came back; a card is marked once a "
                         "turn"), label);
      return FALSE;
    }
  if (card->zone == dest)
    {
      dw_table_reject (error, _(RULE_MOVEMENT), _("%s is in %s already"), label, to);
      return FALSE;
    }
  /* "The movement takes the creature from Kingdom to Front, or from Front
   * to Kingdom. Moves between two domains are not possible." */
  if (arcmage_is_domain (state, card->zone) && arcmage_is_domain (state, dest))
    {
      dw_table_reject (error, _(RULE_MOVEMENT), _("moves between two domains are not possible"));
      return FALSE;
    }
  if (arcmage_is_domain (state, dest))
    {
      if (dw_card_is_token (card->card))
        {
          dw_table_reject (error, _(RULE_TOKENS), _("a token creature is never moved into a domain"));
          return FALSE;
        }
      if (!arcmage_faction_fits (state, number, dest, error))
        return FALSE;
    }

  /* "Mark it, announce the move, place it in the target destination." */
  dw_table_state_move (state, number, dest, FALSE);
  card = dw_table_state_get_card (state, number);
  dw_table_state_mark (state, card);
  data->moved = number;
  data->moved_in = state->phase;
  dw_table_context_say (ctx, arcmage_is_domain (state, dest) ? _("%s moves to %s as its top servant, marked")
                                                             : _("%s moves to the %s, marked"),
                        label, to);
  return TRUE;
}

/* Attacking */

/* What a name looks for first: a creature that could attack. */
static gboolean
could_attack (const DwTableState *state,
              guint               number,
              gpointer            data)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  return is_front (state, card->zone) && arcmage_is_type (card, "Creature") && arcmage_may_mark (state, card);
}

gboolean
arcmage_attack (DwTableContext  *ctx,
                const DwAction  *action,
                GError         **error)
{
  DwTableState *state = ctx->state;
  ArcmageData *data = arcmage_data (state);
  int front = arcmage_zone (state, DW_SIDE_PLAYER, "front");
  g_autoptr(GArray) attackers = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GString) names = g_string_new (NULL);
  guint pile = (guint) arcmage_zone (state, DW_SIDE_OPPONENT, "regions");
  guint region = dw_table_zone_get_top (dw_table_state_get_zone (state, pile));
  g_autofree char *region_label = NULL;
  gint64 damage = 0;
  gint64 hp;

  /* "The active player is the only one that can perform one or more
   * attacks during his/her Attack/Move-phase" (Combat: General). */
  if (!arcmage_in_move_attack (state))
    {
      dw_table_reject (error, _(RULE_COMBAT), _("attacks are made in a move-attack phase; it is the %s phase"),
                       dw_table_state_get_phase (state));
      return FALSE;
    }
  /* "Each turn there's only one attack phase per player and/or one move
   * phase per player" (Turn Phases: Move / Attack). */
  if (data->attacked_in != 0)
    {
      dw_table_reject (error, _(RULE_MOVE_ATTACK), _("the turn's attack was made in the %s phase"),
                       state->rules->phases[data->attacked_in]);
      return FALSE;
    }
  if (data->moved_in == state->phase)
    {
      dw_table_reject (error, _(RULE_MOVE_ATTACK),
                       _("this move-attack phase held the turn's movement; a phase holds a movement or an "
                         "attack, never both"));
      return FALSE;
    }

  for (guint i = 1; i < dw_action_get_n_tokens (action); i++)
    {
      const DwTableCard *card;
      g_autofree char *label = NULL;
      guint number;

      if (!arcmage_find (ctx, dw_action_get_token (action, i), &front, 1, _("your front"), could_attack,
                         attackers, &number, error))
        return FALSE;
      card = dw_table_state_get_card (state, number);
      label = arcmage_label (state, number);
      if (!arcmage_is_type (card, "Creature"))
        {
          dw_table_reject (error, _(RULE_COMBAT), _("only creatures attack, and %s is a card of type %s"), label, type_of (card));
          return FALSE;
        }
      /* "Only unmarked/unassigned creatures may attack or defend." */
      if (card->marked)
        {
          dw_table_reject (error, _(RULE_COMBAT), _("%s is marked; only unmarked creatures attack"), label);
          return FALSE;
        }
      if (!arcmage_may_mark (state, card))
        {
          dw_table_reject (error, _(RULE_MARKING),
                           _("%s was marked this turn before it left play and came back; a card is marked once "
                             "a turn"), label);
          return FALSE;
        }
      damage += MAX (dw_table_state_get_stat (state, card, STAT_ATK), 0);
      g_string_append_printf (names, "%s%s", names->len ? ", " : "", label);
    }

  /* "The player chooses and announces all attackers that will fight that
   * turn by marking them" (Combat: Combat sequence, I). */
  for (guint i = 0; i < attackers->len; i++)
    dw_table_state_mark (state, dw_table_state_get_card (state, g_array_index (attackers, guint, i)));
  data->attacked_in = state->phase;

  /* The goldfish never blocks: "Allow the attacks to go on undefended and
   * let the Region lose HP that's equal to the total amount of damage
   * dealt by the attackers" (Combat sequence, II).  Choice: all attackers
   * strike the region active when they were announced ("The target of
   * these attacks is always the opposing players currently active
   * Region"), so damage beyond its HP is lost rather than carried to the
   * next region. */
  hp = dw_table_state_get_counter (state, "opp-hp");
  region_label = arcmage_label (state, region);
  dw_table_state_set_counter (state, "opp-hp", hp - damage);
  dw_table_context_say (ctx, g_dngettext (GETTEXT_PACKAGE,
                                          "%s attacks %s for %" PRId64 ": %" PRId64
                                          " → %" PRId64 " HP",
                                          "%s attack %s for %" PRId64 ": %" PRId64
                                          " → %" PRId64 " HP", attackers->len),
                        names->str, region_label, damage, hp, MAX (hp - damage, 0));
  if (hp - damage < 0)
    dw_table_state_set_counter (state, "opp-hp", 0);
  return TRUE;
}
