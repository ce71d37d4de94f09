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

/* Adds "VERB #NUMBER", or "VERB #NUMBER to TO" when @to is given. */
static void
add (GPtrArray  *out,
     const char *verb,
     guint       number,
     const char *to)
{
  g_ptr_array_add (out, dw_action_print_card_to (verb, number, to));
}

static void
hand_actions (const DwTableState *state,
              guint               number,
              GPtrArray          *out)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);

  /* In the discard phase a hand card is there to be discarded. */
  if (state->phase == PHASE_DISCARD)
    add (out, "discard", number, NULL);
  if (arcmage_is_type (card, "Creature"))
    {
      /* "the player may put new Creatures into play in any one of the
       * three domains … or as a warrior in the Front" (Turn Phases:
       * Entrance): the front first, then the domains in their order. */
      add (out, "play", number, "front");
      for (guint d = 0; d < ARCMAGE_N_DOMAINS; d++)
        add (out, "play", number, arcmage_domains[d]);
    }
  else if (!arcmage_is_type (card, "Region"))
    add (out, "play", number, NULL);
  /* "Each card in Gaia can either be played face up … or become a gold
   * resource card instead" (Gold & Resources: Resource Cards). */
  add (out, "vault", number, NULL);
}

static void
front_actions (const DwTableState *state,
               guint               number,
               GPtrArray          *out)
{
  if (!arcmage_is_type (dw_table_state_get_card (state, number), "Creature"))
    return;
  add (out, "attack", number, NULL);
  for (guint d = 0; d < ARCMAGE_N_DOMAINS; d++)
    add (out, "move", number, arcmage_domains[d]);
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
    add (out, "move", number, "front");
  else if (is_players (zone, "deck") && dw_table_zone_get_top (zone) == number)
    g_ptr_array_add (out, dw_action_print_word ("draw", NULL));
  else if (is_players (zone, "regions") && dw_table_zone_get_top (zone) == number)
    g_ptr_array_add (out, dw_action_print_word ("discard-region", NULL));
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
        return dw_action_print_card_to ("play", number, goes_to_no_zone (card) ? NULL : to->def_id);
      if (is_players (to, "vault"))
        return dw_action_print_card ("vault", number);
      if (is_players (to, "grave"))
        return dw_action_print_card (state->phase == PHASE_DRAW ? "exhaust" : "discard", number);
      return NULL;
    }
  if (is_players (from, "front") || arcmage_is_top_servant (state, number))
    {
      if (to_play_zone)
        return dw_action_print_card_to ("move", number, to->def_id);
      if (to->side == DW_SIDE_OPPONENT && strcmp (to->def_id, "regions") == 0 && is_players (from, "front"))
        return dw_action_print_card ("attack", number);
      if (is_players (to, "grave") && arcmage_is_top_servant (state, number))
        return dw_action_print_card ("exhaust", number);
      return NULL;
    }
  if (is_players (from, "deck") && dw_table_zone_get_top (from) == number && is_players (to, "hand"))
    return dw_action_print_word ("draw", NULL);
  if (is_players (from, "regions") && dw_table_zone_get_top (from) == number && is_players (to, "grave"))
    return dw_action_print_word ("discard-region", NULL);
  return NULL;
}

char *
arcmage_card_action (const DwTableState *state,
                     guint               number,
                     guint               target)
{
  const DwTableCard *card = dw_table_state_get_card (state, number);
  g_autoptr(DwAction) action = NULL;

  if (!is_players (zone_of (state, number), "hand") || arcmage_is_type (card, "Creature") ||
      !dw_table_state_card_visible (state, target))
    return NULL;
  action = dw_action_new_card ("play", number, NULL);
  dw_action_add_word (action, "on");
  dw_action_add_card (action, target);
  return dw_action_print (action);
}

/* What a card's menu offers in each of the player's zones, in the
 * order a player reaches for them. */
static const struct
{
  const char *zone;
  const char *label;
  const char *verb;
  const char *to;      /* the zone it goes to, or NULL */
} arcmage_offers[] = {
  { "hand", N_("Play"), "play", NULL },
  { "hand", N_("Play to the Front"), "play", "front" },
  { "hand", N_("Play to Politics"), "play", "politics" },
  { "hand", N_("Play to Science"), "play", "science" },
  { "hand", N_("Play to Faith"), "play", "faith" },
  { "hand", N_("Put in the Vault"), "vault", NULL },
  { "hand", N_("Discard"), "discard", NULL },
  { "hand", N_("Exhaust"), "exhaust", NULL },
  { "front", N_("Attack"), "attack", NULL },
  { "front", N_("Move to Politics"), "move", "politics" },
  { "front", N_("Move to Science"), "move", "science" },
  { "front", N_("Move to Faith"), "move", "faith" },
  { "politics", N_("Move to the Front"), "move", "front" },
  { "science", N_("Move to the Front"), "move", "front" },
  { "faith", N_("Move to the Front"), "move", "front" },
  { "politics", N_("Exhaust"), "exhaust", NULL },
  { "science", N_("Exhaust"), "exhaust", NULL },
  { "faith", N_("Exhaust"), "exhaust", NULL },
};

