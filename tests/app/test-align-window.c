/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-align-window.c — automatic alignment in the window under a display:
 * click an invocation, "Align All Traces Here", the offsets, one undo, the
 * report; the same offsets as `juxtrace-cli align` (generated runs with
 * start delays and the two Xeon Phi Jacobi runs); the function summary's
 * "next invocation" item; the Markers page's filter, sort and alignment. */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "jx-function-summary-chart-private.h"
#include "jx-gen-test-util.h"
#include "jx-master-timeline.h"
#include "jx-test-session.h"
#include "jx-test-trace.h"
#include "jx-test-util.h"
#include "jx-trace-timeline-private.h"
#include "jx-window-private.h"
#include "jx-test-widget.h"

static const gint64 delays[] = { 0, 40000000, 123456789 };

typedef struct
{
  char      *dir;
  char      *paths[G_N_ELEMENTS (delays) + 1];
  JxWindow  *window;
  JxSession *session;
} Fixture;

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static gboolean
not_aligning (gpointer window)
{
  return !jx_window_is_aligning (window);
}

/* Every timeline's canvas is wider than its labels. */
static gboolean
canvases_laid_out (gpointer window)
{
  JxSession *session = jx_window_get_session (window);
  JxMasterTimeline *master = jx_window_get_master_timeline (window);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (session)); i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (G_LIST_MODEL (session), i);
      JxTraceTimeline *timeline = jx_master_timeline_get_trace_timeline (master, item);
      GtkWidget *canvas;

      if (timeline == NULL)
        return FALSE;
      canvas = jx_trace_timeline_get_canvas (timeline);
      if (gtk_widget_get_width (canvas) <= jx_timeline_canvas_get_label_width (JX_TIMELINE_CANVAS (canvas)) + 1)
        return FALSE;
    }
  return TRUE;
}

/* A window on three generated runs whose iterations start later and later. */
static void
fixture_open (Fixture    *f,
              const char *const *paths)
{
  f->window = jx_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1400, 900);
  gtk_window_present (GTK_WINDOW (f->window));
  f->session = jx_window_get_session (f->window);
  jx_window_open_paths (f->window, paths, FALSE);
  jx_test_wait_for_loads (f->session);
  g_assert_true (jx_test_wait_until (is_mapped, f->window, 10));
  jx_test_spin (300);
  /* x ↔ time needs each canvas's width: wait for the window's layout to
   * give them one (on a loaded machine it comes late). Not jx_test_layout:
   * a layout forced while the window still settles its panes gave widths
   * that changed again later. */
  g_assert_true (jx_test_wait_until (canvases_laid_out, f->window, 30));
}

static void
fixture_generate (Fixture *f)
{
  g_auto(GStrv) paths = NULL;

  f->dir = jx_gen_test_make_tmp_dir ();
  paths = jx_test_generate_runs (f->dir, delays, G_N_ELEMENTS (delays), 24, NULL);
  for (guint t = 0; t < G_N_ELEMENTS (delays); t++)
    f->paths[t] = g_strdup (paths[t]);
  fixture_open (f, (const char * const *) f->paths);
}

static void
fixture_close (Fixture *f)
{
  gpointer window = f->window;

  /* The next test's window comes only after this one is gone (finalized and
   * its events handled): a fresh window while the old surface's pointer
   * state was still pending gave a Gdk-CRITICAL in 1 of 24 loaded runs. */
  g_object_add_weak_pointer (G_OBJECT (window), &window);
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_true (jx_test_wait_until_null (&window, 30));
  jx_test_spin (50);
  for (guint t = 0; t < G_N_ELEMENTS (f->paths); t++)
    g_free (f->paths[t]);
  if (f->dir != NULL)
    jx_gen_test_remove_tree (f->dir);
  g_free (f->dir);
}

