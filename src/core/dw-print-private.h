/* dw-print-private.h — what the print's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "dw-print.h"

G_BEGIN_DECLS

#define PT_PER_MM (72.0 / 25.4)

static inline double
mm_to_pt (double mm)
{
  return mm * PT_PER_MM;
}

/* An image whose shape is that of the card with this much more on each
 * side carries its own bleed (Arcmage's print files: 3 mm). */
#define IMAGE_BLEED_MM 3.0

typedef struct
{
  DwCard *card;      /* NULL: not in any card database */
  char   *name;
} DwPrintCopy;

typedef struct
{
  DwPrintPageKind kind;
  guint           sheet;   /* faces and backs: which sheet of cards */
} DwPrintPage;

typedef struct
{
  char   *name;
  gint64  added;           /* new copies beyond the old deck's; < 0 removed */
} DwPrintSwap;

typedef struct
{
  cairo_surface_t *surface;  /* NULL: it could not be decoded */
  gboolean         own_bleed;
} DwPrintImage;

struct _DwPrintJob
{
  DwLibrary      *library;
  DwGame         *game;
  DwDeck         *deck;
  char           *old_name;   /* the old deck's name, for the swaps page */
  DwPrintOptions  options;
  DwPrintLayout   layout;
  double          page_width_mm;
  double          page_height_mm;
  GArray         *copies;     /* DwPrintCopy */
  GArray         *pages;      /* DwPrintPage */
  GArray         *swaps;      /* DwPrintSwap */
  GPtrArray      *notes;      /* char *: what the user should know */
  GHashTable     *noted;      /* card ids or names already noted */
  GPtrArray      *low_dpi;    /* char *: names of cards whose image is under 300 dpi */
  GHashTable     *images;     /* card id → DwPrintImage */
  guint           n_sheets;
};

double dw_print_show_text         (cairo_t      *cr,
                                   PangoContext *context,
                                   const char   *text,
                                   const char   *font,
                                   double        x,
                                   double        y,
                                   double        width);
void   dw_print_draw_calibration  (DwPrintJob   *self,
                                   cairo_t      *cr,
                                   PangoContext *context,
                                   gboolean      back);
void   dw_print_draw_swaps        (DwPrintJob   *self,
                                   cairo_t      *cr,
                                   PangoContext *context);
void   dw_print_draw_credits      (DwPrintJob   *self,
                                   cairo_t      *cr,
                                   PangoContext *context);

G_END_DECLS
