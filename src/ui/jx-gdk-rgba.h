/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gdk-rgba.h — where widgets hand colours to the render layer and back,
 * and ask the palette for a trace's colours. */
#pragma once

#include <gdk/gdk.h>

#include "jx-palette.h"
#include "jx-rgba.h"
#include "jx-session-trace.h"

G_BEGIN_DECLS

static inline JxRgba
jx_rgba_from_gdk (const GdkRGBA *rgba)
{
  return (JxRgba) { rgba->red, rgba->green, rgba->blue, rgba->alpha };
}

static inline GdkRGBA
jx_rgba_to_gdk (const JxRgba *rgba)
{
  return (GdkRGBA) { rgba->red, rgba->green, rgba->blue, rgba->alpha };
}

/* The trace's tint (lane background) and accent, from its slot and the
 * colour the user picked, for the light or dark style; either may be NULL. */
static inline void
jx_trace_colors (JxSessionTrace *item,
                 gboolean        dark,
                 GdkRGBA        *tint,
                 GdkRGBA        *accent)
{
  JxRgba t, a;

  jx_palette_trace_colors (jx_session_trace_get_color_slot (item),
                           jx_session_trace_get_picked_color (item),
                           dark, &t, &a);
  if (tint != NULL)
    *tint = jx_rgba_to_gdk (&t);
  if (accent != NULL)
    *accent = jx_rgba_to_gdk (&a);
}

/* A round swatch of `color` filling width × height (trace colours in
 * lists and reports). */
static inline void
jx_cairo_swatch (cairo_t       *cr,
                 int            width,
                 int            height,
                 const GdkRGBA *color)
{
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0 - 1, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, color);
  cairo_fill (cr);
}

G_END_DECLS
