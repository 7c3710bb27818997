/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render.c — `juxtrace-cli render`: draws a comparison of traces into
 * a PNG, SVG or PDF file without a display. This file only reads options and
 * traces; the picture is jx_comparison_render_draw() of src/render. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-align.h"
#include "jx-cli-common.h"
#include "jx-cli-fold.h"
#include "jx-cli-metrics.h"
#include "jx-cli-pairing.h"
#include "jx-cli-scores.h"
#include "jx-cli-picture.h"
#include "jx-cli-render-diff.h"
#include "jx-cli-render-flame.h"
#include "jx-cli-render-merged.h"
#include "jx-cli-render-session.h"
#include "jx-cluster.h"
#include "jx-cli-render-trend.h"
#include "jx-comparison-render.h"
#include "jx-legend-entries.h"
#include "jx-palette.h"
#include "jx-time.h"
#include "jx-trace-name.h"

#define MIN_SIDE JX_CLI_PICTURE_MIN_SIDE
#define MAX_SIDE JX_CLI_PICTURE_MAX_SIDE

/* "START:END" in comparison time; an empty side keeps the extent's. The
 * separator is the last colon that is not part of a time. */
static gboolean
parse_window (const char *text,
              gboolean   *has_start,
              gint64     *start_ns,
              gboolean   *has_end,
              gint64     *end_ns)
{
  g_autofree char *copy = g_strdup (text);
  char *colon = strchr (copy, ':');
  g_autofree char *left = NULL;
  g_autofree char *right = NULL;

  if (colon == NULL || strchr (colon + 1, ':') != NULL)
    return FALSE;
  *colon = '\0';
  left = g_strstrip (g_strdup (copy));
  right = g_strstrip (g_strdup (colon + 1));

  *has_start = *left != '\0';
  *has_end = *right != '\0';
  if (*has_start && !jx_time_parse (left, JX_TIME_UNIT_MS, start_ns))
    return FALSE;
  if (*has_end && !jx_time_parse (right, JX_TIME_UNIT_MS, end_ns))
    return FALSE;
  return *has_start || *has_end;
}

/* TRACE by 1-based position, by the name its lane shows, or by the path as
 * given; G_MAXUINT when none or several match (error set). */
static guint
find_trace (const char        *key,
            JxComparisonLane  *lanes,
            char             **paths,
            guint              n,
            GError           **error)
{
  guint found = G_MAXUINT, matches = 0;
  char *end;
  guint64 position = g_ascii_strtoull (key, &end, 10);

  if (*key != '\0' && *end == '\0')
    {
      if (position >= 1 && position <= n)
        return (guint) position - 1;
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   _("--offset: there is no trace %s (the traces are numbered 1 to %u)"), key, n);
      return G_MAXUINT;
    }

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (lanes[i].name, key) == 0 || g_strcmp0 (jx_trace_get_name (lanes[i].trace), key) == 0 ||
        g_strcmp0 (paths[i], key) == 0)
      {
        found = i;
        matches++;
      }
  if (matches == 1)
    return found;
  if (matches == 0)
    g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                 _("--offset: no trace named “%s” (give a trace’s name, path or position 1 to %u)"), key, n);
  else
    g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                 _("--offset: %u traces are named “%s”; give its position instead"), matches, key);
  return G_MAXUINT;
}

/* What a picture draws: the timelines, or (--chart) the metric charts. */
typedef struct
{
  const JxComparisonLane          *lanes;
  guint                            n_lanes;
  const JxComparisonRenderOptions *options;
  JxComparisonRenderResult        *result;
  const JxMetricChartView         *charts;    /* --chart: instead of the timelines */
  guint                            n_charts;
  const JxTrendPlotView           *trend;     /* --trend: instead of the timelines */
} Picture;

static void
draw_picture (cairo_t  *cr,
              gpointer  data)
{
  const Picture *picture = data;

  if (picture->trend != NULL)
    jx_trend_plot_draw (cr, picture->trend);
  else if (picture->charts != NULL)
    jx_metric_chart_draw_picture (cr, picture->charts, picture->n_charts);
  else
    jx_comparison_render_draw (cr, picture->lanes, picture->n_lanes, picture->options, picture->result);
}

/* --no-hand-pairing: a caveat line per compared trace whose streams the
 * saved comparison pairs by hand, which this picture leaves out; nothing
 * when it pairs none by hand. */
