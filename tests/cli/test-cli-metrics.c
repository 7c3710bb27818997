/* SPDX-License-Identifier: GPL-3.0-or-later */
/* `info` lists the metrics (text, --metrics --json, --metrics --csv) and
 * `render --metric` draws counter rows, on the PAPI trace and on generated
 * counters. */
#include "config.h"

#include <string.h>
#include <cairo.h>

#include "jx-cli-test.h"
#include "jx-test-util.h"

static void
test_info_metrics (void)
{
  g_autofree char *papi = jx_test_get_shared_trace ("pipit__ping-pong-otf2-papi");
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(GStrv) lines = NULL;
  JsonObject *root, *first, *caveats;
  JsonArray *metrics;

  jx_cli_run (&run, "info", papi, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Metrics:           3"));
  g_assert_nonnull (strstr (run.out, "PAPI_BR_MSP"));
  g_assert_nonnull (strstr (run.out, "accumulated-start"));

  jx_cli_run (&run, "info", "--json", papi, NULL);
  root = jx_cli_parse_object (parser, run.out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "metrics")), ==, 3);

  jx_cli_run (&run, "info", "--metrics", "--json", papi, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = jx_cli_parse_object (parser, run.out);
  metrics = json_object_get_array_member (root, "metrics");
  g_assert_cmpuint (json_array_get_length (metrics), ==, 3);
  first = json_array_get_object_element (metrics, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "name"), ==, "PAPI_TOT_CYC");
  g_assert_cmpstr (json_object_get_string_member (first, "unit"), ==, "#");
  g_assert_cmpstr (json_object_get_string_member (first, "display_unit"), ==, "/s");
  g_assert_cmpstr (json_object_get_string_member (first, "mode"), ==, "accumulated-start");
  g_assert_cmpstr (json_object_get_string_member (first, "value_type"), ==, "uint64");
  g_assert_cmpint (json_object_get_int_member (first, "samples"), ==, 84);
  g_assert_cmpint (json_object_get_int_member (first, "streams"), ==, 2);
  g_assert_cmpfloat (json_object_get_double_member (first, "display_max"), >, 1e9);
  caveats = json_object_get_object_member (root, "metric_caveats");
  g_assert_cmpint (json_object_get_int_member (caveats, "unknown-metric"), ==, 0);

  jx_cli_run (&run, "info", "--metrics", "--csv", papi, NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_true (g_str_has_prefix (lines[0], "name,unit,display_unit,mode,value_type,samples,streams,"));
  g_assert_true (g_str_has_prefix (lines[1], "PAPI_TOT_CYC,#,/s,accumulated-start,uint64,84,2,"));
  g_assert_true (g_str_has_prefix (lines[3], "PAPI_BR_MSP,#,/s,accumulated-start,uint64,84,2,"));
  g_assert_cmpstr (lines[4], ==, "");

  jx_cli_run (&run, "info", "--csv", papi, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "info", "--metrics", "--csv", "--json", papi, NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* Generated counters, and a Metric event naming no metric: a caveat. */
static void
test_info_generated (void)
{
  g_autofree char *tmp = jx_test_make_tmp_dir ();
  g_autofree char *path = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(JxCliRun) run = { 0 };
  JsonObject *root, *power;
  JsonArray *metrics;

  jx_cli_generate (tmp, "m", &path, "--ranks", "2", "--iterations", "3", "--metrics",
                   "--defect", "unknown-metric", NULL);
  jx_cli_run (&run, "info", "--metrics", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = jx_cli_parse_object (parser, run.out);
  metrics = json_object_get_array_member (root, "metrics");
  g_assert_cmpuint (json_array_get_length (metrics), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (metrics, 0), "name"), ==, "JX_CYCLES");
  power = json_array_get_object_element (metrics, 1);
  g_assert_cmpstr (json_object_get_string_member (power, "mode"), ==, "absolute-point");
  g_assert_cmpstr (json_object_get_string_member (power, "value_type"), ==, "double");
  g_assert_cmpfloat (json_object_get_double_member (power, "display_min"), ==, 50.0);
  g_assert_cmpfloat (json_object_get_double_member (power, "display_max"), ==, 60.0);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "metric_caveats"),
                                               "unknown-metric"), ==, 1);

  jx_cli_run (&run, "info", path, NULL);
  g_assert_nonnull (strstr (run.out, "unknown-metric"));
  jx_test_remove_tree (tmp);
}

static int
png_height (const char *path)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);
  int h;

  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  h = cairo_image_surface_get_height (s);
  cairo_surface_destroy (s);
  return h;
}

static void
test_render_metric (void)
{
  g_autofree char *papi = jx_test_get_shared_trace ("pipit__ping-pong-otf2-papi");
  g_autofree char *plain = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *tmp = jx_test_make_tmp_dir ();
  g_autofree char *with = g_build_filename (tmp, "with.png", NULL);
  g_autofree char *without = g_build_filename (tmp, "without.png", NULL);
  g_autofree char *nope = g_build_filename (tmp, "nope.png", NULL);
  g_auto(JxCliRun) run = { 0 };

  jx_cli_run (&run, "render", "--metric", "PAPI_L2_TCM", "-o", with, papi, plain, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Counter: PAPI_L2_TCM, 2 rows, one scale from 0/s to "));
  g_assert_nonnull (strstr (run.out, "recorded in 1 of 2 traces"));
  jx_cli_run (&run, "render", "-o", without, papi, plain, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_null (strstr (run.out, "Counter:"));
  g_assert_cmpint (png_height (with), >, png_height (without));

  jx_cli_run (&run, "render", "--metric", "NOPE", "-o", nope, papi, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "NOPE"));
  g_assert_false (g_file_test (nope, G_FILE_TEST_EXISTS));
  jx_test_remove_tree (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/metrics/info", test_info_metrics);
  g_test_add_func ("/cli/metrics/info-generated", test_info_generated);
  g_test_add_func ("/cli/metrics/render", test_render_metric);

  return g_test_run ();
}
