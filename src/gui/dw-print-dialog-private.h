/* dw-print-dialog-private.h — what the tests of Print Cards… look at
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-print.h"
#include "dw-print-dialog.h"

G_BEGIN_DECLS

DwPrintJob *dw_print_dialog_get_job       (DwPrintDialog *self);
guint       dw_print_dialog_get_page      (DwPrintDialog *self);
void        dw_print_dialog_set_page      (DwPrintDialog *self,
                                           guint          page);
const char *dw_print_dialog_get_summary   (DwPrintDialog *self);
const char *dw_print_dialog_get_warning   (DwPrintDialog *self);
void        dw_print_dialog_draw_preview  (DwPrintDialog *self,
                                           cairo_t       *cr,
                                           int            width,
                                           int            height);
void        dw_print_dialog_save_pdf      (DwPrintDialog *self,
                                           const char    *path);
gboolean    dw_print_dialog_is_saving     (DwPrintDialog *self);
double      dw_print_dialog_get_progress  (DwPrintDialog *self);
void        dw_print_dialog_stop          (DwPrintDialog *self);

G_END_DECLS
