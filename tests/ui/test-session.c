/* test-session.c — JxSession logic without a display: offsets and their undo
 * history, the visible window, time conversion, and loading real traces. */
#include "config.h"

#include <gtk/gtk.h>

#include "jx-session.h"
#include "jx-test-util.h"
#include "jx-trace-builder.h"

#define MS G_GINT64_CONSTANT (1000000)

/* A trace with one process, one stream and `n` back-to-back invocations of
 * "work", starting at `start` ticks and lasting `length` ticks in total. */
static JxTrace *
make_trace (const char *name,
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

typedef struct
{
  guint added;
  guint removed;
  guint changed;
  guint offset_changed;
  guint view_changed;
  guint selection_changed;
  guint search_changed;
  guint can_undo_notify;
  guint last_index;
} Counters;

static void
count_index (JxSession *session, guint index, guint *counter)
{
  (*counter)++;
}

static void
on_offset_changed (JxSession *session, guint index, Counters *c)
{
  c->offset_changed++;
  c->last_index = index;
}

static void
count_plain (JxSession *session, guint *counter)
{
  (*counter)++;
}

static void
count_notify (JxSession *session, GParamSpec *pspec, guint *counter)
{
  (*counter)++;
}

static void
connect_counters (JxSession *session,
                  Counters  *c)
{
  memset (c, 0, sizeof *c);
  g_signal_connect (session, "trace-added", G_CALLBACK (count_index), &c->added);
  g_signal_connect (session, "trace-removed", G_CALLBACK (count_index), &c->removed);
  g_signal_connect (session, "trace-changed", G_CALLBACK (count_index), &c->changed);
  g_signal_connect (session, "offset-changed", G_CALLBACK (on_offset_changed), c);
  g_signal_connect (session, "view-changed", G_CALLBACK (count_plain), &c->view_changed);
  g_signal_connect (session, "selection-changed", G_CALLBACK (count_plain), &c->selection_changed);
  g_signal_connect (session, "search-changed", G_CALLBACK (count_plain), &c->search_changed);
  g_signal_connect (session, "notify::can-undo", G_CALLBACK (count_notify), &c->can_undo_notify);
}

static void
test_empty (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  gint64 s, e;

  g_assert_cmpuint (jx_session_get_n_traces (session), ==, 0);
  g_assert_false (jx_session_get_extent (session, &s, &e));
  g_assert_false (jx_session_can_undo (session));
  g_assert_false (jx_session_can_redo (session));
  g_assert_cmpint (jx_session_get_view_end (session) - jx_session_get_view_start (session), >, 0);
  g_assert_false (jx_session_get_selected_invocation (session, NULL, NULL, NULL));
  g_assert_null (jx_session_get_search (session));

  /* Undo/redo on an empty history do nothing. */
  jx_session_undo (session);
  jx_session_redo (session);
  g_assert_false (jx_session_can_undo (session));
}

static void
test_add_trace (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("a", 1000000000, 5000, 10 * MS, 10);
  Counters c;
  gint64 s, e;
  guint index;

  connect_counters (session, &c);
  index = jx_session_add_trace (session, a);

  g_assert_cmpuint (index, ==, 0);
  g_assert_cmpuint (c.added, ==, 1);
  g_assert_cmpuint (jx_session_get_n_traces (session), ==, 1);
  g_assert_cmpint (jx_session_get_trace_state (session, 0), ==, JX_SESSION_TRACE_LOADED);
  g_assert_true (jx_session_get_trace (session, 0) == a);
  g_assert_cmpstr (jx_session_get_trace_name (session, 0), ==, "a");
  g_assert_cmpfloat (jx_session_get_load_fraction (session, 0), ==, 1.0);
  g_assert_null (jx_session_get_load_error (session, 0));
  g_assert_cmpint (jx_session_get_trace_duration (session, 0), ==, 10 * MS);

  /* Comparison time starts at the trace's first event. */
  g_assert_true (jx_session_get_extent (session, &s, &e));
  g_assert_cmpint (s, ==, 0);
  g_assert_cmpint (e, ==, 10 * MS);

  /* The first loaded trace is shown whole. */
  g_assert_cmpint (jx_session_get_view_start (session), ==, 0);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 10 * MS);
  g_assert_cmpuint (c.view_changed, >=, 1);
}

