/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-summary-chart.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-debounce.h"
#include "jx-function-summary-chart-private.h"
#include "jx-gdk-rgba.h"
#include "jx-timeline-renderer.h"

#define DEBOUNCE_MS  150
#define BAR_HEIGHT   18
#define COLUMN_GAP   8
#define MIN_COLUMN   300
/* Room around a name in the label column (padding of the chart). */
#define LABEL_MARGIN 12

typedef struct
{
  JxTrace        *trace;   /* NULL: not loaded */
  JxSessionTrace *item;
  char           *name;
  guint64  t0;
  guint64  t1;
  gboolean empty;
  GArray  *bars;           /* JxFunctionSummaryBar */
  double   total_s;
} Column;

struct _JxFunctionSummaryChart
{
  GtkWidget     parent_instance;

  JxSession    *session;
  GSignalGroup *session_signals;
  guint         top_n;

  JxDebounce    compute;
  GPtrArray    *columns;   /* Column, from the last finished computation */
  int           names_px;  /* widest function name of all columns */
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_TOP_N,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxFunctionSummaryChart, jx_function_summary_chart, GTK_TYPE_WIDGET)

static void
column_free (gpointer data)
{
  Column *c = data;

  g_clear_object (&c->trace);
  g_clear_object (&c->item);
  g_clear_pointer (&c->name, g_free);
  g_clear_pointer (&c->bars, g_array_unref);
  g_free (c);
}

typedef struct
{
  GPtrArray *columns;
  guint      reference;
  guint      top_n;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_pointer (&job->columns, g_ptr_array_unref);
  g_free (job);
}

static void
compute_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Job *job = task_data;
  Column *ref = NULL;
  guint i;

  for (i = 0; i < job->columns->len; i++)
    {
      Column *c = g_ptr_array_index (job->columns, i);

      if (g_cancellable_is_cancelled (cancellable))
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
          return;
        }
      if (c->trace == NULL)
        continue;
      if (c->empty)
        c->bars = g_array_new (FALSE, TRUE, sizeof (JxFunctionSummaryBar));
      else
        c->bars = jx_function_summary_compute (c->trace, c->t0, c->t1, job->top_n, &c->total_s);
    }

  /* Same order as the reference trace: the eye reads across the columns. */
  if (job->reference < job->columns->len)
    ref = g_ptr_array_index (job->columns, job->reference);
  if (ref != NULL && ref->bars != NULL)
    for (i = 0; i < job->columns->len; i++)
      {
        Column *c = g_ptr_array_index (job->columns, i);

        if (c != ref && c->bars != NULL)
          jx_function_summary_order_like (c->bars, c->trace, ref->bars, ref->trace);
      }

  g_task_return_pointer (task, g_ptr_array_ref (job->columns), (GDestroyNotify) g_ptr_array_unref);
}

/* Width of the longest function name in the chart's font (the render
 * layer's "Sans 8"), so that the label column is as wide as the names need
 * and no wider. */
static int
measure_names (JxFunctionSummaryChart *self)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 8");
  int widest = 0;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  for (guint i = 0; self->columns != NULL && i < self->columns->len; i++)
    {
      Column *c = g_ptr_array_index (self->columns, i);

      for (guint j = 0; c->trace != NULL && c->bars != NULL && j < c->bars->len; j++)
        {
          const JxFunctionSummaryBar *bar = &g_array_index (c->bars, JxFunctionSummaryBar, j);
          const JxRegion *region = jx_trace_get_region (c->trace, bar->region);
          int w, h;

          if (region == NULL || region->name == NULL)
            continue;
          pango_layout_set_text (layout, region->name, -1);
          pango_layout_get_pixel_size (layout, &w, &h);
          widest = MAX (widest, w);
        }
    }
  return widest;
}

