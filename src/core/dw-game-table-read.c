/* dw-game-table-read.c — reading the table part of a game definition
 *
 * <zones> (the table's grid, each zone's visibility and the section dealt
 * there), <table> (the rules a generic table checks, and the player's
 * counters with their bounds and reset), <deal> (how the statistics, odds
 * and goldfish simulation deal a deck) and <statistics>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-game-private.h"

/* The most turns a deal may wait before its first draw. */
#define FIRST_DRAW_MAX 10

static gboolean
parse_visibility (const char       *text,
                  DwZoneVisibility *visibility)
{
  static const char *names[] = { "public", "hidden", "owner", "top" };

  if (text == NULL)
    {
      *visibility = DW_ZONE_PUBLIC;
      return TRUE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (text, names[i]) == 0)
      {
        *visibility = (DwZoneVisibility) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
dw_game_parse_zones (DwGame          *self,
                     DwXmlReader     *reader,
                     const DwXmlNode *node,
                     GError         **error)
{
  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);
      DwZoneDef def = { 0 };
      gint64 row, column, width, height;
      const char *id;
      const char *name;
      const char *start;

      if (!dw_game_refuse_unknown (reader, child, "zone", "zones", error))
        return FALSE;
      if (!dw_game_node_is (child, "zone"))
        continue;
      if (!dw_game_node_attr_required (reader, child, "id", &id, error) ||
          !dw_game_node_attr_bool (reader, child, "ordered", &def.ordered, error) ||
          !dw_game_node_attr_int (reader, child, "row", 0, &row, error) ||
          !dw_game_node_attr_int (reader, child, "column", 0, &column, error) ||
          !dw_game_node_attr_int (reader, child, "width", 1, &width, error) ||
          !dw_game_node_attr_int (reader, child, "height", 1, &height, error) ||
          !dw_game_node_name (reader, child, id, &name, error))
        return FALSE;
      /* The table's grid (README, "Limits"): a zone at row 2^31 or one
       * zero cells wide has no place on a screen. */
      if (row < 0 || row >= DW_ZONE_GRID_SIZE || column < 0 || column >= DW_ZONE_GRID_SIZE ||
          width < 1 || height < 1 || column + width > DW_ZONE_GRID_SIZE || row + height > DW_ZONE_GRID_SIZE)
        {
          dw_game_node_error (reader, error, child, _("the zone “%s” must lie on the table's grid of %d by "
                                                      "%d cells: row and column from 0, width and height "
                                                      "from 1"),
                              id, DW_ZONE_GRID_SIZE, DW_ZONE_GRID_SIZE);
          return FALSE;
        }
      if (!parse_visibility (dw_xml_node_get_attribute (child, "visibility"), &def.visibility))
        {
          dw_game_node_error (reader, error, child,
                              _("a zone is public, hidden, owner or top, not “%s”"),
                              dw_xml_node_get_attribute (child, "visibility"));
          return FALSE;
        }
      if (dw_game_lookup_zone (self, id) != NULL)
        {
          dw_game_node_error (reader, error, child, _("the zone “%s” is defined twice"), id);
          return FALSE;
        }
      if (dw_game_name_taken (self->zones, name))
        {
          dw_game_node_error (reader, error, child, _("two zones are named “%s”; give each its own "
                                                      "name"), name);
          return FALSE;
        }
      start = dw_xml_node_get_attribute (child, "start");
      if (start != NULL && dw_game_lookup_section (self, start) == NULL)
        {
          dw_game_node_error (reader, error, child, _("the zone starts with “%s”, which is not a deck section"),
                              start);
          return FALSE;
        }

      def.id = g_intern_string (id);
      def.name = g_strdup (name);
      def.row = (int) row;
      def.column = (int) column;
      def.width = (int) MAX (width, 1);
      def.height = (int) MAX (height, 1);
      def.start = g_strdup (start);
      g_array_append_val (self->zones, def);
    }
  return TRUE;
}

