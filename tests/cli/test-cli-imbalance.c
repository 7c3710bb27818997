/* SPDX-License-Identifier: GPL-3.0-or-later */
/* `juxtrace-cli imbalance` and `render --fold/--fold-op/--sos`, run
 * in-process (jx_cli_main) with stdout captured: a generated run whose
 * slowed rank must head the ranking in every output format, the options'
 * errors, and folded and SOS pictures. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-test-gen.h"
#include "jx-test-util.h"

/* Runs juxtrace-cli ARGS… (NULL-terminated) in this process; returns the
 * exit code and what it wrote to stdout. */
static int
cli (char **out,
     ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char **args = NULL;
  g_autofree char *path = NULL;
  const char *arg;
  va_list ap;
  int fd, saved, status;

  g_ptr_array_add (argv, g_strdup ("juxtrace-cli"));
  va_start (ap, out);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, g_strdup (arg));
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  /* Option parsing drops what it parsed from the vector it is given: hand
   * it a copy, so that argv keeps every string to free. */
  args = g_memdup2 (argv->pdata, argv->len * sizeof (char *));

  fd = g_file_open_tmp ("jx-cli-XXXXXX", &path, NULL);
  g_assert_cmpint (fd, >=, 0);
  fflush (stdout);
  saved = dup (STDOUT_FILENO);
  dup2 (fd, STDOUT_FILENO);
  status = jx_cli_main ((int) argv->len - 1, args);
  fflush (stdout);
  dup2 (saved, STDOUT_FILENO);
  close (saved);
  close (fd);
  g_assert_true (g_file_get_contents (path, out, NULL, NULL));
  g_unlink (path);
  return status;
}

typedef struct
{
  char    *dir;
  char    *trace;
} Generated;

/* Six ranks, rank 4 doing 50 % more work. */
static void
generate_slow_rank (Generated *g)
{
  JxGeneratorOptions options;
  g_autoptr(JxTrace) trace = NULL;

  jx_generator_options_init (&options);
  options.seed = 11;
  options.n_ranks = 6;
  options.n_iterations = 20;
  options.imbalanced_ranks = 1u << 4;
  options.imbalance = 0.5;
  trace = jx_test_generate_load (&options, NULL, &g->dir);
  g->trace = g_strdup (g->dir);
}

static void
generated_clear (Generated *g)
{
  jx_test_remove_tree (g->dir);
  g_free (g->dir);
  g_free (g->trace);
}

static void
test_ranking_formats (void)
{
  Generated g;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;
  g_autofree char *csv = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *first, *process, *segment;
  g_auto(GStrv) lines = NULL;

  generate_slow_rank (&g);
  g_assert_cmpint (cli (&text, "imbalance", g.trace, NULL), ==, 0);
  g_assert_nonnull (strstr (text, "invocations of iteration"));
  /* The first process row of the ranking is the slowed rank. */
  g_assert_nonnull (strstr (text, "median of their segments’ index:\n"));
  g_assert_true (g_str_has_prefix (strstr (strstr (text, "index:\n"), "\n  MPI Rank") + 3, "MPI Rank 4 "));

  g_assert_cmpint (cli (&json, "imbalance", "--json", "--top", "3", g.trace, NULL), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  first = json_array_get_object_element (json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                                                       "traces"), 0);
  g_assert_cmpstr (json_object_get_string_member (first, "function"), ==, "iteration");
  g_assert_cmpint (json_object_get_int_member (first, "n_segments"), ==, 6 * 20);
  g_assert_cmpstr (json_object_get_string_member (first, "imbalance_between"), ==, "processes");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (first, "processes")), ==, 3);
  process = json_array_get_object_element (json_object_get_array_member (first, "processes"), 0);
  g_assert_cmpstr (json_object_get_string_member (process, "process"), ==, "MPI Rank 4");
  g_assert_cmpfloat (json_object_get_double_member (process, "excess_seconds"), >, 0.0);
  segment = json_array_get_object_element (json_object_get_array_member (first, "segments"), 0);
  g_assert_cmpstr (json_object_get_string_member (segment, "process"), ==, "MPI Rank 4");
  g_assert_cmpfloat (json_object_get_double_member (segment, "sos_seconds") +
                     json_object_get_double_member (segment, "sync_seconds"), ==,
                     json_object_get_double_member (segment, "inclusive_seconds"));

  g_assert_cmpint (cli (&csv, "imbalance", "--csv", "--top", "2", g.trace, NULL), ==, 0);
  lines = g_strsplit (csv, "\r\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "trace,kind,rank,function,process,stream,index,count,"));
  for (guint i = 1; lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);

      /* 18 columns in every row (the test trace's path has no comma). */
      g_assert_cmpuint (g_strv_length (fields), ==, 18);
      g_assert_cmpstr (fields[17], ==, "true");
      if (g_str_equal (fields[1], "process") && g_str_equal (fields[2], "1"))
        g_assert_cmpstr (fields[4], ==, "MPI Rank 4");
    }
  g_assert_nonnull (strstr (csv, ",segment,2,iteration,"));
  generated_clear (&g);
}

