/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-comparison.h — the comparison of one trace of a session with
 * the reference: its run on the engine's workers, its stream pairs as they
 * are done, and the diff bars of both sides (jx-diff-bar-set.h).
 *
 * Each item owns one (jx_session_trace_get_trace_comparison) and shows its
 * properties as its own "comparison-…" properties; the session's
 * comparison manager (jx-comparison-manager.h) says when it runs and
 * against which trace. The result pattern of jx-session.h with results
 * that arrive pair by pair:
 *   - start() runs jx_comparison_run_async() on the engine's thread pool,
 *     cancelling a run in progress; the two sides' bar sets exist from then
 *     on, with a row under every stream that has a partner and no bar yet;
 *   - each finished pair is published on the main context: it becomes the
 *     bar of its stream on both sides (jx_diff_bar_set_add_pair), "pair-done"
 *     says which pair, and "pairs" counts it. That costs the main loop
 *     O(1): the pair's JxPairDiff was built with it, off the main thread;
 *   - the JxComparison holds its own references to both traces while it
 *     runs and none after, and never this object's owner: clearing (the
 *     item left its session) cancels the run, and the workers end into
 *     nothing.
 *
 * Properties (read-only, notified):
 *   "comparison"  the JxComparison of the reference (A) with this trace
 *                 (B); NULL until the first stream pair is done. Read only
 *                 the pairs get_stream_pair() hands out
 *   "pairs"       stream pairs done so far (notified per pair)
 *   "state"       JxSessionComparisonState
 *   "fraction"    progress, 0 … 1
 *   "estimate"    seconds the whole run should take (0 before it starts)
 *   "error"       GError of a failed run
 * Signals:
 *   "pair-done" (gpointer pair): a const JxComparisonPair * is done and is
 *               the bar of its stream on both sides (before "pairs")
 *   "reset"     the bar sets were replaced or dropped (a start or a clear),
 *               or a repair took a row away: any row may have come or gone
 *   "stream-dropped" (gboolean reference_side, guint stream): a repair
 *               took that stream's pair away and gave it none (its bar is
 *               empty now)
 *
 * Pairing by hand (jx_trace_comparison_repair): the streams named in the
 * overrides are paired as given (jx-stream-pairing.h); a finished result
 * is paired again with them (jx-comparison-repair.h) and only the pairs
 * that changed are aligned: each becomes the bar of its streams with
 * "pair-done", every other pair and bar stays as it is. */
#pragma once

#include <gio/gio.h>

#include "jx-comparison.h"
#include "jx-diff-bar-set.h"
#include "jx-headline.h"
#include "jx-session-types.h"

G_BEGIN_DECLS

#define JX_TYPE_TRACE_COMPARISON (jx_trace_comparison_get_type ())
G_DECLARE_FINAL_TYPE (JxTraceComparison, jx_trace_comparison, JX, TRACE_COMPARISON, GObject)

JxTraceComparison        *jx_trace_comparison_new            (void);

/* Compares `trace` (B) with `reference` (A) from scratch. */
void                      jx_trace_comparison_start          (JxTraceComparison *self,
                                                              JxTrace           *reference,
                                                              JxTrace           *trace);
/* The scores of the next start (default 2 / −1 / −1; jx-scoring.h); the
 * result records those it ran with (jx_comparison_get_scoring). */
void                      jx_trace_comparison_set_scoring    (JxTraceComparison *self,
                                                              const JxScoring   *scoring);
const JxScoring          *jx_trace_comparison_get_scoring    (JxTraceComparison *self);
/* How the next start pairs the streams (default JX_PAIRING_AUTO). */
void                      jx_trace_comparison_set_pairing    (JxTraceComparison *self,
                                                              JxPairingMode      pairing);
/* The streams paired by hand, as a flat list of names "process / stream"
 * of the reference and of this trace: A, B, A, B, …; never NULL. */
const char *const        *jx_trace_comparison_get_overrides  (JxTraceComparison *self);
/* Sets them for the next start (NULL: none). */
void                      jx_trace_comparison_set_overrides  (JxTraceComparison *self,
                                                              const char *const *overrides);
/* Sets them and pairs `trace` (B) with the reference again: only the pairs
 * that change are aligned when the comparison is done, else it starts
 * over; nothing runs before the first start. */
void                      jx_trace_comparison_repair         (JxTraceComparison *self,
                                                              JxTrace           *trace,
                                                              const char *const *overrides);
/* How many pairs the last repair aligned and published. */
guint                     jx_trace_comparison_get_n_repaired (JxTraceComparison *self);
/* Stops a running comparison; the pairs done so far stay ("cancelled"). */
void                      jx_trace_comparison_cancel         (JxTraceComparison *self);
/* Drops run and result and sets the state (none or waiting). */
void                      jx_trace_comparison_clear          (JxTraceComparison *self,
                                                              JxSessionComparisonState state);

/* The reference trace of the run or result in hand; NULL after clear(). */
JxTrace                  *jx_trace_comparison_get_reference  (JxTraceComparison *self);
JxComparison             *jx_trace_comparison_get_comparison (JxTraceComparison *self);
guint                     jx_trace_comparison_get_n_pairs    (JxTraceComparison *self);
JxSessionComparisonState  jx_trace_comparison_get_state      (JxTraceComparison *self);
double                    jx_trace_comparison_get_fraction   (JxTraceComparison *self);
double                    jx_trace_comparison_get_estimate   (JxTraceComparison *self);
const GError             *jx_trace_comparison_get_error      (JxTraceComparison *self);

/* The bars of this trace's streams (reference_side FALSE) or of the
 * reference's; NULL before a start and after a clear. */
const JxDiffBarSet       *jx_trace_comparison_get_bars       (JxTraceComparison *self,
                                                              gboolean           reference_side);
/* What the comparison says first (jx-headline.h): runtimes, structure,
 * contributors, over the stream pairs done so far. Made when first asked
 * for after a pair arrived (or the state changed) and kept until then;
 * NULL before the first pair. Borrowed: valid until the next pair, state
 * change or start. */
const JxHeadline         *jx_trace_comparison_get_headline   (JxTraceComparison *self);
/* What both sides' bars show (jx-diff-bar-set.h), now and after every
 * start; the session's diff-bar model sets it. */
void                      jx_trace_comparison_set_bar_style  (JxTraceComparison *self,
                                                              JxDiffBarMode      mode,
                                                              double             band);
/* The finished pair whose stream on that side is `stream`; NULL while it
 * is not done, and for streams without a partner. */
const JxComparisonPair   *jx_trace_comparison_get_stream_pair (JxTraceComparison *self,
                                                               gboolean           reference_side,
                                                               guint32            stream);

G_END_DECLS
