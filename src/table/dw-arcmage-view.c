/* dw-arcmage-view.c — the Arcmage table in a view: words and gestures
 *
 * The labels a view shows for the phases and counters, the numbers it
 * shows beside them as the rules count them, and the actions a
 * double-click or a drag stands for, as the action language writes
 * them.  Nothing here decides a rule: every action offered is checked
 * by the table (dw-arcmage-rules.c, dw-arcmage-play.c) before a view
 * performs it, and a refusal comes with the rule's reason.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include "dw-arcmage-private.h"

/* "A turn is made up of the following phases" (Round Structure: Turn
 * Structure), the second play and move or attack phases told apart. */
const char * const arcmage_phase_labels[N_PHASES + 1] = {
  NC_("table phase", "Unmark/Unassign"), NC_("table phase", "Upkeep"), NC_("table phase", "Tactical"),
  NC_("table phase", "Draw"), NC_("table phase", "Play"), NC_("table phase", "Move or Attack"),
  NC_("table phase", "Second Play"), NC_("table phase", "Second Move or Attack"),
  NC_("table phase", "Entrance"), NC_("table phase", "Discard"), NULL
};

/* "A resource card produces 1 gold each turn, if and only if it becomes
 * marked for that purpose" (Gold & Resources: Resource Cards): what a
 * cost can be paid from is the pool (gold a card's text gave) and the
 * unmarked vault cards, as paying counts it (dw-arcmage-play.c). */
static gint64
gold_available (const DwTableState *state)
{
  return dw_table_state_get_counter (state, "gold") + arcmage_unmarked_vault (state);
}

static char *
gold_detail (const DwTableState *state)
{
  gint64 pool = dw_table_state_get_counter (state, "gold");
  guint vault = arcmage_unmarked_vault (state);
  g_autofree char *from_pool = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%" PRId64 " gold in the pool",
                                                             "%" PRId64 " gold in the pool", (gulong) ABS (pool)),
                                                pool);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s and %u unmarked vault card",
                                       "%s and %u unmarked vault cards", vault),
                          from_pool, vault);
}

static gint64
domain_points (const DwTableState *state,
               const char         *domain)
{
  return arcmage_domain_points (state, (guint) arcmage_zone (state, DW_SIDE_PLAYER, domain));
}

static gint64
politics_points (const DwTableState *state)
{
  return domain_points (state, "politics");
}

static gint64
science_points (const DwTableState *state)
{
  return domain_points (state, "science");
}

static gint64
faith_points (const DwTableState *state)
{
  return domain_points (state, "faith");
}

static char *
points_detail (const DwTableState *state)
{
  return g_strdup (_("the gold costs of the domain's unmarked creatures, as the tactical phase counts them"));
}

const DwTableCounterInfo arcmage_counter_info[] = {
  { "gold", N_("Gold available"), DW_SIDE_PLAYER, gold_available, gold_detail },
  { "vp", N_("Victory points"), DW_SIDE_PLAYER, NULL, NULL },
  { "hp", N_("Region HP"), DW_SIDE_PLAYER, NULL, NULL },
  { "politics", N_("Politics points"), DW_SIDE_PLAYER, politics_points, points_detail },
  { "science", N_("Science points"), DW_SIDE_PLAYER, science_points, points_detail },
  { "faith", N_("Faith points"), DW_SIDE_PLAYER, faith_points, points_detail },
  { "opp-hp", N_("Opponent's region HP"), DW_SIDE_OPPONENT, NULL, NULL },
  { "opp-politics", N_("Opponent's Politics points"), DW_SIDE_OPPONENT, NULL, NULL },
  { "opp-science", N_("Opponent's Science points"), DW_SIDE_OPPONENT, NULL, NULL },
  { "opp-faith", N_("Opponent's Faith points"), DW_SIDE_OPPONENT, NULL, NULL },
  { NULL }
};

/* Gestures */

static const DwTableZone *
zone_of (const DwTableState *state,
         guint               number)
{
  return dw_table_state_get_zone (state, dw_table_state_get_card (state, number)->zone);
}

static gboolean
is_players (const DwTableZone *zone,
            const char        *def_id)
{
  return zone->side == DW_SIDE_PLAYER && strcmp (zone->def_id, def_id) == 0;
}

/* Events and magic go to no zone: they are played, then lie in the grave. */
static gboolean
goes_to_no_zone (const DwTableCard *card)
{
  return arcmage_is_type (card, "Event") || arcmage_is_type (card, "Magic");
}

static void
add (GPtrArray  *out,
     const char *format,
     ...) G_GNUC_PRINTF (2, 3);

static void
add (GPtrArray  *out,
     const char *format,
     ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (out, g_strdup_vprintf (format, args));
  va_end (args);
}

static void
hand_actions (const DwTableState *state,
              guint               number,
              GPtrArray          *out)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  /* In the discard phase a hand card is there to be discarded. */
  if (state->phase == PHASE_DISCARD)
    add (out, "discard #%u", number);
  if (arcmage_is_type (card, "Creature"))
    {
      /* "the player may put new Creatures into play in any one of the
       * three domains … or as a warrior in the Front" (Turn Phases:
       * Entrance): the front first, then the domains in their order. */
      add (out, "play #%u to front", number);
      for (guint d = 0; d < ARCMAGE_N_DOMAINS; d++)
        add (out, "play #%u to %s", number, arcmage_domains[d]);
    }
  else if (!arcmage_is_type (card, "Region"))
    add (out, "play #%u", number);
  /* "Each card in Gaia can either be played face up … or become a gold
   * resource card instead" (Gold & Resources: Resource Cards). */
  add (out, "vault #%u", number);
}

