/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-cluster.c — `juxtrace-cli cluster`: the streams of one trace, or of
 * several traces together, in clusters of structurally equal streams
 * (src/analysis/jx-cluster.h, docs/cluster.md): per cluster its size, kind,
 * total time, representative, members and how its structure differs from
 * the largest cluster of its kind; outliers flagged. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-cli-cluster-private.h"
#include "jx-cli-common.h"
#include "jx-cli-scores.h"
#include "jx-cluster.h"
#include "jx-time.h"
#include "jx-trace-name.h"

/* Members listed per cluster in the text output unless --members says. */
#define DEFAULT_MEMBERS 6
/* Pairs listed per side where a cluster differs from the largest one. */
#define DIFF_PAIRS 6

typedef struct
{
  JxClustering *clustering;
  JxSignatureSet *set;
  char        **labels;      /* per trace, told apart */
  char * const *paths;       /* per trace, as given */
  guint         n_traces;
  guint         members;     /* text: per cluster, 0 = all */
  GPtrArray    *reports;     /* JsonNode per trace; NULL: the traces' */
} Report;

/* "trace / process / stream". */
static char *
member_name (const Report *report,
             guint32       signature)
{
  guint t = jx_signature_set_get_trace_of (report->set, signature);
  const char *process, *stream;

  jx_signature_set_get_stream_names (report->set, signature, &process, &stream);
  return g_strdup_printf ("%s / %s / %s", report->labels[t], jx_cli_nonnull (process), jx_cli_nonnull (stream));
}

/* The first (largest) cluster of the same kind. */
static guint
largest_of_kind (JxClustering *clustering,
                 guint         cluster)
{
  guint8 kind = jx_clustering_get_cluster (clustering, cluster)->kind;

  for (guint c = 0; c < cluster; c++)
    if (jx_clustering_get_cluster (clustering, c)->kind == kind)
      return c;
  return cluster;
}

/* Pairs of x's representative missing in y's (as "a → b"), in name order. */
static GPtrArray *
pairs_not_in (JxSignatureSet *set,
              guint32         x,
              guint32         y)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  const guint32 *cx, *ex, *cy, *ey;
  guint nx, ny, i = 0, j = 0;

  jx_signature_set_get_pairs (set, x, &nx, &cx, &ex, NULL);
  jx_signature_set_get_pairs (set, y, &ny, &cy, &ey, NULL);
  while (i < nx)
    {
      guint64 kx = ((guint64) cx[i] << 32) | ex[i];
      guint64 ky = j < ny ? ((guint64) cy[j] << 32) | ey[j] : G_MAXUINT64;

      if (kx == ky)
        {
          i++;
          j++;
        }
      else if (kx < ky)
        {
          g_ptr_array_add (out, jx_signature_set_format_pair (set, cx[i], ex[i]));
          i++;
        }
      else
        j++;
    }
  return out;
}

/* The members of a cluster as runs (jx_cli_name_runs). */
static GPtrArray *
member_runs (const Report  *report,
             const guint32 *members,
             guint          n)
{
  g_autofree const char **traces = g_new (const char *, MAX (n, 1));
  g_autofree const char **processes = g_new (const char *, MAX (n, 1));
  g_autofree const char **streams = g_new (const char *, MAX (n, 1));

  for (guint m = 0; m < n; m++)
    {
      const char *process, *stream;

      jx_signature_set_get_stream_names (report->set, members[m], &process, &stream);
      traces[m] = report->labels[jx_signature_set_get_trace_of (report->set, members[m])];
      processes[m] = jx_cli_nonnull (process);
      streams[m] = jx_cli_nonnull (stream);
    }
  return jx_cli_name_runs (traces, processes, streams, n);
}

static char *
seconds_text (double seconds)
{
  return jx_time_format ((gint64) (seconds * 1e9 + (seconds >= 0 ? 0.5 : -0.5)), 3);
}

static void
append_pair_list (GString   *out,
                  const char *sign,
                  GPtrArray *pairs)
{
  for (guint k = 0; k < pairs->len && k < DIFF_PAIRS; k++)
    g_string_append_printf (out, "%s%s %s", out->len > 0 ? ", " : "", sign,
                            (const char *) g_ptr_array_index (pairs, k));
  if (pairs->len > DIFF_PAIRS)
    g_string_append_printf (out, _(", … %u more"), pairs->len - DIFF_PAIRS);
}

