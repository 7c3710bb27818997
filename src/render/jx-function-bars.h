/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-bars.h — the function summary as a bar chart.
 *
 * One bar per function (jx-function-summary.h) in the timeline's colours,
 * its name on the left and its exclusive time on the right. Several traces
 * compare at a glance when their charts share a scale (max_seconds) and a
 * function order (jx_function_summary_order_like). */
#pragma once

#include <cairo.h>

#include "jx-function-summary.h"
#include "jx-rgba.h"

G_BEGIN_DECLS

typedef struct
{
  int         width;         /* px */
  int         height;        /* px */
  int         bar_height;    /* px per bar (e.g. 16) */
  int         label_width;   /* px for function names, 0 = a third of the width */
  double      max_seconds;   /* scale: a bar this long spans the bar area; 0 = the largest bar */
  gboolean    dark;
  JxRgba      background;    /* the trace's tint */
  const char *title;         /* drawn above the bars when not NULL (e.g. the trace name) */
} JxFunctionBarsView;

void     jx_function_bars_view_init  (JxFunctionBarsView         *view);

void     jx_function_bars_draw       (cairo_t                    *cr,
                                      JxTrace                    *trace,
                                      const JxFunctionSummaryBar *bars,
                                      guint                       n_bars,
                                      const JxFunctionBarsView   *view);

/* Index of the bar at y, or -1 (for tooltips). */
int      jx_function_bars_bar_at     (const JxFunctionBarsView   *view,
                                      guint                       n_bars,
                                      double                      y);

/* Height needed to show n_bars (title included). */
int      jx_function_bars_get_height (const JxFunctionBarsView   *view,
                                      guint                       n_bars);

G_END_DECLS
