/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Metrics: the PAPI counters of a real Score-P trace against what
 * otf2-print prints, and the displayed values of each mode. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <otf2/otf2.h>

#include "jx-test-util.h"
#include "jx-trace-loader.h"
#include "jx-trace-metrics.h"

static const char *papi_names[] = { "PAPI_TOT_CYC", "PAPI_L2_TCM", "PAPI_BR_MSP" };

static guint
stream_of_location (JxTrace *trace,
                    guint64  location)
{
  for (guint s = 0; s < jx_trace_get_n_streams (trace); s++)
    if (jx_trace_get_stream (trace, s)->otf2_id == location)
      return s;
  g_assert_not_reached ();
  return JX_NONE;
}

/* Every METRIC line of `otf2-print`: location, time and the three values
 * must be the next sample of each metric on that stream. */
static void
compare_with_otf2_print (JxTrace    *trace,
                         const char *anchor)
{
  g_autofree char *program = g_find_program_in_path ("otf2-print");
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  const char *argv[] = { NULL, anchor, NULL };
  guint next[8][3] = { { 0 } };
  guint n_lines = 0;
  int status = 0;

  if (program == NULL)
    {
      g_test_skip ("otf2-print (libotf2's tools) is not installed");
      return;
    }
  argv[0] = program;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);

  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 location, time;
      guint stream;
      char *p;

      if (!g_str_has_prefix (lines[i], "METRIC "))
        continue;
      p = lines[i] + strlen ("METRIC");
      location = g_ascii_strtoull (p, &p, 10);
      time = g_ascii_strtoull (p, &p, 10);
      stream = stream_of_location (trace, location);
      g_assert_cmpuint (stream, <, G_N_ELEMENTS (next));
      for (guint m = 0; m < G_N_ELEMENTS (papi_names); m++)
        {
          g_autofree char *key = g_strdup_printf ("(\"%s\" <%u>; UINT64; ", papi_names[m], m);
          char *at = strstr (p, key);
          JxMetricSeries series;
          guint32 metric = jx_trace_find_metric (trace, papi_names[m]);

          g_assert_nonnull (at);
          g_assert_true (jx_trace_get_metric_series (trace, stream, metric, &series));
          g_assert_cmpuint (next[stream][m], <, series.n);
          g_assert_cmpuint (series.time[next[stream][m]], ==, time);
          g_assert_cmpuint (series.value[next[stream][m]].u, ==,
                            g_ascii_strtoull (at + strlen (key), NULL, 10));
          next[stream][m]++;
        }
      n_lines++;
    }
  g_assert_cmpuint (n_lines, ==, 84);
  for (guint s = 0; s < jx_trace_get_n_streams (trace); s++)
    for (guint m = 0; m < G_N_ELEMENTS (papi_names); m++)
      {
        JxMetricSeries series;

        jx_trace_get_metric_series (trace, s, jx_trace_find_metric (trace, papi_names[m]), &series);
        g_assert_cmpuint (next[s][m], ==, series.n);
      }
}

