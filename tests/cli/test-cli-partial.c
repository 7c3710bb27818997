/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Partial loading in juxtrace-cli ($JX_CLI): every command that loads
 * traces takes --processes, --every, --window (render: --load-window) and
 * --memory-budget, and its results say that they are partial, in text
 * (a caveat line), CSV (the same line on stderr) and JSON (the load
 * report's "selection"); bad selections are errors naming the file; a
 * trace over the memory budget is refused with the options that load a
 * part of it, and a part then loads. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "jx-cli-test.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"

static void
assert_contains (const char *text,
                 const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("expected “%s” in:\n%s", part, text);
}

static void
assert_lacks (const char *text,
              const char *part)
{
  if (strstr (text, part) != NULL)
    g_error ("did not expect “%s” in:\n%s", part, text);
}

static JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static JsonObject *
member (JsonObject *object,
        const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_object_member (object, name);
}

static char *
generate (const char *dir,
          guint       ranks,
          guint64     events)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;

  jx_generator_options_init (&options);
  options.seed = 3;
  options.n_ranks = ranks;
  options.n_iterations = jx_generator_iterations_for_events (&options, events);
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  return g_build_filename (dir, "traces.otf2", NULL);
}

/* What the JSON load report says about a partial load. */
static void
assert_selection (JsonObject *report,
                  guint       processes,
                  guint       of,
                  gboolean    window)
{
  JsonObject *selection = member (report, "selection");

  g_assert_true (json_object_get_boolean_member (report, "partial"));
  g_assert_cmpint (json_object_get_int_member (selection, "processes_selected"), ==, processes);
  g_assert_cmpint (json_object_get_int_member (selection, "processes_total"), ==, of);
  g_assert_cmpint (json_object_get_null_member (selection, "window"), ==, !window);
  g_assert_nonnull (json_object_get_string_member (selection, "description"));
}

