/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-flame.c — the differential flame graph (jx-flame-graph.h)
 * on generated pairs with a known injected change: a faster kernel is
 * blue, a slower machine red, removed and added functions hatched in their
 * side's colour; widths by B (or A) and the widening for one-sided frames;
 * the hit test, icicle and flame, light and dark; labels and legend drawn. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-diff-tree.h"
#include "jx-flame-graph.h"
#include "jx-flame-graph-private.h"
#include "jx-palette.h"
#include "jx-test-gen.h"

typedef struct
{
  JxTrace      *a;
  JxTrace      *b;
  char         *dir_a;
  char         *dir_b;
  JxComparison *cmp;
  JxDiffTree   *tree;
} Pair;

static void
pair_init (Pair  *p,
           guint  variant)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;

  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_iterations = 10;
  p->a = jx_test_generate_load (&options, NULL, &p->dir_a);
  options.variant = variant;
  p->b = jx_test_generate_load (&options, NULL, &p->dir_b);
  p->cmp = jx_comparison_run (p->a, p->b, NULL, NULL, &error);
  g_assert_no_error (error);
  p->tree = jx_diff_tree_build (p->cmp, p->a, p->b, G_MAXUINT, 1, NULL, &error);
  g_assert_no_error (error);
}

static void
pair_clear (Pair *p)
{
  jx_diff_tree_free (p->tree);
  jx_comparison_unref (p->cmp);
  g_object_unref (p->a);
  g_object_unref (p->b);
  jx_test_remove_tree (p->dir_a);
  jx_test_remove_tree (p->dir_b);
  g_free (p->dir_a);
  g_free (p->dir_b);
}

static cairo_surface_t *
draw (const JxFlameGraph *graph)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, jx_flame_graph_get_width (graph),
                                                         jx_flame_graph_get_height (graph));
  cairo_t *cr = cairo_create (surface);

  jx_flame_graph_draw (graph, cr);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static JxRgba
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 p = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);

  return (JxRgba) { ((p >> 16) & 0xff) / 255.0f, ((p >> 8) & 0xff) / 255.0f, (p & 0xff) / 255.0f, 1.0f };
}

/* A pixel of the frame's fill: the bottom of the frame, below the label
 * and inside the faint edge. */
static JxRgba
frame_fill (const JxFlameGraph *graph,
            cairo_surface_t    *surface,
            const JxFlameFrame *f)
{
  double x, y, w, h;

  jx_flame_graph_get_frame_rect (graph, f, &x, &y, &w, &h);
  g_assert_cmpfloat (w, >=, 6.0);
  return pixel (surface, (int) (x + w - 4), (int) (y + h - 4));
}

static gboolean
is_red (const JxRgba *c)
{
  return c->red > c->green + 0.1 && c->red > c->blue + 0.1;
}

static gboolean
is_blue (const JxRgba *c)
{
  return c->blue > c->red + 0.1 && c->blue > c->green + 0.05;
}

static gboolean
same_color (const JxRgba *a,
            const JxRgba *b)
{
  return fabs (a->red - b->red) < 0.02 && fabs (a->green - b->green) < 0.02 && fabs (a->blue - b->blue) < 0.02;
}

/* Every drawn frame of the function (its label). */
static GPtrArray *
frames_of (const JxFlameGraph *graph,
           const JxDiffTree   *tree,
           const char         *name)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < jx_flame_graph_get_n_frames (graph); i++)
    {
      const JxFlameFrame *f = jx_flame_graph_get_frame (graph, i);
      g_autofree char *label = jx_diff_tree_dup_label (tree, f->node);

      if (strcmp (label, name) == 0)
        g_ptr_array_add (out, (gpointer) f);
    }
  return out;
}

/* The hit test finds every frame at its centre, nothing in the title. */
static void
check_hits (const JxFlameGraph *graph)
{
  for (guint i = 0; i < jx_flame_graph_get_n_frames (graph); i++)
    {
      const JxFlameFrame *f = jx_flame_graph_get_frame (graph, i);
      double x, y, w, h;

      jx_flame_graph_get_frame_rect (graph, f, &x, &y, &w, &h);
      g_assert_cmpuint (jx_flame_graph_hit (graph, x + w / 2, y + h / 2), ==, f->node);
      g_assert_true (jx_flame_graph_find_node (graph, f->node) == f);
    }
  g_assert_cmpuint (jx_flame_graph_hit (graph, 5, 5), ==, JX_NONE);
  g_assert_cmpuint (jx_flame_graph_hit (graph, -1, -1), ==, JX_NONE);
}

