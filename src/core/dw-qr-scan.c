/* dw-qr-scan.c — reading a QR code off a photo, a scan or a PDF page
 *
 * A judge at a deck check photographs or scans the registration sheet:
 * the picture (PNG or JPEG, read with gdk-pixbuf; a PDF page, drawn with
 * poppler-glib at 200 dpi) becomes 8-bit grey, alpha over white, and
 * zbar finds the QR codes in it.  The first one is the answer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gi18n-lib.h>
#include <poppler.h>
#include <stdio.h>
#include <string.h>
#include <zbar.h>

#include "dw-qr.h"

#define PDF_DPI 200.0

static char *
scan_grey (const guint8  *grey,
           guint          width,
           guint          height)
{
  zbar_image_scanner_t *scanner = zbar_image_scanner_create ();
  zbar_image_t *image = zbar_image_create ();
  const zbar_symbol_t *symbol;
  char *found = NULL;

  zbar_image_scanner_set_config (scanner, 0, ZBAR_CFG_ENABLE, 0);
  zbar_image_scanner_set_config (scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1);
  zbar_image_set_format (image, zbar_fourcc ('Y', '8', '0', '0'));
  zbar_image_set_size (image, width, height);
  zbar_image_set_data (image, grey, (unsigned long) width * height, NULL);

  if (zbar_scan_image (scanner, image) > 0)
    for (symbol = zbar_image_first_symbol (image); symbol != NULL && found == NULL;
         symbol = zbar_symbol_next (symbol))
      if (zbar_symbol_get_type (symbol) == ZBAR_QRCODE)
        found = g_strndup (zbar_symbol_get_data (symbol), zbar_symbol_get_data_length (symbol));

  zbar_image_destroy (image);
  zbar_image_scanner_destroy (scanner);
  return found;
}

static guint8
luma (guint r,
      guint g,
      guint b,
      guint a)
{
  guint y = (r * 299 + g * 587 + b * 114) / 1000;

  /* Over white, as on paper. */
  return (guint8) ((y * a + 255 * (255 - a)) / 255);
}

static char *
scan_pixbuf (GdkPixbuf *pixbuf)
{
  guint width = (guint) gdk_pixbuf_get_width (pixbuf);
  guint height = (guint) gdk_pixbuf_get_height (pixbuf);
  guint stride = (guint) gdk_pixbuf_get_rowstride (pixbuf);
  guint channels = (guint) gdk_pixbuf_get_n_channels (pixbuf);
  gboolean alpha = gdk_pixbuf_get_has_alpha (pixbuf);
  const guint8 *pixels = gdk_pixbuf_read_pixels (pixbuf);
  g_autofree guint8 *grey = g_malloc ((gsize) width * height);

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        const guint8 *p = pixels + (gsize) y * stride + (gsize) x * channels;

        grey[(gsize) y * width + x] = luma (p[0], p[1], p[2], alpha ? p[3] : 255);
      }
  return scan_grey (grey, width, height);
}

/* The QR code drawn on an image surface (ARGB32 or RGB24). */
char *
dw_qr_scan_surface (cairo_surface_t  *surface,
                    GError          **error)
{
  guint width, height, stride;
  const guint8 *data;
  g_autofree guint8 *grey = NULL;
  gboolean alpha;
  char *found;

  g_return_val_if_fail (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE, NULL);

  cairo_surface_flush (surface);
  width = (guint) cairo_image_surface_get_width (surface);
  height = (guint) cairo_image_surface_get_height (surface);
  stride = (guint) cairo_image_surface_get_stride (surface);
  data = cairo_image_surface_get_data (surface);
  alpha = cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32;
  grey = g_malloc ((gsize) width * height);
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        guint32 pixel = *(const guint32 *) (data + (gsize) y * stride + (gsize) x * 4);
        guint a = alpha ? pixel >> 24 : 255;
        guint r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;

        /* Premultiplied: un-premultiply by compositing over white. */
        grey[(gsize) y * width + x] = (guint8) MIN (255u, (r * 299 + g * 587 + b * 114) / 1000 + (255 - a));
      }
  found = scan_grey (grey, width, height);
  if (found == NULL)
    g_set_error (error, DW_QR_ERROR, DW_QR_ERROR_NO_CODE, _("no QR code could be read in the picture"));
  return found;
}