static void
test_conversion (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  /* Microsecond ticks, first event at tick 5,000,000 (5 s). */
  g_autoptr(JxTrace) a = make_trace ("a", 1000000, 5000000, 2000000, 4);
  g_autoptr(JxTrace) b = make_trace ("b", 1000000000, 7, 3 * MS, 3);

  jx_session_add_trace (session, a);
  jx_session_add_trace (session, b);

  g_assert_cmpint (jx_session_trace_to_comparison (session, 0, 5000000), ==, 0);
  g_assert_cmpint (jx_session_trace_to_comparison (session, 0, 5000001), ==, 1000);
  g_assert_cmpint (jx_session_trace_to_comparison (session, 0, 7000000), ==, 2000 * MS);
  /* Before the first event comparison time is negative. */
  g_assert_cmpint (jx_session_trace_to_comparison (session, 0, 4999999), ==, -1000);
  g_assert_cmpuint (jx_session_comparison_to_trace (session, 0, 1000), ==, 5000001);
  g_assert_cmpuint (jx_session_comparison_to_trace (session, 0, 1499), ==, 5000001);
  g_assert_cmpuint (jx_session_comparison_to_trace (session, 0, 1500), ==, 5000002);
  /* Far before tick 0 it saturates instead of wrapping. */
  g_assert_cmpuint (jx_session_comparison_to_trace (session, 0, -10000 * MS), ==, 0);

  jx_session_set_offset (session, 0, 250 * MS);
  g_assert_cmpint (jx_session_trace_to_comparison (session, 0, 5000000), ==, 250 * MS);
  g_assert_cmpuint (jx_session_comparison_to_trace (session, 0, 250 * MS), ==, 5000000);

  jx_session_set_offset (session, 1, -2 * MS);
  g_assert_cmpint (jx_session_trace_to_comparison (session, 1, 7), ==, -2 * MS);
  g_assert_cmpint (jx_session_trace_to_comparison (session, 1, 7 + 3 * MS), ==, MS);

  /* Round trips at ns resolution are exact (from tick 0 of the trace on). */
  for (gint64 t = -2 * MS - 7; t < 5 * MS; t += 123457)
    g_assert_cmpint (jx_session_trace_to_comparison (session, 1,
                                                     jx_session_comparison_to_trace (session, 1, t)), ==, t);
}

static void
test_offsets_undo (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("a", 1000000000, 0, 10 * MS, 10);
  g_autoptr(JxTrace) b = make_trace ("b", 1000000000, 0, 20 * MS, 10);
  Counters c;

  jx_session_add_trace (session, a);
  jx_session_add_trace (session, b);
  connect_counters (session, &c);

  jx_session_set_offset (session, 1, 5 * MS);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, 5 * MS);
  g_assert_cmpint (jx_session_get_offset (session, 0), ==, 0);
  g_assert_cmpuint (c.offset_changed, ==, 1);
  g_assert_cmpuint (c.last_index, ==, 1);
  g_assert_true (jx_session_can_undo (session));
  g_assert_false (jx_session_can_redo (session));
  g_assert_cmpuint (c.can_undo_notify, ==, 1);

  /* Setting the same value is no step. */
  jx_session_set_offset (session, 1, 5 * MS);
  g_assert_cmpuint (c.offset_changed, ==, 1);

  jx_session_set_offset (session, 0, -3 * MS);
  jx_session_set_offset (session, 1, 7 * MS);

  jx_session_undo (session);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, 5 * MS);
  g_assert_true (jx_session_can_redo (session));
  jx_session_undo (session);
  g_assert_cmpint (jx_session_get_offset (session, 0), ==, 0);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  jx_session_redo (session);
  jx_session_redo (session);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, 5 * MS);
  g_assert_cmpint (jx_session_get_offset (session, 0), ==, -3 * MS);

  /* A new step drops what could have been redone. */
  jx_session_set_offset (session, 1, MS);
  g_assert_false (jx_session_can_redo (session));
  jx_session_undo (session);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, 5 * MS);
  jx_session_redo (session);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, MS);
}

