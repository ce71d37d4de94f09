/* dw-game.c — reading a game definition
 *
 * A game is data where its rules are declarative: what a card is, how a
 * deck is divided, which formats exist and how the table is laid out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-format.h"
#include "dw-game-private.h"

struct _DwGame
{
  GObject      parent_instance;

  char        *id;
  char        *name;
  GArray      *types;       /* DwCardTypeDef */
  GArray      *properties;  /* DwPropertyDef */
  GArray      *sections;    /* DwSectionDef */
  GArray      *zones;       /* DwZoneDef */
  GListStore  *formats;     /* DwFormat */
  DwTableDef   table;
};

G_DEFINE_FINAL_TYPE (DwGame, dw_game, G_TYPE_OBJECT)

G_DEFINE_QUARK (dw-game-error-quark, dw_game_error)

static void
clear_type_def (DwCardTypeDef *def)
{
  g_free (def->name);
}

static void
clear_property_def (DwPropertyDef *def)
{
  g_free (def->name);
  g_free (def->unit);
  g_strfreev (def->values);
  g_strfreev (def->value_names);
  g_strfreev (def->required_for);
}

static void
clear_section_def (DwSectionDef *def)
{
  g_free (def->name);
  g_strfreev (def->accepts);
}

static void
clear_zone_def (DwZoneDef *def)
{
  g_free (def->name);
  g_free (def->start);
}

/* Whether @section_id is the section of cards being considered, which
 * every game has and nothing counts. */
gboolean
dw_section_is_considering (const char *section_id)
{
  return g_strcmp0 (section_id, DW_SECTION_CONSIDERING) == 0;
}

gboolean
dw_strv_contains_nullable (const char * const *strv,
                           const char         *str)
{
  return strv != NULL && str != NULL && g_strv_contains (strv, str);
}

void
dw_game_node_error (DwXmlReader     *reader,
                    GError         **error,
                    const DwXmlNode *node,
                    const char      *format,
                    ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  dw_xml_reader_set_error_at (reader, error, node->line, node->name,
                              DW_GAME_ERROR, DW_GAME_ERROR_INVALID, "%s", message);
}

gboolean
dw_game_node_is (const DwXmlNode *node,
                 const char      *local_name)
{
  return node->kind == DW_XML_NODE_ELEMENT &&
         g_strcmp0 (node->ns, DW_GAME_NS) == 0 &&
         strcmp (dw_xml_node_local_name (node), local_name) == 0;
}

gboolean
dw_game_node_attr_required (DwXmlReader     *reader,
                            const DwXmlNode *node,
                            const char      *name,
                            const char     **value,
                            GError         **error)
{
  *value = dw_xml_node_get_attribute (node, name);
  if (*value == NULL || **value == '\0')
    {
      dw_game_node_error (reader, error, node, _("<%s> needs the attribute “%s”"),
                          node->name, name);
      return FALSE;
    }
  return TRUE;
}

gboolean
dw_game_node_attr_int (DwXmlReader     *reader,
                       const DwXmlNode *node,
                       const char      *name,
                       gint64           fallback,
                       gint64          *value,
                       GError         **error)
{
  const char *text = dw_xml_node_get_attribute (node, name);

  *value = fallback;
  if (text == NULL)
    return TRUE;

  if (!g_ascii_string_to_signed (text, 10, G_MININT32, G_MAXINT32, value, NULL))
    {
      dw_game_node_error (reader, error, node, _("the attribute “%s” of <%s> must be a whole number, not “%s”"),
                          name, node->name, text);
      return FALSE;
    }
  return TRUE;
}

gboolean
dw_game_node_attr_bool (DwXmlReader     *reader,
                        const DwXmlNode *node,
                        const char      *name,
                        gboolean        *value,
                        GError         **error)
{
  const char *text = dw_xml_node_get_attribute (node, name);

  *value = FALSE;
  if (text == NULL || strcmp (text, "false") == 0)
    return TRUE;
  if (strcmp (text, "true") == 0)
    {
      *value = TRUE;
      return TRUE;
    }

  dw_game_node_error (reader, error, node, _("the attribute “%s” of <%s> must be “true” or “false”, not “%s”"),
                      name, node->name, text);
  return FALSE;
}

