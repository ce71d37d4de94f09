/* dw-card-db.c — reading, indexing and writing a card database
 *
 * The file is read in one streaming pass.  Every card is checked against
 * its game's definition as it is read, so a database either loads whole
 * or fails with the file, line and column of the first thing wrong.
 * Everything the program does not understand is kept and written back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dw-card-db.h"

/* One child of <carddb> in file order: a card, or an element (info, set,
 * anything unknown) or comment kept as it was. */
typedef struct
{
  DwCard    *card;
  DwXmlNode *node;
} Item;

struct _DwCardDb
{
  GObject      parent_instance;

  char        *path;
  DwGame      *game;
  const char  *game_id;   /* interned, for every card */
  DwCardArena *arena;     /* the texts of the cards read from the file */
  char       **root_attrs;
  GPtrArray   *prolog;    /* comments before and after <carddb> */
  GPtrArray   *epilog;
  char        *title;
  char        *license;
  char        *source;
  GArray      *items;     /* Item */
  GArray      *sets;      /* DwCardSet */
  GPtrArray   *cards;     /* DwCard, the list model */
  GHashTable  *by_id;     /* id → DwCard */
  GHashTable  *by_name;   /* name key → first DwCard of that name */
  GPtrArray   *skipped;   /* GError: why each card left out was */
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DwCardDb, dw_card_db, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

G_DEFINE_QUARK (dw-card-db-error-quark, dw_card_db_error)

static void
clear_item (Item *item)
{
  g_clear_object (&item->card);
  g_clear_pointer (&item->node, dw_xml_node_free);
}

static void
clear_set (DwCardSet *set)
{
  g_free (set->name);
  g_free (set->released);
}

static const DwCardSet *
find_set (DwCardDb   *self,
          const char *id)
{
  for (guint i = 0; id && i < self->sets->len; i++)
    {
      const DwCardSet *set = &g_array_index (self->sets, DwCardSet, i);
      if (strcmp (set->id, id) == 0)
        return set;
    }
  return NULL;
}

static void
index_card (DwCardDb *self,
            DwCard   *card)
{
  g_ptr_array_add (self->cards, g_object_ref (card));
  g_hash_table_insert (self->by_id, (gpointer) dw_card_get_id (card), card);
  if (!g_hash_table_contains (self->by_name, dw_card_get_name_key (card)))
    g_hash_table_insert (self->by_name, (gpointer) dw_card_get_name_key (card), card);
}

/* Leaves out the cards whose set no <set> defines, each with its error
 * among the skipped, from every list and index the database keeps. */
static void
leave_out_orphans (DwCardDb    *self,
                   DwXmlReader *reader)
{
  g_autoptr(GHashTable) orphans = g_hash_table_new (NULL, NULL);
  GPtrArray *cards;
  GArray *items;

  for (guint i = 0; i < self->cards->len; i++)
    {
      DwCard *card = g_ptr_array_index (self->cards, i);
      const char *set = dw_card_get_set_id (card);
      GError *orphan = NULL;

      if (set == NULL || find_set (self, set) != NULL)
        continue;
      dw_xml_reader_set_error_at (reader, &orphan, dw_card_get_line (card), "card",
                                  DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                                  _("“%s” belongs to the set “%s”, which no <set> defines"),
                                  dw_card_get_name (card), set);
      g_ptr_array_add (self->skipped, orphan);
      g_hash_table_add (orphans, card);
    }
  if (g_hash_table_size (orphans) == 0)
    return;

  /* The items and cards kept move to new arrays, in file order. */
  items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (items, (GDestroyNotify) clear_item);
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = &g_array_index (self->items, Item, i);

      if (item->card == NULL || !g_hash_table_contains (orphans, item->card))
        {
          g_array_append_val (items, *item);
          *item = (Item) { 0 };
        }
    }
  g_array_unref (self->items);
  self->items = items;

  cards = g_ptr_array_new_with_free_func (g_object_unref);
  g_hash_table_remove_all (self->by_id);
  g_hash_table_remove_all (self->by_name);
  for (guint i = 0; i < self->cards->len; i++)
    {
      DwCard *card = g_ptr_array_index (self->cards, i);

      if (!g_hash_table_contains (orphans, card))
        {
          g_ptr_array_add (cards, g_object_ref (card));
          g_hash_table_insert (self->by_id, (gpointer) dw_card_get_id (card), card);
          if (!g_hash_table_contains (self->by_name, dw_card_get_name_key (card)))
            g_hash_table_insert (self->by_name, (gpointer) dw_card_get_name_key (card), card);
        }
    }
  g_ptr_array_unref (self->cards);
  self->cards = cards;
}

