/* dw-library-page.c — the Decks page: every deck of the library's folders
 *
 * The library is plain files: a folder of deck files (any format
 * Deckwright opens) and sub-folders.  The page shows one folder at a
 * time, with breadcrumbs back to the library's own, as a GtkListView
 * over a DwFolderModel that watches the folder: a deck another
 * program adds, changes or removes appears, changes or goes by itself.
 * Only the rows on screen read their decks (DwLibrarySummary), once per
 * change of the file, so a folder of 10,000 decks lists as fast as its
 * names.
 *
 * Deleting moves the file to the trash when its toast goes; until then
 * the row is hidden and Undo brings it back, and nothing has touched the
 * file.  A deck dropped onto the page is copied into the folder shown:
 * the file it came from is never changed.
 *
 * The search entry takes the deck query language (dw-deck-query.h) and
 * searches every deck of the library, sub-folders included, through the
 * deck library's index (DwDeckLibrary), which is made, scanned in a
 * worker thread and set to follow the disk the first time a search or a
 * sort by game or verdict needs it — not before, so the first frame
 * costs only the folder's names.  A search that cannot be read is shown
 * the way the card browser shows one: the entry marked, the wrong
 * characters underlined, and where in words.
 *
 * The page shows one of the library's folders (Preferences' “Deck
 * Library”, the key library-folders) at a time; its menu offers the
 * others, and follows the key at once.  The same menu backs the library,
 * or the folder shown, up to one .zip and imports such a file into the
 * folder shown (dw-backup-window.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dw-backup-window.h"
#include "dw-deck-library.h"
#include "dw-deck-query.h"
#include "dw-folder-model.h"
#include "dw-library-page-private.h"
#include "dw-library-row.h"
#include "dw-preferences-window.h"

#define FILE_ATTRIBUTES "standard::name,standard::display-name,standard::type,standard::is-hidden," \
                        "standard::is-backup,time::modified,time::modified-usec"

struct _DwLibraryPage
{
  GtkWidget           parent_instance;

  DwLibrary          *library;
  GSettings          *settings;
  GFile              *root;
  GFile              *folder;
  GHashTable         *summaries;      /* path → DwLibrarySummary */
  GHashTable         *pending_trash;  /* path → GFile, hidden until its toast goes */
  GHashTable         *bound;          /* DwLibraryRow → GFileInfo it shows */

  DwFolderModel      *directory;
  GtkCustomFilter    *filter;
  GtkFilterListModel *filtered;
  GtkCustomSorter    *sorter;
  GtkSortListModel   *sorted;
  GtkSingleSelection *selection;
  AdwToast           *last_toast;

  DwDeckLibrary      *decks;          /* made on first need */
  GCancellable       *scanning;       /* the scan under way, or NULL */
  gboolean            scanned;
  DwDeckQuery        *query;          /* NULL: the folder is shown */
  GListStore         *results;        /* GFileInfo of each deck the query matches */
  char               *query_error;

  /* Template children */
  AdwToastOverlay    *toasts;
  GtkBox             *breadcrumbs;
  GtkDropDown        *sort_drop;
  GtkMenuButton      *new_button;
  GMenu              *new_deck_section;
  GMenu              *roots_section;
  GtkStack           *content;
  GtkListView        *list_view;
  GtkEntry           *search_entry;
  AdwStatusPage      *query_mistake;
};

G_DEFINE_FINAL_TYPE (DwLibraryPage, dw_library_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FOLDER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  DECK_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Every kind of file the window opens as a deck. */
static const char * const deck_suffixes[] = { ".xml", ".txt", ".csv", ".cod", ".json" };

static gboolean
is_deck_name (const char *name)
{
  /* A saved table is a file of ours too, but no deck. */
  if (g_str_has_suffix (name, ".table.xml"))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (deck_suffixes); i++)
    if (g_str_has_suffix (name, deck_suffixes[i]))
      return TRUE;
  return FALSE;
}

static GFile *
info_file (GFileInfo *info)
{
  return G_FILE (g_file_info_get_attribute_object (info, "standard::file"));
}

static gboolean
is_folder (GFileInfo *info)
{
  return g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY;
}

