/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-summary.h — per-stream multi-resolution summaries for drawing.
 *
 * Each pixel of a timeline row shows the region that occupies most of that
 * pixel's time on the stream: the innermost running invocation's region,
 * weighted by the time it runs inside the pixel (idle time competes too, as
 * JX_NONE). At fine zoom this is computed exactly from the invocation arrays
 * (binary search + a walk over the few visible invocations). At coarse zoom it
 * comes from a pyramid of buckets (level k: width base·2^k ticks) holding the
 * top regions by occupancy, so the cost per frame depends on the pixel count,
 * not on the number of events in view. Memory is proportional to
 * invocations / 4 buckets per stream (about 12 bytes per invocation).
 *
 * A summary is immutable once built (call-stack levels are added under a
 * lock), so any thread may sample it.
 */
#pragma once

#include <gio/gio.h>

#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct _JxTimelineSummary JxTimelineSummary;

#define JX_TYPE_TIMELINE_SUMMARY (jx_timeline_summary_get_type ())
GType               jx_timeline_summary_get_type   (void) G_GNUC_CONST;

/* Builds the summary of every stream of the trace. Runs in the calling thread
 * (call it from a worker); returns NULL with G_IO_ERROR_CANCELLED when
 * cancelled. progress (may be NULL) receives the fraction done, from the
 * calling thread. */
typedef void (*JxSummaryProgress) (double fraction, gpointer user_data);

JxTimelineSummary  *jx_timeline_summary_build      (JxTrace            *trace,
                                                    GCancellable       *cancellable,
                                                    JxSummaryProgress   progress,
                                                    gpointer            progress_data,
                                                    GError            **error);
/* Same, in a GTask thread. */
void                jx_timeline_summary_build_async  (JxTrace             *trace,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
JxTimelineSummary  *jx_timeline_summary_build_finish (GAsyncResult        *result,
                                                      GError             **error);

/* A summary without pyramids, instant to create: sampling walks the
 * invocation arrays (exact, slower at coarse zoom). Use it until the built one
 * arrives. */
JxTimelineSummary  *jx_timeline_summary_new_unbuilt (JxTrace          *trace);

JxTimelineSummary  *jx_timeline_summary_ref        (JxTimelineSummary  *self);
void                jx_timeline_summary_unref      (JxTimelineSummary  *self);
JxTrace            *jx_timeline_summary_get_trace  (JxTimelineSummary  *self);
gsize               jx_timeline_summary_get_memory_size (JxTimelineSummary *self);

/* Dominant region per pixel, JX_NONE where idle time dominates.
 * The window is [start, end) in trace ticks (start may lie before the trace or
 * be negative; end > start), split into n_pixels equal columns. With several
 * streams the occupancies of all of them are added up (process aggregate,
 * navigation strip) and idle time does not compete: a pixel is JX_NONE only
 * where no stream runs anything. out_regions has n_pixels entries. */
void                jx_timeline_summary_sample     (JxTimelineSummary  *self,
                                                    const guint32      *streams,
                                                    guint               n_streams,
                                                    gint64              start,
                                                    gint64              end,
                                                    guint               n_pixels,
                                                    guint32            *out_regions);

/* Same, and where idle time wins a pixel of ONE stream although something
 * ran in it, out_marks (n_pixels entries; JX_NONE elsewhere) receives the
 * region that ran most there, so that activity never disappears: the pixel
 * can show at least a mark of it. Exact from the invocation arrays; from the
 * pyramid exact in where (a mark wherever something ran, never a false one
 * more than one pixel from activity) and an estimate of which region.
 * Aggregates of several streams need no marks (all JX_NONE). */
void                jx_timeline_summary_sample_marked (JxTimelineSummary  *self,
                                                       const guint32      *streams,
                                                       guint               n_streams,
                                                       gint64              start,
                                                       gint64              end,
                                                       guint               n_pixels,
                                                       guint32            *out_regions,
                                                       guint32            *out_marks);

/* Exact reference: same result computed from the invocation arrays only,
 * whatever the zoom. For tests and small windows. */
void                jx_timeline_summary_sample_exact (JxTrace          *trace,
                                                      const guint32    *streams,
                                                      guint             n_streams,
                                                      gint64            start,
                                                      gint64            end,
                                                      guint             n_pixels,
                                                      guint32          *out_regions);
void                jx_timeline_summary_sample_exact_marked (JxTrace       *trace,
                                                             const guint32 *streams,
                                                             guint          n_streams,
                                                             gint64         start,
                                                             gint64         end,
                                                             guint          n_pixels,
                                                             guint32       *out_regions,
                                                             guint32       *out_marks);

/* Call-stack mode: dominant region per pixel among the invocations at nesting
 * level `depth` of one stream (their inclusive time). Works at once (exactly,
 * walking the visible invocations); after jx_timeline_summary_ensure_call_stack()
 * for that stream it uses per-depth pyramids at coarse zoom as well. */
gboolean            jx_timeline_summary_ensure_call_stack (JxTimelineSummary *self,
                                                           guint32            stream,
                                                           GCancellable      *cancellable,
                                                           GError           **error);
gboolean            jx_timeline_summary_has_call_stack    (JxTimelineSummary *self,
                                                           guint32            stream);
void                jx_timeline_summary_sample_depth (JxTimelineSummary  *self,
                                                      guint32             stream,
                                                      guint               depth,
                                                      gint64              start,
                                                      gint64              end,
                                                      guint               n_pixels,
                                                      guint32            *out_regions);
void                jx_timeline_summary_sample_depth_marked (JxTimelineSummary  *self,
                                                             guint32             stream,
                                                             guint               depth,
                                                             gint64              start,
                                                             gint64              end,
                                                             guint               n_pixels,
                                                             guint32            *out_regions,
                                                             guint32            *out_marks);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxTimelineSummary, jx_timeline_summary_unref)

G_END_DECLS
