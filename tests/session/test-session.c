/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c — JxSession without a display: the list model of trace
 * items, offsets and their undo history, the visible window, selection,
 * time conversion, colour slots, the summary each item builds, and loading
 * real traces. */
#include "config.h"

#include <string.h>

#include "jx-session.h"
#include "jx-test-session.h"
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

/* Adds a fresh synthetic trace and lets the session own it alone. */
static JxSessionTrace *
add_trace (JxSession  *session,
           const char *name,
           guint64     resolution,
           guint64     start,
           guint64     length,
           guint       n)
{
  g_autoptr(JxTrace) trace = make_trace (name, resolution, start, length, n);

  return jx_session_add_trace (session, trace);
}

static gboolean
has_summary (gpointer item)
{
  return jx_session_trace_get_summary (item) != NULL;
}

static gboolean
wait_until_null (gpointer *pointer)
{
  return jx_test_wait_until_null (pointer, 30);
}

/* Drops the last reference to the session and checks that it and every item
 * it held are freed once their loads and builds have wound down. */
static void
finish_session (JxSession *session)
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
    g_assert_true (wait_until_null (&items[i]));
}

typedef struct
{
  guint offset_changed;
  guint view_changed;
  guint selection_changed;
  guint search_changed;
  guint can_undo_notify;
  guint can_redo_notify;
  JxSessionTrace *last_item;
} Counters;

static void
on_trace_offset (JxSession      *session,
                 JxSessionTrace *item,
                 GParamSpec     *pspec,
                 Counters       *c)
{
  c->offset_changed++;
  c->last_item = item;
}

static void
count_notify (GObject *object, GParamSpec *pspec, guint *counter)
{
  (*counter)++;
}

static void
connect_counters (JxSession *session,
                  Counters  *c)
{
  memset (c, 0, sizeof *c);
  g_signal_connect (session, "trace-notify::offset", G_CALLBACK (on_trace_offset), c);
  g_signal_connect (session, "notify::visible-time", G_CALLBACK (count_notify), &c->view_changed);
  g_signal_connect (session, "notify::selected-time", G_CALLBACK (count_notify), &c->selection_changed);
  g_signal_connect (session, "notify::selected-invocation", G_CALLBACK (count_notify), &c->selection_changed);
  g_signal_connect (session, "notify::search", G_CALLBACK (count_notify), &c->search_changed);
  g_signal_connect (session, "notify::can-undo", G_CALLBACK (count_notify), &c->can_undo_notify);
  g_signal_connect (session, "notify::can-redo", G_CALLBACK (count_notify), &c->can_redo_notify);
}

static void
test_empty (void)
{
  g_autoptr(JxSession) session = jx_session_new ();

  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (session)) == JX_TYPE_SESSION_TRACE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (session), 0));
  g_assert_false (jx_session_get_extent (session, NULL));
  g_assert_false (jx_session_can_undo (session));
  g_assert_false (jx_session_can_redo (session));
  g_assert_null (jx_session_get_reference (session));
  g_assert_cmpint (jx_test_view_end (session) - jx_test_view_start (session), >, 0);
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
  JxSession *session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("a", 1000000000, 5000, 10 * MS, 10);
  JxSessionTrace *item;
  gpointer got;
  Counters c;
  JxTimeSpan extent;

  connect_counters (session, &c);
  item = jx_session_add_trace (session, a);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  got = g_list_model_get_item (G_LIST_MODEL (session), 0);
  g_assert_true (got == item);
  g_object_unref (got);
  g_assert_true (jx_session_peek_item (session, 0) == item);
  g_assert_cmpint (jx_session_trace_get_state (item), ==, JX_SESSION_TRACE_LOADED);
  g_assert_true (jx_session_trace_get_trace (item) == a);
  g_assert_cmpstr (jx_session_trace_get_name (item), ==, "a");
  g_assert_cmpfloat (jx_session_trace_get_fraction (item), ==, 1.0);
  g_assert_null (jx_session_trace_get_error (item));
  g_assert_cmpint (jx_session_trace_get_duration (item), ==, 10 * MS);
  /* The first trace is the reference. */
  g_assert_true (jx_session_get_reference (session) == item);
  g_assert_true (jx_session_trace_get_reference (item));

  /* Comparison time starts at the trace's first event. */
  g_assert_true (jx_session_get_extent (session, &extent));
  g_assert_cmpint (extent.begin_ns, ==, 0);
  g_assert_cmpint (extent.end_ns, ==, 10 * MS);

  /* The first loaded trace is shown whole. */
  g_assert_cmpint (jx_test_view_start (session), ==, 0);
  g_assert_cmpint (jx_test_view_end (session), ==, 10 * MS);
  g_assert_cmpuint (c.view_changed, >=, 1);

  /* Properties say the same. */
  {
    g_autoptr(JxTrace) trace = NULL;
    JxTimeSpan *visible = NULL;
    JxSessionTraceState state;

    g_object_get (item, "trace", &trace, "state", &state, NULL);
    g_assert_true (trace == a);
    g_assert_cmpint (state, ==, JX_SESSION_TRACE_LOADED);
    g_object_get (session, "visible-time", &visible, NULL);
    g_assert_cmpint (visible->end_ns, ==, 10 * MS);
    jx_time_span_free (visible);
  }

  finish_session (session);
}

