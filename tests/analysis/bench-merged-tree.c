/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-merged-tree.c — the merged call tree of 4,096 ParaDiS-shaped
 * streams (issue 16: ≤ 10 s on two cores; the dissertation's Table 5.9
 * reports 10 min 28 s for 4,096 ParaDiS processes), against one pass over
 * all invocations in the same run.
 *
 * The streams (jx_test_paradis_build_ranks): every rank's call tree from
 * its own seed, so ranks differ where ParaDiS's do (data-dependent long
 * loops of 100 to 10,000 calls), and every fourth rank also with calls
 * dropped, renamed and added (about one pair in ten), so that most nodes
 * near the top need a multiple alignment of many distinct sequences.
 *
 * Arguments: [RANKS [CALLS_PER_RANK]] (default 4096 2500). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "jx-bench.h"
#include "jx-merged-tree.h"
#include "jx-test-paradis-pair.h"

static guint64
one_pass (JxTrace *trace)
{
  guint64 sum = 0;

  for (guint s = 0; s < jx_trace_get_n_streams (trace); s++)
    {
      const JxStream *stream = jx_trace_get_stream (trace, s);

      for (guint32 i = 0; i < stream->n_invocations; i++)
        sum += stream->region[i] + (stream->end[i] - stream->start[i]) +
               (stream->parent[i] != JX_NONE ? stream->region[stream->parent[i]] : 0);
    }
  return sum;
}

static double
build (JxTrace           *trace,
       const JxStreamRef *refs,
       guint              n,
       guint              threads,
       double            *cpu,
       JxMergedTree     **out)
{
  JxMergedTreeOptions options;
  g_autoptr(GError) error = NULL;
  double t0 = jx_bench_now_ms (), c0 = jx_bench_cpu_ms ();
  JxMergedTree *tree;

  jx_merged_tree_options_init (&options);
  options.n_threads = threads;
  tree = jx_merged_tree_build (&trace, 1, refs, n, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  *cpu = jx_bench_cpu_ms () - c0;
  if (out != NULL)
    *out = tree;
  else
    jx_merged_tree_unref (tree);
  return jx_bench_now_ms () - t0;
}

int
main (int    argc,
      char **argv)
{
  guint ranks = argc > 1 ? (guint) atoi (argv[1]) : 4096;
  guint32 calls = argc > 2 ? (guint32) atoi (argv[2]) : 2500;
  g_autoptr(JxTrace) trace = NULL;
  g_autofree JxStreamRef *refs = NULL;
  g_autoptr(JxMergedTree) tree = NULL;
  const JxMergedTreeStats *stats;
  double t0, gen, pass = G_MAXDOUBLE, two, one, cpu2, cpu1;
  volatile guint64 sink = 0;

  if (ranks == 0 || calls == 0)
    {
      fprintf (stderr, "usage: bench-merged-tree [RANKS [CALLS_PER_RANK]]\n");
      return 2;
    }
  t0 = jx_bench_now_ms ();
  trace = jx_test_paradis_build_ranks (ranks, calls, 4);
  gen = jx_bench_now_ms () - t0;
  refs = g_new (JxStreamRef, ranks);
  for (guint r = 0; r < ranks; r++)
    refs[r] = (JxStreamRef) { 0, r };

  for (guint round = 0; round < 3; round++)
    {
      t0 = jx_bench_now_ms ();
      sink += one_pass (trace);
      pass = MIN (pass, jx_bench_now_ms () - t0);
    }

  two = build (trace, refs, ranks, 2, &cpu2, &tree);
  one = build (trace, refs, ranks, 1, &cpu1, NULL);
  stats = jx_merged_tree_get_stats (tree);

  printf ("merged call tree of %u ParaDiS-shaped streams, %" G_GUINT64_FORMAT " invocations (built in %.0f ms)\n",
          ranks, jx_trace_get_n_invocations (trace), gen);
  printf ("  one pass over all invocations:      %9.1f ms\n", pass);
  printf ("  merged tree, 2 threads:             %9.1f ms wall (%.1f ms CPU of the calling thread) = %.1fx the pass\n",
          two, cpu2, two / pass);
  printf ("  merged tree, 1 thread:              %9.1f ms = %.1fx the pass; 2 threads speed-up %.2f\n",
          one, one / pass, one / two);
  printf ("  target: <= 10 s on two cores: %s; the dissertation's Table 5.9: 628 s (%.0fx this)\n",
          two <= 10000.0 ? "ok" : "OVER", 628000.0 / two);
  printf ("  nodes %u (equal %" G_GUINT64_FORMAT ", gap %" G_GUINT64_FORMAT ", different %" G_GUINT64_FORMAT ")\n",
          jx_merged_tree_get_nodes (tree)->n_nodes, stats->by_state[JX_MERGED_EQUAL],
          stats->by_state[JX_MERGED_GAP], stats->by_state[JX_MERGED_DIFFERENT]);
  printf ("  sweeps %" G_GUINT64_FORMAT ", one sequence %" G_GUINT64_FORMAT ", multiple alignments %" G_GUINT64_FORMAT
          " (%" G_GUINT64_FORMAT " sequences, at most %" G_GUINT64_FORMAT "; guide by matrix %" G_GUINT64_FORMAT
          ", by ranking %" G_GUINT64_FORMAT "), pairwise steps %" G_GUINT64_FORMAT ", tasks %u\n",
          stats->n_sweeps, stats->n_single, stats->n_msa, stats->n_msa_sequences, stats->max_msa_sequences,
          stats->n_guide[JX_MSA_GUIDE_MATRIX], stats->n_guide[JX_MSA_GUIDE_RANKING], stats->align.calls,
          stats->n_tasks);
  (void) sink;
  return 0;
}
