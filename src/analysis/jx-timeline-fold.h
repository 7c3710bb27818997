/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-fold.h — folded rows: a group of streams (see
 * jx-stream-groups.h) folded into one row by an operation (jx-fold.h).
 *
 * Definition, the same at every zoom: at every instant the operation is
 * applied to the members' states (each member's innermost running region,
 * no-state where it is idle), which gives the group one folded state
 * sequence; a folded pixel shows the folded state that covers most of the
 * pixel's time (ties by the order of jx-fold.h: the smallest state wins,
 * no-state loses), exactly as a stream row shows its dominant region. Pixel
 * p of [start, end) in n pixels is the ticks [start + ⌊p·W/n⌋,
 * start + ⌊(p+1)·W/n⌋), W = end − start (at least one tick).
 *
 * Activity never disappears: beside the folded state the sequence keeps, at
 * every instant where it is no-state, the busiest member state (the most
 * frequent state other than no-state, jx_fold_counts_busiest); a pixel whose
 * folded state is no-state although members ran shows a mark of the
 * activity that covers most of it (not for diff, whose no-state means "all
 * agree").
 *
 * Cost (§6.1.3): the sequence is built once, off the main thread, by a k-way
 * merge of the members' state changes (the operation applied once per
 * instant at which a member changes state); folding turns thousands of
 * member changes into a few hundred. A long sequence gets a pyramid like a
 * stream's (jx-timeline-summary-private.h), so a frame of a folded row costs
 * what one stream row costs at every zoom: exact while few changes are in
 * view, else the pyramid level whose buckets are at most half a pixel.
 *
 * Immutable once built; reference counted; any thread may sample it. */
#pragma once

#include <gio/gio.h>

#include "jx-fold.h"
#include "jx-stream-groups.h"
#include "jx-timeline-summary.h"

G_BEGIN_DECLS

typedef struct _JxTimelineFold JxTimelineFold;

#define JX_TYPE_TIMELINE_FOLD (jx_timeline_fold_get_type ())
GType            jx_timeline_fold_get_type        (void) G_GNUC_CONST;

/* Without building: groups are folded at once while their members hold
 * few invocations in all (a few milliseconds), the others stay unbuilt
 * (their rows not cheap, so drawn pending) until a built fold replaces it. */
JxTimelineFold  *jx_timeline_fold_new_unbuilt     (JxTimelineSummary  *summary,
                                                   JxStreamGroups     *groups,
                                                   JxFoldOp            op);
/* With the folded sequence of every group; NULL with G_IO_ERROR_CANCELLED when
 * cancelled. Runs in the calling thread. */
JxTimelineFold  *jx_timeline_fold_build           (JxTimelineSummary  *summary,
                                                   JxStreamGroups     *groups,
                                                   JxFoldOp            op,
                                                   GCancellable       *cancellable,
                                                   GError            **error);
void             jx_timeline_fold_build_async     (JxTimelineSummary  *summary,
                                                   JxStreamGroups     *groups,
                                                   JxFoldOp            op,
                                                   GCancellable       *cancellable,
                                                   GAsyncReadyCallback callback,
                                                   gpointer            user_data);
JxTimelineFold  *jx_timeline_fold_build_finish    (GAsyncResult       *result,
                                                   GError            **error);

JxTimelineFold  *jx_timeline_fold_ref             (JxTimelineFold     *self);
void             jx_timeline_fold_unref           (JxTimelineFold     *self);
JxTimelineSummary *jx_timeline_fold_get_summary   (JxTimelineFold     *self);
JxStreamGroups  *jx_timeline_fold_get_groups      (JxTimelineFold     *self);
JxFoldOp         jx_timeline_fold_get_op          (JxTimelineFold     *self);
gboolean         jx_timeline_fold_is_built        (JxTimelineFold     *self);
gsize            jx_timeline_fold_get_memory_size (JxTimelineFold     *self);
/* The order of states ties are broken by (jx_fold_state_ranks_new). */
const guint32   *jx_timeline_fold_get_ranks       (JxTimelineFold     *self);

/* Folded state per pixel of group `group` over [start, end) ticks in
 * n_pixels columns (JX_NONE = no-state), and marks (may be NULL): the
 * activity shown where the folded state is no-state although members ran. */
void             jx_timeline_fold_sample          (JxTimelineFold     *self,
                                                   guint               group,
                                                   gint64              start,
                                                   gint64              end,
                                                   guint               n_pixels,
                                                   guint32            *out,
                                                   guint32            *marks);
/* TRUE when the group's folded sequence is there (sampling any window then
 * costs about one stream row). */
gboolean         jx_timeline_fold_is_cheap        (JxTimelineFold     *self,
                                                   guint               group,
                                                   gint64              start,
                                                   gint64              end,
                                                   guint               n_pixels);

/* The same, always from the folded sequence itself, never its pyramid (the
 * definition above, exactly; tests). */
void             jx_timeline_fold_sample_exact    (JxTimelineFold     *self,
                                                   guint               group,
                                                   gint64              start,
                                                   gint64              end,
                                                   guint               n_pixels,
                                                   guint32            *out,
                                                   guint32            *marks);
/* Intervals of constant folded state (and activity) of all groups. */
guint64          jx_timeline_fold_get_n_intervals (JxTimelineFold     *self);

/* The members' states at instant t, for tooltips: the number of members in
 * each state (the folded state at t is the operation on these counts). */
void             jx_timeline_fold_count_states    (JxTimelineFold     *self,
                                                   guint               group,
                                                   gint64              t,
                                                   JxFoldCounts       *counts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxTimelineFold, jx_timeline_fold_unref)

G_END_DECLS
