/* dw-deck-library.c — every deck the player owns: folders of deck files and their index
 *
 * A scan goes in three steps: list the roots, take from the index (or
 * read, through dw-deck-library-entry.c) every deck file, and apply the
 * result, a GPtrArray sorted by path, to the GListModel.  Listing and
 * reading can run in a worker thread; applying is the main thread's.
 * Listing and the scan itself are dw-deck-library-scan.c's, the index file
 * dw-deck-library-index.c's (docs/library.md describes it), a folder
 * dw-deck-library-folder.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "dw-deck-library-private.h"
#include "dw-deck-library-scan-private.h"
#include "dw-deck-versions.h"
#include "dw-import.h"
#include "dw-save.h"

#define INDEX_NAME    "deck-library.index"

struct _DwDeckLibrary
{
  GObject       parent_instance;

  DwLibrary    *cards;
  char         *index_path;
  char        **roots;
  GPtrArray    *entries;      /* DwDeckLibraryEntry, by path */
  GHashTable   *by_path;      /* path → DwDeckLibraryEntry */
  GListStore   *folders;      /* DwDeckLibraryFolder */
  GHashTable   *monitors;     /* folder path → GFileMonitor */
  GHashTable   *pending;      /* paths a monitor reported, refreshed in an idle */
  guint         pending_id;
  char         *stamp;        /* the card data the entries were judged with */
  gboolean      watching;
  gboolean      index_dirty;
  DwDeckCardIndex *card_index; /* made on first search, or NULL */
};

static void dw_deck_library_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DwDeckLibrary, dw_deck_library, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, dw_deck_library_list_model_init))

G_DEFINE_QUARK (dw-deck-library-error-quark, dw_deck_library_error)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* --- the model -------------------------------------------------------- */

static GType
dw_deck_library_get_item_type (GListModel *model)
{
  return DW_TYPE_DECK_LIBRARY_ENTRY;
}

static guint
dw_deck_library_get_n_items (GListModel *model)
{
  return DW_DECK_LIBRARY (model)->entries->len;
}

static gpointer
dw_deck_library_get_item (GListModel *model,
                          guint       position)
{
  DwDeckLibrary *self = DW_DECK_LIBRARY (model);

  if (position >= self->entries->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->entries, position));
}

static void
dw_deck_library_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dw_deck_library_get_item_type;
  iface->get_n_items = dw_deck_library_get_n_items;
  iface->get_item = dw_deck_library_get_item;
}

static void update_monitors (DwDeckLibrary *self);

static gboolean
same_folders (GListModel *model,
              GPtrArray  *folders)
{
  if (g_list_model_get_n_items (model) != folders->len)
    return FALSE;
  for (guint i = 0; i < folders->len; i++)
    {
      g_autoptr(DwDeckLibraryFolder) a = g_list_model_get_item (model, i);
      DwDeckLibraryFolder *b = g_ptr_array_index (folders, i);

      if (strcmp (a->path, b->path) != 0 || (a->error == NULL) != (b->error == NULL) ||
          (a->error != NULL && strcmp (a->error->message, b->error->message) != 0))
        return FALSE;
    }
  return TRUE;
}