static gint64
info_mtime (GFileInfo *info)
{
  return (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC +
         g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
}

/* The deck's summary, read again only when its file has changed. */
static const DwLibrarySummary *
summary_for (DwLibraryPage *self,
             GFileInfo     *info)
{
  GFile *file = info_file (info);
  g_autofree char *path = g_file_get_path (file);
  DwLibrarySummary *summary = g_hash_table_lookup (self->summaries, path);
  gint64 mtime = info_mtime (info);

  if (summary == NULL || summary->mtime != mtime)
    {
      summary = dw_library_summary_read (self->library, file, mtime);
      g_hash_table_replace (self->summaries, g_steal_pointer (&path), summary);
    }
  return summary;
}

static void
show_item (DwLibraryPage *self,
           DwLibraryRow  *row,
           GFileInfo     *info)
{
  if (is_folder (info))
    dw_library_row_show_folder (row, info);
  else
    dw_library_row_show_deck (row, info, summary_for (self, info));
}

static gboolean
filter_item (gpointer item,
             gpointer user_data)
{
  DwLibraryPage *self = user_data;
  GFileInfo *info = item;
  g_autofree char *path = NULL;

  if (g_file_info_get_is_hidden (info) || g_file_info_get_is_backup (info))
    return FALSE;
  if (!is_folder (info) &&
      (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR || !is_deck_name (g_file_info_get_name (info))))
    return FALSE;
  path = g_file_get_path (info_file (info));
  return !g_hash_table_contains (self->pending_trash, path);
}

/* A file name's collation key, made once per item: sorting 10,000
 * names compares each many times. */
static const char *
collate_key (GFileInfo *info)
{
  const char *key = g_object_get_data (G_OBJECT (info), "dw-collate-key");

  if (key == NULL)
    {
      char *made = g_utf8_collate_key_for_filename (g_file_info_get_display_name (info), -1);

      g_object_set_data_full (G_OBJECT (info), "dw-collate-key", made, g_free);
      key = made;
    }
  return key;
}

enum {
  SORT_NAME,
  SORT_CHANGED,
  SORT_GAME,
  SORT_VERDICT,
};

/* The deck's index entry when the library has read it, else NULL. */
static DwDeckLibraryEntry *
indexed (DwLibraryPage *self,
         GFileInfo     *info)
{
  g_autofree char *path = NULL;
  DwDeckLibraryEntry *entry;

  if (self->decks == NULL || !self->scanned)
    return NULL;
  path = g_file_get_path (info_file (info));
  entry = dw_deck_library_lookup (self->decks, path);
  if (entry == NULL || dw_deck_library_entry_get_mtime (entry) != (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED))
    return NULL;
  return entry;
}

/* The game id to sort by; an unreadable deck ("") comes first. */
static const char *
game_key (DwLibraryPage *self,
          GFileInfo     *info)
{
  DwDeckLibraryEntry *entry = indexed (self, info);
  const char *game_id;

  if (entry != NULL)
    game_id = dw_deck_library_entry_get_game_id (entry);
  else
    game_id = summary_for (self, info)->game_id;
  return game_id ? game_id : "";
}

/* Legal, then illegal, then unreadable. */
static int
verdict_key (DwLibraryPage *self,
             GFileInfo     *info)
{
  DwDeckLibraryEntry *entry = indexed (self, info);
  const DwLibrarySummary *summary;

  if (entry != NULL)
    return (int) dw_deck_library_entry_get_verdict (entry);
  summary = summary_for (self, info);
  if (summary->error != NULL)
    return DW_DECK_VERDICT_UNREADABLE;
  return summary->errors > 0 ? DW_DECK_VERDICT_ILLEGAL : DW_DECK_VERDICT_LEGAL;
}

/* Folders first, then by name, the newest first, by game or by verdict,
 * and by name within a game or a verdict. */
static int
sort_items (gconstpointer a,
            gconstpointer b,
            gpointer      user_data)
{
  DwLibraryPage *self = user_data;
  GFileInfo *ia = (GFileInfo *) a;
  GFileInfo *ib = (GFileInfo *) b;
  gboolean fa = is_folder (ia);
  gboolean fb = is_folder (ib);

  if (fa != fb)
    return fa ? -1 : 1;
  if (!fa)
    switch (gtk_drop_down_get_selected (self->sort_drop))
      {
      case SORT_CHANGED:
        {
          gint64 ma = info_mtime (ia);
          gint64 mb = info_mtime (ib);

          if (ma != mb)
            return ma > mb ? -1 : 1;
        }
        break;
      case SORT_GAME:
        {
          int by_game = strcmp (game_key (self, ia), game_key (self, ib));

          if (by_game != 0)
            return by_game;
        }
        break;
      case SORT_VERDICT:
        {
          int va = verdict_key (self, ia);
          int vb = verdict_key (self, ib);

          if (va != vb)
            return va < vb ? -1 : 1;
        }
        break;
      default:
        break;
      }
  return strcmp (collate_key (ia), collate_key (ib));
}

static void
update_content (DwLibraryPage *self)
{
  gboolean none = g_list_model_get_n_items (G_LIST_MODEL (self->sorted)) == 0;

  if (self->query_error != NULL)
    gtk_stack_set_visible_child_name (self->content, "mistake");
  else if (self->query != NULL)
    /* While the library is read, the list stays (empty) rather than say
     * that nothing matches. */
    gtk_stack_set_visible_child_name (self->content, none && self->scanned ? "no-matches" : "list");
  else
    gtk_stack_set_visible_child_name (self->content,
                                      none && !dw_folder_model_is_loading (self->directory) ? "empty" : "list");
}

static AdwToast *
add_toast (DwLibraryPage *self,
           AdwToast      *toast)
{
  g_set_object (&self->last_toast, toast);
  adw_toast_overlay_add_toast (self->toasts, toast);
  return toast;
}

static void
toast_error (DwLibraryPage *self,
             const char    *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 0);
  add_toast (self, toast);
}

static gboolean
inside (GFile *file,
        GFile *folder)
{
  return g_file_equal (file, folder) || g_file_has_prefix (file, folder);
}

/* @name, or "@name (2)", "@name (3)"… before @suffix: the first that no
 * file of @folder has. */
static GFile *
free_name (GFile      *folder,
           const char *name,
           const char *suffix)
{
  for (guint n = 1; n < G_MAXUINT; n++)
    {
      g_autofree char *basename = n == 1 ? g_strconcat (name, suffix, NULL)
                                         : g_strdup_printf ("%s (%u)%s", name, n, suffix);
      g_autoptr(GFile) candidate = g_file_get_child (folder, basename);

      if (!g_file_query_exists (candidate, NULL))
        return g_steal_pointer (&candidate);
    }
  g_assert_not_reached ();
}

/* "Green Wall.xml" → "Green Wall" and ".xml". */
static void
split_name (const char  *basename,
            char       **stem,
            char       **suffix)
{
  for (guint i = 0; i < G_N_ELEMENTS (deck_suffixes); i++)
    if (g_str_has_suffix (basename, deck_suffixes[i]))
      {
        *stem = g_strndup (basename, strlen (basename) - strlen (deck_suffixes[i]));
        *suffix = g_strdup (deck_suffixes[i]);
        return;
      }
  *stem = g_strdup (basename);
  *suffix = g_strdup ("");
}

static void
on_crumb_clicked_cb (GtkButton     *button,
                     DwLibraryPage *self)
{
  dw_library_page_set_folder (self, g_object_get_data (G_OBJECT (button), "folder"));
}

static gboolean move_or_import (DwLibraryPage *self,
                                GSList        *files,
                                GFile         *folder);

static gboolean
on_drop_into_folder_cb (GtkDropTarget *target,
                        const GValue  *value,
                        double         x,
                        double         y,
                        DwLibraryPage *self)
{
  GFile *folder = g_object_get_data (G_OBJECT (target), "folder");

  if (folder == NULL)
    return FALSE;
  return move_or_import (self, g_value_get_boxed (value), folder);
}

