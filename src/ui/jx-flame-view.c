/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-flame-view.c — see jx-flame-view.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-flame-view.h"

struct _JxFlameView
{
  GtkWidget       parent_instance;

  JxSession      *session;
  GSignalGroup   *session_signals;
  GSignalGroup   *store_signals;
  JxSessionTrace *shown;       /* whose tree (not owned) */
  const JxDiffTree *tree;      /* the store's, until it says otherwise */
  JxFlameGraph   *graph;
  gboolean        dirty;       /* lay out again before the next use */
  guint           layout_source;
  JxFlameOptions  options;

  GtkWidget      *box;
  GtkWidget      *status;
  GtkWidget      *width_a_toggle;
  GtkWidget      *self_toggle;
  GtkWidget      *normalised_toggle;
  GtkWidget      *canvas;
  GtkWidget      *header;
  GtkWidget      *legend_button;
  GtkWidget      *title_label;
  GtkWidget      *legend_area;
};

G_DEFINE_FINAL_TYPE (JxFlameView, jx_flame_view, GTK_TYPE_WIDGET)

/* The graph for the current tree, width and options. */
static void
layout_now (JxFlameView *self)
{
  int width = gtk_widget_get_width (self->canvas);

  g_clear_handle_id (&self->layout_source, g_source_remove);
  self->dirty = FALSE;
  g_clear_pointer (&self->graph, jx_flame_graph_free);
  if (self->tree == NULL)
    {
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->canvas), 0);
      gtk_widget_queue_draw (self->canvas);
      return;
    }
  self->options.width = MAX (width, 200);
  self->options.height = 0;
  self->options.band = self->session != NULL ? jx_session_get_noise_band (self->session) : 0.1;
  self->options.dark = self->session != NULL && jx_session_get_dark (self->session);
  self->graph = jx_flame_graph_new (self->tree, &self->options);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->canvas), jx_flame_graph_get_height (self->graph));
  gtk_widget_queue_draw (self->canvas);
  {
    g_autofree char *title = jx_flame_graph_dup_title (self->graph);

    gtk_label_set_text (GTK_LABEL (self->title_label), title);
  }
  gtk_widget_queue_draw (self->legend_area);
}

static void
draw_legend (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  JxFlameView *self = user_data;

  if (self->graph != NULL && !self->dirty)
    jx_flame_graph_draw_legend (self->graph, cr, width);
}

static gboolean
layout_idle (gpointer user_data)
{
  JxFlameView *self = user_data;

  self->layout_source = 0;
  layout_now (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_layout (JxFlameView *self)
{
  self->dirty = TRUE;
  if (self->layout_source == 0)
    self->layout_source = g_idle_add (layout_idle, self);
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        user_data)
{
  JxFlameView *self = user_data;

  /* Only draws: a graph due for layout waits for the idle. */
  if (self->graph != NULL && !self->dirty)
    jx_flame_graph_draw (self->graph, cr);
}

static void
on_resize (GtkDrawingArea *area,
           int             width,
           int             height,
           JxFlameView    *self)
{
  if (self->graph == NULL || jx_flame_graph_get_width (self->graph) != MAX (width, 200))
    schedule_layout (self);
}

/* The compared trace's tree, asked for when shown. */
static void
refresh (JxFlameView *self)
{
  JxSessionTrace *compared = self->session != NULL ? jx_session_get_compared (self->session) : NULL;
  JxDiffTreeStore *store = self->session != NULL ? jx_session_get_diff_trees (self->session) : NULL;
  const JxDiffTree *tree = NULL;
  JxSessionTrace *reference;

  if (compared != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)))
    tree = jx_diff_tree_store_get (store, compared);
  if (tree == self->tree && compared == self->shown && tree != NULL)
    return;
  /* The old tree may be gone already: drop the graph pointing into it. */
  g_clear_pointer (&self->graph, jx_flame_graph_free);
  self->tree = tree;
  self->shown = compared;
  reference = self->session != NULL ? jx_session_get_reference (self->session) : NULL;
  self->options.name_a = reference != NULL ? jx_session_trace_get_name (reference) : NULL;
  self->options.name_b = compared != NULL ? jx_session_trace_get_name (compared) : NULL;
  layout_now (self);

  gtk_widget_set_visible (self->status, tree == NULL);
  if (tree != NULL)
    return;
  {
    g_autofree char *text = jx_diff_tree_store_dup_status (store, compared);

    gtk_label_set_text (GTK_LABEL (self->status), text != NULL ? text : "");
  }
}

