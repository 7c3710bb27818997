/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-charts.c */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "jx-comparison-charts.h"
#include "jx-debounce.h"
#include "jx-metric-chart.h"
#include "jx-timeline-layout.h"

#define DEBOUNCE_MS 120
#define LABEL_WIDTH 150
#define MIN_LABEL_WIDTH 70
#define BLOCK_GAP   10

/* The blocks, top to bottom; only skew and dissimilarity have strips. */
static const JxSeriesKind blocks[] = {
  JX_SERIES_RUNTIME_SKEW, JX_SERIES_DISSIMILARITY, JX_SERIES_TIME_DIFFERENCE,
};

typedef struct
{
  gint                    ref_count;
  JxComparison           *comparison;
  JxTrace                *trace_a;
  JxTrace                *trace_b;
  GPtrArray              *pairs;        /* const JxComparisonPair *, done ones, in order */
  GPtrArray              *labels;       /* char * */
  guint                   line;         /* index into pairs, G_MAXUINT for none */
  gint64                  start_ns;     /* the window computed */
  gint64                  end_ns;
  gint64                  t0;           /* the same in A's ticks */
  gint64                  t1;
  guint                   width;        /* buckets */
  int                     label_width;  /* px left of them */
  JxSeriesBucket        **strips[JX_N_SERIES];   /* [kind][pair], NULL where none */
  JxSeriesBucket         *lines[JX_N_SERIES];
} Result;

struct _JxComparisonCharts
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;
  JxDebounce    compute;
  Result       *result;
  guint         computed_width;
};

G_DEFINE_FINAL_TYPE (JxComparisonCharts, jx_comparison_charts, GTK_TYPE_WIDGET)

static void
result_unref (Result *r)
{
  if (r == NULL || !g_atomic_int_dec_and_test (&r->ref_count))
    return;
  for (guint k = 0; k < JX_N_SERIES; k++)
    {
      for (guint i = 0; r->strips[k] != NULL && i < r->pairs->len; i++)
        g_free (r->strips[k][i]);
      g_free (r->strips[k]);
      g_free (r->lines[k]);
    }
  g_clear_pointer (&r->pairs, g_ptr_array_unref);
  g_clear_pointer (&r->labels, g_ptr_array_unref);
  g_clear_object (&r->trace_a);
  g_clear_object (&r->trace_b);
  g_clear_pointer (&r->comparison, jx_comparison_unref);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Result, result_unref)

static void
sides (Result                 *r,
       const JxComparisonPair *pair,
       JxMetricSide           *a,
       JxMetricSide           *b)
{
  a->stream = jx_trace_get_stream (r->trace_a, pair->stream_a);
  a->symbol_map = NULL;
  a->origin = jx_trace_get_start_time (r->trace_a);
  a->seconds_per_tick = jx_trace_ticks_to_seconds (r->trace_a, 1);
  b->stream = jx_trace_get_stream (r->trace_b, pair->stream_b);
  b->symbol_map = NULL;
  b->origin = jx_trace_get_start_time (r->trace_b);
  b->seconds_per_tick = jx_trace_ticks_to_seconds (r->trace_b, 1);
}

static void
compute_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Result *r = task_data;
  double window = jx_comparison_get_options (r->comparison)->window_fraction;

  for (guint k = 0; k < JX_N_SERIES; k++)
    if (k != JX_SERIES_TIME_DIFFERENCE)
      r->strips[k] = g_new0 (JxSeriesBucket *, MAX (r->pairs->len, 1));

  for (guint i = 0; i < r->pairs->len; i++)
    {
      const JxComparisonPair *pair = g_ptr_array_index (r->pairs, i);
      JxMetricSide a, b;

      sides (r, pair, &a, &b);
      for (guint k = 0; k < JX_N_SERIES; k++)
        {
          JxSeriesBucket *buckets;

          if (k == JX_SERIES_TIME_DIFFERENCE && i != r->line)
            continue;
          buckets = jx_comparison_series_compute (pair, &a, &b, k, r->t0, r->t1, r->width, window,
                                                  cancellable, NULL);
          if (buckets == NULL)
            {
              g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
              return;
            }
          if (i == r->line)
            r->lines[k] = k == JX_SERIES_TIME_DIFFERENCE ? buckets : g_memdup2 (buckets, sizeof *buckets * r->width);
          if (k != JX_SERIES_TIME_DIFFERENCE)
            r->strips[k][i] = buckets;
        }
    }
  g_atomic_int_inc (&r->ref_count);
  g_task_return_pointer (task, r, (GDestroyNotify) result_unref);
}

