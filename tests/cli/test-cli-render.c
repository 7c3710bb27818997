/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs `juxtrace-cli render` (path in $JX_CLI) on generated, example and
 * real traces: picture sizes in every format, pixels of a known function at
 * the columns its time and offset give, the window, the process filter, dark
 * colours and the error messages. SVG and PDF files are read back with
 * rsvg-convert and pdfinfo. */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <cairo.h>
#include <glib/gstdio.h>

#include "jx-comparison-render.h"
#include "jx-palette.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"

typedef struct
{
  int   status;   /* exit code, or -1 when it did not exit normally */
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
spawn (CliRun            *run,
       const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                &run->out, &run->err, &status, &error);
  g_assert_no_error (error);
  if (strstr (run->err, "Sanitizer") != NULL || strstr (run->err, "runtime error:") != NULL)
    {
      g_test_message ("%s", run->err);
      g_error ("%s: sanitizer report on stderr", argv[0]);
    }
  run->status = WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* juxtrace-cli render ARGS… (NULL-terminated). */
static void
render (CliRun *run,
        ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) g_getenv ("JX_CLI"));
  g_assert_nonnull (argv->pdata[0]);
  g_ptr_array_add (argv, (gpointer) "render");
  va_start (ap, run);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  spawn (run, (const char *const *) argv->pdata);
}

static void
assert_ok (const CliRun *run)
{
  if (run->status != 0)
    g_error ("juxtrace-cli render exited %d: %s", run->status, run->err);
}

/* A number after `prefix` in the tool's report. */
static guint
report_number (const CliRun *run,
               const char   *prefix)
{
  const char *at = strstr (run->out, prefix);

  if (at == NULL)
    g_error ("no “%s” in the report:\n%s", prefix, run->out);
  return (guint) g_ascii_strtoull (at + strlen (prefix), NULL, 10);
}

static void
generate (const char *dir,
          guint       n_ranks)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;

  jx_generator_options_init (&options);
  options.seed = 91;
  options.n_ranks = n_ranks;
  options.n_iterations = 4;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
}

static cairo_surface_t *
load_png (const char *path)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    g_error ("%s: not a PNG: %s", path, cairo_status_to_string (cairo_surface_status (surface)));
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  return ((const guint32 *) (gconstpointer) (data + (gsize) y * stride))[x] & 0xffffff;
}

/* Leftmost column >= x0 holding `color`, over all rows of the picture; -1. */
static int
leftmost_column (cairo_surface_t *surface,
                 int              x0,
                 guint32          color)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int best = -1;

  for (int y = 0; y < height; y++)
    for (int x = x0; x < width && (best < 0 || x < best); x++)
      if (pixel_at (surface, x, y) == color)
        {
          best = x;
          break;
        }
  return best;
}

/* The path of a program the test needs; fails naming its package. */
static char *
need_program (const char *name,
              const char *package)
{
  char *path = g_find_program_in_path (name);

  if (path == NULL)
    g_error ("%s is needed to read back the output (Debian package %s; build-aux/install-deps.sh installs it)",
             name, package);
  return path;
}

/* Sizes in every format: PNG dimensions, SVG rendered back to the same
 * size, the PDF page in points (one point per pixel). */
