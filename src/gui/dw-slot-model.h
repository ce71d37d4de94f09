/* dw-slot-model.h — a list model whose positions keep their items' places
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define DW_TYPE_SLOT (dw_slot_get_type ())
G_DECLARE_FINAL_TYPE (DwSlot, dw_slot, DW, SLOT, GObject)

gpointer     dw_slot_get_item            (DwSlot      *self);

#define DW_TYPE_SLOT_MODEL (dw_slot_model_get_type ())
G_DECLARE_FINAL_TYPE (DwSlotModel, dw_slot_model, DW, SLOT_MODEL, GObject)

DwSlotModel *dw_slot_model_new           (GListModel  *model);
void         dw_slot_model_set_in_place  (DwSlotModel *self,
                                          gboolean     in_place);

G_END_DECLS
