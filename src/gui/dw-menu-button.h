/* dw-menu-button.h — what every button that opens a popover shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void dw_menu_button_quiet_while_open (GtkMenuButton *button);
void dw_menu_button_quiet_while_others_open (GtkWidget     *owner,
                                             GtkMenuButton *button);
void dw_drop_down_quiet_while_open   (GtkDropDown   *drop_down);
void dw_menu_button_set_tooltip      (GtkWidget     *owner,
                                      const char    *tooltip);
void dw_drop_down_name_button        (GtkDropDown   *drop_down,
                                      const char    *label);

G_END_DECLS
