/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-trend.c — `juxtrace-cli trend` as a user runs it ($JX_CLI):
 * generated studies of 5 and 8 scales in text, JSON, CSV and Extra-P's
 * JSON Lines; seed 004's Table 1 by call path; parameters from --param and
 * --params; the real TraceR runs (two points: too few, the measures per
 * run still printed, their load caveats); and every kind of bad input with
 * its message and exit code. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "jx-test-study.h"
#include "jx-test-util.h"

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* juxtrace-cli COMMAND with the runs (may be NULL) before or after the
 * options (NULL-terminated). */
static void
run_cli (Run         *run,
         const char  *command,
         char       **runs,
         gboolean     runs_first,
         va_list      ap)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  int wait_status = 0;

  g_ptr_array_add (args, (gpointer) g_getenv ("JX_CLI"));
  g_ptr_array_add (args, (gpointer) command);
  for (guint i = 0; runs_first && runs != NULL && runs[i] != NULL; i++)
    g_ptr_array_add (args, runs[i]);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  for (guint i = 0; !runs_first && runs != NULL && runs[i] != NULL; i++)
    g_ptr_array_add (args, runs[i]);
  g_ptr_array_add (args, NULL);
  g_assert_nonnull (args->pdata[0]);

  run_clear (run);
  g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &run->out, &run->err,
                &wait_status, &error);
  g_assert_no_error (error);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  if (strstr (run->err, "Sanitizer") != NULL || strstr (run->err, "runtime error:") != NULL)
    g_error ("sanitizer report:\n%s", run->err);
}

/* juxtrace-cli trend RUN… OPTION… (NULL-terminated). */
static void
trend (Run   *run,
       char **runs,
       ...)
{
  va_list ap;

  va_start (ap, runs);
  run_cli (run, "trend", runs, TRUE, ap);
  va_end (ap);
}

/* juxtrace-cli render OPTION… RUN… */
static void
render (Run   *run,
        char **runs,
        ...)
{
  va_list ap;

  va_start (ap, runs);
  run_cli (run, "render", runs, FALSE, ap);
  va_end (ap);
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("expected “%s” in:\n%s", part, text);
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

/* The rows of one measure in the JSON output. */
static JsonArray *
rows_of (JsonObject *root,
         const char *measure)
{
  JsonArray *measures = json_object_get_array_member (root, "measures");

  for (guint i = 0; i < json_array_get_length (measures); i++)
    {
      JsonObject *m = json_array_get_object_element (measures, i);

      if (g_str_equal (json_object_get_string_member (m, "measure"), measure))
        return json_object_get_array_member (m, "rows");
    }
  g_error ("no measure %s", measure);
  return NULL;
}

static JsonObject *
row_named (JsonArray  *rows,
           const char *name,
           guint      *rank)
{
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      if (g_str_equal (json_object_get_string_member (row, "name"), name))
        {
          if (rank != NULL)
            *rank = (guint) json_object_get_int_member (row, "rank");
          return row;
        }
    }
  g_error ("no row %s", name);
  return NULL;
}

static const char *
model_class (JsonObject *row)
{
  return json_object_get_string_member (json_object_get_object_member (row, "model"), "class");
}

/* --- generated studies ---------------------------------------------------------- */

