/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timing-scale.c — see jx-timing-scale.h. */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "jx-palette.h"
#include "jx-timing-scale.h"

#define FONT "Sans 8"
#define MAX_RAMP 90  /* px of each ramp, at most */
#define MIN_RAMP 36
#define GAP 22       /* px of the neutral band */
#define SPACING 6

static int
text_width (PangoContext *context,
            const char   *text)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string (FONT);
  int w;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, NULL);
  return w;
}

static void
show (cairo_t      *cr,
      PangoContext *context,
      const char   *text,
      double        x,
      double        y,
      gboolean      dark,
      double        alpha)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string (FONT);

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  jx_palette_cairo_set_text (cr, dark, alpha);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

/* x of a position on the bar: faster ramp, neutral band, slower ramp. */
static double
bar_x (double x0,
       int    ramp,
       double position)
{
  if (position < 0.0)
    return x0 + ramp * (1.0 + position);
  if (position == 0.0)
    return x0 + ramp + GAP / 2.0;
  return x0 + ramp + GAP + ramp * position;
}

/* The width of everything but the ramps. */
static int
fixed_width (PangoContext *context,
             const char   *title)
{
  int w = text_width (context, _("faster")) + SPACING + GAP + SPACING + text_width (context, _("slower"));

  if (title != NULL && *title != '\0')
    w += text_width (context, title) + SPACING;
  return w;
}

static void
tick (cairo_t      *cr,
      PangoContext *context,
      double        x,
      double        y,
      const char   *text,
      gboolean      dark)
{
  int tw = text_width (context, text);

  jx_palette_cairo_set_text (cr, dark, 0.6);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, floor (x) + 0.5, y);
  cairo_line_to (cr, floor (x) + 0.5, y + 3);
  cairo_stroke (cr);
  show (cr, context, text, x - tw / 2.0, y + 2, dark, 0.75);
}

int
jx_timing_scale_get_width (PangoContext *context,
                           const char   *title,
                           gboolean      compact)
{
  g_return_val_if_fail (PANGO_IS_CONTEXT (context), 0);

  return fixed_width (context, title) + 2 * (compact ? MIN_RAMP : MAX_RAMP);
}

int
jx_timing_scale_draw (cairo_t      *cr,
                      PangoContext *context,
                      const char   *title,
                      double        band,
                      double        x,
                      double        y,
                      double        width,
                      double        height,
                      gboolean      dark)
{
  static const double ticks[] = { 0.25, 0.5, 2.0, 4.0 };
  static const char *const tick_text[] = { "×¼", "×½", "×2", "×4" };
  double bar_h = MAX (6.0, height * 0.42), x0, cx = x;
  g_autofree char *within = NULL;
  int ramp;

  g_return_val_if_fail (cr != NULL, 0);
  g_return_val_if_fail (PANGO_IS_CONTEXT (context), 0);

  ramp = CLAMP (((int) width - fixed_width (context, title)) / 2, MIN_RAMP, MAX_RAMP);
  band = isnan (band) ? 0.1 : CLAMP (band, 0.0, 0.9);
  cairo_save (cr);
  cairo_rectangle (cr, x, y, width, height);
  cairo_clip (cr);
  if (title != NULL && *title != '\0')
    {
      show (cr, context, title, cx, y, dark, 0.9);
      cx += text_width (context, title) + SPACING;
    }
  show (cr, context, _("faster"), cx, y, dark, 0.9);
  x0 = cx + text_width (context, _("faster")) + SPACING;

  for (int px = 0; px < ramp; px++)
    {
      JxRgba c;

      jx_palette_timing_color_at (-1.0 + (px + 0.5) / ramp, dark, &c);
      jx_palette_cairo_set_source (cr, &c);
      cairo_rectangle (cr, x0 + px, y + 1, 1, bar_h);
      cairo_fill (cr);
      jx_palette_timing_color_at ((px + 0.5) / ramp, dark, &c);
      jx_palette_cairo_set_source (cr, &c);
      cairo_rectangle (cr, x0 + ramp + GAP + px, y + 1, 1, bar_h);
      cairo_fill (cr);
    }
  {
    /* Inside the band the bars stay "equal" grey. */
    JxRgba c;

    jx_palette_diff_color (JX_DIFF_EQUAL, dark, &c);
    jx_palette_cairo_set_source (cr, &c);
    cairo_rectangle (cr, x0 + ramp, y + 1, GAP, bar_h);
    cairo_fill (cr);
  }
  jx_palette_cairo_set_text (cr, dark, 0.35);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, x0 - 0.5, y + 0.5, 2 * ramp + GAP + 1, bar_h + 1);
  cairo_stroke (cr);
  show (cr, context, _("slower"), x0 + 2 * ramp + GAP + SPACING, y, dark, 0.9);

  /* Short ramps: the ends only, so that the labels stay apart. */
  for (guint i = 0; i < G_N_ELEMENTS (ticks); i++)
    if (ramp >= 60 || ticks[i] == 0.25 || ticks[i] == 4.0)
      tick (cr, context, bar_x (x0, ramp, jx_palette_timing_position (ticks[i], band)), y + 1 + bar_h, tick_text[i], dark);
  /* TRANSLATORS: the noise band under the legend's neutral part, e.g. "±10 %" */
  within = g_strdup_printf (_("±%g %%"), band * 100.0);
  show (cr, context, within, bar_x (x0, ramp, 0.0) - text_width (context, within) / 2.0, y + 3 + bar_h, dark, 0.75);
  cairo_restore (cr);
  return (int) ceil (x0 + 2 * ramp + GAP + SPACING + text_width (context, _("slower")) - x);
}
