/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-align.c — "Align All Traces Here" and its report (see
 * jx-session-align.h). */
#include "config.h"

#include "jx-session-align.h"

struct _JxAlignReport
{
  gatomicrefcount  ref_count;
  char            *what;
  gboolean         marker;
  JxAlignEdge      edge;
  GArray          *entries;   /* JxAlignEntry */
};

G_DEFINE_BOXED_TYPE (JxAlignReport, jx_align_report, jx_align_report_ref, jx_align_report_unref)

static void
entry_clear (gpointer data)
{
  JxAlignEntry *entry = data;

  g_clear_object (&entry->item);
  g_clear_pointer (&entry->process, g_free);
  g_clear_pointer (&entry->stream, g_free);
}

static JxAlignReport *
report_new (const char  *what,
            gboolean     marker,
            JxAlignEdge  edge)
{
  JxAlignReport *self = g_new0 (JxAlignReport, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->what = g_strdup (what != NULL ? what : "");
  self->marker = marker;
  self->edge = edge;
  self->entries = g_array_new (FALSE, TRUE, sizeof (JxAlignEntry));
  g_array_set_clear_func (self->entries, entry_clear);
  return self;
}

static JxAlignEntry *
report_add (JxAlignReport      *self,
            JxSessionTrace     *item,
            JxAlignEntryStatus  status)
{
  JxAlignEntry entry = { 0 };

  entry.item = g_object_ref (item);
  entry.status = status;
  entry.stream_index = JX_NONE;
  entry.invocation = JX_NONE;
  entry.offset_before = entry.offset_after = jx_session_trace_get_offset (item);
  g_array_append_val (self->entries, entry);
  return &g_array_index (self->entries, JxAlignEntry, self->entries->len - 1);
}

JxAlignReport *
jx_align_report_ref (JxAlignReport *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
jx_align_report_unref (JxAlignReport *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->what);
  g_array_unref (self->entries);
  g_free (self);
}

const char *
jx_align_report_get_what (JxAlignReport *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->what;
}

gboolean
jx_align_report_is_marker (JxAlignReport *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->marker;
}

JxAlignEdge
jx_align_report_get_edge (JxAlignReport *self)
{
  g_return_val_if_fail (self != NULL, JX_ALIGN_EDGE_START);
  return self->edge;
}

guint
jx_align_report_get_n_entries (JxAlignReport *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->entries->len;
}

const JxAlignEntry *
jx_align_report_get_entry (JxAlignReport *self,
                           guint          index)
{
  g_return_val_if_fail (self != NULL && index < self->entries->len, NULL);
  return &g_array_index (self->entries, JxAlignEntry, index);
}

static guint
count_status (JxAlignReport *self,
              gboolean       aligned)
{
  guint n = 0;

  for (guint i = 0; i < self->entries->len; i++)
    {
      JxAlignEntryStatus s = g_array_index (self->entries, JxAlignEntry, i).status;

      if (s != JX_ALIGN_ENTRY_REFERENCE && (s == JX_ALIGN_ENTRY_ALIGNED) == aligned)
        n++;
    }
  return n;
}

guint
jx_align_report_count_aligned (JxAlignReport *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return count_status (self, TRUE);
}

guint
jx_align_report_count_left (JxAlignReport *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return count_status (self, FALSE);
}

/* Matching in a thread ------------------------------------------------------ */

typedef struct
{
  /* Worker inputs: immutable. */
  JxCallProfile *profile;
  JxAlignEdge    edge;
  GPtrArray     *traces;        /* JxTrace*, NULL for items not loaded */
  /* Main thread only. */
  GPtrArray     *items;         /* JxSessionTrace*, session order */
  JxSessionTrace *reference;
  GTask         *outer;
  /* Worker output. */
  JxCallMatch   *matches;       /* one per item */
} AlignJob;

static void
unref_trace (gpointer trace)
{
  if (trace != NULL)
    g_object_unref (trace);
}

static void
align_job_free (gpointer data)
{
  AlignJob *job = data;

  g_clear_pointer (&job->profile, jx_call_profile_free);
  g_clear_pointer (&job->traces, g_ptr_array_unref);
  g_clear_pointer (&job->items, g_ptr_array_unref);
  g_clear_object (&job->reference);
  g_clear_pointer (&job->matches, g_free);
  g_free (job);
}

static void
match_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  AlignJob *job = task_data;

  for (guint i = 0; i < job->traces->len; i++)
    {
      JxTrace *trace = g_ptr_array_index (job->traces, i);

      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (trace != NULL && g_ptr_array_index (job->items, i) != job->reference)
        jx_call_profile_match (job->profile, trace, job->edge, &job->matches[i]);
    }
  g_task_return_boolean (task, !g_cancellable_is_cancelled (cancellable));
}

