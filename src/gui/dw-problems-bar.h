/* dw-problems-bar.h — the deck's verdict in one line, its problems in a popover
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DW_TYPE_PROBLEMS_BAR (dw_problems_bar_get_type ())
G_DECLARE_FINAL_TYPE (DwProblemsBar, dw_problems_bar, DW, PROBLEMS_BAR, GtkWidget)

void dw_problems_bar_set_problems (DwProblemsBar *self,
                                   GListModel    *problems);
void dw_problems_bar_show_verdict (DwProblemsBar *self,
                                   gboolean       waiting,
                                   guint          errors,
                                   guint          warnings);
void dw_problems_bar_popup        (DwProblemsBar *self);
GtkMenuButton *dw_problems_bar_get_button (DwProblemsBar *self);
void dw_problems_bar_popdown      (DwProblemsBar *self);

G_END_DECLS
