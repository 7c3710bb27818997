/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-calls.c — see jx-diff-tree-calls.h.
 *
 * The tree was made by putting each aligned pair under its aligned
 * parent's node, in the child that carries its label (jx-diff-tree.c). The
 * same walk, kept to the node's path from the root: a pair goes on only
 * while its parent lies on the path and its label is the path's next, so
 * the cost is one look per aligned pair. */
#include "config.h"

#include "jx-diff-tree-calls.h"

/* region → the tree's symbol by name (JX_NONE for a name it lacks). */
static guint32 *
symbol_map (const JxDiffTree *tree,
            GHashTable       *by_name,
            JxTrace          *trace)
{
  guint n = jx_trace_get_n_regions (trace);
  guint32 *map = g_new (guint32, MAX (n, 1));

  for (guint r = 0; r < n; r++)
    {
      const JxRegion *region = jx_trace_get_region (trace, r);
      gpointer symbol = g_hash_table_lookup (by_name, region != NULL && region->name != NULL ? region->name : "");

      map[r] = symbol != NULL ? GPOINTER_TO_UINT (symbol) - 1 : JX_NONE;
    }
  return map;
}

GArray *
jx_diff_tree_find_calls (const JxDiffTree *tree,
                         JxComparison     *cmp,
                         JxTrace          *a,
                         JxTrace          *b,
                         guint32           node,
                         guint             max)
{
  g_autoptr(GHashTable) by_name = NULL;
  g_autofree guint32 *map_a = NULL;
  g_autofree guint32 *map_b = NULL;
  g_autofree guint32 *path = NULL;   /* the node's ancestors, depth 1 … d */
  g_autofree guint16 *level = NULL;  /* per aligned pair: its depth on the path, 0 = off it */
  GArray *calls;
  guint depth;

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (cmp != NULL, NULL);
  g_return_val_if_fail (JX_IS_TRACE (a) && JX_IS_TRACE (b), NULL);
  g_return_val_if_fail (node != JX_DIFF_TREE_ROOT && node < tree->n_nodes, NULL);

  calls = g_array_new (FALSE, FALSE, sizeof (JxDiffTreeCall));
  depth = tree->depth[node];
  path = g_new (guint32, depth + 1);
  for (guint32 n = node; n != JX_DIFF_TREE_ROOT; n = tree->parent[n])
    path[tree->depth[n]] = n;

  by_name = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint s = 0; s < tree->n_names; s++)
    g_hash_table_insert (by_name, tree->names[s], GUINT_TO_POINTER (s + 1));
  map_a = symbol_map (tree, by_name, a);
  map_b = symbol_map (tree, by_name, b);

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxHierAlignment *al = p->alignment;
      const JxStream *sa, *sb;

      if (!jx_comparison_pair_is_compared (p) || al == NULL || al->pairs == NULL || al->parent == NULL)
        continue;
      sa = jx_trace_get_stream (a, p->stream_a);
      sb = jx_trace_get_stream (b, p->stream_b);
      g_free (level);
      level = g_new0 (guint16, MAX (al->n_pairs, 1));
      for (gsize k = 0; k < al->n_pairs; k++)
        {
          const JxAlignPair *ap = &al->pairs[k];
          guint32 parent = al->parent[k];
          guint d = parent == JX_ALIGN_NONE ? 1 : (guint) level[parent] + 1;
          guint32 sym_a, sym_b, want;

          /* Off the path below its parent, or deeper than the node. */
          if ((parent != JX_ALIGN_NONE && level[parent] == 0) || d > depth)
            continue;
          sym_a = ap->a != JX_ALIGN_NONE ? map_a[sa->region[ap->a]] : JX_NONE;
          sym_b = ap->b != JX_ALIGN_NONE ? map_b[sb->region[ap->b]] : JX_NONE;
          /* A one-sided call carries its own function on both sides. */
          if (sym_a == JX_NONE)
            sym_a = sym_b;
          if (sym_b == JX_NONE)
            sym_b = sym_a;
          want = path[d];
          if (tree->symbol_a[want] != sym_a || tree->symbol_b[want] != sym_b)
            continue;
          level[k] = (guint16) d;
          if (d == depth)
            {
              JxDiffTreeCall call = { i, (guint32) k };

              g_array_append_val (calls, call);
              if (max > 0 && calls->len >= max)
                return calls;
            }
        }
    }
  return calls;
}
