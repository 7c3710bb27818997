/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Structural clustering and pairing by content on traces the generator
 * writes (jx-trace-generator.h) and on the real traces:
 *   - ranks in K classes plus outliers are recovered exactly (1,024 ranks,
 *     small per rank), one trace or two traces together;
 *   - threads whose roles rotate between runs (--variant rotate-threads)
 *     are paired by structure in mode auto, and the similarity of the
 *     comparison goes from about 0 (by name) to about 1; mode name keeps
 *     the names and marks every crossed pair;
 *   - TraceR's stencil4d at 32 and 64 ranks: every rank but rank 0 in one
 *     cluster, rank 0 (which alone times its loop) an outlier;
 *   - the Xeon Phi runs: CPU threads and MIC streams never share a
 *     cluster, and the two configurations' streams pair up. */
#include "config.h"

#include <string.h>

#include "jx-cluster.h"
#include "jx-comparison.h"
#include "jx-test-gen.h"
#include "jx-trace-loader.h"

static void
small_options (JxGeneratorOptions *o,
               guint               ranks)
{
  jx_generator_options_init (o);
  o->n_ranks = ranks;
  o->n_iterations = 2;
  o->depth = 2;
  o->fanout = 1;
}

/* The partition the generator made: per rank a key, the same for ranks
 * that should share a cluster. */
static guint
expected_key (const JxGeneratorOptions *o,
              guint                     rank)
{
  gint outlier = jx_generator_rank_outlier (o, rank);

  return outlier >= 0 ? 1000 + (guint) outlier : jx_generator_rank_class (o, rank);
}

/* Every pair of streams is in the same cluster exactly when the generator
 * gave their ranks the same key. */
static void
assert_partition (JxClustering             *clustering,
                  const JxGeneratorOptions *o,
                  guint                     trace_count)
{
  JxSignatureSet *set = jx_clustering_get_signatures (clustering);
  guint n = jx_signature_set_get_size (set);
  g_autoptr(GHashTable) cluster_of_key = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GHashTable) key_of_cluster = g_hash_table_new (g_direct_hash, g_direct_equal);

  g_assert_cmpuint (n, ==, o->n_ranks * trace_count);
  for (guint32 s = 0; s < n; s++)
    {
      guint rank = jx_signature_set_get_stream_of (set, s);
      guint key = expected_key (o, rank) + 1;
      guint cluster = jx_clustering_get_cluster_of (clustering, s) + 1;
      gpointer seen;

      if ((seen = g_hash_table_lookup (cluster_of_key, GUINT_TO_POINTER (key))) != NULL)
        g_assert_cmpuint (GPOINTER_TO_UINT (seen), ==, cluster);
      else
        g_hash_table_insert (cluster_of_key, GUINT_TO_POINTER (key), GUINT_TO_POINTER (cluster));
      if ((seen = g_hash_table_lookup (key_of_cluster, GUINT_TO_POINTER (cluster))) != NULL)
        g_assert_cmpuint (GPOINTER_TO_UINT (seen), ==, key);
      else
        g_hash_table_insert (key_of_cluster, GUINT_TO_POINTER (cluster), GUINT_TO_POINTER (key));
    }
  g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, o->n_classes + o->n_outliers);
  g_assert_cmpuint (jx_clustering_get_n_outliers (clustering), ==, trace_count == 1 ? o->n_outliers : 0);
}

static void
test_classes_recovered (void)
{
  JxGeneratorOptions o;
  g_autofree char *dir_a = NULL;
  g_autofree char *dir_b = NULL;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxClustering) one = NULL;
  g_autoptr(JxClustering) both = NULL;
  JxTrace *traces[2];

  small_options (&o, 1024);
  o.n_classes = 5;
  o.n_outliers = 7;
  a = jx_test_generate_load (&o, NULL, &dir_a);
  one = jx_clustering_new_for_traces (&a, 1, NULL, NULL, NULL);
  assert_partition (one, &o, 1);
  /* The largest clusters are the classes; every outlier is alone. */
  for (guint c = 0; c < o.n_classes; c++)
    g_assert_cmpuint (jx_clustering_get_cluster (one, c)->size, >=, 1024 / o.n_classes - o.n_outliers);
  for (guint c = o.n_classes; c < o.n_classes + o.n_outliers; c++)
    g_assert_true (jx_clustering_get_cluster (one, c)->outlier);

  /* A second run with another seed: the same classes, across traces. */
  o.seed = 7;
  b = jx_test_generate_load (&o, NULL, &dir_b);
  traces[0] = a;
  traces[1] = b;
  both = jx_clustering_new_for_traces (traces, 2, NULL, NULL, NULL);
  assert_partition (both, &o, 2);

  jx_test_remove_tree (dir_a);
  jx_test_remove_tree (dir_b);
}

