/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-comparison.c — the comparison of every trace with the
 * reference, without a display: it starts when both are loaded, its pairs
 * arrive one by one with their diff bars, the reference's change, a new
 * trace, a removal or a cancel recompute or drop exactly what they affect,
 * offsets never do, a session that goes away mid-run leaves nothing behind,
 * a compared trace's timeline summary waits for its comparison,
 * and the selection's partner and the walk from difference to difference
 * follow the alignment. */
#include "config.h"

#include <string.h>

#include "jx-session.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"

typedef struct
{
  char *dir;
  char *a;
  char *b;
} Pair;

static void
pair_setup (Pair *pair,
            guint n_ranks,
            guint n_iterations)
{
  pair->dir = jx_test_generate_remove_pair (n_ranks, n_iterations, &pair->a, &pair->b);
}

static void
pair_clear (Pair *pair)
{
  jx_test_remove_tree (pair->dir);
  g_free (pair->dir);
  g_free (pair->a);
  g_free (pair->b);
}

static gboolean
comparison_settled (gpointer item)
{
  JxSessionComparisonState state = jx_session_trace_get_comparison_state (item);

  return state == JX_SESSION_COMPARISON_DONE || state == JX_SESSION_COMPARISON_FAILED ||
         state == JX_SESSION_COMPARISON_CANCELLED;
}

static void
wait_compared (JxSessionTrace *item)
{
  g_assert_true (jx_test_wait_until (comparison_settled, item, 60));
  g_assert_cmpint (jx_session_trace_get_comparison_state (item), ==, JX_SESSION_COMPARISON_DONE);
}

static guint
count_aligned (JxComparison *cmp)
{
  guint n = 0;

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    n += jx_comparison_get_pair (cmp, i)->alignment != NULL;
  return n;
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

/* Drops the session and waits until it, its items and their traces are
 * freed: a comparison still running ends into nothing and lets go. */
static void
finish_session (JxSession *session)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (session));
  g_autofree gpointer *items = g_new0 (gpointer, MAX (n, 1));
  g_autofree gpointer *traces = g_new0 (gpointer, MAX (n, 1));
  gpointer weak_session = session;

  for (guint i = 0; i < n; i++)
    {
      items[i] = jx_session_peek_item (session, i);
      g_object_add_weak_pointer (items[i], &items[i]);
      traces[i] = jx_session_trace_get_trace (items[i]);
      if (traces[i] != NULL)
        g_object_add_weak_pointer (traces[i], &traces[i]);
    }
  g_object_add_weak_pointer (G_OBJECT (session), &weak_session);
  g_object_unref (session);
  g_assert_true (jx_test_wait_until_null (&weak_session, 30));
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (jx_test_wait_until_null (&items[i], 30));
      g_assert_true (jx_test_wait_until_null (&traces[i], 30));
    }
}

/* Two traces: the second is compared with the first, pair by pair, each
 * with its diff bars; the numbers are the engine's. */
