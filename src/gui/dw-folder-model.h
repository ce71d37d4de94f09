/* dw-folder-model.h — the files of one folder as a list, following the disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define DW_TYPE_FOLDER_MODEL (dw_folder_model_get_type ())
G_DECLARE_FINAL_TYPE (DwFolderModel, dw_folder_model, DW, FOLDER_MODEL, GObject)

DwFolderModel *dw_folder_model_new         (const char    *attributes);
void           dw_folder_model_set_folder  (DwFolderModel *self,
                                            GFile         *folder);
GFile         *dw_folder_model_get_folder  (DwFolderModel *self);
gboolean       dw_folder_model_is_loading  (DwFolderModel *self);
const GError  *dw_folder_model_get_error   (DwFolderModel *self);

G_END_DECLS
