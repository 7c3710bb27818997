/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-diff.c — the comparison's drawing off-screen: the diff bars of
 * a timeline (states per pixel, ticks of the other trace's extra calls, a
 * lone difference never hidden under equal calls at any zoom), what a bar
 * hit answers, the structural view (aligned calls at the same x, gaps
 * open) and the metric charts. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo.h>

#include "jx-comparison.h"
#include "jx-metric-chart.h"
#include "jx-palette.h"
#include "jx-structural-render.h"
#include "jx-timeline-renderer.h"
#include "jx-trace-builder.h"

#define PARADIGM_USER 1
#define ROLE_FUNCTION 1
#define WIDTH 1000

/* One stream: main [0, total) holding `n` back-to-back iterations, each
 * work [0, 60) and, unless `skip` says otherwise, extra [60, 80) and end
 * [80, 100) of the iteration's 100 ticks (extra is left out where skip(i)). */
static JxTrace *
make_trace (const char *name,
            guint       n,
            gboolean  (*skip) (guint))
{
  JxTraceBuilder *b = jx_trace_builder_new ("/diff/traces.otf2", name, 1000000000);
  guint32 main_r = jx_trace_builder_add_region (b, "main", PARADIGM_USER, ROLE_FUNCTION);
  guint32 work = jx_trace_builder_add_region (b, "work", PARADIGM_USER, ROLE_FUNCTION);
  guint32 extra = jx_trace_builder_add_region (b, "extra", PARADIGM_USER, ROLE_FUNCTION);
  guint32 end = jx_trace_builder_add_region (b, "end", PARADIGM_USER, ROLE_FUNCTION);
  guint32 p = jx_trace_builder_add_process (b, "Rank 0", JX_NONE);
  guint32 s = jx_trace_builder_add_stream (b, p, "Master thread", JX_STREAM_CPU_THREAD);

  jx_trace_builder_enter (b, s, 0, main_r);
  for (guint i = 0; i < n; i++)
    {
      guint64 t = (guint64) i * 100;

      jx_trace_builder_enter (b, s, t, work);
      jx_trace_builder_leave (b, s, t + 60, work);
      if (skip == NULL || !skip (i))
        {
          jx_trace_builder_enter (b, s, t + 60, extra);
          jx_trace_builder_leave (b, s, t + 80, extra);
        }
      jx_trace_builder_enter (b, s, t + 80, end);
      jx_trace_builder_leave (b, s, t + 100, end);
    }
  jx_trace_builder_leave (b, s, (guint64) n * 100, main_r);
  return jx_trace_builder_finish (b);
}

static gboolean
skip_all (guint i)
{
  return TRUE;
}

static gboolean
skip_one (guint i)
{
  return i == 4321;
}

static JxComparison *
compare (JxTrace *a,
         JxTrace *b)
{
  JxComparisonOptions options;
  g_autoptr(GError) error = NULL;
  JxComparison *cmp;

  jx_comparison_options_init (&options);
  options.diff_bars = TRUE;
  cmp = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_comparison_get_n_pairs (cmp), ==, 1);
  g_assert_nonnull (jx_comparison_get_pair (cmp, 0)->diff);
  return cmp;
}

static guint32
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  const guchar *data = cairo_image_surface_get_data (surface);

  return ((const guint32 *) (gconstpointer) (data + (gsize) y * cairo_image_surface_get_stride (surface)))[x] & 0xffffff;
}

static guint32
diff_pixel (JxDiffState state)
{
  JxRgba c;

  jx_palette_diff_color (state, FALSE, &c);
  return jx_palette_rgba_to_pixel (&c) & 0xffffff;
}

/* Draws the stream with its diff bar over [start, end) ticks; returns the
 * surface and the bar's middle row. */
