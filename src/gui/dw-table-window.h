/* dw-table-window.h — a goldfish table, played by hand against the rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-library.h"
#include "dw-table.h"

G_BEGIN_DECLS

#define DW_TYPE_TABLE_WINDOW (dw_table_window_get_type ())
G_DECLARE_FINAL_TYPE (DwTableWindow, dw_table_window, DW, TABLE_WINDOW, AdwApplicationWindow)

DwTableWindow *dw_table_window_new        (GtkApplication *application,
                                           DwLibrary      *library,
                                           DwTable        *table);
DwTableWindow *dw_table_window_open       (GtkApplication *application,
                                           DwLibrary      *library,
                                           GFile          *file,
                                           GError        **error);

G_END_DECLS
