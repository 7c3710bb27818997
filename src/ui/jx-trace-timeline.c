/* jx-trace-timeline.c */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "jx-gdk-rgba.h"
#include "jx-offset-dialog.h"
#include "jx-palette.h"
#include "jx-summary-cache.h"
#include "jx-timeline-renderer.h"
#include "jx-trace-query.h"
#include "jx-trace-timeline.h"

#define ROW_HEIGHT     18
#define HEADER_HEIGHT  18
/* Rows a trace keeps visible when several share the height; below that the
 * master timeline scrolls as a whole rather than squeezing each trace. */
#define MIN_ROWS       3
#define DRAG_THRESHOLD 4.0
/* Wheel notches and touchpad pixels zoom by these factors per unit. */
#define WHEEL_ZOOM     1.25
#define SMOOTH_ZOOM    1.01

struct _JxTraceTimeline
{
  GtkWidget           parent_instance;

  JxSession          *session;
  guint               trace_index;
  GSignalGroup       *session_signals;
  GBinding           *shift_binding;
  GBinding           *messages_binding;

  JxTrace            *trace;
  JxTimelineRenderer *renderer;
  GArray             *rows;
  int                 total_height;
  guint8             *collapsed;
  guint               n_processes;
  guint32             call_stack_process;
  guint8             *search_mask;

  int                 label_width;
  gboolean            shift_mode;
  gboolean            show_messages;

  GtkWidget          *header;
  GtkWidget          *swatch;
  GtkWidget          *name_label;
  GtkWidget          *offset_label;
  GtkWidget          *menu_button;
  GtkWidget          *overlay;
  GtkWidget          *canvas;
  GtkWidget          *scrollbar;
  GtkAdjustment      *vadjustment;
  GtkWidget          *context_menu;
  guint               popup_source;

  /* Drag state: everything is computed from the values at the start, so a
   * live drag never accumulates rounding (no jitter). */
  gboolean            dragging;
  JxTimelineDragMode  drag_mode;
  double              drag_x;
  double              drag_y;
  gint64              drag_view_start;
  gint64              drag_view_end;
  gint64              drag_offset;
  double              drag_ns_per_px;
  gboolean            drag_moved;

  double              pointer_x;
  double              pinch_x;
  gint64              pinch_view_start;
  gint64              pinch_view_end;
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_TRACE_INDEX,
  PROP_LABEL_WIDTH,
  PROP_SHIFT_MODE,
  PROP_SHOW_MESSAGES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxTraceTimeline, jx_trace_timeline, GTK_TYPE_WIDGET)

/* The drawing surface: asks for a few rows at least and all rows naturally,
 * so that the master timeline gives small traces what they need and shares
 * the rest of the height. */
#define JX_TYPE_TIMELINE_CANVAS (jx_timeline_canvas_get_type ())
G_DECLARE_FINAL_TYPE (JxTimelineCanvas, jx_timeline_canvas, JX, TIMELINE_CANVAS, GtkWidget)

struct _JxTimelineCanvas
{
  GtkWidget        parent_instance;
  JxTraceTimeline *owner;          /* not owned: the owner outlives its child */
  int              min_height;
  int              nat_height;
};

G_DEFINE_FINAL_TYPE (JxTimelineCanvas, jx_timeline_canvas, GTK_TYPE_WIDGET)

static void draw_canvas (JxTraceTimeline *self, cairo_t *cr, int width, int height);
static void update_adjustment (JxTraceTimeline *self);
static GMenuModel *header_menu (guint trace_index);

static void
jx_timeline_canvas_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  JxTimelineCanvas *self = JX_TIMELINE_CANVAS (widget);

  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      *minimum = self->min_height;
      *natural = MAX (self->min_height, self->nat_height);
    }
  else
    *minimum = *natural = 200;
}

static void
jx_timeline_canvas_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  JxTimelineCanvas *self = JX_TIMELINE_CANVAS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->owner == NULL || width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_canvas (self->owner, cr, width, height);
  cairo_destroy (cr);
}

static void
jx_timeline_canvas_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  JxTimelineCanvas *self = JX_TIMELINE_CANVAS (widget);

  if (self->owner != NULL)
    update_adjustment (self->owner);
}

static void
jx_timeline_canvas_class_init (JxTimelineCanvasClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = jx_timeline_canvas_measure;
  widget_class->snapshot = jx_timeline_canvas_snapshot;
  widget_class->size_allocate = jx_timeline_canvas_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "jxtimelinecanvas");
}

static void
jx_timeline_canvas_init (JxTimelineCanvas *self)
{
  self->min_height = ROW_HEIGHT;
  self->nat_height = ROW_HEIGHT;
}

static void
jx_timeline_canvas_set_heights (JxTimelineCanvas *self,
                                int               min_height,
                                int               nat_height)
{
  if (self->min_height == min_height && self->nat_height == nat_height)
    return;
  self->min_height = min_height;
  self->nat_height = nat_height;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* ---- timeline -------------------------------------------------------------- */

static gboolean
is_current (JxTraceTimeline *self)
{
  return self->session != NULL &&
         self->trace_index < jx_session_get_n_traces (self->session);
}

static int
canvas_width (JxTraceTimeline *self)
{
  return gtk_widget_get_width (self->canvas);
}

static double
time_width (JxTraceTimeline *self)
{
  return MAX (1, canvas_width (self) - self->label_width);
}

static int
scroll_y (JxTraceTimeline *self)
{
  return (int) gtk_adjustment_get_value (self->vadjustment);
}

gint64
jx_trace_timeline_x_to_ns (JxTraceTimeline *self,
                           double           x)
{
  gint64 v0, v1;

  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), 0);

  if (self->session == NULL)
    return 0;
  v0 = jx_session_get_view_start (self->session);
  v1 = jx_session_get_view_end (self->session);
  return v0 + (gint64) ((x - self->label_width) * (double) (v1 - v0) / time_width (self));
}

static gboolean
fill_view (JxTraceTimeline *self,
           JxTimelineView  *view)
{
  gint64 offset;
  guint sel_trace;
  guint32 sel_stream, sel_inv;
  GdkRGBA background;

  jx_timeline_view_init (view);
  if (self->trace == NULL || self->rows == NULL || !is_current (self))
    return FALSE;

  offset = jx_session_get_offset (self->session, self->trace_index);
  view->start = jx_timeline_comparison_to_ticks (self->trace, offset,
                                                 jx_session_get_view_start (self->session));
  view->end = jx_timeline_comparison_to_ticks (self->trace, offset,
                                               jx_session_get_view_end (self->session));
  if (view->end <= view->start)
    view->end = view->start + 1;
  view->width = canvas_width (self);
  view->height = gtk_widget_get_height (self->canvas);
  view->label_width = self->label_width;
  view->scroll_y = scroll_y (self);
  view->rows = (const JxTimelineRow *) (gpointer) self->rows->data;
  view->n_rows = self->rows->len;
  view->dark = jx_session_get_dark (self->session);
  jx_session_get_trace_color (self->session, self->trace_index, &background);
  view->background = jx_rgba_from_gdk (&background);
  if (jx_session_get_selected_invocation (self->session, &sel_trace, &sel_stream, &sel_inv) &&
      sel_trace == self->trace_index)
    {
      view->selected_stream = sel_stream;
      view->selected_invocation = sel_inv;
    }
  view->search_mask = self->search_mask;
  view->show_messages = self->show_messages;
  return TRUE;
}

