/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trend-study.c — scaling studies (jx-trend-run.h, jx-trend-study.h)
 * on generated runs whose functions follow known laws (jx-gen-laws.c):
 * the aggregates against the flat profile, recursion, the laws and their
 * ranking recovered at 5 and 8 scales, ±5 % jitter, seed 004's examples
 * (the all-to-all transpose first with exponent 2, the "missing immutable"
 * get linear with a large coefficient), repetitions, parameters from
 * folder names and CSV files, the study's errors and notes, shares,
 * Extra-P's JSON Lines, and the real TraceR runs (two points). */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <otf2/otf2.h>

#include "jx-profile.h"
#include "jx-test-study.h"
#include "jx-test-util.h"
#include "jx-trace-builder.h"
#include "jx-trace-loader.h"
#include "jx-trend-load.h"
#include "jx-trend-study.h"

static GPtrArray *
load_runs (char **paths)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *runs = jx_trend_load_runs ((const char * const *) paths, g_strv_length (paths), NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (runs);
  for (guint i = 0; i < runs->len; i++)
    g_assert_null (jx_trend_run_get_error (g_ptr_array_index (runs, i)));
  return runs;
}

static JxTrendStudy *
compute (GPtrArray            *runs,
         const JxTrendOptions *options)
{
  g_autoptr(GError) error = NULL;
  JxTrendStudy *study = jx_trend_study_new ((JxTrendRun * const *) runs->pdata, runs->len);

  g_assert_true (jx_trend_study_compute (study, options, NULL, &error));
  g_assert_no_error (error);
  return study;
}

static const JxTrendSeries *
series (JxTrendStudy   *study,
        JxTrendKeyKind  kind,
        const char     *name,
        JxTrendMeasure  measure)
{
  gint i = jx_trend_study_find_series (study, kind, name, measure);

  if (i < 0)
    g_error ("no series %s for %s", name, jx_trend_measure_to_string (measure));
  return jx_trend_study_get_series (study, i);
}

/* The generator's laws, in jx-gen-laws.c: the class and exponent they must
 * come back as. */
static void
assert_law (const JxTrendSeries *s,
            const char          *class,
            double               exponent,
            guint                log_exponent)
{
  g_autofree char *text = jx_trend_model_format (&s->model, "p", JX_TREND_UNIT_COUNT);

  g_test_message ("%s %s: %s (%s, cv %.2f %%)", s->name, jx_trend_measure_to_string (s->measure), text,
                  jx_trend_model_class (&s->model), s->model.cv_smape);
  if (g_str_equal (class, "power law"))
    g_assert_true (g_str_equal (jx_trend_model_class (&s->model), "power law")
                   || g_str_equal (jx_trend_model_class (&s->model), "polynomial"));
  else
    g_assert_cmpstr (jx_trend_model_class (&s->model), ==, class);
  g_assert_cmpfloat (fabs (s->model.exponent - exponent), <=, 0.1);
  g_assert_cmpuint (s->model.log_exponent, ==, log_exponent);
}

/* --- one run: the aggregates ---------------------------------------------------- */

