/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fold-settings.c — the session's fold settings on their own
 * (jx-fold-settings.h: one notification per real change, empty values are
 * none, fold-all as a signal) and one trace's folding part
 * (jx-trace-folding.h): groups at once from the trace, the fold once the
 * summary is there, only what changed is redone, the imbalance of the SOS
 * function, and nothing computed after clear(). */
#include "config.h"

#include "jx-fold-settings.h"
#include "jx-test-gen.h"
#include "jx-trace-folding.h"
#include "jx-test-util.h"

static void
on_fold_all (JxFoldSettings *settings,
             guint           kinds,
             gboolean        folded,
             guint          *seen)
{
  *seen = kinds | (folded ? 0x100 : 0);
}

static void
test_settings (void)
{
  g_autoptr(JxFoldSettings) settings = jx_fold_settings_new ();
  const char *custom[] = { "Rank 0 / Master thread", NULL };
  const char *empty[] = { NULL };
  g_auto(GStrv) read = NULL;
  guint grouping = 0, op = 0, custom_n = 0, sos = 0, function = 0, seen = 0;

  g_signal_connect (settings, "notify::fold-grouping", G_CALLBACK (jx_test_count_notify), &grouping);
  g_signal_connect (settings, "notify::fold-operation", G_CALLBACK (jx_test_count_notify), &op);
  g_signal_connect (settings, "notify::fold-custom", G_CALLBACK (jx_test_count_notify), &custom_n);
  g_signal_connect (settings, "notify::show-sos", G_CALLBACK (jx_test_count_notify), &sos);
  g_signal_connect (settings, "notify::sos-function", G_CALLBACK (jx_test_count_notify), &function);

  g_assert_cmpint (jx_fold_settings_get_grouping (settings), ==, JX_FOLD_GROUPING_THREADS);
  g_assert_cmpint (jx_fold_settings_get_operation (settings), ==, JX_FOLD_MAX);
  jx_fold_settings_set_grouping (settings, JX_FOLD_GROUPING_THREADS);
  jx_fold_settings_set_grouping (settings, JX_FOLD_GROUPING_NODES);
  jx_fold_settings_set_grouping (settings, JX_FOLD_GROUPING_NODES);
  jx_fold_settings_set_operation (settings, JX_FOLD_DIFF);
  jx_fold_settings_set_operation (settings, JX_FOLD_DIFF);
  g_assert_cmpuint (grouping, ==, 1);
  g_assert_cmpuint (op, ==, 1);

  jx_fold_settings_set_custom (settings, empty);
  g_assert_null (jx_fold_settings_get_custom (settings));
  jx_fold_settings_set_custom (settings, custom);
  jx_fold_settings_set_custom (settings, custom);
  g_assert_cmpstr (jx_fold_settings_get_custom (settings)[0], ==, custom[0]);
  g_object_get (settings, "fold-custom", &read, NULL);
  g_assert_cmpstr (read[0], ==, custom[0]);
  jx_fold_settings_set_custom (settings, NULL);
  g_assert_cmpuint (custom_n, ==, 2);

  jx_fold_settings_set_show_sos (settings, 7);
  jx_fold_settings_set_show_sos (settings, TRUE);
  g_assert_true (jx_fold_settings_get_show_sos (settings));
  jx_fold_settings_set_sos_function (settings, "");
  g_assert_null (jx_fold_settings_get_sos_function (settings));
  g_object_set (settings, "sos-function", "compute", NULL);
  jx_fold_settings_set_sos_function (settings, "compute");
  g_assert_cmpstr (jx_fold_settings_get_sos_function (settings), ==, "compute");
  g_assert_cmpuint (sos, ==, 1);
  g_assert_cmpuint (function, ==, 1);

  g_signal_connect (settings, "fold-all", G_CALLBACK (on_fold_all), &seen);
  jx_fold_settings_fold_all (settings, 1u << JX_STREAM_GROUP_PROCESS, FALSE);
  g_assert_cmpuint (seen, ==, 1u << JX_STREAM_GROUP_PROCESS);
}

static gboolean
has_fold (gpointer folding)
{
  return jx_trace_folding_get_fold (folding) != NULL;
}

