/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-selection.h — the invocation the user picked in a session and its
 * aligned partner in the trace it is compared with. The session owns one
 * (jx_session_get_selection) and shows its properties as its own.
 *
 * A pick in a trace other than the reference makes that trace the
 * compared one (jx-comparison-manager.h). The partner comes from the diff
 * bars (jx-diff-bar-model.h) and follows them: it appears when the pair of
 * the selected call is done, and goes when that comparison is dropped.
 *
 * Properties (read-only, notified when they change; each triple changes
 * together):
 *   "selected-trace", "selected-stream", "selected-invocation"
 *       the picked call; NULL / JX_NONE when none
 *   "selected-partner-trace", "selected-partner-stream",
 *   "selected-partner-invocation"
 *       its aligned partner; NULL / JX_NONE when it has none (only in one
 *       trace, or no result yet)
 *   "focus-function"
 *       a function whose calls next/previous difference walks instead of
 *       the differences (a contributor picked in the headline); NULL when
 *       none */
#pragma once

#include <glib-object.h>

#include "jx-comparison-manager.h"
#include "jx-diff-bar-model.h"

G_BEGIN_DECLS

#define JX_TYPE_SELECTION (jx_selection_get_type ())
G_DECLARE_FINAL_TYPE (JxSelection, jx_selection, JX, SELECTION, GObject)

JxSelection *jx_selection_new               (JxComparisonManager *manager,
                                             JxDiffBarModel      *bars);

gboolean     jx_selection_get_invocation    (JxSelection         *self,
                                             JxSessionTrace     **item,
                                             guint32             *stream,
                                             guint32             *invocation);
/* item NULL selects nothing (stream and invocation are then ignored). */
void         jx_selection_select            (JxSelection         *self,
                                             JxSessionTrace      *item,
                                             guint32              stream,
                                             guint32              invocation);
gboolean     jx_selection_get_partner       (JxSelection         *self,
                                             JxSessionTrace     **item,
                                             guint32             *stream,
                                             guint32             *invocation);
/* What a click on the bar under `stream` of `item` means
 * (jx_diff_bar_model_call_at); nothing when it means nothing. */
void         jx_selection_select_on_diff_bar (JxSelection        *self,
                                              JxSessionTrace     *item,
                                              guint32             stream,
                                              guint32             invocation,
                                              guint32             extra);
/* The next (previous) difference from the selected call on, through its
 * trace's comparison (the compared trace's when the call is in the
 * reference or nothing is selected); with a focus function, its next
 * (previous) call instead, wrapping around (jx_diff_bar_model_next_call_of).
 * FALSE when there is none further. */
gboolean     jx_selection_select_difference (JxSelection         *self,
                                             gboolean             forward);
const char  *jx_selection_get_focus_function (JxSelection       *self);
void         jx_selection_set_focus_function (JxSelection       *self,
                                              const char        *function);
/* The same, walking only `calls` (JxDiffWalkEntry of the compared trace's
 * comparison, in their order; referenced): the calls of one call path. A
 * new focus function (or none) drops them. */
void         jx_selection_set_focus_calls    (JxSelection       *self,
                                              const char        *function,
                                              GArray            *calls);
/* Where the call the focus selected last is among the function's calls
 * (from 0); FALSE without a focus or before its first call. */
gboolean     jx_selection_get_focus_position (JxSelection       *self,
                                              guint             *index,
                                              guint             *count);
/* item left the session: a selection in it goes. */
void         jx_selection_forget            (JxSelection         *self,
                                             JxSessionTrace      *item);

G_END_DECLS
