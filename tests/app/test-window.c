/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window.c — the comparison window under a display: open traces through
 * the application, drive the window's actions and check the session and the
 * pixels of off-screen renders. Fails without a display. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "jx-application.h"
#include "jx-function-summary-chart-private.h"
#include "jx-gdk-rgba.h"
#include "jx-master-timeline.h"
#include "jx-nav-toolbar-private.h"
#include "jx-offset-dialog.h"
#include "jx-test-app.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-trace-row-private.h"
#include "jx-trace-timeline-private.h"
#include "jx-window-private.h"
#include "jx-test-widget.h"

static JxApplication *app;

/* test-window-comparison.c */
void test_window_comparison_register (JxApplication *application);
/* test-window-layout.c */
void test_window_layout_register (JxApplication *application);
void test_window_resize_register (JxApplication *application);

static guint
n_traces (JxSession *session)
{
  return g_list_model_get_n_items (G_LIST_MODEL (session));
}

static JxSessionTraceState
state_of (JxSession *session,
          guint      position)
{
  return jx_session_trace_get_state (jx_test_item_at (session, position));
}

static void
spin_for (guint ms)
{
  jx_test_spin (ms);
}

/* Runs the main loop until a weak pointer is cleared (its object finalized),
 * for at most 20 s. */
static gboolean
wait_until_cleared (gpointer *pointer)
{
  return jx_test_wait_until_null (pointer, 20);
}

/* Renders a widget as it is on screen into RGBA bytes (straight alpha). */
static guint8 *
render_widget (GtkWidget *widget,
               int       *width,
               int       *height,
               gsize     *stride)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer;
  guint8 *data;

  *width = gtk_widget_get_width (widget);
  *height = gtk_widget_get_height (widget);
  if (*width <= 0 || *height <= 0)
    return NULL;

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), *width, *height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  /* Nothing drawn yet (e.g. between a relayout and the next frame). */
  if (node == NULL)
    return NULL;

  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, *width, *height));

  if (g_getenv ("JX_TEST_SAVE_RENDER") != NULL)
    gdk_texture_save_to_png (texture, g_getenv ("JX_TEST_SAVE_RENDER"));

  *stride = (gsize) gdk_texture_get_width (texture) * 4;
  data = g_malloc ((gsize) gdk_texture_get_height (texture) * *stride);
  gdk_texture_download (texture, data, *stride);
  *width = gdk_texture_get_width (texture);
  *height = gdk_texture_get_height (texture);

  return data;
}

/* gdk_texture_download writes native-endian ARGB32 (premultiplied). */
static void
pixel_at (const guint8 *data,
          gsize         stride,
          int           x,
          int           y,
          guint8       *r,
          guint8       *g,
          guint8       *b)
{
  guint32 p = *(const guint32 *) (data + (gsize) y * stride + (gsize) x * 4);

  *r = (p >> 16) & 0xff;
  *g = (p >> 8) & 0xff;
  *b = p & 0xff;
}

static void
test_welcome (void)
{
  JxWindow *window;

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  jx_test_wait_mapped (GTK_WIDGET (window));

  g_assert_cmpstr (jx_window_get_page (window), ==, "welcome");
  g_assert_cmpuint (n_traces (jx_window_get_session (window)), ==, 0);
  /* Nor is there a side pane to show. */
  g_assert_false (gtk_widget_get_visible (window->side_pane_button));

  /* Commands that need a comparison do nothing here. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-trace", "i", -1);
  g_assert_cmpstr (jx_window_get_page (window), ==, "welcome");

  jx_test_app_close_windows (app);
}

static void
test_examples_dir (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) paths = NULL;
  g_autofree char *tmp = g_dir_make_tmp (NULL, NULL);
  const char *names[] = { "imbalanced", "zeta", "baseline", "alpha", "empty" };

  /* The run script can point the program at any folder. */
  g_setenv ("JUXTRACE_EXAMPLES_DIR", tmp, TRUE);
  dir = jx_application_dup_examples_dir ();
  g_assert_cmpstr (dir, ==, tmp);
  g_unsetenv ("JUXTRACE_EXAMPLES_DIR");

  paths = jx_application_list_examples (tmp, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_null (paths);
  g_clear_error (&error);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *sub = g_build_filename (tmp, names[i], NULL);
      g_autofree char *anchor = g_build_filename (sub, "traces.otf2", NULL);

      g_mkdir (sub, 0700);
      if (!g_str_equal (names[i], "empty"))
        g_file_set_contents (anchor, "", 0, NULL);
    }

  paths = jx_application_list_examples (tmp, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (paths), ==, 4);
  /* Known variants first in their order (baseline is the reference), then by name. */
  g_assert_true (g_str_has_suffix (paths[0], "/baseline"));
  g_assert_true (g_str_has_suffix (paths[1], "/imbalanced"));
  g_assert_true (g_str_has_suffix (paths[2], "/alpha"));
  g_assert_true (g_str_has_suffix (paths[3], "/zeta"));

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *sub = g_build_filename (tmp, names[i], NULL);
      g_autofree char *anchor = g_build_filename (sub, "traces.otf2", NULL);

      g_remove (anchor);
      g_rmdir (sub);
    }
  g_rmdir (tmp);
}

