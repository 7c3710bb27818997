/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-trend-output.c — `juxtrace-cli trend` as text, JSON and CSV: the
 * study's parameter and runs, its notes, the runtime model and per measure
 * the ranked table (or, with too few points, the measures per run). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli-trend-private.h"

#define NAME_WIDTH  36
#define MODEL_WIDTH 38

static const char *
source_phrase (JxTrendSource source)
{
  switch (source)
    {
    case JX_TREND_SOURCE_TRACE:  return _("the number of processes in each trace");
    case JX_TREND_SOURCE_FOLDER: return _("read from the folder names");
    case JX_TREND_SOURCE_USER:
    default:                     return _("as given");
    }
}

static char *
number (double x)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.10g", x));
}

/* Locale-independent, full precision, for CSV. */
static char *
csv_number (double x)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (x))
    return g_strdup ("");
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.9g", x));
}

static gboolean
row_wanted (const JxCliTrendOutput *out,
            const JxTrendSeries    *s)
{
  return out->category < 0 || s->category == (guint8) out->category;
}

/* The series of one measure to print, ranked, filtered, at most top. */
static GArray *
rows_of (const JxCliTrendOutput *out,
         JxTrendMeasure          measure)
{
  g_autoptr(GArray) ranked = jx_trend_study_get_ranking (out->study, measure, out->kinds);
  GArray *rows = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint r = 0; r < ranked->len; r++)
    {
      guint i = g_array_index (ranked, guint, r);

      if (!row_wanted (out, jx_trend_study_get_series (out->study, i)))
        continue;
      if (out->top > 0 && rows->len >= out->top)
        break;
      g_array_append_val (rows, i);
    }
  return rows;
}

static double
last_value (JxTrendStudy        *study,
            const JxTrendSeries *s)
{
  for (guint k = jx_trend_study_get_n_x (study); k > 0; k--)
    if (s->n_values[k - 1] > 0)
      return s->median[k - 1];
  return NAN;
}

/* --- text -------------------------------------------------------------------- */

/* Long names lose their middle (paths keep their end). */
static char *
fit_name (const char *name,
          guint       width)
{
  glong length = g_utf8_strlen (name, -1);
  const char *tail;

  if (length <= (glong) width)
    return g_strdup (name);
  tail = g_utf8_offset_to_pointer (name, length - (width - 1));
  return g_strconcat ("…", tail, NULL);
}

static char *
percent (double fraction)
{
  if (!isfinite (fraction))
    return g_strdup ("—");
  if (fraction > 0.0 && fraction < 0.005)
    return g_strdup ("<1 %");
  return g_strdup_printf ("%.0f %%", 100.0 * fraction);
}

static void
append_row_cells (GString    *text,
                  const char *const *cells,
                  const guint *widths,
                  guint        n)
{
  g_string_append (text, "  ");
  for (guint c = 0; c < n; c++)
    {
      jx_cli_append_padded (text, cells[c], widths[c], c != 1 && c != 2);
      g_string_append_c (text, ' ');
    }
  while (text->len > 0 && text->str[text->len - 1] == ' ')
    g_string_truncate (text, text->len - 1);
  g_string_append_c (text, '\n');
}

static int
compare_run_x (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  JxTrendStudy *study = user_data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  double x = jx_trend_study_get_run_x (study, i), y = jx_trend_study_get_run_x (study, j);

  /* Failed runs (NAN) last, else by x, then in the order given. */
  if (isnan (x) != isnan (y))
    return isnan (x) ? 1 : -1;
  if (x != y && !isnan (x))
    return x < y ? -1 : 1;
  return i < j ? -1 : i > j ? 1 : 0;
}

static guint *
runs_by_x (JxTrendStudy *study)
{
  guint n = jx_trend_study_get_n_runs (study);
  guint *order = g_new (guint, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, n, sizeof (guint), compare_run_x, study);
  return order;
}

