/* dw-folder-model.c — the files of one folder as a list, following the disk
 *
 * A GListModel of GFileInfo (with "standard::file" set), read in chunks
 * in the background and kept up to date by a GFileMonitor.  Every event
 * only names a file to look at again: a short while later the file is
 * queried, and its row added, replaced or removed by what is on disk
 * then.  So an atomic save (a temporary file written, then renamed over
 * the deck) or a file that vanishes before it could be queried leaves
 * the list right, where GtkDirectoryList (GTK 4.8) stops following the
 * folder once a file it heard of is gone before it could look at it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-folder-model.h"

#define CHUNK 5000

struct _DwFolderModel
{
  GObject       parent_instance;

  char         *attributes;
  GFile        *folder;
  GListStore   *items;      /* GFileInfo */
  GHashTable   *by_name;    /* basename → GFileInfo in @items */
  GFileMonitor *monitor;
  GCancellable *cancellable;
  GError       *error;
  GHashTable   *to_look_at; /* basenames the monitor named */
  GPtrArray    *loaded;     /* GFileInfo read, shown once all are */
  guint         look_source;
};

static void dw_folder_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DwFolderModel, dw_folder_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, dw_folder_model_list_model_init))

enum {
  PROP_0,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
add_info (DwFolderModel *self,
          GFile         *file,
          GFileInfo     *info)
{
  g_file_info_set_attribute_object (info, "standard::file", G_OBJECT (file));
  g_hash_table_replace (self->by_name, g_strdup (g_file_info_get_name (info)), info);
}

static void
remove_named (DwFolderModel *self,
              const char    *name)
{
  GFileInfo *old = g_hash_table_lookup (self->by_name, name);
  guint position;

  if (old == NULL)
    return;
  if (g_list_store_find (self->items, old, &position))
    g_list_store_remove (self->items, position);
  g_hash_table_remove (self->by_name, name);
}

/* Makes the row of @name what the disk holds now. */
static void
look_at (DwFolderModel *self,
         const char    *name)
{
  g_autoptr(GFile) file = g_file_get_child (self->folder, name);
  g_autoptr(GFileInfo) info = g_file_query_info (file, self->attributes, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  GFileInfo *old = g_hash_table_lookup (self->by_name, name);
  guint position;

  /* Read by the first listing, not yet shown: changed where it waits. */
  if (old != NULL && g_ptr_array_find (self->loaded, old, &position))
    {
      if (info == NULL)
        {
          g_hash_table_remove (self->by_name, name);
          g_ptr_array_remove_index (self->loaded, position);
          return;
        }
      g_file_info_set_name (info, name);
      add_info (self, file, info);
      g_ptr_array_index (self->loaded, position) = g_object_ref (info);
      g_object_unref (old);
      return;
    }

  if (info == NULL)
    {
      remove_named (self, name);
      return;
    }
  /* The query leaves the name out unless asked for it. */
  g_file_info_set_name (info, name);
  if (old != NULL && g_list_store_find (self->items, old, &position))
    {
      add_info (self, file, info);
      g_list_store_splice (self->items, position, 1, (gpointer *) &info, 1);
    }
  else
    {
      add_info (self, file, info);
      g_list_store_append (self->items, info);
    }
}

static gboolean
look_cb (gpointer user_data)
{
  DwFolderModel *self = user_data;
  g_autoptr(GHashTable) names = g_steal_pointer (&self->to_look_at);
  GHashTableIter iter;
  gpointer name;

  self->look_source = 0;
  self->to_look_at = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    look_at (self, name);
  return G_SOURCE_REMOVE;
}

static void
queue_look (DwFolderModel *self,
            GFile         *file)
{
  g_autoptr(GFile) parent = file ? g_file_get_parent (file) : NULL;

  /* Only the folder's own children: not the folder itself. */
  if (parent == NULL || !g_file_equal (parent, self->folder))
    return;
  g_hash_table_add (self->to_look_at, g_file_get_basename (file));
  /* Events come in bursts (a save is a create, writes and a rename):
   * one look after the burst. */
  if (self->look_source == 0)
    self->look_source = g_timeout_add (50, look_cb, self);
}

static void
on_changed_cb (GFileMonitor      *monitor,
               GFile             *file,
               GFile             *other_file,
               GFileMonitorEvent  event,
               DwFolderModel     *self)
{
  queue_look (self, file);
  if (other_file != NULL)
    queue_look (self, other_file);
}

static void
finish_loading (DwFolderModel *self,
                GError        *error)
{
  /* One change for the whole folder: a sorted view sorts once, not once
   * per chunk read. */
  g_list_store_splice (self->items, g_list_model_get_n_items (G_LIST_MODEL (self->items)), 0,
                       self->loaded->pdata, self->loaded->len);
  g_ptr_array_set_size (self->loaded, 0);
  g_clear_object (&self->cancellable);
  if (error != NULL)
    {
      g_clear_error (&self->error);
      self->error = error;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
got_files_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GFileEnumerator *enumerator = G_FILE_ENUMERATOR (source);
  GError *error = NULL;
  GList *files = g_file_enumerator_next_files_finish (enumerator, result, &error);
  DwFolderModel *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_error_free (error);
      return;
    }
  self = user_data;
  if (files == NULL)
    {
      finish_loading (self, error);
      return;
    }

  for (GList *l = files; l != NULL; l = l->next)
    {
      GFileInfo *info = l->data;

      /* The monitor may have told of it first. */
      if (g_hash_table_contains (self->by_name, g_file_info_get_name (info)))
        {
          g_object_unref (info);
          continue;
        }
      {
        g_autoptr(GFile) child = g_file_enumerator_get_child (enumerator, info);

        add_info (self, child, info);
      }
      g_ptr_array_add (self->loaded, info);
    }
  g_list_free (files);
  g_file_enumerator_next_files_async (enumerator, CHUNK, G_PRIORITY_DEFAULT, self->cancellable,
                                      got_files_cb, self);
}

static void
got_enumerator_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  GError *error = NULL;
  g_autoptr(GFileEnumerator) enumerator = g_file_enumerate_children_finish (G_FILE (source), result, &error);
  DwFolderModel *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_error_free (error);
      return;
    }
  self = user_data;
  if (enumerator == NULL)
    {
      finish_loading (self, error);
      return;
    }
  g_file_enumerator_next_files_async (enumerator, CHUNK, G_PRIORITY_DEFAULT, self->cancellable,
                                      got_files_cb, self);
}

