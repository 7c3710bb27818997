/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-chart.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-trend-chart.h"

struct _JxTrendChart
{
  GtkWidget     parent_instance;

  JxTrendStudy *study;
  gint          index;
  gboolean      log_x;
  gboolean      log_y;
  gboolean      dark;
};

G_DEFINE_FINAL_TYPE (JxTrendChart, jx_trend_chart, GTK_TYPE_WIDGET)

gboolean
jx_trend_chart_get_view (JxTrendChart    *self,
                         JxTrendPlotView *view)
{
  g_return_val_if_fail (JX_IS_TREND_CHART (self), FALSE);

  jx_trend_plot_view_init (view);
  if (self->study == NULL || self->index < 0)
    return FALSE;
  view->study = self->study;
  view->series = jx_trend_study_get_series (self->study, self->index);
  view->width = gtk_widget_get_width (GTK_WIDGET (self));
  view->height = gtk_widget_get_height (GTK_WIDGET (self));
  view->log_x = self->log_x;
  view->log_y = self->log_y;
  view->dark = self->dark;
  return TRUE;
}

/* The plot is a handful of points and one curve: drawing it is cheaper
 * than keeping a node for it. */
static void
jx_trend_chart_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  JxTrendChart *self = JX_TREND_CHART (widget);
  JxTrendPlotView view;
  cairo_t *cr;

  if (!jx_trend_chart_get_view (self, &view) || view.width < 40 || view.height < 40)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, view.width, view.height));
  jx_trend_plot_draw (cr, &view);
  cairo_destroy (cr);
}

GtkWidget *
jx_trend_chart_new (void)
{
  return g_object_new (JX_TYPE_TREND_CHART, NULL);
}

void
jx_trend_chart_set_series (JxTrendChart *self,
                           JxTrendStudy *study,
                           gint          index)
{
  g_return_if_fail (JX_IS_TREND_CHART (self));

  if (study == NULL)
    index = -1;
  if (self->study == study && self->index == index)
    return;
  if (study != NULL)
    jx_trend_study_ref (study);
  g_clear_pointer (&self->study, jx_trend_study_unref);
  self->study = study;
  self->index = index;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gint
jx_trend_chart_get_series (JxTrendChart *self)
{
  g_return_val_if_fail (JX_IS_TREND_CHART (self), -1);
  return self->index;
}

void
jx_trend_chart_set_log (JxTrendChart *self,
                        gboolean      log_x,
                        gboolean      log_y)
{
  g_return_if_fail (JX_IS_TREND_CHART (self));

  if (self->log_x == !!log_x && self->log_y == !!log_y)
    return;
  self->log_x = !!log_x;
  self->log_y = !!log_y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
jx_trend_chart_set_dark (JxTrendChart *self,
                         gboolean      dark)
{
  g_return_if_fail (JX_IS_TREND_CHART (self));

  if (self->dark == !!dark)
    return;
  self->dark = !!dark;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
jx_trend_chart_dispose (GObject *object)
{
  JxTrendChart *self = JX_TREND_CHART (object);

  g_clear_pointer (&self->study, jx_trend_study_unref);
  G_OBJECT_CLASS (jx_trend_chart_parent_class)->dispose (object);
}

static void
jx_trend_chart_class_init (JxTrendChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_trend_chart_dispose;
  widget_class->snapshot = jx_trend_chart_snapshot;
  gtk_widget_class_set_css_name (widget_class, "jxtrendchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
jx_trend_chart_init (JxTrendChart *self)
{
  self->index = -1;
  gtk_widget_set_size_request (GTK_WIDGET (self), 160, 120);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("The observations of each parameter value (rings: runs; dot and bar: their median and range) "
                                 "and the fitted model, dashed beyond the observations up to the target"));
}