static void
test_lifecycle (void)
{
  Pair pair;
  JxSession *session = jx_session_new ();
  JxSessionTrace *a, *b;
  JxComparison *cmp;
  g_autoptr(JxTrace) ta = NULL;
  g_autoptr(JxTrace) tb = NULL;
  g_autoptr(JxComparison) direct = NULL;
  guint pair_notifies = 0;

  pair_setup (&pair, 3, 8);
  a = jx_session_add_path (session, pair.a);
  b = jx_session_add_path (session, pair.b);
  g_signal_connect (b, "notify::comparison-pairs", G_CALLBACK (count_notify), &pair_notifies);
  g_assert_cmpint (jx_session_trace_get_comparison_state (b), ==, JX_SESSION_COMPARISON_NONE);
  jx_test_wait_for_loads (session);
  wait_compared (b);

  /* The reference compares with nobody; the other with the reference. */
  g_assert_cmpint (jx_session_trace_get_comparison_state (a), ==, JX_SESSION_COMPARISON_NONE);
  g_assert_null (jx_session_trace_get_comparison (a));
  cmp = jx_session_trace_get_comparison (b);
  g_assert_nonnull (cmp);
  g_assert_cmpstr (jx_comparison_get_name_a (cmp), ==, jx_trace_get_name (jx_session_trace_get_trace (a)));
  g_assert_true (jx_session_get_compared (session) == b);
  g_assert_cmpfloat (jx_session_trace_get_comparison_fraction (b), ==, 1.0);
  g_assert_cmpfloat (jx_session_trace_get_comparison_estimate (b), >, 0.0);

  /* One notification per stream pair, as they finished. */
  g_assert_cmpuint (jx_session_trace_get_comparison_pairs (b), ==, count_aligned (cmp));
  g_assert_cmpuint (pair_notifies, ==, count_aligned (cmp));
  g_assert_cmpuint (count_aligned (cmp), ==, 3);

  /* Same result as the synchronous engine. */
  ta = jx_trace_load (pair.a, NULL, NULL, NULL, NULL, NULL);
  tb = jx_trace_load (pair.b, NULL, NULL, NULL, NULL, NULL);
  direct = jx_comparison_run (ta, tb, NULL, NULL, NULL);
  g_assert_nonnull (direct);
  g_assert_cmpuint (jx_comparison_get_n_pairs (direct), ==, jx_comparison_get_n_pairs (cmp));
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxComparisonPair *q = jx_comparison_get_pair (direct, i);
      const JxComparisonPair *bar;
      gboolean side_b;
      JxSessionTrace *other;

      g_assert_cmpfloat (p->similarity, ==, q->similarity);
      g_assert_cmpuint (p->alignment->n_pairs, ==, q->alignment->n_pairs);
      g_assert_nonnull (p->diff);
      /* Both streams of the pair show its diff bar, each its own side. */
      g_assert_true (jx_session_has_diff_bar (session, b, p->stream_b));
      g_assert_true (jx_session_has_diff_bar (session, a, p->stream_a));
      g_assert_true (jx_session_get_diff_bar (session, b, p->stream_b, &bar, &side_b, &other));
      g_assert_true (bar == p && side_b && other == a);
      g_assert_true (jx_session_get_diff_bar (session, a, p->stream_a, &bar, &side_b, &other));
      g_assert_true (bar == p && !side_b && other == b);
      /* A removed call per iteration: the pair is not equal. */
      g_assert_cmpfloat (p->similarity, <, 1.0);
      g_assert_cmpuint (jx_pair_diff_get_n_hunks (p->diff), ==, 8);
    }

  finish_session (session);
  pair_clear (&pair);
}

/* Offsets shift the traces, not their structure: no new comparison. */
static void
test_offsets_do_not_recompute (void)
{
  Pair pair;
  JxSession *session = jx_session_new ();
  JxSessionTrace *b;
  JxComparison *before;
  guint state_notifies = 0;

  pair_setup (&pair, 2, 5);
  jx_session_add_path (session, pair.a);
  b = jx_session_add_path (session, pair.b);
  jx_test_wait_for_loads (session);
  wait_compared (b);
  before = jx_session_trace_get_comparison (b);

  g_signal_connect (b, "notify::comparison-state", G_CALLBACK (count_notify), &state_notifies);
  jx_session_set_offset (session, b, 1234567);
  jx_session_set_offset (session, jx_test_item_at (session, 0), -50000);
  jx_session_undo (session);
  jx_test_spin (200);
  g_assert_true (jx_session_trace_get_comparison (b) == before);
  g_assert_cmpuint (state_notifies, ==, 0);

  finish_session (session);
  pair_clear (&pair);
}

/* A new reference: every other trace is compared with it, the new
 * reference drops its own comparison. A third trace is compared alone. */
static void
test_reference_change (void)
{
  Pair pair;
  JxSession *session = jx_session_new ();
  JxSessionTrace *a, *b, *c;
  JxComparison *b_before;

  pair_setup (&pair, 2, 5);
  a = jx_session_add_path (session, pair.a);
  b = jx_session_add_path (session, pair.b);
  jx_test_wait_for_loads (session);
  wait_compared (b);

  jx_session_set_reference (session, b);
  g_assert_null (jx_session_trace_get_comparison (b));
  g_assert_cmpint (jx_session_trace_get_comparison_state (b), ==, JX_SESSION_COMPARISON_NONE);
  g_assert_cmpint (jx_session_trace_get_comparison_state (a), ==, JX_SESSION_COMPARISON_RUNNING);
  wait_compared (a);
  g_assert_cmpstr (jx_comparison_get_name_a (jx_session_trace_get_comparison (a)), ==,
                   jx_trace_get_name (jx_session_trace_get_trace (b)));
  /* From b's side the removed calls are only in a: extra calls, no hunk
   * count change. */
  g_assert_true (jx_session_get_compared (session) == a);

  /* A third trace: only it is compared; the others keep their results. */
  b_before = jx_session_trace_get_comparison (a);
  c = jx_session_add_path (session, pair.a);
  jx_test_wait_for_loads (session);
  wait_compared (c);
  g_assert_true (jx_session_trace_get_comparison (a) == b_before);
  g_assert_cmpint (jx_session_trace_get_comparison_state (b), ==, JX_SESSION_COMPARISON_NONE);

  /* Removing the reference: the trace taking its place is the reference,
   * and the rest is compared with it. */
  jx_session_remove (session, b);
  g_assert_true (jx_session_get_reference (session) == c);
  g_assert_cmpint (jx_session_trace_get_comparison_state (c), ==, JX_SESSION_COMPARISON_NONE);
  wait_compared (a);
  g_assert_true (jx_session_get_compared (session) == a);

  finish_session (session);
  pair_clear (&pair);
}

