/* dw-column-give-way.c — a table's least needed columns hide at narrow widths
 *
 * When the columns shown need more width than their GtkColumnView has,
 * the last one that may give way hides; each comes back, first hidden
 * last back, once the view has the width the columns needed when it
 * hid.  So the columns that matter read whole rather than every one
 * being shortened to a few letters or pushed behind a sideways scroll;
 * whatever hid must be shown elsewhere (a card's face, a detail pane).
 * The order they give way in is the columns' own, last first.  "Need"
 * is the view's minimum width: a cell that may shorten (a name with
 * width-chars and an ellipsis) counts for its shortest, every other one
 * for its whole text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dw-column-give-way.h"

typedef struct
{
  GtkColumnView      *view;          /* not owned: owns this */
  DwColumnMayGiveWay  may_give_way;
  GtkAdjustment      *hadjustment;   /* the one watched */
  gulong              changed_id;
  guint               source;
  guint               tick;          /* the next frame's, after a step */
  gboolean            busy;          /* hiding or showing a column for the width */
} GiveWay;

/* The width a column took away when it gave way: it shows again only
 * when the view has that much. */
#define NEEDS_WIDTH "dw-give-way-needs-width"

static int
columns_minimum (GtkColumnView *view)
{
  int minimum;

  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

/* The column that gives way next at @width, or comes back: the last
 * shown one that may give way when the columns need more than @width,
 * else the first that gave way, if @width holds it again.  NULL when
 * nothing changes. */
static GtkColumnViewColumn *
column_to_change (GiveWay *give_way,
                  int      width)
{
  GListModel *columns = gtk_column_view_get_columns (give_way->view);
  guint n = g_list_model_get_n_items (columns);

  if (columns_minimum (give_way->view) > width)
    {
      for (guint i = n; i-- > 0;)
        {
          g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

          if (gtk_column_view_column_get_visible (column) && give_way->may_give_way (column))
            return column;
        }
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      int needs = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (column), NEEDS_WIDTH));

      /* Shown again by someone else (the player): it waits no more. */
      if (needs > 0 && gtk_column_view_column_get_visible (column))
        g_object_set_data (G_OBJECT (column), NEEDS_WIDTH, NULL);
      else if (needs > 0)
        return needs <= width ? column : NULL;
    }
  return NULL;
}

static gboolean give_way_cb (gpointer data);

/* The frame after a step has begun: its layout measures the columns
 * anew, and the next step follows it. */
static gboolean
next_frame_cb (GtkWidget     *view,
               GdkFrameClock *clock,
               gpointer       data)
{
  GiveWay *give_way = data;

  if (give_way->source == 0)
    give_way->source = g_idle_add (give_way_cb, give_way);
  return G_SOURCE_REMOVE;
}

static void
next_frame_done (gpointer data)
{
  GiveWay *give_way = data;

  give_way->tick = 0;
}

/* One column gives way or comes back per layout, so each step measures
 * what the last one left; the view's width may follow its columns (a
 * list that asks for its natural width).  A column keeps the width it
 * needed, and shows again only when the view has it: the view cannot
 * flicker between two layouts. */
static gboolean
give_way_cb (gpointer data)
{
  GiveWay *give_way = data;
  GtkColumnViewColumn *column;

  give_way->source = 0;
  if (!gtk_widget_get_mapped (GTK_WIDGET (give_way->view)))
    return G_SOURCE_REMOVE;
  column = column_to_change (give_way, gtk_widget_get_width (GTK_WIDGET (give_way->view)));
  if (column == NULL)
    return G_SOURCE_REMOVE;
  give_way->busy = TRUE;
  if (gtk_column_view_column_get_visible (column))
    {
      g_object_set_data (G_OBJECT (column), NEEDS_WIDTH, GINT_TO_POINTER (columns_minimum (give_way->view)));
      gtk_column_view_column_set_visible (column, FALSE);
    }
  else
    {
      g_object_set_data (G_OBJECT (column), NEEDS_WIDTH, NULL);
      gtk_column_view_column_set_visible (column, TRUE);
    }
  give_way->busy = FALSE;
  /* The sideways scroll need not change (a column back where the view
   * had room to spare): look again after the next layout all the same. */
  if (give_way->tick == 0)
    give_way->tick = gtk_widget_add_tick_callback (GTK_WIDGET (give_way->view), next_frame_cb, give_way,
                                                   next_frame_done);
  return G_SOURCE_REMOVE;
}

/* The view lays its columns out and sets the sideways scroll's page
 * (its width) and range (what the columns take) each time either
 * changes: columns change visibility after that layout, never in it. */
static void
on_hadjustment_changed_cb (GtkAdjustment *adjustment,
                           GiveWay       *give_way)
{
  if (give_way->source == 0)
    give_way->source = g_idle_add (give_way_cb, give_way);
}

static void
watch_hadjustment (GiveWay *give_way)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (give_way->view));

  if (adjustment == give_way->hadjustment)
    return;
  if (give_way->hadjustment != NULL)
    g_clear_signal_handler (&give_way->changed_id, give_way->hadjustment);
  g_set_object (&give_way->hadjustment, adjustment);
  if (adjustment != NULL)
    give_way->changed_id = g_signal_connect (adjustment, "changed", G_CALLBACK (on_hadjustment_changed_cb),
                                             give_way);
}

static void
on_hadjustment_notify_cb (GtkColumnView *view,
                          GParamSpec    *pspec,
                          GiveWay       *give_way)
{
  watch_hadjustment (give_way);
}

static void
give_way_free (gpointer data)
{
  GiveWay *give_way = data;

  g_clear_handle_id (&give_way->source, g_source_remove);
  if (give_way->hadjustment != NULL)
    g_clear_signal_handler (&give_way->changed_id, give_way->hadjustment);
  g_clear_object (&give_way->hadjustment);
  g_free (give_way);
}

/* Lets @view's columns for which @may_give_way answers TRUE hide, last
 * first, while the view is too narrow for them, and come back with the
 * room.  Once per view. */
void
dw_column_give_way_attach (GtkColumnView      *view,
                           DwColumnMayGiveWay  may_give_way)
{
  GiveWay *give_way;

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (may_give_way != NULL);
  g_return_if_fail (g_object_get_data (G_OBJECT (view), "dw-give-way") == NULL);

  give_way = g_new0 (GiveWay, 1);
  give_way->view = view;
  give_way->may_give_way = may_give_way;
  g_object_set_data_full (G_OBJECT (view), "dw-give-way", give_way, give_way_free);
  g_signal_connect (view, "notify::hadjustment", G_CALLBACK (on_hadjustment_notify_cb), give_way);
  watch_hadjustment (give_way);
}

/* Whether @view's columns are hiding or showing for its width right
 * now, not at the player's word: a column's notify::visible handler
 * asks, to keep the player's own choice of columns apart. */
gboolean
dw_column_give_way_busy (GtkColumnView *view)
{
  GiveWay *give_way;

  g_return_val_if_fail (GTK_IS_COLUMN_VIEW (view), FALSE);

  give_way = g_object_get_data (G_OBJECT (view), "dw-give-way");
  return give_way != NULL && give_way->busy;
}
