/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-timeline-canvas.c — the timeline canvas stays thin and cheap: a
 * tooltip reads the view of the frame on screen (it neither builds a view
 * nor samples rows), an offset drag slides the picture it has until the
 * drop, and its call-stack task goes with it; a lane's scrollbar shows and
 * hides with its rows' overflow, after the allocation. Skips without a
 * display (CI runs it under xvfb-run). */
#include "config.h"

#include <math.h>

#include <adwaita.h>

#include "jx-master-timeline.h"
#include "jx-palette.h"
#include "jx-session.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-test-widget.h"
#include "jx-timeline-canvas-private.h"
#include "jx-trace-builder.h"
#include "jx-trace-timeline-private.h"

#define MS G_GINT64_CONSTANT (1000000)
#define PARADIGM_USER 1
#define ROLE_FUNCTION 1
#define N_MANY_RANKS 256

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY() G_STMT_START { \
  if (!have_display) { g_test_skip ("no display"); return; } \
} G_STMT_END

/* Two ranks: main [0, 10 ms) { compute [1, 9 ms) }, clock in ns. */
static JxTrace *
make_trace (const char *name)
{
  g_autofree char *path = g_strdup_printf ("/nonexistent/%s/traces.otf2", name);
  JxTraceBuilder *builder = jx_trace_builder_new (path, name, 1000000000);
  guint32 r_main = jx_trace_builder_add_region (builder, "main", PARADIGM_USER, ROLE_FUNCTION);
  guint32 r_compute = jx_trace_builder_add_region (builder, "compute", PARADIGM_USER, ROLE_FUNCTION);

  for (guint p = 0; p < 2; p++)
    {
      g_autofree char *pname = g_strdup_printf ("Rank %u", p);
      guint32 process = jx_trace_builder_add_process (builder, pname, JX_NONE);
      guint32 s = jx_trace_builder_add_stream (builder, process, "Master thread", JX_STREAM_CPU_THREAD);

      jx_trace_builder_enter (builder, s, 0, r_main);
      jx_trace_builder_enter (builder, s, 1 * MS, r_compute);
      jx_trace_builder_leave (builder, s, 9 * MS, r_compute);
      jx_trace_builder_leave (builder, s, 10 * MS, r_main);
    }
  return jx_trace_builder_finish (builder);
}

typedef struct
{
  JxSession       *session;
  GtkWidget       *window;
  GtkWidget       *view;
  JxTraceTimeline *lanes[2];
  GtkWidget       *canvases[2];
  int              label_width;
  int              width;
} Fixture;

static void
fixture_init (Fixture *f)
{
  g_autoptr(JxTrace) a = make_trace ("A");
  g_autoptr(JxTrace) b = make_trace ("B");

  f->session = jx_session_new ();
  jx_session_add_trace (f->session, a);
  jx_session_add_trace (f->session, b);
  jx_test_set_view (f->session, 0, 10 * MS);
  f->view = jx_master_timeline_new (f->session);
  f->window = jx_test_present (f->view, 1000, 400);
  for (guint i = 0; i < 2; i++)
    {
      f->lanes[i] = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (f->view),
                                                           jx_test_item_at (f->session, i));
      f->canvases[i] = jx_trace_timeline_get_canvas (f->lanes[i]);
      jx_test_wait_allocated (f->canvases[i]);
    }
  f->label_width = jx_trace_timeline_get_label_width (f->lanes[0]);
  f->width = gtk_widget_get_width (f->canvases[0]);
}

static void
fixture_clear (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->session);
}

static guint
samplings (GtkWidget *canvas)
{
  return jx_timeline_renderer_get_n_samplings (_jx_timeline_canvas_get_renderer (JX_TIMELINE_CANVAS (canvas)));
}

static guint
view_builds (GtkWidget *canvas)
{
  return _jx_timeline_canvas_get_n_view_builds (JX_TIMELINE_CANVAS (canvas));
}

static int
row_center (JxTraceTimeline *lane)
{
  int y = 0, h = 0;

  g_assert_true (jx_trace_timeline_get_stream_span (lane, 0, &y, &h));
  return y + h / 2;
}

static guint32
compute_pixel (void)
{
  JxRgba rgba;

  jx_palette_function_color ("compute", FALSE, &rgba);
  return jx_palette_rgba_to_pixel (&rgba);
}

