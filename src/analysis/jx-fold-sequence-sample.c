/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fold-sequence-sample.c — a row of pixels from a folded state sequence
 * (see jx-fold-sequence-private.h and jx-timeline-fold.h for the
 * definition): each pixel's folded state by time, ties by the order; pixels
 * inside one interval filled as runs, so the work follows the intervals in
 * view. */
#include "config.h"

#include "jx-fold-sequence-private.h"

/* Per-pixel scratch of the exact sampler: ticks per state and per activity,
 * dense by state (index n_regions = no-state), with the states touched. */
typedef struct
{
  guint    capacity;
  gint64  *ticks;
  gint64  *act_ticks;
  guint32 *touched;
  guint    n_touched;
} Pixel;

static void
pixel_free (gpointer data)
{
  Pixel *px = data;

  g_free (px->ticks);
  g_free (px->act_ticks);
  g_free (px->touched);
  g_free (px);
}

static GPrivate pixel_key = G_PRIVATE_INIT (pixel_free);

static Pixel *
pixel_get (guint n_regions)
{
  Pixel *px = g_private_get (&pixel_key);

  if (px == NULL)
    {
      px = g_new0 (Pixel, 1);
      g_private_set (&pixel_key, px);
    }
  if (n_regions + 1 > px->capacity)
    {
      g_free (px->ticks);
      g_free (px->act_ticks);
      g_free (px->touched);
      px->capacity = n_regions + 1;
      px->ticks = g_new0 (gint64, px->capacity);
      px->act_ticks = g_new0 (gint64, px->capacity);
      px->touched = g_new (guint32, 2 * px->capacity);
    }
  px->n_touched = 0;
  return px;
}

static inline void
pixel_add (Pixel   *px,
           gint64  *ticks,
           guint32  index,
           gint64   t)
{
  if (px->ticks[index] == 0 && px->act_ticks[index] == 0)
    px->touched[px->n_touched++] = index;
  ticks[index] += t;
}

/* Does state a (ticks ta) beat b (tb)? More time wins; ties go to the
 * smaller state in the order, no-state (index n_regions) after all. */
static inline gboolean
beats (const guint32 *ranks,
       guint          n_regions,
       guint32        a,
       gint64         ta,
       guint32        b,
       gint64         tb)
{
  if (ta != tb)
    return ta > tb;
  if (b == n_regions)
    return a != n_regions;
  return a != n_regions && ranks[a] < ranks[b];
}

