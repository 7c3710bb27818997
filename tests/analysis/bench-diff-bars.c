/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-diff-bars.c — what the timing-aware diff bars (issue 15) cost, on
 * the 20 M-event pair of bench-compare (tests/common/jx-test-paradis-pair.h,
 * 8 ranks; B's leaves 3 % longer):
 *   - building them: the engine with the diff bars (each pair's JxPairDiff
 *     now keeps every invocation's self time) against the engine without,
 *     the baseline of the same run;
 *   - drawing them: every bar of both traces sampled once at 1600 px,
 *     zoomed out (the whole run) and zoomed in (1/1000 of it), in each mode,
 *     against the structure mode (no timing);
 *   - F7 by impact: the order of the differences of all pairs
 *     (jx_pair_diff_changes_by_impact, at most 4096 per pair).
 * Prints medians of RUNS runs and the ratios; an argument scales the
 * events (e.g. 2000000). */
#include "config.h"

#include "jx-bench.h"
#include "jx-diff-bar-set.h"
#include "jx-test-paradis-pair.h"

#define RUNS    3
#define N_RANKS 8
#define WIDTH   1600

/* Every bar of one side sampled once over [start, start + span). */
static double
draw_side (JxDiffBarSet   *bars,
           JxTrace        *trace,
           JxDiffBarMode   mode,
           double          zoom)
{
  g_autofree JxDiffBarPixel *pixels = g_new (JxDiffBarPixel, WIDTH);
  gint64 start = (gint64) jx_trace_get_start_time (trace);
  gint64 span = (gint64) ((double) (jx_trace_get_end_time (trace) - jx_trace_get_start_time (trace)) * zoom);
  double t0;
  guint n = 0;

  jx_diff_bar_set_set_mode (bars, mode);
  t0 = jx_bench_now_ms ();
  for (guint32 s = 0; s < jx_trace_get_n_streams (trace); s++)
    {
      /* The middle of the run when zoomed in. */
      gint64 from = start + (gint64) ((double) (jx_trace_get_end_time (trace) - jx_trace_get_start_time (trace)) * (1.0 - zoom) / 2);

      n += jx_diff_bar_set_sample (bars, jx_trace_get_stream (trace, s), from, from + MAX (span, 1), WIDTH, pixels);
    }
  g_assert_cmpuint (n, >, 0);
  return jx_bench_now_ms () - t0;
}

int
main (int   argc,
      char *argv[])
{
  guint64 n_events = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 20000000;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  static const char *const mode_names[] = { "structure", "time", "both" };
  double engine[RUNS], engine_bars[RUNS], order[RUNS];
  double draw[2][JX_DIFF_BAR_N_MODES][RUNS];
  gsize memory = 0, memory_self = 0;
  guint n_changes = 0;

  jx_test_paradis_build_pair (n_events, N_RANKS, &a, &b);
  g_print ("Generated ParaDiS-shaped pair: %" G_GUINT64_FORMAT " + %" G_GUINT64_FORMAT " invocations, %u ranks, %u cores\n",
           jx_trace_get_n_invocations (a), jx_trace_get_n_invocations (b), N_RANKS, g_get_num_processors ());

  for (guint r = 0; r < RUNS; r++)
    {
      g_autoptr(JxComparison) cmp = NULL;
      g_autoptr(JxDiffBarSet) side_a = NULL;
      g_autoptr(JxDiffBarSet) side_b = NULL;
      g_autoptr(GError) error = NULL;
      JxComparisonOptions options;
      JxDiffTimingParams params;
      double t0;

      jx_comparison_options_init (&options);
      t0 = jx_bench_now_ms ();
      {
        g_autoptr(JxComparison) plain = jx_comparison_run (a, b, &options, NULL, &error);

        engine[r] = jx_bench_now_ms () - t0;
        g_assert_no_error (error);
      }
      options.diff_bars = TRUE;
      t0 = jx_bench_now_ms ();
      cmp = jx_comparison_run (a, b, &options, NULL, &error);
      engine_bars[r] = jx_bench_now_ms () - t0;
      g_assert_no_error (error);

      side_a = jx_diff_bar_set_new_for_comparison (cmp, a, b, FALSE);
      side_b = jx_diff_bar_set_new_for_comparison (cmp, a, b, TRUE);
      for (guint zoom = 0; zoom < 2; zoom++)
        for (guint m = 0; m < JX_DIFF_BAR_N_MODES; m++)
          draw[zoom][m][r] = draw_side (side_a, a, (JxDiffBarMode) m, zoom ? 0.001 : 1.0) +
                             draw_side (side_b, b, (JxDiffBarMode) m, zoom ? 0.001 : 1.0);

      jx_diff_bar_set_get_timing_params (side_b, &params);
      t0 = jx_bench_now_ms ();
      n_changes = 0;
      for (guint p = 0; p < jx_comparison_get_n_pairs (cmp); p++)
        {
          const JxComparisonPair *pair = jx_comparison_get_pair (cmp, p);
          g_autoptr(GArray) changes = NULL;

          if (pair->diff == NULL)
            continue;
          changes = jx_pair_diff_changes_by_impact (pair->diff, &params, TRUE, 4096);
          n_changes += changes->len;
        }
      order[r] = jx_bench_now_ms () - t0;

      memory = memory_self = 0;
      for (guint p = 0; p < jx_comparison_get_n_pairs (cmp); p++)
        {
          const JxComparisonPair *pair = jx_comparison_get_pair (cmp, p);

          if (pair->diff == NULL)
            continue;
          memory += jx_pair_diff_get_memory_size (pair->diff);
          memory_self += (gsize) (pair->invocations_a + pair->invocations_b) * sizeof (float);
        }
    }

  {
    double e = jx_bench_median (engine, RUNS), eb = jx_bench_median (engine_bars, RUNS);

    g_print ("Engine without diff bars %.0f ms, with them %.0f ms: ×%.3f\n", e, eb, eb / e);
    g_print ("Pair diffs: %.1f MB, of which self times %.1f MB (4 bytes per invocation)\n",
             memory / 1048576.0, memory_self / 1048576.0);
    for (guint zoom = 0; zoom < 2; zoom++)
      {
        double base = jx_bench_median (draw[zoom][JX_DIFF_BAR_STRUCTURE], RUNS);

        for (guint m = 0; m < JX_DIFF_BAR_N_MODES; m++)
          g_print ("Every bar at %u px, %s, %s: %.2f ms (×%.2f of structure)\n", WIDTH,
                   zoom ? "zoomed in to 1/1000" : "whole run", mode_names[m],
                   jx_bench_median (draw[zoom][m], RUNS), jx_bench_median (draw[zoom][m], RUNS) / base);
      }
    g_print ("Differences by impact of every pair: %.1f ms for %u changes (×%.3f of the engine)\n",
             jx_bench_median (order, RUNS), n_changes, jx_bench_median (order, RUNS) / e);
  }
  return 0;
}
