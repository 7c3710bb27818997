/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-comparison.c — the comparison in the window (part of
 * test-window): opening two traces shows diff bars, the comparison pane and
 * the table without anything else to do; next difference walks exactly the
 * removed calls; cancelling and removing a trace mid-way leave a consistent
 * window; a new reference recomputes; the details show both calls of an
 * aligned pair; the structural view opens from the keyboard; closing the
 * window mid-run leaves nothing behind. */
#include "config.h"

#include <string.h>

#include "jx-aligned-pair-window.h"
#include "jx-application.h"
#include "jx-comparison-status.h"
#include "jx-details-panel-private.h"
#include "jx-master-timeline.h"
#include "jx-timeline-canvas.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-test-widget.h"
#include "jx-trace-timeline-private.h"
#include "jx-window-private.h"

void test_window_comparison_register (JxApplication *application);

static JxApplication *app;

typedef struct
{
  char      *dir;
  char      *a;
  char      *b;
  JxWindow  *window;
  JxSession *session;
} Fixture;

static JxWindow *
open_pair (Fixture *f,
           guint    n_ranks,
           guint    n_iterations)
{
  GFile *files[2];

  f->dir = jx_test_generate_remove_pair (n_ranks, n_iterations, &f->a, &f->b);
  files[0] = g_file_new_for_path (f->a);
  files[1] = g_file_new_for_path (f->b);
  g_application_open (G_APPLICATION (app), files, 2, "");
  g_object_unref (files[0]);
  g_object_unref (files[1]);
  f->window = JX_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  f->session = jx_window_get_session (f->window);
  return f->window;
}

static void
fixture_close (Fixture *f)
{
  GList *windows;

  while ((windows = gtk_application_get_windows (GTK_APPLICATION (app))) != NULL)
    gtk_window_destroy (windows->data);
  jx_test_spin (50);
  jx_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->a);
  g_free (f->b);
}

static gboolean
is_done (gpointer item)
{
  return jx_session_trace_get_comparison_state (item) == JX_SESSION_COMPARISON_DONE;
}

static JxTraceTimeline *
lane_of (Fixture        *f,
         JxSessionTrace *item)
{
  return jx_master_timeline_get_trace_timeline (jx_window_get_master_timeline (f->window), item);
}

static const char *
status_text (Fixture        *f,
             JxSessionTrace *item)
{
  GtkWidget *status = GTK_WIDGET (lane_of (f, item));

  /* Depth-first to the header's status. */
  while (status != NULL && !JX_IS_COMPARISON_STATUS (status))
    {
      GtkWidget *child = gtk_widget_get_first_child (status);

      while (child == NULL && status != NULL)
        {
          child = gtk_widget_get_next_sibling (status);
          status = gtk_widget_get_parent (status);
        }
      status = child;
    }
  g_assert_nonnull (status);
  return jx_comparison_status_get_text (JX_COMPARISON_STATUS (status));
}

/* Without a further action: diff bars in both lanes, the pane's content and
 * its table; next difference visits the removed calls, each once, in the
 * window; details name both calls of a pair and the difference. */
static void details_laid_out (JxWindow *window);
static GtkWidget *find_label_prefix (GtkWidget *widget, const char *prefix);

