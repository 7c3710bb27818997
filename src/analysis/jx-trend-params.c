/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-params.c — the names of the measures and of parameter sources,
 * a run's parameters, and the folder-name rules (see jx-trend-run.h). */
#include "config.h"

#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include <glib/gi18n-lib.h>

#include "jx-trend-run-private.h"

/* --- measures ------------------------------------------------------------------ */

static const char *const measure_names[JX_TREND_N_MEASURES] = {
  "count", "count_mean", "count_max",
  "incl", "incl_mean", "incl_max",
  "excl", "excl_mean", "excl_max",
  "sos", "sos_mean", "sos_max",
};

const char *
jx_trend_measure_to_string (JxTrendMeasure measure)
{
  g_return_val_if_fail (measure < JX_TREND_N_MEASURES, "");

  return measure_names[measure];
}

gboolean
jx_trend_measure_from_string (const char     *name,
                              JxTrendMeasure *measure)
{
  g_return_val_if_fail (name != NULL && measure != NULL, FALSE);

  for (guint m = 0; m < JX_TREND_N_MEASURES; m++)
    if (g_ascii_strcasecmp (name, measure_names[m]) == 0)
      {
        *measure = m;
        return TRUE;
      }
  return FALSE;
}

const char *
jx_trend_measure_label (JxTrendMeasure measure)
{
  switch (measure)
    {
    case JX_TREND_MEASURE_COUNT:      return _("Calls (total)");
    case JX_TREND_MEASURE_COUNT_MEAN: return _("Calls (mean per process)");
    case JX_TREND_MEASURE_COUNT_MAX:  return _("Calls (max per process)");
    case JX_TREND_MEASURE_INCL:       return _("Inclusive time (total)");
    case JX_TREND_MEASURE_INCL_MEAN:  return _("Inclusive time (mean per process)");
    case JX_TREND_MEASURE_INCL_MAX:   return _("Inclusive time (max per process)");
    case JX_TREND_MEASURE_EXCL:       return _("Exclusive time (total)");
    case JX_TREND_MEASURE_EXCL_MEAN:  return _("Exclusive time (mean per process)");
    case JX_TREND_MEASURE_EXCL_MAX:   return _("Exclusive time (max per process)");
    case JX_TREND_MEASURE_SOS:        return _("SOS time (total)");
    case JX_TREND_MEASURE_SOS_MEAN:   return _("SOS time (mean per process)");
    case JX_TREND_MEASURE_SOS_MAX:    return _("SOS time (max per process)");
    case JX_TREND_N_MEASURES:
    default:                          return "";
    }
}

gboolean
jx_trend_measure_is_time (JxTrendMeasure measure)
{
  return measure >= JX_TREND_MEASURE_INCL && measure < JX_TREND_N_MEASURES;
}

gboolean
jx_trend_measure_runtime (JxTrendMeasure  measure,
                          JxTrendMeasure *runtime)
{
  g_return_val_if_fail (runtime != NULL, FALSE);

  if (!jx_trend_measure_is_time (measure))
    return FALSE;
  /* total, mean, max come in this order in every family. */
  *runtime = JX_TREND_MEASURE_EXCL + (measure - JX_TREND_MEASURE_COUNT) % 3;
  return TRUE;
}

const char *
jx_trend_source_to_string (JxTrendSource source)
{
  switch (source)
    {
    case JX_TREND_SOURCE_TRACE:  return "trace";
    case JX_TREND_SOURCE_FOLDER: return "folder";
    case JX_TREND_SOURCE_USER:
    default:                     return "user";
    }
}

double
_jx_trend_agg_value (const JxTrendAgg *agg,
                     JxTrendMeasure    measure,
                     guint             n_processes)
{
  double processes = MAX (n_processes, 1);

  switch (measure)
    {
    case JX_TREND_MEASURE_COUNT:      return agg->count;
    case JX_TREND_MEASURE_COUNT_MEAN: return agg->count / processes;
    case JX_TREND_MEASURE_COUNT_MAX:  return agg->count_max;
    case JX_TREND_MEASURE_INCL:       return agg->incl;
    case JX_TREND_MEASURE_INCL_MEAN:  return agg->incl / processes;
    case JX_TREND_MEASURE_INCL_MAX:   return agg->incl_max;
    case JX_TREND_MEASURE_EXCL:       return agg->excl;
    case JX_TREND_MEASURE_EXCL_MEAN:  return agg->excl / processes;
    case JX_TREND_MEASURE_EXCL_MAX:   return agg->excl_max;
    case JX_TREND_MEASURE_SOS:
    case JX_TREND_MEASURE_SOS_MEAN:
    case JX_TREND_MEASURE_SOS_MAX:
    case JX_TREND_N_MEASURES:
    default:                          return NAN;
    }
}

