/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c — JxSession's list of traces without a display: the list
 * model of trace items and its changes, adding and removing traces, their
 * names and colour slots, the summary each item builds, and loading,
 * cancelling and removing real traces. Offsets, the undo history, the
 * visible window and the selection: test-session-time.c. */
#include "config.h"

#include <string.h>

#include "jx-session.h"
#include "jx-test-session-make.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-trace-builder.h"

#define MS G_GINT64_CONSTANT (1000000)

static gboolean
has_summary (gpointer item)
{
  return jx_session_trace_get_summary (item) != NULL;
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
  g_autoptr(JxTrace) a = jx_test_session_make_trace ("a", 1000000000, 5000, 10 * MS, 10);
  JxSessionTrace *item;
  gpointer got;
  JxTestCounters c;
  JxTimeSpan extent;

  jx_test_session_connect_counters (session, &c);
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

  jx_test_session_finish (session);
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

  a = jx_test_session_add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  g_assert_cmpuint (record.n_calls, ==, 1);
  g_assert_cmpuint (record.position, ==, 0);
  g_assert_cmpuint (record.added, ==, 1);
  b = jx_test_session_add_trace (session, "b", 1000000000, 0, 10 * MS, 10);
  c3 = jx_test_session_add_trace (session, "c", 1000000000, 0, 10 * MS, 10);
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

  jx_test_session_finish (session);
}

static void
test_remove (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = jx_test_session_add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  JxSessionTrace *b = jx_test_session_add_trace (session, "b", 1000000000, 0, 20 * MS, 10);
  JxSessionTrace *c3 = jx_test_session_add_trace (session, "c", 1000000000, 0, 30 * MS, 10);
  JxSessionTrace *selected;
  guint reference_notify = 0;
  guint32 stream, invocation;
  JxTestCounters c;

  jx_test_session_connect_counters (session, &c);
  g_signal_connect (session, "notify::reference", G_CALLBACK (jx_test_session_count_notify), &reference_notify);

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

  jx_test_session_finish (session);
}

/* Removing a trace in the middle leaves the other items as they were: same
 * objects, same offsets, reference and history; nothing shifts to them. */
static void
test_remove_middle (void)
{
  JxSession *session = jx_session_new ();
  JxSessionTrace *a = jx_test_session_add_trace (session, "a", 1000000000, 0, 10 * MS, 10);
  JxSessionTrace *b = jx_test_session_add_trace (session, "b", 1000000000, 0, 20 * MS, 10);
  JxSessionTrace *c3 = jx_test_session_add_trace (session, "c", 1000000000, 0, 30 * MS, 10);
  gpointer weak_b = b;

  jx_session_set_offset (session, a, 1 * MS);
  jx_session_set_offset (session, b, 2 * MS);
  jx_session_set_offset (session, c3, 3 * MS);
  jx_session_set_reference (session, b);
  g_object_add_weak_pointer (G_OBJECT (b), &weak_b);

  jx_session_remove (session, b);
  /* Nothing else holds it: it goes once its summary build has wound down. */
  g_assert_true (jx_test_session_wait_freed (&weak_b));
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

  jx_test_session_finish (session);
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

      items[i] = jx_test_session_add_trace (session, name, 1000000000, 0, MS, 2);
      g_assert_cmpuint (jx_session_trace_get_color_slot (items[i]), ==, i);
      g_assert_cmpuint (jx_session_trace_get_picked_color (items[i]), ==, 0);
    }

  /* A picked colour is stored opaque, as the user's choice. */
  g_signal_connect (items[1], "notify::picked-color", G_CALLBACK (jx_test_session_count_notify), &picked_notify);
  jx_session_trace_set_picked_color (items[1], 0x8c00d9);
  g_assert_cmpuint (jx_session_trace_get_picked_color (items[1]), ==, 0xff8c00d9);
  jx_session_trace_set_picked_color (items[1], 0xff8c00d9);
  g_assert_cmpuint (picked_notify, ==, 1);
  /* The slot stays: back to the palette colour with 0. */
  jx_session_trace_set_picked_color (items[1], 0);
  g_assert_cmpuint (jx_session_trace_get_color_slot (items[1]), ==, 1);

  /* A removed trace gives its slot to the next one. */
  jx_session_remove (session, items[2]);
  items[2] = jx_test_session_add_trace (session, "late", 1000000000, 0, MS, 2);
  g_assert_cmpuint (jx_session_trace_get_color_slot (items[2]), ==, 2);

  jx_test_session_finish (session);
}