static void
test_sizes (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *trace = g_build_filename (tmp, "trace", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);
  g_autofree char *svg = g_build_filename (tmp, "out.svg", NULL);
  g_autofree char *svg_png = g_build_filename (tmp, "svg.png", NULL);
  g_autofree char *pdf = g_build_filename (tmp, "out.pdf", NULL);
  g_autofree char *odd = g_build_filename (tmp, "picture.data", NULL);
  cairo_surface_t *surface;

  generate (trace, 2);

  {
    g_auto(CliRun) run = { 0 };

    render (&run, trace, "-o", png, "--size", "640x360", NULL);
    assert_ok (&run);
    surface = load_png (png);
    g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 640);
    g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 360);
    cairo_surface_destroy (surface);
  }

  /* Without a height the picture is as tall as its rows need. */
  {
    g_auto(CliRun) run = { 0 };
    guint height;

    render (&run, trace, trace, "-o", png, NULL);
    assert_ok (&run);
    g_assert_nonnull (strstr (run.out, "1600 × "));
    height = report_number (&run, "1600 × ");
    surface = load_png (png);
    g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 1600);
    g_assert_cmpint (cairo_image_surface_get_height (surface), ==, (int) height);
    /* Two lanes of two rows at full height, plus ruler, headers and legend. */
    g_assert_cmpuint (report_number (&run, "Rows: "), ==, 4);
    g_assert_cmpint (height, >=, JX_COMPARISON_RENDER_RULER_HEIGHT + 2 * JX_COMPARISON_RENDER_HEADER_HEIGHT + 4 * 18);
    g_assert_cmpint (height, <, 400);
    cairo_surface_destroy (surface);
  }

  {
    g_auto(CliRun) run = { 0 };
    g_auto(CliRun) back = { 0 };
    g_autofree char *rsvg = need_program ("rsvg-convert", "librsvg2-bin");
    const char *argv[] = { rsvg, "-o", svg_png, svg, NULL };

    render (&run, trace, "-o", svg, "--size", "700x300", NULL);
    assert_ok (&run);
    spawn (&back, argv);
    g_assert_cmpint (back.status, ==, 0);
    surface = load_png (svg_png);
    g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 700);
    g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 300);
    cairo_surface_destroy (surface);
  }

  {
    g_auto(CliRun) run = { 0 };
    g_auto(CliRun) info = { 0 };
    g_autofree char *pdfinfo = need_program ("pdfinfo", "poppler-utils");
    const char *argv[] = { pdfinfo, pdf, NULL };

    render (&run, trace, "-o", pdf, "--size", "800x450", "--dark", NULL);
    assert_ok (&run);
    spawn (&info, argv);
    g_assert_cmpint (info.status, ==, 0);
    g_assert_true (g_regex_match_simple ("^Pages:\\s+1$", info.out, G_REGEX_MULTILINE, 0));
    g_assert_true (g_regex_match_simple ("^Page size:\\s+800 x 450 pts$", info.out, G_REGEX_MULTILINE, 0));
  }

  /* --format wins over the file name. */
  {
    g_auto(CliRun) run = { 0 };

    render (&run, trace, "-o", odd, "--format", "png", "--size", "100x100", NULL);
    assert_ok (&run);
    surface = load_png (odd);
    g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 100);
    cairo_surface_destroy (surface);
  }

  jx_test_remove_tree (tmp);
}

/* MPI_Init's first invocation on rank 0: where it starts, in comparison ns
 * (the trace starts at 0), and how long it runs. */
static void
find_mpi_init (const char *dir,
               gint64     *start_ns,
               gint64     *duration_ns)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = jx_trace_load (dir, NULL, NULL, NULL, NULL, &error);
  const JxStream *s;

  g_assert_no_error (error);
  s = jx_trace_get_stream (trace, 0);
  for (guint32 i = 0; i < s->n_invocations; i++)
    if (g_strcmp0 (jx_trace_get_region (trace, s->region[i])->name, "MPI_Init") == 0)
      {
        *start_ns = jx_trace_ticks_to_ns (trace, (gint64) (s->start[i] - jx_trace_get_start_time (trace)));
        *duration_ns = jx_trace_ticks_to_ns (trace, (gint64) (s->end[i] - s->start[i]));
        g_assert_cmpint (*duration_ns, >, 0);
        return;
      }
  g_error ("no MPI_Init in the generated trace");
}

/* A function sits at the column its time gives inside --window, and an
 * --offset moves it right by offset · px/ns (±1 px). */
