/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-canvas-rows.c — see jx-canvas-rows.h. */
#include "config.h"

#include "jx-canvas-rows.h"

struct _JxCanvasRows
{
  JxTrace      *trace;
  GArray       *rows;               /* JxTimelineRow; NULL before a layout */
  int           height;
  guint8       *collapsed;          /* per process */
  guint8       *readable;           /* per process: expanded by the user, or the call-stack process */
  guint         n_processes;
  guint32       call_stack_process;
  gboolean      full_rows;          /* Readable Rows */
  guint8       *search_mask;

  GCancellable *call_stack_run;     /* of the pyramids being built */
  void        (*ready) (gpointer data);
  gpointer      data;
};

JxCanvasRows *
jx_canvas_rows_new (void   (*ready) (gpointer data),
                    gpointer data)
{
  JxCanvasRows *self = g_new0 (JxCanvasRows, 1);

  self->call_stack_process = JX_NONE;
  self->ready = ready;
  self->data = data;
  return self;
}

/* Stops building the pyramids of the last process asked for. */
static void
cancel_call_stack (JxCanvasRows *self)
{
  if (self->call_stack_run != NULL)
    g_cancellable_cancel (self->call_stack_run);
  g_clear_object (&self->call_stack_run);
}

void
jx_canvas_rows_free (JxCanvasRows *self)
{
  if (self == NULL)
    return;
  cancel_call_stack (self);
  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->collapsed, g_free);
  g_clear_pointer (&self->readable, g_free);
  g_clear_pointer (&self->search_mask, g_free);
  g_clear_object (&self->trace);
  g_free (self);
}

void
jx_canvas_rows_set_trace (JxCanvasRows *self,
                          JxTrace      *trace)
{
  if (trace == self->trace)
    return;
  cancel_call_stack (self);
  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->collapsed, g_free);
  g_clear_pointer (&self->readable, g_free);
  g_clear_pointer (&self->search_mask, g_free);
  g_clear_object (&self->trace);
  self->height = 0;
  self->n_processes = 0;
  self->call_stack_process = JX_NONE;
  if (trace == NULL)
    return;
  self->trace = g_object_ref (trace);
  self->n_processes = jx_trace_get_n_processes (trace);
  self->collapsed = g_new0 (guint8, MAX (1, self->n_processes));
  self->readable = g_new0 (guint8, MAX (1, self->n_processes));
}

JxTrace *
jx_canvas_rows_get_trace (JxCanvasRows *self)
{
  return self->trace;
}

gboolean
jx_canvas_rows_layout (JxCanvasRows           *self,
                       JxTimelineLayoutParams *params)
{
  int old_height = self->height;

  g_clear_pointer (&self->rows, g_array_unref);
  self->height = 0;
  if (self->trace != NULL)
    {
      params->collapsed = self->collapsed;
      params->call_stack_process = self->call_stack_process;
      params->readable = self->readable;
      if (self->call_stack_process != JX_NONE)
        {
          /* The call-stack process is readable as well, for this layout. */
          g_autofree guint8 *readable = g_memdup2 (self->readable, MAX (1, self->n_processes));

          readable[self->call_stack_process] = 1;
          params->readable = readable;
          self->rows = jx_timeline_layout_new (self->trace, params, &self->height);
          params->readable = self->readable;
        }
      else
        self->rows = jx_timeline_layout_new (self->trace, params, &self->height);
    }
  return old_height != self->height;
}

const JxTimelineRow *
jx_canvas_rows_get (JxCanvasRows *self,
                    guint        *n_rows)
{
  *n_rows = self->rows != NULL ? self->rows->len : 0;
  return self->rows != NULL ? (const JxTimelineRow *) (gpointer) self->rows->data : NULL;
}

int
jx_canvas_rows_get_height (JxCanvasRows *self)
{
  return self->height;
}

gboolean
jx_canvas_rows_get_collapsed (JxCanvasRows *self,
                              guint32       process)
{
  return process < self->n_processes && self->collapsed[process];
}

gboolean
jx_canvas_rows_set_collapsed (JxCanvasRows *self,
                              guint32       process,
                              gboolean      collapsed)
{
  if (process >= self->n_processes || !!self->collapsed[process] == !!collapsed)
    return FALSE;
  self->collapsed[process] = !!collapsed;
  /* Expanded by the user: readable rows; collapsed: its header only. */
  self->readable[process] = !collapsed;
  return TRUE;
}

