/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-counter-model.h — which metric the timelines show as COUNTER rows, and
 * the value scale they share: one for all loaded traces of the session, so
 * that the rows of two traces compare by height.
 *
 * Properties:
 *   "metric"   (string, rw)  the metric's name; "" = none
 *   "metrics"  (GStrv, ro)   the names the loaded traces define, in the
 *                            order first met (the choices to offer)
 *   "min", "max" (double, ro) the shared scale of "metric"
 *
 * Until "metric" is set, the first metric of the first loaded trace that
 * has one is shown (a trace without metrics shows none); setting it, to ""
 * as well, is the user's choice and stays. */
#pragma once

#include <gio/gio.h>

#include "jx-session-trace.h"

G_BEGIN_DECLS

#define JX_TYPE_COUNTER_MODEL (jx_counter_model_get_type ())
G_DECLARE_FINAL_TYPE (JxCounterModel, jx_counter_model, JX, COUNTER_MODEL, GObject)

/* Follows the traces in `items` (a GListModel of JxSessionTrace, held weakly). */
JxCounterModel     *jx_counter_model_new         (GListModel     *items);

const char         *jx_counter_model_get_metric  (JxCounterModel *self);
void                jx_counter_model_set_metric  (JxCounterModel *self,
                                                  const char     *metric);
const char * const *jx_counter_model_get_metrics (JxCounterModel *self);
/* FALSE (and 0, 1) when no loaded trace has the metric. */
gboolean            jx_counter_model_get_scale   (JxCounterModel *self,
                                                  double         *min,
                                                  double         *max);

G_END_DECLS
