/* dw-card.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dw-card.h"

struct _DwCard
{
  GObject      parent_instance;

  char        *id;
  char        *name;
  const char  *name_key;   /* interned */
  const char  *card_type;  /* interned */
  const char  *set_id;     /* interned */
  const char  *game_id;    /* interned */
  guint        revision;
  guint        line;
  gboolean     token;
  GArray      *fields;     /* DwCardField */
  char       **extra_attrs;
};

G_DEFINE_FINAL_TYPE (DwCard, dw_card, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_CARD_TYPE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
clear_field (DwCardField *field)
{
  g_free (field->value);
  g_clear_pointer (&field->node, dw_xml_node_free);
}

static void
dw_card_finalize (GObject *object)
{
  DwCard *self = DW_CARD (object);

  g_free (self->id);
  g_free (self->name);
  g_array_unref (self->fields);
  g_strfreev (self->extra_attrs);

  G_OBJECT_CLASS (dw_card_parent_class)->finalize (object);
}

static void
dw_card_get_gproperty (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  DwCard *self = DW_CARD (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_CARD_TYPE:
      g_value_set_string (value, self->card_type);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_card_class_init (DwCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dw_card_finalize;
  object_class->get_property = dw_card_get_gproperty;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CARD_TYPE] =
    g_param_spec_string ("card-type", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dw_card_init (DwCard *self)
{
  self->revision = 1;
  self->fields = g_array_new (FALSE, TRUE, sizeof (DwCardField));
  g_array_set_clear_func (self->fields, (GDestroyNotify) clear_field);
}

/* The key under which two names count as the same card: Unicode
 * normalised, case folded, surrounding space trimmed. */
char *
dw_card_name_key (const char *name)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (name ? name : ""));
  g_autofree char *normal = NULL;
  const char *p;

  /* ASCII is its own normal form, and folds to lower case: most names
   * take this road, one allocation instead of three. */
  for (p = trimmed; *p != '\0' && (guchar) *p < 0x80; p++)
    ;
  if (*p == '\0')
    {
      for (char *q = trimmed; *q != '\0'; q++)
        *q = g_ascii_tolower (*q);
      return g_steal_pointer (&trimmed);
    }

  normal = g_utf8_normalize (trimmed, -1, G_NORMALIZE_ALL_COMPOSE);
  return g_utf8_casefold (normal ? normal : trimmed, -1);
}

DwCard *
dw_card_new (const char *id,
             const char *name,
             const char *card_type)
{
  DwCard *self = g_object_new (DW_TYPE_CARD, NULL);
  g_autofree char *key = dw_card_name_key (name);

  self->id = g_strdup (id);
  self->name = g_strdup (name);
  self->name_key = g_intern_string (key);
  self->card_type = g_intern_string (card_type);
  return self;
}

/* Names a card after it was made: readers learn the name and type only
 * once the whole <card> element is read. */
void
dw_card_set_name_and_type (DwCard     *self,
                           const char *name,
                           const char *card_type)
{
  g_autofree char *key = dw_card_name_key (name);

  g_return_if_fail (DW_IS_CARD (self));

  g_free (self->name);
  self->name = g_strdup (name);
  self->name_key = g_intern_string (key);
  self->card_type = g_intern_string (card_type);
}

const char *
dw_card_get_id (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->id;
}

const char *
dw_card_get_name (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->name;
}

/* The case-folded name; interned, so keys compare by pointer. */
const char *
dw_card_get_name_key (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->name_key;
}

const char *
dw_card_get_card_type (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->card_type;
}

const char *
dw_card_get_set_id (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->set_id;
}

void
dw_card_set_set_id (DwCard     *self,
                    const char *set_id)
{
  g_return_if_fail (DW_IS_CARD (self));
  self->set_id = g_intern_string (set_id);
}

guint
dw_card_get_revision (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), 1);
  return self->revision;
}

void
dw_card_set_revision (DwCard *self,
                      guint   revision)
{
  g_return_if_fail (DW_IS_CARD (self));
  self->revision = MAX (revision, 1);
}

