/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-structural-layout.c — see jx-structural-layout.h. */
#include "config.h"

#include <string.h>

#include "jx-structural-layout.h"

/* States are counted per block of this many pairs. */
#define COUNT_BLOCK 64

struct _JxStructuralLayout
{
  const JxHierAlignment *al;
  gint64                *start;
  gint64                *end[2];
  guint64               *block_counts;   /* 4 per block: pairs of each state before it */
  gint64                 length;
};

typedef struct
{
  guint32 pair;
  gint64  child_end;   /* end of the last callee slot so far */
} Open;

typedef struct
{
  const JxStream *stream;
  guint64         origin;   /* the trace's start, ticks */
  JxTrace        *trace;
  gint64          shift;    /* virtual − real, ns */
} Walk;

static inline guint32
node (const JxHierAlignment *al,
      guint32                pair,
      guint                  side)
{
  return side == 0 ? al->pairs[pair].a : al->pairs[pair].b;
}

static inline gint64
real_ns (Walk    *w,
         guint64  ticks)
{
  return jx_trace_ticks_to_ns (w->trace, (gint64) (ticks - w->origin));
}

static void
close_slot (JxStructuralLayout *self,
            Walk                walk[2],
            Open               *stack,
            guint              *sp,
            gint64             *top_end)
{
  Open *o = &stack[--*sp];
  gint64 slot_end = self->start[o->pair];

  for (guint side = 0; side < 2; side++)
    {
      guint32 n = node (self->al, o->pair, side);
      gint64 real, end;

      if (n == JX_ALIGN_NONE)
        continue;
      real = real_ns (&walk[side], walk[side].stream->end[n]);
      end = MAX (real + walk[side].shift, o->child_end);
      end = MAX (end, self->start[o->pair]);
      walk[side].shift = end - real;
      self->end[side][o->pair] = end;
      slot_end = MAX (slot_end, end);
    }
  if (*sp > 0)
    stack[*sp - 1].child_end = MAX (stack[*sp - 1].child_end, slot_end);
  else
    *top_end = MAX (*top_end, slot_end);
}

JxStructuralLayout *
jx_structural_layout_new (const JxHierAlignment  *al,
                          const JxStructuralSide *a,
                          const JxStructuralSide *b,
                          GCancellable           *cancellable,
                          GError                **error)
{
  g_autoptr(JxStructuralLayout) self = NULL;
  g_autofree Open *stack = NULL;
  Walk walk[2];
  guint sp = 0, max_depth;
  gint64 top_end = G_MININT64;
  guint64 counts[4] = { 0, 0, 0, 0 };
  gsize n_blocks;

  g_return_val_if_fail (al != NULL && (al->pairs != NULL || al->n_pairs == 0), NULL);
  g_return_val_if_fail (a != NULL && JX_IS_TRACE (a->trace) && a->stream != NULL, NULL);
  g_return_val_if_fail (b != NULL && JX_IS_TRACE (b->trace) && b->stream != NULL, NULL);

  self = g_new0 (JxStructuralLayout, 1);
  self->al = al;
  self->start = g_new (gint64, MAX (al->n_pairs, 1));
  self->end[0] = g_new (gint64, MAX (al->n_pairs, 1));
  self->end[1] = g_new (gint64, MAX (al->n_pairs, 1));
  n_blocks = al->n_pairs / COUNT_BLOCK + 1;
  self->block_counts = g_new0 (guint64, 4 * (n_blocks + 1));

  walk[0] = (Walk) { a->stream, jx_trace_get_start_time (a->trace), a->trace, 0 };
  walk[1] = (Walk) { b->stream, jx_trace_get_start_time (b->trace), b->trace, 0 };
  max_depth = MAX (a->stream->max_depth, b->stream->max_depth);
  stack = g_new (Open, (gsize) max_depth * 2 + 2);

  for (gsize k = 0; k < al->n_pairs; k++)
    {
      guint32 parent = al->parent[k];
      gint64 start;

      if ((k & 0xffff) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (k % COUNT_BLOCK == 0)
        memcpy (&self->block_counts[4 * (k / COUNT_BLOCK)], counts, sizeof counts);
      counts[MIN (al->pairs[k].state, 3u)]++;

      while (sp > 0 && stack[sp - 1].pair != parent)
        close_slot (self, walk, stack, &sp, &top_end);

      start = sp > 0 ? MAX (self->start[stack[sp - 1].pair], stack[sp - 1].child_end)
                     : top_end;
      for (guint side = 0; side < 2; side++)
        {
          guint32 n = node (al, (guint32) k, side);

          if (n != JX_ALIGN_NONE)
            start = MAX (start, real_ns (&walk[side], walk[side].stream->start[n]) + walk[side].shift);
        }
      for (guint side = 0; side < 2; side++)
        {
          guint32 n = node (al, (guint32) k, side);

          self->end[side][k] = -1;
          if (n != JX_ALIGN_NONE)
            walk[side].shift = start - real_ns (&walk[side], walk[side].stream->start[n]);
        }
      self->start[k] = start;
      stack[sp].pair = (guint32) k;
      stack[sp].child_end = start;
      sp++;
    }
  while (sp > 0)
    close_slot (self, walk, stack, &sp, &top_end);
  memcpy (&self->block_counts[4 * n_blocks], counts, sizeof counts);
  if (al->n_pairs % COUNT_BLOCK == 0)
    memcpy (&self->block_counts[4 * (al->n_pairs / COUNT_BLOCK)], counts, sizeof counts);

  /* Virtual time from the first slot's start. */
  if (al->n_pairs > 0)
    {
      gint64 origin = self->start[0];

      for (gsize k = 0; k < al->n_pairs; k++)
        {
          self->start[k] -= origin;
          for (guint side = 0; side < 2; side++)
            if (self->end[side][k] >= 0)
              self->end[side][k] -= origin;
        }
      self->length = top_end - origin;
    }
  return g_steal_pointer (&self);
}

void
jx_structural_layout_free (JxStructuralLayout *self)
{
  if (self == NULL)
    return;
  g_free (self->start);
  g_free (self->end[0]);
  g_free (self->end[1]);
  g_free (self->block_counts);
  g_free (self);
}

gsize
jx_structural_layout_get_n_pairs (JxStructuralLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->al->n_pairs;
}

gint64
jx_structural_layout_get_length (JxStructuralLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->length;
}

void
jx_structural_layout_get_slot (JxStructuralLayout *self,
                               gsize               pair,
                               gint64             *start,
                               gint64             *end_a,
                               gint64             *end_b)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (pair < self->al->n_pairs);

  if (start != NULL)
    *start = self->start[pair];
  if (end_a != NULL)
    *end_a = self->end[0][pair];
  if (end_b != NULL)
    *end_b = self->end[1][pair];
}