static GtkDropTarget *
folder_drop_target (DwLibraryPage *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_MOVE | GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (on_drop_into_folder_cb), self);
  return target;
}

static void
update_breadcrumbs (DwLibraryPage *self)
{
  g_autoptr(GPtrArray) chain = g_ptr_array_new_with_free_func (g_object_unref);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->breadcrumbs))) != NULL)
    gtk_box_remove (self->breadcrumbs, child);

  /* From the folder shown up to the library's own. */
  for (GFile *f = g_object_ref (self->folder); f != NULL; )
    {
      g_ptr_array_insert (chain, 0, f);
      if (g_file_equal (f, self->root))
        break;
      f = g_file_get_parent (f);
    }

  for (guint i = 0; i < chain->len; i++)
    {
      GFile *folder = g_ptr_array_index (chain, i);
      g_autofree char *name = g_file_get_basename (folder);
      GtkWidget *button = gtk_button_new_with_label (name);
      GtkDropTarget *target = folder_drop_target (self);

      if (i > 0)
        {
          GtkWidget *slash = gtk_label_new ("/");

          gtk_widget_add_css_class (slash, "dim-label");
          gtk_box_append (self->breadcrumbs, slash);
        }
      gtk_widget_add_css_class (button, "flat");
      if (i + 1 == chain->len)
        gtk_widget_add_css_class (button, "heading");
      g_object_set_data_full (G_OBJECT (button), "folder", g_object_ref (folder), g_object_unref);
      g_object_set_data_full (G_OBJECT (target), "folder", g_object_ref (folder), g_object_unref);
      gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (target));
      g_signal_connect (button, "clicked", G_CALLBACK (on_crumb_clicked_cb), self);
      gtk_box_append (self->breadcrumbs, button);
    }
}

/* Moves the library's own files into @folder, and copies anyone else's
 * there; a file already in @folder stays as it is. */
static gboolean
move_or_import (DwLibraryPage *self,
                GSList        *files,
                GFile         *folder)
{
  g_autoptr(GSList) outside = NULL;
  g_autoptr(GError) error = NULL;
  gboolean done = FALSE;

  for (GSList *l = files; l != NULL; l = l->next)
    {
      GFile *file = l->data;
      g_autoptr(GFile) parent = g_file_get_parent (file);

      if (parent != NULL && g_file_equal (parent, folder))
        continue;
      if (self->root != NULL && inside (file, self->root))
        {
          if (!dw_library_page_move (self, file, folder, &error))
            {
              toast_error (self, error->message);
              return FALSE;
            }
          done = TRUE;
        }
      else
        outside = g_slist_append (outside, file);
    }
  if (outside != NULL)
    {
      g_autoptr(GFile) shown = g_object_ref (self->folder);

      g_set_object (&self->folder, folder);
      if (dw_library_page_import (self, outside, &error) == 0 && error != NULL)
        toast_error (self, error->message);
      else
        done = TRUE;
      g_set_object (&self->folder, shown);
    }
  return done;
}

static gboolean
on_page_drop_cb (GtkDropTarget *target,
                 const GValue  *value,
                 double         x,
                 double         y,
                 DwLibraryPage *self)
{
  return move_or_import (self, g_value_get_boxed (value), self->folder);
}

static GdkContentProvider *
on_drag_prepare_cb (GtkDragSource *source,
                    double         x,
                    double         y,
                    DwLibraryRow  *row)
{
  GFile *file = dw_library_row_get_file (row);
  g_autoptr(GSList) files = NULL;

  if (file == NULL)
    return NULL;
  files = g_slist_prepend (NULL, file);
  return gdk_content_provider_new_typed (GDK_TYPE_FILE_LIST, files);
}

static gboolean
on_row_drop_cb (GtkDropTarget *target,
                const GValue  *value,
                double         x,
                double         y,
                DwLibraryRow  *row)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (row), DW_TYPE_LIBRARY_PAGE));
  GFile *folder = dw_library_row_get_file (row);

  return self != NULL && folder != NULL && move_or_import (self, g_value_get_boxed (value), folder);
}

/* Only a folder's row takes a drop; on a deck's the page takes it. */
static gboolean
on_row_accept_cb (GtkDropTarget *target,
                  GdkDrop       *drop,
                  DwLibraryRow  *row)
{
  return dw_library_row_is_folder (row) &&
         gdk_content_formats_contain_gtype (gdk_drop_get_formats (drop), GDK_TYPE_FILE_LIST);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           DwLibraryPage            *self)
{
  GtkWidget *row = dw_library_row_new ();
  GtkDragSource *source = gtk_drag_source_new ();
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_MOVE | GDK_ACTION_COPY);

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (on_drag_prepare_cb), row);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (source));
  g_signal_connect (target, "accept", G_CALLBACK (on_row_accept_cb), row);
  g_signal_connect (target, "drop", G_CALLBACK (on_row_drop_cb), row);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (target));
  gtk_list_item_set_child (item, row);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          DwLibraryPage            *self)
{
  DwLibraryRow *row = DW_LIBRARY_ROW (gtk_list_item_get_child (item));
  GFileInfo *info = gtk_list_item_get_item (item);

  show_item (self, row, info);
  g_hash_table_insert (self->bound, row, g_object_ref (info));
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            DwLibraryPage            *self)
{
  g_hash_table_remove (self->bound, gtk_list_item_get_child (item));
}

static void
on_activate_cb (GtkListView   *view,
                guint          position,
                DwLibraryPage *self)
{
  g_autoptr(GFileInfo) info = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);

  if (info == NULL)
    return;
  if (is_folder (info))
    dw_library_page_set_folder (self, info_file (info));
  else
    g_signal_emit (self, signals[DECK_ACTIVATED], 0, info_file (info));
}

/* The cards came in, or changed: every verdict may have. */
static void
on_card_dbs_changed_cb (DwLibraryPage *self)
{
  GHashTableIter iter;
  gpointer row, info;

  if (dw_library_is_loading_card_dbs (self->library))
    return;
  g_hash_table_remove_all (self->summaries);
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, &info))
    show_item (self, row, info);
}

