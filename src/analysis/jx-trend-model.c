/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-model.c — see jx-trend-model.h. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jx-time.h"
#include "jx-trend-model.h"

/* The polynomial exponents of the PMNF search, as fractions. */
static const guint8 pmnf_exponents[][2] = {
  { 0, 1 }, { 1, 4 }, { 1, 3 }, { 1, 2 }, { 2, 3 }, { 3, 4 }, { 1, 1 }, { 5, 4 }, { 4, 3 }, { 3, 2 },
  { 5, 3 }, { 7, 4 }, { 2, 1 }, { 9, 4 }, { 7, 3 }, { 5, 2 }, { 8, 3 }, { 11, 4 }, { 3, 1 },
};
#define N_LOG_EXPONENTS 3

/* The power law's exponent: a grid over [POWER_MIN, POWER_MAX] without the
 * band around 0 where x^c is nearly constant (a + b·x^c then mimics a log
 * with huge coefficients), refined by golden-section search. */
#define POWER_MIN   (-2.0)
#define POWER_MAX     4.0
#define POWER_GAP     0.25
#define POWER_STEP    0.05
#define POWER_TOL     1e-4

/* A SMAPE (%) below this is an exact fit. */
#define EXACT_SMAPE   1e-6

guint
jx_trend_pmnf_n_hypotheses (void)
{
  return G_N_ELEMENTS (pmnf_exponents) * N_LOG_EXPONENTS - 1;
}

void
jx_trend_pmnf_hypothesis (guint   index,
                          guint8 *exp_num,
                          guint8 *exp_den,
                          guint8 *log_exponent)
{
  /* (0, 0) is the constant: skip it. */
  guint k = index + 1;

  g_return_if_fail (index < jx_trend_pmnf_n_hypotheses ());

  *exp_num = pmnf_exponents[k / N_LOG_EXPONENTS][0];
  *exp_den = pmnf_exponents[k / N_LOG_EXPONENTS][1];
  *log_exponent = k % N_LOG_EXPONENTS;
}

/* --- least squares ----------------------------------------------------------- */

/* The weight of an observation: least squares on relative errors, so that
 * the small scales count as much as the large ones (observations span
 * orders of magnitude, and their noise is proportional to them). A zero
 * gets the weight of a millionth of the largest value. */
static void
relative_weights (const double *y,
                  guint         n,
                  double       *w)
{
  double top = 0.0, floor_;

  for (guint k = 0; k < n; k++)
    top = MAX (top, fabs (y[k]));
  floor_ = top > 0.0 ? 1e-6 * top : 1.0;
  for (guint k = 0; k < n; k++)
    {
      double m = MAX (fabs (y[k]), floor_);

      w[k] = 1.0 / (m * m);
    }
}

/* Weighted a + b·g over the points but `skip` (G_MAXUINT = none), centred
 * two-pass sums. FALSE when g does not vary over them. */
static gboolean
fit_line (const double *g,
          const double *y,
          const double *w,
          guint         n,
          guint         skip,
          double       *a,
          double       *b)
{
  double sw = 0.0, mg = 0.0, my = 0.0, sgg = 0.0, sgy = 0.0;
  guint m = 0;

  for (guint k = 0; k < n; k++)
    if (k != skip)
      {
        sw += w[k];
        mg += w[k] * g[k];
        my += w[k] * y[k];
        m++;
      }
  if (m < 2 || !(sw > 0.0))
    return FALSE;
  mg /= sw;
  my /= sw;
  for (guint k = 0; k < n; k++)
    if (k != skip)
      {
        double dg = g[k] - mg;

        sgg += w[k] * dg * dg;
        sgy += w[k] * dg * (y[k] - my);
      }
  if (!(sgg > 0.0) || !isfinite (sgg) || sgg <= 1e-24 * mg * mg * sw)
    return FALSE;
  *b = sgy / sgg;
  *a = my - *b * mg;
  return isfinite (*a) && isfinite (*b);
}

/* How many standard errors the weighted fit's b lies from 0 (its t
 * statistic); +inf for an exact fit. */