static gboolean
is_our (DwXmlReader *reader,
        const char  *local_name)
{
  const char *name = dw_xml_reader_get_local_name (reader);

  /* Asked of every element of a database: the first letter first. */
  return name != NULL && name[0] == local_name[0] &&
         dw_xml_reader_in_ns (reader, DW_CARD_DB_NS) &&
         strcmp (name, local_name) == 0;
}

static gboolean
parse_bool_attr (DwXmlReader *reader,
                 const char  *name,
                 gboolean    *value,
                 GError     **error)
{
  g_autofree char *text = dw_xml_reader_get_attribute (reader, name);

  *value = FALSE;
  if (text == NULL || strcmp (text, "false") == 0)
    return TRUE;
  if (strcmp (text, "true") == 0)
    {
      *value = TRUE;
      return TRUE;
    }

  dw_xml_reader_set_error (reader, error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                           _("%s must be “true” or “false”, not “%s”"), name, text);
  return FALSE;
}

/* What parse_card() gathers while it reads one card, kept from card to
 * card so that reading a card allocates next to nothing but the card. */
typedef struct
{
  GString      *text;     /* the card's texts, each ended by a NUL */
  GArray       *fields;   /* DwCardField, values not yet set */
  GArray       *offsets;  /* of each field's text in @text */
  gboolean     *seen;     /* the properties given, by their index in the game */
  guint         n_seen;
} Scratch;

static void
scratch_init (Scratch *scratch,
              DwGame  *game)
{
  scratch->text = g_string_sized_new (1024);
  scratch->fields = g_array_new (FALSE, FALSE, sizeof (DwCardField));
  scratch->offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
  scratch->n_seen = dw_game_get_n_properties (game);
  scratch->seen = g_new0 (gboolean, scratch->n_seen + 1);
}

static void
scratch_reset (Scratch *scratch)
{
  for (guint i = 0; i < scratch->fields->len; i++)
    dw_xml_node_free (g_array_index (scratch->fields, DwCardField, i).node);
  g_string_truncate (scratch->text, 0);
  g_array_set_size (scratch->fields, 0);
  g_array_set_size (scratch->offsets, 0);
  memset (scratch->seen, 0, (scratch->n_seen + 1) * sizeof (gboolean));
}

static void
scratch_clear (Scratch *scratch)
{
  scratch_reset (scratch);
  g_string_free (scratch->text, TRUE);
  g_array_unref (scratch->fields);
  g_array_unref (scratch->offsets);
  g_free (scratch->seen);
}

/* Adds a field whose text is @text->str from @offset on. */
static void
scratch_add (Scratch    *scratch,
             const char *name,
             DwXmlNode  *node,
             gsize       offset)
{
  DwCardField field = { name, NULL, node };

  g_string_append_c (scratch->text, '\0');
  g_array_append_val (scratch->fields, field);
  g_array_append_val (scratch->offsets, offset);
}

/* Keeps an element as it was, with its text for reading. */
static void
scratch_add_node (Scratch   *scratch,
                  DwXmlNode *node)
{
  g_autofree char *text = dw_xml_node_get_text (node);
  gsize offset = scratch->text->len;

  g_string_append (scratch->text, text);
  scratch_add (scratch, node->name ? g_intern_string (node->name) : NULL, node, offset);
}

/* The texts are in place once the card is read whole: only then do the
 * fields point into @text, which has stopped moving. */
static const DwCardField *
scratch_fields (Scratch *scratch)
{
  for (guint i = 0; i < scratch->fields->len; i++)
    g_array_index (scratch->fields, DwCardField, i).value =
      scratch->text->str + g_array_index (scratch->offsets, gsize, i);
  return (const DwCardField *) (gpointer) scratch->fields->data;
}

static gboolean
scratch_has (Scratch    *scratch,
             const char *property)
{
  for (guint i = 0; i < scratch->fields->len; i++)
    {
      const char *name = g_array_index (scratch->fields, DwCardField, i).name;

      if (name == property || (name != NULL && strcmp (name, property) == 0))
        return TRUE;
    }
  return FALSE;
}

