/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-pair-diff.c — see jx-pair-diff.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-pair-diff-private.h"

static void
segments_add (Segments *seg,
              guint64   start,
              guint64   end,
              guint32   inv)
{
  if (end <= start)
    end = start + 1;
  /* Touching or overlapping the previous one (only the covered list and
   * marks at one instant do): grow it. */
  if (seg->len > 0 && start <= seg->end[seg->len - 1] && inv == JX_NONE)
    {
      seg->end[seg->len - 1] = MAX (seg->end[seg->len - 1], end);
      return;
    }
  if (seg->len == seg->capacity)
    {
      seg->capacity = MAX (64, seg->capacity * 2);
      seg->start = g_renew (guint64, seg->start, seg->capacity);
      seg->end = g_renew (guint64, seg->end, seg->capacity);
      if (inv != JX_NONE || seg->inv != NULL)
        seg->inv = g_renew (guint32, seg->inv, seg->capacity);
    }
  seg->start[seg->len] = start;
  seg->end[seg->len] = MAX (end, seg->len > 0 ? seg->end[seg->len - 1] : end);
  if (seg->inv != NULL)
    seg->inv[seg->len] = inv;
  seg->len++;
}

static void
segments_clear (Segments *seg)
{
  g_clear_pointer (&seg->start, g_free);
  g_clear_pointer (&seg->end, g_free);
  g_clear_pointer (&seg->inv, g_free);
  seg->len = seg->capacity = 0;
}

