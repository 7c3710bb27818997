/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-repair.c — pairing two streams by hand ("Compare With…") against
 * comparing again from scratch: two generated runs of 8 ranks × 8 threads
 * whose worker threads take rotating roles (--variant rotate-threads, seeds
 * 1 and 2), compared with diff bars as the window compares them; then
 * thread 1 of rank 0 is given thread 2's partner by hand (the two swap
 * partners, as "Compare With…" does) and the comparison is repaired
 * (jx-comparison-repair.h). The in-run baseline is the full
 * comparison with the same overrides (what a restart would cost).
 * Prints medians of RUNS runs, the pairs each aligned and the ratio. */
#include "config.h"

#include "jx-bench.h"
#include "jx-comparison-repair.h"
#include "jx-test-gen.h"

#define RUNS 3

int
main (int    argc,
      char **argv)
{
  JxGeneratorOptions options;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxComparison) first = NULL;
  g_autofree char *dir_a = NULL, *dir_b = NULL;
  JxNamePair pairs[2];
  JxComparisonOptions copt;
  double full[RUNS], repair[RUNS];
  guint n_full = 0, n_repair = 0;

  jx_generator_options_init (&options);
  options.n_ranks = 8;
  options.n_threads = 8;
  options.n_iterations = argc > 1 ? (guint) g_ascii_strtoull (argv[1], NULL, 10) : 400;
  options.variant = JX_VARIANT_ROTATE_THREADS;
  options.seed = 1;
  a = jx_test_generate_load (&options, NULL, &dir_a);
  options.seed = 2;
  b = jx_test_generate_load (&options, NULL, &dir_b);

  jx_comparison_options_init (&copt);
  copt.diff_bars = TRUE;
  copt.keep_alignment = TRUE;
  first = jx_comparison_run (a, b, &copt, NULL, NULL);
  g_assert_nonnull (first);
  /* What "Compare With…" records when thread 1 of rank 0 is given the
   * partner of its thread 2: the two swap partners. */
  for (guint i = 0; i < jx_comparison_get_n_pairs (first); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (first, i);

      if (g_strcmp0 (p->name_a, "MPI Rank 0 / Thread 1") == 0)
        pairs[1] = (JxNamePair) { "MPI Rank 0 / Thread 2", p->name_b };
      else if (g_strcmp0 (p->name_a, "MPI Rank 0 / Thread 2") == 0)
        pairs[0] = (JxNamePair) { "MPI Rank 0 / Thread 1", p->name_b };
    }

  for (guint r = 0; r < RUNS; r++)
    {
      g_autoptr(JxComparison) whole = NULL;
      g_autoptr(JxComparison) repaired = NULL;
      double t0;

      copt.pair_overrides = pairs;
      copt.n_pair_overrides = G_N_ELEMENTS (pairs);
      t0 = jx_bench_now_ms ();
      whole = jx_comparison_run (a, b, &copt, NULL, NULL);
      full[r] = jx_bench_now_ms () - t0;
      t0 = jx_bench_now_ms ();
      repaired = jx_comparison_repair (first, a, b, pairs, G_N_ELEMENTS (pairs), NULL, NULL);
      repair[r] = jx_bench_now_ms () - t0;
      g_assert_nonnull (whole);
      g_assert_nonnull (repaired);
      n_full = jx_comparison_get_n_aligned (whole);
      n_repair = jx_comparison_get_n_aligned (repaired);
    }

  g_print ("traces: %u ranks x %u threads, %u iterations; %" G_GUINT64_FORMAT " + %" G_GUINT64_FORMAT " invocations\n",
           options.n_ranks, options.n_threads, options.n_iterations,
           jx_trace_get_n_invocations (a), jx_trace_get_n_invocations (b));
  g_print ("full comparison with the overrides: %.1f ms (median of %d), %u pairs aligned\n",
           jx_bench_median (full, RUNS), RUNS, n_full);
  g_print ("repair (pairing by hand):           %.1f ms (median of %d), %u pairs aligned\n",
           jx_bench_median (repair, RUNS), RUNS, n_repair);
  g_print ("ratio repair / full: %.3f\n", jx_bench_median (repair, RUNS) / jx_bench_median (full, RUNS));

  jx_test_remove_tree (dir_a);
  jx_test_remove_tree (dir_b);
  return 0;
}
