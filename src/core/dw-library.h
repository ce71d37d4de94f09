/* dw-library.h — the games, card databases and formats the app knows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dw-card-db.h"
#include "dw-deck.h"
#include "dw-format.h"
#include "dw-game.h"

G_BEGIN_DECLS

#define DW_LIBRARY_ERROR (dw_library_error_quark ())

typedef enum
{
  DW_LIBRARY_ERROR_UNKNOWN_GAME,
  DW_LIBRARY_ERROR_UNKNOWN_FORMAT,
  DW_LIBRARY_ERROR_NO_DATA,
  DW_LIBRARY_ERROR_DUPLICATE,
} DwLibraryError;

#define DW_TYPE_LIBRARY (dw_library_get_type ())
G_DECLARE_FINAL_TYPE (DwLibrary, dw_library, DW, LIBRARY, GObject)

GQuark       dw_library_error_quark      (void);

DwLibrary   *dw_library_new              (void);
const char  *dw_library_get_data_dir     (void);
const char  *dw_library_get_user_dir     (void);
void         dw_library_set_card_db_folders (DwLibrary          *self,
                                             const char * const *folders);
gboolean     dw_library_load_defaults    (DwLibrary   *self,
                                          GError     **error);
gboolean     dw_library_load_games       (DwLibrary   *self,
                                          GError     **error);
void         dw_library_load_card_dbs_async  (DwLibrary           *self,
                                              GCancellable        *cancellable,
                                              GAsyncReadyCallback  callback,
                                              gpointer             user_data);
gboolean     dw_library_load_card_dbs_finish (DwLibrary           *self,
                                              GAsyncResult        *result,
                                              GError             **error);
gboolean     dw_library_is_loading_card_dbs  (DwLibrary           *self);
GPtrArray   *dw_library_get_load_errors  (DwLibrary   *self);

gboolean     dw_library_add_game_file    (DwLibrary   *self,
                                          const char  *path,
                                          GError     **error);
gboolean     dw_library_add_formats_file (DwLibrary   *self,
                                          const char  *path,
                                          GError     **error);
DwCardDb    *dw_library_add_card_db_file (DwLibrary   *self,
                                          const char  *path,
                                          GError     **error);
void         dw_library_add_card_db      (DwLibrary   *self,
                                          DwCardDb    *db);

GListModel  *dw_library_get_games        (DwLibrary   *self);
DwGame      *dw_library_lookup_game      (DwLibrary   *self,
                                          const char  *id);
GListModel  *dw_library_get_card_dbs     (DwLibrary   *self);
DwFormat    *dw_library_lookup_format    (DwLibrary   *self,
                                          const char  *id,
                                          DwGame     **game);
DwCard      *dw_library_lookup_card      (DwLibrary   *self,
                                          const char  *game_id,
                                          const char  *id,
                                          guint        revision,
                                          const char  *name);
void         dw_library_resolve_deck     (DwLibrary   *self,
                                          DwDeck      *deck);
DwFormat    *dw_library_format_for_deck  (DwLibrary   *self,
                                          DwDeck      *deck,
                                          const char  *format_id,
                                          GError     **error);
GPtrArray   *dw_library_validate_deck    (DwLibrary   *self,
                                          DwDeck      *deck,
                                          DwFormat    *format);

G_END_DECLS