/* Several traces that fail together: one toast names them all, and the
 * toasts it replaces do not crash libadwaita 1.2, which freed a toast
 * dismissed during its show animation twice (a missing directory, an empty
 * file and a folder without a trace opened at once crashed the window). */
static void
test_several_failures (void)
{
  g_autofree char *pingpong = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *tmp = g_dir_make_tmp ("jx-failures-XXXXXX", NULL);
  g_autofree char *empty = g_build_filename (tmp, "empty.otf2", NULL);
  g_autofree char *missing = g_build_filename (tmp, "no-such-trace", NULL);
  g_autofree char *folder = g_build_filename (tmp, "folder", NULL);
  GFile *files[4];
  JxWindow *window;
  JxSession *session;
  gint64 until;

  g_assert_nonnull (tmp);
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  files[0] = g_file_new_for_path (pingpong);
  files[1] = g_file_new_for_path (missing);
  files[2] = g_file_new_for_path (empty);
  files[3] = g_file_new_for_path (folder);
  g_application_open (G_APPLICATION (app), files, 4, "");
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    g_object_unref (files[i]);

  window = jx_test_app_active_window (app);
  session = jx_window_get_session (window);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));
  /* Let the toasts' animations run to their end. */
  until = g_get_monotonic_time () + G_USEC_PER_SEC;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);

  g_assert_cmpuint (jx_window_get_n_failures_reported (window), ==, 3);
  /* The failed rows scroll in a strip about two rows high, leaving the
   * timelines their room. */
  g_assert_true (gtk_widget_get_visible (window->loading_scroller));
  g_assert_cmpint (gtk_widget_get_height (window->loading_scroller), <=, 121);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window->loading_box)), >,
                   gtk_widget_get_height (window->loading_scroller));
  g_assert_nonnull (jx_window_get_failure_toast_title (window));
  g_assert_nonnull (strstr (jx_window_get_failure_toast_title (window), "3 traces"));
  g_assert_nonnull (strstr (jx_window_get_failure_toast_title (window), "no-such-trace"));
  g_assert_nonnull (strstr (jx_window_get_failure_toast_title (window), "folder"));

  jx_test_app_close_windows (app);
  g_remove (empty);
  g_rmdir (folder);
  g_rmdir (tmp);
}

