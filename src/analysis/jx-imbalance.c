/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-imbalance.c — dominant function, segments, SOS time and the ranking
 * (see jx-imbalance.h). Two passes over the invocation arrays: one sums
 * counts and inclusive time per region, one walks the segments' subtrees. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-imbalance-private.h"
#include "jx-sync-class.h"

#define N_KEPT_CANDIDATES 10

struct _JxImbalance
{
  JxTrace              *trace;
  guint32               function;
  GArray               *candidates;      /* JxImbalanceCandidate */
  GArray               *segments;        /* JxSegment, by stream then time */
  guint                *stream_first;    /* per stream + 1: segments of s are [first[s], first[s+1]) */
  GArray               *processes;       /* JxProcessImbalance, by excess */
  guint                *ranked;          /* segment indices by distance */
  guint64               sos_min;
  guint64               sos_max;
  JxImbalanceLayout    *layout;          /* NULL: the trace's processes and streams */
};

G_DEFINE_BOXED_TYPE (JxImbalance, jx_imbalance, jx_imbalance_ref, jx_imbalance_unref)

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const JxImbalanceCandidate *x = a, *y = b;

  if (x->inclusive != y->inclusive)
    return x->inclusive > y->inclusive ? -1 : 1;
  return x->region < y->region ? -1 : (x->region > y->region ? 1 : 0);
}

/* Synchronization and MPI calls cannot segment a run: their SOS time is
 * their waiting, which SOS time leaves out. */
static gboolean
can_segment (const JxRegion *region,
             guint8          sync_class)
{
  return sync_class == JX_SYNC_NONE && region->category != JX_CATEGORY_MPI;
}

void
jx_imbalance_sums_init (JxImbalanceSums *sums,
                        JxTrace         *trace)
{
  guint n_regions = jx_trace_get_n_regions (trace);

  sums->n_regions = n_regions;
  sums->count = g_new0 (guint64, MAX (n_regions, 1));
  sums->inclusive = g_new0 (guint64, MAX (n_regions, 1));
  sums->n_on = g_new0 (guint64, MAX (n_regions, 1));
}

void
jx_imbalance_sums_clear (JxImbalanceSums *sums)
{
  g_clear_pointer (&sums->count, g_free);
  g_clear_pointer (&sums->inclusive, g_free);
  g_clear_pointer (&sums->n_on, g_free);
}

void
jx_imbalance_sums_add (JxImbalanceSums *sums,
                       JxTrace         *trace)
{
  guint n_streams = jx_trace_get_n_streams (trace);
  guint64 *count = sums->count, *inclusive = sums->inclusive, *n_on = sums->n_on;
  g_autofree guint32 *last_on = g_new (guint32, MAX (sums->n_regions, 1));

  memset (last_on, 0xff, sizeof (guint32) * MAX (sums->n_regions, 1));
  for (guint32 s = 0; s < n_streams; s++)
    {
      const JxStream *stream = jx_trace_get_stream (trace, s);
      const guint32 *region = stream->region;
      const guint64 *start = stream->start, *end = stream->end;

      for (guint32 i = 0; i < stream->n_invocations; i++)
        {
          count[region[i]]++;
          inclusive[region[i]] += end[i] - start[i];
          if (last_on[region[i]] != s)
            {
              last_on[region[i]] = s;
              n_on[region[i]]++;
            }
        }
    }
}

GArray *
jx_imbalance_candidates_from_sums (JxTrace               *trace,
                                   const JxImbalanceSums *sums,
                                   guint                  n_processes,
                                   guint                  max_candidates)
{
  const guint64 *count = sums->count, *inclusive = sums->inclusive, *n_on = sums->n_on;
  g_autofree guint8 *sync = jx_sync_classify_trace (trace);
  guint64 needed;
  GArray *out;

  /* At least 2·p calls in all (the paper's rule counts the trace as a
   * whole, not each process): top-level functions like main, entered once
   * per process, do not segment the run. Nor do those entered once on each
   * stream they run on (an OpenMP parallel region around a whole run has
   * one invocation per thread, 2·p with two threads each): §6.2.1 excludes
   * top call-level functions of every processing element. */
  needed = 2 * (guint64) n_processes;
  out = g_array_new (FALSE, FALSE, sizeof (JxImbalanceCandidate));
  for (guint r = 0; r < sums->n_regions; r++)
    {
      JxImbalanceCandidate c = { r, count[r], inclusive[r] };

      if (count[r] >= needed && count[r] > n_on[r] && inclusive[r] > 0 && can_segment (jx_trace_get_region (trace, r), sync[r]))
        g_array_append_val (out, c);
    }
  g_array_sort (out, compare_candidates);
  if (max_candidates > 0 && out->len > max_candidates)
    g_array_set_size (out, max_candidates);
  return out;
}

