/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trend-analysis.c — the scaling study of a session's traces
 * (jx-trend-analysis.h), as the Trends page uses it: nothing computed while
 * inactive or with fewer than three traces; the same ranking as a study of
 * the same runs read from disk (the CLI's path); values from the trace and
 * the folder name, the user's values overriding them and taken back; a
 * target; changes while computing; a trace that failed to load; the
 * highlight of a series in the session; a run's copy. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-test-session.h"
#include "jx-test-study.h"
#include "jx-test-util.h"
#include "jx-trend-analysis.h"
#include "jx-trend-load.h"

static const guint ranks[] = { 2, 4, 8, 16, 32, 0 };

static gboolean
is_settled (gpointer data)
{
  JxTrendAnalysisState state = jx_trend_analysis_get_state (data);

  return state != JX_TREND_ANALYSIS_RUNNING;
}

static void
wait_settled (JxTrendAnalysis *analysis)
{
  g_assert_true (jx_test_wait_until (is_settled, analysis, 120));
}

static JxSession *
open_study (JxTestStudy *st)
{
  JxSession *session = jx_session_new ();

  for (guint i = 0; st->runs[i] != NULL; i++)
    jx_session_add_path (session, st->runs[i]);
  jx_test_wait_for_loads (session);
  return session;
}

static const char *
top_of (JxTrendStudy   *study,
        JxTrendMeasure  measure)
{
  g_autoptr(GArray) ranking = jx_trend_study_get_ranking (study, measure, 1u << JX_TREND_KEY_FUNCTION);

  g_assert_cmpuint (ranking->len, >, 0);
  return jx_trend_study_get_series (study, g_array_index (ranking, guint, 0))->name;
}

/* The window's study is the CLI's: the same runs read from disk give the
 * same ranking and models; a copied run reads as the original. */
static void
test_same_as_cli (void)
{
  JxTestStudy st = { 0 };
  g_autoptr(JxSession) session = NULL;
  g_autoptr(JxTrendAnalysis) analysis = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(JxTrendStudy) direct = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) a = NULL;
  g_autoptr(GArray) b = NULL;
  JxTrendStudy *study;
  JxTrendOptions options;
  guint n_notify = 0;

  jx_test_study_generate (&st, "scaling", ranks, 4, 0.0, 21);
  session = open_study (&st);
  analysis = jx_trend_analysis_new (session);
  g_signal_connect (analysis, "notify::study", G_CALLBACK (jx_test_count_notify), &n_notify);
  g_assert_cmpuint (jx_trend_analysis_get_n_traces (analysis), ==, 5);

  /* Nothing while the page is not shown. */
  jx_test_spin (100);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_INACTIVE);
  g_assert_null (jx_trend_analysis_get_study (analysis));

  jx_trend_analysis_set_active (analysis, TRUE);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_RUNNING);
  wait_settled (analysis);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_DONE);
  g_assert_cmpfloat (jx_trend_analysis_get_fraction (analysis), ==, 1.0);
  g_assert_cmpuint (n_notify, ==, 1);
  study = jx_trend_analysis_get_study (analysis);
  g_assert_nonnull (study);
  g_assert_null (jx_trend_analysis_get_error (analysis));
  g_assert_cmpuint (jx_trend_study_get_n_runs (study), ==, 5);
  g_assert_cmpstr (jx_trend_study_get_parameter (study), ==, "p");
  g_assert_cmpint (jx_trend_study_get_status (study), ==, JX_TREND_STATUS_OK);
  g_assert_true (jx_trend_analysis_get_item (analysis, 0) == jx_test_item_at (session, 0));
  g_assert_true (jx_trend_analysis_get_item (analysis, 4) == jx_test_item_at (session, 4));
  g_assert_null (jx_trend_analysis_get_item (analysis, 5));

  runs = jx_trend_load_runs ((const char * const *) st.runs, 5, NULL, NULL, &error);
  g_assert_no_error (error);
  jx_trend_options_init (&options);
  options.measures = JX_TREND_ALL_MEASURES;
  direct = jx_trend_study_new ((JxTrendRun * const *) runs->pdata, runs->len);
  g_assert_true (jx_trend_study_compute (direct, &options, NULL, &error));
  for (JxTrendMeasure m = JX_TREND_MEASURE_COUNT; m <= JX_TREND_MEASURE_EXCL; m += JX_TREND_MEASURE_EXCL)
    {
      g_clear_pointer (&a, g_array_unref);
      g_clear_pointer (&b, g_array_unref);
      a = jx_trend_study_get_ranking (study, m, 1u << JX_TREND_KEY_FUNCTION);
      b = jx_trend_study_get_ranking (direct, m, 1u << JX_TREND_KEY_FUNCTION);
      g_assert_cmpuint (a->len, ==, b->len);
      for (guint i = 0; i < a->len; i++)
        {
          const JxTrendSeries *sa = jx_trend_study_get_series (study, g_array_index (a, guint, i));
          const JxTrendSeries *sb = jx_trend_study_get_series (direct, g_array_index (b, guint, i));

          g_assert_cmpstr (sa->name, ==, sb->name);
          g_assert_cmpint (sa->model.kind, ==, sb->model.kind);
          g_assert_cmpfloat_with_epsilon (sa->model.exponent, sb->model.exponent, 1e-9);
        }
    }
  /* The all-to-all's p² calls head the count ranking (seed 004). */
  g_assert_true (g_str_has_prefix (top_of (study, JX_TREND_MEASURE_COUNT), "MPI_I"));

  /* A copy reads as the original. */
  {
    JxTrendRun *run = g_ptr_array_index (runs, 2);
    g_autoptr(JxTrendRun) copy = jx_trend_run_copy (run);
    double p = 0;

    g_assert_cmpuint (jx_trend_run_get_n_functions (copy), ==, jx_trend_run_get_n_functions (run));
    g_assert_cmpuint (jx_trend_run_get_n_paths (copy), ==, jx_trend_run_get_n_paths (run));
    g_assert_cmpfloat (jx_trend_run_get_function_value (copy, "work_linear", JX_TREND_MEASURE_EXCL_MAX), ==,
                       jx_trend_run_get_function_value (run, "work_linear", JX_TREND_MEASURE_EXCL_MAX));
    g_assert_true (jx_trend_run_get_param (copy, "p", &p, NULL));
    g_assert_cmpfloat (p, ==, 8);
    jx_trend_run_set_param (copy, "p", 9, JX_TREND_SOURCE_USER);
    g_assert_true (jx_trend_run_get_param (run, "p", &p, NULL));
    g_assert_cmpfloat (p, ==, 8);
  }

  /* Stopped by the user: the last study stays; the next change starts again. */
  jx_trend_analysis_set_target (analysis, 1024);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_RUNNING);
  jx_trend_analysis_cancel (analysis);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_CANCELLED);
  jx_test_spin (200);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_CANCELLED);
  g_assert_true (jx_trend_analysis_get_study (analysis) == study);
  jx_trend_analysis_set_target (analysis, NAN);
  wait_settled (analysis);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_DONE);
  study = jx_trend_analysis_get_study (analysis);
  g_assert_true (isnan (jx_trend_study_get_options (study)->at));

  /* Inactive keeps the study; nothing is recomputed on coming back. */
  jx_trend_analysis_set_active (analysis, FALSE);
  jx_trend_analysis_set_active (analysis, TRUE);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_DONE);
  g_assert_true (jx_trend_analysis_get_study (analysis) == study);

  g_clear_object (&analysis);
  jx_session_clear (session);
  jx_test_study_clear (&st);
}

