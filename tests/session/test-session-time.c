/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-time.c — JxSession's time without a display: time
 * conversion, offsets and their undo history (steps, drags, a removed
 * trace's changes), the visible window (clamping, zoom and pan, the extent
 * with offsets), the selection and search, and the session's modes. */
#include "config.h"

#include "jx-session.h"
#include "jx-test-session-make.h"
#include "jx-test-session.h"
#include "jx-test-util.h"

#define MS G_GINT64_CONSTANT (1000000)

static void
test_conversion (void)
{
  JxSession *session = jx_session_new ();
  /* Microsecond ticks, first event at tick 5,000,000 (5 s). */
  JxSessionTrace *a = jx_test_session_add_trace (session, "a", 1000000, 5000000, 2000000, 4);
  JxSessionTrace *b = jx_test_session_add_trace (session, "b", 1000000000, 7, 3 * MS, 3);
  JxTimeOrigin oa = jx_session_trace_get_time_origin (a);
  JxTimeOrigin ob;

  /* The item's origin is its trace's at its offset. */
  g_assert_cmpuint (oa.start_ticks, ==, 5000000);
  g_assert_cmpuint (oa.resolution, ==, 1000000);
  g_assert_cmpint (oa.offset_ns, ==, 0);
  g_assert_cmpint (jx_time_ticks_to_comparison (oa, 5000000), ==, 0);
  g_assert_cmpint (jx_time_ticks_to_comparison (oa, 5000001), ==, 1000);
  g_assert_cmpint (jx_time_ticks_to_comparison (oa, 7000000), ==, 2000 * MS);
  /* Before the first event comparison time is negative. */
  g_assert_cmpint (jx_time_ticks_to_comparison (oa, 4999999), ==, -1000);
  g_assert_cmpint (jx_time_comparison_to_ticks (oa, 1000), ==, 5000001);
  g_assert_cmpint (jx_time_comparison_to_ticks (oa, 1499), ==, 5000001);
  g_assert_cmpint (jx_time_comparison_to_ticks (oa, 1500), ==, 5000002);
  /* Far before tick 0: negative ticks, which trace data clamps to 0. */
  g_assert_cmpint (jx_time_comparison_to_ticks (oa, -10000 * MS), ==, -5000000);
  g_assert_cmpuint (jx_time_ticks_clamp (jx_time_comparison_to_ticks (oa, -10000 * MS)), ==, 0);

  jx_session_set_offset (session, a, 250 * MS);
  oa = jx_session_trace_get_time_origin (a);
  g_assert_cmpint (jx_time_ticks_to_comparison (oa, 5000000), ==, 250 * MS);
  g_assert_cmpint (jx_time_comparison_to_ticks (oa, 250 * MS), ==, 5000000);

  jx_session_set_offset (session, b, -2 * MS);
  ob = jx_session_trace_get_time_origin (b);
  g_assert_cmpint (jx_time_ticks_to_comparison (ob, 7), ==, -2 * MS);
  g_assert_cmpint (jx_time_ticks_to_comparison (ob, 7 + 3 * MS), ==, MS);

  /* Round trips at ns resolution are exact, also before the trace. */
  for (gint64 t = -2 * MS - 7; t < 5 * MS; t += 123457)
    g_assert_cmpint (jx_time_ticks_to_comparison (ob, jx_time_comparison_to_ticks (ob, t)), ==, t);

  jx_test_session_finish (session);
}