static gboolean
has_imbalance_result (gpointer folding)
{
  return jx_trace_folding_get_imbalance (folding) != NULL || jx_trace_folding_get_imbalance_error (folding) != NULL;
}

static void
test_trace_folding (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxTimelineSummary) summary = NULL;
  g_autoptr(JxTraceFolding) folding = jx_trace_folding_new ();
  JxStreamGroups *groups;
  guint n_groups = 0, n_fold = 0;

  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_threads = 2;
  options.n_iterations = 4;
  trace = jx_test_generate_load (&options, NULL, &dir);
  summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  g_assert_nonnull (summary);

  g_signal_connect (folding, "notify::groups", G_CALLBACK (jx_test_count_notify), &n_groups);
  g_signal_connect (folding, "notify::fold", G_CALLBACK (jx_test_count_notify), &n_fold);

  /* Inputs before the trace: nothing to compute yet. */
  jx_trace_folding_set_inputs (folding, JX_FOLD_GROUPING_PROCESSES, NULL, JX_FOLD_MAX);
  g_assert_null (jx_trace_folding_get_groups (folding));

  /* The trace: its groups at once; the fold needs the summary. */
  jx_trace_folding_set_trace (folding, trace);
  groups = jx_trace_folding_get_groups (folding);
  g_assert_nonnull (groups);
  g_assert_cmpint (jx_stream_groups_get_grouping (groups), ==, JX_FOLD_GROUPING_PROCESSES);
  g_assert_null (jx_trace_folding_get_fold (folding));
  jx_trace_folding_set_summary (folding, summary);
  g_assert_true (jx_test_wait_until (has_fold, folding, 60));
  g_assert_true (jx_timeline_fold_get_groups (jx_trace_folding_get_fold (folding)) == groups);

  /* Only the operation: the same groups, a new fold. */
  n_groups = 0;
  jx_trace_folding_set_inputs (folding, JX_FOLD_GROUPING_PROCESSES, NULL, JX_FOLD_IDLE);
  g_assert_cmpuint (n_groups, ==, 0);
  g_assert_true (jx_trace_folding_get_groups (folding) == groups);
  g_assert_null (jx_trace_folding_get_fold (folding));
  g_assert_true (jx_test_wait_until (has_fold, folding, 60));
  g_assert_cmpint (jx_timeline_fold_get_op (jx_trace_folding_get_fold (folding)), ==, JX_FOLD_IDLE);
  /* Nothing changed: nothing redone. */
  n_fold = 0;
  jx_trace_folding_set_inputs (folding, JX_FOLD_GROUPING_PROCESSES, NULL, JX_FOLD_IDLE);
  g_assert_cmpuint (n_fold, ==, 0);

  /* The SOS function: the trace's dominant one, then a named one. */
  g_assert_true (jx_test_wait_until (has_imbalance_result, folding, 60));
  g_assert_cmpstr (jx_trace_get_region (trace, jx_imbalance_get_function (jx_trace_folding_get_imbalance (folding)))->name,
                   ==, "compute");
  jx_trace_folding_set_sos_function (folding, "no such function");
  g_assert_null (jx_trace_folding_get_imbalance (folding));
  g_assert_true (jx_test_wait_until (has_imbalance_result, folding, 60));
  g_assert_nonnull (jx_trace_folding_get_imbalance_error (folding));

  /* Cleared: everything goes, and later inputs compute nothing. */
  jx_trace_folding_clear (folding);
  g_assert_null (jx_trace_folding_get_groups (folding));
  g_assert_null (jx_trace_folding_get_fold (folding));
  g_assert_null (jx_trace_folding_get_imbalance_error (folding));
  jx_trace_folding_set_inputs (folding, JX_FOLD_GROUPING_THREADS, NULL, JX_FOLD_MAX);
  jx_trace_folding_set_summary (folding, summary);
  jx_test_spin (100);
  g_assert_null (jx_trace_folding_get_groups (folding));
  g_assert_null (jx_trace_folding_get_fold (folding));

  jx_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/fold-settings/properties", test_settings);
  g_test_add_func ("/session/trace-folding/results", test_trace_folding);

  return g_test_run ();
}
