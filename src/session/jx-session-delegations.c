/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-delegations.c — the jx_session_* calls that hand on to one of
 * the session's parts (jx-session.h), kept so that the views and tests that
 * use them go on working; new code may call the parts directly. Public
 * calls only: the parts through the session's getters. */
#include "config.h"

#include "jx-diff-tree-calls.h"
#include "jx-session.h"

/* The comparisons and their diff bars. */

JxSessionTrace *
jx_session_get_reference (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return jx_comparison_manager_get_reference (jx_session_get_comparison_manager (self));
}

void
jx_session_set_reference (JxSession      *self,
                          JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));
  g_return_if_fail (jx_session_find_item (self, item, NULL));

  jx_comparison_manager_set_reference (jx_session_get_comparison_manager (self), item);
}

JxSessionTrace *
jx_session_get_compared (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return jx_comparison_manager_get_compared (jx_session_get_comparison_manager (self));
}

void
jx_session_set_compared (JxSession      *self,
                         JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (item == NULL || jx_session_find_item (self, item, NULL));

  jx_comparison_manager_set_compared (jx_session_get_comparison_manager (self), item);
}

void
jx_session_compare (JxSession      *self,
                    JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  jx_comparison_manager_compare (jx_session_get_comparison_manager (self), item);
}

void
jx_session_cancel_comparison (JxSession      *self,
                              JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  jx_comparison_manager_cancel (jx_session_get_comparison_manager (self), item);
}

gboolean
jx_session_has_diff_bar (JxSession      *self,
                         JxSessionTrace *item,
                         guint32         stream)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), FALSE);

  return jx_diff_bar_model_has_row (jx_session_get_diff_bars (self), item, stream);
}

gboolean
jx_session_get_diff_bar (JxSession               *self,
                         JxSessionTrace          *item,
                         guint32                  stream,
                         const JxComparisonPair **pair,
                         gboolean                *side_b,
                         JxSessionTrace         **other)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), FALSE);

  return jx_diff_bar_model_get_bar (jx_session_get_diff_bars (self), item, stream, pair, side_b, other);
}

/* Offsets and undo. */

void
jx_session_set_offset (JxSession      *self,
                       JxSessionTrace *item,
                       gint64          offset_ns)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));
  g_return_if_fail (jx_session_find_item (self, item, NULL));

  jx_offset_history_set_offset (jx_session_get_offset_history (self), item, offset_ns);
}

void
jx_session_set_offsets (JxSession       *self,
                        JxSessionTrace **items,
                        const gint64    *offsets_ns,
                        guint            n_items)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (items != NULL || n_items == 0);
  g_return_if_fail (offsets_ns != NULL || n_items == 0);
  for (guint i = 0; i < n_items; i++)
    g_return_if_fail (JX_IS_SESSION_TRACE (items[i]) && jx_session_find_item (self, items[i], NULL));

  jx_offset_history_set_offsets (jx_session_get_offset_history (self), items, offsets_ns, n_items);
}

void
jx_session_begin_offset_drag (JxSession      *self,
                              JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  if (jx_session_find_item (self, item, NULL))
    jx_offset_history_begin_drag (jx_session_get_offset_history (self), item);
}

void
jx_session_end_offset_drag (JxSession      *self,
                            JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  jx_offset_history_end_drag (jx_session_get_offset_history (self), item);
}

gboolean
jx_session_can_undo (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return jx_offset_history_can_undo (jx_session_get_offset_history (self));
}

gboolean
jx_session_can_redo (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return jx_offset_history_can_redo (jx_session_get_offset_history (self));
}

const char *
jx_session_get_undo_label (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return jx_offset_history_get_undo_label (jx_session_get_offset_history (self));
}

const char *
jx_session_get_redo_label (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return jx_offset_history_get_redo_label (jx_session_get_offset_history (self));
}

void
jx_session_undo (JxSession *self)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_offset_history_undo (jx_session_get_offset_history (self));
}

void
jx_session_redo (JxSession *self)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_offset_history_redo (jx_session_get_offset_history (self));
}

/* The time model. */

const JxTimeSpan *
jx_session_get_visible_time (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return jx_time_model_get_visible_time (jx_session_get_time_model (self));
}

void
jx_session_set_visible_time (JxSession        *self,
                             const JxTimeSpan *span)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (span != NULL);

  jx_time_model_set_visible_time (jx_session_get_time_model (self), span);
}

void
jx_session_zoom_all (JxSession *self)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_time_model_zoom_all (jx_session_get_time_model (self));
}

void
jx_session_zoom (JxSession *self,
                 double     factor,
                 gint64     around_ns)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (factor > 0.0);

  jx_time_model_zoom (jx_session_get_time_model (self), factor, around_ns);
}

void
jx_session_pan (JxSession *self,
                gint64     delta_ns)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_time_model_pan (jx_session_get_time_model (self), delta_ns);
}

const JxTimeSpan *
jx_session_get_selected_time (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return jx_time_model_get_selected_time (jx_session_get_time_model (self));
}

void
jx_session_select_time (JxSession        *self,
                        const JxTimeSpan *span)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_time_model_select_time (jx_session_get_time_model (self), span);
}

