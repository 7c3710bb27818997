/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-study.c — see jx-trend-study.h. The runs' local function and
 * path tables are merged by name into the study's keys; every key and
 * measure becomes a series of per-run values, reduced to one observation
 * per distinct x and modelled. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-trend-run-private.h"
#include "jx-trend-study-private.h"

G_DEFINE_QUARK (jx-trend-error-quark, jx_trend_error)
G_DEFINE_BOXED_TYPE (JxTrendStudy, jx_trend_study, jx_trend_study_ref, jx_trend_study_unref)

const char *const _jx_trend_group_names[JX_TREND_N_GROUPS] = { "(program)", "(MPI)", "(messages)" };

void
jx_trend_options_init (JxTrendOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->at = NAN;
}

JxTrendStudy *
jx_trend_study_new (JxTrendRun * const *runs,
                    guint               n_runs)
{
  JxTrendStudy *self;

  g_return_val_if_fail (n_runs == 0 || runs != NULL, NULL);

  self = g_new0 (JxTrendStudy, 1);
  g_atomic_ref_count_init (&self->ref);
  self->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_trend_run_unref);
  for (guint i = 0; i < n_runs; i++)
    {
      g_return_val_if_fail (runs[i] != NULL, self);
      g_ptr_array_add (self->runs, jx_trend_run_ref (runs[i]));
      if (runs[i]->error == NULL)
        self->n_loaded++;
    }
  self->notes = g_ptr_array_new_with_free_func (g_free);
  self->series = g_array_new (FALSE, TRUE, sizeof (JxTrendSeries));
  self->blocks = g_ptr_array_new_with_free_func (g_free);
  self->strings = g_string_chunk_new (4096);
  jx_trend_options_init (&self->options);
  return self;
}

JxTrendStudy *
jx_trend_study_ref (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
jx_trend_study_unref (JxTrendStudy *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref))
    return;
  g_ptr_array_unref (self->runs);
  g_ptr_array_unref (self->notes);
  g_array_unref (self->series);
  g_ptr_array_unref (self->blocks);
  g_string_chunk_free (self->strings);
  g_free (self->parameter);
  g_free (self->run_x);
  g_free (self->run_xi);
  g_free (self->x);
  g_free (self->sos_function);
  g_free (self);
}

static void
add_note (JxTrendStudy *self,
          char         *note)
{
  g_ptr_array_add (self->notes, note);
}

static JxTrendRun *
run_at (JxTrendStudy *self,
        guint         i)
{
  return g_ptr_array_index (self->runs, i);
}

static gboolean
loaded (JxTrendRun *run)
{
  return run->error == NULL;
}

/* --- the parameter ------------------------------------------------------------- */

/* Whether every loaded run has the parameter, and whether its values differ. */
static gboolean
param_in_all (JxTrendStudy *self,
              const char   *name,
              gboolean     *varies)
{
  double first = NAN;
  gboolean have_first = FALSE;

  *varies = FALSE;
  for (guint i = 0; i < self->runs->len; i++)
    {
      JxTrendRun *run = run_at (self, i);
      double value;

      if (!loaded (run))
        continue;
      if (!jx_trend_run_get_param (run, name, &value, NULL))
        return FALSE;
      if (have_first && value != first)
        *varies = TRUE;
      first = value;
      have_first = TRUE;
    }
  return TRUE;
}

/* The names of parameters of the loaded runs, each once, in first-seen
 * order; with `source`, only those some run has from that source. */
static GPtrArray *
param_names (JxTrendStudy *self,
             gint          source)
{
  GPtrArray *names = g_ptr_array_new ();

  for (guint i = 0; i < self->runs->len; i++)
    {
      JxTrendRun *run = run_at (self, i);

      if (!loaded (run))
        continue;
      for (guint k = 0; k < run->params->len; k++)
        {
          const JxTrendParam *p = &g_array_index (run->params, JxTrendParam, k);
          gboolean seen = FALSE;

          if (source >= 0 && p->source != (JxTrendSource) source)
            continue;
          for (guint n = 0; n < names->len; n++)
            if (strcmp (g_ptr_array_index (names, n), p->name) == 0)
              seen = TRUE;
          if (!seen)
            g_ptr_array_add (names, p->name);
        }
    }
  return names;
}

