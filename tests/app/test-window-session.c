/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-session.c — saved comparisons, export and appearance in the
 * window (under a display, with fatal criticals): save a comparison, close
 * it, open the file as the command line does and find offsets, reference,
 * window and modes again; Ctrl+S saves to the same file; a moved trace asks
 * to be located while the other opens; a corrupt file names itself; Export
 * Image writes valid PNG, SVG and PDF files; the appearance choice sets the
 * style and is kept in the settings. */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "jx-application.h"
#include "jx-diff-tree.h"
#include "jx-diff-tree-view.h"
#include "jx-session-file.h"
#include "jx-test-session.h"
#include "jx-test-app.h"
#include "jx-test-util.h"
#include "jx-window-private.h"
#include "jx-test-widget.h"

#define MS G_GINT64_CONSTANT (1000000)

static JxApplication *app;

/* The message dialog on screen (NULL when none); its body in *body. */
static AdwMessageDialog *
find_message_dialog (const char **heading,
                     const char **body)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        {
          if (heading != NULL)
            *heading = adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (window));
          if (body != NULL)
            *body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (window));
          return ADW_MESSAGE_DIALOG (window);
        }
    }
  return NULL;
}

static void
close_message_dialogs (void)
{
  AdwMessageDialog *dialog;

  while ((dialog = find_message_dialog (NULL, NULL)) != NULL)
    {
      adw_message_dialog_response (dialog, "skip");
      gtk_window_destroy (GTK_WINDOW (dialog));
      jx_test_spin (20);
    }
}

static JxTraceTimeline *
lane_of (JxWindow *window,
         guint     position)
{
  JxSessionTrace *item = jx_test_item_at (jx_window_get_session (window), position);

  return jx_master_timeline_get_trace_timeline (jx_window_get_master_timeline (window), item);
}

static gboolean
file_starts_with (const char *path,
                  const char *magic,
                  gsize       length)
{
  g_autofree char *data = NULL;
  gsize size = 0;

  return g_file_get_contents (path, &data, &size, NULL) && size > length && memcmp (data, magic, length) == 0;
}