/* The offsets `juxtrace-cli align PATHS --at WHAT --json` prints. */
static void
cli_offsets (const char *const *paths,
             const char        *what,
             const char        *process,
             gint64            *offsets,
             guint              n)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  JsonArray *traces;

  g_ptr_array_add (argv, (gpointer) "align");
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (argv, (gpointer) paths[i]);
  g_ptr_array_add (argv, (gpointer) "--at");
  g_ptr_array_add (argv, (gpointer) what);
  if (process != NULL)
    {
      g_ptr_array_add (argv, (gpointer) "--process");
      g_ptr_array_add (argv, (gpointer) process);
    }
  g_ptr_array_add (argv, (gpointer) "--json");
  g_ptr_array_add (argv, NULL);
  g_assert_cmpint (jx_test_run_cli ((const char * const *) argv->pdata, &out, NULL), ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  traces = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "traces");
  g_assert_cmpuint (json_array_get_length (traces), ==, n);
  for (guint i = 0; i < n; i++)
    offsets[i] = json_object_get_int_member (json_array_get_object_element (traces, i), "offset_ns");
}

/* x and y in the canvas of `item`'s timeline at the middle of an invocation,
 * after the view was set around it. */
static JxTraceTimeline *
point_at (Fixture        *f,
          JxSessionTrace *item,
          guint32         stream,
          guint32         inv,
          double         *x,
          double         *y)
{
  JxTraceTimeline *timeline = jx_master_timeline_get_trace_timeline (jx_window_get_master_timeline (f->window), item);
  GtkWidget *canvas = jx_trace_timeline_get_canvas (timeline);
  const JxStream *s = jx_trace_get_stream (jx_session_trace_get_trace (item), stream);
  gint64 t0 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), s->start[inv]);
  gint64 t1 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), s->end[inv]);
  gint64 mid = t0 + (t1 - t0) / 2;
  int row_y = 0, row_h = 0;

  /* The invocation fills the middle third of the window. */
  jx_test_set_view (f->session, mid - 3 * (t1 - t0) / 2, mid + 3 * (t1 - t0) / 2);
  jx_test_spin (100);
  g_assert_true (jx_trace_timeline_get_stream_span (timeline, stream, &row_y, &row_h));
  *y = row_y + row_h / 2.0;
  *x = gtk_widget_get_width (canvas) - jx_timeline_canvas_get_time_width (JX_TIMELINE_CANVAS (canvas)) +
       jx_timeline_canvas_get_time_width (JX_TIMELINE_CANVAS (canvas)) / 2.0;
  g_assert_cmpint (jx_trace_timeline_x_to_ns (timeline, *x) / 1000, ==, mid / 1000);
  return timeline;
}

