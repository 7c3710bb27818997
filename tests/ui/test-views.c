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
#include "jx-test-views.h"
#include "jx-test-widget.h"
#include "jx-trace-builder.h"
#include "jx-timeline-renderer-private.h"
#include "jx-trace-timeline-private.h"

#define MS G_GINT64_CONSTANT (1000000)
#define PARADIGM_USER 1
#define PARADIGM_MPI  4
#define ROLE_FUNCTION 1

static gboolean have_display;

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

  session = jx_test_views_make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  tb = jx_test_views_lane_of (view, session, 1);
  g_assert_nonnull (tb);
  canvas = jx_trace_timeline_get_canvas (tb);
  jx_test_wait_allocated (canvas);

  lw = jx_trace_timeline_get_label_width (tb);
  width = gtk_widget_get_width (canvas);
  ns_per_px = (double) (10 * MS) / (width - lw);
  y = jx_test_views_row_center (tb, 0);
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
    JxTraceTimeline *ta = jx_test_views_lane_of (view, session, 0);
    GtkWidget *ca = jx_trace_timeline_get_canvas (ta);
    g_autoptr(JxTestImage) a = jx_test_render_widget (ca);
    int fa, la;

    g_assert_true (jx_test_image_find_span (a, jx_test_views_row_center (ta, 0), lw, width, compute, &fa, &la));
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

  session = jx_test_views_make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  ta = jx_test_views_lane_of (view, session, 0);
  canvas = jx_trace_timeline_get_canvas (ta);
  jx_test_wait_allocated (canvas);
  lw = jx_trace_timeline_get_label_width (ta);
  width = gtk_widget_get_width (canvas);
  y = jx_test_views_row_center (ta, 0);
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

  session = jx_test_views_make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  ta = jx_test_views_lane_of (view, session, 0);
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

  session = jx_test_views_make_session ();
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  view = jx_master_timeline_new (session);
  gtk_widget_set_hexpand (view, TRUE);
  panel = jx_details_panel_new (session);
  gtk_widget_set_size_request (panel, 300, -1);
  gtk_box_append (GTK_BOX (box), view);
  gtk_box_append (GTK_BOX (box), panel);
  window = jx_test_present (box, 1300, 500);
  ta = jx_test_views_lane_of (view, session, 0);
  canvas = jx_trace_timeline_get_canvas (ta);
  jx_test_wait_allocated (canvas);
  lw = jx_trace_timeline_get_label_width (ta);
  width = gtk_widget_get_width (canvas);

  /* 2 ms into the trace: the first "compute" of Rank 0. */
  x = lw + 2.0 * (width - lw) / 10.0;
  y = jx_test_views_row_center (ta, 0);

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

  session = jx_test_views_make_session ();
  view = jx_master_timeline_new (session);
  jx_test_present (view, 1000, 500);
  tb = jx_test_views_lane_of (view, session, 1);
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
  jx_test_spin (100);
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

  session = jx_test_views_make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  tb = jx_test_views_lane_of (view, session, 1);
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

  session = jx_test_views_make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  tb = jx_test_views_lane_of (view, session, 1);
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
    jx_test_spin (50);
    g_assert_null (jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (view), removed));
    g_assert_nonnull (jx_test_views_lane_of (view, session, 0));
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

  session = jx_test_views_make_session ();
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
  b = jx_test_views_make_trace ("B", 0);
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

  session = jx_test_views_make_session ();
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

  session = jx_test_views_make_session ();
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
  jx_trace_timeline_click (tl, gtk_widget_get_width (canvas) / 2, jx_test_views_row_center (tl, 0));
  {
    g_autoptr(JxTestImage) img = jx_test_render_widget (canvas);

    g_assert_cmpint (img->width, >, 0);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = jx_test_isolate_home ();
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

  ret = g_test_run ();
  jx_test_remove_tree (home);
  return ret;
}
