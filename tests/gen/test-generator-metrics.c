/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-generator-metrics.c — options.metrics round trip: the generator
 * writes counters of known values and the loader reads back exactly them;
 * an injected Metric event naming no metric is a caveat, not a failure. */
#include "config.h"

#include <math.h>
#include <otf2/otf2.h>

#include "jx-gen-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "jx-trace-metrics.h"

static JxTrace *
generate_and_load (const char       *tmp,
                   guint             defects,
                   JxGeneratorStats *stats,
                   JxGeneratorOptions *o)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (tmp, defects ? "defect" : "plain", NULL);
  JxTrace *trace;

  jx_generator_options_init (o);
  o->seed = 3;
  o->n_ranks = 3;
  o->n_threads = 2;
  o->n_gpu_streams = 1;
  o->n_iterations = 5;
  o->depth = 3;
  o->fanout = 2;
  o->metrics = TRUE;
  o->defects = defects;
  g_assert_cmpuint (jx_generate_trace_full (dir, o, stats, &error), >, 0);
  g_assert_no_error (error);
  trace = jx_trace_load (dir, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static void
test_metrics_round_trip (void)
{
  g_autofree char *tmp = jx_gen_test_make_tmp_dir ();
  JxGeneratorOptions o;
  JxGeneratorStats stats;
  g_autoptr(JxTrace) trace = generate_and_load (tmp, 0, &stats, &o);
  guint32 cycles = jx_trace_find_metric (trace, JX_GENERATOR_METRIC_CYCLES);
  guint32 power = jx_trace_find_metric (trace, JX_GENERATOR_METRIC_POWER);
  guint64 samples = 0, cpu_edges = 0, rates = 0;
  double resolution = (double) jx_trace_get_timer_resolution (trace);

  g_assert_cmpuint (jx_trace_get_n_metrics (trace), ==, 2);
  g_assert_cmpuint (cycles, !=, JX_NONE);
  g_assert_cmpuint (power, !=, JX_NONE);
  g_assert_true (jx_metric_mode_is_accumulated (jx_trace_get_metric (trace, cycles)->mode));
  g_assert_false (jx_metric_mode_is_accumulated (jx_trace_get_metric (trace, power)->mode));
  g_assert_cmpstr (jx_trace_get_metric (trace, power)->unit, ==, "W");
  g_assert_cmpint (jx_trace_get_metric (trace, power)->value_type, ==, JX_METRIC_VALUE_DOUBLE);
  g_assert_cmpuint (stats.n_metric, >, 0);
  g_assert_cmpuint (jx_trace_get_event_count (trace, JX_EVENT_METRIC), ==, stats.n_metric);
  g_assert_cmpuint (jx_trace_get_metric (trace, cycles)->n_samples, ==, stats.n_metric);

  for (guint s = 0; s < jx_trace_get_n_streams (trace); s++)
    {
      const JxStream *stream = jx_trace_get_stream (trace, s);
      guint rank = jx_trace_get_process (trace, stream->process)->rank;
      JxMetricSeries c, p;
      gboolean has = jx_trace_get_metric_series (trace, s, cycles, &c);

      g_assert_true (has == (stream->kind == JX_STREAM_CPU_THREAD));
      if (!has)
        continue;
      /* One sample before every enter and leave. */
      cpu_edges += stream->event_counts[JX_EVENT_ENTER] + stream->event_counts[JX_EVENT_LEAVE];
      g_assert_cmpuint (c.n, ==, stream->event_counts[JX_EVENT_ENTER] + stream->event_counts[JX_EVENT_LEAVE]);
      g_assert_true (jx_trace_get_metric_series (trace, s, power, &p));
      g_assert_cmpuint (p.n, ==, c.n);
      for (guint32 k = 0; k < c.n; k++)
        {
          g_assert_cmpuint (c.value[k].u, ==, jx_generator_metric_cycles (&o, rank, c.time[k]));
          g_assert_cmpfloat (p.value[k].d, ==, jx_generator_metric_power (rank));
          if (k + 1 < c.n)
            {
              g_assert_cmpfloat (p.display[k], ==, jx_generator_metric_power (rank));
              if (c.time[k + 1] > c.time[k])
                {
                  g_assert_cmpfloat_with_epsilon (c.display[k], (rank + 1) * resolution, resolution * 1e-9);
                  rates++;
                }
              else
                g_assert_true (isnan (c.display[k]));
            }
        }
      samples += c.n;
    }
  g_assert_cmpuint (samples, ==, stats.n_metric);
  g_assert_cmpuint (cpu_edges, ==, stats.n_metric);
  g_assert_cmpuint (rates, >, 0);
  g_assert_cmpfloat_with_epsilon (jx_trace_get_metric (trace, cycles)->display_min, resolution, 1e-3);
  g_assert_cmpfloat_with_epsilon (jx_trace_get_metric (trace, cycles)->display_max, 3 * resolution, 1e-3);
  for (guint c = 0; c < JX_N_METRIC_CAVEATS; c++)
    g_assert_cmpuint (jx_trace_get_metric_caveat (trace, c), ==, 0);
  jx_gen_test_remove_tree (tmp);
}

/* Without the option there are no metrics at all. */
static void
test_metrics_off (void)
{
  g_autofree char *tmp = jx_gen_test_make_tmp_dir ();
  g_autofree char *dir = g_build_filename (tmp, "off", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = NULL;
  JxGeneratorOptions o;
  JxGeneratorStats stats;

  jx_generator_options_init (&o);
  o.n_ranks = 2;
  o.n_iterations = 3;
  g_assert_cmpuint (jx_generate_trace_full (dir, &o, &stats, &error), >, 0);
  g_assert_cmpuint (stats.n_metric, ==, 0);
  trace = jx_trace_load (dir, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_get_n_metrics (trace), ==, 0);
  g_assert_cmpuint (jx_trace_get_event_count (trace, JX_EVENT_METRIC), ==, 0);
  jx_gen_test_remove_tree (tmp);
}

static void
test_metrics_unknown_ref (void)
{
  g_autofree char *tmp = jx_gen_test_make_tmp_dir ();
  JxGeneratorOptions o;
  JxGeneratorStats stats;
  g_autoptr(JxTrace) trace = generate_and_load (tmp, JX_DEFECT_INJECT_UNKNOWN_METRIC, &stats, &o);
  guint32 cycles = jx_trace_find_metric (trace, JX_GENERATOR_METRIC_CYCLES);

  g_assert_cmpuint (jx_trace_get_metric_caveat (trace, JX_METRIC_CAVEAT_UNKNOWN_REF), ==, 1);
  g_assert_cmpuint (jx_trace_get_event_count (trace, JX_EVENT_METRIC), ==, stats.n_metric);
  g_assert_cmpuint (jx_trace_get_metric (trace, cycles)->n_samples, ==, stats.n_metric - 1);
  g_assert_cmpuint (jx_trace_get_n_defects (trace), ==, 0);
  jx_gen_test_remove_tree (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gen/metrics/round-trip", test_metrics_round_trip);
  g_test_add_func ("/gen/metrics/off", test_metrics_off);
  g_test_add_func ("/gen/metrics/unknown-ref", test_metrics_unknown_ref);

  return g_test_run ();
}