/* Each loaded trace gets its timeline summary, built off the main thread; it
 * goes with the item: removing the item frees the summary and, with it, the
 * trace (the summary holds the trace, never the item). */
static void
test_summary_lifecycle (void)
{
  JxSession *session = jx_session_new ();
  JxTrace *trace = jx_test_session_make_trace ("a", 1000000000, 0, 10 * MS, 1000);
  JxSessionTrace *item = jx_session_add_trace (session, trace);
  JxSessionTrace *building;
  JxTimelineSummary *summary;
  gpointer weak_item = item, weak_trace = trace;
  gpointer weak_building, weak_building_trace;
  guint summary_notify = 0;

  g_signal_connect (item, "notify::summary", G_CALLBACK (jx_test_session_count_notify), &summary_notify);
  g_object_add_weak_pointer (G_OBJECT (item), &weak_item);
  g_object_add_weak_pointer (G_OBJECT (trace), &weak_trace);
  g_object_unref (trace);

  g_assert_true (jx_test_wait_until (has_summary, item, 30));
  summary = jx_session_trace_get_summary (item);
  g_assert_true (jx_timeline_summary_get_trace (summary) == jx_session_trace_get_trace (item));
  g_assert_cmpuint (summary_notify, ==, 1);

  /* (The build's worker thread may hold the trace a moment longer.) */
  jx_session_remove (session, item);
  g_assert_true (jx_test_session_wait_freed (&weak_item));
  g_assert_true (jx_test_session_wait_freed (&weak_trace));

  /* Removed while its summary is still being built: the build is cancelled
   * and drops everything when it returns. */
  {
    JxTrace *other = jx_test_session_make_trace ("b", 1000000000, 0, 10 * MS, 1000);

    building = jx_session_add_trace (session, other);
    weak_building = building;
    weak_building_trace = other;
    g_object_add_weak_pointer (G_OBJECT (building), &weak_building);
    g_object_add_weak_pointer (G_OBJECT (other), &weak_building_trace);
    g_object_unref (other);
  }
  g_assert_null (jx_session_trace_get_summary (building));
  jx_session_remove (session, building);
  g_assert_true (jx_test_session_wait_freed (&weak_building));
  g_assert_true (jx_test_session_wait_freed (&weak_building_trace));

  jx_test_session_finish (session);
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

  jx_test_session_finish (session);
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
  g_assert_cmpuint (jx_session_trace_get_color_slot (jx_test_session_add_trace (session, "late", 1000000000, 0, MS, 2)), ==, 0);

  jx_test_session_finish (session);
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
  g_assert_true (jx_test_session_wait_freed (&weak_item));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  g_assert_cmpint (jx_session_trace_get_state (jx_session_peek_item (session, 0)), ==, JX_SESSION_TRACE_LOADED);

  /* A session may go away while its traces load. */
  doomed = jx_session_new ();
  jx_session_add_path (doomed, a);
  jx_session_add_path (doomed, b);
  jx_test_session_finish (doomed);
  jx_test_spin (100);

  jx_test_session_finish (session);
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
  g_signal_connect (a, "notify::name", G_CALLBACK (jx_test_session_count_notify), &renamed);
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
  jx_test_session_finish (session);
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
  g_test_add_func ("/session/remove", test_remove);
  g_test_add_func ("/session/remove-middle", test_remove_middle);
  g_test_add_func ("/session/color-slots", test_color_slots);
  g_test_add_func ("/session/summary-lifecycle", test_summary_lifecycle);
  g_test_add_func ("/session/load-real", test_load_real);
  g_test_add_func ("/session/cancel", test_cancel);
  g_test_add_func ("/session/remove-while-loading", test_remove_while_loading);

  return g_test_run ();
}