static void
check_study (const guint *ranks,
             guint        n_scales)
{
  JxTestStudy st = { 0 };
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *extrap = NULL;
  g_autofree char *lines = NULL;
  JsonObject *root;
  JsonArray *rows;
  guint r_p15, r_linear, r_log, r_const;

  jx_test_study_generate (&st, "scaling", ranks, 6, 0.0, 9);
  extrap = g_build_filename (st.dir, "study.jsonl", NULL);

  /* Text: the ranked table, the runtime, predictions at 4096. */
  trend (&run, st.runs, "--at", "4096", NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "Scaling study of");
  assert_contains (run.out, "(the number of processes in each trace)");
  assert_contains (run.out, "Calls (total) — least scalable first");
  assert_contains (run.out, "Exclusive time (total) — least scalable first");
  assert_contains (run.out, "240·p");               /* work_linear: 6 iterations · 40 · p */
  assert_contains (run.out, "Model p=4096");
  assert_contains (run.out, "shares are of that sum");
  g_assert_cmpstr (run.err, ==, "");

  /* JSON: the laws, their ranks, observations per scale. */
  trend (&run, st.runs, "--json", "--measure", "count,excl_max", "--at", "4096", "--extrap", extrap, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (root, "status"), ==, "ok");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_object_get_object_member (root, "parameter"), "values")), ==, n_scales);
  rows = rows_of (root, "count");
  g_assert_cmpstr (model_class (row_named (rows, "work_linear", &r_linear)), ==, "linear");
  g_assert_cmpstr (model_class (row_named (rows, "work_p1_5", &r_p15)), ==, "polynomial");
  g_assert_cmpstr (model_class (row_named (rows, "work_log2", &r_log)), ==, "logarithmic");
  g_assert_cmpstr (model_class (row_named (rows, "work_constant", &r_const)), ==, "constant");
  g_assert_cmpuint (r_p15, <, r_linear);
  g_assert_cmpuint (r_linear, <, r_log);
  g_assert_cmpuint (r_log, <, r_const);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (json_object_get_object_member (
                                    row_named (rows, "work_linear", NULL), "model"), "b"), 6 * 40.0, 1e-9);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (row_named (rows, "work_linear", NULL),
                                                                          "observations")), ==, n_scales);
  /* Shares of the runtime at 4096 for time measures only. */
  g_assert_true (json_object_get_null_member (row_named (rows, "work_linear", NULL), "share"));
  g_assert_cmpfloat (json_object_get_double_member (row_named (rows_of (root, "excl_max"), "work_p1_5", NULL), "share"),
                     >, 0.0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "runs")), ==, n_scales);

  /* Extra-P's input: one line per function, group, measure and scale. */
  g_assert_true (g_file_get_contents (extrap, &lines, NULL, NULL));
  assert_contains (lines, "{\"params\":{\"p\":2},\"callpath\":\"work_linear\",\"metric\":\"count\",\"value\":[480");

  /* CSV: a header with one column per scale. */
  trend (&run, st.runs, "--csv", "-m", "count", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "measure,rank,kind,name,function,category,model_class,model,"));
  assert_contains (run.out, ",p=2,");
  assert_contains (run.out, "count,");
  assert_contains (run.out, ",work_linear,work_linear,user,linear,240·p,");

  /* Call paths: the transpose's messages first, exponent 2. */
  trend (&run, st.runs, "--json", "--paths", "-n", "2", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse (parser, run.out);
  rows = rows_of (root, "count");
  g_assert_cmpuint (json_array_get_length (rows), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      g_assert_true (g_str_has_prefix (json_object_get_string_member (row, "name"),
                                       "main->iteration->transpose_alltoall->MPI_I"));
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (json_object_get_object_member (row, "model"),
                                                                     "exponent"), 2.0, 1e-12);
    }
  jx_test_study_clear (&st);
}

static void
test_five_scales (void)
{
  static const guint ranks[] = { 2, 4, 8, 16, 32, 0 };

  check_study (ranks, 5);
}

static void
test_eight_scales (void)
{
  static const guint ranks[] = { 2, 3, 4, 6, 8, 12, 16, 32, 0 };

  check_study (ranks, 8);
}

/* Seed 004's Table 1, by call path, communication only. */
static void
test_paper (void)
{
  static const guint ranks[] = { 4, 8, 16, 32, 0 };
  JxTestStudy st = { 0 };
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  guint metis = 0, slab = 0;

  jx_test_study_generate (&st, "paper", ranks, 10, 0.0, 2);
  trend (&run, st.runs, "--paths", "--category", "mpi", NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "Low confidence: p has only 4 distinct values");
  assert_contains (run.out, "    1 …iteration->fft_transpose->MPI_Irecv 10·p^2");
  assert_contains (run.out, "    3 main->iteration->mailbox_put         2.5·p^2");
  assert_contains (run.out, "    4 main->iteration->metis_get           3000·p");

  trend (&run, st.runs, "--json", "-m", "count", NULL);
  rows = rows_of (parse (parser, run.out), "count");
  g_assert_cmpstr (model_class (row_named (rows, "metis_get", &metis)), ==, "linear");
  g_assert_cmpstr (model_class (row_named (rows, "fluidslab_put", &slab)), ==, "linear");
  g_assert_cmpuint (metis, <, slab);
  jx_test_study_clear (&st);
}

/* --- parameters ---------------------------------------------------------------- */

