/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The session's clusters: nothing runs until a view wants them; then the
 * clusters of all loaded traces arrive from a thread, follow a removal,
 * and the picked cluster marks exactly its members' streams. The picked
 * cluster's merged call tree arrives from a thread (a new pick cancels the
 * old), and the clusters grouping folds each trace's streams by cluster. */
#include "config.h"

#include "jx-test-gen.h"
#include "jx-test-session.h"
#include "jx-test-util.h"

static gboolean
clusters_ready (gpointer data)
{
  JxSessionClusters *clusters = data;

  return !jx_session_clusters_get_running (clusters) &&
         jx_session_clusters_get_clustering (clusters, NULL) != NULL;
}

static void
test_session_clusters (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxSession) session = jx_session_new ();
  JxSessionClusters *clusters = jx_session_get_clusters (session);
  g_autofree char *jacobi = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  JxSessionTrace *a, *b;
  JxClustering *clustering;
  JxSignatureSet *set;
  const guint32 *members;
  guint n_members;
  const JxCluster *first;
  const guint8 *mask;
  guint n_in_a = 0, n_outliers = 0;

  jx_generator_options_init (&options);
  options.n_ranks = 12;
  options.n_threads = 1;
  options.n_iterations = 4;
  options.n_classes = 3;
  options.n_outliers = 1;
  trace = jx_test_generate_load (&options, NULL, &dir);
  a = jx_session_add_trace (session, trace);
  b = jx_session_add_path (session, jacobi);
  jx_test_wait_for_loads (session);

  /* Not wanted: nothing computed. */
  g_assert_false (jx_session_clusters_get_running (clusters));
  g_assert_null (jx_session_clusters_get_clustering (clusters, NULL));
  g_assert_cmpuint (jx_session_clusters_get_n_clusters (clusters), ==, 0);

  jx_session_clusters_set_wanted (clusters, TRUE);
  g_assert_true (jx_session_clusters_get_running (clusters));
  g_assert_true (jx_test_wait_until (clusters_ready, clusters, 60));
  clustering = jx_session_clusters_get_clustering (clusters, NULL);
  set = jx_clustering_get_signatures (clustering);
  g_assert_cmpuint (jx_signature_set_get_n_traces (set), ==, 2);
  g_assert_cmpuint (jx_signature_set_get_size (set), ==,
                    jx_trace_get_n_streams (trace) + jx_trace_get_n_streams (jx_session_trace_get_trace (b)));
  for (guint c = 0; c < jx_clustering_get_n_clusters (clustering); c++)
    n_outliers += jx_clustering_get_cluster (clustering, c)->outlier;
  g_assert_cmpuint (n_outliers, >=, 1);

  /* Picking the largest cluster marks its members, and only them. */
  jx_session_clusters_set_selected (clusters, 0);
  first = jx_clustering_get_cluster (clustering, 0);
  members = jx_clustering_get_members (clustering, &n_members);
  for (guint m = 0; m < first->size; m++)
    {
      guint32 sig = members[first->first + m];
      JxSessionTrace *item = jx_session_clusters_get_item_of (clusters, sig);
      g_autofree char *name = jx_session_clusters_dup_stream_name (clusters, sig);

      g_assert_true (item == a || item == b);
      g_assert_nonnull (name);
      mask = jx_session_clusters_get_stream_mask (clusters, jx_session_trace_get_trace (item));
      g_assert_nonnull (mask);
      g_assert_cmpuint (mask[jx_signature_set_get_stream_of (set, sig)], ==, 1);
      n_in_a += item == a;
    }
  mask = jx_session_clusters_get_stream_mask (clusters, trace);
  if (mask != NULL)
    {
      guint marked = 0;

      for (guint s = 0; s < jx_trace_get_n_streams (trace); s++)
        marked += mask[s] != 0;
      g_assert_cmpuint (marked, ==, n_in_a);
    }

  /* A removal starts again, on the one trace left; the pick goes. */
  jx_session_remove (session, b);
  g_assert_cmpuint (jx_session_clusters_get_selected (clusters), ==, JX_SESSION_CLUSTERS_NONE);
  g_assert_true (jx_session_clusters_get_running (clusters));
  g_assert_true (jx_test_wait_until (clusters_ready, clusters, 60));
  clustering = jx_session_clusters_get_clustering (clusters, NULL);
  g_assert_cmpuint (jx_signature_set_get_n_traces (jx_clustering_get_signatures (clustering)), ==, 1);
  g_assert_cmpuint (jx_signature_set_get_size (jx_clustering_get_signatures (clustering)), ==,
                    jx_trace_get_n_streams (trace));
  g_assert_null (jx_session_clusters_get_stream_mask (clusters, trace));

  /* No trace: no clusters, nothing running. */
  jx_session_remove (session, a);
  g_assert_false (jx_session_clusters_get_running (clusters));
  g_assert_null (jx_session_clusters_get_clustering (clusters, NULL));
  jx_test_remove_tree (dir);
}

static gboolean
tree_ready (gpointer data)
{
  return !jx_session_clusters_get_tree_running (data) && jx_session_clusters_get_tree (data, NULL) != NULL;
}

/* The groups of the clusters grouping: one per cluster of item's trace. */
static guint
n_cluster_groups (JxSessionTrace *item)
{
  JxStreamGroups *groups = jx_session_trace_get_groups (item);
  guint n = 0;

  for (guint g = 0; g < jx_stream_groups_get_n_groups (groups); g++)
    n += jx_stream_groups_get_group (groups, g)->kind == JX_STREAM_GROUP_CLUSTER;
  return n;
}

