/* dw-library-page.h — the Decks page: every deck of the library's folders
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_LIBRARY_PAGE (dw_library_page_get_type ())
G_DECLARE_FINAL_TYPE (DwLibraryPage, dw_library_page, DW, LIBRARY_PAGE, GtkWidget)

GtkWidget  *dw_library_page_new         (DwLibrary     *library);
GFile      *dw_library_page_default_root (void);
void        dw_library_page_set_root    (DwLibraryPage *self,
                                         GFile         *root);
GFile      *dw_library_page_get_root    (DwLibraryPage *self);
void        dw_library_page_set_folder  (DwLibraryPage *self,
                                         GFile         *folder);
GFile      *dw_library_page_get_folder  (DwLibraryPage *self);
GFile      *dw_library_page_new_deck    (DwLibraryPage *self,
                                         const char    *game_id,
                                         GError       **error);
GFile      *dw_library_page_new_folder  (DwLibraryPage *self,
                                         const char    *name,
                                         GError       **error);
void        dw_library_page_trash       (DwLibraryPage *self,
                                         GFile         *file);
GFile      *dw_library_page_rename      (DwLibraryPage *self,
                                         GFile         *file,
                                         const char    *name,
                                         GError       **error);
GFile      *dw_library_page_duplicate   (DwLibraryPage *self,
                                         GFile         *file,
                                         GError       **error);
gboolean    dw_library_page_move        (DwLibraryPage *self,
                                         GFile         *file,
                                         GFile         *folder,
                                         GError       **error);
guint       dw_library_page_import      (DwLibraryPage *self,
                                         GSList        *files,
                                         GError       **error);

G_END_DECLS
