/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-pyramid.c — builds a summary pyramid (see
 * jx-timeline-summary-private.h) from the time-ordered segments of a stream:
 * occupancy per region is summed for the current level-0 bucket, reduced to
 * the top BUCKET_K when the bucket is complete, and pairs of buckets are
 * merged into the coarser levels at the end. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-timeline-summary-private.h"

void
_jx_pyramid_clear (Pyramid *pyr)
{
  for (guint k = 0; k < pyr->n_levels; k++)
    {
      g_free (pyr->levels[k]);
      g_free (pyr->busy[k]);
    }
  memset (pyr, 0, sizeof *pyr);
}

gsize
_jx_pyramid_memory (const Pyramid *pyr)
{
  gsize size = 0;

  for (guint k = 0; k < pyr->n_levels; k++)
    size += pyr->n_buckets[k] * (BUCKET_K * sizeof (Entry) + sizeof (Busy));
  return size;
}

static void
builder_reset (PyramidBuilder *b)
{
  b->n_slots = 0;
  b->busy_time = 0.0;
  b->extra_region = JX_NONE;
  b->extra_time = 0.0;
}

/* The Busy record of the current bucket: the exact busy time, and the
 * region of the largest non-idle slot (else the extra activity's). */
static void
builder_flush_busy (PyramidBuilder *b)
{
  Busy *busy = &b->pyr->busy[0][b->current];
  guint32 region = JX_NONE;
  double best = 0.0;

  for (guint i = 0; i < b->n_slots; i++)
    if (b->slot_region[i] != JX_NONE && b->slot_occupancy[i] > best)
      {
        best = b->slot_occupancy[i];
        region = b->slot_region[i];
      }
  if (region == JX_NONE)
    region = b->extra_region;
  busy->time = (float) (b->busy_time + b->extra_time);
  busy->region = busy->time > 0.0f ? region : JX_NONE;
}

static void
builder_flush (PyramidBuilder *b)
{
  Entry *out;

  if ((b->n_slots == 0 && b->extra_time == 0.0) || b->current >= b->pyr->n_buckets[0])
    {
      builder_reset (b);
      return;
    }

  builder_flush_busy (b);
  out = &b->pyr->levels[0][b->current * BUCKET_K];
  for (guint k = 0; k < BUCKET_K && k < b->n_slots; k++)
    {
      guint best = k;
      double best_occupancy = b->slot_occupancy[k];

      /* The best value in a register: no load waits for the last compare. */
      for (guint i = k + 1; i < b->n_slots; i++)
        if (b->slot_occupancy[i] > best_occupancy)
          {
            best = i;
            best_occupancy = b->slot_occupancy[i];
          }
      /* The swap of a selection sort, without a branch; slot k is not read
       * again, so only best takes k's place. */
      out[k].region = b->slot_region[best];
      out[k].occupancy = (float) best_occupancy;
      b->slot_region[best] = b->slot_region[k];
      b->slot_occupancy[best] = b->slot_occupancy[k];
    }
  builder_reset (b);
}

static inline void
builder_add (PyramidBuilder *b,
             guint32         region,
             double          occupancy)
{
  guint smallest = 0;

  if (region != JX_NONE)
    b->busy_time += occupancy;
  for (guint i = 0; i < b->n_slots; i++)
    if (b->slot_region[i] == region)
      {
        b->slot_occupancy[i] += occupancy;
        return;
      }
  if (b->n_slots < BUILD_SLOTS)
    {
      b->slot_region[b->n_slots] = region;
      b->slot_occupancy[b->n_slots] = occupancy;
      b->n_slots++;
      return;
    }
  /* Space-saving: the newcomer takes over the smallest slot and inherits its
   * count, which bounds the error by the smallest slot's occupancy. */
  for (guint i = 1; i < BUILD_SLOTS; i++)
    if (b->slot_occupancy[i] < b->slot_occupancy[smallest])
      smallest = i;
  b->slot_region[smallest] = region;
  b->slot_occupancy[smallest] += occupancy;
}

