/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-load-selection.c — a trace over the memory budget in the window:
 * the load is refused and a dialog states the estimate and the budget and
 * offers a part; its fields are checked as they are typed (a pattern that
 * matches nothing, a reversed window), "Load Selection" loads only the
 * chosen processes, and the trace's header says it is partial; reading the
 * definitions told how many locations it had read. Cancel
 * leaves the refused trace as it was. Under a display (xvfb-run). */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "jx-load-selection-dialog.h"
#include "jx-master-timeline.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-app.h"
#include "jx-test-util.h"
#include "jx-trace-loader.h"
#include "jx-trace-timeline-private.h"
#include "jx-window-private.h"
#include "jx-test-widget.h"

static JxLoadSelectionDialog *
find_dialog (void)
{
  return (JxLoadSelectionDialog *) jx_test_find_toplevel (JX_TYPE_LOAD_SELECTION_DIALOG);
}

static gboolean
has_dialog (gpointer data)
{
  return find_dialog () != NULL;
}

static gboolean
is_ready (gpointer dialog)
{
  return jx_load_selection_dialog_get_ready (dialog);
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static JxWindow *
open_over_budget (const char *path)
{
  JxWindow *window = jx_window_new (NULL);
  const char *paths[2] = { path, NULL };

  gtk_window_present (GTK_WINDOW (window));
  /* Below what the generated trace needs (about 21 MiB), above what an
   * eighth of its processes needs (about 9 MiB); read by the load. */
  g_setenv (JX_MEMORY_BUDGET_ENV, "12M", TRUE);
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (jx_window_get_session (window));
  g_assert_true (jx_test_wait_until (has_dialog, NULL, 30));
  /* The definitions are read in a thread after the dialog shows. */
  g_assert_true (jx_test_wait_until (is_ready, find_dialog (), 30));
  return window;
}

static void
test_load_selection (void)
{
  g_autofree char *a = NULL, *b = NULL;
  g_autofree char *dir = jx_test_generate_remove_pair (16, 400, &a, &b);
  JxWindow *window = open_over_budget (a);
  JxSession *session = jx_window_get_session (window);
  JxLoadSelectionDialog *dialog = find_dialog ();
  JxSessionTrace *item;
  JxTraceTimeline *lane;
  const JxTracePartial *partial;
  g_autofree char *export_path = NULL;
  g_autoptr(GError) error = NULL;
  const char *body;
  guint n_total = 0;

  /* The definitions' progress was told, the last count complete: one
   * location per rank. */
  g_assert_cmpuint (jx_load_selection_dialog_get_n_read (dialog, &n_total), ==, 16);
  g_assert_cmpuint (n_total, ==, 16);

  /* The refused trace is there, failed as too large. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  item = jx_test_item_at (session, 0);
  g_assert_cmpint (jx_session_trace_get_state (item), ==, JX_SESSION_TRACE_FAILED);
  g_assert_error ((GError *) jx_session_trace_get_error (item), JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE);

  /* The dialog states the estimate and the budget. */
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, "12.0"));
  g_assert_nonnull (strstr (body, JX_MEMORY_BUDGET_ENV));
  /* Nothing chosen yet: nothing to load. */
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "load"));

  /* What cannot be loaded is said as it is typed. */
  jx_load_selection_dialog_set_pattern (dialog, "no such rank");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "load"));
  g_assert_nonnull (strstr (jx_load_selection_dialog_get_status (dialog), "no such rank"));
  jx_load_selection_dialog_set_pattern (dialog, "");
  jx_load_selection_dialog_set_window (dialog, "2 ms", "1 ms");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "load"));
  jx_load_selection_dialog_set_window (dialog, "", "");

  /* Seven of sixteen processes are still too many for the budget. */
  jx_load_selection_dialog_set_pattern (dialog, "MPI Rank 1*");
  g_test_message ("%s", jx_load_selection_dialog_get_status (dialog));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "load"));
  g_assert_nonnull (strstr (jx_load_selection_dialog_get_status (dialog), "still"));

  /* Every 4th of those (1, 10 … 15): 1 and 13. */
  jx_load_selection_dialog_set_every (dialog, 4);
  g_test_message ("%s", jx_load_selection_dialog_get_status (dialog));
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "load"));
  g_assert_nonnull (strstr (jx_load_selection_dialog_get_status (dialog), "one process in 4"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "load");
  gtk_window_destroy (GTK_WINDOW (dialog));
  jx_test_wait_for_loads (session);

  /* The refused item went; its part took its place. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  item = jx_test_item_at (session, 0);
  g_assert_cmpint (jx_session_trace_get_state (item), ==, JX_SESSION_TRACE_LOADED);
  partial = jx_session_trace_get_partial (item);
  g_assert_nonnull (partial);
  g_assert_cmpuint (partial->n_processes, ==, 16);
  g_assert_cmpuint (partial->n_processes_selected, ==, 2);
  g_assert_null (find_dialog ());

  lane = jx_master_timeline_get_trace_timeline (jx_window_get_master_timeline (window), item);
  g_assert_nonnull (lane);
  g_assert_true (jx_test_wait_until (is_mapped, lane, 30));
  g_assert_nonnull (strstr (jx_trace_header_get_status (lane->header), "partial: "));
  g_assert_nonnull (strstr (jx_trace_header_get_status (lane->header), partial->description));

  /* Export Image names the lane as partial too (drawn, not read back here). */
  export_path = g_build_filename (dir, "partial.png", NULL);
  g_assert_true (jx_window_export_image (window, export_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (export_path, G_FILE_TEST_IS_REGULAR));

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
  g_unsetenv (JX_MEMORY_BUDGET_ENV);
  jx_test_remove_tree (dir);
}

/* Cancel: the refused trace stays, failed, and nothing loads. */
static void
test_cancel (void)
{
  g_autofree char *a = NULL, *b = NULL;
  g_autofree char *dir = jx_test_generate_remove_pair (16, 400, &a, &b);
  JxWindow *window = open_over_budget (b);
  JxSession *session = jx_window_get_session (window);
  JxLoadSelectionDialog *dialog = find_dialog ();

  jx_load_selection_dialog_set_every (dialog, 2);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  jx_test_spin (50);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  g_assert_cmpint (jx_session_trace_get_state (jx_test_item_at (session, 0)), ==, JX_SESSION_TRACE_FAILED);
  g_assert_cmpuint (jx_session_get_n_loading (session), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
  g_unsetenv (JX_MEMORY_BUDGET_ENV);
  jx_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("test-load-selection needs a display: run it under `xvfb-run -a`.\n");
      return 1;
    }
  /* As test-window: GLX keeps Mesa's driver loaded under Xvfb. */
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-glx", TRUE);
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  adw_init ();
  jx_test_no_cursor_blink ();

  g_test_add_func ("/app/load-selection/load", test_load_selection);
  g_test_add_func ("/app/load-selection/cancel", test_cancel);
  return g_test_run ();
}
