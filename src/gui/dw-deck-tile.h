/* dw-deck-tile.h — one entry of the deck as a small card face with its count
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-deck.h"
#include "dw-game.h"

G_BEGIN_DECLS

#define DW_TYPE_DECK_TILE (dw_deck_tile_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckTile, dw_deck_tile, DW, DECK_TILE, GtkWidget)

GtkWidget   *dw_deck_tile_new       (DwGame      *game);
void         dw_deck_tile_set_entry (DwDeckTile  *self,
                                     DwDeckEntry *entry);
DwDeckEntry *dw_deck_tile_get_entry (DwDeckTile  *self);

G_END_DECLS
