/* dw-table-offer.c — a button for one table action, as the engine sees it
 *
 * Every action button on the table activates "table.act" with the text
 * of its action, so the window performs it through the engine.  One the
 * engine would refuse now stays focusable and clickable, dimmed, with the
 * engine's reason as its tooltip and accessible description: keyboard
 * and screen-reader users reach the reason too, and clicking it shows
 * the reason in full in the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-table-offer.h"

/* Whether the engine would accept @action now; if not, why. */
gboolean
dw_table_offer_check (DwTable     *table,
                      const char  *action,
                      char       **reason)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DwAction) parsed = dw_table_parse (table, action, &error);

  if (parsed != NULL && dw_table_check (table, parsed, &error))
    return TRUE;
  /* In the player's words: card names, never instance numbers. */
  if (reason != NULL)
    *reason = error ? dw_table_render_text (table, error->message) : g_strdup (_("not possible now"));
  return FALSE;
}

static void
on_offer_clicked_cb (GtkButton *button)
{
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_POPOVER);

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
}

/* Dims @button and gives it @reason when the engine would refuse it. */
void
dw_table_offer_mark (GtkWidget  *button,
                     gboolean    accepted,
                     const char *reason)
{
  if (accepted)
    {
      gtk_widget_remove_css_class (button, "refused");
      gtk_widget_set_tooltip_text (button, NULL);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  else
    {
      gtk_widget_add_css_class (button, "refused");
      gtk_widget_set_tooltip_text (button, reason);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, reason, -1);
    }
}

void
dw_table_offer_update (GtkWidget  *button,
                       DwTable    *table,
                       const char *action)
{
  g_autofree char *reason = NULL;
  gboolean accepted = dw_table_offer_check (table, action, &reason);

  /* The target first: "table.act" takes a string. */
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", action);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "table.act");
  dw_table_offer_mark (button, accepted, reason);
}

GtkWidget *
dw_table_offer_new (DwTable    *table,
                    const char *label,
                    const char *action)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  g_signal_connect (button, "clicked", G_CALLBACK (on_offer_clicked_cb), NULL);
  dw_table_offer_update (button, table, action);
  return button;
}
