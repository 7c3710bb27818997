/* jx-align-private.h — shared state of the flat alignment algorithms.
 *
 * Every algorithm works on a sub-block A[a0, a0+n) x B[b0, b0+m) of the two
 * input sequences and appends its pairs, in order, to ctx->pairs with global
 * indices.  Exact algorithms agree on the optimal score; where several
 * alignments are optimal each algorithm picks one deterministically. */
#pragma once

#include "jx-sequence-align.h"

G_BEGIN_DECLS

/* Sub-problems with at most this many cells are solved by the full
 * Needleman–Wunsch matrix inside Hirschberg and the wavefront recursion
 * (default 4096; tests lower it to drive the recursions on small input). */
extern guint64 _jx_align_base_cells;

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

gboolean _jx_align_ctx_cancelled  (JxAlignCtx *ctx);

/* jx_align_sequences() appending to pairs instead of a new array, for
 * callers that align many short sequences (hierarchical alignment).  On
 * failure pairs is left as it was. */
gboolean _jx_align_append         (const guint32         *a,
                                   gsize                  n,
                                   const guint32         *b,
                                   gsize                  m,
                                   const JxAlignOptions  *options,
                                   JxAlignStats          *stats,
                                   GArray                *pairs,
                                   GCancellable          *cancellable,
                                   GError               **error);

void     _jx_align_emit_pair      (JxAlignCtx *ctx,
                                   gsize       i,
                                   gsize       j);
/* Pairs a[a0 + t] with b[b0 + t] for t < len. */
void     _jx_align_emit_run       (JxAlignCtx *ctx,
                                   gsize       a0,
                                   gsize       b0,
                                   gsize       len);
void     _jx_align_emit_only_a    (JxAlignCtx *ctx,
                                   gsize       i);
void     _jx_align_emit_only_b    (JxAlignCtx *ctx,
                                   gsize       j);

/* Full matrix; FALSE on cancellation or when the matrix cannot be allocated. */
gboolean _jx_align_nw             (JxAlignCtx  *ctx,
                                   gsize        a0,
                                   gsize        n,
                                   gsize        b0,
                                   gsize        m,
                                   GError     **error);

gboolean _jx_align_hirschberg     (JxAlignCtx  *ctx,
                                   gsize        a0,
                                   gsize        n,
                                   gsize        b0,
                                   gsize        m,
                                   GError     **error);

/* Gap-linear bidirectional wavefront.  Requires ctx->has_penalty with both
 * penalties > 0.  When more than cell_budget wavefront cells would be needed
 * (0 = unlimited) it appends nothing, sets *gave_up and returns TRUE. */
gboolean _jx_align_wavefront      (JxAlignCtx  *ctx,
                                   gsize        a0,
                                   gsize        n,
                                   gsize        b0,
                                   gsize        m,
                                   guint64      cell_budget,
                                   gboolean    *gave_up,
                                   GError     **error);

G_END_DECLS