static void
draw_canvas (JxTraceTimeline *self,
             cairo_t         *cr,
             int              width,
             int              height)
{
  JxTimelineView view;
  gint64 s0, s1;

  if (!fill_view (self, &view))
    {
      GdkRGBA bg;

      if (is_current (self))
        {
          jx_session_get_trace_color (self->session, self->trace_index, &bg);
          gdk_cairo_set_source_rgba (cr, &bg);
          cairo_paint (cr);
        }
      return;
    }

  jx_timeline_renderer_draw (self->renderer, cr, &view);

  /* The selected time range (also while drag-selecting) as a veil. */
  jx_session_get_selection_range (self->session, &s0, &s1);
  if (s1 > s0)
    {
      double x0 = self->label_width + (double) (s0 - jx_session_get_view_start (self->session)) /
                  MAX (1.0, (double) (jx_session_get_view_end (self->session) -
                                      jx_session_get_view_start (self->session))) * time_width (self);
      double x1 = self->label_width + (double) (s1 - jx_session_get_view_start (self->session)) /
                  MAX (1.0, (double) (jx_session_get_view_end (self->session) -
                                      jx_session_get_view_start (self->session))) * time_width (self);

      x0 = CLAMP (x0, self->label_width, width);
      x1 = CLAMP (x1, self->label_width, width);
      if (x1 > x0)
        {
          cairo_rectangle (cr, x0, 0, x1 - x0, height);
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.22);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
          cairo_set_line_width (cr, 1.0);
          cairo_stroke (cr);
        }
    }
}

static void
redraw (JxTraceTimeline *self)
{
  gtk_widget_queue_draw (self->canvas);
}

static void
update_adjustment (JxTraceTimeline *self)
{
  double page = gtk_widget_get_height (self->canvas);
  double upper = MAX (self->total_height, page);
  double value = CLAMP (gtk_adjustment_get_value (self->vadjustment), 0, upper - page);

  gtk_adjustment_configure (self->vadjustment, value, 0, upper, ROW_HEIGHT, page * 0.9, page);
  gtk_widget_set_visible (self->scrollbar, self->total_height > page + 0.5);
}

static void
relayout (JxTraceTimeline *self)
{
  JxTimelineLayoutParams params;

  g_clear_pointer (&self->rows, g_array_unref);
  self->total_height = 0;
  if (self->trace != NULL)
    {
      jx_timeline_layout_params_init (&params);
      params.row_height = ROW_HEIGHT;
      params.header_height = HEADER_HEIGHT;
      params.collapsed = self->collapsed;
      params.call_stack_process = self->call_stack_process;
      self->rows = jx_timeline_layout_new (self->trace, &params, &self->total_height);
    }
  jx_timeline_canvas_set_heights (JX_TIMELINE_CANVAS (self->canvas),
                                  CLAMP (self->total_height, ROW_HEIGHT, MIN_ROWS * ROW_HEIGHT),
                                  MAX (self->total_height, ROW_HEIGHT));
  update_adjustment (self);
  redraw (self);
}

static void
update_search (JxTraceTimeline *self)
{
  g_clear_pointer (&self->search_mask, g_free);
  if (self->trace != NULL && self->session != NULL)
    self->search_mask = jx_timeline_search_mask_new (self->trace,
                                                     jx_session_get_search (self->session),
                                                     NULL);
  redraw (self);
}

static void
summary_ready (GObject *object)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (object);
  JxTimelineSummary *summary;

  if (self->trace == NULL || self->renderer == NULL)
    return;
  summary = jx_summary_cache_lookup (self->trace, NULL, NULL);
  if (summary != NULL && jx_timeline_summary_get_trace (summary) == self->trace)
    {
      jx_timeline_renderer_set_summary (self->renderer, summary);
      redraw (self);
    }
}

static void
update_header (JxTraceTimeline *self)
{
  g_autofree char *offset = NULL;
  g_autofree char *css = NULL;
  const char *name;
  GdkRGBA accent;

  if (!is_current (self))
    return;

  name = jx_session_get_trace_name (self->session, self->trace_index);
  gtk_label_set_text (GTK_LABEL (self->name_label), name != NULL ? name : "");
  {
    g_autofree char *label = g_strdup_printf (_("Timeline of %s"), name != NULL ? name : "");

    gtk_accessible_update_property (GTK_ACCESSIBLE (self->canvas),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                    -1);
  }

  switch (jx_session_get_trace_state (self->session, self->trace_index))
    {
    case JX_SESSION_TRACE_LOADING:
      offset = g_strdup_printf (_("Loading… %.0f %%"),
                                100.0 * jx_session_get_load_fraction (self->session, self->trace_index));
      break;
    case JX_SESSION_TRACE_FAILED:
      offset = g_strdup (_("Failed to load"));
      break;
    case JX_SESSION_TRACE_LOADED:
    default:
      {
        g_autofree char *value = jx_time_format (jx_session_get_offset (self->session, self->trace_index), 6);

        if (jx_session_get_reference (self->session) == self->trace_index)
          offset = g_strdup_printf (_("offset %s · reference"), value);
        else
          offset = g_strdup_printf (_("offset %s"), value);
      }
      break;
    }
  gtk_label_set_text (GTK_LABEL (self->offset_label), offset);

  jx_session_get_trace_accent (self->session, self->trace_index, &accent);
  gtk_widget_queue_draw (self->swatch);
}

/* The summary cache keeps a trace's summary (which holds the trace) only
 * while some view uses it: say when this one stops. */
static void
clear_trace (JxTraceTimeline *self)
{
  if (self->trace != NULL)
    jx_summary_cache_release (self->trace, G_OBJECT (self));
  g_clear_object (&self->renderer);
  g_clear_object (&self->trace);
}

static void
sync_trace (JxTraceTimeline *self)
{
  JxTrace *trace = is_current (self) ? jx_session_get_trace (self->session, self->trace_index) : NULL;

  update_header (self);
  if (trace == self->trace)
    {
      redraw (self);
      return;
    }

  clear_trace (self);
  g_clear_pointer (&self->collapsed, g_free);
  self->n_processes = 0;
  self->call_stack_process = JX_NONE;

  if (trace != NULL)
    {
      JxTimelineSummary *summary;

      self->trace = g_object_ref (trace);
      self->renderer = jx_timeline_renderer_new (trace);
      self->n_processes = jx_trace_get_n_processes (trace);
      self->collapsed = g_new0 (guint8, MAX (1, self->n_processes));
      summary = jx_summary_cache_lookup (trace, G_OBJECT (self), summary_ready);
      if (summary != NULL)
        jx_timeline_renderer_set_summary (self->renderer, summary);
    }

  relayout (self);
  update_search (self);
}

static void
on_trace_changed (JxTraceTimeline *self,
                  guint            index)
{
  if (index == self->trace_index)
    sync_trace (self);
  else
    update_header (self);   /* the reference may have moved away from us */
}

