/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-views.c — the comparison widgets under a display: drive them through
 * their actions, properties and gesture logic, check the session state and
 * pixels of off-screen renders. Skips without a display (CI runs it under
 * xvfb-run). */
#include "config.h"

#include <math.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "jx-details-panel-private.h"
#include "jx-canvas-fold.h"
#include "jx-imbalance-panel.h"
#include "jx-function-summary-chart-private.h"
#include "jx-gdk-rgba.h"
#include "jx-legend-view-private.h"
#include "jx-master-timeline.h"
#include "jx-nav-toolbar-private.h"
#include "jx-offset-dialog.h"
#include "jx-palette.h"
#include "jx-session.h"
#include "jx-test-gen.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-test-widget.h"
#include "jx-trace-builder.h"
#include "jx-timeline-renderer-private.h"
#include "jx-trace-timeline-private.h"

#define MS G_GINT64_CONSTANT (1000000)
#define PARADIGM_USER 1
#define PARADIGM_MPI  4
#define ROLE_FUNCTION 1

static gboolean have_display;

/* Two ranks, one stream each, clock in ns:
 *   main [0, 10 ms) { compute [1, 4) ; MPI_Send [4, 5) ; compute [5, 9) }
 * `shift` moves everything but "main"'s start, so traces differ. */
static JxTrace *
make_trace (const char *name,
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

static JxTraceTimeline *
lane_of (GtkWidget *master,
         JxSession *session,
         guint      position)
{
  return jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (master), jx_test_item_at (session, position));
}

static JxSession *
make_session (void)
{
  JxSession *session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("A", 0);
  g_autoptr(JxTrace) b = make_trace ("B", 0);

  jx_session_add_trace (session, a);
  jx_session_add_trace (session, b);
  jx_test_set_view (session, 0, 10 * MS);
  return session;
}

static void
wait_ms (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

/* Runs the main loop until a weak pointer is cleared (the object finalized),
 * for at most 20 s. */
static gboolean
wait_until_cleared (gpointer *pointer)
{
  return jx_test_wait_until_null (pointer, 20);
}

static void
wait_until_idle (GtkWidget *chart,
                 GtkWidget *legend,
                 GtkWidget *details)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while ((jx_function_summary_chart_is_busy (JX_FUNCTION_SUMMARY_CHART (chart)) ||
          jx_legend_view_is_busy (JX_LEGEND_VIEW (legend)) ||
          jx_details_panel_is_busy (JX_DETAILS_PANEL (details))) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (jx_function_summary_chart_is_busy (JX_FUNCTION_SUMMARY_CHART (chart)));
  g_assert_false (jx_legend_view_is_busy (JX_LEGEND_VIEW (legend)));
  g_assert_false (jx_details_panel_is_busy (JX_DETAILS_PANEL (details)));
}

static guint32
function_pixel (const char *name)
{
  JxRgba rgba;

  jx_palette_function_color (name, FALSE, &rgba);
  return jx_palette_rgba_to_pixel (&rgba);
}

#define SKIP_WITHOUT_DISPLAY() G_STMT_START { \
  if (!have_display) { g_test_skip ("no display"); return; } \
} G_STMT_END

static int
row_center (JxTraceTimeline *timeline,
            guint32          stream)
{
  int y = 0, h = 0;

  g_assert_true (jx_trace_timeline_get_stream_span (timeline, stream, &y, &h));
  return y + h / 2;
}

/* Shifting trace B by a drag moves the columns where "compute" is drawn by
 * exactly the drag distance, and the whole drag is one undo step. */
