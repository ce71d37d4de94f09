/* dw-zone-view.h — one zone of the table and the cards in it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-table.h"

G_BEGIN_DECLS

typedef enum
{
  DW_ZONE_OFFER_NONE,
  DW_ZONE_OFFER_ACCEPTED,
  DW_ZONE_OFFER_REFUSED,
} DwZoneOffer;

#define DW_TYPE_ZONE_VIEW (dw_zone_view_get_type ())
G_DECLARE_FINAL_TYPE (DwZoneView, dw_zone_view, DW, ZONE_VIEW, GtkWidget)

GtkWidget   *dw_zone_view_new        (void);
void         dw_zone_view_show_zone  (DwZoneView  *self,
                                      DwTable     *table,
                                      guint        zone,
                                      int          card_width);
guint        dw_zone_view_get_zone   (DwZoneView  *self);
void         dw_zone_view_set_offer  (DwZoneView  *self,
                                      DwZoneOffer  offer,
                                      const char  *reason);
DwZoneOffer  dw_zone_view_get_offer  (DwZoneView  *self);
GtkWidget   *dw_zone_view_find_tile  (DwZoneView  *self,
                                      guint        number);

G_END_DECLS
