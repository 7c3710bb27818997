/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-icicle-view.h — the merged call tree of many streams
 * (src/analysis/jx-merged-tree.h) as the icicle `juxtrace-cli render
 * --merged-tree` draws (src/render/jx-merged-icicle.h), in a widget: laid
 * out again when its width changes (not while drawing), a node's
 * description as its tooltip (call path, state, the contributing streams,
 * min / median / max and the outlier), and a click on a node picks it:
 * "node-activated" (guint node) and an outline around it.
 *
 * Properties:
 *   "dark"          (boolean, read-write) dark colours
 *   "width-by-calls" (boolean, read-write) frames as wide as the calls merged
 *                   below them instead of their time (`--width-by calls`)
 *   "selected-node" (uint, read-write) the picked node, JX_NONE for none */
#pragma once

#include <gtk/gtk.h>

#include "jx-merged-icicle.h"

G_BEGIN_DECLS

#define JX_TYPE_MERGED_ICICLE_VIEW (jx_merged_icicle_view_get_type ())
G_DECLARE_FINAL_TYPE (JxMergedIcicleView, jx_merged_icicle_view, JX, MERGED_ICICLE_VIEW, GtkWidget)

GtkWidget            *jx_merged_icicle_view_new               (void);
/* tree NULL shows nothing; title NULL: the picture's own. */
void                  jx_merged_icicle_view_set_tree          (JxMergedIcicleView *self,
                                                               JxMergedTree       *tree,
                                                               const char         *title);
JxMergedTree         *jx_merged_icicle_view_get_tree          (JxMergedIcicleView *self);
/* The picture as laid out for the current width, NULL without a tree or
 * before the first allocation. */
const JxMergedIcicle *jx_merged_icicle_view_get_icicle        (JxMergedIcicleView *self);
void                  jx_merged_icicle_view_set_dark          (JxMergedIcicleView *self,
                                                               gboolean            dark);
void                  jx_merged_icicle_view_set_width_by_calls (JxMergedIcicleView *self,
                                                                gboolean            by_calls);
gboolean              jx_merged_icicle_view_get_width_by_calls (JxMergedIcicleView *self);
guint32               jx_merged_icicle_view_get_selected_node (JxMergedIcicleView *self);
void                  jx_merged_icicle_view_set_selected_node (JxMergedIcicleView *self,
                                                               guint32             node);
/* What a click at (x, y) in widget pixels does: picks the node there and
 * emits "node-activated"; FALSE when no node is there. */
gboolean              jx_merged_icicle_view_click             (JxMergedIcicleView *self,
                                                               double              x,
                                                               double              y);

G_END_DECLS
