/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-comparison.c — see jx-trace-comparison.h. */
#include "config.h"

#include "jx-comparison-repair.h"
#include "jx-session-job.h"
#include "jx-trace-comparison.h"

/* Invocations the engine aligns per second and thread, with the metrics and
 * the diff bars, on a 2016 laptop core (tests/session/bench-compare.c):
 * generous, so that the estimate errs long. */
#define INVOCATIONS_PER_SECOND 4.0e6
/* Progress is reported in steps of at least this much. */
#define FRACTION_STEP 0.005

struct _JxTraceComparison
{
  GObject                   parent_instance;

  JxSessionJob              job;
  JxTrace                  *reference;    /* A of the run / result */
  JxComparison             *comparison;   /* from the first published pair on */
  JxDiffBarSet             *bars;         /* this trace's side (B) */
  JxDiffBarSet             *reference_bars;
  JxHeadline               *headline;       /* of the pairs done when made */
  guint                     headline_pairs;
  JxSessionComparisonState  headline_state;
  JxScoring                 scoring;      /* of the next start */
  JxPairingMode             pairing;      /* of the next start */
  char                    **overrides;    /* the streams paired by hand: A, B, A, B, … names */
  guint                     n_repaired;   /* pairs the last repair published */
  gboolean                  repairing;    /* the job is a repair of the whole result in hand */
  JxDiffBarMode             bar_mode;
  double                    bar_band;
  guint                     n_pairs;
  JxSessionComparisonState  state;
  double                    fraction;
  double                    estimate;
  GError                   *error;
};

enum {
  PROP_0,
  PROP_COMPARISON,
  PROP_PAIRS,
  PROP_STATE,
  PROP_FRACTION,
  PROP_ESTIMATE,
  PROP_ERROR,
  N_PROPS
};

