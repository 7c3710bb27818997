/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-nw.c — Needleman–Wunsch with a full traceback matrix.
 *
 * Scores are kept in two rolling rows; only the traceback (which moves reach
 * the optimum, one byte per cell) is quadratic.  Walking back from the end,
 * a gap in B (ONLY_A) is preferred over a gap in A (ONLY_B), which is preferred
 * over the diagonal: among optimal alignments this places gaps as late and
 * pairs symbols as early as possible. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-align-algorithms-private.h"

#if defined(__GNUC__) && defined(__x86_64__)
# define JX_NW_AVX2 1
# include <immintrin.h>
#endif

#define NW_STACK_CELLS 4096
#define NW_STACK_WIDTH 128

enum
{
  MOVE_DIAG   = 1 << 0,
  MOVE_ONLY_A = 1 << 1,   /* from (i-1, j): a[i-1] against a gap */
  MOVE_ONLY_B = 1 << 2,   /* from (i, j-1): b[j-1] against a gap */
};

/* Fills the move matrix row by row with 64-bit scores; prev holds two rows
 * of m + 1. */
static gboolean
nw_fill_scalar (JxAlignCtx    *ctx,
                const guint32 *a,
                gsize          n,
                const guint32 *b,
                gsize          m,
                guint8        *moves,
                gint64        *prev)
{
  const gint64 match = ctx->options.scoring.match;
  const gint64 mismatch = ctx->options.scoring.mismatch;
  const gint64 gap = ctx->options.scoring.gap;
  gsize width = m + 1;
  gint64 *cur = prev + width;
  gsize i, j;

  prev[0] = 0;
  moves[0] = 0;
  for (j = 1; j <= m; j++)
    {
      prev[j] = prev[j - 1] + gap;
      moves[j] = MOVE_ONLY_B;
    }

  for (i = 1; i <= n; i++)
    {
      guint8 *row = moves + i * width;
      gint64 *swap;

      if ((i & 255) == 0 && _jx_align_ctx_cancelled (ctx))
        return FALSE;

      cur[0] = prev[0] + gap;
      row[0] = MOVE_ONLY_A;
      for (j = 1; j <= m; j++)
        {
          gint64 d = prev[j - 1] + (a[i - 1] == b[j - 1] ? match : mismatch);
          gint64 u = prev[j] + gap;
          gint64 l = cur[j - 1] + gap;
          gint64 best = MAX (d, MAX (u, l));
          guint8 mv = 0;

          if (d == best)
            mv |= MOVE_DIAG;
          if (u == best)
            mv |= MOVE_ONLY_A;
          if (l == best)
            mv |= MOVE_ONLY_B;
          cur[j] = best;
          row[j] = mv;
        }
      swap = prev;
      prev = cur;
      cur = swap;
    }
  return TRUE;
}

#ifdef JX_NW_AVX2
/* The same matrix with 32-bit scores, eight cells at once (used when every
 * score of the matrix fits 32 bits, see nw_fits_32).  Within a row only the
 * left neighbour is sequential: the diagonal and upper candidates are
 * computed eight at a time, cur[j] = max (t[j], cur[j-1] + gap) as a
 * prefix maximum, then the move bits (which candidates reach the best) are
 * computed eight at a time again.  Same integers, same bits as
 * nw_fill_scalar.  prev holds two rows of m + 1. */
