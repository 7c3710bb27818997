/* SPDX-License-Identifier: GPL-3.0-or-later */
/* COUNTER rows: laid out under the streams that record the metric, drawn
 * in the counter colour, on one scale for all traces, and the value under
 * the pointer. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-comparison-render.h"
#include "jx-palette.h"
#include "jx-test-util.h"
#include "jx-timeline-counter.h"
#include "jx-timeline-renderer.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"

static JxTrace *
load_papi (void)
{
  g_autofree char *dir = jx_test_get_shared_trace ("pipit__ping-pong-otf2-papi");
  g_autoptr(GError) error = NULL;
  JxTrace *trace = jx_trace_load (dir, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

/* Pixels of [x0, x1) x [y0, y1) within 12 of colour in each channel. */
static guint
count_colour (cairo_surface_t *surface,
              int x0, int y0, int x1, int y1,
              const JxRgba    *colour)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int r = (int) lround (colour->red * 255), g = (int) lround (colour->green * 255), b = (int) lround (colour->blue * 255);
  guint n = 0;

  cairo_surface_flush (surface);
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        guint32 p = *(const guint32 *) (gconstpointer) (data + (gsize) y * stride + (gsize) x * 4);

        if (ABS ((int) ((p >> 16) & 0xff) - r) <= 12 && ABS ((int) ((p >> 8) & 0xff) - g) <= 12
            && ABS ((int) (p & 0xff) - b) <= 12)
          n++;
      }
  return n;
}

static void
test_counter_layout (void)
{
  g_autoptr(JxTrace) trace = load_papi ();
  guint32 metric = jx_trace_find_metric (trace, "PAPI_TOT_CYC");
  g_autofree guint8 *flags = jx_timeline_counter_streams_new (trace, metric);
  JxTimelineLayoutParams params;
  g_autoptr(GArray) rows = NULL;
  guint n_counter = 0;

  g_assert_nonnull (flags);
  g_assert_null (jx_timeline_counter_streams_new (trace, JX_NONE));
  jx_timeline_layout_params_init (&params);
  params.counter_streams = flags;
  rows = jx_timeline_layout_new (trace, &params, NULL);
  for (guint r = 0; r < rows->len; r++)
    {
      const JxTimelineRow *row = &g_array_index (rows, JxTimelineRow, r);

      if (row->kind != JX_TIMELINE_ROW_COUNTER)
        continue;
      n_counter++;
      g_assert_cmpuint (r, >, 0);
      /* Right under its stream's row. */
      g_assert_cmpint (g_array_index (rows, JxTimelineRow, r - 1).kind, ==, JX_TIMELINE_ROW_STREAM);
      g_assert_cmpuint (g_array_index (rows, JxTimelineRow, r - 1).stream, ==, row->stream);
      g_assert_cmpint (row->height, ==, params.counter_height);
    }
  g_assert_cmpuint (n_counter, ==, 2);
}

/* The whole comparison off-screen: the counter rows are drawn, in the
 * counter colour, only where asked for. */
static void
test_counter_pixels (void)
{
  g_autoptr(JxTrace) trace = load_papi ();
  JxComparisonLane lane;
  JxComparisonRenderOptions options;
  JxComparisonRenderResult with, without;
  cairo_surface_t *surface;
  cairo_t *cr;
  JxRgba colour;
  guint n_with, n_without;
  int height;

  jx_comparison_lane_init (&lane, trace, 0, FALSE);
  jx_comparison_render_options_init (&options);
  options.width = 1000;
  options.show_legend = FALSE;
  /* The last 8 ms, where the ping-pong runs (before: MPI_Init). */
  options.start_ns = 207500000;
  options.end_ns = 215600000;
  jx_palette_counter_color (FALSE, &colour);

  options.counter_metric = "PAPI_TOT_CYC";
  height = jx_comparison_render_measure_height (&lane, 1, &options);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, options.width, height);
  cr = cairo_create (surface);
  jx_comparison_render_draw (cr, &lane, 1, &options, &with);
  cairo_destroy (cr);
  n_with = count_colour (surface, with.time_x, 0, with.time_x + with.time_width, height, &colour);
  cairo_surface_destroy (surface);

  options.counter_metric = NULL;
  height = jx_comparison_render_measure_height (&lane, 1, &options);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, options.width, height);
  cr = cairo_create (surface);
  jx_comparison_render_draw (cr, &lane, 1, &options, &without);
  cairo_destroy (cr);
  n_without = count_colour (surface, without.time_x, 0, without.time_x + without.time_width, height, &colour);
  cairo_surface_destroy (surface);

  g_assert_cmpuint (with.n_counter_rows, ==, 2);
  g_assert_cmpuint (without.n_counter_rows, ==, 0);
  g_assert_cmpuint (with.n_rows, ==, without.n_rows);
  g_assert_cmpint (with.height, >, without.height);
  g_assert_cmpfloat (with.counter_min, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (with.counter_max,
                                  jx_trace_get_metric (trace, jx_trace_find_metric (trace, "PAPI_TOT_CYC"))->display_max,
                                  1.0);
  /* The outline spans the time area on both rows. */
  g_assert_cmpuint (n_with, >, (guint) with.time_width);
  g_assert_cmpuint (n_without, ==, 0);
}

