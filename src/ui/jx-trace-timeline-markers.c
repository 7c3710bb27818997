/* jx-trace-timeline-markers.c — what a trace's timeline adds to the trace's
 * actions for automatic alignment and markers: "Align All Traces Here" (the
 * window's command at the selected invocation), "Add Marker Here…" at the
 * time the menu was opened at, and "Remove Marker" for the flag under it. */
#include "config.h"

#include "jx-marker-dialog.h"
#include "jx-trace-timeline-private.h"

static void
set_enabled (JxTraceTimeline *self,
             const char      *name,
             gboolean         enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static GtkWindow *
parent_window (JxTraceTimeline *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
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
    marker = jx_timeline_canvas_marker_at (self->canvas, x, y);
  g_set_object (&self->menu_marker, marker);
  self->menu_ns = in_time ? jx_timeline_canvas_x_to_ns (self->canvas, x) : 0;

  set_enabled (self, "align-here", loaded && selected == self->item);
  set_enabled (self, "add-marker", in_time);
  set_enabled (self, "remove-marker", marker != NULL);
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
                                 jx_session_trace_ns_to_ticks (self->item, self->menu_ns));
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

static const GActionEntry entries[] = {
  { "align-here", align_here },
  { "add-marker", add_marker },
  { "remove-marker", remove_marker },
};

void
_jx_trace_timeline_init_marker_actions (JxTraceTimeline *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    set_enabled (self, entries[i].name, FALSE);
}