static char *
runs_without (JxTrendStudy *self,
              const char   *name)
{
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < self->runs->len; i++)
    {
      JxTrendRun *run = run_at (self, i);

      if (loaded (run) && !jx_trend_run_get_param (run, name, NULL, NULL))
        {
          if (list->len > 0)
            g_string_append (list, ", ");
          g_string_append (list, run->path);
        }
    }
  return g_string_free (g_steal_pointer (&list), FALSE);
}

static gboolean
choose_parameter (JxTrendStudy  *self,
                  GError       **error)
{
  const char *chosen = self->options.parameter;
  gboolean varies;

  if (chosen == NULL)
    {
      g_autoptr(GPtrArray) user = param_names (self, JX_TREND_SOURCE_USER);
      g_autoptr(GPtrArray) all = param_names (self, -1);
      g_autoptr(GPtrArray) varying = g_ptr_array_new ();
      const GPtrArray *pool = user->len > 0 ? user : all;

      if (user->len == 1)
        chosen = g_ptr_array_index (user, 0);
      else
        {
          for (guint n = 0; n < pool->len; n++)
            {
              const char *name = g_ptr_array_index (pool, n);

              if (param_in_all (self, name, &varies))
                {
                  if (varies)
                    g_ptr_array_add (varying, (gpointer) name);
                }
              else if (pool == all)
                add_note (self, g_strdup_printf (_("“%s” is in the folder names of some runs only: not used as a parameter"),
                                                 name));
            }
          if (varying->len == 1)
            chosen = g_ptr_array_index (varying, 0);
          else if (varying->len > 1)
            {
              g_autoptr(GString) list = g_string_new (NULL);

              for (guint n = 0; n < varying->len; n++)
                g_string_append_printf (list, "%s%s", n > 0 ? ", " : "", (char *) g_ptr_array_index (varying, n));
              g_set_error (error, JX_TREND_ERROR, JX_TREND_ERROR_AMBIGUOUS,
                           _("Several parameters vary between the runs (%s): name the one to model"), list->str);
              return FALSE;
            }
          else if (user->len > 1)
            chosen = g_ptr_array_index (user, 0);
          else
            chosen = JX_TREND_PARAM_PROCESSES;
        }
    }

  if (!param_in_all (self, chosen, &varies))
    {
      g_autofree char *list = runs_without (self, chosen);

      g_set_error (error, JX_TREND_ERROR, JX_TREND_ERROR_NO_PARAMETER,
                   _("Parameter “%s” has no value for %s"), chosen, list);
      return FALSE;
    }
  self->parameter = g_strdup (chosen);
  return TRUE;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

static char *
format_x (double x)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.10g", x));
}

