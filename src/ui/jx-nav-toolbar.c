/* jx-nav-toolbar.c */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-gdk-rgba.h"
#include "jx-nav-strip.h"
#include "jx-nav-toolbar.h"
#include "jx-palette.h"
#include "jx-summary-cache.h"

#define STRIP_HEIGHT   20
#define STRIP_GAP       3
#define PADDING         4
#define DRAG_THRESHOLD  3.0

typedef enum
{
  DRAG_NONE,
  DRAG_PAN,
  DRAG_RESIZE_START,
  DRAG_RESIZE_END,
  DRAG_SHIFT,
  DRAG_NEW_WINDOW,
} DragKind;

struct _JxNavToolbar
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;
  GHashTable   *strips;          /* JxTrace -> JxNavStrip */
  int           label_width;

  /* The comparison range is frozen during a drag so that the strip under the
   * pointer does not rescale while a trace moves past the ends. */
  gboolean      dragging;
  DragKind      drag_kind;
  guint         drag_trace;
  double        drag_x;
  gboolean      drag_moved;
  gint64        drag_range_start;
  gint64        drag_range_end;
  gint64        drag_view_start;
  gint64        drag_view_end;
  gint64        drag_offset;
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_LABEL_WIDTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxNavToolbar, jx_nav_toolbar, GTK_TYPE_WIDGET)

static gboolean
get_range (JxNavToolbar *self,
           gint64       *start,
           gint64       *end)
{
  gint64 s, e, pad;

  if (self->dragging)
    {
      *start = self->drag_range_start;
      *end = self->drag_range_end;
      return TRUE;
    }
  if (self->session == NULL || !jx_session_get_extent (self->session, &s, &e))
    return FALSE;
  /* A little air at both ends keeps the window's edges grabbable. */
  pad = MAX ((e - s) / 50, 1);
  *start = s - pad;
  *end = e + pad;
  return TRUE;
}

static void
strip_summary_ready (GObject *object)
{
  JxNavToolbar *self = JX_NAV_TOOLBAR (object);
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->strips);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      JxTimelineSummary *summary = jx_summary_cache_lookup (key, NULL, NULL);

      if (summary != NULL)
        jx_nav_strip_set_summary (value, summary);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static JxNavStrip *
get_strip (JxNavToolbar *self,
           JxTrace      *trace)
{
  JxNavStrip *strip = g_hash_table_lookup (self->strips, trace);
  JxTimelineSummary *summary;

  if (strip != NULL)
    return strip;
  strip = jx_nav_strip_new (trace);
  summary = jx_summary_cache_lookup (trace, G_OBJECT (self), strip_summary_ready);
  if (summary != NULL)
    jx_nav_strip_set_summary (strip, summary);
  g_hash_table_insert (self->strips, g_object_ref (trace), strip);
  return strip;
}

static void
fill_view (JxNavToolbar   *self,
           guint           index,
           JxNavStripView *view)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  gboolean dark = jx_session_get_dark (self->session);
  GdkRGBA background, accent;

  memset (view, 0, sizeof *view);
  get_range (self, &view->range.begin_ns, &view->range.end_ns);
  view->window.begin_ns = jx_session_get_view_start (self->session);
  view->window.end_ns = jx_session_get_view_end (self->session);
  view->offset_ns = jx_session_get_offset (self->session, index);
  view->width = MAX (1, width - self->label_width - PADDING);
  view->height = STRIP_HEIGHT;
  view->dark = dark;
  jx_session_get_trace_color (self->session, index, &background);
  jx_session_get_trace_accent (self->session, index, &accent);
  view->background = jx_rgba_from_gdk (&background);
  view->accent = jx_rgba_from_gdk (&accent);
  view->show_window = TRUE;
}

/* A trace that failed to load has no strip (the window's loading strip
 * reports it), so strips are laid out by their rank among the others. */
static gboolean
has_strip (JxNavToolbar *self,
           guint         index)
{
  return jx_session_get_trace_state (self->session, index) != JX_SESSION_TRACE_FAILED;
}

static guint
n_strips (JxNavToolbar *self)
{
  guint n = self->session != NULL ? jx_session_get_n_traces (self->session) : 0;
  guint shown = 0;

  for (guint i = 0; i < n; i++)
    if (has_strip (self, i))
      shown++;
  return shown;
}

