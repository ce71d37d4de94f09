/* dw-deck-considering.h — the deck view's ways to and from Considering
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void       dw_deck_considering_add_caption  (GtkBox     *column);
GtkWidget *dw_deck_considering_menu_new     (GtkWidget  *view);
void       dw_deck_considering_menu_attach  (GtkWidget  *menu,
                                             GtkListBox *box);

G_END_DECLS
