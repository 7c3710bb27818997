/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-canvas.c — the widget: its size and scrolling, the session's
 * signals, the render layer's view of its rows (jx-canvas-rows.c) built
 * when something it shows changed and shared by the next frame, hit tests
 * and tooltips, and which hover text goes where (the words are
 * jx-timeline-tooltip.c's, the hit test jx-timeline-hit.c's, folding
 * jx-canvas-fold.c's). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-canvas-fold.h"
#include "jx-canvas-rows.h"
#include "jx-diff-text.h"
#include "jx-gdk-rgba.h"
#include "jx-item-markers.h"
#include "jx-offset-drag.h"
#include "jx-timeline-canvas-private.h"
#include "jx-timeline-counter.h"
#include "jx-timeline-tooltip.h"

#define HEADER_HEIGHT 18
/* The diff bar under a stream that has a partner. */
#define DIFF_HEIGHT   7
/* The counter row (a metric as a line) under a stream that records it. */
#define COUNTER_HEIGHT 30
/* Rows compress to fit the lane (like a master timeline of many processes),
 * down to this many px per row; below that the lane scrolls. */
#define MIN_ROW_PX    1

struct _JxTimelineCanvas
{
  GtkWidget           parent_instance;

  JxSession          *session;
  JxSessionTrace     *item;
  GSignalGroup       *session_signals;
  GSignalGroup       *item_signals;

  JxTrace            *trace;
  JxTimelineRenderer *renderer;
  JxCanvasRows       *rows;          /* layout, collapse, call stack, search */
  JxItemMarkers      *markers;
  GSignalGroup       *diff_bar_signals;

  int                 label_width;
  int                 full_height;   /* px of all rows at full height */
  int                 fit_height;    /* px the rows were compressed to, 0 = none */
  GtkAdjustment      *vadjustment;
  gboolean            overflowing;

  JxCanvasFold       *fold;          /* groups, folding, SOS overlay */
  JxOffsetDrag       *offset_drag;   /* the session's (not a reference) */

  /* The render layer's view of the canvas, built when something it shows
   * changed (redraw) and shared by the next frame, hit tests and tooltips. */
  JxTimelineView      view;
  gboolean            view_valid;
  guint               n_view_builds;
};

enum {
  PROP_0,
  PROP_LABEL_WIDTH,
  PROP_OVERFLOWING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxTimelineCanvas, jx_timeline_canvas, GTK_TYPE_WIDGET)

/* Everything the view shows goes through here when it changes: the view is
 * built again for the next frame (or hit test) and the frame is queued. */
static void
redraw (JxTimelineCanvas *self)
{
  self->view_valid = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_jx_timeline_canvas_redraw (JxTimelineCanvas *self)
{
  redraw (self);
}

static void
on_call_highlight_changed (JxCallHighlight  *highlight,
                           JxSessionTrace   *item,
                           JxTimelineCanvas *self)
{
  if (item == self->item)
    redraw (self);
}

/* The call-stack pyramids arrived: depth rows draw from them. */
static void
on_rows_ready (gpointer data)
{
  redraw (data);
}

static int
scroll_y (JxTimelineCanvas *self)
{
  return (int) gtk_adjustment_get_value (self->vadjustment);
}

double
jx_timeline_canvas_get_time_width (JxTimelineCanvas *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), 1);

  return MAX (1, gtk_widget_get_width (GTK_WIDGET (self)) - self->label_width);
}

gint64
jx_timeline_canvas_x_to_ns (JxTimelineCanvas *self,
                            double            x)
{
  const JxTimeSpan *view;

  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), 0);

  if (self->session == NULL)
    return 0;
  view = jx_session_get_visible_time (self->session);
  return view->begin_ns + (gint64) ((x - self->label_width) * (double) jx_time_span_get_duration (view) /
                                    jx_timeline_canvas_get_time_width (self));
}

/* The diff bars this canvas draws: the session's model for its trace (rows
 * and bars of this trace's streams), NULL when it has none. */
