/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-summary.h — exclusive time per function in a time range.
 *
 * For one trace and a time range: the top N functions by exclusive time
 * (drawn as bars by jx-function-bars.h). Several traces compare at a glance in
 * one function order (jx_function_summary_order_like). */
#pragma once

#include <gio/gio.h>

#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  guint32  region;           /* region index in the trace */
  double   exclusive_s;      /* seconds, clipped to the range */
  gint64   exclusive_ns;     /* the same, exactly, for labels */
  guint64  count;            /* invocations intersecting the range */
  double   fraction;         /* of the summed exclusive time of all regions */
} JxFunctionSummaryBar;

/* Top `top_n` regions (0 = all with time) by exclusive time in [t0, t1) ticks
 * (0, G_MAXUINT64 = whole trace), largest first. Walks the invocations of the
 * range (jx_profile_compute_region_stats): call it from a worker thread for big
 * ranges. total_s (may be NULL) receives the summed exclusive time of all regions. */
GArray  *jx_function_summary_compute      (JxTrace  *trace,
                                           guint64   t0,
                                           guint64   t1,
                                           guint     top_n,
                                           double   *total_s);

/* The same over some streams only (NULL, 0 = all). */
GArray  *jx_function_summary_compute_streams (JxTrace       *trace,
                                              const guint32 *streams,
                                              guint          n_streams,
                                              guint64        t0,
                                              guint64        t1,
                                              guint          top_n,
                                              double        *total_s);

/* Same in a GTask thread; finish returns the bars (unref with
 * g_array_unref) and total_s. */
void     jx_function_summary_compute_async  (JxTrace             *trace,
                                             guint64              t0,
                                             guint64              t1,
                                             guint                top_n,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
GArray  *jx_function_summary_compute_finish (GAsyncResult        *result,
                                             double              *total_s,
                                             GError             **error);

/* Reorders `bars` of `trace` so that functions also present in the reference
 * bars (by name) come first, in the reference's order; the rest keep their
 * order. Lets the eye compare the same function across traces row by row. */
void     jx_function_summary_order_like   (GArray   *bars,
                                           JxTrace  *trace,
                                           GArray   *reference_bars,
                                           JxTrace  *reference_trace);

G_END_DECLS
