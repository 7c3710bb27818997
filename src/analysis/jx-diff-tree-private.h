/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-private.h — the builder shared by jx-diff-tree.c (nodes,
 * alignment walk, merge) and jx-diff-tree-build.c (a comparison's pairs on
 * worker threads). */
#pragma once

#include "jx-diff-tree.h"

G_BEGIN_DECLS

typedef struct
{
  JxDiffTree *tree;
  guint32     capacity;
  guint32    *last_child;    /* per node, to append children in order */
  /* Open addressing: (parent << 32 | label) → node. */
  guint64    *keys;
  guint32    *vals;
  gsize       hmask;
  gsize       hcount;
  GHashTable *diff_labels;   /* (symbol_a << 32 | symbol_b) → label number + 1 */
} Builder;

void        _jx_diff_tree_builder_init          (Builder               *b,
                                                 double                 seconds_per_tick_a,
                                                 double                 seconds_per_tick_b,
                                                 const char * const    *names,
                                                 guint                  n_names);
/* FALSE when cancelled (the builder then holds part of the pair). */
gboolean    _jx_diff_tree_builder_add_alignment (Builder               *b,
                                                 const JxHierAlignment *al,
                                                 const JxDiffTreeSide  *a,
                                                 const JxDiffTreeSide  *bside,
                                                 GCancellable          *cancellable);
void        _jx_diff_tree_builder_add_tree      (Builder               *b,
                                                 const JxDiffTree      *src);
JxDiffTree *_jx_diff_tree_builder_finish        (Builder               *b);
void        _jx_diff_tree_builder_clear         (Builder               *b);

G_END_DECLS
