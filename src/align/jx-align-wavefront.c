/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-wavefront.c — exact gap-linear wavefront alignment in linear memory.
 *
 * For a global alignment of lengths n and m with x mismatches and g gaps,
 *   2 · score = match · (n + m) − 2 (match − mismatch) · x − (match − 2 gap) · g,
 * so maximising the score minimises the penalty  X · x + O · g  with
 * X = 2 (match − mismatch) and O = match − 2 gap (divided by their gcd).
 *
 * W_s[k] is the furthest row i on diagonal k = i − j reachable with penalty
 * at most s (the wavefront of Ukkonen / Myers / WFA, kept cumulative):
 *   W_s[k] = extend (max (W_{s-1}[k], W_{s-X}[k] + 1, W_{s-O}[k-1] + 1, W_{s-O}[k+1]))
 * where extend follows equal symbols down the diagonal.  The penalty along a
 * diagonal never decreases, so every cell of a diagonal before W_s[k] costs at
 * most s too; that makes clamping a step that leaves the matrix to the last
 * cell of the diagonal exact, and it makes the meeting test below sound.
 *
 * Linear memory comes from running the wavefront forward from (0, 0) and
 * backward from (n, m) in turns (as in BiWFA).  Once the two wavefronts touch
 * on a diagonal, both sides take max (X, O) − 1 more steps, and then their last
 * 2 max (X, O) − 1 wavefronts are searched for the pair (a, b) with the least
 * a + b that touches: a + b is the optimal penalty and the touching cell splits
 * the problem into two halves that are solved recursively.
 * Time O((n + m) + s²/O), memory O(n + m).
 *
 * Pruning (when a symbol of one side occurs nowhere in the other: a call
 * only one run made).  h(i, j) is a lower bound of the penalty still to pay
 * from cell (i, j) to the end: with F_A, F_B such "foreign" symbols left in
 * A and B, d = |Δ| the remaining length difference, every foreign symbol is
 * mismatched or against a gap, and the relaxation
 *   min X·x + O·(g_A + g_B)  s.t.  g_A − g_B = Δ,  x + g_A ≥ F_A,  x + g_B ≥ F_B
 * has the closed form  min (X, 2 O) · max (0, max (F_B, F_A − Δ) − max (0, −Δ)) + O·|Δ|.
 * h is consistent (each move of cost c lowers it by at most c: a solution of
 * the remaining relaxation plus that move solves the current one), constant
 * along matches, and never increases along a diagonal.  With a bound U, a
 * cell of W_s whose s + h > U is dropped (and the ranges shrink to what is
 * left).  Every path of total penalty <= U keeps all its cells: a cell y on
 * it has g(y) + h(y) <= U, and W_{g(y)} reaches it.  A dropped cell is never
 * needed by a touch at a sum <= U either: if W^f_s[k] = i was dropped and W^b
 * at sb reached a cell z <= i of diagonal k with s + sb <= U, then
 * h(z) >= h(i) > U − s >= sb >= the true cost after z >= h(z).  So when the
 * pruned search first touches at a sum T <= U, the full search touches first
 * at the same state (its touch at T' <= T is a path of penalty <= U), and
 * every candidate of the optimal sum has the same offsets in both (both are
 * cells of optimal paths): the same split, hence the same alignment.  A
 * search that passes U without touching is abandoned and repeated with a
 * larger U; the halves of a split get U = their known optimum + max (X, O).
 * The cell budget counts the cells of the full search (its ranges do not
 * depend on the offsets); where the extrapolation of the pruned search
 * would give up, the full search runs instead, so AUTO decides as before.
 *
 * One file of about 1,000 lines: the forward and backward steps, their
 * pruned ranges, the meeting test and the recursion share the ring of
 * wavefronts and its invariants above, and the hot steps inline into each
 * other, the AVX2 cell step with them (see docs/alignment.md). */
#include "config.h"

#include <string.h>

#include "jx-align-algorithms-private.h"
#include "jx-align-prune-private.h"

#if defined(__GNUC__) && defined(__x86_64__)
# define JX_WF_AVX2 1
# include <immintrin.h>
#endif

#define WF_NULL JX_WF_NULL

typedef struct
{
  gint64  lo;
  gint64  hi;            /* empty when lo > hi */
  gint64  slo;           /* the range the unpruned search would have */
  gint64  shi;
  gint64 *buf;
  gint64 *off;           /* off[k - lo]; buf + margin, and the margins hold WF_NULL */
  gsize   cap;
} Wavefront;

typedef struct
{
  const guint32 *a;
  const guint32 *b;
  gint64         n;
  gint64         m;
  gboolean       reverse;
  Wavefront     *ring;   /* W_s lives in ring[s & ring_mask] */
  gint64         score;  /* highest computed s */
  gint64         pa;     /* the block's start in Workspace.fa / fb */
  gint64         pb;
  JxPruneSide    h;      /* when pruning */
} Side;

typedef struct
{
  JxAlignCtx *ctx;
  gint64      pen_x;
  gint64      pen_o;
  guint       ring_size; /* the wavefronts kept: W_{score - ring_size + 1} .. W_score */
  guint       ring_slots; /* ring_size rounded up to a power of two */
  guint       ring_mask;  /* ring_slots - 1: a slot without a division */
  Wavefront  *rings;     /* 2 * ring_slots */
  gint64      margin;    /* WF_NULL cells kept on each side of a wavefront */
  gint64     *nulls;     /* stands in for a missing source */
  gsize       nulls_cap;
  guint64     cells;
  guint64     budget;
  gboolean    gave_up;
  gboolean    avx2;      /* step_cells_avx2() instead of the scalar loop */
  gint64     *moving;    /* step_cells_avx2(): cells to extend, and from where */
  gint64     *moving_from;
  gsize       moving_cap;

  /* Pruning (see the top of the file); bound G_MAXINT64 = none. */
  gint64      bound;
  gint64      pen_m1;    /* min (X, 2 O) */
  gsize       top_a0;
  gsize       top_b0;
  guint32    *fa;        /* fa[x]: foreign symbols in A[top_a0, top_a0 + x) */
  guint32    *fb;
  guint64     struct_cells; /* the unpruned search's cells, for the budget */
  gboolean    aborted;   /* passed the bound without touching */
  gboolean    uncertain; /* the budget's extrapolation is not the unpruned one */
  gint64     *scratch[3];
  gsize       scratch_cap[3];
} Workspace;

static inline gint64
wf_get (const Wavefront *w,
        gint64           k)
{
  if (w == NULL || k < w->lo || k > w->hi)
    return WF_NULL;
  return w->off[k - w->lo];
}

/* Follows equal symbols down diagonal k from row i.  Two symbols are
 * compared per step: runs between differences are short, so the branch that
 * ends the run costs more than the loads. */
static inline gint64
extend (const Side *side,
        gint64      i,
        gint64      k)
{
  gint64 j = i - k;
  gint64 left = MIN (side->n - i, side->m - j);
  gint64 t = 0;

  if (!side->reverse)
    {
      const guint32 *pa = side->a + i;
      const guint32 *pb = side->b + j;

      while (t + 2 <= left)
        {
          guint64 x, y;

          memcpy (&x, pa + t, sizeof x);
          memcpy (&y, pb + t, sizeof y);
          if (x != y)
            return i + t + (pa[t] == pb[t]);
          t += 2;
        }
      if (t < left && pa[t] == pb[t])
        t++;
    }
  else
    {
      /* Backwards from the ends: position t is a[n - 1 - i - t]. */
      const guint32 *ea = side->a + side->n - 1 - i;
      const guint32 *eb = side->b + side->m - 1 - j;

      while (t + 2 <= left)
        {
          guint64 x, y;

          memcpy (&x, ea - t - 1, sizeof x);
          memcpy (&y, eb - t - 1, sizeof y);
          if (x != y)
            return i + t + (ea[-t] == eb[-t]);
          t += 2;
        }
      if (t < left && ea[-t] == eb[-t])
        t++;
    }
  return i + t;
}

#ifdef JX_WF_AVX2
/* extend() with eight comparisons at once: the first difference comes from
 * the comparison mask, so a run shorter than eight (nearly all of them)
 * costs no data-dependent branch.  Returns exactly what extend() returns. */
__attribute__((target ("avx2"))) static G_ALWAYS_INLINE inline gint64
extend_avx2 (const Side *side,
             gboolean    reverse,     /* side->reverse, as a constant */
             gint64      i,
             gint64      k)
{
  gint64 j = i - k;
  gint64 left = MIN (side->n - i, side->m - j);
  gint64 t = 0;

  if (!reverse)
    {
      const guint32 *pa = side->a + i;
      const guint32 *pb = side->b + j;

      while (t + 8 <= left)
        {
          __m256i x = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (pa + t));
          __m256i y = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (pb + t));
          guint eq = (guint) _mm256_movemask_ps (_mm256_castsi256_ps (_mm256_cmpeq_epi32 (x, y)));

          if (G_LIKELY (eq != 0xff))
            return i + t + __builtin_ctz (~eq);
          t += 8;
        }
      while (t < left && pa[t] == pb[t])
        t++;
    }
  else
    {
      /* Position t is a[n - 1 - i - t]: a load of the eight symbols ending
       * there holds position t in its highest lane. */
      const guint32 *ea = side->a + side->n - 1 - i;
      const guint32 *eb = side->b + side->m - 1 - j;

      while (t + 8 <= left)
        {
          __m256i x = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (ea - t - 7));
          __m256i y = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (eb - t - 7));
          guint eq = (guint) _mm256_movemask_ps (_mm256_castsi256_ps (_mm256_cmpeq_epi32 (x, y)));

          if (G_LIKELY (eq != 0xff))
            return i + t + __builtin_clz ((~eq & 0xffu) << 24);
          t += 8;
        }
      while (t < left && ea[-t] == eb[-t])
        t++;
    }
  return i + t;
}

