/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-trace.c — one trace of a comparison: its load, its clock, its
 * summary, and the parts that compute the rest for it (folding and SOS
 * time, the comparison with the reference). The only file that writes the
 * fields below; the invariants they keep are in jx-session-trace-private.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-session-job.h"
#include "jx-session-trace-private.h"
#include "jx-trace-loader.h"
#include "jx-trace-name.h"

struct _JxSessionTrace
{
  GObject              parent_instance;

  char                *path;
  char                *base_name;     /* its own name: from the path, then the trace's */
  char                *name;          /* base_name, told apart from the session's others */
  JxSessionTraceState  state;
  double               fraction;
  GError              *error;
  JxTrace             *trace;
  GCancellable        *load_cancellable;
  JxTraceSelection    *selection;     /* NULL: the whole trace */
  gboolean             attached;

  gint64               offset;
  guint                color_slot;
  guint32              picked_color;
  gboolean             reference;

  JxTimelineSummary   *summary;
  JxSessionJob         summary_job;
  gboolean             summary_held;  /* to start once the comparison stops running */

  /* Parts it owns; their notifications are the item's. */
  JxTraceFolding      *folding;
  JxTraceComparison   *comparison;

  /* Clock of the loaded trace. */
  guint64              start_ticks;
  guint64              resolution;
  gint64               duration_ns;
};

