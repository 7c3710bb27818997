/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-sample-pyramid.c — a row straight from a pyramid level: per
 * pixel the sums of the overlapping buckets' entries (edge buckets
 * apportioned by overlap), runs of buckets led by one region skipped, and
 * the marks of pixels idle wins from the buckets' Busy records. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-timeline-sample-private.h"

/* Coarsest level with at least BUCKETS_PER_PIXEL buckets per pixel (level 0
 * when even that one is coarser). */
guint
_jx_pyramid_level (const Pyramid *pyr,
                   double         ticks_per_pixel)
{
  double target = ticks_per_pixel / BUCKETS_PER_PIXEL;
  guint k = 0;

  while (k + 1 < pyr->n_levels && (double) (pyr->base << (k + 1)) <= target)
    k++;
  return k;
}

/* One pixel [pl, pl + 1) from the nb buckets starting at b: the sums of
 * their entries weighted by overlap (buckets past the pixel weigh zero), and
 * the largest, tracked while adding (see sum_key), with no data-dependent
 * branch. The dense sums are then cleared through the same entries. Always
 * inlined so that a constant nb unrolls. */
static G_ALWAYS_INLINE inline guint32
pyramid_pixel (double      *sums,
               guint32      idle,
               const Entry *level,
               guint64      b,
               guint        nb,
               double       ox,
               double       bw_px,
               double       inv_bw,
               double       pl,
               double       outside)
{
  double pr = pl + 1.0;
  const Entry *first = &level[b * BUCKET_K];
  double x0 = ox + (double) (gint64) b * bw_px;
  guint64 best = sum_key (outside, idle, idle);

  sums[idle] = outside;

  for (guint i = 0; i < nb; i++)
    {
      const Entry *e = &first[i * BUCKET_K];
      double xs = x0 + (double) (int) i * bw_px;
      double w = MAX (MIN (xs + bw_px, pr) - MAX (xs, pl), 0.0) * inv_bw;

      for (guint m = 0; m < BUCKET_K; m++)
        {
          guint32 r = e[m].region < idle ? e[m].region : idle;
          double sum = sums[r] + (double) e[m].occupancy * w;
          guint64 key;

          sums[r] = sum;
          key = sum_key (sum, r, idle);
          best = key > best ? key : best;
        }
    }
  for (guint i = 0; i < nb * BUCKET_K; i++)
    {
      guint32 r = first[i].region;

      sums[r < idle ? r : idle] = 0.0;
    }
  sums[idle] = 0.0;
  return key_region (best, idle);
}

/* pyramid_pixel () over the buckets of pixel [pl, pl + 1), b the first,
 * `most` the most one pixel can overlap. */
static G_ALWAYS_INLINE inline guint32
pyramid_pixel_any (double      *sums,
                   guint32      idle,
                   const Entry *level,
                   guint64      n,
                   guint64      b,
                   guint        most,
                   double       ox,
                   double       bw_px,
                   double       inv_bw,
                   double       pl,
                   double       outside)
{
  guint64 b_end = b;

  if (b + most <= n)
    {
      /* Constant bucket counts, so that the loops unroll. */
      switch (most)
        {
        case 2:
          return pyramid_pixel (sums, idle, level, b, 2, ox, bw_px, inv_bw, pl, outside);
        case 3:
          return pyramid_pixel (sums, idle, level, b, 3, ox, bw_px, inv_bw, pl, outside);
        case 4:
          return pyramid_pixel (sums, idle, level, b, 4, ox, bw_px, inv_bw, pl, outside);
        case 5:
          return pyramid_pixel (sums, idle, level, b, 5, ox, bw_px, inv_bw, pl, outside);
        default:
          break;
        }
    }
  while (b_end < n && ox + (double) b_end * bw_px < pl + 1.0)
    b_end++;
  return pyramid_pixel (sums, idle, level, b, (guint) (b_end - b), ox, bw_px, inv_bw, pl, outside);
}

/* The mark of pixel [pl, pl + 1) whose buckets start at b: the busy region
 * of the bucket that ran most inside the pixel, JX_NONE when none ran. */
static guint32
pyramid_mark (const Busy *busy,
              guint64     n,
              guint64     b,
              double      ox,
              double      bw_px,
              double      pl)
{
  double pr = pl + 1.0;
  guint32 region = JX_NONE;
  double best = 0.0;

  for (guint64 i = b; i < n; i++)
    {
      double xs = ox + (double) (gint64) i * bw_px;
      double w = MIN (xs + bw_px, pr) - MAX (xs, pl);

      if (xs >= pr)
        break;
      if (w > 0.0 && (double) busy[i].time * w > best)
        {
          best = (double) busy[i].time * w;
          region = busy[i].region;
        }
    }
  return region;
}

