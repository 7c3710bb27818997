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

typedef struct
{
  gint64  weight;
  guint32 row;
  guint32 col;
} Edge;

static int
compare_edges (const void *pa,
               const void *pb)
{
  const Edge *a = pa;
  const Edge *b = pb;

  if (a->weight != b->weight)
    return a->weight > b->weight ? -1 : 1;
  if (a->row != b->row)
    return a->row < b->row ? -1 : 1;
  return a->col < b->col ? -1 : (a->col > b->col ? 1 : 0);
}

void
jx_assignment_greedy (const gint64 *weights,
                      guint         n_rows,
                      guint         n_cols,
                      guint32      *col_of_row)
{
  g_autofree Edge *edges = NULL;
  g_autofree gboolean *col_taken = NULL;
  gsize n_edges = (gsize) n_rows * n_cols, k;
  guint left;

  g_return_if_fail (weights != NULL || n_edges == 0);
  g_return_if_fail (col_of_row != NULL || n_rows == 0);

  for (guint i = 0; i < n_rows; i++)
    col_of_row[i] = UNASSIGNED;
  if (n_edges == 0)
    return;

  edges = g_new (Edge, n_edges);
  for (guint i = 0; i < n_rows; i++)
    for (guint j = 0; j < n_cols; j++)
      edges[(gsize) i * n_cols + j] = (Edge) { weights[(gsize) i * n_cols + j], i, j };
  qsort (edges, n_edges, sizeof (Edge), compare_edges);
  col_taken = g_new0 (gboolean, n_cols);
  left = MIN (n_rows, n_cols);
  for (k = 0; k < n_edges && left > 0; k++)
    if (col_of_row[edges[k].row] == UNASSIGNED && !col_taken[edges[k].col])
      {
        col_of_row[edges[k].row] = edges[k].col;
        col_taken[edges[k].col] = TRUE;
        left--;
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