static void
test_function_and_errors (void)
{
  Generated g;
  g_autofree char *out = NULL;
  g_autofree char *stencil = jx_test_get_shared_trace ("TraceR__stencil4d-32");

  generate_slow_rank (&g);
  g_assert_cmpint (cli (&out, "imbalance", "--function", "compute", g.trace, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "invocations of compute"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (cli (&out, "imbalance", "--function", "no_such_function", g.trace, NULL), ==, 1);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (cli (&out, "imbalance", "--json", "--csv", g.trace, NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (cli (&out, "imbalance", "--top", "0", g.trace, NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (cli (&out, "imbalance", NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  /* Only MPI calls are called often enough: nothing to segment by. */
  g_assert_cmpint (cli (&out, "imbalance", stencil, NULL), ==, 1);
  g_clear_pointer (&out, g_free);
  generated_clear (&g);
}

/* The colour drawn at (x, y) of a PNG. */
static guint32
png_pixel (const char *path,
           int         x,
           int         y)
{
  cairo_surface_t *image = cairo_image_surface_create_from_png (path);
  guint32 pixel;

  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  pixel = ((guint32 *) (gpointer) (cairo_image_surface_get_data (image) +
                                   (gsize) y * cairo_image_surface_get_stride (image)))[x];
  cairo_surface_destroy (image);
  return pixel;
}

static void
test_render_fold_and_sos (void)
{
  Generated g;
  g_autofree char *jacobi = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autofree char *tmp = g_dir_make_tmp ("jx-cli-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);
  g_autofree char *out = NULL;

  g_assert_cmpint (cli (&out, "render", jacobi, "--fold", "device", "--fold-op", "idle", "-o", png, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Folded: 1 rows (idle)"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (cli (&out, "render", jacobi, "--fold", "threads,device", "-o", png, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Folded: 2 rows (max)"));
  g_clear_pointer (&out, g_free);
  /* --fold is repeatable: naming one grouping twice is no conflict. */
  g_assert_cmpint (cli (&out, "render", jacobi, "--fold", "threads,device", "--fold", "threads", "-o", png, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Folded: 2 rows (max)"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (cli (&out, "render", jacobi, "--fold", "threads, threads", "-o", png, NULL), ==, 0);
  g_clear_pointer (&out, g_free);
  /* --fold cluster: TraceR's 32 ranks are one cluster of 31 and an outlier
   * (rank 0), two folded rows; cluster excludes the other groupings. */
  {
    g_autofree char *stencil = jx_test_get_shared_trace ("TraceR__stencil4d-32");

    g_assert_cmpint (cli (&out, "render", stencil, "--fold", "cluster", "-o", png, NULL), ==, 0);
    g_assert_nonnull (strstr (out, "Folded: 2 rows (max)"));
    g_clear_pointer (&out, g_free);
    g_assert_cmpint (cli (&out, "render", stencil, "--fold", "cluster,process", "-o", png, NULL), ==, 2);
    g_clear_pointer (&out, g_free);
  }

  /* Usage errors. */
  g_assert_cmpint (cli (&out, "render", jacobi, "--fold", "sideways", "-o", png, NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (cli (&out, "render", jacobi, "--fold", "threads", "--fold", "node", "-o", png, NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (cli (&out, "render", jacobi, "--fold-op", "idle", "-o", png, NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (cli (&out, "render", jacobi, "--fold", "device", "--fold-op", "most", "-o", png, NULL), ==, 2);
  g_clear_pointer (&out, g_free);

  /* A trace that cannot be segmented (one ping and pong per process) is
   * drawn without the overlay beside one that can; alone it is an error. */
  {
    g_autofree char *pingpong = jx_test_get_shared_trace ("pipit__ping-pong-otf2");

    g_assert_cmpint (cli (&out, "render", jacobi, pingpong, "--sos", "-o", png, NULL), ==, 0);
    g_assert_nonnull (strstr (out, "SOS time: "));
    g_clear_pointer (&out, g_free);
    g_assert_cmpint (cli (&out, "render", pingpong, "--sos", "-o", png, NULL), ==, 1);
    g_clear_pointer (&out, g_free);
  }

  /* SOS: the slowed rank's iterations are warm, the others' cold. Rows of
   * 18 px below a 30 px ruler and a 24 px lane header: rank r at
   * 54 + 18 r; its middle at 9 more. */
  generate_slow_rank (&g);
  g_assert_cmpint (cli (&out, "render", g.trace, "--sos", "--size", "1000", "-o", png, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "SOS time: "));
  {
    guint32 slow = png_pixel (png, 600, 54 + 18 * 4 + 9);
    guint32 fast = png_pixel (png, 600, 54 + 18 * 1 + 9);

    g_test_message ("slow rank %08x, fast rank %08x", slow, fast);
    g_assert_cmpuint ((slow >> 16) & 0xff, >, slow & 0xff);   /* red over blue */
    g_assert_cmpuint (fast & 0xff, >, (fast >> 16) & 0xff);   /* blue over red */
  }
  generated_clear (&g);
  g_unlink (png);
  g_rmdir (tmp);
}

/* Several traces: one segmenting function, the first trace's dominant one,
 * in text, JSON, CSV and render --sos; a trace without it says so. */
static void
test_common_function (void)
{
  g_autofree char *j01 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *j09 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autofree char *cuda = jx_test_get_shared_trace ("casita__2_cuda_simple");
  g_autofree char *tmp = g_dir_make_tmp ("jx-cli-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *targetmap = "!$omp targetmap @jacobi_target.c:174";
  JsonObject *root;
  JsonArray *traces;

  g_assert_cmpint (cli (&out, "imbalance", "--json", j01, j09, NULL), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "function"), ==, targetmap);
  traces = json_object_get_array_member (root, "traces");
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *t = json_array_get_object_element (traces, i);

      g_assert_cmpstr (json_object_get_string_member (t, "function"), ==, targetmap);
      g_assert_true (json_object_get_boolean_member (t, "common"));
      g_assert_true (json_object_get_null_member (t, "note"));
      /* One process: its threads are what is compared, and it says so. */
      g_assert_cmpstr (json_object_get_string_member (t, "imbalance_between"), ==, "streams");
      g_assert_cmpint (json_object_get_int_member (t, "n_processes"), ==, 1);
      g_assert_cmpint (json_object_get_int_member (t, "n_streams"), >=, 2);
    }
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (cli (&out, "imbalance", j01, NULL), ==, 0);
  g_assert_null (strstr (out, "Processes by SOS time"));
  g_assert_null (strstr (out, "Excess"));
  g_assert_nonnull (strstr (out, "Processes: only MPI Rank 0 has segments, so there is no other process for it to be imbalanced against"));
  g_assert_nonnull (strstr (out, "of their index on the 2 streams:\n"));
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (cli (&out, "imbalance", j01, cuda, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Note: “casita__2_cuda_simple” does not call “!$omp targetmap @jacobi_target.c:174” often enough"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (cli (&out, "imbalance", "--csv", "--top", "1", j01, cuda, NULL), ==, 0);
  g_assert_nonnull (strstr (out, ",start_seconds,common_function\r\n"));
  g_assert_nonnull (strstr (out, "casita__2_cuda_simple/traces.otf2,candidate,1,"));
  g_assert_true (g_str_has_suffix (out, ",false\r\n"));
  g_clear_pointer (&out, g_free);

  /* render --sos: both runs on one scale by one function, named. */
  g_assert_cmpint (cli (&out, "render", j01, j09, "--sos", "-o", png, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "SOS segments: calls of “!$omp targetmap @jacobi_target.c:174” (the first trace’s dominant function) in 2 of 2 traces"));
  g_clear_pointer (&out, g_free);
  g_unlink (png);
  g_rmdir (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/imbalance/ranking-formats", test_ranking_formats);
  g_test_add_func ("/cli/imbalance/function-and-errors", test_function_and_errors);
  g_test_add_func ("/cli/imbalance/render-fold-sos", test_render_fold_and_sos);
  g_test_add_func ("/cli/imbalance/common-function", test_common_function);
  return g_test_run ();
}