static void
test_offset_columns (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *trace = g_build_filename (tmp, "trace", NULL);
  g_autofree char *plain = g_build_filename (tmp, "plain.png", NULL);
  g_autofree char *shifted = g_build_filename (tmp, "shifted.png", NULL);
  g_autofree char *window = NULL;
  g_autofree char *offset = NULL;
  g_autofree char *offset_by_name = NULL;
  JxComparisonRenderOptions defaults;
  cairo_surface_t *a, *b;
  gint64 start, duration, w0, w1, shift;
  int time_x, time_width, xa, xb;
  double expected_a, expected_shift;
  JxRgba mpi;
  guint32 color;

  generate (trace, 1);
  find_mpi_init (trace, &start, &duration);

  /* MPI_Init starts a quarter into the window; the offset moves it a quarter on. */
  w0 = start - 2 * duration;
  w1 = start + 6 * duration;
  shift = 2 * duration;
  window = g_strdup_printf ("%" G_GINT64_FORMAT "ns:%" G_GINT64_FORMAT "ns", w0, w1);
  offset = g_strdup_printf ("1=%" G_GINT64_FORMAT "ns", shift);
  offset_by_name = g_strdup_printf ("trace=%" G_GINT64_FORMAT "ns", shift);

  jx_comparison_render_options_init (&defaults);
  time_x = defaults.label_width;
  time_width = 1200 - time_x;
  jx_palette_category_color (JX_CATEGORY_MPI, FALSE, &mpi);
  color = jx_palette_rgba_to_pixel (&mpi) & 0xffffff;

  {
    g_auto(CliRun) run = { 0 };

    render (&run, trace, "-o", plain, "--size", "1200x300", "--window", window, NULL);
    assert_ok (&run);
  }
  {
    g_auto(CliRun) run = { 0 };

    render (&run, trace, "-o", shifted, "--size", "1200x300", "--window", window, "--offset", offset, NULL);
    assert_ok (&run);
  }

  a = load_png (plain);
  b = load_png (shifted);
  xa = leftmost_column (a, time_x, color);
  xb = leftmost_column (b, time_x, color);
  expected_a = time_x + (double) (start - w0) * time_width / (double) (w1 - w0);
  expected_shift = (double) shift * time_width / (double) (w1 - w0);
  g_test_message ("MPI_Init at column %d (expected %.1f), shifted to %d (expected +%.1f)",
                  xa, expected_a, xb, expected_shift);
  g_assert_cmpfloat (ABS (xa - expected_a), <=, 1.0);
  g_assert_cmpfloat (ABS ((xb - xa) - expected_shift), <=, 1.0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);

  /* The trace by name gives the same picture. */
  {
    g_auto(CliRun) run = { 0 };

    render (&run, trace, "-o", shifted, "--size", "1200x300", "--window", window,
            "--offset", offset_by_name, NULL);
    assert_ok (&run);
    b = load_png (shifted);
    g_assert_cmpint (leftmost_column (b, time_x, color), ==, xb);
    cairo_surface_destroy (b);
  }

  jx_test_remove_tree (tmp);
}

/* --window picks the span and reports it; an open side keeps the extent's. */
static void
test_window (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *trace = g_build_filename (tmp, "trace", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);

  generate (trace, 1);
  {
    g_auto(CliRun) run = { 0 };

    render (&run, trace, "-o", png, "--window", "1ms:2.5 ms", NULL);
    assert_ok (&run);
    g_assert_nonnull (strstr (run.out, "Window: 1 ms to 2.5 ms"));
  }
  {
    g_auto(CliRun) run = { 0 };

    render (&run, trace, "-o", png, "--window", "2:", NULL);
    assert_ok (&run);
    g_assert_nonnull (strstr (run.out, "Window: 2 ms to "));
  }
  jx_test_remove_tree (tmp);
}

