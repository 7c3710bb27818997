/* jx-master-timeline.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-master-timeline.h"
#include "jx-time-axis.h"

#define ZOOM_STEP 1.5

struct _JxMasterTimeline
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;
  GBinding     *shift_binding;
  GBinding     *messages_binding;

  GtkWidget    *axis;
  GtkWidget    *scroller;
  GtkWidget    *stack;
  GtkWidget    *empty_label;
  GPtrArray    *timelines;
  guint         rebuild_source;

  int           label_width;
  gboolean      shift_mode;
  gboolean      show_messages;
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_SHIFT_MODE,
  PROP_SHOW_MESSAGES,
  PROP_LABEL_WIDTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxMasterTimeline, jx_master_timeline, GTK_TYPE_WIDGET)

/* A trace that failed to load has no lane: the window's loading strip
 * reports it (with its Remove button). */
static void
update_failed (JxMasterTimeline *self)
{
  guint n_shown = 0;

  for (guint i = 0; i < self->timelines->len; i++)
    {
      gboolean show = self->session != NULL &&
                      i < jx_session_get_n_traces (self->session) &&
                      jx_session_get_trace_state (self->session, i) != JX_SESSION_TRACE_FAILED;

      gtk_widget_set_visible (g_ptr_array_index (self->timelines, i), show);
      if (show)
        n_shown++;
    }
  gtk_widget_set_visible (self->empty_label, n_shown == 0);
}

static void
rebuild (JxMasterTimeline *self)
{
  guint i, n;

  g_clear_handle_id (&self->rebuild_source, g_source_remove);

  for (i = 0; i < self->timelines->len; i++)
    gtk_box_remove (GTK_BOX (self->stack), g_ptr_array_index (self->timelines, i));
  g_ptr_array_set_size (self->timelines, 0);

  n = self->session != NULL ? jx_session_get_n_traces (self->session) : 0;
  for (i = 0; i < n; i++)
    {
      GtkWidget *timeline = jx_trace_timeline_new (self->session, i);

      /* Each timeline follows the session's modes by itself; the view's own
       * properties override them for embedders that bind to the view. */
      jx_trace_timeline_set_label_width (JX_TRACE_TIMELINE (timeline), self->label_width);
      if (self->shift_mode)
        jx_trace_timeline_set_shift_mode (JX_TRACE_TIMELINE (timeline), TRUE);
      if (!self->show_messages)
        jx_trace_timeline_set_show_messages (JX_TRACE_TIMELINE (timeline), FALSE);
      /* Sized to its rows (the box shares a short height by natural size),
       * so short traces leave no empty band under their rows. */
      gtk_widget_set_vexpand (timeline, FALSE);
      gtk_box_append (GTK_BOX (self->stack), timeline);
      g_ptr_array_add (self->timelines, timeline);
    }

  update_failed (self);
}

static void
on_trace_changed (JxMasterTimeline *self,
                  guint             index)
{
  update_failed (self);
}

