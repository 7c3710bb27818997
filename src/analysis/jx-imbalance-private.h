/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-imbalance-private.h — the imbalance analysis in steps that a
 * distributed run can take apart (juxtrace-mpi imbalance, src/mpi/): the
 * per-region sums that choose the candidates add up over shares of the
 * streams, the segments of every stream are gathered, and what follows
 * (medians, distances, processes, ranking) runs on the gathered segments. */
#pragma once

#include "jx-imbalance.h"

G_BEGIN_DECLS

/* Per region of a trace: invocations, their inclusive ticks, the streams
 * calling it. Sums over disjoint sets of streams add up. */
typedef struct
{
  guint    n_regions;
  guint64 *count;
  guint64 *inclusive;
  guint64 *n_on;
} JxImbalanceSums;

void    jx_imbalance_sums_init            (JxImbalanceSums       *sums,
                                           JxTrace               *trace);
void    jx_imbalance_sums_add             (JxImbalanceSums       *sums,
                                           JxTrace               *trace);
void    jx_imbalance_sums_clear           (JxImbalanceSums       *sums);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxImbalanceSums, jx_imbalance_sums_clear)

/* The candidates of jx_imbalance_find_candidates () from the sums over a
 * whole trace of n_processes processes (trace: its regions). */
GArray *jx_imbalance_candidates_from_sums (JxTrace               *trace,
                                           const JxImbalanceSums *sums,
                                           guint                  n_processes,
                                           guint                  max_candidates);

/* The processes and streams of the whole trace, when the analysis runs on
 * a share of it. */
typedef struct
{
  guint     n_processes;
  guint     n_streams;
  guint32  *first_stream;   /* per process */
  guint32  *n_streams_of;   /* per process */
  guint32  *process_of;     /* per stream */
  char    **process_names;  /* per process, NULL-terminated */
  char    **stream_names;   /* per stream, NULL-terminated */
  guint64   start_time;     /* ticks */
} JxImbalanceLayout;

void    jx_imbalance_layout_free          (JxImbalanceLayout     *layout);

/* How an analysis reaches its trace. find_candidates: the trace's
 * candidates (max 0: all). gather_segments (NULL: none): takes the
 * segments of the trace in hand (streams its own) and returns those of the
 * whole trace (streams numbered in *layout, which it sets; an empty array
 * and an empty layout where the analysis is not wanted). */
typedef struct
{
  GArray *(*find_candidates) (JxTrace            *trace,
                              guint               max_candidates,
                              gpointer            data);
  GArray *(*gather_segments) (JxTrace            *trace,
                              GArray             *segments,
                              JxImbalanceLayout **layout,
                              gpointer            data);
} JxImbalanceOps;

/* The trace in hand is the whole trace. */
extern const JxImbalanceOps jx_imbalance_local_ops;

JxImbalance    *jx_imbalance_compute_with     (JxTrace              *trace,
                                               const char           *function,
                                               const JxImbalanceOps *ops,
                                               gpointer              ops_data,
                                               GCancellable         *cancellable,
                                               GError              **error);
JxImbalanceSet *jx_imbalance_set_compute_with (JxTrace * const      *traces,
                                               guint                 n_traces,
                                               const char           *function,
                                               const JxImbalanceOps *ops,
                                               gpointer              ops_data,
                                               GCancellable         *cancellable,
                                               GError              **error);

G_END_DECLS