/* WF_NULL into both margins (margin >= 4) four cells at a time, the last
 * four of each overlapping the ones before. */
__attribute__((target ("avx2"))) static G_ALWAYS_INLINE inline void
margins_avx2 (gint64 *o,
              gint64  width,
              gint64  margin)
{
  const __m256i null = _mm256_set1_epi64x (WF_NULL);
  gint64 t;

  _mm256_storeu_si256 ((__m256i *) (gpointer) (o - 4), null);
  _mm256_storeu_si256 ((__m256i *) (gpointer) (o + width), null);
  for (t = 4; t + 4 <= margin; t += 4)
    {
      _mm256_storeu_si256 ((__m256i *) (gpointer) (o - 4 - t), null);
      _mm256_storeu_si256 ((__m256i *) (gpointer) (o + width + t), null);
    }
  _mm256_storeu_si256 ((__m256i *) (gpointer) (o - margin), null);
  _mm256_storeu_si256 ((__m256i *) (gpointer) (o + width + margin - 4), null);
}

static inline __m256i __attribute__((target ("avx2")))
max_epi64 (__m256i x,
           __m256i y)
{
  return _mm256_blendv_epi8 (x, y, _mm256_cmpgt_epi64 (y, x));
}

/* compress_lanes[mask]: the 32-bit lanes of the 64-bit lanes set in mask,
 * in order, for _mm256_permutevar8x32_epi32 (packs the moving cells). */