static gboolean
rebuild_idle (gpointer user_data)
{
  JxMasterTimeline *self = user_data;

  self->rebuild_source = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
on_trace_added (JxMasterTimeline *self)
{
  rebuild (self);
}

static void
on_trace_removed (JxMasterTimeline *self)
{
  /* Deferred: the removal may come from a timeline's own menu action. */
  if (self->rebuild_source == 0)
    self->rebuild_source = g_idle_add (rebuild_idle, self);
}

static void
action_zoom (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  JxMasterTimeline *self = JX_MASTER_TIMELINE (widget);
  gint64 v0, v1;

  if (self->session == NULL)
    return;

  if (g_str_equal (action_name, "timeline.zoom-all"))
    {
      jx_session_zoom_all (self->session);
      return;
    }

  v0 = jx_session_get_view_start (self->session);
  v1 = jx_session_get_view_end (self->session);
  jx_session_zoom (self->session,
                   g_str_equal (action_name, "timeline.zoom-in") ? ZOOM_STEP : 1.0 / ZOOM_STEP,
                   v0 + (v1 - v0) / 2);
}

static void
unbind_session (JxMasterTimeline *self)
{
  if (self->shift_binding != NULL)
    g_binding_unbind (self->shift_binding);
  if (self->messages_binding != NULL)
    g_binding_unbind (self->messages_binding);
  g_clear_object (&self->shift_binding);
  g_clear_object (&self->messages_binding);
}

static void
action_pan (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  JxMasterTimeline *self = JX_MASTER_TIMELINE (widget);
  gint64 step;

  if (self->session == NULL)
    return;
  step = MAX (1, (jx_session_get_view_end (self->session) - jx_session_get_view_start (self->session)) / 10);
  jx_session_pan (self->session, g_str_equal (action_name, "timeline.pan-left") ? -step : step);
}

static void
jx_master_timeline_dispose (GObject *object)
{
  JxMasterTimeline *self = JX_MASTER_TIMELINE (object);

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  unbind_session (self);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  g_clear_pointer (&self->timelines, g_ptr_array_unref);

  g_clear_pointer (&self->axis, gtk_widget_unparent);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  self->stack = NULL;

  G_OBJECT_CLASS (jx_master_timeline_parent_class)->dispose (object);
}

static void
jx_master_timeline_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  JxMasterTimeline *self = JX_MASTER_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_SHIFT_MODE:
      g_value_set_boolean (value, self->shift_mode);
      break;
    case PROP_SHOW_MESSAGES:
      g_value_set_boolean (value, self->show_messages);
      break;
    case PROP_LABEL_WIDTH:
      g_value_set_int (value, self->label_width);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_master_timeline_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  JxMasterTimeline *self = JX_MASTER_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      jx_master_timeline_set_session (self, g_value_get_object (value));
      break;
    case PROP_SHIFT_MODE:
      jx_master_timeline_set_shift_mode (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_MESSAGES:
      jx_master_timeline_set_show_messages (self, g_value_get_boolean (value));
      break;
    case PROP_LABEL_WIDTH:
      jx_master_timeline_set_label_width (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_master_timeline_class_init (JxMasterTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_master_timeline_dispose;
  object_class->get_property = jx_master_timeline_get_property;
  object_class->set_property = jx_master_timeline_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, JX_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHIFT_MODE] =
    g_param_spec_boolean ("shift-mode", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_MESSAGES] =
    g_param_spec_boolean ("show-messages", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL_WIDTH] =
    g_param_spec_int ("label-width", NULL, NULL, 40, 1000, 180,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", NULL, action_zoom);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", NULL, action_zoom);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-all", NULL, action_zoom);
  gtk_widget_class_install_action (widget_class, "timeline.pan-left", NULL, action_pan);
  gtk_widget_class_install_action (widget_class, "timeline.pan-right", NULL, action_pan);
  gtk_widget_class_install_property_action (widget_class, "timeline.shift-mode", "shift-mode");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-messages", "show-messages");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "timeline.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "timeline.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "timeline.zoom-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, 0, "timeline.zoom-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "timeline.pan-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "timeline.pan-right", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxmastertimeline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
jx_master_timeline_init (JxMasterTimeline *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);

  self->label_width = 180;
  self->show_messages = TRUE;
  self->timelines = g_ptr_array_new ();

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "trace-added",
                                  G_CALLBACK (on_trace_added), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-removed",
                                  G_CALLBACK (on_trace_removed), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-changed",
                                  G_CALLBACK (on_trace_changed), self);

  self->axis = jx_time_axis_new (NULL);
  gtk_widget_set_parent (self->axis, GTK_WIDGET (self));

  /* One vertical scroll for all traces, used only when even their minimum
   * heights do not fit; the time axis above stays in place. */
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  self->stack = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->stack);

  self->empty_label = gtk_label_new (_("No traces"));
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_widget_set_vexpand (self->empty_label, TRUE);
  gtk_box_append (GTK_BOX (self->stack), self->empty_label);
}

