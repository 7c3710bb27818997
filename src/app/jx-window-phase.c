/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window-phase.c — "Find the Selection in Other Traces"
 * (win.find-phase, Ctrl+Shift+F): the selected time range of the selected
 * call's stream (or the call alone) is searched in the same stream of
 * every other trace (jx-session-phase.h); a toast says where it was found
 * and offers "Align There", one undo step. */
#include "config.h"

#include <glib/gi18n.h>

#include "jx-session-phase.h"
#include "jx-window-private.h"

#define HITS_KEY "jx-phase-hits"
#define ITEM_KEY "jx-phase-item"

static void
toast (JxWindow   *self,
       const char *text)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static void
on_align_clicked (AdwToast *t,
                  JxWindow *self)
{
  jx_window_align_phase (self);
}

static void
find_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(JxWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  GPtrArray *hits = jx_session_find_phase_finish (JX_SESSION (source), result, &error);
  guint found = 0, alignable = 0;
  g_autofree char *text = NULL;
  AdwToast *t;

  self->finding_phase = FALSE;
  if (hits == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The selection could not be searched: %s"), error->message);

      toast (self, message);
      return;
    }
  for (guint i = 0; i < hits->len; i++)
    {
      const JxSessionPhaseHit *hit = g_ptr_array_index (hits, i);

      found += hit->match.status == JX_PHASE_FOUND;
      alignable += jx_session_phase_hit_can_align (hit);
    }
  g_object_set_data_full (G_OBJECT (self), HITS_KEY, hits, (GDestroyNotify) g_ptr_array_unref);
  if (found == 0)
    {
      toast (self, _("The selection was not found in the other traces"));
      return;
    }
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Found in %u of %u other trace",
                                       "Found in %u of %u other traces", hits->len),
                          found, hits->len);
  t = adw_toast_new (text);
  adw_toast_set_timeout (t, 10);
  if (alignable > 0)
    {
      adw_toast_set_button_label (t, _("_Align There"));
      g_signal_connect_object (t, "button-clicked", G_CALLBACK (on_align_clicked), self, 0);
    }
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

static void
find_phase_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  const JxTimeSpan *selected = jx_session_get_selected_time (self->session);
  JxSessionTrace *item = NULL;
  guint32 stream = JX_NONE, invocation = JX_NONE;
  JxTimeSpan range;

  if (self->finding_phase)
    return;
  if (!jx_session_get_selected_invocation (self->session, &item, &stream, &invocation) || item == NULL ||
      jx_session_trace_get_trace (item) == NULL)
    {
      toast (self, _("Select a call (and a time range) to find it in the other traces"));
      return;
    }
  if (selected->end_ns > selected->begin_ns)
    range = *selected;
  else
    {
      const JxStream *s = jx_trace_get_stream (jx_session_trace_get_trace (item), stream);
      JxTimeOrigin origin = jx_session_trace_get_time_origin (item);

      range.begin_ns = jx_time_ticks_to_comparison (origin, (gint64) s->start[invocation]);
      range.end_ns = jx_time_ticks_to_comparison (origin, (gint64) s->end[invocation]);
    }
  self->finding_phase = TRUE;
  g_object_set_data (G_OBJECT (self), HITS_KEY, NULL);
  g_object_set_data_full (G_OBJECT (self), ITEM_KEY, g_object_ref (item), g_object_unref);
  jx_session_find_phase_async (self->session, item, stream, &range, NULL, find_done, g_object_ref (self));
}

void
_jx_window_phase_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.find-phase", NULL, find_phase_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.find-phase", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.find-phase", NULL);
}

gboolean
jx_window_is_finding_phase (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), FALSE);
  return self->finding_phase;
}

GPtrArray *
jx_window_get_phase_hits (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  return g_object_get_data (G_OBJECT (self), HITS_KEY);
}

guint
jx_window_align_phase (JxWindow *self)
{
  GPtrArray *hits;
  JxSessionTrace *item;

  g_return_val_if_fail (JX_IS_WINDOW (self), 0);

  hits = g_object_get_data (G_OBJECT (self), HITS_KEY);
  item = g_object_get_data (G_OBJECT (self), ITEM_KEY);
  if (hits == NULL || item == NULL || !jx_session_find_item (self->session, item, NULL))
    return 0;
  return jx_session_align_phases (self->session, item, hits);
}
