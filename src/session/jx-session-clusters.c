/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-clusters.c — see jx-session-clusters.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-session-clusters.h"
#include "jx-session-job.h"
#include "jx-stream-groups.h"

struct _JxSessionClusters
{
  GObject        parent_instance;

  GListModel    *items;            /* weak */
  GPtrArray     *watched;          /* JxSessionTrace whose "state" we follow */
  JxSessionJob   job;
  gboolean       wanted;
  double         threshold;        /* 0 = exact groups only */
  JxClustering  *clustering;
  GPtrArray     *result_items;     /* JxSessionTrace per trace of the result (weak refs) */
  GPtrArray     *result_traces;    /* JxTrace per trace of the result (strong: the set points at them) */
  GError        *error;
  guint          selected;
  GHashTable    *masks;            /* JxTrace* -> guint8[n_streams] of the selected cluster */
  /* The merged call tree of the selected cluster (jx-session-cluster-tree.c). */
  JxSessionJob   tree_job;
  JxMergedTree  *tree;
  GError        *tree_error;
  GArray        *custom_refs;      /* JxStreamRef: the streams merged instead of a cluster; NULL = none */
  double         tree_progress;
  JxScoring      scoring;          /* of the merged trees' alignments (the comparisons') */
};

G_DEFINE_FINAL_TYPE (JxSessionClusters, jx_session_clusters, G_TYPE_OBJECT)

enum { PROP_0, PROP_WANTED, PROP_THRESHOLD, PROP_RUNNING, PROP_N_CLUSTERS, PROP_SELECTED, PROP_TREE_RUNNING, PROP_TREE_PROGRESS,
       N_PROPS };
enum { CHANGED, TREE_CHANGED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

typedef struct
{
  GPtrArray *traces;               /* JxTrace, strong */
  GPtrArray *items;                /* JxSessionTrace, strong: for the result's lookups */
  double     threshold;
} RunInput;

static void
run_input_free (gpointer data)
{
  RunInput *in = data;

  g_ptr_array_unref (in->traces);
  g_ptr_array_unref (in->items);
  g_free (in);
}

static void
cluster_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  RunInput *in = data;
  GError *error = NULL;
  JxClusterOptions options;
  JxClustering *clustering;

  jx_cluster_options_init (&options);
  options.threshold = in->threshold;
  clustering = jx_clustering_new_for_traces ((JxTrace *const *) in->traces->pdata, in->traces->len,
                                             &options, cancellable, &error);
  if (clustering == NULL)
    {
      if (error == NULL)
        error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, clustering, (GDestroyNotify) jx_clustering_free);
}

/* The result's items are kept without references: forget one that goes. */
static gboolean
item_in_model (JxSessionClusters *self,
               gpointer           item)
{
  for (guint i = 0; self->items != NULL && i < g_list_model_get_n_items (self->items); i++)
    {
      g_autoptr(GObject) it = g_list_model_get_item (self->items, i);

      if (it == item)
        return TRUE;
    }
  return FALSE;
}

static void start_tree (JxSessionClusters *self);

/* Each item's folding learns its streams' clusters (for "Fold by Cluster",
 * the clusters grouping: jx-stream-groups.h); items outside the result
 * learn there are none. */
static void
push_clusters (JxSessionClusters *self)
{
  for (guint i = 0; self->items != NULL && i < g_list_model_get_n_items (self->items); i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (self->items, i);
      JxTrace *trace = jx_session_trace_get_trace (item);
      g_autofree guint32 *cluster_of = NULL;
      guint n = 0;

      for (guint t = 0; trace != NULL && self->clustering != NULL && t < self->result_traces->len; t++)
        if (g_ptr_array_index (self->result_traces, t) == trace)
          {
            JxSignatureSet *set = jx_clustering_get_signatures (self->clustering);

            n = jx_trace_get_n_streams (trace);
            cluster_of = g_new (guint32, MAX (n, 1));
            for (guint32 s = 0; s < n; s++)
              {
                guint32 sig = jx_signature_set_index (set, t, s);

                cluster_of[s] = sig != JX_NONE ? jx_clustering_get_cluster_of (self->clustering, sig) : JX_NONE;
              }
            break;
          }
      jx_trace_folding_set_clusters (jx_session_trace_get_folding (item), cluster_of, n);
    }
}