static void
test_drag_coalesced (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("a", 1000000000, 0, 10 * MS, 10);
  g_autoptr(JxTrace) b = make_trace ("b", 1000000000, 0, 10 * MS, 10);
  Counters c;

  jx_session_add_trace (session, a);
  jx_session_add_trace (session, b);
  jx_session_set_offset (session, 1, MS);
  connect_counters (session, &c);

  jx_session_begin_offset_drag (session, 1);
  for (int i = 1; i <= 50; i++)
    jx_session_set_offset (session, 1, MS + i * 10000);
  /* Live: every move is visible at once. */
  g_assert_cmpuint (c.offset_changed, ==, 50);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, MS + 500000);
  jx_session_end_offset_drag (session, 1);

  /* One undo step brings back the offset from before the drag. */
  jx_session_undo (session);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, MS);
  jx_session_redo (session);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, MS + 500000);
  jx_session_undo (session);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  /* A drag that ends where it began leaves no step. */
  jx_session_redo (session);
  jx_session_redo (session);
  jx_session_begin_offset_drag (session, 0);
  jx_session_set_offset (session, 0, 4 * MS);
  jx_session_set_offset (session, 0, 0);
  jx_session_end_offset_drag (session, 0);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, MS);
  g_assert_cmpint (jx_session_get_offset (session, 0), ==, 0);

  /* end without begin is harmless. */
  jx_session_end_offset_drag (session, 0);
}

static void
test_view_clamp (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("a", 1000000000, 0, 100 * MS, 100);

  jx_session_add_trace (session, a);

  jx_session_set_view (session, 10 * MS, 20 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 10 * MS);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 20 * MS);

  /* Reversed bounds are swapped. */
  jx_session_set_view (session, 30 * MS, 20 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 20 * MS);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 30 * MS);

  /* Outside the extent: the width is kept, the window moved inside. */
  jx_session_set_view (session, -15 * MS, -5 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 0);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 10 * MS);
  jx_session_set_view (session, 95 * MS, 125 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 70 * MS);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 100 * MS);

  /* Wider than everything: everything. */
  jx_session_set_view (session, -1000 * MS, 1000 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 0);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 100 * MS);

  /* Never narrower than 1 µs. */
  jx_session_set_view (session, 50 * MS, 50 * MS + 10);
  g_assert_cmpint (jx_session_get_view_end (session) - jx_session_get_view_start (session), ==, 1000);
  g_assert_cmpint (jx_session_get_view_start (session), <=, 50 * MS);
  g_assert_cmpint (jx_session_get_view_end (session), >=, 50 * MS + 10);

  /* Properties follow. */
  {
    gint64 start, end;

    g_object_get (session, "view-start", &start, "view-end", &end, NULL);
    g_assert_cmpint (start, ==, jx_session_get_view_start (session));
    g_assert_cmpint (end, ==, jx_session_get_view_end (session));
  }
}

static void
test_zoom_pan (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("a", 1000000000, 0, 100 * MS, 100);
  Counters c;

  jx_session_add_trace (session, a);
  connect_counters (session, &c);

  /* Zooming in around the centre halves the width around it. */
  jx_session_zoom (session, 2.0, 50 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 25 * MS);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 75 * MS);
  g_assert_cmpuint (c.view_changed, ==, 1);

  /* Around a point the point keeps its place on screen (30 % from the left). */
  jx_session_zoom (session, 5.0, 40 * MS);
  g_assert_cmpint (jx_session_get_view_end (session) - jx_session_get_view_start (session), ==, 10 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 37 * MS);

  /* Panning moves without changing the width ... */
  jx_session_pan (session, 3 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 40 * MS);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 50 * MS);
  /* ... and stops at the ends. */
  jx_session_pan (session, -1000 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 0);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 10 * MS);
  jx_session_pan (session, 1000 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 90 * MS);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 100 * MS);

  /* Zooming in and back out returns to the same window. */
  jx_session_set_view (session, 20 * MS, 60 * MS);
  jx_session_zoom (session, 4.0, 30 * MS);
  jx_session_zoom (session, 0.25, 30 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 20 * MS);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 60 * MS);

  /* Zooming far in stops at 1 µs, far out at everything. */
  for (int i = 0; i < 100; i++)
    jx_session_zoom (session, 10.0, 33 * MS);
  g_assert_cmpint (jx_session_get_view_end (session) - jx_session_get_view_start (session), ==, 1000);
  g_assert_cmpint (jx_session_get_view_start (session), <=, 33 * MS);
  g_assert_cmpint (jx_session_get_view_end (session), >=, 33 * MS);
  jx_session_zoom (session, 1e-12, 33 * MS);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 0);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 100 * MS);

  jx_session_set_view (session, 10 * MS, 20 * MS);
  jx_session_zoom_all (session);
  g_assert_cmpint (jx_session_get_view_start (session), ==, 0);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 100 * MS);

  /* No change, no signal. */
  c.view_changed = 0;
  jx_session_zoom_all (session);
  jx_session_pan (session, -5 * MS);
  g_assert_cmpuint (c.view_changed, ==, 0);
}

