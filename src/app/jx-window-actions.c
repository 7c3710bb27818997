/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window-actions.c — the window's commands and their keys.
 *
 * Commands on one trace are the trace's own ("trace" actions, jx-trace-actions.h):
 * the window's versions only pick the trace — the position given, or with -1
 * the current one (the trace of the selected invocation, else the reference)
 * — and forward to the actions of that trace's timeline. */
#include "config.h"

#include <glib/gi18n.h>

#include "jx-aligned-pair-window.h"
#include "jx-session-pairing.h"
#include "jx-window-private.h"

/* Keyboard zoom steps by this factor; three steps are close to 3×. */
#define ZOOM_STEP 1.5
/* Keyboard panning moves a quarter of the visible window. */
#define PAN_FRACTION 0.25

/* The trace a command with this parameter acts on, NULL when there is none. */
static JxSessionTrace *
resolve_item (JxWindow *self,
              GVariant *parameter)
{
  gint32 position = parameter != NULL ? g_variant_get_int32 (parameter) : -1;
  JxSessionTrace *item = NULL;

  if (position >= 0)
    return jx_session_peek_item (self->session, (guint) position);
  if (jx_session_get_selected_invocation (self->session, &item, NULL, NULL))
    return item;
  return jx_session_get_reference (self->session);
}

static void
forward_to_trace (JxWindow   *self,
                  GVariant   *parameter,
                  const char *action)
{
  JxSessionTrace *item = resolve_item (self, parameter);
  JxTraceTimeline *lane;

  if (item == NULL ||
      (lane = jx_master_timeline_get_trace_timeline (self->master_timeline, item)) == NULL)
    return;
  gtk_widget_activate_action (GTK_WIDGET (lane), action, NULL);
}

static void
trace_action (GtkWidget  *widget,
              const char *name,
              GVariant   *parameter)
{
  static const struct { const char *win; const char *trace; } map[] = {
    { "win.remove-trace", "trace.remove" },
    { "win.trace-info", "trace.show-info" },
    { "win.set-offset", "trace.set-offset" },
    { "win.reset-offset", "trace.reset-offset" },
    { "win.change-color", "trace.change-color" },
    { "win.shift-earlier", "trace.shift-earlier" },
    { "win.shift-later", "trace.shift-later" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (g_str_equal (name, map[i].win))
      forward_to_trace (JX_WINDOW (widget), parameter, map[i].trace);
}

/* Alt+Up/Down make the previous / next trace the reference, which the
 * keyboard commands then act on. */
static void
step_trace (GtkWidget  *widget,
            const char *name,
            GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->session));
  int step = g_str_equal (name, "win.next-trace") ? 1 : -1;
  guint position = 0;

  if (n < 2)
    return;
  jx_session_find_item (self->session, jx_session_get_reference (self->session), &position);
  jx_session_clear_selection (self->session);
  jx_session_set_reference (self->session,
                            jx_session_peek_item (self->session, (guint) ((int) position + (int) n + step) % n));
}

/* A selected call at least this many pixels wide after next/previous. */
#define DIFFERENCE_MIN_PX 8.0
/* The narrower of a call and its partner shown together at least this wide. */
#define PARTNER_MIN_PX 2.0
/* The share of the window a span fills when it is zoomed out to
 * (jx_time_model_show_span ()). */
#define SHOW_SPAN_FILL 0.8

static JxTimeSpan
call_span (JxSessionTrace *item,
           guint32         stream,
           guint32         inv)
{
  const JxStream *s = jx_trace_get_stream (jx_session_trace_get_trace (item), stream);
  JxTimeOrigin origin = jx_session_trace_get_time_origin (item);

  return (JxTimeSpan) { jx_time_ticks_to_comparison (origin, (gint64) s->start[inv]),
                        jx_time_ticks_to_comparison (origin, (gint64) s->end[inv]) };
}

static double
timeline_width (JxWindow *self)
{
  return MAX (gtk_widget_get_width (GTK_WIDGET (self->master_timeline)) -
              jx_master_timeline_get_label_width (self->master_timeline), 100.0);
}

