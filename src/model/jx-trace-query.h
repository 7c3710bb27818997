/* jx-trace-query.h — read-only queries over the invocation arrays of a JxTrace. */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

/* Innermost invocation running at tick t on the stream (start <= t < end), or
 * JX_NONE. O(log n + depth). */
guint32   jx_stream_innermost_at     (const JxStream *stream, guint64 t);

/* First invocation (pre-order) whose interval may intersect [t0, t1): all later
 * ones start at or after it. O(log n). */
guint32   jx_stream_lower_bound      (const JxStream *stream, guint64 t);

/* Direct children of invocation i (or the roots when i == JX_NONE), in order.
 * Returns the count; fills up to n_out indices when out != NULL. */
guint     jx_stream_get_children     (const JxStream *stream,
                                      guint32         i,
                                      guint32        *out,
                                      guint           n_out);

/* Iteration without allocation:
 *   for (c = jx_stream_first_child (s, i); c != JX_NONE; c = jx_stream_next_sibling (s, c)) */
guint32   jx_stream_first_child      (const JxStream *stream, guint32 i);
guint32   jx_stream_next_sibling     (const JxStream *stream, guint32 i);

/* Call path root → i; array of invocation indices (guint32), length depth+1. */
GArray   *jx_stream_get_call_path    (const JxStream *stream, guint32 i);

/* Exclusive time of invocation i (its duration minus its direct children's). */
guint64   jx_stream_exclusive_time   (const JxStream *stream, guint32 i);

typedef struct
{
  guint64 count;       /* invocations that intersect the range */
  guint64 inclusive;   /* ticks, clipped to the range */
  guint64 exclusive;   /* ticks, clipped to the range */
} JxRegionStats;

/* Per-region statistics over the given streams (NULL = all streams) and the
 * time range [t0, t1) in ticks (0, G_MAXUINT64 = whole trace). Inclusive time of
 * recursive invocations is counted for every invocation. Returns an array of
 * jx_trace_get_n_regions() JxRegionStats, indexed by region. */
JxRegionStats *jx_trace_compute_region_stats (JxTrace       *trace,
                                              const guint32 *streams,
                                              guint          n_streams,
                                              guint64        t0,
                                              guint64        t1);

G_END_DECLS