/* First segment at or after `from` with end > t. */
static gsize
segments_first_after (const Segments *seg,
                      gsize           from,
                      guint64         t)
{
  gsize lo = from, hi = seg->len;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (seg->end[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

JxDiffState
_jx_pair_diff_state_of_pair (const JxHierAlignment *al,
                             guint32                pair,
                             gboolean               side_b)
{
  switch ((JxPairState) al->pairs[pair].state)
    {
    case JX_PAIR_EQUAL:
      return JX_DIFF_EQUAL;
    case JX_PAIR_DIFFERENT:
      return JX_DIFF_DIFFERENT;
    case JX_PAIR_ONLY_A:
      return side_b ? JX_DIFF_ONLY_THERE : JX_DIFF_ONLY_HERE;
    case JX_PAIR_ONLY_B:
      return side_b ? JX_DIFF_ONLY_HERE : JX_DIFF_ONLY_THERE;
    default:
      return JX_DIFF_NONE;
    }
}

static guint32
node_of (const JxHierAlignment *al,
         guint32                pair,
         gboolean               side_b)
{
  return side_b ? al->pairs[pair].b : al->pairs[pair].a;
}

/* Callees fill the call: no time of its own to show. */
static gboolean
no_exclusive_time (const JxStream *s,
                   guint32         i)
{
  guint64 inner = 0;

  for (guint32 c = i + 1; c < s->subtree_end[i]; c = s->subtree_end[c])
    inner += s->end[c] - s->start[c];
  return inner >= s->end[i] - s->start[i];
}

typedef struct
{
  guint32 inv;
  guint64 cursor;   /* end of the time accounted for inside inv */
} Open;

/* Leaves the innermost open call: the rest of a different call's own time. */
static void
close_open (Side                  *side,
            const JxHierAlignment *al,
            const JxStream        *s,
            gboolean               side_b,
            Open                  *stack,
            guint                 *sp)
{
  Open *o = &stack[--*sp];

  if (o->cursor < s->end[o->inv] &&
      _jx_pair_diff_state_of_pair (al, side->pair_of[o->inv], side_b) == JX_DIFF_DIFFERENT)
    segments_add (&side->different, o->cursor, s->end[o->inv], o->inv);
  if (*sp > 0)
    stack[*sp - 1].cursor = MAX (stack[*sp - 1].cursor, s->end[o->inv]);
}

/* Segments of one side in one pre-order sweep: a different call's exclusive
 * pieces are emitted when the time they end at is reached, so every list
 * comes out sorted. */
static void
build_segments (Side                  *side,
                const JxHierAlignment *al,
                const JxStream        *s,
                gboolean               side_b)
{
  g_autofree Open *stack = g_new (Open, (gsize) s->max_depth + 2);
  guint sp = 0;

  side->only.inv = g_new (guint32, 1);
  side->different.inv = g_new (guint32, 1);

  for (guint32 i = 0; i < s->n_invocations; i++)
    {
      guint32 pair = side->pair_of[i];
      JxDiffState state = pair != JX_ALIGN_NONE ? _jx_pair_diff_state_of_pair (al, pair, side_b) : JX_DIFF_EQUAL;

      while (sp > 0 && stack[sp - 1].inv != s->parent[i])
        close_open (side, al, s, side_b, stack, &sp);

      if (s->parent[i] == JX_NONE)
        segments_add (&side->covered, s->start[i], s->end[i], JX_NONE);

      /* The caller's own time up to this callee. */
      if (sp > 0)
        {
          Open *p = &stack[sp - 1];

          if (s->start[i] > p->cursor &&
              _jx_pair_diff_state_of_pair (al, side->pair_of[p->inv], side_b) == JX_DIFF_DIFFERENT)
            segments_add (&side->different, p->cursor, s->start[i], p->inv);
        }

      if (state == JX_DIFF_ONLY_HERE)
        {
          segments_add (&side->only, s->start[i], s->end[i], i);
          if (sp > 0)
            stack[sp - 1].cursor = MAX (stack[sp - 1].cursor, s->end[i]);
          i = s->subtree_end[i] - 1;
          continue;
        }

      if (state == JX_DIFF_DIFFERENT && no_exclusive_time (s, i))
        segments_add (&side->different, s->start[i], s->start[i] + 1, i);
      if (sp > 0)
        stack[sp - 1].cursor = MAX (stack[sp - 1].cursor, s->start[i]);
      stack[sp].inv = i;
      stack[sp].cursor = s->start[i];
      sp++;
    }

  while (sp > 0)
    close_open (side, al, s, side_b, stack, &sp);
}

/* Where, on this side, a run of calls only in the other trace starting at
 * alignment pair `first` sits: after the previous call at the same level,
 * else at the start of the caller, else before the next call of this side. */
static guint64
extra_time (const JxHierAlignment *al,
            const JxStream        *s,
            gboolean               side_b,
            guint32                first,
            guint32                next)
{
  guint32 caller = al->parent[first];
  guint32 node;

  if (first > 0)
    {
      guint32 q = first - 1;

      if (q == caller)
        {
          node = node_of (al, q, side_b);
          if (node != JX_ALIGN_NONE)
            return s->start[node];
        }
      else
        {
          while (q != JX_ALIGN_NONE && al->parent[q] != caller)
            q = al->parent[q];
          if (q != JX_ALIGN_NONE && (node = node_of (al, q, side_b)) != JX_ALIGN_NONE)
            return s->end[node];
        }
    }
  for (guint32 k = next; k < al->n_pairs; k++)
    if ((node = node_of (al, k, side_b)) != JX_ALIGN_NONE)
      return s->start[node];
  return s->n_invocations > 0 ? s->end[0] : 0;
}

static void
build_extras (Side                  *side,
              const JxHierAlignment *al,
              const JxStream        *s,
              gboolean               side_b)
{
  guint32 k = 0;

  side->extras = g_array_new (FALSE, FALSE, sizeof (JxDiffExtra));
  while (k < al->n_pairs)
    {
      JxDiffExtra extra;
      guint32 end = k;

      if (_jx_pair_diff_state_of_pair (al, k, side_b) != JX_DIFF_ONLY_THERE)
        {
          k++;
          continue;
        }
      while (end < al->n_pairs && _jx_pair_diff_state_of_pair (al, end, side_b) == JX_DIFF_ONLY_THERE)
        end++;
      extra.time = extra_time (al, s, side_b, k, end);
      extra.first_pair = k;
      extra.n_pairs = end - k;
      /* Anchors follow pre-order, which is time order; a run anchored at
       * its caller's start keeps the order of equal times. */
      if (side->extras->len > 0)
        extra.time = MAX (extra.time, g_array_index (side->extras, JxDiffExtra, side->extras->len - 1).time);
      g_array_append_val (side->extras, extra);
      k = end;
    }
}

static void
build_side (Side                  *side,
            const JxHierAlignment *al,
            const JxStream        *s,
            gboolean               side_b)
{
  side->n_invocations = s->n_invocations;
  side->pair_of = jx_hier_alignment_build_index (al, side_b);
  build_segments (side, al, s, side_b);
  build_extras (side, al, s, side_b);
  side->self_ticks = _jx_pair_diff_self_ticks_new (s);
}

static void
build_hunks (JxPairDiff *self)
{
  const JxHierAlignment *al = self->al;
  GArray *hunks = g_array_new (FALSE, FALSE, sizeof (guint32));
  gsize n_blocks = al->n_pairs / COUNT_BLOCK + 1;
  guint32 counted = 0;

  self->block_counts = g_new (guint32, n_blocks + 1);
  for (gsize k = 0; k < al->n_pairs; k++)
    {
      guint32 state = al->pairs[k].state;
      guint32 parent = al->parent[k];

      if (k % COUNT_BLOCK == 0)
        self->block_counts[k / COUNT_BLOCK] = counted;
      if (state == JX_PAIR_EQUAL)
        continue;
      counted++;
      /* A one-sided subtree is one difference: its root. */
      if ((state == JX_PAIR_ONLY_A || state == JX_PAIR_ONLY_B) &&
          parent != JX_ALIGN_NONE && al->pairs[parent].state == state)
        continue;
      {
        guint32 index = (guint32) k;

        g_array_append_val (hunks, index);
      }
    }
  self->block_counts[n_blocks] = counted;
  if (al->n_pairs % COUNT_BLOCK == 0)
    self->block_counts[al->n_pairs / COUNT_BLOCK] = counted;
  self->n_hunks = hunks->len;
  self->hunks = (guint32 *) (gpointer) g_array_free (hunks, FALSE);
}

JxPairDiff *
jx_pair_diff_new (const JxHierAlignment *al,
                  const JxStream        *a,
                  const JxStream        *b)
{
  JxPairDiff *self;

  g_return_val_if_fail (al != NULL && al->pairs != NULL && al->parent != NULL, NULL);
  g_return_val_if_fail (a != NULL && b != NULL, NULL);
  g_return_val_if_fail (a->n_invocations == al->n_a && b->n_invocations == al->n_b, NULL);

  self = g_new0 (JxPairDiff, 1);
  self->al = al;
  build_side (&self->side[0], al, a, FALSE);
  build_side (&self->side[1], al, b, TRUE);
  _jx_pair_diff_build_log_ratios (self);
  build_hunks (self);
  return self;
}

void
jx_pair_diff_free (JxPairDiff *self)
{
  if (self == NULL)
    return;
  for (guint k = 0; k < 2; k++)
    {
      Side *side = &self->side[k];

      g_free (side->pair_of);
      segments_clear (&side->only);
      segments_clear (&side->different);
      segments_clear (&side->covered);
      g_clear_pointer (&side->extras, g_array_unref);
      g_free (side->self_ticks);
      g_free (side->log_ratio);
    }
  g_free (self->hunks);
  g_free (self->block_counts);
  g_free (self);
}

static gsize
segments_size (const Segments *seg)
{
  return seg->capacity * (2 * sizeof (guint64) + (seg->inv != NULL ? sizeof (guint32) : 0));
}

gsize
jx_pair_diff_get_memory_size (const JxPairDiff *self)
{
  gsize size;

  g_return_val_if_fail (self != NULL, 0);

  size = sizeof *self + self->n_hunks * sizeof (guint32)
         + (self->al->n_pairs / COUNT_BLOCK + 2) * sizeof (guint32);
  for (guint k = 0; k < 2; k++)
    {
      const Side *side = &self->side[k];

      size += side->n_invocations * (sizeof (guint32) + sizeof (float) + sizeof (gint16))
              + segments_size (&side->only) + segments_size (&side->different)
              + segments_size (&side->covered) + side->extras->len * sizeof (JxDiffExtra);
    }
  return size;
}

const JxHierAlignment *
jx_pair_diff_get_alignment (const JxPairDiff *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->al;
}

guint32
jx_pair_diff_pair_of (const JxPairDiff *self,
                      gboolean          side_b,
                      guint32           invocation)
{
  const Side *side;

  g_return_val_if_fail (self != NULL, JX_NONE);

  side = &self->side[side_b ? 1 : 0];
  return invocation < side->n_invocations ? side->pair_of[invocation] : JX_NONE;
}

guint32
jx_pair_diff_partner (const JxPairDiff *self,
                      gboolean          side_b,
                      guint32           invocation)
{
  guint32 pair = jx_pair_diff_pair_of (self, side_b, invocation);

  if (pair == JX_NONE)
    return JX_NONE;
  return node_of (self->al, pair, !side_b);
}

JxDiffState
jx_pair_diff_state (const JxPairDiff *self,
                    gboolean          side_b,
                    guint32           invocation)
{
  guint32 pair = jx_pair_diff_pair_of (self, side_b, invocation);

  return pair != JX_NONE ? _jx_pair_diff_state_of_pair (self->al, pair, side_b) : JX_DIFF_NONE;
}

/* Integer tick bounds of pixel p, so that an interval [s, e) meets the
 * pixel exactly when e > t0 and s < t1 (see the header). */
static inline void
pixel_bounds (gint64  start,
              double  ticks_per_pixel,
              guint   p,
              gint64 *t0,
              gint64 *t1)
{
  *t0 = start + (gint64) floor (p * ticks_per_pixel);
  *t1 = start + (gint64) ceil ((p + 1) * ticks_per_pixel);
  if (*t1 <= *t0)
    *t1 = *t0 + 1;
}

static inline gboolean
segments_meet (const Segments *seg,
               gsize          *cursor,
               gint64          t0,
               gint64          t1)
{
  if (t1 <= 0)
    return FALSE;
  *cursor = segments_first_after (seg, *cursor, (guint64) MAX (t0, 0));
  return *cursor < seg->len && seg->start[*cursor] < (guint64) t1;
}

/* First extra run at or after `from` with time >= t. */
static guint
extras_first_from (GArray  *extras,
                   guint    from,
                   guint64  t)
{
  guint lo = from, hi = extras->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (extras, JxDiffExtra, mid).time < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

void
jx_pair_diff_sample (const JxPairDiff *self,
                     gboolean          side_b,
                     gint64            start,
                     gint64            end,
                     guint             n_pixels,
                     guint8           *out)
{
  const Side *side;
  gsize c_only = 0, c_diff = 0, c_cov = 0;
  guint c_extra = 0;
  double tpp;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL || n_pixels == 0);

  side = &self->side[side_b ? 1 : 0];
  if (end <= start)
    end = start + 1;
  tpp = (double) (end - start) / (double) MAX (n_pixels, 1);

  for (guint p = 0; p < n_pixels; p++)
    {
      gint64 t0, t1;
      guint8 v;

      pixel_bounds (start, tpp, p, &t0, &t1);
      if (segments_meet (&side->only, &c_only, t0, t1))
        v = JX_DIFF_ONLY_HERE;
      else if (segments_meet (&side->different, &c_diff, t0, t1))
        v = JX_DIFF_DIFFERENT;
      else if (segments_meet (&side->covered, &c_cov, t0, t1))
        v = JX_DIFF_EQUAL;
      else
        v = JX_DIFF_NONE;

      if (t1 > 0)
        {
          c_extra = extras_first_from (side->extras, c_extra, (guint64) MAX (t0, 0));
          if (c_extra < side->extras->len &&
              g_array_index (side->extras, JxDiffExtra, c_extra).time < (guint64) t1)
            v |= JX_DIFF_EXTRA_FLAG;
        }
      out[p] = v;
    }
}

gboolean
jx_pair_diff_find (const JxPairDiff *self,
                   gboolean          side_b,
                   gint64            t0,
                   gint64            t1,
                   JxDiffState      *state,
                   guint32          *invocation,
                   guint32          *extra)
{
  const Side *side;
  gsize cursor = 0;
  guint e;
  JxDiffState found = JX_DIFF_NONE;
  guint32 inv = JX_NONE, run = JX_NONE;

  g_return_val_if_fail (self != NULL, FALSE);

  side = &self->side[side_b ? 1 : 0];
  if (t1 <= t0)
    t1 = t0 + 1;
  if (t1 > 0)
    {
      e = extras_first_from (side->extras, 0, (guint64) MAX (t0, 0));
      if (e < side->extras->len && g_array_index (side->extras, JxDiffExtra, e).time < (guint64) t1)
        run = e;
    }
  if (segments_meet (&side->only, &cursor, t0, t1))
    {
      found = JX_DIFF_ONLY_HERE;
      inv = side->only.inv[cursor];
    }
  else if ((cursor = 0, segments_meet (&side->different, &cursor, t0, t1)))
    {
      found = JX_DIFF_DIFFERENT;
      inv = side->different.inv[cursor];
    }
  else if ((cursor = 0, segments_meet (&side->covered, &cursor, t0, t1)))
    found = JX_DIFF_EQUAL;

  if (state != NULL)
    *state = run != JX_NONE && found == JX_DIFF_EQUAL ? JX_DIFF_ONLY_THERE : found;
  if (invocation != NULL)
    *invocation = inv;
  if (extra != NULL)
    *extra = run;
  return run != JX_NONE || inv != JX_NONE;
}

guint
jx_pair_diff_get_n_extras (const JxPairDiff *self,
                           gboolean          side_b)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->side[side_b ? 1 : 0].extras->len;
}

const JxDiffExtra *
jx_pair_diff_get_extra (const JxPairDiff *self,
                        gboolean          side_b,
                        guint             index)
{
  GArray *extras;

  g_return_val_if_fail (self != NULL, NULL);

  extras = self->side[side_b ? 1 : 0].extras;
  g_return_val_if_fail (index < extras->len, NULL);
  return &g_array_index (extras, JxDiffExtra, index);
}

guint
jx_pair_diff_get_n_hunks (const JxPairDiff *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_hunks;
}

guint32
jx_pair_diff_get_hunk (const JxPairDiff *self,
                       guint             index)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (index < self->n_hunks, JX_NONE);
  return self->hunks[index];
}

guint
jx_pair_diff_next_hunk (const JxPairDiff *self,
                        guint32           pair,
                        gboolean          forward)
{
  guint lo = 0, hi;

  g_return_val_if_fail (self != NULL, G_MAXUINT);

  if (self->n_hunks == 0)
    return G_MAXUINT;
  if (pair == JX_NONE)
    return forward ? 0 : self->n_hunks - 1;

  /* First hunk with index > pair. */
  hi = self->n_hunks;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (self->hunks[mid] <= pair)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (forward)
    return lo < self->n_hunks ? lo : G_MAXUINT;

  /* Last hunk with index < pair. */
  while (lo > 0 && self->hunks[lo - 1] >= pair)
    lo--;
  return lo > 0 ? lo - 1 : G_MAXUINT;
}

static guint64
count_before (const JxPairDiff *self,
              gsize             k)
{
  const JxHierAlignment *al = self->al;
  gsize block = k / COUNT_BLOCK;
  guint64 n = self->block_counts[block];

  for (gsize i = block * COUNT_BLOCK; i < k && i < al->n_pairs; i++)
    n += al->pairs[i].state != JX_PAIR_EQUAL;
  return n;
}

guint64
jx_pair_diff_count_nonequal (const JxPairDiff *self,
                             gsize             first,
                             gsize             last)
{
  g_return_val_if_fail (self != NULL, 0);

  last = MIN (last, self->al->n_pairs);
  if (last <= first)
    return 0;
  return count_before (self, last) - count_before (self, first);
}

gsize
jx_pair_diff_pair_at (const JxPairDiff *self,
                      gboolean          side_b,
                      const JxStream   *stream,
                      gint64            ticks)
{
  const Side *side;
  guint32 lo = 0, hi;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (stream != NULL, 0);

  side = &self->side[side_b ? 1 : 0];
  g_return_val_if_fail (stream->n_invocations == side->n_invocations, 0);

  hi = stream->n_invocations;
  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if ((gint64) stream->start[mid] < ticks)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < stream->n_invocations ? side->pair_of[lo] : self->al->n_pairs;
}
