/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-offset-history.c — the session's offsets and their undo history on
 * their own (jx-offset-history.h): a step per command, a whole drag as one
 * step, several traces in one step, a drag ended by a multi-trace step,
 * undo and redo restoring exactly, forgetting a trace, and "can-undo" /
 * "can-redo" notified only when they change; each step's kind names it
 * in "undo-label" and "redo-label". The items come from a
 * session (only a session makes them); the history is a fresh one. */
#include "config.h"

#include "jx-session.h"
#include "jx-trace-builder.h"
#include "jx-test-util.h"

static JxTrace *
tiny_trace (const char *name)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/history/traces.otf2", name, 1000000000);
  guint32 r = jx_trace_builder_add_region (b, "main", 1, 1);
  guint32 p = jx_trace_builder_add_process (b, "Rank 0", JX_NONE);
  guint32 s = jx_trace_builder_add_stream (b, p, "Master thread", JX_STREAM_CPU_THREAD);

  jx_trace_builder_enter (b, s, 0, r);
  jx_trace_builder_leave (b, s, 1000, r);
  return jx_trace_builder_finish (b);
}

static void
test_history (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) ta = tiny_trace ("a");
  g_autoptr(JxTrace) tb = tiny_trace ("b");
  g_autoptr(JxOffsetHistory) history = jx_offset_history_new ();
  JxSessionTrace *a = jx_session_add_trace (session, ta);
  JxSessionTrace *b = jx_session_add_trace (session, tb);
  JxSessionTrace *both[2] = { a, b };
  guint can_undo = 0, can_redo = 0;

  g_signal_connect (history, "notify::can-undo", G_CALLBACK (jx_test_count_notify), &can_undo);
  g_signal_connect (history, "notify::can-redo", G_CALLBACK (jx_test_count_notify), &can_redo);
  g_assert_false (jx_offset_history_can_undo (history));

  /* A change to the same offset is no step. */
  jx_offset_history_set_offset (history, a, 0);
  g_assert_false (jx_offset_history_can_undo (history));
  jx_offset_history_set_offset (history, a, 100);
  jx_offset_history_set_offset (history, a, 200);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 200);
  g_assert_cmpuint (can_undo, ==, 1);

  /* A drag: one step from where it began to where it ended. */
  jx_offset_history_begin_drag (history, b);
  g_assert_true (jx_offset_history_is_dragging (history, b));
  for (gint64 x = 1; x <= 50; x++)
    jx_offset_history_set_offset (history, b, x * 10);
  jx_offset_history_end_drag (history, b);
  g_assert_false (jx_offset_history_is_dragging (history, b));
  jx_offset_history_undo (history);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 0);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 200);
  g_assert_true (jx_offset_history_can_redo (history));
  jx_offset_history_redo (history);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 500);
  g_assert_false (jx_offset_history_can_redo (history));

  /* Two traces in one step; a drag running on one ends first, as its own. */
  jx_offset_history_begin_drag (history, a);
  jx_offset_history_set_offset (history, a, 333);
  jx_offset_history_set_offsets (history, both, (const gint64[]) { -1, -2 }, 2);
  g_assert_false (jx_offset_history_is_dragging (history, a));
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, -1);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, -2);
  jx_offset_history_undo (history);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 333);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 500);
  jx_offset_history_undo (history);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 200);

  /* A new command drops what could be redone. */
  jx_offset_history_set_offset (history, b, 7);
  g_assert_false (jx_offset_history_can_redo (history));

  /* Forgetting b leaves a's steps; steps only of b go. */
  jx_offset_history_forget (history, b);
  jx_offset_history_undo (history);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 100);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 7);
  jx_offset_history_undo (history);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 0);
  g_assert_false (jx_offset_history_can_undo (history));
  jx_offset_history_undo (history);

  /* Notified only when the answer changed. */
  g_assert_cmpuint (can_undo, ==, 2);
  g_assert_cmpuint (can_redo, >=, 2);
  g_assert_true (jx_offset_history_can_redo (history));
}