static const guint32 compress_lanes[16][8] __attribute__((aligned (32))) = {
  { 0, 1, 0, 1, 0, 1, 0, 1 }, { 0, 1, 0, 1, 0, 1, 0, 1 },
  { 2, 3, 0, 1, 0, 1, 0, 1 }, { 0, 1, 2, 3, 0, 1, 0, 1 },
  { 4, 5, 0, 1, 0, 1, 0, 1 }, { 0, 1, 4, 5, 0, 1, 0, 1 },
  { 2, 3, 4, 5, 0, 1, 0, 1 }, { 0, 1, 2, 3, 4, 5, 0, 1 },
  { 6, 7, 0, 1, 0, 1, 0, 1 }, { 0, 1, 6, 7, 0, 1, 0, 1 },
  { 2, 3, 6, 7, 0, 1, 0, 1 }, { 0, 1, 2, 3, 6, 7, 0, 1 },
  { 4, 5, 6, 7, 0, 1, 0, 1 }, { 0, 1, 4, 5, 6, 7, 0, 1 },
  { 2, 3, 4, 5, 6, 7, 0, 1 }, { 0, 1, 2, 3, 4, 5, 6, 7 },
};

/* The cell loop of side_next() in two passes.  The first computes four
 * diagonals at a time (the three sources, the clamp, whether the cell
 * moves), stores the cells that keep their value and lists, without a
 * branch, the ones that move; the second extends the listed cells.  Same
 * integers as the scalar loop, hence the same wavefront; the scalar loop's
 * unpredictable branch on "moves" is gone.  A kept cell is stored as it
 * is: every stored cell (and every source cell: margins, nulls, copies) is
 * an offset >= 0 or exactly WF_NULL, so the scalar loop's "prev < 0 ?
 * WF_NULL : prev" changes nothing. */
__attribute__((target ("avx2"))) static void
step_cells_avx2 (Workspace    *ws,
                 const Side   *side,
                 gint64       *o,
                 const gint64 *p1,
                 const gint64 *px,
                 const gint64 *po,
                 gint64        lo,
                 gint64        width,
                 gint64        limit)
{
  const __m256i one = _mm256_set1_epi64x (1);
  const __m256i minus_one = _mm256_set1_epi64x (-1);
  const __m256i four = _mm256_set1_epi64x (4);
  const __m256i null = _mm256_set1_epi64x (WF_NULL);
  const __m256i vn = _mm256_set1_epi64x (side->n);
  __m256i vend = _mm256_set_epi64x (side->m + lo + 3, side->m + lo + 2, side->m + lo + 1, side->m + lo);
  __m256i vt = _mm256_set_epi64x (3, 2, 1, 0);
  /* Copies that no store through o can change, so that the loops below
   * keep them in registers. */
  const Side sd = *side;
  const JxPruneSide h = side->h;
  gint64 *moving = ws->moving;
  gint64 *from = ws->moving_from;
  gsize count = 0, q;
  gint64 t;

  /* Four cells at a time; the last one to three cells as one more group
   * of four with its lanes past the width masked off: they read up to
   * three cells past what the step needs (the sources keep room for them,
   * see side_next() and source_copied()) and store into the right margin,
   * filled below. */
  for (t = 0; t < width; t += 4)
    {
      __m256i x = _mm256_add_epi64 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (px + t)), one);
      __m256i l = _mm256_add_epi64 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (po + t - 1)), one);
      __m256i r = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (po + t + 1));
      __m256i prev = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (p1 + t));
      __m256i lim = _mm256_blendv_epi8 (vn, vend, _mm256_cmpgt_epi64 (vn, vend));
      __m256i c = max_epi64 (x, max_epi64 (l, r));
      __m256i moves, sel;
      guint lanes = width - t >= 4 ? 0xfu : (1u << (width - t)) - 1;
      guint mask;

      c = _mm256_blendv_epi8 (c, lim, _mm256_cmpgt_epi64 (c, lim));
      moves = _mm256_and_si256 (_mm256_cmpgt_epi64 (c, prev), _mm256_cmpgt_epi64 (c, minus_one));
      _mm256_storeu_si256 ((__m256i *) (gpointer) (o + t), prev);
      mask = (guint) _mm256_movemask_pd (_mm256_castsi256_pd (moves)) & lanes;
      /* The moving lanes packed to the front (the rest is overwritten by
       * the next group or never read: the arrays have four cells spare). */
      sel = _mm256_load_si256 ((const __m256i *) (gconstpointer) compress_lanes[mask]);
      _mm256_storeu_si256 ((__m256i *) (gpointer) (from + count), _mm256_permutevar8x32_epi32 (c, sel));
      _mm256_storeu_si256 ((__m256i *) (gpointer) (moving + count), _mm256_permutevar8x32_epi32 (vt, sel));
      count += (gsize) __builtin_popcount (mask);
      vend = _mm256_add_epi64 (vend, four);
      vt = _mm256_add_epi64 (vt, four);
    }

  margins_avx2 (o, width, ws->margin);

  /* Each direction its own loop, so that the direction's constants fold
   * into extend_avx2() and h (_jx_prune_h_fwd/_bwd: the same integers). */
  if (ws->bound == G_MAXINT64 && !sd.reverse)
    for (q = 0; q < count; q++)
      o[moving[q]] = extend_avx2 (&sd, FALSE, from[q], lo + moving[q]);
  else if (ws->bound == G_MAXINT64)
    for (q = 0; q < count; q++)
      o[moving[q]] = extend_avx2 (&sd, TRUE, from[q], lo + moving[q]);
  else
    {
      /* Extended first, then bounded four at a time (see side_next(): a
       * cell that moved is the one pruning checks). */
      const __m256i vlo = _mm256_set1_epi64x (lo);
      const __m256i vlimit = _mm256_set1_epi64x (limit);

      if (!sd.reverse)
        for (q = 0; q < count; q++)
          from[q] = extend_avx2 (&sd, FALSE, from[q], lo + moving[q]);
      else
        for (q = 0; q < count; q++)
          from[q] = extend_avx2 (&sd, TRUE, from[q], lo + moving[q]);
      for (q = 0; q + 4 <= count; q += 4)
        {
          __m256i e = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (from + q));
          __m256i k = _mm256_add_epi64 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (moving + q)), vlo);
          __m256i hv = sd.reverse ? _jx_prune_h4_avx2 (&h, TRUE, e, k) : _jx_prune_h4_avx2 (&h, FALSE, e, k);

          e = _mm256_blendv_epi8 (e, null, _mm256_cmpgt_epi64 (hv, vlimit));
          o[moving[q]] = _mm256_extract_epi64 (e, 0);
          o[moving[q + 1]] = _mm256_extract_epi64 (e, 1);
          o[moving[q + 2]] = _mm256_extract_epi64 (e, 2);
          o[moving[q + 3]] = _mm256_extract_epi64 (e, 3);
        }
      for (; q < count; q++)
        {
          gint64 k = lo + moving[q];
          gint64 hq = sd.reverse ? _jx_prune_h_bwd (&h, from[q], k) : _jx_prune_h_fwd (&h, from[q], k);

          o[moving[q]] = hq > limit ? WF_NULL : from[q];
        }
    }
}
#endif