/* The selected call's partner lies elsewhere on the shared time axis when
 * the runs differ in speed (in a run 1.33× slower, a call late in the run
 * seconds later): the window moves and zooms to show both calls, as long
 * as the narrower stays a few pixels wide; otherwise it keeps the selected
 * call. */
static void
show_partner_too (JxWindow *self)
{
  JxSessionTrace *item, *other;
  guint32 stream, inv, other_stream, other_inv;
  JxTimeSpan call, partner, both;
  const JxTimeSpan *view;
  gint64 narrow;

  if (!jx_session_get_selected_invocation (self->session, &item, &stream, &inv) ||
      !jx_session_get_selected_partner (self->session, &other, &other_stream, &other_inv) ||
      jx_session_trace_get_trace (item) == NULL || jx_session_trace_get_trace (other) == NULL)
    return;
  call = call_span (item, stream, inv);
  partner = call_span (other, other_stream, other_inv);
  view = jx_session_get_visible_time (self->session);
  if (partner.begin_ns >= view->begin_ns && partner.end_ns <= view->end_ns)
    return;
  both = (JxTimeSpan) { MIN (call.begin_ns, partner.begin_ns), MAX (call.end_ns, partner.end_ns) };
  narrow = MAX (MIN (jx_time_span_get_duration (&call), jx_time_span_get_duration (&partner)), 1);
  if ((double) narrow * SHOW_SPAN_FILL * timeline_width (self) <
      PARTNER_MIN_PX * (double) jx_time_span_get_duration (&both))
    return;
  jx_session_show_span (self->session, &both, SHOW_SPAN_FILL);
}

/* Brings the selected invocation and its partner into view: the window
 * centres on it when it lies outside, and shows the partner too where both
 * fit (show_partner_too ()); both lanes scroll to their stream. */
static void
reveal_action (GtkWidget  *widget,
               const char *name,
               GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  JxSessionTrace *selected = NULL, *item = NULL;
  JxTraceTimeline *lane;
  const JxComparisonPair *pair;
  guint32 selected_stream = JX_NONE, stream = JX_NONE;
  gboolean side_b;

  if (jx_session_get_selected_invocation (self->session, &selected, &selected_stream, NULL) &&
      (lane = jx_master_timeline_get_trace_timeline (self->master_timeline, selected)) != NULL)
    gtk_widget_activate_action (GTK_WIDGET (lane), "trace.select-first", NULL);
  /* The partner's stream; a call only in this trace still has one. */
  if (!jx_session_get_selected_partner (self->session, &item, &stream, NULL) && selected != NULL &&
      jx_session_get_diff_bar (self->session, selected, selected_stream, &pair, &side_b, &item) && pair != NULL)
    stream = side_b ? pair->stream_a : pair->stream_b;
  if (item != NULL && stream != JX_NONE &&
      (lane = jx_master_timeline_get_trace_timeline (self->master_timeline, item)) != NULL)
    jx_trace_timeline_reveal_stream (lane, stream);
  show_partner_too (self);
}

/* Zooms in until the selected call is a few pixels wide (issue 19: a 26 µs
 * call selected in an 18 s window was invisible). */
static void
show_selected_call (JxWindow *self)
{
  JxSessionTrace *item;
  guint32 stream, inv;
  JxTimeSpan call;

  if (!jx_session_get_selected_invocation (self->session, &item, &stream, &inv) ||
      jx_session_trace_get_trace (item) == NULL)
    return;
  call = call_span (item, stream, inv);
  jx_session_show_span (self->session, &call, DIFFERENCE_MIN_PX / timeline_width (self));
}

/* Next / previous difference, like a text diff's next hunk: selects it (the
 * partner follows), brings it into the window, at least a few pixels wide,
 * and scrolls both lanes to it. With a function picked in the headline, its
 * calls instead; with a merged-tree node's calls highlighted, those. */
