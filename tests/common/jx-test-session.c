/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-session.c */
#include "config.h"

#include "jx-test-session.h"
#include "jx-test-util.h"

JxSessionTrace *
jx_test_item_at (JxSession *session,
                 guint      position)
{
  JxSessionTrace *item = jx_session_peek_item (session, position);

  g_assert_nonnull (item);
  return item;
}

gint64
jx_test_offset_of (JxSession *session,
                   guint      position)
{
  return jx_session_trace_get_offset (jx_test_item_at (session, position));
}

gint64
jx_test_view_start (JxSession *session)
{
  return jx_session_get_visible_time (session)->begin_ns;
}

gint64
jx_test_view_end (JxSession *session)
{
  return jx_session_get_visible_time (session)->end_ns;
}

void
jx_test_set_view (JxSession *session,
                  gint64     start,
                  gint64     end)
{
  jx_session_set_visible_time (session, &(JxTimeSpan) { start, end });
}

static gboolean
nothing_loading (gpointer session)
{
  return jx_session_get_n_loading (session) == 0;
}

void
jx_test_wait_for_loads (JxSession *session)
{
  g_assert_true (jx_test_wait_until (nothing_loading, session, 60));
}
