/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-hirschberg.c — Hirschberg's linear-space divide and conquer.
 *
 * Rows of A are halved; the cost rows of the top half (forward) and of the
 * bottom half (backward, on reversed sequences) meet at the middle row and the
 * column with the lowest sum (the leftmost on ties) is a point of an optimal
 * path.  Costs are minimised: with a gap-linear penalty (match 0) when the
 * scoring converts to one, else the negated scores.
 *
 * The penalty rows use a vectorised kernel over anti-diagonals that keeps only
 * the differences between neighbouring cells (Suzuki and Kasahara's difference
 * recurrence): they are bounded by the gap penalty, so 8- or 16-bit lanes
 * suffice and a 32-byte vector updates 32 or 16 cells at once. */
#include "config.h"

#include <string.h>

#include "jx-align-algorithms-private.h"

#define KERNEL_LANES_MAX 32
#define KERNEL_MIN_SIDE  32
/* Below this many cells a second thread costs more than it saves. */
#define PARALLEL_MIN_CELLS (4u << 20)

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__)
# define JX_KERNEL_CLONES __attribute__((target_clones ("avx2", "default")))
#else
# define JX_KERNEL_CLONES
#endif

typedef gint8   JxV8  __attribute__((vector_size (32)));
typedef gint16  JxV16 __attribute__((vector_size (32)));

typedef struct
{
  JxAlignCtx *ctx;
  gboolean    simd;        /* penalty kernel over compact codes usable */
  gint64      cost_match;
  gint64      cost_mismatch;
  gint64      cost_gap;
  gint64     *fwd;         /* m + 1 */
  gint64     *bwd;
  gpointer    rows_buf;    /* reversed codes of A, padded */
  gpointer    cols_buf;    /* reversed codes of B, padded */
  gpointer    diff;        /* 4 difference vectors of stride lanes (forward) */
  gpointer    diff_bwd;    /* the same for the backward rows */
  gsize       stride;
  guint       n_threads;
} Hirschberg;

/* out[j] = cost of aligning the first nr code rows with the first j columns,
 * where cols_rev holds the columns reversed.  Each cell stores h (difference to
 * its left neighbour) and v (to its upper neighbour); z is the difference to
 * the diagonal predecessor:
 *   z = min (sub, h(i-1,j) + gap, v(i,j-1) + gap), h = z - v(i,j-1), v = z - h(i-1,j). */
#define DEFINE_LAST_ROW_KERNEL(NAME, LANE, CODE, VEC, LANES)                   \
JX_KERNEL_CLONES static gboolean                                               \
NAME (const CODE   *rows,                                                      \
      gsize         nr,                                                        \
      const CODE   *cols_rev,                                                  \
      gsize         nc,                                                        \
      gint          pen_x,                                                     \
      gint          pen_o,                                                     \
      LANE         *h_prev,                                                    \
      LANE         *v_prev,                                                    \
      LANE         *h_cur,                                                     \
      LANE         *v_cur,                                                     \
      gint64       *out,                                                       \
      JxAlignCtx   *ctx)                                                       \
{                                                                              \
  VEC vx, vo;                                                                  \
  gsize d;                                                                     \
  int l;                                                                       \
                                                                               \
  for (l = 0; l < LANES; l++)                                                  \
    {                                                                          \
      vx[l] = (LANE) MIN (pen_x, 2 * pen_o);                                   \
      vo[l] = (LANE) pen_o;                                                    \
    }                                                                          \
  out[0] = (gint64) nr * pen_o;                                                \
  for (d = 2; d <= nr + nc; d++)                                               \
    {                                                                          \
      gsize ilo = d > nc ? d - nc : 1;                                         \
      gsize ihi = MIN (nr, d - 1);                                             \
      gsize i;                                                                 \
      LANE *swap;                                                              \
                                                                               \
      if ((d & 1023) == 0 && _jx_align_ctx_cancelled (ctx))                    \
        return FALSE;                                                          \
      h_prev[0] = (LANE) pen_o;                                                \
      if (d - 1 <= nr)                                                         \
        v_prev[d - 1] = (LANE) pen_o;                                          \
      for (i = ilo; i <= ihi; i += LANES)                                      \
        {                                                                      \
          VEC hu, vl, ca, cc, eq, sub, t, z, mk;                               \
                                                                               \
          memcpy (&hu, h_prev + i - 1, sizeof hu);                             \
          memcpy (&vl, v_prev + i, sizeof vl);                                 \
          memcpy (&ca, rows + i - 1, sizeof ca);                               \
          memcpy (&cc, cols_rev + (nc + i - d), sizeof cc);                    \
          eq = (VEC) (ca == cc);                                               \
          sub = vx & ~eq;                                                      \
          mk = (VEC) (hu < vl);                                                \
          t = ((hu & mk) | (vl & ~mk)) + vo;                                   \
          mk = (VEC) (sub < t);                                                \
          z = (sub & mk) | (t & ~mk);                                          \
          t = z - vl;                                                          \
          memcpy (h_cur + i, &t, sizeof t);                                    \
          t = z - hu;                                                          \
          memcpy (v_cur + i, &t, sizeof t);                                    \
        }                                                                      \
      if (ihi == nr && d > nr)                                                 \
        out[d - nr] = out[d - nr - 1] + h_cur[nr];                             \
      swap = h_prev; h_prev = h_cur; h_cur = swap;                             \
      swap = v_prev; v_prev = v_cur; v_cur = swap;                             \
    }                                                                          \
  return TRUE;                                                                 \
}

