/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-phase.c — see jx-session-phase.h. */
#include "config.h"

#include "jx-session-phase.h"
#include "jx-stream-groups.h"

typedef struct
{
  JxTrace   *trace;
  guint32    stream;
  guint64    start, end;          /* ticks of trace */
  JxScoring  scoring;
  GPtrArray *hits;                /* JxSessionPhaseHit, partner traces in order */
  GPtrArray *traces;              /* JxTrace of each hit */
} FindInput;

static void
hit_free (gpointer data)
{
  JxSessionPhaseHit *hit = data;

  g_object_unref (hit->item);
  g_free (hit);
}

static void
find_input_free (gpointer data)
{
  FindInput *in = data;

  g_object_unref (in->trace);
  g_clear_pointer (&in->hits, g_ptr_array_unref);
  g_ptr_array_unref (in->traces);
  g_free (in);
}

/* The stream of `other` with the name of stream of trace (process and
 * stream), else the one with the same index, else JX_NONE. */
static guint32
partner_stream (JxTrace *trace,
                guint32  stream,
                JxTrace *other)
{
  g_autofree char *key = jx_stream_groups_stream_key (trace, stream);

  for (guint32 s = 0; s < jx_trace_get_n_streams (other); s++)
    {
      g_autofree char *other_key = jx_stream_groups_stream_key (other, s);

      if (g_strcmp0 (key, other_key) == 0)
        return s;
    }
  return stream < jx_trace_get_n_streams (other) ? stream : JX_NONE;
}

static void
find_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  FindInput *in = data;

  for (guint i = 0; i < in->hits->len; i++)
    {
      JxSessionPhaseHit *hit = g_ptr_array_index (in->hits, i);
      JxTrace *other = g_ptr_array_index (in->traces, i);
      GError *error = NULL;

      hit->stream = partner_stream (in->trace, in->stream, other);
      hit->match.status = JX_PHASE_NO_LEVEL;
      hit->match.anchor_a = hit->match.anchor_b = JX_NONE;
      if (hit->stream == JX_NONE)
        continue;
      if (!jx_phase_find (in->trace, in->stream, in->start, in->end, other, hit->stream, &in->scoring,
                          &hit->match, cancellable, &error))
        {
          g_task_return_error (task, error);
          return;
        }
      if (hit->match.status == JX_PHASE_FOUND && hit->match.anchor_a != JX_NONE && hit->match.anchor_b != JX_NONE)
        {
          hit->anchor_a_ticks = jx_trace_get_stream (in->trace, in->stream)->start[hit->match.anchor_a];
          hit->anchor_b_ticks = jx_trace_get_stream (other, hit->stream)->start[hit->match.anchor_b];
        }
    }
  g_task_return_pointer (task, g_steal_pointer (&in->hits), (GDestroyNotify) g_ptr_array_unref);
}

void
jx_session_find_phase_async (JxSession          *self,
                             JxSessionTrace     *item,
                             guint32             stream,
                             const JxTimeSpan   *range,
                             GCancellable       *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;
  JxTimeOrigin origin;
  FindInput *in;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));
  g_return_if_fail (range != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, jx_session_find_phase_async);
  if (jx_session_trace_get_trace (item) == NULL || stream >= jx_trace_get_n_streams (jx_session_trace_get_trace (item)))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no such stream");
      return;
    }
  origin = jx_session_trace_get_time_origin (item);
  in = g_new0 (FindInput, 1);
  in->trace = g_object_ref (jx_session_trace_get_trace (item));
  in->stream = stream;
  in->start = jx_time_ticks_clamp (jx_time_comparison_to_ticks (origin, range->begin_ns));
  in->end = jx_time_ticks_clamp (jx_time_comparison_to_ticks (origin, range->end_ns));
  in->scoring = *jx_comparison_manager_get_scoring (jx_session_get_comparison_manager (self));
  in->hits = g_ptr_array_new_with_free_func (hit_free);
  in->traces = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; ; i++)
    {
      JxSessionTrace *other = jx_session_peek_item (self, i);
      JxSessionPhaseHit *hit;

      if (other == NULL)
        break;
      if (other == item || jx_session_trace_get_state (other) != JX_SESSION_TRACE_LOADED)
        continue;
      hit = g_new0 (JxSessionPhaseHit, 1);
      hit->item = g_object_ref (other);
      hit->stream = JX_NONE;
      g_ptr_array_add (in->hits, hit);
      g_ptr_array_add (in->traces, g_object_ref (jx_session_trace_get_trace (other)));
    }
  g_task_set_task_data (task, in, find_input_free);
  g_task_run_in_thread (task, find_thread);
}

GPtrArray *
jx_session_find_phase_finish (JxSession    *self,
                              GAsyncResult *result,
                              GError      **error)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
jx_session_phase_hit_can_align (const JxSessionPhaseHit *hit)
{
  g_return_val_if_fail (hit != NULL, FALSE);
  return hit->match.status == JX_PHASE_FOUND && hit->match.anchor_a != JX_NONE && hit->match.anchor_b != JX_NONE;
}

guint
jx_session_align_phases (JxSession      *self,
                         JxSessionTrace *item,
                         GPtrArray      *hits)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  g_autoptr(GArray) offsets = g_array_new (FALSE, FALSE, sizeof (gint64));
  JxTimeOrigin origin_a;

  g_return_val_if_fail (JX_IS_SESSION (self), 0);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), 0);
  g_return_val_if_fail (hits != NULL, 0);

  origin_a = jx_session_trace_get_time_origin (item);
  for (guint i = 0; i < hits->len; i++)
    {
      const JxSessionPhaseHit *hit = g_ptr_array_index (hits, i);
      gint64 a, b, offset;

      if (!jx_session_phase_hit_can_align (hit) || !jx_session_find_item (self, hit->item, NULL))
        continue;
      /* Offsets are current now, not as they were when the search began. */
      a = jx_time_ticks_to_comparison (origin_a, (gint64) hit->anchor_a_ticks);
      b = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (hit->item), (gint64) hit->anchor_b_ticks);
      offset = jx_session_trace_get_offset (hit->item) + (a - b);
      g_ptr_array_add (items, hit->item);
      g_array_append_val (offsets, offset);
    }
  if (items->len > 0)
    jx_session_set_offsets (self, (JxSessionTrace **) items->pdata, (const gint64 *) (gpointer) offsets->data,
                            items->len);
  return items->len;
}
