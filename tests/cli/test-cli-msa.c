/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Issue 16's many-process analyses, run as a user runs them ($JX_CLI):
 *   - cluster --merged-tree of a generated cluster and of streams named by
 *     pattern, text, JSON and CSV, --depth, --lines, usage errors; TraceR's
 *     32 ranks, whose rank 0 wraps its loop in timing regions; --node, the
 *     calls of one node (what a click on the window's icicle highlights);
 *   - --match/--mismatch/--gap on diff, render and align, recorded in the
 *     JSON, the CSV and (when not the defaults) the text;
 *   - align --range on generated runs with more iterations and a later
 *     start: the phase found at the same iterations, the offset the delay. */
#include "config.h"

#include <string.h>

#include <cairo.h>
#include <json-glib/json-glib.h>

#include "jx-cli-test.h"
#include "jx-test-util.h"

typedef struct
{
  char *dir;
  char *classes;      /* 12 ranks in 2 classes, 1 outlier */
  char *short_run;    /* 30 iterations */
  char *long_run;     /* 45 iterations, starting 5 ms later */
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->dir = jx_test_make_tmp_dir ();
  jx_cli_generate (f->dir, "classes", &f->classes, "--ranks", "12", "--iterations", "3", "--depth", "2", "--fanout", "1",
            "--classes", "2", "--outliers", "1", NULL);
  jx_cli_generate (f->dir, "short", &f->short_run, "--ranks", "2", "--iterations", "30", NULL);
  jx_cli_generate (f->dir, "long", &f->long_run, "--ranks", "2", "--iterations", "45", "--start-delay", "5ms", NULL);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  jx_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->classes);
  g_free (f->short_run);
  g_free (f->long_run);
}

static gint64
count_states (JsonArray  *nodes,
              const char *state)
{
  gint64 n = 0;

  for (guint i = 0; i < json_array_get_length (nodes); i++)
    {
      JsonObject *node = json_array_get_object_element (nodes, i);

      n += g_str_equal (json_object_get_string_member (node, "state"), state);
      if (json_object_has_member (node, "children"))
        n += count_states (json_object_get_array_member (node, "children"), state);
    }
  return n;
}

/* The largest cluster merged: all its ranks equal everywhere; all ranks
 * merged by pattern: the other class's own function and the outlier's are
 * gap nodes naming them. */
static void
test_merged_tree (Fixture       *f,
                  gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;
  JsonArray *tree;

  jx_cli_run (&run, "cluster", "--merged-tree", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Merged call tree of cluster 1 ("));
  g_assert_nonnull (strstr (run.out, " 0 gap, 0 different"));
  g_assert_nonnull (strstr (run.out, "(equal throughout)"));
  g_assert_null (strstr (run.out, "Scores:"));

  jx_cli_run (&run, "cluster", "--merged-tree", "--streams", "MPI Rank *", "--json", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = jx_cli_parse_object (parser, run.out);
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (root, "streams")), ==, 12);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (root, "scores"), "default"));
  tree = json_object_get_array_member (root, "tree");
  g_assert_cmpint (count_states (tree, "equal"), ==, json_object_get_int_member (root, "equal"));
  g_assert_cmpint (count_states (tree, "gap"), ==, json_object_get_int_member (root, "gap"));
  g_assert_cmpint (json_object_get_int_member (root, "gap"), >, 0);
  g_assert_true (json_object_get_null_member (root, "cluster"));

  jx_cli_run (&run, "cluster", "--merged-tree", "--streams", "MPI Rank *", "--csv", "--depth", "2", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "path,depth,function,state,streams,total_streams,min_seconds,median_seconds,"
                                             "max_seconds,sum_seconds,outlier,contributing,scores\n"));
  g_assert_nonnull (strstr (run.out, "main;iteration,2,iteration,equal,12,12,"));
  g_assert_null (strstr (run.out, ",3,"));   /* nothing below --depth 2 */

  jx_cli_run (&run, "cluster", "--merged-tree", "--streams", "MPI Rank *", "--lines", "10", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "more nodes not shown"));
  g_assert_nonnull (strstr (run.out, "[only "));

  jx_cli_run (&run, "cluster", "--merged-tree", "--cluster", "2", "--mismatch", "-3", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Scores: match 2, mismatch −3, gap −1"));
}