static void
apply_scan (DwDeckLibrary *self,
            Scan          *scan)
{
  gboolean entries_same = scan->entries->len == self->entries->len;
  gboolean folders_same = same_folders (G_LIST_MODEL (self->folders), scan->folders);
  guint old_len = self->entries->len;

  g_free (self->stamp);
  self->stamp = g_strdup (scan->stamp);
  for (guint i = 0; entries_same && i < scan->entries->len; i++)
    entries_same = g_ptr_array_index (scan->entries, i) == g_ptr_array_index (self->entries, i);

  if (!folders_same)
    g_list_store_splice (G_LIST_STORE (self->folders), 0,
                         g_list_model_get_n_items (G_LIST_MODEL (self->folders)),
                         scan->folders->pdata, scan->folders->len);

  if (!entries_same)
    {
      g_autoptr(GPtrArray) old = g_steal_pointer (&self->entries);

      self->entries = g_ptr_array_ref (scan->entries);
      g_hash_table_remove_all (self->by_path);
      for (guint i = 0; i < self->entries->len; i++)
        {
          DwDeckLibraryEntry *entry = g_ptr_array_index (self->entries, i);

          g_hash_table_insert (self->by_path, entry->path, entry);
        }
      /* The entries the scan let go leave the card index; those it made
       * are put in when a search next needs them.  A first scan's worker
       * made the index of all of them. */
      if (self->card_index == NULL && old->len == 0 && scan->card_index != NULL)
        self->card_index = g_steal_pointer (&scan->card_index);
      else if (self->card_index != NULL)
        for (guint i = 0; i < old->len; i++)
          {
            DwDeckLibraryEntry *entry = g_ptr_array_index (old, i);

            if (g_hash_table_lookup (self->by_path, entry->path) != entry)
              dw_deck_card_index_remove (self->card_index, entry);
          }
      g_list_model_items_changed (G_LIST_MODEL (self), 0, old_len, self->entries->len);
    }

  if (self->watching)
    update_monitors (self);
  if (!entries_same || !folders_same)
    g_signal_emit (self, signals[CHANGED], 0);
}

static Scan *
scan_new (DwDeckLibrary *self)
{
  Scan *scan = g_new0 (Scan, 1);

  scan->cards = g_object_ref (self->cards);
  scan->index_path = g_strdup (self->index_path);
  scan->roots = g_strdupv (self->roots);
  scan->live_stamp = g_strdup (self->stamp);
  scan->live = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  for (guint i = 0; i < self->entries->len; i++)
    {
      DwDeckLibraryEntry *entry = g_ptr_array_index (self->entries, i);

      g_hash_table_insert (scan->live, entry->path, g_object_ref (entry));
    }
  return scan;
}

/* --- following the disk ----------------------------------------------- */

static void
on_monitor_changed_cb (GFileMonitor      *monitor,
                       GFile             *file,
                       GFile             *other,
                       GFileMonitorEvent  event,
                       gpointer           user_data);

static void queue_refresh (DwDeckLibrary *self,
                           GFile         *file);

/* What happened in a folder between the scan's listing of it and the
 * start of its monitor is told by no monitor: a deck written, changed or
 * removed in that moment, a folder made.  So each folder whose monitor
 * has just started is looked at once more, and whatever differs from the
 * model is refreshed as a monitor's report would be: a deck at once, a
 * folder (a scan) in an idle.  A stat per deck and a listing per folder,
 * once per folder watched. */
static void
catch_up (DwDeckLibrary *self,
          GHashTable    *started)
{
  g_autoptr(GPtrArray) decks = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) known = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->folders));
  gboolean at_limit = FALSE;
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (G_LIST_MODEL (self->folders), i);

      g_hash_table_add (known, folder->path);
      /* A library past its limits lists no more decks or folders: the
       * ones left out are not new. */
      if (g_error_matches (folder->error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LIMIT))
        at_limit = TRUE;
    }

  /* The decks listed there: changed or gone since. */
  for (guint i = 0; i < self->entries->len; i++)
    {
      DwDeckLibraryEntry *entry = g_ptr_array_index (self->entries, i);
      struct stat st;

      if (!g_hash_table_contains (started, entry->folder))
        continue;
      if (stat (entry->path, &st) == 0 && S_ISREG (st.st_mode))
        {
          Listed listed = { entry->path, entry->root, (guint64) st.st_size, deck_library_stat_mtime_ns (&st) };

          if (deck_library_entry_is_current (entry, &listed))
            continue;
        }
      g_ptr_array_add (decks, g_strdup (entry->path));
    }

  /* The names there that are not listed: decks or folders new since. */
  g_hash_table_iter_init (&iter, started);
  while (!at_limit && g_hash_table_iter_next (&iter, &key, NULL))
    {
      g_autoptr(GDir) dir = g_dir_open (key, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = NULL;

          if (name[0] == '.')
            continue;
          child = g_build_filename (key, name, NULL);
          if (g_hash_table_contains (self->by_path, child) || g_hash_table_contains (known, child))
            continue;
          if (deck_library_has_deck_extension (name))
            g_ptr_array_add (decks, g_steal_pointer (&child));
          else if (g_file_test (child, G_FILE_TEST_IS_DIR))
            {
              g_autoptr(GFile) file = g_file_new_for_path (child);

              queue_refresh (self, file);
            }
        }
    }

  for (guint i = 0; i < decks->len; i++)
    dw_deck_library_refresh_path (self, g_ptr_array_index (decks, i));
}