static double
term_t (const double *g,
        const double *y,
        const double *w,
        guint         n,
        double        a,
        double        b)
{
  double sw = 0.0, mg = 0.0, sgg = 0.0, rss = 0.0;

  if (n < 3)
    return INFINITY;
  for (guint k = 0; k < n; k++)
    {
      sw += w[k];
      mg += w[k] * g[k];
    }
  mg /= sw;
  for (guint k = 0; k < n; k++)
    {
      double r = y[k] - (a + b * g[k]);

      sgg += w[k] * (g[k] - mg) * (g[k] - mg);
      rss += w[k] * r * r;
    }
  if (rss <= 0.0)
    return INFINITY;
  return fabs (b) / sqrt (rss / (n - 2) / sgg);
}

static double
smape_term (double actual,
            double predicted)
{
  double denominator = (fabs (actual) + fabs (predicted)) / 2.0;

  if (denominator == 0.0)
    return 0.0;
  return fabs (predicted - actual) / denominator;
}

/* R² and SMAPE of a fit over all points, given its predictions. */
static void
fit_quality (const double *y,
             const double *predicted,
             guint         n,
             JxTrendModel *model)
{
  g_autofree double *w = g_new (double, MAX (n, 1));
  double my = 0.0, tss = 0.0, rss = 0.0, smape = 0.0, rrss = 0.0;

  relative_weights (y, n, w);
  for (guint k = 0; k < n; k++)
    my += y[k];
  my /= n;
  for (guint k = 0; k < n; k++)
    {
      tss += (y[k] - my) * (y[k] - my);
      rss += (y[k] - predicted[k]) * (y[k] - predicted[k]);
      rrss += w[k] * (y[k] - predicted[k]) * (y[k] - predicted[k]);
      smape += smape_term (y[k], predicted[k]);
    }
  model->rrss = rrss;
  model->r2 = tss > 0.0 ? 1.0 - rss / tss : NAN;
  model->smape = 100.0 * smape / n;
}

/* Whether the term b·g contributes at least JX_TREND_TERM_EPSILON of some
 * observation. */
static gboolean
term_contributes (const double *g,
                  const double *y,
                  guint         n,
                  double        b)
{
  for (guint k = 0; k < n; k++)
    {
      if (y[k] != 0.0 && fabs (b * g[k]) >= JX_TREND_TERM_EPSILON * fabs (y[k]))
        return TRUE;
      if (y[k] == 0.0 && b * g[k] != 0.0)
        return TRUE;
    }
  return FALSE;
}

/* Extra-P's clean-up: a constant below JX_TREND_TERM_EPSILON of every
 * observation is rounding noise of the fit, 0. */
static void
clean_constant (const double *y,
                guint         n,
                JxTrendModel *model)
{
  for (guint k = 0; k < n; k++)
    if (fabs (model->a) >= JX_TREND_TERM_EPSILON * fabs (y[k]))
      return;
  model->a = 0.0;
}

static void
model_init (JxTrendModel     *model,
            JxTrendModelKind  kind,
            guint             n)
{
  memset (model, 0, sizeof *model);
  model->kind = kind;
  model->n_points = n;
  model->low_confidence = n < JX_TREND_CONFIDENT_POINTS;
  model->r2 = NAN;
  model->smape = NAN;
  model->cv_smape = NAN;
  model->t = NAN;
}

static gboolean
points_valid (const double *x,
              const double *y,
              guint         n)
{
  for (guint k = 0; k < n; k++)
    if (!(x[k] > 0.0) || !isfinite (x[k]) || !isfinite (y[k]))
      return FALSE;
  return TRUE;
}

/* --- the candidates -------------------------------------------------------------- */

