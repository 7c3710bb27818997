/* SPDX-License-Identifier: GPL-3.0-or-later */
/* `juxtrace-cli diff`: the headline it opens with (text), the JSON headline
 * object, --csv --headline, --top, the --fail-above gate both ways, and a
 * similarity below the all-mismatch baseline on a real pair. The numbers
 * themselves are tested in tests/analysis/test-headline.c. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "jx-cli-test.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"

/* The line of text starting with prefix (after spaces), or NULL. */
static char *
line_starting (const char *text,
               const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (g_strchug (lines[i]), prefix))
      return g_strdup (lines[i]);
  return NULL;
}

static guint
count_fields (const char *line)
{
  guint n = 1;

  /* No quoted commas in these rows: names are plain. */
  for (const char *c = line; *c != '\0'; c++)
    n += *c == ',';
  return n;
}

/* The Jacobi pair: run 09 is 1.33× slower, its kernels take several times
 * longer; the headline says so first. */
static void
test_jacobi (void)
{
  g_autofree char *pa = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *pb = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) rows = NULL;
  JsonObject *root, *headline, *first, *other;
  JsonArray *contributors;
  double shares = 0.0;
  guint n_contributors = 0;

  jx_cli_run (&run, "diff", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[2], "Runtime: A 14.2 s → B 18.8 s (×1.33, +4.61 s: B slower)"));
  g_assert_cmpstr (lines[3], ==, "Structure: identical in all 4 compared stream pairs (3759 equal calls)");
  g_assert_true (g_str_has_prefix (lines[4], "Time in calls summed over the 4 compared stream pairs: "));
  g_assert_true (g_str_has_prefix (lines[5], "  jacobi_kernel "));
  g_assert_nonnull (strstr (lines[5], "+4.16 s (+808 %)"));
  g_assert_nonnull (strstr (lines[5], "of the change"));
  /* Five contributors by default, then the rest. */
  g_assert_nonnull (strstr (lines[10], "other functions"));
  /* The function table: net first, B − A. */
  g_assert_nonnull (strstr (run.out, "Net B−A"));
  g_assert_nonnull (strstr (run.out, "!$omp implicit barrier @jacobi_target.c:179"));

  jx_cli_run (&run, "diff", "--json", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = jx_cli_parse_object (parser, run.out);
  headline = json_object_get_object_member (root, "headline");
  g_assert_cmpstr (json_object_get_string_member (headline, "structure"), ==, "identical");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (headline, "runtime_ratio"), 1.325, 0.01);
  contributors = json_object_get_array_member (headline, "contributors");
  g_assert_cmpuint (json_array_get_length (contributors), ==, 5);
  first = json_array_get_object_element (contributors, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "function"), ==, "jacobi_kernel");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (first, "change_seconds"), 4.16, 0.01);
  g_assert_cmpint (json_object_get_int_member (first, "calls_a"), ==, 100);
  for (guint i = 0; i < 5; i++)
    shares += json_object_get_double_member (json_array_get_object_element (contributors, i), "share");
  other = json_object_get_object_member (headline, "other");
  shares += json_object_get_double_member (other, "share");
  g_assert_cmpfloat_with_epsilon (shares, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (headline, "total_change_seconds"),
                                  json_object_get_double_member (headline, "time_in_calls_b_seconds")
                                  - json_object_get_double_member (headline, "time_in_calls_a_seconds"), 1e-6);
  /* The function rows: net = B − A and its parts. */
  first = json_array_get_object_element (json_object_get_array_member (root, "functions"), 0);
  g_assert_cmpstr (json_object_get_string_member (first, "function"), ==, "jacobi_kernel");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (first, "net_seconds"),
                                  json_object_get_double_member (first, "slower_seconds")
                                  - json_object_get_double_member (first, "faster_seconds")
                                  + json_object_get_double_member (first, "only_b_seconds")
                                  - json_object_get_double_member (first, "only_a_seconds"), 1e-9);

  /* --top 0: every function that changed, nothing left over. */
  jx_cli_run (&run, "diff", "--json", "--top", "0", pa, pb, NULL);
  root = jx_cli_parse_object (parser, run.out);
  headline = json_object_get_object_member (root, "headline");
  contributors = json_object_get_array_member (headline, "contributors");
  g_assert_cmpuint (json_array_get_length (contributors), >, 5);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (headline, "other"), "functions"), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "functions")), >=,
                    json_array_get_length (contributors));

  /* --csv --headline: one row per item, every row as wide as the header. */
  jx_cli_run (&run, "diff", "--csv", "--headline", "--top", "3", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = g_strsplit (g_strchomp (run.out), "\n", -1);
  g_assert_true (g_str_has_prefix (rows[0], "kind,rank,function,a_seconds,b_seconds,change_seconds,ratio,"));
  for (guint i = 0; rows[i] != NULL; i++)
    g_assert_cmpuint (count_fields (rows[i]), ==, count_fields (rows[0]));
  g_assert_true (g_str_has_prefix (rows[1], "runtime,,,"));
  g_assert_true (g_str_has_prefix (rows[2], "structure,,identical,"));
  g_assert_true (g_str_has_suffix (rows[2], ",3759,0,0,0,4,0"));
  g_assert_true (g_str_has_prefix (rows[3], "time_in_calls,,,"));
  g_assert_true (g_str_has_prefix (rows[4], "contributor,1,jacobi_kernel,"));
  for (guint i = 4; rows[i] != NULL; i++)
    n_contributors += g_str_has_prefix (rows[i], "contributor,");
  g_assert_cmpuint (n_contributors, ==, 3);
  g_assert_true (g_str_has_prefix (rows[7], "other,,"));
  g_assert_null (rows[8]);
}