void
arcmage_card_offers (const DwTableState *state,
                     const DwTableCard  *card,
                     GPtrArray          *out)
{
  const DwTableZone *zone = dw_table_state_get_zone (state, card->zone);

  for (guint i = 0; i < G_N_ELEMENTS (arcmage_offers); i++)
    if (strcmp (arcmage_offers[i].zone, zone->def_id) == 0)
      dw_card_offers_add (out, card, _(arcmage_offers[i].label), arcmage_offers[i].verb, arcmage_offers[i].to);
}

/* "keep": the opening hand stays as dealt (Round Structure: Mulligan). */
char *
arcmage_keep_action (const DwTableState *state)
{
  return dw_action_print_word ("keep", NULL);
}

/* "mulligan #3 #9 keep #1 #4": the cards to the grave, then those kept;
 * the rest are shuffled back. */
char *
arcmage_mulligan_action (const DwTableState *state,
                         const guint        *grave,
                         guint               n_grave,
                         const guint        *keep,
                         guint               n_keep)
{
  g_autoptr(DwAction) action = dw_action_new ("mulligan");

  for (guint i = 0; i < n_grave; i++)
    dw_action_add_card (action, grave[i]);
  if (n_keep > 0)
    dw_action_add_word (action, "keep");
  for (guint i = 0; i < n_keep; i++)
    dw_action_add_card (action, keep[i]);
  return dw_action_print (action);
}

/* A card's numbers in a state listing: a creature's ATK/DEF and
 * damage, the active region's HP. */
void
arcmage_describe_card (const DwTableState *state,
                       const DwTableCard  *card,
                       GString            *out)
{
  if (arcmage_is_type (card, "Creature"))
    {
      gint64 damage = card->adjust[STAT_DAMAGE];

      g_string_append_printf (out, " %" PRId64 "/%" PRId64,
                              dw_table_state_get_stat (state, card, STAT_ATK),
                              dw_table_state_get_stat (state, card, STAT_DEF) - damage);
      if (damage > 0)
        g_string_append_printf (out, _(" (%" PRId64 " damage)"), damage);
    }
  else if (arcmage_is_type (card, "Region") &&
           dw_table_zone_get_top (dw_table_state_get_zone (state, card->zone)) == card->number &&
           strcmp (dw_table_state_get_zone (state, card->zone)->def_id, "regions") == 0)
    {
      gint64 hp = 0;

      dw_card_get_int (card->card, "hp", &hp);
      g_string_append_printf (out, _(" %" PRId64 "/%" PRId64 " HP"),
                              dw_table_state_get_counter (state, card->owner == DW_SIDE_PLAYER ? "hp" : "opp-hp"),
                              hp);
    }
}

/* The game's lines of a state listing: the domain points, and what
 * this turn has used. */
void
arcmage_describe (const DwTableState *state,
                  GString            *out)
{
  const ArcmageData *data = arcmage_data (state);
  g_autoptr(GPtrArray) used = g_ptr_array_new_with_free_func (g_free);

  g_string_append (out, _("domain points:"));
  for (guint d = 0; d < ARCMAGE_N_DOMAINS; d++)
    {
      g_autofree char *counter = g_strconcat ("opp-", arcmage_domains[d], NULL);

      g_string_append_printf (out, _("%s %s %" PRId64 " (opponent %" PRId64 ")"),
                              d ? "," : "", arcmage_domains[d],
                              arcmage_domain_points (state, (guint) arcmage_zone (state, DW_SIDE_PLAYER,
                                                                                   arcmage_domains[d])),
                              dw_table_state_get_counter (state, counter));
    }
  g_string_append_c (out, '\n');

  if (data->draws > 0)
    g_ptr_array_add (used, g_strdup_printf (_("drew %u"), data->draws));
  if (data->exhausted)
    g_ptr_array_add (used, g_strdup (_("exhausted")));
  if (data->vaulted)
    g_ptr_array_add (used, g_strdup (_("vault used")));
  if (data->moved)
    g_ptr_array_add (used, g_strdup_printf (_("#%u moved in %s"), data->moved, state->rules->phases[data->moved_in]));
  if (data->attacked_in)
    g_ptr_array_add (used, g_strdup_printf (_("attacked in %s"), state->rules->phases[data->attacked_in]));
  for (guint d = 0; d < ARCMAGE_N_DOMAINS; d++)
    if (data->advantages & (1u << d))
      g_ptr_array_add (used, g_strdup_printf (_("advantage of %s claimed"), arcmage_domains[d]));
  if (data->dominated)
    g_ptr_array_add (used, g_strdup (_("domination claimed")));
  if (state->turn == 1 && state->phase < PHASE_DRAW && !data->mulligan_done)
    g_ptr_array_add (used, g_strdup (_("mulligan still possible")));
  if (used->len > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (used, NULL);
      list = g_strjoinv (", ", (char **) used->pdata);
      g_string_append_printf (out, _("this turn: %s\n"), list);
    }
}
