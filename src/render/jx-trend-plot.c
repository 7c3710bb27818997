/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-plot.c — see jx-trend-plot.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-palette.h"
#include "jx-trend-plot.h"

#define MARGIN_LEFT   84
#define MARGIN_RIGHT  28
#define MARGIN_TOP    76
#define MARGIN_BOTTOM 56
#define CURVE_SAMPLES 240
#define MAX_TICKS     12

void
jx_trend_plot_view_init (JxTrendPlotView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->width = 800;
  view->height = 500;
  view->at = NAN;
}

/* --- geometry ------------------------------------------------------------------ */

typedef struct
{
  double left, top, width, height;
  double x0, x1, y0, y1;        /* axis ranges, in log10 when the axis is logarithmic */
  gboolean log_x, log_y;
  double at;
} Frame;

static double
target_of (const JxTrendPlotView *view)
{
  if (isfinite (view->at) && view->at > 0.0)
    return view->at;
  if (view->study != NULL)
    {
      double at = jx_trend_study_get_options (view->study)->at;

      if (isfinite (at) && at > 0.0)
        return at;
    }
  return NAN;
}

static double
axis_value (double   v,
            gboolean log_scale)
{
  if (!log_scale)
    return v;
  return v > 0.0 ? log10 (v) : NAN;
}

/* The range of the values an axis must hold, padded. */
static void
pad_range (double   *lo,
           double   *hi,
           gboolean  log_scale,
           gboolean  from_zero)
{
  double span;

  if (!isfinite (*lo) || !isfinite (*hi))
    {
      *lo = log_scale ? 0.0 : 0.0;
      *hi = 1.0;
      return;
    }
  if (!log_scale && from_zero && *lo > 0.0)
    *lo = 0.0;
  if (*hi <= *lo)
    {
      double d = *lo != 0.0 ? fabs (*lo) * 0.5 : 1.0;

      if (log_scale)
        d = 0.5;
      *lo -= d;
      *hi += d;
      return;
    }
  span = *hi - *lo;
  *hi += span * 0.06;
  if (log_scale || !from_zero || *lo < 0.0)
    *lo -= span * 0.06;
}

static void
make_frame (const JxTrendPlotView *view,
            Frame                 *f)
{
  const JxTrendSeries *s = view->series;
  guint n_x = jx_trend_study_get_n_x (view->study);
  guint n_runs = jx_trend_study_get_n_runs (view->study);
  const double *x = jx_trend_study_get_x (view->study);
  double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;

  f->left = MARGIN_LEFT;
  f->top = MARGIN_TOP;
  f->width = MAX (view->width - MARGIN_LEFT - MARGIN_RIGHT, 10);
  f->height = MAX (view->height - MARGIN_TOP - MARGIN_BOTTOM, 10);
  f->log_x = view->log_x;
  f->log_y = view->log_y;
  f->at = target_of (view);

  for (guint k = 0; k < n_x; k++)
    {
      double ax = axis_value (x[k], f->log_x);

      if (isfinite (ax))
        {
          xlo = MIN (xlo, ax);
          xhi = MAX (xhi, ax);
        }
    }
  if (isfinite (f->at) && s->model.kind != JX_TREND_MODEL_NONE)
    xhi = MAX (xhi, axis_value (f->at, f->log_x));
  for (guint i = 0; i < n_runs; i++)
    {
      double ay = axis_value (s->values[i], f->log_y);

      if (isfinite (ay))
        {
          ylo = MIN (ylo, ay);
          yhi = MAX (yhi, ay);
        }
    }
  if (s->model.kind != JX_TREND_MODEL_NONE && isfinite (xlo))
    for (guint k = 0; k <= CURVE_SAMPLES; k++)
      {
        double ax = xlo + (xhi - xlo) * k / CURVE_SAMPLES;
        double vx = f->log_x ? pow (10.0, ax) : ax;
        double ay = axis_value (jx_trend_model_eval (&s->model, vx), f->log_y);

        if (isfinite (ay) && vx > 0.0)
          {
            ylo = MIN (ylo, ay);
            yhi = MAX (yhi, ay);
          }
      }
  pad_range (&xlo, &xhi, f->log_x, TRUE);
  pad_range (&ylo, &yhi, f->log_y, TRUE);
  f->x0 = xlo;
  f->x1 = xhi;
  f->y0 = ylo;
  f->y1 = yhi;
}

