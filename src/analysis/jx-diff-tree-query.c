/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-query.c — what the views and the CLI read from a differential
 * tree: states, labels, times, Δ and ratios, ordered children and the
 * folded stacks (see jx-diff-tree.h). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-diff-tree.h"

const char *
jx_diff_tree_state_to_string (JxDiffTreeState state)
{
  switch (state)
    {
    case JX_DIFF_TREE_BOTH:      return "both";
    case JX_DIFF_TREE_DIFFERENT: return "different";
    case JX_DIFF_TREE_ONLY_A:    return "only-a";
    case JX_DIFF_TREE_ONLY_B:    return "only-b";
    case JX_DIFF_TREE_MIXED:     return "mixed";
    case JX_DIFF_TREE_N_STATES:
    default:                     return "";
    }
}

JxDiffTreeState
jx_diff_tree_get_state (const JxDiffTree *self,
                        guint32           node)
{
  g_return_val_if_fail (self != NULL, JX_DIFF_TREE_BOTH);
  g_return_val_if_fail (node < self->n_nodes, JX_DIFF_TREE_BOTH);

  if (node == JX_DIFF_TREE_ROOT)
    return JX_DIFF_TREE_BOTH;
  if (self->symbol_a[node] != self->symbol_b[node])
    return JX_DIFF_TREE_DIFFERENT;
  if (self->calls_b[node] == 0)
    return JX_DIFF_TREE_ONLY_A;
  if (self->calls_a[node] == 0)
    return JX_DIFF_TREE_ONLY_B;
  if (self->only_calls_a[node] == 0 && self->only_calls_b[node] == 0)
    return JX_DIFF_TREE_BOTH;
  return JX_DIFF_TREE_MIXED;
}

static const char *
symbol_name (const JxDiffTree *self,
             guint32           symbol)
{
  return symbol < self->n_names ? self->names[symbol] : "?";
}

char *
jx_diff_tree_dup_label (const JxDiffTree *self,
                        guint32           node)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (node < self->n_nodes, NULL);

  if (node == JX_DIFF_TREE_ROOT)
    return g_strdup ("");
  if (self->symbol_a[node] != self->symbol_b[node])
    return g_strconcat (symbol_name (self, self->symbol_a[node]), " → ", symbol_name (self, self->symbol_b[node]), NULL);
  return g_strdup (symbol_name (self, self->symbol_a[node]));
}

double
jx_diff_tree_seconds (const JxDiffTree *self,
                      guint32           node,
                      gboolean          self_time,
                      gboolean          side_b)
{
  const guint64 *ticks;

  g_return_val_if_fail (self != NULL, 0.0);
  g_return_val_if_fail (node < self->n_nodes, 0.0);

  if (side_b)
    ticks = self_time ? self->excl_b : self->incl_b;
  else
    ticks = self_time ? self->excl_a : self->incl_a;
  return (double) ticks[node] * (side_b ? self->seconds_per_tick_b : self->seconds_per_tick_a);
}

double
jx_diff_tree_delta (const JxDiffTree *self,
                    guint32           node,
                    gboolean          self_time)
{
  return jx_diff_tree_seconds (self, node, self_time, TRUE) - jx_diff_tree_seconds (self, node, self_time, FALSE);
}

double
jx_diff_tree_ratio (const JxDiffTree *self,
                    guint32           node,
                    gboolean          self_time,
                    gboolean          normalised)
{
  double a = jx_diff_tree_seconds (self, node, self_time, FALSE);
  double b = jx_diff_tree_seconds (self, node, self_time, TRUE);

  if (normalised)
    {
      double total_a = jx_diff_tree_seconds (self, JX_DIFF_TREE_ROOT, FALSE, FALSE);
      double total_b = jx_diff_tree_seconds (self, JX_DIFF_TREE_ROOT, FALSE, TRUE);

      a = total_a > 0.0 ? a / total_a : 0.0;
      b = total_b > 0.0 ? b / total_b : 0.0;
    }
  if (a > 0.0)
    return b / a;
  return b > 0.0 ? INFINITY : NAN;
}

static gint
by_abs_delta (gconstpointer x,
              gconstpointer y,
              gpointer      data)
{
  const JxDiffTree *tree = data;
  guint32 a = *(const guint32 *) x, b = *(const guint32 *) y;
  double da = fabs (jx_diff_tree_delta (tree, a, FALSE));
  double db = fabs (jx_diff_tree_delta (tree, b, FALSE));
  double ma, mb;

  if (da != db)
    return da > db ? -1 : 1;
  ma = MAX (jx_diff_tree_seconds (tree, a, FALSE, FALSE), jx_diff_tree_seconds (tree, a, FALSE, TRUE));
  mb = MAX (jx_diff_tree_seconds (tree, b, FALSE, FALSE), jx_diff_tree_seconds (tree, b, FALSE, TRUE));
  if (ma != mb)
    return ma > mb ? -1 : 1;
  return a < b ? -1 : (a > b ? 1 : 0);
}

