/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-pair-diff-timing.c — the timing half of a JxPairDiff (see
 * jx-pair-diff.h): self times, ratios B/A, changes and their impact, and
 * the timing of a bar's pixels. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-pair-diff-private.h"

/* A pixel with at most this many calls starting in it is summed exactly;
 * a fuller one is read at this many evenly spaced instants. */
#define EXACT_CALLS 64
#define PROBES 24
/* A pixel shows a change when changed calls cover this share of its
 * compared time. */
#define CHANGE_SHARE 0.25
/* Ratios are averaged as log2, clamped here (far beyond the scale's ×4). */
#define LOG2_CLAMP 8.0

void
jx_diff_timing_params_init (JxDiffTimingParams *params)
{
  g_return_if_fail (params != NULL);

  params->seconds_per_tick_a = 1e-9;
  params->seconds_per_tick_b = 1e-9;
  params->band = 0.10;
  params->one_sided = FALSE;
  params->min_change_seconds = 0.0;
}

JxDiffTiming
jx_diff_timing_classify (double ratio,
                         double band)
{
  if (isnan (ratio))
    return JX_DIFF_TIMING_NONE;
  band = CLAMP (band, 0.0, 0.9);
  if (ratio > 1.0 + band)
    return JX_DIFF_TIMING_SLOWER;
  if (ratio < 1.0 - band)
    return JX_DIFF_TIMING_FASTER;
  return JX_DIFF_TIMING_NEUTRAL;
}

float *
_jx_pair_diff_self_ticks_new (const JxStream *s)
{
  float *self_ticks = g_new (float, MAX (s->n_invocations, 1));

  for (guint32 i = 0; i < s->n_invocations; i++)
    {
      guint64 duration = s->end[i] > s->start[i] ? s->end[i] - s->start[i] : 0;
      guint64 inner = 0;

      for (guint32 c = i + 1; c < s->subtree_end[i]; c = s->subtree_end[c])
        inner += s->end[c] > s->start[c] ? s->end[c] - s->start[c] : 0;
      self_ticks[i] = inner < duration ? (float) (duration - inner) : 0.0f;
    }
  return self_ticks;
}

void
_jx_pair_diff_build_log_ratios (JxPairDiff *self)
{
  const JxHierAlignment *al = self->al;
  Side *sa = &self->side[0], *sb = &self->side[1];

  sa->log_ratio = g_new (gint16, MAX (sa->n_invocations, 1));
  sb->log_ratio = g_new (gint16, MAX (sb->n_invocations, 1));
  for (guint32 i = 0; i < sa->n_invocations; i++)
    sa->log_ratio[i] = JX_PAIR_DIFF_NO_RATIO;
  for (guint32 i = 0; i < sb->n_invocations; i++)
    sb->log_ratio[i] = JX_PAIR_DIFF_NO_RATIO;
  for (gsize k = 0; k < al->n_pairs; k++)
    {
      const JxAlignPair *p = &al->pairs[k];
      double a, b, l;
      gint16 q;

      if (p->state != JX_PAIR_EQUAL)
        continue;
      a = sa->self_ticks[p->a];
      b = sb->self_ticks[p->b];
      if (a <= 0.0 && b <= 0.0)
        l = 0.0;
      else if (a <= 0.0)
        l = LOG2_CLAMP;
      else if (b <= 0.0)
        l = -LOG2_CLAMP;
      else
        l = CLAMP (log2 (b / a), -LOG2_CLAMP, LOG2_CLAMP);
      q = (gint16) lround (l * JX_PAIR_DIFF_LOG_UNIT);
      sa->log_ratio[p->a] = sb->log_ratio[p->b] = q;
    }
}

double
jx_pair_diff_self_ticks (const JxPairDiff *self,
                         gboolean          side_b,
                         guint32           invocation)
{
  const Side *side;

  g_return_val_if_fail (self != NULL, 0.0);

  side = &self->side[side_b ? 1 : 0];
  return invocation < side->n_invocations ? side->self_ticks[invocation] : 0.0;
}

static double
ratio_of (double self_a,
          double self_b)
{
  if (self_a <= 0.0)
    return self_b <= 0.0 ? 1.0 : INFINITY;
  return self_b / self_a;
}