static void
test_tree_and_fold (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxSession) session = jx_session_new ();
  JxSessionClusters *clusters = jx_session_get_clusters (session);
  g_autofree char *jacobi = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autoptr(GError) error = NULL;
  g_autoptr(JxMergedTree) direct = NULL;
  g_autofree JxStreamRef *refs = NULL;
  JxTrace *traces[2];
  JxSessionTrace *a, *b;
  JxClustering *clustering;
  JxMergedTree *tree;
  const JxMergedNodes *got, *want;
  guint n_refs, n_running = 0;

  jx_generator_options_init (&options);
  options.n_ranks = 12;
  options.n_threads = 1;
  options.n_iterations = 4;
  options.n_classes = 3;
  options.n_outliers = 1;
  trace = jx_test_generate_load (&options, NULL, &dir);
  a = jx_session_add_trace (session, trace);
  b = jx_session_add_path (session, jacobi);
  jx_test_wait_for_loads (session);

  /* The clusters grouping asks for the clusters; each trace's groups
   * follow them: 4 clusters in the generated trace. */
  jx_session_set_fold_grouping (session, JX_FOLD_GROUPING_CLUSTERS);
  g_assert_true (jx_session_clusters_get_wanted (clusters));
  g_assert_true (jx_test_wait_until (clusters_ready, clusters, 60));
  clustering = jx_session_clusters_get_clustering (clusters, NULL);
  g_assert_cmpuint (n_cluster_groups (a), ==, 4);
  g_assert_cmpuint (n_cluster_groups (b), >=, 1);
  g_assert_null (jx_session_clusters_get_tree (clusters, NULL));

  /* A pick starts the tree; a second pick at once cancels the first. */
  g_signal_connect (clusters, "notify::tree-running", G_CALLBACK (jx_test_count_notify), &n_running);
  jx_session_clusters_set_selected (clusters, 1);
  g_assert_true (jx_session_clusters_get_tree_running (clusters));
  jx_session_clusters_set_selected (clusters, 0);
  g_assert_true (jx_test_wait_until (tree_ready, clusters, 60));
  tree = jx_session_clusters_get_tree (clusters, NULL);
  g_assert_cmpuint (jx_merged_tree_get_n_streams (tree), ==, jx_clustering_get_cluster (clustering, 0)->size);
  g_assert_cmpfloat (jx_session_clusters_get_tree_progress (clusters), ==, 1.0);
  g_assert_cmpuint (n_running, ==, 2);
  g_signal_handlers_disconnect_by_data (clusters, &n_running);

  /* The same tree as a build of the cluster's streams. */
  traces[0] = jx_session_trace_get_trace (a);
  traces[1] = jx_session_trace_get_trace (b);
  refs = jx_merged_tree_streams_of_cluster (clustering, 0, &n_refs);
  direct = jx_merged_tree_build (traces, 2, refs, n_refs, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  got = jx_merged_tree_get_nodes (tree);
  want = jx_merged_tree_get_nodes (direct);
  g_assert_cmpuint (got->n_nodes, ==, want->n_nodes);
  g_assert_cmpmem (got->state, got->n_nodes, want->state, want->n_nodes);
  g_assert_cmpmem (got->symbol, got->n_nodes * sizeof (guint32), want->symbol, want->n_nodes * sizeof (guint32));
  g_assert_cmpmem (got->n_members, got->n_nodes * sizeof (guint32), want->n_members, want->n_nodes * sizeof (guint32));
  for (guint s = 0; s < jx_merged_tree_get_n_streams (tree); s++)
    g_assert_true (jx_session_clusters_get_tree_item (clusters, s) ==
                   (jx_merged_tree_get_stream (tree, s).trace == 0 ? a : b));

  /* New scores build the shown tree again with them (the Preferences pass
   * the comparisons' scores on). */
  {
    JxScoring scoring;

    jx_scoring_init_default (&scoring);
    g_assert_true (jx_scoring_equal (&jx_merged_tree_get_options (tree)->msa.align.scoring, &scoring));
    scoring.match = 3;
    scoring.gap = -2;
    jx_session_clusters_set_scoring (clusters, &scoring);
    g_assert_true (jx_session_clusters_get_tree_running (clusters));
    g_assert_true (jx_test_wait_until (tree_ready, clusters, 60));
    g_assert_true (jx_scoring_equal (&jx_merged_tree_get_options (jx_session_clusters_get_tree (clusters, NULL))->msa.align.scoring,
                                     &scoring));
    g_assert_true (jx_scoring_equal (jx_session_clusters_get_scoring (clusters), &scoring));
  }

  /* Nothing picked: no tree. */
  jx_session_clusters_set_selected (clusters, JX_SESSION_CLUSTERS_NONE);
  g_assert_null (jx_session_clusters_get_tree (clusters, NULL));
  g_assert_false (jx_session_clusters_get_tree_running (clusters));

  /* A threshold clusters again: the generated classes merge, and the
   * groups follow. */
  jx_session_clusters_set_threshold (clusters, 0.5);
  g_assert_true (jx_session_clusters_get_running (clusters));
  g_assert_true (jx_test_wait_until (clusters_ready, clusters, 60));
  g_assert_cmpuint (n_cluster_groups (a), ==, 1);

  /* Another grouping leaves the clusters out of the groups. */
  jx_session_set_fold_grouping (session, JX_FOLD_GROUPING_THREADS);
  g_assert_cmpuint (n_cluster_groups (a), ==, 0);
  jx_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/clusters", test_session_clusters);
  g_test_add_func ("/session/clusters/tree-and-fold", test_tree_and_fold);
  return g_test_run ();
}
