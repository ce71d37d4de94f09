/* dw-menu-button.h — what every menu button of the window shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void dw_menu_button_quiet_while_open (GtkMenuButton *button);

G_END_DECLS
