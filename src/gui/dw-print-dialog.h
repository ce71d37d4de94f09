/* dw-print-dialog.h — Print Cards…: the options, a preview of the pages, then paper or PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_PRINT_DIALOG (dw_print_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DwPrintDialog, dw_print_dialog, DW, PRINT_DIALOG, AdwWindow)

DwPrintDialog *dw_print_dialog_new (DwLibrary *library,
                                    DwDeck    *deck,
                                    GtkWindow *parent);
void           dw_print_dialog_set_file (DwPrintDialog *self,
                                         GFile         *file);

G_END_DECLS
