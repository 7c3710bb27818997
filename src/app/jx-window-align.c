/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window-align.c — the window's automatic alignment: "Align All Traces
 * Here" (toolbar split button, A, the trace menu, the function summary's
 * menu) at the selected invocation by call-invocation profile, the
 * start/end mode (Shift+A), and the report of what it did: in the popover
 * of the report button, or as a toast when the window is too narrow for
 * it. Alignments at markers in the marker view report as a toast; markers
 * that could not be written say why. */
#include "config.h"

#include <glib/gi18n.h>

#include "jx-window-private.h"

/* Below this width the header bar has no room for the report: a toast
 * tells instead (with a button that opens the report). */
#define NARROW_WIDTH 1000

static gboolean
can_align (JxWindow *self)
{
  JxSessionTrace *item;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->session));
  guint loaded = 0;

  for (guint i = 0; i < n; i++)
    if (jx_session_trace_get_state (jx_session_peek_item (self->session, i)) == JX_SESSION_TRACE_LOADED)
      loaded++;
  return loaded >= 2 && jx_session_get_selected_invocation (self->session, &item, NULL, NULL) &&
         jx_session_trace_get_trace (item) != NULL;
}

static void
update_align_action (JxWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.align-here",
                                 can_align (self) && self->align_cancellable == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-align-report",
                                 jx_align_report_view_get_report (self->align_report) != NULL);
}

static void
show_report (JxWindow      *self,
             JxAlignReport *report,
             gboolean       as_toast)
{
  jx_align_report_view_set_report (self->align_report, report, jx_session_get_dark (self->session));
  gtk_widget_set_sensitive (GTK_WIDGET (self->align_report_button), TRUE);
  update_align_action (self);

  if (as_toast || gtk_widget_get_width (GTK_WIDGET (self)) < NARROW_WIDTH ||
      !gtk_widget_get_mapped (GTK_WIDGET (self->align_report_button)))
    {
      g_autofree char *summary = jx_align_report_dup_summary (report);
      /* Toast titles are markup; function names may hold "<" and "&". */
      g_autofree char *escaped = g_markup_escape_text (summary, -1);
      AdwToast *toast = adw_toast_new (escaped);

      adw_toast_set_timeout (toast, 8);
      adw_toast_set_button_label (toast, _("_Details"));
      adw_toast_set_action_name (toast, "win.show-align-report");
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      return;
    }
  /* The focus may sit in the align button, insensitive while matching:
   * GTK 4.8's popover then finds no focus to return to (a critical). */
  gtk_widget_grab_focus (GTK_WIDGET (self->align_report_button));
  gtk_menu_button_popup (self->align_report_button);
}

static void
on_aligned (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(JxWindow) self = user_data;
  g_autoptr(JxAlignReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = jx_session_align_at_finish (JX_SESSION (source), result, &error);
  /* Cancelled: the window is closing. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->align_cancellable);
  if (report == NULL)
    {
      jx_window_show_toast (self, _("The selected invocation is gone; select one and align again"));
      update_align_action (self);
      return;
    }
  show_report (self, report, FALSE);
}

static void
align_here_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  JxSessionTrace *item;
  guint32 stream, invocation;

  if (self->align_cancellable != NULL)
    return;
  if (!jx_session_get_selected_invocation (self->session, &item, &stream, &invocation))
    {
      jx_window_show_toast (self, _("Click an invocation in a timeline first: the other traces are aligned at it"));
      return;
    }
  self->align_cancellable = g_cancellable_new ();
  update_align_action (self);
  jx_session_align_at_async (self->session, item, stream, invocation, self->align_cancellable,
                             on_aligned, g_object_ref (self));
}

static void
show_report_action (GtkWidget  *widget,
                    const char *name,
                    GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);

  if (jx_align_report_view_get_report (self->align_report) == NULL)
    return;
  /* The side pane's button may be off screen in a narrow window; the
   * popover still opens from the header bar. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->align_report_button), TRUE);
  gtk_menu_button_popup (self->align_report_button);
}

static void
on_markers_aligned (JxWindow      *self,
                    JxAlignReport *report)
{
  /* Selecting markers aligns at once: a toast does not cover the view. */
  show_report (self, report, TRUE);
}

static void
on_marker_save_failed (JxWindow        *self,
                       JxSessionMarker *marker,
                       GError          *error)
{
  g_autofree char *escaped = g_markup_escape_text (error->message, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 12);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
_jx_window_add_align_mode_action (JxWindow *self)
{
  g_autoptr(GAction) action = NULL;

  if (self->settings != NULL)
    {
      g_settings_bind (self->settings, "align-ends", self->session, "align-ends", G_SETTINGS_BIND_DEFAULT);
      action = g_settings_create_action (self->settings, "align-ends");
    }
  else
    action = G_ACTION (g_property_action_new ("align-ends", self->session, "align-ends"));
  g_action_map_add_action (G_ACTION_MAP (self), action);
}

void
_jx_window_class_init_align (GtkWidgetClass *widget_class)
{
  g_type_ensure (JX_TYPE_ALIGN_REPORT_VIEW);
  g_type_ensure (JX_TYPE_MARKER_VIEW);

  gtk_widget_class_bind_template_child (widget_class, JxWindow, align_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, align_button);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, align_report_button);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, align_report);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, marker_view);

  gtk_widget_class_install_action (widget_class, "win.align-here", NULL, align_here_action);
  gtk_widget_class_install_action (widget_class, "win.show-align-report", NULL, show_report_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, 0, "win.align-here", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_A, GDK_SHIFT_MASK, "win.align-ends", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.show-align-report", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_A, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.show-align-report", NULL);
}

void
_jx_window_init_align (JxWindow *self)
{
  jx_marker_view_set_session (self->marker_view, self->session);
  g_object_bind_property (self->mode_box, "visible", self->align_box, "visible", G_BINDING_SYNC_CREATE);

  g_signal_connect_swapped (self->marker_view, "aligned", G_CALLBACK (on_markers_aligned), self);
  g_signal_connect_object (jx_session_get_markers (self->session), "save-failed",
                           G_CALLBACK (on_marker_save_failed), self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->session, "notify::selected-trace", G_CALLBACK (update_align_action), self);
  g_signal_connect_swapped (self->session, "notify::selected-invocation", G_CALLBACK (update_align_action), self);
  g_signal_connect_swapped (self->session, "items-changed", G_CALLBACK (update_align_action), self);
  g_signal_connect_swapped (self->session, "trace-notify::state", G_CALLBACK (update_align_action), self);
  update_align_action (self);
}

void
_jx_window_dispose_align (JxWindow *self)
{
  if (self->align_cancellable != NULL)
    g_cancellable_cancel (self->align_cancellable);
  g_clear_object (&self->align_cancellable);
}

/* For tests ------------------------------------------------------------------- */

JxAlignReportView *
jx_window_get_align_report (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  return self->align_report;
}

JxMarkerView *
jx_window_get_marker_view (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  return self->marker_view;
}

gboolean
jx_window_is_aligning (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), FALSE);
  return self->align_cancellable != NULL;
}
