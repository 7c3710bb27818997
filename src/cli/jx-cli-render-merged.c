/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render-merged.c — see jx-cli-render-merged.h. */
#include "config.h"

#include <inttypes.h>

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-cluster-private.h"
#include "jx-cli-common.h"
#include "jx-cli-picture.h"
#include "jx-cli-render-merged.h"
#include "jx-cli-scores.h"
#include "jx-merged-icicle.h"
#include "jx-trace-name.h"

gboolean
jx_cli_render_merged_requested (int    argc,
                                char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        return FALSE;
      if (strcmp (argv[i], "--merged-tree") == 0)
        return TRUE;
    }
  return FALSE;
}

static void
draw_icicle (cairo_t  *cr,
             gpointer  data)
{
  jx_merged_icicle_draw (data, cr);
}

int
jx_cli_render_merged (int    argc,
                      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) loaded = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(JxClustering) clustering = NULL;
  g_autoptr(JxMergedTree) tree = NULL;
  g_autoptr(JxMergedIcicle) icicle = NULL;
  g_autofree const char **names = NULL;
  g_autofree const char **anchors = NULL;
  g_autofree char *output = NULL;
  g_autofree char *format_name = NULL;
  g_autofree char *size = NULL;
  g_autofree char *problem = NULL;
  g_autofree char *threshold_text = NULL;
  g_autofree char *width_by = NULL;
  g_autofree char *what = NULL;
  g_autofree char *title = NULL;
  g_auto(GStrv) labels = NULL;
  g_auto(JxCliTraces) traces = { 0 };
  g_auto(JxCliClusterTree) choice = { 0 };
  gboolean dark = FALSE;
  JxCliFormat format = JX_CLI_FORMAT_PNG;
  JxCliScores scores;
  JxScoring scoring;
  JxClusterOptions cluster_options;
  JxIcicleOptions options;
  guint n;
  int status;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the picture to FILE (.png, .svg or .pdf)"), N_("FILE") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name, N_("png, svg or pdf (default: from the file name)"), N_("FORMAT") },
    { "size", 's', 0, G_OPTION_ARG_STRING, &size, N_("Picture size in pixels; without a height the picture is as tall as its rows need (default 1600)"), N_("W[xH]") },
    { "dark", 'd', 0, G_OPTION_ARG_NONE, &dark, N_("Dark colours"), NULL },
    { "width-by", 0, 0, G_OPTION_ARG_STRING, &width_by, N_("What sets the frames’ widths: time (default, the calls’ time summed over the streams) or calls (how many calls are merged below)"), N_("time|calls") },
    { "threshold", 't', 0, G_OPTION_ARG_STRING, &threshold_text,
      N_("Cluster as `cluster --threshold` does before choosing --cluster"), N_("T") },
    { NULL }
  };

  context = jx_cli_option_context_new (_("--merged-tree TRACE… -o FILE"),
                                       _("Draw the merged call tree of one cluster's streams (or of the streams\n"
                                         "--streams names) as an icicle: one frame per node under its parent, as\n"
                                         "wide as its calls' time summed over the streams; nodes equal in all\n"
                                         "streams quiet, the others coloured by how many streams call there (blue\n"
                                         "few, red all but one), different functions merged hatched with an orange\n"
                                         "outline. The same tree as text, JSON or CSV: juxtrace-cli cluster\n"
                                         "--merged-tree."),
                                       entries);
  jx_cli_traces_init (&traces, "render");
  jx_cli_add_trace_options (context, &traces);
  jx_cli_cluster_tree_add_entries (context, &choice);
  jx_cli_scores_add_options (context, &scores);

  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  if (argc < 2)
    return jx_cli_usage_error (argv[0], "%s", _("--merged-tree draws streams of traces: expected at least one trace"));
  if ((problem = jx_cli_picture_format (output, format_name, &format)) != NULL)
    return jx_cli_usage_error (argv[0], "%s", problem);
  if (choice.lines != -1)
    return jx_cli_usage_error (argv[0], "%s", _("--lines sets the text tree of cluster --merged-tree; the picture "
                                                 "holds every node that is wide enough (--depth limits the rows)"));
  if ((problem = jx_cli_cluster_tree_check (&choice, FALSE, FALSE, FALSE)) != NULL)
    return jx_cli_usage_error (argv[0], "%s", problem);
  if (!jx_cli_scores_get (&scores, &scoring, &error))
    return jx_cli_usage_error (argv[0], "%s", error->message);
  jx_icicle_options_init (&options);
  if (width_by != NULL && g_strcmp0 (width_by, "time") != 0 && g_strcmp0 (width_by, "calls") != 0)
    return jx_cli_usage_error (argv[0], _("unknown --width-by “%s” (use time or calls)"), width_by);
  options.width_by_calls = g_strcmp0 (width_by, "calls") == 0;
  if (size != NULL && !jx_cli_parse_size (size, &options.width, &options.height))
    return jx_cli_usage_error (argv[0], _("bad size “%s”: expected WIDTHxHEIGHT in pixels, each %d to %d"), size,
                               JX_CLI_PICTURE_MIN_SIDE, JX_CLI_PICTURE_MAX_SIDE);
  jx_cluster_options_init (&cluster_options);
  if (threshold_text != NULL)
    {
      char *end = NULL;

      cluster_options.threshold = g_ascii_strtod (threshold_text, &end);
      if (end == threshold_text || *end != '\0' || !(cluster_options.threshold > 0.0 && cluster_options.threshold <= 1.0))
        return jx_cli_usage_error (argv[0], _("bad threshold “%s”: expected a number above 0 and at most 1, e.g. 0.9"),
                                   threshold_text);
    }

  n = (guint) argc - 1;
  names = g_new0 (const char *, n);
  anchors = g_new0 (const char *, n);
  for (guint i = 0; i < n; i++)
    {
      JxTrace *trace = NULL;

      status = jx_cli_open_trace (&traces, argv[i + 1], argv[i + 1], &trace);
      if (status != JX_CLI_EXIT_OK)
        return status;
      g_ptr_array_add (loaded, trace);
      names[i] = jx_trace_get_name (trace);
      anchors[i] = jx_trace_get_path (trace);
    }
  labels = jx_trace_names_disambiguate (names, anchors, n);
  if (choice.streams == NULL)
    {
      clustering = jx_clustering_new_for_traces ((JxTrace * const *) loaded->pdata, n, &cluster_options, NULL, &error);
      if (clustering == NULL)
        return jx_cli_input_error (argv[0], NULL, error);
    }
  status = jx_cli_merged_tree_build (&choice, argv[0], (JxTrace **) loaded->pdata, labels, n, clustering, &scoring,
                                     &tree, &what);
  if (status != JX_CLI_EXIT_OK)
    return status;

  title = g_strdup_printf (_("Merged call tree of %s"), what);
  options.title = title;
  options.dark = dark;
  options.max_depth = choice.depth > 0 ? (guint) choice.depth : 0;
  icicle = jx_merged_icicle_new (tree, &options);
  if (!jx_cli_write_picture (output, format, jx_merged_icicle_get_width (icicle), jx_merged_icicle_get_height (icicle),
                             draw_icicle, icicle, &error))
    return jx_cli_input_error (argv[0], output, error);

  {
    g_autoptr(GString) out = g_string_new (NULL);
    const JxMergedTreeStats *stats = jx_merged_tree_get_stats (tree);

    g_string_append_printf (out, _("Wrote %s (%s, %d × %d px)\n"), output, jx_cli_format_name (format),
                            jx_merged_icicle_get_width (icicle), jx_merged_icicle_get_height (icicle));
    g_string_append_printf (out, _("Merged: %s\n"), what);
    g_string_append_printf (out, _("Frames: %u drawn of %u nodes (%" PRIu64 " equal, %" PRIu64
                                   " gap, %" PRIu64 " different), %" PRIu64
                                   " too narrow or deep to draw\n"),
                            jx_merged_icicle_get_n_frames (icicle), jx_merged_tree_get_nodes (tree)->n_nodes,
                            stats->by_state[JX_MERGED_EQUAL], stats->by_state[JX_MERGED_GAP],
                            stats->by_state[JX_MERGED_DIFFERENT], jx_merged_icicle_get_n_hidden (icicle));
    jx_cli_scores_append_text (out, &scoring);
    fputs (out->str, stdout);
  }
  return JX_CLI_EXIT_OK;
}
