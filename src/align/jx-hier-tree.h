/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-hier-tree.h — the call trees hierarchical alignment reads, and the name
 * table that gives the same region name the same symbol in both traces.
 *
 * Call trees are read through JxHierTree: nodes in pre-order with a label and
 * subtree_end, exactly the layout of a JxStream's invocation arrays, so a
 * stream can be aligned in place without copying. Labels are mapped to common
 * symbols (shared across the two traces) through an optional label_map. */
#pragma once

#include <glib.h>

#include "jx-trace.h"

G_BEGIN_DECLS

/* Shared name table: the same region name gets the same symbol in A and B. */
typedef struct _JxNameTable JxNameTable;

JxNameTable *jx_name_table_new       (void);
void         jx_name_table_free      (JxNameTable *self);
guint32      jx_name_table_intern    (JxNameTable *self,
                                      const char  *name);
const char  *jx_name_table_get_name  (JxNameTable *self,
                                      guint32      symbol);
guint        jx_name_table_get_size  (JxNameTable *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxNameTable, jx_name_table_free)

typedef struct
{
  guint32        n_nodes;
  const guint32 *label;         /* per node, pre-order */
  const guint32 *label_map;     /* NULL, or label → symbol */
  const guint32 *subtree_end;   /* pre-order index one past the last descendant */
} JxHierTree;

/* Reads the stream's invocation arrays; symbol_map maps region → symbol. */
void      jx_hier_tree_init_from_stream (JxHierTree     *tree,
                                         const JxStream *stream,
                                         const guint32  *symbol_map);

/* First child of node (JX_NONE = the first root), JX_NONE when it has none. */
static inline guint32
jx_hier_tree_first_child (const JxHierTree *tree,
                          guint32           node)
{
  if (node == JX_NONE)
    return tree->n_nodes > 0 ? 0 : JX_NONE;
  if (node + 1 < tree->subtree_end[node])
    return node + 1;
  return JX_NONE;
}

/* The sibling after node under parent (JX_NONE = the roots), or JX_NONE. */
static inline guint32
jx_hier_tree_next_sibling (const JxHierTree *tree,
                           guint32           node,
                           guint32           parent)
{
  guint32 next = tree->subtree_end[node];
  guint32 limit = parent == JX_NONE ? tree->n_nodes : tree->subtree_end[parent];

  return next < limit ? next : JX_NONE;
}

static inline guint32
jx_hier_tree_symbol (const JxHierTree *tree,
                     guint32           node)
{
  guint32 label = tree->label[node];
  return tree->label_map != NULL ? tree->label_map[label] : label;
}

/* Symbols of the direct children of node (JX_NONE = the roots), in order.
 * Fills children (may be NULL) with their node indices. Free with g_free. */
guint32  *jx_hier_tree_children_sequence (const JxHierTree  *tree,
                                          guint32            node,
                                          gsize             *n_out,
                                          guint32          **children);

/* The flat function sequence of the whole tree as the papers construct it
 * (seed Fig. 1, dissertation Fig. 3.2): symbols in control-flow order, where
 * an invocation appears on entry and again each time one of its children
 * returns; e.g. m[c[a] a] gives "m c a c m a m". Length 2·n − roots.
 * node_out (may be NULL) receives the invocation of every position. */
guint32  *jx_hier_tree_flat_sequence     (const JxHierTree  *tree,
                                          gsize             *n_out,
                                          guint32          **node_out);

/* Nodes in pre-order (the order of JxHierTree), i.e. start-time order. */
guint32  *jx_hier_tree_preorder_sequence (const JxHierTree  *tree,
                                          gsize             *n_out);

G_END_DECLS
