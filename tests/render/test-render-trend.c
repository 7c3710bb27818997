/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render-trend.c — the plot of a scaling study's series
 * (jx-trend-plot.h), drawn off-screen: the medians, the runs and the model
 * curve where the pixel mapping puts them, the target's mark, logarithmic
 * axes, a picture without a model, and points a log axis cannot show. */
#include "config.h"

#include <math.h>

#include "jx-palette.h"
#include "jx-test-study.h"
#include "jx-trend-load.h"
#include "jx-trend-plot.h"

typedef struct
{
  JxTestStudy     st;
  GPtrArray      *runs;
  JxTrendStudy   *study;
} Fixture;

static void
fixture_setup (Fixture       *fx,
               gconstpointer  data)
{
  static const guint ranks[] = { 2, 4, 8, 16, 0 };
  g_autoptr(GError) error = NULL;
  JxTrendOptions options;

  (void) data;
  jx_test_study_generate (&fx->st, "scaling", ranks, 4, 0.0, 31);
  fx->runs = jx_trend_load_runs ((const char * const *) fx->st.runs, 4, NULL, NULL, &error);
  g_assert_no_error (error);
  jx_trend_options_init (&options);
  options.at = 64;
  fx->study = jx_trend_study_new ((JxTrendRun * const *) fx->runs->pdata, fx->runs->len);
  g_assert_true (jx_trend_study_compute (fx->study, &options, NULL, &error));
}

static void
fixture_teardown (Fixture       *fx,
                  gconstpointer  data)
{
  (void) data;
  jx_trend_study_unref (fx->study);
  g_ptr_array_unref (fx->runs);
  jx_test_study_clear (&fx->st);
}

static cairo_surface_t *
draw (const JxTrendPlotView *view)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, view->width, view->height);
  cairo_t *cr = cairo_create (surface);

  jx_trend_plot_draw (cr, view);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel (cairo_surface_t *surface,
       double           x,
       double           y)
{
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);

  return *(const guint32 *) (data + (int) round (y) * stride + (int) round (x) * 4) & 0xffffff;
}

static double
darkness (guint32 p)
{
  return 1.0 - (((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff)) / (3.0 * 255.0);
}

/* The nearest pixel to (x, y) within r of the colour, or FALSE. */
static gboolean
colour_near (cairo_surface_t *surface,
             double           x,
             double           y,
             int              r,
             guint32          colour)
{
  for (int dy = -r; dy <= r; dy++)
    for (int dx = -r; dx <= r; dx++)
      {
        guint32 p = pixel (surface, x + dx, y + dy);
        int dr = (int) ((p >> 16) & 0xff) - (int) ((colour >> 16) & 0xff);
        int dg = (int) ((p >> 8) & 0xff) - (int) ((colour >> 8) & 0xff);
        int db = (int) (p & 0xff) - (int) (colour & 0xff);

        if (ABS (dr) + ABS (dg) + ABS (db) < 60)
          return TRUE;
      }
  return FALSE;
}

static void
check_plot (Fixture  *fx,
            gboolean  log_x,
            gboolean  log_y)
{
  gint index = jx_trend_study_find_series (fx->study, JX_TREND_KEY_FUNCTION, "work_linear", JX_TREND_MEASURE_COUNT);
  const JxTrendSeries *s = jx_trend_study_get_series (fx->study, index);
  JxTrendPlotView view;
  cairo_surface_t *surface;
  JxRgba curve;
  guint32 curve_pixel;
  double left, top, width, height;

  jx_trend_plot_view_init (&view);
  view.study = fx->study;
  view.series = s;
  view.log_x = log_x;
  view.log_y = log_y;
  surface = draw (&view);
  jx_trend_plot_area (&view, &left, &top, &width, &height);
  jx_palette_function_color ("work_linear", FALSE, &curve);
  curve_pixel = jx_palette_rgba_to_pixel (&curve) & 0xffffff;

  /* Each median is a dark dot where the mapping puts it, inside the area. */
  for (guint k = 0; k < jx_trend_study_get_n_x (fx->study); k++)
    {
      double px, py;

      g_assert_true (jx_trend_plot_to_pixel (&view, jx_trend_study_get_x (fx->study)[k], s->median[k], &px, &py));
      g_assert_cmpfloat (px, >, left);
      g_assert_cmpfloat (px, <, left + width);
      g_assert_cmpfloat (py, >, top);
      g_assert_cmpfloat (py, <, top + height);
      g_assert_cmpfloat (darkness (pixel (surface, px, py)), >, 0.6);
    }
  /* The model between two observations, and extrapolated to 64 (the
   * study's target), where its prediction is marked. */
  {
    double px, py;

    g_assert_true (jx_trend_plot_to_pixel (&view, 6.0, jx_trend_model_eval (&s->model, 6.0), &px, &py));
    g_assert_true (colour_near (surface, px, py, 2, curve_pixel));
    g_assert_true (jx_trend_plot_to_pixel (&view, 64.0, jx_trend_model_eval (&s->model, 64.0), &px, &py));
    g_assert_cmpfloat (px, <, left + width);
    g_assert_cmpfloat (darkness (pixel (surface, px, py)), >, 0.6);
  }
  /* Background away from everything. */
  g_assert_cmpfloat (darkness (pixel (surface, 2, 2)), <, 0.05);
  cairo_surface_destroy (surface);
}

static void
test_linear_axes (Fixture       *fx,
                  gconstpointer  data)
{
  (void) data;
  check_plot (fx, FALSE, FALSE);
}

static void
test_log_axes (Fixture       *fx,
               gconstpointer  data)
{
  (void) data;
  check_plot (fx, TRUE, TRUE);
}

/* Too few points: the observations, no curve. A value of 0 on a log axis
 * has no place (and no crash). */
static void
test_no_model (Fixture       *fx,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrendStudy) two = jx_trend_study_new ((JxTrendRun * const *) fx->runs->pdata, 2);
  const JxTrendSeries *s;
  JxTrendPlotView view;
  cairo_surface_t *surface;
  double px, py;

  (void) data;
  g_assert_true (jx_trend_study_compute (two, NULL, NULL, &error));
  s = jx_trend_study_get_series (two, jx_trend_study_find_series (two, JX_TREND_KEY_FUNCTION, "work_linear",
                                                                   JX_TREND_MEASURE_COUNT));
  g_assert_cmpint (s->model.kind, ==, JX_TREND_MODEL_NONE);
  jx_trend_plot_view_init (&view);
  view.study = two;
  view.series = s;
  view.log_y = TRUE;
  view.dark = TRUE;
  surface = draw (&view);
  g_assert_true (jx_trend_plot_to_pixel (&view, 2.0, s->median[0], &px, &py));
  g_assert_false (jx_trend_plot_to_pixel (&view, 2.0, 0.0, &px, &py));
  cairo_surface_destroy (surface);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/render/trend/linear-axes", Fixture, NULL, fixture_setup, test_linear_axes, fixture_teardown);
  g_test_add ("/render/trend/log-axes", Fixture, NULL, fixture_setup, test_log_axes, fixture_teardown);
  g_test_add ("/render/trend/no-model", Fixture, NULL, fixture_setup, test_no_model, fixture_teardown);
  return g_test_run ();
}