static void
print_text (const Report *report)
{
  JxClustering *clustering = report->clustering;
  JxSignatureSet *set = report->set;
  const JxClusterOptions *options = jx_clustering_get_options (clustering);
  g_autoptr(GString) out = g_string_new (NULL);
  guint n_clusters = jx_clustering_get_n_clusters (clustering);
  guint n_streams = jx_signature_set_get_size (set);
  const guint32 *members;
  guint n_members;

  members = jx_clustering_get_members (clustering, &n_members);
  for (guint t = 0; t < report->n_traces; t++)
    g_string_append_printf (out, "%s (%s)\n", report->labels[t], report->paths[t]);
  if (options->threshold > 0.0)
    g_string_append_printf (out, _("Structural clusters of %u streams: streams calling the same caller → callee pairs of functions, "
                                   "then groups merged whose most frequent pairs are alike (similarity ≥ %.2f)\n"),
                            n_streams, options->threshold);
  else
    g_string_append_printf (out, _("Structural clusters of %u streams: streams calling the same caller → callee pairs of functions "
                                   "(--threshold T also merges near-equal ones)\n"),
                            n_streams);
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u cluster", "%u clusters", n_clusters), n_clusters);
  g_string_append (out, ", ");
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u outlier (a cluster of one stream)",
                                            "%u outliers (clusters of one stream)",
                                            jx_clustering_get_n_outliers (clustering)),
                          jx_clustering_get_n_outliers (clustering));
  if (jx_clustering_get_n_unclustered (clustering) > 0)
    g_string_append_printf (out, _("; %u streams not clustered (their events could not be read)"),
                            jx_clustering_get_n_unclustered (clustering));
  g_string_append (out, "\n\n");

  jx_cli_append_padded (out, "#", 4, TRUE);
  g_string_append (out, "  ");
  jx_cli_append_padded (out, _("Streams"), 8, TRUE);
  g_string_append (out, "  ");
  jx_cli_append_padded (out, _("Kind"), 12, FALSE);
  jx_cli_append_padded (out, _("Total time"), 11, TRUE);
  jx_cli_append_padded (out, _("Mean"), 10, TRUE);
  jx_cli_append_padded (out, _("Pairs"), 7, TRUE);
  g_string_append (out, "  ");
  g_string_append (out, _("Representative"));
  g_string_append_c (out, '\n');

  for (guint c = 0; c < n_clusters; c++)
    {
      const JxCluster *cluster = jx_clustering_get_cluster (clustering, c);
      g_autofree char *index = g_strdup_printf ("%u", c + 1);
      g_autofree char *size = g_strdup_printf ("%u", cluster->size);
      g_autofree char *total = seconds_text (cluster->seconds);
      g_autofree char *mean = seconds_text (cluster->seconds / cluster->size);
      g_autofree char *representative = member_name (report, cluster->representative);
      const guint32 *callers, *callees;
      guint n_pairs, largest = largest_of_kind (clustering, c), shown;
      g_autofree char *n_pairs_text = NULL;
      g_autoptr(GPtrArray) runs = NULL;

      jx_signature_set_get_pairs (set, cluster->representative, &n_pairs, &callers, &callees, NULL);
      n_pairs_text = g_strdup_printf ("%u", n_pairs);
      jx_cli_append_padded (out, index, 4, TRUE);
      g_string_append (out, "  ");
      jx_cli_append_padded (out, size, 8, TRUE);
      g_string_append (out, "  ");
      jx_cli_append_padded (out, jx_stream_kind_to_string (cluster->kind), 12, FALSE);
      jx_cli_append_padded (out, total, 11, TRUE);
      jx_cli_append_padded (out, mean, 10, TRUE);
      jx_cli_append_padded (out, n_pairs_text, 7, TRUE);
      g_string_append_printf (out, "  %s%s\n", representative, cluster->outlier ? _("  (outlier)") : "");

      if (cluster->n_groups > 1)
        g_string_append_printf (out, _("        merged from %u structurally different groups (similarity ≥ %.2f)\n"),
                                cluster->n_groups, cluster->min_similarity);
      if (largest != c)
        {
          guint32 other = jx_clustering_get_cluster (clustering, largest)->representative;
          g_autoptr(GPtrArray) added = pairs_not_in (set, cluster->representative, other);
          g_autoptr(GPtrArray) removed = pairs_not_in (set, other, cluster->representative);
          g_autoptr(GString) diff = g_string_new (NULL);

          /* Nearly equal structures read best as their differences; for
           * unrelated ones the count says enough. */
          if (added->len + removed->len <= 2 * DIFF_PAIRS)
            {
              append_pair_list (diff, "+", added);
              append_pair_list (diff, "−", removed);
              g_string_append_printf (out, _("        differs from #%u (pairsim %.2f): %s\n"), largest + 1,
                                      jx_signature_set_jaccard (set, cluster->representative, other), diff->str);
            }
          else
            g_string_append_printf (out, _("        differs from #%u (pairsim %.2f): %u pairs more, %u fewer (--json lists them)\n"),
                                    largest + 1, jx_signature_set_jaccard (set, cluster->representative, other),
                                    added->len, removed->len);
        }
      if (cluster->outlier)
        continue;
      runs = member_runs (report, members + cluster->first, cluster->size);
      shown = report->members == 0 ? runs->len : MIN (report->members, runs->len);
      g_string_append_printf (out, "        %s ", _("members:"));
      for (guint m = 0; m < shown; m++)
        g_string_append_printf (out, "%s%s", m > 0 ? ", " : "", (const char *) g_ptr_array_index (runs, m));
      if (shown < runs->len)
        g_string_append_printf (out, _(", … %u more (--members 0 lists all)"), runs->len - shown);
      g_string_append_c (out, '\n');
    }

  for (guint u = 0; u < jx_clustering_get_n_unclustered (clustering); u++)
    {
      g_autofree char *name = member_name (report, jx_clustering_get_unclustered (clustering, u));
      g_string_append_printf (out, "%s %s\n", _("not clustered (events unreadable):"), name);
    }
  fputs (out->str, stdout);
}