double
jx_pair_diff_pair_ratio (const JxPairDiff *self,
                         guint32           pair,
                         double            seconds_per_tick_a,
                         double            seconds_per_tick_b)
{
  const JxAlignPair *p;

  g_return_val_if_fail (self != NULL, NAN);

  if (pair >= self->al->n_pairs)
    return NAN;
  p = &self->al->pairs[pair];
  if (p->state != JX_PAIR_EQUAL)
    return NAN;
  return ratio_of (self->side[0].self_ticks[p->a] * seconds_per_tick_a,
                   self->side[1].self_ticks[p->b] * seconds_per_tick_b);
}

/* Inclusive time of the one-sided subtree rooted at pair k: its calls' self
 * times summed (the subtree is contiguous in pre-order). */
static double
subtree_ticks (const JxPairDiff *self,
               guint32           k,
               gboolean          side_b)
{
  const JxHierAlignment *al = self->al;
  const float *self_ticks = self->side[side_b ? 1 : 0].self_ticks;
  double sum = 0.0;
  guint32 j;

  for (j = k; j < al->n_pairs && (j == k || (al->parent[j] != JX_ALIGN_NONE && al->parent[j] >= k)); j++)
    {
      guint32 node = side_b ? al->pairs[j].b : al->pairs[j].a;

      if (node != JX_ALIGN_NONE)
        sum += self_ticks[node];
    }
  return sum;
}

double
jx_pair_diff_pair_impact (const JxPairDiff *self,
                          guint32           pair,
                          double            seconds_per_tick_a,
                          double            seconds_per_tick_b)
{
  const JxAlignPair *p;

  g_return_val_if_fail (self != NULL, 0.0);

  if (pair >= self->al->n_pairs)
    return 0.0;
  p = &self->al->pairs[pair];
  switch ((JxPairState) p->state)
    {
    case JX_PAIR_EQUAL:
      return fabs (self->side[1].self_ticks[p->b] * seconds_per_tick_b -
                   self->side[0].self_ticks[p->a] * seconds_per_tick_a);
    case JX_PAIR_DIFFERENT:
      return self->side[0].self_ticks[p->a] * seconds_per_tick_a +
             self->side[1].self_ticks[p->b] * seconds_per_tick_b;
    case JX_PAIR_ONLY_A:
      return subtree_ticks (self, pair, FALSE) * seconds_per_tick_a;
    case JX_PAIR_ONLY_B:
      return subtree_ticks (self, pair, TRUE) * seconds_per_tick_b;
    default:
      return 0.0;
    }
}

/* A hunk: not equal, and not inside a one-sided subtree (its root is). */
static gboolean
is_hunk (const JxHierAlignment *al,
         gsize                  k)
{
  guint32 state = al->pairs[k].state;
  guint32 parent = al->parent[k];

  if (state == JX_PAIR_EQUAL)
    return FALSE;
  return !((state == JX_PAIR_ONLY_A || state == JX_PAIR_ONLY_B) &&
           parent != JX_ALIGN_NONE && al->pairs[parent].state == state);
}

static gboolean
is_timing_change (const JxPairDiff         *self,
                  gsize                     k,
                  const JxDiffTimingParams *params)
{
  double ratio;

  if (params == NULL || self->al->pairs[k].state != JX_PAIR_EQUAL)
    return FALSE;
  ratio = jx_pair_diff_pair_ratio (self, (guint32) k, params->seconds_per_tick_a, params->seconds_per_tick_b);
  if (jx_diff_timing_classify (ratio, params->band) <= JX_DIFF_TIMING_NEUTRAL)
    return FALSE;
  if (params->min_change_seconds > 0.0)
    {
      const JxAlignPair *p = &self->al->pairs[k];
      double change = self->side[1].self_ticks[p->b] * params->seconds_per_tick_b -
                      self->side[0].self_ticks[p->a] * params->seconds_per_tick_a;

      return fabs (change) >= params->min_change_seconds;
    }
  return TRUE;
}

gboolean
jx_pair_diff_is_change (const JxPairDiff         *self,
                        guint32                   pair,
                        const JxDiffTimingParams *params)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (pair >= self->al->n_pairs)
    return FALSE;
  return is_hunk (self->al, pair) || is_timing_change (self, pair, params);
}