static gboolean
frame_pixel (const Frame *f,
             double       x,
             double       y,
             double      *px,
             double      *py)
{
  double ax = axis_value (x, f->log_x), ay = axis_value (y, f->log_y);

  if (!isfinite (ax) || !isfinite (ay))
    return FALSE;
  *px = f->left + (ax - f->x0) / (f->x1 - f->x0) * f->width;
  *py = f->top + f->height - (ay - f->y0) / (f->y1 - f->y0) * f->height;
  return TRUE;
}

void
jx_trend_plot_area (const JxTrendPlotView *view,
                    double                *left,
                    double                *top,
                    double                *width,
                    double                *height)
{
  Frame f;

  g_return_if_fail (view != NULL && view->study != NULL && view->series != NULL);

  make_frame (view, &f);
  *left = f.left;
  *top = f.top;
  *width = f.width;
  *height = f.height;
}

gboolean
jx_trend_plot_to_pixel (const JxTrendPlotView *view,
                        double                 x,
                        double                 y,
                        double                *px,
                        double                *py)
{
  Frame f;

  g_return_val_if_fail (view != NULL && view->study != NULL && view->series != NULL, FALSE);

  make_frame (view, &f);
  return frame_pixel (&f, x, y, px, py);
}

/* --- text ------------------------------------------------------------------------ */

/* Returns the text's width in pixels. */
static int
show (cairo_t    *cr,
      const char *text,
      const char *font,
      double      x,
      double      y,
      double      align,      /* 0 left, 0.5 centre, 1 right of x */
      gboolean    dark,
      double      alpha)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  int tw, th;

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  jx_palette_cairo_set_text (cr, dark, alpha);
  cairo_move_to (cr, x - align * tw, y - th / 2.0);
  pango_cairo_show_layout (cr, layout);
  return tw;
}

static char *
x_label (double x)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g", x));
}

/* --- ticks ------------------------------------------------------------------ */

/* Tick values (in axis units: log10 on a log axis) of [lo, hi]. */
static guint
ticks (double    lo,
       double    hi,
       gboolean  log_scale,
       gboolean  powers_of_two,
       double   *out)
{
  guint n = 0;

  if (log_scale && powers_of_two)
    {
      double l2lo = ceil (lo / log10 (2.0)), l2hi = floor (hi / log10 (2.0));
      double step = MAX (1.0, ceil ((l2hi - l2lo + 1) / 8.0));

      for (double e = l2lo; e <= l2hi && n < MAX_TICKS; e += step)
        out[n++] = e * log10 (2.0);
      return n;
    }
  if (log_scale && hi - lo >= 1.0)
    {
      double step = MAX (1.0, ceil ((floor (hi) - ceil (lo) + 1) / 8.0));

      for (double e = ceil (lo); e <= hi && n < MAX_TICKS; e += step)
        out[n++] = e;
      return n;
    }
  if (log_scale)
    {
      /* Less than a decade: 1, 2, 5 steps of it. */
      for (double e = floor (lo); e <= ceil (hi) && n < MAX_TICKS; e += 1.0)
        for (guint m = 0; m < 3 && n < MAX_TICKS; m++)
          {
            double v = e + log10 ((double[]) { 1.0, 2.0, 5.0 }[m]);

            if (v >= lo && v <= hi)
              out[n++] = v;
          }
      return n;
    }
  {
    double raw = (hi - lo) / 6.0, magnitude = pow (10.0, floor (log10 (raw))), step;

    step = raw / magnitude < 1.5 ? magnitude : raw / magnitude < 3.5 ? 2 * magnitude
                                 : raw / magnitude < 7.5 ? 5 * magnitude : 10 * magnitude;
    for (double v = ceil (lo / step) * step; v <= hi + step * 1e-9 && n < MAX_TICKS; v += step)
      out[n++] = fabs (v) < step * 1e-9 ? 0.0 : v;
    return n;
  }
}

