/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-prune.c — see jx-align-prune-private.h. */
#include "config.h"

#include "jx-align-prune-private.h"

#if defined(__GNUC__) && defined(__x86_64__)
# define JX_PRUNE_AVX2 1
# include <immintrin.h>
#endif

/* A set of symbols, open addressing on symbol + 1 (0 = empty slot). */
typedef struct
{
  guint32  *slots;
  guint32   mask;
  gboolean  has_max;  /* G_MAXUINT32, which wraps to the empty key */
} SymbolSet;

static inline guint32
symbol_slot (guint32 key,
             guint32 mask)
{
  return (key * 0x9e3779b1u) & mask;
}

static void
symbol_set_init (SymbolSet     *set,
                 const guint32 *s,
                 gsize          len)
{
  gsize cap = 16, q;

  while (cap < 2 * len)
    cap *= 2;
  set->slots = g_new0 (guint32, cap);
  set->mask = (guint32) (cap - 1);
  set->has_max = FALSE;
  for (q = 0; q < len; q++)
    {
      guint32 key = s[q] + 1u, at;

      if (key == 0)
        {
          set->has_max = TRUE;
          continue;
        }
      for (at = symbol_slot (key, set->mask); set->slots[at] != 0 && set->slots[at] != key;
           at = (at + 1) & set->mask)
        ;
      set->slots[at] = key;
    }
}

static gboolean
symbol_set_has (const SymbolSet *set,
                guint32          symbol)
{
  guint32 key = symbol + 1u, at;

  if (key == 0)
    return set->has_max;
  for (at = symbol_slot (key, set->mask); set->slots[at] != 0; at = (at + 1) & set->mask)
    if (set->slots[at] == key)
      return TRUE;
  return FALSE;
}

guint32 *
_jx_align_foreign_counts (const guint32 *s,
                          gsize          n,
                          const guint32 *other,
                          gsize          m)
{
  guint32 *counts = g_new (guint32, n + 1);
  SymbolSet set;
  gsize q;

  symbol_set_init (&set, other, m);
  counts[0] = 0;
  for (q = 0; q < n; q++)
    counts[q + 1] = counts[q] + !symbol_set_has (&set, s[q]);
  g_free (set.slots);
  return counts;
}

void
_jx_prune_side_init (JxPruneSide   *c,
                     const guint32 *fa,
                     const guint32 *fb,
                     gint64         pa,
                     gint64         pb,
                     gint64         n,
                     gint64         m,
                     gboolean       reverse,
                     gint64         pen_m1,
                     gint64         pen_o)
{
  c->fa = fa;
  c->fb = fb;
  c->n_minus_m = n - m;
  c->pen_m1 = pen_m1;
  c->pen_o = pen_o;
  if (!reverse)
    {
      /* FA(i) = fa[pa + n] - fa[pa + i] */
      c->ia = pa;
      c->ib = pb;
      c->dir = 1;
      c->ca = fa[pa + n];
      c->cb = fb[pb + m];
      c->sign = -1;
    }
  else
    {
      /* FA(i) = fa[pa + n - i] - fa[pa] */
      c->ia = pa + n;
      c->ib = pb + m;
      c->dir = -1;
      c->ca = fa[pa];
      c->cb = fb[pb];
      c->sign = 1;
    }
}

static void
prune_cells_scalar (const JxPruneSide *c,
                    gint64            *o,
                    gint64             lo,
                    gint64             width,
                    gint64             limit,
                    gint64            *first,
                    gint64            *last)
{
  gint64 t;

  *first = *last = -1;
  for (t = 0; t < width; t++)
    {
      if (o[t] < 0)
        continue;
      if (_jx_prune_h (c, o[t], lo + t) > limit)
        {
          o[t] = JX_WF_NULL;
          continue;
        }
      if (*first < 0)
        *first = t;
      *last = t;
    }
}

#ifdef JX_PRUNE_AVX2
static inline __m256i __attribute__((target ("avx2")))
max0_epi64 (__m256i x)
{
  return _mm256_and_si256 (x, _mm256_cmpgt_epi64 (x, _mm256_setzero_si256 ()));
}

/* Gathers table[index] for the lanes of valid (64-bit lanes), zero elsewhere. */
static inline __m256i __attribute__((target ("avx2")))
gather_counts (const guint32 *table,
               __m256i        index,
               __m256i        valid)
{
  __m128i mask = _mm256_castsi256_si128 (_mm256_permutevar8x32_epi32 (valid, _mm256_set_epi32 (7, 5, 3, 1, 6, 4, 2, 0)));

  return _mm256_cvtepu32_epi64 (_mm256_mask_i64gather_epi32 (_mm_setzero_si128 (), (const int *) (gconstpointer) table,
                                                              index, mask, 4));
}

