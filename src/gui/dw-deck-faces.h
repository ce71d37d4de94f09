/* dw-deck-faces.h — a section of the deck as grids of faces, one per group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-game.h"

G_BEGIN_DECLS

#define DW_TYPE_DECK_FACES (dw_deck_faces_get_type ())
G_DECLARE_FINAL_TYPE (DwDeckFaces, dw_deck_faces, DW, DECK_FACES, GtkBox)

GtkWidget *dw_deck_faces_new          (DwGame             *game,
                                       const DwSectionDef *def,
                                       GListModel         *sorted);
void       dw_deck_faces_update       (DwDeckFaces        *self,
                                       GPtrArray          *entries,
                                       GListModel         *section,
                                       const char         *group_by,
                                       gboolean            waiting,
                                       gboolean            refilter);
GtkWidget *dw_deck_faces_select       (DwDeckFaces        *self,
                                       GPtrArray          *entries);
void       dw_deck_faces_unselect_all (DwDeckFaces        *self);

G_END_DECLS
