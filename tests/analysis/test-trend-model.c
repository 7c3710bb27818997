/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trend-model.c — the scaling models of jx-trend-model.h: exact laws
 * recovered, the hypothesis set, the selection rule, quality numbers
 * worked by hand, seed 004's Table 1 (model text and ranking), the
 * too-few-points states and formatting. */
#include "config.h"

#include <math.h>
#include <locale.h>

#include "jx-trend-model.h"

static const double px[] = { 2, 4, 8, 16, 32, 64 };

static void
fit_law (double (*law) (double),
         const double *x,
         guint         n,
         JxTrendModel *model)
{
  double y[16];

  g_assert (n <= G_N_ELEMENTS (y));
  for (guint k = 0; k < n; k++)
    y[k] = law (x[k]);
  jx_trend_model_fit (x, y, n, model);
}

static double law_square (double x) { return 5.0 + 3.0 * x * x; }
static double law_log (double x) { return 7.0 * log2 (x); }
static double law_p15 (double x) { return 10.0 * pow (x, 1.5); }
static double law_nlogn (double x) { return 100.0 + 2.0 * x * log2 (x); }
static double law_odd (double x) { return 4.0 * pow (x, 1.55); }
static double law_const (double x) { (void) x; return 42.0; }
static double law_sqrt_log2 (double x) { return 3.0 * sqrt (x) * log2 (x) * log2 (x); }

static void
test_hypotheses (void)
{
  guint8 num, den, j;
  guint n = jx_trend_pmnf_n_hypotheses ();

  /* 19 exponents × 3 log exponents, without (0, 0). */
  g_assert_cmpuint (n, ==, 56);
  jx_trend_pmnf_hypothesis (0, &num, &den, &j);
  g_assert_cmpuint (num, ==, 0);
  g_assert_cmpuint (j, ==, 1);
  jx_trend_pmnf_hypothesis (n - 1, &num, &den, &j);
  g_assert_cmpuint (num, ==, 3);
  g_assert_cmpuint (den, ==, 1);
  g_assert_cmpuint (j, ==, 2);
  for (guint h = 0; h < n; h++)
    {
      jx_trend_pmnf_hypothesis (h, &num, &den, &j);
      g_assert_true (num > 0 || j > 0);
      g_assert_cmpuint (j, <=, 2);
      g_assert_cmpfloat ((double) num / den, <=, 3.0);
    }
}

