/* dw-card-usage.h — which of the player's decks hold a card
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-card.h"
#include "dw-deck-library.h"

G_BEGIN_DECLS

#define DW_TYPE_CARD_USAGE (dw_card_usage_get_type ())
G_DECLARE_FINAL_TYPE (DwCardUsage, dw_card_usage, DW, CARD_USAGE, GtkWidget)

/* The deck library every window asks (NULL until one is needed). */
DwDeckLibrary *dw_card_usage_get_library    (void);
/* Uses @decks, read already (a test's, over its own folder). */
void           dw_card_usage_set_library    (DwDeckLibrary *decks);
/* The library over the configured folders that exist (never making
 * one), read in a worker thread and then following the disk and the
 * library-folders key; NULL while no folder exists. */
DwDeckLibrary *dw_card_usage_ensure_library (DwLibrary     *cards);

/* "In your decks: Green Wall (4), …" for a zoom, or NULL when no deck
 * holds @card or the library is not read yet. */
char          *dw_card_usage_describe       (DwCard        *card);

GtkWidget     *dw_card_usage_new            (void);
void           dw_card_usage_set_card       (DwCardUsage   *self,
                                             DwLibrary     *cards,
                                             DwCard        *card);
/* What the button says ("In 3 of your decks"), and its list. */
const char    *dw_card_usage_get_label      (DwCardUsage   *self);
GtkMenuButton *dw_card_usage_get_button     (DwCardUsage   *self);
GtkListBox    *dw_card_usage_get_list       (DwCardUsage   *self);

G_END_DECLS