G_DEFINE_FINAL_TYPE (JxSessionTrace, jx_session_trace, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PATH,
  PROP_NAME,
  PROP_STATE,
  PROP_FRACTION,
  PROP_ERROR,
  PROP_TRACE,
  PROP_DURATION,
  PROP_OFFSET,
  PROP_COLOR_SLOT,
  PROP_PICKED_COLOR,
  PROP_REFERENCE,
  PROP_SUMMARY,
  PROP_GROUPS,
  PROP_FOLD,
  PROP_IMBALANCE,
  PROP_IMBALANCE_ERROR,
  PROP_COMPARISON,
  PROP_COMPARISON_PAIRS,
  PROP_COMPARISON_STATE,
  PROP_COMPARISON_FRACTION,
  PROP_COMPARISON_ESTIMATE,
  PROP_COMPARISON_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
notify (JxSessionTrace *self,
        guint           prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_name (JxSessionTrace *self,
          const char     *name)
{
  if (g_strcmp0 (name, self->name) == 0)
    return;
  g_free (self->name);
  self->name = g_strdup (name);
  notify (self, PROP_NAME);
}

void
_jx_session_trace_update_names (GPtrArray *items)
{
  g_autofree const char **names = g_new0 (const char *, MAX (items->len, 1));
  g_autofree const char **paths = g_new0 (const char *, MAX (items->len, 1));
  g_auto(GStrv) unique = NULL;

  for (guint i = 0; i < items->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (items, i);

      names[i] = item->base_name;
      paths[i] = item->trace != NULL ? jx_trace_get_path (item->trace) : item->path;
    }
  unique = jx_trace_names_disambiguate (names, paths, items->len);
  for (guint i = 0; i < items->len; i++)
    set_name (g_ptr_array_index (items, i), unique[i]);
}

/* Summary ------------------------------------------------------------------ */

typedef struct
{
  JxSessionTrace *item;
  GCancellable   *run;
} SummaryRun;

static void
summary_run_free (SummaryRun *run)
{
  g_object_unref (run->item);
  g_object_unref (run->run);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SummaryRun, summary_run_free)

static void
summary_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(SummaryRun) run = user_data;
  g_autoptr(JxTimelineSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  JxSessionTrace *self = run->item;

  summary = jx_timeline_summary_build_finish (result, &error);
  if (!jx_session_job_finish (&self->summary_job, run->run))
    return;
  /* Detaching cancels the job: a current one is for a loaded trace. */
  g_assert (self->attached && self->trace != NULL);

  if (summary == NULL)
    {
      /* Views keep drawing exactly from the invocation arrays. */
      g_debug ("Timeline summary of %s: %s", self->name, error->message);
      return;
    }
  self->summary = g_steal_pointer (&summary);
  notify (self, PROP_SUMMARY);
  jx_trace_folding_set_summary (self->folding, self->summary);
}

/* A compared trace's summary waits while its comparison runs: both would
 * share the cores, and the diff bars, which need the whole comparison, would
 * come later by the summary's time. The trace's big rows are drawn pending
 * meanwhile, so only a comparison estimated to take at most this long is
 * waited for (the reference's summary never waits). */
#define SUMMARY_WAITS_SECONDS 5.0

static void
start_summary (JxSessionTrace *self)
{
  SummaryRun *run;

  if (jx_trace_comparison_get_state (self->comparison) == JX_SESSION_COMPARISON_RUNNING &&
      jx_trace_comparison_get_estimate (self->comparison) <= SUMMARY_WAITS_SECONDS)
    {
      self->summary_held = TRUE;
      return;
    }
  self->summary_held = FALSE;
  run = g_new0 (SummaryRun, 1);
  run->item = g_object_ref (self);
  run->run = g_object_ref (jx_session_job_start (&self->summary_job));
  jx_timeline_summary_build_async (self->trace, run->run, summary_done, run);
}

/* Loading ------------------------------------------------------------------ */

void
_jx_session_trace_set_loaded (JxSessionTrace *self,
                              JxTrace        *trace)
{
  guint64 start = jx_trace_get_start_time (trace);
  guint64 end = jx_trace_get_end_time (trace);
  const char *name = jx_trace_get_name (trace);

  g_assert (JX_IS_SESSION_TRACE (self));
  g_assert (JX_IS_TRACE (trace));
  g_assert (self->trace == NULL && self->state == JX_SESSION_TRACE_LOADING);

  self->trace = g_object_ref (trace);
  self->start_ticks = start;
  self->resolution = jx_trace_get_timer_resolution (trace);
  self->duration_ns = end > start ? jx_time_ticks_to_ns ((gint64) (end - start), self->resolution) : 0;

  g_object_freeze_notify (G_OBJECT (self));
  if (name != NULL && name[0] != '\0' && g_strcmp0 (name, self->base_name) != 0)
    {
      g_free (self->base_name);
      self->base_name = g_strdup (name);
      /* The session tells it apart from the others on notify::name. */
      set_name (self, name);
    }
  if (self->fraction != 1.0)
    {
      self->fraction = 1.0;
      notify (self, PROP_FRACTION);
    }
  notify (self, PROP_TRACE);
  notify (self, PROP_DURATION);
  self->state = JX_SESSION_TRACE_LOADED;
  notify (self, PROP_STATE);
  g_object_thaw_notify (G_OBJECT (self));

  if (self->attached)
    {
      start_summary (self);
      jx_trace_folding_set_trace (self->folding, trace);
    }
}

static void
set_failed (JxSessionTrace *self,
            GError         *error)
{
  g_object_freeze_notify (G_OBJECT (self));
  self->error = error;
  notify (self, PROP_ERROR);
  self->state = JX_SESSION_TRACE_FAILED;
  notify (self, PROP_STATE);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
on_load_progress (double   fraction,
                  gpointer user_data)
{
  JxSessionTrace *self = user_data;

  if (!self->attached || self->state != JX_SESSION_TRACE_LOADING)
    return;

  fraction = CLAMP (fraction, 0.0, 1.0);
  /* Progress only ever moves forward; redrawing for sub-percent steps is waste. */
  if (fraction < self->fraction + 0.005 && fraction < 1.0)
    return;

  self->fraction = fraction;
  notify (self, PROP_FRACTION);
}

static void
on_load_ready (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(JxSessionTrace) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = NULL;

  trace = jx_trace_load_finish (result, &error);
  g_clear_object (&self->load_cancellable);
  if (!self->attached)
    return;

  if (trace != NULL)
    {
      _jx_session_trace_set_loaded (self, trace);
      return;
    }

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_error (&error);
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("Loading “%s” was cancelled"), self->path);
    }
  else if (error == NULL)
    g_set_error (&error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                 _("Could not load “%s”"), self->path);
  set_failed (self, g_steal_pointer (&error));
}

void
_jx_session_trace_load (JxSessionTrace         *self,
                        const JxTraceSelection *selection)
{
  JxLoadOptions options = { 0 };

  g_assert (JX_IS_SESSION_TRACE (self));
  g_assert (self->state == JX_SESSION_TRACE_LOADING);
  g_assert (self->load_cancellable == NULL);
  g_assert (self->selection == NULL);

  /* The whole trace is no selection: the item then says it is complete. */
  if (selection != NULL && !jx_trace_selection_is_all (selection))
    self->selection = jx_trace_selection_copy (selection);
  options.selection = self->selection;
  self->load_cancellable = g_cancellable_new ();
  jx_trace_load_async (self->path, &options,
                       on_load_progress, g_object_ref (self), g_object_unref,
                       self->load_cancellable,
                       on_load_ready, g_object_ref (self));
}

void
_jx_session_trace_cancel_load (JxSessionTrace *self)
{
  g_assert (JX_IS_SESSION_TRACE (self));

  if (self->state == JX_SESSION_TRACE_LOADING && self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
}

void
_jx_session_trace_detach (JxSessionTrace *self)
{
  g_assert (JX_IS_SESSION_TRACE (self));

  if (!self->attached)
    return;
  self->attached = FALSE;
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  jx_session_job_cancel (&self->summary_job);
  self->summary_held = FALSE;

  /* A removed trace's memory goes now, not when the last view lets go of
   * the item. */
  g_object_freeze_notify (G_OBJECT (self));
  jx_trace_folding_clear (self->folding);
  jx_trace_comparison_clear (self->comparison, JX_SESSION_COMPARISON_NONE);
  if (self->summary != NULL)
    {
      g_clear_pointer (&self->summary, jx_timeline_summary_unref);
      notify (self, PROP_SUMMARY);
    }
  if (self->trace != NULL)
    {
      g_clear_object (&self->trace);
      notify (self, PROP_TRACE);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

void
_jx_session_trace_set_offset (JxSessionTrace *self,
                              gint64          offset)
{
  g_assert (JX_IS_SESSION_TRACE (self));

  if (self->offset == offset)
    return;
  self->offset = offset;
  notify (self, PROP_OFFSET);
}

void
_jx_session_trace_set_reference (JxSessionTrace *self,
                                 gboolean        reference)
{
  g_assert (JX_IS_SESSION_TRACE (self));

  reference = !!reference;
  if (self->reference == reference)
    return;
  self->reference = reference;
  notify (self, PROP_REFERENCE);
}

/* Object ------------------------------------------------------------------- */

JxSessionTrace *
_jx_session_trace_new (const char *path,
                       guint       color_slot)
{
  JxSessionTrace *self = g_object_new (JX_TYPE_SESSION_TRACE, "path", path, NULL);

  self->color_slot = color_slot;
  self->attached = TRUE;
  return self;
}

static void
jx_session_trace_dispose (GObject *object)
{
  JxSessionTrace *self = JX_SESSION_TRACE (object);

  _jx_session_trace_detach (self);
  g_clear_object (&self->load_cancellable);
  if (self->folding != NULL)
    g_signal_handlers_disconnect_by_data (self->folding, self);
  if (self->comparison != NULL)
    g_signal_handlers_disconnect_by_data (self->comparison, self);
  g_clear_object (&self->folding);
  g_clear_object (&self->comparison);

  G_OBJECT_CLASS (jx_session_trace_parent_class)->dispose (object);
}

static void
jx_session_trace_finalize (GObject *object)
{
  JxSessionTrace *self = JX_SESSION_TRACE (object);

  g_clear_pointer (&self->summary, jx_timeline_summary_unref);
  g_clear_object (&self->trace);
  g_clear_error (&self->error);
  g_clear_pointer (&self->selection, jx_trace_selection_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->base_name, g_free);
  g_clear_pointer (&self->name, g_free);

  G_OBJECT_CLASS (jx_session_trace_parent_class)->finalize (object);
}

static void
jx_session_trace_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  JxSessionTrace *self = JX_SESSION_TRACE (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;
    case PROP_TRACE:
      g_value_set_object (value, self->trace);
      break;
    case PROP_DURATION:
      g_value_set_int64 (value, jx_session_trace_get_duration (self));
      break;
    case PROP_OFFSET:
      g_value_set_int64 (value, self->offset);
      break;
    case PROP_COLOR_SLOT:
      g_value_set_uint (value, self->color_slot);
      break;
    case PROP_PICKED_COLOR:
      g_value_set_uint (value, self->picked_color);
      break;
    case PROP_REFERENCE:
      g_value_set_boolean (value, self->reference);
      break;
    case PROP_SUMMARY:
      g_value_set_boxed (value, self->summary);
      break;
    case PROP_GROUPS:
      g_value_set_boxed (value, jx_trace_folding_get_groups (self->folding));
      break;
    case PROP_FOLD:
      g_value_set_boxed (value, jx_trace_folding_get_fold (self->folding));
      break;
    case PROP_IMBALANCE:
      g_value_set_boxed (value, jx_trace_folding_get_imbalance (self->folding));
      break;
    case PROP_IMBALANCE_ERROR:
      g_value_set_string (value, jx_trace_folding_get_imbalance_error (self->folding));
      break;
    case PROP_COMPARISON:
      g_value_set_boxed (value, jx_trace_comparison_get_comparison (self->comparison));
      break;
    case PROP_COMPARISON_PAIRS:
      g_value_set_uint (value, jx_trace_comparison_get_n_pairs (self->comparison));
      break;
    case PROP_COMPARISON_STATE:
      g_value_set_enum (value, jx_trace_comparison_get_state (self->comparison));
      break;
    case PROP_COMPARISON_FRACTION:
      g_value_set_double (value, jx_trace_comparison_get_fraction (self->comparison));
      break;
    case PROP_COMPARISON_ESTIMATE:
      g_value_set_double (value, jx_trace_comparison_get_estimate (self->comparison));
      break;
    case PROP_COMPARISON_ERROR:
      g_value_set_boxed (value, jx_trace_comparison_get_error (self->comparison));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_session_trace_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  JxSessionTrace *self = JX_SESSION_TRACE (object);

  switch (prop_id)
    {
    case PROP_PATH:
      self->path = g_value_dup_string (value);
      self->base_name = self->path != NULL && self->path[0] != '\0' ? jx_trace_name_from_path (self->path)
                                                                    : g_strdup ("");
      self->name = g_strdup (self->base_name);
      break;
    case PROP_PICKED_COLOR:
      jx_session_trace_set_picked_color (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_session_trace_class_init (JxSessionTraceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = jx_session_trace_dispose;
  object_class->finalize = jx_session_trace_finalize;
  object_class->get_property = jx_session_trace_get_property;
  object_class->set_property = jx_session_trace_set_property;

  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, ro);
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, JX_TYPE_SESSION_TRACE_STATE, JX_SESSION_TRACE_LOADING, ro);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0, ro);
  properties[PROP_ERROR] = g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR, ro);
  properties[PROP_TRACE] = g_param_spec_object ("trace", NULL, NULL, JX_TYPE_TRACE, ro);
  properties[PROP_DURATION] = g_param_spec_int64 ("duration", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[PROP_OFFSET] = g_param_spec_int64 ("offset", NULL, NULL, G_MININT64, G_MAXINT64, 0, ro);
  properties[PROP_COLOR_SLOT] = g_param_spec_uint ("color-slot", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_PICKED_COLOR] =
    g_param_spec_uint ("picked-color", NULL, NULL, 0, G_MAXUINT32, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REFERENCE] = g_param_spec_boolean ("reference", NULL, NULL, FALSE, ro);
  properties[PROP_SUMMARY] = g_param_spec_boxed ("summary", NULL, NULL, JX_TYPE_TIMELINE_SUMMARY, ro);
  properties[PROP_GROUPS] = g_param_spec_boxed ("groups", NULL, NULL, JX_TYPE_STREAM_GROUPS, ro);
  properties[PROP_FOLD] = g_param_spec_boxed ("fold", NULL, NULL, JX_TYPE_TIMELINE_FOLD, ro);
  properties[PROP_IMBALANCE] = g_param_spec_boxed ("imbalance", NULL, NULL, JX_TYPE_IMBALANCE, ro);
  properties[PROP_IMBALANCE_ERROR] = g_param_spec_string ("imbalance-error", NULL, NULL, NULL, ro);
  properties[PROP_COMPARISON] = g_param_spec_boxed ("comparison", NULL, NULL, JX_TYPE_COMPARISON, ro);
  properties[PROP_COMPARISON_PAIRS] =
    g_param_spec_uint ("comparison-pairs", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_COMPARISON_STATE] =
    g_param_spec_enum ("comparison-state", NULL, NULL, JX_TYPE_SESSION_COMPARISON_STATE,
                       JX_SESSION_COMPARISON_NONE, ro);
  properties[PROP_COMPARISON_FRACTION] =
    g_param_spec_double ("comparison-fraction", NULL, NULL, 0.0, 1.0, 0.0, ro);
  properties[PROP_COMPARISON_ESTIMATE] =
    g_param_spec_double ("comparison-estimate", NULL, NULL, 0.0, G_MAXDOUBLE, 0.0, ro);
  properties[PROP_COMPARISON_ERROR] = g_param_spec_boxed ("comparison-error", NULL, NULL, G_TYPE_ERROR, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

/* The parts' properties under the item's names. */
static const struct
{
  const char *part;
  guint       prop;
} folding_props[] = {
  { "groups", PROP_GROUPS },
  { "fold", PROP_FOLD },
  { "imbalance", PROP_IMBALANCE },
  { "imbalance-error", PROP_IMBALANCE_ERROR },
}, comparison_props[] = {
  { "comparison", PROP_COMPARISON },
  { "pairs", PROP_COMPARISON_PAIRS },
  { "state", PROP_COMPARISON_STATE },
  { "fraction", PROP_COMPARISON_FRACTION },
  { "estimate", PROP_COMPARISON_ESTIMATE },
  { "error", PROP_COMPARISON_ERROR },
};

static void
on_folding_notify (JxTraceFolding *folding,
                   GParamSpec     *pspec,
                   JxSessionTrace *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (folding_props); i++)
    if (g_str_equal (pspec->name, folding_props[i].part))
      notify (self, folding_props[i].prop);
}

static void
on_comparison_notify (JxTraceComparison *comparison,
                      GParamSpec        *pspec,
                      JxSessionTrace    *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (comparison_props); i++)
    if (g_str_equal (pspec->name, comparison_props[i].part))
      notify (self, comparison_props[i].prop);
  /* Done, failed or stopped: the summary held for it starts. */
  if (self->summary_held && g_str_equal (pspec->name, "state") &&
      jx_trace_comparison_get_state (comparison) != JX_SESSION_COMPARISON_RUNNING)
    {
      g_assert (self->attached && self->trace != NULL && self->summary == NULL);
      start_summary (self);
    }
}

static void
jx_session_trace_init (JxSessionTrace *self)
{
  self->state = JX_SESSION_TRACE_LOADING;
  self->folding = jx_trace_folding_new ();
  self->comparison = jx_trace_comparison_new ();
  g_signal_connect (self->folding, "notify", G_CALLBACK (on_folding_notify), self);
  g_signal_connect (self->comparison, "notify", G_CALLBACK (on_comparison_notify), self);
}

/* Getters ------------------------------------------------------------------ */

const char *
jx_session_trace_get_path (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->path;
}

const char *
jx_session_trace_get_name (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->name;
}

JxSessionTraceState
jx_session_trace_get_state (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), JX_SESSION_TRACE_FAILED);
  return self->state;
}

double
jx_session_trace_get_fraction (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), 0.0);
  return self->fraction;
}