static void
compute_done (GObject      *source,
              GAsyncResult *res,
              gpointer      user_data)
{
  g_autoptr(JxComparisonCharts) self = user_data;
  g_autoptr(Result) r = g_task_propagate_pointer (G_TASK (res), NULL);

  if (r == NULL || !jx_debounce_finish (&self->compute, g_task_get_cancellable (G_TASK (res))))
    return;
  g_clear_pointer (&self->result, result_unref);
  self->result = g_steal_pointer (&r);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* Narrow panes give the labels less room, never the time. */
static int
label_width (JxComparisonCharts *self)
{
  return CLAMP (gtk_widget_get_width (GTK_WIDGET (self)) / 4, MIN_LABEL_WIDTH, LABEL_WIDTH);
}

static int
time_width (JxComparisonCharts *self)
{
  return MAX (1, gtk_widget_get_width (GTK_WIDGET (self)) - label_width (self));
}

/* The pair of the selection in this comparison, else the least similar one. */
static guint
choose_line (JxComparisonCharts *self,
             GPtrArray          *pairs)
{
  const JxComparisonPair *selected;
  JxSessionTrace *item;
  guint32 stream;
  guint best = G_MAXUINT;

  if (jx_session_get_selected_invocation (self->session, &item, &stream, NULL) &&
      jx_session_get_diff_bar (self->session, item, stream, &selected, NULL, NULL))
    for (guint i = 0; i < pairs->len; i++)
      if (g_ptr_array_index (pairs, i) == selected)
        return i;
  for (guint i = 0; i < pairs->len; i++)
    {
      const JxComparisonPair *p = g_ptr_array_index (pairs, i);

      if (best == G_MAXUINT ||
          p->similarity < ((const JxComparisonPair *) g_ptr_array_index (pairs, best))->similarity)
        best = i;
    }
  return best;
}

static gboolean
start_compute (gpointer user_data)
{
  JxComparisonCharts *self = user_data;
  JxSessionTrace *compared, *reference;
  JxComparison *cmp;
  const JxTimeSpan *view;
  g_autoptr(GTask) task = NULL;
  Result *r;

  compared = self->session != NULL ? jx_session_get_compared (self->session) : NULL;
  reference = self->session != NULL ? jx_session_get_reference (self->session) : NULL;
  cmp = compared != NULL ? jx_session_trace_get_comparison (compared) : NULL;
  if (cmp == NULL || reference == NULL || jx_session_trace_get_trace (reference) == NULL ||
      jx_session_trace_get_trace (compared) == NULL)
    {
      g_clear_pointer (&self->result, result_unref);
      jx_debounce_idle (&self->compute);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      return G_SOURCE_REMOVE;
    }

  r = g_new0 (Result, 1);
  r->ref_count = 1;
  r->comparison = jx_comparison_ref (cmp);
  r->trace_a = g_object_ref (jx_session_trace_get_trace (reference));
  r->trace_b = g_object_ref (jx_session_trace_get_trace (compared));
  r->pairs = g_ptr_array_new ();
  r->labels = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *pair = jx_comparison_get_pair (cmp, i);

      /* Only pairs that are done: the others are still being written. */
      if (pair->stream_b == JX_NONE || jx_session_trace_get_stream_pair (compared, FALSE, pair->stream_b) != pair ||
          pair->diff == NULL)
        continue;
      g_ptr_array_add (r->pairs, (gpointer) pair);
      g_ptr_array_add (r->labels, g_strdup (pair->name_a));
    }
  r->line = choose_line (self, r->pairs);
  view = jx_session_get_visible_time (self->session);
  r->start_ns = view->begin_ns;
  r->end_ns = view->end_ns;
  r->t0 = jx_time_comparison_to_ticks (jx_session_trace_get_time_origin (reference), view->begin_ns);
  r->t1 = jx_time_comparison_to_ticks (jx_session_trace_get_time_origin (reference), view->end_ns);
  r->width = (guint) time_width (self);
  r->label_width = label_width (self);
  self->computed_width = r->width;

  task = g_task_new (NULL, jx_debounce_begin (&self->compute), compute_done, g_object_ref (self));
  g_task_set_task_data (task, r, (GDestroyNotify) result_unref);
  g_task_run_in_thread (task, compute_thread);
  return G_SOURCE_REMOVE;
}

