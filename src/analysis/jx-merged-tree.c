/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-tree.c — the merged call tree as a result: accessors, queries,
 * the asynchronous build. The build itself is jx-merged-tree-build.c. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-merged-tree-private.h"

G_DEFINE_BOXED_TYPE (JxMergedTree, jx_merged_tree, jx_merged_tree_ref, jx_merged_tree_unref)

const char *
jx_merged_state_to_string (JxMergedState state)
{
  switch (state)
    {
    case JX_MERGED_EQUAL:
      return "equal";
    case JX_MERGED_GAP:
      return "gap";
    case JX_MERGED_DIFFERENT:
      return "different";
    case JX_MERGED_N_STATES:
    default:
      return "unknown";
    }
}

void
jx_merged_tree_options_init (JxMergedTreeOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  jx_msa_options_init (&options->msa);
  options->n_threads = 0;
}

JxMergedTree *
_jx_merged_tree_new (void)
{
  JxMergedTree *self = g_new0 (JxMergedTree, 1);

  g_atomic_ref_count_init (&self->ref);
  self->names = jx_name_table_new ();
  return self;
}

void
_jx_merged_tree_seal (JxMergedTree *self)
{
  self->nodes = (JxMergedNodes) {
    self->n_nodes, self->parent, self->subtree_end, self->depth, self->symbol, self->state,
    self->n_members, self->member_offset, self->min_seconds, self->median_seconds, self->max_seconds,
    self->sum_seconds, self->outlier,
  };
}

JxMergedTree *
jx_merged_tree_ref (JxMergedTree *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
jx_merged_tree_unref (JxMergedTree *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref))
    return;
  g_free (self->parent);
  g_free (self->subtree_end);
  g_free (self->depth);
  g_free (self->symbol);
  g_free (self->state);
  g_free (self->n_members);
  g_free (self->member_offset);
  g_free (self->min_seconds);
  g_free (self->median_seconds);
  g_free (self->max_seconds);
  g_free (self->sum_seconds);
  g_free (self->outlier);
  g_free (self->members);
  g_free (self->different_node);
  g_free (self->different_offset);
  g_free (self->functions);
  g_free (self->streams);
  g_strfreev (self->stream_names);
  g_strfreev (self->trace_names);
  g_free (self->n_invocations);
  jx_name_table_free (self->names);
  g_free (self);
}

const JxMergedNodes *
jx_merged_tree_get_nodes (JxMergedTree *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->nodes;
}

const JxMergedTreeStats *
jx_merged_tree_get_stats (JxMergedTree *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->stats;
}

const JxMergedTreeOptions *
jx_merged_tree_get_options (JxMergedTree *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->options;
}

guint
jx_merged_tree_get_n_streams (JxMergedTree *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_streams;
}

JxStreamRef
jx_merged_tree_get_stream (JxMergedTree *self,
                           guint         stream)
{
  JxStreamRef none = { JX_NONE, JX_NONE };

  g_return_val_if_fail (self != NULL, none);
  g_return_val_if_fail (stream < self->n_streams, none);
  return self->streams[stream];
}

const char *
jx_merged_tree_get_stream_name (JxMergedTree *self,
                                guint         stream)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (stream < self->n_streams, NULL);
  return self->stream_names[stream];
}

const char *
jx_merged_tree_get_trace_name (JxMergedTree *self,
                               guint         stream)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (stream < self->n_streams, NULL);
  return self->trace_names[stream];
}

const char *
jx_merged_tree_get_symbol_name (JxMergedTree *self,
                                guint32       symbol)
{
  g_return_val_if_fail (self != NULL, NULL);
  return jx_name_table_get_name (self->names, symbol);
}

const JxMergedMember *
jx_merged_tree_get_members (JxMergedTree *self,
                            guint32       node,
                            guint        *n)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (node < self->n_nodes, NULL);

  if (n != NULL)
    *n = self->n_members[node];
  return self->members + self->member_offset[node];
}