static void
difference_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  const char *focus = jx_session_get_focus_function (self->session);
  JxCallHighlight *highlight = jx_session_get_call_highlight (self->session);
  JxSessionTrace *item;
  guint32 stream, inv;
  guint index, count;

  if (!jx_session_select_difference (self->session, g_str_equal (name, "win.next-difference")))
    {
      if (focus != NULL)
        {
          g_autofree char *text = g_strdup_printf (_("No compared stream pair calls “%s”"), focus);

          jx_window_show_toast (self, text);
        }
      else
        jx_window_show_toast (self, g_str_equal (name, "win.next-difference")
                                    ? _("No further difference") : _("No earlier difference"));
      return;
    }
  show_selected_call (self);
  reveal_action (widget, "win.reveal-selection", NULL);
  /* A merged-tree node's calls: which of them, across the streams. */
  if (jx_call_highlight_get_n_calls (highlight) > 0 &&
      jx_session_get_selected_invocation (self->session, &item, &stream, &inv) &&
      (index = jx_call_highlight_find (highlight, item, stream, inv)) != G_MAXUINT)
    {
      g_autofree char *label = g_markup_escape_text (jx_call_highlight_get_label (highlight) != NULL ? jx_call_highlight_get_label (highlight) : "", -1);
      g_autofree char *text = g_strdup_printf (_("Call %u of %u of “%s”"), index + 1,
                                               jx_call_highlight_get_n_calls (highlight), label);

      jx_window_show_toast (self, text);
    }
  else if (focus != NULL && jx_selection_get_focus_position (jx_session_get_selection (self->session), &index, &count))
    {
      /* TRANSLATORS: "Call 3 of 100 of “jacobi_kernel”" */
      g_autofree char *text = g_strdup_printf (_("Call %u of %u of “%s”"), index + 1, count, focus);

      jx_window_show_toast (self, text);
    }
}

/* A function picked in the headline (jx_session_focus_function) selected
 * its first call: show it as F7 would. */
void
_jx_window_on_focus_function (JxWindow *self)
{
  const char *focus = jx_session_get_focus_function (self->session);
  JxSessionTrace *item;

  /* The search entry says what is highlighted: nothing once the focus
   * ended with its search. */
  if (focus == NULL)
    {
      if (jx_session_get_search (self->session) == NULL &&
          *gtk_editable_get_text (GTK_EDITABLE (self->search_entry)) != '\0')
        gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
      return;
    }
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), focus) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), focus);
  if (!jx_session_get_selected_invocation (self->session, &item, NULL, NULL))
    return;
  show_selected_call (self);
  reveal_action (GTK_WIDGET (self), "win.reveal-selection", NULL);
}

static void
export_table_action (GtkWidget  *widget,
                     const char *name,
                     GVariant   *parameter)
{
  _jx_window_run_table_export (JX_WINDOW (widget));
}

/* The Trends page: the scaling study of all open traces. */
static void
show_trends_action (GtkWidget  *widget,
                    const char *name,
                    GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);

  g_settings_set_boolean (self->settings, "show-bottom-pane", TRUE);
  jx_comparison_pane_show_page (self->comparison_pane, "trends");
}

/* The structural view of the selected invocation's stream pair. */
static void
structure_action (GtkWidget  *widget,
                  const char *name,
                  GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  JxSessionTrace *item;
  guint32 stream;
  GtkWidget *window;

  if (!jx_session_get_selected_invocation (self->session, &item, &stream, NULL) ||
      (window = jx_aligned_pair_window_new (GTK_WINDOW (self), self->session, item, stream)) == NULL)
    {
      jx_window_show_toast (self, _("Select a call of a stream that has a diff bar first"));
      return;
    }
  gtk_window_present (GTK_WINDOW (window));
}

static void
open_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);

  if (g_str_equal (name, "win.open-folder"))
    _jx_window_run_chooser (self, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _jx_window_is_comparison (self));
  else
    _jx_window_run_chooser (self, GTK_FILE_CHOOSER_ACTION_OPEN, g_str_equal (name, "win.add-trace"));
}

static void
open_examples_action (GtkWidget  *widget,
                      const char *name,
                      GVariant   *parameter)
{
  jx_window_open_examples (JX_WINDOW (widget));
}

