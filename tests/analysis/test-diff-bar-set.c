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
  g_autoptr(JxDiffBarSet) side_a = jx_diff_bar_set_new_for_comparison (cmp, a, b, FALSE);
  g_autoptr(JxDiffBarSet) side_b = jx_diff_bar_set_new_for_comparison (cmp, a, b, TRUE);
  const JxComparisonPair *pair = jx_comparison_get_pair (cmp, 0);
  JxDiffBarPixel pixels[1000];
  guint8 states[1000];
  guint only_here = 0, extra = 0;
  JxDiffState state;
  guint32 invocation, run;

  g_assert_true (jx_diff_bar_set_has_row (side_a, 0));
  g_assert_true (jx_diff_bar_set_get_pair (side_a, 0) == pair);
  g_assert_true (jx_diff_bar_set_get_pair (side_b, 0) == pair);

  jx_diff_bar_set_set_mode (side_a, JX_DIFF_BAR_STRUCTURE);
  jx_diff_bar_set_set_mode (side_b, JX_DIFF_BAR_STRUCTURE);
  g_assert_true (jx_diff_bar_set_sample (side_a, jx_trace_get_stream (a, 0), 0, 1000, 1000, pixels));
  jx_pair_diff_sample (pair->diff, FALSE, 0, 1000, 1000, states);
  for (guint x = 0; x < 1000; x++)
    {
      g_assert_cmpuint (pixels[x].state, ==, states[x] & JX_DIFF_STATE_MASK);
      g_assert_cmpuint (pixels[x].extra, ==, (states[x] & JX_DIFF_EXTRA_FLAG) != 0);
      g_assert_cmpuint (pixels[x].timing, ==, JX_DIFF_TIMING_NONE);
      only_here += pixels[x].state == JX_DIFF_ONLY_HERE;
    }
  /* The 10 extra calls of A, 20 ticks each. */
  g_assert_cmpuint (only_here, ==, 200);

  g_assert_true (jx_diff_bar_set_sample (side_b, jx_trace_get_stream (b, 0), 0, 1000, 1000, pixels));
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

    g_assert_false (jx_diff_bar_set_sample (empty, jx_trace_get_stream (a, 0), 0, 1000, 1000, pixels));
    g_assert_false (jx_diff_bar_set_find (empty, 0, 0, 1000, &state, &invocation, &run));
    g_assert_cmpint (jx_diff_bar_set_state (empty, 0, 0), ==, JX_DIFF_NONE);
  }
}

/* Iterations of `period` ticks under main: solve [t, t + 50 + kernel + 40)
 * holding work [t, t + 30) and kernel [t + 30, t + 30 + kernel); solve's
 * own time is 40 ticks either way, main's the rest of the period. With
 * `only_a`, each iteration ends with a call of "probe" that B lacks. */
static JxTrace *
make_timed (const char *name,
            guint       n,
            guint64     period,
            guint64     kernel,
            gboolean    only_a)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/bars/timed.otf2", name, 1000000000);
  guint32 main_r = jx_trace_builder_add_region (b, "main", PARADIGM_USER, ROLE_FUNCTION);
  guint32 solve = jx_trace_builder_add_region (b, "solve", PARADIGM_USER, ROLE_FUNCTION);
  guint32 work = jx_trace_builder_add_region (b, "work", PARADIGM_USER, ROLE_FUNCTION);
  guint32 kern = jx_trace_builder_add_region (b, "kernel", PARADIGM_USER, ROLE_FUNCTION);
  guint32 probe = jx_trace_builder_add_region (b, "probe", PARADIGM_USER, ROLE_FUNCTION);
  guint32 p = jx_trace_builder_add_process (b, "Rank 0", JX_NONE);
  guint32 s = jx_trace_builder_add_stream (b, p, "Master thread", JX_STREAM_CPU_THREAD);

  jx_trace_builder_enter (b, s, 0, main_r);
  for (guint i = 0; i < n; i++)
    {
      guint64 t = (guint64) i * period;

      jx_trace_builder_enter (b, s, t, solve);
      jx_trace_builder_enter (b, s, t, work);
      jx_trace_builder_leave (b, s, t + 30, work);
      jx_trace_builder_enter (b, s, t + 30, kern);
      jx_trace_builder_leave (b, s, t + 30 + kernel, kern);
      jx_trace_builder_leave (b, s, t + 30 + kernel + 40, solve);
      if (only_a)
        {
          jx_trace_builder_enter (b, s, t + period - 6, probe);
          jx_trace_builder_leave (b, s, t + period - 2, probe);
        }
    }
  jx_trace_builder_leave (b, s, (guint64) n * period, main_r);
  return jx_trace_builder_finish (b);
}