const GError *
jx_session_trace_get_error (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->error;
}

const JxTraceSelection *
jx_session_trace_get_selection (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->selection;
}

const JxTracePartial *
jx_session_trace_get_partial (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->trace != NULL ? jx_trace_get_partial (self->trace) : NULL;
}

JxTrace *
jx_session_trace_get_trace (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->trace;
}

gint64
jx_session_trace_get_duration (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), 0);
  return self->state == JX_SESSION_TRACE_LOADED ? self->duration_ns : 0;
}

gint64
jx_session_trace_get_offset (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), 0);
  return self->offset;
}

guint
jx_session_trace_get_color_slot (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), 0);
  return self->color_slot;
}

guint32
jx_session_trace_get_picked_color (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), 0);
  return self->picked_color;
}

void
jx_session_trace_set_picked_color (JxSessionTrace *self,
                                   guint32         pixel)
{
  g_return_if_fail (JX_IS_SESSION_TRACE (self));

  /* A picked colour is opaque; 0 (no alpha) means "none". */
  if (pixel != 0)
    pixel |= 0xff000000u;
  if (self->picked_color == pixel)
    return;
  self->picked_color = pixel;
  notify (self, PROP_PICKED_COLOR);
}

gboolean
jx_session_trace_get_reference (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), FALSE);
  return self->reference;
}

