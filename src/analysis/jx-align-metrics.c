/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-align-metrics.h"
#include "jx-scoring.h"

void
jx_align_similarity_full (gint64           score,
                          guint64          length_a,
                          guint64          length_b,
                          const JxScoring *scoring,
                          JxSimilarity    *out)
{
  JxScoring defaults;
  guint64 longer = MAX (length_a, length_b), shorter = MIN (length_a, length_b);
  double max_score, min_score;

  g_return_if_fail (out != NULL);

  jx_scoring_init_default (&defaults);
  if (scoring == NULL)
    scoring = &defaults;
  memset (out, 0, sizeof *out);

  if (length_a == 0 && length_b == 0)
    {
      out->similarity = out->raw = out->ratio = 1.0;
      out->below_baseline = score < 0;
      return;
    }

  out->max_score = (gint64) scoring->match * (gint64) longer;
  /* Eq. 4.3 pairs every call of the shorter side as a mismatch, because a
   * mismatch costs less than the two gaps it replaces. With scores where it
   * costs more (mismatch < 2 · gap) the cheapest alignment of two entirely
   * different sequences is all gaps (eq. 4.2), and that is the baseline:
   * the better of the two, the least an optimal alignment can score. */
  out->baseline = MAX ((gint64) scoring->mismatch * (gint64) shorter + (gint64) scoring->gap * (gint64) (longer - shorter),
                       (gint64) scoring->gap * (gint64) (length_a + length_b));
  max_score = (double) out->max_score;
  min_score = (double) out->baseline;
  out->ratio = max_score != 0.0 ? (double) score / max_score : 0.0;
  out->below_baseline = score < out->baseline;
  if (max_score <= min_score)
    {
      out->similarity = out->raw = score >= out->max_score ? 1.0 : 0.0;
      return;
    }

  /* With the default scores this is eq. 4.5: (score / max + 0.5) / 1.5. */
  out->raw = ((double) score - min_score) / (max_score - min_score);
  out->similarity = CLAMP (out->raw, 0.0, 1.0);
}

double
jx_align_similarity (gint64           score,
                     guint64          length_a,
                     guint64          length_b,
                     const JxScoring *scoring)
{
  JxSimilarity s;

  jx_align_similarity_full (score, length_a, length_b, scoring, &s);
  return s.similarity;
}

static inline double
side_time (const JxMetricSide *side,
           guint32             node)
{
  return (double) ((gint64) side->stream->start[node] - (gint64) side->origin) * side->seconds_per_tick;
}

static inline double
side_duration (const JxMetricSide *side,
               guint32             node)
{
  return (double) (side->stream->end[node] - side->stream->start[node]) * side->seconds_per_tick;
}

static double
pair_time (const JxAlignPair  *p,
           const JxMetricSide *a,
           const JxMetricSide *b)
{
  if (p->a != JX_ALIGN_NONE && a != NULL && a->stream != NULL)
    return side_time (a, p->a);
  if (p->b != JX_ALIGN_NONE && b != NULL && b->stream != NULL)
    return side_time (b, p->b);
  return 0.0;
}

GArray *
jx_align_dissimilarity_timeline (const JxAlignPair  *pairs,
                                 gsize               n_pairs,
                                 const JxMetricSide *a,
                                 const JxMetricSide *b,
                                 double              window_fraction,
                                 guint               max_points)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (JxMetricPoint));
  gsize window, n_points, k, lo = 0, hi = 0, bad = 0;

  if (n_pairs == 0)
    return points;
  if (window_fraction <= 0.0)
    window_fraction = 0.1;
  if (max_points == 0)
    max_points = 1000;

  window = (gsize) llround (window_fraction * (double) n_pairs);
  window = CLAMP (window, 1, n_pairs);
  n_points = MIN (n_pairs, (gsize) max_points);

  /* Window starts grow with the sample index, so one sweep suffices. */
  for (k = 0; k < n_points; k++)
    {
      JxMetricPoint pt;
      gsize center = n_points > 1 ? (gsize) ((double) k * (double) (n_pairs - 1) / (double) (n_points - 1)) : n_pairs / 2;
      gsize start = center >= window / 2 ? center - window / 2 : 0;
      gsize end;

      if (start + window > n_pairs)
        start = n_pairs - window;
      end = start + window;

      while (hi < end)
        {
          if (pairs[hi].state != JX_PAIR_EQUAL)
            bad++;
          hi++;
        }
      while (lo < start)
        {
          if (pairs[lo].state != JX_PAIR_EQUAL)
            bad--;
          lo++;
        }

      pt.position = center;
      pt.time = pair_time (&pairs[center], a, b);
      pt.value = (double) bad / (double) window;
      g_array_append_val (points, pt);
    }

  return points;
}

typedef enum
{
  SERIES_SKEW,
  SERIES_DURATION,
} SeriesKind;

