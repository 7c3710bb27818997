/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-timeline-markers.c — what a trace's timeline adds to the trace's
 * actions for automatic alignment and markers: "Align All Traces Here" (the
 * window's command at the selected invocation), "Add Marker Here…" at the
 * time the menu was opened at, and "Remove Marker" for the flag under it. */
#include "config.h"

#include "jx-marker-dialog.h"
#include "jx-trace-timeline-private.h"

static GtkWindow *
parent_window (JxTraceTimeline *self)
{
  return GTK_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_WINDOW));
}

void
_jx_trace_timeline_set_menu_point (JxTraceTimeline *self,
                                   double           x,
                                   double           y)
{
  JxSessionTrace *selected = NULL;
  JxSessionMarker *marker = NULL;
  gboolean loaded = jx_timeline_canvas_get_trace (self->canvas) != NULL;
  gboolean in_time = loaded && x >= jx_timeline_canvas_get_label_width (self->canvas);

  if (self->session != NULL)
    jx_session_get_selected_invocation (self->session, &selected, NULL, NULL);
  if (in_time)
    {
      JxTimelineHit hit;

      if (jx_timeline_canvas_hit (self->canvas, x, y, &hit))
        marker = jx_timeline_canvas_get_marker (self->canvas, hit.marker);
    }
  g_set_object (&self->menu_marker, marker);
  self->menu_ns = in_time ? jx_timeline_canvas_x_to_ns (self->canvas, x) : 0;

  _jx_trace_timeline_set_action_enabled (self, "align-here", loaded && selected == self->item);
  _jx_trace_timeline_set_action_enabled (self, "add-marker", in_time);
  _jx_trace_timeline_set_action_enabled (self, "remove-marker", marker != NULL);
}

static void
align_here (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  /* The window runs it for the session's selected invocation. */
  gtk_widget_activate_action (GTK_WIDGET (user_data), "win.align-here", NULL);
}

static void
add_marker (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  JxTraceTimeline *self = user_data;
  GtkWidget *dialog;

  if (self->session == NULL || jx_session_trace_get_trace (self->item) == NULL)
    return;
  dialog = jx_marker_dialog_new (parent_window (self), self->session, self->item,
                                 jx_time_ticks_clamp (jx_time_comparison_to_ticks (
                                   jx_session_trace_get_time_origin (self->item), self->menu_ns)));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
remove_marker (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  JxTraceTimeline *self = user_data;

  if (self->session != NULL && self->menu_marker != NULL)
    jx_marker_remove_confirmed (parent_window (self), self->session, self->menu_marker);
}

void
_jx_trace_timeline_init_marker_actions (JxTraceTimeline *self)
{
  static const struct { const char *name; GCallback activate; } actions[] = {
    { "align-here", G_CALLBACK (align_here) },
    { "add-marker", G_CALLBACK (add_marker) },
    { "remove-marker", G_CALLBACK (remove_marker) },
  };

  /* Each starts disabled: the menu point enables what applies. */
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new (actions[i].name, NULL);

      g_simple_action_set_enabled (action, FALSE);
      g_signal_connect (action, "activate", actions[i].activate, self);
      g_action_map_add_action (G_ACTION_MAP (self->actions), G_ACTION (action));
    }
}