/* Folding and SOS time. */

JxFoldGrouping
jx_session_get_fold_grouping (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), JX_FOLD_GROUPING_THREADS);
  return jx_fold_settings_get_grouping (jx_session_get_fold_settings (self));
}

void
jx_session_set_fold_grouping (JxSession      *self,
                              JxFoldGrouping  grouping)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (grouping < JX_N_FOLD_GROUPINGS);

  jx_fold_settings_set_grouping (jx_session_get_fold_settings (self), grouping);
}

JxFoldOp
jx_session_get_fold_operation (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), JX_FOLD_MAX);
  return jx_fold_settings_get_operation (jx_session_get_fold_settings (self));
}

void
jx_session_set_fold_operation (JxSession *self,
                               JxFoldOp   op)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (op < JX_N_FOLD_OPS);

  jx_fold_settings_set_operation (jx_session_get_fold_settings (self), op);
}

const char * const *
jx_session_get_fold_custom (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return jx_fold_settings_get_custom (jx_session_get_fold_settings (self));
}

void
jx_session_set_fold_custom (JxSession          *self,
                            const char * const *streams)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_fold_settings_set_custom (jx_session_get_fold_settings (self), streams);
}

void
jx_session_fold_all (JxSession *self,
                     guint      kinds,
                     gboolean   folded)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_fold_settings_fold_all (jx_session_get_fold_settings (self), kinds, folded);
}

gboolean
jx_session_get_show_sos (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return jx_fold_settings_get_show_sos (jx_session_get_fold_settings (self));
}

void
jx_session_set_show_sos (JxSession *self,
                         gboolean   show_sos)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_fold_settings_set_show_sos (jx_session_get_fold_settings (self), show_sos);
}

const char *
jx_session_get_sos_function (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return jx_fold_settings_get_sos_function (jx_session_get_fold_settings (self));
}

void
jx_session_set_sos_function (JxSession  *self,
                             const char *function)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_fold_settings_set_sos_function (jx_session_get_fold_settings (self), function);
}

/* Markers. */

void
jx_session_show_marker (JxSession       *self,
                        JxSessionMarker *marker)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_MARKER (marker));

  jx_session_markers_set_highlighted (jx_session_get_markers (self), &marker, 1);
  jx_time_model_centre_on (jx_session_get_time_model (self), jx_session_marker_get_comparison_ns (marker, FALSE));
}

void
jx_session_zoom_to_markers (JxSession       *self,
                            JxSessionMarker *a,
                            JxSessionMarker *b)
{
  JxSessionMarker *both[2] = { a, b };
  gint64 ta, tb;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_MARKER (a) && JX_IS_SESSION_MARKER (b));

  jx_session_markers_set_highlighted (jx_session_get_markers (self), both, 2);
  ta = jx_session_marker_get_comparison_ns (a, FALSE);
  tb = jx_session_marker_get_comparison_ns (b, FALSE);
  jx_time_model_set_visible_time (jx_session_get_time_model (self), &(JxTimeSpan) { MIN (ta, tb), MAX (ta, tb) });
}

/* The selection. Each change is one batch of the session's notifications,
 * the compared trace and the partner included. */

gboolean
jx_session_get_selected_invocation (JxSession       *self,
                                    JxSessionTrace **item,
                                    guint32         *stream,
                                    guint32         *invocation)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return jx_selection_get_invocation (jx_session_get_selection (self), item, stream, invocation);
}

void
jx_session_select_invocation (JxSession      *self,
                              JxSessionTrace *item,
                              guint32         stream,
                              guint32         invocation)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (item == NULL || jx_session_find_item (self, item, NULL));

  g_object_freeze_notify (G_OBJECT (self));
  jx_selection_select (jx_session_get_selection (self), item, stream, invocation);
  g_object_thaw_notify (G_OBJECT (self));
}

void
jx_session_clear_selection (JxSession *self)
{
  g_return_if_fail (JX_IS_SESSION (self));

  g_object_freeze_notify (G_OBJECT (self));
  jx_selection_select (jx_session_get_selection (self), NULL, JX_NONE, JX_NONE);
  jx_time_model_select_time (jx_session_get_time_model (self), NULL);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
jx_session_get_selected_partner (JxSession       *self,
                                 JxSessionTrace **item,
                                 guint32         *stream,
                                 guint32         *invocation)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return jx_selection_get_partner (jx_session_get_selection (self), item, stream, invocation);
}

void
jx_session_select_on_diff_bar (JxSession      *self,
                               JxSessionTrace *item,
                               guint32         stream,
                               guint32         invocation,
                               guint32         extra)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  g_object_freeze_notify (G_OBJECT (self));
  jx_selection_select_on_diff_bar (jx_session_get_selection (self), item, stream, invocation, extra);
  g_object_thaw_notify (G_OBJECT (self));
}

/* With highlighted calls: selects the next (previous) of them, wrapping
 * around. FALSE when none is highlighted. */
