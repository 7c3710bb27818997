/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-hier-align-private.h — the state shared by the hierarchical aligner's
 * traversal (jx-hier-align.c) and its worker threads (jx-hier-parallel.c).
 *
 * The coordinator walks the aligned tree depth-first with an explicit stack
 * (HierState) of subtree pairs still to align. When n_threads > 1, subtree pairs of a suitable size are handed
 * to a thread pool as Tasks, each aligned with a HierState of its own, and
 * their pairs are spliced back into the coordinator's pre-order list where it
 * skipped them. */
#pragma once

#include "jx-hier-align.h"

G_BEGIN_DECLS

/* Progress is reported every this many invocations. */
#define JX_HIER_PROGRESS_STEP 65536
/* Subtrees smaller than this are never worth a thread hand-over. */
#define JX_HIER_MIN_TASK_SIZE 1024

typedef struct
{
  guint32 a;
  guint32 b;
  guint32 parent;    /* aligned index of the parent pair */
  /* A node m of A, or JX_NONE: the subtrees' pre-order lists are known to
   * differ (symbol or subtree size) at m and its counterpart on the same
   * diagonal, m − (a − b), found by an ancestor pair on that diagonal. */
  guint32 mismatch;
  /* Known when the entry is pushed (gathering the children reads them), so
   * that popping it reads neither tree: the subtree ends of a and b (of the
   * present side only, for a gap) and, for a pair, JX_PAIR_EQUAL or
   * JX_PAIR_DIFFERENT. */
  guint32 end_a;
  guint32 end_b;
  guint32 state;     /* or JX_HIER_LEAF_RUN */
} StackEntry;

/* StackEntry.state of a run of equal leaf pairs: the leaves a .. end_a − 1
 * of A against b .. end_b − 1 of B (consecutive leaf siblings are
 * consecutive nodes), all children of the pair `parent`; a run, not one
 * entry per pair, because half of all pairs are such leaves. */
#define JX_HIER_LEAF_RUN 0x100u

typedef struct
{
  guint32 *nodes;
  guint32 *symbols;
  guint32 *ends;       /* subtree_end of each node */
  gsize    len;
  gsize    capacity;
} ChildBuffer;

typedef struct _JxHierParallel Parallel;

typedef struct
{
  const JxHierTree         *a;
  const JxHierTree         *b;
  const JxHierAlignOptions *options;
  JxHierAlignment          *result;
  gsize                     capacity;

  StackEntry               *stack;
  gsize                     stack_len;
  gsize                     stack_capacity;

  ChildBuffer               ca;
  ChildBuffer               cb;

  /* Children alignments, reused: no array per node. */
  GArray                   *aligned;

  guint64                   done;
  guint64                   reported;
  guint64                   next_report;

  JxHierProgress            progress;  /* coordinating thread only; may be NULL */
  gpointer                  progress_data;
  Parallel                 *par;       /* set in the coordinating thread only */
  gsize                    *shared_done; /* set in subtree tasks */
} HierState;

/* Subtrees aligned on worker threads and stitched back in pre-order. */
typedef struct
{
  guint32          a;
  guint32          b;
  guint32          parent;      /* index in the coordinator's output */
  gsize            insert_at;   /* coordinator's output length when spawned */
  JxHierAlignment *result;
  GError          *error;
  Parallel        *par;
  gboolean         done;        /* under par->mutex */
} Task;

struct _JxHierParallel
{
  GThreadPool              *pool;
  GPtrArray                *tasks;
  GMutex                    mutex;
  GCond                     cond;
  guint                     pending;
  gsize                     done;        /* atomic: invocations done by tasks */
  const JxHierTree         *a;
  const JxHierTree         *b;
  const JxHierAlignOptions *options;
  GCancellable             *cancellable;
  guint64                   min_size;
  guint64                   max_size;
};


/* jx-hier-align.c */
void      _jx_hier_state_init         (HierState                *st,
                                       const JxHierTree         *a,
                                       const JxHierTree         *b,
                                       const JxHierAlignOptions *options,
                                       JxHierAlignment          *result);
void      _jx_hier_state_clear        (HierState *st);
void      _jx_hier_state_reserve_pairs (HierState *st,
                                        gsize      extra);
void      _jx_hier_state_push         (HierState *st,
                                       guint32    a,
                                       guint32    b,
                                       guint32    parent);
void      _jx_hier_state_flush_done   (HierState *st);
guint64   _jx_hier_state_total_done   (HierState *st);
gboolean  _jx_hier_run_loop           (HierState     *st,
                                       GCancellable  *cancellable,
                                       GError       **error);

/* jx-hier-parallel.c */
void      _jx_hier_parallel_init      (Parallel                 *par,
                                       const JxHierTree         *a,
                                       const JxHierTree         *b,
                                       const JxHierAlignOptions *options,
                                       GCancellable             *cancellable);
/* Hands the subtree pair on top of the coordinator's stack to a worker when
 * it is big enough to be worth a thread and small enough that the work still
 * splits evenly; FALSE when the coordinator should align it itself. */
gboolean  _jx_hier_parallel_maybe_spawn (HierState        *st,
                                         const StackEntry *e);
/* Waits for every task, splices their pairs into st's result and frees par.
 * ok says whether the coordinator itself succeeded; returns the outcome. */
gboolean  _jx_hier_parallel_finish    (Parallel   *par,
                                       HierState  *st,
                                       gboolean    ok,
                                       GError    **error);

G_END_DECLS
