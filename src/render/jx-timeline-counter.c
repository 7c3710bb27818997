/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-counter.c — COUNTER rows: the steps of a metric's displayed
 * values, reduced to one value per pixel column (the largest, so that
 * short peaks stay visible when zoomed out), filled from the scale's floor
 * and outlined; the metric's name in the label column and the scale's ends
 * at the left of the time area. */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "jx-palette.h"
#include "jx-timeline-counter.h"
#include "jx-timeline-renderer-private.h"

guint8 *
jx_timeline_counter_streams_new (JxTrace *trace,
                                 guint32  metric)
{
  guint n;
  guint8 *flags;
  gboolean any = FALSE;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  if (metric == JX_NONE || metric >= jx_trace_get_n_metrics (trace))
    return NULL;
  n = jx_trace_get_n_streams (trace);
  flags = g_new0 (guint8, MAX (n, 1));
  for (guint s = 0; s < n; s++)
    {
      JxMetricSeries series;

      flags[s] = jx_trace_get_metric_series (trace, s, metric, &series) && series.n >= 2;
      any |= flags[s];
    }
  if (!any)
    g_clear_pointer (&flags, g_free);
  return flags;
}

/* Top and height of the plotting band of a COUNTER row (2 px apart from
 * the row above, 1 px from the one below). */
static void
plot_band (const JxTimelineView *view,
           const JxTimelineRow  *row,
           double               *top,
           double               *height)
{
  *top = row->y - view->scroll_y + 2.0;
  *height = MAX (row->height - 3.0, 1.0);
}

static double
value_y (const JxTimelineView *view,
         double                top,
         double                height,
         double                value)
{
  double f = (value - view->counter_min) / MAX (view->counter_max - view->counter_min, 1e-300);

  return top + height * (1.0 - CLAMP (f, 0.0, 1.0));
}

/* The largest displayed value per pixel column of the time area; NaN
 * where no step is shown. */
static void
reduce_columns (const JxTimelineView *view,
                const JxMetricSeries *series,
                double               *columns,
                int                   tw)
{
  guint32 k;

  for (int x = 0; x < tw; x++)
    columns[x] = NAN;
  if (series->n < 2 || (gint64) series->time[series->n - 1] <= view->start ||
      (gint64) series->time[0] >= view->end)
    return;
  k = view->start > (gint64) series->time[0] ? jx_metric_series_step_at (series, (guint64) view->start) : 0;
  if (k == JX_NONE)
    k = 0;
  for (; k + 1 < series->n && (gint64) series->time[k] < view->end; k++)
    {
      double v = series->display[k];
      double x0 = jx_timeline_view_tick_to_x (view, (gint64) series->time[k]) - view->label_width;
      double x1 = jx_timeline_view_tick_to_x (view, (gint64) series->time[k + 1]) - view->label_width;
      int c0, c1;

      if (isnan (v))
        continue;
      c0 = (int) MAX (floor (x0), 0.0);
      c1 = (int) MIN (ceil (x1), (double) tw);
      if (c1 <= c0 && c0 < tw)
        c1 = c0 + 1;
      for (int x = c0; x < c1; x++)
        if (isnan (columns[x]) || v > columns[x])
          columns[x] = v;
    }
}

/* A scale label at the left of the time area, on a veil of the row's
 * background so that the line under it does not cross the text. */