DEFINE_LAST_ROW_KERNEL (last_row_8, gint8, guint8, JxV8, 32)
DEFINE_LAST_ROW_KERNEL (last_row_16, gint16, guint16, JxV16, 16)

/* Scalar rows for any costs: rows and cols read reversed when asked. */
static gboolean
last_row_scalar (Hirschberg    *hb,
                 const guint32 *rows,
                 gsize          nr,
                 gboolean       rows_reversed,
                 const guint32 *cols,
                 gsize          nc,
                 gboolean       cols_reversed,
                 gint64        *out)
{
  gsize i, j;

  out[0] = 0;
  for (j = 1; j <= nc; j++)
    out[j] = out[j - 1] + hb->cost_gap;

  for (i = 1; i <= nr; i++)
    {
      guint32 r = rows_reversed ? rows[nr - i] : rows[i - 1];
      gint64 diag = out[0];

      if ((i & 255) == 0 && _jx_align_ctx_cancelled (hb->ctx))
        return FALSE;
      out[0] += hb->cost_gap;
      for (j = 1; j <= nc; j++)
        {
          guint32 c = cols_reversed ? cols[nc - j] : cols[j - 1];
          gint64 up = out[j];
          gint64 best = diag + (r == c ? hb->cost_match : hb->cost_mismatch);

          best = MIN (best, up + hb->cost_gap);
          best = MIN (best, out[j - 1] + hb->cost_gap);
          out[j] = best;
          diag = up;
        }
    }
  return TRUE;
}

/* The vectorised kernel on the compact codes of the context's width: rows in
 * order, columns reversed, with its own set of difference vectors. */
static gboolean
kernel_row (Hirschberg    *hb,
            gconstpointer  rows,
            gsize          nr,
            gconstpointer  cols_rev,
            gsize          nc,
            gpointer       diff,
            gint64        *out)
{
  JxAlignCtx *ctx = hb->ctx;
  gsize stride = hb->stride;

  if (ctx->code_width == 1)
    {
      gint8 *d = diff;

      return last_row_8 (rows, nr, cols_rev, nc, ctx->pen_x, ctx->pen_o,
                         d, d + stride, d + 2 * stride, d + 3 * stride, out, ctx);
    }
  else
    {
      gint16 *d = diff;

      return last_row_16 (rows, nr, cols_rev, nc, ctx->pen_x, ctx->pen_o,
                          d, d + stride, d + 2 * stride, d + 3 * stride, out, ctx);
    }
}

/* n codes from position `from` of codes, in reverse order into dst. */
static gconstpointer
reversed_codes (JxAlignCtx    *ctx,
                gconstpointer  codes,
                gsize          from,
                gsize          n,
                gpointer       dst)
{
  gsize w = ctx->code_width;
  const guint8 *src = (const guint8 *) codes + from * w;

  /* Linear in n, beside the n · m kernel that follows. */
  for (gsize i = 0; i < n; i++)
    memcpy ((guint8 *) dst + i * w, src + (n - 1 - i) * w, w);
  return dst;
}

/* Codes from position `from` on, in order. */
static gconstpointer
codes_at (JxAlignCtx    *ctx,
          gconstpointer  codes,
          gsize          from)
{
  return (const guint8 *) codes + from * ctx->code_width;
}