static gboolean
x_powers_of_two (JxTrendStudy *study)
{
  const double *x = jx_trend_study_get_x (study);
  guint n = jx_trend_study_get_n_x (study), hits = 0;

  for (guint k = 0; k < n; k++)
    {
      double e = log2 (x[k]);

      if (fabs (e - round (e)) < 1e-9)
        hits++;
    }
  return n > 0 && hits * 2 >= n;
}

/* --- drawing ------------------------------------------------------------------- */

static void
draw_axes (cairo_t               *cr,
           const JxTrendPlotView *view,
           const Frame           *f)
{
  const char *param = jx_trend_study_get_parameter (view->study);
  JxTrendUnit unit = jx_trend_measure_unit (view->series->measure);
  double tx[MAX_TICKS], ty[MAX_TICKS];
  guint nx = ticks (f->x0, f->x1, f->log_x, x_powers_of_two (view->study), tx);
  guint ny = ticks (f->y0, f->y1, f->log_y, FALSE, ty);
  g_autofree char *x_title = NULL;
  g_autofree char *y_title = NULL;

  cairo_set_line_width (cr, 1.0);
  for (guint i = 0; i < nx; i++)
    {
      double px = f->left + (tx[i] - f->x0) / (f->x1 - f->x0) * f->width;
      g_autofree char *label = x_label (f->log_x ? pow (10.0, tx[i]) : tx[i]);

      jx_palette_cairo_set_text (cr, view->dark, 0.08);
      cairo_move_to (cr, round (px) + 0.5, f->top);
      cairo_line_to (cr, round (px) + 0.5, f->top + f->height);
      cairo_stroke (cr);
      show (cr, label, "Sans 9", px, f->top + f->height + 12, 0.5, view->dark, 0.75);
    }
  for (guint i = 0; i < ny; i++)
    {
      double py = f->top + f->height - (ty[i] - f->y0) / (f->y1 - f->y0) * f->height;
      g_autofree char *label = jx_trend_format_value (f->log_y ? pow (10.0, ty[i]) : ty[i], unit);

      jx_palette_cairo_set_text (cr, view->dark, 0.08);
      cairo_move_to (cr, f->left, round (py) + 0.5);
      cairo_line_to (cr, f->left + f->width, round (py) + 0.5);
      cairo_stroke (cr);
      show (cr, label, "Sans 9", f->left - 8, py, 1.0, view->dark, 0.75);
    }
  jx_palette_cairo_set_text (cr, view->dark, 0.6);
  cairo_rectangle (cr, f->left + 0.5, f->top + 0.5, f->width - 1, f->height - 1);
  cairo_stroke (cr);

  x_title = f->log_x ? g_strdup_printf (_("%s (logarithmic)"), param) : g_strdup (param);
  y_title = f->log_y ? g_strdup_printf (_("%s (logarithmic)"), jx_trend_measure_label (view->series->measure))
                     : g_strdup (jx_trend_measure_label (view->series->measure));
  show (cr, x_title, "Sans Bold 9", f->left + f->width / 2, f->top + f->height + 34, 0.5, view->dark, 0.85);
  cairo_save (cr);
  cairo_translate (cr, 16, f->top + f->height / 2);
  cairo_rotate (cr, -G_PI / 2);
  show (cr, y_title, "Sans Bold 9", 0, 0, 0.5, view->dark, 0.85);
  cairo_restore (cr);
}

static void
draw_titles (cairo_t               *cr,
             const JxTrendPlotView *view)
{
  const JxTrendSeries *s = view->series;
  const char *param = jx_trend_study_get_parameter (view->study);
  g_autofree char *title = g_strdup_printf ("%s — %s", s->name, jx_trend_measure_label (s->measure));
  g_autofree char *subtitle = NULL;

  if (s->model.kind == JX_TREND_MODEL_NONE)
    subtitle = g_strdup_printf (_("Too few points (%u values of %s; a model needs 3): the observations only"),
                                jx_trend_study_get_n_x (view->study), param);
  else
    {
      g_autofree char *model = jx_trend_model_format (&s->model, param, jx_trend_measure_unit (s->measure));
      g_autofree char *r2 = isfinite (s->model.r2) && s->model.kind != JX_TREND_MODEL_CONSTANT
                            ? g_strdup_printf (", R² %.3f", s->model.r2) : g_strdup ("");

      subtitle = g_strdup_printf (_("Model: %s  (%s%s, SMAPE %.1f %%, %u points%s)"), model,
                                  jx_trend_model_class (&s->model), r2, s->model.smape, s->model.n_points,
                                  s->model.low_confidence ? _(", low confidence") : "");
    }
  show (cr, title, "Sans Bold 11", MARGIN_LEFT, 18, 0.0, view->dark, 0.95);
  show (cr, subtitle, "Sans 9", MARGIN_LEFT, 38, 0.0, view->dark, 0.8);
}