gboolean
jx_trend_model_fit_constant (const double *x,
                             const double *y,
                             guint         n,
                             JxTrendModel *model)
{
  g_autofree double *predicted = NULL;
  double sum = 0.0, cv = 0.0;

  g_return_val_if_fail (x != NULL && y != NULL && model != NULL, FALSE);

  model_init (model, JX_TREND_MODEL_CONSTANT, n);
  if (n < 1 || !points_valid (x, y, n))
    return FALSE;
  for (guint k = 0; k < n; k++)
    sum += y[k];
  model->a = sum / n;
  predicted = g_new (double, n);
  for (guint k = 0; k < n; k++)
    predicted[k] = model->a;
  fit_quality (y, predicted, n, model);
  if (n >= 2)
    {
      for (guint k = 0; k < n; k++)
        cv += smape_term (y[k], (sum - y[k]) / (n - 1));
      model->cv_smape = 100.0 * cv / n;
    }
  return TRUE;
}

static double
pmnf_term (double x,
           double exponent,
           guint  log_exponent)
{
  double t = exponent == 0.0 ? 1.0 : pow (x, exponent);

  for (guint j = 0; j < log_exponent; j++)
    t *= log2 (x);
  return t;
}

/* a + b·g for given g values: fit, quality, leave-one-out. */
static gboolean
fit_term (const double *g,
          const double *y,
          guint         n,
          JxTrendModel *model)
{
  g_autofree double *predicted = g_new (double, n);
  g_autofree double *w = g_new (double, n);
  double cv = 0.0;

  relative_weights (y, n, w);
  if (!fit_line (g, y, w, n, G_MAXUINT, &model->a, &model->b))
    return FALSE;
  if (!term_contributes (g, y, n, model->b))
    return FALSE;
  clean_constant (y, n, model);
  model->t = term_t (g, y, w, n, model->a, model->b);
  for (guint k = 0; k < n; k++)
    predicted[k] = model->a + model->b * g[k];
  fit_quality (y, predicted, n, model);
  if (n < 3)
    return TRUE;
  for (guint k = 0; k < n; k++)
    {
      double a, b;

      if (!fit_line (g, y, w, n, k, &a, &b))
        return FALSE;
      cv += smape_term (y[k], a + b * g[k]);
    }
  model->cv_smape = 100.0 * cv / n;
  return TRUE;
}

gboolean
jx_trend_model_fit_pmnf (const double *x,
                         const double *y,
                         guint         n,
                         guint8        exp_num,
                         guint8        exp_den,
                         guint8        log_exponent,
                         JxTrendModel *model)
{
  g_autofree double *g = NULL;

  g_return_val_if_fail (x != NULL && y != NULL && model != NULL, FALSE);
  g_return_val_if_fail (exp_den > 0, FALSE);

  model_init (model, JX_TREND_MODEL_PMNF, n);
  model->exp_num = exp_num;
  model->exp_den = exp_den;
  model->exponent = (double) exp_num / exp_den;
  model->log_exponent = log_exponent;
  if (n < 2 || !points_valid (x, y, n) || (exp_num == 0 && log_exponent == 0))
    return FALSE;
  g = g_new (double, n);
  for (guint k = 0; k < n; k++)
    g[k] = pmnf_term (x[k], model->exponent, log_exponent);
  return fit_term (g, y, n, model);
}

/* Residual sum of squares of the best a + b·x^c over the points but
 * `skip`; +inf when it cannot be fitted. */
static double
power_rss (const double *lx,
           const double *y,
           const double *w,
           guint         n,
           guint         skip,
           double        c,
           double       *g,
           double       *a,
           double       *b)
{
  double rss = 0.0;

  for (guint k = 0; k < n; k++)
    g[k] = exp (c * lx[k]);
  if (!fit_line (g, y, w, n, skip, a, b))
    return INFINITY;
  for (guint k = 0; k < n; k++)
    if (k != skip)
      {
        double r = y[k] - (*a + *b * g[k]);

        rss += w[k] * r * r;
      }
  return rss;
}

/* The exponent of the least-squares power law over the points but `skip`:
 * the best grid point, then golden-section search around it (staying on
 * its side of the gap around 0). FALSE when nothing fits. */