static const JxDiffBarSet *
diff_bars (JxTimelineCanvas *self)
{
  const JxDiffBarSet *bars;

  if (self->session == NULL || self->trace == NULL)
    return NULL;
  bars = jx_diff_bar_model_get_bars (jx_session_get_diff_bars (self->session), self->item);
  return bars != NULL && jx_diff_bar_set_get_n_streams (bars) == jx_trace_get_n_streams (self->trace) ? bars : NULL;
}

/* The index in this trace of the metric the session shows as counter
 * rows; JX_NONE for none. */
static guint32
counter_metric (JxTimelineCanvas *self)
{
  if (self->session == NULL || self->trace == NULL)
    return JX_NONE;
  return jx_trace_find_metric (self->trace, jx_counter_model_get_metric (jx_session_get_counter_model (self->session)));
}

/* The render layer's view of this canvas now; FALSE while nothing is loaded. */
static gboolean
fill_view (JxTimelineCanvas *self,
           JxTimelineView   *view)
{
  const JxTimeSpan *visible;
  JxSessionTrace *selected;
  guint32 sel_stream, sel_inv;
  GdkRGBA background;
  JxTimeOrigin origin;

  jx_timeline_view_init (view);
  view->rows = jx_canvas_rows_get (self->rows, &view->n_rows);
  if (self->trace == NULL || view->rows == NULL)
    return FALSE;

  visible = jx_session_get_visible_time (self->session);
  origin = jx_session_trace_get_time_origin (self->item);
  view->start = jx_time_comparison_to_ticks (origin, visible->begin_ns);
  view->end = jx_time_comparison_to_ticks (origin, visible->end_ns);
  if (view->end <= view->start)
    view->end = view->start + 1;
  view->width = gtk_widget_get_width (GTK_WIDGET (self));
  view->height = gtk_widget_get_height (GTK_WIDGET (self));
  view->label_width = self->label_width;
  view->scroll_y = scroll_y (self);
  view->dark = jx_session_get_dark (self->session);
  jx_trace_colors (self->item, view->dark, &background, NULL);
  view->background = jx_rgba_from_gdk (&background);
  if ((jx_session_get_selected_invocation (self->session, &selected, &sel_stream, &sel_inv) &&
       selected == self->item) ||
      /* The selection's aligned partner is highlighted in its own trace. */
      (jx_session_get_selected_partner (self->session, &selected, &sel_stream, &sel_inv) &&
       selected == self->item))
    {
      view->selected_stream = sel_stream;
      view->selected_invocation = sel_inv;
    }
  view->search_mask = jx_canvas_rows_get_search_mask (self->rows);
  view->stream_marks = jx_session_clusters_get_stream_mask (jx_session_get_clusters (self->session), self->trace);
  jx_call_highlight_get_index (jx_session_get_call_highlight (self->session), self->item, &view->highlight_offset,
                               &view->highlight_invocations);
  view->diff_bars = diff_bars (self);
  view->show_messages = jx_session_get_show_messages (self->session);
  view->markers = jx_item_markers_get_marks (self->markers, &view->n_markers);
  view->counter_metric = counter_metric (self);
  jx_counter_model_get_scale (jx_session_get_counter_model (self->session), &view->counter_min, &view->counter_max);
  jx_canvas_fold_fill_view (self->fold, view);
  /* While this trace follows the pointer the picture slides (the renderer
   * translates the rows it has) until the drop. */
  view->offset_drag = self->offset_drag != NULL && jx_offset_drag_get_item (self->offset_drag) == self->item;
  return TRUE;
}

/* The view of what the canvas shows now, NULL while nothing is loaded. */
static const JxTimelineView *
current_view (JxTimelineCanvas *self)
{
  if (!self->view_valid)
    {
      self->n_view_builds++;
      self->view_valid = fill_view (self, &self->view);
    }
  return self->view_valid ? &self->view : NULL;
}

