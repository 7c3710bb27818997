/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-nav-toolbar.c */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-gdk-rgba.h"
#include "jx-item-markers.h"
#include "jx-nav-strip.h"
#include "jx-nav-toolbar-private.h"
#include "jx-offset-drag.h"
#include "jx-palette.h"
#include "jx-time-drag.h"

#define STRIP_HEIGHT   20
#define STRIP_GAP       3
#define PADDING         4
/* After a drag the strips glide to the range that fits the traces now. */
#define GLIDE_US   (200 * G_TIME_SPAN_MILLISECOND)

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
  GSignalGroup *marker_signals;
  GHashTable   *strips;          /* JxTrace -> JxNavStrip */
  int           label_width;

  /* The comparison range is frozen during a drag so that the strip under the
   * pointer does not rescale while a trace moves past the ends; after it the
   * strips glide from there to the range that fits (no jump on release). */
  gboolean      dragging;
  DragKind      drag_kind;
  JxSessionTrace *drag_item;     /* owned while dragging */
  double        drag_x;
  gboolean      drag_moved;
  gint64        drag_range_start;
  gint64        drag_range_end;
  gint64        drag_view_start;
  gint64        drag_view_end;
  guint         offset_drag;     /* id of a DRAG_SHIFT (jx-offset-drag.h) */
  JxTimeSpan    glide_from;
  gint64        glide_start;     /* frame time the glide began; 0 = none */
  guint         glide_tick;
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_LABEL_WIDTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxNavToolbar, jx_nav_toolbar, GTK_TYPE_WIDGET)

/* Fraction of the glide done at the frame being drawn: 1 when none runs. */
static double
glide_progress (JxNavToolbar *self)
{
  GdkFrameClock *clock;
  double t;

  if (self->glide_start == 0 || (clock = gtk_widget_get_frame_clock (GTK_WIDGET (self))) == NULL)
    return 1.0;
  t = (double) (gdk_frame_clock_get_frame_time (clock) - self->glide_start) / GLIDE_US;
  t = CLAMP (t, 0.0, 1.0);
  /* Ease out: fast at first, settling gently. */
  return 1.0 - (1.0 - t) * (1.0 - t) * (1.0 - t);
}

static gboolean
get_range (JxNavToolbar *self,
           gint64       *start,
           gint64       *end)
{
  JxTimeSpan extent;
  gint64 pad;
  double p;

  if (self->dragging)
    {
      *start = self->drag_range_start;
      *end = self->drag_range_end;
      return TRUE;
    }
  if (self->session == NULL || !jx_session_get_extent (self->session, &extent))
    return FALSE;
  /* A little air at both ends keeps the window's edges grabbable. */
  pad = MAX (jx_time_span_get_duration (&extent) / 50, 1);
  *start = extent.begin_ns - pad;
  *end = extent.end_ns + pad;
  if ((p = glide_progress (self)) < 1.0)
    {
      *start = self->glide_from.begin_ns + (gint64) llround (p * (double) (*start - self->glide_from.begin_ns));
      *end = self->glide_from.end_ns + (gint64) llround (p * (double) (*end - self->glide_from.end_ns));
      *end = MAX (*end, *start + 1);
    }
  return TRUE;
}

static gboolean
glide_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       data)
{
  JxNavToolbar *self = JX_NAV_TOOLBAR (widget);

  gtk_widget_queue_draw (widget);
  if (glide_progress (self) < 1.0)
    return G_SOURCE_CONTINUE;
  self->glide_start = 0;
  self->glide_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
stop_glide (JxNavToolbar *self)
{
  if (self->glide_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->glide_tick);
  self->glide_tick = 0;
  self->glide_start = 0;
}

/* At the end of a drag: from the frozen range to the one that fits, in a
 * glide rather than a jump (at once when animations are off). */
static void
start_glide (JxNavToolbar *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  gboolean animate = TRUE;

  stop_glide (self);
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &animate, NULL);
  if (clock == NULL || !animate)
    return;
  self->glide_from = (JxTimeSpan) { self->drag_range_start, self->drag_range_end };
  self->glide_start = MAX (gdk_frame_clock_get_frame_time (clock), 1);
  self->glide_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), glide_tick, NULL, NULL);
}

