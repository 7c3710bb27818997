/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-align.c — automatic alignment through the session: "Align
 * All Traces Here" on generated runs with different start delays (offsets,
 * one undo step, the kept window, the report), and the markers: the list
 * that follows the traces, the marker view's arithmetic, and writing user
 * markers into the archive. */
#include "config.h"

#include <string.h>

#include "jx-gen-test-util.h"
#include "jx-session-align.h"
#include "jx-session-markers.h"
#include "jx-test-session.h"
#include "jx-test-trace.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-builder.h"
#include "jx-trace-loader.h"

static const gint64 delays[] = { 0, 40000000, 123456789 };

/* Three runs generated in `dir`, opened in a session. */
static JxSession *
open_runs (const char *dir)
{
  JxSession *session = jx_session_new ();
  g_auto(GStrv) paths = jx_test_generate_runs (dir, delays, G_N_ELEMENTS (delays), 24, NULL);

  for (guint t = 0; paths[t] != NULL; t++)
    jx_session_add_path (session, paths[t]);
  jx_test_wait_for_loads (session);
  for (guint t = 0; t < G_N_ELEMENTS (delays); t++)
    g_assert_cmpint (jx_session_trace_get_state (jx_test_item_at (session, t)), ==, JX_SESSION_TRACE_LOADED);
  return session;
}

static void
on_aligned (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  JxAlignReport **report = user_data;
  g_autoptr(GError) error = NULL;

  *report = jx_session_align_at_finish (JX_SESSION (source), result, &error);
  g_assert_no_error (error);
}

static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

static JxAlignReport *
align_at (JxSession      *session,
          JxSessionTrace *item,
          guint32         stream,
          guint32         invocation)
{
  JxAlignReport *report = NULL;

  jx_session_align_at_async (session, item, stream, invocation, NULL, on_aligned, &report);
  g_assert_true (jx_test_wait_until (is_set, &report, 30));
  return report;
}

/* Comparison time of the k-th kernel on a stream of the item's trace. */
static gint64
kernel_ns (JxSessionTrace *item,
           guint32         stream,
           guint           k,
           gboolean        end)
{
  JxTrace *trace = jx_session_trace_get_trace (item);
  const JxStream *s = jx_trace_get_stream (trace, stream);
  guint32 i = jx_test_nth_invocation (trace, stream, "stencil_kernel", k);

  return jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), end ? s->end[i] : s->start[i]);
}

/* Aligning at iteration k's kernel puts every trace's k-th kernel, on every
 * stream, at the same comparison time to the nanosecond; one undo step
 * restores every offset; the window stays; the report tells all. */