static void
print_header (GString                *text,
              const JxCliTrendOutput *out)
{
  JxTrendStudy *study = out->study;
  const char *param = jx_trend_study_get_parameter (study);
  const double *x = jx_trend_study_get_x (study);
  guint n_x = jx_trend_study_get_n_x (study);
  g_autoptr(GString) values = g_string_new (NULL);
  g_autofree guint *order = runs_by_x (study);

  for (guint k = 0; k < n_x; k++)
    {
      g_autofree char *v = number (x[k]);

      g_string_append_printf (values, "%s%s", k > 0 ? ", " : "", v);
    }
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Scaling study of %u run", "Scaling study of %u runs",
                                             jx_trend_study_get_n_runs (study)),
                          jx_trend_study_get_n_runs (study));
  g_string_append_printf (text, _(": %s = %s (%s)\n"), param, values->str,
                          source_phrase (jx_trend_study_get_parameter_source (study)));

  for (guint k = 0; k < jx_trend_study_get_n_runs (study); k++)
    {
      guint i = order[k];
      JxTrendRun *run = jx_trend_study_get_run (study, i);
      double rx = jx_trend_study_get_run_x (study, i);
      g_autofree char *v = isnan (rx) ? g_strdup ("—") : number (rx);

      g_string_append_printf (text, "  %s = ", param);
      jx_cli_append_padded (text, v, 8, FALSE);
      g_string_append_printf (text, " %s", jx_trend_run_get_path (run));
      if (jx_trend_run_get_error (run) != NULL)
        g_string_append (text, _("  (left out: could not be read)"));
      else
        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "  (%u process, %llu calls)",
                                                   "  (%u processes, %llu calls)", jx_trend_run_get_n_processes (run)),
                                jx_trend_run_get_n_processes (run),
                                (unsigned long long) jx_trend_run_get_n_invocations (run));
      g_string_append_c (text, '\n');
    }
}

static void
print_runtime (GString                *text,
               const JxCliTrendOutput *out)
{
  JxTrendStudy *study = out->study;
  const JxTrendSeries *runtime = jx_trend_study_get_runtime (study, JX_TREND_MEASURE_EXCL);
  const char *param = jx_trend_study_get_parameter (study);
  g_autofree char *model = NULL;

  if (runtime == NULL)
    return;
  if (runtime->model.kind == JX_TREND_MODEL_NONE)
    {
      const double *x = jx_trend_study_get_x (study);

      g_string_append (text, _("Runtime summed over processes:"));
      for (guint k = 0; k < jx_trend_study_get_n_x (study); k++)
        {
          g_autofree char *v = number (x[k]);
          g_autofree char *value = jx_trend_format_value (runtime->median[k], JX_TREND_UNIT_SECONDS);

          g_string_append_printf (text, "%s %s at %s = %s", k > 0 ? "," : "", value, param, v);
        }
      g_string_append_c (text, '\n');
      return;
    }
  model = jx_trend_model_format (&runtime->model, param, JX_TREND_UNIT_SECONDS);
  g_string_append_printf (text, _("Runtime summed over processes: %s"), model);
  if (isfinite (runtime->model.r2) && runtime->model.kind != JX_TREND_MODEL_CONSTANT)
    g_string_append_printf (text, _("  (R² %.3f)"), runtime->model.r2);
  g_string_append_c (text, '\n');
  if (!isfinite (runtime->prediction) && isfinite (runtime->model_prediction))
    {
      g_autofree char *at = number (jx_trend_study_get_options (study)->at);
      g_autofree char *own = jx_trend_format_value (runtime->model_prediction, JX_TREND_UNIT_SECONDS);

      g_string_append_printf (text, _("At %s = %s this runtime model says %s.\n"), param, at, own);
    }
  else if (isfinite (runtime->prediction))
    {
      g_autofree char *at = number (jx_trend_study_get_options (study)->at);
      g_autofree char *sum = jx_trend_format_value (runtime->prediction, JX_TREND_UNIT_SECONDS);
      g_autofree char *own = jx_trend_format_value (runtime->model_prediction, JX_TREND_UNIT_SECONDS);

      g_string_append_printf (text, _("At %s = %s the functions’ models add up to %s (this runtime model alone says %s); "
                                      "shares are of that sum.\n"),
                              param, at, sum, own);
    }
}