static void
test_save_and_open (void)
{
  g_autofree char *pingpong = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *stencil = jx_test_get_shared_trace ("TraceR__stencil4d-32");
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autofree char *filename = g_build_filename (dir, "pair.juxtrace", NULL);
  g_autofree char *text = NULL;
  const char *paths[] = { pingpong, stencil, NULL };
  g_autoptr(GError) error = NULL;
  JxWindow *window;
  JxSession *session;
  JxTimeSpan view;
  GFile *files[1];

  window = jx_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  session = jx_window_get_session (window);
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  jx_test_spin (200);

  jx_session_set_offset (session, jx_test_item_at (session, 1), 2 * MS);
  jx_session_set_reference (session, jx_test_item_at (session, 1));
  jx_session_set_diff_mode (session, JX_DIFF_BAR_TIME);
  jx_session_trace_set_picked_color (jx_test_item_at (session, 0), 0xff884422);
  /* The fold grouping, and which groups are folded (view state), are kept:
   * here all processes of the stencil run in one folded row. */
  jx_session_set_fold_grouping (session, JX_FOLD_GROUPING_PROCESSES);
  jx_test_spin (100);
  g_assert_cmpuint (jx_stream_groups_get_n_groups (jx_session_trace_get_groups (jx_test_item_at (session, 1))), >=, 1);
  jx_trace_timeline_set_group_folded (lane_of (window, 1), 0, TRUE);
  g_assert_true (jx_trace_timeline_get_group_folded (lane_of (window, 1), 0));
  /* The readable rows too: Readable Rows and one expanded process. */
  jx_trace_timeline_set_readable_rows (lane_of (window, 0), TRUE);
  jx_trace_timeline_set_process_readable (lane_of (window, 0), 1, TRUE);
  g_assert_true (jx_trace_timeline_get_readable_rows (lane_of (window, 0)));
  g_assert_true (jx_trace_timeline_get_process_readable (lane_of (window, 0), 1));
  g_assert_false (jx_trace_timeline_get_process_readable (lane_of (window, 0), 0));
  view = *jx_session_get_visible_time (session);
  view.end_ns = view.begin_ns + jx_time_span_get_duration (&view) / 2;
  jx_session_set_visible_time (session, &view);
  view = *jx_session_get_visible_time (session);

  /* Save without a file yet: the name is given (the chooser's part). */
  g_assert_null (jx_window_get_comparison_file (window));
  g_assert_true (jx_window_save_comparison (window, filename, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (jx_window_get_comparison_file (window), ==, filename);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "pair");

  /* Close, then open the file the way `juxtrace pair.juxtrace` does. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-comparison", NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 0);
  g_assert_null (jx_window_get_comparison_file (window));
  files[0] = g_file_new_for_path (filename);
  g_application_open (G_APPLICATION (app), files, 1, "");
  g_object_unref (files[0]);
  g_assert_true (jx_test_app_active_window (app) == window);
  g_assert_cmpstr (jx_window_get_page (window), ==, "comparison");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 2);
  jx_test_wait_for_loads (session);
  jx_test_spin (100);
  g_assert_cmpint (jx_session_trace_get_state (jx_test_item_at (session, 0)), ==, JX_SESSION_TRACE_LOADED);
  g_assert_cmpint (jx_session_trace_get_state (jx_test_item_at (session, 1)), ==, JX_SESSION_TRACE_LOADED);
  g_assert_cmpint (jx_test_offset_of (session, 1), ==, 2 * MS);
  g_assert_true (jx_session_get_reference (session) == jx_test_item_at (session, 1));
  g_assert_cmpint (jx_session_get_diff_mode (session), ==, JX_DIFF_BAR_TIME);
  g_assert_cmpuint (jx_session_trace_get_picked_color (jx_test_item_at (session, 0)), ==, 0xff884422);
  g_assert_cmpint (jx_test_view_start (session), ==, view.begin_ns);
  g_assert_cmpint (jx_test_view_end (session), ==, view.end_ns);
  g_assert_cmpstr (jx_window_get_comparison_file (window), ==, filename);
  g_assert_false (jx_session_can_undo (session));
  g_assert_cmpint (jx_session_get_fold_grouping (session), ==, JX_FOLD_GROUPING_PROCESSES);
  g_assert_true (jx_trace_timeline_get_group_folded (lane_of (window, 1), 0));
  g_assert_false (jx_trace_timeline_get_group_folded (lane_of (window, 0), 0));
  g_assert_true (jx_trace_timeline_get_readable_rows (lane_of (window, 0)));
  g_assert_true (jx_trace_timeline_get_process_readable (lane_of (window, 0), 1));
  g_assert_false (jx_trace_timeline_get_process_readable (lane_of (window, 0), 0));
  g_assert_false (jx_trace_timeline_get_readable_rows (lane_of (window, 1)));
  g_assert_null (find_message_dialog (NULL, NULL));

  /* Ctrl+S saves to the same file, with what changed since. */
  jx_session_set_offset (session, jx_test_item_at (session, 1), 5 * MS);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save-comparison", NULL);
  g_assert_true (g_file_get_contents (filename, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "Offset=5000000"));
  g_assert_nonnull (strstr (text, "Reference=1"));

  /* It is the first recent comparison, alone; opening that entry (or a
   * drop: both open paths) opens the file again. */
  {
    GSettings *settings = jx_application_get_settings (app);
    g_autoptr(GVariant) recent = g_settings_get_value (settings, "recent-comparisons");
    g_autoptr(GVariant) first = g_variant_get_child_value (recent, 0);
    g_autofree const char **strv = g_variant_get_strv (first, NULL);
    const char *recent_paths[] = { filename, NULL };

    g_assert_cmpstr (strv[0], ==, filename);
    g_assert_null (strv[1]);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.close-comparison", NULL);
    jx_window_open_paths (window, recent_paths, FALSE);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 2);
    jx_test_wait_for_loads (session);
    jx_test_spin (100);
    g_assert_cmpint (jx_test_offset_of (session, 1), ==, 5 * MS);
    g_assert_cmpstr (jx_window_get_comparison_file (window), ==, filename);
  }

  /* Export Image: PNG, SVG and PDF by the name's extension. */
  {
    static const char *names[] = { "view.png", "view.svg", "view.pdf", "view.PNG" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (dir, names[i], NULL);

        g_assert_true (jx_window_export_image (window, path, &error));
        g_assert_no_error (error);
      }
  }
  {
    g_autofree char *png = g_build_filename (dir, "view.png", NULL);
    g_autofree char *svg = g_build_filename (dir, "view.svg", NULL);
    g_autofree char *pdf = g_build_filename (dir, "view.pdf", NULL);
    g_autofree char *svg_text = NULL;
    g_autoptr(GdkTexture) texture = NULL;

    g_assert_true (file_starts_with (png, "\x89PNG\r\n\x1a\n", 8));
    texture = gdk_texture_new_from_filename (png, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), >=, 800);
    g_assert_cmpint (gdk_texture_get_height (texture), >, 100);
    g_assert_true (g_file_get_contents (svg, &svg_text, NULL, NULL));
    g_assert_nonnull (strstr (svg_text, "<svg"));
    g_assert_nonnull (strstr (svg_text, "</svg>"));
    g_assert_true (file_starts_with (pdf, "%PDF-", 5));
  }
  {
    g_autofree char *bad = g_build_filename (dir, "no-such-folder", "view.png", NULL);

    g_assert_false (jx_window_export_image (window, bad, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "view.png"));
    g_clear_error (&error);
  }

  jx_test_app_close_windows (app);
  jx_test_remove_tree (dir);
}

