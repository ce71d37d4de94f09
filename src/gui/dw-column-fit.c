/* dw-column-fit.c — a table's columns sized by hand
 *
 * A column the player has sized by hand (its header's handle dragged,
 * which gives it a fixed width) holds what it is given: its cells
 * shorten with an ellipsis there, each whole in its tooltip and so in
 * its accessible description, never cut mid-letter nor drawn over the
 * next column.  Back at its own width (a double click on the handle),
 * it reads whole again with no tooltip repeating a value.  GTK 4.8 lets
 * a column be dragged to 0 px; here it stops at its header's title with
 * room for the sort arrow.
 *
 * The Event Desk and the card list use it; each says which of its
 * cells shorten at its own widths too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-column-fit.h"

/* The least a column's header takes with its title whole and room for
 * the arrow that shows which way the list is sorted by it.  The header
 * is GTK's own button in the view's header row (the view's first
 * child), found by its title; 0 while it is not there.  It is summed
 * from the title's label, the arrow and the button's padding and
 * border, not measured whole: GTK 4.8 keeps the header's first measure,
 * taken before its title was set, and a column held to it cut the
 * title. */
static int
header_least_width (GtkColumnViewColumn *column)
{
  GtkColumnView *view = gtk_column_view_column_get_column_view (column);
  const char *title = gtk_column_view_column_get_title (column);
  GtkWidget *header_row = view ? gtk_widget_get_first_child (GTK_WIDGET (view)) : NULL;

  if (header_row == NULL || title == NULL)
    return 0;
  for (GtkWidget *header = gtk_widget_get_first_child (header_row); header; header = gtk_widget_get_next_sibling (header))
    {
      GtkWidget *box = gtk_widget_get_first_child (header);
      GtkWidget *label = box ? gtk_widget_get_first_child (box) : NULL;
      GtkWidget *arrow = label ? gtk_widget_get_next_sibling (label) : NULL;
      GtkStyleContext *style;
      GtkBorder padding, border;
      int least, arrow_width = 0;

      if (!GTK_IS_LABEL (label) || g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), title) != 0)
        continue;
      gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &least, NULL, NULL);
      /* The arrow, or the room it takes once this column sorts. */
      if (GTK_IS_IMAGE (arrow))
        gtk_widget_measure (arrow, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &arrow_width, NULL, NULL);
      least += MAX (arrow_width, 16);
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      style = gtk_widget_get_style_context (header);
      gtk_style_context_get_padding (style, &padding);
      gtk_style_context_get_border (style, &border);
      G_GNUC_END_IGNORE_DEPRECATIONS
      return least + padding.left + padding.right + border.left + border.right;
    }
  return 0;
}

static void
on_fixed_width_cb (GtkColumnViewColumn *column,
                   GParamSpec          *pspec,
                   gpointer             user_data)
{
  int width = gtk_column_view_column_get_fixed_width (column);
  int least;

  if (width < 0)
    return;
  least = header_least_width (column);
  if (width < least)
    gtk_column_view_column_set_fixed_width (column, least);
}

/* @column, sized by hand, is never narrower than its header's title and
 * sort arrow. */
void
dw_column_fit_hold_header (GtkColumnViewColumn *column)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW_COLUMN (column));

  g_signal_connect (column, "notify::fixed-width", G_CALLBACK (on_fixed_width_cb), NULL);
}

/* Whether @column has been sized by hand: it has a fixed width. */
gboolean
dw_column_fit_by_hand (GtkColumnViewColumn *column)
{
  g_return_val_if_fail (GTK_IS_COLUMN_VIEW_COLUMN (column), FALSE);

  return gtk_column_view_column_get_fixed_width (column) >= 0;
}

/* @label shortens with an ellipsis, its text whole in its tooltip (GTK
 * gives a tooltip to the accessible description too), or, unless
 * @shortens, reads whole with no tooltip repeating it. */
void
dw_column_fit_label (GtkLabel *label,
                     gboolean  shortens)
{
  const char *text;

  g_return_if_fail (GTK_IS_LABEL (label));

  text = gtk_label_get_text (label);
  gtk_label_set_ellipsize (label, shortens ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), shortens && *text != '\0' ? text : NULL);
}

#define FIT_FUNC "dw-column-fit-func"

/* Sets @label as @column's width now allows, with the @fit given to
 * dw_column_fit_follow(): after its text changes. */
void
dw_column_fit_refit (GtkColumnViewColumn *column,
                     GtkLabel            *label)
{
  DwColumnFitFunc fit;

  g_return_if_fail (GTK_IS_COLUMN_VIEW_COLUMN (column));
  g_return_if_fail (GTK_IS_LABEL (label));

  fit = (DwColumnFitFunc) g_object_get_data (G_OBJECT (label), FIT_FUNC);
  g_return_if_fail (fit != NULL);
  fit (label, dw_column_fit_by_hand (column));
}

static void
on_cell_fixed_width_cb (GtkColumnViewColumn *column,
                        GParamSpec          *pspec,
                        GtkLabel            *label)
{
  dw_column_fit_refit (column, label);
}

/* @label, a cell of @column, is set with @fit now and whenever the
 * column is sized by hand or given back its own width, for as long as
 * the label lives. */
void
dw_column_fit_follow (GtkColumnViewColumn *column,
                      GtkLabel            *label,
                      DwColumnFitFunc      fit)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW_COLUMN (column));
  g_return_if_fail (GTK_IS_LABEL (label));
  g_return_if_fail (fit != NULL);

  g_object_set_data (G_OBJECT (label), FIT_FUNC, (gpointer) fit);
  g_signal_connect_object (column, "notify::fixed-width", G_CALLBACK (on_cell_fixed_width_cb), label, 0);
  fit (label, dw_column_fit_by_hand (column));
}
