/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-tree-assemble.c — the entry of the merged call tree's build
 * (jx_merged_tree_build): the inputs checked, every call's hashes computed on
 * worker threads, the traversal of jx-merged-tree-build.c run with a pool for
 * middling columns, and the threads' trees spliced into one in pre-order. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-comparison.h"
#include "jx-hash.h"
#include "jx-merged-tree-build-private.h"

/* Both hashes of every call in one backward pass, and the roots' hash. */
static void
hash_stream (Shared *sh,
             guint32 s)
{
  const JxStream *st = sh->stream[s];
  guint32 n = st->n_invocations;
  guint32 *ch = g_new (guint32, MAX (n, 1));
  guint32 *sh_ = g_new (guint32, MAX (n, 1));
  guint32 h = 0x811c9dc5u, count = 0;

  for (guint32 i = n; i > 0; i--)
    {
      guint32 v = i - 1, hc = 0x811c9dc5u, hs = jx_hash_mix32 (sym (sh, s, v) + 0x9e3779b9u), k = 0;

      for (guint32 c = v + 1; c < st->subtree_end[v]; c = st->subtree_end[c])
        {
          hc = (hc ^ jx_hash_mix32 (sym (sh, s, c))) * 0x01000193u;
          hs = (hs ^ sh_[c]) * 0x01000193u;
          k++;
        }
      ch[v] = jx_hash_mix32 (hc + k);
      sh_[v] = jx_hash_mix32 (hs + (st->subtree_end[v] - v));
    }
  for (guint32 c = n > 0 ? 0 : JX_NONE; c != JX_NONE; c = next_sibling (sh, s, c, JX_NONE))
    {
      h = (h ^ jx_hash_mix32 (sym (sh, s, c))) * 0x01000193u;
      count++;
    }
  sh->chash[s] = ch;
  sh->shash[s] = sh_;
  sh->root_hash[s] = jx_hash_mix32 (h + count);
}

typedef struct
{
  Shared *sh;
  guint   next;               /* atomic: the next stream to hash */
} HashWork;

static gpointer
hash_thread (gpointer data)
{
  HashWork *work = data;
  guint s;

  while ((s = (guint) g_atomic_int_add ((gint *) &work->next, 1)) < work->sh->n)
    hash_stream (work->sh, s);
  return NULL;
}


static void
stats_add (JxMergedTreeStats       *to,
           const JxMergedTreeStats *from)
{
  for (guint s = 0; s < JX_MERGED_N_STATES; s++)
    to->by_state[s] += from->by_state[s];
  to->n_sweeps += from->n_sweeps;
  to->n_single += from->n_single;
  to->n_msa += from->n_msa;
  to->n_msa_sequences += from->n_msa_sequences;
  to->max_msa_sequences = MAX (to->max_msa_sequences, from->max_msa_sequences);
  for (guint g = 0; g < 3; g++)
    to->n_guide[g] += from->n_guide[g];
  to->align.calls += from->align.calls;
  for (guint a = 0; a < JX_N_ALGORITHMS; a++)
    to->align.by_algorithm[a] += from->align.by_algorithm[a];
  to->align.special_identical += from->align.special_identical;
  to->align.special_trimmed += from->align.special_trimmed;
  to->align.special_contained += from->align.special_contained;
  to->align.cells += from->align.cells;
  to->align.special_disjoint += from->align.special_disjoint;
  to->align.fast_gave_up += from->align.fast_gave_up;
  to->align.fast_pruned += from->align.fast_pruned;
}