static void
test_run_aggregates (void)
{
  static const guint ranks[] = { 4, 0 };
  JxTestStudy st = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *anchor = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxTrendRun) run = NULL;
  g_autofree JxRegionStats *stats = NULL;
  double processes = 4;

  jx_test_study_generate (&st, "scaling", ranks, 10, 0.0, 7);
  anchor = g_build_filename (st.runs[0], "traces.otf2", NULL);
  trace = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  run = jx_trend_run_new (trace, st.runs[0], NULL, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (jx_trend_run_get_n_processes (run), ==, 4);
  g_assert_cmpstr (jx_trend_run_get_folder (run), ==, "p4");
  {
    double p = 0;
    JxTrendSource source = JX_TREND_SOURCE_USER;

    g_assert_true (jx_trend_run_get_param (run, "p", &p, &source));
    g_assert_cmpfloat (p, ==, 4.0);
    /* "p4" says what the trace says: it stays the trace's value. */
    g_assert_cmpint (source, ==, JX_TREND_SOURCE_TRACE);
  }

  /* The laws' counts: 10 iterations · 40 · p, spread evenly. */
  g_assert_cmpfloat (jx_trend_run_get_function_value (run, "work_linear", JX_TREND_MEASURE_COUNT), ==, 1600.0);
  g_assert_cmpfloat (jx_trend_run_get_function_value (run, "work_linear", JX_TREND_MEASURE_COUNT_MAX), ==, 400.0);
  g_assert_cmpfloat (jx_trend_run_get_function_value (run, "work_linear", JX_TREND_MEASURE_COUNT_MEAN), ==, 400.0);
  g_assert_cmpfloat (jx_trend_run_get_function_value (run, "work_constant", JX_TREND_MEASURE_COUNT), ==, 2000.0);
  /* MPI_Isend: 2 halo sends per rank and iteration, p² in the transpose. */
  g_assert_cmpfloat (jx_trend_run_get_function_value (run, "MPI_Isend", JX_TREND_MEASURE_COUNT), ==,
                     10 * (2 * 4 + 4 * 4));
  g_assert_cmpfloat (jx_trend_run_get_function_value (run, "no_such_function", JX_TREND_MEASURE_COUNT), ==, 0.0);

  /* Every function's count, inclusive and exclusive time as the flat
   * profile has them (no recursion here, so inclusive times agree). */
  stats = jx_profile_compute_region_stats (trace, NULL, 0, 0, G_MAXUINT64);
  for (guint r = 0; r < jx_trace_get_n_regions (trace); r++)
    {
      const char *name = jx_trace_get_region (trace, r)->name;
      double seconds = 1.0 / jx_trace_get_timer_resolution (trace);

      g_assert_cmpfloat (jx_trend_run_get_function_value (run, name, JX_TREND_MEASURE_COUNT), ==, stats[r].count);
      g_assert_cmpfloat_with_epsilon (jx_trend_run_get_function_value (run, name, JX_TREND_MEASURE_INCL),
                                      stats[r].inclusive * seconds, 1e-12);
      g_assert_cmpfloat_with_epsilon (jx_trend_run_get_function_value (run, name, JX_TREND_MEASURE_EXCL),
                                      stats[r].exclusive * seconds, 1e-12);
      g_assert_cmpfloat_with_epsilon (jx_trend_run_get_function_value (run, name, JX_TREND_MEASURE_EXCL_MEAN),
                                      stats[r].exclusive * seconds / processes, 1e-12);
    }

  /* Per process maxima: the profile of each process alone. */
  {
    double max_excl = 0.0;

    for (guint p = 0; p < jx_trace_get_n_processes (trace); p++)
      {
        const JxProcess *process = jx_trace_get_process (trace, p);
        g_autofree guint32 *streams = g_new (guint32, process->n_streams);
        g_autofree JxRegionStats *mine = NULL;
        guint32 r = jx_trace_find_region (trace, "transpose_alltoall");

        for (guint k = 0; k < process->n_streams; k++)
          streams[k] = process->first_stream + k;
        mine = jx_profile_compute_region_stats (trace, streams, process->n_streams, 0, G_MAXUINT64);
        max_excl = MAX (max_excl, (double) mine[r].exclusive / jx_trace_get_timer_resolution (trace));
      }
    g_assert_cmpfloat_with_epsilon (jx_trend_run_get_function_value (run, "transpose_alltoall",
                                                                     JX_TREND_MEASURE_EXCL_MAX),
                                    max_excl, 1e-12);
  }

  /* The dominant function's SOS time is there, and only for it. */
  g_assert_nonnull (jx_trend_run_get_sos_function (run));
  g_assert_cmpfloat (jx_trend_run_get_function_value (run, jx_trend_run_get_sos_function (run), JX_TREND_MEASURE_SOS),
                     >, 0.0);
  g_assert_true (isnan (jx_trend_run_get_function_value (run, "work_linear", JX_TREND_MEASURE_SOS)));
  g_assert_cmpuint (jx_trend_run_get_memory_size (run), <, jx_trace_get_memory_size (trace) / 10);

  jx_test_study_clear (&st);
}

/* A recursive function's inclusive time counts once (outermost calls), its
 * call paths tell the levels apart; built in memory. */