static void
test_timeline_shift_drag (void)
{
  g_autoptr(JxSession) session = NULL;
  g_autoptr(JxTestImage) before = NULL;
  g_autoptr(JxTestImage) after = NULL;
  g_autoptr(JxTestImage) undone = NULL;
  GtkWidget *view, *window, *canvas;
  JxTraceTimeline *tb;
  int y, lw, f0, l0, f1, l1, width;
  guint32 compute;
  double ns_per_px;
  gint64 offset;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  tb = lane_of (view, session, 1);
  g_assert_nonnull (tb);
  canvas = jx_trace_timeline_get_canvas (tb);
  jx_test_wait_allocated (canvas);

  lw = jx_trace_timeline_get_label_width (tb);
  width = gtk_widget_get_width (canvas);
  ns_per_px = (double) (10 * MS) / (width - lw);
  y = row_center (tb, 0);
  compute = function_pixel ("compute");

  before = jx_test_render_widget (canvas);
  g_assert_true (jx_test_image_find_span (before, y, lw, width, compute, &f0, &l0));
  /* compute runs from 1 ms to 9 ms (with MPI_Send in between). */
  g_assert_cmpint (ABS (f0 - (lw + (int) (1 * MS / ns_per_px))), <=, 2);
  g_assert_cmpint (ABS (l0 - (lw + (int) (9 * MS / ns_per_px))), <=, 2);

  /* Alt-drag logic: live updates from the start offset, one undo step. */
  jx_trace_timeline_drag_begin (tb, JX_TIMELINE_DRAG_SHIFT, lw + 300, y);
  jx_trace_timeline_drag_update (tb, 10, 0);
  jx_trace_timeline_drag_update (tb, 37, 0);
  jx_trace_timeline_drag_update (tb, 50, 0);
  jx_trace_timeline_drag_end (tb, 50, 0);

  offset = jx_test_offset_of (session, 1);
  g_assert_cmpint (ABS (offset - (gint64) llround (50 * ns_per_px)), <=, 1);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 0);
  g_assert_true (jx_session_can_undo (session));

  after = jx_test_render_widget (canvas);
  g_assert_true (jx_test_image_find_span (after, y, lw, width, compute, &f1, &l1));
  g_assert_cmpint (ABS (f1 - f0 - 50), <=, 1);
  g_assert_cmpint (ABS (l1 - l0 - 50), <=, 1);

  /* Trace A did not move. */
  {
    JxTraceTimeline *ta = lane_of (view, session, 0);
    GtkWidget *ca = jx_trace_timeline_get_canvas (ta);
    g_autoptr(JxTestImage) a = jx_test_render_widget (ca);
    int fa, la;

    g_assert_true (jx_test_image_find_span (a, row_center (ta, 0), lw, width, compute, &fa, &la));
    g_assert_cmpint (ABS (fa - f0), <=, 1);
  }

  jx_session_undo (session);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);
  g_assert_false (jx_session_can_undo (session));
  undone = jx_test_render_widget (canvas);
  g_assert_true (jx_test_image_find_span (undone, y, lw, width, compute, &f1, &l1));
  g_assert_cmpint (ABS (f1 - f0), <=, 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The search dims the functions that do not match, and only those. */
static void
test_timeline_search (void)
{
  g_autoptr(JxSession) session = NULL;
  g_autoptr(JxTestImage) before = NULL;
  g_autoptr(JxTestImage) after = NULL;
  GtkWidget *view, *window, *canvas;
  JxTraceTimeline *ta;
  JxRgba mpi;
  guint32 mpi_pixel, compute;
  int lw, width, y, x_compute, x_send;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  ta = lane_of (view, session, 0);
  canvas = jx_trace_timeline_get_canvas (ta);
  jx_test_wait_allocated (canvas);
  lw = jx_trace_timeline_get_label_width (ta);
  width = gtk_widget_get_width (canvas);
  y = row_center (ta, 0);
  x_compute = lw + (int) (2.5 * (width - lw) / 10.0);
  x_send = lw + (int) (4.5 * (width - lw) / 10.0);
  compute = function_pixel ("compute");
  jx_palette_category_color (JX_CATEGORY_MPI, FALSE, &mpi);
  mpi_pixel = jx_palette_rgba_to_pixel (&mpi);

  before = jx_test_render_widget (canvas);
  g_assert_true (jx_test_pixel_near (before->pixels[y * before->width + x_compute], compute));
  g_assert_true (jx_test_pixel_near (before->pixels[y * before->width + x_send], mpi_pixel));

  jx_session_set_search (session, "mpi_");
  after = jx_test_render_widget (canvas);
  g_assert_false (jx_test_pixel_near (after->pixels[y * after->width + x_compute], compute));
  g_assert_true (jx_test_pixel_near (after->pixels[y * after->width + x_send], mpi_pixel));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Drag-select zooms to the range on release; pan drags and zoom keep the
 * arithmetic anchored at the drag start (no drift). */
static void
test_timeline_select_pan_zoom (void)
{
  g_autoptr(JxSession) session = NULL;
  GtkWidget *view, *window, *canvas;
  JxTraceTimeline *ta;
  int lw, width;
  gint64 s0, s1, want0, want1, v0, v1, at;
  double ns_per_px;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  ta = lane_of (view, session, 0);
  canvas = jx_trace_timeline_get_canvas (ta);
  jx_test_wait_allocated (canvas);
  lw = jx_trace_timeline_get_label_width (ta);
  width = gtk_widget_get_width (canvas);
  ns_per_px = (double) (10 * MS) / (width - lw);

  /* Select. */
  want0 = jx_trace_timeline_x_to_ns (ta, lw + 100);
  want1 = jx_trace_timeline_x_to_ns (ta, lw + 300);
  jx_trace_timeline_drag_begin (ta, JX_TIMELINE_DRAG_SELECT, lw + 100, 10);
  jx_trace_timeline_drag_update (ta, 200, 3);
  s0 = jx_session_get_selected_time (session)->begin_ns;
  s1 = jx_session_get_selected_time (session)->end_ns;
  g_assert_cmpint (ABS (s0 - want0), <=, 1);
  g_assert_cmpint (ABS (s1 - want1), <=, 1);
  jx_trace_timeline_drag_end (ta, 200, 3);
  g_assert_cmpint (ABS (jx_test_view_start (session) - want0), <=, 1);
  g_assert_cmpint (ABS (jx_test_view_end (session) - want1), <=, 1);
  g_assert_cmpint (jx_time_span_get_duration (jx_session_get_selected_time (session)), ==, 0);

  /* Pan: several updates end where one would. */
  jx_test_set_view (session, 2 * MS, 6 * MS);
  ns_per_px = (double) (4 * MS) / (width - lw);
  jx_trace_timeline_drag_begin (ta, JX_TIMELINE_DRAG_PAN, lw + 400, 10);
  jx_trace_timeline_drag_update (ta, 13, 0);
  jx_trace_timeline_drag_update (ta, -7, 0);
  jx_trace_timeline_drag_update (ta, 40, 0);
  jx_trace_timeline_drag_end (ta, 40, 0);
  v0 = jx_test_view_start (session);
  v1 = jx_test_view_end (session);
  g_assert_cmpint (ABS (v0 - (2 * MS - (gint64) llround (40 * ns_per_px))), <=, 1);
  g_assert_cmpint (v1 - v0, ==, 4 * MS);

  /* Zoom at the pointer keeps the time under it in place. */
  at = jx_trace_timeline_x_to_ns (ta, lw + 250);
  jx_trace_timeline_zoom_at (ta, 2.0, lw + 250);
  g_assert_cmpint (jx_test_view_end (session) - jx_test_view_start (session), ==, 2 * MS);
  g_assert_cmpint (ABS (jx_trace_timeline_x_to_ns (ta, lw + 250) - at), <=, (gint64) ns_per_px);

  /* Keyboard actions of the view. */
  v0 = jx_test_view_start (session);
  v1 = jx_test_view_end (session);
  g_assert_true (gtk_widget_activate_action (view, "timeline.zoom-out", NULL));
  g_assert_cmpint (jx_test_view_end (session) - jx_test_view_start (session), >, v1 - v0);
  g_assert_true (gtk_widget_activate_action (view, "timeline.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (view, "timeline.zoom-all", NULL));
  g_assert_cmpint (jx_test_view_start (session), <=, 0);
  g_assert_cmpint (jx_test_view_end (session), >=, 10 * MS);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Click selects the invocation under the pointer; the tooltip and the details
 * panel describe it. */
static void
test_timeline_click_details (void)
{
  g_autoptr(JxSession) session = NULL;
  g_autofree char *tooltip = NULL;
  g_autofree char *text = NULL;
  GtkWidget *box, *view, *panel, *window, *canvas;
  JxTraceTimeline *ta;
  const JxStream *stream;
  JxSessionTrace *selected;
  JxTrace *trace;
  guint32 s, inv;
  int lw, width, y;
  double x;
  gint64 deadline;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  view = jx_master_timeline_new (session);
  gtk_widget_set_hexpand (view, TRUE);
  panel = jx_details_panel_new (session);
  gtk_widget_set_size_request (panel, 300, -1);
  gtk_box_append (GTK_BOX (box), view);
  gtk_box_append (GTK_BOX (box), panel);
  window = jx_test_present (box, 1300, 500);
  ta = lane_of (view, session, 0);
  canvas = jx_trace_timeline_get_canvas (ta);
  jx_test_wait_allocated (canvas);
  lw = jx_trace_timeline_get_label_width (ta);
  width = gtk_widget_get_width (canvas);

  /* 2 ms into the trace: the first "compute" of Rank 0. */
  x = lw + 2.0 * (width - lw) / 10.0;
  y = row_center (ta, 0);

  tooltip = jx_trace_timeline_dup_tooltip_markup (ta, x, y);
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "compute"));
  g_assert_nonnull (strstr (tooltip, "Rank 0"));
  g_test_message ("tooltip: %s", tooltip);
  g_assert_nonnull (strstr (tooltip, "3 ms"));   /* inclusive = exclusive = 3 ms */

  /* Over the label column the tooltip gives the full names. */
  g_free (tooltip);
  tooltip = jx_trace_timeline_dup_tooltip_markup (ta, 5, y);
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "Rank 0"));
  g_assert_nonnull (strstr (tooltip, "Master thread"));

  jx_trace_timeline_click (ta, x, y);
  g_assert_true (jx_session_get_selected_invocation (session, &selected, &s, &inv));
  g_assert_true (selected == jx_test_item_at (session, 0));
  g_assert_cmpuint (s, ==, 0);
  trace = jx_session_trace_get_trace (selected);
  stream = jx_trace_get_stream (trace, s);
  g_assert_cmpstr (jx_trace_get_region (trace, stream->region[inv])->name, ==, "compute");

  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (jx_details_panel_is_busy (JX_DETAILS_PANEL (panel)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (jx_details_panel_is_busy (JX_DETAILS_PANEL (panel)));

  text = jx_details_panel_dup_text (JX_DETAILS_PANEL (panel));
  g_assert_nonnull (strstr (text, "compute"));
  g_assert_nonnull (strstr (text, "main\n  compute"));   /* call path, indented */
  g_assert_nonnull (strstr (text, "Whole trace"));
  /* Two ranks × two "compute" calls, 7 ms exclusive each rank. */
  g_assert_nonnull (strstr (text, "\n4\n"));
  g_test_message ("details: %s", text);
  g_assert_nonnull (strstr (text, "14 ms"));

  /* Click on empty space clears the selection. */
  jx_trace_timeline_click (ta, width - 2, y + 1000);
  g_assert_false (jx_session_get_selected_invocation (session, NULL, NULL, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
wait_for_popover (GtkWidget *popover,
                  gboolean   visible)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while ((popover == NULL || gtk_widget_get_visible (popover) != visible) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  return popover != NULL && gtk_widget_get_visible (popover) == visible;
}

/* A plain secondary click in the rows opens the trace menu at the pointer;
 * a secondary press that moved past the drag threshold pans instead. */
static void
test_timeline_context_menu (void)
{
  g_autoptr(JxSession) session = NULL;
  GtkWidget *view, *canvas, *menu;
  JxTraceTimeline *tb;
  GdkRectangle rect;
  double x, y = 30;
  gint64 start;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  view = jx_master_timeline_new (session);
  jx_test_present (view, 1000, 500);
  tb = lane_of (view, session, 1);
  canvas = jx_trace_timeline_get_canvas (tb);
  jx_test_wait_allocated (canvas);
  x = jx_trace_timeline_get_label_width (tb) + 200;
  g_assert_null (jx_trace_timeline_get_context_menu (tb));

  /* Press, a jitter below the threshold, release: still a click. */
  jx_test_set_view (session, 2 * MS, 6 * MS);
  start = jx_test_view_start (session);
  jx_trace_timeline_drag_begin (tb, JX_TIMELINE_DRAG_PAN, x, y);
  jx_trace_timeline_drag_update (tb, 2, 1);
  jx_trace_timeline_release (tb, GDK_BUTTON_SECONDARY, 1, x + 2, y + 1);
  jx_trace_timeline_drag_end (tb, 2, 1);
  g_assert_cmpint (jx_test_view_start (session), ==, start);
  menu = jx_trace_timeline_get_context_menu (tb);
  g_assert_true (GTK_IS_POPOVER_MENU (menu));
  g_assert_true (wait_for_popover (menu, TRUE));
  g_assert_true (gtk_popover_get_pointing_to (GTK_POPOVER (menu), &rect));
  g_assert_cmpint (rect.x, ==, (int) (x + 2));
  g_assert_cmpint (rect.y, ==, (int) (y + 1));
  /* No event tooltip on top of the open menu; it comes back on close. */
  g_assert_false (gtk_widget_get_has_tooltip (canvas));
  gtk_popover_popdown (GTK_POPOVER (menu));
  g_assert_true (wait_for_popover (menu, FALSE));
  g_assert_true (gtk_widget_get_has_tooltip (canvas));

  /* A real right-drag pans and opens nothing. */
  jx_trace_timeline_drag_begin (tb, JX_TIMELINE_DRAG_PAN, x, y);
  jx_trace_timeline_drag_update (tb, -50, 0);
  jx_trace_timeline_release (tb, GDK_BUTTON_SECONDARY, 1, x - 50, y);
  jx_trace_timeline_drag_end (tb, -50, 0);
  g_assert_cmpint (jx_test_view_start (session), !=, start);
  wait_ms (100);
  g_assert_false (gtk_widget_get_visible (menu));
}

static gboolean
menu_action_enabled (JxTraceTimeline *timeline,
                     const char      *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (timeline->actions), name);
}

/* One trace menu everywhere: opened on a row, its process items act on that
 * row's process (and only the ones that change something show); opened from
 * the header, none shows. */
static void
test_timeline_trace_menu (void)
{
  g_autoptr(JxSession) session = NULL;
  g_autoptr(GMenuModel) header_menu = NULL;
  GtkWidget *view, *window, *canvas, *button;
  JxTraceTimeline *tb;
  int y, h;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  tb = lane_of (view, session, 1);
  canvas = jx_trace_timeline_get_canvas (tb);
  jx_test_wait_allocated (canvas);

  /* The row of Rank 1 (process 1, its only stream). */
  g_assert_true (jx_trace_timeline_get_stream_span (tb, 1, &y, &h));
  jx_trace_timeline_release (tb, GDK_BUTTON_SECONDARY, 1, jx_trace_timeline_get_label_width (tb) + 50, y + h / 2);
  g_assert_true (menu_action_enabled (tb, "show-call-stack"));
  g_assert_false (menu_action_enabled (tb, "hide-call-stack"));
  /* A process with one stream has no header row to fold. */
  g_assert_false (menu_action_enabled (tb, "fold-process"));
  g_assert_false (menu_action_enabled (tb, "expand-process"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tb), "trace.show-call-stack", NULL));
  g_assert_cmpuint (jx_trace_timeline_get_call_stack_process (tb), ==, 1);

  g_assert_true (jx_trace_timeline_get_stream_span (tb, 1, &y, &h));
  jx_trace_timeline_release (tb, GDK_BUTTON_SECONDARY, 1, jx_trace_timeline_get_label_width (tb) + 50, y + h / 2);
  g_assert_false (menu_action_enabled (tb, "show-call-stack"));
  g_assert_true (menu_action_enabled (tb, "hide-call-stack"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tb), "trace.hide-call-stack", NULL));
  g_assert_cmpuint (jx_trace_timeline_get_call_stack_process (tb), ==, JX_NONE);

  /* The header's button shows the same menu, for the whole trace. */
  button = GTK_WIDGET (tb->header);
  while (button != NULL && !GTK_IS_MENU_BUTTON (button))
    button = gtk_widget_get_last_child (button);
  g_assert_nonnull (button);
  header_menu = jx_trace_menu_new ();
  g_assert_cmpint (g_menu_model_get_n_items (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button))),
                   ==, g_menu_model_get_n_items (header_menu));
  g_signal_emit_by_name (tb->header, "menu-opening");
  g_assert_false (menu_action_enabled (tb, "show-call-stack"));
  g_assert_false (menu_action_enabled (tb, "hide-call-stack"));
  g_assert_true (menu_action_enabled (tb, "set-offset"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Context-menu actions: exact offset through the dialog, reset, call-stack
 * mode, make reference, remove. */
static void
test_timeline_trace_actions (void)
{
  g_autoptr(JxSession) session = NULL;
  GtkWidget *view, *window, *dialog;
  JxTraceTimeline *tb;
  int y0, h0, y1, h1;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  tb = lane_of (view, session, 1);
  jx_test_wait_allocated (jx_trace_timeline_get_canvas (tb));

  dialog = jx_offset_dialog_new (GTK_WINDOW (window), session, jx_test_item_at (session, 1));
  jx_offset_dialog_set_value (JX_OFFSET_DIALOG (dialog), 2.5, JX_TIME_UNIT_MS);
  g_assert_cmpint (jx_offset_dialog_get_ns (JX_OFFSET_DIALOG (dialog)), ==, 2500000);
  /* A unit typed in the entry wins over the list. */
  jx_offset_dialog_set_text (JX_OFFSET_DIALOG (dialog), "-300 us");
  g_assert_true (jx_offset_dialog_is_valid (JX_OFFSET_DIALOG (dialog)));
  g_assert_cmpint (jx_offset_dialog_get_ns (JX_OFFSET_DIALOG (dialog)), ==, -300000);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "apply");
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, -300000);
  /* Garbage marks the entry, disables Set and never reaches the session. */
  jx_offset_dialog_set_text (JX_OFFSET_DIALOG (dialog), "abc");
  g_assert_false (jx_offset_dialog_is_valid (JX_OFFSET_DIALOG (dialog)));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "apply"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "apply");
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, -300000);
  jx_offset_dialog_set_value (JX_OFFSET_DIALOG (dialog), -12, JX_TIME_UNIT_US);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "apply"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "apply");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, -12000);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tb), "trace.reset-offset", NULL));
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);
  jx_session_undo (session);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, -12000);

  /* Keyboard shifting: a twentieth of the window per step, undoable. */
  jx_session_set_offset (session, jx_test_item_at (session, 1), 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tb), "trace.shift-later", NULL));
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 10 * MS / 20);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tb), "trace.shift-earlier", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tb), "trace.shift-earlier", NULL));
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, -10 * MS / 20);
  jx_session_undo (session);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);
  jx_test_set_view (session, 0, 5 * MS);
  g_assert_true (gtk_widget_activate_action (view, "timeline.pan-right", NULL));
  g_assert_cmpint (jx_test_view_start (session), ==, 5 * MS / 10);
  g_assert_cmpint (jx_test_view_end (session), ==, 5 * MS + 5 * MS / 10);
  jx_test_set_view (session, 0, 10 * MS);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tb), "trace.make-reference", NULL));
  g_assert_true (jx_session_get_reference (session) == jx_test_item_at (session, 1));

  /* Call-stack mode adds depth rows below Rank 1's stream. */
  g_assert_true (jx_trace_timeline_get_stream_span (tb, 1, &y0, &h0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tb), "trace.call-stack", "u", 0));
  g_assert_cmpuint (jx_trace_timeline_get_call_stack_process (tb), ==, 0);
  g_assert_true (jx_trace_timeline_get_stream_span (tb, 1, &y1, &h1));
  g_assert_cmpint (y1, >, y0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tb), "trace.call-stack", "u", 0));
  g_assert_cmpuint (jx_trace_timeline_get_call_stack_process (tb), ==, JX_NONE);

  /* Shift mode is one state, the session's: the view's action toggles it and
   * the timelines follow (the grab cursor). */
  jx_session_set_shift_mode (session, TRUE);
  g_assert_cmpstr (gdk_cursor_get_name (gtk_widget_get_cursor (jx_trace_timeline_get_canvas (tb))), ==, "grab");
  g_assert_true (gtk_widget_activate_action (view, "timeline.shift-mode", NULL));
  g_assert_false (jx_session_get_shift_mode (session));
  g_assert_null (gtk_widget_get_cursor (jx_trace_timeline_get_canvas (tb)));
  g_assert_true (gtk_widget_activate_action (view, "timeline.show-messages", NULL));
  g_assert_true (jx_session_get_show_messages (session));

  {
    g_autoptr(JxSessionTrace) removed = g_object_ref (jx_test_item_at (session, 1));

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tb), "trace.remove", NULL));
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
    wait_ms (50);
    g_assert_null (jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (view), removed));
    g_assert_nonnull (lane_of (view, session, 0));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Navigation toolbar: dragging a trace's strip shifts it (one undo step),
 * dragging the window pans, its edge resizes. */