static void
schedule (JxComparisonCharts *self)
{
  jx_debounce_schedule (&self->compute);
}

/* Drawing -------------------------------------------------------------------- */

static void
chart_view (JxComparisonCharts *self,
            JxSeriesKind        kind,
            JxMetricChartView  *view)
{
  Result *r = self->result;
  JxSessionTrace *reference = jx_session_get_reference (self->session);
  JxSessionTrace *compared = jx_session_get_compared (self->session);
  JxSessionTrace *item;
  guint32 stream, inv;

  jx_metric_chart_view_init (view);
  view->kind = kind;
  view->start_ns = r->start_ns;
  view->end_ns = r->end_ns;
  view->width = r->label_width + (int) r->width;
  view->label_width = r->label_width;
  /* The bottom pane is short: a flatter line leaves room for the strips. */
  view->line_height = 64;
  view->dark = jx_session_get_dark (self->session);
  view->line = r->lines[kind];
  view->line_label = r->line < r->labels->len ? g_ptr_array_index (r->labels, r->line) : NULL;
  if (r->strips[kind] != NULL)
    {
      view->strips = (const JxSeriesBucket *const *) r->strips[kind];
      view->strip_labels = (const char *const *) r->labels->pdata;
      view->n_strips = r->pairs->len;
      view->highlighted = r->line;
    }
  /* Skew follows the offsets: B's shift less A's. */
  if (kind == JX_SERIES_RUNTIME_SKEW && reference != NULL && compared != NULL)
    view->value_offset = (double) (jx_session_trace_get_offset (compared) - jx_session_trace_get_offset (reference)) / 1e9;
  view->selected_begin_ns = jx_session_get_selected_time (self->session)->begin_ns;
  view->selected_end_ns = jx_session_get_selected_time (self->session)->end_ns;
  if (jx_session_get_selected_invocation (self->session, &item, &stream, &inv) &&
      jx_session_trace_get_trace (item) != NULL)
    view->marker_ns = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), jx_trace_get_stream (jx_session_trace_get_trace (item), stream)->start[inv]);
}

static int
block_top (JxComparisonCharts *self,
           guint               block)
{
  int y = 0;

  for (guint b = 0; b < block; b++)
    {
      JxMetricChartView view;

      chart_view (self, blocks[b], &view);
      y += jx_metric_chart_get_height (&view) + BLOCK_GAP;
    }
  return y;
}

static void
jx_comparison_charts_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  JxComparisonCharts *self = JX_COMPARISON_CHARTS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->result == NULL || self->session == NULL || width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  for (guint b = 0; b < G_N_ELEMENTS (blocks); b++)
    {
      JxMetricChartView view;

      chart_view (self, blocks[b], &view);
      cairo_save (cr);
      cairo_translate (cr, 0, block_top (self, b));
      jx_metric_chart_draw (cr, &view);
      cairo_restore (cr);
    }
  cairo_destroy (cr);
}

static void
jx_comparison_charts_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  JxComparisonCharts *self = JX_COMPARISON_CHARTS (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = LABEL_WIDTH + 600;
    }
  else
    *minimum = *natural = self->result != NULL && self->session != NULL
                          ? block_top (self, G_N_ELEMENTS (blocks)) : 0;
}

