/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-timeline-private.h — the parts of a trace's timeline shared by its
 * files (jx-trace-timeline.c, -gestures.c, -actions.c), and the gesture
 * logic and geometry the tests drive without input devices. */
#pragma once

#include "jx-time-drag.h"
#include "jx-timeline-canvas.h"
#include "jx-trace-actions.h"
#include "jx-trace-header.h"
#include "jx-trace-timeline.h"

G_BEGIN_DECLS

typedef enum
{
  JX_TIMELINE_DRAG_SELECT,   /* select a range, zoom to it on release */
  JX_TIMELINE_DRAG_PAN,      /* move the visible window */
  JX_TIMELINE_DRAG_SHIFT,    /* move this trace in time (jx-offset-drag.h) */
} JxTimelineDragMode;

struct _JxTraceTimeline
{
  GtkWidget           parent_instance;

  JxSession          *session;
  JxSessionTrace     *item;
  JxTraceActions     *actions;       /* inserted as "trace"; owned by the widget */

  JxTraceHeader      *header;
  GtkWidget          *overlay;
  JxTimelineCanvas   *canvas;
  GtkWidget          *scrollbar;
  guint               scrollbar_source; /* idle showing or hiding it */

  GtkWidget          *context_menu;
  guint               popup_source;
  /* The process the open trace menu acts on (the row it was opened on),
   * the time it was opened at and the marker flag under it. */
  guint32             menu_process;
  gint64              menu_ns;
  JxSessionMarker    *menu_marker;
  /* ... and the stream, for the stream pair's structural view. */
  guint32             menu_stream;

  gboolean            dragging;
  JxTimelineDragMode  drag_mode;
  JxTimeDrag          drag;
  double              drag_y;
  gboolean            drag_moved;
  guint               offset_drag;   /* id of a SHIFT drag (jx-offset-drag.h) */

  double              pointer_x;
  double              pinch_x;
  JxTimeSpan          pinch_view;
};

/* jx-trace-timeline-gestures.c */
void       _jx_trace_timeline_init_gestures      (JxTraceTimeline   *self);
/* Ends a drag that is still going (the widget goes away). */
void       _jx_trace_timeline_cancel_drag        (JxTraceTimeline   *self);

/* jx-trace-timeline-actions.c */
void       _jx_trace_timeline_class_init_actions (GtkWidgetClass    *widget_class);
void       _jx_trace_timeline_init_actions       (JxTraceTimeline   *self);
/* Opens the trace menu at (x, y) of the canvas, for the process of that row. */
void       _jx_trace_timeline_popup_menu         (JxTraceTimeline   *self,
                                                  double             x,
                                                  double             y);
/* Enables or disables one of the "trace" actions. */
void       _jx_trace_timeline_set_action_enabled (JxTraceTimeline *self,
                                                  const char      *name,
                                                  gboolean         enabled);
/* Enables the per-process menu items for `process` (JX_NONE: none). */
void       _jx_trace_timeline_set_menu_process   (JxTraceTimeline   *self,
                                                  guint32            process);

/* jx-trace-timeline-markers.c: Align All Traces Here, Add Marker Here…,
 * Remove Marker; enabled for where the menu opens (the selected invocation
 * when it is in this trace, the time at x, the flag at (x, y)). */
void       _jx_trace_timeline_init_marker_actions (JxTraceTimeline *self);
void       _jx_trace_timeline_set_menu_point     (JxTraceTimeline   *self,
                                                  double             x,
                                                  double             y);

/* For tests. The drawing area (rows and label column); the vertical span of
 * the first row showing `stream` in canvas coordinates (FALSE when the stream
 * has no row); comparison ns at canvas x. */
GtkWidget *jx_trace_timeline_get_canvas          (JxTraceTimeline   *self);
gboolean   jx_trace_timeline_get_stream_span     (JxTraceTimeline   *self,
                                                  guint32            stream,
                                                  int               *y,
                                                  int               *height);
gint64     jx_trace_timeline_x_to_ns             (JxTraceTimeline   *self,
                                                  double             x);
/* The gesture logic: positions are canvas coordinates, offsets relative to
 * the start point. */
void       jx_trace_timeline_drag_begin          (JxTraceTimeline   *self,
                                                  JxTimelineDragMode mode,
                                                  double             x,
                                                  double             y);
void       jx_trace_timeline_drag_update         (JxTraceTimeline   *self,
                                                  double             dx,
                                                  double             dy);
void       jx_trace_timeline_drag_end            (JxTraceTimeline   *self,
                                                  double             dx,
                                                  double             dy);
void       jx_trace_timeline_click               (JxTraceTimeline   *self,
                                                  double             x,
                                                  double             y);
/* What a click gesture's release does: primary selects (double on a label
 * folds), secondary opens the trace menu at (x, y) unless the press dragged. */
void       jx_trace_timeline_release             (JxTraceTimeline   *self,
                                                  guint              button,
                                                  int                n_press,
                                                  double             x,
                                                  double             y);
void       jx_trace_timeline_zoom_at             (JxTraceTimeline   *self,
                                                  double             factor,
                                                  double             x);
/* The context menu popover, NULL before the first right click. */
GtkWidget *jx_trace_timeline_get_context_menu    (JxTraceTimeline   *self);
/* Text of the hover tooltip at (x, y), NULL when nothing is there. */
char      *jx_trace_timeline_dup_tooltip_markup  (JxTraceTimeline   *self,
                                                  double             x,
                                                  double             y);

G_END_DECLS
