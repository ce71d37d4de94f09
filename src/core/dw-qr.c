/* dw-qr.c — drawing a QR code with cairo
 *
 * libqrencode makes the symbol; it is drawn here as one path of
 * rectangles (a row's dark modules in a run are one rectangle), so it
 * stays sharp in a PDF at any zoom and in print.  Error correction level
 * M: a sheet folded or smudged at a deck check still reads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <qrencode.h>
#include <string.h>

#include "dw-qr.h"

/* The white margin a reader needs around the symbol, in modules. */
#define QUIET_ZONE 4

G_DEFINE_QUARK (dw-qr-error-quark, dw_qr_error)

static QRcode *
encode (const char  *text,
        GError     **error)
{
  QRcode *code = QRcode_encodeString (text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);

  if (code == NULL)
    g_set_error (error, DW_QR_ERROR, DW_QR_ERROR_TOO_LONG,
                 _("the text is too long for a QR code (%u bytes)"), (guint) strlen (text));
  return code;
}

/* How many modules wide @text's symbol is, its quiet zone included; 0 if
 * it does not fit in a QR code. */
guint
dw_qr_get_modules (const char  *text,
                   GError     **error)
{
  QRcode *code = encode (text, error);
  guint width;

  if (code == NULL)
    return 0;
  width = (guint) code->width + 2 * QUIET_ZONE;
  QRcode_free (code);
  return width;
}

/* Draws @text's QR code in the square at @x, @y of @side, its quiet zone
 * (white) included, whatever the source colour was. */
gboolean
dw_qr_draw (cairo_t     *cr,
            const char  *text,
            double       x,
            double       y,
            double       side,
            GError     **error)
{
  QRcode *code;
  double module;

  g_return_val_if_fail (cr != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  code = encode (text, error);
  if (code == NULL)
    return FALSE;

  module = side / (code->width + 2 * QUIET_ZONE);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x, y, side, side);
  cairo_fill (cr);

  cairo_new_path (cr);
  for (int row = 0; row < code->width; row++)
    {
      const unsigned char *line = code->data + (gsize) row * code->width;

      for (int col = 0; col < code->width;)
        {
          int start;

          if ((line[col] & 1) == 0)
            {
              col++;
              continue;
            }
          start = col;
          while (col < code->width && (line[col] & 1))
            col++;
          cairo_rectangle (cr, x + (start + QUIET_ZONE) * module, y + (row + QUIET_ZONE) * module,
                           (col - start) * module, module);
        }
    }
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_fill (cr);
  cairo_restore (cr);
  QRcode_free (code);
  return TRUE;
}
