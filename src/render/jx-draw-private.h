/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-draw-private.h — small drawing helpers the tree pictures share (the
 * differential flame graph, the merged call tree's icicle): text with
 * Pango, the ink of text on a fill, hatching. */
#pragma once

#include <cairo.h>

#include "jx-rgba.h"

G_BEGIN_DECLS

/* Text at (x, y) (top left), at most width px wide, ellipsized. */
void    _jx_draw_text        (cairo_t      *cr,
                              const char   *text,
                              const char   *font,
                              double        x,
                              double        y,
                              double        width,
                              const JxRgba *color);
int     _jx_draw_text_width  (cairo_t      *cr,
                              const char   *text,
                              const char   *font);
/* The foreground of titles and legends, with alpha. */
JxRgba  _jx_draw_ink         (gboolean      dark,
                              double        alpha);
/* Dark text on light fills, light text on dark ones. */
JxRgba  _jx_draw_label_color (const JxRgba *fill);
/* Diagonal stripes over the rectangle; rising (/) or falling (\). */
void    _jx_draw_hatch       (cairo_t      *cr,
                              double        x,
                              double        y,
                              double        w,
                              double        h,
                              const JxRgba *color,
                              gboolean      rising);

G_END_DECLS
