/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-report-view.h — what an automatic alignment did (a
 * JxAlignReport, jx-session-align.h), one row per trace: its colour and
 * name, the matched process and stream, the chosen invocation (or marker),
 * the profile error, and the offset applied — or why it was left where it
 * was. Shown in the window's report popover; the one-line summary serves
 * the toast of a narrow window. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session-align.h"

G_BEGIN_DECLS

#define JX_TYPE_ALIGN_REPORT_VIEW (jx_align_report_view_get_type ())
G_DECLARE_FINAL_TYPE (JxAlignReportView, jx_align_report_view, JX, ALIGN_REPORT_VIEW, GtkWidget)

GtkWidget     *jx_align_report_view_new        (void);
/* Shows `report` (NULL: nothing); dark picks the swatches' colours. */
void           jx_align_report_view_set_report (JxAlignReportView *self,
                                                JxAlignReport     *report,
                                                gboolean           dark);
JxAlignReport *jx_align_report_view_get_report (JxAlignReportView *self);

/* For tests: the rows shown and the text of one (name and details). */
guint          jx_align_report_view_get_n_rows (JxAlignReportView *self);
char          *jx_align_report_view_dup_row_text (JxAlignReportView *self,
                                                  guint              index);

/* "Aligned 2 traces at the start of “stencil_kernel”; 1 left where it was
 * (no such function)". */
char          *jx_align_report_dup_summary     (JxAlignReport     *report);
/* The details line of one entry, as the rows show it. */
char          *jx_align_entry_dup_details      (JxAlignReport      *report,
                                                const JxAlignEntry *entry);

G_END_DECLS
