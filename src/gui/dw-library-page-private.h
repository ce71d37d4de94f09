/* dw-library-page-private.h — what the tests reach inside the Decks page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-backup-window.h"
#include "dw-library-page.h"

G_BEGIN_DECLS

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
