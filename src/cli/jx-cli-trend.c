/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-trend.c — `juxtrace-cli trend RUN…`: a scaling study of several
 * runs (src/analysis/jx-trend-study.h): options, parameters from the
 * command line or a CSV file, loading the runs in parallel with the load
 * report of each, and the exit codes. The printers are in
 * jx-cli-trend-output.c; docs/trend.md documents all of it. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-trend-private.h"
#include "jx-trend-load.h"

typedef struct
{
  JxCliLoadCheck **checks;
} HookData;

/* In a loading thread: what the load report rules need, before the trace
 * is dropped. */
static void
take_check (JxTrace  *trace,
            guint     index,
            gpointer  user_data)
{
  HookData *data = user_data;

  data->checks[index] = jx_cli_load_check_new (trace);
}

/* "NAME=V1,V2,…": one value per run, in the order of the runs. */
static gboolean
parse_param (const char  *spec,
             guint        n_runs,
             char       **name,
             GArray      *values,
             char       **problem)
{
  const char *eq = strchr (spec, '=');
  g_auto(GStrv) items = NULL;
  guint n;

  if (eq == NULL || eq == spec || !g_ascii_isalpha (spec[0]))
    {
      *problem = g_strdup_printf (_("bad --param “%s”: expected NAME=V1,V2,… with one value per run, e.g. n=100,200,400"),
                                  spec);
      return FALSE;
    }
  *name = g_strndup (spec, eq - spec);
  for (const char *p = spec; p < eq; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      {
        *problem = g_strdup_printf (_("bad --param “%s”: a name is letters, digits and “_”"), spec);
        return FALSE;
      }
  items = g_strsplit (eq + 1, ",", -1);
  n = g_strv_length (items);
  if (n != n_runs)
    {
      *problem = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "--param %s gives %u value for %u runs: give one per run, in the order of the runs",
                                               "--param %s gives %u values for %u runs: give one per run, in the order of the runs",
                                               n),
                                  *name, n, n_runs);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      char *end = NULL;
      const char *text = g_strstrip (items[i]);
      double value = g_ascii_strtod (text, &end);

      if (text[0] == '\0' || end == text || *end != '\0' || !isfinite (value))
        {
          *problem = g_strdup_printf (_("--param %s: value %u, “%s”, is no number"), *name, i + 1, text);
          return FALSE;
        }
      g_array_append_val (values, value);
    }
  return TRUE;
}