static Wavefront *
side_get (Workspace *ws,
          Side      *side,
          gint64     s)
{
  if (s < 0 || s > side->score || side->score - s >= ws->ring_size)
    return NULL;
  return &side->ring[s & ws->ring_mask];
}

static void
side_reset (Workspace *ws,
            Side      *side)
{
  guint r;

  side->score = -1;
  for (r = 0; r < ws->ring_slots; r++)
    {
      side->ring[r].lo = 1;
      side->ring[r].hi = 0;
      side->ring[r].slo = 1;
      side->ring[r].shi = 0;
    }
}

/* source_at() for a source whose pruned range shrank past the margins: its
 * cells copied into scratch slot q. */
static G_NO_INLINE const gint64 *
source_copied (Workspace       *ws,
               const Wavefront *src,
               gint64           lo,
               gint64           hi,
               guint            q)
{
  gsize need = (gsize) (hi - lo + 3) + 3;  /* three more for step_cells_avx2()'s last group */
  gint64 k;

  g_assert (ws->bound != G_MAXINT64);
  if (need > ws->scratch_cap[q])
    {
      ws->scratch_cap[q] = MAX (need, ws->scratch_cap[q] * 2);
      ws->scratch[q] = g_renew (gint64, ws->scratch[q], ws->scratch_cap[q]);
    }
  for (k = lo - 1; k <= hi + 1; k++)
    ws->scratch[q][k - lo + 1] = k >= src->lo && k <= src->hi ? src->off[k - src->lo] : WF_NULL;
  return ws->scratch[q] + 1;
}

/* The source cell for diagonal lo, readable from lo - 1 to hi + 1: a range
 * grows by at most one diagonal per step, so the margins cover the difference.
 * Pruned ranges shrink too: then the cells are copied (source_copied()).
 * Inline: three calls per step, nearly all of them within the margins. */
static G_ALWAYS_INLINE inline const gint64 *
source_at (Workspace       *ws,
           const Wavefront *src,
           gint64           lo,
           gint64           hi,
           guint            q)
{
  if (src == NULL)
    return ws->nulls + ws->margin;
  if (src->lo - (lo - 1) <= ws->margin && (hi + 1) - src->hi <= ws->margin)
    return src->off + (lo - src->lo);
  return source_copied (ws, src, lo, hi, q);
}

/* The union of the sources' ranges (the gap source's one wider), clamped to
 * the matrix; structural: of the ranges the unpruned search would have. */
static void
next_range (const Wavefront *w1,
            const Wavefront *wx,
            const Wavefront *wo,
            gboolean         structural,
            gint64           n,
            gint64           m,
            gint64          *lo_out,
            gint64          *hi_out)
{
  const Wavefront *src[3] = { w1, wx, wo };
  gint64 lo = G_MAXINT64, hi = G_MININT64;
  guint q;

  for (q = 0; q < 3; q++)
    {
      gint64 l, h;

      if (src[q] == NULL)
        continue;
      l = structural ? src[q]->slo : src[q]->lo;
      h = structural ? src[q]->shi : src[q]->hi;
      if (l > h)
        continue;
      if (q == 2)
        {
          l--;
          h++;
        }
      lo = MIN (lo, l);
      hi = MAX (hi, h);
    }
  *lo_out = MAX (lo, -m);
  *hi_out = MIN (hi, n);
}

