/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The session's folding and SOS-time modes: every trace gets the same
 * grouping, operation, custom set and SOS function; groups follow at once,
 * folds and imbalance analyses arrive from threads and are redone when
 * their inputs change; all traces share one SOS scale. */
#include "config.h"

#include <string.h>

#include "jx-test-gen.h"
#include "jx-test-session.h"
#include "jx-test-util.h"

typedef struct
{
  JxSessionTrace *item;
  const char     *property;
} Waiting;

static gboolean
has_property (gpointer data)
{
  Waiting *w = data;
  GType type = G_PARAM_SPEC_VALUE_TYPE (g_object_class_find_property (G_OBJECT_GET_CLASS (w->item), w->property));
  gpointer value = NULL;

  g_object_get (w->item, w->property, &value, NULL);
  if (value == NULL)
    return FALSE;
  if (type == G_TYPE_STRING)
    g_free (value);
  else
    g_boxed_free (type, value);
  return TRUE;
}

static void
wait_for (JxSessionTrace *item,
          const char     *property)
{
  Waiting w = { item, property };

  g_assert_true (jx_test_wait_until (has_property, &w, 60));
}

static void
on_fold_all (JxSession *session,
             guint      kinds,
             gboolean   folded,
             guint     *seen)
{
  *seen = kinds | (folded ? 0x100 : 0);
}

static void
test_fold_modes (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxSession) session = jx_session_new ();
  g_autofree char *jacobi = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  JxSessionTrace *a, *b;
  JxTimelineFold *first_fold;
  const char *custom[] = { "MPI Rank 0 / Master thread", NULL };
  guint seen = 0;
  gint64 lo, hi;

  jx_generator_options_init (&options);
  options.n_ranks = 3;
  options.n_threads = 2;
  options.n_gpu_streams = 2;
  options.n_iterations = 8;
  options.imbalanced_ranks = 1u << 1;
  options.imbalance = 0.5;
  trace = jx_test_generate_load (&options, NULL, &dir);
  a = jx_session_add_trace (session, trace);
  b = jx_session_add_path (session, jacobi);
  jx_test_wait_for_loads (session);

  /* Groups at once, the fold once the summary is built. */
  g_assert_nonnull (jx_session_trace_get_groups (a));
  g_assert_cmpint (jx_stream_groups_get_grouping (jx_session_trace_get_groups (a)), ==, JX_FOLD_GROUPING_THREADS);
  wait_for (a, "fold");
  wait_for (b, "fold");
  g_assert_cmpint (jx_timeline_fold_get_op (jx_session_trace_get_fold (a)), ==, JX_FOLD_MAX);
  g_assert_true (jx_timeline_fold_is_built (jx_session_trace_get_fold (a)));

  /* A new operation: the old fold goes, a new one comes, for both. */
  first_fold = jx_session_trace_get_fold (a);
  g_assert_nonnull (first_fold);
  jx_session_set_fold_operation (session, JX_FOLD_IDLE);
  g_assert_null (jx_session_trace_get_fold (a));
  wait_for (a, "fold");
  wait_for (b, "fold");
  g_assert_cmpint (jx_timeline_fold_get_op (jx_session_trace_get_fold (a)), ==, JX_FOLD_IDLE);
  g_assert_cmpint (jx_timeline_fold_get_op (jx_session_trace_get_fold (b)), ==, JX_FOLD_IDLE);

  /* Grouping: all processes, in both traces. */
  jx_session_set_fold_grouping (session, JX_FOLD_GROUPING_PROCESSES);
  g_assert_cmpuint (jx_stream_groups_find (jx_session_trace_get_groups (a), "all"), !=, JX_NONE);
  g_assert_cmpuint (jx_stream_groups_find (jx_session_trace_get_groups (b), "all"), !=, JX_NONE);
  wait_for (a, "fold");
  g_assert_true (jx_timeline_fold_get_groups (jx_session_trace_get_fold (a)) == jx_session_trace_get_groups (a));

  /* A custom set by name applies to every trace that has the stream. */
  jx_session_set_fold_grouping (session, JX_FOLD_GROUPING_CUSTOM);
  jx_session_set_fold_custom (session, custom);
  g_assert_cmpuint (jx_stream_groups_get_group (jx_session_trace_get_groups (a),
                                                jx_stream_groups_find (jx_session_trace_get_groups (a), "custom"))->n_members,
                    ==, 1);
  g_assert_cmpuint (jx_stream_groups_find (jx_session_trace_get_groups (b), "custom"), !=, JX_NONE);
  g_assert_cmpstr (jx_session_get_fold_custom (session)[0], ==, custom[0]);

  /* Fold-all requests reach the views as a signal. */
  g_signal_connect (session, "fold-all", G_CALLBACK (on_fold_all), &seen);
  jx_session_fold_all (session, 1u << JX_STREAM_GROUP_DEVICE, TRUE);
  g_assert_cmpuint (seen, ==, (1u << JX_STREAM_GROUP_DEVICE) | 0x100);

  /* SOS time: each trace's dominant function (both threads run "compute"
   * every iteration); one scale for both. */
  wait_for (a, "imbalance");
  wait_for (b, "imbalance");
  g_assert_cmpstr (jx_trace_get_region (trace, jx_imbalance_get_function (jx_session_trace_get_imbalance (a)))->name,
                   ==, "compute");
  g_assert_true (jx_session_get_sos_range (session, &lo, &hi));
  g_assert_cmpint (lo, <, hi);
  jx_session_set_show_sos (session, TRUE);
  g_assert_true (jx_session_get_show_sos (session));

  /* A named function: traces without it say why. */
  jx_session_set_sos_function (session, "iteration");
  g_assert_null (jx_session_trace_get_imbalance (a));
  wait_for (a, "imbalance");
  g_assert_cmpstr (jx_trace_get_region (trace, jx_imbalance_get_function (jx_session_trace_get_imbalance (a)))->name,
                   ==, "iteration");
  wait_for (b, "imbalance-error");
  g_assert_null (jx_session_trace_get_imbalance (b));
  g_assert_nonnull (g_strstr_len (jx_session_trace_get_imbalance_error (b), -1, "iteration"));

  /* Removal drops the results at once (a view may still hold the item). */
  g_object_ref (a);
  jx_session_remove (session, a);
  g_assert_null (jx_session_trace_get_groups (a));
  g_assert_null (jx_session_trace_get_imbalance (a));
  g_object_unref (a);
  jx_test_remove_tree (dir);
}

