/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-csv.c — the differential call tree as CSV rows: the one
 * writer behind `juxtrace-cli diff --tree --csv` and the window's Export
 * Table as CSV of the call-tree table (jx-diff-tree.h). */
#include "config.h"

#include <math.h>

#include "jx-diff-tree.h"
#include "jx-function-table.h"

static void
append_number (GString *out,
               double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (out, ',');
  if (!isnan (value) && !isinf (value))
    g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.9g", value));
}

void
jx_diff_tree_append_csv_row (GString          *out,
                             const JxDiffTree *self,
                             guint32           node,
                             const char       *stream_a,
                             const char       *stream_b,
                             const char       *path)
{
  g_return_if_fail (out != NULL && self != NULL && node < self->n_nodes);

  jx_csv_append_field (out, stream_a != NULL ? stream_a : "");
  g_string_append_c (out, ',');
  jx_csv_append_field (out, stream_b != NULL ? stream_b : "");
  g_string_append_c (out, ',');
  jx_csv_append_field (out, path != NULL ? path : "");
  g_string_append_printf (out, ",%u,", self->depth[node]);
  jx_csv_append_field (out, self->names[self->symbol_a[node]]);
  g_string_append_c (out, ',');
  jx_csv_append_field (out, self->names[self->symbol_b[node]]);
  g_string_append_printf (out, ",%s,%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT,
                          jx_diff_tree_state_to_string (jx_diff_tree_get_state (self, node)),
                          self->calls_a[node], self->calls_b[node], self->only_calls_a[node], self->only_calls_b[node]);
  append_number (out, jx_diff_tree_seconds (self, node, FALSE, FALSE));
  append_number (out, jx_diff_tree_seconds (self, node, FALSE, TRUE));
  append_number (out, jx_diff_tree_seconds (self, node, TRUE, FALSE));
  append_number (out, jx_diff_tree_seconds (self, node, TRUE, TRUE));
  append_number (out, jx_diff_tree_delta (self, node, FALSE));
  append_number (out, jx_diff_tree_delta (self, node, TRUE));
  append_number (out, jx_diff_tree_ratio (self, node, FALSE, FALSE));
  append_number (out, jx_diff_tree_ratio (self, node, TRUE, FALSE));
}

void
jx_diff_tree_append_csv_path (GString          *path,
                              const JxDiffTree *self,
                              guint32           node)
{
  g_autofree char *label = NULL;

  g_return_if_fail (path != NULL && self != NULL && node < self->n_nodes);

  label = jx_diff_tree_dup_label (self, node);
  if (path->len > 0)
    g_string_append_c (path, ';');
  for (const char *p = label; *p != '\0'; p++)
    g_string_append_c (path, *p == ';' ? ' ' : *p);
}

static void
append_subtree (GString          *out,
                const JxDiffTree *self,
                guint32           node,
                GString          *path)
{
  gsize length = path->len;
  g_autofree guint32 *children = NULL;
  guint n = 0;

  if (node != JX_DIFF_TREE_ROOT)
    {
      jx_diff_tree_append_csv_path (path, self, node);
      jx_diff_tree_append_csv_row (out, self, node, NULL, NULL, path->str);
      g_string_append_c (out, '\n');
    }
  children = jx_diff_tree_sorted_children (self, node, &n);
  for (guint i = 0; i < n; i++)
    append_subtree (out, self, children[i], path);
  g_string_truncate (path, length);
}

void
jx_diff_tree_append_csv (GString          *out,
                         const JxDiffTree *self)
{
  g_autoptr(GString) path = g_string_new (NULL);

  g_return_if_fail (out != NULL && self != NULL);

  g_string_append (out, JX_DIFF_TREE_CSV_HEADER "\n");
  append_subtree (out, self, JX_DIFF_TREE_ROOT, path);
}
