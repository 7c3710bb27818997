/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the chapter-4 metrics over hierarchical alignments. */
#include "config.h"

#include <string.h>

#include "jx-align-metrics.h"
#include "jx-hier-align.h"
#include "jx-test-tree.h"

static void
test_similarity (void)
{
  /* Eq. 4.1–4.5 with the default scores. */
  g_assert_cmpfloat (jx_align_similarity (20, 10, 10, NULL), ==, 1.0);
  g_assert_cmpfloat (jx_align_similarity (-10, 10, 10, NULL), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (jx_align_similarity (5, 10, 10, NULL), (5.0 / 20.0 + 0.5) / 1.5, 1e-12);
  g_assert_cmpfloat (jx_align_similarity (-100, 10, 10, NULL), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (jx_align_similarity (-2, 4, 2, NULL), (-2.0 / 8.0 + 0.5) / 1.5, 1e-12);
}

/* The bounds come from the scores: match 3, mismatch −2, gap −1 (a
 * mismatch still cheaper than two gaps: eq. 4.3's baseline) and match 2,
 * mismatch −5, gap −1 (a mismatch dearer: all gaps is the baseline). */
static void
test_similarity_scores (void)
{
  JxScoring cheap = { 3, -2, -1 }, dear = { 2, -5, -1 };
  JxSimilarity s;

  jx_align_similarity_full (30, 10, 10, &cheap, &s);
  g_assert_cmpint (s.max_score, ==, 30);
  g_assert_cmpint (s.baseline, ==, -20);
  g_assert_cmpfloat (s.similarity, ==, 1.0);
  jx_align_similarity_full (5, 10, 10, &cheap, &s);
  g_assert_cmpfloat_with_epsilon (s.similarity, 25.0 / 50.0, 1e-12);
  jx_align_similarity_full (0, 12, 10, &cheap, &s);
  g_assert_cmpint (s.max_score, ==, 36);
  g_assert_cmpint (s.baseline, ==, -22);

  jx_align_similarity_full (0, 10, 10, &dear, &s);
  g_assert_cmpint (s.max_score, ==, 20);
  g_assert_cmpint (s.baseline, ==, -20);     /* 20 gaps, not 10 mismatches (−50) */
  g_assert_cmpfloat_with_epsilon (s.similarity, 0.5, 1e-12);
  jx_align_similarity_full (-20, 10, 10, &dear, &s);
  g_assert_cmpfloat (s.similarity, ==, 0.0);
  g_assert_false (s.below_baseline);
}

/* Metrics over hand-made streams. */
static void
fill_stream (JxStream         *s,
             const JxTestTree *t,
             guint64          *start,
             guint64          *end)
{
  memset (s, 0, sizeof *s);
  s->n_invocations = t->label->len;
  s->region = (guint32 *) (gpointer) t->label->data;
  s->subtree_end = (guint32 *) (gpointer) t->subtree_end->data;
  s->parent = (guint32 *) (gpointer) t->parent->data;
  s->start = start;
  s->end = end;
}

static void
test_metrics (void)
{
  /* Four flat calls a b a c in A; B lacks b, and each call takes 1 tick
   * less in B (10 ticks per call in A, 9 in B). */
  g_autoptr(JxTestTree) ta = jx_test_tree_parse ("a b a c");
  g_autoptr(JxTestTree) tb = jx_test_tree_parse ("a a c");
  guint64 sa[] = { 100, 110, 120, 130 }, ea[] = { 110, 120, 130, 140 };
  guint64 sb[] = { 50, 59, 68 }, eb[] = { 59, 68, 77 };
  JxStream stream_a, stream_b;
  JxMetricSide side_a = { &stream_a, NULL, 100, 0.001 };
  JxMetricSide side_b = { &stream_b, NULL, 50, 0.001 };
  g_autoptr(GError) error = NULL;
  g_autoptr(JxHierAlignment) r = NULL;
  g_autoptr(GArray) dis = NULL;
  g_autoptr(GArray) skew = NULL;
  g_autoptr(GArray) diff = NULL;
  g_autoptr(GArray) table = NULL;
  const JxFunctionTimeDiff *row;
  guint i;

  fill_stream (&stream_a, ta, sa, ea);
  fill_stream (&stream_b, tb, sb, eb);
  r = jx_hier_align (&ta->tree, &tb->tree, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->n_pairs, ==, 4);
  g_assert_cmpuint (r->pairs[1].state, ==, JX_PAIR_ONLY_A);

  dis = jx_align_dissimilarity_timeline (r->pairs, r->n_pairs, &side_a, &side_b, 0.5, 4);
  g_assert_cmpuint (dis->len, ==, 4);
  for (i = 0; i < dis->len; i++)
    {
      const JxMetricPoint *pt = &g_array_index (dis, JxMetricPoint, i);
      g_assert_cmpfloat (pt->value, >=, 0.0);
      g_assert_cmpfloat (pt->value, <=, 1.0);
    }
  /* Window of 2 around position 0 and 1 sees the gap; at the end it does not. */
  g_assert_cmpfloat (g_array_index (dis, JxMetricPoint, 0).value, ==, 0.5);
  g_assert_cmpfloat (g_array_index (dis, JxMetricPoint, 3).value, ==, 0.0);

  skew = jx_align_runtime_skew (r->pairs, r->n_pairs, &side_a, &side_b, 0);
  g_assert_cmpuint (skew->len, ==, 3);
  g_assert_cmpfloat_with_epsilon (g_array_index (skew, JxMetricPoint, 0).value, 0.0, 1e-12);
  /* Second a: 20 ticks into A, 9 into B. */
  g_assert_cmpfloat_with_epsilon (g_array_index (skew, JxMetricPoint, 1).value, -0.011, 1e-12);
  g_assert_cmpfloat_with_epsilon (g_array_index (skew, JxMetricPoint, 1).time, 0.020, 1e-12);

  diff = jx_align_time_difference_series (r->pairs, r->n_pairs, &side_a, &side_b, 0);
  g_assert_cmpuint (diff->len, ==, 3);
  /* B − A: every equal call 1 ms shorter in B, so −1 ms (faster in B). */
  for (i = 0; i < diff->len; i++)
    g_assert_cmpfloat_with_epsilon (g_array_index (diff, JxMetricPoint, i).value, -0.001, 1e-12);

  /* Every called function has a row, largest |net| first: b (only in A,
   * −10 ms), a (two equal calls 1 ms faster each), c (1 ms faster). */
  table = jx_align_function_time_differences (r->pairs, r->n_pairs, &side_a, &side_b, 256);
  g_assert_cmpuint (table->len, ==, 3);
  row = &g_array_index (table, JxFunctionTimeDiff, 0);
  g_assert_cmpuint (row->symbol, ==, 'b');
  g_assert_cmpuint (row->only_a, ==, 1);
  g_assert_cmpuint (row->calls_b, ==, 0);
  g_assert_cmpfloat_with_epsilon (jx_function_time_diff_get_net (row), -0.010, 1e-12);
  row = &g_array_index (table, JxFunctionTimeDiff, 1);
  g_assert_cmpuint (row->symbol, ==, 'a');
  g_assert_cmpuint (row->n_faster, ==, 2);
  g_assert_cmpfloat_with_epsilon (row->faster, 0.002, 1e-12);
  g_assert_cmpuint (row->n_slower, ==, 0);
  g_assert_cmpfloat_with_epsilon (jx_function_time_diff_get_net (row), -0.002, 1e-12);
  g_assert_cmpuint (g_array_index (table, JxFunctionTimeDiff, 2).symbol, ==, 'c');
}

static void
test_series_downsampling (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(JxTestTree) t = jx_test_tree_random (rand, 10000, 3);
  g_autofree guint64 *start = g_new (guint64, 10000);
  g_autofree guint64 *end_a = g_new (guint64, 10000);
  g_autofree guint64 *end_b = g_new (guint64, 10000);
  JxStream stream_a, stream_b;
  JxMetricSide side_a = { &stream_a, NULL, 0, 1e-9 };
  JxMetricSide side_b = { &stream_b, NULL, 0, 1e-9 };
  g_autoptr(JxHierAlignment) r = NULL;
  g_autoptr(GArray) diff = NULL;
  g_autoptr(GArray) dis = NULL;
  guint i;

  for (i = 0; i < 10000; i++)
    {
      start[i] = i;
      end_a[i] = i + 10;
      end_b[i] = i + (i == 7777 ? 1 : 10);   /* one outlier */
    }
  fill_stream (&stream_a, t, start, end_a);
  fill_stream (&stream_b, t, start, end_b);
  r = jx_hier_align (&t->tree, &t->tree, NULL, NULL, NULL, NULL, NULL);
  diff = jx_align_time_difference_series (r->pairs, r->n_pairs, &side_a, &side_b, 100);
  g_assert_cmpuint (diff->len, ==, 100);
  /* Downsampling keeps the outlier. */
  for (i = 0; i < diff->len; i++)
    if (g_array_index (diff, JxMetricPoint, i).position == 7777)
      break;
  g_assert_cmpuint (i, <, diff->len);
  g_assert_cmpfloat_with_epsilon (g_array_index (diff, JxMetricPoint, i).value, -9e-9, 1e-15);

  dis = jx_align_dissimilarity_timeline (r->pairs, r->n_pairs, &side_a, &side_b, 0.1, 0);
  g_assert_cmpuint (dis->len, ==, 1000);
  for (i = 0; i < dis->len; i++)
    g_assert_cmpfloat (g_array_index (dis, JxMetricPoint, i).value, ==, 0.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/metrics/similarity", test_similarity);
  g_test_add_func ("/analysis/metrics/similarity-scores", test_similarity_scores);
  g_test_add_func ("/analysis/metrics/series", test_metrics);
  g_test_add_func ("/analysis/metrics/downsampling", test_series_downsampling);

  return g_test_run ();
}
