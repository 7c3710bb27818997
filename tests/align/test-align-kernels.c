/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-align-kernels.c — the AVX2 kernels of the alignment engine give the
 * same pairs as their scalar paths (forced with _jx_align_force_scalar(),
 * as on a CPU without AVX2 or with JX_ALIGN_SCALAR=1), and the optimal score
 * of a plain reference DP written here: on random and adversarial sequences
 * of lengths 0 to 200 (all equal, identical, all different, one symbol),
 * with several scorings, and on whole hierarchical alignments of generated
 * call trees.  The pruned wavefront gives the same pairs as the unpruned one
 * (_jx_align_force_unpruned(), JX_ALIGN_NO_PRUNING=1) on long periodic
 * sequences with foreign symbols, and on whole hierarchical alignments. */
#include "config.h"

#include <string.h>

#include "jx-hier-align.h"
#include "jx-align-context-private.h"
#include "jx-align-prune-private.h"
#include "jx-test-paradis.h"

/* The textbook recurrence, scores only. */
static gint64
reference_score (const guint32   *a,
                 gsize            n,
                 const guint32   *b,
                 gsize            m,
                 const JxScoring *sc)
{
  g_autofree gint64 *row = g_new (gint64, m + 1);
  gsize i, j;

  for (j = 0; j <= m; j++)
    row[j] = (gint64) j * sc->gap;
  for (i = 1; i <= n; i++)
    {
      gint64 diag = row[0];

      row[0] = (gint64) i * sc->gap;
      for (j = 1; j <= m; j++)
        {
          gint64 up = row[j];
          gint64 best = diag + (a[i - 1] == b[j - 1] ? sc->match : sc->mismatch);

          best = MAX (best, up + sc->gap);
          best = MAX (best, row[j - 1] + sc->gap);
          diag = up;
          row[j] = best;
        }
    }
  return row[m];
}

static GArray *
align (const guint32        *a,
       gsize                 n,
       const guint32        *b,
       gsize                 m,
       const JxAlignOptions *options,
       gboolean              scalar,
       gint64               *score)
{
  g_autoptr(GError) error = NULL;
  GArray *pairs;

  _jx_align_force_scalar (scalar);
  pairs = _jx_align_sequences_full (a, n, b, m, options, JX_ALIGN_DEFAULT_BASE_CELLS, NULL, score,
                                    NULL, &error);
  _jx_align_force_scalar (FALSE);
  g_assert_no_error (error);
  g_assert_nonnull (pairs);
  return pairs;
}

/* Both paths: the same pairs, and the reference's optimum. */
static void
check_pair (const guint32        *a,
            gsize                 n,
            const guint32        *b,
            gsize                 m,
            const JxAlignOptions *options)
{
  g_autoptr(GArray) fast = NULL;
  g_autoptr(GArray) scalar = NULL;
  gint64 fast_score = 0, scalar_score = 0;

  fast = align (a, n, b, m, options, FALSE, &fast_score);
  scalar = align (a, n, b, m, options, TRUE, &scalar_score);

  g_assert_cmpint (fast_score, ==, reference_score (a, n, b, m, &options->scoring));
  g_assert_cmpint (scalar_score, ==, fast_score);
  g_assert_cmpuint (fast->len, ==, scalar->len);
  /* Two empty sequences: no pairs, and no data to compare. */
  if (fast->len > 0)
    g_assert_true (memcmp (fast->data, scalar->data, fast->len * sizeof (JxAlignPair)) == 0);
}

typedef enum
{
  SHAPE_RANDOM,       /* small alphabet */
  SHAPE_WIDE,         /* large alphabet */
  SHAPE_ALL_EQUAL,    /* one symbol everywhere */
  SHAPE_IDENTICAL,    /* b = a */
  SHAPE_DISJOINT,     /* no symbol in common */
  SHAPE_MUTATED,      /* b = a with a few edits, periodic like a loop */
  N_SHAPES
} Shape;

