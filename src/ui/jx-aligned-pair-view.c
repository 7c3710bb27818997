/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-aligned-pair-view.c */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "jx-aligned-pair-view.h"
#include "jx-diff-text.h"
#include "jx-gdk-rgba.h"
#include "jx-structural-render.h"

#define WHEEL_ZOOM  1.25
#define SMOOTH_ZOOM 1.01
#define KEY_ZOOM    1.5
#define LABEL_WIDTH 200
/* The narrowest window: below a microsecond nothing more shows. */
#define MIN_WINDOW  1000

struct _JxAlignedPairView
{
  GtkWidget               parent_instance;

  JxSession              *session;
  JxSessionTrace         *item_a;       /* the reference */
  JxSessionTrace         *item_b;
  JxComparison           *comparison;   /* owns the alignment */
  const JxComparisonPair *pair;
  JxTrace                *trace_a;
  JxTrace                *trace_b;
  char                   *title;
  char                   *name_a;
  char                   *name_b;
  GSignalGroup           *session_signals;

  GCancellable           *cancellable;
  JxStructuralLayout     *layout;
  guint32                *colors[2][2];  /* [dark][side] region tables */

  gint64                  start;
  gint64                  end;
  double                  pointer_x;
  gint64                  drag_start;
  gint64                  pinch_start;
  gint64                  pinch_end;
};

G_DEFINE_FINAL_TYPE (JxAlignedPairView, jx_aligned_pair_view, GTK_TYPE_WIDGET)

static void
redraw (JxAlignedPairView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The session's selection, as a pair of this view; JX_NONE when elsewhere. */
static guint32
selected_pair (JxAlignedPairView *self)
{
  JxSessionTrace *item;
  guint32 stream, inv;

  if (!jx_session_get_selected_invocation (self->session, &item, &stream, &inv))
    return JX_NONE;
  if (item == self->item_a && stream == self->pair->stream_a)
    return jx_pair_diff_pair_of (self->pair->diff, FALSE, inv);
  if (item == self->item_b && stream == self->pair->stream_b)
    return jx_pair_diff_pair_of (self->pair->diff, TRUE, inv);
  return JX_NONE;
}

static const guint32 *
colors (JxAlignedPairView *self,
        gboolean           dark,
        guint              side)
{
  guint d = dark ? 1 : 0;

  if (self->colors[d][side] == NULL)
    self->colors[d][side] = jx_palette_region_table_new (side == 0 ? self->trace_a : self->trace_b, dark);
  return self->colors[d][side];
}

/* Opened on a selected call: centred on its pair, wide enough for some
 * context around it. */
static void
reveal_selection (JxAlignedPairView *self)
{
  guint32 pair = selected_pair (self);
  gint64 start, end_a, end_b, length, width;

  if (pair == JX_NONE || self->layout == NULL)
    return;
  jx_structural_layout_get_slot (self->layout, pair, &start, &end_a, &end_b);
  length = jx_structural_layout_get_length (self->layout);
  width = MAX (40 * (MAX (end_a, end_b) - start), length / 50);
  jx_aligned_pair_view_set_window (self, start - width / 3, start - width / 3 + width);
}

static gboolean
fill_view (JxAlignedPairView *self,
           JxStructuralView  *view)
{
  gboolean dark;
  GdkRGBA tint;

  jx_structural_view_init (view);
  if (self->layout == NULL)
    return FALSE;
  dark = jx_session_get_dark (self->session);
  view->layout = self->layout;
  view->a = (JxStructuralSide) { self->trace_a, jx_trace_get_stream (self->trace_a, self->pair->stream_a) };
  view->b = (JxStructuralSide) { self->trace_b, jx_trace_get_stream (self->trace_b, self->pair->stream_b) };
  view->name_a = self->name_a;
  view->name_b = self->name_b;
  view->start = self->start;
  view->end = self->end;
  view->width = gtk_widget_get_width (GTK_WIDGET (self));
  view->height = gtk_widget_get_height (GTK_WIDGET (self));
  view->label_width = MIN (LABEL_WIDTH, view->width / 3);
  view->dark = dark;
  jx_trace_colors (self->item_a, dark, &tint, NULL);
  view->tint_a = jx_rgba_from_gdk (&tint);
  jx_trace_colors (self->item_b, dark, &tint, NULL);
  view->tint_b = jx_rgba_from_gdk (&tint);
  view->colors_a = colors (self, dark, 0);
  view->colors_b = colors (self, dark, 1);
  view->selected_pair = selected_pair (self);
  return TRUE;
}

static void
jx_aligned_pair_view_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  JxAlignedPairView *self = JX_ALIGNED_PAIR_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  JxStructuralView view;
  cairo_t *cr;

  if (width <= 0 || height <= 0 || !fill_view (self, &view))
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  jx_structural_render_draw (cr, &view);
  cairo_destroy (cr);
}