JxTimelineSummary *
jx_session_trace_get_summary (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->summary;
}

JxTraceFolding *
jx_session_trace_get_folding (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->folding;
}

JxStreamGroups *
jx_session_trace_get_groups (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return jx_trace_folding_get_groups (self->folding);
}

JxTimelineFold *
jx_session_trace_get_fold (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return jx_trace_folding_get_fold (self->folding);
}

JxImbalance *
jx_session_trace_get_imbalance (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return jx_trace_folding_get_imbalance (self->folding);
}

const char *
jx_session_trace_get_imbalance_error (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return jx_trace_folding_get_imbalance_error (self->folding);
}

JxTraceComparison *
jx_session_trace_get_trace_comparison (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return self->comparison;
}

JxComparison *
jx_session_trace_get_comparison (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return jx_trace_comparison_get_comparison (self->comparison);
}

guint
jx_session_trace_get_comparison_pairs (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), 0);
  return jx_trace_comparison_get_n_pairs (self->comparison);
}

JxSessionComparisonState
jx_session_trace_get_comparison_state (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), JX_SESSION_COMPARISON_NONE);
  return jx_trace_comparison_get_state (self->comparison);
}

double
jx_session_trace_get_comparison_fraction (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), 0.0);
  return jx_trace_comparison_get_fraction (self->comparison);
}

