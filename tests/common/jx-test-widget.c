/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-widget.c — see jx-test-widget.h. */
#include "config.h"

#include "jx-test-util.h"
#include "jx-test-widget.h"

#include <locale.h>

#include <adwaita.h>
#include <glib/gstdio.h>

gboolean
jx_test_widget_init (int    *argc,
                     char ***argv)
{
  g_test_init (argc, argv, NULL);
  /* No accessibility bus in CI (plain xvfb-run, no session bus). */
  if (g_getenv ("GTK_A11Y") == NULL)
    g_setenv ("GTK_A11Y", "none", TRUE);
  /* Under Xvfb, Mesa's EGL set-up fails and unloads its driver, whose
   * allocations LeakSanitizer then reports without a module to name (so no
   * suppression can match them); GLX loads the same driver once and keeps it. */
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-glx", TRUE);
  gtk_disable_setlocale ();
  setlocale (LC_ALL, "C.UTF-8");
  if (!gtk_init_check ())
    return FALSE;
  adw_init ();
  jx_test_no_cursor_blink ();
  return TRUE;
}

/* A blinking cursor's timer that fires after its entry lost the focus
 * without a focus-out event (windows without a window manager, on a busy
 * machine) warns "GtkText - did not receive a focus-out event", and a
 * test's warnings are fatal: tests do not blink. */
void
jx_test_no_cursor_blink (void)
{
  g_object_set (gtk_settings_get_default (), "gtk-cursor-blink", FALSE, NULL);
}

void
jx_test_image_free (JxTestImage *img)
{
  g_free (img->pixels);
  g_free (img);
}

GtkWidget *
jx_test_present (GtkWidget *child,
                 int        width,
                 int        height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
run_for (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

/* What the frame clock's layout phase does, at the window's present size:
 * each widget in it that waits for a new size (a queued resize, a child
 * shown) gets it, the others keep theirs. */
void
jx_test_layout (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkAllocation alloc;

  if (root == NULL || !gtk_widget_get_mapped (GTK_WIDGET (root)))
    return;
  /* The whole box GtkWindow was given, margins (its shadow) included, not
   * the content size of gtk_widget_get_width. */
  gtk_widget_get_allocation (GTK_WIDGET (root), &alloc);
  if (alloc.width > 1 && alloc.height > 1)
    gtk_widget_allocate (GTK_WIDGET (root), alloc.width, alloc.height, -1, NULL);
}

void
jx_test_wait_allocated (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((gtk_widget_get_width (widget) <= 1 || !gtk_widget_get_mapped (widget)) &&
         g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, TRUE);
      jx_test_layout (widget);
    }
  g_assert_cmpint (gtk_widget_get_width (widget), >, 1);
  /* Let what the main loop has pending (idle work, events) run. */
  run_for (50);
  jx_test_layout (widget);
}

/* Why widget has no frame: the outermost of it and its ancestors that is
 * not drawn (hidden, unmapped, not child-visible, or without a width or a
 * height), and each one's state, so that a failure names what is missing. */
static char *
describe_undrawn (GtkWidget *widget,
                  gint64     first_frame)
{
  g_autoptr(GString) chain = g_string_new (NULL);
  GtkWidget *culprit = NULL;

  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    {
      gboolean drawn = gtk_widget_get_visible (w) && gtk_widget_get_child_visible (w) &&
                       gtk_widget_get_mapped (w) &&
                       gtk_widget_get_width (w) > 0 && gtk_widget_get_height (w) > 0;

      g_string_append_printf (chain, "\n  %s %s: visible %d, child-visible %d, mapped %d, %dx%d",
                              G_OBJECT_TYPE_NAME (w), gtk_widget_get_name (w),
                              gtk_widget_get_visible (w), gtk_widget_get_child_visible (w),
                              gtk_widget_get_mapped (w),
                              gtk_widget_get_width (w), gtk_widget_get_height (w));
      if (GTK_IS_PANED (w))
        {
          int min = 0;
          int max = 0;

          g_object_get (w, "min-position", &min, "max-position", &max, NULL);
          g_string_append_printf (chain, ", position %d in [%d, %d]",
                                  gtk_paned_get_position (GTK_PANED (w)), min, max);
        }
      if (!drawn)
        culprit = w;
    }
  if (culprit == NULL)
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
      GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));

      return g_strdup_printf ("it and its ancestors are shown with a size, yet it drew nothing "
                              "(its surface is %s; its frame clock went from frame %" G_GINT64_FORMAT
                              " to %" G_GINT64_FORMAT " while it waited); from it up:%s",
                              surface != NULL && gdk_surface_get_mapped (surface) ? "mapped" : "not mapped",
                              first_frame, clock != NULL ? gdk_frame_clock_get_frame_counter (clock) : -1,
                              chain->str);
    }
  return g_strdup_printf ("%s %p is hidden, unmapped or without size; from it up:%s",
                          G_OBJECT_TYPE_NAME (culprit), culprit, chain->str);
}

