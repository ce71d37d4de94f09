/* dw-card-browser.h — search, filter and look at the cards of a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-card-face.h"
#include "dw-card-usage.h"
#include "dw-card-list.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_CARD_BROWSER (dw_card_browser_get_type ())
G_DECLARE_FINAL_TYPE (DwCardBrowser, dw_card_browser, DW, CARD_BROWSER, GtkWidget)

GtkWidget  *dw_card_browser_new          (DwLibrary     *library,
                                          DwGame        *game);
DwGame     *dw_card_browser_get_game     (DwCardBrowser *self);
void        dw_card_browser_set_query    (DwCardBrowser *self,
                                          const char    *text);
const char *dw_card_browser_get_query_error (DwCardBrowser *self);
DwCard     *dw_card_browser_get_selected (DwCardBrowser *self);
DwCardList *dw_card_browser_get_list     (DwCardBrowser *self);
guint       dw_card_browser_get_n_shown  (DwCardBrowser *self);
gboolean    dw_card_browser_is_loading   (DwCardBrowser *self);
GtkEntry   *dw_card_browser_get_entry    (DwCardBrowser *self);
void        dw_card_browser_show_card    (DwCardBrowser *self,
                                          DwCard        *card);
DwCardUsage   *dw_card_browser_get_usage   (DwCardBrowser *self);
DwCardFace *dw_card_browser_get_face     (DwCardBrowser *self);
void        dw_card_browser_set_face_folded (DwCardBrowser *self,
                                             gboolean       folded);
gboolean    dw_card_browser_get_face_folded (DwCardBrowser *self);

G_END_DECLS