/* --process keeps the rows of one process in every trace. */
static void
test_process (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *three = g_build_filename (tmp, "three", NULL);
  g_autofree char *two = g_build_filename (tmp, "two", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);
  cairo_surface_t *all, *one;

  generate (three, 3);
  generate (two, 2);
  {
    g_auto(CliRun) run = { 0 };

    render (&run, three, two, "-o", png, NULL);
    assert_ok (&run);
    g_assert_cmpuint (report_number (&run, "Rows: "), ==, 5);
    all = load_png (png);
  }
  {
    g_auto(CliRun) run = { 0 };

    render (&run, three, two, "-o", png, "--process", "MPI Rank 1", NULL);
    assert_ok (&run);
    g_assert_cmpuint (report_number (&run, "Rows: "), ==, 2);
    one = load_png (png);
  }
  g_assert_cmpint (cairo_image_surface_get_height (one), ==,
                   cairo_image_surface_get_height (all) - 3 * 18);
  cairo_surface_destroy (all);
  cairo_surface_destroy (one);

  /* A process only one trace has: the other lane says so. */
  {
    g_auto(CliRun) run = { 0 };

    render (&run, three, two, "-o", png, "--process", "MPI Rank 2", NULL);
    assert_ok (&run);
    g_assert_cmpuint (report_number (&run, "Rows: "), ==, 1);
  }
  /* None has it: bad input. */
  {
    g_auto(CliRun) run = { 0 };

    render (&run, three, two, "-o", png, "--process", "MPI Rank 9", NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "no process named “MPI Rank 9”"));
  }
  jx_test_remove_tree (tmp);
}

/* --dark paints the dark window background and the dark tints. */
static void
test_dark (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *trace = g_build_filename (tmp, "trace", NULL);
  g_autofree char *light = g_build_filename (tmp, "light.png", NULL);
  g_autofree char *dark = g_build_filename (tmp, "dark.png", NULL);
  cairo_surface_t *l, *d;
  JxRgba tint;
  int y;

  generate (trace, 1);
  {
    g_auto(CliRun) run = { 0 };

    render (&run, trace, "-o", light, "--size", "400x200", NULL);
    assert_ok (&run);
  }
  {
    g_auto(CliRun) run = { 0 };

    render (&run, trace, "-o", dark, "--size", "400x200", "--dark", NULL);
    assert_ok (&run);
  }
  l = load_png (light);
  d = load_png (dark);
  /* Bottom right corner: window background. */
  g_assert_cmpuint (pixel_at (l, 399, 199) & 0xff, >, 0xe0);
  g_assert_cmpuint (pixel_at (d, 399, 199) & 0xff, <, 0x40);
  /* The lane header carries the first trace's tint. */
  y = JX_COMPARISON_RENDER_RULER_HEIGHT + 2;
  jx_palette_trace_background (0, FALSE, &tint);
  g_assert_cmphex (pixel_at (l, 399, y), ==, jx_palette_rgba_to_pixel (&tint) & 0xffffff);
  jx_palette_trace_background (0, TRUE, &tint);
  g_assert_cmphex (pixel_at (d, 399, y), ==, jx_palette_rgba_to_pixel (&tint) & 0xffffff);
  cairo_surface_destroy (l);
  cairo_surface_destroy (d);
  jx_test_remove_tree (tmp);
}

static void
assert_fails (int         status,
              const char *message,
              ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(CliRun) run = { 0 };
  const char *arg;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) g_getenv ("JX_CLI"));
  g_ptr_array_add (argv, (gpointer) "render");
  va_start (ap, message);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  spawn (&run, (const char *const *) argv->pdata);
  if (run.status != status || strstr (run.err, message) == NULL)
    g_error ("expected exit %d and “%s”, got %d: %s", status, message, run.status, run.err);
  g_assert_true (g_str_has_prefix (run.err, "juxtrace-cli render: "));
}

static gboolean
same_file (const char *a,
           const char *b)
{
  g_autofree char *da = NULL;
  g_autofree char *db = NULL;
  gsize la = 0, lb = 0;

  g_assert_true (g_file_get_contents (a, &da, &la, NULL));
  g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
  return la == lb && memcmp (da, db, la) == 0;
}

/* The number after "Rows: " of render ARGS… with --process NAME (NULL:
 * every row). */
static guint
rows_of (const char *session,
         const char *process,
         const char *png)
{
  g_auto(CliRun) run = { 0 };

  if (process != NULL)
    render (&run, session, "-o", png, "--process", process, NULL);
  else
    render (&run, session, "-o", png, NULL);
  assert_ok (&run);
  return report_number (&run, "Rows: ");
}

