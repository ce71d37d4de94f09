/* dw-deck-view.h — the deck being built: details, format, sections, problems
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-deck-history.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_DECK_VIEW (dw_deck_view_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckView, dw_deck_view, DW, DECK_VIEW, GtkWidget)

GtkWidget   *dw_deck_view_new             (DwLibrary     *library,
                                           DwDeckHistory *history);
DwDeckEntry *dw_deck_view_add_card        (DwDeckView    *self,
                                           DwCard        *card);
DwDeckEntry *dw_deck_view_consider_card   (DwDeckView    *self,
                                           DwCard        *card);
GListModel  *dw_deck_view_get_problems    (DwDeckView    *self);
void         dw_deck_view_show_problems   (DwDeckView    *self);
GtkMenuButton *dw_deck_view_get_problems_button (DwDeckView *self);
gboolean     dw_deck_view_is_waiting_for_cards (DwDeckView *self);
DwFormat    *dw_deck_view_get_format      (DwDeckView    *self);
void         dw_deck_view_select_entries  (DwDeckView    *self,
                                           GPtrArray     *entries);
GPtrArray   *dw_deck_view_get_selected    (DwDeckView    *self);
gboolean     dw_deck_view_is_marked       (DwDeckView    *self,
                                           DwDeckEntry   *entry);
GtkListBox  *dw_deck_view_get_section_box (DwDeckView    *self,
                                           const char    *section_id);

/* The deck's file (NULL: none yet), for its details' versions. */
void         dw_deck_view_set_path        (DwDeckView    *self,
                                           const char    *path);

G_END_DECLS
