/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-repair.h — a finished comparison paired again with other
 * overrides (a stream paired by hand in the window, its undo and redo)
 * without aligning again what did not change.
 *
 * The streams are paired exactly as jx_comparison_run () would pair them
 * with the new overrides (same order, same methods: the CLI's `diff --pair`
 * with the same overrides gives the same result). Every pair whose
 * position, streams and pairing are unchanged is taken over from the
 * previous comparison as it is: the same JxComparisonPair, shared by both
 * (so a view's bar of it need not change). Only the other pairs are
 * aligned, on worker threads. The previous comparison stays valid. */
#pragma once

#include "jx-comparison.h"

G_BEGIN_DECLS

/* previous must be a finished comparison of a with b (its options are
 * kept: scores, pairing mode, process, diff bars); overrides replace its
 * pair overrides (copied). Errors as jx_comparison_run (). */
JxComparison *jx_comparison_repair        (JxComparison        *previous,
                                           JxTrace             *a,
                                           JxTrace             *b,
                                           const JxNamePair    *overrides,
                                           guint                n_overrides,
                                           GCancellable        *cancellable,
                                           GError             **error);
void          jx_comparison_repair_async  (JxComparison        *previous,
                                           JxTrace             *a,
                                           JxTrace             *b,
                                           const JxNamePair    *overrides,
                                           guint                n_overrides,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
JxComparison *jx_comparison_repair_finish (GAsyncResult        *result,
                                           GError             **error);

/* Pairs the computation of this comparison aligned: every compared pair
 * for a run, only the changed ones for a repair. */
guint         jx_comparison_get_n_aligned (JxComparison        *self);
/* The pair overrides the comparison was made with (n_overrides may be
 * NULL); owned by it. */
const JxNamePair *jx_comparison_get_pair_overrides (JxComparison *self,
                                                    guint        *n_overrides);

G_END_DECLS
