/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-trace.h — one trace of a comparison: the items of the session's
 * list model (jx-session.h).
 *
 * An item exists from the moment its trace starts loading until it is
 * removed, and every view that shows a trace holds its item (never a
 * position, which shifts when another trace goes). Everything about the trace
 * that views show is a property, so they follow it with notify:: signals:
 *
 *   "path"          the path it was opened from (construct-only)
 *   "name"          display name: from the path, then the trace's own name
 *                   (jx-trace-name.h), told apart from the names of the
 *                   session's other traces ("run (a)", "run (b)")
 *   "state"         JxSessionTraceState: loading, loaded or failed
 *   "fraction"      load progress, 0 … 1
 *   "error"         GError of a failed load (NULL otherwise)
 *   "trace"         the loaded JxTrace (NULL unless loaded, and again once
 *                   the item left its session)
 *   "duration"      its length in ns (0 unless loaded)
 *   "offset"        comparison ns at which its first event is drawn; change it
 *                   through the session, which keeps the undo history
 *   "color-slot"    its palette slot, given when it is added
 *   "picked-color"  the colour the user picked, as an opaque 0xffRRGGBB pixel
 *                   (jx_palette_rgba_to_pixel); 0 when none. Only the choice
 *                   is stored: the render palette derives tints and accents
 *                   from slot, picked colour and dark style
 *                   (jx_palette_trace_colors)
 *   "reference"     TRUE for the session's reference trace
 *   "summary"       the JxTimelineSummary, built off-thread once the trace is
 *                   loaded and, for a compared trace whose comparison is
 *                   running then and estimated to take at most 5 s, once
 *                   that comparison stops (done, failed or cancelled): the
 *                   two would share the cores, and the diff bars wait for
 *                   the whole comparison. NULL before, or when
 *                   the build failed: views then draw exactly from the
 *                   invocation arrays, big rows pending
 *   "groups"        the JxStreamGroups of the session's fold grouping, made
 *                   at once when the trace loads or the grouping changes
 *   "fold"          the JxTimelineFold (folded sequences) of those groups and
 *                   the session's fold operation, built off-thread once the
 *                   summary is there; NULL until then (views fold small
 *                   groups at once and draw the others pending meanwhile)
 *   "imbalance"     the JxImbalance (SOS time) of the session's SOS function,
 *                   or of the trace's dominant function; computed off-thread
 *                   after the load. NULL before or when the trace has none:
 *                   "imbalance-error" then says why
 *   "comparison"    the JxComparison of the reference (A) with this trace
 *                   (B), run on worker threads once both are loaded
 *                   (jx-comparison-manager.h); NULL for the reference and
 *                   until the first stream pair is done. Its pairs arrive one
 *                   by one: read only those jx_session_trace_get_stream_pair()
 *                   hands out
 *   "comparison-pairs"     stream pairs done so far (notified per pair)
 *   "comparison-state"     JxSessionComparisonState
 *   "comparison-fraction"  progress, 0 … 1
 *   "comparison-estimate"  seconds the whole comparison should take, from
 *                          the invocations to align (0 before it starts)
 *   "comparison-error"     GError of a failed comparison
 * The groups, fold and imbalance are those of the item's folding part
 * (jx-trace-folding.h), the "comparison…" properties those of its
 * comparison part (jx-trace-comparison.h), relayed under these names; new
 * code may use the parts directly.
 *
 * The summary holds a reference to the trace and never to the item, so an
 * item and everything built for it go together. An item removed from its
 * session lets go of its trace and results at once ("trace" and "summary"
 * become NULL), so views that still hold it for a moment keep no memory.
 */
#pragma once

#include <gio/gio.h>

#include "jx-session-types.h"
#include "jx-trace-selection.h"
#include "jx-trace-comparison.h"
#include "jx-trace-folding.h"

G_BEGIN_DECLS

#define JX_TYPE_SESSION_TRACE (jx_session_trace_get_type ())
G_DECLARE_FINAL_TYPE (JxSessionTrace, jx_session_trace, JX, SESSION_TRACE, GObject)

const char          *jx_session_trace_get_path         (JxSessionTrace *self);
const char          *jx_session_trace_get_name         (JxSessionTrace *self);
JxSessionTraceState  jx_session_trace_get_state        (JxSessionTrace *self);
double               jx_session_trace_get_fraction     (JxSessionTrace *self);
const GError        *jx_session_trace_get_error        (JxSessionTrace *self);
JxTrace             *jx_session_trace_get_trace        (JxSessionTrace *self);
/* The part of the trace it was asked to load (jx-trace-selection.h); NULL
 * for the whole trace. Set when the item is added, never changed. */
const JxTraceSelection *jx_session_trace_get_selection (JxSessionTrace *self);
/* What the loaded trace holds when it is partial (jx_trace_get_partial ():
 * its description says so in a few words); NULL for a whole trace and
 * unless loaded. Every result of the item covers only this part. */
const JxTracePartial *jx_session_trace_get_partial     (JxSessionTrace *self);
gint64               jx_session_trace_get_duration     (JxSessionTrace *self);
gint64               jx_session_trace_get_offset       (JxSessionTrace *self);
guint                jx_session_trace_get_color_slot   (JxSessionTrace *self);
guint32              jx_session_trace_get_picked_color (JxSessionTrace *self);
void                 jx_session_trace_set_picked_color (JxSessionTrace *self,
                                                        guint32         pixel);
gboolean             jx_session_trace_get_reference    (JxSessionTrace *self);
JxTimelineSummary   *jx_session_trace_get_summary      (JxSessionTrace *self);
JxStreamGroups      *jx_session_trace_get_groups       (JxSessionTrace *self);
JxTimelineFold      *jx_session_trace_get_fold         (JxSessionTrace *self);
JxImbalance         *jx_session_trace_get_imbalance    (JxSessionTrace *self);
const char          *jx_session_trace_get_imbalance_error (JxSessionTrace *self);

/* The parts the item owns (borrowed; they live as long as the item). */
JxTraceFolding      *jx_session_trace_get_folding      (JxSessionTrace *self);
JxTraceComparison   *jx_session_trace_get_trace_comparison (JxSessionTrace *self);

JxComparison        *jx_session_trace_get_comparison          (JxSessionTrace *self);
guint                jx_session_trace_get_comparison_pairs    (JxSessionTrace *self);
JxSessionComparisonState jx_session_trace_get_comparison_state (JxSessionTrace *self);
double               jx_session_trace_get_comparison_fraction (JxSessionTrace *self);
double               jx_session_trace_get_comparison_estimate (JxSessionTrace *self);
const GError        *jx_session_trace_get_comparison_error    (JxSessionTrace *self);
/* The finished stream pair of this comparison whose stream in this trace
 * (reference_side FALSE) or in the reference (TRUE) is `stream`; NULL while
 * it is not done, and for streams without a partner. */
const JxComparisonPair *jx_session_trace_get_stream_pair      (JxSessionTrace *self,
                                                               gboolean        reference_side,
                                                               guint32         stream);

/* [offset, offset + duration) in comparison ns; FALSE unless loaded. */
gboolean             jx_session_trace_get_extent       (JxSessionTrace *self,
                                                        JxTimeSpan     *extent);

/* Where the loaded trace sits in comparison time (see jx-session.h) at its
 * offset now, for jx_time_comparison_to_ticks() and back (jx-time.h). */
JxTimeOrigin         jx_session_trace_get_time_origin  (JxSessionTrace *self);

G_END_DECLS
