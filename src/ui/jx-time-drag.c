/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-time-drag.c */
#include "config.h"

#include <math.h>

#include "jx-time-drag.h"

gboolean
jx_time_drag_past_threshold (double dx,
                             double dy)
{
  return fabs (dx) >= JX_TIME_DRAG_THRESHOLD || fabs (dy) >= JX_TIME_DRAG_THRESHOLD;
}

void
jx_time_drag_begin (JxTimeDrag       *drag,
                    const JxTimeSpan *view,
                    double            time_left,
                    double            time_right,
                    double            x)
{
  g_return_if_fail (drag != NULL);
  g_return_if_fail (view != NULL);

  drag->x = x;
  drag->time_left = time_left;
  drag->time_right = MAX (time_right, time_left + 1);
  drag->view = *view;
  drag->ns_per_px = (double) jx_time_span_get_duration (view) / (drag->time_right - drag->time_left);
}

gint64
jx_time_drag_ns_at (const JxTimeDrag *drag,
                    double            x)
{
  double xc = CLAMP (x, drag->time_left, drag->time_right);

  return drag->view.begin_ns + (gint64) llround ((xc - drag->time_left) * drag->ns_per_px);
}

gint64
jx_time_drag_delta (const JxTimeDrag *drag,
                    double            dx)
{
  return (gint64) llround (dx * drag->ns_per_px);
}

void
jx_time_drag_select (const JxTimeDrag *drag,
                     JxSession        *session,
                     double            dx)
{
  JxTimeSpan range = { jx_time_drag_ns_at (drag, drag->x), jx_time_drag_ns_at (drag, drag->x + dx) };

  jx_session_select_time (session, &range);
}

void
jx_time_drag_zoom (const JxTimeDrag *drag,
                   JxSession        *session,
                   double            dx)
{
  gint64 a = jx_time_drag_ns_at (drag, drag->x);
  gint64 b = jx_time_drag_ns_at (drag, drag->x + dx);

  jx_session_select_time (session, NULL);
  if (fabs (dx) >= JX_TIME_DRAG_THRESHOLD && a != b)
    jx_session_set_visible_time (session, &(JxTimeSpan) { MIN (a, b), MAX (a, b) });
}
