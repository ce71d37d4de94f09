/* dw-menu-button.c — what every button that opens a popover shares
 *
 * A menu button's or a drop-down's tooltip names what its popover holds;
 * once the popover is open the tooltip only covers it (GTK 4.8 shows it
 * again as the pointer rests on the button), so it is taken away while
 * the popover shows and given back when it closes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-menu-button.h"

#define QUIET_TOOLTIP_KEY "dw-menu-button-quiet-tooltip"
#define FOLLOWED_KEY      "dw-menu-button-followed"

static void
on_popover_visible_cb (GtkWidget  *popover,
                       GParamSpec *pspec,
                       GtkWidget  *owner)
{
  if (gtk_widget_get_visible (popover))
    {
      const char *tooltip = gtk_widget_get_tooltip_text (owner);

      if (tooltip == NULL)
        return;
      g_object_set_data_full (G_OBJECT (owner), QUIET_TOOLTIP_KEY, g_strdup (tooltip), g_free);
      gtk_widget_set_tooltip_text (owner, NULL);
    }
  else
    {
      g_autofree char *tooltip = g_object_steal_data (G_OBJECT (owner), QUIET_TOOLTIP_KEY);

      if (tooltip != NULL)
        gtk_widget_set_tooltip_text (owner, tooltip);
    }
}

static void
follow (GtkWidget *owner,
        GtkWidget *popover)
{
  if (popover == NULL || g_object_get_data (G_OBJECT (popover), FOLLOWED_KEY) != NULL)
    return;
  g_object_set_data (G_OBJECT (popover), FOLLOWED_KEY, owner);
  g_signal_connect_object (popover, "notify::visible", G_CALLBACK (on_popover_visible_cb), owner, 0);
}

static void
follow_popover (GtkMenuButton *button)
{
  follow (GTK_WIDGET (button), GTK_WIDGET (gtk_menu_button_get_popover (button)));
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

static void
follow_others_popover (GtkMenuButton *button,
                       GParamSpec    *pspec,
                       GtkWidget     *owner)
{
  GtkWidget *popover = GTK_WIDGET (gtk_menu_button_get_popover (button));

  if (popover == NULL || g_object_get_data (G_OBJECT (owner), FOLLOWED_KEY) == popover)
    return;
  g_object_set_data (G_OBJECT (owner), FOLLOWED_KEY, popover);
  g_signal_connect_object (popover, "notify::visible", G_CALLBACK (on_popover_visible_cb), owner, 0);
}

/* Takes @owner's tooltip away while @button's popover is open: for a
 * button that opens another's popover, as the header's badge opens the
 * list of problems, whose tooltip would cover it as well. */
void
dw_menu_button_quiet_while_others_open (GtkWidget     *owner,
                                        GtkMenuButton *button)
{
  g_return_if_fail (GTK_IS_WIDGET (owner));
  g_return_if_fail (GTK_IS_MENU_BUTTON (button));

  follow_others_popover (button, NULL, owner);
  g_signal_connect_object (button, "notify::popover", G_CALLBACK (follow_others_popover), owner, 0);
}

/* Takes @drop_down's tooltip away while its list is open.  The list is
 * the drop-down's own popover, made with it. */
void
dw_drop_down_quiet_while_open (GtkDropDown *drop_down)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      follow (GTK_WIDGET (drop_down), child);
}

/* Sets @owner's tooltip to @tooltip; while its popover is open (the
 * tooltip taken away), the one given back when it closes. */
void
dw_menu_button_set_tooltip (GtkWidget  *owner,
                            const char *tooltip)
{
  g_return_if_fail (GTK_IS_WIDGET (owner));

  if (g_object_get_data (G_OBJECT (owner), QUIET_TOOLTIP_KEY) != NULL)
    g_object_set_data_full (G_OBJECT (owner), QUIET_TOOLTIP_KEY, g_strdup (tooltip), g_free);
  else
    gtk_widget_set_tooltip_text (owner, tooltip);
}

/* Names @drop_down's button @label for a screen reader, as the drop-down
 * itself is named: GTK 4.8 leaves the button inside it unnamed, read as
 * "GtkToggleButton". */
void
dw_drop_down_name_button (GtkDropDown *drop_down,
                          const char  *label)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
