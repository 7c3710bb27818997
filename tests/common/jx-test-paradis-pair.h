/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-paradis-pair.h — the 20 M-event trace pair of the comparison
 * benchmarks (tests/session/bench-compare, tests/analysis/bench-diff-tree):
 * two traces with one ParaDiS-shaped stream per rank (jx-test-paradis.h),
 * built in memory, the second derived from the first rank by rank. */
#pragma once

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

G_END_DECLS