enum {
  PAIR_DONE,
  RESET,
  STREAM_DROPPED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (JxTraceComparison, jx_trace_comparison, G_TYPE_OBJECT)

static void
notify (JxTraceComparison *self,
        guint              prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_state (JxTraceComparison        *self,
           JxSessionComparisonState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  notify (self, PROP_STATE);
}

static void
set_fraction (JxTraceComparison *self,
              double             fraction)
{
  fraction = CLAMP (fraction, 0.0, 1.0);
  if (self->fraction == fraction)
    return;
  self->fraction = fraction;
  notify (self, PROP_FRACTION);
}

static void
set_estimate (JxTraceComparison *self,
              double             estimate)
{
  if (self->estimate == estimate)
    return;
  self->estimate = estimate;
  notify (self, PROP_ESTIMATE);
}

static void
apply_bar_style (JxTraceComparison *self)
{
  JxDiffBarSet *sets[2] = { self->bars, self->reference_bars };

  for (guint i = 0; i < 2; i++)
    if (sets[i] != NULL)
      {
        jx_diff_bar_set_set_mode (sets[i], self->bar_mode);
        jx_diff_bar_set_set_band (sets[i], self->bar_band);
      }
}

void
jx_trace_comparison_set_bar_style (JxTraceComparison *self,
                                   JxDiffBarMode      mode,
                                   double             band)
{
  g_return_if_fail (JX_IS_TRACE_COMPARISON (self));
  g_return_if_fail (mode < JX_DIFF_BAR_N_MODES);

  self->bar_mode = mode;
  self->bar_band = band;
  apply_bar_style (self);
}

/* A run ------------------------------------------------------------------- */

typedef struct
{
  JxTraceComparison *self;
  GCancellable      *run;
} Run;

static void
run_free (Run *run)
{
  g_object_unref (run->self);
  g_object_unref (run->run);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

static gboolean
is_current (Run *run)
{
  return run->self->job.current == run->run && !g_cancellable_is_cancelled (run->run);
}

/* Main context, coalesced by the engine. */
static void
on_progress (guint    pairs_done,
             guint    n_pairs,
             guint64  events_done,
             guint64  n_events,
             gpointer user_data)
{
  Run *run = user_data;
  double fraction;

  if (!is_current (run) || n_events == 0)
    return;
  fraction = (double) events_done / (double) n_events;
  if (fraction < run->self->fraction + FRACTION_STEP && fraction < 1.0)
    return;
  set_fraction (run->self, fraction);
}

/* Main context, once per finished stream pair: O(1). */
static void
on_pair_done (JxComparison           *comparison,
              const JxComparisonPair *pair,
              gpointer                user_data)
{
  Run *run = user_data;
  JxTraceComparison *self = run->self;
  gboolean first = self->comparison == NULL;

  if (!is_current (run) || pair->alignment == NULL)
    return;
  /* A current run has its bars from start() on. */
  g_assert (self->bars != NULL && self->reference_bars != NULL && self->reference != NULL);
  if (first)
    self->comparison = jx_comparison_ref (comparison);
  jx_diff_bar_set_add_pair (self->bars, pair);
  jx_diff_bar_set_add_pair (self->reference_bars, pair);
  self->n_pairs++;

  g_signal_emit (self, signals[PAIR_DONE], 0, pair);
  g_object_freeze_notify (G_OBJECT (self));
  if (first)
    notify (self, PROP_COMPARISON);
  notify (self, PROP_PAIRS);
  g_object_thaw_notify (G_OBJECT (self));
}

/* The end of a run or a repair: done, or failed with `error` (taken). */
static void
set_finished (JxTraceComparison *self,
              GError            *error)
{
  if (error == NULL)
    {
      set_fraction (self, 1.0);
      set_state (self, JX_SESSION_COMPARISON_DONE);
      return;
    }
  self->error = error;
  notify (self, PROP_ERROR);
  set_state (self, JX_SESSION_COMPARISON_FAILED);
}

static void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(Run) run = user_data;
  g_autoptr(JxComparison) comparison = NULL;
  g_autoptr(GError) error = NULL;
  JxTraceComparison *self = run->self;

  comparison = jx_comparison_run_finish (result, &error);
  if (!jx_session_job_finish (&self->job, run->run))
    return;

  g_object_freeze_notify (G_OBJECT (self));
  /* A comparison without aligned pairs still is one: unpaired streams. */
  if (comparison != NULL && self->comparison == NULL)
    {
      self->comparison = g_steal_pointer (&comparison);
      notify (self, PROP_COMPARISON);
    }
  set_finished (self, g_steal_pointer (&error));
  g_object_thaw_notify (G_OBJECT (self));
}

/* The flat A, B, A, B, … list as name pairs pointing into it. */
static JxNamePair *
overrides_as_pairs (char  **overrides,
                    guint  *n_pairs)
{
  guint n = overrides != NULL ? g_strv_length (overrides) / 2 : 0;
  JxNamePair *pairs = g_new0 (JxNamePair, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      pairs[i].name_a = overrides[2 * i];
      pairs[i].name_b = overrides[2 * i + 1];
    }
  *n_pairs = n;
  return pairs;
}

static double
estimate_seconds (JxTrace *a,
                  JxTrace *b)
{
  double invocations = (double) jx_trace_get_n_invocations (a) + (double) jx_trace_get_n_invocations (b);

  return invocations / (INVOCATIONS_PER_SECOND * MAX (1u, g_get_num_processors ()));
}

/* Drops run, result and bars; `reset` when the bars go for good (a start
 * announces its new ones itself). */
static void
drop (JxTraceComparison        *self,
      JxSessionComparisonState  state,
      gboolean                  reset)
{
  gboolean had_result = self->comparison != NULL;
  gboolean had_bars = self->bars != NULL;

  jx_session_job_cancel (&self->job);
  self->repairing = FALSE;
  g_clear_object (&self->reference);
  g_clear_pointer (&self->bars, jx_diff_bar_set_unref);
  g_clear_pointer (&self->reference_bars, jx_diff_bar_set_unref);
  g_clear_pointer (&self->headline, jx_headline_free);
  /* The bars pointed into it: they went first. */
  g_clear_pointer (&self->comparison, jx_comparison_unref);
  g_clear_error (&self->error);

  if (had_bars && reset)
    g_signal_emit (self, signals[RESET], 0);
  g_object_freeze_notify (G_OBJECT (self));
  if (had_result)
    notify (self, PROP_COMPARISON);
  if (self->n_pairs != 0)
    {
      self->n_pairs = 0;
      notify (self, PROP_PAIRS);
    }
  set_fraction (self, 0.0);
  set_estimate (self, 0.0);
  set_state (self, state);
  g_object_thaw_notify (G_OBJECT (self));
}

void
jx_trace_comparison_clear (JxTraceComparison        *self,
                           JxSessionComparisonState  state)
{
  g_return_if_fail (JX_IS_TRACE_COMPARISON (self));
  g_return_if_fail (state == JX_SESSION_COMPARISON_NONE || state == JX_SESSION_COMPARISON_WAITING);

  drop (self, state, TRUE);
}

void
jx_trace_comparison_start (JxTraceComparison *self,
                           JxTrace           *reference,
                           JxTrace           *trace)
{
  JxComparisonOptions options;
  g_autofree JxNamePair *names = NULL;
  Run *run;

  g_return_if_fail (JX_IS_TRACE_COMPARISON (self));
  g_return_if_fail (JX_IS_TRACE (reference));
  g_return_if_fail (JX_IS_TRACE (trace));

  g_object_freeze_notify (G_OBJECT (self));
  drop (self, JX_SESSION_COMPARISON_RUNNING, FALSE);
  self->reference = g_object_ref (reference);
  jx_diff_bar_set_new_pair (reference, trace, &self->reference_bars, &self->bars);
  apply_bar_style (self);
  set_estimate (self, estimate_seconds (reference, trace));

  jx_comparison_options_init (&options);
  options.diff_bars = TRUE;
  options.keep_alignment = TRUE;
  options.scoring = self->scoring;
  options.pairing = self->pairing;
  names = overrides_as_pairs (self->overrides, &options.n_pair_overrides);
  options.pair_overrides = names;

  run = g_new0 (Run, 1);
  run->self = g_object_ref (self);
  run->run = g_object_ref (jx_session_job_start (&self->job));
  /* The run's data outlives the pair and progress callbacks: it goes with
   * the completion callback, the engine's last call. */
  jx_comparison_run_async (reference, trace, &options, run->run,
                           on_progress, on_pair_done, run, on_done, run);
  g_signal_emit (self, signals[RESET], 0);
  g_object_thaw_notify (G_OBJECT (self));
}

void
jx_trace_comparison_set_scoring (JxTraceComparison *self,
                                 const JxScoring   *scoring)
{
  g_return_if_fail (JX_IS_TRACE_COMPARISON (self));
  g_return_if_fail (scoring != NULL);

  self->scoring = *scoring;
}

void
jx_trace_comparison_set_pairing (JxTraceComparison *self,
                                 JxPairingMode      pairing)
{
  g_return_if_fail (JX_IS_TRACE_COMPARISON (self));
  self->pairing = pairing;
}

const JxScoring *
jx_trace_comparison_get_scoring (JxTraceComparison *self)
{
  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), NULL);
  return &self->scoring;
}