static void
on_offset_changed (JxTraceTimeline *self,
                   guint            index)
{
  if (index != self->trace_index)
    return;
  update_header (self);
  redraw (self);
}

static void
on_dark_changed (JxTraceTimeline *self)
{
  update_header (self);
  redraw (self);
}

/* ---- gestures ------------------------------------------------------------ */

void
jx_trace_timeline_drag_begin (JxTraceTimeline   *self,
                              JxTimelineDragMode mode,
                              double             x,
                              double             y)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (!is_current (self))
    return;

  self->dragging = TRUE;
  self->drag_mode = mode;
  self->drag_x = x;
  self->drag_y = y;
  self->drag_moved = FALSE;
  self->drag_view_start = jx_session_get_view_start (self->session);
  self->drag_view_end = jx_session_get_view_end (self->session);
  self->drag_offset = jx_session_get_offset (self->session, self->trace_index);
  self->drag_ns_per_px = (double) (self->drag_view_end - self->drag_view_start) / time_width (self);
}

static gint64
drag_ns_at (JxTraceTimeline *self,
            double           x)
{
  double xc = CLAMP (x, self->label_width, canvas_width (self));

  return self->drag_view_start + (gint64) llround ((xc - self->label_width) * self->drag_ns_per_px);
}

void
jx_trace_timeline_drag_update (JxTraceTimeline *self,
                               double           dx,
                               double           dy)
{
  gint64 delta;

  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (!self->dragging || !is_current (self))
    return;

  if (!self->drag_moved && fabs (dx) < DRAG_THRESHOLD && fabs (dy) < DRAG_THRESHOLD)
    return;

  delta = (gint64) llround (dx * self->drag_ns_per_px);

  switch (self->drag_mode)
    {
    case JX_TIMELINE_DRAG_SHIFT:
      if (!self->drag_moved)
        jx_session_begin_offset_drag (self->session, self->trace_index);
      self->drag_moved = TRUE;
      jx_session_set_offset (self->session, self->trace_index, self->drag_offset + delta);
      break;

    case JX_TIMELINE_DRAG_PAN:
      self->drag_moved = TRUE;
      jx_session_set_view (self->session, self->drag_view_start - delta, self->drag_view_end - delta);
      break;

    case JX_TIMELINE_DRAG_SELECT:
    default:
      {
        gint64 a = drag_ns_at (self, self->drag_x);
        gint64 b = drag_ns_at (self, self->drag_x + dx);

        self->drag_moved = TRUE;
        jx_session_set_selection_range (self->session, MIN (a, b), MAX (a, b));
      }
      break;
    }
}

void
jx_trace_timeline_drag_end (JxTraceTimeline *self,
                            double           dx,
                            double           dy)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (!self->dragging)
    return;

  jx_trace_timeline_drag_update (self, dx, dy);
  self->dragging = FALSE;
  if (!self->drag_moved || !is_current (self))
    return;

  switch (self->drag_mode)
    {
    case JX_TIMELINE_DRAG_SHIFT:
      jx_session_end_offset_drag (self->session, self->trace_index);
      break;

    case JX_TIMELINE_DRAG_SELECT:
      {
        gint64 a = drag_ns_at (self, self->drag_x);
        gint64 b = drag_ns_at (self, self->drag_x + dx);

        jx_session_set_selection_range (self->session, 0, 0);
        if (fabs (dx) >= DRAG_THRESHOLD && a != b)
          jx_session_set_view (self->session, MIN (a, b), MAX (a, b));
      }
      break;

    case JX_TIMELINE_DRAG_PAN:
    default:
      break;
    }
}

static void
on_drag_begin (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               JxTraceTimeline *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  JxTimelineDragMode mode;

  /* A press in the rows makes them the target of the keyboard commands
   * (selection keys, Shift+F10), as a click does in any list. */
  gtk_widget_grab_focus (self->canvas);

  if (x < self->label_width || self->trace == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  if (button == GDK_BUTTON_MIDDLE || button == GDK_BUTTON_SECONDARY)
    mode = JX_TIMELINE_DRAG_PAN;
  else if ((state & GDK_ALT_MASK) != 0 || self->shift_mode)
    mode = JX_TIMELINE_DRAG_SHIFT;
  else if ((state & GDK_CONTROL_MASK) != 0)
    mode = JX_TIMELINE_DRAG_PAN;
  else
    mode = JX_TIMELINE_DRAG_SELECT;

  jx_trace_timeline_drag_begin (self, mode, x, y);
}

static void
on_drag_update (GtkGestureDrag  *gesture,
                double           dx,
                double           dy,
                JxTraceTimeline *self)
{
  jx_trace_timeline_drag_update (self, dx, dy);
  if (self->drag_moved)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_drag_end (GtkGestureDrag  *gesture,
             double           dx,
             double           dy,
             JxTraceTimeline *self)
{
  jx_trace_timeline_drag_end (self, dx, dy);
}

static void
on_drag_cancel (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                JxTraceTimeline  *self)
{
  if (!self->dragging)
    return;
  self->dragging = FALSE;
  if (self->drag_moved && is_current (self))
    {
      if (self->drag_mode == JX_TIMELINE_DRAG_SHIFT)
        jx_session_end_offset_drag (self->session, self->trace_index);
      else if (self->drag_mode == JX_TIMELINE_DRAG_SELECT)
        jx_session_set_selection_range (self->session, 0, 0);
    }
}

void
jx_trace_timeline_click (JxTraceTimeline *self,
                         double           x,
                         double           y)
{
  JxTimelineView view;
  guint32 stream, inv, process;

  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (!fill_view (self, &view))
    return;

  if (jx_timeline_renderer_expander_at (self->renderer, &view, x, y, &process))
    {
      if (process < self->n_processes)
        jx_trace_timeline_set_process_collapsed (self, process, !self->collapsed[process]);
      return;
    }
  if (x < self->label_width)
    return;

  if (jx_timeline_renderer_invocation_at (self->renderer, &view, x, y, &stream, &inv))
    jx_session_select_invocation (self->session, self->trace_index, stream, inv);
  else
    jx_session_clear_selection (self->session);
}

static int
row_at (JxTraceTimeline *self,
        double           y)
{
  if (self->rows == NULL)
    return -1;
  return jx_timeline_layout_row_at ((const JxTimelineRow *) (gpointer) self->rows->data,
                                    self->rows->len, (int) y + scroll_y (self));
}

/* A process with several streams has a header row with an expander. */
static gboolean
has_process_header (JxTraceTimeline *self,
                    guint32          process)
{
  for (guint r = 0; self->rows != NULL && r < self->rows->len; r++)
    {
      const JxTimelineRow *row = &g_array_index (self->rows, JxTimelineRow, r);

      if (row->kind == JX_TIMELINE_ROW_PROCESS && row->process == process)
        return TRUE;
    }
  return FALSE;
}

static gboolean
popup_idle (gpointer user_data)
{
  JxTraceTimeline *self = user_data;

  self->popup_source = 0;
  if (self->context_menu != NULL && gtk_widget_get_mapped (self->canvas))
    {
      /* An event tooltip would sit on top of the menu it was opened over. */
      gtk_widget_set_has_tooltip (self->canvas, FALSE);
      gtk_popover_popup (GTK_POPOVER (self->context_menu));
    }
  return G_SOURCE_REMOVE;
}

static void
on_context_menu_closed (JxTraceTimeline *self)
{
  gtk_widget_set_has_tooltip (self->canvas, TRUE);
}

/* The window's report of this trace (loader statistics, repaired defects);
 * insensitive where no window provides win.trace-info. */
static void
append_info_section (GMenu *menu,
                     guint  trace_index)
{
  g_autoptr(GMenu) info = g_menu_new ();
  g_autoptr(GMenuItem) item = g_menu_item_new (_("Trace _Details and Load Report…"), NULL);

  g_menu_item_set_action_and_target_value (item, "win.trace-info",
                                           g_variant_new_int32 ((gint32) MIN (trace_index, (guint) G_MAXINT32)));
  g_menu_append_item (info, item);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (info));
}

static void
popup_menu (JxTraceTimeline *self,
            double           x,
            double           y)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) offsets = g_menu_new ();
  g_autoptr(GMenu) look = g_menu_new ();
  g_autoptr(GMenu) danger = g_menu_new ();
  int row = row_at (self, y);
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };

  append_info_section (menu, self->trace_index);
  g_menu_append (offsets, _("Set Time _Offset…"), "trace.set-offset");
  g_menu_append (offsets, _("_Reset Offset"), "trace.reset-offset");
  g_menu_append (offsets, _("Make _Reference"), "trace.make-reference");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (offsets));

  g_menu_append (look, _("Change _Colour…"), "trace.change-color");
  if (row >= 0)
    {
      const JxTimelineRow *r = &g_array_index (self->rows, JxTimelineRow, row);
      g_autoptr(GMenuItem) item = NULL;

      item = g_menu_item_new (r->process == self->call_stack_process
                              ? _("Hide _Call Stack")
                              : _("Show _Call Stack of This Process"),
                              NULL);
      g_menu_item_set_action_and_target_value (item, "trace.call-stack",
                                               g_variant_new_uint32 (r->process));
      g_menu_append_item (look, item);

      /* Also the keyboard's way to fold a process (the expander needs a click). */
      if (has_process_header (self, r->process))
        {
          g_autoptr(GMenuItem) fold = NULL;

          fold = g_menu_item_new (self->collapsed[r->process] ? _("_Expand Process") : _("Co_llapse Process"), NULL);
          g_menu_item_set_action_and_target_value (fold, "trace.collapse-process",
                                                   g_variant_new_uint32 (r->process));
          g_menu_append_item (look, fold);
        }
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (look));

  g_menu_append (danger, _("Re_move Trace"), "trace.remove");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (danger));

  if (self->context_menu == NULL)
    {
      self->context_menu = gtk_popover_menu_new_from_model (NULL);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
      gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
      gtk_widget_set_parent (self->context_menu, self->canvas);
      g_signal_connect_swapped (self->context_menu, "closed",
                                G_CALLBACK (on_context_menu_closed), self);
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->context_menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu), &rect);

  /* GTK shows a new model's section separators from an idle; sizing the
   * popover before that leaves the last items in a scrolled strip. */
  g_clear_handle_id (&self->popup_source, g_source_remove);
  /* The separators are synced at G_PRIORITY_HIGH_IDLE; a low priority here
   * let busy redraw work delay the menu noticeably. */
  self->popup_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, popup_idle, self, NULL);
}