/* Tokens are never counted in a deck's size or copy limits. */
gboolean
dw_card_is_token (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), FALSE);
  return self->token;
}

void
dw_card_set_token (DwCard   *self,
                   gboolean  token)
{
  g_return_if_fail (DW_IS_CARD (self));
  self->token = !!token;
}

const char *
dw_card_get_game_id (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->game_id;
}

void
dw_card_set_game_id (DwCard     *self,
                     const char *game_id)
{
  g_return_if_fail (DW_IS_CARD (self));
  self->game_id = g_intern_string (game_id);
}

/* Callers mostly pass the game definition's interned ids, which the
 * pointer test finds; anything else is compared by its text.  Interning
 * @property here instead took GLib's global quark lock for every card a
 * search looked at. */
static DwCardField *
find_field (DwCard     *self,
            const char *property)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      DwCardField *field = &g_array_index (self->fields, DwCardField, i);
      /* A comment kept among the fields has no name. */
      if (field->name == property ||
          (field->name != NULL && property != NULL && strcmp (field->name, property) == 0))
        return field;
    }
  return NULL;
}

/* The text of the first element named @property, or NULL. */
const char *
dw_card_get_value (DwCard     *self,
                   const char *property)
{
  DwCardField *field;

  g_return_val_if_fail (DW_IS_CARD (self), NULL);

  if (strcmp (property, "name") == 0)
    return self->name;
  if (strcmp (property, "type") == 0)
    return self->card_type;

  field = find_field (self, property);
  return field ? field->value : NULL;
}

gboolean
dw_card_get_int (DwCard     *self,
                 const char *property,
                 gint64     *value)
{
  const char *text = dw_card_get_value (self, property);

  return text != NULL &&
         g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, value, NULL);
}

/* Sets a simple property, replacing its first element or adding one. */
void
dw_card_set_value (DwCard     *self,
                   const char *property,
                   const char *value)
{
  DwCardField *field;
  DwCardField added = { 0 };

  g_return_if_fail (DW_IS_CARD (self));

  field = find_field (self, property);
  if (field != NULL)
    {
      g_clear_pointer (&field->node, dw_xml_node_free);
      g_free (field->value);
      field->value = g_strdup (value);
      return;
    }

  added.name = g_intern_string (property);
  added.value = g_strdup (value);
  g_array_append_val (self->fields, added);
}

/* Keeps an element with attributes or children (or one we do not
 * understand) exactly as it was.  Takes ownership of @node. */
void
dw_card_add_node (DwCard    *self,
                  DwXmlNode *node)
{
  DwCardField added = { 0 };

  g_return_if_fail (DW_IS_CARD (self));

  added.name = g_intern_string (node->name);
  added.value = dw_xml_node_get_text (node);
  added.node = node;
  g_array_append_val (self->fields, added);
}

guint
dw_card_get_n_fields (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), 0);
  return self->fields->len;
}

const DwCardField *
dw_card_get_field (DwCard *self,
                   guint   index)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  g_return_val_if_fail (index < self->fields->len, NULL);
  return &g_array_index (self->fields, DwCardField, index);
}

/* All the fields at once, for loops over many cards (a search), which
 * dw_card_get_field()'s check of @self on every field would slow. */
const DwCardField *
dw_card_get_fields (DwCard *self,
                    guint  *n_fields)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);

  *n_fields = self->fields->len;
  return (const DwCardField *) (gpointer) self->fields->data;
}

/* Attributes of <card> other than id, set, revision and token. */
char **
dw_card_get_extra_attributes (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->extra_attrs;
}

void
dw_card_take_extra_attributes (DwCard  *self,
                               char   **attrs)
{
  g_return_if_fail (DW_IS_CARD (self));
  g_strfreev (self->extra_attrs);
  self->extra_attrs = attrs;
}

guint
dw_card_get_line (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), 0);
  return self->line;
}

void
dw_card_set_line (DwCard *self,
                  guint   line)
{
  g_return_if_fail (DW_IS_CARD (self));
  self->line = line;
}
