/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-trace-results.c — what an item computes for folding and SOS
 * time, by the pattern of jx-session.h: the groups at once (cheap), the
 * fold's pyramids and the imbalance analysis in threads, each a
 * JxSessionJob restarted when its inputs change. */
#include "config.h"

#include "jx-session-trace-private.h"

static gboolean
strv_equal0 (const char * const *a,
             const char * const *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strv_equal (a, b);
}

/* Fold ------------------------------------------------------------------- */

typedef struct
{
  JxSessionTrace *item;
  GCancellable   *run;
} Run;

static void
run_free (Run *run)
{
  g_object_unref (run->item);
  g_object_unref (run->run);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

static Run *
run_new (JxSessionTrace *self,
         JxSessionJob   *job)
{
  Run *run = g_new0 (Run, 1);

  run->item = g_object_ref (self);
  run->run = g_object_ref (jx_session_job_start (job));
  return run;
}

static void
fold_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(Run) run = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTimelineFold) fold = jx_timeline_fold_build_finish (result, &error);
  JxSessionTrace *self = run->item;

  if (!jx_session_job_finish (&self->fold_job, run->run) || fold == NULL)
    return;
  g_clear_pointer (&self->fold, jx_timeline_fold_unref);
  self->fold = g_steal_pointer (&fold);
  _jx_session_trace_notify (self, "fold");
}

static void
start_fold (JxSessionTrace *self)
{
  Run *run;

  if (!self->attached || self->summary == NULL || self->groups == NULL)
    return;
  run = run_new (self, &self->fold_job);
  jx_timeline_fold_build_async (self->summary, self->groups, self->fold_op, run->run, fold_done, run);
}

/* New groups or operation: the fold built for the old ones goes. */
static void
restart_fold (JxSessionTrace *self)
{
  jx_session_job_cancel (&self->fold_job);
  if (self->fold != NULL)
    {
      g_clear_pointer (&self->fold, jx_timeline_fold_unref);
      _jx_session_trace_notify (self, "fold");
    }
  start_fold (self);
}

static void
update_groups (JxSessionTrace *self)
{
  g_clear_pointer (&self->groups, jx_stream_groups_unref);
  if (self->trace != NULL && self->attached)
    self->groups = jx_stream_groups_new (self->trace, self->grouping, (const char * const *) self->fold_custom);
  _jx_session_trace_notify (self, "groups");
  restart_fold (self);
}

void
_jx_session_trace_set_fold_inputs (JxSessionTrace     *self,
                                   JxFoldGrouping      grouping,
                                   const char * const *custom,
                                   JxFoldOp            op)
{
  gboolean groups_changed;

  g_return_if_fail (JX_IS_SESSION_TRACE (self));

  groups_changed = grouping != self->grouping ||
                   (grouping == JX_FOLD_GROUPING_CUSTOM &&
                    !strv_equal0 (custom, (const char * const *) self->fold_custom));
  if (!strv_equal0 (custom, (const char * const *) self->fold_custom))
    {
      g_strfreev (self->fold_custom);
      self->fold_custom = g_strdupv ((char **) custom);
    }
  self->grouping = grouping;
  if (groups_changed)
    {
      self->fold_op = op;
      update_groups (self);
    }
  else if (op != self->fold_op)
    {
      self->fold_op = op;
      restart_fold (self);
    }
}

/* Imbalance -------------------------------------------------------------- */

static void
set_imbalance (JxSessionTrace *self,
               JxImbalance    *imbalance,
               const char     *error)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (imbalance != self->imbalance)
    {
      g_clear_pointer (&self->imbalance, jx_imbalance_unref);
      self->imbalance = imbalance != NULL ? jx_imbalance_ref (imbalance) : NULL;
      _jx_session_trace_notify (self, "imbalance");
    }
  if (g_strcmp0 (error, self->imbalance_error) != 0)
    {
      g_free (self->imbalance_error);
      self->imbalance_error = g_strdup (error);
      _jx_session_trace_notify (self, "imbalance-error");
    }
  g_object_thaw_notify (G_OBJECT (self));
}

static void
imbalance_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(Run) run = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JxImbalance) imbalance = jx_imbalance_compute_finish (result, &error);
  JxSessionTrace *self = run->item;

  if (!jx_session_job_finish (&self->imbalance_job, run->run))
    return;
  set_imbalance (self, imbalance, imbalance == NULL ? error->message : NULL);
}

static void
start_imbalance (JxSessionTrace *self)
{
  Run *run;

  if (!self->attached || self->trace == NULL)
    return;
  run = run_new (self, &self->imbalance_job);
  jx_imbalance_compute_async (self->trace, self->sos_function, run->run, imbalance_done, run);
}

void
_jx_session_trace_set_sos_function (JxSessionTrace *self,
                                    const char     *function)
{
  g_return_if_fail (JX_IS_SESSION_TRACE (self));

  if (g_strcmp0 (function, self->sos_function) == 0)
    return;
  g_free (self->sos_function);
  self->sos_function = g_strdup (function);
  jx_session_job_cancel (&self->imbalance_job);
  set_imbalance (self, NULL, NULL);
  start_imbalance (self);
}

/* Life ------------------------------------------------------------------- */

void
_jx_session_trace_results_loaded (JxSessionTrace *self)
{
  update_groups (self);
  start_imbalance (self);
}

void
_jx_session_trace_results_summary (JxSessionTrace *self)
{
  restart_fold (self);
}

void
_jx_session_trace_results_clear (JxSessionTrace *self,
                                 gboolean        notify)
{
  jx_session_job_cancel (&self->fold_job);
  jx_session_job_cancel (&self->imbalance_job);
  if (self->groups != NULL)
    {
      g_clear_pointer (&self->groups, jx_stream_groups_unref);
      if (notify)
        _jx_session_trace_notify (self, "groups");
    }
  if (self->fold != NULL)
    {
      g_clear_pointer (&self->fold, jx_timeline_fold_unref);
      if (notify)
        _jx_session_trace_notify (self, "fold");
    }
  if (self->imbalance != NULL)
    {
      g_clear_pointer (&self->imbalance, jx_imbalance_unref);
      if (notify)
        _jx_session_trace_notify (self, "imbalance");
    }
  g_clear_pointer (&self->imbalance_error, g_free);
}

/* Getters ------------------------------------------------------------------ */

JxStreamGroups *
jx_session_trace_get_groups (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->groups;
}

JxTimelineFold *
jx_session_trace_get_fold (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->fold;
}

JxImbalance *
jx_session_trace_get_imbalance (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->imbalance;
}

const char *
jx_session_trace_get_imbalance_error (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->imbalance_error;
}