/* Values: the trace's, the user's instead, the user's taken back; a named
 * parameter some traces lack; a target. */
static void
test_values (void)
{
  JxTestStudy st = { 0 };
  g_autoptr(JxSession) session = NULL;
  g_autoptr(JxTrendAnalysis) analysis = NULL;
  const double n[] = { 100, 200, 400, 800, 1600 };
  JxTrendSource source = JX_TREND_SOURCE_USER;
  JxTrendStudy *study;
  const JxTrendSeries *series;
  gint index;

  jx_test_study_generate (&st, "scaling", ranks, 3, 0.0, 22);
  session = open_study (&st);
  analysis = jx_trend_analysis_new (session);

  /* Before anything is computed: the trace's process count. */
  g_assert_cmpfloat (jx_trend_analysis_get_value (analysis, jx_test_item_at (session, 3), "p", &source), ==, 16);
  g_assert_cmpint (source, ==, JX_TREND_SOURCE_TRACE);
  g_assert_true (isnan (jx_trend_analysis_get_value (analysis, jx_test_item_at (session, 3), "n", NULL)));
  g_assert_cmpstr (jx_trend_analysis_get_shown_parameter (analysis), ==, "p");

  jx_trend_analysis_set_active (analysis, TRUE);
  wait_settled (analysis);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_DONE);
  g_assert_cmpfloat (jx_trend_analysis_get_value (analysis, jx_test_item_at (session, 3), "p", &source), ==, 16);
  g_assert_cmpint (source, ==, JX_TREND_SOURCE_TRACE);

  /* The user's n for every trace: the one user-given parameter is modelled. */
  for (guint i = 0; i < 5; i++)
    jx_trend_analysis_set_value (analysis, jx_test_item_at (session, i), "n", n[i]);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_RUNNING);
  g_assert_cmpstr (jx_trend_analysis_get_shown_parameter (analysis), ==, "n");
  wait_settled (analysis);
  study = jx_trend_analysis_get_study (analysis);
  g_assert_cmpstr (jx_trend_study_get_parameter (study), ==, "n");
  g_assert_cmpint (jx_trend_study_get_parameter_source (study), ==, JX_TREND_SOURCE_USER);
  g_assert_cmpfloat (jx_trend_study_get_run_x (study, 2), ==, 400);
  g_assert_cmpfloat (jx_trend_analysis_get_value (analysis, jx_test_item_at (session, 2), "n", &source), ==, 400);
  g_assert_cmpint (source, ==, JX_TREND_SOURCE_USER);

  /* The user's p for one trace overrides the trace's. */
  jx_trend_analysis_set_parameter (analysis, "p");
  jx_trend_analysis_set_value (analysis, jx_test_item_at (session, 0), "p", 3);
  wait_settled (analysis);
  study = jx_trend_analysis_get_study (analysis);
  g_assert_cmpstr (jx_trend_study_get_parameter (study), ==, "p");
  g_assert_cmpfloat (jx_trend_study_get_run_x (study, 0), ==, 3);
  /* … and is taken back. */
  jx_trend_analysis_set_value (analysis, jx_test_item_at (session, 0), "p", NAN);
  wait_settled (analysis);
  study = jx_trend_analysis_get_study (analysis);
  g_assert_cmpfloat (jx_trend_study_get_run_x (study, 0), ==, 2);
  g_assert_cmpfloat (jx_trend_analysis_get_value (analysis, jx_test_item_at (session, 0), "p", &source), ==, 2);
  g_assert_cmpint (source, ==, JX_TREND_SOURCE_TRACE);

  /* A parameter some traces lack: the study fails and says so. */
  jx_trend_analysis_set_value (analysis, jx_test_item_at (session, 1), "n", NAN);
  jx_trend_analysis_set_parameter (analysis, "n");
  wait_settled (analysis);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_FAILED);
  g_assert_null (jx_trend_analysis_get_study (analysis));
  g_assert_nonnull (jx_trend_analysis_get_error (analysis));
  g_assert_nonnull (strstr (jx_trend_analysis_get_error (analysis), "n"));

  /* Back to p, with a target: predictions there. */
  jx_trend_analysis_set_parameter (analysis, NULL);
  jx_trend_analysis_set_parameter (analysis, "p");
  jx_trend_analysis_set_target (analysis, 4096);
  wait_settled (analysis);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_DONE);
  study = jx_trend_analysis_get_study (analysis);
  index = jx_trend_study_find_series (study, JX_TREND_KEY_FUNCTION, "work_linear", JX_TREND_MEASURE_COUNT);
  g_assert_cmpint (index, >=, 0);
  series = jx_trend_study_get_series (study, index);
  /* 3 iterations · 40 calls · p */
  g_assert_cmpfloat_with_epsilon (series->prediction, 120.0 * 4096, 1.0);

  g_clear_object (&analysis);
  jx_session_clear (session);
  jx_test_study_clear (&st);
}

