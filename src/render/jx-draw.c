/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-draw.c — see jx-draw-private.h. */
#include "config.h"

#include <pango/pangocairo.h>

#include "jx-draw-private.h"
#include "jx-palette.h"

#define HATCH_STEP 7.0

static PangoLayout *
text_layout (cairo_t    *cr,
             const char *text,
             const char *font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

void
_jx_draw_text (cairo_t      *cr,
               const char   *text,
               const char   *font,
               double        x,
               double        y,
               double        width,
               const JxRgba *color)
{
  g_autoptr(PangoLayout) layout = text_layout (cr, text, font);

  pango_layout_set_width (layout, (int) MAX (width, 1.0) * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  jx_palette_cairo_set_source (cr, color);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

int
_jx_draw_text_width (cairo_t    *cr,
                     const char *text,
                     const char *font)
{
  g_autoptr(PangoLayout) layout = text_layout (cr, text, font);
  int tw, th;

  pango_layout_get_pixel_size (layout, &tw, &th);
  return tw;
}

JxRgba
_jx_draw_ink (gboolean dark,
              double   alpha)
{
  return dark ? (JxRgba) { 0.93f, 0.93f, 0.93f, (float) alpha } : (JxRgba) { 0.1f, 0.1f, 0.1f, (float) alpha };
}

JxRgba
_jx_draw_label_color (const JxRgba *fill)
{
  double luma = 0.2126 * fill->red + 0.7152 * fill->green + 0.0722 * fill->blue;

  return luma < 0.45 ? (JxRgba) { 1.0f, 1.0f, 1.0f, 0.95f } : (JxRgba) { 0.08f, 0.08f, 0.08f, 0.9f };
}

void
_jx_draw_hatch (cairo_t      *cr,
                double        x,
                double        y,
                double        w,
                double        h,
                const JxRgba *color,
                gboolean      rising)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_clip (cr);
  jx_palette_cairo_set_source (cr, color);
  cairo_set_line_width (cr, 2.0);
  for (double s = x - h; s < x + w + h; s += HATCH_STEP)
    {
      if (rising)
        {
          cairo_move_to (cr, s, y + h);
          cairo_line_to (cr, s + h, y);
        }
      else
        {
          cairo_move_to (cr, s, y);
          cairo_line_to (cr, s + h, y + h);
        }
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

