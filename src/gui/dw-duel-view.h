/* dw-duel-view.h — a duel: two cards facing each other
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-table.h"
#include "dw-drop-zone.h"

G_BEGIN_DECLS

#define DW_TYPE_DUEL_VIEW (dw_duel_view_get_type ())
G_DECLARE_FINAL_TYPE (DwDuelView, dw_duel_view, DW, DUEL_VIEW, GtkWidget)

void dw_duel_view_show_table (DwDuelView *self,
                              DwTable    *table,
                              int         card_width,
                              gboolean    compact);

G_END_DECLS
