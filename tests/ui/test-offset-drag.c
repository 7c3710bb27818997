/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-offset-drag.c — one controller for every drag that shifts a trace
 * (jx-offset-drag.h): its threshold, live offset, single undo step and
 * cancel, alone and driven from the timeline and the navigation strips; and
 * the navigation strips do not jump when such a drag ends. The widget cases
 * skip without a display (CI runs them under xvfb-run). */
#include "config.h"

#include <math.h>

#include <adwaita.h>

#include "jx-master-timeline.h"
#include "jx-nav-toolbar-private.h"
#include "jx-offset-drag.h"
#include "jx-session.h"
#include "jx-test-session.h"
#include "jx-test-widget.h"
#include "jx-trace-builder.h"
#include "jx-trace-timeline-private.h"

#define MS G_GINT64_CONSTANT (1000000)
#define PARADIGM_USER 1
#define ROLE_FUNCTION 1

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY() G_STMT_START { \
  if (!have_display) { g_test_skip ("no display"); return; } \
} G_STMT_END

/* One rank: main [0, 10 ms) { compute [1, 9 ms) }, clock in ns. */
static JxTrace *
make_trace (const char *name)
{
  g_autofree char *path = g_strdup_printf ("/nonexistent/%s/traces.otf2", name);
  JxTraceBuilder *builder = jx_trace_builder_new (path, name, 1000000000);
  guint32 r_main = jx_trace_builder_add_region (builder, "main", PARADIGM_USER, ROLE_FUNCTION);
  guint32 r_compute = jx_trace_builder_add_region (builder, "compute", PARADIGM_USER, ROLE_FUNCTION);
  guint32 process = jx_trace_builder_add_process (builder, "Rank 0", JX_NONE);
  guint32 s = jx_trace_builder_add_stream (builder, process, "Master thread", JX_STREAM_CPU_THREAD);

  jx_trace_builder_enter (builder, s, 0, r_main);
  jx_trace_builder_enter (builder, s, 1 * MS, r_compute);
  jx_trace_builder_leave (builder, s, 9 * MS, r_compute);
  jx_trace_builder_leave (builder, s, 10 * MS, r_main);
  return jx_trace_builder_finish (builder);
}