static void
test_align_at (void)
{
  g_autofree char *dir = jx_gen_test_make_tmp_dir ();
  g_autoptr(JxSession) session = open_runs (dir);
  JxSessionTrace *ref = jx_test_item_at (session, 1);
  JxTrace *ref_trace = jx_session_trace_get_trace (ref);
  g_autoptr(JxAlignReport) report = NULL;
  const guint k = 9;
  gint64 before[3];
  JxTimeSpan view;

  /* The middle trace is selected and shifted a little beforehand. */
  jx_session_set_offset (session, ref, 5000);
  for (guint t = 0; t < 3; t++)
    before[t] = jx_test_offset_of (session, t);
  jx_test_set_view (session, 20000000, 30000000);
  view = *jx_session_get_visible_time (session);
  jx_session_select_invocation (session, ref, 0, jx_test_nth_invocation (ref_trace, 0, "stencil_kernel", k));

  report = align_at (session, ref, 0, jx_test_nth_invocation (ref_trace, 0, "stencil_kernel", k));
  g_assert_cmpstr (jx_align_report_get_what (report), ==, "stencil_kernel");
  g_assert_false (jx_align_report_is_marker (report));
  g_assert_cmpuint (jx_align_report_get_n_entries (report), ==, 3);
  g_assert_cmpuint (jx_align_report_count_aligned (report), ==, 2);
  g_assert_cmpuint (jx_align_report_count_left (report), ==, 0);
  for (guint t = 0; t < 3; t++)
    {
      const JxAlignEntry *e = jx_align_report_get_entry (report, t);

      g_assert_true (e->item == jx_test_item_at (session, t));
      g_assert_cmpint (e->status, ==, t == 1 ? JX_ALIGN_ENTRY_REFERENCE : JX_ALIGN_ENTRY_ALIGNED);
      g_assert_cmpstr (e->process, ==, "MPI Rank 0");
      g_assert_cmpstr (e->stream, ==, "Master thread");
      g_assert_cmpuint (e->ordinal, ==, k + 1);
      g_assert_cmpuint (e->error, ==, 0);
      g_assert_cmpint (e->offset_before, ==, before[t]);
      g_assert_cmpint (e->offset_after, ==, jx_test_offset_of (session, t));
      g_assert_cmpint (e->time_ns, ==, kernel_ns (jx_test_item_at (session, t), 0, k, FALSE));
    }

  /* The reference kept its offset; the others moved by the delays. */
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 5000);
  for (guint t = 0; t < 3; t++)
    g_assert_cmpint (jx_test_offset_of (session, t), ==, 5000 + delays[1] - delays[t]);
  for (guint32 stream = 0; stream < jx_trace_get_n_streams (ref_trace); stream++)
    for (guint t = 0; t < 3; t++)
      g_assert_cmpint (kernel_ns (jx_test_item_at (session, t), stream, k, FALSE), ==,
                       kernel_ns (ref, stream, k, FALSE));
  g_assert_cmpint (jx_test_view_start (session), ==, view.begin_ns);
  g_assert_cmpint (jx_test_view_end (session), ==, view.end_ns);

  /* One step back restores every offset at once. */
  jx_session_undo (session);
  for (guint t = 0; t < 3; t++)
    g_assert_cmpint (jx_test_offset_of (session, t), ==, before[t]);
  jx_session_redo (session);
  g_assert_cmpint (jx_test_offset_of (session, 2), ==, 5000 + delays[1] - delays[2]);
  jx_session_undo (session);

  /* End mode: the ends line up (they moved with the delay as well). */
  g_clear_pointer (&report, jx_align_report_unref);
  jx_session_set_align_ends (session, TRUE);
  report = align_at (session, ref, 0, jx_test_nth_invocation (ref_trace, 0, "stencil_kernel", k));
  g_assert_cmpint (jx_align_report_get_edge (report), ==, JX_ALIGN_EDGE_END);
  for (guint t = 0; t < 3; t++)
    g_assert_cmpint (kernel_ns (jx_test_item_at (session, t), 0, k, TRUE), ==, kernel_ns (ref, 0, k, TRUE));

  g_clear_object (&session);
  jx_gen_test_remove_tree (dir);
}

/* Showing everything, the extent changes with the offsets: the window
 * narrows around the selected invocation so that it keeps its place. */
static void
test_align_keeps_place (void)
{
  g_autofree char *dir = jx_gen_test_make_tmp_dir ();
  g_autoptr(JxSession) session = open_runs (dir);
  JxSessionTrace *ref = jx_test_item_at (session, 0);
  JxTrace *trace = jx_session_trace_get_trace (ref);
  guint32 inv = jx_test_nth_invocation (trace, 0, "stencil_kernel", 12);
  g_autoptr(JxAlignReport) report = NULL;
  gint64 t = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (ref), jx_trace_get_stream (trace, 0)->start[inv]);
  double before, after;

  jx_session_zoom_all (session);
  before = (double) (t - jx_test_view_start (session)) / (jx_test_view_end (session) - jx_test_view_start (session));
  report = align_at (session, ref, 0, inv);
  after = (double) (t - jx_test_view_start (session)) / (jx_test_view_end (session) - jx_test_view_start (session));
  g_assert_cmpfloat (ABS (after - before), <, 1e-6);
  g_assert_cmpint (jx_test_offset_of (session, 2), ==, -delays[2]);

  g_clear_object (&session);
  jx_gen_test_remove_tree (dir);
}

