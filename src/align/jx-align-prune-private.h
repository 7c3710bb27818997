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

G_END_DECLS
