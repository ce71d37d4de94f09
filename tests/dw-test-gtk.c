/* dw-test-gtk.c — what the widget tests share: waiting for GTK, and
 * finding widgets in a tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-test-gtk.h"

/* Runs what is pending: idles, signals, a redraw already asked for. */
void
dw_test_settle (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/* Gives GTK the frames it needs to measure and allocate a window that
 * was shown or resized: a few hundred milliseconds of the main loop. */
void
dw_test_relayout (void)
{
  gint64 until = g_get_monotonic_time () + 300 * 1000;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  dw_test_settle ();
}

/* Every widget of @type in the tree under @root, @root included. */
void
dw_test_collect_widgets (GtkWidget *root,
                         GType      type,
                         GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    dw_test_collect_widgets (child, type, found);
}

/* Whether a label under @root reads exactly @text. */
gboolean
dw_test_has_label (GtkWidget  *root,
                   const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  dw_test_collect_widgets (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (g_ptr_array_index (labels, i)), text) == 0)
      return TRUE;
  return FALSE;
}

/* Where @widget's top lies in @ancestor. */
double
dw_test_top_of (GtkWidget *widget,
                GtkWidget *ancestor)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, ancestor, &bounds));
  return bounds.origin.y;
}
