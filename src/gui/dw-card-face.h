/* dw-card-face.h — a card drawn large: frame, name, cost, type, stats, text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-card.h"
#include "dw-game.h"

G_BEGIN_DECLS

#define DW_TYPE_CARD_FACE (dw_card_face_get_type ())
G_DECLARE_FINAL_TYPE (DwCardFace, dw_card_face, DW, CARD_FACE, GtkWidget)

GtkWidget *dw_card_face_new      (void);
void       dw_card_face_set_card (DwCardFace *self,
                                  DwGame     *game,
                                  DwCard     *card);
DwCard    *dw_card_face_get_card (DwCardFace *self);

gboolean   dw_card_face_has_art  (DwCardFace *self);
gboolean   dw_card_face_is_loading_art (DwCardFace *self);

G_END_DECLS