static void
test_metrics_papi (void)
{
  g_autofree char *dir = jx_test_get_shared_trace ("pipit__ping-pong-otf2-papi");
  g_autofree char *anchor = g_build_filename (dir, "traces.otf2", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  JxMetricSeries series;
  const JxMetricDef *def;
  guint32 cycles;
  guint s0;
  double expected;

  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_get_n_metrics (trace), ==, 3);
  for (guint m = 0; m < 3; m++)
    {
      g_autofree char *mode = NULL;

      def = jx_trace_get_metric (trace, m);
      g_assert_cmpstr (def->name, ==, papi_names[m]);
      g_assert_cmpstr (def->unit, ==, "#");
      mode = jx_metric_mode_to_string (def->mode);
      g_assert_cmpstr (mode, ==, "accumulated-start");
      g_assert_cmpint (def->value_type, ==, JX_METRIC_VALUE_UINT64);
      g_assert_cmpuint (def->n_samples, ==, 84);
      g_assert_cmpuint (def->n_streams, ==, 2);
      g_assert_true (def->display_min >= 0 && def->display_min <= def->display_max);
    }
  g_assert_nonnull (strstr (jx_trace_get_metric (trace, 0)->description, "Total cycles"));
  g_assert_cmpuint (jx_trace_get_event_count (trace, JX_EVENT_METRIC), ==, 84);
  for (guint c = 0; c < JX_N_METRIC_CAVEATS; c++)
    g_assert_cmpuint (jx_trace_get_metric_caveat (trace, c), ==, 0);

  /* The first two samples of location 0, as otf2-print shows them. */
  cycles = jx_trace_find_metric (trace, "PAPI_TOT_CYC");
  s0 = stream_of_location (trace, 0);
  g_assert_true (jx_trace_get_metric_series (trace, s0, cycles, &series));
  g_assert_cmpuint (series.n, ==, 42);
  g_assert_cmpuint (series.time[0], ==, G_GUINT64_CONSTANT (7396895680158984));
  g_assert_cmpuint (series.value[0].u, ==, 98850);
  g_assert_cmpuint (series.time[1], ==, G_GUINT64_CONSTANT (7396895680197675));
  g_assert_cmpuint (series.value[1].u, ==, 122765);
  g_assert_cmpuint (series.value[41].u, ==, 96084888);
  /* Accumulated since the start: the rate over the first interval, per second. */
  expected = (122765.0 - 98850.0) * 2095191439.0 / (7396895680197675.0 - 7396895680158984.0);
  g_assert_cmpfloat_with_epsilon (series.display[0], expected, expected * 1e-9);
  g_assert_true (isnan (series.display[41]));
  g_assert_cmpuint (jx_metric_series_step_at (&series, series.time[0]), ==, 0);
  g_assert_cmpuint (jx_metric_series_step_at (&series, series.time[1] - 1), ==, 0);
  g_assert_cmpuint (jx_metric_series_step_at (&series, series.time[1]), ==, 1);
  g_assert_cmpuint (jx_metric_series_step_at (&series, series.time[41]), ==, JX_NONE);
  g_assert_cmpuint (jx_metric_series_step_at (&series, series.time[0] - 1), ==, JX_NONE);

  compare_with_otf2_print (trace, anchor);
}

/* A partial load keeps the samples inside its window (and of the selected
 * processes only), exactly those of the whole load. */
static void
test_metrics_partial (void)
{
  g_autofree char *dir = jx_test_get_shared_trace ("pipit__ping-pong-otf2-papi");
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) whole = jx_trace_load (dir, NULL, NULL, NULL, NULL, &error);
  g_autoptr(JxTrace) part = NULL;
  g_autoptr(JxTrace) one = NULL;
  JxTraceSelection *selection = jx_trace_selection_new ();
  JxLoadOptions options = { 0 };
  /* The ping-pong part: from 210 ms after the global offset on. */
  gint64 begin_ns = 210000000;
  guint64 begin;
  guint32 cycles;

  g_assert_no_error (error);
  begin = jx_trace_get_global_offset (whole) + (guint64) jx_trace_seconds_to_ticks (whole, begin_ns / 1e9);
  jx_trace_selection_set_window (selection, begin_ns, JX_WINDOW_OPEN_END);
  options.selection = selection;
  part = jx_trace_load (dir, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  cycles = jx_trace_find_metric (part, "PAPI_TOT_CYC");
  g_assert_cmpuint (cycles, !=, JX_NONE);
  for (guint s = 0; s < jx_trace_get_n_streams (whole); s++)
    {
      JxMetricSeries w, p;
      guint32 k = 0;

      g_assert_true (jx_trace_get_metric_series (whole, s, cycles, &w));
      g_assert_true (jx_trace_get_metric_series (part, s, cycles, &p));
      while (k < w.n && w.time[k] < begin)
        k++;
      g_assert_cmpuint (p.n, ==, w.n - k);
      g_assert_cmpuint (p.n, >, 0);
      for (guint32 j = 0; j < p.n; j++)
        {
          g_assert_cmpuint (p.time[j], ==, w.time[k + j]);
          g_assert_cmpuint (p.value[j].u, ==, w.value[k + j].u);
        }
    }
  jx_trace_selection_free (selection);

  /* Only the second process: its stream keeps its samples. */
  selection = jx_trace_selection_new ();
  jx_trace_selection_add_process (selection, 1);
  options.selection = selection;
  one = jx_trace_load (dir, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_get_n_streams (one), ==, 1);
  g_assert_cmpuint (jx_trace_get_metric (one, 0)->n_samples, ==, 42);
  g_assert_cmpuint (jx_trace_get_metric (one, 0)->n_streams, ==, 1);
  jx_trace_selection_free (selection);
}

