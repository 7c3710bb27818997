/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-query.h — navigation of one stream's invocation arrays: the
 * invocation at a time, children, call paths, exclusive time. Statistics
 * over many invocations are analysis (jx-profile.h). */
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

G_END_DECLS
