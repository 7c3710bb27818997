/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-structural-layout.h — one aligned stream pair laid out in virtual time
 * (dissertation §4.3, Fig. 4.2; seed paper §V, Fig. 10): aligned
 * invocations start at the same virtual time, and a call that is only on
 * one side opens a gap of its length on the other.
 *
 * Every alignment pair gets a slot. Walking the aligned tree in pre-order,
 * each side keeps a shift (virtual − real time, never decreasing); a pair
 * starts at the latest of its sides' shifted starts and the end of the
 * previous slot at its level, and both sides shift to start there. A call
 * ends at its shifted real end, stretched to hold the slots of its callees.
 * So a call lasts at least as long as it really did, its callees stay inside
 * it, and the slots of one level follow each other: the layout never
 * overlaps, and virtual starts grow with the pair index.
 *
 * Virtual time is in ns from the pair's start. The layout keeps no stream
 * or trace, only a pointer to the alignment, which must outlive it (hold
 * the JxComparison that owns it); it is built off the main thread for the
 * structural view. */
#pragma once

#include <gio/gio.h>

#include "jx-hier-align.h"
#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct _JxStructuralLayout JxStructuralLayout;

/* Side of a pair: its trace (for the clock) and its stream. */
typedef struct
{
  JxTrace        *trace;
  const JxStream *stream;
} JxStructuralSide;

/* NULL with G_IO_ERROR_CANCELLED when cancelled. al must keep its pairs and
 * parents. */
JxStructuralLayout *jx_structural_layout_new        (const JxHierAlignment  *al,
                                                     const JxStructuralSide *a,
                                                     const JxStructuralSide *b,
                                                     GCancellable           *cancellable,
                                                     GError                **error);
void                jx_structural_layout_free       (JxStructuralLayout     *self);

gsize               jx_structural_layout_get_n_pairs (JxStructuralLayout    *self);
/* Virtual ns from the first slot's start to the last slot's end. */
gint64              jx_structural_layout_get_length (JxStructuralLayout     *self);

/* Slot of alignment pair `pair`: its start and where its side A / B ends
 * (-1 for a side it does not have), its state (JxPairState) and its parent. */
void                jx_structural_layout_get_slot   (JxStructuralLayout     *self,
                                                     gsize                   pair,
                                                     gint64                 *start,
                                                     gint64                 *end_a,
                                                     gint64                 *end_b);
JxPairState         jx_structural_layout_get_state  (JxStructuralLayout     *self,
                                                     gsize                   pair);
/* Invocation of side A (side_b FALSE) or B of the pair, JX_NONE when absent. */
guint32             jx_structural_layout_get_node   (JxStructuralLayout     *self,
                                                     gsize                   pair,
                                                     gboolean                side_b);

/* The first pair whose slot starts at or after virtual time t. */
gsize               jx_structural_layout_first_at   (JxStructuralLayout     *self,
                                                     gint64                  t);
/* The innermost pair whose call on the given side runs at virtual time t
 * (start <= t < end), JX_NONE when none. */
guint32             jx_structural_layout_innermost  (JxStructuralLayout     *self,
                                                     gboolean                side_b,
                                                     gint64                  t);
/* Pairs per JxPairState among pairs [first, last). */
void                jx_structural_layout_count      (JxStructuralLayout     *self,
                                                     gsize                   first,
                                                     gsize                   last,
                                                     guint64                 counts[4]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxStructuralLayout, jx_structural_layout_free)

G_END_DECLS
