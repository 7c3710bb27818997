/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-aligned-pair-view.h — the structural view of one aligned stream pair
 * (dissertation Figs. 4.2 and 4.6): the reference's stream above, the
 * other trace's below, the alignment state between them, laid out in
 * virtual time (jx-structural-layout.h) so that aligned calls start at the
 * same x and a call that is only in one trace opens a gap in the other.
 * The layout is built off the main thread when the view is created.
 *
 * Zoom and pan as in the timelines: Ctrl+wheel or pinch zooms at the
 * pointer, + - 0 zoom in, out and to everything, drag or Shift+wheel or
 * Left / Right pan. Hover shows both calls with their real times; a click
 * selects the pair in the session (both timelines highlight it), and the
 * session's selection is outlined here when it belongs to this pair.
 *
 * Actions (group "pair"): zoom-in, zoom-out, zoom-all, pan-left,
 * pan-right. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_ALIGNED_PAIR_VIEW (jx_aligned_pair_view_get_type ())
G_DECLARE_FINAL_TYPE (JxAlignedPairView, jx_aligned_pair_view, JX, ALIGNED_PAIR_VIEW, GtkWidget)

/* The pair of `item`'s diff bar under `stream` (jx_session_get_diff_bar);
 * NULL when that stream has no finished pair. */
GtkWidget  *jx_aligned_pair_view_new          (JxSession        *session,
                                             JxSessionTrace   *item,
                                             guint32           stream);
/* TRUE once the layout is built (tests wait for it). */
gboolean    jx_aligned_pair_view_is_ready     (JxAlignedPairView *self);
/* Virtual ns shown, [start, end). */
void        jx_aligned_pair_view_get_window   (JxAlignedPairView *self,
                                             gint64           *start,
                                             gint64           *end);
void        jx_aligned_pair_view_set_window   (JxAlignedPairView *self,
                                             gint64            start,
                                             gint64            end);
/* For tests: x of an alignment pair's start, and the part and pair under a
 * point (jx-structural-render.h); a tooltip's markup. */
double      jx_aligned_pair_view_pair_x       (JxAlignedPairView *self,
                                             guint32           pair);
guint32     jx_aligned_pair_view_pair_at      (JxAlignedPairView *self,
                                             double            x,
                                             double            y,
                                             int              *part);
char       *jx_aligned_pair_view_dup_tooltip  (JxAlignedPairView *self,
                                             double            x,
                                             double            y);
/* Names of the two sides, "trace · process / stream". */
const char *jx_aligned_pair_view_get_title    (JxAlignedPairView *self);

G_END_DECLS
