/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-hit.c — hit testing on a drawn timeline: the region, the
 * invocation and the process expander under a point, and everything under
 * a point at once. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-timeline-renderer-private.h"

/* Hit testing */

static const JxTimelineRow *
row_at (const JxTimelineView *view,
        double                y)
{
  int r = jx_timeline_layout_row_at (view->rows, view->n_rows, (int) floor (y) + view->scroll_y);

  return r >= 0 ? &view->rows[r] : NULL;
}

guint32
jx_timeline_renderer_region_at (JxTimelineRenderer   *self,
                                const JxTimelineView *view,
                                double                x,
                                double                y)
{
  const JxTimelineRow *row;
  gint64 t0, t1;
  guint32 region = JX_NONE;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), JX_NONE);
  g_return_val_if_fail (view != NULL, JX_NONE);

  if (x < view->label_width || x >= view->width)
    return JX_NONE;
  row = row_at (view, y);
  if (row == NULL)
    return JX_NONE;
  x = floor (x);
  t0 = jx_timeline_view_x_to_tick (view, x);
  t1 = jx_timeline_view_x_to_tick (view, x + 1.0);
  _jx_timeline_renderer_sample_row (self, row, t0, MAX (t1, t0 + 1), 1, &region);
  return region == JX_TIMELINE_PENDING_REGION ? JX_NONE : region;
}

guint32
_jx_timeline_innermost_at (const JxStream *s,
                           gint64          t)
{
  guint32 lo = 0, hi = s->n_invocations, c;

  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if ((gint64) s->start[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == 0)
    return JX_NONE;
  c = lo - 1;
  while (c != JX_NONE && (gint64) s->end[c] <= t)
    c = s->parent[c];
  return c;
}

gboolean
jx_timeline_renderer_invocation_at (JxTimelineRenderer   *self,
                                    const JxTimelineView *view,
                                    double                x,
                                    double                y,
                                    guint32              *stream,
                                    guint32              *invocation)
{
  static const double probes[] = { 0.0, -1.0, 1.0, -2.0, 2.0 };
  const JxTimelineRow *row;
  const JxStream *s;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  if (x < view->label_width || x >= view->width)
    return FALSE;
  row = row_at (view, y);
  if (row == NULL || row->kind == JX_TIMELINE_ROW_PROCESS || row->kind == JX_TIMELINE_ROW_GROUP ||
      row->kind == JX_TIMELINE_ROW_COUNTER || row->stream >= jx_trace_get_n_streams (self->trace))
    return FALSE;
  s = jx_trace_get_stream (self->trace, row->stream);

  for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
    {
      gint64 t = jx_timeline_view_x_to_tick (view, x + probes[i]);
      guint32 c = _jx_timeline_innermost_at (s, t);

      if (row->kind == JX_TIMELINE_ROW_DEPTH)
        {
          while (c != JX_NONE && s->depth[c] > row->depth)
            c = s->parent[c];
          if (c != JX_NONE && s->depth[c] != row->depth)
            c = JX_NONE;
        }
      if (c != JX_NONE)
        {
          if (stream != NULL)
            *stream = row->stream;
          if (invocation != NULL)
            *invocation = c;
          return TRUE;
        }
    }
  return FALSE;
}

/* The header row (PROCESS or GROUP) whose expander is at (x, y), NULL for none. */
static const JxTimelineRow *
expander_row (const JxTimelineView *view,
              double                x,
              double                y)
{
  const JxTimelineRow *row = row_at (view, y);
  int ex;

  if (row == NULL || (row->kind != JX_TIMELINE_ROW_PROCESS && row->kind != JX_TIMELINE_ROW_GROUP))
    return NULL;
  ex = _jx_timeline_expander_x (row);
  if (x < ex - JX_TIMELINE_LABEL_PADDING ||
      x >= MIN (view->label_width, ex + JX_TIMELINE_EXPANDER_WIDTH + JX_TIMELINE_LABEL_PADDING))
    return NULL;
  return row;
}

gboolean
jx_timeline_renderer_expander_at (JxTimelineRenderer   *self,
                                  const JxTimelineView *view,
                                  double                x,
                                  double                y,
                                  guint32              *process)
{
  const JxTimelineRow *row;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  row = expander_row (view, x, y);
  if (row == NULL || row->kind != JX_TIMELINE_ROW_PROCESS)
    return FALSE;
  if (process != NULL)
    *process = row->process;
  return TRUE;
}

gboolean
jx_timeline_renderer_group_expander_at (JxTimelineRenderer   *self,
                                        const JxTimelineView *view,
                                        double                x,
                                        double                y,
                                        guint32              *group)
{
  const JxTimelineRow *row;

  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  row = expander_row (view, x, y);
  if (row == NULL || row->group == JX_NONE)
    return FALSE;
  if (group != NULL)
    *group = row->group;
  return TRUE;
}

int
jx_timeline_renderer_row_at (JxTimelineRenderer   *self,
                             const JxTimelineView *view,
                             double                y)
{
  g_return_val_if_fail (JX_IS_TIMELINE_RENDERER (self), -1);
  g_return_val_if_fail (view != NULL, -1);

  return jx_timeline_layout_row_at (view->rows, view->n_rows, (int) floor (y) + view->scroll_y);
}


void
jx_timeline_renderer_hit (JxTimelineRenderer   *self,
                          const JxTimelineView *view,
                          double                x,
                          double                y,
                          JxTimelineHit        *hit)
{
  g_return_if_fail (JX_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (view != NULL);
  g_return_if_fail (hit != NULL);

  memset (hit, 0, sizeof *hit);
  hit->expander_process = JX_NONE;
  hit->expander_group = JX_NONE;
  hit->marker = -1;
  hit->stream = JX_NONE;
  hit->invocation = JX_NONE;
  hit->row = jx_timeline_renderer_row_at (self, view, y);
  hit->in_labels = x < view->label_width;

  if (hit->in_labels)
    {
      if (!jx_timeline_renderer_group_expander_at (self, view, x, y, &hit->expander_group))
        hit->expander_group = JX_NONE;
      if (!jx_timeline_renderer_expander_at (self, view, x, y, &hit->expander_process))
        hit->expander_process = JX_NONE;
      return;
    }
  hit->marker = _jx_timeline_renderer_marker_at (self, view, x, y);
  hit->has_segment = view->show_sos && jx_timeline_renderer_segment_at (self, view, x, y, &hit->segment);
  hit->has_diff = jx_timeline_renderer_diff_at (self, view, x, y, &hit->diff);
  hit->has_invocation = jx_timeline_renderer_invocation_at (self, view, x, y, &hit->stream, &hit->invocation);
}
