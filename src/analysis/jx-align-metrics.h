/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-metrics.h — alignment-based comparison metrics of Weber's
 * dissertation, chapter 4, and the execution time difference series of the
 * ISPA 2012 paper (§V). All functions read an alignment given as pairs of
 * invocation indices in time order (see jx-hier-align.h) and the two streams. */
#pragma once

#include <glib.h>

#include "jx-sequence-align.h"
#include "jx-trace.h"

G_BEGIN_DECLS

/* Similarity, eq. 4.1–4.5: the score placed between the functional minimum
 * (mismatches plus the unavoidable gaps, eq. 4.3) and the maximum (all equal,
 * eq. 4.1), clamped to [0, 1]. 1 for two empty sequences. Both bounds come
 * from the scoring: max = match · max (M, N); the minimum is what two
 * entirely different sequences score, the better of eq. 4.3 and all gaps
 * (eq. 4.2: gap · (M + N)), which is eq. 4.3 unless a mismatch costs more
 * than two gaps. With the default scores this is eq. 4.5 exactly. */
double   jx_align_similarity (gint64           score,
                              guint64          length_a,
                              guint64          length_b,
                              const JxScoring *scoring);   /* NULL = defaults */

/* What the similarity is made of, so that a clamped value can say so. The
 * hierarchical alignment's score can fall below the all-mismatch baseline of
 * eq. 4.3 (its sub-alignments cannot pair calls of different subtrees as
 * mismatches), and eq. 4.5 then reads 0 although calls are equal. */
typedef struct
{
  double   similarity;      /* jx_align_similarity: clamped to [0, 1] */
  double   raw;             /* (score − baseline) / (max − baseline), not clamped: < 0 below the baseline */
  double   ratio;           /* eq. 4.4: score / max, in [−0.5, 1] unless below the baseline */
  gint64   max_score;       /* eq. 4.1 */
  gint64   baseline;        /* eq. 4.3: the functional minimum */
  gboolean below_baseline;  /* score < baseline: similarity is 0 by clamping */
} JxSimilarity;

void     jx_align_similarity_full (gint64           score,
                                   guint64          length_a,
                                   guint64          length_b,
                                   const JxScoring *scoring,   /* NULL = defaults */
                                   JxSimilarity    *out);

/* One side of a compared pair. */
typedef struct
{
  const JxStream *stream;
  const guint32  *symbol_map;        /* region → shared symbol */
  guint64         origin;            /* ticks: the trace's own start */
  double          seconds_per_tick;
} JxMetricSide;

typedef struct
{
  guint64 position;   /* index into the alignment */
  double  time;       /* seconds from A's start (B's when only B is present) */
  double  value;
} JxMetricPoint;

/* Dissimilarity timeline (§4.2): share of different and gap pairs in a
 * window of window_fraction × alignment length sliding along the alignment,
 * sampled at up to max_points equidistant positions. Values in [0, 1]. */
GArray  *jx_align_dissimilarity_timeline (const JxAlignPair  *pairs,
                                          gsize               n_pairs,
                                          const JxMetricSide *a,
                                          const JxMetricSide *b,
                                          double              window_fraction,  /* <= 0: 0.1 */
                                          guint               max_points);      /* 0: 1000 */

/* Runtime skew timeline (§4.3): for every aligned pair (equal or different),
 * (start_B − origin_B) − (start_A − origin_A) in seconds; positive means B is
 * behind. max_points > 0 keeps the most extreme value of equally sized
 * buckets of the alignment. */
GArray  *jx_align_runtime_skew           (const JxAlignPair  *pairs,
                                          gsize               n_pairs,
                                          const JxMetricSide *a,
                                          const JxMetricSide *b,
                                          guint               max_points);

/* Execution time difference of matched (equal) invocations (ISPA 2012 §V):
 * duration_B − duration_A in seconds; positive means B ran slower (the one
 * sign of every difference: B − A, "slower in B"). */
GArray  *jx_align_time_difference_series (const JxAlignPair  *pairs,
                                          gsize               n_pairs,
                                          const JxMetricSide *a,
                                          const JxMetricSide *b,
                                          guint               max_points);

/* One row of the function time difference table (§4.4, Table 4.2), with
 * every call of the function, not only the equal ones (docs/headline.md).
 *
 * All times are self (exclusive) time: a call's duration minus the
 * durations of the calls it makes. Self times of all functions add up to the
 * time the streams spent in calls, so rows add up to totals and a caller
 * never counts the time of its callees again.
 *
 * Equal calls (aligned to an equal call of B) give the dissertation's
 * columns: No.+ / Δ+ the calls that took less self time in B and the time
 * gained, No.− / Δ− those that took more and the time lost. Calls without
 * an equal partner (a gap in the alignment, or the partner of a mismatched
 * "different" pair) are "only in A" / "only in B". So, per function,
 *   net = self_b − self_a = (Δ− − Δ+) + (only_b_self − only_a_self)
 * positive when B spent more time in the function (slower). */
typedef struct
{
  guint32 symbol;
  guint64 n_faster;      /* No.+: equal calls with less self time in B */
  double  faster;        /* Δ+: seconds gained in B by them (>= 0) */
  guint64 n_slower;      /* No.−: equal calls with more self time in B */
  double  slower;        /* Δ−: seconds lost in B by them (>= 0) */
  guint64 n_same;        /* equal calls with identical self time */
  guint64 calls_a;       /* every call in A: equal + only in A */
  guint64 calls_b;
  double  self_a;        /* self time of every call in A, seconds */
  double  self_b;
  guint64 only_a;        /* calls of A without an equal partner in B */
  guint64 only_b;
  double  only_a_self;   /* their self time, seconds */
  double  only_b_self;
} JxFunctionTimeDiff;

/* self_b − self_a: how much more time B spent in the function (negative:
 * less). The table's net column and the headline's contribution. */
double   jx_function_time_diff_get_net          (const JxFunctionTimeDiff *row);
/* Δ− − Δ+: the part of net from equal calls. */
double   jx_function_time_diff_get_equal_change (const JxFunctionTimeDiff *row);
/* only_b_self − only_a_self: the part of net from calls only in one run. */
double   jx_function_time_diff_get_only_change  (const JxFunctionTimeDiff *row);

/* Rows for every function called in either stream, sorted by |net|
 * (descending), then by symbol. n_symbols bounds the symbol ids. */
GArray  *jx_align_function_time_differences (const JxAlignPair  *pairs,
                                             gsize               n_pairs,
                                             const JxMetricSide *a,
                                             const JxMetricSide *b,
                                             guint               n_symbols);

/* Time a stream spent in calls: its top-level calls' durations summed, in
 * seconds. The self times of all its calls add up to it. */
double   jx_align_stream_busy_time              (const JxStream     *stream,
                                                 double              seconds_per_tick);

/* The tables of several stream pairs (NULL entries skipped) summed per
 * symbol, in the same order. */
GArray  *jx_align_function_time_differences_sum (GArray * const *tables,
                                                 guint           n_tables,
                                                 guint           n_symbols);

G_END_DECLS