void
jx_trace_comparison_cancel (JxTraceComparison *self)
{
  g_return_if_fail (JX_IS_TRACE_COMPARISON (self));

  if (self->state != JX_SESSION_COMPARISON_RUNNING)
    return;
  /* The pairs published so far stay; the workers stop at their next check. */
  jx_session_job_cancel (&self->job);
  self->repairing = FALSE;
  set_state (self, JX_SESSION_COMPARISON_CANCELLED);
}

/* Pairing by hand ---------------------------------------------------------- */

const char *const *
jx_trace_comparison_get_overrides (JxTraceComparison *self)
{
  static const char *const none[] = { NULL };

  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), NULL);
  return self->overrides != NULL ? (const char *const *) self->overrides : none;
}

void
jx_trace_comparison_set_overrides (JxTraceComparison *self,
                                   const char *const *overrides)
{
  g_return_if_fail (JX_IS_TRACE_COMPARISON (self));
  g_return_if_fail (overrides == NULL || g_strv_length ((char **) overrides) % 2 == 0);

  g_strfreev (self->overrides);
  self->overrides = overrides != NULL && overrides[0] != NULL ? g_strdupv ((char **) overrides) : NULL;
}

guint
jx_trace_comparison_get_n_repaired (JxTraceComparison *self)
{
  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), 0);
  return self->n_repaired;
}

