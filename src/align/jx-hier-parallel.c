/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-hier-parallel.c — hierarchical alignment on worker threads: subtree
 * pairs handed to a thread pool as tasks, each aligned like the whole, and
 * their pairs spliced back into the coordinator's pre-order list. */
#include "config.h"

#include <string.h>

#include "jx-hier-align-private.h"

static void run_task (gpointer data,
                      gpointer user_data);

gboolean
_jx_hier_parallel_maybe_spawn (HierState        *st,
                               const StackEntry *e)
{
  Parallel *par = st->par;
  guint64 size;
  Task *task;

  if (par == NULL)
    return FALSE;
  size = (guint64) (e->end_a - e->a) + (e->end_b - e->b);
  if (size < par->min_size || size > par->max_size)
    return FALSE;

  task = g_new0 (Task, 1);
  task->a = e->a;
  task->b = e->b;
  task->parent = e->parent;
  task->insert_at = st->result->n_pairs;
  task->par = par;
  g_ptr_array_add (par->tasks, task);

  g_mutex_lock (&par->mutex);
  par->pending++;
  g_mutex_unlock (&par->mutex);
  g_thread_pool_push (par->pool, task, NULL);
  return TRUE;
}


static void
run_task (gpointer data,
          gpointer user_data)
{
  Task *task = data;
  Parallel *par = task->par;
  HierState st;

  _jx_hier_state_init (&st, par->a, par->b, par->options, g_new0 (JxHierAlignment, 1));
  st.shared_done = &par->done;

  if (!g_cancellable_set_error_if_cancelled (par->cancellable, &task->error))
    {
      /* The alignment is about as long as the larger subtree. */
      _jx_hier_state_reserve_pairs (&st, MAX (st.a->subtree_end[task->a] - task->a,
                                              st.b->subtree_end[task->b] - task->b) + 16);
      _jx_hier_state_push (&st, task->a, task->b, JX_ALIGN_NONE);
      if (_jx_hier_run_loop (&st, par->cancellable, &task->error))
        task->result = g_steal_pointer (&st.result);
    }
  _jx_hier_state_flush_done (&st);
  g_clear_pointer (&st.result, jx_hier_alignment_free);
  _jx_hier_state_clear (&st);

  g_mutex_lock (&par->mutex);
  task->done = TRUE;
  par->pending--;
  g_cond_signal (&par->cond);
  g_mutex_unlock (&par->mutex);
}

static void
merge_stats (JxHierAlignment       *r,
             const JxHierAlignment *t)
{
  guint k;

  for (k = 0; k < 4; k++)
    r->counts[k] += t->counts[k];
  r->score += t->score;
  r->n_sub_alignments += t->n_sub_alignments;
  r->n_identical += t->n_identical;
  for (k = 0; k < JX_HIER_N_BUCKETS; k++)
    r->buckets[k] += t->buckets[k];
  r->stats.calls += t->stats.calls;
  for (k = 0; k < JX_N_ALGORITHMS; k++)
    r->stats.by_algorithm[k] += t->stats.by_algorithm[k];
  r->stats.special_identical += t->stats.special_identical;
  r->stats.special_trimmed += t->stats.special_trimmed;
  r->stats.special_contained += t->stats.special_contained;
  r->stats.cells += t->stats.cells;
  r->stats.special_disjoint += t->stats.special_disjoint;
  r->stats.fast_gave_up += t->stats.fast_gave_up;
  r->stats.fast_pruned += t->stats.fast_pruned;
}

/* The final pre-order list is assembled while tasks still run: the
 * coordinator's pairs keep their order, and each task's pairs go where the
 * coordinator skipped its subtree.  Insertion points are in task order, so a
 * task's place is known as soon as every earlier task is done; it is copied
 * then and its memory freed, which the next tasks reuse. */
typedef struct
{
  JxAlignPair *pairs;
  guint32     *parent;
  gsize       *prefix;      /* pairs of tasks [0, t) */
  gsize       *insert_at;
  guint        n_tasks;
  guint        next;        /* first task not placed yet */
} Assembly;

static void
assembly_init (Assembly               *as,
               const JxHierAlignment  *r,
               GPtrArray              *tasks,
               const JxHierTree       *a,
               const JxHierTree       *b)
{
  gsize bound = r->n_pairs;
  guint t;

  as->n_tasks = tasks->len;
  as->next = 0;
  as->prefix = g_new0 (gsize, as->n_tasks + 1);
  as->insert_at = g_new (gsize, MAX (as->n_tasks, 1));
  for (t = 0; t < as->n_tasks; t++)
    {
      Task *task = g_ptr_array_index (tasks, t);

      as->insert_at[t] = task->insert_at;
      /* Every node is in exactly one pair; untouched pages cost nothing. */
      bound += (gsize) (a->subtree_end[task->a] - task->a) + (b->subtree_end[task->b] - task->b);
    }
  as->pairs = g_new (JxAlignPair, MAX (bound, 1));
  as->parent = g_new (guint32, MAX (bound, 1));
}

static void
assembly_clear (Assembly *as)
{
  g_clear_pointer (&as->pairs, g_free);
  g_clear_pointer (&as->parent, g_free);
  g_clear_pointer (&as->prefix, g_free);
  g_clear_pointer (&as->insert_at, g_free);
}

/* Final index of the coordinator's pair s, given that it precedes task limit. */
static gsize
coordinator_position (const Assembly *as,
                      gsize           s,
                      guint           limit)
{
  guint lo = 0, hi = limit;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (as->insert_at[mid] <= s)
        lo = mid + 1;
      else
        hi = mid;
    }
  return s + as->prefix[lo];
}