static void
update_monitors (DwDeckLibrary *self)
{
  g_autoptr(GHashTable) wanted = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) started = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->folders));
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (G_LIST_MODEL (self->folders), i);

      if (folder->error != NULL)
        continue;
      g_hash_table_add (wanted, folder->path);
      if (!g_hash_table_contains (self->monitors, folder->path))
        {
          g_autoptr(GFile) file = g_file_new_for_path (folder->path);
          GFileMonitor *monitor = g_file_monitor_directory (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);

          if (monitor == NULL)
            continue;
          g_signal_connect (monitor, "changed", G_CALLBACK (on_monitor_changed_cb), self);
          g_hash_table_insert (self->monitors, g_strdup (folder->path), monitor);
          g_hash_table_add (started, g_strdup (folder->path));
        }
    }

  g_hash_table_iter_init (&iter, self->monitors);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (wanted, key))
      g_hash_table_iter_remove (&iter);

  if (g_hash_table_size (started) > 0)
    catch_up (self, started);
}

static void
monitor_free (gpointer data)
{
  GFileMonitor *monitor = data;

  g_signal_handlers_disconnect_matched (monitor, G_SIGNAL_MATCH_FUNC, 0, 0, NULL,
                                        on_monitor_changed_cb, NULL);
  g_file_monitor_cancel (monitor);
  g_object_unref (monitor);
}

static gboolean
refresh_pending_cb (gpointer user_data)
{
  DwDeckLibrary *self = user_data;
  g_autoptr(GHashTable) pending = g_steal_pointer (&self->pending);
  g_autofree char **paths = NULL;
  guint n;

  self->pending_id = 0;
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  paths = (char **) g_hash_table_get_keys_as_array (pending, &n);
  for (guint i = 0; i < n; i++)
    dw_deck_library_refresh_path (self, paths[i]);
  return G_SOURCE_REMOVE;
}

static void
queue_refresh (DwDeckLibrary *self,
               GFile         *file)
{
  g_autofree char *path = file ? g_file_get_path (file) : NULL;

  if (path == NULL)
    return;
  g_hash_table_add (self->pending, g_steal_pointer (&path));
  if (self->pending_id == 0)
    self->pending_id = g_idle_add (refresh_pending_cb, self);
}

static void
on_monitor_changed_cb (GFileMonitor      *monitor,
                       GFile             *file,
                       GFile             *other,
                       GFileMonitorEvent  event,
                       gpointer           user_data)
{
  DwDeckLibrary *self = user_data;

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
      /* Wait for the writer to finish (CHANGES_DONE_HINT). */
      break;
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_MOVED:
      queue_refresh (self, file);
      queue_refresh (self, other);
      break;
    default:
      queue_refresh (self, file);
      break;
    }
}

/* --- the object ------------------------------------------------------- */

static void
dw_deck_library_dispose (GObject *object)
{
  DwDeckLibrary *self = DW_DECK_LIBRARY (object);

  g_clear_handle_id (&self->pending_id, g_source_remove);
  g_hash_table_remove_all (self->monitors);

  G_OBJECT_CLASS (dw_deck_library_parent_class)->dispose (object);
}