static void
clear_masks (JxSessionClusters *self)
{
  g_hash_table_remove_all (self->masks);
}

static void
set_result (JxSessionClusters *self,
            JxClustering      *clustering,
            GPtrArray         *items,
            GPtrArray         *traces,
            GError            *error)
{
  guint old_selected = self->selected;

  g_clear_pointer (&self->clustering, jx_clustering_free);
  g_clear_pointer (&self->result_items, g_ptr_array_unref);
  g_clear_pointer (&self->result_traces, g_ptr_array_unref);
  g_clear_error (&self->error);
  self->clustering = clustering;
  self->error = error;
  if (items != NULL)
    {
      self->result_items = g_ptr_array_new ();
      for (guint i = 0; i < items->len; i++)
        {
          gpointer item = g_ptr_array_index (items, i);

          g_ptr_array_add (self->result_items, item_in_model (self, item) ? item : NULL);
        }
      self->result_traces = g_ptr_array_ref (traces);
    }
  self->selected = JX_SESSION_CLUSTERS_NONE;
  g_clear_pointer (&self->custom_refs, g_array_unref);
  clear_masks (self);
  start_tree (self);
  push_clusters (self);
  g_signal_emit (self, signals[CHANGED], 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CLUSTERS]);
  if (old_selected != JX_SESSION_CLUSTERS_NONE)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

static void
cluster_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(JxSessionClusters) self = user_data;
  GCancellable *run = g_task_get_cancellable (G_TASK (result));
  RunInput *in = g_task_get_task_data (G_TASK (result));
  GError *error = NULL;
  JxClustering *clustering = g_task_propagate_pointer (G_TASK (result), &error);

  if (!jx_session_job_finish (&self->job, run))
    {
      g_clear_pointer (&clustering, jx_clustering_free);
      g_clear_error (&error);
      return;
    }
  set_result (self, clustering, in->items, in->traces, error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
start (JxSessionClusters *self)
{
  g_autoptr(GTask) task = NULL;
  gboolean was_running = jx_session_job_is_running (&self->job);
  RunInput *in;

  if (!self->wanted || self->items == NULL)
    return;
  in = g_new0 (RunInput, 1);
  in->threshold = self->threshold;
  in->traces = g_ptr_array_new_with_free_func (g_object_unref);
  in->items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < g_list_model_get_n_items (self->items); i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (self->items, i);
      JxTrace *trace = jx_session_trace_get_trace (item);

      if (jx_session_trace_get_state (item) != JX_SESSION_TRACE_LOADED || trace == NULL)
        continue;
      g_ptr_array_add (in->traces, g_object_ref (trace));
      g_ptr_array_add (in->items, g_object_ref (item));
    }
  if (in->traces->len == 0)
    {
      run_input_free (in);
      jx_session_job_cancel (&self->job);
      set_result (self, NULL, NULL, NULL, NULL);
      if (was_running)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
      return;
    }
  /* The inputs changed: the last result no longer holds. */
  if (self->clustering != NULL || self->error != NULL)
    set_result (self, NULL, NULL, NULL, NULL);
  task = g_task_new (NULL, jx_session_job_start (&self->job), cluster_done, g_object_ref (self));
  g_task_set_source_tag (task, start);
  g_task_set_task_data (task, in, run_input_free);
  g_task_run_in_thread (task, cluster_thread);
  if (!was_running)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
on_item_state (JxSessionClusters *self)
{
  start (self);
}

static void
watch_items (JxSessionClusters *self)
{
  for (guint i = 0; i < self->watched->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->watched, i), self);
  g_ptr_array_set_size (self->watched, 0);
  for (guint i = 0; self->items != NULL && i < g_list_model_get_n_items (self->items); i++)
    {
      JxSessionTrace *item = g_list_model_get_item (self->items, i);

      g_signal_connect_swapped (item, "notify::state", G_CALLBACK (on_item_state), self);
      g_ptr_array_add (self->watched, item);
    }
}