/* Tooltips over an invocation, a label, a header and empty space read the
 * frame on screen: the view is not built again and no row is sampled. A
 * change of what the view shows builds it once for the next frame. */
static void
test_tooltip_reads_frame (void)
{
  Fixture f = { 0 };
  g_autoptr(JxTestImage) img = NULL;
  guint builds, sampled;
  int y;

  SKIP_WITHOUT_DISPLAY ();

  fixture_init (&f);
  img = jx_test_render_widget (f.canvases[0]);
  builds = view_builds (f.canvases[0]);
  sampled = samplings (f.canvases[0]);
  g_assert_cmpuint (builds, >, 0);
  g_assert_cmpuint (sampled, >, 0);
  y = row_center (f.lanes[0]);

  for (guint k = 0; k < 3; k++)
    {
      g_autofree char *over_call = jx_trace_timeline_dup_tooltip_markup (f.lanes[0], f.label_width + 400, y);
      g_autofree char *over_label = jx_trace_timeline_dup_tooltip_markup (f.lanes[0], 5, y);
      g_autofree char *below = jx_trace_timeline_dup_tooltip_markup (f.lanes[0], f.label_width + 400, 390);
      g_autofree char *edge = jx_trace_timeline_dup_tooltip_markup (f.lanes[0], f.width - 1, 1);

      g_assert_nonnull (over_call);
      g_assert_nonnull (strstr (over_call, "compute"));
      g_assert_nonnull (strstr (over_call, "Start: 1 ms"));
      g_assert_nonnull (over_label);
      g_assert_nonnull (strstr (over_label, "Rank 0"));
      g_assert_null (below);
      (void) edge;
    }
  g_assert_cmpuint (view_builds (f.canvases[0]), ==, builds);
  g_assert_cmpuint (samplings (f.canvases[0]), ==, sampled);

  /* Hit tests read the same view. */
  {
    JxTimelineHit hit;

    g_assert_true (jx_timeline_canvas_hit (JX_TIMELINE_CANVAS (f.canvases[0]), f.label_width + 400, y, &hit));
    g_assert_true (hit.has_invocation);
    g_assert_cmpuint (view_builds (f.canvases[0]), ==, builds);
  }

  /* A selection changes the view: built once more, for hit tests and the
   * next frame alike; the rows are the cached ones (same window). */
  jx_trace_timeline_click (f.lanes[0], f.label_width + 400, y);
  {
    g_autofree char *tip = jx_trace_timeline_dup_tooltip_markup (f.lanes[0], f.label_width + 400, y);
    g_autoptr(JxTestImage) again = jx_test_render_widget (f.canvases[0]);

    g_assert_nonnull (tip);
  }
  g_assert_cmpuint (view_builds (f.canvases[0]), ==, builds + 1);
  g_assert_cmpuint (samplings (f.canvases[0]), ==, sampled);

  fixture_clear (&f);
}

/* While trace B follows the pointer its canvas slides the rows it has
 * (no sampling, compute where the drag puts it); the drop samples once.
 * Trace A is not redrawn for B's drag. */
static void
test_offset_drag_slides (void)
{
  Fixture f = { 0 };
  g_autoptr(JxTestImage) before = NULL;
  guint32 compute = compute_pixel ();
  guint sampled_a, sampled_b;
  int y, f0, l0, f1, l1;

  SKIP_WITHOUT_DISPLAY ();

  fixture_init (&f);
  y = row_center (f.lanes[1]);
  before = jx_test_render_widget (f.canvases[1]);
  {
    g_autoptr(JxTestImage) a = jx_test_render_widget (f.canvases[0]);
  }
  g_assert_true (jx_test_image_find_span (before, y, f.label_width, f.width, compute, &f0, &l0));
  sampled_a = samplings (f.canvases[0]);
  sampled_b = samplings (f.canvases[1]);

  jx_trace_timeline_drag_begin (f.lanes[1], JX_TIMELINE_DRAG_SHIFT, f.label_width + 300, y);
  for (int dx = 10; dx <= 50; dx += 20)
    {
      g_autoptr(JxTestImage) during = NULL;

      jx_trace_timeline_drag_update (f.lanes[1], dx, 0);
      during = jx_test_render_widget (f.canvases[1]);
      g_assert_true (jx_test_image_find_span (during, y, f.label_width, f.width, compute, &f1, &l1));
      g_assert_cmpint (ABS (f1 - f0 - dx), <=, 1);
      g_assert_cmpint (ABS (l1 - l0 - dx), <=, 1);
      g_assert_cmpuint (samplings (f.canvases[1]), ==, sampled_b);
    }
  jx_trace_timeline_drag_end (f.lanes[1], 50, 0);
  {
    g_autoptr(JxTestImage) dropped = jx_test_render_widget (f.canvases[1]);

    g_assert_true (jx_test_image_find_span (dropped, y, f.label_width, f.width, compute, &f1, &l1));
    g_assert_cmpint (ABS (f1 - f0 - 50), <=, 1);
    g_assert_cmpint (ABS (l1 - l0 - 50), <=, 1);
  }
  g_assert_cmpuint (samplings (f.canvases[1]), ==, sampled_b + 1);
  g_assert_cmpuint (samplings (f.canvases[0]), ==, sampled_a);
  g_assert_true (jx_session_can_undo (f.session));

  fixture_clear (&f);
}