static int
strip_y (JxNavToolbar *self,
         guint         index)
{
  guint rank = 0;

  for (guint i = 0; i < index; i++)
    if (has_strip (self, i))
      rank++;
  return PADDING + (int) rank * (STRIP_HEIGHT + STRIP_GAP);
}

static void
jx_nav_toolbar_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  JxNavToolbar *self = JX_NAV_TOOLBAR (widget);
  guint n = n_strips (self);

  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = *natural = 2 * PADDING + (int) MAX (n, 1) * (STRIP_HEIGHT + STRIP_GAP) - STRIP_GAP;
  else
    *minimum = *natural = self->label_width + 120;
}

/* A trace still loading (or failed) has no extent yet: its strip says so
 * instead of staying blank. */
static void
draw_pending (JxNavToolbar         *self,
              cairo_t              *cr,
              guint                 index,
              const JxNavStripView *view,
              const GdkRGBA        *fg)
{
  g_autofree char *text = NULL;
  GdkRGBA background = jx_rgba_to_gdk (&view->background);
  PangoLayout *layout;
  int tw, th;

  if (jx_session_get_trace_state (self->session, index) == JX_SESSION_TRACE_FAILED)
    text = g_strdup (_("Failed to load"));
  else
    text = g_strdup_printf (_("Loading… %.0f %%"),
                            100.0 * jx_session_get_load_fraction (self->session, index));

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_rectangle (cr, self->label_width, strip_y (self, index), view->width, view->height);
  gdk_cairo_set_source_rgba (cr, &background);
  cairo_fill (cr);
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  pango_layout_get_pixel_size (layout, &tw, &th);
  cairo_move_to (cr, self->label_width + 6, strip_y (self, index) + (view->height - th) / 2.0);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, fg->alpha * 0.6);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  cairo_new_path (cr);
  cairo_restore (cr);
}

static void
jx_nav_toolbar_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  JxNavToolbar *self = JX_NAV_TOOLBAR (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gint64 range_start, range_end;
  gboolean has_range;
  GdkRGBA fg;
  cairo_t *cr;
  guint i, n;

  /* Without an extent (every trace still loading) the names and progress
   * still show. */
  if (self->session == NULL || jx_session_get_n_traces (self->session) == 0)
    return;
  has_range = get_range (self, &range_start, &range_end);

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  n = jx_session_get_n_traces (self->session);

  for (i = 0; i < n; i++)
    {
      JxTrace *trace = jx_session_get_trace (self->session, i);
      const char *name = jx_session_get_trace_name (self->session, i);
      JxNavStripView view;
      GdkRGBA background, accent;
      PangoLayout *layout;
      int tw, th;

      if (!has_strip (self, i))
        continue;
      fill_view (self, i, &view);

      /* Name in the label column, like the timelines' row labels below. */
      layout = gtk_widget_create_pango_layout (widget, name != NULL ? name : "");
      pango_layout_set_width (layout, MAX (1, self->label_width - 28) * PANGO_SCALE);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
      pango_layout_get_pixel_size (layout, &tw, &th);
      /* The previous label left a current point: without a new path the arc
       * would start with a line from it. */
      cairo_new_path (cr);
      cairo_arc (cr, 12, strip_y (self, i) + STRIP_HEIGHT / 2.0, 5, 0, 2 * G_PI);
      background = jx_rgba_to_gdk (&view.background);
      accent = jx_rgba_to_gdk (&view.accent);
      gdk_cairo_set_source_rgba (cr, &background);
      cairo_fill_preserve (cr);
      gdk_cairo_set_source_rgba (cr, &accent);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_move_to (cr, 22, strip_y (self, i) + (STRIP_HEIGHT - th) / 2.0);
      gdk_cairo_set_source_rgba (cr, &fg);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);

      if (trace == NULL || !has_range)
        {
          draw_pending (self, cr, i, &view, &fg);
          continue;
        }

      cairo_save (cr);
      cairo_translate (cr, self->label_width, strip_y (self, i));
      cairo_rectangle (cr, 0, 0, view.width, view.height);
      cairo_clip (cr);
      jx_nav_strip_draw (get_strip (self, trace), cr, &view);
      cairo_restore (cr);
    }

  cairo_destroy (cr);
}