static gboolean
collect_x (JxTrendStudy  *self,
           GError       **error)
{
  guint n_runs = self->runs->len;
  g_autoptr(GArray) distinct = g_array_new (FALSE, FALSE, sizeof (double));
  guint counts[JX_TREND_N_SOURCES_MAX] = { 0 };

  self->run_x = g_new (double, MAX (n_runs, 1));
  self->run_xi = g_new (guint, MAX (n_runs, 1));
  for (guint i = 0; i < n_runs; i++)
    {
      JxTrendRun *run = run_at (self, i);
      JxTrendSource source = JX_TREND_SOURCE_TRACE;
      double x = NAN;

      self->run_x[i] = NAN;
      self->run_xi[i] = G_MAXUINT;
      if (!loaded (run))
        continue;
      jx_trend_run_get_param (run, self->parameter, &x, &source);
      if (!(x > 0.0) || !isfinite (x))
        {
          g_autofree char *text = format_x (x);

          g_set_error (error, JX_TREND_ERROR, JX_TREND_ERROR_BAD_VALUE,
                       _("%s: %s = %s: parameter values must be positive numbers"), run->path, self->parameter,
                       text);
          return FALSE;
        }
      self->run_x[i] = x;
      counts[source]++;
      g_array_append_val (distinct, x);
    }
  self->parameter_source = JX_TREND_SOURCE_TRACE;
  for (guint s = 0; s < JX_TREND_N_SOURCES_MAX; s++)
    if (counts[s] > counts[self->parameter_source])
      self->parameter_source = s;

  g_array_sort (distinct, compare_double);
  self->x = g_new (double, MAX (distinct->len, 1));
  for (guint k = 0; k < distinct->len; k++)
    {
      double x = g_array_index (distinct, double, k);

      if (self->n_x == 0 || self->x[self->n_x - 1] != x)
        self->x[self->n_x++] = x;
    }
  for (guint i = 0; i < n_runs; i++)
    if (!isnan (self->run_x[i]))
      for (guint k = 0; k < self->n_x; k++)
        if (self->x[k] == self->run_x[i])
          self->run_xi[i] = k;

  for (guint k = 0; k < self->n_x; k++)
    {
      guint reps = 0;

      for (guint i = 0; i < n_runs; i++)
        if (self->run_xi[i] == k)
          reps++;
      if (reps > 1)
        {
          g_autofree char *text = format_x (self->x[k]);

          add_note (self, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                        "%u run at %s = %s: repetitions, their median is modelled and their range is the spread",
                                                        "%u runs at %s = %s: repetitions, their median is modelled and their range is the spread",
                                                        reps),
                                           reps, self->parameter, text));
        }
    }

  if (self->n_x < JX_TREND_MIN_POINTS)
    self->status = JX_TREND_STATUS_TOO_FEW_POINTS;
  else if (self->n_x < JX_TREND_CONFIDENT_POINTS)
    self->status = JX_TREND_STATUS_LOW_CONFIDENCE;
  else
    self->status = JX_TREND_STATUS_OK;
  return TRUE;
}

/* "p" given by a folder or the user differs from the trace's processes. */
static void
note_process_mismatch (JxTrendStudy *self)
{
  for (guint i = 0; i < self->runs->len; i++)
    {
      JxTrendRun *run = run_at (self, i);
      JxTrendSource source;
      double value;

      if (loaded (run) && jx_trend_run_get_param (run, JX_TREND_PARAM_PROCESSES, &value, &source)
          && source != JX_TREND_SOURCE_TRACE && value != run->n_processes)
        {
          g_autofree char *text = format_x (value);

          add_note (self, g_strdup_printf (_("%s: p = %s from the %s, but the trace has %u processes"), run->path,
                                           text, source == JX_TREND_SOURCE_FOLDER ? _("folder name") : _("user"),
                                           run->n_processes));
        }
    }
}

/* --- keys ---------------------------------------------------------------------- */

typedef struct
{
  /* functions */
  GHashTable *function_ids;     /* name → id + 1 */
  GPtrArray  *function_names;   /* const char *, in the runs' string chunks */
  GArray     *function_category;/* guint8 */
  guint32   **run_function;     /* per run: study function → run function, JX_NONE */

  /* paths */
  GHashTable *path_ids;         /* (parent + 1) << 32 | function → id + 1 */
  GArray     *path_parent;      /* guint32, JX_NONE */
  GArray     *path_function;    /* guint32 */
  GPtrArray  *path_names;       /* char *, in the study's chunk */
  guint32   **run_path;         /* per run: study path → run path, JX_NONE */
} Keys;

static void
keys_clear (Keys  *keys,
            guint  n_runs)
{
  g_clear_pointer (&keys->function_ids, g_hash_table_unref);
  g_clear_pointer (&keys->function_names, g_ptr_array_unref);
  g_clear_pointer (&keys->function_category, g_array_unref);
  g_clear_pointer (&keys->path_ids, g_hash_table_unref);
  g_clear_pointer (&keys->path_parent, g_array_unref);
  g_clear_pointer (&keys->path_function, g_array_unref);
  g_clear_pointer (&keys->path_names, g_ptr_array_unref);
  for (guint i = 0; i < n_runs; i++)
    {
      if (keys->run_function != NULL)
        g_free (keys->run_function[i]);
      if (keys->run_path != NULL)
        g_free (keys->run_path[i]);
    }
  g_clear_pointer (&keys->run_function, g_free);
  g_clear_pointer (&keys->run_path, g_free);
}

