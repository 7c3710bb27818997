/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-time-ruler.h — time axis in comparison time (ns, zero = comparison zero).
 *
 * Tick steps are 1-2-5 multiples of a power of ten, labels use ns, µs, ms or s
 * so that they stay short, and the step is chosen so that no two labels overlap. */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "jx-time.h"

G_BEGIN_DECLS

typedef struct
{
  double  x;            /* px, relative to the ruler's left edge */
  gint64  time_ns;
  gboolean labelled;    /* major tick with a label */
  int     label_x;      /* px, left edge of the label ink */
  int     label_width;  /* px */
  char    label[32];
} JxTimeRulerTick;

/* Ticks for the window [start_ns, end_ns) drawn over `width` px, labels
 * measured with `context` (e.g. pango_cairo_create_context (cr) or
 * gtk_widget_get_pango_context). Returns an array of JxTimeRulerTick. */
GArray  *jx_time_ruler_compute_ticks (PangoContext *context,
                                      gint64        start_ns,
                                      gint64        end_ns,
                                      int           width);

/* Draws the ruler into [x, x + width) x [0, height): baseline at the bottom,
 * ticks upwards, labels above the major ticks. */
void     jx_time_ruler_draw          (cairo_t      *cr,
                                      gint64        start_ns,
                                      gint64        end_ns,
                                      int           x,
                                      int           width,
                                      int           height,
                                      gboolean      dark);

/* Label of a tick at time ns for ticks `step_ns` apart: as few decimals as
 * the step needs, e.g. "1.25 ms" for a 50 µs step. Writes into buf. */
void     jx_time_format_tick         (gint64        ns,
                                      gint64        step_ns,
                                      char         *buf,
                                      gsize         size);

G_END_DECLS