static void
make_pair (GRand   *rand,
           Shape    shape,
           guint32 *a,
           gsize    n,
           guint32 *b,
           gsize   *m)
{
  gsize k, out = 0;

  switch (shape)
    {
    case SHAPE_RANDOM:
    case SHAPE_WIDE:
      for (k = 0; k < n; k++)
        a[k] = (guint32) g_rand_int_range (rand, 0, shape == SHAPE_RANDOM ? 4 : 1000);
      for (k = 0; k < *m; k++)
        b[k] = (guint32) g_rand_int_range (rand, 0, shape == SHAPE_RANDOM ? 4 : 1000);
      break;
    case SHAPE_ALL_EQUAL:
      for (k = 0; k < n; k++)
        a[k] = 7;
      for (k = 0; k < *m; k++)
        b[k] = 7;
      break;
    case SHAPE_IDENTICAL:
      for (k = 0; k < n; k++)
        a[k] = b[k] = g_rand_int (rand);
      *m = n;
      break;
    case SHAPE_DISJOINT:
      for (k = 0; k < n; k++)
        a[k] = 2 * (guint32) g_rand_int_range (rand, 0, 50);
      for (k = 0; k < *m; k++)
        b[k] = 2 * (guint32) g_rand_int_range (rand, 0, 50) + 1;
      break;
    case SHAPE_MUTATED:
    case N_SHAPES:
    default:
      {
        guint32 period = (guint32) g_rand_int_range (rand, 1, 8);

        for (k = 0; k < n; k++)
          a[k] = (guint32) (k % period) * 13u + G_MAXUINT32 - 100;
        for (k = 0; k < n && out < *m; k++)
          {
            double x = g_rand_double (rand);

            if (x < 0.05)
              continue;
            if (x < 0.10)
              b[out++] = (guint32) g_rand_int_range (rand, 0, 9);
            else if (x < 0.13 && out + 1 < *m)
              {
                b[out++] = 5;
                b[out++] = a[k];
              }
            else
              b[out++] = a[k];
          }
        *m = out;
      }
      break;
    }
}

static void
run_shapes (const JxScoring *scoring,
            JxAlgorithm      algorithm,
            gboolean         special_cases,
            guint            rounds)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4711);
  guint32 a[201], b[201];
  JxAlignOptions options;
  guint r;
  int shape;

  jx_align_options_init (&options);
  options.scoring = *scoring;
  options.algorithm = algorithm;
  options.special_cases = special_cases;

  /* Every pair of short lengths, then random lengths up to 200. */
  for (shape = 0; shape < N_SHAPES; shape++)
    {
      gsize n, m;

      for (n = 0; n <= 12; n++)
        for (m = 0; m <= 12; m++)
          {
            gsize mm = m;

            make_pair (rand, (Shape) shape, a, n, b, &mm);
            check_pair (a, n, b, mm, &options);
          }
      for (r = 0; r < rounds; r++)
        {
          gsize mm;

          n = (gsize) g_rand_int_range (rand, 0, 201);
          mm = g_rand_boolean (rand) ? (gsize) g_rand_int_range (rand, 0, 201) : n;
          make_pair (rand, (Shape) shape, a, n, b, &mm);
          check_pair (a, n, b, mm, &options);
        }
    }
}

static const JxScoring scorings[] = {
  { 2, -1, -1 },          /* the default */
  { 1, 0, 0 },            /* many ties */
  { 3, -3, -2 },
  { 1000, -1000, -1000 }, /* the largest allowed */
  { 5, 4, -7 },
};

static void
test_nw (void)
{
  guint k;

  if (!_jx_align_use_avx2 ())
    g_test_message ("no AVX2 on this machine (or JX_ALIGN_SCALAR set): both paths are scalar");
  for (k = 0; k < G_N_ELEMENTS (scorings); k++)
    {
      run_shapes (&scorings[k], JX_ALGORITHM_NEEDLEMAN_WUNSCH, FALSE, 60);
      run_shapes (&scorings[k], JX_ALGORITHM_NEEDLEMAN_WUNSCH, TRUE, 30);
    }
}

/* Scorings for the 16-bit Needleman–Wunsch kernel's bound: the largest
 * allowed, extreme mismatches and gaps, mismatches close to matches, and
 * scorings outside what jx_scoring_validate() allows (zero gaps), which the
 * engine still handles. */
static const JxScoring limit_scorings[] = {
  { 2, -1, -1 },
  { 1000, -1000, -1000 },
  { 1, -1000, -1 },
  { 1, -1, -1000 },
  { 1000, 999, -1000 },
  { 1000, -1, -1 },
  { 5, 4, -7 },
  { 1, 0, 0 },
  { 3, -3, -2 },
  { 1, -1, -1 },
};