static void
test_open_and_drive (void)
{
  g_autofree char *pingpong = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *stencil = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autofree char *bogus = g_build_filename (jx_test_get_shared_traces (), "no-such-trace", NULL);
  GFile *files[3];
  JxWindow *window;
  JxSession *session;
  JxTraceRow *row;
  GSettings *settings;
  JxTimeSpan extent;
  gint64 start, end, width;

  files[0] = g_file_new_for_path (pingpong);
  files[1] = g_file_new_for_path (stencil);
  files[2] = g_file_new_for_path (bogus);
  g_application_open (G_APPLICATION (app), files, 3, "");
  for (guint i = 0; i < 3; i++)
    g_object_unref (files[i]);

  window = jx_test_app_active_window (app);
  session = jx_window_get_session (window);
  g_assert_cmpstr (jx_window_get_page (window), ==, "comparison");
  g_assert_cmpuint (n_traces (session), ==, 3);
  g_assert_true (gtk_widget_get_visible (window->side_pane_button));

  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));

  g_assert_cmpint (state_of (session, 0), ==, JX_SESSION_TRACE_LOADED);
  g_assert_cmpint (state_of (session, 1), ==, JX_SESSION_TRACE_LOADED);
  g_assert_cmpint (state_of (session, 2), ==, JX_SESSION_TRACE_FAILED);

  /* Each trace's header tells what it holds, or why it failed. */
  row = JX_TRACE_ROW (jx_window_get_trace_row (window, 0));
  g_assert_cmpstr (jx_trace_row_get_state_page (row), ==, "loaded");
  g_assert_nonnull (strstr (jx_trace_row_get_summary (row), "2 processes"));
  g_assert_nonnull (strstr (jx_trace_row_get_summary (row), "120 events"));
  row = JX_TRACE_ROW (jx_window_get_trace_row (window, 2));
  g_assert_cmpstr (jx_trace_row_get_state_page (row), ==, "failed");
  g_assert_nonnull (strstr (jx_trace_row_get_error (row), "no-such-trace"));

  /* The failure is reported and the failed trace only lives in the loading
   * strip: no lane, no nav strip, no summary cell, and it gives its palette
   * colour back. */
  g_assert_cmpuint (jx_window_get_n_failures_reported (window), ==, 1);
  g_assert_nonnull (strstr (jx_window_get_failure_toast_title (window), "no-such-trace"));
  {
    JxMasterTimeline *master = jx_window_get_master_timeline (window);
    JxNavToolbar *nav = jx_window_get_nav_toolbar (window);
    JxFunctionSummaryChart *summary = jx_window_get_function_summary (window);
    GtkWidget *title = jx_test_find_descendant (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE);

    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (jx_master_timeline_get_trace_timeline (master, jx_test_item_at (session, 2)))));
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (jx_master_timeline_get_trace_timeline (master, jx_test_item_at (session, 1)))));
    g_assert_false (jx_nav_toolbar_get_strip_span (nav, jx_test_item_at (session, 2), NULL, NULL));
    while (jx_function_summary_chart_is_busy (summary))
      g_main_context_iteration (NULL, TRUE);
    g_assert_nonnull (jx_function_summary_chart_get_bars (summary, jx_test_item_at (session, 1), NULL));
    g_assert_nonnull (title);
    g_assert_cmpstr (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title)), ==, "2 traces · 1 failed");
  }

  /* The comparison is remembered once loading finished. */
  settings = jx_application_get_settings (app);
  if (settings != NULL)
    {
      g_autoptr(GVariant) recent = g_settings_get_value (settings, "recent-comparisons");
      g_autoptr(GVariant) first = NULL;
      g_autofree const char **paths = NULL;

      g_assert_cmpuint (g_variant_n_children (recent), >=, 1);
      first = g_variant_get_child_value (recent, 0);
      paths = g_variant_get_strv (first, NULL);
      /* Only the traces that loaded. */
      g_assert_cmpuint (g_strv_length ((char **) paths), ==, 2);
      /* As the application received them (GFile canonicalises). */
      g_assert_cmpstr (paths[0], ==, jx_session_trace_get_path (jx_test_item_at (session, 0)));
      g_assert_cmpstr (paths[1], ==, jx_session_trace_get_path (jx_test_item_at (session, 1)));
      g_assert_true (g_str_has_suffix (paths[0], "pipit__ping-pong-otf2"));
      g_assert_true (g_str_has_suffix (paths[1], "TraceR__stencil4d-32"));
    }

  /* Zoom by actions. */
  g_assert_true (jx_session_get_extent (session, &extent));
  start = extent.begin_ns;
  end = extent.end_ns;
  g_assert_cmpint (jx_test_view_start (session), ==, start);
  g_assert_cmpint (jx_test_view_end (session), ==, end);
  width = end - start;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  g_assert_cmpint (ABS ((jx_test_view_end (session) - jx_test_view_start (session)) - (gint64) (width / 1.5)), <=, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.pan-right", NULL);
  g_assert_cmpint (jx_test_view_start (session), >, start);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-all", NULL);
  g_assert_cmpint (jx_test_view_start (session), ==, start);
  g_assert_cmpint (jx_test_view_end (session), ==, end);

  /* Offsets: reset and undo/redo through actions. */
  jx_session_set_offset (session, jx_test_item_at (session, 1), 5000);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-offset", "i", 1);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 5000);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);
  g_assert_false (jx_session_can_undo (session));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 5000);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-offset", "i", 1);

  /* The next-trace command moves the reference the keyboard commands act on. */
  g_assert_true (jx_session_get_reference (session) == jx_test_item_at (session, 0));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-trace", NULL);
  g_assert_true (jx_session_get_reference (session) == jx_test_item_at (session, 1));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-trace", NULL);
  g_assert_true (jx_session_get_reference (session) == jx_test_item_at (session, 0));

  /* Toggles reach the session. */
  {
    gboolean before = jx_session_get_shift_mode (session);

    gtk_widget_activate_action (GTK_WIDGET (window), "win.shift-mode", NULL);
    g_assert_cmpint (jx_session_get_shift_mode (session), ==, !before);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.shift-mode", NULL);
    g_assert_cmpint (jx_session_get_shift_mode (session), ==, before);
  }

  /* Removing the failed trace leaves the loaded ones alone. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-trace", "i", 2);
  g_assert_cmpuint (n_traces (session), ==, 2);
  g_assert_null (jx_window_get_trace_row (window, 2));
  g_assert_cmpint (state_of (session, 1), ==, JX_SESSION_TRACE_LOADED);

  /* Closing the comparison shows the welcome page with it as recent. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-comparison", NULL);
  g_assert_cmpstr (jx_window_get_page (window), ==, "welcome");
  g_assert_cmpuint (n_traces (session), ==, 0);

  jx_test_app_close_windows (app);
}

static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return ADW_MESSAGE_DIALOG (item);
    }

  return NULL;
}

static void
test_set_offset_dialog (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *b = jx_test_get_shared_trace ("casita__4_mpi_ls_barr");
  const char *paths[3];
  AdwMessageDialog *dialog;
  JxWindow *window;
  JxSession *session;

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  session = jx_window_get_session (window);
  paths[0] = a;
  paths[1] = b;
  paths[2] = NULL;
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));

  /* Ask for the exact offset of trace 1: 2.5 ms. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.set-offset", "i", 1);
  dialog = find_message_dialog ();
  g_assert_true (JX_IS_OFFSET_DIALOG (dialog));
  jx_offset_dialog_set_value (JX_OFFSET_DIALOG (dialog), 2.5, JX_TIME_UNIT_MS);
  /* Buttons close the dialog after the response; the call does not. */
  adw_message_dialog_response (dialog, "apply");
  gtk_window_destroy (GTK_WINDOW (dialog));
  spin_for (50);

  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 2500000);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 0);

  /* The dialog starts from the current offset, and cancel changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.set-offset", "i", 1);
  dialog = find_message_dialog ();
  g_assert_true (JX_IS_OFFSET_DIALOG (dialog));
  g_assert_cmpint (jx_offset_dialog_get_ns (JX_OFFSET_DIALOG (dialog)), ==, 2500000);
  jx_offset_dialog_set_value (JX_OFFSET_DIALOG (dialog), -7.0, JX_TIME_UNIT_S);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  spin_for (50);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 2500000);

  /* Keyboard form: the current trace (here the reference, trace 0). */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.set-offset", "i", -1);
  dialog = find_message_dialog ();
  g_assert_true (JX_IS_OFFSET_DIALOG (dialog));
  jx_offset_dialog_set_value (JX_OFFSET_DIALOG (dialog), -40.0, JX_TIME_UNIT_US);
  adw_message_dialog_response (dialog, "apply");
  gtk_window_destroy (GTK_WINDOW (dialog));
  spin_for (50);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, -40000);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpint (jx_test_offset_of (session, 0), ==, 0);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 0);

  jx_test_app_close_windows (app);
}

