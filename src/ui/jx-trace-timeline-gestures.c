/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-timeline-gestures.c — what the pointer does in a trace's rows:
 * drags that select, pan or shift, clicks that select or fold, the wheel and
 * pinches that zoom and pan, and the hover tooltip. Every gesture ends in a
 * function the tests call directly. */
#include "config.h"

#include <math.h>

#include "jx-offset-drag.h"
#include "jx-trace-timeline-private.h"

/* Wheel notches and touchpad pixels zoom by these factors per unit. */
#define WHEEL_ZOOM  1.25
#define SMOOTH_ZOOM 1.01

static gboolean
is_current (JxTraceTimeline *self)
{
  return self->session != NULL && jx_session_find_item (self->session, self->item, NULL);
}

static int
label_width (JxTraceTimeline *self)
{
  return jx_timeline_canvas_get_label_width (self->canvas);
}

static int
canvas_width (JxTraceTimeline *self)
{
  return gtk_widget_get_width (GTK_WIDGET (self->canvas));
}

void
jx_trace_timeline_drag_begin (JxTraceTimeline   *self,
                              JxTimelineDragMode mode,
                              double             x,
                              double             y)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (!is_current (self))
    return;

  self->dragging = TRUE;
  self->drag_mode = mode;
  self->drag_y = y;
  self->drag_moved = FALSE;
  jx_time_drag_begin (&self->drag, jx_session_get_visible_time (self->session),
                      label_width (self), label_width (self) + jx_timeline_canvas_get_time_width (self->canvas), x);
  if (mode == JX_TIMELINE_DRAG_SHIFT)
    self->offset_drag = jx_offset_drag_begin (jx_offset_drag_get_for_session (self->session), self->item,
                                              self->drag.ns_per_px);
}

void
jx_trace_timeline_drag_update (JxTraceTimeline *self,
                               double           dx,
                               double           dy)
{
  gint64 delta;

  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (!self->dragging || !is_current (self))
    return;
  /* The offset drag has its own threshold and undo step. */
  if (self->drag_mode == JX_TIMELINE_DRAG_SHIFT)
    {
      self->drag_moved = jx_offset_drag_update (jx_offset_drag_get_for_session (self->session), self->offset_drag,
                                                dx, dy);
      return;
    }
  if (!self->drag_moved && !jx_time_drag_past_threshold (dx, dy))
    return;

  delta = jx_time_drag_delta (&self->drag, dx);
  switch (self->drag_mode)
    {

    case JX_TIMELINE_DRAG_PAN:
      self->drag_moved = TRUE;
      jx_session_set_visible_time (self->session,
                                   &(JxTimeSpan) { self->drag.view.begin_ns - delta,
                                                   self->drag.view.end_ns - delta });
      break;

    case JX_TIMELINE_DRAG_SELECT:
    default:
      self->drag_moved = TRUE;
      jx_time_drag_select (&self->drag, self->session, dx);
      break;

    case JX_TIMELINE_DRAG_SHIFT:   /* handled above */
      g_assert_not_reached ();
    }
}

/* Ends the drag: a shift becomes one undo step (cancelled: the trace goes
 * back); a selection zooms to what it selected, or (cancelled) just goes. */
static void
finish_drag (JxTraceTimeline *self,
             gboolean         cancelled,
             double           dx)
{
  if (!self->dragging)
    return;
  self->dragging = FALSE;
  if (self->drag_mode == JX_TIMELINE_DRAG_SHIFT && self->session != NULL)
    {
      JxOffsetDrag *offset_drag = jx_offset_drag_get_for_session (self->session);

      if (cancelled)
        jx_offset_drag_cancel (offset_drag, self->offset_drag);
      else
        jx_offset_drag_end (offset_drag, self->offset_drag);
      self->offset_drag = 0;
      return;
    }
  if (!self->drag_moved || !is_current (self))
    return;

  if (self->drag_mode == JX_TIMELINE_DRAG_SELECT && cancelled)
    jx_session_select_time (self->session, NULL);
  else if (self->drag_mode == JX_TIMELINE_DRAG_SELECT)
    jx_time_drag_zoom (&self->drag, self->session, dx);
}

void
jx_trace_timeline_drag_end (JxTraceTimeline *self,
                            double           dx,
                            double           dy)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  jx_trace_timeline_drag_update (self, dx, dy);
  finish_drag (self, FALSE, dx);
}

void
_jx_trace_timeline_cancel_drag (JxTraceTimeline *self)
{
  finish_drag (self, TRUE, 0);
}

