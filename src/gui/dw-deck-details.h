/* dw-deck-details.h — a deck's name, author, notes and format
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-deck-history.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_DECK_DETAILS (dw_deck_details_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckDetails, dw_deck_details, DW, DECK_DETAILS, GtkWidget)

GtkWidget  *dw_deck_details_new      (DwLibrary     *library,
                                      DwDeckHistory *history);
void        dw_deck_details_set_path (DwDeckDetails *self,
                                      const char    *path);
const char *dw_deck_details_get_path (DwDeckDetails *self);

G_END_DECLS
