/* dw-deck-drop.h — a section of the deck takes cards dropped on it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-deck-history.h"
#include "dw-game.h"

G_BEGIN_DECLS

void dw_deck_drop_attach (GtkWidget          *widget,
                          GtkListBox         *rows,
                          DwDeckHistory      *history,
                          const DwSectionDef *def);

G_END_DECLS
