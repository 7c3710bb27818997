/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-marker-flags.c — see jx-marker-flags.h. */
#include "config.h"

#include <math.h>

#include "jx-marker-flags.h"
#include "jx-palette.h"

#define PENNANT_WIDTH 8.0
#define HIT_SLACK     3.0

static void
pennant_path (cairo_t *cr,
              double   x,
              double   scale)
{
  double w = PENNANT_WIDTH * scale;
  double h = (JX_MARKER_FLAG_HEIGHT - 2) * scale;

  cairo_move_to (cr, x, 0.5);
  cairo_line_to (cr, x + w, 0.5);
  cairo_line_to (cr, x + w * 0.7, 0.5 + h / 2.0);
  cairo_line_to (cr, x + w, 0.5 + h);
  cairo_line_to (cr, x, 0.5 + h);
  cairo_close_path (cr);
}

static void
draw_one (cairo_t            *cr,
          const JxMarkerFlag *f,
          double              height,
          gboolean            dark,
          gboolean            poles)
{
  gboolean highlighted = (f->state & JX_MARKER_FLAG_HIGHLIGHTED) != 0;
  gboolean unsaved = (f->state & JX_MARKER_FLAG_UNSAVED) != 0;
  double x = floor (f->x) + 0.5;
  double scale = highlighted ? 1.35 : 1.0;
  static const double dash[] = { 3.0, 3.0 };
  JxRgba color;

  jx_palette_marker_color (f->severity, dark, &color);

  /* A duration: a band along the top. */
  if (f->x_end - f->x >= 2.0)
    {
      cairo_rectangle (cr, f->x, 0, f->x_end - f->x, 3);
      cairo_set_source_rgba (cr, color.red, color.green, color.blue, highlighted ? 0.9 : 0.55);
      cairo_fill (cr);
    }

  if (poles)
    {
      cairo_set_source_rgba (cr, color.red, color.green, color.blue, highlighted ? 1.0 : 0.8);
      cairo_set_line_width (cr, highlighted ? 2.0 : 1.0);
      if (!highlighted)
        cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, height);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  /* The pennant with an outline in the text colour, so it shows on any
   * row colour; hollow while unsaved. */
  pennant_path (cr, x, scale);
  if (unsaved)
    {
      jx_palette_cairo_set_text (cr, !dark, 0.9);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, color.red, color.green, color.blue, 1.0);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      return;
    }
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, 1.0);
  cairo_fill_preserve (cr);
  jx_palette_cairo_set_text (cr, dark, highlighted ? 1.0 : 0.7);
  cairo_set_line_width (cr, highlighted ? 1.5 : 1.0);
  cairo_stroke (cr);
}

void
jx_marker_flags_draw (cairo_t            *cr,
                      const JxMarkerFlag *flags,
                      guint               n,
                      double              x_min,
                      double              x_max,
                      double              height,
                      gboolean            dark,
                      gboolean            poles)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (flags != NULL || n == 0);

  if (n == 0 || x_max <= x_min)
    return;
  cairo_save (cr);
  cairo_rectangle (cr, x_min, 0, x_max - x_min, height);
  cairo_clip (cr);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n; i++)
      if (((flags[i].state & JX_MARKER_FLAG_HIGHLIGHTED) != 0) == (pass == 1))
        draw_one (cr, &flags[i], height, dark, poles);
  cairo_restore (cr);
}

int
jx_marker_flags_hit (const JxMarkerFlag *flags,
                     guint               n,
                     double              x,
                     double              y)
{
  double best = G_MAXDOUBLE;
  int found = -1;

  g_return_val_if_fail (flags != NULL || n == 0, -1);

  if (y < -1 || y > JX_MARKER_FLAG_HEIGHT * 1.35 + 1)
    return -1;
  for (guint i = 0; i < n; i++)
    {
      double scale = (flags[i].state & JX_MARKER_FLAG_HIGHLIGHTED) != 0 ? 1.35 : 1.0;
      double left = floor (flags[i].x) - HIT_SLACK;
      double right = floor (flags[i].x) + PENNANT_WIDTH * scale + HIT_SLACK;
      double d = fabs (x - (flags[i].x + PENNANT_WIDTH * scale / 2.0));

      if (x >= left && x <= right && d < best)
        {
          best = d;
          found = (int) i;
        }
    }
  return found;
}
