/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-function-bars.c — see jx-function-bars.h. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-function-bars.h"
#include "jx-palette.h"

#define TITLE_HEIGHT 20
#define PADDING 4

void
jx_function_bars_view_init (JxFunctionBarsView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->bar_height = 16;
  view->background.red = view->background.green = view->background.blue = 1.0f;
  view->background.alpha = 1.0f;
}

static int
title_height (const JxFunctionBarsView *view)
{
  return view->title != NULL ? TITLE_HEIGHT : 0;
}

int
jx_function_bars_get_height (const JxFunctionBarsView *view,
                             guint                     n_bars)
{
  g_return_val_if_fail (view != NULL, 0);

  return title_height (view) + (int) n_bars * MAX (view->bar_height, 1) + PADDING;
}

int
jx_function_bars_bar_at (const JxFunctionBarsView *view,
                         guint                     n_bars,
                         double                    y)
{
  int index;

  g_return_val_if_fail (view != NULL, -1);

  y -= title_height (view);
  if (y < 0)
    return -1;
  index = (int) (y / MAX (view->bar_height, 1));
  return index < (int) n_bars ? index : -1;
}

void
jx_function_bars_draw (cairo_t                    *cr,
                       JxTrace                    *trace,
                       const JxFunctionSummaryBar *bars,
                       guint                       n_bars,
                       const JxFunctionBarsView   *view)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  int label_width, bar_x, bar_area, value_width = 64, y;
  double max_s = 0.0;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (JX_IS_TRACE (trace));
  g_return_if_fail (bars != NULL || n_bars == 0);
  g_return_if_fail (view != NULL);

  if (view->width <= 0 || view->height <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);
  jx_palette_cairo_set_source (cr, &view->background);
  cairo_paint (cr);

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans 8");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);

  y = 0;
  if (view->title != NULL)
    {
      int lw, lh;

      jx_palette_cairo_set_text (cr, view->dark, 0.95);
      pango_layout_set_width (layout, (view->width - 2 * PADDING) * PANGO_SCALE);
      pango_layout_set_text (layout, view->title, -1);
      pango_layout_get_pixel_size (layout, &lw, &lh);
      cairo_move_to (cr, PADDING, (TITLE_HEIGHT - lh) / 2);
      pango_cairo_show_layout (cr, layout);
      y = TITLE_HEIGHT;
    }

  if (n_bars == 0)
    {
      int lw, lh;

      jx_palette_cairo_set_text (cr, view->dark, 0.6);
      pango_layout_set_width (layout, (view->width - 2 * PADDING) * PANGO_SCALE);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      pango_layout_set_text (layout, _("No function ran in this range"), -1);
      pango_layout_get_pixel_size (layout, &lw, &lh);
      cairo_move_to (cr, PADDING, y + MAX (0, (view->height - y - lh) / 2));
      pango_cairo_show_layout (cr, layout);
    }

  label_width = view->label_width > 0 ? view->label_width : view->width / 3;
  bar_x = label_width + PADDING;
  bar_area = MAX (view->width - bar_x - value_width - PADDING, 1);
  if (view->max_seconds > 0.0)
    max_s = view->max_seconds;
  else
    for (guint i = 0; i < n_bars; i++)
      max_s = MAX (max_s, bars[i].exclusive_s);
  if (max_s <= 0.0)
    max_s = 1.0;

  for (guint i = 0; i < n_bars; i++, y += view->bar_height)
    {
      const JxFunctionSummaryBar *bar = &bars[i];
      const JxRegion *region = jx_trace_get_region (trace, bar->region);
      g_autofree char *value = NULL;
      JxRgba color;
      double len;
      int lw, lh;

      if (y >= view->height)
        break;
      if (region == NULL)
        continue;

      jx_palette_cairo_set_text (cr, view->dark, 0.9);
      pango_layout_set_width (layout, MAX (label_width - PADDING, 1) * PANGO_SCALE);
      pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
      /* Score-P names differ at their ends ("… @file.c:174"), so cut the middle. */
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
      pango_layout_set_text (layout, region->name, -1);
      pango_layout_get_pixel_size (layout, &lw, &lh);
      cairo_move_to (cr, PADDING, y + (view->bar_height - lh) / 2);
      pango_cairo_show_layout (cr, layout);

      len = MIN (bar->exclusive_s / max_s, 1.0) * bar_area;
      jx_palette_region_color (region, view->dark, &color);
      jx_palette_cairo_set_source (cr, &color);
      cairo_rectangle (cr, bar_x, y + 2, MAX (len, 1.0), view->bar_height - 4);
      cairo_fill (cr);

      value = jx_time_format (bar->exclusive_ns, 3);
      jx_palette_cairo_set_text (cr, view->dark, 0.75);
      pango_layout_set_alignment (layout, PANGO_ALIGN_LEFT);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_width (layout, value_width * PANGO_SCALE);
      pango_layout_set_text (layout, value, -1);
      pango_layout_get_pixel_size (layout, &lw, &lh);
      cairo_move_to (cr, bar_x + MIN (len, bar_area) + PADDING, y + (view->bar_height - lh) / 2);
      pango_cairo_show_layout (cr, layout);
    }

  cairo_restore (cr);
}
