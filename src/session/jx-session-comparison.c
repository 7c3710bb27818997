/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-comparison.c — every loaded trace compared with the reference,
 * the per-trace result pattern of jx-session.h with results that arrive
 * stream pair by stream pair:
 *
 *   - the run is jx_comparison_run_async() on the engine's thread pool,
 *     started when the trace and the reference are both loaded, restarted
 *     when the reference changes, dropped with the trace; offsets never
 *     touch it (the alignment is structural);
 *   - each finished pair is published on the main context: the item keeps
 *     it per stream (both sides) and notifies "comparison-pairs", which costs
 *     the main loop O(1) — the diff bars were built with the pair, off it;
 *   - the JxComparison holds its own references to both traces while it
 *     runs and none after, and never the item: closing a trace or the window
 *     mid-run cancels it, and the workers end into nothing.
 *
 * Also here: the selected invocation's aligned partner, the compared trace
 * and walking from difference to difference. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-session-comparison.h"
#include "jx-session-private.h"
#include "jx-session-trace-private.h"

/* Invocations the engine aligns per second and thread, with the metrics and
 * the diff bars, on a 2016 laptop core (tests/session/bench-compare.c):
 * generous, so that the estimate errs long. */
#define INVOCATIONS_PER_SECOND 4.0e6
/* Progress is reported in steps of at least this much. */
#define FRACTION_STEP 0.005

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

static gboolean
is_current (Run *run)
{
  JxSessionTrace *item = run->item;

  return item->attached && item->comparison_job.current == run->run &&
         !g_cancellable_is_cancelled (run->run);
}

static void
set_state (JxSessionTrace           *item,
           JxSessionComparisonState  state)
{
  if (item->comparison_state == state)
    return;
  item->comparison_state = state;
  _jx_session_trace_notify_comparison (item, "comparison-state");
}

static void
set_fraction (JxSessionTrace *item,
              double          fraction)
{
  fraction = CLAMP (fraction, 0.0, 1.0);
  if (item->comparison_fraction == fraction)
    return;
  item->comparison_fraction = fraction;
  _jx_session_trace_notify_comparison (item, "comparison-fraction");
}

void
_jx_session_trace_clear_comparison (JxSessionTrace           *item,
                                    JxSessionComparisonState  state)
{
  gboolean had_result = item->comparison != NULL;

  jx_session_job_cancel (&item->comparison_job);
  g_clear_object (&item->compared_with);
  g_clear_pointer (&item->comparison, jx_comparison_unref);
  g_clear_pointer (&item->pairs_by_stream, g_free);
  g_clear_pointer (&item->pairs_by_reference_stream, g_free);
  g_clear_pointer (&item->partnered, g_free);
  g_clear_pointer (&item->partnered_reference, g_free);
  item->n_streams = item->n_reference_streams = 0;
  g_clear_error (&item->comparison_error);

  g_object_freeze_notify (G_OBJECT (item));
  if (had_result)
    _jx_session_trace_notify_comparison (item, "comparison");
  if (item->comparison_pairs != 0)
    {
      item->comparison_pairs = 0;
      _jx_session_trace_notify_comparison (item, "comparison-pairs");
    }
  set_fraction (item, 0.0);
  if (item->comparison_estimate != 0.0)
    {
      item->comparison_estimate = 0.0;
      _jx_session_trace_notify_comparison (item, "comparison-estimate");
    }
  set_state (item, state);
  g_object_thaw_notify (G_OBJECT (item));
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
  if (fraction < run->item->comparison_fraction + FRACTION_STEP && fraction < 1.0)
    return;
  set_fraction (run->item, fraction);
}

/* Main context, once per finished stream pair: O(1). */
static void
on_pair_done (JxComparison           *comparison,
              const JxComparisonPair *pair,
              gpointer                user_data)
{
  Run *run = user_data;
  JxSessionTrace *item = run->item;
  gboolean first = item->comparison == NULL;

  if (!is_current (run) || pair->alignment == NULL)
    return;
  if (first)
    item->comparison = jx_comparison_ref (comparison);
  if (pair->stream_b < item->n_streams)
    item->pairs_by_stream[pair->stream_b] = pair;
  if (pair->stream_a < item->n_reference_streams)
    item->pairs_by_reference_stream[pair->stream_a] = pair;
  item->comparison_pairs++;

  g_object_freeze_notify (G_OBJECT (item));
  if (first)
    _jx_session_trace_notify_comparison (item, "comparison");
  _jx_session_trace_notify_comparison (item, "comparison-pairs");
  g_object_thaw_notify (G_OBJECT (item));
}