static void
on_drag_begin (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               JxTraceTimeline *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  JxTimelineDragMode mode;

  /* A press in the rows makes them the target of the keyboard commands
   * (selection keys, Shift+F10), as a click does in any list. */
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));

  if (x < label_width (self) || jx_timeline_canvas_get_trace (self->canvas) == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  if (button == GDK_BUTTON_MIDDLE || button == GDK_BUTTON_SECONDARY)
    mode = JX_TIMELINE_DRAG_PAN;
  else if ((state & GDK_ALT_MASK) != 0 || jx_session_get_shift_mode (self->session))
    mode = JX_TIMELINE_DRAG_SHIFT;
  else if ((state & GDK_CONTROL_MASK) != 0)
    mode = JX_TIMELINE_DRAG_PAN;
  else
    mode = JX_TIMELINE_DRAG_SELECT;

  jx_trace_timeline_drag_begin (self, mode, x, y);
}

static void
on_drag_update (GtkGestureDrag  *gesture,
                double           dx,
                double           dy,
                JxTraceTimeline *self)
{
  jx_trace_timeline_drag_update (self, dx, dy);
  if (self->drag_moved)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_drag_end (GtkGestureDrag  *gesture,
             double           dx,
             double           dy,
             JxTraceTimeline *self)
{
  jx_trace_timeline_drag_end (self, dx, dy);
}

static void
on_drag_cancel (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                JxTraceTimeline  *self)
{
  _jx_trace_timeline_cancel_drag (self);
}

void
jx_trace_timeline_click (JxTraceTimeline *self,
                         double           x,
                         double           y)
{
  JxSessionMarker *marker;
  JxTimelineHit hit;

  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (!is_current (self) || !jx_timeline_canvas_hit (self->canvas, x, y, &hit))
    return;

  if (hit.expander_group != JX_NONE)
    {
      jx_timeline_canvas_set_group_folded (self->canvas, hit.expander_group,
                                           !jx_timeline_canvas_get_group_folded (self->canvas, hit.expander_group));
      return;
    }
  if (hit.expander_process != JX_NONE)
    {
      jx_timeline_canvas_set_process_collapsed (self->canvas, hit.expander_process,
                                                !jx_timeline_canvas_get_process_collapsed (self->canvas,
                                                                                           hit.expander_process));
      return;
    }
  if (hit.in_labels)
    return;

  /* A click on a marker's flag highlights the marker. */
  if ((marker = jx_timeline_canvas_get_marker (self->canvas, hit.marker)) != NULL)
    {
      jx_session_markers_set_highlighted (jx_session_get_markers (self->session), &marker, 1);
      return;
    }
  if (hit.has_diff)
    {
      jx_session_select_on_diff_bar (self->session, self->item, hit.diff.stream, hit.diff.invocation, hit.diff.extra);
      return;
    }
  if (hit.has_invocation)
    jx_session_select_invocation (self->session, self->item, hit.stream, hit.invocation);
  else
    jx_session_clear_selection (self->session);
}

void
jx_trace_timeline_release (JxTraceTimeline *self,
                           guint            button,
                           int              n_press,
                           double           x,
                           double           y)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  /* A press that moved past the drag threshold was a pan, select or shift;
   * anything shorter is a click, also for the secondary button. */
  if (self->drag_moved && self->dragging)
    return;

  if (button == GDK_BUTTON_SECONDARY)
    {
      JxTimelineHit hit;

      /* The menu acts on what it was opened over, as in any list. */
      if (is_current (self) && jx_timeline_canvas_hit (self->canvas, x, y, &hit) && hit.has_invocation &&
          hit.marker < 0)
        jx_session_select_invocation (self->session, self->item, hit.stream, hit.invocation);
      _jx_trace_timeline_popup_menu (self, x, y);
      return;
    }
  if (button != GDK_BUTTON_PRIMARY)
    return;

  if (n_press == 2 && x < label_width (self))
    {
      int row = jx_timeline_canvas_row_at (self->canvas, y);
      guint n_rows;

      if (row >= 0)
        {
          guint32 process = jx_timeline_canvas_get_rows (self->canvas, &n_rows)[row].process;

          jx_timeline_canvas_set_call_stack_process (self->canvas,
                                                     process == jx_timeline_canvas_get_call_stack_process (self->canvas)
                                                     ? JX_NONE : process);
        }
      return;
    }
  if (n_press == 1)
    jx_trace_timeline_click (self, x, y);
}

