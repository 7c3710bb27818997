/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-diff-bar-set.c — the one model of diff bars (jx-diff-bar-set.h): rows
 * from the stream pairing before any pair is done, a finished pair filling
 * the bar of its stream on each side and nothing else, a finished
 * comparison giving the same bars as pairs added one by one, and pixels
 * that are the pair diff's own samples. */
#include "config.h"

#include "jx-diff-bar-set.h"
#include "jx-trace-builder.h"

#define PARADIGM_USER 1
#define ROLE_FUNCTION 1

/* Ranks 0 … n_ranks - 1, one stream each: main holding `n` iterations of
 * work [0, 60) and, unless `skip`, extra [60, 80) of each 100 ticks. */
static JxTrace *
make_trace (const char *name,
            guint       n_ranks,
            guint       n,
            gboolean    skip)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/bars/traces.otf2", name, 1000000000);
  guint32 main_r = jx_trace_builder_add_region (b, "main", PARADIGM_USER, ROLE_FUNCTION);
  guint32 work = jx_trace_builder_add_region (b, "work", PARADIGM_USER, ROLE_FUNCTION);
  guint32 extra = jx_trace_builder_add_region (b, "extra", PARADIGM_USER, ROLE_FUNCTION);

  for (guint r = 0; r < n_ranks; r++)
    {
      g_autofree char *rank = g_strdup_printf ("Rank %u", r);
      guint32 p = jx_trace_builder_add_process (b, rank, JX_NONE);
      guint32 s = jx_trace_builder_add_stream (b, p, "Master thread", JX_STREAM_CPU_THREAD);

      jx_trace_builder_enter (b, s, 0, main_r);
      for (guint i = 0; i < n; i++)
        {
          guint64 t = (guint64) i * 100;

          jx_trace_builder_enter (b, s, t, work);
          jx_trace_builder_leave (b, s, t + 60, work);
          if (!skip)
            {
              jx_trace_builder_enter (b, s, t + 60, extra);
              jx_trace_builder_leave (b, s, t + 80, extra);
            }
        }
      jx_trace_builder_leave (b, s, (guint64) n * 100, main_r);
    }
  return jx_trace_builder_finish (b);
}

static JxComparison *
compare (JxTrace *a,
         JxTrace *b)
{
  JxComparisonOptions options;
  g_autoptr(GError) error = NULL;
  JxComparison *cmp;

  jx_comparison_options_init (&options);
  options.diff_bars = TRUE;
  cmp = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_no_error (error);
  return cmp;
}

/* A has 2 ranks, B 3: B's third has no partner and never gets a row. Pairs
 * arrive one by one and fill exactly their own stream on each side. */
static void
test_pairs_one_by_one (void)
{
  g_autoptr(JxTrace) a = make_trace ("a", 2, 10, FALSE);
  g_autoptr(JxTrace) b = make_trace ("b", 3, 10, TRUE);
  g_autoptr(JxComparison) cmp = compare (a, b);
  g_autoptr(JxDiffBarSet) side_a = NULL;
  g_autoptr(JxDiffBarSet) side_b = NULL;
  guint filled = 0;

  jx_diff_bar_set_new_pair (a, b, &side_a, &side_b);
  g_assert_false (jx_diff_bar_set_get_side_b (side_a));
  g_assert_true (jx_diff_bar_set_get_side_b (side_b));
  g_assert_cmpuint (jx_diff_bar_set_get_n_streams (side_a), ==, 2);
  g_assert_cmpuint (jx_diff_bar_set_get_n_streams (side_b), ==, 3);
  /* Rows before any pair: the partnered streams. */
  for (guint32 s = 0; s < 2; s++)
    {
      g_assert_true (jx_diff_bar_set_has_row (side_a, s));
      g_assert_true (jx_diff_bar_set_has_row (side_b, s));
      g_assert_null (jx_diff_bar_set_get_pair (side_a, s));
      g_assert_null (jx_diff_bar_set_get_diff (side_b, s));
    }
  g_assert_false (jx_diff_bar_set_has_row (side_b, 2));
  g_assert_false (jx_diff_bar_set_has_row (side_b, 99));

  for (guint p = 0; p < jx_comparison_get_n_pairs (cmp); p++)
    {
      const JxComparisonPair *pair = jx_comparison_get_pair (cmp, p);
      guint32 sa = jx_diff_bar_set_add_pair (side_a, pair);
      guint32 sb = jx_diff_bar_set_add_pair (side_b, pair);

      if (pair->alignment == NULL)
        {
          /* Unpaired: nothing on either side. */
          g_assert_cmpuint (sa, ==, JX_NONE);
          g_assert_cmpuint (sb, ==, JX_NONE);
          continue;
        }
      g_assert_cmpuint (sa, ==, pair->stream_a);
      g_assert_cmpuint (sb, ==, pair->stream_b);
      g_assert_true (jx_diff_bar_set_get_pair (side_a, sa) == pair);
      g_assert_true (jx_diff_bar_set_get_diff (side_b, sb) == pair->diff);
      filled++;
      /* The other streams are as they were: done before, or still empty. */
      for (guint32 s = 0; s < 3; s++)
        if (s != sb)
          g_assert_true (jx_diff_bar_set_get_pair (side_b, s) == NULL ||
                         jx_diff_bar_set_get_pair (side_b, s)->index < pair->index);
    }
  g_assert_cmpuint (filled, ==, 2);
  g_assert_false (jx_diff_bar_set_has_row (side_b, 2));
}