/* The selected time range (also while drag-selecting) as a veil. */
static void
draw_selected_time (JxTimelineCanvas *self,
                    cairo_t          *cr,
                    int               width,
                    int               height)
{
  const JxTimeSpan *range = jx_session_get_selected_time (self->session);
  const JxTimeSpan *view = jx_session_get_visible_time (self->session);
  double scale = jx_timeline_canvas_get_time_width (self) / MAX (1.0, (double) jx_time_span_get_duration (view));
  double x0, x1;

  if (range->end_ns <= range->begin_ns)
    return;
  x0 = CLAMP (self->label_width + (double) (range->begin_ns - view->begin_ns) * scale, self->label_width, width);
  x1 = CLAMP (self->label_width + (double) (range->end_ns - view->begin_ns) * scale, self->label_width, width);
  if (x1 <= x0)
    return;
  cairo_rectangle (cr, x0, 0, x1 - x0, height);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.22);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

static void
jx_timeline_canvas_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  JxTimelineCanvas *self = JX_TIMELINE_CANVAS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const JxTimelineView *view;
  cairo_t *cr;

  if (self->session == NULL || width <= 0 || height <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if ((view = current_view (self)) != NULL)
    {
      jx_timeline_renderer_draw (self->renderer, cr, view);
      draw_selected_time (self, cr, width, height);
    }
  else
    {
      GdkRGBA tint;

      jx_trace_colors (self->item, jx_session_get_dark (self->session), &tint, NULL);
      gdk_cairo_set_source_rgba (cr, &tint);
      cairo_paint (cr);
    }
  cairo_destroy (cr);
}

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
  int height = self->full_height;

  /* At least one full row; the rows compress into whatever the lanes
   * share out above that (jx-lane-layout.h). */
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      *minimum = JX_TIMELINE_ROW_HEIGHT;
      *natural = MAX (height, JX_TIMELINE_ROW_HEIGHT);
    }
  else
    *minimum = *natural = 200;
}

static void
update_adjustment (JxTimelineCanvas *self)
{
  double page = gtk_widget_get_height (GTK_WIDGET (self));
  int height = jx_canvas_rows_get_height (self->rows);
  double upper = MAX (height, page);
  double value = CLAMP (gtk_adjustment_get_value (self->vadjustment), 0, upper - page);
  gboolean overflowing = height > page + 0.5;

  gtk_adjustment_configure (self->vadjustment, value, 0, upper, JX_TIMELINE_ROW_HEIGHT, page * 0.9, page);
  if (self->overflowing != overflowing)
    {
      self->overflowing = overflowing;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVERFLOWING]);
    }
}

static void relayout (JxTimelineCanvas *self);

static void
jx_timeline_canvas_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  JxTimelineCanvas *self = JX_TIMELINE_CANVAS (widget);
  int fit = self->full_height > height && height > 0 && !jx_canvas_rows_get_full_rows (self->rows) ? height : 0;

  self->view_valid = FALSE;
  if (fit != self->fit_height)
    relayout (self);
  else
    update_adjustment (self);
}

static void
layout_rows (JxTimelineCanvas *self,
             double            scale,
             int               header_px)
{
  JxTimelineLayoutParams params;
  g_autofree guint8 *counters = self->trace != NULL ? jx_timeline_counter_streams_new (self->trace, counter_metric (self))
                                                    : NULL;

  jx_timeline_layout_params_init (&params);
  params.row_height = MAX (MIN_ROW_PX, (int) (JX_TIMELINE_ROW_HEIGHT * scale));
  params.header_height = header_px > 0 ? header_px : MAX (MIN_ROW_PX, (int) (HEADER_HEIGHT * scale));
  jx_canvas_fold_fill_params (self->fold, &params);
  /* Diff bars thinner than 2 px would only halve the rows left for streams. */
  params.diff_streams = diff_bars (self) != NULL && DIFF_HEIGHT * scale >= 2.0
                        ? jx_diff_bar_set_get_rows (diff_bars (self)) : NULL;
  params.diff_height = MAX (MIN_ROW_PX, (int) (DIFF_HEIGHT * scale));
  /* A counter line lower than 8 px shows no shape: left out then. */
  params.counter_streams = COUNTER_HEIGHT * scale >= 8.0 ? counters : NULL;
  params.counter_height = (int) (COUNTER_HEIGHT * scale);
  /* The processes the user expanded keep readable rows; the others share
   * what is left (relayout). */
  params.readable_height = JX_TIMELINE_ROW_HEIGHT;
  jx_canvas_rows_layout (self->rows, &params);
}