/* Copies node j of builder src to node `to` of the tree. */
static void
copy_node (JxMergedTree  *tree,
           guint32        to,
           const Builder *src,
           guint32        j,
           guint32        parent,
           guint64       *member_at,
           GArray        *diff_nodes,
           GArray        *diff_offsets,
           GArray        *functions,
           guint         *diff_cursor)
{
  tree->parent[to] = parent;
  tree->depth[to] = src->depth[j];
  tree->symbol[to] = src->symbol[j];
  tree->state[to] = src->state[j];
  tree->n_members[to] = src->n_members[j];
  tree->member_offset[to] = *member_at;
  tree->min_seconds[to] = src->min[j];
  tree->median_seconds[to] = src->median[j];
  tree->max_seconds[to] = src->max[j];
  tree->sum_seconds[to] = src->sum[j];
  tree->outlier[to] = src->outlier[j];
  memcpy (tree->members + *member_at, src->members + src->member_offset[j], src->n_members[j] * sizeof (JxMergedMember));
  *member_at += src->n_members[j];
  if (src->state[j] == JX_MERGED_DIFFERENT)
    {
      guint k = (*diff_cursor)++;
      guint32 from = g_array_index (src->different_offset, guint32, k);
      guint32 until = g_array_index (src->different_offset, guint32, k + 1);
      guint32 end;

      g_assert (g_array_index (src->different_node, guint32, k) == j);
      g_array_append_val (diff_nodes, to);
      g_array_append_vals (functions, &g_array_index (src->functions, JxMergedFunction, from), until - from);
      end = functions->len;
      g_array_append_val (diff_offsets, end);
    }
}

/* The calling builder's nodes with every hole replaced by its task's tree,
 * in pre-order. */
static void
splice (JxMergedTree *tree,
        Builder      *b)
{
  g_autofree guint32 *index = g_new (guint32, MAX (b->n_nodes, 1));
  g_autoptr(GArray) diff_nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) diff_offsets = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) functions = g_array_new (FALSE, FALSE, sizeof (JxMergedFunction));
  guint64 n_members = b->n_mem, member_at = 0;
  guint32 n = 0, t = 0, zero = 0;
  guint diff_cursor = 0;

  g_array_append_val (diff_offsets, zero);
  for (guint32 i = 0; i < b->n_nodes; i++)
    {
      index[i] = n;
      if (b->is_hole[i])
        {
          Task *task = g_ptr_array_index (b->tasks, t++);

          g_assert (task->hole == i);
          n += task->builder->n_nodes;
          n_members += task->builder->n_mem;
        }
      else
        n++;
    }

  tree->n_nodes = n;
  tree->parent = g_new (guint32, MAX (n, 1));
  tree->subtree_end = g_new (guint32, MAX (n, 1));
  tree->depth = g_new (guint16, MAX (n, 1));
  tree->symbol = g_new (guint32, MAX (n, 1));
  tree->state = g_new (guint8, MAX (n, 1));
  tree->n_members = g_new (guint32, MAX (n, 1));
  tree->member_offset = g_new (guint64, n + 1);
  tree->min_seconds = g_new (double, MAX (n, 1));
  tree->median_seconds = g_new (double, MAX (n, 1));
  tree->max_seconds = g_new (double, MAX (n, 1));
  tree->sum_seconds = g_new (double, MAX (n, 1));
  tree->outlier = g_new (guint32, MAX (n, 1));
  tree->members = g_new (JxMergedMember, MAX (n_members, 1));

  t = 0;
  for (guint32 i = 0; i < b->n_nodes; i++)
    {
      guint32 parent = b->parent[i] == JX_NONE ? JX_NONE : index[b->parent[i]];

      if (!b->is_hole[i])
        {
          copy_node (tree, index[i], b, i, parent, &member_at, diff_nodes, diff_offsets, functions, &diff_cursor);
          continue;
        }
      {
        Task *task = g_ptr_array_index (b->tasks, t++);
        Builder *tb = task->builder;
        guint tcursor = 0;

        for (guint32 j = 0; j < tb->n_nodes; j++)
          copy_node (tree, index[i] + j, tb, j, tb->parent[j] == JX_NONE ? parent : index[i] + tb->parent[j],
                     &member_at, diff_nodes, diff_offsets, functions, &tcursor);
        stats_add (&tree->stats, &tb->stats);
      }
    }
  tree->member_offset[n] = member_at;
  g_assert (member_at == n_members);
  stats_add (&tree->stats, &b->stats);

  for (guint32 i = 0; i < n; i++)
    tree->subtree_end[i] = i + 1;
  for (guint32 i = n; i > 0; i--)
    if (tree->parent[i - 1] != JX_NONE && tree->subtree_end[tree->parent[i - 1]] < tree->subtree_end[i - 1])
      tree->subtree_end[tree->parent[i - 1]] = tree->subtree_end[i - 1];

  tree->n_different = diff_nodes->len;
  tree->different_node = (guint32 *) g_array_free (g_steal_pointer (&diff_nodes), FALSE);
  tree->different_offset = (guint32 *) g_array_free (g_steal_pointer (&diff_offsets), FALSE);
  tree->functions = (JxMergedFunction *) g_array_free (g_steal_pointer (&functions), FALSE);
}