static void
test_recursion (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/nowhere/p2/traces.otf2", "recursion", 1000000000);
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxTrendRun) run = NULL;
  g_autoptr(GError) error = NULL;
  guint32 main_r, f, process, stream;

  main_r = jx_trace_builder_add_region (b, "main", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
  f = jx_trace_builder_add_region (b, "f", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
  process = jx_trace_builder_add_process (b, "rank 0", JX_NONE);
  stream = jx_trace_builder_add_stream (b, process, "thread", JX_STREAM_CPU_THREAD);
  /* main [0, 100): f [10, 60) → f [20, 40) → f [25, 30) */
  jx_trace_builder_enter (b, stream, 0, main_r);
  jx_trace_builder_enter (b, stream, 10, f);
  jx_trace_builder_enter (b, stream, 20, f);
  jx_trace_builder_enter (b, stream, 25, f);
  jx_trace_builder_leave (b, stream, 30, f);
  jx_trace_builder_leave (b, stream, 40, f);
  jx_trace_builder_leave (b, stream, 60, f);
  jx_trace_builder_leave (b, stream, 100, main_r);
  trace = jx_trace_builder_finish (b);

  run = jx_trend_run_new (trace, "/nowhere/p2", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (jx_trend_run_get_function_value (run, "f", JX_TREND_MEASURE_COUNT), ==, 3.0);
  g_assert_cmpfloat_with_epsilon (jx_trend_run_get_function_value (run, "f", JX_TREND_MEASURE_INCL), 50e-9, 1e-15);
  g_assert_cmpfloat_with_epsilon (jx_trend_run_get_function_value (run, "f", JX_TREND_MEASURE_EXCL), 50e-9, 1e-15);
  g_assert_cmpfloat_with_epsilon (jx_trend_run_get_function_value (run, "main", JX_TREND_MEASURE_EXCL), 50e-9, 1e-15);
  g_assert_cmpuint (jx_trend_run_get_n_paths (run), ==, 4);
  /* f is entered more than twice per process and more than once on the
   * stream: the dominant function, the segments its outermost call. */
  g_assert_cmpstr (jx_trend_run_get_sos_function (run), ==, "f");
  g_assert_cmpfloat_with_epsilon (jx_trend_run_get_function_value (run, "f", JX_TREND_MEASURE_SOS), 50e-9, 1e-15);
}

/* --- the laws ----------------------------------------------------------------- */

static void
check_scaling_study (const guint *ranks,
                     double       jitter,
                     guint32      seed)
{
  JxTestStudy st = { 0 };
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(JxTrendStudy) study = NULL;
  g_autoptr(GArray) ranked = NULL;
  JxTrendOptions options;
  guint n = 0;

  while (ranks[n] != 0)
    n++;
  jx_test_study_generate (&st, "scaling", ranks, 6, jitter, seed);
  runs = load_runs (st.runs);
  jx_trend_options_init (&options);
  options.measures = (1u << JX_TREND_MEASURE_COUNT) | (1u << JX_TREND_MEASURE_EXCL);
  options.paths = TRUE;
  study = compute (runs, &options);

  g_assert_cmpstr (jx_trend_study_get_parameter (study), ==, "p");
  g_assert_cmpuint (jx_trend_study_get_n_x (study), ==, n);
  g_assert_cmpint (jx_trend_study_get_status (study), ==,
                   n >= 5 ? JX_TREND_STATUS_OK : JX_TREND_STATUS_LOW_CONFIDENCE);

  for (JxTrendMeasure m = JX_TREND_MEASURE_COUNT; m <= JX_TREND_MEASURE_EXCL; m += JX_TREND_MEASURE_EXCL)
    {
      assert_law (series (study, JX_TREND_KEY_FUNCTION, "work_linear", m), "linear", 1.0, 0);
      assert_law (series (study, JX_TREND_KEY_FUNCTION, "work_p1_5", m), "power law", 1.5, 0);
      assert_law (series (study, JX_TREND_KEY_FUNCTION, "work_log2", m), "logarithmic", 0.0, 1);
      assert_law (series (study, JX_TREND_KEY_FUNCTION, "work_constant", m), "constant", 0.0, 0);
    }
  /* The all-to-all: p² messages per iteration. */
  assert_law (series (study, JX_TREND_KEY_PATH, "main->iteration->transpose_alltoall->MPI_Isend",
                      JX_TREND_MEASURE_COUNT),
              "polynomial", 2.0, 0);

  /* Seed 004's order: steepest first, then the coefficient. */
  ranked = jx_trend_study_get_ranking (study, JX_TREND_MEASURE_COUNT, 1u << JX_TREND_KEY_FUNCTION);
  {
    gint at[4] = { -1, -1, -1, -1 };
    static const char *const order[] = { "work_p1_5", "work_linear", "work_log2", "work_constant" };

    for (guint r = 0; r < ranked->len; r++)
      for (guint k = 0; k < 4; k++)
        if (g_str_equal (jx_trend_study_get_series (study, g_array_index (ranked, guint, r))->name, order[k]))
          at[k] = (gint) r;
    for (guint k = 0; k + 1 < 4; k++)
      g_assert_cmpint (at[k], <, at[k + 1]);
    /* Only the halo and transpose sends and receives (p² + 2p) grow faster. */
    g_assert_cmpint (at[0], <=, 2);
  }
  g_array_unref (g_steal_pointer (&ranked));
  ranked = jx_trend_study_get_ranking (study, JX_TREND_MEASURE_COUNT, 1u << JX_TREND_KEY_PATH);
  for (guint r = 0; r < 2; r++)
    {
      const JxTrendSeries *s = jx_trend_study_get_series (study, g_array_index (ranked, guint, r));

      g_assert_true (g_str_has_prefix (s->name, "main->iteration->transpose_alltoall->MPI_I"));
      g_assert_cmpuint (s->rank, ==, r + 1);
    }
  jx_test_study_clear (&st);
}

static void
test_laws_5 (void)
{
  static const guint ranks[] = { 2, 4, 8, 16, 32, 0 };

  check_scaling_study (ranks, 0.0, 1);
}

static void
test_laws_8 (void)
{
  static const guint ranks[] = { 2, 3, 4, 6, 8, 12, 16, 32, 0 };

  check_scaling_study (ranks, 0.0, 1);
}

/* ±5 % jitter on every law's calls: the classes hold. */
static void
test_laws_noise (void)
{
  static const guint five[] = { 2, 4, 8, 16, 32, 0 };
  static const guint eight[] = { 2, 3, 4, 6, 8, 12, 16, 32, 0 };

  for (guint32 seed = 100; seed < 103; seed++)
    {
      check_scaling_study (five, 0.05, seed);
      check_scaling_study (eight, 0.05, seed);
    }
}

/* Seed 004, Table 1 on generated runs at 4, 8, 16 and 32 processes: the
 * FFT transpose's gets and puts first with exponent 2, the mailbox put
 * next (p², smaller coefficient), then the get of the missing "immutable"
 * — linear, with the largest coefficient of all linear trends — above the
 * fluid slab put. */
static void
test_paper (void)
{
  static const guint ranks[] = { 4, 8, 16, 32, 0 };
  static const char *const order[] = {
    "main->iteration->fft_transpose->MPI_Irecv", "main->iteration->fft_transpose->MPI_Isend",
    "main->iteration->mailbox_put", "main->iteration->metis_get", "main->iteration->fluidslab_put",
  };
  JxTestStudy st = { 0 };
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(JxTrendStudy) study = NULL;
  g_autoptr(GArray) ranked = NULL;
  JxTrendOptions options;
  const JxTrendSeries *metis, *slab;
  guint next = 0;

  jx_test_study_generate (&st, "paper", ranks, 10, 0.0, 3);
  runs = load_runs (st.runs);
  jx_trend_options_init (&options);
  options.paths = TRUE;
  study = compute (runs, &options);
  g_assert_cmpint (jx_trend_study_get_status (study), ==, JX_TREND_STATUS_LOW_CONFIDENCE);

  ranked = jx_trend_study_get_ranking (study, JX_TREND_MEASURE_COUNT, 1u << JX_TREND_KEY_PATH);
  for (guint r = 0; r < ranked->len && next < G_N_ELEMENTS (order); r++)
    {
      const JxTrendSeries *s = jx_trend_study_get_series (study, g_array_index (ranked, guint, r));

      if (s->category != JX_CATEGORY_MPI)
        continue;
      g_test_message ("%u %s", r + 1, s->name);
      g_assert_cmpstr (s->name, ==, order[next]);
      if (next < 2)
        {
          g_assert_cmpuint (r, ==, next);
          g_assert_cmpfloat_with_epsilon (s->model.exponent, 2.0, 1e-9);
        }
      next++;
    }
  g_assert_cmpuint (next, ==, G_N_ELEMENTS (order));

  metis = series (study, JX_TREND_KEY_FUNCTION, "metis_get", JX_TREND_MEASURE_COUNT);
  slab = series (study, JX_TREND_KEY_FUNCTION, "fluidslab_put", JX_TREND_MEASURE_COUNT);
  g_assert_cmpstr (jx_trend_model_class (&metis->model), ==, "linear");
  g_assert_cmpfloat_with_epsilon (metis->model.b, 10 * 300.0, 1e-6);
  g_assert_cmpstr (jx_trend_model_class (&slab->model), ==, "linear");
  g_assert_cmpfloat (metis->model.b, >, 50 * slab->model.b);
  g_assert_cmpuint (metis->rank, <, slab->rank);
  jx_test_study_clear (&st);
}

/* --- repetitions, shares, SOS, Extra-P ---------------------------------------------- */

static void
test_repetitions (void)
{
  static const guint ranks[] = { 2, 2, 4, 4, 8, 8, 0 };
  JxTestStudy st = { 0 };
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(JxTrendStudy) study = NULL;
  const JxTrendSeries *s;
  JxTrendOptions options;

  /* Two runs per process count, "p2" and "p2.r2". */
  jx_test_study_generate (&st, "scaling", ranks, 4, 0.05, 20);
  runs = load_runs (st.runs);
  jx_trend_options_init (&options);
  options.measures = JX_TREND_ALL_MEASURES;
  options.at = 64;
  study = compute (runs, &options);

  g_assert_cmpuint (jx_trend_study_get_n_x (study), ==, 3);
  g_assert_cmpint (jx_trend_study_get_status (study), ==, JX_TREND_STATUS_LOW_CONFIDENCE);
  s = series (study, JX_TREND_KEY_FUNCTION, "work_linear", JX_TREND_MEASURE_COUNT);
  for (guint k = 0; k < 3; k++)
    {
      double a = NAN, b = NAN;

      g_assert_cmpuint (s->n_values[k], ==, 2);
      for (guint i = 0; i < runs->len; i++)
        if (jx_trend_study_get_run_x (study, i) == jx_trend_study_get_x (study)[k])
          {
            if (isnan (a))
              a = s->values[i];
            else
              b = s->values[i];
          }
      g_assert_cmpfloat (s->median[k], ==, (a + b) / 2);
      g_assert_cmpfloat (s->min[k], ==, MIN (a, b));
      g_assert_cmpfloat (s->max[k], ==, MAX (a, b));
    }
  {
    gboolean said = FALSE;

    for (guint i = 0; i < jx_trend_study_get_n_notes (study); i++)
      said = said || strstr (jx_trend_study_get_note (study, i), "repetitions") != NULL;
    g_assert_true (said);
  }

  /* Shares of the exclusive time add up to the runtime at x = 64. */
  for (JxTrendMeasure m = JX_TREND_MEASURE_EXCL; m <= JX_TREND_MEASURE_EXCL_MAX; m++)
    {
      double sum = 0.0;

      for (guint i = 0; i < jx_trend_study_get_n_series (study); i++)
        {
          const JxTrendSeries *t = jx_trend_study_get_series (study, i);

          if (t->kind == JX_TREND_KEY_FUNCTION && t->measure == m && isfinite (t->share))
            sum += t->share;
        }
      g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
    }
  /* Count measures have no share. */
  g_assert_true (isnan (s->share));
  g_assert_true (isfinite (s->prediction));

  /* SOS measures of the dominant function. */
  g_assert_nonnull (jx_trend_study_get_sos_function (study));
  s = series (study, JX_TREND_KEY_FUNCTION, jx_trend_study_get_sos_function (study), JX_TREND_MEASURE_SOS_MAX);
  g_assert_cmpfloat (s->median[0], >, 0.0);
  jx_test_study_clear (&st);
}

static void
test_extrap (void)
{
  static const guint ranks[] = { 2, 4, 8, 0 };
  JxTestStudy st = { 0 };
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(JxTrendStudy) study = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_lines = 0, expected = 0;
  JxTrendOptions options;

  jx_test_study_generate (&st, "scaling", ranks, 4, 0.0, 5);
  runs = load_runs (st.runs);
  jx_trend_options_init (&options);
  options.paths = TRUE;
  study = compute (runs, &options);
  g_assert_true (jx_trend_study_write_extrap (study, 1u << JX_TREND_KEY_PATH, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  text = g_strndup (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                    g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)));
  for (guint i = 0; i < jx_trend_study_get_n_series (study); i++)
    if (jx_trend_study_get_series (study, i)->kind == JX_TREND_KEY_PATH)
      expected += 3;

  lines = g_strsplit (text, "\n", -1);
  for (guint l = 0; lines[l] != NULL; l++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      JsonObject *object, *params;
      JsonArray *values;

      if (lines[l][0] == '\0')
        continue;
      n_lines++;
      g_assert_true (json_parser_load_from_data (parser, lines[l], -1, &error));
      g_assert_no_error (error);
      object = json_node_get_object (json_parser_get_root (parser));
      params = json_object_get_object_member (object, "params");
      g_assert_cmpuint (json_object_get_size (params), ==, 1);
      g_assert_true (json_object_has_member (params, "p"));
      g_assert_true (json_object_has_member (object, "callpath"));
      g_assert_true (json_object_has_member (object, "metric"));
      values = json_object_get_array_member (object, "value");
      g_assert_cmpuint (json_array_get_length (values), ==, 1);
      if (g_str_equal (json_object_get_string_member (object, "callpath"), "main->iteration->work_linear")
          && g_str_equal (json_object_get_string_member (object, "metric"), "count"))
        g_assert_cmpfloat (json_array_get_double_element (values, 0), ==,
                           4 * 40 * json_object_get_int_member (params, "p"));
    }
  g_assert_cmpuint (n_lines, ==, expected);
  jx_test_study_clear (&st);
}

/* --- parameters ---------------------------------------------------------------- */

static void
assert_folder (const char         *folder,
               const char * const *names,
               const double       *values)
{
  g_autoptr(GArray) found = NULL;
  g_auto(GStrv) parsed = jx_trend_parse_folder_name (folder, &found);

  g_assert_cmpuint (g_strv_length (parsed), ==, g_strv_length ((GStrv) names));
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_assert_cmpstr (parsed[i], ==, names[i]);
      g_assert_cmpfloat (g_array_index (found, double, i), ==, values[i]);
    }
}

static void
test_folder_names (void)
{
  static const char *none[] = { NULL };

  /* Extra-P's Cube folders: prefix, pairs, repetition. */
  assert_folder ("mm.x1000y1z1.r1", (const char *[]) { "x", "y", "z", NULL }, (double[]) { 1000, 1, 1 });
  assert_folder ("x1.5", (const char *[]) { "x", NULL }, (double[]) { 1.5 });
  assert_folder ("run_n=100_p64", (const char *[]) { "n", "p", NULL }, (double[]) { 100, 64 });
  assert_folder ("scorep-lulesh,size=30.r2", (const char *[]) { "size", NULL }, (double[]) { 30 });
  assert_folder ("p64.r2", (const char *[]) { "p", NULL }, (double[]) { 64 });
  /* Tokens with letters after the digits, bare numbers, words: nothing. */
  assert_folder ("TraceR__stencil4d-32", none, NULL);
  assert_folder ("casita__1_xeonphi_jacobi_01", none, NULL);
  assert_folder ("n=1e3", none, NULL);
  assert_folder ("", none, NULL);
}

/* Runs whose folders carry n=…, at one process count: n is modelled; with
 * p varying too, the study asks which one. */
static void
test_parameter_choice (void)
{
  static const guint n_values[] = { 100, 200, 400 };
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) paths = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GError) error = NULL;

  for (guint k = 0; k < 3; k++)
    {
      g_autofree char *name = g_strdup_printf ("lulesh_n=%u", n_values[k]);
      g_autofree char *run = g_build_filename (dir, name, NULL);
      JxGeneratorOptions options;

      jx_generator_options_init (&options);
      options.seed = 40 + k;
      options.n_ranks = 2 + k;
      options.n_iterations = 3;
      options.depth = 2;
      g_assert_cmpuint (jx_generate_trace (run, &options, &error), >, 0);
      g_strv_builder_add (builder, run);
    }
  paths = g_strv_builder_end (builder);
  runs = load_runs (paths);

  {
    g_autoptr(JxTrendStudy) study = jx_trend_study_new ((JxTrendRun * const *) runs->pdata, runs->len);

    g_assert_false (jx_trend_study_compute (study, NULL, NULL, &error));
    g_assert_error (error, JX_TREND_ERROR, JX_TREND_ERROR_AMBIGUOUS);
    g_assert_nonnull (strstr (error->message, "p, n"));
    g_clear_error (&error);
  }
  {
    g_autoptr(JxTrendStudy) study = NULL;
    JxTrendOptions options;

    jx_trend_options_init (&options);
    options.parameter = "n";
    study = compute (runs, &options);
    g_assert_cmpstr (jx_trend_study_get_parameter (study), ==, "n");
    g_assert_cmpint (jx_trend_study_get_parameter_source (study), ==, JX_TREND_SOURCE_FOLDER);
    g_assert_cmpfloat (jx_trend_study_get_x (study)[2], ==, 400);
  }
  {
    g_autoptr(JxTrendStudy) study = NULL;
    JxTrendOptions options;

    jx_trend_options_init (&options);
    options.parameter = "size";
    study = jx_trend_study_new ((JxTrendRun * const *) runs->pdata, runs->len);
    g_assert_false (jx_trend_study_compute (study, &options, NULL, &error));
    g_assert_error (error, JX_TREND_ERROR, JX_TREND_ERROR_NO_PARAMETER);
    g_clear_error (&error);
  }

  /* A parameter file: values by folder name and by path; mistakes named. */
  {
    g_autofree char *csv = g_build_filename (dir, "params.csv", NULL);
    g_autofree char *text = g_strdup_printf ("# the runs of the study\nrun,size\n\"%s\",8\nlulesh_n=100,2\r\nlulesh_n=200,4\n",
                                             paths[2]);
    g_autoptr(JxTrendStudy) study = NULL;
    double value = 0;
    JxTrendSource source;

    g_assert_true (g_file_set_contents (csv, text, -1, NULL));
    g_assert_true (jx_trend_params_read_csv (csv, (JxTrendRun * const *) runs->pdata, runs->len, &error));
    g_assert_no_error (error);
    g_assert_true (jx_trend_run_get_param (g_ptr_array_index (runs, 2), "size", &value, &source));
    g_assert_cmpfloat (value, ==, 8);
    g_assert_cmpint (source, ==, JX_TREND_SOURCE_USER);
    /* The one user-given parameter is the one modelled. */
    study = compute (runs, NULL);
    g_assert_cmpstr (jx_trend_study_get_parameter (study), ==, "size");

    g_assert_true (g_file_set_contents (csv, "run,size\nlulesh_n=100,2\nlulesh_n=200,4\n", -1, NULL));
    g_assert_false (jx_trend_params_read_csv (csv, (JxTrendRun * const *) runs->pdata, runs->len, &error));
    g_assert_nonnull (strstr (error->message, "no row for"));
    g_clear_error (&error);
    g_assert_true (g_file_set_contents (csv, "run,size\nlulesh_n=999,2\n", -1, NULL));
    g_assert_false (jx_trend_params_read_csv (csv, (JxTrendRun * const *) runs->pdata, runs->len, &error));
    g_assert_nonnull (strstr (error->message, ":2: no run is"));
    g_clear_error (&error);
    g_assert_true (g_file_set_contents (csv, "run,size\nlulesh_n=100,big\n", -1, NULL));
    g_assert_false (jx_trend_params_read_csv (csv, (JxTrendRun * const *) runs->pdata, runs->len, &error));
    g_assert_nonnull (strstr (error->message, "is no number"));
    g_clear_error (&error);
    g_assert_true (g_file_set_contents (csv, "size,run\n", -1, NULL));
    g_assert_false (jx_trend_params_read_csv (csv, (JxTrendRun * const *) runs->pdata, runs->len, &error));
    g_assert_nonnull (strstr (error->message, ":1: the first line"));
    g_clear_error (&error);
    g_assert_true (g_file_set_contents (csv, "run,a,a\n", -1, NULL));
    g_assert_false (jx_trend_params_read_csv (csv, (JxTrendRun * const *) runs->pdata, runs->len, &error));
    g_assert_nonnull (strstr (error->message, "named twice"));
    g_clear_error (&error);
  }

  /* Values must be positive. */
  {
    g_autoptr(JxTrendStudy) study = NULL;
    JxTrendOptions options;

    jx_trend_run_set_param (g_ptr_array_index (runs, 0), "size", 0.0, JX_TREND_SOURCE_USER);
    jx_trend_options_init (&options);
    options.parameter = "size";
    study = jx_trend_study_new ((JxTrendRun * const *) runs->pdata, runs->len);
    g_assert_false (jx_trend_study_compute (study, &options, NULL, &error));
    g_assert_error (error, JX_TREND_ERROR, JX_TREND_ERROR_BAD_VALUE);
    g_assert_nonnull (strstr (error->message, paths[0]));
  }
  jx_test_remove_tree (dir);
}

