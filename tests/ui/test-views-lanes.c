/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-views-lanes.c — the views' lanes as traces come and go: removing a
 * trace frees it once every view has let go (also while its summary is still
 * being built), the master timeline keeps the other lanes, and each trace
 * keeps its colour. Skips without a display (CI runs it under xvfb-run). */
#include "config.h"

#include <adwaita.h>

#include "jx-details-panel-private.h"
#include "jx-function-summary-chart-private.h"
#include "jx-gdk-rgba.h"
#include "jx-legend-view-private.h"
#include "jx-nav-toolbar-private.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-test-views.h"
#include "jx-test-widget.h"
#include "jx-trace-builder.h"
#include "jx-trace-header.h"

#define MS JX_TEST_MS

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY() G_STMT_START { \
  if (!have_display) { g_test_skip ("no display"); return; } \
} G_STMT_END

static void
wait_until_idle (GtkWidget *chart,
                 GtkWidget *legend,
                 GtkWidget *details)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while ((jx_function_summary_chart_is_busy (JX_FUNCTION_SUMMARY_CHART (chart)) ||
          jx_legend_view_is_busy (JX_LEGEND_VIEW (legend)) ||
          jx_details_panel_is_busy (JX_DETAILS_PANEL (details))) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (jx_function_summary_chart_is_busy (JX_FUNCTION_SUMMARY_CHART (chart)));
  g_assert_false (jx_legend_view_is_busy (JX_LEGEND_VIEW (legend)));
  g_assert_false (jx_details_panel_is_busy (JX_DETAILS_PANEL (details)));
}

/* Every view that shows a trace, in one window, plus a timeline on its own
 * for index 1 (it follows its index, so it must let go of a removed trace). */
typedef struct
{
  GtkWidget *window;
  GtkWidget *master;
  GtkWidget *chart;
  GtkWidget *legend;
  GtkWidget *details;
} AllViews;

static void
present_all_views (JxSession *session,
                   AllViews  *views)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  views->master = jx_master_timeline_new (session);
  views->chart = jx_function_summary_chart_new (session);
  views->legend = jx_legend_view_new (session);
  views->details = jx_details_panel_new (session);
  gtk_widget_set_vexpand (views->master, TRUE);
  gtk_box_append (GTK_BOX (box), jx_nav_toolbar_new (session));
  gtk_box_append (GTK_BOX (box), views->master);
  gtk_box_append (GTK_BOX (box), jx_trace_timeline_new (session, jx_test_item_at (session, 1)));
  gtk_box_append (GTK_BOX (box), views->chart);
  gtk_box_append (GTK_BOX (box), views->legend);
  gtk_box_append (GTK_BOX (box), views->details);
  views->window = jx_test_present (box, 1000, 900);
}

/* Removing a trace from a session that views show frees the trace (and the
 * item's timeline summary, which holds it) once the views have caught up;
 * closing the window frees the session, the items and the other trace. */