/* One scale for every trace that has the metric; traces without it do not
 * change it. */
static void
test_counter_scale (void)
{
  g_autoptr(JxTrace) papi = load_papi ();
  g_autofree char *dir = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autoptr(JxTrace) plain = jx_trace_load (dir, NULL, NULL, NULL, NULL, NULL);
  JxTrace *both[2] = { papi, plain };
  double lo, hi, lo1, hi1;

  g_assert_nonnull (plain);
  g_assert_true (jx_metric_common_scale (both, 2, "PAPI_L2_TCM", &lo, &hi));
  g_assert_true (jx_metric_common_scale (both, 1, "PAPI_L2_TCM", &lo1, &hi1));
  g_assert_cmpfloat (lo, ==, lo1);
  g_assert_cmpfloat (hi, ==, hi1);
  g_assert_false (jx_metric_common_scale (both + 1, 1, "PAPI_L2_TCM", &lo, &hi));
  g_assert_false (jx_metric_common_scale (both, 2, "NOPE", &lo, &hi));
}

/* Two generated traces with JX_CYCLES at rates 1x..3x and 1x..5x of the
 * clock: the shared scale is the larger's, and the value under the pointer
 * is the rate of the rank the row belongs to. */
static void
test_counter_hit (void)
{
  g_autofree char *tmp = jx_test_make_tmp_dir ();
  g_autofree char *dir = g_build_filename (tmp, "t", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxTimelineRenderer) renderer = NULL;
  g_autoptr(GArray) rows = NULL;
  g_autofree guint8 *flags = NULL;
  JxGeneratorOptions o;
  JxTimelineLayoutParams params;
  JxTimelineView view;
  JxTimelineCounterHit hit;
  guint hits = 0;

  jx_generator_options_init (&o);
  o.n_ranks = 3;
  o.n_iterations = 4;
  o.metrics = TRUE;
  g_assert_cmpuint (jx_generate_trace (dir, &o, &error), >, 0);
  trace = jx_trace_load (dir, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  jx_timeline_layout_params_init (&params);
  flags = jx_timeline_counter_streams_new (trace, jx_trace_find_metric (trace, JX_GENERATOR_METRIC_CYCLES));
  params.counter_streams = flags;
  rows = jx_timeline_layout_new (trace, &params, NULL);
  renderer = jx_timeline_renderer_new (trace);
  jx_timeline_view_init (&view);
  view.start = (gint64) jx_trace_get_start_time (trace);
  view.end = (gint64) jx_trace_get_end_time (trace);
  view.width = 800;
  view.height = 400;
  view.label_width = 100;
  view.rows = (const JxTimelineRow *) (gpointer) rows->data;
  view.n_rows = rows->len;
  view.counter_metric = jx_trace_find_metric (trace, JX_GENERATOR_METRIC_CYCLES);
  {
    JxTrace *one[1] = { trace };

    g_assert_true (jx_metric_common_scale (one, 1, JX_GENERATOR_METRIC_CYCLES, &view.counter_min, &view.counter_max));
  }
  g_assert_cmpfloat_with_epsilon (view.counter_max, 3e9, 1.0);

  for (guint r = 0; r < rows->len; r++)
    {
      const JxTimelineRow *row = &g_array_index (rows, JxTimelineRow, r);
      guint rank = jx_trace_get_process (trace, row->process)->rank;

      if (row->kind == JX_TIMELINE_ROW_STREAM)
        g_assert_false (jx_timeline_renderer_counter_at (renderer, &view, 400, row->y + 2, &hit));
      if (row->kind != JX_TIMELINE_ROW_COUNTER)
        continue;
      g_assert_false (jx_timeline_renderer_counter_at (renderer, &view, 50, row->y + 2, &hit));
      for (double x = 110; x < 800; x += 37)
        if (jx_timeline_renderer_counter_at (renderer, &view, x, row->y + row->height / 2, &hit))
          {
            g_autofree char *text = jx_timeline_counter_hit_text (trace, &hit);

            g_assert_cmpuint (hit.stream, ==, row->stream);
            g_assert_cmpfloat_with_epsilon (hit.value, (rank + 1) * 1e9, 1e-3);
            g_assert_true (g_str_has_prefix (text, "JX_CYCLES: "));
            hits++;
          }
    }
  g_assert_cmpuint (hits, >, 10);

  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
    cairo_t *cr = cairo_create (surface);

    jx_timeline_renderer_draw (renderer, cr, &view);
    g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
  jx_test_remove_tree (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/counter/layout", test_counter_layout);
  g_test_add_func ("/render/counter/pixels", test_counter_pixels);
  g_test_add_func ("/render/counter/scale", test_counter_scale);
  g_test_add_func ("/render/counter/hit", test_counter_hit);

  return g_test_run ();
}