static const char *
function_of (JxSessionTrace *item)
{
  JxImbalance *imbalance = jx_session_trace_get_imbalance (item);

  g_assert_nonnull (imbalance);
  return jx_trace_get_region (jx_imbalance_get_trace (imbalance), jx_imbalance_get_function (imbalance))->name;
}

static const char *
note_of (JxSessionTrace *item)
{
  return jx_trace_folding_get_imbalance_note (jx_session_trace_get_folding (item));
}

typedef struct
{
  JxSessionTrace *item;
  const char     *function;
} WaitFunction;

static gboolean
segmented_by (gpointer data)
{
  WaitFunction *w = data;
  JxImbalance *imbalance = jx_session_trace_get_imbalance (w->item);

  return imbalance != NULL &&
         g_strcmp0 (jx_trace_get_region (jx_imbalance_get_trace (imbalance), jx_imbalance_get_function (imbalance))->name,
                    w->function) == 0;
}

/* One function segments every trace (issue 15): the reference's dominant
 * one, in every trace that calls it often enough; a trace that does not
 * keeps its own and its note says so; a new reference brings its own
 * function to the others; a function named overrides it. */
static void
test_common_function (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autofree char *run01 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *run09 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autofree char *cuda = jx_test_get_shared_trace ("casita__2_cuda_simple");
  JxSessionTrace *a, *b, *c;
  WaitFunction w;
  g_autofree char *reference_function = NULL;

  a = jx_session_add_path (session, run01);
  b = jx_session_add_path (session, run09);
  c = jx_session_add_path (session, cuda);
  jx_test_wait_for_loads (session);
  wait_for (a, "imbalance");
  reference_function = g_strdup (function_of (a));
  g_assert_cmpstr (reference_function, ==, "!$omp targetmap @jacobi_target.c:174");
  g_assert_null (note_of (a));

  /* Run 09 by the reference's function, not its own. */
  w = (WaitFunction) { b, reference_function };
  g_assert_true (jx_test_wait_until (segmented_by, &w, 60));
  g_assert_null (note_of (b));
  /* The CUDA run has no such function: its own, said in its note. */
  wait_for (c, "imbalance");
  g_assert_cmpstr (function_of (c), ==, "!$omp parallel @jacobi_cuda.c:171");
  g_assert_nonnull (note_of (c));
  g_assert_nonnull (strstr (note_of (c), "does not call"));
  g_assert_nonnull (strstr (note_of (c), reference_function));

  /* Run 09 the reference: its own dominant function for all that have it. */
  jx_session_set_reference (session, b);
  wait_for (b, "imbalance");
  g_assert_null (note_of (b));
  w = (WaitFunction) { a, function_of (b) };
  g_assert_true (jx_test_wait_until (segmented_by, &w, 60));
  g_assert_null (note_of (a));

  /* A function named: that one, no notes. */
  jx_session_set_sos_function (session, "!$omp parallel @jacobi_target.c:160");
  w = (WaitFunction) { a, "!$omp parallel @jacobi_target.c:160" };
  g_assert_true (jx_test_wait_until (segmented_by, &w, 60));
  g_assert_null (note_of (a));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/fold/modes", test_fold_modes);
  g_test_add_func ("/session/fold/common-sos-function", test_common_function);
  return g_test_run ();
}