/* items-changed says where, and items keep their identity: positions are
 * only the order. */
typedef struct
{
  guint position;
  guint removed;
  guint added;
  guint n_calls;
} ItemsChanged;

static void
on_items_changed (GListModel   *model,
                  guint         position,
                  guint         removed,
                  guint         added,
                  ItemsChanged *record)
{
  record->position = position;
  record->removed = removed;
  record->added = added;
  record->n_calls++;
}

static void
test_items_changed (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a, *b, *c3;
  ItemsChanged record = { 0 };
  guint position;

  g_signal_connect (session, "items-changed", G_CALLBACK (on_items_changed), &record);

  a = add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  g_assert_cmpuint (record.n_calls, ==, 1);
  g_assert_cmpuint (record.position, ==, 0);
  g_assert_cmpuint (record.added, ==, 1);
  b = add_trace (session, "b", 1000000000, 0, 10 * MS, 10);
  c3 = add_trace (session, "c", 1000000000, 0, 10 * MS, 10);
  g_assert_cmpuint (record.n_calls, ==, 3);
  g_assert_cmpuint (record.position, ==, 2);
  g_assert_cmpuint (record.removed, ==, 0);

  jx_session_remove (session, b);
  g_assert_cmpuint (record.n_calls, ==, 4);
  g_assert_cmpuint (record.position, ==, 1);
  g_assert_cmpuint (record.removed, ==, 1);
  g_assert_cmpuint (record.added, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 2);
  g_assert_true (jx_session_peek_item (session, 0) == a);
  g_assert_true (jx_session_peek_item (session, 1) == c3);
  g_assert_true (jx_session_find_item (session, c3, &position));
  g_assert_cmpuint (position, ==, 1);
  g_assert_false (jx_session_find_item (session, NULL, NULL));

  jx_session_clear (session);
  g_assert_cmpuint (record.n_calls, ==, 6);
  g_assert_cmpuint (record.position, ==, 0);

  finish_session (session);
}

static void
test_conversion (void)
{
  JxSession *session = jx_session_new ();
  /* Microsecond ticks, first event at tick 5,000,000 (5 s). */
  JxSessionTrace *a = add_trace (session, "a", 1000000, 5000000, 2000000, 4);
  JxSessionTrace *b = add_trace (session, "b", 1000000000, 7, 3 * MS, 3);
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

  finish_session (session);
}

static void
test_offsets_undo (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  JxSessionTrace *b = add_trace (session, "b", 1000000000, 0, 20 * MS, 10);
  guint offset_notify = 0;
  Counters c;

  connect_counters (session, &c);
  g_signal_connect (b, "notify::offset", G_CALLBACK (count_notify), &offset_notify);

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

  finish_session (session);
}

