/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-processes-panel.h — the Processes page of the side pane: the
 * structural clusters of all loaded traces together (jx-session-clusters.h,
 * docs/cluster.md), largest first, each with its size, representative
 * stream, total time and whether it is an outlier (a single stream).
 * The clusters are computed in a thread from the first time the page is
 * shown, and again when traces come or go; picking a cluster marks its
 * members' rows in every timeline and shows the merged call tree of its
 * streams (jx-session-clusters.h builds it in a thread) as an icicle
 * (jx-merged-icicle-view.h): a click on a frame highlights its function
 * in the timelines and selects its first contributing call. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

/* Rows listed at most; the rest are counted in a last line. */
#define JX_PROCESSES_PANEL_MAX_ROWS 200

#define JX_TYPE_PROCESSES_PANEL (jx_processes_panel_get_type ())
G_DECLARE_FINAL_TYPE (JxProcessesPanel, jx_processes_panel, JX, PROCESSES_PANEL, GtkWidget)

void        jx_processes_panel_set_session  (JxProcessesPanel *self,
                                             JxSession        *session);
/* For tests: the cluster rows listed, the text of one (NULL past the end),
 * the status line, and picking a row as a click does. */
guint       jx_processes_panel_get_n_rows   (JxProcessesPanel *self);
const char *jx_processes_panel_get_row_text (JxProcessesPanel *self,
                                             guint             row);
const char *jx_processes_panel_get_status   (JxProcessesPanel *self);
void        jx_processes_panel_select_row   (JxProcessesPanel *self,
                                             guint             row);

/* "Merge near-equal clusters" with this similarity threshold (0: off), as
 * the check button and its spin button set it. */
void        jx_processes_panel_set_threshold (JxProcessesPanel *self,
                                              double            threshold);
/* "Merge the Custom Set" as a click does: FALSE when the button is
 * insensitive (no custom set, or no clusters yet). */
gboolean    jx_processes_panel_merge_custom  (JxProcessesPanel *self);
/* The icicle of the picked cluster's merged call tree (a
 * JxMergedIcicleView). */
GtkWidget  *jx_processes_panel_get_tree_view (JxProcessesPanel *self);
/* "Open in Window": the same tree in a window of its own (presented; one
 * at most); returns that window's JxMergedIcicleView. */
GtkWidget  *jx_processes_panel_open_tree_window (JxProcessesPanel *self);

G_END_DECLS
