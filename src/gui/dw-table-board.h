/* dw-table-board.h — the table's zones, the duel's place and the drags between them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-table.h"

G_BEGIN_DECLS

#define DW_TYPE_TABLE_BOARD (dw_table_board_get_type ())
G_DECLARE_FINAL_TYPE (DwTableBoard, dw_table_board, DW, TABLE_BOARD, GtkWidget)

void        dw_table_board_show_table     (DwTableBoard *self,
                                           DwTable      *table,
                                           gboolean      compact);
void        dw_table_board_set_compact    (DwTableBoard *self,
                                           gboolean      compact);
gboolean    dw_table_board_natural        (DwTableBoard *self,
                                           guint         number);
gboolean    dw_table_board_drop           (DwTableBoard *self,
                                           guint         number,
                                           const char   *zone_id);
void        dw_table_board_offer_drop     (DwTableBoard *self,
                                           guint         number);
GStrv       dw_table_board_get_drop_zones (DwTableBoard *self);
GtkWidget  *dw_table_board_get_zone_view  (DwTableBoard *self,
                                           const char   *id);
GtkWidget  *dw_table_board_get_duel_view  (DwTableBoard *self);
gboolean    dw_table_board_focus_zone     (DwTableBoard *self,
                                           const char   *id);
void        dw_table_board_step_zone      (DwTableBoard *self,
                                           int           step);

G_END_DECLS
