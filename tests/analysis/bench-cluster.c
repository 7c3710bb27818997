/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-cluster — the costs of structural clustering and of pairing by
 * structure (issue 16's targets), as ratios to baselines measured in the
 * same run.
 *
 * 1. Clustering of 65,536 streams after load: 65,536 ranks of one stream
 *    each, about 32 invocations per rank, in 8 classes with 20 outliers
 *    (the generator's jx_generator_rank_class / _outlier decide which
 *    rank does what), built in memory with JxTraceBuilder (writing and
 *    loading 65,536 event files through libotf2 takes minutes on this
 *    machine and is not what is measured). CPU time of this thread for
 *    jx_clustering_new_for_traces (signatures + hash clustering) against
 *    one pass over all invocations reading each one's region and its
 *    parent's region (what the signatures must read at least). Target:
 *    <= 100 ms. The same with merging (threshold 0.9). The classes must
 *    come out exactly (checked, "recovered: yes").
 *    Then the same for 4,096 ranks written by the generator and loaded
 *    through libotf2 (an OTF2 round trip).
 * 2. Pairing by structure of 1,024 stream pairs: two generated runs of 64
 *    ranks with 16 threads whose roles rotate (--variant rotate-threads,
 *    seeds 1 and 2). Wall time of the pairing (signatures of both traces,
 *    assignment per process) against the comparison it precedes
 *    (jx_comparison_run, pairing included, one thread). Target: <= 0.2.
 *    And 1,024 processes named by process ID, one thread each, in 8
 *    classes: the processes are assigned by structure as one group
 *    (greedy above JX_ASSIGNMENT_EXACT_MAX).
 *
 * Times are best of ROUNDS (other jobs share this machine).
 *
 * Usage: bench-cluster [--quick]   (--quick: 16,384 streams, fewer rounds)
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "jx-bench.h"
#include "jx-cluster.h"
#include "jx-comparison.h"
#include "jx-structure-pairing.h"
#include "jx-test-gen.h"
#include "jx-trace-builder.h"
#include "jx-trace-generator.h"

#define ROUNDS 7

enum
{
  R_MAIN, R_INIT, R_ITERATION, R_COMPUTE, R_KERNEL, R_HALO, R_PACK, R_EXCHANGE, R_IRECV, R_ISEND,
  R_WAITALL, R_BOUNDARY, R_ALLREDUCE, R_FINALIZE, N_FIXED
};

static const char *const fixed_names[N_FIXED] = {
  "main", "MPI_Init", "iteration", "compute", "stencil_kernel", "compute_halo", "pack_buffer",
  "exchange_halo", "MPI_Irecv", "MPI_Isend", "MPI_Waitall", "update_boundary", "MPI_Allreduce", "MPI_Finalize",
};

typedef struct
{
  JxTraceBuilder *builder;
  guint32         stream;
  guint64         now;
} Writer;

static void
enter (Writer *w,
       guint32 region)
{
  w->now += 100;
  jx_trace_builder_enter (w->builder, w->stream, w->now, region);
}

static void
leave (Writer *w,
       guint32 region)
{
  w->now += 100;
  jx_trace_builder_leave (w->builder, w->stream, w->now, region);
}

static void
leaf (Writer *w,
      guint32 region)
{
  enter (w, region);
  leave (w, region);
}

/* The generator's program in miniature, per rank: classes call their own
 * function, outliers their rare ones. */
static JxTrace *
build_ranks (const JxGeneratorOptions *o)
{
  JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/bench/traces.otf2", "bench-ranks", 1000000000);
  guint32 fixed[N_FIXED], classes[16], rare[6];
  guint r, k;

  for (k = 0; k < N_FIXED; k++)
    fixed[k] = jx_trace_builder_add_region (builder, fixed_names[k], 1, 1);
  for (k = 0; k < 16; k++)
    {
      g_autofree char *name = g_strdup_printf ("class_work_%u", k);
      classes[k] = jx_trace_builder_add_region (builder, name, 1, 1);
    }
  for (k = 0; k < 6; k++)
    {
      g_autofree char *name = g_strdup_printf ("rare_%u", k);
      rare[k] = jx_trace_builder_add_region (builder, name, 1, 1);
    }
  for (r = 0; r < o->n_ranks; r++)
    {
      g_autofree char *name = g_strdup_printf ("MPI Rank %u", r);
      guint32 p = jx_trace_builder_add_process (builder, name, JX_NONE);

      jx_trace_builder_add_stream (builder, p, "Master thread", JX_STREAM_CPU_THREAD);
    }
  for (r = 0; r < o->n_ranks; r++)
    {
      Writer w = { builder, r, 1000 };
      guint class = jx_generator_rank_class (o, r);
      gint outlier = jx_generator_rank_outlier (o, r);

      jx_trace_builder_reserve (builder, r, 40);
      enter (&w, fixed[R_MAIN]);
      leaf (&w, fixed[R_INIT]);
      for (guint it = 0; it < o->n_iterations; it++)
        {
          enter (&w, fixed[R_ITERATION]);
          enter (&w, fixed[R_COMPUTE]);
          leaf (&w, fixed[R_KERNEL]);
          leave (&w, fixed[R_COMPUTE]);
          enter (&w, fixed[R_HALO]);
          leaf (&w, fixed[R_PACK]);
          leave (&w, fixed[R_HALO]);
          if (class > 0)
            leaf (&w, classes[(class - 1) % 16]);
          if (it == 0 && outlier >= 0)
            for (k = 0; k < 6; k++)
              if ((guint) (outlier + 1) & (1u << k))
                leaf (&w, rare[k]);
          enter (&w, fixed[R_EXCHANGE]);
          leaf (&w, fixed[R_IRECV]);
          leaf (&w, fixed[R_IRECV]);
          leaf (&w, fixed[R_ISEND]);
          leaf (&w, fixed[R_ISEND]);
          leaf (&w, fixed[R_WAITALL]);
          leave (&w, fixed[R_EXCHANGE]);
          leaf (&w, fixed[R_BOUNDARY]);
          leaf (&w, fixed[R_ALLREDUCE]);
          leave (&w, fixed[R_ITERATION]);
        }
      leaf (&w, fixed[R_FINALIZE]);
      leave (&w, fixed[R_MAIN]);
    }
  return jx_trace_builder_finish (builder);
}

/* One pass over every invocation: its region and its parent's. */
static guint64
one_pass (JxTrace *trace)
{
  guint64 sum = 0;

  for (guint s = 0; s < jx_trace_get_n_streams (trace); s++)
    {
      const JxStream *stream = jx_trace_get_stream (trace, s);

      for (guint32 i = 0; i < stream->n_invocations; i++)
        sum += stream->region[i] + (stream->parent[i] != JX_NONE ? stream->region[stream->parent[i]] : 0);
    }
  return sum;
}

/* Every rank in the cluster of its class, every outlier alone. */
static gboolean
recovered (JxClustering             *clustering,
           const JxGeneratorOptions *o)
{
  g_autofree guint32 *cluster_of_class = g_new (guint32, MAX (o->n_classes, 1));

  if (jx_clustering_get_n_clusters (clustering) != MAX (o->n_classes, 1) + o->n_outliers)
    return FALSE;
  for (guint c = 0; c < MAX (o->n_classes, 1); c++)
    cluster_of_class[c] = JX_NONE;
  for (guint r = 0; r < o->n_ranks; r++)
    {
      guint32 cluster = jx_clustering_get_cluster_of (clustering, r);
      guint class = jx_generator_rank_class (o, r);

      if (jx_generator_rank_outlier (o, r) >= 0)
        {
          if (!jx_clustering_get_cluster (clustering, cluster)->outlier)
            return FALSE;
          continue;
        }
      if (cluster_of_class[class] == JX_NONE)
        cluster_of_class[class] = cluster;
      else if (cluster_of_class[class] != cluster)
        return FALSE;
    }
  return TRUE;
}

static void
bench_clustering (JxTrace                  *trace,
                  const JxGeneratorOptions *o,
                  const char               *what,
                  guint                     rounds)
{
  double base = G_MAXDOUBLE, exact = G_MAXDOUBLE, merged = G_MAXDOUBLE;
  volatile guint64 sink = 0;
  gboolean ok = TRUE;
  JxClusterOptions options;
  guint n_clusters = 0;

  jx_cluster_options_init (&options);
  for (guint round = 0; round < rounds; round++)
    {
      double t0 = jx_bench_cpu_ms ();
      g_autoptr(JxClustering) one = NULL;
      g_autoptr(JxClustering) two = NULL;

      sink += one_pass (trace);
      base = MIN (base, jx_bench_cpu_ms () - t0);

      t0 = jx_bench_cpu_ms ();
      options.threshold = 0.0;
      one = jx_clustering_new_for_traces (&trace, 1, &options, NULL, NULL);
      exact = MIN (exact, jx_bench_cpu_ms () - t0);
      ok &= recovered (one, o);
      n_clusters = jx_clustering_get_n_clusters (one);

      t0 = jx_bench_cpu_ms ();
      options.threshold = 0.9;
      two = jx_clustering_new_for_traces (&trace, 1, &options, NULL, NULL);
      merged = MIN (merged, jx_bench_cpu_ms () - t0);
    }
  printf ("%s: %u streams, %" G_GUINT64_FORMAT " invocations\n", what, jx_trace_get_n_streams (trace),
          jx_trace_get_n_invocations (trace));
  printf ("  one pass over all invocations:       %8.2f ms\n", base);
  printf ("  clustering (exact):                  %8.2f ms  = %5.2fx the pass   (target <= 100 ms)  %s\n",
          exact, exact / base, exact <= 100.0 ? "ok" : "OVER");
  printf ("  clustering (merging, threshold 0.9): %8.2f ms  = %5.2fx the pass\n", merged, merged / base);
  printf ("  %u clusters; classes and outliers recovered: %s\n", n_clusters, ok ? "yes" : "NO");
  (void) sink;
}

static JxTrace *
generate (JxGeneratorOptions *o,
          char              **dir)
{
  return jx_test_generate_load (o, NULL, dir);
}

static void
bench_pairing (const char *what,
               JxTrace    *a,
               JxTrace    *b,
               guint       rounds)
{
  double pairing = G_MAXDOUBLE, comparison = G_MAXDOUBLE;
  JxPairingSummary summary = { 0 };
  JxComparisonOptions options;
  guint compared = 0;

  jx_comparison_options_init (&options);
  options.n_threads = 1;
  options.keep_alignment = FALSE;
  for (guint round = 0; round < rounds; round++)
    {
      double t0 = jx_bench_now_ms ();
      g_autoptr(GArray) pairs = jx_structure_pairing_compute (a, b, NULL, NULL, 0, JX_PAIRING_AUTO, &summary, NULL, NULL);
      g_autoptr(JxComparison) cmp = NULL;

      pairing = MIN (pairing, jx_bench_now_ms () - t0);
      t0 = jx_bench_now_ms ();
      cmp = jx_comparison_run (a, b, &options, NULL, NULL);
      comparison = MIN (comparison, jx_bench_now_ms () - t0);
      compared = jx_comparison_get_n_compared (cmp);
    }
  printf ("%s: %u and %u streams, %u pairs compared\n", what, jx_trace_get_n_streams (a), jx_trace_get_n_streams (b),
          compared);
  printf ("  pairing by structure (auto):  %8.2f ms  (%u pairs by structure, %u groups weighed, %u greedy)\n",
          pairing, summary.n_by_structure, summary.n_groups, summary.n_greedy);
  printf ("  the comparison (1 thread):    %8.2f ms\n", comparison);
  printf ("  ratio: %.3f of the comparison  (target <= 0.2)  %s\n", pairing / comparison,
          pairing / comparison <= 0.2 ? "ok" : "OVER");
}

int
main (int    argc,
      char **argv)
{
  gboolean quick = argc > 1 && strcmp (argv[1], "--quick") == 0;
  guint rounds = quick ? 3 : ROUNDS;
  JxGeneratorOptions o;

  /* 1. Clustering. */
  jx_generator_options_init (&o);
  o.n_ranks = quick ? 16384 : 65536;
  o.n_iterations = 2;
  o.n_classes = 8;
  o.n_outliers = 20;
  {
    double t0 = jx_bench_now_ms ();
    g_autoptr(JxTrace) trace = build_ranks (&o);

    printf ("(built in memory in %.0f ms)\n", jx_bench_now_ms () - t0);
    bench_clustering (trace, &o, "Clustering, in memory", rounds);
  }
  {
    g_autofree char *dir = NULL;
    g_autoptr(JxTrace) trace = NULL;

    o.n_ranks = 4096;
    o.n_iterations = 2;
    o.depth = 2;
    o.fanout = 1;
    trace = generate (&o, &dir);
    bench_clustering (trace, &o, "Clustering, generated and loaded (OTF2)", rounds);
    jx_test_remove_tree (dir);
  }

  /* 2. Pairing by structure. */
  {
    g_autofree char *dir_a = NULL;
    g_autofree char *dir_b = NULL;
    g_autoptr(JxTrace) a = NULL;
    g_autoptr(JxTrace) b = NULL;

    jx_generator_options_init (&o);
    o.n_ranks = 64;
    o.n_threads = 16;
    o.n_iterations = quick ? 3 : 10;
    o.depth = 3;
    o.fanout = 2;
    o.variant = JX_VARIANT_ROTATE_THREADS;
    o.seed = 1;
    a = generate (&o, &dir_a);
    o.seed = 2;
    b = generate (&o, &dir_b);
    bench_pairing ("Pairing, 64 ranks x 16 threads with rotating roles", a, b, rounds);
    jx_test_remove_tree (dir_a);
    jx_test_remove_tree (dir_b);
  }
  {
    g_autofree char *dir_a = NULL;
    g_autofree char *dir_b = NULL;
    g_autoptr(JxTrace) a = NULL;
    g_autoptr(JxTrace) b = NULL;

    jx_generator_options_init (&o);
    o.n_ranks = 1024;
    o.n_iterations = quick ? 3 : 10;
    o.depth = 3;
    o.fanout = 2;
    o.n_classes = 8;
    o.process_names = "process {pid}";
    o.seed = 1;
    a = generate (&o, &dir_a);
    o.seed = 2;
    b = generate (&o, &dir_b);
    bench_pairing ("Pairing, 1,024 processes named by process ID in 8 classes", a, b, rounds);
    jx_test_remove_tree (dir_a);
    jx_test_remove_tree (dir_b);
  }
  return 0;
}
