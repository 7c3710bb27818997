/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-diff-bar-model.c — one trace's comparison (jx-trace-comparison.h),
 * the session's comparison manager (jx-comparison-manager.h) and its
 * diff-bar model (jx-diff-bar-model.h) on generated pairs:
 *   - a comparison run on its own publishes each pair into both sides'
 *     bars before it counts it, and a clear announces that rows went;
 *   - a finished stream pair notifies exactly the rows it fills — its
 *     stream in the compared trace and, when that trace is the compared
 *     one, its stream in the reference — and nothing else;
 *   - the reference's rows follow the compared trace, and views are told;
 *   - the manager picks the compared trace, follows a new reference and
 *     forgets a removed trace. */
#include "config.h"

#include "jx-session.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-trace-loader.h"

/* Two generated runs of n_ranks ranks, B without one call per iteration
 * (jx-test-generate.h); dir holds both. */
typedef struct
{
  char *dir;
  char *a;
  char *b;
} Runs;

static void
runs_clear (Runs *runs)
{
  jx_test_remove_tree (runs->dir);
  g_free (runs->dir);
  g_free (runs->a);
  g_free (runs->b);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Runs, runs_clear)

static void
runs_generate (Runs  *runs,
               guint  n_ranks,
               guint  n_iterations)
{
  runs->dir = jx_test_generate_remove_pair (n_ranks, n_iterations, &runs->a, &runs->b);
}

static gboolean
settled (gpointer comparison)
{
  JxSessionComparisonState state = jx_trace_comparison_get_state (comparison);

  return state != JX_SESSION_COMPARISON_RUNNING && state != JX_SESSION_COMPARISON_WAITING;
}

/* A run on its own ------------------------------------------------------------ */

typedef struct
{
  JxTraceComparison *tc;
  guint              done;
  guint              resets;
  gboolean           counted_before;   /* "pairs" was told of a pair before "pair-done" */
} RunLog;

static void
on_run_pair_done (JxTraceComparison      *tc,
                  const JxComparisonPair *pair,
                  RunLog                 *log)
{
  /* Published into both sides before anything else hears of it. */
  g_assert_true (jx_trace_comparison_get_stream_pair (tc, FALSE, pair->stream_b) == pair);
  g_assert_true (jx_trace_comparison_get_stream_pair (tc, TRUE, pair->stream_a) == pair);
  g_assert_true (jx_diff_bar_set_get_diff (jx_trace_comparison_get_bars (tc, FALSE), pair->stream_b) == pair->diff);
  log->done++;
}

static void
on_run_pairs (JxTraceComparison *tc,
              GParamSpec        *pspec,
              RunLog            *log)
{
  if (jx_trace_comparison_get_n_pairs (tc) > log->done)
    log->counted_before = TRUE;
}

static void
on_run_reset (JxTraceComparison *tc,
              RunLog            *log)
{
  log->resets++;
}

static void
test_trace_comparison (void)
{
  g_auto(Runs) pair = { 0 };
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxTraceComparison) tc = jx_trace_comparison_new ();
  RunLog log = { tc, 0, 0, FALSE };

  runs_generate (&pair, 3, 6);
  a = jx_trace_load (pair.a, NULL, NULL, NULL, NULL, NULL);
  b = jx_trace_load (pair.b, NULL, NULL, NULL, NULL, NULL);
  g_signal_connect (tc, "pair-done", G_CALLBACK (on_run_pair_done), &log);
  g_signal_connect (tc, "reset", G_CALLBACK (on_run_reset), &log);
  g_signal_connect (tc, "notify::pairs", G_CALLBACK (on_run_pairs), &log);

  g_assert_cmpint (jx_trace_comparison_get_state (tc), ==, JX_SESSION_COMPARISON_NONE);
  g_assert_null (jx_trace_comparison_get_bars (tc, FALSE));
  jx_trace_comparison_start (tc, a, b);
  /* Rows at once, bars when their pairs are done. */
  g_assert_cmpuint (log.resets, ==, 1);
  g_assert_cmpint (jx_trace_comparison_get_state (tc), ==, JX_SESSION_COMPARISON_RUNNING);
  g_assert_true (jx_trace_comparison_get_reference (tc) == a);
  g_assert_true (jx_diff_bar_set_has_row (jx_trace_comparison_get_bars (tc, TRUE), 0));
  g_assert_cmpfloat (jx_trace_comparison_get_estimate (tc), >, 0.0);
  g_assert_true (jx_test_wait_until (settled, tc, 60));
  g_assert_cmpint (jx_trace_comparison_get_state (tc), ==, JX_SESSION_COMPARISON_DONE);
  g_assert_cmpuint (log.done, ==, 3);
  g_assert_cmpuint (jx_trace_comparison_get_n_pairs (tc), ==, 3);
  g_assert_false (log.counted_before);
  g_assert_cmpfloat (jx_trace_comparison_get_fraction (tc), ==, 1.0);

  /* Cancelling a finished run changes nothing. */
  jx_trace_comparison_cancel (tc);
  g_assert_cmpint (jx_trace_comparison_get_state (tc), ==, JX_SESSION_COMPARISON_DONE);

  /* Cleared: rows gone (announced), nothing left. */
  jx_trace_comparison_clear (tc, JX_SESSION_COMPARISON_WAITING);
  g_assert_cmpuint (log.resets, ==, 2);
  g_assert_null (jx_trace_comparison_get_bars (tc, FALSE));
  g_assert_null (jx_trace_comparison_get_comparison (tc));
  g_assert_null (jx_trace_comparison_get_reference (tc));
  g_assert_cmpuint (jx_trace_comparison_get_n_pairs (tc), ==, 0);
  g_assert_cmpint (jx_trace_comparison_get_state (tc), ==, JX_SESSION_COMPARISON_WAITING);

}

