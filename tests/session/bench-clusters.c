/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-clusters.c — the Processes view's clustering in a session, as the
 * window runs it, on a generated trace of many ranks (10,000 by default;
 * an argument sets another count), 4 behaviours and 3 outliers:
 *
 *  - the longest main-loop stall while the session clusters in its thread
 *    (a timeout ticking every TICK_MS records the largest gap beyond the
 *    tick), beside the same ticker over an idle loop just before (what the
 *    machine's other load alone costs); target: no stall > 20 ms;
 *  - the main-loop time of picking the largest cluster (its members' row
 *    marks are built there);
 *  - from "wanted" to the result, as a ratio to jx_clustering_new_for_traces
 *    alone on the same trace (the in-run baseline).
 * Prints medians of RUNS runs. */
#include "config.h"

#include <stdlib.h>

#include "jx-session.h"
#include "jx-test-gen.h"
#include "jx-test-session.h"
#include "jx-test-util.h"

#define RUNS    3
#define TICK_MS 1

typedef struct
{
  gint64 last;
  gint64 max_gap;   /* µs */
} Ticker;

static gboolean
tick (gpointer data)
{
  Ticker *t = data;
  gint64 now = g_get_monotonic_time ();

  t->max_gap = MAX (t->max_gap, now - t->last);
  t->last = now;
  return G_SOURCE_CONTINUE;
}

static gboolean
ready (gpointer data)
{
  return !jx_session_clusters_get_running (data) && jx_session_clusters_get_clustering (data, NULL) != NULL;
}

static int
cmp_double (const void *a,
            const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *v)
{
  qsort (v, RUNS, sizeof *v, cmp_double);
  return v[RUNS / 2];
}

int
main (int   argc,
      char *argv[])
{
  JxGeneratorOptions options;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = NULL;
  double stall[RUNS], idle[RUNS], pick[RUNS], session_s[RUNS], alone_s[RUNS];
  guint n_clusters = 0;

  g_test_init (&argc, &argv, NULL);
  jx_generator_options_init (&options);
  options.n_ranks = argc > 1 ? (guint) atoi (argv[1]) : 10000;
  options.n_threads = 1;
  options.n_iterations = 2;
  options.n_classes = 4;
  options.n_outliers = 3;
  trace = jx_test_generate_load (&options, NULL, &dir);
  g_print ("trace: %u ranks, %u streams\n", options.n_ranks, jx_trace_get_n_streams (trace));

  for (guint r = 0; r < RUNS; r++)
    {
      g_autoptr(JxSession) session = jx_session_new ();
      JxSessionClusters *clusters = jx_session_get_clusters (session);
      g_autoptr(JxClustering) alone = NULL;
      JxClusterOptions cluster_options;
      Ticker ticker;
      guint source;
      gint64 t0;

      jx_session_add_trace (session, trace);
      jx_test_wait_for_loads (session);

      ticker = (Ticker) { g_get_monotonic_time (), 0 };
      source = g_timeout_add (TICK_MS, tick, &ticker);
      jx_test_spin (300);
      idle[r] = MAX (0.0, (ticker.max_gap - TICK_MS * 1000) / 1000.0);

      ticker = (Ticker) { g_get_monotonic_time (), 0 };
      t0 = g_get_monotonic_time ();
      jx_session_clusters_set_wanted (clusters, TRUE);
      g_assert_true (jx_test_wait_until (ready, clusters, 120));
      session_s[r] = (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
      /* One more tick after the result, so its delivery is measured. */
      jx_test_spin (20);
      stall[r] = MAX (0.0, (ticker.max_gap - TICK_MS * 1000) / 1000.0);
      g_source_remove (source);
      n_clusters = jx_session_clusters_get_n_clusters (clusters);

      t0 = g_get_monotonic_time ();
      jx_session_clusters_set_selected (clusters, 0);
      pick[r] = (double) (g_get_monotonic_time () - t0) / 1000.0;

      jx_cluster_options_init (&cluster_options);
      t0 = g_get_monotonic_time ();
      alone = jx_clustering_new_for_traces (&trace, 1, &cluster_options, NULL, NULL);
      alone_s[r] = (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
      g_assert_nonnull (alone);
      g_assert_cmpuint (jx_clustering_get_n_clusters (alone), ==, n_clusters);
    }

  g_print ("clusters: %u\n", n_clusters);
  g_print ("max main-loop stall while clustering: %.1f ms (idle loop: %.1f ms; target <= 20 ms)\n",
           median (stall), median (idle));
  g_print ("picking the largest cluster (row marks, main loop): %.2f ms\n", median (pick));
  g_print ("clustering in the session: %.3f s, alone: %.3f s, ratio %.2f\n",
           median (session_s), median (alone_s), median (session_s) / MAX (median (alone_s), 1e-6));
  jx_test_remove_tree (dir);
  return 0;
}
