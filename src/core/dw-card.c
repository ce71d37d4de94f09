/* dw-card.c — one card of a card database
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-card-private.h"

#define ALIGN_UP(n, alignment) (((n) + (alignment) - 1) / (alignment) * (alignment))

/* Blocks are cut from chunks of this size; a card bigger than a quarter
 * of one (a text of megabytes) gets a chunk of its own. */
#define ARENA_CHUNK_SIZE (1024 * 1024)

struct _DwCardArena
{
  GPtrArray *chunks;
  char      *next;
  gsize      left;
};

static void
arena_clear (DwCardArena *arena)
{
  g_ptr_array_unref (arena->chunks);
}

DwCardArena *
dw_card_arena_new (void)
{
  DwCardArena *arena = g_atomic_rc_box_new0 (DwCardArena);

  arena->chunks = g_ptr_array_new_with_free_func (g_free);
  return arena;
}

DwCardArena *
dw_card_arena_ref (DwCardArena *arena)
{
  return g_atomic_rc_box_acquire (arena);
}

void
dw_card_arena_unref (DwCardArena *arena)
{
  g_atomic_rc_box_release_full (arena, (GDestroyNotify) arena_clear);
}

/* Only the one thread reading a database cuts blocks from its arena. */
static gpointer
arena_alloc (DwCardArena *arena,
             gsize        size)
{
  gpointer block;

  size = ALIGN_UP (size, 2 * sizeof (gpointer));
  if (size > ARENA_CHUNK_SIZE / 4)
    {
      block = g_malloc (size);
      g_ptr_array_add (arena->chunks, block);
      return block;
    }
  if (size > arena->left)
    {
      arena->next = g_malloc (ARENA_CHUNK_SIZE);
      arena->left = ARENA_CHUNK_SIZE;
      g_ptr_array_add (arena->chunks, arena->next);
    }
  block = arena->next;
  arena->next += size;
  arena->left -= size;
  return block;
}

G_DEFINE_FINAL_TYPE (DwCard, dw_card, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_CARD_TYPE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gsize
text_size (const char *text)
{
  return text ? strlen (text) + 1 : 0;
}

static char *
copy_text (char       **cursor,
           const char  *text)
{
  gsize size = text_size (text);
  char *copy = *cursor;

  if (text == NULL)
    return NULL;
  memcpy (copy, text, size);
  *cursor += size;
  return copy;
}

/* Makes the one block holding the id, @name, its key and @fields (whose
 * texts are copied and whose nodes it takes).  @name_key may be NULL. */
static DwCardValues *
values_new (DwCardArena       *arena,
            const char        *id,
            const char        *name,
            const char        *name_key,
            const DwCardField *fields,
            guint              n_fields)
{
  g_autofree char *computed_key = NULL;
  gsize names_size;
  gsize size;
  DwCardValues *values;
  char *cursor;

  if (name_key == NULL && name != NULL)
    name_key = computed_key = dw_card_name_key (name);

  /* The name key right after the header, where a name search, which
   * reads nothing else, finds it in the same cache line; the fields after
   * the names, aligned, and their texts last. */
  names_size = text_size (name_key) + text_size (name) + text_size (id);
  size = ALIGN_UP (sizeof (DwCardValues) + names_size, G_ALIGNOF (DwCardField)) + n_fields * sizeof (DwCardField);
  for (guint i = 0; i < n_fields; i++)
    size += text_size (fields[i].value);

  values = arena ? arena_alloc (arena, size) : g_malloc (size);
  values->n_fields = n_fields;
  cursor = (char *) (values + 1);
  values->name_key = copy_text (&cursor, name_key);
  values->name = copy_text (&cursor, name);
  values->id = copy_text (&cursor, id);
  values->fields = (DwCardField *) ((char *) values + ALIGN_UP (sizeof (DwCardValues) + names_size, G_ALIGNOF (DwCardField)));
  cursor = (char *) &values->fields[n_fields];
  for (guint i = 0; i < n_fields; i++)
    {
      values->fields[i].name = fields[i].name;
      values->fields[i].node = fields[i].node;
      values->fields[i].value = copy_text (&cursor, fields[i].value);
    }
  g_assert (cursor == (char *) values + size);
  return values;
}

/* Frees the card's block (unless its arena holds it); the nodes of its
 * fields are freed only when @nodes. */
static void
values_free (DwCard   *self,
             gboolean  nodes)
{
  DwCardValues *values = self->values;

  if (values == NULL)
    return;
  for (guint i = 0; nodes && i < values->n_fields; i++)
    dw_xml_node_free (values->fields[i].node);
  if (self->arena == NULL)
    g_free (values);
  self->values = NULL;
}

/* Replaces the block, when a value changes (which loaders and importers
 * do a few times per card, never a search). */
static void
replace_values (DwCard            *self,
                const char        *name,
                const DwCardField *fields,
                guint              n_fields)
{
  DwCardValues *old = self->values;
  const char *key = old->name == name || g_strcmp0 (old->name, name) == 0 ? old->name_key : NULL;
  DwCardValues *values = values_new (NULL, old->id, name, key, fields, n_fields);

  /* The old block stays in the arena, which only goes as a whole. */
  if (key == NULL)
    g_clear_pointer (&self->sort_key, g_free);
  values_free (self, FALSE);
  g_clear_pointer (&self->arena, dw_card_arena_unref);
  self->values = values;
}

static void
dw_card_finalize (GObject *object)
{
  DwCard *self = DW_CARD (object);

  values_free (self, TRUE);
  g_clear_pointer (&self->arena, dw_card_arena_unref);
  g_strfreev (self->extra_attrs);
  g_free (self->sort_key);

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
      g_value_set_string (value, self->values->id);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->values->name);
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
}

