/* dw-drop-zone.h — a place of the table a dragged card may be dropped on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  DW_ZONE_OFFER_NONE,
  DW_ZONE_OFFER_ACCEPTED,
  DW_ZONE_OFFER_REFUSED,
} DwZoneOffer;

#define DW_TYPE_DROP_ZONE (dw_drop_zone_get_type ())
G_DECLARE_INTERFACE (DwDropZone, dw_drop_zone, DW, DROP_ZONE, GtkWidget)

struct _DwDropZoneInterface
{
  GTypeInterface parent_iface;
};

void         dw_drop_zone_install   (DwDropZone  *self);
void         dw_drop_zone_set_offer (DwDropZone  *self,
                                     DwZoneOffer  offer,
                                     const char  *reason);
DwZoneOffer  dw_drop_zone_get_offer (DwDropZone  *self);

G_END_DECLS