/* Several traces move in one command: one step to undo and redo. */
static void
test_offsets_multi_step (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *items[3];
  gint64 offsets[3] = { 2 * MS, 0, -7 * MS };
  Counters c;

  items[0] = add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  items[1] = add_trace (session, "b", 1000000000, 0, 10 * MS, 10);
  items[2] = add_trace (session, "c", 1000000000, 0, 10 * MS, 10);
  jx_session_set_offset (session, items[1], 3 * MS);
  connect_counters (session, &c);

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

  finish_session (session);
}

static void
test_drag_coalesced (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  JxSessionTrace *b = add_trace (session, "b", 1000000000, 0, 10 * MS, 10);
  Counters c;

  jx_session_set_offset (session, b, MS);
  connect_counters (session, &c);

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

  finish_session (session);
}

static void
test_view_clamp (void)
{
  JxSession *session = jx_session_new ();

  add_trace (session, "a", 1000000000, 0, 100 * MS, 100);

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

  finish_session (session);
}

static void
test_zoom_pan (void)
{
  JxSession *session = jx_session_new ();
  Counters c;

  add_trace (session, "a", 1000000000, 0, 100 * MS, 100);
  connect_counters (session, &c);

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

  finish_session (session);
}

static void
test_extent_offsets (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  /* 20 ms in µs ticks. */
  JxSessionTrace *b = add_trace (session, "b", 1000000, 100, 20000, 10);
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

  finish_session (session);
}

static void
test_remove (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  JxSessionTrace *b = add_trace (session, "b", 1000000000, 0, 20 * MS, 10);
  JxSessionTrace *c3 = add_trace (session, "c", 1000000000, 0, 30 * MS, 10);
  JxSessionTrace *selected;
  guint reference_notify = 0;
  guint32 stream, invocation;
  Counters c;

  connect_counters (session, &c);
  g_signal_connect (session, "notify::reference", G_CALLBACK (count_notify), &reference_notify);

  jx_session_set_reference (session, c3);
  g_assert_true (jx_session_get_reference (session) == c3);
  g_assert_true (jx_session_trace_get_reference (c3));
  g_assert_false (jx_session_trace_get_reference (a));
  g_assert_cmpuint (reference_notify, ==, 1);
  jx_session_set_offset (session, a, MS);
  jx_session_set_offset (session, c3, 2 * MS);
  jx_session_select_invocation (session, c3, 0, 3);

  jx_session_remove (session, a);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 2);
  g_assert_cmpstr (jx_session_trace_get_name (jx_session_peek_item (session, 0)), ==, "b");
  g_assert_cmpstr (jx_session_trace_get_name (jx_session_peek_item (session, 1)), ==, "c");
  /* What pointed at another trace still does. */
  g_assert_true (jx_session_get_reference (session) == c3);
  g_assert_cmpuint (reference_notify, ==, 1);
  g_assert_true (jx_session_get_selected_invocation (session, &selected, &stream, &invocation));
  g_assert_true (selected == c3);
  g_assert_cmpuint (invocation, ==, 3);
  g_assert_cmpint (jx_session_trace_get_offset (c3), ==, 2 * MS);

  /* The removed trace's step is gone from the history; the other remains. */
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (c3), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  /* Removing the selected reference clears the selection and makes the
   * trace in its place (here the one before: it was the last) the reference. */
  jx_session_remove (session, c3);
  g_assert_false (jx_session_get_selected_invocation (session, NULL, NULL, NULL));
  g_assert_true (jx_session_get_reference (session) == b);
  g_assert_true (jx_session_trace_get_reference (b));
  g_assert_cmpuint (reference_notify, ==, 2);
  g_assert_false (jx_session_can_redo (session));

  /* The view follows the remaining extent when it showed everything. */
  jx_session_zoom_all (session);
  g_assert_cmpint (jx_test_view_end (session), ==, 20 * MS);

  jx_session_clear (session);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 0);
  g_assert_null (jx_session_get_reference (session));
  g_assert_false (jx_session_get_extent (session, NULL));

  finish_session (session);
}

/* Removing a trace in the middle leaves the other items as they were: same
 * objects, same offsets, reference and history; nothing shifts to them. */
