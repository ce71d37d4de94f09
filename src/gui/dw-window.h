/* dw-window.h — a deck being built, with the cards of its game beside it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-card-browser.h"
#include "dw-deck-view.h"
#include "dw-export.h"
#include "dw-library-page.h"
#include "dw-sheet.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_WINDOW (dw_window_get_type ())
G_DECLARE_FINAL_TYPE (DwWindow, dw_window, DW, WINDOW, AdwApplicationWindow)

DwWindow      *dw_window_new_for_library  (GtkApplication *application,
                                           DwLibrary      *library);
gboolean       dw_window_file_needs_cards (GFile          *file);
void           dw_window_new_deck         (DwWindow       *self,
                                           const char     *game_id);
gboolean       dw_window_open_file        (DwWindow       *self,
                                           GFile          *file,
                                           GError        **error);
gboolean       dw_window_save_to          (DwWindow       *self,
                                           GFile          *file,
                                           GError        **error);
gboolean       dw_window_is_pristine      (DwWindow       *self);
DwDeck        *dw_window_get_deck         (DwWindow       *self);
DwDeckHistory *dw_window_get_history      (DwWindow       *self);
GFile         *dw_window_get_file         (DwWindow       *self);
DwCardBrowser *dw_window_get_browser      (DwWindow       *self);
DwDeckView    *dw_window_get_deck_view    (DwWindow       *self);
DwLibraryPage *dw_window_get_library_page (DwWindow       *self);
const char    *dw_window_get_badge_text   (DwWindow       *self);
DwSheet       *dw_window_make_sheet       (DwWindow       *self,
                                           const char     *event,
                                           const char     *location,
                                           const char     *player,
                                           const char     *date);
gboolean       dw_window_print_sheet      (DwWindow       *self,
                                           DwSheet        *sheet,
                                           const char     *export_path,
                                           GError        **error);
gboolean       dw_window_export_to        (DwWindow       *self,
                                           DwExportKind    kind,
                                           GFile          *file,
                                           GError        **error);
void           dw_window_copy_decklist    (DwWindow       *self);
void           dw_window_copy_deck_code   (DwWindow       *self);
char          *dw_window_autosave_dir     (void);
gboolean       dw_window_autosave_now     (DwWindow       *self,
                                           GError        **error);
void           dw_window_autosave_clear   (DwWindow       *self);
void           dw_window_set_recovered    (DwWindow       *self,
                                           DwDeck         *deck,
                                           GFile          *file);
GListModel    *dw_window_open_filters     (void);
void           dw_window_open_chosen      (DwWindow       *self,
                                           GFile          *file);
void           dw_window_show_error       (DwWindow       *self,
                                           const char     *heading,
                                           const char     *message);

G_END_DECLS