/* Rows at full height; when they are taller than the canvas, again with
 * every height scaled down to fit (at least MIN_ROW_PX each), except the
 * rows of readable processes (expanded by the user, or showing their call
 * stack: jx_canvas_rows_get_readable), which keep their full height. Only a change
 * of the full height asks the lanes for a new share. */
static void
relayout (JxTimelineCanvas *self)
{
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  int full;

  self->view_valid = FALSE;
  layout_rows (self, 1.0, 0);
  full = jx_canvas_rows_get_height (self->rows);
  self->fit_height = 0;
  if (full > height && height > 0 && !jx_canvas_rows_get_full_rows (self->rows))
    {
      /* The tallest whole-pixel rows that fit (the scale alone would
       * round most of the spare pixels away). */
      int px;
      int header = 0;

      for (px = JX_TIMELINE_ROW_HEIGHT - 1; px > MIN_ROW_PX; px--)
        {
          layout_rows (self, (double) px / JX_TIMELINE_ROW_HEIGHT, 0);
          if (jx_canvas_rows_get_height (self->rows) <= height)
            break;
        }
      /* The pixels whole rows leave over thicken the process header rows
       * (their aggregate is the overview of a squeezed process). */
      for (int h = px + 1; h <= HEADER_HEIGHT; h++)
        {
          layout_rows (self, (double) px / JX_TIMELINE_ROW_HEIGHT, h);
          if (jx_canvas_rows_get_height (self->rows) > height)
            break;
          header = h;
        }
      layout_rows (self, (double) px / JX_TIMELINE_ROW_HEIGHT, header);
      self->fit_height = height;
    }
  if (full != self->full_height)
    {
      self->full_height = full;
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  update_adjustment (self);
  redraw (self);
}

static void
update_search (JxTimelineCanvas *self)
{
  self->view_valid = FALSE;
  jx_canvas_rows_set_search (self->rows, jx_session_get_search (self->session));
  redraw (self);
}

/* A stream pair finished: a bar of this trace filled in. */
static void
on_bar_changed (JxTimelineCanvas *self,
                JxSessionTrace   *item,
                guint             stream)
{
  if (item == self->item)
    redraw (self);
}

/* This trace's comparison started, ended, or is with another trace now:
 * rows may come or go. */
static void
on_diff_rows_changed (JxTimelineCanvas *self,
                      JxSessionTrace   *item)
{
  if (item == self->item)
    relayout (self);
}

static void
update_summary (JxTimelineCanvas *self)
{
  JxTimelineSummary *summary = jx_session_trace_get_summary (self->item);

  if (self->renderer != NULL && summary != NULL)
    {
      jx_timeline_renderer_set_summary (self->renderer, summary);
      redraw (self);
    }
}

static void
update_name (JxTimelineCanvas *self)
{
  g_autofree char *label = g_strdup_printf (_("Timeline of %s"), jx_session_trace_get_name (self->item));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* Picks up the loaded trace, and lets go of it when the item drops it (it
 * left the session). */
static void
sync_trace (JxTimelineCanvas *self)
{
  JxTrace *trace = jx_session_trace_get_trace (self->item);

  if (trace == self->trace)
    {
      redraw (self);
      return;
    }

  self->view_valid = FALSE;
  jx_canvas_rows_set_trace (self->rows, trace);
  g_clear_object (&self->renderer);
  g_clear_object (&self->trace);
  if (trace != NULL)
    {
      self->trace = g_object_ref (trace);
      self->renderer = jx_timeline_renderer_new (trace);
      update_summary (self);
    }
  jx_canvas_fold_set_trace (self->fold, self->trace, self->renderer);
  relayout (self);
  update_search (self);
}

void
_jx_timeline_canvas_relayout (JxTimelineCanvas *self)
{
  relayout (self);
}

guint
_jx_timeline_canvas_get_n_view_builds (JxTimelineCanvas *self)
{
  return self->n_view_builds;
}

JxCanvasRows *
_jx_timeline_canvas_get_canvas_rows (JxTimelineCanvas *self)
{
  return self->rows;
}

JxTimelineRenderer *
_jx_timeline_canvas_get_renderer (JxTimelineCanvas *self)
{
  return self->renderer;
}

void
_jx_timeline_canvas_collapse_all (JxTimelineCanvas *self,
                                  gboolean          collapsed)
{
  jx_canvas_rows_collapse_all (self->rows, collapsed);
  relayout (self);
}

static void
update_cursor (JxTimelineCanvas *self)
{
  /* In shift mode a drag moves the trace. */
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                   jx_session_get_shift_mode (self->session) ? "grab" : NULL);
}

void
jx_timeline_canvas_bind (JxTimelineCanvas *self,
                         JxSession        *session,
                         JxSessionTrace   *item)
{
  g_return_if_fail (JX_IS_TIMELINE_CANVAS (self));
  g_return_if_fail (JX_IS_SESSION (session));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));
  g_return_if_fail (self->session == NULL);

  self->session = g_object_ref (session);
  self->item = g_object_ref (item);
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->item_signals, item);
  g_signal_group_set_target (self->diff_bar_signals, jx_session_get_diff_bars (session));
  self->markers = jx_item_markers_new (session, item, G_CALLBACK (redraw), self);
  self->offset_drag = jx_offset_drag_get_for_session (session);
  /* A drag of this trace begins or drops: frames slide, or sample again. */
  g_signal_connect_object (self->offset_drag, "notify::item", G_CALLBACK (redraw), self, G_CONNECT_SWAPPED);
  /* Another metric changes the rows; another trace's arrival only the scale. */
  g_signal_connect_object (jx_session_get_counter_model (session), "notify::metric", G_CALLBACK (relayout), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (jx_session_get_counter_model (session), "notify::max", G_CALLBACK (redraw), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (jx_session_get_counter_model (session), "notify::min", G_CALLBACK (redraw), self,
                           G_CONNECT_SWAPPED);
  /* A merged-tree node's calls highlighted in this trace's rows. */
  g_signal_connect_object (jx_session_get_call_highlight (session), "item-changed",
                           G_CALLBACK (on_call_highlight_changed), self, 0);
  /* The cluster picked in the Processes view marks its members' rows. */
  g_signal_connect_object (jx_session_get_clusters (session), "notify::selected", G_CALLBACK (redraw), self,
                           G_CONNECT_SWAPPED);
  jx_canvas_fold_bind (self->fold, session, item);
  update_name (self);
  update_cursor (self);
  sync_trace (self);
}

/* Rows ----------------------------------------------------------------------- */

gboolean
jx_timeline_canvas_get_compressed (JxTimelineCanvas *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), FALSE);
  return self->fit_height != 0;
}