/* A finished comparison's bars equal the pairs added one by one; the
 * pixels are the pair diff's samples, state and extra flag apart. */
static void
test_finished_and_pixels (void)
{
  g_autoptr(JxTrace) a = make_trace ("a", 1, 10, FALSE);
  g_autoptr(JxTrace) b = make_trace ("b", 1, 10, TRUE);
  g_autoptr(JxComparison) cmp = compare (a, b);
  g_autoptr(JxDiffBarSet) side_a = jx_diff_bar_set_new_for_comparison (cmp, 1, FALSE);
  g_autoptr(JxDiffBarSet) side_b = jx_diff_bar_set_new_for_comparison (cmp, 1, TRUE);
  const JxComparisonPair *pair = jx_comparison_get_pair (cmp, 0);
  JxDiffBarPixel pixels[1000];
  guint8 states[1000];
  guint only_here = 0, extra = 0;
  JxDiffState state;
  guint32 invocation, run;

  g_assert_true (jx_diff_bar_set_has_row (side_a, 0));
  g_assert_true (jx_diff_bar_set_get_pair (side_a, 0) == pair);
  g_assert_true (jx_diff_bar_set_get_pair (side_b, 0) == pair);

  g_assert_true (jx_diff_bar_set_sample (side_a, 0, 0, 1000, 1000, pixels));
  jx_pair_diff_sample (pair->diff, FALSE, 0, 1000, 1000, states);
  for (guint x = 0; x < 1000; x++)
    {
      g_assert_cmpuint (pixels[x].state, ==, states[x] & JX_DIFF_STATE_MASK);
      g_assert_cmpuint (pixels[x].extra, ==, (states[x] & JX_DIFF_EXTRA_FLAG) != 0);
      only_here += pixels[x].state == JX_DIFF_ONLY_HERE;
    }
  /* The 10 extra calls of A, 20 ticks each. */
  g_assert_cmpuint (only_here, ==, 200);

  g_assert_true (jx_diff_bar_set_sample (side_b, 0, 0, 1000, 1000, pixels));
  for (guint x = 0; x < 1000; x++)
    extra += pixels[x].extra;
  g_assert_cmpuint (extra, ==, 10);

  /* What a point of the bar is: the extra call of A at 360, and in B the
   * run of A's calls that sits there. */
  g_assert_true (jx_diff_bar_set_find (side_a, 0, 360, 361, &state, &invocation, &run));
  g_assert_cmpint (state, ==, JX_DIFF_ONLY_HERE);
  g_assert_cmpuint (run, ==, JX_NONE);
  g_assert_cmpint (jx_diff_bar_set_state (side_a, 0, invocation), ==, JX_DIFF_ONLY_HERE);
  g_assert_true (jx_diff_bar_set_find (side_b, 0, 360, 361, &state, &invocation, &run));
  g_assert_cmpuint (run, !=, JX_NONE);

  /* No bar yet: nothing sampled. */
  {
    g_autoptr(JxDiffBarSet) empty = jx_diff_bar_set_new (1, FALSE);

    g_assert_false (jx_diff_bar_set_sample (empty, 0, 0, 1000, 1000, pixels));
    g_assert_false (jx_diff_bar_set_find (empty, 0, 0, 1000, &state, &invocation, &run));
    g_assert_cmpint (jx_diff_bar_set_state (empty, 0, 0), ==, JX_DIFF_NONE);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/diff-bar-set/pairs-one-by-one", test_pairs_one_by_one);
  g_test_add_func ("/analysis/diff-bar-set/finished-and-pixels", test_finished_and_pixels);

  return g_test_run ();
}