/* The call-stack task is cancelled with its canvas: the widget goes at once
 * and nothing runs for it afterwards. */
static void
test_call_stack_task_goes (void)
{
  Fixture f = { 0 };
  gpointer canvas;

  SKIP_WITHOUT_DISPLAY ();

  fixture_init (&f);
  /* The summary is built off-thread: the task needs it. */
  jx_test_wait_for_loads (f.session);
  while (jx_session_trace_get_summary (jx_test_item_at (f.session, 0)) == NULL)
    g_main_context_iteration (NULL, TRUE);
  canvas = f.canvases[0];
  g_object_add_weak_pointer (G_OBJECT (canvas), &canvas);
  jx_timeline_canvas_set_call_stack_process (JX_TIMELINE_CANVAS (canvas), 0);
  jx_timeline_canvas_set_call_stack_process (JX_TIMELINE_CANVAS (canvas), 1);
  g_assert_cmpuint (jx_timeline_canvas_get_call_stack_process (JX_TIMELINE_CANVAS (canvas)), ==, 1);
  fixture_clear (&f);
  g_assert_true (jx_test_wait_until_null (&canvas, 20));
}

/* n_ranks ranks of two threads each: main [0, 10 ms) { compute } per stream. */
static JxTrace *
make_ranks_trace (guint n_ranks)
{
  JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/many/traces.otf2", "many", 1000000000);
  guint32 r_main = jx_trace_builder_add_region (builder, "main", PARADIGM_USER, ROLE_FUNCTION);
  guint32 r_compute = jx_trace_builder_add_region (builder, "compute", PARADIGM_USER, ROLE_FUNCTION);

  for (guint p = 0; p < n_ranks; p++)
    {
      g_autofree char *pname = g_strdup_printf ("Rank %u", p);
      guint32 process = jx_trace_builder_add_process (builder, pname, JX_NONE);

      for (guint t = 0; t < 2; t++)
        {
          guint32 s = jx_trace_builder_add_stream (builder, process, t == 0 ? "Master thread" : "Thread 1",
                                                   JX_STREAM_CPU_THREAD);

          jx_trace_builder_enter (builder, s, 0, r_main);
          jx_trace_builder_enter (builder, s, (1 + p % 3) * MS, r_compute);
          jx_trace_builder_leave (builder, s, 9 * MS, r_compute);
          jx_trace_builder_leave (builder, s, 10 * MS, r_main);
        }
    }
  return jx_trace_builder_finish (builder);
}

/* A copy of the canvas's rows (the canvas lays out again on every change). */
static GArray *
copy_rows (GtkWidget *canvas)
{
  guint n = 0;
  const JxTimelineRow *rows = jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (canvas), &n);
  GArray *copy = g_array_sized_new (FALSE, FALSE, sizeof (JxTimelineRow), n);

  g_array_append_vals (copy, rows, n);
  return copy;
}

static gboolean
same_rows (GArray *a,
           GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const JxTimelineRow *x = &g_array_index (a, JxTimelineRow, i);
      const JxTimelineRow *y = &g_array_index (b, JxTimelineRow, i);

      if (x->kind != y->kind || x->process != y->process || x->stream != y->stream || x->depth != y->depth ||
          x->collapsed != y->collapsed || x->y != y->y || x->height != y->height)
        return FALSE;
    }
  return TRUE;
}

