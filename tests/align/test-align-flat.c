/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-align-flat.c — flat pairwise alignment: exactness against the full
 * Needleman–Wunsch matrix, validity, the papers' examples, special cases,
 * custom scorings, the anchor heuristic and cancellation. */
#include "config.h"

#include <string.h>

#include "jx-sequence-align-private.h"

static const JxAlgorithm exact_algorithms[] = {
  JX_ALGORITHM_NEEDLEMAN_WUNSCH,
  JX_ALGORITHM_HIRSCHBERG,
  JX_ALGORITHM_FAST,
  JX_ALGORITHM_AUTO,
};

/* The pairs walk both sequences in order, once each, and the states agree
 * with the symbols. */
static void
assert_valid (const guint32 *a,
              gsize          n,
              const guint32 *b,
              gsize          m,
              GArray        *pairs)
{
  gsize ia = 0, ib = 0, k;

  for (k = 0; k < pairs->len; k++)
    {
      const JxAlignPair *p = &g_array_index (pairs, JxAlignPair, k);

      switch ((JxPairState) p->state)
        {
        case JX_PAIR_EQUAL:
        case JX_PAIR_DIFFERENT:
          g_assert_cmpuint (p->a, ==, ia);
          g_assert_cmpuint (p->b, ==, ib);
          g_assert_cmpint (a[ia] == b[ib], ==, p->state == JX_PAIR_EQUAL);
          ia++;
          ib++;
          break;
        case JX_PAIR_ONLY_A:
          g_assert_cmpuint (p->a, ==, ia);
          g_assert_cmpuint (p->b, ==, JX_ALIGN_NONE);
          ia++;
          break;
        case JX_PAIR_ONLY_B:
          g_assert_cmpuint (p->a, ==, JX_ALIGN_NONE);
          g_assert_cmpuint (p->b, ==, ib);
          ib++;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  g_assert_cmpuint (ia, ==, n);
  g_assert_cmpuint (ib, ==, m);
}

/* base_cells: see _jx_align_sequences_full(). */
static gint64
align_checked_full (const guint32        *a,
                    gsize                 n,
                    const guint32        *b,
                    gsize                 m,
                    const JxAlignOptions *options,
                    guint64               base_cells,
                    JxAlignStats         *stats,
                    GArray              **out_pairs)
{
  g_autoptr(GError) error = NULL;
  GArray *pairs;
  gint64 score = G_MININT64;

  pairs = _jx_align_sequences_full (a, n, b, m, options, base_cells, stats, &score, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (pairs);
  assert_valid (a, n, b, m, pairs);
  g_assert_cmpint (score, ==, jx_align_score ((JxAlignPair *) pairs->data, pairs->len,
                                              options ? &options->scoring : &(JxScoring) { 2, -1, -1 }));
  if (out_pairs != NULL)
    *out_pairs = pairs;
  else
    g_array_unref (pairs);
  return score;
}

static gint64
align_checked (const guint32        *a,
               gsize                 n,
               const guint32        *b,
               gsize                 m,
               const JxAlignOptions *options,
               JxAlignStats         *stats,
               GArray              **out_pairs)
{
  return align_checked_full (a, n, b, m, options, JX_ALIGN_DEFAULT_BASE_CELLS, stats, out_pairs);
}

static gint64
oracle (const guint32   *a,
        gsize            n,
        const guint32   *b,
        gsize            m,
        const JxScoring *scoring)
{
  JxAlignOptions options;

  jx_align_options_init (&options);
  options.algorithm = JX_ALGORITHM_NEEDLEMAN_WUNSCH;
  options.special_cases = FALSE;
  if (scoring != NULL)
    options.scoring = *scoring;
  return align_checked (a, n, b, m, &options, NULL, NULL);
}

static void
random_sequence (GRand   *rand,
                 guint32 *out,
                 gsize    len,
                 guint    alphabet)
{
  gsize k;

  for (k = 0; k < len; k++)
    out[k] = (guint32) g_rand_int_range (rand, 0, (gint32) alphabet);
}

/* b is a mutated a: substitutions, insertions, deletions at the given rate. */
static gsize
mutate (GRand         *rand,
        const guint32 *a,
        gsize          n,
        guint32       *out,
        gsize          cap,
        gdouble        rate,
        guint          alphabet)
{
  gsize k, len = 0;

  for (k = 0; k < n && len < cap; k++)
    {
      gdouble r = g_rand_double (rand);

      if (r < rate / 3)
        out[len++] = (guint32) g_rand_int_range (rand, 0, (gint32) alphabet);
      else if (r < 2 * rate / 3)
        continue;
      else if (r < rate && len + 1 < cap)
        {
          out[len++] = (guint32) g_rand_int_range (rand, 0, (gint32) alphabet);
          out[len++] = a[k];
        }
      else
        out[len++] = a[k];
    }
  return len;
}

static void
check_exact_all_full (const guint32   *a,
                      gsize            n,
                      const guint32   *b,
                      gsize            m,
                      const JxScoring *scoring,
                      guint64          base_cells)
{
  gint64 best = oracle (a, n, b, m, scoring);
  guint k, sc;

  for (k = 0; k < G_N_ELEMENTS (exact_algorithms); k++)
    for (sc = 0; sc < 2; sc++)
      {
        JxAlignOptions options;
        gint64 s;

        jx_align_options_init (&options);
        if (scoring != NULL)
          options.scoring = *scoring;
        options.algorithm = exact_algorithms[k];
        options.special_cases = sc == 1;
        s = align_checked_full (a, n, b, m, &options, base_cells, NULL, NULL);
        if (s != best)
          g_error ("%s (special cases %d) scored %" G_GINT64_FORMAT
                   ", optimum %" G_GINT64_FORMAT " (n %" G_GSIZE_FORMAT ", m %" G_GSIZE_FORMAT ")",
                   jx_algorithm_to_string (exact_algorithms[k]), sc, s, best, n, m);
      }
}

static void
check_exact_all (const guint32   *a,
                 gsize            n,
                 const guint32   *b,
                 gsize            m,
                 const JxScoring *scoring)
{
  check_exact_all_full (a, n, b, m, scoring, JX_ALIGN_DEFAULT_BASE_CELLS);
}

static void
property_small (guint32 seed,
                guint64 base_cells)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint32 a[64], b[64];
  guint iter;

  for (iter = 0; iter < 3000; iter++)
    {
      guint alphabet = (guint) g_rand_int_range (rand, 1, 7);
      gsize n = (gsize) g_rand_int_range (rand, 0, 40);
      gsize m;

      if (iter % 50 == 0)
        alphabet = 100000;
      random_sequence (rand, a, n, alphabet);
      if (iter % 3 == 0)
        m = mutate (rand, a, n, b, G_N_ELEMENTS (b), 0.2, alphabet);
      else
        {
          m = (gsize) g_rand_int_range (rand, 0, 40);
          random_sequence (rand, b, m, alphabet);
        }
      check_exact_all_full (a, n, b, m, NULL, base_cells);
    }
}

static void
test_property_small (void)
{
  property_small (4242, JX_ALIGN_DEFAULT_BASE_CELLS);
}

/* The same with the recursions of Hirschberg and of the wavefront running
 * down to single symbols instead of handing small blocks to the matrix. */
static void
test_property_small_deep (void)
{
  property_small (2424, 0);
}

/* Long enough for the vectorised Hirschberg rows, the wavefront recursion
 * and AUTO's choices. */
static void
test_property_medium (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (777);
  g_autofree guint32 *a = g_new (guint32, 800);
  g_autofree guint32 *b = g_new (guint32, 1600);
  guint iter;

  for (iter = 0; iter < 120; iter++)
    {
      guint alphabet = (guint) g_rand_int_range (rand, 2, 12);
      gsize n = (gsize) g_rand_int_range (rand, 30, 400);
      gsize m;

      if (iter % 10 == 0)
        alphabet = 300 + iter;   /* 16-bit codes */
      random_sequence (rand, a, n, alphabet);
      if (iter % 2 == 0)
        m = mutate (rand, a, n, b, 1600, g_rand_double_range (rand, 0.0, 0.4), alphabet);
      else
        {
          m = (gsize) g_rand_int_range (rand, 30, 400);
          random_sequence (rand, b, m, alphabet);
        }
      check_exact_all (a, n, b, m, NULL);
    }
}

static void
test_custom_scoring (void)
{
  static const JxScoring scorings[] = {
    { 1, 0, 0 },       /* longest common subsequence */
    { 0, -1, -1 },     /* edit distance: X 2, O 2 */
    { 3, -2, -2 },
    { 1, -1, -3 },     /* mismatches far cheaper than gaps */
    { 2, -5, -1 },     /* mismatch dearer than two gaps */
    { 5, 1, -4 },
    { 2, 2, -1 },      /* mismatch as good as a match: X 0 */
    { -1, 1, 0 },      /* not convertible: plain algorithms only */
    { 1, -1, 2 },      /* gaps rewarded: not convertible */
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  guint32 a[200], b[400];
  guint s, iter;

  for (s = 0; s < G_N_ELEMENTS (scorings); s++)
    for (iter = 0; iter < 150; iter++)
      {
        guint alphabet = (guint) g_rand_int_range (rand, 1, 6);
        gsize n = (gsize) g_rand_int_range (rand, 0, iter < 140 ? 30 : 200);
        gsize m;

        random_sequence (rand, a, n, alphabet);
        if (iter % 2)
          m = mutate (rand, a, n, b, G_N_ELEMENTS (b), 0.3, alphabet);
        else
          {
            m = (gsize) g_rand_int_range (rand, 0, iter < 140 ? 30 : 200);
            random_sequence (rand, b, m, alphabet);
          }
        check_exact_all (a, n, b, m, &scorings[s]);
      }
}

static gsize
from_letters (const char *text,
              guint32    *out)
{
  gsize len = 0;

  for (; *text; text++)
    if (*text != ' ')
      out[len++] = (guint32) *text;
  return len;
}

static gboolean
pairs_equal (GArray *x,
             GArray *y)
{
  return x->len == y->len &&
         memcmp (x->data, y->data, x->len * sizeof (JxAlignPair)) == 0;
}

/* Seed 000 / dissertation §3.2.2: m c a c m a m vs m c a c b c m b m. */
static void
test_paper_example (void)
{
  guint32 a[16], b[16];
  gsize n = from_letters ("m c a c m a m", a);
  gsize m = from_letters ("m c a c b c m b m", b);
  /* Fig. 3 / 3.7: m c a c - - m a m over m c a c b c m b m. */
  static const JxAlignPair figure[] = {
    { 0, 0, JX_PAIR_EQUAL }, { 1, 1, JX_PAIR_EQUAL }, { 2, 2, JX_PAIR_EQUAL },
    { 3, 3, JX_PAIR_EQUAL }, { JX_ALIGN_NONE, 4, JX_PAIR_ONLY_B },
    { JX_ALIGN_NONE, 5, JX_PAIR_ONLY_B }, { 4, 6, JX_PAIR_EQUAL },
    { 5, 7, JX_PAIR_DIFFERENT }, { 6, 8, JX_PAIR_EQUAL },
  };
  /* The other alignment shown in §3.2.2: m c a c m a m - - */
  static const JxAlignPair other[] = {
    { 0, 0, JX_PAIR_EQUAL }, { 1, 1, JX_PAIR_EQUAL }, { 2, 2, JX_PAIR_EQUAL },
    { 3, 3, JX_PAIR_EQUAL }, { 4, 4, JX_PAIR_DIFFERENT }, { 5, 5, JX_PAIR_DIFFERENT },
    { 6, 6, JX_PAIR_EQUAL }, { JX_ALIGN_NONE, 7, JX_PAIR_ONLY_B },
    { JX_ALIGN_NONE, 8, JX_PAIR_ONLY_B },
  };
  JxScoring scoring = { 2, -1, -1 };
  g_autoptr(GArray) fig = g_array_new (FALSE, FALSE, sizeof (JxAlignPair));
  gint32 x = 0, o = 0;
  guint k;

  g_array_append_vals (fig, figure, G_N_ELEMENTS (figure));
  assert_valid (a, n, b, m, fig);

  g_assert_cmpint (oracle (a, n, b, m, NULL), ==, 9);
  g_assert_cmpint (jx_align_score (figure, G_N_ELEMENTS (figure), &scoring), ==, 9);
  g_assert_cmpint (jx_align_score (other, G_N_ELEMENTS (other), &scoring), ==, 6);

  /* The identity: score = (M + N) - (3 mismatches + 2 gaps). */
  g_assert_true (jx_align_penalty_from_scoring (&scoring, &x, &o));
  g_assert_cmpint (x, ==, 3);
  g_assert_cmpint (o, ==, 2);
  g_assert_cmpint ((gint64) (n + m) - (3 * 1 + 2 * 2), ==, 9);

  check_exact_all (a, n, b, m, NULL);
  for (k = 0; k < G_N_ELEMENTS (exact_algorithms); k++)
    {
      JxAlignOptions options;

      jx_align_options_init (&options);
      options.algorithm = exact_algorithms[k];
      g_assert_cmpint (align_checked (a, n, b, m, &options, NULL, NULL), ==, 9);
    }
}

/* §3.2.5: 'a a b a a b a a' vs 'a a' has several optima; the result is one
 * of the listed ones, and always the same one. */
static void
test_ambiguity (void)
{
  guint32 a[16], b[4];
  gsize n = from_letters ("a a b a a b a a", a);
  gsize m = from_letters ("a a", b);
  guint k, sc;

  for (k = 0; k < G_N_ELEMENTS (exact_algorithms); k++)
    for (sc = 0; sc < 2; sc++)
      {
        JxAlignOptions options;
        g_autoptr(GArray) first = NULL;
        g_autoptr(GArray) again = NULL;
        guint32 matched[2];
        guint n_matched = 0, t;

        jx_align_options_init (&options);
        options.algorithm = exact_algorithms[k];
        options.special_cases = sc == 1;
        g_assert_cmpint (align_checked (a, n, b, m, &options, NULL, &first), ==, -2);
        align_checked (a, n, b, m, &options, NULL, &again);
        g_assert_true (pairs_equal (first, again));

        for (t = 0; t < first->len; t++)
          {
            JxAlignPair *p = &g_array_index (first, JxAlignPair, t);

            if (p->state == JX_PAIR_EQUAL)
              matched[n_matched++] = p->a;
          }
        g_assert_cmpuint (n_matched, ==, 2);

        /* Special cases and NW pair the first two a; every algorithm returns
         * one of the dissertation's optima. */
        if (sc == 1 || exact_algorithms[k] == JX_ALGORITHM_NEEDLEMAN_WUNSCH)
          {
            g_assert_cmpuint (matched[0], ==, 0);
            g_assert_cmpuint (matched[1], ==, 1);
          }
        else
          g_assert_true ((matched[0] == 0 && matched[1] == 1) ||
                         (matched[0] == 3 && matched[1] == 4) ||
                         (matched[0] == 0 && (matched[1] == 6 || matched[1] == 7)) ||
                         (matched[0] == 6 && matched[1] == 7));
      }
}

static void
test_special_cases (void)
{
  g_autofree guint32 *a = g_new (guint32, 5000);
  g_autofree guint32 *b = g_new (guint32, 5000);
  JxAlignOptions options;
  JxAlignStats stats;
  gsize k;

  jx_align_options_init (&options);
  for (k = 0; k < 5000; k++)
    a[k] = b[k] = (guint32) (k % 7);

  /* Identical. */
  memset (&stats, 0, sizeof stats);
  g_assert_cmpint (align_checked (a, 5000, b, 5000, &options, &stats, NULL), ==, 10000);
  g_assert_cmpuint (stats.special_identical, ==, 1);
  g_assert_cmpuint (stats.cells, ==, 0);

  /* Common prefix and suffix around one substitution. */
  b[2500] = 99;
  memset (&stats, 0, sizeof stats);
  g_assert_cmpint (align_checked (a, 5000, b, 5000, &options, &stats, NULL), ==, 2 * 4999 - 1);
  g_assert_cmpuint (stats.special_trimmed, ==, 4999);
  g_assert_cmpuint (stats.cells, ==, 0);
  b[2500] = a[2500];

  /* Contained: a[1000, 3000) in b, away from both ends. */
  memset (&stats, 0, sizeof stats);
  g_assert_cmpint (align_checked (a + 1000, 2000, b, 5000, &options, &stats, NULL),
                   ==, 2 * 2000 - 3000);
  g_assert_cmpint (oracle (a + 1000, 2000, b + 900, 300 + 2000, NULL), ==, 2 * 2000 - 300);
  g_assert_cmpuint (stats.cells, ==, 0);

  /* Nothing in common: mismatches are cheaper than two gaps. */
  for (k = 0; k < 300; k++)
    b[k] = 100 + (guint32) (k % 3);
  memset (&stats, 0, sizeof stats);
  g_assert_cmpint (align_checked (a, 200, b, 300, &options, &stats, NULL), ==, -200 - 100);
  g_assert_cmpuint (stats.special_disjoint, ==, 1);
  g_assert_cmpint (oracle (a, 200, b, 300, NULL), ==, -300);

  /* Empty sides. */
  g_assert_cmpint (align_checked (a, 0, b, 7, &options, NULL, NULL), ==, -7);
  g_assert_cmpint (align_checked (a, 7, b, 0, &options, NULL, NULL), ==, -7);
  g_assert_cmpint (align_checked (NULL, 0, NULL, 0, &options, NULL, NULL), ==, 0);
}

/* "No symbol in common" is decided pairwise for short sequences and through
 * a set for long ones: both must see a single shared symbol anywhere, also
 * G_MAXUINT32, and agree with the oracle either way. */
static void
test_common_symbol (void)
{
  static const gsize sizes[][2] = { { 1, 1 }, { 3, 4 }, { 40, 90 }, { 64, 64 }, { 70, 80 }, { 200, 300 } };
  JxAlignOptions options;
  guint s, pos;

  jx_align_options_init (&options);
  for (s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      gsize n = sizes[s][0], m = sizes[s][1], k;
      g_autofree guint32 *a = g_new (guint32, n);
      g_autofree guint32 *b = g_new (guint32, m);

      for (k = 0; k < n; k++)
        a[k] = (guint32) (k % 5);
      for (k = 0; k < m; k++)
        b[k] = 100 + (guint32) (k % 3);

      for (pos = 0; pos < 4; pos++)
        {
          JxAlignStats stats = { 0, };
          /* Opposite ends, so that no common prefix or suffix hides it. */
          gsize at_a = pos == 2 ? n - 1 : 0;
          gsize at_b = pos == 2 ? 0 : m - 1;
          gboolean shared = pos > 0;
          guint32 saved_a = a[at_a], saved_b = b[at_b];

          if (shared)
            {
              a[at_a] = pos == 3 ? G_MAXUINT32 : 7;
              b[at_b] = a[at_a];
            }
          g_assert_cmpint (align_checked (a, n, b, m, &options, &stats, NULL), ==,
                           oracle (a, n, b, m, NULL));
          /* Special cases run first, so only the disjoint pair is caught there. */
          g_assert_cmpuint (stats.special_disjoint, ==, (shared ? 0 : 1));
          a[at_a] = saved_a;
          b[at_b] = saved_b;
        }
    }
}

/* A long pair with few differences: AUTO takes the wavefront, agrees with
 * Hirschberg, and the wavefront visits far fewer cells. */
static void
test_long_similar (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (31337);
  gsize n = 20000, m;
  g_autofree guint32 *a = g_new (guint32, n);
  g_autofree guint32 *b = g_new (guint32, 2 * n);
  JxAlignOptions options;
  JxAlignStats fast = { 0, }, hirsch = { 0, };
  gint64 s_fast, s_hirsch;

  random_sequence (rand, a, n, 20);
  m = mutate (rand, a, n, b, 2 * n, 0.01, 20);

  jx_align_options_init (&options);
  options.special_cases = FALSE;
  s_fast = align_checked (a, n, b, m, &options, &fast, NULL);
  g_assert_cmpuint (fast.by_algorithm[JX_ALGORITHM_FAST], ==, 1);
  g_assert_cmpuint (fast.fast_gave_up, ==, 0);

  options.algorithm = JX_ALGORITHM_HIRSCHBERG;
  s_hirsch = align_checked (a, n, b, m, &options, &hirsch, NULL);
  g_assert_cmpint (s_fast, ==, s_hirsch);
  g_assert_cmpuint (hirsch.by_algorithm[JX_ALGORITHM_HIRSCHBERG], ==, 1);
  g_assert_cmpuint (fast.cells * 20, <, hirsch.cells);

  /* Dissimilar: AUTO gives up on the wavefront and still finds the optimum. */
  random_sequence (rand, b, 3000, 4);
  random_sequence (rand, a, 3000, 4);
  memset (&fast, 0, sizeof fast);
  options.algorithm = JX_ALGORITHM_AUTO;
  s_fast = align_checked (a, 3000, b, 3000, &options, &fast, NULL);
  options.algorithm = JX_ALGORITHM_NEEDLEMAN_WUNSCH;
  g_assert_cmpint (s_fast, ==, align_checked (a, 3000, b, 3000, &options, NULL, NULL));
  g_assert_cmpuint (fast.fast_gave_up, ==, 1);
  g_assert_cmpuint (fast.by_algorithm[JX_ALGORITHM_HIRSCHBERG], ==, 1);

  /* A second thread for the Hirschberg rows changes nothing in the result. */
  {
    g_autoptr(GArray) serial = NULL;
    g_autoptr(GArray) parallel = NULL;

    options.algorithm = JX_ALGORITHM_HIRSCHBERG;
    options.n_threads = 1;
    align_checked (a, 3000, b, 3000, &options, NULL, &serial);
    options.n_threads = 2;
    align_checked (a, 3000, b, 3000, &options, NULL, &parallel);
    g_assert_true (pairs_equal (serial, parallel));
  }
}

static void
test_anchor (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  gsize n = 6000, m;
  g_autofree guint32 *a = g_new (guint32, n);
  g_autofree guint32 *b = g_new (guint32, 2 * n);
  JxAlignOptions options;
  JxAlignStats stats = { 0, };
  gint64 heuristic, best;
  gsize k;

  /* Iterations: a frequent "loop" symbol 0 between varying bodies. */
  for (k = 0; k < n; k++)
    a[k] = k % 10 == 0 ? 0 : (guint32) g_rand_int_range (rand, 1, 30);
  m = mutate (rand, a, n, b, 2 * n, 0.05, 30);

  jx_align_options_init (&options);
  options.algorithm = JX_ALGORITHM_ANCHOR;
  options.anchor_min_length = 500;
  heuristic = align_checked (a, n, b, m, &options, &stats, NULL);
  g_assert_cmpuint (stats.by_algorithm[JX_ALGORITHM_ANCHOR], >, 0);

  options.algorithm = JX_ALGORITHM_AUTO;
  options.anchor_min_length = 0;
  best = align_checked (a, n, b, m, &options, NULL, NULL);
  /* Inserted or deleted anchors shift the k-th-occurrence pairing: the
   * heuristic can be far from the optimum (§3.2.4). */
  g_assert_cmpint (heuristic, <=, best);

  /* With the anchors untouched it stays close. */
  for (k = 0; k < n; k++)
    b[k] = a[k] != 0 && g_rand_double (rand) < 0.05 ? 31 : a[k];
  options.algorithm = JX_ALGORITHM_ANCHOR;
  options.anchor_min_length = 500;
  heuristic = align_checked (a, n, b, n, &options, NULL, NULL);
  options.algorithm = JX_ALGORITHM_AUTO;
  options.anchor_min_length = 0;
  best = align_checked (a, n, b, n, &options, NULL, NULL);
  g_assert_cmpint (heuristic, <=, best);
  g_assert_cmpint (heuristic, >=, best - best / 20);

  /* AUTO with a threshold uses it too. */
  memset (&stats, 0, sizeof stats);
  options.anchor_min_length = 500;
  align_checked (a, n, b, m, &options, &stats, NULL);
  g_assert_cmpuint (stats.by_algorithm[JX_ALGORITHM_ANCHOR], >, 0);

  /* Distinct symbols peel off one anchor per level: the nesting is bounded
   * and the rest is aligned exactly. */
  {
    gsize big = 20000;
    g_autofree guint32 *x = g_new (guint32, big);

    for (k = 0; k < big; k++)
      x[k] = (guint32) k;
    options.algorithm = JX_ALGORITHM_ANCHOR;
    options.anchor_min_length = 1;
    options.special_cases = FALSE;
    memset (&stats, 0, sizeof stats);
    g_assert_cmpint (align_checked (x, big, x, big, &options, &stats, NULL), ==, 2 * (gint64) big);
    g_assert_cmpuint (stats.by_algorithm[JX_ALGORITHM_ANCHOR], <=, 64);
    options.special_cases = TRUE;
  }

  /* §3.2.5's example under the heuristic: anchors are the first a's. */
  {
    guint32 x[16], y[4];
    gsize nx = from_letters ("a a b a a b a a", x);
    gsize ny = from_letters ("a a", y);

    options.algorithm = JX_ALGORITHM_ANCHOR;
    options.anchor_min_length = 1;
    options.special_cases = FALSE;
    g_assert_cmpint (align_checked (x, nx, y, ny, &options, NULL, NULL), ==, -2);
  }
}

static gpointer
cancel_later (gpointer data)
{
  g_usleep (20000);
  g_cancellable_cancel (data);
  return NULL;
}

static void
test_cancellation (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  gsize n = 60000;
  g_autofree guint32 *a = g_new (guint32, n);
  g_autofree guint32 *b = g_new (guint32, n);
  guint k;
  GArray *pairs;
  GThread *thread;

  random_sequence (rand, a, n, 8);
  random_sequence (rand, b, n, 8);

  /* Already cancelled, every algorithm. */
  g_cancellable_cancel (cancellable);
  for (k = 0; k < JX_N_ALGORITHMS; k++)
    {
      JxAlignOptions options;

      jx_align_options_init (&options);
      options.algorithm = (JxAlgorithm) k;
      pairs = jx_align_sequences (a, 3000, b, 3000, &options, NULL, NULL, cancellable, &error);
      g_assert_null (pairs);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_clear_error (&error);
    }

  /* Cancelled in the middle of a long Hirschberg and of a long wavefront. */
  for (k = 0; k < 2; k++)
    {
      JxAlignOptions options;

      g_cancellable_reset (cancellable);
      jx_align_options_init (&options);
      options.algorithm = k == 0 ? JX_ALGORITHM_HIRSCHBERG : JX_ALGORITHM_FAST;
      thread = g_thread_new ("cancel", cancel_later, cancellable);
      pairs = jx_align_sequences (a, n, b, n, &options, NULL, NULL, cancellable, &error);
      g_thread_join (thread);
      g_assert_null (pairs);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_clear_error (&error);
    }
}

static void
test_names (void)
{
  guint k;
  JxAlgorithm algorithm;

  for (k = 0; k < JX_N_ALGORITHMS; k++)
    {
      g_assert_true (jx_algorithm_from_string (jx_algorithm_to_string ((JxAlgorithm) k), &algorithm));
      g_assert_cmpint (algorithm, ==, k);
    }
  g_assert_true (jx_algorithm_from_string ("Needleman-Wunsch", &algorithm));
  g_assert_cmpint (algorithm, ==, JX_ALGORITHM_NEEDLEMAN_WUNSCH);
  g_assert_false (jx_algorithm_from_string ("quantum", &algorithm));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/align/flat/property/small", test_property_small);
  g_test_add_func ("/align/flat/property/small-deep", test_property_small_deep);
  g_test_add_func ("/align/flat/property/medium", test_property_medium);
  g_test_add_func ("/align/flat/custom-scoring", test_custom_scoring);
  g_test_add_func ("/align/flat/paper-example", test_paper_example);
  g_test_add_func ("/align/flat/ambiguity", test_ambiguity);
  g_test_add_func ("/align/flat/special-cases", test_special_cases);
  g_test_add_func ("/align/flat/common-symbol", test_common_symbol);
  g_test_add_func ("/align/flat/long-similar", test_long_similar);
  g_test_add_func ("/align/flat/anchor", test_anchor);
  g_test_add_func ("/align/flat/cancellation", test_cancellation);
  g_test_add_func ("/align/flat/names", test_names);

  return g_test_run ();
}
