/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-pane.h — the "Comparison" pane beside the function summary:
 * the headline (jx-headline-view.h) on top, then three views of the
 * compared trace's comparison with the reference — the overview (the
 * metric charts of jx-comparison-charts.h on the left, the function time
 * difference table of jx-function-diff-table.h and the similarity list of
 * jx-similarity-list.h on the right), the differential call tree
 * (jx-diff-tree-view.h) and its flame graph (jx-flame-view.h); the diff-bar
 * controls (jx-diff-controls.h) and legend; a drop-down picks the compared
 * trace when there are several. */
#pragma once

#include <gtk/gtk.h>

#include "jx-comparison-charts.h"
#include "jx-diff-tree-view.h"
#include "jx-flame-view.h"
#include "jx-function-diff-table.h"
#include "jx-headline-view.h"
#include "jx-session.h"
#include "jx-similarity-list.h"
#include "jx-trend-panel.h"

G_BEGIN_DECLS

#define JX_TYPE_COMPARISON_PANE (jx_comparison_pane_get_type ())
G_DECLARE_FINAL_TYPE (JxComparisonPane, jx_comparison_pane, JX, COMPARISON_PANE, GtkWidget)

void                 jx_comparison_pane_set_session        (JxComparisonPane *self,
                                                            JxSession        *session);
JxComparisonCharts  *jx_comparison_pane_get_charts         (JxComparisonPane *self);
JxFunctionDiffTable *jx_comparison_pane_get_function_table (JxComparisonPane *self);
JxSimilarityList    *jx_comparison_pane_get_similarity     (JxComparisonPane *self);
/* The headline at the top (jx-headline-view.h). */
JxHeadlineView      *jx_comparison_pane_get_headline       (JxComparisonPane *self);
/* The differential call tree's table and flame graph (their pages). */
JxDiffTreeView      *jx_comparison_pane_get_tree_view      (JxComparisonPane *self);
JxFlameView         *jx_comparison_pane_get_flame_view     (JxComparisonPane *self);
/* The scaling study of all traces (its page, "trends"). */
JxTrendPanel        *jx_comparison_pane_get_trend_panel    (JxComparisonPane *self);
/* Shows a view of the whole pane ("overview", "tree", "flame", "trends") or, in the
 * overview, the table ("functions") or the list ("similarity"). */
void                 jx_comparison_pane_show_page          (JxComparisonPane *self,
                                                            const char       *name);
/* What is shown: "tree" or "flame" (the pane's views), else the overview's
 * table, "functions" or "similarity". */
const char          *jx_comparison_pane_get_page           (JxComparisonPane *self);

G_END_DECLS