/* Cancel keeps what is done and can be started again; removing a trace or
 * dropping the session mid-run leaves nothing running and nothing behind. */
static void
test_cancel_remove_close (void)
{
  Pair pair;
  JxSession *session = jx_session_new ();
  JxSessionTrace *b;
  gpointer weak_b;

  pair_setup (&pair, 4, 60);
  jx_session_add_path (session, pair.a);
  b = jx_session_add_path (session, pair.b);
  jx_test_wait_for_loads (session);

  /* Cancelled straight away: consistent, then again. */
  if (jx_session_trace_get_comparison_state (b) == JX_SESSION_COMPARISON_RUNNING)
    {
      jx_session_cancel_comparison (session, b);
      g_assert_cmpint (jx_session_trace_get_comparison_state (b), ==, JX_SESSION_COMPARISON_CANCELLED);
      jx_test_spin (100);
      g_assert_cmpint (jx_session_trace_get_comparison_state (b), ==, JX_SESSION_COMPARISON_CANCELLED);
      g_assert_cmpuint (jx_session_trace_get_comparison_pairs (b), <=, 4);
    }
  jx_session_compare (session, b);
  g_assert_cmpint (jx_session_trace_get_comparison_state (b), ==, JX_SESSION_COMPARISON_RUNNING);
  g_assert_cmpuint (jx_session_trace_get_comparison_pairs (b), ==, 0);
  wait_compared (b);
  g_assert_cmpuint (jx_session_trace_get_comparison_pairs (b), ==, 4);

  /* Removed while running: the item and its results go. */
  jx_session_compare (session, b);
  weak_b = b;
  g_object_add_weak_pointer (G_OBJECT (b), &weak_b);
  jx_session_remove (session, b);
  g_assert_true (jx_test_wait_until_null (&weak_b, 30));
  g_assert_null (jx_session_get_compared (session));

  /* Dropped while running. */
  b = jx_session_add_path (session, pair.b);
  jx_test_wait_for_loads (session);
  g_assert_cmpint (jx_session_trace_get_comparison_state (b), ==, JX_SESSION_COMPARISON_RUNNING);
  finish_session (session);
  pair_clear (&pair);
}

static gboolean
has_summary (gpointer item)
{
  return jx_session_trace_get_summary (item) != NULL;
}

static void
record_state_at_summary (JxSessionTrace           *item,
                         GParamSpec               *pspec,
                         JxSessionComparisonState *state)
{
  *state = jx_session_trace_get_comparison_state (item);
}

/* A compared trace's timeline summary waits while its comparison runs and
 * starts when the comparison stops: done, or cancelled. The reference's
 * does not wait. */
