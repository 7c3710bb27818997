/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-trend.c — the Trends page in the window: five generated runs
 * of a scaling study (2 … 32 processes, the generator's "scaling" laws)
 * open; nothing is computed until the page is shown (win.show-trends);
 * then the ranked table heads with the all-to-all's p² calls, the plot
 * draws the selected series (its observations where the render code says),
 * a target gives predictions, another measure re-ranks, picking a row
 * plots it and highlights its calls in every timeline, and a value typed
 * for a trace is modelled. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-application.h"
#include "jx-test-session.h"
#include "jx-test-study.h"
#include "jx-test-util.h"
#include "jx-test-widget.h"
#include "jx-window-private.h"

static JxApplication *app;

static gboolean
is_settled (gpointer data)
{
  JxTrendAnalysisState state = jx_trend_analysis_get_state (data);

  return state == JX_TREND_ANALYSIS_DONE || state == JX_TREND_ANALYSIS_FAILED;
}

static gint
row_named (JxTrendPanel *panel,
           const char   *name)
{
  for (guint i = 0; i < jx_trend_panel_get_n_rows (panel); i++)
    {
      g_autofree char *cell = jx_trend_panel_get_cell (panel, i, 1);

      if (g_strcmp0 (cell, name) == 0)
        return (gint) i;
    }
  return -1;
}

static GtkWidget *
find_type (GtkWidget *root,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The largest observation of the plotted series is drawn (a dark dot on
 * the light background) where jx_trend_plot_to_pixel puts it. */
static void
assert_plotted (JxTrendChart *chart)
{
  g_autoptr(JxTestImage) img = NULL;
  JxTrendPlotView view;
  guint n_x;
  double px = 0, py = 0;
  guint32 pixel;
  int dark = 0;

  g_assert_true (jx_trend_chart_get_view (chart, &view));
  g_assert_cmpint (view.width, >, 100);
  g_assert_cmpint (view.height, >, 80);
  n_x = jx_trend_study_get_n_x (view.study);
  g_assert_true (jx_trend_plot_to_pixel (&view, jx_trend_study_get_x (view.study)[n_x - 1],
                                         view.series->median[n_x - 1], &px, &py));
  img = jx_test_render_widget (GTK_WIDGET (chart));
  g_assert_nonnull (img);
  /* Somewhere within 2 px of the dot's centre is dark. */
  for (int dy = -2; dy <= 2; dy++)
    for (int dx = -2; dx <= 2; dx++)
      {
        int x = (int) px + dx, y = (int) py + dy;

        if (x < 0 || y < 0 || x >= img->width || y >= img->height)
          continue;
        pixel = jx_test_image_pixel (img, x, y);
        dark += ((pixel >> 16) & 0xff) < 0x80 && ((pixel >> 8) & 0xff) < 0x80 && (pixel & 0xff) < 0x80;
      }
  g_assert_cmpint (dark, >, 0);
  /* The plot's background well away from the data is light. */
  pixel = jx_test_image_pixel (img, img->width - 3, img->height - 3);
  g_assert_cmpuint ((pixel >> 16) & 0xff, >, 0xe0);
}

static void
test_trends_page (void)
{
  static const guint ranks[] = { 2, 4, 8, 16, 32, 0 };
  JxTestStudy st = { 0 };
  GFile *files[5];
  JxWindow *window;
  JxSession *session;
  JxTrendPanel *panel;
  JxTrendAnalysis *analysis;
  JxTrendChart *chart;
  JxTrendStudy *study;
  g_autofree char *top = NULL;
  g_autofree char *model = NULL;
  g_autofree char *prediction = NULL;
  gint linear;

  jx_test_study_generate (&st, "scaling", ranks, 4, 0.0, 31);
  for (guint i = 0; i < 5; i++)
    files[i] = g_file_new_for_path (st.runs[i]);
  g_application_open (G_APPLICATION (app), files, 5, "");
  for (guint i = 0; i < 5; i++)
    g_object_unref (files[i]);
  window = JX_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  session = jx_window_get_session (window);
  jx_test_wait_for_loads (session);
  jx_test_wait_allocated (GTK_WIDGET (window));

  panel = jx_comparison_pane_get_trend_panel (jx_window_get_comparison_pane (window));
  analysis = jx_trend_panel_get_analysis (panel);
  chart = jx_trend_panel_get_chart (panel);
  g_assert_nonnull (analysis);
  g_assert_cmpuint (jx_trend_analysis_get_n_traces (analysis), ==, 5);
  /* Not shown: nothing computed. */
  jx_test_spin (100);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_INACTIVE);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-trends", NULL));
  g_assert_true (jx_test_wait_until (is_settled, analysis, 120));
  g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_DONE);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  study = jx_trend_analysis_get_study (analysis);
  g_assert_nonnull (strstr (jx_trend_panel_get_status (panel), "5 runs: p = 2, 4, 8, 16, 32"));

  /* The all-to-all's p² messages head the calls, plotted at once. */
  g_assert_cmpint (jx_trend_panel_get_measure (panel), ==, JX_TREND_MEASURE_COUNT);
  g_assert_cmpuint (jx_trend_panel_get_n_rows (panel), >, 5);
  top = jx_trend_panel_get_cell (panel, 0, 1);
  model = jx_trend_panel_get_cell (panel, 0, 2);
  g_assert_true (g_str_has_prefix (top, "MPI_I"));
  g_assert_nonnull (strstr (model, "p^2"));
  g_assert_cmpint (jx_trend_chart_get_series (chart), ==, jx_trend_panel_get_row_series (panel, 0));
  jx_test_wait_allocated (GTK_WIDGET (chart));
  assert_plotted (chart);

  /* A target: predictions in the table. */
  g_clear_pointer (&prediction, g_free);
  prediction = jx_trend_panel_get_cell (panel, 0, 6);
  g_assert_cmpstr (prediction, ==, "—");
  jx_trend_analysis_set_target (analysis, 4096);
  g_assert_true (jx_test_wait_until (is_settled, analysis, 120));
  g_clear_pointer (&prediction, g_free);
  prediction = jx_trend_panel_get_cell (panel, 0, 6);
  g_assert_cmpstr (prediction, !=, "—");
  study = jx_trend_analysis_get_study (analysis);
  g_assert_cmpfloat (jx_trend_study_get_options (study)->at, ==, 4096);

  /* Picking work_linear: plotted, and its calls highlighted everywhere. */
  linear = row_named (panel, "work_linear");
  g_assert_cmpint (linear, >, 0);
  jx_trend_panel_activate_row (panel, linear);
  g_assert_cmpint (jx_trend_chart_get_series (chart), ==, jx_trend_panel_get_row_series (panel, linear));
  g_assert_cmpstr (jx_session_get_search (session), ==, "work_linear");
  g_assert_cmpstr (jx_trend_study_get_series (study, jx_trend_chart_get_series (chart))->name, ==, "work_linear");
  jx_test_spin (50);
  assert_plotted (chart);

  /* Another measure re-ranks and keeps the function picked. */
  jx_trend_panel_set_measure (panel, JX_TREND_MEASURE_EXCL);
  g_assert_cmpint (jx_trend_panel_get_measure (panel), ==, JX_TREND_MEASURE_EXCL);
  g_assert_cmpint (jx_trend_study_get_series (study, jx_trend_chart_get_series (chart))->measure, ==,
                   JX_TREND_MEASURE_EXCL);
  g_assert_cmpstr (jx_trend_study_get_series (study, jx_trend_chart_get_series (chart))->name, ==, "work_linear");

  /* A value typed for the first trace (Parameter Values) is modelled;
   * an empty field gives the trace's back. */
  {
    GtkWidget *list = find_type (GTK_WIDGET (panel), GTK_TYPE_LIST_BOX);
    GtkWidget *entry;
    JxTrendSource source = JX_TREND_SOURCE_TRACE;

    g_assert_nonnull (list);
    entry = find_type (list, GTK_TYPE_ENTRY);
    g_assert_nonnull (entry);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "2");
    gtk_editable_set_text (GTK_EDITABLE (entry), "3");
    g_signal_emit_by_name (entry, "activate");
    g_assert_cmpfloat (jx_trend_analysis_get_value (analysis, jx_test_item_at (session, 0), "p", &source), ==, 3);
    g_assert_cmpint (source, ==, JX_TREND_SOURCE_USER);
    g_assert_true (jx_test_wait_until (is_settled, analysis, 120));
    study = jx_trend_analysis_get_study (analysis);
    g_assert_cmpfloat (jx_trend_study_get_run_x (study, 0), ==, 3);
    g_assert_nonnull (strstr (jx_trend_panel_get_status (panel), "p = 3, 4, 8, 16, 32"));

    entry = find_type (list, GTK_TYPE_ENTRY);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "3");
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
    g_signal_emit_by_name (entry, "activate");
    g_assert_true (jx_test_wait_until (is_settled, analysis, 120));
    study = jx_trend_analysis_get_study (analysis);
    g_assert_cmpfloat (jx_trend_study_get_run_x (study, 0), ==, 2);
    g_assert_cmpstr (jx_trend_study_get_series (study, jx_trend_chart_get_series (chart))->name, ==, "work_linear");
  }

  /* Stop: the study shown stays, the page says so; a change starts again. */
  {
    GtkWidget *stop = find_button (GTK_WIDGET (panel), "Stop");

    g_assert_nonnull (stop);
    jx_trend_analysis_set_target (analysis, 2048);
    g_assert_true (gtk_widget_is_visible (stop));
    g_signal_emit_by_name (stop, "clicked");
    g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_CANCELLED);
    g_assert_false (gtk_widget_is_visible (stop));
    g_assert_true (g_str_has_prefix (jx_trend_panel_get_status (panel), "Stopped."));
    g_assert_true (jx_trend_analysis_get_study (analysis) == study);
    g_assert_cmpuint (jx_trend_panel_get_n_rows (panel), >, 5);
    jx_trend_analysis_set_target (analysis, 4096);
    g_assert_true (jx_test_wait_until (is_settled, analysis, 120));
    g_assert_cmpint (jx_trend_analysis_get_state (analysis), ==, JX_TREND_ANALYSIS_DONE);
  }

  /* Two distinct values: no models, said in the table and the status. */
  {
    g_autofree char *confidence = NULL;
    g_autofree char *no_model = NULL;

    for (guint i = 0; i < 5; i++)
      jx_trend_analysis_set_value (analysis, jx_test_item_at (session, i), "p", i < 3 ? 2 : 4);
    g_assert_true (jx_test_wait_until (is_settled, analysis, 120));
    study = jx_trend_analysis_get_study (analysis);
    g_assert_cmpint (jx_trend_study_get_status (study), ==, JX_TREND_STATUS_TOO_FEW_POINTS);
    g_assert_nonnull (strstr (jx_trend_panel_get_status (panel), "Too few points"));
    confidence = jx_trend_panel_get_cell (panel, 0, 5);
    no_model = jx_trend_panel_get_cell (panel, 0, 2);
    g_assert_cmpstr (confidence, ==, "too few points");
    g_assert_true (g_str_has_prefix (no_model, "no model (seen "));
    jx_test_spin (50);
    assert_plotted (chart);
    for (guint i = 0; i < 5; i++)
      jx_trend_analysis_set_value (analysis, jx_test_item_at (session, i), "p", NAN);
    g_assert_true (jx_test_wait_until (is_settled, analysis, 120));
    study = jx_trend_analysis_get_study (analysis);
    g_assert_cmpint (jx_trend_study_get_status (study), ==, JX_TREND_STATUS_OK);
  }

  /* Log scales are the render code's: the dot is still where it says. */
  jx_trend_chart_set_log (chart, TRUE, TRUE);
  jx_test_spin (50);
  assert_plotted (chart);

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (100);
  jx_test_study_clear (&st);
}

