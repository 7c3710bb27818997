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
 * eq. 4.1), clamped to [0, 1]. 1 for two empty sequences. */
double   jx_align_similarity (gint64           score,
                              guint64          length_a,
                              guint64          length_b,
                              const JxScoring *scoring);   /* NULL = defaults */

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
 * duration_A − duration_B in seconds; positive means B ran faster. */
GArray  *jx_align_time_difference_series (const JxAlignPair  *pairs,
                                          gsize               n_pairs,
                                          const JxMetricSide *a,
                                          const JxMetricSide *b,
                                          guint               max_points);

/* One row of the function time difference table (§4.4, Table 4.2). */
typedef struct
{
  guint32 symbol;
  guint64 n_faster;      /* No.+: B faster than A */
  double  faster;        /* Δ+: seconds gained in B */
  guint64 n_slower;      /* No.−: B slower than A */
  double  slower;        /* Δ−: seconds lost in B */
  guint64 n_same;        /* identical durations */
} JxFunctionTimeDiff;

/* Rows for every function with at least one equal pair, sorted by Δ+ + Δ−
 * (descending), then by symbol. n_symbols bounds the symbol ids. */
GArray  *jx_align_function_time_differences (const JxAlignPair  *pairs,
                                             gsize               n_pairs,
                                             const JxMetricSide *a,
                                             const JxMetricSide *b,
                                             guint               n_symbols);

/* The tables of several stream pairs (NULL entries skipped) summed per
 * symbol, in the same order. */
GArray  *jx_align_function_time_differences_sum (GArray * const *tables,
                                                 guint           n_tables,
                                                 guint           n_symbols);

G_END_DECLS