/* First interval ending after t. */
static guint
seq_find (const FoldSeq *seq,
          gint64     t)
{
  guint lo = 0, hi = seq->n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (seq->time[mid + 1] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Pixel p is the ticks [start + ⌊p·W/n⌋, start + ⌊(p+1)·W/n⌋) (at least one
 * tick), W = end − start. */
static inline gint64
pixel_bound (gint64 start,
             gint64 q,
             gint64 r,
             guint  n,
             guint  p)
{
  /* ⌊r·p/n⌋ without a division per pixel: r·p < n² is exact in a double,
   * and the estimate is corrected by at most one. */
  guint64 rp = (guint64) r * p;
  guint64 f = (guint64) ((double) rp / (double) n);

  if (f * n > rp)
    f--;
  else if ((f + 1) * n <= rp)
    f++;
  return start + q * p + (gint64) f;
}

/* The last pixel boundary at or before t: the largest p <= n with
 * pixel_bound (p) <= t (from the estimate, then exact steps). */
static guint
pixel_at (gint64 start,
          gint64 end,
          gint64 q,
          gint64 r,
          guint  n,
          gint64 t)
{
  double estimate = (double) (t - start) / (double) (end - start) * n;
  guint p = estimate <= 0.0 ? 0 : (estimate >= n ? n : (guint) estimate);

  while (p < n && pixel_bound (start, q, r, n, p + 1) <= t)
    p++;
  while (p > 0 && pixel_bound (start, q, r, n, p) > t)
    p--;
  return p;
}

/* The pixel boundaries stepped without a division: bound = pixel_bound (p),
 * frac = r·p mod n, so the next boundary adds q and a carry. */
typedef struct
{
  gint64 start, q, r;
  guint  n, p;
  gint64 bound, frac;
} Grid;

static inline void
grid_seek (Grid *g,
           guint p)
{
  guint64 rp = (guint64) g->r * p;

  g->p = p;
  g->frac = (gint64) (rp % g->n);
  g->bound = g->start + g->q * p + (gint64) (rp / g->n);
}

static inline gint64
grid_next (const Grid *g)
{
  return g->bound + g->q + (g->frac + g->r >= (gint64) g->n);
}

static inline void
grid_step (Grid *g)
{
  g->bound = grid_next (g);
  g->frac += g->r;
  if (g->frac >= (gint64) g->n)
    g->frac -= g->n;
  g->p++;
}

/* A mixed pixel's few states, searched linearly (a dense array per pixel
 * would cost more to clear than the pixel has intervals). */
#define FEW 16

typedef struct
{
  guint   n;
  guint32 state[FEW];
  gint64  ticks[FEW];
} Few;

static inline void
few_add (Few     *f,
         guint32  state,
         gint64   t)
{
  for (guint k = 0; k < f->n; k++)
    if (f->state[k] == state)
      {
        f->ticks[k] += t;
        return;
      }
  f->state[f->n] = state;
  f->ticks[f->n++] = t;
}

/* The winner among f's states (index n_regions = no-state), `none` when f
 * is empty. */
static inline guint32
few_best (const Few     *f,
          const guint32 *ranks,
          guint          n_regions,
          guint32        none)
{
  guint32 best = none;
  gint64 best_t = 0;

  for (guint k = 0; k < f->n; k++)
    if (k == 0 || beats (ranks, n_regions, f->state[k], f->ticks[k], best, best_t))
      {
        best = f->state[k];
        best_t = f->ticks[k];
      }
  return best;
}

/* One pixel [b0, b1) over intervals from i on: its folded state and mark
 * (state index n_regions = no-state). */
static void
mixed_pixel (const FoldSeq     *seq,
             const guint32 *ranks,
             guint          n_regions,
             guint          i,
             gint64         b0,
             gint64         b1,
             guint32       *best,
             guint32       *mark)
{
  guint j_end = i;
  Few states, acts;

  states.n = acts.n = 0;
  while (j_end < seq->n && seq->time[j_end] < b1)
    j_end++;
  if (j_end - i + 2 > FEW)
    {
      /* Many intervals in one pixel (the exact row at coarse zoom): dense
       * sums. */
      Pixel *px = pixel_get (n_regions);

      *best = *mark = n_regions;
      if (b0 < seq->time[0])
        pixel_add (px, px->ticks, n_regions, seq->time[0] - b0);
      if (b1 > seq->time[seq->n])
        pixel_add (px, px->ticks, n_regions, b1 - seq->time[seq->n]);
      for (guint j = i; j < j_end; j++)
        {
          gint64 t = MIN (seq->time[j + 1], b1) - MAX (seq->time[j], b0);
          guint32 state = shown_state (seq->shown[j]), act = shown_act (seq->shown[j]);

          pixel_add (px, px->ticks, state < n_regions ? state : n_regions, t);
          if (act < n_regions)
            pixel_add (px, px->act_ticks, act, t);
        }
      for (guint k = 0; k < px->n_touched; k++)
        {
          guint32 s = px->touched[k];

          if (px->ticks[s] > 0 && beats (ranks, n_regions, s, px->ticks[s], *best, px->ticks[*best]))
            *best = s;
          if (s != n_regions && px->act_ticks[s] > 0 &&
              (*mark == n_regions || beats (ranks, n_regions, s, px->act_ticks[s], *mark, px->act_ticks[*mark])))
            *mark = s;
        }
      for (guint k = 0; k < px->n_touched; k++)
        px->ticks[px->touched[k]] = px->act_ticks[px->touched[k]] = 0;
      return;
    }
  if (b0 < seq->time[0])
    few_add (&states, n_regions, seq->time[0] - b0);
  if (b1 > seq->time[seq->n])
    few_add (&states, n_regions, b1 - seq->time[seq->n]);
  for (guint j = i; j < j_end; j++)
    {
      gint64 t = MIN (seq->time[j + 1], b1) - MAX (seq->time[j], b0);
      guint32 state = shown_state (seq->shown[j]), act = shown_act (seq->shown[j]);

      few_add (&states, state < n_regions ? state : n_regions, t);
      if (act < n_regions)
        few_add (&acts, act, t);
    }
  *best = few_best (&states, ranks, n_regions, n_regions);
  *mark = few_best (&acts, ranks, n_regions, n_regions);
}

void
_jx_fold_seq_sample_exact (const FoldSeq     *seq,
                  const guint32 *ranks,
                  guint          n_regions,
                  gboolean       with_marks,
                  gint64         start,
                  gint64         end,
                  guint          n,
                  guint32       *out,
                  guint32       *marks)
{
  Grid g = { start, (end - start) / n, (end - start) % n, n, 0, 0, 0 };
  guint i = seq->n > 0 ? seq_find (seq, start) : 0;

  if (marks != NULL)
    for (guint p = 0; p < n; p++)
      marks[p] = JX_NONE;
  grid_seek (&g, 0);
  while (g.p < n)
    {
      gint64 b0 = g.bound;
      gint64 b1 = MAX (grid_next (&g), b0 + 1);
      guint32 best, mark;

      if (seq->n == 0 || b1 <= seq->time[0] || b0 >= seq->time[seq->n])
        {
          out[g.p] = JX_NONE;
          grid_step (&g);
          continue;
        }
      while (i < seq->n && seq->time[i + 1] <= b0)
        i++;
      if (seq->time[i] <= b0 && seq->time[i + 1] >= b1)
        {
          /* Pixels wholly inside interval i, filled as a run: the work
           * follows the intervals in view, not the width. */
          guint32 state = shown_state (seq->shown[i]);
          guint32 m = with_marks && state == JX_NONE ? shown_act (seq->shown[i]) : JX_NONE;
          gint64 tend = seq->time[i + 1];

          if (tend - b1 > 16 * (g.q + 1))
            {
              guint last = MAX (pixel_at (start, end, g.q, g.r, n, tend), g.p + 1);

              /* A pixel narrower than a tick is that tick: inside only
               * when it ends by the interval's end. */
              while (last > g.p + 1 && pixel_bound (start, g.q, g.r, n, last - 1) + 1 > tend)
                last--;
              for (guint p = g.p; p < last; p++)
                out[p] = state;
              if (marks != NULL && m != JX_NONE)
                for (guint p = g.p; p < last; p++)
                  marks[p] = m;
              grid_seek (&g, last);
              continue;
            }
          do
            {
              out[g.p] = state;
              if (marks != NULL)
                marks[g.p] = m;
              grid_step (&g);
              b0 = g.bound;
            }
          while (g.p < n && MAX (grid_next (&g), b0 + 1) <= tend);
          continue;
        }
      mixed_pixel (seq, ranks, n_regions, i, b0, b1, &best, &mark);
      out[g.p] = best < n_regions ? best : JX_NONE;
      if (marks != NULL && with_marks && best == n_regions && mark != n_regions)
        marks[g.p] = mark;
      grid_step (&g);
    }
}

/* Like a stream row (_jx_stream_uses_walk): exact while few intervals are
 * in view, else the pyramid level whose buckets are at most half a pixel. */
gboolean
_jx_fold_seq_uses_pyramid (const FoldSeq *seq,
                  gint64     start,
                  gint64     end,
                  guint      n_pixels)
{
  guint64 visible;

  if (seq->pyr.n_levels == 0)
    return FALSE;
  visible = seq_find (seq, end) - seq_find (seq, start);
  if (visible <= (guint64) DIRECT_PER_PIXEL * n_pixels)
    return FALSE;
  if ((double) seq->pyr.base > (double) (end - start) / n_pixels &&
      visible <= (guint64) DIRECT_PER_PIXEL_COARSE * n_pixels)
    return FALSE;
  return TRUE;
}
