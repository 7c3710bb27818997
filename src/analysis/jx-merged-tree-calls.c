/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-tree-calls.c — see jx-merged-tree-calls.h. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-merged-tree-calls.h"
#include "jx-time.h"

GArray *
jx_merged_tree_get_node_calls (JxMergedTree   *tree,
                               JxTrace *const *traces,
                               guint           n_traces,
                               guint32         node)
{
  const JxMergedMember *members;
  GArray *out;
  guint n;

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (traces != NULL, NULL);
  g_return_val_if_fail (node < jx_merged_tree_get_nodes (tree)->n_nodes, NULL);

  members = jx_merged_tree_get_members (tree, node, &n);
  out = g_array_sized_new (FALSE, FALSE, sizeof (JxMergedCall), n);
  for (guint k = 0; k < n; k++)
    {
      JxStreamRef ref = jx_merged_tree_get_stream (tree, members[k].stream);
      const JxStream *s;
      JxTimeOrigin origin;
      JxMergedCall call;

      /* A trace that is gone (a window's trace closed since the build). */
      if (ref.trace >= n_traces || traces[ref.trace] == NULL)
        continue;
      s = jx_trace_get_stream (traces[ref.trace], ref.stream);
      g_return_val_if_fail (s != NULL && members[k].invocation < s->n_invocations, out);
      origin = jx_trace_get_time_origin (traces[ref.trace], 0);
      call.stream = members[k].stream;
      call.invocation = members[k].invocation;
      call.start_ns = jx_time_ticks_to_comparison (origin, (gint64) s->start[call.invocation]);
      call.end_ns = jx_time_ticks_to_comparison (origin, (gint64) s->end[call.invocation]);
      g_array_append_val (out, call);
    }
  return out;
}

/* "d|e" for a DIFFERENT node, else its function: the CLI's label. */
char *
jx_merged_tree_dup_node_label (JxMergedTree *tree,
                               guint32       node)
{
  g_autoptr(GArray) functions = jx_merged_tree_get_functions (tree, node);
  GString *out = g_string_new (NULL);

  for (guint f = 0; f < functions->len; f++)
    g_string_append_printf (out, "%s%s", f > 0 ? "|" : "",
                            jx_merged_tree_get_symbol_name (tree, g_array_index (functions, JxMergedFunction, f).symbol));
  return g_string_free (out, FALSE);
}

/* The children of `parent` (JX_NONE: the top) run from first to limit. */
static void
children_range (const JxMergedNodes *nodes,
                guint32              parent,
                guint32             *first,
                guint32             *limit)
{
  *first = parent == JX_NONE ? 0 : parent + 1;
  *limit = parent == JX_NONE ? nodes->n_nodes : nodes->subtree_end[parent];
}

guint32
jx_merged_tree_find_node (JxMergedTree  *tree,
                          const char    *path,
                          GError       **error)
{
  const JxMergedNodes *nodes;
  g_auto(GStrv) parts = NULL;
  guint32 parent = JX_NONE;

  g_return_val_if_fail (tree != NULL, JX_NONE);
  g_return_val_if_fail (path != NULL, JX_NONE);
  g_return_val_if_fail (error == NULL || *error == NULL, JX_NONE);

  nodes = jx_merged_tree_get_nodes (tree);
  parts = g_strsplit (path, strstr (path, " / ") != NULL ? " / " : ";", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *name = g_strdup (g_strstrip (parts[i]));
      char *hash = strrchr (name, '#');
      guint64 wanted = 1, seen = 0;
      guint32 first, limit, found = JX_NONE;

      if (hash != NULL && hash[1] != '\0' && strspn (hash + 1, "0123456789") == strlen (hash + 1))
        {
          wanted = g_ascii_strtoull (hash + 1, NULL, 10);
          *hash = '\0';
        }
      if (*name == '\0' || wanted == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not a node path: part %u is empty or numbered 0"), path, i + 1);
          return JX_NONE;
        }
      children_range (nodes, parent, &first, &limit);
      for (guint32 c = first; c < limit && found == JX_NONE; c = nodes->subtree_end[c])
        {
          g_autofree char *label = jx_merged_tree_dup_node_label (tree, c);

          if (g_strcmp0 (label, name) == 0 && ++seen == wanted)
            found = c;
        }
      if (found == JX_NONE)
        {
          if (seen > 0)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                         _("Node path “%s”: only %u calls of “%s” there, not %u"), path, (guint) seen, name,
                         (guint) MIN (wanted, G_MAXUINT));
          else
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                         _("Node path “%s”: no node “%s” at depth %u of the merged call tree"), path, name, i + 1);
          return JX_NONE;
        }
      parent = found;
    }
  if (parent == JX_NONE)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("“%s” is not a node path"), path);
  return parent;
}

char *
jx_merged_tree_dup_node_path (JxMergedTree *tree,
                              guint32       node)
{
  const JxMergedNodes *nodes;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (node < jx_merged_tree_get_nodes (tree)->n_nodes, NULL);

  nodes = jx_merged_tree_get_nodes (tree);
  for (guint32 v = node; v != JX_NONE; v = nodes->parent[v])
    {
      char *label = jx_merged_tree_dup_node_label (tree, v);
      guint32 first, limit;
      guint index = 1, count = 0;

      children_range (nodes, nodes->parent[v], &first, &limit);
      for (guint32 c = first; c < limit; c = nodes->subtree_end[c])
        {
          g_autofree char *other = jx_merged_tree_dup_node_label (tree, c);

          if (g_strcmp0 (other, label) != 0)
            continue;
          count++;
          if (c == v)
            index = count;
        }
      if (index > 1)
        {
          char *numbered = g_strdup_printf ("%s#%u", label, index);

          g_free (label);
          label = numbered;
        }
      g_ptr_array_add (parts, label);
    }
  for (guint i = parts->len; i > 0; i--)
    {
      if (i < parts->len)
        g_string_append (out, " / ");
      g_string_append (out, g_ptr_array_index (parts, i - 1));
    }
  return g_string_free (out, FALSE);
}