static int
strip_at (JxNavToolbar *self,
          double        y)
{
  guint n = jx_session_get_n_traces (self->session);
  guint shown = n_strips (self);
  int rank = (int) floor ((y - PADDING + STRIP_GAP / 2.0) / (STRIP_HEIGHT + STRIP_GAP));

  if (shown == 0)
    return -1;
  rank = CLAMP (rank, 0, (int) shown - 1);
  for (guint i = 0; i < n; i++)
    if (has_strip (self, i) && rank-- == 0)
      return (int) i;
  return -1;
}

double
jx_nav_toolbar_ns_to_x (JxNavToolbar *self,
                        gint64        ns)
{
  JxNavStripView view;

  g_return_val_if_fail (JX_IS_NAV_TOOLBAR (self), 0);

  if (self->session == NULL || jx_session_get_n_traces (self->session) == 0)
    return 0;
  fill_view (self, 0, &view);
  return self->label_width + jx_nav_strip_ns_to_x (&view, ns);
}

gboolean
jx_nav_toolbar_get_strip_span (JxNavToolbar *self,
                               guint         index,
                               int          *y,
                               int          *height)
{
  g_return_val_if_fail (JX_IS_NAV_TOOLBAR (self), FALSE);

  if (self->session == NULL || index >= jx_session_get_n_traces (self->session) ||
      !has_strip (self, index))
    return FALSE;
  if (y != NULL)
    *y = strip_y (self, index);
  if (height != NULL)
    *height = STRIP_HEIGHT;
  return TRUE;
}

void
jx_nav_toolbar_drag_begin (JxNavToolbar *self,
                           JxNavDragHint hint,
                           double        x,
                           double        y)
{
  JxNavStripView view;
  JxTrace *trace;
  JxNavStripPart part = JX_NAV_STRIP_NONE;
  gint64 range_start, range_end;
  gboolean on_trace = FALSE, in_window, force_shift;
  int index;

  g_return_if_fail (JX_IS_NAV_TOOLBAR (self));

  self->dragging = FALSE;
  if (self->session == NULL || (index = strip_at (self, y)) < 0 ||
      !get_range (self, &range_start, &range_end))
    return;

  trace = jx_session_get_trace (self->session, index);
  fill_view (self, index, &view);
  if (trace != NULL)
    {
      JxNavStrip *strip = get_strip (self, trace);
      JxTimeSpan extent = jx_nav_strip_get_extent (strip, &view);

      part = jx_nav_strip_hit (strip, &view, x - self->label_width);
      on_trace = jx_time_span_contains (&extent, jx_nav_strip_x_to_ns (&view, x - self->label_width));
    }

  self->drag_trace = index;
  self->drag_x = x;
  self->drag_moved = FALSE;
  self->drag_range_start = range_start;
  self->drag_range_end = range_end;
  self->drag_view_start = view.window.begin_ns;
  self->drag_view_end = view.window.end_ns;
  self->drag_offset = view.offset_ns;

  /* The render layer ranks the trace above the window; here the window wins
   * inside its rectangle unless asked otherwise, so that a zoomed-in window
   * can be panned where it overlaps a trace. */
  in_window = jx_nav_strip_x_to_ns (&view, x - self->label_width) > view.window.begin_ns &&
              jx_nav_strip_x_to_ns (&view, x - self->label_width) < view.window.end_ns;
  force_shift = hint == JX_NAV_DRAG_TRACE || jx_session_get_shift_mode (self->session) ||
                jx_time_span_get_duration (&view.window) * 10 >= (range_end - range_start) * 9;

  if (part == JX_NAV_STRIP_WINDOW_START && !(force_shift && on_trace))
    self->drag_kind = DRAG_RESIZE_START;
  else if (part == JX_NAV_STRIP_WINDOW_END && !(force_shift && on_trace))
    self->drag_kind = DRAG_RESIZE_END;
  else if (on_trace && (force_shift || !in_window))
    self->drag_kind = DRAG_SHIFT;
  else if (in_window)
    self->drag_kind = DRAG_PAN;
  else
    self->drag_kind = DRAG_NEW_WINDOW;

  self->dragging = TRUE;
}