static JxAlignEntryStatus
entry_status (JxCallMatchStatus status)
{
  switch (status)
    {
    case JX_CALL_MATCH_FOUND:
      return JX_ALIGN_ENTRY_ALIGNED;
    case JX_CALL_MATCH_NO_PROCESS:
      return JX_ALIGN_ENTRY_NO_PROCESS;
    case JX_CALL_MATCH_NO_FUNCTION:
      return JX_ALIGN_ENTRY_NO_FUNCTION;
    case JX_CALL_MATCH_NOT_CALLED:
    default:
      return JX_ALIGN_ENTRY_NOT_CALLED;
    }
}

/* Names of the stream `s` of `trace` into the entry. */
static void
entry_set_stream (JxAlignEntry *entry,
                  JxTrace      *trace,
                  guint32       process,
                  guint32       stream)
{
  if (process != JX_NONE)
    entry->process = g_strdup (jx_trace_get_process (trace, process)->name);
  if (stream != JX_NONE)
    {
      entry->stream = g_strdup (jx_trace_get_stream (trace, stream)->name);
      entry->stream_index = stream;
    }
}

static guint32
ordinal_of (const JxStream *s,
            guint32         invocation)
{
  guint32 n = 0;

  for (guint32 i = 0; i <= invocation; i++)
    if (s->region[i] == s->region[invocation])
      n++;
  return n;
}

/* The reference did not move, so the same window keeps the selected
 * invocation (at comparison time `t`) where it was on screen. When the
 * traces' extent changed so that the window would no longer fit in it, the
 * window narrows around `t` instead, keeping `t` at the same place. */
static void
keep_on_screen (JxSession        *session,
                const JxTimeSpan *view,
                gint64            t)
{
  double width = (double) jx_time_span_get_duration (view);
  double f = width > 0 ? (double) (t - view->begin_ns) / width : -1.0;
  JxTimeSpan extent;
  double w = width;
  gint64 begin;

  if (f <= 0.0 || f >= 1.0 || !jx_session_get_extent (session, &extent))
    {
      jx_session_set_visible_time (session, view);
      return;
    }
  w = MIN (w, (double) (t - extent.begin_ns) / f);
  w = MIN (w, (double) (extent.end_ns - t) / (1.0 - f));
  w = MAX (w, 1000.0);
  begin = t - (gint64) (f * w + 0.5);
  jx_session_set_visible_time (session, &(JxTimeSpan) { begin, begin + (gint64) (w + 0.5) });
}

