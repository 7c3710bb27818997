/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-summary.c — see jx-function-summary.h. */
#include "config.h"

#include <string.h>

#include "jx-function-summary.h"
#include "jx-profile.h"

static int
compare_bars (gconstpointer a,
              gconstpointer b)
{
  const JxFunctionSummaryBar *ba = a;
  const JxFunctionSummaryBar *bb = b;

  if (ba->exclusive_s != bb->exclusive_s)
    return ba->exclusive_s > bb->exclusive_s ? -1 : 1;
  return ba->region < bb->region ? -1 : (ba->region > bb->region ? 1 : 0);
}

GArray *
jx_function_summary_compute (JxTrace *trace,
                             guint64  t0,
                             guint64  t1,
                             guint    top_n,
                             double  *total_s)
{
  return jx_function_summary_compute_streams (trace, NULL, 0, t0, t1, top_n, total_s);
}

GArray *
jx_function_summary_compute_streams (JxTrace       *trace,
                                     const guint32 *streams,
                                     guint          n_streams,
                                     guint64        t0,
                                     guint64        t1,
                                     guint          top_n,
                                     double        *total_s)
{
  g_autofree JxRegionStats *stats = NULL;
  GArray *bars;
  guint n_regions;
  double total = 0.0;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  bars = g_array_new (FALSE, TRUE, sizeof (JxFunctionSummaryBar));
  n_regions = jx_trace_get_n_regions (trace);
  stats = jx_profile_compute_region_stats (trace, streams, n_streams, t0, t1);
  if (stats != NULL)
    {
      for (guint r = 0; r < n_regions; r++)
        {
          JxFunctionSummaryBar bar = { 0 };

          if (stats[r].exclusive == 0)
            continue;
          bar.region = r;
          bar.exclusive_s = jx_trace_ticks_to_seconds (trace, (gint64) stats[r].exclusive);
          bar.exclusive_ns = jx_trace_ticks_to_ns (trace, (gint64) stats[r].exclusive);
          bar.count = stats[r].count;
          total += bar.exclusive_s;
          g_array_append_val (bars, bar);
        }
    }
  g_array_sort (bars, compare_bars);
  for (guint i = 0; i < bars->len; i++)
    g_array_index (bars, JxFunctionSummaryBar, i).fraction =
      total > 0.0 ? g_array_index (bars, JxFunctionSummaryBar, i).exclusive_s / total : 0.0;
  if (top_n > 0 && bars->len > top_n)
    g_array_set_size (bars, top_n);
  if (total_s != NULL)
    *total_s = total;
  return bars;
}

typedef struct
{
  JxTrace *trace;
  guint64  t0;
  guint64  t1;
  guint    top_n;
  double   total_s;
} ComputeData;

static void
compute_data_free (gpointer data)
{
  ComputeData *cd = data;

  g_clear_object (&cd->trace);
  g_free (cd);
}

static void
compute_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  ComputeData *cd = task_data;
  GArray *bars;

  if (g_task_return_error_if_cancelled (task))
    return;
  bars = jx_function_summary_compute (cd->trace, cd->t0, cd->t1, cd->top_n, &cd->total_s);
  g_task_return_pointer (task, bars, (GDestroyNotify) g_array_unref);
}

void
jx_function_summary_compute_async (JxTrace             *trace,
                                   guint64              t0,
                                   guint64              t1,
                                   guint                top_n,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ComputeData *cd;

  g_return_if_fail (JX_IS_TRACE (trace));

  cd = g_new0 (ComputeData, 1);
  cd->trace = g_object_ref (trace);
  cd->t0 = t0;
  cd->t1 = t1;
  cd->top_n = top_n;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, jx_function_summary_compute_async);
  g_task_set_task_data (task, cd, compute_data_free);
  g_task_run_in_thread (task, compute_thread);
}

GArray *
jx_function_summary_compute_finish (GAsyncResult  *result,
                                    double        *total_s,
                                    GError       **error)
{
  GArray *bars;

  g_return_val_if_fail (G_IS_TASK (result), NULL);

  bars = g_task_propagate_pointer (G_TASK (result), error);
  if (total_s != NULL)
    *total_s = bars != NULL ? ((ComputeData *) g_task_get_task_data (G_TASK (result)))->total_s : 0.0;
  return bars;
}

void
jx_function_summary_order_like (GArray  *bars,
                                JxTrace *trace,
                                GArray  *reference_bars,
                                JxTrace *reference_trace)
{
  g_autoptr(GHashTable) rank = NULL;
  g_autoptr(GArray) ordered = NULL;
  g_autofree gboolean *taken = NULL;

  g_return_if_fail (bars != NULL);
  g_return_if_fail (JX_IS_TRACE (trace));
  g_return_if_fail (reference_bars != NULL);
  g_return_if_fail (JX_IS_TRACE (reference_trace));

  rank = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < bars->len; i++)
    {
      const JxRegion *region = jx_trace_get_region (trace, g_array_index (bars, JxFunctionSummaryBar, i).region);

      if (!g_hash_table_contains (rank, region->name))
        g_hash_table_insert (rank, (gpointer) region->name, GUINT_TO_POINTER (i));
    }

  ordered = g_array_sized_new (FALSE, TRUE, sizeof (JxFunctionSummaryBar), bars->len);
  taken = g_new0 (gboolean, MAX (bars->len, 1));
  for (guint i = 0; i < reference_bars->len; i++)
    {
      guint32 ref_region = g_array_index (reference_bars, JxFunctionSummaryBar, i).region;
      const JxRegion *region = jx_trace_get_region (reference_trace, ref_region);
      gpointer index;

      if (region != NULL &&
          g_hash_table_lookup_extended (rank, region->name, NULL, &index) &&
          !taken[GPOINTER_TO_UINT (index)])
        {
          taken[GPOINTER_TO_UINT (index)] = TRUE;
          g_array_append_val (ordered, g_array_index (bars, JxFunctionSummaryBar, GPOINTER_TO_UINT (index)));
        }
    }
  for (guint i = 0; i < bars->len; i++)
    if (!taken[i])
      g_array_append_val (ordered, g_array_index (bars, JxFunctionSummaryBar, i));

  memcpy (bars->data, ordered->data, bars->len * sizeof (JxFunctionSummaryBar));
}