static void
test_offsets_undo (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = jx_test_session_add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  JxSessionTrace *b = jx_test_session_add_trace (session, "b", 1000000000, 0, 20 * MS, 10);
  guint offset_notify = 0;
  JxTestCounters c;

  jx_test_session_connect_counters (session, &c);
  g_signal_connect (b, "notify::offset", G_CALLBACK (jx_test_session_count_notify), &offset_notify);

  jx_session_set_offset (session, b, 5 * MS);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 5 * MS);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 0);
  g_assert_cmpuint (c.offset_changed, ==, 1);
  g_assert_cmpuint (offset_notify, ==, 1);
  g_assert_true (c.last_item == b);
  g_assert_true (jx_session_can_undo (session));
  g_assert_false (jx_session_can_redo (session));
  g_assert_cmpuint (c.can_undo_notify, ==, 1);

  /* Setting the same value is no step. */
  jx_session_set_offset (session, b, 5 * MS);
  g_assert_cmpuint (c.offset_changed, ==, 1);

  jx_session_set_offset (session, a, -3 * MS);
  jx_session_set_offset (session, b, 7 * MS);

  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 5 * MS);
  g_assert_true (jx_session_can_redo (session));
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 0);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  jx_session_redo (session);
  jx_session_redo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 5 * MS);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, -3 * MS);

  /* A new step drops what could have been redone. */
  jx_session_set_offset (session, b, MS);
  g_assert_false (jx_session_can_redo (session));
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 5 * MS);
  jx_session_redo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, MS);

  jx_test_session_finish (session);
}

/* Several traces move in one command: one step to undo and redo. */
static void
test_offsets_multi_step (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *items[3];
  gint64 offsets[3] = { 2 * MS, 0, -7 * MS };
  JxTestCounters c;

  items[0] = jx_test_session_add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  items[1] = jx_test_session_add_trace (session, "b", 1000000000, 0, 10 * MS, 10);
  items[2] = jx_test_session_add_trace (session, "c", 1000000000, 0, 10 * MS, 10);
  jx_session_set_offset (session, items[1], 3 * MS);
  jx_test_session_connect_counters (session, &c);

  /* items[1] goes back to 0 in the same step. */
  jx_session_set_offsets (session, items, offsets, 3);
  g_assert_cmpint (jx_session_trace_get_offset (items[0]), ==, 2 * MS);
  g_assert_cmpint (jx_session_trace_get_offset (items[1]), ==, 0);
  g_assert_cmpint (jx_session_trace_get_offset (items[2]), ==, -7 * MS);
  g_assert_cmpuint (c.offset_changed, ==, 3);

  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (items[0]), ==, 0);
  g_assert_cmpint (jx_session_trace_get_offset (items[1]), ==, 3 * MS);
  g_assert_cmpint (jx_session_trace_get_offset (items[2]), ==, 0);
  g_assert_true (jx_session_can_undo (session));
  jx_session_redo (session);
  g_assert_cmpint (jx_session_trace_get_offset (items[0]), ==, 2 * MS);
  g_assert_cmpint (jx_session_trace_get_offset (items[1]), ==, 0);
  g_assert_cmpint (jx_session_trace_get_offset (items[2]), ==, -7 * MS);
  g_assert_false (jx_session_can_redo (session));

  /* Nothing changed, nothing recorded. */
  jx_session_set_offsets (session, items, offsets, 3);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (items[2]), ==, 0);
  jx_session_redo (session);

  /* Removing one trace leaves the others' part of the step. */
  jx_session_remove (session, items[2]);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (items[0]), ==, 0);
  g_assert_cmpint (jx_session_trace_get_offset (items[1]), ==, 3 * MS);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (items[1]), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  jx_test_session_finish (session);
}

static void
test_drag_coalesced (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = jx_test_session_add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  JxSessionTrace *b = jx_test_session_add_trace (session, "b", 1000000000, 0, 10 * MS, 10);
  JxTestCounters c;

  jx_session_set_offset (session, b, MS);
  jx_test_session_connect_counters (session, &c);

  jx_session_begin_offset_drag (session, b);
  for (int i = 1; i <= 50; i++)
    jx_session_set_offset (session, b, MS + i * 10000);
  /* Live: every move is visible at once. */
  g_assert_cmpuint (c.offset_changed, ==, 50);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, MS + 500000);
  jx_session_end_offset_drag (session, b);

  /* One undo step brings back the offset from before the drag. */
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, MS);
  jx_session_redo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, MS + 500000);
  jx_session_undo (session);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  /* A drag that ends where it began leaves no step. */
  jx_session_redo (session);
  jx_session_redo (session);
  jx_session_begin_offset_drag (session, a);
  jx_session_set_offset (session, a, 4 * MS);
  jx_session_set_offset (session, a, 0);
  jx_session_end_offset_drag (session, a);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, MS);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 0);

  /* end without begin is harmless. */
  jx_session_end_offset_drag (session, a);

  jx_test_session_finish (session);
}

