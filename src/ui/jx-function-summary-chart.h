/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-summary-chart.h — per trace, for the session's visible window, a
 * bar chart of exclusive time per function (top N, timeline colours). The
 * charts sit side by side with one scale and one function order, so the
 * traces compare at a glance (Vampir's Function Summary in a comparison).
 * Recomputed off the main thread, debounced, when the view, the offsets or
 * the traces change.
 *
 * (Not "JxFunctionBarsView": that is the render layer's view struct.) */
#pragma once

#include <gtk/gtk.h>

#include "jx-function-bars.h"
#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_FUNCTION_SUMMARY_CHART (jx_function_summary_chart_get_type ())
G_DECLARE_FINAL_TYPE (JxFunctionSummaryChart, jx_function_summary_chart, JX, FUNCTION_SUMMARY_CHART, GtkWidget)

GtkWidget                  *jx_function_summary_chart_new         (JxSession              *session);
JxSession                  *jx_function_summary_chart_get_session (JxFunctionSummaryChart *self);
void                        jx_function_summary_chart_set_session (JxFunctionSummaryChart *self,
                                                                   JxSession              *session);
guint                       jx_function_summary_chart_get_top_n   (JxFunctionSummaryChart *self);
void                        jx_function_summary_chart_set_top_n   (JxFunctionSummaryChart *self,
                                                                   guint                   top_n);

G_END_DECLS