/* --node: the first gap node of the CSV (the other class's own function,
 * or the outlier's) by its path; its calls are exactly the streams the
 * CSV says contribute, each once, the others listed without a call; in
 * text, JSON and CSV alike. */
static void
test_merged_tree_node (Fixture       *f,
                       gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) fields = NULL;
  g_autofree char *path = NULL;
  JsonObject *root;
  JsonArray *calls, *no_call;
  gint64 streams = 0;

  jx_cli_run (&run, "cluster", "--merged-tree", "--streams", "MPI Rank *", "--csv", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 1; lines[i] != NULL && path == NULL; i++)
    {
      g_auto(GStrv) row = g_strsplit (lines[i], ",", -1);

      if (g_strv_length (row) > 5 && g_str_equal (row[3], "gap"))
        {
          path = g_strdup (row[0]);
          streams = g_ascii_strtoll (row[4], NULL, 10);
        }
    }
  g_assert_nonnull (path);
  g_assert_cmpint (streams, >, 0);
  g_assert_cmpint (streams, <, 12);

  jx_cli_run (&run, "cluster", "--merged-tree", "--streams", "MPI Rank *", "--node", path, "--json", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = jx_cli_parse_object (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (root, "state"), ==, "gap");
  g_assert_cmpint (json_object_get_int_member (root, "streams"), ==, streams);
  g_assert_cmpint (json_object_get_int_member (root, "total_streams"), ==, 12);
  calls = json_object_get_array_member (root, "calls");
  no_call = json_object_get_array_member (root, "no_call");
  g_assert_cmpint (json_array_get_length (calls), ==, streams);
  g_assert_cmpint (json_array_get_length (no_call), ==, 12 - streams);
  for (guint k = 0; k < json_array_get_length (calls); k++)
    {
      JsonObject *call = json_array_get_object_element (calls, k);

      g_assert_cmpint (json_object_get_int_member (call, "end_ns"), >, json_object_get_int_member (call, "start_ns"));
      g_assert_nonnull (strstr (json_object_get_string_member (call, "name"), "MPI Rank"));
      for (guint j = 0; j < json_array_get_length (no_call); j++)
        g_assert_cmpint (json_array_get_int_element (no_call, j), !=, json_object_get_int_member (call, "stream"));
      if (k > 0)
        g_assert_cmpint (json_object_get_int_member (call, "stream"), >,
                         json_object_get_int_member (json_array_get_object_element (calls, k - 1), "stream"));
    }

  /* The same calls as CSV rows and text lines; the path given back in
   * the " / " form. */
  jx_cli_run (&run, "cluster", "--merged-tree", "--streams", "MPI Rank *", "--node", path, "--csv", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "node,stream,invocation,start_ns,end_ns,seconds\n"));
  g_strfreev (lines);
  lines = g_strsplit (g_strchomp (run.out), "\n", -1);
  g_assert_cmpint (g_strv_length (lines), ==, streams + 1);
  fields = g_strsplit (lines[1], ",", -1);
  g_assert_nonnull (strstr (fields[0], " / "));
  jx_cli_run (&run, "cluster", "--merged-tree", "--streams", "MPI Rank *", "--node", path, f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Calls of node “"));
  g_assert_nonnull (strstr (run.out, "(gap)"));
  g_assert_nonnull (strstr (run.out, "no call: "));

  /* Usage: a path of nothing, --node without --merged-tree or with --depth. */
  jx_cli_run (&run, "cluster", "--merged-tree", "--node", "main / nothing", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "no node “nothing” at depth 2"));
  jx_cli_run (&run, "cluster", "--node", "main", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "cluster", "--merged-tree", "--node", "main", "--depth", "2", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* render --merged-tree: the icicle written, its frames counted. */
static void
test_render_merged (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };
  g_autofree char *png = g_build_filename (f->dir, "merged.png", NULL);
  cairo_surface_t *surface;

  jx_cli_run (&run, "render", "--merged-tree", "--streams", "MPI Rank *", "--width-by", "calls", "--size", "900",
              "-o", png, f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Merged: 12 streams matching “MPI Rank *”"));
  g_assert_nonnull (strstr (run.out, " gap, 0 different), 0 too narrow or deep to draw"));
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 900);
  cairo_surface_destroy (surface);

  jx_cli_run (&run, "render", "--merged-tree", "--width-by", "lines", "-o", png, f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "render", "--merged-tree", "--lines", "3", "-o", png, f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
}

static void
test_merged_tree_errors (Fixture       *f,
                         gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };

  jx_cli_run (&run, "cluster", "--merged-tree", "--cluster", "99", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "there is no cluster 99"));
  jx_cli_run (&run, "cluster", "--merged-tree", "--streams", "nothing*", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "no stream matches"));
  jx_cli_run (&run, "cluster", "--merged-tree", "--cluster", "1", "--streams", "*", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "cluster", "--cluster", "1", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "cluster", "--mismatch", "-3", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "cluster", "--merged-tree", "--lines", "5", "--json", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "cluster", "--merged-tree", "--match", "0", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "match score must be above 0"));
}