static void ensure_decks (DwLibraryPage *self);

static void
on_sort_changed_cb (DwLibraryPage *self)
{
  guint sort = gtk_drop_down_get_selected (self->sort_drop);

  if (sort == SORT_GAME || sort == SORT_VERDICT)
    ensure_decks (self);
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
}

/* --- searching ------------------------------------------------------- */

static GFileInfo *
entry_info (DwDeckLibraryEntry *entry)
{
  const char *path = dw_deck_library_entry_get_path (entry);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *display = g_filename_display_name (basename);
  GFileInfo *info = g_file_info_new ();

  g_file_info_set_name (info, basename);
  g_file_info_set_display_name (info, display);
  g_file_info_set_file_type (info, G_FILE_TYPE_REGULAR);
  g_file_info_set_is_hidden (info, FALSE);
  g_file_info_set_attribute_boolean (info, G_FILE_ATTRIBUTE_STANDARD_IS_BACKUP, FALSE);
  g_file_info_set_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                    (guint64) MAX (dw_deck_library_entry_get_mtime (entry), 0));
  g_file_info_set_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC, 0);
  g_file_info_set_attribute_object (info, "standard::file", G_OBJECT (file));
  return info;
}

/* The decks of the whole library the query matches, in the results. */
static void
update_results (DwLibraryPage *self)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_object_unref);
  guint n;

  if (self->query == NULL || !self->scanned)
    {
      g_list_store_remove_all (self->results);
      update_content (self);
      return;
    }
  n = g_list_model_get_n_items (G_LIST_MODEL (self->decks));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->decks), i);

      if (dw_deck_query_matches (self->query, entry))
        g_ptr_array_add (found, entry_info (entry));
    }
  g_list_store_splice (self->results, 0, g_list_model_get_n_items (G_LIST_MODEL (self->results)),
                       found->pdata, found->len);
  update_content (self);
}

static void
on_decks_changed_cb (DwLibraryPage *self)
{
  guint sort = gtk_drop_down_get_selected (self->sort_drop);

  update_results (self);
  if (sort == SORT_GAME || sort == SORT_VERDICT)
    gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
}

static void
on_scanned_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(DwLibraryPage) self = user_data;

  /* FALSE only when cancelled: the page is going, or its root changed. */
  if (!dw_deck_library_scan_finish (DW_DECK_LIBRARY (source), result, NULL) ||
      DW_DECK_LIBRARY (source) != self->decks)
    return;
  g_clear_object (&self->scanning);
  self->scanned = TRUE;
  dw_deck_library_set_watching (self->decks, TRUE);
  on_decks_changed_cb (self);
}

static void
drop_decks (DwLibraryPage *self)
{
  if (self->scanning != NULL)
    g_cancellable_cancel (self->scanning);
  g_clear_object (&self->scanning);
  if (self->decks != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->decks, self);
      dw_deck_library_set_watching (self->decks, FALSE);
    }
  g_clear_object (&self->decks);
  self->scanned = FALSE;
}

/* The library's index over the page's root, read once in a worker
 * thread and then kept up to date with the disk. */
static void
ensure_decks (DwLibraryPage *self)
{
  g_autofree char *root = NULL;

  if (self->decks != NULL || self->root == NULL || self->library == NULL)
    return;
  root = g_file_get_path (self->root);
  self->decks = dw_deck_library_new (self->library, NULL);
  dw_deck_library_set_roots (self->decks, (const char * const[]) { root, NULL }, FALSE);
  g_signal_connect_swapped (self->decks, "changed", G_CALLBACK (on_decks_changed_cb), self);
  self->scanning = g_cancellable_new ();
  dw_deck_library_scan_async (self->decks, self->scanning, on_scanned_cb, g_object_ref (self));
}

static void
show_query_error (DwLibraryPage *self,
                  const GError  *error)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autoptr(PangoAttrList) attributes = NULL;
  guint start, end;

  g_clear_pointer (&self->query_error, g_free);
  if (error == NULL)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->search_entry), "error");
      gtk_entry_set_icon_from_icon_name (self->search_entry, GTK_ENTRY_ICON_SECONDARY, NULL);
      gtk_entry_set_attributes (self->search_entry, NULL);
      gtk_accessible_reset_state (GTK_ACCESSIBLE (self->search_entry), GTK_ACCESSIBLE_STATE_INVALID);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->search_entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }

  self->query_error = g_strdup (error->message);
  gtk_widget_add_css_class (GTK_WIDGET (self->search_entry), "error");
  gtk_entry_set_icon_from_icon_name (self->search_entry, GTK_ENTRY_ICON_SECONDARY, "dialog-warning-symbolic");
  gtk_entry_set_icon_tooltip_text (self->search_entry, GTK_ENTRY_ICON_SECONDARY, error->message);
  attributes = pango_attr_list_new ();
  /* The wrong characters underlined where they are, and where in words. */
  if (dw_deck_query_error_get_span (error, &start, &end))
    {
      g_autofree char *description = NULL;
      glong length = g_utf8_strlen (text, -1);
      const char *from = g_utf8_offset_to_pointer (text, MIN ((glong) start, length));
      const char *to = g_utf8_offset_to_pointer (text, MIN ((glong) MAX (end, start + 1), length));
      PangoAttribute *underline = pango_attr_underline_new (PANGO_UNDERLINE_ERROR);

      underline->start_index = (guint) (from - text);
      underline->end_index = (guint) (to - text);
      pango_attr_list_insert (attributes, underline);
      description = g_markup_printf_escaped (_("At character %u of “%s”: %s"), MIN ((guint) length, start) + 1,
                                             text, error->message);
      adw_status_page_set_description (self->query_mistake, description);
    }
  else
    {
      g_autofree char *description = g_markup_escape_text (error->message, -1);

      adw_status_page_set_description (self->query_mistake, description);
    }
  gtk_entry_set_attributes (self->search_entry, attributes);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->search_entry),
                               GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error->message, -1);
}

/* Every keystroke: a blank search shows the folder again, a wrong one
 * says where it is wrong, any other lists what it matches. */