/* Renders until two renders in a row agree: summaries and caches are built
 * off-thread, so the first frames may still change (at most 10 s). */
static guint8 *
render_stable (GtkWidget *widget,
               int       *width,
               int       *height,
               gsize     *stride)
{
  guint8 *previous = NULL;

  for (int i = 0; i < 60; i++)
    {
      guint8 *next;
      int w = 0, h = 0;
      gsize st = 0;

      next = render_widget (widget, &w, &h, &st);
      if (next != NULL && previous != NULL &&
          w == *width && h == *height && st == *stride &&
          memcmp (next, previous, (gsize) h * st) == 0)
        {
          g_free (previous);
          return next;
        }
      g_free (previous);
      previous = next;
      *width = w;
      *height = h;
      *stride = st;
      spin_for (200);
    }

  g_assert_nonnull (previous);
  return previous;
}

/* Mean over a column band of a row of pixels, as one grey value per column. */
static double *
row_profile (const guint8 *data,
             gsize         stride,
             int           width,
             int           y0,
             int           y1)
{
  double *profile = g_new0 (double, width);

  for (int x = 0; x < width; x++)
    {
      for (int y = y0; y < y1; y++)
        {
          guint8 r, g, b;

          pixel_at (data, stride, x, y, &r, &g, &b);
          profile[x] += (0.3 * r + 0.59 * g + 0.11 * b) / (double) (y1 - y0);
        }
    }

  return profile;
}