void
jx_trace_timeline_release (JxTraceTimeline *self,
                           guint            button,
                           int              n_press,
                           double           x,
                           double           y)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  /* A press that moved past the drag threshold was a pan, select or shift;
   * anything shorter is a click, also for the secondary button. */
  if (self->drag_moved && self->dragging)
    return;

  if (button == GDK_BUTTON_SECONDARY)
    {
      popup_menu (self, x, y);
      return;
    }
  if (button != GDK_BUTTON_PRIMARY)
    return;

  if (n_press == 2 && x < self->label_width)
    {
      int row = row_at (self, y);

      if (row >= 0)
        {
          guint32 process = g_array_index (self->rows, JxTimelineRow, row).process;

          jx_trace_timeline_set_call_stack_process (self,
                                                    process == self->call_stack_process ? JX_NONE : process);
        }
      return;
    }
  if (n_press == 1)
    jx_trace_timeline_click (self, x, y);
}

static void
on_click_released (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   JxTraceTimeline *self)
{
  jx_trace_timeline_release (self,
                             gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)),
                             n_press, x, y);
}

GtkWidget *
jx_trace_timeline_get_context_menu (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), NULL);

  return self->context_menu;
}

void
jx_trace_timeline_zoom_at (JxTraceTimeline *self,
                           double           factor,
                           double           x)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (self->session == NULL || factor <= 0)
    return;
  x = CLAMP (x, self->label_width, canvas_width (self));
  jx_session_zoom (self->session, factor, jx_trace_timeline_x_to_ns (self, x));
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           JxTraceTimeline          *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean smooth = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE;
  double ns_per_px;

  if (self->session == NULL)
    return FALSE;

  ns_per_px = (double) (jx_session_get_view_end (self->session) -
                        jx_session_get_view_start (self->session)) / time_width (self);

  if ((state & GDK_CONTROL_MASK) != 0)
    {
      double factor = pow (smooth ? SMOOTH_ZOOM : WHEEL_ZOOM, -dy);

      jx_trace_timeline_zoom_at (self, factor, self->pointer_x);
      return TRUE;
    }

  if ((state & GDK_SHIFT_MASK) != 0 && dx == 0)
    {
      dx = dy;
      dy = 0;
    }

  if (dx != 0)
    {
      /* A wheel notch moves a tenth of the window, a touchpad pixel one pixel. */
      double px = smooth ? dx : dx * time_width (self) / 10.0;

      jx_session_pan (self->session, (gint64) llround (px * ns_per_px));
    }
  if (dy != 0)
    {
      double step = smooth ? dy : dy * ROW_HEIGHT * 3;
      double value = gtk_adjustment_get_value (self->vadjustment);
      double limit = gtk_adjustment_get_upper (self->vadjustment) - gtk_adjustment_get_page_size (self->vadjustment);

      /* At the end of its own rows the wheel scrolls the enclosing view
       * (the stack of all traces), as nested scroll areas do. */
      if (dx == 0 && ((step < 0 && value <= 0) || (step > 0 && value >= limit)))
        return FALSE;
      gtk_adjustment_set_value (self->vadjustment, value + step);
    }
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           JxTraceTimeline          *self)
{
  self->pointer_x = x;
}

static void
on_pinch_begin (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                JxTraceTimeline  *self)
{
  double x, y;

  if (self->session == NULL)
    return;
  if (!gtk_gesture_get_bounding_box_center (gesture, &x, &y))
    x = self->pointer_x;
  self->pinch_x = CLAMP (x, self->label_width, canvas_width (self));
  self->pinch_view_start = jx_session_get_view_start (self->session);
  self->pinch_view_end = jx_session_get_view_end (self->session);
}