static void
test_remove_trace_finalizes (void)
{
  JxSession *session;
  JxSessionTrace *item_a, *item_b;
  gpointer weak_session, a, b, weak_item_b;
  AllViews views;
  gint64 deadline;

  SKIP_WITHOUT_DISPLAY ();

  session = jx_test_views_make_session ();
  item_a = jx_test_item_at (session, 0);
  item_b = jx_test_item_at (session, 1);
  weak_session = session;
  weak_item_b = item_b;
  a = jx_session_trace_get_trace (item_a);
  b = jx_session_trace_get_trace (item_b);
  g_object_add_weak_pointer (G_OBJECT (session), &weak_session);
  g_object_add_weak_pointer (G_OBJECT (item_b), &weak_item_b);
  g_object_add_weak_pointer (G_OBJECT (a), &a);
  g_object_add_weak_pointer (G_OBJECT (b), &b);

  present_all_views (session, &views);
  jx_test_wait_allocated (jx_trace_timeline_get_canvas (jx_test_views_lane_of (views.master, session, 1)));

  /* Let every view build what it shows of B: the item's summary, the bars,
   * the legend and the statistics of a selected invocation. */
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while ((jx_session_trace_get_summary (item_a) == NULL ||
          jx_session_trace_get_summary (item_b) == NULL) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (jx_session_trace_get_summary (item_b));
  jx_session_select_invocation (session, item_b, 0, 1);
  wait_until_idle (views.chart, views.legend, views.details);

  /* The trace goes at once, also from the timeline of B alone (it keeps its
   * emptied item until its window goes). */
  jx_session_remove (session, item_b);
  g_assert_true (jx_test_wait_until_null (&b, 20));

  /* A is still shown, with its summary (its lane stayed as it was), and the
   * views still work. */
  g_assert_nonnull (a);
  g_assert_nonnull (jx_session_trace_get_summary (item_a));
  g_assert_nonnull (jx_test_views_lane_of (views.master, session, 0));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 1);
  wait_until_idle (views.chart, views.legend, views.details);

  gtk_window_destroy (GTK_WINDOW (views.window));
  g_object_unref (session);
  g_assert_true (jx_test_wait_until_null (&weak_session, 20));
  g_assert_true (jx_test_wait_until_null (&weak_item_b, 20));
  g_assert_true (jx_test_wait_until_null (&a, 20));
}

/* The same while the summary is still being built: views created and the
 * trace removed before the main loop ran the build's callback. */
static void
test_remove_trace_while_building (void)
{
  JxSession *session;
  JxSessionTrace *item_b;
  gpointer weak_session, b, weak_item_b;
  AllViews views;

  SKIP_WITHOUT_DISPLAY ();

  session = jx_test_views_make_session ();
  item_b = jx_test_item_at (session, 1);
  weak_session = session;
  weak_item_b = item_b;
  b = jx_session_trace_get_trace (item_b);
  g_object_add_weak_pointer (G_OBJECT (session), &weak_session);
  g_object_add_weak_pointer (G_OBJECT (item_b), &weak_item_b);
  g_object_add_weak_pointer (G_OBJECT (b), &b);

  present_all_views (session, &views);
  g_assert_null (jx_session_trace_get_summary (item_b));
  jx_session_remove (session, item_b);
  g_assert_true (jx_test_wait_until_null (&b, 20));

  gtk_window_destroy (GTK_WINDOW (views.window));
  g_object_unref (session);
  g_assert_true (jx_test_wait_until_null (&weak_session, 20));
  g_assert_true (jx_test_wait_until_null (&weak_item_b, 20));
}

/* Removing the middle one of three traces takes only its lane: the other
 * lanes stay the same widgets, in order, at their offsets, and the
 * navigation toolbar moves the third strip up. */
