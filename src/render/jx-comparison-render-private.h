/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-render-private.h — what jx-comparison-render.c takes from
 * jx-comparison-render-fold.c: the picture's folded groups (their notes)
 * and SOS overlay (its shared scale and legend). */
#pragma once

#include <pango/pangocairo.h>

#include "jx-comparison-render.h"
#include "jx-timeline-layout.h"

G_BEGIN_DECLS

/* Folded flags per group of the lane's fold for options->fold_kinds; NULL
 * without a fold. Free with g_free. */
guint8  *_jx_comparison_folded_groups    (const JxComparisonLane          *lane,
                                          const JxComparisonRenderOptions *options);
/* Per group of the lane's fold, "busy 75 %" for the folded group rows among
 * rows over [start, end) ticks; NULL without a fold. Free with g_strfreev. */
char   **_jx_comparison_group_notes      (const JxComparisonLane          *lane,
                                          const GArray                    *rows,
                                          gint64                           start,
                                          gint64                           end);
/* The SOS-time scale shared by the lanes' imbalances (ns); FALSE when no
 * lane has segments. */
gboolean _jx_comparison_sos_range        (const JxComparisonLane          *lanes,
                                          guint                            n_lanes,
                                          gint64                          *min_ns,
                                          gint64                          *max_ns);
/* The legend line of the SOS scale at y, LEGEND-high: the function(s),
 * a gradient and its ends. */
void     _jx_comparison_draw_sos_legend  (cairo_t                         *cr,
                                          PangoContext                    *context,
                                          const JxComparisonLane          *lanes,
                                          guint                            n_lanes,
                                          gint64                           min_ns,
                                          gint64                           max_ns,
                                          int                              x,
                                          int                              y,
                                          int                              height,
                                          int                              width,
                                          gboolean                         dark);

/* --- jx-comparison-render-clusters.c: counters --- */

/* Per stream of the lane's trace: a COUNTER row for options->counter_metric;
 * NULL for none. */
guint8  *_jx_comparison_counter_streams  (const JxComparisonLane          *lane,
                                          const JxComparisonRenderOptions *options);
/* The counter's scale over all lanes; FALSE when no lane has it. */
gboolean _jx_comparison_counter_scale    (const JxComparisonLane          *lanes,
                                          guint                            n_lanes,
                                          const JxComparisonRenderOptions *options,
                                          double                          *min,
                                          double                          *max);

/* --- jx-comparison-render-clusters.c --- */

/* The colour of cluster mark `cluster` (an index, or
 * JX_COMPARISON_RENDER_OUTLIER). */
void     _jx_comparison_cluster_color    (guint32                          cluster,
                                          gboolean                         dark,
                                          JxRgba                          *color);
/* A mark's swatch: filled for clusters, a ring for outliers. */
void     _jx_comparison_draw_cluster_swatch (cairo_t                      *cr,
                                          guint32                          cluster,
                                          double                           x,
                                          double                           y,
                                          double                           width,
                                          double                           height,
                                          gboolean                         dark);
/* Marks the first n_rows rows (y from 0) in the label column of
 * label_width px; returns the rows marked. */
guint    _jx_comparison_draw_cluster_marks (cairo_t                      *cr,
                                          const JxComparisonLane          *lane,
                                          const GArray                    *rows,
                                          guint                            n_rows,
                                          int                              label_width,
                                          gboolean                         dark);
/* Whether any lane marks an outlier. */
gboolean _jx_comparison_lanes_have_outliers (const JxComparisonLane       *lanes,
                                          guint                            n_lanes);

G_END_DECLS
