/* dw-backup-window.h — a library backup or import under way, with Stop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DW_TYPE_BACKUP_WINDOW (dw_backup_window_get_type ())
G_DECLARE_FINAL_TYPE (DwBackupWindow, dw_backup_window, DW, BACKUP_WINDOW, AdwWindow)

/* Backs @folder up into the zip @zip (dw_deck_backup_export_async). */
DwBackupWindow *dw_backup_window_new_export (GtkWindow      *parent,
                                             GFile          *folder,
                                             GFile          *zip);
/* Imports the backup @zip into @folder (dw_deck_backup_import_async). */
DwBackupWindow *dw_backup_window_new_import (GtkWindow      *parent,
                                             GFile          *zip,
                                             GFile          *folder);
void            dw_backup_window_stop       (DwBackupWindow *self);
gboolean        dw_backup_window_is_running (DwBackupWindow *self);
GtkProgressBar *dw_backup_window_get_progress (DwBackupWindow *self);
GtkButton      *dw_backup_window_get_stop_button (DwBackupWindow *self);

G_END_DECLS
