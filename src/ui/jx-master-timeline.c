/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-master-timeline.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-box-model.h"
#include "jx-lane-layout.h"
#include "jx-master-timeline.h"
#include "jx-time-axis.h"

#define ZOOM_STEP 1.5

struct _JxMasterTimeline
{
  GtkWidget           parent_instance;

  JxSession          *session;
  GSignalGroup       *session_signals;
  GSimpleActionGroup *actions;

  GtkWidget          *axis;
  GtkWidget          *scroller;
  GtkWidget          *empty_label;
  GtkBox             *lanes;        /* one JxTraceTimeline per item, in order */

  int                 label_width;
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_LABEL_WIDTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxMasterTimeline, jx_master_timeline, GTK_TYPE_WIDGET)

/* A trace that failed to load has no lane: the window's loading strip
 * reports it (with its Remove button). */
static void
update_visibility (JxMasterTimeline *self)
{
  gboolean any = FALSE;

  for (GtkWidget *lane = gtk_widget_get_first_child (GTK_WIDGET (self->lanes));
       lane != NULL;
       lane = gtk_widget_get_next_sibling (lane))
    {
      JxSessionTrace *item = jx_trace_timeline_get_item (JX_TRACE_TIMELINE (lane));
      gboolean show = jx_session_trace_get_state (item) != JX_SESSION_TRACE_FAILED;

      gtk_widget_set_visible (lane, show);
      any |= show;
    }
  gtk_widget_set_visible (self->empty_label, !any);
}

static GtkWidget *
create_lane (gpointer item,
             gpointer user_data)
{
  JxMasterTimeline *self = user_data;
  GtkWidget *lane = jx_trace_timeline_new (self->session, item);

  jx_trace_timeline_set_label_width (JX_TRACE_TIMELINE (lane), self->label_width);
  /* Sized by the lane layout: its minimum, then a share by its rows. */
  gtk_widget_set_vexpand (lane, FALSE);
  return lane;
}

static void
on_items_changed (JxMasterTimeline *self,
                  guint             position,
                  guint             removed,
                  guint             added,
                  GListModel       *model)
{
  jx_box_items_changed (self->lanes, model, position, removed, added, create_lane, self);
  update_visibility (self);
}

static void
remove_all_lanes (JxMasterTimeline *self)
{
  guint n = 0;

  for (GtkWidget *lane = gtk_widget_get_first_child (GTK_WIDGET (self->lanes));
       lane != NULL;
       lane = gtk_widget_get_next_sibling (lane))
    n++;
  if (n > 0)
    jx_box_items_changed (self->lanes, G_LIST_MODEL (self->session), 0, n, 0, create_lane, self);
}

static void
zoom (GSimpleAction *action,
      GVariant      *param,
      gpointer       user_data)
{
  JxMasterTimeline *self = user_data;
  const char *name = g_action_get_name (G_ACTION (action));
  const JxTimeSpan *view;

  if (self->session == NULL)
    return;
  if (g_str_equal (name, "zoom-all"))
    {
      jx_session_zoom_all (self->session);
      return;
    }
  view = jx_session_get_visible_time (self->session);
  jx_session_zoom (self->session,
                   g_str_equal (name, "zoom-in") ? ZOOM_STEP : 1.0 / ZOOM_STEP,
                   view->begin_ns + jx_time_span_get_duration (view) / 2);
}

static void
pan (GSimpleAction *action,
     GVariant      *param,
     gpointer       user_data)
{
  JxMasterTimeline *self = user_data;
  gint64 step;

  if (self->session == NULL)
    return;
  step = MAX (1, jx_time_span_get_duration (jx_session_get_visible_time (self->session)) / 10);
  jx_session_pan (self->session, g_str_equal (g_action_get_name (G_ACTION (action)), "pan-left") ? -step : step);
}

static const GActionEntry entries[] = {
  { "zoom-in", zoom },
  { "zoom-out", zoom },
  { "zoom-all", zoom },
  { "pan-left", pan },
  { "pan-right", pan },
};

/* The modes live on the session; these actions only toggle them. */
static void
set_mode_actions (JxMasterTimeline *self)
{
  static const char * const modes[] = { "shift-mode", "show-messages" };

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_action_map_remove_action (G_ACTION_MAP (self->actions), modes[i]);
      if (self->session != NULL)
        {
          g_autoptr(GPropertyAction) action = g_property_action_new (modes[i], self->session, modes[i]);

          g_action_map_add_action (G_ACTION_MAP (self->actions), G_ACTION (action));
        }
    }
}

static void
jx_master_timeline_dispose (GObject *object)
{
  JxMasterTimeline *self = JX_MASTER_TIMELINE (object);

  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  g_clear_object (&self->actions);

  g_clear_pointer (&self->axis, gtk_widget_unparent);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  self->lanes = NULL;

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
  properties[PROP_LABEL_WIDTH] =
    g_param_spec_int ("label-width", NULL, NULL, 40, 1000, 180,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  GtkWidget *content;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  self->label_width = 180;

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "timeline", G_ACTION_GROUP (self->actions));

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "items-changed",
                                  G_CALLBACK (on_items_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::state",
                                  G_CALLBACK (update_visibility), self);

  self->axis = jx_time_axis_new (NULL);
  gtk_widget_set_parent (self->axis, GTK_WIDGET (self));

  /* One vertical scroll for all traces, used only when even their minimum
   * heights do not fit; the time axis above stays in place. */
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  /* The window sizes the timeline area by what the lanes want. */
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), content);

  self->empty_label = gtk_label_new (_("No traces"));
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_widget_set_vexpand (self->empty_label, TRUE);
  gtk_box_append (GTK_BOX (content), self->empty_label);

  self->lanes = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  /* The lanes share the height by their rows, each keeping a minimum. */
  gtk_widget_set_layout_manager (GTK_WIDGET (self->lanes), jx_lane_layout_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->lanes), TRUE);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->lanes));
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
  if (self->session != NULL)
    remove_all_lanes (self);
  g_set_object (&self->session, session);
  g_signal_group_set_target (self->session_signals, session);
  jx_time_axis_set_session (JX_TIME_AXIS (self->axis), session);
  set_mode_actions (self);
  if (session != NULL)
    on_items_changed (self, 0, 0, g_list_model_get_n_items (G_LIST_MODEL (session)), G_LIST_MODEL (session));
  update_visibility (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
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
  g_return_if_fail (JX_IS_MASTER_TIMELINE (self));

  if (self->label_width == label_width)
    return;
  self->label_width = label_width;
  jx_time_axis_set_label_width (JX_TIME_AXIS (self->axis), label_width);
  for (GtkWidget *lane = gtk_widget_get_first_child (GTK_WIDGET (self->lanes));
       lane != NULL;
       lane = gtk_widget_get_next_sibling (lane))
    jx_trace_timeline_set_label_width (JX_TRACE_TIMELINE (lane), label_width);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_WIDTH]);
}

JxTraceTimeline *
jx_master_timeline_get_trace_timeline (JxMasterTimeline *self,
                                       JxSessionTrace   *item)
{
  g_return_val_if_fail (JX_IS_MASTER_TIMELINE (self), NULL);

  for (GtkWidget *lane = gtk_widget_get_first_child (GTK_WIDGET (self->lanes));
       lane != NULL;
       lane = gtk_widget_get_next_sibling (lane))
    if (jx_trace_timeline_get_item (JX_TRACE_TIMELINE (lane)) == item)
      return JX_TRACE_TIMELINE (lane);
  return NULL;
}