static void
test_exact_laws (void)
{
  JxTrendModel m;

  fit_law (law_square, px, 6, &m);
  g_assert_cmpint (m.kind, ==, JX_TREND_MODEL_PMNF);
  g_assert_cmpuint (m.exp_num, ==, 2);
  g_assert_cmpuint (m.exp_den, ==, 1);
  g_assert_cmpuint (m.log_exponent, ==, 0);
  g_assert_cmpfloat_with_epsilon (m.a, 5.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (m.b, 3.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (m.r2, 1.0, 1e-12);
  g_assert_cmpfloat (m.smape, <, 1e-6);
  g_assert_false (m.low_confidence);
  g_assert_cmpstr (jx_trend_model_class (&m), ==, "polynomial");

  fit_law (law_log, px, 6, &m);
  g_assert_cmpint (m.kind, ==, JX_TREND_MODEL_PMNF);
  g_assert_cmpuint (m.exp_num, ==, 0);
  g_assert_cmpuint (m.log_exponent, ==, 1);
  g_assert_cmpfloat_with_epsilon (m.b, 7.0, 1e-9);
  g_assert_cmpstr (jx_trend_model_class (&m), ==, "logarithmic");

  fit_law (law_p15, px, 6, &m);
  g_assert_cmpint (m.kind, ==, JX_TREND_MODEL_PMNF);
  g_assert_cmpuint (m.exp_num, ==, 3);
  g_assert_cmpuint (m.exp_den, ==, 2);
  g_assert_cmpuint (m.log_exponent, ==, 0);

  fit_law (law_nlogn, px, 6, &m);
  g_assert_cmpuint (m.exp_num, ==, 1);
  g_assert_cmpuint (m.exp_den, ==, 1);
  g_assert_cmpuint (m.log_exponent, ==, 1);
  g_assert_cmpstr (jx_trend_model_class (&m), ==, "polylogarithmic");

  fit_law (law_sqrt_log2, px, 6, &m);
  g_assert_cmpuint (m.exp_num, ==, 1);
  g_assert_cmpuint (m.exp_den, ==, 2);
  g_assert_cmpuint (m.log_exponent, ==, 2);

  /* Between two grid exponents: seed 004's power law. */
  fit_law (law_odd, px, 6, &m);
  g_assert_cmpint (m.kind, ==, JX_TREND_MODEL_POWER);
  g_assert_cmpfloat_with_epsilon (m.exponent, 1.55, 0.01);
  g_assert_cmpstr (jx_trend_model_class (&m), ==, "power law");

  fit_law (law_const, px, 6, &m);
  g_assert_cmpint (m.kind, ==, JX_TREND_MODEL_CONSTANT);
  g_assert_cmpfloat (m.a, ==, 42.0);
  g_assert_true (isnan (m.r2));
}

/* Seed 004, Table 1 (heart simulation, 4–32 processors): the trends as the
 * table writes them, and its order. */
static void
test_paper_table1 (void)
{
  static const double p[] = { 4, 8, 16, 32 };
  struct { const char *location; double c2, c1, c0; } rows[] = {
    { "FluidSlab.ti 3725 Put", 0, 200, 0 },
    { "MetisDistributor.ti 1537 Get", 0, 304690, -1389867 },
    { "MyMailBox.ti 384 Put", 9, 0, -789 },
    { "FFTfast.ti 8727 Get", 41, 0, -416 },
    { "FluidSlab.ti 3685 Put", 0, 200, 0 },
    { "FFTfast.ti 8035 Put", 41, 0, -416 },
  };
  static const char *const expected_order[] = {
    "FFTfast.ti 8035 Put", "FFTfast.ti 8727 Get", "MyMailBox.ti 384 Put",
    "MetisDistributor.ti 1537 Get", "FluidSlab.ti 3685 Put", "FluidSlab.ti 3725 Put",
  };
  JxTrendModel models[G_N_ELEMENTS (rows)];
  guint order[G_N_ELEMENTS (rows)];
  g_autofree char *fft = NULL;
  g_autofree char *metis = NULL;
  g_autofree char *slab = NULL;

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      double y[4];

      for (guint k = 0; k < 4; k++)
        y[k] = rows[r].c2 * p[k] * p[k] + rows[r].c1 * p[k] + rows[r].c0;
      jx_trend_model_fit (p, y, 4, &models[r]);
      /* Four processor counts: a model, marked low confidence. */
      g_assert_true (models[r].low_confidence);
      g_assert_cmpint (models[r].kind, ==, JX_TREND_MODEL_PMNF);
      order[r] = r;
    }

  fft = jx_trend_model_format (&models[3], "p", JX_TREND_UNIT_COUNT);
  g_assert_cmpstr (fft, ==, "41·p^2 − 416");
  metis = jx_trend_model_format (&models[1], "p", JX_TREND_UNIT_COUNT);
  g_assert_cmpstr (metis, ==, "304690·p − 1389867");
  slab = jx_trend_model_format (&models[0], "p", JX_TREND_UNIT_COUNT);
  g_assert_cmpstr (slab, ==, "200·p");

  /* Insertion sort by the ranking, names breaking ties. */
  for (guint i = 1; i < G_N_ELEMENTS (rows); i++)
    for (guint j = i; j > 0; j--)
      {
        int c = jx_trend_model_compare_growth (&models[order[j]], &models[order[j - 1]], 4, 32, NAN, NAN);
        guint t;

        if (c == 0)
          c = g_strcmp0 (rows[order[j]].location, rows[order[j - 1]].location);
        if (c >= 0)
          break;
        t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    g_assert_cmpstr (rows[order[i]].location, ==, expected_order[i]);
}

/* A steep term that hardly changes the value over the runs ranks after
 * the trends that do (the largest of many noisy maxima can look like
 * 2.6 µs + 0.006 ns·p³). */
static void
test_material_growth (void)
{
  JxTrendModel tiny = { 0 }, line = { 0 }, constant = { 0 };

  tiny.kind = JX_TREND_MODEL_PMNF;
  tiny.a = 2.6e-6;
  tiny.b = 6.3e-12;
  tiny.exp_num = 3;
  tiny.exp_den = 1;
  tiny.exponent = 3;
  line = tiny;
  line.a = 5.6e-5;
  line.b = 2.8e-5;
  line.exp_num = 1;
  line.exponent = 1;
  constant.kind = JX_TREND_MODEL_CONSTANT;
  constant.a = 1.0;

  g_assert_cmpfloat (jx_trend_model_growth (&tiny, 2, 32), <, JX_TREND_MATERIAL_GROWTH);
  g_assert_cmpfloat (jx_trend_model_growth (&line, 2, 32), >, JX_TREND_MATERIAL_GROWTH);
  g_assert_cmpint (jx_trend_model_compare_growth (&line, &tiny, 2, 32, NAN, NAN), <, 0);
  /* Over a range where it does grow, the steeper term comes first. */
  g_assert_cmpint (jx_trend_model_compare_growth (&line, &tiny, 2, 4096, NAN, NAN), >, 0);
  /* Either before a constant. */
  g_assert_cmpint (jx_trend_model_compare_growth (&tiny, &constant, 2, 32, NAN, NAN), <, 0);
  g_assert_cmpfloat (jx_trend_model_growth (&constant, 2, 32), ==, 0.0);
}

/* SMAPE, its leave-one-out form and R² worked by hand for the constant. */
static void
test_quality_by_hand (void)
{
  static const double x[] = { 1, 2, 3 };
  static const double y[] = { 2, 4, 6 };
  JxTrendModel m;

  g_assert_true (jx_trend_model_fit_constant (x, y, 3, &m));
  g_assert_cmpfloat (m.a, ==, 4.0);
  /* (|4-2|/3 + 0 + |4-6|/5) / 3 */
  g_assert_cmpfloat_with_epsilon (m.smape, 100.0 * (2.0 / 3.0 + 2.0 / 5.0) / 3.0, 1e-9);
  /* left out: 2 → 5, 4 → 4, 6 → 3 */
  g_assert_cmpfloat_with_epsilon (m.cv_smape, 100.0 * (3.0 / 3.5 + 0.0 + 3.0 / 4.5) / 3.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (m.r2, 0.0, 1e-12);

  /* The line through them: exact, and exact when one point is left out. */
  g_assert_true (jx_trend_model_fit_pmnf (x, y, 3, 1, 1, 0, &m));
  g_assert_cmpfloat_with_epsilon (m.b, 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (m.a, 0.0, 1e-12);
  g_assert_cmpfloat (m.cv_smape, <, 1e-9);
}

static void
test_too_few_points (void)
{
  static const double x[] = { 32, 64, 128 };
  static const double y[] = { 100, 220, 500 };
  JxTrendModel m;
  g_autofree char *text = NULL;

  jx_trend_model_fit (x, y, 2, &m);
  g_assert_cmpint (m.kind, ==, JX_TREND_MODEL_NONE);
  g_assert_cmpuint (m.n_points, ==, 2);
  g_assert_true (isnan (jx_trend_model_eval (&m, 1000)));
  g_assert_cmpstr (jx_trend_model_class (&m), ==, "none");
  text = jx_trend_model_format (&m, "p", JX_TREND_UNIT_COUNT);
  g_assert_cmpstr (text, ==, "—");

  jx_trend_model_fit (x, y, 3, &m);
  g_assert_cmpint (m.kind, !=, JX_TREND_MODEL_NONE);
  g_assert_true (m.low_confidence);
  /* Three points: leave-one-out cannot score a power law (3 coefficients). */
  g_assert_false (jx_trend_model_fit_power (x, y, 3, &m) && isfinite (m.cv_smape));

  /* Zero or negative x cannot be modelled. */
  {
    static const double bad[] = { 0, 1, 2 };

    jx_trend_model_fit (bad, y, 3, &m);
    g_assert_cmpint (m.kind, ==, JX_TREND_MODEL_NONE);
  }
}

/* ±5 % uniform noise (deterministic) on a constant, a linear law, p^1.5,
 * log2(p) and p² at 5 and 8 scales: the model class stays right. The
 * selection is a statistical test, so a few in a thousand may go wrong;
 * the test holds the rate below 2 % (6 % for a line over 5 scales; the
 * measured rates are in docs/trend.md). */
static double noise_const (double x) { (void) x; return 1000.0; }
static double noise_linear (double x) { return 40.0 * x; }
static double noise_p15 (double x) { return 10.0 * pow (x, 1.5); }
static double noise_log (double x) { return 60.0 * log2 (x); }
static double noise_square (double x) { return 3.0 * x * x; }

static gboolean
class_right (guint               law,
             const JxTrendModel *m)
{
  switch (law)
    {
    case 0: return m->kind == JX_TREND_MODEL_CONSTANT;
    case 1: return g_str_equal (jx_trend_model_class (m), "linear");
    case 2: return m->kind == JX_TREND_MODEL_PMNF && m->exp_num == 3 && m->exp_den == 2 && m->log_exponent == 0;
    case 3: return g_str_equal (jx_trend_model_class (m), "logarithmic") && m->log_exponent == 1;
    default: return m->kind == JX_TREND_MODEL_PMNF && fabs (m->exponent - 2.0) <= 0.1 && m->log_exponent == 0;
    }
}

static void
test_noise (void)
{
  static const double x[] = { 2, 4, 8, 16, 32, 64, 128, 256 };
  double (*laws[]) (double) = { noise_const, noise_linear, noise_p15, noise_log, noise_square };
  static const guint scales[] = { 5, 8 };
  const guint trials = 500;
  guint64 state = 12345;

  for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
    for (guint law = 0; law < G_N_ELEMENTS (laws); law++)
      {
        guint wrong = 0;

        for (guint trial = 0; trial < trials; trial++)
          {
            double y[8];
            JxTrendModel m;

            for (guint k = 0; k < scales[s]; k++)
              {
                double u;

                state = state * G_GUINT64_CONSTANT (6364136223846793005) + G_GUINT64_CONSTANT (1442695040888963407);
                u = (double) (state >> 11) / 9007199254740992.0 * 2.0 - 1.0;
                y[k] = laws[law] (x[k]) * (1.0 + 0.05 * u);
              }
            jx_trend_model_fit (x, y, scales[s], &m);
            if (!class_right (law, &m))
              wrong++;
          }
        g_test_message ("%u scales, law %u: %u of %u wrong", scales[s], law, wrong, trials);
        /* Linear at 5 scales is the hardest case (x^(2/3)·log2(x) + a
         * bends like x over 2–32): allow 6 %, elsewhere 2 %. */
        g_assert_cmpuint (wrong * 100, <=, (scales[s] == 5 && law == 1 ? 6 : 2) * trials);
      }
}

static void
test_format (void)
{
  JxTrendModel m = { 0 };
  g_autofree char *t1 = NULL;
  g_autofree char *t2 = NULL;
  g_autofree char *t3 = NULL;
  g_autofree char *t4 = NULL;
  g_autofree char *v = NULL;

  m.kind = JX_TREND_MODEL_PMNF;
  m.a = 0.0013;
  m.b = 2.1e-6;
  m.exp_num = 3;
  m.exp_den = 2;
  m.exponent = 1.5;
  m.log_exponent = 1;
  t1 = jx_trend_model_format (&m, "p", JX_TREND_UNIT_SECONDS);
  g_assert_cmpstr (t1, ==, "2.1 µs·p^(3/2)·log2(p) + 1.3 ms");
  t2 = jx_trend_model_format_term (&m, "n");
  g_assert_cmpstr (t2, ==, "n^(3/2)·log2(n)");

  m.exp_num = 0;
  m.exponent = 0;
  m.log_exponent = 2;
  t3 = jx_trend_model_format_term (&m, "p");
  g_assert_cmpstr (t3, ==, "log2(p)^2");

  m.kind = JX_TREND_MODEL_POWER;
  m.exponent = 1.9712;
  m.log_exponent = 0;
  m.a = -5;
  m.b = 3.1;
  t4 = jx_trend_model_format (&m, "p", JX_TREND_UNIT_COUNT);
  g_assert_cmpstr (t4, ==, "3.1·p^1.97 − 5 (power law)");
  g_assert_cmpfloat_with_epsilon (jx_trend_model_eval (&m, 10.0), -5.0 + 3.1 * pow (10.0, 1.9712), 1e-9);

  v = jx_trend_format_value (2.5e-12, JX_TREND_UNIT_SECONDS);
  g_assert_cmpstr (v, ==, "0.0025 ns");
}

static void
test_median (void)
{
  static const double v[] = { 5, NAN, 1, 3, 100 };

  g_assert_cmpfloat (jx_trend_median (v, 5), ==, 4.0);
  g_assert_cmpfloat (jx_trend_median (v, 3), ==, 3.0);
  g_assert_true (isnan (jx_trend_median (v + 1, 1)));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/trend-model/hypotheses", test_hypotheses);
  g_test_add_func ("/analysis/trend-model/exact-laws", test_exact_laws);
  g_test_add_func ("/analysis/trend-model/paper-table1", test_paper_table1);
  g_test_add_func ("/analysis/trend-model/material-growth", test_material_growth);
  g_test_add_func ("/analysis/trend-model/quality-by-hand", test_quality_by_hand);
  g_test_add_func ("/analysis/trend-model/too-few-points", test_too_few_points);
  g_test_add_func ("/analysis/trend-model/noise", test_noise);
  g_test_add_func ("/analysis/trend-model/format", test_format);
  g_test_add_func ("/analysis/trend-model/median", test_median);
  return g_test_run ();
}
