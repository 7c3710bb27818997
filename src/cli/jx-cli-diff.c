/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-diff.c — `juxtrace-cli diff`: options, loading both traces, the
 * comparison and --explain; the output formats are jx-cli-diff-output.c. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-cli-diff-private.h"
#include "jx-cli-diff-tree.h"
#include "jx-cli-pairing.h"
#include "jx-cli-scores.h"
#include "jx-comparison.h"
#include "jx-trace-name.h"
#include "jx-trace.h"

/* --explain prints at most this many aligned rows per stream pair unless
 * --limit says otherwise. */
#define EXPLAIN_DEFAULT_ROWS 400

static const char *
state_mark (guint32 state)
{
  switch ((JxPairState) state)
    {
    case JX_PAIR_EQUAL:     return "=";
    case JX_PAIR_DIFFERENT: return "≠";
    case JX_PAIR_ONLY_A:    return "A";
    case JX_PAIR_ONLY_B:    return "B";
    default:                return "?";
    }
}

static void
print_explain (JxComparison *cmp,
               JxTrace      *trace_a,
               JxTrace      *trace_b,
               guint         limit)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint i;

  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxHierAlignment *al = p->alignment;
      const JxStream *sa, *sb;
      g_autofree guint16 *depth = NULL;
      gsize k, rows;

      if (al == NULL || al->pairs == NULL)
        continue;
      sa = jx_trace_get_stream (trace_a, p->stream_a);
      sb = jx_trace_get_stream (trace_b, p->stream_b);
      depth = jx_hier_alignment_compute_depths (al);
      rows = limit == 0 ? al->n_pairs : MIN (al->n_pairs, (gsize) limit);

      g_string_append_printf (out, "\n%s  ⇔  %s\n", jx_cli_nonnull (p->name_a), jx_cli_nonnull (p->name_b));
      g_string_append_printf (out, "%s\n",
                              _("(= equal, ≠ different, A only in A, B only in B; indentation is the call depth)"));
      for (k = 0; k < rows; k++)
        {
          const JxAlignPair *ap = &al->pairs[k];
          g_autofree char *indent = g_strnfill (2 * MIN (depth[k], 30), ' ');
          g_autofree char *left = NULL;
          const char *right;

          left = g_strconcat (indent,
                              ap->a != JX_ALIGN_NONE
                              ? jx_cli_nonnull (jx_trace_get_region (trace_a, sa->region[ap->a])->name) : "·",
                              NULL);
          right = ap->b != JX_ALIGN_NONE
                  ? jx_cli_nonnull (jx_trace_get_region (trace_b, sb->region[ap->b])->name) : "·";
          jx_cli_append_padded (out, left, 44, FALSE);
          g_string_append_printf (out, " %s  %s%s\n", state_mark (ap->state), indent, right);
        }
      if (al->n_pairs > rows)
        g_string_append_printf (out,
                                _("… %zu more aligned pairs not shown (--limit N prints N per stream pair, --limit 0 all %zu)\n"),
                                al->n_pairs - rows, al->n_pairs);
    }

  fputs (out->str, stdout);
}

/* The one-process computation: both traces whole (or the selection the
 * options make), compared on this machine's cores. */
static int
compute_local (const JxCliDiffRequest *request,
               JxCliDiffResult        *result,
               gpointer                data)
{
  g_autoptr(GError) error = NULL;
  int status;

  status = jx_cli_open_trace (request->traces, request->path_a, "A", &result->trace_a);
  if (status != JX_CLI_EXIT_OK)
    return status;
  status = jx_cli_open_trace (request->traces, request->path_b, "B", &result->trace_b);
  if (status != JX_CLI_EXIT_OK)
    return status;

  result->cmp = jx_comparison_run (result->trace_a, result->trace_b, request->options, NULL, &error);
  if (result->cmp == NULL)
    {
      g_autofree char *both = g_strdup_printf ("%s, %s", request->path_a, request->path_b);
      return jx_cli_input_error (request->command, both, error);
    }
  result->name_a = g_strdup (jx_trace_get_name (result->trace_a));
  result->name_b = g_strdup (jx_trace_get_name (result->trace_b));
  result->anchor_a = g_strdup (jx_trace_get_path (result->trace_a));
  result->anchor_b = g_strdup (jx_trace_get_path (result->trace_b));
  return JX_CLI_EXIT_OK;
}