/* Removes the white space around the text from @offset on, in place. */
static void
strip_from (GString *text,
            gsize    offset)
{
  gsize start = offset;
  gsize end = text->len;

  while (start < end && g_ascii_isspace (text->str[start]))
    start++;
  while (end > start && g_ascii_isspace (text->str[end - 1]))
    end--;
  if (start > offset)
    memmove (text->str + offset, text->str + start, end - start);
  g_string_truncate (text, offset + (end - start));
}

/* Attributes of <card> other than the ones it is read for: NULL for
 * nearly every card. */
static char **
extra_card_attributes (DwXmlReader *reader)
{
  static const char *known[] = { "id", "set", "revision", "token", NULL };
  g_auto(GStrv) all = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  guint n_known = 0;

  for (guint i = 0; known[i]; i++)
    n_known += dw_xml_reader_peek_attribute (reader, known[i]) != NULL;
  if (dw_xml_reader_get_n_attributes (reader) == n_known)
    return NULL;

  all = dw_xml_reader_get_attributes (reader);
  builder = g_strv_builder_new ();
  for (guint i = 0; all[i] && all[i + 1]; i += 2)
    if (!g_strv_contains (known, all[i]))
      {
        g_strv_builder_add (builder, all[i]);
        g_strv_builder_add (builder, all[i + 1]);
      }

  return g_strv_builder_end (builder);
}

/* Reads one property element of the card @name (NULL until its <name> is
 * read; @id names it until then), checking its value against the game's
 * definition of the property. */
static gboolean
parse_field (DwCardDb     *self,
             DwXmlReader  *reader,
             Scratch      *scratch,
             const char   *id,
             const char   *name,
             GError      **error)
{
  const DwPropertyDef *def = NULL;
  g_autoptr(DwXmlNode) node = NULL;
  g_autofree char *reason = NULL;
  gsize offset = scratch->text->len;
  gboolean ours = dw_xml_reader_in_ns (reader, DW_CARD_DB_NS);
  const char *qname;
  guint line;
  guint index;

  if (ours)
    def = dw_game_lookup_property (self->game, dw_xml_reader_get_local_name (reader));

  if (!ours || dw_xml_reader_is_comment (reader) || (def != NULL && def->kind == DW_PROPERTY_ELEMENT))
    {
      node = dw_xml_reader_read_node (reader, error);
      if (node == NULL)
        return FALSE;
      scratch_add_node (scratch, g_steal_pointer (&node));
      return TRUE;
    }

  /* The reader keeps the name as long as it lives. */
  qname = dw_xml_reader_get_qname (reader);
  line = dw_xml_reader_get_line (reader);
  if (!dw_xml_reader_read_value_into (reader, scratch->text, &node, error))
    return FALSE;

  if (def == NULL)
    {
      /* An element of our namespace this game does not declare: keep it
       * as a plain value so it can be read and written like the rest. */
      if (node == NULL)
        scratch_add (scratch, g_intern_string (qname), NULL, offset);
      else
        scratch_add_node (scratch, g_steal_pointer (&node));
      return TRUE;
    }

  if (node != NULL)
    {
      g_autofree char *text = NULL;

      for (guint i = 0; i < node->children->len; i++)
        if (((DwXmlNode *) g_ptr_array_index (node->children, i))->kind == DW_XML_NODE_ELEMENT)
          {
            dw_xml_reader_set_error_at (reader, error, line, qname,
                                        DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                                        _("<%s> holds a value, not elements"), qname);
            return FALSE;
          }
      text = dw_xml_node_get_text (node);
      g_string_append (scratch->text, text);
    }
  strip_from (scratch->text, offset);

  index = (guint) (def - dw_game_get_property (self->game, 0));
  if (scratch->seen[index])
    {
      dw_xml_reader_set_error_at (reader, error, line, qname,
                                  DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                                  _("“%s” has two <%s> elements; a card holds one %s"),
                                  name ? name : id, qname, def->name);
      return FALSE;
    }
  scratch->seen[index] = TRUE;

  if (!dw_property_def_check (def, scratch->text->str + offset, &reason))
    {
      dw_xml_reader_set_error_at (reader, error, line, qname,
                                  DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                                  "%s", reason);
      return FALSE;
    }

  /* Attributes or comments on a value are kept, with the value checked;
   * the text read is the node's own again. */
  if (node != NULL)
    {
      g_string_truncate (scratch->text, offset);
      scratch_add_node (scratch, g_steal_pointer (&node));
      return TRUE;
    }

  scratch_add (scratch, def->id, NULL, offset);
  return TRUE;
}

