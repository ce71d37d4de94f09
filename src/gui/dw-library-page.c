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
 * sort by name, game or verdict needs it; the first frame costs only the
 * folder's names (sorted by file name until the index has the decks').
 * A search that cannot be read is shown the way the card browser shows
 * one: the entry marked, the wrong characters underlined, and where in
 * words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dw-deck-library.h"
#include "dw-deck-query.h"
#include "dw-folder-model.h"
#include "dw-library-page-private.h"
#include "dw-library-row.h"
#include "dw-preferences-window.h"
#include "dw-search-mistake.h"

#define FILE_ATTRIBUTES "standard::name,standard::display-name,standard::type,standard::is-hidden," \
                        "standard::is-backup,time::modified,time::modified-usec"

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

static gint64
info_mtime (GFileInfo *info)
{
  return (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC +
         g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
}

/* A found deck's summary from what the index holds of it, without
 * reading its file again; NULL for a deck the index could not read or
 * of a game Deckwright does not know, which the file says best. */
static DwLibrarySummary *
summary_from_entry (DwLibraryPage      *self,
                    DwDeckLibraryEntry *entry,
                    gint64              mtime)
{
  const char *game_id = dw_deck_library_entry_get_game_id (entry);
  const char *format_id = dw_deck_library_entry_get_format_id (entry);
  const char *cover_id = dw_deck_library_entry_get_cover_id (entry);
  const char * const *factions = dw_deck_library_entry_get_factions (entry);
  const char * const *tags = dw_deck_library_entry_get_tags (entry);
  DwGame *game = game_id ? dw_library_lookup_game (self->library, game_id) : NULL;
  DwFormat *format = NULL;
  DwLibrarySummary *summary;

  if (dw_deck_library_entry_get_error (entry) != NULL || game == NULL)
    return NULL;
  if (format_id != NULL)
    format = dw_game_lookup_format (game, format_id);
  if (format == NULL)
    format = dw_game_get_default_format (game);
  summary = g_new0 (DwLibrarySummary, 1);
  summary->mtime = mtime;
  summary->name = g_strdup (dw_deck_library_entry_get_name (entry));
  summary->game = g_object_ref (game);
  summary->game_id = g_strdup (game_id);
  summary->format_name = g_strdup (format ? dw_format_get_name (format) : "");
  summary->errors = dw_deck_library_entry_get_n_errors (entry);
  summary->warnings = dw_deck_library_entry_get_n_warnings (entry);
  summary->cards = dw_deck_library_entry_get_n_cards (entry);
  summary->factions = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; factions != NULL && factions[i] != NULL; i++)
    g_ptr_array_add (summary->factions, g_strdup (factions[i]));
  if (tags != NULL && tags[0] != NULL)
    summary->tags = g_strjoinv (", ", (char **) tags);
  if (cover_id != NULL)
    {
      DwCard *cover = dw_library_lookup_card (self->library, game_id, cover_id, 0, NULL);

      summary->cover = cover ? g_object_ref (cover) : NULL;
    }
  return summary;
}

/* The deck's summary, read again only when its file has changed. */
static const DwLibrarySummary *
summary_for (DwLibraryPage *self,
             GFileInfo     *info)
{
  GFile *file = dw_library_page_info_file (info);
  g_autofree char *path = g_file_get_path (file);
  DwLibrarySummary *summary = g_hash_table_lookup (self->summaries, path);
  gint64 mtime = info_mtime (info);

  if (summary == NULL || summary->mtime != mtime)
    {
      DwDeckLibraryEntry *entry = g_object_get_data (G_OBJECT (info), "dw-entry");

      summary = entry ? summary_from_entry (self, entry, mtime) : NULL;
      if (summary == NULL)
        summary = dw_library_summary_read (self->library, file, mtime);
      g_hash_table_replace (self->summaries, g_steal_pointer (&path), summary);
    }
  return summary;
}

/* Fills @row with @info: every label, the cover, the tooltip. */
static void
show_item (DwLibraryPage *self,
           DwLibraryRow  *row,
           GFileInfo     *info)
{
  if (dw_library_page_is_folder (info))
    dw_library_row_show_folder (row, info);
  else
    dw_library_row_show_deck (row, info, summary_for (self, info));
  /* A search's decks come from every folder of the library: each says
   * which it is in. */
  dw_library_row_set_place (row, g_object_get_data (G_OBJECT (info), "dw-place"));
}