JxTrace *
jx_timeline_canvas_get_trace (JxTimelineCanvas *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), NULL);
  return self->trace;
}

int
jx_timeline_canvas_row_at (JxTimelineCanvas *self,
                           double            y)
{
  const JxTimelineRow *rows;
  guint n_rows;

  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), -1);

  rows = jx_canvas_rows_get (self->rows, &n_rows);
  return rows != NULL ? jx_timeline_layout_row_at (rows, n_rows, (int) y + scroll_y (self)) : -1;
}

gboolean
jx_timeline_canvas_get_stream_span (JxTimelineCanvas *self,
                                    guint32           stream,
                                    int              *y,
                                    int              *height)
{
  const JxTimelineRow *rows;
  guint n_rows;
  int r;

  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), FALSE);

  if ((r = jx_canvas_rows_find_stream (self->rows, stream)) < 0)
    return FALSE;
  rows = jx_canvas_rows_get (self->rows, &n_rows);
  if (y != NULL)
    *y = rows[r].y - scroll_y (self);
  if (height != NULL)
    *height = rows[r].height;
  return TRUE;
}

void
jx_timeline_canvas_scroll_to_stream (JxTimelineCanvas *self,
                                     guint32           stream)
{
  int y, h;
  double value, page;

  g_return_if_fail (JX_IS_TIMELINE_CANVAS (self));

  if (!jx_timeline_canvas_get_stream_span (self, stream, &y, &h))
    return;
  value = gtk_adjustment_get_value (self->vadjustment);
  page = gtk_adjustment_get_page_size (self->vadjustment);
  if (y < 0)
    gtk_adjustment_set_value (self->vadjustment, value + y);
  else if (y + h > page)
    gtk_adjustment_set_value (self->vadjustment, value + (y + h - page));
}