/* The widget drawn now, in its own coordinates: its parent snapshots it
 * (which redraws it when it has queued a draw, else reuses its last
 * drawing), shifted back by where the parent placed it. NULL when it is
 * not drawn (unmapped, hidden, no size). A root has no parent to do this:
 * its last frame is used. */
static GskRenderNode *
snapshot_now (GtkWidget *widget,
              int        width,
              int        height)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  graphene_point_t origin;

  if (parent == NULL)
    {
      g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);

      gdk_paintable_snapshot (paintable, snapshot, width, height);
    }
  else if (gtk_widget_compute_point (widget, parent, &GRAPHENE_POINT_INIT (0, 0), &origin))
    {
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-origin.x, -origin.y));
      gtk_widget_snapshot_child (parent, widget, snapshot);
    }
  return gtk_snapshot_free_to_node (snapshot);
}

/* Not through the window's frames. With several test programs on one
 * loaded Xvfb, a window is sometimes never drawn at all: X reports it
 * viewable and its frame clock runs a few layout and paint phases when asked,
 * but GDK keeps the surface's updates held, so its "render" is never emitted
 * and no widget in it gets a render node (seen in about half of the runs of
 * test-processes-window, six at a time beside three busy loops). A test that
 * waits for a frame to have drawn the widget then waits forever. So the test
 * lays the window out and snapshots the widget itself, as a frame would, and
 * renders that with the window's renderer. */
JxTestImage *
jx_test_render_widget (GtkWidget *widget)
{
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer;
  JxTestImage *img = g_new0 (JxTestImage, 1);
  /* Not a time limit on the product: only a guard against a widget that is
   * never shown (hidden, unmapped or zero-sized). */
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gint64 first_frame = clock != NULL ? gdk_frame_clock_get_frame_counter (clock) : -1;

  /* Let what the main loop has pending (idle work, events) run first. */
  run_for (20);
  jx_test_layout (widget);
  img->width = gtk_widget_get_width (widget);
  img->height = gtk_widget_get_height (widget);
  node = snapshot_now (widget, img->width, img->height);
  while (node == NULL && g_get_monotonic_time () < deadline)
    {
      run_for (20);
      jx_test_layout (widget);
      img->width = gtk_widget_get_width (widget);
      img->height = gtk_widget_get_height (widget);
      node = snapshot_now (widget, img->width, img->height);
    }
  if (node == NULL)
    {
      g_autofree char *why = describe_undrawn (widget, first_frame);

      g_error ("%s %p was never drawn: %s", G_OBJECT_TYPE_NAME (widget), widget, why);
    }
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, img->width, img->height));
  img->pixels = g_new0 (guint32, (gsize) img->width * img->height);
  gdk_texture_download (texture, (guchar *) img->pixels, img->width * 4);
  return img;
}

guint32
jx_test_image_pixel (const JxTestImage *img,
                     int                x,
                     int                y)
{
  g_assert_true (x >= 0 && x < img->width && y >= 0 && y < img->height);
  return img->pixels[(gsize) y * img->width + x];
}

gboolean
jx_test_pixel_near (guint32 pixel,
                    guint32 want)
{
  for (int i = 0; i < 24; i += 8)
    if (ABS ((int) ((pixel >> i) & 0xff) - (int) ((want >> i) & 0xff)) > 6)
      return FALSE;
  return TRUE;
}

gboolean
jx_test_image_find_span (const JxTestImage *img,
                         int                y,
                         int                x0,
                         int                x1,
                         guint32            color,
                         int               *first,
                         int               *last)
{
  *first = -1;
  *last = -1;
  for (int x = MAX (x0, 0); x < MIN (x1, img->width); x++)
    if (jx_test_pixel_near (img->pixels[(gsize) y * img->width + x], color))
      {
        if (*first < 0)
          *first = x;
        *last = x;
      }
  return *first >= 0;
}

/* One private home for the whole run, set before GLib caches any user
 * directory. G_TEST_OPTION_ISOLATE_DIRS would instead replace them before
 * every test, and GLib deliberately never frees the strings it replaces
 * (they may still be in use), which LeakSanitizer rightly reports as leaks
 * it cannot attribute (GLib has no frame pointers to unwind through). */
char *
jx_test_isolate_home (void)
{
  static const struct { const char *variable; const char *dir; } dirs[] = {
    { "HOME", "home" },
    { "XDG_CACHE_HOME", "cache" },
    { "XDG_CONFIG_HOME", "config" },
    { "XDG_DATA_HOME", "data" },
    { "XDG_STATE_HOME", "state" },
    { "XDG_RUNTIME_DIR", "runtime" },
  };
  g_autoptr(GError) error = NULL;
  char *root = g_dir_make_tmp (NULL, &error);
  guint i;

  if (root == NULL)
    g_error ("Cannot create a private home: %s", error->message);
  for (i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *dir = g_build_filename (root, dirs[i].dir, NULL);

      g_mkdir_with_parents (dir, 0700);
      g_setenv (dirs[i].variable, dir, TRUE);
    }
  return root;
}