/* A trace without the function stays; a failed invocation is an error. */
static void
test_align_missing (void)
{
  g_autofree char *dir = jx_gen_test_make_tmp_dir ();
  g_autofree char *renamed = g_build_filename (dir, "renamed", NULL);
  g_autoptr(JxSession) session = open_runs (dir);
  g_autoptr(JxAlignReport) report = NULL;
  g_autoptr(GError) error = NULL;
  JxSessionTrace *ref = jx_test_item_at (session, 0);
  JxSessionTrace *other;
  JxGeneratorOptions options;
  const JxAlignEntry *e;

  jx_generator_options_init (&options);
  options.n_ranks = 3;
  options.n_iterations = 4;
  options.variant = JX_VARIANT_RENAME_FUNCTION;
  g_assert_cmpuint (jx_generate_trace (renamed, &options, &error), >, 0);
  other = jx_session_add_path (session, renamed);
  jx_test_wait_for_loads (session);
  jx_session_set_offset (session, other, 777);

  report = align_at (session, ref, 0, jx_test_nth_invocation (jx_session_trace_get_trace (ref), 0, "stencil_kernel", 2));
  e = jx_align_report_get_entry (report, 3);
  g_assert_true (e->item == other);
  g_assert_cmpint (e->status, ==, JX_ALIGN_ENTRY_NO_FUNCTION);
  g_assert_cmpstr (e->process, ==, "MPI Rank 0");
  g_assert_cmpint (jx_session_trace_get_offset (other), ==, 777);
  g_assert_cmpuint (jx_align_report_count_left (report), ==, 1);

  g_clear_object (&session);
  jx_gen_test_remove_tree (dir);
}

static JxSessionMarker *
find_marker (JxSession      *session,
             JxSessionTrace *item,
             const char     *text)
{
  GListModel *list = G_LIST_MODEL (jx_session_get_markers (session));

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(JxSessionMarker) m = g_list_model_get_item (list, i);

      if (jx_session_marker_get_item (m) == item && g_strcmp0 (jx_session_marker_get_text (m), text) == 0)
        return m;
    }
  g_assert_not_reached ();
  return NULL;
}

