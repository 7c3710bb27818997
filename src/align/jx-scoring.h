/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-scoring.h — the scores of every alignment (JxScoring, match /
 * mismatch / gap; the ISPA 2012 paper's 2 / −1 / −1 by default, the seed
 * paper's "user-configurable scores"): which values are allowed, and how a
 * result names them, so that results computed with different scores are
 * never compared unknowingly (docs/comparison-metrics.md). */
#pragma once

#include <gio/gio.h>

#include "jx-sequence-align.h"

G_BEGIN_DECLS

#define JX_SCORING_DEFAULT_MATCH     2
#define JX_SCORING_DEFAULT_MISMATCH (-1)
#define JX_SCORING_DEFAULT_GAP      (-1)

/* The largest magnitude allowed, so that scores of the longest streams stay
 * far from overflowing 64 bits. */
#define JX_SCORING_LIMIT 1000

void      jx_scoring_init_default (JxScoring       *scoring);
gboolean  jx_scoring_is_default   (const JxScoring *scoring);
gboolean  jx_scoring_equal        (const JxScoring *a,
                                   const JxScoring *b);

/* Allowed: match > 0, mismatch < match, gap < 0, every value within
 * ±JX_SCORING_LIMIT. So an equal pair always scores more than a different
 * one, a gap always costs, and the exact fast algorithms apply (the scoring
 * converts to a gap-linear penalty, jx_align_penalty_from_scoring). FALSE
 * with G_IO_ERROR_INVALID_ARGUMENT and a message naming the value
 * otherwise. */
gboolean  jx_scoring_validate     (const JxScoring *scoring,
                                   GError         **error);

/* "match 2, mismatch −1, gap −1". Free with g_free. */
char     *jx_scoring_to_string    (const JxScoring *scoring);

/* "2/-1/-1" (ASCII, for CSV). Free with g_free. */
char     *jx_scoring_to_compact   (const JxScoring *scoring);

G_END_DECLS
