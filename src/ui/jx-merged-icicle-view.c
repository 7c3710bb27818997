/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-icicle-view.c — see jx-merged-icicle-view.h. */
#include "config.h"

#include "jx-merged-icicle-view.h"

/* Narrower than this the frames say nothing: laid out at this width and
 * scrolled by the parent. */
#define MIN_WIDTH 240

struct _JxMergedIcicleView
{
  GtkWidget       parent_instance;

  JxMergedTree   *tree;
  char           *title;
  JxMergedIcicle *icicle;
  int             laid_out_width;
  gboolean        dark;
  gboolean        width_by_calls;
  guint32         selected;
  GtkWidget      *tip;              /* the tooltip's label, wrapped */
};

G_DEFINE_FINAL_TYPE (JxMergedIcicleView, jx_merged_icicle_view, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_DARK, PROP_WIDTH_BY_CALLS, PROP_SELECTED_NODE, N_PROPS };
enum { NODE_ACTIVATED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
relayout (JxMergedIcicleView *self,
          int                 width)
{
  JxIcicleOptions options;

  g_clear_pointer (&self->icicle, jx_merged_icicle_free);
  self->laid_out_width = width;
  if (self->tree == NULL || width <= 0)
    return;
  jx_icicle_options_init (&options);
  options.width = MAX (width, MIN_WIDTH);
  options.dark = self->dark;
  options.width_by_calls = self->width_by_calls;
  options.title = self->title;
  self->icicle = jx_merged_icicle_new (self->tree, &options);
}

static void
jx_merged_icicle_view_measure (GtkWidget      *widget,
                               GtkOrientation  orientation,
                               int             for_size,
                               int            *minimum,
                               int            *natural,
                               int            *minimum_baseline,
                               int            *natural_baseline)
{
  JxMergedIcicleView *self = JX_MERGED_ICICLE_VIEW (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = self->tree != NULL ? MIN_WIDTH : 0;
      *natural = *minimum;
      return;
    }
  if (self->tree == NULL)
    {
      *minimum = *natural = 0;
      return;
    }
  /* The height follows the rows, which do not depend on the width but for
   * the frames too narrow to draw: lay out at the width asked for. */
  if (self->icicle == NULL || (for_size > 0 && MAX (for_size, MIN_WIDTH) != jx_merged_icicle_get_width (self->icicle)))
    relayout (self, for_size > 0 ? for_size : (self->laid_out_width > 0 ? self->laid_out_width : MIN_WIDTH));
  *minimum = *natural = self->icicle != NULL ? jx_merged_icicle_get_height (self->icicle) : 0;
}

static void
jx_merged_icicle_view_size_allocate (GtkWidget *widget,
                                     int        width,
                                     int        height,
                                     int        baseline)
{
  JxMergedIcicleView *self = JX_MERGED_ICICLE_VIEW (widget);

  if (self->icicle == NULL || jx_merged_icicle_get_width (self->icicle) != MAX (width, MIN_WIDTH))
    relayout (self, width);
}

static void
jx_merged_icicle_view_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  JxMergedIcicleView *self = JX_MERGED_ICICLE_VIEW (widget);
  const JxIcicleFrame *frame;
  cairo_t *cr;
  double x, y, w, h;

  if (self->icicle == NULL)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, jx_merged_icicle_get_width (self->icicle),
                                                                  jx_merged_icicle_get_height (self->icicle)));
  jx_merged_icicle_draw (self->icicle, cr);
  frame = self->selected != JX_NONE ? jx_merged_icicle_find_node (self->icicle, self->selected) : NULL;
  if (frame != NULL)
    {
      jx_merged_icicle_get_frame_rect (self->icicle, frame, &x, &y, &w, &h);
      cairo_rectangle (cr, x + 1.0, y + 1.0, MAX (w - 2.0, 1.0), MAX (h - 2.0, 1.0));
      cairo_set_line_width (cr, 2.0);
      if (self->dark)
        cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
      else
        cairo_set_source_rgb (cr, 0.0, 0.0, 0.0);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

static gboolean
on_query_tooltip (GtkWidget          *widget,
                  int                 x,
                  int                 y,
                  gboolean            keyboard,
                  GtkTooltip         *tooltip,
                  JxMergedIcicleView *self)
{
  g_autofree char *text = NULL;
  guint32 node;

  if (self->icicle == NULL)
    return FALSE;
  node = jx_merged_icicle_hit (self->icicle, x, y);
  if (node == JX_NONE)
    return FALSE;
  text = jx_merged_icicle_dup_description (self->icicle, node);
  /* A long list of streams wraps instead of running off the screen. */
  gtk_label_set_text (GTK_LABEL (self->tip), text);
  gtk_tooltip_set_custom (tooltip, self->tip);
  return TRUE;
}

static void
on_pressed (GtkGestureClick    *gesture,
            int                 n_press,
            double              x,
            double              y,
            JxMergedIcicleView *self)
{
  if (jx_merged_icicle_view_click (self, x, y))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

gboolean
jx_merged_icicle_view_click (JxMergedIcicleView *self,
                             double              x,
                             double              y)
{
  guint32 node;

  g_return_val_if_fail (JX_IS_MERGED_ICICLE_VIEW (self), FALSE);

  if (self->icicle == NULL)
    return FALSE;
  node = jx_merged_icicle_hit (self->icicle, x, y);
  if (node == JX_NONE)
    return FALSE;
  jx_merged_icicle_view_set_selected_node (self, node);
  g_signal_emit (self, signals[NODE_ACTIVATED], 0, node);
  return TRUE;
}

GtkWidget *
jx_merged_icicle_view_new (void)
{
  return g_object_new (JX_TYPE_MERGED_ICICLE_VIEW, NULL);
}

void
jx_merged_icicle_view_set_tree (JxMergedIcicleView *self,
                                JxMergedTree       *tree,
                                const char         *title)
{
  g_return_if_fail (JX_IS_MERGED_ICICLE_VIEW (self));

  if (tree == self->tree && g_strcmp0 (title, self->title) == 0)
    return;
  if (tree != NULL)
    jx_merged_tree_ref (tree);
  g_clear_pointer (&self->tree, jx_merged_tree_unref);
  self->tree = tree;
  g_free (self->title);
  self->title = g_strdup (title);
  jx_merged_icicle_view_set_selected_node (self, JX_NONE);
  relayout (self, self->laid_out_width > 0 ? self->laid_out_width : gtk_widget_get_width (GTK_WIDGET (self)));
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

JxMergedTree *
jx_merged_icicle_view_get_tree (JxMergedIcicleView *self)
{
  g_return_val_if_fail (JX_IS_MERGED_ICICLE_VIEW (self), NULL);
  return self->tree;
}

const JxMergedIcicle *
jx_merged_icicle_view_get_icicle (JxMergedIcicleView *self)
{
  g_return_val_if_fail (JX_IS_MERGED_ICICLE_VIEW (self), NULL);
  return self->icicle;
}

void
jx_merged_icicle_view_set_dark (JxMergedIcicleView *self,
                                gboolean            dark)
{
  g_return_if_fail (JX_IS_MERGED_ICICLE_VIEW (self));

  dark = !!dark;
  if (self->dark == dark)
    return;
  self->dark = dark;
  relayout (self, self->laid_out_width);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DARK]);
}

void
jx_merged_icicle_view_set_width_by_calls (JxMergedIcicleView *self,
                                          gboolean            by_calls)
{
  g_return_if_fail (JX_IS_MERGED_ICICLE_VIEW (self));

  by_calls = !!by_calls;
  if (self->width_by_calls == by_calls)
    return;
  self->width_by_calls = by_calls;
  relayout (self, self->laid_out_width);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDTH_BY_CALLS]);
}