static void
test_nav_toolbar (void)
{
  g_autoptr(JxSession) session = NULL;
  GtkWidget *nav, *window;
  int y, h;
  double x0, x_moved, xa, xb;
  gint64 v0, v1, w;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  nav = jx_nav_toolbar_new (session);
  window = jx_test_present (nav, 1000, 120);
  jx_test_wait_allocated (nav);

  jx_session_zoom_all (session);
  g_assert_true (jx_nav_toolbar_get_strip_span (JX_NAV_TOOLBAR (nav), jx_test_item_at (session, 1), &y, &h));

  x0 = jx_nav_toolbar_ns_to_x (JX_NAV_TOOLBAR (nav), 5 * MS);
  jx_nav_toolbar_drag_begin (JX_NAV_TOOLBAR (nav), JX_NAV_DRAG_AUTO, x0, y + h / 2);
  jx_nav_toolbar_drag_update (JX_NAV_TOOLBAR (nav), 20, 0);
  jx_nav_toolbar_drag_update (JX_NAV_TOOLBAR (nav), 60, 0);
  jx_nav_toolbar_drag_end (JX_NAV_TOOLBAR (nav), 60, 0);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 0);
  g_assert_cmpint (jx_test_offset_of (session, 1), >, 0);
  /* The range was frozen during the drag: measure with the range at the start. */
  x_moved = jx_nav_toolbar_ns_to_x (JX_NAV_TOOLBAR (nav), jx_test_offset_of (session, 1));
  (void) x_moved;
  jx_session_undo (session);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  /* 60 px in a strip of (width - labels) px over the padded range. */
  xa = jx_nav_toolbar_ns_to_x (JX_NAV_TOOLBAR (nav), 0);
  xb = jx_nav_toolbar_ns_to_x (JX_NAV_TOOLBAR (nav), 10 * MS);
  jx_nav_toolbar_drag_begin (JX_NAV_TOOLBAR (nav), JX_NAV_DRAG_TRACE, x0, y + h / 2);
  jx_nav_toolbar_drag_end (JX_NAV_TOOLBAR (nav), 60, 0);
  g_assert_cmpint (ABS (jx_test_offset_of (session, 1) - (gint64) (60.0 * 10 * MS / (xb - xa))),
                   <=, (gint64) (10 * MS / (xb - xa)) + 1);
  jx_session_undo (session);

  /* Pan the window by dragging its middle. */
  jx_test_set_view (session, 2 * MS, 4 * MS);
  x0 = jx_nav_toolbar_ns_to_x (JX_NAV_TOOLBAR (nav), 3 * MS);
  jx_nav_toolbar_drag_begin (JX_NAV_TOOLBAR (nav), JX_NAV_DRAG_AUTO, x0, y + h / 2);
  jx_nav_toolbar_drag_end (JX_NAV_TOOLBAR (nav), 30, 0);
  v0 = jx_test_view_start (session);
  v1 = jx_test_view_end (session);
  g_assert_cmpint (v1 - v0, ==, 2 * MS);
  g_assert_cmpint (v0, >, 2 * MS);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);

  /* Resize by the right edge. */
  w = v1 - v0;
  x0 = jx_nav_toolbar_ns_to_x (JX_NAV_TOOLBAR (nav), v1);
  jx_nav_toolbar_drag_begin (JX_NAV_TOOLBAR (nav), JX_NAV_DRAG_AUTO, x0, y + h / 2);
  jx_nav_toolbar_drag_end (JX_NAV_TOOLBAR (nav), 40, 0);
  g_assert_cmpint (jx_test_view_start (session), ==, v0);
  g_assert_cmpint (jx_test_view_end (session) - v0, >, w);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Function summary: top functions per trace for the visible window, and the
 * legend lists the colours. */
