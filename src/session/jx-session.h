/* jx-session.h — what a comparison is: its traces, one time model, the
 * modes every view follows, and the undo history of trace offsets.
 *
 * The session is a GListModel of JxSessionTrace items in display order
 * (jx-session-trace.h). Views hold items, never positions, and follow the
 * model with items-changed, each item with notify::, and the session's own
 * properties with notify::. Views change only the session; nothing here
 * knows about widgets (GLib and GIO only).
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
 * Signal "trace-notify" (JxSessionTrace *item, GParamSpec *pspec), detailed
 * by property name: every notify of every item while it is in the session,
 * for views that show all traces at once.
 * Signal "fold-all" (guint kinds, gboolean folded): fold (or unfold) every
 * group whose JxStreamGroupKind bit is in kinds, in every trace
 * (jx_session_fold_all); views keep which groups are folded.
 *
 * Results computed per trace — the pattern to copy. The timeline summary
 * ("summary" on the item) is the first; the comparison of each trace with the
 * reference, markers and folded views come next, the same way:
 *   1. The result is an immutable, reference-counted value held by the item
 *      in a read-only property, notified when it arrives. It may hold the
 *      JxTrace (or several) but never an item or the session, so there is no
 *      cycle and it goes with the item.
 *   2. A JxSessionJob (jx-session-job.h) on the item runs it: start it when
 *      its inputs are ready (the item's own load for the summary; for a
 *      comparison, both this item and the reference loaded: the session sees
 *      that in its notify::state handler and when "reference" changes). Pass
 *      the worker thread immutable inputs only (JxTrace references, options)
 *      and a reference to the item; on completion, store the result only
 *      when jx_session_job_finish() says the run is still current.
 *   3. An input that changes (the reference moves, the options change)
 *      clears the result (notify) and starts the job again; starting cancels
 *      the run in progress.
 *   4. Removal detaches the item (_jx_session_trace_detach), which cancels
 *      its jobs; the results go with the item.
 * Session-wide results (e.g. all traces' markers as one GListModel) and modes
 * that apply to every trace (fold, SOS time) live on the session as
 * properties, like "shift-mode", and views read them with the items.
 */
#pragma once

#include <gio/gio.h>

#include "jx-session-trace.h"

G_BEGIN_DECLS

#define JX_TYPE_SESSION (jx_session_get_type ())
G_DECLARE_FINAL_TYPE (JxSession, jx_session, JX, SESSION, GObject)

JxSession        *jx_session_new                     (void);

/* Traces. Items exist from the moment loading starts; the add functions
 * return the new item (owned by the session). */
JxSessionTrace   *jx_session_add_path                (JxSession         *self,
                                                      const char        *path);
JxSessionTrace   *jx_session_add_trace               (JxSession         *self,
                                                      JxTrace           *trace);
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

/* Folding and SOS time (jx-session-fold.c). */
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

/* Comparisons with the reference (jx-session-comparison.c). They start by
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
gboolean          jx_session_get_selected_partner    (JxSession         *self,
                                                      JxSessionTrace   **item,
                                                      guint32           *stream,
                                                      guint32           *invocation);
/* Selects the next (previous) difference after (before) the selected
 * invocation in alignment order, on to the following stream pairs of the
 * comparison; from the start of the compared trace's comparison when
 * nothing is selected. FALSE when there is none further. */
gboolean          jx_session_select_difference       (JxSession         *self,
                                                      gboolean           forward);

G_END_DECLS