static void
on_items_changed (GListModel        *items,
                  guint              position,
                  guint              removed,
                  guint              added,
                  JxSessionClusters *self)
{
  if (self->result_items != NULL)
    for (guint i = 0; i < self->result_items->len; i++)
      if (!item_in_model (self, g_ptr_array_index (self->result_items, i)))
        self->result_items->pdata[i] = NULL;
  watch_items (self);
  if (removed > 0 || added > 0)
    start (self);
}

void
jx_session_clusters_set_wanted (JxSessionClusters *self,
                                gboolean           wanted)
{
  g_return_if_fail (JX_IS_SESSION_CLUSTERS (self));

  wanted = !!wanted;
  if (self->wanted == wanted)
    return;
  self->wanted = wanted;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WANTED]);
  if (wanted && self->clustering == NULL)
    start (self);
}

void
jx_session_clusters_set_threshold (JxSessionClusters *self,
                                   double             threshold)
{
  g_return_if_fail (JX_IS_SESSION_CLUSTERS (self));
  g_return_if_fail (threshold >= 0.0 && threshold <= 1.0);

  if (self->threshold == threshold)
    return;
  self->threshold = threshold;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THRESHOLD]);
  start (self);
}

/* The scores of the merged trees' alignments: a shown tree is built again
 * with new ones (the session passes the comparisons' scores on). */
void
jx_session_clusters_set_scoring (JxSessionClusters *self,
                                 const JxScoring   *scoring)
{
  g_return_if_fail (JX_IS_SESSION_CLUSTERS (self));
  g_return_if_fail (scoring != NULL);

  if (jx_scoring_equal (&self->scoring, scoring))
    return;
  self->scoring = *scoring;
  if (self->tree != NULL || jx_session_job_is_running (&self->tree_job))
    start_tree (self);
}

const JxScoring *
jx_session_clusters_get_scoring (JxSessionClusters *self)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), NULL);
  return &self->scoring;
}

double
jx_session_clusters_get_threshold (JxSessionClusters *self)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), 0.0);
  return self->threshold;
}

gboolean
jx_session_clusters_get_wanted (JxSessionClusters *self)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), FALSE);
  return self->wanted;
}

gboolean
jx_session_clusters_get_running (JxSessionClusters *self)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), FALSE);
  return jx_session_job_is_running (&self->job);
}

JxClustering *
jx_session_clusters_get_clustering (JxSessionClusters *self,
                                    const GError     **error)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), NULL);

  if (error != NULL)
    *error = self->error;
  return self->clustering;
}

guint
jx_session_clusters_get_n_clusters (JxSessionClusters *self)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), 0);
  return self->clustering != NULL ? jx_clustering_get_n_clusters (self->clustering) : 0;
}

JxSessionTrace *
jx_session_clusters_get_item_of (JxSessionClusters *self,
                                 guint32            signature)
{
  JxSignatureSet *set;
  guint t;

  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), NULL);

  if (self->clustering == NULL)
    return NULL;
  set = jx_clustering_get_signatures (self->clustering);
  g_return_val_if_fail (signature < jx_signature_set_get_size (set), NULL);
  t = jx_signature_set_get_trace_of (set, signature);
  return t < self->result_items->len ? g_ptr_array_index (self->result_items, t) : NULL;
}

char *
jx_session_clusters_dup_stream_name (JxSessionClusters *self,
                                     guint32            signature)
{
  JxSignatureSet *set;
  JxTrace *trace;
  const JxStream *stream;

  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), NULL);
  g_return_val_if_fail (self->clustering != NULL, NULL);

  set = jx_clustering_get_signatures (self->clustering);
  trace = jx_signature_set_get_trace (set, jx_signature_set_get_trace_of (set, signature));
  stream = jx_trace_get_stream (trace, jx_signature_set_get_stream_of (set, signature));
  if (stream->process != JX_NONE && stream->process < jx_trace_get_n_processes (trace))
    /* TRANSLATORS: a thread of a process of a trace, e.g. "run-64 · MPI Rank 3 / Master thread" */
    return g_strdup_printf (_("%s · %s / %s"), jx_trace_get_name (trace),
                            jx_trace_get_process (trace, stream->process)->name, stream->name);
  /* TRANSLATORS: a stream of a trace, e.g. "run-64 · CUDA[0:7]" */
  return g_strdup_printf (_("%s · %s"), jx_trace_get_name (trace), stream->name);
}