/* What dw_library_page_filter_item() says of a file by its kind and name, worked out
 * once per GFileInfo (a file changed on disk comes as a new one): a
 * keystroke asks it of every deck. */
static GQuark listable_quark;
static GQuark entry_quark;

enum {
  LISTABLE_UNKNOWN,
  LISTABLE_YES,
  LISTABLE_NO,
};

static gboolean
info_listable (GFileInfo *info)
{
  int listable = GPOINTER_TO_INT (g_object_get_qdata (G_OBJECT (info), listable_quark));

  if (listable == LISTABLE_UNKNOWN)
    {
      gboolean yes = !g_file_info_get_is_hidden (info) && !g_file_info_get_is_backup (info) &&
                     (dw_library_page_is_folder (info) ||
                      (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR &&
                       dw_library_page_is_deck_name (g_file_info_get_name (info))));

      listable = yes ? LISTABLE_YES : LISTABLE_NO;
      g_object_set_qdata (G_OBJECT (info), listable_quark, GINT_TO_POINTER (listable));
    }
  return listable == LISTABLE_YES;
}

gboolean
dw_library_page_filter_item (gpointer item,
                             gpointer user_data)
{
  DwLibraryPage *self = user_data;
  GFileInfo *info = item;
  g_autofree char *path = NULL;

  if (!info_listable (info))
    return FALSE;
  /* No path made for each of 10,000 files when nothing waits. */
  if (g_hash_table_size (self->pending_trash) == 0)
    return TRUE;
  path = g_file_get_path (dw_library_page_info_file (info));
  return !g_hash_table_contains (self->pending_trash, path);
}

/* Whether the page shows what a search found (or its mistake) rather
 * than the folder. */
