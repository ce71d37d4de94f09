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

/* What filter_item() says of a file by its kind and name, worked out
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

static gboolean
filter_item (gpointer item,
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
static gboolean
searching (DwLibraryPage *self)
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
static int
sort_items (gconstpointer a,
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

static void
update_content (DwLibraryPage *self)
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
 * scrolling, choosing a row (a click, or the arrow keys) or searching
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
static void
check_arrived (DwLibraryPage *self)
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

static void ensure_decks (DwLibraryPage *self);
static void resort_results (DwLibraryPage *self);

static void
on_sort_changed_cb (DwLibraryPage *self)
{
  guint sort = gtk_drop_down_get_selected (self->sort_drop);

  /* Only the newest first needs nothing but the files. */
  if (sort != SORT_CHANGED)
    ensure_decks (self);
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
  resort_results (self);
}

/* --- searching ------------------------------------------------------- */

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
  return sort_items (((const DwResultItem *) a)->info, ((const DwResultItem *) b)->info, user_data);
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
static void
resort_results (DwLibraryPage *self)
{
  g_autoptr(GArray) items = g_array_copy (self->result_items);

  store_results (self, items);
  if (searching (self))
    list_found (self);
}

/* Every deck of the index, one GFileInfo each, kept from one change of
 * the index to the next: its sort key is made once, a row showing it
 * stays, and the results are sorted again only when a deck changed. */
static void
update_results (DwLibraryPage *self)
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
  if (searching (self))
    list_found (self);
  update_content (self);
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
    update_results (self);
  else
    update_content (self);
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
  check_arrived (self);
  self->prepare_next = 0;
  if (self->prepare_id == 0)
    self->prepare_id = g_idle_add_full (G_PRIORITY_LOW, prepare_entries_cb, self, NULL);
}

static void
drop_decks (DwLibraryPage *self)
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
static void
ensure_decks (DwLibraryPage *self)
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
          (!hiding || filter_item (item->info, self)))
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
static void
on_filter_changed_cb (DwLibraryPage *self)
{
  if (searching (self) && gtk_filter_list_model_get_model (self->shown) == G_LIST_MODEL (self->found))
    list_found (self);
}

/* Every keystroke: a blank search shows the folder again, a wrong one
 * says where it is wrong, any other lists what it matches.  The decks
 * listed are the index's, sorted already: a keystroke asks the library
 * once which match and lists those, and the rows on screen that still
 * match stay as they are. */
static void
on_search_changed_cb (DwLibraryPage *self)
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
    update_results (self);
  if (query != NULL && !dw_deck_query_is_empty (query))
    {
      self->query = g_steal_pointer (&query);
      ensure_decks (self);
      show_found (self);
    }
  else if (error != NULL)
    show_found (self);
  else
    show_folder (self);
  dw_slot_model_set_in_place (self->slots, FALSE);
  update_content (self);
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
              drop_decks (self);
              update_results (self);
              ensure_decks (self);
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
  drop_decks (self);
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
  self->sorter = gtk_custom_sorter_new (sort_items, self, NULL);
  self->folder_sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->directory)),
                                                 GTK_SORTER (g_object_ref (self->sorter)));
  /* The results are kept sorted in their store (resort_results()), with
   * their places in the index beside them (result_items): a keystroke
   * reads them in order from that array. */
  self->filter = gtk_custom_filter_new (filter_item, self, NULL);
  g_signal_connect_swapped (self->filter, "changed", G_CALLBACK (on_filter_changed_cb), self);
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
  g_signal_connect_swapped (self->shown, "items-changed", G_CALLBACK (update_content), self);
  /* After the list view's own handler: the rows kept have new positions. */
  g_signal_connect_swapped (self->selection, "items-changed", G_CALLBACK (queue_fill), self);
  g_signal_connect_swapped (self->list_view, "notify::vadjustment", G_CALLBACK (on_vadjustment_set_cb), self);
  on_vadjustment_set_cb (self);
  g_signal_connect_swapped (self->directory, "notify::loading", G_CALLBACK (update_content), self);
  g_signal_connect_swapped (self->directory, "notify::loading", G_CALLBACK (check_arrived), self);
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (stop_keeping_top), self);
  g_signal_connect_swapped (self->search_entry, "changed", G_CALLBACK (stop_keeping_top), self);
  g_signal_connect_swapped (self->sort_drop, "notify::selected", G_CALLBACK (on_sort_changed_cb), self);
  g_settings_bind (self->settings, "library-sort", self->sort_drop, "selected", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_swapped (self->search_entry, "changed", G_CALLBACK (on_search_changed_cb), self);

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
      drop_decks (self);
      update_results (self);
      g_set_object (&self->root, root);
      if (self->query != NULL || gtk_drop_down_get_selected (self->sort_drop) != SORT_CHANGED)
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
  g_return_if_fail (self->root != NULL && dw_library_page_inside (folder, self->root));

  if (self->folder != NULL && g_file_equal (self->folder, folder))
    return;
  g_set_object (&self->folder, folder);
  start_keeping_top (self);
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
