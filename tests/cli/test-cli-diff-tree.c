/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-diff-tree.c — `juxtrace-cli diff --tree` and `--folded` on a
 * generated pair with a removed and an added function and on real traces:
 * the JSON root against the flat profiles read in-process, one-sided nodes,
 * the CSV rows against the JSON tree, the folded stacks' sums as
 * flamegraph.pl parses them, hiding by depth and share, usage errors. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "jx-cli-test.h"
#include "jx-profile.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"

typedef struct
{
  char *tmp;
  char *a;
  char *b;
} Pair;

static void
generate (const char *dir,
          guint       variant)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;

  jx_generator_options_init (&options);
  options.seed = 15;
  options.n_ranks = 2;
  options.n_threads = 2;
  options.n_iterations = 8;
  options.variant = variant;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
}

static void
pair_init (Pair *p)
{
  p->tmp = jx_test_make_tmp_dir ();
  p->a = g_build_filename (p->tmp, "a", NULL);
  p->b = g_build_filename (p->tmp, "b", NULL);
  generate (p->a, 0);
  generate (p->b, JX_VARIANT_REMOVE_FUNCTION | JX_VARIANT_ADD_FUNCTION);
}

static void
pair_clear (Pair *p)
{
  jx_test_remove_tree (p->tmp);
  g_free (p->tmp);
  g_free (p->a);
  g_free (p->b);
}

/* Σ exclusive ticks over every region (all streams are compared here). */
static guint64
profile_total (const char *path,
               guint64    *resolution)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = jx_trace_load (path, NULL, NULL, NULL, NULL, &error);
  g_autofree JxRegionStats *stats = NULL;
  guint64 total = 0;

  g_assert_no_error (error);
  stats = jx_profile_compute_region_stats (trace, NULL, 0, 0, G_MAXUINT64);
  for (guint r = 0; r < jx_trace_get_n_regions (trace); r++)
    total += stats[r].exclusive;
  *resolution = jx_trace_get_timer_resolution (trace);
  return total;
}

static JsonObject *
find_child (JsonObject *node,
            const char *label)
{
  JsonArray *children = json_object_get_array_member (node, "children");

  for (guint i = 0; i < json_array_get_length (children); i++)
    {
      JsonObject *c = json_array_get_object_element (children, i);

      if (g_strcmp0 (json_object_get_string_member (c, "label"), label) == 0)
        return c;
    }
  return NULL;
}

static guint
count_nodes (JsonObject *node)
{
  JsonArray *children = json_object_get_array_member (node, "children");
  guint n = 1;

  for (guint i = 0; i < json_array_get_length (children); i++)
    n += count_nodes (json_array_get_object_element (children, i));
  return n;
}

/* Σ of a node's children's inclusive time + its own exclusive time = its
 * inclusive time, on both sides, all the way down. */
static void
check_json_sums (JsonObject *node)
{
  JsonArray *children = json_object_get_array_member (node, "children");
  double sum_a = json_object_get_double_member (node, "exclusive_seconds_a");
  double sum_b = json_object_get_double_member (node, "exclusive_seconds_b");

  for (guint i = 0; i < json_array_get_length (children); i++)
    {
      JsonObject *c = json_array_get_object_element (children, i);

      sum_a += json_object_get_double_member (c, "inclusive_seconds_a");
      sum_b += json_object_get_double_member (c, "inclusive_seconds_b");
      check_json_sums (c);
    }
  g_assert_cmpfloat_with_epsilon (sum_a, json_object_get_double_member (node, "inclusive_seconds_a"), 1e-9);
  g_assert_cmpfloat_with_epsilon (sum_b, json_object_get_double_member (node, "inclusive_seconds_b"), 1e-9);
}