static cairo_surface_t *
draw_bar (JxTrace          *a,
          JxTrace          *b,
          JxComparison     *cmp,
          gboolean          side_b,
          gint64            start,
          gint64            end,
          int              *bar_y)
{
  JxTrace *trace = side_b ? b : a;
  g_autoptr(JxTimelineRenderer) renderer = jx_timeline_renderer_new (trace);
  JxTimelineLayoutParams params;
  g_autoptr(JxDiffBarSet) bars = jx_diff_bar_set_new_for_comparison (cmp, a, b, side_b);
  const JxPairDiff *diff = jx_comparison_get_pair (cmp, 0)->diff;
  g_autoptr(GArray) rows = NULL;
  JxTimelineView view;
  cairo_surface_t *surface;
  cairo_t *cr;
  int height;

  /* The structural colours only (timing: test-render-diff-timing.c). */
  jx_diff_bar_set_set_mode (bars, JX_DIFF_BAR_STRUCTURE);
  jx_timeline_layout_params_init (&params);
  params.diff_streams = jx_diff_bar_set_get_rows (bars);
  rows = jx_timeline_layout_new (trace, &params, &height);
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_cmpint (g_array_index (rows, JxTimelineRow, 1).kind, ==, JX_TIMELINE_ROW_DIFF);
  g_assert_cmpint (g_array_index (rows, JxTimelineRow, 1).height, ==, params.diff_height);

  jx_timeline_view_init (&view);
  view.start = start;
  view.end = end;
  view.width = WIDTH;
  view.height = height;
  view.rows = (const JxTimelineRow *) (gpointer) rows->data;
  view.n_rows = rows->len;
  view.diff_bars = bars;
  view.show_markers = FALSE;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, height);
  cr = cairo_create (surface);
  jx_timeline_renderer_draw (renderer, cr, &view);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  *bar_y = g_array_index (rows, JxTimelineRow, 1).y + 2;

  /* What the bar answers under the pointer, at iteration 3's extra (A) or
   * where it would be (B). */
  {
    JxTimelineDiffHit hit;
    double x = (360.0 + 10 - start) * WIDTH / (double) (end - start);

    if (end - start < 5000 && jx_timeline_renderer_diff_at (renderer, &view, x, *bar_y, &hit))
      {
        g_assert_cmpuint (hit.stream, ==, 0);
        g_assert_true (hit.diff == diff);
        if (!side_b)
          {
            g_assert_cmpint (hit.state, ==, JX_DIFF_ONLY_HERE);
            g_assert_cmpuint (jx_trace_get_stream (trace, 0)->start[hit.invocation], ==, 360);
          }
      }
  }
  return surface;
}

/* Zoomed in: every pixel of A's bar shows the state of its call; B's bar
 * shows ticks where A's extra calls would be. */
static void
test_bar_states (void)
{
  g_autoptr(JxTrace) a = make_trace ("a", 10, NULL);
  g_autoptr(JxTrace) b = make_trace ("b", 10, skip_all);
  g_autoptr(JxComparison) cmp = compare (a, b);
  const JxComparisonPair *pair = jx_comparison_get_pair (cmp, 0);
  cairo_surface_t *surface;
  int y;

  /* 1000 ticks over 1000 px: one tick per pixel. */
  surface = draw_bar (a, b, cmp, FALSE, 0, 1000, &y);
  for (guint i = 0; i < 10; i++)
    {
      g_assert_cmphex (pixel (surface, (int) (i * 100 + 30), y), ==, diff_pixel (JX_DIFF_EQUAL));
      g_assert_cmphex (pixel (surface, (int) (i * 100 + 70), y), ==, diff_pixel (JX_DIFF_ONLY_HERE));
      g_assert_cmphex (pixel (surface, (int) (i * 100 + 90), y), ==, diff_pixel (JX_DIFF_EQUAL));
    }
  cairo_surface_destroy (surface);

  /* In B the 10 removed calls take no time: a tick where each would be,
   * right after its iteration's work (B idles there). */
  surface = draw_bar (a, b, cmp, TRUE, 0, 1000, &y);
  g_assert_cmpuint (jx_pair_diff_get_n_extras (pair->diff, TRUE), ==, 10);
  for (guint i = 0; i < 10; i++)
    {
      const JxDiffExtra *extra = jx_pair_diff_get_extra (pair->diff, TRUE, i);

      g_assert_cmpuint (extra->time, ==, i * 100 + 60);
      g_assert_cmpuint (extra->n_pairs, ==, 1);
    }
  for (guint i = 0; i < 10; i++)
    {
      g_assert_cmphex (pixel (surface, (int) (i * 100 + 60), y), ==, diff_pixel (JX_DIFF_ONLY_THERE));
      g_assert_cmphex (pixel (surface, (int) (i * 100 + 30), y), ==, diff_pixel (JX_DIFF_EQUAL));
    }
  cairo_surface_destroy (surface);

  /* The differences walk A's removed calls in order. */
  g_assert_cmpuint (jx_pair_diff_get_n_hunks (pair->diff), ==, 10);
  {
    guint32 at = JX_NONE;
    guint hunk, walked = 0;

    while ((hunk = jx_pair_diff_next_hunk (pair->diff, at, TRUE)) != G_MAXUINT)
      {
        guint32 k = jx_pair_diff_get_hunk (pair->diff, hunk);

        g_assert_cmpint (pair->alignment->pairs[k].state, ==, JX_PAIR_ONLY_A);
        g_assert_cmpuint (jx_pair_diff_partner (pair->diff, FALSE, pair->alignment->pairs[k].a), ==, JX_NONE);
        at = k;
        walked++;
      }
    g_assert_cmpuint (walked, ==, 10);
    g_assert_cmpuint (jx_pair_diff_next_hunk (pair->diff, at, FALSE), ==, 8);
  }
}