/* Rotated roles: auto pairs by what the threads do. */
static void
test_rotated_roles_paired (void)
{
  JxGeneratorOptions o;
  g_autofree char *dir_a = NULL;
  g_autofree char *dir_b = NULL;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxComparison) by_auto = NULL;
  g_autoptr(JxComparison) by_name = NULL;
  JxComparisonOptions options;
  double sum_auto = 0.0, sum_name = 0.0;
  guint workers = 0;

  jx_generator_options_init (&o);
  o.n_ranks = 2;
  o.n_threads = 5;
  o.n_iterations = 6;
  o.depth = 3;
  o.fanout = 2;
  o.variant = JX_VARIANT_ROTATE_THREADS;
  o.seed = 1;
  a = jx_test_generate_load (&o, NULL, &dir_a);
  o.seed = 2;
  b = jx_test_generate_load (&o, NULL, &dir_b);

  jx_comparison_options_init (&options);
  g_assert_cmpint (options.pairing, ==, JX_PAIRING_AUTO);
  options.n_threads = 2;
  by_auto = jx_comparison_run (a, b, &options, NULL, NULL);
  options.pairing = JX_PAIRING_NAME;
  by_name = jx_comparison_run (a, b, &options, NULL, NULL);
  g_assert_nonnull (by_auto);
  g_assert_nonnull (by_name);
  g_assert_cmpuint (jx_comparison_get_n_pairs (by_auto), ==, 10);
  g_assert_cmpuint (jx_comparison_get_n_pairs (by_name), ==, 10);

  for (guint i = 0; i < 10; i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (by_auto, i);
      const JxComparisonPair *q = jx_comparison_get_pair (by_name, i);
      guint thread_a = p->stream_a % 5, thread_b = p->stream_b % 5;

      o.seed = 1;
      if (thread_a == 0)
        {
          /* The master threads run the program: paired by name. */
          g_assert_cmpuint (p->stream_b, ==, p->stream_a);
          g_assert_cmpint (jx_comparison_pair_get_method (p), ==, JX_PAIRED_BY_NAME);
          g_assert_false (q->crossed);
          continue;
        }
      workers++;
      /* Same rank, same role. */
      g_assert_cmpuint (p->stream_a / 5, ==, p->stream_b / 5);
      {
        guint role_a = jx_generator_thread_role (&o, thread_a);
        guint role_b;

        o.seed = 2;
        role_b = jx_generator_thread_role (&o, thread_b);
        g_assert_cmpuint (role_a, ==, role_b);
      }
      g_assert_cmpuint (thread_a, !=, thread_b);
      g_assert_cmpint (jx_comparison_pair_get_method (p), ==, JX_PAIRED_BY_STRUCTURE);
      g_assert_cmpfloat (p->structure_similarity, ==, 1.0);
      g_assert_nonnull (p->other_name);
      g_assert_false (p->crossed);
      sum_auto += p->similarity;

      /* By name: thread t with thread t, marked as crossed. */
      g_assert_cmpuint (q->stream_b, ==, q->stream_a);
      g_assert_true (q->crossed);
      g_assert_nonnull (q->other_name);
      g_assert_cmpfloat (q->other_similarity, ==, 1.0);
      sum_name += q->similarity;
    }
  g_assert_cmpuint (workers, ==, 8);
  g_assert_cmpuint (jx_comparison_get_pairing_summary (by_auto)->n_by_structure, ==, 8);
  g_assert_cmpuint (jx_comparison_get_pairing_summary (by_name)->n_crossed, ==, 8);
  g_assert_cmpint (jx_comparison_get_pairing_summary (by_name)->mode, ==, JX_PAIRING_NAME);
  /* The comparison's similarity (eq. 4.5): about 0 by name, about 1 by
   * structure. */
  g_assert_cmpfloat (sum_name / workers, <, 0.1);
  g_assert_cmpfloat (sum_auto / workers, >, 0.9);

  jx_test_remove_tree (dir_a);
  jx_test_remove_tree (dir_b);
}