/* Hit tests and tooltips ------------------------------------------------------ */

gboolean
jx_timeline_canvas_hit (JxTimelineCanvas *self,
                        double            x,
                        double            y,
                        JxTimelineHit    *hit)
{
  const JxTimelineView *view;

  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), FALSE);
  g_return_val_if_fail (hit != NULL, FALSE);

  if ((view = current_view (self)) == NULL)
    return FALSE;
  jx_timeline_renderer_hit (self->renderer, view, x, y, hit);
  return TRUE;
}

JxSessionMarker *
jx_timeline_canvas_get_marker (JxTimelineCanvas *self,
                               int               index)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), NULL);

  if (self->markers == NULL || index < 0 || (guint) index >= jx_item_markers_get_n (self->markers))
    return NULL;
  return jx_item_markers_get (self->markers, (guint) index);
}

JxStreamGroups *
jx_timeline_canvas_get_groups (JxTimelineCanvas *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), NULL);
  return jx_canvas_fold_get_groups (self->fold);
}

gboolean
jx_timeline_canvas_get_group_folded (JxTimelineCanvas *self,
                                     guint32           group)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), FALSE);
  return jx_canvas_fold_get_folded (self->fold, group);
}

void
jx_timeline_canvas_set_group_folded (JxTimelineCanvas *self,
                                     guint32           group,
                                     gboolean          folded)
{
  g_return_if_fail (JX_IS_TIMELINE_CANVAS (self));
  jx_canvas_fold_set_folded (self->fold, group, folded);
}

gboolean
jx_timeline_canvas_is_busy (JxTimelineCanvas *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), FALSE);
  return jx_canvas_fold_is_busy (self->fold);
}

/* The name of the trace a diff bar compares this one with. */
static const char *
diff_partner_name (JxTimelineCanvas *self)
{
  JxSessionTrace *other = jx_session_trace_get_reference (self->item)
                          ? jx_session_get_compared (self->session)
                          : jx_session_get_reference (self->session);

  return other != NULL ? jx_session_trace_get_name (other) : NULL;
}

/* A stream row's partner in the comparison its diff bars show, and how the
 * two were paired (markup); NULL while there is no finished pair. */
static char *
partner_markup (JxTimelineCanvas *self,
                guint32           stream)
{
  gboolean reference = jx_session_trace_get_reference (self->item);
  JxSessionTrace *compared = reference ? jx_session_get_compared (self->session) : self->item;
  const JxComparisonPair *pair;
  const char *partner;

  if (compared == NULL || stream == JX_NONE)
    return NULL;
  pair = jx_session_trace_get_stream_pair (compared, reference, stream);
  if (pair == NULL || pair->stream_a == JX_NONE || pair->stream_b == JX_NONE)
    return NULL;
  partner = reference ? pair->name_b : pair->name_a;
  if (jx_comparison_pair_get_method (pair) == JX_PAIRED_BY_STRUCTURE)
    return g_markup_printf_escaped (_("Compared with “%s” of %s, paired by structure"), partner,
                                    diff_partner_name (self));
  if (pair->stream_method == JX_PAIRED_BY_USER)
    return g_markup_printf_escaped (_("Compared with “%s” of %s, paired by hand"), partner, diff_partner_name (self));
  return g_markup_printf_escaped (_("Compared with “%s” of %s, paired by name"), partner, diff_partner_name (self));
}