void
jx_nav_toolbar_drag_update (JxNavToolbar *self,
                            double        dx,
                            double        dy)
{
  JxNavStripView view;
  gint64 d, a, b;

  g_return_if_fail (JX_IS_NAV_TOOLBAR (self));

  if (!self->dragging || self->session == NULL ||
      self->drag_trace >= jx_session_get_n_traces (self->session))
    return;
  if (!self->drag_moved && fabs (dx) < DRAG_THRESHOLD)
    return;

  fill_view (self, self->drag_trace, &view);
  d = jx_nav_strip_dx_to_ns (&view, dx);

  switch (self->drag_kind)
    {
    case DRAG_SHIFT:
      if (!self->drag_moved)
        jx_session_begin_offset_drag (self->session, self->drag_trace);
      self->drag_moved = TRUE;
      jx_session_set_offset (self->session, self->drag_trace, self->drag_offset + d);
      break;
    case DRAG_PAN:
      self->drag_moved = TRUE;
      jx_session_set_view (self->session, self->drag_view_start + d, self->drag_view_end + d);
      break;
    case DRAG_RESIZE_START:
      self->drag_moved = TRUE;
      a = MIN (self->drag_view_start + d, self->drag_view_end - 1);
      jx_session_set_view (self->session, a, self->drag_view_end);
      break;
    case DRAG_RESIZE_END:
      self->drag_moved = TRUE;
      b = MAX (self->drag_view_end + d, self->drag_view_start + 1);
      jx_session_set_view (self->session, self->drag_view_start, b);
      break;
    case DRAG_NEW_WINDOW:
      self->drag_moved = TRUE;
      a = jx_nav_strip_x_to_ns (&view, self->drag_x - self->label_width);
      b = jx_nav_strip_x_to_ns (&view, self->drag_x + dx - self->label_width);
      if (a != b)
        jx_session_set_view (self->session, MIN (a, b), MAX (a, b));
      break;
    case DRAG_NONE:
    default:
      break;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
jx_nav_toolbar_drag_end (JxNavToolbar *self,
                         double        dx,
                         double        dy)
{
  g_return_if_fail (JX_IS_NAV_TOOLBAR (self));

  if (!self->dragging)
    return;
  jx_nav_toolbar_drag_update (self, dx, dy);

  if (self->session != NULL && self->drag_trace < jx_session_get_n_traces (self->session))
    {
      if (self->drag_moved && self->drag_kind == DRAG_SHIFT)
        jx_session_end_offset_drag (self->session, self->drag_trace);
      else if (!self->drag_moved && self->drag_kind == DRAG_NEW_WINDOW)
        {
          /* A click centres the window there, keeping its width. */
          JxNavStripView view;
          gint64 at, half;

          fill_view (self, self->drag_trace, &view);
          at = jx_nav_strip_x_to_ns (&view, self->drag_x - self->label_width);
          half = (self->drag_view_end - self->drag_view_start) / 2;
          jx_session_set_view (self->session, at - half, at - half + 2 * half);
        }
    }

  self->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               JxNavToolbar   *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  if (x < self->label_width)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  jx_nav_toolbar_drag_begin (self, (state & GDK_ALT_MASK) != 0 ? JX_NAV_DRAG_TRACE : JX_NAV_DRAG_AUTO, x, y);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                JxNavToolbar   *self)
{
  jx_nav_toolbar_drag_update (self, dx, dy);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             JxNavToolbar   *self)
{
  jx_nav_toolbar_drag_end (self, dx, dy);
}

static void
on_drag_cancel (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                JxNavToolbar     *self)
{
  if (self->dragging && self->drag_moved && self->drag_kind == DRAG_SHIFT && self->session != NULL &&
      self->drag_trace < jx_session_get_n_traces (self->session))
    jx_session_end_offset_drag (self->session, self->drag_trace);
  self->dragging = FALSE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           JxNavToolbar             *self)
{
  const char *cursor = NULL;
  JxNavStripView view;
  JxTrace *trace;
  int index;

  if (self->dragging || self->session == NULL || x < self->label_width ||
      (index = strip_at (self, y)) < 0 ||
      (trace = jx_session_get_trace (self->session, index)) == NULL)
    {
      if (!self->dragging)
        gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
      return;
    }

  fill_view (self, index, &view);
  switch (jx_nav_strip_hit (get_strip (self, trace), &view, x - self->label_width))
    {
    case JX_NAV_STRIP_WINDOW_START:
    case JX_NAV_STRIP_WINDOW_END:
      cursor = "col-resize";
      break;
    case JX_NAV_STRIP_WINDOW:
    case JX_NAV_STRIP_TRACE:
      cursor = "grab";
      break;
    case JX_NAV_STRIP_NONE:
    default:
      cursor = "crosshair";
      break;
    }
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), cursor);
}