/* --- bad input ------------------------------------------------------------------- */

static JxTrace *
tiny_trace (const char *path,
            const char *function)
{
  JxTraceBuilder *b = jx_trace_builder_new (path, "tiny", 1000000000);
  guint32 r = jx_trace_builder_add_region (b, function, OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
  guint32 process = jx_trace_builder_add_process (b, "rank 0", JX_NONE);
  guint32 stream = jx_trace_builder_add_stream (b, process, "thread", JX_STREAM_CPU_THREAD);

  jx_trace_builder_enter (b, stream, 0, r);
  jx_trace_builder_leave (b, stream, 10, r);
  return jx_trace_builder_finish (b);
}

static void
test_bad_input (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) load_error = g_error_new_literal (JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND, "no such trace");
  g_autoptr(JxTrace) a = tiny_trace ("/x/p1/traces.otf2", "alpha");
  g_autoptr(JxTrace) b = tiny_trace ("/x/p2/traces.otf2", "beta");
  JxTrendRun *runs[3];

  /* Runs of different programs: nothing in common. */
  runs[0] = jx_trend_run_new (a, "/x/p1", NULL, NULL, &error);
  runs[1] = jx_trend_run_new (b, "/x/p2", NULL, NULL, &error);
  runs[2] = jx_trend_run_new_failed ("/x/missing", load_error);
  {
    g_autoptr(JxTrendStudy) study = jx_trend_study_new (runs, 3);
    gboolean said = FALSE;

    g_assert_false (jx_trend_study_compute (study, NULL, NULL, &error));
    g_assert_error (error, JX_TREND_ERROR, JX_TREND_ERROR_NOTHING_IN_COMMON);
    g_clear_error (&error);
    /* The failed run is listed and left out. */
    g_assert_cmpuint (jx_trend_study_get_n_loaded (study), ==, 2);
    for (guint i = 0; i < jx_trend_study_get_n_notes (study); i++)
      said = said || strstr (jx_trend_study_get_note (study, i), "/x/missing could not be read") != NULL;
    g_assert_true (said);
  }
  /* Only failed runs: nothing to study. */
  {
    g_autoptr(JxTrendStudy) study = jx_trend_study_new (runs + 2, 1);

    g_assert_false (jx_trend_study_compute (study, NULL, NULL, &error));
    g_assert_error (error, JX_TREND_ERROR, JX_TREND_ERROR_NO_RUNS);
    g_clear_error (&error);
  }
  for (guint i = 0; i < 3; i++)
    jx_trend_run_unref (runs[i]);

  /* A missing path while loading: a failed run, the others load. */
  {
    g_autofree char *real = jx_test_get_shared_trace ("TraceR__stencil4d-32");
    const char *paths[] = { real, "/nonexistent/trace", NULL };
    g_autoptr(GPtrArray) loaded = jx_trend_load_runs (paths, 2, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_null (jx_trend_run_get_error (g_ptr_array_index (loaded, 0)));
    g_assert_nonnull (jx_trend_run_get_error (g_ptr_array_index (loaded, 1)));
  }
}

/* Real runs of different programs share few functions: the study says so. */
static void
test_different_programs (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autofree char *b = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  char *paths[] = { a, b, NULL };
  g_autoptr(GPtrArray) runs = load_runs (paths);
  g_autoptr(JxTrendStudy) study = compute (runs, NULL);
  gboolean said = FALSE;

  for (guint i = 0; i < jx_trend_study_get_n_notes (study); i++)
    said = said || strstr (jx_trend_study_get_note (study, i), "different programs") != NULL;
  g_assert_true (said);
  g_assert_cmpuint (jx_trend_study_get_n_common_functions (study), <, jx_trend_study_get_min_functions (study) / 2);
}

/* The TraceR stencil4d runs at 32 and 64 ranks: two points, no models,
 * the observations all there. */
static void
test_real_two_points (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autofree char *b = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  char *paths[] = { b, a, NULL };
  g_autoptr(GPtrArray) runs = load_runs (paths);
  g_autoptr(JxTrendStudy) study = NULL;
  const JxTrendSeries *send;
  JxTrendOptions options;

  jx_trend_options_init (&options);
  options.measures = JX_TREND_ALL_MEASURES;
  options.paths = TRUE;
  options.at = 4096;
  study = compute (runs, &options);
  g_assert_cmpint (jx_trend_study_get_status (study), ==, JX_TREND_STATUS_TOO_FEW_POINTS);
  g_assert_cmpuint (jx_trend_study_get_n_x (study), ==, 2);
  g_assert_cmpfloat (jx_trend_study_get_x (study)[0], ==, 32);
  g_assert_cmpfloat (jx_trend_study_get_run_x (study, 0), ==, 64);
  send = series (study, JX_TREND_KEY_FUNCTION, "MPI_Send", JX_TREND_MEASURE_COUNT);
  g_assert_cmpint (send->model.kind, ==, JX_TREND_MODEL_NONE);
  g_assert_cmpfloat (send->median[0], ==, 512);
  g_assert_cmpfloat (send->median[1], ==, 1024);
  g_assert_true (isnan (send->prediction));
  for (guint i = 0; i < jx_trend_study_get_n_series (study); i++)
    g_assert_cmpint (jx_trend_study_get_series (study, i)->model.kind, ==, JX_TREND_MODEL_NONE);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/trend/run-aggregates", test_run_aggregates);
  g_test_add_func ("/analysis/trend/recursion", test_recursion);
  g_test_add_func ("/analysis/trend/laws-5-scales", test_laws_5);
  g_test_add_func ("/analysis/trend/laws-8-scales", test_laws_8);
  g_test_add_func ("/analysis/trend/laws-noise", test_laws_noise);
  g_test_add_func ("/analysis/trend/paper-table1", test_paper);
  g_test_add_func ("/analysis/trend/repetitions-shares-sos", test_repetitions);
  g_test_add_func ("/analysis/trend/extrap", test_extrap);
  g_test_add_func ("/analysis/trend/folder-names", test_folder_names);
  g_test_add_func ("/analysis/trend/parameter-choice", test_parameter_choice);
  g_test_add_func ("/analysis/trend/bad-input", test_bad_input);
  g_test_add_func ("/analysis/trend/different-programs", test_different_programs);
  g_test_add_func ("/analysis/trend/real-two-points", test_real_two_points);
  return g_test_run ();
}