/* Changes while it computes start again; the last inputs win. Fewer than
 * three traces: nothing, and says so. A trace that failed to load is left
 * out with a note. */
static void
test_changes_and_failures (void)
{
  JxTestStudy st = { 0 };
  g_autoptr(JxSession) session = NULL;
  g_autoptr(JxTrendAnalysis) analysis = NULL;
  JxTrendStudy *study;
  gboolean noted = FALSE;

  jx_test_study_generate (&st, "scaling", ranks, 3, 0.0, 23);
  session = open_study (&st);
  analysis = jx_trend_analysis_new (session);
  jx_trend_analysis_set_active (analysis, TRUE);
  /* Before the first study is done: a target, a value, paths. */
  jx_trend_analysis_set_target (analysis, 64);
  jx_test_spin (5);
  jx_trend_analysis_set_value (analysis, jx_test_item_at (session, 4), "p", 64);
  jx_trend_analysis_set_paths (analysis, TRUE);
  wait_settled (analysis);
  study = jx_trend_analysis_get_study (analysis);
  g_assert_nonnull (study);
  g_assert_cmpfloat (jx_trend_study_get_run_x (study, 4), ==, 64);
  g_assert_true (jx_trend_study_get_options (study)->paths);
  g_assert_cmpfloat (jx_trend_study_get_options (study)->at, ==, 64);

  /* A trace that cannot be read. */
  jx_session_add_path (session, "/nonexistent/p128");
  jx_test_wait_for_loads (session);
  wait_settled (analysis);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_DONE);
  study = jx_trend_analysis_get_study (analysis);
  g_assert_cmpuint (jx_trend_study_get_n_runs (study), ==, 6);
  g_assert_cmpuint (jx_trend_study_get_n_loaded (study), ==, 5);
  for (guint i = 0; i < jx_trend_study_get_n_notes (study); i++)
    noted |= strstr (jx_trend_study_get_note (study, i), "p128") != NULL;
  g_assert_true (noted);
  g_assert_cmpuint (jx_trend_analysis_get_n_traces (analysis), ==, 5);

  /* Down to two loaded traces: no study. */
  jx_session_remove (session, jx_test_item_at (session, 5));
  jx_session_remove (session, jx_test_item_at (session, 4));
  jx_session_remove (session, jx_test_item_at (session, 3));
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_RUNNING);
  jx_session_remove (session, jx_test_item_at (session, 2));
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_TOO_FEW_TRACES);
  g_assert_null (jx_trend_analysis_get_study (analysis));
  g_assert_cmpuint (jx_trend_analysis_get_n_traces (analysis), ==, 2);
  jx_test_spin (50);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_TOO_FEW_TRACES);

  /* Back to three: the runs reduced before are kept, a new one is read. */
  jx_session_add_path (session, st.runs[2]);
  jx_test_wait_for_loads (session);
  wait_settled (analysis);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_DONE);
  study = jx_trend_analysis_get_study (analysis);
  g_assert_cmpuint (jx_trend_study_get_n_runs (study), ==, 3);
  g_assert_cmpint (jx_trend_study_get_status (study), ==, JX_TREND_STATUS_LOW_CONFIDENCE);

  /* Dropped while computing: nothing is left behind. */
  jx_trend_analysis_set_target (analysis, 128);
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_RUNNING);
  g_clear_object (&analysis);
  jx_test_spin (100);
  jx_session_clear (session);
  jx_test_study_clear (&st);
}

