/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-debounce.h — a computation a view runs again whenever its inputs change
 * (the function summary, the legend, the details' statistics): requests
 * within the delay of each other collapse into one run, a new request
 * cancels the run in progress, and only the result of the last run counts.
 *
 * schedule() on every change; the start function (a GSourceFunc that returns
 * G_SOURCE_REMOVE) calls begin() for the run's cancellable and starts a
 * GTask with it; the task's callback calls finish() and uses the result only
 * when it returns TRUE. busy() is TRUE from schedule() until the last run
 * finished. */
#pragma once

#include "jx-session-job.h"

G_BEGIN_DECLS

typedef struct
{
  guint         delay_ms;
  GSourceFunc   start;
  gpointer      data;
  guint         source;
  JxSessionJob  job;
  gboolean      busy;
} JxDebounce;

void          jx_debounce_init     (JxDebounce   *self,
                                    guint         delay_ms,
                                    GSourceFunc   start,
                                    gpointer      data);
void          jx_debounce_schedule (JxDebounce   *self);
/* The cancellable of the run that starts now (owned by the debounce). */
GCancellable *jx_debounce_begin    (JxDebounce   *self);
/* Nothing to run after all (no session): not busy any more. */
void          jx_debounce_idle     (JxDebounce   *self);
gboolean      jx_debounce_finish   (JxDebounce   *self,
                                    GCancellable *run);
gboolean      jx_debounce_busy     (JxDebounce   *self);
/* Stops the timer and cancels the run (dispose). */
void          jx_debounce_clear    (JxDebounce   *self);

G_END_DECLS