__attribute__((target ("avx2"))) static gboolean
nw_fill_avx2 (JxAlignCtx    *ctx,
              const guint32 *a,
              gsize          n,
              const guint32 *b,
              gsize          m,
              guint8        *moves,
              gint32        *prev)
{
  const gint32 match = ctx->options.scoring.match;
  const gint32 mismatch = ctx->options.scoring.mismatch;
  const gint32 gap = ctx->options.scoring.gap;
  const __m256i vmatch = _mm256_set1_epi32 (match);
  const __m256i vmismatch = _mm256_set1_epi32 (mismatch);
  const __m256i vgap = _mm256_set1_epi32 (gap);
  const __m256i bit_diag = _mm256_set1_epi32 (MOVE_DIAG);
  const __m256i bit_a = _mm256_set1_epi32 (MOVE_ONLY_A);
  const __m256i bit_b = _mm256_set1_epi32 (MOVE_ONLY_B);
  const __m256i gap8 = _mm256_set1_epi32 (8 * gap);
  const __m256i low = _mm256_set1_epi32 (G_MININT32 / 2);
  const __m256i shift1 = _mm256_setr_epi32 (0, 0, 1, 2, 3, 4, 5, 6);
  const __m256i shift2 = _mm256_setr_epi32 (0, 0, 0, 1, 2, 3, 4, 5);
  const __m256i shift4 = _mm256_setr_epi32 (0, 0, 0, 0, 0, 1, 2, 3);
  const __m256i last = _mm256_set1_epi32 (7);
  gsize width = m + 1;
  gint32 *cur = prev + width;
  gsize i, j;

  prev[0] = 0;
  moves[0] = 0;
  for (j = 1; j <= m; j++)
    {
      prev[j] = prev[j - 1] + gap;
      moves[j] = MOVE_ONLY_B;
    }

  for (i = 1; i <= n; i++)
    {
      guint8 *row = moves + i * width;
      const gint32 ai = (gint32) a[i - 1];
      const __m256i va = _mm256_set1_epi32 (ai);
      gint32 *swap;

      if ((i & 255) == 0 && _jx_align_ctx_cancelled (ctx))
        return FALSE;

      cur[0] = prev[0] + gap;
      row[0] = MOVE_ONLY_A;

      /* cur[j] = max (t[j], cur[j-1] + gap) with t[j] = max (d, u).  With
       * w[j] = t[j] - gap j this is the running maximum of w (plus gap j):
       * a prefix maximum over eight lanes, then the carry of the block
       * before. */
      {
        __m256i carry = _mm256_set1_epi32 (cur[0]);
        __m256i gj = _mm256_mullo_epi32 (_mm256_setr_epi32 (1, 2, 3, 4, 5, 6, 7, 8), vgap);

        for (j = 1; j + 8 <= width; j += 8)
          {
            __m256i eq = _mm256_cmpeq_epi32 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (b + j - 1)), va);
            __m256i d = _mm256_add_epi32 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (prev + j - 1)),
                                          _mm256_blendv_epi8 (vmismatch, vmatch, eq));
            __m256i u = _mm256_add_epi32 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (prev + j)), vgap);
            __m256i w = _mm256_sub_epi32 (_mm256_max_epi32 (d, u), gj);

            w = _mm256_max_epi32 (w, _mm256_blend_epi32 (_mm256_permutevar8x32_epi32 (w, shift1), low, 0x01));
            w = _mm256_max_epi32 (w, _mm256_blend_epi32 (_mm256_permutevar8x32_epi32 (w, shift2), low, 0x03));
            w = _mm256_max_epi32 (w, _mm256_blend_epi32 (_mm256_permutevar8x32_epi32 (w, shift4), low, 0x0f));
            w = _mm256_max_epi32 (w, carry);
            carry = _mm256_permutevar8x32_epi32 (w, last);
            _mm256_storeu_si256 ((__m256i *) (gpointer) (cur + j), _mm256_add_epi32 (w, gj));
            gj = _mm256_add_epi32 (gj, gap8);
          }
        for (; j <= m; j++)
          cur[j] = MAX (MAX (prev[j - 1] + ((gint32) b[j - 1] == ai ? match : mismatch), prev[j] + gap),
                        cur[j - 1] + gap);
      }

      /* Which candidates reach the best. */
      for (j = 1; j + 8 <= width; j += 8)
        {
          __m256i eq = _mm256_cmpeq_epi32 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (b + j - 1)), va);
          __m256i d = _mm256_add_epi32 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (prev + j - 1)),
                                        _mm256_blendv_epi8 (vmismatch, vmatch, eq));
          __m256i u = _mm256_add_epi32 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (prev + j)), vgap);
          __m256i l = _mm256_add_epi32 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (cur + j - 1)), vgap);
          __m256i best = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (cur + j));
          __m256i bits = _mm256_or_si256 (_mm256_and_si256 (_mm256_cmpeq_epi32 (d, best), bit_diag),
                                          _mm256_or_si256 (_mm256_and_si256 (_mm256_cmpeq_epi32 (u, best), bit_a),
                                                           _mm256_and_si256 (_mm256_cmpeq_epi32 (l, best), bit_b)));
          __m256i p16 = _mm256_packus_epi32 (bits, bits);
          __m256i p8 = _mm256_packus_epi16 (p16, p16);
          guint64 packed = (guint64) (guint32) _mm_cvtsi128_si32 (_mm256_castsi256_si128 (p8))
                         | (guint64) (guint32) _mm_cvtsi128_si32 (_mm256_extracti128_si256 (p8, 1)) << 32;

          memcpy (row + j, &packed, sizeof packed);
        }
      for (; j <= m; j++)
        {
          gint32 d = prev[j - 1] + ((gint32) b[j - 1] == ai ? match : mismatch);
          gint32 u = prev[j] + gap;
          gint32 l = cur[j - 1] + gap;
          gint32 best = cur[j];

          row[j] = (guint8) ((d == best ? MOVE_DIAG : 0) | (u == best ? MOVE_ONLY_A : 0) |
                             (l == best ? MOVE_ONLY_B : 0));
        }
      swap = prev;
      prev = cur;
      cur = swap;
    }
  return TRUE;
}

