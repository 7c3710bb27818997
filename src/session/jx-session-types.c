/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-types.c */
#include "config.h"

#include "jx-session-types.h"

JxTimeSpan *
jx_time_span_copy (const JxTimeSpan *span)
{
  g_return_val_if_fail (span != NULL, NULL);

  return g_memdup2 (span, sizeof *span);
}

void
jx_time_span_free (JxTimeSpan *span)
{
  g_free (span);
}

G_DEFINE_BOXED_TYPE (JxTimeSpan, jx_time_span, jx_time_span_copy, jx_time_span_free)

G_DEFINE_ENUM_TYPE (JxSessionTraceState, jx_session_trace_state,
  G_DEFINE_ENUM_VALUE (JX_SESSION_TRACE_LOADING, "loading"),
  G_DEFINE_ENUM_VALUE (JX_SESSION_TRACE_LOADED, "loaded"),
  G_DEFINE_ENUM_VALUE (JX_SESSION_TRACE_FAILED, "failed"))

G_DEFINE_ENUM_TYPE (JxFoldGrouping, jx_fold_grouping,
  G_DEFINE_ENUM_VALUE (JX_FOLD_GROUPING_THREADS, "threads"),
  G_DEFINE_ENUM_VALUE (JX_FOLD_GROUPING_PROCESSES, "processes"),
  G_DEFINE_ENUM_VALUE (JX_FOLD_GROUPING_NODES, "nodes"),
  G_DEFINE_ENUM_VALUE (JX_FOLD_GROUPING_CUSTOM, "custom"),
  G_DEFINE_ENUM_VALUE (JX_FOLD_GROUPING_CLUSTERS, "clusters"))

G_DEFINE_ENUM_TYPE (JxFoldOp, jx_fold_op,
  G_DEFINE_ENUM_VALUE (JX_FOLD_MAX, "max"),
  G_DEFINE_ENUM_VALUE (JX_FOLD_MIN, "min"),
  G_DEFINE_ENUM_VALUE (JX_FOLD_DIFF, "diff"),
  G_DEFINE_ENUM_VALUE (JX_FOLD_IDLE, "idle"))

G_DEFINE_ENUM_TYPE (JxSessionComparisonState, jx_session_comparison_state,
  G_DEFINE_ENUM_VALUE (JX_SESSION_COMPARISON_NONE, "none"),
  G_DEFINE_ENUM_VALUE (JX_SESSION_COMPARISON_WAITING, "waiting"),
  G_DEFINE_ENUM_VALUE (JX_SESSION_COMPARISON_RUNNING, "running"),
  G_DEFINE_ENUM_VALUE (JX_SESSION_COMPARISON_DONE, "done"),
  G_DEFINE_ENUM_VALUE (JX_SESSION_COMPARISON_CANCELLED, "cancelled"),
  G_DEFINE_ENUM_VALUE (JX_SESSION_COMPARISON_FAILED, "failed"))

G_DEFINE_ENUM_TYPE (JxDiffBarMode, jx_diff_bar_mode,
  G_DEFINE_ENUM_VALUE (JX_DIFF_BAR_STRUCTURE, "structure"),
  G_DEFINE_ENUM_VALUE (JX_DIFF_BAR_TIME, "time"),
  G_DEFINE_ENUM_VALUE (JX_DIFF_BAR_BOTH, "both"))

gboolean
jx_list_model_contains (GListModel *list,
                        gpointer    item)
{
  guint n = list != NULL ? g_list_model_get_n_items (list) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) other = g_list_model_get_item (list, i);

      if ((gpointer) other == item)
        return TRUE;
    }
  return FALSE;
}