/* The kernel of B takes 3× as long (60 ticks instead of 20); work and
 * solve's own time are unchanged; main's own time shrinks (50 ticks per
 * period in B, 86 in A). Pixels of one tick are summed exactly. */
static void
test_timing_pixels (void)
{
  g_autoptr(JxTrace) a = make_timed ("a", 10, 180, 20, TRUE);
  g_autoptr(JxTrace) b = make_timed ("b", 10, 180, 60, FALSE);
  g_autoptr(JxComparison) cmp = compare (a, b);
  g_autoptr(JxDiffBarSet) side_a = jx_diff_bar_set_new_for_comparison (cmp, a, b, FALSE);
  g_autoptr(JxDiffBarSet) side_b = jx_diff_bar_set_new_for_comparison (cmp, a, b, TRUE);
  const JxStream *sa = jx_trace_get_stream (a, 0), *sb = jx_trace_get_stream (b, 0);
  JxDiffBarPixel px[180];

  g_assert_cmpint (jx_diff_bar_set_get_mode (side_b), ==, JX_DIFF_BAR_BOTH);
  g_assert_cmpfloat (jx_diff_bar_set_get_band (side_b), ==, 0.10);

  /* B, one tick per pixel over the second iteration [180, 360). */
  g_assert_true (jx_diff_bar_set_sample (side_b, sb, 180, 360, 180, px));
  for (guint x = 0; x < 30; x++)
    g_assert_cmpuint (px[x].timing, ==, JX_DIFF_TIMING_NEUTRAL);       /* work */
  for (guint x = 30; x < 90; x++)
    {
      g_assert_cmpuint (px[x].state, ==, JX_DIFF_EQUAL);
      g_assert_cmpuint (px[x].timing, ==, JX_DIFF_TIMING_SLOWER);      /* kernel ×3 */
      g_assert_cmpfloat_with_epsilon (px[x].ratio, 3.0, 1e-4);
    }
  for (guint x = 90; x < 130; x++)
    g_assert_cmpuint (px[x].timing, ==, JX_DIFF_TIMING_NEUTRAL);       /* solve's own */
  /* main's own time: A 180·10 − 10·(90 + 4) = 860 ticks, B 180·10 − 10·130 = 500. */
  for (guint x = 130; x < 180; x++)
    {
      g_assert_cmpuint (px[x].timing, ==, JX_DIFF_TIMING_FASTER);
      g_assert_cmpfloat_with_epsilon (px[x].ratio, 500.0 / 860.0, 1e-4);
    }
  g_assert_cmpfloat_with_epsilon (jx_diff_bar_set_ratio (side_b, 0, 3), 3.0, 1e-9);   /* B’s 1st kernel */

  /* A: the kernel [210, 230) ×3; the probe only in A is a structural
   * difference, not timed in "both". */
  g_assert_true (jx_diff_bar_set_sample (side_a, sa, 180, 360, 180, px));
  g_assert_cmpuint (px[35].timing, ==, JX_DIFF_TIMING_SLOWER);
  g_assert_cmpuint (px[55].timing, ==, JX_DIFF_TIMING_NEUTRAL);
  g_assert_cmpuint (px[176].state, ==, JX_DIFF_ONLY_HERE);
  g_assert_cmpuint (px[176].timing, ==, JX_DIFF_TIMING_NONE);

  /* A band wider than the change: the kernel is neutral; main ×0.58 too
   * (band clamps at 0.9: [0.1, 1.9]). */
  jx_diff_bar_set_set_band (side_b, 5.0);
  g_assert_cmpfloat (jx_diff_bar_set_get_band (side_b), ==, 0.9);
  g_assert_true (jx_diff_bar_set_sample (side_b, sb, 180, 360, 180, px));
  g_assert_cmpuint (px[40].timing, ==, JX_DIFF_TIMING_SLOWER);          /* 3 > 1.9 */
  g_assert_cmpuint (px[150].timing, ==, JX_DIFF_TIMING_NEUTRAL);
  jx_diff_bar_set_set_band (side_b, 0.10);

  /* Zoomed out, 20 iterations per pixel: read at instants; the kernel's
   * 60 of 180 ticks are a third, enough to show the change. */
  {
    JxDiffBarPixel wide[1];

    g_assert_true (jx_diff_bar_set_sample (side_b, sb, 0, 1800, 1, wide));
    g_assert_cmpuint (wide[0].timing, ==, JX_DIFF_TIMING_SLOWER);
    g_assert_cmpfloat_with_epsilon (wide[0].ratio, 3.0, 1e-3);
  }

  /* Structure: no timing. Time: the probe only in A is "gone" (0, faster),
   * and no structural state but "calls run". */
  jx_diff_bar_set_set_mode (side_a, JX_DIFF_BAR_STRUCTURE);
  g_assert_true (jx_diff_bar_set_sample (side_a, sa, 180, 360, 180, px));
  for (guint x = 0; x < 180; x++)
    g_assert_cmpuint (px[x].timing, ==, JX_DIFF_TIMING_NONE);
  jx_diff_bar_set_set_mode (side_a, JX_DIFF_BAR_TIME);
  g_assert_true (jx_diff_bar_set_sample (side_a, sa, 180, 360, 180, px));
  g_assert_cmpuint (px[176].state, ==, JX_DIFF_EQUAL);
  g_assert_cmpuint (px[176].timing, ==, JX_DIFF_TIMING_FASTER);
  g_assert_cmpfloat (px[176].ratio, <, 1.0 / 200);
  g_assert_cmpuint (px[40].timing, ==, JX_DIFF_TIMING_SLOWER);
}