static JxNavStrip *
get_strip (JxNavToolbar   *self,
           JxSessionTrace *item)
{
  JxTrace *trace = jx_session_trace_get_trace (item);
  JxNavStrip *strip = g_hash_table_lookup (self->strips, trace);
  JxTimelineSummary *summary = jx_session_trace_get_summary (item);

  if (strip == NULL)
    {
      strip = jx_nav_strip_new (trace);
      g_hash_table_insert (self->strips, g_object_ref (trace), strip);
    }
  /* The item builds its summary once; until then the strip draws exactly. */
  if (summary != NULL)
    jx_nav_strip_set_summary (strip, summary);
  return strip;
}

static void
set_view (JxNavToolbar *self,
          gint64        start,
          gint64        end)
{
  jx_session_set_visible_time (self->session, &(JxTimeSpan) { start, end });
}

static void
fill_view (JxNavToolbar   *self,
           JxSessionTrace *item,
           JxNavStripView *view)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  gboolean dark = jx_session_get_dark (self->session);
  GdkRGBA background, accent;

  memset (view, 0, sizeof *view);
  get_range (self, &view->range.begin_ns, &view->range.end_ns);
  view->window = *jx_session_get_visible_time (self->session);
  view->offset_ns = jx_session_trace_get_offset (item);
  view->width = MAX (1, width - self->label_width - PADDING);
  view->height = STRIP_HEIGHT;
  view->dark = dark;
  jx_trace_colors (item, dark, &background, &accent);
  view->background = jx_rgba_from_gdk (&background);
  view->accent = jx_rgba_from_gdk (&accent);
  view->show_window = TRUE;
}

/* A trace that failed to load has no strip (the window's loading strip
 * reports it), so strips are laid out by their rank among the others. */
static gboolean
has_strip (JxSessionTrace *item)
{
  return jx_session_trace_get_state (item) != JX_SESSION_TRACE_FAILED;
}

static guint
n_items (JxNavToolbar *self)
{
  return self->session != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->session)) : 0;
}

/* Rank of the item among those with a strip (all of them with item NULL). */
static guint
strip_rank (JxNavToolbar   *self,
            JxSessionTrace *item)
{
  guint rank = 0;

  for (guint i = 0; i < n_items (self); i++)
    {
      JxSessionTrace *other = jx_session_peek_item (self->session, i);

      if (other == item)
        break;
      if (has_strip (other))
        rank++;
    }
  return rank;
}