static void
test_open_and_walk (void)
{
  Fixture f = { 0 };
  JxSessionTrace *a, *b;
  JxTrace *ta;
  JxComparisonPane *pane;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  guint n_removed = 0;

  open_pair (&f, 2, 5);
  jx_test_wait_for_loads (f.session);
  a = jx_test_item_at (f.session, 0);
  b = jx_test_item_at (f.session, 1);
  g_assert_true (jx_test_wait_until (is_done, b, 30));
  jx_test_wait_allocated (GTK_WIDGET (f.window));
  ta = jx_session_trace_get_trace (a);

  g_assert_true (jx_session_has_diff_bar (f.session, a, 0));
  g_assert_true (jx_session_has_diff_bar (f.session, b, 0));
  pane = jx_window_get_comparison_pane (f.window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (jx_comparison_pane_get_function_table (pane))));
  g_assert_cmpuint (g_list_model_get_n_items (jx_function_diff_table_get_model (jx_comparison_pane_get_function_table (pane))),
                    >, 0);
  /* The header says the headline: runtimes and the structural verdict. */
  g_assert_nonnull (strstr (status_text (&f, b), " → "));
  g_assert_nonnull (strstr (status_text (&f, b), "structural differences"));

  for (guint32 s = 0; s < jx_trace_get_n_streams (ta); s++)
    {
      const JxStream *st = jx_trace_get_stream (ta, s);

      for (guint32 i = 0; i < st->n_invocations; i++)
        n_removed += g_strcmp0 (jx_trace_get_region (ta, st->region[i])->name, "compute_halo") == 0;
    }
  g_assert_cmpuint (n_removed, ==, 10);

  jx_session_clear_selection (f.session);
  /* The removed calls: the structural differences (the timing ones have
   * their own test). */
  jx_session_set_diff_mode (f.session, JX_DIFF_BAR_STRUCTURE);
  for (guint step = 0; step < n_removed; step++)
    {
      JxSessionTrace *item;
      guint32 stream, inv;
      const JxStream *st;
      const JxTimeSpan *view;
      gint64 start;

      gtk_widget_activate_action (GTK_WIDGET (f.window), "win.next-difference", NULL);
      g_assert_true (jx_session_get_selected_invocation (f.session, &item, &stream, &inv));
      g_assert_true (item == a);
      st = jx_trace_get_stream (ta, stream);
      g_assert_cmpstr (jx_trace_get_region (ta, st->region[inv])->name, ==, "compute_halo");
      g_assert_false (g_hash_table_contains (seen, GUINT_TO_POINTER ((stream << 24) | inv)));
      g_hash_table_add (seen, GUINT_TO_POINTER ((stream << 24) | inv));
      /* In the window. */
      view = jx_session_get_visible_time (f.session);
      start = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (a), st->start[inv]);
      g_assert_cmpint (start, <, view->end_ns);
      g_assert_cmpint (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (a), st->end[inv]), >, view->begin_ns);
    }
  /* Then no further difference: the selection stays. */
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.next-difference", NULL);
  g_assert_cmpuint (g_hash_table_size (seen), ==, n_removed);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.previous-difference", NULL);

  /* An aligned pair in the details: both calls and the difference. */
  jx_session_select_invocation (f.session, b, 0, 0);
  {
    g_autofree char *text = jx_details_panel_dup_text (jx_window_get_details_panel (f.window));

    g_assert_nonnull (strstr (text, "Aligned with"));
    g_assert_nonnull (strstr (text, "main · "));
    g_assert_nonnull (strstr (text, "in “a”"));
    g_assert_true (strstr (text, "faster in") != NULL || strstr (text, "same duration") != NULL);
  }
  details_laid_out (f.window);

  /* The structural view of the selection's stream pair. */
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.show-structure", NULL);
  {
    GtkWindow *top = NULL;

    for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
      if (JX_IS_ALIGNED_PAIR_WINDOW (l->data))
        top = l->data;
    g_assert_nonnull (top);
    gtk_window_destroy (top);
  }

  fixture_close (&f);
}

static void
cancel_at_first_pair (JxSessionTrace *item,
                      GParamSpec     *pspec,
                      Fixture        *f)
{
  if (jx_session_trace_get_comparison_pairs (item) == 1)
    gtk_widget_activate_action (GTK_WIDGET (lane_of (f, item)), "trace.cancel-comparison", NULL);
}

/* Cancelled after its first stream pair: one pair shown, the header says so
 * and offers to compare again, the table sums that pair; then again. */
static void
test_cancel (void)
{
  Fixture f = { 0 };
  JxSessionTrace *b;
  gulong handler;

  open_pair (&f, 4, 3);
  b = jx_test_item_at (f.session, 1);
  handler = g_signal_connect (b, "notify::comparison-pairs", G_CALLBACK (cancel_at_first_pair), &f);
  jx_test_wait_for_loads (f.session);
  while (jx_session_trace_get_comparison_state (b) == JX_SESSION_COMPARISON_RUNNING)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (b, handler);

  g_assert_cmpint (jx_session_trace_get_comparison_state (b), ==, JX_SESSION_COMPARISON_CANCELLED);
  jx_test_spin (200);
  g_assert_cmpuint (jx_session_trace_get_comparison_pairs (b), ==, 1);
  g_assert_nonnull (strstr (status_text (&f, b), "cancelled · 1 of 4"));
  {
    guint shown = 0;

    for (guint32 s = 0; s < 4; s++)
      shown += jx_session_get_diff_bar (f.session, b, s, NULL, NULL, NULL);
    g_assert_cmpuint (shown, ==, 1);
  }

  gtk_widget_activate_action (GTK_WIDGET (lane_of (&f, b)), "trace.compare", NULL);
  g_assert_true (jx_test_wait_until (is_done, b, 30));
  g_assert_cmpuint (jx_session_trace_get_comparison_pairs (b), ==, 4);
  /* The headline again, of all 4 stream pairs. */
  g_assert_nonnull (strstr (status_text (&f, b), " → "));
  g_assert_cmpuint (jx_trace_comparison_get_headline (jx_session_trace_get_trace_comparison (b))->n_compared, ==, 4);

  fixture_close (&f);
}