char *
jx_timeline_canvas_dup_tooltip_markup (JxTimelineCanvas *self,
                                       double            x,
                                       double            y)
{
  const JxTimelineView *view;
  const JxTimelineRow *row;
  JxTimelineHit hit;
  char *text;

  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), NULL);

  /* The view of the frame on screen: a tooltip never builds one. */
  if ((view = current_view (self)) == NULL)
    return NULL;
  jx_timeline_renderer_hit (self->renderer, view, x, y, &hit);
  row = hit.row >= 0 ? &view->rows[hit.row] : NULL;

  if (hit.in_labels)
    {
      if (row == NULL)
        return NULL;
      if (row->kind == JX_TIMELINE_ROW_DIFF)
        return jx_timeline_tooltip_diff_label (diff_partner_name (self));
      if (row->kind == JX_TIMELINE_ROW_COUNTER && counter_metric (self) != JX_NONE)
        return jx_timeline_tooltip_counter_label (self->trace, counter_metric (self), view->counter_min,
                                                  view->counter_max);
      text = jx_timeline_tooltip_label (self->trace, row,
                                        row->process == jx_canvas_rows_get_call_stack_process (self->rows));
      if (row->kind == JX_TIMELINE_ROW_STREAM)
        {
          g_autofree char *partner = partner_markup (self, row->stream);

          if (partner != NULL)
            {
              char *both = g_strconcat (text != NULL ? text : "", text != NULL ? "\n" : "", partner, NULL);

              g_free (text);
              text = both;
            }
        }
      return text;
    }
  if (hit.marker >= 0 && jx_timeline_canvas_get_marker (self, hit.marker) != NULL)
    return jx_marker_dup_tooltip_markup (jx_timeline_canvas_get_marker (self, hit.marker));
  if ((text = jx_canvas_fold_dup_tooltip (self->fold, view, &hit, x)) != NULL)
    return text;
  if (row != NULL && row->kind == JX_TIMELINE_ROW_COUNTER)
    {
      JxTimelineCounterHit counter;
      g_autofree char *value = NULL;

      if (!jx_timeline_renderer_counter_at (self->renderer, view, x, y, &counter))
        return NULL;
      value = jx_timeline_counter_hit_text (self->trace, &counter);
      return g_markup_escape_text (value, -1);
    }
  if (row != NULL && row->kind == JX_TIMELINE_ROW_DIFF)
    return hit.has_diff ? jx_diff_text_tooltip (self->session, self->item, &hit.diff) : NULL;
  if (hit.has_invocation)
    return jx_timeline_tooltip_invocation (self->trace, jx_session_trace_get_time_origin (self->item),
                                           hit.stream, hit.invocation);
  return NULL;
}

/* Object --------------------------------------------------------------------- */

int
jx_timeline_canvas_get_label_width (JxTimelineCanvas *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), 0);
  return self->label_width;
}

void
jx_timeline_canvas_set_label_width (JxTimelineCanvas *self,
                                    int               label_width)
{
  g_return_if_fail (JX_IS_TIMELINE_CANVAS (self));

  label_width = CLAMP (label_width, 0, 1000);
  if (self->label_width == label_width)
    return;
  self->label_width = label_width;
  redraw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_WIDTH]);
}

GtkAdjustment *
jx_timeline_canvas_get_vadjustment (JxTimelineCanvas *self)
{
  g_return_val_if_fail (JX_IS_TIMELINE_CANVAS (self), NULL);
  return self->vadjustment;
}