/* Lets the lanes share the height again after a change of the rows. */
static void
settle (GtkWidget *canvas)
{
  jx_test_spin (100);
  jx_test_wait_allocated (canvas);
}

/* A picture of `widget` for a person to look at (JX_TEST_SAVE_ROWS…). */
static void
save_png (GtkWidget  *widget,
          const char *path)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);

  jx_test_spin (200);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_save_to_png (texture, path);
}

/* Stream and header rows of `process` are at least `min` px (readable), those
 * of every other process at most `max` px, and all rows fit the canvas. */
static void
assert_readable_process (GtkWidget *canvas,
                         guint32    process,
                         int        min,
                         int        max)
{
  guint n = 0, n_readable = 0;
  const JxTimelineRow *rows = jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (canvas), &n);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      if (rows[i].kind != JX_TIMELINE_ROW_STREAM && rows[i].kind != JX_TIMELINE_ROW_PROCESS)
        continue;
      if (rows[i].process == process)
        {
          g_assert_cmpint (rows[i].height, >=, min);
          n_readable++;
        }
      else
        g_assert_cmpint (rows[i].height, <=, max);
    }
  g_assert_cmpuint (n_readable, ==, process != JX_NONE ? 3 : 0);
  g_assert_cmpint (rows[n - 1].y + rows[n - 1].height, <=, gtk_widget_get_height (canvas));
}

/* Many ranks in a short lane: rows compress to a few px; the process the
 * user expands gets readable rows (header and streams at full height) while
 * the others stay compressed; collapsing it again, or Expand All, gives the
 * compressed layout back. */