static void
test_remove_middle (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  JxSessionTrace *b = add_trace (session, "b", 1000000000, 0, 20 * MS, 10);
  JxSessionTrace *c3 = add_trace (session, "c", 1000000000, 0, 30 * MS, 10);
  gpointer weak_b = b;

  jx_session_set_offset (session, a, 1 * MS);
  jx_session_set_offset (session, b, 2 * MS);
  jx_session_set_offset (session, c3, 3 * MS);
  jx_session_set_reference (session, b);
  g_object_add_weak_pointer (G_OBJECT (b), &weak_b);

  jx_session_remove (session, b);
  /* Nothing else holds it: it goes once its summary build has wound down. */
  g_assert_true (wait_until_null (&weak_b));
  g_assert_true (jx_session_peek_item (session, 0) == a);
  g_assert_true (jx_session_peek_item (session, 1) == c3);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 1 * MS);
  g_assert_cmpint (jx_session_trace_get_offset (c3), ==, 3 * MS);
  /* The reference moved to the trace in its place. */
  g_assert_true (jx_session_get_reference (session) == c3);

  /* Undo reaches the others' steps in order, skipping the removed one's. */
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (c3), ==, 0);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 1 * MS);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  finish_session (session);
}

/* Undo and redo never reach a removed trace's neighbour: the removed trace's
 * steps leave both stacks, and can-undo/can-redo follow. */
static void
test_remove_history (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  JxSessionTrace *b = add_trace (session, "b", 1000000000, 0, 20 * MS, 10);
  JxSessionTrace *c3;
  Counters c;

  connect_counters (session, &c);

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
  c3 = add_trace (session, "c", 1000000000, 0, 30 * MS, 10);
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

  finish_session (session);
}

static void
test_selection_search (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  const JxTimeSpan *range;
  JxSessionTrace *item;
  guint32 stream, invocation;
  Counters c;

  connect_counters (session, &c);

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

  finish_session (session);
}

/* The modes every view follows live only here, as properties. */
static void
test_modes (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  guint shift_notify = 0;
  gboolean value;

  g_signal_connect (session, "notify::shift-mode", G_CALLBACK (count_notify), &shift_notify);
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

/* The session hands out palette slots and keeps the user's colour choice;
 * tints and accents are the render palette's business (tests/ui). */
static void
test_color_slots (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *items[6];
  guint picked_notify = 0;

  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      g_autofree char *name = g_strdup_printf ("t%u", i);

      items[i] = add_trace (session, name, 1000000000, 0, MS, 2);
      g_assert_cmpuint (jx_session_trace_get_color_slot (items[i]), ==, i);
      g_assert_cmpuint (jx_session_trace_get_picked_color (items[i]), ==, 0);
    }

  /* A picked colour is stored opaque, as the user's choice. */
  g_signal_connect (items[1], "notify::picked-color", G_CALLBACK (count_notify), &picked_notify);
  jx_session_trace_set_picked_color (items[1], 0x8c00d9);
  g_assert_cmpuint (jx_session_trace_get_picked_color (items[1]), ==, 0xff8c00d9);
  jx_session_trace_set_picked_color (items[1], 0xff8c00d9);
  g_assert_cmpuint (picked_notify, ==, 1);
  /* The slot stays: back to the palette colour with 0. */
  jx_session_trace_set_picked_color (items[1], 0);
  g_assert_cmpuint (jx_session_trace_get_color_slot (items[1]), ==, 1);

  /* A removed trace gives its slot to the next one. */
  jx_session_remove (session, items[2]);
  items[2] = add_trace (session, "late", 1000000000, 0, MS, 2);
  g_assert_cmpuint (jx_session_trace_get_color_slot (items[2]), ==, 2);

  finish_session (session);
}

/* Each loaded trace gets its timeline summary, built off the main thread; it
 * goes with the item: removing the item frees the summary and, with it, the
 * trace (the summary holds the trace, never the item). */
