/* dw-table-window-private.h — what tests ask a table window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dw-table-window.h"

G_BEGIN_DECLS

char     *dw_table_window_suggest_file_name (DwTableWindow *self);
gboolean  dw_table_window_focus_hand        (DwTableWindow *self);

G_END_DECLS
