/* dw-preferences-window.h — what the player sets once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_PREFERENCES_WINDOW (dw_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (DwPreferencesWindow, dw_preferences_window, DW, PREFERENCES_WINDOW, AdwPreferencesWindow)

DwPreferencesWindow *dw_preferences_window_new            (GtkWindow           *parent,
                                                           DwLibrary           *library);
AdwEntryRow         *dw_preferences_window_get_player_row (DwPreferencesWindow *self);
AdwEntryRow         *dw_preferences_window_get_event_row  (DwPreferencesWindow *self);
AdwComboRow         *dw_preferences_window_get_paper_row  (DwPreferencesWindow *self);
GtkSwitch           *dw_preferences_window_get_download_switch (DwPreferencesWindow *self);
AdwComboRow         *dw_preferences_window_get_format_row (DwPreferencesWindow *self,
                                                           const char          *game_id);
guint                dw_preferences_window_get_n_folder_rows (DwPreferencesWindow *self);
void                 dw_preferences_window_add_folder     (DwPreferencesWindow *self,
                                                           GFile               *folder);
void                 dw_preferences_window_remove_folder  (DwPreferencesWindow *self,
                                                           const char          *path);
GPtrArray           *dw_preferences_window_get_library_rows (DwPreferencesWindow *self);
void                 dw_preferences_window_add_library_folder (DwPreferencesWindow *self,
                                                               GFile               *folder);
void                 dw_preferences_window_remove_library_folder (DwPreferencesWindow *self,
                                                                  const char          *path);

/* The format a new deck of @game starts in: the player's choice in the
 * preferences, or the game's own default. */
DwFormat            *dw_preferences_default_format        (GSettings           *settings,
                                                           DwGame              *game);

G_END_DECLS