/* Per-stream notification ------------------------------------------------------ */

typedef struct
{
  JxSessionTrace *item;
  guint           stream;
} Row;

typedef struct
{
  JxDiffBarModel *model;
  GArray         *changed;     /* Row, every "bar-changed" */
  GArray         *expected;    /* Row, from every "pair-done" */
  guint           rows_changed;
} BarLog;

static void
on_bar_changed (JxDiffBarModel *model,
                JxSessionTrace *item,
                guint           stream,
                BarLog         *log)
{
  Row row = { item, stream };
  const JxComparisonPair *pair;

  /* The row named is filled when it is told. */
  g_assert_true (jx_diff_bar_model_get_bar (model, item, stream, &pair, NULL, NULL));
  g_array_append_val (log->changed, row);
}

static void
on_rows_changed (JxDiffBarModel *model,
                 JxSessionTrace *item,
                 BarLog         *log)
{
  log->rows_changed++;
}

typedef struct
{
  BarLog         *log;
  JxSession      *session;
  JxSessionTrace *item;
} PairWatch;

/* What a finished pair of `item` should fill: its own stream, and the
 * reference's when item is the compared trace. Connected before the model
 * sees the pair, so this runs first. */
static void
on_item_pair_done (JxTraceComparison      *tc,
                   const JxComparisonPair *pair,
                   PairWatch              *watch)
{
  Row mine = { watch->item, pair->stream_b };
  Row reference = { jx_session_get_reference (watch->session), pair->stream_a };

  g_array_append_val (watch->log->expected, mine);
  if (jx_session_get_compared (watch->session) == watch->item)
    g_array_append_val (watch->log->expected, reference);
}

static gboolean
compared_and_done (gpointer item)
{
  return jx_session_trace_get_comparison_state (item) == JX_SESSION_COMPARISON_DONE;
}

static void
assert_same_rows (GArray *a,
                  GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      g_assert_true (g_array_index (a, Row, i).item == g_array_index (b, Row, i).item);
      g_assert_cmpuint (g_array_index (a, Row, i).stream, ==, g_array_index (b, Row, i).stream);
    }
}