/* --fail-above: the runtime of the Jacobi pair grew by 32.5 %. */
static void
test_gate_runtime (void)
{
  g_autofree char *pa = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *pb = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *verdict = NULL;
  JsonObject *gate;

  jx_cli_run (&run, "diff", "--fail-above", "30", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 3);
  verdict = line_starting (run.out, "Regression gate FAILED");
  g_assert_nonnull (verdict);
  g_assert_nonnull (strstr (verdict, "the runtime changed by +32.5 %"));
  g_assert_nonnull (strstr (verdict, "exit status 3"));
  /* The headline that says why is printed with it. */
  g_assert_nonnull (strstr (run.out, "  jacobi_kernel "));

  jx_cli_run (&run, "diff", "--fail-above", "40%", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Regression gate passed"));

  /* The other way round the runtime fell: a gate of 0 passes. */
  jx_cli_run (&run, "diff", "--fail-above", "0", pb, pa, NULL);
  g_assert_cmpint (run.status, ==, 0);

  /* JSON: the verdict in the headline object and on stderr. */
  jx_cli_run (&run, "diff", "--json", "--fail-above", "10", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.err, "Regression gate FAILED"));
  gate = json_object_get_object_member (json_object_get_object_member (jx_cli_parse_object (parser, run.out), "headline"), "gate");
  g_assert_true (json_object_get_boolean_member (gate, "failed"));
  g_assert_cmpstr (json_object_get_string_member (gate, "subject"), ==, "runtime");
  g_assert_cmpint (json_object_get_int_member (gate, "exit_status"), ==, 3);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (gate, "growth_percent"), 32.5, 0.1);

  /* CSV too. */
  jx_cli_run (&run, "diff", "--csv", "--fail-above", "10", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.err, "Regression gate FAILED"));

  /* The merged tree replaces the report, not the gate. */
  jx_cli_run (&run, "diff", "--tree", "--fail-above", "10", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.err, "Regression gate FAILED"));
  jx_cli_run (&run, "diff", "--tree", "--fail-above", "40", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 0);

  /* Bad values are usage errors (2), not load failures (1). */
  jx_cli_run (&run, "diff", "--fail-above", "much", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "diff", "--fail-above", "5", "--function", "no_such_function", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "no_such_function"));
}

static char *
generate (const char *dir,
          const char *name,
          guint       variant)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_iterations = 20;
  options.variant = variant;
  g_assert_cmpuint (jx_generate_trace (path, &options, &error), >, 0);
  g_assert_no_error (error);
  return path;
}