/* --- parameters ------------------------------------------------------------------ */

void
jx_trend_run_set_param (JxTrendRun    *self,
                        const char    *name,
                        double         value,
                        JxTrendSource  source)
{
  JxTrendParam param;

  g_return_if_fail (self != NULL && name != NULL);

  for (guint i = 0; i < self->params->len; i++)
    {
      JxTrendParam *p = &g_array_index (self->params, JxTrendParam, i);

      if (strcmp (p->name, name) == 0)
        {
          if (source >= p->source)
            {
              p->value = value;
              p->source = source;
            }
          return;
        }
    }
  param.name = g_strdup (name);
  param.value = value;
  param.source = source;
  g_array_append_val (self->params, param);
}

gboolean
jx_trend_run_get_param (JxTrendRun    *self,
                        const char    *name,
                        double        *value,
                        JxTrendSource *source)
{
  g_return_val_if_fail (self != NULL && name != NULL, FALSE);

  for (guint i = 0; i < self->params->len; i++)
    {
      const JxTrendParam *p = &g_array_index (self->params, JxTrendParam, i);

      if (strcmp (p->name, name) == 0)
        {
          if (value != NULL)
            *value = p->value;
          if (source != NULL)
            *source = p->source;
          return TRUE;
        }
    }
  return FALSE;
}

guint
jx_trend_run_get_n_params (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->params->len;
}

const char *
jx_trend_run_get_param_name (JxTrendRun *self,
                             guint       index)
{
  g_return_val_if_fail (self != NULL && index < self->params->len, NULL);
  return g_array_index (self->params, JxTrendParam, index).name;
}

/* --- folder names ---------------------------------------------------------------- */

static gboolean
is_separator (const char *name,
              gsize       i)
{
  char c = name[i];

  if (c == '_' || c == '-' || c == ',' || c == '+' || g_ascii_isspace (c))
    return TRUE;
  if (c == '.')
    return !(i > 0 && g_ascii_isdigit (name[i - 1]) && g_ascii_isdigit (name[i + 1]));
  return FALSE;
}

/* A decimal number "digits[.digits]" at *p; advances *p. */
static gboolean
scan_number (const char **p,
             double      *value)
{
  const char *s = *p;
  char *end = NULL;

  if (!g_ascii_isdigit (*s))
    return FALSE;
  while (g_ascii_isdigit (*s))
    s++;
  if (*s == '.' && g_ascii_isdigit (s[1]))
    {
      s++;
      while (g_ascii_isdigit (*s))
        s++;
    }
  *value = g_ascii_strtod (*p, &end);
  if (end != s)
    return FALSE;
  *p = s;
  return TRUE;
}

/* NAME=VALUE: one pair. */
static gboolean
parse_assignment (const char *token,
                  GPtrArray  *names,
                  GArray     *values)
{
  const char *eq = strchr (token, '=');
  const char *p;
  double value;

  if (eq == NULL || eq == token || !g_ascii_isalpha (token[0]))
    return FALSE;
  for (p = token; p < eq; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  p = eq + 1;
  if (!scan_number (&p, &value) || *p != '\0')
    return FALSE;
  g_ptr_array_add (names, g_strndup (token, eq - token));
  g_array_append_val (values, value);
  return TRUE;
}

/* LETTERS DIGITS pairs making up the whole token. */
static gboolean
parse_pairs (const char *token,
             GPtrArray  *names,
             GArray     *values)
{
  g_autoptr(GPtrArray) found_names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) found_values = g_array_new (FALSE, FALSE, sizeof (double));
  const char *p = token;

  while (*p != '\0')
    {
      const char *start = p;
      const char *name_end;
      double value;

      while (g_ascii_isalpha (*p))
        p++;
      name_end = p;
      if (p == start || !scan_number (&p, &value))
        return FALSE;
      g_ptr_array_add (found_names, g_strndup (start, name_end - start));
      g_array_append_val (found_values, value);
    }
  if (found_names->len == 0)
    return FALSE;
  for (guint i = 0; i < found_names->len; i++)
    {
      g_ptr_array_add (names, g_strdup (g_ptr_array_index (found_names, i)));
      g_array_append_val (values, g_array_index (found_values, double, i));
    }
  return TRUE;
}

