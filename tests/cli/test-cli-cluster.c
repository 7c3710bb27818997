/* SPDX-License-Identifier: GPL-3.0-or-later */
/* `juxtrace-cli cluster`, `--pairing` of diff, align and render, and
 * `render --clusters`, run as a user runs them ($JX_CLI):
 *   - cluster: generated classes and outliers in text, JSON and CSV, two
 *     traces together, --threshold, usage errors, --strict on a trace with
 *     defects, TraceR's 32 ranks;
 *   - diff on runs whose thread roles rotate: auto pairs by structure and
 *     says so, --pairing name keeps the names and prints the caveat naming
 *     the option in text, JSON and CSV, --pair still wins;
 *   - align --at finds the role's thread by structure, with the caveat
 *     under --pairing name;
 *   - render --clusters marks the rows (pixels of the label column) and
 *     render --diff --pairing name prints the caveat. */
#include "config.h"

#include <string.h>

#include <cairo.h>
#include <json-glib/json-glib.h>

#include "jx-cli-test.h"
#include "jx-test-util.h"

typedef struct
{
  char *dir;
  char *classes;      /* 64 ranks, 3 classes, 2 outliers */
  char *classes_b;    /* the same with another seed */
  char *roles_a;      /* 2 ranks, 5 threads, roles rotated by seed 1 */
  char *roles_b;      /* ... by seed 2 */
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->dir = jx_test_make_tmp_dir ();
  jx_cli_generate (f->dir, "classes", &f->classes, "--ranks", "64", "--iterations", "2", "--depth", "2", "--fanout", "1",
            "--classes", "3", "--outliers", "2", NULL);
  jx_cli_generate (f->dir, "classes-b", &f->classes_b, "--ranks", "64", "--iterations", "2", "--depth", "2", "--fanout", "1",
            "--classes", "3", "--outliers", "2", "--seed", "5", NULL);
  jx_cli_generate (f->dir, "roles-a", &f->roles_a, "--ranks", "2", "--threads", "5", "--iterations", "5",
            "--variant", "rotate-threads", "--seed", "1", NULL);
  jx_cli_generate (f->dir, "roles-b", &f->roles_b, "--ranks", "2", "--threads", "5", "--iterations", "5",
            "--variant", "rotate-threads", "--seed", "2", NULL);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  jx_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->classes);
  g_free (f->classes_b);
  g_free (f->roles_a);
  g_free (f->roles_b);
}

static JsonObject *
parse (JsonParser *parser,
       const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p != '\0'; p++)
    n += *p == '\n';
  return n;
}

static void
test_cluster_formats (Fixture       *f,
                      gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *first;
  JsonArray *clusters, *members;
  guint outliers = 0, streams = 0;

  jx_cli_run (&run, "cluster", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* 3 classes plus 2 outliers; ranks in runs "MPI Rank 0–…". */
  g_assert_nonnull (strstr (run.out, "5 clusters, 2 outliers (clusters of one stream)"));
  g_assert_nonnull (strstr (run.out, "(outlier)"));
  g_assert_nonnull (strstr (run.out, "classes / MPI Rank 0–"));
  g_assert_nonnull (strstr (run.out, "differs from #1 (pairsim"));
  g_assert_nonnull (strstr (run.out, "+ iteration → solve_fluid"));

  jx_cli_run (&run, "cluster", "--json", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse (parser, run.out);
  g_assert_true (json_object_get_null_member (root, "threshold"));
  g_assert_cmpint (json_object_get_int_member (root, "streams"), ==, 64);
  g_assert_cmpint (json_object_get_int_member (root, "outliers"), ==, 2);
  clusters = json_object_get_array_member (root, "clusters");
  g_assert_cmpuint (json_array_get_length (clusters), ==, 5);
  for (guint c = 0; c < 5; c++)
    {
      JsonObject *cluster = json_array_get_object_element (clusters, c);

      members = json_object_get_array_member (cluster, "members");
      g_assert_cmpint (json_array_get_length (members), ==, json_object_get_int_member (cluster, "size"));
      streams += json_array_get_length (members);
      outliers += json_object_get_boolean_member (cluster, "outlier");
      g_assert_cmpstr (json_object_get_string_member (cluster, "kind"), ==, "cpu-thread");
      g_assert_cmpfloat (json_object_get_double_member (cluster, "total_seconds"), >, 0.0);
    }
  g_assert_cmpuint (streams, ==, 64);
  g_assert_cmpuint (outliers, ==, 2);
  first = json_array_get_object_element (clusters, 0);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (first, "representative"), "classes / MPI Rank "));
  g_assert_true (g_str_has_suffix (json_object_get_string_member (first, "representative"), " / Master thread"));
  g_assert_nonnull (strstr (json_object_get_string_member (first, "pairs"), "ε → main"));
  /* The second cluster adds its class's function to the first's pairs. */
  {
    JsonObject *second = json_array_get_object_element (clusters, 1);
    JsonObject *differs = json_object_get_object_member (second, "differs_from");
    JsonArray *added = json_object_get_array_member (differs, "added");

    g_assert_cmpint (json_object_get_int_member (differs, "cluster"), ==, 1);
    g_assert_cmpuint (json_array_get_length (added), ==, 1);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (differs, "removed")), ==, 0);
  }

  jx_cli_run (&run, "cluster", "--csv", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "cluster,size,kind,outlier,cluster_seconds,representative,trace,process,"
                                            "stream,group,seconds,invocations,is_representative\n"));
  g_assert_cmpuint (count_lines (run.out), ==, 1 + 64);
  g_assert_nonnull (strstr (run.out, ",true,"));
}

