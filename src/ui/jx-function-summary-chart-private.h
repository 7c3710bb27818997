/* jx-function-summary-chart-private.h — what tests read of the chart. */
#pragma once

#include "jx-function-summary-chart.h"

G_BEGIN_DECLS

/* TRUE while a recomputation is pending or running; the bars of `item` from
 * the last finished computation (NULL when none). */
gboolean                    jx_function_summary_chart_is_busy  (JxFunctionSummaryChart *self);
const JxFunctionSummaryBar *jx_function_summary_chart_get_bars (JxFunctionSummaryChart *self,
                                                                JxSessionTrace         *item,
                                                                guint                  *n_bars);

G_END_DECLS