static void
jx_aligned_pair_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = *natural = jx_structural_render_height ();
  else
    {
      *minimum = 400;
      *natural = 1200;
    }
}

/* Window --------------------------------------------------------------------- */

static double
time_width (JxAlignedPairView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  return MAX (1, width - MIN (LABEL_WIDTH, width / 3));
}

static double
label_width (JxAlignedPairView *self)
{
  return MIN (LABEL_WIDTH, gtk_widget_get_width (GTK_WIDGET (self)) / 3);
}

void
jx_aligned_pair_view_set_window (JxAlignedPairView *self,
                                 gint64             start,
                                 gint64             end)
{
  gint64 length, width;

  g_return_if_fail (JX_IS_ALIGNED_PAIR_VIEW (self));

  length = self->layout != NULL ? MAX (jx_structural_layout_get_length (self->layout), MIN_WINDOW) : MIN_WINDOW;
  width = CLAMP (end - start, MIN_WINDOW, length);
  start = CLAMP (start, 0, length - width);
  if (start == self->start && start + width == self->end)
    return;
  self->start = start;
  self->end = start + width;
  redraw (self);
}

void
jx_aligned_pair_view_get_window (JxAlignedPairView *self,
                                 gint64            *start,
                                 gint64            *end)
{
  g_return_if_fail (JX_IS_ALIGNED_PAIR_VIEW (self));

  if (start != NULL)
    *start = self->start;
  if (end != NULL)
    *end = self->end;
}

static void
zoom_at (JxAlignedPairView *self,
         double             factor,
         double             x)
{
  double width = (double) (self->end - self->start);
  double frac = CLAMP ((x - label_width (self)) / time_width (self), 0.0, 1.0);
  double new_width = width / factor;
  gint64 at = self->start + (gint64) (frac * width);
  gint64 start = at - (gint64) (frac * new_width);

  jx_aligned_pair_view_set_window (self, start, start + (gint64) MAX (new_width, 1.0));
}

static void
pan (JxAlignedPairView *self,
     double             fraction)
{
  gint64 delta = (gint64) (fraction * (double) (self->end - self->start));

  jx_aligned_pair_view_set_window (self, self->start + delta, self->end + delta);
}

static void
window_action (GtkWidget  *widget,
               const char *name,
               GVariant   *parameter)
{
  JxAlignedPairView *self = JX_ALIGNED_PAIR_VIEW (widget);
  double centre = label_width (self) + time_width (self) / 2.0;

  if (g_str_equal (name, "pair.zoom-in"))
    zoom_at (self, KEY_ZOOM, centre);
  else if (g_str_equal (name, "pair.zoom-out"))
    zoom_at (self, 1.0 / KEY_ZOOM, centre);
  else if (g_str_equal (name, "pair.zoom-all"))
    jx_aligned_pair_view_set_window (self, 0, self->layout != NULL ? jx_structural_layout_get_length (self->layout) : 1);
  else if (g_str_equal (name, "pair.pan-left"))
    pan (self, -0.25);
  else
    pan (self, 0.25);
}

/* Pointer ------------------------------------------------------------------- */

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           JxAlignedPairView        *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean smooth = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE;

  if ((state & GDK_CONTROL_MASK) != 0)
    {
      zoom_at (self, pow (smooth ? SMOOTH_ZOOM : WHEEL_ZOOM, -dy), self->pointer_x);
      return TRUE;
    }
  if ((state & GDK_SHIFT_MASK) != 0 && dx == 0)
    dx = dy;
  if (dx == 0)
    return FALSE;
  pan (self, smooth ? dx / time_width (self) : dx / 10.0);
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           JxAlignedPairView        *self)
{
  self->pointer_x = x;
}