/* A zone a table rule names, which the zones must define. */
static gboolean
table_zone (DwGame           *self,
            DwXmlReader      *reader,
            const DwXmlNode  *node,
            const char       *attribute,
            gboolean          required,
            const char      **zone,
            GError          **error)
{
  const char *id = dw_xml_node_get_attribute (node, attribute);

  if (id == NULL && !required)
    return TRUE;
  if (!dw_game_node_attr_required (reader, node, attribute, &id, error))
    return FALSE;
  if (dw_game_lookup_zone (self, id) == NULL)
    {
      dw_game_node_error (reader, error, node, _("the attribute “%s” of <%s> names the zone “%s”, "
                                                 "which <zones> does not define"),
                          attribute, node->name, id);
      return FALSE;
    }
  *zone = g_intern_string (id);
  return TRUE;
}

/* A rule's number of cards: required, whole and not negative. */
static gboolean
table_cards (DwXmlReader      *reader,
             const DwXmlNode  *node,
             int              *cards,
             GError          **error)
{
  const char *text;
  gint64 value;

  if (!dw_game_node_attr_required (reader, node, "cards", &text, error) ||
      !dw_game_node_attr_int (reader, node, "cards", 0, &value, error))
    return FALSE;
  if (value < 0)
    {
      dw_game_node_error (reader, error, node, _("<%s> counts cards, which cannot be %s"), node->name, text);
      return FALSE;
    }
  if (value > DW_TABLE_MAX_CARDS)
    {
      dw_game_node_error (reader, error, node, _("<%s> counts at most %d cards, not %s"),
                          node->name, DW_TABLE_MAX_CARDS, text);
      return FALSE;
    }
  *cards = (int) value;
  return TRUE;
}

