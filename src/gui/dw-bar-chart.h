/* dw-bar-chart.h — a small bar chart: stacked series, optional intervals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DW_TYPE_BAR_CHART (dw_bar_chart_get_type ())
G_DECLARE_FINAL_TYPE (DwBarChart, dw_bar_chart, DW, BAR_CHART, GtkWidget)

GtkWidget *dw_bar_chart_new           (void);
void       dw_bar_chart_set_data      (DwBarChart          *self,
                                       guint                n_bars,
                                       const char * const  *labels,
                                       guint                n_series,
                                       const GdkRGBA       *colours,
                                       const double        *values);
void       dw_bar_chart_set_intervals (DwBarChart          *self,
                                       const double        *low,
                                       const double        *high);
void       dw_bar_chart_set_format    (DwBarChart          *self,
                                       int                  decimals,
                                       const char          *suffix);
void       dw_bar_chart_set_max       (DwBarChart          *self,
                                       double               max);
void       dw_bar_chart_set_axis_title (DwBarChart         *self,
                                        const char         *title);
const char *dw_bar_chart_get_axis_title (DwBarChart        *self);
guint      dw_bar_chart_get_n_bars    (DwBarChart          *self);
const char *dw_bar_chart_get_label    (DwBarChart          *self,
                                       guint                bar);
double     dw_bar_chart_get_value     (DwBarChart          *self,
                                       guint                bar,
                                       guint                series);
double     dw_bar_chart_get_total     (DwBarChart          *self,
                                       guint                bar);

G_END_DECLS
