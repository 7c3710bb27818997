/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-trend — the cost of a scaling study against the cost of reading its
 * runs (issue 17: the study ≤ 0.5 × the load).
 *
 * 32 generated runs of about 1 M invocations each (the generator's
 * "scaling" laws at 4, 8, 16 and 32 ranks, 8 runs at each), read the way
 * `juxtrace-cli trend` reads them (jx_trend_load_runs: one worker per
 * core, one reader thread each). Measured in the same run:
 *   load       CPU time of jx_trace_load, summed over the runs;
 *   reduce     CPU time of jx_trend_run_new (one pass over every
 *              invocation, per-process folds, SOS time), summed;
 *   models     CPU time of jx_trend_study_compute with every measure, call
 *              paths and a prediction (all models of every series);
 * and prints (reduce + models) / load, the target ≤ 0.5, plus the wall
 * time of the parallel read, the peak resident memory while reading
 * (VmHWM, reset before) against one trace's arrays, and the aggregates'
 * bytes.
 *
 * Usage: bench-trend [--quick]   (--quick: 8 runs of about 100 k invocations)
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "jx-bench.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "jx-trend-load.h"
#include "jx-trend-study.h"

typedef struct
{
  GMutex  lock;
  double  load_ms;
  double  reduce_ms;
  gsize   trace_bytes;      /* the largest trace's arrays */
  guint64 invocations;
} Totals;

/* The reading of one run, timed in its thread. */
typedef struct
{
  char  **paths;
  guint   n;
  gint    next;
  Totals *totals;
  JxTrendRun **runs;
} Job;

static gpointer
worker (gpointer data)
{
  Job *job = data;
  JxLoadOptions load = { .n_threads = 1 };

  for (;;)
    {
      gint i = g_atomic_int_add (&job->next, 1);
      g_autoptr(GError) error = NULL;
      g_autoptr(JxTrace) trace = NULL;
      double t0, t1, t2;

      if (i >= (gint) job->n)
        return NULL;
      t0 = jx_bench_cpu_ms ();
      trace = jx_trace_load (job->paths[i], &load, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      t1 = jx_bench_cpu_ms ();
      job->runs[i] = jx_trend_run_new (trace, job->paths[i], NULL, NULL, &error);
      g_assert_no_error (error);
      t2 = jx_bench_cpu_ms ();
      g_mutex_lock (&job->totals->lock);
      job->totals->load_ms += t1 - t0;
      job->totals->reduce_ms += t2 - t1;
      job->totals->trace_bytes = MAX (job->totals->trace_bytes, jx_trace_get_memory_size (trace));
      job->totals->invocations += jx_trace_get_n_invocations (trace);
      g_mutex_unlock (&job->totals->lock);
    }
}

/* Peak resident set since the last reset, kB. */
static guint64
peak_rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, "VmHWM:");
  return line != NULL ? g_ascii_strtoull (line + 6, NULL, 10) : 0;
}

static void
reset_peak_rss (void)
{
  g_file_set_contents ("/proc/self/clear_refs", "5", 1, NULL);
}