static void
note_hand_pairs_left_out (const char               *session_file,
                          const JxCliRenderSession *session,
                          const JxComparisonLane   *lanes,
                          guint                     n_lanes)
{
  for (guint k = 1; k < n_lanes && k < session->n_colors && session->pairs != NULL; k++)
    {
      guint n_pairs = session->pairs[k] != NULL ? g_strv_length (session->pairs[k]) / 2 : 0;

      if (n_pairs > 0)
        g_printerr (g_dngettext (GETTEXT_PACKAGE,
                                 "juxtrace-cli render: %s: --no-hand-pairing: %u stream pair of “%s” paired by hand is left out; its streams are paired automatically\n",
                                 "juxtrace-cli render: %s: --no-hand-pairing: %u stream pairs of “%s” paired by hand are left out; its streams are paired automatically\n",
                                 n_pairs),
                    session_file, n_pairs, lanes[k].name);
    }
}

/* How the streams of each comparison were paired: a line when some were
 * paired by structure, the caveat when the names' pairing was kept
 * although a crossed one is clearly better. */
static void
print_pairing (JxCliRenderDiff        *cli_diff,
               const JxComparisonLane *lanes)
{
  for (guint i = 0; i < cli_diff->comparisons->len; i++)
    {
      JxComparison *cmp = g_ptr_array_index (cli_diff->comparisons, i);
      const JxPairingSummary *summary = jx_comparison_get_pairing_summary (cmp);
      g_autofree char *caveat = jx_cli_pairing_caveat_line (cmp);

      if (summary->n_by_structure > 0)
        g_print (g_dngettext (GETTEXT_PACKAGE,
                              "Pairing with “%s”: %u stream pair by structure (far more alike than by name; --pairing name keeps the names)\n",
                              "Pairing with “%s”: %u stream pairs by structure (far more alike than by name; --pairing name keeps the names)\n",
                              summary->n_by_structure),
                 lanes[i + 1].name, summary->n_by_structure);
      if (jx_cli_pairing_count_by_hand (cmp) > 0)
        g_print (g_dngettext (GETTEXT_PACKAGE,
                              "Pairing with “%s”: %u stream pair by hand (--pair)\n",
                              "Pairing with “%s”: %u stream pairs by hand (--pair)\n",
                              jx_cli_pairing_count_by_hand (cmp)),
                 lanes[i + 1].name, jx_cli_pairing_count_by_hand (cmp));
      if (caveat != NULL)
        g_print (_("Caveat, “%s”: %s\n"), lanes[i + 1].name, caveat);
    }
  if (cli_diff->comparisons->len > 0)
    {
      g_autoptr(GString) line = g_string_new (NULL);

      jx_cli_scores_append_text (line, jx_comparison_get_scoring (g_ptr_array_index (cli_diff->comparisons, 0)));
      fflush (stdout);
      fputs (line->str, stdout);
    }
}