/* Computes W_{side->score + 1}.  Offsets are >= 0; anything negative is
 * "unreachable" (WF_NULL plus a few steps), so the loop needs no branches. */
static void
side_next (Workspace *ws,
           Side      *side)
{
  gint64 s = side->score + 1;
  /* side_get()'s checks that are left: W_{s - 1} .. W_{s - max (X, O)}
   * lie at or below side->score (= s - 1) and inside the ring (twice as
   * many as max (X, O)). */
  Wavefront *w1 = s >= 1 ? &side->ring[(s - 1) & ws->ring_mask] : NULL;
  Wavefront *wx = s >= ws->pen_x ? &side->ring[(s - ws->pen_x) & ws->ring_mask] : NULL;
  Wavefront *wo = s >= ws->pen_o ? &side->ring[(s - ws->pen_o) & ws->ring_mask] : NULL;
  Wavefront *w = &side->ring[s & ws->ring_mask];
  gint64 lo, hi, slo, shi;
  gint64 n = side->n, m = side->m;
  gint64 margin = ws->margin;
  const gint64 *p1, *px, *po;
  gint64 width, t;
  gint64 *o;

  if (s == 0)
    lo = hi = slo = shi = 0;
  else
    {
      next_range (w1, wx, wo, FALSE, n, m, &lo, &hi);
      next_range (w1, wx, wo, TRUE, n, m, &slo, &shi);
    }
  if (w1 != NULL && w1->lo > w1->hi)
    w1 = NULL;
  if (wx != NULL && wx->lo > wx->hi)
    wx = NULL;
  if (wo != NULL && wo->lo > wo->hi)
    wo = NULL;

  side->score = s;
  w->slo = slo;
  w->shi = shi;
  if (slo <= shi)
    ws->struct_cells += (guint64) (shi - slo + 1);
  if (lo > hi)
    {
      w->lo = 1;
      w->hi = 0;
      return;
    }

  width = hi - lo + 1;
  /* Three cells more than the margins: step_cells_avx2() reads a source
   * up to three cells past its right margin. */
  if ((gsize) (width + 2 * margin + 3) > w->cap)
    {
      w->cap = MAX ((gsize) (width + 2 * margin + 3), w->cap * 2);
      w->buf = g_renew (gint64, w->buf, w->cap);
    }
  if ((gsize) (width + 2 * margin + 2) > ws->nulls_cap)
    {
      ws->nulls_cap = MAX ((gsize) (width + 2 * margin + 2), ws->nulls_cap * 2);
      ws->nulls = g_renew (gint64, ws->nulls, ws->nulls_cap);
      for (t = 0; t < (gint64) ws->nulls_cap; t++)
        ws->nulls[t] = WF_NULL;
    }
  w->lo = lo;
  w->hi = hi;
  w->off = w->buf + margin;
  o = w->off;
  ws->cells += (guint64) width;

  p1 = source_at (ws, w1, lo, hi, 0);
  px = source_at (ws, wx, lo, hi, 1);
  po = source_at (ws, wo, lo, hi, 2);
  if (s == 0)
    o[0] = extend (side, 0, 0);
#ifdef JX_WF_AVX2
  else if (ws->avx2)
    {
      if ((gsize) width + 4 > ws->moving_cap)
        {
          ws->moving_cap = MAX ((gsize) width + 4, ws->moving_cap * 2);
          ws->moving = g_renew (gint64, ws->moving, ws->moving_cap);
          ws->moving_from = g_renew (gint64, ws->moving_from, ws->moving_cap);
        }
      step_cells_avx2 (ws, side, o, p1, px, po, lo, width, ws->bound - s);
    }
#endif
  else
    for (t = 0; t < width; t++)
      {
        /* Mismatch on the diagonal, a symbol of A against a gap from k - 1,
         * a symbol of B against a gap from k + 1; clamped to the diagonal's end. */
        gint64 c = MAX (px[t] + 1, MAX (po[t - 1] + 1, po[t + 1]));
        gint64 prev = p1[t];

        c = MIN (c, MIN (n, m + lo + t));
        if (c > prev)
          {
            o[t] = c < 0 ? WF_NULL : extend (side, c, lo + t);
            if (o[t] >= 0 && ws->bound != G_MAXINT64 && _jx_prune_h (&side->h, o[t], lo + t) > ws->bound - s)
              o[t] = WF_NULL;
          }
        else
          o[t] = prev < 0 ? WF_NULL : prev;
      }
#ifdef JX_WF_AVX2
  /* step_cells_avx2() filled them. */
  if (!ws->avx2 || s == 0)
#endif
    for (t = 1; t <= margin; t++)
      {
        o[-t] = WF_NULL;
        o[width - 1 + t] = WF_NULL;
      }

  /* Pruning checks the cells that moved (above): a cell is dropped when
   * s + h > U, and with it the cell it replaced, whose h is no smaller (it
   * lies before on the diagonal).  A cell that keeps its value is checked
   * when it moves next, at most X steps later (by a mismatch from itself):
   * dropping a cell is never required, only allowed.  The range shrinks to
   * the cells left. */
  if (ws->bound != G_MAXINT64)
    {
      gint64 first = 0, last = width - 1;

      if (s == 0 && o[0] >= 0 && _jx_prune_h (&side->h, o[0], 0) > ws->bound)
        o[0] = WF_NULL;
      while (first < width && o[first] < 0)
        first++;
      if (first == width)
        {
          w->lo = 1;
          w->hi = 0;
          return;
        }
      while (o[last] < 0)
        last--;
      w->lo = lo + first;
      w->hi = lo + last;
      w->off = o + first;
    }
}