static void
test_per_stream (void)
{
  g_auto(Runs) pair = { 0 };
  g_autoptr(JxSession) session = jx_session_new ();
  JxDiffBarModel *model = jx_session_get_diff_bars (session);
  BarLog log = { model, g_array_new (FALSE, FALSE, sizeof (Row)), g_array_new (FALSE, FALSE, sizeof (Row)), 0 };
  PairWatch watch_b = { &log, session, NULL }, watch_c = { &log, session, NULL };
  JxSessionTrace *a, *b, *c;
  const JxDiffBarSet *bars;
  guint from_c = 0, rows_before;

  runs_generate (&pair, 4, 6);
  a = jx_session_add_path (session, pair.a);
  jx_test_wait_for_loads (session);

  /* b and c are compared with a; b is the compared trace (the first). */
  g_signal_connect (model, "bar-changed", G_CALLBACK (on_bar_changed), &log);
  g_signal_connect (model, "rows-changed", G_CALLBACK (on_rows_changed), &log);
  b = jx_session_add_path (session, pair.b);
  watch_b.item = b;
  g_signal_connect (jx_session_trace_get_trace_comparison (b), "pair-done", G_CALLBACK (on_item_pair_done), &watch_b);
  jx_test_wait_for_loads (session);
  g_assert_true (jx_test_wait_until (compared_and_done, b, 60));
  c = jx_session_add_path (session, pair.b);
  watch_c.item = c;
  g_signal_connect (jx_session_trace_get_trace_comparison (c), "pair-done", G_CALLBACK (on_item_pair_done), &watch_c);
  jx_test_wait_for_loads (session);
  g_assert_true (jx_test_wait_until (compared_and_done, c, 60));
  g_assert_true (jx_session_get_compared (session) == b);

  /* Each finished pair told exactly its own rows, once, in order: 4 pairs
   * of b fill b and a, 4 of c fill only c. */
  assert_same_rows (log.changed, log.expected);
  g_assert_cmpuint (log.changed->len, ==, 4 * 2 + 4);
  for (guint i = 0; i < log.changed->len; i++)
    from_c += g_array_index (log.changed, Row, i).item == c;
  g_assert_cmpuint (from_c, ==, 4);

  /* The reference's rows are b's reference side. */
  bars = jx_diff_bar_model_get_bars (model, a);
  g_assert_true (bars == jx_trace_comparison_get_bars (jx_session_trace_get_trace_comparison (b), TRUE));
  g_assert_false (jx_diff_bar_set_get_side_b (bars));
  g_assert_true (jx_diff_bar_model_get_bars (model, c) ==
                 jx_trace_comparison_get_bars (jx_session_trace_get_trace_comparison (c), FALSE));

  /* Comparing with c instead: the reference's rows change (told), and are
   * c's now; b's and c's own are untouched. */
  rows_before = log.rows_changed;
  g_array_set_size (log.changed, 0);
  jx_session_set_compared (session, c);
  g_assert_cmpuint (log.rows_changed, ==, rows_before + 1);
  g_assert_true (jx_diff_bar_model_get_bars (model, a) ==
                 jx_trace_comparison_get_bars (jx_session_trace_get_trace_comparison (c), TRUE));
  g_assert_cmpuint (log.changed->len, ==, 0);

  /* A click on a tick of extra calls in b means the first of them in a. */
  {
    const JxComparisonPair *p;
    JxDiffBarCall call;
    gboolean side_b;

    g_assert_true (jx_diff_bar_model_get_bar (model, b, 0, &p, &side_b, NULL));
    g_assert_true (side_b);
    g_assert_cmpuint (jx_pair_diff_get_n_extras (p->diff, TRUE), >, 0);
    g_assert_true (jx_diff_bar_model_call_at (model, b, 0, JX_NONE, 0, &call));
    g_assert_true (call.item == a);
    g_assert_cmpuint (call.stream, ==, p->stream_a);
    g_assert_cmpint (jx_pair_diff_state (p->diff, FALSE, call.invocation), ==, JX_DIFF_ONLY_HERE);
    g_assert_false (jx_diff_bar_model_call_at (model, b, 0, JX_NONE, G_MAXUINT32 - 1, &call));
  }

  g_signal_handlers_disconnect_by_data (model, &log);
  g_signal_handlers_disconnect_by_data (jx_session_trace_get_trace_comparison (b), &watch_b);
  g_signal_handlers_disconnect_by_data (jx_session_trace_get_trace_comparison (c), &watch_c);
  g_array_unref (log.changed);
  g_array_unref (log.expected);
  g_clear_object (&session);
}

/* The manager -------------------------------------------------------------------- */

static void
test_manager (void)
{
  g_auto(Runs) pair = { 0 };
  g_autoptr(JxSession) session = jx_session_new ();
  JxComparisonManager *manager = jx_session_get_comparison_manager (session);
  JxDiffBarModel *model = jx_session_get_diff_bars (session);
  JxSessionTrace *a, *b, *c;
  guint reference = 0, compared = 0, session_reference = 0;

  runs_generate (&pair, 2, 4);
  g_signal_connect (manager, "notify::reference", G_CALLBACK (jx_test_count_notify), &reference);
  g_signal_connect (manager, "notify::compared-trace", G_CALLBACK (jx_test_count_notify), &compared);
  g_signal_connect (session, "notify::reference", G_CALLBACK (jx_test_count_notify), &session_reference);

  /* The first trace is the reference; nothing to compare it with. */
  a = jx_session_add_path (session, pair.a);
  g_assert_true (jx_comparison_manager_get_reference (manager) == a);
  g_assert_true (jx_session_trace_get_reference (a));
  g_assert_cmpuint (reference, ==, 1);
  g_assert_cmpuint (session_reference, ==, 1);
  g_assert_null (jx_comparison_manager_get_compared (manager));

  /* The first loaded other trace is compared, automatically; a later one
   * does not take its place. */
  b = jx_session_add_path (session, pair.b);
  jx_test_wait_for_loads (session);
  c = jx_session_add_path (session, pair.b);
  jx_test_wait_for_loads (session);
  g_assert_true (jx_comparison_manager_get_compared (manager) == b);
  g_assert_cmpuint (compared, ==, 1);
  g_assert_true (jx_diff_bar_model_has_row (model, b, 0));
  g_assert_true (jx_diff_bar_model_has_row (model, a, 0));

  /* Set, then back to automatic. */
  jx_comparison_manager_set_compared (manager, c);
  g_assert_true (jx_session_get_compared (session) == c);
  jx_comparison_manager_set_compared (manager, c);
  g_assert_cmpuint (compared, ==, 2);
  jx_comparison_manager_set_compared (manager, NULL);
  g_assert_true (jx_comparison_manager_get_compared (manager) == b);
  g_assert_cmpuint (compared, ==, 3);

  /* A new reference through the part: the flags follow, the old reference
   * is compared with it, the new one compares with nobody. */
  jx_comparison_manager_set_reference (manager, b);
  g_assert_true (jx_session_get_reference (session) == b);
  g_assert_cmpuint (session_reference, ==, 2);
  g_assert_false (jx_session_trace_get_reference (a));
  g_assert_true (jx_session_trace_get_reference (b));
  g_assert_cmpint (jx_session_trace_get_comparison_state (b), ==, JX_SESSION_COMPARISON_NONE);
  g_assert_cmpint (jx_session_trace_get_comparison_state (a), ==, JX_SESSION_COMPARISON_RUNNING);
  g_assert_true (jx_comparison_manager_get_compared (manager) == a);

  /* The compared trace removed: told even when another takes its place. */
  compared = 0;
  jx_session_remove (session, a);
  g_assert_cmpuint (compared, >=, 1);
  g_assert_true (jx_comparison_manager_get_compared (manager) == c);
  jx_session_remove (session, c);
  g_assert_null (jx_comparison_manager_get_compared (manager));
  g_assert_null (jx_diff_bar_model_get_bars (model, b));

  g_clear_object (&session);
}