/* Zoomed out over 100,000 iterations, one missing call is one pixel among
 * hundreds of equal calls: it still shows, in both traces. */
static void
test_lone_difference (void)
{
  g_autoptr(JxTrace) a = make_trace ("a", 100000, NULL);
  g_autoptr(JxTrace) b = make_trace ("b", 100000, skip_one);
  g_autoptr(JxComparison) cmp = compare (a, b);
  const JxComparisonPair *pair = jx_comparison_get_pair (cmp, 0);
  cairo_surface_t *surface;
  int y, column, only = 0, ticks = 0;

  surface = draw_bar (a, b, cmp, FALSE, 0, 100000 * 100, &y);
  column = (int) (4321.0 * 100 + 60) * WIDTH / (100000 * 100);
  for (int x = 0; x < WIDTH; x++)
    if (pixel (surface, x, y) == diff_pixel (JX_DIFF_ONLY_HERE))
      {
        g_assert_cmpint (x, ==, column);
        only++;
      }
    else
      g_assert_cmphex (pixel (surface, x, y), ==, diff_pixel (JX_DIFF_EQUAL));
  g_assert_cmpint (only, ==, 1);
  cairo_surface_destroy (surface);

  surface = draw_bar (a, b, cmp, TRUE, 0, 100000 * 100 - 20, &y);
  for (int x = 0; x < WIDTH; x++)
    ticks += pixel (surface, x, y) == diff_pixel (JX_DIFF_ONLY_THERE);
  /* Two pixels wide where the neighbour is equal. */
  g_assert_cmpint (ticks, >=, 1);
  g_assert_cmpint (ticks, <=, 2);
  cairo_surface_destroy (surface);

  /* The share of non-equal pairs in any window holds the one difference. */
  g_assert_cmpuint (jx_pair_diff_count_nonequal (pair->diff, 0, pair->alignment->n_pairs), ==, 1);
  g_assert_cmpuint (jx_pair_diff_count_nonequal (pair->diff, 0, 1000), ==, 0);
}

/* A: main [x y z], B: main [x w y z] with w only in B and y shorter in B:
 * in the structural view x, y and z start at the same x in both rows, and
 * A's row is empty over w's slot. */
