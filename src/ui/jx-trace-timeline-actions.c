/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-timeline-actions.c — what a trace's timeline adds to the trace's
 * actions: folding processes and their call stacks, the trace menu at the
 * pointer, and moving the selection with the keyboard. */
#include "config.h"

#include "jx-aligned-pair-window.h"
#include "jx-compare-with-dialog.h"
#include "jx-session-pairing.h"
#include "jx-trace-query.h"
#include "jx-trace-timeline-private.h"

/* The process actions of the menu (see ui/jx-trace-menu.ui). */
static const char * const menu_process_actions[] = {
  "show-call-stack", "hide-call-stack", "expand-process", "fold-process", "show-structure", "compare-with",
};

/* A stream of a compared trace with its result, or of the reference while
 * some trace has one: something to pair it with by hand. */
static gboolean
can_compare_with (JxTraceTimeline *self)
{
  JxSessionTrace *compared;

  if (self->menu_stream == JX_NONE || self->session == NULL || jx_session_trace_get_trace (self->item) == NULL)
    return FALSE;
  if (self->item != jx_session_get_reference (self->session))
    return jx_session_trace_get_comparison (self->item) != NULL;
  compared = jx_session_get_compared (self->session);
  return compared != NULL && jx_session_trace_get_comparison (compared) != NULL;
}

static gboolean
is_current (JxTraceTimeline *self)
{
  return self->session != NULL && jx_session_find_item (self->session, self->item, NULL);
}

void
_jx_trace_timeline_set_action_enabled (JxTraceTimeline *self,
                                       const char      *name,
                                       gboolean         enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
_jx_trace_timeline_set_menu_process (JxTraceTimeline *self,
                                     guint32          process)
{
  gboolean on = process != JX_NONE;
  gboolean call_stack = on && process == jx_timeline_canvas_get_call_stack_process (self->canvas);
  gboolean foldable = on && jx_timeline_canvas_has_process_header (self->canvas, process);
  gboolean collapsed = foldable && jx_timeline_canvas_get_process_collapsed (self->canvas, process);
  gboolean squeezed = jx_timeline_canvas_get_compressed (self->canvas);
  gboolean readable = on && jx_timeline_canvas_get_process_readable (self->canvas, process);
  /* Readable by Expand Process, not only as the call-stack process. */
  gboolean readable_own = readable && !call_stack;

  self->menu_process = process;
  if (!on)
    self->menu_stream = JX_NONE;
  _jx_trace_timeline_set_action_enabled (self, "show-structure",
                                         self->menu_stream != JX_NONE && self->session != NULL &&
                                         jx_session_get_diff_bar (self->session, self->item, self->menu_stream,
                                                                  NULL, NULL, NULL));
  _jx_trace_timeline_set_action_enabled (self, "compare-with", can_compare_with (self));
  _jx_trace_timeline_set_action_enabled (self, "show-call-stack", on && !call_stack);
  _jx_trace_timeline_set_action_enabled (self, "hide-call-stack", call_stack);
  /* Also the keyboard's way to fold a process (the expander needs a click).
   * In a squeezed lane Expand Process also gives an expanded process (or
   * one of a single stream) readable rows, and Collapse Process takes them
   * back. */
  _jx_trace_timeline_set_action_enabled (self, "expand-process", collapsed || (on && squeezed && !readable));
  _jx_trace_timeline_set_action_enabled (self, "fold-process", (foldable && !collapsed) || (on && readable_own));
}

static void
toggle_call_stack (JxTraceTimeline *self,
                   guint32          process)
{
  jx_timeline_canvas_set_call_stack_process (self->canvas,
                                             process == jx_timeline_canvas_get_call_stack_process (self->canvas)
                                             ? JX_NONE : process);
}

static void
toggle_collapsed (JxTraceTimeline *self,
                  guint32          process)
{
  jx_timeline_canvas_set_process_collapsed (self->canvas, process,
                                            !jx_timeline_canvas_get_process_collapsed (self->canvas, process));
}

static void
call_stack (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  toggle_call_stack (user_data, g_variant_get_uint32 (param));
}

static void
collapse_process (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  toggle_collapsed (user_data, g_variant_get_uint32 (param));
}

/* show/hide-call-stack and expand/fold-process: each is enabled only when it
 * changes something for the menu's process, so each toggles. */
static void
menu_process_action (GSimpleAction *action,
                     GVariant      *param,
                     gpointer       user_data)
{
  JxTraceTimeline *self = user_data;
  const char *name = g_action_get_name (G_ACTION (action));

  if (self->menu_process == JX_NONE)
    return;
  if (g_str_has_suffix (name, "call-stack"))
    toggle_call_stack (self, self->menu_process);
  else if (g_str_equal (name, "expand-process") &&
           !jx_timeline_canvas_get_process_collapsed (self->canvas, self->menu_process))
    jx_timeline_canvas_set_process_readable (self->canvas, self->menu_process, TRUE);
  else if (g_str_equal (name, "fold-process") &&
           !jx_timeline_canvas_has_process_header (self->canvas, self->menu_process))
    jx_timeline_canvas_set_process_readable (self->canvas, self->menu_process, FALSE);
  else
    toggle_collapsed (self, self->menu_process);
}

/* Readable Rows: full-height rows and scrolling, or rows compressed to fit. */
static void
readable_rows (GSimpleAction *action,
               GVariant      *state,
               gpointer       user_data)
{
  JxTraceTimeline *self = user_data;

  g_simple_action_set_state (action, state);
  jx_timeline_canvas_set_full_rows (self->canvas, g_variant_get_boolean (state));
}

gboolean
jx_trace_timeline_get_readable_rows (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), FALSE);
  return jx_timeline_canvas_get_full_rows (self->canvas);
}