/* The selection ----------------------------------------------------------------- */

/* A pick in the compared trace's rival makes it the compared trace; the
 * partner follows the bars: there once the pair is done, gone when the
 * comparison is dropped; a trace that leaves takes a selection in it. */
static void
test_selection (void)
{
  g_auto(Runs) pair = { 0 };
  g_autoptr(JxSession) session = jx_session_new ();
  JxSelection *selection = jx_session_get_selection (session);
  JxSessionTrace *a, *b, *c, *item;
  guint32 stream, invocation;
  guint partner_notifies = 0;

  runs_generate (&pair, 2, 4);
  a = jx_session_add_path (session, pair.a);
  b = jx_session_add_path (session, pair.b);
  jx_test_wait_for_loads (session);
  c = jx_session_add_path (session, pair.b);
  jx_test_wait_for_loads (session);
  g_assert_true (jx_test_wait_until (compared_and_done, b, 60));
  g_assert_true (jx_test_wait_until (compared_and_done, c, 60));
  g_assert_true (jx_session_get_compared (session) == b);
  g_signal_connect (selection, "notify::selected-partner-trace", G_CALLBACK (jx_test_count_notify),
                    &partner_notifies);

  /* main of c: c is compared now, and main of a is its partner. */
  jx_selection_select (selection, c, 0, 0);
  g_assert_true (jx_session_get_compared (session) == c);
  g_assert_true (jx_selection_get_partner (selection, &item, &stream, &invocation));
  g_assert_true (item == a);
  g_assert_cmpuint (invocation, ==, 0);
  g_assert_cmpuint (partner_notifies, ==, 1);
  /* The session shows the same. */
  g_assert_true (jx_session_get_selected_partner (session, &item, NULL, NULL) && item == a);

  /* A pick in the reference keeps the compared trace. */
  jx_selection_select (selection, a, 0, 0);
  g_assert_true (jx_session_get_compared (session) == c);
  g_assert_true (jx_selection_get_partner (selection, &item, NULL, NULL) && item == c);

  /* c's comparison dropped (a new reference): no partner until it is
   * done again. */
  jx_selection_select (selection, c, 0, 0);
  jx_session_set_reference (session, b);
  g_assert_false (jx_selection_get_partner (selection, NULL, NULL, NULL));
  g_assert_true (jx_test_wait_until (compared_and_done, c, 60));
  g_assert_true (jx_selection_get_partner (selection, &item, NULL, NULL) && item == b);

  /* c leaves: so does the selection. */
  jx_session_remove (session, c);
  g_assert_false (jx_selection_get_invocation (selection, &item, &stream, &invocation));
  g_assert_null (item);
  g_assert_cmpuint (stream, ==, JX_NONE);
  g_assert_false (jx_selection_get_partner (selection, NULL, NULL, NULL));

  g_clear_object (&session);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/trace-comparison/run", test_trace_comparison);
  g_test_add_func ("/session/diff-bar-model/per-stream", test_per_stream);
  g_test_add_func ("/session/comparison-manager/choice", test_manager);
  g_test_add_func ("/session/selection/partner", test_selection);

  return g_test_run ();
}