gboolean
dw_library_page_searching (DwLibraryPage *self)
{
  return self->query != NULL || self->query_error != NULL;
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

/* The deck's index entry when the library has read it, else NULL. */
static DwDeckLibraryEntry *
indexed (DwLibraryPage *self,
         GFileInfo     *info)
{
  g_autofree char *path = NULL;
  DwDeckLibraryEntry *entry;

  if (self->decks == NULL || !self->scanned)
    return NULL;
  path = g_file_get_path (dw_library_page_info_file (info));
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

/* The deck's name, case-folded, as a collation key: its index entry's
 * name (a search's row carries its entry), the file's name for a deck
 * without one or until the index has read the folder.  Made once per
 * item and change of the index (names_read), never per comparison. */
typedef struct
{
  guint  names_read;
  char  *key;
} NameKey;

static void
name_key_free (gpointer data)
{
  NameKey *key = data;

  g_free (key->key);
  g_free (key);
}

static const char *
name_key (DwLibraryPage *self,
          GFileInfo     *info)
{
  NameKey *key = g_object_get_data (G_OBJECT (info), "dw-name-key");
  DwDeckLibraryEntry *entry;
  const char *name = NULL;
  g_autofree char *folded = NULL;

  if (key != NULL && key->names_read == self->names_read)
    return key->key;
  entry = g_object_get_data (G_OBJECT (info), "dw-entry");
  if (entry == NULL)
    entry = indexed (self, info);
  if (entry != NULL && dw_deck_library_entry_get_error (entry) == NULL)
    name = dw_deck_library_entry_get_name (entry);
  if (name == NULL || *name == '\0')
    name = g_file_info_get_display_name (info);
  folded = g_utf8_casefold (name, -1);
  key = g_new0 (NameKey, 1);
  key->names_read = self->names_read;
  key->key = g_utf8_collate_key (folded, -1);
  g_object_set_data_full (G_OBJECT (info), "dw-name-key", key, name_key_free);
  return key->key;
}

/* Folders first, then by the deck's name, the newest first, by game or
 * by verdict; by the deck's name within a game or a verdict, and by file
 * name between decks of one name. */
int
dw_library_page_sort_items (gconstpointer a,
                            gconstpointer b,
                            gpointer      user_data)
{
  DwLibraryPage *self = user_data;
  GFileInfo *ia = (GFileInfo *) a;
  GFileInfo *ib = (GFileInfo *) b;
  gboolean fa = dw_library_page_is_folder (ia);
  gboolean fb = dw_library_page_is_folder (ib);

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
  if (!fa)
    {
      int by_name = strcmp (name_key (self, ia), name_key (self, ib));

      if (by_name != 0)
        return by_name;
    }
  return strcmp (collate_key (ia), collate_key (ib));
}

void
dw_library_page_update_content (DwLibraryPage *self)
{
  gboolean none = g_list_model_get_n_items (G_LIST_MODEL (self->shown)) == 0;

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

static void
on_crumb_clicked_cb (GtkButton     *button,
                     DwLibraryPage *self)
{
  dw_library_page_set_folder (self, g_object_get_data (G_OBJECT (button), "folder"));
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
      GtkDropTarget *target = dw_library_page_folder_drop_target (self);

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

/* Rows kept for the next list items: GtkListView (GTK 4.8) drops the
 * list items of the decks a change took off the screen, with their rows,
 * and makes new ones for the decks it brought on; a row built from its
 * template costs more than the rest of a keystroke.  Each list item
 * holds its row in "dw-row" too, so that its row outlives it and waits
 * here for the next. */
#define SPARE_ROWS 400

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           DwLibraryPage            *self)
{
  GtkWidget *row;

  if (self->spare_rows->len > 0)
    row = g_ptr_array_steal_index_fast (self->spare_rows, self->spare_rows->len - 1);
  else
    {
      row = g_object_ref_sink (dw_library_row_new ());
      dw_library_page_add_row_dnd (DW_LIBRARY_ROW (row));
    }
  gtk_list_item_set_child (item, row);
  g_object_set_data_full (G_OBJECT (item), "dw-row", row, g_object_unref);
}

static void
teardown_row (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              DwLibraryPage            *self)
{
  GtkWidget *row = g_object_steal_data (G_OBJECT (item), "dw-row");

  if (row == NULL)
    return;
  /* The list item let go of it first.  A row put aside gives its labels
   * to the next row filled: it waits as an empty shell, cheap to give to
   * a list item off screen. */
  if (self->spare_rows != NULL && self->spare_rows->len < SPARE_ROWS && gtk_widget_get_parent (row) == NULL)
    {
      dw_library_row_recycle (DW_LIBRARY_ROW (row));
      g_ptr_array_add (self->spare_rows, row);
    }
  else
    g_object_unref (row);
}

/* --- a folder opens at its top -------------------------------------- *
 *
 * A folder arrives in steps: its files listed (sorted by file name),
 * then sorted again by the decks' names once the index has read them,
 * and any file another program writes meanwhile.  Through each change
 * GTK 4.8's list view keeps its first row where it is: the re-sort that
 * took the first file's deck to the middle of the list took the view
 * there too, and the folder opened scrolled partway down.  Until the
 * folder has arrived, the list's positions keep their places instead
 * (dw_slot_model_set_in_place()): each shows the item now there, and the
 * view stays at the top, nothing moving under the pointer.  The player
 * scrolling, choosing a row (a click, or the arrow keys) or dw_library_page_searching
 * ends it at once: from then on the list view follows its rows again. */

static void
stop_keeping_top (DwLibraryPage *self)
{
  if (!self->keep_top)
    return;
  self->keep_top = FALSE;
  dw_slot_model_set_in_place (self->slots, FALSE);
}

static void
start_keeping_top (DwLibraryPage *self)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));

  self->keep_top = TRUE;
  if (adjustment != NULL)
    gtk_adjustment_set_value (adjustment, 0);
  dw_slot_model_set_in_place (self->slots, TRUE);
}

/* The folder has arrived once it is listed and the index's scan, when
 * one runs, has given the names it is sorted by. */
void
dw_library_page_check_arrived (DwLibraryPage *self)
{
  if (self->keep_top && !dw_folder_model_is_loading (self->directory) && self->scanning == NULL)
    stop_keeping_top (self);
}

/* The view kept at the top moves only when the player scrolls it. */
static void
on_adjustment_value_changed_cb (GtkAdjustment *adjustment,
                                DwLibraryPage *self)
{
  if (gtk_adjustment_get_value (adjustment) > 0)
    stop_keeping_top (self);
}