gboolean
jx_cli_trend_parse_measures (char   **specs,
                             guint   *mask,
                             char   **problem)
{
  *mask = 0;
  for (guint i = 0; specs != NULL && specs[i] != NULL; i++)
    {
      g_auto(GStrv) names = g_strsplit (specs[i], ",", -1);

      for (guint k = 0; names[k] != NULL; k++)
        {
          const char *name = g_strstrip (names[k]);
          JxTrendMeasure m;

          if (g_ascii_strcasecmp (name, "all") == 0)
            *mask |= JX_TREND_ALL_MEASURES;
          else if (jx_trend_measure_from_string (name, &m))
            *mask |= 1u << m;
          else
            {
              *problem = g_strdup_printf (_("unknown --measure “%s”: use count, count_mean, count_max, incl, incl_mean, "
                                            "incl_max, excl, excl_mean, excl_max, sos, sos_mean, sos_max or all"),
                                          name);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gint
parse_category (const char *name)
{
  for (guint c = 0; c < JX_N_CATEGORIES; c++)
    if (g_ascii_strcasecmp (name, jx_category_to_string (c)) == 0)
      return (gint) c;
  return -1;
}

static int
study_error (const char   *command,
             const GError *error)
{
  g_printerr ("juxtrace-cli %s: %s\n", command, error->message);
  if (g_error_matches (error, JX_TREND_ERROR, JX_TREND_ERROR_AMBIGUOUS))
    {
      g_printerr (_("Name the parameter to model with --by NAME."));
      g_printerr ("\n");
      return JX_CLI_EXIT_USAGE;
    }
  if (g_error_matches (error, JX_TREND_ERROR, JX_TREND_ERROR_NO_PARAMETER))
    {
      g_printerr (_("Give every run a value with --param NAME=V1,V2,… or --params FILE.csv, or model another "
                    "parameter with --by NAME."));
      g_printerr ("\n");
      return JX_CLI_EXIT_USAGE;
    }
  return JX_CLI_EXIT_INPUT;
}

static gboolean
write_extrap (JxTrendStudy  *study,
              guint          kinds,
              const char    *path,
              GError       **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GFileOutputStream) stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, error);

  if (stream == NULL)
    return FALSE;
  if (!jx_trend_study_write_extrap (study, kinds, G_OUTPUT_STREAM (stream), NULL, error))
    return FALSE;
  return g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, error);
}

/* The runs read here, --jobs at a time. */
static int
read_here (JxCliTraces            *traces,
           char                  **paths,
           guint                   n_runs,
           const JxCliTrendInput  *input,
           GPtrArray             **runs,
           JxCliLoadCheck        **checks,
           gpointer                data)
{
  JxTrendLoadOptions load = { 0 };
  HookData hook;

  (void) traces;
  (void) data;
  hook.checks = checks;
  load.n_workers = (guint) MAX (input->jobs, 0);
  load.sos_function = input->sos_function;
  load.hook = take_check;
  load.hook_data = &hook;
  *runs = jx_trend_load_runs ((const char * const *) paths, n_runs, &load, NULL, NULL);
  g_assert (*runs != NULL);
  return JX_CLI_EXIT_OK;
}

int
jx_cli_trend_build (JxCliTraces              *traces,
                    guint                     n_runs,
                    char                    **paths,
                    const JxCliTrendInput    *input,
                    JxTrendStudy            **study_out,
                    JxCliLoadCheck         ***checks_out,
                    int                      *status)
{
  const char *command = traces->command;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) value_lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(JxTrendStudy) study = NULL;
  g_autoptr(GError) error = NULL;
  JxCliLoadCheck **checks = NULL;
  JxCliTrendRead reader;
  JxTrendOptions options;
  int built;

  *status = JX_CLI_EXIT_OK;
  if (input->param_specs != NULL && input->params_file != NULL)
    return jx_cli_usage_error (command, "%s", _("--param and --params exclude each other"));
  for (guint i = 0; i < n_runs; i++)
    for (guint j = 0; j < i; j++)
      {
        g_autofree char *a = g_canonicalize_filename (paths[i], NULL);
        g_autofree char *b = g_canonicalize_filename (paths[j], NULL);

        if (strcmp (a, b) == 0)
          return jx_cli_usage_error (command, _("%s is given twice: a run counts once (repetitions are separate runs "
                                                "at the same value)"),
                                     paths[i]);
      }

  /* Parameter values first: a mistake there is found before loading. */
  for (guint s = 0; input->param_specs != NULL && input->param_specs[s] != NULL; s++)
    {
      g_autofree char *problem = NULL;
      char *name = NULL;
      GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

      g_ptr_array_add (value_lists, values);
      if (!parse_param (input->param_specs[s], n_runs, &name, values, &problem))
        {
          g_free (name);
          return jx_cli_usage_error (command, "%s", problem);
        }
      g_ptr_array_add (names, name);
      for (guint k = 0; k + 1 < names->len; k++)
        if (strcmp (g_ptr_array_index (names, k), name) == 0)
          return jx_cli_usage_error (command, _("--param %s is given twice"), name);
    }

  checks = g_new0 (JxCliLoadCheck *, MAX (n_runs, 1));
  *checks_out = checks;
  reader = input->reader != NULL ? input->reader : read_here;
  built = reader (traces, paths, n_runs, input, &runs, checks, input->reader_data);
  if (built != JX_CLI_EXIT_OK)
    return built;

  /* The load reports, in the order of the runs. */
  for (guint i = 0; i < n_runs; i++)
    {
      JxTrendRun *run = g_ptr_array_index (runs, i);
      const GError *load_error = jx_trend_run_get_error (run);

      if (load_error != NULL)
        {
          jx_cli_input_error (command, paths[i], load_error);
          *status = JX_CLI_EXIT_INPUT;
        }
      else if (!jx_cli_load_check_apply (traces, checks[i], paths[i], paths[i]))
        {
          g_autoptr(GError) left_out = g_error_new (JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT, "%s",
                                                    traces->strict ? _("its load report lists defects (--strict)")
                                                                   : _("nothing could be read"));

          g_ptr_array_index (runs, i) = jx_trend_run_new_failed (paths[i], left_out);
          jx_trend_run_unref (run);
          g_clear_pointer (&checks[i], jx_cli_load_check_free);
          *status = JX_CLI_EXIT_INPUT;
        }
    }

  for (guint s = 0; s < names->len; s++)
    for (guint i = 0; i < n_runs; i++)
      jx_trend_run_set_param (g_ptr_array_index (runs, i), g_ptr_array_index (names, s),
                              g_array_index ((GArray *) g_ptr_array_index (value_lists, s), double, i),
                              JX_TREND_SOURCE_USER);
  if (input->params_file != NULL
      && !jx_trend_params_read_csv (input->params_file, (JxTrendRun * const *) runs->pdata, n_runs, &error))
    {
      g_printerr ("juxtrace-cli %s: %s\n", command, error->message);
      return JX_CLI_EXIT_INPUT;
    }

  jx_trend_options_init (&options);
  options.parameter = input->by;
  options.measures = input->measures;
  options.paths = input->paths;
  options.at = input->at;
  study = jx_trend_study_new ((JxTrendRun * const *) runs->pdata, n_runs);
  if (!jx_trend_study_compute (study, &options, NULL, &error))
    return study_error (command, error);
  *study_out = g_steal_pointer (&study);
  return JX_CLI_EXIT_OK;
}

