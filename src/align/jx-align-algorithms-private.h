/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-algorithms-private.h — the exact flat aligners, each in its own
 * file (jx-align-nw.c, jx-align-hirschberg.c, jx-align-wavefront.c).  The
 * entry point (jx-sequence-align.c) picks one per sub-block; Hirschberg and
 * the wavefront hand small blocks to the matrix. */
#pragma once

#include "jx-align-context-private.h"

G_BEGIN_DECLS

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
