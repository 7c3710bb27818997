/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-widget.h — what the widget tests (tests/ui, tests/app) share:
 * showing a widget in a window, waiting for it to be laid out, and reading
 * back the pixels it drew. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* An off-screen render of a widget: ARGB32 pixels (premultiplied, native
 * endianness: 0xAARRGGBB per guint32). */
typedef struct
{
  int      width;
  int      height;
  guint32 *pixels;
} JxTestImage;

void         jx_test_image_free         (JxTestImage *img);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxTestImage, jx_test_image_free)

/* g_test_init, then GTK and libadwaita as the widget tests run them (no
 * accessibility bus, GLX, the C.UTF-8 locale); FALSE when there is no
 * display, and the tests that need one skip. */
gboolean     jx_test_widget_init        (int         *argc,
                                         char      ***argv);
/* Called by jx_test_widget_init; tests that set up GTK themselves
 * (gtk_test_init) call it after adw_init. */
void         jx_test_no_cursor_blink    (void);
/* A new window of that default size holding child, presented. */
GtkWidget   *jx_test_present            (GtkWidget   *child,
                                         int          width,
                                         int          height);
/* Lays out the window holding widget now, as its next frame would, so that
 * what a test reads next (sizes, positions, x ↔ time) does not depend on the
 * window's frame clock having ticked: on a crowded, loaded Xvfb a window
 * sometimes gets no frame at all (see jx-test-widget.c). Not while a
 * JxWindow still settles its panes over its first frames: the sizes then
 * change again (wait for them with jx_test_wait_until instead). */
void         jx_test_layout             (GtkWidget   *widget);
/* Runs the main loop until the widget is mapped and wider than a pixel
 * (fails after 10 s), lets pending idle work run, then lays its window out
 * (without waiting for a frame). */
void         jx_test_wait_allocated     (GtkWidget   *widget);
/* The widget as it draws now: its window laid out and the widget
 * snapshotted by the test itself, not read from the window's last frame
 * (a crowded Xvfb may never draw the window; see jx-test-widget.c). Waits
 * (30 s at most) only while the widget is not shown. */
JxTestImage *jx_test_render_widget      (GtkWidget   *widget);
guint32      jx_test_image_pixel        (const JxTestImage *img,
                                         int          x,
                                         int          y);
/* Each of R, G, B within 6 of want's. */
gboolean     jx_test_pixel_near         (guint32      pixel,
                                         guint32      want);
/* First and last column of row y in [x0, x1) drawn in color; FALSE when none. */
gboolean     jx_test_image_find_span    (const JxTestImage *img,
                                         int          y,
                                         int          x0,
                                         int          x1,
                                         guint32      color,
                                         int         *first,
                                         int         *last);

/* A private HOME and XDG directories for the whole run (the caller removes
 * the returned root with jx_test_remove_tree when done). */
char        *jx_test_isolate_home       (void);

G_END_DECLS