static void
on_search_changed_cb (DwLibraryPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeckQuery) query = dw_deck_query_parse (self->library, text, &error);

  show_query_error (self, error);
  g_clear_pointer (&self->query, dw_deck_query_unref);
  if (query != NULL && !dw_deck_query_is_empty (query))
    {
      self->query = g_steal_pointer (&query);
      ensure_decks (self);
      if (gtk_filter_list_model_get_model (self->filtered) != G_LIST_MODEL (self->results))
        gtk_filter_list_model_set_model (self->filtered, G_LIST_MODEL (self->results));
      update_results (self);
    }
  else if (error != NULL)
    {
      g_list_store_remove_all (self->results);
      gtk_filter_list_model_set_model (self->filtered, G_LIST_MODEL (self->results));
      update_content (self);
    }
  else
    {
      g_list_store_remove_all (self->results);
      gtk_filter_list_model_set_model (self->filtered, G_LIST_MODEL (self->directory));
      update_content (self);
    }
}

static GFileInfo *
selected_info (DwLibraryPage *self)
{
  return gtk_single_selection_get_selected_item (self->selection);
}

static void
trash_finish (DwLibraryPage *self,
              const char    *path)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *key = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_hash_table_steal_extended (self->pending_trash, path, (gpointer *) &key, (gpointer *) &file))
    return;
  if (!g_file_trash (file, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("%s could not be moved to the trash: %s"), path, error->message);

      toast_error (self, message);
      gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_LESS_STRICT);
    }
}

static void
on_trash_toast_dismissed_cb (AdwToast      *toast,
                             DwLibraryPage *self)
{
  trash_finish (self, g_object_get_data (G_OBJECT (toast), "path"));
}

static void
undo_trash_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);

  if (g_hash_table_remove (self->pending_trash, g_variant_get_string (parameter, NULL)))
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_LESS_STRICT);
}

static void
trash_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  GFileInfo *info = selected_info (self);

  if (info != NULL)
    dw_library_page_trash (self, info_file (info));
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  guint position = gtk_single_selection_get_selected (self->selection);

  if (position != GTK_INVALID_LIST_POSITION)
    on_activate_cb (self->list_view, position, self);
}

static void
new_deck_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = dw_library_page_new_deck (self, g_variant_get_string (parameter, NULL), &error);

  if (file == NULL)
    toast_error (self, error->message);
  else
    g_signal_emit (self, signals[DECK_ACTIVATED], 0, file);
}

static void
new_folder_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = dw_library_page_new_folder (self, _("New Folder"), &error);

  if (folder == NULL)
    toast_error (self, error->message);
}

static void
on_rename_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       DwLibraryPage    *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  GFile *file = g_object_get_data (G_OBJECT (dialog), "file");
  g_autoptr(GFile) renamed = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "rename") != 0)
    return;
  renamed = dw_library_page_rename (self, file, gtk_editable_get_text (entry), &error);
  if (renamed == NULL)
    toast_error (self, error->message);
}

static void
rename_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  GFileInfo *info = selected_info (self);
  GtkWidget *dialog;
  GtkWidget *entry;
  g_autofree char *stem = NULL;
  g_autofree char *suffix = NULL;

  if (info == NULL)
    return;
  split_name (g_file_info_get_display_name (info), &stem, &suffix);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                   is_folder (info) ? _("Rename Folder") : _("Rename Deck"), NULL);
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), stem);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("New name"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "rename", _("_Rename"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "rename", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "rename");
  g_object_set_data_full (G_OBJECT (dialog), "file", g_object_ref (info_file (info)), g_object_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (on_rename_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
up_action (GtkWidget  *widget,
           const char *action_name,
           GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  g_autoptr(GFile) parent = NULL;

  if (self->folder == NULL || g_file_equal (self->folder, self->root))
    return;
  parent = g_file_get_parent (self->folder);
  dw_library_page_set_folder (self, parent);
}

static void
fill_new_menu (DwLibraryPage *self)
{
  GListModel *games = dw_library_get_games (self->library);

  g_menu_remove_all (self->new_deck_section);
  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(DwGame) game = g_list_model_get_item (games, i);
      g_autofree char *label = g_strdup_printf (_("New %s Deck"), dw_game_get_name (game));
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "library.new-deck", "s", dw_game_get_id (game));
      g_menu_append_item (self->new_deck_section, item);
    }
}

/* --- the library's folders, and backups (the page's menu) ----------- */

/* Every folder of the library, to switch to, when there are several. */
static void
fill_roots_menu (DwLibraryPage *self)
{
  g_auto(GStrv) roots = dw_deck_library_configured_folders ();

  g_menu_remove_all (self->roots_section);
  if (g_strv_length (roots) < 2)
    return;
  for (guint i = 0; roots[i] != NULL; i++)
    {
      g_autofree char *label = g_path_get_basename (roots[i]);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "library.show-root", "s", roots[i]);
      g_menu_append_item (self->roots_section, item);
    }
}

/* Preferences changed the library's folders: the menu follows, and a
 * page showing a folder taken out of the library shows the first one. */
static void
on_library_folders_changed_cb (DwLibraryPage *self)
{
  g_auto(GStrv) roots = dw_deck_library_configured_folders ();
  g_autoptr(GFile) first = g_file_new_for_path (roots[0]);

  fill_roots_menu (self);
  if (self->root == NULL)
    return;
  for (guint i = 0; roots[i] != NULL; i++)
    {
      g_autoptr(GFile) root = g_file_new_for_path (roots[i]);

      if (g_file_equal (root, self->root))
        return;
    }
  dw_library_page_set_root (self, first);
}

static void
show_root_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  g_autoptr(GFile) root = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  dw_library_page_set_root (DW_LIBRARY_PAGE (widget), root);
}

static void
on_backup_finished_cb (DwBackupWindow *window,
                       gboolean        succeeded,
                       const char     *message,
                       DwLibraryPage  *self)
{
  g_autofree char *title = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (title);

  /* A failure stays until the player has read it. */
  if (!succeeded)
    adw_toast_set_timeout (toast, 0);
  add_toast (self, toast);
}

