/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-calls.h — the calls behind a node of the differential
 * merged call tree (jx-diff-tree.h): the aligned pairs of the comparison
 * whose call path, followed from the top-level call down the aligned
 * callers, is the node's. The window selects them when a node of the tree
 * table or the flame graph is clicked. */
#pragma once

#include "jx-diff-tree.h"

G_BEGIN_DECLS

/* An aligned pair of calls: alignment pair `pair` of stream pair `index`
 * of the comparison. */
typedef struct
{
  guint   index;
  guint32 pair;
} JxDiffTreeCall;

/* The calls of `node` (not the root) in the comparison's compared stream
 * pairs, in stream-pair and alignment order, at most max (0 = all). tree
 * must be the tree of cmp (jx_diff_tree_build with G_MAXUINT), a and b the
 * traces it compared. An array of JxDiffTreeCall. */
GArray      *jx_diff_tree_find_calls        (const JxDiffTree      *tree,
                                             JxComparison          *cmp,
                                             JxTrace               *a,
                                             JxTrace               *b,
                                             guint32                node,
                                             guint                  max);

G_END_DECLS
