/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <cairo.h>

#include "jx-function-bars.h"
#include "jx-nav-strip.h"
#include "jx-palette.h"
#include "jx-trace-builder.h"

#define PARADIGM_USER 1
#define PARADIGM_MPI 4
#define ROLE_FUNCTION 1

/* One stream, ns ticks starting at 1000: main [1000, 11000) with
 * compute [3000, 7000) and MPI_Send [7000, 8000) inside. A second stream
 * runs compute [1000, 3000). Exclusive: main 5000, compute 6000, MPI 1000. */
static JxTrace *
small_trace (const char *compute_name)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/small/traces.otf2", "small", 1000000000);
  guint32 main_r, compute, send, node, s0, s1;

  main_r = jx_trace_builder_add_region (b, "main", PARADIGM_USER, ROLE_FUNCTION);
  compute = jx_trace_builder_add_region (b, compute_name, PARADIGM_USER, ROLE_FUNCTION);
  send = jx_trace_builder_add_region (b, "MPI_Send", PARADIGM_MPI, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  s0 = jx_trace_builder_add_stream (b, jx_trace_builder_add_process (b, "Rank 0", node),
                                    "Master thread", JX_STREAM_CPU_THREAD);
  s1 = jx_trace_builder_add_stream (b, jx_trace_builder_add_process (b, "Rank 1", node),
                                    "Master thread", JX_STREAM_CPU_THREAD);
  jx_trace_builder_enter (b, s0, 1000, main_r);
  jx_trace_builder_enter (b, s0, 3000, compute);
  jx_trace_builder_leave (b, s0, 7000, compute);
  jx_trace_builder_enter (b, s0, 7000, send);
  jx_trace_builder_leave (b, s0, 8000, send);
  jx_trace_builder_leave (b, s0, 11000, main_r);
  jx_trace_builder_enter (b, s1, 1000, compute);
  jx_trace_builder_leave (b, s1, 3000, compute);
  return jx_trace_builder_finish (b);
}

static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guchar *data = cairo_image_surface_get_data (surface);

  return *(const guint32 *) (gconstpointer) (data + (gsize) y * cairo_image_surface_get_stride (surface) + (gsize) x * 4);
}

static guint32
region_pixel (JxTrace    *trace,
              const char *name,
              gboolean    dark)
{
  JxRgba c;

  jx_palette_region_color (jx_trace_get_region (trace, jx_trace_find_region (trace, name)), dark, &c);
  return jx_palette_rgba_to_pixel (&c);
}

static void
init_strip_view (JxNavStripView *view)
{
  memset (view, 0, sizeof *view);
  view->range = (JxTimeSpan) { 0, 40000 };    /* 100 ns per pixel over 400 px */
  view->window = (JxTimeSpan) { 20000, 30000 };
  view->offset_ns = 5000;
  view->width = 400;
  view->height = 20;
  view->show_window = TRUE;
  jx_palette_trace_background (1, FALSE, &view->background);
  jx_palette_trace_accent (1, FALSE, &view->accent);
}