static void
test_summary_waits (void)
{
  Pair pair;
  JxSession *session = jx_session_new ();
  g_autoptr(JxTrace) ta = NULL;
  g_autoptr(JxTrace) tb = NULL;
  JxSessionTrace *a, *b, *c;
  JxSessionComparisonState at_b = JX_SESSION_COMPARISON_RUNNING, at_c = JX_SESSION_COMPARISON_RUNNING;

  pair_setup (&pair, 4, 60);
  ta = jx_trace_load (pair.a, NULL, NULL, NULL, NULL, NULL);
  tb = jx_trace_load (pair.b, NULL, NULL, NULL, NULL, NULL);
  g_assert_nonnull (ta);
  g_assert_nonnull (tb);
  a = jx_session_add_trace (session, ta);
  g_assert_true (jx_test_wait_until (has_summary, a, 30));

  /* Added loaded: its comparison runs at once, its summary waits for it. */
  b = jx_session_add_trace (session, tb);
  g_signal_connect (b, "notify::summary", G_CALLBACK (record_state_at_summary), &at_b);
  g_assert_cmpint (jx_session_trace_get_comparison_state (b), ==, JX_SESSION_COMPARISON_RUNNING);
  g_assert_null (jx_session_trace_get_summary (b));
  g_assert_true (jx_test_wait_until (has_summary, b, 60));
  g_assert_cmpint (at_b, ==, JX_SESSION_COMPARISON_DONE);
  g_assert_true (jx_timeline_summary_get_trace (jx_session_trace_get_summary (b)) == tb);

  /* Cancelled: the summary starts then. */
  c = jx_session_add_trace (session, tb);
  g_signal_connect (c, "notify::summary", G_CALLBACK (record_state_at_summary), &at_c);
  g_assert_cmpint (jx_session_trace_get_comparison_state (c), ==, JX_SESSION_COMPARISON_RUNNING);
  jx_session_cancel_comparison (session, c);
  g_assert_true (jx_test_wait_until (has_summary, c, 60));
  g_assert_cmpint (at_c, ==, JX_SESSION_COMPARISON_CANCELLED);

  /* Removed while its summary waits: nothing starts for it. */
  jx_session_remove (session, jx_session_add_trace (session, tb));
  jx_test_spin (50);

  g_clear_object (&ta);
  g_clear_object (&tb);
  finish_session (session);
  pair_clear (&pair);
}

/* The partner of a selection, and next / previous difference walking the
 * removed calls in order, then stopping. */
static void
test_partner_and_differences (void)
{
  Pair pair;
  JxSession *session = jx_session_new ();
  JxSessionTrace *a, *b, *item, *partner;
  guint32 stream, inv, pstream, pinv;
  guint walked = 0;
  guint64 last_start = 0;
  guint32 last_stream = 0;

  pair_setup (&pair, 2, 6);
  a = jx_session_add_path (session, pair.a);
  b = jx_session_add_path (session, pair.b);
  jx_test_wait_for_loads (session);
  wait_compared (b);

  /* main of b is aligned with main of a. */
  jx_session_select_invocation (session, b, 0, 0);
  g_assert_true (jx_session_get_selected_partner (session, &partner, &pstream, &pinv));
  g_assert_true (partner == a);
  g_assert_cmpuint (pinv, ==, 0);

  jx_session_clear_selection (session);
  g_assert_false (jx_session_get_selected_partner (session, NULL, NULL, NULL));
  /* The structural differences only (timing: test_differences_by_impact). */
  jx_session_set_diff_mode (session, JX_DIFF_BAR_STRUCTURE);
  while (jx_session_select_difference (session, TRUE))
    {
      JxTrace *trace;
      const JxStream *s;

      g_assert_true (jx_session_get_selected_invocation (session, &item, &stream, &inv));
      /* Every difference is a removed call, only in a: no partner. */
      g_assert_true (item == a);
      trace = jx_session_trace_get_trace (a);
      s = jx_trace_get_stream (trace, stream);
      g_assert_cmpstr (jx_trace_get_region (trace, s->region[inv])->name, ==, "compute_halo");
      g_assert_false (jx_session_get_selected_partner (session, NULL, NULL, NULL));
      /* In time order within a stream, stream after stream. */
      if (stream == last_stream && walked > 0)
        g_assert_cmpuint (s->start[inv], >, last_start);
      g_assert_cmpuint (stream, >=, last_stream);
      last_stream = stream;
      last_start = s->start[inv];
      walked++;
    }
  /* 6 iterations on each of 2 ranks. */
  g_assert_cmpuint (walked, ==, 12);

  /* And back. */
  walked = 0;
  while (jx_session_select_difference (session, FALSE))
    walked++;
  g_assert_cmpuint (walked, ==, 11);

  finish_session (session);
  pair_clear (&pair);
}

/* The name of the selected call's function and the impact of its aligned
 * pair (jx_pair_diff_pair_impact). */