guint32 *
jx_diff_tree_sorted_children (const JxDiffTree *self,
                              guint32           node,
                              guint            *n_out)
{
  guint n = 0;
  guint32 *children;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (node < self->n_nodes, NULL);
  g_return_val_if_fail (n_out != NULL, NULL);

  for (guint32 c = self->first_child[node]; c != JX_NONE; c = self->next_sibling[c])
    n++;
  children = g_new (guint32, MAX (n, 1));
  n = 0;
  for (guint32 c = self->first_child[node]; c != JX_NONE; c = self->next_sibling[c])
    children[n++] = c;
  g_qsort_with_data (children, (gint) n, sizeof (guint32), by_abs_delta, (gpointer) self);
  *n_out = n;
  return children;
}

/* A frame of a folded stack: the separators of the format inside a name
 * become spaces. */
static void
append_frame (GString    *out,
              const char *label)
{
  for (const char *p = label; *p != '\0'; p++)
    g_string_append_c (out, (*p == ';' || *p == '\n' || *p == '\r' || *p == '\t') ? ' ' : *p);
}

typedef struct
{
  guint64 cum_ticks;
  gint64  printed_us;   /* rounded cumulative microseconds printed so far */
  double  us_per_tick;
} Column;

/* Count of a node's exclusive ticks: rounding the running total keeps
 * the column's sum equal to the rounded total. */
static gint64
column_take (Column  *c,
             guint64  ticks)
{
  gint64 rounded;
  gint64 count;

  c->cum_ticks += ticks;
  rounded = (gint64) llround ((double) c->cum_ticks * c->us_per_tick);
  count = rounded - c->printed_us;
  c->printed_us = rounded;
  return count;
}

guint64
jx_diff_tree_append_folded (const JxDiffTree        *self,
                            JxDiffTreeFoldedColumns  columns,
                            GString                 *out)
{
  Column col_a, col_b;
  g_autofree gsize *prefix = NULL;
  g_autofree guint32 *stack = NULL;
  gsize sp = 0;
  guint64 lines = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (out != NULL, 0);

  col_a = (Column) { 0, 0, self->seconds_per_tick_a * 1e6 };
  col_b = (Column) { 0, 0, self->seconds_per_tick_b * 1e6 };
  /* Depth-first in child order; prefix[d] is the length of the path string
   * down to depth d. */
  prefix = g_new0 (gsize, (gsize) G_MAXUINT16 + 2);
  stack = g_new (guint32, MAX (self->n_nodes, 1));
  {
    g_autoptr(GString) path = g_string_new (NULL);

    for (guint32 c = self->first_child[JX_DIFF_TREE_ROOT]; c != JX_NONE; c = self->next_sibling[c])
      sp++;
    /* Push the root's children in reverse so the first comes out first. */
    {
      gsize k = sp;

      for (guint32 c = self->first_child[JX_DIFF_TREE_ROOT]; c != JX_NONE; c = self->next_sibling[c])
        stack[--k] = c;
    }
    while (sp > 0)
      {
        guint32 node = stack[--sp];
        guint depth = self->depth[node];
        g_autofree char *label = jx_diff_tree_dup_label (self, node);
        gint64 count_a, count_b;

        g_string_truncate (path, prefix[depth - 1]);
        if (depth > 1)
          g_string_append_c (path, ';');
        append_frame (path, label);
        prefix[depth] = path->len;

        count_a = column_take (&col_a, self->excl_a[node]);
        count_b = column_take (&col_b, self->excl_b[node]);
        if ((columns == JX_DIFF_TREE_FOLDED_BOTH && (count_a != 0 || count_b != 0)) ||
            (columns == JX_DIFF_TREE_FOLDED_A && count_a != 0) ||
            (columns == JX_DIFF_TREE_FOLDED_B && count_b != 0))
          {
            g_string_append_len (out, path->str, (gssize) path->len);
            if (columns != JX_DIFF_TREE_FOLDED_B)
              g_string_append_printf (out, " %" G_GINT64_FORMAT, count_a);
            if (columns != JX_DIFF_TREE_FOLDED_A)
              g_string_append_printf (out, " %" G_GINT64_FORMAT, count_b);
            g_string_append_c (out, '\n');
            lines++;
          }

        for (guint32 c = self->first_child[node]; c != JX_NONE; c = self->next_sibling[c])
          sp++;
        {
          gsize k = sp;

          for (guint32 c = self->first_child[node]; c != JX_NONE; c = self->next_sibling[c])
            stack[--k] = c;
        }
      }
  }
  return lines;
}