static void
show_scale_label (cairo_t              *cr,
                  const JxTimelineView *view,
                  PangoLayout          *layout,
                  int                   y)
{
  int lw, lh;

  pango_layout_get_pixel_size (layout, &lw, &lh);
  cairo_set_source_rgba (cr, view->background.red, view->background.green, view->background.blue, 0.8);
  cairo_rectangle (cr, view->label_width + 1, y, lw + 4, lh);
  cairo_fill (cr);
  jx_palette_cairo_set_text (cr, view->dark, 0.7);
  cairo_move_to (cr, view->label_width + 3, y);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_scale_labels (JxTimelineRenderer   *self,
                   cairo_t              *cr,
                   const JxTimelineView *view,
                   const JxTimelineRow  *row,
                   const JxMetricDef    *def)
{
  g_autofree char *unit = jx_metric_def_display_unit (def);
  g_autofree char *hi = jx_metric_format_value (view->counter_max, unit);
  g_autofree char *lo = jx_metric_format_value (view->counter_min, unit);
  PangoLayout *layout = pango_layout_new (self->pango);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 7");
  int y = row->y - view->scroll_y;
  int lw, lh;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  /* The metric's name in the label column, indented like a child row. */
  pango_layout_set_text (layout, def->name, -1);
  pango_layout_set_width (layout, MAX (view->label_width - 2 * JX_TIMELINE_LEVEL_INDENT, 1) * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
  pango_layout_get_pixel_size (layout, &lw, &lh);
  if (view->label_width > 0 && lh <= row->height)
    {
      jx_palette_cairo_set_text (cr, view->dark, 0.75);
      cairo_move_to (cr, JX_TIMELINE_LEVEL_INDENT + JX_TIMELINE_LABEL_PADDING, y + (row->height - lh) / 2);
      pango_cairo_show_layout (cr, layout);
    }

  /* The scale's top and bottom at the left of the time area, when both fit. */
  pango_layout_set_width (layout, -1);
  pango_layout_set_text (layout, hi, -1);
  pango_layout_get_pixel_size (layout, &lw, &lh);
  if (2 * lh <= row->height + 2)
    {
      show_scale_label (cr, view, layout, y);
      pango_layout_set_text (layout, lo, -1);
      show_scale_label (cr, view, layout, y + row->height - lh);
    }
  g_object_unref (layout);
}

static void
draw_row (JxTimelineRenderer   *self,
          cairo_t              *cr,
          const JxTimelineView *view,
          const JxTimelineRow  *row,
          double               *columns,
          int                   tw)
{
  JxMetricSeries series;
  JxRgba color;
  double top, height, base;
  gboolean open = FALSE;

  if (!jx_trace_get_metric_series (self->trace, row->stream, view->counter_metric, &series))
    return;
  reduce_columns (view, &series, columns, tw);
  plot_band (view, row, &top, &height);
  base = value_y (view, top, height, MAX (view->counter_min, 0.0));
  jx_palette_counter_color (view->dark, &color);

  /* Fill from the floor, then the outline along the tops. */
  for (int x = 0; x < tw; x++)
    if (!isnan (columns[x]))
      {
        double vy = value_y (view, top, height, columns[x]);

        cairo_rectangle (cr, view->label_width + x, MIN (vy, base), 1.0, MAX (fabs (base - vy), 0.5));
      }
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.35);
  cairo_fill (cr);

  for (int x = 0; x < tw; x++)
    {
      double vy;

      if (isnan (columns[x]))
        {
          open = FALSE;
          continue;
        }
      vy = floor (value_y (view, top, height, columns[x])) + 0.5;
      if (!open)
        cairo_move_to (cr, view->label_width + x, vy);
      else
        cairo_line_to (cr, view->label_width + x, vy);
      cairo_line_to (cr, view->label_width + x + 1, vy);
      open = TRUE;
    }
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, 1.0);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

void
_jx_timeline_renderer_draw_counters (JxTimelineRenderer   *self,
                                     cairo_t              *cr,
                                     const JxTimelineView *view,
                                     guint                 first,
                                     guint                 last)
{
  int tw = _jx_timeline_view_time_width (view);
  g_autofree double *columns = NULL;
  const JxMetricDef *def;

  if (view->counter_metric == JX_NONE || view->counter_metric >= jx_trace_get_n_metrics (self->trace) || tw <= 0)
    return;
  def = jx_trace_get_metric (self->trace, view->counter_metric);
  if (self->pango == NULL)
    self->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  pango_cairo_update_context (cr, self->pango);

  columns = g_new (double, tw);
  cairo_save (cr);
  for (guint r = first; r < last; r++)
    if (view->rows[r].kind == JX_TIMELINE_ROW_COUNTER)
      {
        const JxTimelineRow *row = &view->rows[r];

        cairo_save (cr);
        cairo_rectangle (cr, view->label_width, row->y - view->scroll_y, tw, row->height);
        cairo_clip (cr);
        draw_row (self, cr, view, row, columns, tw);
        cairo_restore (cr);
        draw_scale_labels (self, cr, view, row, def);
      }
  cairo_restore (cr);
}

gboolean
jx_timeline_renderer_counter_at (JxTimelineRenderer   *self,
                                 const JxTimelineView *view,
                                 double                x,
                                 double                y,
                                 JxTimelineCounterHit *hit)
{
  const JxTimelineRow *row;
  JxMetricSeries series;
  int r;
  gint64 tick;
  guint32 step;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (view != NULL && hit != NULL, FALSE);

  if (view->counter_metric == JX_NONE || x < view->label_width)
    return FALSE;
  r = jx_timeline_layout_row_at (view->rows, view->n_rows, (int) floor (y) + view->scroll_y);
  if (r < 0 || view->rows[r].kind != JX_TIMELINE_ROW_COUNTER)
    return FALSE;
  row = &view->rows[r];
  if (!jx_trace_get_metric_series (self->trace, row->stream, view->counter_metric, &series))
    return FALSE;
  tick = jx_timeline_view_x_to_tick (view, x);
  if (tick < 0)
    return FALSE;
  step = jx_metric_series_step_at (&series, (guint64) tick);
  if (step == JX_NONE || isnan (series.display[step]))
    return FALSE;
  hit->stream = row->stream;
  hit->metric = view->counter_metric;
  hit->step = step;
  hit->value = series.display[step];
  hit->start = series.time[step];
  hit->end = series.time[step + 1];
  return TRUE;
}

char *
jx_timeline_counter_hit_text (JxTrace                    *trace,
                              const JxTimelineCounterHit *hit)
{
  const JxMetricDef *def;
  g_autofree char *unit = NULL;
  g_autofree char *value = NULL;
  g_autofree char *span = NULL;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (hit != NULL && hit->metric < jx_trace_get_n_metrics (trace), NULL);

  def = jx_trace_get_metric (trace, hit->metric);
  unit = jx_metric_def_display_unit (def);
  value = jx_metric_format_value (hit->value, unit);
  span = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (hit->end - hit->start)), 3);
  if (jx_metric_mode_is_accumulated (def->mode))
    /* Translators: a counter's rate, e.g. "PAPI_TOT_CYC: 1.2 G/s (rate over 12 µs)". */
    return g_strdup_printf (_("%s: %s (rate over %s)"), def->name, value, span);
  /* Translators: a metric's value, e.g. "power: 50 W (for 12 µs)". */
  return g_strdup_printf (_("%s: %s (for %s)"), def->name, value, span);
}
