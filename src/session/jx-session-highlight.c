/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-highlight.c — the calls of a merged-call-tree node as the
 * session's call highlight (jx-call-highlight.h); next/previous difference
 * walks them (jx_session_select_difference). */
#include "config.h"

#include "jx-merged-tree-calls.h"
#include "jx-session.h"

gboolean
jx_session_highlight_merged_node (JxSession *self,
                                  guint32    node)
{
  JxSessionClusters *clusters;
  JxMergedTree *tree;
  g_autofree JxTrace **traces = NULL;
  g_autofree JxSessionTrace **items = NULL;
  g_autoptr(GArray) calls = NULL;
  g_autoptr(GArray) highlighted = NULL;
  g_autofree char *path = NULL;
  guint n_streams, n_traces = 0;
  const JxHighlightedCall *first;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  clusters = jx_session_get_clusters (self);
  tree = jx_session_clusters_get_tree (clusters, NULL);
  if (tree == NULL)
    return FALSE;
  g_return_val_if_fail (node < jx_merged_tree_get_nodes (tree)->n_nodes, FALSE);

  /* The tree's traces by their index in the build, from the items still
   * in the session. */
  n_streams = jx_merged_tree_get_n_streams (tree);
  for (guint s = 0; s < n_streams; s++)
    n_traces = MAX (n_traces, jx_merged_tree_get_stream (tree, s).trace + 1);
  traces = g_new0 (JxTrace *, MAX (n_traces, 1));
  items = g_new0 (JxSessionTrace *, MAX (n_traces, 1));
  for (guint s = 0; s < n_streams; s++)
    {
      guint t = jx_merged_tree_get_stream (tree, s).trace;
      JxSessionTrace *item = jx_session_clusters_get_tree_item (clusters, s);

      if (item != NULL && jx_session_trace_get_trace (item) != NULL)
        {
          items[t] = item;
          traces[t] = jx_session_trace_get_trace (item);
        }
    }

  calls = jx_merged_tree_get_node_calls (tree, traces, n_traces, node);
  if (calls->len == 0)
    return FALSE;
  highlighted = g_array_sized_new (FALSE, FALSE, sizeof (JxHighlightedCall), calls->len);
  for (guint k = 0; k < calls->len; k++)
    {
      const JxMergedCall *call = &g_array_index (calls, JxMergedCall, k);
      JxStreamRef ref = jx_merged_tree_get_stream (tree, call->stream);
      JxHighlightedCall h = { items[ref.trace], ref.stream, call->invocation };

      g_array_append_val (highlighted, h);
    }
  path = jx_merged_tree_dup_node_path (tree, node);

  g_object_freeze_notify (G_OBJECT (self));
  jx_call_highlight_set (jx_session_get_call_highlight (self), path,
                         (const JxHighlightedCall *) (gpointer) highlighted->data, highlighted->len);
  first = &g_array_index (highlighted, JxHighlightedCall, 0);
  jx_session_select_invocation (self, first->item, first->stream, first->invocation);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}
