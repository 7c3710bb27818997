/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-job.c */
#include "config.h"

#include "jx-session-job.h"

GCancellable *
jx_session_job_start (JxSessionJob *job)
{
  g_return_val_if_fail (job != NULL, NULL);

  jx_session_job_cancel (job);
  job->current = g_cancellable_new ();
  return job->current;
}

gboolean
jx_session_job_finish (JxSessionJob *job,
                       GCancellable *run)
{
  g_return_val_if_fail (job != NULL, FALSE);
  g_return_val_if_fail (G_IS_CANCELLABLE (run), FALSE);

  if (job->current != run || g_cancellable_is_cancelled (run))
    return FALSE;
  g_clear_object (&job->current);
  return TRUE;
}

void
jx_session_job_cancel (JxSessionJob *job)
{
  g_return_if_fail (job != NULL);

  if (job->current != NULL)
    g_cancellable_cancel (job->current);
  g_clear_object (&job->current);
}

gboolean
jx_session_job_is_running (JxSessionJob *job)
{
  g_return_val_if_fail (job != NULL, FALSE);

  return job->current != NULL;
}
