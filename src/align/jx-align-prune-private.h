/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-prune-private.h — the lower bound that prunes the wavefront
 * (jx-align-wavefront.c, whose header shows why the pruned search gives the
 * same alignment): the foreign symbols of a block and h of a cell. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* An unreachable cell of a wavefront. */
#define JX_WF_NULL (G_MININT64 / 4)

/* One side of a search over a block of n x m, where cell (i, j) lies on
 * diagonal k = i - j and leaves A[i, n), B[j, m) (forward) or A[0, n - i),
 * B[0, m - j) (backward) to align:
 *   h = pen_m1 · max (0, max (FB, FA - Δ) - max (0, -Δ)) + pen_o · |Δ|
 * with Δ = n_minus_m - k, FA = (fa[ia + dir·i] - ca)·sign, FB likewise. */
typedef struct
{
  const guint32 *fa;
  const guint32 *fb;
  gint64         ia;
  gint64         ib;
  gint64         dir;
  gint64         ca;
  gint64         cb;
  gint64         sign;
  gint64         n_minus_m;
  gint64         pen_m1;   /* min (X, 2 O) */
  gint64         pen_o;
} JxPruneSide;

/* Whether some symbol occurs in both a[0, n) and b[0, m) (a set of the
 * shorter one's symbols, open addressing). */
gboolean  _jx_align_have_common_symbol (const guint32 *a,
                                        gsize          n,
                                        const guint32 *b,
                                        gsize          m);

/* counts[x] = how many of s[0, x) occur nowhere in other, for x = 0 .. n.
 * Free with g_free. */
guint32 *_jx_align_foreign_counts (const guint32 *s,
                                   gsize          n,
                                   const guint32 *other,
                                   gsize          m);

/* The block of n x m starts at pa, pb of the count arrays fa, fb. */
void     _jx_prune_side_init      (JxPruneSide   *c,
                                   const guint32 *fa,
                                   const guint32 *fb,
                                   gint64         pa,
                                   gint64         pb,
                                   gint64         n,
                                   gint64         m,
                                   gboolean       reverse,
                                   gint64         pen_m1,
                                   gint64         pen_o);

static inline gint64
_jx_prune_h (const JxPruneSide *c,
             gint64             i,
             gint64             k)
{
  gint64 delta = c->n_minus_m - k;
  gint64 fa = ((gint64) c->fa[c->ia + c->dir * i] - c->ca) * c->sign;
  gint64 fb = ((gint64) c->fb[c->ib + c->dir * (i - k)] - c->cb) * c->sign;
  gint64 d = MAX (0, MAX (fb, fa - delta) - MAX (0, -delta));

  return c->pen_m1 * d + c->pen_o * ABS (delta);
}

/* _jx_prune_h() of a forward side (dir 1, sign −1) and of a backward one
 * (dir −1, sign 1), with those constants folded in: the same integers. */
static G_ALWAYS_INLINE inline gint64
_jx_prune_h_fwd (const JxPruneSide *c,
                 gint64             i,
                 gint64             k)
{
  gint64 delta = c->n_minus_m - k;
  gint64 fa = c->ca - (gint64) c->fa[c->ia + i];
  gint64 fb = c->cb - (gint64) c->fb[c->ib + (i - k)];
  gint64 d = MAX (0, MAX (fb, fa - delta) - MAX (0, -delta));

  return c->pen_m1 * d + c->pen_o * ABS (delta);
}

static G_ALWAYS_INLINE inline gint64
_jx_prune_h_bwd (const JxPruneSide *c,
                 gint64             i,
                 gint64             k)
{
  gint64 delta = c->n_minus_m - k;
  gint64 fa = (gint64) c->fa[c->ia - i] - c->ca;
  gint64 fb = (gint64) c->fb[c->ib - (i - k)] - c->cb;
  gint64 d = MAX (0, MAX (fb, fa - delta) - MAX (0, -delta));

  return c->pen_m1 * d + c->pen_o * ABS (delta);
}

#if defined(__GNUC__) && defined(__x86_64__)
# include <immintrin.h>

/* _jx_prune_h_fwd (reverse FALSE) or _jx_prune_h_bwd (TRUE) of four cells,
 * rows e (>= 0, inside the block) on diagonals k: the same integers.  The
 * products are 32 × 32 bits: d and |Δ| are below 2^31 (blocks of fewer than
 * 2^30 rows and columns, as pruning requires) and the penalties below 2^32
 * (scores are limited to JX_SCORING_LIMIT). */
__attribute__((target ("avx2"))) static G_ALWAYS_INLINE inline __m256i
_jx_prune_h4_avx2 (const JxPruneSide *c,
                   gboolean           reverse,
                   __m256i            e,
                   __m256i            k)
{
  const __m256i zero = _mm256_setzero_si256 ();
  __m256i delta = _mm256_sub_epi64 (_mm256_set1_epi64x (c->n_minus_m), k);
  __m256i minus_delta = _mm256_sub_epi64 (zero, delta);
  __m256i j = _mm256_sub_epi64 (e, k);
  const int *base_a = (const int *) (gconstpointer) (c->fa + c->ia);
  const int *base_b = (const int *) (gconstpointer) (c->fb + c->ib);
  __m256i fa, fb, d, abs_delta, more;

  if (!reverse)
    {
      fa = _mm256_cvtepu32_epi64 (_mm256_i64gather_epi32 (base_a, e, 4));
      fb = _mm256_cvtepu32_epi64 (_mm256_i64gather_epi32 (base_b, j, 4));
      fa = _mm256_sub_epi64 (_mm256_set1_epi64x (c->ca), fa);
      fb = _mm256_sub_epi64 (_mm256_set1_epi64x (c->cb), fb);
    }
  else
    {
      fa = _mm256_cvtepu32_epi64 (_mm256_i64gather_epi32 (base_a, _mm256_sub_epi64 (zero, e), 4));
      fb = _mm256_cvtepu32_epi64 (_mm256_i64gather_epi32 (base_b, _mm256_sub_epi64 (zero, j), 4));
      fa = _mm256_sub_epi64 (fa, _mm256_set1_epi64x (c->ca));
      fb = _mm256_sub_epi64 (fb, _mm256_set1_epi64x (c->cb));
    }
  /* d = max (0, max (fb, fa - Δ) - max (0, -Δ)) */
  fa = _mm256_sub_epi64 (fa, delta);
  d = _mm256_blendv_epi8 (fb, fa, _mm256_cmpgt_epi64 (fa, fb));
  more = _mm256_cmpgt_epi64 (minus_delta, zero);
  d = _mm256_sub_epi64 (d, _mm256_and_si256 (minus_delta, more));
  d = _mm256_and_si256 (d, _mm256_cmpgt_epi64 (d, zero));
  abs_delta = _mm256_blendv_epi8 (delta, minus_delta, more);
  return _mm256_add_epi64 (_mm256_mul_epu32 (d, _mm256_set1_epi64x (c->pen_m1)),
                           _mm256_mul_epu32 (abs_delta, _mm256_set1_epi64x (c->pen_o)));
}
#endif

G_END_DECLS
