/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-metrics.c — metric definitions and samples: collected per stream
 * while loading (each stream by one thread, no lock), moved into the trace
 * when it is finished, with the displayed values derived once. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <otf2/otf2.h>

#include "jx-trace-builder-private.h"
#include "jx-trace-metrics.h"

/* Builder side */

typedef struct
{
  GArray *time;                /* guint64 */
  GArray *value;               /* JxMetricValue */
} MetricColumn;

typedef struct
{
  GPtrArray *columns;          /* MetricColumn *, by metric; NULL entries */
  guint64    caveats[JX_N_METRIC_CAVEATS];
} StreamMetrics;

static void
metric_column_free (gpointer data)
{
  MetricColumn *c = data;

  if (c == NULL)
    return;
  g_clear_pointer (&c->time, g_array_unref);
  g_clear_pointer (&c->value, g_array_unref);
  g_free (c);
}

void
_jx_stream_metrics_free (gpointer data)
{
  StreamMetrics *m = data;

  if (m == NULL)
    return;
  g_clear_pointer (&m->columns, g_ptr_array_unref);
  g_free (m);
}

static GArray *
trace_metric_defs (JxTrace *trace)
{
  if (trace->metric_defs == NULL)
    trace->metric_defs = g_array_new (FALSE, TRUE, sizeof (JxMetricDef));
  return trace->metric_defs;
}

guint32
jx_trace_builder_add_metric (JxTraceBuilder    *self,
                             const char        *name,
                             const char        *description,
                             const char        *unit,
                             guint8             mode,
                             JxMetricValueType  value_type,
                             guint8             base,
                             gint64             exponent)
{
  JxMetricDef def = { 0 };
  GArray *defs;

  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (name != NULL, JX_NONE);

  def.name = _jx_trace_builder_intern (self, name);
  def.description = _jx_trace_builder_intern (self, description != NULL ? description : "");
  def.unit = _jx_trace_builder_intern (self, unit != NULL ? unit : "");
  def.mode = mode;
  def.value_type = value_type <= JX_METRIC_VALUE_DOUBLE ? value_type : JX_METRIC_VALUE_UINT64;
  def.base = base;
  def.exponent = exponent;
  def.display_min = def.display_max = NAN;
  defs = trace_metric_defs (self->trace);
  g_array_append_val (defs, def);
  return defs->len - 1;
}

static StreamMetrics *
stream_metrics (JxTraceBuilder *self,
                guint32         stream)
{
  JxStreamWriter *w = _jx_trace_builder_stream (self, stream);

  if (w->metrics == NULL)
    {
      StreamMetrics *m = g_new0 (StreamMetrics, 1);

      m->columns = g_ptr_array_new_with_free_func (metric_column_free);
      w->metrics = m;
    }
  return w->metrics;
}

void
jx_trace_builder_count_metric_caveat (JxTraceBuilder *self,
                                      guint32         stream,
                                      JxMetricCaveat  caveat)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);
  g_return_if_fail (caveat < JX_N_METRIC_CAVEATS);

  stream_metrics (self, stream)->caveats[caveat]++;
}

static JxMetricValue
convert_value (JxMetricValueType from,
               JxMetricValueType to,
               JxMetricValue     value)
{
  JxMetricValue out;
  double d;

  if (from == to)
    return value;
  d = jx_metric_value_to_double (from, value);
  switch (to)
    {
    case JX_METRIC_VALUE_INT64:
      out.i = from == JX_METRIC_VALUE_UINT64 ? (gint64) MIN (value.u, (guint64) G_MAXINT64)
              : isnan (d) ? 0 : d >= 9.2e18 ? G_MAXINT64 : d <= -9.2e18 ? G_MININT64 : (gint64) d;
      break;
    case JX_METRIC_VALUE_UINT64:
      out.u = from == JX_METRIC_VALUE_INT64 ? (guint64) MAX (value.i, 0)
              : isnan (d) || d <= 0 ? 0 : d >= 1.8e19 ? G_MAXUINT64 : (guint64) d;
      break;
    case JX_METRIC_VALUE_DOUBLE:
    default:
      out.d = d;
      break;
    }
  return out;
}