/* Reads the text of <name> or <type> into @buffer, stripped. */
static gboolean
parse_name_or_type (DwXmlReader  *reader,
                    GString      *buffer,
                    gboolean     *given,
                    const char   *id,
                    GError      **error)
{
  if (*given)
    {
      dw_xml_reader_set_error (reader, error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                               _("the card “%s” has two <%s> elements"),
                               id, dw_xml_reader_get_local_name (reader));
      return FALSE;
    }
  *given = TRUE;
  if (!dw_xml_reader_read_text_into (reader, buffer, error))
    return FALSE;
  strip_from (buffer, 0);
  return TRUE;
}

static DwCard *
parse_card (DwCardDb     *self,
            DwXmlReader  *reader,
            Scratch      *scratch,
            GString      *name,
            GString      *type,
            GError      **error)
{
  const char *id = dw_xml_reader_peek_attribute (reader, "id");
  const char *set = dw_xml_reader_peek_attribute (reader, "set");
  const char *revision_text = dw_xml_reader_peek_attribute (reader, "revision");
  g_autofree char *id_copy = NULL;
  g_auto(GStrv) extra = NULL;
  const DwCardTypeDef *type_def;
  const DwCardSet *known_set;
  DwCardInit init = { 0 };
  gboolean has_name = FALSE;
  gboolean has_type = FALSE;
  guint line = dw_xml_reader_get_line (reader);
  int depth = dw_xml_reader_get_depth (reader);
  GError *local_error = NULL;
  guint64 revision = 1;
  gboolean token;
  DwCard *card;

  scratch_reset (scratch);
  g_string_truncate (name, 0);
  g_string_truncate (type, 0);

  if (id == NULL || *id == '\0')
    {
      dw_xml_reader_set_error (reader, error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                               _("a <card> needs an “id” attribute"));
      return NULL;
    }
  if (revision_text != NULL &&
      !g_ascii_string_to_unsigned (revision_text, 10, 1, G_MAXUINT32, &revision, NULL))
    {
      dw_xml_reader_set_error (reader, error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                               _("the revision of “%s” must be a whole number from 1, not “%s”"),
                               id, revision_text);
      return NULL;
    }
  if (!parse_bool_attr (reader, "token", &token, error))
    return NULL;

  {
    DwCard *existing = g_hash_table_lookup (self->by_id, id);

    if (existing != NULL)
      {
        dw_xml_reader_set_error (reader, error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_DUPLICATE_ID,
                                 _("the id “%s” is used twice (first by “%s” on line %u); "
                                   "every card needs its own id"),
                                 id, dw_card_get_name (existing), dw_card_get_line (existing));
        return NULL;
      }
  }

  /* The attributes live only until the reader moves on. */
  known_set = find_set (self, set);
  init.id = id_copy = g_strdup (id);
  init.set_id = known_set ? known_set->id : set ? g_intern_string (set) : NULL;
  init.game_id = self->game_id;
  init.arena = self->arena;
  init.revision = (guint) revision;
  init.token = token;
  init.line = line;
  extra = extra_card_attributes (reader);

  if (!dw_xml_reader_is_empty (reader))
    {
      while (dw_xml_reader_next_child (reader, depth + 1, &local_error))
        {
          gboolean is_name = is_our (reader, "name");

          if (is_name || is_our (reader, "type"))
            {
              if (!parse_name_or_type (reader, is_name ? name : type, is_name ? &has_name : &has_type,
                                       id_copy, &local_error))
                break;
              continue;
            }

          if (!parse_field (self, reader, scratch, id_copy, has_name ? name->str : NULL, &local_error))
            break;
        }
      if (local_error != NULL)
        {
          g_propagate_error (error, local_error);
          return NULL;
        }
    }

  init.name = name->str;
  {
    g_autofree char *too_long = dw_card_check_name_length (init.name, _("The card’s name"));

    if (too_long != NULL)
      {
        dw_xml_reader_set_error_at (reader, error, line, "card", DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                                    "%s (%s)", too_long, id_copy);
        return NULL;
      }
  }
  if (*init.name == '\0')
    {
      dw_xml_reader_set_error_at (reader, error, line, "card", DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                                  _("the card “%s” has no <name>"), id_copy);
      return NULL;
    }
  if (*type->str == '\0')
    {
      dw_xml_reader_set_error_at (reader, error, line, "card", DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                                  _("the card “%s” (%s) has no <type>"), init.name, id_copy);
      return NULL;
    }
  type_def = dw_game_lookup_card_type (self->game, type->str);
  if (type_def == NULL)
    {
      g_autoptr(GString) allowed = g_string_new (NULL);

      for (guint i = 0; i < dw_game_get_n_types (self->game); i++)
        g_string_append_printf (allowed, "%s%s", i ? ", " : "",
                                dw_game_get_card_type_def (self->game, i)->id);
      dw_xml_reader_set_error_at (reader, error, line, "card", DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                                  _("“%s” is of type “%s”, which %s does not have; use one of %s"),
                                  init.name, type->str, dw_game_get_name (self->game), allowed->str);
      return NULL;
    }
  init.card_type = type_def->id;

  for (guint i = 0; i < dw_game_get_n_properties (self->game); i++)
    {
      const DwPropertyDef *def = dw_game_get_property (self->game, i);

      if (dw_strv_contains_nullable ((const char * const *) def->required_for, init.card_type) &&
          !scratch_has (scratch, def->id))
        {
          dw_xml_reader_set_error_at (reader, error, line, "card", DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                                      _("“%s” is a %s and needs a <%s> (%s)"),
                                      init.name, init.card_type, def->id, def->name);
          return NULL;
        }
    }

  init.extra_attrs = g_steal_pointer (&extra);
  init.fields = scratch_fields (scratch);
  init.n_fields = scratch->fields->len;
  card = dw_card_new_from_init (&init);
  /* The card has copied the texts and taken the nodes: only now may the
   * fields go, since emptying an array may clear what it held
   * (G_DEBUG=gc-friendly does) and @init.fields points into it. */
  g_array_set_size (scratch->fields, 0);
  return card;
}