GArray *
jx_imbalance_find_candidates (JxTrace *trace,
                              guint    max_candidates)
{
  g_auto(JxImbalanceSums) sums = { 0 };

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  jx_imbalance_sums_init (&sums, trace);
  jx_imbalance_sums_add (&sums, trace);
  return jx_imbalance_candidates_from_sums (trace, &sums, jx_trace_get_n_processes (trace), max_candidates);
}

/* Synchronization nested in invocation i: outermost synchronization
 * invocations of its subtree. */
static guint64
nested_sync (const JxStream *s,
             guint32         i,
             const guint8   *sync)
{
  guint64 total = 0;
  guint32 j = i + 1;

  while (j < s->subtree_end[i])
    {
      if (sync[s->region[j]] != JX_SYNC_NONE)
        {
          total += s->end[j] - s->start[j];
          j = s->subtree_end[j];
        }
      else
        j++;
    }
  return total;
}

static int
compare_guint64 (const void *a,
                 const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

static guint64
median_of (guint64 *values,
           guint    n)
{
  if (n == 0)
    return 0;
  qsort (values, n, sizeof (guint64), compare_guint64);
  return n % 2 == 1 ? values[n / 2] : values[n / 2 - 1] / 2 + values[n / 2] / 2 +
                                      (values[n / 2 - 1] % 2 + values[n / 2] % 2) / 2;
}

/* Distance of every segment from the median SOS time of its index. */
static void
compute_distances (JxImbalance *self)
{
  guint n = self->segments->len;
  guint max_index = 0;
  g_autofree guint *per_index = NULL;
  g_autofree guint *offset = NULL;
  g_autofree guint64 *values = NULL;
  g_autofree guint64 *medians = NULL;

  for (guint i = 0; i < n; i++)
    max_index = MAX (max_index, g_array_index (self->segments, JxSegment, i).index + 1);
  per_index = g_new0 (guint, max_index + 1);
  offset = g_new0 (guint, max_index + 1);
  values = g_new (guint64, MAX (n, 1));
  medians = g_new0 (guint64, MAX (max_index, 1));
  for (guint i = 0; i < n; i++)
    per_index[g_array_index (self->segments, JxSegment, i).index]++;
  for (guint k = 1; k <= max_index; k++)
    offset[k] = offset[k - 1] + per_index[k - 1];
  memset (per_index, 0, (max_index + 1) * sizeof (guint));
  for (guint i = 0; i < n; i++)
    {
      const JxSegment *seg = &g_array_index (self->segments, JxSegment, i);

      values[offset[seg->index] + per_index[seg->index]++] = seg->sos;
    }
  for (guint k = 0; k < max_index; k++)
    medians[k] = median_of (values + offset[k], per_index[k]);
  for (guint i = 0; i < n; i++)
    {
      JxSegment *seg = &g_array_index (self->segments, JxSegment, i);

      seg->distance = (gint64) seg->sos - (gint64) medians[seg->index];
    }
}

static int
compare_processes (gconstpointer a,
                   gconstpointer b)
{
  const JxProcessImbalance *x = a, *y = b;

  if (x->excess != y->excess)
    return x->excess > y->excess ? -1 : 1;
  return x->process < y->process ? -1 : (x->process > y->process ? 1 : 0);
}

static void
compute_processes (JxImbalance *self)
{
  guint n_processes = self->layout != NULL ? self->layout->n_processes : jx_trace_get_n_processes (self->trace);

  self->processes = g_array_new (FALSE, TRUE, sizeof (JxProcessImbalance));
  for (guint32 p = 0; p < n_processes; p++)
    {
      guint32 first_stream, n_streams;
      JxProcessImbalance pi = { 0 };
      g_autoptr(GArray) sos = g_array_new (FALSE, FALSE, sizeof (guint64));
      gint64 worst = G_MININT64;

      pi.process = p;
      pi.worst_segment = JX_NONE;
      pi.sos_min = G_MAXUINT64;
      if (self->layout != NULL)
        {
          first_stream = self->layout->first_stream[p];
          n_streams = self->layout->n_streams_of[p];
        }
      else
        {
          first_stream = jx_trace_get_process (self->trace, p)->first_stream;
          n_streams = jx_trace_get_process (self->trace, p)->n_streams;
        }
      for (guint32 k = 0; k < n_streams; k++)
        {
          guint32 s = first_stream + k;

          for (guint i = self->stream_first[s]; i < self->stream_first[s + 1]; i++)
            {
              const JxSegment *seg = &g_array_index (self->segments, JxSegment, i);

              pi.n_segments++;
              pi.inclusive += seg->end - seg->start;
              pi.sync += seg->sync;
              pi.sos += seg->sos;
              pi.sos_min = MIN (pi.sos_min, seg->sos);
              pi.sos_max = MAX (pi.sos_max, seg->sos);
              pi.excess += seg->distance;
              g_array_append_val (sos, seg->sos);
              if (seg->distance > worst)
                {
                  worst = seg->distance;
                  pi.worst_segment = i;
                }
            }
        }
      if (pi.n_segments == 0)
        continue;
      pi.sos_median = median_of ((guint64 *) (gpointer) sos->data, sos->len);
      g_array_append_val (self->processes, pi);
    }
  g_array_sort (self->processes, compare_processes);
}

static JxImbalance *imbalance_sort_segments (JxImbalance *self);

static GArray *
local_candidates (JxTrace  *trace,
                  guint     max_candidates,
                  gpointer  data)
{
  (void) data;
  return jx_imbalance_find_candidates (trace, max_candidates);
}

const JxImbalanceOps jx_imbalance_local_ops = { local_candidates, NULL };

JxImbalance *
jx_imbalance_compute (JxTrace       *trace,
                      const char    *function,
                      GCancellable  *cancellable,
                      GError       **error)
{
  return jx_imbalance_compute_with (trace, function, &jx_imbalance_local_ops, NULL, cancellable, error);
}

static int
compare_segments (gconstpointer a,
                  gconstpointer b)
{
  const JxSegment *x = a, *y = b;

  if (x->stream != y->stream)
    return x->stream < y->stream ? -1 : 1;
  return x->index < y->index ? -1 : (x->index > y->index ? 1 : 0);
}

/* The segments gathered (ops->gather_segments) in place of the trace's. */
static void
take_gathered (JxImbalance *self,
               GArray      *segments,
               JxImbalanceLayout *layout)
{
  guint i = 0;

  g_array_unref (self->segments);
  self->segments = segments;
  self->layout = layout;
  if (layout == NULL)
    return;
  g_array_sort (self->segments, compare_segments);
  g_free (self->stream_first);
  self->stream_first = g_new0 (guint, layout->n_streams + 1);
  for (guint32 s = 0; s <= layout->n_streams; s++)
    {
      while (i < segments->len && g_array_index (segments, JxSegment, i).stream < s)
        i++;
      self->stream_first[s] = i;
    }
}

JxImbalance *
jx_imbalance_compute_with (JxTrace              *trace,
                           const char           *function,
                           const JxImbalanceOps *ops,
                           gpointer              ops_data,
                           GCancellable         *cancellable,
                           GError              **error)
{
  g_autoptr(JxImbalance) self = NULL;
  g_autofree guint8 *sync = NULL;
  guint n_streams;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_atomic_rc_box_new0 (JxImbalance);
  self->trace = g_object_ref (trace);
  self->candidates = ops->find_candidates (trace, N_KEPT_CANDIDATES, ops_data);
  self->segments = g_array_new (FALSE, FALSE, sizeof (JxSegment));
  n_streams = jx_trace_get_n_streams (trace);
  self->stream_first = g_new0 (guint, n_streams + 1);

  if (function != NULL)
    {
      self->function = jx_trace_find_region (trace, function);
      if (self->function == JX_NONE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("“%s” has no function “%s”"), jx_trace_get_name (trace), function);
          return NULL;
        }
    }
  else if (self->candidates->len > 0)
    self->function = g_array_index (self->candidates, JxImbalanceCandidate, 0).region;
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("“%s” has no function called at least twice as often as there are processes and more than once on a stream "
                     "to segment it by (MPI and synchronisation calls do not count: their SOS time is only waiting)"),
                   jx_trace_get_name (trace));
      return NULL;
    }

  sync = jx_sync_classify_trace (trace);
  for (guint32 s = 0; s < n_streams; s++)
    {
      const JxStream *stream = jx_trace_get_stream (trace, s);
      guint32 index = 0, i = 0;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      self->stream_first[s] = self->segments->len;
      while (i < stream->n_invocations)
        {
          if (stream->region[i] == self->function)
            {
              JxSegment seg = { 0 };

              seg.stream = s;
              seg.invocation = i;
              seg.index = index++;
              seg.start = stream->start[i];
              seg.end = stream->end[i];
              seg.sync = nested_sync (stream, i, sync);
              seg.sos = seg.end - seg.start - MIN (seg.sync, seg.end - seg.start);
              g_array_append_val (self->segments, seg);
              /* Recursive calls inside belong to this segment. */
              i = stream->subtree_end[i];
            }
          else
            i++;
        }
    }
  self->stream_first[n_streams] = self->segments->len;
  if (ops->gather_segments != NULL)
    {
      JxImbalanceLayout *layout = NULL;
      GArray *segments = ops->gather_segments (trace, self->segments, &layout, ops_data);

      take_gathered (self, segments, layout);
    }

  compute_distances (self);
  compute_processes (self);
  return imbalance_sort_segments (g_steal_pointer (&self));
}

