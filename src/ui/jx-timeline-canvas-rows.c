/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-canvas-rows.c — the canvas's API on its rows (jx-canvas-rows.c
 * keeps them): the call-stack process, collapsed and readable processes,
 * Readable Rows, and the rows laid out. Every change lays the rows out
 * again (jx-timeline-canvas.c). */
#include "config.h"

#include "jx-canvas-rows.h"
#include "jx-timeline-canvas-private.h"

guint32
jx_timeline_canvas_get_call_stack_process (JxTimelineCanvas *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), JX_NONE);
  return jx_canvas_rows_get_call_stack_process (_jx_timeline_canvas_get_canvas_rows (self));
}

void
jx_timeline_canvas_set_call_stack_process (JxTimelineCanvas *self,
                                           guint32           process)
{
  JxTimelineRenderer *renderer;

  g_return_if_fail (JX_IS_TIMELINE_CANVAS (self));

  /* Depth rows draw at once (exactly); per-depth pyramids make coarse zoom
   * fast afterwards and are built off the main thread. */
  renderer = _jx_timeline_canvas_get_renderer (self);
  if (jx_canvas_rows_set_call_stack_process (_jx_timeline_canvas_get_canvas_rows (self), process,
                                             renderer != NULL ? jx_timeline_renderer_get_summary (renderer) : NULL))
    _jx_timeline_canvas_relayout (self);
}

gboolean
jx_timeline_canvas_get_process_collapsed (JxTimelineCanvas *self,
                                          guint32           process)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), FALSE);
  return jx_canvas_rows_get_collapsed (_jx_timeline_canvas_get_canvas_rows (self), process);
}

void
jx_timeline_canvas_set_process_collapsed (JxTimelineCanvas *self,
                                          guint32           process,
                                          gboolean          collapsed)
{
  g_return_if_fail (JX_IS_TIMELINE_CANVAS (self));

  if (jx_canvas_rows_set_collapsed (_jx_timeline_canvas_get_canvas_rows (self), process, collapsed))
    _jx_timeline_canvas_relayout (self);
}

gboolean
jx_timeline_canvas_get_process_readable (JxTimelineCanvas *self,
                                         guint32           process)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), FALSE);
  return jx_canvas_rows_get_readable (_jx_timeline_canvas_get_canvas_rows (self), process);
}

void
jx_timeline_canvas_set_process_readable (JxTimelineCanvas *self,
                                         guint32           process,
                                         gboolean          readable)
{
  g_return_if_fail (JX_IS_TIMELINE_CANVAS (self));

  if (jx_canvas_rows_set_readable (_jx_timeline_canvas_get_canvas_rows (self), process, readable))
    _jx_timeline_canvas_relayout (self);
}

gboolean
jx_timeline_canvas_get_full_rows (JxTimelineCanvas *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), FALSE);
  return jx_canvas_rows_get_full_rows (_jx_timeline_canvas_get_canvas_rows (self));
}

void
jx_timeline_canvas_set_full_rows (JxTimelineCanvas *self,
                                  gboolean          full_rows)
{
  g_return_if_fail (JX_IS_TIMELINE_CANVAS (self));

  if (jx_canvas_rows_set_full_rows (_jx_timeline_canvas_get_canvas_rows (self), full_rows))
    _jx_timeline_canvas_relayout (self);
}

const JxTimelineRow *
jx_timeline_canvas_get_rows (JxTimelineCanvas *self,
                             guint            *n_rows)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), NULL);
  return jx_canvas_rows_get (_jx_timeline_canvas_get_canvas_rows (self), n_rows);
}

gboolean
jx_timeline_canvas_has_process_header (JxTimelineCanvas *self,
                                       guint32           process)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), FALSE);
  return jx_canvas_rows_has_process_header (_jx_timeline_canvas_get_canvas_rows (self), process);
}