static void
test_shift_pixels (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *b = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autofree guint8 *before = NULL;
  g_autofree guint8 *after = NULL;
  g_autofree double *p0 = NULL;
  g_autofree double *p1 = NULL;
  const char *paths[3];
  JxTraceTimeline *timeline;
  GtkWidget *master;
  GtkWidget *canvas;
  JxWindow *window;
  JxSession *session;
  int w, h, w2, h2, y, rh;
  gsize stride, stride2;
  int label;
  int expected;
  int best_shift = 0;
  double best_err = G_MAXDOUBLE;
  gint64 view;
  gint64 delta;

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  session = jx_window_get_session (window);
  paths[0] = a;
  paths[1] = b;
  paths[2] = NULL;
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));

  master = GTK_WIDGET (jx_window_get_master_timeline (window));
  g_assert_true (JX_IS_MASTER_TIMELINE (master));
  timeline = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (master), jx_test_item_at (session, 1));
  g_assert_nonnull (timeline);
  canvas = jx_trace_timeline_get_canvas (timeline);
  label = jx_trace_timeline_get_label_width (timeline);
  g_assert_true (jx_trace_timeline_get_stream_span (timeline, 0, &y, &rh));

  before = render_stable (canvas, &w, &h, &stride);
  g_assert_cmpint (y + rh, <=, h);
  p0 = row_profile (before, stride, w, y + 1, y + rh - 1);

  /* Shift trace 1 by a twentieth of the view, then look where its pixels went. */
  view = jx_test_view_end (session) - jx_test_view_start (session);
  delta = view / 20;
  jx_session_set_offset (session, jx_test_item_at (session, 1), delta);

  after = render_stable (canvas, &w2, &h2, &stride2);
  g_assert_cmpint (w2, ==, w);
  p1 = row_profile (after, stride2, w2, y + 1, y + rh - 1);

  expected = (int) ((double) delta * (double) (w - label) / (double) view + 0.5);
  g_assert_cmpint (expected, >, 10);

  for (int s = 0; s <= 3 * expected; s++)
    {
      double err = 0;
      int n = 0;

      for (int x = label + s; x < w - 1; x++)
        {
          err += fabs (p1[x] - p0[x - s]);
          n++;
        }
      err /= MAX (n, 1);
      if (err < best_err)
        {
          best_err = err;
          best_shift = s;
        }
    }

  g_test_message ("expected shift %d px, measured %d px (mean error %.2f)", expected, best_shift, best_err);
  g_assert_cmpint (ABS (best_shift - expected), <=, 2);
  /* The picture really moved: without shift it differs clearly. */
  {
    double still = 0;

    for (int x = label; x < w - 1; x++)
      still += fabs (p1[x] - p0[x]);
    still /= (w - 1 - label);
    g_assert_cmpfloat (still, >, best_err);
  }

  jx_test_app_close_windows (app);
}

