/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-counter.h — COUNTER rows of a timeline: a metric of the
 * stream above drawn as a filled step line (the displayed values of
 * jx-trace-metrics.h), on one value scale shared by every trace showing
 * that metric, so rows of different traces compare by height. */
#pragma once

#include "jx-timeline-renderer.h"
#include "jx-trace-metrics.h"

G_BEGIN_DECLS

/* Per stream of trace, non-zero where it has samples of the metric
 * (JxTimelineLayoutParams.counter_streams); NULL when no stream has any or
 * metric is JX_NONE. Free with g_free. */
guint8   *jx_timeline_counter_streams_new (JxTrace    *trace,
                                           guint32     metric);

/* The value scale the rows share: jx_metric_common_scale () (jx-trace-metrics.h). */

/* The value a COUNTER row shows at (x, y): FALSE when (x, y) is on no
 * COUNTER row or the row shows nothing there. */
typedef struct
{
  guint32  stream;
  guint32  metric;
  guint32  step;              /* of the stream's series */
  double   value;             /* displayed value */
  guint64  start;             /* ticks: the step's interval */
  guint64  end;
} JxTimelineCounterHit;

gboolean  jx_timeline_renderer_counter_at (JxTimelineRenderer   *self,
                                           const JxTimelineView *view,
                                           double                x,
                                           double                y,
                                           JxTimelineCounterHit *hit);

/* "PAPI_TOT_CYC: 1.23 G/s (rate over 12.5 µs)": tooltip text. Free with g_free. */
char     *jx_timeline_counter_hit_text    (JxTrace                    *trace,
                                           const JxTimelineCounterHit *hit);

G_END_DECLS