static int
strip_y (JxNavToolbar   *self,
         JxSessionTrace *item)
{
  return PADDING + (int) strip_rank (self, item) * (STRIP_HEIGHT + STRIP_GAP);
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
  guint n = strip_rank (self, NULL);

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
              JxSessionTrace       *item,
              const JxNavStripView *view,
              const GdkRGBA        *fg)
{
  g_autofree char *text = NULL;
  GdkRGBA background = jx_rgba_to_gdk (&view->background);
  PangoLayout *layout;
  int tw, th;

  if (jx_session_trace_get_state (item) == JX_SESSION_TRACE_FAILED)
    text = g_strdup (_("Failed to load"));
  else
    text = g_strdup_printf (_("Loading… %.0f %%"), 100.0 * jx_session_trace_get_fraction (item));

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_rectangle (cr, self->label_width, strip_y (self, item), view->width, view->height);
  gdk_cairo_set_source_rgba (cr, &background);
  cairo_fill (cr);
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  pango_layout_get_pixel_size (layout, &tw, &th);
  cairo_move_to (cr, self->label_width + 6, strip_y (self, item) + (view->height - th) / 2.0);
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
  g_autoptr(GArray) flags = g_array_new (FALSE, FALSE, sizeof (JxMarkerFlag));
  GdkRGBA fg;
  cairo_t *cr;
  guint i, n;

  /* Without an extent (every trace still loading) the names and progress
   * still show. */
  n = n_items (self);
  if (n == 0)
    return;
  has_range = get_range (self, &range_start, &range_end);

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  for (i = 0; i < n; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (self->session, i);
      JxTrace *trace = jx_session_trace_get_trace (item);
      const char *name = jx_session_trace_get_name (item);
      JxNavStripView view;
      GdkRGBA background, accent;
      PangoLayout *layout;
      int y = strip_y (self, item);
      int tw, th;

      if (!has_strip (item))
        continue;
      fill_view (self, item, &view);

      /* Name in the label column, like the timelines' row labels below. */
      layout = gtk_widget_create_pango_layout (widget, name != NULL ? name : "");
      pango_layout_set_width (layout, MAX (1, self->label_width - 28) * PANGO_SCALE);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
      pango_layout_get_pixel_size (layout, &tw, &th);
      /* The previous label left a current point: without a new path the arc
       * would start with a line from it. */
      cairo_new_path (cr);
      cairo_arc (cr, 12, y + STRIP_HEIGHT / 2.0, 5, 0, 2 * G_PI);
      background = jx_rgba_to_gdk (&view.background);
      accent = jx_rgba_to_gdk (&view.accent);
      gdk_cairo_set_source_rgba (cr, &background);
      cairo_fill_preserve (cr);
      gdk_cairo_set_source_rgba (cr, &accent);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_move_to (cr, 22, y + (STRIP_HEIGHT - th) / 2.0);
      gdk_cairo_set_source_rgba (cr, &fg);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);

      if (trace == NULL || !has_range)
        {
          draw_pending (self, cr, item, &view, &fg);
          continue;
        }

      cairo_save (cr);
      cairo_translate (cr, self->label_width, y);
      cairo_rectangle (cr, 0, 0, view.width, view.height);
      cairo_clip (cr);
      jx_nav_strip_draw (get_strip (self, item), cr, &view);
      jx_item_markers_strip_flags (self->session, item, &view, flags, NULL);
      jx_marker_flags_draw (cr, (const JxMarkerFlag *) (gpointer) flags->data, flags->len, 0, view.width,
                            view.height, view.dark, TRUE);
      cairo_restore (cr);
    }

  cairo_destroy (cr);
}

/* The item whose strip is at y (the nearest one), NULL when none. */
static JxSessionTrace *
strip_at (JxNavToolbar *self,
          double        y)
{
  guint shown = strip_rank (self, NULL);
  int rank = (int) floor ((y - PADDING + STRIP_GAP / 2.0) / (STRIP_HEIGHT + STRIP_GAP));

  if (shown == 0)
    return NULL;
  rank = CLAMP (rank, 0, (int) shown - 1);
  for (guint i = 0; i < n_items (self); i++)
    {
      JxSessionTrace *item = jx_session_peek_item (self->session, i);

      if (has_strip (item) && rank-- == 0)
        return item;
    }
  return NULL;
}

double
jx_nav_toolbar_ns_to_x (JxNavToolbar *self,
                        gint64        ns)
{
  JxNavStripView view;

  g_return_val_if_fail (JX_IS_NAV_TOOLBAR (self), 0);

  if (n_items (self) == 0)
    return 0;
  fill_view (self, jx_session_peek_item (self->session, 0), &view);
  return self->label_width + jx_nav_strip_ns_to_x (&view, ns);
}

