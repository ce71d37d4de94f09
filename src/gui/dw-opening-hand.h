/* dw-opening-hand.h — the first seven cards, kept or sent back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-table.h"

G_BEGIN_DECLS

typedef enum
{
  DW_HAND_FATE_KEEP,
  DW_HAND_FATE_GRAVE,
  DW_HAND_FATE_SHUFFLE,
  DW_HAND_N_FATES,
} DwHandFate;

#define DW_TYPE_OPENING_HAND (dw_opening_hand_get_type ())
G_DECLARE_FINAL_TYPE (DwOpeningHand, dw_opening_hand, DW, OPENING_HAND, GtkWidget)

void        dw_opening_hand_show_table (DwOpeningHand *self,
                                        DwTable       *table);
void        dw_opening_hand_clear      (DwOpeningHand *self);
void        dw_opening_hand_toggle     (DwOpeningHand *self,
                                        guint          position);
DwHandFate  dw_opening_hand_get_fate   (DwOpeningHand *self,
                                        guint          position);
char       *dw_opening_hand_get_action (DwOpeningHand *self);
void        dw_opening_hand_focus_keep (DwOpeningHand *self);

G_END_DECLS