static gboolean
power_search (const double *lx,
              const double *y,
              const double *w,
              guint         n,
              guint         skip,
              double       *g,
              double       *c_out,
              double       *a_out,
              double       *b_out)
{
  const double phi = (sqrt (5.0) - 1.0) / 2.0;
  double best = INFINITY, best_c = NAN, lo, hi, c1, c2, f1, f2, a, b;
  guint steps = (guint) lround ((POWER_MAX - POWER_MIN) / POWER_STEP);

  for (guint s = 0; s <= steps; s++)
    {
      double c = POWER_MIN + s * POWER_STEP;
      double rss;

      if (fabs (c) < POWER_GAP - 1e-9)
        continue;
      rss = power_rss (lx, y, w, n, skip, c, g, &a, &b);
      if (rss < best)
        {
          best = rss;
          best_c = c;
        }
    }
  if (!isfinite (best))
    return FALSE;

  lo = MAX (best_c - POWER_STEP, POWER_MIN);
  hi = MIN (best_c + POWER_STEP, POWER_MAX);
  if (best_c > 0.0)
    lo = MAX (lo, POWER_GAP);
  else
    hi = MIN (hi, -POWER_GAP);
  c1 = hi - phi * (hi - lo);
  c2 = lo + phi * (hi - lo);
  f1 = power_rss (lx, y, w, n, skip, c1, g, &a, &b);
  f2 = power_rss (lx, y, w, n, skip, c2, g, &a, &b);
  while (hi - lo > POWER_TOL)
    {
      if (f1 <= f2)
        {
          hi = c2;
          c2 = c1;
          f2 = f1;
          c1 = hi - phi * (hi - lo);
          f1 = power_rss (lx, y, w, n, skip, c1, g, &a, &b);
        }
      else
        {
          lo = c1;
          c1 = c2;
          f1 = f2;
          c2 = lo + phi * (hi - lo);
          f2 = power_rss (lx, y, w, n, skip, c2, g, &a, &b);
        }
    }
  if (MIN (f1, f2) < best)
    best_c = f1 <= f2 ? c1 : c2;
  if (!isfinite (power_rss (lx, y, w, n, skip, best_c, g, a_out, b_out)))
    return FALSE;
  *c_out = best_c;
  return TRUE;
}

gboolean
jx_trend_model_fit_power (const double *x,
                          const double *y,
                          guint         n,
                          JxTrendModel *model)
{
  g_autofree double *lx = NULL;
  g_autofree double *g = NULL;
  g_autofree double *predicted = NULL;
  g_autofree double *w = NULL;
  double cv = 0.0;

  g_return_val_if_fail (x != NULL && y != NULL && model != NULL, FALSE);

  model_init (model, JX_TREND_MODEL_POWER, n);
  if (n < 3 || !points_valid (x, y, n))
    return FALSE;
  w = g_new (double, n);
  relative_weights (y, n, w);
  lx = g_new (double, n);
  g = g_new (double, n);
  predicted = g_new (double, n);
  for (guint k = 0; k < n; k++)
    lx[k] = log (x[k]);
  if (!power_search (lx, y, w, n, G_MAXUINT, g, &model->exponent, &model->a, &model->b))
    return FALSE;
  for (guint k = 0; k < n; k++)
    g[k] = exp (model->exponent * lx[k]);
  if (!term_contributes (g, y, n, model->b))
    return FALSE;
  clean_constant (y, n, model);
  model->t = term_t (g, y, w, n, model->a, model->b);
  for (guint k = 0; k < n; k++)
    predicted[k] = model->a + model->b * g[k];
  fit_quality (y, predicted, n, model);
  if (n < 4)
    return TRUE;
  for (guint k = 0; k < n; k++)
    {
      double c, a, b;

      if (!power_search (lx, y, w, n, k, g, &c, &a, &b))
        return FALSE;
      cv += smape_term (y[k], a + b * exp (c * lx[k]));
    }
  model->cv_smape = 100.0 * cv / n;
  return TRUE;
}

/* --- selection ----------------------------------------------------------------- */

/* Critical values by degrees of freedom, from statistical tables: exact
 * for df 1 to 20 (entry df; entry 0 unused), then at the tabulated df 25,
 * 30, 40, 60 and 120; a df between two, or beyond 120, uses the value of
 * the smaller one (the more cautious: critical values fall with df). */