static gboolean
is_repetition (const char *token)
{
  if (token[0] != 'r' || token[1] == '\0')
    return FALSE;
  for (const char *p = token + 1; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

GStrv
jx_trend_parse_folder_name (const char  *folder,
                            GArray     **values)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) tokens = g_ptr_array_new_with_free_func (g_free);
  GArray *found = g_array_new (FALSE, FALSE, sizeof (double));
  gsize start = 0, n;

  g_return_val_if_fail (values != NULL, NULL);

  if (folder == NULL)
    folder = "";
  n = strlen (folder);
  for (gsize i = 0; i <= n; i++)
    if (i == n || is_separator (folder, i))
      {
        if (i > start)
          g_ptr_array_add (tokens, g_strndup (folder + start, i - start));
        start = i + 1;
      }

  for (guint t = 0; t < tokens->len; t++)
    {
      const char *token = g_ptr_array_index (tokens, t);

      if (t + 1 == tokens->len && t > 0 && is_repetition (token))
        continue;
      if (!parse_assignment (token, names, found))
        parse_pairs (token, names, found);
    }
  g_ptr_array_add (names, NULL);
  *values = found;
  return (GStrv) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

char *
jx_trend_folder_of_path (const char *path)
{
  g_autofree char *trimmed = NULL;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);

  trimmed = g_strdup (path);
  len = strlen (trimmed);
  while (len > 1 && trimmed[len - 1] == G_DIR_SEPARATOR)
    trimmed[--len] = '\0';
  if (g_file_test (trimmed, G_FILE_TEST_IS_DIR))
    return g_path_get_basename (trimmed);
  {
    g_autofree char *dir = g_path_get_dirname (trimmed);

    return g_path_get_basename (dir);
  }
}

/* --- parameter files ------------------------------------------------------------- */

/* Splits one CSV record (RFC 4180: fields in double quotes may hold commas,
 * quotes doubled) into fields; NULL with a message on an open quote. */
static GPtrArray *
split_csv_record (const char  *line,
                  char       **problem)
{
  GPtrArray *fields = g_ptr_array_new_with_free_func (g_free);
  GString *field = g_string_new (NULL);
  const char *p = line;
  gboolean quoted = FALSE, was_quoted = FALSE;

  for (;; p++)
    {
      if (quoted)
        {
          if (*p == '\0')
            {
              *problem = g_strdup (_("a quoted field is not closed"));
              g_string_free (field, TRUE);
              g_ptr_array_unref (fields);
              return NULL;
            }
          if (*p == '"' && p[1] == '"')
            {
              g_string_append_c (field, '"');
              p++;
            }
          else if (*p == '"')
            quoted = FALSE;
          else
            g_string_append_c (field, *p);
          continue;
        }
      if (*p == '"' && field->len == 0 && !was_quoted)
        {
          quoted = was_quoted = TRUE;
          continue;
        }
      if (*p == ',' || *p == '\0')
        {
          char *text = g_string_free (field, FALSE);

          g_ptr_array_add (fields, was_quoted ? text : g_strstrip (text));
          if (*p == '\0')
            return fields;
          field = g_string_new (NULL);
          was_quoted = FALSE;
          continue;
        }
      g_string_append_c (field, *p);
    }
}

/* The runs a CSV row names: by the path as given, else by the folder name,
 * else by the trace's name. */
static gint
find_run (JxTrendRun * const *runs,
          guint               n_runs,
          const char         *name,
          gboolean           *ambiguous)
{
  gint found = -1;

  *ambiguous = FALSE;
  for (guint i = 0; i < n_runs; i++)
    if (g_strcmp0 (runs[i]->path, name) == 0)
      return (gint) i;
  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < n_runs; i++)
        if (g_strcmp0 (pass == 0 ? runs[i]->folder : runs[i]->name, name) == 0)
          {
            if (found >= 0)
              *ambiguous = TRUE;
            found = (gint) i;
          }
      if (found >= 0)
        return found;
    }
  return -1;
}