static gboolean
is_blank (const char *text)
{
  while (g_ascii_isspace (*text))
    text++;
  return *text == '\0';
}

/* A name shown to players: given or the id, never empty (issue 20, B7). */
static gboolean
node_name (DwXmlReader      *reader,
           const DwXmlNode  *node,
           const char       *id,
           const char      **name,
           GError          **error)
{
  const char *given = dw_xml_node_get_attribute (node, "name");

  if (given != NULL && is_blank (given))
    {
      dw_game_node_error (reader, error, node, _("the name of “%s” is empty; leave “name” out to "
                                                 "use the id"), id);
      return FALSE;
    }
  *name = given ? given : id;
  return TRUE;
}

/* An element of our namespace that the parent does not hold: a typing
 * mistake that would otherwise be ignored.  Comments and other
 * namespaces' elements are left alone. */
static gboolean
refuse_unknown (DwXmlReader      *reader,
                const DwXmlNode  *child,
                const char       *expected,
                const char       *parent,
                GError          **error)
{
  if (child->kind != DW_XML_NODE_ELEMENT || g_strcmp0 (child->ns, DW_GAME_NS) != 0 ||
      dw_game_node_is (child, expected))
    return TRUE;
  dw_game_node_error (reader, error, child, _("<%s> holds <%s> elements only, not <%s>"),
                      parent, expected, child->name);
  return FALSE;
}

static char **
split_list (const char *text)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;

  if (text == NULL)
    return NULL;

  parts = g_strsplit_set (text, " \t\n", -1);
  builder = g_strv_builder_new ();
  for (guint i = 0; parts[i]; i++)
    if (*parts[i])
      g_strv_builder_add (builder, parts[i]);

  return g_strv_builder_end (builder);
}

static gboolean
parse_types (DwGame          *self,
             DwXmlReader     *reader,
             const DwXmlNode *node,
             GError         **error)
{
  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);
      DwCardTypeDef def = { 0 };
      const char *id;
      const char *name;

      if (!refuse_unknown (reader, child, "type", "types", error))
        return FALSE;
      if (!dw_game_node_is (child, "type"))
        continue;
      if (!dw_game_node_attr_required (reader, child, "id", &id, error) ||
          !node_name (reader, child, id, &name, error))
        return FALSE;
      if (dw_game_lookup_card_type (self, id) != NULL)
        {
          dw_game_node_error (reader, error, child, _("the card type “%s” is defined twice"), id);
          return FALSE;
        }
      for (guint j = 0; j < self->types->len; j++)
        if (strcmp (g_array_index (self->types, DwCardTypeDef, j).name, name) == 0)
          {
            dw_game_node_error (reader, error, child, _("two card types are named “%s”; give each "
                                                        "its own name"), name);
            return FALSE;
          }

      def.id = g_intern_string (id);
      def.name = g_strdup (name);
      g_array_append_val (self->types, def);
    }
  return TRUE;
}

