/* dw-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-application.h"
#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_WINDOW (dw_window_get_type ())
G_DECLARE_FINAL_TYPE (DwWindow, dw_window, DW, WINDOW, AdwApplicationWindow)

DwWindow     *dw_window_new              (DwApplication *application);
DwWindow     *dw_window_new_for_library  (GtkApplication *application,
                                          DwLibrary      *library);
AdwViewStack *dw_window_get_stack        (DwWindow       *self);

G_END_DECLS