/* A trace that failed to load gets no strip (the window's loading strip
 * reports it): the next trace's strip moves up, and nothing else is drawn
 * into the label column, no line from a name to the next colour dot. */
static void
test_nav_toolbar_pending (void)
{
  g_autoptr(JxSession) session = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxTestImage) img = NULL;
  GtkWidget *nav, *window;
  gint64 deadline;
  int y0, h0, y1, h1, x, y;

  SKIP_WITHOUT_DISPLAY ();

  session = jx_session_new ();
  jx_session_add_path (session, "/nonexistent/pending/traces.otf2");
  b = make_trace ("B", 0);
  jx_session_add_trace (session, b);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (jx_session_trace_get_state (jx_test_item_at (session, 0)) != JX_SESSION_TRACE_FAILED &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (jx_session_trace_get_state (jx_test_item_at (session, 0)), ==, JX_SESSION_TRACE_FAILED);

  nav = jx_nav_toolbar_new (session);
  jx_nav_toolbar_set_label_width (JX_NAV_TOOLBAR (nav), 170);
  window = jx_test_present (nav, 1000, 120);
  jx_test_wait_allocated (nav);
  img = jx_test_render_widget (nav);

  g_assert_false (jx_nav_toolbar_get_strip_span (JX_NAV_TOOLBAR (nav), jx_test_item_at (session, 0), &y0, &h0));
  g_assert_true (jx_nav_toolbar_get_strip_span (JX_NAV_TOOLBAR (nav), jx_test_item_at (session, 1), &y1, &h1));
  /* One strip tall: the failed trace takes no room. */
  {
    int natural;

    gtk_widget_measure (nav, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
    g_assert_cmpint (natural, <, 2 * h1);
    g_assert_cmpint (y1, <, h1);
  }
  y0 = y1;
  h0 = h1;

  /* Right of the dots and left of the names the label column stays empty,
   * over the whole height. */
  for (y = 0; y < img->height; y++)
    for (x = 19; x <= 20; x++)
      g_assert_cmpuint (img->pixels[(gsize) y * img->width + x] >> 24, ==, 0);

  /* The remaining strip is painted at the top. */
  {
    gboolean painted = FALSE;

    for (x = 172; x < 400 && !painted; x++)
      painted = (img->pixels[(gsize) (y0 + h0 / 2) * img->width + x] >> 24) != 0;
    g_assert_true (painted);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The keyboard equivalent of clicking: every selection key is an action of
 * the timeline, and moving to an invocation outside the window brings it in. */
static void
test_timeline_keyboard_select (void)
{
  g_autoptr(JxSession) session = NULL;
  GtkWidget *timeline, *window;
  JxSessionTrace *trace;
  guint32 stream, inv;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  timeline = jx_trace_timeline_new (session, jx_test_item_at (session, 0));
  window = jx_test_present (timeline, 900, 200);
  jx_test_wait_allocated (timeline);

#define SELECT(action) gtk_widget_activate_action (timeline, "trace." action, NULL)
#define ASSERT_SELECTED(s, i) G_STMT_START { \
    g_assert_true (jx_session_get_selected_invocation (session, &trace, &stream, &inv)); \
    g_assert_true (trace == jx_test_item_at (session, 0)); \
    g_assert_cmpuint (stream, ==, (s)); \
    g_assert_cmpuint (inv, ==, (i)); \
  } G_STMT_END

  /* Middle of [0, 10 ms) on the first stream: compute [5, 9), index 3. */
  SELECT ("select-first");
  ASSERT_SELECTED (0, 3);
  /* Nothing follows it on its level. */
  SELECT ("select-next");
  ASSERT_SELECTED (0, 3);
  SELECT ("select-previous");
  ASSERT_SELECTED (0, 2);
  SELECT ("select-parent");
  ASSERT_SELECTED (0, 0);
  SELECT ("select-child");
  ASSERT_SELECTED (0, 1);
  /* Same moment (2.5 ms) on the stream below: its compute [1, 4). */
  SELECT ("select-down");
  ASSERT_SELECTED (1, 1);
  SELECT ("select-up");
  ASSERT_SELECTED (0, 1);

  /* MPI_Send [4, 5) lies right of a [0, 2 ms) window: the window keeps its
   * width and centres on it. */
  jx_test_set_view (session, 0, 2 * MS);
  SELECT ("select-next");
  ASSERT_SELECTED (0, 2);
  g_assert_cmpint (jx_test_view_end (session) - jx_test_view_start (session), ==, 2 * MS);
  g_assert_cmpint (jx_test_view_start (session), ==, 3 * MS + MS / 2);

  SELECT ("select-none");
  g_assert_false (jx_session_get_selected_invocation (session, NULL, NULL, NULL));

#undef SELECT
#undef ASSERT_SELECTED

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_summary_and_legend (void)
{
  g_autoptr(JxSession) session = NULL;
  g_auto(GStrv) names = NULL;
  const JxFunctionSummaryBar *bars;
  GtkWidget *box, *chart, *legend, *window;
  JxTrace *trace;
  guint n;
  gint64 deadline;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  chart = jx_function_summary_chart_new (session);
  legend = jx_legend_view_new (session);
  gtk_box_append (GTK_BOX (box), chart);
  gtk_box_append (GTK_BOX (box), legend);
  window = jx_test_present (box, 800, 400);

  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while ((jx_function_summary_chart_is_busy (JX_FUNCTION_SUMMARY_CHART (chart)) ||
          jx_legend_view_is_busy (JX_LEGEND_VIEW (legend))) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  trace = jx_session_trace_get_trace (jx_test_item_at (session, 1));
  bars = jx_function_summary_chart_get_bars (JX_FUNCTION_SUMMARY_CHART (chart), jx_test_item_at (session, 1), &n);
  g_assert_nonnull (bars);
  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpstr (jx_trace_get_region (trace, bars[0].region)->name, ==, "compute");
  g_assert_cmpfloat_with_epsilon (bars[0].exclusive_s, 0.014, 1e-6);

  /* Only the first 3 ms: compute [1, 3) on two ranks = 4 ms. */
  jx_test_set_view (session, 0, 3 * MS);
  g_assert_true (jx_function_summary_chart_is_busy (JX_FUNCTION_SUMMARY_CHART (chart)));
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (jx_function_summary_chart_is_busy (JX_FUNCTION_SUMMARY_CHART (chart)) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  bars = jx_function_summary_chart_get_bars (JX_FUNCTION_SUMMARY_CHART (chart), jx_test_item_at (session, 0), &n);
  g_assert_nonnull (bars);
  g_assert_cmpfloat_with_epsilon (bars[0].exclusive_s, 0.004, 1e-6);

  names = jx_legend_view_dup_names (JX_LEGEND_VIEW (legend));
  g_assert_true (g_strv_contains ((const char * const *) names, "compute"));
  g_assert_true (g_strv_contains ((const char * const *) names, jx_category_label (JX_CATEGORY_MPI)));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Real traces open in the views without trouble (hover, click everywhere). */
static void
test_real_trace (void)
{
  g_autofree char *path = NULL;
  g_autoptr(JxSession) session = NULL;
  GtkWidget *view, *window, *canvas;
  JxSessionTrace *item;
  JxTraceTimeline *tl;
  gint64 deadline;
  int x, y;

  SKIP_WITHOUT_DISPLAY ();
  path = jx_test_get_shared_trace ("TraceR__stencil4d-32/traces.otf2");

  session = jx_session_new ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1200, 700);
  item = jx_session_add_path (session, path);
  deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADING &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (jx_session_trace_get_state (item), ==, JX_SESSION_TRACE_LOADED);
  jx_session_zoom_all (session);

  tl = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (view), item);
  canvas = jx_trace_timeline_get_canvas (tl);
  jx_test_wait_allocated (canvas);
  for (y = 2; y < gtk_widget_get_height (canvas); y += 7)
    for (x = 0; x < gtk_widget_get_width (canvas); x += 37)
      g_free (jx_trace_timeline_dup_tooltip_markup (tl, x, y));
  jx_trace_timeline_click (tl, gtk_widget_get_width (canvas) / 2, row_center (tl, 0));
  {
    g_autoptr(JxTestImage) img = jx_test_render_widget (canvas);

    g_assert_cmpint (img->width, >, 0);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every view that shows a trace, in one window, plus a timeline on its own
 * for index 1 (it follows its index, so it must let go of a removed trace). */
typedef struct
{
  GtkWidget *window;
  GtkWidget *master;
  GtkWidget *chart;
  GtkWidget *legend;
  GtkWidget *details;
} AllViews;

static void
present_all_views (JxSession *session,
                   AllViews  *views)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  views->master = jx_master_timeline_new (session);
  views->chart = jx_function_summary_chart_new (session);
  views->legend = jx_legend_view_new (session);
  views->details = jx_details_panel_new (session);
  gtk_widget_set_vexpand (views->master, TRUE);
  gtk_box_append (GTK_BOX (box), jx_nav_toolbar_new (session));
  gtk_box_append (GTK_BOX (box), views->master);
  gtk_box_append (GTK_BOX (box), jx_trace_timeline_new (session, jx_test_item_at (session, 1)));
  gtk_box_append (GTK_BOX (box), views->chart);
  gtk_box_append (GTK_BOX (box), views->legend);
  gtk_box_append (GTK_BOX (box), views->details);
  views->window = jx_test_present (box, 1000, 900);
}

/* Removing a trace from a session that views show frees the trace (and the
 * item's timeline summary, which holds it) once the views have caught up;
 * closing the window frees the session, the items and the other trace. */
static void
test_remove_trace_finalizes (void)
{
  JxSession *session;
  JxSessionTrace *item_a, *item_b;
  gpointer weak_session, a, b, weak_item_b;
  AllViews views;
  gint64 deadline;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  item_a = jx_test_item_at (session, 0);
  item_b = jx_test_item_at (session, 1);
  weak_session = session;
  weak_item_b = item_b;
  a = jx_session_trace_get_trace (item_a);
  b = jx_session_trace_get_trace (item_b);
  g_object_add_weak_pointer (G_OBJECT (session), &weak_session);
  g_object_add_weak_pointer (G_OBJECT (item_b), &weak_item_b);
  g_object_add_weak_pointer (G_OBJECT (a), &a);
  g_object_add_weak_pointer (G_OBJECT (b), &b);

  present_all_views (session, &views);
  jx_test_wait_allocated (jx_trace_timeline_get_canvas (lane_of (views.master, session, 1)));

  /* Let every view build what it shows of B: the item's summary, the bars,
   * the legend and the statistics of a selected invocation. */
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while ((jx_session_trace_get_summary (item_a) == NULL ||
          jx_session_trace_get_summary (item_b) == NULL) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (jx_session_trace_get_summary (item_b));
  jx_session_select_invocation (session, item_b, 0, 1);
  wait_until_idle (views.chart, views.legend, views.details);

  /* The trace goes at once, also from the timeline of B alone (it keeps its
   * emptied item until its window goes). */
  jx_session_remove (session, item_b);
  g_assert_true (wait_until_cleared (&b));

  /* A is still shown, with its summary (its lane stayed as it was), and the
   * views still work. */
  g_assert_nonnull (a);
  g_assert_nonnull (jx_session_trace_get_summary (item_a));
  g_assert_nonnull (lane_of (views.master, session, 0));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  wait_until_idle (views.chart, views.legend, views.details);

  gtk_window_destroy (GTK_WINDOW (views.window));
  g_object_unref (session);
  g_assert_true (wait_until_cleared (&weak_session));
  g_assert_true (wait_until_cleared (&weak_item_b));
  g_assert_true (wait_until_cleared (&a));
}

/* The same while the summary is still being built: views created and the
 * trace removed before the main loop ran the build's callback. */
static void
test_remove_trace_while_building (void)
{
  JxSession *session;
  JxSessionTrace *item_b;
  gpointer weak_session, b, weak_item_b;
  AllViews views;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  item_b = jx_test_item_at (session, 1);
  weak_session = session;
  weak_item_b = item_b;
  b = jx_session_trace_get_trace (item_b);
  g_object_add_weak_pointer (G_OBJECT (session), &weak_session);
  g_object_add_weak_pointer (G_OBJECT (item_b), &weak_item_b);
  g_object_add_weak_pointer (G_OBJECT (b), &b);

  present_all_views (session, &views);
  g_assert_null (jx_session_trace_get_summary (item_b));
  jx_session_remove (session, item_b);
  g_assert_true (wait_until_cleared (&b));

  gtk_window_destroy (GTK_WINDOW (views.window));
  g_object_unref (session);
  g_assert_true (wait_until_cleared (&weak_session));
  g_assert_true (wait_until_cleared (&weak_item_b));
}

/* Removing the middle one of three traces takes only its lane: the other
 * lanes stay the same widgets, in order, at their offsets, and the
 * navigation toolbar moves the third strip up. */
static void
test_remove_middle_keeps_lanes (void)
{
  g_autoptr(JxSession) session = make_session ();
  g_autoptr(JxTrace) c = make_trace ("C", 2 * MS);
  JxSessionTrace *item_a, *item_c;
  JxTraceTimeline *lane_a, *lane_c;
  GtkWidget *box, *master, *nav, *window;
  gpointer weak_lane_b;
  int y_before, y_after;

  SKIP_WITHOUT_DISPLAY ();

  item_a = jx_test_item_at (session, 0);
  item_c = jx_session_add_trace (session, c);
  jx_session_set_offset (session, item_a, MS);
  jx_session_set_offset (session, jx_test_item_at (session, 1), 2 * MS);
  jx_session_set_offset (session, item_c, 3 * MS);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  nav = jx_nav_toolbar_new (session);
  master = jx_master_timeline_new (session);
  gtk_widget_set_vexpand (master, TRUE);
  gtk_box_append (GTK_BOX (box), nav);
  gtk_box_append (GTK_BOX (box), master);
  window = jx_test_present (box, 1000, 700);
  lane_a = lane_of (master, session, 0);
  lane_c = lane_of (master, session, 2);
  weak_lane_b = lane_of (master, session, 1);
  g_object_add_weak_pointer (G_OBJECT (weak_lane_b), &weak_lane_b);
  jx_test_wait_allocated (jx_trace_timeline_get_canvas (lane_c));
  g_assert_true (jx_nav_toolbar_get_strip_span (JX_NAV_TOOLBAR (nav), item_c, &y_before, NULL));

  jx_session_remove (session, jx_test_item_at (session, 1));

  g_assert_true (lane_of (master, session, 0) == lane_a);
  g_assert_true (lane_of (master, session, 1) == lane_c);
  g_assert_true (jx_trace_timeline_get_item (lane_a) == item_a);
  g_assert_true (jx_trace_timeline_get_item (lane_c) == item_c);
  g_assert_true (gtk_widget_get_next_sibling (GTK_WIDGET (lane_a)) == GTK_WIDGET (lane_c));
  g_assert_cmpint (jx_session_trace_get_offset (item_a), ==, MS);
  g_assert_cmpint (jx_session_trace_get_offset (item_c), ==, 3 * MS);
  /* The removed lane goes once the main loop has run. */
  g_assert_true (wait_until_cleared (&weak_lane_b));
  g_assert_true (jx_nav_toolbar_get_strip_span (JX_NAV_TOOLBAR (nav), item_c, &y_after, NULL));
  g_assert_cmpint (y_after, <, y_before);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The colours views ask the palette for: a distinct tint per slot, the
 * picked colour as the accent with a light (or dark) low-chroma tint of its
 * hue, and back to the palette's when the style changes back. */
static void
test_trace_colors (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  GdkRGBA tints[6];
  /* A saturated purple, as picked in the colour chooser. */
  JxRgba user = { 140 / 255.0f, 0.0f, 217 / 255.0f, 1.0f };
  GdkRGBA got, dark, accent, light_tint;
  JxSessionTrace *items[6];

  for (guint i = 0; i < G_N_ELEMENTS (tints); i++)
    {
      g_autofree char *name = g_strdup_printf ("t%u", i);
      g_autoptr(JxTrace) trace = make_trace (name, 0);

      items[i] = jx_session_add_trace (session, trace);
      jx_trace_colors (items[i], FALSE, &tints[i], NULL);
      g_assert_cmpfloat (tints[i].alpha, >, 0.0f);
    }

  /* All pairs differ (the tints are subtle by design, so the bar is low). */
  for (guint i = 0; i < G_N_ELEMENTS (tints); i++)
    for (guint j = i + 1; j < G_N_ELEMENTS (tints); j++)
      {
        double d = fabs (tints[i].red - tints[j].red) +
                   fabs (tints[i].green - tints[j].green) +
                   fabs (tints[i].blue - tints[j].blue);
        g_assert_cmpfloat (d, >, 0.015);
      }

  /* The picked colour is the accent; the lane gets a light, low-chroma tint
   * of its hue (blue above green, red above green for purple), opaque. */
  jx_session_trace_set_picked_color (items[1], jx_palette_rgba_to_pixel (&user));
  jx_trace_colors (items[1], FALSE, &light_tint, &accent);
  g_assert_cmpfloat (fabs (accent.red - user.red) + fabs (accent.green - user.green) + fabs (accent.blue - user.blue), <, 1e-6);
  g_assert_cmpfloat (accent.alpha, ==, 1.0f);
  g_assert_cmpfloat (light_tint.alpha, ==, 1.0f);
  g_assert_cmpfloat (MIN (light_tint.red, MIN (light_tint.green, light_tint.blue)), >, 0.8f);
  g_assert_cmpfloat (MAX (light_tint.red, MAX (light_tint.green, light_tint.blue)) -
                     MIN (light_tint.red, MIN (light_tint.green, light_tint.blue)), <, 0.15f);
  g_assert_cmpfloat (light_tint.blue, >, light_tint.green);
  g_assert_cmpfloat (light_tint.red, >, light_tint.green);

  /* Dark style: a dark tint of the same hue; the accent stays the user's choice. */
  jx_trace_colors (items[1], TRUE, &got, &accent);
  g_assert_cmpfloat (MAX (got.red, MAX (got.green, got.blue)), <, 0.35f);
  g_assert_cmpfloat (got.blue, >, got.green);
  g_assert_cmpfloat (fabs (accent.red - user.red) + fabs (accent.blue - user.blue), <, 1e-6);
  jx_trace_colors (items[0], TRUE, &dark, NULL);
  g_assert_false (gdk_rgba_equal (&dark, &tints[0]));
  jx_trace_colors (items[0], FALSE, &got, NULL);
  g_assert_true (gdk_rgba_equal (&got, &tints[0]));
  jx_trace_colors (items[1], FALSE, &got, NULL);
  g_assert_true (gdk_rgba_equal (&got, &light_tint));
}


/* Folding and SOS time ---------------------------------------------------- */

typedef struct
{
  JxSessionTrace *item;
  const char     *what;
} ItemWait;

static gboolean
item_has (gpointer data)
{
  ItemWait *w = data;

  if (g_str_equal (w->what, "fold"))
    return jx_session_trace_get_fold (w->item) != NULL;
  if (g_str_equal (w->what, "imbalance"))
    return jx_session_trace_get_imbalance (w->item) != NULL;
  return jx_session_trace_get_summary (w->item) != NULL;
}

static void
wait_item (JxSessionTrace *item,
           const char     *what)
{
  ItemWait w = { item, what };

  g_assert_true (jx_test_wait_until (item_has, &w, 60));
  wait_ms (50);
}

/* The first row of `kind` for `group` (JX_NONE: any group), -1 for none. */
static int
find_row (JxTraceTimeline   *tl,
          JxTimelineRowKind  kind,
          guint32            group)
{
  guint n;
  const JxTimelineRow *rows = jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (tl)), &n);

  for (guint r = 0; r < n; r++)
    if (rows[r].kind == kind && (group == JX_NONE || rows[r].group == group))
      return (int) r;
  return -1;
}

static const JxTimelineRow *
row_of (JxTraceTimeline *tl,
        int              index)
{
  guint n;

  return &jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (tl)), &n)[index];
}

static int
row_y (JxTraceTimeline *tl,
       int              index)
{
  GtkAdjustment *adj = jx_timeline_canvas_get_vadjustment (JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (tl)));

  return row_of (tl, index)->y - (int) gtk_adjustment_get_value (adj) + row_of (tl, index)->height / 2;
}

static guint32
region_pixel (JxTrace    *trace,
              const char *name)
{
  JxRgba rgba;

  jx_palette_region_color (jx_trace_get_region (trace, jx_trace_find_region (trace, name)), FALSE, &rgba);
  return jx_palette_rgba_to_pixel (&rgba);
}

/* A generated trace in a master timeline (beside an SOS panel with
 * `with_panel`), zoomed out, once the item has `what`. */
typedef struct
{
  char            *dir;
  JxTrace         *trace;
  JxSession       *session;
  GtkWidget       *window, *canvas, *panel;
  JxTraceTimeline *tl;
  JxSessionTrace  *item;
} Opened;

static void
opened_init (Opened                   *o,
             const JxGeneratorOptions *options,
             gboolean                  with_panel,
             const char               *what)
{
  GtkWidget *view, *top;

  o->trace = jx_test_generate_load (options, NULL, &o->dir);
  o->session = jx_session_new ();
  top = view = jx_master_timeline_new (o->session);
  o->panel = NULL;
  if (with_panel)
    {
      top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      gtk_widget_set_hexpand (view, TRUE);
      o->panel = g_object_new (JX_TYPE_IMBALANCE_PANEL, NULL);
      jx_imbalance_panel_set_session (JX_IMBALANCE_PANEL (o->panel), o->session);
      gtk_box_append (GTK_BOX (top), view);
      gtk_box_append (GTK_BOX (top), o->panel);
    }
  o->window = jx_test_present (top, with_panel ? 1300 : 1000, 700);
  o->item = jx_session_add_trace (o->session, o->trace);
  jx_session_zoom_all (o->session);
  o->tl = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (view), o->item);
  o->canvas = jx_trace_timeline_get_canvas (o->tl);
  jx_test_wait_allocated (o->canvas);
  wait_item (o->item, what);
}

static void
opened_clear (Opened *o)
{
  gtk_window_destroy (GTK_WINDOW (o->window));
  jx_test_remove_tree (o->dir);
  g_clear_pointer (&o->dir, g_free);
  g_clear_object (&o->session);
  g_clear_object (&o->trace);
}

/* A device group folds and unfolds from its header (the expander) and from
 * the session's fold-all request; its folded row shows what its streams run,
 * and the operation decides where: idle folding shows the device busy where
 * one of its three streams runs, max only where most do. */
typedef struct
{
  JxTraceTimeline *tl;
  double           x, y;
} TipProbe;

/* The folded row's tooltip shows the selected range's mix (a share). */
static gboolean
tip_has_mix (gpointer data)
{
  TipProbe *probe = data;
  g_autofree char *tip = jx_trace_timeline_dup_tooltip_markup (probe->tl, probe->x, probe->y);

  const char *range = tip != NULL ? g_strstr_len (tip, -1, "Selected range:") : NULL;

  return range != NULL && g_strstr_len (range, -1, "computing") == NULL && g_strstr_len (range, -1, " %") != NULL;
}

static void
test_fold_views (void)
{
  JxGeneratorOptions options;
  Opened o;
  JxTrace *trace;
  JxSession *session;
  GtkWidget *canvas;
  JxTraceTimeline *tl;
  JxSessionTrace *item;
  guint32 device;
  int header, y;
  guint folded_rows, unfolded_rows;
  g_autofree char *tip = NULL;
  guint32 kernel;
  const JxStream *gpu;
  guint busy[2];

  SKIP_WITHOUT_DISPLAY ();
  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_gpu_streams = 3;
  options.n_iterations = 6;
  opened_init (&o, &options, FALSE, "fold");
  trace = o.trace;
  session = o.session;
  item = o.item;
  tl = o.tl;
  canvas = o.canvas;

  device = jx_stream_groups_find (jx_session_trace_get_groups (item), "device:MPI Rank 0:CUDA 0");
  g_assert_cmpuint (device, !=, JX_NONE);
  header = find_row (tl, JX_TIMELINE_ROW_GROUP, device);
  g_assert_cmpint (header, >=, 0);
  g_assert_false (row_of (tl, header)->collapsed);
  jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (canvas), &unfolded_rows);

  /* Its expander folds it: one row for the three streams. */
  jx_trace_timeline_click (tl, _jx_timeline_expander_x (row_of (tl, header)) + 5, row_y (tl, header));
  g_assert_true (jx_timeline_canvas_get_group_folded (JX_TIMELINE_CANVAS (canvas), device));
  jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (canvas), &folded_rows);
  g_assert_cmpuint (folded_rows, ==, unfolded_rows - 3);
  header = find_row (tl, JX_TIMELINE_ROW_GROUP, device);
  g_assert_true (row_of (tl, header)->collapsed);
  tip = jx_trace_timeline_dup_tooltip_markup (tl, 400, row_y (tl, header));
  g_assert_nonnull (g_strstr_len (tip, -1, "3 streams folded"));

  /* With a range selected the tooltip adds the group's function mix there,
   * computed in a worker: "computing…" until it is known, never a stall. */
  {
    JxTimeSpan span = *jx_session_get_visible_time (session);
    TipProbe probe = { tl, 400, row_y (tl, header) };

    jx_session_select_time (session, &span);
    g_clear_pointer (&tip, g_free);
    tip = jx_trace_timeline_dup_tooltip_markup (tl, probe.x, probe.y);
    g_assert_nonnull (g_strstr_len (tip, -1, "Selected range:"));
    g_assert_true (jx_test_wait_until (tip_has_mix, &probe, 20));
    jx_session_select_time (session, NULL);
  }

  /* One offload, zoomed in: the kernels start one after the other on the
   * three streams, so at the start only one stream runs. */
  gpu = jx_trace_get_stream (trace, jx_stream_groups_get_group (jx_session_trace_get_groups (item), device)->members[0]);
  kernel = region_pixel (trace, jx_trace_get_region (trace, gpu->region[gpu->n_invocations / 2])->name);
  {
    gint64 t0 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), gpu->start[gpu->n_invocations / 2]);

    jx_session_set_visible_time (session, &(JxTimeSpan) { t0 - 20000, t0 + 200000 });
  }
  for (JxFoldOp op = JX_FOLD_MAX; op <= JX_FOLD_IDLE; op += JX_FOLD_IDLE - JX_FOLD_MAX)
    {
      g_autoptr(JxTestImage) img = NULL;
      guint n = 0;

      jx_session_set_fold_operation (session, op);
      wait_item (item, "fold");
      img = jx_test_render_widget (canvas);
      y = row_y (tl, find_row (tl, JX_TIMELINE_ROW_GROUP, device));
      for (int x = jx_trace_timeline_get_label_width (tl); x < img->width; x++)
        n += jx_test_pixel_near (img->pixels[(gsize) y * img->width + x], kernel);
      busy[op == JX_FOLD_IDLE] = n;
    }
  g_test_message ("kernel pixels of the folded device row: max %u, idle %u", busy[0], busy[1]);
  g_assert_cmpuint (busy[1], >, 0);
  g_assert_cmpuint (busy[1], >, busy[0]);

  /* The session's request unfolds every device group. */
  jx_session_fold_all (session, 1u << JX_STREAM_GROUP_DEVICE, FALSE);
  g_assert_false (jx_timeline_canvas_get_group_folded (JX_TIMELINE_CANVAS (canvas), device));
  jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (canvas), &folded_rows);
  g_assert_cmpuint (folded_rows, ==, unfolded_rows);

  /* A process folds from its header too; its device group stays below it. */
  jx_session_fold_all (session, 1u << JX_STREAM_GROUP_PROCESS, TRUE);
  g_assert_true (jx_timeline_canvas_get_process_collapsed (JX_TIMELINE_CANVAS (canvas), 0));
  g_assert_cmpint (find_row (tl, JX_TIMELINE_ROW_GROUP, device), >=, 0);

  opened_clear (&o);
}

