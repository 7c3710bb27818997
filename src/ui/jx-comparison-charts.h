/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-charts.h — the metric timelines of the compared trace's
 * comparison over the session's visible window (dissertation Figs. 4.4,
 * 4.7, 4.9; seed paper Fig. 11): runtime skew and dissimilarity, each as a
 * line chart of the selected stream pair and one colour-coded strip per
 * stream pair, and the execution time difference of matched calls of the
 * selected pair. The selected pair is the one of the selected invocation,
 * else the least similar one. Computed off the main thread (debounced)
 * when the window, the selection, the offsets or the results change; drawn
 * by the render layer (jx-metric-chart.h).
 *
 * A click on a strip or a line selects the reference's call of that pair at
 * that time and brings it into view (win.reveal-selection). */
#pragma once

#include <gtk/gtk.h>

#include "jx-comparison-series.h"
#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_COMPARISON_CHARTS (jx_comparison_charts_get_type ())
G_DECLARE_FINAL_TYPE (JxComparisonCharts, jx_comparison_charts, JX, COMPARISON_CHARTS, GtkWidget)

GtkWidget *jx_comparison_charts_new           (void);
void       jx_comparison_charts_set_session   (JxComparisonCharts *self,
                                               JxSession          *session);
/* For tests: a computation is pending or running; the stream pairs shown
 * as strips; the index (in the comparison) of the line's pair, G_MAXUINT
 * for none; the buckets of a series (NULL when none). */
gboolean   jx_comparison_charts_is_busy       (JxComparisonCharts *self);
guint      jx_comparison_charts_get_n_strips  (JxComparisonCharts *self);
guint      jx_comparison_charts_get_line_pair (JxComparisonCharts *self);
const JxSeriesBucket *jx_comparison_charts_get_line (JxComparisonCharts *self,
                                                     JxSeriesKind        kind,
                                                     guint              *n_buckets);

G_END_DECLS
