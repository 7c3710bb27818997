/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-metric-chart.c — see jx-metric-chart.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-metric-chart.h"
#include "jx-palette.h"
#include "jx-time-ruler.h"

#define STRIP_MAX   14
#define STRIP_MIN   3
#define STRIPS_PX   140
#define GAP         4
#define PAD         6
#define RULER       30
#define BLOCK_GAP   14
#define AXIS        JX_METRIC_CHART_AXIS_HEIGHT
/* Label columns narrower than this name a strip by its stream alone. */
#define NARROW_LABELS 140
/* Strip labels: one line of "Sans 8". */
#define STRIP_LABEL 12

void
jx_metric_chart_view_init (JxMetricChartView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->end_ns = 1;
  view->width = 800;
  view->label_width = 180;
  view->line_height = JX_METRIC_CHART_LINE_HEIGHT;
  view->highlighted = G_MAXUINT;
  view->marker_ns = G_MININT64;
}

static int
line_height (const JxMetricChartView *view)
{
  return view->line_height > 2 * PAD ? view->line_height : JX_METRIC_CHART_LINE_HEIGHT;
}

void
jx_metric_chart_line_band (const JxMetricChartView *view,
                           int                     *top,
                           int                     *height)
{
  g_return_if_fail (view != NULL);

  *top = JX_METRIC_CHART_TITLE_HEIGHT;
  *height = line_height (view);
}

static int
strip_height (const JxMetricChartView *view)
{
  if (view->n_strips == 0)
    return 0;
  return CLAMP (STRIPS_PX / (int) view->n_strips, STRIP_MIN, STRIP_MAX);
}

int
jx_metric_chart_get_height (const JxMetricChartView *view)
{
  g_return_val_if_fail (view != NULL, 0);

  return JX_METRIC_CHART_TITLE_HEIGHT + line_height (view) + GAP
         + (int) view->n_strips * strip_height (view) + (view->n_strips > 0 ? GAP : 0) + AXIS;
}

static int
time_width (const JxMetricChartView *view)
{
  return MAX (view->width - view->label_width, 1);
}

double
jx_metric_chart_bucket_value (const JxSeriesBucket *bucket)
{
  g_return_val_if_fail (bucket != NULL, 0.0);

  if (bucket->n == 0)
    return NAN;
  return fabs (bucket->max) >= fabs (bucket->min) ? bucket->max : bucket->min;
}

static gboolean
is_time_kind (JxSeriesKind kind)
{
  return kind != JX_SERIES_DISSIMILARITY;
}

const char *
jx_metric_chart_kind_title (JxSeriesKind kind)
{
  switch (kind)
    {
    case JX_SERIES_RUNTIME_SKEW:
      return _("Runtime skew (B − A, + B behind)");
    case JX_SERIES_DISSIMILARITY:
      return _("Dissimilarity");
    case JX_SERIES_TIME_DIFFERENCE:
      return _("Time difference (B − A, + slower in B)");
    case JX_N_SERIES:
    default:
      return "";
    }
}

/* "+1.25 ms", "−40 µs", "35 %". */
static char *
value_text (JxSeriesKind kind,
            double       value)
{
  if (!is_time_kind (kind))
    return g_strdup_printf ("%.0f %%", 100.0 * value);
  if (value > 0)
    {
      g_autofree char *t = jx_time_format (jx_time_seconds_to_ns (value), 3);

      return g_strdup_printf ("+%s", t);
    }
  return jx_time_format (jx_time_seconds_to_ns (value), 3);
}