static void
test_summary_lifecycle (void)
{
  JxSession *session = jx_session_new ();
  JxTrace *trace = make_trace ("a", 1000000000, 0, 10 * MS, 1000);
  JxSessionTrace *item = jx_session_add_trace (session, trace);
  JxSessionTrace *building;
  JxTimelineSummary *summary;
  gpointer weak_item = item, weak_trace = trace;
  gpointer weak_building, weak_building_trace;
  guint summary_notify = 0;

  g_signal_connect (item, "notify::summary", G_CALLBACK (count_notify), &summary_notify);
  g_object_add_weak_pointer (G_OBJECT (item), &weak_item);
  g_object_add_weak_pointer (G_OBJECT (trace), &weak_trace);
  g_object_unref (trace);

  g_assert_true (jx_test_wait_until (has_summary, item, 30));
  summary = jx_session_trace_get_summary (item);
  g_assert_true (jx_timeline_summary_get_trace (summary) == jx_session_trace_get_trace (item));
  g_assert_cmpuint (summary_notify, ==, 1);

  /* (The build's worker thread may hold the trace a moment longer.) */
  jx_session_remove (session, item);
  g_assert_true (wait_until_null (&weak_item));
  g_assert_true (wait_until_null (&weak_trace));

  /* Removed while its summary is still being built: the build is cancelled
   * and drops everything when it returns. */
  {
    JxTrace *other = make_trace ("b", 1000000000, 0, 10 * MS, 1000);

    building = jx_session_add_trace (session, other);
    weak_building = building;
    weak_building_trace = other;
    g_object_add_weak_pointer (G_OBJECT (building), &weak_building);
    g_object_add_weak_pointer (G_OBJECT (other), &weak_building_trace);
    g_object_unref (other);
  }
  g_assert_null (jx_session_trace_get_summary (building));
  jx_session_remove (session, building);
  g_assert_true (wait_until_null (&weak_building));
  g_assert_true (wait_until_null (&weak_building_trace));

  finish_session (session);
}

/* Loading real traces ------------------------------------------------------- */

static void
on_fraction (JxSessionTrace *item,
             GParamSpec     *pspec,
             GArray         *fractions)
{
  double f = jx_session_trace_get_fraction (item);

  g_array_append_val (fractions, f);
}