static void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(Run) run = user_data;
  g_autoptr(JxComparison) comparison = NULL;
  g_autoptr(GError) error = NULL;
  JxSessionTrace *item = run->item;

  comparison = jx_comparison_run_finish (result, &error);
  if (!item->attached || !jx_session_job_finish (&item->comparison_job, run->run))
    return;

  g_object_freeze_notify (G_OBJECT (item));
  if (comparison != NULL)
    {
      /* A comparison without aligned pairs still is one: unpaired streams. */
      if (item->comparison == NULL)
        {
          item->comparison = g_steal_pointer (&comparison);
          _jx_session_trace_notify_comparison (item, "comparison");
        }
      set_fraction (item, 1.0);
      set_state (item, JX_SESSION_COMPARISON_DONE);
    }
  else
    {
      item->comparison_error = g_steal_pointer (&error);
      _jx_session_trace_notify_comparison (item, "comparison-error");
      set_state (item, JX_SESSION_COMPARISON_FAILED);
    }
  g_object_thaw_notify (G_OBJECT (item));
}

static double
estimate_seconds (JxTrace *a,
                  JxTrace *b)
{
  double invocations = (double) jx_trace_get_n_invocations (a) + (double) jx_trace_get_n_invocations (b);

  return invocations / (INVOCATIONS_PER_SECOND * MAX (1u, g_get_num_processors ()));
}

/* Which streams will have a diff bar, known before any pair is done, so
 * that the bars are there (empty) from the start and rows never jump. The
 * engine pairs the same way (jx-stream-pairing.h). */
static void
mark_partners (JxSessionTrace *item,
               JxTrace        *ref_trace)
{
  g_autoptr(GArray) pairing = jx_stream_pairing_compute (ref_trace, item->trace, NULL);

  item->partnered = g_new0 (guint8, MAX (item->n_streams, 1));
  item->partnered_reference = g_new0 (guint8, MAX (item->n_reference_streams, 1));
  for (guint i = 0; i < pairing->len; i++)
    {
      const JxStreamPair *sp = &g_array_index (pairing, JxStreamPair, i);

      if (sp->stream_a == JX_NONE || sp->stream_b == JX_NONE)
        continue;
      item->partnered[sp->stream_b] = 1;
      item->partnered_reference[sp->stream_a] = 1;
    }
}

static void
start_comparison (JxSessionTrace *item,
                  JxSessionTrace *reference)
{
  JxTrace *ref_trace = jx_session_trace_get_trace (reference);
  JxComparisonOptions options;
  Run *run;

  _jx_session_trace_clear_comparison (item, JX_SESSION_COMPARISON_RUNNING);
  item->compared_with = g_object_ref (ref_trace);
  item->n_streams = jx_trace_get_n_streams (item->trace);
  item->n_reference_streams = jx_trace_get_n_streams (ref_trace);
  item->pairs_by_stream = g_new0 (const JxComparisonPair *, MAX (item->n_streams, 1));
  item->pairs_by_reference_stream = g_new0 (const JxComparisonPair *, MAX (item->n_reference_streams, 1));
  mark_partners (item, ref_trace);
  item->comparison_estimate = estimate_seconds (ref_trace, item->trace);
  _jx_session_trace_notify_comparison (item, "comparison-estimate");

  jx_comparison_options_init (&options);
  options.diff_bars = TRUE;
  options.keep_alignment = TRUE;

  run = g_new0 (Run, 1);
  run->item = g_object_ref (item);
  run->run = g_object_ref (jx_session_job_start (&item->comparison_job));
  /* The run's data outlives the pair and progress callbacks: it goes with
   * the completion callback, the engine's last call. */
  jx_comparison_run_async (ref_trace, item->trace, &options, run->run,
                           on_progress, on_pair_done, run, on_done, run);
}

static void
notify_compared (JxSession *self)
{
  JxSessionTrace *now = jx_session_get_compared (self);

  if (now == self->compared_seen)
    return;
  self->compared_seen = now;
  _jx_session_notify (self, PROP_COMPARED_TRACE);
}