int
jx_cli_render (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) loaded = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) summaries = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_timeline_summary_unref);
  g_autofree JxComparisonLane *lanes = NULL;
  g_autofree char *output = NULL;
  g_autofree char *format_name = NULL;
  g_autofree char *problem = NULL;
  g_autofree char *size = NULL;
  g_autofree char *window = NULL;
  g_autofree char *process = NULL;
  g_auto(GStrv) offsets = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree const char **raw_names = NULL;
  g_autofree const char **anchors = NULL;
  g_auto(JxCliTraces) traces = { 0 };
  g_autofree char *align_at = NULL;
  g_autofree char *align_marker = NULL;
  gboolean align_end = FALSE;
  g_auto(GStrv) fold_names = NULL;
  g_autofree char *fold_op = NULL;
  g_autofree char *fold_message = NULL;
  g_auto(JxCliFold) fold = { 0 };
  gboolean sos = FALSE;
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;
  g_autofree char *chart = NULL;
  g_autofree char *pairing = NULL;
  g_auto(GStrv) pair_texts = NULL;
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (JxNamePair));
  g_autofree char *diff_mode = NULL;
  g_autofree char *metric = NULL;
  double band = -1.0;
  gboolean dark = FALSE, expand = FALSE, has_start = FALSE, has_end = FALSE, diff = FALSE, flame = FALSE, clusters = FALSE;
  gboolean merged_tree = FALSE, no_hand_pairing = FALSE;
  g_autoptr(JxClustering) clustering = NULL;
  g_autoptr(GPtrArray) cluster_marks = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) cluster_names = g_ptr_array_new_with_free_func (g_free);
  JxSeriesKind chart_kind = JX_SERIES_RUNTIME_SKEW;
  JxCliRenderDiff cli_diff;
  JxCliScores scores;
  JxScoring scoring;
  Picture picture = { 0 };
  int height;
  gint64 start_ns = 0, end_ns = 0, extent_start, extent_end;
  g_auto(JxCliRenderTrend) trend = { 0 };
  g_auto(JxCliRenderSession) session = { 0 };
  int session_index;
  const char *session_file = NULL;
  JxComparisonRenderOptions options;
  JxComparisonRenderResult result;
  JxCliFormat format = JX_CLI_FORMAT_PNG;
  guint n;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the picture to FILE (.png, .svg or .pdf)"), N_("FILE") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_name, N_("png, svg or pdf (default: from the file name)"), N_("FORMAT") },
    { "offset", 0, 0, G_OPTION_ARG_STRING_ARRAY, &offsets, N_("Shift TRACE (name, path or position from 1) by TIME, e.g. 1.5ms; repeatable"), N_("TRACE=TIME") },
    { "window", 'w', 0, G_OPTION_ARG_STRING, &window, N_("Draw only this span of comparison time, e.g. 0:2.5s (default: everything)"), N_("START:END") },
    { "size", 's', 0, G_OPTION_ARG_STRING, &size, N_("Picture size in pixels; without a height the picture is as tall as its rows need (default 1600)"), N_("W[xH]") },
    { "dark", 'd', 0, G_OPTION_ARG_NONE, &dark, N_("Dark colours"), NULL },
    { "process", 'p', 0, G_OPTION_ARG_STRING, &process, N_("Only the rows of the process with this name, in every trace"), N_("NAME") },
    { "expand", 'e', 0, G_OPTION_ARG_NONE, &expand, N_("One row per stream even where rows get too low for labels"), NULL },
    { "at", 0, 0, G_OPTION_ARG_STRING, &align_at, N_("Align the other traces with the first at the N-th invocation of FUNCTION (as `align --at`; --process picks the reference process)"), N_("FUNCTION[#N]") },
    { "marker", 0, 0, G_OPTION_ARG_STRING, &align_marker, N_("Align the other traces with the first at the N-th marker with this text"), N_("TEXT[#N]") },
    { "end", 0, 0, G_OPTION_ARG_NONE, &align_end, N_("With --at or --marker: align the ends instead of the starts"), NULL },
    { "fold", 0, 0, G_OPTION_ARG_STRING_ARRAY, &fold_names, N_("Fold the threads of each process, all processes, the processes of each node, the streams of each structural cluster, or each accelerator device’s streams into one row; repeatable"), N_("threads|process|node|cluster|device") },
    { "fold-op", 0, 0, G_OPTION_ARG_STRING, &fold_op, N_("How folded rows pick a state per pixel (default max)"), N_("max|min|diff|idle") },
    { "metric", 0, 0, G_OPTION_ARG_STRING, &metric, N_("Draw this metric (counter) as a line row under every stream that records it, on one scale for all traces (`info --metrics` lists them)"), N_("NAME") },
    { "sos", 0, 0, G_OPTION_ARG_NONE, &sos, N_("Colour the dominant function’s calls by SOS time (load imbalance)"), NULL },
    { "diff", 0, 0, G_OPTION_ARG_NONE, &diff, N_("Compare every trace with the first and draw diff bars under the rows"), NULL },
    { "diff-mode", 0, 0, G_OPTION_ARG_STRING, &diff_mode,
      N_("What the diff bars show: structure (equal, different, one-sided calls), time (every call by its self-time ratio B/A) or both (the default: structure, and equal calls by their ratio)"),
      N_("structure|time|both") },
    { "band", 0, 0, G_OPTION_ARG_DOUBLE, &band,
      N_("With --diff: noise band in percent; equal calls whose self time changed by less are not coloured (default 10)"), N_("PCT") },
    { "flame", 0, 0, G_OPTION_ARG_NONE, &flame, N_("Draw the differential flame graph of TRACE_B against TRACE_A instead (its options: render --flame --help)"), NULL },
    { "merged-tree", 0, 0, G_OPTION_ARG_NONE, &merged_tree, N_("Draw the merged call tree of a cluster’s streams as an icicle instead (its options: render --merged-tree --help)"), NULL },
    { "chart", 'c', 0, G_OPTION_ARG_STRING, &chart, N_("Draw the metric charts of the comparisons with the first trace instead: skew, dissimilarity or time-difference"), N_("KIND") },
    { "pairing", 0, 0, G_OPTION_ARG_STRING, &pairing, JX_CLI_PAIRING_HELP, N_("name|structure|auto") },
    { "pair", 0, 0, G_OPTION_ARG_STRING_ARRAY, &pair_texts, JX_CLI_PAIR_HELP, N_("A_NAME=B_NAME") },
    { "no-hand-pairing", 0, 0, G_OPTION_ARG_NONE, &no_hand_pairing,
      N_("With a saved comparison: pair its streams automatically again, leaving out those paired by hand in the window (the window’s Pair All Streams Automatically Again)"),
      NULL },
    { "clusters", 0, 0, G_OPTION_ARG_NONE, &clusters,
      N_("Mark each stream row by its structural cluster (as juxtrace-cli cluster finds them over all the traces) in the label column, with a legend"),
      NULL },
    { NULL }
  };

  /* --flame and --merged-tree are pictures of their own with their own options. */
  if (jx_cli_render_flame_requested (argc, argv))
    return jx_cli_render_flame (argc, argv);
  if (jx_cli_render_merged_requested (argc, argv))
    return jx_cli_render_merged (argc, argv);

  /* A saved comparison stands for its traces and the options that show
   * them as the window did. */
  if ((session_index = jx_cli_render_session_find (argc, argv)) > 0)
    {
      session_file = argv[session_index];
      if (!jx_cli_render_session_expand (&session, argc, argv, session_index, &error))
        return jx_cli_input_error (argv[0], NULL, error);
      argc = session.argc;
      argv = session.argv;
    }

  jx_cli_render_trend_init (&trend);
  context = jx_cli_option_context_new (_("TRACE…|SESSION.juxtrace -o FILE"),
                                       _("Draw the traces as the comparison window’s timelines do: one lane per\n"
                                         "trace on one time axis (each trace starts at 0 plus its offset), rows\n"
                                         "per stream under their process, the time ruler and a legend of the\n"
                                         "functions and categories shown. Without a height in --size the picture\n"
                                         "is as tall as its rows need. With one, rows share it (up to 64 px, down to 3 px);\n"
                                         "where stream rows would be too low for their labels, processes are drawn\n"
                                         "collapsed, one row each (not with --expand); rows that still do not fit\n"
                                         "are left out and the lane says so.\n"
                                         "With --diff, every trace is compared with the first (the reference) and\n"
                                         "diff bars under the rows show equal, different and one-sided calls,\n"
                                         "and equal calls whose self time changed by more than the noise band in\n"
                                         "red (slower in B) or blue (faster); --diff-mode picks what they show.\n"
                                         "With --chart KIND the picture holds the metric chart of each comparison\n"
                                         "with the first trace instead: a line for one stream pair (the first of\n"
                                         "--process, else the least similar) and a strip per stream pair.\n"
                                         "Times take a unit (ns, us, µs, ms, s); without one they are ms.\n"
                                         "Traces that share a name are told apart by the folder where their\n"
                                         "paths differ, “run (a)” and “run (b)”.\n"
                                         "A saved comparison (SESSION.juxtrace, File → Save Comparison in the\n"
                                         "window) draws its traces as the window showed them: the reference first,\n"
                                         "the part of each it loaded (unless --processes, --every or --load-window\n"
                                         "say otherwise), their offsets, colours and visible window, the SOS overlay, and with\n"
                                         "--diff its diff-bar mode and noise band; options given win."),
                                       entries);
  jx_cli_traces_init (&traces, "render");
  traces.own_window = TRUE;
  jx_cli_add_trace_options (context, &traces);
  jx_cli_scores_add_options (context, &scores);
  g_option_context_add_group (context, jx_cli_render_trend_option_group (&trend));

  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  if (argc < 2)
    return jx_cli_usage_error (argv[0], "%s", _("expected at least one trace"));
  if ((problem = jx_cli_picture_format (output, format_name, &format)) != NULL)
    return jx_cli_usage_error (argv[0], "%s", problem);

  jx_cli_fold_init (&fold);
  if (!jx_cli_fold_parse (&fold, (const char * const *) fold_names, fold_op, sos, &fold_message))
    return jx_cli_usage_error (argv[0], "%s", fold_message);
  if (chart != NULL && !jx_series_kind_from_string (chart, &chart_kind))
    return jx_cli_usage_error (argv[0], _("unknown chart “%s” (use skew, dissimilarity or time-difference)"), chart);
  if (chart != NULL && argc < 3)
    return jx_cli_usage_error (argv[0], "%s", _("--chart compares traces: expected at least two"));
  if ((diff_mode != NULL || band >= 0.0) && !diff)
    return jx_cli_usage_error (argv[0], "%s", _("--diff-mode and --band say what the diff bars show; use them with --diff"));
  if (band != -1.0 && !(band >= 0.0 && band <= 90.0))
    return jx_cli_usage_error (argv[0], "%s", _("--band needs a percentage from 0 to 90"));
  if (pairing != NULL && !diff && chart == NULL)
    return jx_cli_usage_error (argv[0], "%s", _("--pairing pairs the streams of compared traces; use it with --diff or --chart"));
  if (pair_texts != NULL && !diff && chart == NULL)
    return jx_cli_usage_error (argv[0], "%s", _("--pair pairs streams of compared traces; use it with --diff or --chart"));
  if (no_hand_pairing && session_index <= 0)
    return jx_cli_usage_error (argv[0], "%s", _("--no-hand-pairing leaves out the hand pairing of a saved comparison; give one (SESSION.juxtrace)"));
  if (no_hand_pairing && !diff && chart == NULL)
    return jx_cli_usage_error (argv[0], "%s", _("--no-hand-pairing pairs the streams of compared traces; use it with --diff or --chart"));
  if (!jx_cli_pairing_parse_pairs (pair_texts, pairs))
    return jx_cli_usage_error (argv[0], "%s", _("--pair expects A_NAME=B_NAME, a name of the first trace and one of the other"));
  if (jx_cli_scores_given (&scores) && !diff && chart == NULL)
    return jx_cli_usage_error (argv[0], "%s", _("--match, --mismatch and --gap set the scores of the alignments; use them with --diff, --chart or --flame"));
  if (!jx_cli_scores_get (&scores, &scoring, &error))
    return jx_cli_usage_error (argv[0], "%s", error->message);

  jx_comparison_render_options_init (&options);
  options.dark = dark;
  options.fold_kinds = fold.kinds;
  options.show_sos = fold.sos;
  options.process = process;
  options.expand_all = expand;
  if (size != NULL && !jx_cli_parse_size (size, &options.width, &options.height))
    return jx_cli_usage_error (argv[0], _("bad size “%s”: expected WIDTHxHEIGHT in pixels, each %d to %d"),
                               size, MIN_SIDE, MAX_SIDE);
  if (window != NULL && !parse_window (window, &has_start, &start_ns, &has_end, &end_ns))
    return jx_cli_usage_error (argv[0], _("bad window “%s”: expected START:END with times such as 0, 1.5ms, 2 s"),
                               window);
  if (has_start && has_end && end_ns <= start_ns)
    return jx_cli_usage_error (argv[0], _("bad window “%s”: the end must come after the start"), window);
  for (guint i = 0; offsets != NULL && offsets[i] != NULL; i++)
    {
      const char *eq = strrchr (offsets[i], '=');
      gint64 ns;

      if (eq == NULL || eq == offsets[i] || !jx_time_parse (eq + 1, JX_TIME_UNIT_MS, &ns))
        return jx_cli_usage_error (argv[0], _("bad offset “%s”: expected TRACE=TIME, e.g. 2=1.5ms"), offsets[i]);
    }

  if (trend.function != NULL)
    {
      g_autoptr(JxTrendStudy) study = NULL;
      JxTrendPlotView view;
      int status;

      if (diff || chart != NULL || fold_names != NULL || sos || window != NULL || offsets != NULL)
        return jx_cli_usage_error (argv[0], "%s", _("--trend draws a scaling study: no --diff, --chart, --fold, --sos, "
                                                    "--window or --offset with it"));
      status = jx_cli_render_trend_prepare (&trend, &traces, (guint) argc - 1, argv + 1, size != NULL ? options.width : 0,
                                            size != NULL ? options.height : 0, dark, &study, &view);
      if (study == NULL)
        return status;
      picture.trend = &view;
      if (!jx_cli_write_picture (output, format, view.width, view.height, draw_picture, &picture, &error))
        return jx_cli_input_error (argv[0], output, error);
      jx_cli_render_trend_report (&view, output, jx_cli_format_name (format));
      return status;
    }

  n = (guint) argc - 1;
  lanes = g_new0 (JxComparisonLane, n);
  raw_names = g_new0 (const char *, n);
  anchors = g_new0 (const char *, n);
  for (guint i = 0; i < n; i++)
    {
      JxTrace *trace = NULL;
      JxTimelineSummary *summary;
      const JxTraceSelection *part = session.parts != NULL && i < session.n_colors ? session.parts[i] : NULL;
      int status = jx_cli_open_trace_part (&traces, argv[i + 1], argv[i + 1], part, &trace);

      if (status != JX_CLI_EXIT_OK)
        return status;
      g_ptr_array_add (loaded, trace);
      raw_names[i] = jx_trace_get_name (trace);
      anchors[i] = jx_trace_get_path (trace);
      summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, &error);
      if (summary == NULL)
        return jx_cli_input_error (argv[0], argv[i + 1], error);
      g_ptr_array_add (summaries, summary);
      jx_comparison_lane_init (&lanes[i], trace, i, dark);
      lanes[i].summary = summary;
    }
  names = jx_trace_names_disambiguate (raw_names, anchors, n);
  /* Function colours by importance over all traces, before anything is
   * drawn: the most important functions get distinct colours. */
  {
    g_autoptr(GArray) legend = jx_legend_entries_compute ((JxTrace **) loaded->pdata, loaded->len, 0);

    jx_palette_reset_functions ();
    jx_palette_assign_legend (legend);
  }
  for (guint i = 0; i < n; i++)
    lanes[i].name = names[i];
  if (session.argv != NULL)
    jx_cli_render_session_colour (&session, lanes, n, dark);

  if (process != NULL)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < n && !found; i++)
        for (guint32 p = 0; p < jx_trace_get_n_processes (lanes[i].trace) && !found; p++)
          found = g_strcmp0 (jx_trace_get_process (lanes[i].trace, p)->name, process) == 0;
      if (!found)
        {
          g_autoptr(GError) none = g_error_new (JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                                                _("no process named “%s” in any of the traces"), process);
          return jx_cli_input_error (argv[0], NULL, none);
        }
    }

  for (guint i = 0; offsets != NULL && offsets[i] != NULL; i++)
    {
      g_autofree char *key = g_strndup (offsets[i], (gsize) (strrchr (offsets[i], '=') - offsets[i]));
      guint index = find_trace (key, lanes, argv + 1, n, &error);

      if (index == G_MAXUINT)
        return jx_cli_input_error (argv[0], NULL, error);
      jx_time_parse (strrchr (offsets[i], '=') + 1, JX_TIME_UNIT_MS, &lanes[index].offset_ns);
    }

  if (align_at != NULL || align_marker != NULL)
    {
      JxCliAlignSpec spec = { align_at, align_marker, align_at != NULL ? process : NULL, NULL,
                              align_end ? JX_ALIGN_EDGE_END : JX_ALIGN_EDGE_START };
      g_autofree JxCliAlignRow *rows = g_new0 (JxCliAlignRow, n);
      g_autofree JxTrace **list = g_new0 (JxTrace *, n);

      if (align_at != NULL && align_marker != NULL)
        return jx_cli_usage_error (argv[0], "%s", _("give either --at FUNCTION or --marker TEXT"));
      for (guint i = 0; i < n; i++)
        list[i] = lanes[i].trace;
      if (!jx_cli_align_compute (&spec, list, (const char * const *) argv + 1, n, rows, NULL, &error))
        {
          if (g_error_matches (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE))
            return jx_cli_usage_error (argv[0], "%s", error->message);
          return jx_cli_input_error (argv[0], NULL, error);
        }
      /* Relative to the first trace wherever --offset put it. */
      for (guint i = 1; i < n; i++)
        if (rows[i].status == JX_CLI_ALIGN_ALIGNED)
          lanes[i].offset_ns = lanes[0].offset_ns + rows[i].offset_ns;
    }

  if (!jx_cli_fold_prepare (&fold, lanes, n, &error))
    return jx_cli_input_error (argv[0], NULL, error);

  if (clusters)
    {
      g_autofree JxTrace **list = g_new0 (JxTrace *, n);
      JxSignatureSet *set;

      for (guint i = 0; i < n; i++)
        list[i] = lanes[i].trace;
      clustering = jx_clustering_new_for_traces (list, n, NULL, NULL, &error);
      if (clustering == NULL)
        return jx_cli_input_error (argv[0], NULL, error);
      set = jx_clustering_get_signatures (clustering);
      for (guint c = 0; c < jx_clustering_get_n_clusters (clustering); c++)
        {
          const JxCluster *cluster = jx_clustering_get_cluster (clustering, c);

          if (!cluster->outlier)
            g_ptr_array_add (cluster_names,
                             g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "cluster %u (%u stream, %s)",
                                                           "cluster %u (%u streams, %s)", cluster->size),
                                              c + 1, cluster->size, jx_stream_kind_to_string (cluster->kind)));
        }
      for (guint i = 0; i < n; i++)
        {
          guint n_streams = jx_trace_get_n_streams (lanes[i].trace);
          guint32 *marks = g_new (guint32, MAX (n_streams, 1));

          for (guint32 s = 0; s < n_streams; s++)
            {
              guint32 c = jx_clustering_get_cluster_of (clustering, jx_signature_set_index (set, i, s));

              marks[s] = c == JX_NONE ? JX_NONE
                         : jx_clustering_get_cluster (clustering, c)->outlier ? JX_COMPARISON_RENDER_OUTLIER : c;
            }
          lanes[i].clusters = marks;
          g_ptr_array_add (cluster_marks, marks);
        }
      options.cluster_names = (const char * const *) cluster_names->pdata;
      options.n_cluster_names = cluster_names->len;
    }

  if (metric != NULL)
    {
      double lo, hi;

      options.counter_metric = metric;
      if (!jx_cli_metrics_scale (lanes, n, metric, &lo, &hi))
        return jx_cli_usage_error (argv[0], _("no trace has a metric named “%s” (`info --metrics` lists them)"), metric);
    }

  jx_comparison_render_get_extent (lanes, n, &extent_start, &extent_end);
  options.start_ns = has_start ? start_ns : extent_start;
  options.end_ns = has_end ? end_ns : extent_end;
  if (options.end_ns <= options.start_ns)
    return jx_cli_usage_error (argv[0], _("bad window “%s”: it ends before the traces start or starts after they end"),
                               window != NULL ? window : "");

  jx_cli_render_diff_init (&cli_diff);
  cli_diff.scoring = scoring;
  if (diff_mode != NULL && !jx_diff_bar_mode_from_string (diff_mode, &cli_diff.mode))
    {
      jx_cli_render_diff_clear (&cli_diff);
      return jx_cli_usage_error (argv[0], _("unknown diff mode “%s” (use structure, time or both)"), diff_mode);
    }
  if (band >= 0.0)
    cli_diff.band = band / 100.0;
  cli_diff.pairs = (const JxNamePair *) (gpointer) pairs->data;
  cli_diff.n_pairs = pairs->len;
  cli_diff.lane_pairs = session.pairs;
  cli_diff.n_lane_pairs = session.pairs != NULL && !no_hand_pairing ? session.n_colors : 0;
  if (no_hand_pairing)
    note_hand_pairs_left_out (session_file, &session, lanes, n);
  if (!jx_cli_pairing_parse (pairing, &cli_diff.pairing))
    {
      jx_cli_render_diff_clear (&cli_diff);
      return jx_cli_pairing_usage_error (argv[0], pairing);
    }
  if ((diff || chart != NULL) && !jx_cli_render_diff_compare (&cli_diff, lanes, n, &error))
    {
      jx_cli_render_diff_clear (&cli_diff);
      return jx_cli_input_error (argv[0], NULL, error);
    }
  if (diff)
    jx_cli_render_diff_add_bars (&cli_diff, lanes, n);
  picture.lanes = lanes;
  picture.n_lanes = n;
  picture.options = &options;
  picture.result = &result;
  if (chart != NULL)
    {
      if (!jx_cli_render_diff_build_chart (&cli_diff, lanes, n, chart_kind, process, options.start_ns, options.end_ns,
                                    options.width, dark, &error))
        {
          jx_cli_render_diff_clear (&cli_diff);
          return jx_cli_input_error (argv[0], NULL, error);
        }
      picture.charts = (const JxMetricChartView *) (gpointer) cli_diff.views->data;
      picture.n_charts = cli_diff.views->len;
      height = jx_metric_chart_picture_height (picture.charts, picture.n_charts);
      memset (&result, 0, sizeof result);
      result.start_ns = options.start_ns;
      result.end_ns = options.end_ns;
    }
  else
    height = jx_comparison_render_measure_height (lanes, n, &options);

  if (!jx_cli_write_picture (output, format, options.width, height, draw_picture, &picture, &error))
    {
      jx_cli_render_diff_clear (&cli_diff);
      return jx_cli_input_error (argv[0], output, error);
    }

  if (chart != NULL)
    {
      g_autofree char *from = jx_time_format (options.start_ns, 6);
      g_autofree char *to = jx_time_format (options.end_ns, 6);

      g_print (_("Wrote %s (%s, %d × %d px)\n"), output, jx_cli_format_name (format), options.width, height);
      g_print (_("Window: %s to %s\n"), from, to);
      g_print (g_dngettext (GETTEXT_PACKAGE, "Charts: %s of %u comparison with “%s”\n",
                            "Charts: %s of %u comparisons with “%s”\n", picture.n_charts),
               jx_series_kind_to_string (chart_kind), picture.n_charts, lanes[0].name);
      print_pairing (&cli_diff, lanes);
      jx_cli_render_diff_clear (&cli_diff);
      return JX_CLI_EXIT_OK;
    }

  first = jx_time_format (result.start_ns, 6);
  last = jx_time_format (result.end_ns, 6);
  g_print (_("Wrote %s (%s, %d × %d px)\n"), output, jx_cli_format_name (format), options.width, result.height);
  g_print (_("Window: %s to %s\n"), first, last);
  g_print (_("Rows: %u shown, %u left out, %d px high%s\n"), result.n_rows, result.n_rows_hidden,
           result.row_height, result.collapsed ? _(", processes collapsed") : "");
  g_print (_("Legend: %u entries, %u left out\n"), result.n_legend_entries, result.n_legend_hidden);
  if (fold.fold)
    g_print (_("Folded: %u rows (%s)\n"), result.n_folded, jx_fold_op_to_string (fold.op));
  if (result.sos)
    {
      g_autofree char *lo = jx_time_format (result.sos_min_ns, 3);
      g_autofree char *hi = jx_time_format (result.sos_max_ns, 3);

      g_print (_("SOS time: %s to %s\n"), lo, hi);
      if (fold.set != NULL && jx_imbalance_set_get_function (fold.set) != NULL)
        {
          guint n_common = 0;
          g_autofree char *line = NULL;

          for (guint l = 0; l < n; l++)
            n_common += jx_imbalance_set_is_common (fold.set, l);
          line = g_strdup_printf (_("SOS segments: calls of “%s” (the first trace’s dominant function) in %u of %u traces\n"),
                                  jx_imbalance_set_get_function (fold.set), n_common, n);
          /* Raw UTF-8 like the rest of the tool's text, whatever the locale. */
          fflush (stdout);
          fputs (line, stdout);
        }
    }
  if (diff)
    g_print (g_dngettext (GETTEXT_PACKAGE, "Diff bars: %u trace compared with “%s”, %u bars under the rows\n",
                          "Diff bars: %u traces compared with “%s”, %u bars under the rows\n",
                          cli_diff.comparisons->len),
             cli_diff.comparisons->len, lanes[0].name, result.n_diff_bars);
  if (diff)
    {
      if (cli_diff.mode == JX_DIFF_BAR_STRUCTURE)
        g_print (_("Diff mode: structure (equal, different and one-sided calls)\n"));
      else
        g_print (cli_diff.mode == JX_DIFF_BAR_TIME
                 ? _("Diff mode: time (self time B/A of every call; red slower in B, blue faster, within ±%g %% equal)\n")
                 : _("Diff mode: both (structure, and equal calls by self time B/A: red slower in B, blue faster, within ±%g %% equal)\n"),
                 cli_diff.band * 100.0);
      print_pairing (&cli_diff, lanes);
    }
  if (metric != NULL)
    jx_cli_metrics_print_counter (lanes, n, metric, &result);
  if (clustering != NULL)
    g_print (_("Clusters: %u structural clusters and %u outliers over the traces, %u rows marked\n"),
             jx_clustering_get_n_clusters (clustering) - jx_clustering_get_n_outliers (clustering),
             jx_clustering_get_n_outliers (clustering), result.n_cluster_marks);
  jx_cli_render_diff_clear (&cli_diff);
  return JX_CLI_EXIT_OK;
}
