/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-summary.c — the summary object: pyramids of every stream built
 * at once (in the caller's thread or a GTask), reference counting, memory
 * accounting and the per-depth pyramids of call-stack mode, added on demand
 * under a lock. Sampling: jx-timeline-sample.c. */
#include "config.h"

#include <string.h>

#include "jx-background.h"
#include "jx-timeline-summary-private.h"

G_DEFINE_BOXED_TYPE (JxTimelineSummary, jx_timeline_summary,
                     jx_timeline_summary_ref, jx_timeline_summary_unref)

static JxTimelineSummary *
summary_new (JxTrace *trace)
{
  JxTimelineSummary *self = g_atomic_rc_box_new0 (JxTimelineSummary);

  self->trace = g_object_ref (trace);
  self->n_streams = jx_trace_get_n_streams (trace);
  self->pyramids = g_new0 (Pyramid, MAX (self->n_streams, 1));
  self->call_stacks = g_new0 (CallStack *, MAX (self->n_streams, 1));
  g_mutex_init (&self->mutex);
  return self;
}

JxTimelineSummary *
jx_timeline_summary_new_unbuilt (JxTrace *trace)
{
  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  return summary_new (trace);
}

JxTimelineSummary *
jx_timeline_summary_build (JxTrace            *trace,
                           GCancellable       *cancellable,
                           JxSummaryProgress   progress,
                           gpointer            progress_data,
                           GError            **error)
{
  g_autoptr(JxTimelineSummary) self = NULL;
  guint64 total = 0, done = 0;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = summary_new (trace);
  for (guint i = 0; i < self->n_streams; i++)
    total += jx_trace_get_stream (trace, i)->n_invocations;

  for (guint i = 0; i < self->n_streams; i++)
    {
      const JxStream *s = jx_trace_get_stream (trace, i);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      _jx_pyramid_build_stream (s, &self->pyramids[i]);
      self->memory_size += _jx_pyramid_memory (&self->pyramids[i]);
      done += s->n_invocations;
      if (progress != NULL)
        progress (total > 0 ? (double) done / (double) total : 1.0, progress_data);
    }

  return g_steal_pointer (&self);
}

static void
build_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;
  JxTimelineSummary *summary;

  jx_background_lower_thread ();
  summary = jx_timeline_summary_build (task_data, cancellable, NULL, NULL, &error);
  if (summary == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, summary, (GDestroyNotify) jx_timeline_summary_unref);
}

void
jx_timeline_summary_build_async (JxTrace             *trace,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (JX_IS_TRACE (trace));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, jx_timeline_summary_build_async);
  g_task_set_task_data (task, g_object_ref (trace), g_object_unref);
  g_task_run_in_thread (task, build_thread);
}

JxTimelineSummary *
jx_timeline_summary_build_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

JxTimelineSummary *
jx_timeline_summary_ref (JxTimelineSummary *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_atomic_rc_box_acquire (self);
}

static void
call_stack_free (CallStack *cs)
{
  for (guint d = 0; d < cs->n_depths; d++)
    _jx_pyramid_clear (&cs->depths[d]);
  g_free (cs->depths);
  g_free (cs);
}

static void
summary_clear (gpointer data)
{
  JxTimelineSummary *self = data;

  for (guint i = 0; i < self->n_streams; i++)
    {
      _jx_pyramid_clear (&self->pyramids[i]);
      g_clear_pointer (&self->call_stacks[i], call_stack_free);
    }
  g_free (self->pyramids);
  g_free (self->call_stacks);
  g_mutex_clear (&self->mutex);
  g_clear_object (&self->trace);
}

void
jx_timeline_summary_unref (JxTimelineSummary *self)
{
  g_return_if_fail (self != NULL);

  g_atomic_rc_box_release_full (self, summary_clear);
}

JxTrace *
jx_timeline_summary_get_trace (JxTimelineSummary *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->trace;
}

gsize
jx_timeline_summary_get_memory_size (JxTimelineSummary *self)
{
  gsize size;

  g_return_val_if_fail (self != NULL, 0);

  g_mutex_lock (&self->mutex);
  size = self->memory_size;
  g_mutex_unlock (&self->mutex);
  return size;
}

/* Call stack: one pyramid per depth of a stream, filled in a single pre-order
 * pass (invocations of one depth never overlap, so each depth sees its
 * segments in time order). */

gboolean
jx_timeline_summary_ensure_call_stack (JxTimelineSummary  *self,
                                       guint32             stream,
                                       GCancellable       *cancellable,
                                       GError            **error)
{
  const JxStream *s;
  CallStack *cs;
  PyramidBuilder *builders;
  guint64 *counts;
  gint64 origin, end;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (stream < self->n_streams, FALSE);

  if (jx_timeline_summary_has_call_stack (self, stream))
    return TRUE;

  s = jx_trace_get_stream (self->trace, stream);
  cs = g_new0 (CallStack, 1);
  cs->n_depths = s->max_depth;
  cs->depths = g_new0 (Pyramid, MAX (cs->n_depths, 1));

  if (s->n_invocations > 0 && cs->n_depths > 0)
    {
      origin = (gint64) s->start[0];
      end = _jx_stream_end_time (s);
      counts = g_new0 (guint64, cs->n_depths);
      builders = g_new0 (PyramidBuilder, cs->n_depths);
      for (guint32 i = 0; i < s->n_invocations; i++)
        counts[s->depth[i]]++;
      for (guint d = 0; d < cs->n_depths; d++)
        if (counts[d] >= MIN_PYRAMID_INVOCATIONS && end > origin)
          /* Sparse deep levels still get buckets fine enough for the zooms
           * at which the stream as a whole needs the pyramid. */
          _jx_pyramid_builder_init (&builders[d], &cs->depths[d], origin, end,
                        MAX (counts[d], (guint64) s->n_invocations / 4));

      for (guint32 i = 0; i < s->n_invocations; i++)
        {
          guint d = s->depth[i];

          if ((i & 0xfffff) == 0 && g_cancellable_is_cancelled (cancellable))
            break;
          if (builders[d].pyr != NULL)
            _jx_pyramid_builder_segment (&builders[d], (gint64) s->start[i], (gint64) s->end[i], s->region[i]);
        }
      for (guint d = 0; d < cs->n_depths; d++)
        if (builders[d].pyr != NULL)
          _jx_pyramid_builder_finish (&builders[d], end);
      g_free (builders);
      g_free (counts);
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      call_stack_free (cs);
      return FALSE;
    }

  g_mutex_lock (&self->mutex);
  if (self->call_stacks[stream] == NULL)
    {
      self->call_stacks[stream] = cs;
      for (guint d = 0; d < cs->n_depths; d++)
        self->memory_size += _jx_pyramid_memory (&cs->depths[d]);
      cs = NULL;
    }
  g_mutex_unlock (&self->mutex);
  if (cs != NULL)
    call_stack_free (cs);
  return TRUE;
}

gboolean
jx_timeline_summary_has_call_stack (JxTimelineSummary *self,
                                    guint32            stream)
{
  gboolean have;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (stream < self->n_streams, FALSE);

  g_mutex_lock (&self->mutex);
  have = self->call_stacks[stream] != NULL;
  g_mutex_unlock (&self->mutex);
  return have;
}