static void
test_extent_offsets (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("a", 1000000000, 0, 10 * MS, 10);
  g_autoptr(JxTrace) b = make_trace ("b", 1000000, 100, 20000, 10);   /* 20 ms in µs ticks */
  gint64 s, e;

  jx_session_add_trace (session, a);
  jx_session_add_trace (session, b);
  g_assert_true (jx_session_get_extent (session, &s, &e));
  g_assert_cmpint (s, ==, 0);
  g_assert_cmpint (e, ==, 20 * MS);
  /* The view followed the second trace because it showed everything. */
  g_assert_cmpint (jx_session_get_view_end (session), ==, 20 * MS);

  jx_session_set_offset (session, 1, -5 * MS);
  g_assert_true (jx_session_get_extent (session, &s, &e));
  g_assert_cmpint (s, ==, -5 * MS);
  g_assert_cmpint (e, ==, 15 * MS);

  jx_session_set_offset (session, 0, 30 * MS);
  g_assert_true (jx_session_get_extent (session, &s, &e));
  g_assert_cmpint (s, ==, -5 * MS);
  g_assert_cmpint (e, ==, 40 * MS);

  jx_session_zoom_all (session);
  g_assert_cmpint (jx_session_get_view_start (session), ==, -5 * MS);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 40 * MS);
}

static void
test_remove (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("a", 1000000000, 0, 10 * MS, 10);
  g_autoptr(JxTrace) b = make_trace ("b", 1000000000, 0, 20 * MS, 10);
  g_autoptr(JxTrace) c3 = make_trace ("c", 1000000000, 0, 30 * MS, 10);
  guint trace;
  guint32 stream, invocation;
  Counters c;

  jx_session_add_trace (session, a);
  jx_session_add_trace (session, b);
  jx_session_add_trace (session, c3);
  connect_counters (session, &c);

  jx_session_set_reference (session, 2);
  g_assert_cmpuint (jx_session_get_reference (session), ==, 2);
  jx_session_set_offset (session, 0, MS);
  jx_session_set_offset (session, 2, 2 * MS);
  jx_session_select_invocation (session, 2, 0, 3);

  jx_session_remove_trace (session, 0);
  g_assert_cmpuint (c.removed, ==, 1);
  g_assert_cmpuint (jx_session_get_n_traces (session), ==, 2);
  g_assert_cmpstr (jx_session_get_trace_name (session, 0), ==, "b");
  g_assert_cmpstr (jx_session_get_trace_name (session, 1), ==, "c");
  /* Indices that pointed past the removed trace follow their trace. */
  g_assert_cmpuint (jx_session_get_reference (session), ==, 1);
  g_assert_true (jx_session_get_selected_invocation (session, &trace, &stream, &invocation));
  g_assert_cmpuint (trace, ==, 1);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, 2 * MS);

  /* The removed trace's step is gone from the history; the other remains. */
  jx_session_undo (session);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  /* Removing the selected trace clears the selection. */
  jx_session_remove_trace (session, 1);
  g_assert_false (jx_session_get_selected_invocation (session, NULL, NULL, NULL));
  g_assert_cmpuint (jx_session_get_reference (session), ==, 0);
  g_assert_false (jx_session_can_redo (session));

  /* The view follows the remaining extent when it showed everything. */
  jx_session_zoom_all (session);
  g_assert_cmpint (jx_session_get_view_end (session), ==, 20 * MS);

  jx_session_clear (session);
  g_assert_cmpuint (jx_session_get_n_traces (session), ==, 0);
  g_assert_false (jx_session_get_extent (session, NULL, NULL));
}

