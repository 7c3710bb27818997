/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-name-runs.h — stream names in few words: consecutive processes whose
 * names end in consecutive numbers read as one run ("MPI Rank 1–31"). The
 * CLI lists a cluster's members and a merged-tree node's streams so, the
 * window's icicle tooltips too. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "trace / process / stream" with the parts that are not NULL. Free with
 * g_free. */
char      *jx_name_join          (const char        *trace,
                                  const char        *process,
                                  const char        *stream);

/* The names as runs: consecutive names of one trace and stream name whose
 * processes are numbered one after the other read "trace / MPI Rank 1–31
 * / Master thread". traces or streams may be NULL (their part left out) or
 * hold NULL entries. Returns the runs' texts. */
GPtrArray *jx_name_runs          (const char *const *traces,
                                  const char *const *processes,
                                  const char *const *streams,
                                  guint              n);

/* The same in one line for a tooltip: the runs of one trace and stream
 * name share their words ("MPI Rank 0–31, 33–63 / Master thread"; another
 * trace or stream name after "; ", the trace ahead as "trace · "). At most
 * max_runs runs (0: all); *n_more (may be NULL) receives how many names
 * are left out. Free with g_free. */
char      *jx_name_runs_compact  (const char *const *traces,
                                  const char *const *processes,
                                  const char *const *streams,
                                  guint              n,
                                  guint              max_runs,
                                  guint             *n_more);

G_END_DECLS
