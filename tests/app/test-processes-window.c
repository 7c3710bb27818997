/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-processes-window.c — the Processes page under a display: nothing is
 * clustered until it is shown; then the clusters of both traces arrive
 * (sizes, representatives, the outlier flagged), and picking a cluster
 * marks exactly its members' rows in the timelines. And the Preferences'
 * alignment scores and pairing, and Find the Selection in Other Traces. */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "jx-comparison-status.h"
#include "jx-master-timeline.h"
#include "jx-processes-panel.h"
#include "jx-session-phase.h"
#include "jx-similarity-list.h"
#include "jx-test-gen.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-test-widget.h"
#include "jx-trace-timeline-private.h"
#include "jx-window-private.h"

/* The mark's bar (jx-timeline-overlays.c), 0.21 0.52 0.89. */
#define MARK_PIXEL 0xff3585e3u

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static gboolean
has_rows (gpointer panel)
{
  return jx_processes_panel_get_n_rows (panel) > 0;
}

/* TRUE when stream's row of the canvas starts with the mark's bar. */
static gboolean
row_marked (GtkWidget *canvas,
            guint32    stream)
{
  g_autoptr(JxTestImage) img = jx_test_render_widget (canvas);
  int y, h;

  g_assert_true (jx_timeline_canvas_get_stream_span (JX_TIMELINE_CANVAS (canvas), stream, &y, &h));
  g_assert_cmpint (y + h / 2, <, img->height);
  return jx_test_pixel_near (jx_test_image_pixel (img, 1, y + h / 2), MARK_PIXEL);
}

/* Renders the canvas until stream's row is marked or not as wanted (at most
 * 10 s: on a loaded machine the pick reaches the timelines late); TRUE when
 * it got there. */
static gboolean
row_becomes_marked (GtkWidget *canvas,
                    guint32    stream,
                    gboolean   want)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (row_marked (canvas, stream) != want)
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      jx_test_spin (50);
    }
  return TRUE;
}

