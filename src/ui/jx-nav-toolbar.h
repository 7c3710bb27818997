/* jx-nav-toolbar.h — the navigation toolbar: one thin strip per trace over
 * the whole comparison range, showing each trace at its offset with a coarse
 * activity rendering, and the visible window as a rectangle.
 *
 * Drag the window to pan, its edges to resize it, elsewhere on empty space to
 * draw a new window (a click centres the window there). Drag a trace's extent
 * outside the window (or anywhere with Alt held, in shift mode, or when the
 * window shows nearly everything) to shift that trace: coarse alignment, live,
 * one undo step per drag. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_NAV_TOOLBAR (jx_nav_toolbar_get_type ())
G_DECLARE_FINAL_TYPE (JxNavToolbar, jx_nav_toolbar, JX, NAV_TOOLBAR, GtkWidget)

typedef enum
{
  JX_NAV_DRAG_AUTO,          /* decide from what is under the pointer */
  JX_NAV_DRAG_TRACE,         /* force shifting the trace under the pointer */
} JxNavDragHint;

GtkWidget *jx_nav_toolbar_new             (JxSession    *session);
JxSession *jx_nav_toolbar_get_session     (JxNavToolbar *self);
void       jx_nav_toolbar_set_session     (JxNavToolbar *self,
                                           JxSession    *session);
int        jx_nav_toolbar_get_label_width (JxNavToolbar *self);
void       jx_nav_toolbar_set_label_width (JxNavToolbar *self,
                                           int           label_width);

/* Geometry, widget coordinates: x of comparison time ns, and the vertical
 * span of trace `index`'s strip. */
double     jx_nav_toolbar_ns_to_x         (JxNavToolbar *self,
                                           gint64        ns);
gboolean   jx_nav_toolbar_get_strip_span  (JxNavToolbar *self,
                                           guint         index,
                                           int          *y,
                                           int          *height);

/* The gesture logic without input devices (tests): widget coordinates,
 * offsets relative to the start point. */
void       jx_nav_toolbar_drag_begin      (JxNavToolbar *self,
                                           JxNavDragHint hint,
                                           double        x,
                                           double        y);
void       jx_nav_toolbar_drag_update     (JxNavToolbar *self,
                                           double        dx,
                                           double        dy);
void       jx_nav_toolbar_drag_end        (JxNavToolbar *self,
                                           double        dx,
                                           double        dy);

G_END_DECLS