static JxSession *
make_session (void)
{
  JxSession *session = jx_session_new ();
  g_autoptr(JxTrace) a = make_trace ("A");
  g_autoptr(JxTrace) b = make_trace ("B");

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

/* Undoes everything; returns how many steps there were. */
static guint
undo_all (JxSession *session)
{
  guint n = 0;

  while (jx_session_can_undo (session))
    {
      jx_session_undo (session);
      n++;
    }
  return n;
}

static void
count_notify (guint *count)
{
  (*count)++;
}

/* The controller alone: under the threshold nothing changes, past it the
 * offset follows the pointer from where the drag began, the drop is one
 * undo step, cancel puts the trace back without a step, and a drag that a
 * newer one dropped ignores its calls. */
static void
test_controller (void)
{
  g_autoptr(JxSession) session = make_session ();
  JxSessionTrace *a = jx_test_item_at (session, 0);
  JxSessionTrace *b = jx_test_item_at (session, 1);
  JxOffsetDrag *drag = jx_offset_drag_get_for_session (session);
  guint notified = 0;
  guint id, older;

  g_assert_true (jx_offset_drag_get_for_session (session) == drag);
  g_signal_connect_swapped (drag, "notify::item", G_CALLBACK (count_notify), &notified);

  /* Under the threshold (4 px along either axis): nothing. */
  id = jx_offset_drag_begin (drag, b, 1000.0);
  g_assert_cmpuint (id, !=, 0);
  g_assert_true (jx_offset_drag_is_active (drag));
  g_assert_false (jx_offset_drag_update (drag, id, 2, 1));
  g_assert_false (jx_offset_drag_update (drag, id, 3.9, -3.9));
  g_assert_null (jx_offset_drag_get_item (drag));
  jx_offset_drag_end (drag, id);
  g_assert_false (jx_offset_drag_is_active (drag));
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 0);
  g_assert_false (jx_session_can_undo (session));
  g_assert_cmpuint (notified, ==, 0);

  /* Past it: live offsets from the start, one step at the drop. */
  id = jx_offset_drag_begin (drag, b, 1000.0);
  g_assert_true (jx_offset_drag_update (drag, id, 0, 4));
  g_assert_true (jx_offset_drag_get_item (drag) == b);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 0);
  g_assert_true (jx_offset_drag_update (drag, id, 10, 0));
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 10000);
  /* Back under the threshold it still moves: the drag has begun. */
  g_assert_true (jx_offset_drag_update (drag, id, 1.4, 0));
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 1400);
  g_assert_true (jx_offset_drag_update (drag, id, -30.25, 2));
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, -30250);
  g_assert_cmpint (jx_offset_drag_get_offset (drag), ==, -30250);
  g_assert_false (jx_session_can_undo (session));   /* nothing until the drop */
  jx_offset_drag_end (drag, id);
  g_assert_null (jx_offset_drag_get_item (drag));
  g_assert_cmpuint (notified, ==, 2);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, -30250);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 0);
  g_assert_cmpuint (undo_all (session), ==, 1);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 0);
  jx_session_redo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, -30250);

  /* Cancel: back to where it began, no step. */
  id = jx_offset_drag_begin (drag, b, 1000.0);
  g_assert_true (jx_offset_drag_update (drag, id, 50, 0));
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 19750);
  jx_offset_drag_cancel (drag, id);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, -30250);
  g_assert_null (jx_offset_drag_get_item (drag));
  g_assert_cmpuint (undo_all (session), ==, 1);   /* only the first drag */

  /* A drag that comes back to where it began leaves no step either. */
  id = jx_offset_drag_begin (drag, b, 1000.0);
  g_assert_true (jx_offset_drag_update (drag, id, 20, 0));
  g_assert_true (jx_offset_drag_update (drag, id, 0, 0));
  jx_offset_drag_end (drag, id);
  g_assert_false (jx_session_can_undo (session));

  /* A second drag drops the first (its step is kept); the first's id is
   * stale from then on. */
  older = jx_offset_drag_begin (drag, b, 1000.0);
  g_assert_true (jx_offset_drag_update (drag, older, 5, 0));
  id = jx_offset_drag_begin (drag, a, 2000.0);
  g_assert_cmpuint (id, !=, older);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 5000);
  g_assert_false (jx_offset_drag_update (drag, older, 100, 0));
  jx_offset_drag_cancel (drag, older);
  jx_offset_drag_end (drag, older);
  g_assert_true (jx_offset_drag_is_active (drag));
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 5000);
  g_assert_true (jx_offset_drag_update (drag, id, -5, 0));
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, -10000);
  jx_offset_drag_end (drag, id);
  g_assert_cmpuint (undo_all (session), ==, 2);
  g_assert_cmpint (jx_session_trace_get_offset (a), ==, 0);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 0);
}

/* A trace removed in the middle of its drag: the drag's calls do nothing. */
static void
test_controller_remove (void)
{
  g_autoptr(JxSession) session = make_session ();
  g_autoptr(JxSessionTrace) b = g_object_ref (jx_test_item_at (session, 1));
  JxOffsetDrag *drag = jx_offset_drag_get_for_session (session);
  guint id = jx_offset_drag_begin (drag, b, 1000.0);

  g_assert_true (jx_offset_drag_update (drag, id, 10, 0));
  jx_session_remove (session, b);
  jx_offset_drag_update (drag, id, 20, 0);
  jx_offset_drag_end (drag, id);
  g_assert_false (jx_offset_drag_is_active (drag));
  g_assert_null (jx_offset_drag_get_item (drag));
  g_assert_cmpint (jx_session_trace_get_offset (jx_test_item_at (session, 0)), ==, 0);
}

/* An undo in the middle of a drag (Ctrl+Z while the button is down) undoes
 * the last step and ends the session's drag; the rest of the drag is still
 * one step, not one per move. */
