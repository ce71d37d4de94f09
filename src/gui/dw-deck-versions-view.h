/* dw-deck-versions-view.h — a library deck's versions, to restore or compare
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-deck-history.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_DECK_VERSIONS_VIEW (dw_deck_versions_view_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckVersionsView, dw_deck_versions_view, DW, DECK_VERSIONS_VIEW, GtkWidget)

GtkWidget  *dw_deck_versions_view_new      (DwLibrary          *library,
                                            DwDeckHistory      *history);
/* The deck's file (NULL: never saved); its versions are listed when it
 * is in a library root. */
void        dw_deck_versions_view_set_path (DwDeckVersionsView *self,
                                            const char         *path);
const char *dw_deck_versions_view_get_path (DwDeckVersionsView *self);

G_END_DECLS