guint32
jx_merged_tree_find_member (JxMergedTree *self,
                            guint32       node,
                            guint32       stream)
{
  const JxMergedMember *m;
  guint lo = 0, hi;

  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (node < self->n_nodes, JX_NONE);

  /* Members are in stream order. */
  m = self->members + self->member_offset[node];
  hi = self->n_members[node];
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (m[mid].stream < stream)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < self->n_members[node] && m[lo].stream == stream ? m[lo].invocation : JX_NONE;
}

GArray *
jx_merged_tree_get_functions (JxMergedTree *self,
                              guint32       node)
{
  GArray *out;
  guint lo = 0, hi;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (node < self->n_nodes, NULL);

  out = g_array_new (FALSE, FALSE, sizeof (JxMergedFunction));
  if (self->state[node] != JX_MERGED_DIFFERENT)
    {
      JxMergedFunction f = { self->symbol[node], self->n_members[node] };

      g_array_append_val (out, f);
      return out;
    }
  hi = self->n_different;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (self->different_node[mid] < node)
        lo = mid + 1;
      else
        hi = mid;
    }
  g_assert (lo < self->n_different && self->different_node[lo] == node);
  g_array_append_vals (out, self->functions + self->different_offset[lo],
                       self->different_offset[lo + 1] - self->different_offset[lo]);
  return out;
}

char *
jx_merged_tree_get_path (JxMergedTree *self,
                         guint32       node)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (node < self->n_nodes, NULL);

  for (guint32 n = node; n != JX_NONE; n = self->parent[n])
    {
      g_autoptr(GArray) functions = jx_merged_tree_get_functions (self, n);
      GString *name = g_string_new (NULL);

      for (guint i = 0; i < functions->len; i++)
        {
          if (i > 0)
            g_string_append_c (name, '|');
          g_string_append (name, jx_name_table_get_name (self->names, g_array_index (functions, JxMergedFunction, i).symbol));
        }
      g_ptr_array_add (parts, g_string_free (name, FALSE));
    }
  for (guint i = parts->len; i > 0; i--)
    {
      if (i < parts->len)
        g_string_append (out, " / ");
      g_string_append (out, g_ptr_array_index (parts, i - 1));
    }
  return g_string_free (out, FALSE);
}

guint32 *
jx_merged_tree_map_stream (JxMergedTree *self,
                           guint32       stream)
{
  guint32 *map;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (stream < self->n_streams, NULL);

  map = g_new (guint32, MAX (self->n_invocations[stream], 1));
  for (guint32 i = 0; i < self->n_invocations[stream]; i++)
    map[i] = JX_NONE;
  for (guint32 node = 0; node < self->n_nodes; node++)
    {
      guint32 inv = jx_merged_tree_find_member (self, node, stream);

      if (inv != JX_NONE)
        map[inv] = node;
    }
  return map;
}

static int
compare_stream_ref (const void *pa,
                    const void *pb)
{
  const JxStreamRef *a = pa, *b = pb;

  if (a->trace != b->trace)
    return a->trace < b->trace ? -1 : 1;
  return a->stream < b->stream ? -1 : (a->stream > b->stream ? 1 : 0);
}

JxStreamRef *
jx_merged_tree_streams_of_cluster (JxClustering *clustering,
                                   guint         cluster,
                                   guint        *n)
{
  JxSignatureSet *set;
  const JxCluster *c;
  const guint32 *members;
  JxStreamRef *out;
  guint n_members;

  g_return_val_if_fail (clustering != NULL, NULL);
  g_return_val_if_fail (cluster < jx_clustering_get_n_clusters (clustering), NULL);

  set = jx_clustering_get_signatures (clustering);
  c = jx_clustering_get_cluster (clustering, cluster);
  members = jx_clustering_get_members (clustering, &n_members);
  out = g_new (JxStreamRef, MAX (c->size, 1));
  for (guint m = 0; m < c->size; m++)
    {
      guint32 sig = members[c->first + m];

      out[m] = (JxStreamRef) { jx_signature_set_get_trace_of (set, sig), jx_signature_set_get_stream_of (set, sig) };
    }
  /* In trace and stream order: the window and the CLI merge the same
   * streams in the same order, so they build the same tree. */
  qsort (out, c->size, sizeof (JxStreamRef), compare_stream_ref);
  if (n != NULL)
    *n = c->size;
  return out;
}