/* Backs @folder (the library's, or one in it) up into @zip, showing the
 * progress with Stop; a toast says how it ended. */
DwBackupWindow *
dw_library_page_back_up (DwLibraryPage *self,
                         GFile         *folder,
                         GFile         *zip)
{
  GtkRoot *parent = gtk_widget_get_root (GTK_WIDGET (self));
  DwBackupWindow *window;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);

  window = dw_backup_window_new_export (GTK_IS_WINDOW (parent) ? GTK_WINDOW (parent) : NULL, folder, zip);
  g_signal_connect_object (window, "finished", G_CALLBACK (on_backup_finished_cb), self, 0);
  return window;
}

/* Imports the backup @zip into the folder shown. */
DwBackupWindow *
dw_library_page_import_backup (DwLibraryPage *self,
                               GFile         *zip)
{
  GtkRoot *parent = gtk_widget_get_root (GTK_WIDGET (self));
  DwBackupWindow *window;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);
  g_return_val_if_fail (self->folder != NULL, NULL);

  window = dw_backup_window_new_import (GTK_IS_WINDOW (parent) ? GTK_WINDOW (parent) : NULL, zip, self->folder);
  g_signal_connect_object (window, "finished", G_CALLBACK (on_backup_finished_cb), self, 0);
  return window;
}

static void
on_backup_target_chosen_cb (GtkNativeDialog *chooser,
                            int              response,
                            DwLibraryPage   *self)
{
  GFile *folder = g_object_get_data (G_OBJECT (chooser), "folder");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) zip = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      dw_library_page_back_up (self, folder, zip);
    }
  g_object_unref (chooser);
}

static void
choose_backup_target (DwLibraryPage *self,
                      GFile         *folder)
{
  GtkRoot *parent = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *day = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *name = g_file_get_basename (folder);
  g_autofree char *suggested = NULL;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  if (folder == NULL)
    return;
  /* TRANSLATORS: a backup's file name: the folder's name, then the day */
  suggested = g_strdup_printf (_("%s backup %s.zip"), name, day);
  chooser = gtk_file_chooser_native_new (_("Back Up to a Zip File"), GTK_IS_WINDOW (parent) ? GTK_WINDOW (parent) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Back Up"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Zip files"));
  gtk_file_filter_add_suffix (filter, "zip");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data_full (G_OBJECT (chooser), "folder", g_object_ref (folder), g_object_unref);
  g_signal_connect (chooser, "response", G_CALLBACK (on_backup_target_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
back_up_library_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  choose_backup_target (DW_LIBRARY_PAGE (widget), DW_LIBRARY_PAGE (widget)->root);
}

static void
back_up_folder_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  choose_backup_target (DW_LIBRARY_PAGE (widget), DW_LIBRARY_PAGE (widget)->folder);
}

static void
on_backup_source_chosen_cb (GtkNativeDialog *chooser,
                            int              response,
                            DwLibraryPage   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) zip = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      dw_library_page_import_backup (self, zip);
    }
  g_object_unref (chooser);
}

static void
import_backup_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  GtkRoot *parent = gtk_widget_get_root (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  if (self->folder == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Import a Backup"), GTK_IS_WINDOW (parent) ? GTK_WINDOW (parent) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Zip files"));
  gtk_file_filter_add_suffix (filter, "zip");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_backup_source_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
dw_library_page_dispose (GObject *object)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (object);

  /* What waited for its toast to go goes now: the player did not undo. */
  if (self->pending_trash != NULL)
    {
      g_autoptr(GList) paths = g_hash_table_get_keys (self->pending_trash);

      for (GList *l = paths; l != NULL; l = l->next)
        {
          g_autoptr(GFile) file = NULL;
          g_autofree char *key = NULL;

          g_hash_table_steal_extended (self->pending_trash, l->data, (gpointer *) &key, (gpointer *) &file);
          g_file_trash (file, NULL, NULL);
        }
    }
  if (self->library != NULL)
    g_signal_handlers_disconnect_by_data (self->library, self);
  drop_decks (self);
  g_clear_pointer (&self->query, dw_deck_query_unref);
  g_clear_pointer (&self->query_error, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_LIBRARY_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->sorted);
  g_clear_object (&self->filtered);
  g_clear_object (&self->directory);
  g_clear_object (&self->results);
  g_clear_object (&self->last_toast);
  g_clear_pointer (&self->bound, g_hash_table_unref);
  g_clear_pointer (&self->summaries, g_hash_table_unref);
  g_clear_pointer (&self->pending_trash, g_hash_table_unref);
  g_clear_object (&self->root);
  g_clear_object (&self->folder);
  g_clear_object (&self->settings);
  g_clear_object (&self->library);

  G_OBJECT_CLASS (dw_library_page_parent_class)->dispose (object);
}