static void
jx_comparison_charts_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  JxComparisonCharts *self = JX_COMPARISON_CHARTS (widget);

  /* One bucket per pixel: a new width is a new computation. */
  if ((guint) time_width (self) != self->computed_width && self->session != NULL)
    schedule (self);
}

/* Pointer -------------------------------------------------------------------- */

/* The pair and block at (x, y): the strip's pair, or on a line chart the
 * line's pair. */
static guint
pair_at (JxComparisonCharts *self,
         double              y,
         JxSeriesKind       *kind,
         gboolean           *on_line)
{
  for (guint b = 0; self->result != NULL && b < G_N_ELEMENTS (blocks); b++)
    {
      JxMetricChartView view;
      int top = block_top (self, b);
      guint strip;

      chart_view (self, blocks[b], &view);
      if (y < top || y >= top + jx_metric_chart_get_height (&view))
        continue;
      *kind = blocks[b];
      *on_line = FALSE;
      strip = jx_metric_chart_strip_at (&view, y - top);
      if (strip != G_MAXUINT)
        return strip;
      *on_line = TRUE;
      {
        int line_top, line_height;

        jx_metric_chart_line_band (&view, &line_top, &line_height);
        return y - top >= line_top && y - top < line_top + line_height ? self->result->line : G_MAXUINT;
      }
    }
  return G_MAXUINT;
}

static gint64
x_to_ns (JxComparisonCharts *self,
         double              x)
{
  Result *r = self->result;

  return r->start_ns + (gint64) ((x - r->label_width) * (double) (r->end_ns - r->start_ns) / MAX (r->width, 1u));
}

static void
on_click_released (GtkGestureClick    *gesture,
                   int                 n_press,
                   double              x,
                   double              y,
                   JxComparisonCharts *self)
{
  JxSessionTrace *reference;
  const JxComparisonPair *pair;
  const JxStream *s;
  JxSeriesKind kind;
  gboolean on_line;
  guint index = pair_at (self, y, &kind, &on_line);
  gint64 ticks;
  guint32 lo = 0, hi;

  if (index == G_MAXUINT || x < self->result->label_width || (reference = jx_session_get_reference (self->session)) == NULL ||
      jx_session_trace_get_trace (reference) != self->result->trace_a)
    return;
  pair = g_ptr_array_index (self->result->pairs, index);
  s = jx_trace_get_stream (self->result->trace_a, pair->stream_a);
  if (s->n_invocations == 0)
    return;
  ticks = jx_time_comparison_to_ticks (jx_session_trace_get_time_origin (reference), x_to_ns (self, x));
  /* The call starting last at or before that time (first one before all). */
  hi = s->n_invocations;
  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if ((gint64) s->start[mid] <= ticks)
        lo = mid + 1;
      else
        hi = mid;
    }
  jx_session_select_invocation (self->session, reference, pair->stream_a, lo > 0 ? lo - 1 : 0);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.reveal-selection", NULL);
}