static void
print_status (GString                *text,
              const JxCliTrendOutput *out)
{
  JxTrendStudy *study = out->study;
  const char *param = jx_trend_study_get_parameter (study);
  guint n_x = jx_trend_study_get_n_x (study);

  switch (jx_trend_study_get_status (study))
    {
    case JX_TREND_STATUS_TOO_FEW_POINTS:
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "\nToo few points: %s has %u distinct value; a model needs at least 3 "
                                                 "(Extra-P asks for 5). No models; the measures of each run follow.\n",
                                                 "\nToo few points: %s has %u distinct values; a model needs at least 3 "
                                                 "(Extra-P asks for 5). No models; the measures of each run follow.\n",
                                                 n_x),
                              param, n_x);
      if (n_x == 2)
        {
          const double *x = jx_trend_study_get_x (study);

          g_string_append_printf (text, _("Change is the value at the larger %s over that at the smaller one; %s itself "
                                          "changed ×%.2f.\n"),
                                  param, param, x[1] / x[0]);
        }
      break;
    case JX_TREND_STATUS_LOW_CONFIDENCE:
      g_string_append_printf (text, _("\nLow confidence: %s has only %u distinct values (Extra-P asks for 5): "
                                      "treat the models as hints.\n"),
                              param, n_x);
      break;
    case JX_TREND_STATUS_OK:
    default:
      break;
    }
}

static void
print_notes (GString      *text,
             JxTrendStudy *study)
{
  if (jx_trend_study_get_n_notes (study) == 0)
    return;
  g_string_append (text, _("\nNotes:\n"));
  for (guint i = 0; i < jx_trend_study_get_n_notes (study); i++)
    g_string_append_printf (text, "  - %s\n", jx_trend_study_get_note (study, i));
}

/* All MPI and the messages, below a measure's table: totals, not ranked. */
static void
print_groups (GString                *text,
              const JxCliTrendOutput *out,
              JxTrendMeasure          measure)
{
  JxTrendStudy *study = out->study;
  const char *param = jx_trend_study_get_parameter (study);
  static const char *const groups[] = { "(MPI)", "(messages)" };

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      gint i = jx_trend_study_find_series (study, JX_TREND_KEY_GROUP, groups[g], measure);
      const JxTrendSeries *s;
      g_autofree char *model = NULL;
      g_autofree char *seen = NULL;

      if (i < 0)
        continue;
      s = jx_trend_study_get_series (study, i);
      if (last_value (study, s) == 0.0)
        continue;
      model = s->model.kind == JX_TREND_MODEL_NONE ? g_strdup (_("no model"))
                                                    : jx_trend_model_format (&s->model, param, jx_trend_measure_unit (measure));
      seen = jx_trend_format_value (last_value (study, s), jx_trend_measure_unit (measure));
      g_string_append_printf (text, "  %s %s: %s", g == 0 ? _("All MPI calls,") : _("Point-to-point messages,"),
                              _("summed"), model);
      if (isfinite (s->model.r2) && s->model.kind != JX_TREND_MODEL_CONSTANT)
        g_string_append_printf (text, _(" (R² %.3f)"), s->model.r2);
      g_string_append_printf (text, _("; %s at the largest %s"), seen, param);
      if (isfinite (s->prediction))
        {
          g_autofree char *predicted = jx_trend_format_value (s->prediction, jx_trend_measure_unit (measure));
          g_autofree char *share = percent (s->share);

          g_string_append_printf (text, _("; model %s"), predicted);
          if (isfinite (s->share))
            g_string_append_printf (text, _(" (%s of the runtime)"), share);
        }
      g_string_append_c (text, '\n');
    }
}

