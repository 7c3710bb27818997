/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-load.h — reading the runs of a study in parallel: each worker
 * loads one trace (jx_trace_load with one reader thread), lets the caller
 * look at it, reduces it to a JxTrendRun and drops it, so that memory
 * holds at most one trace per worker besides the aggregates. */
#pragma once

#include "jx-trend-run.h"

G_BEGIN_DECLS

/* Called in the worker for each loaded trace before it is reduced and
 * dropped (the CLI takes its load report here). */
typedef void (*JxTrendTraceHook) (JxTrace    *trace,
                                  guint       index,
                                  gpointer    user_data);

typedef struct
{
  guint             n_workers;      /* 0 = one per core (g_get_num_processors) */
  const char       *sos_function;   /* jx_trend_run_new () */
  JxTrendTraceHook  hook;           /* may be NULL */
  gpointer          hook_data;
} JxTrendLoadOptions;

/* Loads paths[0 .. n-1]; returns n runs in that order (a run that could
 * not be loaded has its error, jx_trend_run_get_error). NULL with error
 * set only when cancelled. Free with g_ptr_array_unref. */
GPtrArray *jx_trend_load_runs (const char * const        *paths,
                               guint                      n,
                               const JxTrendLoadOptions  *options,
                               GCancellable              *cancellable,
                               GError                   **error);

G_END_DECLS
