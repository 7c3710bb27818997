/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-load.c — see jx-trend-load.h. Workers take the next path from
 * an atomic counter, so a slow trace never holds up the others. */
#include "config.h"

#include "jx-trace-loader.h"
#include "jx-trend-load.h"

typedef struct
{
  const char * const       *paths;
  guint                     n;
  const JxTrendLoadOptions *options;
  GCancellable             *cancellable;
  JxTrendRun              **runs;
  gint                      next;
} LoadJob;

static gpointer
worker (gpointer data)
{
  LoadJob *job = data;
  JxLoadOptions load = { .n_threads = 1 };

  for (;;)
    {
      gint index = g_atomic_int_add (&job->next, 1);
      g_autoptr(GError) error = NULL;
      g_autoptr(JxTrace) trace = NULL;

      if (index >= (gint) job->n || g_cancellable_is_cancelled (job->cancellable))
        return NULL;
      trace = jx_trace_load (job->paths[index], &load, NULL, NULL, job->cancellable, &error);
      if (trace == NULL)
        {
          if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            job->runs[index] = jx_trend_run_new_failed (job->paths[index], error);
          continue;
        }
      if (job->options->hook != NULL)
        job->options->hook (trace, index, job->options->hook_data);
      job->runs[index] = jx_trend_run_new (trace, job->paths[index], job->options->sos_function,
                                           job->cancellable, NULL);
    }
}

GPtrArray *
jx_trend_load_runs (const char * const        *paths,
                    guint                      n,
                    const JxTrendLoadOptions  *options,
                    GCancellable              *cancellable,
                    GError                   **error)
{
  JxTrendLoadOptions defaults = { 0 };
  g_autofree JxTrendRun **runs = NULL;
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  LoadJob job;
  guint n_workers;
  GPtrArray *result;

  g_return_val_if_fail (n == 0 || paths != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    options = &defaults;
  runs = g_new0 (JxTrendRun *, MAX (n, 1));
  job = (LoadJob) { paths, n, options, cancellable, runs, 0 };
  n_workers = options->n_workers > 0 ? options->n_workers : (guint) g_get_num_processors ();
  n_workers = CLAMP (n_workers, 1, MAX (n, 1));

  /* The calling thread is one of the workers. */
  for (guint w = 1; w < n_workers; w++)
    g_ptr_array_add (threads, g_thread_new ("jx-trend-load", worker, &job));
  worker (&job);
  for (guint w = 0; w < threads->len; w++)
    g_thread_join (g_ptr_array_index (threads, w));

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      for (guint i = 0; i < n; i++)
        g_clear_pointer (&runs[i], jx_trend_run_unref);
      return NULL;
    }
  result = g_ptr_array_new_full (n, (GDestroyNotify) jx_trend_run_unref);
  for (guint i = 0; i < n; i++)
    {
      g_assert (runs[i] != NULL);
      g_ptr_array_add (result, runs[i]);
    }
  return result;
}