static gboolean
parse_set (DwCardDb         *self,
           DwXmlReader      *reader,
           const DwXmlNode  *node,
           GError          **error)
{
  const char *id = dw_xml_node_get_attribute (node, "id");
  DwCardSet set = { 0 };

  if (id == NULL || *id == '\0')
    {
      dw_xml_reader_set_error_at (reader, error, node->line, node->name,
                                  DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                                  _("a <set> needs an “id” attribute"));
      return FALSE;
    }
  if (find_set (self, id) != NULL)
    {
      dw_xml_reader_set_error_at (reader, error, node->line, node->name,
                                  DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_DUPLICATE_ID,
                                  _("the set “%s” is defined twice"), id);
      return FALSE;
    }

  set.id = g_intern_string (id);
  set.name = g_strdup (dw_xml_node_get_attribute (node, "name") ?: id);
  set.released = g_strdup (dw_xml_node_get_attribute (node, "released"));
  g_array_append_val (self->sets, set);
  return TRUE;
}

static void
parse_info (DwCardDb        *self,
            const DwXmlNode *node)
{
  for (guint i = 0; i < node->children->len; i++)
    {
      const DwXmlNode *child = g_ptr_array_index (node->children, i);

      if (child->kind != DW_XML_NODE_ELEMENT || child->ns != g_intern_static_string (DW_CARD_DB_NS))
        continue;
      if (strcmp (child->name, "name") == 0)
        {
          g_free (self->title);
          self->title = dw_xml_node_get_text (child);
        }
      else if (strcmp (child->name, "license") == 0)
        {
          g_free (self->license);
          self->license = dw_xml_node_get_text (child);
        }
      else if (strcmp (child->name, "source") == 0)
        {
          g_free (self->source);
          self->source = dw_xml_node_get_text (child);
        }
    }
}

static guint
list_model_get_n_items (GListModel *model)
{
  return DW_CARD_DB (model)->cards->len;
}

static GType
list_model_get_item_type (GListModel *model)
{
  return DW_TYPE_CARD;
}

