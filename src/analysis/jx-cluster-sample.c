/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cluster-sample.c — clusters of a trace's processes from a sample that
 * fits in memory (jx-cluster-sample.h). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-cluster-sample.h"
#include "jx-cluster.h"
#include "jx-trace-loader.h"

/* The shortest sample window. */
#define MIN_WINDOW_NS G_GINT64_CONSTANT (1000)
/* A window of the run whose length is not known: this long. */
#define UNKNOWN_LENGTH_WINDOW_NS G_GINT64_CONSTANT (1000000000)

struct _JxClusterSample
{
  GArray  *clusters;        /* JxSampleCluster */
  GArray  *members;         /* guint32, the clusters' members one after the other */
  gint64   window_end_ns;
  gint64   length_ns;       /* of the run, 0 when unknown */
  guint64  n_invocations;
};

void
jx_cluster_sample_free (JxClusterSample *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->clusters);
  g_array_unref (self->members);
  g_free (self);
}

/* The sample: every process's first location, and of the run the longest
 * window from its start whose estimate fits in `target` bytes (the
 * estimate grows with the window; found by bisection). */
static JxTraceSelection *
sample_selection (JxTraceOutline *outline,
                  guint64         target,
                  gint64          length_ns,
                  gint64         *window_end_ns,
                  GError        **error)
{
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autofree guint8 *selected = g_new0 (guint8, MAX (1, jx_trace_outline_get_n_locations (outline)));
  gint64 lo = MIN_WINDOW_NS, hi = length_ns;

  for (guint p = 0; p < jx_trace_outline_get_n_processes (outline); p++)
    {
      const JxOutlineProcess *process = jx_trace_outline_get_process (outline, p);

      if (process->n_locations == 0)
        continue;
      jx_trace_selection_add_location (selection,
                                       jx_trace_outline_get_location (outline, process->first_location)->ref);
      selected[process->first_location] = 1;
    }
  *window_end_ns = JX_WINDOW_OPEN_END;
  if (jx_trace_outline_estimate (outline, selected, selection) <= target)
    return g_steal_pointer (&selection);
  if (length_ns <= MIN_WINDOW_NS)
    {
      /* No length to scale by: a fixed window, which the load's own
       * guard stops if it outgrows the budget. */
      *window_end_ns = UNKNOWN_LENGTH_WINDOW_NS;
      jx_trace_selection_set_window (selection, 0, *window_end_ns);
      return g_steal_pointer (&selection);
    }
  jx_trace_selection_set_window (selection, 0, lo);
  if (jx_trace_outline_estimate (outline, selected, selection) > target)
    {
      g_autofree char *display = g_filename_display_name (jx_trace_outline_get_path (outline));
      g_autofree char *need = jx_memory_size_format (jx_trace_outline_estimate (outline, selected, selection));
      g_autofree char *have = jx_memory_size_format (target);

      /* The definitions and the per-location part alone are too much. */
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE,
                   _("Even a sample of “%s” takes about %s, more than the %s it may use (half the budget)"),
                   display, need, have);
      return NULL;
    }
  while (hi - lo > MAX (MIN_WINDOW_NS, length_ns / 1000))
    {
      gint64 mid = lo + (hi - lo) / 2;

      jx_trace_selection_set_window (selection, 0, mid);
      if (jx_trace_outline_estimate (outline, selected, selection) <= target)
        lo = mid;
      else
        hi = mid;
    }
  *window_end_ns = lo;
  jx_trace_selection_set_window (selection, 0, lo);
  return g_steal_pointer (&selection);
}

