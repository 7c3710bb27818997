/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-render-clusters.c — `render --clusters`: rows marked by
 * their structural cluster (jx-cluster.h) in the label column. A mark is a
 * small bar at the column's right edge, in the cluster's colour; an
 * outlier's is a ring, so that one look tells the many alike from the few
 * apart. */
#include "config.h"

#include "jx-comparison-render-private.h"
#include "jx-palette.h"
#include "jx-timeline-counter.h"

#define MARK_WIDTH  7
#define MARK_MARGIN 3

/* Ten distinct hues (Tableau 10), the first for the largest cluster. */
static const JxRgba cluster_colors[JX_COMPARISON_RENDER_CLUSTER_COLORS] = {
  { 0.306f, 0.475f, 0.655f, 1.0f },
  { 0.949f, 0.557f, 0.169f, 1.0f },
  { 0.349f, 0.631f, 0.310f, 1.0f },
  { 0.882f, 0.341f, 0.349f, 1.0f },
  { 0.463f, 0.718f, 0.698f, 1.0f },
  { 0.929f, 0.788f, 0.282f, 1.0f },
  { 0.690f, 0.478f, 0.631f, 1.0f },
  { 1.000f, 0.616f, 0.655f, 1.0f },
  { 0.612f, 0.459f, 0.373f, 1.0f },
  { 0.729f, 0.690f, 0.675f, 1.0f },
};

void
_jx_comparison_cluster_color (guint32   cluster,
                              gboolean  dark,
                              JxRgba   *color)
{
  if (cluster == JX_COMPARISON_RENDER_OUTLIER)
    *color = dark ? (JxRgba) { 1.0f, 0.45f, 0.40f, 1.0f } : (JxRgba) { 0.80f, 0.10f, 0.10f, 1.0f };
  else
    *color = cluster_colors[cluster % JX_COMPARISON_RENDER_CLUSTER_COLORS];
}

void
_jx_comparison_draw_cluster_swatch (cairo_t  *cr,
                                    guint32   cluster,
                                    double    x,
                                    double    y,
                                    double    width,
                                    double    height,
                                    gboolean  dark)
{
  JxRgba color;

  _jx_comparison_cluster_color (cluster, dark, &color);
  jx_palette_cairo_set_source (cr, &color);
  if (cluster == JX_COMPARISON_RENDER_OUTLIER)
    {
      double line = MIN (2.0, MIN (width, height) / 3.0);

      cairo_set_line_width (cr, line);
      cairo_rectangle (cr, x + line / 2, y + line / 2, width - line, height - line);
      cairo_stroke (cr);
      return;
    }
  cairo_rectangle (cr, x, y, width, height);
  cairo_fill (cr);
}

gboolean
_jx_comparison_lanes_have_outliers (const JxComparisonLane *lanes,
                                    guint                   n_lanes)
{
  for (guint l = 0; l < n_lanes; l++)
    for (guint s = 0; lanes[l].clusters != NULL && s < jx_trace_get_n_streams (lanes[l].trace); s++)
      if (lanes[l].clusters[s] == JX_COMPARISON_RENDER_OUTLIER)
        return TRUE;
  return FALSE;
}

guint
_jx_comparison_draw_cluster_marks (cairo_t                *cr,
                                   const JxComparisonLane *lane,
                                   const GArray           *rows,
                                   guint                   n_rows,
                                   int                     label_width,
                                   gboolean                dark)
{
  JxTrace *trace = lane->trace;
  double x = label_width - MARK_WIDTH - MARK_MARGIN;
  guint marked = 0;

  if (lane->clusters == NULL || label_width < 4 * MARK_WIDTH)
    return 0;
  for (guint r = 0; r < n_rows; r++)
    {
      const JxTimelineRow *row = &g_array_index (rows, JxTimelineRow, r);
      double y0 = row->y + 1, h = row->height - 2;

      if (h < 2)
        continue;
      if (row->kind == JX_TIMELINE_ROW_STREAM && row->stream != JX_NONE)
        {
          guint32 cluster = lane->clusters[row->stream];

          if (cluster == JX_NONE)
            continue;
          _jx_comparison_draw_cluster_swatch (cr, cluster, x, y0, MARK_WIDTH, h, dark);
          marked++;
        }
      else if (row->kind == JX_TIMELINE_ROW_PROCESS && row->collapsed && row->process != JX_NONE)
        {
          /* The process's streams side by side, each a thin slice. */
          const JxProcess *p = jx_trace_get_process (trace, row->process);
          double slice = (double) MARK_WIDTH * 2 / MAX (p->n_streams, 1);
          gboolean any = FALSE;

          slice = MAX (slice, 1.0);
          for (guint s = 0; s < p->n_streams && (s + 1) * slice <= 2 * MARK_WIDTH + 0.5; s++)
            {
              guint32 cluster = lane->clusters[p->first_stream + s];

              if (cluster == JX_NONE)
                continue;
              _jx_comparison_draw_cluster_swatch (cr, cluster, x - MARK_WIDTH + s * slice, y0, slice, h, dark);
              any = TRUE;
            }
          marked += any;
        }
    }
  return marked;
}

/* Counters */

guint8 *
_jx_comparison_counter_streams (const JxComparisonLane          *lane,
                                const JxComparisonRenderOptions *options)
{
  if (options->counter_metric == NULL)
    return NULL;
  return jx_timeline_counter_streams_new (lane->trace, jx_trace_find_metric (lane->trace, options->counter_metric));
}

gboolean
_jx_comparison_counter_scale (const JxComparisonLane          *lanes,
                              guint                            n_lanes,
                              const JxComparisonRenderOptions *options,
                              double                          *min,
                              double                          *max)
{
  g_autofree JxTrace **traces = g_new0 (JxTrace *, MAX (n_lanes, 1));

  for (guint l = 0; l < n_lanes; l++)
    traces[l] = lanes[l].trace;
  return jx_metric_common_scale (traces, n_lanes, options->counter_metric, min, max);
}