static void
test_nav_strip (void)
{
  g_autoptr(JxTrace) trace = small_trace ("compute");
  g_autoptr(JxNavStrip) strip = jx_nav_strip_new (trace);
  g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 20);
  cairo_t *cr = cairo_create (surface);
  guint32 compute = region_pixel (trace, "compute", FALSE);
  guint32 mpi = region_pixel (trace, "MPI_Send", FALSE);
  JxNavStripView view;
  JxTimeSpan extent;
  int first = -1, last = -1;

  init_strip_view (&view);
  jx_nav_strip_set_summary (strip, summary);
  extent = jx_nav_strip_get_extent (strip, &view);
  g_assert_cmpint (extent.begin_ns, ==, 5000);
  g_assert_cmpint (extent.end_ns, ==, 15000);

  jx_nav_strip_draw (strip, cr, &view);
  cairo_surface_flush (surface);
  /* Extent at the offset: pixels 50..150. Nothing is drawn before it. */
  g_assert_cmphex (pixel_at (surface, 20, 10), ==, 0);
  /* Activity: 20-59 px into the extent both streams count; compute dominates
   * 0-60 (stream 1 then stream 0), MPI at 60-69. */
  for (int x = 0; x < 400; x++)
    if (pixel_at (surface, x, 10) == mpi)
      {
        if (first < 0)
          first = x;
        last = x;
      }
  g_assert_cmpint (first, ==, 50 + 60);
  g_assert_cmpint (last, ==, 50 + 69);
  g_assert_cmphex (pixel_at (surface, 50 + 35, 10), ==, compute);

  /* Shifting the trace moves the same picture (cached activity, new offset). */
  view.offset_ns = 12000;
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  jx_nav_strip_draw (strip, cr, &view);
  cairo_surface_flush (surface);
  g_assert_cmphex (pixel_at (surface, 120 + 65, 10), ==, mpi);
  g_assert_cmphex (pixel_at (surface, 50 + 65, 10), ==, 0);

  /* Hit testing: window edges, window, trace, nothing. */
  g_assert_cmpint (jx_nav_strip_hit (strip, &view, 200.0), ==, JX_NAV_STRIP_WINDOW_START);
  g_assert_cmpint (jx_nav_strip_hit (strip, &view, 301.0), ==, JX_NAV_STRIP_WINDOW_END);
  g_assert_cmpint (jx_nav_strip_hit (strip, &view, 250.0), ==, JX_NAV_STRIP_WINDOW);
  g_assert_cmpint (jx_nav_strip_hit (strip, &view, 150.0), ==, JX_NAV_STRIP_TRACE);
  g_assert_cmpint (jx_nav_strip_hit (strip, &view, 10.0), ==, JX_NAV_STRIP_NONE);
  g_assert_cmpint (jx_nav_strip_x_to_ns (&view, 150.0), ==, 15000);
  g_assert_cmpfloat (jx_nav_strip_ns_to_x (&view, 15000), ==, 150.0);
  g_assert_cmpint (jx_nav_strip_dx_to_ns (&view, -3.0), ==, -300);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_function_summary_draw (void)
{
  g_autoptr(JxTrace) trace = small_trace ("compute");
  g_autoptr(GArray) bars = jx_function_summary_compute (trace, 0, G_MAXUINT64, 0, NULL);
  JxFunctionBarsView view;
  cairo_surface_t *surface;
  cairo_t *cr;
  int height;
  guint32 compute = region_pixel (trace, "compute", FALSE);
  guint32 main_c = region_pixel (trace, "main", FALSE);
  int bar_len_compute = 0, bar_len_main = 0;

  jx_function_bars_view_init (&view);
  view.width = 400;
  view.label_width = 100;
  view.title = "small";
  height = jx_function_bars_get_height (&view, bars->len);
  g_assert_cmpint (height, >=, 20 + 3 * 16);
  view.height = height;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
  cr = cairo_create (surface);
  jx_function_bars_draw (cr, trace, (const JxFunctionSummaryBar *) (gpointer) bars->data, bars->len, &view);
  cairo_surface_flush (surface);

  /* Bars start right of the labels in their function's colour; the largest
   * spans the bar area, the next is 5/6 of it (5000 vs 6000 ns). */
  for (int x = 0; x < view.width; x++)
    {
      if (pixel_at (surface, x, 20 + 8) == compute)
        bar_len_compute++;
      if (pixel_at (surface, x, 20 + 16 + 8) == main_c)
        bar_len_main++;
    }
  g_assert_cmpint (bar_len_compute, >, 150);
  g_assert_cmpfloat_with_epsilon ((double) bar_len_main / bar_len_compute, 5.0 / 6.0, 0.02);
  g_assert_cmphex (pixel_at (surface, 104 + 2, 20 + 8), ==, compute);

  g_assert_cmpint (jx_function_bars_bar_at (&view, bars->len, 10), ==, -1);
  g_assert_cmpint (jx_function_bars_bar_at (&view, bars->len, 20 + 16 + 3), ==, 1);
  g_assert_cmpint (jx_function_bars_bar_at (&view, bars->len, 20 + 3 * 16 + 1), ==, -1);

  /* A shared scale twice the largest bar halves the bars. */
  view.max_seconds = 12000e-9;
  jx_function_bars_draw (cr, trace, (const JxFunctionSummaryBar *) (gpointer) bars->data, bars->len, &view);
  cairo_surface_flush (surface);
  {
    int shared = 0;

    for (int x = 0; x < view.width; x++)
      if (pixel_at (surface, x, 20 + 8) == compute)
        shared++;
    g_assert_cmpfloat_with_epsilon ((double) shared / bar_len_compute, 0.5, 0.02);
  }

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/nav-strip/extent-activity-hit", test_nav_strip);
  g_test_add_func ("/render/function-bars/draw", test_function_summary_draw);

  return g_test_run ();
}
