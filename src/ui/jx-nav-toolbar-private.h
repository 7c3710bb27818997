/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-nav-toolbar-private.h — the toolbar's geometry and gesture logic, for
 * tests (no input devices needed). */
#pragma once

#include "jx-nav-toolbar.h"

G_BEGIN_DECLS

typedef enum
{
  JX_NAV_DRAG_AUTO,          /* decide from what is under the pointer */
  JX_NAV_DRAG_TRACE,         /* force shifting the trace under the pointer */
} JxNavDragHint;

/* Widget coordinates: x of comparison time ns, and the vertical span of the
 * strip of `item` (FALSE when it has none). */
double     jx_nav_toolbar_ns_to_x        (JxNavToolbar   *self,
                                          gint64          ns);
gboolean   jx_nav_toolbar_get_strip_span (JxNavToolbar   *self,
                                          JxSessionTrace *item,
                                          int            *y,
                                          int            *height);

/* Widget coordinates, offsets relative to the start point. */
void       jx_nav_toolbar_drag_begin     (JxNavToolbar   *self,
                                          JxNavDragHint   hint,
                                          double          x,
                                          double          y);
void       jx_nav_toolbar_drag_update    (JxNavToolbar   *self,
                                          double          dx,
                                          double          dy);
void       jx_nav_toolbar_drag_end       (JxNavToolbar   *self,
                                          double          dx,
                                          double          dy);
/* The gesture was cancelled: a shifted trace goes back (no undo step). */
void       jx_nav_toolbar_drag_cancel    (JxNavToolbar   *self);

G_END_DECLS
