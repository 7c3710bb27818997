/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-summary-menu.c — the function summary's menu: a right click
 * on a function's bar offers "Align All Traces at the Next Invocation of
 * This Function". The next invocation is the first one of that function in
 * that bar's trace after the selected invocation (on its stream) when the
 * selection is in that trace, else the first one from the start of the
 * visible window on any stream; it is selected, brought into view, and the
 * window's "Align All Traces Here" runs at it. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-call-profile.h"
#include "jx-function-summary-chart-private.h"

typedef struct
{
  GtkWidget      *menu;
  JxSessionTrace *item;     /* of the bar the menu was opened on */
  guint32         region;
} Menu;

static void
menu_free (gpointer data)
{
  Menu *menu = data;

  g_clear_pointer (&menu->menu, gtk_widget_unparent);
  g_clear_object (&menu->item);
  g_free (menu);
}

static Menu *
get_menu (JxFunctionSummaryChart *self)
{
  return g_object_get_data (G_OBJECT (self), "jx-summary-menu");
}

/* The window keeps its width and centres on the invocation when it lies
 * outside. */
static void
reveal (JxSession      *session,
        JxSessionTrace *item,
        const JxStream *s,
        guint32         inv)
{
  const JxTimeSpan *view = jx_session_get_visible_time (session);
  gint64 t0 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), s->start[inv]);
  gint64 t1 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), s->end[inv]);
  gint64 width = jx_time_span_get_duration (view);

  if (t1 > view->begin_ns && t0 < view->end_ns)
    return;
  t0 = t0 + (t1 - t0) / 2 - width / 2;
  jx_session_set_visible_time (session, &(JxTimeSpan) { t0, t0 + width });
}

gboolean
jx_function_summary_chart_align_next (JxFunctionSummaryChart *self,
                                      JxSessionTrace         *item,
                                      guint32                 region)
{
  JxSession *session = jx_function_summary_chart_get_session (self);
  JxSessionTrace *selected = NULL;
  guint32 sel_stream = JX_NONE, sel_inv = JX_NONE, stream = JX_NONE, inv = JX_NONE;
  JxTrace *trace;
  guint64 from;

  g_return_val_if_fail (JX_IS_FUNCTION_SUMMARY_CHART (self), FALSE);

  if (session == NULL || !jx_session_find_item (session, item, NULL) ||
      (trace = jx_session_trace_get_trace (item)) == NULL || region >= jx_trace_get_n_regions (trace))
    return FALSE;

  jx_session_get_selected_invocation (session, &selected, &sel_stream, &sel_inv);
  if (selected == item && sel_stream < jx_trace_get_n_streams (trace))
    {
      const JxStream *s = jx_trace_get_stream (trace, sel_stream);

      /* After the selection when it is this function already: "next". */
      from = s->start[sel_inv] + (s->region[sel_inv] == region ? 1 : 0);
      if (!jx_call_profile_next_invocation (trace, region, sel_stream, from, &stream, &inv))
        jx_call_profile_next_invocation (trace, region, JX_NONE, from, &stream, &inv);
    }
  else
    {
      from = jx_time_ticks_clamp (jx_time_comparison_to_ticks (jx_session_trace_get_time_origin (item), jx_session_get_visible_time (session)->begin_ns));
      jx_call_profile_next_invocation (trace, region, JX_NONE, from, &stream, &inv);
    }
  /* None after that point: the first one of the run. */
  if (inv == JX_NONE && !jx_call_profile_next_invocation (trace, region, JX_NONE, 0, &stream, &inv))
    return FALSE;

  jx_session_select_invocation (session, item, stream, inv);
  reveal (session, item, jx_trace_get_stream (trace, stream), inv);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.align-here", NULL);
  return TRUE;
}

static void
align_next_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  Menu *menu = get_menu (JX_FUNCTION_SUMMARY_CHART (widget));

  if (menu != NULL && menu->item != NULL)
    jx_function_summary_chart_align_next (JX_FUNCTION_SUMMARY_CHART (widget), menu->item, menu->region);
}

static void
on_pressed (GtkGestureClick        *gesture,
            int                     n_press,
            double                  x,
            double                  y,
            JxFunctionSummaryChart *self)
{
  Menu *menu = get_menu (self);
  JxSessionTrace *item;
  JxTrace *trace;
  guint32 region;
  g_autofree char *label = NULL;
  g_autoptr(GMenu) model = g_menu_new ();
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };

  if (!jx_function_summary_chart_function_at (self, x, y, &item, &region) ||
      (trace = jx_session_trace_get_trace (item)) == NULL)
    return;
  g_set_object (&menu->item, item);
  menu->region = region;

  {
    /* An underscore in a menu label marks the mnemonic: double them. */
    g_auto(GStrv) parts = g_strsplit (jx_trace_get_region (trace, region)->name, "_", -1);
    g_autofree char *name = g_strjoinv ("__", parts);

    label = g_strdup_printf (_("_Align All Traces at the Next Invocation of “%s”"), name);
  }
  g_menu_append (model, label, "summary.align-next");
  g_clear_pointer (&menu->menu, gtk_widget_unparent);
  menu->menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (model));
  gtk_popover_set_has_arrow (GTK_POPOVER (menu->menu), FALSE);
  gtk_widget_set_halign (menu->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (menu->menu, GTK_WIDGET (self));
  gtk_popover_set_pointing_to (GTK_POPOVER (menu->menu), &rect);
  gtk_popover_popup (GTK_POPOVER (menu->menu));
}

void
_jx_function_summary_chart_class_init_menu (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "summary.align-next", NULL, align_next_action);
}

void
_jx_function_summary_chart_init_menu (JxFunctionSummaryChart *self)
{
  GtkGesture *gesture = gtk_gesture_click_new ();

  g_object_set_data_full (G_OBJECT (self), "jx-summary-menu", g_new0 (Menu, 1), menu_free);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}

void
_jx_function_summary_chart_dispose_menu (JxFunctionSummaryChart *self)
{
  g_object_set_data (G_OBJECT (self), "jx-summary-menu", NULL);
}
