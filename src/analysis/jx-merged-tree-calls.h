/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-tree-calls.h — the calls a node of the merged call tree
 * (jx-merged-tree.h) stands for, and nodes named by their call path.
 *
 * A node merges the calls the hierarchical alignment put together: per
 * contributing stream exactly one call (the tree's members); a stream with
 * a gap there contributes none. The window highlights these calls in the
 * contributing streams' rows when a node of the icicle is clicked
 * (jx-call-highlight.h); `juxtrace-cli cluster --merged-tree --node PATH`
 * lists them.
 *
 * A node path names the nodes from the top, " / " between them (or ";",
 * as the CSV's path column): each part is a node's label — its function,
 * "d|e" at a DIFFERENT node — optionally followed by "#K" for the K-th
 * sibling with that label (from 1; without it the first). */
#pragma once

#include "jx-merged-tree.h"

G_BEGIN_DECLS

typedef struct
{
  guint32 stream;             /* index into the tree's streams */
  guint32 invocation;         /* the call in that stream */
  gint64  start_ns;           /* from its trace's start */
  gint64  end_ns;
} JxMergedCall;

/* The calls of `node`, one per contributing stream, in stream order.
 * traces are the traces the tree was built of (n_traces of them, indexed
 * by JxStreamRef.trace; a NULL one's streams are left out). An array of
 * JxMergedCall. */
GArray      *jx_merged_tree_get_node_calls  (JxMergedTree   *tree,
                                             JxTrace *const *traces,
                                             guint           n_traces,
                                             guint32         node);

/* The node a path names; JX_NONE with an error naming the first part that
 * matches no node. */
guint32      jx_merged_tree_find_node       (JxMergedTree   *tree,
                                             const char     *path,
                                             GError        **error);

/* The node's path that jx_merged_tree_find_node finds it by again: "#K"
 * on the parts whose label an earlier sibling has too. Free with g_free. */
char        *jx_merged_tree_dup_node_path   (JxMergedTree   *tree,
                                             guint32         node);

/* A node's label: "d|e" for a different node, else its function. Free
 * with g_free. */
char        *jx_merged_tree_dup_node_label  (JxMergedTree   *tree,
                                             guint32         node);

G_END_DECLS