static void
test_controller_undo_midway (void)
{
  g_autoptr(JxSession) session = make_session ();
  JxSessionTrace *b = jx_test_item_at (session, 1);
  JxOffsetDrag *drag = jx_offset_drag_get_for_session (session);
  guint id;

  jx_session_set_offset (session, b, 5000);
  id = jx_offset_drag_begin (drag, b, 1000.0);
  g_assert_true (jx_offset_drag_update (drag, id, 10, 0));
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 15000);
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 0);
  g_assert_true (jx_offset_drag_update (drag, id, 20, 0));
  g_assert_true (jx_offset_drag_update (drag, id, 30, 0));
  g_assert_true (jx_offset_drag_update (drag, id, 40, 0));
  jx_offset_drag_end (drag, id);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 45000);
  g_assert_cmpuint (undo_all (session), ==, 1);
  g_assert_cmpint (jx_session_trace_get_offset (b), ==, 0);
}

/* From the timeline (Alt-drag, shift mode): one step, nothing under the
 * threshold, cancel restores. */
static void
test_timeline (void)
{
  g_autoptr(JxSession) session = NULL;
  GtkWidget *view, *window, *canvas;
  JxTraceTimeline *tb;
  double ns_per_px;
  int lw;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 400);
  tb = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (view), jx_test_item_at (session, 1));
  canvas = jx_trace_timeline_get_canvas (tb);
  jx_test_wait_allocated (canvas);
  lw = jx_trace_timeline_get_label_width (tb);
  ns_per_px = (double) (10 * MS) / (gtk_widget_get_width (canvas) - lw);

  /* Under the threshold: a click, the offset stays. */
  jx_trace_timeline_drag_begin (tb, JX_TIMELINE_DRAG_SHIFT, lw + 300, 5);
  jx_trace_timeline_drag_update (tb, 3, 2);
  jx_trace_timeline_drag_end (tb, 3, 2);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  /* A drag: live, then one step. */
  jx_trace_timeline_drag_begin (tb, JX_TIMELINE_DRAG_SHIFT, lw + 300, 5);
  jx_trace_timeline_drag_update (tb, 10, 0);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, (gint64) llround (10 * ns_per_px));
  jx_trace_timeline_drag_update (tb, 37, 0);
  jx_trace_timeline_drag_end (tb, 50, 0);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, (gint64) llround (50 * ns_per_px));
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 0);
  g_assert_cmpuint (undo_all (session), ==, 1);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);

  /* Cancelled (a grab broke, the widget goes): back, no step. */
  jx_trace_timeline_drag_begin (tb, JX_TIMELINE_DRAG_SHIFT, lw + 300, 5);
  jx_trace_timeline_drag_update (tb, 40, 0);
  g_assert_cmpint (jx_test_offset_of (session, 1), !=, 0);
  _jx_trace_timeline_cancel_drag (tb);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);
  g_assert_false (jx_session_can_undo (session));
  g_assert_false (jx_offset_drag_is_active (jx_offset_drag_get_for_session (session)));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* From the navigation strips: the same controller, the same rules. */
static void
test_nav_toolbar (void)
{
  g_autoptr(JxSession) session = NULL;
  JxNavToolbar *nav;
  GtkWidget *window;
  double x0, ns_per_px;
  int y, h;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  nav = JX_NAV_TOOLBAR (jx_nav_toolbar_new (session));
  window = jx_test_present (GTK_WIDGET (nav), 1000, 120);
  jx_test_wait_allocated (GTK_WIDGET (nav));
  g_assert_true (jx_nav_toolbar_get_strip_span (nav, jx_test_item_at (session, 1), &y, &h));
  x0 = jx_nav_toolbar_ns_to_x (nav, 5 * MS);
  ns_per_px = (double) (10 * MS) / (jx_nav_toolbar_ns_to_x (nav, 10 * MS) - jx_nav_toolbar_ns_to_x (nav, 0));

  jx_nav_toolbar_drag_begin (nav, JX_NAV_DRAG_TRACE, x0, y + h / 2);
  jx_nav_toolbar_drag_update (nav, -3, 3);
  jx_nav_toolbar_drag_end (nav, -3, 3);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  jx_nav_toolbar_drag_begin (nav, JX_NAV_DRAG_TRACE, x0, y + h / 2);
  jx_nav_toolbar_drag_update (nav, 20, 0);
  jx_nav_toolbar_drag_update (nav, 45, 1);
  jx_nav_toolbar_drag_end (nav, 60, 0);
  g_assert_cmpint (ABS (jx_test_offset_of (session, 1) - (gint64) llround (60 * ns_per_px)), <=, 1);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 0);
  g_assert_cmpuint (undo_all (session), ==, 1);

  jx_nav_toolbar_drag_begin (nav, JX_NAV_DRAG_TRACE, x0, y + h / 2);
  jx_nav_toolbar_drag_update (nav, -40, 0);
  g_assert_cmpint (jx_test_offset_of (session, 1), <, 0);
  jx_nav_toolbar_drag_cancel (nav);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);
  g_assert_false (jx_session_can_undo (session));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 19: after dragging the lower strip the other one jumped on release
 * (the range, frozen during the drag, was fitted to the new extent at
 * once). Now nothing moves at the release; the strips then glide to the
 * range that fits. */
