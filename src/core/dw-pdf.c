/* dw-pdf.c — a PDF drawn in memory, saved atomically
 *
 * The registration sheet (dw-sheet.c) and the print and play job
 * (dw-print.c) draw their pages with cairo into a PDF held in memory,
 * then save it through dw_xml_save() (dw-save.c: atomic, so a failed or
 * cancelled export never leaves half a file).  Every PDF says it was
 * made by Deckwright.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>

#include "dw-pdf.h"
#include "dw-xml.h"

struct _DwPdf
{
  GByteArray      *bytes;
  cairo_surface_t *surface;
  cairo_t         *cr;
  cairo_status_t   status;
  gboolean         finished;
};

static cairo_status_t
write_bytes_cb (void                *closure,
                const unsigned char *data,
                unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* A PDF of pages @width by @height points, named @title, by @author
 * (NULL: none said). */
DwPdf *
dw_pdf_new (double      width,
            double      height,
            const char *title,
            const char *author)
{
  DwPdf *self = g_new0 (DwPdf, 1);

  self->bytes = g_byte_array_new ();
  self->surface = cairo_pdf_surface_create_for_stream (write_bytes_cb, self->bytes, width, height);
  if (title != NULL)
    cairo_pdf_surface_set_metadata (self->surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (self->surface, CAIRO_PDF_METADATA_CREATOR, "Deckwright " PACKAGE_VERSION);
  if (author != NULL)
    cairo_pdf_surface_set_metadata (self->surface, CAIRO_PDF_METADATA_AUTHOR, author);
  self->cr = cairo_create (self->surface);
  return self;
}

/* What the pages are drawn on; cairo_show_page() ends each. */
cairo_t *
dw_pdf_get_cairo (DwPdf *self)
{
  g_return_val_if_fail (self != NULL && !self->finished, NULL);
  return self->cr;
}

/* Ends the drawing: CAIRO_STATUS_SUCCESS, or what went wrong (the
 * caller says what could not be drawn). */
cairo_status_t
dw_pdf_finish (DwPdf *self)
{
  g_return_val_if_fail (self != NULL, CAIRO_STATUS_NULL_POINTER);

  if (self->finished)
    return self->status;
  self->finished = TRUE;
  self->status = cairo_status (self->cr);
  g_clear_pointer (&self->cr, cairo_destroy);
  cairo_surface_finish (self->surface);
  if (self->status == CAIRO_STATUS_SUCCESS)
    self->status = cairo_surface_status (self->surface);
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  return self->status;
}

/* Saves the finished PDF at @path, atomically. */
gboolean
dw_pdf_save (DwPdf       *self,
             const char  *path,
             GError     **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (self->finished && self->status == CAIRO_STATUS_SUCCESS, FALSE);

  return dw_xml_save (path, (const char *) self->bytes->data, (gssize) self->bytes->len, error);
}

void
dw_pdf_free (DwPdf *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->cr, cairo_destroy);
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  g_byte_array_unref (self->bytes);
  g_free (self);
}
