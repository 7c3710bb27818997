/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-timeline.c — a trace's header, rows, gestures and actions put
 * together. */
#include "config.h"

#include "jx-trace-timeline-private.h"

enum {
  PROP_0,
  PROP_SESSION,
  PROP_ITEM,
  PROP_LABEL_WIDTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxTraceTimeline, jx_trace_timeline, GTK_TYPE_WIDGET)

/* The header's own menu acts on the whole trace, no process. */
static void
on_header_menu_opening (JxTraceTimeline *self)
{
  _jx_trace_timeline_set_menu_process (self, JX_NONE);
}

/* The scrollbar shows while the rows overflow the lane. The canvas finds
 * that out while it is allocated, when showing or hiding a widget must not
 * happen: the change waits for the allocation to end. The overlay lays the
 * scrollbar over the rows, so nothing else moves when it comes. */
static void
sync_scrollbar (JxTraceTimeline *self)
{
  gboolean overflowing = FALSE;

  g_object_get (self->canvas, "overflowing", &overflowing, NULL);
  gtk_widget_set_visible (self->scrollbar, overflowing);
}

static gboolean
sync_scrollbar_idle (gpointer data)
{
  JxTraceTimeline *self = data;

  self->scrollbar_source = 0;
  sync_scrollbar (self);
  return G_SOURCE_REMOVE;
}

static void
queue_sync_scrollbar (JxTraceTimeline *self)
{
  if (self->scrollbar_source == 0)
    self->scrollbar_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, sync_scrollbar_idle, self, NULL);
}

static void
jx_trace_timeline_constructed (GObject *object)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (object);

  G_OBJECT_CLASS (jx_trace_timeline_parent_class)->constructed (object);

  /* jx_trace_timeline_new () checks both. */
  g_assert (JX_IS_SESSION (self->session));
  g_assert (JX_IS_SESSION_TRACE (self->item));

  jx_trace_header_bind (self->header, self->session, self->item);
  jx_timeline_canvas_bind (self->canvas, self->session, self->item);
  self->actions = jx_trace_actions_attach (GTK_WIDGET (self), self->session, self->item);
  _jx_trace_timeline_init_actions (self);
  _jx_trace_timeline_init_marker_actions (self);
}

static void
jx_trace_timeline_dispose (GObject *object)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (object);

  _jx_trace_timeline_cancel_drag (self);
  g_clear_handle_id (&self->popup_source, g_source_remove);
  g_clear_handle_id (&self->scrollbar_source, g_source_remove);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  g_clear_object (&self->menu_marker);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "trace", NULL);
  self->actions = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_TRACE_TIMELINE);
  g_clear_object (&self->item);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (jx_trace_timeline_parent_class)->dispose (object);
}

static void
jx_trace_timeline_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;
    case PROP_LABEL_WIDTH:
      g_value_set_int (value, jx_trace_timeline_get_label_width (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_trace_timeline_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;
    case PROP_ITEM:
      self->item = g_value_dup_object (value);
      break;
    case PROP_LABEL_WIDTH:
      jx_trace_timeline_set_label_width (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_trace_timeline_class_init (JxTraceTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = jx_trace_timeline_constructed;
  object_class->dispose = jx_trace_timeline_dispose;
  object_class->get_property = jx_trace_timeline_get_property;
  object_class->set_property = jx_trace_timeline_set_property;

  /* A timeline shows one trace of one session for its whole life. */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, JX_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, JX_TYPE_SESSION_TRACE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL_WIDTH] =
    g_param_spec_int ("label-width", NULL, NULL, 0, 1000, 180,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (JX_TYPE_TRACE_HEADER);
  g_type_ensure (JX_TYPE_TIMELINE_CANVAS);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-trace-timeline.ui");
  gtk_widget_class_bind_template_child (widget_class, JxTraceTimeline, header);
  gtk_widget_class_bind_template_child (widget_class, JxTraceTimeline, overlay);
  gtk_widget_class_bind_template_child (widget_class, JxTraceTimeline, canvas);
  gtk_widget_class_bind_template_child (widget_class, JxTraceTimeline, scrollbar);

  _jx_trace_timeline_class_init_actions (widget_class);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxtracetimeline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
jx_trace_timeline_init (JxTraceTimeline *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  self->menu_process = JX_NONE;
  self->menu_stream = JX_NONE;

  gtk_scrollbar_set_adjustment (GTK_SCROLLBAR (self->scrollbar),
                                jx_timeline_canvas_get_vadjustment (self->canvas));
  sync_scrollbar (self);
  g_signal_connect_swapped (self->canvas, "notify::overflowing", G_CALLBACK (queue_sync_scrollbar), self);
  g_signal_connect_swapped (self->header, "menu-opening", G_CALLBACK (on_header_menu_opening), self);
  _jx_trace_timeline_init_gestures (self);
}

GtkWidget *
jx_trace_timeline_new (JxSession      *session,
                       JxSessionTrace *item)
{
  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);

  return g_object_new (JX_TYPE_TRACE_TIMELINE, "session", session, "item", item, NULL);
}

JxSession *
jx_trace_timeline_get_session (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), NULL);
  return self->session;
}

JxSessionTrace *
jx_trace_timeline_get_item (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), NULL);
  return self->item;
}

