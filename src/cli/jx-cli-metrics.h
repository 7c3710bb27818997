/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-metrics.h — the metrics table of `info` (text, JSON, CSV) and the
 * choice of a metric for `render --metric`. */
#pragma once

#include <json-glib/json-glib.h>

#include "jx-comparison-render.h"
#include "jx-trace.h"

G_BEGIN_DECLS

/* "metrics": [{name, description, unit, display_unit, mode, value_type,
 * samples, streams, display_min, display_max}], "metric_caveats": {...}. */
void     jx_cli_metrics_add_json  (JsonBuilder *builder,
                                   JxTrace     *trace);
/* A "Metrics:" section ("none" without), from the document of `info`
 * (its "metrics" and "metric_caveats", jx_cli_metrics_add_json). */
void     jx_cli_metrics_add_text  (GString     *out,
                                   JsonObject  *info);
/* A header line and a line per metric, from the same document. */
void     jx_cli_metrics_add_csv   (GString     *out,
                                   JsonObject  *info);

/* The common scale of the metric over the lanes' traces; FALSE when none
 * has it. */
gboolean jx_cli_metrics_scale     (const JxComparisonLane         *lanes,
                                   guint                           n_lanes,
                                   const char                     *name,
                                   double                         *min,
                                   double                         *max);
/* "Counter: NAME (unit), N rows, scale LO to HI; in K of M traces". */
void     jx_cli_metrics_print_counter (const JxComparisonLane     *lanes,
                                   guint                           n_lanes,
                                   const char                     *name,
                                   const JxComparisonRenderResult *result);

G_END_DECLS