static gboolean
remove_second (gpointer data)
{
  JxWindow *window = data;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-trace", "i", 1);
  return G_SOURCE_REMOVE;
}

static void
remove_at_first_pair (JxSessionTrace *item,
                      GParamSpec     *pspec,
                      JxWindow       *window)
{
  /* Before the next pair is published. */
  if (jx_session_trace_get_comparison_pairs (item) == 1)
    g_idle_add_full (G_PRIORITY_HIGH, remove_second, window, NULL);
}

/* Removed after its first pair: the trace and its results go, the pane has
 * nothing to compare, the reference's bars go. */
static void
test_remove_midway (void)
{
  Fixture f = { 0 };
  JxSessionTrace *a, *b;
  gpointer weak_b;

  open_pair (&f, 4, 3);
  b = jx_test_item_at (f.session, 1);
  a = jx_test_item_at (f.session, 0);
  g_signal_connect (b, "notify::comparison-pairs", G_CALLBACK (remove_at_first_pair), f.window);
  weak_b = b;
  g_object_add_weak_pointer (G_OBJECT (b), &weak_b);
  jx_test_wait_for_loads (f.session);
  g_assert_true (jx_test_wait_until_null (&weak_b, 30));

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f.session)), ==, 1);
  g_assert_null (jx_session_get_compared (f.session));
  g_assert_false (jx_session_has_diff_bar (f.session, a, 0));
  g_assert_cmpuint (g_list_model_get_n_items (jx_function_diff_table_get_model (
                      jx_comparison_pane_get_function_table (jx_window_get_comparison_pane (f.window)))), ==, 0);
  jx_test_spin (200);

  fixture_close (&f);
}

/* The other trace made the reference: the first is compared with it. */
static void
test_reference_change (void)
{
  Fixture f = { 0 };
  JxSessionTrace *a, *b;

  open_pair (&f, 2, 3);
  jx_test_wait_for_loads (f.session);
  a = jx_test_item_at (f.session, 0);
  b = jx_test_item_at (f.session, 1);
  g_assert_true (jx_test_wait_until (is_done, b, 30));

  gtk_widget_activate_action (GTK_WIDGET (lane_of (&f, b)), "trace.make-reference", NULL);
  g_assert_true (jx_session_get_reference (f.session) == b);
  g_assert_null (jx_session_trace_get_comparison (b));
  g_assert_true (jx_test_wait_until (is_done, a, 30));
  g_assert_cmpstr (jx_comparison_get_name_a (jx_session_trace_get_comparison (a)), ==, "b");
  /* Now the removed calls are only in the compared trace a (the structural
   * differences; timing ones are walked too in the default mode). */
  jx_session_clear_selection (f.session);
  jx_session_set_diff_mode (f.session, JX_DIFF_BAR_STRUCTURE);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.next-difference", NULL);
  {
    JxSessionTrace *item;

    g_assert_true (jx_session_get_selected_invocation (f.session, &item, NULL, NULL));
    g_assert_true (item == a);
  }

  fixture_close (&f);
}

/* Closing the window while traces are being compared: the session and the
 * traces are freed once the workers stop. */
static void
test_close_midway (void)
{
  Fixture f = { 0 };
  gpointer weak_session, weak_trace;

  open_pair (&f, 4, 20);
  jx_test_wait_for_loads (f.session);
  weak_session = f.session;
  weak_trace = jx_session_trace_get_trace (jx_test_item_at (f.session, 1));
  g_object_add_weak_pointer (G_OBJECT (f.session), &weak_session);
  g_object_add_weak_pointer (weak_trace, &weak_trace);
  gtk_window_destroy (GTK_WINDOW (f.window));
  g_assert_true (jx_test_wait_until_null (&weak_session, 30));
  g_assert_true (jx_test_wait_until_null (&weak_trace, 30));
  fixture_close (&f);
}