/* A trace with more accelerator streams than a screenful (48 on 12 ranks)
 * opens with every device folded; one with few keeps them unfolded (see
 * test_fold_views). */
static void
test_fold_default_devices (void)
{
  JxGeneratorOptions options;
  Opened o;
  JxStreamGroups *groups;
  guint n_devices = 0;

  SKIP_WITHOUT_DISPLAY ();
  jx_generator_options_init (&options);
  options.n_ranks = 12;
  options.n_gpu_streams = 4;
  options.n_iterations = 2;
  g_assert_cmpuint (options.n_ranks * options.n_gpu_streams, >, JX_CANVAS_FOLD_SCREENFUL);
  opened_init (&o, &options, FALSE, "fold");

  groups = jx_session_trace_get_groups (o.item);
  for (guint32 g = 0; g < jx_stream_groups_get_n_groups (groups); g++)
    if (jx_stream_groups_get_group (groups, g)->kind == JX_STREAM_GROUP_DEVICE)
      {
        n_devices++;
        g_assert_true (jx_timeline_canvas_get_group_folded (JX_TIMELINE_CANVAS (o.canvas), g));
      }
  g_assert_cmpuint (n_devices, ==, 12);
  opened_clear (&o);
}

/* The overlay toggle colours the slowed rank's iterations warm and the
 * others cold, the tooltip gives a segment's SOS time, and the ranking
 * names the slowed rank first and zooms there. */