guint
jx_session_clusters_get_selected (JxSessionClusters *self)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), JX_SESSION_CLUSTERS_NONE);
  return self->selected;
}

void
jx_session_clusters_set_selected (JxSessionClusters *self,
                                  guint              cluster)
{
  const guint32 *members;
  const JxCluster *c;
  JxSignatureSet *set;
  guint n_members;

  g_return_if_fail (JX_IS_SESSION_CLUSTERS (self));
  g_return_if_fail (cluster == JX_SESSION_CLUSTERS_NONE || cluster < jx_session_clusters_get_n_clusters (self));

  if (self->selected == cluster && (self->custom_refs == NULL || cluster == JX_SESSION_CLUSTERS_NONE))
    return;
  g_clear_pointer (&self->custom_refs, g_array_unref);
  self->selected = cluster;
  clear_masks (self);
  if (cluster != JX_SESSION_CLUSTERS_NONE)
    {
      members = jx_clustering_get_members (self->clustering, &n_members);
      c = jx_clustering_get_cluster (self->clustering, cluster);
      set = jx_clustering_get_signatures (self->clustering);
      g_assert (c->first + c->size <= n_members);
      for (guint m = 0; m < c->size; m++)
        {
          guint32 sig = members[c->first + m];
          JxTrace *trace = jx_signature_set_get_trace (set, jx_signature_set_get_trace_of (set, sig));
          guint8 *mask = g_hash_table_lookup (self->masks, trace);

          if (mask == NULL)
            {
              mask = g_new0 (guint8, MAX (jx_trace_get_n_streams (trace), 1));
              g_hash_table_insert (self->masks, trace, mask);
            }
          mask[jx_signature_set_get_stream_of (set, sig)] = 1;
        }
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
  start_tree (self);
}

const guint8 *
jx_session_clusters_get_stream_mask (JxSessionClusters *self,
                                     JxTrace           *trace)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), NULL);
  return trace != NULL ? g_hash_table_lookup (self->masks, trace) : NULL;
}

/* --- The merged call tree of the selected cluster ------------------------------------ */

typedef struct
{
  JxSessionClusters *self;         /* strong until the run ends */
  GCancellable      *run;
} TreeRun;

static void
tree_progress (guint64  done,
               guint64  total,
               gpointer data)
{
  TreeRun *r = data;
  double fraction = total > 0 ? CLAMP ((double) done / (double) total, 0.0, 1.0) : 0.0;

  if (r->run != r->self->tree_job.current || fraction == r->self->tree_progress)
    return;
  r->self->tree_progress = fraction;
  g_object_notify_by_pspec (G_OBJECT (r->self), properties[PROP_TREE_PROGRESS]);
}

static void
set_tree (JxSessionClusters *self,
          JxMergedTree      *tree,
          GError            *error)
{
  g_clear_pointer (&self->tree, jx_merged_tree_unref);
  g_clear_error (&self->tree_error);
  self->tree = tree;
  self->tree_error = error;
  g_signal_emit (self, signals[TREE_CHANGED], 0);
}

static void
tree_done (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  TreeRun *r = data;
  g_autoptr(JxSessionClusters) self = r->self;
  g_autoptr(GCancellable) run = r->run;
  GError *error = NULL;
  JxMergedTree *tree = jx_merged_tree_build_finish (result, &error);

  g_free (r);
  if (!jx_session_job_finish (&self->tree_job, run))
    {
      g_clear_pointer (&tree, jx_merged_tree_unref);
      g_clear_error (&error);
      return;
    }
  if (tree != NULL && self->tree_progress != 1.0)
    {
      self->tree_progress = 1.0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TREE_PROGRESS]);
    }
  set_tree (self, tree, error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TREE_RUNNING]);
}

/* The selection changed (or the clustering under it): the tree of the new
 * pick, in a thread; the old one goes at once. */