static void
test_processes_page (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autofree char *jacobi = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autofree char *anchor = NULL;
  const char *paths[3] = { NULL, NULL, NULL };
  JxWindow *window = jx_window_new (NULL);
  JxSession *session = jx_window_get_session (window);
  JxSessionClusters *clusters = jx_session_get_clusters (session);
  JxProcessesPanel *panel;
  JxSessionTrace *item;
  JxClustering *clustering;
  JxSignatureSet *set;
  GtkWidget *canvas;
  const JxCluster *first;
  const guint32 *members;
  guint n_members;
  gboolean outlier_row = FALSE;
  guint32 member = JX_NONE, other = JX_NONE;

  jx_generator_options_init (&options);
  options.n_ranks = 12;
  options.n_threads = 1;
  options.n_iterations = 4;
  options.n_classes = 3;
  options.n_outliers = 1;
  trace = jx_test_generate_load (&options, NULL, &dir);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  anchor = g_build_filename (dir, "traces.otf2", NULL);
  paths[0] = anchor;
  paths[1] = jacobi;
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  item = jx_test_item_at (session, 0);
  g_clear_object (&trace);
  trace = g_object_ref (jx_session_trace_get_trace (item));
  g_assert_true (jx_test_wait_until (is_mapped, window, 10));
  jx_test_spin (300);

  /* The page is not shown: nothing clustered. */
  g_assert_false (jx_session_clusters_get_wanted (clusters));
  g_assert_cmpuint (jx_session_clusters_get_n_clusters (clusters), ==, 0);

  gtk_widget_set_visible (GTK_WIDGET (window->bottom_paned), TRUE);
  gtk_stack_set_visible_child_name (window->side_stack, "processes");
  panel = JX_PROCESSES_PANEL (gtk_widget_get_template_child (GTK_WIDGET (window), JX_TYPE_WINDOW, "processes_panel"));
  g_assert_true (jx_test_wait_until (has_rows, panel, 60));
  g_assert_true (jx_session_clusters_get_wanted (clusters));
  clustering = jx_session_clusters_get_clustering (clusters, NULL);
  g_assert_cmpuint (jx_processes_panel_get_n_rows (panel), ==, jx_clustering_get_n_clusters (clustering));
  g_assert_nonnull (strstr (jx_processes_panel_get_status (panel), "outlier"));
  for (guint r = 0; r < jx_processes_panel_get_n_rows (panel); r++)
    {
      const char *text = jx_processes_panel_get_row_text (panel, r);

      g_assert_nonnull (strstr (text, "stream"));
      g_assert_true (strstr (text, "Representative:") != NULL || strstr (text, "Stream:") != NULL);
      outlier_row |= g_str_has_prefix (text, "Outlier");
    }
  g_assert_true (outlier_row);
  g_assert_null (jx_processes_panel_get_row_text (panel, jx_processes_panel_get_n_rows (panel)));

  /* A member and a non-member of the largest cluster in the generated trace. */
  first = jx_clustering_get_cluster (clustering, 0);
  members = jx_clustering_get_members (clustering, &n_members);
  set = jx_clustering_get_signatures (clustering);
  for (guint32 s = 0; s < jx_trace_get_n_streams (trace); s++)
    {
      guint32 sig = jx_signature_set_index (set, 0, s);

      if (jx_clustering_get_cluster_of (clustering, sig) == 0 && member == JX_NONE)
        member = s;
      else if (jx_clustering_get_cluster_of (clustering, sig) != 0 && other == JX_NONE)
        other = s;
    }
  g_assert_cmpuint (first->size, >, 1);
  g_assert_cmpuint (members[first->first], <, jx_signature_set_get_size (set));
  g_assert_cmpuint (member, !=, JX_NONE);
  g_assert_cmpuint (other, !=, JX_NONE);

  canvas = jx_trace_timeline_get_canvas (jx_master_timeline_get_trace_timeline (jx_window_get_master_timeline (window),
                                                                                item));
  g_assert_false (row_marked (canvas, member));

  /* A click on the first row marks its members, not the others. */
  jx_processes_panel_select_row (panel, 0);
  g_assert_cmpuint (jx_session_clusters_get_selected (clusters), ==, 0);
  g_assert_true (row_becomes_marked (canvas, member, TRUE));
  g_assert_false (row_marked (canvas, other));

  /* Removing the other trace clusters again: the pick goes, and its marks. */
  jx_session_remove (session, jx_test_item_at (session, 1));
  g_assert_cmpuint (jx_session_clusters_get_selected (clusters), ==, JX_SESSION_CLUSTERS_NONE);
  g_assert_true (jx_test_wait_until (has_rows, panel, 60));
  g_assert_true (row_becomes_marked (canvas, member, FALSE));

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
  jx_test_remove_tree (dir);
}

static gboolean
compared (gpointer item)
{
  return jx_session_trace_get_comparison_state (item) == JX_SESSION_COMPARISON_DONE;
}