static void
dw_library_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (object);

  switch (prop_id)
    {
    case PROP_FOLDER:
      g_value_set_object (value, self->folder);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dw_library_page_class_init (DwLibraryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_library_page_dispose;
  object_class->get_property = dw_library_page_get_property;

  /* The folder shown. */
  properties[PROP_FOLDER] =
    g_param_spec_object ("folder", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A deck was opened (double-click or Enter), or made. */
  signals[DECK_ACTIVATED] =
    g_signal_new ("deck-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-library-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, toasts);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, breadcrumbs);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, sort_drop);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, new_button);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, new_deck_section);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, roots_section);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, content);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, list_view);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, query_mistake);

  gtk_widget_class_install_action (widget_class, "library.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "library.trash", NULL, trash_action);
  gtk_widget_class_install_action (widget_class, "library.undo-trash", "s", undo_trash_action);
  gtk_widget_class_install_action (widget_class, "library.rename", NULL, rename_action);
  gtk_widget_class_install_action (widget_class, "library.new-deck", "s", new_deck_action);
  gtk_widget_class_install_action (widget_class, "library.new-folder", NULL, new_folder_action);
  gtk_widget_class_install_action (widget_class, "library.up", NULL, up_action);
  gtk_widget_class_install_action (widget_class, "library.show-root", "s", show_root_action);
  gtk_widget_class_install_action (widget_class, "library.back-up-library", NULL, back_up_library_action);
  gtk_widget_class_install_action (widget_class, "library.back-up-folder", NULL, back_up_folder_action);
  gtk_widget_class_install_action (widget_class, "library.import-backup", NULL, import_backup_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "library.trash", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F2, 0, "library.rename", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "library.up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0, "library.up", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "librarypage");
}

static void
dw_library_page_init (DwLibraryPage *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY | GDK_ACTION_MOVE);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APPLICATION_ID);
  self->summaries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           (GDestroyNotify) dw_library_summary_free);
  self->pending_trash = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->bound = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);

  self->directory = dw_folder_model_new (FILE_ATTRIBUTES);
  self->results = g_list_store_new (G_TYPE_FILE_INFO);
  self->filter = gtk_custom_filter_new (filter_item, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->directory)),
                                              GTK_FILTER (self->filter));
  self->sorter = gtk_custom_sorter_new (sort_items, self, NULL);
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->filtered)),
                                          GTK_SORTER (self->sorter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sorted)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect (self->list_view, "activate", G_CALLBACK (on_activate_cb), self);
  g_signal_connect_swapped (self->sorted, "items-changed", G_CALLBACK (update_content), self);
  g_signal_connect_swapped (self->directory, "notify::loading", G_CALLBACK (update_content), self);
  g_signal_connect_swapped (self->sort_drop, "notify::selected", G_CALLBACK (on_sort_changed_cb), self);
  g_settings_bind (self->settings, "library-sort", self->sort_drop, "selected", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_swapped (self->search_entry, "changed", G_CALLBACK (on_search_changed_cb), self);
  g_signal_connect_object (self->settings, "changed::library-folders",
                           G_CALLBACK (on_library_folders_changed_cb), self, G_CONNECT_SWAPPED);
  fill_roots_menu (self);

  g_signal_connect (target, "drop", G_CALLBACK (on_page_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

GtkWidget *
dw_library_page_new (DwLibrary *library)
{
  DwLibraryPage *self;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);

  self = g_object_new (DW_TYPE_LIBRARY_PAGE, NULL);
  self->library = g_object_ref (library);
  fill_new_menu (self);
  g_signal_connect_object (dw_library_get_card_dbs (library), "items-changed",
                           G_CALLBACK (on_card_dbs_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (library, "notify::loading-card-dbs",
                           G_CALLBACK (on_card_dbs_changed_cb), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

/* The library's first folder, the one the command line starts with too:
 * dw_deck_library_configured_folders() (Preferences' folders, else the
 * Decks folder in Documents). */
GFile *
dw_library_page_default_root (void)
{
  g_auto(GStrv) roots = dw_deck_library_configured_folders ();

  return g_file_new_for_path (roots[0]);
}

/* Shows @root, the library's folder, made if it is not there yet. */
void
dw_library_page_set_root (DwLibraryPage *self,
                          GFile         *root)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DW_IS_LIBRARY_PAGE (self));
  g_return_if_fail (G_IS_FILE (root));

  if (!g_file_make_directory_with_parents (root, NULL, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_autofree char *path = g_file_get_path (root);
      g_autofree char *message = g_strdup_printf (_("The library folder %s could not be made: %s"),
                                                  path, error->message);

      toast_error (self, message);
    }
  if (self->root == NULL || !g_file_equal (self->root, root))
    {
      drop_decks (self);
      g_set_object (&self->root, root);
      if (self->query != NULL || gtk_drop_down_get_selected (self->sort_drop) >= SORT_GAME)
        ensure_decks (self);
    }
  dw_library_page_set_folder (self, root);
}

GFile *
dw_library_page_get_root (DwLibraryPage *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);
  return self->root;
}

/* Shows @folder, the library's or one inside it. */
void
dw_library_page_set_folder (DwLibraryPage *self,
                            GFile         *folder)
{
  g_return_if_fail (DW_IS_LIBRARY_PAGE (self));
  g_return_if_fail (self->root != NULL && inside (folder, self->root));

  if (self->folder != NULL && g_file_equal (self->folder, folder))
    return;
  g_set_object (&self->folder, folder);
  dw_folder_model_set_folder (self->directory, folder);
  update_breadcrumbs (self);
  update_content (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDER]);
}

GFile *
dw_library_page_get_folder (DwLibraryPage *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);
  return self->folder;
}

/* Saves a new, empty deck of @game_id in the folder shown, as "New Deck",
 * "New Deck (2)"…, in the player's default format for the game. */
GFile *
dw_library_page_new_deck (DwLibraryPage *self,
                          const char    *game_id,
                          GError       **error)
{
  g_autoptr(DwDeck) deck = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  DwGame *game;
  DwFormat *format;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);

  game = dw_library_lookup_game (self->library, game_id);
  if (game == NULL)
    {
      g_set_error (error, DW_LIBRARY_ERROR, DW_LIBRARY_ERROR_UNKNOWN_GAME,
                   _("Deckwright does not know the game “%s”"), game_id);
      return NULL;
    }
  deck = dw_deck_new (game_id);
  format = dw_preferences_default_format (self->settings, game);
  if (format != NULL)
    dw_deck_set_format_id (deck, dw_format_get_id (format));
  file = free_name (self->folder, _("New Deck"), ".xml");
  path = g_file_get_path (file);
  if (!dw_deck_save (deck, path, error))
    return NULL;
  return g_steal_pointer (&file);
}

GFile *
dw_library_page_new_folder (DwLibraryPage *self,
                            const char    *name,
                            GError       **error)
{
  g_autoptr(GFile) folder = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);

  folder = free_name (self->folder, name, "");
  if (!g_file_make_directory (folder, NULL, error))
    return NULL;
  return g_steal_pointer (&folder);
}

/* Hides @file at once and moves it to the trash when its toast goes,
 * unless the player chose Undo. */
