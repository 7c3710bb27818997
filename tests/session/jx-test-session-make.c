/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-session-make.c — see jx-test-session-make.h. */
#include "config.h"

#include <string.h>

#include "jx-test-session-make.h"
#include "jx-test-util.h"
#include "jx-trace-builder.h"

JxTrace *
jx_test_session_make_trace (const char *name,
                            guint64     resolution,
                            guint64     start,
                            guint64     length,
                            guint       n)
{
  JxTraceBuilder *builder;
  g_autofree char *path = g_strdup_printf ("/nonexistent/%s/traces.otf2", name);
  guint32 region;
  guint32 process;
  guint32 stream;

  builder = jx_trace_builder_new (path, name, resolution);
  region = jx_trace_builder_add_region (builder, "work", 0, 0);
  process = jx_trace_builder_add_process (builder, "Rank 0", JX_NONE);
  stream = jx_trace_builder_add_stream (builder, process, "Master thread", JX_STREAM_CPU_THREAD);

  for (guint i = 0; i < n; i++)
    {
      jx_trace_builder_enter (builder, stream, start + length * i / n, region);
      jx_trace_builder_leave (builder, stream, start + length * (i + 1) / n, region);
    }

  return jx_trace_builder_finish (builder);
}

JxSessionTrace *
jx_test_session_add_trace (JxSession  *session,
                           const char *name,
                           guint64     resolution,
                           guint64     start,
                           guint64     length,
                           guint       n)
{
  g_autoptr(JxTrace) trace = jx_test_session_make_trace (name, resolution, start, length, n);

  return jx_session_add_trace (session, trace);
}

gboolean
jx_test_session_wait_freed (gpointer *pointer)
{
  return jx_test_wait_until_null (pointer, 30);
}

void
jx_test_session_finish (JxSession *session)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (session));
  g_autofree gpointer *items = g_new0 (gpointer, MAX (n, 1));
  gpointer weak_session = session;

  for (guint i = 0; i < n; i++)
    {
      items[i] = jx_session_peek_item (session, i);
      g_object_add_weak_pointer (items[i], &items[i]);
    }
  g_object_add_weak_pointer (G_OBJECT (session), &weak_session);
  g_object_unref (session);
  g_assert_null (weak_session);
  for (guint i = 0; i < n; i++)
    g_assert_true (jx_test_session_wait_freed (&items[i]));
}

static void
on_trace_offset (JxSession      *session,
                 JxSessionTrace *item,
                 GParamSpec     *pspec,
                 JxTestCounters *c)
{
  c->offset_changed++;
  c->last_item = item;
}

void
jx_test_session_count_notify (GObject    *object,
                              GParamSpec *pspec,
                              guint      *counter)
{
  (*counter)++;
}

void
jx_test_session_connect_counters (JxSession      *session,
                                  JxTestCounters *c)
{
  memset (c, 0, sizeof *c);
  g_signal_connect (session, "trace-notify::offset", G_CALLBACK (on_trace_offset), c);
  g_signal_connect (session, "notify::visible-time", G_CALLBACK (jx_test_session_count_notify), &c->view_changed);
  g_signal_connect (session, "notify::selected-time", G_CALLBACK (jx_test_session_count_notify), &c->selection_changed);
  g_signal_connect (session, "notify::selected-invocation", G_CALLBACK (jx_test_session_count_notify), &c->selection_changed);
  g_signal_connect (session, "notify::search", G_CALLBACK (jx_test_session_count_notify), &c->search_changed);
  g_signal_connect (session, "notify::can-undo", G_CALLBACK (jx_test_session_count_notify), &c->can_undo_notify);
  g_signal_connect (session, "notify::can-redo", G_CALLBACK (jx_test_session_count_notify), &c->can_redo_notify);
}