/* The same trace without counters has none. */
static void
test_metrics_none (void)
{
  g_autofree char *dir = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = jx_trace_load (dir, NULL, NULL, NULL, NULL, &error);
  JxMetricSeries series;

  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_get_n_metrics (trace), ==, 0);
  g_assert_cmpuint (jx_trace_find_metric (trace, "PAPI_TOT_CYC"), ==, JX_NONE);
  g_assert_false (jx_trace_get_metric_series (trace, 0, 0, &series));
  g_assert_cmpuint (series.n, ==, 0);
}

static JxMetricValue
u64 (guint64 v)
{
  JxMetricValue value;

  value.u = v;
  return value;
}

static JxMetricValue
f64 (double v)
{
  JxMetricValue value;

  value.d = v;
  return value;
}

/* Each mode's displayed steps, conversions and caveats, on a trace built
 * in memory with a clock of 1000 ticks per second. */
static void
test_metrics_modes (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/nonexistent/modes.otf2", "modes", 1000);
  g_autoptr(JxTrace) trace = NULL;
  JxMetricSeries s;
  guint32 p, st, acc, last, next, absolute, temp;

  p = jx_trace_builder_add_process (b, "rank 0", JX_NONE);
  st = jx_trace_builder_add_stream (b, p, "thread", JX_STREAM_CPU_THREAD);
  acc = jx_trace_builder_add_metric (b, "cycles", "", "#", OTF2_METRIC_ACCUMULATED_START,
                                     JX_METRIC_VALUE_UINT64, OTF2_BASE_DECIMAL, 0);
  last = jx_trace_builder_add_metric (b, "bytes", "", "bytes", OTF2_METRIC_ACCUMULATED_LAST,
                                      JX_METRIC_VALUE_UINT64, OTF2_BASE_DECIMAL, 0);
  next = jx_trace_builder_add_metric (b, "kb", "", "bytes", OTF2_METRIC_ACCUMULATED_NEXT,
                                      JX_METRIC_VALUE_UINT64, OTF2_BASE_BINARY, 10);
  absolute = jx_trace_builder_add_metric (b, "power", "", "W", OTF2_METRIC_ABSOLUTE_POINT,
                                          JX_METRIC_VALUE_DOUBLE, OTF2_BASE_DECIMAL, 0);
  temp = jx_trace_builder_add_metric (b, "temp", "", "C", OTF2_METRIC_ABSOLUTE_LAST,
                                      JX_METRIC_VALUE_INT64, OTF2_BASE_DECIMAL, 0);

  /* cycles: 0, 100 after 0.1 s, 50 (a reset), 250 after 0.1 s. */
  jx_trace_builder_add_metric_sample (b, st, acc, 1000, JX_METRIC_VALUE_UINT64, u64 (0));
  jx_trace_builder_add_metric_sample (b, st, acc, 1100, JX_METRIC_VALUE_UINT64, u64 (100));
  jx_trace_builder_add_metric_sample (b, st, acc, 1200, JX_METRIC_VALUE_UINT64, u64 (50));
  jx_trace_builder_add_metric_sample (b, st, acc, 1300, JX_METRIC_VALUE_UINT64, u64 (250));
  jx_trace_builder_add_metric_sample (b, st, acc, 1250, JX_METRIC_VALUE_UINT64, u64 (300));
  for (guint i = 0; i < 3; i++)
    {
      jx_trace_builder_add_metric_sample (b, st, last, 1000 + 500 * i, JX_METRIC_VALUE_UINT64, u64 (10 * (i + 1)));
      jx_trace_builder_add_metric_sample (b, st, next, 1000 + 500 * i, JX_METRIC_VALUE_UINT64, u64 (10 * (i + 1)));
      jx_trace_builder_add_metric_sample (b, st, absolute, 1000 + 500 * i, JX_METRIC_VALUE_DOUBLE, f64 (1.5 * i));
    }
  /* A uint64 value for an int64 metric is converted. */
  jx_trace_builder_add_metric_sample (b, st, temp, 1000, JX_METRIC_VALUE_UINT64, u64 (40));
  jx_trace_builder_add_metric_sample (b, st, temp, 2000, JX_METRIC_VALUE_DOUBLE, f64 (-3.0));
  jx_trace_builder_count_metric_caveat (b, st, JX_METRIC_CAVEAT_UNKNOWN_REF);
  trace = jx_trace_builder_finish (b);

  g_assert_cmpuint (jx_trace_get_n_metrics (trace), ==, 5);
  g_assert_true (jx_trace_get_metric_series (trace, st, acc, &s));
  g_assert_cmpuint (s.n, ==, 4);
  g_assert_cmpfloat_with_epsilon (s.display[0], 1000.0, 1e-9);
  g_assert_true (isnan (s.display[1]));
  g_assert_cmpfloat_with_epsilon (s.display[2], 2000.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (jx_trace_get_metric (trace, acc)->display_max, 2000.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (jx_trace_get_metric (trace, acc)->display_min, 1000.0, 1e-9);
  g_assert_cmpuint (jx_trace_get_metric_caveat (trace, JX_METRIC_CAVEAT_DECREASE), ==, 1);
  g_assert_cmpuint (jx_trace_get_metric_caveat (trace, JX_METRIC_CAVEAT_BACKWARDS), ==, 1);
  g_assert_cmpuint (jx_trace_get_metric_caveat (trace, JX_METRIC_CAVEAT_VALUE_TYPE), ==, 2);
  g_assert_cmpuint (jx_trace_get_metric_caveat (trace, JX_METRIC_CAVEAT_UNKNOWN_REF), ==, 1);

  /* Accumulated up to the sample: sample k + 1 over step k, per second. */
  g_assert_true (jx_trace_get_metric_series (trace, st, last, &s));
  g_assert_cmpfloat_with_epsilon (s.display[0], 40.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.display[1], 60.0, 1e-9);
  /* Accumulated from the sample on, in units of 2^10. */
  g_assert_true (jx_trace_get_metric_series (trace, st, next, &s));
  g_assert_cmpfloat_with_epsilon (s.display[0], 20.0 * 1024, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.display[1], 40.0 * 1024, 1e-9);
  /* Held values. */
  g_assert_true (jx_trace_get_metric_series (trace, st, absolute, &s));
  g_assert_cmpfloat_with_epsilon (s.display[0], 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.display[1], 1.5, 1e-9);
  g_assert_true (jx_trace_get_metric_series (trace, st, temp, &s));
  g_assert_cmpint (s.value[0].i, ==, 40);
  g_assert_cmpint (s.value[1].i, ==, -3);
  g_assert_cmpfloat_with_epsilon (s.display[0], -3.0, 1e-9);

  {
    g_autofree char *unit_acc = jx_metric_def_display_unit (jx_trace_get_metric (trace, acc));
    g_autofree char *unit_abs = jx_metric_def_display_unit (jx_trace_get_metric (trace, absolute));
    g_autofree char *text = jx_metric_format_value (1.234e9, "/s");
    g_autofree char *small = jx_metric_format_value (0.5, "W");
    g_autofree char *slow = jx_metric_format_value (500, "/s");

    g_assert_cmpstr (unit_acc, ==, "/s");
    g_assert_cmpstr (unit_abs, ==, "W");
    g_assert_cmpstr (text, ==, "1.23 G/s");
    g_assert_cmpstr (small, ==, "0.5 W");
    g_assert_cmpstr (slow, ==, "500/s");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/metrics/papi", test_metrics_papi);
  g_test_add_func ("/model/metrics/partial", test_metrics_partial);
  g_test_add_func ("/model/metrics/none", test_metrics_none);
  g_test_add_func ("/model/metrics/modes", test_metrics_modes);

  return g_test_run ();
}
