/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-analysis.c */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-session-job.h"
#include "jx-trend-analysis.h"

G_DEFINE_ENUM_TYPE (JxTrendAnalysisState, jx_trend_analysis_state,
  G_DEFINE_ENUM_VALUE (JX_TREND_ANALYSIS_INACTIVE, "inactive"),
  G_DEFINE_ENUM_VALUE (JX_TREND_ANALYSIS_TOO_FEW_TRACES, "too-few-traces"),
  G_DEFINE_ENUM_VALUE (JX_TREND_ANALYSIS_RUNNING, "running"),
  G_DEFINE_ENUM_VALUE (JX_TREND_ANALYSIS_DONE, "done"),
  G_DEFINE_ENUM_VALUE (JX_TREND_ANALYSIS_FAILED, "failed"),
  G_DEFINE_ENUM_VALUE (JX_TREND_ANALYSIS_CANCELLED, "cancelled"))

typedef struct
{
  char   *name;
  double  value;
} UserValue;

/* What is kept per item of the session. */
typedef struct
{
  JxSessionTrace *item;
  JxTrendRun     *run;     /* reduced once, with the trace's and the folder's values; NULL before */
  GArray         *user;    /* UserValue */
} Entry;

struct _JxTrendAnalysis
{
  GObject               parent_instance;

  JxSession            *session;
  GSignalGroup         *signals;
  GPtrArray            *entries;      /* Entry */

  gboolean              active;
  gboolean              paths;
  char                 *parameter;
  double                target;

  JxTrendAnalysisState  state;
  double                fraction;
  JxTrendStudy         *study;
  GPtrArray            *study_items;  /* JxSessionTrace, per run of the study */
  char                 *error;
  guint                 n_traces;

  gboolean              dirty;        /* the inputs changed since the study */
  guint                 start_id;
  JxSessionJob          job;
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_ACTIVE,
  PROP_PARAMETER,
  PROP_TARGET,
  PROP_PATHS,
  PROP_STATE,
  PROP_FRACTION,
  PROP_STUDY,
  PROP_ERROR,
  PROP_N_TRACES,
  N_PROPS
};

enum {
  VALUES_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (JxTrendAnalysis, jx_trend_analysis, G_TYPE_OBJECT)

static void reschedule (JxTrendAnalysis *self);

static void
user_value_clear (gpointer data)
{
  g_free (((UserValue *) data)->name);
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_clear_object (&entry->item);
  g_clear_pointer (&entry->run, jx_trend_run_unref);
  g_clear_pointer (&entry->user, g_array_unref);
  g_free (entry);
}

static Entry *
find_entry (JxTrendAnalysis *self,
            JxSessionTrace  *item)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      if (entry->item == item)
        return entry;
    }
  return NULL;
}

static GArray *
user_values_copy (GArray *user)
{
  GArray *copy = g_array_sized_new (FALSE, FALSE, sizeof (UserValue), user->len);

  g_array_set_clear_func (copy, user_value_clear);
  for (guint i = 0; i < user->len; i++)
    {
      UserValue v = g_array_index (user, UserValue, i);

      v.name = g_strdup (v.name);
      g_array_append_val (copy, v);
    }
  return copy;
}

/* --- state ----------------------------------------------------------------------- */

static void
set_state (JxTrendAnalysis      *self,
           JxTrendAnalysisState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
set_fraction (JxTrendAnalysis *self,
              double           fraction)
{
  if (self->fraction == fraction)
    return;
  self->fraction = fraction;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

static void
set_result (JxTrendAnalysis *self,
            JxTrendStudy    *study,
            GPtrArray       *items,
            const char      *error)
{
  g_clear_pointer (&self->study_items, g_ptr_array_unref);
  if (items != NULL)
    self->study_items = g_ptr_array_ref (items);
  if (self->study != study)
    {
      g_clear_pointer (&self->study, jx_trend_study_unref);
      if (study != NULL)
        self->study = jx_trend_study_ref (study);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STUDY]);
    }
  if (g_strcmp0 (self->error, error) != 0)
    {
      g_free (self->error);
      self->error = g_strdup (error);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
    }
}

/* --- the computation --------------------------------------------------------------- */

/* The worker sees traces and values, never items (they stay in the main
 * thread: the items array is the completion's data). */
