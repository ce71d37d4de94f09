/* dw-card-paint.h — how a card is drawn, at any size, for every widget, PDF and picture
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "dw-card.h"
#include "dw-game.h"

G_BEGIN_DECLS

/* A large card's own units, and where its name must end to stay clear of
 * the cost disc (centred 30 units from the right edge, radius 17). */
#define DW_CARD_PAINT_LARGE_WIDTH      250.0
#define DW_CARD_PAINT_LARGE_HEIGHT     350.0
#define DW_CARD_PAINT_LARGE_NAME_RIGHT 196.0
/* Where the art lies on the large card, in its own units. */
#define DW_CARD_PAINT_LARGE_ART_X      16.0
#define DW_CARD_PAINT_LARGE_ART_Y      54.0
#define DW_CARD_PAINT_LARGE_ART_WIDTH  218.0
#define DW_CARD_PAINT_LARGE_ART_HEIGHT 110.0

typedef enum
{
  DW_CARD_PAINT_CUT_NAME  = 1 << 0,
  DW_CARD_PAINT_CUT_STATS = 1 << 1,
  DW_CARD_PAINT_CUT_TEXT  = 1 << 2,
} DwCardPaintCut;

/* The parts of a card at table size, for what is laid over it (a
 * badge) to stay clear of its text. */
typedef enum
{
  DW_CARD_PAINT_AREA_NAME,
  DW_CARD_PAINT_AREA_ART,
  DW_CARD_PAINT_AREA_TYPE,
  DW_CARD_PAINT_AREA_STATS,
} DwCardPaintArea;

gboolean dw_card_paint_faction_rgb  (const char     *faction,
                                     double         *r,
                                     double         *g,
                                     double         *b);
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
void   dw_card_paint_text           (PangoContext   *context,
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
char  *dw_card_paint_short_stats_line (DwGame       *game,
                                       DwCard       *card);
char  *dw_card_paint_type_line      (DwCard         *card);
char  *dw_card_paint_rules_text     (DwCard         *card);

void   dw_card_paint_cost           (PangoContext   *context,
                                     cairo_t        *cr,
                                     const char     *cost,
                                     double          x,
                                     double          y,
                                     double          radius,
                                     DwCard         *card);
DwCardPaintCut dw_card_paint_small  (PangoContext   *context,
                                     cairo_t        *cr,
                                     DwGame         *game,
                                     DwCard         *card,
                                     double          width,
                                     double          height);
DwCardPaintCut dw_card_paint_large  (PangoContext   *context,
                                     cairo_t        *cr,
                                     DwGame         *game,
                                     DwCard         *card,
                                     cairo_surface_t *art,
                                     double          width,
                                     double          height);
void   dw_card_paint_small_area     (DwCardPaintArea area,
                                     double          width,
                                     double          height,
                                     cairo_rectangle_t *rect);
void   dw_card_paint_back_rgb       (double         *r,
                                     double         *g,
                                     double         *b);
void   dw_card_paint_back           (cairo_t        *cr,
                                     double          width,
                                     double          height);
void   dw_card_paint_badge          (PangoContext   *context,
                                     cairo_t        *cr,
                                     const char     *text,
                                     double          right,
                                     double          bottom,
                                     double          points,
                                     gboolean        alert);
void   dw_card_paint_badge_extents  (PangoContext   *context,
                                     const char     *text,
                                     double          right,
                                     double          bottom,
                                     double          points,
                                     cairo_rectangle_t *rect);

G_END_DECLS