/* Text centred vertically at y; lines > 1 lets it wrap onto that many. */
static void
show_text_lines (cairo_t    *cr,
                 const char *text,
                 const char *font,
                 double      x,
                 double      y,
                 int         width,
                 gboolean    right,
                 gboolean    dark,
                 double      alpha,
                 int         lines)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  int tw, th;

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, MAX (width, 1) * PANGO_SCALE);
  if (lines > 1)
    {
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_height (layout, -lines);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  else
    pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
  pango_layout_set_alignment (layout, right ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  pango_layout_get_pixel_size (layout, &tw, &th);
  jx_palette_cairo_set_text (cr, dark, alpha);
  cairo_move_to (cr, x, y - th / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static void
show_text (cairo_t    *cr,
           const char *text,
           const char *font,
           double      x,
           double      y,
           int         width,
           gboolean    right,
           gboolean    dark,
           double      alpha)
{
  show_text_lines (cr, text, font, x, y, width, right, dark, alpha, 1);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

/* The scale of the time kinds: the largest |value|, unless a few outliers
 * (a long outer call such as main) dwarf everything else; then the 98th
 * percentile, and the outliers are clipped at the edge. */
static double
value_scale (const JxMetricChartView *view,
             double                  *lo,
             double                  *hi)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  double extent = 0.0;
  int tw = time_width (view);

  if (!is_time_kind (view->kind))
    {
      *lo = 0.0;
      *hi = 1.0;
      return 1.0;
    }
  for (int x = 0; view->line != NULL && x < tw; x++)
    if (view->line[x].n > 0)
      {
        double v = MAX (fabs (view->line[x].min + view->value_offset), fabs (view->line[x].max + view->value_offset));

        g_array_append_val (values, v);
      }
  for (guint s = 0; s < view->n_strips; s++)
    for (int x = 0; view->strips[s] != NULL && x < tw; x++)
      if (view->strips[s][x].n > 0)
        {
          double v = fabs (jx_metric_chart_bucket_value (&view->strips[s][x]) + view->value_offset);

          g_array_append_val (values, v);
        }
  if (values->len > 0)
    {
      double top, p98;

      g_array_sort (values, compare_doubles);
      top = g_array_index (values, double, values->len - 1);
      p98 = g_array_index (values, double, (guint) ((values->len - 1) * 0.98));
      extent = top > 3.0 * p98 && p98 > 0.0 ? p98 * 1.1 : top;
    }
  if (extent <= 0.0)
    extent = 1e-6;
  *lo = -extent;
  *hi = extent;
  return extent;
}

static double
time_x (const JxMetricChartView *view,
        gint64                   ns)
{
  return view->label_width + (double) (ns - view->start_ns) * time_width (view) /
                             (double) MAX (view->end_ns - view->start_ns, 1);
}

static void
draw_marks (cairo_t                 *cr,
            const JxMetricChartView *view,
            double                   y0,
            double                   height)
{
  if (view->selected_end_ns > view->selected_begin_ns)
    {
      double x0 = CLAMP (time_x (view, view->selected_begin_ns), view->label_width, view->width);
      double x1 = CLAMP (time_x (view, view->selected_end_ns), view->label_width, view->width);

      cairo_rectangle (cr, x0, y0, MAX (x1 - x0, 1.0), height);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.18);
      cairo_fill (cr);
    }
  if (view->marker_ns != G_MININT64)
    {
      double x = time_x (view, view->marker_ns);

      if (x >= view->label_width && x <= view->width)
        {
          jx_palette_cairo_set_text (cr, view->dark, 0.7);
          cairo_set_line_width (cr, 1.0);
          cairo_move_to (cr, floor (x) + 0.5, y0);
          cairo_line_to (cr, floor (x) + 0.5, y0 + height);
          cairo_stroke (cr);
        }
    }
}

static void
draw_line_chart (cairo_t                 *cr,
                 const JxMetricChartView *view,
                 double                   y0,
                 double                   lo,
                 double                   hi)
{
  int tw = time_width (view);
  double h = line_height (view) - 2 * PAD;
  double top = y0 + PAD;
  double zero = top + h * (hi / (hi - lo));
  JxRgba frame, line;
  gboolean drawing = FALSE;
  g_autofree char *hi_text = value_text (view->kind, hi);
  g_autofree char *lo_text = value_text (view->kind, lo);

  /* Plot area, its zero line and the axis values in the label column. */
  frame = view->dark ? (JxRgba) { 1, 1, 1, 0.05f } : (JxRgba) { 0, 0, 0, 0.035f };
  cairo_set_source_rgba (cr, frame.red, frame.green, frame.blue, frame.alpha);
  cairo_rectangle (cr, view->label_width, y0, tw, line_height (view));
  cairo_fill (cr);
  draw_marks (cr, view, y0, line_height (view));
  jx_palette_cairo_set_text (cr, view->dark, 0.25);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, view->label_width, floor (zero) + 0.5);
  cairo_line_to (cr, view->width, floor (zero) + 0.5);
  cairo_stroke (cr);
  show_text (cr, hi_text, "Sans 8", 0, top, view->label_width - 6, TRUE, view->dark, 0.7);
  show_text (cr, lo_text, "Sans 8", 0, top + h, view->label_width - 6, TRUE, view->dark, 0.7);
  if (view->line_label != NULL)
    {
      /* As many lines (up to 3) as fit between the axis values above and
       * below, so that a long stream name never runs into them. */
      g_autoptr(PangoLayout) probe = pango_cairo_create_layout (cr);
      PangoFontDescription *desc = pango_font_description_from_string ("Sans 8");
      int text_h;
      int lines;

      pango_layout_set_font_description (probe, desc);
      pango_font_description_free (desc);
      pango_layout_set_text (probe, "Ag", -1);
      pango_layout_get_pixel_size (probe, NULL, &text_h);
      lines = CLAMP ((int) ((h - text_h - 2) / MAX (text_h, 1)), 1, 3);
      show_text_lines (cr, view->line_label, "Sans 8", PAD, top + h / 2, view->label_width - 2 * PAD, FALSE,
                       view->dark, 0.85, lines);
    }
  if (view->line == NULL)
    return;
  /* Nothing to plot here (say after a shift and a zoom no aligned call of
   * the pair falls in the window): say so, rather than an empty plot
   * whose ±1 µs axis looks like a result. */
  {
    gboolean any = FALSE;

    for (int x = 0; x < tw && !any; x++)
      any = view->line[x].n > 0;
    if (!any)
      {
        show_text (cr, _("No values in the visible range"), "Sans 8", view->label_width + 8, top + h * 0.3,
                   MAX (tw - 16, 1), FALSE, view->dark, 0.6);
        return;
      }
  }

  /* Each bucket's range, then the line through the middles. */
  jx_palette_diff_color (JX_DIFF_ONLY_HERE, view->dark, &line);
  cairo_set_source_rgb (cr, line.red, line.green, line.blue);
  for (int x = 0; x < tw; x++)
    {
      const JxSeriesBucket *b = &view->line[x];
      double y_min, y_max;

      if (b->n == 0)
        continue;
      y_max = CLAMP (top + h * (hi - (b->max + view->value_offset)) / (hi - lo), top, top + h);
      y_min = CLAMP (top + h * (hi - (b->min + view->value_offset)) / (hi - lo), top, top + h);
      cairo_rectangle (cr, view->label_width + x, y_max - 0.5, 1.0, MAX (y_min - y_max, 0.0) + 1.0);
    }
  cairo_fill (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int x = 0; x < tw; x++)
    {
      const JxSeriesBucket *b = &view->line[x];
      double y;

      if (b->n == 0)
        continue;
      y = CLAMP (top + h * (hi - ((b->min + b->max) / 2.0 + view->value_offset)) / (hi - lo), top, top + h);
      if (!drawing)
        cairo_move_to (cr, view->label_width + x + 0.5, y);
      else
        cairo_line_to (cr, view->label_width + x + 0.5, y);
      drawing = TRUE;
    }
  if (drawing)
    cairo_stroke (cr);
}

static void
draw_strips (cairo_t                 *cr,
             const JxMetricChartView *view,
             double                   y0,
             double                   extent)
{
  double next_free = -1.0;
  int tw = time_width (view);
  int sh = strip_height (view);
  cairo_surface_t *image;
  guint32 *pixels;
  int stride;
  JxRgba empty = view->dark ? (JxRgba) { 0.2f, 0.2f, 0.2f, 1 } : (JxRgba) { 0.93f, 0.93f, 0.93f, 1 };
  guint32 empty_pixel = jx_palette_rgba_to_pixel (&empty);

  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, tw, (int) view->n_strips);
  cairo_surface_flush (image);
  stride = cairo_image_surface_get_stride (image);
  for (guint s = 0; s < view->n_strips; s++)
    {
      const JxSeriesBucket *last = NULL;
      int end = -1;

      pixels = (guint32 *) (gpointer) (cairo_image_surface_get_data (image) + (gsize) s * stride);
      /* A metric holds from one aligned call to the next: a bucket where no
       * call starts shows the one before, up to the stream's last call. */
      for (int x = 0; view->strips[s] != NULL && x < tw; x++)
        if (view->strips[s][x].n > 0)
          end = x;
      for (int x = 0; x < tw; x++)
        {
          const JxSeriesBucket *b = view->strips[s] != NULL ? &view->strips[s][x] : NULL;
          JxRgba c;

          if (b != NULL && b->n > 0)
            last = b;
          else if (x <= end)
            b = last;
          if (b == NULL || b->n == 0)
            {
              pixels[x] = empty_pixel;
              continue;
            }
          /* Red where B does worse: behind (skew), slower (time difference). */
          if (view->kind == JX_SERIES_RUNTIME_SKEW)
            jx_palette_diverging ((jx_metric_chart_bucket_value (b) + view->value_offset) / extent, view->dark, &c);
          else if (view->kind == JX_SERIES_TIME_DIFFERENCE)
            jx_palette_diverging (jx_metric_chart_bucket_value (b) / extent, view->dark, &c);
          else
            jx_palette_sequential (jx_metric_chart_bucket_value (b), view->dark, &c);
          pixels[x] = jx_palette_rgba_to_pixel (&c);
        }
    }
  cairo_surface_mark_dirty (image);

  cairo_save (cr);
  cairo_translate (cr, view->label_width, y0);
  cairo_scale (cr, 1.0, sh);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle (cr, 0, 0, tw, view->n_strips);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_surface_destroy (image);
  draw_marks (cr, view, y0, (double) view->n_strips * sh);

  for (guint s = 0; s < view->n_strips; s++)
    {
      double cy = y0 + (s + 0.5) * sh;
      double top = y0 + (double) s * sh;

      if (s == view->highlighted)
        {
          jx_palette_cairo_set_text (cr, view->dark, 0.12);
          cairo_rectangle (cr, 0, top, view->label_width, sh);
          cairo_fill (cr);
        }
      /* Strips lower than a line of text are named where a name fits
       * without covering the one above (and the highlighted one always). */
      if (sh >= 6 && view->strip_labels != NULL && view->strip_labels[s] != NULL &&
          (top >= next_free || s == view->highlighted))
        {
          const char *label = view->strip_labels[s];
          const char *stream = strstr (label, " / ");

          /* A narrow column names the stream ("process / stream" elided in
           * the middle would keep neither); hover tells the whole pair. */
          if (stream != NULL && view->label_width < NARROW_LABELS)
            label = stream + 3;
          show_text (cr, label, "Sans 8", PAD, sh >= STRIP_LABEL ? cy : top + STRIP_LABEL / 2.0,
                     view->label_width - 2 * PAD, FALSE, view->dark, s == view->highlighted ? 0.95 : 0.7);
          next_free = top + MAX (sh, STRIP_LABEL);
        }
    }
  /* Rows too low for their names: say what they are. */
  if (sh < 6)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u pair", "%u pairs",
                                                            view->n_strips), view->n_strips);

      show_text (cr, text, "Sans 8", PAD, y0 + view->n_strips * sh / 2.0, view->label_width - 2 * PAD, FALSE,
                 view->dark, 0.7);
    }
  if (view->highlighted < view->n_strips)
    {
      jx_palette_cairo_set_text (cr, view->dark, 0.8);
      cairo_set_line_width (cr, 1.0);
      cairo_rectangle (cr, view->label_width + 0.5, y0 + view->highlighted * sh + 0.5, tw - 1.0, sh - 1.0);
      cairo_stroke (cr);
    }
}