/* Four runs at one scale: the page's note is long (too few points,
 * repetitions). In the low pane of a 1101 px window the chooser, the note
 * and the table's header still show: the divider leaves the upper half its
 * minimum height (below it the paned clipped its top: no chooser). */
static void
test_trends_low_pane (void)
{
  static const guint ranks[] = { 8, 8, 8, 8, 0 };
  JxTestStudy st = { 0 };
  GFile *files[4];
  JxWindow *window;
  JxTrendPanel *panel;
  GtkWidget *upper;
  int min_height = 0, height;

  jx_test_study_generate (&st, "scaling", ranks, 4, 0.0, 7);
  for (guint i = 0; i < 4; i++)
    files[i] = g_file_new_for_path (st.runs[i]);
  g_application_open (G_APPLICATION (app), files, 4, "");
  for (guint i = 0; i < 4; i++)
    g_object_unref (files[i]);
  window = JX_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  jx_test_wait_for_loads (jx_window_get_session (window));
  jx_test_wait_allocated (GTK_WIDGET (window));

  panel = jx_comparison_pane_get_trend_panel (jx_window_get_comparison_pane (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-trends", NULL));
  g_assert_true (jx_test_wait_until (is_settled, jx_trend_panel_get_analysis (panel), 120));
  g_assert_nonnull (strstr (jx_trend_panel_get_status (panel), "Too few points"));
  jx_test_spin (200);

  upper = gtk_paned_get_start_child (GTK_PANED (gtk_widget_get_first_child (GTK_WIDGET (panel))));
  gtk_widget_measure (upper, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (upper), &min_height, NULL, NULL, NULL);
  height = gtk_widget_get_height (GTK_WIDGET (panel));
  g_test_message ("trends page %d px high, its upper half %d px (minimum %d)",
                  height, gtk_widget_get_height (upper), min_height);
  g_assert_cmpint (gtk_widget_get_height (upper), >=, MIN (min_height, height - 48));

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (100);
  jx_test_study_clear (&st);
}

int
main (int   argc,
      char *argv[])
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("test-window-trend needs a display: run the tests under `xvfb-run -a`.\n");
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

  g_test_add_func ("/app/window/trends-page", test_trends_page);
  g_test_add_func ("/app/window/trends-low-pane", test_trends_low_pane);
  return g_test_run ();
}