/* The largest n + m that the 16-bit kernel takes under sc (its bound:
 * (n + m + 2) · (largest magnitude + 1) < 2^12). */
static gsize
limit_16 (const JxScoring *sc)
{
  gint64 big = MAX (ABS ((gint64) sc->match), MAX (ABS ((gint64) sc->mismatch), ABS ((gint64) sc->gap)));

  return (gsize) (4095 / (big + 1)) - 2;
}

/* Needleman–Wunsch at the 16-bit kernel's bound, one below and one above
 * (the 32-bit kernel): the same pairs as the scalar path and the
 * reference's optimum, on pairs that push scores to their extremes (all
 * equal: every cell a match; disjoint: every cell a mismatch or a gap; one
 * side empty of the other's symbols but long) and on ties (two symbols).
 * Lengths split every way, down to one side of length 1. */
static void
test_nw_16_limits (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1616);
  g_autofree guint32 *a = g_new (guint32, 2100);
  g_autofree guint32 *b = g_new (guint32, 2100);
  JxAlignOptions options;
  guint k;

  jx_align_options_init (&options);
  options.algorithm = JX_ALGORITHM_NEEDLEMAN_WUNSCH;
  options.special_cases = FALSE;
  for (k = 0; k < G_N_ELEMENTS (limit_scorings); k++)
    {
      gsize limit = limit_16 (&limit_scorings[k]);
      gsize s;

      options.scoring = limit_scorings[k];
      for (s = limit > 2 ? limit - 1 : 2; s <= limit + 1; s++)
        {
          const gsize splits[] = { 1, 2, s / 3, s / 2, s - 16, s - 17, s - 15, s - 2, s - 1 };
          guint q;
          int shape;

          for (q = 0; q < G_N_ELEMENTS (splits); q++)
            for (shape = 0; shape < 4; shape++)
              {
                gsize n = splits[q], m, t;

                if (n == 0 || n >= s)
                  continue;
                m = s - n;
                for (t = 0; t < n; t++)
                  a[t] = shape == 0 ? 7u : shape == 1 ? 2 * t : shape == 2 ? (guint32) g_rand_int_range (rand, 0, 2)
                         : (guint32) (t % 3);
                for (t = 0; t < m; t++)
                  b[t] = shape == 0 ? 7u : shape == 1 ? 2 * t + 1 : shape == 2 ? (guint32) g_rand_int_range (rand, 0, 2)
                         : (guint32) (t % 5 == 4 ? 9 : t % 3);
                check_pair (a, n, b, m, &options);
              }
        }
    }
}

/* Every pair of sequences over two symbols of lengths 1 to 5, under
 * scorings with many ties: the traceback of the 16-bit kernel, which
 * recomputes each move from the scores, takes the same move as the scalar
 * path's move bits (a gap in B, then a gap in A, then the diagonal). */
static void
test_nw_ties (void)
{
  static const JxScoring tie_scorings[] = { { 1, 0, 0 }, { 2, -1, -1 }, { 1, -1, -1 }, { 2, 0, -1 } };
  JxAlignOptions options;
  guint32 a[5], b[5];
  guint k;

  jx_align_options_init (&options);
  options.algorithm = JX_ALGORITHM_NEEDLEMAN_WUNSCH;
  options.special_cases = FALSE;
  for (k = 0; k < G_N_ELEMENTS (tie_scorings); k++)
    {
      gsize n, m;

      options.scoring = tie_scorings[k];
      for (n = 1; n <= 5; n++)
        for (m = 1; m <= 5; m++)
          {
            guint x, y, t;

            for (x = 0; x < 1u << n; x++)
              for (y = 0; y < 1u << m; y++)
                {
                  for (t = 0; t < n; t++)
                    a[t] = x >> t & 1;
                  for (t = 0; t < m; t++)
                    b[t] = y >> t & 1;
                  check_pair (a, n, b, m, &options);
                }
          }
    }
}

/* The recursions hand blocks to the matrix: the same through them. */
static void
test_auto (void)
{
  guint k;

  for (k = 0; k < G_N_ELEMENTS (scorings); k++)
    {
      run_shapes (&scorings[k], JX_ALGORITHM_AUTO, TRUE, 30);
      run_shapes (&scorings[k], JX_ALGORITHM_FAST, TRUE, 30);
      run_shapes (&scorings[k], JX_ALGORITHM_HIRSCHBERG, TRUE, 30);
    }
}

