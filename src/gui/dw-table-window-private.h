/* dw-table-window-private.h — what tests ask a table window, and do to it
 *
 * Not for the rest of the program, which opens a table window
 * (dw-table-window.h) and leaves the rest to it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-opening-hand.h"
#include "dw-table.h"
#include "dw-table-window.h"

G_BEGIN_DECLS

DwTable       *dw_table_window_get_table  (DwTableWindow  *self);
gboolean       dw_table_window_act        (DwTableWindow  *self,
                                           const char     *text);
gboolean       dw_table_window_drop       (DwTableWindow  *self,
                                           guint           number,
                                           const char     *zone_id);
void           dw_table_window_restart    (DwTableWindow  *self,
                                           guint64         seed);
gboolean       dw_table_window_save_to    (DwTableWindow  *self,
                                           GFile          *file,
                                           GError        **error);
const char    *dw_table_window_get_last_message (DwTableWindow *self);
const char    *dw_table_window_get_shown_message (DwTableWindow *self);
gboolean       dw_table_window_natural    (DwTableWindow  *self,
                                           guint           number);
gboolean       dw_table_window_end_turn   (DwTableWindow  *self);
void           dw_table_window_offer_drop (DwTableWindow  *self,
                                           guint           number);
GStrv          dw_table_window_get_drop_zones (DwTableWindow *self);
gboolean       dw_table_window_shows_opening_hand (DwTableWindow *self);
DwOpeningHand *dw_table_window_get_opening_hand   (DwTableWindow *self);
DwCard        *dw_table_window_get_preview_card   (DwTableWindow *self);
int            dw_table_window_get_board_overflow (DwTableWindow *self);
GtkWidget     *dw_table_window_get_duel_view      (DwTableWindow *self);
GtkWidget     *dw_table_window_get_zone_view      (DwTableWindow *self,
                                                   const char    *id);
char          *dw_table_window_suggest_file_name (DwTableWindow *self);
gboolean       dw_table_window_focus_hand        (DwTableWindow *self);

G_END_DECLS