static gboolean
step_call_highlight (JxSession *self,
                     gboolean   forward)
{
  JxCallHighlight *highlight = jx_session_get_call_highlight (self);
  JxSessionTrace *item = NULL;
  guint32 stream = JX_NONE, invocation = JX_NONE;
  const JxHighlightedCall *calls;
  guint next;

  if (jx_call_highlight_get_n_calls (highlight) == 0)
    return FALSE;
  jx_session_get_selected_invocation (self, &item, &stream, &invocation);
  next = jx_call_highlight_step (highlight, item, stream, invocation, forward);
  calls = jx_call_highlight_get_calls (highlight, NULL);
  jx_session_select_invocation (self, calls[next].item, calls[next].stream, calls[next].invocation);
  return TRUE;
}

gboolean
jx_session_select_difference (JxSession *self,
                              gboolean   forward)
{
  gboolean found;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  g_object_freeze_notify (G_OBJECT (self));
  found = step_call_highlight (self, forward) ||
          jx_selection_select_difference (jx_session_get_selection (self), forward);
  g_object_thaw_notify (G_OBJECT (self));
  return found;
}

JxDiffBarMode
jx_session_get_diff_mode (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), JX_DIFF_BAR_BOTH);
  return jx_diff_bar_model_get_mode (jx_session_get_diff_bars (self));
}

void
jx_session_set_diff_mode (JxSession     *self,
                          JxDiffBarMode  mode)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_diff_bar_model_set_mode (jx_session_get_diff_bars (self), mode);
}

double
jx_session_get_noise_band (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), 0.10);
  return jx_diff_bar_model_get_band (jx_session_get_diff_bars (self));
}

void
jx_session_set_noise_band (JxSession *self,
                           double     band)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_diff_bar_model_set_band (jx_session_get_diff_bars (self), band);
}

gboolean
jx_session_get_differences_by_impact (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  return jx_diff_bar_model_get_by_impact (jx_session_get_diff_bars (self));
}

void
jx_session_set_differences_by_impact (JxSession *self,
                                      gboolean   by_impact)
{
  g_return_if_fail (JX_IS_SESSION (self));
  jx_diff_bar_model_set_by_impact (jx_session_get_diff_bars (self), by_impact);
}

const char *
jx_session_get_focus_function (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  return jx_selection_get_focus_function (jx_session_get_selection (self));
}

gboolean
jx_session_focus_function (JxSession  *self,
                           const char *function)
{
  JxSelection *selection;
  gboolean found;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  selection = jx_session_get_selection (self);
  g_object_freeze_notify (G_OBJECT (self));
  /* The search first: a search of anything else ends the focus. */
  jx_session_set_search (self, function);
  jx_selection_set_focus_function (selection, function);
  found = FALSE;
  if (function != NULL && *function != '\0')
    {
      /* From nothing selected: the first call in the walk's order. */
      jx_selection_select (selection, NULL, JX_NONE, JX_NONE);
      found = jx_selection_select_difference (selection, TRUE);
    }
  g_object_thaw_notify (G_OBJECT (self));
  return found;
}

void
jx_session_show_span (JxSession        *self,
                      const JxTimeSpan *span,
                      double            min_fraction)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (span != NULL);
  jx_time_model_show_span (jx_session_get_time_model (self), span, min_fraction);
}

gboolean
jx_session_focus_call_path (JxSession      *self,
                            JxSessionTrace *item,
                            guint32         node)
{
  const JxDiffTree *tree;
  JxTraceComparison *tc;
  JxComparison *cmp;
  JxTrace *a, *b;
  g_autoptr(GArray) calls = NULL;
  g_autoptr(GArray) entries = NULL;
  JxSelection *selection;
  const char *function;
  gboolean found;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), FALSE);

  tree = jx_diff_tree_store_get (jx_session_get_diff_trees (self), item);
  tc = jx_session_trace_get_trace_comparison (item);
  cmp = jx_trace_comparison_get_comparison (tc);
  a = jx_trace_comparison_get_reference (tc);
  b = jx_session_trace_get_trace (item);
  if (tree == NULL || cmp == NULL || a == NULL || b == NULL || node == JX_DIFF_TREE_ROOT || node >= tree->n_nodes)
    return FALSE;
  calls = jx_diff_tree_find_calls (tree, cmp, a, b, node, 0);
  entries = g_array_sized_new (FALSE, FALSE, sizeof (JxDiffWalkEntry), calls->len);
  for (guint i = 0; i < calls->len; i++)
    {
      const JxDiffTreeCall *call = &g_array_index (calls, JxDiffTreeCall, i);
      JxDiffWalkEntry entry = { call->index, call->pair, 0.0 };

      g_array_append_val (entries, entry);
    }
  /* The function of B's calls (A's where the node is only in A). */
  function = tree->names[tree->symbol_b[node]];

  selection = jx_session_get_selection (self);
  g_object_freeze_notify (G_OBJECT (self));
  jx_session_set_search (self, function);
  jx_selection_set_focus_calls (selection, function, entries);
  jx_selection_select (selection, NULL, JX_NONE, JX_NONE);
  jx_session_set_compared (self, item);
  found = jx_selection_select_difference (selection, TRUE);
  g_object_thaw_notify (G_OBJECT (self));
  return found;
}