/* Whether stream has a row on that side; the bars are not rebuilt unless
 * a row came or went. */
static gboolean
has_row (JxTraceComparison *self,
         gboolean           reference_side,
         guint32            stream)
{
  return jx_diff_bar_set_has_row (reference_side ? self->reference_bars : self->bars, stream);
}

typedef struct
{
  gboolean reference_side;
  guint32  stream;
  gboolean had_row;       /* before the repair */
  gboolean dropped;       /* its old pair went */
} Affected;

static void
add_affected (JxTraceComparison *self,
              GArray            *affected,
              gboolean           reference_side,
              guint32            stream,
              gboolean           dropped)
{
  Affected a = { reference_side, stream, FALSE, dropped };

  if (stream == JX_NONE)
    return;
  a.had_row = has_row (self, reference_side, stream);
  g_array_append_val (affected, a);
}

/* The bars of the pairs that changed go, the new ones come; every pair
 * taken over keeps its bar (the same pair). */
static void
publish_repair (JxTraceComparison *self,
                JxComparison      *repaired)
{
  g_autoptr(JxComparison) previous = g_steal_pointer (&self->comparison);
  g_autoptr(GArray) affected = g_array_new (FALSE, FALSE, sizeof (Affected));
  g_autoptr(GPtrArray) added = g_ptr_array_new ();
  guint n_old = previous != NULL ? jx_comparison_get_n_pairs (previous) : 0;
  guint n_new = jx_comparison_get_n_pairs (repaired);
  gboolean rows_changed = FALSE;

  /* Which streams change, and whether each had a row before. */
  for (guint i = 0; i < n_old; i++)
    {
      const JxComparisonPair *old = jx_comparison_get_pair (previous, i);

      if (i < n_new && jx_comparison_get_pair (repaired, i) == old)
        continue;
      add_affected (self, affected, TRUE, old->stream_a, TRUE);
      add_affected (self, affected, FALSE, old->stream_b, TRUE);
    }
  self->n_pairs = 0;
  for (guint i = 0; i < n_new; i++)
    {
      const JxComparisonPair *pair = jx_comparison_get_pair (repaired, i);

      if (pair->alignment == NULL)
        continue;
      self->n_pairs++;
      if (i < n_old && jx_comparison_get_pair (previous, i) == pair)
        continue;
      add_affected (self, affected, TRUE, pair->stream_a, FALSE);
      add_affected (self, affected, FALSE, pair->stream_b, FALSE);
      g_ptr_array_add (added, (gpointer) pair);
    }

  for (guint i = 0; i < affected->len; i++)
    {
      const Affected *a = &g_array_index (affected, Affected, i);

      if (a->dropped)
        jx_diff_bar_set_remove_stream (a->reference_side ? self->reference_bars : self->bars, a->stream);
    }
  for (guint i = 0; i < added->len; i++)
    {
      jx_diff_bar_set_add_pair (self->bars, g_ptr_array_index (added, i));
      jx_diff_bar_set_add_pair (self->reference_bars, g_ptr_array_index (added, i));
    }
  self->comparison = jx_comparison_ref (repaired);
  self->n_repaired = added->len;
  g_clear_pointer (&self->headline, jx_headline_free);

  /* The rows are laid out again only when one came or went (a stream lost
   * its partner for good, or got one); a swap keeps every row. */
  for (guint i = 0; i < affected->len; i++)
    {
      const Affected *a = &g_array_index (affected, Affected, i);

      rows_changed |= a->had_row != has_row (self, a->reference_side, a->stream);
    }
  if (rows_changed)
    g_signal_emit (self, signals[RESET], 0);
  for (guint i = 0; i < added->len; i++)
    g_signal_emit (self, signals[PAIR_DONE], 0, g_ptr_array_index (added, i));
  for (guint i = 0; i < affected->len; i++)
    {
      const Affected *a = &g_array_index (affected, Affected, i);

      if (a->dropped && jx_diff_bar_set_get_pair (a->reference_side ? self->reference_bars : self->bars,
                                                  a->stream) == NULL)
        g_signal_emit (self, signals[STREAM_DROPPED], 0, a->reference_side, (guint) a->stream);
    }
}