/* Half the kernel time: the stencil kernel's frames are blue, in light and
 * dark, by total and by self time; the frame above it that did not change
 * is neutral. */
static void
test_faster_kernel (void)
{
  Pair p;

  pair_init (&p, JX_VARIANT_FASTER_KERNEL);
  for (int dark = 0; dark <= 1; dark++)
    for (int self_time = 0; self_time <= 1; self_time++)
      {
        JxFlameOptions options;
        g_autoptr(JxFlameGraph) graph = NULL;
        g_autoptr(GPtrArray) kernels = NULL;
        g_autoptr(GPtrArray) mains = NULL;
        cairo_surface_t *surface;
        JxRgba neutral;

        jx_flame_options_init (&options);
        options.dark = dark;
        options.self_time = self_time;
        options.name_a = "a";
        options.name_b = "fast";
        graph = jx_flame_graph_new (p.tree, &options);
        surface = draw (graph);
        check_hits (graph);
        kernels = frames_of (graph, p.tree, "stencil_kernel");
        g_assert_cmpuint (kernels->len, >, 0);
        for (guint i = 0; i < kernels->len; i++)
          {
            const JxFlameFrame *f = g_ptr_array_index (kernels, i);
            JxRgba c = frame_fill (graph, surface, f);

            g_assert_cmpfloat (f->position, <, -0.3);
            g_assert_cmpuint (f->marks, ==, JX_FLAME_MARK_NONE);
            if (f->width >= 6.0 && !is_blue (&c))
              g_error ("%s: stencil_kernel frame not blue: %.2f %.2f %.2f", dark ? "dark" : "light", c.red, c.green, c.blue);
          }
        /* main changed by less than the band: neutral. */
        mains = frames_of (graph, p.tree, "main");
        g_assert_cmpuint (mains->len, ==, 1);
        jx_palette_timing_color_at (0.0, dark, &neutral);
        {
          JxRgba c = frame_fill (graph, surface, g_ptr_array_index (mains, 0));

          g_assert_true (same_color (&c, &neutral));
        }
        cairo_surface_destroy (surface);
      }
  pair_clear (&p);
}

/* Compute 1.4× slower: compute's frame is red; the widths are B's. */
static void
test_slower_machine (void)
{
  Pair p;
  JxFlameOptions options;
  g_autoptr(JxFlameGraph) graph = NULL;
  g_autoptr(GPtrArray) compute = NULL;
  cairo_surface_t *surface;
  double total_width = 0.0, scale;

  pair_init (&p, JX_VARIANT_SLOWER_MACHINE);
  jx_flame_options_init (&options);
  options.width = 1200;
  graph = jx_flame_graph_new (p.tree, &options);
  surface = draw (graph);
  compute = frames_of (graph, p.tree, "compute");
  g_assert_cmpuint (compute->len, >, 0);
  for (guint i = 0; i < compute->len; i++)
    {
      const JxFlameFrame *f = g_ptr_array_index (compute, i);
      JxRgba c;

      if (f->width < 6.0)
        continue;
      c = frame_fill (graph, surface, f);
      if (!is_red (&c))
        g_error ("compute frame not red: %.2f %.2f %.2f", c.red, c.green, c.blue);
    }
  /* Nothing one-sided: the top-level frames span the width, each as wide
   * as its B time. */
  scale = (1200 - 16) / jx_diff_tree_seconds (p.tree, JX_DIFF_TREE_ROOT, FALSE, TRUE);
  for (guint i = 0; i < jx_flame_graph_get_n_frames (graph); i++)
    {
      const JxFlameFrame *f = jx_flame_graph_get_frame (graph, i);

      g_assert_cmpfloat_with_epsilon (f->width, jx_diff_tree_seconds (p.tree, f->node, FALSE, TRUE) * scale, 1e-6);
      if (f->row == 0)
        total_width += f->width;
    }
  g_assert_cmpfloat (total_width, <=, 1200 - 16 + 1e-6);
  g_assert_cmpfloat (total_width, >=, 1200 - 16 - 1.0);
  cairo_surface_destroy (surface);
  pair_clear (&p);
}

