/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-call-highlight.c — the session's call highlight (jx-call-highlight.h):
 * calls of two traces in walk order, the per-stream index the timelines
 * draw from, "item-changed" for exactly the traces whose calls came or
 * went, the walk round (F7), a trace's removal taking its calls, and a new
 * search, closing the comparison or a new merged tree ending it. */
#include "config.h"

#include "jx-session.h"
#include "jx-test-calls.h"
#include "jx-test-session.h"

#define CPU JX_STREAM_CPU_THREAD

static void
count_item (JxCallHighlight *highlight,
            JxSessionTrace  *item,
            GPtrArray       *seen)
{
  g_ptr_array_add (seen, item);
}

static void
test_highlight (void)
{
  const JxTestStream streams[] = {
    { "rank 0", "Master thread", CPU, "main(a b a)" },
    { "rank 1", "Master thread", CPU, "main(a b)" },
  };
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) t1 = jx_test_calls_trace ("one", streams, 2);
  g_autoptr(JxTrace) t2 = jx_test_calls_trace ("two", streams, 2);
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();
  JxCallHighlight *highlight = jx_session_get_call_highlight (session);
  JxSessionTrace *a, *b;
  const guint32 *offset, *invocations;
  JxHighlightedCall calls[3];
  JxSessionTrace *item;
  guint32 stream, inv;

  jx_session_add_trace (session, t1);
  jx_session_add_trace (session, t2);
  jx_test_wait_for_loads (session);
  a = jx_test_item_at (session, 0);
  b = jx_test_item_at (session, 1);
  g_signal_connect (highlight, "item-changed", G_CALLBACK (count_item), seen);

  /* Walk order as given; the index per stream sorted. */
  calls[0] = (JxHighlightedCall) { a, 0, 3 };
  calls[1] = (JxHighlightedCall) { a, 0, 1 };
  calls[2] = (JxHighlightedCall) { b, 1, 2 };
  jx_call_highlight_set (highlight, "main / a", calls, 3);
  g_assert_cmpuint (jx_call_highlight_get_n_calls (highlight), ==, 3);
  g_assert_cmpstr (jx_call_highlight_get_label (highlight), ==, "main / a");
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_true (jx_call_highlight_get_index (highlight, a, &offset, &invocations));
  g_assert_cmpuint (offset[0], ==, 0);
  g_assert_cmpuint (offset[1], ==, 2);
  g_assert_cmpuint (offset[2], ==, 2);
  g_assert_cmpuint (invocations[0], ==, 1);
  g_assert_cmpuint (invocations[1], ==, 3);
  g_assert_true (jx_call_highlight_get_index (highlight, b, &offset, &invocations));
  g_assert_cmpuint (offset[1] - offset[0], ==, 0);
  g_assert_cmpuint (offset[2] - offset[1], ==, 1);
  g_assert_cmpuint (jx_call_highlight_find (highlight, a, 0, 1), ==, 1);
  g_assert_cmpuint (jx_call_highlight_find (highlight, a, 0, 2), ==, G_MAXUINT);

  /* Next / previous difference walk them, round. */
  g_assert_true (jx_session_select_difference (session, TRUE));
  g_assert_true (jx_session_get_selected_invocation (session, &item, &stream, &inv));
  g_assert_true (item == a);
  g_assert_cmpuint (inv, ==, 3);
  g_assert_true (jx_session_select_difference (session, FALSE));
  g_assert_true (jx_session_get_selected_invocation (session, &item, &stream, &inv));
  g_assert_true (item == b);
  g_assert_cmpuint (stream, ==, 1);
  g_assert_cmpuint (inv, ==, 2);

  /* Only b's calls again: a's views and b's are told. */
  g_ptr_array_set_size (seen, 0);
  jx_call_highlight_set (highlight, "other", &calls[2], 1);
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_false (jx_call_highlight_get_index (highlight, a, NULL, NULL));

  /* b leaves: its calls go, the highlight is empty. */
  g_ptr_array_set_size (seen, 0);
  jx_session_remove (session, b);
  g_assert_cmpuint (jx_call_highlight_get_n_calls (highlight), ==, 0);
  g_assert_null (jx_call_highlight_get_label (highlight));
  g_assert_cmpuint (seen->len, ==, 1);

  /* A new search ends it; so does a new merged tree and closing all. */
  jx_call_highlight_set (highlight, "main / a", calls, 2);
  jx_session_set_search (session, "b");
  g_assert_cmpuint (jx_call_highlight_get_n_calls (highlight), ==, 0);
  jx_call_highlight_set (highlight, "main / a", calls, 2);
  g_signal_emit_by_name (jx_session_get_clusters (session), "tree-changed");
  g_assert_cmpuint (jx_call_highlight_get_n_calls (highlight), ==, 0);
  jx_call_highlight_set (highlight, "main / a", calls, 2);
  jx_session_clear (session);
  g_assert_cmpuint (jx_call_highlight_get_n_calls (highlight), ==, 0);
  /* Without a tree, a node highlights nothing. */
  g_assert_false (jx_session_highlight_merged_node (session, 0));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/call-highlight", test_highlight);
  return g_test_run ();
}