static gboolean
parse_table_counter (DwGame          *self,
                     DwXmlReader     *reader,
                     const DwXmlNode *node,
                     GError         **error)
{
  DwCounterDef def = { 0 };
  const char *id;
  const char *name;
  gint64 start;

  if (!dw_game_node_attr_required (reader, node, "id", &id, error) ||
      !dw_game_node_attr_int (reader, node, "start", 0, &start, error) ||
      !dw_game_node_attr_int (reader, node, "min", 0, &def.min, error) ||
      !dw_game_node_attr_int (reader, node, "max", 0, &def.max, error) ||
      !dw_game_node_attr_int (reader, node, "reset", 0, &def.reset, error) ||
      !dw_game_node_name (reader, node, id, &name, error))
    return FALSE;
  def.has_min = dw_xml_node_get_attribute (node, "min") != NULL;
  def.has_max = dw_xml_node_get_attribute (node, "max") != NULL;
  def.has_reset = dw_xml_node_get_attribute (node, "reset") != NULL;
  if (def.has_min && def.has_max && def.min > def.max)
    {
      dw_game_node_error (reader, error, node, _("the counter “%s” goes from %" PRId64 " to %" PRId64
                                                 "; its “min” cannot be above its “max”"),
                          id, def.min, def.max);
      return FALSE;
    }
  if ((def.has_min && start < def.min) || (def.has_max && start > def.max))
    {
      dw_game_node_error (reader, error, node, _("the counter “%s” starts at %" PRId64 ", outside its “min” "
                                                 "and “max”"), id, start);
      return FALSE;
    }
  if (def.has_reset && ((def.has_min && def.reset < def.min) || (def.has_max && def.reset > def.max)))
    {
      dw_game_node_error (reader, error, node, _("the counter “%s” returns to %" PRId64 " each turn, outside "
                                                 "its “min” and “max”"), id, def.reset);
      return FALSE;
    }
  for (guint i = 0; i < self->table.counters->len; i++)
    if (strcmp (g_array_index (self->table.counters, DwCounterDef, i).id, id) == 0)
      {
        dw_game_node_error (reader, error, node, _("the counter “%s” is defined twice"), id);
        return FALSE;
      }
  if (strcmp (id, "turn") == 0 || strspn (id, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen (id))
    {
      dw_game_node_error (reader, error, node, _("a counter's id is lower-case letters, digits and "
                                                 "hyphens, and not “turn”; “%s” is not one"), id);
      return FALSE;
    }
  if (dw_game_name_taken (self->table.counters, name))
    {
      dw_game_node_error (reader, error, node, _("two counters are named “%s”; give each its own name"), name);
      return FALSE;
    }
  def.id = g_intern_string (id);
  def.name = g_strdup (name);
  def.start = start;
  g_array_append_val (self->table.counters, def);
  return TRUE;
}

/* <table>: the declarative table rules, checked by the generic table.
 * Each rule appears at most once; the zones it names must exist. */
gboolean
dw_game_parse_table (DwGame          *self,
                     DwXmlReader     *reader,
                     const DwXmlNode *node,
                     GError         **error)
{
  static const char * const once[] = { "opening-hand", "draw-per-turn", "hand-limit", "refill", NULL };
  gboolean seen[G_N_ELEMENTS (once)] = { FALSE, };
  DwTableDef *table = &self->table;

  table->deck = table->hand = NULL;
  if (!table_zone (self, reader, node, "deck", FALSE, &table->deck, error) ||
      !table_zone (self, reader, node, "hand", FALSE, &table->hand, error))
    return FALSE;
  if (table->deck == NULL && dw_game_lookup_zone (self, "deck") != NULL)
    table->deck = g_intern_static_string ("deck");
  if (table->hand == NULL && dw_game_lookup_zone (self, "hand") != NULL)
    table->hand = g_intern_static_string ("hand");

  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);
      const char *name;
      gboolean ok;
      guint rule;

      if (child->kind != DW_XML_NODE_ELEMENT || g_strcmp0 (child->ns, DW_GAME_NS) != 0)
        continue;
      name = dw_xml_node_local_name (child);
      if (strcmp (name, "counter") == 0)
        {
          if (!parse_table_counter (self, reader, child, error))
            return FALSE;
          continue;
        }
      for (rule = 0; once[rule] && strcmp (once[rule], name) != 0; rule++)
        ;
      if (once[rule] == NULL)
        {
          dw_game_node_error (reader, error, child, _("<%s> is not a table rule"), child->name);
          return FALSE;
        }
      if (seen[rule])
        {
          dw_game_node_error (reader, error, child, _("<%s> appears twice"), child->name);
          return FALSE;
        }
      seen[rule] = TRUE;

      if (strcmp (name, "refill") == 0)
        ok = table_zone (self, reader, child, "from", TRUE, &table->refill_from, error);
      else
        ok = table_cards (reader, child, strcmp (name, "opening-hand") == 0 ? &table->opening_hand
                                         : strcmp (name, "draw-per-turn") == 0 ? &table->draw_per_turn
                                         : &table->hand_limit, error);
      if (!ok)
        return FALSE;
      /* Drawing needs both ends of the draw. */
      if (strcmp (name, "hand-limit") != 0 && (table->deck == NULL || table->hand == NULL))
        {
          dw_game_node_error (reader, error, child, _("<%s> draws cards, so <table> needs a deck and a hand: "
                                                      "zones “deck” and “hand”, or its attributes "
                                                      "“deck” and “hand”"), child->name);
          return FALSE;
        }
      if (strcmp (name, "hand-limit") == 0 && table->hand == NULL)
        {
          dw_game_node_error (reader, error, child, _("<hand-limit> needs a hand: a zone “hand”, or the "
                                                      "attribute “hand” of <table>"));
          return FALSE;
        }
      if (table->refill_from != NULL && table->refill_from == table->deck)
        {
          dw_game_node_error (reader, error, child, _("the deck cannot be refilled from itself"));
          return FALSE;
        }
      /* The hand is where the deck's cards go: refilled from it, a draw
       * would put back what it drew and draw it again, for ever. */
      if (table->refill_from != NULL && table->refill_from == table->hand)
        {
          dw_game_node_error (reader, error, child, _("the deck cannot be refilled from the hand it "
                                                      "draws into"));
          return FALSE;
        }
    }
  return TRUE;
}

/* A card type an attribute names, which <types> must define; NULL when
 * the attribute is absent. */
