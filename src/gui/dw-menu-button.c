/* dw-menu-button.c — what every menu button of the window shares
 *
 * A menu button's tooltip names what its popover holds; once the popover
 * is open the tooltip only covers it (GTK 4.8 shows it again as the
 * pointer rests on the button), so it is taken away while the popover
 * shows and given back when it closes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-menu-button.h"

#define QUIET_TOOLTIP_KEY "dw-menu-button-quiet-tooltip"

static void
on_popover_visible_cb (GtkWidget     *popover,
                       GParamSpec    *pspec,
                       GtkMenuButton *button)
{
  GtkWidget *widget = GTK_WIDGET (button);

  if (gtk_widget_get_visible (popover))
    {
      const char *tooltip = gtk_widget_get_tooltip_text (widget);

      if (tooltip == NULL)
        return;
      g_object_set_data_full (G_OBJECT (button), QUIET_TOOLTIP_KEY, g_strdup (tooltip), g_free);
      gtk_widget_set_tooltip_text (widget, NULL);
    }
  else
    {
      g_autofree char *tooltip = g_object_steal_data (G_OBJECT (button), QUIET_TOOLTIP_KEY);

      if (tooltip != NULL)
        gtk_widget_set_tooltip_text (widget, tooltip);
    }
}

static void
follow_popover (GtkMenuButton *button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);

  if (popover == NULL || g_object_get_data (G_OBJECT (popover), QUIET_TOOLTIP_KEY) != NULL)
    return;
  g_object_set_data (G_OBJECT (popover), QUIET_TOOLTIP_KEY, button);
  g_signal_connect_object (popover, "notify::visible", G_CALLBACK (on_popover_visible_cb), button, 0);
}

/* Takes @button's tooltip away while its popover is open.  The popover
 * may come later (a menu model set after this call): it is followed
 * whenever the button gets a new one. */
void
dw_menu_button_quiet_while_open (GtkMenuButton *button)
{
  g_return_if_fail (GTK_IS_MENU_BUTTON (button));

  follow_popover (button);
  g_signal_connect (button, "notify::popover", G_CALLBACK (follow_popover), NULL);
  g_signal_connect (button, "notify::menu-model", G_CALLBACK (follow_popover), NULL);
}