/* The marker list follows the traces; §3.3's arithmetic. */
static void
test_markers (void)
{
  g_autofree char *dir = jx_gen_test_make_tmp_dir ();
  g_autoptr(JxSession) session = open_runs (dir);
  GListModel *list = G_LIST_MODEL (jx_session_get_markers (session));
  JxSessionTrace *a = jx_test_item_at (session, 0);
  JxSessionTrace *c = jx_test_item_at (session, 2);
  JxSessionMarker *pair[2];
  g_autoptr(JxAlignReport) report = NULL;
  gint64 ta, tb;
  guint per_trace;

  per_trace = jx_trace_get_n_markers (jx_session_trace_get_trace (a));
  g_assert_cmpuint (per_trace, ==, 9);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 3 * per_trace);
  {
    g_autoptr(JxSessionMarker) first = g_list_model_get_item (list, 0);
    g_autoptr(JxSessionMarker) last = g_list_model_get_item (list, 3 * per_trace - 1);

    g_assert_true (jx_session_marker_get_item (first) == a);
    g_assert_true (jx_session_marker_get_item (last) == c);
    g_assert_true (jx_session_marker_get_saved (first));
    g_assert_false (jx_session_marker_get_user (first));
    g_assert_cmpstr (jx_session_marker_get_group (first), ==, "Phase");
  }

  /* Two markers of one trace: exactly their window. */
  pair[0] = find_marker (session, c, "Iterations 12-14");
  pair[1] = find_marker (session, c, "Iterations 3-5");
  jx_session_zoom_to_markers (session, pair[0], pair[1]);
  ta = jx_session_marker_get_comparison_ns (pair[1], FALSE);
  tb = jx_session_marker_get_comparison_ns (pair[0], FALSE);
  g_assert_cmpint (jx_test_view_start (session), ==, ta);
  g_assert_cmpint (jx_test_view_end (session), ==, tb);
  g_assert_true (jx_session_marker_get_highlighted (pair[0]));
  g_assert_true (jx_session_marker_get_highlighted (pair[1]));

  /* Two markers of different traces: the second's trace moves so both lie
   * at one comparison time; one undo step. */
  pair[0] = find_marker (session, a, "Iterations 9-11");
  pair[1] = find_marker (session, c, "Iterations 9-11");
  jx_session_set_offset (session, a, 1000);
  report = jx_session_align_markers (session, pair, 2);
  g_assert_nonnull (report);
  g_assert_true (jx_align_report_is_marker (report));
  g_assert_cmpstr (jx_align_report_get_what (report), ==, "Iterations 9-11");
  g_assert_cmpint (jx_session_marker_get_comparison_ns (pair[0], FALSE), ==,
                   jx_session_marker_get_comparison_ns (pair[1], FALSE));
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 1000);
  g_assert_cmpint (jx_test_offset_of (session, 2), ==, 1000 + delays[0] - delays[2]);
  g_assert_cmpint (jx_align_report_get_entry (report, 1)->status, ==, JX_ALIGN_ENTRY_NO_MARKER);
  g_assert_cmpuint (jx_align_report_count_aligned (report), ==, 1);
  g_assert_false (jx_session_marker_get_highlighted (find_marker (session, c, "Iterations 3-5")));
  jx_session_undo (session);
  g_assert_cmpint (jx_test_offset_of (session, 2), ==, 0);

  /* End mode lines up the ends (the markers' durations differ by run). */
  jx_session_set_align_ends (session, TRUE);
  pair[0] = find_marker (session, a, "Initialization");
  pair[1] = find_marker (session, c, "Initialization");
  g_clear_pointer (&report, jx_align_report_unref);
  report = jx_session_align_markers (session, pair, 2);
  g_assert_cmpint (jx_session_marker_get_comparison_ns (pair[0], TRUE), ==,
                   jx_session_marker_get_comparison_ns (pair[1], TRUE));
  g_assert_cmpint (jx_test_offset_of (session, 2), ==, 1000 + delays[0] - delays[2]);
  g_assert_null (jx_session_align_markers (session, pair, 1));

  /* One marker: highlighted, and the view centred on it when zoomed in. */
  jx_session_zoom_all (session);
  {
    JxTimeSpan all = *jx_session_get_visible_time (session);
    JxSessionMarker *m = find_marker (session, a, "Iterations 15-17");
    gint64 t = jx_session_marker_get_comparison_ns (m, FALSE);

    jx_session_show_marker (session, m);
    g_assert_cmpint (jx_test_view_start (session), ==, all.begin_ns);
    g_assert_cmpint (jx_test_view_end (session), ==, all.end_ns);
    jx_test_set_view (session, 0, 2000000);
    jx_session_show_marker (session, m);
    g_assert_cmpint (jx_test_view_start (session), ==, t - 1000000);
    g_assert_cmpint (jx_test_view_end (session), ==, t + 1000000);
    g_assert_true (jx_session_marker_get_highlighted (m));
  }

  /* A removed trace takes its markers along. */
  jx_session_remove (session, a);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 2 * per_trace);

  g_clear_object (&session);
  jx_gen_test_remove_tree (dir);
}

static void
count_up (guint *n)
{
  (*n)++;
}

/* The marker store on its own: any list of traces, here the session's,
 * followed by a second store just as by the session's own. */