static int
compare_ranked (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  GArray *segments = data;
  const JxSegment *x = &g_array_index (segments, JxSegment, *(const guint *) a);
  const JxSegment *y = &g_array_index (segments, JxSegment, *(const guint *) b);

  if (x->distance != y->distance)
    return x->distance > y->distance ? -1 : 1;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->stream < y->stream ? -1 : (x->stream > y->stream ? 1 : 0);
}

static JxImbalance *
imbalance_sort_segments (JxImbalance *self)
{
  guint n = self->segments->len;

  self->ranked = g_new (guint, MAX (n, 1));
  self->sos_min = G_MAXUINT64;
  self->sos_max = 0;
  for (guint i = 0; i < n; i++)
    {
      const JxSegment *seg = &g_array_index (self->segments, JxSegment, i);

      self->ranked[i] = i;
      self->sos_min = MIN (self->sos_min, seg->sos);
      self->sos_max = MAX (self->sos_max, seg->sos);
    }
  g_qsort_with_data (self->ranked, (gint) n, sizeof (guint), compare_ranked, self->segments);
  return self;
}

static void
compute_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  const char *function = g_object_get_data (G_OBJECT (task), "function");
  GError *error = NULL;
  JxImbalance *result = jx_imbalance_compute (task_data, function, cancellable, &error);

  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) jx_imbalance_unref);
}

