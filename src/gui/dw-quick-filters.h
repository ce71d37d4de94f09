/* dw-quick-filters.h — the card browser's filters made from the game definition
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-game.h"

G_BEGIN_DECLS

#define DW_TYPE_QUICK_FILTERS (dw_quick_filters_get_type ())
G_DECLARE_FINAL_TYPE (DwQuickFilters, dw_quick_filters, DW, QUICK_FILTERS, GtkGrid)

GtkWidget *dw_quick_filters_new           (DwGame         *game);
gboolean   dw_quick_filters_passes        (DwQuickFilters *self,
                                           DwCard         *card);
void       dw_quick_filters_widen         (DwQuickFilters *self,
                                           GListModel     *cards,
                                           guint           position,
                                           guint           n);
void       dw_quick_filters_forget_ranges (DwQuickFilters *self);
void       dw_quick_filters_reset         (DwQuickFilters *self);

G_END_DECLS
