/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-legend-view.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-debounce.h"
#include "jx-gdk-rgba.h"
#include "jx-legend-view-private.h"
#include "jx-palette.h"

#define DEBOUNCE_MS 200

struct _JxLegendView
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;
  guint         max_functions;

  GtkWidget    *flow;
  GArray       *entries;      /* JxLegendEntry */
  gboolean      entries_dark; /* the style their colours are for */
  JxDebounce    rebuild;
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_MAX_FUNCTIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxLegendView, jx_legend_view, GTK_TYPE_WIDGET)

typedef struct
{
  GPtrArray *traces;
  gboolean   dark;
  guint      max_functions;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_pointer (&job->traces, g_ptr_array_unref);
  g_free (job);
}

static void
build_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Job *job = task_data;
  GArray *legend;

  legend = jx_legend_entries_compute ((JxTrace **) job->traces->pdata, job->traces->len,
                                      job->max_functions);
  g_task_return_pointer (task, legend, (GDestroyNotify) g_array_unref);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  const GdkRGBA *rgba = g_object_get_data (G_OBJECT (area), "rgba");

  if (rgba == NULL)
    return;
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  gdk_cairo_set_source_rgba (cr, rgba);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
populate (JxLegendView *self)
{
  GtkWidget *child;
  guint i;

  while ((child = gtk_widget_get_first_child (self->flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->flow), child);

  for (i = 0; self->entries != NULL && i < self->entries->len; i++)
    {
      const JxLegendEntry *e = &g_array_index (self->entries, JxLegendEntry, i);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *label = gtk_label_new (e->name);
      GdkRGBA color;
      JxRgba rgba;

      jx_palette_legend_color (e, self->entries_dark, &rgba);
      color = jx_rgba_to_gdk (&rgba);
      g_object_set_data_full (G_OBJECT (swatch), "rgba", gdk_rgba_copy (&color),
                              (GDestroyNotify) gdk_rgba_free);
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 14);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 14);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, NULL, NULL);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      if (e->is_category)
        gtk_widget_add_css_class (label, "heading");
      gtk_widget_set_tooltip_text (box, e->name);
      gtk_box_append (GTK_BOX (box), swatch);
      gtk_box_append (GTK_BOX (box), label);
      gtk_flow_box_append (GTK_FLOW_BOX (self->flow), box);
    }
}

static void
build_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(JxLegendView) self = user_data;
  GArray *legend;

  legend = g_task_propagate_pointer (G_TASK (result), NULL);
  if (legend == NULL)
    return;
  if (!jx_debounce_finish (&self->rebuild, g_task_get_cancellable (G_TASK (result))))
    {
      g_array_unref (legend);
      return;
    }
  g_clear_pointer (&self->entries, g_array_unref);
  self->entries = legend;
  self->entries_dark = ((Job *) g_task_get_task_data (G_TASK (result)))->dark;
  populate (self);
}

static gboolean
start_build (gpointer user_data)
{
  JxLegendView *self = user_data;
  g_autoptr(GTask) task = NULL;
  GCancellable *cancellable;
  Job *job;
  guint i, n;

  if (self->session == NULL)
    {
      jx_debounce_idle (&self->rebuild);
      return G_SOURCE_REMOVE;
    }

  job = g_new0 (Job, 1);
  job->traces = g_ptr_array_new_with_free_func (g_object_unref);
  job->dark = jx_session_get_dark (self->session);
  job->max_functions = self->max_functions;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->session));
  for (i = 0; i < n; i++)
    {
      JxTrace *trace = jx_session_trace_get_trace (jx_session_peek_item (self->session, i));

      if (trace != NULL)
        g_ptr_array_add (job->traces, g_object_ref (trace));
    }

  cancellable = jx_debounce_begin (&self->rebuild);
  task = g_task_new (NULL, cancellable, build_done, g_object_ref (self));
  g_task_set_source_tag (task, start_build);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, build_thread);
  return G_SOURCE_REMOVE;
}