static gboolean
parse_property_kind (const char     *text,
                     DwPropertyKind *kind)
{
  static const struct { const char *name; DwPropertyKind kind; } kinds[] = {
    { "text", DW_PROPERTY_TEXT },
    { "int", DW_PROPERTY_INT },
    { "enum", DW_PROPERTY_ENUM },
    { "cost", DW_PROPERTY_COST },
    { "element", DW_PROPERTY_ELEMENT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_strcmp0 (text, kinds[i].name) == 0)
      {
        *kind = kinds[i].kind;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_properties (DwGame          *self,
                  DwXmlReader     *reader,
                  const DwXmlNode *node,
                  GError         **error)
{
  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);
      DwPropertyDef def = { 0 };
      g_autoptr(GStrvBuilder) values = NULL;
      g_autoptr(GStrvBuilder) value_names = NULL;
      g_autoptr(GHashTable) seen = NULL;
      const char *id;
      const char *name;
      const char *kind;

      if (!dw_game_node_is (child, "property"))
        continue;
      if (!dw_game_node_attr_required (reader, child, "id", &id, error) ||
          !dw_game_node_attr_required (reader, child, "kind", &kind, error))
        return FALSE;
      if (!parse_property_kind (kind, &def.kind))
        {
          dw_game_node_error (reader, error, child,
                              _("“%s” is not a kind of property; use text, int, enum, cost or element"),
                              kind);
          return FALSE;
        }
      if (dw_game_lookup_property (self, id) != NULL ||
          strcmp (id, "name") == 0 || strcmp (id, "type") == 0)
        {
          dw_game_node_error (reader, error, child, _("the property “%s” is defined twice"), id);
          return FALSE;
        }

      def.has_min = dw_xml_node_get_attribute (child, "min") != NULL;
      def.has_max = dw_xml_node_get_attribute (child, "max") != NULL;
      if (!dw_game_node_attr_int (reader, child, "min", 0, &def.min, error) ||
          !dw_game_node_attr_int (reader, child, "max", 0, &def.max, error) ||
          !node_name (reader, child, id, &name, error))
        return FALSE;
      if (def.has_min && def.has_max && def.min > def.max)
        {
          dw_game_node_error (reader, error, child, _("the property “%s” goes from %d to %d; its “min” "
                                                      "cannot be above its “max”"),
                              id, (int) def.min, (int) def.max);
          return FALSE;
        }

      values = g_strv_builder_new ();
      value_names = g_strv_builder_new ();
      seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint j = 0; j < child->children->len; j++)
        {
          const DwXmlNode *value = g_ptr_array_index (child->children, j);
          g_autofree char *text = NULL;
          const char *shown;

          if (!refuse_unknown (reader, value, "value", "property", error))
            return FALSE;
          if (!dw_game_node_is (value, "value"))
            continue;
          /* <value id="red"/> reads as an empty value: the value is the
           * element's text (issue 20, B7). */
          text = dw_xml_node_get_text (value);
          if (is_blank (text))
            {
              dw_game_node_error (reader, error, value, _("a <value> of “%s” is empty; write the value "
                                                          "as its text, <value>Red</value>"), id);
              return FALSE;
            }
          if (!g_hash_table_add (seen, g_strdup (text)))
            {
              dw_game_node_error (reader, error, value, _("“%s” is a value of “%s” twice"), text, id);
              return FALSE;
            }
          /* name="…" says what the value means where it is shown
           * ("None" is a colourless card); searches use the value. */
          shown = dw_xml_node_get_attribute (value, "name");
          if (shown != NULL && is_blank (shown))
            {
              dw_game_node_error (reader, error, value, _("the value “%s” of “%s” has an empty name; "
                                                          "leave “name” out to show the value itself"),
                                  text, id);
              return FALSE;
            }
          g_strv_builder_add (values, text);
          g_strv_builder_add (value_names, shown ? shown : text);
        }

      def.id = g_intern_string (id);
      def.name = g_strdup (name);
      def.unit = g_strdup (dw_xml_node_get_attribute (child, "unit"));
      def.values = g_strv_builder_end (values);
      def.value_names = g_strv_builder_end (value_names);
      def.required_for = split_list (dw_xml_node_get_attribute (child, "required-for"));

      if (def.kind == DW_PROPERTY_ENUM && def.values[0] == NULL)
        {
          dw_game_node_error (reader, error, child, _("the enum property “%s” lists no <value>"), id);
          clear_property_def (&def);
          return FALSE;
        }

      for (guint j = 0; def.required_for && def.required_for[j]; j++)
        if (dw_game_lookup_card_type (self, def.required_for[j]) == NULL)
          {
            dw_game_node_error (reader, error, child, _("“%s” in required-for is not a card type of this game"),
                                def.required_for[j]);
            clear_property_def (&def);
            return FALSE;
          }

      g_array_append_val (self->properties, def);
    }
  return TRUE;
}

static gboolean
check_types (DwGame          *self,
             DwXmlReader     *reader,
             const DwXmlNode *node,
             char           **types,
             GError         **error)
{
  for (guint i = 0; types && types[i]; i++)
    if (dw_game_lookup_card_type (self, types[i]) == NULL)
      {
        dw_game_node_error (reader, error, node, _("“%s” is not a card type of this game"), types[i]);
        return FALSE;
      }
  return TRUE;
}

/* Added after every part is read, so that neither a format's rule nor a
 * zone's start can name it: nothing counts or deals the cards in it. */
static void
add_considering_section (DwGame *self)
{
  DwSectionDef def = { 0 };

  def.id = g_intern_static_string (DW_SECTION_CONSIDERING);
  def.name = g_strdup (_("Considering"));
  def.considering = TRUE;
  g_array_append_val (self->sections, def);
}

