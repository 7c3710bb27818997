/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-semiglobal.c — semi-global alignment (free end gaps on the longer
 * side): its score is the best global alignment of the shorter sequence
 * with any piece of the longer one (brute force on random sequences, with
 * several scorings), the placement scores that much, ties go to the place
 * nearest the preferred position, and a phase of a longer run is found. */
#include "config.h"

#include "jx-scoring.h"
#include "jx-semiglobal.h"

static gint64
global_score (const guint32   *a,
              gsize            n,
              const guint32   *b,
              gsize            m,
              const JxScoring *scoring)
{
  JxAlignOptions options;
  g_autoptr(GArray) pairs = NULL;
  gint64 score = 0;

  jx_align_options_init (&options);
  options.scoring = *scoring;
  if (n == 0 || m == 0)
    return (gint64) scoring->gap * (gint64) (n + m);
  pairs = jx_align_sequences (a, n, b, m, &options, NULL, &score, NULL, NULL);
  g_assert_nonnull (pairs);
  return score;
}

static void
test_brute_force (void)
{
  static const JxScoring scorings[] = { { 2, -1, -1 }, { 3, -2, -1 }, { 1, -5, -2 } };
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);

  for (guint round = 0; round < 400; round++)
    {
      const JxScoring *sc = &scorings[round % G_N_ELEMENTS (scorings)];
      gsize n = (gsize) g_rand_int_range (rand, 0, 7), m = (gsize) g_rand_int_range (rand, 0, 14);
      guint32 a[8], b[16];
      JxSemiglobal sg;
      gint64 best = G_MININT64;
      const guint32 *q, *t;
      gsize nq, nt;

      for (gsize i = 0; i < n; i++)
        a[i] = (guint32) g_rand_int_range (rand, 0, 3);
      for (gsize j = 0; j < m; j++)
        b[j] = (guint32) g_rand_int_range (rand, 0, 3);
      g_assert_true (jx_align_semiglobal (a, n, b, m, sc, 0, &sg, NULL, NULL));
      q = sg.a_is_longer ? b : a;
      nq = sg.a_is_longer ? m : n;
      t = sg.a_is_longer ? a : b;
      nt = sg.a_is_longer ? n : m;
      g_assert_cmpint (sg.a_is_longer, ==, n > m);
      for (gsize i = 0; i <= nt; i++)
        for (gsize j = i; j <= nt; j++)
          best = MAX (best, global_score (q, nq, t + i, j - i, sc));
      g_assert_cmpint (sg.score, ==, best);
      g_assert_cmpuint (sg.start, <=, sg.end);
      g_assert_cmpuint (sg.end, <=, nt);
      g_assert_cmpuint (sg.n_best, >=, 1);
      if (nq > 0)
        g_assert_cmpint (global_score (q, nq, t + sg.start, sg.end - sg.start, sc), ==, sg.score);
    }
}

/* "abc" occurs three times: the place nearest the preferred position. */
static void
test_ties (void)
{
  const guint32 q[] = { 1, 2, 3 };
  const guint32 t[] = { 9, 1, 2, 3, 9, 9, 1, 2, 3, 9, 9, 9, 1, 2, 3 };
  JxSemiglobal sg;

  g_assert_true (jx_align_semiglobal (q, 3, t, G_N_ELEMENTS (t), NULL, 0, &sg, NULL, NULL));
  g_assert_cmpint (sg.score, ==, 6);
  g_assert_cmpuint (sg.start, ==, 1);
  g_assert_cmpuint (sg.end, ==, 4);
  g_assert_cmpuint (sg.n_best, ==, 3);
  g_assert_true (jx_align_semiglobal (q, 3, t, G_N_ELEMENTS (t), NULL, 7, &sg, NULL, NULL));
  g_assert_cmpuint (sg.start, ==, 6);
  g_assert_true (jx_align_semiglobal (q, 3, t, G_N_ELEMENTS (t), NULL, 11, &sg, NULL, NULL));
  g_assert_cmpuint (sg.start, ==, 12);
  /* The longer side may be either. */
  g_assert_true (jx_align_semiglobal (t, G_N_ELEMENTS (t), q, 3, NULL, 100, &sg, NULL, NULL));
  g_assert_true (sg.a_is_longer);
  g_assert_cmpuint (sg.start, ==, 12);
}

static void
test_errors (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *q = g_new0 (guint32, 128);
  g_autofree guint32 *t = g_new0 (guint32, 128);
  JxSemiglobal sg;

  g_cancellable_cancel (cancellable);
  g_assert_false (jx_align_semiglobal (q, 128, t, 128, NULL, 0, &sg, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/align/semiglobal/brute-force", test_brute_force);
  g_test_add_func ("/align/semiglobal/ties", test_ties);
  g_test_add_func ("/align/semiglobal/errors", test_errors);

  return g_test_run ();
}