static void
test_view_clamp (void)
{
  JxSession *session = jx_session_new ();

  jx_test_session_add_trace (session, "a", 1000000000, 0, 100 * MS, 100);

  jx_test_set_view (session, 10 * MS, 20 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 10 * MS);
  g_assert_cmpint (jx_test_view_end (session), ==, 20 * MS);

  /* Reversed bounds are swapped. */
  jx_test_set_view (session, 30 * MS, 20 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 20 * MS);
  g_assert_cmpint (jx_test_view_end (session), ==, 30 * MS);

  /* Outside the extent: the width is kept, the window moved inside. */
  jx_test_set_view (session, -15 * MS, -5 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 0);
  g_assert_cmpint (jx_test_view_end (session), ==, 10 * MS);
  jx_test_set_view (session, 95 * MS, 125 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 70 * MS);
  g_assert_cmpint (jx_test_view_end (session), ==, 100 * MS);

  /* Wider than everything: everything. */
  jx_test_set_view (session, -1000 * MS, 1000 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 0);
  g_assert_cmpint (jx_test_view_end (session), ==, 100 * MS);

  /* Never narrower than 1 µs. */
  jx_test_set_view (session, 50 * MS, 50 * MS + 10);
  g_assert_cmpint (jx_test_view_end (session) - jx_test_view_start (session), ==, 1000);
  g_assert_cmpint (jx_test_view_start (session), <=, 50 * MS);
  g_assert_cmpint (jx_test_view_end (session), >=, 50 * MS + 10);

  /* The property takes a span and clamps it the same way. */
  g_object_set (session, "visible-time", &(JxTimeSpan) { 30 * MS, 10 * MS }, NULL);
  g_assert_cmpint (jx_test_view_start (session), ==, 10 * MS);
  g_assert_cmpint (jx_test_view_end (session), ==, 30 * MS);

  jx_test_session_finish (session);
}

static void
test_zoom_pan (void)
{
  JxSession *session = jx_session_new ();
  JxTestCounters c;

  jx_test_session_add_trace (session, "a", 1000000000, 0, 100 * MS, 100);
  jx_test_session_connect_counters (session, &c);

  /* Zooming in around the centre halves the width around it. */
  jx_session_zoom (session, 2.0, 50 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 25 * MS);
  g_assert_cmpint (jx_test_view_end (session), ==, 75 * MS);
  g_assert_cmpuint (c.view_changed, ==, 1);

  /* Around a point the point keeps its place on screen (30 % from the left). */
  jx_session_zoom (session, 5.0, 40 * MS);
  g_assert_cmpint (jx_test_view_end (session) - jx_test_view_start (session), ==, 10 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 37 * MS);

  /* Panning moves without changing the width ... */
  jx_session_pan (session, 3 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 40 * MS);
  g_assert_cmpint (jx_test_view_end (session), ==, 50 * MS);
  /* ... and stops at the ends. */
  jx_session_pan (session, -1000 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 0);
  g_assert_cmpint (jx_test_view_end (session), ==, 10 * MS);
  jx_session_pan (session, 1000 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 90 * MS);
  g_assert_cmpint (jx_test_view_end (session), ==, 100 * MS);

  /* Zooming in and back out returns to the same window. */
  jx_test_set_view (session, 20 * MS, 60 * MS);
  jx_session_zoom (session, 4.0, 30 * MS);
  jx_session_zoom (session, 0.25, 30 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 20 * MS);
  g_assert_cmpint (jx_test_view_end (session), ==, 60 * MS);

  /* Zooming far in stops at 1 µs, far out at everything. */
  for (int i = 0; i < 100; i++)
    jx_session_zoom (session, 10.0, 33 * MS);
  g_assert_cmpint (jx_test_view_end (session) - jx_test_view_start (session), ==, 1000);
  g_assert_cmpint (jx_test_view_start (session), <=, 33 * MS);
  g_assert_cmpint (jx_test_view_end (session), >=, 33 * MS);
  jx_session_zoom (session, 1e-12, 33 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 0);
  g_assert_cmpint (jx_test_view_end (session), ==, 100 * MS);

  jx_test_set_view (session, 10 * MS, 20 * MS);
  jx_session_zoom_all (session);
  g_assert_cmpint (jx_test_view_start (session), ==, 0);
  g_assert_cmpint (jx_test_view_end (session), ==, 100 * MS);

  /* No change, no signal. */
  c.view_changed = 0;
  jx_session_zoom_all (session);
  jx_session_pan (session, -5 * MS);
  g_assert_cmpuint (c.view_changed, ==, 0);

  jx_test_session_finish (session);
}

