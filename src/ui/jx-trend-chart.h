/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-chart.h — one series of a scaling study as a widget: the plot
 * of src/render/jx-trend-plot.h (the same drawing as `juxtrace-cli render
 * --trend`), sized to the widget, with logarithmic axes on request. */
#pragma once

#include <gtk/gtk.h>

#include "jx-trend-plot.h"

G_BEGIN_DECLS

#define JX_TYPE_TREND_CHART (jx_trend_chart_get_type ())
G_DECLARE_FINAL_TYPE (JxTrendChart, jx_trend_chart, JX, TREND_CHART, GtkWidget)

GtkWidget *jx_trend_chart_new        (void);
/* The series `index` of study (referenced); NULL or -1 draws nothing. */
void       jx_trend_chart_set_series (JxTrendChart *self,
                                      JxTrendStudy *study,
                                      gint          index);
gint       jx_trend_chart_get_series (JxTrendChart *self);
void       jx_trend_chart_set_log    (JxTrendChart *self,
                                      gboolean      log_x,
                                      gboolean      log_y);
void       jx_trend_chart_set_dark   (JxTrendChart *self,
                                      gboolean      dark);
/* The view the chart draws now (for tests: jx_trend_plot_to_pixel);
 * FALSE without a series. */
gboolean   jx_trend_chart_get_view   (JxTrendChart    *self,
                                      JxTrendPlotView *view);

G_END_DECLS