/* Long pairs for the pruned wavefront: a loop of period 1 to 7 and its copy
 * with edits, some of them symbols the other side lacks (foreign); or, with
 * noise, random symbols of a small alphabet with a few foreign ones, where
 * h is far below the optimum and the pruned search must retry or give up. */
static void
make_long_pair (GRand   *rand,
                gboolean noise,
                guint32 *a,
                gsize    n,
                guint32 *b,
                gsize   *m)
{
  guint32 period = (guint32) g_rand_int_range (rand, 1, 8);
  double foreign = g_rand_double_range (rand, 0.0, 0.12);
  double drop = g_rand_double_range (rand, 0.0, 0.05);
  gsize k, out = 0;

  for (k = 0; k < n; k++)
    {
      a[k] = noise ? (guint32) g_rand_int_range (rand, 0, 4) : (guint32) (k % period) * 7u + 1u;
      if (g_rand_double (rand) < foreign / 4)
        a[k] = 1000u + (guint32) g_rand_int_range (rand, 0, 100);  /* foreign in B */
    }
  for (k = 0; k < n && out < *m; k++)
    {
      double x = g_rand_double (rand);

      if (x < drop)
        continue;
      if (x < drop + foreign / 2)
        b[out++] = 5000u + (guint32) g_rand_int_range (rand, 0, 100);  /* renamed */
      else if (x < drop + foreign && out + 1 < *m)
        {
          b[out++] = g_rand_boolean (rand) ? G_MAXUINT32 : 6000u;       /* inserted */
          b[out++] = a[k];
        }
      else
        b[out++] = noise && g_rand_double (rand) < 0.3 ? (guint32) g_rand_int_range (rand, 0, 4) : a[k];
    }
  *m = out;
}

static GArray *
align_pruning (const guint32        *a,
               gsize                 n,
               const guint32        *b,
               gsize                 m,
               const JxAlignOptions *options,
               guint64               base_cells,
               gboolean              scalar,
               gboolean              unpruned,
               JxAlignStats         *stats,
               gint64               *score)
{
  g_autoptr(GError) error = NULL;
  GArray *pairs;

  _jx_align_force_scalar (scalar);
  _jx_align_force_unpruned (unpruned);
  pairs = _jx_align_sequences_full (a, n, b, m, options, base_cells, stats, score, NULL, &error);
  _jx_align_force_unpruned (FALSE);
  _jx_align_force_scalar (FALSE);
  g_assert_no_error (error);
  g_assert_nonnull (pairs);
  return pairs;
}

/* Pruned (AVX2 and scalar) and unpruned: the same pairs, and the reference's
 * optimum; with the default base of the recursion and a tiny one (deep
 * recursions, every half pruned by its own bound). */
static void
test_pruning (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1812);
  g_autofree guint32 *a = g_new (guint32, 3000);
  g_autofree guint32 *b = g_new (guint32, 3000);
  static const JxAlgorithm algorithms[] = { JX_ALGORITHM_FAST, JX_ALGORITHM_AUTO };
  JxAlignStats stats = { 0, };
  guint k, r;

  for (k = 0; k < G_N_ELEMENTS (scorings); k++)
    for (r = 0; r < 48; r++)
      {
        JxAlignOptions options;
        gsize n = (gsize) g_rand_int_range (rand, 150, r < 6 ? 3000 : 1200);
        gsize m = MIN (n + n / 8, 3000);
        guint64 base = r % 3 == 0 ? 16 : JX_ALIGN_DEFAULT_BASE_CELLS;
        g_autoptr(GArray) reference = NULL;
        gint64 reference_pairs_score = 0;
        gboolean scalar;
        int unpruned;

        jx_align_options_init (&options);
        options.scoring = scorings[k];
        options.algorithm = algorithms[r % 2];
        make_long_pair (rand, r % 4 == 3, a, n, b, &m);
        reference = align_pruning (a, n, b, m, &options, base, FALSE, TRUE, NULL, &reference_pairs_score);
        g_assert_cmpint (reference_pairs_score, ==, reference_score (a, n, b, m, &options.scoring));
        for (scalar = FALSE; scalar <= TRUE; scalar++)
          for (unpruned = 0; unpruned <= 1; unpruned++)
            {
              g_autoptr(GArray) pairs = NULL;
              gint64 score = 0;

              pairs = align_pruning (a, n, b, m, &options, base, scalar, unpruned, &stats, &score);
              g_assert_cmpint (score, ==, reference_pairs_score);
              g_assert_cmpuint (pairs->len, ==, reference->len);
              g_assert_true (memcmp (pairs->data, reference->data, pairs->len * sizeof (JxAlignPair)) == 0);
            }
      }
  /* The pruned search did run (and the unpruned one where it had to). */
  g_test_message ("wavefront searches %" G_GUINT64_FORMAT ", pruned %" G_GUINT64_FORMAT,
                  stats.by_algorithm[JX_ALGORITHM_FAST], stats.fast_pruned);
  g_assert_cmpuint (stats.fast_pruned, >, 100);
}