/* On the main thread: offsets from the reference's offset now, one step. */
static void
apply_matches (JxSession *session,
               AlignJob  *job,
               JxAlignReport *report)
{
  g_autoptr(GPtrArray) moved = g_ptr_array_new ();
  g_autoptr(GArray) offsets = g_array_new (FALSE, FALSE, sizeof (gint64));
  JxTrace *ref_trace = jx_call_profile_get_trace (job->profile);
  const JxStream *ref_stream = jx_trace_get_stream (ref_trace, jx_call_profile_get_stream (job->profile));
  guint32 ref_inv = jx_call_profile_get_invocation (job->profile);
  guint64 ref_ticks = jx_call_profile_edge_ticks (ref_stream, ref_inv, job->edge);
  gboolean ref_ok = jx_session_find_item (session, job->reference, NULL) &&
                    jx_session_trace_get_trace (job->reference) == ref_trace;
  gint64 ref_offset = jx_session_trace_get_offset (job->reference);
  JxTimeSpan view = *jx_session_get_visible_time (session);

  for (guint i = 0; i < job->items->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (job->items, i);
      JxTrace *trace = g_ptr_array_index (job->traces, i);
      const JxCallMatch *m = &job->matches[i];
      JxAlignEntry *entry;
      gboolean current = jx_session_find_item (session, item, NULL) && trace != NULL &&
                         jx_session_trace_get_trace (item) == trace;

      if (item == job->reference)
        {
          entry = report_add (report, item, JX_ALIGN_ENTRY_REFERENCE);
          entry_set_stream (entry, ref_trace, ref_stream->process, jx_call_profile_get_stream (job->profile));
          entry->invocation = ref_inv;
          entry->ordinal = ordinal_of (ref_stream, ref_inv);
          entry->time_ns = ref_ok ? jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), ref_ticks) : 0;
          continue;
        }
      if (!current || !ref_ok)
        {
          report_add (report, item, JX_ALIGN_ENTRY_NOT_LOADED);
          continue;
        }
      entry = report_add (report, item, entry_status (m->status));
      entry_set_stream (entry, trace, m->match.process, m->match.stream);
      if (m->status != JX_CALL_MATCH_FOUND)
        continue;
      entry->invocation = m->search.invocation;
      entry->ordinal = m->search.ordinal;
      entry->error = m->search.error;
      entry->n_candidates = m->search.n_candidates;
      entry->offset_after = jx_call_profile_offset_for (ref_trace, ref_offset, ref_ticks, trace, m->ticks);
      /* By construction the same comparison time as the reference's. */
      entry->time_ns = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (job->reference), ref_ticks);
      g_ptr_array_add (moved, item);
      g_array_append_val (offsets, entry->offset_after);
    }

  if (moved->len > 0)
    {
      jx_session_set_offsets (session, (JxSessionTrace **) moved->pdata, (const gint64 *) (gpointer) offsets->data,
                              moved->len);
      if (ref_ok)
        keep_on_screen (session, &view, jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (job->reference), ref_ticks));
    }
}

static void
match_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  AlignJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GTask) outer = g_steal_pointer (&job->outer);
  JxSession *session = g_task_get_source_object (outer);
  JxAlignReport *report;
  JxTrace *ref_trace = jx_call_profile_get_trace (job->profile);
  const JxStream *s = jx_trace_get_stream (ref_trace, jx_call_profile_get_stream (job->profile));

  if (!g_task_propagate_boolean (G_TASK (result), NULL) || g_task_return_error_if_cancelled (outer))
    {
      if (!g_task_had_error (outer))
        g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", "cancelled");
      return;
    }
  report = report_new (jx_trace_get_region (ref_trace, s->region[jx_call_profile_get_invocation (job->profile)])->name,
                                 FALSE, job->edge);
  apply_matches (session, job, report);
  g_task_return_pointer (outer, report, (GDestroyNotify) jx_align_report_unref);
}

void
jx_session_align_at_async (JxSession           *self,
                           JxSessionTrace      *item,
                           guint32              stream,
                           guint32              invocation,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) outer = NULL;
  g_autoptr(GTask) inner = NULL;
  JxTrace *trace;
  AlignJob *job;
  guint n;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, jx_session_align_at_async);
  trace = jx_session_trace_get_trace (item);
  if (!jx_session_find_item (self, item, NULL) || trace == NULL ||
      stream >= jx_trace_get_n_streams (trace) ||
      invocation >= jx_trace_get_stream (trace, stream)->n_invocations)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                               "no such invocation to align at");
      return;
    }

  job = g_new0 (AlignJob, 1);
  job->profile = jx_call_profile_new (trace, stream, invocation);
  job->edge = jx_session_get_align_ends (self) ? JX_ALIGN_EDGE_END : JX_ALIGN_EDGE_START;
  job->reference = g_object_ref (item);
  n = g_list_model_get_n_items (G_LIST_MODEL (self));
  job->items = g_ptr_array_new_full (n, g_object_unref);
  job->traces = g_ptr_array_new_full (n, unref_trace);
  job->matches = g_new0 (JxCallMatch, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      JxSessionTrace *other = jx_session_peek_item (self, i);
      JxTrace *t = jx_session_trace_get_trace (other);

      g_ptr_array_add (job->items, g_object_ref (other));
      g_ptr_array_add (job->traces, t != NULL ? g_object_ref (t) : NULL);
    }
  job->outer = g_object_ref (outer);

  inner = g_task_new (NULL, cancellable, match_done, NULL);
  g_task_set_task_data (inner, job, align_job_free);
  g_task_run_in_thread (inner, match_thread);
}