static void
dw_deck_library_finalize (GObject *object)
{
  DwDeckLibrary *self = DW_DECK_LIBRARY (object);

  g_clear_object (&self->cards);
  g_free (self->index_path);
  g_free (self->stamp);
  g_strfreev (self->roots);
  g_clear_pointer (&self->card_index, dw_deck_card_index_free);
  g_ptr_array_unref (self->entries);
  g_hash_table_unref (self->by_path);
  g_object_unref (self->folders);
  g_hash_table_unref (self->monitors);
  g_hash_table_unref (self->pending);

  G_OBJECT_CLASS (dw_deck_library_parent_class)->finalize (object);
}

static void
dw_deck_library_class_init (DwDeckLibraryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dw_deck_library_dispose;
  object_class->finalize = dw_deck_library_finalize;

  /**
   * DwDeckLibrary::changed:
   *
   * Emitted once after a scan or refresh changed the decks or the folders.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dw_deck_library_init (DwDeckLibrary *self)
{
  self->roots = g_new0 (char *, 1);
  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
  self->by_path = g_hash_table_new (g_str_hash, g_str_equal);
  self->folders = g_list_store_new (DW_TYPE_DECK_LIBRARY_FOLDER);
  self->monitors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, monitor_free);
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* --- public: the library ---------------------------------------------- */

DwDeckLibrary *
dw_deck_library_new (DwLibrary  *cards,
                     const char *cache_dir)
{
  DwDeckLibrary *self;

  g_return_val_if_fail (DW_IS_LIBRARY (cards), NULL);

  self = g_object_new (DW_TYPE_DECK_LIBRARY, NULL);
  self->cards = g_object_ref (cards);
  if (cache_dir != NULL)
    self->index_path = g_build_filename (cache_dir, INDEX_NAME, NULL);
  else
    self->index_path = g_build_filename (g_get_user_cache_dir (), "deckwright", INDEX_NAME, NULL);
  return self;
}

DwLibrary *
dw_deck_library_get_cards (DwDeckLibrary *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), NULL);
  return self->cards;
}

const char *
dw_deck_library_get_index_path (DwDeckLibrary *self)
{
  return self->index_path;
}

static char *
canonical_root (const char *root)
{
  g_autofree char *absolute = g_canonicalize_filename (root, NULL);
  gsize length = strlen (absolute);

  while (length > 1 && absolute[length - 1] == G_DIR_SEPARATOR)
    absolute[--length] = '\0';
  return g_steal_pointer (&absolute);
}

void
dw_deck_library_set_roots (DwDeckLibrary      *self,
                           const char * const *roots,
                           gboolean            create)
{
  g_autoptr(GPtrArray) kept = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  g_autofree char *default_folder = dw_deck_library_default_folder ();
  g_autofree char *default_root = canonical_root (default_folder);

  g_return_if_fail (DW_IS_DECK_LIBRARY (self));

  for (guint i = 0; roots != NULL && roots[i] != NULL; i++)
    {
      g_autofree char *root = canonical_root (roots[i]);
      g_autofree char *store = g_build_filename (root, DW_DECK_LIBRARY_DIR, NULL);

      if (g_ptr_array_find_with_equal_func (kept, root, g_str_equal, NULL))
        continue;
      if (create || strcmp (root, default_root) == 0)
        {
          g_mkdir_with_parents (root, 0755);
          if (g_file_test (root, G_FILE_TEST_IS_DIR))
            g_mkdir (store, 0755);
        }
      g_ptr_array_add (kept, g_steal_pointer (&root));
    }

  g_strfreev (self->roots);
  self->roots = (char **) g_ptr_array_free (g_steal_pointer (&kept), FALSE);
}

const char * const *
dw_deck_library_get_roots (DwDeckLibrary *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), NULL);
  return (const char * const *) self->roots;
}

gboolean
dw_deck_library_scan (DwDeckLibrary  *self,
                      GCancellable   *cancellable,
                      GError        **error)
{
  Scan *scan;
  gboolean done;

  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), FALSE);

  scan = scan_new (self);
  done = deck_library_scan_run (scan, cancellable);
  if (done)
    apply_scan (self, scan);
  deck_library_scan_free (scan);
  if (!done)
    return !g_cancellable_set_error_if_cancelled (cancellable, error);
  return TRUE;
}