static void
on_drag_begin (GtkGestureDrag    *gesture,
               double             x,
               double             y,
               JxAlignedPairView *self)
{
  self->drag_start = self->start;
}

static void
on_drag_update (GtkGestureDrag    *gesture,
                double             dx,
                double             dy,
                JxAlignedPairView *self)
{
  gint64 width = self->end - self->start;
  gint64 start = self->drag_start - (gint64) (dx * (double) width / time_width (self));

  if (fabs (dx) < 3.0)
    return;
  jx_aligned_pair_view_set_window (self, start, start + width);
}

static void
on_pinch_begin (GtkGesture        *gesture,
                GdkEventSequence  *sequence,
                JxAlignedPairView *self)
{
  self->pinch_start = self->start;
  self->pinch_end = self->end;
}

static void
on_pinch_scale_changed (GtkGestureZoom    *gesture,
                        double             scale,
                        JxAlignedPairView *self)
{
  double frac = CLAMP ((self->pointer_x - label_width (self)) / time_width (self), 0.0, 1.0);
  double width0 = (double) (self->pinch_end - self->pinch_start);
  double width1 = width0 / MAX (scale, 0.01);
  gint64 at = self->pinch_start + (gint64) (frac * width0);
  gint64 start = at - (gint64) (frac * width1);

  jx_aligned_pair_view_set_window (self, start, start + (gint64) MAX (width1, 1.0));
}

static void
on_click_released (GtkGestureClick   *gesture,
                   int                n_press,
                   double             x,
                   double             y,
                   JxAlignedPairView *self)
{
  const JxAlignPair *p;
  guint32 pair = jx_aligned_pair_view_pair_at (self, x, y, NULL);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (pair == JX_NONE)
    return;
  p = &self->pair->alignment->pairs[pair];
  /* The reference's call when there is one; its partner follows. */
  if (p->a != JX_ALIGN_NONE)
    jx_session_select_invocation (self->session, self->item_a, self->pair->stream_a, p->a);
  else
    jx_session_select_invocation (self->session, self->item_b, self->pair->stream_b, p->b);
}

static gboolean
on_query_tooltip (GtkWidget         *widget,
                  int                x,
                  int                y,
                  gboolean           keyboard,
                  GtkTooltip        *tooltip,
                  JxAlignedPairView *self)
{
  g_autofree char *markup = NULL;

  if (keyboard || (markup = jx_aligned_pair_view_dup_tooltip (self, x, y)) == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

/* Queries ------------------------------------------------------------------- */

gboolean
jx_aligned_pair_view_is_ready (JxAlignedPairView *self)
{
  g_return_val_if_fail (JX_IS_ALIGNED_PAIR_VIEW (self), FALSE);
  return self->layout != NULL;
}

double
jx_aligned_pair_view_pair_x (JxAlignedPairView *self,
                             guint32            pair)
{
  JxStructuralView view;
  gint64 start;

  g_return_val_if_fail (JX_IS_ALIGNED_PAIR_VIEW (self), -1.0);

  if (!fill_view (self, &view) || pair >= jx_structural_layout_get_n_pairs (self->layout))
    return -1.0;
  jx_structural_layout_get_slot (self->layout, pair, &start, NULL, NULL);
  return jx_structural_view_time_to_x (&view, start);
}

guint32
jx_aligned_pair_view_pair_at (JxAlignedPairView *self,
                              double             x,
                              double             y,
                              int               *part)
{
  JxStructuralView view;

  g_return_val_if_fail (JX_IS_ALIGNED_PAIR_VIEW (self), JX_NONE);

  if (!fill_view (self, &view))
    return JX_NONE;
  if (part != NULL)
    *part = jx_structural_render_part_at (&view, y);
  return jx_structural_render_pair_at (&view, x, y);
}

static char *
side_line (JxSessionTrace *item,
           guint32         stream,
           guint32         inv)
{
  JxTrace *trace = jx_session_trace_get_trace (item);
  const JxStream *s = jx_trace_get_stream (trace, stream);
  g_autofree char *start = jx_time_format (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), s->start[inv]), 6);
  g_autofree char *duration = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (s->end[inv] - s->start[inv])), 4);

  return g_markup_printf_escaped (_("<b>%s</b> in “%s”: %s from %s"),
                                  jx_trace_get_region (trace, s->region[inv])->name,
                                  jx_session_trace_get_name (item), duration, start);
}

