/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Marker flags (jx-marker-flags.h) on a timeline: where and in which colour
 * they are drawn, the highlighted and unsaved states, and their hit test. */
#include "config.h"

#include "jx-marker-flags.h"
#include "jx-palette.h"
#include "jx-timeline-renderer.h"
#include "jx-trace-builder.h"

#define WIDTH  400
#define HEIGHT 60

static guint32
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  cairo_surface_flush (surface);
  return ((guint32 *) (gpointer) (cairo_image_surface_get_data (surface) +
                                  y * cairo_image_surface_get_stride (surface)))[x] & 0xffffffu;
}

static guint32
color_pixel (guint8   severity,
             gboolean dark)
{
  JxRgba c;

  jx_palette_marker_color (severity, dark, &c);
  return jx_palette_rgba_to_pixel (&c) & 0xffffffu;
}

static gboolean
close_to (guint32 a,
          guint32 b)
{
  for (int shift = 0; shift < 24; shift += 8)
    if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > 3)
      return FALSE;
  return TRUE;
}

/* A trace of one stream from tick 0 to 1000, drawn over [0, 1000) into
 * 400 px (no label column): 2.5 ticks per pixel. */
static cairo_surface_t *
draw (JxTimelineMarker *marks,
      guint             n,
      gboolean          dark)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/nonexistent/t.otf2", "t", 1000000000);
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxTimelineRenderer) renderer = NULL;
  g_autoptr(GArray) rows = NULL;
  JxTimelineLayoutParams params;
  JxTimelineView view;
  cairo_surface_t *surface;
  cairo_t *cr;

  jx_trace_builder_add_process (b, "P", JX_NONE);
  jx_trace_builder_add_stream (b, 0, "T", JX_STREAM_CPU_THREAD);
  jx_trace_builder_add_region (b, "idle_wait", 0, 0);
  jx_trace_builder_enter (b, 0, 0, 0);
  jx_trace_builder_leave (b, 0, 1000, 0);
  trace = jx_trace_builder_finish (b);
  renderer = jx_timeline_renderer_new (trace);
  jx_timeline_layout_params_init (&params);
  params.row_height = 40;
  rows = jx_timeline_layout_new (trace, &params, NULL);

  jx_timeline_view_init (&view);
  view.start = 0;
  view.end = 1000;
  view.width = WIDTH;
  view.height = HEIGHT;
  view.rows = (const JxTimelineRow *) (gpointer) rows->data;
  view.n_rows = rows->len;
  view.dark = dark;
  view.background = (JxRgba) { 1, 1, 1, 1 };
  view.markers = marks;
  view.n_markers = n;
  view.show_messages = FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cr = cairo_create (surface);
  jx_timeline_renderer_draw (renderer, cr, &view);
  cairo_destroy (cr);
  return surface;
}

static void
test_flags (void)
{
  /* At ticks 250 (x 100), 500 (x 200, highlighted), 750 (x 300, unsaved). */
  JxTimelineMarker marks[] = {
    { 250, 250, 3, 0 },
    { 500, 600, 1, JX_MARKER_FLAG_HIGHLIGHTED },
    { 750, 750, 0, JX_MARKER_FLAG_UNSAVED },
  };

  for (int dark = 0; dark < 2; dark++)
    {
      cairo_surface_t *s = draw (marks, G_N_ELEMENTS (marks), dark);

      /* The pennant right of the pole, in the severity's colour. */
      g_assert_true (close_to (pixel (s, 103, 4), color_pixel (3, dark)));
      g_assert_true (close_to (pixel (s, 204, 5), color_pixel (1, dark)));
      /* The highlighted flag is larger: still coloured further right. */
      g_assert_true (close_to (pixel (s, 208, 2), color_pixel (1, dark)));
      g_assert_false (close_to (pixel (s, 110, 2), color_pixel (3, dark)));
      /* Its duration (to tick 600, x 240) is a band along the top. */
      g_assert_false (close_to (pixel (s, 230, 1), pixel (s, 230, 20)));
      g_assert_true (close_to (pixel (s, 250, 1), pixel (s, 250, 20)));
      /* The unsaved one is hollow. */
      g_assert_false (close_to (pixel (s, 303, 4), color_pixel (0, dark)));
      /* The highlighted pole is solid down the row. */
      g_assert_true (close_to (pixel (s, 200, 40), color_pixel (1, dark)));
      cairo_surface_destroy (s);
    }

  /* The trace's own markers when the view gives none: there are none. */
  {
    cairo_surface_t *s = draw (NULL, 0, FALSE);

    g_assert_false (close_to (pixel (s, 103, 4), color_pixel (3, FALSE)));
    cairo_surface_destroy (s);
  }
}

static void
test_hit (void)
{
  JxMarkerFlag flags[] = {
    { 100, 100, 0, 0 },
    { 106, 106, 0, 0 },
    { 300, 340, 2, JX_MARKER_FLAG_HIGHLIGHTED },
  };

  g_assert_cmpint (jx_marker_flags_hit (flags, 3, 103, 4), ==, 0);
  g_assert_cmpint (jx_marker_flags_hit (flags, 3, 110, 4), ==, 1);
  g_assert_cmpint (jx_marker_flags_hit (flags, 3, 305, 6), ==, 2);
  /* Below the pennants, or between flags, nothing. */
  g_assert_cmpint (jx_marker_flags_hit (flags, 3, 103, 30), ==, -1);
  g_assert_cmpint (jx_marker_flags_hit (flags, 3, 200, 4), ==, -1);
  g_assert_cmpint (jx_marker_flags_hit (flags, 0, 103, 4), ==, -1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/markers/flags", test_flags);
  g_test_add_func ("/render/markers/hit", test_hit);
  return g_test_run ();
}
