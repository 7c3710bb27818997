/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-private.h — the comparison's fields, for jx-comparison.c and
 * jx-comparison-assemble.c (a comparison put together from parts computed
 * elsewhere, e.g. by the ranks of juxtrace-mpi). */
#pragma once

#include "jx-comparison-assemble.h"
#include "jx-hier-tree.h"

G_BEGIN_DECLS

struct _JxComparison
{
  gint                 ref_count;
  char                *name_a;
  char                *name_b;
  char                *process_name;
  JxComparisonOptions  options;
  JxNameTable         *names;
  GPtrArray           *pairs;        /* JxComparisonPair */
  guint                n_unpaired;
  guint                n_not_compared;
  double               elapsed;
  double               runtime_a;
  double               runtime_b;
  JxNamePair          *pair_overrides; /* owns its strings */
  JxPairingSummary     pairing;
  guint                n_aligned;      /* pairs this run aligned (a repair: only the changed ones) */
};

/* A run (jx-comparison.c; jx-comparison-repair.c runs only some pairs). */
typedef struct _RunData RunData;

typedef struct
{
  RunData *run;
  guint    pair;           /* index into result->pairs */
  guint64  last_done;      /* invocations reported so far */
  guint64  size;           /* invocations of both streams */
} Job;

struct _RunData
{
  gint                  ref_count;
  JxTrace              *a;
  JxTrace              *b;
  JxComparison         *result;
  guint32              *map_a;
  guint32              *map_b;
  GCancellable         *cancellable;
  GMainContext         *context;
  GTask                *task;
  JxComparisonProgress  progress;
  JxComparisonPairDone  pair_done;
  gpointer              progress_data;

  Job                  *jobs;
  guint                 n_jobs;
  gint                  jobs_done;        /* atomic */
  guint                 published;        /* main context only */
  guint64               n_events;
  gint                  progress_pending; /* atomic flag */
  GMutex                mutex;
  guint64               events_done;      /* under mutex */
  GError               *error;            /* first failure, under mutex */
  gint64                started;
  guint                 intra_threads;    /* per pair, when there are fewer pairs than cores */
};

/* The run and its result without pairs: cheap, on the caller's thread. */
RunData     *_jx_comparison_run_new        (JxTrace                   *trace_a,
                                            JxTrace                   *trace_b,
                                            const JxComparisonOptions *options,
                                            GCancellable              *cancellable);
void         _jx_comparison_run_unref      (RunData                   *run);
/* Pairs the streams and lists the jobs (jx-comparison.c). */
void         _jx_comparison_run_pair       (RunData                   *run);
/* Starts the jobs on a pool of their own; free it (waiting) to wait. */
GThreadPool *_jx_comparison_run_start_pool (RunData                   *run);

G_END_DECLS
