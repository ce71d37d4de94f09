/* dw-deck-versions-view-private.h — what the tests reach inside the versions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-deck-compare-window.h"
#include "dw-deck-versions-view.h"

G_BEGIN_DECLS

AdwExpanderRow *dw_deck_versions_view_get_row        (DwDeckVersionsView *self);
/* The versions listed (not counting the current deck's row), and one
 * of them: 0 is the newest. */
guint           dw_deck_versions_view_get_n_versions (DwDeckVersionsView *self);
AdwActionRow   *dw_deck_versions_view_get_version_row (DwDeckVersionsView *self,
                                                       guint               position);
/* A row's check button: -1 the current deck's, else a version's. */
GtkCheckButton *dw_deck_versions_view_get_check      (DwDeckVersionsView *self,
                                                      int                 position);
GtkButton      *dw_deck_versions_view_get_restore    (DwDeckVersionsView *self,
                                                      guint               position);
GtkButton      *dw_deck_versions_view_get_compare    (DwDeckVersionsView *self);
GtkButton      *dw_deck_versions_view_get_move       (DwDeckVersionsView *self);
/* The confirmation Restore shows, and the comparison Compare opened. */
AdwMessageDialog    *dw_deck_versions_view_get_dialog     (DwDeckVersionsView *self);
DwDeckCompareWindow *dw_deck_versions_view_get_comparison (DwDeckVersionsView *self);

/* What time it is for the relative times (“5 minutes ago”): a test's
 * own clock, returning a new UTC time; NULL for the real one. */
typedef GDateTime *(*DwDeckVersionsClock) (gpointer data);
void            dw_deck_versions_view_set_clock      (DwDeckVersionsView  *self,
                                                      DwDeckVersionsClock  clock,
                                                      gpointer             data);
/* What the minute's timer does; and whether it runs (only while mapped). */
void            dw_deck_versions_view_refresh_times  (DwDeckVersionsView  *self);
gboolean        dw_deck_versions_view_is_ticking     (DwDeckVersionsView  *self);

G_END_DECLS
