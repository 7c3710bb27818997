/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-panel.h — the Trends page: the scaling study of the session's
 * traces (jx-trend-analysis.h; docs/trend.md). A measure to rank by, a
 * target value to predict at, call paths or functions, the parameter and
 * each trace's value (editable); the ranked table (model in readable form,
 * R², SMAPE, low confidence or too few points, the prediction at the
 * target) and, for the selected row, the plot of its observations and model
 * (jx-trend-chart.h). Picking a row highlights its calls in every timeline.
 * It computes only while shown. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"
#include "jx-trend-analysis.h"
#include "jx-trend-chart.h"

G_BEGIN_DECLS

#define JX_TYPE_TREND_PANEL (jx_trend_panel_get_type ())
G_DECLARE_FINAL_TYPE (JxTrendPanel, jx_trend_panel, JX, TREND_PANEL, GtkWidget)

void             jx_trend_panel_set_session  (JxTrendPanel   *self,
                                              JxSession      *session);
JxTrendAnalysis *jx_trend_panel_get_analysis (JxTrendPanel   *self);
JxTrendChart    *jx_trend_panel_get_chart    (JxTrendPanel   *self);

JxTrendMeasure   jx_trend_panel_get_measure  (JxTrendPanel   *self);
void             jx_trend_panel_set_measure  (JxTrendPanel   *self,
                                              JxTrendMeasure  measure);
/* The rows of the table: series indices of the study, ranked. */
guint            jx_trend_panel_get_n_rows   (JxTrendPanel   *self);
gint             jx_trend_panel_get_row_series (JxTrendPanel *self,
                                                guint         row);
/* The text of a cell (column 0 … 6: rank, name, model, R², SMAPE,
 * confidence, prediction); free with g_free. */
char            *jx_trend_panel_get_cell     (JxTrendPanel   *self,
                                              guint           row,
                                              guint           column);
/* As a click on the row: selects it, plots it, highlights its calls. */
void             jx_trend_panel_activate_row (JxTrendPanel   *self,
                                              guint           row);
/* The status line above the table. */
const char      *jx_trend_panel_get_status   (JxTrendPanel   *self);

G_END_DECLS