void
jx_trace_builder_add_metric_sample (JxTraceBuilder    *self,
                                    guint32            stream,
                                    guint32            metric,
                                    guint64            time,
                                    JxMetricValueType  value_type,
                                    JxMetricValue      value)
{
  const JxMetricDef *def;
  StreamMetrics *m;
  MetricColumn *c;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);
  g_return_if_fail (self->trace->metric_defs != NULL && metric < self->trace->metric_defs->len);

  def = &g_array_index (self->trace->metric_defs, JxMetricDef, metric);
  m = stream_metrics (self, stream);
  if (metric >= m->columns->len)
    g_ptr_array_set_size (m->columns, metric + 1);
  c = g_ptr_array_index (m->columns, metric);
  if (c == NULL)
    {
      c = g_new0 (MetricColumn, 1);
      c->time = g_array_new (FALSE, FALSE, sizeof (guint64));
      c->value = g_array_new (FALSE, FALSE, sizeof (JxMetricValue));
      g_ptr_array_index (m->columns, metric) = c;
    }
  if (c->time->len > 0 && time < g_array_index (c->time, guint64, c->time->len - 1))
    {
      m->caveats[JX_METRIC_CAVEAT_BACKWARDS]++;
      return;
    }
  if (value_type != def->value_type)
    {
      m->caveats[JX_METRIC_CAVEAT_VALUE_TYPE]++;
      value = convert_value (value_type, def->value_type, value);
    }
  g_array_append_val (c->time, time);
  g_array_append_val (c->value, value);
}

/* Finishing: the displayed values */

static double
scale_factor (const JxMetricDef *def)
{
  double base = def->base == OTF2_BASE_BINARY ? 2.0 : 10.0;

  if (def->exponent == 0)
    return 1.0;
  return pow (base, (double) CLAMP (def->exponent, -300, 300));
}

/* Difference b - a of two recorded values as a double; NaN when an
 * accumulated counter went down. */
static double
value_delta (JxMetricValueType type,
             JxMetricValue     a,
             JxMetricValue     b)
{
  switch (type)
    {
    case JX_METRIC_VALUE_UINT64:
      return b.u >= a.u ? (double) (b.u - a.u) : NAN;
    case JX_METRIC_VALUE_INT64:
      return b.i >= a.i ? (double) b.i - (double) a.i : NAN;
    case JX_METRIC_VALUE_DOUBLE:
    default:
      return b.d >= a.d ? b.d - a.d : NAN;
    }
}

/* Step k covers [time[k], time[k + 1]). Accumulated counters: start and
 * point timing count from the start of the measurement, so the step shows
 * the increase over it; last timing counts the increase up to the sample,
 * so sample k + 1 belongs to step k; next timing counts from the sample,
 * so sample k does. Each is divided by the step's length in seconds.
 * Absolute and relative values are held: point and next timing from the
 * sample on, last timing up to it. */
static guint64
derive_display (JxTrace           *trace,
                const JxMetricDef *def,
                JxMetricSeries    *s,
                double            *display)
{
  guint8 kind = def->mode & OTF2_METRIC_VALUE_MASK;
  guint8 timing = def->mode & OTF2_METRIC_TIMING_MASK;
  gboolean accumulated = kind == OTF2_METRIC_VALUE_ACCUMULATED;
  double factor = scale_factor (def);
  double resolution = (double) MAX (trace->timer_resolution, 1);
  guint64 decreases = 0;

  for (guint32 k = 0; k + 1 < s->n; k++)
    {
      guint64 dt = s->time[k + 1] - s->time[k];
      double v;

      if (accumulated)
        {
          if (dt == 0)
            v = NAN;
          else if (timing == OTF2_METRIC_TIMING_LAST)
            v = jx_metric_value_to_double (def->value_type, s->value[k + 1]);
          else if (timing == OTF2_METRIC_TIMING_NEXT)
            v = jx_metric_value_to_double (def->value_type, s->value[k]);
          else
            {
              v = value_delta (def->value_type, s->value[k], s->value[k + 1]);
              if (isnan (v))
                decreases++;
            }
          v = v * factor * resolution / (double) MAX (dt, 1);
        }
      else if (timing == OTF2_METRIC_TIMING_LAST)
        v = jx_metric_value_to_double (def->value_type, s->value[k + 1]) * factor;
      else
        v = jx_metric_value_to_double (def->value_type, s->value[k]) * factor;
      display[k] = v;
    }
  if (s->n > 0)
    display[s->n - 1] = NAN;
  return decreases;
}