static void
add_string_array (JsonBuilder *b,
                  const char  *member,
                  GPtrArray   *strings)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (guint k = 0; k < strings->len; k++)
    json_builder_add_string_value (b, g_ptr_array_index (strings, k));
  json_builder_end_array (b);
}

static void
print_json (const Report *report)
{
  JxClustering *clustering = report->clustering;
  JxSignatureSet *set = report->set;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  const JxClusterOptions *options = jx_clustering_get_options (clustering);
  const guint32 *members;
  guint n_members;

  members = jx_clustering_get_members (clustering, &n_members);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "traces");
  json_builder_begin_array (b);
  for (guint t = 0; t < report->n_traces; t++)
    {
      json_builder_begin_object (b);
      jx_cli_json_add_string (b, "path", report->paths[t]);
      jx_cli_json_add_string (b, "name", report->labels[t]);
      jx_cli_json_add_load_report_node (b, report->reports != NULL ? g_ptr_array_index (report->reports, t) : NULL,
                                        jx_signature_set_get_trace (set, t));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "threshold");
  if (options->threshold > 0.0)
    json_builder_add_double_value (b, options->threshold);
  else
    json_builder_add_null_value (b);
  jx_cli_json_add_int (b, "streams", jx_signature_set_get_size (set));
  jx_cli_json_add_int (b, "groups", jx_clustering_get_n_groups (clustering));
  jx_cli_json_add_int (b, "outliers", jx_clustering_get_n_outliers (clustering));

  json_builder_set_member_name (b, "clusters");
  json_builder_begin_array (b);
  for (guint c = 0; c < jx_clustering_get_n_clusters (clustering); c++)
    {
      const JxCluster *cluster = jx_clustering_get_cluster (clustering, c);
      g_autofree char *representative = member_name (report, cluster->representative);
      g_autofree char *serialized = jx_signature_set_serialize (set, cluster->representative);
      guint largest = largest_of_kind (clustering, c);

      json_builder_begin_object (b);
      jx_cli_json_add_int (b, "index", c + 1);
      jx_cli_json_add_int (b, "size", cluster->size);
      jx_cli_json_add_string (b, "kind", jx_stream_kind_to_string (cluster->kind));
      jx_cli_json_add_boolean (b, "outlier", cluster->outlier);
      jx_cli_json_add_double (b, "total_seconds", cluster->seconds);
      jx_cli_json_add_int (b, "invocations", (gint64) cluster->n_invocations);
      jx_cli_json_add_int (b, "groups", cluster->n_groups);
      jx_cli_json_add_double (b, "min_similarity", cluster->min_similarity);
      jx_cli_json_add_string (b, "representative", representative);
      jx_cli_json_add_string (b, "pairs", serialized);
      if (largest != c)
        {
          g_autoptr(GPtrArray) added = pairs_not_in (set, cluster->representative,
                                                     jx_clustering_get_cluster (clustering, largest)->representative);
          g_autoptr(GPtrArray) removed = pairs_not_in (set, jx_clustering_get_cluster (clustering, largest)->representative,
                                                       cluster->representative);

          json_builder_set_member_name (b, "differs_from");
          json_builder_begin_object (b);
          jx_cli_json_add_int (b, "cluster", largest + 1);
          add_string_array (b, "added", added);
          add_string_array (b, "removed", removed);
          json_builder_end_object (b);
        }
      json_builder_set_member_name (b, "members");
      json_builder_begin_array (b);
      for (guint m = 0; m < cluster->size; m++)
        {
          guint32 sig = members[cluster->first + m];
          g_autofree char *name = member_name (report, sig);

          json_builder_begin_object (b);
          jx_cli_json_add_string (b, "stream", name);
          jx_cli_json_add_int (b, "trace", jx_signature_set_get_trace_of (set, sig) + 1);
          jx_cli_json_add_int (b, "group", jx_clustering_get_group_of (clustering, sig));
          jx_cli_json_add_double (b, "seconds", jx_signature_set_get_seconds (set, sig));
          jx_cli_json_add_int (b, "invocations", jx_signature_set_get_n_invocations (set, sig));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "not_clustered");
  json_builder_begin_array (b);
  for (guint u = 0; u < jx_clustering_get_n_unclustered (clustering); u++)
    {
      g_autofree char *name = member_name (report, jx_clustering_get_unclustered (clustering, u));
      json_builder_add_string_value (b, name);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  jx_cli_print_json (root);
}

/* One row per stream: its cluster's numbers repeated, so that a
 * spreadsheet can pivot either way. */
static void
print_csv (const Report *report)
{
  JxClustering *clustering = report->clustering;
  JxSignatureSet *set = report->set;
  g_autoptr(GString) out = g_string_new ("cluster,size,kind,outlier,cluster_seconds,representative,trace,process,"
                                         "stream,group,seconds,invocations,is_representative\n");
  const guint32 *members;
  guint n_members;

  members = jx_clustering_get_members (clustering, &n_members);
  for (guint c = 0; c < jx_clustering_get_n_clusters (clustering); c++)
    {
      const JxCluster *cluster = jx_clustering_get_cluster (clustering, c);
      g_autofree char *representative = member_name (report, cluster->representative);

      for (guint m = 0; m < cluster->size; m++)
        {
          guint32 sig = members[cluster->first + m];
          guint t = jx_signature_set_get_trace_of (set, sig);
          const char *process, *stream;

          jx_signature_set_get_stream_names (set, sig, &process, &stream);

          g_string_append_printf (out, "%u,%u,%s,%s,%.9f,", c + 1, cluster->size,
                                  jx_stream_kind_to_string (cluster->kind), cluster->outlier ? "true" : "false",
                                  cluster->seconds);
          jx_cli_csv_append_field (out, representative);
          g_string_append_c (out, ',');
          jx_cli_csv_append_field (out, report->labels[t]);
          g_string_append_c (out, ',');
          jx_cli_csv_append_field (out, jx_cli_nonnull (process));
          g_string_append_c (out, ',');
          jx_cli_csv_append_field (out, jx_cli_nonnull (stream));
          g_string_append_printf (out, ",%u,%.9f,%u,%s\n", jx_clustering_get_group_of (clustering, sig),
                                  jx_signature_set_get_seconds (set, sig), jx_signature_set_get_n_invocations (set, sig),
                                  sig == cluster->representative ? "true" : "false");
        }
    }
  fputs (out->str, stdout);
}

void
jx_cli_cluster_result_clear (JxCliClusterResult *result)
{
  g_clear_pointer (&result->clustering, jx_clustering_free);
  g_clear_pointer (&result->set, jx_signature_set_free);
  g_clear_pointer (&result->traces, g_ptr_array_unref);
  g_clear_pointer (&result->reports, g_ptr_array_unref);
}

/* The traces' names told apart. */
static char **
trace_labels (GPtrArray *traces)
{
  g_autofree const char **names = g_new0 (const char *, MAX (traces->len, 1));
  g_autofree const char **anchors = g_new0 (const char *, MAX (traces->len, 1));

  for (guint i = 0; i < traces->len; i++)
    {
      names[i] = jx_trace_get_name (g_ptr_array_index (traces, i));
      anchors[i] = jx_trace_get_path (g_ptr_array_index (traces, i));
    }
  return jx_trace_names_disambiguate (names, anchors, traces->len);
}

/* juxtrace-cli: the whole traces in this process. */
static int
compute_local (const JxCliClusterRequest *request,
               JxCliClusterResult        *result,
               gpointer                   data)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) labels = NULL;
  JxCliClusterTree *tree = request->tree;

  (void) data;
  result->traces = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < request->n_traces; i++)
    {
      JxTrace *trace = NULL;
      int status = jx_cli_open_trace (request->traces, request->paths[i], request->paths[i], &trace);

      if (status != JX_CLI_EXIT_OK)
        return status;
      g_ptr_array_add (result->traces, trace);
    }
  labels = trace_labels (result->traces);

  /* Streams named by --streams need no clustering. */
  result->quiet = tree->merged_tree;
  if (tree->merged_tree && tree->streams != NULL)
    return jx_cli_cluster_tree_run (tree, request->command, (JxTrace **) result->traces->pdata, labels, request->paths,
                                    request->n_traces, NULL, request->scoring, request->json, request->csv);
  result->clustering = jx_clustering_new_for_traces ((JxTrace * const *) result->traces->pdata, request->n_traces,
                                                     request->options, NULL, &error);
  if (result->clustering == NULL)
    return jx_cli_input_error (request->command, NULL, error);
  if (tree->merged_tree)
    return jx_cli_cluster_tree_run (tree, request->command, (JxTrace **) result->traces->pdata, labels,
                                    request->paths, request->n_traces, result->clustering, request->scoring,
                                    request->json, request->csv);
  return JX_CLI_EXIT_OK;
}

