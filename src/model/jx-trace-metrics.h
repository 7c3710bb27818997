/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-metrics.h — the metrics (hardware counters and the like) of a
 * trace: OTF2's MetricMember definitions, and per stream the samples of
 * its Metric events as plain arrays (time, recorded value, displayed
 * value), like the invocation arrays of jx-trace.h.
 *
 * A Metric event names a MetricClass (or a MetricInstance of one) and
 * carries one value per member of the class; each value becomes a sample
 * of that member's metric on the event's stream. What the timeline shows
 * (the "displayed value") depends on the metric's mode, see
 * docs/metrics.md: an accumulated counter shows its rate per second over
 * each interval between two samples; an absolute or relative one shows
 * the value itself, held over the interval it is valid for. Either way a
 * series of n samples gives n - 1 displayed steps, step k covering
 * [time[k], time[k + 1]). */
#pragma once

#include "jx-trace.h"
#include "jx-trace-builder.h"

G_BEGIN_DECLS

typedef enum
{
  JX_METRIC_VALUE_INT64,
  JX_METRIC_VALUE_UINT64,
  JX_METRIC_VALUE_DOUBLE,
} JxMetricValueType;

/* "int64", "uint64", "double". */
const char *jx_metric_value_type_to_string (JxMetricValueType type);

/* One recorded value; which member is valid says the metric's value_type. */
typedef union
{
  gint64  i;
  guint64 u;
  double  d;
} JxMetricValue;

double      jx_metric_value_to_double (JxMetricValueType type,
                                       JxMetricValue     value);

/* Modes are OTF2_MetricMode values: a value kind (accumulated, absolute,
 * relative: the low four bits) and a timing (start, point, last, next: the
 * high four). "accumulated-start", "absolute-point", ...; "unknown-N" for
 * values libotf2 3.0.2 does not define (shown like absolute-point). */
char       *jx_metric_mode_to_string  (guint8 mode);
gboolean    jx_metric_mode_is_accumulated (guint8 mode);

typedef struct
{
  const char *name;            /* e.g. "PAPI_TOT_CYC" */
  const char *description;     /* may be "" */
  const char *unit;            /* e.g. "#", "bytes"; may be "" */
  guint8      mode;            /* OTF2_MetricMode */
  guint8      value_type;      /* JxMetricValueType */
  guint8      base;            /* OTF2_Base: 0 binary, 1 decimal */
  gint64      exponent;        /* the value means value * base^exponent */
  /* Over the whole trace, filled when it is built: */
  guint64     n_samples;
  guint       n_streams;       /* streams with at least one sample */
  double      display_min;     /* over every displayed step (NaN steps left out); */
  double      display_max;     /* both NaN when there is none */
} JxMetricDef;

/* What the load met that it could not take as it was; counts of events or
 * samples (summed over streams). */
typedef enum
{
  JX_METRIC_CAVEAT_UNKNOWN_REF,     /* Metric events naming no defined class or instance: skipped */
  JX_METRIC_CAVEAT_VALUE_COUNT,     /* events with more or fewer values than their class has
                                       members: the values with a member kept */
  JX_METRIC_CAVEAT_VALUE_TYPE,      /* values of another type than their member's: converted */
  JX_METRIC_CAVEAT_BACKWARDS,       /* samples earlier than the stream's previous one: dropped */
  JX_METRIC_CAVEAT_DECREASE,        /* intervals in which an accumulated counter decreased:
                                       shown as a gap */
  JX_N_METRIC_CAVEATS
} JxMetricCaveat;

const char *jx_metric_caveat_to_string (JxMetricCaveat caveat);   /* "unknown-ref", ... */
const char *jx_metric_caveat_describe  (JxMetricCaveat caveat);   /* translatable sentence */

typedef struct
{
  guint32              n;          /* samples */
  const guint64       *time;       /* ticks, non-decreasing */
  const JxMetricValue *value;      /* as recorded (converted to the member's type) */
  const double        *display;    /* n values: step k covers [time[k], time[k + 1]);
                                      NaN where nothing is shown, always at n - 1 */
} JxMetricSeries;

guint              jx_trace_get_n_metrics        (JxTrace *self);
const JxMetricDef *jx_trace_get_metric           (JxTrace *self, guint metric);
/* By name; JX_NONE if absent. */
guint32            jx_trace_find_metric          (JxTrace *self, const char *name);
/* FALSE (and an empty series) when the stream has no sample of it. */
gboolean           jx_trace_get_metric_series    (JxTrace        *self,
                                                  guint           stream,
                                                  guint           metric,
                                                  JxMetricSeries *series);
guint64            jx_trace_get_metric_caveat    (JxTrace *self, JxMetricCaveat caveat);

/* The unit of the displayed values: "/s" for an accumulated "#" counter (a plain rate),
 * the unit itself otherwise ("" stays ""). Free with g_free. */
char              *jx_metric_def_display_unit    (const JxMetricDef *def);

/* The step of the series holding time: the k with time[k] <= t <
 * time[k + 1], JX_NONE outside. */
guint32            jx_metric_series_step_at      (const JxMetricSeries *series,
                                                  guint64               time);

/* The value scale of the metric named name over the traces, so that rows
 * of different traces compare by height: from min (0, lowest displayed
 * value) to the highest displayed value. FALSE (and 0, 1) when none of them
 * has it (traces may hold NULL). */
gboolean           jx_metric_common_scale        (JxTrace * const *traces,
                                                  guint            n_traces,
                                                  const char      *name,
                                                  double          *min,
                                                  double          *max);

/* A displayed value for labels: "1.23 G/s", "500/s", "512 bytes", "-0.5". Free with g_free. */
char              *jx_metric_format_value        (double      value,
                                                  const char *unit);

/* Building (loader, tests). Metrics are added with the definitions, before
 * any sample; a stream's samples only by the thread that fills the stream. */
guint32            jx_trace_builder_add_metric   (JxTraceBuilder    *self,
                                                  const char        *name,
                                                  const char        *description,
                                                  const char        *unit,
                                                  guint8             mode,
                                                  JxMetricValueType  value_type,
                                                  guint8             base,
                                                  gint64             exponent);
/* value is of type value_type, converted to the metric's own when they differ. */
void               jx_trace_builder_add_metric_sample (JxTraceBuilder    *self,
                                                  guint32            stream,
                                                  guint32            metric,
                                                  guint64            time,
                                                  JxMetricValueType  value_type,
                                                  JxMetricValue      value);
void               jx_trace_builder_count_metric_caveat (JxTraceBuilder *self,
                                                  guint32         stream,
                                                  JxMetricCaveat  caveat);

G_END_DECLS
