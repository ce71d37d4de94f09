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

typedef struct
{
  GdkFrameClock *clock;
  GdkSurface    *surface;
  gulong         handler;
  guint          painted;
  guint          steady;
  int            width;
  int            height;
} Painting;

static void
on_after_paint_cb (GdkFrameClock *clock,
                   Painting      *painting)
{
  int width = gdk_surface_get_width (painting->surface);
  int height = gdk_surface_get_height (painting->surface);

  painting->painted++;
  if (width == painting->width && height == painting->height)
    painting->steady++;
  else
    painting->steady = 0;
  painting->width = width;
  painting->height = height;
}

static gboolean
all_steady (GArray *paintings)
{
  for (guint i = 0; i < paintings->len; i++)
    {
      Painting *painting = &g_array_index (paintings, Painting, i);

      if (painting->painted < 3 || painting->steady < 2)
        {
          gdk_frame_clock_request_phase (painting->clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
          return FALSE;
        }
    }
  return TRUE;
}

/* Every mapped window paints until it has painted three frames and its
 * size held still over the last two, however long those frames take. */
static void
paint_until_steady (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GArray) paintings = g_array_new (FALSE, TRUE, sizeof (Painting));

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);
      GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
      Painting painting = { 0 };

      if (surface == NULL || !gtk_widget_get_mapped (window))
        continue;
      painting.surface = g_object_ref (surface);
      painting.clock = g_object_ref (gdk_surface_get_frame_clock (surface));
      painting.width = -1;
      g_array_append_val (paintings, painting);
    }
  /* Connected once the array no longer moves. */
  for (guint i = 0; i < paintings->len; i++)
    {
      Painting *painting = &g_array_index (paintings, Painting, i);

      painting->handler = g_signal_connect (painting->clock, "after-paint",
                                            G_CALLBACK (on_after_paint_cb), painting);
    }
  DW_TEST_WAIT_UNTIL (all_steady (paintings));
  for (guint i = 0; i < paintings->len; i++)
    {
      Painting *painting = &g_array_index (paintings, Painting, i);

      g_signal_handler_disconnect (painting->clock, painting->handler);
      g_object_unref (painting->clock);
      g_object_unref (painting->surface);
    }
}

/* A digest of where every mapped widget of @root lies. */
static guint64
hash_layout (GtkWidget *widget,
             GtkWidget *root,
             guint64    hash)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget))
    return hash * 31 + 7;
  if (gtk_widget_compute_bounds (widget, root, &bounds))
    {
      float values[4] = { bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height };

      for (guint i = 0; i < G_N_ELEMENTS (values); i++)
        hash = hash * 1099511628211u + (guint64) (gint64) (values[i] * 16);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    hash = hash_layout (child, root, hash);
  return hash;
}

static guint64
hash_all_layouts (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint64 hash = 14695981039346656037u;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      hash = hash_layout (window, window, hash);
    }
  return hash;
}

/* Gives GTK the frames it needs to measure and allocate the windows that
 * were shown or resized, however long they take on a busy machine: the
 * windows paint until their size holds still, what was queued between
 * frames runs (an idle that folds a pane, a configure event), and again,
 * until a round leaves every widget where the last one left it.  A
 * blinking cursor or a spinner moves no widget, so it cannot keep this
 * going. */
void
dw_test_relayout (void)
{
  guint64 before;
  guint64 after;

  dw_test_settle ();
  after = hash_all_layouts ();
  do
    {
      before = after;
      paint_until_steady ();
      dw_test_settle ();
      after = hash_all_layouts ();
    }
  while (after != before);
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
