/* dw-zone-view.h — one zone of the table and the cards in it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-drop-zone.h"
#include "dw-table.h"

G_BEGIN_DECLS

#define DW_TYPE_ZONE_VIEW (dw_zone_view_get_type ())
G_DECLARE_FINAL_TYPE (DwZoneView, dw_zone_view, DW, ZONE_VIEW, GtkWidget)

GtkWidget   *dw_zone_view_new        (void);
void         dw_zone_view_show_zone  (DwZoneView  *self,
                                      DwTable     *table,
                                      guint        zone,
                                      int          card_width);
guint        dw_zone_view_get_zone   (DwZoneView  *self);
GtkWidget   *dw_zone_view_find_tile  (DwZoneView  *self,
                                      guint        number);
gboolean     dw_zone_view_focus_first_card (DwZoneView *self);

G_END_DECLS
