/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-folding.c — see jx-trace-folding.h. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-background.h"
#include "jx-session-job.h"
#include "jx-trace-folding.h"

struct _JxTraceFolding
{
  GObject             parent_instance;

  /* Inputs. */
  JxTrace            *trace;
  JxTimelineSummary  *summary;
  gboolean            cleared;       /* for good: nothing computes any more */
  JxFoldGrouping      grouping;
  JxFoldOp            fold_op;
  char              **fold_custom;
  guint32            *cluster_of;      /* per stream, for the clusters grouping; NULL = none */
  guint               n_cluster_of;
  char               *sos_function;
  JxSosCommon         sos_mode;      /* with no sos_function: own, wait, or the common one */
  char               *sos_common;

  /* Results. */
  JxStreamGroups     *groups;
  JxTimelineFold     *fold;
  JxSessionJob        fold_job;
  JxImbalance        *imbalance;
  char               *imbalance_error;
  char               *imbalance_note;
  JxSessionJob        imbalance_job;
};

enum {
  PROP_0,
  PROP_GROUPS,
  PROP_FOLD,
  PROP_IMBALANCE,
  PROP_IMBALANCE_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxTraceFolding, jx_trace_folding, G_TYPE_OBJECT)

static void
notify (JxTraceFolding *self,
        guint           prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static gboolean
strv_equal0 (const char * const *a,
             const char * const *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strv_equal (a, b);
}

typedef struct
{
  JxTraceFolding *self;
  GCancellable   *run;
} Run;

static void
run_free (Run *run)
{
  g_object_unref (run->self);
  g_object_unref (run->run);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

static Run *
run_new (JxTraceFolding *self,
         JxSessionJob   *job)
{
  Run *run = g_new0 (Run, 1);

  run->self = g_object_ref (self);
  run->run = g_object_ref (jx_session_job_start (job));
  return run;
}

/* Fold ------------------------------------------------------------------- */

static void
fold_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(Run) run = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTimelineFold) fold = jx_timeline_fold_build_finish (result, &error);
  JxTraceFolding *self = run->self;

  if (!jx_session_job_finish (&self->fold_job, run->run) || fold == NULL)
    return;
  /* clear() cancels the jobs for good. */
  g_assert (!self->cleared);
  g_clear_pointer (&self->fold, jx_timeline_fold_unref);
  self->fold = g_steal_pointer (&fold);
  notify (self, PROP_FOLD);
}

static void
start_fold (JxTraceFolding *self)
{
  Run *run;

  if (self->summary == NULL || self->groups == NULL)
    return;
  run = run_new (self, &self->fold_job);
  jx_timeline_fold_build_async (self->summary, self->groups, self->fold_op, run->run, fold_done, run);
}

/* New groups or operation: the fold built for the old ones goes. */
static void
restart_fold (JxTraceFolding *self)
{
  jx_session_job_cancel (&self->fold_job);
  if (self->fold != NULL)
    {
      g_clear_pointer (&self->fold, jx_timeline_fold_unref);
      notify (self, PROP_FOLD);
    }
  start_fold (self);
}

static void
update_groups (JxTraceFolding *self)
{
  g_clear_pointer (&self->groups, jx_stream_groups_unref);
  if (self->trace != NULL)
    self->groups = jx_stream_groups_new_full (self->trace, self->grouping, (const char * const *) self->fold_custom,
                                              self->cluster_of != NULL &&
                                              self->n_cluster_of == jx_trace_get_n_streams (self->trace)
                                              ? self->cluster_of : NULL);
  notify (self, PROP_GROUPS);
  restart_fold (self);
}