/* --- Entry ---------------------------------------------------------------------- */

static gboolean
check_inputs (JxTrace *const     *traces,
              guint               n_traces,
              const JxStreamRef  *streams,
              guint               n_streams,
              GError            **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gint64 *keys = g_new (gint64, MAX (n_streams, 1));

  if (n_streams == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", _("no streams to merge"));
      return FALSE;
    }
  for (guint k = 0; k < n_streams; k++)
    {
      const JxStream *st;

      if (streams[k].trace >= n_traces || streams[k].stream >= jx_trace_get_n_streams (traces[streams[k].trace]))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("stream %u of trace %u does not exist"), streams[k].stream, streams[k].trace);
          return FALSE;
        }
      keys[k] = ((gint64) streams[k].trace << 32) | streams[k].stream;
      if (!g_hash_table_add (seen, &keys[k]))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("stream %u of trace %u is given twice"), streams[k].stream, streams[k].trace);
          return FALSE;
        }
      st = jx_trace_get_stream (traces[streams[k].trace], streams[k].stream);
      if (st->flags & JX_STREAM_FLAG_MISSING)
        {
          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                       _("%s: the events of %s / %s could not be read: it has no call tree to merge"),
                       jx_trace_get_path (traces[streams[k].trace]),
                       jx_trace_get_process (traces[streams[k].trace], st->process)->name, st->name);
          return FALSE;
        }
    }
  return TRUE;
}