static void
on_store_changed (JxFlameView    *self,
                  JxSessionTrace *item)
{
  if (item == self->shown || (self->session != NULL && item == jx_session_get_compared (self->session)))
    {
      /* The tree the graph points into may be freed: let go first. */
      if (item == self->shown)
        {
          g_clear_pointer (&self->graph, jx_flame_graph_free);
          self->tree = NULL;
        }
      refresh (self);
    }
}

static void
on_toggled (GtkToggleButton *button,
            JxFlameView     *self)
{
  self->options.width_by_a = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->width_a_toggle));
  self->options.self_time = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->self_toggle));
  self->options.normalised = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->normalised_toggle));
  schedule_layout (self);
}

static gboolean
on_query_tooltip (GtkWidget   *widget,
                  int          x,
                  int          y,
                  gboolean     keyboard,
                  GtkTooltip  *tooltip,
                  JxFlameView *self)
{
  g_autofree char *text = jx_flame_view_dup_tooltip (self, x, y);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            JxFlameView     *self)
{
  if (jx_flame_view_click (self, x, y))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* API ------------------------------------------------------------------------ */

GtkWidget *
jx_flame_view_new (void)
{
  return g_object_new (JX_TYPE_FLAME_VIEW, NULL);
}

void
jx_flame_view_set_session (JxFlameView *self,
                           JxSession   *session)
{
  g_return_if_fail (JX_IS_FLAME_VIEW (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->store_signals, session != NULL ? jx_session_get_diff_trees (session) : NULL);
  refresh (self);
}

void
jx_flame_view_set_width_by_a (JxFlameView *self,
                              gboolean     width_by_a)
{
  g_return_if_fail (JX_IS_FLAME_VIEW (self));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->width_a_toggle), width_by_a);
}

void
jx_flame_view_set_self_time (JxFlameView *self,
                             gboolean     self_time)
{
  g_return_if_fail (JX_IS_FLAME_VIEW (self));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->self_toggle), self_time);
}

void
jx_flame_view_set_normalised (JxFlameView *self,
                              gboolean     normalised)
{
  g_return_if_fail (JX_IS_FLAME_VIEW (self));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->normalised_toggle), normalised);
}

const JxFlameGraph *
jx_flame_view_get_graph (JxFlameView *self)
{
  g_return_val_if_fail (JX_IS_FLAME_VIEW (self), NULL);

  if (self->dirty)
    layout_now (self);
  return self->graph;
}

guint32
jx_flame_view_hit (JxFlameView *self,
                   double       x,
                   double       y)
{
  const JxFlameGraph *graph = jx_flame_view_get_graph (self);

  return graph != NULL ? jx_flame_graph_hit (graph, x, y) : JX_NONE;
}

char *
jx_flame_view_dup_tooltip (JxFlameView *self,
                           double       x,
                           double       y)
{
  guint32 node = jx_flame_view_hit (self, x, y);
  g_autofree char *text = NULL;

  if (node == JX_NONE)
    return NULL;
  text = jx_flame_graph_dup_description (self->graph, node);
  return g_strdup_printf (_("%s\nClick: select this call path’s calls; F7 walks them."), text);
}