static void
compute_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(JxFunctionSummaryChart) self = user_data;
  GPtrArray *columns;

  columns = g_task_propagate_pointer (G_TASK (result), NULL);
  if (columns == NULL)
    return;
  if (!jx_debounce_finish (&self->compute, g_task_get_cancellable (G_TASK (result))))
    {
      g_ptr_array_unref (columns);
      return;
    }

  g_clear_pointer (&self->columns, g_ptr_array_unref);
  self->columns = columns;
  self->names_px = measure_names (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static gboolean
start_compute (gpointer user_data)
{
  JxFunctionSummaryChart *self = user_data;
  g_autoptr(GTask) task = NULL;
  const JxTimeSpan *view;
  Job *job;
  guint i, n;

  if (self->session == NULL)
    {
      jx_debounce_idle (&self->compute);
      return G_SOURCE_REMOVE;
    }

  job = g_new0 (Job, 1);
  job->columns = g_ptr_array_new_with_free_func (column_free);
  job->reference = G_MAXUINT;
  job->top_n = self->top_n;

  view = jx_session_get_visible_time (self->session);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->session));
  for (i = 0; i < n; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (self->session, i);
      JxTrace *trace = jx_session_trace_get_trace (item);
      Column *c;

      /* A trace that failed to load gets no cell; the window reports it. */
      if (jx_session_trace_get_state (item) == JX_SESSION_TRACE_FAILED)
        continue;
      if (jx_session_trace_get_reference (item))
        job->reference = job->columns->len;
      c = g_new0 (Column, 1);
      c->item = g_object_ref (item);
      c->name = g_strdup (jx_session_trace_get_name (item));
      if (trace != NULL)
        {
          JxTimeOrigin origin = jx_session_trace_get_time_origin (item);
          gint64 a = jx_time_comparison_to_ticks (origin, view->begin_ns);
          gint64 b = jx_time_comparison_to_ticks (origin, view->end_ns);

          c->trace = g_object_ref (trace);
          a = MAX (a, 0);
          b = MAX (b, 0);
          c->t0 = (guint64) a;
          c->t1 = (guint64) b;
          c->empty = b <= a;
        }
      g_ptr_array_add (job->columns, c);
    }

  task = g_task_new (NULL, jx_debounce_begin (&self->compute), compute_done, g_object_ref (self));
  g_task_set_source_tag (task, start_compute);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, compute_thread);

  return G_SOURCE_REMOVE;
}

static void
schedule (JxFunctionSummaryChart *self)
{
  jx_debounce_schedule (&self->compute);
}

static void
column_view (JxFunctionSummaryChart *self,
             guint                   index,
             int                     width,
             double                  max_seconds,
             JxFunctionBarsView     *view)
{
  Column *c = g_ptr_array_index (self->columns, index);

  jx_function_bars_view_init (view);
  view->width = width;
  /* Function names matter more than bar length resolution, up to the point
   * where the bars (and their values) still compare at a glance. */
  view->label_width = CLAMP (self->names_px + LABEL_MARGIN, MAX (width / 4, 60), MAX (width * 13 / 20, 60));
  view->bar_height = BAR_HEIGHT;
  view->max_seconds = max_seconds;
  view->title = c->name;
  if (self->session != NULL)
    {
      GdkRGBA background;

      view->dark = jx_session_get_dark (self->session);
      jx_trace_colors (c->item, view->dark, &background, NULL);
      view->background = jx_rgba_from_gdk (&background);
    }
  view->height = jx_function_bars_get_height (view, c->bars != NULL ? c->bars->len : 0);
}

static double
shared_scale (JxFunctionSummaryChart *self)
{
  double max_s = 0;
  guint i, j;

  for (i = 0; self->columns != NULL && i < self->columns->len; i++)
    {
      Column *c = g_ptr_array_index (self->columns, i);

      for (j = 0; c->bars != NULL && j < c->bars->len; j++)
        max_s = MAX (max_s, g_array_index (c->bars, JxFunctionSummaryBar, j).exclusive_s);
    }
  return max_s;
}

