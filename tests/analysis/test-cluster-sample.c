/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of jx-cluster-sample.c: the clusters of a trace's processes from a
 * sample that fits. A generated run of three behaviours: with room for the
 * whole run the sample is the whole run and finds the three; under a
 * budget that holds a part, the sample is a window from the start shorter
 * than the run whose estimate fits half the budget, and still finds them;
 * under a budget that holds not even the definitions, an error naming the
 * trace. Every process is in exactly one cluster, its representative a
 * member. */
#include "config.h"

#include <string.h>

#include "jx-cluster-sample.h"
#include "jx-test-gen.h"
#include "jx-trace-generator.h"

#define N_RANKS 12
#define N_CLASSES 3

static char *
generate (char **path)
{
  g_autoptr(GError) error = NULL;
  JxGeneratorOptions options;
  char *dir = jx_test_make_tmp_dir ();

  jx_generator_options_init (&options);
  options.seed = 3;
  options.n_ranks = N_RANKS;
  options.n_threads = 2;
  options.n_iterations = 300;
  options.n_classes = N_CLASSES;
  *path = g_build_filename (dir, "classes", NULL);
  g_assert_cmpuint (jx_generate_trace (*path, &options, &error), >, 0);
  g_assert_no_error (error);
  return dir;
}

/* Every process once; returns the clusters with calls. */
static guint
check_partition (JxClusterSample *sample)
{
  guint8 seen[N_RANKS] = { 0 };
  guint total = 0, with_calls = 0;

  for (guint c = 0; c < jx_cluster_sample_get_n_clusters (sample); c++)
    {
      const JxSampleCluster *cluster = jx_cluster_sample_get_cluster (sample, c);
      gboolean has_representative = FALSE;

      g_test_message ("cluster %u: %u processes, representative %u%s", c, cluster->size, cluster->representative,
                      cluster->empty ? " (no calls)" : "");
      for (guint32 m = 0; m < cluster->size; m++)
        {
          g_assert_cmpuint (cluster->members[m], <, N_RANKS);
          g_assert_false (seen[cluster->members[m]]);
          seen[cluster->members[m]] = 1;
          has_representative |= cluster->members[m] == cluster->representative;
          if (m > 0)
            g_assert_cmpuint (cluster->members[m - 1], <, cluster->members[m]);
        }
      g_assert_true (has_representative);
      total += cluster->size;
      with_calls += !cluster->empty;
    }
  g_assert_cmpuint (total, ==, N_RANKS);
  return with_calls;
}

static void
test_sample (void)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = generate (&path);
  g_autoptr(JxTraceOutline) outline = NULL;
  g_autoptr(JxClusterSample) whole = NULL;
  g_autoptr(JxClusterSample) part = NULL;
  g_autoptr(JxClusterSample) none = NULL;
  g_autoptr(JxTraceSelection) window = jx_trace_selection_new ();
  g_autofree guint8 *first = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *described = NULL;
  guint64 full, budget;
  gint64 length_ns;

  outline = jx_trace_outline_read (path, &error);
  g_assert_no_error (error);
  length_ns = jx_time_ticks_to_ns ((gint64) jx_trace_outline_get_trace_length (outline),
                                   jx_trace_outline_get_timer_resolution (outline));
  g_assert_cmpint (length_ns, >, 0);

  whole = jx_cluster_sample_new (outline, JX_MEMORY_UNLIMITED, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (jx_cluster_sample_get_window_end (whole), ==, JX_WINDOW_OPEN_END);
  described = jx_cluster_sample_describe (whole);
  g_assert_cmpstr (described, ==, "the whole run");
  g_assert_cmpuint (check_partition (whole), ==, N_CLASSES);

  /* A budget whose half holds the first threads' definitions and a fifth
   * of their events: a window, shorter than the run. */
  first = g_new0 (guint8, jx_trace_outline_get_n_locations (outline));
  for (guint p = 0; p < jx_trace_outline_get_n_processes (outline); p++)
    first[jx_trace_outline_get_process (outline, p)->first_location] = 1;
  full = jx_trace_outline_estimate (outline, first, NULL);
  jx_trace_selection_set_window (window, 0, 1000);
  budget = 2 * (jx_trace_outline_estimate (outline, first, window) + (full - jx_trace_outline_estimate (outline, first, window)) / 5);
  part = jx_cluster_sample_new (outline, budget, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("window end %" G_GINT64_FORMAT " ns of %" G_GINT64_FORMAT, jx_cluster_sample_get_window_end (part), length_ns);
  g_assert_cmpint (jx_cluster_sample_get_window_end (part), <, length_ns);
  g_assert_cmpint (jx_cluster_sample_get_window_end (part), >, length_ns / 10);
  jx_trace_selection_set_window (window, 0, jx_cluster_sample_get_window_end (part));
  g_assert_cmpuint (jx_trace_outline_estimate (outline, first, window), <=, budget / 2);
  g_assert_cmpuint (jx_cluster_sample_get_n_invocations (part), <, jx_cluster_sample_get_n_invocations (whole));
  g_assert_cmpuint (check_partition (part), ==, N_CLASSES);

  none = jx_cluster_sample_new (outline, 1024, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "classes"));

  jx_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/cluster-sample/sample", test_sample);
  return g_test_run ();
}
