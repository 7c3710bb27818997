/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-model.h — empirical scaling models of one measure against one
 * parameter x (process count, input size, …), as in seed 004 (Su & Yelick,
 * ti-trend-prof §4: a + b·x and a + b·x^c, ranked by exponent then
 * coefficient) and Extra-P (performance-model normal form, chosen by
 * leave-one-out cross-validation).
 *
 * Candidates, fitted by least squares on relative errors (weights 1/y²:
 * observations span orders of magnitude and their noise is proportional)
 * to one observation per distinct x (the median of its repetitions):
 *   constant   a, the mean                         (1 coefficient)
 *   PMNF       a + b·x^i·log2^j(x)                 (2 coefficients), i in
 *              {0, 1/4, 1/3, 1/2, 2/3, 3/4, 1, 5/4, 4/3, 3/2, 5/3, 7/4, 2,
 *              9/4, 7/3, 5/2, 8/3, 11/4, 3}, j in {0, 1, 2}, (i, j) ≠ (0, 0);
 *              i = 1, j = 0 is seed 004's linear a + b·x
 *   power law  a + b·x^c, c fitted in [-2, -1/4] ∪ [1/4, 4] (3 coefficients,
 *              seed 004)
 * Selection (docs/trend.md has the reasons and the measured error rates):
 *   1. The constant first; observations that are all equal stay constant.
 *   2. Of the PMNF hypotheses, those whose relative residual sum of squares
 *      is within the F test's 2.5 % band of the lowest cannot be told
 *      apart: the simplest of them (jx_trend_pmnf_complexity) wins, then the
 *      lowest leave-one-out SMAPE.
 *   3. It replaces the constant when its term is significant (t test at
 *      0.1 %; with 3 or 4 points the observations must also spread by more
 *      than 10 % and t pass 5 %) and its leave-one-out SMAPE is at least
 *      20 % lower (JX_TREND_SIMPLER_MARGIN).
 *   4. The power law replaces the model so far when its term is
 *      significant, its free exponent pays (nested F test at 1 %) and its
 *      leave-one-out SMAPE is at least 20 % lower.
 * A term that contributes less than 0.05 % of every observation is no term,
 * and a constant coefficient below 0.05 % of every observation is 0
 * (Extra-P's rules). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Fewer distinct x values than this: no model. Below
 * JX_TREND_CONFIDENT_POINTS: the model is marked low confidence (Extra-P
 * asks for 5). */
#define JX_TREND_MIN_POINTS        3
#define JX_TREND_CONFIDENT_POINTS  5

/* The relative improvement of the cross-validated SMAPE a model with more
 * coefficients needs to replace a simpler one. */
#define JX_TREND_SIMPLER_MARGIN    0.2

/* With 3 or 4 points a trend needs observations whose largest is more
 * than this much above the smallest (relative). */
#define JX_TREND_SMALL_SPREAD      0.1

/* A term below this share of every observation does not count. */
#define JX_TREND_TERM_EPSILON      0.0005

typedef enum
{
  JX_TREND_MODEL_NONE,        /* too few points */
  JX_TREND_MODEL_CONSTANT,
  JX_TREND_MODEL_PMNF,
  JX_TREND_MODEL_POWER,
} JxTrendModelKind;

typedef struct
{
  JxTrendModelKind kind;
  double   a;                 /* constant coefficient */
  double   b;                 /* coefficient of the term (0 for a constant) */
  double   exponent;          /* i (PMNF) or c (power law); 0 for a constant */
  guint8   exp_num;           /* PMNF: i = exp_num / exp_den, for display */
  guint8   exp_den;
  guint8   log_exponent;      /* j (PMNF); 0 otherwise */
  guint    n_points;          /* distinct x values fitted */
  gboolean low_confidence;    /* fewer than JX_TREND_CONFIDENT_POINTS */
  double   r2;                /* coefficient of determination; NAN when the
                                 observations do not vary */
  double   smape;             /* % of the fit over all points, 0–200 */
  double   cv_smape;          /* leave-one-out %, the selection criterion */
  double   rrss;              /* relative residual sum of squares,
                                 Σ ((y − model) / y)² */
  double   t;                 /* the term's coefficient in standard errors
                                 (weighted fit); +inf for an exact fit, NAN
                                 for a constant */
} JxTrendModel;

/* Simplicity of a PMNF term: whole exponents and log2(x) alone 0, halves,
 * log2(x)^2 and x^i·log2(x) 1, thirds and quarters 2, each log factor on a
 * power one more. */
guint    jx_trend_pmnf_complexity     (guint8              exp_num,
                                       guint8              exp_den,
                                       guint8              log_exponent);

/* The PMNF exponent pairs searched, in the order they are tried
 * (i ascending, then j): n is 56. */
guint    jx_trend_pmnf_n_hypotheses   (void);
void     jx_trend_pmnf_hypothesis     (guint               index,
                                       guint8             *exp_num,
                                       guint8             *exp_den,
                                       guint8             *log_exponent);

/* Fits and selects the model of y over x (n points, x > 0 and distinct,
 * any order). With fewer than JX_TREND_MIN_POINTS the kind is NONE. */
void     jx_trend_model_fit           (const double       *x,
                                       const double       *y,
                                       guint               n,
                                       JxTrendModel       *model);

/* Only one candidate, for tests and for showing the alternatives: the
 * constant, the PMNF hypothesis (i = num/den, j) or the power law. FALSE
 * when it cannot be fitted (too few points, degenerate x). cv_smape is
 * NAN when leave-one-out needs more points than there are. */
gboolean jx_trend_model_fit_constant  (const double       *x,
                                       const double       *y,
                                       guint               n,
                                       JxTrendModel       *model);
gboolean jx_trend_model_fit_pmnf      (const double       *x,
                                       const double       *y,
                                       guint               n,
                                       guint8              exp_num,
                                       guint8              exp_den,
                                       guint8              log_exponent,
                                       JxTrendModel       *model);
gboolean jx_trend_model_fit_power     (const double       *x,
                                       const double       *y,
                                       guint               n,
                                       JxTrendModel       *model);

/* The model's value at x (NAN for NONE). */
double   jx_trend_model_eval          (const JxTrendModel *model,
                                       double              x);

/* Grows without bound: b > 0 and a positive exponent or a log term. */
gboolean jx_trend_model_is_growing    (const JxTrendModel *model);

/* "constant", "linear", "logarithmic", "polynomial", "polylogarithmic",
 * "power law", "none": stable names for JSON and CSV. */
const char *jx_trend_model_class      (const JxTrendModel *model);

/* How a number of the measure reads: a count or a duration in seconds. */
typedef enum
{
  JX_TREND_UNIT_COUNT,
  JX_TREND_UNIT_SECONDS,
} JxTrendUnit;

/* A value in the unit: "1.23e+06", "4870", "12.3 ms". Free with g_free. */
char    *jx_trend_format_value        (double              value,
                                       JxTrendUnit         unit);

/* The model in readable form with the parameter's name, largest term
 * first: "41·p^2 − 416", "2.1 µs·p·log2(p) + 1.3 ms", "12 (constant)",
 * "3.1·n^1.97 + 5 (power law)". Free with g_free. */
char    *jx_trend_model_format        (const JxTrendModel *model,
                                       const char         *parameter,
                                       JxTrendUnit         unit);

/* The growth term alone, "p^2", "p^(3/2)·log2(p)", "log2(p)^2",
 * "p^1.97", "1": what the ranking compares first. Free with g_free. */
char    *jx_trend_model_format_term   (const JxTrendModel *model,
                                       const char         *parameter);

/* Seed 004's order, least scalable first: growing models by exponent,
 * then log exponent, then coefficient (larger first) — those whose value
 * changes by at least JX_TREND_MATERIAL_GROWTH over the observed range
 * [x_first, x_last] first, then the smaller trends in the same order;
 * then constants by value; then decreasing models by their value at
 * x_last; NONE last by their last observation (last_a, last_b). Returns <0
 * when a ranks before b. */
int      jx_trend_model_compare_growth (const JxTrendModel *a,
                                        const JxTrendModel *b,
                                        double              x_first,
                                        double              x_last,
                                        double              last_a,
                                        double              last_b);

/* A growing model whose value rises by less than this share of its value
 * at the largest x over the observed range ranks after those that rise
 * more: a steep term with a tiny coefficient (the largest of many noisy
 * maxima, say) should not head the table. */
#define JX_TREND_MATERIAL_GROWTH   0.1

/* The relative rise of a model over [x_first, x_last]:
 * (m(x_last) − m(x_first)) / |m(x_last)|; 0 for a constant, NAN for NONE. */
double   jx_trend_model_growth        (const JxTrendModel *model,
                                       double              x_first,
                                       double              x_last);

/* The median of n values, NAN values left out (sorts a copy); NAN when
 * none. */
double   jx_trend_median              (const double       *values,
                                       guint               n);

G_END_DECLS