/* Does W^f and W^b touch?  Returns the first touching diagonal or G_MININT64. */
static gint64
touching_scalar (const Wavefront *f,
          const Wavefront *b,
          gint64           n,
          gint64           m)
{
  gint64 shift = n - m;
  gint64 lo, hi, k;

  if (f == NULL || b == NULL || f->lo > f->hi || b->lo > b->hi)
    return G_MININT64;
  lo = MAX (f->lo, shift - b->hi);
  hi = MIN (f->hi, shift - b->lo);
  /* Offsets are in [0, n] or WF_NULL, which no offset added to it can bring
   * back to n: the sum alone decides, one predictable branch per diagonal. */
  for (k = lo; k <= hi; k++)
    if (f->off[k - f->lo] + b->off[(shift - k) - b->lo] >= n)
      return k;
  return G_MININT64;
}

#ifdef JX_WF_AVX2
/* touching_scalar() four diagonals at a time (W^b's offsets read backwards
 * and reversed in the register); returns the same diagonal. */
__attribute__((target ("avx2"))) static gint64
touching_avx2 (const Wavefront *f,
               const Wavefront *b,
               gint64           n,
               gint64           m)
{
  const __m256i below = _mm256_set1_epi64x (n - 1);
  gint64 shift = n - m;
  gint64 lo, hi, k;

  if (f == NULL || b == NULL || f->lo > f->hi || b->lo > b->hi)
    return G_MININT64;
  lo = MAX (f->lo, shift - b->hi);
  hi = MIN (f->hi, shift - b->lo);
  for (k = lo; k + 3 <= hi; k += 4)
    {
      __m256i fv = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (f->off + (k - f->lo)));
      __m256i bv = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (b->off + ((shift - k - 3) - b->lo)));
      __m256i sum = _mm256_add_epi64 (fv, _mm256_permute4x64_epi64 (bv, 0x1b));
      guint mask = (guint) _mm256_movemask_pd (_mm256_castsi256_pd (_mm256_cmpgt_epi64 (sum, below)));

      if (mask != 0)
        return k + __builtin_ctz (mask);
    }
  for (; k <= hi; k++)
    if (f->off[k - f->lo] + b->off[(shift - k) - b->lo] >= n)
      return k;
  return G_MININT64;
}
#endif

static gint64
touching (Workspace       *ws,
          const Wavefront *f,
          const Wavefront *b,
          gint64           n,
          gint64           m)
{
#ifdef JX_WF_AVX2
  if (ws->avx2)
    return touching_avx2 (f, b, n, m);
#endif
  return touching_scalar (f, b, n, m);
}

/* How far the two wavefronts have come, as a share of the anti-diagonals
 * between the corners.  The work grows with the square of the penalty, which
 * on evenly spread differences grows with that share: extrapolate. */
static double
predicted_cells (Workspace *ws,
                 Side      *fwd,
                 Side      *bwd,
                 guint64    cells_before)
{
  const Side *sides[2] = { fwd, bwd };
  gint64 reach[2] = { 0, 0 };
  double progress;
  int t;

  for (t = 0; t < 2; t++)
    {
      const Wavefront *w = side_get (ws, (Side *) sides[t], sides[t]->score);
      gint64 k;

      if (w == NULL)
        continue;
      for (k = w->lo; k <= w->hi; k++)
        {
          gint64 i = w->off[k - w->lo];

          if (i != WF_NULL)
            reach[t] = MAX (reach[t], 2 * i - k);
        }
    }
  progress = (double) (reach[0] + reach[1]) / (double) (fwd->n + fwd->m);
  if (progress <= 0.0)
    return G_MAXDOUBLE;
  progress = MIN (progress, 1.0);
  return (double) cells_before + (double) (ws->struct_cells - cells_before) / (progress * progress);
}

static gboolean wavefront_rec (Workspace  *ws,
                               gsize       a0,
                               gsize       n,
                               gsize       b0,
                               gsize       m,
                               gint64      bound,
                               GError    **error);

/* Stops the recursion: gave up, or the pruned search must be repeated. */
static inline gboolean
ws_stopped (const Workspace *ws)
{
  return ws->gave_up || ws->aborted || ws->uncertain;
}