void
jx_imbalance_compute_async (JxTrace             *trace,
                            const char          *function,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (JX_IS_TRACE (trace));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, jx_imbalance_compute_async);
  g_task_set_task_data (task, g_object_ref (trace), g_object_unref);
  g_object_set_data_full (G_OBJECT (task), "function", g_strdup (function), g_free);
  g_task_run_in_thread (task, compute_thread);
}

JxImbalance *
jx_imbalance_compute_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

JxImbalance *
jx_imbalance_ref (JxImbalance *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_atomic_rc_box_acquire (self);
}

static void
imbalance_clear (gpointer data)
{
  JxImbalance *self = data;

  g_clear_pointer (&self->candidates, g_array_unref);
  g_clear_pointer (&self->segments, g_array_unref);
  g_clear_pointer (&self->processes, g_array_unref);
  g_clear_pointer (&self->stream_first, g_free);
  g_clear_pointer (&self->ranked, g_free);
  g_clear_pointer (&self->layout, jx_imbalance_layout_free);
  g_clear_object (&self->trace);
}

void
jx_imbalance_unref (JxImbalance *self)
{
  g_return_if_fail (self != NULL);
  g_atomic_rc_box_release_full (self, imbalance_clear);
}

JxTrace *
jx_imbalance_get_trace (JxImbalance *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

guint32
jx_imbalance_get_function (JxImbalance *self)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  return self->function;
}