JxPairState
jx_structural_layout_get_state (JxStructuralLayout *self,
                                gsize               pair)
{
  g_return_val_if_fail (self != NULL, JX_PAIR_EQUAL);
  g_return_val_if_fail (pair < self->al->n_pairs, JX_PAIR_EQUAL);
  return (JxPairState) self->al->pairs[pair].state;
}

guint32
jx_structural_layout_get_node (JxStructuralLayout *self,
                               gsize               pair,
                               gboolean            side_b)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (pair < self->al->n_pairs, JX_NONE);
  return node (self->al, (guint32) pair, side_b ? 1 : 0);
}

gsize
jx_structural_layout_first_at (JxStructuralLayout *self,
                               gint64              t)
{
  gsize lo = 0, hi;

  g_return_val_if_fail (self != NULL, 0);

  hi = self->al->n_pairs;
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (self->start[mid] < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

guint32
jx_structural_layout_innermost (JxStructuralLayout *self,
                                gboolean            side_b,
                                gint64              t)
{
  guint side = side_b ? 1 : 0;
  gsize first;
  guint32 q;

  g_return_val_if_fail (self != NULL, JX_NONE);

  /* The last slot starting at or before t, then out through its callers:
   * earlier slots of the same level end before it starts. */
  first = jx_structural_layout_first_at (self, t + 1);
  if (first == 0)
    return JX_NONE;
  for (q = (guint32) (first - 1); q != JX_ALIGN_NONE; q = self->al->parent[q])
    if (self->end[side][q] > t && self->start[q] <= t)
      return q;
  return JX_NONE;
}

static void
count_before (JxStructuralLayout *self,
              gsize               k,
              guint64             counts[4])
{
  gsize block = k / COUNT_BLOCK;

  memcpy (counts, &self->block_counts[4 * block], 4 * sizeof (guint64));
  for (gsize i = block * COUNT_BLOCK; i < k && i < self->al->n_pairs; i++)
    counts[MIN (self->al->pairs[i].state, 3u)]++;
}

void
jx_structural_layout_count (JxStructuralLayout *self,
                            gsize               first,
                            gsize               last,
                            guint64             counts[4])
{
  guint64 before[4];

  g_return_if_fail (self != NULL);

  last = MIN (last, self->al->n_pairs);
  first = MIN (first, last);
  count_before (self, last, counts);
  count_before (self, first, before);
  for (guint s = 0; s < 4; s++)
    counts[s] -= before[s];
}
