/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render-trend.c — see jx-cli-render-trend.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-render-trend.h"
#include "jx-cli-trend-private.h"

#define DEFAULT_WIDTH  800
#define DEFAULT_HEIGHT 500

void
jx_cli_render_trend_init (JxCliRenderTrend *args)
{
  g_return_if_fail (args != NULL);

  memset (args, 0, sizeof *args);
  args->at = NAN;
}

void
jx_cli_render_trend_clear (JxCliRenderTrend *args)
{
  g_clear_pointer (&args->function, g_free);
  g_clear_pointer (&args->measure, g_free);
  g_clear_pointer (&args->log, g_free);
  g_clear_pointer (&args->param_specs, g_strfreev);
  g_clear_pointer (&args->params_file, g_free);
  g_clear_pointer (&args->by, g_free);
}

GOptionGroup *
jx_cli_render_trend_option_group (JxCliRenderTrend *args)
{
  const GOptionEntry entries[] = {
    { "trend", 0, 0, G_OPTION_ARG_STRING, &args->function,
      N_("Instead of timelines, plot this function (or call path “main->f”, or “(MPI)”) across the runs of a scaling study, with its model (see `juxtrace-cli trend`)"),
      N_("FUNCTION") },
    { "trend-measure", 0, 0, G_OPTION_ARG_STRING, &args->measure,
      N_("The measure to plot: count, count_mean, count_max, incl…, excl…, sos… (default count)"), N_("MEASURE") },
    { "trend-at", 0, 0, G_OPTION_ARG_DOUBLE, &args->at,
      N_("Extrapolate the model to this parameter value and mark its prediction"), "X" },
    { "log", 0, 0, G_OPTION_ARG_STRING, &args->log, N_("Logarithmic axes: x, y, xy or none (default none)"), N_("AXES") },
    { "param", 0, 0, G_OPTION_ARG_STRING_ARRAY, &args->param_specs,
      N_("The value of a parameter for each run, in their order (repeatable)"), N_("NAME=V1,V2,…") },
    { "params", 0, 0, G_OPTION_ARG_FILENAME, &args->params_file,
      N_("Read the runs’ parameter values from a CSV file"), N_("FILE.csv") },
    { "by", 0, 0, G_OPTION_ARG_STRING, &args->by, N_("Model against this parameter"), N_("NAME") },
    { NULL }
  };
  GOptionGroup *group = g_option_group_new ("trend", _("Trend plot options (--trend FUNCTION RUN… -o FILE):"),
                                            _("Show the options of trend plots"), NULL, NULL);

  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_group_add_entries (group, entries);
  return group;
}

int
jx_cli_render_trend_prepare (JxCliRenderTrend  *args,
                             JxCliTraces       *traces,
                             guint              n_runs,
                             char             **runs,
                             int                width,
                             int                height,
                             gboolean           dark,
                             JxTrendStudy     **study_out,
                             JxTrendPlotView   *view)
{
  g_autoptr(JxTrendStudy) study = NULL;
  JxCliLoadCheck **checks = NULL;
  JxCliTrendInput input = { 0 };
  JxTrendMeasure measure = JX_TREND_MEASURE_COUNT;
  JxTrendKeyKind kind = JX_TREND_KEY_FUNCTION;
  gboolean log_x = FALSE, log_y = FALSE;
  int status = JX_CLI_EXIT_OK, built;
  gint index;

  g_return_val_if_fail (args != NULL && args->function != NULL, JX_CLI_EXIT_USAGE);

  if (args->measure != NULL && !jx_trend_measure_from_string (args->measure, &measure))
    return jx_cli_usage_error ("render", _("unknown --trend-measure “%s”: use count, count_mean, count_max, incl, "
                                           "incl_mean, incl_max, excl, excl_mean, excl_max, sos, sos_mean or sos_max"),
                               args->measure);
  if (args->log != NULL)
    {
      if (g_str_equal (args->log, "x") || g_str_equal (args->log, "xy") || g_str_equal (args->log, "yx"))
        log_x = TRUE;
      if (g_str_equal (args->log, "y") || g_str_equal (args->log, "xy") || g_str_equal (args->log, "yx"))
        log_y = TRUE;
      if (!log_x && !log_y && !g_str_equal (args->log, "none"))
        return jx_cli_usage_error ("render", _("bad --log “%s”: use x, y, xy or none"), args->log);
    }
  if (!isnan (args->at) && !(args->at > 0.0 && isfinite (args->at)))
    return jx_cli_usage_error ("render", _("bad --trend-at %g: give a positive parameter value"), args->at);
  if (n_runs == 0)
    return jx_cli_usage_error ("render", "%s", _("--trend expects the RUNs of a study"));

  if (strstr (args->function, "->") != NULL)
    kind = JX_TREND_KEY_PATH;
  else if (args->function[0] == '(')
    kind = JX_TREND_KEY_GROUP;
  input.param_specs = args->param_specs;
  input.params_file = args->params_file;
  input.by = args->by;
  input.measures = 1u << measure;
  input.paths = kind == JX_TREND_KEY_PATH;
  input.at = args->at;
  built = jx_cli_trend_build (traces, n_runs, runs, &input, &study, &checks, &status);
  jx_cli_trend_checks_free (checks, n_runs);
  if (built != JX_CLI_EXIT_OK)
    return MAX (built, status);

  index = jx_trend_study_find_series (study, kind, args->function, measure);
  if (index < 0)
    {
      g_printerr (_("juxtrace-cli render: --trend: no %s “%s” with %s in the runs (see `juxtrace-cli trend%s` for "
                    "the names)\n"),
                  kind == JX_TREND_KEY_PATH ? _("call path") : _("function"), args->function,
                  jx_trend_measure_to_string (measure), kind == JX_TREND_KEY_PATH ? " --paths" : "");
      return JX_CLI_EXIT_INPUT;
    }

  jx_trend_plot_view_init (view);
  view->study = study;
  view->series = jx_trend_study_get_series (study, index);
  view->width = width > 0 ? width : DEFAULT_WIDTH;
  view->height = height > 0 ? height : DEFAULT_HEIGHT;
  view->log_x = log_x;
  view->log_y = log_y;
  view->dark = dark;
  view->at = args->at;
  *study_out = g_steal_pointer (&study);
  return status;
}

void
jx_cli_render_trend_report (const JxTrendPlotView *view,
                            const char            *output,
                            const char            *format)
{
  const JxTrendSeries *s = view->series;
  const char *param = jx_trend_study_get_parameter (view->study);
  g_autofree char *model = jx_trend_model_format (&s->model, param, jx_trend_measure_unit (s->measure));

  g_print (_("Wrote %s (%s, %d × %d px)\n"), output, format, view->width, view->height);
  g_print (_("Plot: %s, %s against %s (%u values)\n"), s->name, jx_trend_measure_label (s->measure), param,
           jx_trend_study_get_n_x (view->study));
  if (s->model.kind == JX_TREND_MODEL_NONE)
    g_print ("%s\n", _("Model: none (too few points)"));
  else
    g_print (_("Model: %s (%s)\n"), model, jx_trend_model_class (&s->model));
}