static gboolean
parse_sections (DwGame          *self,
                DwXmlReader     *reader,
                const DwXmlNode *node,
                GError         **error)
{
  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);
      DwSectionDef def = { 0 };
      const char *id;
      const char *name;

      if (!refuse_unknown (reader, child, "section", "sections", error))
        return FALSE;
      if (!dw_game_node_is (child, "section"))
        continue;
      if (!dw_game_node_attr_required (reader, child, "id", &id, error) ||
          !node_name (reader, child, id, &name, error) ||
          !dw_game_node_attr_bool (reader, child, "ordered", &def.ordered, error) ||
          !dw_game_node_attr_bool (reader, child, "tokens", &def.tokens, error))
        return FALSE;
      if (dw_game_lookup_section (self, id) != NULL)
        {
          dw_game_node_error (reader, error, child, _("the section “%s” is defined twice"), id);
          return FALSE;
        }
      if (dw_section_is_considering (id))
        {
          dw_game_node_error (reader, error, child,
                              _("the section “%s” is Deckwright's own, for cards a player is still "
                                "considering; every game has it, so give this section another id"),
                              id);
          return FALSE;
        }

      def.id = g_intern_string (id);
      def.name = g_strdup (name);
      def.accepts = split_list (dw_xml_node_get_attribute (child, "accepts"));
      if (!check_types (self, reader, child, def.accepts, error))
        {
          clear_section_def (&def);
          return FALSE;
        }

      g_array_append_val (self->sections, def);
    }
  return TRUE;
}

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

static gboolean
parse_zones (DwGame          *self,
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

      if (!refuse_unknown (reader, child, "zone", "zones", error))
        return FALSE;
      if (!dw_game_node_is (child, "zone"))
        continue;
      if (!dw_game_node_attr_required (reader, child, "id", &id, error) ||
          !dw_game_node_attr_bool (reader, child, "ordered", &def.ordered, error) ||
          !dw_game_node_attr_int (reader, child, "row", 0, &row, error) ||
          !dw_game_node_attr_int (reader, child, "column", 0, &column, error) ||
          !dw_game_node_attr_int (reader, child, "width", 1, &width, error) ||
          !dw_game_node_attr_int (reader, child, "height", 1, &height, error) ||
          !node_name (reader, child, id, &name, error))
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

static void
clear_counter_def (DwCounterDef *def)
{
  g_free (def->name);
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
  gint64 start;

  if (!dw_game_node_attr_required (reader, node, "id", &id, error) ||
      !dw_game_node_attr_int (reader, node, "start", 0, &start, error))
    return FALSE;
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
  def.id = g_intern_string (id);
  def.name = g_strdup (dw_xml_node_get_attribute (node, "name") ?: id);
  def.start = start;
  g_array_append_val (self->table.counters, def);
  return TRUE;
}

/* <table>: the declarative table rules, checked by the generic table.
 * Each rule appears at most once; the zones it names must exist. */
static gboolean
parse_table (DwGame          *self,
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

static gboolean
parse_formats (DwGame          *self,
               DwXmlReader     *reader,
               const DwXmlNode *node,
               GError         **error)
{
  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);
      g_autoptr(DwFormat) format = NULL;

      if (!dw_game_node_is (child, "format"))
        continue;

      format = dw_format_parse (self, reader, child, error);
      if (format == NULL)
        return FALSE;
      if (dw_game_lookup_format (self, dw_format_get_id (format)) != NULL)
        {
          dw_game_node_error (reader, error, child, _("the format “%s” is defined twice"),
                              dw_format_get_id (format));
          return FALSE;
        }
      dw_game_add_format (self, format);
    }
  return TRUE;
}

static void
dw_game_finalize (GObject *object)
{
  DwGame *self = DW_GAME (object);

  g_free (self->id);
  g_free (self->name);
  g_array_unref (self->types);
  g_array_unref (self->properties);
  g_array_unref (self->sections);
  g_array_unref (self->zones);
  g_array_unref (self->table.counters);
  g_object_unref (self->formats);

  G_OBJECT_CLASS (dw_game_parent_class)->finalize (object);
}