/* Each step keeps its kind, and "undo-label" / "redo-label" name the step
 * undo and redo would apply; notified only when that kind changes. */
static void
test_labels (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) ta = tiny_trace ("a");
  g_autoptr(JxTrace) tb = tiny_trace ("b");
  g_autoptr(JxOffsetHistory) history = jx_offset_history_new ();
  JxSessionTrace *a = jx_session_add_trace (session, ta);
  JxSessionTrace *b = jx_session_add_trace (session, tb);
  JxSessionTrace *both[2] = { a, b };
  g_autofree char *label = NULL;
  guint undo_label = 0, redo_label = 0;

  g_signal_connect (history, "notify::undo-label", G_CALLBACK (jx_test_count_notify), &undo_label);
  g_signal_connect (history, "notify::redo-label", G_CALLBACK (jx_test_count_notify), &redo_label);
  g_assert_cmpint (jx_offset_history_get_undo_kind (history), ==, JX_UNDO_NONE);
  g_assert_cmpstr (jx_offset_history_get_undo_label (history), ==, "_Undo");
  g_assert_cmpstr (jx_offset_history_get_redo_label (history), ==, "_Redo");

  jx_offset_history_set_offset (history, a, 100);
  g_assert_cmpint (jx_offset_history_get_undo_kind (history), ==, JX_UNDO_TIME_SHIFT);
  g_assert_cmpstr (jx_offset_history_get_undo_label (history), ==, "_Undo Time Shift");
  /* Another shift: the same label, no notification. */
  jx_offset_history_set_offset (history, a, 200);
  g_assert_cmpuint (undo_label, ==, 1);

  jx_offset_history_set_offsets (history, both, (const gint64[]) { 5, 6 }, 2);
  g_assert_cmpint (jx_offset_history_get_undo_kind (history), ==, JX_UNDO_ALIGNMENT);
  g_assert_cmpstr (jx_offset_history_get_undo_label (history), ==, "_Undo Alignment");
  g_object_get (history, "undo-label", &label, NULL);
  g_assert_cmpstr (label, ==, "_Undo Alignment");
  g_assert_cmpuint (undo_label, ==, 2);

  /* Undo: the shift below is next, the alignment can be redone. */
  jx_offset_history_undo (history);
  g_assert_cmpstr (jx_offset_history_get_undo_label (history), ==, "_Undo Time Shift");
  g_assert_cmpint (jx_offset_history_get_redo_kind (history), ==, JX_UNDO_ALIGNMENT);
  g_assert_cmpstr (jx_offset_history_get_redo_label (history), ==, "_Redo Alignment");
  g_assert_cmpuint (undo_label, ==, 3);
  g_assert_cmpuint (redo_label, ==, 1);

  /* A drag is a time shift; it drops the redo. */
  jx_offset_history_begin_drag (history, b);
  jx_offset_history_set_offset (history, b, 77);
  g_assert_cmpint (jx_offset_history_get_undo_kind (history), ==, JX_UNDO_TIME_SHIFT);
  jx_offset_history_end_drag (history, b);
  g_assert_cmpint (jx_offset_history_get_undo_kind (history), ==, JX_UNDO_TIME_SHIFT);
  g_assert_cmpint (jx_offset_history_get_redo_kind (history), ==, JX_UNDO_NONE);
  g_assert_cmpstr (jx_offset_history_get_redo_label (history), ==, "_Redo");
  g_assert_cmpuint (redo_label, ==, 2);

  /* The labels of every kind, for the window's menu. */
  g_assert_cmpstr (jx_undo_kind_get_undo_label (JX_UNDO_PAIRING), ==, "_Undo Pairing");
  g_assert_cmpstr (jx_undo_kind_get_redo_label (JX_UNDO_AUTOMATIC_PAIRING), ==, "_Redo Automatic Pairing");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/offset-history/steps", test_history);
  g_test_add_func ("/session/offset-history/labels", test_labels);

  return g_test_run ();
}