#define N_EXACT_DF 21

typedef struct
{
  double exact[N_EXACT_DF];
  double tail[5];         /* df 25, 30, 40, 60, 120 */
} CriticalTable;

static double
critical_value (const CriticalTable *table,
                guint                df)
{
  static const guint tail_df[] = { 25, 30, 40, 60, 120 };
  guint k = 0;

  if (df == 0)
    return INFINITY;
  if (df < N_EXACT_DF)
    return table->exact[df];
  while (k < G_N_ELEMENTS (tail_df) && tail_df[k] <= df)
    k++;
  return k == 0 ? table->exact[N_EXACT_DF - 1] : table->tail[k - 1];
}

/* Student's t at which a two-sided test rejects "no term" at the 0.1 %
 * level: a strict level, as the term is the best of many hypotheses. */
static const CriticalTable t_critical = {
  { 0, 636.62, 31.60, 12.92, 8.610, 6.869, 5.959, 5.408, 5.041, 4.781, 4.587,
    4.437, 4.318, 4.221, 4.140, 4.073, 4.015, 3.965, 3.922, 3.883, 3.850 },
  { 3.725, 3.646, 3.551, 3.460, 3.373 },
};

/* F(df, df) at the 2.5 % level: two fits with the same number of
 * coefficients whose relative residual sums of squares are within this
 * factor cannot be told apart. */
static const CriticalTable f_equivalent = {
  { 0, 647.8, 39.00, 15.44, 9.605, 7.146, 5.820, 4.995, 4.433, 4.026, 3.717,
    3.474, 3.277, 3.115, 2.979, 2.862, 2.761, 2.672, 2.594, 2.526, 2.464 },
  { 2.230, 2.074, 1.875, 1.667, 1.433 },
};

/* F(1, df) at the 1 % level: the power law's free exponent must lower the
 * relative residual sum of squares this much to count. */
static const CriticalTable f_extra = {
  { 0, 4052.0, 98.50, 34.12, 21.20, 16.26, 13.75, 12.25, 11.26, 10.56, 10.04,
    9.646, 9.330, 9.074, 8.862, 8.683, 8.531, 8.400, 8.285, 8.185, 8.096 },
  { 7.770, 7.562, 7.314, 7.077, 6.851 },
};

/* Whether the power law explains more than the model it would replace:
 * the nested F test of its one more coefficient. */
static gboolean
extra_coefficient_pays (const JxTrendModel *power,
                        const JxTrendModel *current)
{
  guint df;

  if (power->n_points <= 3)
    return FALSE;
  df = power->n_points - 3;
  if (power->rrss <= 0.0)
    return current->rrss > 0.0;
  return (current->rrss - power->rrss) / (power->rrss / df) > critical_value (&f_extra, df);
}

/* Whether the term of a model with `coefficients` coefficients stands out
 * of the noise of its n points. With 2 degrees of freedom or fewer the t
 * test is blind (a curve nearly through 3 points is always among 56):
 * there the observations must also differ by more than
 * JX_TREND_SMALL_SPREAD, and t pass the 5 % level. */
static gboolean
significant (const JxTrendModel *model,
             guint               coefficients,
             double              spread)
{
  static const double t_5_percent[] = { INFINITY, 12.71, 4.303 };
  guint df;

  if (model->n_points <= coefficients)
    return FALSE;
  df = model->n_points - coefficients;
  if (df >= G_N_ELEMENTS (t_5_percent))
    return model->t >= critical_value (&t_critical, df);
  return spread > 1.0 + JX_TREND_SMALL_SPREAD && model->t >= t_5_percent[df];
}

guint
jx_trend_pmnf_complexity (guint8 exp_num,
                          guint8 exp_den,
                          guint8 log_exponent)
{
  guint den = exp_num == 0 ? 1 : exp_den;
  guint c = den == 1 ? 0 : den == 2 ? 1 : 2;

  if (exp_num == 0)
    return c + (log_exponent > 0 ? log_exponent - 1u : 0u);
  return c + log_exponent;
}

