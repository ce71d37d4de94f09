/* dw-sheet.h — a deck registration sheet, drawn with cairo for PDF and print
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "dw-library.h"

G_BEGIN_DECLS

typedef enum
{
  DW_PAPER_A4,
  DW_PAPER_LETTER,
} DwPaper;

#define DW_TYPE_SHEET (dw_sheet_get_type ())
G_DECLARE_FINAL_TYPE (DwSheet, dw_sheet, DW, SHEET, GObject)

gboolean     dw_paper_from_string       (const char  *name,
                                         DwPaper     *paper);
const char  *dw_paper_to_string         (DwPaper      paper);
void         dw_paper_get_size          (DwPaper      paper,
                                         double      *width,
                                         double      *height);
DwPaper      dw_paper_get_default       (void);

DwSheet     *dw_sheet_new               (DwLibrary   *library,
                                         DwDeck      *deck,
                                         DwFormat    *format);

const char  *dw_sheet_get_event         (DwSheet     *self);
void         dw_sheet_set_event         (DwSheet     *self,
                                         const char  *event);
const char  *dw_sheet_get_date          (DwSheet     *self);
void         dw_sheet_set_date          (DwSheet     *self,
                                         const char  *date);
const char  *dw_sheet_get_location      (DwSheet     *self);
void         dw_sheet_set_location      (DwSheet     *self,
                                         const char  *location);
const char  *dw_sheet_get_player        (DwSheet     *self);
void         dw_sheet_set_player        (DwSheet     *self,
                                         const char  *player);
const char  *dw_sheet_get_fingerprint   (DwSheet     *self);
gboolean     dw_sheet_is_legal          (DwSheet     *self);

guint        dw_sheet_get_n_pages       (DwSheet     *self,
                                         double       width,
                                         double       height);
void         dw_sheet_draw_page         (DwSheet     *self,
                                         cairo_t     *cr,
                                         guint        page,
                                         double       width,
                                         double       height);
gboolean     dw_sheet_save_pdf          (DwSheet     *self,
                                         const char  *path,
                                         DwPaper      paper,
                                         GError     **error);

G_END_DECLS
