/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-merged.c — the merged call tree as an icicle
 * (jx-merged-icicle.h), on the three processes of Figs. 5.11–5.13: every
 * node a frame under its parent, widths by time or by calls, equal nodes
 * quiet, a gap of one stream cold and of two warmer, the different node
 * hatched with an orange outline; the hit test and the tooltip naming the
 * contributing streams; light and dark. */
#include "config.h"

#include <string.h>

#include "jx-merged-icicle.h"
#include "jx-palette.h"
#include "jx-test-calls.h"

#define CPU JX_STREAM_CPU_THREAD

static const JxTestStream fig_5_11[] = {
  { "process 1", "Master thread", CPU, "main(m(b(d(c)) c))" },
  { "process 2", "Master thread", CPU, "main(m(b(e(c)) c))" },
  { "process 3", "Master thread", CPU, "main(m(a(f g) b(d) c))" },
};

static JxMergedTree *
fig_tree (JxTrace **trace)
{
  JxStreamRef refs[3] = { { 0, 0 }, { 0, 1 }, { 0, 2 } };
  g_autoptr(GError) error = NULL;
  JxMergedTree *tree;

  *trace = jx_test_calls_trace ("fig-5-11", fig_5_11, G_N_ELEMENTS (fig_5_11));
  tree = jx_merged_tree_build (trace, 1, refs, 3, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return tree;
}

static cairo_surface_t *
draw (const JxMergedIcicle *icicle)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, jx_merged_icicle_get_width (icicle),
                                                         jx_merged_icicle_get_height (icicle));
  cairo_t *cr = cairo_create (surface);

  jx_merged_icicle_draw (icicle, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel (cairo_surface_t *surface,
       double           x,
       double           y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  return *(const guint32 *) (data + (int) y * stride + 4 * (int) x) & 0xffffff;
}

/* The pixel at the middle of the node's frame, a little below its top
 * (under the label's first pixels there is fill). */
static guint32
frame_pixel (const JxMergedIcicle *icicle,
             cairo_surface_t      *surface,
             guint32               node,
             double               *x_out,
             double               *y_out)
{
  const JxIcicleFrame *f = jx_merged_icicle_find_node (icicle, node);
  double x, y, w, h;

  g_assert_nonnull (f);
  jx_merged_icicle_get_frame_rect (icicle, f, &x, &y, &w, &h);
  if (x_out != NULL)
    *x_out = x;
  if (y_out != NULL)
    *y_out = y;
  return pixel (surface, x + w - 4, y + h - 3);
}

static void
test_fig_5_12 (void)
{
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxMergedTree) tree = fig_tree (&trace);
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  JxIcicleOptions options;
  g_autoptr(JxMergedIcicle) icicle = NULL;
  cairo_surface_t *surface;
  guint32 equal, gap1, gap2, diff;
  double x, y;
  JxRgba expected;
  g_autofree char *tip = NULL;

  jx_icicle_options_init (&options);
  options.width = 1200;
  options.width_by_calls = TRUE;
  icicle = jx_merged_icicle_new (tree, &options);
  g_assert_cmpuint (jx_merged_icicle_get_n_frames (icicle), ==, nodes->n_nodes);
  g_assert_cmpuint (jx_merged_icicle_get_n_hidden (icicle), ==, 0);

  /* Children inside their parents, one row deeper. */
  for (guint i = 0; i < jx_merged_icicle_get_n_frames (icicle); i++)
    {
      const JxIcicleFrame *f = jx_merged_icicle_get_frame (icicle, i);
      guint32 parent = nodes->parent[f->node];

      if (parent == JX_NONE)
        continue;
      g_assert_cmpuint (f->row, ==, jx_merged_icicle_find_node (icicle, parent)->row + 1);
      g_assert_cmpfloat (f->x, >=, jx_merged_icicle_find_node (icicle, parent)->x - 1e-9);
      g_assert_cmpfloat (f->x + f->width, <=, jx_merged_icicle_find_node (icicle, parent)->x +
                                             jx_merged_icicle_find_node (icicle, parent)->width + 1e-9);
    }

  surface = draw (icicle);
  /* main (0) equal, a (2) one stream, c below d|e (7) two streams, d|e (6). */
  equal = frame_pixel (icicle, surface, 0, NULL, NULL);
  gap1 = frame_pixel (icicle, surface, 2, NULL, NULL);
  gap2 = frame_pixel (icicle, surface, 7, NULL, NULL);
  jx_merged_icicle_node_color (tree, 0, FALSE, &expected);
  g_assert_cmphex (equal, ==, jx_palette_rgba_to_pixel (&expected) & 0xffffff);
  /* One stream: blue over red; two of three: red over blue. */
  g_assert_cmpuint (gap1 & 0xff, >, (gap1 >> 16) & 0xff);
  g_assert_cmpuint ((gap2 >> 16) & 0xff, >, gap2 & 0xff);
  /* The different node: its orange outline. */
  diff = frame_pixel (icicle, surface, 6, &x, &y);
  (void) diff;
  g_assert_cmphex (pixel (surface, x + 1, y + 8), ==, 0xe69f00);

  /* Hit test and tooltip. */
  g_assert_cmpuint (jx_merged_icicle_hit (icicle, x + 3, y + 3), ==, 6);
  g_assert_cmpuint (jx_merged_icicle_hit (icicle, 2, 2), ==, JX_NONE);
  tip = jx_merged_icicle_dup_description (icicle, 2);
  g_assert_nonnull (strstr (tip, "main / m / a"));
  g_assert_nonnull (strstr (tip, "Called by 1 of 3 streams: process 3 / Master thread"));
  g_clear_pointer (&tip, g_free);
  tip = jx_merged_icicle_dup_description (icicle, 6);
  g_assert_nonnull (strstr (tip, "Different functions merged, 3 of 3 streams: d ×2 ·e ×1"));
  cairo_surface_destroy (surface);
}