typedef struct
{
  JxTrace        *trace;   /* NULL for a failed trace */
  char           *path;
  GError         *error;   /* of a failed trace */
  JxTrendRun     *run;     /* given when reduced before, or reduced here */
  GArray         *user;
} Input;

typedef struct
{
  GArray         *inputs;  /* Input */
  JxTrendOptions  options;
  char           *parameter;
  GCancellable   *cancellable;
  JxTrendStudy   *study;   /* out */
  char           *error;   /* out: why the study failed */
} Job;

static void
input_clear (gpointer data)
{
  Input *input = data;

  g_clear_object (&input->trace);
  g_clear_pointer (&input->path, g_free);
  g_clear_error (&input->error);
  g_clear_pointer (&input->run, jx_trend_run_unref);
  g_clear_pointer (&input->user, g_array_unref);
}

static void
job_free (gpointer data)
{
  Job *job = data;

  g_array_unref (job->inputs);
  g_free (job->parameter);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->study, jx_trend_study_unref);
  g_free (job->error);
  g_free (job);
}

typedef struct
{
  GWeakRef      self;
  GCancellable *cancellable;
  double        fraction;
} Progress;

static gboolean
deliver_progress (gpointer data)
{
  Progress *progress = data;
  g_autoptr(JxTrendAnalysis) self = g_weak_ref_get (&progress->self);

  if (self != NULL && self->job.current == progress->cancellable && !g_cancellable_is_cancelled (progress->cancellable))
    set_fraction (self, progress->fraction);
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer data)
{
  Progress *progress = data;

  g_weak_ref_clear (&progress->self);
  g_object_unref (progress->cancellable);
  g_free (progress);
}

/* In the worker: the task holds self, so the weak reference can be made;
 * only the main loop dereferences it. */
static void
report_progress (gpointer  self,
                 Job      *job,
                 double    fraction)
{
  Progress *progress = g_new0 (Progress, 1);

  g_weak_ref_init (&progress->self, self);
  progress->cancellable = g_object_ref (job->cancellable);
  progress->fraction = fraction;
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, deliver_progress, progress, progress_free);
}

static void
compute_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_trend_run_unref);
  g_autoptr(JxTrendStudy) study = NULL;
  g_autoptr(GError) error = NULL;
  guint n_reduce = 0, done = 0;

  for (guint i = 0; i < job->inputs->len; i++)
    {
      Input *input = &g_array_index (job->inputs, Input, i);

      n_reduce += input->trace != NULL && input->run == NULL;
    }

  /* Each trace once: its aggregates stay with the item for the next study. */
  for (guint i = 0; i < job->inputs->len; i++)
    {
      Input *input = &g_array_index (job->inputs, Input, i);

      if (input->trace == NULL || input->run != NULL)
        continue;
      input->run = jx_trend_run_new (input->trace, input->path, NULL, cancellable, &error);
      if (input->run == NULL)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      report_progress (source_object, job, (double) ++done / (n_reduce + 1));
    }

  for (guint i = 0; i < job->inputs->len; i++)
    {
      Input *input = &g_array_index (job->inputs, Input, i);
      JxTrendRun *run = input->trace != NULL ? jx_trend_run_copy (input->run)
                                             : jx_trend_run_new_failed (input->path, input->error);

      for (guint k = 0; k < input->user->len; k++)
        {
          const UserValue *v = &g_array_index (input->user, UserValue, k);

          jx_trend_run_set_param (run, v->name, v->value, JX_TREND_SOURCE_USER);
        }
      g_ptr_array_add (runs, run);
    }

  study = jx_trend_study_new ((JxTrendRun * const *) runs->pdata, runs->len);
  if (!jx_trend_study_compute (study, &job->options, cancellable, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      job->error = g_strdup (error->message);
    }
  else
    job->study = g_steal_pointer (&study);
  g_task_return_boolean (task, TRUE);
}

static void
compute_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  JxTrendAnalysis *self = JX_TREND_ANALYSIS (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) items = user_data;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  /* The runs reduced are good whatever became of the study. */
  for (guint i = 0; i < job->inputs->len; i++)
    {
      Input *input = &g_array_index (job->inputs, Input, i);
      Entry *entry = find_entry (self, g_ptr_array_index (items, i));

      if (entry != NULL && entry->run == NULL && input->run != NULL)
        entry->run = jx_trend_run_ref (input->run);
    }
  if (!jx_session_job_finish (&self->job, job->cancellable) || !ok)
    return;

  self->dirty = FALSE;
  g_object_freeze_notify (G_OBJECT (self));
  set_result (self, job->study, items, job->error);
  set_fraction (self, 1.0);
  set_state (self, job->study != NULL ? JX_TREND_ANALYSIS_DONE : JX_TREND_ANALYSIS_FAILED);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[VALUES_CHANGED], 0);
}