void
jx_trace_timeline_set_readable_rows (JxTraceTimeline *self,
                                     gboolean         readable_rows)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));
  /* Through the action, so the menu's toggle shows it. */
  g_action_group_change_action_state (G_ACTION_GROUP (self->actions), "readable-rows",
                                      g_variant_new_boolean (readable_rows));
}

gboolean
jx_trace_timeline_get_process_readable (JxTraceTimeline *self,
                                        guint32          process)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), FALSE);
  return jx_timeline_canvas_get_process_readable (self->canvas, process);
}

void
jx_trace_timeline_set_process_readable (JxTraceTimeline *self,
                                        guint32          process,
                                        gboolean         readable)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));
  jx_timeline_canvas_set_process_readable (self->canvas, process, readable);
}

/* "Compare With…": the menu's stream paired by hand with a stream of the
 * partner trace (jx-compare-with-dialog.h). */
static void
compare_with (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  JxTraceTimeline *self = user_data;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (!can_compare_with (self) || !GTK_IS_WINDOW (root))
    return;
  jx_compare_with_dialog_present (GTK_WINDOW (root), GTK_WIDGET (self), self->session, self->item,
                                  self->menu_stream);
}

/* (position of the other trace, stream of this one, stream of the other):
 * the two streams become partners by hand, one undo step
 * (jx-session-pairing.h). The other trace is the reference, or for the
 * reference's timeline a compared trace. */
static void
pair_streams (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  JxTraceTimeline *self = user_data;
  g_autoptr(GError) error = NULL;
  JxSessionTrace *other, *reference;
  gint32 position;
  guint32 own, theirs;
  gboolean ok;

  if (!is_current (self))
    return;
  g_variant_get (param, "(iuu)", &position, &own, &theirs);
  other = position >= 0 ? jx_session_peek_item (self->session, (guint) position) : NULL;
  reference = jx_session_get_reference (self->session);
  if (other == NULL || (self->item != reference && other != reference))
    ok = FALSE;
  else if (self->item == reference)
    ok = jx_session_pair_streams (self->session, other, own, theirs, &error);
  else
    ok = jx_session_pair_streams (self->session, self->item, theirs, own, &error);
  if (!ok)
    gtk_widget_error_bell (GTK_WIDGET (self));
}