static void
start_tree (JxSessionClusters *self)
{
  gboolean was_running = jx_session_job_is_running (&self->tree_job);
  g_autofree JxStreamRef *refs = NULL;
  TreeRun *r;
  guint n = 0;

  jx_session_job_cancel (&self->tree_job);
  if (self->tree != NULL || self->tree_error != NULL)
    set_tree (self, NULL, NULL);
  self->tree_progress = 0.0;
  if (self->custom_refs != NULL && self->clustering != NULL)
    {
      n = self->custom_refs->len;
      refs = g_memdup2 (self->custom_refs->data, MAX (n, 1) * sizeof (JxStreamRef));
    }
  else if (self->selected != JX_SESSION_CLUSTERS_NONE && self->clustering != NULL)
    refs = jx_merged_tree_streams_of_cluster (self->clustering, self->selected, &n);
  if (refs != NULL)
    {
      JxMergedTreeOptions options;

      jx_merged_tree_options_init (&options);
      options.msa.align.scoring = self->scoring;
      r = g_new0 (TreeRun, 1);
      r->self = g_object_ref (self);
      r->run = g_object_ref (jx_session_job_start (&self->tree_job));
      jx_merged_tree_build_async ((JxTrace *const *) self->result_traces->pdata, self->result_traces->len, refs, n,
                                  &options, r->run, tree_progress, r, tree_done, r);
    }
  if (was_running != jx_session_job_is_running (&self->tree_job))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TREE_RUNNING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TREE_PROGRESS]);
}

guint
jx_session_clusters_merge_streams (JxSessionClusters  *self,
                                   const char * const *names)
{
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (JxStreamRef));
  guint old_selected;

  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), 0);

  if (self->clustering == NULL || names == NULL)
    return 0;
  for (guint t = 0; t < self->result_traces->len; t++)
    {
      JxTrace *trace = g_ptr_array_index (self->result_traces, t);

      for (guint32 s = 0; s < jx_trace_get_n_streams (trace); s++)
        {
          g_autofree char *key = jx_stream_groups_stream_key (trace, s);

          if (g_strv_contains (names, key) &&
              !(jx_trace_get_stream (trace, s)->flags & JX_STREAM_FLAG_MISSING))
            g_array_append_val (refs, ((JxStreamRef) { t, s }));
        }
    }
  if (refs->len == 0)
    return 0;
  old_selected = self->selected;
  self->selected = JX_SESSION_CLUSTERS_NONE;
  g_clear_pointer (&self->custom_refs, g_array_unref);
  self->custom_refs = g_array_ref (refs);
  clear_masks (self);
  for (guint i = 0; i < refs->len; i++)
    {
      JxStreamRef ref = g_array_index (refs, JxStreamRef, i);
      JxTrace *trace = g_ptr_array_index (self->result_traces, ref.trace);
      guint8 *mask = g_hash_table_lookup (self->masks, trace);

      if (mask == NULL)
        {
          mask = g_new0 (guint8, MAX (jx_trace_get_n_streams (trace), 1));
          g_hash_table_insert (self->masks, trace, mask);
        }
      mask[ref.stream] = 1;
    }
  if (old_selected != JX_SESSION_CLUSTERS_NONE)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
  start_tree (self);
  return refs->len;
}

gboolean
jx_session_clusters_get_tree_is_streams (JxSessionClusters *self)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), FALSE);
  return self->custom_refs != NULL;
}

gboolean
jx_session_clusters_get_tree_running (JxSessionClusters *self)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), FALSE);
  return jx_session_job_is_running (&self->tree_job);
}

double
jx_session_clusters_get_tree_progress (JxSessionClusters *self)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), 0.0);
  return self->tree_progress;
}

JxMergedTree *
jx_session_clusters_get_tree (JxSessionClusters *self,
                              const GError     **error)
{
  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), NULL);

  if (error != NULL)
    *error = self->tree_error;
  return self->tree;
}

JxSessionTrace *
jx_session_clusters_get_tree_item (JxSessionClusters *self,
                                   guint              stream)
{
  JxStreamRef ref;

  g_return_val_if_fail (JX_IS_SESSION_CLUSTERS (self), NULL);
  g_return_val_if_fail (self->tree != NULL && stream < jx_merged_tree_get_n_streams (self->tree), NULL);

  ref = jx_merged_tree_get_stream (self->tree, stream);
  return self->result_items != NULL && ref.trace < self->result_items->len
         ? g_ptr_array_index (self->result_items, ref.trace) : NULL;
}