void
_jx_session_update_comparisons (JxSession *self)
{
  JxSessionTrace *reference = self->reference;
  gboolean reference_loaded = reference != NULL &&
                              jx_session_trace_get_state (reference) == JX_SESSION_TRACE_LOADED;

  for (guint i = 0; i < self->items->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (self->items, i);

      if (item == reference || item->state != JX_SESSION_TRACE_LOADED)
        {
          if (item->comparison_state != JX_SESSION_COMPARISON_NONE)
            _jx_session_trace_clear_comparison (item, JX_SESSION_COMPARISON_NONE);
          continue;
        }
      if (!reference_loaded)
        {
          if (item->comparison_state != JX_SESSION_COMPARISON_WAITING)
            _jx_session_trace_clear_comparison (item, JX_SESSION_COMPARISON_WAITING);
          continue;
        }
      /* Already for this reference (running, done, or stopped by the user). */
      if (item->compared_with == jx_session_trace_get_trace (reference))
        continue;
      start_comparison (item, reference);
    }
  notify_compared (self);
  _jx_session_update_partner (self);
}

void
jx_session_compare (JxSession      *self,
                    JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  if (item == self->reference || item->state != JX_SESSION_TRACE_LOADED || self->reference == NULL ||
      jx_session_trace_get_state (self->reference) != JX_SESSION_TRACE_LOADED ||
      !g_ptr_array_find (self->items, item, NULL))
    return;
  start_comparison (item, self->reference);
  _jx_session_update_partner (self);
}

void
jx_session_cancel_comparison (JxSession      *self,
                              JxSessionTrace *item)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  if (item->comparison_state != JX_SESSION_COMPARISON_RUNNING)
    return;
  /* The pairs published so far stay; the workers stop at their next check. */
  jx_session_job_cancel (&item->comparison_job);
  set_state (item, JX_SESSION_COMPARISON_CANCELLED);
}

/* The compared trace --------------------------------------------------------- */

JxSessionTrace *
jx_session_get_compared (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  if (self->compared != NULL && self->compared != self->reference)
    return self->compared;
  for (guint i = 0; i < self->items->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (self->items, i);

      if (item != self->reference && item->state == JX_SESSION_TRACE_LOADED)
        return item;
    }
  return NULL;
}

void
jx_session_set_compared (JxSession      *self,
                         JxSessionTrace *item)
{
  JxSessionTrace *before;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (item == NULL || g_ptr_array_find (self->items, item, NULL));

  before = jx_session_get_compared (self);
  self->compared = item;
  notify_compared (self);
  if (jx_session_get_compared (self) != before)
    _jx_session_update_partner (self);
}

gboolean
jx_session_get_diff_bar (JxSession               *self,
                         JxSessionTrace          *item,
                         guint32                  stream,
                         const JxComparisonPair **pair,
                         gboolean                *side_b,
                         JxSessionTrace         **other)
{
  JxSessionTrace *holder;
  const JxComparisonPair *found;
  gboolean is_b = item != self->reference;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), FALSE);

  holder = is_b ? item : jx_session_get_compared (self);
  if (holder == NULL)
    return FALSE;
  found = jx_session_trace_get_stream_pair (holder, !is_b, stream);
  if (found == NULL || found->diff == NULL)
    return FALSE;
  if (pair != NULL)
    *pair = found;
  if (side_b != NULL)
    *side_b = is_b;
  if (other != NULL)
    *other = is_b ? self->reference : holder;
  return TRUE;
}

gboolean
jx_session_has_diff_bar (JxSession      *self,
                         JxSessionTrace *item,
                         guint32         stream)
{
  JxSessionTrace *holder;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), FALSE);

  if (item != self->reference)
    return item->partnered != NULL && stream < item->n_streams && item->partnered[stream];
  holder = jx_session_get_compared (self);
  return holder != NULL && holder->partnered_reference != NULL &&
         stream < holder->n_reference_streams && holder->partnered_reference[stream];
}

/* The aligned partner ------------------------------------------------------- */