/* Forward: cost rows of A[a0, a0+nr) against every prefix of B[b0, b0+nc). */
static gboolean
forward_row (Hirschberg *hb,
             gsize       a0,
             gsize       nr,
             gsize       b0,
             gsize       nc,
             gint64     *out)
{
  JxAlignCtx *ctx = hb->ctx;

  if (hb->simd && nr >= KERNEL_MIN_SIDE && nc >= KERNEL_MIN_SIDE)
    return kernel_row (hb, codes_at (ctx, ctx->codes_a, a0), nr,
                       reversed_codes (ctx, ctx->codes_b, b0, nc, hb->cols_buf), nc, hb->diff, out);
  return last_row_scalar (hb, ctx->a + a0, nr, FALSE, ctx->b + b0, nc, FALSE, out);
}

/* Backward: out[t] = cost of A[a0, a0+nr) against the last t symbols of
 * B[b0, b0+nc), computed forward on both sequences reversed. */
static gboolean
backward_row (Hirschberg *hb,
              gsize       a0,
              gsize       nr,
              gsize       b0,
              gsize       nc,
              gint64     *out)
{
  JxAlignCtx *ctx = hb->ctx;

  /* The kernel wants the columns reversed: reversed B reversed is B. */
  if (hb->simd && nr >= KERNEL_MIN_SIDE && nc >= KERNEL_MIN_SIDE)
    return kernel_row (hb, reversed_codes (ctx, ctx->codes_a, a0, nr, hb->rows_buf), nr,
                       codes_at (ctx, ctx->codes_b, b0), nc, hb->diff_bwd, out);
  return last_row_scalar (hb, ctx->a + a0, nr, TRUE, ctx->b + b0, nc, TRUE, out);
}

typedef struct
{
  Hirschberg *hb;
  gsize       a0;
  gsize       n;
  gsize       b0;
  gsize       m;
  gboolean    ok;
} BackwardJob;

static gpointer
backward_job_run (gpointer data)
{
  BackwardJob *job = data;

  job->ok = backward_row (job->hb, job->a0, job->n, job->b0, job->m, job->hb->bwd);
  return NULL;
}

static gboolean
hirschberg_rec (Hirschberg  *hb,
                gsize        a0,
                gsize        n,
                gsize        b0,
                gsize        m,
                GError     **error)
{
  JxAlignCtx *ctx = hb->ctx;
  gsize half, j, best_j;
  gint64 best;

  if (_jx_align_ctx_cancelled (ctx))
    return FALSE;

  if (n == 0 || m == 0)
    {
      _jx_align_emit_gaps (ctx, a0, n, b0, m);
      return TRUE;
    }
  if (n == 1 || (guint64) n * m <= ctx->base_cells)
    return _jx_align_nw (ctx, a0, n, b0, m, error);

  half = n / 2;
  if (hb->n_threads > 1 && (guint64) n * m >= PARALLEL_MIN_CELLS)
    {
      /* The two rows are independent: the backward one on a second thread. */
      BackwardJob job = { hb, a0 + half, n - half, b0, m, FALSE };
      GThread *thread = g_thread_new ("jx-hirschberg", backward_job_run, &job);
      gboolean ok = forward_row (hb, a0, half, b0, m, hb->fwd);

      g_thread_join (thread);
      if (!ok || !job.ok)
        return FALSE;
    }
  else if (!forward_row (hb, a0, half, b0, m, hb->fwd) ||
           !backward_row (hb, a0 + half, n - half, b0, m, hb->bwd))
    return FALSE;
  ctx->stats->cells += (guint64) n * m;

  best_j = 0;
  best = G_MAXINT64;
  for (j = 0; j <= m; j++)
    {
      gint64 c = hb->fwd[j] + hb->bwd[m - j];

      if (c < best)
        {
          best = c;
          best_j = j;
        }
    }

  return hirschberg_rec (hb, a0, half, b0, best_j, error) &&
         hirschberg_rec (hb, a0 + half, n - half, b0 + best_j, m - best_j, error);
}

