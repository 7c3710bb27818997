/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-header.h — the line above a trace's timeline: its colour, name,
 * offset (or load progress) and the trace menu (ui/jx-trace-menu.ui), whose
 * "trace" actions come from the enclosing widget. Emits "menu-opening" just
 * before its menu opens. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_TRACE_HEADER (jx_trace_header_get_type ())
G_DECLARE_FINAL_TYPE (JxTraceHeader, jx_trace_header, JX, TRACE_HEADER, GtkWidget)

/* Shows `item` of `session` (once; both stay for the header's lifetime). */
void jx_trace_header_bind (JxTraceHeader  *self,
                           JxSession      *session,
                           JxSessionTrace *item);

/* The line after the name: runtime, offset, "reference", "partial: …"
 * (for tests and accessibility checks). */
const char *jx_trace_header_get_status (JxTraceHeader *self);

G_END_DECLS
