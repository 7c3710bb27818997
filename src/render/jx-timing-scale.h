/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timing-scale.h — the legend of the timing scale (jx-palette.h) on one
 * line: "faster" (B/A below the band), the deep end ×¼, ×½, the neutral
 * band with its edges, ×2, ×4 and "slower", so a colour of a timing-aware
 * diff bar reads as a ratio. Drawn by `juxtrace-cli render --diff` under
 * the function legend and by the window's diff-bar legend, the same way. */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

/* Draws the scale into [x, x + width) × [y, y + height) (height ≥ 20 px;
 * the ticks' labels take the lower part) for noise band `band` (0.1 =
 * ±10 %), its ramps as long as the width allows (36 to 90 px). `title`
 * (may be NULL) goes before the bar. Returns the width used. */
int  jx_timing_scale_draw        (cairo_t      *cr,
                                  PangoContext *context,
                                  const char   *title,
                                  double        band,
                                  double        x,
                                  double        y,
                                  double        width,
                                  double        height,
                                  gboolean      dark);
/* The width jx_timing_scale_draw needs with this title: for the longest
 * ramps (90 px), or the shortest (36 px). */
int  jx_timing_scale_get_width   (PangoContext *context,
                                  const char   *title,
                                  gboolean      compact);

G_END_DECLS
