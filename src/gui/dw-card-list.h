/* dw-card-list.h — a sortable table of cards
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-card.h"
#include "dw-deck.h"
#include "dw-game.h"

G_BEGIN_DECLS

#define DW_TYPE_CARD_LIST (dw_card_list_get_type ())
G_DECLARE_FINAL_TYPE (DwCardList, dw_card_list, DW, CARD_LIST, GtkWidget)

GtkWidget     *dw_card_list_new          (DwGame     *game,
                                          GListModel *cards);
GtkColumnView *dw_card_list_get_view     (DwCardList *self);
guint          dw_card_list_get_n_cards  (DwCardList *self);
DwCard        *dw_card_list_get_selected (DwCardList *self);
GListModel    *dw_card_list_get_model    (DwCardList *self);
void           dw_card_list_select       (DwCardList *self,
                                          guint       position);
void           dw_card_list_set_deck     (DwCardList *self,
                                          DwDeck     *deck);

G_END_DECLS
