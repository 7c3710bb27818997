/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs `juxtrace-cli align` and `render --at/--marker` (path in $JX_CLI) on
 * generated runs with different start delays and on real traces; the
 * matching itself is tested in tests/analysis/test-call-profile.c. */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "jx-gen-test-util.h"
#include "jx-test-trace.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"

static const gint64 delays[] = { 0, 40000000, 123456789 };

/* Three runs of one program whose iterations start later and later. */
static char *
generate_runs (void)
{
  char *dir = jx_gen_test_make_tmp_dir ();
  g_auto(GStrv) paths = jx_test_generate_runs (dir, delays, G_N_ELEMENTS (delays), 24, NULL);

  return dir;
}

static JsonObject *
parse_json (JsonParser *parser,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

/* Runs align with the three runs and checks the offsets against the delays. */
static void
check_offsets (const char *dir,
               const char *mode,
               const char *what,
               gboolean    end,
               gboolean    shifted)
{
  g_autofree char *a = g_strdup_printf ("%s/run-0", dir);
  g_autofree char *b = g_strdup_printf ("%s/run-1", dir);
  g_autofree char *c = g_strdup_printf ("%s/run-2", dir);
  const char *args[] = { "align", a, b, c, mode, what, "--json", end ? "--end" : NULL, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;
  JsonArray *traces;

  g_assert_cmpint (jx_test_run_cli (args, &out, &err), ==, 0);
  root = parse_json (parser, out);
  traces = json_object_get_array_member (root, "traces");
  g_assert_cmpuint (json_array_get_length (traces), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (root, "edge"), ==, end ? "end" : "start");
  for (guint t = 0; t < 3; t++)
    {
      JsonObject *row = json_array_get_object_element (traces, t);

      g_assert_cmpstr (json_object_get_string_member (row, "status"), ==, t == 0 ? "reference" : "aligned");
      /* Everything after MPI_Init comes exactly the delay later. */
      g_assert_cmpint (json_object_get_int_member (row, "offset_ns"), ==, shifted ? delays[0] - delays[t] : 0);
      if (t > 0 && g_str_equal (mode, "--at"))
        {
          g_assert_cmpint (json_object_get_int_member (row, "profile_error"), ==, 0);
          g_assert_true (json_object_get_boolean_member (row, "exact"));
          g_assert_cmpstr (json_object_get_string_member (row, "process"), ==, "MPI Rank 0");
          g_assert_cmpint (json_object_get_int_member (row, "ordinal"), ==,
                           json_object_get_int_member (json_array_get_object_element (traces, 0), "ordinal"));
          g_assert_cmpint (json_object_get_int_member (row, "invocation"), ==,
                           json_object_get_int_member (json_array_get_object_element (traces, 0), "invocation"));
        }
    }
}

static void
test_start_delays (void)
{
  g_autofree char *dir = generate_runs ();

  check_offsets (dir, "--at", "stencil_kernel#7", FALSE, TRUE);
  check_offsets (dir, "--at", "stencil_kernel#7", TRUE, TRUE);
  check_offsets (dir, "--at", "MPI_Allreduce#20", FALSE, TRUE);
  check_offsets (dir, "--marker", "Iterations 9-11", FALSE, TRUE);
  /* "Initialization" starts with the trace; its end moves with the delay. */
  check_offsets (dir, "--marker", "Initialization", FALSE, FALSE);
  check_offsets (dir, "--marker", "Initialization", TRUE, TRUE);
  jx_gen_test_remove_tree (dir);
}

static void
test_formats (void)
{
  g_autofree char *dir = generate_runs ();
  g_autofree char *a = g_strdup_printf ("%s/run-0", dir);
  g_autofree char *b = g_strdup_printf ("%s/run-2", dir);
  g_autofree char *offset = g_strdup_printf ("%" G_GINT64_FORMAT, delays[0] - delays[2]);
  const char *csv[] = { "align", a, b, "--at", "stencil_kernel#3", "--process", "MPI Rank 1", "--stream", "Thread 1", "--csv", NULL };
  const char *text[] = { "align", a, b, "--at", "stencil_kernel#3", NULL };
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) fields = NULL;

  g_assert_cmpint (jx_test_run_cli (csv, &out, NULL), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "path,name,status,process,stream,index,ordinal,time_ticks,time_ns,profile_error,offset_ns,"
                                 "pairing,by_structure_partner");
  g_assert_nonnull (lines[1]);
  g_assert_nonnull (lines[2]);
  g_assert_cmpstr (lines[3], ==, "");
  fields = g_strsplit (lines[2], ",", -1);
  g_assert_cmpstr (fields[2], ==, "aligned");
  g_assert_cmpstr (fields[3], ==, "MPI Rank 1");
  g_assert_cmpstr (fields[4], ==, "Thread 1");
  g_assert_cmpstr (fields[6], ==, "3");
  g_assert_cmpstr (fields[9], ==, "0");
  g_assert_cmpstr (fields[10], ==, offset);
  g_assert_cmpstr (fields[11], ==, "name");
  g_assert_cmpstr (fields[12], ==, "");

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (jx_test_run_cli (text, &out, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "stencil_kernel"));
  g_assert_nonnull (strstr (out, "MPI Rank 0 / Master thread"));
  g_assert_nonnull (strstr (out, "an exact match"));
  g_assert_nonnull (strstr (out, offset));
  jx_gen_test_remove_tree (dir);
}

/* A trace without the function stays where it is; a missing function or
 * marker in the reference is bad input, a bad command line a usage error. */
static void
test_errors (void)
{
  g_autofree char *dir = generate_runs ();
  g_autofree char *a = g_strdup_printf ("%s/run-0", dir);
  g_autofree char *b = g_strdup_printf ("%s/run-1", dir);
  g_autofree char *renamed = g_strdup_printf ("%s/renamed", dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  JxGeneratorOptions options;
  JsonObject *row;
  const char *other[] = { "align", a, renamed, b, "--at", "stencil_kernel", "--json", NULL };
  const char *no_function[] = { "align", a, b, "--at", "no_such_function", NULL };
  const char *no_marker[] = { "align", a, b, "--marker", "no such marker", NULL };
  const char *too_many[] = { "align", a, b, "--at", "stencil_kernel#1000", NULL };
  const char *no_process[] = { "align", a, b, "--at", "stencil_kernel", "--process", "Rank 9", NULL };
  const char *both[] = { "align", a, b, "--at", "main", "--marker", "x", NULL };
  const char *neither[] = { "align", a, b, NULL };
  const char *one[] = { "align", a, "--at", "main", NULL };
  const char *zero[] = { "align", a, b, "--at", "main#0", NULL };
  const char *render_missing[] = { "render", a, b, "--at", "no_such_function", "-o", "/dev/null", "-f", "png", NULL };

  jx_generator_options_init (&options);
  options.n_ranks = 3;
  options.n_iterations = 4;
  options.variant = JX_VARIANT_RENAME_FUNCTION;
  g_assert_cmpuint (jx_generate_trace (renamed, &options, &error), >, 0);

  g_assert_cmpint (jx_test_run_cli (other, &out, NULL), ==, 0);
  row = json_array_get_object_element (json_object_get_array_member (parse_json (parser, out), "traces"), 1);
  g_assert_cmpstr (json_object_get_string_member (row, "status"), ==, "no-function");
  g_assert_cmpint (json_object_get_int_member (row, "offset_ns"), ==, 0);
  g_assert_false (json_object_has_member (row, "invocation"));

  g_assert_cmpint (jx_test_run_cli (no_function, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "no_such_function"));
  g_assert_nonnull (strstr (err, a));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (jx_test_run_cli (no_marker, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "no such marker"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (jx_test_run_cli (too_many, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "#1000"));
  g_assert_cmpint (jx_test_run_cli (no_process, NULL, NULL), ==, 1);
  g_assert_cmpint (jx_test_run_cli (both, NULL, NULL), ==, 2);
  g_assert_cmpint (jx_test_run_cli (neither, NULL, NULL), ==, 2);
  g_assert_cmpint (jx_test_run_cli (one, NULL, NULL), ==, 2);
  g_assert_cmpint (jx_test_run_cli (zero, NULL, NULL), ==, 2);
  g_assert_cmpint (jx_test_run_cli (render_missing, NULL, NULL), ==, 1);
  jx_gen_test_remove_tree (dir);
}

/* render --at draws the traces at the offsets align prints. */
static void
test_render (void)
{
  g_autofree char *dir = generate_runs ();
  g_autofree char *a = g_strdup_printf ("%s/run-0", dir);
  g_autofree char *b = g_strdup_printf ("%s/run-1", dir);
  g_autofree char *png = g_strdup_printf ("%s/aligned.png", dir);
  g_autofree char *out = NULL;
  const char *args[] = { "render", a, b, "--at", "stencil_kernel#5", "-o", png, NULL };
  const char *marker[] = { "render", a, b, "--marker", "Iterations 9-11", "--end", "-o", png, NULL };

  g_assert_cmpint (jx_test_run_cli (args, &out, NULL), ==, 0);
  g_assert_true (g_file_test (png, G_FILE_TEST_EXISTS));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (jx_test_run_cli (marker, &out, NULL), ==, 0);
  jx_gen_test_remove_tree (dir);
}

/* The two Xeon Phi Jacobi runs: the same code, exact matches at every
 * kernel; TraceR at 32 and 64 ranks: rank 31 of both. */
static void
test_real (void)
{
  g_autofree char *j01 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *j09 = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autofree char *t32 = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autofree char *t64 = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  const char *jacobi[] = { "align", j01, j09, "--at", "jacobi_kernel#37", "--json", NULL };
  const char *tracer[] = { "align", t32, t64, "--at", "MPI_Waitall#2", "--process", "MPI Rank 31", "--json", NULL };
  const char *strict[] = { "align", t32, t64, "--at", "MPI_Waitall#2", "--strict", NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  JsonArray *traces;
  JsonObject *row;

  g_assert_cmpint (jx_test_run_cli (jacobi, &out, NULL), ==, 0);
  traces = json_object_get_array_member (parse_json (parser, out), "traces");
  row = json_array_get_object_element (traces, 1);
  g_assert_cmpstr (json_object_get_string_member (row, "status"), ==, "aligned");
  g_assert_cmpstr (json_object_get_string_member (row, "stream"), ==, "OMP thread 1");
  g_assert_cmpint (json_object_get_int_member (row, "ordinal"), ==, 37);
  g_assert_cmpint (json_object_get_int_member (row, "profile_error"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (row, "offset_ns"), ==,
                   json_object_get_int_member (json_array_get_object_element (traces, 0), "time_ns") -
                   json_object_get_int_member (row, "time_ns"));

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (jx_test_run_cli (tracer, &out, NULL), ==, 0);
  row = json_array_get_object_element (json_object_get_array_member (parse_json (parser, out), "traces"), 1);
  g_assert_cmpstr (json_object_get_string_member (row, "process"), ==, "MPI Rank 31");
  g_assert_cmpint (json_object_get_int_member (row, "profile_error"), ==, 0);
  /* The TraceR traces were repaired while loading: their load reports go
   * with the JSON, and --strict refuses them. */
  g_assert_true (json_object_has_member (row, "load_report"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (jx_test_run_cli (strict, NULL, &out), ==, 1);
  g_assert_nonnull (strstr (out, "--strict"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/align/start-delays", test_start_delays);
  g_test_add_func ("/cli/align/formats", test_formats);
  g_test_add_func ("/cli/align/errors", test_errors);
  g_test_add_func ("/cli/align/render", test_render);
  g_test_add_func ("/cli/align/real", test_real);
  return g_test_run ();
}