static void
test_expanded_process_readable (void)
{
  g_autoptr(JxTrace) trace = make_ranks_trace (N_MANY_RANKS);
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(GArray) compressed = NULL;
  g_autoptr(GArray) collapsed = NULL;
  g_autoptr(GArray) again = NULL;
  GtkWidget *view, *window, *canvas;
  JxTimelineCanvas *c;
  JxTraceTimeline *lane;
  guint32 focus = 100;

  SKIP_WITHOUT_DISPLAY ();

  jx_session_add_trace (session, trace);
  jx_test_set_view (session, 0, 10 * MS);
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 1000);
  lane = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (view), jx_test_item_at (session, 0));
  canvas = jx_trace_timeline_get_canvas (lane);
  c = JX_TIMELINE_CANVAS (canvas);
  settle (canvas);
  /* 256 headers and 512 streams in a lane of under 2 px per row. */
  g_assert_cmpint (gtk_widget_get_height (canvas), <, 768 * 2);
  assert_readable_process (canvas, JX_NONE, 0, 3);
  compressed = copy_rows (canvas);

  /* Its expander: collapsed, then expanded by the user. */
  jx_timeline_canvas_set_process_collapsed (c, focus, TRUE);
  settle (canvas);
  collapsed = copy_rows (canvas);
  jx_timeline_canvas_set_process_collapsed (c, focus, FALSE);
  settle (canvas);
  assert_readable_process (canvas, focus, JX_TIMELINE_ROW_HEIGHT, 3);
  {
    gboolean overflowing = TRUE;

    g_object_get (c, "overflowing", &overflowing, NULL);
    g_assert_false (overflowing);
  }
  if (g_getenv ("JX_TEST_SAVE_ROWS") != NULL)
    save_png (view, g_getenv ("JX_TEST_SAVE_ROWS"));

  /* Collapsed again: the compressed layout with that process collapsed. */
  jx_timeline_canvas_set_process_collapsed (c, focus, TRUE);
  settle (canvas);
  again = copy_rows (canvas);
  g_assert_true (same_rows (collapsed, again));
  g_clear_pointer (&again, g_array_unref);

  /* Expanded again, then Expand All: every row compressed as at first. */
  jx_timeline_canvas_set_process_collapsed (c, focus, FALSE);
  settle (canvas);
  assert_readable_process (canvas, focus, JX_TIMELINE_ROW_HEIGHT, 3);
  _jx_timeline_canvas_collapse_all (c, FALSE);
  settle (canvas);
  again = copy_rows (canvas);
  g_assert_true (same_rows (compressed, again));
  g_clear_pointer (&again, g_array_unref);

  /* The menu's Expand Process on an expanded process of a squeezed lane:
   * readable in one step; Collapse Process collapses it. */
  _jx_trace_timeline_set_menu_process (lane, focus);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (lane->actions), "expand-process"));
  g_action_group_activate_action (G_ACTION_GROUP (lane->actions), "expand-process", NULL);
  settle (canvas);
  assert_readable_process (canvas, focus, JX_TIMELINE_ROW_HEIGHT, 3);
  g_assert_false (jx_timeline_canvas_get_process_collapsed (c, focus));
  _jx_trace_timeline_set_menu_process (lane, focus);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (lane->actions), "expand-process"));
  g_action_group_activate_action (G_ACTION_GROUP (lane->actions), "fold-process", NULL);
  settle (canvas);
  again = copy_rows (canvas);
  g_assert_true (same_rows (collapsed, again));
  g_clear_pointer (&again, g_array_unref);
  _jx_timeline_canvas_collapse_all (c, FALSE);
  settle (canvas);

  /* The call-stack process is readable too (its depth rows with it). */
  jx_timeline_canvas_set_call_stack_process (c, focus);
  settle (canvas);
  {
    guint n = 0;
    const JxTimelineRow *rows = jx_timeline_canvas_get_rows (c, &n);
    guint n_depth = 0;

    for (guint i = 0; i < n; i++)
      if (rows[i].process == focus && rows[i].kind == JX_TIMELINE_ROW_DEPTH)
        {
          g_assert_cmpint (rows[i].height, >=, JX_TIMELINE_ROW_HEIGHT);
          n_depth++;
        }
      else if (rows[i].process != focus && rows[i].kind == JX_TIMELINE_ROW_STREAM)
        g_assert_cmpint (rows[i].height, <=, 3);
    g_assert_cmpuint (n_depth, ==, 4);
  }
  jx_timeline_canvas_set_call_stack_process (c, JX_NONE);
  settle (canvas);
  again = copy_rows (canvas);
  g_assert_true (same_rows (compressed, again));
  g_clear_pointer (&again, g_array_unref);

  /* Readable Rows (the trace menu): every row at full height, the lane
   * scrolls; off again, the compressed rows come back. */
  g_action_group_change_action_state (G_ACTION_GROUP (lane->actions), "readable-rows", g_variant_new_boolean (TRUE));
  settle (canvas);
  {
    guint n = 0;
    const JxTimelineRow *rows = jx_timeline_canvas_get_rows (c, &n);
    gboolean overflowing = FALSE;

    g_assert_cmpuint (n, ==, compressed->len);
    for (guint i = 0; i < n; i++)
      if (rows[i].kind == JX_TIMELINE_ROW_STREAM || rows[i].kind == JX_TIMELINE_ROW_PROCESS)
        g_assert_cmpint (rows[i].height, >=, JX_TIMELINE_ROW_HEIGHT);
    g_object_get (c, "overflowing", &overflowing, NULL);
    g_assert_true (overflowing);
    g_assert_false (jx_timeline_canvas_get_compressed (c));
  }
  if (g_getenv ("JX_TEST_SAVE_ROWS_FULL") != NULL)
    save_png (view, g_getenv ("JX_TEST_SAVE_ROWS_FULL"));
  g_action_group_change_action_state (G_ACTION_GROUP (lane->actions), "readable-rows", g_variant_new_boolean (FALSE));
  settle (canvas);
  again = copy_rows (canvas);
  g_assert_true (same_rows (compressed, again));

  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  JxTraceTimeline *lanes[2];
  gboolean         visible;
} ScrollbarsWanted;

/* Whether a frame is being laid out (from its update phase to its end), and
 * how often a scrollbar was shown or hidden. */
typedef struct
{
  gboolean in_frame;
  guint    changes;
} FrameWatch;

static void
on_frame_update (GdkFrameClock *clock,
                 FrameWatch    *watch)
{
  watch->in_frame = TRUE;
}

static void
on_frame_after_paint (GdkFrameClock *clock,
                      FrameWatch    *watch)
{
  watch->in_frame = FALSE;
}

/* Never while the frame allocates its widgets. */
static void
on_scrollbar_visible (GtkWidget  *scrollbar,
                      GParamSpec *pspec,
                      FrameWatch *watch)
{
  g_assert_false (watch->in_frame);
  watch->changes++;
}

