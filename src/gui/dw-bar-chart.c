/* dw-bar-chart.c — a small bar chart drawn with cairo
 *
 * Bars side by side, each a stack of series in the colours given, the
 * total printed above and the bar's label below; an interval, when set,
 * is drawn as a whisker.  Text, axis and whiskers take the widget's own
 * foreground colour, so the chart reads in the dark style as in the
 * light; the series colours are mid-tones that hold on both.  The
 * numbers also go into the accessible description, for a screen reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"


#include "dw-bar-chart.h"

struct _DwBarChart
{
  GtkWidget  parent_instance;

  guint      n_bars;
  guint      n_series;
  char     **labels;
  GdkRGBA   *colours;
  double    *values;     /* n_bars × n_series, bar by bar */
  double    *low;        /* n_bars, or NULL */
  double    *high;
  int        decimals;
  char      *suffix;     /* after the number: "%" */
  double     max;        /* 0: the tallest bar */
  char      *axis_title; /* under the labels: what they count */
};

G_DEFINE_FINAL_TYPE (DwBarChart, dw_bar_chart, GTK_TYPE_WIDGET)

#define GAP      6.0
#define TEXT_PAD 4.0

static char *
format_value (DwBarChart *self,
              double      value)
{
  return g_strdup_printf ("%.*f%s", self->decimals, value, self->suffix ? self->suffix : "");
}

static void
describe (DwBarChart *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint bar = 0; bar < self->n_bars; bar++)
    {
      g_autofree char *value = format_value (self, dw_bar_chart_get_total (self, bar));

      if (self->axis_title != NULL)
        g_string_append_printf (text, "%s%s %s: %s", bar ? ", " : "", self->axis_title, self->labels[bar], value);
      else
        g_string_append_printf (text, "%s%s: %s", bar ? ", " : "", self->labels[bar], value);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str, -1);
}

static PangoLayout *
make_layout (DwBarChart *self,
             const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);

  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  return layout;
}