/* TraceR's 32 ranks: rank 0 alone wraps its loop in TRACER_WallTime_Loop;
 * with a mismatch dearer than two gaps that is a node of rank 0 alone. */
static void
test_merged_tree_tracer (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *tracer = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *loop, *wall;

  jx_cli_run (&run, "cluster", "--merged-tree", "--streams", "*", "--mismatch", "-3", "--json", tracer, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = jx_cli_parse_object (parser, run.out);
  g_assert_cmpint (json_object_get_int_member (root, "different"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "scores"), "mismatch"), ==, -3);
  loop = json_array_get_object_element (json_object_get_array_member (root, "tree"), 1);
  g_assert_cmpstr (json_object_get_string_member (loop, "function"), ==, "TRACER_Loop");
  g_assert_cmpint (json_object_get_int_member (loop, "streams"), ==, 32);
  wall = json_array_get_object_element (json_object_get_array_member (loop, "children"), 0);
  g_assert_cmpstr (json_object_get_string_member (wall, "function"), ==, "TRACER_WallTime_Loop");
  g_assert_cmpstr (json_object_get_string_member (wall, "state"), ==, "gap");
  g_assert_cmpint (json_object_get_int_member (wall, "streams"), ==, 1);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (wall, "contributing"), 0), ==, 0);

  /* The 31 ranks of cluster 1: equal throughout. */
  jx_cli_run (&run, "cluster", "--merged-tree", tracer, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "cluster 1 (31 streams, cpu-thread): MPI Rank 1–31 / Master thread"));
  g_assert_nonnull (strstr (run.out, "0 gap, 0 different"));
}