/* NFKC, then full case folding, folded once more where GLib's folding
 * is not its own fixed point: it folds a small Cherokee letter to the
 * capital (as Unicode's CaseFolding.txt says) but a capital to the small
 * one (its lower case), so "ꮮ" and its fold "Ꮮ" would swap at every
 * pass.  The result is what folding it again gives. */
char *
dw_card_fold_text (const char *text)
{
  g_autofree char *normal = g_utf8_normalize (text, -1, G_NORMALIZE_ALL_COMPOSE);
  char *folded = g_utf8_casefold (normal ? normal : text, -1);
  GString *settled;
  const char *p;

  for (p = folded; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_tolower (g_utf8_get_char (p)) != g_utf8_get_char (p))
      break;
  if (*p == '\0')
    return folded;  /* nearly always: nothing folded to a capital */

  settled = g_string_sized_new (strlen (folded));
  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    g_string_append_unichar (settled, g_unichar_tolower (g_utf8_get_char (p)));
  g_free (folded);
  return g_string_free (settled, FALSE);
}

/* The key under which two names count as the same card: Unicode
 * normalised, case folded, surrounding space trimmed. */
char *
dw_card_name_key (const char *name)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (name ? name : ""));
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

  return dw_card_fold_text (trimmed);
}

DwCard *
dw_card_new (const char *id,
             const char *name,
             const char *card_type)
{
  DwCard *self = g_object_new (DW_TYPE_CARD, NULL);

  self->values = values_new (NULL, id, name, NULL, NULL, 0);
  self->card_type = g_intern_string (card_type);
  return self;
}

DwCard *
dw_card_new_from_init (const DwCardInit *init)
{
  DwCard *self = g_object_new (DW_TYPE_CARD, NULL);

  self->arena = init->arena ? dw_card_arena_ref (init->arena) : NULL;
  self->values = values_new (self->arena, init->id, init->name, NULL, init->fields, init->n_fields);
  self->card_type = init->card_type;
  self->set_id = init->set_id;
  self->game_id = init->game_id;
  self->revision = MAX (init->revision, 1);
  self->line = init->line;
  self->token = !!init->token;
  self->extra_attrs = init->extra_attrs;
  return self;
}

/* Names a card after it was made. */
void
dw_card_set_name_and_type (DwCard     *self,
                           const char *name,
                           const char *card_type)
{
  g_return_if_fail (DW_IS_CARD (self));

  replace_values (self, name, self->values->fields, self->values->n_fields);
  self->card_type = g_intern_string (card_type);
}

const char *
dw_card_get_id (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->values->id;
}

const char *
dw_card_get_name (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->values->name;
}

/* What sorts cards by name as the player's language sorts words: the
 * collation key of the name key (g_utf8_collate_key()), so that a list
 * compares keys with strcmp().  Made on the first call and kept: a
 * database's reader makes them all in its own thread
 * (dw_card_db_make_sort_keys()), since for 100,000 cards they take
 * seconds; the first call for a card must not race another. */
const char *
dw_card_get_sort_key (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);

  if (self->sort_key == NULL)
    self->sort_key = g_utf8_collate_key (self->values->name_key ? self->values->name_key : "", -1);
  return self->sort_key;
}

