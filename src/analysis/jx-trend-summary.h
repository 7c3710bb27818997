/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-summary.h — all a scaling study needs of one run (or of a part of
 * its processes), before it becomes a JxTrendRun (jx-trend-run.h): per
 * function, per call path and per group the calls and times in integer
 * timer ticks, summed and maximised over processes; the messages sent; the
 * SOS time of the dominant function.
 *
 * Summaries of disjoint sets of whole processes of one run merge exactly
 * (sums add, maxima take the larger, integer ticks; juxtrace-mpi trend
 * shares a run between ranks this way), and a merge of the parts equals
 * the summary of the whole: functions are matched by name, call paths by
 * (parent path, function), and every path remembers where it was first met
 * (the process, among the whole run's, and the invocation within that
 * process's walk), so the paths keep the order one pass over the whole run
 * finds them in.
 *
 * Computing a summary reads the trace and nothing else: the study (and
 * `juxtrace-cli trend`, and the window) build every run from one. */
#pragma once

#include "jx-imbalance-private.h"
#include "jx-pack.h"
#include "jx-trace.h"
#include "jx-trend-run.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 count;
  guint64 count_max;    /* of the process that calls it most */
  guint64 incl;         /* ticks */
  guint64 incl_max;
  guint64 excl;
  guint64 excl_max;
} JxTrendTicks;

typedef struct
{
  char          *name;              /* the trace's short name */
  guint64        timer_resolution;  /* ticks per second */
  guint          n_processes;       /* of the part summarised */
  guint          n_streams;
  guint64        n_invocations;

  guint          n_functions;       /* regions by name, in definition order */
  char         **function_name;
  guint8        *function_category; /* JxCategory */
  JxTrendTicks  *function_ticks;

  guint          n_paths;
  guint32       *path_parent;       /* a path, JX_NONE for a root */
  guint32       *path_function;
  guint32       *path_first_process;/* where the path is first met: the process */
  guint64       *path_first_call;   /* and the invocation in its walk */
  JxTrendTicks  *path_ticks;

  JxTrendTicks   program;           /* "(program)": every function */
  JxTrendTicks   mpi;               /* "(MPI)" */
  guint64        messages;          /* point-to-point messages sent */
  guint64        messages_max;      /* by the process that sends most */

  char          *sos_function;      /* NULL without (then sos_error says why) */
  char          *sos_error;
  guint64        sos_total;         /* ticks, summed over processes */
  guint64        sos_max;
} JxTrendSummary;

/* The summary of a loaded trace. process_positions (NULL: the trace is the
 * whole run) gives each of the trace's processes its position among the
 * whole run's, ascending. The SOS measures segment by sos_function (NULL:
 * the dominant function, chosen through ops, which see the whole run:
 * jx_imbalance_local_ops when the trace is whole). NULL only when
 * cancelled. */
JxTrendSummary *jx_trend_summary_compute (JxTrace              *trace,
                                          const guint          *process_positions,
                                          const char           *sos_function,
                                          const JxImbalanceOps *ops,
                                          gpointer              ops_data,
                                          GCancellable         *cancellable,
                                          GError              **error);
void            jx_trend_summary_free    (JxTrendSummary       *summary);

/* Adds part (disjoint processes of the same run) into summary. */
void            jx_trend_summary_merge   (JxTrendSummary       *summary,
                                          const JxTrendSummary *part);
/* Puts the paths in the order a walk of the whole run meets them (after
 * merging; a summary of a whole trace is in that order already). */
void            jx_trend_summary_sort_paths (JxTrendSummary    *summary);

/* The summary as bytes and back (ranks of one binary: memory forms). NULL
 * when the bytes are not a summary. */
void            jx_trend_summary_pack    (const JxTrendSummary *summary,
                                          GByteArray           *out);
JxTrendSummary *jx_trend_summary_unpack  (JxUnpack             *in);

/* The run of a summary of a whole run (merged and sorted, when made of
 * parts): its sums in seconds, "p" and the folder-name parameters of path
 * (the path the user gave). jx_trend_run_new () is this on the summary of
 * its trace. */
JxTrendRun     *jx_trend_run_new_from_summary (const JxTrendSummary *summary,
                                               const char           *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxTrendSummary, jx_trend_summary_free)

G_END_DECLS