void
_jx_trace_builder_finish_metrics (JxTraceBuilder *self)
{
  JxTrace *trace = self->trace;
  guint n_streams = self->streams->len;
  guint n_metrics = trace->metric_defs != NULL ? trace->metric_defs->len : 0;
  gboolean any = FALSE;

  for (guint i = 0; i < n_streams; i++)
    {
      JxStreamWriter *w = g_ptr_array_index (self->streams, i);
      StreamMetrics *m = w->metrics;

      if (m == NULL)
        continue;
      for (guint c = 0; c < JX_N_METRIC_CAVEATS; c++)
        trace->metric_caveats[c] += m->caveats[c];
      for (guint k = 0; k < m->columns->len; k++)
        if (g_ptr_array_index (m->columns, k) != NULL)
          any = TRUE;
    }
  if (!any || n_metrics == 0)
    return;

  trace->metric_series = g_new0 (JxMetricSeries, (gsize) n_streams * n_metrics);
  for (guint i = 0; i < n_streams; i++)
    {
      JxStreamWriter *w = g_ptr_array_index (self->streams, i);
      StreamMetrics *m = w->metrics;

      if (m == NULL)
        continue;
      for (guint k = 0; k < m->columns->len && k < n_metrics; k++)
        {
          MetricColumn *c = g_ptr_array_index (m->columns, k);
          JxMetricSeries *s = &trace->metric_series[(gsize) i * n_metrics + k];
          JxMetricDef *def = &g_array_index (trace->metric_defs, JxMetricDef, k);
          double *display;

          if (c == NULL || c->time->len == 0)
            continue;
          s->n = c->time->len;
          s->time = (const guint64 *) (gpointer) g_array_steal (c->time, NULL);
          s->value = (const JxMetricValue *) (gpointer) g_array_steal (c->value, NULL);
          display = g_new (double, s->n);
          trace->metric_caveats[JX_METRIC_CAVEAT_DECREASE] += derive_display (trace, def, s, display);
          s->display = display;

          def->n_samples += s->n;
          def->n_streams++;
          for (guint32 j = 0; j + 1 < s->n; j++)
            if (!isnan (display[j]))
              {
                if (isnan (def->display_min) || display[j] < def->display_min)
                  def->display_min = display[j];
                if (isnan (def->display_max) || display[j] > def->display_max)
                  def->display_max = display[j];
              }
        }
    }
}

void
_jx_trace_metrics_clear (JxTrace *trace)
{
  if (trace->metric_series != NULL)
    {
      gsize n = (gsize) trace->streams->len * (trace->metric_defs != NULL ? trace->metric_defs->len : 0);

      for (gsize i = 0; i < n; i++)
        {
          g_free ((gpointer) trace->metric_series[i].time);
          g_free ((gpointer) trace->metric_series[i].value);
          g_free ((gpointer) trace->metric_series[i].display);
        }
      g_clear_pointer (&trace->metric_series, g_free);
    }
  g_clear_pointer (&trace->metric_defs, g_array_unref);
}

gsize
_jx_trace_metrics_memory (JxTrace *trace)
{
  guint n_metrics = jx_trace_get_n_metrics (trace);
  gsize size = (gsize) n_metrics * sizeof (JxMetricDef);

  if (trace->metric_series != NULL)
    {
      gsize n = (gsize) trace->streams->len * n_metrics;

      size += n * sizeof (JxMetricSeries);
      for (gsize i = 0; i < n; i++)
        size += (gsize) trace->metric_series[i].n * (sizeof (guint64) + sizeof (JxMetricValue) + sizeof (double));
    }
  return size;
}

