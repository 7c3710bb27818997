/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-views.c — the small comparison the view tests share. */
#include "config.h"

#include "jx-test-session.h"
#include "jx-test-views.h"
#include "jx-trace-builder.h"

#define PARADIGM_USER 1
#define PARADIGM_MPI  4
#define ROLE_FUNCTION 1
#define MS            JX_TEST_MS

/* Two ranks, one stream each, clock in ns:
 *   main [0, 10 ms) { compute [1, 4) ; MPI_Send [4, 5) ; compute [5, 9) }
 * `shift` moves everything but "main"'s start, so traces differ. */
JxTrace *
jx_test_views_make_trace (const char *name,
                          guint64     shift)
{
  JxTraceBuilder *builder;
  g_autofree char *path = g_strdup_printf ("/nonexistent/%s/traces.otf2", name);
  guint32 r_main, r_compute, r_send;
  guint p;

  builder = jx_trace_builder_new (path, name, 1000000000);
  r_main = jx_trace_builder_add_region (builder, "main", PARADIGM_USER, ROLE_FUNCTION);
  r_compute = jx_trace_builder_add_region (builder, "compute", PARADIGM_USER, ROLE_FUNCTION);
  r_send = jx_trace_builder_add_region (builder, "MPI_Send", PARADIGM_MPI, ROLE_FUNCTION);

  for (p = 0; p < 2; p++)
    {
      g_autofree char *pname = g_strdup_printf ("Rank %u", p);
      guint32 process = jx_trace_builder_add_process (builder, pname, JX_NONE);
      guint32 s = jx_trace_builder_add_stream (builder, process, "Master thread", JX_STREAM_CPU_THREAD);

      jx_trace_builder_enter (builder, s, 0, r_main);
      jx_trace_builder_enter (builder, s, 1 * MS + shift, r_compute);
      jx_trace_builder_leave (builder, s, 4 * MS + shift, r_compute);
      jx_trace_builder_enter (builder, s, 4 * MS + shift, r_send);
      jx_trace_builder_leave (builder, s, 5 * MS + shift, r_send);
      jx_trace_builder_enter (builder, s, 5 * MS + shift, r_compute);
      jx_trace_builder_leave (builder, s, 9 * MS, r_compute);
      jx_trace_builder_leave (builder, s, 10 * MS, r_main);
    }

  return jx_trace_builder_finish (builder);
}

JxTraceTimeline *
jx_test_views_lane_of (GtkWidget *master,
                       JxSession *session,
                       guint      position)
{
  return jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (master), jx_test_item_at (session, position));
}

JxSession *
jx_test_views_make_session (void)
{
  JxSession *session = jx_session_new ();
  g_autoptr(JxTrace) a = jx_test_views_make_trace ("A", 0);
  g_autoptr(JxTrace) b = jx_test_views_make_trace ("B", 0);

  jx_session_add_trace (session, a);
  jx_session_add_trace (session, b);
  jx_test_set_view (session, 0, 10 * MS);
  return session;
}

int
jx_test_views_row_center (JxTraceTimeline *timeline,
                          guint32          stream)
{
  int y = 0, h = 0;

  g_assert_true (jx_trace_timeline_get_stream_span (timeline, stream, &y, &h));
  return y + h / 2;
}
