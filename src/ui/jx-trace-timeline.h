/* jx-trace-timeline.h — the master timeline of one trace of the session: a
 * header (name, offset, menu) above its rows on the trace's background colour.
 * JxMasterTimeline stacks one per trace; it can also be used on its own.
 *
 * Mouse: drag selects a time range and zooms to it; Alt+drag (or any drag in
 * shift mode) shifts the trace; middle-, right- or Ctrl+drag pans; Ctrl+wheel
 * and pinch zoom at the pointer; Shift+wheel and horizontal scrolling pan;
 * click selects an invocation; right click opens the trace's menu; click on a
 * process expander collapses it; double click on a process label toggles its
 * call-stack mode.
 *
 * Keyboard (focus in the rows): Alt+Left/Right shift the trace by a
 * twentieth of the window; Shift+F10 or Menu open the trace's menu; Return
 * selects the invocation in the middle of the window (first stream row),
 * "." / "," the next / previous one on its stream, Up / Down the one at the
 * same moment on the stream above / below, Page Up / Page Down its caller /
 * first callee, Escape clears the selection.
 *
 * Actions (group "trace"): set-offset, reset-offset, change-color, remove,
 * make-reference, call-stack (u: process index, toggles), collapse-process
 * (u: process index, toggles), shift-earlier,
 * shift-later, select-first, select-next, select-previous, select-up,
 * select-down, select-parent, select-child, select-none. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_TRACE_TIMELINE (jx_trace_timeline_get_type ())
G_DECLARE_FINAL_TYPE (JxTraceTimeline, jx_trace_timeline, JX, TRACE_TIMELINE, GtkWidget)

typedef enum
{
  JX_TIMELINE_DRAG_SELECT,   /* select a range, zoom to it on release */
  JX_TIMELINE_DRAG_PAN,      /* move the visible window */
  JX_TIMELINE_DRAG_SHIFT,    /* move this trace in time (one undo step) */
} JxTimelineDragMode;

GtkWidget *jx_trace_timeline_new                (JxSession       *session,
                                                 guint            trace_index);
JxSession *jx_trace_timeline_get_session        (JxTraceTimeline *self);
guint      jx_trace_timeline_get_trace_index    (JxTraceTimeline *self);
void       jx_trace_timeline_set_label_width    (JxTraceTimeline *self,
                                                 int              label_width);
int        jx_trace_timeline_get_label_width    (JxTraceTimeline *self);
gboolean   jx_trace_timeline_get_shift_mode     (JxTraceTimeline *self);
void       jx_trace_timeline_set_shift_mode     (JxTraceTimeline *self,
                                                 gboolean         shift_mode);
gboolean   jx_trace_timeline_get_show_messages  (JxTraceTimeline *self);
void       jx_trace_timeline_set_show_messages  (JxTraceTimeline *self,
                                                 gboolean         show_messages);

/* Process whose streams show their nesting levels, JX_NONE for none. */
guint32    jx_trace_timeline_get_call_stack_process (JxTraceTimeline *self);
void       jx_trace_timeline_set_call_stack_process (JxTraceTimeline *self,
                                                     guint32          process);
void       jx_trace_timeline_set_process_collapsed  (JxTraceTimeline *self,
                                                     guint32          process,
                                                     gboolean         collapsed);

/* The drawing area (rows and label column), e.g. for coordinates in tests. */
GtkWidget *jx_trace_timeline_get_canvas         (JxTraceTimeline *self);
/* Vertical span of the first row showing `stream`, in canvas coordinates
 * (scrolling applied). FALSE when the stream has no row (collapsed, unloaded). */
gboolean   jx_trace_timeline_get_stream_span    (JxTraceTimeline *self,
                                                 guint32          stream,
                                                 int             *y,
                                                 int             *height);
/* Comparison ns at canvas x, with the session's current view. */
gint64     jx_trace_timeline_x_to_ns            (JxTraceTimeline *self,
                                                 double           x);

/* The gesture logic, callable without input devices (tests, accessibility):
 * positions are canvas coordinates, offsets relative to the start point. */
void       jx_trace_timeline_drag_begin         (JxTraceTimeline   *self,
                                                 JxTimelineDragMode mode,
                                                 double             x,
                                                 double             y);
void       jx_trace_timeline_drag_update        (JxTraceTimeline   *self,
                                                 double             dx,
                                                 double             dy);
void       jx_trace_timeline_drag_end           (JxTraceTimeline   *self,
                                                 double             dx,
                                                 double             dy);
void       jx_trace_timeline_click              (JxTraceTimeline   *self,
                                                 double             x,
                                                 double             y);
/* What a click gesture's release does: primary selects (double on a label
 * folds), secondary opens the trace menu at (x, y) unless the press dragged. */
void       jx_trace_timeline_release            (JxTraceTimeline   *self,
                                                 guint              button,
                                                 int                n_press,
                                                 double             x,
                                                 double             y);
/* The context menu popover, NULL before the first right click. */
GtkWidget *jx_trace_timeline_get_context_menu   (JxTraceTimeline   *self);
void       jx_trace_timeline_zoom_at            (JxTraceTimeline   *self,
                                                 double             factor,
                                                 double             x);
/* Text of the hover tooltip at (x, y), NULL when nothing is there. */
char      *jx_trace_timeline_dup_tooltip_markup (JxTraceTimeline   *self,
                                                 double             x,
                                                 double             y);

G_END_DECLS
