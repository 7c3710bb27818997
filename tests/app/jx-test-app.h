/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-app.h — what the window tests (tests/app) share: the application's
 * windows, waiting for a widget, finding widgets and menu items. */
#pragma once

#include <gtk/gtk.h>

#include "jx-application.h"
#include "jx-window.h"

G_BEGIN_DECLS

/* The application's active window (fails when it is not a JxWindow). */
JxWindow  *jx_test_app_active_window (JxApplication *app);
/* Destroys every window of the application, then lets the main loop run. */
void       jx_test_app_close_windows (JxApplication *app);
/* Runs the main loop until the widget is mapped (fails after 10 s), then
 * lets layout and the first frame happen. */
void       jx_test_wait_mapped       (GtkWidget     *widget);
/* First descendant of `widget` (itself included) of `type`, depth first. */
GtkWidget *jx_test_find_descendant   (GtkWidget     *widget,
                                      GType          type);
/* TRUE when `model` (or one of its sections) has an item for `action`. */
gboolean   jx_test_menu_has_item     (GMenuModel    *model,
                                      const char    *action);
/* The first visible toplevel of `type` (NULL when none). */
GtkWindow *jx_test_find_toplevel     (GType          type);

G_END_DECLS
