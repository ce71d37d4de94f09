/* dw-qr.h — drawing a QR code with cairo (libqrencode)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

G_BEGIN_DECLS

#define DW_QR_ERROR (dw_qr_error_quark ())

typedef enum
{
  DW_QR_ERROR_TOO_LONG,   /* more than a QR code holds */
  DW_QR_ERROR_NO_CODE,    /* a picture with no QR code that can be read */
  DW_QR_ERROR_NOT_IMAGE,  /* not a picture (or a document) that can be read */
} DwQrError;

GQuark    dw_qr_error_quark   (void);

guint     dw_qr_get_modules   (const char  *text,
                               GError     **error);
gboolean  dw_qr_draw          (cairo_t     *cr,
                               const char  *text,
                               double       x,
                               double       y,
                               double       side,
                               GError     **error);

/* The largest picture dw_qr_scan_file() reads, in pixels a side: a
 * phone's photo is 4,000 to 8,000; past it a file is refused unread. */
#define DW_QR_SCAN_MAX_SIDE 12000

char     *dw_qr_scan_file     (const char  *path,
                               GError     **error);
char     *dw_qr_scan_surface  (cairo_surface_t *surface,
                               GError     **error);

G_END_DECLS