gboolean
jx_merged_icicle_view_get_width_by_calls (JxMergedIcicleView *self)
{
  g_return_val_if_fail (JX_IS_MERGED_ICICLE_VIEW (self), FALSE);
  return self->width_by_calls;
}

guint32
jx_merged_icicle_view_get_selected_node (JxMergedIcicleView *self)
{
  g_return_val_if_fail (JX_IS_MERGED_ICICLE_VIEW (self), JX_NONE);
  return self->selected;
}

void
jx_merged_icicle_view_set_selected_node (JxMergedIcicleView *self,
                                         guint32             node)
{
  g_return_if_fail (JX_IS_MERGED_ICICLE_VIEW (self));
  g_return_if_fail (node == JX_NONE || (self->tree != NULL && node < jx_merged_tree_get_nodes (self->tree)->n_nodes));

  if (self->selected == node)
    return;
  self->selected = node;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_NODE]);
}

static void
jx_merged_icicle_view_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  JxMergedIcicleView *self = JX_MERGED_ICICLE_VIEW (object);

  switch (prop_id)
    {
    case PROP_DARK:
      g_value_set_boolean (value, self->dark);
      break;
    case PROP_WIDTH_BY_CALLS:
      g_value_set_boolean (value, self->width_by_calls);
      break;
    case PROP_SELECTED_NODE:
      g_value_set_uint (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_merged_icicle_view_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  JxMergedIcicleView *self = JX_MERGED_ICICLE_VIEW (object);

  switch (prop_id)
    {
    case PROP_DARK:
      jx_merged_icicle_view_set_dark (self, g_value_get_boolean (value));
      break;
    case PROP_WIDTH_BY_CALLS:
      jx_merged_icicle_view_set_width_by_calls (self, g_value_get_boolean (value));
      break;
    case PROP_SELECTED_NODE:
      jx_merged_icicle_view_set_selected_node (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_merged_icicle_view_finalize (GObject *object)
{
  JxMergedIcicleView *self = JX_MERGED_ICICLE_VIEW (object);

  g_clear_pointer (&self->icicle, jx_merged_icicle_free);
  g_clear_pointer (&self->tree, jx_merged_tree_unref);
  g_clear_object (&self->tip);
  g_free (self->title);

  G_OBJECT_CLASS (jx_merged_icicle_view_parent_class)->finalize (object);
}

static void
jx_merged_icicle_view_class_init (JxMergedIcicleViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = jx_merged_icicle_view_get_property;
  object_class->set_property = jx_merged_icicle_view_set_property;
  object_class->finalize = jx_merged_icicle_view_finalize;
  widget_class->measure = jx_merged_icicle_view_measure;
  widget_class->size_allocate = jx_merged_icicle_view_size_allocate;
  widget_class->snapshot = jx_merged_icicle_view_snapshot;

  properties[PROP_DARK] =
    g_param_spec_boolean ("dark", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WIDTH_BY_CALLS] =
    g_param_spec_boolean ("width-by-calls", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_NODE] =
    g_param_spec_uint ("selected-node", NULL, NULL, 0, G_MAXUINT, JX_NONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[NODE_ACTIVATED] = g_signal_new ("node-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
jx_merged_icicle_view_init (JxMergedIcicleView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->selected = JX_NONE;
  self->tip = g_object_ref_sink (gtk_label_new (NULL));
  gtk_label_set_wrap (GTK_LABEL (self->tip), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->tip), 72);
  gtk_label_set_xalign (GTK_LABEL (self->tip), 0.0f);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}
