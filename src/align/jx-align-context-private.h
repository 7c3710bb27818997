/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-context-private.h — what every flat aligner shares: the context of
 * one alignment and the helpers that append pairs to it.
 *
 * Every algorithm works on a sub-block A[a0, a0+n) x B[b0, b0+m) of the two
 * input sequences and appends its pairs, in order, to ctx->pairs with global
 * indices.  Exact algorithms agree on the optimal score; where several
 * alignments are optimal each algorithm picks one deterministically.  This
 * header depends on nothing but the public one, so the entry point
 * (jx-sequence-align.c) and the algorithms include it without a circle. */
#pragma once

#include "jx-sequence-align-private.h"

G_BEGIN_DECLS

/* _jx_align_ctx_init() sets every field by name (no memset): a new field
 * needs its line there. */
typedef struct
{
  const guint32  *a;
  const guint32  *b;
  gsize           len_a;
  gsize           len_b;
  GArray         *pairs;          /* of JxAlignPair */
  JxAlignStats   *stats;          /* never NULL inside the engine */
  GCancellable   *cancellable;
  JxAlignOptions  options;
  guint64         base_cells;     /* see JX_ALIGN_DEFAULT_BASE_CELLS; tests lower it */

  /* The scoring as a gap-linear penalty (match 0, mismatch pen_x, gap pen_o),
   * see jx_align_penalty_from_scoring(); valid when has_penalty. */
  gboolean        has_penalty;
  gint32          pen_x;
  gint32          pen_o;

  /* Compact symbol codes for the vectorised Hirschberg kernel, built on first
   * use: code_width 1 or 2 bytes, 0 when there are too many distinct symbols. */
  gboolean        codes_built;
  guint           code_width;
  gpointer        codes_a;        /* len_a + padding codes */
  gpointer        codes_b;

  guint           anchor_depth;   /* nesting of the anchor heuristic */
} JxAlignCtx;

/* Whether the AVX2 kernels may run: the CPU has AVX2 (checked once at run
 * time), the environment variable JX_ALIGN_SCALAR is unset (or 0) and no
 * test forced the scalar kernels (_jx_align_force_scalar()).  Both kernels
 * give identical results. */
gboolean _jx_align_use_avx2       (void);

/* Whether the wavefront may prune cells by the foreign-symbol bound
 * (jx-align-wavefront.c): the environment variable JX_ALIGN_NO_PRUNING is
 * unset (or 0) and no test forced the unpruned search
 * (_jx_align_force_unpruned()).  Both give identical alignments. */
gboolean _jx_align_use_pruning    (void);

/* options NULL = defaults; stats must not be NULL. */
void     _jx_align_ctx_init       (JxAlignCtx            *ctx,
                                   const guint32         *a,
                                   gsize                  n,
                                   const guint32         *b,
                                   gsize                  m,
                                   const JxAlignOptions  *options,
                                   guint64                base_cells,
                                   JxAlignStats          *stats,
                                   GArray                *pairs,
                                   GCancellable          *cancellable);
void     _jx_align_ctx_clear      (JxAlignCtx *ctx);

gboolean _jx_align_ctx_cancelled  (JxAlignCtx *ctx);

void     _jx_align_emit_pair      (JxAlignCtx *ctx,
                                   gsize       i,
                                   gsize       j);
/* Pairs a[a0 + t] with b[b0 + t] for t < len. */
void     _jx_align_emit_run       (JxAlignCtx *ctx,
                                   gsize       a0,
                                   gsize       b0,
                                   gsize       len);
/* A[a0, a0+n) against gaps, then B[b0, b0+m) against gaps. */
void     _jx_align_emit_gaps      (JxAlignCtx *ctx,
                                   gsize       a0,
                                   gsize       n,
                                   gsize       b0,
                                   gsize       m);

G_END_DECLS
