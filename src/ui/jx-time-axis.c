/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-time-axis.c */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-time-axis.h"
#include "jx-time-drag.h"
#include "jx-time-ruler.h"

#define AXIS_HEIGHT 30

struct _JxTimeAxis
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;
  int           label_width;

  /* Drag on the ruler selects a range and zooms to it, as in the rows. */
  gboolean      dragging;
  JxTimeDrag    drag;
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_LABEL_WIDTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxTimeAxis, jx_time_axis, GTK_TYPE_WIDGET)

static void
jx_time_axis_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  JxTimeAxis *self = JX_TIME_AXIS (widget);

  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = *natural = AXIS_HEIGHT;
  else
    *minimum = *natural = self->label_width + 100;
}

static void
jx_time_axis_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  JxTimeAxis *self = JX_TIME_AXIS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autofree char *span = NULL;
  g_autofree char *text = NULL;
  PangoLayout *layout;
  GdkRGBA fg;
  const JxTimeSpan *view;
  cairo_t *cr;
  int tw, th;

  if (self->session == NULL || width <= self->label_width)
    return;

  view = jx_session_get_visible_time (self->session);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  jx_time_ruler_draw (cr, view->begin_ns, view->end_ns, self->label_width, width - self->label_width, height,
                      jx_session_get_dark (self->session));

  /* The window's width in the label column answers "how far am I zoomed in". */
  if (self->label_width > 40)
    {
      gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
      span = jx_time_format (jx_time_span_get_duration (view), 3);
      text = g_strdup_printf (_("Window %s"), span);
      layout = gtk_widget_create_pango_layout (widget, text);
      pango_layout_set_width (layout, (self->label_width - 12) * PANGO_SCALE);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_move_to (cr, 8, (height - th) / 2.0);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.7);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
  cairo_destroy (cr);
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               JxTimeAxis     *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  if (self->session == NULL || x < self->label_width || width <= self->label_width)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->dragging = TRUE;
  jx_time_drag_begin (&self->drag, jx_session_get_visible_time (self->session),
                      self->label_width, width, x);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                JxTimeAxis     *self)
{
  if (self->dragging && self->session != NULL)
    jx_time_drag_select (&self->drag, self->session, dx);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             JxTimeAxis     *self)
{
  if (!self->dragging || self->session == NULL)
    return;
  self->dragging = FALSE;
  jx_time_drag_zoom (&self->drag, self->session, dx);
}

static void
jx_time_axis_dispose (GObject *object)
{
  JxTimeAxis *self = JX_TIME_AXIS (object);

  jx_time_axis_set_session (self, NULL);
  g_clear_object (&self->session_signals);

  G_OBJECT_CLASS (jx_time_axis_parent_class)->dispose (object);
}

static void
jx_time_axis_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  JxTimeAxis *self = JX_TIME_AXIS (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_LABEL_WIDTH:
      g_value_set_int (value, self->label_width);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_time_axis_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  JxTimeAxis *self = JX_TIME_AXIS (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      jx_time_axis_set_session (self, g_value_get_object (value));
      break;
    case PROP_LABEL_WIDTH:
      jx_time_axis_set_label_width (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_time_axis_class_init (JxTimeAxisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_time_axis_dispose;
  object_class->get_property = jx_time_axis_get_property;
  object_class->set_property = jx_time_axis_set_property;
  widget_class->measure = jx_time_axis_measure;
  widget_class->snapshot = jx_time_axis_snapshot;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, JX_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL_WIDTH] =
    g_param_spec_int ("label-width", NULL, NULL, 0, 1000, 180,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "jxtimeaxis");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
jx_time_axis_init (JxTimeAxis *self)
{
  GtkGesture *gesture;

  self->label_width = 180;

  gesture = gtk_gesture_drag_new ();
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _("Drag to zoom into a time range"));
  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::visible-time",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Time axis"),
                                  -1);
}

GtkWidget *
jx_time_axis_new (JxSession *session)
{
  return g_object_new (JX_TYPE_TIME_AXIS, "session", session, NULL);
}

JxSession *
jx_time_axis_get_session (JxTimeAxis *self)
{
  g_return_val_if_fail (JX_IS_TIME_AXIS (self), NULL);
  return self->session;
}

void
jx_time_axis_set_session (JxTimeAxis *self,
                          JxSession  *session)
{
  g_return_if_fail (JX_IS_TIME_AXIS (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

int
jx_time_axis_get_label_width (JxTimeAxis *self)
{
  g_return_val_if_fail (JX_IS_TIME_AXIS (self), 0);
  return self->label_width;
}

void
jx_time_axis_set_label_width (JxTimeAxis *self,
                              int         label_width)
{
  g_return_if_fail (JX_IS_TIME_AXIS (self));

  if (self->label_width == label_width)
    return;
  self->label_width = label_width;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_WIDTH]);
}