__attribute__((target ("avx2"))) static void
prune_cells_avx2 (const JxPruneSide *c,
                  gint64            *o,
                  gint64             lo,
                  gint64             width,
                  gint64             limit,
                  gint64            *first,
                  gint64            *last)
{
  const __m256i minus_one = _mm256_set1_epi64x (-1);
  const __m256i four = _mm256_set1_epi64x (4);
  const __m256i null = _mm256_set1_epi64x (JX_WF_NULL);
  const __m256i vlimit = _mm256_set1_epi64x (limit);
  const __m256i pen_m1 = _mm256_set1_epi64x (c->pen_m1);
  const __m256i pen_o = _mm256_set1_epi64x (c->pen_o);
  const __m256i vca = _mm256_set1_epi64x (c->ca);
  const __m256i vcb = _mm256_set1_epi64x (c->cb);
  const __m256i via = _mm256_set1_epi64x (c->ia);
  const __m256i vib = _mm256_set1_epi64x (c->ib);
  const __m256i vnm = _mm256_set1_epi64x (c->n_minus_m);
  /* delta = (n - m) - k of the four diagonals lo + t .. lo + t + 3 */
  __m256i delta = _mm256_sub_epi64 (_mm256_set1_epi64x (c->n_minus_m - lo), _mm256_set_epi64x (3, 2, 1, 0));
  gint64 t;

  *first = *last = -1;
  for (t = 0; t + 4 <= width; t += 4, delta = _mm256_sub_epi64 (delta, four))
    {
      __m256i v = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (o + t));
      __m256i valid = _mm256_cmpgt_epi64 (v, minus_one);
      __m256i j, ga, gb, fa, fb, d, neg, absd, h, kept;
      guint keep;

      if (_mm256_testz_si256 (valid, valid))
        continue;
      /* j = i - k = i + delta - (n - m) */
      j = _mm256_sub_epi64 (_mm256_add_epi64 (v, delta), vnm);
      if (c->dir > 0)
        {
          ga = gather_counts (c->fa, _mm256_add_epi64 (via, v), valid);
          gb = gather_counts (c->fb, _mm256_add_epi64 (vib, j), valid);
          fa = _mm256_sub_epi64 (vca, ga);
          fb = _mm256_sub_epi64 (vcb, gb);
        }
      else
        {
          ga = gather_counts (c->fa, _mm256_sub_epi64 (via, v), valid);
          gb = gather_counts (c->fb, _mm256_sub_epi64 (vib, j), valid);
          fa = _mm256_sub_epi64 (ga, vca);
          fb = _mm256_sub_epi64 (gb, vcb);
        }
      neg = _mm256_sub_epi64 (_mm256_setzero_si256 (), delta);
      d = _mm256_sub_epi64 (fa, delta);
      d = _mm256_blendv_epi8 (fb, d, _mm256_cmpgt_epi64 (d, fb));
      d = max0_epi64 (_mm256_sub_epi64 (d, max0_epi64 (neg)));
      absd = _mm256_blendv_epi8 (delta, neg, _mm256_cmpgt_epi64 (neg, delta));
      /* Counts, lengths and penalties are far below 2^31: 32-bit products. */
      h = _mm256_add_epi64 (_mm256_mul_epi32 (pen_m1, d), _mm256_mul_epi32 (pen_o, absd));
      kept = _mm256_andnot_si256 (_mm256_cmpgt_epi64 (h, vlimit), valid);
      _mm256_storeu_si256 ((__m256i *) (gpointer) (o + t), _mm256_blendv_epi8 (null, v, kept));
      keep = (guint) _mm256_movemask_pd (_mm256_castsi256_pd (kept));
      if (keep != 0)
        {
          if (*first < 0)
            *first = t + __builtin_ctz (keep);
          *last = t + 31 - __builtin_clz (keep);
        }
    }
  if (t < width)
    {
      gint64 f, l;

      prune_cells_scalar (c, o + t, lo + t, width - t, limit, &f, &l);
      if (f >= 0)
        {
          if (*first < 0)
            *first = t + f;
          *last = t + l;
        }
    }
}
#endif

void
_jx_prune_cells (const JxPruneSide *c,
                 gboolean           avx2,
                 gint64            *o,
                 gint64             lo,
                 gint64             width,
                 gint64             limit,
                 gint64            *first,
                 gint64            *last)
{
#ifdef JX_PRUNE_AVX2
  if (avx2)
    {
      prune_cells_avx2 (c, o, lo, width, limit, first, last);
      return;
    }
#endif
  prune_cells_scalar (c, o, lo, width, limit, first, last);
}