static void
test_json_csv (void)
{
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) rows = NULL;
  JsonObject *root, *tree, *main_node, *iteration, *halo, *residual;
  guint64 res_a, res_b;
  guint64 total_a, total_b;
  guint n_nodes;
  Pair p;

  pair_init (&p);
  total_a = profile_total (p.a, &res_a);
  total_b = profile_total (p.b, &res_b);

  jx_cli_run (&run, "diff", "--tree", "--json", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "compared_stream_pairs"), ==, 4);
  tree = json_object_get_object_member (root, "tree");
  /* The root holds the profiles' totals. */
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (tree, "inclusive_seconds_a"),
                                  (double) total_a / res_a, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (tree, "inclusive_seconds_b"),
                                  (double) total_b / res_b, 1e-9);
  check_json_sums (tree);
  main_node = find_child (tree, "main");
  g_assert_nonnull (main_node);
  iteration = find_child (main_node, "iteration");
  g_assert_nonnull (iteration);
  halo = find_child (iteration, "compute_halo");
  residual = find_child (iteration, "check_residual");
  g_assert_nonnull (halo);
  g_assert_nonnull (residual);
  g_assert_cmpstr (json_object_get_string_member (halo, "state"), ==, "only-a");
  g_assert_cmpfloat (json_object_get_double_member (halo, "inclusive_seconds_b"), ==, 0.0);
  g_assert_true (json_object_get_null_member (residual, "ratio_inclusive"));
  g_assert_cmpstr (json_object_get_string_member (residual, "state"), ==, "only-b");
  g_assert_cmpstr (json_object_get_string_member (iteration, "state"), ==, "both");
  n_nodes = count_nodes (tree);

  /* CSV: one row per node (the root has none), the call path joined by ';'. */
  jx_cli_run (&run, "diff", "--tree", "--csv", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = g_strsplit (run.out, "\n", -1);
  g_assert_true (g_str_has_prefix (rows[0], "stream_a,stream_b,path,depth,function_a,function_b,state,calls_a,calls_b,"));
  g_assert_cmpuint (g_strv_length (rows), ==, n_nodes + 1);  /* header + rows + "" */
  {
    gboolean seen = FALSE;

    for (guint i = 1; rows[i] != NULL; i++)
      if (g_str_has_prefix (rows[i], ",,main;iteration;compute_halo,3,compute_halo,compute_halo,only-a,"))
        seen = TRUE;
    g_assert_true (seen);
  }

  /* --per-pair adds each stream pair's tree: the JSON "pairs" and CSV rows
   * with the streams named. */
  jx_cli_run (&run, "diff", "--tree", "--per-pair", "--json", "--depth", "2", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "pairs")), ==, 4);
  g_assert_cmpint (json_object_get_int_member (root, "max_depth"), ==, 2);
  iteration = find_child (find_child (json_object_get_object_member (root, "tree"), "main"), "iteration");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (iteration, "children")), ==, 0);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (iteration, "hidden"), "below_depth"));
  pair_clear (&p);
}

/* The folded stacks as flamegraph.pl reads them: the last number is B's
 * count, the one before it A's; each column sums to the profile's total
 * in µs, rounded. */