static char *
scan_pdf (const char  *path,
          GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);
  g_autoptr(GError) local_error = NULL;
  PopplerDocument *document = poppler_document_new_from_file (uri, NULL, &local_error);
  char *found = NULL;
  int n_pages;

  if (document == NULL)
    {
      g_set_error (error, DW_QR_ERROR, DW_QR_ERROR_NOT_IMAGE, _("%s is a PDF that cannot be read: %s"),
                   path, local_error->message);
      return NULL;
    }

  /* The first page holding a QR code: a sheet's first page has it. */
  n_pages = poppler_document_get_n_pages (document);
  for (int i = 0; i < n_pages && found == NULL; i++)
    {
      PopplerPage *page = poppler_document_get_page (document, i);
      double width, height, scale = PDF_DPI / 72.0;
      cairo_surface_t *surface;
      cairo_t *cr;

      if (page == NULL)
        continue;
      poppler_page_get_size (page, &width, &height);
      if (width * scale > DW_QR_SCAN_MAX_SIDE || height * scale > DW_QR_SCAN_MAX_SIDE || width <= 0 ||
          height <= 0)
        {
          g_object_unref (page);
          continue;
        }
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (width * scale), (int) (height * scale));
      cr = cairo_create (surface);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_scale (cr, scale, scale);
      poppler_page_render_for_printing (page, cr);
      cairo_destroy (cr);
      g_object_unref (page);
      found = dw_qr_scan_surface (surface, NULL);
      cairo_surface_destroy (surface);
    }
  g_object_unref (document);
  if (found != NULL)
    return found;
  g_set_error (error, DW_QR_ERROR, DW_QR_ERROR_NO_CODE,
               g_dngettext (GETTEXT_PACKAGE, "no QR code could be read on the %d page of %s",
                            "no QR code could be read on any of the %d pages of %s", (gulong) n_pages),
               n_pages, path);
  return NULL;
}

/* The text of the first QR code in the picture (PNG, JPEG) or PDF at
 * @path. */
char *
dw_qr_scan_file (const char  *path,
                 GError     **error)
{
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  g_autoptr(GError) local_error = NULL;
  char head[5] = { 0 };
  FILE *stream;
  int width = 0, height = 0;
  char *found;

  g_return_val_if_fail (path != NULL, NULL);

  stream = fopen (path, "rb");
  if (stream == NULL)
    {
      g_set_error (error, DW_QR_ERROR, DW_QR_ERROR_NOT_IMAGE, _("%s cannot be read: %s"), path,
                   g_strerror (errno));
      return NULL;
    }
  if (fread (head, 1, 4, stream) != 4)
    memset (head, 0, sizeof head);
  fclose (stream);
  if (memcmp (head, "%PDF", 4) == 0)
    return scan_pdf (path, error);

  if (gdk_pixbuf_get_file_info (path, &width, &height) == NULL)
    {
      g_set_error (error, DW_QR_ERROR, DW_QR_ERROR_NOT_IMAGE,
                   _("%s is not a picture Deckwright can read; give a PNG or JPEG photo or scan, "
                     "or a PDF"), path);
      return NULL;
    }
  if (width > DW_QR_SCAN_MAX_SIDE || height > DW_QR_SCAN_MAX_SIDE)
    {
      g_set_error (error, DW_QR_ERROR, DW_QR_ERROR_NOT_IMAGE,
                   _("%s is %d × %d pixels, larger than the %d a side Deckwright reads; scale it "
                     "down first"), path, width, height, DW_QR_SCAN_MAX_SIDE);
      return NULL;
    }
  pixbuf = gdk_pixbuf_new_from_file (path, &local_error);
  if (pixbuf == NULL)
    {
      g_set_error (error, DW_QR_ERROR, DW_QR_ERROR_NOT_IMAGE,
                   _("%s is not a picture Deckwright can read: %s"), path, local_error->message);
      return NULL;
    }
  found = scan_pixbuf (pixbuf);
  if (found == NULL)
    g_set_error (error, DW_QR_ERROR, DW_QR_ERROR_NO_CODE,
                 _("no QR code could be read in %s; photograph the sheet's code closer, straight "
                   "on and in good light"), path);
  return found;
}
