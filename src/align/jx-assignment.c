/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-assignment.h"

#define UNASSIGNED G_MAXUINT32

/* Minimum cost with n <= m (rows 1..n, columns 1..m; potentials u, v):
 * fills col (length n) with 0-based columns. */
static void
hungarian_min (const gint64 *cost,
               guint         n,
               guint         m,
               guint32      *col)
{
  g_autofree gint64 *u = g_new0 (gint64, n + 1);
  g_autofree gint64 *v = g_new0 (gint64, m + 1);
  g_autofree gint64 *minv = g_new (gint64, m + 1);
  g_autofree guint *p = g_new0 (guint, m + 1);
  g_autofree guint *way = g_new0 (guint, m + 1);
  g_autofree gboolean *used = g_new (gboolean, m + 1);
  const gint64 inf = G_MAXINT64 / 4;

  for (guint i = 1; i <= n; i++)
    {
      guint j0 = 0;

      p[0] = i;
      for (guint j = 0; j <= m; j++)
        {
          minv[j] = inf;
          used[j] = FALSE;
        }
      do
        {
          guint i0 = p[j0], j1 = 0;
          gint64 delta = inf;

          used[j0] = TRUE;
          for (guint j = 1; j <= m; j++)
            if (!used[j])
              {
                gint64 cur = cost[(gsize) (i0 - 1) * m + (j - 1)] - u[i0] - v[j];

                if (cur < minv[j])
                  {
                    minv[j] = cur;
                    way[j] = j0;
                  }
                if (minv[j] < delta)
                  {
                    delta = minv[j];
                    j1 = j;
                  }
              }
          g_assert (j1 != 0);
          for (guint j = 0; j <= m; j++)
            if (used[j])
              {
                u[p[j]] += delta;
                v[j] -= delta;
              }
            else
              minv[j] -= delta;
          j0 = j1;
        }
      while (p[j0] != 0);
      do
        {
          guint j1 = way[j0];

          p[j0] = p[j1];
          j0 = j1;
        }
      while (j0 != 0);
    }
  for (guint j = 1; j <= m; j++)
    if (p[j] != 0)
      col[p[j] - 1] = j - 1;
}

void
jx_assignment_exact (const gint64 *weights,
                     guint         n_rows,
                     guint         n_cols,
                     guint32      *col_of_row)
{
  g_autofree gint64 *cost = NULL;
  gint64 max = 0;
  gboolean transpose = n_rows > n_cols;
  guint n = transpose ? n_cols : n_rows;
  guint m = transpose ? n_rows : n_cols;

  g_return_if_fail (weights != NULL || n_rows == 0 || n_cols == 0);
  g_return_if_fail (col_of_row != NULL || n_rows == 0);

  for (guint i = 0; i < n_rows; i++)
    col_of_row[i] = UNASSIGNED;
  if (n == 0)
    return;

  for (gsize k = 0; k < (gsize) n_rows * n_cols; k++)
    max = MAX (max, weights[k]);
  /* Maximum weight as minimum cost: max - w >= 0. */
  cost = g_new (gint64, (gsize) n * m);
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < m; j++)
      cost[(gsize) i * m + j] = max - (transpose ? weights[(gsize) j * n_cols + i]
                                                 : weights[(gsize) i * n_cols + j]);
  if (!transpose)
    hungarian_min (cost, n, m, col_of_row);
  else
    {
      g_autofree guint32 *row_of_col = g_new (guint32, n);

      hungarian_min (cost, n, m, row_of_col);
      for (guint j = 0; j < n; j++)
        col_of_row[row_of_col[j]] = j;
    }
}

void
jx_assignment_greedy (const gint64 *weights,
                      guint         n_rows,
                      guint         n_cols,
                      guint32      *col_of_row)
{
  g_autofree guint32 *order = NULL;
  g_autofree guint32 *scratch = NULL;
  g_autofree gboolean *col_taken = NULL;
  gsize n_edges = (gsize) n_rows * n_cols, k;
  guint left;

  g_return_if_fail (weights != NULL || n_edges == 0);
  g_return_if_fail (col_of_row != NULL || n_rows == 0);
  g_return_if_fail (n_edges <= G_MAXUINT32);

  for (guint i = 0; i < n_rows; i++)
    col_of_row[i] = UNASSIGNED;
  if (n_edges == 0)
    return;

  /* Edges by weight, the heaviest first, ties in row-major order (the
   * smaller row, then the smaller column): a stable radix sort, 16 bits
   * per pass, of the inverted weights. */
  order = g_new (guint32, n_edges);
  scratch = g_new (guint32, n_edges);
  for (k = 0; k < n_edges; k++)
    order[k] = (guint32) k;
  for (guint shift = 0; shift < 64; shift += 16)
    {
      g_autofree gsize *count = g_new0 (gsize, 65537);
      gboolean one_digit = FALSE;

      for (k = 0; k < n_edges; k++)
        count[((~(guint64) weights[order[k]] >> shift) & 0xffff) + 1]++;
      for (guint d = 0; d < 65536; d++)
        {
          one_digit |= count[d + 1] == n_edges;
          count[d + 1] += count[d];
        }
      /* Every edge has the same digit here: the order stays. */
      if (one_digit)
        continue;
      for (k = 0; k < n_edges; k++)
        scratch[count[(~(guint64) weights[order[k]] >> shift) & 0xffff]++] = order[k];
      memcpy (order, scratch, n_edges * sizeof (guint32));
    }

  col_taken = g_new0 (gboolean, n_cols);
  left = MIN (n_rows, n_cols);
  for (k = 0; k < n_edges && left > 0; k++)
    {
      guint32 row = order[k] / n_cols, col = order[k] % n_cols;

      if (col_of_row[row] == UNASSIGNED && !col_taken[col])
        {
          col_of_row[row] = col;
          col_taken[col] = TRUE;
          left--;
        }
    }
}

JxAssignmentMethod
jx_assignment_solve (const gint64 *weights,
                     guint         n_rows,
                     guint         n_cols,
                     guint32      *col_of_row)
{
  if (MAX (n_rows, n_cols) <= JX_ASSIGNMENT_EXACT_MAX)
    {
      jx_assignment_exact (weights, n_rows, n_cols, col_of_row);
      return JX_ASSIGNMENT_EXACT;
    }
  jx_assignment_greedy (weights, n_rows, n_cols, col_of_row);
  return JX_ASSIGNMENT_GREEDY;
}