/* Closing the window closes its structural view too: the view would keep
 * the session and every trace of the window alive (with another window
 * open, the application goes on running). */
static void
test_close_with_structure (void)
{
  Fixture f = { 0 };
  JxSessionTrace *b;
  gpointer weak_session, weak_pair = NULL;

  open_pair (&f, 2, 5);
  jx_test_wait_for_loads (f.session);
  b = jx_test_item_at (f.session, 1);
  g_assert_true (jx_test_wait_until (is_done, b, 30));
  jx_session_select_invocation (f.session, b, 0, 0);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.show-structure", NULL);
  for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
    if (JX_IS_ALIGNED_PAIR_WINDOW (l->data))
      weak_pair = l->data;
  g_assert_nonnull (weak_pair);
  g_object_add_weak_pointer (weak_pair, &weak_pair);
  weak_session = f.session;
  g_object_add_weak_pointer (G_OBJECT (f.session), &weak_session);

  gtk_window_destroy (GTK_WINDOW (f.window));
  g_assert_true (jx_test_wait_until_null (&weak_pair, 5));
  g_assert_true (jx_test_wait_until_null (&weak_session, 30));
  fixture_close (&f);
}

/* F7 by impact in the window: the largest time change first (impacts never
 * grow), each selected call zoomed into until it is at least 8 px wide
 * (issue 19), and a contributor of the headline picks its function; the
 * call tree and flame graph pages show the headline's first line only. */
static void
test_walk_by_impact (void)
{
  Fixture f = { 0 };
  GFile *files[2];
  JxSessionTrace *b;
  JxHeadlineView *headline;
  GtkWidget *button;
  double last = G_MAXDOUBLE;
  guint steps = 0;

  f.dir = jx_test_generate_variant_pair (2, 6, JX_VARIANT_FASTER_KERNEL, &f.a, &f.b);
  files[0] = g_file_new_for_path (f.a);
  files[1] = g_file_new_for_path (f.b);
  g_application_open (G_APPLICATION (app), files, 2, "");
  g_object_unref (files[0]);
  g_object_unref (files[1]);
  f.window = JX_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  f.session = jx_window_get_session (f.window);
  jx_test_wait_for_loads (f.session);
  b = jx_test_item_at (f.session, 1);
  g_assert_true (jx_test_wait_until (is_done, b, 30));
  jx_test_wait_allocated (GTK_WIDGET (f.window));

  jx_session_set_differences_by_impact (f.session, TRUE);
  jx_session_clear_selection (f.session);
  jx_session_zoom_all (f.session);
  for (steps = 0; steps < 16; steps++)
    {
      JxSessionTrace *item;
      const JxComparisonPair *pair;
      JxDiffTimingParams params;
      guint32 stream, inv;
      gboolean side_b;
      const JxStream *st;
      const JxTimeSpan *view;
      double impact, time_width, px;
      JxMasterTimeline *master = jx_window_get_master_timeline (f.window);

      gtk_widget_activate_action (GTK_WIDGET (f.window), "win.next-difference", NULL);
      g_assert_true (jx_session_get_selected_invocation (f.session, &item, &stream, &inv));
      g_assert_true (jx_session_get_diff_bar (f.session, item, stream, &pair, &side_b, NULL));
      jx_diff_bar_set_get_timing_params (jx_diff_bar_model_get_bars (jx_session_get_diff_bars (f.session), item),
                                         &params);
      impact = jx_pair_diff_pair_impact (pair->diff, jx_pair_diff_pair_of (pair->diff, side_b, inv),
                                         params.seconds_per_tick_a, params.seconds_per_tick_b);
      g_assert_cmpfloat (impact, <=, last);
      last = impact;
      /* Zoomed until the call is at least 8 px wide. */
      st = jx_trace_get_stream (jx_session_trace_get_trace (item), stream);
      view = jx_session_get_visible_time (f.session);
      time_width = gtk_widget_get_width (GTK_WIDGET (master)) - jx_master_timeline_get_label_width (master);
      px = jx_trace_ticks_to_seconds (jx_session_trace_get_trace (item), (gint64) (st->end[inv] - st->start[inv])) * 1e9 /
           (double) jx_time_span_get_duration (view) * time_width;
      g_assert_true (px >= 7.9 || jx_time_span_get_duration (view) == JX_TIME_MODEL_MIN_WIDTH_NS);
      g_assert_cmpint (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), (gint64) st->start[inv]), >=,
                       view->begin_ns);
      g_assert_cmpint (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), (gint64) st->end[inv]), <=,
                       view->end_ns);
    }

  /* The headline's first contributor: the kernel, picked. */
  headline = jx_comparison_pane_get_headline (jx_window_get_comparison_pane (f.window));
  button = jx_headline_view_get_contributor (headline, 0);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (jx_session_get_focus_function (f.session), ==, "stencil_kernel");
  jx_test_spin (300);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (f.window->search_entry)), ==, "stencil_kernel");
  /* Pressed again: no focus, no search, an empty entry. */
  g_signal_emit_by_name (button, "clicked");
  g_assert_null (jx_session_get_focus_function (f.session));
  jx_test_spin (300);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (f.window->search_entry)), ==, "");
  g_assert_null (jx_session_get_search (f.session));

  /* The call tree and the flame graph get the height: the headline keeps
   * its first line there, its contributors come back on the overview. */
  {
    JxComparisonPane *pane = jx_window_get_comparison_pane (f.window);
    g_autofree char *compact = NULL;

    jx_comparison_pane_show_page (pane, "tree");
    jx_test_spin (100);
    g_assert_false (gtk_widget_get_mapped (jx_headline_view_get_contributor (headline, 0)));
    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (headline)));
    compact = jx_headline_view_dup_text (headline);
    g_assert_true (g_str_has_prefix (compact, "B is "));
    jx_comparison_pane_show_page (pane, "flame");
    jx_test_spin (100);
    g_assert_false (gtk_widget_get_mapped (jx_headline_view_get_contributor (headline, 0)));
    jx_comparison_pane_show_page (pane, "overview");
    jx_test_spin (100);
    g_assert_true (gtk_widget_get_mapped (jx_headline_view_get_contributor (headline, 0)));
    /* The function table's caption keeps to two lines, all of it in the
     * tooltip, so that rows of the table stay in view. */
    {
      GtkWidget *table = GTK_WIDGET (jx_comparison_pane_get_function_table (pane));
      GtkWidget *caption = find_label_prefix (table, "A “");

      g_assert_nonnull (caption);
      g_assert_cmpint (gtk_label_get_lines (GTK_LABEL (caption)), ==, 2);
      g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (caption)), ==, PANGO_ELLIPSIZE_END);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (caption), ==, gtk_label_get_text (GTK_LABEL (caption)));
    }
  }

  fixture_close (&f);
}