static JxTrace *
load_shared (const char *name)
{
  g_autofree char *path = jx_test_get_shared_trace (name);
  g_autoptr(GError) error = NULL;
  JxTrace *trace = jx_trace_load (path, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

/* TraceR's 4-D stencil: with periodic boundaries every rank has the same
 * eight neighbours, so ranks 1 … n-1 call exactly the same pairs; rank 0
 * alone wraps its loop in the TRACER_WallTime_* timing regions. */
static void
test_tracer_stencil (void)
{
  const char *names[2] = { "TraceR__stencil4d-32", "TraceR__stencil4d-64" };
  g_autoptr(JxTrace) t32 = load_shared (names[0]);
  g_autoptr(JxTrace) t64 = load_shared (names[1]);
  JxTrace *both[2] = { t32, t64 };

  for (guint t = 0; t < 2; t++)
    {
      g_autoptr(JxClustering) clustering = jx_clustering_new_for_traces (&both[t], 1, NULL, NULL, NULL);
      guint ranks = t == 0 ? 32 : 64;
      const JxCluster *main_cluster = jx_clustering_get_cluster (clustering, 0);
      const JxCluster *rank0 = jx_clustering_get_cluster (clustering, 1);
      JxSignatureSet *set = jx_clustering_get_signatures (clustering);
      g_autofree char *pairs = NULL;

      g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, 2);
      g_assert_cmpuint (main_cluster->size, ==, ranks - 1);
      g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, 0), ==, 1);
      g_assert_true (rank0->outlier);
      for (guint32 s = 1; s < ranks; s++)
        g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, s), ==, 0);
      pairs = jx_signature_set_serialize (set, main_cluster->representative);
      /* MPI_Init, two iterations of 8 MPI_Irecv, 8 MPI_Send (a 4-D stencil's
       * eight neighbours), MPI_Waitall and MPI_Barrier in TRACER_Loop,
       * then a last MPI_Barrier. */
      g_assert_cmpstr (pairs, ==, "TRACER_Loop → MPI_Barrier TRACER_Loop → MPI_Irecv TRACER_Loop → MPI_Send "
                                  "TRACER_Loop → MPI_Waitall ε → MPI_Barrier ε → MPI_Init ε → TRACER_Loop");
      g_clear_pointer (&pairs, g_free);
      pairs = jx_signature_set_serialize (set, 0);
      g_assert_nonnull (strstr (pairs, "TRACER_Loop → TRACER_WallTime_Loop"));
    }

  /* Both runs together: the same two clusters, rank 0 of both together. */
  {
    g_autoptr(JxClustering) clustering = jx_clustering_new_for_traces (both, 2, NULL, NULL, NULL);

    g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, 2);
    g_assert_cmpuint (jx_clustering_get_cluster (clustering, 0)->size, ==, 31 + 63);
    g_assert_cmpuint (jx_clustering_get_cluster (clustering, 1)->size, ==, 2);
    g_assert_cmpuint (jx_clustering_get_n_outliers (clustering), ==, 0);
  }
}

/* Xeon Phi: host threads and MIC streams never share a cluster, merged or
 * not; the two configurations' streams cluster by role. */
static void
test_xeonphi_kinds (void)
{
  g_autoptr(JxTrace) a = load_shared ("casita__1_xeonphi_jacobi_01");
  g_autoptr(JxTrace) b = load_shared ("casita__1_xeonphi_jacobi_09");
  JxTrace *both[2] = { a, b };
  JxClusterOptions options;

  jx_cluster_options_init (&options);
  for (guint round = 0; round < 3; round++)
    {
      g_autoptr(JxClustering) clustering = NULL;
      JxSignatureSet *set;
      const guint32 *members;
      guint n;

      options.threshold = round == 0 ? 0.0 : round == 1 ? JX_CLUSTER_SUGGESTED_THRESHOLD : 0.01;
      clustering = jx_clustering_new_for_traces (both, 2, &options, NULL, NULL);
      set = jx_clustering_get_signatures (clustering);
      members = jx_clustering_get_members (clustering, &n);
      g_assert_cmpuint (n, ==, 8);
      for (guint c = 0; c < jx_clustering_get_n_clusters (clustering); c++)
        {
          const JxCluster *cluster = jx_clustering_get_cluster (clustering, c);

          for (guint m = 0; m < cluster->size; m++)
            g_assert_cmpint (jx_signature_set_get_kind (set, members[cluster->first + m]), ==, cluster->kind);
        }
      /* Streams 0, 1 are CPU threads, 2, 3 MIC streams, in both runs. */
      for (guint32 s = 0; s < 8; s++)
        g_assert_cmpint (jx_signature_set_get_kind (set, s), ==,
                         s % 4 < 2 ? JX_STREAM_CPU_THREAD : JX_STREAM_ACCELERATOR);
      if (round == 0)
        {
          /* The same code in two configurations: each stream with its
           * namesake in the other run. */
          g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, 4);
          for (guint32 s = 0; s < 4; s++)
            g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, s), ==,
                              jx_clustering_get_cluster_of (clustering, s + 4));
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/cluster-generated/classes-recovered", test_classes_recovered);
  g_test_add_func ("/analysis/cluster-generated/rotated-roles-paired", test_rotated_roles_paired);
  g_test_add_func ("/analysis/cluster-generated/tracer-stencil", test_tracer_stencil);
  g_test_add_func ("/analysis/cluster-generated/xeonphi-kinds", test_xeonphi_kinds);
  return g_test_run ();
}