static gboolean
series_value (SeriesKind          kind,
              const JxAlignPair  *p,
              const JxMetricSide *a,
              const JxMetricSide *b,
              double             *value)
{
  switch (kind)
    {
    case SERIES_SKEW:
      if (p->state != JX_PAIR_EQUAL && p->state != JX_PAIR_DIFFERENT)
        return FALSE;
      *value = side_time (b, p->b) - side_time (a, p->a);
      return TRUE;
    case SERIES_DURATION:
      if (p->state != JX_PAIR_EQUAL)
        return FALSE;
      *value = side_duration (b, p->b) - side_duration (a, p->a);
      return TRUE;
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

static GArray *
build_series (SeriesKind          kind,
              const JxAlignPair  *pairs,
              gsize               n_pairs,
              const JxMetricSide *a,
              const JxMetricSide *b,
              guint               max_points)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (JxMetricPoint));
  guint64 total = 0, bucket, seen = 0;
  gboolean have = FALSE;
  JxMetricPoint best = { 0 };
  gsize i;
  double v;

  g_assert (a != NULL && b != NULL);

  for (i = 0; i < n_pairs; i++)
    if (series_value (kind, &pairs[i], a, b, &v))
      total++;

  bucket = (max_points == 0 || total <= max_points) ? 1 : (total + max_points - 1) / max_points;

  /* Outliers are what the chart is for, so each bucket keeps its most
   * extreme value rather than a mean. */
  for (i = 0; i < n_pairs; i++)
    {
      if (!series_value (kind, &pairs[i], a, b, &v))
        continue;
      if (!have || fabs (v) > fabs (best.value))
        {
          best.position = i;
          best.time = side_time (a, pairs[i].a);
          best.value = v;
          have = TRUE;
        }
      if (++seen % bucket == 0)
        {
          g_array_append_val (points, best);
          have = FALSE;
        }
    }
  if (have)
    g_array_append_val (points, best);

  return points;
}

GArray *
jx_align_runtime_skew (const JxAlignPair  *pairs,
                       gsize               n_pairs,
                       const JxMetricSide *a,
                       const JxMetricSide *b,
                       guint               max_points)
{
  return build_series (SERIES_SKEW, pairs, n_pairs, a, b, max_points);
}

GArray *
jx_align_time_difference_series (const JxAlignPair  *pairs,
                                 gsize               n_pairs,
                                 const JxMetricSide *a,
                                 const JxMetricSide *b,
                                 guint               max_points)
{
  return build_series (SERIES_DURATION, pairs, n_pairs, a, b, max_points);
}

double
jx_function_time_diff_get_net (const JxFunctionTimeDiff *row)
{
  g_return_val_if_fail (row != NULL, 0.0);
  return row->self_b - row->self_a;
}

double
jx_function_time_diff_get_equal_change (const JxFunctionTimeDiff *row)
{
  g_return_val_if_fail (row != NULL, 0.0);
  return row->slower - row->faster;
}

double
jx_function_time_diff_get_only_change (const JxFunctionTimeDiff *row)
{
  g_return_val_if_fail (row != NULL, 0.0);
  return row->only_b_self - row->only_a_self;
}

static int
compare_rows (gconstpointer pa,
              gconstpointer pb)
{
  const JxFunctionTimeDiff *x = pa;
  const JxFunctionTimeDiff *y = pb;
  double tx = fabs (x->self_b - x->self_a);
  double ty = fabs (y->self_b - y->self_a);

  if (tx != ty)
    return tx > ty ? -1 : 1;
  return x->symbol < y->symbol ? -1 : (x->symbol > y->symbol ? 1 : 0);
}

/* The rows of the used symbols, largest |net| first. */
static void
append_used_rows (GArray             *rows,
                  JxFunctionTimeDiff *table,
                  const gboolean     *used,
                  guint               n_symbols)
{
  for (guint s = 0; s < n_symbols; s++)
    {
      if (!used[s])
        continue;
      table[s].symbol = s;
      g_array_append_val (rows, table[s]);
    }
  g_array_sort (rows, compare_rows);
}

/* Self time of every invocation in ticks, its duration minus its
 * children's, in one sequential pass (children come after their parent in
 * pre-order, so each subtracts from a parent already set). Of the ways
 * tried (children walked per call, a stack per side in the pair walk) the
 * fastest, for 8 bytes per invocation while the table is built. A repaired
 * stream could bend nesting: self time never goes below 0. */
static guint64 *
self_ticks_of_stream (const JxStream *s)
{
  guint64 *self = g_new (guint64, MAX (s->n_invocations, 1));

  for (guint32 i = 0; i < s->n_invocations; i++)
    {
      guint64 d = s->end[i] - s->start[i];
      guint32 p = s->parent[i];

      self[i] = d;
      if (p != JX_NONE)
        self[p] = self[p] > d ? self[p] - d : 0;
    }
  return self;
}

static inline guint32
side_symbol (const JxMetricSide *side,
             guint32             node)
{
  guint32 region = side->stream->region[node];

  return side->symbol_map != NULL ? side->symbol_map[region] : region;
}

/* Per symbol while one pair is summed: integer ticks, so that the self
 * times of one side add up exactly to its busy time, and counts. */
typedef struct
{
  guint64 self[2];
  guint64 only_self[2];
  guint64 calls[2];
  guint64 only[2];
} TickSums;