static void
test_align_here (void)
{
  Fixture f = { 0 };
  JxSessionTrace *ref;
  JxTraceTimeline *timeline;
  JxAlignReportView *report;
  JxSessionTrace *selected = NULL;
  guint32 stream = 0, inv = JX_NONE, target;
  gint64 cli[G_N_ELEMENTS (delays)];
  double x, y, before_x, after_x;
  const guint k = 7;

  fixture_generate (&f);
  ref = jx_test_item_at (f.session, 1);

  /* Nothing selected: nothing to align at, nothing moves. */
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.align-here", NULL);
  g_assert_false (jx_window_is_aligning (f.window));
  g_assert_false (jx_session_can_undo (f.session));

  /* Click the k-th kernel of the middle run. */
  target = jx_test_nth_invocation (jx_session_trace_get_trace (ref), 0, "stencil_kernel", k);
  timeline = point_at (&f, ref, 0, target, &x, &y);
  jx_trace_timeline_click (timeline, x, y);
  g_assert_true (jx_session_get_selected_invocation (f.session, &selected, &stream, &inv));
  g_assert_true (selected == ref);
  g_assert_cmpuint (stream, ==, 0);
  g_assert_cmpuint (inv, ==, target);
  before_x = x;

  /* With the focus in the toolbar's align button, as after clicking it: it
   * is insensitive during the matching, and the report's popover must still
   * open without a critical (criticals fail the test). */
  gtk_widget_grab_focus (f.window->align_button);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.align-here", NULL);
  g_assert_true (jx_test_wait_until (not_aligning, f.window, 30));
  jx_test_spin (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (f.window->align_report_button))));
  gtk_menu_button_popdown (f.window->align_report_button);

  /* Every trace moved by its delay relative to the middle one. */
  for (guint t = 0; t < G_N_ELEMENTS (delays); t++)
    g_assert_cmpint (jx_test_offset_of (f.session, t), ==, delays[1] - delays[t]);
  /* The clicked invocation is where it was on screen. */
  after_x = gtk_widget_get_width (jx_trace_timeline_get_canvas (timeline)) -
            jx_timeline_canvas_get_time_width (JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (timeline))) +
            jx_timeline_canvas_get_time_width (JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (timeline))) / 2.0;
  g_assert_cmpfloat (ABS (after_x - before_x), <, 1.0);
  g_assert_cmpint (jx_trace_timeline_x_to_ns (timeline, before_x) / 1000, ==,
                   jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (ref), (jx_trace_get_stream (jx_session_trace_get_trace (ref), 0)->start[target] +
                                                       jx_trace_get_stream (jx_session_trace_get_trace (ref), 0)->end[target]) / 2) / 1000);

  /* The report lists each trace. */
  report = jx_window_get_align_report (f.window);
  g_assert_cmpuint (jx_align_report_view_get_n_rows (report), ==, 3);
  for (guint t = 0; t < 3; t++)
    {
      g_autofree char *text = jx_align_report_view_dup_row_text (report, t);

      g_test_message ("report row %u: %s", t, text);
      g_assert_nonnull (strstr (text, jx_session_trace_get_name (jx_test_item_at (f.session, t))));
      g_assert_nonnull (strstr (text, "MPI Rank 0 / Master thread"));
      g_assert_nonnull (strstr (text, t == 1 ? "The others align to this" : "exact profile match"));
    }

  /* The command-line tool gives the same offsets (relative to its first
   * trace, which here is the middle run). */
  {
    const char *order[] = { f.paths[1], f.paths[0], f.paths[2] };
    g_autofree char *what = g_strdup_printf ("stencil_kernel#%u", k + 1);

    cli_offsets (order, what, NULL, cli, 3);
    g_assert_cmpint (cli[0], ==, 0);
    g_assert_cmpint (cli[1], ==, jx_test_offset_of (f.session, 0));
    g_assert_cmpint (cli[2], ==, jx_test_offset_of (f.session, 2));
  }

  /* One undo restores every offset. */
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  for (guint t = 0; t < G_N_ELEMENTS (delays); t++)
    g_assert_cmpint (jx_test_offset_of (f.session, t), ==, 0);

  /* The end mode from its key: the ends line up. */
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.align-ends", NULL);
  g_assert_true (jx_session_get_align_ends (f.session));
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.align-here", NULL);
  g_assert_true (jx_test_wait_until (not_aligning, f.window, 30));
  {
    JxSessionTrace *last = jx_test_item_at (f.session, 2);
    JxTrace *tr = jx_session_trace_get_trace (ref), *tl = jx_session_trace_get_trace (last);
    guint32 il = jx_test_nth_invocation (tl, 0, "stencil_kernel", k);

    g_assert_cmpint (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (last), jx_trace_get_stream (tl, 0)->end[il]), ==,
                     jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (ref), jx_trace_get_stream (tr, 0)->end[target]));
  }
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.align-ends", NULL);
  g_assert_false (jx_session_get_align_ends (f.session));

  fixture_close (&f);
}

/* The function summary's item aligns at the next invocation of its function. */
static void
test_summary_next (void)
{
  Fixture f = { 0 };
  JxFunctionSummaryChart *chart;
  JxSessionTrace *item, *selected = NULL;
  guint32 stream, inv, region, first_stream;
  JxTrace *trace;

  fixture_generate (&f);
  item = jx_test_item_at (f.session, 2);
  trace = jx_session_trace_get_trace (item);
  region = jx_trace_find_region (trace, "stencil_kernel");
  chart = jx_window_get_function_summary (f.window);

  /* From the window's start: the first kernel of the last run. */
  jx_session_zoom_all (f.session);
  g_assert_true (jx_function_summary_chart_align_next (chart, item, region));
  g_assert_true (jx_test_wait_until (not_aligning, f.window, 30));
  g_assert_true (jx_session_get_selected_invocation (f.session, &selected, &stream, &inv));
  g_assert_true (selected == item);
  first_stream = stream;
  g_assert_cmpuint (inv, ==, jx_test_nth_invocation (trace, stream, "stencil_kernel", 0));
  g_assert_cmpint (jx_test_offset_of (f.session, 0), ==, delays[2]);

  /* Again: the next one after the selection, on its stream. */
  g_assert_true (jx_function_summary_chart_align_next (chart, item, region));
  g_assert_true (jx_test_wait_until (not_aligning, f.window, 30));
  g_assert_true (jx_session_get_selected_invocation (f.session, &selected, &stream, &inv));
  g_assert_cmpuint (stream, ==, first_stream);
  g_assert_cmpuint (inv, ==, jx_test_nth_invocation (trace, stream, "stencil_kernel", 1));
  g_assert_cmpint (jx_test_offset_of (f.session, 1), ==, delays[2] - delays[1]);

  fixture_close (&f);
}