static void
test_row_pixels (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree guint8 *data = NULL;
  const char *paths[2];
  JxWindow *window;
  JxSession *session;
  GtkWidget *row;
  GdkRGBA accent;
  guint8 r, g, b;
  int w, h;
  gsize stride;

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  session = jx_window_get_session (window);
  paths[0] = a;
  paths[1] = NULL;
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));

  /* The side pane's trace list shows the row. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-bottom-pane", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-bottom-pane", NULL);
  row = jx_window_get_trace_row (window, 0);
  g_assert_nonnull (row);
  {
    GtkWidget *stack = gtk_widget_get_ancestor (row, GTK_TYPE_STACK);

    gtk_stack_set_visible_child_name (GTK_STACK (stack), "traces");
  }
  jx_test_wait_mapped (row);

  data = render_stable (row, &w, &h, &stride);
  jx_trace_colors (jx_test_item_at (session, 0), jx_session_get_dark (session), NULL, &accent);

  /* The accent bar at the very left edge (over the padding) has the trace's
   * accent colour, and the tint fills the rest. */
  pixel_at (data, stride, 1, h / 2, &r, &g, &b);
  g_test_message ("accent %d %d %d, drawn %d %d %d", (int) (accent.red * 255 + 0.5),
                  (int) (accent.green * 255 + 0.5), (int) (accent.blue * 255 + 0.5), r, g, b);
  g_assert_cmpint (ABS ((int) r - (int) (accent.red * 255 + 0.5)), <=, 2);
  g_assert_cmpint (ABS ((int) g - (int) (accent.green * 255 + 0.5)), <=, 2);
  g_assert_cmpint (ABS ((int) b - (int) (accent.blue * 255 + 0.5)), <=, 2);
  {
    GdkRGBA tint;

    jx_trace_colors (jx_test_item_at (session, 0), jx_session_get_dark (session), &tint, NULL);
    pixel_at (data, stride, 8, 1, &r, &g, &b);
    g_assert_cmpint (ABS ((int) r - (int) (tint.red * 255 + 0.5)), <=, 2);
    g_assert_cmpint (ABS ((int) g - (int) (tint.green * 255 + 0.5)), <=, 2);
    g_assert_cmpint (ABS ((int) b - (int) (tint.blue * 255 + 0.5)), <=, 2);
  }

  jx_test_app_close_windows (app);
}

static void
save_render (GtkWidget  *widget,
             const char *name)
{
  const char *dir = g_getenv ("JX_TEST_SHOTS");
  g_autofree char *path = NULL;
  g_autofree guint8 *data = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int w, h;
  gsize stride;

  /* Renders are always made (they must work); saved only on request. */
  data = render_stable (widget, &w, &h, &stride);
  if (dir == NULL)
    return;

  bytes = g_bytes_new (data, stride * (gsize) h);
  texture = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes, stride);
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

static void
test_trace_report (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  const char *paths[2];
  AdwPreferencesPage *page;
  JxWindow *window;
  JxSession *session;
  GtkWindow *report;
  GtkWindow *help;

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  session = jx_window_get_session (window);
  paths[0] = a;
  paths[1] = NULL;
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));
  g_assert_cmpuint (jx_trace_get_n_defects (jx_session_trace_get_trace (jx_test_item_at (session, 0))), >, 0);

  /* A trace with repaired defects opens on its load report. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.trace-info", "i", 0);
  report = jx_test_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (report);
  g_assert_true (gtk_window_get_transient_for (report) == GTK_WINDOW (window));
  /* The title names the trace as the comparison shows it. */
  g_assert_true (g_str_has_prefix (gtk_window_get_title (report), jx_session_trace_get_name (jx_test_item_at (session, 0))));
  page = adw_preferences_window_get_visible_page (ADW_PREFERENCES_WINDOW (report));
  g_assert_cmpstr (adw_preferences_page_get_title (page), ==, "Load Report");
  jx_test_wait_mapped (GTK_WIDGET (report));
  save_render (GTK_WIDGET (report), "trace-report.png");
  gtk_window_destroy (report);

  /* The shortcuts window lists the commands. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
  help = jx_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
  g_assert_nonnull (help);
  jx_test_wait_mapped (GTK_WIDGET (help));
  save_render (GTK_WIDGET (help), "shortcuts.png");
  gtk_window_destroy (GTK_WINDOW (help));

  save_render (GTK_WIDGET (window), "window.png");

  jx_test_app_close_windows (app);
}

static GtkDropTarget *
find_drop_target (GtkWidget *widget)
{
  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_first_child (w))
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

          if (GTK_IS_DROP_TARGET (controller))
            return GTK_DROP_TARGET (controller);
        }
    }

  return NULL;
}

static gboolean
drop_files (GtkDropTarget *target,
            const char    *first,
            ...)
{
  GdkFileList *list;
  GValue value = G_VALUE_INIT;
  GSList *files = NULL;
  gboolean accepted = FALSE;
  va_list args;

  va_start (args, first);
  for (const char *path = first; path != NULL; path = va_arg (args, const char *))
    files = g_slist_append (files, g_file_new_for_path (path));
  va_end (args);

  list = gdk_file_list_new_from_list (files);
  g_slist_free_full (files, g_object_unref);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, list);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);

  return accepted;
}

static void
test_drop (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *b = jx_test_get_shared_trace ("casita__4_mpi_ls_barr/traces.otf2");
  g_autofree char *c = jx_test_get_shared_trace ("casita__2_cuda_simple");
  GtkDropTarget *target;
  JxWindow *window;
  JxSession *session;

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  session = jx_window_get_session (window);
  jx_test_wait_mapped (GTK_WIDGET (window));

  target = find_drop_target (GTK_WIDGET (window));
  g_assert_nonnull (target);

  /* Dropping a folder and an anchor file onto the welcome page opens them. */
  g_assert_true (drop_files (target, a, b, NULL));
  g_assert_cmpstr (jx_window_get_page (window), ==, "comparison");
  g_assert_cmpuint (n_traces (session), ==, 2);
  jx_test_wait_for_loads (session);
  g_assert_cmpint (state_of (session, 1), ==, JX_SESSION_TRACE_LOADED);

  /* Onto an open comparison it adds; what is already open is not added twice. */
  g_assert_true (drop_files (target, c, a, NULL));
  g_assert_cmpuint (n_traces (session), ==, 3);
  g_assert_true (g_str_has_suffix (jx_session_trace_get_path (jx_test_item_at (session, 2)), "casita__2_cuda_simple"));
  jx_test_wait_for_loads (session);
  g_assert_cmpint (state_of (session, 2), ==, JX_SESSION_TRACE_LOADED);

  jx_test_app_close_windows (app);
}