static gpointer
list_model_get_item (GListModel *model,
                     guint       position)
{
  DwCardDb *self = DW_CARD_DB (model);

  if (position >= self->cards->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->cards, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_n_items = list_model_get_n_items;
  iface->get_item_type = list_model_get_item_type;
  iface->get_item = list_model_get_item;
}

static void
dw_card_db_finalize (GObject *object)
{
  DwCardDb *self = DW_CARD_DB (object);

  g_free (self->path);
  g_clear_object (&self->game);
  g_strfreev (self->root_attrs);
  g_ptr_array_unref (self->prolog);
  g_ptr_array_unref (self->epilog);
  g_free (self->title);
  g_free (self->license);
  g_free (self->source);
  g_array_unref (self->items);
  g_array_unref (self->sets);
  g_ptr_array_unref (self->cards);
  g_hash_table_unref (self->by_id);
  g_hash_table_unref (self->by_name);
  g_ptr_array_unref (self->skipped);
  g_clear_pointer (&self->arena, dw_card_arena_unref);

  G_OBJECT_CLASS (dw_card_db_parent_class)->finalize (object);
}

static void
dw_card_db_class_init (DwCardDbClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dw_card_db_finalize;
}

static void
dw_card_db_init (DwCardDb *self)
{
  self->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (self->items, (GDestroyNotify) clear_item);
  self->sets = g_array_new (FALSE, TRUE, sizeof (DwCardSet));
  g_array_set_clear_func (self->sets, (GDestroyNotify) clear_set);
  self->cards = g_ptr_array_new_with_free_func (g_object_unref);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  self->skipped = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  self->prolog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  self->epilog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
}

DwCardDb *
dw_card_db_new (DwGame *game)
{
  DwCardDb *self = g_object_new (DW_TYPE_CARD_DB, NULL);

  self->game = g_object_ref (game);
  self->game_id = g_intern_string (dw_game_get_id (game));
  self->root_attrs = g_strdupv ((char *[]) { "xmlns", DW_CARD_DB_NS, "game", (char *) dw_game_get_id (game), NULL });
  return self;
}

static const char * const roots[] = { "carddb", NULL };

static DwCardDb *
load (DwXmlReader      *reader,
      DwGameLookupFunc  lookup,
      gpointer          user_data,
      GError          **error)
{
  g_autoptr(DwCardDb) self = NULL;
  g_autofree char *game_id = NULL;
  g_autoptr(GString) name = NULL;
  g_autoptr(GString) type = NULL;
  GError *local_error = NULL;
  Scratch scratch;
  DwGame *game;

  dw_xml_reader_set_max_size (reader, DW_CARD_DB_MAX_FILE_SIZE);
  if (!dw_xml_reader_read_root (reader, DW_CARD_DB_NS, roots, error))
    return NULL;

  game_id = dw_xml_reader_get_attribute (reader, "game");
  if (game_id == NULL || *game_id == '\0')
    {
      dw_xml_reader_set_error (reader, error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                               _("<carddb> needs a “game” attribute naming its game"));
      return NULL;
    }
  game = lookup ? lookup (game_id, user_data) : NULL;
  if (game == NULL)
    {
      dw_xml_reader_set_error (reader, error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_UNKNOWN_GAME,
                               _("the cards are for the game “%s”, which Deckwright does not know"),
                               game_id);
      return NULL;
    }

  self = g_object_new (DW_TYPE_CARD_DB, NULL);
  self->game = g_object_ref (game);
  self->game_id = g_intern_string (dw_game_get_id (game));
  self->arena = dw_card_arena_new ();
  self->root_attrs = dw_xml_reader_get_attributes (reader);
  dw_xml_nodes_extend (self->prolog, dw_xml_reader_get_prolog (reader));

  scratch_init (&scratch, game);
  name = g_string_sized_new (64);
  type = g_string_sized_new (64);

  if (!dw_xml_reader_is_empty (reader))
    while (dw_xml_reader_next_child (reader, 1, &local_error))
      {
        Item item = { 0 };

        if (is_our (reader, "card"))
          {
            item.card = parse_card (self, reader, &scratch, name, type, &local_error);
            /* One bad card is left out and the rest kept (issue 20, B8):
             * the next <card> is read from wherever this one stopped.
             * What is wrong with the XML itself still stops the file. */
            if (item.card == NULL && local_error->domain == DW_CARD_DB_ERROR)
              {
                g_ptr_array_add (self->skipped, g_steal_pointer (&local_error));
                continue;
              }
            if (item.card == NULL)
              break;
            index_card (self, item.card);
          }
        else
          {
            item.node = dw_xml_reader_read_node (reader, &local_error);
            if (item.node == NULL)
              break;
            if (item.node->kind == DW_XML_NODE_ELEMENT && item.node->ns == g_intern_static_string (DW_CARD_DB_NS))
              {
                if (strcmp (item.node->name, "set") == 0 && !parse_set (self, reader, item.node, &local_error))
                  {
                    dw_xml_node_free (item.node);
                    break;
                  }
                if (strcmp (item.node->name, "info") == 0)
                  parse_info (self, item.node);
              }
          }
        g_array_append_val (self->items, item);
      }

  scratch_clear (&scratch);

  if (local_error == NULL)
    dw_xml_reader_read_epilog (reader, self->epilog, &local_error);

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }

  /* Sets may come after the cards that use them, so they are checked at
   * the end; a card of a set no <set> defines is left out like any other
   * bad card (issue 20, B8), and the rest kept. */
  leave_out_orphans (self, reader);

  return g_steal_pointer (&self);
}

