/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-merged-select.c — what `cluster --merged-tree` and `render
 * --merged-tree` share: the options that choose the streams (a cluster or
 * patterns), building the merged call tree of them, and stream names as
 * runs ("MPI Rank 1–31"). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-cluster-private.h"
#include "jx-cli-common.h"
#include "jx-name-runs.h"

/* --- Names as runs ----------------------------------------------------------------- */

char *
jx_cli_join_name (const char *trace,
                  const char *process,
                  const char *stream)
{
  return jx_name_join (trace, process, stream);
}

GPtrArray *
jx_cli_name_runs (const char *const *traces,
                  const char *const *processes,
                  const char *const *streams,
                  guint              n)
{
  return jx_name_runs (traces, processes, streams, n);
}

/* --- Options ----------------------------------------------------------------------- */

void
jx_cli_cluster_tree_add_entries (GOptionContext   *context,
                                 JxCliClusterTree *options)
{
  const GOptionEntry entries[] = {
    { "merged-tree", 0, 0, G_OPTION_ARG_NONE, &options->merged_tree,
      N_("Print the merged call tree of one cluster’s streams (hierarchical multiple alignment) instead of the clusters"),
      NULL },
    { "cluster", 'c', 0, G_OPTION_ARG_INT, &options->cluster,
      N_("With --merged-tree: the cluster to merge, by its number in the list (default 1, the largest)"), N_("N") },
    { "streams", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->streams,
      N_("With --merged-tree: merge the streams whose name matches PATTERN instead (* and ?; repeatable): a process "
         "name, “process / stream” or “trace / process / stream”"),
      N_("PATTERN") },
    { "depth", 0, 0, G_OPTION_ARG_INT, &options->depth,
      N_("With --merged-tree: nodes down to depth N (1 = the top-level calls; default all); deeper ones are counted"),
      N_("N") },
    { "lines", 0, 0, G_OPTION_ARG_INT, &options->lines,
      N_("With --merged-tree: at most N lines of the text tree (default 200, 0 = all)"), N_("N") },
    { "node", 0, 0, G_OPTION_ARG_STRING, &options->node,
      N_("With --merged-tree: list the calls of the node PATH names (“main / loop#3 / MPI_Wait”: functions from "
         "the top, #K for the K-th of equal siblings) instead of the tree"),
      N_("PATH") },
    { NULL }
  };

  g_return_if_fail (context != NULL && options != NULL);

  options->cluster = 0;
  options->depth = -1;
  options->lines = -1;
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

void
jx_cli_cluster_tree_clear (JxCliClusterTree *options)
{
  g_clear_pointer (&options->streams, g_strfreev);
  g_clear_pointer (&options->node, g_free);
}

char *
jx_cli_cluster_tree_check (const JxCliClusterTree *options,
                           gboolean                json,
                           gboolean                csv,
                           gboolean                members_given)
{
  if (!options->merged_tree)
    {
      if (options->cluster != 0 || options->streams != NULL || options->depth != -1 || options->lines != -1 ||
          options->node != NULL)
        return g_strdup (_("--cluster, --streams, --depth, --lines and --node choose and shape the merged call tree: "
                           "use them with --merged-tree"));
      return NULL;
    }
  if (options->cluster != 0 && options->streams != NULL)
    return g_strdup (_("--cluster and --streams exclude each other: merge a cluster or the streams you name"));
  if (options->cluster < 0)
    return g_strdup (_("--cluster needs a cluster number, 1 or more"));
  if (options->depth == 0 || options->depth < -1)
    return g_strdup (_("--depth needs a depth, 1 or more"));
  if (options->lines < -1)
    return g_strdup (_("--lines needs a number of lines, 0 (all) or more"));
  if (options->node != NULL && (options->depth != -1 || options->lines != -1))
    return g_strdup (_("--node lists one node’s calls; --depth and --lines shape the whole tree"));
  if (options->lines != -1 && (json || csv))
    return g_strdup (_("--lines sets the text output; JSON and CSV hold every node (--depth limits them)"));
  if (members_given)
    return g_strdup (_("--members lists the clusters’ members; the merged tree names its streams per node"));
  return NULL;
}

/* --- The streams ------------------------------------------------------------------- */

static gboolean
matches (GPatternSpec *const *specs,
         guint                n_specs,
         const char          *label,
         const char          *process,
         const char          *stream)
{
  g_autofree char *two = g_strdup_printf ("%s / %s", process, stream);
  g_autofree char *three = g_strdup_printf ("%s / %s / %s", label, process, stream);

  for (guint i = 0; i < n_specs; i++)
    if (g_pattern_spec_match_string (specs[i], process) || g_pattern_spec_match_string (specs[i], two) ||
        g_pattern_spec_match_string (specs[i], three))
      return TRUE;
  return FALSE;
}

/* The streams the patterns name, in trace and stream order; those whose
 * events could not be read are skipped (counted in *n_missing). */
static GArray *
select_streams (char * const *patterns,
                JxTrace     **traces,
                char        **labels,
                guint         n_traces,
                guint        *n_missing)
{
  guint n_specs = g_strv_length ((char **) patterns);
  g_autofree GPatternSpec **specs = g_new (GPatternSpec *, MAX (n_specs, 1));
  GArray *out = g_array_new (FALSE, FALSE, sizeof (JxStreamRef));

  *n_missing = 0;
  for (guint i = 0; i < n_specs; i++)
    specs[i] = g_pattern_spec_new (patterns[i]);
  for (guint t = 0; t < n_traces; t++)
    for (guint32 s = 0; s < jx_trace_get_n_streams (traces[t]); s++)
      {
        const JxStream *st = jx_trace_get_stream (traces[t], s);
        JxStreamRef ref = { t, s };

        if (!matches (specs, n_specs, labels[t], jx_cli_nonnull (jx_trace_get_process (traces[t], st->process)->name),
                      jx_cli_nonnull (st->name)))
          continue;
        if (st->flags & JX_STREAM_FLAG_MISSING)
          {
            (*n_missing)++;
            continue;
          }
        g_array_append_val (out, ref);
      }
  for (guint i = 0; i < n_specs; i++)
    g_pattern_spec_free (specs[i]);
  return out;
}

int
jx_cli_merged_tree_build (const JxCliClusterTree *options,
                          const char             *subcommand,
                          JxTrace               **traces,
                          char                  **labels,
                          guint                   n_traces,
                          JxClustering           *clustering,
                          const JxScoring        *scoring,
                          JxMergedTree          **tree,
                          char                  **what)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) refs = NULL;
  JxMergedTreeOptions tree_options;

  *tree = NULL;
  *what = NULL;
  if (options->streams != NULL)
    {
      g_autofree char *joined = g_strjoinv ("”, “", options->streams);
      guint n_missing;

      refs = select_streams (options->streams, traces, labels, n_traces, &n_missing);
      if (refs->len == 0)
        {
          g_autoptr(GError) none = g_error_new (JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                                                n_missing > 0 ? _("the streams matching “%s” have no events that could be read")
                                                              : _("no stream matches “%s” (a process name, “process / stream” "
                                                                  "or “trace / process / stream”)"),
                                                joined);
          return jx_cli_input_error (subcommand, NULL, none);
        }
      *what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stream matching “%s”", "%u streams matching “%s”",
                                             refs->len),
                                refs->len, joined);
      if (n_missing > 0)
        g_printerr (_("juxtrace-cli %s: %u matching streams left out: their events could not be read\n"), subcommand,
                    n_missing);
    }
  else
    {
      guint cluster = options->cluster > 0 ? (guint) options->cluster : 1, n;
      g_autofree JxStreamRef *members = NULL;
      const JxCluster *c;

      if (cluster > jx_clustering_get_n_clusters (clustering))
        {
          g_autoptr(GError) none = g_error_new (JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                                                g_dngettext (GETTEXT_PACKAGE, "there is no cluster %u: the traces have %u cluster",
                                                             "there is no cluster %u: the traces have %u clusters",
                                                             jx_clustering_get_n_clusters (clustering)),
                                                cluster, jx_clustering_get_n_clusters (clustering));
          return jx_cli_input_error (subcommand, NULL, none);
        }
      members = jx_merged_tree_streams_of_cluster (clustering, cluster - 1, &n);
      refs = g_array_sized_new (FALSE, FALSE, sizeof (JxStreamRef), n);
      /* In trace and stream order (as the patterns give them, and the window). */
      g_array_append_vals (refs, members, n);
      c = jx_clustering_get_cluster (clustering, cluster - 1);
      *what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "cluster %u (%u stream, %s)", "cluster %u (%u streams, %s)",
                                             c->size),
                                cluster, c->size, jx_stream_kind_to_string (c->kind));
    }

  jx_merged_tree_options_init (&tree_options);
  tree_options.msa.align.scoring = *scoring;
  *tree = jx_merged_tree_build (traces, n_traces, (JxStreamRef *) refs->data, refs->len, &tree_options, NULL, NULL,
                                NULL, &error);
  if (*tree == NULL)
    {
      g_clear_pointer (what, g_free);
      return jx_cli_input_error (subcommand, NULL, error);
    }
  return JX_CLI_EXIT_OK;

}
