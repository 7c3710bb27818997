/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-headline.c — what saying what differs costs beside the engine.
 *
 * Two ParaDiS-shaped traces of 20M events (10M invocations) each, 8 ranks
 * (tests/common/jx-test-paradis.h), built in memory as bench-compare's
 * pair, the second 3 % slower in every leaf. Timed (medians of RUNS):
 *  - the engine: jx_comparison_run, one thread, as the baseline;
 *  - the function tables it now builds per stream pair, with self time,
 *    every call and the one-sided calls (jx_align_function_time_differences,
 *    run again over the kept alignments);
 *  - the headline from the finished comparison (jx_headline_new: the summed
 *    table and the contributors).
 * Prints process CPU times (the machine is shared) and the ratios to the engine (issue 15: the headline and
 * the merged tree together within 15 % of it). An argument scales the
 * events (e.g. 2000000). */
#include "config.h"

#include <stdlib.h>

#include "jx-bench.h"
#include "jx-comparison.h"
#include "jx-headline.h"
#include "jx-test-paradis.h"
#include "jx-trace-builder.h"

#define RUNS    3
#define N_RANKS 8

/* One rank's call tree as a stream: each call starts a little after its
 * caller's previous callee ended; leaves last 100–900 ticks from their
 * label, times `slow`. */
static void
add_stream (JxTraceBuilder       *builder,
            guint32               stream,
            const guint32        *regions,
            const JxTestCallTree *tree,
            double                slow)
{
  g_autofree guint32 *open = g_new (guint32, 64);
  guint sp = 0;
  guint64 now = 1000;

  jx_trace_builder_reserve (builder, stream, tree->n);
  for (guint32 i = 0; i < tree->n; i++)
    {
      while (sp > 0 && tree->depth[open[sp - 1]] >= tree->depth[i])
        {
          now += 20;
          jx_trace_builder_leave (builder, stream, now, regions[tree->label[open[--sp]]]);
        }
      now += 10;
      jx_trace_builder_enter (builder, stream, now, regions[tree->label[i]]);
      if (tree->subtree_end[i] == i + 1)
        {
          now += (guint64) ((100 + tree->label[i] % 800) * slow);
          jx_trace_builder_leave (builder, stream, now, regions[tree->label[i]]);
        }
      else
        open[sp++] = i;
    }
  while (sp > 0)
    {
      now += 20;
      jx_trace_builder_leave (builder, stream, now, regions[tree->label[open[--sp]]]);
    }
  jx_trace_builder_end_stream (builder, stream);
}

static JxTrace *
build_trace (guint        which,
             guint64      n_events)
{
  JxTraceBuilder *builder = jx_trace_builder_new (which == 0 ? "/bench/a/traces.otf2" : "/bench/b/traces.otf2",
                                                  which == 0 ? "paradis-a" : "paradis-b", 1000000000);
  guint32 regions[JX_TEST_PARADIS_N_FUNCTIONS];

  for (guint f = 0; f < JX_TEST_PARADIS_N_FUNCTIONS; f++)
    {
      g_autofree char *name = g_strdup_printf (f == 0 ? "main" : "function_%u", f);

      regions[f] = jx_trace_builder_add_region (builder, name, 1, 1);
    }
  for (guint r = 0; r < N_RANKS; r++)
    {
      g_autofree char *name = g_strdup_printf ("MPI Rank %u", r);
      guint32 stream = jx_trace_builder_add_stream (builder, jx_trace_builder_add_process (builder, name, JX_NONE),
                                                    "Master thread", JX_STREAM_CPU_THREAD);
      /* The same seed for both traces: B is derived from A's tree. */
      g_autoptr(GRand) rand = g_rand_new_with_seed (2016 + r);
      JxTestCallTree ta, tb;

      jx_test_paradis_generate_a (&ta, rand, (guint32) (n_events / 2 / N_RANKS));
      if (which == 0)
        add_stream (builder, stream, regions, &ta, 1.0);
      else
        {
          jx_test_paradis_generate_b (&tb, &ta, rand);
          add_stream (builder, stream, regions, &tb, 1.03);
          jx_test_call_tree_clear (&tb);
        }
      jx_test_call_tree_clear (&ta);
    }
  return jx_trace_builder_finish (builder);
}

