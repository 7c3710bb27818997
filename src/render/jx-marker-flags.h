/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-marker-flags.h — markers drawn as small flags: a pennant at the top of
 * a timeline or navigation strip, coloured by severity, a pole down through
 * the rows and, for markers with a duration, a band along the top. A
 * highlighted marker (picked in the marker view) is larger with a solid
 * pole; one not yet saved in its archive is hollow. Callers place the flags
 * in pixels; hit testing finds the pennant under the pointer (tooltips). */
#pragma once

#include <cairo.h>

#include <glib.h>

G_BEGIN_DECLS

/* Height in px of the pennant row at the top. */
#define JX_MARKER_FLAG_HEIGHT 10

typedef enum
{
  JX_MARKER_FLAG_HIGHLIGHTED = 1 << 0,
  JX_MARKER_FLAG_UNSAVED     = 1 << 1,
} JxMarkerFlagState;

typedef struct
{
  double  x;          /* px of the marker's time */
  double  x_end;      /* px of its end (x when it has no duration) */
  guint8  severity;   /* OTF2_MarkerSeverity */
  guint8  state;      /* JxMarkerFlagState */
} JxMarkerFlag;

/* Draws the flags into [x_min, x_max) x [0, height) of cr; poles only when
 * `poles`. Highlighted flags come last, on top. */
void jx_marker_flags_draw (cairo_t            *cr,
                           const JxMarkerFlag *flags,
                           guint               n,
                           double              x_min,
                           double              x_max,
                           double              height,
                           gboolean            dark,
                           gboolean            poles);

/* The flag whose pennant is at (x, y) (the nearest within a few px), -1 when
 * none. */
int  jx_marker_flags_hit  (const JxMarkerFlag *flags,
                           guint               n,
                           double              x,
                           double              y);

G_END_DECLS