#if defined(__GNUC__) && defined(__x86_64__)
__attribute__((target ("avx2"))) static void
prune_h4 (const JxPruneSide *c,
          gboolean           reverse,
          const gint64      *e,
          const gint64      *k,
          gint64            *out)
{
  __m256i ve = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) e);
  __m256i vk = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) k);
  __m256i h = reverse ? _jx_prune_h4_avx2 (c, TRUE, ve, vk) : _jx_prune_h4_avx2 (c, FALSE, ve, vk);

  _mm256_storeu_si256 ((__m256i *) (gpointer) out, h);
}
#endif

/* The wavefront's lower bound four cells at a time (_jx_prune_h4_avx2) is
 * the scalar one (_jx_prune_h and its per-direction forms) on every cell of
 * blocks of random and periodic sequences, both directions, with the
 * penalties of several scorings and with the largest ones allowed. */
static void
test_prune_bound (void)
{
#if defined(__GNUC__) && defined(__x86_64__)
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);
  g_autofree guint32 *a = g_new (guint32, 700);
  g_autofree guint32 *b = g_new (guint32, 700);
  static const gint64 pens[][2] = { { 3, 4 }, { 1, 1 }, { 2, 1 }, { 6, 7 }, { 4000, 3000 }, { 1, 5 } };
  guint64 checked = 0, pruned_differ = 0;
  guint r;

  if (!_jx_align_use_avx2 ())
    {
      g_test_skip ("no AVX2 on this machine (or JX_ALIGN_SCALAR set)");
      return;
    }
  for (r = 0; r < 60; r++)
    {
      gsize n = (gsize) g_rand_int_range (rand, 1, 700);
      gsize m = (gsize) g_rand_int_range (rand, 1, 700);
      guint32 period = (guint32) g_rand_int_range (rand, 1, 8);
      gboolean periodic = r % 2 == 0;
      g_autofree guint32 *fa = NULL;
      g_autofree guint32 *fb = NULL;
      gint64 pa, pb, bn, bm;
      gsize q;
      guint p;

      for (q = 0; q < n; q++)
        a[q] = periodic ? (guint32) (q % period) : (guint32) g_rand_int_range (rand, 0, 40);
      for (q = 0; q < m; q++)
        b[q] = periodic ? (guint32) ((q + 1) % (period + 1)) : (guint32) g_rand_int_range (rand, 20, 60);
      fa = _jx_align_foreign_counts (a, n, b, m);
      fb = _jx_align_foreign_counts (b, m, a, n);
      /* A block inside the sequences, as a recursion's half. */
      pa = g_rand_int_range (rand, 0, (gint32) n);
      pb = g_rand_int_range (rand, 0, (gint32) m);
      bn = g_rand_int_range (rand, 0, (gint32) (n - pa) + 1);
      bm = g_rand_int_range (rand, 0, (gint32) (m - pb) + 1);
      for (p = 0; p < G_N_ELEMENTS (pens); p++)
        {
          gint64 pen_m1 = MIN (pens[p][0], 2 * pens[p][1]);
          int reverse;

          for (reverse = 0; reverse <= 1; reverse++)
            {
              JxPruneSide side;
              gint64 e[4], k[4], h[4];
              guint lane = 0;
              gint64 i, j;

              _jx_prune_side_init (&side, fa, fb, pa, pb, bn, bm, reverse, pen_m1, pens[p][1]);
              for (i = 0; i <= bn; i++)
                for (j = 0; j <= bm; j++)
                  {
                    gint64 want = _jx_prune_h (&side, i, i - j);
                    guint x;

                    g_assert_cmpint (want, ==, reverse ? _jx_prune_h_bwd (&side, i, i - j)
                                                       : _jx_prune_h_fwd (&side, i, i - j));
                    e[lane] = i;
                    k[lane] = i - j;
                    if (++lane < 4 && !(i == bn && j == bm))
                      continue;
                    for (x = lane; x < 4; x++)
                      {
                        e[x] = e[0];
                        k[x] = k[0];
                      }
                    prune_h4 (&side, reverse, e, k, h);
                    for (x = 0; x < 4; x++)
                      {
                        gint64 scalar = _jx_prune_h (&side, e[x], k[x]);

                        g_assert_cmpint (h[x], ==, scalar);
                        pruned_differ += scalar != pens[p][1] * ABS (side.n_minus_m - k[x]);
                        checked++;
                      }
                    lane = 0;
                  }
            }
        }
    }
  /* The foreign symbols did count, not only the length difference. */
  g_assert_cmpuint (pruned_differ, >, checked / 20);
