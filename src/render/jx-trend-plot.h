/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-plot.h — one series of a scaling study as a picture
 * (jx-trend-study.h; seed 004 Figs. 5, 6 and 8: the observations and the
 * fitted curve): each run's value as a ring, the median of each value's runs
 * as a dot with the runs' range as a bar, the model as a line over the
 * observed values and dashed beyond them up to the target x, where a mark
 * gives the prediction. Axes are labelled with the parameter and the
 * measure, linear or logarithmic. Cairo and Pango only: the window's Trends
 * page and `juxtrace-cli render --trend` draw with it. */
#pragma once

#include <cairo.h>

#include "jx-trend-study.h"

G_BEGIN_DECLS

typedef struct
{
  JxTrendStudy        *study;
  const JxTrendSeries *series;
  int                  width;       /* px */
  int                  height;      /* px */
  gboolean             log_x;
  gboolean             log_y;
  gboolean             dark;
  double               at;          /* draw the model up to here (NAN: the study's target, if any) */
} JxTrendPlotView;

void jx_trend_plot_view_init (JxTrendPlotView       *view);

/* Draws the picture into cr's [0, width) × [0, height), background
 * included. */
void jx_trend_plot_draw      (cairo_t               *cr,
                              const JxTrendPlotView *view);

/* The plot area inside the picture, and where a value lies in it (for
 * tests and pointer hits): FALSE when the value is off the axes (a value of
 * 0 or less on a logarithmic axis). */
void     jx_trend_plot_area     (const JxTrendPlotView *view,
                                 double                *left,
                                 double                *top,
                                 double                *width,
                                 double                *height);
gboolean jx_trend_plot_to_pixel (const JxTrendPlotView *view,
                                 double                 x,
                                 double                 y,
                                 double                *px,
                                 double                *py);

G_END_DECLS