/* Changes: the probes only in A (structural) and the kernels and main
 * (timing), by impact and in alignment order. */
static void
test_changes (void)
{
  g_autoptr(JxTrace) a = make_timed ("a", 10, 180, 20, TRUE);
  g_autoptr(JxTrace) b = make_timed ("b", 10, 180, 60, FALSE);
  g_autoptr(JxComparison) cmp = compare (a, b);
  const JxPairDiff *diff = jx_comparison_get_pair (cmp, 0)->diff;
  const JxHierAlignment *al = jx_pair_diff_get_alignment (diff);
  JxDiffTimingParams params;
  g_autoptr(GArray) all = NULL;
  g_autoptr(GArray) top = NULL;
  g_autoptr(GArray) structural = NULL;
  guint32 k = JX_NONE;
  guint n = 0;

  jx_diff_timing_params_init (&params);
  params.seconds_per_tick_a = params.seconds_per_tick_b = 1e-9;

  /* Every kernel (10, +40 ns each), main (−360 ns) and the 10 probes (4 ns). */
  all = jx_pair_diff_changes_by_impact (diff, &params, TRUE, 0);
  g_assert_cmpuint (all->len, ==, 21);
  g_assert_cmpfloat_with_epsilon (g_array_index (all, JxDiffChange, 0).impact, 360e-9, 1e-15);
  g_assert_cmpuint (al->pairs[g_array_index (all, JxDiffChange, 0).pair].a, ==, 0);   /* main */
  for (guint i = 1; i <= 10; i++)
    {
      const JxDiffChange *c = &g_array_index (all, JxDiffChange, i);

      g_assert_cmpfloat_with_epsilon (c->impact, 40e-9, 1e-15);
      g_assert_cmpint (al->pairs[c->pair].state, ==, JX_PAIR_EQUAL);
      /* Equal impacts in alignment order. */
      if (i > 1)
        g_assert_cmpuint (c->pair, >, g_array_index (all, JxDiffChange, i - 1).pair);
    }
  for (guint i = 11; i < 21; i++)
    {
      g_assert_cmpfloat_with_epsilon (g_array_index (all, JxDiffChange, i).impact, 4e-9, 1e-15);
      g_assert_cmpint (al->pairs[g_array_index (all, JxDiffChange, i).pair].state, ==, JX_PAIR_ONLY_A);
    }
  top = jx_pair_diff_changes_by_impact (diff, &params, TRUE, 3);
  g_assert_cmpuint (top->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (g_array_index (top, JxDiffChange, i).pair, ==, g_array_index (all, JxDiffChange, i).pair);
  structural = jx_pair_diff_changes_by_impact (diff, &params, FALSE, 0);
  g_assert_cmpuint (structural->len, ==, 10);

  /* In alignment order: main first, then per iteration the kernel, then
   * the probe; backwards the same in reverse. */
  while ((k = jx_pair_diff_next_change (diff, k, TRUE, &params)) != JX_NONE)
    {
      g_assert_true (jx_pair_diff_is_change (diff, k, &params));
      n++;
    }
  g_assert_cmpuint (n, ==, 21);
  g_assert_cmpuint (jx_pair_diff_next_change (diff, JX_NONE, TRUE, NULL), ==, jx_pair_diff_get_hunk (diff, 0));
  g_assert_cmpuint (jx_pair_diff_next_change (diff, JX_NONE, FALSE, &params), ==,
                    jx_pair_diff_get_hunk (diff, jx_pair_diff_get_n_hunks (diff) - 1));
  n = 0;
  while ((k = jx_pair_diff_next_change (diff, k, FALSE, &params)) != JX_NONE)
    n++;
  g_assert_cmpuint (n, ==, 21);
}

/* A floor on the change of self time: the kernels (+40 ns each) are no
 * stops below it; main (−360 ns) and the probes only in A (structural)
 * still are, in alignment order and by impact. */
static void
test_changes_floor (void)
{
  g_autoptr(JxTrace) a = make_timed ("a", 10, 180, 20, TRUE);
  g_autoptr(JxTrace) b = make_timed ("b", 10, 180, 60, FALSE);
  g_autoptr(JxComparison) cmp = compare (a, b);
  const JxPairDiff *diff = jx_comparison_get_pair (cmp, 0)->diff;
  const JxHierAlignment *al = jx_pair_diff_get_alignment (diff);
  JxDiffTimingParams params;
  g_autoptr(GArray) all = NULL;
  guint32 k = JX_NONE;
  guint n = 0, n_equal = 0;

  jx_diff_timing_params_init (&params);
  g_assert_cmpfloat (params.min_change_seconds, ==, 0.0);
  params.min_change_seconds = 100e-9;

  all = jx_pair_diff_changes_by_impact (diff, &params, TRUE, 0);
  g_assert_cmpuint (all->len, ==, 11);
  g_assert_cmpuint (al->pairs[g_array_index (all, JxDiffChange, 0).pair].a, ==, 0);   /* main */
  while ((k = jx_pair_diff_next_change (diff, k, TRUE, &params)) != JX_NONE)
    {
      g_assert_true (jx_pair_diff_is_change (diff, k, &params));
      n_equal += al->pairs[k].state == JX_PAIR_EQUAL;
      n++;
    }
  g_assert_cmpuint (n, ==, 11);
  g_assert_cmpuint (n_equal, ==, 1);
  /* Just below the kernels' change: all of them again. */
  params.min_change_seconds = 39e-9;
  g_clear_pointer (&all, g_array_unref);
  all = jx_pair_diff_changes_by_impact (diff, &params, TRUE, 0);
  g_assert_cmpuint (all->len, ==, 21);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/diff-bar-set/pairs-one-by-one", test_pairs_one_by_one);
  g_test_add_func ("/analysis/diff-bar-set/finished-and-pixels", test_finished_and_pixels);
  g_test_add_func ("/analysis/diff-bar-set/timing-pixels", test_timing_pixels);
  g_test_add_func ("/analysis/diff-bar-set/changes", test_changes);
  g_test_add_func ("/analysis/diff-bar-set/changes-floor", test_changes_floor);

  return g_test_run ();
}