/* Accessors */

guint
jx_trace_get_n_metrics (JxTrace *self)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  return self->metric_defs != NULL ? self->metric_defs->len : 0;
}

const JxMetricDef *
jx_trace_get_metric (JxTrace *self,
                     guint    metric)
{
  g_return_val_if_fail (JX_IS_TRACE (self), NULL);
  g_return_val_if_fail (metric < jx_trace_get_n_metrics (self), NULL);
  return &g_array_index (self->metric_defs, JxMetricDef, metric);
}

guint32
jx_trace_find_metric (JxTrace    *self,
                      const char *name)
{
  guint n;

  g_return_val_if_fail (JX_IS_TRACE (self), JX_NONE);

  if (name == NULL)
    return JX_NONE;
  n = jx_trace_get_n_metrics (self);
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (g_array_index (self->metric_defs, JxMetricDef, i).name, name) == 0)
      return i;
  return JX_NONE;
}

gboolean
jx_trace_get_metric_series (JxTrace        *self,
                            guint           stream,
                            guint           metric,
                            JxMetricSeries *series)
{
  guint n_metrics;

  g_return_val_if_fail (JX_IS_TRACE (self), FALSE);
  g_return_val_if_fail (series != NULL, FALSE);

  memset (series, 0, sizeof *series);
  n_metrics = jx_trace_get_n_metrics (self);
  if (self->metric_series == NULL || stream >= self->streams->len || metric >= n_metrics)
    return FALSE;
  *series = self->metric_series[(gsize) stream * n_metrics + metric];
  return series->n > 0;
}

guint64
jx_trace_get_metric_caveat (JxTrace        *self,
                            JxMetricCaveat  caveat)
{
  g_return_val_if_fail (JX_IS_TRACE (self), 0);
  g_return_val_if_fail (caveat < JX_N_METRIC_CAVEATS, 0);
  return self->metric_caveats[caveat];
}

