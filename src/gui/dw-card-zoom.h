/* dw-card-zoom.h — a card's face, large, beside its name on hover or focus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-card.h"
#include "dw-deck.h"
#include "dw-game.h"

G_BEGIN_DECLS

/* How long the pointer rests on a name before its card shows. */
#define DW_CARD_ZOOM_HOVER_DELAY_MS 500

/* The card @widget names now, or NULL for none. */
typedef DwCard *(*DwCardZoomFunc) (GtkWidget *widget,
                                   gpointer   user_data);

void dw_card_zoom_attach       (GtkWidget      *widget,
                                DwGame         *game,
                                DwCardZoomFunc  get_card,
                                gpointer        user_data);
void dw_card_zoom_attach_entry (GtkWidget      *widget,
                                DwGame         *game,
                                DwDeckEntry    *entry);
void dw_card_zoom_follow_focus (GtkWidget      *widget,
                                GtkWidget      *focus_holder);
void dw_card_zoom_update       (GtkWidget      *widget);
const char *dw_card_zoom_get_decks_text (GtkWidget *widget);

G_END_DECLS
