/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-canvas-private.h — what the canvas's helpers (jx-canvas-fold.c)
 * may ask of it. */
#pragma once

#include "jx-timeline-canvas.h"

G_BEGIN_DECLS

/* Lays the rows out again (groups or folding changed). */
void _jx_timeline_canvas_relayout     (JxTimelineCanvas *self);
/* Collapses (or expands) every process with a header, in one relayout. */
void _jx_timeline_canvas_collapse_all (JxTimelineCanvas *self,
                                       gboolean          collapsed);

G_END_DECLS
