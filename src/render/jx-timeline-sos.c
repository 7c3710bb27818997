/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-sos.c — the SOS-time overlay (§6.2.3): every segment of the
 * imbalance analysis coloured on its stream row by its SOS time, on the
 * cold-to-warm scale of jx_palette_sos_color () between the view's
 * sos_min_ns and sos_max_ns (shared by all traces of a comparison). A
 * pixel that several segments share shows the hottest, so that a slow one
 * is never hidden; a group row shows the hottest of its members'. Outside
 * segments the rows are veiled, so the overlay stands out. */
#include "config.h"

#include <math.h>

#include "jx-palette.h"
#include "jx-timeline-renderer-private.h"

/* How much of the background covers the rows outside segments. */
#define VEIL 0.6

/* First segment of [first, first + n) that ends after t. */
static guint
first_ending_after (JxImbalance *imbalance,
                    guint        first,
                    guint        n,
                    gint64       t)
{
  guint lo = first, hi = first + n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if ((gint64) jx_imbalance_get_segment (imbalance, mid)->end <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Per pixel of the time area, the hottest SOS time (ns) of the streams'
 * segments, -1 where none. */
static void
row_sos (JxTimelineRenderer   *self,
         const JxTimelineView *view,
         const guint32        *streams,
         guint                 n_streams,
         int                   tw,
         gint64               *out)
{
  for (int x = 0; x < tw; x++)
    out[x] = -1;
  for (guint k = 0; k < n_streams; k++)
    {
      guint first, n = jx_imbalance_get_stream_segments (self->imbalance, streams[k], &first);

      for (guint i = first_ending_after (self->imbalance, first, n, view->start); i < first + n; i++)
        {
          const JxSegment *seg = jx_imbalance_get_segment (self->imbalance, i);
          gint64 sos = jx_trace_ticks_to_ns (self->trace, (gint64) seg->sos);
          double x0, x1;
          int p0, p1;

          if ((gint64) seg->start >= view->end)
            break;
          x0 = jx_timeline_view_tick_to_x (view, (gint64) seg->start) - view->label_width;
          x1 = jx_timeline_view_tick_to_x (view, (gint64) seg->end) - view->label_width;
          p0 = (int) CLAMP (floor (x0), 0, tw - 1);
          p1 = (int) CLAMP (ceil (x1), p0 + 1, tw);
          for (int x = p0; x < p1; x++)
            out[x] = MAX (out[x], sos);
        }
    }
}

void
_jx_timeline_renderer_draw_sos (JxTimelineRenderer   *self,
                                cairo_t              *cr,
                                const JxTimelineView *view,
                                guint                 first,
                                guint                 last)
{
  int tw = _jx_timeline_view_time_width (view);
  g_autofree gint64 *sos = g_new (gint64, MAX (tw, 1));
  double range = (double) MAX (view->sos_max_ns - view->sos_min_ns, 1);
  JxRgba veil = view->background;
  cairo_surface_t *line;
  guint32 *pixels;
  guint32 table[256];

  /* 256 steps of the scale: finer than the eye tells apart. */
  for (guint i = 0; i < 256; i++)
    {
      JxRgba c;

      jx_palette_sos_color (i / 255.0, &c);
      table[i] = jx_palette_rgba_to_pixel (&c);
    }
  veil.alpha = VEIL;
  line = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (tw, 1), 1);
  pixels = (guint32 *) (gpointer) cairo_image_surface_get_data (line);

  cairo_save (cr);
  cairo_rectangle (cr, view->label_width, 0, tw, view->height);
  cairo_clip (cr);
  for (guint r = first; r < last; r++)
    {
      const JxTimelineRow *row = &view->rows[r];
      guint n;
      const guint32 *streams = _jx_timeline_renderer_row_streams (self, row, &n);
      guint8 va = (guint8) (VEIL * 255.0);
      guint32 veil_pixel;
      int y, h;

      if (row->kind == JX_TIMELINE_ROW_DEPTH || n == 0)
        continue;
      row_sos (self, view, streams, n, tw, sos);
      /* Premultiplied veil. */
      veil_pixel = ((guint32) va << 24) |
                   ((guint32) (veil.red * va) << 16) | ((guint32) (veil.green * va) << 8) | (guint32) (veil.blue * va);
      cairo_surface_flush (line);
      for (int x = 0; x < tw; x++)
        pixels[x] = sos[x] < 0 ? veil_pixel
                    : table[(guint) CLAMP ((double) (sos[x] - view->sos_min_ns) / range * 255.0 + 0.5, 0.0, 255.0)];
      cairo_surface_mark_dirty (line);
      _jx_timeline_row_band (view, row, &y, &h);
      _jx_timeline_fill_line (cr, line, view->label_width, y, tw, h);
      /* A recording target (GTK) replays the pattern later: the line must
       * not change under it. */
      cairo_surface_destroy (line);
      line = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (tw, 1), 1);
      pixels = (guint32 *) (gpointer) cairo_image_surface_get_data (line);
    }
  cairo_restore (cr);
  cairo_surface_destroy (line);
}

gboolean
jx_timeline_renderer_segment_at (JxTimelineRenderer   *self,
                                 const JxTimelineView *view,
                                 double                x,
                                 double                y,
                                 guint                *segment)
{
  static const double probes[] = { 0.0, -1.0, 1.0, -2.0, 2.0 };
  int r;
  const JxTimelineRow *row;
  const guint32 *streams;
  guint n;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  if (self->imbalance == NULL || x < view->label_width || x >= view->width)
    return FALSE;
  r = jx_timeline_renderer_row_at (self, view, y);
  if (r < 0)
    return FALSE;
  row = &view->rows[r];
  streams = _jx_timeline_renderer_row_streams (self, row, &n);
  for (guint p = 0; p < G_N_ELEMENTS (probes); p++)
    {
      gint64 t0 = jx_timeline_view_x_to_tick (view, floor (x) + probes[p]);
      gint64 t1 = jx_timeline_view_x_to_tick (view, floor (x) + probes[p] + 1.0);
      guint best = G_MAXUINT;
      guint64 best_sos = 0;

      for (guint k = 0; k < n; k++)
        {
          guint first, count = jx_imbalance_get_stream_segments (self->imbalance, streams[k], &first);

          for (guint i = first_ending_after (self->imbalance, first, count, t0); i < first + count; i++)
            {
              const JxSegment *seg = jx_imbalance_get_segment (self->imbalance, i);

              if ((gint64) seg->start >= MAX (t1, t0 + 1))
                break;
              if (best == G_MAXUINT || seg->sos > best_sos)
                {
                  best = i;
                  best_sos = seg->sos;
                }
            }
        }
      if (best != G_MAXUINT)
        {
          if (segment != NULL)
            *segment = best;
          return TRUE;
        }
    }
  return FALSE;
}