void
jx_cli_diff_result_clear (JxCliDiffResult *result)
{
  g_clear_object (&result->trace_a);
  g_clear_object (&result->trace_b);
  g_clear_pointer (&result->cmp, jx_comparison_unref);
  g_clear_pointer (&result->report_a, json_node_unref);
  g_clear_pointer (&result->report_b, json_node_unref);
  g_clear_pointer (&result->name_a, g_free);
  g_clear_pointer (&result->name_b, g_free);
  g_clear_pointer (&result->anchor_a, g_free);
  g_clear_pointer (&result->anchor_b, g_free);
}

int
jx_cli_diff (int    argc,
             char **argv)
{
  return jx_cli_diff_with (argc, argv, compute_local, NULL);
}

int
jx_cli_diff_with (int               argc,
                  char            **argv,
                  JxCliDiffCompute  compute,
                  gpointer          compute_data)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  JxTrace *trace_a, *trace_b;
  JxComparison *cmp;
  g_auto(JxCliDiffResult) result = { 0 };
  JxCliDiffRequest request = { 0 };
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (JxNamePair));
  g_autofree char *process = NULL;
  g_autofree char *algorithm = NULL;
  g_autofree char *pairing = NULL;
  g_auto(GStrv) pair_texts = NULL;
  g_auto(GStrv) labels = NULL;
  gboolean json = FALSE, csv = FALSE, explain = FALSE, flat_optimum = FALSE, series = FALSE;
  gboolean functions = FALSE, headline_csv = FALSE;
  gint top = -1, limit = -1;
  g_autofree char *fail_above = NULL;
  g_autofree char *gate_function = NULL;
  g_autoptr(JxHeadline) headline = NULL;
  g_autofree char *gate_text = NULL;
  JxComparisonOptions options;
  g_auto(JxCliTraces) traces = { 0 };
  JxCliDiff diff = { 0 };
  JxCliScores scores;
  g_auto(JxCliDiffTree) tree = { 0 };
  g_autofree char *tree_problem = NULL;
  int status;
  const GOptionEntry entries[] = {
    { "process", 'p', 0, G_OPTION_ARG_STRING, &process, N_("Compare only the process with this name"), N_("NAME") },
    { "pair", 0, 0, G_OPTION_ARG_STRING_ARRAY, &pair_texts, JX_CLI_PAIR_HELP, N_("A_NAME=B_NAME") },
    { "pairing", 0, 0, G_OPTION_ARG_STRING, &pairing, JX_CLI_PAIRING_HELP, N_("name|structure|auto") },
    { "algorithm", 'a', 0, G_OPTION_ARG_STRING, &algorithm, N_("Sub-alignment algorithm: auto, nw, hirschberg, fast or anchor"), N_("NAME") },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("Print one CSV row per stream pair"), NULL },
    { "functions", 0, 0, G_OPTION_ARG_NONE, &functions, N_("With --csv: print the whole function time difference table instead (the columns the window exports)"), NULL },
    { "headline", 0, 0, G_OPTION_ARG_NONE, &headline_csv, N_("With --csv: print the headline instead: runtime, structure, time in calls, the top contributors and the rest, one row each"), NULL },
    { "explain", 'e', 0, G_OPTION_ARG_NONE, &explain, N_("Print the aligned call sequences (text only)"), NULL },
    { "limit", 'l', 0, G_OPTION_ARG_INT, &limit, N_("With --explain: rows per stream pair (default 400, 0 = all)"), N_("N") },
    { "top", 't', 0, G_OPTION_ARG_INT, &top, N_("Contributors in the headline and rows of the function table (default 5 and 10; 0 = all)"), N_("N") },
    { "fail-above", 0, 0, G_OPTION_ARG_STRING, &fail_above, N_("Exit with status 3 when the runtime (or with --function that function’s time) grew by more than PCT percent"), N_("PCT") },
    { "function", 'F', 0, G_OPTION_ARG_STRING, &gate_function, N_("With --fail-above: gate on this function’s self time summed over the compared stream pairs"), N_("NAME") },
    { "flat-optimum", 0, 0, G_OPTION_ARG_NONE, &flat_optimum, N_("Also align the full flat sequences and report the error of the hierarchical score: (flat optimum − HA score) / max (|flat optimum|, mean flat sequence length)"), NULL },
    { "series", 0, 0, G_OPTION_ARG_NONE, &series, N_("Include the metric timelines (dissimilarity, runtime skew, time difference) per pair; JSON only, with --json"), NULL },
    { NULL }
  };

  context = jx_cli_option_context_new (_("TRACE_A TRACE_B"),
                                       _("Align every process/stream of TRACE_A with its counterpart in TRACE_B\n"
                                         "with the hierarchical alignment over the call tree and report first the\n"
                                         "headline: runtime A → B, the structural verdict and the functions whose\n"
                                         "time changed most, each with its share of the change (self time, every\n"
                                         "call, summed over the compared stream pairs); then per pair how it was\n"
                                         "paired, the runtimes, similarity, equal/different/gap counts and the HA\n"
                                         "score; then the function table (net = B − A, largest first).\n"
                                         "\n"
                                         "Pairing: processes first, then the streams inside each pair of processes,\n"
                                         "each by: 1. --pair; 2. identical names; 3. names that differ only in their\n"
                                         "numbers (“process 130384” and “process 24716”: process IDs, thread or\n"
                                         "device numbers) in the order they are defined (“position”); 4. the closest\n"
                                         "remaining name by edit distance (“distance N”), the first in order when\n"
                                         "several are equally close (“position”). --pairing structure pairs the\n"
                                         "streams of each pair of processes (and processes whose names did not pair\n"
                                         "them) by what they call instead; --pairing auto (default) does so only\n"
                                         "where that is clearly more alike and says so; when the names' pairing is\n"
                                         "kept although pairing by structure is clearly better, a caveat says so.\n"
                                         "\n"
                                         "Pairs with nothing to compare (events unreadable, no invocations on a\n"
                                         "side) are listed as n/a and count in no total. A trace with defects gets\n"
                                         "one line on stderr (its load report in JSON); pairs of truncated or\n"
                                         "repaired streams are marked. Exit status: 0 success, 1 unreadable trace\n"
                                         "(or any defect with --strict), 2 usage error, 3 the --fail-above gate\n"
                                         "failed (the headline says why)."),
                                       entries);
  jx_cli_traces_init (&traces, "diff");
  jx_cli_add_trace_options (context, &traces);
  jx_cli_diff_tree_add_entries (context, &tree);
  jx_cli_scores_add_options (context, &scores);

  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  if (argc != 3)
    return jx_cli_usage_error (argv[0], "%s", _("expected exactly two traces, TRACE_A and TRACE_B"));
  if (json && csv)
    return jx_cli_usage_error (argv[0], "%s", _("--json and --csv exclude each other"));
  if (explain && (json || csv))
    return jx_cli_usage_error (argv[0], "%s", _("--explain prints text; leave out --json and --csv"));
  if (limit != -1 && !explain)
    return jx_cli_usage_error (argv[0], "%s", _("--limit sets the rows of --explain; use it with --explain"));
  if (limit < -1)
    return jx_cli_usage_error (argv[0], "%s", _("--limit needs a number of rows, 0 (all) or more"));
  if (top != -1 && csv && !headline_csv)
    return jx_cli_usage_error (argv[0], "%s", _("--top sets the headline and the function table of the text and JSON output, and the rows of --csv --headline; the other CSV tables are complete"));
  if (top < -1)
    return jx_cli_usage_error (argv[0], "%s", _("--top needs a number of rows, 0 (all) or more"));
  if (functions && !csv)
    return jx_cli_usage_error (argv[0], "%s", _("--functions goes with --csv"));
  if (headline_csv && !csv)
    return jx_cli_usage_error (argv[0], "%s", _("--headline goes with --csv (text and JSON always have the headline)"));
  if (headline_csv && functions)
    return jx_cli_usage_error (argv[0], "%s", _("--headline and --functions exclude each other: each is a CSV table of its own"));
  if (gate_function != NULL && fail_above == NULL)
    return jx_cli_usage_error (argv[0], "%s", _("--function names what --fail-above gates on; give --fail-above PCT too"));
  if (fail_above != NULL)
    {
      char *end = NULL;
      double pct = g_ascii_strtod (fail_above, &end);

      if (end == fail_above || !isfinite (pct) || (end[0] != '\0' && g_strcmp0 (end, "%") != 0))
        return jx_cli_usage_error (argv[0], _("--fail-above “%s”: expected a percentage such as 10 or 2.5"), fail_above);
      diff.gate = TRUE;
      diff.gate_percent = pct;
    }
  else
    diff.gate = FALSE;
  if (series && !json)
    return jx_cli_usage_error (argv[0], "%s", _("--series adds the metric timelines to the JSON output; use it with --json"));
  if ((tree_problem = jx_cli_diff_tree_check (&tree, json, csv)) != NULL)
    return jx_cli_usage_error (argv[0], "%s", tree_problem);
  if (tree.tree && (explain || functions || series))
    return jx_cli_usage_error (argv[0], "%s", _("--tree prints the merged call tree: leave out --explain, --functions and --series"));
  if (!jx_cli_pairing_parse_pairs (pair_texts, pairs))
    return jx_cli_usage_error (argv[0], "%s", _("--pair expects A_NAME=B_NAME, a name of TRACE_A and one of TRACE_B"));

  jx_comparison_options_init (&options);
  if (!jx_cli_scores_get (&scores, &options.scoring, &error))
    return jx_cli_usage_error (argv[0], "%s", error->message);
  if (!jx_cli_pairing_parse (pairing, &options.pairing))
    return jx_cli_pairing_usage_error (argv[0], pairing);
  if (algorithm != NULL && !jx_algorithm_from_string (algorithm, &options.hier.align.algorithm))
    return jx_cli_usage_error (argv[0], _("unknown algorithm “%s” (use auto, nw, hirschberg, fast or anchor)"), algorithm);
  options.process_name = process;
  options.hier.flat_optimum = flat_optimum;
  options.keep_alignment = explain || jx_cli_diff_tree_wanted (&tree);
  options.pair_overrides = (const JxNamePair *) pairs->data;
  options.n_pair_overrides = pairs->len;

  traces.json = json;
  request.command = argv[0];
  request.traces = &traces;
  request.path_a = argv[1];
  request.path_b = argv[2];
  request.options = &options;
  request.json = json;
  request.csv = csv;
  request.explain = explain;
  request.series = series;
  request.tree = jx_cli_diff_tree_wanted (&tree);
  status = compute (&request, &result, compute_data);
  if (status != JX_CLI_EXIT_OK || result.quiet)
    return status;
  cmp = result.cmp;
  trace_a = result.trace_a;
  trace_b = result.trace_b;

  if (process != NULL && jx_comparison_get_n_pairs (cmp) == 0)
    {
      g_autoptr(GError) none = g_error_new (JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                                            _("no process named “%s” in %s or %s"),
                                            process, argv[1], argv[2]);
      return jx_cli_input_error (argv[0], NULL, none);
    }

  {
    const char *names[2] = { result.name_a, result.name_b };
    const char *paths[2] = { result.anchor_a, result.anchor_b };

    labels = jx_trace_names_disambiguate (names, paths, 2);
  }
  diff.cmp = cmp;
  diff.trace_a = trace_a;
  diff.trace_b = trace_b;
  diff.path_a = argv[1];
  diff.path_b = argv[2];
  diff.label_a = labels[0];
  diff.label_b = labels[1];
  diff.report_a = result.report_a;
  diff.report_b = result.report_b;
  diff.top = top < 0 ? 10 : (guint) top;
  diff.headline_top = top < 0 ? 5 : (guint) top;
  diff.flat_optimum = flat_optimum;
  diff.series = series;
  headline = jx_headline_new (cmp, NULL);
  diff.headline = headline;
  diff.gate_function = gate_function;
  if (!jx_cli_diff_gate_check (&diff, &error))
    return jx_cli_usage_error (argv[0], "%s", error->message);
  gate_text = diff.gate_text;

  if (jx_cli_diff_tree_wanted (&tree) && (status = jx_cli_diff_tree_run (&diff, &tree, json, csv)) >= 0)
    {
      /* The tree replaces the report, not the gate. */
      if (status != JX_CLI_EXIT_OK || !diff.gate)
        return status;
      g_printerr ("juxtrace-cli diff: %s\n", diff.gate_text);
      return diff.gate_failed ? JX_CLI_EXIT_REGRESSION : JX_CLI_EXIT_OK;
    }
  if (json)
    {
      g_autoptr(JsonNode) root = jx_cli_diff_build_json (&diff);
      jx_cli_print_json (root);
    }
  else if (csv && functions)
    jx_cli_diff_print_functions_csv (&diff);
  else if (csv && headline_csv)
    jx_cli_diff_print_headline_csv (&diff);
  else if (csv)
    jx_cli_diff_print_csv (&diff);
  else
    {
      jx_cli_diff_print_text (&diff);
      if (explain)
        print_explain (cmp, trace_a, trace_b, limit < 0 ? EXPLAIN_DEFAULT_ROWS : (guint) limit);
    }

  if (diff.gate && (json || csv))
    /* Text has the verdict in the headline; a CI log shows stderr too. */
    g_printerr ("juxtrace-cli diff: %s\n", diff.gate_text);
  return diff.gate_failed ? JX_CLI_EXIT_REGRESSION : JX_CLI_EXIT_OK;
}