static void
test_structural_view (void)
{
  JxTraceBuilder *ba = jx_trace_builder_new ("/s/a.otf2", "a", 1000000000);
  JxTraceBuilder *bb = jx_trace_builder_new ("/s/b.otf2", "b", 1000000000);
  JxTraceBuilder *builders[2] = { ba, bb };
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(JxStructuralLayout) layout = NULL;
  g_autofree guint32 *colors_a = NULL;
  g_autofree guint32 *colors_b = NULL;
  const JxComparisonPair *pair;
  JxStructuralSide sa, sb;
  JxStructuralView view;
  cairo_surface_t *surface;
  cairo_t *cr;
  int row_a, row_b;

  for (guint k = 0; k < 2; k++)
    {
      JxTraceBuilder *t = builders[k];
      guint32 m = jx_trace_builder_add_region (t, "main", PARADIGM_USER, ROLE_FUNCTION);
      guint32 x = jx_trace_builder_add_region (t, "x", PARADIGM_USER, ROLE_FUNCTION);
      guint32 w = jx_trace_builder_add_region (t, "w", PARADIGM_USER, ROLE_FUNCTION);
      guint32 y = jx_trace_builder_add_region (t, "y", PARADIGM_USER, ROLE_FUNCTION);
      guint32 z = jx_trace_builder_add_region (t, "z", PARADIGM_USER, ROLE_FUNCTION);
      guint32 s = jx_trace_builder_add_stream (t, jx_trace_builder_add_process (t, "Rank 0", JX_NONE), "T", JX_STREAM_CPU_THREAD);
      guint64 now = 0;

      jx_trace_builder_enter (t, s, 0, m);
      jx_trace_builder_enter (t, s, now, x);
      jx_trace_builder_leave (t, s, now += 100, x);
      if (k == 1)
        {
          jx_trace_builder_enter (t, s, now, w);
          jx_trace_builder_leave (t, s, now += 300, w);
        }
      jx_trace_builder_enter (t, s, now, y);
      jx_trace_builder_leave (t, s, now += (k == 0 ? 100 : 50), y);
      jx_trace_builder_enter (t, s, now, z);
      jx_trace_builder_leave (t, s, now += 100, z);
      jx_trace_builder_leave (t, s, now, m);
    }
  a = jx_trace_builder_finish (ba);
  b = jx_trace_builder_finish (bb);
  cmp = compare (a, b);
  pair = jx_comparison_get_pair (cmp, 0);
  sa = (JxStructuralSide) { a, jx_trace_get_stream (a, 0) };
  sb = (JxStructuralSide) { b, jx_trace_get_stream (b, 0) };
  layout = jx_structural_layout_new (pair->alignment, &sa, &sb, NULL, NULL);
  g_assert_nonnull (layout);
  /* main, x, w (only B), y, z. */
  g_assert_cmpuint (jx_structural_layout_get_n_pairs (layout), ==, 5);
  g_assert_cmpint (jx_structural_layout_get_length (layout), ==, 100 + 300 + 100 + 100);

  colors_a = jx_palette_region_table_new (a, FALSE);
  colors_b = jx_palette_region_table_new (b, FALSE);
  jx_structural_view_init (&view);
  view.layout = layout;
  view.a = sa;
  view.b = sb;
  view.name_a = "a";
  view.name_b = "b";
  view.start = 0;
  view.end = 600;
  view.label_width = 200;
  view.width = 200 + 600;
  view.height = jx_structural_render_height ();
  view.colors_a = colors_a;
  view.colors_b = colors_b;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, view.width, view.height);
  cr = cairo_create (surface);
  jx_structural_render_draw (cr, &view);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  row_a = JX_STRUCTURAL_RULER_HEIGHT + 4 + JX_STRUCTURAL_ROW_HEIGHT / 2;
  g_assert_cmpint (jx_structural_render_part_at (&view, row_a), ==, JX_STRUCTURAL_PART_A);
  row_b = view.height - 4 - JX_STRUCTURAL_ROW_HEIGHT / 2;
  g_assert_cmpint (jx_structural_render_part_at (&view, row_b), ==, JX_STRUCTURAL_PART_B);

  for (gsize k = 0; k < jx_structural_layout_get_n_pairs (layout); k++)
    {
      guint32 na = jx_structural_layout_get_node (layout, k, FALSE);
      guint32 nb = jx_structural_layout_get_node (layout, k, TRUE);
      gint64 start, end_a, end_b;
      int x;

      jx_structural_layout_get_slot (layout, k, &start, &end_a, &end_b);
      if (k == 0)
        continue;
      x = (int) jx_structural_view_time_to_x (&view, start) + 1;
      if (na != JX_NONE && nb != JX_NONE)
        {
          /* Aligned: both rows show the call from the same x on. */
          g_assert_cmphex (pixel (surface, x, row_a), ==, colors_a[sa.stream->region[na]] & 0xffffff);
          g_assert_cmphex (pixel (surface, x, row_b), ==, colors_b[sb.stream->region[nb]] & 0xffffff);
          g_assert_cmphex (pixel (surface, x, row_a), ==, pixel (surface, x, row_b));
          g_assert_cmpuint (jx_structural_render_pair_at (&view, x + 0.5, row_a), ==, k);
          g_assert_cmpuint (jx_structural_render_pair_at (&view, x + 0.5, row_b), ==, k);
        }
      else
        {
          /* w: only in B; A opens a gap there (its background), not
           * main, the caller stretched to hold the slot. */
          g_assert_cmpuint (nb, !=, JX_NONE);
          g_assert_cmphex (pixel (surface, x, row_a), ==, jx_palette_rgba_to_pixel (&view.tint_a) & 0xffffff);
          g_assert_cmphex (pixel (surface, x, row_a), !=, colors_a[sa.stream->region[0]] & 0xffffff);
          g_assert_cmphex (pixel (surface, x, row_b), ==, colors_b[sb.stream->region[nb]] & 0xffffff);
          g_assert_cmpint (end_b - start, ==, 300);
        }
    }
  cairo_surface_destroy (surface);
}

