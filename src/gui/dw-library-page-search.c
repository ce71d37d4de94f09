/* dw-library-page-search.c — the Decks page's search and its index of decks
 *
 * The search entry takes the deck query language (dw-deck-query.h).  The
 * library's index over the folders searched (DwDeckLibrary) is read once
 * in a worker thread and then follows the disk; a keystroke asks the
 * whole library at once (dw_deck_query_match_library()) and lists the
 * decks it matched, in the sort chosen, as their own list: no filter
 * asks each deck.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dw-deck-library.h"
#include "dw-deck-query.h"
#include "dw-library-page-private.h"
#include "dw-search-mistake.h"

/* --- dw_library_page_searching ------------------------------------------------------- */

/* "Decks / Winter league": the library folder a found deck is in, and
 * the folders under it, as the row of a search shows it. */
static char *
entry_place (DwDeckLibraryEntry *entry)
{
  const char *root = dw_deck_library_entry_get_root (entry);
  const char *folder = dw_deck_library_entry_get_folder (entry);
  g_autofree char *root_name = g_path_get_basename (root);
  g_autoptr(GString) place = g_string_new (NULL);
  gsize length = strlen (root);

  g_string_append (place, root_name);
  if (folder != NULL && g_str_has_prefix (folder, root) && folder[length] == G_DIR_SEPARATOR)
    {
      g_auto(GStrv) parts = g_strsplit (folder + length + 1, G_DIR_SEPARATOR_S, -1);

      for (guint i = 0; parts[i] != NULL; i++)
        if (*parts[i] != '\0')
          g_string_append_printf (place, " / %s", parts[i]);
    }
  return g_filename_display_name (place->str);
}

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
  g_object_set_data_full (G_OBJECT (info), "dw-entry", g_object_ref (entry), g_object_unref);
  g_object_set_data_full (G_OBJECT (info), "dw-place", entry_place (entry), g_free);
  return info;
}

static int
compare_result_items (gconstpointer a,
                      gconstpointer b,
                      gpointer      user_data)
{
  return dw_library_page_sort_items (((const DwResultItem *) a)->info, ((const DwResultItem *) b)->info, user_data);
}

static void list_found (DwLibraryPage *self);

/* The store of the results holds @items' infos, sorted as the page
 * sorts (nothing changes when it holds them already in that order), and
 * result_items says where each is in the index. */
static void
store_results (DwLibraryPage *self,
               GArray        *items)
{
  guint old_n = self->result_items->len;
  gboolean same = items->len == old_n;
  g_autoptr(GPtrArray) infos = NULL;

  g_array_sort_with_data (items, compare_result_items, self);
  for (guint i = 0; same && i < items->len; i++)
    same = g_array_index (self->result_items, DwResultItem, i).info == g_array_index (items, DwResultItem, i).info;
  if (!same)
    {
      infos = g_ptr_array_sized_new (items->len);
      for (guint i = 0; i < items->len; i++)
        g_ptr_array_add (infos, g_array_index (items, DwResultItem, i).info);
    }
  /* The store's references keep the infos the new items point to. */
  if (infos != NULL)
    g_list_store_splice (self->results, 0, old_n, infos->pdata, infos->len);
  g_array_set_size (self->result_items, 0);
  g_array_append_vals (self->result_items, items->data, items->len);
}

/* The sort changed, or the names it sorts by: the results again in order. */
void
dw_library_page_resort_results (DwLibraryPage *self)
{
  g_autoptr(GArray) items = g_array_copy (self->result_items);

  store_results (self, items);
  if (dw_library_page_searching (self))
    list_found (self);
}

/* Every deck of the index, one GFileInfo each, kept from one change of
 * the index to the next: its sort key is made once, a row showing it
 * stays, and the results are sorted again only when a deck changed. */
void
dw_library_page_update_results (DwLibraryPage *self)
{
  g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (DwResultItem));
  g_autoptr(GHashTable) kept = g_hash_table_new_full (NULL, NULL, g_object_unref, g_object_unref);
  guint n = self->decks != NULL && self->scanned ? g_list_model_get_n_items (G_LIST_MODEL (self->decks)) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DwDeckLibraryEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->decks), i);
      GFileInfo *info = g_hash_table_lookup (self->result_infos, entry);
      DwResultItem item;

      /* @kept holds it until the store does. */
      info = info != NULL ? g_object_ref (info) : entry_info (entry);
      g_hash_table_insert (kept, g_object_ref (entry), info);
      item.info = info;
      item.position = i;
      g_array_append_val (items, item);
    }
  g_hash_table_unref (self->result_infos);
  self->result_infos = g_steal_pointer (&kept);
  store_results (self, items);
  if (dw_library_page_searching (self))
    list_found (self);
  dw_library_page_update_content (self);
}

