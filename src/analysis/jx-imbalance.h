/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-imbalance.h — runtime imbalance by SOS time (§6.2).
 *
 * 1. The dominant function (§6.2.1, Fig. 6.9): among the functions entered
 *    at least 2·p times (p = number of processes) and more than once on some
 *    stream (not top-level on every thread), the one with the highest
 *    aggregated inclusive time (summed over every invocation on every
 *    stream). Synchronization regions (jx-sync-class.h) and MPI calls are no
 *    candidates: their SOS time is nothing by definition. The next
 *    candidates, by the same order, segment the run more finely (§6.2.4).
 * 2. Segments: the invocations of that function on every stream (outermost
 *    ones when it recurses), numbered per stream in time order (the segment
 *    index).
 * 3. SOS time (§6.2.2, Fig. 6.10) of a segment: its inclusive time minus the
 *    synchronization nested in it (outermost synchronization invocations,
 *    so that nested ones count once).
 * 4. Imbalance: a segment's distance is its SOS time minus the median SOS
 *    time of the segments with the same index on all streams; the ranking
 *    lists the segments furthest above their median, and the processes
 *    whose segments add up to the most time above their medians.
 *
 * Immutable and reference counted; any thread may read it. */
#pragma once

#include <gio/gio.h>

#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  guint32  region;
  guint64  count;            /* invocations on all streams */
  guint64  inclusive;        /* ticks, summed over them */
} JxImbalanceCandidate;

typedef struct
{
  guint32  stream;
  guint32  invocation;       /* of the dominant function on that stream */
  guint32  index;            /* its position among the stream's segments */
  guint64  start;            /* ticks */
  guint64  end;
  guint64  sync;             /* ticks of synchronization nested inside */
  guint64  sos;              /* end - start - sync */
  gint64   distance;         /* sos - median sos of this index, ticks */
} JxSegment;

typedef struct
{
  guint32  process;
  guint    n_segments;
  guint64  inclusive;        /* ticks, summed over its segments */
  guint64  sync;
  guint64  sos;
  guint64  sos_min;
  guint64  sos_max;
  guint64  sos_median;
  gint64   excess;           /* summed distances of its segments */
  guint32  worst_segment;    /* index into the segments, JX_NONE without */
} JxProcessImbalance;

typedef struct _JxImbalance JxImbalance;

#define JX_TYPE_IMBALANCE (jx_imbalance_get_type ())
GType                 jx_imbalance_get_type          (void) G_GNUC_CONST;

/* Candidates for the dominant function, best first, at most max_candidates
 * (0 = all). */
GArray               *jx_imbalance_find_candidates   (JxTrace            *trace,
                                                      guint               max_candidates);

/* The analysis with `function` (a region name, see jx_trace_find_region)
 * as segments, or the dominant function when NULL. Fails with
 * G_IO_ERROR_NOT_FOUND naming the function when the trace has no such
 * function or none qualifies, G_IO_ERROR_CANCELLED when cancelled. */
JxImbalance          *jx_imbalance_compute           (JxTrace            *trace,
                                                      const char         *function,
                                                      GCancellable       *cancellable,
                                                      GError            **error);
void                  jx_imbalance_compute_async     (JxTrace            *trace,
                                                      const char         *function,
                                                      GCancellable       *cancellable,
                                                      GAsyncReadyCallback callback,
                                                      gpointer            user_data);
JxImbalance          *jx_imbalance_compute_finish    (GAsyncResult       *result,
                                                      GError            **error);

JxImbalance          *jx_imbalance_ref               (JxImbalance        *self);
void                  jx_imbalance_unref             (JxImbalance        *self);

JxTrace              *jx_imbalance_get_trace         (JxImbalance        *self);
/* The function whose invocations are the segments. */
guint32               jx_imbalance_get_function      (JxImbalance        *self);
/* Candidates of jx_imbalance_find_candidates (up to 10). */
guint                 jx_imbalance_get_n_candidates  (JxImbalance        *self);
const JxImbalanceCandidate *jx_imbalance_get_candidate (JxImbalance      *self,
                                                      guint               index);

/* All segments, by stream then time. */
guint                 jx_imbalance_get_n_segments    (JxImbalance        *self);
const JxSegment      *jx_imbalance_get_segment       (JxImbalance        *self,
                                                      guint               index);