char *
jx_aligned_pair_view_dup_tooltip (JxAlignedPairView *self,
                                  double             x,
                                  double             y)
{
  const JxAlignPair *p;
  g_autoptr(GString) text = NULL;
  guint32 pair;

  g_return_val_if_fail (JX_IS_ALIGNED_PAIR_VIEW (self), NULL);

  pair = jx_aligned_pair_view_pair_at (self, x, y, NULL);
  if (pair == JX_NONE || jx_session_trace_get_trace (self->item_a) == NULL ||
      jx_session_trace_get_trace (self->item_b) == NULL)
    return NULL;
  p = &self->pair->alignment->pairs[pair];
  text = g_string_new (NULL);
  for (guint side = 0; side < 2; side++)
    {
      guint32 node = side == 0 ? p->a : p->b;
      JxSessionTrace *item = side == 0 ? self->item_a : self->item_b;

      if (side > 0)
        g_string_append_c (text, '\n');
      if (node == JX_ALIGN_NONE)
        {
          g_autofree char *none = g_markup_printf_escaped (_("nothing in “%s”"), jx_session_trace_get_name (item));

          g_string_append (text, none);
        }
      else
        {
          g_autofree char *line = side_line (item, side == 0 ? self->pair->stream_a : self->pair->stream_b, node);

          g_string_append (text, line);
        }
    }
  if (p->a != JX_ALIGN_NONE && p->b != JX_ALIGN_NONE)
    {
      const JxStream *sa = jx_trace_get_stream (self->trace_a, self->pair->stream_a);
      const JxStream *sb = jx_trace_get_stream (self->trace_b, self->pair->stream_b);
      g_autofree char *change = jx_diff_text_change (jx_trace_ticks_to_ns (self->trace_a, (gint64) (sa->end[p->a] - sa->start[p->a])),
                                                     jx_trace_ticks_to_ns (self->trace_b, (gint64) (sb->end[p->b] - sb->start[p->b])),
                                                     jx_session_trace_get_name (self->item_a),
                                                     jx_session_trace_get_name (self->item_b));
      g_autofree char *escaped = g_markup_escape_text (change, -1);

      g_string_append_printf (text, "\n%s · %s", p->state == JX_PAIR_EQUAL ? _("equal") : _("different"), escaped);
    }
  g_string_append_printf (text, "\n<small>%s</small>", _("Times are the calls’ real times; the layout is virtual."));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

const char *
jx_aligned_pair_view_get_title (JxAlignedPairView *self)
{
  g_return_val_if_fail (JX_IS_ALIGNED_PAIR_VIEW (self), NULL);
  return self->title;
}

/* Layout --------------------------------------------------------------------- */

typedef struct
{
  JxComparison           *comparison;
  const JxComparisonPair *pair;
  JxTrace                *trace_a;
  JxTrace                *trace_b;
} LayoutJob;

static void
layout_job_free (gpointer data)
{
  LayoutJob *job = data;

  jx_comparison_unref (job->comparison);
  g_object_unref (job->trace_a);
  g_object_unref (job->trace_b);
  g_free (job);
}

static void
layout_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  LayoutJob *job = task_data;
  JxStructuralSide a = { job->trace_a, jx_trace_get_stream (job->trace_a, job->pair->stream_a) };
  JxStructuralSide b = { job->trace_b, jx_trace_get_stream (job->trace_b, job->pair->stream_b) };
  GError *error = NULL;
  JxStructuralLayout *layout = jx_structural_layout_new (job->pair->alignment, &a, &b, cancellable, &error);

  if (layout == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, layout, (GDestroyNotify) jx_structural_layout_free);
}

static void
layout_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(JxAlignedPairView) self = user_data;
  JxStructuralLayout *layout = g_task_propagate_pointer (G_TASK (result), NULL);

  if (layout == NULL)
    return;
  if (self->cancellable == NULL || g_cancellable_is_cancelled (self->cancellable))
    {
      jx_structural_layout_free (layout);
      return;
    }
  self->layout = layout;
  self->start = 0;
  self->end = MAX (jx_structural_layout_get_length (layout), 1);
  reveal_selection (self);
  redraw (self);
}