static void
print_model_table (GString                *text,
                   const JxCliTrendOutput *out,
                   JxTrendMeasure          measure)
{
  JxTrendStudy *study = out->study;
  const char *param = jx_trend_study_get_parameter (study);
  JxTrendUnit unit = jx_trend_measure_unit (measure);
  double at = jx_trend_study_get_options (study)->at;
  gboolean with_at = isfinite (at), with_share = with_at && jx_trend_measure_is_time (measure);
  const double *x = jx_trend_study_get_x (study);
  g_autofree char *x_last = number (x[jx_trend_study_get_n_x (study) - 1]);
  g_autofree char *x_at = with_at ? number (at) : NULL;
  g_autofree char *observed = g_strdup_printf (_("Seen %s=%s"), param, x_last);
  g_autofree char *predicted = with_at ? g_strdup_printf (_("Model %s=%s"), param, x_at) : NULL;
  g_autoptr(GArray) rows = rows_of (out, measure);
  const char *labels[8] = { "#", out->kinds & (1u << JX_TREND_KEY_PATH) ? _("Call path") : _("Function"),
                            _("Model"), "R²", "SMAPE", observed, predicted, _("Share") };
  const guint widths[8] = { 3, NAME_WIDTH, MODEL_WIDTH, 6, 7, 12, 14, 6 };
  guint n_columns = with_share ? 8 : with_at ? 7 : 6;

  g_string_append_printf (text, _("\n%s — least scalable first (exponent, then log exponent, then coefficient):\n"),
                          jx_trend_measure_label (measure));
  if (rows->len == 0)
    {
      g_string_append (text, _("  (none)\n"));
      return;
    }
  append_row_cells (text, labels, widths, n_columns);
  for (guint r = 0; r < rows->len; r++)
    {
      const JxTrendSeries *s = jx_trend_study_get_series (study, g_array_index (rows, guint, r));
      g_autofree char *rank = g_strdup_printf ("%u", r + 1);
      g_autofree char *name = fit_name (s->name, NAME_WIDTH);
      g_autofree char *model = jx_trend_model_format (&s->model, param, unit);
      /* A constant's R² is 0 by definition: no information. */
      g_autofree char *r2 = isfinite (s->model.r2) && s->model.kind != JX_TREND_MODEL_CONSTANT
                            ? g_strdup_printf ("%.3f", s->model.r2) : g_strdup ("—");
      g_autofree char *smape = isfinite (s->model.smape) ? g_strdup_printf ("%.1f %%", s->model.smape) : g_strdup ("—");
      g_autofree char *seen = jx_trend_format_value (last_value (study, s), unit);
      g_autofree char *prediction = jx_trend_format_value (s->prediction, unit);
      g_autofree char *share = percent (s->share);
      const char *cells[8] = { rank, name, model, r2, smape, seen, prediction, share };

      append_row_cells (text, cells, widths, n_columns);
    }
  print_groups (text, out, measure);
}

/* Too few points: the value of each function at each x (the median of its
 * runs, with their range when there are repetitions). */
static void
print_value_table (GString                *text,
                   const JxCliTrendOutput *out,
                   JxTrendMeasure          measure)
{
  JxTrendStudy *study = out->study;
  const char *param = jx_trend_study_get_parameter (study);
  JxTrendUnit unit = jx_trend_measure_unit (measure);
  guint n_x = jx_trend_study_get_n_x (study);
  const double *x = jx_trend_study_get_x (study);
  g_autoptr(GArray) rows = rows_of (out, measure);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint *widths = g_new (guint, n_x + 3);

  g_string_append_printf (text, _("\n%s per run — by the value at the largest %s:\n"), jx_trend_measure_label (measure),
                          param);
  if (rows->len == 0)
    {
      g_string_append (text, _("  (none)\n"));
      return;
    }
  g_ptr_array_add (labels, g_strdup ("#"));
  g_ptr_array_add (labels, g_strdup (out->kinds & (1u << JX_TREND_KEY_PATH) ? _("Call path") : _("Function")));
  widths[0] = 3;
  widths[1] = NAME_WIDTH;
  for (guint k = 0; k < n_x; k++)
    {
      g_autofree char *v = number (x[k]);

      g_ptr_array_add (labels, g_strdup_printf ("%s=%s", param, v));
      widths[2 + k] = 12;
    }
  if (n_x == 2)
    {
      g_ptr_array_add (labels, g_strdup (_("Change")));
      widths[2 + n_x] = 8;
    }
  g_string_append (text, "  ");
  for (guint c = 0; c < labels->len; c++)
    {
      jx_cli_append_padded (text, g_ptr_array_index (labels, c), widths[c], c != 1);
      g_string_append_c (text, ' ');
    }
  while (text->len > 0 && text->str[text->len - 1] == ' ')
    g_string_truncate (text, text->len - 1);
  g_string_append_c (text, '\n');

  for (guint r = 0; r < rows->len; r++)
    {
      const JxTrendSeries *s = jx_trend_study_get_series (study, g_array_index (rows, guint, r));
      g_autofree char *rank = g_strdup_printf ("%u", r + 1);
      g_autofree char *name = fit_name (s->name, NAME_WIDTH);

      g_string_append (text, "  ");
      jx_cli_append_padded (text, rank, widths[0], TRUE);
      g_string_append_c (text, ' ');
      jx_cli_append_padded (text, name, widths[1], FALSE);
      g_string_append_c (text, ' ');
      for (guint k = 0; k < n_x; k++)
        {
          g_autofree char *v = s->n_values[k] > 0 ? jx_trend_format_value (s->median[k], unit) : g_strdup ("—");

          if (s->n_values[k] > 1 && s->max[k] > s->min[k])
            {
              g_autofree char *lo = jx_trend_format_value (s->min[k], unit);
              g_autofree char *hi = jx_trend_format_value (s->max[k], unit);
              g_autofree char *with_range = g_strdup_printf ("%s [%s–%s]", v, lo, hi);

              g_free (v);
              v = g_steal_pointer (&with_range);
            }
          jx_cli_append_padded (text, v, widths[2 + k], TRUE);
          g_string_append_c (text, ' ');
        }
      if (n_x == 2)
        {
          g_autofree char *change = s->median[0] > 0.0 && isfinite (s->median[1])
                                    ? g_strdup_printf ("×%.2f", s->median[1] / s->median[0]) : g_strdup ("—");

          jx_cli_append_padded (text, change, widths[2 + n_x], TRUE);
        }
      while (text->len > 0 && text->str[text->len - 1] == ' ')
        g_string_truncate (text, text->len - 1);
      g_string_append_c (text, '\n');
    }
}