static void
test_marker_store (void)
{
  g_autofree char *dir = jx_gen_test_make_tmp_dir ();
  g_autoptr(JxSession) session = open_runs (dir);
  g_autoptr(JxSessionMarkers) store = jx_session_markers_new (G_LIST_MODEL (session));
  GListModel *own = G_LIST_MODEL (jx_session_get_markers (session));
  JxSessionTrace *b = jx_test_item_at (session, 1);
  guint changes = 0;

  g_assert_true (G_LIST_MODEL (store) != own);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (store)), ==, g_list_model_get_n_items (own));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (store)), >, 0);
  g_assert_false (jx_session_markers_is_busy (store));
  g_signal_connect_swapped (store, "items-changed", G_CALLBACK (count_up), &changes);

  /* A trace leaves: its markers leave both lists, in one change. */
  jx_session_remove (session, b);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (store)), ==, g_list_model_get_n_items (own));
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (store)); i++)
    {
      g_autoptr(JxSessionMarker) m = g_list_model_get_item (G_LIST_MODEL (store), i);

      g_assert_true (jx_session_marker_get_item (m) != b);
    }

  /* The store does not keep the session alive. */
  {
    gpointer weak = session;

    g_object_add_weak_pointer (G_OBJECT (session), &weak);
    g_clear_object (&session);
    g_assert_null (weak);
  }
  jx_gen_test_remove_tree (dir);
}

static gboolean
not_busy (gpointer markers)
{
  return !jx_session_markers_is_busy (markers);
}

static void
on_save_failed (JxSessionMarkers *markers,
                JxSessionMarker  *marker,
                GError           *error,
                gpointer          user_data)
{
  *(GError **) user_data = g_error_copy (error);
}

/* User markers are written into the archive and removed from it; an
 * archive that cannot be written keeps the marker unsaved in the session. */
static void
test_user_markers (void)
{
  g_autofree char *dir = jx_gen_test_make_tmp_dir ();
  g_autoptr(JxSession) session = open_runs (dir);
  JxSessionMarkers *markers = jx_session_get_markers (session);
  JxSessionTrace *b = jx_test_item_at (session, 1);
  JxTrace *trace = jx_session_trace_get_trace (b);
  guint64 at = jx_trace_get_start_time (trace) + 1234567;
  g_autoptr(GError) failed = NULL;
  g_autoptr(JxTrace) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JxSession) memory = jx_session_new ();
  JxSessionMarker *m;
  JxSessionMarker *kept;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (markers));
  guint found = 0;
  guint busy_notifies = 0;

  g_signal_connect (markers, "save-failed", G_CALLBACK (on_save_failed), &failed);
  g_signal_connect_swapped (markers, "notify::busy", G_CALLBACK (count_up), &busy_notifies);
  m = jx_session_markers_add (markers, b, at, 5000, "Notes", "Slow", "waits for rank 2", 0, 0);
  g_assert_nonnull (m);
  g_assert_cmpuint (busy_notifies, ==, 1);
  g_assert_true (jx_session_marker_get_user (m));
  g_assert_false (jx_session_marker_get_saved (m));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (markers)), ==, n + 1);
  g_assert_true (jx_test_wait_until (not_busy, markers, 30));
  g_assert_cmpuint (busy_notifies, ==, 2);
  g_assert_no_error (failed);
  g_assert_true (jx_session_marker_get_saved (m));

  /* It is in the archive now, with the run's own markers. */
  reloaded = jx_trace_load (jx_session_trace_get_path (b), NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_get_n_markers (reloaded), ==, jx_trace_get_n_markers (trace) + 1);
  for (guint i = 0; i < jx_trace_get_n_markers (reloaded); i++)
    if (g_strcmp0 (jx_trace_get_marker (reloaded, i)->text, "waits for rank 2") == 0)
      {
        g_assert_cmpuint (jx_trace_get_marker (reloaded, i)->time, ==, at);
        g_assert_cmpuint (jx_trace_get_marker (reloaded, i)->duration, ==, 5000);
        found++;
      }
  g_assert_cmpuint (found, ==, 1);
  g_clear_object (&reloaded);

  /* Removed again: from the list and from the file. */
  kept = g_object_ref (m);
  jx_session_markers_remove (markers, m);
  g_assert_true (jx_test_wait_until (not_busy, markers, 30));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (markers)), ==, n);
  reloaded = jx_trace_load (jx_session_trace_get_path (b), NULL, NULL, NULL, NULL, &error);
  g_assert_cmpuint (jx_trace_get_n_markers (reloaded), ==, jx_trace_get_n_markers (trace));
  g_object_unref (kept);

  /* A trace whose archive cannot be written: the marker stays, unsaved. */
  {
    JxSessionMarkers *mem_markers = jx_session_get_markers (memory);
    JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/run/traces.otf2", "run", 1000000000);
    g_autoptr(JxTrace) in_memory = NULL;
    JxSessionTrace *item;
    JxSessionMarker *unsaved;

    jx_trace_builder_add_process (builder, "P", JX_NONE);
    jx_trace_builder_add_stream (builder, 0, "T", JX_STREAM_CPU_THREAD);
    jx_trace_builder_add_region (builder, "r", 0, 0);
    jx_trace_builder_enter (builder, 0, at, 0);
    jx_trace_builder_leave (builder, 0, at + 100, 0);
    in_memory = jx_trace_builder_finish (builder);
    item = jx_session_add_trace (memory, in_memory);
    g_signal_connect (mem_markers, "save-failed", G_CALLBACK (on_save_failed), &failed);
    unsaved = jx_session_markers_add (mem_markers, item, at, 0, "Notes", "Slow", "nowhere to go", 0, 0);
    g_assert_true (jx_test_wait_until (not_busy, mem_markers, 30));
    g_assert_nonnull (failed);
    g_assert_nonnull (strstr (failed->message, "nowhere to go"));
    g_assert_nonnull (strstr (failed->message, "unsaved"));
    g_assert_false (jx_session_marker_get_saved (unsaved));
    /* Removing an unsaved marker touches no file. */
    g_clear_error (&failed);
    jx_session_markers_remove (mem_markers, unsaved);
    g_assert_true (jx_test_wait_until (not_busy, mem_markers, 30));
    g_assert_no_error (failed);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (mem_markers)), ==, 0);
  }

  g_clear_object (&session);
  g_clear_object (&memory);
  jx_gen_test_remove_tree (dir);
}

