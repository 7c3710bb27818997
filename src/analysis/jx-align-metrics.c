/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-align-metrics.h"

double
jx_align_similarity (gint64           score,
                     guint64          length_a,
                     guint64          length_b,
                     const JxScoring *scoring)
{
  JxScoring defaults = { 2, -1, -1 };
  double max_score, min_score, s;

  if (scoring == NULL)
    scoring = &defaults;

  if (length_a == 0 && length_b == 0)
    return 1.0;

  max_score = (double) scoring->match * (double) MAX (length_a, length_b);
  min_score = (double) scoring->mismatch * (double) MIN (length_a, length_b)
            + (double) scoring->gap * (double) (MAX (length_a, length_b) - MIN (length_a, length_b));
  if (max_score <= min_score)
    return score >= max_score ? 1.0 : 0.0;

  /* With the default scores this is eq. 4.5: (score / max + 0.5) / 1.5. */
  s = ((double) score - min_score) / (max_score - min_score);
  return CLAMP (s, 0.0, 1.0);
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
      *value = side_duration (a, p->a) - side_duration (b, p->b);
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

  g_return_val_if_fail (a != NULL && b != NULL, points);

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

static int
compare_rows (gconstpointer pa,
              gconstpointer pb)
{
  const JxFunctionTimeDiff *x = pa;
  const JxFunctionTimeDiff *y = pb;
  double tx = x->faster + x->slower;
  double ty = y->faster + y->slower;

  if (tx != ty)
    return tx > ty ? -1 : 1;
  return x->symbol < y->symbol ? -1 : (x->symbol > y->symbol ? 1 : 0);
}

/* The rows of the used symbols, largest total difference first. */
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

GArray *
jx_align_function_time_differences (const JxAlignPair  *pairs,
                                    gsize               n_pairs,
                                    const JxMetricSide *a,
                                    const JxMetricSide *b,
                                    guint               n_symbols)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (JxFunctionTimeDiff));
  g_autofree JxFunctionTimeDiff *table = NULL;
  g_autofree gboolean *used = NULL;
  gsize i;

  g_return_val_if_fail (a != NULL && b != NULL, rows);

  table = g_new0 (JxFunctionTimeDiff, MAX (n_symbols, 1));
  used = g_new0 (gboolean, MAX (n_symbols, 1));

  for (i = 0; i < n_pairs; i++)
    {
      const JxAlignPair *p = &pairs[i];
      guint32 sym;
      double d;

      if (p->state != JX_PAIR_EQUAL)
        continue;
      sym = a->symbol_map != NULL ? a->symbol_map[a->stream->region[p->a]] : a->stream->region[p->a];
      if (sym >= n_symbols)
        continue;
      used[sym] = TRUE;
      d = side_duration (a, p->a) - side_duration (b, p->b);
      if (d > 0)
        {
          table[sym].n_faster++;
          table[sym].faster += d;
        }
      else if (d < 0)
        {
          table[sym].n_slower++;
          table[sym].slower += -d;
        }
      else
        table[sym].n_same++;
    }

  append_used_rows (rows, table, used, n_symbols);
  return rows;
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
      }
  append_used_rows (rows, table, used, n_symbols);
  return rows;
}
