/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-file-apply.c — a saved comparison taken from a session and
 * opened in one (jx-session-file-apply.h). */
#include "config.h"

#include "jx-session-file-apply.h"
#include "jx-session-trace-private.h"

#define PENDING_KEY "jx-session-file-pending"

JxSessionFile *
jx_session_file_capture (JxSession *session)
{
  JxSessionFile *self;
  JxSessionTrace *reference, *selected = NULL;
  const JxTimeSpan *span;
  guint32 stream, invocation;
  guint n;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);

  self = jx_session_file_new ();
  reference = jx_session_get_reference (session);
  jx_session_get_selected_invocation (session, &selected, &stream, &invocation);
  n = g_list_model_get_n_items (G_LIST_MODEL (session));
  for (guint i = 0; i < n; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (session, i);

      JxSessionFileTrace *trace = jx_session_file_add_trace (self, jx_session_trace_get_path (item),
                                                             jx_session_trace_get_offset (item),
                                                             jx_session_trace_get_picked_color (item));
      const JxTraceSelection *selection = jx_session_trace_get_selection (item);
      const char *const *pairs = jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (item));

      if (selection != NULL)
        trace->selection = jx_trace_selection_copy (selection);
      if (item != reference && pairs[0] != NULL)
        trace->paired_by_hand = g_strdupv ((char **) pairs);
      if (item == reference)
        self->reference = (int) i;
      if (item == selected)
        {
          self->selected_trace = (int) i;
          self->selected_stream = stream;
          self->selected_invocation = invocation;
        }
    }

  if (jx_session_get_extent (session, NULL))
    {
      self->has_visible = TRUE;
      self->visible = *jx_session_get_visible_time (session);
    }
  span = jx_session_get_selected_time (session);
  if (span != NULL && jx_time_span_get_duration (span) > 0)
    {
      self->has_selected = TRUE;
      self->selected = *span;
    }
  self->fold_grouping = jx_session_get_fold_grouping (session);
  self->fold_operation = jx_session_get_fold_operation (session);
  if (jx_session_get_fold_custom (session) != NULL && jx_session_get_fold_custom (session)[0] != NULL)
    self->fold_custom = g_strdupv ((char **) jx_session_get_fold_custom (session));
  self->show_sos = jx_session_get_show_sos (session);
  self->sos_function = g_strdup (jx_session_get_sos_function (session));
  self->diff_mode = jx_session_get_diff_mode (session);
  self->noise_band = jx_session_get_noise_band (session);
  self->differences_by_impact = jx_session_get_differences_by_impact (session);
  self->align_ends = jx_session_get_align_ends (session);
  self->search = g_strdup (jx_session_get_search (session));
  self->counter_metric = g_strdup (jx_counter_model_get_metric (jx_session_get_counter_model (session)));
  return self;
}

/* What waits for the loads: the window and the selection. */
typedef struct
{
  JxSession  *session;       /* weak: the pending state is the session's data */
  GPtrArray  *items;         /* JxSessionTrace* or NULL (missing), by file index */
  gulong      handler;
  gboolean    has_visible;
  JxTimeSpan  visible;
  gboolean    has_selected;
  JxTimeSpan  selected;
  int         selected_trace;
  guint32     selected_stream;
  guint32     selected_invocation;
} Pending;

static void
unref_item (gpointer item)
{
  if (item != NULL)
    g_object_unref (item);
}

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  g_clear_signal_handler (&pending->handler, pending->session);
  g_ptr_array_unref (pending->items);
  g_free (pending);
}

static void
apply_pending (Pending *pending)
{
  JxSession *session = pending->session;

  /* Another comparison replaced this one meanwhile: nothing to restore. */
  for (guint i = 0; i < pending->items->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (pending->items, i);

      if (item != NULL && !jx_session_find_item (session, item, NULL))
        return;
    }

  if (pending->has_visible && jx_session_get_extent (session, NULL))
    jx_session_set_visible_time (session, &pending->visible);
  if (pending->has_selected)
    jx_session_select_time (session, &pending->selected);
  if (pending->selected_trace >= 0 && (guint) pending->selected_trace < pending->items->len)
    {
      JxSessionTrace *item = g_ptr_array_index (pending->items, pending->selected_trace);
      JxTrace *trace = item != NULL ? jx_session_trace_get_trace (item) : NULL;

      if (trace != NULL && pending->selected_stream < jx_trace_get_n_streams (trace) &&
          pending->selected_invocation < jx_trace_get_stream (trace, pending->selected_stream)->n_invocations)
        jx_session_select_invocation (session, item, pending->selected_stream, pending->selected_invocation);
    }
}

static void
on_n_loading (JxSession  *session,
              GParamSpec *pspec,
              Pending    *pending)
{
  if (jx_session_get_n_loading (session) > 0)
    return;
  apply_pending (pending);
  /* Frees pending and disconnects this handler. */
  g_object_set_data (G_OBJECT (session), PENDING_KEY, NULL);
}

/* The same trace may be in a comparison twice as two different parts. */
static gboolean
has_same (JxSession          *session,
          JxSessionFileTrace *trace)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (session)); i++)
    {
      JxSessionTrace *item = jx_session_peek_item (session, i);
      const JxTraceSelection *selection = jx_session_trace_get_selection (item);

      if (g_strcmp0 (jx_session_trace_get_path (item), trace->path) != 0)
        continue;
      if ((selection == NULL && trace->selection == NULL) ||
          (selection != NULL && trace->selection != NULL && jx_trace_selection_equal (selection, trace->selection)))
        return TRUE;
    }
  return FALSE;
}

