/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fold-sequence-private.h — the folded state sequence of one group (see
 * jx-timeline-fold.h), shared by its files:
 *
 *   jx-fold-sequence.c         building it: the k-way merge of the members'
 *                              state changes, the operation per instant, and
 *                              the pyramid of a long sequence
 *   jx-fold-sequence-sample.c  a row of pixels from it, exactly
 *   jx-timeline-fold.c         the JxTimelineFold object: one per group and
 *                              operation, built off the main thread
 */
#pragma once

#include <gio/gio.h>

#include "jx-fold.h"
#include "jx-stream-groups.h"
#include "jx-timeline-summary-private.h"

G_BEGIN_DECLS

/* Per interval one word: the folded state, or where it is no-state IDLE_BIT
 * with the activity a mark shows (the busiest member state; IDLE_MASK when
 * every member is idle or the operation shows no marks). */
#define IDLE_BIT  0x80000000u
#define IDLE_MASK 0x7fffffffu

typedef struct
{
  guint    n;                    /* intervals */
  gint64  *time;                 /* n + 1 boundaries */
  guint32 *shown;
  Pyramid  pyr;                  /* n_levels 0: always sampled exactly */
  gboolean built;
} FoldSeq;

static inline guint32
shown_encode (guint32 state,
              guint32 act)
{
  if (state != JX_NONE)
    return state;
  return IDLE_BIT | (act == JX_NONE ? IDLE_MASK : act);
}

static inline guint32
shown_state (guint32 v)
{
  return v & IDLE_BIT ? JX_NONE : v;
}

/* The activity: the state, else what ran under no-state (JX_NONE: nothing). */
static inline guint32
shown_act (guint32 v)
{
  if (!(v & IDLE_BIT))
    return v;
  return (v & IDLE_MASK) == IDLE_MASK ? JX_NONE : v & IDLE_MASK;
}

/* The group's sequence; FALSE when cancelled (seq then holds a part). */
gboolean  _jx_fold_seq_build         (FoldSeq             *seq,
                                      JxTrace             *trace,
                                      const JxStreamGroup *group,
                                      JxFoldOp             op,
                                      const guint32       *ranks,
                                      GCancellable        *cancellable);
void      _jx_fold_seq_clear         (FoldSeq             *seq);
gsize     _jx_fold_seq_memory        (const FoldSeq       *seq);
/* Would a row of [start, end) in n_pixels read the pyramid (else exact)? */
gboolean  _jx_fold_seq_uses_pyramid  (const FoldSeq       *seq,
                                      gint64               start,
                                      gint64               end,
                                      guint                n_pixels);
/* The row by the definition, exactly (marks may be NULL). */
void      _jx_fold_seq_sample_exact  (const FoldSeq       *seq,
                                      const guint32       *ranks,
                                      guint                n_regions,
                                      gboolean             with_marks,
                                      gint64               start,
                                      gint64               end,
                                      guint                n,
                                      guint32             *out,
                                      guint32             *marks);

G_END_DECLS