static void
test_cluster_options (Fixture       *f,
                      gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;
  g_autofree char *tracer = jx_test_get_shared_trace ("TraceR__stencil4d-32");

  /* Two runs together: each outlier twice, no outliers left. */
  jx_cli_run (&run, "cluster", "--json", f->classes, f->classes_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse (parser, run.out);
  g_assert_cmpint (json_object_get_int_member (root, "streams"), ==, 128);
  g_assert_cmpint (json_object_get_int_member (root, "outliers"), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "traces")), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "clusters")), ==, 5);

  /* A threshold that merges the classes (they differ in one pair). */
  jx_cli_run (&run, "cluster", "--threshold", "0.5", "--json", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse (parser, run.out);
  g_assert_cmpfloat (json_object_get_double_member (root, "threshold"), ==, 0.5);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "clusters")), <, 5);
  jx_cli_run (&run, "cluster", "--threshold", "0.5", f->classes, NULL);
  g_assert_nonnull (strstr (run.out, "merged from"));

  jx_cli_run (&run, "cluster", "--threshold", "1.5", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "bad threshold"));
  jx_cli_run (&run, "cluster", "--threshold", "0", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "cluster", "--json", "--csv", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "cluster", NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "cluster", "--members", "2", "--json", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);

  /* TraceR: its defects are a caveat line, an error with --strict. */
  jx_cli_run (&run, "cluster", tracer, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "repaired while loading"));
  g_assert_nonnull (strstr (run.out, "2 clusters, 1 outlier"));
  g_assert_nonnull (strstr (run.out, "MPI Rank 1–31 / Master thread"));
  jx_cli_run (&run, "cluster", "--strict", tracer, NULL);
  g_assert_cmpint (run.status, ==, 1);
  jx_cli_run (&run, "cluster", "--json", tracer, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse (parser, run.out);
  g_assert_true (json_object_has_member (json_array_get_object_element (json_object_get_array_member (root, "traces"), 0),
                                         "load_report"));
}