/* --- filling only the rows on screen --------------------------------- *
 *
 * GTK 4.8's GtkListView binds about 200 rows whatever the height of the
 * window, and measures them all.  A row is bound cheaply (it holds its
 * file and what a screen reader says of it) and filled only when it is
 * on screen, or within two rows of it: every row has the same height
 * (DwLibraryRow), so the list's vertical adjustment says which positions
 * are on screen.  The rows are filled before the frame is laid out: at
 * bind, in a tick callback (the frame's update phase, before its layout)
 * after the list changed, and at once when the adjustment moves (a
 * scroll, or the list view placing its rows in its layout).  A row off
 * screen keeps showing what it showed: nobody sees it, and nothing of
 * it is measured or drawn again. */

#define FILL_MARGIN_ROWS 2

/* The positions on screen, and @margin rows either side, in
 * [*first, *last); FALSE before any row has been bound. */
static gboolean
rows_on_screen (DwLibraryPage *self,
                DwLibraryRow  *row,
                guint         *first,
                guint         *last)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));
  double value = adjustment ? gtk_adjustment_get_value (adjustment) : 0;
  double page = adjustment ? gtk_adjustment_get_page_size (adjustment) : 0;
  GtkWidget *item = gtk_widget_get_parent (GTK_WIDGET (row));
  int height = dw_library_row_get_fixed_height (row);

  /* The list item around the row adds its padding: every one the same,
   * and measuring it again costs nothing. */
  if (item != NULL)
    gtk_widget_measure (item, GTK_ORIENTATION_VERTICAL, -1, &height, NULL, NULL, NULL);
  if (height <= 0)
    return FALSE;
  /* Before the list's first layout it has no page: as tall as the
   * window, or a tall screen's worth. */
  if (page <= 0)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

      page = root != NULL ? gtk_widget_get_height (GTK_WIDGET (root)) : 0;
      if (page <= 0)
        page = 1600;
    }
  *first = (guint) MAX (0.0, value / height - FILL_MARGIN_ROWS);
  *last = (guint) MIN ((double) G_MAXUINT, (value + page) / height + 1 + FILL_MARGIN_ROWS);
  return TRUE;
}

static gboolean
row_on_screen (DwLibraryPage *self,
               DwLibraryRow  *row)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (row), "dw-list-item");
  guint first, last, position;

  if (item == NULL || !rows_on_screen (self, row, &first, &last))
    return FALSE;
  position = gtk_list_item_get_position (item);
  return position != GTK_INVALID_LIST_POSITION && position >= first && position < last;
}

/* Fills every row bound on screen that does not yet show its item. */
static void
fill_on_screen (DwLibraryPage *self)
{
  GHashTableIter iter;
  gpointer row, info;

  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, &info))
    if (!dw_library_row_is_filled (row) && row_on_screen (self, row))
      show_item (self, row, info);
}

static gboolean
fill_tick_cb (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       user_data)
{
  DwLibraryPage *self = user_data;

  self->fill_tick = 0;
  fill_on_screen (self);
  return G_SOURCE_REMOVE;
}

/* Before the next frame's layout, the rows on screen are filled. */
static void
queue_fill (DwLibraryPage *self)
{
  if (self->fill_tick == 0)
    self->fill_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list_view), fill_tick_cb, self, NULL);
}

/* A scroll fills the rows it brings at once, before its frame; so does
 * the list view moving its adjustment as it lays itself out (keeping its
 * first row in place, a taller window), before it places its rows. */
static void
on_adjustment_changed_cb (DwLibraryPage *self)
{
  fill_on_screen (self);
}

/* The scrolled window gives the list view its adjustment: the page
 * follows the one it has. */
