/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gen-metrics.c — counters of the synthetic program (options.metrics):
 * a Metric event of class JX_GEN_METRIC_CLASS before every Enter and
 * Leave of a CPU thread, with values a test can predict. */
#include "config.h"

#include "jx-gen-private.h"

guint64
jx_generator_metric_cycles (const JxGeneratorOptions *options,
                            guint                     rank,
                            guint64                   time)
{
  guint64 origin;

  g_return_val_if_fail (options != NULL, 0);

  origin = JX_GENERATOR_METRIC_ORIGIN (options->timer_resolution);
  return (time > origin ? time - origin : 0) * (rank + 1);
}

double
jx_generator_metric_power (guint rank)
{
  return 50.0 + 10.0 * rank;
}

void
_jx_gen_metric_event (JxGen    *g,
                      JxGenLoc *l)
{
  static const OTF2_Type types[2] = { OTF2_TYPE_UINT64, OTF2_TYPE_DOUBLE };
  OTF2_MetricValue values[2];

  if (!_jx_gen_count (l, &g->st.n_metric))
    return;
  values[0].unsigned_int = jx_generator_metric_cycles (&g->opt, l->rank, l->now);
  values[1].floating_point = jx_generator_metric_power (l->rank);
  JX_GEN_CHECK (g, OTF2_EvtWriter_Metric (l->writer, NULL, l->now, JX_GEN_METRIC_CLASS, 2, types, values));
}

void
_jx_gen_unknown_metric (JxGen    *g,
                        JxGenLoc *l)
{
  static const OTF2_Type types[1] = { OTF2_TYPE_UINT64 };
  OTF2_MetricValue values[1];

  if (!_jx_gen_count (l, &g->st.n_metric))
    return;
  values[0].unsigned_int = 1;
  JX_GEN_CHECK (g, OTF2_EvtWriter_Metric (l->writer, NULL, l->now, JX_GENERATOR_UNKNOWN_METRIC, 1, types, values));
}