/* Both lanes' scrollbars shown (or hidden), and each as its canvas says. */
static gboolean
scrollbars_are (gpointer data)
{
  ScrollbarsWanted *wanted = data;

  for (guint i = 0; i < G_N_ELEMENTS (wanted->lanes); i++)
    {
      gboolean overflowing = !wanted->visible;

      g_object_get (jx_trace_timeline_get_canvas (wanted->lanes[i]), "overflowing", &overflowing, NULL);
      if (overflowing != wanted->visible || gtk_widget_get_visible (wanted->lanes[i]->scrollbar) != wanted->visible)
        return FALSE;
    }
  return TRUE;
}

/* A lane's scrollbar follows whether its rows overflow it, in an idle
 * after the canvas's allocation, never within a frame's layout (GTK warns
 * about a widget shown while allocating): two lanes of full-height rows in
 * a short window overflow, and their scrollbars show once the window is
 * laid out; the window made tall enough for all rows, they hide again. */
static void
test_scrollbar_follows_overflow (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  ScrollbarsWanted wanted = { { NULL, NULL }, TRUE };
  FrameWatch watch = { FALSE, 0 };
  GdkFrameClock *clock;
  GtkWidget *view, *window;
  int rows_height = 0;

  SKIP_WITHOUT_DISPLAY ();

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(JxTrace) trace = make_ranks_trace (4);

      jx_session_add_trace (session, trace);
    }
  jx_test_set_view (session, 0, 10 * MS);
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 300);
  for (guint i = 0; i < 2; i++)
    {
      wanted.lanes[i] = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (view), jx_test_item_at (session, i));
      /* Every row at full height: the lane scrolls rather than squeezing them. */
      g_action_group_change_action_state (G_ACTION_GROUP (wanted.lanes[i]->actions), "readable-rows",
                                          g_variant_new_boolean (TRUE));
    }
  clock = gtk_widget_get_frame_clock (window);
  g_assert_nonnull (clock);
  g_signal_connect (clock, "update", G_CALLBACK (on_frame_update), &watch);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_frame_after_paint), &watch);
  for (guint i = 0; i < 2; i++)
    g_signal_connect (wanted.lanes[i]->scrollbar, "notify::visible", G_CALLBACK (on_scrollbar_visible), &watch);
  jx_test_wait_allocated (view);
  g_assert_true (jx_test_wait_until (scrollbars_are, &wanted, 10));
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *canvas = jx_trace_timeline_get_canvas (wanted.lanes[i]);
      guint n = 0;
      const JxTimelineRow *rows = jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (canvas), &n);

      g_assert_cmpuint (n, >, 0);
      rows_height = MAX (rows_height, rows[n - 1].y + rows[n - 1].height);
      g_test_message ("lane %u: %d px for %d px of rows", i, gtk_widget_get_height (canvas), rows_height);
      g_assert_cmpint (gtk_widget_get_height (canvas), <, rows_height);
      g_assert_true (gtk_widget_get_mapped (wanted.lanes[i]->scrollbar));
    }

  /* Tall enough for every row of both lanes: the scrollbars go. */
  wanted.visible = FALSE;
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 1000);
  g_assert_true (jx_test_wait_until (scrollbars_are, &wanted, 10));
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *canvas = jx_trace_timeline_get_canvas (wanted.lanes[i]);

      g_test_message ("lane %u: %d px", i, gtk_widget_get_height (canvas));
      g_assert_cmpint (gtk_widget_get_height (canvas), >=, rows_height);
    }

  /* Short again: they come back. */
  wanted.visible = TRUE;
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 300);
  g_assert_true (jx_test_wait_until (scrollbars_are, &wanted, 10));

  g_signal_handlers_disconnect_by_data (clock, &watch);
  for (guint i = 0; i < 2; i++)
    g_signal_handlers_disconnect_by_data (wanted.lanes[i]->scrollbar, &watch);
  g_assert_cmpuint (watch.changes, >=, 6);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  have_display = jx_test_widget_init (&argc, &argv);

  g_test_add_func ("/timeline-canvas/tooltip-reads-frame", test_tooltip_reads_frame);
  g_test_add_func ("/timeline-canvas/scrollbar-follows-overflow", test_scrollbar_follows_overflow);
  g_test_add_func ("/timeline-canvas/offset-drag-slides", test_offset_drag_slides);
  g_test_add_func ("/timeline-canvas/call-stack-task-goes", test_call_stack_task_goes);
  g_test_add_func ("/timeline-canvas/expanded-process-readable", test_expanded_process_readable);
  return g_test_run ();
}
