/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-types.h — GTypes for the value types the session's properties
 * carry: the time span of jx-time.h (boxed), the load state of a trace and
 * the fold grouping and operation, and the state of its comparison with the
 * reference. */
#pragma once

#include <gio/gio.h>

#include "jx-diff-bar-set.h"
#include "jx-fold.h"
#include "jx-stream-groups.h"
#include "jx-time.h"

G_BEGIN_DECLS

/* JxTimeSpan as a boxed type, for the "visible-time", "selected-time" and
 * "extent" properties. */
#define JX_TYPE_TIME_SPAN (jx_time_span_get_type ())
GType       jx_time_span_get_type (void) G_GNUC_CONST;
JxTimeSpan *jx_time_span_copy     (const JxTimeSpan *span);
void        jx_time_span_free     (JxTimeSpan       *span);

typedef enum
{
  JX_SESSION_TRACE_LOADING,
  JX_SESSION_TRACE_LOADED,
  JX_SESSION_TRACE_FAILED,
} JxSessionTraceState;

#define JX_TYPE_SESSION_TRACE_STATE (jx_session_trace_state_get_type ())
GType       jx_session_trace_state_get_type (void) G_GNUC_CONST;

/* The fold enums of src/analysis, for the session's properties. */
#define JX_TYPE_FOLD_GROUPING (jx_fold_grouping_get_type ())
GType       jx_fold_grouping_get_type (void) G_GNUC_CONST;
#define JX_TYPE_FOLD_OP (jx_fold_op_get_type ())
GType       jx_fold_op_get_type (void) G_GNUC_CONST;

/* What the diff bars show (jx-diff-bar-set.h), for the session's
 * "diff-mode". */
#define JX_TYPE_DIFF_BAR_MODE (jx_diff_bar_mode_get_type ())
GType       jx_diff_bar_mode_get_type (void) G_GNUC_CONST;

/* Where the comparison of a trace with the reference stands. */
typedef enum
{
  JX_SESSION_COMPARISON_NONE,       /* the reference itself, or not loaded */
  JX_SESSION_COMPARISON_WAITING,    /* loaded; the reference is not (yet) */
  JX_SESSION_COMPARISON_RUNNING,    /* results arrive stream pair by stream pair */
  JX_SESSION_COMPARISON_DONE,
  JX_SESSION_COMPARISON_CANCELLED,  /* the pairs done before stay */
  JX_SESSION_COMPARISON_FAILED,
} JxSessionComparisonState;

#define JX_TYPE_SESSION_COMPARISON_STATE (jx_session_comparison_state_get_type ())
GType       jx_session_comparison_state_get_type (void) G_GNUC_CONST;

/* TRUE when `item` is one of list's items (the parts that follow the
 * session's list ask whether an item is still in it). */
gboolean    jx_list_model_contains (GListModel *list,
                                    gpointer    item);

G_END_DECLS