static void
on_click_released (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   JxTraceTimeline *self)
{
  jx_trace_timeline_release (self,
                             gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)),
                             n_press, x, y);
}

void
jx_trace_timeline_zoom_at (JxTraceTimeline *self,
                           double           factor,
                           double           x)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (self->session == NULL || factor <= 0)
    return;
  x = CLAMP (x, label_width (self), canvas_width (self));
  jx_session_zoom (self->session, factor, jx_timeline_canvas_x_to_ns (self->canvas, x));
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           JxTraceTimeline          *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean smooth = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE;
  GtkAdjustment *vadjustment = jx_timeline_canvas_get_vadjustment (self->canvas);
  double time_width = jx_timeline_canvas_get_time_width (self->canvas);
  double ns_per_px;

  if (self->session == NULL)
    return FALSE;

  ns_per_px = (double) jx_time_span_get_duration (jx_session_get_visible_time (self->session)) / time_width;

  if ((state & GDK_CONTROL_MASK) != 0)
    {
      jx_trace_timeline_zoom_at (self, pow (smooth ? SMOOTH_ZOOM : WHEEL_ZOOM, -dy), self->pointer_x);
      return TRUE;
    }

  if ((state & GDK_SHIFT_MASK) != 0 && dx == 0)
    {
      dx = dy;
      dy = 0;
    }

  if (dx != 0)
    {
      /* A wheel notch moves a tenth of the window, a touchpad pixel one pixel. */
      double px = smooth ? dx : dx * time_width / 10.0;

      jx_session_pan (self->session, (gint64) llround (px * ns_per_px));
    }
  if (dy != 0)
    {
      double step = smooth ? dy : dy * JX_TIMELINE_ROW_HEIGHT * 3;
      double value = gtk_adjustment_get_value (vadjustment);
      double limit = gtk_adjustment_get_upper (vadjustment) - gtk_adjustment_get_page_size (vadjustment);

      /* At the end of its own rows the wheel scrolls the enclosing view
       * (the stack of all traces), as nested scroll areas do. */
      if (dx == 0 && ((step < 0 && value <= 0) || (step > 0 && value >= limit)))
        return FALSE;
      gtk_adjustment_set_value (vadjustment, value + step);
    }
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           JxTraceTimeline          *self)
{
  self->pointer_x = x;
}

static void
on_pinch_begin (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                JxTraceTimeline  *self)
{
  double x, y;

  if (self->session == NULL)
    return;
  if (!gtk_gesture_get_bounding_box_center (gesture, &x, &y))
    x = self->pointer_x;
  self->pinch_x = CLAMP (x, label_width (self), canvas_width (self));
  self->pinch_view = *jx_session_get_visible_time (self->session);
}

static void
on_pinch_scale_changed (GtkGestureZoom  *gesture,
                        double           scale,
                        JxTraceTimeline *self)
{
  double frac, width0, width1;
  gint64 at, start;

  if (self->session == NULL || scale <= 0)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);

  /* Relative to the window at the start of the pinch: no drift. */
  frac = (self->pinch_x - label_width (self)) / jx_timeline_canvas_get_time_width (self->canvas);
  width0 = (double) jx_time_span_get_duration (&self->pinch_view);
  width1 = width0 / scale;
  at = self->pinch_view.begin_ns + (gint64) (frac * width0);
  start = at - (gint64) (frac * width1);
  jx_session_set_visible_time (self->session, &(JxTimeSpan) { start, start + (gint64) MAX (1.0, width1) });
}

static gboolean
on_query_tooltip (GtkWidget       *widget,
                  int              x,
                  int              y,
                  gboolean         keyboard,
                  GtkTooltip      *tooltip,
                  JxTraceTimeline *self)
{
  g_autofree char *markup = NULL;

  if (keyboard || self->dragging)
    return FALSE;
  markup = jx_timeline_canvas_dup_tooltip_markup (self->canvas, x, y);
  if (markup == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

void
_jx_trace_timeline_init_gestures (JxTraceTimeline *self)
{
  GtkWidget *canvas = GTK_WIDGET (self->canvas);
  GtkEventController *controller;
  GtkGesture *gesture;

  g_signal_connect (canvas, "query-tooltip", G_CALLBACK (on_query_tooltip), self);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (canvas, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (canvas, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_pinch_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_pinch_scale_changed), self);
  gtk_widget_add_controller (canvas, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (canvas, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (canvas, controller);
}