/* The case-folded name (see dw_card_name_key()). */
const char *
dw_card_get_name_key (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->values->name_key;
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

/* The folder of the database file the card was read from, which an
 * image path relative to the database starts from; NULL for a card not
 * read from a file. */
const char *
dw_card_get_base_dir (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->base_dir;
}

void
dw_card_set_base_dir (DwCard     *self,
                      const char *base_dir)
{
  g_return_if_fail (DW_IS_CARD (self));
  self->base_dir = g_intern_string (base_dir);
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
static int
find_field (DwCard     *self,
            const char *property)
{
  for (guint i = 0; i < self->values->n_fields; i++)
    {
      const DwCardField *field = &self->values->fields[i];

      /* A comment kept among the fields has no name. */
      if (field->name == property ||
          (field->name != NULL && property != NULL && strcmp (field->name, property) == 0))
        return (int) i;
    }
  return -1;
}

/* The text of the first element named @property, or NULL. */
const char *
dw_card_get_value (DwCard     *self,
                   const char *property)
{
  int index;

  g_return_val_if_fail (DW_IS_CARD (self), NULL);

  if (strcmp (property, "name") == 0)
    return self->values->name;
  if (strcmp (property, "type") == 0)
    return self->card_type;

  index = find_field (self, property);
  return index >= 0 ? self->values->fields[index].value : NULL;
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
  g_autofree DwCardField *fields = NULL;
  guint n;
  int index;

  g_return_if_fail (DW_IS_CARD (self));

  n = self->values->n_fields;
  fields = g_new (DwCardField, n + 1);
  memcpy (fields, self->values->fields, n * sizeof (DwCardField));

  index = find_field (self, property);
  if (index >= 0)
    {
      g_clear_pointer (&fields[index].node, dw_xml_node_free);
      fields[index].value = (char *) value;
    }
  else
    {
      fields[n].name = g_intern_string (property);
      fields[n].value = (char *) value;
      fields[n].node = NULL;
      n++;
    }

  replace_values (self, self->values->name, fields, n);
}

/* Keeps an element with attributes or children (or one we do not
 * understand) exactly as it was.  Takes ownership of @node. */
void
dw_card_add_node (DwCard    *self,
                  DwXmlNode *node)
{
  g_autofree DwCardField *fields = NULL;
  g_autofree char *text = NULL;
  guint n;

  g_return_if_fail (DW_IS_CARD (self));

  n = self->values->n_fields;
  fields = g_new (DwCardField, n + 1);
  memcpy (fields, self->values->fields, n * sizeof (DwCardField));
  text = dw_xml_node_get_text (node);
  fields[n].name = node->name ? g_intern_string (node->name) : NULL;
  fields[n].value = text;
  fields[n].node = node;

  replace_values (self, self->values->name, fields, n + 1);
}

guint
dw_card_get_n_fields (DwCard *self)
{
  g_return_val_if_fail (DW_IS_CARD (self), 0);
  return self->values->n_fields;
}

const DwCardField *
dw_card_get_field (DwCard *self,
                   guint   index)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  g_return_val_if_fail (index < self->values->n_fields, NULL);
  return &self->values->fields[index];
}

/* All the fields at once, for loops over many cards (a search), which
 * dw_card_get_field()'s check of @self on every field would slow. */
const DwCardField *
dw_card_get_fields (DwCard *self,
                    guint  *n_fields)
{
  g_return_val_if_fail (DW_IS_CARD (self), NULL);

  *n_fields = self->values->n_fields;
  return self->values->fields;
}

/* Attributes of <card> other than id, set, revision and token, as a
 * name, value, … vector (empty for nearly every card). */
char **
dw_card_get_extra_attributes (DwCard *self)
{
  static char *none[] = { NULL };

  g_return_val_if_fail (DW_IS_CARD (self), NULL);
  return self->extra_attrs ? self->extra_attrs : none;
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

/* NULL when @name (a deck's or a card's, as @what says) is no longer
 * than DW_MAX_NAME_LENGTH characters, else why it cannot be read. */
char *
dw_card_check_name_length (const char *name,
                           const char *what)
{
  glong length;

  if (name == NULL || strlen (name) <= DW_MAX_NAME_LENGTH)
    return NULL;
  length = g_utf8_strlen (name, -1);
  if (length <= DW_MAX_NAME_LENGTH)
    return NULL;
  return g_strdup_printf (_("%s is %ld characters long; a name has at most %u"),
                          what, length, DW_MAX_NAME_LENGTH);
}