/* Charts sit side by side while each gets MIN_COLUMN px, else they wrap into
 * rows, so that function names stay readable in a narrow pane. */
static guint
n_grid_columns (JxFunctionSummaryChart *self,
                int                     width)
{
  guint n = self->columns != NULL ? MAX (self->columns->len, 1) : 1;
  guint cols = (guint) MAX (1, (width + COLUMN_GAP) / (MIN_COLUMN + COLUMN_GAP));

  return MIN (cols, n);
}

static int
column_width (JxFunctionSummaryChart *self,
              int                     width)
{
  guint cols = n_grid_columns (self, width);

  return MAX (1, (width - (int) (cols - 1) * COLUMN_GAP) / (int) cols);
}

/* Cell of chart i: left, top, width, height (of its grid row). */
static void
cell_rect (JxFunctionSummaryChart *self,
           int                     width,
           guint                   index,
           int                    *x,
           int                    *y,
           int                    *w,
           int                    *h)
{
  guint cols = n_grid_columns (self, width);
  int cw = column_width (self, width);
  guint row = index / cols, r, i;
  int top = 0;

  for (r = 0; r <= row; r++)
    {
      int row_h = 2 * BAR_HEIGHT;

      for (i = r * cols; i < MIN ((r + 1) * cols, self->columns->len); i++)
        {
          JxFunctionBarsView view;

          column_view (self, i, cw, 0, &view);
          row_h = MAX (row_h, view.height);
        }
      if (r == row)
        {
          *x = (int) (index % cols) * (cw + COLUMN_GAP);
          *y = top;
          *w = cw;
          *h = row_h;
          return;
        }
      top += row_h + COLUMN_GAP;
    }
}

static GtkSizeRequestMode
jx_function_summary_chart_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
jx_function_summary_chart_measure (GtkWidget      *widget,
                                   GtkOrientation  orientation,
                                   int             for_size,
                                   int            *minimum,
                                   int            *natural,
                                   int            *minimum_baseline,
                                   int            *natural_baseline)
{
  JxFunctionSummaryChart *self = JX_FUNCTION_SUMMARY_CHART (widget);
  guint n = self->columns != NULL ? self->columns->len : 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = (int) MAX (n, 1) * (MIN_COLUMN + COLUMN_GAP) - COLUMN_GAP;
    }
  else if (n == 0)
    *minimum = *natural = 2 * BAR_HEIGHT;
  else
    {
      int width = for_size > 0 ? for_size : (int) n * (MIN_COLUMN + COLUMN_GAP) - COLUMN_GAP;
      int x, y, w, h;

      cell_rect (self, width, n - 1, &x, &y, &w, &h);
      *minimum = *natural = y + h;
    }
}

static void
jx_function_summary_chart_snapshot (GtkWidget   *widget,
                                    GtkSnapshot *snapshot)
{
  JxFunctionSummaryChart *self = JX_FUNCTION_SUMMARY_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double max_s;
  cairo_t *cr;
  guint i;

  if (self->columns == NULL || self->columns->len == 0)
    return;

  max_s = shared_scale (self);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  for (i = 0; i < self->columns->len; i++)
    {
      Column *c = g_ptr_array_index (self->columns, i);
      JxFunctionBarsView view;
      int x, y, w, h;

      cell_rect (self, width, i, &x, &y, &w, &h);
      column_view (self, i, w, max_s, &view);
      view.height = h;
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_rectangle (cr, 0, 0, w, h);
      cairo_clip (cr);
      if (c->trace != NULL && c->bars != NULL)
        jx_function_bars_draw (cr, c->trace, (const JxFunctionSummaryBar *) (gpointer) c->bars->data,
                                  c->bars->len, &view);
      else
        {
          GdkRGBA background = jx_rgba_to_gdk (&view.background);

          gdk_cairo_set_source_rgba (cr, &background);
          cairo_paint (cr);
        }
      cairo_restore (cr);
    }
  cairo_destroy (cr);
}

