/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-hier-tree.c — the name table and the sequences read from a call tree
 * (children, flat control-flow and pre-order sequences). */
#include "config.h"

#include <string.h>

#include "jx-hier-tree.h"

/* Name table */

struct _JxNameTable
{
  GHashTable *symbols;   /* name (owned by names) → symbol + 1 */
  GPtrArray  *names;
};

JxNameTable *
jx_name_table_new (void)
{
  JxNameTable *self = g_new0 (JxNameTable, 1);

  self->symbols = g_hash_table_new (g_str_hash, g_str_equal);
  self->names = g_ptr_array_new_with_free_func (g_free);
  return self;
}

void
jx_name_table_free (JxNameTable *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->symbols);
  g_ptr_array_unref (self->names);
  g_free (self);
}

guint32
jx_name_table_intern (JxNameTable *self,
                      const char  *name)
{
  gpointer value;
  char *copy;

  g_return_val_if_fail (self != NULL, JX_NONE);

  if (name == NULL)
    name = "";
  value = g_hash_table_lookup (self->symbols, name);
  if (value != NULL)
    return GPOINTER_TO_UINT (value) - 1;

  copy = g_strdup (name);
  g_ptr_array_add (self->names, copy);
  g_hash_table_insert (self->symbols, copy, GUINT_TO_POINTER (self->names->len));
  return self->names->len - 1;
}

const char *
jx_name_table_get_name (JxNameTable *self,
                        guint32      symbol)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (symbol >= self->names->len)
    return NULL;
  return g_ptr_array_index (self->names, symbol);
}

guint
jx_name_table_get_size (JxNameTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->names->len;
}

/* Sequences */

void
jx_hier_tree_init_from_stream (JxHierTree     *tree,
                               const JxStream *stream,
                               const guint32  *symbol_map)
{
  g_return_if_fail (tree != NULL);
  g_return_if_fail (stream != NULL);

  tree->n_nodes = stream->n_invocations;
  tree->label = stream->region;
  tree->label_map = symbol_map;
  tree->subtree_end = stream->subtree_end;
}

guint32 *
jx_hier_tree_children_sequence (const JxHierTree  *tree,
                                guint32            node,
                                gsize             *n_out,
                                guint32          **children)
{
  g_autoptr(GArray) symbols = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 c;

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (n_out != NULL, NULL);

  for (c = jx_hier_tree_first_child (tree, node); c != JX_NONE;
       c = jx_hier_tree_next_sibling (tree, c, node))
    {
      guint32 s = jx_hier_tree_symbol (tree, c);
      g_array_append_val (symbols, s);
      g_array_append_val (nodes, c);
    }

  *n_out = symbols->len;
  if (children != NULL)
    *children = (guint32 *) (gpointer) g_array_free (g_steal_pointer (&nodes), FALSE);
  return (guint32 *) (gpointer) g_array_free (g_steal_pointer (&symbols), FALSE);
}

guint32 *
jx_hier_tree_flat_sequence (const JxHierTree  *tree,
                            gsize             *n_out,
                            guint32          **node_out)
{
  g_autofree guint32 *stack = NULL;
  guint32 *seq;
  guint32 *nodes = NULL;
  gsize n_roots = 0;
  gsize len = 0;
  gsize total;
  guint depth = 0;
  guint32 i;

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (n_out != NULL, NULL);

  for (i = 0; i < tree->n_nodes; i = tree->subtree_end[i])
    n_roots++;
  total = 2 * (gsize) tree->n_nodes - n_roots;

  seq = g_new (guint32, MAX (total, 1));
  if (node_out != NULL)
    nodes = g_new (guint32, MAX (total, 1));
  stack = g_new (guint32, tree->n_nodes + 1);

  for (i = 0; i <= tree->n_nodes; i++)
    {
      /* Close every open invocation that ends before i; control returns to
       * its parent, which therefore appears again. */
      while (depth > 0 && tree->subtree_end[stack[depth - 1]] <= i)
        {
          depth--;
          if (depth > 0)
            {
              guint32 p = stack[depth - 1];
              seq[len] = jx_hier_tree_symbol (tree, p);
              if (nodes != NULL)
                nodes[len] = p;
              len++;
            }
        }
      if (i == tree->n_nodes)
        break;
      seq[len] = jx_hier_tree_symbol (tree, i);
      if (nodes != NULL)
        nodes[len] = i;
      len++;
      stack[depth++] = i;
    }

  g_assert (len == total);
  *n_out = len;
  if (node_out != NULL)
    *node_out = nodes;
  return seq;
}

guint32 *
jx_hier_tree_preorder_sequence (const JxHierTree *tree,
                                gsize            *n_out)
{
  guint32 *seq;
  guint32 i;

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (n_out != NULL, NULL);

  seq = g_new (guint32, MAX (tree->n_nodes, 1));
  for (i = 0; i < tree->n_nodes; i++)
    seq[i] = jx_hier_tree_symbol (tree, i);
  *n_out = tree->n_nodes;
  return seq;
}

