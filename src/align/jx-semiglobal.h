/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-semiglobal.h — semi-global alignment (the seed paper's "alinhamento
 * semi-global"): a global alignment in which the gaps at both ends of the
 * longer sequence are free, so the shorter one is placed where it fits best
 * inside the longer one ("find this phase": a run with more iterations or
 * an extra warm-up). Scores as every alignment (jx-scoring.h).
 *
 * Dynamic programming over the n × m cells in two rows of the longer
 * side's length: O(n · m) time, O(m) memory; each cell also carries where
 * its best path entered the longer sequence, so the placement needs no
 * traceback. Among equally good placements the one whose start lies nearest
 * to `prefer` (a position in the longer sequence) wins, then the earlier:
 * with repeated iterations every iteration fits equally well, and the
 * nearest to where the range lies in its own run is the one meant. */
#pragma once

#include <gio/gio.h>

#include "jx-sequence-align.h"

G_BEGIN_DECLS

/* More cells than this are refused (a few seconds of work). */
#define JX_SEMIGLOBAL_MAX_CELLS (G_GUINT64_CONSTANT (2000000000))

typedef struct
{
  gint64   score;           /* the best score */
  gboolean a_is_longer;     /* the free end gaps were on A (else on B) */
  gsize    start;           /* the placement in the longer sequence: [start, end) */
  gsize    end;
  guint64  n_best;          /* end positions that score as well (1 = unambiguous) */
} JxSemiglobal;

/* Aligns a[0..n) and b[0..m) semi-globally (the shorter one whole, the
 * longer one's ends free). prefer is a position in the longer sequence.
 * FALSE with G_IO_ERROR_CANCELLED when cancelled, or
 * G_IO_ERROR_MESSAGE_TOO_LARGE above JX_SEMIGLOBAL_MAX_CELLS. */
gboolean jx_align_semiglobal (const guint32    *a,
                              gsize             n,
                              const guint32    *b,
                              gsize             m,
                              const JxScoring  *scoring,   /* NULL = defaults */
                              gsize             prefer,
                              JxSemiglobal     *out,
                              GCancellable     *cancellable,
                              GError          **error);

G_END_DECLS