/* Each trace of a saved comparison is loaded as the part of it the file
 * keeps (the rows drawn are those of the part's processes: a process's
 * rows only where its trace's part has it), the same as the selection
 * options would load it; options given select another part of every
 * trace, and render says so. */
static void
test_session_parts (const char *tmp,
                    const char *two)
{
  g_autofree char *four = g_build_filename (tmp, "four", NULL);
  g_autofree char *part = g_build_filename (tmp, "part.juxtrace", NULL);
  g_autofree char *every = g_build_filename (tmp, "every.juxtrace", NULL);
  g_autofree char *positions = g_build_filename (tmp, "positions.juxtrace", NULL);
  g_autofree char *from_file = g_build_filename (tmp, "file.png", NULL);
  g_autofree char *from_options = g_build_filename (tmp, "options.png", NULL);

  generate (four, 4);
  /* Of "four" ranks 0 and 2, of "two" rank 1. */
  g_assert_true (g_file_set_contents (part, "[Juxtrace Comparison]\nVersion=1\n[Trace 0]\nPath=four\n"
                                            "SelectEvery=2;0;\n[Trace 1]\nPath=two\nSelectProcesses=MPI Rank 1;\n",
                                      -1, NULL));
  {
    g_auto(CliRun) run = { 0 };

    render (&run, part, "-o", from_file, NULL);
    assert_ok (&run);
    g_assert_cmpuint (report_number (&run, "Rows: "), ==, 3);
    g_assert_nonnull (strstr (run.err, "four: loaded in part: 2 of 4 processes (one process in 2)"));
    g_assert_nonnull (strstr (run.err, "two: loaded in part: 1 of 2 processes (“MPI Rank 1”)"));
    g_assert_null (strstr (run.err, "saved as a part"));
  }
  g_assert_cmpuint (rows_of (part, "MPI Rank 0", from_file), ==, 1);
  g_assert_cmpuint (rows_of (part, "MPI Rank 1", from_file), ==, 1);
  g_assert_cmpuint (rows_of (part, "MPI Rank 2", from_file), ==, 1);
  {
    g_auto(CliRun) run = { 0 };

    render (&run, part, "-o", from_file, "--process", "MPI Rank 3", NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "no process named “MPI Rank 3” in any of the traces"));
  }

  /* Positions, which no option can give: ranks 1 and 3 of "four", "two"
   * whole. */
  g_assert_true (g_file_set_contents (positions, "[Juxtrace Comparison]\nVersion=1\n[Trace 0]\nPath=four\n"
                                                 "SelectPositions=1;3;\n[Trace 1]\nPath=two\n", -1, NULL));
  g_assert_cmpuint (rows_of (positions, NULL, from_file), ==, 4);
  g_assert_cmpuint (rows_of (positions, "MPI Rank 0", from_file), ==, 1);
  g_assert_cmpuint (rows_of (positions, "MPI Rank 1", from_file), ==, 2);
  g_assert_cmpuint (rows_of (positions, "MPI Rank 3", from_file), ==, 1);

  /* The same part of both: the picture --every 2 draws. */
  g_assert_true (g_file_set_contents (every, "[Juxtrace Comparison]\nVersion=1\n[Trace 0]\nPath=four\n"
                                             "SelectEvery=2;0;\n[Trace 1]\nPath=two\nSelectEvery=2;0;\n", -1, NULL));
  g_assert_cmpuint (rows_of (every, NULL, from_file), ==, 3);
  {
    g_auto(CliRun) run = { 0 };

    render (&run, four, two, "--every", "2", "-o", from_options, NULL);
    assert_ok (&run);
  }
  g_assert_true (same_file (from_file, from_options));

  /* Options given select the part of every trace; render says so. */
  {
    g_auto(CliRun) run = { 0 };

    render (&run, part, "--processes", "MPI Rank 1", "-o", from_file, NULL);
    assert_ok (&run);
    g_assert_cmpuint (report_number (&run, "Rows: "), ==, 2);
    g_assert_nonnull (strstr (run.err, "“four” was saved as a part of it (one process in 2)"));
    g_assert_nonnull (strstr (run.err, "“two” was saved as a part of it (“MPI Rank 1”)"));
  }
}