static void
test_parameters (void)
{
  static const guint ranks[] = { 2, 4, 8, 0 };
  JxTestStudy st = { 0 };
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *csv = NULL;
  g_autofree char *csv_text = NULL;
  JsonObject *root, *parameter;

  jx_test_study_generate (&st, "scaling", ranks, 4, 0.0, 4);

  /* --param: one value per run; the user's parameter is modelled. */
  trend (&run, st.runs, "--json", "--param", "n=100,200,400", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse (parser, run.out);
  parameter = json_object_get_object_member (root, "parameter");
  g_assert_cmpstr (json_object_get_string_member (parameter, "name"), ==, "n");
  g_assert_cmpstr (json_object_get_string_member (parameter, "source"), ==, "user");
  /* With p and n given, the study asks which one. */
  trend (&run, st.runs, "--param", "n=100,200,400", "--param", "p=2,4,8", NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "Several parameters vary between the runs (p, n)");
  assert_contains (run.err, "--by NAME");
  trend (&run, st.runs, "--param", "n=100,200,400", "--param", "p=2,4,8", "--by", "p", NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* --by a parameter the runs do not have. */
  trend (&run, st.runs, "--by", "size", NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "Parameter “size” has no value for");

  /* --params FILE.csv: rows by folder name. */
  csv = g_build_filename (st.dir, "params.csv", NULL);
  g_assert_true (g_file_set_contents (csv, "run,size\np2,10\np4,20\np8,40\n", -1, NULL));
  trend (&run, st.runs, "--json", "--params", csv, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "parameter"), "name"), ==,
                   "size");
  g_assert_true (g_file_set_contents (csv, "run,size\np2,10\np4,20\n", -1, NULL));
  trend (&run, st.runs, "--params", csv, NULL);
  g_assert_cmpint (run.status, ==, 1);
  csv_text = g_strdup_printf ("%s: no row for %s", csv, st.runs[2]);
  assert_contains (run.err, csv_text);

  /* A parameter for some runs only, duplicate runs and names, bad values. */
  trend (&run, st.runs, "--param", "n=100,200", NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "--param n gives 2 values for 3 runs");
  trend (&run, st.runs, "--param", "n=1,2,3", "--param", "n=1,2,3", NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "--param n is given twice");
  trend (&run, st.runs, "--param", "n=1,two,3", NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "value 2, “two”, is no number");
  trend (&run, st.runs, "--param", "n=0,2,3", NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "parameter values must be positive numbers");
  trend (&run, st.runs, "--param", "n=1,2,3", "--params", csv, NULL);
  g_assert_cmpint (run.status, ==, 2);
  {
    char *twice[] = { st.runs[0], st.runs[1], st.runs[0], NULL };

    trend (&run, twice, NULL);
    g_assert_cmpint (run.status, ==, 2);
    assert_contains (run.err, "is given twice: a run counts once");
  }

  /* Repeated values are repetitions, and the output says so. */
  trend (&run, st.runs, "--param", "n=1,1,2", NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "2 runs at n = 1: repetitions");
  assert_contains (run.out, "Too few points: n has 2 distinct values");

  /* Options. */
  trend (&run, st.runs, "--measure", "speed", NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "unknown --measure “speed”");
  trend (&run, st.runs, "--at", "-4", NULL);
  g_assert_cmpint (run.status, ==, 2);
  trend (&run, st.runs, "--json", "--csv", NULL);
  g_assert_cmpint (run.status, ==, 2);
  trend (&run, NULL, NULL);
  g_assert_cmpint (run.status, ==, 2);
  trend (&run, st.runs, "--category", "gpu", NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_test_study_clear (&st);
}

/* --- real traces and failures ------------------------------------------------------ */

static void
test_real_two_points (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autofree char *b = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  char *runs[] = { a, b, NULL };
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *send;

  trend (&run, runs, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "Scaling study of 2 runs: p = 32, 64 (the number of processes in each trace)");
  assert_contains (run.out, "Too few points: p has 2 distinct values; a model needs at least 3");
  assert_contains (run.out, "Calls (total) per run");
  assert_contains (run.out, "MPI_Send                                      512         1024    ×2.00");
  assert_contains (run.out, "Runtime summed over processes: 38.2 s at p = 32, 100 s at p = 64");
  /* Their load reports, as every command gives them. */
  assert_contains (run.err, "TraceR__stencil4d-32: 3 regions closed at the end");

  trend (&run, runs, "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (root, "status"), ==, "too_few_points");
  send = row_named (rows_of (root, "count"), "MPI_Send", NULL);
  g_assert_cmpstr (model_class (send), ==, "none");
  g_assert_true (json_object_has_member (json_array_get_object_element (json_object_get_array_member (root, "runs"), 0),
                                         "load_report"));
  g_assert_cmpstr (run.err, ==, "");

  /* --strict: both runs have defects, so none is left. */
  trend (&run, runs, "--strict", NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "--strict: its load report lists 5 defects");
  assert_contains (run.err, "None of the runs could be used");
}

static void
test_failures (void)
{
  static const guint ranks[] = { 2, 4, 8, 0 };
  JxTestStudy st = { 0 };
  g_auto(Run) run = { 0 };
  g_autofree char *other = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *tracer = jx_test_get_shared_trace ("TraceR__stencil4d-32");

  jx_test_study_generate (&st, "scaling", ranks, 4, 0.0, 6);
  /* A run that cannot be read: left out, said so, the rest studied, 1. */
  {
    char *runs[] = { st.runs[0], st.runs[1], (char *) "/nonexistent/run", st.runs[2], NULL };

    trend (&run, runs, NULL);
    g_assert_cmpint (run.status, ==, 1);
    assert_contains (run.err, "/nonexistent/run");
    assert_contains (run.out, "/nonexistent/run  (left out: could not be read)");
    assert_contains (run.out, "Calls (total) — least scalable first");
  }
  /* Runs of different programs. */
  {
    char *runs[] = { tracer, other, NULL };

    trend (&run, runs, NULL);
    g_assert_cmpint (run.status, ==, 0);
    assert_contains (run.out, "look like runs of different programs");
  }
  /* Nothing readable at all. */
  {
    char *runs[] = { (char *) "/nonexistent/a", (char *) "/nonexistent/b", NULL };

    trend (&run, runs, NULL);
    g_assert_cmpint (run.status, ==, 1);
    assert_contains (run.err, "None of the runs could be used");
  }
  /* --extrap into a folder that does not exist. */
  trend (&run, st.runs, "--extrap", "/nonexistent/out.jsonl", NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "/nonexistent/out.jsonl");
  jx_test_study_clear (&st);
}

/* `render --trend`: the same study as a picture. */
static void
test_render (void)
{
  static const guint ranks[] = { 2, 4, 8, 16, 32, 0 };
  JxTestStudy st = { 0 };
  g_auto(Run) run = { 0 };
  g_autofree char *png = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autofree char *a = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autofree char *b = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  char *real[] = { a, b, NULL };

  jx_test_study_generate (&st, "scaling", ranks, 4, 0.0, 12);
  png = g_build_filename (st.dir, "plot.png", NULL);
  svg = g_build_filename (st.dir, "plot.svg", NULL);

  render (&run, st.runs, "--trend", "work_p1_5", "--trend-at", "128", "--log", "xy", "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "(png, 800 × 500 px)");
  assert_contains (run.out, "Plot: work_p1_5, Calls (total) against p (5 values)");
  assert_contains (run.out, "Model: 40·p^(3/2)");
  g_assert_true (g_file_get_contents (png, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (memcmp (contents, "\x89PNG", 4) == 0);

  render (&run, st.runs, "--trend", "main->iteration->transpose_alltoall->MPI_Isend", "--trend-measure", "excl",
          "--size", "640x400", "-o", svg, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "(svg, 640 × 400 px)");

  /* Two points: the observations, no model. */
  render (&run, real, "--trend", "MPI_Send", "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "Model: none (too few points)");

  render (&run, st.runs, "--trend", "no_such_function", "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "no function “no_such_function” with count in the runs");
  render (&run, st.runs, "--trend", "work_p1_5", "--log", "z", "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "bad --log “z”");
  render (&run, st.runs, "--trend", "work_p1_5", "--trend-measure", "speed", "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 2);
  render (&run, st.runs, "--trend", "work_p1_5", "--diff", "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_test_study_clear (&st);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/trend/five-scales", test_five_scales);
  g_test_add_func ("/cli/trend/eight-scales", test_eight_scales);
  g_test_add_func ("/cli/trend/paper-table1", test_paper);
  g_test_add_func ("/cli/trend/parameters", test_parameters);
  g_test_add_func ("/cli/trend/real-two-points", test_real_two_points);
  g_test_add_func ("/cli/trend/failures", test_failures);
  g_test_add_func ("/cli/trend/render", test_render);
  return g_test_run ();
}