static guint
complexity (const JxTrendModel *model)
{
  return jx_trend_pmnf_complexity (model->exp_num, model->exp_den, model->log_exponent);
}

static gboolean
beats (const JxTrendModel *candidate,
       const JxTrendModel *best,
       gboolean            more_coefficients)
{
  double c = candidate->cv_smape, b = best->cv_smape;

  if (!isfinite (c))
    return FALSE;
  if (!isfinite (b))
    return TRUE;
  /* Rounding noise of exact fits is no difference. */
  if (c < EXACT_SMAPE)
    c = 0.0;
  if (b < EXACT_SMAPE)
    b = 0.0;
  if (more_coefficients)
    return c < (1.0 - JX_TREND_SIMPLER_MARGIN) * b;
  return c < b;
}

void
jx_trend_model_fit (const double *x,
                    const double *y,
                    guint         n,
                    JxTrendModel *model)
{
  JxTrendModel best_pmnf, candidate;
  g_autofree JxTrendModel *fitted = NULL;
  guint n_fitted = 0;
  double lowest = INFINITY;
  gboolean have_pmnf = FALSE;
  double first, lo = INFINITY, hi = 0.0, spread;
  gboolean all_equal = TRUE;

  g_return_if_fail (model != NULL);
  g_return_if_fail (n == 0 || (x != NULL && y != NULL));

  model_init (model, JX_TREND_MODEL_NONE, n);
  if (n < JX_TREND_MIN_POINTS || !points_valid (x, y, n))
    return;

  jx_trend_model_fit_constant (x, y, n, model);
  first = y[0];
  for (guint k = 0; k < n; k++)
    {
      if (y[k] != first)
        all_equal = FALSE;
      lo = MIN (lo, fabs (y[k]));
      hi = MAX (hi, fabs (y[k]));
    }
  if (all_equal)
    return;
  spread = lo > 0.0 ? hi / lo : INFINITY;

  /* The PMNF hypotheses whose fit cannot be told apart from the best
   * (relative residual sums of squares within the F test's band) are
   * equally good: the simplest of them wins, then the lowest
   * cross-validated SMAPE (noise should not turn x into x^(3/4)·log2(x)). */
  fitted = g_new (JxTrendModel, jx_trend_pmnf_n_hypotheses ());
  for (guint h = 0; h < jx_trend_pmnf_n_hypotheses (); h++)
    {
      guint8 num, den, log_exponent;

      jx_trend_pmnf_hypothesis (h, &num, &den, &log_exponent);
      if (!jx_trend_model_fit_pmnf (x, y, n, num, den, log_exponent, &candidate)
          || !isfinite (candidate.cv_smape))
        continue;
      fitted[n_fitted++] = candidate;
      lowest = MIN (lowest, candidate.rrss);
    }
  for (guint h = 0; h < n_fitted; h++)
    {
      const JxTrendModel *c = &fitted[h];

      if (c->rrss > lowest * critical_value (&f_equivalent, n - 2) + 1e-24)
        continue;
      if (!have_pmnf || complexity (c) < complexity (&best_pmnf)
          || (complexity (c) == complexity (&best_pmnf) && c->cv_smape < best_pmnf.cv_smape))
        {
          best_pmnf = *c;
          have_pmnf = TRUE;
        }
    }
  if (have_pmnf && !significant (&best_pmnf, 2, spread))
    have_pmnf = FALSE;
  if (have_pmnf && beats (&best_pmnf, model, TRUE))
    *model = best_pmnf;

  if (jx_trend_model_fit_power (x, y, n, &candidate) && significant (&candidate, 3, spread)
      && extra_coefficient_pays (&candidate, model) && beats (&candidate, model, TRUE))
    *model = candidate;
}

double
jx_trend_model_eval (const JxTrendModel *model,
                     double              x)
{
  g_return_val_if_fail (model != NULL, NAN);

  switch (model->kind)
    {
    case JX_TREND_MODEL_CONSTANT:
      return model->a;
    case JX_TREND_MODEL_PMNF:
    case JX_TREND_MODEL_POWER:
      if (!(x > 0.0))
        return NAN;
      return model->a + model->b * pmnf_term (x, model->exponent, model->log_exponent);
    case JX_TREND_MODEL_NONE:
    default:
      return NAN;
    }
}

