/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the assignment solver (jx-assignment.h): the Hungarian method's
 * total equals the brute-force optimum over every assignment on small
 * random matrices (square and rectangular, ties and zeros included); the
 * greedy matching reaches at least half of it; both give complete,
 * one-to-one assignments of the smaller side. */
#include "config.h"

#include "jx-assignment.h"

/* The best total over all assignments of the rows (n <= m) by recursion. */
static gint64
brute (const gint64 *w,
       guint         n,
       guint         m,
       guint         row,
       gboolean     *used)
{
  gint64 best = -1;

  if (row == n)
    return 0;
  for (guint j = 0; j < m; j++)
    if (!used[j])
      {
        gint64 total;

        used[j] = TRUE;
        total = w[(gsize) row * m + j] + brute (w, n, m, row + 1, used);
        used[j] = FALSE;
        best = MAX (best, total);
      }
  return best;
}

static gint64
brute_force (const gint64 *w,
             guint         n_rows,
             guint         n_cols)
{
  gboolean used[16] = { FALSE };

  if (n_rows <= n_cols)
    return brute (w, n_rows, n_cols, 0, used);
  else
    {
      g_autofree gint64 *t = g_new (gint64, (gsize) n_rows * n_cols);

      for (guint i = 0; i < n_rows; i++)
        for (guint j = 0; j < n_cols; j++)
          t[(gsize) j * n_rows + i] = w[(gsize) i * n_cols + j];
      return brute (t, n_cols, n_rows, 0, used);
    }
}

/* Checks the assignment is complete and one to one; returns its total. */
static gint64
check_total (const gint64  *w,
             guint          n_rows,
             guint          n_cols,
             const guint32 *col)
{
  gboolean taken[16] = { FALSE };
  guint assigned = 0;
  gint64 total = 0;

  for (guint i = 0; i < n_rows; i++)
    {
      if (col[i] == G_MAXUINT32)
        continue;
      g_assert_cmpuint (col[i], <, n_cols);
      g_assert_false (taken[col[i]]);
      taken[col[i]] = TRUE;
      assigned++;
      total += w[(gsize) i * n_cols + col[i]];
    }
  g_assert_cmpuint (assigned, ==, MIN (n_rows, n_cols));
  return total;
}

static void
test_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240516);
  guint rounds = 0;

  for (guint n = 0; n <= 7; n++)
    for (guint m = 0; m <= 7; m++)
      for (guint round = 0; round < 40; round++)
        {
          gint64 w[64];
          guint32 exact[8], greedy[8];
          gint64 best, total_exact, total_greedy;
          /* Few distinct values make ties; many make a unique optimum. */
          gint32 range = round % 3 == 0 ? 3 : (round % 3 == 1 ? 10 : 1000000);

          for (guint k = 0; k < n * m; k++)
            w[k] = g_rand_int_range (rand, 0, range);
          best = brute_force (w, n, m);
          jx_assignment_exact (w, n, m, exact);
          jx_assignment_greedy (w, n, m, greedy);
          total_exact = check_total (w, n, m, exact);
          total_greedy = check_total (w, n, m, greedy);
          if (n == 0 || m == 0)
            best = 0;
          g_assert_cmpint (total_exact, ==, best);
          g_assert_cmpint (2 * total_greedy, >=, best);
          g_assert_cmpint (total_greedy, <=, best);
          g_assert_cmpint (jx_assignment_solve (w, n, m, exact), ==, JX_ASSIGNMENT_EXACT);
          g_assert_cmpint (check_total (w, n, m, exact), ==, best);
          rounds++;
        }
  g_assert_cmpuint (rounds, ==, 8 * 8 * 40);
}

/* The greedy bound is tight in the classic case: greedy takes the
 * heaviest edge and loses two almost as heavy ones. */
static void
test_greedy_bound (void)
{
  const gint64 w[4] = { 10, 9, 9, 0 };
  guint32 col[2];

  jx_assignment_greedy (w, 2, 2, col);
  g_assert_cmpint (check_total (w, 2, 2, col), ==, 10);
  jx_assignment_exact (w, 2, 2, col);
  g_assert_cmpint (check_total (w, 2, 2, col), ==, 18);
}

/* Above JX_ASSIGNMENT_EXACT_MAX the solver goes greedy. */
static void
test_large_goes_greedy (void)
{
  guint n = JX_ASSIGNMENT_EXACT_MAX + 1;
  g_autofree gint64 *w = g_new0 (gint64, (gsize) n * 2);
  g_autofree guint32 *col = g_new (guint32, n);

  w[(gsize) 7 * 2 + 1] = 5;
  w[(gsize) 9 * 2 + 0] = 3;
  g_assert_cmpint (jx_assignment_solve (w, n, 2, col), ==, JX_ASSIGNMENT_GREEDY);
  g_assert_cmpuint (col[7], ==, 1);
  g_assert_cmpuint (col[9], ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/align/assignment/brute-force", test_brute_force);
  g_test_add_func ("/align/assignment/greedy-bound", test_greedy_bound);
  g_test_add_func ("/align/assignment/large-goes-greedy", test_large_goes_greedy);
  return g_test_run ();
}
