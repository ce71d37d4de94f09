/* dw-game.c — a game definition: what a card is, how a deck is divided, the table
 *
 * A game is data where its rules are declarative: what a card is, how a
 * deck is divided, which formats exist and how the table is laid out.  This
 * file is the DwGame those parts are read into and what the rest of the
 * program asks of it; reading a definition is dw-game-read.c (types,
 * properties, sections, formats) and dw-game-table-read.c (zones, table
 * rules, deal, statistics), and a game's formats are dw-game-formats.c.  The
 * helpers those readers share are here, below them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-game-private.h"

G_DEFINE_FINAL_TYPE (DwGame, dw_game, G_TYPE_OBJECT)

G_DEFINE_QUARK (dw-game-error-quark, dw_game_error)

static void
clear_type_def (DwCardTypeDef *def)
{
  g_free (def->name);
}

void
dw_property_def_clear (DwPropertyDef *def)
{
  g_free (def->name);
  g_free (def->unit);
  g_free (def->short_name);
  g_strfreev (def->values);
  g_strfreev (def->value_names);
  g_strfreev (def->required_for);
}

void
dw_section_def_clear (DwSectionDef *def)
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

void
dw_counter_def_clear (DwCounterDef *def)
{
  g_free (def->name);
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

gboolean
dw_game_is_blank (const char *text)
{
  while (g_ascii_isspace (*text))
    text++;
  return *text == '\0';
}

/* A name shown to players: given or the id, never empty (issue 20, B7). */
gboolean
dw_game_node_name (DwXmlReader      *reader,
                   const DwXmlNode  *node,
                   const char       *id,
                   const char      **name,
                   GError          **error)
{
  const char *given = dw_xml_node_get_attribute (node, "name");

  if (given != NULL && dw_game_is_blank (given))
    {
      dw_game_node_error (reader, error, node, _("the name of “%s” is empty; leave “name” out to "
                                                 "use the id"), id);
      return FALSE;
    }
  *name = given ? given : id;
  return TRUE;
}

/* The definitions of one kind (types, properties, sections, zones,
 * counters) each begin with their id and their name. */
typedef struct
{
  const char *id;
  char       *name;
} NamedDef;

G_STATIC_ASSERT (G_STRUCT_OFFSET (DwCardTypeDef, name) == G_STRUCT_OFFSET (NamedDef, name));
G_STATIC_ASSERT (G_STRUCT_OFFSET (DwPropertyDef, name) == G_STRUCT_OFFSET (NamedDef, name));
G_STATIC_ASSERT (G_STRUCT_OFFSET (DwSectionDef, name) == G_STRUCT_OFFSET (NamedDef, name));
G_STATIC_ASSERT (G_STRUCT_OFFSET (DwZoneDef, name) == G_STRUCT_OFFSET (NamedDef, name));
G_STATIC_ASSERT (G_STRUCT_OFFSET (DwCounterDef, name) == G_STRUCT_OFFSET (NamedDef, name));

/* Whether a definition of @defs is named @name already: players tell
 * two things of one kind apart by their names, so each has its own. */
gboolean
dw_game_name_taken (GArray     *defs,
                    const char *name)
{
  for (guint i = 0; i < defs->len; i++)
    {
      const NamedDef *def = (const NamedDef *) (gpointer) (defs->data + (gsize) i * g_array_get_element_size (defs));

      if (strcmp (def->name, name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* An element of our namespace that the parent does not hold: a typing
 * mistake that would otherwise be ignored.  Comments and other
 * namespaces' elements are left alone. */
gboolean
dw_game_refuse_unknown (DwXmlReader      *reader,
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

char **
dw_game_split_list (const char *text)
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

gboolean
dw_game_check_types (DwGame          *self,
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
  g_ptr_array_unref (self->numbers);
  g_clear_object (&self->formats);

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
  g_array_set_clear_func (self->properties, (GDestroyNotify) dw_property_def_clear);
  self->sections = g_array_new (FALSE, TRUE, sizeof (DwSectionDef));
  g_array_set_clear_func (self->sections, (GDestroyNotify) dw_section_def_clear);
  self->zones = g_array_new (FALSE, TRUE, sizeof (DwZoneDef));
  g_array_set_clear_func (self->zones, (GDestroyNotify) clear_zone_def);
  self->table.hand_limit = -1;
  self->card_width = DW_GAME_CARD_WIDTH_DEFAULT;
  self->card_height = DW_GAME_CARD_HEIGHT_DEFAULT;
  self->table.counters = g_array_new (FALSE, TRUE, sizeof (DwCounterDef));
  g_array_set_clear_func (self->table.counters, (GDestroyNotify) dw_counter_def_clear);
  self->numbers = g_ptr_array_new ();
  g_ptr_array_add (self->numbers, NULL);
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

/* How the statistics, the odds and the goldfish simulation deal a deck
 * of the game (its <deal>, or its <table>'s draws), or NULL when the game
 * states no deal. */
const DwDeal *
dw_game_get_deal (DwGame *self)
{
  g_return_val_if_fail (DW_IS_GAME (self), NULL);
  return self->has_deal ? &self->deal : NULL;
}

/* The property the statistics' curve counts by (<statistics curve>), or
 * NULL when the definition names none. */
const DwPropertyDef *
dw_game_get_curve_property (DwGame *self)
{
  g_return_val_if_fail (DW_IS_GAME (self), NULL);
  return dw_game_lookup_property (self, self->curve);
}

/* The whole-number properties the statistics weigh (<statistics
 * numbers>), NULL-ended. */
const char * const *
dw_game_get_statistics_numbers (DwGame *self)
{
  g_return_val_if_fail (DW_IS_GAME (self), NULL);
  return (const char * const *) self->numbers->pdata;
}

/* The printed card's size in millimetres: the definition's <card-size>,
 * else DW_GAME_CARD_WIDTH_DEFAULT by DW_GAME_CARD_HEIGHT_DEFAULT. */
void
dw_game_get_card_size (DwGame *self,
                       double *width_mm,
                       double *height_mm)
{
  g_return_if_fail (DW_IS_GAME (self));
  *width_mm = self->card_width;
  *height_mm = self->card_height;
}
