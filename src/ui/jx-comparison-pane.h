/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-pane.h — the "Comparison" pane beside the function summary:
 * the metric charts (jx-comparison-charts.h) on the left, the function time
 * difference table (jx-function-diff-table.h) and the similarity list
 * (jx-similarity-list.h) on the right, all for the compared trace's
 * comparison with the reference; a drop-down picks the compared trace when
 * there are several. */
#pragma once

#include <gtk/gtk.h>

#include "jx-comparison-charts.h"
#include "jx-function-diff-table.h"
#include "jx-headline-view.h"
#include "jx-session.h"
#include "jx-similarity-list.h"

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
/* Shows the table ("functions") or the list ("similarity"). */
void                 jx_comparison_pane_show_page          (JxComparisonPane *self,
                                                            const char       *name);

G_END_DECLS
