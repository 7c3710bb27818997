/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-render.h — a whole comparison as one picture, drawn the way
 * the window's timelines draw it: the time ruler on top, then one lane per
 * trace on one shared axis of comparison time (each trace's start at 0 plus
 * its offset), each lane on the trace's tint with a header (swatch, name,
 * offset when non-zero) and the rows of jx_timeline_layout_new() below it,
 * then a legend of the functions and categories that appear in the picture.
 *
 * Cairo and Pango only: it draws into any cairo context (image, SVG and PDF
 * surfaces in `juxtrace-cli render`, or a widget's node).
 *
 * Height: with height <= 0 the picture is as tall as its rows need at
 * max_row_height (jx_comparison_render_measure_height() tells how tall),
 * unless that passes JX_COMPARISON_RENDER_MAX_SIDE: then, as for a given
 * height, the rows share the height left by the ruler, lane headers and
 * legend, between min_row_height and max_row_height px (with a given height,
 * up to JX_COMPARISON_RENDER_GROW_ROW_HEIGHT, so the picture is used; rows
 * too low for every label name those that fit and the lane says "N
 * streams"). When the stream rows
 * would get too low for their labels (JX_COMPARISON_RENDER_LABEL_ROW_HEIGHT),
 * processes with several streams are drawn collapsed, one aggregate row each,
 * as the window's collapsed processes (unless expand_all). Rows that do not
 * fit even at the minimum height are left out and each lane that lost rows
 * says so. */
#pragma once

#include <cairo.h>

#include "jx-imbalance.h"
#include "jx-rgba.h"
#include "jx-timeline-fold.h"
#include "jx-timeline-layout.h"
#include "jx-timeline-summary.h"
#include "jx-trace.h"

G_BEGIN_DECLS

#define JX_COMPARISON_RENDER_RULER_HEIGHT  30
#define JX_COMPARISON_RENDER_HEADER_HEIGHT 24
#define JX_COMPARISON_RENDER_LABEL_ROW_HEIGHT 12
/* Rows of a picture with a given height grow up to this (px). */
#define JX_COMPARISON_RENDER_GROW_ROW_HEIGHT  64
#define JX_COMPARISON_RENDER_MAX_SIDE      20000

typedef struct
{
  JxTrace           *trace;
  JxTimelineSummary *summary;     /* of trace; NULL = rows are walked exactly (small traces) */
  const char        *name;        /* lane header; NULL = jx_trace_get_name() */
  gint64             offset_ns;   /* where the trace's start lies in comparison time */
  JxRgba             tint;        /* lane background */
  JxRgba             accent;      /* swatch and name */
  JxTimelineFold    *fold;        /* of trace (its summary); NULL = rows by process only */
  JxImbalance       *imbalance;   /* of trace; NULL = no SOS overlay in this lane */
  /* Diff bars under the streams that have one: trace's side of a
   * comparison (jx-diff-bar-set.h); NULL = none. The legend then explains
   * their colours. */
  const JxDiffBarSet *diff_bars;
  /* Structural clusters (jx-cluster.h), per stream of trace: the cluster
   * to mark in the label column (an index into the options' cluster names),
   * JX_COMPARISON_RENDER_OUTLIER for a stream alone in its cluster, JX_NONE
   * for no mark; NULL = no marks in this lane. */
  const guint32           *clusters;
} JxComparisonLane;

#define JX_COMPARISON_RENDER_OUTLIER (JX_NONE - 1)

/* Fills lane for trace with no summary, offset 0 and the palette's tint and
 * accent of the index-th trace. */
void     jx_comparison_lane_init (JxComparisonLane *lane,
                                  JxTrace          *trace,
                                  guint             index,
                                  gboolean          dark);

typedef struct
{
  int         width;            /* px */
  int         height;           /* px; <= 0 = as tall as the rows need (default) */
  gint64      start_ns;         /* window in comparison time; start_ns >= end_ns = everything */
  gint64      end_ns;
  gboolean    dark;
  const char *process;          /* only rows of the process with this name; NULL = all */
  int         label_width;      /* px of the row-label column (default 180) */
  int         min_row_height;   /* px (default 3) */
  int         max_row_height;   /* px (default 18, as the window) */
  gboolean    show_messages;    /* message lines when few enough are in view (default FALSE) */
  gboolean    show_markers;     /* default TRUE */
  gboolean    show_legend;      /* default TRUE */
  gboolean    expand_all;       /* never collapse processes (default FALSE) */
  /* Lanes with a fold lay rows out by its groups; groups of the kinds in
   * fold_kinds (bits 1 << JxStreamGroupKind) are drawn folded, with the
   * share of the window their streams were busy as a note (default 0). */
  guint       fold_kinds;
  /* The SOS-time overlay of lanes with an imbalance, on one scale for all
   * of them, with its legend (default FALSE). */
  gboolean    show_sos;
  /* Lanes with clusters: a colour mark per stream row at the right of the
   * label column (a collapsed process row shows its streams' marks side by
   * side), and a legend entry per cluster named here, plus one for the
   * outliers (default none). Colours repeat after JX_COMPARISON_RENDER_CLUSTER_COLORS. */
  const char * const *cluster_names;
  guint       n_cluster_names;
  /* A COUNTER row under every stream with samples of the metric of this
   * name (jx-timeline-counter.h), one value scale for all lanes (default
   * NULL: none). */
  const char *counter_metric;
} JxComparisonRenderOptions;

#define JX_COMPARISON_RENDER_CLUSTER_COLORS 10

void     jx_comparison_render_options_init (JxComparisonRenderOptions *options);

/* From the earliest lane start to the latest lane end, in comparison ns.
 * FALSE (and 0, 0) without lanes. */
gboolean jx_comparison_render_get_extent   (const JxComparisonLane *lanes,
                                            guint                   n_lanes,
                                            gint64                 *start_ns,
                                            gint64                 *end_ns);

/* What a draw did, for the caller's report and for tests. */
typedef struct
{
  int     width;                /* px of the picture */
  int     height;
  gint64  start_ns;             /* the window drawn */
  gint64  end_ns;
  int     time_x;               /* the time area spans [time_x, time_x + time_width) px */
  int     time_width;
  int     row_height;           /* px */
  guint   n_rows;               /* rows drawn, over all lanes */
  guint   n_rows_hidden;        /* rows that did not fit */
  guint   n_diff_bars;          /* diff bars drawn under stream rows */
  guint   n_lanes_without_process; /* lanes whose trace has no such process */
  gboolean collapsed;           /* processes were drawn collapsed */
  guint   n_legend_entries;     /* entries drawn */
  guint   n_legend_hidden;      /* entries that did not fit */
  guint   n_folded;             /* folded group rows drawn */
  gboolean sos;                 /* the SOS overlay was drawn */
  gint64  sos_min_ns;           /* its scale */
  gint64  sos_max_ns;
  guint   n_cluster_marks;      /* rows marked by cluster */
  guint   n_counter_rows;       /* COUNTER rows drawn (counted apart from n_rows) */
  double  counter_min;          /* their common scale */
  double  counter_max;
} JxComparisonRenderResult;

/* The height a draw with these options takes: options->height when set. */
int      jx_comparison_render_measure_height (const JxComparisonLane          *lanes,
                                              guint                            n_lanes,
                                              const JxComparisonRenderOptions *options);

/* Draws into [0, width) x [0, measured height) of cr. result may be NULL. */
void     jx_comparison_render_draw         (cairo_t                         *cr,
                                            const JxComparisonLane          *lanes,
                                            guint                            n_lanes,
                                            const JxComparisonRenderOptions *options,
                                            JxComparisonRenderResult        *result);

G_END_DECLS