DwCardDb *
dw_card_db_load (const char        *path,
                 DwGameLookupFunc   lookup,
                 gpointer           user_data,
                 GError           **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_file (path, error);
  DwCardDb *self;

  if (reader == NULL)
    return NULL;

  self = load (reader, lookup, user_data, error);
  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (path);
      g_autofree char *absolute = g_canonicalize_filename (dir, NULL);

      self->path = g_strdup (path);
      for (guint i = 0; i < self->cards->len; i++)
        dw_card_set_base_dir (g_ptr_array_index (self->cards, i), absolute);
    }
  return self;
}

DwCardDb *
dw_card_db_load_data (const char        *data,
                      gsize              length,
                      const char        *display_name,
                      DwGameLookupFunc   lookup,
                      gpointer           user_data,
                      GError           **error)
{
  g_autoptr(DwXmlReader) reader = dw_xml_reader_new_for_data (data, length, display_name);

  return load (reader, lookup, user_data, error);
}

static void
write_card (GString *out,
            DwCard  *card)
{
  char **extra = dw_card_get_extra_attributes (card);

  g_string_append (out, "  <card id=\"");
  dw_xml_escape_attribute (out, dw_card_get_id (card));
  g_string_append_c (out, '"');
  if (dw_card_get_set_id (card) != NULL)
    {
      g_string_append (out, " set=\"");
      dw_xml_escape_attribute (out, dw_card_get_set_id (card));
      g_string_append_c (out, '"');
    }
  if (dw_card_get_revision (card) != 1)
    g_string_append_printf (out, " revision=\"%u\"", dw_card_get_revision (card));
  if (dw_card_is_token (card))
    g_string_append (out, " token=\"true\"");
  for (guint i = 0; extra && extra[i] && extra[i + 1]; i += 2)
    {
      g_string_append_printf (out, " %s=\"", extra[i]);
      dw_xml_escape_attribute (out, extra[i + 1]);
      g_string_append_c (out, '"');
    }
  g_string_append (out, ">\n");

  dw_xml_write_element (out, 4, "name", dw_card_get_name (card));
  dw_xml_write_element (out, 4, "type", dw_card_get_card_type (card));

  for (guint i = 0; i < dw_card_get_n_fields (card); i++)
    {
      const DwCardField *field = dw_card_get_field (card, i);

      if (field->node != NULL)
        {
          g_string_append (out, "    ");
          dw_xml_write_node (out, field->node);
          g_string_append_c (out, '\n');
        }
      else
        dw_xml_write_element (out, 4, field->name, field->value);
    }

  g_string_append (out, "  </card>\n");
}

char *
dw_card_db_to_string (DwCardDb *self)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);

  dw_xml_write_comments (out, self->prolog);
  g_string_append (out, "<carddb");

  for (guint i = 0; self->root_attrs[i] && self->root_attrs[i + 1]; i += 2)
    {
      g_string_append_printf (out, " %s=\"", self->root_attrs[i]);
      dw_xml_escape_attribute (out, self->root_attrs[i + 1]);
      g_string_append_c (out, '"');
    }
  g_string_append (out, ">\n");

  for (guint i = 0; i < self->items->len; i++)
    {
      const Item *item = &g_array_index (self->items, Item, i);

      if (item->card != NULL)
        write_card (out, item->card);
      else
        {
          g_string_append (out, "  ");
          dw_xml_write_node (out, item->node);
          g_string_append_c (out, '\n');
        }
    }

  g_string_append (out, "</carddb>\n");
  dw_xml_write_comments (out, self->epilog);
  return g_string_free (out, FALSE);
}

