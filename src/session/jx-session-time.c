/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-time.c — the session's one time model: the visible window
 * (clamped into the traces' extent, zoomed and panned), the selected time
 * range and the selected invocation. */
#include "config.h"

#include "jx-session-comparison.h"
#include "jx-session-private.h"

/* The view never gets narrower than this: below 1 µs there is nothing left to see
 * at the clock resolutions Score-P writes, and it keeps zoom arithmetic exact. */
#define MIN_VIEW_WIDTH_NS G_GINT64_CONSTANT (1000)

static void
apply_view (JxSession *self,
            gint64     start,
            gint64     end)
{
  if (start == self->visible.begin_ns && end == self->visible.end_ns)
    return;

  self->visible.begin_ns = start;
  self->visible.end_ns = end;
  _jx_session_notify (self, PROP_VISIBLE_TIME);
}

/* Clamps [start, end) to the minimum width and, when anything is loaded, into
 * the comparison extent; keeps the requested width where it fits. */
static void
clamp_view (JxSession *self,
            gint64    *start,
            gint64    *end)
{
  JxTimeSpan extent;
  gint64 width;

  if (*end < *start)
    {
      gint64 tmp = *start;
      *start = *end;
      *end = tmp;
    }

  width = *end - *start;
  if (width < MIN_VIEW_WIDTH_NS)
    {
      gint64 center = *start + width / 2;

      *start = center - MIN_VIEW_WIDTH_NS / 2;
      *end = *start + MIN_VIEW_WIDTH_NS;
      width = MIN_VIEW_WIDTH_NS;
    }

  if (!jx_session_get_extent (self, &extent))
    return;

  if (extent.end_ns - extent.begin_ns < MIN_VIEW_WIDTH_NS)
    extent.end_ns = extent.begin_ns + MIN_VIEW_WIDTH_NS;

  if (width >= extent.end_ns - extent.begin_ns)
    {
      *start = extent.begin_ns;
      *end = extent.end_ns;
      return;
    }

  if (*start < extent.begin_ns)
    {
      *start = extent.begin_ns;
      *end = extent.begin_ns + width;
    }
  else if (*end > extent.end_ns)
    {
      *end = extent.end_ns;
      *start = extent.end_ns - width;
    }
}

void
_jx_session_set_view (JxSession *self,
          gint64     start,
          gint64     end)
{
  JxTimeSpan extent;

  clamp_view (self, &start, &end);
  if (jx_session_get_extent (self, &extent))
    self->view_follows_extent = start <= extent.begin_ns && end >= extent.end_ns;
  apply_view (self, start, end);
}

/* After the set of traces or their extent changed: a view that showed
 * everything shows everything again, any other stays inside. */
void
_jx_session_follow_extent (JxSession *self)
{
  if (self->view_follows_extent)
    jx_session_zoom_all (self);
  else
    _jx_session_set_view (self, self->visible.begin_ns, self->visible.end_ns);
}

/* Time model --------------------------------------------------------------- */

const JxTimeSpan *
jx_session_get_visible_time (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  return &self->visible;
}

void
jx_session_set_visible_time (JxSession        *self,
                             const JxTimeSpan *span)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (span != NULL);

  _jx_session_set_view (self, span->begin_ns, span->end_ns);
}

void
jx_session_zoom_all (JxSession *self)
{
  JxTimeSpan extent;

  g_return_if_fail (JX_IS_SESSION (self));

  if (jx_session_get_extent (self, &extent))
    _jx_session_set_view (self, extent.begin_ns, extent.end_ns);
  self->view_follows_extent = TRUE;
}

void
jx_session_zoom (JxSession *self,
                 double     factor,
                 gint64     around_ns)
{
  double width;
  double new_width;
  double left;
  gint64 start;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (factor > 0.0);

  width = (double) (self->visible.end_ns - self->visible.begin_ns);
  new_width = MAX (width / factor, (double) MIN_VIEW_WIDTH_NS);
  /* The point under the pointer stays where it is on screen. */
  left = (double) (around_ns - self->visible.begin_ns) / MAX (width, 1.0);
  left = CLAMP (left, 0.0, 1.0);

  start = around_ns - (gint64) (left * new_width + 0.5);
  _jx_session_set_view (self, start, start + (gint64) (new_width + 0.5));
}

void
jx_session_pan (JxSession *self,
                gint64     delta_ns)
{
  g_return_if_fail (JX_IS_SESSION (self));

  _jx_session_set_view (self, self->visible.begin_ns + delta_ns, self->visible.end_ns + delta_ns);
}

const JxTimeSpan *
jx_session_get_selected_time (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  return &self->selected_time;
}

void
jx_session_select_time (JxSession        *self,
                        const JxTimeSpan *span)
{
  JxTimeSpan sorted = { 0, 0 };

  g_return_if_fail (JX_IS_SESSION (self));

  if (span != NULL)
    {
      sorted.begin_ns = MIN (span->begin_ns, span->end_ns);
      sorted.end_ns = MAX (span->begin_ns, span->end_ns);
    }
  if (sorted.begin_ns == self->selected_time.begin_ns && sorted.end_ns == self->selected_time.end_ns)
    return;
  self->selected_time = sorted;
  _jx_session_notify (self, PROP_SELECTED_TIME);
}

gboolean
jx_session_get_selected_invocation (JxSession       *self,
                                    JxSessionTrace **item,
                                    guint32         *stream,
                                    guint32         *invocation)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  if (item != NULL)
    *item = self->selected_trace;
  if (stream != NULL)
    *stream = self->selected_stream;
  if (invocation != NULL)
    *invocation = self->selected_invocation;
  return self->selected_trace != NULL;
}

void
jx_session_select_invocation (JxSession      *self,
                              JxSessionTrace *item,
                              guint32         stream,
                              guint32         invocation)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (item == NULL || g_ptr_array_find (self->items, item, NULL));

  if (item == NULL)
    stream = invocation = JX_NONE;

  g_object_freeze_notify (G_OBJECT (self));
  if (g_set_object (&self->selected_trace, item))
    _jx_session_notify (self, PROP_SELECTED_TRACE);
  if (self->selected_stream != stream)
    {
      self->selected_stream = stream;
      _jx_session_notify (self, PROP_SELECTED_STREAM);
    }
  if (self->selected_invocation != invocation)
    {
      self->selected_invocation = invocation;
      _jx_session_notify (self, PROP_SELECTED_INVOCATION);
    }
  /* A pick in another trace than the reference is what to compare with. */
  if (item != NULL && item != self->reference)
    jx_session_set_compared (self, item);
  _jx_session_update_partner (self);
  g_object_thaw_notify (G_OBJECT (self));
}

void
jx_session_clear_selection (JxSession *self)
{
  g_return_if_fail (JX_IS_SESSION (self));

  g_object_freeze_notify (G_OBJECT (self));
  jx_session_select_invocation (self, NULL, JX_NONE, JX_NONE);
  jx_session_select_time (self, NULL);
  g_object_thaw_notify (G_OBJECT (self));
}
