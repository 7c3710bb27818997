/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-rgba.h — the colour type of the render layer.
 *
 * Straight-alpha sRGB, each channel in [0, 1]. Floats in GdkRGBA's field order,
 * so that widgets convert with a plain copy (src/ui/jx-gdk-rgba.h) and a colour
 * is bit-identical on both sides of the boundary; the render layer itself
 * needs no GTK.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  float red;
  float green;
  float blue;
  float alpha;
} JxRgba;

G_END_DECLS
