/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-run.c — see jx-trend-run.h. A run is made from the summary of
 * its trace (jx-trend-summary.c: the walk, in integer ticks), its sums
 * turned into seconds once. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-trend-run-private.h"
#include "jx-trend-summary.h"

G_DEFINE_BOXED_TYPE (JxTrendRun, jx_trend_run, jx_trend_run_ref, jx_trend_run_unref)

static void
ticks_to_agg (const JxTrendTicks *ticks,
              JxTrendAgg         *agg,
              double              seconds_per_tick)
{
  agg->count = (double) ticks->count;
  agg->count_max = (double) ticks->count_max;
  agg->incl = (double) ticks->incl * seconds_per_tick;
  agg->incl_max = (double) ticks->incl_max * seconds_per_tick;
  agg->excl = (double) ticks->excl * seconds_per_tick;
  agg->excl_max = (double) ticks->excl_max * seconds_per_tick;
}

static JxTrendRun *
run_alloc (const char *path)
{
  JxTrendRun *run = g_new0 (JxTrendRun, 1);

  g_atomic_ref_count_init (&run->ref);
  run->path = g_strdup (path);
  run->folder = jx_trend_folder_of_path (path);
  run->strings = g_string_chunk_new (1024);
  run->params = g_array_new (FALSE, FALSE, sizeof (JxTrendParam));
  return run;
}

static void
set_folder_params (JxTrendRun *run)
{
  g_autoptr(GArray) values = NULL;
  g_auto(GStrv) names = jx_trend_parse_folder_name (run->folder, &values);

  for (guint i = 0; names[i] != NULL; i++)
    {
      double value = g_array_index (values, double, i), known;

      /* "p64" on a trace of 64 processes says what the trace says. */
      if (jx_trend_run_get_param (run, names[i], &known, NULL) && known == value)
        continue;
      jx_trend_run_set_param (run, names[i], value, JX_TREND_SOURCE_FOLDER);
    }
}

JxTrendRun *
jx_trend_run_new_from_summary (const JxTrendSummary *summary,
                               const char           *path)
{
  JxTrendRun *run;
  JxTrendAgg *messages;
  double seconds_per_tick;

  g_return_val_if_fail (summary != NULL && path != NULL, NULL);

  run = run_alloc (path);
  run->name = g_strdup (summary->name);
  run->n_processes = summary->n_processes;
  run->n_streams = summary->n_streams;
  run->n_invocations = summary->n_invocations;
  seconds_per_tick = 1.0 / (double) MAX (summary->timer_resolution, 1);

  run->n_functions = summary->n_functions;
  run->function_name = g_new0 (const char *, MAX (run->n_functions, 1));
  run->function_category = g_new0 (guint8, MAX (run->n_functions, 1));
  run->function_agg = g_new0 (JxTrendAgg, MAX (run->n_functions, 1));
  for (guint f = 0; f < run->n_functions; f++)
    {
      run->function_name[f] = g_string_chunk_insert_const (run->strings, summary->function_name[f]);
      run->function_category[f] = summary->function_category[f];
      ticks_to_agg (&summary->function_ticks[f], &run->function_agg[f], seconds_per_tick);
    }
  run->n_paths = summary->n_paths;
  run->path_parent = g_new0 (guint32, MAX (run->n_paths, 1));
  run->path_function = g_new0 (guint32, MAX (run->n_paths, 1));
  run->path_agg = g_new0 (JxTrendAgg, MAX (run->n_paths, 1));
  for (guint p = 0; p < run->n_paths; p++)
    {
      run->path_parent[p] = summary->path_parent[p];
      run->path_function[p] = summary->path_function[p];
      ticks_to_agg (&summary->path_ticks[p], &run->path_agg[p], seconds_per_tick);
    }
  ticks_to_agg (&summary->program, &run->groups[JX_TREND_GROUP_PROGRAM], seconds_per_tick);
  ticks_to_agg (&summary->mpi, &run->groups[JX_TREND_GROUP_MPI], seconds_per_tick);
  messages = &run->groups[JX_TREND_GROUP_MESSAGES];
  messages->count = (double) summary->messages;
  messages->count_max = (double) summary->messages_max;
  messages->incl = messages->incl_max = messages->excl = messages->excl_max = NAN;

  run->sos_function = g_strdup (summary->sos_function);
  run->sos_error = g_strdup (summary->sos_error);
  if (run->sos_function != NULL)
    {
      run->sos_total = (double) summary->sos_total * seconds_per_tick;
      run->sos_max = (double) summary->sos_max * seconds_per_tick;
    }

  jx_trend_run_set_param (run, JX_TREND_PARAM_PROCESSES, run->n_processes, JX_TREND_SOURCE_TRACE);
  set_folder_params (run);
  return run;
}

JxTrendRun *
jx_trend_run_new (JxTrace       *trace,
                  const char    *path,
                  const char    *sos_function,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(JxTrendSummary) summary = NULL;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  summary = jx_trend_summary_compute (trace, NULL, sos_function, &jx_imbalance_local_ops, NULL, cancellable, error);
  if (summary == NULL)
    return NULL;
  return jx_trend_run_new_from_summary (summary, path != NULL ? path : jx_trace_get_path (trace));
}