/* Counts pixels along the frame's middle row that look like c. */
static guint
count_like (cairo_surface_t    *surface,
            const JxFlameGraph *graph,
            const JxFlameFrame *f,
            const JxRgba       *c)
{
  double x, y, w, h;
  guint n = 0;

  jx_flame_graph_get_frame_rect (graph, f, &x, &y, &w, &h);
  for (int px = (int) x + 2; px < (int) (x + w) - 2; px++)
    {
      JxRgba p = pixel (surface, px, (int) (y + h - 3));

      if (same_color (&p, c))
        n++;
    }
  return n;
}

/* Removed compute_halo: its frames are hatched with the faster end on a
 * neutral ground and as wide as A's time; added check_residual hatched with
 * the slower end; their callers are widened to hold them. */
static void
test_one_sided (void)
{
  Pair p;

  pair_init (&p, JX_VARIANT_REMOVE_FUNCTION | JX_VARIANT_ADD_FUNCTION);
  for (int by_a = 0; by_a <= 1; by_a++)
    for (int dark = 0; dark <= 1; dark++)
      {
        JxFlameOptions options;
        g_autoptr(JxFlameGraph) graph = NULL;
        g_autoptr(GPtrArray) removed = NULL;
        g_autoptr(GPtrArray) added = NULL;
        cairo_surface_t *surface;
        JxRgba neutral, deep_fast, deep_slow;
        double scale, root_width;

        jx_flame_options_init (&options);
        options.width_by_a = by_a;
        options.dark = dark;
        options.upward = by_a;
        graph = jx_flame_graph_new (p.tree, &options);
        surface = draw (graph);
        check_hits (graph);
        jx_palette_timing_color_at (0.0, dark, &neutral);
        jx_palette_timing_color_at (-1.0, dark, &deep_fast);
        jx_palette_timing_color_at (1.0, dark, &deep_slow);

        /* The root's width: the side's total plus the other side's
         * one-sided subtrees. */
        root_width = 0.0;
        for (guint i = 0; i < jx_flame_graph_get_n_frames (graph); i++)
          if (jx_flame_graph_get_frame (graph, i)->row == 0)
            root_width += jx_flame_graph_get_frame (graph, i)->width;
        {
          double side = jx_diff_tree_seconds (p.tree, JX_DIFF_TREE_ROOT, FALSE, by_a ? FALSE : TRUE);
          double other_only = 0.0;

          for (guint32 n = 1; n < p.tree->n_nodes; n++)
            other_only += (double) (by_a ? p.tree->top_only_b[n] * p.tree->seconds_per_tick_b
                                         : p.tree->top_only_a[n] * p.tree->seconds_per_tick_a);
          g_assert_cmpfloat (other_only, >, 0.0);
          scale = root_width / (side + other_only);
          g_assert_cmpfloat_with_epsilon (root_width, options.width - 16, 1.0);
        }

        removed = frames_of (graph, p.tree, "compute_halo");
        added = frames_of (graph, p.tree, "check_residual");
        g_assert_cmpuint (removed->len, >, 0);
        g_assert_cmpuint (added->len, >, 0);
        for (guint i = 0; i < removed->len; i++)
          {
            const JxFlameFrame *f = g_ptr_array_index (removed, i);

            g_assert_cmpuint (f->marks, ==, JX_FLAME_MARK_ONLY_A);
            g_assert_cmpfloat_with_epsilon (f->width, jx_diff_tree_seconds (p.tree, f->node, FALSE, FALSE) * scale, 1e-6);
            if (f->width >= 20.0)
              {
                g_assert_cmpuint (count_like (surface, graph, f, &deep_fast), >, 2);
                g_assert_cmpuint (count_like (surface, graph, f, &neutral), >, 2);
                g_assert_cmpuint (count_like (surface, graph, f, &deep_slow), ==, 0);
              }
          }
        for (guint i = 0; i < added->len; i++)
          {
            const JxFlameFrame *f = g_ptr_array_index (added, i);

            g_assert_cmpuint (f->marks, ==, JX_FLAME_MARK_ONLY_B);
            g_assert_cmpfloat_with_epsilon (f->width, jx_diff_tree_seconds (p.tree, f->node, FALSE, TRUE) * scale, 1e-6);
            if (f->width >= 20.0)
              {
                g_assert_cmpuint (count_like (surface, graph, f, &deep_slow), >, 2);
                g_assert_cmpuint (count_like (surface, graph, f, &neutral), >, 2);
                g_assert_cmpuint (count_like (surface, graph, f, &deep_fast), ==, 0);
              }
          }
        /* Children always fit inside their caller. */
        for (guint i = 0; i < jx_flame_graph_get_n_frames (graph); i++)
          {
            const JxFlameFrame *f = jx_flame_graph_get_frame (graph, i);
            guint32 parent = p.tree->parent[f->node];
            const JxFlameFrame *pf = parent != JX_DIFF_TREE_ROOT ? jx_flame_graph_find_node (graph, parent) : NULL;

            if (pf != NULL)
              {
                g_assert_cmpfloat (f->x, >=, pf->x - 1e-6);
                g_assert_cmpfloat (f->x + f->width, <=, pf->x + pf->width + 1e-6);
              }
          }
        {
          g_autofree char *text = jx_flame_graph_dup_description (graph, ((const JxFlameFrame *) g_ptr_array_index (removed, 0))->node);

          g_assert_nonnull (strstr (text, "compute_halo"));
          g_assert_nonnull (strstr (text, "Only in A"));
        }
        cairo_surface_destroy (surface);
      }
  pair_clear (&p);
}