static void
scan_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  if (deck_library_scan_run (task_data, cancellable))
    g_task_return_boolean (task, TRUE);
  else if (!g_task_return_error_if_cancelled (task))
    g_task_return_boolean (task, FALSE);
}

/* The cards (games, formats and databases) must not change while the
 * worker reads decks with them. */
void
dw_deck_library_scan_async (DwDeckLibrary       *self,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Scan *scan;

  g_return_if_fail (DW_IS_DECK_LIBRARY (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dw_deck_library_scan_async);
  scan = scan_new (self);
  /* A view scans in the background to search: the worker folds the new
   * decks' text and parses their cards, which the main thread would do
   * in the idle before the first keystroke (the command line, which
   * scans and asks once, does not pay for it). */
  scan->prepare = TRUE;
  g_task_set_task_data (task, scan, (GDestroyNotify) deck_library_scan_free);
  g_task_run_in_thread (task, scan_thread);
}

gboolean
dw_deck_library_scan_finish (DwDeckLibrary  *self,
                             GAsyncResult   *result,
                             GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  apply_scan (self, g_task_get_task_data (G_TASK (result)));
  return TRUE;
}

const char *
dw_deck_library_root_for_path (DwDeckLibrary *self,
                               const char    *path)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), NULL);

  for (guint r = 0; self->roots[r] != NULL; r++)
    if (deck_library_path_is_under (path, self->roots[r]))
      return self->roots[r];
  return NULL;
}

static guint
find_position (GPtrArray  *entries,
               const char *path,
               gboolean   *found)
{
  guint low = 0, high = entries->len;

  while (low < high)
    {
      guint middle = low + (high - low) / 2;
      int cmp = strcmp (((DwDeckLibraryEntry *) g_ptr_array_index (entries, middle))->path, path);

      if (cmp == 0)
        {
          *found = TRUE;
          return middle;
        }
      if (cmp < 0)
        low = middle + 1;
      else
        high = middle;
    }
  *found = FALSE;
  return low;
}

static gboolean
remove_under (DwDeckLibrary *self,
              const char    *path)
{
  gboolean changed = FALSE;

  for (guint i = self->entries->len; i > 0; i--)
    {
      DwDeckLibraryEntry *entry = g_ptr_array_index (self->entries, i - 1);

      if (deck_library_path_is_under (entry->path, path))
        {
          g_hash_table_remove (self->by_path, entry->path);
          if (self->card_index != NULL)
            dw_deck_card_index_remove (self->card_index, entry);
          g_ptr_array_remove_index (self->entries, i - 1);
          g_list_model_items_changed (G_LIST_MODEL (self), i - 1, 1, 0);
          changed = TRUE;
        }
    }
  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (self->folders)); i > 0; i--)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (G_LIST_MODEL (self->folders), i - 1);

      if (folder->parent != NULL && deck_library_path_is_under (folder->path, path))
        {
          g_list_store_remove (self->folders, i - 1);
          changed = TRUE;
        }
    }
  return changed;
}

/* The folder marked with the deck limit, or -1. */
static int
folder_at_limit (DwDeckLibrary *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->folders));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (G_LIST_MODEL (self->folders), i);

      if (g_error_matches (folder->error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LIMIT))
        return (int) i;
    }
  return -1;
}

/* A deck arrived (a monitor's report, the look when a watch starts, a
 * deck made, copied or imported into a folder) while the library holds
 * all it may: it is not read, and its folder says so as a scan's would
 * (docs/library.md).  TRUE when the folder was not marked yet. */