static void
on_pinch_scale_changed (GtkGestureZoom  *gesture,
                        double           scale,
                        JxTraceTimeline *self)
{
  double frac, width0, width1;
  gint64 at;

  if (self->session == NULL || scale <= 0)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);

  /* Relative to the window at the start of the pinch: no drift. */
  frac = (self->pinch_x - self->label_width) / time_width (self);
  width0 = (double) (self->pinch_view_end - self->pinch_view_start);
  width1 = width0 / scale;
  at = self->pinch_view_start + (gint64) (frac * width0);
  jx_session_set_view (self->session,
                       at - (gint64) (frac * width1),
                       at - (gint64) (frac * width1) + (gint64) MAX (1.0, width1));
}

char *
jx_trace_timeline_dup_tooltip_markup (JxTraceTimeline *self,
                                      double           x,
                                      double           y)
{
  JxTimelineView view;
  guint32 stream_index, inv;
  const JxStream *stream;
  const JxRegion *region;
  const JxProcess *process;
  g_autofree char *start = NULL;
  g_autofree char *duration = NULL;
  g_autofree char *exclusive = NULL;
  g_autofree char *name = NULL;
  g_autofree char *where = NULL;

  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), NULL);

  if (!fill_view (self, &view))
    return NULL;

  /* Over the label column: the full names (labels may be ellipsized). */
  if (x < self->label_width)
    {
      int row = row_at (self, y);
      const JxTimelineRow *r;

      if (row < 0)
        return NULL;
      r = &g_array_index (self->rows, JxTimelineRow, row);
      process = jx_trace_get_process (self->trace, r->process);
      name = g_markup_escape_text (process->name, -1);
      if (r->stream != JX_NONE && r->stream < jx_trace_get_n_streams (self->trace))
        where = g_markup_escape_text (jx_trace_get_stream (self->trace, r->stream)->name, -1);
      return g_strdup_printf ("<b>%s</b>%s%s\n<small>%s</small>",
                              name, where != NULL ? "\n" : "", where != NULL ? where : "",
                              r->process == self->call_stack_process
                              ? _("Double-click to hide the call stack")
                              : _("Double-click to show the call stack"));
    }

  if (!jx_timeline_renderer_invocation_at (self->renderer, &view, x, y, &stream_index, &inv))
    return NULL;

  stream = jx_trace_get_stream (self->trace, stream_index);
  region = jx_trace_get_region (self->trace, stream->region[inv]);
  process = jx_trace_get_process (self->trace, stream->process);
  start = jx_time_format (jx_session_trace_to_comparison (self->session, self->trace_index,
                                                          stream->start[inv]), 6);
  duration = jx_time_format (jx_trace_ticks_to_ns (self->trace, (gint64) (stream->end[inv] - stream->start[inv])), 4);
  exclusive = jx_time_format (jx_trace_ticks_to_ns (self->trace, (gint64) jx_stream_exclusive_time (stream, inv)), 4);
  name = g_markup_escape_text (region->name, -1);
  where = g_markup_printf_escaped ("%s · %s", process->name, stream->name);

  return g_strdup_printf ("<b>%s</b>\n"
                          "%s\n"
                          "%s %s\n"
                          "%s %s\n"
                          "%s %s",
                          name, where,
                          _("Start:"), start,
                          _("Duration (inclusive):"), duration,
                          _("Exclusive:"), exclusive);
}

static gboolean
on_query_tooltip (GtkWidget       *widget,
                  int              x,
                  int              y,
                  gboolean         keyboard,
                  GtkTooltip      *tooltip,
                  JxTraceTimeline *self)
{
  g_autofree char *markup = NULL;

  if (keyboard || self->dragging)
    return FALSE;
  markup = jx_trace_timeline_dup_tooltip_markup (self, x, y);
  if (markup == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

/* ---- actions ------------------------------------------------------------- */

static void
action_set_offset (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *dialog;

  if (!is_current (self))
    return;
  dialog = jx_offset_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 self->session, self->trace_index);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_reset_offset (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);

  if (is_current (self))
    jx_session_set_offset (self->session, self->trace_index, 0);
}

static void
action_make_reference (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);

  if (is_current (self))
    jx_session_set_reference (self->session, self->trace_index);
}

static void
on_color_response (GtkDialog *dialog,
                   int        response,
                   gpointer   user_data)
{
  g_autoptr(JxTraceTimeline) self = user_data;

  if (response == GTK_RESPONSE_OK && is_current (self))
    {
      GdkRGBA rgba;

      gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (dialog), &rgba);
      jx_session_set_trace_color (self->session, self->trace_index, &rgba);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
action_change_color (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *dialog;
  GdkRGBA rgba;

  if (!is_current (self))
    return;
  dialog = gtk_color_chooser_dialog_new (_("Trace Colour"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  /* The chooser shows the picked (accent) colour, not the lane tint. */
  jx_session_get_trace_accent (self->session, self->trace_index, &rgba);
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (dialog), FALSE);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (dialog), &rgba);
  g_signal_connect (dialog, "response", G_CALLBACK (on_color_response), g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_remove (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);
  g_autoptr(JxSession) session = NULL;

  if (!is_current (self))
    return;
  /* Removing the trace may destroy this widget: keep what we use alive. */
  session = g_object_ref (self->session);
  jx_session_remove_trace (session, self->trace_index);
}

static void
action_shift_step (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);
  gint64 step;

  if (!is_current (self))
    return;
  /* A twentieth of the visible window per key press, one undo step each. */
  step = MAX (1, (jx_session_get_view_end (self->session) - jx_session_get_view_start (self->session)) / 20);
  if (g_str_equal (action_name, "trace.shift-earlier"))
    step = -step;
  jx_session_set_offset (self->session, self->trace_index,
                         jx_session_get_offset (self->session, self->trace_index) + step);
}

static gboolean
menu_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);
  guint trace;
  guint32 stream;
  int y = 0, h = 0;

  /* At the selected invocation's row when there is one, so that the
   * per-process items (call stack, collapse) act on the process the
   * keyboard is at. */
  if (self->session != NULL &&
      jx_session_get_selected_invocation (self->session, &trace, &stream, NULL) &&
      trace == self->trace_index &&
      jx_trace_timeline_get_stream_span (self, stream, &y, &h))
    y += h / 2;
  else
    y = 0;

  popup_menu (self, gtk_widget_get_width (self->canvas) / 2.0, CLAMP (y, 0, gtk_widget_get_height (self->canvas)));
  return TRUE;
}

static void
action_collapse_process (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *param)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);
  guint32 process = g_variant_get_uint32 (param);

  if (process < self->n_processes)
    jx_trace_timeline_set_process_collapsed (self, process, !self->collapsed[process]);
}

static void
action_call_stack (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);
  guint32 process = g_variant_get_uint32 (param);

  jx_trace_timeline_set_call_stack_process (self,
                                            process == self->call_stack_process ? JX_NONE : process);
}

/* ---- keyboard selection -------------------------------------------------- */

/* Invocation of `stream` at trace time `ticks`: the innermost one covering
 * it, else the first one starting after it, else the last one. JX_NONE for
 * an empty stream. */
static guint32
invocation_near (const JxStream *stream,
                 gint64          ticks)
{
  guint32 lo = 0, hi, best = JX_NONE, i;

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
      {
        best = i;
        break;
      }
  if (best != JX_NONE)
    return best;
  return lo < stream->n_invocations ? lo : stream->n_invocations - 1;
}