/* Scores on diff, render and align. */
static void
test_scores (Fixture       *f,
             gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *scores;

  jx_cli_run (&run, "diff", "--json", "--mismatch", "-3", "--gap=-2", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 0);
  scores = json_object_get_object_member (jx_cli_parse_object (parser, run.out), "scores");
  g_assert_cmpint (json_object_get_int_member (scores, "match"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (scores, "mismatch"), ==, -3);
  g_assert_cmpint (json_object_get_int_member (scores, "gap"), ==, -2);
  g_assert_false (json_object_get_boolean_member (scores, "default"));

  jx_cli_run (&run, "diff", "--match", "3", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\nScores: match 3, mismatch −1, gap −1 (not the defaults"));
  jx_cli_run (&run, "diff", f->short_run, f->long_run, NULL);
  g_assert_null (strstr (run.out, "Scores:"));
  jx_cli_run (&run, "diff", "--csv", "--match", "3", f->short_run, f->long_run, NULL);
  g_assert_nonnull (strstr (run.out, ",pairing_note,scores\n"));
  g_assert_nonnull (strstr (run.out, ",3/-1/-1\n"));
  jx_cli_run (&run, "diff", "--tree", "--csv", f->short_run, f->long_run, NULL);
  g_assert_nonnull (strstr (run.out, "ratio_exclusive,scores\n"));
  g_assert_nonnull (strstr (run.out, ",2/-1/-1\n"));

  jx_cli_run (&run, "diff", "--mismatch", "2", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "mismatch score must be below the match score"));
  jx_cli_run (&run, "diff", "--gap", "0", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "render", "--match", "3", "-o", "/nonexistent/x.png", f->short_run, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "align", "--at", "iteration", "--gap", "-2", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* Iterations 10–14 of 30 found at 10–14 of the run with 45 that starts
 * 5 ms later, the offset −5 ms. */
static void
test_align_range (Fixture       *f,
                  gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  JsonObject *root, *ref, *other;
  char range[64];
  gint64 start_ns, end_ns;

  /* Where iterations 10–14 lie: the 11th to 15th iteration. */
  jx_cli_run (&run, "align", "--at", "iteration#11", "--json", f->short_run, f->short_run, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = jx_cli_parse_object (parser, run.out);
  start_ns = json_object_get_int_member (json_array_get_object_element (json_object_get_array_member (root, "traces"), 0), "time_ns");
  jx_cli_run (&run, "align", "--at", "iteration#15", "--end", "--json", f->short_run, f->short_run, NULL);
  root = jx_cli_parse_object (parser2, run.out);
  end_ns = json_object_get_int_member (json_array_get_object_element (json_object_get_array_member (root, "traces"), 0), "time_ns");
  g_snprintf (range, sizeof range, "%" G_GINT64_FORMAT "ns:%" G_GINT64_FORMAT "ns", start_ns + 100, end_ns - 100);

  jx_cli_run (&run, "align", "--range", range, "--json", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = jx_cli_parse_object (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (root, "level"), ==, "main");
  ref = json_array_get_object_element (json_object_get_array_member (root, "traces"), 0);
  other = json_array_get_object_element (json_object_get_array_member (root, "traces"), 1);
  g_assert_cmpstr (json_object_get_string_member (ref, "status"), ==, "reference");
  g_assert_cmpint (json_object_get_int_member (ref, "calls"), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (other, "status"), ==, "found");
  g_assert_cmpint (json_object_get_int_member (other, "first_call"), ==, json_object_get_int_member (ref, "first_call"));
  g_assert_cmpint (json_object_get_int_member (other, "calls"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (other, "equal"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (other, "offset_ns"), ==, -5000000);
  g_assert_cmpint (json_object_get_int_member (other, "places"), >, 1);

  jx_cli_run (&run, "align", "--range", range, f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "(iteration ×5)"));
  g_assert_nonnull (strstr (run.out, "Fits at:"));
  g_assert_nonnull (strstr (run.out, "−5 ms (-5000000 ns)"));

  jx_cli_run (&run, "align", "--range", range, "--csv", "--match", "3", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "path,name,status,process,stream,level,first_call,calls,level_calls,"));
  g_assert_nonnull (strstr (run.out, ",found,MPI Rank 0,Master thread,main,"));
  g_assert_nonnull (strstr (run.out, ",15,15,5,0,0,0,"));
  g_assert_nonnull (strstr (run.out, ",3/-1/-1\n"));

  /* Usage and input errors. */
  jx_cli_run (&run, "align", "--range", range, "--at", "iteration", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "align", "--range", "15:10", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "align", "--range", range, "--end", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "align", "--range", "10s:11s", f->short_run, f->long_run, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "overlaps the range"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/msa/merged-tree", Fixture, NULL, fixture_set_up, test_merged_tree, fixture_tear_down);
  g_test_add ("/cli/msa/merged-tree-node", Fixture, NULL, fixture_set_up, test_merged_tree_node, fixture_tear_down);
  g_test_add ("/cli/msa/render-merged", Fixture, NULL, fixture_set_up, test_render_merged, fixture_tear_down);
  g_test_add ("/cli/msa/merged-tree-errors", Fixture, NULL, fixture_set_up, test_merged_tree_errors, fixture_tear_down);
  g_test_add ("/cli/msa/merged-tree-tracer", Fixture, NULL, fixture_set_up, test_merged_tree_tracer, fixture_tear_down);
  g_test_add ("/cli/msa/scores", Fixture, NULL, fixture_set_up, test_scores, fixture_tear_down);
  g_test_add ("/cli/msa/align-range", Fixture, NULL, fixture_set_up, test_align_range, fixture_tear_down);

  return g_test_run ();
}