static void
dw_bar_chart_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  DwBarChart *self = DW_BAR_CHART (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  g_autoptr(PangoLayout) probe = make_layout (self, "0");
  GdkRGBA fg;
  cairo_t *cr;
  double top_text;
  double bottom_text;
  double plot_top;
  double plot_bottom;
  double slot;
  double bar_width;
  double max = self->max;
  int text_height;

  if (self->n_bars == 0 || width <= 0 || height <= 0)
    return;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  pango_layout_get_pixel_size (probe, NULL, &text_height);
  top_text = text_height + TEXT_PAD;
  bottom_text = text_height + TEXT_PAD;
  if (self->axis_title != NULL)
    bottom_text += text_height + TEXT_PAD;
  plot_top = top_text;
  plot_bottom = height - bottom_text;
  if (plot_bottom - plot_top < 8)
    return;

  for (guint bar = 0; bar < self->n_bars; bar++)
    {
      max = MAX (max, dw_bar_chart_get_total (self, bar));
      if (self->high)
        max = MAX (max, self->high[bar]);
    }
  if (max <= 0)
    max = 1;

  slot = width / self->n_bars;
  bar_width = MAX (slot - GAP, 2.0);
  bar_width = MIN (bar_width, 64.0);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* The baseline. */
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.35);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, 0, plot_bottom + 0.5);
  cairo_line_to (cr, width, plot_bottom + 0.5);
  cairo_stroke (cr);

  for (guint bar = 0; bar < self->n_bars; bar++)
    {
      double x = slot * bar + (slot - bar_width) / 2.0;
      double y = plot_bottom;
      double total = dw_bar_chart_get_total (self, bar);
      double total_top;
      g_autofree char *value = format_value (self, total);
      g_autoptr(PangoLayout) value_layout = make_layout (self, value);
      g_autoptr(PangoLayout) label_layout = make_layout (self, self->labels[bar]);
      int text_width;

      for (guint s = 0; s < self->n_series; s++)
        {
          double v = self->values[bar * self->n_series + s];
          double h = (plot_bottom - plot_top) * v / max;
          const GdkRGBA *c = &self->colours[s];

          if (v <= 0)
            continue;
          y -= h;
          cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
          cairo_rectangle (cr, x, y, bar_width, h);
          cairo_fill (cr);
          /* A hairline between segments, so neighbouring colours part. */
          if (y < plot_bottom - h)
            {
              cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.25);
              cairo_rectangle (cr, x, y + h - 0.5, bar_width, 1.0);
              cairo_fill (cr);
            }
        }
      total_top = y;

      if (self->low != NULL && self->high != NULL)
        {
          double cx = x + bar_width / 2.0;
          double ylow = plot_bottom - (plot_bottom - plot_top) * self->low[bar] / max;
          double yhigh = plot_bottom - (plot_bottom - plot_top) * self->high[bar] / max;
          double arm = MIN (bar_width / 4.0, 6.0);

          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.8);
          cairo_set_line_width (cr, 1.5);
          cairo_move_to (cr, cx, ylow);
          cairo_line_to (cr, cx, yhigh);
          cairo_move_to (cr, cx - arm, ylow);
          cairo_line_to (cr, cx + arm, ylow);
          cairo_move_to (cr, cx - arm, yhigh);
          cairo_line_to (cr, cx + arm, yhigh);
          cairo_stroke (cr);
          total_top = MIN (total_top, yhigh);
        }

      gdk_cairo_set_source_rgba (cr, &fg);
      pango_layout_get_pixel_size (value_layout, &text_width, NULL);
      if (text_width <= slot)
        {
          cairo_move_to (cr, x + (bar_width - text_width) / 2.0, total_top - text_height - TEXT_PAD / 2);
          pango_cairo_show_layout (cr, value_layout);
        }
      pango_layout_get_pixel_size (label_layout, &text_width, NULL);
      cairo_move_to (cr, x + (bar_width - text_width) / 2.0, plot_bottom + TEXT_PAD / 2);
      pango_cairo_show_layout (cr, label_layout);
    }

  if (self->axis_title != NULL)
    {
      g_autoptr(PangoLayout) title_layout = make_layout (self, self->axis_title);
      int text_width;

      pango_layout_get_pixel_size (title_layout, &text_width, NULL);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.7);
      cairo_move_to (cr, (width - text_width) / 2.0, height - text_height);
      pango_cairo_show_layout (cr, title_layout);
    }

  cairo_destroy (cr);
}

static void
dw_bar_chart_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  DwBarChart *self = DW_BAR_CHART (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) (MAX (self->n_bars, 1) * 14);
      *natural = (int) (MAX (self->n_bars, 1) * 48);
    }
  else
    {
      /* The plot keeps its height when an axis title takes a line. */
      int extra = self->axis_title != NULL ? 24 : 0;

      *minimum = 120 + extra;
      *natural = 160 + extra;
    }
}

static void
dw_bar_chart_finalize (GObject *object)
{
  DwBarChart *self = DW_BAR_CHART (object);

  g_strfreev (self->labels);
  g_free (self->axis_title);
  g_free (self->colours);
  g_free (self->values);
  g_free (self->low);
  g_free (self->high);
  g_free (self->suffix);

  G_OBJECT_CLASS (dw_bar_chart_parent_class)->finalize (object);
}