guint32
jx_metric_series_step_at (const JxMetricSeries *series,
                          guint64               time)
{
  guint32 lo = 0, hi;

  g_return_val_if_fail (series != NULL, JX_NONE);

  if (series->n < 2 || time < series->time[0] || time >= series->time[series->n - 1])
    return JX_NONE;
  /* The last k with time[k] <= time. */
  hi = series->n;
  while (hi - lo > 1)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (series->time[mid] <= time)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

gboolean
jx_metric_common_scale (JxTrace * const *traces,
                           guint            n_traces,
                           const char      *name,
                           double          *min,
                           double          *max)
{
  double lo = 0.0, hi = NAN;

  g_return_val_if_fail (traces != NULL || n_traces == 0, FALSE);
  g_return_val_if_fail (min != NULL && max != NULL, FALSE);

  for (guint t = 0; t < n_traces && name != NULL; t++)
    {
      guint32 m = traces[t] != NULL ? jx_trace_find_metric (traces[t], name) : JX_NONE;
      const JxMetricDef *def;

      if (m == JX_NONE)
        continue;
      def = jx_trace_get_metric (traces[t], m);
      if (isnan (def->display_max))
        continue;
      lo = MIN (lo, def->display_min);
      hi = isnan (hi) ? def->display_max : MAX (hi, def->display_max);
    }
  if (isnan (hi))
    {
      *min = 0.0;
      *max = 1.0;
      return FALSE;
    }
  if (hi <= lo)
    hi = lo + 1.0;
  *min = lo;
  *max = hi;
  return TRUE;
}

/* Names */

const char *
jx_metric_value_type_to_string (JxMetricValueType type)
{
  switch (type)
    {
    case JX_METRIC_VALUE_INT64:  return "int64";
    case JX_METRIC_VALUE_UINT64: return "uint64";
    case JX_METRIC_VALUE_DOUBLE: return "double";
    default:                     return "uint64";
    }
}

double
jx_metric_value_to_double (JxMetricValueType type,
                           JxMetricValue     value)
{
  switch (type)
    {
    case JX_METRIC_VALUE_INT64:  return (double) value.i;
    case JX_METRIC_VALUE_UINT64: return (double) value.u;
    case JX_METRIC_VALUE_DOUBLE:
    default:                     return value.d;
    }
}

char *
jx_metric_mode_to_string (guint8 mode)
{
  const char *kind, *timing;

  switch (mode & OTF2_METRIC_VALUE_MASK)
    {
    case OTF2_METRIC_VALUE_ACCUMULATED: kind = "accumulated"; break;
    case OTF2_METRIC_VALUE_ABSOLUTE:    kind = "absolute"; break;
    case OTF2_METRIC_VALUE_RELATIVE:    kind = "relative"; break;
    default:                            return g_strdup_printf ("unknown-%u", mode);
    }
  switch (mode & OTF2_METRIC_TIMING_MASK)
    {
    case OTF2_METRIC_TIMING_START: timing = "start"; break;
    case OTF2_METRIC_TIMING_POINT: timing = "point"; break;
    case OTF2_METRIC_TIMING_LAST:  timing = "last"; break;
    case OTF2_METRIC_TIMING_NEXT:  timing = "next"; break;
    default:                       return g_strdup_printf ("unknown-%u", mode);
    }
  return g_strdup_printf ("%s-%s", kind, timing);
}

gboolean
jx_metric_mode_is_accumulated (guint8 mode)
{
  return (mode & OTF2_METRIC_VALUE_MASK) == OTF2_METRIC_VALUE_ACCUMULATED;
}

const char *
jx_metric_caveat_to_string (JxMetricCaveat caveat)
{
  switch (caveat)
    {
    case JX_METRIC_CAVEAT_UNKNOWN_REF: return "unknown-metric";
    case JX_METRIC_CAVEAT_VALUE_COUNT: return "value-count";
    case JX_METRIC_CAVEAT_VALUE_TYPE:  return "value-type";
    case JX_METRIC_CAVEAT_BACKWARDS:   return "backwards-sample";
    case JX_METRIC_CAVEAT_DECREASE:    return "counter-decrease";
    case JX_N_METRIC_CAVEATS:
    default:                           return "unknown";
    }
}

const char *
jx_metric_caveat_describe (JxMetricCaveat caveat)
{
  switch (caveat)
    {
    case JX_METRIC_CAVEAT_UNKNOWN_REF:
      return _("Metric events named a metric that is not defined; they were skipped.");
    case JX_METRIC_CAVEAT_VALUE_COUNT:
      return _("Metric events carried more or fewer values than their metric class has members; the values with a member were kept.");
    case JX_METRIC_CAVEAT_VALUE_TYPE:
      return _("Metric values had another type than their definition; they were converted.");
    case JX_METRIC_CAVEAT_BACKWARDS:
      return _("Metric samples were earlier than the previous sample of the same metric on their stream; they were dropped.");
    case JX_METRIC_CAVEAT_DECREASE:
      return _("An accumulated counter decreased between two samples; that interval shows no value.");
    case JX_N_METRIC_CAVEATS:
    default:
      return "";
    }
}

char *
jx_metric_def_display_unit (const JxMetricDef *def)
{
  g_return_val_if_fail (def != NULL, NULL);

  if (jx_metric_mode_is_accumulated (def->mode))
    return g_strdup_printf ("%s/s", strcmp (def->unit, "#") != 0 ? def->unit : "");
  return g_strdup (def->unit);
}

char *
jx_metric_format_value (double      value,
                        const char *unit)
{
  static const struct { double scale; const char *prefix; } prefixes[] = {
    { 1e15, "P" }, { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" },
  };
  /* "12 B/s", but a rate of a count: "12/s". */
  const char *sep = unit != NULL && unit[0] != '\0' && unit[0] != '/' ? " " : "";
  double a = fabs (value);

  if (unit == NULL)
    unit = "";
  if (isnan (value))
    return g_strdup ("–");
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (a >= prefixes[i].scale)
      return g_strdup_printf ("%.3g %s%s", value / prefixes[i].scale, prefixes[i].prefix, unit);
  return g_strdup_printf ("%.3g%s%s", value, sep, unit);
}