/* The column and bar at (x, y), FALSE when none. */
static gboolean
bar_at (JxFunctionSummaryChart *self,
        double                  x,
        double                  y,
        Column                **column,
        const JxFunctionSummaryBar **bar)
{
  JxFunctionBarsView view;
  Column *c;
  int cx, cy, cw, ch, col, b;

  if (self->columns == NULL || self->columns->len == 0)
    return FALSE;
  for (col = 0; col < (int) self->columns->len; col++)
    {
      cell_rect (self, gtk_widget_get_width (GTK_WIDGET (self)), col, &cx, &cy, &cw, &ch);
      if (x >= cx && x < cx + cw && y >= cy && y < cy + ch)
        break;
    }
  if (col >= (int) self->columns->len)
    return FALSE;
  c = g_ptr_array_index (self->columns, col);
  if (c->trace == NULL || c->bars == NULL)
    return FALSE;
  column_view (self, col, cw, shared_scale (self), &view);
  b = jx_function_bars_bar_at (&view, c->bars->len, y - cy);
  if (b < 0)
    return FALSE;
  *column = c;
  *bar = &g_array_index (c->bars, JxFunctionSummaryBar, b);
  return TRUE;
}

gboolean
jx_function_summary_chart_function_at (JxFunctionSummaryChart *self,
                                       double                  x,
                                       double                  y,
                                       JxSessionTrace        **item,
                                       guint32                *region)
{
  const JxFunctionSummaryBar *bar;
  Column *c;

  g_return_val_if_fail (JX_IS_FUNCTION_SUMMARY_CHART (self), FALSE);

  if (!bar_at (self, x, y, &c, &bar))
    return FALSE;
  *item = c->item;
  *region = bar->region;
  return TRUE;
}

static gboolean
on_query_tooltip (GtkWidget              *widget,
                  int                     x,
                  int                     y,
                  gboolean                keyboard,
                  GtkTooltip             *tooltip,
                  JxFunctionSummaryChart *self)
{
  const JxFunctionSummaryBar *bar;
  g_autofree char *excl = NULL;
  g_autofree char *markup = NULL;
  g_autofree char *name = NULL;
  Column *c;

  if (keyboard || !bar_at (self, x, y, &c, &bar))
    return FALSE;

  excl = jx_time_format (bar->exclusive_ns, 4);
  name = g_markup_escape_text (jx_trace_get_region (c->trace, bar->region)->name, -1);
  markup = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "<b>%s</b>\nExclusive %s (%.1f %%)\n%llu invocation",
                                         "<b>%s</b>\nExclusive %s (%.1f %%)\n%llu invocations",
                                         (gulong) MIN (bar->count, G_MAXULONG)),
                            name, excl, 100.0 * bar->fraction, (unsigned long long) bar->count);
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

static void
jx_function_summary_chart_dispose (GObject *object)
{
  JxFunctionSummaryChart *self = JX_FUNCTION_SUMMARY_CHART (object);

  jx_function_summary_chart_set_session (self, NULL);
  _jx_function_summary_chart_dispose_menu (self);
  jx_debounce_clear (&self->compute);
  g_clear_object (&self->session_signals);
  g_clear_pointer (&self->columns, g_ptr_array_unref);

  G_OBJECT_CLASS (jx_function_summary_chart_parent_class)->dispose (object);
}