static void
schedule (JxLegendView *self)
{
  jx_debounce_schedule (&self->rebuild);
}

/* Progress during loading changes nothing here; the end of a load does. */
static void
on_trace_notify (JxLegendView *self)
{
  schedule (self);
}

static void
jx_legend_view_dispose (GObject *object)
{
  JxLegendView *self = JX_LEGEND_VIEW (object);

  jx_legend_view_set_session (self, NULL);
  jx_debounce_clear (&self->rebuild);
  g_clear_object (&self->session_signals);
  g_clear_pointer (&self->entries, g_array_unref);
  g_clear_pointer (&self->flow, gtk_widget_unparent);

  G_OBJECT_CLASS (jx_legend_view_parent_class)->dispose (object);
}

static void
jx_legend_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  JxLegendView *self = JX_LEGEND_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_MAX_FUNCTIONS:
      g_value_set_uint (value, self->max_functions);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_legend_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  JxLegendView *self = JX_LEGEND_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      jx_legend_view_set_session (self, g_value_get_object (value));
      break;
    case PROP_MAX_FUNCTIONS:
      jx_legend_view_set_max_functions (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_legend_view_class_init (JxLegendViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_legend_view_dispose;
  object_class->get_property = jx_legend_view_get_property;
  object_class->set_property = jx_legend_view_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, JX_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX_FUNCTIONS] =
    g_param_spec_uint ("max-functions", NULL, NULL, 0, 1000, 16,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxlegendview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
jx_legend_view_init (JxLegendView *self)
{
  self->max_functions = 16;
  jx_debounce_init (&self->rebuild, DEBOUNCE_MS, start_build, self);

  self->flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->flow), 12);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->flow), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->flow), 2);
  gtk_widget_set_margin_start (self->flow, 6);
  gtk_widget_set_margin_end (self->flow, 6);
  gtk_widget_set_parent (self->flow, GTK_WIDGET (self));

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "items-changed", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::state", G_CALLBACK (on_trace_notify), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (schedule), self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Function colours"),
                                  -1);
}

GtkWidget *
jx_legend_view_new (JxSession *session)
{
  return g_object_new (JX_TYPE_LEGEND_VIEW, "session", session, NULL);
}

JxSession *
jx_legend_view_get_session (JxLegendView *self)
{
  g_return_val_if_fail (JX_IS_LEGEND_VIEW (self), NULL);
  return self->session;
}

void
jx_legend_view_set_session (JxLegendView *self,
                            JxSession    *session)
{
  g_return_if_fail (JX_IS_LEGEND_VIEW (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  if (session != NULL)
    schedule (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

guint
jx_legend_view_get_max_functions (JxLegendView *self)
{
  g_return_val_if_fail (JX_IS_LEGEND_VIEW (self), 0);
  return self->max_functions;
}

void
jx_legend_view_set_max_functions (JxLegendView *self,
                                  guint         max_functions)
{
  g_return_if_fail (JX_IS_LEGEND_VIEW (self));

  if (self->max_functions == max_functions)
    return;
  self->max_functions = max_functions;
  if (self->session != NULL)
    schedule (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_FUNCTIONS]);
}

char **
jx_legend_view_dup_names (JxLegendView *self)
{
  GStrvBuilder *builder;
  char **names;
  guint i;

  g_return_val_if_fail (JX_IS_LEGEND_VIEW (self), NULL);

  builder = g_strv_builder_new ();
  for (i = 0; self->entries != NULL && i < self->entries->len; i++)
    g_strv_builder_add (builder, g_array_index (self->entries, JxLegendEntry, i).name);
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

gboolean
jx_legend_view_is_busy (JxLegendView *self)
{
  g_return_val_if_fail (JX_IS_LEGEND_VIEW (self), FALSE);
  return jx_debounce_busy (&self->rebuild);
}