static void
builder_fill (PyramidBuilder *b,
              gint64          t0,
              gint64          t1,
              guint32         region)
{
  Pyramid *pyr = b->pyr;

  while (t0 < t1)
    {
      guint64 bucket;
      gint64 bucket_start, bucket_end, piece_end;

      /* Most segments fall in the bucket of the one before: no division. */
      if (t0 >= b->current_start && t0 < b->current_end)
        {
          bucket = b->current;
          bucket_start = b->current_start;
        }
      else
        {
          bucket = (guint64) (t0 - pyr->origin) / pyr->base;
          bucket_start = pyr->origin + (gint64) (bucket * pyr->base);
        }
      bucket_end = bucket_start + (gint64) pyr->base;

      if (bucket >= pyr->n_buckets[0])
        return;
      if (bucket != b->current)
        {
          builder_flush (b);
          b->current = bucket;
          b->current_start = bucket_start;
          b->current_end = bucket_end;
        }
      if (t0 == bucket_start && t1 >= bucket_end)
        {
          /* Whole buckets of one region: write them directly. */
          guint64 last = MIN ((guint64) (t1 - pyr->origin) / pyr->base, pyr->n_buckets[0]);

          for (guint64 i = bucket; i < last; i++)
            {
              Entry *out = &pyr->levels[0][i * BUCKET_K];

              out[0].region = region;
              out[0].occupancy = (float) pyr->base;
              if (region != JX_NONE)
                {
                  pyr->busy[0][i].time = (float) pyr->base;
                  pyr->busy[0][i].region = region;
                }
            }
          t0 = pyr->origin + (gint64) (last * pyr->base);
          b->current = last;
          b->current_start = t0;
          b->current_end = t0 + (gint64) pyr->base;
          builder_reset (b);
          continue;
        }
      piece_end = MIN (t1, bucket_end);
      builder_add (b, region, (double) (piece_end - t0));
      t0 = piece_end;
    }
}

static inline void
builder_segment (PyramidBuilder *b,
                 gint64          t0,
                 gint64          t1,
                 guint32         region)
{
  if (t0 > b->last)
    builder_fill (b, b->last, t0, JX_NONE);
  /* Most segments lie inside the current bucket without covering it: what
   * builder_fill () would do for them, without its loop. */
  if (t1 > t0 && t0 >= b->current_start && t1 <= b->current_end && b->current < b->pyr->n_buckets[0] &&
      !(t0 == b->current_start && t1 == b->current_end))
    builder_add (b, region, (double) (t1 - t0));
  else if (t1 > t0)
    builder_fill (b, t0, t1, region);
  if (t1 > b->last)
    b->last = t1;
}

void
_jx_pyramid_builder_segment (PyramidBuilder *b,
                             gint64          t0,
                             gint64          t1,
                             guint32         region)
{
  builder_segment (b, t0, t1, region);
}

void
_jx_pyramid_builder_busy (PyramidBuilder *b,
                          gint64          t0,
                          gint64          t1,
                          guint32         region,
                          double          time)
{
  Pyramid *pyr = b->pyr;
  double per_tick;

  if (!(t1 > t0) || !(time > 0.0) || region == JX_NONE)
    return;
  per_tick = time / (double) (t1 - t0);
  while (t0 < t1)
    {
      guint64 bucket = (guint64) (t0 - pyr->origin) / pyr->base;
      gint64 piece_end = MIN (t1, pyr->origin + (gint64) ((bucket + 1) * pyr->base));
      double share = per_tick * (double) (piece_end - t0);

      if (bucket >= pyr->n_buckets[0])
        return;
      if (bucket == b->current)
        {
          if (share > b->extra_time)
            b->extra_region = region;
          b->extra_time += share;
        }
      else if (bucket < b->current)
        {
          /* Already complete: its record is final but for this. */
          Busy *busy = &pyr->busy[0][bucket];

          if (busy->time == 0.0f)
            busy->region = region;
          busy->time += (float) share;
        }
      t0 = piece_end;
    }
}

/* Allocates level 0 for [origin, end) with about n_items / INVOCATIONS_PER_BUCKET buckets. */
void
_jx_pyramid_builder_init (PyramidBuilder *b,
                          Pyramid        *pyr,
                          gint64          origin,
                          gint64          end,
                          guint64         n_items)
{
  guint64 span = (guint64) MAX (end - origin, 1);
  guint64 want = MAX (n_items / INVOCATIONS_PER_BUCKET, 1);
  guint64 base = MAX ((span + want - 1) / want, 1);

  memset (b, 0, sizeof *b);
  memset (pyr, 0, sizeof *pyr);
  pyr->origin = origin;
  pyr->base = base;
  pyr->n_levels = 1;
  pyr->n_buckets[0] = (span + base - 1) / base;
  /* Written once each (not zeroed first): idle, nothing ran. */
  pyr->levels[0] = g_new (Entry, pyr->n_buckets[0] * BUCKET_K);
  for (guint64 i = 0; i < pyr->n_buckets[0] * BUCKET_K; i++)
    {
      pyr->levels[0][i].region = JX_NONE;
      pyr->levels[0][i].occupancy = 0.0f;
    }
  pyr->busy[0] = g_new (Busy, pyr->n_buckets[0]);
  for (guint64 i = 0; i < pyr->n_buckets[0]; i++)
    {
      pyr->busy[0][i].time = 0.0f;
      pyr->busy[0][i].region = JX_NONE;
    }
  b->pyr = pyr;
  b->last = origin;
  b->current_start = origin;
  b->current_end = origin + (gint64) base;
  builder_reset (b);
}