static gboolean
markers_idle (gpointer data)
{
  return !jx_session_markers_is_busy (data);
}

/* Whether a label under `widget` shows `needle` in its text, and none shows
 * "(null)". */
static gboolean
label_shows (GtkWidget  *widget,
             const char *needle)
{
  gboolean found = FALSE;

  if (GTK_IS_LABEL (widget))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));

      g_assert_null (strstr (text, "(null)"));
      found = strstr (text, needle) != NULL;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    found = label_shows (child, needle) || found;
  return found;
}

/* A marker added in the window reads its text in the Markers page at once,
 * marked unsaved until written, then plain (its row read "unsaved · (null)"
 * with a CRITICAL, fatal here, until the filter was touched). */
static void
test_marker_added_row (void)
{
  Fixture f = { 0 };
  JxMarkerView *view;
  JxSessionMarkers *markers;
  JxSessionTrace *item;
  JxSessionMarker *added;

  fixture_generate (&f);
  gtk_stack_set_visible_child_name (f.window->side_stack, "markers");
  jx_test_spin (100);
  view = jx_window_get_marker_view (f.window);
  markers = jx_session_get_markers (f.session);
  item = jx_test_item_at (f.session, 1);

  added = jx_session_markers_add (markers, item, jx_trace_get_start_time (jx_session_trace_get_trace (item)) + 1000,
                                  0, "Notes", "user", "slow iteration here", 0, 0);
  g_assert_nonnull (added);
  g_assert_true (label_shows (GTK_WIDGET (view), "unsaved · slow iteration here"));
  g_assert_true (jx_test_wait_until (markers_idle, markers, 30));
  g_assert_true (jx_session_marker_get_saved (added));
  jx_test_spin (100);
  g_assert_true (label_shows (GTK_WIDGET (view), "slow iteration here"));
  g_assert_false (label_shows (GTK_WIDGET (view), "unsaved · slow iteration here"));

  fixture_close (&f);
}

