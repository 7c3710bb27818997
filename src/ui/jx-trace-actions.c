/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-actions.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-gdk-rgba.h"
#include "jx-offset-dialog.h"
#include "jx-session-pairing.h"
#include "jx-trace-actions.h"
#include "jx-trace-report.h"

struct _JxTraceActions
{
  GSimpleActionGroup  parent_instance;

  GtkWidget          *owner;    /* weak: the owner holds the group */
  JxSession          *session;
  JxSessionTrace     *item;
};

G_DEFINE_FINAL_TYPE (JxTraceActions, jx_trace_actions, G_TYPE_SIMPLE_ACTION_GROUP)

/* A removed trace's widgets may outlive it for a moment: they act no more. */
static gboolean
is_current (JxTraceActions *self)
{
  return jx_session_find_item (self->session, self->item, NULL);
}

static GtkWindow *
parent_window (JxTraceActions *self)
{
  GtkRoot *root = self->owner != NULL ? gtk_widget_get_root (self->owner) : NULL;

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

static void
show_info (GSimpleAction *action,
           GVariant      *param,
           gpointer       user_data)
{
  JxTraceActions *self = user_data;
  JxTrace *trace = jx_session_trace_get_trace (self->item);
  GtkWidget *window;

  if (trace == NULL)
    return;
  window = jx_trace_report_window_new (parent_window (self), trace,
                                       jx_session_trace_get_name (self->item),
                                       jx_trace_get_n_defects (trace) > 0);
  gtk_window_present (GTK_WINDOW (window));
}

static void
set_offset (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  JxTraceActions *self = user_data;

  if (is_current (self))
    gtk_window_present (GTK_WINDOW (jx_offset_dialog_new (parent_window (self), self->session, self->item)));
}

static void
reset_offset (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  JxTraceActions *self = user_data;

  if (is_current (self))
    jx_session_set_offset (self->session, self->item, 0);
}

static void
make_reference (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  JxTraceActions *self = user_data;

  if (is_current (self))
    jx_session_set_reference (self->session, self->item);
}

static void
on_color_response (GtkDialog      *dialog,
                   int             response,
                   JxSessionTrace *item)
{
  if (response == GTK_RESPONSE_OK)
    {
      GdkRGBA rgba;
      JxRgba picked;

      gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (dialog), &rgba);
      picked = jx_rgba_from_gdk (&rgba);
      /* The item keeps the choice; the palette derives the lane tint. */
      jx_session_trace_set_picked_color (item, jx_palette_rgba_to_pixel (&picked));
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
change_color (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  JxTraceActions *self = user_data;
  GtkWidget *dialog;
  GdkRGBA accent;

  if (!is_current (self))
    return;
  dialog = gtk_color_chooser_dialog_new (_("Trace Colour"), parent_window (self));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  /* The chooser shows the picked (accent) colour, not the lane tint. */
  jx_trace_colors (self->item, jx_session_get_dark (self->session), NULL, &accent);
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (dialog), FALSE);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (dialog), &accent);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_color_response),
                         g_object_ref (self->item), (GClosureNotify) (void (*) (void)) g_object_unref, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
remove_trace (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  /* Removing the trace lets its widgets, and this group, go. */
  g_autoptr(JxTraceActions) self = g_object_ref (user_data);

  if (is_current (self))
    jx_session_remove (self->session, self->item);
}

static void
cancel_load (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  JxTraceActions *self = user_data;

  jx_session_cancel_load (self->session, self->item);
}

static void
compare (GSimpleAction *action,
         GVariant      *param,
         gpointer       user_data)
{
  JxTraceActions *self = user_data;

  if (is_current (self))
    jx_session_compare (self->session, self->item);
}

static void
cancel_comparison (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  JxTraceActions *self = user_data;

  if (is_current (self))
    jx_session_cancel_comparison (self->session, self->item);
}

/* Back to the automatic pairing: this trace's streams paired by hand, or
 * for the reference every compared trace's; one undo step. */
static void
pair_again (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  JxTraceActions *self = user_data;

  if (is_current (self))
    jx_session_clear_hand_pairing (self->session, self->item);
}

static void
update_pair_again (JxTraceActions *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "pair-again");

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action),
                               is_current (self) && jx_session_has_hand_pairing (self->session, self->item));
}

static void
shift (GSimpleAction *action,
       GVariant      *param,
       gpointer       user_data)
{
  JxTraceActions *self = user_data;
  const JxTimeSpan *view = jx_session_get_visible_time (self->session);
  gint64 step;

  if (!is_current (self))
    return;
  /* A twentieth of the visible window per key press, one undo step each. */
  step = MAX (1, jx_time_span_get_duration (view) / 20);
  if (g_str_equal (g_action_get_name (G_ACTION (action)), "shift-earlier"))
    step = -step;
  jx_session_set_offset (self->session, self->item, jx_session_trace_get_offset (self->item) + step);
}

static const GActionEntry entries[] = {
  { "show-info", show_info },
  { "set-offset", set_offset },
  { "reset-offset", reset_offset },
  { "make-reference", make_reference },
  { "change-color", change_color },
  { "remove", remove_trace },
  { "cancel-load", cancel_load },
  { "compare", compare },
  { "cancel-comparison", cancel_comparison },
  { "pair-again", pair_again },
  { "shift-earlier", shift },
  { "shift-later", shift },
};

static void
jx_trace_actions_dispose (GObject *object)
{
  JxTraceActions *self = JX_TRACE_ACTIONS (object);

  g_clear_weak_pointer (&self->owner);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->item);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (jx_trace_actions_parent_class)->dispose (object);
}

static void
jx_trace_actions_class_init (JxTraceActionsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = jx_trace_actions_dispose;
}

static void
jx_trace_actions_init (JxTraceActions *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
}

JxTraceActions *
jx_trace_actions_attach (GtkWidget      *owner,
                         JxSession      *session,
                         JxSessionTrace *item)
{
  g_autoptr(JxTraceActions) self = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (owner), NULL);
  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);

  self = g_object_new (JX_TYPE_TRACE_ACTIONS, NULL);
  g_set_weak_pointer (&self->owner, owner);
  self->session = g_object_ref (session);
  self->item = g_object_ref (item);
  /* A repair or a new comparison says so by its state; a pairing also
   * goes with the reference or with its trace. */
  g_signal_connect_swapped (session, "trace-notify::comparison-state", G_CALLBACK (update_pair_again), self);
  g_signal_connect_swapped (session, "notify::reference", G_CALLBACK (update_pair_again), self);
  g_signal_connect_swapped (session, "items-changed", G_CALLBACK (update_pair_again), self);
  update_pair_again (self);
  gtk_widget_insert_action_group (owner, "trace", G_ACTION_GROUP (self));
  return self;
}

GMenuModel *
jx_trace_menu_new (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/juxtrace/Juxtrace/jx-trace-menu.ui");

  return g_object_ref (G_MENU_MODEL (gtk_builder_get_object (builder, "trace_menu")));
}