guint32
jx_pair_diff_next_change (const JxPairDiff         *self,
                          guint32                   pair,
                          gboolean                  forward,
                          const JxDiffTimingParams *params)
{
  const JxHierAlignment *al;
  guint hunk;
  guint32 limit;

  g_return_val_if_fail (self != NULL, JX_NONE);

  al = self->al;
  hunk = jx_pair_diff_next_hunk (self, pair, forward);
  limit = hunk != G_MAXUINT ? self->hunks[hunk] : JX_NONE;
  if (params == NULL)
    return limit;

  /* A timing change before the next hunk (after the previous one). */
  if (forward)
    {
      gsize k = pair == JX_NONE ? 0 : (gsize) pair + 1;
      gsize stop = limit != JX_NONE ? limit : al->n_pairs;

      for (; k < stop; k++)
        if (is_timing_change (self, k, params))
          return (guint32) k;
    }
  else
    {
      gsize k = pair == JX_NONE ? al->n_pairs : MIN ((gsize) pair, al->n_pairs);
      gsize stop = limit != JX_NONE ? (gsize) limit + 1 : 0;

      while (k > stop)
        if (is_timing_change (self, --k, params))
          return (guint32) k;
    }
  return limit;
}

/* Heap of the largest changes: the smallest at the root. */
static gboolean
smaller (const JxDiffChange *x,
         const JxDiffChange *y)
{
  return x->impact < y->impact || (x->impact == y->impact && x->pair > y->pair);
}

static void
heap_sift_down (JxDiffChange *heap,
                guint         n,
                guint         i)
{
  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;

      if (l < n && smaller (&heap[l], &heap[m]))
        m = l;
      if (r < n && smaller (&heap[r], &heap[m]))
        m = r;
      if (m == i)
        return;
      {
        JxDiffChange t = heap[i];

        heap[i] = heap[m];
        heap[m] = t;
      }
      i = m;
    }
}

static void
heap_push (GArray             *heap,
           guint               max,
           const JxDiffChange *change)
{
  JxDiffChange *h;

  if (max == 0 || heap->len < max)
    {
      guint i;

      g_array_append_val (heap, *change);
      h = (JxDiffChange *) (gpointer) heap->data;
      for (i = heap->len - 1; i > 0 && smaller (&h[i], &h[(i - 1) / 2]); i = (i - 1) / 2)
        {
          JxDiffChange t = h[i];

          h[i] = h[(i - 1) / 2];
          h[(i - 1) / 2] = t;
        }
      return;
    }
  h = (JxDiffChange *) (gpointer) heap->data;
  if (!smaller (&h[0], change))
    return;
  h[0] = *change;
  heap_sift_down (h, heap->len, 0);
}

static int
larger_first (gconstpointer x,
              gconstpointer y)
{
  const JxDiffChange *a = x, *b = y;

  if (a->impact != b->impact)
    return a->impact > b->impact ? -1 : 1;
  return a->pair < b->pair ? -1 : (a->pair > b->pair ? 1 : 0);
}

GArray *
jx_pair_diff_changes_by_impact (const JxPairDiff         *self,
                                const JxDiffTimingParams *params,
                                gboolean                  timing,
                                guint                     max)
{
  GArray *heap;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  heap = g_array_new (FALSE, FALSE, sizeof (JxDiffChange));
  for (gsize k = 0; k < self->al->n_pairs; k++)
    {
      JxDiffChange change;

      if (!is_hunk (self->al, k) && !(timing && is_timing_change (self, k, params)))
        continue;
      change.pair = (guint32) k;
      change.impact = jx_pair_diff_pair_impact (self, (guint32) k, params->seconds_per_tick_a,
                                                params->seconds_per_tick_b);
      heap_push (heap, max, &change);
    }
  g_array_sort (heap, larger_first);
  return heap;
}

/* Sampling ------------------------------------------------------------------ */

/* The call running at tick t that has no callee running then, JX_NONE
 * when none runs; with `before`, among the calls that started before t. */
static guint32
innermost_at (const JxStream *s,
              guint64         t,
              gboolean        before)
{
  guint32 lo = 0, hi = s->n_invocations, i;

  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (s->start[mid] < t || (!before && s->start[mid] == t))
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == 0)
    return JX_NONE;
  i = lo - 1;
  while (i != JX_NONE && s->end[i] <= t)
    i = s->parent[i];
  return i;
}

/* How the params count calls: the class bounds in log units (with the
 * tick lengths' correction) and what a call without an equal partner
 * counts as. */
typedef struct
{
  double   correction;   /* log2 of seconds per tick B / A, in log units */
  double   hi;           /* above: slower */
  double   lo;           /* below: faster */
  gboolean one_sided;
} Bounds;