/* A saved comparison (SESSION.juxtrace) draws the picture its traces,
 * reference, offsets, window and parts give as options; options given win;
 * a moved trace or a corrupt file is an input error naming it. */
static void
test_session_file (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *one = g_build_filename (tmp, "one", NULL);
  g_autofree char *two = g_build_filename (tmp, "two", NULL);
  g_autofree char *session = g_build_filename (tmp, "pair.juxtrace", NULL);
  g_autofree char *moved = g_build_filename (tmp, "moved.juxtrace", NULL);
  g_autofree char *broken = g_build_filename (tmp, "broken.juxtrace", NULL);
  g_autofree char *from_session = g_build_filename (tmp, "session.png", NULL);
  g_autofree char *from_options = g_build_filename (tmp, "options.png", NULL);
  g_autofree char *text = NULL;
  static const char *moved_text = "[Juxtrace Comparison]\nVersion=1\n[Trace 0]\nPath=gone/run\n";

  generate (one, 1);
  generate (two, 2);
  /* "two" is the reference, 1.5 ms later; the window 1 to 4 ms. */
  text = g_strdup_printf ("[Juxtrace Comparison]\nVersion=1\nReference=1\nVisibleTime=1000000;4000000;\n\n"
                          "[Trace 0]\nPath=one\nOffset=0\n\n[Trace 1]\nPath=two\nOffset=1500000\n");
  g_assert_true (g_file_set_contents (session, text, -1, NULL));
  {
    g_auto(CliRun) run = { 0 };

    render (&run, session, "-o", from_session, "--size", "1200x300", NULL);
    assert_ok (&run);
    g_assert_nonnull (strstr (run.out, "Window: 1 ms to 4 ms"));
  }
  {
    g_auto(CliRun) run = { 0 };

    render (&run, two, one, "-o", from_options, "--size", "1200x300", "--window", "1ms:4ms",
            "--offset", "1=1.5ms", NULL);
    assert_ok (&run);
  }
  g_assert_true (same_file (from_session, from_options));

  /* An option given wins over the file's. */
  {
    g_auto(CliRun) run = { 0 };

    render (&run, session, "-o", from_session, "--window", "2ms:3ms", NULL);
    assert_ok (&run);
    g_assert_nonnull (strstr (run.out, "Window: 2 ms to 3 ms"));
  }

  test_session_parts (tmp, two);

  g_assert_true (g_file_set_contents (moved, moved_text, -1, NULL));
  {
    g_auto(CliRun) run = { 0 };

    render (&run, moved, "-o", from_session, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "moved.juxtrace"));
    g_assert_nonnull (strstr (run.err, "gone/run"));
  }
  g_assert_true (g_file_set_contents (broken, "PK\x03\x04 zip?", -1, NULL));
  {
    g_auto(CliRun) run = { 0 };

    render (&run, broken, "-o", from_session, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "broken.juxtrace"));
    g_assert_nonnull (strstr (run.err, "not a Juxtrace comparison"));
  }
  jx_test_remove_tree (tmp);
}