/* Undo and redo never reach a removed trace's neighbour: the removed trace's
 * steps leave both stacks, and can-undo/can-redo follow. */
static void
test_remove_history (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("a", 1000000000, 0, 10 * MS, 10);
  g_autoptr(JxTrace) b = make_trace ("b", 1000000000, 0, 20 * MS, 10);
  g_autoptr(JxTrace) c3 = make_trace ("c", 1000000000, 0, 30 * MS, 10);
  guint redo_notify = 0;
  Counters c;

  jx_session_add_trace (session, a);
  jx_session_add_trace (session, b);
  connect_counters (session, &c);
  g_signal_connect (session, "notify::can-redo", G_CALLBACK (count_notify), &redo_notify);

  /* A redo step for trace 0, then trace 0 goes: nothing left to redo. */
  jx_session_set_offset (session, 0, 5 * MS);
  jx_session_undo (session);
  g_assert_true (jx_session_can_redo (session));
  g_assert_false (jx_session_can_undo (session));
  c.can_undo_notify = 0;
  redo_notify = 0;
  jx_session_remove_trace (session, 0);
  g_assert_false (jx_session_can_redo (session));
  g_assert_cmpuint (redo_notify, ==, 1);
  c.offset_changed = 0;
  jx_session_redo (session);
  g_assert_cmpuint (c.offset_changed, ==, 0);
  g_assert_cmpint (jx_session_get_offset (session, 0), ==, 0);

  /* Mixed history: only the removed trace's steps go, in both stacks. */
  jx_session_add_trace (session, c3);
  jx_session_set_offset (session, 0, MS);           /* b */
  jx_session_set_offset (session, 1, 2 * MS);       /* c */
  jx_session_set_offset (session, 0, 3 * MS);       /* b */
  jx_session_undo (session);                        /* b back to 1 ms, step on redo */
  c.can_undo_notify = 0;
  redo_notify = 0;
  jx_session_remove_trace (session, 0);
  g_assert_cmpuint (redo_notify, ==, 1);
  g_assert_false (jx_session_can_redo (session));
  g_assert_true (jx_session_can_undo (session));
  g_assert_cmpuint (c.can_undo_notify, ==, 0);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_get_offset (session, 0), ==, 0);
  g_assert_false (jx_session_can_undo (session));
  g_assert_cmpuint (c.can_undo_notify, ==, 1);
  jx_session_redo (session);
  g_assert_cmpint (jx_session_get_offset (session, 0), ==, 2 * MS);
  g_assert_false (jx_session_can_redo (session));

  /* Removing the last trace with history empties both stacks. */
  jx_session_undo (session);
  jx_session_remove_trace (session, 0);
  g_assert_false (jx_session_can_undo (session));
  g_assert_false (jx_session_can_redo (session));
}