JxAlignReport *
jx_session_align_at_finish (JxSession     *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* At markers --------------------------------------------------------------- */

/* The ticks of the marker's edge that lines up. */
static guint64
marker_edge (JxSessionMarker *marker,
             JxAlignEdge      edge)
{
  guint64 ticks = jx_session_marker_get_ticks (marker);

  return edge == JX_ALIGN_EDGE_END ? ticks + jx_session_marker_get_duration_ticks (marker) : ticks;
}

JxAlignReport *
jx_session_align_markers (JxSession        *session,
                          JxSessionMarker **markers,
                          guint             n)
{
  g_autoptr(GPtrArray) moved = g_ptr_array_new ();
  g_autoptr(GArray) offsets = g_array_new (FALSE, FALSE, sizeof (gint64));
  JxAlignEdge edge;
  JxAlignReport *report;
  JxSessionMarker *first;
  JxSessionTrace *first_item;
  JxTrace *first_trace;
  gint64 time_ns;
  guint n_items;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (markers != NULL || n == 0, NULL);

  if (n < 2)
    return NULL;
  first = markers[0];
  first_item = jx_session_marker_get_item (first);
  first_trace = jx_session_trace_get_trace (first_item);
  if (first_trace == NULL)
    return NULL;
  edge = jx_session_get_align_ends (session) ? JX_ALIGN_EDGE_END : JX_ALIGN_EDGE_START;
  jx_session_markers_set_highlighted (jx_session_get_markers (session), markers, n);
  time_ns = jx_session_marker_get_comparison_ns (first, edge == JX_ALIGN_EDGE_END);

  report = report_new (jx_session_marker_get_text (first), TRUE, edge);
  n_items = g_list_model_get_n_items (G_LIST_MODEL (session));
  for (guint i = 0; i < n_items; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (session, i);
      JxTrace *trace = jx_session_trace_get_trace (item);
      JxSessionMarker *m = NULL;
      JxAlignEntry *entry;

      for (guint k = 0; k < n && m == NULL; k++)
        if (jx_session_marker_get_item (markers[k]) == item)
          m = markers[k];
      if (m == NULL || trace == NULL)
        {
          report_add (report, item, trace == NULL ? JX_ALIGN_ENTRY_NOT_LOADED : JX_ALIGN_ENTRY_NO_MARKER);
          continue;
        }
      entry = report_add (report, item, m == first ? JX_ALIGN_ENTRY_REFERENCE : JX_ALIGN_ENTRY_ALIGNED);
      entry->invocation = G_MAXUINT32;
      entry->time_ns = time_ns;
      if (m == first)
        continue;
      entry->offset_after = jx_call_profile_offset_for (first_trace, jx_session_trace_get_offset (first_item),
                                                        marker_edge (first, edge), trace, marker_edge (m, edge));
      g_ptr_array_add (moved, item);
      g_array_append_val (offsets, entry->offset_after);
    }

  if (moved->len > 0)
    jx_session_set_offsets (session, (JxSessionTrace **) moved->pdata, (const gint64 *) (gpointer) offsets->data,
                            moved->len);
  /* The markers lie next to each other now; bring them into view. */
  jx_time_model_centre_on (jx_session_get_time_model (session), time_ns);
  return report;
}
