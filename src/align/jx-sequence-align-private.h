/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-sequence-align-private.h — internal entry points of flat alignment, for
 * the hierarchical aligner and the tests. */
#pragma once

#include "jx-sequence-align.h"

G_BEGIN_DECLS

/* Sub-problems with at most this many cells are solved by the full
 * Needleman–Wunsch matrix inside Hirschberg and the wavefront recursion. */
#define JX_ALIGN_DEFAULT_BASE_CELLS 4096

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

/* jx_align_sequences() with the size (in cells) below which Hirschberg and
 * the wavefront hand a block to the full matrix; tests pass 0 to drive the
 * recursions down to single symbols. */
GArray  *_jx_align_sequences_full (const guint32         *a,
                                   gsize                  n,
                                   const guint32         *b,
                                   gsize                  m,
                                   const JxAlignOptions  *options,
                                   guint64                base_cells,
                                   JxAlignStats          *stats,
                                   gint64                *score,
                                   GCancellable          *cancellable,
                                   GError               **error);

/* Tests only: TRUE makes every kernel take its scalar path (as on a CPU
 * without AVX2, or with JX_ALIGN_SCALAR=1), FALSE restores the default. */
void     _jx_align_force_scalar   (gboolean               force);

/* Tests only: TRUE makes the wavefront search every cell (as with
 * JX_ALIGN_NO_PRUNING=1), FALSE restores the default. */
void     _jx_align_force_unpruned (gboolean               force);

G_END_DECLS