static gboolean
start (gpointer data)
{
  JxTrendAnalysis *self = data;
  g_autoptr(GTask) task = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->session));
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  Job *job;

  self->start_id = 0;
  job = g_new0 (Job, 1);
  job->inputs = g_array_new (FALSE, TRUE, sizeof (Input));
  g_array_set_clear_func (job->inputs, input_clear);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (G_LIST_MODEL (self->session), i);
      JxSessionTraceState state = jx_session_trace_get_state (item);
      Entry *entry = find_entry (self, item);
      Input input = { 0 };

      if (entry == NULL || state == JX_SESSION_TRACE_LOADING)
        continue;
      g_ptr_array_add (items, g_object_ref (item));
      input.path = g_strdup (jx_session_trace_get_path (item));
      if (state == JX_SESSION_TRACE_LOADED)
        {
          input.trace = g_object_ref (jx_session_trace_get_trace (item));
          input.run = entry->run != NULL ? jx_trend_run_ref (entry->run) : NULL;
        }
      else if (jx_session_trace_get_error (item) != NULL)
        input.error = g_error_copy (jx_session_trace_get_error (item));
      else
        input.error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, _("the trace could not be loaded"));
      input.user = user_values_copy (entry->user);
      g_array_append_val (job->inputs, input);
    }
  jx_trend_options_init (&job->options);
  job->parameter = g_strdup (self->parameter);
  job->options.parameter = job->parameter;
  job->options.measures = JX_TREND_ALL_MEASURES;
  job->options.paths = self->paths;
  job->options.at = self->target;
  job->cancellable = g_object_ref (jx_session_job_start (&self->job));

  task = g_task_new (self, job->cancellable, compute_done, items);
  g_task_set_source_tag (task, start);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, compute_thread);
  return G_SOURCE_REMOVE;
}

/* Starts again when it should: active, enough traces, all loads done. */
static void
reschedule (JxTrendAnalysis *self)
{
  guint n = self->session != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->session)) : 0;
  guint loaded = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (G_LIST_MODEL (self->session), i);

      loaded += jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADED;
    }
  if (self->n_traces != loaded)
    {
      self->n_traces = loaded;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_TRACES]);
    }

  g_clear_handle_id (&self->start_id, g_source_remove);
  if (!self->active)
    {
      /* A study cut short is started again when the page comes back. */
      if (jx_session_job_is_running (&self->job))
        self->dirty = TRUE;
      jx_session_job_cancel (&self->job);
      if (self->dirty)
        set_state (self, JX_TREND_ANALYSIS_INACTIVE);
      return;
    }
  if (loaded < JX_TREND_ANALYSIS_MIN_TRACES)
    {
      jx_session_job_cancel (&self->job);
      set_result (self, NULL, NULL, NULL);
      self->dirty = TRUE;
      set_state (self, JX_TREND_ANALYSIS_TOO_FEW_TRACES);
      return;
    }
  if (!self->dirty && self->state != JX_TREND_ANALYSIS_INACTIVE && self->state != JX_TREND_ANALYSIS_TOO_FEW_TRACES)
    return;
  jx_session_job_cancel (&self->job);
  set_fraction (self, 0.0);
  set_state (self, JX_TREND_ANALYSIS_RUNNING);
  /* Traces still loading join first; the start gathers changes in one. */
  if (jx_session_get_n_loading (self->session) == 0)
    self->start_id = g_idle_add (start, self);
}

static void
invalidate (JxTrendAnalysis *self)
{
  self->dirty = TRUE;
  reschedule (self);
}

static void
sync_entries (JxTrendAnalysis *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->session));
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func (entry_free);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (G_LIST_MODEL (self->session), i);
      Entry *entry = find_entry (self, item);
      guint k;

      if (entry != NULL && g_ptr_array_find (self->entries, entry, &k))
        g_ptr_array_add (keep, g_ptr_array_steal_index_fast (self->entries, k));
      else
        {
          entry = g_new0 (Entry, 1);
          entry->item = g_object_ref (item);
          entry->user = g_array_new (FALSE, FALSE, sizeof (UserValue));
          g_array_set_clear_func (entry->user, user_value_clear);
          g_ptr_array_add (keep, entry);
        }
    }
  g_ptr_array_unref (self->entries);
  self->entries = g_steal_pointer (&keep);
}