static void
on_vadjustment_set_cb (DwLibraryPage *self)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));

  if (adjustment == NULL || g_object_get_data (G_OBJECT (adjustment), "dw-library-page") == self)
    return;
  g_object_set_data (G_OBJECT (adjustment), "dw-library-page", self);
  g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (on_adjustment_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (adjustment, "changed", G_CALLBACK (on_adjustment_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (on_adjustment_value_changed_cb), self, 0);
}

/* What a screen reader says of the row of @info before it is filled:
 * all of it when the deck's summary or its index entry is at hand
 * (never reading a file for it), else the file's name. */
static char *
held_words (DwLibraryPage *self,
            GFileInfo     *info)
{
  const char *place = g_object_get_data (G_OBJECT (info), "dw-place");
  DwDeckLibraryEntry *entry = g_object_get_qdata (G_OBJECT (info), entry_quark);
  const DwLibrarySummary *summary;
  g_autofree char *path = NULL;
  g_autofree char *verdict = NULL;
  g_autofree char *words = NULL;

  if (dw_library_page_is_folder (info))
    return dw_library_row_folder_words (g_file_info_get_display_name (info));
  path = g_file_get_path (dw_library_page_info_file (info));
  summary = g_hash_table_lookup (self->summaries, path);
  if (summary != NULL && summary->mtime == info_mtime (info))
    {
      verdict = dw_library_summary_verdict (summary);
      words = dw_library_row_deck_words (summary->name, summary->game ? dw_game_get_name (summary->game) : NULL,
                                         verdict, summary->cards, summary->error);
    }
  else if (entry != NULL && dw_deck_library_entry_get_error (entry) == NULL &&
           dw_deck_library_entry_get_game_id (entry) != NULL &&
           dw_library_lookup_game (self->library, dw_deck_library_entry_get_game_id (entry)) != NULL)
    {
      DwLibrarySummary counts = {
        .errors = dw_deck_library_entry_get_n_errors (entry),
        .warnings = dw_deck_library_entry_get_n_warnings (entry),
      };
      DwGame *game = dw_library_lookup_game (self->library, dw_deck_library_entry_get_game_id (entry));

      verdict = dw_library_summary_verdict (&counts);
      words = dw_library_row_deck_words (dw_deck_library_entry_get_name (entry), dw_game_get_name (game), verdict,
                                         dw_deck_library_entry_get_n_cards (entry), NULL);
    }
  else
    return g_strdup (g_file_info_get_display_name (info));
  return place != NULL ? dw_library_row_words_in (words, place) : g_steal_pointer (&words);
}

/* @row holds the item in @item's slot, and shows it if on screen. */
static void
hold_item (DwLibraryPage *self,
           DwLibraryRow  *row,
           GtkListItem   *item)
{
  GFileInfo *info = dw_slot_get_item (gtk_list_item_get_item (item));
  g_autofree char *words = held_words (self, info);

  dw_library_row_hold (row, dw_library_page_info_file (info), dw_library_page_is_folder (info), words);
  g_hash_table_insert (self->bound, row, g_object_ref (info));
  if (row_on_screen (self, row))
    show_item (self, row, info);
  else
    queue_fill (self);
}

/* A search gave the slot of a bound row another deck (see
 * dw-slot-model.c): the row holds that one now. */
static void
on_slot_item_cb (DwLibraryRow *row)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (row), "dw-list-item");
  DwLibraryPage *self = DW_LIBRARY_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (row), DW_TYPE_LIBRARY_PAGE));

  if (item != NULL && self != NULL)
    hold_item (self, row, item);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          DwLibraryPage            *self)
{
  DwLibraryRow *row = DW_LIBRARY_ROW (gtk_list_item_get_child (item));

  g_object_set_data (G_OBJECT (row), "dw-list-item", item);
  g_signal_connect_object (gtk_list_item_get_item (item), "notify::item", G_CALLBACK (on_slot_item_cb), row,
                           G_CONNECT_SWAPPED);
  hold_item (self, row, item);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            DwLibraryPage            *self)
{
  GtkWidget *row = gtk_list_item_get_child (item);

  g_signal_handlers_disconnect_by_func (gtk_list_item_get_item (item), on_slot_item_cb, row);
  g_object_set_data (G_OBJECT (row), "dw-list-item", NULL);
  g_hash_table_remove (self->bound, row);
}

/* Opens the folder at @position, or says its deck is to be opened. */
static void
activate (DwLibraryPage *self,
          guint          position)
{
  g_autoptr(GFileInfo) info = g_list_model_get_item (G_LIST_MODEL (self->shown), position);

  if (info == NULL)
    return;
  if (dw_library_page_is_folder (info))
    dw_library_page_set_folder (self, dw_library_page_info_file (info));
  else
    g_signal_emit (self, signals[DECK_ACTIVATED], 0, dw_library_page_info_file (info));
}