gboolean
jx_canvas_rows_get_readable (JxCanvasRows *self,
                             guint32       process)
{
  return process < self->n_processes &&
         (self->readable[process] || process == self->call_stack_process);
}

void
jx_canvas_rows_collapse_all (JxCanvasRows *self,
                             gboolean      collapsed)
{
  for (guint p = 0; p < self->n_processes; p++)
    {
      self->collapsed[p] = !!collapsed;
      self->readable[p] = 0;
    }
}

/* Call stacks ---------------------------------------------------------------- */

static void
ensure_call_stack_thread (GTask        *task,
                          gpointer      source_object,
                          gpointer      task_data,
                          GCancellable *cancellable)
{
  JxTimelineSummary *summary = task_data;
  JxTrace *trace = jx_timeline_summary_get_trace (summary);
  guint32 process = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (task), "process"));
  const JxProcess *p = jx_trace_get_process (trace, process);

  for (guint32 s = p->first_stream; s < p->first_stream + p->n_streams; s++)
    if (!jx_timeline_summary_ensure_call_stack (summary, s, cancellable, NULL))
      break;
  g_task_return_boolean (task, TRUE);
}

static void
ensure_call_stack_done (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  JxCanvasRows *self = user_data;

  /* A run that is not cancelled is the current one, so self is alive: every
   * other was cancelled, by a newer one, a new trace or the rows' end. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->call_stack_run);
  if (self->ready != NULL)
    self->ready (self->data);
}

gboolean
jx_canvas_rows_set_readable (JxCanvasRows *self,
                             guint32       process,
                             gboolean      readable)
{
  if (process >= self->n_processes || !!self->readable[process] == !!readable)
    return FALSE;
  self->readable[process] = !!readable;
  return TRUE;
}

gboolean
jx_canvas_rows_get_full_rows (JxCanvasRows *self)
{
  return self->full_rows;
}

gboolean
jx_canvas_rows_set_full_rows (JxCanvasRows *self,
                              gboolean      full_rows)
{
  if (self->full_rows == !!full_rows)
    return FALSE;
  self->full_rows = !!full_rows;
  return TRUE;
}

guint32
jx_canvas_rows_get_call_stack_process (JxCanvasRows *self)
{
  return self->call_stack_process;
}

gboolean
jx_canvas_rows_set_call_stack_process (JxCanvasRows      *self,
                                       guint32            process,
                                       JxTimelineSummary *summary)
{
  g_autoptr(GTask) task = NULL;

  if ((process != JX_NONE && process >= self->n_processes) || self->call_stack_process == process)
    return FALSE;
  self->call_stack_process = process;
  cancel_call_stack (self);
  if (process == JX_NONE || summary == NULL)
    return TRUE;

  self->call_stack_run = g_cancellable_new ();
  task = g_task_new (NULL, self->call_stack_run, ensure_call_stack_done, self);
  g_task_set_task_data (task, jx_timeline_summary_ref (summary), (GDestroyNotify) jx_timeline_summary_unref);
  g_object_set_data (G_OBJECT (task), "process", GUINT_TO_POINTER (process));
  g_task_run_in_thread (task, ensure_call_stack_thread);
  return TRUE;
}

/* Search and lookups ------------------------------------------------------------ */

void
jx_canvas_rows_set_search (JxCanvasRows *self,
                           const char   *text)
{
  g_clear_pointer (&self->search_mask, g_free);
  if (self->trace != NULL)
    self->search_mask = jx_timeline_search_mask_new (self->trace, text, NULL);
}

const guint8 *
jx_canvas_rows_get_search_mask (JxCanvasRows *self)
{
  return self->search_mask;
}

int
jx_canvas_rows_find_stream (JxCanvasRows *self,
                            guint32       stream)
{
  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    {
      const JxTimelineRow *r = &g_array_index (self->rows, JxTimelineRow, i);

      if (r->kind == JX_TIMELINE_ROW_STREAM && r->stream == stream)
        return (int) i;
    }
  return -1;
}

gboolean
jx_canvas_rows_has_process_header (JxCanvasRows *self,
                                   guint32       process)
{
  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    {
      const JxTimelineRow *r = &g_array_index (self->rows, JxTimelineRow, i);

      if (r->kind == JX_TIMELINE_ROW_PROCESS && r->process == process)
        return TRUE;
    }
  return FALSE;
}
