/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-group-summary.h — what a folded group did in a time range: the share of
 * time its streams were busy (any of them running something: an
 * accelerator device's utilisation, §6.1.4 Fig. 6.6) and the mix of
 * functions and categories of their exclusive time (the COSMO-SPECS example:
 * 3 % computation, 97 % MPI, §6.1.4 Fig. 6.7). */
#pragma once

#include "jx-function-summary.h"
#include "jx-trace.h"

G_BEGIN_DECLS

/* Share of [t0, t1) ticks in which at least one of the streams runs an
 * invocation (the union of their invocations), 0 … 1. Exact; walks the
 * top-level invocations in the range. */
double          jx_group_busy_share      (JxTrace        *trace,
                                          const guint32  *streams,
                                          guint           n_streams,
                                          guint64         t0,
                                          guint64         t1);

typedef struct
{
  double   busy_share;                        /* see jx_group_busy_share () */
  double   exclusive_s;                       /* summed exclusive time of all streams in the range */
  double   category_share[JX_N_CATEGORIES];   /* of exclusive_s, per JxCategory */
  GArray  *functions;                         /* JxFunctionSummaryBar, largest first, fraction of exclusive_s */
} JxGroupSummary;

/* The summary of the streams over [t0, t1) with the top_n functions (0 =
 * all). Walks the invocations in the range: call it from a worker for big
 * ranges. */
JxGroupSummary *jx_group_summary_compute (JxTrace        *trace,
                                          const guint32  *streams,
                                          guint           n_streams,
                                          guint64         t0,
                                          guint64         t1,
                                          guint           top_n);
void            jx_group_summary_free    (JxGroupSummary *summary);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxGroupSummary, jx_group_summary_free)

G_END_DECLS