/* Bad input exits 1 naming the file or trace, usage errors exit 2. */
static void
test_errors (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *trace = g_build_filename (tmp, "trace", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);
  g_autofree char *missing = g_build_filename (tmp, "nothing-here", NULL);
  g_autofree char *unwritable = g_build_filename (tmp, "no-such-dir", "out.png", NULL);

  generate (trace, 1);

  assert_fails (1, "no trace named “other”", trace, "-o", png, "--offset", "other=1ms", NULL);
  assert_fails (1, "there is no trace 3", trace, "-o", png, "--offset", "3=1ms", NULL);
  assert_fails (1, "2 traces are named “trace”", trace, trace, "-o", png, "--offset", "trace=1ms", NULL);
  assert_fails (1, missing, missing, "-o", png, NULL);
  assert_fails (1, unwritable, trace, "-o", unwritable, NULL);
  g_assert_false (g_file_test (unwritable, G_FILE_TEST_EXISTS));

  assert_fails (2, "bad offset “1=soon”", trace, "-o", png, "--offset", "1=soon", NULL);
  assert_fails (2, "bad offset “1ms”", trace, "-o", png, "--offset", "1ms", NULL);
  assert_fails (2, "bad window “5ms”", trace, "-o", png, "--window", "5ms", NULL);
  assert_fails (2, "bad window “5ms:1ms”", trace, "-o", png, "--window", "5ms:1ms", NULL);
  assert_fails (2, "bad window “1x:2ms”", trace, "-o", png, "--window", "1x:2ms", NULL);
  assert_fails (2, "bad size “big”", trace, "-o", png, "--size", "big", NULL);
  assert_fails (2, "bad size “10x10”", trace, "-o", png, "--size", "10x10", NULL);
  assert_fails (2, "bad size “800x-5”", trace, "-o", png, "--size", "800x-5", NULL);
  assert_fails (2, "expected an output file", trace, NULL);
  assert_fails (2, "expected at least one trace", "-o", png, NULL);
  assert_fails (2, "cannot tell the format", trace, "-o", "out.jpeg", NULL);
  assert_fails (2, "unknown format “gif”", trace, "-o", png, "--format", "gif", NULL);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));

  jx_test_remove_tree (tmp);
}

/* Every real trace, alone and all of them in one picture, and the bundled
 * example comparison: a valid, non-blank picture of the reported size. */
static void
check_picture (const char *png,
               const CliRun *run)
{
  cairo_surface_t *surface = load_png (png);
  g_autoptr(GHashTable) colors = g_hash_table_new (g_direct_hash, g_direct_equal);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);

  g_assert_cmpint (width, ==, 1600);
  g_assert_cmpuint ((guint) height, ==, report_number (run, "1600 × "));
  g_assert_cmpuint (report_number (run, "Legend: "), >, 0);
  for (int y = 0; y < height; y += 3)
    for (int x = 0; x < width; x += 3)
      g_hash_table_add (colors, GUINT_TO_POINTER (pixel_at (surface, x, y) + 1));
  g_assert_cmpuint (g_hash_table_size (colors), >, 8);
  cairo_surface_destroy (surface);
}

static void
test_real_traces (void)
{
  const char *root = jx_test_get_shared_traces ();
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (root, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (root, name, NULL);
      g_auto(CliRun) run = { 0 };

      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      g_ptr_array_add (all, g_strdup (path));
      render (&run, path, "-o", png, NULL);
      assert_ok (&run);
      check_picture (png, &run);
    }
  g_assert_cmpuint (all->len, >=, 8);

  {
    g_autoptr(GPtrArray) argv = g_ptr_array_new ();
    g_auto(CliRun) run = { 0 };

    g_ptr_array_add (argv, (gpointer) g_getenv ("JX_CLI"));
    g_ptr_array_add (argv, (gpointer) "render");
    for (guint i = 0; i < all->len; i++)
      g_ptr_array_add (argv, all->pdata[i]);
    g_ptr_array_add (argv, (gpointer) "-o");
    g_ptr_array_add (argv, png);
    g_ptr_array_add (argv, (gpointer) "--offset");
    g_ptr_array_add (argv, (gpointer) "2=-1.5s");
    g_ptr_array_add (argv, NULL);
    spawn (&run, (const char *const *) argv->pdata);
    assert_ok (&run);
    check_picture (png, &run);
  }
  jx_test_remove_tree (tmp);
}