/* The structural view of the menu's stream pair. */
static void
show_structure (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  JxTraceTimeline *self = user_data;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *window;

  if (!is_current (self) || self->menu_stream == JX_NONE)
    return;
  window = jx_aligned_pair_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                       self->session, self->item, self->menu_stream);
  if (window != NULL)
    gtk_window_present (GTK_WINDOW (window));
}

/* The stream a row stands for: its own, or a process header's first stream
 * that has a diff bar. */
static guint32
row_stream (JxTraceTimeline     *self,
            const JxTimelineRow *row)
{
  const JxProcess *p;
  JxTrace *trace = jx_timeline_canvas_get_trace (self->canvas);

  if (row->kind != JX_TIMELINE_ROW_PROCESS)
    return row->stream;
  if (trace == NULL)
    return JX_NONE;
  p = jx_trace_get_process (trace, row->process);
  for (guint32 k = 0; k < p->n_streams; k++)
    if (jx_session_has_diff_bar (self->session, self->item, p->first_stream + k))
      return p->first_stream + k;
  return JX_NONE;
}

/* Menu --------------------------------------------------------------------- */

static gboolean
popup_idle (gpointer user_data)
{
  JxTraceTimeline *self = user_data;

  self->popup_source = 0;
  if (self->context_menu != NULL && gtk_widget_get_mapped (GTK_WIDGET (self->canvas)))
    {
      /* An event tooltip would sit on top of the menu it was opened over. */
      gtk_widget_set_has_tooltip (GTK_WIDGET (self->canvas), FALSE);
      gtk_popover_popup (GTK_POPOVER (self->context_menu));
    }
  return G_SOURCE_REMOVE;
}

static void
on_context_menu_closed (JxTraceTimeline *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->canvas), TRUE);
}

void
_jx_trace_timeline_popup_menu (JxTraceTimeline *self,
                               double           x,
                               double           y)
{
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };
  int row = jx_timeline_canvas_row_at (self->canvas, y);
  guint n_rows;

  self->menu_stream = row >= 0 ? row_stream (self, &jx_timeline_canvas_get_rows (self->canvas, &n_rows)[row]) : JX_NONE;
  _jx_trace_timeline_set_menu_process (self, row >= 0
                                       ? jx_timeline_canvas_get_rows (self->canvas, &n_rows)[row].process
                                       : JX_NONE);
  _jx_trace_timeline_set_menu_point (self, x, y);
  if (self->context_menu == NULL)
    {
      g_autoptr(GMenuModel) menu = jx_trace_menu_new ();

      self->context_menu = gtk_popover_menu_new_from_model (menu);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
      gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
      gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self->canvas));
      g_signal_connect_swapped (self->context_menu, "closed", G_CALLBACK (on_context_menu_closed), self);
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu), &rect);

  /* GTK updates the items (and the separators of their sections) for the
   * enabled actions from an idle; sizing the popover before that leaves
   * the last items in a scrolled strip. The separators are synced at
   * G_PRIORITY_HIGH_IDLE; a lower priority here let busy redraw work delay
   * the menu noticeably. */
  g_clear_handle_id (&self->popup_source, g_source_remove);
  self->popup_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, popup_idle, self, NULL);
}

static gboolean
menu_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);
  JxSessionTrace *selected;
  guint32 stream;
  int y = 0, h = 0;
  int height = gtk_widget_get_height (GTK_WIDGET (self->canvas));

  /* At the selected invocation's row when there is one, so that the
   * per-process items (call stack, collapse) act on the process the
   * keyboard is at. */
  if (self->session != NULL &&
      jx_session_get_selected_invocation (self->session, &selected, &stream, NULL) &&
      selected == self->item &&
      jx_timeline_canvas_get_stream_span (self->canvas, stream, &y, &h))
    y += h / 2;
  else
    y = 0;

  _jx_trace_timeline_popup_menu (self, gtk_widget_get_width (GTK_WIDGET (self->canvas)) / 2.0, CLAMP (y, 0, height));
  return TRUE;
}

