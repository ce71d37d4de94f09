/* dw-card-paint.h — how a card is drawn, at any size, for every widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-card.h"
#include "dw-game.h"

G_BEGIN_DECLS

gboolean dw_card_paint_faction_rgba (const char     *faction,
                                     GdkRGBA        *colour);
void   dw_card_paint_faction_colour (DwCard         *card,
                                     double         *r,
                                     double         *g,
                                     double         *b);
void   dw_card_paint_rounded_rect   (cairo_t        *cr,
                                     double          x,
                                     double          y,
                                     double          w,
                                     double          h,
                                     double          radius);
void   dw_card_paint_text           (GtkWidget      *widget,
                                     cairo_t        *cr,
                                     const char     *text,
                                     const char     *font,
                                     double          x,
                                     double          y,
                                     double          width,
                                     double          height,
                                     PangoAlignment  alignment,
                                     gboolean        wrap);
char  *dw_card_paint_stats_line     (DwGame         *game,
                                     DwCard         *card);
char  *dw_card_paint_type_line      (DwCard         *card);
char  *dw_card_paint_rules_text     (DwCard         *card);

void   dw_card_paint_cost           (GtkWidget      *widget,
                                     cairo_t        *cr,
                                     const char     *cost,
                                     double          x,
                                     double          y,
                                     double          radius,
                                     DwCard         *card);
void   dw_card_paint_small          (GtkWidget      *widget,
                                     cairo_t        *cr,
                                     DwGame         *game,
                                     DwCard         *card,
                                     double          width,
                                     double          height);
void   dw_card_paint_back           (cairo_t        *cr,
                                     double          width,
                                     double          height);
void   dw_card_paint_badge          (GtkWidget      *widget,
                                     cairo_t        *cr,
                                     const char     *text,
                                     double          right,
                                     double          bottom,
                                     double          points,
                                     gboolean        alert);

G_END_DECLS
