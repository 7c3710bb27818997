/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-report.h — a window with a loaded trace's processes and streams
 * (event counts, time spans) and its load report (repaired defects), and the
 * one-line description of a trace that its row shows. */
#pragma once

#include <adwaita.h>

#include "jx-trace.h"

G_BEGIN_DECLS

/* name: the trace's name in the comparison (NULL: the trace's own), shown in
 * the title and over the overview. show_report: open on the load report page
 * instead of the overview. */
GtkWidget *jx_trace_report_window_new (GtkWindow  *parent,
                                       JxTrace    *trace,
                                       const char *name,
                                       gboolean   show_report);

/* "2 processes · 4 streams · 120 events · 1.25 s" */
char      *jx_trace_describe          (JxTrace    *trace);

G_END_DECLS