/* Maps the symbols of both sequences to dense codes, once per call. */
static void
build_codes (JxAlignCtx *ctx)
{
  g_autoptr(GHashTable) map = NULL;
  gsize total = ctx->len_a + ctx->len_b;
  gsize pad = KERNEL_LANES_MAX;
  guint32 *tmp;
  gsize k;
  guint next = 0;

  ctx->codes_built = TRUE;
  ctx->code_width = 0;
  map = g_hash_table_new (g_direct_hash, g_direct_equal);
  tmp = g_new (guint32, total);
  for (k = 0; k < total; k++)
    {
      guint32 sym = k < ctx->len_a ? ctx->a[k] : ctx->b[k - ctx->len_a];
      gpointer found;

      /* Symbols are stored +1 so that symbol 0 is not a NULL value. */
      if (g_hash_table_lookup_extended (map, GUINT_TO_POINTER (sym), NULL, &found))
        tmp[k] = GPOINTER_TO_UINT (found) - 1;
      else
        {
          if (next >= G_MAXUINT16)
            {
              g_free (tmp);
              return;
            }
          g_hash_table_insert (map, GUINT_TO_POINTER (sym), GUINT_TO_POINTER (next + 1));
          tmp[k] = next++;
        }
    }

  ctx->code_width = next <= G_MAXUINT8 ? 1 : 2;
  ctx->codes_a = g_malloc0 ((ctx->len_a + pad) * ctx->code_width);
  ctx->codes_b = g_malloc0 ((ctx->len_b + pad) * ctx->code_width);
  for (k = 0; k < total; k++)
    {
      gboolean in_a = k < ctx->len_a;
      gsize at = in_a ? k : k - ctx->len_a;

      if (ctx->code_width == 1)
        ((guint8 *) (in_a ? ctx->codes_a : ctx->codes_b))[at] = (guint8) tmp[k];
      else
        ((guint16 *) (in_a ? ctx->codes_a : ctx->codes_b))[at] = (guint16) tmp[k];
    }
  g_free (tmp);
}

gboolean
_jx_align_hirschberg (JxAlignCtx  *ctx,
                      gsize        a0,
                      gsize        n,
                      gsize        b0,
                      gsize        m,
                      GError     **error)
{
  Hirschberg hb = { ctx, FALSE, 0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, 1 };
  gboolean ok;

  if (ctx->has_penalty)
    {
      hb.cost_match = 0;
      hb.cost_mismatch = ctx->pen_x;
      hb.cost_gap = ctx->pen_o;
    }
  else
    {
      hb.cost_match = -(gint64) ctx->options.scoring.match;
      hb.cost_mismatch = -(gint64) ctx->options.scoring.mismatch;
      hb.cost_gap = -(gint64) ctx->options.scoring.gap;
    }

  /* Differences stay within [-gap, 2 gap], which must fit the lanes. */
  if (ctx->has_penalty && n >= KERNEL_MIN_SIDE && m >= KERNEL_MIN_SIDE &&
      (guint64) n * m > ctx->base_cells)
    {
      if (!ctx->codes_built)
        build_codes (ctx);
      if (ctx->code_width == 1 && ctx->pen_o <= 60)
        hb.simd = TRUE;
      else if (ctx->code_width == 2 && ctx->pen_o <= 16000)
        hb.simd = TRUE;
      else if (ctx->code_width == 1 && ctx->pen_o <= 16000)
        {
          /* Widen byte codes so the 16-bit kernel can run. */
          guint16 *wa = g_malloc0 ((ctx->len_a + KERNEL_LANES_MAX) * sizeof (guint16));
          guint16 *wb = g_malloc0 ((ctx->len_b + KERNEL_LANES_MAX) * sizeof (guint16));
          gsize k;

          for (k = 0; k < ctx->len_a; k++)
            wa[k] = ((guint8 *) ctx->codes_a)[k];
          for (k = 0; k < ctx->len_b; k++)
            wb[k] = ((guint8 *) ctx->codes_b)[k];
          g_free (ctx->codes_a);
          g_free (ctx->codes_b);
          ctx->codes_a = wa;
          ctx->codes_b = wb;
          ctx->code_width = 2;
          hb.simd = TRUE;
        }
    }

  hb.n_threads = MAX (ctx->options.n_threads, 1);
  hb.fwd = g_new (gint64, m + 1);
  hb.bwd = g_new (gint64, m + 1);
  if (hb.simd)
    {
      gsize w = ctx->code_width;

      hb.rows_buf = g_malloc0 ((n + KERNEL_LANES_MAX) * w);
      hb.cols_buf = g_malloc0 ((m + KERNEL_LANES_MAX) * w);
      hb.stride = n + 1 + KERNEL_LANES_MAX;
      hb.diff = g_malloc0 (4 * hb.stride * w);
      hb.diff_bwd = g_malloc0 (4 * hb.stride * w);
    }

  ok = hirschberg_rec (&hb, a0, n, b0, m, error);

  g_free (hb.fwd);
  g_free (hb.bwd);
  g_free (hb.rows_buf);
  g_free (hb.cols_buf);
  g_free (hb.diff);
  g_free (hb.diff_bwd);
  return ok;
}
