/* dw-print.h — a deck's cards on sheets at their true size, to cut and sleeve
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "dw-library.h"
#include "dw-sheet.h"

G_BEGIN_DECLS

#define DW_PRINT_ERROR (dw_print_error_quark ())

typedef enum
{
  DW_PRINT_ERROR_BLEED,        /* the bleed is outside 0 to DW_PRINT_MAX_BLEED_MM */
  DW_PRINT_ERROR_DOES_NOT_FIT, /* not one card fits the paper */
  DW_PRINT_ERROR_TOO_MANY,     /* more copies than DW_PRINT_MAX_COPIES */
  DW_PRINT_ERROR_CALIBRATION,  /* a measured ruler far from 100 mm */
  DW_PRINT_ERROR_GAME,         /* the deck's game is not loaded */
} DwPrintError;

typedef enum
{
  DW_PRINT_MARKS_NONE,
  DW_PRINT_MARKS_CORNERS,      /* short marks in the margin at every cut */
  DW_PRINT_MARKS_LINES,        /* every cut run out to the page's edge, for a guillotine */
} DwPrintMarks;

typedef enum
{
  DW_PRINT_BACKS_NONE,
  DW_PRINT_BACKS_LONG_EDGE,    /* duplex flipped on the long edge: columns mirror */
  DW_PRINT_BACKS_SHORT_EDGE,   /* duplex flipped on the short edge: rows mirror */
} DwPrintBacks;

/* The bleed a card may have, in millimetres; the margin the grid keeps
 * from the paper's edge, where home printers do not print; the length of
 * a corner mark; the copies one print holds (README, "Limits"); how far
 * a measured 100 mm ruler may be off before it is taken for a typo. */
#define DW_PRINT_MAX_BLEED_MM     3.0
#define DW_PRINT_MARGIN_MM        5.0
#define DW_PRINT_MARK_MM          4.0
#define DW_PRINT_MAX_COPIES       10000
#define DW_PRINT_RULER_MM         100.0
#define DW_PRINT_RULER_MIN_MM     90.0
#define DW_PRINT_RULER_MAX_MM     110.0
/* Below this, an image prints visibly soft at the card's size. */
#define DW_PRINT_MIN_DPI          300.0

typedef struct
{
  DwPaper       paper;
  double        bleed_mm;
  DwPrintMarks  marks;
  DwPrintBacks  backs;
  gboolean      calibration;      /* a calibration page first */
  gboolean      tokens;           /* print the tokens' sections too */
  gboolean      considering;      /* print Considering too */
  gboolean      playtest_mark;    /* "Playtest" on every face */
  gboolean      images;           /* print a card's own image where it has one */
  /* The printer's calibration: what its 100 mm rulers measured, and
   * where its backs land against their fronts (right and down, mm). */
  double        ruler_x_mm;
  double        ruler_y_mm;
  double        back_offset_x_mm;
  double        back_offset_y_mm;
} DwPrintOptions;

typedef enum
{
  DW_PRINT_PAGE_CALIBRATION,
  DW_PRINT_PAGE_CALIBRATION_BACK,
  DW_PRINT_PAGE_FACES,
  DW_PRINT_PAGE_BACKS,
  DW_PRINT_PAGE_SWAPS,
  DW_PRINT_PAGE_CREDITS,
} DwPrintPageKind;

typedef struct
{
  guint    columns;
  guint    rows;
  guint    per_page;
  gboolean butted;                /* the bleed did not fit between cards */
  double   card_width_mm;
  double   card_height_mm;
  double   left_mm;               /* the first card's top left corner, without bleed */
  double   top_mm;
  double   gap_mm;                /* between two cards' edges */
} DwPrintLayout;

typedef struct _DwPrintJob DwPrintJob;

/* Called from the thread drawing, after each card drawn. */
typedef void (*DwPrintProgressFunc) (guint    done,
                                     guint    total,
                                     gpointer user_data);

GQuark               dw_print_error_quark        (void);

void                 dw_print_options_init       (DwPrintOptions   *options);
gboolean             dw_print_marks_from_string  (const char       *name,
                                                  DwPrintMarks     *marks);
const char          *dw_print_marks_to_string    (DwPrintMarks      marks);
gboolean             dw_print_backs_from_string  (const char       *name,
                                                  DwPrintBacks     *backs);
const char          *dw_print_backs_to_string    (DwPrintBacks      backs);

DwPrintJob          *dw_print_job_new            (DwLibrary        *library,
                                                  DwDeck           *deck,
                                                  DwDeck           *old_deck,
                                                  const DwPrintOptions *options,
                                                  GError          **error);
void                 dw_print_job_free           (DwPrintJob       *self);

const DwPrintLayout *dw_print_job_get_layout     (DwPrintJob       *self);
guint                dw_print_job_get_n_copies   (DwPrintJob       *self);
guint                dw_print_job_get_n_pages    (DwPrintJob       *self);
DwPrintPageKind      dw_print_job_get_page_kind  (DwPrintJob       *self,
                                                  guint             page);
GPtrArray           *dw_print_job_get_notes      (DwPrintJob       *self);
GPtrArray           *dw_print_job_get_low_dpi    (DwPrintJob       *self);
void                 dw_print_page_size          (DwPaper           paper,
                                                  double           *width_mm,
                                                  double           *height_mm);

gboolean             dw_print_job_draw_page      (DwPrintJob       *self,
                                                  cairo_t          *cr,
                                                  guint             page,
                                                  GCancellable     *cancellable,
                                                  GError          **error);
gboolean             dw_print_job_save_pdf       (DwPrintJob       *self,
                                                  const char       *path,
                                                  GCancellable     *cancellable,
                                                  DwPrintProgressFunc progress,
                                                  gpointer          progress_data,
                                                  GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwPrintJob, dw_print_job_free)

G_END_DECLS