static void
test_window_state (void)
{
  GSettings *settings = jx_application_get_settings (app);
  JxWindow *window;
  gboolean shift;

  /* The build compiles the schema into <build>/data, where the application
   * looks when it runs uninstalled. */
  g_assert_nonnull (settings);

  g_settings_set_int (settings, "window-width", 900);
  g_settings_set_int (settings, "window-height", 640);
  g_settings_set_boolean (settings, "window-maximized", FALSE);

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  jx_test_wait_mapped (GTK_WIDGET (window));
  {
    int w, h;

    gtk_window_get_default_size (GTK_WINDOW (window), &w, &h);
    g_assert_cmpint (w, ==, 900);
    g_assert_cmpint (h, ==, 640);
  }

  /* Toolbar toggles are settings: the action, the key and the session agree. */
  shift = g_settings_get_boolean (settings, "shift-mode");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.shift-mode", NULL);
  g_assert_cmpint (g_settings_get_boolean (settings, "shift-mode"), ==, !shift);
  g_assert_cmpint (jx_session_get_shift_mode (jx_window_get_session (window)), ==, !shift);
  g_settings_set_boolean (settings, "shift-mode", shift);
  g_assert_cmpint (jx_session_get_shift_mode (jx_window_get_session (window)), ==, shift);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-messages", NULL);
  g_assert_cmpint (jx_session_get_show_messages (jx_window_get_session (window)), ==,
                   g_settings_get_boolean (settings, "show-messages"));

  /* Closing stores the size. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1111, 777);
  spin_for (100);
  gtk_window_close (GTK_WINDOW (window));
  spin_for (100);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1111);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 777);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  jx_test_app_close_windows (app);
}

/* Every page of the side pane can be shown and is remembered: the
 * "side-page" key lists each page's name (a missing choice logged a
 * CRITICAL, fatal here, when the SOS or Groups tab was opened). */
static void
test_side_pages (void)
{
  GSettings *settings = jx_application_get_settings (app);
  JxWindow *window;
  g_autoptr(GListModel) pages = NULL;
  guint n;

  g_application_activate (G_APPLICATION (app));
  window = jx_test_app_active_window (app);
  jx_test_wait_mapped (GTK_WIDGET (window));

  pages = G_LIST_MODEL (gtk_stack_get_pages (window->side_stack));
  n = g_list_model_get_n_items (pages);
  g_assert_cmpuint (n, >=, 6);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) page = g_list_model_get_item (pages, i);
      const char *name = gtk_stack_page_get_name (GTK_STACK_PAGE (page));
      g_autofree char *stored = NULL;

      g_assert_nonnull (name);
      gtk_stack_set_visible_child_name (window->side_stack, name);
      spin_for (50);
      stored = g_settings_get_string (settings, "side-page");
      g_assert_cmpstr (stored, ==, name);
    }
  gtk_stack_set_visible_child_name (window->side_stack, "details");
  jx_test_app_close_windows (app);
}