/* Keyboard selection ------------------------------------------------------- */

/* Invocation of `stream` at trace time `ticks`: the innermost one covering
 * it, else the first one starting after it, else the last one. JX_NONE for
 * an empty stream. */
static guint32
invocation_near (const JxStream *stream,
                 gint64          ticks)
{
  guint32 lo = 0, hi, i;

  if (stream == NULL || stream->n_invocations == 0)
    return JX_NONE;

  /* Pre-order is start order: the last invocation starting at or before
   * `ticks`, then up its parents to one that still covers it. */
  hi = stream->n_invocations;
  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if ((gint64) stream->start[mid] <= ticks)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == 0)
    return 0;
  for (i = lo - 1; i != JX_NONE; i = stream->parent[i])
    if ((gint64) stream->end[i] > ticks)
      return i;
  return lo < stream->n_invocations ? lo : stream->n_invocations - 1;
}

/* The next row holding a stream above (step -1) or below (+1) the row of
 * `stream`: process headers and depth rows are skipped, a selection lives on
 * a stream. -1 when there is none. */
static int
stream_row_step (const JxTimelineRow *rows,
                 guint                n_rows,
                 guint32              stream,
                 int                  step)
{
  int current = -1, r;

  for (r = 0; r < (int) n_rows && current < 0; r++)
    if (rows[r].kind == JX_TIMELINE_ROW_STREAM && rows[r].stream == stream)
      current = r;
  for (r = current + step; current >= 0 && r >= 0 && r < (int) n_rows; r += step)
    if (rows[r].kind == JX_TIMELINE_ROW_STREAM)
      return r;
  return current;
}

/* Brings the selected invocation into view: the window keeps its width and
 * centres on it when it lies outside; the rows scroll to its stream. */
static void
select_and_reveal (JxTraceTimeline *self,
                   guint32          stream,
                   guint32          inv)
{
  JxTrace *trace = jx_timeline_canvas_get_trace (self->canvas);
  const JxStream *s;
  const JxTimeSpan *view;
  gint64 t0, t1, width;

  if (inv == JX_NONE)
    return;
  jx_session_select_invocation (self->session, self->item, stream, inv);

  s = jx_trace_get_stream (trace, stream);
  t0 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (self->item), (gint64) s->start[inv]);
  t1 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (self->item), (gint64) s->end[inv]);
  view = jx_session_get_visible_time (self->session);
  width = jx_time_span_get_duration (view);
  if (t1 <= view->begin_ns || t0 >= view->end_ns)
    {
      gint64 start = t0 + (t1 - t0) / 2 - width / 2;

      jx_session_set_visible_time (self->session, &(JxTimeSpan) { start, start + width });
    }
  jx_timeline_canvas_scroll_to_stream (self->canvas, stream);
}

/* No selection in this trace yet: start at the centre of the window on the
 * first stream row. */
static void
select_first (JxTraceTimeline     *self,
              JxTrace             *trace,
              const JxTimelineRow *rows,
              guint                n_rows)
{
  const JxTimeSpan *view = jx_session_get_visible_time (self->session);
  gint64 centre = view->begin_ns + jx_time_span_get_duration (view) / 2;
  gint64 ticks = jx_time_comparison_to_ticks (jx_session_trace_get_time_origin (self->item), centre);

  for (guint r = 0; r < n_rows; r++)
    if (rows[r].kind == JX_TIMELINE_ROW_STREAM)
      {
        select_and_reveal (self, rows[r].stream,
                           invocation_near (jx_trace_get_stream (trace, rows[r].stream), ticks));
        return;
      }
}