static gboolean
comparison_done (gpointer item)
{
  return jx_session_trace_get_comparison_state (item) == JX_SESSION_COMPARISON_DONE;
}

static gboolean
has_tree (gpointer view)
{
  return jx_diff_tree_view_get_tree (view) != NULL;
}

static char *
export_page (JxWindow   *window,
             const char *page,
             const char *dir)
{
  JxComparisonPane *pane = jx_window_get_comparison_pane (window);
  g_autofree char *path = g_strdup_printf ("%s/%s.csv", dir, page);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  jx_comparison_pane_show_page (pane, page);
  g_assert_cmpstr (jx_comparison_pane_get_page (pane), ==, page);
  if (g_str_equal (page, "tree"))
    g_assert_true (jx_test_wait_until (has_tree, jx_comparison_pane_get_tree_view (pane), 60));
  g_assert_true (jx_window_export_table (window, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Export Table as CSV writes the table the comparison pane shows. */
static void
test_export_tables (void)
{
  g_autofree char *plain = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *papi = jx_test_get_shared_trace ("pipit__ping-pong-otf2-papi");
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autofree char *functions = NULL;
  g_autofree char *similarity = NULL;
  g_autofree char *tree = NULL;
  const char *paths[] = { plain, papi, NULL };
  JxWindow *window;
  JxSession *session;

  window = jx_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  session = jx_window_get_session (window);
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  g_assert_true (jx_test_wait_until (comparison_done, jx_test_item_at (session, 1), 120));
  jx_test_spin (300);

  functions = export_page (window, "functions", dir);
  g_assert_true (g_str_has_prefix (functions, "function,"));
  g_assert_nonnull (strstr (functions, "MPI_"));
  similarity = export_page (window, "similarity", dir);
  g_assert_true (g_str_has_prefix (similarity, "stream_a,stream_b,similarity\n"));
  g_assert_nonnull (strchr (strchr (similarity, '\n') + 1, '\n'));
  tree = export_page (window, "tree", dir);
  g_assert_true (g_str_has_prefix (tree, JX_DIFF_TREE_CSV_HEADER "\n"));
  g_assert_nonnull (strstr (tree, "MPI_"));

  jx_test_app_close_windows (app);
  jx_test_remove_tree (dir);
}

/* One trace of the saved comparison moved away: the other opens and the
 * window asks to locate the moved one. */
static void
test_missing_trace (void)
{
  g_autofree char *pingpong = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autofree char *filename = g_build_filename (dir, "moved.juxtrace", NULL);
  g_autofree char *gone = g_build_filename (dir, "gone", "traces.otf2", NULL);
  g_autoptr(JxSessionFile) file = jx_session_file_new ();
  g_autoptr(GError) error = NULL;
  const char *heading = NULL, *body = NULL;
  JxWindow *window;
  JxSession *session;

  jx_session_file_add_trace (file, pingpong, 0, 0);
  jx_session_file_add_trace (file, gone, MS, 0);
  g_assert_true (jx_session_file_save (file, filename, &error));
  g_assert_no_error (error);

  window = jx_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  session = jx_window_get_session (window);
  g_assert_true (jx_window_open_comparison_file (window, filename));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  g_assert_cmpuint (jx_window_get_n_missing (window), ==, 1);
  jx_test_spin (100);
  g_assert_nonnull (find_message_dialog (&heading, &body));
  g_assert_cmpstr (heading, ==, "Trace Not Found");
  g_assert_nonnull (strstr (body, gone));
  jx_test_wait_for_loads (session);
  g_assert_cmpint (jx_session_trace_get_state (jx_test_item_at (session, 0)), ==, JX_SESSION_TRACE_LOADED);

  /* Skipping it leaves the comparison as it is. */
  close_message_dialogs ();
  g_assert_cmpuint (jx_window_get_n_missing (window), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);

  jx_test_app_close_windows (app);
  jx_test_remove_tree (dir);
}

static void
test_corrupt_file (void)
{
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autofree char *filename = g_build_filename (dir, "broken.juxtrace", NULL);
  const char *heading = NULL, *body = NULL;
  JxWindow *window;

  g_assert_true (g_file_set_contents (filename, "\x01\x02 not a comparison", -1, NULL));
  window = jx_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_false (jx_window_open_comparison_file (window, filename));
  jx_test_spin (50);
  g_assert_nonnull (find_message_dialog (&heading, &body));
  g_assert_cmpstr (heading, ==, "Comparison Not Opened");
  g_assert_nonnull (strstr (body, "broken.juxtrace"));
  g_assert_cmpstr (jx_window_get_page (window), ==, "welcome");
  close_message_dialogs ();

  jx_test_app_close_windows (app);
  jx_test_remove_tree (dir);
}

static void
test_appearance (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  GSettings *settings = jx_application_get_settings (app);
  JxWindow *window = jx_window_new (app);
  g_autofree char *stored = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_nonnull (settings);

  g_action_group_activate_action (G_ACTION_GROUP (app), "color-scheme", g_variant_new_string ("dark"));
  jx_test_spin (50);
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (style));
  g_assert_true (jx_session_get_dark (jx_window_get_session (window)));
  stored = g_settings_get_string (settings, "color-scheme");
  g_assert_cmpstr (stored, ==, "dark");

  /* A change of the setting (another window, dconf) applies too. */
  g_settings_set_string (settings, "color-scheme", "light");
  jx_test_spin (50);
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_false (jx_session_get_dark (jx_window_get_session (window)));

  g_action_group_activate_action (G_ACTION_GROUP (app), "color-scheme", g_variant_new_string ("follow"));
  jx_test_spin (50);
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_PREFER_LIGHT);

  jx_test_app_close_windows (app);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("test-window-session needs a display: run the tests under `xvfb-run -a`.\n");
      return 1;
    }
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-glx", TRUE);
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  adw_init ();
  jx_test_no_cursor_blink ();

  app = jx_application_new (G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_application_hold (G_APPLICATION (app));

  g_test_add_func ("/app/session/save-and-open", test_save_and_open);
  g_test_add_func ("/app/session/export-tables", test_export_tables);
  g_test_add_func ("/app/session/missing-trace", test_missing_trace);
  g_test_add_func ("/app/session/corrupt-file", test_corrupt_file);
  g_test_add_func ("/app/session/appearance", test_appearance);

  ret = g_test_run ();

  jx_test_app_close_windows (app);
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);

  return ret;
}
