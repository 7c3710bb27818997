/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-summary-private.h — the inside of JxTimelineSummary, shared by
 * its files:
 *
 *   jx-timeline-summary.c  the summary object: build (sync and async), memory,
 *                          the per-depth pyramids of call-stack mode
 *   jx-timeline-pyramid.c  building one pyramid from time-ordered segments
 *   jx-timeline-walk.c     exact walks over a stream's invocation arrays
 *   jx-timeline-sample.c   sampling: dominant region per pixel, from the
 *                          exact walk or from a pyramid level
 *                          (jx-timeline-sample-pyramid.c; the row sink they
 *                          share is in jx-timeline-sample-private.h)
 *   jx-timeline-fold.c     folded groups of streams: one folded state
 *                          sequence per group, with a pyramid built here
 *                          when it is long (jx-fold-sequence-private.h)
 *
 * The data: per stream a Pyramid. Level 0 splits [origin, end) into buckets
 * of `base` ticks (about INVOCATIONS_PER_BUCKET invocations each); level k+1
 * merges pairs of level-k buckets. Every bucket keeps its BUCKET_K regions of
 * largest occupancy (ticks the region was the innermost one running), in
 * decreasing order; an entry with region JX_NONE is idle time; unused entries
 * have occupancy 0. Occupancies dropped from a bucket are gone, so a region
 * that runs briefly among busier ones would be invisible; beside the entries
 * every bucket therefore keeps a Busy record: the ticks anything ran (the
 * exact sum of all non-idle occupancy, dropped regions included) and the
 * region that ran most. busy.time > 0 exactly where something ran, at every
 * level, which is what lets a pixel whose time idle dominates still show a
 * mark of its activity ("activity never disappears").
 *
 * Call-stack mode adds, per stream and depth, a pyramid of the invocations at
 * that nesting level (their inclusive time), built on demand. */
#pragma once

#include "jx-timeline-summary.h"

G_BEGIN_DECLS

/* Regions kept per bucket: the top few by occupancy. Three cover the usual
 * "compute + a call + MPI" mix of a bucket; smaller ones are dropped. */
#define BUCKET_K 3
/* Average invocations per level-0 bucket: memory is ~2 * K * 8 / 4 = 12 bytes
 * per invocation for the whole pyramid. Finer buckets shrink the zoom band in
 * which neither the walk is cheap nor the pyramid fine enough. */
#define INVOCATIONS_PER_BUCKET 4
/* Streams this small are always drawn exactly. */
#define MIN_PYRAMID_INVOCATIONS 256
/* The exact walk is used while it touches at most this many invocations per pixel. */
#define DIRECT_PER_PIXEL 4
#define DIRECT_PER_PIXEL_COARSE 32
/* Candidate regions tracked per pixel while sampling. */
#define ACC_SLOTS 8
#define ACC_SLOTS_EXACT 256
#define MAX_LEVELS 48
/* Pyramid level choice: buckets at most 1/BUCKETS_PER_PIXEL of a pixel wide,
 * so that the share of a pixel's edge buckets, which is apportioned evenly,
 * stays small. */
#define BUCKETS_PER_PIXEL 2.0

typedef struct
{
  guint32 region;     /* JX_NONE = idle */
  float   occupancy;  /* ticks */
} Entry;

/* What ran in a bucket at all: a separate array beside the entries, so the
 * hot per-pixel loops over entries keep their stride. */
typedef struct
{
  float    time;               /* ticks any region ran; 0 = idle throughout */
  guint32  region;             /* the region that ran most, JX_NONE when time is 0 */
} Busy;

typedef struct
{
  gint64   origin;             /* tick where bucket 0 starts */
  guint64  base;               /* level-0 bucket width, ticks */
  guint    n_levels;
  guint64  n_buckets[MAX_LEVELS];
  Entry   *levels[MAX_LEVELS]; /* n_buckets[k] * BUCKET_K entries */
  Busy    *busy[MAX_LEVELS];   /* n_buckets[k] records */
} Pyramid;

typedef struct
{
  guint    n_depths;
  Pyramid *depths;             /* n_depths pyramids, empty ones have n_levels == 0 */
} CallStack;

struct _JxTimelineSummary
{
  JxTrace   *trace;
  guint      n_streams;
  Pyramid   *pyramids;         /* per stream; n_levels == 0: always exact */
  gsize      memory_size;

  GMutex     mutex;            /* guards call_stacks (pointers are set once) */
  CallStack **call_stacks;     /* per stream, NULL until ensured */
};

/* Building: segments arrive in time order; occupancy per region is summed for
 * the current level-0 bucket and reduced to the top K when it is complete. */

#define BUILD_SLOTS 32

typedef struct
{
  Pyramid *pyr;
  guint64  current;            /* bucket being accumulated */
  gint64   current_start;      /* its ticks [current_start, current_end) */
  gint64   current_end;
  gint64   last;               /* time covered so far */
  guint    n_slots;
  guint32  slot_region[BUILD_SLOTS];
  double   slot_occupancy[BUILD_SLOTS];
  double   busy_time;          /* exact non-idle ticks of the current bucket */
  guint32  extra_region;       /* _jx_pyramid_builder_busy () in the current bucket */
  double   extra_time;
} PyramidBuilder;