/* A fixed height keeps the rows that fit and says how many paths are
 * left out; --depth too. */
static void
test_rows_limited (void)
{
  Pair p;
  JxFlameOptions options;
  g_autoptr(JxFlameGraph) all = NULL;
  g_autoptr(JxFlameGraph) two = NULL;
  g_autoptr(JxFlameGraph) short_graph = NULL;
  cairo_surface_t *surface;

  pair_init (&p, JX_VARIANT_FASTER_KERNEL);
  jx_flame_options_init (&options);
  all = jx_flame_graph_new (p.tree, &options);
  options.max_depth = 2;
  two = jx_flame_graph_new (p.tree, &options);
  g_assert_cmpuint (jx_flame_graph_get_n_frames (two), <, jx_flame_graph_get_n_frames (all));
  g_assert_cmpuint (jx_flame_graph_get_n_hidden (two), >, jx_flame_graph_get_n_hidden (all));
  for (guint i = 0; i < jx_flame_graph_get_n_frames (two); i++)
    g_assert_cmpuint (jx_flame_graph_get_frame (two, i)->row, <, 2);
  options.max_depth = 0;
  options.height = 200;
  short_graph = jx_flame_graph_new (p.tree, &options);
  g_assert_cmpint (jx_flame_graph_get_height (short_graph), ==, 200);
  surface = draw (short_graph);
  check_hits (short_graph);
  cairo_surface_destroy (surface);
  pair_clear (&p);
}

/* Bare, as in the window: the frames alone, the rows from the top, as
 * many as the same height holds more than with title and legend; the
 * title and the legend on their own. */
static void
test_bare (void)
{
  Pair p;
  JxFlameOptions options;
  g_autoptr(JxFlameGraph) framed = NULL;
  g_autoptr(JxFlameGraph) bare = NULL;
  g_autofree char *title = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  double x, y, w, h;

  pair_init (&p, JX_VARIANT_FASTER_KERNEL);
  jx_flame_options_init (&options);
  options.name_a = "run-a";
  options.name_b = "run-b";
  framed = jx_flame_graph_new (p.tree, &options);
  options.bare = TRUE;
  bare = jx_flame_graph_new (p.tree, &options);
  g_assert_cmpuint (jx_flame_graph_get_n_frames (bare), ==, jx_flame_graph_get_n_frames (framed));
  g_assert_cmpint (jx_flame_graph_get_height (bare), ==,
                   jx_flame_graph_get_height (framed) - JX_FLAME_TITLE_HEIGHT - JX_FLAME_LEGEND_HEIGHT);
  jx_flame_graph_get_frame_rect (bare, jx_flame_graph_get_frame (bare, 0), &x, &y, &w, &h);
  g_assert_cmpfloat (y, ==, 0.0);
  surface = draw (bare);
  check_hits (bare);
  cairo_surface_destroy (surface);

  title = jx_flame_graph_dup_title (bare);
  g_assert_nonnull (strstr (title, "run-a"));
  g_assert_nonnull (strstr (title, "run-b"));
  g_assert_nonnull (strchr (title, '\n'));

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 960, jx_flame_graph_get_legend_height ());
  cr = cairo_create (surface);
  jx_flame_graph_draw_legend (bare, cr, 960);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  pair_clear (&p);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/flame/faster-kernel", test_faster_kernel);
  g_test_add_func ("/render/flame/slower-machine", test_slower_machine);
  g_test_add_func ("/render/flame/one-sided", test_one_sided);
  g_test_add_func ("/render/flame/rows-limited", test_rows_limited);
  g_test_add_func ("/render/flame/bare", test_bare);

  return g_test_run ();
}