static void
curve_color (const JxTrendPlotView *view,
             JxRgba                *rgba)
{
  if (view->series->category == JX_CATEGORY_USER)
    jx_palette_function_color (view->series->function, view->dark, rgba);
  else
    jx_palette_category_color (view->series->category, view->dark, rgba);
}

static void
draw_curve (cairo_t               *cr,
            const JxTrendPlotView *view,
            const Frame           *f)
{
  const JxTrendSeries *s = view->series;
  const double *x = jx_trend_study_get_x (view->study);
  guint n_x = jx_trend_study_get_n_x (view->study);
  double observed_end = axis_value (x[n_x - 1], f->log_x);
  JxRgba color;

  if (s->model.kind == JX_TREND_MODEL_NONE)
    return;
  curve_color (view, &color);
  jx_palette_cairo_set_source (cr, &color);
  cairo_set_line_width (cr, 2.0);
  /* Solid over the observations, dashed beyond them. */
  for (guint part = 0; part < 2; part++)
    {
      double a0 = part == 0 ? f->x0 : observed_end, a1 = part == 0 ? observed_end : f->x1;
      gboolean pen = FALSE;

      if (a1 <= a0)
        continue;
      if (part == 1)
        cairo_set_dash (cr, (double[]) { 6.0, 4.0 }, 2, 0.0);
      for (guint k = 0; k <= CURVE_SAMPLES; k++)
        {
          double ax = a0 + (a1 - a0) * k / CURVE_SAMPLES;
          double vx = f->log_x ? pow (10.0, ax) : ax;
          double px, py;

          if (vx <= 0.0 || !frame_pixel (f, vx, jx_trend_model_eval (&s->model, vx), &px, &py))
            {
              pen = FALSE;
              continue;
            }
          py = CLAMP (py, f->top - 2, f->top + f->height + 2);
          if (pen)
            cairo_line_to (cr, px, py);
          else
            cairo_move_to (cr, px, py);
          pen = TRUE;
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0.0);
    }
}

