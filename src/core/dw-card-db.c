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
  char       **root_attrs;
  GPtrArray   *prolog;    /* comments before and after <carddb> */
  GPtrArray   *epilog;
  char        *title;
  char        *license;
  GArray      *items;     /* Item */
  GArray      *sets;      /* DwCardSet */
  GPtrArray   *cards;     /* DwCard, the list model */
  GHashTable  *by_id;     /* id → DwCard */
  GHashTable  *by_name;   /* interned name key → first DwCard of that name */
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

static gboolean
is_our (DwXmlReader *reader,
        const char  *local_name)
{
  return dw_xml_reader_in_ns (reader, DW_CARD_DB_NS) &&
         strcmp (dw_xml_reader_get_local_name (reader), local_name) == 0;
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

/* Attributes of <card> other than the ones it is read for (none, for
 * nearly every card). */
static char **
extra_card_attributes (DwXmlReader *reader)
{
  static const char *known[] = { "id", "set", "revision", "token", NULL };
  g_auto(GStrv) all = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  gboolean any = FALSE;

  all = dw_xml_reader_get_attributes (reader);
  for (guint i = 0; all[i] && all[i + 1] && !any; i += 2)
    any = !g_strv_contains (known, all[i]);
  if (!any)
    return g_new0 (char *, 1);

  builder = g_strv_builder_new ();
  for (guint i = 0; all[i] && all[i + 1]; i += 2)
    if (!g_strv_contains (known, all[i]))
      {
        g_strv_builder_add (builder, all[i]);
        g_strv_builder_add (builder, all[i + 1]);
      }

  return g_strv_builder_end (builder);
}

/* Reads one property element into @card, checking its value against the
 * game's definition of the property.  @seen marks the properties the card
 * has given already, by their index in the game definition. */
static gboolean
parse_field (DwCardDb     *self,
             DwXmlReader  *reader,
             DwCard       *card,
             gboolean     *seen,
             GError      **error)
{
  const DwPropertyDef *def = NULL;
  g_autoptr(DwXmlNode) node = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *text = NULL;
  gboolean ours = dw_xml_reader_in_ns (reader, DW_CARD_DB_NS);
  const char *qname;
  guint line;
  guint index;

  if (ours)
    def = dw_game_lookup_property (self->game, dw_xml_reader_get_local_name (reader));

  if (dw_xml_reader_is_comment (reader) || (def != NULL && def->kind == DW_PROPERTY_ELEMENT))
    {
      node = dw_xml_reader_read_node (reader, error);
      if (node == NULL)
        return FALSE;
      dw_card_add_node (card, g_steal_pointer (&node));
      return TRUE;
    }

  if (!ours)
    {
      node = dw_xml_reader_read_node (reader, error);
      if (node == NULL)
        return FALSE;
      dw_card_add_node (card, g_steal_pointer (&node));
      return TRUE;
    }

  /* The name interned now, since the reader moves on. */
  qname = g_intern_string (dw_xml_reader_get_qname (reader));
  line = dw_xml_reader_get_line (reader);
  if (!dw_xml_reader_read_value (reader, &text, &node, error))
    return FALSE;

  if (def == NULL)
    {
      /* An element of our namespace this game does not declare: keep it
       * as a plain value so it can be read and written like the rest. */
      if (node == NULL)
        dw_card_set_value (card, qname, text);
      else
        dw_card_add_node (card, g_steal_pointer (&node));
      return TRUE;
    }

  if (node != NULL)
    {
      for (guint i = 0; i < node->children->len; i++)
        if (((DwXmlNode *) g_ptr_array_index (node->children, i))->kind == DW_XML_NODE_ELEMENT)
          {
            dw_xml_reader_set_error_at (reader, error, line, qname,
                                        DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                                        _("<%s> holds a value, not elements"), qname);
            return FALSE;
          }
      text = dw_xml_node_get_text (node);
    }
  g_strstrip (text);

  index = (guint) (def - dw_game_get_property (self->game, 0));
  if (seen[index])
    {
      dw_xml_reader_set_error_at (reader, error, line, qname,
                                  DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                                  _("“%s” has two <%s> elements; a card holds one %s"),
                                  dw_card_get_name (card) ?: dw_card_get_id (card), qname, def->name);
      return FALSE;
    }
  seen[index] = TRUE;

  if (!dw_property_def_check (def, text, &reason))
    {
      dw_xml_reader_set_error_at (reader, error, line, qname,
                                  DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                                  "%s", reason);
      return FALSE;
    }

  /* Attributes or comments on a value are kept, with the value checked. */
  if (node != NULL)
    {
      dw_card_add_node (card, g_steal_pointer (&node));
      return TRUE;
    }

  dw_card_set_value (card, def->id, text);
  return TRUE;
}

static DwCard *
parse_card (DwCardDb     *self,
            DwXmlReader  *reader,
            GError      **error)
{
  g_autoptr(DwCard) card = NULL;
  g_autofree gboolean *seen = g_new0 (gboolean, dw_game_get_n_properties (self->game) + 1);
  g_autofree char *id = dw_xml_reader_get_attribute (reader, "id");
  g_autofree char *set = dw_xml_reader_get_attribute (reader, "set");
  g_autofree char *revision_text = dw_xml_reader_get_attribute (reader, "revision");
  g_autofree char *name = NULL;
  g_autofree char *type = NULL;
  guint line = dw_xml_reader_get_line (reader);
  int depth = dw_xml_reader_get_depth (reader);
  GError *local_error = NULL;
  guint64 revision = 1;
  gboolean token;

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

  /* Name and type are given to the card once the element is read. */
  card = dw_card_new (id, NULL, NULL);
  dw_card_set_line (card, line);
  dw_card_set_game_id (card, dw_game_get_id (self->game));
  dw_card_set_revision (card, (guint) revision);
  dw_card_set_token (card, token);
  dw_card_take_extra_attributes (card, extra_card_attributes (reader));
  if (set != NULL)
    dw_card_set_set_id (card, set);

  if (!dw_xml_reader_is_empty (reader))
    {
      while (dw_xml_reader_next_child (reader, depth + 1, &local_error))
        {
          gboolean is_name = is_our (reader, "name");

          if (is_name || is_our (reader, "type"))
            {
              char **target = is_name ? &name : &type;

              if (*target != NULL)
                {
                  dw_xml_reader_set_error (reader, &local_error, DW_CARD_DB_ERROR,
                                           DW_CARD_DB_ERROR_BAD_VALUE,
                                           _("the card “%s” has two <%s> elements"),
                                           id, is_name ? "name" : "type");
                  break;
                }
              *target = dw_xml_reader_read_text (reader, &local_error);
              if (*target == NULL)
                break;
              g_strstrip (*target);
              continue;
            }

          if (!parse_field (self, reader, card, seen, &local_error))
            break;
        }
      if (local_error != NULL)
        {
          g_propagate_error (error, local_error);
          return NULL;
        }
    }

  if (name == NULL || *name == '\0')
    {
      dw_xml_reader_set_error_at (reader, error, line, "card", DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                                  _("the card “%s” has no <name>"), id);
      return NULL;
    }
  if (type == NULL || *type == '\0')
    {
      dw_xml_reader_set_error_at (reader, error, line, "card", DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                                  _("the card “%s” (%s) has no <type>"), name, id);
      return NULL;
    }
  if (dw_game_lookup_card_type (self->game, type) == NULL)
    {
      g_autoptr(GString) allowed = g_string_new (NULL);

      for (guint i = 0; i < dw_game_get_n_types (self->game); i++)
        g_string_append_printf (allowed, "%s%s", i ? ", " : "",
                                dw_game_get_card_type_def (self->game, i)->id);
      dw_xml_reader_set_error_at (reader, error, line, "card", DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_BAD_VALUE,
                                  _("“%s” is of type “%s”, which %s does not have; use one of %s"),
                                  name, type, dw_game_get_name (self->game), allowed->str);
      return NULL;
    }

  for (guint i = 0; i < dw_game_get_n_properties (self->game); i++)
    {
      const DwPropertyDef *def = dw_game_get_property (self->game, i);

      if (dw_strv_contains_nullable ((const char * const *) def->required_for, type) &&
          dw_card_get_value (card, def->id) == NULL)
        {
          dw_xml_reader_set_error_at (reader, error, line, "card", DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                                      _("“%s” is a %s and needs a <%s> (%s)"),
                                      name, type, def->id, def->name);
          return NULL;
        }
    }

  dw_card_set_name_and_type (card, name, type);
  return g_steal_pointer (&card);
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
  g_array_unref (self->items);
  g_array_unref (self->sets);
  g_ptr_array_unref (self->cards);
  g_hash_table_unref (self->by_id);
  g_hash_table_unref (self->by_name);

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
  self->by_name = g_hash_table_new (NULL, NULL);
  self->prolog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
  self->epilog = g_ptr_array_new_with_free_func ((GDestroyNotify) dw_xml_node_free);
}

DwCardDb *
dw_card_db_new (DwGame *game)
{
  DwCardDb *self = g_object_new (DW_TYPE_CARD_DB, NULL);

  self->game = g_object_ref (game);
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
  GError *local_error = NULL;
  DwGame *game;

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
  self->root_attrs = dw_xml_reader_get_attributes (reader);
  dw_xml_nodes_extend (self->prolog, dw_xml_reader_get_prolog (reader));

  if (!dw_xml_reader_is_empty (reader))
    while (dw_xml_reader_next_child (reader, 1, &local_error))
      {
        Item item = { 0 };

        if (is_our (reader, "card"))
          {
            item.card = parse_card (self, reader, &local_error);
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

  if (local_error == NULL)
    dw_xml_reader_read_epilog (reader, self->epilog, &local_error);

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }

  /* Sets may come after the cards that use them, so check at the end. */
  for (guint i = 0; i < self->cards->len; i++)
    {
      DwCard *card = g_ptr_array_index (self->cards, i);
      const char *set = dw_card_get_set_id (card);

      if (set != NULL && find_set (self, set) == NULL)
        {
          dw_xml_reader_set_error_at (reader, error, dw_card_get_line (card), "card",
                                      DW_CARD_DB_ERROR, DW_CARD_DB_ERROR_MISSING,
                                      _("“%s” belongs to the set “%s”, which no <set> defines"),
                                      dw_card_get_name (card), set);
          return NULL;
        }
    }

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
    self->path = g_strdup (path);
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
  return g_hash_table_lookup (self->by_name, g_intern_string (key));
}