static void
on_repaired (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(Run) run = user_data;
  g_autoptr(JxComparison) repaired = NULL;
  g_autoptr(GError) error = NULL;
  JxTraceComparison *self = run->self;

  repaired = jx_comparison_repair_finish (result, &error);
  if (!jx_session_job_finish (&self->job, run->run))
    return;
  self->repairing = FALSE;

  g_object_freeze_notify (G_OBJECT (self));
  /* On failure the previous result stays; the error says why it was not
   * paired again. */
  if (repaired != NULL)
    {
      publish_repair (self, repaired);
      notify (self, PROP_COMPARISON);
      notify (self, PROP_PAIRS);
    }
  set_finished (self, g_steal_pointer (&error));
  g_object_thaw_notify (G_OBJECT (self));
}

void
jx_trace_comparison_repair (JxTraceComparison *self,
                            JxTrace           *trace,
                            const char *const *overrides)
{
  g_autofree JxNamePair *names = NULL;
  guint n_names;
  Run *run;

  g_return_if_fail (JX_IS_TRACE_COMPARISON (self));
  g_return_if_fail (JX_IS_TRACE (trace));

  jx_trace_comparison_set_overrides (self, overrides);
  if (self->reference == NULL)
    return;
  /* Without a whole result to start from, the comparison starts over. A
   * repair still running started from a whole one: the next starts there
   * too (and cancels it), so that a quick undo aligns only what changed. */
  if (self->comparison == NULL || (self->state != JX_SESSION_COMPARISON_DONE && !self->repairing))
    {
      g_autoptr(JxTrace) reference = g_object_ref (self->reference);

      jx_trace_comparison_start (self, reference, trace);
      return;
    }

  names = overrides_as_pairs (self->overrides, &n_names);
  run = g_new0 (Run, 1);
  run->self = g_object_ref (self);
  run->run = g_object_ref (jx_session_job_start (&self->job));
  self->repairing = TRUE;
  g_clear_error (&self->error);
  g_object_freeze_notify (G_OBJECT (self));
  set_fraction (self, 0.0);
  set_state (self, JX_SESSION_COMPARISON_RUNNING);
  g_object_thaw_notify (G_OBJECT (self));
  jx_comparison_repair_async (self->comparison, self->reference, trace, names, n_names, run->run, on_repaired, run);
}

/* Object ------------------------------------------------------------------- */

static void
jx_trace_comparison_dispose (GObject *object)
{
  JxTraceComparison *self = JX_TRACE_COMPARISON (object);

  jx_session_job_cancel (&self->job);

  G_OBJECT_CLASS (jx_trace_comparison_parent_class)->dispose (object);
}

static void
jx_trace_comparison_finalize (GObject *object)
{
  JxTraceComparison *self = JX_TRACE_COMPARISON (object);

  g_clear_pointer (&self->bars, jx_diff_bar_set_unref);
  g_clear_pointer (&self->reference_bars, jx_diff_bar_set_unref);
  g_clear_pointer (&self->headline, jx_headline_free);
  g_clear_pointer (&self->comparison, jx_comparison_unref);
  g_clear_object (&self->reference);
  g_clear_error (&self->error);
  g_strfreev (self->overrides);

  G_OBJECT_CLASS (jx_trace_comparison_parent_class)->finalize (object);
}

