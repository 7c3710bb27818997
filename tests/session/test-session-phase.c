/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Find in Other Traces" through the session: a call of one Jacobi run is
 * found in the other run's same stream, and aligning there is one undo
 * step that makes the two fits start together. */
#include "config.h"

#include "jx-session-phase.h"
#include "jx-test-session.h"
#include "jx-test-util.h"

static void
on_found (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  GPtrArray **hits = data;
  g_autoptr(GError) error = NULL;

  *hits = jx_session_find_phase_finish (JX_SESSION (source), result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (*hits);
}

static gboolean
not_null (gpointer data)
{
  return *(gpointer *) data != NULL;
}

static void
test_session_phase (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autofree char *a = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *b = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autoptr(GPtrArray) hits = NULL;
  JxSessionTrace *item_a, *item_b;
  const JxSessionPhaseHit *hit;
  const JxStream *stream;
  JxTrace *trace;
  JxTimeSpan range;
  guint32 kernel, pick = JX_NONE, first_call = JX_NONE, seen = 0;
  gint64 before;

  item_a = jx_session_add_path (session, a);
  item_b = jx_session_add_path (session, b);
  jx_test_wait_for_loads (session);
  trace = jx_session_trace_get_trace (item_a);
  kernel = jx_trace_find_region (trace, "jacobi_kernel");
  g_assert_cmpuint (kernel, !=, JX_NONE);

  /* The third to fifth kernel calls of the first stream that has five. */
  for (guint32 s = 0; s < jx_trace_get_n_streams (trace) && pick == JX_NONE; s++)
    {
      stream = jx_trace_get_stream (trace, s);
      seen = 0;
      for (guint32 i = 0; i < stream->n_invocations && pick == JX_NONE; i++)
        if (stream->region[i] == kernel && ++seen >= 3)
          {
            if (seen == 3)
              first_call = i;
            if (seen == 5)
              pick = i;
          }
      if (pick != JX_NONE)
        {
          JxTimeOrigin origin = jx_session_trace_get_time_origin (item_a);

          range.begin_ns = jx_time_ticks_to_comparison (origin, (gint64) stream->start[first_call]);
          range.end_ns = jx_time_ticks_to_comparison (origin, (gint64) stream->end[pick]);
          jx_session_find_phase_async (session, item_a, s, &range, NULL, on_found, &hits);
        }
    }
  g_assert_cmpuint (pick, !=, JX_NONE);
  g_assert_true (jx_test_wait_until (not_null, &hits, 60));
  g_assert_cmpuint (hits->len, ==, 1);
  hit = g_ptr_array_index (hits, 0);
  g_assert_true (hit->item == item_b);
  g_assert_cmpuint (hit->stream, !=, JX_NONE);
  g_assert_cmpint (hit->match.status, ==, JX_PHASE_FOUND);
  g_assert_true (jx_session_phase_hit_can_align (hit));

  /* Aligning there: B moves so that the anchors start together; undo. */
  before = jx_session_trace_get_offset (item_b);
  g_assert_false (jx_session_can_undo (session));
  g_assert_cmpuint (jx_session_align_phases (session, item_a, hits), ==, 1);
  g_assert_cmpint (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item_a), (gint64) hit->anchor_a_ticks),
                   ==,
                   jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item_b), (gint64) hit->anchor_b_ticks));
  g_assert_true (jx_session_can_undo (session));
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (item_b), ==, before);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/phase", test_session_phase);
  return g_test_run ();
}
