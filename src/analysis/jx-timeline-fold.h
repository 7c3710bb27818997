/* jx-timeline-fold.h — folded rows: the pixels of a group of streams (see
 * jx-stream-groups.h) folded into one row by an operation (jx-fold.h).
 *
 * A folded pixel is computed as the dissertation describes it (§6.1.1):
 * every member stream's state at that pixel (its dominant region, idle
 * competing, as its own row would show it), then the operation on those
 * states. Where the folded state is no-state although members ran
 * something, the row gets a mark of the activity most members had (not for
 * diff, whose no-state means "all agree").
 *
 * Cost (§6.1.3): at fine zoom the members' rows are sampled and folded in
 * one sweep over the pixels where any member changes state. At coarse zoom a
 * group pyramid answers instead, so a folded row costs about what one stream
 * row costs: its finest level holds the folded state of buckets as wide as
 * the finest member's finest buckets, computed from the members' pyramid
 * levels (never from raw invocations), and coarser levels keep, per bucket, the folded states that
 * cover most of it. A coarse folded pixel thus shows the folded state that
 * covers most of its time.
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

/* Without group pyramids, instant: every folded pixel is computed from the
 * members' rows (exact, k times a row's cost). */
JxTimelineFold  *jx_timeline_fold_new_unbuilt     (JxTimelineSummary  *summary,
                                                   JxStreamGroups     *groups,
                                                   JxFoldOp            op);
/* With a pyramid for every group; NULL with G_IO_ERROR_CANCELLED when
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
/* TRUE when sampling that window is about as cheap as one stream row (a
 * group pyramid serves it, or the members' rows are cheap). */
gboolean         jx_timeline_fold_is_cheap        (JxTimelineFold     *self,
                                                   guint               group,
                                                   gint64              start,
                                                   gint64              end,
                                                   guint               n_pixels);

/* The members' state counts at one moment, for tooltips: the number of
 * members in each state at [t0, t1) (each member's dominant state over that
 * span). */
void             jx_timeline_fold_count_states    (JxTimelineFold     *self,
                                                   guint               group,
                                                   gint64              t0,
                                                   gint64              t1,
                                                   JxFoldCounts       *counts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxTimelineFold, jx_timeline_fold_unref)

G_END_DECLS
