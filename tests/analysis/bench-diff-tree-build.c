/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-diff-tree-build.c — the merged call tree's build alone, for
 * working on the builder (src/analysis/jx-diff-tree.c): the 20 M-event
 * pair of bench-diff-tree is compared once, then the summed tree is built
 * RUNS times on one thread (or argv[3] threads), each build's CPU time
 * (the process's, every thread's, and the wall time) printed with a digest
 * of every array of the tree, so that two builds of
 * the library can be compared for identical results as well as for speed
 * (alternate them on a shared machine), and run under callgrind with
 * --toggle-collect=jx_diff_tree_build.
 *
 * bench-diff-tree-build [EVENTS [RUNS [THREADS]]] */
#include "config.h"

#include <stdlib.h>

#include "jx-bench.h"
#include "jx-diff-tree.h"
#include "jx-test-paradis-pair.h"

#define MAX_RUNS 64

/* FNV-1a over every node's fields, array by array. */
static guint64
tree_digest (const JxDiffTree *t)
{
  guint64 h = G_GUINT64_CONSTANT (1469598103934665603);

#define MIX(array) \
  for (guint32 i = 0; i < t->n_nodes; i++) \
    { \
      h ^= (guint64) t->array[i]; \
      h *= G_GUINT64_CONSTANT (1099511628211); \
    }
  MIX (parent) MIX (first_child) MIX (next_sibling) MIX (depth) MIX (symbol_a) MIX (symbol_b)
  MIX (calls_a) MIX (calls_b) MIX (only_calls_a) MIX (only_calls_b) MIX (incl_a) MIX (incl_b)
  MIX (excl_a) MIX (excl_b) MIX (only_incl_a) MIX (only_incl_b) MIX (top_only_a) MIX (top_only_b)
#undef MIX
  return h;
}

int
main (int   argc,
      char *argv[])
{
  guint64 n_events = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 20000000;
  guint runs = argc > 2 ? CLAMP (atoi (argv[2]), 1, MAX_RUNS) : 7;
  guint threads = argc > 3 ? (guint) atoi (argv[3]) : 1;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(GError) error = NULL;
  JxComparisonOptions options;
  double cpu[MAX_RUNS], wall[MAX_RUNS], least;

  jx_test_paradis_build_pair (n_events, 8, &a, &b);
  jx_comparison_options_init (&options);
  cmp = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < runs; r++)
    {
      double w0 = jx_bench_now_ms ();
      double c0 = jx_bench_process_cpu_ms ();
      JxDiffTree *t = jx_diff_tree_build (cmp, a, b, G_MAXUINT, threads, NULL, &error);

      /* Every thread's CPU time: the workers' as well with threads > 1. */
      cpu[r] = jx_bench_process_cpu_ms () - c0;
      wall[r] = jx_bench_now_ms () - w0;
      g_assert_no_error (error);
      g_print ("  run %u: %.1f ms CPU, %.1f ms wall, %u nodes, digest %016" G_GINT64_MODIFIER "x\n", r + 1, cpu[r],
               wall[r], t->n_nodes, tree_digest (t));
      jx_diff_tree_free (t);
    }
  least = cpu[0];
  for (guint r = 1; r < runs; r++)
    least = MIN (least, cpu[r]);
  g_print ("merged tree (%u thread%s): median %.1f ms CPU, least %.1f ms, median %.1f ms wall\n", threads,
           threads == 1 ? "" : "s", jx_bench_median (cpu, runs), least, jx_bench_median (wall, runs));
  return 0;
}