static void
test_extent_offsets (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = jx_test_session_add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  /* 20 ms in µs ticks. */
  JxSessionTrace *b = jx_test_session_add_trace (session, "b", 1000000, 100, 20000, 10);
  JxTimeSpan extent;

  g_assert_true (jx_session_get_extent (session, &extent));
  g_assert_cmpint (extent.begin_ns, ==, 0);
  g_assert_cmpint (extent.end_ns, ==, 20 * MS);
  /* The view followed the second trace because it showed everything. */
  g_assert_cmpint (jx_test_view_end (session), ==, 20 * MS);

  jx_session_set_offset (session, b, -5 * MS);
  g_assert_true (jx_session_get_extent (session, &extent));
  g_assert_cmpint (extent.begin_ns, ==, -5 * MS);
  g_assert_cmpint (extent.end_ns, ==, 15 * MS);
  g_assert_true (jx_session_trace_get_extent (b, &extent));
  g_assert_cmpint (extent.begin_ns, ==, -5 * MS);
  g_assert_cmpint (extent.end_ns, ==, 15 * MS);

  jx_session_set_offset (session, a, 30 * MS);
  g_assert_true (jx_session_get_extent (session, &extent));
  g_assert_cmpint (extent.begin_ns, ==, -5 * MS);
  g_assert_cmpint (extent.end_ns, ==, 40 * MS);

  jx_session_zoom_all (session);
  g_assert_cmpint (jx_test_view_start (session), ==, -5 * MS);
  g_assert_cmpint (jx_test_view_end (session), ==, 40 * MS);

  jx_test_session_finish (session);
}

/* Undo and redo never reach a removed trace's neighbour: the removed trace's
 * steps leave both stacks, and can-undo/can-redo follow. */
static void
test_remove_history (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = jx_test_session_add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  JxSessionTrace *b = jx_test_session_add_trace (session, "b", 1000000000, 0, 20 * MS, 10);
  JxSessionTrace *c3;
  JxTestCounters c;

  jx_test_session_connect_counters (session, &c);

  /* A redo step for trace a, then a goes: nothing left to redo. */
  jx_session_set_offset (session, a, 5 * MS);
  jx_session_undo (session);
  g_assert_true (jx_session_can_redo (session));
  g_assert_false (jx_session_can_undo (session));
  c.can_undo_notify = 0;
  c.can_redo_notify = 0;
  jx_session_remove (session, a);
  g_assert_false (jx_session_can_redo (session));
  g_assert_cmpuint (c.can_redo_notify, ==, 1);
  c.offset_changed = 0;
  jx_session_redo (session);
  g_assert_cmpuint (c.offset_changed, ==, 0);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 0);

  /* Mixed history: only the removed trace's steps go, in both stacks. */
  c3 = jx_test_session_add_trace (session, "c", 1000000000, 0, 30 * MS, 10);
  jx_session_set_offset (session, b, MS);
  jx_session_set_offset (session, c3, 2 * MS);
  jx_session_set_offset (session, b, 3 * MS);
  jx_session_undo (session);                        /* b back to 1 ms, step on redo */
  c.can_undo_notify = 0;
  c.can_redo_notify = 0;
  jx_session_remove (session, b);
  g_assert_cmpuint (c.can_redo_notify, ==, 1);
  g_assert_false (jx_session_can_redo (session));
  g_assert_true (jx_session_can_undo (session));
  g_assert_cmpuint (c.can_undo_notify, ==, 0);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (c3), ==, 0);
  g_assert_false (jx_session_can_undo (session));
  g_assert_cmpuint (c.can_undo_notify, ==, 1);
  jx_session_redo (session);
  g_assert_cmpint (jx_session_trace_get_offset (c3), ==, 2 * MS);
  g_assert_false (jx_session_can_redo (session));

  /* Removing the last trace with history empties both stacks. */
  jx_session_undo (session);
  jx_session_remove (session, c3);
  g_assert_false (jx_session_can_undo (session));
  g_assert_false (jx_session_can_redo (session));

  jx_test_session_finish (session);
}