static void
jx_function_summary_chart_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  JxFunctionSummaryChart *self = JX_FUNCTION_SUMMARY_CHART (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_TOP_N:
      g_value_set_uint (value, self->top_n);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_function_summary_chart_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  JxFunctionSummaryChart *self = JX_FUNCTION_SUMMARY_CHART (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      jx_function_summary_chart_set_session (self, g_value_get_object (value));
      break;
    case PROP_TOP_N:
      jx_function_summary_chart_set_top_n (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_function_summary_chart_class_init (JxFunctionSummaryChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_function_summary_chart_dispose;
  object_class->get_property = jx_function_summary_chart_get_property;
  object_class->set_property = jx_function_summary_chart_set_property;
  widget_class->get_request_mode = jx_function_summary_chart_get_request_mode;
  widget_class->measure = jx_function_summary_chart_measure;
  widget_class->snapshot = jx_function_summary_chart_snapshot;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, JX_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TOP_N] =
    g_param_spec_uint ("top-n", NULL, NULL, 1, 1000, 12,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "jxfunctionsummarychart");
  _jx_function_summary_chart_class_init_menu (widget_class);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
jx_function_summary_chart_init (JxFunctionSummaryChart *self)
{
  self->top_n = 12;
  jx_debounce_init (&self->compute, DEBOUNCE_MS, start_compute, self);

  /* Progress during loading changes nothing here; the end of a load, the
   * window, offsets and the reference (the order of the bars) do. */
  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::visible-time", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::reference", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "items-changed", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::offset", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::state", G_CALLBACK (schedule), self);
  g_signal_group_connect_swapped (self->session_signals, "trace-notify::picked-color",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark",
                                  G_CALLBACK (gtk_widget_queue_draw), self);

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  _jx_function_summary_chart_init_menu (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Function summary"),
                                  -1);
}

GtkWidget *
jx_function_summary_chart_new (JxSession *session)
{
  return g_object_new (JX_TYPE_FUNCTION_SUMMARY_CHART, "session", session, NULL);
}

JxSession *
jx_function_summary_chart_get_session (JxFunctionSummaryChart *self)
{
  g_return_val_if_fail (JX_IS_FUNCTION_SUMMARY_CHART (self), NULL);
  return self->session;
}

void
jx_function_summary_chart_set_session (JxFunctionSummaryChart *self,
                                       JxSession              *session)
{
  g_return_if_fail (JX_IS_FUNCTION_SUMMARY_CHART (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  if (session != NULL)
    schedule (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

guint
jx_function_summary_chart_get_top_n (JxFunctionSummaryChart *self)
{
  g_return_val_if_fail (JX_IS_FUNCTION_SUMMARY_CHART (self), 0);
  return self->top_n;
}

void
jx_function_summary_chart_set_top_n (JxFunctionSummaryChart *self,
                                     guint                   top_n)
{
  g_return_if_fail (JX_IS_FUNCTION_SUMMARY_CHART (self));

  top_n = CLAMP (top_n, 1, 1000);
  if (self->top_n == top_n)
    return;
  self->top_n = top_n;
  if (self->session != NULL)
    schedule (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOP_N]);
}

gboolean
jx_function_summary_chart_is_busy (JxFunctionSummaryChart *self)
{
  g_return_val_if_fail (JX_IS_FUNCTION_SUMMARY_CHART (self), FALSE);
  return jx_debounce_busy (&self->compute);
}

const JxFunctionSummaryBar *
jx_function_summary_chart_get_bars (JxFunctionSummaryChart *self,
                                    JxSessionTrace         *item,
                                    guint                  *n_bars)
{
  Column *c;

  g_return_val_if_fail (JX_IS_FUNCTION_SUMMARY_CHART (self), NULL);

  if (n_bars != NULL)
    *n_bars = 0;
  c = NULL;
  for (guint i = 0; self->columns != NULL && i < self->columns->len; i++)
    if (((Column *) g_ptr_array_index (self->columns, i))->item == item)
      c = g_ptr_array_index (self->columns, i);
  if (c == NULL || c->bars == NULL)
    return NULL;
  if (n_bars != NULL)
    *n_bars = c->bars->len;
  return (const JxFunctionSummaryBar *) (gpointer) c->bars->data;
}