static void
jx_trace_comparison_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  JxTraceComparison *self = JX_TRACE_COMPARISON (object);

  switch (prop_id)
    {
    case PROP_COMPARISON:
      g_value_set_boxed (value, self->comparison);
      break;
    case PROP_PAIRS:
      g_value_set_uint (value, self->n_pairs);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    case PROP_ESTIMATE:
      g_value_set_double (value, self->estimate);
      break;
    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_trace_comparison_class_init (JxTraceComparisonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = jx_trace_comparison_dispose;
  object_class->finalize = jx_trace_comparison_finalize;
  object_class->get_property = jx_trace_comparison_get_property;

  properties[PROP_COMPARISON] = g_param_spec_boxed ("comparison", NULL, NULL, JX_TYPE_COMPARISON, ro);
  properties[PROP_PAIRS] = g_param_spec_uint ("pairs", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, JX_TYPE_SESSION_COMPARISON_STATE, JX_SESSION_COMPARISON_NONE, ro);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0, ro);
  properties[PROP_ESTIMATE] = g_param_spec_double ("estimate", NULL, NULL, 0.0, G_MAXDOUBLE, 0.0, ro);
  properties[PROP_ERROR] = g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[PAIR_DONE] = g_signal_new ("pair-done", G_TYPE_FROM_CLASS (klass),
                                     G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[STREAM_DROPPED] = g_signal_new ("stream-dropped", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_UINT);
  signals[RESET] = g_signal_new ("reset", G_TYPE_FROM_CLASS (klass),
                                 G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 0);
}

static void
jx_trace_comparison_init (JxTraceComparison *self)
{
  self->state = JX_SESSION_COMPARISON_NONE;
  self->bar_mode = JX_DIFF_BAR_BOTH;
  self->bar_band = 0.10;
  jx_scoring_init_default (&self->scoring);
  self->pairing = JX_PAIRING_AUTO;
}

JxTraceComparison *
jx_trace_comparison_new (void)
{
  return g_object_new (JX_TYPE_TRACE_COMPARISON, NULL);
}

/* Getters ------------------------------------------------------------------ */

JxTrace *
jx_trace_comparison_get_reference (JxTraceComparison *self)
{
  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), NULL);
  return self->reference;
}

JxComparison *
jx_trace_comparison_get_comparison (JxTraceComparison *self)
{
  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), NULL);
  return self->comparison;
}

guint
jx_trace_comparison_get_n_pairs (JxTraceComparison *self)
{
  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), 0);
  return self->n_pairs;
}

JxSessionComparisonState
jx_trace_comparison_get_state (JxTraceComparison *self)
{
  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), JX_SESSION_COMPARISON_NONE);
  return self->state;
}

double
jx_trace_comparison_get_fraction (JxTraceComparison *self)
{
  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), 0.0);
  return self->fraction;
}

double
jx_trace_comparison_get_estimate (JxTraceComparison *self)
{
  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), 0.0);
  return self->estimate;
}

const GError *
jx_trace_comparison_get_error (JxTraceComparison *self)
{
  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), NULL);
  return self->error;
}

const JxDiffBarSet *
jx_trace_comparison_get_bars (JxTraceComparison *self,
                              gboolean           reference_side)
{
  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), NULL);
  return reference_side ? self->reference_bars : self->bars;
}

const JxComparisonPair *
jx_trace_comparison_get_stream_pair (JxTraceComparison *self,
                                     gboolean           reference_side,
                                     guint32            stream)
{
  const JxDiffBarSet *bars;

  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), NULL);

  bars = reference_side ? self->reference_bars : self->bars;
  return bars != NULL ? jx_diff_bar_set_get_pair (bars, stream) : NULL;
}

const JxHeadline *
jx_trace_comparison_get_headline (JxTraceComparison *self)
{
  g_autofree gboolean *done = NULL;
  guint n;

  g_return_val_if_fail (JX_IS_TRACE_COMPARISON (self), NULL);

  if (self->comparison == NULL)
    return NULL;
  if (self->headline != NULL && self->headline_pairs == self->n_pairs && self->headline_state == self->state)
    return self->headline;

  /* Only the pairs published so far: a worker may still write the others. */
  n = jx_comparison_get_n_pairs (self->comparison);
  done = g_new0 (gboolean, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const JxComparisonPair *pair = jx_comparison_get_pair (self->comparison, i);

      done[i] = pair->stream_b != JX_NONE && jx_trace_comparison_get_stream_pair (self, FALSE, pair->stream_b) == pair;
    }
  g_clear_pointer (&self->headline, jx_headline_free);
  self->headline = jx_headline_new (self->comparison, done);
  self->headline_pairs = self->n_pairs;
  self->headline_state = self->state;
  return self->headline;
}
