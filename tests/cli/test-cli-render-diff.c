/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs `juxtrace-cli render --diff` and `--chart` (path in $JX_CLI) on a
 * generated pair that differs by one removed call per iteration: the diff
 * bars carry the "only here" colour in the reference and the extra-call
 * ticks in the other trace, the legend explains them, and the charts come
 * out with their sizes, scales and errors. */
#include "config.h"

#include <string.h>

#include <cairo.h>

#include "jx-palette.h"
#include "jx-test-generate.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"

typedef struct
{
  int   status;
  char *out;
  char *err;
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

static void
render (CliRun *run,
        ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  /* A run may be reused: the previous output goes first. */
  cli_run_clear (run);
  g_ptr_array_add (args, (gpointer) "render");
  va_start (ap, run);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  run->status = jx_test_run_cli ((const char * const *) args->pdata, &run->out, &run->err);
}

static void
assert_ok (const CliRun *run)
{
  if (run->status != 0)
    g_error ("juxtrace-cli render exited %d: %s", run->status, run->err);
}

static guint
report_number (const CliRun *run,
               const char   *prefix)
{
  const char *at = strstr (run->out, prefix);

  if (at == NULL)
    g_error ("no “%s” in the report:\n%s", prefix, run->out);
  return (guint) g_ascii_strtoull (at + strlen (prefix), NULL, 10);
}

static cairo_surface_t *
load_png (const char *path)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_flush (surface);
  return surface;
}

/* Pixels of the colour in rows [y0, y1) (all rows for y1 < 0). */
static guint
count_color (cairo_surface_t *surface,
             const JxRgba    *rgba,
             int              y0,
             int              y1)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int width = cairo_image_surface_get_width (surface);
  guint32 want = jx_palette_rgba_to_pixel (rgba) & 0xffffff;
  guint n = 0;

  if (y1 < 0)
    y1 = cairo_image_surface_get_height (surface);
  for (int y = y0; y < y1; y++)
    for (int x = 0; x < width; x++)
      n += (((const guint32 *) (gconstpointer) (data + (gsize) y * stride))[x] & 0xffffff) == want;
  return n;
}

static guint
count_diff_color (cairo_surface_t *surface,
                  JxDiffState      state,
                  gboolean         dark)
{
  JxRgba rgba;

  jx_palette_diff_color (state, dark, &rgba);
  return count_color (surface, &rgba, 0, -1);
}

/* --diff: the reference's bars carry the removed calls, the other trace's
 * the ticks where they would be; the legend gains the four states. */
static void
test_diff_bars (void)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *dir = jx_test_generate_remove_pair (2, 6, &a, &b);
  g_autofree char *with = g_build_filename (dir, "with.png", NULL);
  g_autofree char *without = g_build_filename (dir, "without.png", NULL);
  g_autofree char *only_b = g_build_filename (dir, "b.png", NULL);
  g_auto(CliRun) plain = { 0 };
  g_auto(CliRun) diff = { 0 };
  g_auto(CliRun) single = { 0 };
  cairo_surface_t *surface;

  render (&plain, a, b, "-o", without, "--size", "1400", NULL);
  assert_ok (&plain);
  render (&diff, a, b, "--diff", "-o", with, "--size", "1400", NULL);
  assert_ok (&diff);
  g_assert_nonnull (strstr (diff.out, "Diff bars: 1 trace compared with"));
  /* Two ranks of one stream in each trace. */
  g_assert_nonnull (strstr (diff.out, ", 4 bars under the rows"));
  g_assert_cmpuint (report_number (&diff, "Legend: "), ==, report_number (&plain, "Legend: ") + 4);
  /* Same rows, each lane a diff bar taller per stream. */
  g_assert_cmpuint (report_number (&diff, "Rows: "), ==, report_number (&plain, "Rows: "));
  g_assert_cmpuint (report_number (&diff, "1400 × "), >, report_number (&plain, "1400 × "));

  surface = load_png (without);
  g_assert_cmpuint (count_diff_color (surface, JX_DIFF_ONLY_HERE, FALSE), ==, 0);
  g_assert_cmpuint (count_diff_color (surface, JX_DIFF_ONLY_THERE, FALSE), ==, 0);
  cairo_surface_destroy (surface);

  surface = load_png (with);
  g_assert_cmpuint (count_diff_color (surface, JX_DIFF_EQUAL, FALSE), >, 1000);
  g_assert_cmpuint (count_diff_color (surface, JX_DIFF_ONLY_HERE, FALSE), >, 12);
  g_assert_cmpuint (count_diff_color (surface, JX_DIFF_ONLY_THERE, FALSE), >, 12);
  cairo_surface_destroy (surface);

  /* A trace compared with nothing has no bars. */
  render (&single, b, "--diff", "-o", only_b, NULL);
  assert_ok (&single);
  g_assert_nonnull (strstr (single.out, "Diff bars: 0 traces"));

  jx_test_remove_tree (dir);
}