static void
merge_functions (JxTrendStudy *self,
                 Keys         *keys)
{
  guint n_runs = self->runs->len;
  g_autofree guint *present = NULL;

  keys->function_ids = g_hash_table_new (g_str_hash, g_str_equal);
  keys->function_names = g_ptr_array_new ();
  keys->function_category = g_array_new (FALSE, FALSE, sizeof (guint8));
  keys->run_function = g_new0 (guint32 *, MAX (n_runs, 1));

  for (guint i = 0; i < n_runs; i++)
    {
      JxTrendRun *run = run_at (self, i);

      for (guint f = 0; f < run->n_functions; f++)
        if (run->function_agg[f].count > 0 && !g_hash_table_contains (keys->function_ids, run->function_name[f]))
          {
            g_hash_table_insert (keys->function_ids, (gpointer) run->function_name[f],
                                 GUINT_TO_POINTER (keys->function_names->len + 1));
            g_ptr_array_add (keys->function_names, (gpointer) run->function_name[f]);
            g_array_append_val (keys->function_category, run->function_category[f]);
          }
    }

  present = g_new0 (guint, MAX (keys->function_names->len, 1));
  self->min_functions = G_MAXUINT;
  for (guint i = 0; i < n_runs; i++)
    {
      JxTrendRun *run = run_at (self, i);
      guint called = 0;

      keys->run_function[i] = g_new (guint32, MAX (keys->function_names->len, 1));
      for (guint g = 0; g < keys->function_names->len; g++)
        keys->run_function[i][g] = JX_NONE;
      /* Functions defined but never called are no keys. */
      for (guint f = 0; f < run->n_functions; f++)
        if (run->function_agg[f].count > 0)
          {
            guint g = GPOINTER_TO_UINT (g_hash_table_lookup (keys->function_ids, run->function_name[f])) - 1;

            keys->run_function[i][g] = f;
            present[g]++;
            called++;
          }
      if (loaded (run))
        self->min_functions = MIN (self->min_functions, called);
    }
  if (self->min_functions == G_MAXUINT)
    self->min_functions = 0;
  for (guint g = 0; g < keys->function_names->len; g++)
    if (present[g] == self->n_loaded)
      self->n_common++;
}