gboolean
jx_flame_view_click (JxFlameView *self,
                     double       x,
                     double       y)
{
  guint32 node = jx_flame_view_hit (self, x, y);

  if (node == JX_NONE || node == JX_DIFF_TREE_ROOT || self->shown == NULL)
    return FALSE;
  return jx_session_focus_call_path (self->session, self->shown, node);
}

GtkBox *
jx_flame_view_get_header (JxFlameView *self)
{
  g_return_val_if_fail (JX_IS_FLAME_VIEW (self), NULL);
  return GTK_BOX (self->header);
}

GtkWidget *
jx_flame_view_get_canvas (JxFlameView *self)
{
  g_return_val_if_fail (JX_IS_FLAME_VIEW (self), NULL);
  return self->canvas;
}

/* Object --------------------------------------------------------------------- */

static void
jx_flame_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (jx_flame_view_parent_class)->map (widget);
  /* Built only once someone looks. */
  refresh (JX_FLAME_VIEW (widget));
}

static void
jx_flame_view_dispose (GObject *object)
{
  JxFlameView *self = JX_FLAME_VIEW (object);

  g_clear_handle_id (&self->layout_source, g_source_remove);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  if (self->store_signals != NULL)
    g_signal_group_set_target (self->store_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->store_signals);
  g_clear_pointer (&self->graph, jx_flame_graph_free);
  self->tree = NULL;
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_FLAME_VIEW);

  G_OBJECT_CLASS (jx_flame_view_parent_class)->dispose (object);
}

static void
jx_flame_view_class_init (JxFlameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_flame_view_dispose;
  widget_class->map = jx_flame_view_map;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-flame-view.ui");
  gtk_widget_class_bind_template_child (widget_class, JxFlameView, box);
  gtk_widget_class_bind_template_child (widget_class, JxFlameView, status);
  gtk_widget_class_bind_template_child (widget_class, JxFlameView, width_a_toggle);
  gtk_widget_class_bind_template_child (widget_class, JxFlameView, self_toggle);
  gtk_widget_class_bind_template_child (widget_class, JxFlameView, normalised_toggle);
  gtk_widget_class_bind_template_child (widget_class, JxFlameView, canvas);
  gtk_widget_class_bind_template_child (widget_class, JxFlameView, header);
  gtk_widget_class_bind_template_child (widget_class, JxFlameView, legend_button);
  gtk_widget_class_bind_template_child (widget_class, JxFlameView, title_label);
  gtk_widget_class_bind_template_child (widget_class, JxFlameView, legend_area);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxflameview");
}

static void
jx_flame_view_init (JxFlameView *self)
{
  GtkGesture *click;

  gtk_widget_init_template (GTK_WIDGET (self));
  jx_flame_options_init (&self->options);
  /* The title and legend are in the legend button's popover. */
  self->options.bare = TRUE;
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->legend_area), draw_legend, self, NULL);

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->canvas), draw, self, NULL);
  g_signal_connect (self->canvas, "resize", G_CALLBACK (on_resize), self);
  gtk_widget_set_has_tooltip (self->canvas, TRUE);
  g_signal_connect (self->canvas, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (self->canvas, GTK_EVENT_CONTROLLER (click));
  g_signal_connect (self->width_a_toggle, "toggled", G_CALLBACK (on_toggled), self);
  g_signal_connect (self->self_toggle, "toggled", G_CALLBACK (on_toggled), self);
  g_signal_connect (self->normalised_toggle, "toggled", G_CALLBACK (on_toggled), self);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::compared-trace", G_CALLBACK (refresh), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::reference", G_CALLBACK (refresh), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::comparison-state", G_CALLBACK (refresh), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::noise-band", G_CALLBACK (schedule_layout), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (schedule_layout), self);
  self->store_signals = g_signal_group_new (JX_TYPE_DIFF_TREE_STORE);
  g_signal_group_connect_swapped (self->store_signals, "changed", G_CALLBACK (on_store_changed), self);
}
