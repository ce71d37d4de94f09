/* dw-library-page-private.h — what the Decks page's files share, and what the tests reach
 *
 * dw-library-page.c shows a folder of the library and searches it;
 * dw-library-page-actions.c does what the player does to the files (new,
 * rename, move, import, trash, duplicate, back up) and the drag and drop;
 * dw-library-page-files.c is what both say of a file, and their toasts.
 * Each file calls only the ones below it in this list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-backup-window.h"
#include "dw-deck-library.h"
#include "dw-deck-query.h"
#include "dw-folder-model.h"
#include "dw-library-page.h"
#include "dw-library-row.h"
#include "dw-slot-model.h"

G_BEGIN_DECLS

/* A deck of the search's results: its item, and its position in the
 * library's index when the results were last made (the index's answer
 * to a query is by that position). */
typedef struct
{
  GFileInfo *info;      /* the results' store holds it */
  guint      position;
} DwResultItem;

struct _DwLibraryPage
{
  GtkWidget           parent_instance;

  DwLibrary          *library;
  GSettings          *settings;
  GFile              *root;
  GFile              *folder;
  GHashTable         *summaries;      /* path → DwLibrarySummary */
  GHashTable         *pending_trash;  /* path → GFile, hidden until its toast goes */
  GHashTable         *bound;          /* DwLibraryRow → GFileInfo it holds */
  guint               fill_tick;      /* the rows on screen are filled before the next frame */
  GPtrArray          *spare_rows;     /* DwLibraryRow, unparented, for the next list items */

  /* The folder's files and the library's decks are each sorted once, as
   * they come; what is shown is the folder through the filter, or what a
   * search found, picked from the sorted decks by the index's answer: a
   * keystroke never sorts, and asks nothing of each deck's GObject. */
  DwFolderModel      *directory;
  GtkSortListModel   *folder_sorted;
  GListStore         *results;        /* GFileInfo of every deck of the index, sorted */
  GArray             *result_items;   /* DwResultItem: results' items and their places in the index */
  GHashTable         *result_infos;   /* DwDeckLibraryEntry → its GFileInfo, kept */
  GListStore         *found;          /* GFileInfo: what the search lists, in results' order */
  GPtrArray          *found_list;     /* found's items, to compare the next answer with */
  GtkCustomFilter    *filter;         /* not hidden, backups, other files, in the trash; its
                                       * ::changed lists a search again too */
  GtkFilterListModel *shown;          /* folder_sorted through the filter, or found as it is */
  GtkCustomSorter    *sorter;
  DwSlotModel *slots;                /* shown, one slot per position */
  GtkSingleSelection *selection;
  AdwToast           *last_toast;

  DwDeckLibrary      *decks;          /* made on first need */
  GCancellable       *scanning;       /* the scan under way, or NULL */
  gboolean            scanned;
  gboolean            keep_top;       /* a folder arriving stays at its top (dw-library-page.c) */
  guint               prepare_id;     /* idle: the index's entries made ready for a search */
  guint               prepare_next;   /* the next entry it makes ready */
  guint               names_read;     /* counts the index's changes: a name key older is made again */
  DwDeckQuery        *query;          /* NULL: the folder is shown */
  char               *query_error;
  GFile              *select_when_listed; /* a duplicate, selected once it is listed */
  GtkWidget          *row_popover;

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
  GMenuModel         *row_menu;
};

/* dw-library-page-files.c */
gboolean       dw_library_page_is_deck_name         (const char     *name);
void           dw_library_page_split_name           (const char     *basename,
                                                     char          **stem,
                                                     char          **suffix);
GFile         *dw_library_page_info_file            (GFileInfo      *info);
gboolean       dw_library_page_is_folder            (GFileInfo      *info);
AdwToast      *dw_library_page_add_toast            (DwLibraryPage  *self,
                                                     AdwToast       *toast);
void           dw_library_page_toast_error          (DwLibraryPage  *self,
                                                     const char     *message);
gboolean       dw_library_page_inside               (GFile          *file,
                                                     GFile          *folder);

/* dw-library-page-actions.c */
void           dw_library_page_class_add_actions    (GtkWidgetClass *widget_class);
void           dw_library_page_fill_new_menu        (DwLibraryPage  *self);
GtkDropTarget *dw_library_page_folder_drop_target   (DwLibraryPage  *self);
void           dw_library_page_add_row_dnd          (DwLibraryRow   *row);
void           dw_library_page_add_drop_target      (DwLibraryPage  *self);
void           dw_library_page_add_row_menu         (DwLibraryPage  *self);

/* For the tests. */

GListModel *dw_library_page_get_items       (DwLibraryPage *self);
char       *dw_library_page_describe        (DwLibraryPage *self,
                                             guint          position);
GtkBox     *dw_library_page_get_breadcrumbs (DwLibraryPage *self);
AdwToast   *dw_library_page_get_last_toast  (DwLibraryPage *self);
GtkListView *dw_library_page_get_list_view  (DwLibraryPage *self);
GtkEntry    *dw_library_page_get_search_entry (DwLibraryPage *self);
/* "list", "empty", "no-matches" or "mistake". */
const char  *dw_library_page_get_shown      (DwLibraryPage *self);
DwBackupWindow *dw_library_page_back_up       (DwLibraryPage *self,
                                               GFile         *folder,
                                               GFile         *zip);
DwBackupWindow *dw_library_page_import_backup (DwLibraryPage *self,
                                               GFile         *zip);

G_END_DECLS