/* Rows that hold a stream, in display order (process headers and depth rows
 * are skipped: a selection lives on a stream). */
static int
stream_row_step (JxTraceTimeline *self,
                 guint32          stream,
                 int              step)
{
  int n = self->rows != NULL ? (int) self->rows->len : 0;
  int current = -1, r;

  for (r = 0; r < n; r++)
    {
      const JxTimelineRow *row = &g_array_index (self->rows, JxTimelineRow, r);

      if (row->kind == JX_TIMELINE_ROW_STREAM && row->stream == stream)
        {
          current = r;
          break;
        }
    }
  for (r = current + step; current >= 0 && r >= 0 && r < n; r += step)
    {
      const JxTimelineRow *row = &g_array_index (self->rows, JxTimelineRow, r);

      if (row->kind == JX_TIMELINE_ROW_STREAM)
        return r;
    }
  return current;
}

/* Brings the selected invocation into view: the window keeps its width and
 * centres on it when it lies outside; the rows scroll to its stream. */
static void
reveal (JxTraceTimeline *self,
        guint32          stream,
        guint32          inv)
{
  const JxStream *s = jx_trace_get_stream (self->trace, stream);
  gint64 offset = jx_session_get_offset (self->session, self->trace_index);
  gint64 t0 = jx_timeline_ticks_to_comparison (self->trace, offset, (gint64) s->start[inv]);
  gint64 t1 = jx_timeline_ticks_to_comparison (self->trace, offset, (gint64) s->end[inv]);
  gint64 v0 = jx_session_get_view_start (self->session);
  gint64 v1 = jx_session_get_view_end (self->session);
  int y, h;

  if (t1 <= v0 || t0 >= v1)
    {
      gint64 centre = t0 + (t1 - t0) / 2;

      jx_session_set_view (self->session, centre - (v1 - v0) / 2, centre - (v1 - v0) / 2 + (v1 - v0));
    }

  if (jx_trace_timeline_get_stream_span (self, stream, &y, &h))
    {
      double value = gtk_adjustment_get_value (self->vadjustment);
      double page = gtk_adjustment_get_page_size (self->vadjustment);

      if (y < 0)
        gtk_adjustment_set_value (self->vadjustment, value + y);
      else if (y + h > page)
        gtk_adjustment_set_value (self->vadjustment, value + (y + h - page));
    }
}

static void
select_and_reveal (JxTraceTimeline *self,
                   guint32          stream,
                   guint32          inv)
{
  if (inv == JX_NONE)
    return;
  jx_session_select_invocation (self->session, self->trace_index, stream, inv);
  reveal (self, stream, inv);
}

/* The selected invocation when it belongs to this trace. */
static gboolean
own_selection (JxTraceTimeline *self,
               guint32         *stream,
               guint32         *inv)
{
  guint trace;

  return jx_session_get_selected_invocation (self->session, &trace, stream, inv) &&
         trace == self->trace_index &&
         *stream < jx_trace_get_n_streams (self->trace);
}

static void
action_select (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (widget);
  const JxStream *s;
  guint32 stream, inv;

  if (!is_current (self) || self->trace == NULL || self->rows == NULL)
    return;

  if (g_str_equal (action_name, "trace.select-none"))
    {
      jx_session_clear_selection (self->session);
      return;
    }

  if (!own_selection (self, &stream, &inv))
    {
      /* Start at the centre of the window on the first stream row. */
      gint64 offset = jx_session_get_offset (self->session, self->trace_index);
      gint64 centre = jx_session_get_view_start (self->session) +
                      (jx_session_get_view_end (self->session) - jx_session_get_view_start (self->session)) / 2;
      int row = -1;

      for (guint r = 0; r < self->rows->len && row < 0; r++)
        if (g_array_index (self->rows, JxTimelineRow, r).kind == JX_TIMELINE_ROW_STREAM)
          row = (int) r;
      if (row < 0)
        return;
      stream = g_array_index (self->rows, JxTimelineRow, row).stream;
      select_and_reveal (self, stream,
                         invocation_near (jx_trace_get_stream (self->trace, stream),
                                          jx_timeline_comparison_to_ticks (self->trace, offset, centre)));
      return;
    }

  s = jx_trace_get_stream (self->trace, stream);
  if (g_str_equal (action_name, "trace.select-first"))
    reveal (self, stream, inv);
  else if (g_str_equal (action_name, "trace.select-next"))
    {
      /* The next invocation at the same or an outer level, in time order. */
      guint32 next = s->subtree_end[inv];

      while (next < s->n_invocations && s->depth[next] > s->depth[inv])
        next = s->subtree_end[next];
      select_and_reveal (self, stream, next < s->n_invocations ? next : inv);
    }
  else if (g_str_equal (action_name, "trace.select-previous"))
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
  else if (g_str_equal (action_name, "trace.select-parent"))
    select_and_reveal (self, stream, s->parent[inv] != JX_NONE ? s->parent[inv] : inv);
  else if (g_str_equal (action_name, "trace.select-child"))
    select_and_reveal (self, stream,
                       inv + 1 < s->subtree_end[inv] ? inv + 1 : inv);
  else
    {
      /* Same moment on the stream above or below. */
      int row = stream_row_step (self, stream,
                                 g_str_equal (action_name, "trace.select-up") ? -1 : 1);
      guint32 other;
      gint64 middle = (gint64) (s->start[inv] + (s->end[inv] - s->start[inv]) / 2);

      if (row < 0)
        return;
      other = g_array_index (self->rows, JxTimelineRow, row).stream;
      select_and_reveal (self, other, invocation_near (jx_trace_get_stream (self->trace, other), middle));
    }
}

/* ---- object -------------------------------------------------------------- */

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  JxTraceTimeline *self = user_data;
  GdkRGBA bg, accent;
  double r = MIN (width, height) / 2.0;

  if (!is_current (self))
    return;
  jx_session_get_trace_color (self->session, self->trace_index, &bg);
  jx_session_get_trace_accent (self->session, self->trace_index, &accent);
  cairo_arc (cr, width / 2.0, height / 2.0, r - 1, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, &bg);
  cairo_fill_preserve (cr);
  gdk_cairo_set_source_rgba (cr, &accent);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
}

static void
jx_trace_timeline_dispose (GObject *object)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (object);

  if (self->dragging && self->drag_moved && self->drag_mode == JX_TIMELINE_DRAG_SHIFT && is_current (self))
    jx_session_end_offset_drag (self->session, self->trace_index);
  self->dragging = FALSE;

  if (self->shift_binding != NULL)
    g_binding_unbind (self->shift_binding);
  if (self->messages_binding != NULL)
    g_binding_unbind (self->messages_binding);
  g_clear_object (&self->shift_binding);
  g_clear_object (&self->messages_binding);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);

  g_clear_handle_id (&self->popup_source, g_source_remove);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  if (self->canvas != NULL)
    JX_TIMELINE_CANVAS (self->canvas)->owner = NULL;
  g_clear_pointer (&self->header, gtk_widget_unparent);
  g_clear_pointer (&self->overlay, gtk_widget_unparent);

  clear_trace (self);
  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->collapsed, g_free);
  g_clear_pointer (&self->search_mask, g_free);

  G_OBJECT_CLASS (jx_trace_timeline_parent_class)->dispose (object);
}