static void
on_items_changed (JxTrendAnalysis *self)
{
  sync_entries (self);
  invalidate (self);
  g_signal_emit (self, signals[VALUES_CHANGED], 0);
}

static void
on_trace_state (JxTrendAnalysis *self)
{
  invalidate (self);
  g_signal_emit (self, signals[VALUES_CHANGED], 0);
}

/* --- public ------------------------------------------------------------------------- */

JxTrendAnalysis *
jx_trend_analysis_new (JxSession *session)
{
  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  return g_object_new (JX_TYPE_TREND_ANALYSIS, "session", session, NULL);
}

JxSession *
jx_trend_analysis_get_session (JxTrendAnalysis *self)
{
  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), NULL);
  return self->session;
}

gboolean
jx_trend_analysis_get_active (JxTrendAnalysis *self)
{
  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), FALSE);
  return self->active;
}

void
jx_trend_analysis_set_active (JxTrendAnalysis *self,
                              gboolean         active)
{
  g_return_if_fail (JX_IS_TREND_ANALYSIS (self));

  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  reschedule (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

const char *
jx_trend_analysis_get_parameter (JxTrendAnalysis *self)
{
  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), NULL);
  return self->parameter;
}

void
jx_trend_analysis_set_parameter (JxTrendAnalysis *self,
                                 const char      *parameter)
{
  g_return_if_fail (JX_IS_TREND_ANALYSIS (self));

  if (parameter != NULL && *parameter == '\0')
    parameter = NULL;
  if (g_strcmp0 (self->parameter, parameter) == 0)
    return;
  g_free (self->parameter);
  self->parameter = g_strdup (parameter);
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PARAMETER]);
  g_signal_emit (self, signals[VALUES_CHANGED], 0);
}

double
jx_trend_analysis_get_target (JxTrendAnalysis *self)
{
  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), NAN);
  return self->target;
}

void
jx_trend_analysis_set_target (JxTrendAnalysis *self,
                              double           target)
{
  g_return_if_fail (JX_IS_TREND_ANALYSIS (self));

  if (!isfinite (target) || target <= 0)
    target = NAN;
  if (self->target == target || (isnan (self->target) && isnan (target)))
    return;
  self->target = target;
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET]);
}

gboolean
jx_trend_analysis_get_paths (JxTrendAnalysis *self)
{
  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), FALSE);
  return self->paths;
}

void
jx_trend_analysis_set_paths (JxTrendAnalysis *self,
                             gboolean         paths)
{
  g_return_if_fail (JX_IS_TREND_ANALYSIS (self));

  paths = !!paths;
  if (self->paths == paths)
    return;
  self->paths = paths;
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATHS]);
}

void
jx_trend_analysis_cancel (JxTrendAnalysis *self)
{
  g_return_if_fail (JX_IS_TREND_ANALYSIS (self));

  if (self->state != JX_TREND_ANALYSIS_RUNNING)
    return;
  g_clear_handle_id (&self->start_id, g_source_remove);
  jx_session_job_cancel (&self->job);
  self->dirty = TRUE;
  set_state (self, JX_TREND_ANALYSIS_CANCELLED);
}

JxTrendAnalysisState
jx_trend_analysis_get_state (JxTrendAnalysis *self)
{
  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), JX_TREND_ANALYSIS_INACTIVE);
  return self->state;
}

double
jx_trend_analysis_get_fraction (JxTrendAnalysis *self)
{
  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), 0.0);
  return self->fraction;
}

JxTrendStudy *
jx_trend_analysis_get_study (JxTrendAnalysis *self)
{
  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), NULL);
  return self->study;
}

const char *
jx_trend_analysis_get_error (JxTrendAnalysis *self)
{
  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), NULL);
  return self->error;
}

guint
jx_trend_analysis_get_n_traces (JxTrendAnalysis *self)
{
  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), 0);
  return self->n_traces;
}