/* Pixels within a few levels of the colour (each channel). */
static guint
count_near (cairo_surface_t *surface,
            const JxRgba    *rgba)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 want = jx_palette_rgba_to_pixel (rgba);
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 px = ((const guint32 *) (gconstpointer) (data + (gsize) y * stride))[x];
        gboolean near = TRUE;

        for (int shift = 0; shift < 24; shift += 8)
          near &= ABS ((int) ((px >> shift) & 0xff) - (int) ((want >> shift) & 0xff)) <= 3;
        n += near;
      }
  return n;
}

/* --diff on a machine 1.4× slower (generator variant slower-machine): the
 * compute calls' bars take the timing colour of ×1.4, light and dark, in
 * "both" (the default) and "time"; not in "structure", nor within a band
 * of ±50 %; the report and the legend say what the bars show. */
static void
test_diff_timing (void)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *dir = jx_test_generate_variant_pair (2, 6, JX_VARIANT_SLOWER_MACHINE, &a, &b);
  g_autofree char *png = g_build_filename (dir, "bars.png", NULL);
  static const char *const modes[] = { "both", "time", "structure" };
  guint n_light_both = 0;

  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    for (guint dark = 0; dark < 2; dark++)
      {
        g_auto(CliRun) run = { 0 };
        cairo_surface_t *surface;
        JxRgba slower;
        guint n;

        if (dark)
          render (&run, a, b, "--diff", "--diff-mode", modes[m], "--dark", "-o", png, "--size", "1400", NULL);
        else
          render (&run, a, b, "--diff", "--diff-mode", modes[m], "-o", png, "--size", "1400", NULL);
        assert_ok (&run);
        g_assert_nonnull (strstr (run.out, "Diff mode: "));
        g_assert_nonnull (strstr (run.out, modes[m]));
        jx_palette_timing_color (1.4, 0.10, dark, &slower);
        surface = load_png (png);
        n = count_near (surface, &slower);
        g_test_message ("%s %s: %u pixels of ×1.4", modes[m], dark ? "dark" : "light", n);
        if (m < 2)
          g_assert_cmpuint (n, >, 1000);
        else
          g_assert_cmpuint (n, ==, 0);
        if (m == 0 && !dark)
          n_light_both = n;
        cairo_surface_destroy (surface);
      }

  /* A band wider than the change: equal grey again (a few pixels of the
   * legend's scale keep that colour). */
  {
    g_auto(CliRun) run = { 0 };
    cairo_surface_t *surface;
    JxRgba slower;

    render (&run, a, b, "--diff", "--band", "50", "-o", png, "--size", "1400", NULL);
    assert_ok (&run);
    g_assert_nonnull (strstr (run.out, "±50 %"));
    jx_palette_timing_color (1.4, 0.10, FALSE, &slower);
    surface = load_png (png);
    g_assert_cmpuint (count_near (surface, &slower), <, n_light_both / 100);
    g_assert_cmpuint (count_diff_color (surface, JX_DIFF_EQUAL, FALSE), >, 1000);
    cairo_surface_destroy (surface);
  }

  /* Usage errors. */
  {
    g_auto(CliRun) run = { 0 };

    render (&run, a, b, "--diff", "--diff-mode", "colour", "-o", png, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "structure, time or both"));
    render (&run, a, b, "--band", "20", "-o", png, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "--diff"));
    render (&run, a, b, "--diff", "--band", "95", "-o", png, NULL);
    g_assert_cmpint (run.status, ==, 2);
  }

  jx_test_remove_tree (dir);
}