void
jx_cli_trend_print_text (const JxCliTrendOutput *out)
{
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean too_few = jx_trend_study_get_status (out->study) == JX_TREND_STATUS_TOO_FEW_POINTS;

  print_header (text, out);
  print_runtime (text, out);
  print_status (text, out);
  print_notes (text, out->study);
  for (JxTrendMeasure m = 0; m < JX_TREND_N_MEASURES; m++)
    {
      if (!(out->measures & (1u << m)))
        continue;
      if (too_few)
        print_value_table (text, out, m);
      else
        print_model_table (text, out, m);
    }
  if (!too_few)
    g_string_append (text, _("\nModels fit the median of each value’s runs; R² and SMAPE are over those points. "
                             "--json has the observations, coefficients and cross-validated errors.\n"));
  fputs (text->str, stdout);
}

/* --- JSON ---------------------------------------------------------------------- */

static void
json_number_or_null (JsonBuilder *builder,
                     const char  *name,
                     double       value)
{
  json_builder_set_member_name (builder, name);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
json_model (JsonBuilder        *builder,
            const JxTrendModel *model,
            const char         *param,
            JxTrendUnit         unit)
{
  g_autofree char *text = jx_trend_model_format (model, param, unit);
  g_autofree char *term = jx_trend_model_format_term (model, param);

  json_builder_set_member_name (builder, "model");
  json_builder_begin_object (builder);
  jx_cli_json_add_string (builder, "class", jx_trend_model_class (model));
  jx_cli_json_add_string (builder, "text", text);
  jx_cli_json_add_string (builder, "term", term);
  if (model->kind != JX_TREND_MODEL_NONE)
    {
      jx_cli_json_add_double (builder, "a", model->a);
      jx_cli_json_add_double (builder, "b", model->b);
      jx_cli_json_add_double (builder, "exponent", model->exponent);
      jx_cli_json_add_int (builder, "log_exponent", model->log_exponent);
    }
  jx_cli_json_add_int (builder, "points", model->n_points);
  jx_cli_json_add_boolean (builder, "low_confidence", model->low_confidence);
  json_number_or_null (builder, "r2", model->r2);
  json_number_or_null (builder, "smape", model->smape);
  json_number_or_null (builder, "cv_smape", model->cv_smape);
  json_builder_end_object (builder);
}

static const char *
kind_name (JxTrendKeyKind kind)
{
  switch (kind)
    {
    case JX_TREND_KEY_FUNCTION: return "function";
    case JX_TREND_KEY_PATH:     return "path";
    case JX_TREND_KEY_GROUP:
    default:                    return "group";
    }
}

static void
json_series (JsonBuilder            *builder,
             const JxCliTrendOutput *out,
             const JxTrendSeries    *s,
             guint                   rank)
{
  JxTrendStudy *study = out->study;
  const char *param = jx_trend_study_get_parameter (study);
  const double *x = jx_trend_study_get_x (study);

  json_builder_begin_object (builder);
  jx_cli_json_add_string (builder, "measure", jx_trend_measure_to_string (s->measure));
  if (rank > 0)
    jx_cli_json_add_int (builder, "rank", rank);
  jx_cli_json_add_string (builder, "kind", kind_name (s->kind));
  jx_cli_json_add_string (builder, "name", s->name);
  jx_cli_json_add_string (builder, "function", s->function);
  jx_cli_json_add_string (builder, "category", jx_category_to_string (s->category));
  json_builder_set_member_name (builder, "observations");
  json_builder_begin_array (builder);
  for (guint k = 0; k < jx_trend_study_get_n_x (study); k++)
    {
      json_builder_begin_object (builder);
      jx_cli_json_add_double (builder, "x", x[k]);
      jx_cli_json_add_int (builder, "runs", s->n_values[k]);
      json_number_or_null (builder, "median", s->median[k]);
      json_number_or_null (builder, "min", s->min[k]);
      json_number_or_null (builder, "max", s->max[k]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_model (builder, &s->model, param, jx_trend_measure_unit (s->measure));
  json_number_or_null (builder, "prediction", s->prediction);
  if (s->kind == JX_TREND_KEY_GROUP && g_str_equal (s->name, "(program)"))
    json_number_or_null (builder, "model_prediction", s->model_prediction);
  json_number_or_null (builder, "share", s->share);
  json_builder_end_object (builder);
}

void
jx_cli_trend_print_json (const JxCliTrendOutput *out)
{
  JxTrendStudy *study = out->study;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  const JxTrendOptions *options = jx_trend_study_get_options (study);
  static const char *const status_names[] = { "ok", "low_confidence", "too_few_points" };

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "parameter");
  json_builder_begin_object (builder);
  jx_cli_json_add_string (builder, "name", jx_trend_study_get_parameter (study));
  jx_cli_json_add_string (builder, "source", jx_trend_source_to_string (jx_trend_study_get_parameter_source (study)));
  json_builder_set_member_name (builder, "values");
  json_builder_begin_array (builder);
  for (guint k = 0; k < jx_trend_study_get_n_x (study); k++)
    json_builder_add_double_value (builder, jx_trend_study_get_x (study)[k]);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  jx_cli_json_add_string (builder, "status", status_names[jx_trend_study_get_status (study)]);
  json_number_or_null (builder, "at", options->at);

  json_builder_set_member_name (builder, "runs");
  json_builder_begin_array (builder);
  for (guint i = 0; i < jx_trend_study_get_n_runs (study); i++)
    {
      JxTrendRun *run = jx_trend_study_get_run (study, i);
      const GError *error = jx_trend_run_get_error (run);

      json_builder_begin_object (builder);
      jx_cli_json_add_string (builder, "path", jx_trend_run_get_path (run));
      jx_cli_json_add_string (builder, "folder", jx_trend_run_get_folder (run));
      jx_cli_json_add_boolean (builder, "loaded", error == NULL);
      json_builder_set_member_name (builder, "error");
      if (error != NULL)
        json_builder_add_string_value (builder, error->message);
      else
        json_builder_add_null_value (builder);
      json_number_or_null (builder, "x", jx_trend_study_get_run_x (study, i));
      json_builder_set_member_name (builder, "params");
      json_builder_begin_object (builder);
      for (guint k = 0; k < jx_trend_run_get_n_params (run); k++)
        {
          const char *name = jx_trend_run_get_param_name (run, k);
          double value = 0.0;

          jx_trend_run_get_param (run, name, &value, NULL);
          jx_cli_json_add_double (builder, name, value);
        }
      json_builder_end_object (builder);
      if (error == NULL)
        {
          jx_cli_json_add_int (builder, "processes", jx_trend_run_get_n_processes (run));
          jx_cli_json_add_int (builder, "invocations", (gint64) jx_trend_run_get_n_invocations (run));
          json_builder_set_member_name (builder, "sos_function");
          if (jx_trend_run_get_sos_function (run) != NULL)
            json_builder_add_string_value (builder, jx_trend_run_get_sos_function (run));
          else
            json_builder_add_null_value (builder);
        }
      if (out->checks != NULL && out->checks[i] != NULL)
        jx_cli_load_check_add_json (builder, out->checks[i]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "notes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < jx_trend_study_get_n_notes (study); i++)
    json_builder_add_string_value (builder, jx_trend_study_get_note (study, i));
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "runtime");
  json_builder_begin_array (builder);
  for (JxTrendMeasure m = JX_TREND_MEASURE_EXCL; m <= JX_TREND_MEASURE_EXCL_MAX; m++)
    {
      const JxTrendSeries *runtime = jx_trend_study_get_runtime (study, m);

      if (runtime != NULL)
        json_series (builder, out, runtime, 0);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "measures");
  json_builder_begin_array (builder);
  for (JxTrendMeasure m = 0; m < JX_TREND_N_MEASURES; m++)
    {
      g_autoptr(GArray) rows = NULL;

      if (!(out->measures & (1u << m)))
        continue;
      rows = rows_of (out, m);
      json_builder_begin_object (builder);
      jx_cli_json_add_string (builder, "measure", jx_trend_measure_to_string (m));
      jx_cli_json_add_string (builder, "label", jx_trend_measure_label (m));
      jx_cli_json_add_string (builder, "unit", jx_trend_measure_is_time (m) ? "seconds" : "calls");
      json_builder_set_member_name (builder, "rows");
      json_builder_begin_array (builder);
      for (guint r = 0; r < rows->len; r++)
        json_series (builder, out, jx_trend_study_get_series (study, g_array_index (rows, guint, r)), r + 1);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  jx_cli_print_json (root);
}

/* --- CSV --------------------------------------------------------------------- */

void
jx_cli_trend_print_csv (const JxCliTrendOutput *out)
{
  JxTrendStudy *study = out->study;
  const char *param = jx_trend_study_get_parameter (study);
  const double *x = jx_trend_study_get_x (study);
  guint n_x = jx_trend_study_get_n_x (study);
  g_autoptr(GString) text = g_string_new (NULL);

  /* Column names are a stable interface for scripts: not translated. */
  g_string_append (text, "measure,rank,kind,name,function,category,model_class,model,a,b,exponent,log_exponent,"
                         "points,low_confidence,r2,smape,cv_smape,at,prediction,share");
  for (guint k = 0; k < n_x; k++)
    {
      g_autofree char *v = number (x[k]);
      g_autofree char *column = g_strdup_printf ("%s=%s", param, v);

      g_string_append_c (text, ',');
      jx_cli_csv_append_field (text, column);
    }
  g_string_append (text, "\r\n");

  for (JxTrendMeasure m = 0; m < JX_TREND_N_MEASURES; m++)
    {
      g_autoptr(GArray) rows = NULL;

      if (!(out->measures & (1u << m)))
        continue;
      rows = rows_of (out, m);
      for (guint r = 0; r < rows->len; r++)
        {
          const JxTrendSeries *s = jx_trend_study_get_series (study, g_array_index (rows, guint, r));
          const JxTrendModel *model = &s->model;
          gboolean fitted = model->kind != JX_TREND_MODEL_NONE;
          g_autofree char *text_model = jx_trend_model_format (model, param, jx_trend_measure_unit (m));
          g_autofree char *a = fitted ? csv_number (model->a) : g_strdup ("");
          g_autofree char *b = fitted ? csv_number (model->b) : g_strdup ("");
          g_autofree char *exponent = fitted ? csv_number (model->exponent) : g_strdup ("");
          g_autofree char *r2 = csv_number (model->r2);
          g_autofree char *smape = csv_number (model->smape);
          g_autofree char *cv = csv_number (model->cv_smape);
          g_autofree char *at = csv_number (jx_trend_study_get_options (study)->at);
          g_autofree char *prediction = csv_number (s->prediction);
          g_autofree char *share = csv_number (s->share);

          g_string_append_printf (text, "%s,%u,%s,", jx_trend_measure_to_string (m), r + 1, kind_name (s->kind));
          jx_cli_csv_append_field (text, s->name);
          g_string_append_c (text, ',');
          jx_cli_csv_append_field (text, s->function);
          g_string_append_printf (text, ",%s,", jx_category_to_string (s->category));
          jx_cli_csv_append_field (text, jx_trend_model_class (model));
          g_string_append_c (text, ',');
          jx_cli_csv_append_field (text, fitted ? text_model : "");
          g_string_append_printf (text, ",%s,%s,%s,%s,%u,%s,%s,%s,%s,%s,%s,%s", a, b, exponent,
                                  fitted ? (model->log_exponent == 0 ? "0" : model->log_exponent == 1 ? "1" : "2") : "",
                                  model->n_points, model->low_confidence ? "true" : "false", r2, smape, cv, at,
                                  prediction, share);
          for (guint k = 0; k < n_x; k++)
            {
              g_autofree char *v = s->n_values[k] > 0 ? csv_number (s->median[k]) : g_strdup ("");

              g_string_append_printf (text, ",%s", v);
            }
          g_string_append (text, "\r\n");
        }
    }
  fputs (text->str, stdout);
}