static void
on_traces_changed (JxNavToolbar *self)
{
  GHashTableIter iter;
  gpointer key;
  guint i, n;

  /* Forget strips of traces that left the session. */
  n = self->session != NULL ? jx_session_get_n_traces (self->session) : 0;
  g_hash_table_iter_init (&iter, self->strips);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      gboolean found = FALSE;

      for (i = 0; i < n && !found; i++)
        found = jx_session_get_trace (self->session, i) == key;
      if (!found)
        {
          jx_summary_cache_release (key, G_OBJECT (self));
          g_hash_table_iter_remove (&iter);
        }
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
jx_nav_toolbar_dispose (GObject *object)
{
  JxNavToolbar *self = JX_NAV_TOOLBAR (object);

  jx_nav_toolbar_set_session (self, NULL);
  g_clear_object (&self->session_signals);
  g_clear_pointer (&self->strips, g_hash_table_unref);

  G_OBJECT_CLASS (jx_nav_toolbar_parent_class)->dispose (object);
}

static void
jx_nav_toolbar_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  JxNavToolbar *self = JX_NAV_TOOLBAR (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_LABEL_WIDTH:
      g_value_set_int (value, self->label_width);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_nav_toolbar_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  JxNavToolbar *self = JX_NAV_TOOLBAR (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      jx_nav_toolbar_set_session (self, g_value_get_object (value));
      break;
    case PROP_LABEL_WIDTH:
      jx_nav_toolbar_set_label_width (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_nav_toolbar_class_init (JxNavToolbarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_nav_toolbar_dispose;
  object_class->get_property = jx_nav_toolbar_get_property;
  object_class->set_property = jx_nav_toolbar_set_property;
  widget_class->measure = jx_nav_toolbar_measure;
  widget_class->snapshot = jx_nav_toolbar_snapshot;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, JX_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL_WIDTH] =
    g_param_spec_int ("label-width", NULL, NULL, 40, 1000, 180,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "jxnavtoolbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
jx_nav_toolbar_init (JxNavToolbar *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  self->label_width = 180;
  self->strips = g_hash_table_new_full (NULL, NULL, g_object_unref, g_object_unref);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "view-changed",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "offset-changed",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-changed",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  /* A failed load takes its strip away. */
  g_signal_group_connect_swapped (self->session_signals, "trace-changed",
                                  G_CALLBACK (gtk_widget_queue_resize), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-added",
                                  G_CALLBACK (on_traces_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-removed",
                                  G_CALLBACK (on_traces_changed), self);

  gesture = gtk_gesture_drag_new ();
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("Drag the window to pan, its edges to resize it; drag a trace to shift it in time"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Navigation"),
                                  -1);
}

GtkWidget *
jx_nav_toolbar_new (JxSession *session)
{
  return g_object_new (JX_TYPE_NAV_TOOLBAR, "session", session, NULL);
}

JxSession *
jx_nav_toolbar_get_session (JxNavToolbar *self)
{
  g_return_val_if_fail (JX_IS_NAV_TOOLBAR (self), NULL);
  return self->session;
}

void
jx_nav_toolbar_set_session (JxNavToolbar *self,
                            JxSession    *session)
{
  g_return_if_fail (JX_IS_NAV_TOOLBAR (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (self->session == session)
    return;
  if (self->dragging)
    on_drag_cancel (NULL, NULL, self);
  g_set_object (&self->session, session);
  g_signal_group_set_target (self->session_signals, session);
  on_traces_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

int
jx_nav_toolbar_get_label_width (JxNavToolbar *self)
{
  g_return_val_if_fail (JX_IS_NAV_TOOLBAR (self), 0);
  return self->label_width;
}

void
jx_nav_toolbar_set_label_width (JxNavToolbar *self,
                                int           label_width)
{
  g_return_if_fail (JX_IS_NAV_TOOLBAR (self));

  if (self->label_width == label_width)
    return;
  self->label_width = label_width;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_WIDTH]);
}
