/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-semiglobal.c — see jx-semiglobal.h. */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include "jx-scoring.h"
#include "jx-semiglobal.h"

static inline guint64
distance (gsize x,
          gsize y)
{
  return x > y ? x - y : y - x;
}

/* (score, origin) a is better than b: more score, then an origin nearer
 * to prefer, then the earlier. */
static inline gboolean
better (gint64 sa,
        gsize  oa,
        gint64 sb,
        gsize  ob,
        gsize  prefer)
{
  if (sa != sb)
    return sa > sb;
  if (distance (oa, prefer) != distance (ob, prefer))
    return distance (oa, prefer) < distance (ob, prefer);
  return oa < ob;
}

gboolean
jx_align_semiglobal (const guint32    *a,
                     gsize             n,
                     const guint32    *b,
                     gsize             m,
                     const JxScoring  *scoring,
                     gsize             prefer,
                     JxSemiglobal     *out,
                     GCancellable     *cancellable,
                     GError          **error)
{
  JxScoring defaults;
  const guint32 *q, *t;
  gsize nq, nt;
  g_autofree gint64 *prev = NULL;
  g_autofree gint64 *cur = NULL;
  g_autofree gsize *prev_origin = NULL;
  g_autofree gsize *cur_origin = NULL;
  gint64 match, mismatch, gap;

  g_return_val_if_fail (a != NULL || n == 0, FALSE);
  g_return_val_if_fail (b != NULL || m == 0, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (scoring == NULL)
    {
      jx_scoring_init_default (&defaults);
      scoring = &defaults;
    }
  match = scoring->match;
  mismatch = scoring->mismatch;
  gap = scoring->gap;

  /* The query q is aligned whole; the target t's ends are free. */
  out->a_is_longer = n > m;
  q = out->a_is_longer ? b : a;
  nq = out->a_is_longer ? m : n;
  t = out->a_is_longer ? a : b;
  nt = out->a_is_longer ? n : m;
  if ((double) nq * (double) nt > (double) JX_SEMIGLOBAL_MAX_CELLS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                   _("%zu calls against %zu are too many to place (more than %"
                     PRIu64 " cells): choose a shorter range"),
                   nq, nt, JX_SEMIGLOBAL_MAX_CELLS);
      return FALSE;
    }
  prefer = MIN (prefer, nt);

  prev = g_new (gint64, nt + 1);
  cur = g_new (gint64, nt + 1);
  prev_origin = g_new (gsize, nt + 1);
  cur_origin = g_new (gsize, nt + 1);
  for (gsize j = 0; j <= nt; j++)
    {
      prev[j] = 0;
      prev_origin[j] = j;
    }
  for (gsize i = 1; i <= nq; i++)
    {
      guint32 qi = q[i - 1];

      if ((i & 63) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      cur[0] = (gint64) i * gap;
      cur_origin[0] = 0;
      for (gsize j = 1; j <= nt; j++)
        {
          gint64 s = prev[j - 1] + (qi == t[j - 1] ? match : mismatch);
          gsize o = prev_origin[j - 1];

          if (better (prev[j] + gap, prev_origin[j], s, o, prefer))
            {
              s = prev[j] + gap;
              o = prev_origin[j];
            }
          if (better (cur[j - 1] + gap, cur_origin[j - 1], s, o, prefer))
            {
              s = cur[j - 1] + gap;
              o = cur_origin[j - 1];
            }
          cur[j] = s;
          cur_origin[j] = o;
        }
      {
        gint64 *swap = prev;
        gsize *swap_origin = prev_origin;

        prev = cur;
        cur = swap;
        prev_origin = cur_origin;
        cur_origin = swap_origin;
      }
    }

  /* prev is the last row: the best end (free gaps after it). An empty
   * query fits anywhere: at prefer. */
  if (nq == 0)
    {
      out->start = out->end = prefer;
      out->score = 0;
      out->n_best = nt + 1;
      return TRUE;
    }
  out->score = prev[0];
  for (gsize j = 1; j <= nt; j++)
    out->score = MAX (out->score, prev[j]);
  out->n_best = 0;
  out->start = G_MAXSIZE;
  out->end = 0;
  for (gsize j = 0; j <= nt; j++)
    {
      if (prev[j] != out->score)
        continue;
      out->n_best++;
      if (out->start == G_MAXSIZE || better (prev[j], prev_origin[j], out->score, out->start, prefer))
        {
          out->start = prev_origin[j];
          out->end = j;
        }
    }
  return TRUE;
}