static void
test_diff_pairing (Fixture       *f,
                   gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *pairing;
  JsonArray *pairs;
  guint crossed = 0, by_structure = 0;

  /* Default (auto): paired by structure, and the output says so. */
  jx_cli_run (&run, "diff", f->roles_a, f->roles_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Paired by structure (--pairing auto): 8 stream pairs"));
  g_assert_nonnull (strstr (run.out, "MPI Rank 0 / Thread 1 ↔ MPI Rank 0 / Thread 4 (by name: MPI Rank 0 / Thread 1"));
  g_assert_null (strstr (run.out, "Caveat"));

  jx_cli_run (&run, "diff", "--json", f->roles_a, f->roles_b, NULL);
  root = parse (parser, run.out);
  pairing = json_object_get_object_member (root, "pairing");
  g_assert_cmpstr (json_object_get_string_member (pairing, "mode"), ==, "auto");
  g_assert_cmpint (json_object_get_int_member (pairing, "by_structure"), ==, 8);
  g_assert_true (json_object_get_null_member (pairing, "caveat"));
  pairs = json_object_get_array_member (root, "pairs");
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *p = json_array_get_object_element (pairs, i);

      if (g_strcmp0 (json_object_get_string_member (p, "pairing"), "structure") != 0)
        continue;
      by_structure++;
      g_assert_cmpfloat (json_object_get_double_member (p, "similarity"), >, 0.9);
      g_assert_true (json_object_has_member (p, "by_name_partner"));
    }
  g_assert_cmpuint (by_structure, ==, 8);

  /* --pairing name: names kept, the caveat names the option. */
  jx_cli_run (&run, "diff", "--pairing", "name", f->roles_a, f->roles_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Caveat: paired by name, but 8 streams call far more alike functions"));
  g_assert_nonnull (strstr (run.out, "--pairing structure"));
  g_assert_null (strstr (run.out, "Paired by structure"));

  jx_cli_run (&run, "diff", "--pairing", "name", "--json", f->roles_a, f->roles_b, NULL);
  root = parse (parser, run.out);
  pairing = json_object_get_object_member (root, "pairing");
  g_assert_cmpint (json_object_get_int_member (pairing, "crossed"), ==, 8);
  g_assert_nonnull (strstr (json_object_get_string_member (pairing, "caveat"), "--pairing structure"));
  pairs = json_object_get_array_member (root, "pairs");
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *p = json_array_get_object_element (pairs, i);

      if (!json_object_get_boolean_member (p, "crossed"))
        continue;
      crossed++;
      g_assert_cmpfloat (json_object_get_double_member (p, "similarity"), <, 0.1);
      g_assert_true (json_object_has_member (p, "by_structure_partner"));
      g_assert_cmpfloat (json_object_get_double_member (p, "other_similarity"), ==, 1.0);
    }
  g_assert_cmpuint (crossed, ==, 8);

  jx_cli_run (&run, "diff", "--pairing", "name", "--csv", f->roles_a, f->roles_b, NULL);
  g_assert_nonnull (strstr (run.out, ",caveats,similarity_raw,below_baseline,structure_similarity,pairing_note,scores\n"));
  g_assert_nonnull (strstr (run.out, ",pairing-crossed,"));
  g_assert_nonnull (strstr (run.out, ": --pairing structure"));

  /* --pairing structure pairs the same way as auto here. */
  jx_cli_run (&run, "diff", "--pairing", "structure", "--csv", f->roles_a, f->roles_b, NULL);
  g_assert_nonnull (strstr (run.out, "MPI Rank 0 / Thread 1,MPI Rank 0 / Thread 4,"));
  g_assert_nonnull (strstr (run.out, ",structure,"));

  /* An override wins whatever the mode. */
  jx_cli_run (&run, "diff", "--pairing", "structure", "--csv", "--pair", "MPI Rank 0 / Thread 1=MPI Rank 0 / Thread 1",
              f->roles_a, f->roles_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "MPI Rank 0 / Thread 1,MPI Rank 0 / Thread 1,"));
  g_assert_nonnull (strstr (run.out, ",user,"));

  jx_cli_run (&run, "diff", "--pairing", "names", f->roles_a, f->roles_b, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "unknown pairing “names”"));
}