static gboolean
deal_type (DwGame           *self,
           DwXmlReader      *reader,
           const DwXmlNode  *node,
           const char       *attribute,
           const char      **type,
           GError          **error)
{
  const char *id = dw_xml_node_get_attribute (node, attribute);

  *type = NULL;
  if (id == NULL)
    return TRUE;
  if (dw_game_lookup_card_type (self, id) == NULL)
    {
      dw_game_node_error (reader, error, node, _("the attribute “%s” of <%s> names the card type “%s”, "
                                                 "which <types> does not define"), attribute, node->name, id);
      return FALSE;
    }
  *type = g_intern_string (id);
  return TRUE;
}

/* A whole-number property an attribute names (an int or a cost), which
 * <properties> must define; NULL when the attribute is absent. */
static gboolean
number_property (DwGame           *self,
                 DwXmlReader      *reader,
                 const DwXmlNode  *node,
                 const char       *attribute,
                 const char       *id,
                 const char      **property,
                 GError          **error)
{
  const DwPropertyDef *def = dw_game_lookup_property (self, id);

  if (def == NULL)
    {
      dw_game_node_error (reader, error, node, _("the attribute “%s” of <%s> names the property “%s”, "
                                                 "which <properties> does not define"), attribute, node->name, id);
      return FALSE;
    }
  if (def->kind != DW_PROPERTY_INT && def->kind != DW_PROPERTY_COST)
    {
      dw_game_node_error (reader, error, node, _("the attribute “%s” of <%s> needs a number: the property "
                                                 "“%s” is not of kind “int” or “cost”"), attribute, node->name, id);
      return FALSE;
    }
  *property = def->id;
  return TRUE;
}

/* A count of cards a <deal> attribute states: whole, 0 … the most a
 * table rule counts. */
static gboolean
deal_cards (DwXmlReader      *reader,
            const DwXmlNode  *node,
            const char       *attribute,
            gint64            fallback,
            gint64            max,
            guint            *cards,
            GError          **error)
{
  gint64 value;

  if (!dw_game_node_attr_int (reader, node, attribute, fallback, &value, error))
    return FALSE;
  if (value < 0 || value > max)
    {
      dw_game_node_error (reader, error, node, _("the attribute “%s” of <%s> must lie between 0 and %"
                                                 PRId64 ", not %" PRId64),
                          attribute, node->name, max, value);
      return FALSE;
    }
  *cards = (guint) value;
  return TRUE;
}

/* <deal>: how the statistics, the odds and the goldfish simulation deal
 * the deck.  Either it reveals until a card type (reveal-until), or it
 * draws an opening hand and cards each turn. */
