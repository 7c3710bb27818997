/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-text.h — how the window words a difference: the duration change
 * of an aligned pair ("986.1 µs faster in “optimized”"), the calls of an
 * extra run, and the hover text of a diff bar. One wording for tooltips,
 * the details panel and the structural view. */
#pragma once

#include "jx-session.h"
#include "jx-timeline-renderer.h"

G_BEGIN_DECLS

/* "986.1 µs faster in “B”" naming the faster trace, or "same duration". */
char *jx_diff_text_change      (gint64          duration_a_ns,
                                gint64          duration_b_ns,
                                const char     *name_a,
                                const char     *name_b);

/* "3 calls only in “B”: compute_halo ×1, pack_buffer ×2" for the run of
 * calls only in the other trace (`other`, whose stream is `other_stream`). */
char *jx_diff_text_extra       (const JxPairDiff *diff,
                                gboolean          side_b,
                                guint             extra,
                                JxTrace          *other,
                                guint32           other_stream,
                                const char       *other_name);

/* "equal", "different", "only in this trace", … (translated). */
const char *jx_diff_text_state (JxDiffState      state);

/* Markup of the hover tooltip over a diff bar of `item`. */
char *jx_diff_text_tooltip     (JxSession               *session,
                                JxSessionTrace          *item,
                                const JxTimelineDiffHit *hit);

G_END_DECLS