static void
test_folded (void)
{
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(GRegex) re = g_regex_new ("^(.*)\\s+?(\\d+(?:\\.\\d*)?)$", 0, 0, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *file = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint64 res_a, res_b, total_a, total_b, sum_a = 0, sum_b = 0, single = 0;
  gboolean halo_line = FALSE, residual_line = FALSE;
  Pair p;

  pair_init (&p);
  total_a = profile_total (p.a, &res_a);
  total_b = profile_total (p.b, &res_b);
  file = g_build_filename (p.tmp, "diff.folded", NULL);

  jx_cli_run (&run, "diff", "--folded", file, p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* The usual diff output follows; the file is announced on stderr. */
  g_assert_nonnull (strstr (run.err, "folded stacks"));
  g_assert_true (g_file_get_contents (file, &contents, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_autoptr(GMatchInfo) m1 = NULL;
      g_autoptr(GMatchInfo) m2 = NULL;
      g_autofree char *rest = NULL;
      g_autofree char *b = NULL;
      g_autofree char *a = NULL;
      g_autofree char *stack = NULL;

      g_assert_true (g_regex_match (re, lines[i], 0, &m1));
      rest = g_match_info_fetch (m1, 1);
      b = g_match_info_fetch (m1, 2);
      g_assert_true (g_regex_match (re, rest, 0, &m2));
      stack = g_match_info_fetch (m2, 1);
      a = g_match_info_fetch (m2, 2);
      sum_a += g_ascii_strtoull (a, NULL, 10);
      sum_b += g_ascii_strtoull (b, NULL, 10);
      if (g_str_has_prefix (stack, "main;iteration;compute_halo"))
        {
          halo_line = TRUE;
          g_assert_cmpstr (b, ==, "0");
        }
      if (g_str_has_prefix (stack, "main;iteration;check_residual"))
        {
          residual_line = TRUE;
          g_assert_cmpstr (a, ==, "0");
        }
    }
  g_assert_true (halo_line && residual_line);
  g_assert_cmpuint (sum_a, ==, (guint64) llround ((double) total_a * 1e6 / res_a));
  g_assert_cmpuint (sum_b, ==, (guint64) llround ((double) total_b * 1e6 / res_b));

  /* The same lines on standard output. */
  jx_cli_run (&run, "diff", "--folded", "-", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, contents);

  /* One side, one count per line (difffolded.pl's input). */
  jx_cli_run (&run, "diff", "--folded", "-", "--folded-side", "b", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_strfreev (lines);
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_autoptr(GMatchInfo) m = NULL;
      g_autoptr(GMatchInfo) m2 = NULL;
      g_autofree char *rest = NULL;
      g_autofree char *count = NULL;

      g_assert_true (g_regex_match (re, lines[i], 0, &m));
      rest = g_match_info_fetch (m, 1);
      count = g_match_info_fetch (m, 2);
      /* No second count: the frame names do not end in a number here. */
      g_assert_false (g_regex_match (re, rest, 0, &m2));
      single += g_ascii_strtoull (count, NULL, 10);
    }
  g_assert_cmpuint (single, ==, sum_b);

  /* A file that cannot be written is named. */
  {
    g_autofree char *bad = g_build_filename (p.tmp, "no", "such", "dir.folded", NULL);

    jx_cli_run (&run, "diff", "--folded", bad, p.a, p.b, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "dir.folded"));
  }
  pair_clear (&p);
}

static void
test_text_and_usage (void)
{
  g_auto(JxCliRun) run = { 0 };
  Pair p;

  pair_init (&p);
  jx_cli_run (&run, "diff", "--tree", "--min-percent", "0", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Merged call tree of A"));
  g_assert_nonnull (strstr (run.out, "only A"));
  g_assert_nonnull (strstr (run.out, "only B"));
  g_assert_nonnull (strstr (run.out, "compute_halo"));
  g_assert_null (strstr (run.out, "more callee"));

  /* Hiding says what it hid. */
  jx_cli_run (&run, "diff", "--tree", "--min-percent", "30", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "below 30 %"));
  g_assert_nonnull (strstr (run.out, "Call paths below 30 % of the larger total are hidden"));
  jx_cli_run (&run, "diff", "--tree", "--depth", "1", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "below --depth"));

  jx_cli_run (&run, "diff", "--per-pair", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "diff", "--tree", "--folded", "-", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "diff", "--folded", "x", "--folded-side", "c", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "diff", "--tree", "--min-percent", "120", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "diff", "--tree", "--explain", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 2);
  pair_clear (&p);
}

/* `render --flame`: PNG, SVG and PDF of the pair, the options checked. */
static void
test_render_flame (void)
{
  g_auto(JxCliRun) run = { 0 };
  g_autofree char *png = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *pdf = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  Pair p;

  pair_init (&p);
  png = g_build_filename (p.tmp, "flame.png", NULL);
  svg = g_build_filename (p.tmp, "flame.svg", NULL);
  pdf = g_build_filename (p.tmp, "flame.pdf", NULL);

  jx_cli_run (&run, "render", "--flame", p.a, p.b, "-o", png, "--size", "900", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "(png, 900 × "));
  g_assert_nonnull (strstr (run.out, "Frames: "));
  g_assert_true (g_file_get_contents (png, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 8);
  g_assert_cmpint (memcmp (contents, "\x89PNG", 4), ==, 0);
  g_clear_pointer (&contents, g_free);

  jx_cli_run (&run, "render", "--flame", "--dark", "--self", "--normalise", "--width-by", "a", "--upward",
              "--band", "5", "--depth", "3", p.a, p.b, "-o", svg, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_clear_pointer (&contents, g_free);

  jx_cli_run (&run, "render", "--flame", p.a, p.b, "-o", pdf, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (pdf, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF"));

  /* render --help names it; usage errors say what is wrong. */
  jx_cli_run (&run, "render", "--help", NULL);
  g_assert_nonnull (strstr (run.out, "--flame"));
  jx_cli_run (&run, "render", "--flame", p.a, "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "render", "--flame", p.a, p.b, "-o", png, "--width-by", "c", NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "render", "--flame", p.a, p.b, "-o", png, "--band", "95", NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "render", "--flame", p.a, p.b, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "render", "--flame", p.a, p.b, "-o", png, "--process", "nobody", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "nobody"));
  pair_clear (&p);
}

/* The Jacobi pair: run 09's kernels take several times longer, and the
 * tree says where. */
static void
test_jacobi (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *b = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *tree, *task, *kernel;

  jx_cli_run (&run, "diff", "--tree", "--json", a, b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  tree = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "tree");
  task = find_child (find_child (tree, "!$omp parallel @jacobi_target.c:160"), "!$omp task @jacobi_target.c:164");
  g_assert_nonnull (task);
  kernel = find_child (task, "jacobi_kernel");
  g_assert_nonnull (kernel);
  g_assert_cmpstr (json_object_get_string_member (kernel, "state"), ==, "both");
  g_assert_cmpint (json_object_get_int_member (kernel, "calls_a"), ==, 100);
  g_assert_cmpfloat (json_object_get_double_member (kernel, "ratio_inclusive"), >, 5.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/diff-tree/json-csv", test_json_csv);
  g_test_add_func ("/cli/diff-tree/folded", test_folded);
  g_test_add_func ("/cli/diff-tree/text-and-usage", test_text_and_usage);
  g_test_add_func ("/cli/diff-tree/jacobi", test_jacobi);
  g_test_add_func ("/cli/diff-tree/render-flame", test_render_flame);

  return g_test_run ();
}
