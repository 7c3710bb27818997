/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fold.h — timeline folding (Brendel's dissertation, §6.1): the states
 * several streams have at one pixel, folded into the one state a folded row
 * shows there.
 *
 * A state is a region index of the trace, or JX_NONE, the no-state (idle).
 * For a sequence seq of states (one per stream) and count(s, seq) the number
 * of streams in state s, the four selection operations are (6.1–6.4):
 *
 *   max   the most frequent state: dominant behaviour (the default);
 *   min   the least frequent state that occurs: outliers;
 *   diff  no-state where every stream is in the same state, else the least
 *         frequent state other than no-state: where streams diverge, the
 *         outlier;
 *   idle  no-state only where every stream is idle, else the most frequent
 *         state other than no-state: accelerator utilisation.
 *
 * Ties are broken by ONE fixed total order of states, the smallest wins:
 * regions by category tier first — user code, then accelerator work, then
 * MPI and I/O, then runtime-internal regions (OpenMP constructs, locks,
 * other) — so that two threads split between a kernel and an "!$omp"
 * region show the kernel; within a tier by name (byte order of the UTF-8
 * display name), regions of equal name by index; no-state after every
 * region. Categories and names come from the definitions, so the same
 * functions win in every trace of a comparison.
 * With it, Fig. 6.2's pixels fold as (a, a, b) → a, (a, b, no-state) → a,
 * (no-state, no-state, no-state) → no-state under max.
 *
 * Counts combine by adding (§6.1.3): a JxFoldCounts of some streams merged
 * with another of other streams is the count vector of all of them, so the
 * selection can be computed hierarchically. */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

typedef enum
{
  JX_FOLD_MAX,
  JX_FOLD_MIN,
  JX_FOLD_DIFF,
  JX_FOLD_IDLE,
  JX_N_FOLD_OPS
} JxFoldOp;

/* "max", "min", "diff", "idle"; from_string is case-sensitive. */
const char *jx_fold_op_to_string   (JxFoldOp     op);
gboolean    jx_fold_op_from_string (const char  *name,
                                    JxFoldOp    *op);
/* Translatable name for menus ("Dominant (max)") and a one-line description. */
const char *jx_fold_op_label       (JxFoldOp     op);
const char *jx_fold_op_describe    (JxFoldOp     op);

/* Does no-state mean "idle" under op (so that a folded pixel in no-state
 * where streams ran something shows a mark of it)? FALSE for diff, whose
 * no-state means "all streams agree". */
gboolean    jx_fold_op_marks_activity (JxFoldOp  op);

/* The total order: rank[r] for every region r of the trace (length
 * jx_trace_get_n_regions ()), 0 = first. Free with g_free. */
guint32    *jx_fold_state_ranks_new (JxTrace    *trace);

/* Distinct states kept per count vector. Up to this many the selection is
 * exact; beyond, the least frequent states share the last places
 * (space-saving), which keeps the frequent ones exact. */
#define JX_FOLD_MAX_STATES 32

typedef struct
{
  guint    n;                           /* distinct states */
  guint32  state[JX_FOLD_MAX_STATES];
  guint32  count[JX_FOLD_MAX_STATES];
} JxFoldCounts;

static inline void
jx_fold_counts_clear (JxFoldCounts *counts)
{
  counts->n = 0;
}

void        jx_fold_counts_add     (JxFoldCounts       *counts,
                                    guint32             state,
                                    guint32             count);
/* into += from (the hierarchical step of §6.1.3). */
void        jx_fold_counts_merge   (JxFoldCounts       *into,
                                    const JxFoldCounts *from);
/* The selected state; JX_NONE for an empty vector. ranks: see above; NULL
 * orders regions by index (for tests of the operations alone). */
guint32     jx_fold_counts_select  (const JxFoldCounts *counts,
                                    JxFoldOp            op,
                                    const guint32      *ranks,
                                    guint               n_ranks);
/* The most frequent state other than no-state (ties by the order), JX_NONE
 * when all are no-state: what a mark on a folded row shows. */
guint32     jx_fold_counts_busiest (const JxFoldCounts *counts,
                                    const guint32      *ranks,
                                    guint               n_ranks);

/* The operation on a sequence of n states. */
guint32     jx_fold_select         (JxFoldOp            op,
                                    const guint32      *states,
                                    guint               n,
                                    const guint32      *ranks,
                                    guint               n_ranks);

G_END_DECLS
