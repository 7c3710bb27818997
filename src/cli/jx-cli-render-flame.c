/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render-flame.c — `juxtrace-cli render --flame TRACE_A TRACE_B -o
 * FILE`: compares the traces, builds their merged call tree and draws the
 * differential flame graph (src/render/jx-flame-graph.h) into a PNG, SVG
 * or PDF file. Options and picture: docs/difftree.md. */
#include "config.h"

#include <inttypes.h>

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-cli-picture.h"
#include "jx-cli-render-flame.h"
#include "jx-cli-scores.h"
#include "jx-comparison.h"
#include "jx-diff-tree.h"
#include "jx-flame-graph.h"
#include "jx-palette.h"
#include "jx-trace-name.h"

gboolean
jx_cli_render_flame_requested (int    argc,
                               char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        return FALSE;
      if (strcmp (argv[i], "--flame") == 0)
        return TRUE;
    }
  return FALSE;
}

static void
draw_graph (cairo_t  *cr,
            gpointer  data)
{
  jx_flame_graph_draw (data, cr);
}

int
jx_cli_render_flame (int    argc,
                     char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace_a = NULL;
  g_autoptr(JxTrace) trace_b = NULL;
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(JxDiffTree) tree = NULL;
  g_autoptr(JxFlameGraph) graph = NULL;
  g_autofree char *output = NULL;
  g_autofree char *format_name = NULL;
  g_autofree char *problem = NULL;
  g_autofree char *size = NULL;
  g_autofree char *process = NULL;
  g_autofree char *width_by = NULL;
  g_auto(GStrv) labels = NULL;
  gboolean flame = FALSE, dark = FALSE, self_time = FALSE, normalised = FALSE, upward = FALSE;
  double band = JX_PALETTE_TIMING_DEFAULT_BAND * 100.0;
  gint depth = 0;
  JxCliFormat format = JX_CLI_FORMAT_PNG;
  JxComparisonOptions cmp_options;
  JxFlameOptions options;
  JxCliScores scores;
  g_auto(JxCliTraces) traces = { 0 };
  int status;
  const GOptionEntry entries[] = {
    { "flame", 0, 0, G_OPTION_ARG_NONE, &flame, N_("Draw the differential flame graph (this command)"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the picture to FILE (.png, .svg or .pdf)"), N_("FILE") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name, N_("png, svg or pdf (default: from the file name)"), N_("FORMAT") },
    { "size", 's', 0, G_OPTION_ARG_STRING, &size, N_("Picture size in pixels; without a height the picture is as tall as its rows need (default 1600)"), N_("W[xH]") },
    { "dark", 'd', 0, G_OPTION_ARG_NONE, &dark, N_("Dark colours"), NULL },
    { "process", 'p', 0, G_OPTION_ARG_STRING, &process, N_("Compare only the process with this name"), N_("NAME") },
    { "width-by", 0, 0, G_OPTION_ARG_STRING, &width_by, N_("Whose total time sets the frames’ widths: b (default) or a"), N_("a|b") },
    { "self", 0, 0, G_OPTION_ARG_NONE, &self_time, N_("Colour by the change of self (exclusive) time instead of total time"), NULL },
    { "normalise", 0, 0, G_OPTION_ARG_NONE, &normalised, N_("Colour by the change of each frame’s share of its trace’s total time"), NULL },
    { "normalize", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &normalised, NULL, NULL },
    { "band", 0, 0, G_OPTION_ARG_DOUBLE, &band,
      /* xgettext:no-c-format */
      N_("Noise band in percent: changes within ±PCT % are neutral (default 10)"), N_("PCT") },
    { "upward", 0, 0, G_OPTION_ARG_NONE, &upward, N_("Top-level calls at the bottom (a flame graph) instead of at the top (an icicle)"), NULL },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Draw call paths down to this depth (default all)"), N_("N") },
    { NULL }
  };

  context = jx_cli_option_context_new (_("--flame TRACE_A TRACE_B -o FILE"),
                                       _("Compare TRACE_B with TRACE_A (the reference), merge their call trees along\n"
                                         "the alignment and draw the differential flame graph: one frame per call\n"
                                         "path under its caller, as wide as B’s total time there (frames only in A\n"
                                         "keep their A time, and their callers widen to hold them), coloured by the\n"
                                         "change B/A — red slower, blue faster, neutral within the noise band.\n"
                                         "Frames only in A are hatched blue, only in B hatched red; a striped foot\n"
                                         "says some calls are in one trace only; an orange outline marks calls of\n"
                                         "one function in A aligned with another in B. The same tree in text, JSON\n"
                                         "or CSV: juxtrace-cli diff --tree; folded stacks: diff --folded."),
                                       entries);
  jx_cli_traces_init (&traces, "render");
  jx_cli_add_trace_options (context, &traces);
  jx_cli_scores_add_options (context, &scores);

  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  if (argc != 3)
    return jx_cli_usage_error (argv[0], "%s", _("--flame compares two traces: expected TRACE_A and TRACE_B"));
  if ((problem = jx_cli_picture_format (output, format_name, &format)) != NULL)
    return jx_cli_usage_error (argv[0], "%s", problem);
  jx_flame_options_init (&options);
  if (size != NULL && !jx_cli_parse_size (size, &options.width, &options.height))
    return jx_cli_usage_error (argv[0], _("bad size “%s”: expected WIDTHxHEIGHT in pixels, each %d to %d"), size,
                               JX_CLI_PICTURE_MIN_SIDE, JX_CLI_PICTURE_MAX_SIDE);
  if (width_by != NULL && g_ascii_strcasecmp (width_by, "a") != 0 && g_ascii_strcasecmp (width_by, "b") != 0)
    return jx_cli_usage_error (argv[0], _("unknown --width-by “%s” (use a or b)"), width_by);
  if (!(band >= 0.0 && band <= 90.0))
    return jx_cli_usage_error (argv[0], "%s", _("--band needs a percentage from 0 to 90"));
  if (depth < 0)
    return jx_cli_usage_error (argv[0], "%s", _("--depth needs a depth, 1 or more (0 = all)"));

  status = jx_cli_open_trace (&traces, argv[1], "A", &trace_a);
  if (status != JX_CLI_EXIT_OK)
    return status;
  status = jx_cli_open_trace (&traces, argv[2], "B", &trace_b);
  if (status != JX_CLI_EXIT_OK)
    return status;

  jx_comparison_options_init (&cmp_options);
  if (!jx_cli_scores_get (&scores, &cmp_options.scoring, &error))
    return jx_cli_usage_error (argv[0], "%s", error->message);
  cmp_options.process_name = process;
  cmp = jx_comparison_run (trace_a, trace_b, &cmp_options, NULL, &error);
  if (cmp == NULL)
    {
      g_autofree char *both = g_strdup_printf ("%s, %s", argv[1], argv[2]);
      return jx_cli_input_error (argv[0], both, error);
    }
  if (jx_comparison_get_n_compared (cmp) == 0)
    {
      g_autoptr(GError) none = NULL;

      if (process != NULL)
        none = g_error_new (JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND, _("no process named “%s” with calls in both %s and %s"),
                            process, argv[1], argv[2]);
      else
        none = g_error_new (JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                            _("no stream of %s pairs with a stream of %s that has calls: nothing to draw"), argv[1], argv[2]);
      return jx_cli_input_error (argv[0], NULL, none);
    }
  tree = jx_diff_tree_build (cmp, trace_a, trace_b, G_MAXUINT, 0, NULL, &error);
  if (tree == NULL)
    return jx_cli_input_error (argv[0], NULL, error);

  {
    const char *names[2] = { jx_trace_get_name (trace_a), jx_trace_get_name (trace_b) };
    const char *paths[2] = { jx_trace_get_path (trace_a), jx_trace_get_path (trace_b) };

    labels = jx_trace_names_disambiguate (names, paths, 2);
  }
  options.width_by_a = width_by != NULL && g_ascii_strcasecmp (width_by, "a") == 0;
  options.self_time = self_time;
  options.normalised = normalised;
  options.band = band / 100.0;
  options.dark = dark;
  options.upward = upward;
  options.max_depth = (guint) depth;
  options.name_a = labels[0];
  options.name_b = labels[1];
  graph = jx_flame_graph_new (tree, &options);

  if (!jx_cli_write_picture (output, format, jx_flame_graph_get_width (graph), jx_flame_graph_get_height (graph),
                             draw_graph, graph, &error))
    return jx_cli_input_error (argv[0], output, error);

  g_print (_("Wrote %s (%s, %d × %d px)\n"), output, jx_cli_format_name (format), jx_flame_graph_get_width (graph),
           jx_flame_graph_get_height (graph));
  g_print (_("Frames: %u drawn from %u compared stream pairs, %" PRIu64 " call paths too narrow or deep to draw\n"),
           jx_flame_graph_get_n_frames (graph), tree->n_stream_pairs, jx_flame_graph_get_n_hidden (graph));
  {
    g_autoptr(GString) line = g_string_new (NULL);

    jx_cli_scores_append_text (line, jx_comparison_get_scoring (cmp));
    fflush (stdout);
    fputs (line->str, stdout);
  }
  return JX_CLI_EXIT_OK;
}