void
jx_metric_chart_draw (cairo_t                 *cr,
                      const JxMetricChartView *view)
{
  double lo, hi, extent;
  double y = 0;
  g_autofree char *scale = NULL;
  g_autofree char *extent_text = NULL;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL);
  g_return_if_fail (view->n_strips == 0 || view->strips != NULL);

  extent = value_scale (view, &lo, &hi);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->width, jx_metric_chart_get_height (view));
  cairo_clip (cr);

  /* Title, and what the colours of the strips mean. */
  /* A narrow chart gives its title the whole line: the scale is in the
   * strips' colours and the axis values. */
  show_text (cr, view->title != NULL ? view->title : jx_metric_chart_kind_title (view->kind), "Sans Bold 9", PAD,
             JX_METRIC_CHART_TITLE_HEIGHT / 2.0, view->width < 560 ? view->width - 2 * PAD : view->width * 2 / 3 - PAD,
             FALSE, view->dark, 0.9);
  extent_text = value_text (view->kind, extent);
  switch (view->kind)
    {
    case JX_SERIES_RUNTIME_SKEW:
      scale = g_strdup_printf (_("blue: B ahead · red: B behind, up to %s"), extent_text);
      break;
    case JX_SERIES_TIME_DIFFERENCE:
      scale = g_strdup_printf (_("blue: B faster · red: B slower, up to %s"), extent_text);
      break;
    case JX_SERIES_DISSIMILARITY:
    case JX_N_SERIES:
    default:
      scale = g_strdup (_("grey: equal · red: all different"));
      break;
    }
  if (view->width >= 560)
    show_text (cr, scale, "Sans 8", view->width * 2 / 3, JX_METRIC_CHART_TITLE_HEIGHT / 2.0,
               view->width / 3 - PAD, TRUE, view->dark, 0.65);
  y += JX_METRIC_CHART_TITLE_HEIGHT;

  draw_line_chart (cr, view, y, lo, hi);
  y += line_height (view) + GAP;
  if (view->n_strips > 0)
    {
      draw_strips (cr, view, y, extent);
      y += (int) view->n_strips * strip_height (view) + GAP;
    }
  /* Every chart has its time axis (the line and strips share it). */
  cairo_save (cr);
  cairo_translate (cr, 0, y);
  jx_time_ruler_draw (cr, view->start_ns, view->end_ns, view->label_width, time_width (view), AXIS, view->dark);
  cairo_restore (cr);
  cairo_restore (cr);
}