static void
test_close_releases_traces (void)
{
  g_autofree char *pingpong = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *stencil = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  GFile *files[2];
  JxWindow *window;
  JxSession *session;
  JxSessionTrace *first_item, *second_item;
  gpointer weak_session, first, second, weak_second_item;
  gint64 deadline;

  files[0] = g_file_new_for_path (pingpong);
  files[1] = g_file_new_for_path (stencil);
  g_application_open (G_APPLICATION (app), files, 2, "");
  g_object_unref (files[0]);
  g_object_unref (files[1]);

  window = jx_test_app_active_window (app);
  session = jx_window_get_session (window);
  jx_test_wait_for_loads (session);
  jx_test_wait_mapped (GTK_WIDGET (window));
  g_assert_cmpint (state_of (session, 1), ==, JX_SESSION_TRACE_LOADED);

  weak_session = session;
  first_item = jx_test_item_at (session, 0);
  second_item = jx_test_item_at (session, 1);
  weak_second_item = second_item;
  first = jx_session_trace_get_trace (first_item);
  second = jx_session_trace_get_trace (second_item);
  g_object_add_weak_pointer (G_OBJECT (second_item), &weak_second_item);
  g_object_add_weak_pointer (G_OBJECT (session), &weak_session);
  g_object_add_weak_pointer (G_OBJECT (first), &first);
  g_object_add_weak_pointer (G_OBJECT (second), &second);

  /* The views build their summaries; selecting an invocation of the second
   * trace makes the details panel compute its statistics. */
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while ((jx_session_trace_get_summary (first_item) == NULL ||
          jx_session_trace_get_summary (second_item) == NULL) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (jx_session_trace_get_summary (second_item));
  jx_session_select_invocation (session, second_item, 0, 0);
  spin_for (300);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-trace", "i", 1);
  g_assert_cmpuint (n_traces (session), ==, 1);
  g_assert_true (wait_until_cleared (&second));
  g_assert_true (wait_until_cleared (&weak_second_item));
  g_assert_nonnull (first);

  jx_test_app_close_windows (app);
  g_assert_true (wait_until_cleared (&weak_session));
  g_assert_true (wait_until_cleared (&first));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  /* Without a display there is nothing to test here, and passing would hide
   * that (`juxtrace --version` without one: tests/app/meson.build). */
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("test-window needs a display: run the tests under `xvfb-run -a` "
                  "(build-aux/juxtrace-test.sh does).\n");
      return 1;
    }

  /* Under Xvfb, Mesa's EGL set-up fails and unloads its driver, whose
   * allocations LeakSanitizer then reports without a module to name (so no
   * suppression can match them); GLX loads the same driver once and keeps it. */
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-glx", TRUE);
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  adw_init ();
  jx_test_no_cursor_blink ();

  app = jx_application_new (G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  /* The tests open and close windows; the application must outlive them. */
  g_application_hold (G_APPLICATION (app));

  g_test_add_func ("/app/window/welcome", test_welcome);
  g_test_add_func ("/app/window/examples-dir", test_examples_dir);
  g_test_add_func ("/app/window/open-and-drive", test_open_and_drive);
  g_test_add_func ("/app/window/several-failures", test_several_failures);
  g_test_add_func ("/app/window/set-offset-dialog", test_set_offset_dialog);
  g_test_add_func ("/app/window/row-pixels", test_row_pixels);
  g_test_add_func ("/app/window/trace-report", test_trace_report);
  g_test_add_func ("/app/window/drop", test_drop);
  g_test_add_func ("/app/window/state", test_window_state);
  g_test_add_func ("/app/window/side-pages", test_side_pages);
  g_test_add_func ("/app/window/shift-pixels", test_shift_pixels);
  g_test_add_func ("/app/window/close-releases-traces", test_close_releases_traces);
  test_window_comparison_register (app);
  test_window_layout_register (app);
  test_window_resize_register (app);

  ret = g_test_run ();

  jx_test_app_close_windows (app);
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);

  return ret;
}
