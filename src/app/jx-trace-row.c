/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-row.c — the header of one trace in the comparison. */
#include "config.h"

#include <glib/gi18n.h>

#include "jx-gdk-rgba.h"
#include "jx-trace-actions.h"
#include "jx-trace-report.h"
#include "jx-trace-row-private.h"

struct _JxTraceRow
{
  GtkWidget       parent_instance;

  JxSession      *session;
  JxSessionTrace *item;
  GSignalGroup   *item_signals;
  GSignalGroup   *session_signals;

  GtkLabel       *name_label;
  GtkLabel       *summary_label;
  GtkStack       *state_stack;
  GtkProgressBar *progress_bar;
  GtkButton      *cancel_button;
  GtkButton      *remove_button;
  GtkLabel       *offset_label;
  GtkButton      *report_button;
  GtkImage       *report_icon;
  GtkLabel       *report_label;
  GtkMenuButton  *menu_button;

  /* What the summary was computed for, so it is built once per trace. */
  JxTrace        *described;
};

G_DEFINE_FINAL_TYPE (JxTraceRow, jx_trace_row, GTK_TYPE_WIDGET)

static void
update_loaded (JxTraceRow *self,
               JxTrace    *trace)
{
  g_autofree char *offset = NULL;
  g_autofree char *offset_text = NULL;
  guint64 n_defects;
  gint64 offset_ns;

  if (self->described != trace)
    {
      g_autofree char *summary = jx_trace_describe (trace);

      self->described = trace;
      gtk_label_set_label (self->summary_label, summary);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->summary_label), jx_session_trace_get_path (self->item));
    }

  /* The button stays small (icon and count) so the name and summary get the
   * width; the tooltip says what it is. */
  n_defects = jx_trace_get_n_defects (trace);
  if (n_defects > 0)
    {
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, n_defects);
      g_autofree char *tooltip = NULL;

      tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "%llu repaired defect: see the load report",
                                              "%llu repaired defects: see the load report",
                                              (gulong) MIN (n_defects, G_MAXULONG)),
                                 (unsigned long long) n_defects);
      gtk_label_set_label (self->report_label, count);
      gtk_widget_set_visible (GTK_WIDGET (self->report_label), TRUE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->report_button), tooltip);
      gtk_image_set_from_icon_name (self->report_icon, "dialog-warning-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->report_icon), "warning");
    }
  else
    {
      gtk_widget_set_visible (GTK_WIDGET (self->report_label), FALSE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->report_button),
                                   _("Processes, streams and load report (no defects found)"));
      gtk_image_set_from_icon_name (self->report_icon, "dialog-information-symbolic");
      gtk_widget_remove_css_class (GTK_WIDGET (self->report_icon), "warning");
    }

  offset_ns = jx_session_trace_get_offset (self->item);
  if (offset_ns != 0)
    {
      offset = jx_time_format (offset_ns, 3);
      /* Translators: the trace is drawn shifted by this time. */
      offset_text = g_strdup_printf (offset_ns > 0 ? _("shifted by +%s") : _("shifted by %s"), offset);
      gtk_label_set_label (self->offset_label, offset_text);
    }
  else
    gtk_label_set_label (self->offset_label, "");
}