static gboolean
mark_folder_full (DwDeckLibrary *self,
                  const char    *deck_path)
{
  g_autofree char *folder_path = g_path_get_dirname (deck_path);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->folders));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryFolder) folder = g_list_model_get_item (G_LIST_MODEL (self->folders), i);
      DwDeckLibraryFolder *marked;

      if (strcmp (folder->path, folder_path) != 0)
        continue;
      if (g_error_matches (folder->error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_LIMIT))
        return FALSE;
      marked = deck_library_folder_new (folder->path, folder->parent, folder->root,
                                        deck_library_too_many_decks (folder->path));
      g_list_store_splice (self->folders, i, 1, (gpointer *) &marked, 1);
      g_object_unref (marked);
      return TRUE;
    }
  return FALSE;
}

void
dw_deck_library_refresh_path (DwDeckLibrary *self,
                              const char    *path)
{
  const char *root;
  struct stat st;
  gboolean changed = FALSE;

  g_return_if_fail (DW_IS_DECK_LIBRARY (self));
  g_return_if_fail (path != NULL);

  root = dw_deck_library_root_for_path (self, path);
  if (root == NULL)
    return;

  {
    g_autofree char *base = g_path_get_basename (path);

    /* Our own files: temporary saves, the version store. */
    if (base[0] == '.' || strstr (path, G_DIR_SEPARATOR_S DW_DECK_LIBRARY_DIR) != NULL)
      return;
  }

  if (stat (path, &st) != 0)
    {
      changed = remove_under (self, path);
      /* Room again below the limit: list what the limit left out. */
      if (changed && folder_at_limit (self) >= 0)
        {
          dw_deck_library_scan (self, NULL, NULL);
          return;
        }
    }
  else if (S_ISDIR (st.st_mode))
    {
      /* A folder made, moved in or renamed: the scan reuses every deck it
       * already holds, so listing again costs a stat per file. */
      dw_deck_library_scan (self, NULL, NULL);
      return;
    }
  else if (S_ISREG (st.st_mode) && deck_library_has_deck_extension (path))
    {
      DwDeckLibraryEntry *old = g_hash_table_lookup (self->by_path, path);
      Listed listed = { (char *) path, (char *) root, (guint64) st.st_size, deck_library_stat_mtime_ns (&st) };

      if (old == NULL && self->entries->len >= deck_library_max_decks ())
        {
          if (mark_folder_full (self, path))
            g_signal_emit (self, signals[CHANGED], 0);
          return;
        }
      if (old == NULL || !deck_library_entry_is_current (old, &listed))
        {
          DwDeckLibraryEntry *entry = dw_deck_library_entry_read (self->cards, path, root, listed.size, listed.mtime_ns);
          gboolean found;
          guint position = find_position (self->entries, path, &found);

          if (found)
            {
              g_hash_table_remove (self->by_path, path);
              if (self->card_index != NULL)
                dw_deck_card_index_remove (self->card_index, old);
              g_ptr_array_index (self->entries, position) = entry;
              g_object_unref (old);
            }
          else
            g_ptr_array_insert (self->entries, (gint) position, entry);
          g_hash_table_insert (self->by_path, entry->path, entry);
          g_list_model_items_changed (G_LIST_MODEL (self), position, found ? 1 : 0, 1);
          changed = TRUE;
          self->index_dirty = TRUE;
        }
    }

  if (changed)
    {
      if (self->index_dirty)
        {
          g_autofree char *stamp = deck_library_index_stamp (self->cards);
          g_autoptr(DeckLibraryIndex) index = deck_library_index_load (self->index_path, stamp);

          deck_library_index_write (self->index_path, stamp, self->entries, index,
                                    (const char * const *) self->roots);
          self->index_dirty = FALSE;
        }
      g_signal_emit (self, signals[CHANGED], 0);
    }
}

void
dw_deck_library_set_watching (DwDeckLibrary *self,
                              gboolean       watching)
{
  g_return_if_fail (DW_IS_DECK_LIBRARY (self));

  watching = !!watching;
  if (self->watching == watching)
    return;
  self->watching = watching;
  if (watching)
    update_monitors (self);
  else
    g_hash_table_remove_all (self->monitors);
}

gboolean
dw_deck_library_get_watching (DwDeckLibrary *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), FALSE);
  return self->watching;
}