static void
test_selection_search (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("a", 1000000000, 0, 10 * MS, 10);
  gint64 s, e;
  guint trace;
  guint32 stream, invocation;
  Counters c;

  jx_session_add_trace (session, a);
  connect_counters (session, &c);

  jx_session_get_selection_range (session, &s, &e);
  g_assert_cmpint (s, ==, 0);
  g_assert_cmpint (e, ==, 0);

  jx_session_set_selection_range (session, 5 * MS, 2 * MS);
  jx_session_get_selection_range (session, &s, &e);
  g_assert_cmpint (s, ==, 2 * MS);
  g_assert_cmpint (e, ==, 5 * MS);
  g_assert_cmpuint (c.selection_changed, ==, 1);
  jx_session_set_selection_range (session, 2 * MS, 5 * MS);
  g_assert_cmpuint (c.selection_changed, ==, 1);

  jx_session_select_invocation (session, 0, 0, 7);
  g_assert_true (jx_session_get_selected_invocation (session, &trace, &stream, &invocation));
  g_assert_cmpuint (trace, ==, 0);
  g_assert_cmpuint (stream, ==, 0);
  g_assert_cmpuint (invocation, ==, 7);
  g_assert_cmpuint (c.selection_changed, ==, 2);

  jx_session_select_invocation (session, G_MAXUINT, 0, 0);
  g_assert_false (jx_session_get_selected_invocation (session, NULL, NULL, NULL));
  g_assert_cmpuint (c.selection_changed, ==, 3);

  jx_session_select_invocation (session, 0, 0, 1);
  jx_session_clear_selection (session);
  g_assert_false (jx_session_get_selected_invocation (session, NULL, NULL, NULL));
  jx_session_get_selection_range (session, &s, &e);
  g_assert_cmpint (e, ==, 0);
  g_assert_cmpuint (c.selection_changed, ==, 5);
  jx_session_clear_selection (session);
  g_assert_cmpuint (c.selection_changed, ==, 5);

  jx_session_set_search (session, "MPI_");
  g_assert_cmpstr (jx_session_get_search (session), ==, "MPI_");
  g_assert_cmpuint (c.search_changed, ==, 1);
  jx_session_set_search (session, "MPI_");
  g_assert_cmpuint (c.search_changed, ==, 1);
  jx_session_set_search (session, "");
  g_assert_null (jx_session_get_search (session));
  g_assert_cmpuint (c.search_changed, ==, 2);
  jx_session_set_search (session, NULL);
  g_assert_cmpuint (c.search_changed, ==, 2);
}

static void
test_colors (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(GPtrArray) traces = g_ptr_array_new_with_free_func (g_object_unref);
  GdkRGBA colors[6];
  /* A saturated purple, as picked in the colour chooser. */
  GdkRGBA user = { 0.55f, 0.0f, 0.85f, 1.0f };
  GdkRGBA got;
  GdkRGBA dark;
  GdkRGBA accent;
  GdkRGBA light_tint;

  for (guint i = 0; i < G_N_ELEMENTS (colors); i++)
    {
      g_autofree char *name = g_strdup_printf ("t%u", i);

      g_ptr_array_add (traces, make_trace (name, 1000000000, 0, MS, 2));
      jx_session_add_trace (session, g_ptr_array_index (traces, i));
      jx_session_get_trace_color (session, i, &colors[i]);
      g_assert_cmpfloat (colors[i].alpha, >, 0.0f);
    }

  /* All pairs differ (the tints are subtle by design, so the bar is low). */
  for (guint i = 0; i < G_N_ELEMENTS (colors); i++)
    for (guint j = i + 1; j < G_N_ELEMENTS (colors); j++)
      {
        double d = fabs (colors[i].red - colors[j].red) +
                   fabs (colors[i].green - colors[j].green) +
                   fabs (colors[i].blue - colors[j].blue);
        g_assert_cmpfloat (d, >, 0.015);
      }

  /* The picked colour is the accent; the lane gets a light, low-chroma tint
   * of its hue (blue above green, red above green for purple), opaque. */
  jx_session_set_trace_color (session, 1, &user);
  jx_session_get_trace_accent (session, 1, &accent);
  g_assert_true (gdk_rgba_equal (&accent, &user));
  jx_session_get_trace_color (session, 1, &light_tint);
  g_assert_false (gdk_rgba_equal (&light_tint, &user));
  g_assert_cmpfloat (light_tint.alpha, ==, 1.0f);
  g_assert_cmpfloat (MIN (light_tint.red, MIN (light_tint.green, light_tint.blue)), >, 0.8f);
  g_assert_cmpfloat (MAX (light_tint.red, MAX (light_tint.green, light_tint.blue)) -
                     MIN (light_tint.red, MIN (light_tint.green, light_tint.blue)), <, 0.15f);
  g_assert_cmpfloat (light_tint.blue, >, light_tint.green);
  g_assert_cmpfloat (light_tint.red, >, light_tint.green);

  /* Dark style: a dark tint of the same hue; the accent stays the user's choice. */
  jx_session_set_dark (session, TRUE);
  jx_session_get_trace_color (session, 1, &got);
  g_assert_cmpfloat (MAX (got.red, MAX (got.green, got.blue)), <, 0.35f);
  g_assert_cmpfloat (got.blue, >, got.green);
  jx_session_get_trace_accent (session, 1, &accent);
  g_assert_true (gdk_rgba_equal (&accent, &user));
  jx_session_get_trace_color (session, 0, &dark);
  g_assert_false (gdk_rgba_equal (&dark, &colors[0]));
  jx_session_set_dark (session, FALSE);
  jx_session_get_trace_color (session, 0, &got);
  g_assert_true (gdk_rgba_equal (&got, &colors[0]));
  jx_session_get_trace_color (session, 1, &got);
  g_assert_true (gdk_rgba_equal (&got, &light_tint));
}