guint
jx_imbalance_get_n_candidates (JxImbalance *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->candidates->len;
}

const JxImbalanceCandidate *
jx_imbalance_get_candidate (JxImbalance *self,
                            guint        index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->candidates->len, NULL);
  return &g_array_index (self->candidates, JxImbalanceCandidate, index);
}

guint
jx_imbalance_get_n_segments (JxImbalance *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->segments->len;
}

guint
jx_imbalance_get_n_segmented_streams (JxImbalance *self)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);
  for (guint i = 0; i < self->segments->len; i++)
    if (i == 0 || g_array_index (self->segments, JxSegment, i).stream !=
                  g_array_index (self->segments, JxSegment, i - 1).stream)
      n++;
  return n;
}

const char *
jx_imbalance_get_ranked_kind (JxImbalance *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (self->processes->len > 1)
    return "processes";
  if (jx_imbalance_get_n_segmented_streams (self) > 1)
    return "streams";
  return NULL;
}

const JxSegment *
jx_imbalance_get_segment (JxImbalance *self,
                          guint        index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->segments->len, NULL);
  return &g_array_index (self->segments, JxSegment, index);
}

guint
jx_imbalance_get_stream_segments (JxImbalance *self,
                                  guint32      stream,
                                  guint       *first)
{
  g_return_val_if_fail (self != NULL, 0);

  if (stream >= (self->layout != NULL ? self->layout->n_streams : jx_trace_get_n_streams (self->trace)))
    {
      if (first != NULL)
        *first = 0;
      return 0;
    }
  if (first != NULL)
    *first = self->stream_first[stream];
  return self->stream_first[stream + 1] - self->stream_first[stream];
}

gboolean
jx_imbalance_get_sos_range (JxImbalance *self,
                            guint64     *min,
                            guint64     *max)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->segments->len == 0)
    return FALSE;
  if (min != NULL)
    *min = self->sos_min;
  if (max != NULL)
    *max = self->sos_max;
  return TRUE;
}

guint
jx_imbalance_get_n_processes (JxImbalance *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->processes->len;
}

const JxProcessImbalance *
jx_imbalance_get_process (JxImbalance *self,
                          guint        rank)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank < self->processes->len, NULL);
  return &g_array_index (self->processes, JxProcessImbalance, rank);
}

const JxSegment *
jx_imbalance_get_ranked_segment (JxImbalance *self,
                                 guint        rank)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank < self->segments->len, NULL);
  return &g_array_index (self->segments, JxSegment, self->ranked[rank]);
}

/* The processes and streams ------------------------------------------------- */

void
jx_imbalance_layout_free (JxImbalanceLayout *layout)
{
  if (layout == NULL)
    return;
  g_free (layout->first_stream);
  g_free (layout->n_streams_of);
  g_free (layout->process_of);
  g_strfreev (layout->process_names);
  g_strfreev (layout->stream_names);
  g_free (layout);
}

const char *
jx_imbalance_get_process_name (JxImbalance *self,
                               guint32      process)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (self->layout != NULL)
    return self->layout->process_names[process];
  return jx_trace_get_process (self->trace, process)->name;
}

const char *
jx_imbalance_get_stream_name (JxImbalance *self,
                              guint32      stream,
                              guint32     *process,
                              guint       *n_process_streams)
{
  const JxStream *s;

  g_return_val_if_fail (self != NULL, NULL);
  if (self->layout != NULL)
    {
      *process = self->layout->process_of[stream];
      *n_process_streams = self->layout->n_streams_of[*process];
      return self->layout->stream_names[stream];
    }
  s = jx_trace_get_stream (self->trace, stream);
  *process = s->process;
  *n_process_streams = jx_trace_get_process (self->trace, s->process)->n_streams;
  return s->name;
}

guint64
jx_imbalance_get_start_time (JxImbalance *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->layout != NULL ? self->layout->start_time : jx_trace_get_start_time (self->trace);
}
