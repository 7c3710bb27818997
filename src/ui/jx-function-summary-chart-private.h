/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-summary-chart-private.h — what tests read of the chart, and
 * what its files share. */
#pragma once

#include "jx-function-summary-chart.h"

G_BEGIN_DECLS

/* TRUE while a recomputation is pending or running; the bars of `item` from
 * the last finished computation (NULL when none). */
gboolean                    jx_function_summary_chart_is_busy  (JxFunctionSummaryChart *self);
const JxFunctionSummaryBar *jx_function_summary_chart_get_bars (JxFunctionSummaryChart *self,
                                                                JxSessionTrace         *item,
                                                                guint                  *n_bars);

/* The trace and function of the bar at (x, y), FALSE when none. */
gboolean                    jx_function_summary_chart_function_at (JxFunctionSummaryChart *self,
                                                                   double                  x,
                                                                   double                  y,
                                                                   JxSessionTrace        **item,
                                                                   guint32                *region);

/* jx-function-summary-menu.c: the bars' menu ("Align All Traces at the Next
 * Invocation of This Function"). */
void                        _jx_function_summary_chart_class_init_menu (GtkWidgetClass     *widget_class);
void                        _jx_function_summary_chart_init_menu  (JxFunctionSummaryChart *self);
void                        _jx_function_summary_chart_dispose_menu (JxFunctionSummaryChart *self);
/* What the menu item does, for the bar of `region` in `item`'s column. */
gboolean                    jx_function_summary_chart_align_next  (JxFunctionSummaryChart *self,
                                                                   JxSessionTrace         *item,
                                                                   guint32                 region);

G_END_DECLS