/* Picking a series highlights its calls in every timeline. */
static void
test_highlight (void)
{
  JxTestStudy st = { 0 };
  g_autoptr(JxSession) session = NULL;
  g_autoptr(JxTrendAnalysis) analysis = NULL;
  JxTrendStudy *study;
  gint f, g;

  jx_test_study_generate (&st, "scaling", ranks, 2, 0.0, 24);
  session = open_study (&st);
  analysis = jx_trend_analysis_new (session);
  jx_trend_analysis_set_active (analysis, TRUE);
  wait_settled (analysis);
  study = jx_trend_analysis_get_study (analysis);
  f = jx_trend_study_find_series (study, JX_TREND_KEY_FUNCTION, "work_linear", JX_TREND_MEASURE_COUNT);
  g = jx_trend_study_find_series (study, JX_TREND_KEY_GROUP, "(MPI)", JX_TREND_MEASURE_COUNT);
  g_assert_cmpint (f, >=, 0);
  g_assert_cmpint (g, >=, 0);

  jx_trend_analysis_highlight (analysis, jx_trend_study_get_series (study, f));
  g_assert_cmpstr (jx_session_get_search (session), ==, "work_linear");
  g_assert_cmpstr (jx_session_get_focus_function (session), ==, "work_linear");
  jx_trend_analysis_highlight (analysis, jx_trend_study_get_series (study, g));
  g_assert_cmpstr (jx_session_get_search (session), ==, "MPI_");
  g_assert_null (jx_session_get_focus_function (session));

  g_clear_object (&analysis);
  jx_session_clear (session);
  jx_test_study_clear (&st);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/trend/same-as-cli", test_same_as_cli);
  g_test_add_func ("/session/trend/values", test_values);
  g_test_add_func ("/session/trend/changes-and-failures", test_changes_and_failures);
  g_test_add_func ("/session/trend/highlight", test_highlight);
  return g_test_run ();
}