static void
close_comparison_action (GtkWidget  *widget,
                         const char *name,
                         GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);

  _jx_window_forget_comparison_file (self);
  jx_session_clear (self->session);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  _jx_window_show_page (self, "welcome");
}

static void
history_action (GtkWidget  *widget,
                const char *name,
                GVariant   *parameter)
{
  JxSession *session = JX_WINDOW (widget)->session;

  if (g_str_equal (name, "win.undo"))
    jx_session_undo (session);
  else
    jx_session_redo (session);
}

/* The menu item of action in section gets label (the same place). */
static void
relabel_menu_item (GMenu      *section,
                   const char *action,
                   const char *label)
{
  for (int i = 0; i < g_menu_model_get_n_items (G_MENU_MODEL (section)); i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *now = NULL;

      if (!g_menu_model_get_item_attribute (G_MENU_MODEL (section), i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          || !g_str_equal (name, action))
        continue;
      if (g_menu_model_get_item_attribute (G_MENU_MODEL (section), i, G_MENU_ATTRIBUTE_LABEL, "s", &now)
          && g_str_equal (now, label))
        return;
      g_menu_remove (section, i);
      g_menu_insert (section, i, label, action);
      return;
    }
}

/* A menu label without its mnemonic underscores, for a tooltip. */
static char *
strip_mnemonic (const char *label)
{
  GString *out = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* The Undo and Redo items name the step they would undo or redo. */
void
_jx_window_update_history (JxWindow *self)
{
  const char *undo = jx_session_get_undo_label (self->session);
  const char *redo = jx_session_get_redo_label (self->session);
  g_autofree char *plain_undo = strip_mnemonic (undo);
  g_autofree char *plain_redo = strip_mnemonic (redo);
  /* TRANSLATORS: a tooltip: %s is "Undo Time Shift", "Undo Pairing", … */
  g_autofree char *undo_tip = g_strdup_printf (_("%s (Ctrl+Z)"), plain_undo);
  /* TRANSLATORS: a tooltip: %s is "Redo Time Shift", "Redo Pairing", … */
  g_autofree char *redo_tip = g_strdup_printf (_("%s (Ctrl+Shift+Z)"), plain_redo);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", jx_session_can_undo (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", jx_session_can_redo (self->session));
  gtk_widget_set_tooltip_text (self->undo_button, undo_tip);
  gtk_widget_set_tooltip_text (self->redo_button, redo_tip);
  relabel_menu_item (self->history_section, "win.undo", undo);
  relabel_menu_item (self->history_section, "win.redo", redo);
}

/* Every stream paired by hand in the comparison paired automatically
 * again: one undo step (trace.pair-again does it for one trace). */
static void
pair_again_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  jx_session_clear_hand_pairing (JX_WINDOW (widget)->session, NULL);
}

static void
update_pair_again (JxWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pair-again",
                                 jx_session_has_hand_pairing (self->session, NULL));
}

void
_jx_window_init_pairing (JxWindow *self)
{
  g_signal_connect_swapped (self->session, "trace-notify::comparison-state", G_CALLBACK (update_pair_again), self);
  g_signal_connect_swapped (self->session, "notify::reference", G_CALLBACK (update_pair_again), self);
  g_signal_connect_swapped (self->session, "items-changed", G_CALLBACK (update_pair_again), self);
  update_pair_again (self);
}

static void
zoom_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  JxSession *session = JX_WINDOW (widget)->session;
  const JxTimeSpan *view = jx_session_get_visible_time (session);
  gint64 centre = view->begin_ns + jx_time_span_get_duration (view) / 2;

  if (g_str_equal (name, "win.zoom-all"))
    jx_session_zoom_all (session);
  else
    jx_session_zoom (session, g_str_equal (name, "win.zoom-in") ? ZOOM_STEP : 1.0 / ZOOM_STEP, centre);
}