void
jx_cli_trend_checks_free (JxCliLoadCheck **checks,
                          guint            n_runs)
{
  for (guint i = 0; checks != NULL && i < n_runs; i++)
    jx_cli_load_check_free (checks[i]);
  g_free (checks);
}

int
jx_cli_trend (int    argc,
              char **argv)
{
  return jx_cli_trend_with (argc, argv, NULL, NULL);
}

int
jx_cli_trend_with (int             argc,
                   char          **argv,
                   JxCliTrendRead  reader,
                   gpointer        reader_data)
{
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) param_specs = NULL;
  g_auto(GStrv) measure_specs = NULL;
  g_autofree char *params_file = NULL;
  g_autofree char *by = NULL;
  g_autofree char *extrap = NULL;
  g_autofree char *category = NULL;
  g_autofree char *sos_function = NULL;
  g_autoptr(JxTrendStudy) study = NULL;
  g_autoptr(GError) error = NULL;
  JxCliLoadCheck **checks = NULL;
  g_auto(JxCliTraces) traces = { 0 };
  JxCliTrendInput input = { 0 };
  JxCliTrendOutput out = { 0 };
  gboolean json = FALSE, csv = FALSE, paths = FALSE;
  double at = NAN;
  gint top = -1, jobs = 0;
  guint measures = 0, n_runs;
  int status = JX_CLI_EXIT_OK, built;
  const GOptionEntry entries[] = {
    { "param", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &param_specs,
      N_("The value of a parameter for each run, in the order of the runs (repeatable)"), N_("NAME=V1,V2,…") },
    { "params", 0, 0, G_OPTION_ARG_FILENAME, &params_file,
      N_("Read the runs’ parameter values from a CSV file: a header “run,NAME,…”, then one row per run"), N_("FILE.csv") },
    { "by", 0, 0, G_OPTION_ARG_STRING, &by,
      N_("Model against this parameter (default: the one given, else the one that varies, else p)"), N_("NAME") },
    { "measure", 'm', 0, G_OPTION_ARG_STRING_ARRAY, &measure_specs,
      N_("Measures to model, comma separated (default count,excl; “all” for every one)"), N_("LIST") },
    { "at", 0, 0, G_OPTION_ARG_DOUBLE, &at,
      N_("Predict every measure at this parameter value, and each function’s share of the runtime there"), "X" },
    { "paths", 0, 0, G_OPTION_ARG_NONE, &paths, N_("Rank call paths instead of functions"), NULL },
    { "category", 0, 0, G_OPTION_ARG_STRING, &category,
      N_("Only functions of this category: user, mpi, openmp, accelerator, io, sync or other"), N_("CATEGORY") },
    { "top", 'n', 0, G_OPTION_ARG_INT, &top, N_("Rows per measure (default 20 in text, all in JSON and CSV; 0 = all)"), "N" },
    { "sos-function", 0, 0, G_OPTION_ARG_STRING, &sos_function,
      N_("Segment by this function for the SOS measures instead of the dominant one"), N_("NAME") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs, N_("Read this many runs at once (default: one per core)"), "N" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write JSON"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("Write CSV (RFC 4180), one row per function and measure"), NULL },
    { "extrap", 0, 0, G_OPTION_ARG_FILENAME, &extrap,
      N_("Also write the measures as Extra-P JSON Lines input (one line per function, measure and value)"), N_("FILE") },
    { NULL }
  };

  jx_cli_traces_init (&traces, "trend");
  context = jx_cli_option_context_new (_("RUN…"),
                                       _("A scaling study: how each function’s calls and times grow with the number of\n"
                                         "processes, an input size or another parameter, across several runs of one program.\n"
                                         "Each measure gets a model (constant, a + b·x^i·log2(x)^j, or a + b·x^c) chosen by\n"
                                         "cross-validation, and the functions are ranked least scalable first: by\n"
                                         "exponent, then log exponent, then coefficient. At least three distinct values\n"
                                         "are needed for a model (five for confidence). Runs at the same value are\n"
                                         "repetitions. A run that cannot be read is left out (exit status 1).\n"
                                         "`juxtrace-cli render --trend FUNCTION RUN…` draws one of them; juxtrace-cli(1) explains the models and rules."),
                                       entries);
  jx_cli_add_trace_options (context, &traces);
  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  if (argc < 2)
    return jx_cli_usage_error (argv[0], "%s", _("expected one or more RUNs (trace folders or anchor files)"));
  if (json && csv)
    return jx_cli_usage_error (argv[0], "%s", _("--json and --csv exclude each other"));
  if (!isnan (at) && !(at > 0.0 && isfinite (at)))
    return jx_cli_usage_error (argv[0], _("bad --at %g: give a positive parameter value"), at);
  if (top < -1)
    return jx_cli_usage_error (argv[0], _("bad --top %d: give 0 (all) or more"), top);
  if (jobs < 0)
    return jx_cli_usage_error (argv[0], _("bad --jobs %d: give 1 or more"), jobs);
  {
    g_autofree char *problem = NULL;

    if (!jx_cli_trend_parse_measures (measure_specs, &measures, &problem))
      return jx_cli_usage_error (argv[0], "%s", problem);
  }
  out.category = -1;
  if (category != NULL && (out.category = parse_category (category)) < 0)
    return jx_cli_usage_error (argv[0], _("unknown --category “%s”: use user, mpi, openmp, accelerator, io, sync or other"),
                               category);

  n_runs = (guint) argc - 1;
  traces.json = json;
  input.param_specs = param_specs;
  input.params_file = params_file;
  input.by = by;
  input.measures = measures;
  input.paths = paths;
  input.at = at;
  input.sos_function = sos_function;
  input.jobs = jobs;
  input.reader = reader;
  input.reader_data = reader_data;
  built = jx_cli_trend_build (&traces, n_runs, argv + 1, &input, &study, &checks, &status);
  if (built == JX_CLI_TREND_ELSEWHERE)
    {
      jx_cli_trend_checks_free (checks, n_runs);
      return JX_CLI_EXIT_OK;
    }
  if (built != JX_CLI_EXIT_OK)
    {
      jx_cli_trend_checks_free (checks, n_runs);
      return MAX (built, status);
    }

  out.study = study;
  out.checks = checks;
  out.measures = jx_trend_study_get_options (study)->measures;
  out.kinds = paths ? (1u << JX_TREND_KEY_PATH) : (1u << JX_TREND_KEY_FUNCTION);
  out.top = top >= 0 ? (guint) top : (json || csv) ? 0 : JX_CLI_TREND_DEFAULT_TOP;
  if (json)
    jx_cli_trend_print_json (&out);
  else if (csv)
    jx_cli_trend_print_csv (&out);
  else
    jx_cli_trend_print_text (&out);

  if (extrap != NULL && !write_extrap (study, out.kinds | (1u << JX_TREND_KEY_GROUP), extrap, &error))
    {
      g_printerr ("juxtrace-cli %s: %s: %s\n", argv[0], extrap, error->message);
      status = JX_CLI_EXIT_INPUT;
    }
  jx_cli_trend_checks_free (checks, n_runs);
  return status;
}