static void
merge_paths (JxTrendStudy *self,
             Keys         *keys)
{
  guint n_runs = self->runs->len;

  keys->path_ids = g_hash_table_new (g_int64_hash, g_int64_equal);
  keys->path_parent = g_array_new (FALSE, FALSE, sizeof (guint32));
  keys->path_function = g_array_new (FALSE, FALSE, sizeof (guint32));
  keys->path_names = g_ptr_array_new ();
  keys->run_path = g_new0 (guint32 *, MAX (n_runs, 1));
  {
    g_autoptr(GPtrArray) local_to_study = g_ptr_array_new_with_free_func (g_free);

    /* Keys live in blocks the hash table points into. */
    for (guint i = 0; i < n_runs; i++)
      {
        JxTrendRun *run = run_at (self, i);
        guint32 *map = g_new (guint32, MAX (run->n_paths, 1));

        for (guint p = 0; p < run->n_paths; p++)
          {
            guint32 parent = run->path_parent[p] == JX_NONE ? JX_NONE : map[run->path_parent[p]];
            guint32 function = GPOINTER_TO_UINT (g_hash_table_lookup (keys->function_ids,
                                                                      run->function_name[run->path_function[p]])) - 1;
            gint64 key = (gint64) (((guint64) parent << 32) | function);
            gpointer found;

            if (g_hash_table_lookup_extended (keys->path_ids, &key, NULL, &found))
              map[p] = GPOINTER_TO_UINT (found) - 1;
            else
              {
                gint64 *stored = g_new (gint64, 1);
                const char *fname = g_ptr_array_index (keys->function_names, function);
                const char *name;

                *stored = key;
                g_ptr_array_add (self->blocks, stored);
                map[p] = keys->path_parent->len;
                if (parent == JX_NONE)
                  name = g_string_chunk_insert_const (self->strings, fname);
                else
                  {
                    g_autofree char *joined = g_strconcat (g_ptr_array_index (keys->path_names, parent), "->",
                                                           fname, NULL);

                    name = g_string_chunk_insert (self->strings, joined);
                  }
                g_array_append_val (keys->path_parent, parent);
                g_array_append_val (keys->path_function, function);
                g_ptr_array_add (keys->path_names, (gpointer) name);
                g_hash_table_insert (keys->path_ids, stored, GUINT_TO_POINTER (map[p] + 1));
              }
          }
        g_ptr_array_add (local_to_study, map);
      }

    for (guint i = 0; i < n_runs; i++)
      {
        JxTrendRun *run = run_at (self, i);
        guint32 *map = g_ptr_array_index (local_to_study, i);

        keys->run_path[i] = g_new (guint32, MAX (keys->path_parent->len, 1));
        for (guint p = 0; p < keys->path_parent->len; p++)
          keys->run_path[i][p] = JX_NONE;
        for (guint p = 0; p < run->n_paths; p++)
          keys->run_path[i][map[p]] = p;
      }
  }
}

/* --- series -------------------------------------------------------------------- */

static JxTrendSeries *
new_series (JxTrendStudy   *self,
            JxTrendKeyKind  kind,
            const char     *name,
            const char     *function,
            guint8          category,
            JxTrendMeasure  measure)
{
  JxTrendSeries *s;
  guint n_runs = self->runs->len, n_x = self->n_x;
  double *block = g_new (double, n_runs + 3 * n_x + 1);
  guint *counts = g_new0 (guint, n_x + 1);

  g_ptr_array_add (self->blocks, block);
  g_ptr_array_add (self->blocks, counts);
  g_array_set_size (self->series, self->series->len + 1);
  s = &g_array_index (self->series, JxTrendSeries, self->series->len - 1);
  s->kind = kind;
  s->name = name;
  s->function = function;
  s->category = category;
  s->measure = measure;
  s->values = block;
  s->median = block + n_runs;
  s->min = block + n_runs + n_x;
  s->max = block + n_runs + 2 * n_x;
  s->n_values = counts;
  s->prediction = NAN;
  s->model_prediction = NAN;
  s->share = NAN;
  return s;
}

/* Observations per distinct x and the model. */
static void
finish_series (JxTrendStudy  *self,
               JxTrendSeries *s)
{
  double *values = (double *) s->values;
  double *median = (double *) s->median, *lo = (double *) s->min, *hi = (double *) s->max;
  guint *counts = (guint *) s->n_values;
  g_autofree double *at = g_new (double, MAX (self->runs->len, 1));
  g_autofree double *fx = g_new (double, MAX (self->n_x, 1));
  g_autofree double *fy = g_new (double, MAX (self->n_x, 1));
  guint n_fit = 0;

  for (guint k = 0; k < self->n_x; k++)
    {
      guint m = 0;

      lo[k] = INFINITY;
      hi[k] = -INFINITY;
      for (guint i = 0; i < self->runs->len; i++)
        if (self->run_xi[i] == k && !isnan (values[i]))
          {
            at[m++] = values[i];
            lo[k] = MIN (lo[k], values[i]);
            hi[k] = MAX (hi[k], values[i]);
          }
      counts[k] = m;
      median[k] = jx_trend_median (at, m);
      if (m == 0)
        lo[k] = hi[k] = NAN;
      else
        {
          fx[n_fit] = self->x[k];
          fy[n_fit] = median[k];
          n_fit++;
        }
    }
  jx_trend_model_fit (fx, fy, n_fit, &s->model);
  if (!isnan (self->options.at))
    s->prediction = s->model_prediction = jx_trend_model_eval (&s->model, self->options.at);
}

