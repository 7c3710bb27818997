/* SPDX-License-Identifier: GPL-3.0-or-later */
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
 * Actions (group "trace"): those of JxTraceActions (jx-trace-actions.h), and
 * call-stack and collapse-process (u: process index, toggle), show-call-stack,
 * hide-call-stack, expand-process and fold-process (the process the menu was
 * opened on; disabled otherwise), select-first, select-next,
 * select-previous, select-up, select-down, select-parent, select-child,
 * select-none.
 *
 * The header, the rows (jx-timeline-canvas.h), the gestures
 * (jx-trace-timeline-gestures.c) and the actions (jx-trace-timeline-actions.c)
 * are separate; this file puts them together. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_TRACE_TIMELINE (jx_trace_timeline_get_type ())
G_DECLARE_FINAL_TYPE (JxTraceTimeline, jx_trace_timeline, JX, TRACE_TIMELINE, GtkWidget)

GtkWidget      *jx_trace_timeline_new                    (JxSession       *session,
                                                          JxSessionTrace  *item);
JxSession      *jx_trace_timeline_get_session            (JxTraceTimeline *self);
JxSessionTrace *jx_trace_timeline_get_item               (JxTraceTimeline *self);
void            jx_trace_timeline_set_label_width        (JxTraceTimeline *self,
                                                          int              label_width);
int             jx_trace_timeline_get_label_width        (JxTraceTimeline *self);

/* Process whose streams show their nesting levels, JX_NONE for none. */
guint32         jx_trace_timeline_get_call_stack_process (JxTraceTimeline *self);
void            jx_trace_timeline_set_call_stack_process (JxTraceTimeline *self,
                                                          guint32          process);
void            jx_trace_timeline_set_process_collapsed  (JxTraceTimeline *self,
                                                          guint32          process,
                                                          gboolean         collapsed);
/* Whether stream group `group` of the item's groups (jx-stream-groups.h)
 * is drawn folded (a process group: collapsed), and folding it; what a
 * saved comparison keeps. */
gboolean        jx_trace_timeline_get_group_folded       (JxTraceTimeline *self,
                                                          guint32          group);
void            jx_trace_timeline_set_group_folded       (JxTraceTimeline *self,
                                                          guint32          group,
                                                          gboolean         folded);
/* Readable Rows (the trace menu's toggle) and the processes shown
 * readable (expanded to full-height rows in a compressed layout): what a
 * saved comparison keeps of the rows. */
gboolean        jx_trace_timeline_get_readable_rows      (JxTraceTimeline *self);
void            jx_trace_timeline_set_readable_rows      (JxTraceTimeline *self,
                                                          gboolean         readable_rows);
gboolean        jx_trace_timeline_get_process_readable   (JxTraceTimeline *self,
                                                          guint32          process);
void            jx_trace_timeline_set_process_readable   (JxTraceTimeline *self,
                                                          guint32          process,
                                                          gboolean         readable);
/* Scrolls the rows just enough to show `stream`'s row (and its diff bar). */
void            jx_trace_timeline_reveal_stream          (JxTraceTimeline *self,
                                                          guint32          stream);
/* The same, but a row out of view becomes the first row shown (the rows
 * after it, a cluster's next members, follow below). */
void            jx_trace_timeline_reveal_stream_at_top   (JxTraceTimeline *self,
                                                          guint32          stream);

G_END_DECLS
