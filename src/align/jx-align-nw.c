/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-nw.c — Needleman–Wunsch with a full traceback matrix.
 *
 * Scores are kept in two rolling rows; only the traceback (which moves reach
 * the optimum, one byte per cell) is quadratic.  Walking back from the end,
 * a gap in B (ONLY_A) is preferred over a gap in A (ONLY_B), which is preferred
 * over the diagonal: among optimal alignments this places gaps as late and
 * pairs symbols as early as possible. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-align-algorithms-private.h"

#define NW_STACK_CELLS 4096
#define NW_STACK_WIDTH 128

enum
{
  MOVE_DIAG   = 1 << 0,
  MOVE_ONLY_A = 1 << 1,   /* from (i-1, j): a[i-1] against a gap */
  MOVE_ONLY_B = 1 << 2,   /* from (i, j-1): b[j-1] against a gap */
};

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
  const gint64 match = ctx->options.scoring.match;
  const gint64 mismatch = ctx->options.scoring.mismatch;
  const gint64 gap = ctx->options.scoring.gap;
  g_autofree guint8 *moves_heap = NULL;
  g_autofree gint64 *rows_heap = NULL;
  /* Most calls are small middles of children sequences: no allocation. */
  guint8 moves_stack[NW_STACK_CELLS];
  gint64 rows_stack[2 * NW_STACK_WIDTH];
  guint8 *moves;
  gint64 *prev;
  gint64 *cur;
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
  if (cells <= NW_STACK_CELLS)
    moves = moves_stack;
  else
    moves = moves_heap = g_try_malloc (cells);
  if (moves == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("Not enough memory for the Needleman–Wunsch matrix of %zu × %zu symbols; "
                     "choose another algorithm"),
                   n, m);
      return FALSE;
    }
  if (width <= NW_STACK_WIDTH)
    prev = rows_stack;
  else
    prev = rows_heap = g_new (gint64, 2 * width);
  cur = prev + width;

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
  ctx->stats->cells += (guint64) n * m;

  /* Walk back, writing the pairs reversed, then flip them in place. */
  start = ctx->pairs->len;
  i = n;
  j = m;
  while (i > 0 || j > 0)
    {
      guint8 mv = moves[i * width + j];

      if (mv & MOVE_ONLY_A)
        {
          _jx_align_emit_only_a (ctx, a0 + i - 1);
          i--;
        }
      else if (mv & MOVE_ONLY_B)
        {
          _jx_align_emit_only_b (ctx, b0 + j - 1);
          j--;
        }
      else
        {
          _jx_align_emit_pair (ctx, a0 + i - 1, b0 + j - 1);
          i--;
          j--;
        }
    }

  {
    JxAlignPair *p = &g_array_index (ctx->pairs, JxAlignPair, start);
    gsize count = ctx->pairs->len - start;
    gsize k;

    for (k = 0; k < count / 2; k++)
      {
        JxAlignPair tmp = p[k];

        p[k] = p[count - 1 - k];
        p[count - 1 - k] = tmp;
      }
  }

  return TRUE;
}