GArray *
jx_align_function_time_differences (const JxAlignPair  *pairs,
                                    gsize               n_pairs,
                                    const JxMetricSide *a,
                                    const JxMetricSide *b,
                                    guint               n_symbols)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (JxFunctionTimeDiff));
  g_autofree JxFunctionTimeDiff *table = NULL;
  g_autofree TickSums *ticks = NULL;
  g_autofree gboolean *used = NULL;
  g_autofree guint64 *self_a = NULL;
  g_autofree guint64 *self_b = NULL;
  const JxMetricSide *sides[2] = { a, b };
  guint64 *selves[2];
  gsize i;

  g_return_val_if_fail (a != NULL && b != NULL, rows);

  table = g_new0 (JxFunctionTimeDiff, MAX (n_symbols, 1));
  ticks = g_new0 (TickSums, MAX (n_symbols, 1));
  used = g_new0 (gboolean, MAX (n_symbols, 1));
  selves[0] = self_a = self_ticks_of_stream (a->stream);
  selves[1] = self_b = self_ticks_of_stream (b->stream);

  for (i = 0; i < n_pairs; i++)
    {
      const JxAlignPair *p = &pairs[i];
      guint32 nodes[2] = { p->a, p->b };
      guint32 sym[2] = { JX_ALIGN_NONE, JX_ALIGN_NONE };
      gboolean one_sided = p->state != JX_PAIR_EQUAL;

      for (guint k = 0; k < 2; k++)
        {
          TickSums *t;
          guint64 self;

          if (nodes[k] == JX_ALIGN_NONE)
            continue;
          sym[k] = side_symbol (sides[k], nodes[k]);
          if (sym[k] >= n_symbols)
            continue;
          self = selves[k][nodes[k]];
          t = &ticks[sym[k]];
          t->self[k] += self;
          t->calls[k]++;
          if (one_sided)
            {
              t->only_self[k] += self;
              t->only[k]++;
            }
        }

      if (!one_sided && sym[0] < n_symbols)
        {
          JxFunctionTimeDiff *row = &table[sym[0]];
          double d = (double) self_a[p->a] * a->seconds_per_tick - (double) self_b[p->b] * b->seconds_per_tick;

          if (d > 0)
            {
              row->n_faster++;
              row->faster += d;
            }
          else if (d < 0)
            {
              row->n_slower++;
              row->slower += -d;
            }
          else
            row->n_same++;
        }
    }

  for (guint s = 0; s < n_symbols; s++)
    {
      const TickSums *t = &ticks[s];

      if (t->calls[0] + t->calls[1] == 0)
        continue;
      used[s] = TRUE;
      table[s].calls_a = t->calls[0];
      table[s].calls_b = t->calls[1];
      table[s].only_a = t->only[0];
      table[s].only_b = t->only[1];
      table[s].self_a = (double) t->self[0] * a->seconds_per_tick;
      table[s].self_b = (double) t->self[1] * b->seconds_per_tick;
      table[s].only_a_self = (double) t->only_self[0] * a->seconds_per_tick;
      table[s].only_b_self = (double) t->only_self[1] * b->seconds_per_tick;
    }

  append_used_rows (rows, table, used, n_symbols);
  return rows;
}

double
jx_align_stream_busy_time (const JxStream *stream,
                           double          seconds_per_tick)
{
  guint64 busy = 0;

  g_return_val_if_fail (stream != NULL, 0.0);

  for (guint32 i = 0; i < stream->n_invocations; i = stream->subtree_end[i])
    busy += stream->end[i] - stream->start[i];
  return (double) busy * seconds_per_tick;
}

GArray *
jx_align_function_time_differences_sum (GArray * const *tables,
                                        guint           n_tables,
                                        guint           n_symbols)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (JxFunctionTimeDiff));
  g_autofree JxFunctionTimeDiff *table = g_new0 (JxFunctionTimeDiff, MAX (n_symbols, 1));
  g_autofree gboolean *used = g_new0 (gboolean, MAX (n_symbols, 1));

  g_return_val_if_fail (tables != NULL || n_tables == 0, rows);

  for (guint t = 0; t < n_tables; t++)
    for (guint k = 0; tables[t] != NULL && k < tables[t]->len; k++)
      {
        const JxFunctionTimeDiff *r = &g_array_index (tables[t], JxFunctionTimeDiff, k);
        JxFunctionTimeDiff *sum;

        if (r->symbol >= n_symbols)
          continue;
        used[r->symbol] = TRUE;
        sum = &table[r->symbol];
        sum->n_faster += r->n_faster;
        sum->faster += r->faster;
        sum->n_slower += r->n_slower;
        sum->slower += r->slower;
        sum->n_same += r->n_same;
        sum->calls_a += r->calls_a;
        sum->calls_b += r->calls_b;
        sum->self_a += r->self_a;
        sum->self_b += r->self_b;
        sum->only_a += r->only_a;
        sum->only_b += r->only_b;
        sum->only_a_self += r->only_a_self;
        sum->only_b_self += r->only_b_self;
      }
  append_used_rows (rows, table, used, n_symbols);
  return rows;
}