static const char *
selected (JxSession *session,
          double    *impact,
          gboolean  *changed)
{
  JxSessionTrace *item;
  const JxComparisonPair *pair;
  JxDiffTimingParams params;
  guint32 stream, inv, k;
  gboolean side_b;
  JxTrace *trace;

  g_assert_true (jx_session_get_selected_invocation (session, &item, &stream, &inv));
  g_assert_true (jx_session_get_diff_bar (session, item, stream, &pair, &side_b, NULL));
  jx_diff_bar_set_get_timing_params (jx_diff_bar_model_get_bars (jx_session_get_diff_bars (session), item), &params);
  k = jx_pair_diff_pair_of (pair->diff, side_b, inv);
  if (impact != NULL)
    *impact = jx_pair_diff_pair_impact (pair->diff, k, params.seconds_per_tick_a, params.seconds_per_tick_b);
  if (changed != NULL)
    *changed = jx_pair_diff_is_change (pair->diff, k, &params);
  trace = jx_session_trace_get_trace (item);
  return jx_trace_get_region (trace, jx_trace_get_stream (trace, stream)->region[inv])->name;
}

/* B's stencil kernel takes half the time (generator variant faster-kernel):
 * F7 walks timing differences too, and by impact the largest change first:
 * the same differences as in time order, impacts never growing. */
static void
test_differences_by_impact (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path_a = NULL;
  g_autofree char *path_b = NULL;
  JxSession *session = jx_session_new ();
  JxSessionTrace *b;
  guint n_time = 0, n_impact = 0, n_kernel = 0, n_back = 0;
  double last = G_MAXDOUBLE, impact;
  gboolean changed;

  dir = jx_test_generate_variant_pair (2, 6, JX_VARIANT_FASTER_KERNEL, &path_a, &path_b);
  jx_session_add_path (session, path_a);
  b = jx_session_add_path (session, path_b);
  jx_test_wait_for_loads (session);
  wait_compared (b);
  g_assert_cmpint (jx_session_get_diff_mode (session), ==, JX_DIFF_BAR_BOTH);

  /* Structure alone: the pair is identical. */
  jx_session_set_diff_mode (session, JX_DIFF_BAR_STRUCTURE);
  g_assert_false (jx_session_select_difference (session, TRUE));
  jx_session_set_diff_mode (session, JX_DIFF_BAR_BOTH);

  while (jx_session_select_difference (session, TRUE))
    {
      selected (session, NULL, &changed);
      g_assert_true (changed);
      n_time++;
    }
  g_assert_cmpuint (n_time, >=, 12);

  jx_session_set_differences_by_impact (session, TRUE);
  g_assert_true (jx_session_get_differences_by_impact (session));
  jx_session_clear_selection (session);
  while (jx_session_select_difference (session, TRUE))
    {
      const char *name = selected (session, &impact, &changed);

      g_assert_true (changed);
      g_assert_cmpfloat (impact, <=, last);
      g_assert_cmpfloat (impact, >, 0.0);
      /* The kernels (12: 6 iterations on 2 ranks) lead. */
      if (n_impact < 12)
        g_assert_cmpstr (name, ==, "stencil_kernel");
      n_kernel += g_str_equal (name, "stencil_kernel");
      last = impact;
      n_impact++;
    }
  g_assert_cmpuint (n_impact, ==, n_time);
  g_assert_cmpuint (n_kernel, ==, 12);
  while (jx_session_select_difference (session, FALSE))
    n_back++;
  g_assert_cmpuint (n_back, ==, n_time - 1);
  /* Back at the largest. */
  selected (session, &impact, NULL);
  jx_session_clear_selection (session);
  g_assert_true (jx_session_select_difference (session, TRUE));
  {
    double largest;

    selected (session, &largest, NULL);
    g_assert_cmpfloat (impact, ==, largest);
  }

  /* A wide band: only what changed by more remains. */
  jx_session_set_noise_band (session, 0.9);
  jx_session_clear_selection (session);
  n_impact = 0;
  while (jx_session_select_difference (session, TRUE))
    n_impact++;
  g_assert_cmpuint (n_impact, <, n_time);

  finish_session (session);
  jx_test_remove_tree (dir);
}

/* A function picked in the headline: highlighted, its first call selected,
 * F7 cycles through its calls and comes back; another search ends it. */