/* The Markers page: every marker, filter, sort, and §3.3's alignment. */
static void
test_marker_page (void)
{
  Fixture f = { 0 };
  JxMarkerView *view;
  JxSessionMarker *a, *c;
  guint per_trace;

  fixture_generate (&f);
  view = jx_window_get_marker_view (f.window);
  per_trace = jx_trace_get_n_markers (jx_session_trace_get_trace (jx_test_item_at (f.session, 0)));
  g_assert_cmpuint (jx_marker_view_get_n_rows (view), ==, 3 * per_trace);

  jx_marker_view_set_filter (view, "iterations 9-11", NULL);
  g_assert_cmpuint (jx_marker_view_get_n_rows (view), ==, 3);
  jx_marker_view_set_filter (view, NULL, "Phase");
  g_assert_cmpuint (jx_marker_view_get_n_rows (view), ==, 3 * per_trace);
  jx_marker_view_set_filter (view, "Iterations 9-11", NULL);

  /* Sorted by trace, descending: the last run first. */
  jx_marker_view_sort_by (view, "Trace", GTK_SORT_DESCENDING);
  g_assert_true (jx_session_marker_get_item (jx_marker_view_get_row (view, 0)) == jx_test_item_at (f.session, 2));
  jx_marker_view_sort_by (view, "Trace", GTK_SORT_ASCENDING);
  a = jx_marker_view_get_row (view, 0);
  c = jx_marker_view_get_row (view, 2);
  g_assert_true (jx_session_marker_get_item (a) == jx_test_item_at (f.session, 0));
  g_assert_true (jx_session_marker_get_item (c) == jx_test_item_at (f.session, 2));

  /* Select one, then add one of another trace: that trace moves. */
  jx_marker_view_select_row (view, 0, FALSE);
  g_assert_true (jx_session_marker_get_highlighted (a));
  jx_marker_view_select_row (view, 2, TRUE);
  g_assert_cmpint (jx_session_marker_get_comparison_ns (a, FALSE), ==, jx_session_marker_get_comparison_ns (c, FALSE));
  g_assert_cmpint (jx_test_offset_of (f.session, 2), ==, -delays[2]);
  g_assert_cmpint (jx_test_offset_of (f.session, 0), ==, 0);
  g_assert_cmpuint (jx_align_report_view_get_n_rows (jx_window_get_align_report (f.window)), ==, 3);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL);
  g_assert_cmpint (jx_test_offset_of (f.session, 2), ==, 0);

  /* Two of one trace: exactly their window. */
  jx_marker_view_set_filter (view, "Iterations", NULL);
  jx_marker_view_sort_by (view, "Comparison Time", GTK_SORT_ASCENDING);
  a = jx_marker_view_get_row (view, 0);
  c = jx_marker_view_get_row (view, 6);
  g_assert_true (jx_session_marker_get_item (a) == jx_session_marker_get_item (c));
  jx_marker_view_select_row (view, 0, FALSE);
  jx_marker_view_select_row (view, 6, TRUE);
  jx_test_spin (100);
  g_assert_cmpint (jx_test_view_start (f.session), ==, jx_session_marker_get_comparison_ns (a, FALSE));
  g_assert_cmpint (jx_test_view_end (f.session), ==, jx_session_marker_get_comparison_ns (c, FALSE));

  fixture_close (&f);
}

/* The two Xeon Phi Jacobi runs: the window aligns at a jacobi_kernel with
 * the offsets of `juxtrace-cli align`. */
static void
test_jacobi (void)
{
  g_autofree char *j01 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *j09 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  const char *paths[] = { j01, j09, NULL };
  Fixture f = { 0 };
  JxSessionTrace *ref;
  JxTrace *trace;
  JxAlignReportView *report;
  gint64 cli[2];
  guint32 stream = JX_NONE, inv;
  g_autofree char *row = NULL;

  fixture_open (&f, paths);
  ref = jx_test_item_at (f.session, 0);
  trace = jx_session_trace_get_trace (ref);
  for (guint32 s = 0; s < jx_trace_get_n_streams (trace) && stream == JX_NONE; s++)
    if (g_str_equal (jx_trace_get_stream (trace, s)->name, "OMP thread 1"))
      stream = s;
  inv = jx_test_nth_invocation (trace, stream, "jacobi_kernel", 49);
  jx_session_select_invocation (f.session, ref, stream, inv);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.align-here", NULL);
  g_assert_true (jx_test_wait_until (not_aligning, f.window, 30));

  cli_offsets (paths, "jacobi_kernel#50", NULL, cli, 2);
  g_assert_cmpint (cli[1], ==, jx_test_offset_of (f.session, 1));
  report = jx_window_get_align_report (f.window);
  row = jx_align_report_view_dup_row_text (report, 1);
  g_test_message ("jacobi: %s (offset %" G_GINT64_FORMAT " ns)", row, cli[1]);
  g_assert_nonnull (strstr (row, "invocation 50, exact profile match"));

  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("test-align-window needs a display: run it under `xvfb-run -a`.\n");
      return 1;
    }
  /* As test-window: GLX keeps Mesa's driver loaded under Xvfb. */
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-glx", TRUE);
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  adw_init ();
  jx_test_no_cursor_blink ();

  g_test_add_func ("/app/align/here", test_align_here);
  g_test_add_func ("/app/align/summary-next", test_summary_next);
  g_test_add_func ("/app/align/marker-page", test_marker_page);
  g_test_add_func ("/app/align/marker-added-row", test_marker_added_row);
  g_test_add_func ("/app/align/jacobi", test_jacobi);
  return g_test_run ();
}
