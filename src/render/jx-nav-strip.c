/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "jx-nav-strip.h"
#include "jx-palette.h"

#define EDGE_GRIP 4.0

struct _JxNavStrip
{
  GObject            parent_instance;

  JxTrace           *trace;
  JxTimelineSummary *summary;
  guint32           *streams;       /* all stream indices, for aggregate sampling */
  guint              n_streams;

  /* Activity cache: one pixel row over the trace extent. */
  cairo_surface_t   *activity;
  int                activity_width;
  gboolean           activity_dark;
};

G_DEFINE_FINAL_TYPE (JxNavStrip, jx_nav_strip, G_TYPE_OBJECT)

static void
jx_nav_strip_finalize (GObject *object)
{
  JxNavStrip *self = JX_NAV_STRIP (object);

  g_clear_pointer (&self->activity, cairo_surface_destroy);
  g_clear_pointer (&self->summary, jx_timeline_summary_unref);
  g_clear_pointer (&self->streams, g_free);
  g_clear_object (&self->trace);

  G_OBJECT_CLASS (jx_nav_strip_parent_class)->finalize (object);
}

static void
jx_nav_strip_class_init (JxNavStripClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = jx_nav_strip_finalize;
}

static void
jx_nav_strip_init (JxNavStrip *self)
{
}

JxNavStrip *
jx_nav_strip_new (JxTrace *trace)
{
  JxNavStrip *self;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  self = g_object_new (JX_TYPE_NAV_STRIP, NULL);
  self->trace = g_object_ref (trace);
  self->n_streams = jx_trace_get_n_streams (trace);
  self->streams = g_new (guint32, MAX (self->n_streams, 1));
  for (guint i = 0; i < self->n_streams; i++)
    self->streams[i] = i;
  return self;
}

void
jx_nav_strip_set_summary (JxNavStrip        *self,
                          JxTimelineSummary *summary)
{
  g_return_if_fail (JX_IS_NAV_STRIP (self));
  g_return_if_fail (summary == NULL || jx_timeline_summary_get_trace (summary) == self->trace);

  if (summary == self->summary)
    return;
  if (summary != NULL)
    jx_timeline_summary_ref (summary);
  g_clear_pointer (&self->summary, jx_timeline_summary_unref);
  self->summary = summary;
  g_clear_pointer (&self->activity, cairo_surface_destroy);
}

static gint64
trace_duration_ns (JxTrace *trace)
{
  guint64 start = jx_trace_get_start_time (trace);
  guint64 end = jx_trace_get_end_time (trace);

  if (end <= start)
    return 0;
  return jx_trace_ticks_to_ns (trace, (gint64) (end - start));
}

JxTimeSpan
jx_nav_strip_get_extent (JxNavStrip           *self,
                         const JxNavStripView *view)
{
  JxTimeSpan extent = { 0, 0 };

  g_return_val_if_fail (JX_IS_NAV_STRIP (self), extent);
  g_return_val_if_fail (view != NULL, extent);

  extent.begin_ns = view->offset_ns;
  extent.end_ns = view->offset_ns + trace_duration_ns (self->trace);
  return extent;
}

double
jx_nav_strip_ns_per_px (const JxNavStripView *view)
{
  g_return_val_if_fail (view != NULL, 1.0);

  return (double) MAX (jx_time_span_get_duration (&view->range), 1) / (double) MAX (view->width, 1);
}

double
jx_nav_strip_ns_to_x (const JxNavStripView *view,
                      gint64                ns)
{
  g_return_val_if_fail (view != NULL, 0.0);

  return (double) (ns - view->range.begin_ns) / jx_nav_strip_ns_per_px (view);
}

gint64
jx_nav_strip_x_to_ns (const JxNavStripView *view,
                      double                x)
{
  g_return_val_if_fail (view != NULL, 0);

  return view->range.begin_ns + (gint64) llround (x * jx_nav_strip_ns_per_px (view));
}

gint64
jx_nav_strip_dx_to_ns (const JxNavStripView *view,
                       double                dx)
{
  g_return_val_if_fail (view != NULL, 0);

  return (gint64) llround (dx * jx_nav_strip_ns_per_px (view));
}

JxNavStripPart
jx_nav_strip_hit (JxNavStrip           *self,
                  const JxNavStripView *view,
                  double                x)
{
  double wx0, wx1, tx0, tx1;
  JxTimeSpan extent;

  g_return_val_if_fail (JX_IS_NAV_STRIP (self), JX_NAV_STRIP_NONE);
  g_return_val_if_fail (view != NULL, JX_NAV_STRIP_NONE);

  wx0 = jx_nav_strip_ns_to_x (view, view->window.begin_ns);
  wx1 = jx_nav_strip_ns_to_x (view, view->window.end_ns);
  if (view->show_window)
    {
      if (fabs (x - wx0) <= EDGE_GRIP && fabs (x - wx0) <= fabs (x - wx1))
        return JX_NAV_STRIP_WINDOW_START;
      if (fabs (x - wx1) <= EDGE_GRIP)
        return JX_NAV_STRIP_WINDOW_END;
    }
  extent = jx_nav_strip_get_extent (self, view);
  tx0 = jx_nav_strip_ns_to_x (view, extent.begin_ns);
  tx1 = jx_nav_strip_ns_to_x (view, extent.end_ns);
  if (x >= tx0 && x <= MAX (tx1, tx0 + 2.0))
    return JX_NAV_STRIP_TRACE;
  if (view->show_window && x > wx0 && x < wx1)
    return JX_NAV_STRIP_WINDOW;
  return JX_NAV_STRIP_NONE;
}