/* The same alignment with 16-bit scores, sixteen cells at once, for the
 * small blocks that are most of the matrices (the wavefront's base blocks
 * of up to 64 × 64, the middles of short children sequences): used when
 * every score and every intermediate value fits well inside 16 bits (see
 * nw_fits_16).  One pass per row computes the candidates and the prefix
 * maximum of nw_fill_avx2 over sixteen lanes.  It keeps the whole matrix
 * of scores instead of the move bits: the traceback recomputes a cell's
 * moves from its neighbours' scores (nw_move_from_scores), the same bits
 * for the few cells on the path, and the fill saves their computation on
 * every cell.  Row i lives at scores + i · stride: its column 0, then
 * whole vectors, block k = columns 16 k + 1 .. 16 k + 16; a row is read
 * back only as the vectors that were stored, the diagonal neighbours (one
 * lane lower) shifted in registers, not loaded from one lane before, which
 * would straddle two recent stores and stall their forwarding.  Lanes past
 * m compute garbage that no valid lane reads (the prefix maximum and the
 * shift only run upwards); b is read from a copy padded to whole blocks.
 * Same integers as nw_fill_scalar. */

/* v shifted up by k lanes of 16 bits, the k lanes below taken from the
 * top of `below`: [below[16 - k .. 15], v[0 .. 15 - k]]. */
#define NW_SHIFT16(v, below, k) \
  ((k) == 8 ? _mm256_permute2x128_si256 ((v), (below), 0x03) \
            : _mm256_alignr_epi8 ((v), _mm256_permute2x128_si256 ((v), (below), 0x03), 16 - 2 * (k)))

#define NW_STACK_BLOCKS 16

/* Row stride of the 16-bit kernel's score matrix. */
static inline gsize
nw_stride16 (gsize m)
{
  return 16 * ((m + 15) / 16) + 1;
}

__attribute__((target ("avx2"))) static gboolean
nw_fill_avx2_16 (JxAlignCtx    *ctx,
                 const guint32 *a,
                 gsize          n,
                 const guint32 *b,
                 gsize          m,
                 gint16        *scores)
{
  const gint16 match = (gint16) ctx->options.scoring.match;
  const gint16 mismatch = (gint16) ctx->options.scoring.mismatch;
  const gint16 gap = (gint16) ctx->options.scoring.gap;
  const __m256i vmatch = _mm256_set1_epi16 (match);
  const __m256i vmismatch = _mm256_set1_epi16 (mismatch);
  const __m256i vgap = _mm256_set1_epi16 (gap);
  const __m256i gap16 = _mm256_set1_epi16 ((gint16) (16 * gap));
  const __m256i low = _mm256_set1_epi16 (G_MININT16 / 2);
  const __m256i last = _mm256_set1_epi16 (0x0f0e);
  const __m256i gj0 = _mm256_mullo_epi16 (_mm256_setr_epi16 (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16),
                                          vgap);
  gsize blocks = (m + 15) / 16;
  gsize stride = nw_stride16 (m);
  guint32 bpad_stack[16 * NW_STACK_BLOCKS];
  g_autofree guint32 *bpad_heap = NULL;
  guint32 *bpad;
  gint16 col0 = 0;
  gsize i, j, k;

  bpad = blocks <= NW_STACK_BLOCKS ? bpad_stack : (bpad_heap = g_new (guint32, 16 * blocks));

  /* b, padded with copies of its last symbol to whole blocks. */
  memcpy (bpad, b, m * sizeof *b);
  for (j = m; j < 16 * blocks; j++)
    bpad[j] = m > 0 ? b[m - 1] : 0;

  /* Row 0: gaps only. */
  scores[0] = 0;
  for (k = 0; k < blocks; k++)
    _mm256_storeu_si256 ((__m256i *) (gpointer) (scores + 1 + 16 * k),
                         _mm256_add_epi16 (gj0, _mm256_set1_epi16 ((gint16) (16 * k * gap))));

  for (i = 1; i <= n; i++)
    {
      const gint16 *prev = scores + (i - 1) * stride + 1;
      gint16 *cur = scores + i * stride + 1;
      const __m256i va = _mm256_set1_epi32 ((gint32) a[i - 1]);
      __m256i carry, below, gj = gj0;

      if ((i & 255) == 0 && _jx_align_ctx_cancelled (ctx))
        return FALSE;

      below = _mm256_set1_epi16 (col0);
      col0 = (gint16) (col0 + gap);
      cur[-1] = col0;
      carry = _mm256_set1_epi16 (col0);
      for (k = 0, j = 1; k < blocks; k++, j += 16)
        {
          __m256i e0 = _mm256_cmpeq_epi32 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (bpad + j - 1)), va);
          __m256i e1 = _mm256_cmpeq_epi32 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (bpad + j + 7)), va);
          __m256i eq = _mm256_permute4x64_epi64 (_mm256_packs_epi32 (e0, e1), 0xd8);
          __m256i up = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (prev + 16 * k));
          __m256i d = _mm256_add_epi16 (NW_SHIFT16 (up, below, 1), _mm256_blendv_epi8 (vmismatch, vmatch, eq));
          __m256i u = _mm256_add_epi16 (up, vgap);
          __m256i w = _mm256_sub_epi16 (_mm256_max_epi16 (d, u), gj);

          below = up;
          /* The prefix maximum: within each 128-bit half first (shifts
           * that stay in their half, one instruction each), then the lower
           * half's last lane into the upper half (one permute instead of
           * one before every shift across the halves). */
          w = _mm256_max_epi16 (w, _mm256_alignr_epi8 (w, low, 14));
          w = _mm256_max_epi16 (w, _mm256_alignr_epi8 (w, low, 12));
          w = _mm256_max_epi16 (w, _mm256_alignr_epi8 (w, low, 8));
          w = _mm256_max_epi16 (w, _mm256_permute2x128_si256 (_mm256_shuffle_epi8 (w, last), low, 0x02));
          w = _mm256_max_epi16 (w, carry);
          carry = _mm256_shuffle_epi8 (_mm256_permute2x128_si256 (w, w, 0x11), last);
          _mm256_storeu_si256 ((__m256i *) (gpointer) (cur + 16 * k), _mm256_add_epi16 (w, gj));
          gj = _mm256_add_epi16 (gj, gap16);
        }
    }
  return TRUE;
}
#undef NW_SHIFT16
#endif