/* Saves atomically: a failure leaves the file at @path as it was. */
gboolean
dw_card_db_save (DwCardDb    *self,
                 const char  *path,
                 GError     **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DW_IS_CARD_DB (self), FALSE);

  if (self->skipped->len > 0)
    {
      g_set_error (error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s: %u card was left out when the file was read, and saving would "
                                "lose it; correct the file instead",
                                "%s: %u cards were left out when the file was read, and saving "
                                "would lose them; correct the file instead",
                                self->skipped->len),
                   self->path ? self->path : path, self->skipped->len);
      return FALSE;
    }

  text = dw_card_db_to_string (self);

  if (!dw_xml_save (path, text, -1, error))
    return FALSE;

  if (g_strcmp0 (self->path, path) != 0)
    {
      g_free (self->path);
      self->path = g_strdup (path);
    }
  return TRUE;
}

/* Adds a card at the end; fails if its id is taken. */
gboolean
dw_card_db_add_card (DwCardDb  *self,
                     DwCard    *card,
                     GError   **error)
{
  Item item = { 0 };

  g_return_val_if_fail (DW_IS_CARD_DB (self), FALSE);
  g_return_val_if_fail (DW_IS_CARD (card), FALSE);

  if (g_hash_table_contains (self->by_id, dw_card_get_id (card)))
    {
      g_set_error (error, DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_DUPLICATE_ID,
                   _("the id “%s” is already used"), dw_card_get_id (card));
      return FALSE;
    }

  dw_card_set_game_id (card, dw_game_get_id (self->game));
  item.card = g_object_ref (card);
  g_array_append_val (self->items, item);
  index_card (self, card);
  g_list_model_items_changed (G_LIST_MODEL (self), self->cards->len - 1, 0, 1);
  return TRUE;
}

const char *
dw_card_db_get_path (DwCardDb *self)
{
  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);
  return self->path;
}

DwGame *
dw_card_db_get_game (DwCardDb *self)
{
  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);
  return self->game;
}

const char *
dw_card_db_get_title (DwCardDb *self)
{
  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);
  return self->title;
}

const char *
dw_card_db_get_license (DwCardDb *self)
{
  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);
  return self->license;
}

/* Where the cards come from (<info><source>), for a printed sheet's credits. */
const char *
dw_card_db_get_source (DwCardDb *self)
{
  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);
  return self->source;
}

guint
dw_card_db_get_n_sets (DwCardDb *self)
{
  g_return_val_if_fail (DW_IS_CARD_DB (self), 0);
  return self->sets->len;
}

const DwCardSet *
dw_card_db_get_set (DwCardDb *self,
                    guint     index)
{
  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);
  g_return_val_if_fail (index < self->sets->len, NULL);
  return &g_array_index (self->sets, DwCardSet, index);
}

DwCard *
dw_card_db_lookup_id (DwCardDb   *self,
                      const char *id)
{
  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);
  return id ? g_hash_table_lookup (self->by_id, id) : NULL;
}

/* The first card with @name, compared case-insensitively. */
DwCard *
dw_card_db_lookup_name (DwCardDb   *self,
                        const char *name)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);

  if (name == NULL)
    return NULL;
  key = dw_card_name_key (name);
  return g_hash_table_lookup (self->by_name, key);
}

/* The cards in order, without a reference each: for loops over every
 * card (a search), where g_list_model_get_item()'s reference per card
 * costs more than the match.  Valid until the database changes. */
DwCard * const *
dw_card_db_peek_cards (DwCardDb *self,
                       guint    *n_cards)
{
  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);

  *n_cards = self->cards->len;
  return (DwCard * const *) self->cards->pdata;
}

/* Makes every card's sort key (dw_card_get_sort_key()) now, in the
 * thread that read the database, so that a list sorting the cards by
 * name on the main thread finds them made. */
void
dw_card_db_make_sort_keys (DwCardDb *self)
{
  g_return_if_fail (DW_IS_CARD_DB (self));

  for (guint i = 0; i < self->cards->len; i++)
    dw_card_get_sort_key (g_ptr_array_index (self->cards, i));
}

/* Why each card left out of the database was (DW_CARD_DB_ERROR, at the
 * card's file:line:column): a card that breaks the game's definition is
 * skipped and the rest load. */
GPtrArray *
dw_card_db_get_skipped (DwCardDb *self)
{
  g_return_val_if_fail (DW_IS_CARD_DB (self), NULL);
  return self->skipped;
}