/* Charts: the line's range follows the values; strips colour them. */
static void
test_metric_chart (void)
{
  JxSeriesBucket line[100] = { { 0 } };
  const JxSeriesBucket *strips[1] = { line };
  const char *labels[1] = { "pair" };
  JxMetricChartView view;
  cairo_surface_t *surface;
  cairo_t *cr;
  JxRgba hi;
  int strip_y;

  for (guint i = 0; i < 100; i++)
    line[i] = (JxSeriesBucket) { i * 1e-4, i * 1e-4, 1 };
  jx_metric_chart_view_init (&view);
  view.kind = JX_SERIES_RUNTIME_SKEW;
  view.start_ns = 0;
  view.end_ns = 1000000;
  view.width = 150;
  view.label_width = 50;
  view.line = line;
  view.strips = strips;
  view.strip_labels = labels;
  view.n_strips = 1;
  view.highlighted = G_MAXUINT;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, view.width, jx_metric_chart_get_height (&view));
  cr = cairo_create (surface);
  jx_metric_chart_draw (cr, &view);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* The last bucket is the largest skew: full red on the strip, which ends
   * a gap above the time axis. */
  strip_y = jx_metric_chart_get_height (&view) - JX_METRIC_CHART_AXIS_HEIGHT - 4 - 6;
  jx_palette_diverging (1.0, FALSE, &hi);
  g_assert_cmphex (pixel (surface, 149, strip_y), ==, jx_palette_rgba_to_pixel (&hi) & 0xffffff);
  g_assert_cmpuint (jx_metric_chart_strip_at (&view, strip_y), ==, 0);
  /* The axis under it has ticks and labels in the time area. */
  {
    guint32 background = pixel (surface, 0, jx_metric_chart_get_height (&view) - 1);
    guint inked = 0;

    for (int y = jx_metric_chart_get_height (&view) - JX_METRIC_CHART_AXIS_HEIGHT; y < jx_metric_chart_get_height (&view); y++)
      for (int x = view.label_width; x < view.width; x++)
        inked += pixel (surface, x, y) != background;
    g_assert_cmpuint (inked, >, 20);
  }
  cairo_surface_destroy (surface);
}

/* A runtime-skew chart whose line is `line` (350 buckets, or NULL). */
static cairo_surface_t *
draw_skew_chart (const JxSeriesBucket *line)
{
  JxMetricChartView view;
  cairo_surface_t *surface;
  cairo_t *cr;

  jx_metric_chart_view_init (&view);
  view.kind = JX_SERIES_RUNTIME_SKEW;
  view.start_ns = 0;
  view.end_ns = 1000000;
  view.width = 400;
  view.label_width = 50;
  view.line = line;
  view.highlighted = G_MAXUINT;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, view.width, jx_metric_chart_get_height (&view));
  cr = cairo_create (surface);
  jx_metric_chart_draw (cr, &view);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* A line with no value in the window says so in the plot (it was an empty
 * plot with a ±1 µs axis); no line at all (nothing computed) stays blank. */
static void
test_metric_chart_empty (void)
{
  JxSeriesBucket empty[350] = { { 0 } };
  cairo_surface_t *with_note = draw_skew_chart (empty);
  cairo_surface_t *blank = draw_skew_chart (NULL);
  guint differ = 0;

  g_assert_cmpint (cairo_image_surface_get_height (with_note), ==, cairo_image_surface_get_height (blank));
  for (int y = 0; y < cairo_image_surface_get_height (blank); y++)
    for (int x = 0; x < 400; x++)
      differ += pixel (with_note, x, y) != pixel (blank, x, y);
  g_test_message ("%u pixels differ", differ);
  /* The note's text, in the time area only. */
  g_assert_cmpuint (differ, >, 50);
  for (int y = 0; y < cairo_image_surface_get_height (blank); y++)
    for (int x = 0; x < 50; x++)
      g_assert_cmphex (pixel (with_note, x, y), ==, pixel (blank, x, y));
  cairo_surface_destroy (with_note);
  cairo_surface_destroy (blank);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/diff/bar-states", test_bar_states);
  g_test_add_func ("/render/diff/lone-difference", test_lone_difference);
  g_test_add_func ("/render/diff/structural-view", test_structural_view);
  g_test_add_func ("/render/diff/metric-chart", test_metric_chart);
  g_test_add_func ("/render/diff/metric-chart-empty", test_metric_chart_empty);

  return g_test_run ();
}
