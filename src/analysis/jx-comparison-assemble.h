/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-assemble.h — a comparison from stream pairs computed
 * elsewhere (juxtrace-mpi: every rank compares its share of the streams,
 * rank 0 puts the pairs together; docs/mpi.md). */
#pragma once

#include "jx-comparison.h"

G_BEGIN_DECLS

/* Frees a JxComparisonPair allocated with g_new0 and everything it owns. */
void          jx_comparison_pair_free (gpointer data);

/* Takes every JxComparisonPair (g_new0-allocated, owning its names,
 * alignment and arrays, freed with the comparison) out of pairs, in their
 * order, which must be jx_comparison_run ()'s: paired streams in A's
 * order, then A's unpaired, then B's. The function tables' symbols index
 * symbols (n_symbols names, interned in this order). Pair overrides are
 * not kept. */
JxComparison *jx_comparison_assemble (const char                *name_a,
                                      const char                *name_b,
                                      const JxComparisonOptions *options,
                                      const char *const         *symbols,
                                      guint                      n_symbols,
                                      GPtrArray                 *pairs,
                                      double                     runtime_a,
                                      double                     runtime_b,
                                      double                     elapsed,
                                      const JxPairingSummary    *pairing);

G_END_DECLS
