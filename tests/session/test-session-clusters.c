/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The session's clusters: nothing runs until a view wants them; then the
 * clusters of all loaded traces arrive from a thread, follow a removal,
 * and the picked cluster marks exactly its members' streams. */
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/clusters", test_session_clusters);
  return g_test_run ();
}