static void
dw_game_class_init (DwGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dw_game_finalize;
}

static void
dw_game_init (DwGame *self)
{
  self->types = g_array_new (FALSE, TRUE, sizeof (DwCardTypeDef));
  g_array_set_clear_func (self->types, (GDestroyNotify) clear_type_def);
  self->properties = g_array_new (FALSE, TRUE, sizeof (DwPropertyDef));
  g_array_set_clear_func (self->properties, (GDestroyNotify) clear_property_def);
  self->sections = g_array_new (FALSE, TRUE, sizeof (DwSectionDef));
  g_array_set_clear_func (self->sections, (GDestroyNotify) clear_section_def);
  self->zones = g_array_new (FALSE, TRUE, sizeof (DwZoneDef));
  g_array_set_clear_func (self->zones, (GDestroyNotify) clear_zone_def);
  self->formats = g_list_store_new (DW_TYPE_FORMAT);
  self->table.hand_limit = -1;
  self->table.counters = g_array_new (FALSE, TRUE, sizeof (DwCounterDef));
  g_array_set_clear_func (self->table.counters, (GDestroyNotify) clear_counter_def);
}

static const char * const game_roots[] = { "game", NULL };
static const char * const formats_roots[] = { "formats", NULL };

static DwGame *
load_game (DwXmlReader  *reader,
           GError      **error)
{
  g_autoptr(DwGame) self = NULL;
  g_autofree char *id = NULL;
  static const struct {
    const char *name;
    gboolean (*parse) (DwGame *, DwXmlReader *, const DwXmlNode *, GError **);
  } parts[] = {
    { "types", parse_types },
    { "properties", parse_properties },
    { "sections", parse_sections },
    { "formats", parse_formats },
    { "zones", parse_zones },
    { "table", parse_table },
  };
  gboolean seen[G_N_ELEMENTS (parts)] = { FALSE, };
  GError *local_error = NULL;

  if (!dw_xml_reader_read_root (reader, DW_GAME_NS, game_roots, error))
    return NULL;

  id = dw_xml_reader_get_attribute (reader, "id");
  if (id == NULL || *id == '\0')
    {
      dw_xml_reader_set_error (reader, error, DW_GAME_ERROR, DW_GAME_ERROR_INVALID,
                               _("<game> needs the attribute “id”"));
      return NULL;
    }

  self = g_object_new (DW_TYPE_GAME, NULL);
  self->id = g_steal_pointer (&id);
  self->name = dw_xml_reader_get_attribute (reader, "name");
  if (self->name == NULL)
    self->name = g_strdup (self->id);

  /* Parts are read in the file's order, but each may refer only to the
   * ones before it: types, properties, sections, formats, zones, table. */
  while (dw_xml_reader_next_element (reader, 1, &local_error))
    {
      g_autoptr(DwXmlNode) node = dw_xml_reader_read_node (reader, &local_error);
      gboolean known = FALSE;

      if (node == NULL)
        break;
      if (node->ns != g_intern_static_string (DW_GAME_NS))
        continue;

      for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
        {
          if (strcmp (dw_xml_node_local_name (node), parts[i].name) != 0)
            continue;

          known = TRUE;
          for (guint j = i + 1; j < G_N_ELEMENTS (parts); j++)
            if (seen[j])
              {
                dw_game_node_error (reader, &local_error, node, _("<%s> must come before <%s>"),
                                    parts[i].name, parts[j].name);
                break;
              }
          if (local_error == NULL && seen[i])
            dw_game_node_error (reader, &local_error, node, _("<%s> appears twice"), parts[i].name);
          if (local_error == NULL)
            parts[i].parse (self, reader, node, &local_error);
          seen[i] = TRUE;
          break;
        }

      if (!known && local_error == NULL)
        dw_game_node_error (reader, &local_error, node, _("<%s> is not part of a game definition"),
                            node->name);
      if (local_error != NULL)
        break;
    }

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }

  /* Without <table>, the usual zone names still give a draw. */
  if (!seen[G_N_ELEMENTS (parts) - 1])
    {
      self->table.deck = dw_game_lookup_zone (self, "deck") ? g_intern_static_string ("deck") : NULL;
      self->table.hand = dw_game_lookup_zone (self, "hand") ? g_intern_static_string ("hand") : NULL;
    }

  if (self->types->len == 0)
    {
      g_set_error (error, DW_GAME_ERROR, DW_GAME_ERROR_INVALID,
                   _("%s: the game “%s” defines no card types"),
                   dw_xml_reader_get_name (reader), self->id);
      return NULL;
    }

  add_considering_section (self);
  return g_steal_pointer (&self);
}

