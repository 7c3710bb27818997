/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The scores of the session's comparisons (the Preferences' match /
 * mismatch / gap): the default 2 / −1 / −1, other scores compare again and
 * the result records them, refused scores change nothing; the same for the
 * pairing mode. */
#include "config.h"

#include "jx-test-session.h"
#include "jx-test-util.h"

static gboolean
done (gpointer item)
{
  return jx_session_trace_get_comparison_state (item) == JX_SESSION_COMPARISON_DONE;
}

static void
test_session_scoring (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  JxComparisonManager *manager = jx_session_get_comparison_manager (session);
  g_autofree char *a = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *b = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autoptr(GError) error = NULL;
  JxScoring scoring, refused;
  JxSessionTrace *item;
  JxComparison *first;

  jx_session_add_path (session, a);
  item = jx_session_add_path (session, b);
  jx_test_wait_for_loads (session);
  g_assert_true (jx_test_wait_until (done, item, 120));
  first = jx_session_trace_get_comparison (item);
  g_assert_true (jx_scoring_is_default (jx_comparison_get_scoring (first)));
  g_assert_true (jx_scoring_is_default (jx_comparison_manager_get_scoring (manager)));

  /* The same scores: nothing runs again. */
  jx_scoring_init_default (&scoring);
  g_assert_true (jx_comparison_manager_set_scoring (manager, &scoring, NULL));
  g_assert_true (jx_session_trace_get_comparison (item) == first);

  /* Other scores: compared again, and the result says with which. */
  scoring.match = 3;
  scoring.gap = -2;
  g_assert_true (jx_comparison_manager_set_scoring (manager, &scoring, &error));
  g_assert_no_error (error);
  g_assert_cmpint (jx_session_trace_get_comparison_state (item), ==, JX_SESSION_COMPARISON_RUNNING);
  g_assert_true (jx_test_wait_until (done, item, 120));
  g_assert_true (jx_scoring_equal (jx_comparison_get_scoring (jx_session_trace_get_comparison (item)), &scoring));
  g_assert_true (jx_session_trace_get_comparison (item) != first);

  /* A gap that costs nothing is refused; the scores stay. */
  refused = scoring;
  refused.gap = 0;
  g_assert_false (jx_comparison_manager_set_scoring (manager, &refused, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_true (jx_scoring_equal (jx_comparison_manager_get_scoring (manager), &scoring));
  g_assert_cmpint (jx_session_trace_get_comparison_state (item), ==, JX_SESSION_COMPARISON_DONE);

  /* Pairing by structure: compared again, the result says how it paired. */
  g_assert_cmpint (jx_comparison_get_pairing_summary (jx_session_trace_get_comparison (item))->mode, ==,
                   JX_PAIRING_AUTO);
  jx_comparison_manager_set_pairing (manager, JX_PAIRING_STRUCTURE);
  g_assert_cmpint (jx_comparison_manager_get_pairing (manager), ==, JX_PAIRING_STRUCTURE);
  g_assert_cmpint (jx_session_trace_get_comparison_state (item), ==, JX_SESSION_COMPARISON_RUNNING);
  g_assert_true (jx_test_wait_until (done, item, 120));
  g_assert_cmpint (jx_comparison_get_pairing_summary (jx_session_trace_get_comparison (item))->mode, ==,
                   JX_PAIRING_STRUCTURE);
  g_assert_true (jx_scoring_equal (jx_comparison_get_scoring (jx_session_trace_get_comparison (item)), &scoring));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/scoring", test_session_scoring);
  return g_test_run ();
}