void
jx_trace_timeline_set_label_width (JxTraceTimeline *self,
                                   int              label_width)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (jx_timeline_canvas_get_label_width (self->canvas) == label_width)
    return;
  jx_timeline_canvas_set_label_width (self->canvas, label_width);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_WIDTH]);
}

int
jx_trace_timeline_get_label_width (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), 0);
  return jx_timeline_canvas_get_label_width (self->canvas);
}

guint32
jx_trace_timeline_get_call_stack_process (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), JX_NONE);
  return jx_timeline_canvas_get_call_stack_process (self->canvas);
}

void
jx_trace_timeline_set_call_stack_process (JxTraceTimeline *self,
                                          guint32          process)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));
  jx_timeline_canvas_set_call_stack_process (self->canvas, process);
}

void
jx_trace_timeline_set_process_collapsed (JxTraceTimeline *self,
                                         guint32          process,
                                         gboolean         collapsed)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));
  jx_timeline_canvas_set_process_collapsed (self->canvas, process, collapsed);
}

void
jx_trace_timeline_reveal_stream (JxTraceTimeline *self,
                                 guint32          stream)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));
  jx_timeline_canvas_scroll_to_stream (self->canvas, stream);
}

void
jx_trace_timeline_reveal_stream_at_top (JxTraceTimeline *self,
                                        guint32          stream)
{
  GtkAdjustment *adjustment;
  int y, h;

  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  adjustment = jx_timeline_canvas_get_vadjustment (self->canvas);
  if (jx_timeline_canvas_get_stream_span (self->canvas, stream, &y, &h) &&
      (y < 0 || y + h > gtk_adjustment_get_page_size (adjustment)))
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + y);
}

GtkWidget *
jx_trace_timeline_get_canvas (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), NULL);
  return GTK_WIDGET (self->canvas);
}

gboolean
jx_trace_timeline_get_group_folded (JxTraceTimeline *self,
                                    guint32          group)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), FALSE);
  return jx_timeline_canvas_get_group_folded (self->canvas, group);
}

void
jx_trace_timeline_set_group_folded (JxTraceTimeline *self,
                                    guint32          group,
                                    gboolean         folded)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));
  jx_timeline_canvas_set_group_folded (self->canvas, group, folded);
}

gboolean
jx_trace_timeline_get_stream_span (JxTraceTimeline *self,
                                   guint32          stream,
                                   int             *y,
                                   int             *height)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), FALSE);
  return jx_timeline_canvas_get_stream_span (self->canvas, stream, y, height);
}

gint64
jx_trace_timeline_x_to_ns (JxTraceTimeline *self,
                           double           x)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), 0);
  return jx_timeline_canvas_x_to_ns (self->canvas, x);
}

char *
jx_trace_timeline_dup_tooltip_markup (JxTraceTimeline *self,
                                      double           x,
                                      double           y)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), NULL);
  return jx_timeline_canvas_dup_tooltip_markup (self->canvas, x, y);
}

GtkWidget *
jx_trace_timeline_get_context_menu (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), NULL);
  return self->context_menu;
}
