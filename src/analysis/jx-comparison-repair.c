/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-repair.c — see jx-comparison-repair.h. */
#include "config.h"

#include <math.h>

#include "jx-comparison-private.h"
#include "jx-comparison-repair.h"

guint
jx_comparison_get_n_aligned (JxComparison *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_aligned;
}

const JxNamePair *
jx_comparison_get_pair_overrides (JxComparison *self,
                                  guint        *n_overrides)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (n_overrides != NULL)
    *n_overrides = self->options.n_pair_overrides;
  return self->pair_overrides;
}

static gboolean
same_similarity (double x,
                 double y)
{
  return x == y || (isnan (x) && isnan (y));
}

/* The pairing part of two pairs (before any alignment) is the same. */
static gboolean
same_pairing (const JxComparisonPair *p,
              const JxComparisonPair *q)
{
  return p->stream_a == q->stream_a && p->stream_b == q->stream_b &&
         p->process_distance == q->process_distance && p->stream_distance == q->stream_distance &&
         p->process_method == q->process_method && p->stream_method == q->stream_method &&
         p->skip == q->skip && p->crossed == q->crossed &&
         g_strcmp0 (p->other_name, q->other_name) == 0 &&
         same_similarity (p->structure_similarity, q->structure_similarity) &&
         same_similarity (p->other_similarity, q->other_similarity);
}

/* Replaces every new pair the previous comparison has at the same place
 * with that one (shared) and drops its job. */
static void
take_over (RunData      *run,
           JxComparison *previous)
{
  JxComparison *result = run->result;
  guint kept = 0;

  for (guint i = 0; i < result->pairs->len && i < previous->pairs->len; i++)
    {
      JxComparisonPair *old = g_ptr_array_index (previous->pairs, i);
      JxComparisonPair *now = g_ptr_array_index (result->pairs, i);

      /* A pair the previous run left unaligned (cancelled) is aligned
       * anew, never into the shared one. */
      if (!same_pairing (old, now) || (old->skip == JX_COMPARISON_SKIP_NONE && old->alignment == NULL))
        continue;
      g_atomic_int_inc (&old->shared);
      /* The free function drops the new one. */
      g_ptr_array_index (result->pairs, i) = old;
      jx_comparison_pair_free (now);
    }
  for (guint j = 0; j < run->n_jobs; j++)
    {
      JxComparisonPair *p = g_ptr_array_index (result->pairs, run->jobs[j].pair);

      if (p->alignment == NULL)
        run->jobs[kept++] = run->jobs[j];
      else
        run->n_events -= 2 * run->jobs[j].size;
    }
  run->n_jobs = kept;
  result->n_aligned = kept;
}

static RunData *
repair_new (JxComparison     *previous,
            JxTrace          *a,
            JxTrace          *b,
            const JxNamePair *overrides,
            guint             n_overrides,
            GCancellable     *cancellable)
{
  JxComparisonOptions options = previous->options;

  options.pair_overrides = overrides;
  options.n_pair_overrides = n_overrides;
  return _jx_comparison_run_new (a, b, &options, cancellable);
}

/* Pairs, takes over what is unchanged and aligns the rest: blocking. */
static JxComparison *
repair_run (RunData       *run,
            JxComparison  *previous,
            GError       **error)
{
  GThreadPool *pool;

  _jx_comparison_run_pair (run);
  if (run->error == NULL)
    take_over (run, previous);
  pool = _jx_comparison_run_start_pool (run);
  g_thread_pool_free (pool, FALSE, TRUE);
  run->result->elapsed = (double) (g_get_monotonic_time () - run->started) / G_USEC_PER_SEC;

  if (run->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&run->error));
      return NULL;
    }
  if (g_cancellable_set_error_if_cancelled (run->cancellable, error))
    return NULL;
  return jx_comparison_ref (run->result);
}

JxComparison *
jx_comparison_repair (JxComparison      *previous,
                      JxTrace           *a,
                      JxTrace           *b,
                      const JxNamePair  *overrides,
                      guint              n_overrides,
                      GCancellable      *cancellable,
                      GError           **error)
{
  RunData *run;
  JxComparison *result;

  g_return_val_if_fail (previous != NULL, NULL);
  g_return_val_if_fail (JX_IS_TRACE (a) && JX_IS_TRACE (b), NULL);
  g_return_val_if_fail (overrides != NULL || n_overrides == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  run = repair_new (previous, a, b, overrides, n_overrides, cancellable);
  result = repair_run (run, previous, error);
  _jx_comparison_run_unref (run);
  return result;
}

typedef struct
{
  RunData      *run;
  JxComparison *previous;
} Repair;

static void
repair_free (gpointer data)
{
  Repair *repair = data;

  _jx_comparison_run_unref (repair->run);
  jx_comparison_unref (repair->previous);
  g_free (repair);
}

static void
repair_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Repair *repair = task_data;
  GError *error = NULL;
  JxComparison *result = repair_run (repair->run, repair->previous, &error);

  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) jx_comparison_unref);
}

void
jx_comparison_repair_async (JxComparison        *previous,
                            JxTrace             *a,
                            JxTrace             *b,
                            const JxNamePair    *overrides,
                            guint                n_overrides,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Repair *repair;

  g_return_if_fail (previous != NULL);
  g_return_if_fail (JX_IS_TRACE (a) && JX_IS_TRACE (b));
  g_return_if_fail (overrides != NULL || n_overrides == 0);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, jx_comparison_repair_async);
  g_task_set_name (task, "[juxtrace] pair again");
  repair = g_new0 (Repair, 1);
  /* The overrides are copied here, on the caller's thread. */
  repair->run = repair_new (previous, a, b, overrides, n_overrides, cancellable);
  repair->previous = jx_comparison_ref (previous);
  g_task_set_task_data (task, repair, repair_free);
  g_task_run_in_thread (task, repair_thread);
}

JxComparison *
jx_comparison_repair_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == jx_comparison_repair_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
