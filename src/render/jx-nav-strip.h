/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-nav-strip.h — one trace's strip in the navigation toolbar.
 *
 * Over the whole comparison range the strip shows the trace's extent at its
 * offset, with a coarse activity rendering in function colours (per pixel the
 * region dominating all streams), and the visible window as a rectangle.
 * The activity image is cached at the extent's pixel width: changing only the
 * offset (dragging the trace) re-uses it, so live shifting costs a blit.
 */
#pragma once

#include <cairo.h>

#include "jx-rgba.h"
#include "jx-timeline-summary.h"
#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  JxTimeSpan range;          /* comparison range drawn over the whole width */
  JxTimeSpan window;         /* the visible window */
  gint64     offset_ns;      /* the trace's offset */
  int        width;          /* px */
  int        height;         /* px */
  gboolean   dark;
  JxRgba     background;     /* the trace's tint */
  JxRgba     accent;         /* outline of the extent (e.g. jx_palette_trace_accent) */
  gboolean   show_window;    /* draw the visible-window rectangle */
} JxNavStripView;

typedef enum
{
  JX_NAV_STRIP_NONE,          /* outside the trace and the window */
  JX_NAV_STRIP_TRACE,         /* on the trace extent: drag shifts the trace */
  JX_NAV_STRIP_WINDOW,        /* inside the window rectangle: drag pans */
  JX_NAV_STRIP_WINDOW_START,  /* on the window's left edge: drag resizes */
  JX_NAV_STRIP_WINDOW_END,    /* on the window's right edge: drag resizes */
} JxNavStripPart;

#define JX_TYPE_NAV_STRIP (jx_nav_strip_get_type ())
G_DECLARE_FINAL_TYPE (JxNavStrip, jx_nav_strip, JX, NAV_STRIP, GObject)

JxNavStrip     *jx_nav_strip_new         (JxTrace              *trace);
void            jx_nav_strip_set_summary (JxNavStrip           *self,
                                          JxTimelineSummary    *summary);
void            jx_nav_strip_draw        (JxNavStrip           *self,
                                          cairo_t              *cr,
                                          const JxNavStripView *view);
/* The trace's extent in comparison ns at the view's offset. */
JxTimeSpan      jx_nav_strip_get_extent  (JxNavStrip           *self,
                                          const JxNavStripView *view);
/* Part under x (px); window edges have a ±4 px grip and take precedence. */
JxNavStripPart  jx_nav_strip_hit         (JxNavStrip           *self,
                                          const JxNavStripView *view,
                                          double                x);
/* Conversions for the strip: x <-> comparison ns, its scale, and a drag
 * distance in px as a duration. */
double          jx_nav_strip_ns_to_x     (const JxNavStripView *view,
                                          gint64                ns);
gint64          jx_nav_strip_x_to_ns     (const JxNavStripView *view,
                                          double                x);
double          jx_nav_strip_ns_per_px   (const JxNavStripView *view);
gint64          jx_nav_strip_dx_to_ns    (const JxNavStripView *view,
                                          double                dx);

G_END_DECLS