static void
dw_bar_chart_class_init (DwBarChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dw_bar_chart_finalize;
  widget_class->snapshot = dw_bar_chart_snapshot;
  widget_class->measure = dw_bar_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "barchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
dw_bar_chart_init (DwBarChart *self)
{
  self->labels = g_new0 (char *, 1);
}

GtkWidget *
dw_bar_chart_new (void)
{
  return g_object_new (DW_TYPE_BAR_CHART, NULL);
}

/* @values holds @n_series numbers for each of the @n_bars bars, bar by
 * bar; series s is drawn in @colours[s], stacked from the first up.
 * Clears the intervals. */
void
dw_bar_chart_set_data (DwBarChart         *self,
                       guint               n_bars,
                       const char * const *labels,
                       guint               n_series,
                       const GdkRGBA      *colours,
                       const double       *values)
{
  g_return_if_fail (DW_IS_BAR_CHART (self));

  g_strfreev (self->labels);
  g_free (self->colours);
  g_free (self->values);
  g_clear_pointer (&self->low, g_free);
  g_clear_pointer (&self->high, g_free);

  self->n_bars = n_bars;
  self->n_series = n_series;
  self->labels = g_new0 (char *, n_bars + 1);
  for (guint i = 0; i < n_bars; i++)
    self->labels[i] = g_strdup (labels[i]);
  self->colours = g_memdup2 (colours, sizeof (GdkRGBA) * MAX (n_series, 1));
  self->values = g_memdup2 (values, sizeof (double) * MAX (n_bars * n_series, 1));

  describe (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* A whisker from @low to @high on each bar. */
void
dw_bar_chart_set_intervals (DwBarChart   *self,
                            const double *low,
                            const double *high)
{
  g_return_if_fail (DW_IS_BAR_CHART (self));

  g_free (self->low);
  g_free (self->high);
  self->low = g_memdup2 (low, sizeof (double) * MAX (self->n_bars, 1));
  self->high = g_memdup2 (high, sizeof (double) * MAX (self->n_bars, 1));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* How a bar's total is printed: with @decimals digits after the point,
 * then @suffix ("%", or NULL). */
void
dw_bar_chart_set_format (DwBarChart *self,
                         int         decimals,
                         const char *suffix)
{
  g_return_if_fail (DW_IS_BAR_CHART (self));

  self->decimals = decimals;
  g_free (self->suffix);
  self->suffix = g_strdup (suffix);
  describe (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The value at the top of the plot, when more than the tallest bar:
 * 100 for percentages. */
void
dw_bar_chart_set_max (DwBarChart *self,
                      double      max)
{
  g_return_if_fail (DW_IS_BAR_CHART (self));

  self->max = max;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
dw_bar_chart_get_n_bars (DwBarChart *self)
{
  g_return_val_if_fail (DW_IS_BAR_CHART (self), 0);
  return self->n_bars;
}

const char *
dw_bar_chart_get_label (DwBarChart *self,
                        guint       bar)
{
  g_return_val_if_fail (DW_IS_BAR_CHART (self), NULL);
  g_return_val_if_fail (bar < self->n_bars, NULL);
  return self->labels[bar];
}

double
dw_bar_chart_get_value (DwBarChart *self,
                        guint       bar,
                        guint       series)
{
  g_return_val_if_fail (DW_IS_BAR_CHART (self), 0.0);
  g_return_val_if_fail (bar < self->n_bars && series < self->n_series, 0.0);
  return self->values[bar * self->n_series + series];
}

double
dw_bar_chart_get_total (DwBarChart *self,
                        guint       bar)
{
  double total = 0.0;

  g_return_val_if_fail (DW_IS_BAR_CHART (self), 0.0);
  g_return_val_if_fail (bar < self->n_bars, 0.0);
  for (guint s = 0; s < self->n_series; s++)
    total += self->values[bar * self->n_series + s];
  return total;
}

/* What the labels under the bars count ("Turn"), drawn under them and
 * read before each label by a screen reader; NULL for none. */
void
dw_bar_chart_set_axis_title (DwBarChart *self,
                             const char *title)
{
  g_return_if_fail (DW_IS_BAR_CHART (self));

  if (g_strcmp0 (self->axis_title, title) == 0)
    return;
  g_free (self->axis_title);
  self->axis_title = g_strdup (title);
  describe (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

const char *
dw_bar_chart_get_axis_title (DwBarChart *self)
{
  g_return_val_if_fail (DW_IS_BAR_CHART (self), NULL);

  return self->axis_title;
}
