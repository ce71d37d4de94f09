/* dw-test-window.h — what the tests of the deck window share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dw-library.h"
#include "dw-window.h"

G_BEGIN_DECLS

DwWindow   *dw_test_window_new          (DwLibrary  *library);
DwCard     *dw_test_card                (DwLibrary  *library,
                                         const char *id);
GListModel *dw_test_window_problems     (DwWindow   *window);
gboolean    dw_test_window_has_problem  (DwWindow   *window,
                                         const char *code);
void        dw_test_build_green_wall    (DwLibrary  *library,
                                         DwWindow   *window);
GtkWidget  *dw_test_find_widget         (GtkWidget  *root,
                                         GType       type);
gboolean    dw_test_has_shortcut        (GtkWidget  *widget,
                                         guint       keyval,
                                         const char *action);

G_END_DECLS