gboolean
jx_nav_toolbar_get_strip_span (JxNavToolbar   *self,
                               JxSessionTrace *item,
                               int            *y,
                               int            *height)
{
  g_return_val_if_fail (JX_IS_NAV_TOOLBAR (self), FALSE);

  if (self->session == NULL || !jx_session_find_item (self->session, item, NULL) || !has_strip (item))
    return FALSE;
  if (y != NULL)
    *y = strip_y (self, item);
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
  JxSessionTrace *item;
  JxNavStripPart part = JX_NAV_STRIP_NONE;
  gint64 range_start, range_end;
  gboolean on_trace = FALSE, in_window, force_shift;

  g_return_if_fail (JX_IS_NAV_TOOLBAR (self));

  jx_nav_toolbar_drag_cancel (self);
  if (self->session == NULL || (item = strip_at (self, y)) == NULL ||
      !get_range (self, &range_start, &range_end))
    return;
  /* A glide stops where it is: that range is frozen for this drag. */
  stop_glide (self);

  fill_view (self, item, &view);
  if (jx_session_trace_get_trace (item) != NULL)
    {
      JxNavStrip *strip = get_strip (self, item);
      JxTimeSpan extent = jx_nav_strip_get_extent (strip, &view);

      part = jx_nav_strip_hit (strip, &view, x - self->label_width);
      on_trace = jx_time_span_contains (&extent, jx_nav_strip_x_to_ns (&view, x - self->label_width));
    }

  g_set_object (&self->drag_item, item);
  self->drag_x = x;
  self->drag_moved = FALSE;
  self->drag_range_start = range_start;
  self->drag_range_end = range_end;
  self->drag_view_start = view.window.begin_ns;
  self->drag_view_end = view.window.end_ns;

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

  if (self->drag_kind == DRAG_SHIFT)
    self->offset_drag = jx_offset_drag_begin (jx_offset_drag_get_for_session (self->session), item,
                                              jx_nav_strip_ns_per_px (&view));
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
      !jx_session_find_item (self->session, self->drag_item, NULL))
    return;
  /* The offset drag has its own threshold and undo step. */
  if (self->drag_kind == DRAG_SHIFT)
    {
      self->drag_moved = jx_offset_drag_update (jx_offset_drag_get_for_session (self->session), self->offset_drag,
                                                dx, dy);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (!self->drag_moved && !jx_time_drag_past_threshold (dx, dy))
    return;

  fill_view (self, self->drag_item, &view);
  d = jx_nav_strip_dx_to_ns (&view, dx);

  switch (self->drag_kind)
    {
    case DRAG_PAN:
      self->drag_moved = TRUE;
      set_view (self, self->drag_view_start + d, self->drag_view_end + d);
      break;
    case DRAG_RESIZE_START:
      self->drag_moved = TRUE;
      a = MIN (self->drag_view_start + d, self->drag_view_end - 1);
      set_view (self, a, self->drag_view_end);
      break;
    case DRAG_RESIZE_END:
      self->drag_moved = TRUE;
      b = MAX (self->drag_view_end + d, self->drag_view_start + 1);
      set_view (self, self->drag_view_start, b);
      break;
    case DRAG_NEW_WINDOW:
      self->drag_moved = TRUE;
      a = jx_nav_strip_x_to_ns (&view, self->drag_x - self->label_width);
      b = jx_nav_strip_x_to_ns (&view, self->drag_x + dx - self->label_width);
      if (a != b)
        set_view (self, MIN (a, b), MAX (a, b));
      break;
    case DRAG_SHIFT:
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

  if (self->drag_kind == DRAG_SHIFT && self->session != NULL)
    jx_offset_drag_end (jx_offset_drag_get_for_session (self->session), self->offset_drag);
  if (self->session != NULL && jx_session_find_item (self->session, self->drag_item, NULL))
    {
      if (!self->drag_moved && self->drag_kind == DRAG_NEW_WINDOW)
        {
          /* A click centres the window there, keeping its width. */
          JxNavStripView view;
          gint64 at, half;

          fill_view (self, self->drag_item, &view);
          at = jx_nav_strip_x_to_ns (&view, self->drag_x - self->label_width);
          half = (self->drag_view_end - self->drag_view_start) / 2;
          set_view (self, at - half, at - half + 2 * half);
        }
    }

  self->dragging = FALSE;
  self->offset_drag = 0;
  g_clear_object (&self->drag_item);
  start_glide (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
jx_nav_toolbar_drag_cancel (JxNavToolbar *self)
{
  g_return_if_fail (JX_IS_NAV_TOOLBAR (self));

  if (!self->dragging)
    return;
  /* A shifted trace goes back; a pan or resize stays where it got to. */
  if (self->drag_kind == DRAG_SHIFT && self->session != NULL)
    jx_offset_drag_cancel (jx_offset_drag_get_for_session (self->session), self->offset_drag);
  self->dragging = FALSE;
  self->offset_drag = 0;
  g_clear_object (&self->drag_item);
  start_glide (self);
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
  jx_nav_toolbar_drag_cancel (self);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           JxNavToolbar             *self)
{
  const char *cursor = NULL;
  JxNavStripView view;
  JxSessionTrace *item;

  if (self->dragging || self->session == NULL || x < self->label_width ||
      (item = strip_at (self, y)) == NULL || jx_session_trace_get_trace (item) == NULL)
    {
      if (!self->dragging)
        gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
      return;
    }

  fill_view (self, item, &view);
  switch (jx_nav_strip_hit (get_strip (self, item), &view, x - self->label_width))
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

/* Forgets the strips of traces that left the session. */
static void
on_items_changed (JxNavToolbar *self)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->strips);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      gboolean found = FALSE;

      for (guint i = 0; i < n_items (self) && !found; i++)
        found = jx_session_trace_get_trace (jx_session_peek_item (self->session, i)) == key;
      if (!found)
        g_hash_table_iter_remove (&iter);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
jx_nav_toolbar_dispose (GObject *object)
{
  JxNavToolbar *self = JX_NAV_TOOLBAR (object);

  jx_nav_toolbar_set_session (self, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->marker_signals);
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

/* Over a marker's flag its details, elsewhere what dragging does. */
static gboolean
on_query_tooltip (GtkWidget    *widget,
                  int           x,
                  int           y,
                  gboolean      keyboard,
                  GtkTooltip   *tooltip,
                  JxNavToolbar *self)
{
  g_autoptr(GArray) flags = g_array_new (FALSE, FALSE, sizeof (JxMarkerFlag));
  g_autoptr(GPtrArray) markers = g_ptr_array_new_with_free_func (g_object_unref);
  JxSessionTrace *item = NULL;
  JxNavStripView view;
  int hit;

  if (!keyboard && self->session != NULL && x >= self->label_width &&
      (item = strip_at (self, y)) != NULL && jx_session_trace_get_trace (item) != NULL)
    {
      fill_view (self, item, &view);
      jx_item_markers_strip_flags (self->session, item, &view, flags, markers);
      hit = jx_marker_flags_hit ((const JxMarkerFlag *) (gpointer) flags->data, flags->len,
                                 x - self->label_width, y - strip_y (self, item));
      if (hit >= 0)
        {
          g_autofree char *markup = jx_marker_dup_tooltip_markup (g_ptr_array_index (markers, hit));

          gtk_tooltip_set_markup (tooltip, markup);
          return TRUE;
        }
    }
  gtk_tooltip_set_text (tooltip, _("Drag the window to pan, its edges to resize it; drag a trace to shift it in time"));
  return TRUE;
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
  /* Every change of a trace shows here (progress, name, colour, offset,
   * summary); a failed load takes its strip away. */
  g_signal_group_connect_swapped (self->session_signals, "notify::visible-time",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::state",
                                  G_CALLBACK (gtk_widget_queue_resize), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "items-changed",
                                  G_CALLBACK (on_items_changed), self);

  gesture = gtk_gesture_drag_new ();
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (gesture, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  self->marker_signals = g_signal_group_new (JX_TYPE_SESSION_MARKERS);
  g_signal_group_connect_swapped (self->marker_signals, "items-changed", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->marker_signals, "changed", G_CALLBACK (gtk_widget_queue_draw), self);

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
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
  jx_nav_toolbar_drag_cancel (self);
  stop_glide (self);
  g_set_object (&self->session, session);
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->marker_signals, session != NULL ? jx_session_get_markers (session) : NULL);
  on_items_changed (self);
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
