/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render-diff.h — what `juxtrace-cli render --diff` and `--chart`
 * add to the picture: every trace after the first compared with the first
 * (the reference, as in the window), their diff bars under the rows, or the
 * metric charts of jx-metric-chart.h instead of the timelines. */
#pragma once

#include "jx-comparison-render.h"
#include "jx-comparison-series.h"
#include "jx-metric-chart.h"

G_BEGIN_DECLS

typedef struct
{
  GPtrArray *comparisons;   /* JxComparison, one per lane after the first */
  GPtrArray *owned;         /* buffers the lanes and views point into */
  GPtrArray *bar_sets;      /* JxDiffBarSet, the lanes' diff bars */
  GArray    *views;         /* JxMetricChartView, --chart */
  JxPairingMode pairing;    /* --pairing (init: auto) */
  JxScoring  scoring;       /* --match/--mismatch/--gap (init: the defaults) */
  JxDiffBarMode mode;       /* --diff-mode (init: both) */
  double        band;       /* --band as a fraction (init: 0.10) */
  const JxNamePair *pairs;  /* --pair: overrides of every comparison (borrowed) */
  guint         n_pairs;
  char       ***lane_pairs; /* without --pair: per lane, a flat A, B, … list of
                               overrides (a saved comparison's hand pairings)
                               or NULL; borrowed, may be NULL */
  guint         n_lane_pairs;
} JxCliRenderDiff;

void     jx_cli_render_diff_init        (JxCliRenderDiff         *self);
void     jx_cli_render_diff_clear       (JxCliRenderDiff         *self);

/* Compares lanes[1..n) with lanes[0]; FALSE with error when one fails. */
gboolean jx_cli_render_diff_compare     (JxCliRenderDiff         *self,
                                  JxComparisonLane  *lanes,
                                  guint              n,
                                  GError           **error);
/* --diff: gives the lanes their diff bars (the first lane against the
 * second trace). */
void     jx_cli_render_diff_add_bars    (JxCliRenderDiff         *self,
                                  JxComparisonLane  *lanes,
                                  guint              n);
/* --chart: one block per compared trace over [start_ns, end_ns) of
 * comparison time, width px wide; the line shows the first pair of process
 * `process` (NULL: the least similar pair), the strips every pair. FALSE
 * with error when no pair belongs to that process. */
gboolean jx_cli_render_diff_build_chart (JxCliRenderDiff         *self,
                                  JxComparisonLane  *lanes,
                                  guint              n,
                                  JxSeriesKind       kind,
                                  const char        *process,
                                  gint64             start_ns,
                                  gint64             end_ns,
                                  int                width,
                                  gboolean           dark,
                                  GError           **error);

G_END_DECLS
