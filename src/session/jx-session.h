/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session.h — what a comparison is: its traces, one time model, the
 * modes every view follows, and the undo history of trace offsets.
 *
 * The session is a GListModel of JxSessionTrace items in display order
 * (jx-session-trace.h). Views hold items, never positions, and follow the
 * model with items-changed, each item with notify::, and the session's own
 * properties with notify::. Views change only the session; nothing here
 * knows about widgets (GLib and GIO only).
 *
 * The session is made of parts it owns and exposes, each a GObject with its
 * own properties that knows nothing of the session (new code may use them
 * directly; the jx_session_* calls below that do the same are thin
 * delegations, and the session shows their properties as its own):
 *   jx_session_get_time_model          visible window, selected time
 *                                      (jx-time-model.h)
 *   jx_session_get_offset_history      offsets, drags, undo and redo
 *                                      (jx-offset-history.h)
 *   jx_session_get_fold_settings       folding and SOS time for every trace
 *   jx_session_get_counter_model       the metric shown as counter rows, its scale
 *                                      (jx-fold-settings.h)
 *   jx_session_get_comparison_manager  the reference, the compared trace,
 *                                      which comparisons run
 *                                      (jx-comparison-manager.h)
 *   jx_session_get_diff_bars           the diff bars of every trace, with
 *                                      per-stream change notification
 *                                      (jx-diff-bar-model.h)
 *   jx_session_get_selection           the picked invocation and its aligned
 *                                      partner (jx-selection.h)
 *   jx_session_get_markers             the markers of all traces
 *                                      (jx-session-markers.h)
 *   jx_session_get_diff_trees          the differential call tree of each
 *                                      finished comparison, built when asked
 *                                      (jx-diff-tree-store.h)
 *   jx_session_get_clusters            the structural clusters of all
 *                                      loaded traces, computed when a view
 *                                      wants them (jx-session-clusters.h)
 *   jx_session_get_call_highlight      calls highlighted in their streams'
 *                                      rows: a merged-tree node's
 *                                      (jx-call-highlight.h)
 * and each item owns its folding (jx-trace-folding.h) and its comparison
 * with the reference (jx-trace-comparison.h). What is left here: the list,
 * the display modes, and keeping the parts in step (a load, a removal, a
 * new reference).
 * "Align All Traces Here" and aligning at markers work on the session from
 * above (jx-session-align.h).
 *
 * Comparison time is a common clock in nanoseconds for all traces:
 *   comparison_ns = (trace_ticks - trace_start_ticks) converted to ns + offset_ns
 * converted only with jx-time.h (jx_time_comparison_to_ticks and back, with
 * the item's jx_session_trace_get_time_origin).
 *
 * Properties:
 *   "n-items", "n-loading"         (uint, read-only)
 *   "reference"                    (JxSessionTrace) the trace the others are
 *                                  compared against; each item's "reference"
 *                                  property follows
 *   "visible-time"                 (JxTimeSpan) the window every view shows;
 *                                  at least 1 µs wide and inside the extent
 *   "selected-time"                (JxTimeSpan) a range being selected; empty
 *                                  (0, 0) when none
 *   "selected-trace", "selected-stream", "selected-invocation"
 *                                  the invocation the user picked (read-only;
 *                                  jx_session_select_invocation); the three
 *                                  change together
 *   "search"                       (string) function names containing it are
 *                                  highlighted; NULL for none
 *   "shift-mode"                   (boolean) a drag in a timeline shifts its
 *                                  trace instead of selecting
 *   "show-messages", "dark"        (boolean)
 *   "align-ends"                   (boolean) automatic alignment (at a
 *                                  function or at markers) lines up the
 *                                  ends instead of the starts
 *   "fold-grouping"                (JxFoldGrouping) how streams are grouped for
 *                                  folding, in every trace alike
 *   "fold-operation"               (JxFoldOp) how folded rows pick a state
 *   "fold-custom"                  (strv) the custom set, "process / stream"
 *                                  names (jx_stream_groups_stream_key)
 *   "show-sos"                     (boolean) the SOS-time overlay
 *   "sos-function"                 (string) the function whose calls are the
 *                                  segments in every trace; NULL = each
 *                                  trace's dominant function
 *   "can-undo", "can-redo"         (boolean, read-only)
 *   "undo-label", "redo-label"     (string, read-only: "_Undo Pairing", …)
 *   "compared-trace"               (JxSessionTrace) the trace the reference's
 *                                  diff bars and the comparison pane compare
 *                                  with: the one set, else the first loaded
 *                                  trace that is not the reference; selecting
 *                                  an invocation in another trace makes that
 *                                  one the compared trace
 *   "selected-partner-trace", "selected-partner-stream",
 *   "selected-partner-invocation"  the selected invocation's aligned partner
 *                                  (read-only; NULL / JX_NONE when it has
 *                                  none: only in one trace, or no result yet)
 *   "diff-mode", "noise-band", "differences-by-impact"
 *                                  what the diff bars show and how F7 walks
 *                                  the differences (jx-diff-bar-model.h)
 *   "focus-function"               (string, read-only) the function whose
 *                                  calls F7 walks (jx_session_focus_function);
 *                                  NULL when none
 * Signal "trace-notify" (JxSessionTrace *item, GParamSpec *pspec), detailed
 * by property name: every notify of every item while it is in the session,
 * for views that show all traces at once.
 * Signal "fold-all" (guint kinds, gboolean folded): fold (or unfold) every
 * group whose JxStreamGroupKind bit is in kinds, in every trace
 * (jx_session_fold_all); views keep which groups are folded.
 *
 * Results computed per trace — the pattern to copy. The timeline summary
 * ("summary" on the item) is the first; folding (jx-trace-folding.h) and the
 * comparison with the reference (jx-trace-comparison.h) follow it:
 *   1. The result is an immutable, reference-counted value held by the item
 *      (or a part it owns) in a read-only property, notified when it
 *      arrives. It may hold the JxTrace (or several) but never an item or
 *      the session, so there is no cycle and it goes with the item.
 *   2. A JxSessionJob (jx-session-job.h) runs it: start it when its inputs
 *      are ready (the item's own load for the summary; for a comparison,
 *      both this item and the reference loaded: the comparison manager sees
 *      that when the session tells it of a load or a new reference). Pass
 *      the worker thread immutable inputs only (JxTrace references, options)
 *      and a reference to the object that keeps the result; on completion,
 *      store the result only when jx_session_job_finish() says the run is
 *      still current.
 *   3. An input that changes (the reference moves, the options change)
 *      clears the result (notify) and starts the job again; starting cancels
 *      the run in progress.
 *   4. Removal detaches the item (_jx_session_trace_detach), which cancels
 *      its jobs; the results go with the item.
 * Session-wide results (all traces' markers as one GListModel, the diff
 * bars) and modes that apply to every trace (fold, SOS time) are parts of
 * the session, and views read them with the items.
 */
#pragma once

#include <gio/gio.h>

#include "jx-call-highlight.h"
#include "jx-comparison-manager.h"
#include "jx-counter-model.h"
#include "jx-diff-bar-model.h"
#include "jx-diff-tree-store.h"
#include "jx-session-clusters.h"
#include "jx-fold-settings.h"
#include "jx-offset-history.h"
#include "jx-selection.h"
#include "jx-session-markers.h"
#include "jx-session-trace.h"
#include "jx-time-model.h"

G_BEGIN_DECLS

#define JX_TYPE_SESSION (jx_session_get_type ())
G_DECLARE_FINAL_TYPE (JxSession, jx_session, JX, SESSION, GObject)

JxSession        *jx_session_new                     (void);

/* The parts (borrowed; they live as long as the session). */
JxTimeModel      *jx_session_get_time_model          (JxSession         *self);
JxOffsetHistory  *jx_session_get_offset_history      (JxSession         *self);
JxFoldSettings   *jx_session_get_fold_settings       (JxSession         *self);
JxCounterModel   *jx_session_get_counter_model       (JxSession         *self);
JxComparisonManager *jx_session_get_comparison_manager (JxSession       *self);
JxDiffBarModel   *jx_session_get_diff_bars           (JxSession         *self);
JxSessionMarkers *jx_session_get_markers             (JxSession         *self);
JxSelection      *jx_session_get_selection           (JxSession         *self);
JxDiffTreeStore  *jx_session_get_diff_trees          (JxSession         *self);
JxSessionClusters *jx_session_get_clusters           (JxSession         *self);
JxCallHighlight  *jx_session_get_call_highlight      (JxSession         *self);

/* Traces. Items exist from the moment loading starts; the add functions
 * return the new item (owned by the session). */
JxSessionTrace   *jx_session_add_path                (JxSession         *self,
                                                      const char        *path);
JxSessionTrace   *jx_session_add_trace               (JxSession         *self,
                                                      JxTrace           *trace);
/* Loads only the part of the trace that `selection` takes (copied; NULL:
 * the whole trace), for a trace too large for the memory there is
 * (jx-trace-selection.h). The item says so: jx_session_trace_get_partial ()
 * once loaded (jx-session-partial.c). */
JxSessionTrace   *jx_session_add_path_with_selection (JxSession              *self,
                                                      const char             *path,
                                                      const JxTraceSelection *selection);
/* Cancels a running load, drops the trace's undo steps, and moves the
 * reference to the next trace when it was this one. */
void              jx_session_remove                  (JxSession         *self,
                                                      JxSessionTrace    *item);
/* Removes every trace, the selection and the search. */
void              jx_session_clear                   (JxSession         *self);
void              jx_session_cancel_load             (JxSession         *self,
                                                      JxSessionTrace    *item);
/* The item at `position` (borrowed), NULL past the end. */
JxSessionTrace   *jx_session_peek_item               (JxSession         *self,
                                                      guint              position);
gboolean          jx_session_find_item               (JxSession         *self,
                                                      JxSessionTrace    *item,
                                                      guint             *position);
/* The item opened from `path`, NULL if none. */
JxSessionTrace   *jx_session_find_path               (JxSession         *self,
                                                      const char        *path);
/* Paths of all traces in display order (for recent comparisons). */
char            **jx_session_dup_paths               (JxSession         *self);
guint             jx_session_get_n_loading           (JxSession         *self);

JxSessionTrace   *jx_session_get_reference           (JxSession         *self);
void              jx_session_set_reference           (JxSession         *self,
                                                      JxSessionTrace    *item);

/* Offsets (ns). Each call is one undoable step; set_offsets changes several
 * traces in one step. During a drag call begin_offset_drag once, set_offset
 * as often as the pointer moves, end_offset_drag once: one step. */
void              jx_session_set_offset              (JxSession         *self,
                                                      JxSessionTrace    *item,
                                                      gint64             offset_ns);
void              jx_session_set_offsets             (JxSession         *self,
                                                      JxSessionTrace   **items,
                                                      const gint64      *offsets_ns,
                                                      guint              n_items);
void              jx_session_begin_offset_drag       (JxSession         *self,
                                                      JxSessionTrace    *item);
void              jx_session_end_offset_drag         (JxSession         *self,
                                                      JxSessionTrace    *item);
gboolean          jx_session_can_undo                (JxSession         *self);
gboolean          jx_session_can_redo                (JxSession         *self);
/* "_Undo Time Shift", "_Redo Pairing", … (with a mnemonic) for the step
 * undo / redo would apply (jx-offset-history.h); "_Undo" / "_Redo" when
 * there is none. */
const char       *jx_session_get_undo_label          (JxSession         *self);
const char       *jx_session_get_redo_label          (JxSession         *self);
void              jx_session_undo                    (JxSession         *self);
void              jx_session_redo                    (JxSession         *self);

/* Union of the loaded traces' extents at their offsets; FALSE when none is
 * loaded. */
gboolean          jx_session_get_extent              (JxSession         *self,
                                                      JxTimeSpan        *extent);

/* The visible window ("visible-time"). */
const JxTimeSpan *jx_session_get_visible_time        (JxSession         *self);
void              jx_session_set_visible_time        (JxSession         *self,
                                                      const JxTimeSpan  *span);
void              jx_session_zoom_all                (JxSession         *self);
/* factor > 1 zooms in; the time `around_ns` keeps its place on screen. */
void              jx_session_zoom                    (JxSession         *self,
                                                      double             factor,
                                                      gint64             around_ns);
void              jx_session_pan                     (JxSession         *self,
                                                      gint64             delta_ns);

/* Selection: a time range ("selected-time"; NULL selects none) and one
 * invocation (item NULL for none). */
const JxTimeSpan *jx_session_get_selected_time       (JxSession         *self);
void              jx_session_select_time             (JxSession         *self,
                                                      const JxTimeSpan  *span);
gboolean          jx_session_get_selected_invocation (JxSession         *self,
                                                      JxSessionTrace   **item,
                                                      guint32           *stream,
                                                      guint32           *invocation);
void              jx_session_select_invocation       (JxSession         *self,
                                                      JxSessionTrace    *item,
                                                      guint32            stream,
                                                      guint32            invocation);
/* Clears the selected invocation and the selected time. */
void              jx_session_clear_selection         (JxSession         *self);

const char       *jx_session_get_search              (JxSession         *self);
void              jx_session_set_search              (JxSession         *self,
                                                      const char        *text);
gboolean          jx_session_get_shift_mode          (JxSession         *self);
void              jx_session_set_shift_mode          (JxSession         *self,
                                                      gboolean           shift_mode);
gboolean          jx_session_get_show_messages       (JxSession         *self);
void              jx_session_set_show_messages       (JxSession         *self,
                                                      gboolean           show_messages);
gboolean          jx_session_get_dark                (JxSession         *self);
void              jx_session_set_dark                (JxSession         *self,
                                                      gboolean           dark);
gboolean          jx_session_get_align_ends          (JxSession         *self);
void              jx_session_set_align_ends          (JxSession         *self,
                                                      gboolean           align_ends);

/* Folding and SOS time (the fold settings part). */
JxFoldGrouping    jx_session_get_fold_grouping       (JxSession         *self);
void              jx_session_set_fold_grouping       (JxSession         *self,
                                                      JxFoldGrouping     grouping);
JxFoldOp          jx_session_get_fold_operation      (JxSession         *self);
void              jx_session_set_fold_operation      (JxSession         *self,
                                                      JxFoldOp           op);
const char * const *jx_session_get_fold_custom       (JxSession         *self);
void              jx_session_set_fold_custom         (JxSession         *self,
                                                      const char * const *streams);
/* Asks every view to fold (or unfold) the groups of these kinds (bits
 * 1 << JxStreamGroupKind) in every trace. */
void              jx_session_fold_all                (JxSession         *self,
                                                      guint              kinds,
                                                      gboolean           folded);
gboolean          jx_session_get_show_sos            (JxSession         *self);
void              jx_session_set_show_sos            (JxSession         *self,
                                                      gboolean           show_sos);
const char       *jx_session_get_sos_function        (JxSession         *self);
void              jx_session_set_sos_function        (JxSession         *self,
                                                      const char        *function);
/* The SOS-time scale every trace's overlay shares (ns): smallest and largest
 * SOS time of all loaded traces' segments. FALSE when none has any. */
gboolean          jx_session_get_sos_range           (JxSession         *self,
                                                      gint64            *min_ns,
                                                      gint64            *max_ns);

/* Comparisons with the reference (the comparison manager and the diff-bar
 * model). They start by
 * themselves when a trace and the reference are loaded; compare() starts
 * one again (after a cancel), cancel() stops it, keeping the stream pairs
 * done so far. */
void              jx_session_compare                 (JxSession         *self,
                                                      JxSessionTrace    *item);
void              jx_session_cancel_comparison       (JxSession         *self,
                                                      JxSessionTrace    *item);
JxSessionTrace   *jx_session_get_compared            (JxSession         *self);
void              jx_session_set_compared            (JxSession         *self,
                                                      JxSessionTrace    *item);
/* TRUE when `stream` of `item` has a diff bar: its comparison pairs it
 * with a stream of the other trace (known as soon as the comparison
 * starts; the bar fills when the pair is done). */
gboolean          jx_session_has_diff_bar            (JxSession         *self,
                                                      JxSessionTrace    *item,
                                                      guint32            stream);
/* What the diff bar under `stream` of `item` shows: the stream pair (done),
 * whether item is its side B, and the trace on the other side. FALSE when
 * the stream has no partner or its pair is not done. */
gboolean          jx_session_get_diff_bar            (JxSession         *self,
                                                      JxSessionTrace    *item,
                                                      guint32            stream,
                                                      const JxComparisonPair **pair,
                                                      gboolean          *side_b,
                                                      JxSessionTrace   **other);
/* Selects what a click on the bar under `stream` of `item` means: its call
 * `invocation`, or for a tick of extra calls (`extra`, else JX_NONE) the
 * first of them in the other trace (jx_diff_bar_model_call_at). */
void              jx_session_select_on_diff_bar      (JxSession         *self,
                                                      JxSessionTrace    *item,
                                                      guint32            stream,
                                                      guint32            invocation,
                                                      guint32            extra);
gboolean          jx_session_get_selected_partner    (JxSession         *self,
                                                      JxSessionTrace   **item,
                                                      guint32           *stream,
                                                      guint32           *invocation);
/* Selects the next (previous) difference after (before) the selected
 * invocation in alignment order, on to the following stream pairs of the
 * comparison; from the start of the compared trace's comparison when
 * nothing is selected. FALSE when there is none further. With highlighted
 * calls (jx_session_highlight_merged_node), their next (previous) one
 * instead, wrapping around. */
gboolean          jx_session_select_difference       (JxSession         *self,
                                                      gboolean           forward);
/* What the diff bars show (the diff-bar model's "diff-mode" and
 * "noise-band") and whether F7 walks largest time change first. */
JxDiffBarMode     jx_session_get_diff_mode           (JxSession         *self);
void              jx_session_set_diff_mode           (JxSession         *self,
                                                      JxDiffBarMode      mode);
double            jx_session_get_noise_band          (JxSession         *self);
void              jx_session_set_noise_band          (JxSession         *self,
                                                      double             band);
gboolean          jx_session_get_differences_by_impact (JxSession       *self);
void              jx_session_set_differences_by_impact (JxSession       *self,
                                                      gboolean           by_impact);
/* Picks a function (a contributor of the headline): highlights it in every
 * timeline (the search is its name), makes next/previous difference walk
 * its calls in the compared trace's comparison, and selects the first of
 * them (the largest change first when walking by impact). NULL ends the
 * focus and the search. FALSE when no compared stream pair calls it (the
 * search is set all the same). */
gboolean          jx_session_focus_function          (JxSession         *self,
                                                      const char        *function);
const char       *jx_session_get_focus_function      (JxSession         *self);
/* Picks the calls of one call path: `node` of item's differential tree
 * (jx_session_get_diff_trees; item is the compared trace). Its function is
 * highlighted (the search), next/previous difference walks exactly the
 * path's calls (jx-diff-tree-calls.h) and the first is selected. FALSE
 * while item has no tree, for the root, or when the path has no call. */
gboolean          jx_session_focus_call_path         (JxSession         *self,
                                                      JxSessionTrace    *item,
                                                      guint32            node);
/* Highlights the calls of `node` of the selected cluster's merged call
 * tree (jx_session_clusters_get_tree; jx-merged-tree-calls.h) in their
 * streams' rows (the call highlight, labelled with the node's path), and
 * selects the first of them; next/previous difference then walks them
 * across streams. The search stays. FALSE (nothing changes) without a tree,
 * or when none of the node's traces is in the session any more. */
gboolean          jx_session_highlight_merged_node   (JxSession         *self,
                                                      guint32            node);
/* Zooms and scrolls the window so that `span` is in it and at least
 * `min_fraction` of its width (e.g. 8 px over the timeline's width), as
 * far as the minimum window allows; a wider span is centred. */
void              jx_session_show_span               (JxSession         *self,
                                                      const JxTimeSpan  *span,
                                                      double             min_fraction);

/* The marker view's gestures (Weber et al. 2017, §3.3): showing one marker
 * highlights it and, when zoomed in, centres the window on it; two markers
 * set the visible window to their times. Aligning traces at markers is
 * jx_session_align_markers (jx-session-align.h). */
void              jx_session_show_marker             (JxSession         *self,
                                                      JxSessionMarker   *marker);
void              jx_session_zoom_to_markers         (JxSession         *self,
                                                      JxSessionMarker   *a,
                                                      JxSessionMarker   *b);

G_END_DECLS