JxTrendRun *
jx_trend_run_new_failed (const char   *path,
                         const GError *error)
{
  JxTrendRun *run;

  g_return_val_if_fail (path != NULL && error != NULL, NULL);

  run = run_alloc (path);
  run->name = g_path_get_basename (path);
  run->error = g_error_copy (error);
  run->function_name = g_new0 (const char *, 1);
  run->function_category = g_new0 (guint8, 1);
  run->function_agg = g_new0 (JxTrendAgg, 1);
  run->path_parent = g_new0 (guint32, 1);
  run->path_function = g_new0 (guint32, 1);
  run->path_agg = g_new0 (JxTrendAgg, 1);
  set_folder_params (run);
  return run;
}

JxTrendRun *
jx_trend_run_copy (JxTrendRun *self)
{
  JxTrendRun *run;
  guint n_f, n_p;

  g_return_val_if_fail (self != NULL, NULL);

  run = run_alloc (self->path);
  run->name = g_strdup (self->name);
  run->error = self->error != NULL ? g_error_copy (self->error) : NULL;
  run->n_processes = self->n_processes;
  run->n_streams = self->n_streams;
  run->n_invocations = self->n_invocations;
  run->n_functions = self->n_functions;
  run->n_paths = self->n_paths;
  n_f = MAX (self->n_functions, 1);
  n_p = MAX (self->n_paths, 1);
  run->function_name = g_new0 (const char *, n_f);
  for (guint f = 0; f < self->n_functions; f++)
    run->function_name[f] = g_string_chunk_insert_const (run->strings, self->function_name[f]);
  run->function_category = g_memdup2 (self->function_category, n_f * sizeof (guint8));
  run->function_agg = g_memdup2 (self->function_agg, n_f * sizeof (JxTrendAgg));
  run->path_parent = g_memdup2 (self->path_parent, n_p * sizeof (guint32));
  run->path_function = g_memdup2 (self->path_function, n_p * sizeof (guint32));
  run->path_agg = g_memdup2 (self->path_agg, n_p * sizeof (JxTrendAgg));
  memcpy (run->groups, self->groups, sizeof run->groups);
  run->sos_function = g_strdup (self->sos_function);
  run->sos_error = g_strdup (self->sos_error);
  run->sos_total = self->sos_total;
  run->sos_max = self->sos_max;
  for (guint i = 0; i < self->params->len; i++)
    {
      const JxTrendParam *p = &g_array_index (self->params, JxTrendParam, i);

      jx_trend_run_set_param (run, p->name, p->value, p->source);
    }
  return run;
}

JxTrendRun *
jx_trend_run_ref (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
jx_trend_run_unref (JxTrendRun *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref))
    return;
  g_free (self->path);
  g_free (self->name);
  g_free (self->folder);
  g_clear_error (&self->error);
  g_string_chunk_free (self->strings);
  g_free (self->function_name);
  g_free (self->function_category);
  g_free (self->function_agg);
  g_free (self->path_parent);
  g_free (self->path_function);
  g_free (self->path_agg);
  g_free (self->sos_function);
  g_free (self->sos_error);
  for (guint i = 0; i < self->params->len; i++)
    g_free (g_array_index (self->params, JxTrendParam, i).name);
  g_array_unref (self->params);
  g_free (self);
}

const char *
jx_trend_run_get_path (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->path;
}

const char *
jx_trend_run_get_name (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->name;
}

const char *
jx_trend_run_get_folder (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->folder;
}

const GError *
jx_trend_run_get_error (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->error;
}

guint
jx_trend_run_get_n_processes (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_processes;
}

guint
jx_trend_run_get_n_streams (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_streams;
}

guint64
jx_trend_run_get_n_invocations (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_invocations;
}

guint
jx_trend_run_get_n_functions (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_functions;
}

guint
jx_trend_run_get_n_paths (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_paths;
}

gsize
jx_trend_run_get_memory_size (JxTrendRun *self)
{
  gsize size;

  g_return_val_if_fail (self != NULL, 0);

  size = sizeof *self;
  size += self->n_functions * (sizeof (char *) + sizeof (guint8) + sizeof (JxTrendAgg));
  size += self->n_paths * (2 * sizeof (guint32) + sizeof (JxTrendAgg));
  for (guint f = 0; f < self->n_functions; f++)
    size += strlen (self->function_name[f]) + 1;
  size += self->params->len * sizeof (JxTrendParam);
  return size;
}

const char *
jx_trend_run_get_sos_function (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->sos_function;
}

const char *
jx_trend_run_get_sos_error (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->sos_error;
}

double
jx_trend_run_get_function_value (JxTrendRun     *self,
                                 const char     *function,
                                 JxTrendMeasure  measure)
{
  g_return_val_if_fail (self != NULL && function != NULL, NAN);
  g_return_val_if_fail (measure < JX_TREND_N_MEASURES, NAN);

  if (self->error != NULL)
    return NAN;
  if (measure >= JX_TREND_MEASURE_SOS)
    {
      if (self->sos_function == NULL || strcmp (self->sos_function, function) != 0)
        return NAN;
      if (measure == JX_TREND_MEASURE_SOS)
        return self->sos_total;
      if (measure == JX_TREND_MEASURE_SOS_MEAN)
        return self->sos_total / MAX (self->n_processes, 1);
      return self->sos_max;
    }
  for (guint f = 0; f < self->n_functions; f++)
    if (strcmp (self->function_name[f], function) == 0)
      return _jx_trend_agg_value (&self->function_agg[f], measure, self->n_processes);
  return 0.0;
}