gboolean
jx_trend_model_is_growing (const JxTrendModel *model)
{
  g_return_val_if_fail (model != NULL, FALSE);

  return (model->kind == JX_TREND_MODEL_PMNF || model->kind == JX_TREND_MODEL_POWER)
         && model->b > 0.0 && (model->exponent > 0.0 || model->log_exponent > 0);
}

static gboolean
is_decreasing (const JxTrendModel *model)
{
  if (model->kind != JX_TREND_MODEL_PMNF && model->kind != JX_TREND_MODEL_POWER)
    return FALSE;
  if (model->exponent < 0.0)
    return model->b > 0.0;
  return model->b < 0.0;
}

const char *
jx_trend_model_class (const JxTrendModel *model)
{
  g_return_val_if_fail (model != NULL, "none");

  switch (model->kind)
    {
    case JX_TREND_MODEL_CONSTANT:
      return "constant";
    case JX_TREND_MODEL_PMNF:
      if (model->log_exponent == 0)
        return model->exp_num == 1 && model->exp_den == 1 ? "linear" : "polynomial";
      return model->exp_num == 0 ? "logarithmic" : "polylogarithmic";
    case JX_TREND_MODEL_POWER:
      return "power law";
    case JX_TREND_MODEL_NONE:
    default:
      return "none";
    }
}

/* --- text -------------------------------------------------------------------- */

char *
jx_trend_format_value (double      value,
                       JxTrendUnit unit)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    return g_strdup ("—");
  if (unit == JX_TREND_UNIT_SECONDS)
    {
      double ns = value * 1e9;

      if (fabs (ns) >= 1.0 && fabs (ns) < 9.2e18)
        return jx_time_format ((gint64) llround (ns), 3);
      if (ns == 0.0)
        return jx_time_format (0, 3);
      /* Below a nanosecond: coefficients of steep terms. */
      return g_strdup_printf ("%s ns", g_ascii_formatd (buffer, sizeof buffer, "%.3g", ns));
    }
  if (value == floor (value) && fabs (value) < 1e7)
    return g_strdup_printf ("%.0f", value);
  if (fabs (value) >= 1000.0 && fabs (value) < 1e7)
    return g_strdup_printf ("%.0f", value);
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.3g", value));
}

char *
jx_trend_model_format_term (const JxTrendModel *model,
                            const char         *parameter)
{
  GString *out;
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (model != NULL && parameter != NULL, NULL);

  if (model->kind == JX_TREND_MODEL_NONE)
    return g_strdup ("—");
  if (model->kind == JX_TREND_MODEL_CONSTANT)
    return g_strdup ("1");
  out = g_string_new (NULL);
  if (model->kind == JX_TREND_MODEL_POWER)
    g_string_append_printf (out, "%s^%s", parameter,
                            g_ascii_formatd (buffer, sizeof buffer, "%.2f", model->exponent));
  else if (model->exp_num > 0)
    {
      if (model->exp_den == 1 && model->exp_num == 1)
        g_string_append (out, parameter);
      else if (model->exp_den == 1)
        g_string_append_printf (out, "%s^%u", parameter, model->exp_num);
      else
        g_string_append_printf (out, "%s^(%u/%u)", parameter, model->exp_num, model->exp_den);
    }
  if (model->log_exponent > 0)
    {
      if (out->len > 0)
        g_string_append (out, "·");
      g_string_append_printf (out, "log2(%s)", parameter);
      if (model->log_exponent > 1)
        g_string_append_printf (out, "^%u", model->log_exponent);
    }
  return g_string_free (out, FALSE);
}

