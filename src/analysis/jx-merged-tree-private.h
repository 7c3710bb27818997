/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-tree-private.h — the merged call tree's storage, shared by the
 * result's accessors (jx-merged-tree.c) and the build
 * (jx-merged-tree-build.c). */
#pragma once

#include "jx-hier-tree.h"
#include "jx-merged-tree.h"

G_BEGIN_DECLS

struct _JxMergedTree
{
  gatomicrefcount     ref;
  JxMergedTreeOptions options;
  JxMergedTreeStats   stats;
  JxMergedNodes       nodes;          /* points into the arrays below */

  guint32             n_nodes;
  guint32            *parent;
  guint32            *subtree_end;
  guint16            *depth;
  guint32            *symbol;
  guint8             *state;
  guint32            *n_members;
  guint64            *member_offset;  /* n_nodes + 1 */
  double             *min_seconds;
  double             *median_seconds;
  double             *max_seconds;
  double             *sum_seconds;
  guint32            *outlier;
  JxMergedMember     *members;

  /* DIFFERENT nodes (ascending) and the functions merged at each, the most
   * called first: functions[different_offset[k] .. different_offset[k + 1]). */
  guint32             n_different;
  guint32            *different_node;
  guint32            *different_offset;
  JxMergedFunction   *functions;

  guint               n_streams;
  JxStreamRef        *streams;
  char              **stream_names;   /* "process / stream" */
  char              **trace_names;    /* per stream */
  guint32            *n_invocations;  /* per stream */
  JxNameTable        *names;
};

/* An empty tree for the build to fill (arrays NULL, n_nodes 0). */
JxMergedTree *_jx_merged_tree_new        (void);
/* Points nodes at the arrays once they are final. */
void          _jx_merged_tree_seal       (JxMergedTree *self);

G_END_DECLS
