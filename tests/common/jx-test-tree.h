/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-tree.h — call trees written as text, for the tests of the alignment
 * engine and of the metrics over its results. */
#pragma once

#include "jx-hier-align.h"

G_BEGIN_DECLS

/* A call tree written as text: a symbol is one character, children follow
 * in brackets, e.g. "m[A[a b] B[c]]"; several top-level nodes form a forest. */
typedef struct
{
  GArray     *label;        /* guint32 */
  GArray     *subtree_end;  /* guint32 */
  GArray     *parent;       /* guint32 */
  JxHierTree  tree;
} JxTestTree;

JxTestTree *jx_test_tree_new    (void);
void        jx_test_tree_free   (JxTestTree *t);
/* Adds a node with the given parent (JX_NONE for a root); nodes must come
 * in pre-order. Returns its index. */
guint32     jx_test_tree_add    (JxTestTree *t,
                                 guint32     label,
                                 guint32     parent);
/* Makes t->tree point at the arrays; call after the last add. */
void        jx_test_tree_seal   (JxTestTree *t);
JxTestTree *jx_test_tree_parse  (const char *text);
/* n nodes labelled 'a' + [0, alphabet), nesting at most 12 deep. */
JxTestTree *jx_test_tree_random (GRand      *rand,
                                 guint       n,
                                 guint       alphabet);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxTestTree, jx_test_tree_free)

G_END_DECLS