static void
test_load_real (void)
{
  JxSession *session = jx_session_new ();
  g_autofree char *pingpong = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *stencil = jx_test_get_shared_trace ("TraceR__stencil4d-32/traces.otf2");
  g_autofree char *missing = g_build_filename (jx_test_get_shared_traces (), "no-such-trace", NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  JxSessionTrace *items[3];
  const GError *error;
  JxTrace *trace;
  JxTimeSpan extent;

  items[0] = jx_session_add_path (session, pingpong);
  items[1] = jx_session_add_path (session, missing);
  items[2] = jx_session_add_path (session, stencil);
  g_signal_connect (items[0], "notify::fraction", G_CALLBACK (on_fraction), fractions);

  /* Items exist while loading; nothing is loaded yet. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 3);
  g_assert_cmpuint (jx_session_get_n_loading (session), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpint (jx_session_trace_get_state (items[i]), ==, JX_SESSION_TRACE_LOADING);
      g_assert_null (jx_session_trace_get_trace (items[i]));
    }
  g_assert_cmpstr (jx_session_trace_get_path (items[2]), ==, stencil);
  g_assert_false (jx_session_get_extent (session, NULL));

  jx_test_wait_for_loads (session);

  g_assert_cmpint (jx_session_trace_get_state (items[0]), ==, JX_SESSION_TRACE_LOADED);
  trace = jx_session_trace_get_trace (items[0]);
  g_assert_nonnull (trace);
  g_assert_cmpuint (jx_trace_get_n_processes (trace), ==, 2);
  g_assert_cmpuint (jx_trace_get_n_events (trace), ==, 120);
  g_assert_cmpfloat (jx_session_trace_get_fraction (items[0]), ==, 1.0);
  g_assert_null (jx_session_trace_get_error (items[0]));
  /* Progress reported along the way never went backwards. */
  g_assert_cmpuint (fractions->len, >=, 1);
  for (guint i = 1; i < fractions->len; i++)
    g_assert_cmpfloat (g_array_index (fractions, double, i), >=, g_array_index (fractions, double, i - 1));

  /* The bad path fails with a message naming it, and disturbs nobody. */
  g_assert_cmpint (jx_session_trace_get_state (items[1]), ==, JX_SESSION_TRACE_FAILED);
  g_assert_null (jx_session_trace_get_trace (items[1]));
  error = jx_session_trace_get_error (items[1]);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "no-such-trace"));

  g_assert_cmpint (jx_session_trace_get_state (items[2]), ==, JX_SESSION_TRACE_LOADED);
  trace = jx_session_trace_get_trace (items[2]);
  g_assert_cmpuint (jx_trace_get_n_streams (trace), ==, 32);
  /* Its load report is reachable: stencil4d has repaired defects. */
  g_assert_cmpuint (jx_trace_get_n_defects (trace), >, 0);

  /* Both loaded traces are in the extent and the view shows all of it. */
  g_assert_true (jx_session_get_extent (session, &extent));
  g_assert_cmpint (extent.begin_ns, ==, 0);
  g_assert_cmpint (extent.end_ns, ==, MAX (jx_session_trace_get_duration (items[0]),
                                           jx_session_trace_get_duration (items[2])));
  g_assert_cmpint (jx_test_view_start (session), ==, extent.begin_ns);
  g_assert_cmpint (jx_test_view_end (session), ==, extent.end_ns);

  /* Offsets and conversion work on loaded traces. */
  jx_session_set_offset (session, items[2], 1000);
  g_assert_cmpint (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (items[2]), jx_trace_get_start_time (trace)), ==, 1000);

  /* Removing the failed one leaves the others in place. */
  jx_session_remove (session, items[1]);
  g_assert_true (jx_session_peek_item (session, 1) == items[2]);
  g_assert_cmpint (jx_session_trace_get_offset (items[2]), ==, 1000);

  /* Recent comparisons and duplicate checks go by path. */
  {
    g_auto(GStrv) paths = jx_session_dup_paths (session);

    g_assert_cmpuint (g_strv_length (paths), ==, 2);
    g_assert_cmpstr (paths[1], ==, stencil);
    g_assert_true (jx_session_find_path (session, pingpong) == items[0]);
    g_assert_null (jx_session_find_path (session, missing));
  }

  finish_session (session);
}

static void
test_cancel (void)
{
  JxSession *session = jx_session_new ();
  g_autofree char *a = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autofree char *b = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  JxSessionTrace *big, *small;
  const GError *error;

  big = jx_session_add_path (session, a);
  small = jx_session_add_path (session, b);
  jx_session_cancel_load (session, big);

  jx_test_wait_for_loads (session);

  g_assert_cmpint (jx_session_trace_get_state (big), ==, JX_SESSION_TRACE_FAILED);
  error = jx_session_trace_get_error (big);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_nonnull (strstr (error->message, "stencil4d-64"));
  g_assert_cmpint (jx_session_trace_get_state (small), ==, JX_SESSION_TRACE_LOADED);

  /* Cancelling something already loaded changes nothing. */
  jx_session_cancel_load (session, small);
  g_assert_cmpint (jx_session_trace_get_state (small), ==, JX_SESSION_TRACE_LOADED);

  /* The failed trace gave its palette colour back to the next one. */
  g_assert_cmpuint (jx_session_trace_get_color_slot (small), ==, 1);
  g_assert_cmpuint (jx_session_trace_get_color_slot (add_trace (session, "late", 1000000000, 0, MS, 2)), ==, 0);

  finish_session (session);
}