/* Loading real traces ------------------------------------------------------- */

static gboolean
on_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until nothing is loading (or 60 s passed). */
static void
wait_for_loads (JxSession *session)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (60, on_timeout, &timed_out);

  while (jx_session_get_n_loading (session) > 0 && !timed_out)
    g_main_context_iteration (NULL, TRUE);

  g_assert_false (timed_out);
  g_source_remove (id);
}

static void
on_progress_changed (JxSession *session,
                     guint      index,
                     GArray    *fractions)
{
  double f = jx_session_get_load_fraction (session, index);

  if (index == 0)
    g_array_append_val (fractions, f);
}

static void
test_load_real (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autofree char *pingpong = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *stencil = jx_test_get_shared_trace ("TraceR__stencil4d-32/traces.otf2");
  g_autofree char *missing = g_build_filename (jx_test_get_shared_traces (), "no-such-trace", NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  const GError *error;
  JxTrace *trace;
  gint64 s, e;

  g_signal_connect (session, "trace-changed", G_CALLBACK (on_progress_changed), fractions);

  g_assert_cmpuint (jx_session_add_path (session, pingpong), ==, 0);
  g_assert_cmpuint (jx_session_add_path (session, missing), ==, 1);
  g_assert_cmpuint (jx_session_add_path (session, stencil), ==, 2);

  /* Entries exist while loading; nothing is loaded yet. */
  g_assert_cmpuint (jx_session_get_n_traces (session), ==, 3);
  g_assert_cmpuint (jx_session_get_n_loading (session), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpint (jx_session_get_trace_state (session, i), ==, JX_SESSION_TRACE_LOADING);
      g_assert_null (jx_session_get_trace (session, i));
    }
  g_assert_false (jx_session_get_extent (session, NULL, NULL));

  wait_for_loads (session);

  g_assert_cmpint (jx_session_get_trace_state (session, 0), ==, JX_SESSION_TRACE_LOADED);
  trace = jx_session_get_trace (session, 0);
  g_assert_nonnull (trace);
  g_assert_cmpuint (jx_trace_get_n_processes (trace), ==, 2);
  g_assert_cmpuint (jx_trace_get_n_events (trace), ==, 120);
  g_assert_cmpfloat (jx_session_get_load_fraction (session, 0), ==, 1.0);
  g_assert_null (jx_session_get_load_error (session, 0));
  /* Progress reported along the way never went backwards. */
  g_assert_cmpuint (fractions->len, >=, 1);
  for (guint i = 1; i < fractions->len; i++)
    g_assert_cmpfloat (g_array_index (fractions, double, i), >=, g_array_index (fractions, double, i - 1));

  /* The bad path fails with a message naming it, and disturbs nobody. */
  g_assert_cmpint (jx_session_get_trace_state (session, 1), ==, JX_SESSION_TRACE_FAILED);
  g_assert_null (jx_session_get_trace (session, 1));
  error = jx_session_get_load_error (session, 1);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "no-such-trace"));

  g_assert_cmpint (jx_session_get_trace_state (session, 2), ==, JX_SESSION_TRACE_LOADED);
  trace = jx_session_get_trace (session, 2);
  g_assert_cmpuint (jx_trace_get_n_streams (trace), ==, 32);
  /* Its load report is reachable: stencil4d has repaired defects. */
  g_assert_cmpuint (jx_trace_get_n_defects (trace), >, 0);

  /* Both loaded traces are in the extent and the view shows all of it. */
  g_assert_true (jx_session_get_extent (session, &s, &e));
  g_assert_cmpint (s, ==, 0);
  g_assert_cmpint (e, ==, MAX (jx_session_get_trace_duration (session, 0),
                               jx_session_get_trace_duration (session, 2)));
  g_assert_cmpint (jx_session_get_view_start (session), ==, s);
  g_assert_cmpint (jx_session_get_view_end (session), ==, e);

  /* Offsets and conversion work on loaded traces. */
  jx_session_set_offset (session, 2, 1000);
  g_assert_cmpint (jx_session_trace_to_comparison (session, 2, jx_trace_get_start_time (trace)), ==, 1000);

  /* Removing the failed one leaves the others in place. */
  jx_session_remove_trace (session, 1);
  g_assert_cmpint (jx_session_get_trace_state (session, 1), ==, JX_SESSION_TRACE_LOADED);
  g_assert_cmpint (jx_session_get_offset (session, 1), ==, 1000);
}