static void
test_align_pairing (Fixture       *f,
                    gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };

  /* build_tree runs on thread 1 with seed 1 and on thread 4 with seed 2. */
  jx_cli_run (&run, "align", f->roles_a, f->roles_b, "--at", "insert_node", "--process", "MPI Rank 0", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "MPI Rank 0 / Thread 4 (paired by structure)"));
  g_assert_nonnull (strstr (run.out, "an exact match"));

  jx_cli_run (&run, "align", f->roles_a, f->roles_b, "--at", "insert_node", "--process", "MPI Rank 0",
              "--pairing", "name", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "never called on that stream"));
  g_assert_nonnull (strstr (run.out, "Caveat:      paired by name, but MPI Rank 0 / Thread 4"));

  jx_cli_run (&run, "align", f->roles_a, f->roles_b, "--marker", "x", "--pairing", "name", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

static void
test_render (Fixture       *f,
             gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };
  g_autofree char *png = g_build_filename (f->dir, "clusters.png", NULL);
  g_autofree char *diff_png = g_build_filename (f->dir, "diff.png", NULL);
  cairo_surface_t *surface;
  unsigned char *data_;
  int stride, marked = 0;

  jx_cli_run (&run, "render", "--clusters", "-o", png, f->classes, "--size", "800", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Clusters: 3 structural clusters and 2 outliers over the traces, 64 rows marked"));
  g_assert_nonnull (strstr (run.out, "Legend:"));

  /* The first cluster's colour (#4e79a7) in the label column's marks. */
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  data_ = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 150; x < 180; x++)
      {
        guint32 pixel = *(guint32 *) (gpointer) (data_ + y * stride + 4 * x);

        marked += (pixel & 0xffffff) == 0x4e79a7;
      }
  cairo_surface_destroy (surface);
  g_assert_cmpint (marked, >, 100);

  jx_cli_run (&run, "render", "--diff", "--pairing", "name", "-o", diff_png, f->roles_a, f->roles_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Caveat, “roles-b”: paired by name, but 8 streams"));
  jx_cli_run (&run, "render", "--diff", "-o", diff_png, f->roles_a, f->roles_b, NULL);
  g_assert_nonnull (strstr (run.out, "Pairing with “roles-b”: 8 stream pairs by structure"));
  jx_cli_run (&run, "render", "--pairing", "name", "-o", diff_png, f->roles_a, f->roles_b, NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* --sample: the clusters of the processes from a sample; when the whole
 * run fits, the same clusters as the full clustering (one thread per
 * rank), in every format, and the --processes that load a representative
 * of each; the usage errors; a budget nothing fits in. */
static void
test_cluster_sample (Fixture       *f,
                     gconstpointer  data)
{
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) full_parser = json_parser_new ();
  JsonObject *root, *full;
  JsonArray *clusters;
  guint total = 0;

  jx_cli_run (&run, "cluster", "--json", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  full = jx_cli_parse_object (full_parser, run.out);

  jx_cli_run (&run, "cluster", "--sample", "--json", "--memory-budget", "unlimited", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = jx_cli_parse_object (parser, run.out);
  g_assert_cmpint (json_object_get_int_member (root, "processes"), ==, 64);
  g_assert_true (json_object_get_null_member (root, "sample_window_end_ns"));
  clusters = json_object_get_array_member (root, "clusters");
  g_assert_cmpuint (json_array_get_length (clusters), ==,
                    json_array_get_length (json_object_get_array_member (full, "clusters")));
  for (guint c = 0; c < json_array_get_length (clusters); c++)
    {
      JsonObject *cluster = json_array_get_object_element (clusters, c);

      g_assert_false (json_object_get_boolean_member (cluster, "no_calls"));
      g_assert_cmpint (json_object_get_int_member (cluster, "size"), ==,
                       json_array_get_length (json_object_get_array_member (cluster, "members")));
      total += (guint) json_object_get_int_member (cluster, "size");
    }
  g_assert_cmpuint (total, ==, 64);

  jx_cli_run (&run, "cluster", "--sample", "--memory-budget", "unlimited", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_test_message ("%s", run.out);
  g_assert_nonnull (strstr (run.out, "the whole run"));
  g_assert_nonnull (strstr (run.out, "representative MPI Rank"));
  g_assert_nonnull (strstr (run.out, "One representative of each cluster: --processes 'MPI Rank"));

  jx_cli_run (&run, "cluster", "--sample", "--csv", "--memory-budget", "unlimited", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpuint (count_lines (run.out), ==, 65);

  jx_cli_run (&run, "cluster", "--sample", f->classes, f->classes_b, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "cluster", "--sample", "--processes", "MPI Rank 1*", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--sample"));
  jx_cli_run (&run, "cluster", "--sample", "--memory-budget", "lots", f->classes, NULL);
  g_assert_cmpint (run.status, ==, 2);

  /* Not even the definitions fit: an input error naming the trace. */
  jx_cli_run (&run, "cluster", "--sample", "--memory-budget", "1k", f->classes, NULL);
  g_test_message ("%s", run.err);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "classes"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/cluster/formats", Fixture, NULL, fixture_set_up, test_cluster_formats, fixture_tear_down);
  g_test_add ("/cli/cluster/options", Fixture, NULL, fixture_set_up, test_cluster_options, fixture_tear_down);
  g_test_add ("/cli/cluster/sample", Fixture, NULL, fixture_set_up, test_cluster_sample, fixture_tear_down);
  g_test_add ("/cli/cluster/diff-pairing", Fixture, NULL, fixture_set_up, test_diff_pairing, fixture_tear_down);
  g_test_add ("/cli/cluster/align-pairing", Fixture, NULL, fixture_set_up, test_align_pairing, fixture_tear_down);
  g_test_add ("/cli/cluster/render", Fixture, NULL, fixture_set_up, test_render, fixture_tear_down);
  return g_test_run ();
}
