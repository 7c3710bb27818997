/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-series.c — see jx-comparison-series.h. */
#include "config.h"

#include <math.h>

#include "jx-comparison-series.h"

static const char *const kind_names[JX_N_SERIES] = { "skew", "dissimilarity", "time-difference" };

const char *
jx_series_kind_to_string (JxSeriesKind kind)
{
  return kind < JX_N_SERIES ? kind_names[kind] : "unknown";
}

gboolean
jx_series_kind_from_string (const char   *name,
                            JxSeriesKind *kind)
{
  for (guint k = 0; name != NULL && k < JX_N_SERIES; k++)
    if (g_ascii_strcasecmp (name, kind_names[k]) == 0)
      {
        *kind = (JxSeriesKind) k;
        return TRUE;
      }
  return FALSE;
}

static inline double
seconds_from_origin (const JxMetricSide *side,
                     guint64             ticks)
{
  return (double) ((gint64) ticks - (gint64) side->origin) * side->seconds_per_tick;
}

static inline void
bucket_add (JxSeriesBucket *bucket,
            double          value)
{
  if (bucket->n == 0 || value < bucket->min)
    bucket->min = value;
  if (bucket->n == 0 || value > bucket->max)
    bucket->max = value;
  bucket->n++;
}

/* Skew and time difference: every pair of the window, into the bucket of
 * its A invocation's start. */
static gboolean
fill_pairs (JxSeriesBucket         *buckets,
            const JxComparisonPair *pair,
            const JxMetricSide     *a,
            const JxMetricSide     *b,
            JxSeriesKind            kind,
            gint64                  start,
            gint64                  end,
            guint                   n_buckets,
            GCancellable           *cancellable)
{
  const JxHierAlignment *al = pair->alignment;
  gsize first = jx_pair_diff_pair_at (pair->diff, FALSE, a->stream, start);
  gsize last = jx_pair_diff_pair_at (pair->diff, FALSE, a->stream, end);
  double per_tick = (double) n_buckets / (double) (end - start);

  for (gsize k = first; k < last; k++)
    {
      const JxAlignPair *p = &al->pairs[k];
      gint64 t;
      double value;
      guint index;

      if ((k & 0xfffff) == 0xfffff && g_cancellable_is_cancelled (cancellable))
        return FALSE;
      if (p->a == JX_ALIGN_NONE || p->b == JX_ALIGN_NONE)
        continue;
      if (kind == JX_SERIES_TIME_DIFFERENCE && p->state != JX_PAIR_EQUAL)
        continue;

      t = (gint64) a->stream->start[p->a];
      if (t < start || t >= end)
        continue;
      if (kind == JX_SERIES_RUNTIME_SKEW)
        value = seconds_from_origin (b, b->stream->start[p->b]) - seconds_from_origin (a, a->stream->start[p->a]);
      else
        value = (double) (a->stream->end[p->a] - a->stream->start[p->a]) * a->seconds_per_tick
                - (double) (b->stream->end[p->b] - b->stream->start[p->b]) * b->seconds_per_tick;
      index = (guint) MIN ((double) (t - start) * per_tick, (double) (n_buckets - 1));
      bucket_add (&buckets[index], value);
    }
  return TRUE;
}

/* Dissimilarity: the window of the whole alignment's fraction around the
 * first pair at the bucket's middle, as §4.2 slides it along the alignment. */
static void
fill_dissimilarity (JxSeriesBucket         *buckets,
                    const JxComparisonPair *pair,
                    const JxMetricSide     *a,
                    gint64                  start,
                    gint64                  end,
                    guint                   n_buckets,
                    double                  window_fraction)
{
  const JxStream *s = a->stream;
  gsize n_pairs = pair->alignment->n_pairs;
  gsize window;
  double width = (double) (end - start) / (double) n_buckets;
  guint64 last_end = 0;

  if (n_pairs == 0 || s->n_invocations == 0)
    return;
  window = (gsize) llround (window_fraction * (double) n_pairs);
  window = CLAMP (window, 1, n_pairs);
  for (guint32 r = 0; r < s->n_invocations; r = s->subtree_end[r])
    last_end = MAX (last_end, s->end[r]);

  for (guint i = 0; i < n_buckets; i++)
    {
      gint64 mid = start + (gint64) ((i + 0.5) * width);
      gsize center, lo;

      /* Only where the reference stream has calls. */
      if (mid < (gint64) s->start[0] || mid >= (gint64) last_end)
        continue;
      center = jx_pair_diff_pair_at (pair->diff, FALSE, s, mid);
      center = MIN (center, n_pairs - 1);
      lo = center >= window / 2 ? center - window / 2 : 0;
      if (lo + window > n_pairs)
        lo = n_pairs - window;
      bucket_add (&buckets[i], (double) jx_pair_diff_count_nonequal (pair->diff, lo, lo + window) / (double) window);
    }
}

JxSeriesBucket *
jx_comparison_series_compute (const JxComparisonPair *pair,
                              const JxMetricSide     *a,
                              const JxMetricSide     *b,
                              JxSeriesKind            kind,
                              gint64                  start,
                              gint64                  end,
                              guint                   n_buckets,
                              double                  window_fraction,
                              GCancellable           *cancellable,
                              GError                **error)
{
  g_autofree JxSeriesBucket *buckets = NULL;

  g_return_val_if_fail (pair != NULL && pair->alignment != NULL && pair->diff != NULL, NULL);
  g_return_val_if_fail (a != NULL && a->stream != NULL && b != NULL && b->stream != NULL, NULL);
  g_return_val_if_fail (kind < JX_N_SERIES, NULL);

  n_buckets = MAX (n_buckets, 1);
  if (end <= start)
    end = start + 1;
  if (window_fraction <= 0.0 || window_fraction > 1.0)
    window_fraction = 0.1;
  buckets = g_new0 (JxSeriesBucket, n_buckets);

  if (kind == JX_SERIES_DISSIMILARITY)
    fill_dissimilarity (buckets, pair, a, start, end, n_buckets, window_fraction);
  else if (!fill_pairs (buckets, pair, a, b, kind, start, end, n_buckets, cancellable))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
      return NULL;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&buckets);
}

double
jx_series_buckets_extent (const JxSeriesBucket *buckets,
                          guint                 n_buckets)
{
  double extent = 0.0;

  g_return_val_if_fail (buckets != NULL || n_buckets == 0, 0.0);

  for (guint i = 0; i < n_buckets; i++)
    if (buckets[i].n > 0)
      extent = MAX (extent, MAX (fabs (buckets[i].min), fabs (buckets[i].max)));
  return extent;
}
