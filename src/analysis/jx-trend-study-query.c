/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-study-query.c — reading a computed study (jx-trend-study.h):
 * its parameter, values, notes and series, and the ranking of seed 004
 * (jx_trend_model_compare_growth) that jx-trend-study.c applies once and
 * the views ask for per measure. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-trend-run-private.h"
#include "jx-trend-study-private.h"

/* --- ranking ---------------------------------------------------------------- */

static double
last_observation (const JxTrendStudy  *self,
                  const JxTrendSeries *s)
{
  for (guint k = self->n_x; k > 0; k--)
    if (s->n_values[k - 1] > 0)
      return s->median[k - 1];
  return NAN;
}

typedef struct
{
  JxTrendStudy *study;
} RankContext;

static int
compare_series (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  RankContext *ctx = user_data;
  JxTrendStudy *self = ctx->study;
  const JxTrendSeries *sa = &g_array_index (self->series, JxTrendSeries, *(const guint *) a);
  const JxTrendSeries *sb = &g_array_index (self->series, JxTrendSeries, *(const guint *) b);
  double x_first = self->n_x > 0 ? self->x[0] : 1.0;
  double x_last = self->n_x > 0 ? self->x[self->n_x - 1] : 1.0;
  int c = jx_trend_model_compare_growth (&sa->model, &sb->model, x_first, x_last, last_observation (self, sa),
                                         last_observation (self, sb));

  if (c != 0)
    return c;
  return strcmp (sa->name, sb->name);
}

GArray *
jx_trend_study_get_ranking (JxTrendStudy   *self,
                            JxTrendMeasure  measure,
                            guint           kinds)
{
  GArray *ranked;
  RankContext ctx = { self };

  g_return_val_if_fail (self != NULL, NULL);

  ranked = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < self->series->len; i++)
    {
      const JxTrendSeries *s = &g_array_index (self->series, JxTrendSeries, i);

      if (s->measure == measure && (kinds & (1u << s->kind)) && s->rank > 0)
        g_array_append_val (ranked, i);
    }
  g_array_sort_with_data (ranked, compare_series, &ctx);
  return ranked;
}

void
_jx_trend_study_rank (JxTrendStudy *self)
{
  RankContext ctx = { self };

  for (JxTrendMeasure m = 0; m < JX_TREND_N_MEASURES; m++)
    for (guint kind = JX_TREND_KEY_FUNCTION; kind <= JX_TREND_KEY_GROUP; kind++)
      {
        g_autoptr(GArray) ranked = g_array_new (FALSE, FALSE, sizeof (guint));

        for (guint i = 0; i < self->series->len; i++)
          {
            JxTrendSeries *s = &g_array_index (self->series, JxTrendSeries, i);

            if (s->measure == m && s->kind == kind && strcmp (s->name, _jx_trend_group_names[JX_TREND_GROUP_PROGRAM]) != 0)
              g_array_append_val (ranked, i);
          }
        g_array_sort_with_data (ranked, compare_series, &ctx);
        for (guint r = 0; r < ranked->len; r++)
          g_array_index (self->series, JxTrendSeries, g_array_index (ranked, guint, r)).rank = r + 1;
      }
}

/* --- getters --------------------------------------------------------------------- */

guint
jx_trend_study_get_n_runs (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->runs->len;
}

JxTrendRun *
jx_trend_study_get_run (JxTrendStudy *self,
                        guint         index)
{
  g_return_val_if_fail (self != NULL && index < self->runs->len, NULL);
  return g_ptr_array_index (self->runs, index);
}

guint
jx_trend_study_get_n_loaded (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_loaded;
}

const char *
jx_trend_study_get_parameter (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->parameter;
}

JxTrendSource
jx_trend_study_get_parameter_source (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, JX_TREND_SOURCE_TRACE);
  return self->parameter_source;
}

double
jx_trend_study_get_run_x (JxTrendStudy *self,
                          guint         run)
{
  g_return_val_if_fail (self != NULL && run < self->runs->len, NAN);
  return self->run_x != NULL ? self->run_x[run] : NAN;
}

guint
jx_trend_study_get_n_x (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_x;
}

const double *
jx_trend_study_get_x (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->x;
}

JxTrendStatus
jx_trend_study_get_status (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, JX_TREND_STATUS_TOO_FEW_POINTS);
  return self->status;
}

const JxTrendOptions *
jx_trend_study_get_options (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->options;
}

guint
jx_trend_study_get_n_notes (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->notes->len;
}

const char *
jx_trend_study_get_note (JxTrendStudy *self,
                         guint         index)
{
  g_return_val_if_fail (self != NULL && index < self->notes->len, NULL);
  return g_ptr_array_index (self->notes, index);
}

guint
jx_trend_study_get_n_common_functions (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_common;
}

guint
jx_trend_study_get_min_functions (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->min_functions;
}

const char *
jx_trend_study_get_sos_function (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->sos_function;
}

guint
jx_trend_study_get_n_series (JxTrendStudy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->series->len;
}

const JxTrendSeries *
jx_trend_study_get_series (JxTrendStudy *self,
                           guint         index)
{
  g_return_val_if_fail (self != NULL && index < self->series->len, NULL);
  return &g_array_index (self->series, JxTrendSeries, index);
}

gint
jx_trend_study_find_series (JxTrendStudy   *self,
                            JxTrendKeyKind  kind,
                            const char     *name,
                            JxTrendMeasure  measure)
{
  g_return_val_if_fail (self != NULL && name != NULL, -1);

  for (guint i = 0; i < self->series->len; i++)
    {
      const JxTrendSeries *s = &g_array_index (self->series, JxTrendSeries, i);

      if (s->kind == kind && s->measure == measure && strcmp (s->name, name) == 0)
        return (gint) i;
    }
  return -1;
}

const JxTrendSeries *
jx_trend_study_get_runtime (JxTrendStudy   *self,
                            JxTrendMeasure  measure)
{
  JxTrendMeasure runtime;
  gint i;

  g_return_val_if_fail (self != NULL, NULL);

  if (!jx_trend_measure_runtime (measure, &runtime))
    return NULL;
  i = jx_trend_study_find_series (self, JX_TREND_KEY_GROUP, _jx_trend_group_names[JX_TREND_GROUP_PROGRAM], runtime);
  return i >= 0 ? jx_trend_study_get_series (self, i) : NULL;
}

JxTrendUnit
jx_trend_measure_unit (JxTrendMeasure measure)
{
  return jx_trend_measure_is_time (measure) ? JX_TREND_UNIT_SECONDS : JX_TREND_UNIT_COUNT;
}