/* Every command, every format. */
static void
test_commands (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autofree char *b = jx_test_get_shared_trace ("TraceR__stencil4d-64");
  g_autofree char *tmp = jx_test_make_tmp_dir ();
  g_autofree char *png = g_build_filename (tmp, "x.png", NULL);
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *caveat = "loaded in part: 11 of 32 processes (“MPI Rank 1*”)";
  JsonObject *root;

  /* info: a line in the text, the caveat, the JSON report. */
  jx_cli_run (&run, "info", "--processes", "MPI Rank 1*", a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "Loaded in part:    11 of 32 processes (“MPI Rank 1*”)");
  assert_contains (run.out, "Processes:         11");
  assert_contains (run.err, caveat);
  assert_contains (run.err, "message events with processes not loaded — results cover only what was loaded");
  jx_cli_run (&run, "info", "--json", "--processes", "MPI Rank 1*", a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = parse_object (parser, run.out);
  assert_selection (member (root, "load_report"), 11, 32, FALSE);
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (root, "processes")), ==, 11);

  /* profile in text, CSV and JSON, with a window. */
  jx_cli_run (&run, "profile", "--window", "0.3s:0.9s", a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, "loaded in part: window 300 ms – 900 ms");
  assert_contains (run.err, "calls cut at the window’s edges");
  jx_cli_run (&run, "profile", "--csv", "--every", "4", a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, "loaded in part: 8 of 32 processes (one process in 4)");
  assert_lacks (run.out, "loaded in part");
  jx_cli_run (&run, "profile", "--json", "--every", "4", "--window", "100ms:", a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (parser, run.out);
  assert_selection (member (root, "load_report"), 8, 32, TRUE);

  /* diff: both traces, each with its caveat. */
  jx_cli_run (&run, "diff", "--every", "8", a, b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, "A: loaded in part: 4 of 32 processes (one process in 8)");
  assert_contains (run.err, "B: loaded in part: 8 of 64 processes (one process in 8)");
  jx_cli_run (&run, "diff", "--json", "--processes", "MPI Rank 2?", a, b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (parser, run.out);
  assert_selection (member (member (root, "a"), "load_report"), 10, 32, FALSE);
  assert_selection (member (member (root, "b"), "load_report"), 10, 64, FALSE);

  /* align, imbalance. */
  jx_cli_run (&run, "align", "--json", "--at", "MPI_Waitall", "--processes", "MPI Rank 3", a, b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (parser, run.out);
  assert_selection (member (json_array_get_object_element (json_object_get_array_member (root, "traces"), 0),
                            "load_report"), 1, 32, FALSE);
  jx_cli_run (&run, "imbalance", "-F", "MPI_Send", "--every", "2", a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, "loaded in part: 16 of 32 processes (one process in 2)");
  jx_cli_run (&run, "imbalance", "--json", "-F", "MPI_Send", "--every", "2", a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (parser, run.out);
  assert_selection (member (json_array_get_object_element (json_object_get_array_member (root, "traces"), 0),
                            "load_report"), 16, 32, FALSE);

  /* render keeps its own --window (what to draw); the load window is
   * --load-window there. */
  jx_cli_run (&run, "render", "--load-window", "0:1s", "--window", "0:500ms", "-o", png, a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, "loaded in part: window 0 s – 1 s");
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  jx_cli_run (&run, "render", "--processes", "MPI Rank 0", "-o", png, a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, "loaded in part: 1 of 32 processes");

  /* A selection that takes everything loads the whole trace. */
  jx_cli_run (&run, "info", "--processes", "*", a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_lacks (run.err, "loaded in part");
  assert_lacks (run.out, "Loaded in part");
  jx_test_remove_tree (tmp);
}

/* Bad selections: exit 1 naming the file for what only the trace can
 * tell, exit 2 for values that are no pattern, count, window or size. */
static void
test_errors (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_auto(JxCliRun) run = { 0 };

  jx_cli_run (&run, "info", "--processes", "Rank*", a, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "juxtrace-cli info: ");
  assert_contains (run.err, "casita__1_xeonphi_jacobi_01/traces.otf2”: the pattern “Rank*” matches none of its 1 process (“MPI Rank 0”)");

  jx_cli_run (&run, "profile", "--window", "2s:1s", a, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "jacobi_01/traces.otf2”: the window 2 s – 1 s holds no time");

  jx_cli_run (&run, "profile", "--window", "30s:40s", a, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "the window begins at 30 s, after the trace ends (it lasts 14.1707 s by its clock properties)");

  jx_cli_run (&run, "info", "--window", "1s-2s", a, NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "bad --window “1s-2s”: expected START:END");
  jx_cli_run (&run, "info", "--window", ":", a, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "render", "--load-window", "x:1s", "-o", "never-written.png", a, NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "bad --load-window “x:1s”");
  jx_cli_run (&run, "info", "--every", "-2", a, NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "bad --every -2");
  jx_cli_run (&run, "info", "--memory-budget", "lots", a, NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "bad --memory-budget “lots”");
  jx_cli_run (&run, "info", "--processes", "", a, NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* The estimate of the selection (NULL: everything), as the loader makes it. */
static guint64
estimate (const char             *path,
          const JxTraceSelection *selection)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTraceOutline) outline = jx_trace_outline_read (path, &error);
  g_autofree guint8 *selected = NULL;

  g_assert_no_error (error);
  selected = jx_trace_outline_select (outline, selection, &error);
  g_assert_no_error (error);
  return jx_trace_outline_estimate (outline, selected, selection);
}

static guint64
loaded_size (const char *path,
             guint       every)
{
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = NULL;
  JxLoadOptions options = { 0 };

  jx_trace_selection_set_every (selection, every, 0);
  options.selection = selection;
  options.memory_budget = JX_MEMORY_UNLIMITED;
  trace = jx_trace_load (path, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return jx_trace_get_memory_size (trace);
}

/* The budget: refused with the estimate, the budget and what to do; a
 * part then loads; the second trace of a diff gets what the first left. */
static void
test_memory_budget (void)
{
  g_autofree char *tmp = jx_test_make_tmp_dir ();
  g_autofree char *dir_a = g_build_filename (tmp, "a", NULL);
  g_autofree char *dir_b = g_build_filename (tmp, "b", NULL);
  g_autofree char *a = generate (dir_a, 8, 700000);
  g_autofree char *b = generate (dir_b, 8, 200000);
  g_autoptr(JxTraceSelection) quarter = jx_trace_selection_new ();
  g_auto(JxCliRun) run = { 0 };
  g_autofree char *budget = NULL;
  g_autofree char *budget_text = NULL;
  g_autofree char *expected = NULL;
  guint64 all_a, quarter_a, all_b, size_b;

  jx_trace_selection_set_every (quarter, 4, 0);
  all_a = estimate (a, NULL);
  quarter_a = estimate (a, quarter);
  g_assert_cmpuint (quarter_a, <, all_a);
  budget = g_strdup_printf ("%" G_GUINT64_FORMAT, (all_a + quarter_a) / 2);
  budget_text = jx_memory_size_format ((all_a + quarter_a) / 2);

  jx_cli_run (&run, "info", "--memory-budget", budget, dir_a, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  assert_contains (run.err, a);
  assert_contains (run.err, "would take about");
  expected = g_strdup_printf ("of event files in 8 of its 8 locations), more than the budget of %s (--memory-budget)",
                              budget_text);
  assert_contains (run.err, expected);
  assert_contains (run.err, "juxtrace-cli info: load a part of");
  assert_contains (run.err, "with --processes PATTERN, --every K or --window START:END, or give a budget with --memory-budget SIZE");

  jx_cli_run (&run, "info", "--memory-budget", budget, "--every", "4", dir_a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, "loaded in part: 2 of 8 processes (one process in 4)");

  jx_cli_run (&run, "render", "--memory-budget", budget, "-o", "never-written.png", dir_a, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "--every K or --load-window START:END");

  /* The environment's budget. */
  g_setenv ("JUXTRACE_MEMORY_BUDGET", budget, TRUE);
  jx_cli_run (&run, "profile", dir_a, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_free (expected);
  expected = g_strdup_printf ("more than the budget of %s (JUXTRACE_MEMORY_BUDGET)", budget_text);
  assert_contains (run.err, expected);
  g_setenv ("JUXTRACE_MEMORY_BUDGET", "unlimited", TRUE);
  jx_cli_run (&run, "profile", dir_a, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_unsetenv ("JUXTRACE_MEMORY_BUDGET");

  /* Both traces of a pair are held at once: the second gets what the
   * first left of the budget. */
  all_b = estimate (b, NULL);
  size_b = loaded_size (b, 1);
  g_free (budget);
  budget = g_strdup_printf ("%" G_GUINT64_FORMAT, all_b + size_b / 2);
  jx_cli_run (&run, "diff", "--memory-budget", budget, dir_b, dir_b, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "(--memory-budget, less ");
  assert_contains (run.err, " for the traces already loaded)");
  jx_cli_run (&run, "diff", "--memory-budget", budget, "--every", "2", dir_b, dir_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  jx_test_remove_tree (tmp);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/partial/commands", test_commands);
  g_test_add_func ("/cli/partial/errors", test_errors);
  g_test_add_func ("/cli/partial/memory-budget", test_memory_budget);
  return g_test_run ();
}