static gboolean
measure_wanted (JxTrendStudy   *self,
                JxTrendMeasure  measure)
{
  return (self->computed_measures & (1u << measure)) != 0;
}

static void
add_function_series (JxTrendStudy *self,
                     Keys         *keys)
{
  for (guint g = 0; g < keys->function_names->len; g++)
    {
      const char *name = g_ptr_array_index (keys->function_names, g);
      guint8 category = g_array_index (keys->function_category, guint8, g);

      for (JxTrendMeasure m = 0; m < JX_TREND_MEASURE_SOS; m++)
        {
          JxTrendSeries *s;

          if (!measure_wanted (self, m))
            continue;
          s = new_series (self, JX_TREND_KEY_FUNCTION, name, name, category, m);
          for (guint i = 0; i < self->runs->len; i++)
            {
              JxTrendRun *run = run_at (self, i);
              guint32 f = keys->run_function[i][g];

              if (!loaded (run))
                ((double *) s->values)[i] = NAN;
              else
                ((double *) s->values)[i] = f == JX_NONE ? 0.0
                                            : _jx_trend_agg_value (&run->function_agg[f], m, run->n_processes);
            }
        }
      if (self->sos_function != NULL && strcmp (name, self->sos_function) == 0)
        for (JxTrendMeasure m = JX_TREND_MEASURE_SOS; m < JX_TREND_N_MEASURES; m++)
          {
            JxTrendSeries *s;

            if (!measure_wanted (self, m))
              continue;
            s = new_series (self, JX_TREND_KEY_FUNCTION, name, name, category, m);
            for (guint i = 0; i < self->runs->len; i++)
              ((double *) s->values)[i] = jx_trend_run_get_function_value (run_at (self, i), name, m);
          }
    }
}

static void
add_path_series (JxTrendStudy *self,
                 Keys         *keys)
{
  for (guint p = 0; p < keys->path_parent->len; p++)
    {
      guint32 function = g_array_index (keys->path_function, guint32, p);
      guint depth = 0;

      for (guint32 q = g_array_index (keys->path_parent, guint32, p); q != JX_NONE;
           q = g_array_index (keys->path_parent, guint32, q))
        depth++;
      for (JxTrendMeasure m = 0; m < JX_TREND_MEASURE_SOS; m++)
        {
          JxTrendSeries *s;

          if (!measure_wanted (self, m))
            continue;
          s = new_series (self, JX_TREND_KEY_PATH, g_ptr_array_index (keys->path_names, p),
                          g_ptr_array_index (keys->function_names, function),
                          g_array_index (keys->function_category, guint8, function), m);
          s->depth = depth;
          for (guint i = 0; i < self->runs->len; i++)
            {
              JxTrendRun *run = run_at (self, i);
              guint32 local = keys->run_path[i][p];

              if (!loaded (run))
                ((double *) s->values)[i] = NAN;
              else
                ((double *) s->values)[i] = local == JX_NONE ? 0.0
                                            : _jx_trend_agg_value (&run->path_agg[local], m, run->n_processes);
            }
        }
    }
}

static void
add_group_series (JxTrendStudy *self)
{
  for (guint g = 0; g < JX_TREND_N_GROUPS; g++)
    for (JxTrendMeasure m = 0; m < JX_TREND_MEASURE_SOS; m++)
      {
        JxTrendSeries *s;
        gboolean runtime = m >= JX_TREND_MEASURE_EXCL && m <= JX_TREND_MEASURE_EXCL_MAX;

        /* The program's runtime is always there: the reference of shares. */
        if (!(measure_wanted (self, m) || (g == JX_TREND_GROUP_PROGRAM && runtime)))
          continue;
        if (g == JX_TREND_GROUP_MESSAGES && jx_trend_measure_is_time (m))
          continue;
        s = new_series (self, JX_TREND_KEY_GROUP, _jx_trend_group_names[g], _jx_trend_group_names[g],
                        g == JX_TREND_GROUP_PROGRAM ? JX_CATEGORY_OTHER : JX_CATEGORY_MPI, m);
        for (guint i = 0; i < self->runs->len; i++)
          {
            JxTrendRun *run = run_at (self, i);

            ((double *) s->values)[i] = loaded (run) ? _jx_trend_agg_value (&run->groups[g], m, run->n_processes)
                                                     : NAN;
          }
      }
}