static void
jx_trace_timeline_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_TRACE_INDEX:
      g_value_set_uint (value, self->trace_index);
      break;
    case PROP_LABEL_WIDTH:
      g_value_set_int (value, self->label_width);
      break;
    case PROP_SHIFT_MODE:
      g_value_set_boolean (value, self->shift_mode);
      break;
    case PROP_SHOW_MESSAGES:
      g_value_set_boolean (value, self->show_messages);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_trace_timeline_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      /* Construct-only: a timeline belongs to one session's trace. */
      self->session = g_value_dup_object (value);
      break;
    case PROP_TRACE_INDEX:
      self->trace_index = g_value_get_uint (value);
      break;
    case PROP_LABEL_WIDTH:
      jx_trace_timeline_set_label_width (self, g_value_get_int (value));
      break;
    case PROP_SHIFT_MODE:
      jx_trace_timeline_set_shift_mode (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_MESSAGES:
      jx_trace_timeline_set_show_messages (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The button's tooltip would cover the top of its own open menu. */
static void
on_header_menu_visible (GtkWidget  *popover,
                        GParamSpec *pspec,
                        GtkWidget  *button)
{
  if (gtk_widget_get_visible (popover))
    gtk_widget_set_tooltip_text (button, NULL);
  else
    gtk_widget_set_tooltip_text (button, _("Trace Menu"));
}

static void
jx_trace_timeline_constructed (GObject *object)
{
  JxTraceTimeline *self = JX_TRACE_TIMELINE (object);
  g_autoptr(GMenuModel) menu = NULL;

  G_OBJECT_CLASS (jx_trace_timeline_parent_class)->constructed (object);

  /* The trace index is construct-only, so the menu can name it. */
  menu = header_menu (self->trace_index);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->menu_button), menu);
  g_signal_connect_object (gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->menu_button)),
                           "notify::visible", G_CALLBACK (on_header_menu_visible),
                           self->menu_button, 0);

  if (self->session == NULL)
    return;

  g_signal_group_set_target (self->session_signals, self->session);
  self->shift_binding = g_object_ref (g_object_bind_property (self->session, "shift-mode",
                                                              self, "shift-mode",
                                                              G_BINDING_SYNC_CREATE));
  self->messages_binding = g_object_ref (g_object_bind_property (self->session, "show-messages",
                                                                 self, "show-messages",
                                                                 G_BINDING_SYNC_CREATE));
  sync_trace (self);
}

static void
jx_trace_timeline_class_init (JxTraceTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_trace_timeline_dispose;
  object_class->constructed = jx_trace_timeline_constructed;
  object_class->get_property = jx_trace_timeline_get_property;
  object_class->set_property = jx_trace_timeline_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, JX_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TRACE_INDEX] =
    g_param_spec_uint ("trace-index", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL_WIDTH] =
    g_param_spec_int ("label-width", NULL, NULL, 0, 1000, 180,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHIFT_MODE] =
    g_param_spec_boolean ("shift-mode", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_MESSAGES] =
    g_param_spec_boolean ("show-messages", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "trace.set-offset", NULL, action_set_offset);
  gtk_widget_class_install_action (widget_class, "trace.reset-offset", NULL, action_reset_offset);
  gtk_widget_class_install_action (widget_class, "trace.make-reference", NULL, action_make_reference);
  gtk_widget_class_install_action (widget_class, "trace.change-color", NULL, action_change_color);
  gtk_widget_class_install_action (widget_class, "trace.remove", NULL, action_remove);
  gtk_widget_class_install_action (widget_class, "trace.call-stack", "u", action_call_stack);
  gtk_widget_class_install_action (widget_class, "trace.shift-earlier", NULL, action_shift_step);
  gtk_widget_class_install_action (widget_class, "trace.shift-later", NULL, action_shift_step);

  gtk_widget_class_install_action (widget_class, "trace.collapse-process", "u", action_collapse_process);
  gtk_widget_class_install_action (widget_class, "trace.select-first", NULL, action_select);
  gtk_widget_class_install_action (widget_class, "trace.select-next", NULL, action_select);
  gtk_widget_class_install_action (widget_class, "trace.select-previous", NULL, action_select);
  gtk_widget_class_install_action (widget_class, "trace.select-up", NULL, action_select);
  gtk_widget_class_install_action (widget_class, "trace.select-down", NULL, action_select);
  gtk_widget_class_install_action (widget_class, "trace.select-parent", NULL, action_select);
  gtk_widget_class_install_action (widget_class, "trace.select-child", NULL, action_select);
  gtk_widget_class_install_action (widget_class, "trace.select-none", NULL, action_select);

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

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxtracetimeline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static GMenuModel *
header_menu (guint trace_index)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) offsets = g_menu_new ();
  g_autoptr(GMenu) look = g_menu_new ();
  g_autoptr(GMenu) danger = g_menu_new ();

  append_info_section (menu, trace_index);

  g_menu_append (offsets, _("Set Time _Offset…"), "trace.set-offset");
  g_menu_append (offsets, _("_Reset Offset"), "trace.reset-offset");
  g_menu_append (offsets, _("Make _Reference"), "trace.make-reference");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (offsets));
  g_menu_append (look, _("Change _Colour…"), "trace.change-color");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (look));
  g_menu_append (danger, _("Re_move Trace"), "trace.remove");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (danger));
  return G_MENU_MODEL (menu);
}