/* Removing a marker again while its removal is being written (Delete
 * pressed twice) is one removal: a second rewrite would take an identical
 * marker, still listed, out of the file too. */
static void
test_user_markers_remove_twice (void)
{
  g_autofree char *dir = jx_gen_test_make_tmp_dir ();
  g_autoptr(JxSession) session = open_runs (dir);
  g_autoptr(JxTrace) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) failed = NULL;
  JxSessionMarkers *markers = jx_session_get_markers (session);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (markers));
  JxSessionTrace *b = jx_test_item_at (session, 1);
  JxTrace *trace = jx_session_trace_get_trace (b);
  guint64 at = jx_trace_get_start_time (trace) + 1234567;
  JxSessionMarker *first;

  g_signal_connect (markers, "save-failed", G_CALLBACK (on_save_failed), &failed);
  first = jx_session_markers_add (markers, b, at, 0, "Notes", "Slow", "twice", 0, 0);
  jx_session_markers_add (markers, b, at, 0, "Notes", "Slow", "twice", 0, 0);
  g_assert_true (jx_test_wait_until (not_busy, markers, 30));
  g_assert_no_error (failed);

  jx_session_markers_remove (markers, first);
  jx_session_markers_remove (markers, first);
  g_assert_true (jx_test_wait_until (not_busy, markers, 30));
  g_assert_no_error (failed);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (markers)), ==, n + 1);

  reloaded = jx_trace_load (jx_session_trace_get_path (b), NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_get_n_markers (reloaded), ==, jx_trace_get_n_markers (trace) + 1);

  g_clear_object (&session);
  jx_gen_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/session/align/at", test_align_at);
  g_test_add_func ("/session/align/missing", test_align_missing);
  g_test_add_func ("/session/align/keeps-place", test_align_keeps_place);
  g_test_add_func ("/session/markers/arithmetic", test_markers);
  g_test_add_func ("/session/markers/user", test_user_markers);
  g_test_add_func ("/session/markers/store", test_marker_store);
  g_test_add_func ("/session/markers/remove-twice", test_user_markers_remove_twice);
  return g_test_run ();
}
