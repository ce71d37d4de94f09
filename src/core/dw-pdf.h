/* dw-pdf.h — a PDF drawn in memory, saved atomically
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _DwPdf DwPdf;

DwPdf          *dw_pdf_new       (double       width,
                                  double       height,
                                  const char  *title,
                                  const char  *author);
cairo_t        *dw_pdf_get_cairo (DwPdf       *self);
cairo_status_t  dw_pdf_finish    (DwPdf       *self);
gboolean        dw_pdf_save      (DwPdf       *self,
                                  const char  *path,
                                  GError     **error);
void            dw_pdf_free      (DwPdf       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DwPdf, dw_pdf_free)

G_END_DECLS