static void
pan_action (GtkWidget  *widget,
            const char *name,
            GVariant   *parameter)
{
  JxSession *session = JX_WINDOW (widget)->session;
  double direction = g_str_equal (name, "win.pan-left") ? -1.0 : 1.0;
  double width = (double) jx_time_span_get_duration (jx_session_get_visible_time (session));

  jx_session_pan (session, (gint64) (direction * PAN_FRACTION * width));
}

static void
search_action (GtkWidget  *widget,
               const char *name,
               GVariant   *parameter)
{
  gtk_widget_grab_focus (GTK_WIDGET (JX_WINDOW (widget)->search_entry));
}

static void
fullscreen_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

void
_jx_window_add_toggle_actions (JxWindow *self)
{
  static const char *keys[] = { "shift-mode", "show-messages", "show-bottom-pane" };

  if (self->settings != NULL)
    {
      /* The modes live on the session; the settings keep them. */
      g_settings_bind (self->settings, "shift-mode", self->session, "shift-mode", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "show-messages", self->session, "show-messages", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "show-bottom-pane", self->bottom_paned, "visible", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "side-page", self->side_stack, "visible-child-name", G_SETTINGS_BIND_DEFAULT);

      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        {
          g_autoptr(GAction) action = g_settings_create_action (self->settings, keys[i]);

          g_action_map_add_action (G_ACTION_MAP (self), action);
        }
    }
  else
    {
      g_autoptr(GPropertyAction) shift = g_property_action_new ("shift-mode", self->session, "shift-mode");
      g_autoptr(GPropertyAction) messages = g_property_action_new ("show-messages", self->session, "show-messages");
      g_autoptr(GPropertyAction) side = g_property_action_new ("show-bottom-pane", self->bottom_paned, "visible");

      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (shift));
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (messages));
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (side));
    }
}

void
_jx_window_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.add-trace", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-examples", NULL, open_examples_action);
  gtk_widget_class_install_action (widget_class, "win.close-comparison", NULL, close_comparison_action);
  gtk_widget_class_install_action (widget_class, "win.remove-trace", "i", trace_action);
  gtk_widget_class_install_action (widget_class, "win.trace-info", "i", trace_action);
  gtk_widget_class_install_action (widget_class, "win.set-offset", "i", trace_action);
  gtk_widget_class_install_action (widget_class, "win.reset-offset", "i", trace_action);
  gtk_widget_class_install_action (widget_class, "win.change-color", "i", trace_action);
  gtk_widget_class_install_action (widget_class, "win.shift-earlier", NULL, trace_action);
  gtk_widget_class_install_action (widget_class, "win.shift-later", NULL, trace_action);
  gtk_widget_class_install_action (widget_class, "win.next-trace", NULL, step_trace);
  gtk_widget_class_install_action (widget_class, "win.previous-trace", NULL, step_trace);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, history_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, history_action);
  gtk_widget_class_install_action (widget_class, "win.pair-again", NULL, pair_again_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-all", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.pan-left", NULL, pan_action);
  gtk_widget_class_install_action (widget_class, "win.pan-right", NULL, pan_action);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.fullscreen", NULL, fullscreen_action);
  gtk_widget_class_install_action (widget_class, "win.next-difference", NULL, difference_action);
  gtk_widget_class_install_action (widget_class, "win.previous-difference", NULL, difference_action);
  gtk_widget_class_install_action (widget_class, "win.show-structure", NULL, structure_action);
  gtk_widget_class_install_action (widget_class, "win.reveal-selection", NULL, reveal_action);
  gtk_widget_class_install_action (widget_class, "win.export-function-table", NULL, export_table_action);
  gtk_widget_class_install_action (widget_class, "win.show-trends", NULL, show_trends_action);

  /* Bindings act in the bubble phase, after the focused widget: typing "+" or
   * "0" into the search entry inserts text instead of zooming. */