JxMergedTree *
jx_merged_tree_build (JxTrace *const             *traces,
                      guint                       n_traces,
                      const JxStreamRef          *streams,
                      guint                       n_streams,
                      const JxMergedTreeOptions  *options,
                      JxMergedTreeProgress        progress,
                      gpointer                    progress_data,
                      GCancellable               *cancellable,
                      GError                    **error)
{
  g_autoptr(JxMergedTree) tree = NULL;
  g_autofree guint32 **maps = NULL;
  g_autofree JxMergedMember *roots = NULL;
  JxMergedTreeOptions defaults;
  Shared sh = { 0 };
  Builder *b = NULL;
  GMutex mutex;
  GCond cond;
  guint running = 0, n_threads;
  gint64 t0 = g_get_monotonic_time ();
  gboolean ok;
  GError *local = NULL;

  g_return_val_if_fail (traces != NULL && n_traces > 0, NULL);
  g_return_val_if_fail (streams != NULL || n_streams == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    {
      jx_merged_tree_options_init (&defaults);
      options = &defaults;
    }
  if (!check_inputs (traces, n_traces, streams, n_streams, error))
    return NULL;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  n_threads = options->n_threads > 0 ? options->n_threads : MAX (g_get_num_processors (), 1);

  tree = _jx_merged_tree_new ();
  tree->options = *options;
  tree->n_streams = n_streams;
  tree->streams = g_memdup2 (streams, n_streams * sizeof (JxStreamRef));
  tree->stream_names = g_new0 (char *, n_streams + 1);
  tree->trace_names = g_new0 (char *, n_streams + 1);
  tree->n_invocations = g_new (guint32, n_streams);

  maps = g_new0 (guint32 *, n_traces);
  sh.n = n_streams;
  sh.stream = g_new (const JxStream *, n_streams);
  sh.map = g_new (const guint32 *, n_streams);
  sh.spt = g_new (double, n_streams);
  sh.chash = g_new0 (guint32 *, n_streams);
  sh.shash = g_new0 (guint32 *, n_streams);
  sh.root_hash = g_new (guint32, n_streams);
  sh.options = options;
  sh.names = tree->names;
  sh.cancellable = cancellable;
  for (guint k = 0; k < n_streams; k++)
    {
      JxTrace *trace = traces[streams[k].trace];
      const JxStream *st = jx_trace_get_stream (trace, streams[k].stream);

      if (maps[streams[k].trace] == NULL)
        maps[streams[k].trace] = jx_name_table_map_trace (tree->names, trace);
      sh.stream[k] = st;
      sh.map[k] = maps[streams[k].trace];
      sh.spt[k] = jx_trace_ticks_to_seconds (trace, 1);
      sh.total += st->n_invocations;
      tree->stream_names[k] = g_strdup_printf ("%s / %s", jx_trace_get_process (trace, st->process)->name, st->name);
      tree->trace_names[k] = g_strdup (jx_trace_get_name (trace));
      tree->n_invocations[k] = st->n_invocations;
    }
  tree->stats.n_invocations = sh.total;
  sh.task_max = n_threads > 1 ? sh.total / (n_threads * TASK_SHARE) : 0;

  /* Stage 1: the hashes that group equal sequences and subtrees. */
  {
    HashWork work = { &sh, 0 };
    g_autoptr(GPtrArray) threads = g_ptr_array_new ();

    for (guint t = 1; t < MIN (n_threads, n_streams); t++)
      {
        GThread *thread = g_thread_try_new ("jx-merged-hash", hash_thread, &work, NULL);

        if (thread != NULL)
          g_ptr_array_add (threads, thread);
      }
    hash_thread (&work);
    for (guint t = 0; t < threads->len; t++)
      g_thread_join (g_ptr_array_index (threads, t));
  }

  g_mutex_init (&mutex);
  g_cond_init (&cond);
  b = _jx_merged_builder_new (&sh);
  b->progress = progress;
  b->progress_data = progress_data;
  b->tasks = g_ptr_array_new_with_free_func (_jx_merged_builder_task_free);
  b->mutex = &mutex;
  b->cond = &cond;
  b->running = &running;
  if (n_threads > 1 && sh.task_max >= TASK_MIN_SIZE)
    b->pool = g_thread_pool_new (_jx_merged_builder_task_run, b, (gint) n_threads, FALSE, NULL);

  /* The virtual root: the streams' top-level sequences. */
  roots = g_new (JxMergedMember, n_streams);
  for (guint k = 0; k < n_streams; k++)
    roots[k] = (JxMergedMember) { k, JX_NONE };
  ok = _jx_merged_builder_expand (b, JX_NONE, roots, n_streams, 0, &local) && _jx_merged_builder_run (b, &local);

  if (b->pool != NULL)
    {
      g_mutex_lock (&mutex);
      while (running > 0)
        {
          gint64 until = g_get_monotonic_time () + G_TIME_SPAN_SECOND / 10;

          g_cond_wait_until (&cond, &mutex, until);
          if (progress != NULL)
            {
              g_mutex_unlock (&mutex);
              progress ((guint64) g_atomic_pointer_get (&sh.done), sh.total, progress_data);
              g_mutex_lock (&mutex);
            }
        }
      g_mutex_unlock (&mutex);
      g_thread_pool_free (b->pool, FALSE, TRUE);
      b->pool = NULL;
    }
  for (guint t = 0; ok && t < b->tasks->len; t++)
    {
      Task *task = g_ptr_array_index (b->tasks, t);

      if (task->error != NULL)
        {
          ok = FALSE;
          g_propagate_error (&local, g_steal_pointer (&task->error));
        }
    }
  if (ok)
    {
      tree->stats.n_tasks = b->tasks->len;
      splice (tree, b);
      _jx_merged_tree_seal (tree);
    }

  _jx_merged_builder_free (b);
  g_mutex_clear (&mutex);
  g_cond_clear (&cond);
  for (guint k = 0; k < n_streams; k++)
    {
      g_free (sh.chash[k]);
      g_free (sh.shash[k]);
    }
  for (guint t = 0; t < n_traces; t++)
    g_free (maps[t]);
  g_free (sh.stream);
  g_free (sh.map);
  g_free (sh.spt);
  g_free (sh.chash);
  g_free (sh.shash);
  g_free (sh.root_hash);

  if (!ok)
    {
      g_propagate_error (error, local);
      return NULL;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  tree->stats.elapsed = (g_get_monotonic_time () - t0) / 1e6;
  if (progress != NULL)
    progress (sh.total, sh.total, progress_data);
  return g_steal_pointer (&tree);
}
