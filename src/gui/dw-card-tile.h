/* dw-card-tile.h — one card as it lies on the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-card.h"
#include "dw-card-paint.h"
#include "dw-game.h"

G_BEGIN_DECLS

#define DW_TYPE_CARD_TILE (dw_card_tile_get_type ())
G_DECLARE_FINAL_TYPE (DwCardTile, dw_card_tile, DW, CARD_TILE, GtkButton)

GtkWidget     *dw_card_tile_new               (DwGame          *game,
                                               DwCard          *card,
                                               guint            number,
                                               int              width);
int            dw_card_tile_height_for_width  (int              width);
guint          dw_card_tile_get_number        (DwCardTile      *self);
DwCard        *dw_card_tile_get_card          (DwCardTile      *self);
void           dw_card_tile_set_marked        (DwCardTile      *self,
                                               gboolean         marked);
gboolean       dw_card_tile_get_marked        (DwCardTile      *self);
gboolean       dw_card_tile_get_badge_rect    (DwCardTile      *self,
                                               graphene_rect_t *rect);
void           dw_card_tile_get_area          (DwCardTile      *self,
                                               DwCardPaintArea  area,
                                               graphene_rect_t *rect);
void           dw_card_tile_set_badge         (DwCardTile      *self,
                                               const char      *text,
                                               gboolean         alert);
void           dw_card_tile_set_label         (DwCardTile      *self,
                                               const char      *label);
void           dw_card_tile_set_menu_position (DwCardTile      *self,
                                               GtkPositionType  position);
void           dw_card_tile_popup             (DwCardTile      *self);
GtkDragSource *dw_card_tile_get_drag_source   (DwCardTile      *self);
guint          dw_card_tile_number_from_drop  (const GValue    *value);

G_END_DECLS
