/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-paradis-pair.h — the 20 M-event trace pair of the comparison
 * benchmarks (tests/session/bench-compare, tests/analysis/bench-diff-tree):
 * two traces with one ParaDiS-shaped stream per rank (jx-test-paradis.h),
 * built in memory, the second derived from the first rank by rank. */
#pragma once

#include "jx-test-paradis.h"
#include "jx-trace-builder.h"
#include "jx-trace.h"

G_BEGIN_DECLS

/* About n_events events per trace over n_ranks ranks. Every call starts
 * when its caller's previous callee ended (plus a little of the caller's
 * own time); leaves last 100–900 ticks from their label, so both traces
 * share the timing of their common calls, and B's leaves are 3 % longer. */
void jx_test_paradis_build_pair (guint64   n_events,
                                 guint     n_ranks,
                                 JxTrace **a,
                                 JxTrace **b);

/* One rank's call tree as a stream of the builder: each call starts when
 * its caller's previous callee ended (plus a little of the caller's own
 * time); leaves last 100–900 ticks from their label, so traces built from
 * the same tree share the timing of their common calls, and `slow`
 * stretches every leaf. regions maps the tree's labels. */
void jx_test_paradis_add_stream (JxTraceBuilder       *builder,
                                 guint32               stream,
                                 const guint32        *regions,
                                 const JxTestCallTree *tree,
                                 double                slow);

/* One trace of n_ranks ParaDiS-shaped streams of about calls_per_rank
 * calls each, for the merged call tree (tests/analysis): every rank's tree
 * is generated with its own seed, so ranks differ where ParaDiS's do
 * (data-dependent long loops); every vary_every-th rank (0 = none) also
 * drops, renames and adds calls (jx_test_paradis_generate_b), and every
 * rank's leaves take 1 + (rank mod 7) % longer. */
JxTrace *jx_test_paradis_build_ranks (guint   n_ranks,
                                      guint32 calls_per_rank,
                                      guint   vary_every);

G_END_DECLS