/* The most common dominant function; notes for the runs without it. */
static void
choose_sos_function (JxTrendStudy *self)
{
  g_autoptr(GHashTable) votes = g_hash_table_new (g_str_hash, g_str_equal);
  guint best = 0;

  for (guint i = 0; i < self->runs->len; i++)
    {
      JxTrendRun *run = run_at (self, i);
      guint n;

      if (!loaded (run) || run->sos_function == NULL)
        continue;
      n = GPOINTER_TO_UINT (g_hash_table_lookup (votes, run->sos_function)) + 1;
      g_hash_table_insert (votes, run->sos_function, GUINT_TO_POINTER (n));
      if (n > best)
        {
          best = n;
          g_free (self->sos_function);
          self->sos_function = g_strdup (run->sos_function);
        }
    }
  if (self->sos_function == NULL)
    return;
  for (guint i = 0; i < self->runs->len; i++)
    {
      JxTrendRun *run = run_at (self, i);

      if (!loaded (run))
        continue;
      if (run->sos_function == NULL)
        add_note (self, g_strdup_printf (_("%s: no SOS time (%s)"), run->path, run->sos_error));
      else if (strcmp (run->sos_function, self->sos_function) != 0)
        add_note (self, g_strdup_printf (_("%s: its dominant function is %s, not %s: its SOS time is left out"),
                                         run->path, run->sos_function, self->sos_function));
    }
}

/* The runtime at options.at: the functions' exclusive-time models added
 * up (each at least 0), in each aggregation. The runtime's own model fits
 * the observed total, which at small scales hides the steep parts; the sum
 * of the parts does not. The "(program)" series keep that sum as their
 * prediction. */
static void
compute_shares (JxTrendStudy *self)
{
  if (isnan (self->options.at))
    return;
  for (JxTrendMeasure m = JX_TREND_MEASURE_EXCL; m <= JX_TREND_MEASURE_EXCL_MAX; m++)
    {
      JxTrendSeries *runtime = (JxTrendSeries *) jx_trend_study_get_runtime (self, m);
      double total = 0.0;
      gboolean any = FALSE;

      if (runtime == NULL)
        continue;
      for (guint i = 0; i < self->series->len; i++)
        {
          const JxTrendSeries *s = &g_array_index (self->series, JxTrendSeries, i);

          if (s->kind == JX_TREND_KEY_FUNCTION && s->measure == m && isfinite (s->prediction))
            {
              total += MAX (s->prediction, 0.0);
              any = TRUE;
            }
        }
      runtime->model_prediction = runtime->prediction;
      runtime->prediction = any ? total : NAN;
    }
  for (guint i = 0; i < self->series->len; i++)
    {
      JxTrendSeries *s = &g_array_index (self->series, JxTrendSeries, i);
      const JxTrendSeries *runtime = jx_trend_study_get_runtime (self, s->measure);
      double total;

      if (runtime == NULL || runtime == s || !isfinite (s->prediction))
        continue;
      total = runtime->prediction;
      if (isfinite (total) && total > 0.0)
        s->share = MAX (s->prediction, 0.0) / total;
    }
}

/* --- compute --------------------------------------------------------------------- */

static void
note_failed_runs (JxTrendStudy *self)
{
  for (guint i = 0; i < self->runs->len; i++)
    {
      JxTrendRun *run = run_at (self, i);

      if (!loaded (run))
        add_note (self, g_strdup_printf (_("%s could not be read and is left out: %s"), run->path,
                                         run->error->message));
    }
}

