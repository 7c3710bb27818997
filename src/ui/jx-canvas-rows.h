/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-canvas-rows.h — the rows of a trace's timeline canvas, kept apart from
 * the widget: which processes are collapsed, which one shows its call stack
 * (with the off-thread build of its per-depth pyramids, cancelled when
 * another process is picked, the trace changes or the rows go), the row
 * layout (jx_timeline_layout_new) and the search mask, and lookups on the
 * rows. No GTK: the canvas asks, lays out and draws. */
#pragma once

#include "jx-timeline-layout.h"
#include "jx-timeline-summary.h"

G_BEGIN_DECLS

typedef struct _JxCanvasRows JxCanvasRows;

/* ready (data) runs when the call-stack pyramids asked for are built. */
JxCanvasRows        *jx_canvas_rows_new                    (void           (*ready) (gpointer data),
                                                            gpointer         data);
void                 jx_canvas_rows_free                   (JxCanvasRows    *self);

/* A new trace (NULL: none): nothing collapsed, no call stack, no rows until
 * the next layout. */
void                 jx_canvas_rows_set_trace              (JxCanvasRows    *self,
                                                            JxTrace         *trace);
JxTrace             *jx_canvas_rows_get_trace              (JxCanvasRows    *self);

/* Lays the rows out with `params` (groups, folded groups and diff rows
 * filled in by the caller) plus the collapsed processes, the call-stack
 * process and the row heights given. TRUE when the total height changed. */
gboolean             jx_canvas_rows_layout                 (JxCanvasRows    *self,
                                                            JxTimelineLayoutParams *params);
const JxTimelineRow *jx_canvas_rows_get                    (JxCanvasRows    *self,
                                                            guint           *n_rows);
int                  jx_canvas_rows_get_height             (JxCanvasRows    *self);

/* These return TRUE when something changed (lay out again). */
gboolean             jx_canvas_rows_get_collapsed          (JxCanvasRows    *self,
                                                            guint32          process);
gboolean             jx_canvas_rows_set_collapsed          (JxCanvasRows    *self,
                                                            guint32          process,
                                                            gboolean         collapsed);
void                 jx_canvas_rows_collapse_all           (JxCanvasRows    *self,
                                                            gboolean         collapsed);
/* Readable processes: expanding a process (set_collapsed FALSE on a
 * collapsed one) makes it readable, collapsing it or collapse_all ends
 * that; the call-stack process is readable too. Their rows keep
 * params->readable_height in a compressed layout (jx-timeline-layout.h). */
gboolean             jx_canvas_rows_get_readable           (JxCanvasRows    *self,
                                                            guint32          process);
/* Marks a process readable or not (whatever its collapse); TRUE on a change. */
gboolean             jx_canvas_rows_set_readable           (JxCanvasRows    *self,
                                                            guint32          process,
                                                            gboolean         readable);
/* Readable Rows: every row at full height, never compressed (the canvas
 * scrolls); set returns TRUE on a change. */
gboolean             jx_canvas_rows_get_full_rows          (JxCanvasRows    *self);
gboolean             jx_canvas_rows_set_full_rows          (JxCanvasRows    *self,
                                                            gboolean         full_rows);
guint32              jx_canvas_rows_get_call_stack_process (JxCanvasRows    *self);
/* With a summary its per-depth pyramids are built off the main thread
 * (depth rows are drawn exactly until then). */
gboolean             jx_canvas_rows_set_call_stack_process (JxCanvasRows    *self,
                                                            guint32          process,
                                                            JxTimelineSummary *summary);

/* Function names containing `text` are highlighted (NULL or "": none). */
void                 jx_canvas_rows_set_search             (JxCanvasRows    *self,
                                                            const char      *text);
const guint8        *jx_canvas_rows_get_search_mask        (JxCanvasRows    *self);

/* The first STREAM row of `stream`, -1 for none. */
int                  jx_canvas_rows_find_stream            (JxCanvasRows    *self,
                                                            guint32          stream);
/* TRUE when a process with several streams has its header row. */
gboolean             jx_canvas_rows_has_process_header     (JxCanvasRows    *self,
                                                            guint32          process);

G_END_DECLS