double
jx_session_trace_get_comparison_estimate (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), 0.0);
  return jx_trace_comparison_get_estimate (self->comparison);
}

const GError *
jx_session_trace_get_comparison_error (JxSessionTrace *self)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return jx_trace_comparison_get_error (self->comparison);
}

const JxComparisonPair *
jx_session_trace_get_stream_pair (JxSessionTrace *self,
                                  gboolean        reference_side,
                                  guint32         stream)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), NULL);
  return jx_trace_comparison_get_stream_pair (self->comparison, reference_side, stream);
}

gboolean
jx_session_trace_get_extent (JxSessionTrace *self,
                             JxTimeSpan     *extent)
{
  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), FALSE);

  if (self->state != JX_SESSION_TRACE_LOADED)
    return FALSE;
  if (extent != NULL)
    {
      extent->begin_ns = self->offset;
      extent->end_ns = self->offset + self->duration_ns;
    }
  return TRUE;
}

JxTimeOrigin
jx_session_trace_get_time_origin (JxSessionTrace *self)
{
  JxTimeOrigin origin = { 0, 0, 0 };

  g_return_val_if_fail (JX_IS_SESSION_TRACE (self), origin);
  g_return_val_if_fail (self->state == JX_SESSION_TRACE_LOADED, origin);

  origin.start_ticks = self->start_ticks;
  origin.resolution = self->resolution;
  origin.offset_ns = self->offset;
  return origin;
}