gboolean
jx_trend_params_read_csv (const char         *file,
                          JxTrendRun * const *runs,
                          guint               n_runs,
                          GError            **error)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) header = NULL;
  g_autofree gint *row_of_run = NULL;
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  guint n_columns = 0;

  g_return_val_if_fail (file != NULL, FALSE);
  g_return_val_if_fail (n_runs == 0 || runs != NULL, FALSE);

  if (!g_file_get_contents (file, &contents, NULL, error))
    return FALSE;
  if (!g_utf8_validate (contents, -1, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: not a text file (UTF-8)"), file);
      return FALSE;
    }
  row_of_run = g_new (gint, MAX (n_runs, 1));
  for (guint i = 0; i < n_runs; i++)
    row_of_run[i] = -1;

  lines = g_strsplit (contents, "\n", -1);
  for (guint l = 0; lines[l] != NULL; l++)
    {
      g_autoptr(GPtrArray) fields = NULL;
      g_autofree char *problem = NULL;
      char *line = lines[l];
      gsize len = strlen (line);
      gboolean ambiguous;
      gint run;

      if (len > 0 && line[len - 1] == '\r')
        line[len - 1] = '\0';
      {
        g_autofree char *copy = g_strstrip (g_strdup (line));

        if (copy[0] == '\0' || copy[0] == '#')
          continue;
      }
      fields = split_csv_record (line, &problem);
      if (fields == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s:%u: %s"), file, l + 1, problem);
          return FALSE;
        }
      if (header == NULL)
        {
          if (fields->len < 2 || g_ascii_strcasecmp (g_ptr_array_index (fields, 0), "run") != 0)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("%s:%u: the first line must name the columns: run, then one parameter per column "
                             "(e.g. “run,p,n”)"),
                           file, l + 1);
              return FALSE;
            }
          for (guint c = 1; c < fields->len; c++)
            {
              const char *name = g_ptr_array_index (fields, c);

              if (name[0] == '\0' || !g_ascii_isalpha (name[0]))
                {
                  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("%s:%u: column %u: a parameter name starts with a letter"), file, l + 1, c + 1);
                  return FALSE;
                }
              for (guint d = 1; d < c; d++)
                if (strcmp (g_ptr_array_index (fields, d), name) == 0)
                  {
                    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                 _("%s:%u: parameter “%s” is named twice"), file, l + 1, name);
                    return FALSE;
                  }
            }
          header = g_steal_pointer (&fields);
          n_columns = header->len;
          continue;
        }
      if (fields->len != n_columns)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("%s:%u: %u fields, but the first line names %u columns"), file, l + 1, fields->len,
                       n_columns);
          return FALSE;
        }
      run = find_run (runs, n_runs, g_ptr_array_index (fields, 0), &ambiguous);
      if (run < 0 || ambiguous)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       ambiguous ? _("%s:%u: “%s” names several of the runs: give the path as on the command line")
                                 : _("%s:%u: no run is “%s” (give its path as on the command line, or its folder name)"),
                       file, l + 1, (const char *) g_ptr_array_index (fields, 0));
          return FALSE;
        }
      if (row_of_run[run] >= 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s:%u: a second row for %s (the first is line %d)"),
                       file, l + 1, runs[run]->path, row_of_run[run]);
          return FALSE;
        }
      row_of_run[run] = (gint) l + 1;
      for (guint c = 1; c < n_columns; c++)
        {
          const char *text = g_ptr_array_index (fields, c);
          char *end = NULL;
          double value = g_ascii_strtod (text, &end);

          if (text[0] == '\0' || end == text || *end != '\0' || !isfinite (value))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("%s:%u: “%s” is no number (parameter %s)"), file, l + 1, text,
                           (const char *) g_ptr_array_index (header, c));
              return FALSE;
            }
          g_array_append_val (values, value);
        }
    }
  if (header == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: no lines: expected a header “run,NAME,…” and a row per run"), file);
      return FALSE;
    }
  for (guint i = 0; i < n_runs; i++)
    if (row_of_run[i] < 0)
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: no row for %s: every run needs its values"), file,
                     runs[i]->path);
        return FALSE;
      }

  /* All rows read: set the values (rows in file order). */
  {
    guint k = 0;

    for (guint l = 0; lines[l] != NULL && k < values->len; l++)
      for (guint i = 0; i < n_runs; i++)
        if (row_of_run[i] == (gint) l + 1)
          for (guint c = 1; c < n_columns; c++)
            jx_trend_run_set_param (runs[i], g_ptr_array_index (header, c), g_array_index (values, double, k++),
                                    JX_TREND_SOURCE_USER);
  }
  return TRUE;
}