static void
jx_session_clusters_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  JxSessionClusters *self = JX_SESSION_CLUSTERS (object);

  switch (prop_id)
    {
    case PROP_WANTED:
      g_value_set_boolean (value, self->wanted);
      break;
    case PROP_THRESHOLD:
      g_value_set_double (value, self->threshold);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, jx_session_clusters_get_running (self));
      break;
    case PROP_N_CLUSTERS:
      g_value_set_uint (value, jx_session_clusters_get_n_clusters (self));
      break;
    case PROP_SELECTED:
      g_value_set_uint (value, self->selected);
      break;
    case PROP_TREE_RUNNING:
      g_value_set_boolean (value, jx_session_clusters_get_tree_running (self));
      break;
    case PROP_TREE_PROGRESS:
      g_value_set_double (value, self->tree_progress);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_session_clusters_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  JxSessionClusters *self = JX_SESSION_CLUSTERS (object);

  switch (prop_id)
    {
    case PROP_WANTED:
      jx_session_clusters_set_wanted (self, g_value_get_boolean (value));
      break;
    case PROP_THRESHOLD:
      jx_session_clusters_set_threshold (self, g_value_get_double (value));
      break;
    case PROP_SELECTED:
      jx_session_clusters_set_selected (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_session_clusters_dispose (GObject *object)
{
  JxSessionClusters *self = JX_SESSION_CLUSTERS (object);

  jx_session_job_cancel (&self->job);
  jx_session_job_cancel (&self->tree_job);
  g_clear_pointer (&self->tree, jx_merged_tree_unref);
  g_clear_error (&self->tree_error);
  g_clear_pointer (&self->custom_refs, g_array_unref);
  for (guint i = 0; i < self->watched->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->watched, i), self);
  g_ptr_array_set_size (self->watched, 0);
  if (self->items != NULL)
    g_signal_handlers_disconnect_by_data (self->items, self);
  g_clear_weak_pointer (&self->items);
  g_clear_pointer (&self->clustering, jx_clustering_free);
  g_clear_pointer (&self->result_items, g_ptr_array_unref);
  g_clear_pointer (&self->result_traces, g_ptr_array_unref);
  g_clear_error (&self->error);
  clear_masks (self);

  G_OBJECT_CLASS (jx_session_clusters_parent_class)->dispose (object);
}

static void
jx_session_clusters_finalize (GObject *object)
{
  JxSessionClusters *self = JX_SESSION_CLUSTERS (object);

  g_ptr_array_unref (self->watched);
  g_hash_table_unref (self->masks);

  G_OBJECT_CLASS (jx_session_clusters_parent_class)->finalize (object);
}

static void
jx_session_clusters_class_init (JxSessionClustersClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = jx_session_clusters_get_property;
  object_class->set_property = jx_session_clusters_set_property;
  object_class->dispose = jx_session_clusters_dispose;
  object_class->finalize = jx_session_clusters_finalize;

  properties[PROP_WANTED] =
    g_param_spec_boolean ("wanted", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THRESHOLD] =
    g_param_spec_double ("threshold", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_CLUSTERS] =
    g_param_spec_uint ("n-clusters", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_uint ("selected", NULL, NULL, 0, G_MAXUINT, JX_SESSION_CLUSTERS_NONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TREE_RUNNING] =
    g_param_spec_boolean ("tree-running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TREE_PROGRESS] =
    g_param_spec_double ("tree-progress", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
  signals[TREE_CHANGED] = g_signal_new ("tree-changed", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 0);
}

static void
jx_session_clusters_init (JxSessionClusters *self)
{
  self->watched = g_ptr_array_new_with_free_func (g_object_unref);
  self->masks = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->selected = JX_SESSION_CLUSTERS_NONE;
  jx_scoring_init_default (&self->scoring);
}

JxSessionClusters *
jx_session_clusters_new (GListModel *items)
{
  JxSessionClusters *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (items), NULL);
  g_return_val_if_fail (g_list_model_get_item_type (items) == JX_TYPE_SESSION_TRACE, NULL);

  self = g_object_new (JX_TYPE_SESSION_CLUSTERS, NULL);
  g_set_weak_pointer (&self->items, items);
  g_signal_connect (items, "items-changed", G_CALLBACK (on_items_changed), self);
  watch_items (self);
  return self;
}