static gboolean
on_query_tooltip (GtkWidget          *widget,
                  int                 x,
                  int                 y,
                  gboolean            keyboard,
                  GtkTooltip         *tooltip,
                  JxComparisonCharts *self)
{
  JxSeriesKind kind;
  gboolean on_line;
  guint index = pair_at (self, y, &kind, &on_line);
  const JxSeriesBucket *bucket;
  JxMetricChartView view;
  g_autofree char *when = NULL;
  g_autofree char *what = NULL;
  g_autofree char *label = NULL;
  int px = self->result != NULL ? x - self->result->label_width : -1;

  if (keyboard || index == G_MAXUINT || px < 0 || (guint) px >= self->result->width)
    return FALSE;
  if (on_line && self->result->lines[kind] != NULL)
    bucket = &self->result->lines[kind][px];
  else if (!on_line && self->result->strips[kind] != NULL && self->result->strips[kind][index] != NULL)
    bucket = &self->result->strips[kind][index][px];
  else
    return FALSE;
  chart_view (self, kind, &view);
  when = jx_time_format (x_to_ns (self, x), 5);
  if (bucket->n == 0)
    what = g_strdup (_("no aligned calls start here"));
  else if (kind == JX_SERIES_DISSIMILARITY)
    what = g_strdup_printf (_("dissimilarity %.0f %%"), 100.0 * bucket->max);
  else
    {
      g_autofree char *lo = jx_time_format (jx_time_seconds_to_ns (bucket->min + view.value_offset), 3);
      g_autofree char *hi = jx_time_format (jx_time_seconds_to_ns (bucket->max + view.value_offset), 3);

      what = g_strdup_printf (kind == JX_SERIES_RUNTIME_SKEW
                              ? _("runtime skew %s to %s over %u calls")
                              : _("time difference %s to %s over %u calls"),
                              lo, hi, bucket->n);
    }
  label = g_markup_escape_text (g_ptr_array_index (self->result->labels, index), -1);
  {
    g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>\n%s · %s\n<small>%s</small>", label, when, what,
                                                       _("Click to select the reference’s call there"));

    gtk_tooltip_set_markup (tooltip, markup);
  }
  return TRUE;
}

/* Object --------------------------------------------------------------------- */

GtkWidget *
jx_comparison_charts_new (void)
{
  return g_object_new (JX_TYPE_COMPARISON_CHARTS, NULL);
}

void
jx_comparison_charts_set_session (JxComparisonCharts *self,
                                  JxSession          *session)
{
  g_return_if_fail (JX_IS_COMPARISON_CHARTS (self));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  schedule (self);
}

gboolean
jx_comparison_charts_is_busy (JxComparisonCharts *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_CHARTS (self), FALSE);
  return jx_debounce_busy (&self->compute);
}

guint
jx_comparison_charts_get_n_strips (JxComparisonCharts *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_CHARTS (self), 0);
  return self->result != NULL ? self->result->pairs->len : 0;
}

guint
jx_comparison_charts_get_line_pair (JxComparisonCharts *self)
{
  g_return_val_if_fail (JX_IS_COMPARISON_CHARTS (self), G_MAXUINT);

  if (self->result == NULL || self->result->line >= self->result->pairs->len)
    return G_MAXUINT;
  return ((const JxComparisonPair *) g_ptr_array_index (self->result->pairs, self->result->line))->index;
}

const JxSeriesBucket *
jx_comparison_charts_get_line (JxComparisonCharts *self,
                               JxSeriesKind        kind,
                               guint              *n_buckets)
{
  g_return_val_if_fail (JX_IS_COMPARISON_CHARTS (self), NULL);
  g_return_val_if_fail (kind < JX_N_SERIES, NULL);

  if (n_buckets != NULL)
    *n_buckets = self->result != NULL ? self->result->width : 0;
  return self->result != NULL ? self->result->lines[kind] : NULL;
}

static void
jx_comparison_charts_dispose (GObject *object)
{
  JxComparisonCharts *self = JX_COMPARISON_CHARTS (object);

  jx_debounce_clear (&self->compute);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_pointer (&self->result, result_unref);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (jx_comparison_charts_parent_class)->dispose (object);
}

static void
jx_comparison_charts_class_init (JxComparisonChartsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_comparison_charts_dispose;
  widget_class->snapshot = jx_comparison_charts_snapshot;
  widget_class->measure = jx_comparison_charts_measure;
  widget_class->size_allocate = jx_comparison_charts_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "jxcomparisoncharts");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
jx_comparison_charts_init (JxComparisonCharts *self)
{
  GtkGesture *gesture;

  jx_debounce_init (&self->compute, DEBOUNCE_MS, start_compute, self);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  gesture = gtk_gesture_click_new ();
  g_signal_connect (gesture, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::visible-time", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::compared-trace", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::reference", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-stream", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-trace", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-invocation",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-time",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::comparison-pairs", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::offset", G_CALLBACK (schedule), self);
}