static void
test_sos_views (void)
{
  JxGeneratorOptions options;
  Opened o;
  JxTrace *trace;
  JxSession *session;
  GtkWidget *canvas, *panel;
  JxTraceTimeline *tl;
  JxSessionTrace *item;
  int slow_y, fast_y, x;
  g_autofree char *tip = NULL;
  const JxTimeSpan *visible;

  SKIP_WITHOUT_DISPLAY ();
  jx_generator_options_init (&options);
  options.n_ranks = 4;
  options.n_iterations = 12;
  options.imbalanced_ranks = 1u << 2;
  options.imbalance = 0.6;
  opened_init (&o, &options, TRUE, "imbalance");
  trace = o.trace;
  session = o.session;
  item = o.item;
  tl = o.tl;
  canvas = o.canvas;
  panel = o.panel;

  slow_y = row_center (tl, 2);
  fast_y = row_center (tl, 0);
  x = jx_trace_timeline_get_label_width (tl) + (gtk_widget_get_width (canvas) - jx_trace_timeline_get_label_width (tl)) / 2;
  {
    g_autoptr(JxTestImage) off = jx_test_render_widget (canvas);
    g_autoptr(JxTestImage) on = NULL;
    guint32 slow, fast;

    jx_session_set_show_sos (session, TRUE);
    on = jx_test_render_widget (canvas);
    slow = on->pixels[(gsize) slow_y * on->width + x];
    fast = on->pixels[(gsize) fast_y * on->width + x];
    g_test_message ("overlay: slow rank %08x, fast rank %08x", slow, fast);
    g_assert_false (jx_test_pixel_near (slow, off->pixels[(gsize) slow_y * off->width + x]));
    g_assert_cmpuint ((slow >> 16) & 0xff, >, slow & 0xff);
    g_assert_cmpuint (fast & 0xff, >, (fast >> 16) & 0xff);
  }
  tip = jx_trace_timeline_dup_tooltip_markup (tl, x, slow_y);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, "SOS time:"));
  g_assert_nonnull (strstr (tip, "above the median"));

  /* The ranking: the trace, then the slowed rank. */
  g_assert_cmpuint (jx_imbalance_panel_get_n_rows (JX_IMBALANCE_PANEL (panel)), >, 2);
  g_assert_true (g_str_has_prefix (jx_imbalance_panel_get_row_text (JX_IMBALANCE_PANEL (panel), 1), "MPI Rank 2"));
  jx_imbalance_panel_activate_row (JX_IMBALANCE_PANEL (panel), 1);
  visible = jx_session_get_visible_time (session);
  {
    JxImbalance *imbalance = jx_session_trace_get_imbalance (item);
    const JxSegment *worst = jx_imbalance_get_segment (imbalance, jx_imbalance_get_process (imbalance, 0)->worst_segment);

    g_assert_cmpint (visible->begin_ns, <=, jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), worst->start));
    g_assert_cmpint (visible->end_ns, >=, jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), worst->end));
    g_assert_cmpint (jx_time_span_get_duration (visible), <, 3 * jx_trace_ticks_to_ns (trace, (gint64) (worst->end - worst->start)));
  }

  jx_session_set_show_sos (session, FALSE);
  opened_clear (&o);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