static void
test_remove_while_loading (void)
{
  JxSession *session = jx_session_new ();
  g_autofree char *a = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autofree char *b = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  JxSessionTrace *doomed_item;
  gpointer weak_item;
  JxSession *doomed;

  doomed_item = jx_session_add_path (session, a);
  jx_session_add_path (session, b);
  weak_item = doomed_item;
  g_object_add_weak_pointer (G_OBJECT (doomed_item), &weak_item);
  jx_session_remove (session, doomed_item);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  g_assert_cmpuint (jx_session_get_n_loading (session), ==, 1);
  g_assert_cmpstr (jx_session_trace_get_path (jx_session_peek_item (session, 0)), ==, b);

  jx_test_wait_for_loads (session);
  /* The cancelled load delivers its result into nothing and lets go. */
  g_assert_true (wait_until_null (&weak_item));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  g_assert_cmpint (jx_session_trace_get_state (jx_session_peek_item (session, 0)), ==, JX_SESSION_TRACE_LOADED);

  /* A session may go away while its traces load. */
  doomed = jx_session_new ();
  jx_session_add_path (doomed, a);
  jx_session_add_path (doomed, b);
  finish_session (doomed);
  jx_test_spin (100);

  finish_session (session);
}

/* Traces that share a name are told apart, and get their name back when
 * the other one goes; views hear of it through notify::name. */
static void
test_names (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a, *b, *c;
  guint renamed = 0;

  {
    JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/a/run/traces.otf2", "run", 1000);
    g_autoptr(JxTrace) trace = jx_trace_builder_finish (builder);

    a = jx_session_add_trace (session, trace);
  }
  g_assert_cmpstr (jx_session_trace_get_name (a), ==, "run");
  g_signal_connect (a, "notify::name", G_CALLBACK (count_notify), &renamed);
  {
    JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/b/run/traces.otf2", "run", 1000);
    g_autoptr(JxTrace) trace = jx_trace_builder_finish (builder);

    b = jx_session_add_trace (session, trace);
  }
  g_assert_cmpstr (jx_session_trace_get_name (a), ==, "run (a)");
  g_assert_cmpstr (jx_session_trace_get_name (b), ==, "run (b)");
  g_assert_cmpuint (renamed, ==, 1);

  /* A trace still loading has the name its path gives. */
  c = jx_session_add_path (session, "/nonexistent/c/other/traces.otf2");
  g_assert_cmpstr (jx_session_trace_get_name (c), ==, "other");
  jx_session_remove (session, c);

  jx_session_remove (session, b);
  g_assert_cmpstr (jx_session_trace_get_name (a), ==, "run");
  g_assert_cmpuint (renamed, ==, 2);

  /* The same trace twice: by position. */
  {
    g_autoptr(JxTrace) again = g_object_ref (jx_session_trace_get_trace (a));

    b = jx_session_add_trace (session, again);
  }
  g_assert_cmpstr (jx_session_trace_get_name (a), ==, "run (A)");
  g_assert_cmpstr (jx_session_trace_get_name (b), ==, "run (B)");

  g_signal_handlers_disconnect_by_data (a, &renamed);
  jx_test_wait_for_loads (session);
  finish_session (session);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/empty", test_empty);
  g_test_add_func ("/session/add-trace", test_add_trace);
  g_test_add_func ("/session/names", test_names);
  g_test_add_func ("/session/items-changed", test_items_changed);
  g_test_add_func ("/session/conversion", test_conversion);
  g_test_add_func ("/session/offsets-undo", test_offsets_undo);
  g_test_add_func ("/session/offsets-multi-step", test_offsets_multi_step);
  g_test_add_func ("/session/drag-coalesced", test_drag_coalesced);
  g_test_add_func ("/session/view-clamp", test_view_clamp);
  g_test_add_func ("/session/zoom-pan", test_zoom_pan);
  g_test_add_func ("/session/extent-offsets", test_extent_offsets);
  g_test_add_func ("/session/remove", test_remove);
  g_test_add_func ("/session/remove-middle", test_remove_middle);
  g_test_add_func ("/session/remove-history", test_remove_history);
  g_test_add_func ("/session/selection-search", test_selection_search);
  g_test_add_func ("/session/modes", test_modes);
  g_test_add_func ("/session/color-slots", test_color_slots);
  g_test_add_func ("/session/summary-lifecycle", test_summary_lifecycle);
  g_test_add_func ("/session/load-real", test_load_real);
  g_test_add_func ("/session/cancel", test_cancel);
  g_test_add_func ("/session/remove-while-loading", test_remove_while_loading);

  return g_test_run ();
}