char *
jx_trend_model_format (const JxTrendModel *model,
                       const char         *parameter,
                       JxTrendUnit         unit)
{
  g_autofree char *term = NULL;
  g_autofree char *b = NULL;
  g_autofree char *a = NULL;
  GString *out;

  g_return_val_if_fail (model != NULL && parameter != NULL, NULL);

  if (model->kind == JX_TREND_MODEL_NONE)
    return g_strdup ("—");
  if (model->kind == JX_TREND_MODEL_CONSTANT)
    return jx_trend_format_value (model->a, unit);

  term = jx_trend_model_format_term (model, parameter);
  out = g_string_new (NULL);
  b = jx_trend_format_value (fabs (model->b), unit);
  if (model->b < 0.0)
    g_string_append (out, "−");
  /* "41·p^2", and "p^2" itself for a count coefficient of exactly 1. */
  if (unit == JX_TREND_UNIT_COUNT && fabs (model->b) == 1.0)
    g_string_append (out, term);
  else
    g_string_append_printf (out, "%s·%s", b, term);
  if (model->a != 0.0)
    {
      a = jx_trend_format_value (fabs (model->a), unit);
      g_string_append_printf (out, " %s %s", model->a < 0.0 ? "−" : "+", a);
    }
  if (model->kind == JX_TREND_MODEL_POWER)
    g_string_append (out, " (power law)");
  return g_string_free (out, FALSE);
}

/* --- ranking --------------------------------------------------------------------- */

double
jx_trend_model_growth (const JxTrendModel *model,
                       double              x_first,
                       double              x_last)
{
  double first, last;

  g_return_val_if_fail (model != NULL, NAN);

  if (model->kind == JX_TREND_MODEL_NONE)
    return NAN;
  if (model->kind == JX_TREND_MODEL_CONSTANT)
    return 0.0;
  first = jx_trend_model_eval (model, x_first);
  last = jx_trend_model_eval (model, x_last);
  if (last == 0.0)
    return first == 0.0 ? 0.0 : INFINITY;
  return (last - first) / fabs (last);
}

/* 0 growing materially, 1 growing a little, 2 constant (or bounded), 3
 * decreasing, 4 no model. */
static int
growth_class (const JxTrendModel *model,
              double              x_first,
              double              x_last)
{
  if (model->kind == JX_TREND_MODEL_NONE)
    return 4;
  if (jx_trend_model_is_growing (model))
    return jx_trend_model_growth (model, x_first, x_last) >= JX_TREND_MATERIAL_GROWTH ? 0 : 1;
  if (is_decreasing (model))
    return 3;
  return 2;
}

static int
compare_desc (double a,
              double b)
{
  if (a > b)
    return -1;
  if (a < b)
    return 1;
  return 0;
}

int
jx_trend_model_compare_growth (const JxTrendModel *a,
                               const JxTrendModel *b,
                               double              x_first,
                               double              x_last,
                               double              last_a,
                               double              last_b)
{
  int ca, cb, c;

  g_return_val_if_fail (a != NULL && b != NULL, 0);

  ca = growth_class (a, x_first, x_last);
  cb = growth_class (b, x_first, x_last);
  if (ca != cb)
    return ca < cb ? -1 : 1;
  switch (ca)
    {
    case 0:
    case 1:
      if ((c = compare_desc (a->exponent, b->exponent)) != 0)
        return c;
      if ((c = compare_desc (a->log_exponent, b->log_exponent)) != 0)
        return c;
      return compare_desc (a->b, b->b);
    case 2:
    case 3:
      return compare_desc (jx_trend_model_eval (a, x_last), jx_trend_model_eval (b, x_last));
    default:
      return compare_desc (isfinite (last_a) ? last_a : -INFINITY, isfinite (last_b) ? last_b : -INFINITY);
    }
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

double
jx_trend_median (const double *values,
                 guint         n)
{
  g_autofree double *sorted = NULL;
  guint m = 0;

  g_return_val_if_fail (n == 0 || values != NULL, NAN);

  sorted = g_new (double, MAX (n, 1));
  for (guint k = 0; k < n; k++)
    if (!isnan (values[k]))
      sorted[m++] = values[k];
  if (m == 0)
    return NAN;
  qsort (sorted, m, sizeof (double), compare_doubles);
  return m % 2 == 1 ? sorted[m / 2] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2.0;
}