/* --- Asynchronous build ---------------------------------------------------------- */

typedef struct
{
  gatomicrefcount      ref;
  GPtrArray           *traces;
  JxStreamRef         *streams;
  guint                n_streams;
  JxMergedTreeOptions  options;
  JxMergedTreeProgress progress;
  gpointer             progress_data;
  GMainContext        *context;
  gint                 pending;       /* atomic: a progress report is queued */
  GMutex               mutex;         /* guards done and total */
  guint64              done;
  guint64              total;
} AsyncData;

static AsyncData *
async_data_ref (AsyncData *data)
{
  g_atomic_ref_count_inc (&data->ref);
  return data;
}

static void
async_data_unref (gpointer p)
{
  AsyncData *data = p;

  if (!g_atomic_ref_count_dec (&data->ref))
    return;
  g_ptr_array_unref (data->traces);
  g_free (data->streams);
  g_clear_pointer (&data->context, g_main_context_unref);
  g_mutex_clear (&data->mutex);
  g_free (data);
}

static gboolean
progress_idle (gpointer p)
{
  AsyncData *data = p;
  guint64 done, total;

  g_atomic_int_set (&data->pending, 0);
  g_mutex_lock (&data->mutex);
  done = data->done;
  total = data->total;
  g_mutex_unlock (&data->mutex);
  data->progress (done, total, data->progress_data);
  return G_SOURCE_REMOVE;
}

static void
worker_progress (guint64  done,
                 guint64  total,
                 gpointer p)
{
  AsyncData *data = p;
  GSource *source;

  g_mutex_lock (&data->mutex);
  data->done = done;
  data->total = total;
  g_mutex_unlock (&data->mutex);
  if (!g_atomic_int_compare_and_exchange (&data->pending, 0, 1))
    return;
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, progress_idle, async_data_ref (data), async_data_unref);
  g_source_attach (source, data->context);
  g_source_unref (source);
}

static void
build_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  AsyncData *data = task_data;
  GError *error = NULL;
  JxMergedTree *tree;

  tree = jx_merged_tree_build ((JxTrace *const *) data->traces->pdata, data->traces->len, data->streams, data->n_streams,
                               &data->options, data->progress != NULL ? worker_progress : NULL, data, cancellable,
                               &error);
  if (tree == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tree, (GDestroyNotify) jx_merged_tree_unref);
}

void
jx_merged_tree_build_async (JxTrace *const             *traces,
                            guint                       n_traces,
                            const JxStreamRef          *streams,
                            guint                       n_streams,
                            const JxMergedTreeOptions  *options,
                            GCancellable               *cancellable,
                            JxMergedTreeProgress        progress,
                            gpointer                    progress_data,
                            GAsyncReadyCallback         callback,
                            gpointer                    user_data)
{
  g_autoptr(GTask) task = NULL;
  AsyncData *data;

  g_return_if_fail (traces != NULL && n_traces > 0);
  g_return_if_fail (streams != NULL || n_streams == 0);

  data = g_new0 (AsyncData, 1);
  g_atomic_ref_count_init (&data->ref);
  g_mutex_init (&data->mutex);
  data->traces = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint t = 0; t < n_traces; t++)
    g_ptr_array_add (data->traces, g_object_ref (traces[t]));
  data->streams = g_memdup2 (streams, sizeof (JxStreamRef) * MAX (n_streams, 1));
  data->n_streams = n_streams;
  if (options != NULL)
    data->options = *options;
  else
    jx_merged_tree_options_init (&data->options);
  data->progress = progress;
  data->progress_data = progress_data;
  data->context = g_main_context_ref_thread_default ();

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, jx_merged_tree_build_async);
  g_task_set_task_data (task, data, async_data_unref);
  g_task_run_in_thread (task, build_thread);
}

JxMergedTree *
jx_merged_tree_build_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