/* bound: G_MAXINT64, or the bound U of pruning (see the top of the file). */
static gboolean
wavefront_rec (Workspace  *ws,
               gsize       a0,
               gsize       n,
               gsize       b0,
               gsize       m,
               gint64      bound,
               GError    **error)
{
  JxAlignCtx *ctx = ws->ctx;
  gint64 pa = (gint64) (a0 - ws->top_a0), pb = (gint64) (b0 - ws->top_b0);
  Side fwd = { ctx->a + a0, ctx->b + b0, (gint64) n, (gint64) m, FALSE, ws->rings, -1, pa, pb };
  Side bwd = { ctx->a + a0, ctx->b + b0, (gint64) n, (gint64) m, TRUE, ws->rings + ws->ring_slots, -1, pa, pb };
  gint64 reach = MAX (ws->pen_x, ws->pen_o);
  gint64 window = 2 * reach - 1;
  gint64 extra;
  gint64 best_sum = G_MAXINT64, best_a = 0, best_b = 0, best_i = 0, best_j = 0;
  gboolean best_corner = TRUE;
  guint64 cells_before = ws->struct_cells;
  gint64 sa, sb;

  if (_jx_align_ctx_cancelled (ctx))
    return FALSE;
  if (n == 0 || m == 0)
    {
      _jx_align_emit_gaps (ctx, a0, n, b0, m);
      return TRUE;
    }
  if ((guint64) n * m <= ctx->base_cells)
    return _jx_align_nw (ctx, a0, n, b0, m, error);

  ws->bound = bound;
  if (bound != G_MAXINT64)
    {
      _jx_prune_side_init (&fwd.h, ws->fa, ws->fb, pa, pb, (gint64) n, (gint64) m, FALSE, ws->pen_m1, ws->pen_o);
      _jx_prune_side_init (&bwd.h, ws->fa, ws->fb, pa, pb, (gint64) n, (gint64) m, TRUE, ws->pen_m1, ws->pen_o);
    }
  side_reset (ws, &fwd);
  side_reset (ws, &bwd);
  side_next (ws, &fwd);
  side_next (ws, &bwd);
  extra = -1;
  for (;;)
    {
      if (extra < 0 && bound != G_MAXINT64 && fwd.score + bwd.score > bound)
        {
          ws->aborted = TRUE;
          return TRUE;
        }
      if (extra < 0 &&
          touching (ws, side_get (ws, &fwd, fwd.score), side_get (ws, &bwd, bwd.score),
                    fwd.n, fwd.m) != G_MININT64)
        extra = reach - 1;
      if (extra == 0)
        break;
      if (extra > 0)
        extra--;

      if (fwd.score <= bwd.score)
        side_next (ws, &fwd);
      else
        side_next (ws, &bwd);

      if (ws->budget != 0 &&
          (ws->struct_cells > ws->budget ||
           (((fwd.score + bwd.score) & 63) == 0 && ws->struct_cells - cells_before > ws->budget / 256 &&
            predicted_cells (ws, &fwd, &bwd, cells_before) > ws->budget)))
        {
          /* The cell count is the unpruned one, the extrapolation is not:
           * only the unpruned search may decide on it. */
          if (bound != G_MAXINT64 && ws->struct_cells <= ws->budget)
            ws->uncertain = TRUE;
          else
            ws->gave_up = TRUE;
          return TRUE;
        }
      if (((fwd.score + bwd.score) & 63) == 0 && _jx_align_ctx_cancelled (ctx))
        return FALSE;
    }

  /* First touching at sum T means T - reach < optimum <= T.  After reach - 1
   * more steps some cell of an optimal path has forward penalty a and backward
   * penalty b within the last 2 reach - 1 wavefronts of each side. */
  for (sa = MAX (0, fwd.score - window + 1); sa <= fwd.score; sa++)
    for (sb = MAX (0, bwd.score - window + 1); sb <= bwd.score; sb++)
      {
        const Wavefront *f = side_get (ws, &fwd, sa);
        const Wavefront *b = side_get (ws, &bwd, sb);
        gint64 shift = fwd.n - fwd.m;
        gint64 lo, hi, k;

        if (sa + sb > best_sum || f->lo > f->hi || b->lo > b->hi)
          continue;
        if (sa + sb == best_sum && !best_corner)
          continue;
        lo = MAX (f->lo, shift - b->hi);
        hi = MIN (f->hi, shift - b->lo);
        for (k = lo; k <= hi; k++)
          {
            gint64 fi = f->off[k - f->lo];
            gint64 bi = b->off[(shift - k) - b->lo];
            gint64 cand[2];
            int c;

            if (fi == WF_NULL || bi == WF_NULL || fi + bi < fwd.n)
              continue;
            cand[0] = fi;
            cand[1] = fwd.n - bi;
            for (c = 0; c < 2; c++)
              {
                gint64 ci = cand[c], cj = cand[c] - k;
                gboolean corner = (ci == 0 && cj == 0) || (ci == fwd.n && cj == fwd.m);

                if (sa + sb < best_sum || (best_corner && !corner))
                  {
                    best_sum = sa + sb;
                    best_a = sa;
                    best_b = sb;
                    best_i = ci;
                    best_j = cj;
                    best_corner = corner;
                  }
              }
            if (!best_corner && sa + sb == best_sum)
              break;
          }
      }

  g_assert (best_sum != G_MAXINT64);

  if (best_corner)
    {
      /* A run of matches from one end to the other. */
      if ((best_i == 0 && best_b == 0) || (best_i == fwd.n && best_a == 0))
        {
          g_assert (n == m);
          _jx_align_emit_run (ctx, a0, b0, n);
          return TRUE;
        }
      /* A single step that is not a match remains: no split is possible. */
      return _jx_align_hirschberg (ctx, a0, n, b0, m, error);
    }

  /* The halves' optima are best_a and best_b exactly: their first touch
   * comes before optimum + reach. */
  if (best_a == 0)
    _jx_align_emit_run (ctx, a0, b0, (gsize) best_i);
  else if (!wavefront_rec (ws, a0, (gsize) best_i, b0, (gsize) best_j,
                           bound == G_MAXINT64 ? G_MAXINT64 : best_a + reach, error))
    return FALSE;
  if (ws_stopped (ws))
    return TRUE;

  if (best_b == 0)
    _jx_align_emit_run (ctx, a0 + best_i, b0 + best_j, n - (gsize) best_i);
  else if (!wavefront_rec (ws, a0 + best_i, n - (gsize) best_i,
                           b0 + best_j, m - (gsize) best_j,
                           bound == G_MAXINT64 ? G_MAXINT64 : best_b + reach, error))
    return FALSE;
  return TRUE;
}

