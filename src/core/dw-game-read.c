/* dw-game-read.c — reading a game definition and files of extra formats
 *
 * The parts come in the file's order, each able to refer only to the ones
 * before it: <types>, <properties>, <sections>, <formats> here, then
 * <zones>, <table>, <deal> and <statistics> (dw-game-table-read.c).  Every
 * mistake is refused at its file, line and column.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-format.h"
#include "dw-game-private.h"

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

      if (!dw_game_refuse_unknown (reader, child, "type", "types", error))
        return FALSE;
      if (!dw_game_node_is (child, "type"))
        continue;
      if (!dw_game_node_attr_required (reader, child, "id", &id, error) ||
          !dw_game_node_name (reader, child, id, &name, error))
        return FALSE;
      if (dw_game_lookup_card_type (self, id) != NULL)
        {
          dw_game_node_error (reader, error, child, _("the card type “%s” is defined twice"), id);
          return FALSE;
        }
      if (dw_game_name_taken (self->types, name))
        {
          dw_game_node_error (reader, error, child, _("two card types are named “%s”; give each its own "
                                                      "name"), name);
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
          !dw_game_node_name (reader, child, id, &name, error))
        return FALSE;
      if (dw_game_name_taken (self->properties, name))
        {
          dw_game_node_error (reader, error, child, _("two properties are named “%s”; give each its own "
                                                      "name"), name);
          return FALSE;
        }
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

          if (!dw_game_refuse_unknown (reader, value, "value", "property", error))
            return FALSE;
          if (!dw_game_node_is (value, "value"))
            continue;
          /* <value id="red"/> reads as an empty value: the value is the
           * element's text (issue 20, B7). */
          text = dw_xml_node_get_text (value);
          if (dw_game_is_blank (text))
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
          if (shown != NULL && dw_game_is_blank (shown))
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
      /* A blank short label is no label: the face shows the whole name. */
      if (dw_xml_node_get_attribute (child, "short") != NULL &&
          !dw_game_is_blank (dw_xml_node_get_attribute (child, "short")))
        def.short_name = g_strstrip (g_strdup (dw_xml_node_get_attribute (child, "short")));
      def.values = g_strv_builder_end (values);
      def.value_names = g_strv_builder_end (value_names);
      def.required_for = dw_game_split_list (dw_xml_node_get_attribute (child, "required-for"));

      if (def.kind == DW_PROPERTY_ENUM && def.values[0] == NULL)
        {
          dw_game_node_error (reader, error, child, _("the enum property “%s” lists no <value>"), id);
          dw_property_def_clear (&def);
          return FALSE;
        }

      for (guint j = 0; def.required_for && def.required_for[j]; j++)
        if (dw_game_lookup_card_type (self, def.required_for[j]) == NULL)
          {
            dw_game_node_error (reader, error, child, _("“%s” in required-for is not a card type of this game"),
                                def.required_for[j]);
            dw_property_def_clear (&def);
            return FALSE;
          }

      g_array_append_val (self->properties, def);
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

      if (!dw_game_refuse_unknown (reader, child, "section", "sections", error))
        return FALSE;
      if (!dw_game_node_is (child, "section"))
        continue;
      if (!dw_game_node_attr_required (reader, child, "id", &id, error) ||
          !dw_game_node_name (reader, child, id, &name, error) ||
          !dw_game_node_attr_bool (reader, child, "ordered", &def.ordered, error) ||
          !dw_game_node_attr_bool (reader, child, "tokens", &def.tokens, error))
        return FALSE;
      if (dw_game_lookup_section (self, id) != NULL)
        {
          dw_game_node_error (reader, error, child, _("the section “%s” is defined twice"), id);
          return FALSE;
        }
      if (dw_game_name_taken (self->sections, name))
        {
          dw_game_node_error (reader, error, child, _("two sections are named “%s”; give each its own "
                                                      "name"), name);
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
      def.accepts = dw_game_split_list (dw_xml_node_get_attribute (child, "accepts"));
      if (!dw_game_check_types (self, reader, child, def.accepts, error))
        {
          dw_section_def_clear (&def);
          return FALSE;
        }

      g_array_append_val (self->sections, def);
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
      const char *name;

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
      if (!dw_game_node_name (reader, child, dw_format_get_id (format), &name, error))
        return FALSE;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (self->formats)); j++)
        {
          g_autoptr(DwFormat) other = g_list_model_get_item (G_LIST_MODEL (self->formats), j);

          if (strcmp (dw_format_get_name (other), dw_format_get_name (format)) == 0)
            {
              dw_game_node_error (reader, error, child, _("two formats are named “%s”; give each its own "
                                                          "name"), dw_format_get_name (format));
              return FALSE;
            }
        }
      dw_game_add_format (self, format);
    }
  return TRUE;
}

static const char * const game_roots[] = { "game", NULL };
static const char * const formats_roots[] = { "formats", NULL };

/* One side of <card-size>, in millimetres: a decimal number with a point,
 * between the limits README states. */
static gboolean
card_size_side (DwXmlReader      *reader,
                const DwXmlNode  *node,
                const char       *name,
                double           *mm,
                GError          **error)
{
  const char *text;
  char *end = NULL;
  double value;

  if (!dw_game_node_attr_required (reader, node, name, &text, error))
    return FALSE;
  value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !(value >= DW_GAME_CARD_SIZE_MIN && value <= DW_GAME_CARD_SIZE_MAX))
    {
      dw_game_node_error (reader, error, node,
                          _("the attribute “%s” of <%s> must be a size in millimetres from %d to %d, not “%s”"),
                          name, node->name, DW_GAME_CARD_SIZE_MIN, DW_GAME_CARD_SIZE_MAX, text);
      return FALSE;
    }
  *mm = value;
  return TRUE;
}

/* <card-size width height>: the printed card, which may stand anywhere
 * among the parts since nothing refers to it. */
static gboolean
parse_card_size (DwGame          *self,
                 DwXmlReader     *reader,
                 const DwXmlNode *node,
                 GError         **error)
{
  return card_size_side (reader, node, "width", &self->card_width, error) &&
         card_size_side (reader, node, "height", &self->card_height, error);
}

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
    { "zones", dw_game_parse_zones },
    { "table", dw_game_parse_table },
    { "deal", dw_game_parse_deal },
    { "statistics", dw_game_parse_statistics },
  };
  gboolean seen[G_N_ELEMENTS (parts)] = { FALSE, };
  gboolean seen_card_size = FALSE;
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
   * ones before it: types, properties, sections, formats, zones, table,
   * deal, statistics. */
  while (dw_xml_reader_next_element (reader, 1, &local_error))
    {
      g_autoptr(DwXmlNode) node = dw_xml_reader_read_node (reader, &local_error);
      gboolean known = FALSE;

      if (node == NULL)
        break;
      if (node->ns != g_intern_static_string (DW_GAME_NS))
        continue;

      if (strcmp (dw_xml_node_local_name (node), "card-size") == 0)
        {
          if (seen_card_size)
            dw_game_node_error (reader, &local_error, node, _("<%s> appears twice"), "card-size");
          else
            parse_card_size (self, reader, node, &local_error);
          seen_card_size = TRUE;
          if (local_error != NULL)
            break;
          continue;
        }

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
  if (!seen[G_N_ELEMENTS (parts) - 3])
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

  dw_game_deal_from_table (self);
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