/* The per-pair tables again, over the kept alignments, as compute_pair
 * builds them. */
static double
time_tables (JxComparison *cmp,
             JxTrace      *a,
             JxTrace      *b)
{
  g_autoptr(JxNameTable) names = jx_name_table_new ();
  g_autofree guint32 *map_a = jx_name_table_map_trace (names, a);
  g_autofree guint32 *map_b = jx_name_table_map_trace (names, b);
  double t0 = jx_bench_process_cpu_ms ();

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      JxMetricSide sa = { jx_trace_get_stream (a, p->stream_a), map_a, jx_trace_get_start_time (a),
                          jx_trace_ticks_to_seconds (a, 1) };
      JxMetricSide sb = { jx_trace_get_stream (b, p->stream_b), map_b, jx_trace_get_start_time (b),
                          jx_trace_ticks_to_seconds (b, 1) };
      g_autoptr(GArray) table = NULL;

      if (!jx_comparison_pair_is_compared (p))
        continue;
      table = jx_align_function_time_differences (p->alignment->pairs, p->alignment->n_pairs, &sa, &sb,
                                                  jx_name_table_get_size (names));
      g_assert (table->len > 0);
    }
  return jx_bench_process_cpu_ms () - t0;
}

int
main (int   argc,
      char *argv[])
{
  guint64 n_events = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 20000000;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  double engine[RUNS], tables[RUNS], headline[RUNS];
  JxComparisonOptions options;
  double t0;

  if (n_events < 10000)
    n_events = 10000;
  t0 = jx_bench_now_ms ();
  a = build_trace (0, n_events);
  b = build_trace (1, n_events);
  g_print ("pair: 2 × %" G_GUINT64_FORMAT " events, %u ranks, built in %.0f ms\n",
           jx_trace_get_n_events (a), N_RANKS, jx_bench_now_ms () - t0);

  jx_comparison_options_init (&options);
  /* One thread: the ratio compares work, not how the machine's two shared
   * cores happen to be free. */
  options.n_threads = 1;
  for (guint r = 0; r < RUNS; r++)
    {
      g_autoptr(JxComparison) cmp = NULL;
      g_autoptr(JxHeadline) h = NULL;

      t0 = jx_bench_process_cpu_ms ();
      cmp = jx_comparison_run (a, b, &options, NULL, NULL);
      engine[r] = jx_bench_process_cpu_ms () - t0;
      g_assert (cmp != NULL);
      tables[r] = time_tables (cmp, a, b);
      t0 = jx_bench_process_cpu_ms ();
      h = jx_headline_new (cmp, NULL);
      headline[r] = jx_bench_process_cpu_ms () - t0;
      if (r == 0)
        {
          g_autofree char *text = jx_headline_format (h, 3);

          g_print ("%s", text);
        }
    }
  {
    double e = jx_bench_median (engine, RUNS);
    double t = jx_bench_median (tables, RUNS);
    double h = jx_bench_median (headline, RUNS);

    g_print ("CPU time (process), medians of %u runs:\n", RUNS);
    g_print ("engine (jx_comparison_run, tables included): %.0f ms\n", e);
    g_print ("function tables with every call (in the engine): %.1f ms, ratio %.3f\n", t, t / e);
    g_print ("headline from the comparison: %.2f ms, ratio %.4f\n", h, h / e);
    g_print ("ratio (tables + headline) / engine: %.3f (target with the merged tree: <= 0.15)\n", (t + h) / e);
  }
  return EXIT_SUCCESS;
}