static void
bounds_init (Bounds                   *bounds,
             const JxDiffTimingParams *params)
{
  double band = CLAMP (params->band, 0.0, 0.9);

  bounds->correction = log2 (params->seconds_per_tick_b / params->seconds_per_tick_a) * JX_PAIR_DIFF_LOG_UNIT;
  bounds->hi = log2 (1.0 + band) * JX_PAIR_DIFF_LOG_UNIT;
  bounds->lo = log2 (1.0 - band) * JX_PAIR_DIFF_LOG_UNIT;
  bounds->one_sided = params->one_sided;
}

typedef struct
{
  double weight[JX_DIFF_N_TIMINGS];
  double log_sum[JX_DIFF_N_TIMINGS];
} Tally;

/* Call `inv` of this side with `weight` of time: by its log ratio, one
 * look and no partner. */
static inline void
tally_call (Tally        *tally,
            const Side   *side,
            gboolean      side_b,
            guint32       inv,
            const Bounds *bounds,
            double        weight)
{
  gint16 q = side->log_ratio[inv];
  double l;
  JxDiffTiming timing;

  if (weight <= 0.0)
    return;
  if (q == JX_PAIR_DIFF_NO_RATIO)
    {
      if (!bounds->one_sided)
        return;
      /* New in B, gone from A. */
      l = (side_b ? LOG2_CLAMP : -LOG2_CLAMP) * JX_PAIR_DIFF_LOG_UNIT;
    }
  else
    l = q + bounds->correction;
  timing = l > bounds->hi ? JX_DIFF_TIMING_SLOWER : (l < bounds->lo ? JX_DIFF_TIMING_FASTER : JX_DIFF_TIMING_NEUTRAL);
  tally->weight[timing] += weight;
  tally->log_sum[timing] += weight * l;
}

static void
tally_result (const Tally       *tally,
              JxDiffTimingPixel *out)
{
  double slower = tally->weight[JX_DIFF_TIMING_SLOWER], faster = tally->weight[JX_DIFF_TIMING_FASTER];
  double total = slower + faster + tally->weight[JX_DIFF_TIMING_NEUTRAL];
  JxDiffTiming best;

  out->ratio = 1.0f;
  if (total <= 0.0)
    {
      out->timing = JX_DIFF_TIMING_NONE;
      return;
    }
  /* A change shows once it covers a good part of the pixel, so that a
   * slower kernel stays visible among neutral calls when zoomed out. */
  if (slower + faster < CHANGE_SHARE * total)
    {
      out->timing = JX_DIFF_TIMING_NEUTRAL;
      return;
    }
  best = slower >= faster ? JX_DIFF_TIMING_SLOWER : JX_DIFF_TIMING_FASTER;
  out->timing = best;
  out->ratio = (float) exp2 (tally->log_sum[best] / tally->weight[best] / JX_PAIR_DIFF_LOG_UNIT);
}

static inline guint64
overlap (const JxStream *s,
         guint32         c,
         guint64         t0,
         guint64         t1)
{
  guint64 a = MAX (s->start[c], t0), b = MIN (s->end[c], t1);

  return b > a ? b - a : 0;
}

/* Self time per call over [t0, t1): the calls that started before t0 and
 * still run (chain, innermost first) and
 * those starting in the window ([first, last)); each call's overlap goes to
 * it and is taken from its caller's. */
static void
sample_exact (const Side               *side,
              gboolean                  side_b,
              const JxStream           *s,
              guint64                   t0,
              guint64                   t1,
              guint32                   first,
              guint32                   last,
              const Bounds             *bounds,
              guint32                  *chain,
              gint64                   *chain_own,
              JxDiffTimingPixel        *out)
{
  gint64 own[EXACT_CALLS];
  guint n_chain = 0;
  Tally tally = { { 0 } };

  for (guint32 c = innermost_at (s, t0, TRUE); c != JX_NONE; c = s->parent[c])
    {
      chain[n_chain] = c;
      chain_own[n_chain] = (gint64) overlap (s, c, t0, t1);
      if (n_chain > 0)
        chain_own[n_chain] -= (gint64) overlap (s, chain[n_chain - 1], t0, t1);
      n_chain++;
    }
  for (guint32 c = first; c < last; c++)
    own[c - first] = (gint64) overlap (s, c, t0, t1);
  for (guint32 c = first; c < last; c++)
    {
      guint32 p = s->parent[c];
      gint64 ov = (gint64) overlap (s, c, t0, t1);

      if (p == JX_NONE || ov == 0)
        continue;
      if (p >= first)
        own[p - first] -= ov;
      else
        for (guint k = 0; k < n_chain; k++)
          if (chain[k] == p)
            {
              chain_own[k] -= ov;
              break;
            }
    }
  for (guint k = 0; k < n_chain; k++)
    tally_call (&tally, side, side_b, chain[k], bounds, (double) chain_own[k]);
  for (guint32 c = first; c < last; c++)
    tally_call (&tally, side, side_b, c, bounds, (double) own[c - first]);
  tally_result (&tally, out);
}