DwGame *
dw_game_new_from_file (const char  *path,
                       GError     **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_file (path, error);

  if (reader == NULL)
    return NULL;
  return load_game (reader, error);
}

/* Reads a game definition held in memory; @display_name stands for the
 * file in error messages. */
DwGame *
dw_game_new_from_data (const char  *data,
                       gsize        length,
                       const char  *display_name,
                       GError     **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (data, length, display_name);

  return load_game (reader, error);
}

static gboolean
format_in (GPtrArray  *formats,
           const char *id)
{
  for (guint i = 0; i < formats->len; i++)
    if (strcmp (dw_format_get_id (g_ptr_array_index (formats, i)), id) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
load_formats (DwXmlReader        *reader,
              DwGameLookupFunc    lookup,
              DwFormatTakenFunc   taken,
              gpointer            user_data,
              GError            **error)
{
  g_autofree char *game_id = NULL;
  g_autoptr(GPtrArray) formats = g_ptr_array_new_with_free_func (g_object_unref);
  GError *local_error = NULL;
  DwGame *game;

  if (!dw_xml_reader_read_root (reader, DW_GAME_NS, formats_roots, error))
    return FALSE;

  game_id = dw_xml_reader_get_attribute (reader, "game");
  game = game_id ? lookup (game_id, user_data) : NULL;
  if (game == NULL)
    {
      dw_xml_reader_set_error (reader, error, DW_GAME_ERROR, DW_GAME_ERROR_UNKNOWN_GAME,
                               _("these formats are for the game “%s”, which is not installed"),
                               game_id ? game_id : "");
      return FALSE;
    }

  while (dw_xml_reader_next_element (reader, 1, &local_error))
    {
      g_autoptr(DwXmlNode) node = dw_xml_reader_read_node (reader, &local_error);
      DwFormat *format;

      if (node == NULL)
        break;
      if (!dw_game_node_is (node, "format"))
        continue;

      format = dw_format_parse (game, reader, node, &local_error);
      if (format == NULL)
        break;
      if (format_in (formats, dw_format_get_id (format)) ||
          dw_game_lookup_format (game, dw_format_get_id (format)) != NULL ||
          (taken != NULL && taken (dw_format_get_id (format), user_data)))
        {
          g_object_unref (format);
          dw_game_node_error (reader, &local_error, node,
                              _("the format id “%s” is taken; give the format an id of its own"),
                              dw_xml_node_get_attribute (node, "id"));
          break;
        }
      g_ptr_array_add (formats, format);
    }

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }

  /* All or nothing: a file with one bad format adds none. */
  for (guint i = 0; i < formats->len; i++)
    dw_game_add_format (game, g_ptr_array_index (formats, i));

  return TRUE;
}

/* Reads a file that adds formats to an existing game: a house rule or a
 * ban list a user dropped into their data folder.  Format ids are unique
 * across every game, so @taken says which ids are in use already. */
gboolean
dw_game_load_formats_file (const char        *path,
                           DwGameLookupFunc   lookup,
                           DwFormatTakenFunc  taken,
                           gpointer           user_data,
                           GError           **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_file (path, error);

  if (reader == NULL)
    return FALSE;
  return load_formats (reader, lookup, taken, user_data, error);
}

/* Like dw_game_load_formats_file(), for a formats file held in memory. */
gboolean
dw_game_load_formats_data (const char        *data,
                           gsize              length,
                           const char        *display_name,
                           DwGameLookupFunc   lookup,
                           DwFormatTakenFunc  taken,
                           gpointer           user_data,
                           GError           **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (data, length, display_name);

  return load_formats (reader, lookup, taken, user_data, error);
}

const char *
dw_game_get_id (DwGame *self)
{
  g_return_val_if_fail (DW_IS_GAME (self), NULL);
  return self->id;
}

const char *
dw_game_get_name (DwGame *self)
{
  g_return_val_if_fail (DW_IS_GAME (self), NULL);
  return self->name;
}

guint
dw_game_get_n_types (DwGame *self)
{
  return self->types->len;
}

const DwCardTypeDef *
dw_game_get_card_type_def (DwGame *self,
                           guint   index)
{
  g_return_val_if_fail (index < self->types->len, NULL);
  return &g_array_index (self->types, DwCardTypeDef, index);
}

const DwCardTypeDef *
dw_game_lookup_card_type (DwGame     *self,
                          const char *id)
{
  for (guint i = 0; id && i < self->types->len; i++)
    {
      const DwCardTypeDef *def = &g_array_index (self->types, DwCardTypeDef, i);
      if (strcmp (def->id, id) == 0)
        return def;
    }
  return NULL;
}

guint
dw_game_get_n_properties (DwGame *self)
{
  return self->properties->len;
}

const DwPropertyDef *
dw_game_get_property (DwGame *self,
                      guint   index)
{
  g_return_val_if_fail (index < self->properties->len, NULL);
  return &g_array_index (self->properties, DwPropertyDef, index);
}

const DwPropertyDef *
dw_game_lookup_property (DwGame     *self,
                         const char *id)
{
  for (guint i = 0; id && i < self->properties->len; i++)
    {
      const DwPropertyDef *def = &g_array_index (self->properties, DwPropertyDef, i);

      /* Called for every field of every card loaded: the first letter
       * rules out nearly every other property without a call. */
      if (def->id[0] == id[0] && strcmp (def->id, id) == 0)
        return def;
    }
  return NULL;
}

/* The position of @value in an enum property's printed order, or -1. */
int
dw_property_def_value_index (const DwPropertyDef *def,
                             const char          *value)
{
  for (guint i = 0; value && def->values && def->values[i]; i++)
    if (strcmp (def->values[i], value) == 0)
      return (int) i;
  return -1;
}

/* What @value of an enum property is called where it is shown: the
 * name its <value> gives it, else the value itself. */
const char *
dw_property_def_value_name (const DwPropertyDef *def,
                            const char          *value)
{
  int index = dw_property_def_value_index (def, value);

  return index >= 0 && def->value_names != NULL ? def->value_names[index] : value;
}

/* What @value of @self's property @property_id is called where it is
 * shown ("None (colourless)" for Arcmage's faction "None"); @value
 * itself for a value or a property the game does not name. */
const char *
dw_game_value_name (DwGame     *self,
                    const char *property_id,
                    const char *value)
{
  const DwPropertyDef *def;

  g_return_val_if_fail (DW_IS_GAME (self), value);

  def = dw_game_lookup_property (self, property_id);
  return def != NULL ? dw_property_def_value_name (def, value) : value;
}

static gboolean
is_cost (const char *text)
{
  guint64 n;

  if (g_ascii_string_to_unsigned (text, 10, 0, G_MAXINT32, &n, NULL))
    return TRUE;
  if (strcmp (text, "X") == 0 || strcmp (text, "T") == 0 || strcmp (text, "S") == 0)
    return TRUE;
  if ((g_str_has_prefix (text, "X+") || g_str_has_prefix (text, "T-")) && text[2] != '\0')
    return g_ascii_string_to_unsigned (text + 2, 10, 0, G_MAXINT32, &n, NULL);
  return FALSE;
}

/* Whether @value is a value of the property; if not, @reason says why in
 * words a player understands. */
gboolean
dw_property_def_check (const DwPropertyDef  *def,
                       const char           *value,
                       char                **reason)
{
  gint64 n;

  switch (def->kind)
    {
    case DW_PROPERTY_INT:
      if (!g_ascii_string_to_signed (value, 10, G_MININT32, G_MAXINT32, &n, NULL))
        {
          *reason = g_strdup_printf (_("%s must be a whole number, not “%s”"), def->name, value);
          return FALSE;
        }
      if ((def->has_min && n < def->min) || (def->has_max && n > def->max))
        {
          if (def->has_min && def->has_max)
            *reason = g_strdup_printf (_("%s must be from %d to %d, not %s"),
                                       def->name, (int) def->min, (int) def->max, value);
          else if (def->has_min)
            *reason = g_strdup_printf (_("%s must be at least %d, not %s"),
                                       def->name, (int) def->min, value);
          else
            *reason = g_strdup_printf (_("%s must be at most %d, not %s"),
                                       def->name, (int) def->max, value);
          return FALSE;
        }
      return TRUE;

    case DW_PROPERTY_ENUM:
      if (dw_property_def_value_index (def, value) < 0)
        {
          g_autofree char *allowed = g_strjoinv (", ", def->values);
          *reason = g_strdup_printf (_("%s must be one of %s, not “%s”"), def->name, allowed, value);
          return FALSE;
        }
      return TRUE;

    case DW_PROPERTY_COST:
      if (!is_cost (value))
        {
          *reason = g_strdup_printf (_("%s must be a number, X, X+n, T, T-n or S, not “%s”"),
                                     def->name, value);
          return FALSE;
        }
      return TRUE;

    case DW_PROPERTY_TEXT:
    case DW_PROPERTY_ELEMENT:
    default:
      return TRUE;
    }
}

guint
dw_game_get_n_sections (DwGame *self)
{
  return self->sections->len;
}

const DwSectionDef *
dw_game_get_section (DwGame *self,
                     guint   index)
{
  g_return_val_if_fail (index < self->sections->len, NULL);
  return &g_array_index (self->sections, DwSectionDef, index);
}

const DwSectionDef *
dw_game_lookup_section (DwGame     *self,
                        const char *id)
{
  for (guint i = 0; id && i < self->sections->len; i++)
    {
      const DwSectionDef *def = &g_array_index (self->sections, DwSectionDef, i);
      if (strcmp (def->id, id) == 0)
        return def;
    }
  return NULL;
}

/* The section a card of @type goes to unless the player says otherwise. */
const DwSectionDef *
dw_game_section_for_type (DwGame     *self,
                          const char *type,
                          gboolean    token)
{
  for (guint i = 0; i < self->sections->len; i++)
    {
      const DwSectionDef *def = &g_array_index (self->sections, DwSectionDef, i);

      if (def->considering)
        continue;
      if (token ? def->tokens : (!def->tokens && (def->accepts == NULL ||
                                                  dw_strv_contains_nullable ((const char * const *) def->accepts, type))))
        return def;
    }
  return NULL;
}

GListModel *
dw_game_get_formats (DwGame *self)
{
  g_return_val_if_fail (DW_IS_GAME (self), NULL);
  return G_LIST_MODEL (self->formats);
}

DwFormat *
dw_game_lookup_format (DwGame     *self,
                       const char *id)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->formats));

  for (guint i = 0; id && i < n; i++)
    {
      g_autoptr(DwFormat) format = g_list_model_get_item (G_LIST_MODEL (self->formats), i);
      if (strcmp (dw_format_get_id (format), id) == 0)
        return format;
    }
  return NULL;
}

