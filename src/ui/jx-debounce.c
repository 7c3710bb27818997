/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-debounce.c */
#include "config.h"

#include "jx-debounce.h"

void
jx_debounce_init (JxDebounce  *self,
                  guint        delay_ms,
                  GSourceFunc  start,
                  gpointer     data)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (start != NULL);

  memset (self, 0, sizeof *self);
  self->delay_ms = delay_ms;
  self->start = start;
  self->data = data;
}

void
jx_debounce_schedule (JxDebounce *self)
{
  g_return_if_fail (self != NULL);

  jx_session_job_cancel (&self->job);
  g_clear_handle_id (&self->source, g_source_remove);
  self->busy = TRUE;
  self->source = g_timeout_add (self->delay_ms, self->start, self->data);
}

GCancellable *
jx_debounce_begin (JxDebounce *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  /* Called from the timeout itself, which returns G_SOURCE_REMOVE. */
  self->source = 0;
  return jx_session_job_start (&self->job);
}

void
jx_debounce_idle (JxDebounce *self)
{
  g_return_if_fail (self != NULL);

  self->source = 0;
  jx_session_job_cancel (&self->job);
  self->busy = FALSE;
}

gboolean
jx_debounce_finish (JxDebounce   *self,
                    GCancellable *run)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (!jx_session_job_finish (&self->job, run))
    return FALSE;
  self->busy = self->source != 0;
  return TRUE;
}

gboolean
jx_debounce_busy (JxDebounce *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->busy;
}

void
jx_debounce_clear (JxDebounce *self)
{
  g_return_if_fail (self != NULL);

  g_clear_handle_id (&self->source, g_source_remove);
  jx_session_job_cancel (&self->job);
  self->busy = FALSE;
}
