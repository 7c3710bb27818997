/* jx-trace-row.h — the header of one trace in the comparison: its name and
 * colour, and while loading a progress bar with a cancel button, after a
 * failure the error, once loaded a summary, its offset and its load report. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_TRACE_ROW (jx_trace_row_get_type ())
G_DECLARE_FINAL_TYPE (JxTraceRow, jx_trace_row, JX, TRACE_ROW, GtkWidget)

GtkWidget  *jx_trace_row_new        (JxSession  *session,
                                     guint       index);
guint       jx_trace_row_get_index  (JxTraceRow *self);
/* Indices shift when an earlier trace is removed. */
void        jx_trace_row_set_index  (JxTraceRow *self,
                                     guint       index);
/* Re-reads state, progress, colour and offset from the session. */
void        jx_trace_row_update     (JxTraceRow *self);

/* For tests: the visible state page ("loading", "failed", "loaded") and texts. */
const char *jx_trace_row_get_state_page (JxTraceRow *self);
const char *jx_trace_row_get_summary    (JxTraceRow *self);
const char *jx_trace_row_get_error      (JxTraceRow *self);

/* "2 processes · 4 streams · 120 events · 1.25 s" */
char       *jx_trace_describe       (JxTrace    *trace);

G_END_DECLS