/* A bucket whose top region strictly leads the runner-up. */
static inline gboolean
bucket_led_by (const Entry *e,
               guint32      region)
{
  return e[0].region == region && e[0].occupancy > e[1].occupancy;
}

/* The whole row of one stream from its pyramid, pixel by pixel (the per-frame
 * cost at middle and coarse zoom): same level and same apportioning of edge
 * buckets as sink_add_pyramid. The row sink must be fresh; pixels outside
 * the pyramid stay idle.
 *
 * Shortcut, with the same result as pyramid_pixel: when every bucket a pixel
 * overlaps is led by the same region, that region gets more of the pixel
 * than any other (it has more of every bucket), so it wins without summing.
 * Runs of such buckets are found once, in the same left-to-right pass, so a
 * pixel inside a run costs a few operations. At coarse zoom one function
 * usually dominates a stretch of pixels. */
void
_jx_row_sample_pyramid (RowSink       *row,
                        const Pyramid *pyr)
{
  Sink *sink = &row->sink;
  double *sums = row->occupancy;
  const guint32 idle = row->n_regions;
  guint k = _jx_pyramid_level (pyr, sink->ticks_per_pixel);
  guint64 n = pyr->n_buckets[k];
  const Entry *level = pyr->levels[k];
  const Busy *busy = pyr->busy[k];
  double inv_bw = 1.0 / (double) (pyr->base << k);
  double bw_px = (double) (pyr->base << k) * sink->pixels_per_tick;
  double px_bw = 1.0 / bw_px;
  double ox = sink_x (sink, pyr->origin);
  double ex = ox + (double) n * bw_px;
  /* Most buckets one pixel can overlap. */
  guint most = (guint) MIN (floor (px_bw), 64.0) + 2;
  guint p_first, p_last;
  /* Buckets [run_first, run_end) are all led by run_region. */
  guint64 run_first = 1, run_end = 0, scan_limit;
  guint32 run_region = JX_NONE;

  g_assert (row->n_touched == 0);

  if (n == 0 || !(ex > 0.0) || !(ox < (double) sink->n_pixels))
    return;
  p_first = ox > 0.0 ? (guint) ox : 0;
  p_last = ex < (double) sink->n_pixels ? (guint) ceil (ex) - 1 : sink->n_pixels - 1;
  p_last = MIN (p_last, sink->n_pixels - 1);
  /* Runs are not followed past the row. */
  scan_limit = MIN ((guint64) (gint64) MAX (((double) p_last + 1.0 - ox) * px_bw, 0.0) + 2, n);

  for (guint p = p_first; p <= p_last; p++)
    {
      double pl = (double) p, pr = pl + 1.0;
      double outside = 0.0;
      double fb = (pl - ox) * px_bw;
      /* Signed conversion: one instruction, fb is far below 2^63. */
      guint64 b = fb > 0.0 ? (guint64) (gint64) fb : 0;

      /* First bucket ending after pl (rounding of fb can be one off either
       * way). */
      b = MIN (b, n - 1);
      if (b > 0 && ox + (double) b * bw_px > pl)
        b--;
      if (b + 1 < n && ox + (double) (b + 1) * bw_px <= pl)
        b++;
      if (pl < ox)
        outside += MIN (pr, ox) - pl;
      if (pr > ex)
        outside += pr - MAX (pl, ex);

      if (outside == 0.0)
        {
          double fl = (pr - ox) * px_bw;
          /* Last bucket starting before pr. */
          guint64 last = MIN (fl > 0.0 ? (guint64) (gint64) fl : 0, n - 1);

          if (last > b && ox + (double) last * bw_px >= pr)
            last--;
          if (last + 1 < n && ox + (double) (last + 1) * bw_px < pr)
            last++;
          if (b < run_first || b >= run_end)
            {
              run_first = run_end = b;
              run_region = level[b * BUCKET_K].region;
              while (run_end < scan_limit && bucket_led_by (&level[run_end * BUCKET_K], run_region))
                run_end++;
            }
          if (last < run_end)
            {
              /* Regions past the table count as idle (see row_index). */
              sink->out[p] = run_region < idle ? run_region : JX_NONE;
              if (G_UNLIKELY (row->marks != NULL) && sink->out[p] == JX_NONE)
                row->marks[p] = pyramid_mark (busy, n, b, ox, bw_px, pl);
              continue;
            }
        }

      sink->out[p] = pyramid_pixel_any (sums, idle, level, n, b, most, ox, bw_px, inv_bw, pl, outside);
      if (G_UNLIKELY (row->marks != NULL) && sink->out[p] == JX_NONE)
        row->marks[p] = pyramid_mark (busy, n, b, ox, bw_px, pl);
    }
}