static void
test_examples (void)
{
  const char *examples = g_getenv ("JX_EXAMPLES_DIR");
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);
  g_autofree char *baseline = NULL;
  g_autofree char *optimized = NULL;
  g_autofree char *other = NULL;
  g_autofree char *imbalanced = NULL;

  g_assert_nonnull (examples);
  baseline = g_build_filename (examples, "baseline", NULL);
  optimized = g_build_filename (examples, "optimized", NULL);
  other = g_build_filename (examples, "other-machine", NULL);
  imbalanced = g_build_filename (examples, "imbalanced", NULL);
  for (guint dark = 0; dark < 2; dark++)
    {
      g_auto(CliRun) run = { 0 };

      render (&run, baseline, optimized, other, imbalanced, "-o", png,
              "--offset", "optimized=20ms", dark ? "--dark" : "--expand", NULL);
      assert_ok (&run);
      check_picture (png, &run);
      g_assert_cmpuint (report_number (&run, "Rows: "), ==, 4 * 8 * 4);
    }
  jx_test_remove_tree (tmp);
}

/* Without a height, more rows than the largest picture holds at full row
 * height: the picture takes the largest height and the rows share it (it
 * used to come out 1 px high, with no row). */
static void
test_many_rows (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *trace = g_build_filename (tmp, "trace", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);
  g_autofree char *size = g_strdup_printf ("400 × %d px", JX_COMPARISON_RENDER_MAX_SIDE);
  g_auto(CliRun) run = { 0 };
  g_autoptr(GError) error = NULL;
  JxGeneratorOptions options;

  jx_generator_options_init (&options);
  options.n_ranks = 1000;
  options.n_iterations = 1;
  options.depth = 2;
  options.fanout = 1;
  g_assert_cmpuint (jx_generate_trace (trace, &options, &error), >, 0);
  g_assert_no_error (error);

  render (&run, trace, "--size", "400", "-o", png, NULL);
  assert_ok (&run);
  g_assert_nonnull (strstr (run.out, size));
  g_assert_cmpuint (report_number (&run, "Rows: "), ==, 1000);
  jx_test_remove_tree (tmp);
}

/* A picture of a given height is used: the Jacobi pair's ten rows grow past
 * the window's 18 px; 64 ranks in a short picture get rows too low for
 * every label, and the lane says how many streams it holds. */
static void
test_rows_use_height (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-render-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);
  g_autofree char *j1 = g_build_filename (jx_test_get_shared_traces (), "casita__1_xeonphi_jacobi_01", "traces.otf2", NULL);
  g_autofree char *j9 = g_build_filename (jx_test_get_shared_traces (), "casita__1_xeonphi_jacobi_09", "traces.otf2", NULL);
  g_autofree char *s64 = g_build_filename (jx_test_get_shared_traces (), "TraceR__stencil4d-64", "traces.otf2", NULL);
  g_auto(CliRun) run = { 0 };
  const char *at;

  render (&run, j1, j9, "--size", "1600x900", "-o", png, NULL);
  assert_ok (&run);
  at = strstr (run.out, "px high");
  g_assert_nonnull (at);
  g_assert_cmpuint (report_number (&run, "left out, "), >, 18);
  cli_run_clear (&run);

  render (&run, s64, "--size", "800x400", "--expand", "-o", png, NULL);
  assert_ok (&run);
  g_assert_cmpuint (report_number (&run, "Rows: "), ==, 64);
  g_assert_cmpuint (report_number (&run, "left out, "), <, JX_COMPARISON_RENDER_LABEL_ROW_HEIGHT);
  jx_test_remove_tree (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/render/sizes", test_sizes);
  g_test_add_func ("/cli/render/rows-use-height", test_rows_use_height);
  g_test_add_func ("/cli/render/offset-columns", test_offset_columns);
  g_test_add_func ("/cli/render/window", test_window);
  g_test_add_func ("/cli/render/process", test_process);
  g_test_add_func ("/cli/render/dark", test_dark);
  g_test_add_func ("/cli/render/errors", test_errors);
  g_test_add_func ("/cli/render/session-file", test_session_file);
  g_test_add_func ("/cli/render/real-traces", test_real_traces);
  g_test_add_func ("/cli/render/many-rows", test_many_rows);
  if (g_getenv ("JX_EXAMPLES_DIR") != NULL)
    g_test_add_func ("/cli/render/examples", test_examples);

  return g_test_run ();
}