/* By time (every call of these traces lasts 10 ticks plus its callees):
 * widths follow the sums; dark mode draws; a depth limit hides rows. */
static void
test_time_dark_depth (void)
{
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxMergedTree) tree = fig_tree (&trace);
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  JxIcicleOptions options;
  g_autoptr(JxMergedIcicle) icicle = NULL;
  g_autoptr(JxMergedIcicle) shallow = NULL;
  cairo_surface_t *surface;
  const JxIcicleFrame *m, *main_;

  jx_icicle_options_init (&options);
  options.dark = TRUE;
  icicle = jx_merged_icicle_new (tree, &options);
  main_ = jx_merged_icicle_find_node (icicle, 0);
  m = jx_merged_icicle_find_node (icicle, 1);
  g_assert_cmpfloat_with_epsilon (m->width / main_->width, nodes->sum_seconds[1] / nodes->sum_seconds[0], 1e-9);
  surface = draw (icicle);
  /* The background is dark. */
  g_assert_cmpuint (pixel (surface, 2, 2) & 0xff, <, 0x40);
  cairo_surface_destroy (surface);

  options.max_depth = 2;
  shallow = jx_merged_icicle_new (tree, &options);
  g_assert_cmpuint (jx_merged_icicle_get_n_frames (shallow), ==, 2);
  g_assert_cmpuint (jx_merged_icicle_get_n_hidden (shallow), ==, nodes->n_nodes - 2);
  g_assert_null (jx_merged_icicle_find_node (shallow, 2));
}

/* The legend keeps "different functions merged" at every width: beside
 * "equal in all" where both fit, on a line of its own below (~390 px),
 * the picture one line taller; its orange outline is in the legend. */
static void
test_legend_narrow (void)
{
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxMergedTree) tree = fig_tree (&trace);
  const int widths[] = { 1100, 500, 360, 260 };
  int height_500 = 0;

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      JxIcicleOptions options;
      g_autoptr(JxMergedIcicle) icicle = NULL;
      cairo_surface_t *surface;
      int legend_top, found = 0;

      jx_icicle_options_init (&options);
      options.width = widths[w];
      icicle = jx_merged_icicle_new (tree, &options);
      g_assert_cmpint (jx_merged_icicle_get_width (icicle), ==, widths[w]);
      surface = draw (icicle);
      /* Below the lowest frame. */
      legend_top = 0;
      for (guint i = 0; i < jx_merged_icicle_get_n_frames (icicle); i++)
        {
          double x, y, fw, fh;

          jx_merged_icicle_get_frame_rect (icicle, jx_merged_icicle_get_frame (icicle, i), &x, &y, &fw, &fh);
          legend_top = MAX (legend_top, (int) (y + fh) + 2);
        }
      for (int y = legend_top; y < jx_merged_icicle_get_height (icicle); y++)
        for (int x = 0; x < widths[w]; x++)
          found += pixel (surface, x, y) == 0xe69f00;
      g_test_message ("width %d: height %d, %d legend pixels of the different outline", widths[w],
                      jx_merged_icicle_get_height (icicle), found);
      g_assert_cmpint (found, >, 20);
      if (widths[w] == 500)
        height_500 = jx_merged_icicle_get_height (icicle);
      else if (widths[w] < 390)
        g_assert_cmpint (jx_merged_icicle_get_height (icicle), >, height_500);
      cairo_surface_destroy (surface);
    }
}

/* A node ten ranks call but one: the tooltip names them as runs. */
static void
test_tooltip_runs (void)
{
  JxTestStream streams[10];
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxMergedTree) tree = NULL;
  g_autoptr(JxMergedIcicle) icicle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *tip = NULL;
  JxStreamRef refs[10];

  for (guint r = 0; r < 10; r++)
    {
      g_ptr_array_add (names, g_strdup_printf ("MPI Rank %u", r));
      streams[r] = (JxTestStream) { g_ptr_array_index (names, r), "Master thread", CPU, r == 4 ? "main(a)" : "main(a b)" };
      refs[r] = (JxStreamRef) { 0, r };
    }
  trace = jx_test_calls_trace ("runs", streams, 10);
  tree = jx_merged_tree_build (&trace, 1, refs, 10, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  icicle = jx_merged_icicle_new (tree, NULL);
  g_assert_cmpuint (jx_merged_tree_get_nodes (tree)->state[2], ==, JX_MERGED_GAP);
  tip = jx_merged_icicle_dup_description (icicle, 2);
  g_assert_nonnull (strstr (tip, "Called by 9 of 10 streams: MPI Rank 0–3, 5–9 / Master thread\n"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/merged-icicle/fig-5-12", test_fig_5_12);
  g_test_add_func ("/render/merged-icicle/time-dark-depth", test_time_dark_depth);
  g_test_add_func ("/render/merged-icicle/legend-narrow", test_legend_narrow);
  g_test_add_func ("/render/merged-icicle/tooltip-runs", test_tooltip_runs);

  return g_test_run ();
}