/* --chart: the three kinds, light and dark, their sizes; identical traces
 * have no dissimilarity, the removed calls make some. */
static void
test_charts (void)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *dir = jx_test_generate_remove_pair (3, 8, &a, &b);
  g_autofree char *png = g_build_filename (dir, "chart.png", NULL);
  static const char *kinds[] = { "skew", "dissimilarity", "time-difference" };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (int dark = 0; dark <= 1; dark++)
      {
        g_auto(CliRun) run = { 0 };
        g_autofree char *expect = g_strdup_printf ("Charts: %s of 1 comparison with", kinds[k]);
        cairo_surface_t *surface;

        render (&run, a, b, "--chart", kinds[k], "-o", png, "--size", "900", dark ? "--dark" : "--expand", NULL);
        assert_ok (&run);
        g_assert_nonnull (strstr (run.out, expect));
        surface = load_png (png);
        g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 900);
        g_assert_cmpint (cairo_image_surface_get_height (surface), ==, (int) report_number (&run, "900 × "));
        cairo_surface_destroy (surface);
      }

  /* Dissimilarity: zero against itself (only the neutral colour in the
   * strips), above zero with the removed calls. */
  {
    g_auto(CliRun) same = { 0 };
    g_auto(CliRun) other = { 0 };
    cairo_surface_t *surface;
    JxRgba zero, full;
    guint n_zero;

    jx_palette_sequential (0.0, FALSE, &zero);
    jx_palette_sequential (1.0, FALSE, &full);
    render (&same, a, a, "--chart", "dissimilarity", "-o", png, "--size", "900", NULL);
    assert_ok (&same);
    surface = load_png (png);
    n_zero = count_color (surface, &zero, 0, -1);
    g_assert_cmpuint (n_zero, >, 500);
    cairo_surface_destroy (surface);

    render (&other, a, b, "--chart", "dissimilarity", "-o", png, "--size", "900", NULL);
    assert_ok (&other);
    surface = load_png (png);
    g_assert_cmpuint (count_color (surface, &zero, 0, -1), <, n_zero / 4);
    g_assert_cmpuint (count_color (surface, &full, 0, -1), ==, 0);
    cairo_surface_destroy (surface);
  }

  jx_test_remove_tree (dir);
}

static void
test_errors (void)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *dir = jx_test_generate_remove_pair (1, 2, &a, &b);
  g_autofree char *png = g_build_filename (dir, "x.png", NULL);
  g_auto(CliRun) kind = { 0 };
  g_auto(CliRun) one = { 0 };
  g_auto(CliRun) process = { 0 };

  render (&kind, a, b, "--chart", "pie", "-o", png, NULL);
  g_assert_cmpint (kind.status, ==, 2);
  g_assert_nonnull (strstr (kind.err, "unknown chart “pie”"));
  render (&one, a, "--chart", "skew", "-o", png, NULL);
  g_assert_cmpint (one.status, ==, 2);
  render (&process, a, b, "--chart", "skew", "--process", "MPI Rank 0", "-o", png, NULL);
  assert_ok (&process);

  jx_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/render/diff-bars", test_diff_bars);
  g_test_add_func ("/cli/render/diff-timing", test_diff_timing);
  g_test_add_func ("/cli/render/charts", test_charts);
  g_test_add_func ("/cli/render/chart-errors", test_errors);

  return g_test_run ();
}