static void
test_selection_search (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = jx_test_session_add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  const JxTimeSpan *range;
  JxSessionTrace *item;
  guint32 stream, invocation;
  JxTestCounters c;

  jx_test_session_connect_counters (session, &c);

  range = jx_session_get_selected_time (session);
  g_assert_cmpint (range->begin_ns, ==, 0);
  g_assert_cmpint (range->end_ns, ==, 0);

  jx_session_select_time (session, &(JxTimeSpan) { 5 * MS, 2 * MS });
  range = jx_session_get_selected_time (session);
  g_assert_cmpint (range->begin_ns, ==, 2 * MS);
  g_assert_cmpint (range->end_ns, ==, 5 * MS);
  g_assert_cmpuint (c.selection_changed, ==, 1);
  jx_session_select_time (session, &(JxTimeSpan) { 2 * MS, 5 * MS });
  g_assert_cmpuint (c.selection_changed, ==, 1);

  jx_session_select_invocation (session, a, 0, 7);
  g_assert_true (jx_session_get_selected_invocation (session, &item, &stream, &invocation));
  g_assert_true (item == a);
  g_assert_cmpuint (stream, ==, 0);
  g_assert_cmpuint (invocation, ==, 7);
  g_assert_cmpuint (c.selection_changed, ==, 2);

  jx_session_select_invocation (session, NULL, 0, 0);
  g_assert_false (jx_session_get_selected_invocation (session, NULL, NULL, NULL));
  g_assert_cmpuint (c.selection_changed, ==, 3);

  jx_session_select_invocation (session, a, 0, 1);
  jx_session_clear_selection (session);
  g_assert_false (jx_session_get_selected_invocation (session, NULL, NULL, NULL));
  g_assert_cmpint (jx_session_get_selected_time (session)->end_ns, ==, 0);
  g_assert_cmpuint (c.selection_changed, ==, 6);
  jx_session_clear_selection (session);
  g_assert_cmpuint (c.selection_changed, ==, 6);

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

  jx_test_session_finish (session);
}

/* The modes every view follows live only here, as properties. */
static void
test_modes (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  guint shift_notify = 0;
  gboolean value;

  g_signal_connect (session, "notify::shift-mode", G_CALLBACK (jx_test_session_count_notify), &shift_notify);
  g_assert_false (jx_session_get_shift_mode (session));
  g_object_set (session, "shift-mode", TRUE, NULL);
  g_assert_true (jx_session_get_shift_mode (session));
  jx_session_set_shift_mode (session, TRUE);
  g_assert_cmpuint (shift_notify, ==, 1);

  jx_session_set_show_messages (session, TRUE);
  g_object_get (session, "show-messages", &value, NULL);
  g_assert_true (value);
  jx_session_set_dark (session, TRUE);
  g_object_get (session, "dark", &value, NULL);
  g_assert_true (value);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/conversion", test_conversion);
  g_test_add_func ("/session/offsets-undo", test_offsets_undo);
  g_test_add_func ("/session/offsets-multi-step", test_offsets_multi_step);
  g_test_add_func ("/session/drag-coalesced", test_drag_coalesced);
  g_test_add_func ("/session/view-clamp", test_view_clamp);
  g_test_add_func ("/session/zoom-pan", test_zoom_pan);
  g_test_add_func ("/session/extent-offsets", test_extent_offsets);
  g_test_add_func ("/session/remove-history", test_remove_history);
  g_test_add_func ("/session/selection-search", test_selection_search);
  g_test_add_func ("/session/modes", test_modes);

  return g_test_run ();
}
