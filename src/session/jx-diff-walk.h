/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-walk.h — the orders next/previous difference walks in, for the
 * session's diff-bar model (jx-diff-bar-model.h): a comparison's
 * differences largest time change first, and the aligned calls of one
 * function. Each is made once and kept while what it was made from holds
 * (the comparison, its pairs done, the mode and band, the function). */
#pragma once

#include "jx-trace-comparison.h"

G_BEGIN_DECLS

/* Differences by impact: at most this many of each stream pair (the
 * largest), so that the order is made in one pass over the pairs. */
#define JX_DIFF_WALK_MAX_PER_PAIR 4096

/* An equal call whose self time changed by less than this share of the
 * longer run is no stop of the walk (1e-4: 1.9 ms of an 18.8 s run, a
 * pixel of a 10,000-pixel-wide whole run), whatever its ratio. */
#define JX_DIFF_WALK_MIN_CHANGE_SHARE 1e-4

/* Alignment pair `pair` of stream pair `index` of the comparison. */
typedef struct
{
  guint   index;
  guint32 pair;
  double  impact;   /* seconds (jx_pair_diff_pair_impact) */
} JxDiffWalkEntry;

typedef struct
{
  JxTraceComparison *tc;        /* not owned: compared by address */
  JxComparison      *cmp;       /* likewise */
  guint              n_done;
  JxDiffBarMode      mode;
  double             band;
  gboolean           by_impact;
  char              *function;
  GArray            *entries;   /* JxDiffWalkEntry */
} JxDiffWalk;

void                    jx_diff_walk_clear        (JxDiffWalk             *walk);

/* Stream pair `index` of tc's comparison when it is published (a worker
 * may still be writing the others), else NULL. */
const JxComparisonPair *jx_diff_walk_done_pair    (JxTraceComparison      *tc,
                                                   JxComparison           *cmp,
                                                   guint                   index);
/* The timing the walk counts with: the compared side's bars' tick lengths
 * and band; NULL (only structural differences) in structure mode or
 * without bars. */
const JxDiffTimingParams *jx_diff_walk_params     (JxTraceComparison      *tc,
                                                   JxDiffBarMode           mode,
                                                   JxDiffTimingParams     *params);
/* The differences of the pairs done, largest impact first (at most
 * JX_DIFF_WALK_MAX_PER_PAIR per stream pair), ties in time order. */
const GArray           *jx_diff_walk_differences  (JxDiffWalk             *walk,
                                                   JxTraceComparison      *tc,
                                                   JxComparison           *cmp,
                                                   JxDiffBarMode           mode,
                                                   double                  band);
/* The aligned pairs where A (tc's reference) or B (trace_b) calls
 * `function`, in time order or by impact. */
const GArray           *jx_diff_walk_calls        (JxDiffWalk             *walk,
                                                   JxTraceComparison      *tc,
                                                   JxComparison           *cmp,
                                                   JxTrace                *trace_b,
                                                   const char             *function,
                                                   gboolean                by_impact);
/* The entry of alignment pair `at` of stream pair `current`, G_MAXUINT
 * when it is none. */
guint                   jx_diff_walk_find         (const GArray           *entries,
                                                   const JxComparisonPair *current,
                                                   guint32                 at);

G_END_DECLS