GtkWidget *
jx_aligned_pair_view_new (JxSession      *session,
                          JxSessionTrace *item,
                          guint32         stream)
{
  JxAlignedPairView *self;
  const JxComparisonPair *pair;
  JxSessionTrace *other;
  gboolean side_b;
  g_autoptr(GTask) task = NULL;
  LayoutJob *job;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);

  if (!jx_session_get_diff_bar (session, item, stream, &pair, &side_b, &other))
    return NULL;

  self = g_object_new (JX_TYPE_ALIGNED_PAIR_VIEW, NULL);
  self->session = g_object_ref (session);
  self->item_a = g_object_ref (side_b ? other : item);
  self->item_b = g_object_ref (side_b ? item : other);
  self->comparison = jx_comparison_ref (jx_session_trace_get_comparison (self->item_b));
  self->pair = pair;
  self->trace_a = g_object_ref (jx_session_trace_get_trace (self->item_a));
  self->trace_b = g_object_ref (jx_session_trace_get_trace (self->item_b));
  /* Rows name the traces; the title names the streams too. */
  self->name_a = g_strdup (jx_session_trace_get_name (self->item_a));
  self->name_b = g_strdup (jx_session_trace_get_name (self->item_b));
  self->title = g_strdup_printf ("%s · %s  ⇔  %s · %s", self->name_a, pair->name_a, self->name_b, pair->name_b);
  g_signal_group_set_target (self->session_signals, session);

  job = g_new0 (LayoutJob, 1);
  job->comparison = jx_comparison_ref (self->comparison);
  job->pair = pair;
  job->trace_a = g_object_ref (self->trace_a);
  job->trace_b = g_object_ref (self->trace_b);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->cancellable, layout_done, g_object_ref (self));
  g_task_set_task_data (task, job, layout_job_free);
  g_task_run_in_thread (task, layout_thread);
  return GTK_WIDGET (self);
}

/* Object --------------------------------------------------------------------- */

static void
jx_aligned_pair_view_dispose (GObject *object)
{
  JxAlignedPairView *self = JX_ALIGNED_PAIR_VIEW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_pointer (&self->layout, jx_structural_layout_free);
  for (guint d = 0; d < 2; d++)
    for (guint s = 0; s < 2; s++)
      g_clear_pointer (&self->colors[d][s], g_free);
  g_clear_pointer (&self->comparison, jx_comparison_unref);
  g_clear_object (&self->trace_a);
  g_clear_object (&self->trace_b);
  g_clear_object (&self->item_a);
  g_clear_object (&self->item_b);
  g_clear_object (&self->session);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->name_a, g_free);
  g_clear_pointer (&self->name_b, g_free);

  G_OBJECT_CLASS (jx_aligned_pair_view_parent_class)->dispose (object);
}

static void
jx_aligned_pair_view_class_init (JxAlignedPairViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_aligned_pair_view_dispose;
  widget_class->snapshot = jx_aligned_pair_view_snapshot;
  widget_class->measure = jx_aligned_pair_view_measure;

  gtk_widget_class_install_action (widget_class, "pair.zoom-in", NULL, window_action);
  gtk_widget_class_install_action (widget_class, "pair.zoom-out", NULL, window_action);
  gtk_widget_class_install_action (widget_class, "pair.zoom-all", NULL, window_action);
  gtk_widget_class_install_action (widget_class, "pair.pan-left", NULL, window_action);
  gtk_widget_class_install_action (widget_class, "pair.pan-right", NULL, window_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "pair.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_SHIFT_MASK, "pair.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "pair.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "pair.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "pair.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "pair.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "pair.zoom-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, 0, "pair.zoom-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "pair.pan-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "pair.pan-right", NULL);

  gtk_widget_class_set_css_name (widget_class, "jxalignedpairview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
jx_aligned_pair_view_init (JxAlignedPairView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  gesture = gtk_gesture_drag_new ();
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
  gesture = gtk_gesture_click_new ();
  g_signal_connect (gesture, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_pinch_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_pinch_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-invocation", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-trace", G_CALLBACK (redraw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (redraw), self);
}