GListModel *
dw_deck_library_get_folders (DwDeckLibrary *self)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), NULL);
  return G_LIST_MODEL (self->folders);
}

DwDeckLibraryEntry *
dw_deck_library_lookup (DwDeckLibrary *self,
                        const char    *path)
{
  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), NULL);
  return g_hash_table_lookup (self->by_path, path);
}

gboolean
dw_deck_library_move (DwDeckLibrary  *self,
                      const char     *path,
                      const char     *new_path,
                      GError        **error)
{
  g_autoptr(GFile) from = NULL;
  g_autoptr(GFile) to = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *new_folder = NULL;

  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), FALSE);

  if (dw_deck_library_root_for_path (self, path) == NULL ||
      dw_deck_library_root_for_path (self, new_path) == NULL)
    {
      g_set_error (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_OUTSIDE,
                   _("%s: cannot move to %s: both must be in the library’s folders"), path, new_path);
      return FALSE;
    }

  new_folder = g_path_get_dirname (new_path);
  if (!g_file_test (new_folder, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_NOT_A_FOLDER,
                   _("%s: cannot move there: %s is not a folder"), path, new_folder);
      return FALSE;
    }

  from = g_file_new_for_path (path);
  to = g_file_new_for_path (new_path);
  if (!g_file_move (from, to, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        g_set_error (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_EXISTS,
                     _("%s: cannot move to %s: a file of that name is there; choose another name"),
                     path, new_path);
      else
        g_set_error (error, DW_DECK_LIBRARY_ERROR, DW_DECK_LIBRARY_ERROR_UNREADABLE,
                     _("%s: cannot move to %s: %s"), path, new_path, local_error->message);
      return FALSE;
    }

  if (!dw_deck_versions_note_move (path, new_path, &local_error))
    /* The deck moved; only its history did not follow, which the next
     * save repairs by recognising its contents. */
    g_warning ("%s", local_error->message);

  dw_deck_library_refresh_path (self, path);
  dw_deck_library_refresh_path (self, new_path);
  return TRUE;
}

/* --- searching -------------------------------------------------------- */

DwDeckCardIndex *
dw_deck_library_get_card_index (DwDeckLibrary *self)
{
  if (self->card_index == NULL)
    self->card_index = dw_deck_card_index_new ();
  /* Every entry of the library is in it when the counts agree: an entry
   * leaves the index when it leaves the library. */
  if (dw_deck_card_index_get_n_entries (self->card_index) != self->entries->len)
    for (guint i = 0; i < self->entries->len; i++)
      dw_deck_card_index_add (self->card_index, g_ptr_array_index (self->entries, i));
  return self->card_index;
}

GPtrArray *
dw_deck_library_get_entries (DwDeckLibrary *self)
{
  return self->entries;
}

/**
 * dw_deck_library_prepare_search:
 * @self: a deck library
 * @position: the first entry to make ready
 * @n: how many, at most
 *
 * Makes ready what a search compares the entries at @position and after
 * with: their folded names, notes and tags, and their cards in the
 * library's card index.  A search makes what is missing itself; a view
 * calls this a few hundred entries at a time while the player has not
 * typed, so that no keystroke pays for it.
 *
 * Returns: the position after the last entry made ready
 */
guint
dw_deck_library_prepare_search (DwDeckLibrary *self,
                                guint          position,
                                guint          n)
{
  guint end;

  g_return_val_if_fail (DW_IS_DECK_LIBRARY (self), position);

  if (self->card_index == NULL)
    self->card_index = dw_deck_card_index_new ();
  end = (guint) MIN ((guint64) position + n, (guint64) self->entries->len);
  for (guint i = position; i < end; i++)
    {
      DwDeckLibraryEntry *entry = g_ptr_array_index (self->entries, i);

      dw_deck_library_entry_get_text_key (entry);
      dw_deck_library_entry_get_tag_keys (entry);
      dw_deck_card_index_add (self->card_index, entry);
    }
  return MAX (end, position);
}