/* The part saved is loaded again without asking (partial, as it was). */
static JxSessionTrace *
add_trace (JxSession          *session,
           JxSessionFileTrace *trace,
           const char         *path)
{
  if (trace->selection != NULL)
    return jx_session_add_path_with_selection (session, path, trace->selection);
  return jx_session_add_path (session, path);
}

static void
apply_trace (JxSessionFileTrace *trace,
             JxSessionTrace     *item)
{
  if (trace->offset_ns != 0)
    _jx_session_trace_set_offset (item, trace->offset_ns);
  if (trace->picked_color != 0)
    jx_session_trace_set_picked_color (item, trace->picked_color);
}

GArray *
jx_session_file_apply (JxSessionFile *self,
                       JxSession     *session)
{
  GArray *missing = g_array_new (FALSE, FALSE, sizeof (guint));
  Pending *pending;

  g_return_val_if_fail (self != NULL, missing);
  g_return_val_if_fail (JX_IS_SESSION (session), missing);

  g_object_set_data (G_OBJECT (session), PENDING_KEY, NULL);
  jx_session_clear (session);

  pending = g_new0 (Pending, 1);
  pending->session = session;
  pending->items = g_ptr_array_new_full (self->traces->len, unref_item);
  pending->has_visible = self->has_visible;
  pending->visible = self->visible;
  pending->has_selected = self->has_selected;
  pending->selected = self->selected;
  pending->selected_trace = self->selected_trace;
  pending->selected_stream = self->selected_stream;
  pending->selected_invocation = self->selected_invocation;

  /* The modes first, so the traces' folding and comparisons start with
   * them. */
  jx_session_set_fold_grouping (session, self->fold_grouping);
  jx_session_set_fold_operation (session, self->fold_operation);
  jx_session_set_fold_custom (session, (const char * const *) self->fold_custom);
  jx_session_set_show_sos (session, self->show_sos);
  jx_session_set_sos_function (session, self->sos_function);
  jx_session_set_diff_mode (session, self->diff_mode);
  jx_session_set_noise_band (session, self->noise_band);
  jx_session_set_differences_by_impact (session, self->differences_by_impact);
  jx_session_set_align_ends (session, self->align_ends);
  if (self->counter_metric != NULL)
    jx_counter_model_set_metric (jx_session_get_counter_model (session), self->counter_metric);

  for (guint i = 0; i < self->traces->len; i++)
    {
      JxSessionFileTrace *trace = g_ptr_array_index (self->traces, i);
      JxSessionTrace *item;

      if (!g_file_test (trace->path, G_FILE_TEST_EXISTS) || has_same (session, trace))
        {
          if (!g_file_test (trace->path, G_FILE_TEST_EXISTS))
            g_array_append_val (missing, i);
          g_ptr_array_add (pending->items, NULL);
          continue;
        }
      item = add_trace (session, trace, trace->path);
      apply_trace (trace, item);
      g_ptr_array_add (pending->items, g_object_ref (item));
      if ((int) i == self->reference)
        jx_session_set_reference (session, item);
    }
  /* After the reference: the hand pairings name its streams (and a new
   * reference drops those of the old one). The comparisons start once
   * the traces have loaded, with them. */
  for (guint i = 0; i < self->traces->len; i++)
    {
      JxSessionFileTrace *trace = g_ptr_array_index (self->traces, i);
      JxSessionTrace *item = g_ptr_array_index (pending->items, i);

      if (item != NULL && (int) i != self->reference)
        jx_trace_comparison_set_overrides (jx_session_trace_get_trace_comparison (item),
                                           (const char *const *) trace->paired_by_hand);
    }
  if (self->search != NULL && self->search[0] != '\0')
    jx_session_set_search (session, self->search);

  g_object_set_data_full (G_OBJECT (session), PENDING_KEY, pending, pending_free);
  if (jx_session_get_n_loading (session) == 0)
    on_n_loading (session, NULL, pending);
  else
    pending->handler = g_signal_connect (session, "notify::n-loading", G_CALLBACK (on_n_loading), pending);
  return missing;
}

JxSessionTrace *
jx_session_file_apply_located (JxSessionFile *self,
                               JxSession     *session,
                               guint          index,
                               const char    *path)
{
  JxSessionFileTrace *trace;
  JxSessionTrace *item;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (index < self->traces->len, NULL);
  g_return_val_if_fail (path != NULL, NULL);

  trace = g_ptr_array_index (self->traces, index);
  g_free (trace->path);
  trace->path = g_strdup (path);
  if (has_same (session, trace))
    return NULL;
  item = add_trace (session, trace, path);
  apply_trace (trace, item);
  if ((int) index == self->reference)
    jx_session_set_reference (session, item);
  else if (jx_session_get_reference (session) != NULL && self->reference >= 0 &&
           g_strcmp0 (jx_session_trace_get_path (jx_session_get_reference (session)),
                      ((JxSessionFileTrace *) g_ptr_array_index (self->traces, (guint) self->reference))->path) == 0)
    jx_trace_comparison_set_overrides (jx_session_trace_get_trace_comparison (item),
                                       (const char *const *) trace->paired_by_hand);
  return item;
}