DwFormat *
dw_game_get_default_format (DwGame *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->formats));
  g_autoptr(DwFormat) first = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwFormat) format = g_list_model_get_item (G_LIST_MODEL (self->formats), i);
      if (dw_format_is_default (format))
        return format;
    }

  first = n > 0 ? g_list_model_get_item (G_LIST_MODEL (self->formats), 0) : NULL;
  return first;
}

void
dw_game_add_format (DwGame   *self,
                    DwFormat *format)
{
  g_list_store_append (self->formats, format);
}

guint
dw_game_get_n_zones (DwGame *self)
{
  return self->zones->len;
}

const DwZoneDef *
dw_game_get_zone (DwGame *self,
                  guint   index)
{
  g_return_val_if_fail (index < self->zones->len, NULL);
  return &g_array_index (self->zones, DwZoneDef, index);
}

const DwZoneDef *
dw_game_lookup_zone (DwGame     *self,
                     const char *id)
{
  for (guint i = 0; id && i < self->zones->len; i++)
    {
      const DwZoneDef *def = &g_array_index (self->zones, DwZoneDef, i);
      if (strcmp (def->id, id) == 0)
        return def;
    }
  return NULL;
}

/* The table rules the definition states; without <table>, none but the
 * zones "deck" and "hand" when the game has them. */
const DwTableDef *
dw_game_get_table (DwGame *self)
{
  g_return_val_if_fail (DW_IS_GAME (self), NULL);
  return &self->table;
}