#define BIND(key, mods, action, ...) \
  gtk_widget_class_add_binding_action (widget_class, key, mods, action, __VA_ARGS__)

  BIND (GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  BIND (GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.add-trace", NULL);
  BIND (GDK_KEY_o, GDK_CONTROL_MASK | GDK_ALT_MASK, "win.open-folder", NULL);
  BIND (GDK_KEY_w, GDK_CONTROL_MASK, "win.close-comparison", NULL);
  BIND (GDK_KEY_Delete, GDK_CONTROL_MASK, "win.remove-trace", "i", -1);
  BIND (GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  BIND (GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  BIND (GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  BIND (GDK_KEY_y, GDK_CONTROL_MASK, "win.redo", NULL);
  BIND (GDK_KEY_p, GDK_CONTROL_MASK | GDK_ALT_MASK, "win.pair-again", NULL);
  BIND (GDK_KEY_plus, 0, "win.zoom-in", NULL);
  BIND (GDK_KEY_plus, GDK_SHIFT_MASK, "win.zoom-in", NULL);
  BIND (GDK_KEY_KP_Add, 0, "win.zoom-in", NULL);
  BIND (GDK_KEY_equal, 0, "win.zoom-in", NULL);
  BIND (GDK_KEY_equal, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  BIND (GDK_KEY_plus, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  BIND (GDK_KEY_minus, 0, "win.zoom-out", NULL);
  BIND (GDK_KEY_KP_Subtract, 0, "win.zoom-out", NULL);
  BIND (GDK_KEY_minus, GDK_CONTROL_MASK, "win.zoom-out", NULL);
  BIND (GDK_KEY_0, 0, "win.zoom-all", NULL);
  BIND (GDK_KEY_KP_0, 0, "win.zoom-all", NULL);
  BIND (GDK_KEY_0, GDK_CONTROL_MASK, "win.zoom-all", NULL);
  BIND (GDK_KEY_Left, GDK_CONTROL_MASK, "win.pan-left", NULL);
  BIND (GDK_KEY_Right, GDK_CONTROL_MASK, "win.pan-right", NULL);
  BIND (GDK_KEY_s, 0, "win.shift-mode", NULL);
  BIND (GDK_KEY_m, 0, "win.show-messages", NULL);
  BIND (GDK_KEY_F9, 0, "win.show-bottom-pane", NULL);
  BIND (GDK_KEY_F9, GDK_SHIFT_MASK, "win.show-side-pane", NULL);
  BIND (GDK_KEY_F9, GDK_CONTROL_MASK, "win.maximize-comparison", NULL);
  BIND (GDK_KEY_f, GDK_CONTROL_MASK, "win.search", NULL);
  BIND (GDK_KEY_t, GDK_CONTROL_MASK, "win.set-offset", "i", -1);
  BIND (GDK_KEY_t, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.reset-offset", "i", -1);
  BIND (GDK_KEY_T, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.reset-offset", "i", -1);
  BIND (GDK_KEY_i, GDK_CONTROL_MASK, "win.trace-info", "i", -1);
  BIND (GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.change-color", "i", -1);
  BIND (GDK_KEY_C, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.change-color", "i", -1);
  BIND (GDK_KEY_Left, GDK_ALT_MASK, "win.shift-earlier", NULL);
  BIND (GDK_KEY_Right, GDK_ALT_MASK, "win.shift-later", NULL);
  BIND (GDK_KEY_Down, GDK_ALT_MASK, "win.next-trace", NULL);
  BIND (GDK_KEY_Up, GDK_ALT_MASK, "win.previous-trace", NULL);
  BIND (GDK_KEY_F11, 0, "win.fullscreen", NULL);
  /* F7 as in the diff views of VS Code and IntelliJ; F8 would never get
   * here: GtkPaned takes it (cycle-handle-focus). */
  BIND (GDK_KEY_F7, 0, "win.next-difference", NULL);
  BIND (GDK_KEY_F7, GDK_SHIFT_MASK, "win.previous-difference", NULL);
  BIND (GDK_KEY_d, GDK_CONTROL_MASK, "win.show-structure", NULL);
  BIND (GDK_KEY_j, GDK_CONTROL_MASK, "win.reveal-selection", NULL);
  BIND (GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.export-function-table", NULL);
  BIND (GDK_KEY_E, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.export-function-table", NULL);
  BIND (GDK_KEY_r, GDK_CONTROL_MASK, "win.show-trends", NULL);

#undef BIND
}
