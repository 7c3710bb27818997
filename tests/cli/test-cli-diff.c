/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs `juxtrace-cli diff` (path in $JX_CLI) on generated and real traces and
 * checks its JSON, CSV and text output; the comparison itself is tested in
 * tests/analysis/test-comparison.c. */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "jx-test-util.h"
#include "jx-trace-generator.h"

static const char *
cli_path (void)
{
  const char *path = g_getenv ("JX_CLI");

  g_assert_nonnull (path);
  return path;
}

static int
run_cli (const char *const *args,
         char              **out,
         char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;
  guint i;

  g_ptr_array_add (argv, (gpointer) cli_path ());
  g_ptr_array_add (argv, (gpointer) "diff");
  for (i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error);
  g_assert_no_error (error);
  /* Under ASan/UBSan a report may come with an expected exit code. */
  if (strstr (*err, "Sanitizer") != NULL || strstr (*err, "runtime error:") != NULL)
    {
      g_test_message ("%s", *err);
      g_error ("juxtrace-cli diff: sanitizer report on stderr");
    }
  if (WIFEXITED (status))
    return WEXITSTATUS (status);
  return -1;
}

/* The archives tests/analysis/test-comparison.c compares through the library. */
static void
generate (const char *dir,
          guint       defects)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;

  jx_generator_options_init (&options);
  options.seed = 78;
  options.n_ranks = 3;
  options.n_iterations = 5;
  options.defects = defects;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
}

/* Streams whose events could not be read are listed as not compared. */
static void
test_missing_events (void)
{
  g_autofree char *tmp = g_dir_make_tmp (NULL, NULL);
  g_autofree char *dir_missing = g_build_filename (tmp, "missing", NULL);
  g_autofree char *dir_empty = g_build_filename (tmp, "empty", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;
  JsonArray *arr;

  generate (dir_missing, JX_DEFECT_INJECT_MISSING_EVT);
  generate (dir_empty, JX_DEFECT_INJECT_EMPTY_STREAM);

  {
    const char *args[] = { "--json", "--flat-optimum", dir_empty, dir_missing, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  }
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "pairs")), ==, 2);
  arr = json_object_get_array_member (root, "not_compared");
  g_assert_cmpuint (json_array_get_length (arr), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (arr, 0), "status"),
                   ==, "missing-events");
  g_assert_nonnull (strstr (json_object_get_string_member (json_array_get_object_element (arr, 0), "reason"),
                            "events of stream “MPI Rank 1 / Master thread” in trace B could not be read"));
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (arr, 0), "missing_b"));
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (arr, 0), "missing_a"));
  arr = json_object_get_array_member (root, "unpaired");
  g_assert_cmpuint (json_array_get_length (arr), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (arr, 0), "status"),
                   ==, "unpaired");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  {
    const char *args[] = { "--csv", dir_empty, dir_missing, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  }
  g_assert_nonnull (strstr (out, ",status,reason,pairing,name_distance,caveats,similarity_raw,below_baseline,structure_similarity,pairing_note,scores\n"));
  g_assert_nonnull (strstr (out, "MPI Rank 1 / Master thread,MPI Rank 1 / Master thread,,,,,,,,,,,,missing-events,"));
  g_assert_null (strstr (out, "MPI Rank 1 / Master thread,MPI Rank 1 / Master thread,0.0"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  {
    const char *args[] = { "--flat-optimum", dir_empty, dir_missing, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  }
  g_assert_nonnull (strstr (out, "n/a: events of B could not be read"));
  g_assert_nonnull (strstr (out, "1 not compared"));

  jx_test_remove_tree (tmp);
}

/* Real traces in every output format, and the exit codes of bad input. */
static void
test_real_traces (void)
{
  g_autofree char *pa = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *pb = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;
  JsonArray *pairs;
  guint i;

  {
    const char *args[] = { "--json", "--flat-optimum", "--top", "5", pa, pb, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  }
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  pairs = json_object_get_array_member (root, "pairs");
  g_assert_cmpuint (json_array_get_length (pairs), >, 0);
  for (i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *p = json_array_get_object_element (pairs, i);
      gint64 eq = json_object_get_int_member (p, "equal");
      gint64 diff = json_object_get_int_member (p, "different");
      gint64 oa = json_object_get_int_member (p, "only_a");
      gint64 ob = json_object_get_int_member (p, "only_b");
      double sim = json_object_get_double_member (p, "similarity");

      g_assert_cmpint (eq + diff + oa + ob, ==, json_object_get_int_member (p, "length"));
      g_assert_cmpint (eq + diff + oa, ==, json_object_get_int_member (p, "invocations_a"));
      g_assert_cmpint (eq + diff + ob, ==, json_object_get_int_member (p, "invocations_b"));
      g_assert_cmpint (json_object_get_int_member (p, "ha_score"), <=, json_object_get_int_member (p, "flat_optimum"));
      g_assert_cmpfloat (sim, >=, 0.0);
      g_assert_cmpfloat (sim, <=, 1.0);
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (p, "functions")), <=, 5);
    }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  {
    const char *args[] = { pa, pb, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "Similarity"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "--csv", pa, pb, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
    g_assert_true (g_str_has_prefix (out, "stream_a,stream_b,similarity"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    /* Large inputs: --explain truncates and says so. */
    const char *args[] = { "--explain", pa, pb, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "⇔"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { pa, "/nonexistent/trace-b", NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "/nonexistent/trace-b"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { pa, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 2);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "--algorithm", "bogus", pa, pb, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 2);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "--process", "No Such Process", pa, pb, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "No Such Process"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/diff/missing-events", test_missing_events);
  g_test_add_func ("/cli/diff/real-traces", test_real_traces);

  return g_test_run ();
}