static void
test_remove_middle_keeps_lanes (void)
{
  g_autoptr(JxSession) session = jx_test_views_make_session ();
  g_autoptr(JxTrace) c = jx_test_views_make_trace ("C", 2 * MS);
  JxSessionTrace *item_a, *item_c;
  JxTraceTimeline *lane_a, *lane_c;
  GtkWidget *box, *master, *nav, *window;
  gpointer weak_lane_b;
  int y_before, y_after;

  SKIP_WITHOUT_DISPLAY ();

  item_a = jx_test_item_at (session, 0);
  item_c = jx_session_add_trace (session, c);
  jx_session_set_offset (session, item_a, MS);
  jx_session_set_offset (session, jx_test_item_at (session, 1), 2 * MS);
  jx_session_set_offset (session, item_c, 3 * MS);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  nav = jx_nav_toolbar_new (session);
  master = jx_master_timeline_new (session);
  gtk_widget_set_vexpand (master, TRUE);
  gtk_box_append (GTK_BOX (box), nav);
  gtk_box_append (GTK_BOX (box), master);
  window = jx_test_present (box, 1000, 700);
  lane_a = jx_test_views_lane_of (master, session, 0);
  lane_c = jx_test_views_lane_of (master, session, 2);
  weak_lane_b = jx_test_views_lane_of (master, session, 1);
  g_object_add_weak_pointer (G_OBJECT (weak_lane_b), &weak_lane_b);
  jx_test_wait_allocated (jx_trace_timeline_get_canvas (lane_c));
  g_assert_true (jx_nav_toolbar_get_strip_span (JX_NAV_TOOLBAR (nav), item_c, &y_before, NULL));

  jx_session_remove (session, jx_test_item_at (session, 1));

  g_assert_true (jx_test_views_lane_of (master, session, 0) == lane_a);
  g_assert_true (jx_test_views_lane_of (master, session, 1) == lane_c);
  g_assert_true (jx_trace_timeline_get_item (lane_a) == item_a);
  g_assert_true (jx_trace_timeline_get_item (lane_c) == item_c);
  g_assert_true (gtk_widget_get_next_sibling (GTK_WIDGET (lane_a)) == GTK_WIDGET (lane_c));
  g_assert_cmpint (jx_session_trace_get_offset (item_a), ==, MS);
  g_assert_cmpint (jx_session_trace_get_offset (item_c), ==, 3 * MS);
  /* The removed lane goes once the main loop has run. */
  g_assert_true (jx_test_wait_until_null (&weak_lane_b, 20));
  g_assert_true (jx_nav_toolbar_get_strip_span (JX_NAV_TOOLBAR (nav), item_c, &y_after, NULL));
  g_assert_cmpint (y_after, <, y_before);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The colours views ask the palette for: a distinct tint per slot, the
 * picked colour as the accent with a light (or dark) low-chroma tint of its
 * hue, and back to the palette's when the style changes back. */
static void
test_trace_colors (void)
{
  g_autoptr(JxSession) session = jx_session_new ();
  GdkRGBA tints[6];
  /* A saturated purple, as picked in the colour chooser. */
  JxRgba user = { 140 / 255.0f, 0.0f, 217 / 255.0f, 1.0f };
  GdkRGBA got, dark, accent, light_tint;
  JxSessionTrace *items[6];

  for (guint i = 0; i < G_N_ELEMENTS (tints); i++)
    {
      g_autofree char *name = g_strdup_printf ("t%u", i);
      g_autoptr(JxTrace) trace = jx_test_views_make_trace (name, 0);

      items[i] = jx_session_add_trace (session, trace);
      jx_trace_colors (items[i], FALSE, &tints[i], NULL);
      g_assert_cmpfloat (tints[i].alpha, >, 0.0f);
    }

  /* All pairs differ (the tints are subtle by design, so the bar is low). */
  for (guint i = 0; i < G_N_ELEMENTS (tints); i++)
    for (guint j = i + 1; j < G_N_ELEMENTS (tints); j++)
      {
        double d = fabs (tints[i].red - tints[j].red) +
                   fabs (tints[i].green - tints[j].green) +
                   fabs (tints[i].blue - tints[j].blue);
        g_assert_cmpfloat (d, >, 0.015);
      }

  /* The picked colour is the accent; the lane gets a light, low-chroma tint
   * of its hue (blue above green, red above green for purple), opaque. */
  jx_session_trace_set_picked_color (items[1], jx_palette_rgba_to_pixel (&user));
  jx_trace_colors (items[1], FALSE, &light_tint, &accent);
  g_assert_cmpfloat (fabs (accent.red - user.red) + fabs (accent.green - user.green) + fabs (accent.blue - user.blue), <, 1e-6);
  g_assert_cmpfloat (accent.alpha, ==, 1.0f);
  g_assert_cmpfloat (light_tint.alpha, ==, 1.0f);
  g_assert_cmpfloat (MIN (light_tint.red, MIN (light_tint.green, light_tint.blue)), >, 0.8f);
  g_assert_cmpfloat (MAX (light_tint.red, MAX (light_tint.green, light_tint.blue)) -
                     MIN (light_tint.red, MIN (light_tint.green, light_tint.blue)), <, 0.15f);
  g_assert_cmpfloat (light_tint.blue, >, light_tint.green);
  g_assert_cmpfloat (light_tint.red, >, light_tint.green);

  /* Dark style: a dark tint of the same hue; the accent stays the user's choice. */
  jx_trace_colors (items[1], TRUE, &got, &accent);
  g_assert_cmpfloat (MAX (got.red, MAX (got.green, got.blue)), <, 0.35f);
  g_assert_cmpfloat (got.blue, >, got.green);
  g_assert_cmpfloat (fabs (accent.red - user.red) + fabs (accent.blue - user.blue), <, 1e-6);
  jx_trace_colors (items[0], TRUE, &dark, NULL);
  g_assert_false (gdk_rgba_equal (&dark, &tints[0]));
  jx_trace_colors (items[0], FALSE, &got, NULL);
  g_assert_true (gdk_rgba_equal (&got, &tints[0]));
  jx_trace_colors (items[1], FALSE, &got, NULL);
  g_assert_true (gdk_rgba_equal (&got, &light_tint));
}

/* The label under `widget` showing `text`. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A trace whose event files were not all read says so in its header, with
 * the files in the tooltip: its comparison covers only what was read. */
static void
test_header_read_in_part (void)
{
  g_autoptr(JxSession) session = NULL;
  g_autoptr(JxTrace) whole = jx_test_views_make_trace ("A", 0);
  g_autoptr(JxTrace) damaged = NULL;
  JxTraceBuilder *builder;
  JxTraceHeader *header, *clean;
  const char *tooltip;
  guint32 region, process, s0, s1, s2;

  SKIP_WITHOUT_DISPLAY ();

  builder = jx_trace_builder_new ("/nonexistent/B/traces.otf2", "B", 1000000000);
  region = jx_trace_builder_add_region (builder, "main", 1, 1);
  process = jx_trace_builder_add_process (builder, "Rank 0", JX_NONE);
  s0 = jx_trace_builder_add_stream (builder, process, "Master thread", JX_STREAM_CPU_THREAD);
  s1 = jx_trace_builder_add_stream (builder, process, "Thread 1", JX_STREAM_CPU_THREAD);
  s2 = jx_trace_builder_add_stream (builder, process, "Thread 2", JX_STREAM_CPU_THREAD);
  jx_trace_builder_enter (builder, s0, 0, region);
  jx_trace_builder_leave (builder, s0, 10 * MS, region);
  jx_trace_builder_enter (builder, s1, 0, region);
  jx_trace_builder_mark_truncated (builder, s1, "ended early");
  jx_trace_builder_mark_missing (builder, s2, "no such file");
  damaged = jx_trace_builder_finish (builder);

  session = jx_session_new ();
  jx_session_add_trace (session, whole);
  jx_session_add_trace (session, damaged);

  header = g_object_ref_sink (g_object_new (JX_TYPE_TRACE_HEADER, NULL));
  jx_trace_header_bind (header, session, jx_test_item_at (session, 1));
  g_assert_nonnull (strstr (jx_trace_header_get_status (header),
                            "read in part: 1 stream cut short, 1 stream unreadable"));
  tooltip = gtk_widget_get_tooltip_text (find_label (GTK_WIDGET (header), jx_trace_header_get_status (header)));
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "/nonexistent/B/traces/"));

  clean = g_object_ref_sink (g_object_new (JX_TYPE_TRACE_HEADER, NULL));
  jx_trace_header_bind (clean, session, jx_test_item_at (session, 0));
  g_assert_null (strstr (jx_trace_header_get_status (clean), "read in part"));

  g_object_unref (clean);
  g_object_unref (header);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = jx_test_isolate_home ();
  int ret;

  have_display = jx_test_widget_init (&argc, &argv);

  g_test_add_func ("/views/lifetime/remove-trace", test_remove_trace_finalizes);
  g_test_add_func ("/views/lifetime/remove-while-building", test_remove_trace_while_building);
  g_test_add_func ("/views/master-timeline/remove-middle", test_remove_middle_keeps_lanes);
  g_test_add_func ("/views/trace-colors", test_trace_colors);
  g_test_add_func ("/views/trace-header/read-in-part", test_header_read_in_part);

  ret = g_test_run ();
  jx_test_remove_tree (home);
  return ret;
}