static void
update_activity (JxNavStrip *self,
                 int         width,
                 gboolean    dark)
{
  g_autoptr(JxTimelineSummary) unbuilt = NULL;
  g_autofree guint32 *regions = NULL;
  g_autofree guint32 *colors = NULL;
  JxTimelineSummary *summary = self->summary;
  guint32 *pixels;
  guint n_regions;
  gint64 start = (gint64) jx_trace_get_start_time (self->trace);
  gint64 end = (gint64) jx_trace_get_end_time (self->trace);

  if (self->activity != NULL && self->activity_width == width && self->activity_dark == dark)
    return;
  g_clear_pointer (&self->activity, cairo_surface_destroy);
  self->activity_width = width;
  self->activity_dark = dark;
  if (width <= 0 || end <= start)
    return;

  if (summary == NULL)
    {
      /* Walking a big trace without pyramids would stall the frame: show
       * the bare extent until the summary arrives. */
      if (jx_trace_get_n_invocations (self->trace) > (guint64) 64 * (guint64) width)
        return;
      summary = unbuilt = jx_timeline_summary_new_unbuilt (self->trace);
    }

  regions = g_new (guint32, width);
  jx_timeline_summary_sample (summary, self->streams, self->n_streams, start, end, (guint) width, regions);
  colors = jx_palette_region_table_new (self->trace, dark);
  n_regions = jx_trace_get_n_regions (self->trace);

  self->activity = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, 1);
  cairo_surface_flush (self->activity);
  pixels = (guint32 *) (gpointer) cairo_image_surface_get_data (self->activity);
  for (int x = 0; x < width; x++)
    pixels[x] = regions[x] < n_regions ? colors[regions[x]] : 0;
  cairo_surface_mark_dirty (self->activity);
}

void
jx_nav_strip_draw (JxNavStrip           *self,
                   cairo_t              *cr,
                   const JxNavStripView *view)
{
  JxTimeSpan extent;
  double x0, x1, band_y, band_h;
  int extent_px;

  g_return_if_fail (JX_IS_NAV_STRIP (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL);

  if (view->width <= 0 || view->height <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);

  extent = jx_nav_strip_get_extent (self, view);
  x0 = jx_nav_strip_ns_to_x (view, extent.begin_ns);
  x1 = jx_nav_strip_ns_to_x (view, extent.end_ns);
  /* Resampled only when the extent's pixel width changes, not on shifts. */
  extent_px = (int) CLAMP (ceil (x1 - x0), 1.0, 16384.0);
  update_activity (self, extent_px, view->dark);

  cairo_rectangle (cr, x0, 0.5, x1 - x0, view->height - 1.0);
  jx_palette_cairo_set_source (cr, &view->background);
  cairo_fill (cr);

  band_y = view->height * 0.2;
  band_h = view->height * 0.6;
  if (self->activity != NULL)
    {
      cairo_pattern_t *pattern = cairo_pattern_create_for_surface (self->activity);
      cairo_matrix_t matrix;

      cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
      cairo_matrix_init_scale (&matrix, extent_px / MAX (x1 - x0, 1e-9), 1.0 / band_h);
      cairo_matrix_translate (&matrix, -x0, -band_y);
      cairo_pattern_set_matrix (pattern, &matrix);
      cairo_set_source (cr, pattern);
      cairo_rectangle (cr, x0, band_y, x1 - x0, band_h);
      cairo_fill (cr);
      cairo_pattern_destroy (pattern);
    }

  cairo_set_line_width (cr, 1.0);
  jx_palette_cairo_set_source (cr, &view->accent);
  cairo_rectangle (cr, floor (x0) + 0.5, 0.5, MAX (floor (x1) - floor (x0), 1.0), view->height - 1.0);
  cairo_stroke (cr);

  if (view->show_window)
    {
      double wx0 = jx_nav_strip_ns_to_x (view, view->window.begin_ns);
      double wx1 = jx_nav_strip_ns_to_x (view, view->window.end_ns);

      if (wx1 - wx0 < 2.0)
        {
          double c = (wx0 + wx1) / 2.0;

          wx0 = c - 1.0;
          wx1 = c + 1.0;
        }
      if (view->dark)
        cairo_set_source_rgba (cr, 1, 1, 1, 0.12);
      else
        cairo_set_source_rgba (cr, 0.2, 0.4, 0.9, 0.12);
      cairo_rectangle (cr, wx0, 0, wx1 - wx0, view->height);
      cairo_fill_preserve (cr);
      if (view->dark)
        cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      else
        cairo_set_source_rgba (cr, 0.1, 0.25, 0.75, 0.9);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }

  cairo_restore (cr);
}