static void
on_activate_cb (GtkListView   *view,
                guint          position,
                DwLibraryPage *self)
{
  activate (self, position);
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
    {
      g_autofree char *words = held_words (self, info);

      dw_library_row_hold (row, dw_library_page_info_file (info), dw_library_page_is_folder (info), words);
    }
  fill_on_screen (self);
}

static void
on_sort_changed_cb (DwLibraryPage *self)
{
  guint sort = gtk_drop_down_get_selected (self->sort_drop);

  /* Only the newest first needs nothing but the files. */
  if (sort != SORT_CHANGED)
    dw_library_page_ensure_decks (self);
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
  dw_library_page_resort_results (self);
}

/* --- going from folder to folder ------------------------------------ */

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DwLibraryPage *self = DW_LIBRARY_PAGE (widget);
  guint position = gtk_single_selection_get_selected (self->selection);

  if (position != GTK_INVALID_LIST_POSITION)
    activate (self, position);
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
        {
          /* The folders a search looks through changed. */
          if (self->decks != NULL)
            {
              dw_library_page_drop_decks (self);
              dw_library_page_update_results (self);
              dw_library_page_ensure_decks (self);
            }
          return;
        }
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

/* The menu of the library's folders follows Preferences. */
static void
add_roots_menu (DwLibraryPage *self)
{
  g_signal_connect_object (self->settings, "changed::library-folders",
                           G_CALLBACK (on_library_folders_changed_cb), self, G_CONNECT_SWAPPED);
  fill_roots_menu (self);
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
  if (self->fill_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list_view), self->fill_tick);
  self->fill_tick = 0;
  dw_library_page_drop_decks (self);
  g_clear_pointer (&self->query, dw_deck_query_unref);
  g_clear_pointer (&self->query_error, g_free);
  g_clear_pointer (&self->row_popover, gtk_widget_unparent);
  g_clear_object (&self->select_when_listed);
  gtk_widget_dispose_template (GTK_WIDGET (self), DW_TYPE_LIBRARY_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->slots);
  g_clear_object (&self->shown);
  g_clear_object (&self->filter);
  g_clear_object (&self->sorter);
  g_clear_object (&self->folder_sorted);
  g_clear_object (&self->found);
  g_clear_pointer (&self->found_list, g_ptr_array_unref);
  g_clear_pointer (&self->result_items, g_array_unref);
  g_clear_object (&self->directory);
  g_clear_object (&self->results);
  g_clear_pointer (&self->result_infos, g_hash_table_unref);
  g_clear_object (&self->last_toast);
  g_clear_pointer (&self->bound, g_hash_table_unref);
  g_clear_pointer (&self->spare_rows, g_ptr_array_unref);
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
  gtk_widget_class_bind_template_child (widget_class, DwLibraryPage, row_menu);

  dw_library_page_class_add_actions (widget_class);
  gtk_widget_class_install_action (widget_class, "library.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "library.up", NULL, up_action);
  gtk_widget_class_install_action (widget_class, "library.show-root", "s", show_root_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "library.up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0, "library.up", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "librarypage");

  listable_quark = g_quark_from_static_string ("dw-listable");
  entry_quark = g_quark_from_static_string ("dw-entry");
}

static void
dw_library_page_init (DwLibraryPage *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APPLICATION_ID);
  self->summaries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           (GDestroyNotify) dw_library_summary_free);
  self->pending_trash = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->bound = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->spare_rows = g_ptr_array_new_with_free_func (g_object_unref);

  self->result_infos = g_hash_table_new_full (NULL, NULL, g_object_unref, g_object_unref);

  self->directory = dw_folder_model_new (FILE_ATTRIBUTES);
  self->results = g_list_store_new (G_TYPE_FILE_INFO);
  self->result_items = g_array_new (FALSE, FALSE, sizeof (DwResultItem));
  self->found = g_list_store_new (G_TYPE_FILE_INFO);
  self->found_list = g_ptr_array_new_with_free_func (g_object_unref);
  self->sorter = gtk_custom_sorter_new (dw_library_page_sort_items, self, NULL);
  self->folder_sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->directory)),
                                                 GTK_SORTER (g_object_ref (self->sorter)));
  /* The results are kept sorted in their store (dw_library_page_resort_results()), with
   * their places in the index beside them (result_items): a keystroke
   * reads them in order from that array. */
  self->filter = gtk_custom_filter_new (dw_library_page_filter_item, self, NULL);
  g_signal_connect_swapped (self->filter, "changed", G_CALLBACK (dw_library_page_filter_changed), self);
  self->shown = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->folder_sorted)),
                                           GTK_FILTER (g_object_ref (self->filter)));
  self->slots = dw_slot_model_new (G_LIST_MODEL (self->shown));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->slots)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  g_signal_connect (factory, "teardown", G_CALLBACK (teardown_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect (self->list_view, "activate", G_CALLBACK (on_activate_cb), self);
  g_signal_connect_swapped (self->shown, "items-changed", G_CALLBACK (dw_library_page_update_content), self);
  /* After the list view's own handler: the rows kept have new positions. */
  g_signal_connect_swapped (self->selection, "items-changed", G_CALLBACK (queue_fill), self);
  g_signal_connect_swapped (self->list_view, "notify::vadjustment", G_CALLBACK (on_vadjustment_set_cb), self);
  on_vadjustment_set_cb (self);
  g_signal_connect_swapped (self->directory, "notify::loading", G_CALLBACK (dw_library_page_update_content), self);
  g_signal_connect_swapped (self->directory, "notify::loading", G_CALLBACK (dw_library_page_check_arrived), self);
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (stop_keeping_top), self);
  g_signal_connect_swapped (self->search_entry, "changed", G_CALLBACK (stop_keeping_top), self);
  g_signal_connect_swapped (self->sort_drop, "notify::selected", G_CALLBACK (on_sort_changed_cb), self);
  g_settings_bind (self->settings, "library-sort", self->sort_drop, "selected", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_swapped (self->search_entry, "changed", G_CALLBACK (dw_library_page_search_changed), self);

  dw_library_page_add_drop_target (self);
  dw_library_page_add_row_menu (self);
  add_roots_menu (self);
}

GtkWidget *
dw_library_page_new (DwLibrary *library)
{
  DwLibraryPage *self;

  g_return_val_if_fail (DW_IS_LIBRARY (library), NULL);

  self = g_object_new (DW_TYPE_LIBRARY_PAGE, NULL);
  self->library = g_object_ref (library);
  dw_library_page_fill_new_menu (self);
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

      dw_library_page_toast_error (self, message);
    }
  if (self->root == NULL || !g_file_equal (self->root, root))
    {
      dw_library_page_drop_decks (self);
      dw_library_page_update_results (self);
      g_set_object (&self->root, root);
      if (self->query != NULL || gtk_drop_down_get_selected (self->sort_drop) != SORT_CHANGED)
        dw_library_page_ensure_decks (self);
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
  g_return_if_fail (self->root != NULL && dw_library_page_inside (folder, self->root));

  if (self->folder != NULL && g_file_equal (self->folder, folder))
    return;
  g_set_object (&self->folder, folder);
  start_keeping_top (self);
  dw_folder_model_set_folder (self->directory, folder);
  update_breadcrumbs (self);
  dw_library_page_update_content (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDER]);
}

GFile *
dw_library_page_get_folder (DwLibraryPage *self)
{
  g_return_val_if_fail (DW_IS_LIBRARY_PAGE (self), NULL);
  return self->folder;
}

GListModel *
dw_library_page_get_items (DwLibraryPage *self)
{
  return G_LIST_MODEL (self->shown);
}

/* "Name/" for a folder, "Name: Verdict [tags]" for a deck, as its row
 * shows it. */
char *
dw_library_page_describe (DwLibraryPage *self,
                          guint          position)
{
  g_autoptr(GFileInfo) info = g_list_model_get_item (G_LIST_MODEL (self->shown), position);
  const DwLibrarySummary *summary;
  g_autofree char *verdict = NULL;

  if (info == NULL)
    return NULL;
  if (dw_library_page_is_folder (info))
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