static void
jx_timeline_canvas_dispose (GObject *object)
{
  JxTimelineCanvas *self = JX_TIMELINE_CANVAS (object);

  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  if (self->item_signals != NULL)
    g_signal_group_set_target (self->item_signals, NULL);
  if (self->diff_bar_signals != NULL)
    g_signal_group_set_target (self->diff_bar_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->item_signals);
  g_clear_object (&self->diff_bar_signals);
  /* Lets go of the trace and cancels the call-stack task; the rows object
   * itself stays until finalize for late questions. */
  jx_canvas_rows_set_trace (self->rows, NULL);
  self->view_valid = FALSE;
  self->offset_drag = NULL;
  g_clear_pointer (&self->fold, jx_canvas_fold_free);
  g_clear_object (&self->renderer);
  g_clear_object (&self->trace);
  g_clear_object (&self->item);
  g_clear_object (&self->session);
  g_clear_pointer (&self->markers, jx_item_markers_free);

  G_OBJECT_CLASS (jx_timeline_canvas_parent_class)->dispose (object);
}

static void
jx_timeline_canvas_finalize (GObject *object)
{
  JxTimelineCanvas *self = JX_TIMELINE_CANVAS (object);

  g_clear_object (&self->vadjustment);
  g_clear_pointer (&self->rows, jx_canvas_rows_free);

  G_OBJECT_CLASS (jx_timeline_canvas_parent_class)->finalize (object);
}

static void
jx_timeline_canvas_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  JxTimelineCanvas *self = JX_TIMELINE_CANVAS (object);

  switch (prop_id)
    {
    case PROP_LABEL_WIDTH:
      g_value_set_int (value, self->label_width);
      break;
    case PROP_OVERFLOWING:
      g_value_set_boolean (value, self->overflowing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_timeline_canvas_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  JxTimelineCanvas *self = JX_TIMELINE_CANVAS (object);

  switch (prop_id)
    {
    case PROP_LABEL_WIDTH:
      jx_timeline_canvas_set_label_width (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_timeline_canvas_class_init (JxTimelineCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_timeline_canvas_dispose;
  object_class->finalize = jx_timeline_canvas_finalize;
  object_class->get_property = jx_timeline_canvas_get_property;
  object_class->set_property = jx_timeline_canvas_set_property;
  widget_class->measure = jx_timeline_canvas_measure;
  widget_class->snapshot = jx_timeline_canvas_snapshot;
  widget_class->size_allocate = jx_timeline_canvas_size_allocate;

  properties[PROP_LABEL_WIDTH] =
    g_param_spec_int ("label-width", NULL, NULL, 0, 1000, 180,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* TRUE while the rows are taller than the canvas (show a scrollbar). */
  properties[PROP_OVERFLOWING] =
    g_param_spec_boolean ("overflowing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "jxtimelinecanvas");
}

static void
jx_timeline_canvas_init (JxTimelineCanvas *self)
{
  self->label_width = 180;
  self->rows = jx_canvas_rows_new (on_rows_ready, self);
  self->fold = jx_canvas_fold_new (GTK_WIDGET (self));
  self->vadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 0, JX_TIMELINE_ROW_HEIGHT, 0, 0));
  g_signal_connect_swapped (self->vadjustment, "value-changed", G_CALLBACK (redraw), self);

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::visible-time", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-time", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-invocation", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-trace", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::show-messages", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::search", G_CALLBACK (update_search), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::shift-mode", G_CALLBACK (update_cursor), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-partner-invocation", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-partner-trace", G_CALLBACK (redraw), self);

  /* Only this trace's rows: a finished pair redraws the lanes it fills. */
  self->diff_bar_signals = g_signal_group_new (JX_TYPE_DIFF_BAR_MODEL);
  g_signal_group_connect_swapped (self->diff_bar_signals, "bar-changed", G_CALLBACK (on_bar_changed), self);
  g_signal_group_connect_swapped (self->diff_bar_signals, "rows-changed", G_CALLBACK (on_diff_rows_changed), self);

  self->item_signals = g_signal_group_new (JX_TYPE_SESSION_TRACE);
  g_signal_group_connect_swapped (self->item_signals, "notify::trace", G_CALLBACK (sync_trace), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::offset", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::picked-color", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::summary", G_CALLBACK (update_summary), self);
  g_signal_group_connect_swapped (self->item_signals, "notify::name", G_CALLBACK (update_name), self);
}
