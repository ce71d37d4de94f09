/* dw-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dw-library.h"

G_BEGIN_DECLS

#define DW_TYPE_APPLICATION (dw_application_get_type ())
G_DECLARE_FINAL_TYPE (DwApplication, dw_application, DW, APPLICATION, AdwApplication)

DwApplication *dw_application_new         (void);
DwLibrary     *dw_application_get_library (DwApplication *self);
guint          dw_application_recover     (DwApplication *self);

G_END_DECLS