static void
jx_trace_timeline_init (JxTraceTimeline *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;
  GtkLayoutManager *layout;

  self->label_width = 180;
  self->show_messages = TRUE;
  self->call_stack_process = JX_NONE;

  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "view-changed", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "selection-changed", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "search-changed", G_CALLBACK (update_search), self);
  g_signal_group_connect_swapped (self->session_signals, "offset-changed", G_CALLBACK (on_offset_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-changed", G_CALLBACK (on_trace_changed), self);
  /* Indices move when traces come and go: follow the index, and let go of a
   * removed trace at once rather than when the widget goes. */
  g_signal_group_connect_swapped (self->session_signals, "trace-added", G_CALLBACK (sync_trace), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-removed", G_CALLBACK (sync_trace), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (on_dark_changed), self);

  /* Header: colour swatch, name, offset, menu. */
  self->header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (self->header, 8);
  gtk_widget_set_margin_end (self->header, 4);
  gtk_widget_set_margin_top (self->header, 2);
  gtk_widget_set_margin_bottom (self->header, 2);
  gtk_widget_set_parent (self->header, GTK_WIDGET (self));

  self->swatch = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->swatch), 14);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->swatch), 14);
  gtk_widget_set_valign (self->swatch, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->swatch), draw_swatch, self, NULL);
  gtk_box_append (GTK_BOX (self->header), self->swatch);

  self->name_label = gtk_label_new (NULL);
  gtk_label_set_ellipsize (GTK_LABEL (self->name_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (self->name_label, "heading");
  gtk_box_append (GTK_BOX (self->header), self->name_label);

  self->offset_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->offset_label, "dim-label");
  gtk_widget_add_css_class (self->offset_label, "numeric");
  gtk_widget_set_hexpand (self->offset_label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->offset_label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (self->offset_label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (self->header), self->offset_label);

  self->menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->menu_button), "view-more-symbolic");
  gtk_widget_add_css_class (self->menu_button, "flat");
  gtk_widget_set_valign (self->menu_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->menu_button, _("Trace Menu"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->menu_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Trace Menu"),
                                  -1);
  gtk_box_append (GTK_BOX (self->header), self->menu_button);

  /* Rows, with an overlay scrollbar so that the time axis of every trace
   * spans exactly the same pixels as the ruler above. */
  self->overlay = gtk_overlay_new ();
  gtk_widget_set_vexpand (self->overlay, TRUE);
  gtk_widget_set_parent (self->overlay, GTK_WIDGET (self));

  self->canvas = g_object_new (JX_TYPE_TIMELINE_CANVAS, NULL);
  JX_TIMELINE_CANVAS (self->canvas)->owner = self;
  gtk_widget_set_hexpand (self->canvas, TRUE);
  gtk_widget_set_vexpand (self->canvas, TRUE);
  gtk_widget_set_focusable (self->canvas, TRUE);
  gtk_widget_set_has_tooltip (self->canvas, TRUE);
  g_signal_connect (self->canvas, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  gtk_overlay_set_child (GTK_OVERLAY (self->overlay), self->canvas);

  self->vadjustment = gtk_adjustment_new (0, 0, 0, ROW_HEIGHT, 0, 0);
  g_signal_connect_swapped (self->vadjustment, "value-changed", G_CALLBACK (redraw), self);
  self->scrollbar = gtk_scrollbar_new (GTK_ORIENTATION_VERTICAL, self->vadjustment);
  gtk_widget_set_halign (self->scrollbar, GTK_ALIGN_END);
  gtk_widget_set_visible (self->scrollbar, FALSE);
  gtk_overlay_add_overlay (GTK_OVERLAY (self->overlay), self->scrollbar);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (self->canvas, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), 0);
  g_signal_connect (gesture, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (self->canvas, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_pinch_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_pinch_scale_changed), self);
  gtk_widget_add_controller (self->canvas, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (self->canvas, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (self->canvas, controller);
}

GtkWidget *
jx_trace_timeline_new (JxSession *session,
                       guint      trace_index)
{
  g_return_val_if_fail (JX_IS_SESSION (session), NULL);

  return g_object_new (JX_TYPE_TRACE_TIMELINE,
                       "session", session,
                       "trace-index", trace_index,
                       NULL);
}

JxSession *
jx_trace_timeline_get_session (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), NULL);
  return self->session;
}

guint
jx_trace_timeline_get_trace_index (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), 0);
  return self->trace_index;
}

void
jx_trace_timeline_set_label_width (JxTraceTimeline *self,
                                   int              label_width)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  label_width = CLAMP (label_width, 0, 1000);
  if (self->label_width == label_width)
    return;
  self->label_width = label_width;
  redraw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_WIDTH]);
}

int
jx_trace_timeline_get_label_width (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), 0);
  return self->label_width;
}

gboolean
jx_trace_timeline_get_shift_mode (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), FALSE);
  return self->shift_mode;
}

void
jx_trace_timeline_set_shift_mode (JxTraceTimeline *self,
                                  gboolean         shift_mode)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  shift_mode = !!shift_mode;
  if (self->shift_mode == shift_mode)
    return;
  self->shift_mode = shift_mode;
  gtk_widget_set_cursor_from_name (self->canvas, shift_mode ? "grab" : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHIFT_MODE]);
}

gboolean
jx_trace_timeline_get_show_messages (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), FALSE);
  return self->show_messages;
}

void
jx_trace_timeline_set_show_messages (JxTraceTimeline *self,
                                     gboolean         show_messages)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  show_messages = !!show_messages;
  if (self->show_messages == show_messages)
    return;
  self->show_messages = show_messages;
  redraw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_MESSAGES]);
}

guint32
jx_trace_timeline_get_call_stack_process (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), JX_NONE);
  return self->call_stack_process;
}

static void
ensure_call_stack_thread (GTask        *task,
                          gpointer      source_object,
                          gpointer      task_data,
                          GCancellable *cancellable)
{
  JxTimelineSummary *summary = task_data;
  JxTrace *trace = jx_timeline_summary_get_trace (summary);
  guint32 process = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (task), "process"));
  const JxProcess *p = jx_trace_get_process (trace, process);
  guint32 s;

  for (s = p->first_stream; s < p->first_stream + p->n_streams; s++)
    if (!jx_timeline_summary_ensure_call_stack (summary, s, cancellable, NULL))
      break;
  g_task_return_boolean (task, TRUE);
}

static void
ensure_call_stack_done (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(JxTraceTimeline) self = user_data;

  redraw (self);
}

void
jx_trace_timeline_set_call_stack_process (JxTraceTimeline *self,
                                          guint32          process)
{
  JxTimelineSummary *summary;

  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (process != JX_NONE && process >= self->n_processes)
    return;
  if (self->call_stack_process == process)
    return;
  self->call_stack_process = process;
  relayout (self);

  /* Depth rows draw at once (exactly); per-depth pyramids make coarse zoom
   * fast afterwards and are built off the main thread. */
  if (process != JX_NONE && self->renderer != NULL &&
      (summary = jx_timeline_renderer_get_summary (self->renderer)) != NULL)
    {
      g_autoptr(GTask) task = g_task_new (NULL, NULL, ensure_call_stack_done, g_object_ref (self));

      g_task_set_task_data (task, jx_timeline_summary_ref (summary),
                            (GDestroyNotify) jx_timeline_summary_unref);
      g_object_set_data (G_OBJECT (task), "process", GUINT_TO_POINTER (process));
      g_task_run_in_thread (task, ensure_call_stack_thread);
    }
}

void
jx_trace_timeline_set_process_collapsed (JxTraceTimeline *self,
                                         guint32          process,
                                         gboolean         collapsed)
{
  g_return_if_fail (JX_IS_TRACE_TIMELINE (self));

  if (process >= self->n_processes || !!self->collapsed[process] == !!collapsed)
    return;
  self->collapsed[process] = !!collapsed;
  relayout (self);
}

GtkWidget *
jx_trace_timeline_get_canvas (JxTraceTimeline *self)
{
  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), NULL);
  return self->canvas;
}

gboolean
jx_trace_timeline_get_stream_span (JxTraceTimeline *self,
                                   guint32          stream,
                                   int             *y,
                                   int             *height)
{
  guint i;

  g_return_val_if_fail (JX_IS_TRACE_TIMELINE (self), FALSE);

  if (self->rows == NULL)
    return FALSE;
  for (i = 0; i < self->rows->len; i++)
    {
      const JxTimelineRow *r = &g_array_index (self->rows, JxTimelineRow, i);

      if (r->kind == JX_TIMELINE_ROW_STREAM && r->stream == stream)
        {
          if (y != NULL)
            *y = r->y - scroll_y (self);
          if (height != NULL)
            *height = r->height;
          return TRUE;
        }
    }
  return FALSE;
}
