/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-diff.c — the DIFF rows of a timeline: one pixel line of a diff
 * bar from its pair's JxPairDiff (states by binary search, so a frame costs
 * the same at any zoom), and what lies under a point of a bar. */
#include "config.h"

#include <math.h>

#include "jx-palette.h"
#include "jx-timeline-renderer-private.h"

static const JxTimelineDiffBar *
bar_of (const JxTimelineView *view,
        guint32               stream)
{
  if (view->diff_bars == NULL)
    return NULL;
  return &view->diff_bars[stream];
}

guint32
_jx_timeline_diff_hash (const JxTimelineView *view,
                        guint                 first,
                        guint                 last)
{
  guint32 h = 2166136261u;

  if (view->diff_bars == NULL)
    return 0;
  for (guint r = first; r < last; r++)
    {
      const JxTimelineRow *row = &view->rows[r];
      const JxTimelineDiffBar *bar;
      guint64 key;

      if (row->kind != JX_TIMELINE_ROW_DIFF)
        continue;
      bar = bar_of (view, row->stream);
      key = (guint64) GPOINTER_TO_SIZE (bar->diff) ^ ((guint64) bar->side_b << 63) ^ row->stream;
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
  const JxTimelineDiffBar *bar = bar_of (view, row->stream);
  guint32 colors[JX_DIFF_N_STATES];

  if (bar == NULL || bar->diff == NULL)
    {
      /* The comparison is still running: the bar is there, but empty. */
      for (guint x = 0; x < n_pixels; x++)
        line[x] = (x / 2) % 4 == 0 ? pending_pixel : idle_pixel;
      return;
    }

  if (n_pixels > self->diff_states_len)
    {
      g_free (self->diff_states);
      self->diff_states = g_new (guint8, n_pixels);
      self->diff_states_len = n_pixels;
    }
  for (guint s = 0; s < JX_DIFF_N_STATES; s++)
    {
      JxRgba c;

      jx_palette_diff_color ((JxDiffState) s, view->dark, &c);
      colors[s] = s == JX_DIFF_NONE ? idle_pixel : jx_palette_rgba_to_pixel (&c);
    }

  jx_pair_diff_sample (bar->diff, bar->side_b, view->start, view->end, n_pixels, self->diff_states);
  for (guint x = 0; x < n_pixels; x++)
    line[x] = colors[self->diff_states[x] & JX_DIFF_STATE_MASK];
  /* Extra calls of the other trace: two pixels wide, so a lone tick shows. */
  for (guint x = 0; x < n_pixels; x++)
    if (self->diff_states[x] & JX_DIFF_EXTRA_FLAG)
      {
        line[x] = colors[JX_DIFF_ONLY_THERE];
        if (x + 1 < n_pixels && (self->diff_states[x + 1] & JX_DIFF_STATE_MASK) <= JX_DIFF_EQUAL)
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
  const JxTimelineDiffBar *bar;
  int r;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (hit != NULL, FALSE);

  if (x < view->label_width || x >= view->width)
    return FALSE;
  r = jx_timeline_layout_row_at (view->rows, view->n_rows, (int) floor (y) + view->scroll_y);
  if (r < 0 || view->rows[r].kind != JX_TIMELINE_ROW_DIFF)
    return FALSE;
  bar = bar_of (view, view->rows[r].stream);
  if (bar == NULL || bar->diff == NULL)
    return FALSE;

  /* The pixel under the pointer, then its neighbours: a lone tick or a
   * one-pixel difference is hard to hit exactly. */
  hit->stream = view->rows[r].stream;
  hit->diff = bar->diff;
  hit->side_b = bar->side_b;
  for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
    {
      double px = floor (x) + probes[i];
      gint64 t0 = jx_timeline_view_x_to_tick (view, px);
      gint64 t1 = jx_timeline_view_x_to_tick (view, px + 1.0);

      if (jx_pair_diff_find (bar->diff, bar->side_b, t0, MAX (t1, t0 + 1),
                             &hit->state, &hit->invocation, &hit->extra))
        return TRUE;
    }

  /* Equal there: the call running under the pointer and its partner. */
  hit->extra = JX_NONE;
  hit->invocation = _jx_timeline_innermost_at (jx_trace_get_stream (self->trace, hit->stream),
                                               jx_timeline_view_x_to_tick (view, floor (x) + 0.5));
  hit->state = jx_pair_diff_state (bar->diff, bar->side_b, hit->invocation);
  return hit->invocation != JX_NONE;
}