JxSessionTrace *
jx_trend_analysis_get_item (JxTrendAnalysis *self,
                            guint            index)
{
  JxSessionTrace *item;

  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), NULL);

  if (self->study_items == NULL || index >= self->study_items->len)
    return NULL;
  item = g_ptr_array_index (self->study_items, index);
  return find_entry (self, item) != NULL ? item : NULL;
}

double
jx_trend_analysis_get_value (JxTrendAnalysis *self,
                             JxSessionTrace  *item,
                             const char      *name,
                             JxTrendSource   *source)
{
  Entry *entry;
  JxTrace *trace;
  g_autofree char *folder = NULL;
  g_auto(GStrv) names = NULL;
  g_autoptr(GArray) values = NULL;
  double value = NAN;
  JxTrendSource from = JX_TREND_SOURCE_TRACE;

  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), NAN);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NAN);
  g_return_val_if_fail (name != NULL, NAN);

  entry = find_entry (self, item);
  for (guint i = 0; entry != NULL && i < entry->user->len; i++)
    if (strcmp (g_array_index (entry->user, UserValue, i).name, name) == 0)
      {
        value = g_array_index (entry->user, UserValue, i).value;
        from = JX_TREND_SOURCE_USER;
        goto out;
      }
  if (entry != NULL && entry->run != NULL)
    {
      if (!jx_trend_run_get_param (entry->run, name, &value, &from))
        value = NAN;
      goto out;
    }

  /* Not reduced yet: the same rules as jx_trend_run_new. */
  trace = jx_session_trace_get_trace (item);
  if (trace != NULL && strcmp (name, JX_TREND_PARAM_PROCESSES) == 0)
    value = jx_trace_get_n_processes (trace);
  folder = jx_trend_folder_of_path (jx_session_trace_get_path (item));
  names = jx_trend_parse_folder_name (folder, &values);
  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (names[i], name) == 0 && g_array_index (values, double, i) != value)
      {
        value = g_array_index (values, double, i);
        from = JX_TREND_SOURCE_FOLDER;
      }

out:
  if (source != NULL)
    *source = from;
  return value;
}

void
jx_trend_analysis_set_value (JxTrendAnalysis *self,
                             JxSessionTrace  *item,
                             const char      *name,
                             double           value)
{
  Entry *entry;
  UserValue v;

  g_return_if_fail (JX_IS_TREND_ANALYSIS (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));
  g_return_if_fail (name != NULL && *name != '\0');

  entry = find_entry (self, item);
  if (entry == NULL)
    return;
  for (guint i = 0; i < entry->user->len; i++)
    {
      UserValue *old = &g_array_index (entry->user, UserValue, i);

      if (strcmp (old->name, name) != 0)
        continue;
      if (old->value == value)
        return;
      if (isnan (value))
        g_array_remove_index (entry->user, i);
      else
        old->value = value;
      goto changed;
    }
  if (isnan (value))
    return;
  v.name = g_strdup (name);
  v.value = value;
  g_array_append_val (entry->user, v);

changed:
  invalidate (self);
  g_signal_emit (self, signals[VALUES_CHANGED], 0);
}

const char *
jx_trend_analysis_get_shown_parameter (JxTrendAnalysis *self)
{
  const char *user = NULL;

  g_return_val_if_fail (JX_IS_TREND_ANALYSIS (self), NULL);

  if (self->parameter != NULL)
    return self->parameter;
  if (self->study != NULL && self->state == JX_TREND_ANALYSIS_DONE)
    return jx_trend_study_get_parameter (self->study);
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      for (guint k = 0; k < entry->user->len; k++)
        {
          const char *name = g_array_index (entry->user, UserValue, k).name;

          if (user != NULL && strcmp (user, name) != 0)
            return JX_TREND_PARAM_PROCESSES;
          user = name;
        }
    }
  return user != NULL ? user : JX_TREND_PARAM_PROCESSES;
}

void
jx_trend_analysis_highlight (JxTrendAnalysis     *self,
                             const JxTrendSeries *series)
{
  g_return_if_fail (JX_IS_TREND_ANALYSIS (self));

  if (series == NULL)
    return;
  if (series->kind != JX_TREND_KEY_GROUP)
    {
      jx_session_focus_function (self->session, series->function);
      return;
    }
  jx_session_focus_function (self->session, NULL);
  if (g_strcmp0 (series->name, "(MPI)") == 0)
    jx_session_set_search (self->session, "MPI_");
}

