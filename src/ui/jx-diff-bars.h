/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-bars.h — what a timeline canvas needs for the diff bars of its
 * trace: which streams get a DIFF row and what each row reads, refreshed
 * from the session whenever a comparison moves on, and what a click on a
 * bar selects. */
#pragma once

#include "jx-session.h"
#include "jx-timeline-renderer.h"

G_BEGIN_DECLS

typedef struct
{
  guint8            *streams;   /* per stream: a DIFF row under it */
  JxTimelineDiffBar *bars;      /* per stream */
  guint              n_streams;
} JxDiffBars;

void     jx_diff_bars_clear  (JxDiffBars              *self);
/* Reads the session for `item` (its loaded `trace`, NULL to drop all);
 * TRUE when the set of streams with a DIFF row changed (lay out again). */
gboolean jx_diff_bars_sync   (JxDiffBars              *self,
                              JxSession               *session,
                              JxSessionTrace          *item,
                              JxTrace                 *trace);
/* A click on a bar: the call there (its partner follows), or for a tick the
 * first of the other trace's extra calls. */
void     jx_diff_bars_select (JxSession               *session,
                              JxSessionTrace          *item,
                              const JxTimelineDiffHit *hit);

G_END_DECLS