gboolean
dw_game_parse_deal (DwGame          *self,
                    DwXmlReader     *reader,
                    const DwXmlNode *node,
                    GError         **error)
{
  static const char * const draw_only[] = { "opening-hand", "draw-per-turn", "first-draw", "play", "cost",
                                            "resource", NULL };
  DwDeal *deal = &self->deal;
  const DwSectionDef *section;
  const char *section_id;
  const char *resource;
  const char *cost;

  if (!dw_game_node_attr_required (reader, node, "section", &section_id, error))
    return FALSE;
  section = dw_game_lookup_section (self, section_id);
  if (section == NULL || section->tokens)
    {
      dw_game_node_error (reader, error, node, _("<deal> shuffles the section “%s”, which is no section "
                                                 "of cards the game defines"), section_id);
      return FALSE;
    }
  deal->section = section->id;

  if (!deal_type (self, reader, node, "reveal-until", &deal->stop_type, error))
    return FALSE;
  if (deal->stop_type != NULL)
    {
      for (guint i = 0; draw_only[i]; i++)
        if (dw_xml_node_get_attribute (node, draw_only[i]) != NULL)
          {
            dw_game_node_error (reader, error, node, _("a <deal> that reveals until a card type draws no hand: "
                                                       "leave out “%s”"), draw_only[i]);
            return FALSE;
          }
      deal->kind = DW_DEAL_REVEAL;
      self->has_deal = TRUE;
      return TRUE;
    }

  deal->kind = DW_DEAL_DRAW;
  if (!deal_cards (reader, node, "opening-hand", 0, DW_TABLE_MAX_CARDS, &deal->hand_size, error) ||
      !deal_cards (reader, node, "draw-per-turn", 0, DW_TABLE_MAX_CARDS, &deal->per_turn, error) ||
      !deal_cards (reader, node, "first-draw", 1, FIRST_DRAW_MAX, &deal->first_draw, error) ||
      !deal_type (self, reader, node, "play", &deal->play_type, error))
    return FALSE;
  if (deal->first_draw == 0)
    {
      dw_game_node_error (reader, error, node, _("turns count from 1: “first-draw” cannot be 0"));
      return FALSE;
    }
  if (deal->hand_size == 0 && deal->per_turn == 0)
    {
      dw_game_node_error (reader, error, node, _("<deal> draws no card: give it “opening-hand”, "
                                                 "“draw-per-turn” or “reveal-until”"));
      return FALSE;
    }
  cost = dw_xml_node_get_attribute (node, "cost");
  if (cost != NULL && !number_property (self, reader, node, "cost", cost, &deal->cost, error))
    return FALSE;
  resource = dw_xml_node_get_attribute (node, "resource");
  if (resource == NULL || strcmp (resource, "none") == 0)
    deal->resource = DW_DEAL_RESOURCE_NONE;
  else if (strcmp (resource, "vault") == 0)
    deal->resource = DW_DEAL_RESOURCE_VAULT;
  else
    {
      dw_game_node_error (reader, error, node, _("the attribute “resource” of <deal> is “none” or “vault”, "
                                                 "not “%s”"), resource);
      return FALSE;
    }
  self->has_deal = TRUE;
  return TRUE;
}

/* <statistics>: the property the curve counts by, and the whole-number
 * properties whose average and spread the statistics show. */
gboolean
dw_game_parse_statistics (DwGame          *self,
                          DwXmlReader     *reader,
                          const DwXmlNode *node,
                          GError         **error)
{
  const char *curve = dw_xml_node_get_attribute (node, "curve");
  g_auto(GStrv) numbers = dw_game_split_list (dw_xml_node_get_attribute (node, "numbers"));

  if (curve != NULL && !number_property (self, reader, node, "curve", curve, &self->curve, error))
    return FALSE;
  for (guint i = 0; numbers && numbers[i]; i++)
    {
      const char *property;

      if (!number_property (self, reader, node, "numbers", numbers[i], &property, error))
        return FALSE;
      for (guint j = 0; j + 1 < self->numbers->len; j++)
        if (g_ptr_array_index (self->numbers, j) == property)
          {
            dw_game_node_error (reader, error, node, _("the attribute “numbers” of <statistics> names "
                                                       "“%s” twice"), property);
            return FALSE;
          }
      g_ptr_array_insert (self->numbers, (int) self->numbers->len - 1, (gpointer) property);
    }
  return TRUE;
}

/* A game without <deal> that draws at its table (<table>'s opening hand
 * and draws per turn) is dealt as its generic table deals it: the
 * section that starts in the deck zone, no draw on the first turn, and
 * for the goldfish simulation, the first card type that section takes
 * played once drawn. */
void
dw_game_deal_from_table (DwGame *self)
{
  const DwZoneDef *deck = dw_game_lookup_zone (self, self->table.deck);
  const DwSectionDef *section;

  if (self->has_deal || deck == NULL || self->table.hand == NULL ||
      (self->table.opening_hand == 0 && self->table.draw_per_turn == 0))
    return;
  section = dw_game_lookup_section (self, deck->start);
  if (section == NULL || section->tokens)
    return;
  self->deal = (DwDeal) {
    .kind = DW_DEAL_DRAW,
    .section = section->id,
    .hand_size = (guint) self->table.opening_hand,
    .per_turn = (guint) self->table.draw_per_turn,
    .first_draw = 2,
    .play_type = section->accepts ? g_intern_string (section->accepts[0])
                                  : dw_game_get_card_type_def (self, 0)->id,
    .cost = self->curve,
    .resource = DW_DEAL_RESOURCE_NONE,
  };
  self->has_deal = TRUE;
}
