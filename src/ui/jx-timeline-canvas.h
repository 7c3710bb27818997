/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-canvas.h — the drawing surface of one trace's timeline: its
 * rows on the trace's tint, for the session's visible window, with the
 * selection, search, messages and marker flags the session asks for. It
 * lays out the rows (processes collapse, one process may show its call
 * stack), scrolls them through its vertical adjustment, and answers what is
 * under a point (the render layer's hit test, on the frame on screen).
 *
 * It asks for a few rows at least and all rows naturally, so that the
 * master timeline gives small traces what they need and shares the rest of
 * the height. Drawing is the render layer's (JxTimelineRenderer) with the
 * item's timeline summary once it is built. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"
#include "jx-timeline-renderer.h"

G_BEGIN_DECLS

#define JX_TIMELINE_ROW_HEIGHT 18

#define JX_TYPE_TIMELINE_CANVAS (jx_timeline_canvas_get_type ())
G_DECLARE_FINAL_TYPE (JxTimelineCanvas, jx_timeline_canvas, JX, TIMELINE_CANVAS, GtkWidget)

/* Shows `item` of `session` (once; both stay for the canvas's lifetime). */
void                 jx_timeline_canvas_bind                   (JxTimelineCanvas *self,
                                                                JxSession        *session,
                                                                JxSessionTrace   *item);
int                  jx_timeline_canvas_get_label_width        (JxTimelineCanvas *self);
void                 jx_timeline_canvas_set_label_width        (JxTimelineCanvas *self,
                                                                int               label_width);
GtkAdjustment       *jx_timeline_canvas_get_vadjustment        (JxTimelineCanvas *self);

/* The loaded trace (NULL before) and its rows, top to bottom. */
JxTrace             *jx_timeline_canvas_get_trace              (JxTimelineCanvas *self);
const JxTimelineRow *jx_timeline_canvas_get_rows               (JxTimelineCanvas *self,
                                                                guint            *n_rows);
/* Row at canvas y (scrolling applied), -1 for none. */
int                  jx_timeline_canvas_row_at                 (JxTimelineCanvas *self,
                                                                double            y);
/* Vertical span of the first row showing `stream`, canvas coordinates. */
gboolean             jx_timeline_canvas_get_stream_span        (JxTimelineCanvas *self,
                                                                guint32           stream,
                                                                int              *y,
                                                                int              *height);
/* Scrolls the rows just enough to show `stream`'s row. */
void                 jx_timeline_canvas_scroll_to_stream       (JxTimelineCanvas *self,
                                                                guint32           stream);

/* Process whose streams show their nesting levels, JX_NONE for none. */
guint32              jx_timeline_canvas_get_call_stack_process (JxTimelineCanvas *self);
void                 jx_timeline_canvas_set_call_stack_process (JxTimelineCanvas *self,
                                                                guint32           process);
gboolean             jx_timeline_canvas_get_process_collapsed  (JxTimelineCanvas *self,
                                                                guint32           process);
void                 jx_timeline_canvas_set_process_collapsed  (JxTimelineCanvas *self,
                                                                guint32           process,
                                                                gboolean          collapsed);
/* Readable processes keep full-height rows while the others compress to
 * fit (issue 19): expanding a collapsed process makes it readable,
 * collapsing it or Expand/Collapse All ends that; the call-stack process is
 * readable too. set_process_readable also covers expanded processes and
 * processes of one stream (the menu's Expand Process in a squeezed lane). */
gboolean             jx_timeline_canvas_get_process_readable   (JxTimelineCanvas *self,
                                                                guint32           process);
void                 jx_timeline_canvas_set_process_readable   (JxTimelineCanvas *self,
                                                                guint32           process,
                                                                gboolean          readable);
/* Readable Rows (vertical zoom): every row at full height, the canvas
 * scrolls instead of compressing them; FALSE (the default) compresses. */
gboolean             jx_timeline_canvas_get_full_rows          (JxTimelineCanvas *self);
void                 jx_timeline_canvas_set_full_rows          (JxTimelineCanvas *self,
                                                                gboolean          full_rows);
/* TRUE when the rows are compressed to fit the canvas (below full height). */
gboolean             jx_timeline_canvas_get_compressed         (JxTimelineCanvas *self);
/* The stream groups the rows follow (the item's, see jx-stream-groups.h);
 * NULL before the trace loads. Groups fold by index: a process group
 * through its process's collapse, the others by their key, so that a
 * group stays folded when the grouping changes and comes back. */
JxStreamGroups      *jx_timeline_canvas_get_groups             (JxTimelineCanvas *self);
gboolean             jx_timeline_canvas_get_group_folded       (JxTimelineCanvas *self,
                                                                guint32           group);
void                 jx_timeline_canvas_set_group_folded       (JxTimelineCanvas *self,
                                                                guint32           group,
                                                                gboolean          folded);
/* TRUE while the notes of folded rows are still being computed. */
gboolean             jx_timeline_canvas_is_busy                (JxTimelineCanvas *self);

/* A process with several streams has a header row (with an expander). */
gboolean             jx_timeline_canvas_has_process_header     (JxTimelineCanvas *self,
                                                                guint32           process);

/* Pixels of the time area (right of the label column), and comparison ns at
 * canvas x with the session's current window. */
double               jx_timeline_canvas_get_time_width         (JxTimelineCanvas *self);
gint64               jx_timeline_canvas_x_to_ns                (JxTimelineCanvas *self,
                                                                double            x);

/* Everything drawn at (x, y) (jx_timeline_renderer_hit) in the frame on
 * screen; FALSE while nothing is loaded. A marker found is
 * jx_timeline_canvas_get_marker (hit.marker). */
gboolean             jx_timeline_canvas_hit                    (JxTimelineCanvas *self,
                                                                double            x,
                                                                double            y,
                                                                JxTimelineHit    *hit);
JxSessionMarker     *jx_timeline_canvas_get_marker             (JxTimelineCanvas *self,
                                                                int               index);
/* Text of the hover tooltip at (x, y), NULL when nothing is there. It reads
 * the view of the frame on screen: neither builds a view nor samples. */
char                *jx_timeline_canvas_dup_tooltip_markup     (JxTimelineCanvas *self,
                                                                double            x,
                                                                double            y);

G_END_DECLS
