/* dw-deck-row.h — one card of a deck's section, as a row
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-deck.h"

G_BEGIN_DECLS

#define DW_TYPE_DECK_ROW (dw_deck_row_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckRow, dw_deck_row, DW, DECK_ROW, GtkListBoxRow)

GtkWidget   *dw_deck_row_new          (DwDeckEntry  *entry);
DwDeckEntry *dw_deck_row_get_entry    (DwDeckRow    *self);
gboolean     dw_deck_row_get_waiting  (DwDeckRow    *self);
void         dw_deck_row_set_waiting  (DwDeckRow    *self,
                                       gboolean      waiting);
const char  *dw_deck_row_get_message  (DwDeckRow    *self);
void         dw_deck_row_set_message  (DwDeckRow    *self,
                                       const char   *message);
void         dw_deck_row_add_to_size_groups (DwDeckRow    *self,
                                             GtkSizeGroup *detail,
                                             GtkSizeGroup *buttons);
void         dw_deck_row_pick         (DwDeckRow    *self);
const char  *dw_deck_row_detail_heading (DwCard     *card);
GtkWidget   *dw_deck_heading_new      (const char   *text,
                                       int           level);
GtkWidget   *dw_deck_group_heading_new (GtkSizeGroup *detail,
                                        GtkSizeGroup *buttons);
void         dw_deck_group_heading_set (GtkWidget    *heading,
                                        const char   *text,
                                        const char   *column);

G_END_DECLS