static void
on_decks_changed_cb (DwLibraryPage *self)
{
  guint sort = gtk_drop_down_get_selected (self->sort_drop);

  /* A deck's name may have changed, or be read for the first time. */
  self->names_read++;
  /* The search's items are made when a search first shows them: the
   * index read for a sort by name alone costs no GFileInfo per deck. */
  if (sort != SORT_CHANGED)
    gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
  if (self->query != NULL || self->query_error != NULL ||
      g_list_model_get_n_items (G_LIST_MODEL (self->results)) > 0)
    dw_library_page_update_results (self);
  else
    dw_library_page_update_content (self);
}

/* While the player has not typed: the folded keys a search compares
 * with and the library's card index, a few hundred decks at a time, so
 * that no frame waits for them and the first keystroke does not make
 * them for every deck. */
#define PREPARE_BATCH 500

static gboolean
prepare_entries_cb (gpointer user_data)
{
  DwLibraryPage *self = user_data;
  guint n = self->decks != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->decks)) : 0;

  /* The folded text and the library's card index (a deck that changes
   * later is put in it by the search that needs it). */
  if (self->decks != NULL)
    self->prepare_next = dw_deck_library_prepare_search (self->decks, self->prepare_next, PREPARE_BATCH);
  if (self->prepare_next < n)
    return G_SOURCE_CONTINUE;
  self->prepare_id = 0;
  return G_SOURCE_REMOVE;
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
  dw_library_page_check_arrived (self);
  self->prepare_next = 0;
  if (self->prepare_id == 0)
    self->prepare_id = g_idle_add_full (G_PRIORITY_LOW, prepare_entries_cb, self, NULL);
}

