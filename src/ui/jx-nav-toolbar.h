/* SPDX-License-Identifier: GPL-3.0-or-later */
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

GtkWidget *jx_nav_toolbar_new             (JxSession    *session);
JxSession *jx_nav_toolbar_get_session     (JxNavToolbar *self);
void       jx_nav_toolbar_set_session     (JxNavToolbar *self,
                                           JxSession    *session);
int        jx_nav_toolbar_get_label_width (JxNavToolbar *self);
void       jx_nav_toolbar_set_label_width (JxNavToolbar *self,
                                           int           label_width);

G_END_DECLS