#else
  g_test_skip ("the four-cell bound is an x86-64 kernel");
#endif
}

static void
as_hier_tree (const JxTestCallTree *t,
              JxHierTree           *h)
{
  h->n_nodes = t->n;
  h->label = t->label;
  h->label_map = NULL;
  h->subtree_end = t->subtree_end;
}

static JxHierAlignment *
hier (const JxHierTree *a,
      const JxHierTree *b,
      guint             n_threads,
      gboolean          scalar,
      gboolean          unpruned)
{
  g_autoptr(GError) error = NULL;
  JxHierAlignOptions options;
  JxHierAlignment *r;

  jx_hier_align_options_init (&options);
  options.n_threads = n_threads;
  _jx_align_force_scalar (scalar);
  _jx_align_force_unpruned (unpruned);
  r = jx_hier_align (a, b, &options, NULL, NULL, NULL, &error);
  _jx_align_force_unpruned (FALSE);
  _jx_align_force_scalar (FALSE);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

/* Whole hierarchical alignments of call trees shaped like bench-hier's:
 * score, counts and every pair as with the scalar kernels and as with the
 * unpruned wavefront. */
static void
test_hier (void)
{
  guint seed;

  for (seed = 1; seed <= 3; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      JxTestCallTree a, b;
      JxHierTree ha, hb;
      guint threads;

      jx_test_paradis_generate_a (&a, rand, 300000);
      jx_test_paradis_generate_b (&b, &a, rand);
      as_hier_tree (&a, &ha);
      as_hier_tree (&b, &hb);

      for (threads = 1; threads <= 2; threads++)
        {
          g_autoptr(JxHierAlignment) fast = hier (&ha, &hb, threads, FALSE, FALSE);
          JxHierAlignment *others[2];
          guint k;

          others[0] = hier (&ha, &hb, threads, TRUE, FALSE);
          others[1] = hier (&ha, &hb, threads, FALSE, TRUE);
          for (k = 0; k < G_N_ELEMENTS (others); k++)
            {
              JxHierAlignment *other = others[k];

              g_assert_cmpint (fast->score, ==, other->score);
              g_assert_cmpint (fast->raw_score, ==, other->raw_score);
              g_assert_cmpuint (fast->n_pairs, ==, other->n_pairs);
              g_assert_true (memcmp (fast->counts, other->counts, sizeof fast->counts) == 0);
              g_assert_true (memcmp (fast->pairs, other->pairs, fast->n_pairs * sizeof (JxAlignPair)) == 0);
              g_assert_true (memcmp (fast->parent, other->parent, fast->n_pairs * sizeof (guint32)) == 0);
              jx_hier_alignment_free (other);
            }
          g_assert_cmpuint (fast->stats.calls, >, 0);
        }
      jx_test_call_tree_clear (&a);
      jx_test_call_tree_clear (&b);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/align/kernels/nw", test_nw);
  g_test_add_func ("/align/kernels/nw-16-limits", test_nw_16_limits);
  g_test_add_func ("/align/kernels/nw-ties", test_nw_ties);
  g_test_add_func ("/align/kernels/auto", test_auto);
  g_test_add_func ("/align/kernels/pruning", test_pruning);
  g_test_add_func ("/align/kernels/prune-bound", test_prune_bound);
  g_test_add_func ("/align/kernels/hier", test_hier);

  return g_test_run ();
}