static void
select_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  JxTraceTimeline *self = user_data;
  const char *name = g_action_get_name (G_ACTION (action));
  JxTrace *trace = jx_timeline_canvas_get_trace (self->canvas);
  const JxTimelineRow *rows;
  const JxStream *s;
  JxSessionTrace *selected;
  guint32 stream, inv;
  guint n_rows;

  if (!is_current (self) || trace == NULL)
    return;
  if (g_str_equal (name, "select-none"))
    {
      /* Escape: nothing selected, no node's calls highlighted. */
      jx_session_clear_selection (self->session);
      jx_call_highlight_clear (jx_session_get_call_highlight (self->session));
      return;
    }

  rows = jx_timeline_canvas_get_rows (self->canvas, &n_rows);
  if (!jx_session_get_selected_invocation (self->session, &selected, &stream, &inv) ||
      selected != self->item || stream >= jx_trace_get_n_streams (trace))
    {
      select_first (self, trace, rows, n_rows);
      return;
    }

  s = jx_trace_get_stream (trace, stream);
  if (g_str_equal (name, "select-first"))
    select_and_reveal (self, stream, inv);
  else if (g_str_equal (name, "select-next"))
    {
      /* The next invocation at the same or an outer level, in time order. */
      guint32 next = s->subtree_end[inv];

      while (next < s->n_invocations && s->depth[next] > s->depth[inv])
        next = s->subtree_end[next];
      select_and_reveal (self, stream, next < s->n_invocations ? next : inv);
    }
  else if (g_str_equal (name, "select-previous"))
    {
      guint32 prev = inv;

      /* Back to the previous sibling (or the parent when there is none). */
      while (prev > 0)
        {
          prev--;
          if (s->depth[prev] <= s->depth[inv])
            break;
        }
      select_and_reveal (self, stream, prev);
    }
  else if (g_str_equal (name, "select-parent"))
    select_and_reveal (self, stream, s->parent[inv] != JX_NONE ? s->parent[inv] : inv);
  else if (g_str_equal (name, "select-child"))
    select_and_reveal (self, stream, inv + 1 < s->subtree_end[inv] ? inv + 1 : inv);
  else
    {
      /* Same moment on the stream above or below. */
      int row = stream_row_step (rows, n_rows, stream, g_str_equal (name, "select-up") ? -1 : 1);
      gint64 middle = (gint64) (s->start[inv] + (s->end[inv] - s->start[inv]) / 2);

      if (row >= 0)
        select_and_reveal (self, rows[row].stream,
                           invocation_near (jx_trace_get_stream (trace, rows[row].stream), middle));
    }
}

static const GActionEntry entries[] = {
  { "call-stack", call_stack, "u" },
  { "collapse-process", collapse_process, "u" },
  { "show-call-stack", menu_process_action },
  { "hide-call-stack", menu_process_action },
  { "expand-process", menu_process_action },
  { "fold-process", menu_process_action },
  { "show-structure", show_structure },
  { "compare-with", compare_with },
  { "pair-streams", pair_streams, "(iuu)" },
  { "readable-rows", NULL, NULL, "false", readable_rows },
  { "select-first", select_action },
  { "select-next", select_action },
  { "select-previous", select_action },
  { "select-up", select_action },
  { "select-down", select_action },
  { "select-parent", select_action },
  { "select-child", select_action },
  { "select-none", select_action },
};

void
_jx_trace_timeline_init_actions (JxTraceTimeline *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
  for (guint i = 0; i < G_N_ELEMENTS (menu_process_actions); i++)
    _jx_trace_timeline_set_action_enabled (self, menu_process_actions[i], FALSE);
}

void
_jx_trace_timeline_class_init_actions (GtkWidgetClass *widget_class)
{
  /* Keyboard selection, the equivalent of clicking: Return picks the
   * invocation in the middle of the window, "." and "," walk along its
   * stream, Up/Down go to the neighbouring streams, Page Up/Down out of and
   * into its callees, Escape clears. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "trace.select-first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "trace.select-first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, 0, "trace.select-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, 0, "trace.select-previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "trace.select-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "trace.select-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "trace.select-parent", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "trace.select-child", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "trace.select-none", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "trace.shift-earlier", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "trace.shift-later", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, menu_shortcut, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Menu, 0, menu_shortcut, NULL);
}