static void
draw_observations (cairo_t               *cr,
                   const JxTrendPlotView *view,
                   const Frame           *f)
{
  const JxTrendSeries *s = view->series;
  JxTrendStudy *study = view->study;
  const double *x = jx_trend_study_get_x (study);

  cairo_set_line_width (cr, 1.2);
  /* The range of each value's runs, then each run, then the median. */
  for (guint k = 0; k < jx_trend_study_get_n_x (study); k++)
    {
      double px, lo, hi;

      if (s->n_values[k] < 2 || !(s->max[k] > s->min[k]))
        continue;
      if (!frame_pixel (f, x[k], s->min[k], &px, &lo) || !frame_pixel (f, x[k], s->max[k], &px, &hi))
        continue;
      jx_palette_cairo_set_text (cr, view->dark, 0.55);
      cairo_move_to (cr, px, lo);
      cairo_line_to (cr, px, hi);
      cairo_move_to (cr, px - 4, lo);
      cairo_line_to (cr, px + 4, lo);
      cairo_move_to (cr, px - 4, hi);
      cairo_line_to (cr, px + 4, hi);
      cairo_stroke (cr);
    }
  for (guint i = 0; i < jx_trend_study_get_n_runs (study); i++)
    {
      double px, py;

      if (!frame_pixel (f, jx_trend_study_get_run_x (study, i), s->values[i], &px, &py))
        continue;
      jx_palette_cairo_set_text (cr, view->dark, 0.5);
      cairo_arc (cr, px, py, 4.0, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  for (guint k = 0; k < jx_trend_study_get_n_x (study); k++)
    {
      double px, py;

      if (s->n_values[k] == 0 || !frame_pixel (f, x[k], s->median[k], &px, &py))
        continue;
      jx_palette_cairo_set_text (cr, view->dark, 0.9);
      cairo_arc (cr, px, py, 3.2, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
draw_target (cairo_t               *cr,
             const JxTrendPlotView *view,
             const Frame           *f)
{
  const JxTrendSeries *s = view->series;
  const char *param = jx_trend_study_get_parameter (view->study);
  double value, px, py;
  g_autofree char *x_text = NULL;
  g_autofree char *v_text = NULL;
  g_autofree char *label = NULL;

  if (!isfinite (f->at) || s->model.kind == JX_TREND_MODEL_NONE)
    return;
  value = jx_trend_model_eval (&s->model, f->at);
  if (!frame_pixel (f, f->at, value, &px, &py))
    return;
  jx_palette_cairo_set_text (cr, view->dark, 0.35);
  cairo_set_line_width (cr, 1.0);
  cairo_set_dash (cr, (double[]) { 2.0, 3.0 }, 2, 0.0);
  cairo_move_to (cr, round (px) + 0.5, f->top);
  cairo_line_to (cr, round (px) + 0.5, f->top + f->height);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0.0);
  jx_palette_cairo_set_text (cr, view->dark, 0.9);
  cairo_arc (cr, px, py, 4.5, 0, 2 * G_PI);
  cairo_fill (cr);
  x_text = x_label (f->at);
  v_text = jx_trend_format_value (value, jx_trend_measure_unit (s->measure));
  label = g_strdup_printf ("%s = %s: %s", param, x_text, v_text);
  show (cr, label, "Sans 9", px - 8, CLAMP (py, f->top + 10, f->top + f->height - 10) - 12, 1.0, view->dark, 0.9);
}

/* One line between the titles and the plot, so it never covers a point. */
static void
draw_legend (cairo_t               *cr,
             const JxTrendPlotView *view,
             const Frame           *f)
{
  double x = f->left, y = MARGIN_TOP - 16, end;
  const char *observed = _("median of the runs (bar: their range; rings: each run)");
  const char *model = _("model (dashed: extrapolated)");
  JxRgba color;

  jx_palette_cairo_set_text (cr, view->dark, 0.9);
  cairo_arc (cr, x + 5, y, 3.2, 0, 2 * G_PI);
  cairo_fill (cr);
  jx_palette_cairo_set_text (cr, view->dark, 0.5);
  cairo_set_line_width (cr, 1.2);
  cairo_arc (cr, x + 17, y, 4.0, 0, 2 * G_PI);
  cairo_stroke (cr);
  end = x + 26 + show (cr, observed, "Sans 8", x + 26, y, 0.0, view->dark, 0.75);
  if (view->series->model.kind == JX_TREND_MODEL_NONE)
    return;
  /* Right-aligned with the plot, but never over the first entry. */
  x = MAX (f->left + f->width - 190, end + 16);
  curve_color (view, &color);
  jx_palette_cairo_set_source (cr, &color);
  cairo_set_line_width (cr, 2.0);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + 14, y);
  cairo_stroke (cr);
  show (cr, model, "Sans 8", x + 20, y, 0.0, view->dark, 0.75);
}

void
jx_trend_plot_draw (cairo_t               *cr,
                    const JxTrendPlotView *view)
{
  JxRgba background;
  Frame f;

  g_return_if_fail (cr != NULL && view != NULL);
  g_return_if_fail (view->study != NULL && view->series != NULL);
  g_return_if_fail (jx_trend_study_get_n_x (view->study) > 0);

  background = view->dark ? (JxRgba) { 0.141f, 0.141f, 0.141f, 1.0f } : (JxRgba) { 0.98f, 0.98f, 0.98f, 1.0f };
  jx_palette_cairo_set_source (cr, &background);
  cairo_paint (cr);

  make_frame (view, &f);
  draw_titles (cr, view);
  draw_axes (cr, view, &f);
  cairo_save (cr);
  cairo_rectangle (cr, f.left, f.top, f.width, f.height);
  cairo_clip (cr);
  draw_curve (cr, view, &f);
  draw_observations (cr, view, &f);
  draw_target (cr, view, &f);
  cairo_restore (cr);
  draw_legend (cr, view, &f);
}