#ifdef JX_NW_AVX2
/* The largest score of the scoring in magnitude. */
static guint64
nw_largest_score (const JxScoring *sc)
{
  return MAX ((guint64) ABS ((gint64) sc->match),
              MAX ((guint64) ABS ((gint64) sc->mismatch), (guint64) ABS ((gint64) sc->gap)));
}

/* Every cell's score lies within (n + m) times the largest score in
 * magnitude; well inside 32 bits, the 32-bit kernel computes the same. */
static gboolean
nw_fits_32 (const JxScoring *sc,
            gsize            n,
            gsize            m)
{
  return (guint64) (n + m + 2) * (nw_largest_score (sc) + 1) < (G_GUINT64_CONSTANT (1) << 30);
}

/* The same bound for the 16-bit kernel, with room for its intermediate
 * values (a score minus gap·j, twice a score's range) and its sentinel
 * (G_MININT16 / 2) below all of them; small blocks under the usual
 * scorings. */
static gboolean
nw_fits_16 (const JxScoring *sc,
            gsize            n,
            gsize            m)
{
  return n <= 4096 && m <= 4096 && (guint64) (n + m + 2) * (nw_largest_score (sc) + 1) < (G_GUINT64_CONSTANT (1) << 12);
}
#endif

/* The move bits the fill would have stored for cell (i, j) (not both 0),
 * from the scores of nw_fill_avx2_16: which of the upper and the left
 * neighbour reach the cell's score (the traceback takes the diagonal only
 * when neither does). */
static inline guint8
nw_move_from_scores (const gint16 *scores,
                     gsize         stride,
                     gsize         i,
                     gsize         j,
                     gint32        gap)
{
  gint32 c;

  if (j == 0)
    return MOVE_ONLY_A;
  if (i == 0)
    return MOVE_ONLY_B;
  c = scores[i * stride + j];
  if (scores[(i - 1) * stride + j] + gap == c)
    return MOVE_ONLY_A;
  if (scores[i * stride + j - 1] + gap == c)
    return MOVE_ONLY_B;
  return MOVE_DIAG;
}

#define NW_STACK_SCORES 6144