static void
stop (DwFolderModel *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
    }
  g_clear_object (&self->monitor);
  g_clear_handle_id (&self->look_source, g_source_remove);
  g_hash_table_remove_all (self->to_look_at);
  g_ptr_array_set_size (self->loaded, 0);
}

static GType
dw_folder_model_get_item_type (GListModel *model)
{
  return G_TYPE_FILE_INFO;
}

static guint
dw_folder_model_get_n_items (GListModel *model)
{
  return g_list_model_get_n_items (G_LIST_MODEL (DW_FOLDER_MODEL (model)->items));
}

static gpointer
dw_folder_model_get_item (GListModel *model,
                          guint       position)
{
  return g_list_model_get_item (G_LIST_MODEL (DW_FOLDER_MODEL (model)->items), position);
}

static void
dw_folder_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dw_folder_model_get_item_type;
  iface->get_n_items = dw_folder_model_get_n_items;
  iface->get_item = dw_folder_model_get_item;
}

static void
on_items_changed_cb (GListModel    *items,
                     guint          position,
                     guint          removed,
                     guint          added,
                     DwFolderModel *self)
{
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}

static void
dw_folder_model_dispose (GObject *object)
{
  DwFolderModel *self = DW_FOLDER_MODEL (object);

  stop (self);
  G_OBJECT_CLASS (dw_folder_model_parent_class)->dispose (object);
}

static void
dw_folder_model_finalize (GObject *object)
{
  DwFolderModel *self = DW_FOLDER_MODEL (object);

  g_clear_pointer (&self->by_name, g_hash_table_unref);
  g_clear_pointer (&self->to_look_at, g_hash_table_unref);
  g_clear_pointer (&self->loaded, g_ptr_array_unref);
  g_clear_object (&self->items);
  g_clear_object (&self->folder);
  g_clear_error (&self->error);
  g_free (self->attributes);
  G_OBJECT_CLASS (dw_folder_model_parent_class)->finalize (object);
}

static void
dw_folder_model_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DwFolderModel *self = DW_FOLDER_MODEL (object);

  switch (prop_id)
    {
    case PROP_LOADING:
      g_value_set_boolean (value, dw_folder_model_is_loading (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_folder_model_class_init (DwFolderModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dw_folder_model_dispose;
  object_class->finalize = dw_folder_model_finalize;
  object_class->get_property = dw_folder_model_get_property;

  /* TRUE while the folder is first read. */
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dw_folder_model_init (DwFolderModel *self)
{
  self->items = g_list_store_new (G_TYPE_FILE_INFO);
  self->by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->to_look_at = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->loaded = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect (self->items, "items-changed", G_CALLBACK (on_items_changed_cb), self);
}

/* @attributes as g_file_query_info() takes them; "standard::name" is
 * always read. */
DwFolderModel *
dw_folder_model_new (const char *attributes)
{
  DwFolderModel *self = g_object_new (DW_TYPE_FOLDER_MODEL, NULL);

  self->attributes = g_strconcat ("standard::name,", attributes, NULL);
  return self;
}

/* Lists @folder from now on, watching it. */
void
dw_folder_model_set_folder (DwFolderModel *self,
                            GFile         *folder)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DW_IS_FOLDER_MODEL (self));
  g_return_if_fail (G_IS_FILE (folder));

  stop (self);
  g_clear_error (&self->error);
  g_hash_table_remove_all (self->by_name);
  g_list_store_remove_all (self->items);
  g_set_object (&self->folder, folder);

  self->monitor = g_file_monitor_directory (folder, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (self->monitor != NULL)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (on_changed_cb), self);
  else
    g_debug ("%s is not watched: %s", g_file_peek_path (folder), error->message);

  self->cancellable = g_cancellable_new ();
  g_file_enumerate_children_async (folder, self->attributes, G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT,
                                   self->cancellable, got_enumerator_cb, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

GFile *
dw_folder_model_get_folder (DwFolderModel *self)
{
  g_return_val_if_fail (DW_IS_FOLDER_MODEL (self), NULL);
  return self->folder;
}

gboolean
dw_folder_model_is_loading (DwFolderModel *self)
{
  g_return_val_if_fail (DW_IS_FOLDER_MODEL (self), FALSE);
  return self->cancellable != NULL;
}

/* Why the folder could not be read, or NULL. */
const GError *
dw_folder_model_get_error (DwFolderModel *self)
{
  g_return_val_if_fail (DW_IS_FOLDER_MODEL (self), NULL);
  return self->error;
}