gboolean
jx_trend_study_compute (JxTrendStudy          *self,
                        const JxTrendOptions  *options,
                        GCancellable          *cancellable,
                        GError               **error)
{
  Keys keys = { 0 };
  gboolean ok = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->computed, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  self->computed = TRUE;
  if (options != NULL)
    self->options = *options;
  if (self->options.measures == 0)
    self->options.measures = (1u << JX_TREND_MEASURE_COUNT) | (1u << JX_TREND_MEASURE_EXCL);
  self->options.measures &= JX_TREND_ALL_MEASURES;
  /* Shares need every function's exclusive time in the same aggregation. */
  self->computed_measures = self->options.measures;
  if (!isnan (self->options.at))
    for (JxTrendMeasure m = 0; m < JX_TREND_N_MEASURES; m++)
      {
        JxTrendMeasure runtime;

        if ((self->options.measures & (1u << m)) && jx_trend_measure_runtime (m, &runtime))
          self->computed_measures |= 1u << runtime;
      }
  self->options.parameter = NULL;
  if (options != NULL && options->parameter != NULL)
    self->options.parameter = g_string_chunk_insert (self->strings, options->parameter);

  note_failed_runs (self);
  if (self->n_loaded == 0)
    {
      g_set_error (error, JX_TREND_ERROR, JX_TREND_ERROR_NO_RUNS, _("None of the runs could be used: nothing to study"));
      return FALSE;
    }
  if (!choose_parameter (self, error) || !collect_x (self, error))
    return FALSE;
  note_process_mismatch (self);

  merge_functions (self, &keys);
  if (self->n_common == 0 && self->n_loaded > 1)
    {
      g_set_error (error, JX_TREND_ERROR, JX_TREND_ERROR_NOTHING_IN_COMMON,
                   _("The runs have no function in common: they are not runs of one program"));
      goto out;
    }
  if (self->n_loaded > 1 && self->n_common * 2 < self->min_functions)
    add_note (self, g_strdup_printf (_("Only %u of the %u functions of the smallest run are in every run: these "
                                       "look like runs of different programs (a function missing from a run "
                                       "counts 0 calls there)"),
                                     self->n_common, self->min_functions));
  choose_sos_function (self);
  if (self->options.paths)
    merge_paths (self, &keys);

  add_function_series (self, &keys);
  if (self->options.paths)
    add_path_series (self, &keys);
  add_group_series (self);

  for (guint i = 0; i < self->series->len; i++)
    {
      if ((i & 63) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        goto out;
      finish_series (self, &g_array_index (self->series, JxTrendSeries, i));
    }
  _jx_trend_study_rank (self);
  compute_shares (self);
  ok = TRUE;

out:
  keys_clear (&keys, self->runs->len);
  return ok;
}

static void
compute_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  JxTrendStudy *self = task_data;
  const JxTrendOptions *options = g_object_get_data (G_OBJECT (task), "options");
  GError *error = NULL;

  (void) source_object;
  if (jx_trend_study_compute (self, options, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
jx_trend_study_compute_async (JxTrendStudy         *self,
                              const JxTrendOptions *options,
                              GCancellable         *cancellable,
                              GAsyncReadyCallback   callback,
                              gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  JxTrendOptions *copy = g_new (JxTrendOptions, 1);

  g_return_if_fail (self != NULL);

  if (options != NULL)
    *copy = *options;
  else
    jx_trend_options_init (copy);
  /* The parameter name outlives the caller's string. */
  copy->parameter = copy->parameter != NULL ? g_string_chunk_insert (self->strings, copy->parameter) : NULL;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, jx_trend_study_compute_async);
  g_task_set_task_data (task, jx_trend_study_ref (self), (GDestroyNotify) jx_trend_study_unref);
  g_object_set_data_full (G_OBJECT (task), "options", copy, g_free);
  g_task_run_in_thread (task, compute_thread);
}

gboolean
jx_trend_study_compute_finish (JxTrendStudy  *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

