/* dw-card-fan.h — cards side by side, overlapping when room is short
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DW_TYPE_CARD_FAN (dw_card_fan_get_type ())
G_DECLARE_FINAL_TYPE (DwCardFan, dw_card_fan, DW, CARD_FAN, GtkWidget)

GtkWidget *dw_card_fan_new     (GtkOrientation  orientation);
void       dw_card_fan_set_orientation (DwCardFan *self,
                                        GtkOrientation orientation);
void       dw_card_fan_set_slots (DwCardFan *self,
                                  int        card_width,
                                  int        card_height,
                                  guint      slots);
void       dw_card_fan_set_min_shown (DwCardFan *self,
                                      double     fraction);
double     dw_card_fan_get_min_shown (DwCardFan *self);
int        dw_card_fan_get_slots_width (DwCardFan *self);
void       dw_card_fan_append  (DwCardFan      *self,
                                GtkWidget      *card);
void       dw_card_fan_clear   (DwCardFan      *self);
guint      dw_card_fan_get_n   (DwCardFan      *self);

G_END_DECLS