void
jx_trace_folding_set_inputs (JxTraceFolding     *self,
                             JxFoldGrouping      grouping,
                             const char * const *custom,
                             JxFoldOp            op)
{
  gboolean groups_changed;

  g_return_if_fail (JX_IS_TRACE_FOLDING (self));
  g_return_if_fail (grouping < JX_N_FOLD_GROUPINGS);
  g_return_if_fail (op < JX_N_FOLD_OPS);

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

void
jx_trace_folding_set_clusters (JxTraceFolding *self,
                               const guint32  *cluster_of,
                               guint           n)
{
  g_return_if_fail (JX_IS_TRACE_FOLDING (self));

  if (cluster_of == NULL && self->cluster_of == NULL)
    return;
  if (cluster_of != NULL && self->cluster_of != NULL && n == self->n_cluster_of &&
      memcmp (cluster_of, self->cluster_of, n * sizeof (guint32)) == 0)
    return;
  g_clear_pointer (&self->cluster_of, g_free);
  self->cluster_of = cluster_of != NULL ? g_memdup2 (cluster_of, MAX (n, 1) * sizeof (guint32)) : NULL;
  self->n_cluster_of = cluster_of != NULL ? n : 0;
  if (self->grouping == JX_FOLD_GROUPING_CLUSTERS)
    update_groups (self);
}

/* Imbalance -------------------------------------------------------------- */

static void
set_imbalance (JxTraceFolding *self,
               JxImbalance    *imbalance,
               const char     *error,
               const char     *note)
{
  g_object_freeze_notify (G_OBJECT (self));
  /* The note first: views that hear of the imbalance read it. */
  if (g_strcmp0 (note, self->imbalance_note) != 0)
    {
      g_free (self->imbalance_note);
      self->imbalance_note = g_strdup (note);
    }
  if (imbalance != self->imbalance)
    {
      g_clear_pointer (&self->imbalance, jx_imbalance_unref);
      self->imbalance = imbalance != NULL ? jx_imbalance_ref (imbalance) : NULL;
      notify (self, PROP_IMBALANCE);
    }
  if (g_strcmp0 (error, self->imbalance_error) != 0)
    {
      g_free (self->imbalance_error);
      self->imbalance_error = g_strdup (error);
      notify (self, PROP_IMBALANCE_ERROR);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* What the thread computes with, copied. */
typedef struct
{
  JxTrace     *trace;
  char        *function;   /* named by the user: that one, or nothing */
  JxSosCommon  mode;
  char        *common;
  JxImbalance *result;
  char        *note;
} ImbalanceTask;

static void
imbalance_task_free (gpointer data)
{
  ImbalanceTask *t = data;

  g_object_unref (t->trace);
  g_free (t->function);
  g_free (t->common);
  g_clear_pointer (&t->result, jx_imbalance_unref);
  g_free (t->note);
  g_free (t);
}

static void
imbalance_thread (GTask        *task,
                  gpointer      source,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  ImbalanceTask *t = task_data;
  GError *error = NULL;

  /* Background work, like the summary and the comparison beside it. */
  jx_background_lower_thread ();
  if (t->function != NULL || t->mode == JX_SOS_COMMON_OWN)
    t->result = jx_imbalance_compute (t->trace, t->function, cancellable, &error);
  else
    t->result = jx_imbalance_compute_common (t->trace, t->common, &t->note, cancellable, &error);
  if (t->result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
imbalance_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(Run) run = user_data;
  g_autoptr(GError) error = NULL;
  ImbalanceTask *t = g_task_get_task_data (G_TASK (result));
  JxTraceFolding *self = run->self;

  g_task_propagate_boolean (G_TASK (result), &error);
  if (!jx_session_job_finish (&self->imbalance_job, run->run))
    return;
  g_assert (!self->cleared);
  set_imbalance (self, t->result, t->result == NULL ? error->message : NULL, t->note);
}

static void
start_imbalance (JxTraceFolding *self)
{
  g_autoptr(GTask) task = NULL;
  ImbalanceTask *t;
  Run *run;

  if (self->trace == NULL)
    return;
  /* A compared trace waits for the reference's function. */
  if (self->sos_function == NULL && self->sos_mode == JX_SOS_COMMON_WAIT)
    {
      set_imbalance (self, NULL, _("Waiting for the reference’s segmenting function…"), NULL);
      return;
    }
  run = run_new (self, &self->imbalance_job);
  t = g_new0 (ImbalanceTask, 1);
  t->trace = g_object_ref (self->trace);
  t->function = g_strdup (self->sos_function);
  t->mode = self->sos_mode;
  t->common = g_strdup (self->sos_common);
  task = g_task_new (NULL, run->run, imbalance_done, run);
  g_task_set_source_tag (task, start_imbalance);
  g_task_set_task_data (task, t, imbalance_task_free);
  g_task_run_in_thread (task, imbalance_thread);
}

void
jx_trace_folding_set_sos_function (JxTraceFolding *self,
                                   const char     *function)
{
  g_return_if_fail (JX_IS_TRACE_FOLDING (self));

  if (g_strcmp0 (function, self->sos_function) == 0)
    return;
  g_free (self->sos_function);
  self->sos_function = g_strdup (function);
  jx_session_job_cancel (&self->imbalance_job);
  set_imbalance (self, NULL, NULL, NULL);
  start_imbalance (self);
}

void
jx_trace_folding_set_sos_common (JxTraceFolding *self,
                                 JxSosCommon     mode,
                                 const char     *common)
{
  g_return_if_fail (JX_IS_TRACE_FOLDING (self));

  if (mode != JX_SOS_COMMON_FUNCTION)
    common = NULL;
  if (mode == self->sos_mode && g_strcmp0 (common, self->sos_common) == 0)
    return;
  self->sos_mode = mode;
  g_free (self->sos_common);
  self->sos_common = g_strdup (common);
  /* A function the user named wins over the common one. */
  if (self->sos_function != NULL)
    return;
  jx_session_job_cancel (&self->imbalance_job);
  set_imbalance (self, NULL, NULL, NULL);
  start_imbalance (self);
}

/* Life ------------------------------------------------------------------- */

void
jx_trace_folding_set_trace (JxTraceFolding *self,
                            JxTrace        *trace)
{
  g_return_if_fail (JX_IS_TRACE_FOLDING (self));
  g_return_if_fail (JX_IS_TRACE (trace));
  g_return_if_fail (self->trace == NULL);

  if (self->cleared)
    return;
  self->trace = g_object_ref (trace);
  update_groups (self);
  start_imbalance (self);
}

void
jx_trace_folding_set_summary (JxTraceFolding    *self,
                              JxTimelineSummary *summary)
{
  g_return_if_fail (JX_IS_TRACE_FOLDING (self));
  g_return_if_fail (summary != NULL);

  if (self->cleared)
    return;
  g_clear_pointer (&self->summary, jx_timeline_summary_unref);
  self->summary = jx_timeline_summary_ref (summary);
  restart_fold (self);
}

void
jx_trace_folding_clear (JxTraceFolding *self)
{
  g_return_if_fail (JX_IS_TRACE_FOLDING (self));

  self->cleared = TRUE;
  jx_session_job_cancel (&self->fold_job);
  jx_session_job_cancel (&self->imbalance_job);
  g_clear_object (&self->trace);
  g_clear_pointer (&self->summary, jx_timeline_summary_unref);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->groups != NULL)
    {
      g_clear_pointer (&self->groups, jx_stream_groups_unref);
      notify (self, PROP_GROUPS);
    }
  if (self->fold != NULL)
    {
      g_clear_pointer (&self->fold, jx_timeline_fold_unref);
      notify (self, PROP_FOLD);
    }
  set_imbalance (self, NULL, NULL, NULL);
  g_object_thaw_notify (G_OBJECT (self));
}

/* Object ------------------------------------------------------------------- */

static void
jx_trace_folding_dispose (GObject *object)
{
  JxTraceFolding *self = JX_TRACE_FOLDING (object);

  jx_session_job_cancel (&self->fold_job);
  jx_session_job_cancel (&self->imbalance_job);

  G_OBJECT_CLASS (jx_trace_folding_parent_class)->dispose (object);
}

static void
jx_trace_folding_finalize (GObject *object)
{
  JxTraceFolding *self = JX_TRACE_FOLDING (object);

  g_clear_object (&self->trace);
  g_clear_pointer (&self->summary, jx_timeline_summary_unref);
  g_clear_pointer (&self->fold_custom, g_strfreev);
  g_clear_pointer (&self->cluster_of, g_free);
  g_clear_pointer (&self->sos_function, g_free);
  g_clear_pointer (&self->groups, jx_stream_groups_unref);
  g_clear_pointer (&self->fold, jx_timeline_fold_unref);
  g_clear_pointer (&self->imbalance, jx_imbalance_unref);
  g_clear_pointer (&self->imbalance_error, g_free);
  g_clear_pointer (&self->imbalance_note, g_free);
  g_clear_pointer (&self->sos_common, g_free);

  G_OBJECT_CLASS (jx_trace_folding_parent_class)->finalize (object);
}

static void
jx_trace_folding_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  JxTraceFolding *self = JX_TRACE_FOLDING (object);

  switch (prop_id)
    {
    case PROP_GROUPS:
      g_value_set_boxed (value, self->groups);
      break;
    case PROP_FOLD:
      g_value_set_boxed (value, self->fold);
      break;
    case PROP_IMBALANCE:
      g_value_set_boxed (value, self->imbalance);
      break;
    case PROP_IMBALANCE_ERROR:
      g_value_set_string (value, self->imbalance_error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_trace_folding_class_init (JxTraceFoldingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = jx_trace_folding_dispose;
  object_class->finalize = jx_trace_folding_finalize;
  object_class->get_property = jx_trace_folding_get_property;

  properties[PROP_GROUPS] = g_param_spec_boxed ("groups", NULL, NULL, JX_TYPE_STREAM_GROUPS, ro);
  properties[PROP_FOLD] = g_param_spec_boxed ("fold", NULL, NULL, JX_TYPE_TIMELINE_FOLD, ro);
  properties[PROP_IMBALANCE] = g_param_spec_boxed ("imbalance", NULL, NULL, JX_TYPE_IMBALANCE, ro);
  properties[PROP_IMBALANCE_ERROR] = g_param_spec_string ("imbalance-error", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
jx_trace_folding_init (JxTraceFolding *self)
{
  self->grouping = JX_FOLD_GROUPING_THREADS;
  self->fold_op = JX_FOLD_MAX;
  self->sos_mode = JX_SOS_COMMON_OWN;
}

JxTraceFolding *
jx_trace_folding_new (void)
{
  return g_object_new (JX_TYPE_TRACE_FOLDING, NULL);
}

/* Getters ------------------------------------------------------------------ */

JxStreamGroups *
jx_trace_folding_get_groups (JxTraceFolding *self)
{
  g_return_val_if_fail (JX_IS_TRACE_FOLDING (self), NULL);
  return self->groups;
}

JxTimelineFold *
jx_trace_folding_get_fold (JxTraceFolding *self)
{
  g_return_val_if_fail (JX_IS_TRACE_FOLDING (self), NULL);
  return self->fold;
}

JxImbalance *
jx_trace_folding_get_imbalance (JxTraceFolding *self)
{
  g_return_val_if_fail (JX_IS_TRACE_FOLDING (self), NULL);
  return self->imbalance;
}

const char *
jx_trace_folding_get_imbalance_error (JxTraceFolding *self)
{
  g_return_val_if_fail (JX_IS_TRACE_FOLDING (self), NULL);
  return self->imbalance_error;
}

const char *
jx_trace_folding_get_imbalance_note (JxTraceFolding *self)
{
  g_return_val_if_fail (JX_IS_TRACE_FOLDING (self), NULL);
  return self->imbalance_note;
}