static void
assembly_place (Assembly        *as,
                JxHierAlignment *r,
                Task            *task)
{
  JxHierAlignment *tr = task->result;
  guint t = as->next++;
  gsize base = as->insert_at[t] + as->prefix[t];
  /* The parent pair was emitted before the task was spawned. */
  guint32 root_parent = task->parent == JX_ALIGN_NONE ? JX_ALIGN_NONE
                        : (guint32) coordinator_position (as, task->parent, t);
  guint32 *dst_parent = as->parent + base;
  gsize k;

  memcpy (as->pairs + base, tr->pairs, tr->n_pairs * sizeof (JxAlignPair));
  for (k = 0; k < tr->n_pairs; k++)
    dst_parent[k] = tr->parent[k] == JX_ALIGN_NONE ? root_parent
                    : (guint32) (base + tr->parent[k]);
  as->prefix[t + 1] = as->prefix[t] + tr->n_pairs;
  merge_stats (r, tr);
  g_clear_pointer (&tr->pairs, g_free);
  g_clear_pointer (&tr->parent, g_free);
}

/* Every task placed: fill in the coordinator's own pairs and hand over. */
static void
assembly_finish (Assembly        *as,
                 JxHierAlignment *r)
{
  gsize seq_len = r->n_pairs;
  gsize total = seq_len + as->prefix[as->n_tasks];
  g_autofree guint32 *new_pos = g_new (guint32, MAX (seq_len, 1));
  guint t = 0;
  gsize s;

  g_assert (as->next == as->n_tasks);
  for (s = 0; s < seq_len; s++)
    {
      guint32 p = r->parent[s];

      while (t < as->n_tasks && as->insert_at[t] <= s)
        t++;
      new_pos[s] = (guint32) (s + as->prefix[t]);
      as->pairs[new_pos[s]] = r->pairs[s];
      /* Parents precede their children. */
      as->parent[new_pos[s]] = p == JX_ALIGN_NONE ? JX_ALIGN_NONE : new_pos[p];
    }

  g_free (r->pairs);
  g_free (r->parent);
  r->pairs = g_renew (JxAlignPair, g_steal_pointer (&as->pairs), MAX (total, 1));
  r->parent = g_renew (guint32, g_steal_pointer (&as->parent), MAX (total, 1));
  r->n_pairs = total;
}

static void
task_free (gpointer data)
{
  Task *task = data;

  g_clear_pointer (&task->result, jx_hier_alignment_free);
  g_clear_error (&task->error);
  g_free (task);
}

void
_jx_hier_parallel_init (Parallel                 *par,
                        const JxHierTree         *a,
                        const JxHierTree         *b,
                        const JxHierAlignOptions *options,
                        GCancellable             *cancellable)
{
  guint64 total = (guint64) a->n_nodes + b->n_nodes;

  memset (par, 0, sizeof *par);
  par->a = a;
  par->b = b;
  par->options = options;
  par->cancellable = cancellable;
  par->min_size = JX_HIER_MIN_TASK_SIZE;
  /* Enough pieces per thread to balance uneven subtrees. */
  par->max_size = MAX (total / (8 * options->n_threads), 4 * JX_HIER_MIN_TASK_SIZE);
  par->tasks = g_ptr_array_new_with_free_func (task_free);
  g_mutex_init (&par->mutex);
  g_cond_init (&par->cond);
  par->pool = g_thread_pool_new (run_task, NULL, (gint) options->n_threads, FALSE, NULL);
}

gboolean
_jx_hier_parallel_finish (Parallel   *par,
                          HierState  *st,
                          gboolean    ok,
                          GError    **error)
{
  JxHierAlignment *r = st->result;
  GError *task_error = NULL;
  Assembly as = { 0, };
  gboolean assembling = ok && par->tasks->len > 0;
  guint t;

  if (assembling)
    assembly_init (&as, r, par->tasks, par->a, par->b);

  /* Wait for every task, placing finished ones in order and reporting
   * progress meanwhile. */
  g_mutex_lock (&par->mutex);
  for (;;)
    {
      Task *next = assembling && as.next < as.n_tasks ? g_ptr_array_index (par->tasks, as.next) : NULL;

      if (next != NULL && next->done)
        {
          g_mutex_unlock (&par->mutex);
          if (next->result != NULL)
            assembly_place (&as, r, next);
          else
            assembling = FALSE;
          g_mutex_lock (&par->mutex);
          continue;
        }
      if (par->pending == 0)
        break;
      g_cond_wait_until (&par->cond, &par->mutex, g_get_monotonic_time () + G_TIME_SPAN_MILLISECOND * 100);
      if (st->progress != NULL && par->pending > 0)
        {
          g_mutex_unlock (&par->mutex);
          st->progress (_jx_hier_state_total_done (st), st->progress_data);
          g_mutex_lock (&par->mutex);
        }
    }
  g_mutex_unlock (&par->mutex);
  g_thread_pool_free (par->pool, FALSE, TRUE);
  par->pool = NULL;

  for (t = 0; t < par->tasks->len && task_error == NULL; t++)
    {
      Task *task = g_ptr_array_index (par->tasks, t);
      if (task->error != NULL)
        task_error = g_steal_pointer (&task->error);
    }
  if (ok && task_error != NULL)
    {
      g_propagate_error (error, task_error);
      ok = FALSE;
    }
  else
    g_clear_error (&task_error);

  r->n_tasks = par->tasks->len;
  if (ok && assembling)
    assembly_finish (&as, r);
  assembly_clear (&as);
  g_clear_pointer (&par->tasks, g_ptr_array_unref);
  g_mutex_clear (&par->mutex);
  g_cond_clear (&par->cond);
  return ok;
}