/* Pyramids (jx-timeline-pyramid.c). A builder takes the segments of one
 * stream in time order, [t0, t1) running `region`; gaps between segments
 * count as idle. */
void     _jx_pyramid_clear            (Pyramid        *pyr);
gsize    _jx_pyramid_memory           (const Pyramid  *pyr);
/* Allocates level 0 for [origin, end) with about n_items / INVOCATIONS_PER_BUCKET buckets. */
void     _jx_pyramid_builder_init     (PyramidBuilder *b,
                                       Pyramid        *pyr,
                                       gint64          origin,
                                       gint64          end,
                                       guint64         n_items);
void     _jx_pyramid_builder_segment  (PyramidBuilder *b,
                                       gint64          t0,
                                       gint64          t1,
                                       guint32         region);
/* Activity that does not compete for the entries, only for the Busy record:
 * `time` ticks of `region` ran somewhere in [t0, t1) (folded rows: the
 * members ran something where the folded state is idle). Call it after the
 * segments of [t0, t1) and before the builder moves past t1. */
void     _jx_pyramid_builder_busy     (PyramidBuilder *b,
                                       gint64          t0,
                                       gint64          t1,
                                       guint32         region,
                                       double          time);
/* Completes level 0 up to end and builds the coarser levels. */
void     _jx_pyramid_builder_finish   (PyramidBuilder *b,
                                       gint64          end);
/* The innermost-region pyramid of a stream; empty (n_levels 0) for streams
 * small enough to be always drawn exactly. */
void     _jx_pyramid_build_stream     (const JxStream *s,
                                       Pyramid        *pyr);

/* Innermost-region segments of a stream: a walk over pre-order with the
 * subtree_end array telling whether the next invocation nests in the current one. */

typedef void (*SegmentFunc) (gpointer data, gint64 t0, gint64 t1, guint32 region);

/* First invocation in [lo, hi) starting at or after t, given that those
 * before lo start before t and those from hi on at or after it. */
static inline guint32
_jx_first_starting_between (const JxStream *s,
                            guint32         lo,
                            guint32         hi,
                            gint64          t)
{
  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (s->start[mid] < (guint64) t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static inline guint32
_jx_first_starting_at_or_after (const JxStream *s,
                                gint64          t)
{
  if (t <= 0)
    return 0;
  return _jx_first_starting_between (s, 0, s->n_invocations, t);
}

/* The same, knowing that the answer is at least `from` (every invocation
 * before it starts before t): a galloping search from there, a few steps
 * where the answer is near, as the end of a narrow window is to its start. */
static inline guint32
_jx_first_starting_at_or_after_from (const JxStream *s,
                                     guint32         from,
                                     gint64          t)
{
  guint32 n = s->n_invocations;
  guint32 lo = from, hi = from, step = 1;

  if (t <= 0)
    return from;
  /* Doubling steps until an invocation at or after t bounds the answer. */
  while (hi < n && s->start[hi] < (guint64) t)
    {
      lo = hi + 1;
      hi = step < n - lo ? lo + step : n;
      step *= 2;
    }
  return _jx_first_starting_between (s, lo, hi, t);
}

/* Innermost invocation running at t (start <= t < end), given j = first
 * invocation starting at or after t; JX_NONE when idle. */
static inline guint32
_jx_innermost_before (const JxStream *s,
                      guint32         j,
                      gint64          t)
{
  guint32 c;

  if (j == 0)
    return JX_NONE;
  c = j - 1;
  while (c != JX_NONE && (gint64) s->end[c] <= t)
    c = s->parent[c];
  return c;
}

/* Always inlined so that callers passing a fixed func get a direct call. */
static G_ALWAYS_INLINE inline void
_jx_walk_innermost_inline (const JxStream *s,
                           gint64          t0,
                           gint64          t1,
                           SegmentFunc     func,
                           gpointer        data)
{
  guint32 j = _jx_first_starting_at_or_after (s, t0);
  guint32 cur = _jx_innermost_before (s, j, t0);
  gint64 t = t0;
  guint32 n = s->n_invocations;

  while (t < t1)
    {
      gint64 next;
      gboolean enter;

      if (cur == JX_NONE)
        {
          if (j >= n)
            {
              func (data, t, t1, JX_NONE);
              return;
            }
          next = (gint64) s->start[j];
          enter = TRUE;
        }
      else if (j < s->subtree_end[cur])
        {
          next = (gint64) s->start[j];
          enter = TRUE;
        }
      else
        {
          next = (gint64) s->end[cur];
          enter = FALSE;
        }

      if (next > t)
        {
          func (data, t, MIN (next, t1), cur == JX_NONE ? JX_NONE : s->region[cur]);
          t = next;
        }
      if (enter)
        cur = j++;
      else
        cur = s->parent[cur];
    }
}

/* Exact walks (jx-timeline-walk.c). */
void     _jx_walk_innermost           (const JxStream *s,
                                       gint64          t0,
                                       gint64          t1,
                                       SegmentFunc     func,
                                       gpointer        data);
/* Depth-d segments: invocations at nesting level d, whole subtrees skipped. */
void     _jx_walk_depth               (const JxStream *s,
                                       guint           depth,
                                       gint64          t0,
                                       gint64          t1,
                                       SegmentFunc     func,
                                       gpointer        data);
/* End of the stream's last root invocation. */
gint64   _jx_stream_end_time          (const JxStream *s);

G_END_DECLS
