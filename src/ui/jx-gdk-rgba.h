/* jx-gdk-rgba.h — where widgets hand colours to the render layer and back. */
#pragma once

#include <gdk/gdk.h>

#include "jx-rgba.h"

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

G_END_DECLS