static void
front_actions (const DwTableState *state,
               guint               number,
               GPtrArray          *out)
{
  if (!arcmage_is_type (dw_table_state_get_card (state, number), "Creature"))
    return;
  add (out, "attack #%u", number);
  for (guint d = 0; d < ARCMAGE_N_DOMAINS; d++)
    add (out, "move #%u to %s", number, arcmage_domains[d]);
}

void
arcmage_card_actions (const DwTableState *state,
                      guint               number,
                      GPtrArray          *out)
{
  const DwTableZone *zone = zone_of (state, number);

  if (is_players (zone, "hand"))
    hand_actions (state, number, out);
  else if (is_players (zone, "front"))
    front_actions (state, number, out);
  else if (arcmage_is_top_servant (state, number))
    add (out, "move #%u to front", number);
  else if (is_players (zone, "deck") && dw_table_zone_get_top (zone) == number)
    add (out, "draw");
  else if (is_players (zone, "regions") && dw_table_zone_get_top (zone) == number)
    add (out, "discard-region");
}

char *
arcmage_zone_action (const DwTableState *state,
                     guint               number,
                     guint               zone)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);
  const DwTableZone *from = zone_of (state, number);
  const DwTableZone *to = dw_table_state_get_zone (state, zone);
  gboolean to_play_zone = is_players (to, "front") || arcmage_is_domain (state, zone);

  if (is_players (from, "hand"))
    {
      if (to_play_zone)
        return goes_to_no_zone (card) ? g_strdup_printf ("play #%u", number)
                                      : g_strdup_printf ("play #%u to %s", number, to->def_id);
      if (is_players (to, "vault"))
        return g_strdup_printf ("vault #%u", number);
      if (is_players (to, "grave"))
        return g_strdup_printf (state->phase == PHASE_DRAW ? "exhaust #%u" : "discard #%u", number);
      return NULL;
    }
  if (is_players (from, "front") || arcmage_is_top_servant (state, number))
    {
      if (to_play_zone)
        return g_strdup_printf ("move #%u to %s", number, to->def_id);
      if (to->side == DW_SIDE_OPPONENT && strcmp (to->def_id, "regions") == 0 && is_players (from, "front"))
        return g_strdup_printf ("attack #%u", number);
      if (is_players (to, "grave") && arcmage_is_top_servant (state, number))
        return g_strdup_printf ("exhaust #%u", number);
      return NULL;
    }
  if (is_players (from, "deck") && dw_table_zone_get_top (from) == number && is_players (to, "hand"))
    return g_strdup ("draw");
  if (is_players (from, "regions") && dw_table_zone_get_top (from) == number && is_players (to, "grave"))
    return g_strdup ("discard-region");
  return NULL;
}

char *
arcmage_card_action (const DwTableState *state,
                     guint               number,
                     guint               target)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  if (!is_players (zone_of (state, number), "hand") || arcmage_is_type (card, "Creature") ||
      !dw_table_state_card_visible (state, target))
    return NULL;
  return g_strdup_printf ("play #%u on #%u", number, target);
}

/* What a card's menu offers in each of the player's zones, in the
 * order a player reaches for them. */
static const struct
{
  const char *zone;
  const char *label;
  const char *verb;
  const char *rest;
} arcmage_offers[] = {
  { "hand", N_("Play"), "play", "" },
  { "hand", N_("Play to the Front"), "play", " to front" },
  { "hand", N_("Play to Politics"), "play", " to politics" },
  { "hand", N_("Play to Science"), "play", " to science" },
  { "hand", N_("Play to Faith"), "play", " to faith" },
  { "hand", N_("Put in the Vault"), "vault", "" },
  { "hand", N_("Discard"), "discard", "" },
  { "hand", N_("Exhaust"), "exhaust", "" },
  { "front", N_("Attack"), "attack", "" },
  { "front", N_("Move to Politics"), "move", " to politics" },
  { "front", N_("Move to Science"), "move", " to science" },
  { "front", N_("Move to Faith"), "move", " to faith" },
  { "politics", N_("Move to the Front"), "move", " to front" },
  { "science", N_("Move to the Front"), "move", " to front" },
  { "faith", N_("Move to the Front"), "move", " to front" },
  { "politics", N_("Exhaust"), "exhaust", "" },
  { "science", N_("Exhaust"), "exhaust", "" },
  { "faith", N_("Exhaust"), "exhaust", "" },
};

void
arcmage_card_offers (const DwTableState *state,
                     const DwTableCard  *card,
                     GPtrArray          *out)
{
  const DwTableZone *zone = dw_table_state_get_zone (state, card->zone);

  for (guint i = 0; i < G_N_ELEMENTS (arcmage_offers); i++)
    if (strcmp (arcmage_offers[i].zone, zone->def_id) == 0)
      dw_card_offers_add (out, card, _(arcmage_offers[i].label), arcmage_offers[i].verb, arcmage_offers[i].rest);
}