void
dw_library_page_drop_decks (DwLibraryPage *self)
{
  g_clear_handle_id (&self->prepare_id, g_source_remove);
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

/* What a search looks through: every folder of the library when the
 * page shows one of them (a search finds decks in all, each row saying
 * where), else only the folder the page was given. */
static GStrv
search_roots (DwLibraryPage *self)
{
  g_auto(GStrv) roots = dw_deck_library_configured_folders ();

  for (guint i = 0; roots[i] != NULL; i++)
    {
      g_autoptr(GFile) root = g_file_new_for_path (roots[i]);

      if (g_file_equal (root, self->root))
        return g_steal_pointer (&roots);
    }
  g_strfreev (roots);
  roots = g_new0 (char *, 2);
  roots[0] = g_file_get_path (self->root);
  return g_steal_pointer (&roots);
}

/* The library's index over the folders searched, read once in a worker
 * thread and then kept up to date with the disk. */
void
dw_library_page_ensure_decks (DwLibraryPage *self)
{
  g_auto(GStrv) roots = NULL;

  if (self->decks != NULL || self->root == NULL || self->library == NULL)
    return;
  roots = search_roots (self);
  self->decks = dw_deck_library_new (self->library, NULL);
  dw_deck_library_set_roots (self->decks, (const char * const *) roots, FALSE);
  g_signal_connect_swapped (self->decks, "changed", G_CALLBACK (on_decks_changed_cb), self);
  self->scanning = g_cancellable_new ();
  dw_deck_library_scan_async (self->decks, self->scanning, on_scanned_cb, g_object_ref (self));
}

static void
show_query_error (DwLibraryPage *self,
                  const GError  *error)
{
  g_clear_pointer (&self->query_error, g_free);
  if (error != NULL)
    self->query_error = g_strdup (error->message);
  dw_search_mistake_show (self->search_entry, self->query_mistake, error, dw_deck_query_error_get_span);
}

/* found holds @listed: only the part between what they share at the
 * start and at the end changes, so a keystroke that keeps the answer
 * changes nothing, and one that narrows it at the end changes the end. */
static void
set_found (DwLibraryPage *self,
           GPtrArray     *listed)
{
  GPtrArray *old = self->found_list;
  guint start = 0, end = 0;

  while (start < old->len && start < listed->len &&
         g_ptr_array_index (old, start) == g_ptr_array_index (listed, start))
    start++;
  while (end < old->len - start && end < listed->len - start &&
         g_ptr_array_index (old, old->len - 1 - end) == g_ptr_array_index (listed, listed->len - 1 - end))
    end++;
  if (start == old->len && start == listed->len)
    return;
  self->found_list = g_ptr_array_ref (listed);
  g_list_store_splice (self->found, start, old->len - start - end,
                       listed->pdata + start, listed->len - start - end);
  g_ptr_array_unref (old);
}

/* What the search lists: the decks of the results, in their order, that
 * the library's index says the query matches (one call for the whole
 * library: dw_deck_query_match_library()), less those waiting for the
 * trash; nothing while the index is read or when the query is wrong. */
static void
list_found (DwLibraryPage *self)
{
  g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree guint8 *matched = NULL;
  guint n_matched = 0;
  gboolean hiding = g_hash_table_size (self->pending_trash) > 0;

  if (self->query != NULL && self->query_error == NULL && self->decks != NULL && self->scanned)
    matched = dw_deck_query_match_library (self->query, self->decks, &n_matched);
  for (guint i = 0; matched != NULL && i < self->result_items->len; i++)
    {
      const DwResultItem *item = &g_array_index (self->result_items, DwResultItem, i);

      if (item->position < n_matched && matched[item->position] &&
          (!hiding || dw_library_page_filter_item (item->info, self)))
        g_ptr_array_add (listed, g_object_ref (item->info));
    }
  set_found (self, listed);
}

/* Shows what the search found, as it is: no filter asks each item. */
static void
show_found (DwLibraryPage *self)
{
  list_found (self);
  if (gtk_filter_list_model_get_model (self->shown) != G_LIST_MODEL (self->found))
    {
      /* The filter goes after the folder: without it, the folder's
       * hidden and other files would be items for a moment, and the rows
       * on screen would show them.  Over found it passes every deck (a
       * call each, on the search's first keystroke only). */
      gtk_filter_list_model_set_model (self->shown, G_LIST_MODEL (self->found));
      gtk_filter_list_model_set_filter (self->shown, NULL);
    }
}

/* Shows the folder through the filter. */
static void
show_folder (DwLibraryPage *self)
{
  if (gtk_filter_list_model_get_model (self->shown) != G_LIST_MODEL (self->folder_sorted))
    {
      gtk_filter_list_model_set_model (self->shown, G_LIST_MODEL (self->folder_sorted));
      gtk_filter_list_model_set_filter (self->shown, GTK_FILTER (self->filter));
    }
  else
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

/* What the filter hides changed (a file waiting for the trash, or its
 * Undo): the search, which the filter does not ask, lists again. */
void
dw_library_page_filter_changed (DwLibraryPage *self)
{
  if (dw_library_page_searching (self) && gtk_filter_list_model_get_model (self->shown) == G_LIST_MODEL (self->found))
    list_found (self);
}

/* Every keystroke: a blank search shows the folder again, a wrong one
 * says where it is wrong, any other lists what it matches.  The decks
 * listed are the index's, sorted already: a keystroke asks the library
 * once which match and lists those, and the rows on screen that still
 * match stay as they are. */
void
dw_library_page_search_changed (DwLibraryPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autoptr(GError) error = NULL;
  g_autoptr(DwDeckQuery) query = dw_deck_query_parse (self->library, text, &error);
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));

  show_query_error (self, error);
  g_clear_pointer (&self->query, dw_deck_query_unref);
  /* Another answer, from its top, with nothing chosen in it; the rows
   * already made show it (dw-slot-model.c), so that even the first
   * keystroke, which changes the whole list, makes no new one. */
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  if (adjustment != NULL)
    gtk_adjustment_set_value (adjustment, 0);
  dw_slot_model_set_in_place (self->slots, TRUE);
  if ((error != NULL || (query != NULL && !dw_deck_query_is_empty (query))) &&
      g_list_model_get_n_items (G_LIST_MODEL (self->results)) == 0)
    dw_library_page_update_results (self);
  if (query != NULL && !dw_deck_query_is_empty (query))
    {
      self->query = g_steal_pointer (&query);
      dw_library_page_ensure_decks (self);
      show_found (self);
    }
  else if (error != NULL)
    show_found (self);
  else
    show_folder (self);
  dw_slot_model_set_in_place (self->slots, FALSE);
  dw_library_page_update_content (self);
}

