/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-metric-chart.h — the metric timelines of a comparison as a picture
 * (dissertation Figs. 4.4, 4.7 and 4.9; seed paper Fig. 11): a title, a
 * line chart of one stream pair's metric over comparison time, and below it
 * one colour-coded strip per stream pair, so that what happens on one pair
 * can be told from what happens on all of them. The series come from
 * jx-comparison-series.h, one bucket per pixel of the time area.
 *
 * The line chart draws each bucket's range (smallest to largest value) and
 * joins the buckets' middles, so outliers stay visible at any zoom; zero is
 * a line. Strips colour a bucket's most extreme value on a diverging scale
 * (runtime skew, time difference: blue = B ahead / faster, red = B behind /
 * slower) or a sequential one (dissimilarity: grey = equal, red = all
 * different), both from jx-palette.h. Cairo and Pango only: the window's
 * comparison pane and `juxtrace-cli render --chart` draw with it. */
#pragma once

#include <cairo.h>

#include "jx-comparison-series.h"
#include "jx-rgba.h"

G_BEGIN_DECLS

#define JX_METRIC_CHART_TITLE_HEIGHT 20
#define JX_METRIC_CHART_LINE_HEIGHT  96
/* The time axis (comparison time, with units) at the bottom of every block. */
#define JX_METRIC_CHART_AXIS_HEIGHT  22

typedef struct
{
  JxSeriesKind                kind;
  const char                 *title;         /* above the chart; NULL = the kind's name */
  gint64                      start_ns;      /* comparison time of the time area's edges */
  gint64                      end_ns;
  int                         width;         /* px, label column included */
  int                         label_width;   /* px of the left column (labels, axis values) */
  int                         line_height;   /* px of the line chart (default JX_METRIC_CHART_LINE_HEIGHT) */
  gboolean                    dark;
  /* The line chart: one pair's buckets (time_width of them), NULL for none. */
  const JxSeriesBucket       *line;
  const char                 *line_label;
  /* Strips, one per stream pair, each time_width buckets. */
  const JxSeriesBucket *const *strips;
  const char *const          *strip_labels;
  guint                       n_strips;
  guint                       highlighted;   /* strip of the line's pair, G_MAXUINT for none */
  /* Added to every value (seconds): the offset difference for the skew, so
   * that it follows the traces' offsets. */
  double                      value_offset;
  /* Marks in comparison time: the selected range (empty = none) and the
   * selected invocation's start (G_MININT64 = none). */
  gint64                      selected_begin_ns;
  gint64                      selected_end_ns;
  gint64                      marker_ns;
} JxMetricChartView;

void  jx_metric_chart_view_init  (JxMetricChartView       *view);

/* Height of a block with these strips: title, line chart, strips. */
int   jx_metric_chart_get_height (const JxMetricChartView *view);

/* Draws the block at the top of cr's [0, width) x [0, height). */
void  jx_metric_chart_draw       (cairo_t                 *cr,
                                  const JxMetricChartView *view);

/* The line chart's band: [top, top + height) relative to the block. */
void  jx_metric_chart_line_band  (const JxMetricChartView *view,
                                  int                     *top,
                                  int                     *height);

/* The strip at y (relative to the block), G_MAXUINT for none. */
guint jx_metric_chart_strip_at   (const JxMetricChartView *view,
                                  double                   y);

/* A picture of n blocks stacked (one per compared trace, all with the same
 * window, width and dark), under the time ruler of comparison time, on the
 * window's background. */
int   jx_metric_chart_picture_height (const JxMetricChartView *views,
                                      guint                    n);
void  jx_metric_chart_draw_picture   (cairo_t                 *cr,
                                      const JxMetricChartView *views,
                                      guint                    n);

/* "Runtime skew (B − A, + B behind)", … (translated). */
const char *jx_metric_chart_kind_title (JxSeriesKind kind);

/* What a bucket shows on a strip: its most extreme value. */
double jx_metric_chart_bucket_value (const JxSeriesBucket *bucket);

G_END_DECLS