GtkWidget *
jx_master_timeline_new (JxSession *session)
{
  return g_object_new (JX_TYPE_MASTER_TIMELINE, "session", session, NULL);
}

JxSession *
jx_master_timeline_get_session (JxMasterTimeline *self)
{
  g_return_val_if_fail (JX_IS_MASTER_TIMELINE (self), NULL);
  return self->session;
}

void
jx_master_timeline_set_session (JxMasterTimeline *self,
                                JxSession        *session)
{
  g_return_if_fail (JX_IS_MASTER_TIMELINE (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (self->session == session)
    return;
  unbind_session (self);
  g_set_object (&self->session, session);
  if (session != NULL)
    {
      /* The view's toggles and the session's are one state. */
      self->shift_binding =
        g_object_ref (g_object_bind_property (session, "shift-mode", self, "shift-mode",
                                              G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL));
      self->messages_binding =
        g_object_ref (g_object_bind_property (session, "show-messages", self, "show-messages",
                                              G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL));
    }
  g_signal_group_set_target (self->session_signals, session);
  jx_time_axis_set_session (JX_TIME_AXIS (self->axis), session);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

gboolean
jx_master_timeline_get_shift_mode (JxMasterTimeline *self)
{
  g_return_val_if_fail (JX_IS_MASTER_TIMELINE (self), FALSE);
  return self->shift_mode;
}

void
jx_master_timeline_set_shift_mode (JxMasterTimeline *self,
                                   gboolean          shift_mode)
{
  guint i;

  g_return_if_fail (JX_IS_MASTER_TIMELINE (self));

  shift_mode = !!shift_mode;
  if (self->shift_mode == shift_mode)
    return;
  self->shift_mode = shift_mode;
  for (i = 0; i < self->timelines->len; i++)
    jx_trace_timeline_set_shift_mode (g_ptr_array_index (self->timelines, i), shift_mode);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHIFT_MODE]);
}

gboolean
jx_master_timeline_get_show_messages (JxMasterTimeline *self)
{
  g_return_val_if_fail (JX_IS_MASTER_TIMELINE (self), FALSE);
  return self->show_messages;
}

void
jx_master_timeline_set_show_messages (JxMasterTimeline *self,
                                      gboolean          show_messages)
{
  guint i;

  g_return_if_fail (JX_IS_MASTER_TIMELINE (self));

  show_messages = !!show_messages;
  if (self->show_messages == show_messages)
    return;
  self->show_messages = show_messages;
  for (i = 0; i < self->timelines->len; i++)
    jx_trace_timeline_set_show_messages (g_ptr_array_index (self->timelines, i), show_messages);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_MESSAGES]);
}

int
jx_master_timeline_get_label_width (JxMasterTimeline *self)
{
  g_return_val_if_fail (JX_IS_MASTER_TIMELINE (self), 0);
  return self->label_width;
}

void
jx_master_timeline_set_label_width (JxMasterTimeline *self,
                                    int               label_width)
{
  guint i;

  g_return_if_fail (JX_IS_MASTER_TIMELINE (self));

  if (self->label_width == label_width)
    return;
  self->label_width = label_width;
  jx_time_axis_set_label_width (JX_TIME_AXIS (self->axis), label_width);
  for (i = 0; i < self->timelines->len; i++)
    jx_trace_timeline_set_label_width (g_ptr_array_index (self->timelines, i), label_width);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_WIDTH]);
}

JxTraceTimeline *
jx_master_timeline_get_trace_timeline (JxMasterTimeline *self,
                                       guint             index)
{
  g_return_val_if_fail (JX_IS_MASTER_TIMELINE (self), NULL);

  if (self->rebuild_source != 0)
    rebuild (self);
  if (index >= self->timelines->len)
    return NULL;
  return g_ptr_array_index (self->timelines, index);
}