/* Counts the foreign symbols of the block (prefix sums in ws->fa, ws->fb) and
 * returns h at its start, or -1 when no symbol is foreign (h is then only the
 * length difference, too weak to prune). */
static gint64
foreign_init (Workspace *ws,
              gsize      a0,
              gsize      n,
              gsize      b0,
              gsize      m)
{
  const guint32 *a = ws->ctx->a + a0;
  const guint32 *b = ws->ctx->b + b0;
  JxPruneSide c;

  ws->fa = _jx_align_foreign_counts (a, n, b, m);
  ws->fb = _jx_align_foreign_counts (b, m, a, n);
  if (ws->fa[n] == 0 && ws->fb[m] == 0)
    return -1;
  _jx_prune_side_init (&c, ws->fa, ws->fb, 0, 0, (gint64) n, (gint64) m, FALSE, ws->pen_m1, ws->pen_o);
  return _jx_prune_h (&c, 0, 0);
}

/* Back to the state before a search of the block. */
static void
ws_restart (Workspace  *ws,
            JxAlignCtx *ctx,
            guint       start)
{
  g_array_set_size (ctx->pairs, start);
  ws->struct_cells = 0;
  ws->gave_up = FALSE;
  ws->aborted = FALSE;
  ws->uncertain = FALSE;
}

/* Tries of the pruned search before the unpruned one; the bound's slack over
 * h at the start, at first h / PRUNE_SLACK_DIVISOR (at least 4 max (X, O)),
 * doubles each time, up to 16 times the first.  Any bound gives the same
 * alignment, so this only trades aborted searches against looser ones.
 * Measured on bench-hier's long loop sub-alignments: their optimum lies
 * 1.5–2.5 % above h, and a search costs more the looser its bound (a
 * fourfold slack after a first try at h / 64 cost 45 % of the wavefront's
 * cells in the 10 % of the searches that needed it; h / 48 and doubling:
 * 16 % fewer wavefront cells in all). */
#define PRUNE_TRIES 5
#define PRUNE_SLACK_DIVISOR 48

gboolean
_jx_align_wavefront (JxAlignCtx  *ctx,
                     gsize        a0,
                     gsize        n,
                     gsize        b0,
                     gsize        m,
                     guint64      cell_budget,
                     gboolean    *gave_up,
                     GError     **error)
{
  Workspace ws = { 0, };
  guint start = ctx->pairs->len;
  gboolean ok = TRUE, done = FALSE;
  guint r;

  g_assert (ctx->has_penalty && ctx->pen_x > 0 && ctx->pen_o > 0);

  ws.ctx = ctx;
  ws.pen_x = ctx->pen_x;
  ws.pen_o = ctx->pen_o;
  ws.pen_m1 = MIN (ws.pen_x, 2 * ws.pen_o);
  ws.ring_size = 2 * (guint) MAX (ws.pen_x, ws.pen_o);
  /* At least four: margins_avx2() fills the margins four cells at a time. */
  ws.margin = MAX ((gint64) MAX (ws.pen_x, ws.pen_o) + 2, 4);
  ws.ring_slots = 1;
  while (ws.ring_slots < ws.ring_size)
    ws.ring_slots *= 2;
  ws.ring_mask = ws.ring_slots - 1;
  ws.rings = g_new0 (Wavefront, 2 * ws.ring_slots);
  ws.budget = cell_budget;
  ws.avx2 = _jx_align_use_avx2 ();
  ws.bound = G_MAXINT64;
  ws.top_a0 = a0;
  ws.top_b0 = b0;

  /* Pruning keeps counts and lengths below 2^30 (32-bit products). */
  if (_jx_align_use_pruning () && (guint64) n * m > ctx->base_cells && n < (1u << 30) && m < (1u << 30))
    {
      gint64 h0 = foreign_init (&ws, a0, n, b0, m);
      gint64 slack = MAX (4 * MAX (ws.pen_x, ws.pen_o), h0 / PRUNE_SLACK_DIVISOR);
      guint attempt;

      for (attempt = 0; h0 >= 0 && attempt < PRUNE_TRIES && ok && !done; attempt++, slack *= 2)
        {
          ws_restart (&ws, ctx, start);
          ok = wavefront_rec (&ws, a0, n, b0, m, h0 + slack, error);
          if (ws.uncertain)
            break;
          done = !ws.aborted;
        }
    }
  if (ok && !done)
    {
      ws_restart (&ws, ctx, start);
      ok = wavefront_rec (&ws, a0, n, b0, m, G_MAXINT64, error);
    }
  else if (ok && !ws.gave_up)
    ctx->stats->fast_pruned++;

  ctx->stats->cells += ws.cells;
  for (r = 0; r < 2 * ws.ring_slots; r++)
    g_free (ws.rings[r].buf);
  for (r = 0; r < G_N_ELEMENTS (ws.scratch); r++)
    g_free (ws.scratch[r]);
  g_free (ws.fa);
  g_free (ws.fb);
  g_free (ws.nulls);
  g_free (ws.rings);
  g_free (ws.moving);
  g_free (ws.moving_from);

  *gave_up = ws.gave_up;
  if (ws.gave_up)
    g_array_set_size (ctx->pairs, start);
  return ok;
}