static void
test_focus_function (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path_a = NULL;
  g_autofree char *path_b = NULL;
  JxSession *session = jx_session_new ();
  JxSessionTrace *b, *item, *first_item;
  guint32 first_stream, first_inv, stream, inv;
  guint index, count, n = 0;

  dir = jx_test_generate_variant_pair (2, 6, JX_VARIANT_FASTER_KERNEL, &path_a, &path_b);
  jx_session_add_path (session, path_a);
  b = jx_session_add_path (session, path_b);
  jx_test_wait_for_loads (session);
  wait_compared (b);

  g_assert_true (jx_session_focus_function (session, "stencil_kernel"));
  g_assert_cmpstr (jx_session_get_focus_function (session), ==, "stencil_kernel");
  g_assert_cmpstr (jx_session_get_search (session), ==, "stencil_kernel");
  g_assert_cmpstr (selected (session, NULL, NULL), ==, "stencil_kernel");
  g_assert_true (jx_session_get_selected_invocation (session, &first_item, &first_stream, &first_inv));
  /* B's call (the compared trace's) when both have one. */
  g_assert_true (first_item == b);
  g_assert_true (jx_selection_get_focus_position (jx_session_get_selection (session), &index, &count));
  g_assert_cmpuint (index, ==, 0);
  g_assert_cmpuint (count, ==, 12);
  for (n = 1; n <= count; n++)
    {
      g_assert_true (jx_session_select_difference (session, TRUE));
      g_assert_cmpstr (selected (session, NULL, NULL), ==, "stencil_kernel");
      jx_selection_get_focus_position (jx_session_get_selection (session), &index, NULL);
      g_assert_cmpuint (index, ==, n % count);
    }
  /* Round once: the first again. */
  g_assert_true (jx_session_get_selected_invocation (session, &item, &stream, &inv));
  g_assert_true (item == first_item && stream == first_stream && inv == first_inv);
  g_assert_true (jx_session_select_difference (session, FALSE));
  jx_selection_get_focus_position (jx_session_get_selection (session), &index, NULL);
  g_assert_cmpuint (index, ==, count - 1);

  /* A function nobody calls: the search is set, nothing selected. */
  g_assert_false (jx_session_focus_function (session, "no_such_function"));
  g_assert_false (jx_session_select_difference (session, TRUE));
  jx_session_set_search (session, "iteration");
  g_assert_null (jx_session_get_focus_function (session));

  finish_session (session);
  jx_test_remove_tree (dir);
}

static gboolean
tree_settled (gpointer data)
{
  JxSession *session = data;
  JxDiffTreeStoreState state = jx_diff_tree_store_get_state (jx_session_get_diff_trees (session),
                                                             jx_session_peek_item (session, 1), NULL);

  return state == JX_DIFF_TREE_STORE_READY || state == JX_DIFF_TREE_STORE_FAILED;
}

static void
count_changed (JxDiffTreeStore *store,
               JxSessionTrace  *item,
               guint           *n)
{
  (*n)++;
}

/* The differential tree is built off the main thread when first asked for,
 * kept, dropped when the comparison starts again and built again; a node
 * of it picks exactly its call path's calls for F7. */