/* The last invocation starting at or before t, from *hint on (t never
 * goes back within a pixel): galloping, then halving; JX_NONE when none. */
static guint32
last_start_from (const JxStream *s,
                 guint32        *hint,
                 guint64         t)
{
  guint32 lo = *hint, hi;
  guint64 step = 1;

  if (lo >= s->n_invocations || s->start[lo] > t)
    lo = 0;
  if (s->n_invocations == 0 || s->start[lo] > t)
    return JX_NONE;
  /* start[lo] <= t: find hi with start[hi] > t. */
  hi = lo + 1;
  while (hi < s->n_invocations && s->start[hi] <= t)
    {
      lo = hi;
      step *= 2;
      hi = (guint32) MIN ((guint64) lo + step, (guint64) s->n_invocations);
    }
  while (hi - lo > 1)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (s->start[mid] <= t)
        lo = mid;
      else
        hi = mid;
    }
  *hint = lo;
  return lo;
}

static void
sample_probes (const Side               *side,
               gboolean                  side_b,
               const JxStream           *s,
               guint64                   t0,
               guint64                   t1,
               guint32                   first,
               const Bounds             *bounds,
               JxDiffTimingPixel        *out)
{
  Tally tally = { { 0 } };
  double step = (double) (t1 - t0) / PROBES;
  guint32 hint = first;

  for (guint k = 0; k < PROBES; k++)
    {
      guint64 t = MIN (t0 + (guint64) ((k + 0.5) * step), t1 - 1);
      guint32 c = last_start_from (s, &hint, t);

      while (c != JX_NONE && s->end[c] <= t)
        c = s->parent[c];
      if (c != JX_NONE)
        tally_call (&tally, side, side_b, c, bounds, 1.0);
    }
  tally_result (&tally, out);
}

static guint32
first_starting_at (const JxStream *s,
                   guint32         from,
                   guint64         t)
{
  guint32 lo = from, hi = s->n_invocations;

  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (s->start[mid] < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

void
jx_pair_diff_sample_timing (const JxPairDiff         *self,
                            gboolean                  side_b,
                            const JxStream           *stream,
                            gint64                    start,
                            gint64                    end,
                            guint                     n_pixels,
                            const JxDiffTimingParams *params,
                            JxDiffTimingPixel        *out)
{
  g_autofree guint32 *chain = NULL;
  g_autofree gint64 *chain_own = NULL;
  const Side *side;
  Bounds bounds;
  guint32 cursor = 0;
  double tpp;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stream != NULL);
  g_return_if_fail (params != NULL);
  g_return_if_fail (out != NULL || n_pixels == 0);
  g_return_if_fail (stream->n_invocations == self->side[side_b ? 1 : 0].n_invocations);

  side = &self->side[side_b ? 1 : 0];
  bounds_init (&bounds, params);
  chain = g_new (guint32, (gsize) stream->max_depth + 1);
  chain_own = g_new (gint64, (gsize) stream->max_depth + 1);
  if (end <= start)
    end = start + 1;
  tpp = (double) (end - start) / (double) MAX (n_pixels, 1);

  for (guint p = 0; p < n_pixels; p++)
    {
      gint64 t0 = start + (gint64) floor (p * tpp);
      gint64 t1 = start + (gint64) ceil ((p + 1) * tpp);
      guint32 first, last;

      if (t1 <= t0)
        t1 = t0 + 1;
      out[p].timing = JX_DIFF_TIMING_NONE;
      out[p].ratio = 1.0f;
      if (t1 <= 0 || stream->n_invocations == 0)
        continue;
      t0 = MAX (t0, 0);
      first = cursor = first_starting_at (stream, cursor, (guint64) t0);
      last = first_starting_at (stream, first, (guint64) t1);
      if (last - first <= EXACT_CALLS)
        sample_exact (side, side_b, stream, (guint64) t0, (guint64) t1, first, last, &bounds,
                      chain, chain_own, &out[p]);
      else
        sample_probes (side, side_b, stream, (guint64) t0, (guint64) t1, first > 0 ? first - 1 : 0, &bounds,
                       &out[p]);
    }
}
