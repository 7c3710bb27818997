/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-lane-layout.h — the layout of the master timeline's lanes (one per
 * trace, stacked): every visible lane gets at least its minimum height (its
 * header and a row), and the rest of the height is shared by the square
 * root of what each lane still wants (its rows at full height), never more
 * than that, so every open trace stays visible, a trace with more rows gets
 * more of the space, and a big one does not squeeze the others to nothing. When even the minimums
 * do not fit, the lanes keep them (the parent scrolls). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define JX_TYPE_LANE_LAYOUT (jx_lane_layout_get_type ())
G_DECLARE_FINAL_TYPE (JxLaneLayout, jx_lane_layout, JX, LANE_LAYOUT, GtkLayoutManager)

GtkLayoutManager *jx_lane_layout_new   (void);

/* The heights the lanes get for `total` px, one per visible child of `box`'s
 * children (in order; tests and the layout share this). Free with g_free. */
int              *jx_lane_layout_share (GtkWidget *box,
                                        int        width,
                                        int        total,
                                        guint     *n_lanes);

G_END_DECLS