static int
compare_guint32 (gconstpointer a,
                 gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

/* Members of a cluster, by process position, into self->members. */
static void
add_cluster (JxClusterSample *self,
             GArray          *positions,
             guint32          representative,
             gboolean         empty)
{
  JxSampleCluster cluster = { 0 };

  if (positions->len == 0)
    return;
  g_array_sort (positions, compare_guint32);
  cluster.size = positions->len;
  cluster.representative = representative;
  cluster.empty = empty;
  /* Pointers into self->members are set once it no longer grows. */
  cluster.members = GUINT_TO_POINTER (self->members->len);
  g_array_append_vals (self->members, positions->data, positions->len);
  g_array_append_val (self->clusters, cluster);
}

JxClusterSample *
jx_cluster_sample_new (JxTraceOutline  *outline,
                       guint64          budget,
                       GCancellable    *cancellable,
                       GError         **error)
{
  g_autoptr(JxClusterSample) self = NULL;
  g_autoptr(JxTraceSelection) selection = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxClustering) clustering = NULL;
  g_autoptr(GArray) positions = NULL;
  g_autofree guint8 *clustered = NULL;
  JxClusterOptions options;
  JxLoadOptions load = { 0 };
  guint64 target, resolution;
  guint n_processes;

  g_return_val_if_fail (outline != NULL, NULL);

  self = g_new0 (JxClusterSample, 1);
  self->clusters = g_array_new (FALSE, TRUE, sizeof (JxSampleCluster));
  self->members = g_array_new (FALSE, FALSE, sizeof (guint32));
  resolution = jx_trace_outline_get_timer_resolution (outline);
  if (resolution > 0 && jx_trace_outline_get_trace_length (outline) > 0)
    self->length_ns = jx_time_ticks_to_ns ((gint64) MIN (jx_trace_outline_get_trace_length (outline),
                                                          (guint64) G_MAXINT64), resolution);
  target = budget == JX_MEMORY_UNLIMITED ? JX_CLUSTER_SAMPLE_MAX_BYTES
                                         : MIN (budget / 2, (guint64) JX_CLUSTER_SAMPLE_MAX_BYTES);
  selection = sample_selection (outline, target, self->length_ns, &self->window_end_ns, error);
  if (selection == NULL)
    return NULL;

  load.selection = selection;
  /* The trace refused holds no memory: the sample may use what there is. */
  load.memory_budget = budget;
  trace = jx_trace_load (jx_trace_outline_get_path (outline), &load, NULL, NULL, cancellable, error);
  if (trace == NULL)
    return NULL;
  self->n_invocations = jx_trace_get_n_invocations (trace);

  jx_cluster_options_init (&options);
  clustering = jx_clustering_new_for_traces (&trace, 1, &options, cancellable, error);
  if (clustering == NULL)
    return NULL;

  n_processes = jx_trace_outline_get_n_processes (outline);
  clustered = g_new0 (guint8, MAX (1, n_processes));
  positions = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint c = 0; c < jx_clustering_get_n_clusters (clustering); c++)
    {
      const JxCluster *cluster = jx_clustering_get_cluster (clustering, c);
      JxSignatureSet *set = jx_clustering_get_signatures (clustering);
      guint n_members;
      const guint32 *members = jx_clustering_get_members (clustering, &n_members);
      guint32 representative = JX_NONE;

      g_array_set_size (positions, 0);
      for (guint32 m = cluster->first; m < cluster->first + cluster->size; m++)
        {
          const JxStream *stream = jx_trace_get_stream (trace, jx_signature_set_get_stream_of (set, members[m]));
          guint32 position = jx_trace_get_process (trace, stream->process)->rank;

          /* One location per process was read: a process is in one cluster. */
          if (position >= n_processes || clustered[position] || stream->n_invocations == 0)
            continue;
          clustered[position] = 1;
          g_array_append_val (positions, position);
          if (members[m] == cluster->representative)
            representative = position;
        }
      if (positions->len > 0)
        add_cluster (self, positions, representative != JX_NONE ? representative
                                                                 : g_array_index (positions, guint32, 0), FALSE);
    }
  /* What the sample did not show at work. */
  g_array_set_size (positions, 0);
  for (guint32 p = 0; p < n_processes; p++)
    if (!clustered[p] && jx_trace_outline_get_process (outline, p)->n_locations > 0)
      g_array_append_val (positions, p);
  if (positions->len > 0)
    add_cluster (self, positions, g_array_index (positions, guint32, 0), TRUE);

  for (guint c = 0; c < self->clusters->len; c++)
    {
      JxSampleCluster *cluster = &g_array_index (self->clusters, JxSampleCluster, c);

      cluster->members = &g_array_index (self->members, guint32, GPOINTER_TO_UINT (cluster->members));
    }
  return g_steal_pointer (&self);
}

guint
jx_cluster_sample_get_n_clusters (JxClusterSample *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clusters->len;
}

const JxSampleCluster *
jx_cluster_sample_get_cluster (JxClusterSample *self,
                               guint            index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->clusters->len, NULL);
  return &g_array_index (self->clusters, JxSampleCluster, index);
}

gint64
jx_cluster_sample_get_window_end (JxClusterSample *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->window_end_ns;
}

guint64
jx_cluster_sample_get_n_invocations (JxClusterSample *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_invocations;
}

char *
jx_cluster_sample_describe (JxClusterSample *self)
{
  g_autofree char *window = NULL;
  g_autofree char *length = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->window_end_ns == JX_WINDOW_OPEN_END)
    return g_strdup (_("the whole run"));
  window = jx_time_format (self->window_end_ns, 3);
  if (self->length_ns <= 0)
    /* Translators: %s is a duration, "1.2 s". */
    return g_strdup_printf (_("the first %s of the run"), window);
  length = jx_time_format (self->length_ns, 3);
  /* Translators: "the first 1.2 s of 40 s". */
  return g_strdup_printf (_("the first %s of %s"), window, length);
}