static void
test_nav_no_jump (void)
{
  g_autoptr(JxSession) session = NULL;
  JxNavToolbar *nav;
  GtkWidget *window;
  double x0, a0, a1, before0, before1;
  int y, h;
  gint64 deadline;

  SKIP_WITHOUT_DISPLAY ();

  session = make_session ();
  nav = JX_NAV_TOOLBAR (jx_nav_toolbar_new (session));
  window = jx_test_present (GTK_WIDGET (nav), 1000, 120);
  jx_test_wait_allocated (GTK_WIDGET (nav));
  g_assert_true (jx_nav_toolbar_get_strip_span (nav, jx_test_item_at (session, 1), &y, &h));
  x0 = jx_nav_toolbar_ns_to_x (nav, 5 * MS);
  a0 = jx_nav_toolbar_ns_to_x (nav, 0);
  a1 = jx_nav_toolbar_ns_to_x (nav, 10 * MS);

  /* The lower strip (B) far to the right, past A's end. */
  jx_nav_toolbar_drag_begin (nav, JX_NAV_DRAG_TRACE, x0, y + h / 2);
  jx_nav_toolbar_drag_update (nav, 150, 0);
  before0 = jx_nav_toolbar_ns_to_x (nav, 0);
  before1 = jx_nav_toolbar_ns_to_x (nav, 10 * MS);
  g_assert_cmpfloat (before0, ==, a0);   /* frozen during the drag */
  g_assert_cmpfloat (before1, ==, a1);
  jx_nav_toolbar_drag_end (nav, 150, 0);
  g_assert_cmpint (jx_test_offset_of (session, 1), >, 10 * MS / 10);
  /* At the release A's strip is where it was. */
  g_assert_cmpfloat (fabs (jx_nav_toolbar_ns_to_x (nav, 0) - before0), <, 0.5);
  g_assert_cmpfloat (fabs (jx_nav_toolbar_ns_to_x (nav, 10 * MS) - before1), <, 0.5);

  /* Then it glides until B's end fits again. */
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < deadline)
    {
      double end_x = jx_nav_toolbar_ns_to_x (nav, jx_test_offset_of (session, 1) + 10 * MS);

      if (end_x <= gtk_widget_get_width (GTK_WIDGET (nav)) - 4 + 0.5)
        break;
      g_main_context_iteration (NULL, TRUE);
    }
  wait_ms (300);
  g_assert_cmpfloat (jx_nav_toolbar_ns_to_x (nav, jx_test_offset_of (session, 1) + 10 * MS), <=,
                     gtk_widget_get_width (GTK_WIDGET (nav)) - 4 + 0.5);
  g_assert_cmpfloat (jx_nav_toolbar_ns_to_x (nav, 10 * MS) - jx_nav_toolbar_ns_to_x (nav, 0), <, a1 - a0 - 10);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  have_display = jx_test_widget_init (&argc, &argv);

  g_test_add_func ("/offset-drag/controller", test_controller);
  g_test_add_func ("/offset-drag/controller-remove", test_controller_remove);
  g_test_add_func ("/offset-drag/controller-undo-midway", test_controller_undo_midway);
  g_test_add_func ("/offset-drag/timeline", test_timeline);
  g_test_add_func ("/offset-drag/nav-toolbar", test_nav_toolbar);
  g_test_add_func ("/offset-drag/nav-no-jump", test_nav_no_jump);
  return g_test_run ();
}