int
main (int    argc,
      char **argv)
{
  static const guint ranks[] = { 4, 8, 16, 32 };
  gboolean quick = argc > 1 && g_str_equal (argv[1], "--quick");
  guint n_runs = quick ? 8 : 32;
  guint64 target = quick ? 100000 : 1000000;
  g_autofree char *dir = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autofree JxTrendRun **runs = NULL;
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  g_autoptr(JxTrendStudy) study = NULL;
  g_autoptr(GError) error = NULL;
  guint n_law = 0;
  const JxGenLaw *laws = jx_generator_law_preset ("scaling", &n_law);
  Totals totals = { 0 };
  Job job;
  JxTrendOptions options;
  double wall0, wall1, models0, models1, gen0;
  guint64 rss_before, rss_peak;
  gsize aggregate_bytes = 0;
  guint n_workers = MAX (g_get_num_processors (), 1);

  g_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("jx-bench-trend-XXXXXX", &error);
  g_assert_no_error (error);

  gen0 = jx_bench_now_ms ();
  for (guint i = 0; i < n_runs; i++)
    {
      JxGeneratorOptions o;
      g_autofree char *name = NULL;
      char *path;

      jx_generator_options_init (&o);
      o.seed = 1000 + i;
      o.n_ranks = ranks[i % G_N_ELEMENTS (ranks)];
      o.depth = 4;
      o.fanout = 3;
      o.laws = laws;
      o.n_laws = n_law;
      o.law_jitter = 0.05;
      /* About `target` invocations: two events each, plus the messages
       * (about a sixth more). */
      o.n_iterations = jx_generator_iterations_for_events (&o, target * 7 / 3);
      name = g_strdup_printf ("p%u.r%u", o.n_ranks, (guint) (i / G_N_ELEMENTS (ranks)) + 1);
      path = g_build_filename (dir, name, NULL);
      g_assert_cmpuint (jx_generate_trace (path, &o, &error), >, 0);
      g_assert_no_error (error);
      g_ptr_array_add (paths, path);
    }
  printf ("bench-trend%s: %u runs written in %.1f s\n", quick ? " --quick" : "", n_runs,
          (jx_bench_now_ms () - gen0) / 1000.0);

  /* The read: the way jx_trend_load_runs reads, timed per thread. */
  g_mutex_init (&totals.lock);
  runs = g_new0 (JxTrendRun *, n_runs);
  job = (Job) { (char **) paths->pdata, n_runs, 0, &totals, runs };
  reset_peak_rss ();
  rss_before = peak_rss_kb ();
  wall0 = jx_bench_now_ms ();
  for (guint w = 1; w < n_workers; w++)
    g_ptr_array_add (threads, g_thread_new ("bench-trend", worker, &job));
  worker (&job);
  for (guint w = 0; w < threads->len; w++)
    g_thread_join (g_ptr_array_index (threads, w));
  wall1 = jx_bench_now_ms ();
  rss_peak = peak_rss_kb ();

  /* The study: every measure, every call path, every model. */
  jx_trend_options_init (&options);
  options.measures = JX_TREND_ALL_MEASURES;
  options.paths = TRUE;
  options.at = 4096;
  study = jx_trend_study_new (runs, n_runs);
  models0 = jx_bench_cpu_ms ();
  g_assert_true (jx_trend_study_compute (study, &options, NULL, &error));
  g_assert_no_error (error);
  models1 = jx_bench_cpu_ms ();
  for (guint i = 0; i < n_runs; i++)
    aggregate_bytes += jx_trend_run_get_memory_size (runs[i]);

  printf ("  %" G_GUINT64_FORMAT " invocations in all (%.2f M per run), %u workers on %u cores\n",
          totals.invocations, totals.invocations / 1e6 / n_runs, n_workers, (guint) g_get_num_processors ());
  printf ("  load    (jx_trace_load, CPU summed over runs):       %9.0f ms\n", totals.load_ms);
  printf ("  reduce  (jx_trend_run_new, CPU summed over runs):    %9.0f ms = %.3fx load\n", totals.reduce_ms,
          totals.reduce_ms / totals.load_ms);
  printf ("  models  (%u series, all measures and paths, CPU): %9.0f ms = %.3fx load\n",
          jx_trend_study_get_n_series (study), models1 - models0, (models1 - models0) / totals.load_ms);
  printf ("  study = reduce + models:                            %9.0f ms = %.3fx load   (target <= 0.5x)\n",
          totals.reduce_ms + models1 - models0, (totals.reduce_ms + models1 - models0) / totals.load_ms);
  printf ("  parallel read + reduce, wall:                       %9.0f ms (summed CPU / wall = %.2f: the cores "
          "at work; below 1 the reads wait for the disk or for other jobs)\n",
          wall1 - wall0, (totals.load_ms + totals.reduce_ms) / (wall1 - wall0));
  printf ("  peak resident memory while reading: %.1f MB (%.1f MB before); one trace's arrays: %.1f MB; "
          "aggregates kept: %.1f kB for %u runs\n",
          rss_peak / 1024.0, rss_before / 1024.0, totals.trace_bytes / 1048576.0, aggregate_bytes / 1024.0, n_runs);

  for (guint i = 0; i < n_runs; i++)
    jx_trend_run_unref (runs[i]);
  jx_test_remove_tree (dir);
  g_mutex_clear (&totals.lock);
  return 0;
}