static void
set_partner (JxSession      *self,
             JxSessionTrace *item,
             guint32         stream,
             guint32         invocation)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (g_set_object (&self->partner_trace, item))
    _jx_session_notify (self, PROP_SELECTED_PARTNER_TRACE);
  if (self->partner_stream != stream)
    {
      self->partner_stream = stream;
      _jx_session_notify (self, PROP_SELECTED_PARTNER_STREAM);
    }
  if (self->partner_invocation != invocation)
    {
      self->partner_invocation = invocation;
      _jx_session_notify (self, PROP_SELECTED_PARTNER_INVOCATION);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

void
_jx_session_update_partner (JxSession *self)
{
  const JxComparisonPair *pair;
  JxSessionTrace *other;
  gboolean side_b;
  guint32 partner;

  if (self->selected_trace == NULL ||
      !jx_session_get_diff_bar (self, self->selected_trace, self->selected_stream, &pair, &side_b, &other))
    {
      set_partner (self, NULL, JX_NONE, JX_NONE);
      return;
    }
  partner = jx_pair_diff_partner (pair->diff, side_b, self->selected_invocation);
  if (partner == JX_NONE)
    set_partner (self, NULL, JX_NONE, JX_NONE);
  else
    set_partner (self, other, side_b ? pair->stream_a : pair->stream_b, partner);
}

gboolean
jx_session_get_selected_partner (JxSession       *self,
                                 JxSessionTrace **item,
                                 guint32         *stream,
                                 guint32         *invocation)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  if (item != NULL)
    *item = self->partner_trace;
  if (stream != NULL)
    *stream = self->partner_stream;
  if (invocation != NULL)
    *invocation = self->partner_invocation;
  return self->partner_trace != NULL;
}

/* Differences ---------------------------------------------------------------- */

/* Selects hunk `hunk` of `pair`, on the side that has its call (this
 * trace's own side first). */
static void
select_hunk (JxSession              *self,
             JxSessionTrace         *holder,
             const JxComparisonPair *pair,
             guint                   hunk,
             gboolean                prefer_b)
{
  const JxHierAlignment *al = pair->alignment;
  guint32 k = jx_pair_diff_get_hunk (pair->diff, hunk);
  gboolean on_b = prefer_b ? al->pairs[k].b != JX_ALIGN_NONE : al->pairs[k].a == JX_ALIGN_NONE;

  if (on_b)
    jx_session_select_invocation (self, holder, pair->stream_b, al->pairs[k].b);
  else
    jx_session_select_invocation (self, self->reference, pair->stream_a, al->pairs[k].a);
}

gboolean
jx_session_select_difference (JxSession *self,
                              gboolean   forward)
{
  JxSessionTrace *holder;
  JxComparison *cmp;
  const JxComparisonPair *current = NULL;
  guint32 at = JX_NONE;
  gboolean prefer_b = FALSE;
  guint n, start;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  /* Where the selection is: its stream pair and alignment pair. */
  if (self->selected_trace != NULL)
    {
      gboolean side_b;

      if (jx_session_get_diff_bar (self, self->selected_trace, self->selected_stream, &current, &side_b, NULL))
        {
          at = jx_pair_diff_pair_of (current->diff, side_b, self->selected_invocation);
          prefer_b = side_b;
        }
    }
  holder = self->selected_trace != NULL && self->selected_trace != self->reference
           ? self->selected_trace : jx_session_get_compared (self);
  if (holder == NULL || (cmp = jx_session_trace_get_comparison (holder)) == NULL)
    return FALSE;

  if (current != NULL)
    {
      guint hunk = jx_pair_diff_next_hunk (current->diff, at, forward);

      if (hunk != G_MAXUINT)
        {
          select_hunk (self, holder, current, hunk, prefer_b);
          return TRUE;
        }
    }

  /* On through the following (preceding) stream pairs that are done. */
  n = jx_comparison_get_n_pairs (cmp);
  start = current != NULL ? current->index : (forward ? G_MAXUINT : n);
  for (guint step = 1; step <= n; step++)
    {
      guint index = forward ? start + step : start - step;
      const JxComparisonPair *pair;
      guint hunk;

      if (current == NULL && forward)
        index = step - 1;
      if (index >= n)
        break;
      pair = jx_comparison_get_pair (cmp, index);
      /* Published first: a worker may still be writing the others. */
      if (jx_session_trace_get_stream_pair (holder, FALSE, pair->stream_b) != pair ||
          pair->alignment == NULL)
        continue;
      hunk = jx_pair_diff_next_hunk (pair->diff, JX_NONE, forward);
      if (hunk != G_MAXUINT)
        {
          select_hunk (self, holder, pair, hunk, prefer_b);
          return TRUE;
        }
    }
  return FALSE;
}
