/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-build.c — the differential tree of a comparison: each
 * compared stream pair's tree built on a worker thread, then the pairs'
 * builders summed by call path in pair order (see jx-diff-tree.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-diff-tree-private.h"

typedef struct
{
  const JxHierAlignment *al;
  JxDiffTreeSide         a;
  JxDiffTreeSide         b;
  Builder                builder; /* result, when built */
  guint32                reserve; /* nodes to make room for at once */
  gboolean               built;
  gboolean               done;    /* on threads: built or given up (under the mutex) */
} Job;

typedef struct
{
  Job                *jobs;
  const char * const *names;
  guint               n_names;
  GCancellable       *cancellable;
  GMutex              mutex;
  GCond               cond;
  Builder            *spares;     /* on threads: summed pairs' memory, for the next */
  guint               n_spares;
  gboolean            cancelled;
} Run;

static void
run_job (Run     *run,
         Job     *job,
         Builder *spare)
{
  _jx_diff_tree_builder_init_reusing (&job->builder, spare, job->a.seconds_per_tick, job->b.seconds_per_tick,
                                      run->names, run->n_names);
  _jx_diff_tree_builder_reserve (&job->builder, job->reserve);
  job->built = _jx_diff_tree_builder_add_alignment (&job->builder, job->al, &job->a, &job->b, run->cancellable);
  if (!job->built)
    _jx_diff_tree_builder_clear (&job->builder);
}

static void
pool_func (gpointer data,
           gpointer user_data)
{
  Run *run = user_data;
  Job *job = data;
  Builder spare = { 0 };

  g_mutex_lock (&run->mutex);
  if (run->n_spares > 0)
    spare = run->spares[--run->n_spares];
  g_mutex_unlock (&run->mutex);
  run_job (run, job, &spare);
  _jx_diff_tree_builder_clear (&spare);
  g_mutex_lock (&run->mutex);
  if (!job->built)
    run->cancelled = TRUE;
  job->done = TRUE;
  g_cond_broadcast (&run->cond);
  g_mutex_unlock (&run->mutex);
}

/* region → shared symbol of the comparison, by name, as the comparison
 * mapped them (jx_name_table_map_trace): the comparison keeps its names,
 * not its maps. */
static guint32 *
symbol_map_for (JxComparison *cmp,
                GHashTable   *by_name,
                JxTrace      *trace)
{
  guint n = jx_trace_get_n_regions (trace);
  guint32 *map = g_new (guint32, MAX (n, 1));

  for (guint r = 0; r < n; r++)
    {
      const JxRegion *region = jx_trace_get_region (trace, r);
      gpointer symbol = g_hash_table_lookup (by_name, region != NULL && region->name != NULL ? region->name : "");

      /* Every region was interned by the comparison; a trace other than the
       * compared one could miss names: those calls are never aligned. */
      map[r] = symbol != NULL ? GPOINTER_TO_UINT (symbol) - 1 : 0;
    }
  return map;
}

static int
larger_first (const void *x,
              const void *y)
{
  const Job *jx = *(Job * const *) x;
  const Job *jy = *(Job * const *) y;
  gsize a = jx->al->n_pairs;
  gsize b = jy->al->n_pairs;

  if (a != b)
    return a > b ? -1 : 1;
  return jx < jy ? -1 : (jx > jy ? 1 : 0);
}

static gboolean
pair_usable (const JxComparisonPair *p)
{
  return jx_comparison_pair_is_compared (p) && p->alignment != NULL && p->alignment->pairs != NULL &&
         p->alignment->parent != NULL;
}

JxDiffTree *
jx_diff_tree_build (JxComparison  *cmp,
                    JxTrace       *trace_a,
                    JxTrace       *trace_b,
                    guint          pair_index,
                    guint          n_threads,
                    GCancellable  *cancellable,
                    GError       **error)
{
  g_autoptr(GHashTable) by_name = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autofree guint32 *map_a = NULL;
  g_autofree guint32 *map_b = NULL;
  g_autofree Job *jobs = NULL;
  guint n_pairs, n_jobs = 0;
  double spt_a, spt_b;
  JxDiffTree *result = NULL;
  Run run = { 0 };

  g_return_val_if_fail (cmp != NULL, NULL);
  g_return_val_if_fail (JX_IS_TRACE (trace_a), NULL);
  g_return_val_if_fail (JX_IS_TRACE (trace_b), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  n_pairs = jx_comparison_get_n_pairs (cmp);
  if (pair_index != G_MAXUINT)
    {
      const JxComparisonPair *p;

      if (pair_index >= n_pairs)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("there is no stream pair %u (the comparison has %u)"), pair_index + 1, n_pairs);
          return NULL;
        }
      p = jx_comparison_get_pair (cmp, pair_index);
      if (!jx_comparison_pair_is_compared (p))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("stream pair “%s” / “%s” was not compared: it has no call tree to merge"),
                       p->name_a != NULL ? p->name_a : "—", p->name_b != NULL ? p->name_b : "—");
          return NULL;
        }
    }
  for (guint i = 0; i < n_pairs; i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

      if ((pair_index == G_MAXUINT || pair_index == i) && jx_comparison_pair_is_compared (p) && !pair_usable (p))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("the comparison did not keep its alignments, which the merged call tree is built from"));
          return NULL;
        }
      if ((p->stream_a != JX_NONE && p->stream_a >= jx_trace_get_n_streams (trace_a)) ||
          (p->stream_b != JX_NONE && p->stream_b >= jx_trace_get_n_streams (trace_b)))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("the traces are not the ones the comparison compared"));
          return NULL;
        }
    }

  names = g_ptr_array_new ();
  by_name = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint s = 0; s < jx_comparison_get_n_symbols (cmp); s++)
    {
      const char *name = jx_comparison_get_symbol_name (cmp, s);

      g_ptr_array_add (names, (gpointer) name);
      g_hash_table_insert (by_name, (gpointer) name, GUINT_TO_POINTER (s + 1));
    }
  map_a = symbol_map_for (cmp, by_name, trace_a);
  map_b = symbol_map_for (cmp, by_name, trace_b);
  spt_a = 1.0 / (double) MAX (jx_trace_get_timer_resolution (trace_a), 1);
  spt_b = 1.0 / (double) MAX (jx_trace_get_timer_resolution (trace_b), 1);

  jobs = g_new0 (Job, MAX (n_pairs, 1));
  for (guint i = 0; i < n_pairs; i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      Job *job;

      if ((pair_index != G_MAXUINT && pair_index != i) || !pair_usable (p))
        continue;
      job = &jobs[n_jobs++];
      job->al = p->alignment;
      job->a = (JxDiffTreeSide) { jx_trace_get_stream (trace_a, p->stream_a), map_a, spt_a };
      job->b = (JxDiffTreeSide) { jx_trace_get_stream (trace_b, p->stream_b), map_b, spt_b };
    }

  run.jobs = jobs;
  run.names = (const char * const *) names->pdata;
  run.n_names = names->len;
  run.cancellable = cancellable;
  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  n_threads = MIN (n_threads, n_jobs);
  /* The first pair's builder becomes the sum: room for every pair's
   * reservation (_jx_diff_tree_builder_add_alignment) at once (pages never
   * written cost nothing), so that the sum is not copied as it grows. */
  if (n_jobs > 1)
    jobs[0].reserve = (guint32) MIN ((guint64) n_jobs * JX_DIFF_TREE_PAIR_RESERVE, G_MAXUINT32);
  if (n_threads <= 1)
    {
      Builder spare = { 0 };

      /* Each pair is summed as soon as it is built, in pair order, and
       * its memory serves the next pair. */
      for (guint j = 0; j < n_jobs && !run.cancelled; j++)
        {
          run_job (&run, &jobs[j], &spare);
          run.cancelled = !jobs[j].built;
          if (j > 0 && !run.cancelled)
            {
              _jx_diff_tree_builder_reserve (&jobs[0].builder, jobs[0].builder.n_nodes + jobs[j].builder.n_nodes);
              _jx_diff_tree_builder_add_builder (&jobs[0].builder, &jobs[j].builder);
              _jx_diff_tree_builder_clear (&spare);
              spare = jobs[j].builder;
              memset (&jobs[j].builder, 0, sizeof (Builder));
            }
        }
      _jx_diff_tree_builder_clear (&spare);
    }
  else
    {
      g_autofree Job **order = g_new (Job *, n_jobs);
      GThreadPool *pool;

      g_mutex_init (&run.mutex);
      g_cond_init (&run.cond);
      run.spares = g_new0 (Builder, n_jobs);
      pool = g_thread_pool_new (pool_func, &run, (gint) n_threads, TRUE, NULL);

      /* The largest pairs first, so that no thread is left with one at the
       * end; pairs of a size in pair order, as they are summed. */
      for (guint j = 0; j < n_jobs; j++)
        order[j] = &jobs[j];
      qsort (order, n_jobs, sizeof (Job *), larger_first);
      for (guint j = 0; j < n_jobs; j++)
        g_thread_pool_push (pool, order[j], NULL);

      /* This thread sums the pairs in pair order as they are built; a
       * summed pair's memory serves a pair not started yet. */
      g_mutex_lock (&run.mutex);
      for (guint j = 0; j < n_jobs; j++)
        {
          while (!jobs[j].done)
            g_cond_wait (&run.cond, &run.mutex);
          if (j == 0 || run.cancelled)
            continue;
          g_mutex_unlock (&run.mutex);
          _jx_diff_tree_builder_reserve (&jobs[0].builder, jobs[0].builder.n_nodes + jobs[j].builder.n_nodes);
          _jx_diff_tree_builder_add_builder (&jobs[0].builder, &jobs[j].builder);
          g_mutex_lock (&run.mutex);
          run.spares[run.n_spares++] = jobs[j].builder;
          memset (&jobs[j].builder, 0, sizeof (Builder));
        }
      g_mutex_unlock (&run.mutex);
      g_thread_pool_free (pool, FALSE, TRUE);
      for (guint j = 0; j < run.n_spares; j++)
        _jx_diff_tree_builder_clear (&run.spares[j]);
      g_free (run.spares);
      g_mutex_clear (&run.mutex);
      g_cond_clear (&run.cond);
    }

  if (!run.cancelled && !g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      /* The pairs were summed into the first one's builder, in pair
       * order, whatever order the threads finished in: children appear in
       * the same order every time. */
      if (n_jobs > 0)
        result = _jx_diff_tree_builder_finish (&jobs[0].builder);
      else
        {
          result = jx_diff_tree_merge (NULL, 0);
          result->seconds_per_tick_a = spt_a;
          result->seconds_per_tick_b = spt_b;
        }
    }
  else if (error != NULL && *error == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Operation was cancelled"));

  /* Whatever was not summed (cancelled, failed). */
  for (guint j = 0; j < n_jobs; j++)
    _jx_diff_tree_builder_clear (&jobs[j].builder);
  return result;
}
