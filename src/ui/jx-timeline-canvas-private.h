/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-canvas-private.h — what the canvas's helpers (jx-canvas-fold.c)
 * may ask of it. */
#pragma once

#include "jx-canvas-rows.h"
#include "jx-timeline-canvas.h"

G_BEGIN_DECLS

/* Something the view shows changed (jx-canvas-fold.c): build it again and
 * queue a frame. */
void _jx_timeline_canvas_redraw       (JxTimelineCanvas *self);
/* Lays the rows out again (groups or folding changed). */
void _jx_timeline_canvas_relayout     (JxTimelineCanvas *self);
/* Collapses (or expands) every process with a header, in one relayout. */
void _jx_timeline_canvas_collapse_all (JxTimelineCanvas *self,
                                       gboolean          collapsed);

/* The rows (jx-canvas-rows.h), for jx-timeline-canvas-rows.c. */
JxCanvasRows *_jx_timeline_canvas_get_canvas_rows (JxTimelineCanvas *self);

/* For tests: how many times the view was built, and the renderer (NULL
 * before the trace loads; its jx_timeline_renderer_get_n_samplings). */
guint               _jx_timeline_canvas_get_n_view_builds (JxTimelineCanvas *self);
JxTimelineRenderer *_jx_timeline_canvas_get_renderer      (JxTimelineCanvas *self);

G_END_DECLS