/* --fail-above --function: the kernel that took twice as long. */
static void
test_gate_function (void)
{
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autofree char *fast = generate (dir, "fast", JX_VARIANT_FASTER_KERNEL);
  g_autofree char *base = generate (dir, "base", 0);
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *verdict = NULL;
  g_autofree char *line = NULL;
  JsonObject *gate;

  /* fast → base: stencil_kernel +100 %. */
  jx_cli_run (&run, "diff", "--fail-above", "50", "--function", "stencil_kernel", fast, base, NULL);
  g_assert_cmpint (run.status, ==, 3);
  verdict = line_starting (run.out, "Regression gate FAILED");
  g_assert_nonnull (verdict);
  g_assert_nonnull (strstr (verdict, "the time in stencil_kernel"));
  line = line_starting (run.out, "stencil_kernel  +");
  g_assert_nonnull (line);

  jx_cli_run (&run, "diff", "--fail-above", "150", "--function", "stencil_kernel", fast, base, NULL);
  g_assert_cmpint (run.status, ==, 0);

  /* base → fast: it got faster, the gate passes at 0. */
  jx_cli_run (&run, "diff", "--json", "--fail-above", "0", "--function", "stencil_kernel", base, fast, NULL);
  g_assert_cmpint (run.status, ==, 0);
  gate = json_object_get_object_member (json_object_get_object_member (jx_cli_parse_object (parser, run.out), "headline"), "gate");
  g_assert_false (json_object_get_boolean_member (gate, "failed"));
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (gate, "growth_percent"), -50.0, 1.0);
  jx_test_remove_tree (dir);
}

/* A function called 6× more often: the headline says so in its line. */
static void
test_call_count (void)
{
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autofree char *base = generate (dir, "base", 0);
  g_autofree char *more = generate (dir, "more", JX_VARIANT_MORE_CALLS);
  g_auto(JxCliRun) run = { 0 };
  g_autofree char *line = NULL;

  jx_cli_run (&run, "diff", more, base, NULL);
  g_assert_cmpint (run.status, ==, 0);
  line = line_starting (run.out, "pack_buffer");
  g_assert_nonnull (line);
  g_assert_nonnull (strstr (line, "calls 240 → 40 (6× fewer)"));
  g_assert_nonnull (strstr (line, "from the 200 calls only in A"));
  jx_test_remove_tree (dir);
}

/* A real pair whose HA score lies below the all-mismatch baseline: the
 * similarity reads 0 and says why, with the unclamped value and the flat
 * optimum (small enough to compute without asking). */
static void
test_below_baseline (void)
{
  g_autofree char *pa = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *pb = jx_test_get_shared_trace ("casita__2_cuda_simple");
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *pairs;
  gboolean seen = FALSE;

  jx_cli_run (&run, "diff", "--json", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 0);
  pairs = json_object_get_array_member (jx_cli_parse_object (parser, run.out), "pairs");
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *p = json_array_get_object_element (pairs, i);

      if (g_strcmp0 (json_object_get_string_member (p, "stream_a"), "MPI Rank 0 / Master thread") != 0)
        continue;
      seen = TRUE;
      g_assert_cmpint (json_object_get_int_member (p, "equal"), >, 0);
      g_assert_true (json_object_get_boolean_member (p, "below_baseline"));
      g_assert_cmpfloat (json_object_get_double_member (p, "similarity"), ==, 0.0);
      g_assert_cmpfloat (json_object_get_double_member (p, "similarity_raw"), <, 0.0);
      g_assert_cmpint (json_object_get_int_member (p, "ha_score"), <, json_object_get_int_member (p, "baseline_score"));
      g_assert_true (json_object_has_member (p, "flat_optimum"));
      g_assert_cmpint (json_object_get_int_member (p, "flat_optimum"), >=, json_object_get_int_member (p, "baseline_score"));
    }
  g_assert_true (seen);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (jx_cli_parse_object (parser, run.out), "headline"),
                                               "below_baseline_pairs"), >, 0);

  jx_cli_run (&run, "diff", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "0.000000*"));
  g_assert_nonnull (strstr (run.out, "below the all-mismatch baseline"));
  g_assert_nonnull (strstr (run.out, "unclamped similarity -0."));
  g_assert_nonnull (strstr (run.out, "above the HA score"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/diff-headline/jacobi", test_jacobi);
  g_test_add_func ("/cli/diff-headline/gate-runtime", test_gate_runtime);
  g_test_add_func ("/cli/diff-headline/gate-function", test_gate_function);
  g_test_add_func ("/cli/diff-headline/call-count", test_call_count);
  g_test_add_func ("/cli/diff-headline/below-baseline", test_below_baseline);

  return g_test_run ();
}