static void
test_cancel (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autofree char *a = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autofree char *b = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  const GError *error;

  jx_session_add_path (session, a);
  jx_session_add_path (session, b);
  jx_session_cancel_load (session, 0);

  wait_for_loads (session);

  g_assert_cmpint (jx_session_get_trace_state (session, 0), ==, JX_SESSION_TRACE_FAILED);
  error = jx_session_get_load_error (session, 0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_nonnull (strstr (error->message, "stencil4d-64"));
  g_assert_cmpint (jx_session_get_trace_state (session, 1), ==, JX_SESSION_TRACE_LOADED);

  /* Cancelling something already loaded changes nothing. */
  jx_session_cancel_load (session, 1);
  g_assert_cmpint (jx_session_get_trace_state (session, 1), ==, JX_SESSION_TRACE_LOADED);

  /* The failed trace gave its palette colour back to the next one. */
  {
    g_autoptr(JxTrace) late = make_trace ("late", 1000000000, 0, MS, 2);

    g_assert_cmpuint (jx_session_get_trace_color_slot (session, 1), ==, 1);
    jx_session_add_trace (session, late);
    g_assert_cmpuint (jx_session_get_trace_color_slot (session, 2), ==, 0);
  }
}

static void
spin_for (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, on_timeout, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_remove_while_loading (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  g_autofree char *a = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autofree char *b = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  JxSession *doomed;

  jx_session_add_path (session, a);
  jx_session_add_path (session, b);
  jx_session_remove_trace (session, 0);
  g_assert_cmpuint (jx_session_get_n_traces (session), ==, 1);
  g_assert_cmpuint (jx_session_get_n_loading (session), ==, 1);
  g_assert_cmpstr (jx_session_get_trace_path (session, 0), ==, b);

  wait_for_loads (session);
  /* Let the cancelled load deliver its result into nothing. */
  spin_for (300);
  g_assert_cmpuint (jx_session_get_n_traces (session), ==, 1);
  g_assert_cmpint (jx_session_get_trace_state (session, 0), ==, JX_SESSION_TRACE_LOADED);

  /* A session may go away while its traces load. */
  doomed = jx_session_new ();
  g_object_add_weak_pointer (G_OBJECT (doomed), (gpointer *) &doomed);
  jx_session_add_path (doomed, a);
  jx_session_add_path (doomed, b);
  g_object_unref (doomed);
  g_assert_null (doomed);
  spin_for (500);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/session/empty", test_empty);
  g_test_add_func ("/ui/session/add-trace", test_add_trace);
  g_test_add_func ("/ui/session/conversion", test_conversion);
  g_test_add_func ("/ui/session/offsets-undo", test_offsets_undo);
  g_test_add_func ("/ui/session/drag-coalesced", test_drag_coalesced);
  g_test_add_func ("/ui/session/view-clamp", test_view_clamp);
  g_test_add_func ("/ui/session/zoom-pan", test_zoom_pan);
  g_test_add_func ("/ui/session/extent-offsets", test_extent_offsets);
  g_test_add_func ("/ui/session/remove", test_remove);
  g_test_add_func ("/ui/session/remove-history", test_remove_history);
  g_test_add_func ("/ui/session/selection-search", test_selection_search);
  g_test_add_func ("/ui/session/colors", test_colors);
  g_test_add_func ("/ui/session/load-real", test_load_real);
  g_test_add_func ("/ui/session/cancel", test_cancel);
  g_test_add_func ("/ui/session/remove-while-loading", test_remove_while_loading);

  return g_test_run ();
}
