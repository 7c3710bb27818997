/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-diff.c — the DIFF rows of a timeline: one pixel line of a diff
 * bar from the bar model's samples (jx-diff-bar-set.h: states by binary
 * search, so a frame costs the same at any zoom) in the palette's diff
 * colours, equal calls on the timing scale by their ratio B/A (in the
 * modes that show time), and what lies under a point of a bar. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-palette.h"
#include "jx-timeline-renderer-private.h"

/* The bar of `stream`: its set, NULL when the view has none or the
 * stream is not the set's. */
static const JxDiffBarSet *
bars_of (const JxTimelineView *view,
         guint32               stream)
{
  if (view->diff_bars == NULL || stream >= jx_diff_bar_set_get_n_streams (view->diff_bars))
    return NULL;
  return view->diff_bars;
}

guint32
_jx_timeline_diff_hash (const JxTimelineView *view,
                        guint                 first,
                        guint                 last)
{
  guint32 h = 2166136261u;

  if (view->diff_bars == NULL)
    return 0;
  /* What the pixels mean changes with the mode and the band. */
  {
    double band = jx_diff_bar_set_get_band (view->diff_bars);
    guint64 bits;

    memcpy (&bits, &band, sizeof bits);
    bits ^= (guint64) jx_diff_bar_set_get_mode (view->diff_bars) << 56;
    for (guint i = 0; i < 8; i++)
      {
        h ^= (bits >> (8 * i)) & 0xff;
        h *= 16777619u;
      }
  }
  for (guint r = first; r < last; r++)
    {
      const JxTimelineRow *row = &view->rows[r];
      const JxDiffBarSet *bars;
      guint64 key;

      if (row->kind != JX_TIMELINE_ROW_DIFF)
        continue;
      bars = bars_of (view, row->stream);
      key = bars == NULL ? 0 : (guint64) GPOINTER_TO_SIZE (jx_diff_bar_set_get_diff (bars, row->stream)) ^
                               ((guint64) jx_diff_bar_set_get_side_b (bars) << 63);
      key ^= row->stream;
      for (guint i = 0; i < 8; i++)
        {
          h ^= (key >> (8 * i)) & 0xff;
          h *= 16777619u;
        }
    }
  return h | 1u;
}

void
_jx_timeline_diff_fill_line (JxTimelineRenderer   *self,
                             const JxTimelineView *view,
                             const JxTimelineRow  *row,
                             guint                 n_pixels,
                             guint32               idle_pixel,
                             guint32               pending_pixel,
                             guint32              *line)
{
  const JxDiffBarSet *bars = bars_of (view, row->stream);
  const JxStream *stream = row->stream < jx_trace_get_n_streams (self->trace)
                           ? jx_trace_get_stream (self->trace, row->stream) : NULL;
  guint32 colors[JX_DIFF_N_STATES];
  double band;

  if (n_pixels > self->diff_pixels_len)
    {
      g_free (self->diff_pixels);
      self->diff_pixels = g_new (JxDiffBarPixel, n_pixels);
      self->diff_pixels_len = n_pixels;
    }
  if (bars == NULL || stream == NULL ||
      !jx_diff_bar_set_sample (bars, stream, view->start, view->end, n_pixels, self->diff_pixels))
    {
      /* The comparison is still running: the bar is there, but empty. */
      for (guint x = 0; x < n_pixels; x++)
        line[x] = (x / 2) % 4 == 0 ? pending_pixel : idle_pixel;
      return;
    }

  for (guint s = 0; s < JX_DIFF_N_STATES; s++)
    {
      JxRgba c;

      jx_palette_diff_color ((JxDiffState) s, view->dark, &c);
      colors[s] = s == JX_DIFF_NONE ? idle_pixel : jx_palette_rgba_to_pixel (&c);
    }
  band = jx_diff_bar_set_get_band (bars);

  for (guint x = 0; x < n_pixels; x++)
    {
      const JxDiffBarPixel *px = &self->diff_pixels[x];

      /* Equal calls (all calls, in time mode) outside the band on the
       * timing scale; inside it they stay "equal" grey, and structural
       * differences keep their colours. */
      if (px->state == JX_DIFF_EQUAL && px->timing > JX_DIFF_TIMING_NEUTRAL)
        {
          JxRgba c;

          jx_palette_timing_color ((double) px->ratio, band, view->dark, &c);
          line[x] = jx_palette_rgba_to_pixel (&c);
        }
      else
        line[x] = colors[MIN (px->state, JX_DIFF_N_STATES - 1)];
    }
  /* Extra calls of the other trace: two pixels wide, so a lone tick shows. */
  for (guint x = 0; x < n_pixels; x++)
    if (self->diff_pixels[x].extra)
      {
        line[x] = colors[JX_DIFF_ONLY_THERE];
        if (x + 1 < n_pixels && self->diff_pixels[x + 1].state <= JX_DIFF_EQUAL)
          line[x + 1] = colors[JX_DIFF_ONLY_THERE];
      }
}

gboolean
jx_timeline_renderer_diff_at (JxTimelineRenderer   *self,
                              const JxTimelineView *view,
                              double                x,
                              double                y,
                              JxTimelineDiffHit    *hit)
{
  static const double probes[] = { 0.0, -1.0, 1.0, -2.0, 2.0 };
  const JxDiffBarSet *bars;
  int r;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (hit != NULL, FALSE);

  if (x < view->label_width || x >= view->width)
    return FALSE;
  r = jx_timeline_layout_row_at (view->rows, view->n_rows, (int) floor (y) + view->scroll_y);
  if (r < 0 || view->rows[r].kind != JX_TIMELINE_ROW_DIFF)
    return FALSE;
  bars = bars_of (view, view->rows[r].stream);
  if (bars == NULL || jx_diff_bar_set_get_diff (bars, view->rows[r].stream) == NULL)
    return FALSE;

  /* The pixel under the pointer, then its neighbours: a lone tick or a
   * one-pixel difference is hard to hit exactly. */
  hit->stream = view->rows[r].stream;
  hit->diff = jx_diff_bar_set_get_diff (bars, hit->stream);
  hit->side_b = jx_diff_bar_set_get_side_b (bars);
  for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
    {
      double px = floor (x) + probes[i];
      gint64 t0 = jx_timeline_view_x_to_tick (view, px);
      gint64 t1 = jx_timeline_view_x_to_tick (view, px + 1.0);

      if (jx_diff_bar_set_find (bars, hit->stream, t0, MAX (t1, t0 + 1), &hit->state, &hit->invocation, &hit->extra))
        return TRUE;
    }

  /* Equal there: the call running under the pointer and its partner. */
  hit->extra = JX_NONE;
  hit->invocation = _jx_timeline_innermost_at (jx_trace_get_stream (self->trace, hit->stream),
                                               jx_timeline_view_x_to_tick (view, floor (x) + 0.5));
  hit->state = jx_diff_bar_set_state (bars, hit->stream, hit->invocation);
  return hit->invocation != JX_NONE;
}