void
dw_library_page_trash (DwLibraryPage *self,
                       GFile         *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *title = NULL;
  AdwToast *toast;

  g_return_if_fail (DW_IS_LIBRARY_PAGE (self));

  if (path == NULL || g_hash_table_contains (self->pending_trash, path))
    return;
  g_hash_table_insert (self->pending_trash, g_strdup (path), g_object_ref (file));
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_MORE_STRICT);

  title = g_markup_printf_escaped (_("“%s” moved to the trash"), name);
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "library.undo-trash");
  adw_toast_set_action_target_value (toast, g_variant_new_string (path));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_object_set_data_full (G_OBJECT (toast), "path", g_strdup (path), g_free);
  g_signal_connect (toast, "dismissed", G_CALLBACK (on_trash_toast_dismissed_cb), self);
  add_toast (self, toast);
}

/* Renames a deck, or a folder, to @name.  A deck of ours takes @name as
 * its own too, and its file is named after it; a deck of another format
 * only changes its file's name.  The file keeps its kind's suffix. */
GFile *
dw_library_page_rename (DwLibraryPage *self,
                        GFile         *file,
                        const char    *name,
                        GError       **error)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *stem = NULL;
  g_autofree char *suffix = NULL;
  g_autofree char *wanted = g_strstrip (g_strdup (name));
  g_autofree char *new_basename = NULL;
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) target = NULL;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);

  if (*wanted == '\0' || strchr (wanted, '/') != NULL || wanted[0] == '.')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("“%s” cannot name a file: a name is not empty, has no “/” and does not start with a dot"),
                   name);
      return NULL;
    }
  split_name (basename, &stem, &suffix);
  if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL) == G_FILE_TYPE_DIRECTORY)
    {
      g_free (suffix);
      suffix = g_strdup ("");
    }
  new_basename = g_strconcat (wanted, suffix, NULL);
  target = g_file_get_child (parent, new_basename);

  if (!g_file_equal (target, file) && g_file_query_exists (target, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("“%s” is already in this folder: choose another name"), new_basename);
      return NULL;
    }

  if (g_str_equal (suffix, ".xml"))
    {
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *target_path = g_file_get_path (target);
      g_autoptr(DwDeck) deck = dw_deck_load (path, error);

      if (deck == NULL)
        return NULL;
      dw_deck_set_name (deck, wanted);
      /* The new file is whole before the old one goes. */
      if (!dw_deck_save (deck, target_path, error))
        return NULL;
      if (!g_file_equal (target, file) && !g_file_delete (file, NULL, error))
        return NULL;
      return g_steal_pointer (&target);
    }

  if (!g_file_move (file, target, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, error))
    return NULL;
  return g_steal_pointer (&target);
}

/* Moves @file, a deck or folder of the library, into @folder; a file of
 * the same name there is never replaced. */
gboolean
dw_library_page_move (DwLibraryPage *self,
                      GFile         *file,
                      GFile         *folder,
                      GError       **error)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(GFile) target = g_file_get_child (folder, basename);

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), FALSE);

  if (inside (folder, file))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The folder “%s” cannot go inside itself"), basename);
      return FALSE;
    }
  if (g_file_query_exists (target, NULL))
    {
      g_autofree char *where = g_file_get_basename (folder);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("“%s” is already in “%s”: rename one of them first"), basename, where);
      return FALSE;
    }
  return g_file_move (file, target, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, error);
}

/* Copies the decks among @files (GFile) into the folder shown, under a
 * free name; the files they came from are never changed.  Returns how
 * many were copied; @error says why the first that could not be was
 * not. */
guint
dw_library_page_import (DwLibraryPage *self,
                        GSList        *files,
                        GError       **error)
{
  guint copied = 0;
  guint refused = 0;

  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), 0);

  for (GSList *l = files; l != NULL; l = l->next)
    {
      GFile *file = l->data;
      g_autofree char *basename = g_file_get_basename (file);
      g_autofree char *stem = NULL;
      g_autofree char *suffix = NULL;
      g_autoptr(GFile) target = NULL;
      g_autoptr(GError) local_error = NULL;

      if (basename == NULL || !is_deck_name (basename) ||
          g_file_query_file_type (file, 0, NULL) != G_FILE_TYPE_REGULAR)
        {
          if (refused++ == 0)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _("%s is no deck file Deckwright reads (deck XML, deck text, CSV, .cod or Arcmage JSON)"),
                         basename ? basename : "?");
          continue;
        }
      split_name (basename, &stem, &suffix);
      target = free_name (self->folder, stem, suffix);
      if (!g_file_copy (file, target, G_FILE_COPY_NONE, NULL, NULL, NULL, &local_error))
        {
          if (refused++ == 0)
            g_propagate_error (error, g_steal_pointer (&local_error));
          continue;
        }
      copied++;
    }
  return copied;
}

GListModel *
dw_library_page_get_items (DwLibraryPage *self)
{
  return G_LIST_MODEL (self->sorted);
}

/* "Name/" for a folder, "Name: Verdict [tags]" for a deck, as its row
 * shows it. */
char *
dw_library_page_describe (DwLibraryPage *self,
                          guint          position)
{
  g_autoptr(GFileInfo) info = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);
  const DwLibrarySummary *summary;
  g_autofree char *verdict = NULL;

  if (info == NULL)
    return NULL;
  if (is_folder (info))
    return g_strconcat (g_file_info_get_display_name (info), "/", NULL);
  summary = summary_for (self, info);
  verdict = dw_library_summary_verdict (summary);
  if (summary->tags != NULL)
    return g_strdup_printf ("%s: %s [%s]", summary->name, verdict, summary->tags);
  return g_strdup_printf ("%s: %s", summary->name, verdict);
}

GtkBox *
dw_library_page_get_breadcrumbs (DwLibraryPage *self)
{
  return self->breadcrumbs;
}

AdwToast *
dw_library_page_get_last_toast (DwLibraryPage *self)
{
  return self->last_toast;
}

GtkListView *
dw_library_page_get_list_view (DwLibraryPage *self)
{
  return self->list_view;
}

GtkEntry *
dw_library_page_get_search_entry (DwLibraryPage *self)
{
  return self->search_entry;
}

const char *
dw_library_page_get_shown (DwLibraryPage *self)
{
  return gtk_stack_get_visible_child_name (self->content);
}
