/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-job.h — one background computation whose result belongs to a
 * session item (the timeline summary today; the next results follow the same
 * pattern, see jx-session.h).
 *
 * start() cancels the run in progress, if any, and returns the cancellable of
 * the new run; the run's completion callback passes that cancellable to
 * finish(), which says whether the result is still wanted: the run is the
 * current one and nobody cancelled it. cancel() when the inputs go away. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct
{
  GCancellable *current;
} JxSessionJob;

/* The returned cancellable belongs to the job; a run that outlives the next
 * start() or cancel() must hold its own reference (see finish()). */
GCancellable *jx_session_job_start      (JxSessionJob *job);
gboolean      jx_session_job_finish     (JxSessionJob *job,
                                         GCancellable *run);
void          jx_session_job_cancel     (JxSessionJob *job);
gboolean      jx_session_job_is_running (JxSessionJob *job);

G_END_DECLS