/* The first label under `widget` whose text is `text`. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first label under `widget` whose text starts with `prefix`. */
static GtkWidget *
find_label_prefix (GtkWidget  *widget,
                   const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_prefix (child, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The facts of the selected call end above the "Aligned Pair" heading
 * (the heading was drawn over "Depth" when the start time wrapped), and
 * the start time's two lines are whole lines. */
static void
details_laid_out (JxWindow *window)
{
  GtkWidget *panel = GTK_WIDGET (jx_window_get_details_panel (window));
  GtkWidget *depth, *heading, *start, *value;
  graphene_rect_t depth_bounds, heading_bounds;

  jx_test_spin (300);
  depth = find_label (panel, "Depth");
  heading = find_label (panel, "Aligned Pair");
  start = find_label (panel, "Start");
  g_assert_nonnull (depth);
  g_assert_nonnull (heading);
  g_assert_nonnull (start);
  value = gtk_widget_get_next_sibling (start);
  g_assert_true (GTK_IS_LABEL (value));
  g_assert_false (gtk_label_get_wrap (GTK_LABEL (value)));
  g_assert_nonnull (strchr (gtk_label_get_text (GTK_LABEL (value)), '\n'));
  g_assert_true (gtk_widget_compute_bounds (gtk_widget_get_next_sibling (depth), panel, &depth_bounds));
  g_assert_true (gtk_widget_compute_bounds (heading, panel, &heading_bounds));
  g_assert_cmpfloat (depth_bounds.origin.y + depth_bounds.size.height, <=, heading_bounds.origin.y);
}

static guint
count_counter_rows (JxTraceTimeline *lane)
{
  guint n_rows = 0, n = 0;
  const JxTimelineRow *rows = jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (lane)),
                                                           &n_rows);

  for (guint r = 0; r < n_rows; r++)
    n += rows[r].kind == JX_TIMELINE_ROW_COUNTER;
  return n;
}

