/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-row.h — the header of one trace in the comparison: its name and
 * colour, and while loading a progress bar with a cancel button, after a
 * failure the error, once loaded a summary, its offset and its load report.
 * Its menu is the trace menu; its buttons are trace actions
 * (jx-trace-actions.h). */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_TRACE_ROW (jx_trace_row_get_type ())
G_DECLARE_FINAL_TYPE (JxTraceRow, jx_trace_row, JX, TRACE_ROW, GtkWidget)

GtkWidget      *jx_trace_row_new      (JxSession      *session,
                                       JxSessionTrace *item);
JxSessionTrace *jx_trace_row_get_item (JxTraceRow     *self);

G_END_DECLS
