/* dw-table-log.h — what happened on the table, newest first, in words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-table.h"

G_BEGIN_DECLS

#define DW_TYPE_TABLE_LOG (dw_table_log_get_type ())
G_DECLARE_FINAL_TYPE (DwTableLog, dw_table_log, DW, TABLE_LOG, GtkWidget)

void dw_table_log_show_table (DwTableLog *self,
                              DwTable    *table);

G_END_DECLS