/* The PAPI trace beside one without counters: View → Counter Row offers
 * "None" and its three metrics, the first is shown under both of its
 * streams, the other trace has no counter row, and the menu's action
 * switches the metric or turns the rows off. */
static void
test_counter_menu (void)
{
  g_autofree char *papi = jx_test_get_shared_trace ("pipit__ping-pong-otf2-papi");
  g_autofree char *plain = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  JxCounterModel *counters;
  JxTraceTimeline *lanes[2];
  GFile *files[2];
  Fixture f = { 0 };
  g_autoptr(GVariant) state = NULL;

  files[0] = g_file_new_for_path (papi);
  files[1] = g_file_new_for_path (plain);
  g_application_open (G_APPLICATION (app), files, 2, "");
  g_object_unref (files[0]);
  g_object_unref (files[1]);
  f.window = JX_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  f.session = jx_window_get_session (f.window);
  f.dir = jx_test_make_tmp_dir ();
  jx_test_wait_for_loads (f.session);
  jx_test_wait_allocated (GTK_WIDGET (f.window));
  counters = jx_session_get_counter_model (f.session);
  lanes[0] = lane_of (&f, jx_test_item_at (f.session, 0));
  lanes[1] = lane_of (&f, jx_test_item_at (f.session, 1));

  g_assert_cmpint (g_menu_model_get_n_items (G_MENU_MODEL (f.window->counter_section)), ==, 4);
  state = g_action_group_get_action_state (G_ACTION_GROUP (f.window), "counter-metric");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "PAPI_TOT_CYC");
  g_assert_cmpuint (count_counter_rows (lanes[0]), ==, 2);
  g_assert_cmpuint (count_counter_rows (lanes[1]), ==, 0);

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.counter-metric", "s", "");
  g_assert_cmpstr (jx_counter_model_get_metric (counters), ==, "");
  g_assert_cmpuint (count_counter_rows (lanes[0]), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.counter-metric", "s", "PAPI_L2_TCM");
  g_assert_cmpstr (jx_counter_model_get_metric (counters), ==, "PAPI_L2_TCM");
  g_assert_cmpuint (count_counter_rows (lanes[0]), ==, 2);
  {
    g_autoptr(JxTestImage) img = jx_test_render_widget (jx_trace_timeline_get_canvas (lanes[0]));

    g_assert_nonnull (img);
  }
  /* Export Image draws the counter rows the window shows. */
  {
    g_autofree char *with = g_build_filename (f.dir, "with.png", NULL);
    g_autofree char *without = g_build_filename (f.dir, "without.png", NULL);
    g_autoptr(GError) error = NULL;
    cairo_surface_t *a, *b;

    g_assert_true (jx_window_export_image (f.window, with, &error));
    g_assert_no_error (error);
    gtk_widget_activate_action (GTK_WIDGET (f.window), "win.counter-metric", "s", "");
    g_assert_true (jx_window_export_image (f.window, without, &error));
    g_assert_no_error (error);
    a = cairo_image_surface_create_from_png (with);
    b = cairo_image_surface_create_from_png (without);
    g_assert_cmpint (cairo_image_surface_get_height (a), >, cairo_image_surface_get_height (b));
    cairo_surface_destroy (a);
    cairo_surface_destroy (b);
  }
  fixture_close (&f);
}

/* The split between timelines and panes follows the lanes until the user
 * moves it; then closing saves it and the next window opens with it. */