/* Busy time adds up exactly; the busiest region of the pair is the one of
 * the busier side unless both agree (an estimate, like the entries). */
static void
merge_busy (const Busy *a,
            const Busy *b,
            Busy       *out)
{
  out->time = a->time + b->time;
  out->region = a->time >= b->time ? a->region : b->region;
  if (out->time == 0.0f)
    out->region = JX_NONE;
}

static void
merge_entries (const Entry *a,
               const Entry *b,
               Entry       *out)
{
  guint32 region[2 * BUCKET_K];
  float occupancy[2 * BUCKET_K];
  guint n = 0;

  /* A bucket's own entries have distinct regions: a's go in as they are
   * (0 + x is x), b's are looked up among them. */
  for (guint k = 0; k < BUCKET_K; k++)
    if (!(a[k].occupancy <= 0.0f))
      {
        region[n] = a[k].region;
        occupancy[n] = a[k].occupancy;
        n++;
      }
  for (guint k = 0, n_a = n; k < BUCKET_K; k++)
    {
      guint i;

      if (b[k].occupancy <= 0.0f)
        continue;
      for (i = 0; i < n_a; i++)
        if (region[i] == b[k].region)
          break;
      if (i == n_a)
        {
          region[n] = b[k].region;
          occupancy[n] = b[k].occupancy;
          n++;
        }
      else
        {
          occupancy[i] += b[k].occupancy;
        }
    }

  for (guint k = 0; k < BUCKET_K; k++)
    {
      guint best = k;
      float best_occupancy;

      if (k >= n)
        {
          out[k].region = JX_NONE;
          out[k].occupancy = 0.0f;
          continue;
        }
      best_occupancy = occupancy[k];
      for (guint i = k + 1; i < n; i++)
        if (occupancy[i] > best_occupancy)
          {
            best = i;
            best_occupancy = occupancy[i];
          }
      out[k].region = region[best];
      out[k].occupancy = best_occupancy;
      region[best] = region[k];
      occupancy[best] = occupancy[k];
    }
}

void
_jx_pyramid_builder_finish (PyramidBuilder *b,
                            gint64          end)
{
  Pyramid *pyr = b->pyr;

  if (end > b->last)
    builder_fill (b, b->last, end, JX_NONE);
  builder_flush (b);

  while (pyr->n_buckets[pyr->n_levels - 1] > 1 && pyr->n_levels < MAX_LEVELS)
    {
      guint k = pyr->n_levels;
      guint64 n_below = pyr->n_buckets[k - 1];
      guint64 n = (n_below + 1) / 2;
      const Entry *below = pyr->levels[k - 1];
      const Busy *busy_below = pyr->busy[k - 1];
      Entry *level = g_new (Entry, n * BUCKET_K);
      Busy *busy = g_new (Busy, n);
      Entry empty[BUCKET_K];
      const Busy idle = { 0.0f, JX_NONE };

      for (guint e = 0; e < BUCKET_K; e++)
        {
          empty[e].region = JX_NONE;
          empty[e].occupancy = 0.0f;
        }

      for (guint64 i = 0; i < n; i++)
        {
          gboolean pair = 2 * i + 1 < n_below;
          const Entry *left = &below[2 * i * BUCKET_K];
          const Entry *right = pair ? &below[(2 * i + 1) * BUCKET_K] : empty;

          merge_entries (left, right, &level[i * BUCKET_K]);
          merge_busy (&busy_below[2 * i], pair ? &busy_below[2 * i + 1] : &idle, &busy[i]);
        }
      pyr->levels[k] = level;
      pyr->busy[k] = busy;
      pyr->n_buckets[k] = n;
      pyr->n_levels++;
    }
}

/* Inlined into the walk below: no call per segment. */
static G_ALWAYS_INLINE inline void
builder_segment_cb (gpointer data,
                    gint64   t0,
                    gint64   t1,
                    guint32  region)
{
  builder_segment (data, t0, t1, region);
}

void
_jx_pyramid_build_stream (const JxStream *s,
                          Pyramid        *pyr)
{
  PyramidBuilder b;
  gint64 origin, end;

  memset (pyr, 0, sizeof *pyr);
  if (s->n_invocations < MIN_PYRAMID_INVOCATIONS)
    return;
  origin = (gint64) s->start[0];
  end = _jx_stream_end_time (s);
  if (end <= origin)
    return;
  _jx_pyramid_builder_init (&b, pyr, origin, end, s->n_invocations);
  _jx_walk_innermost_inline (s, origin, end, builder_segment_cb, &b);
  _jx_pyramid_builder_finish (&b, end);
}
