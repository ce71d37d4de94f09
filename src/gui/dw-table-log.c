/* dw-table-log.c — what happened on the table, newest first, in words
 *
 * Each accepted action as the player reads it: what was done, with card
 * names, and what followed.  The engine words it, so the log names only
 * cards the player may see; what the player did by hand is tagged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dw-table-log.h"

/* Rows shown at most: the last moves are what a player checks. */
#define MAX_ROWS 60

struct _DwTableLog
{
  GtkWidget   parent_instance;

  GtkListBox *list;
};

G_DEFINE_FINAL_TYPE (DwTableLog, dw_table_log, GTK_TYPE_WIDGET)

static GtkWidget *
entry_row (DwTable *table,
           guint    index)
{
  const DwTableLogEntry *entry = dw_table_get_log_entry (table, index);
  g_autofree char *said = dw_table_render_log_entry (table, index);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (said);
  /* Each row its own number, as the action's place in the game; the
   * turn it was taken in is what the number's tooltip adds. */
  g_autofree char *number = g_strdup_printf ("%u", index + 1);
  g_autofree char *when = g_strdup_printf (_("Action %u, in turn %u"), index + 1, entry->turn);
  GtkWidget *number_label = gtk_label_new (number);

  /* Plain labels, no markup: card names hold "&" and "<". */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (number_label, "dim-label");
  gtk_widget_add_css_class (number_label, "numeric");
  gtk_widget_set_tooltip_text (number_label, when);
  gtk_widget_set_valign (number_label, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (row), number_label);
  gtk_box_append (GTK_BOX (row), label);
  if (entry->manual)
    {
      GtkWidget *tag = gtk_label_new (_("by hand"));

      gtk_widget_add_css_class (tag, "dim-label");
      gtk_widget_add_css_class (tag, "caption");
      gtk_widget_set_valign (tag, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (row), tag);
    }
  gtk_widget_set_margin_start (row, 8);
  gtk_widget_set_margin_end (row, 8);
  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_bottom (row, 6);
  return row;
}

static void
dw_table_log_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), DW_TYPE_TABLE_LOG);
  /* Children the template does not bind go too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (dw_table_log_parent_class)->dispose (object);
}

static void
dw_table_log_class_init (DwTableLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dw_table_log_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/deckwright/Deckwright/dw-table-log.ui");
  gtk_widget_class_bind_template_child (widget_class, DwTableLog, list);
}

static void
dw_table_log_init (DwTableLog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
dw_table_log_show_table (DwTableLog *self,
                         DwTable    *table)
{
  guint n = dw_table_get_n_log (table);
  GtkListBoxRow *row;

  g_return_if_fail (DW_IS_TABLE_LOG (self));

  /* Row by row: the placeholder is a child too, and stays. */
  while ((row = gtk_list_box_get_row_at_index (self->list, 0)) != NULL)
    gtk_list_box_remove (self->list, GTK_WIDGET (row));
  for (guint i = n; i > 0 && n - i < MAX_ROWS; i--)
    gtk_list_box_append (self->list, entry_row (table, i - 1));
}
