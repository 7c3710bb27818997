/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-imbalance.c — dominant function, segments, SOS time and the ranking
 * (see jx-imbalance.h). Two passes over the invocation arrays: one sums
 * counts and inclusive time per region, one walks the segments' subtrees. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-imbalance.h"
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

GArray *
jx_imbalance_find_candidates (JxTrace *trace,
                              guint    max_candidates)
{
  guint n_regions, n_streams;
  g_autofree guint64 *count = NULL;
  g_autofree guint64 *inclusive = NULL;
  g_autofree guint8 *sync = NULL;
  g_autofree guint32 *n_on = NULL;
  g_autofree guint32 *last_on = NULL;
  guint64 needed;
  GArray *out;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  n_regions = jx_trace_get_n_regions (trace);
  n_streams = jx_trace_get_n_streams (trace);
  count = g_new0 (guint64, MAX (n_regions, 1));
  inclusive = g_new0 (guint64, MAX (n_regions, 1));
  n_on = g_new0 (guint32, MAX (n_regions, 1));
  last_on = g_new (guint32, MAX (n_regions, 1));
  memset (last_on, 0xff, sizeof (guint32) * MAX (n_regions, 1));
  sync = jx_sync_classify_trace (trace);
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

  /* At least 2·p calls in all (the paper's rule counts the trace as a
   * whole, not each process): top-level functions like main, entered once
   * per process, do not segment the run. Nor do those entered once on each
   * stream they run on (an OpenMP parallel region around a whole run has
   * one invocation per thread, 2·p with two threads each): §6.2.1 excludes
   * top call-level functions of every processing element. */
  needed = 2 * (guint64) jx_trace_get_n_processes (trace);
  out = g_array_new (FALSE, FALSE, sizeof (JxImbalanceCandidate));
  for (guint r = 0; r < n_regions; r++)
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
  JxTrace *trace = self->trace;
  guint n_processes = jx_trace_get_n_processes (trace);

  self->processes = g_array_new (FALSE, TRUE, sizeof (JxProcessImbalance));
  for (guint32 p = 0; p < n_processes; p++)
    {
      const JxProcess *process = jx_trace_get_process (trace, p);
      JxProcessImbalance pi = { 0 };
      g_autoptr(GArray) sos = g_array_new (FALSE, FALSE, sizeof (guint64));
      gint64 worst = G_MININT64;

      pi.process = p;
      pi.worst_segment = JX_NONE;
      pi.sos_min = G_MAXUINT64;
      for (guint32 k = 0; k < process->n_streams; k++)
        {
          guint32 s = process->first_stream + k;

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

/* jx_imbalance_compute () with the trace's candidates already found (the
 * sorted list, any length: it takes it and keeps the first few). */
static JxImbalance *
compute_with_candidates (JxTrace       *trace,
                         const char    *function,
                         GArray        *candidates,
                         GCancellable  *cancellable,
                         GError       **error)
{
  g_autoptr(JxImbalance) self = NULL;
  g_autofree guint8 *sync = NULL;
  guint n_streams;

  self = g_atomic_rc_box_new0 (JxImbalance);
  self->trace = g_object_ref (trace);
  if (candidates->len > N_KEPT_CANDIDATES)
    g_array_set_size (candidates, N_KEPT_CANDIDATES);
  self->candidates = candidates;
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
                   _("“%s” has no function called at least twice as often as there are processes and more than once on a stream to segment it by"),
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

  compute_distances (self);
  compute_processes (self);
  return imbalance_sort_segments (g_steal_pointer (&self));
}

JxImbalance *
jx_imbalance_compute (JxTrace       *trace,
                      const char    *function,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return compute_with_candidates (trace, function, jx_imbalance_find_candidates (trace, N_KEPT_CANDIDATES),
                                  cancellable, error);
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

  if (stream >= jx_trace_get_n_streams (self->trace))
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

/* One function for several traces ------------------------------------------- */

struct _JxImbalanceSet
{
  char        *function;
  GPtrArray   *imbalances;   /* JxImbalance or NULL, per trace */
  GArray      *common;       /* gboolean per trace */
  GPtrArray   *notes;        /* char * or NULL, per trace */
};

static void
imbalance_unref_nullable (gpointer data)
{
  if (data != NULL)
    jx_imbalance_unref (data);
}

void
jx_imbalance_set_free (JxImbalanceSet *self)
{
  if (self == NULL)
    return;
  g_free (self->function);
  g_clear_pointer (&self->imbalances, g_ptr_array_unref);
  g_clear_pointer (&self->common, g_array_unref);
  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_free (self);
}

/* TRUE when region `name` of trace is one of its candidates: called often
 * enough, and on some stream more than once, to segment it (candidates: all
 * of them, from jx_imbalance_find_candidates (trace, 0)). */
static gboolean
is_candidate (JxTrace      *trace,
              const GArray *candidates,
              const char   *name)
{
  guint32 region = jx_trace_find_region (trace, name);

  if (region == JX_NONE)
    return FALSE;
  for (guint i = 0; i < candidates->len; i++)
    if (g_array_index (candidates, JxImbalanceCandidate, i).region == region)
      return TRUE;
  return FALSE;
}

JxImbalance *
jx_imbalance_compute_common (JxTrace       *trace,
                             const char    *common,
                             char         **note,
                             GCancellable  *cancellable,
                             GError       **error)
{
  JxImbalance *imbalance;
  GArray *candidates;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (note != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  *note = NULL;
  /* One pass finds the candidates for both the check and the segmenting. */
  candidates = jx_imbalance_find_candidates (trace, 0);
  if (common != NULL && is_candidate (trace, candidates, common))
    return compute_with_candidates (trace, common, candidates, cancellable, error);
  imbalance = compute_with_candidates (trace, NULL, candidates, cancellable, error);
  if (imbalance == NULL)
    return NULL;
  if (common != NULL)
    *note = g_strdup_printf (_("“%s” does not call “%s” often enough to be segmented by it: segmented by its own dominant function “%s”"),
                             jx_trace_get_name (trace), common,
                             jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name);
  else
    *note = g_strdup_printf (_("the reference has no function to segment by: “%s” is segmented by its own dominant function “%s”"),
                             jx_trace_get_name (trace),
                             jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name);
  return imbalance;
}

JxImbalanceSet *
jx_imbalance_set_compute (JxTrace * const *traces,
                          guint            n_traces,
                          const char      *function,
                          GCancellable    *cancellable,
                          GError         **error)
{
  g_autoptr(JxImbalanceSet) self = NULL;
  g_autoptr(GError) first_error = NULL;
  guint n_done = 0;

  g_return_val_if_fail (traces != NULL && n_traces > 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (JxImbalanceSet, 1);
  self->imbalances = g_ptr_array_new_with_free_func (imbalance_unref_nullable);
  self->common = g_array_new (FALSE, TRUE, sizeof (gboolean));
  self->notes = g_ptr_array_new_with_free_func (g_free);
  g_array_set_size (self->common, n_traces);

  if (function != NULL)
    self->function = g_strdup (function);
  else
    {
      g_autoptr(GArray) candidates = jx_imbalance_find_candidates (traces[0], 1);

      if (candidates->len > 0)
        self->function = g_strdup (jx_trace_get_region (traces[0],
                                                        g_array_index (candidates, JxImbalanceCandidate, 0).region)->name);
    }

  for (guint i = 0; i < n_traces; i++)
    {
      g_autoptr(GError) local_error = NULL;
      JxImbalance *imbalance = NULL;
      char *note = NULL;
      gboolean common = FALSE;

      if (self->function != NULL && (function != NULL || i == 0))
        {
          /* Named, or the reference's own: that function or nothing. */
          imbalance = jx_imbalance_compute (traces[i], self->function, cancellable, &local_error);
          common = imbalance != NULL;
        }
      else
        {
          imbalance = jx_imbalance_compute_common (traces[i], self->function, &note, cancellable, &local_error);
          common = imbalance != NULL && note == NULL;
        }

      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (imbalance == NULL)
        {
          note = g_strdup (local_error->message);
          if (first_error == NULL)
            first_error = g_steal_pointer (&local_error);
        }
      else
        n_done++;
      g_ptr_array_add (self->imbalances, imbalance);
      g_array_index (self->common, gboolean, i) = common;
      g_ptr_array_add (self->notes, note);
    }

  if (n_done == 0)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return NULL;
    }
  return g_steal_pointer (&self);
}

const char *
jx_imbalance_set_get_function (JxImbalanceSet *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->function;
}

guint
jx_imbalance_set_get_n_traces (JxImbalanceSet *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->imbalances->len;
}

JxImbalance *
jx_imbalance_set_get (JxImbalanceSet *self,
                      guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->imbalances->len, NULL);
  return g_ptr_array_index (self->imbalances, index);
}

gboolean
jx_imbalance_set_is_common (JxImbalanceSet *self,
                            guint           index)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (index < self->common->len, FALSE);
  return g_array_index (self->common, gboolean, index);
}

const char *
jx_imbalance_set_get_note (JxImbalanceSet *self,
                           guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->notes->len, NULL);
  return g_ptr_array_index (self->notes, index);
}