/* How many streams have segments (segments are compared across them). */
guint                 jx_imbalance_get_n_segmented_streams (JxImbalance  *self);
/* What the imbalance is between: "processes" when more than one process
 * has segments, "streams" when one process has them on several streams
 * (its threads are compared with each other), NULL when only one stream
 * has segments: there is nothing to be imbalanced against. */
const char           *jx_imbalance_get_ranked_kind   (JxImbalance        *self);
/* The segments of one stream: [*first, *first + return value). */
guint                 jx_imbalance_get_stream_segments (JxImbalance      *self,
                                                      guint32             stream,
                                                      guint              *first);
/* Smallest and largest SOS time of all segments (ticks); FALSE without. */
gboolean              jx_imbalance_get_sos_range     (JxImbalance        *self,
                                                      guint64            *min,
                                                      guint64            *max);

/* Processes with segments, by excess (most first). */
guint                 jx_imbalance_get_n_processes   (JxImbalance        *self);
const JxProcessImbalance *jx_imbalance_get_process   (JxImbalance        *self,
                                                      guint               rank);
/* Names of the analysed trace's processes and streams (a stream's process
 * and how many streams that process has), and its start (ticks): the
 * trace's, or the whole trace's when the analysis ran on a share of it. */
const char           *jx_imbalance_get_process_name  (JxImbalance        *self,
                                                      guint32             process);
const char           *jx_imbalance_get_stream_name   (JxImbalance        *self,
                                                      guint32             stream,
                                                      guint32            *process,
                                                      guint              *n_process_streams);
guint64               jx_imbalance_get_start_time    (JxImbalance        *self);

/* Segments by distance (furthest above their median first). */
const JxSegment      *jx_imbalance_get_ranked_segment (JxImbalance       *self,
                                                      guint               rank);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxImbalance, jx_imbalance_unref)

/* Several traces on one SOS scale (a comparison; the first is the
 * reference) are segmented by one function, so that equal colours mean the
 * same unit of work: the named function, or by default the reference's
 * dominant function. A trace that does not call it often enough to be
 * segmented by it (it is none of the trace's candidates) is segmented by its
 * own dominant function instead, and its note says so; a trace without any
 * candidate has no analysis and a note saying why. */
typedef struct _JxImbalanceSet JxImbalanceSet;

/* One compared trace of such a set: segmented by `common` (the reference's
 * segmenting function) when the trace can be, else by its own dominant
 * function with *note (translated) saying so; *note is NULL when `common`
 * was used. NULL common: the reference has none, so its own (with a note).
 * Fails as jx_imbalance_compute does when the trace has nothing to segment
 * by. This is what a view segmenting trace by trace (the window's session)
 * calls once the reference's function is known. */
JxImbalance          *jx_imbalance_compute_common    (JxTrace            *trace,
                                                      const char         *common,
                                                      char              **note,
                                                      GCancellable       *cancellable,
                                                      GError            **error);

/* function: NULL for the reference's dominant function. With a function
 * named, a trace that lacks it is not segmented (note), never by another.
 * Fails only when cancelled, or when no trace can be segmented at all (the
 * error of the reference, or of the first trace that failed). */
JxImbalanceSet       *jx_imbalance_set_compute       (JxTrace * const    *traces,
                                                      guint               n_traces,
                                                      const char         *function,
                                                      GCancellable       *cancellable,
                                                      GError            **error);
void                  jx_imbalance_set_free          (JxImbalanceSet     *self);
/* The common function's name; NULL when the reference has none (each trace
 * then uses its own dominant function). */
const char           *jx_imbalance_set_get_function  (JxImbalanceSet     *self);
guint                 jx_imbalance_set_get_n_traces  (JxImbalanceSet     *self);
/* Trace i's analysis, NULL when it could not be segmented. */
JxImbalance          *jx_imbalance_set_get           (JxImbalanceSet     *self,
                                                      guint               index);
/* TRUE when trace i is segmented by the common function. */
gboolean              jx_imbalance_set_is_common     (JxImbalanceSet     *self,
                                                      guint               index);
/* Why trace i is not segmented by the common function (translated, naming
 * the trace and the functions); NULL when it is. */
const char           *jx_imbalance_set_get_note      (JxImbalanceSet     *self,
                                                      guint               index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxImbalanceSet, jx_imbalance_set_free)

G_END_DECLS