gboolean
_jx_align_nw (JxAlignCtx  *ctx,
              gsize        a0,
              gsize        n,
              gsize        b0,
              gsize        m,
              GError     **error)
{
  const guint32 *a = ctx->a + a0;
  const guint32 *b = ctx->b + b0;
#ifdef JX_NW_AVX2
  gboolean avx2 = _jx_align_use_avx2 () && nw_fits_32 (&ctx->options.scoring, n, m);
  gboolean avx2_16 = avx2 && nw_fits_16 (&ctx->options.scoring, n, m);
#endif
  g_autofree guint8 *moves_heap = NULL;
  g_autofree gint64 *rows_heap = NULL;
  g_autofree gint16 *scores_heap = NULL;
  /* Most calls are small middles of children sequences: no allocation. */
  union
  {
    guint8 moves[NW_STACK_CELLS];
    gint16 scores[NW_STACK_SCORES];
  } stack;
  gint64 rows_stack[2 * NW_STACK_WIDTH];
  guint8 *moves = NULL;
  gint16 *scores = NULL;
  gsize stride = 0;
  gint64 *prev;
  gsize width = m + 1;
  gsize cells;
  gsize i, j;
  gsize start;

  /* Beyond 2^32 cells the matrix would not fit any machine this runs on;
   * refuse instead of letting the allocation overcommit. */
  if ((guint64) (n + 1) * width > G_GUINT64_CONSTANT (1) << 32)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("Sequences of %zu and %zu symbols are too long for Needleman–Wunsch; "
                     "choose another algorithm"),
                   n, m);
      return FALSE;
    }
  cells = (n + 1) * width;
#ifdef JX_NW_AVX2
  if (avx2_16)
    {
      stride = nw_stride16 (m);
      if ((n + 1) * stride <= NW_STACK_SCORES)
        scores = stack.scores;
      else
        scores = scores_heap = g_try_new (gint16, (n + 1) * stride);
    }
  else
#endif
  if (cells <= NW_STACK_CELLS)
    moves = stack.moves;
  else
    moves = moves_heap = g_try_malloc (cells);
  if (moves == NULL && scores == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("Not enough memory for the Needleman–Wunsch matrix of %zu × %zu symbols; "
                     "choose another algorithm"),
                   n, m);
      return FALSE;
    }
  if (width <= NW_STACK_WIDTH)
    prev = rows_stack;
#ifdef JX_NW_AVX2
  else if (avx2_16)
    prev = NULL;          /* the 16-bit kernel keeps its rows in the matrix */
#endif
  else
    prev = rows_heap = g_new (gint64, 2 * width);

#ifdef JX_NW_AVX2
  if (avx2_16)
    {
      if (!nw_fill_avx2_16 (ctx, a, n, b, m, scores))
        return FALSE;
    }
  else if (avx2)
    {
      if (!nw_fill_avx2 (ctx, a, n, b, m, moves, (gint32 *) (gpointer) prev))
        return FALSE;
    }
  else
#endif
  if (!nw_fill_scalar (ctx, a, n, b, m, moves, prev))
    return FALSE;
  ctx->stats->cells += (guint64) n * m;

  /* Walk back, writing the pairs from the end of room for the longest
   * path (n + m pairs) down, then move them to the front. */
  start = ctx->pairs->len;
  g_array_set_size (ctx->pairs, start + n + m);
  {
    const guint32 *sa = ctx->a, *sb = ctx->b;
    JxAlignPair *base = &g_array_index (ctx->pairs, JxAlignPair, start);
    JxAlignPair *p = base + n + m;

    i = n;
    j = m;
    while (i > 0 || j > 0)
      {
        guint8 mv = scores != NULL ? nw_move_from_scores (scores, stride, i, j, ctx->options.scoring.gap)
                                   : moves[i * width + j];

        p--;
        if (mv & MOVE_ONLY_A)
          {
            p->a = (guint32) (a0 + i - 1);
            p->b = JX_ALIGN_NONE;
            p->state = JX_PAIR_ONLY_A;
            i--;
          }
        else if (mv & MOVE_ONLY_B)
          {
            p->a = JX_ALIGN_NONE;
            p->b = (guint32) (b0 + j - 1);
            p->state = JX_PAIR_ONLY_B;
            j--;
          }
        else
          {
            p->a = (guint32) (a0 + i - 1);
            p->b = (guint32) (b0 + j - 1);
            p->state = sa[a0 + i - 1] == sb[b0 + j - 1] ? JX_PAIR_EQUAL : JX_PAIR_DIFFERENT;
            i--;
            j--;
          }
      }
    if (p != base)
      memmove (base, p, (gsize) (base + n + m - p) * sizeof *p);
    g_array_set_size (ctx->pairs, start + (guint) (base + n + m - p));
  }

  return TRUE;
}