static void
test_diff_tree_store (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path_a = NULL;
  g_autofree char *path_b = NULL;
  JxSession *session = jx_session_new ();
  JxDiffTreeStore *store = jx_session_get_diff_trees (session);
  JxSessionTrace *a, *b, *first_item, *item;
  const JxDiffTree *tree;
  guint32 kernel = JX_NONE, first_stream, first_inv, stream, inv;
  guint changed = 0, index, count;
  const GError *error = NULL;

  dir = jx_test_generate_variant_pair (2, 6, JX_VARIANT_FASTER_KERNEL, &path_a, &path_b);
  a = jx_session_add_path (session, path_a);
  b = jx_session_add_path (session, path_b);
  g_signal_connect (store, "changed", G_CALLBACK (count_changed), &changed);
  jx_test_wait_for_loads (session);
  wait_compared (b);

  g_assert_cmpint (jx_diff_tree_store_get_state (store, b, NULL), ==, JX_DIFF_TREE_STORE_NONE);
  g_assert_null (jx_diff_tree_store_get (store, b));
  g_assert_cmpint (jx_diff_tree_store_get_state (store, b, NULL), ==, JX_DIFF_TREE_STORE_BUILDING);
  g_assert_true (jx_test_wait_until (tree_settled, session, 60));
  g_assert_cmpint (jx_diff_tree_store_get_state (store, b, &error), ==, JX_DIFF_TREE_STORE_READY);
  g_assert_null (error);
  g_assert_cmpuint (changed, ==, 2);
  tree = jx_diff_tree_store_get (store, b);
  g_assert_nonnull (tree);
  g_assert_cmpuint (tree->n_stream_pairs, ==, 2);
  /* Kept: asking again builds nothing. */
  g_assert_true (jx_diff_tree_store_get (store, b) == tree);
  g_assert_cmpuint (changed, ==, 2);
  /* The reference has no comparison of its own. */
  g_assert_null (jx_diff_tree_store_get (store, a));

  for (guint32 n = 1; n < tree->n_nodes && kernel == JX_NONE; n++)
    if (g_str_equal (tree->names[tree->symbol_a[n]], "stencil_kernel"))
      kernel = n;
  g_assert_cmpuint (kernel, !=, JX_NONE);
  g_assert_false (jx_session_focus_call_path (session, b, JX_DIFF_TREE_ROOT));
  g_assert_true (jx_session_focus_call_path (session, b, kernel));
  g_assert_cmpstr (jx_session_get_focus_function (session), ==, "stencil_kernel");
  g_assert_cmpstr (jx_session_get_search (session), ==, "stencil_kernel");
  g_assert_true (jx_session_get_selected_invocation (session, &first_item, &first_stream, &first_inv));
  g_assert_true (first_item == b);
  g_assert_true (jx_selection_get_focus_position (jx_session_get_selection (session), &index, &count));
  g_assert_cmpuint (count, ==, tree->calls_b[kernel]);
  for (guint i = 0; i < count; i++)
    g_assert_true (jx_session_select_difference (session, TRUE));
  g_assert_true (jx_session_get_selected_invocation (session, &item, &stream, &inv));
  g_assert_true (item == first_item && stream == first_stream && inv == first_inv);

  /* Compared again: the tree goes, the wish stays, and it comes back. */
  jx_session_compare (session, b);
  g_assert_cmpint (jx_diff_tree_store_get_state (store, b, NULL), !=, JX_DIFF_TREE_STORE_READY);
  g_assert_null (jx_diff_tree_store_get (store, b));
  wait_compared (b);
  g_assert_true (jx_test_wait_until (tree_settled, session, 60));
  g_assert_nonnull (jx_diff_tree_store_get (store, b));

  /* Removed while building: nothing arrives for it. */
  jx_session_compare (session, b);
  wait_compared (b);
  g_assert_null (jx_diff_tree_store_get (store, b));
  jx_session_remove (session, b);
  jx_test_spin (200);
  g_signal_handlers_disconnect_by_func (store, count_changed, &changed);

  finish_session (session);
  jx_test_remove_tree (dir);
}

/* The real xeonphi Jacobi pair (B 4.6 s slower): F7 stops only at calls
 * whose self time moved by a visible share of the run; the start-up
 * calls that went from 3 µs to 7 µs (init_mpi, atof) are no stops, and
 * the kernels that got 40 ms slower each are. */
static void
test_differences_real_floor (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autofree char *path_a = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *path_b = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  JxSessionTrace *b;
  double impact;
  guint n = 0, n_kernel = 0;

  jx_session_add_path (session, path_a);
  b = jx_session_add_path (session, path_b);
  jx_test_wait_for_loads (session);
  wait_compared (b);

  while (jx_session_select_difference (session, TRUE))
    {
      const char *name = selected (session, &impact, NULL);

      g_assert_cmpstr (name, !=, "init_mpi");
      g_assert_cmpstr (name, !=, "atof");
      g_assert_cmpfloat (impact, >=, 1e-4 * 18.7);
      n_kernel += g_str_equal (name, "jacobi_kernel");
      n++;
    }
  g_assert_cmpuint (n_kernel, ==, 100);
  g_assert_cmpuint (n, <, 3759);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/comparison/lifecycle", test_lifecycle);
  g_test_add_func ("/session/comparison/offsets", test_offsets_do_not_recompute);
  g_test_add_func ("/session/comparison/reference-change", test_reference_change);
  g_test_add_func ("/session/comparison/cancel-remove-close", test_cancel_remove_close);
  g_test_add_func ("/session/comparison/summary-waits", test_summary_waits);
  g_test_add_func ("/session/comparison/differences", test_partner_and_differences);
  g_test_add_func ("/session/comparison/differences-by-impact", test_differences_by_impact);
  g_test_add_func ("/session/comparison/differences-real-floor", test_differences_real_floor);
  g_test_add_func ("/session/comparison/focus-function", test_focus_function);
  g_test_add_func ("/session/comparison/diff-tree-store", test_diff_tree_store);

  return g_test_run ();
}