guint
jx_metric_chart_strip_at (const JxMetricChartView *view,
                          double                   y)
{
  double top;
  int sh;

  g_return_val_if_fail (view != NULL, G_MAXUINT);

  sh = strip_height (view);
  top = JX_METRIC_CHART_TITLE_HEIGHT + line_height (view) + GAP;
  if (sh == 0 || y < top || y >= top + (double) view->n_strips * sh)
    return G_MAXUINT;
  return (guint) ((y - top) / sh);
}

int
jx_metric_chart_picture_height (const JxMetricChartView *views,
                                guint                    n)
{
  int height = RULER + PAD;

  g_return_val_if_fail (views != NULL || n == 0, 0);

  for (guint i = 0; i < n; i++)
    height += jx_metric_chart_get_height (&views[i]) + BLOCK_GAP;
  return height;
}

void
jx_metric_chart_draw_picture (cairo_t                 *cr,
                              const JxMetricChartView *views,
                              guint                    n)
{
  JxRgba background;
  int y;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (views != NULL && n > 0);

  background = views[0].dark ? (JxRgba) { 0.141f, 0.141f, 0.141f, 1.0f }
                             : (JxRgba) { 0.98f, 0.98f, 0.98f, 1.0f };
  jx_palette_cairo_set_source (cr, &background);
  cairo_paint (cr);
  jx_time_ruler_draw (cr, views[0].start_ns, views[0].end_ns, views[0].label_width,
                      time_width (&views[0]), RULER, views[0].dark);
  y = RULER + PAD;
  for (guint i = 0; i < n; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, 0, y);
      jx_metric_chart_draw (cr, &views[i]);
      cairo_restore (cr);
      y += jx_metric_chart_get_height (&views[i]) + BLOCK_GAP;
    }
}