static void
test_split_remembered (void)
{
  GSettings *settings = jx_application_get_settings (app);
  Fixture f = { 0 };
  int max = 0;
  int chosen;

  g_settings_set_int (settings, "bottom-pane-position", -1);
  open_pair (&f, 2, 4);
  jx_test_wait_for_loads (f.session);
  gtk_window_present (GTK_WINDOW (f.window));
  for (guint waited = 0; waited < 10000 && f.window->pane_position <= 0; waited += 50)
    jx_test_spin (50);
  jx_test_spin (300);
  g_assert_true (f.window->pane_auto);
  g_assert_cmpint (f.window->pane_position, >, 0);
  g_object_get (f.window->main_paned, "max-position", &max, NULL);
  chosen = MAX (max - 37, 201);
  gtk_paned_set_position (f.window->main_paned, chosen);
  jx_test_spin (100);
  g_assert_false (f.window->pane_auto);
  g_assert_cmpint (gtk_paned_get_position (f.window->main_paned), ==, chosen);
  gtk_window_close (GTK_WINDOW (f.window));
  jx_test_spin (100);
  g_assert_cmpint (g_settings_get_int (settings, "bottom-pane-position"), ==, chosen);
  fixture_close (&f);

  memset (&f, 0, sizeof f);
  open_pair (&f, 2, 4);
  jx_test_wait_for_loads (f.session);
  gtk_window_present (GTK_WINDOW (f.window));
  jx_test_spin (500);
  g_assert_false (f.window->pane_auto);
  g_assert_cmpint (gtk_paned_get_position (f.window->main_paned), ==, chosen);
  fixture_close (&f);
  g_settings_set_int (settings, "bottom-pane-position", -1);
}

/* Ctrl+J with a call whose partner lies elsewhere on the shared axis (the
 * compared trace shifted by a few of the call's lengths): the window moves
 * to show both calls, not only the selected one. */
static void
test_reveal_partner (void)
{
  Fixture f = { 0 };
  JxSessionTrace *a, *b, *other;
  guint32 stream, inv, other_stream, other_inv;
  const JxStream *st;
  const JxTimeSpan *view;
  gint64 begin, end, other_begin, other_end;
  gboolean found = FALSE;

  open_pair (&f, 2, 5);
  jx_test_wait_for_loads (f.session);
  a = jx_test_item_at (f.session, 0);
  b = jx_test_item_at (f.session, 1);
  g_assert_true (jx_test_wait_until (is_done, b, 30));
  jx_test_wait_allocated (GTK_WIDGET (f.window));

  /* A call of B's first stream with a partner in A, not the outermost. */
  st = jx_trace_get_stream (jx_session_trace_get_trace (b), 0);
  for (inv = 1; inv < st->n_invocations && !found; inv++)
    {
      jx_session_select_invocation (f.session, b, 0, inv);
      found = jx_session_get_selected_partner (f.session, &other, &other_stream, &other_inv);
    }
  g_assert_true (found);
  g_assert_true (other == a);
  g_assert_true (jx_session_get_selected_invocation (f.session, NULL, &stream, &inv));
  begin = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (b), st->start[inv]);
  end = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (b), st->end[inv]);
  /* B later by five of the call's lengths; the window shows B's call only. */
  jx_session_set_offset (f.session, b, 5 * (end - begin) + jx_session_trace_get_offset (b));
  begin = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (b), st->start[inv]);
  end = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (b), st->end[inv]);
  jx_test_set_view (f.session, begin - (end - begin) / 4, end + (end - begin) / 4);

  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.reveal-selection", NULL);
  view = jx_session_get_visible_time (f.session);
  st = jx_trace_get_stream (jx_session_trace_get_trace (a), other_stream);
  other_begin = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (a), st->start[other_inv]);
  other_end = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (a), st->end[other_inv]);
  g_assert_cmpint (begin, >=, view->begin_ns);
  g_assert_cmpint (end, <=, view->end_ns);
  g_assert_cmpint (other_begin, >=, view->begin_ns);
  g_assert_cmpint (other_end, <=, view->end_ns);

  fixture_close (&f);
}

void
test_window_comparison_register (JxApplication *application)
{
  app = application;
  g_test_add_func ("/app/window/comparison/open-and-walk", test_open_and_walk);
  g_test_add_func ("/app/window/comparison/reveal-partner", test_reveal_partner);
  g_test_add_func ("/app/window/comparison/cancel", test_cancel);
  g_test_add_func ("/app/window/comparison/remove-midway", test_remove_midway);
  g_test_add_func ("/app/window/comparison/reference-change", test_reference_change);
  g_test_add_func ("/app/window/comparison/close-midway", test_close_midway);
  g_test_add_func ("/app/window/comparison/counter-menu", test_counter_menu);
  g_test_add_func ("/app/window/comparison/close-with-structure", test_close_with_structure);
  g_test_add_func ("/app/window/comparison/walk-by-impact", test_walk_by_impact);
  g_test_add_func ("/app/window/comparison/split-remembered", test_split_remembered);
}