/* --- GObject ------------------------------------------------------------------------ */

static void
jx_trend_analysis_dispose (GObject *object)
{
  JxTrendAnalysis *self = JX_TREND_ANALYSIS (object);

  g_clear_handle_id (&self->start_id, g_source_remove);
  jx_session_job_cancel (&self->job);
  if (self->signals != NULL)
    g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->signals);
  g_clear_pointer (&self->study, jx_trend_study_unref);
  g_clear_pointer (&self->study_items, g_ptr_array_unref);
  if (self->entries != NULL)
    g_ptr_array_set_size (self->entries, 0);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (jx_trend_analysis_parent_class)->dispose (object);
}

static void
jx_trend_analysis_finalize (GObject *object)
{
  JxTrendAnalysis *self = JX_TREND_ANALYSIS (object);

  g_ptr_array_unref (self->entries);
  g_free (self->parameter);
  g_free (self->error);

  G_OBJECT_CLASS (jx_trend_analysis_parent_class)->finalize (object);
}

static void
jx_trend_analysis_constructed (GObject *object)
{
  JxTrendAnalysis *self = JX_TREND_ANALYSIS (object);

  G_OBJECT_CLASS (jx_trend_analysis_parent_class)->constructed (object);

  g_assert (self->session != NULL);
  self->signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->signals, "items-changed", G_CALLBACK (on_items_changed), self);
  g_signal_group_connect_swapped (self->signals, "trace-notify::state", G_CALLBACK (on_trace_state), self);
  g_signal_group_connect_swapped (self->signals, "notify::n-loading", G_CALLBACK (reschedule), self);
  g_signal_group_set_target (self->signals, self->session);
  sync_entries (self);
  reschedule (self);
}

static void
jx_trend_analysis_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  JxTrendAnalysis *self = JX_TREND_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    case PROP_PARAMETER:
      g_value_set_string (value, self->parameter);
      break;
    case PROP_TARGET:
      g_value_set_double (value, self->target);
      break;
    case PROP_PATHS:
      g_value_set_boolean (value, self->paths);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    case PROP_STUDY:
      g_value_set_boxed (value, self->study);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    case PROP_N_TRACES:
      g_value_set_uint (value, self->n_traces);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_trend_analysis_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  JxTrendAnalysis *self = JX_TREND_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;
    case PROP_ACTIVE:
      jx_trend_analysis_set_active (self, g_value_get_boolean (value));
      break;
    case PROP_PARAMETER:
      jx_trend_analysis_set_parameter (self, g_value_get_string (value));
      break;
    case PROP_TARGET:
      jx_trend_analysis_set_target (self, g_value_get_double (value));
      break;
    case PROP_PATHS:
      jx_trend_analysis_set_paths (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_trend_analysis_class_init (JxTrendAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = jx_trend_analysis_dispose;
  object_class->finalize = jx_trend_analysis_finalize;
  object_class->constructed = jx_trend_analysis_constructed;
  object_class->get_property = jx_trend_analysis_get_property;
  object_class->set_property = jx_trend_analysis_set_property;

  properties[PROP_SESSION] = g_param_spec_object ("session", NULL, NULL, JX_TYPE_SESSION,
                                                  G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, FALSE, rw);
  properties[PROP_PARAMETER] = g_param_spec_string ("parameter", NULL, NULL, NULL, rw);
  properties[PROP_TARGET] = g_param_spec_double ("target", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0.0, rw);
  properties[PROP_PATHS] = g_param_spec_boolean ("paths", NULL, NULL, FALSE, rw);
  properties[PROP_STATE] = g_param_spec_enum ("state", NULL, NULL, JX_TYPE_TREND_ANALYSIS_STATE,
                                              JX_TREND_ANALYSIS_INACTIVE, ro);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0, ro);
  properties[PROP_STUDY] = g_param_spec_boxed ("study", NULL, NULL, JX_TYPE_TREND_STUDY, ro);
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, ro);
  properties[PROP_N_TRACES] = g_param_spec_uint ("n-traces", NULL, NULL, 0, G_MAXUINT, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[VALUES_CHANGED] = g_signal_new ("values-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
jx_trend_analysis_init (JxTrendAnalysis *self)
{
  self->entries = g_ptr_array_new_with_free_func (entry_free);
  self->target = NAN;
  self->state = JX_TREND_ANALYSIS_INACTIVE;
}
