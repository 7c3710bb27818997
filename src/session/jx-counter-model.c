/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-counter-model.c — the metric the timelines show and its shared scale,
 * recomputed when a trace arrives or goes. */
#include "config.h"

#include <math.h>

#include "jx-counter-model.h"
#include "jx-trace-metrics.h"

struct _JxCounterModel
{
  GObject     parent_instance;

  GListModel *items;          /* weak */
  char       *metric;
  gboolean    chosen;         /* set by the user (or a caller): no default */
  GStrv       metrics;
  double      min;
  double      max;
};

G_DEFINE_FINAL_TYPE (JxCounterModel, jx_counter_model, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_METRIC,
  PROP_METRICS,
  PROP_MIN,
  PROP_MAX,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GPtrArray *
loaded_traces (JxCounterModel *self)
{
  GPtrArray *traces = g_ptr_array_new ();
  guint n = self->items != NULL ? g_list_model_get_n_items (self->items) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (self->items, i);
      JxTrace *trace = jx_session_trace_get_trace (item);

      if (trace != NULL)
        g_ptr_array_add (traces, trace);
    }
  return traces;
}

static void
update (JxCounterModel *self)
{
  g_autoptr(GPtrArray) traces = loaded_traces (self);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  double min, max;

  for (guint t = 0; t < traces->len; t++)
    {
      JxTrace *trace = g_ptr_array_index (traces, t);

      for (guint m = 0; m < jx_trace_get_n_metrics (trace); m++)
        {
          const char *name = jx_trace_get_metric (trace, m)->name;

          if (jx_trace_get_metric (trace, m)->n_samples > 0 &&
              !g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
            g_ptr_array_add (names, (gpointer) name);
        }
    }
  g_ptr_array_add (names, NULL);
  if (self->metrics == NULL || !g_strv_equal ((const char * const *) self->metrics, (const char * const *) names->pdata))
    {
      g_strfreev (self->metrics);
      self->metrics = g_strdupv ((char **) names->pdata);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METRICS]);
    }
  if (!self->chosen && self->metric[0] == '\0' && self->metrics[0] != NULL)
    {
      g_free (self->metric);
      self->metric = g_strdup (self->metrics[0]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METRIC]);
    }

  jx_metric_common_scale ((JxTrace * const *) traces->pdata, traces->len, self->metric, &min, &max);
  if (min != self->min)
    {
      self->min = min;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MIN]);
    }
  if (max != self->max)
    {
      self->max = max;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX]);
    }
}

static void
on_items_changed (GListModel     *items,
                  guint           position,
                  guint           removed,
                  guint           added,
                  JxCounterModel *self)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (items, i);

      g_signal_connect_object (item, "notify::trace", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
    }
  update (self);
}

static void
jx_counter_model_dispose (GObject *object)
{
  JxCounterModel *self = JX_COUNTER_MODEL (object);

  if (self->items != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->items, self);
      g_object_remove_weak_pointer (G_OBJECT (self->items), (gpointer *) &self->items);
      self->items = NULL;
    }
  G_OBJECT_CLASS (jx_counter_model_parent_class)->dispose (object);
}

static void
jx_counter_model_finalize (GObject *object)
{
  JxCounterModel *self = JX_COUNTER_MODEL (object);

  g_free (self->metric);
  g_strfreev (self->metrics);
  G_OBJECT_CLASS (jx_counter_model_parent_class)->finalize (object);
}

static void
jx_counter_model_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  JxCounterModel *self = JX_COUNTER_MODEL (object);

  switch (prop_id)
    {
    case PROP_METRIC:
      g_value_set_string (value, self->metric);
      break;
    case PROP_METRICS:
      g_value_set_boxed (value, self->metrics);
      break;
    case PROP_MIN:
      g_value_set_double (value, self->min);
      break;
    case PROP_MAX:
      g_value_set_double (value, self->max);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_counter_model_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  JxCounterModel *self = JX_COUNTER_MODEL (object);

  switch (prop_id)
    {
    case PROP_METRIC:
      jx_counter_model_set_metric (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_counter_model_class_init (JxCounterModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = jx_counter_model_dispose;
  object_class->finalize = jx_counter_model_finalize;
  object_class->get_property = jx_counter_model_get_property;
  object_class->set_property = jx_counter_model_set_property;

  properties[PROP_METRIC] = g_param_spec_string ("metric", NULL, NULL, "",
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_METRICS] = g_param_spec_boxed ("metrics", NULL, NULL, G_TYPE_STRV, ro);
  properties[PROP_MIN] = g_param_spec_double ("min", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0.0, ro);
  properties[PROP_MAX] = g_param_spec_double ("max", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 1.0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
jx_counter_model_init (JxCounterModel *self)
{
  self->metric = g_strdup ("");
  self->metrics = g_new0 (char *, 1);
  self->min = 0.0;
  self->max = 1.0;
}

JxCounterModel *
jx_counter_model_new (GListModel *items)
{
  JxCounterModel *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (items), NULL);

  self = g_object_new (JX_TYPE_COUNTER_MODEL, NULL);
  self->items = items;
  g_object_add_weak_pointer (G_OBJECT (items), (gpointer *) &self->items);
  g_signal_connect (items, "items-changed", G_CALLBACK (on_items_changed), self);
  on_items_changed (items, 0, 0, g_list_model_get_n_items (items), self);
  return self;
}

const char *
jx_counter_model_get_metric (JxCounterModel *self)
{
  g_return_val_if_fail (JX_IS_COUNTER_MODEL (self), "");
  return self->metric;
}

void
jx_counter_model_set_metric (JxCounterModel *self,
                             const char     *metric)
{
  g_return_if_fail (JX_IS_COUNTER_MODEL (self));

  if (metric == NULL)
    metric = "";
  self->chosen = TRUE;
  if (g_str_equal (self->metric, metric))
    return;
  g_free (self->metric);
  self->metric = g_strdup (metric);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METRIC]);
  update (self);
}

const char * const *
jx_counter_model_get_metrics (JxCounterModel *self)
{
  g_return_val_if_fail (JX_IS_COUNTER_MODEL (self), NULL);
  return (const char * const *) self->metrics;
}

gboolean
jx_counter_model_get_scale (JxCounterModel *self,
                            double         *min,
                            double         *max)
{
  g_return_val_if_fail (JX_IS_COUNTER_MODEL (self), FALSE);
  g_return_val_if_fail (min != NULL && max != NULL, FALSE);

  *min = self->min;
  *max = self->max;
  return self->metric[0] != '\0' && g_strv_contains ((const char * const *) self->metrics, self->metric);
}