int
jx_cli_cluster (int    argc,
                char **argv)
{
  return jx_cli_cluster_with (argc, argv, compute_local, NULL);
}

int
jx_cli_cluster_with (int                  argc,
                     char               **argv,
                     JxCliClusterCompute  compute,
                     gpointer             compute_data)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(JxCliClusterResult) result = { 0 };
  g_auto(GStrv) labels = NULL;
  g_autofree char *threshold_text = NULL;
  gboolean json = FALSE, csv = FALSE, sample = FALSE;
  gint members = -1;
  JxClusterOptions options;
  g_auto(JxCliTraces) traces = { 0 };
  g_auto(JxCliClusterTree) tree = { 0 };
  g_autofree char *tree_problem = NULL;
  JxCliScores scores;
  JxScoring scoring;
  JxCliClusterRequest request;
  Report report;
  int status;
  const GOptionEntry entries[] = {
    { "threshold", 't', 0, G_OPTION_ARG_STRING, &threshold_text,
      N_("Also merge groups whose most frequent caller → callee pairs are this alike, 0 < T ≤ 1 (e.g. 0.9; default: none)"),
      N_("T") },
    { "members", 'm', 0, G_OPTION_ARG_INT, &members,
      N_("Members listed per cluster in the text, runs of numbered processes as one (default 6, 0 = all)"), N_("N") },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("Print one CSV row per stream"), NULL },
    { "sample", 0, 0, G_OPTION_ARG_NONE, &sample,
      N_("Cluster the processes of one trace too large to load, from a sample that fits in memory (the first thread "
         "of each process over the run’s first part), as the window’s Trace Too Large dialog does; prints the "
         "--processes options that load one representative of each cluster"), NULL },
    { NULL }
  };

  context = jx_cli_option_context_new (_("TRACE…"),
                                       _("Group the streams of the traces (one trace, or several together) into\n"
                                         "clusters of structurally equal streams: streams whose functions call the\n"
                                         "same functions, whatever their timing or call counts (the caller → callee\n"
                                         "pairs of their call trees, with ε → main for the roots; dissertation\n"
                                         "Weber 2016 §5.1). CPU threads and accelerator streams never share a\n"
                                         "cluster. With --threshold T, groups whose most frequent pairs are alike\n"
                                         "(MaxKFreqHashing similarity ≥ T) are merged into the larger one.\n"
                                         "Clusters are listed by size with their total time (summed over the\n"
                                         "members), a representative (the member of median time in the largest\n"
                                         "group) and how their pairs differ from the largest cluster of their kind;\n"
                                         "a cluster of one stream is an outlier. Exit status: 0 success, 1\n"
                                         "unreadable trace (or any defect with --strict), 2 usage error."),
                                       entries);
  jx_cli_traces_init (&traces, "cluster");
  jx_cli_add_trace_options (context, &traces);
  jx_cli_cluster_tree_add_entries (context, &tree);
  jx_cli_scores_add_options (context, &scores);

  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  if (argc < 2)
    return jx_cli_usage_error (argv[0], "%s", _("expected at least one trace"));
  if (json && csv)
    return jx_cli_usage_error (argv[0], "%s", _("--json and --csv exclude each other"));
  if (members < -1)
    return jx_cli_usage_error (argv[0], "%s", _("--members needs a number, 0 (all) or more"));
  if ((tree_problem = jx_cli_cluster_tree_check (&tree, json, csv, members != -1)) != NULL)
    return jx_cli_usage_error (argv[0], "%s", tree_problem);
  if (members != -1 && (json || csv))
    return jx_cli_usage_error (argv[0], "%s", _("--members sets the text output; JSON and CSV list every member"));
  if (jx_cli_scores_given (&scores) && !tree.merged_tree)
    return jx_cli_usage_error (argv[0], "%s", _("--match, --mismatch and --gap set the scores of the alignments; "
                                                 "clustering does not align: use them with --merged-tree"));
  if (!jx_cli_scores_get (&scores, &scoring, &error))
    return jx_cli_usage_error (argv[0], "%s", error->message);
  if (sample)
    {
      if (argc != 2)
        return jx_cli_usage_error (argv[0], "%s", _("--sample clusters the processes of one trace"));
      if (threshold_text != NULL || tree.merged_tree || traces.processes != NULL || traces.every != 0 ||
          traces.window != NULL || traces.strict)
        return jx_cli_usage_error (argv[0], "%s", _("--sample takes every process of the trace and exact clusters: "
                                                    "leave out --threshold, --merged-tree, --processes, --every, "
                                                    "--window and --strict"));
      return jx_cli_cluster_sample_run (argv[0], argv[1], traces.memory_budget,
                                        members < 0 ? DEFAULT_MEMBERS : (guint) members, json, csv);
    }

  jx_cluster_options_init (&options);
  if (threshold_text != NULL)
    {
      char *end = NULL;

      options.threshold = g_ascii_strtod (threshold_text, &end);
      if (end == threshold_text || *end != '\0' || !(options.threshold > 0.0 && options.threshold <= 1.0))
        return jx_cli_usage_error (argv[0], _("bad threshold “%s”: expected a number above 0 and at most 1, e.g. 0.9"),
                                   threshold_text);
    }

  traces.json = json;
  request.command = argv[0];
  request.traces = &traces;
  request.paths = argv + 1;
  request.n_traces = (guint) argc - 1;
  request.options = &options;
  request.tree = &tree;
  request.scoring = &scoring;
  request.json = json;
  request.csv = csv;
  status = compute (&request, &result, compute_data);
  if (status != JX_CLI_EXIT_OK || result.quiet)
    return status;
  labels = trace_labels (result.traces);

  report.clustering = result.clustering;
  report.set = jx_clustering_get_signatures (result.clustering);
  report.labels = labels;
  report.paths = argv + 1;
  report.n_traces = request.n_traces;
  report.members = members < 0 ? DEFAULT_MEMBERS : (guint) members;
  report.reports = result.reports;
  if (json)
    print_json (&report);
  else if (csv)
    print_csv (&report);
  else
    print_text (&report);
  return JX_CLI_EXIT_OK;
}