/* First descendant of `widget` (itself included) named `name`. */
static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* First descendant of `widget` (itself included) of `type`. */
static GtkWidget *
find_type (GtkWidget *widget,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* TRUE when a comparison status under widget says `text`. */
static gboolean
status_says (GtkWidget  *widget,
             const char *text)
{
  if (JX_IS_COMPARISON_STATUS (widget) &&
      strstr (jx_comparison_status_get_text (JX_COMPARISON_STATUS (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (status_says (child, text))
      return TRUE;
  return FALSE;
}

/* The Preferences' scores: a new gap score compares again and the result
 * records it; a mismatch worth a match is not applied. */
static void
test_preferences_scores (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *b = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  const char *paths[] = { a, b, NULL };
  JxWindow *window = jx_window_new (NULL);
  JxSession *session = jx_window_get_session (window);
  JxComparisonManager *manager = jx_session_get_comparison_manager (session);
  JxSessionTrace *item;
  GtkWindow *prefs;
  GtkWidget *gap, *mismatch, *pairing;
  JxSimilarityList *list;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  item = jx_test_item_at (session, 1);
  g_assert_true (jx_test_wait_until (compared, item, 120));
  g_assert_true (jx_scoring_is_default (jx_comparison_get_scoring (jx_session_trace_get_comparison (item))));

  g_assert_null (jx_window_get_preferences (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.preferences", NULL);
  prefs = jx_window_get_preferences (window);
  g_assert_nonnull (prefs);
  g_assert_true (jx_test_wait_until (is_mapped, prefs, 10));
  gap = find_named (GTK_WIDGET (prefs), "score-gap");
  mismatch = find_named (GTK_WIDGET (prefs), "score-mismatch");
  g_assert_nonnull (gap);
  g_assert_nonnull (mismatch);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (gap)), ==, -1);

  jx_test_spin (100);
  g_assert_false (status_says (GTK_WIDGET (window), "scores:"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gap), -3);
  g_assert_cmpint (jx_comparison_manager_get_scoring (manager)->gap, ==, -3);
  g_assert_cmpint (jx_session_trace_get_comparison_state (item), ==, JX_SESSION_COMPARISON_RUNNING);
  g_assert_true (jx_test_wait_until (compared, item, 120));
  g_assert_cmpint (jx_comparison_get_scoring (jx_session_trace_get_comparison (item))->gap, ==, -3);
  /* The trace's header names the scores of its result. */
  jx_test_spin (100);
  g_assert_true (status_says (GTK_WIDGET (window), "scores: match 2, mismatch −1, gap −3"));

  /* Equal to the match: refused, the scores stay. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (mismatch), 2);
  g_assert_cmpint (jx_comparison_manager_get_scoring (manager)->mismatch, ==, -1);
  g_assert_cmpint (jx_session_trace_get_comparison_state (item), ==, JX_SESSION_COMPARISON_DONE);

  /* Pairing by structure: compared again; the Similarity list names the
   * partners and how they were paired. */
  pairing = find_named (GTK_WIDGET (prefs), "pairing");
  g_assert_true (ADW_IS_COMBO_ROW (pairing));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (pairing)), ==, JX_PAIRING_AUTO);
  adw_combo_row_set_selected (ADW_COMBO_ROW (pairing), JX_PAIRING_STRUCTURE);
  g_assert_cmpint (jx_comparison_manager_get_pairing (manager), ==, JX_PAIRING_STRUCTURE);
  g_assert_true (jx_test_wait_until (compared, item, 120));
  g_assert_cmpint (jx_comparison_get_pairing_summary (jx_session_trace_get_comparison (item))->mode, ==,
                   JX_PAIRING_STRUCTURE);
  list = JX_SIMILARITY_LIST (find_type (GTK_WIDGET (window), JX_TYPE_SIMILARITY_LIST));
  g_assert_nonnull (list);
  g_assert_cmpuint (jx_similarity_list_get_n_rows (list), >, 0);
  /* Hovering a stream's label names its partner and how they were paired. */
  {
    GtkWidget *canvas = jx_trace_timeline_get_canvas (
      jx_master_timeline_get_trace_timeline (jx_window_get_master_timeline (window), item));
    g_autofree char *tip = NULL;
    int y, h;

    jx_test_spin (200);
    g_assert_true (jx_timeline_canvas_get_stream_span (JX_TIMELINE_CANVAS (canvas), 0, &y, &h));
    tip = jx_timeline_canvas_dup_tooltip_markup (JX_TIMELINE_CANVAS (canvas), 10, y + h / 2.0);
    g_assert_nonnull (tip);
    g_assert_true (strstr (tip, "paired by name") != NULL || strstr (tip, "paired by structure") != NULL);
  }
  for (guint r = 0; r < jx_similarity_list_get_n_rows (list); r++)
    {
      g_autofree char *tooltip = NULL;
      g_autofree char *label = jx_similarity_list_dup_label (list, r, &tooltip);

      g_assert_nonnull (label);
      g_assert_true (strstr (tooltip, "Paired by name") != NULL || strstr (tooltip, "Paired by structure") != NULL);
      g_assert_true (g_str_has_prefix (tooltip, label) || strstr (label, " · by ") != NULL);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
}

static gboolean
phase_done (gpointer window)
{
  return !jx_window_is_finding_phase (window);
}

/* Find the Selection in Other Traces: kernel calls 3 to 5 of a Jacobi run
 * are found in the other run; "Align There" shifts it, one undo step. */
static void
test_find_phase (void)
{
  g_autofree char *a = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *b = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  const char *paths[] = { a, b, NULL };
  JxWindow *window = jx_window_new (NULL);
  JxSession *session = jx_window_get_session (window);
  JxSessionTrace *item_a, *item_b;
  JxTrace *trace;
  GPtrArray *hits;
  JxTimeSpan range = { 0, 0 };
  JxTimeOrigin origin;
  guint32 kernel, first = JX_NONE, last = JX_NONE, stream = JX_NONE;
  gint64 before;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  item_a = jx_test_item_at (session, 0);
  item_b = jx_test_item_at (session, 1);
  trace = jx_session_trace_get_trace (item_a);
  kernel = jx_trace_find_region (trace, "jacobi_kernel");
  for (guint32 s = 0; s < jx_trace_get_n_streams (trace) && last == JX_NONE; s++)
    {
      const JxStream *st = jx_trace_get_stream (trace, s);
      guint seen = 0;

      for (guint32 i = 0; i < st->n_invocations && last == JX_NONE; i++)
        if (st->region[i] == kernel && ++seen >= 3)
          {
            if (seen == 3)
              first = i;
            if (seen == 5)
              last = i, stream = s;
          }
    }
  g_assert_cmpuint (last, !=, JX_NONE);

  /* Nothing selected: the command says what it needs, and finds nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.find-phase", NULL);
  g_assert_false (jx_window_is_finding_phase (window));
  g_assert_null (jx_window_get_phase_hits (window));

  origin = jx_session_trace_get_time_origin (item_a);
  range.begin_ns = jx_time_ticks_to_comparison (origin, (gint64) jx_trace_get_stream (trace, stream)->start[first]);
  range.end_ns = jx_time_ticks_to_comparison (origin, (gint64) jx_trace_get_stream (trace, stream)->end[last]);
  jx_session_select_invocation (session, item_a, stream, first);
  jx_session_select_time (session, &range);
  g_assert_true (jx_session_get_selected_invocation (session, NULL, NULL, NULL));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.find-phase", NULL);
  g_assert_true (jx_window_is_finding_phase (window));
  g_assert_true (jx_test_wait_until (phase_done, window, 60));
  hits = jx_window_get_phase_hits (window);
  g_assert_nonnull (hits);
  g_assert_cmpuint (hits->len, ==, 1);
  g_assert_cmpint (((JxSessionPhaseHit *) g_ptr_array_index (hits, 0))->match.status, ==, JX_PHASE_FOUND);

  before = jx_session_trace_get_offset (item_b);
  g_assert_cmpuint (jx_window_align_phase (window), ==, 1);
  g_assert_true (jx_session_can_undo (session));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpint (jx_session_trace_get_offset (item_b), ==, before);

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
}

int
main (int   argc,
      char *argv[])
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("test-processes-window needs a display: run it under `xvfb-run -a`.\n");
      return 1;
    }
  /* As test-window: GLX keeps Mesa's driver loaded under Xvfb. */
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-glx", TRUE);
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  adw_init ();
  jx_test_no_cursor_blink ();

  g_test_add_func ("/app/processes/page", test_processes_page);
  g_test_add_func ("/app/preferences/scores", test_preferences_scores);
  g_test_add_func ("/app/phase/find", test_find_phase);
  return g_test_run ();
}