static void
update (JxTraceRow *self)
{
  g_autofree char *percent = NULL;
  g_autofree char *name = NULL;
  JxSessionTraceState state;
  const GError *error;
  JxTrace *trace;
  double fraction;

  state = jx_session_trace_get_state (self->item);

  if (jx_session_trace_get_reference (self->item) &&
      g_list_model_get_n_items (G_LIST_MODEL (self->session)) > 1)
    /* Translators: a trace name, marked as the reference of the comparison. */
    name = g_strdup_printf (_("%s (reference)"), jx_session_trace_get_name (self->item));
  else
    name = g_strdup (jx_session_trace_get_name (self->item));
  gtk_label_set_label (self->name_label, name);

  switch (state)
    {
    case JX_SESSION_TRACE_LOADING:
      fraction = jx_session_trace_get_fraction (self->item);
      gtk_progress_bar_set_fraction (self->progress_bar, fraction);
      percent = g_strdup_printf (_("Loading… %.0f %%"), fraction * 100.0);
      gtk_progress_bar_set_text (self->progress_bar, percent);
      gtk_label_set_label (self->summary_label, jx_session_trace_get_path (self->item));
      gtk_stack_set_visible_child_name (self->state_stack, "loading");
      break;

    case JX_SESSION_TRACE_FAILED:
      /* The message names the file and the reason; it gets the whole width. */
      error = jx_session_trace_get_error (self->item);
      gtk_label_set_label (self->summary_label, error != NULL ? error->message : _("Could not load the trace"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->summary_label), gtk_label_get_label (self->summary_label));
      gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->summary_label), "dim-label");
      gtk_stack_set_visible_child_name (self->state_stack, "failed");
      break;

    case JX_SESSION_TRACE_LOADED:
      /* A removed trace's row may outlive its trace for a moment. */
      trace = jx_session_trace_get_trace (self->item);
      if (trace != NULL)
        update_loaded (self, trace);
      gtk_stack_set_visible_child_name (self->state_stack, "loaded");
      break;

    default:
      g_assert_not_reached ();
    }

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
jx_trace_row_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  JxTraceRow *self = JX_TRACE_ROW (widget);
  graphene_rect_t box;

  /* Widget coordinates start at the content box; the tint also covers the
   * CSS padding, so draw over the whole border box. */
  if (!gtk_widget_compute_bounds (widget, widget, &box))
    graphene_rect_init (&box, 0, 0, gtk_widget_get_width (widget), gtk_widget_get_height (widget));

  if (self->item != NULL)
    {
      GdkRGBA color;
      GdkRGBA accent;

      /* The trace's tint behind its header matches its timeline; a strong bar
       * of the same hue marks which trace this is even at a glance. */
      jx_trace_colors (self->item, jx_session_get_dark (self->session), &color, &accent);
      gtk_snapshot_append_color (snapshot, &color, &box);
      gtk_snapshot_append_color (snapshot, &accent,
                                 &GRAPHENE_RECT_INIT (box.origin.x, box.origin.y, 4, box.size.height));
    }

  GTK_WIDGET_CLASS (jx_trace_row_parent_class)->snapshot (widget, snapshot);
}

static void
jx_trace_row_dispose (GObject *object)
{
  JxTraceRow *self = (JxTraceRow *)object;
  GtkWidget *child;

  if (self->item_signals != NULL)
    g_signal_group_set_target (self->item_signals, NULL);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->item_signals);
  g_clear_object (&self->session_signals);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "trace", NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_TRACE_ROW);
  /* Unnamed template children are not cleared by the call above. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->item);
  g_clear_object (&self->session);
  self->described = NULL;

  G_OBJECT_CLASS (jx_trace_row_parent_class)->dispose (object);
}

static void
jx_trace_row_class_init (JxTraceRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_trace_row_dispose;
  widget_class->snapshot = jx_trace_row_snapshot;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-trace-row.ui");
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, summary_label);
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, state_stack);
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, remove_button);
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, offset_label);
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, report_button);
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, report_icon);
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, report_label);
  gtk_widget_class_bind_template_child (widget_class, JxTraceRow, menu_button);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxtracerow");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
jx_trace_row_init (JxTraceRow *self)
{
  g_autoptr(GMenuModel) menu = jx_trace_menu_new ();
  GtkLayoutManager *layout;

  gtk_widget_init_template (GTK_WIDGET (self));

  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);
  gtk_menu_button_set_menu_model (self->menu_button, menu);

  /* The name marks the reference only while there is more than one trace. */
  self->item_signals = g_signal_group_new (JX_TYPE_SESSION_TRACE);
  g_signal_group_connect_swapped (self->item_signals, "notify", G_CALLBACK (update), self);
  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::n-items", G_CALLBACK (update), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (update), self);
}

GtkWidget *
jx_trace_row_new (JxSession      *session,
                  JxSessionTrace *item)
{
  JxTraceRow *self;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);

  self = g_object_new (JX_TYPE_TRACE_ROW, NULL);
  self->session = g_object_ref (session);
  self->item = g_object_ref (item);
  jx_trace_actions_attach (GTK_WIDGET (self), session, item);
  g_signal_group_set_target (self->item_signals, item);
  g_signal_group_set_target (self->session_signals, session);
  update (self);

  return GTK_WIDGET (self);
}

JxSessionTrace *
jx_trace_row_get_item (JxTraceRow *self)
{
  g_return_val_if_fail (JX_IS_TRACE_ROW (self), NULL);

  return self->item;
}

const char *
jx_trace_row_get_state_page (JxTraceRow *self)
{
  g_return_val_if_fail (JX_IS_TRACE_ROW (self), NULL);

  return gtk_stack_get_visible_child_name (self->state_stack);
}

const char *
jx_trace_row_get_summary (JxTraceRow *self)
{
  g_return_val_if_fail (JX_IS_TRACE_ROW (self), NULL);

  return gtk_label_get_label (self->summary_label);
}

const char *
jx_trace_row_get_error (JxTraceRow *self)
{
  g_return_val_if_fail (JX_IS_TRACE_ROW (self), NULL);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->state_stack), "failed") != 0)
    return NULL;

  return gtk_label_get_label (self->summary_label);
}