/* One private home for the whole run, set before GLib caches any user
 * directory. G_TEST_OPTION_ISOLATE_DIRS would instead replace them before
 * every test, and GLib deliberately never frees the strings it replaces
 * (they may still be in use), which LeakSanitizer rightly reports as leaks
 * it cannot attribute (GLib has no frame pointers to unwind through). */
static char *
isolate_home (void)
{
  static const struct { const char *variable; const char *dir; } dirs[] = {
    { "HOME", "home" },
    { "XDG_CACHE_HOME", "cache" },
    { "XDG_CONFIG_HOME", "config" },
    { "XDG_DATA_HOME", "data" },
    { "XDG_STATE_HOME", "state" },
    { "XDG_RUNTIME_DIR", "runtime" },
  };
  g_autoptr(GError) error = NULL;
  char *root = g_dir_make_tmp (NULL, &error);
  guint i;

  if (root == NULL)
    g_error ("Cannot create a private home: %s", error->message);
  for (i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *dir = g_build_filename (root, dirs[i].dir, NULL);

      g_mkdir_with_parents (dir, 0700);
      g_setenv (dirs[i].variable, dir, TRUE);
    }
  return root;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = isolate_home ();
  int ret;

  have_display = jx_test_widget_init (&argc, &argv);

  g_test_add_func ("/views/timeline/shift-drag", test_timeline_shift_drag);
  g_test_add_func ("/views/timeline/select-pan-zoom", test_timeline_select_pan_zoom);
  g_test_add_func ("/views/timeline/search", test_timeline_search);
  g_test_add_func ("/views/timeline/click-details", test_timeline_click_details);
  g_test_add_func ("/views/timeline/trace-actions", test_timeline_trace_actions);
  g_test_add_func ("/views/timeline/context-menu", test_timeline_context_menu);
  g_test_add_func ("/views/timeline/trace-menu", test_timeline_trace_menu);
  g_test_add_func ("/views/timeline/keyboard-select", test_timeline_keyboard_select);
  g_test_add_func ("/views/nav-toolbar/drag", test_nav_toolbar);
  g_test_add_func ("/views/nav-toolbar/pending", test_nav_toolbar_pending);
  g_test_add_func ("/views/summary-legend", test_summary_and_legend);
  g_test_add_func ("/views/timeline/real-trace", test_real_trace);
  g_test_add_func ("/views/lifetime/remove-trace", test_remove_trace_finalizes);
  g_test_add_func ("/views/lifetime/remove-while-building", test_remove_trace_while_building);
  g_test_add_func ("/views/master-timeline/remove-middle", test_remove_middle_keeps_lanes);
  g_test_add_func ("/views/trace-colors", test_trace_colors);
  g_test_add_func ("/views/fold/fold-unfold-operation", test_fold_views);
  g_test_add_func ("/views/fold/default-devices", test_fold_default_devices);
  g_test_add_func ("/views/sos/overlay-ranking", test_sos_views);

  ret = g_test_run ();
  remove_tree (home);
  return ret;
}
