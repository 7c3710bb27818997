/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-diff-views.c — issue 15's widgets under a display, on generated
 * pairs whose change is known (generator variant faster-kernel: B's
 * stencil kernel takes half the time): the headline at the top of the
 * Comparison pane, a contributor picking its function, its contributors
 * on one line each in a wide pane and on two in a narrow one, the diff-bar
 * controls, the timing bars' pixels in light and dark, the differential
 * tree table and the flame graph. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "jx-comparison-pane.h"
#include "jx-comparison-status.h"
#include "jx-diff-controls.h"
#include "jx-headline-rows.h"
#include "jx-master-timeline.h"
#include "jx-palette.h"
#include "jx-profile.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-test-widget.h"
#include "jx-trace-generator.h"
#include "jx-trace-timeline-private.h"

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY() G_STMT_START { \
  if (!have_display) { g_test_skip ("no display"); return; } \
} G_STMT_END

typedef struct
{
  char      *dir;
  char      *a;
  char      *b;
  JxSession *session;
} Fixture;

static gboolean
compared (gpointer session)
{
  JxSessionTrace *b = jx_session_peek_item (session, 1);

  return b != NULL && jx_session_trace_get_comparison_state (b) == JX_SESSION_COMPARISON_DONE;
}

static void
fixture_open (Fixture *f,
              guint    variant)
{
  f->dir = jx_test_generate_variant_pair (2, 6, variant, &f->a, &f->b);
  f->session = jx_session_new ();
  jx_session_add_path (f->session, f->a);
  jx_session_add_path (f->session, f->b);
  jx_test_wait_for_loads (f->session);
  g_assert_true (jx_test_wait_until (compared, f->session, 60));
}

static void
fixture_close (Fixture *f)
{
  g_clear_object (&f->session);
  jx_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->a);
  g_free (f->b);
}

/* The header's comparison status of `item`'s lane: depth first. */
static const char *
header_text (GtkWidget      *master,
             JxSessionTrace *item)
{
  GtkWidget *status = GTK_WIDGET (jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (master), item));

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

/* The name of the selected call's function. */
static const char *
selected_function (JxSession *session)
{
  JxSessionTrace *item;
  guint32 stream, inv;
  JxTrace *trace;

  if (!jx_session_get_selected_invocation (session, &item, &stream, &inv))
    return NULL;
  trace = jx_session_trace_get_trace (item);
  return jx_trace_get_region (trace, jx_trace_get_stream (trace, stream)->region[inv])->name;
}

/* B's kernel takes half the time: the header and the pane say that B is
 * faster, that the structure is identical, and that the kernel explains
 * the change; the pane's first contributor picks the kernel (search,
 * focus, a selected call) and lets go of it again. */
static void
test_headline (void)
{
  Fixture f;
  GtkWidget *pane, *window, *master, *button, *window2;
  JxHeadlineView *view;
  g_autofree char *text = NULL;
  const JxHeadline *h;
  const char *header;

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, JX_VARIANT_FASTER_KERNEL);
  h = jx_trace_comparison_get_headline (jx_session_trace_get_trace_comparison (jx_session_peek_item (f.session, 1)));
  g_assert_nonnull (h);
  g_assert_cmpfloat (h->runtime_b, <, h->runtime_a);
  g_assert_cmpstr (jx_headline_get_contributor (h, 0)->name, ==, "stencil_kernel");

  /* The compared trace's header: runtime A → B with the ratio, the
   * structure, the top contributor; no bare similarity any more. */
  master = jx_master_timeline_new (f.session);
  window2 = jx_test_present (master, 1200, 500);
  jx_test_wait_allocated (master);
  header = header_text (master, jx_session_peek_item (f.session, 1));
  g_test_message ("header: %s", header);
  g_assert_nonnull (strstr (header, " → "));
  g_assert_nonnull (strstr (header, "faster)"));
  g_assert_nonnull (strstr (header, "identical structure"));
  g_assert_nonnull (strstr (header, "stencil_kernel −"));
  g_assert_nonnull (strstr (header, "of the change"));
  g_assert_null (strstr (header, "similarity"));
  gtk_window_destroy (GTK_WINDOW (window2));

  pane = g_object_new (JX_TYPE_COMPARISON_PANE, NULL);
  jx_comparison_pane_set_session (JX_COMPARISON_PANE (pane), f.session);
  window = jx_test_present (pane, 640, 520);
  jx_test_wait_allocated (pane);
  view = jx_comparison_pane_get_headline (JX_COMPARISON_PANE (pane));
  text = jx_headline_view_dup_text (view);
  g_test_message ("pane headline:\n%s", text);
  g_assert_true (g_str_has_prefix (text, "B is faster: "));
  g_assert_nonnull (strstr (text, " (×0.9"));
  g_assert_nonnull (strstr (text, "identical structure ("));
  g_assert_nonnull (strstr (text, "Largest changes of self time"));
  g_assert_nonnull (strstr (text, "\nstencil_kernel  −"));
  /* The share column says just "41.2 %", its tooltip what of. */
  g_assert_nonnull (strstr (text, " %\n"));
  {
    GtkWidget *rows = gtk_widget_get_parent (jx_headline_view_get_contributor (view, 0));
    GtkWidget *share = jx_headline_rows_get_child (JX_HEADLINE_ROWS (rows), 0, JX_HEADLINE_ROWS_SHARE);

    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (share), "of the change"));
  }
  /* Readable: the whole headline is shown, not scrolled away. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), >=, 100);

  /* Pressing the kernel picks it. */
  button = jx_headline_view_get_contributor (view, 0);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (jx_session_get_focus_function (f.session), ==, "stencil_kernel");
  g_assert_cmpstr (jx_session_get_search (f.session), ==, "stencil_kernel");
  g_assert_cmpstr (selected_function (f.session), ==, "stencil_kernel");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  /* F7 walks its calls. */
  g_assert_true (jx_session_select_difference (f.session, TRUE));
  g_assert_cmpstr (selected_function (f.session), ==, "stencil_kernel");
  /* Pressing it again lets go. */
  g_signal_emit_by_name (button, "clicked");
  g_assert_null (jx_session_get_focus_function (f.session));
  g_assert_null (jx_session_get_search (f.session));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

static graphene_rect_t
bounds_in (GtkWidget *widget,
           GtkWidget *within)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, within, &bounds));
  return bounds;
}

/* Whether a label shows all of its text: as wide as it wants, not
 * ellipsized, and inside `within`. */
static void
assert_whole (GtkWidget  *label,
              GtkWidget  *within,
              const char *what)
{
  graphene_rect_t bounds = bounds_in (label, within);
  int natural;

  g_assert_true (GTK_IS_LABEL (label));
  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_test_message ("%s \"%s\": x %.0f, y %.0f, width %.0f of %d, in %d", what, gtk_label_get_text (GTK_LABEL (label)),
                  bounds.origin.x, bounds.origin.y, bounds.size.width, natural, gtk_widget_get_width (within));
  g_assert_cmpfloat (bounds.size.width, >=, natural);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (within));
}

/* A headline view `width` pixels wide, shown; *rows are its contributors. */
static GtkWidget *
present_headline (JxSession       *session,
                  int              width,
                  JxHeadlineView **view,
                  JxHeadlineRows **rows)
{
  GtkWidget *window;

  *view = JX_HEADLINE_VIEW (jx_headline_view_new ());
  jx_headline_view_set_session (*view, session);
  jx_headline_view_set_top (*view, 5);
  window = jx_test_present (GTK_WIDGET (*view), width, 400);
  jx_test_wait_allocated (GTK_WIDGET (*view));
  g_assert_nonnull (jx_headline_view_get_contributor (*view, 1));
  jx_test_layout (GTK_WIDGET (*view));
  *rows = JX_HEADLINE_ROWS (gtk_widget_get_parent (jx_headline_view_get_contributor (*view, 0)));
  return window;
}

/* In a narrow pane each contributor takes two lines, the name above its
 * change and share, and neither number is cut; the names, shorter than
 * the pane, are whole too. All of the headline is shown. In a wide pane
 * each contributor is one line. */
static void
test_headline_narrow (void)
{
  Fixture f;
  GtkWidget *window;
  JxHeadlineView *view;
  JxHeadlineRows *rows;
  int min_height;

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, JX_VARIANT_FASTER_KERNEL);

  window = present_headline (f.session, 300, &view, &rows);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), <=, 300);
  g_assert_true (jx_headline_rows_is_stacked (rows, gtk_widget_get_width (GTK_WIDGET (rows))));
  for (guint i = 0; i < jx_headline_rows_get_n_rows (rows); i++)
    {
      GtkWidget *name = jx_headline_rows_get_child (rows, i, JX_HEADLINE_ROWS_NAME);
      GtkWidget *change = jx_headline_rows_get_child (rows, i, JX_HEADLINE_ROWS_CHANGE);
      GtkWidget *share = jx_headline_rows_get_child (rows, i, JX_HEADLINE_ROWS_SHARE);
      graphene_rect_t n = bounds_in (name, GTK_WIDGET (rows));

      assert_whole (gtk_button_get_child (GTK_BUTTON (name)), GTK_WIDGET (rows), "name");
      assert_whole (change, GTK_WIDGET (rows), "change");
      assert_whole (share, GTK_WIDGET (rows), "share");
      /* Under the name, side by side. */
      g_assert_cmpfloat (bounds_in (change, GTK_WIDGET (rows)).origin.y, >=, n.origin.y + n.size.height);
      g_assert_cmpfloat (bounds_in (share, GTK_WIDGET (rows)).origin.y, ==, bounds_in (change, GTK_WIDGET (rows)).origin.y);
    }
  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (GTK_WIDGET (view)),
                      &min_height, NULL, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), >=, min_height);
  {
    graphene_rect_t last = bounds_in (jx_headline_rows_get_child (rows, jx_headline_rows_get_n_rows (rows) - 1,
                                                                  JX_HEADLINE_ROWS_SHARE), GTK_WIDGET (rows));

    g_assert_cmpfloat (last.origin.y + last.size.height, <=, gtk_widget_get_height (GTK_WIDGET (rows)));
  }
  gtk_window_destroy (GTK_WINDOW (window));

  window = present_headline (f.session, 900, &view, &rows);
  g_assert_false (jx_headline_rows_is_stacked (rows, gtk_widget_get_width (GTK_WIDGET (rows))));
  for (guint i = 0; i < jx_headline_rows_get_n_rows (rows); i++)
    {
      GtkWidget *name = jx_headline_rows_get_child (rows, i, JX_HEADLINE_ROWS_NAME);
      graphene_rect_t n = bounds_in (name, GTK_WIDGET (rows));

      assert_whole (gtk_button_get_child (GTK_BUTTON (name)), GTK_WIDGET (rows), "name");
      for (guint column = JX_HEADLINE_ROWS_CHANGE; column < JX_HEADLINE_ROWS_N_COLUMNS; column++)
        {
          GtkWidget *label = jx_headline_rows_get_child (rows, i, column);
          graphene_rect_t b = bounds_in (label, GTK_WIDGET (rows));

          assert_whole (label, GTK_WIDGET (rows), "number");
          /* On the name's line, right of it. */
          g_assert_cmpfloat (b.origin.y, >=, n.origin.y);
          g_assert_cmpfloat (b.origin.y + b.size.height, <=, n.origin.y + n.size.height);
          g_assert_cmpfloat (b.origin.x, >=, n.origin.x + n.size.width);
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

static gboolean
has_tree_rows (gpointer view)
{
  return jx_diff_tree_view_get_tree (view) != NULL && g_list_model_get_n_items (jx_diff_tree_view_get_rows (view)) > 1;
}

/* Total exclusive time of the flat profile over the compared streams of
 * one side, seconds: what the tree's root must show. */
static double
profile_total (JxComparison *cmp,
               JxTrace      *trace,
               gboolean      side_b)
{
  g_autoptr(GArray) streams = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree JxRegionStats *stats = NULL;
  guint64 total = 0;

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

      if (jx_comparison_pair_is_compared (p))
        {
          guint32 st = side_b ? p->stream_b : p->stream_a;

          g_array_append_val (streams, st);
        }
    }
  stats = jx_profile_compute_region_stats (trace, (const guint32 *) streams->data, streams->len, 0, G_MAXUINT64);
  for (guint r = 0; r < jx_trace_get_n_regions (trace); r++)
    total += stats[r].exclusive;
  return jx_trace_ticks_to_seconds (trace, (gint64) total);
}

/* The first GtkColumnView inside root, depth first. */
static GtkWidget *
find_column_view (GtkWidget *root)
{
  if (GTK_IS_COLUMN_VIEW (root))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_column_view (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The tree table: built when shown, its root the profiles' totals, sorted
 * by |Δ| (the kernel's path leads under its callers), filtered by name
 * with the callers kept, and a row picks its call path's calls. */
static void
test_tree_table (void)
{
  Fixture f;
  GtkWidget *view, *window;
  JxDiffTreeView *tree_view;
  JxSessionTrace *a, *b;
  JxComparison *cmp;
  const JxDiffTree *tree;
  g_autofree char *root_label = NULL;
  g_autofree char *incl_a = NULL;
  g_autofree char *incl_b = NULL;
  g_autofree char *expected_a = NULL;
  g_autofree char *expected_b = NULL;
  guint n_rows, kernel_row = G_MAXUINT;

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, JX_VARIANT_FASTER_KERNEL);
  a = jx_session_peek_item (f.session, 0);
  b = jx_session_peek_item (f.session, 1);
  cmp = jx_session_trace_get_comparison (b);
  /* Nothing built before anyone looks. */
  g_assert_cmpint (jx_diff_tree_store_get_state (jx_session_get_diff_trees (f.session), b, NULL), ==,
                   JX_DIFF_TREE_STORE_NONE);

  view = jx_diff_tree_view_new ();
  tree_view = JX_DIFF_TREE_VIEW (view);
  jx_diff_tree_view_set_session (tree_view, f.session);
  window = jx_test_present (view, 900, 600);
  g_assert_true (jx_test_wait_until (has_tree_rows, view, 60));
  tree = jx_diff_tree_view_get_tree (tree_view);

  /* The root, expanded: every compared call; its times are the flat
   * profiles' totals over the compared streams. */
  g_assert_cmpuint (jx_diff_tree_view_get_node (tree_view, 0), ==, JX_DIFF_TREE_ROOT);
  root_label = jx_diff_tree_view_dup_cell (tree_view, 0, 0);
  g_assert_cmpstr (root_label, ==, "All compared calls");
  g_assert_cmpfloat_with_epsilon (jx_diff_tree_seconds (tree, JX_DIFF_TREE_ROOT, FALSE, FALSE),
                                  profile_total (cmp, jx_session_trace_get_trace (a), FALSE), 1e-12);
  g_assert_cmpfloat_with_epsilon (jx_diff_tree_seconds (tree, JX_DIFF_TREE_ROOT, FALSE, TRUE),
                                  profile_total (cmp, jx_session_trace_get_trace (b), TRUE), 1e-12);
  incl_a = jx_diff_tree_view_dup_cell (tree_view, 0, 3);
  incl_b = jx_diff_tree_view_dup_cell (tree_view, 0, 4);
  expected_a = jx_time_format (jx_time_seconds_to_ns (profile_total (cmp, jx_session_trace_get_trace (a), FALSE)), 3);
  expected_b = jx_time_format (jx_time_seconds_to_ns (profile_total (cmp, jx_session_trace_get_trace (b), TRUE)), 3);
  g_assert_cmpstr (incl_a, ==, expected_a);
  g_assert_cmpstr (incl_b, ==, expected_b);

  /* The top-level rows by |Δ|, largest first. */
  n_rows = g_list_model_get_n_items (jx_diff_tree_view_get_rows (tree_view));
  g_assert_cmpuint (n_rows, >, 1);
  for (guint i = 2; i < n_rows; i++)
    {
      guint32 x = jx_diff_tree_view_get_node (tree_view, i - 1), y = jx_diff_tree_view_get_node (tree_view, i);

      if (tree->parent[x] == JX_DIFF_TREE_ROOT && tree->parent[y] == JX_DIFF_TREE_ROOT)
        g_assert_cmpfloat (fabs (jx_diff_tree_delta (tree, x, FALSE)), >=, fabs (jx_diff_tree_delta (tree, y, FALSE)));
    }
  /* ... and the Δ header's arrow says so: down, largest first. */
  {
    GtkWidget *w = find_column_view (view);

    g_assert_nonnull (w);
    /* GTK 4.8 does not tell the view's order; the Δ column's sorter runs
     * smallest first by itself, so rows running largest first mean the
     * view sorts it descending, which its header shows as a down arrow. */
    {
      g_autoptr(GtkColumnViewColumn) delta = g_list_model_get_item (gtk_column_view_get_columns (GTK_COLUMN_VIEW (w)), 1);

      g_assert_cmpint (gtk_numeric_sorter_get_sort_order (GTK_NUMERIC_SORTER (gtk_column_view_column_get_sorter (delta))),
                       ==, GTK_SORT_ASCENDING);
    }
  }

  /* Filtering: the kernel's rows with their callers, expanded. */
  jx_diff_tree_view_set_filter (tree_view, "stencil_k");
  n_rows = g_list_model_get_n_items (jx_diff_tree_view_get_rows (tree_view));
  for (guint i = 0; i < n_rows; i++)
    {
      guint32 node = jx_diff_tree_view_get_node (tree_view, i);
      g_autofree char *label = jx_diff_tree_view_dup_cell (tree_view, i, 0);
      gboolean leads = FALSE;

      /* Each row is a match or a caller of one. */
      for (guint j = i; j < n_rows && !leads; j++)
        {
          g_autofree char *other = jx_diff_tree_view_dup_cell (tree_view, j, 0);
          guint32 m = jx_diff_tree_view_get_node (tree_view, j);

          for (guint32 up = m; up != JX_NONE && !leads; up = tree->parent[up])
            leads = up == node && strstr (other, "stencil_k") != NULL;
        }
      g_assert_true (node == JX_DIFF_TREE_ROOT || leads);
      if (g_str_equal (label, "stencil_kernel") && kernel_row == G_MAXUINT)
        kernel_row = i;
    }
  g_assert_cmpuint (kernel_row, !=, G_MAXUINT);

  /* Activating the kernel's row picks its calls. */
  jx_diff_tree_view_activate (tree_view, kernel_row);
  g_assert_cmpstr (jx_session_get_focus_function (f.session), ==, "stencil_kernel");
  g_assert_cmpstr (selected_function (f.session), ==, "stencil_kernel");

  /* No filter: every top-level call path again. */
  jx_diff_tree_view_set_filter (tree_view, NULL);
  {
    guint n_top = 0;

    for (guint32 c = tree->first_child[JX_DIFF_TREE_ROOT]; c != JX_NONE; c = tree->next_sibling[c])
      n_top++;
    g_assert_cmpuint (g_list_model_get_n_items (jx_diff_tree_view_get_rows (tree_view)), >=, n_top + 1);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

static gboolean
has_graph (gpointer view)
{
  return jx_flame_view_get_graph (view) != NULL;
}

/* The flame graph: laid out to the widget's width, hit test at every
 * frame's centre, hover text with both sides' numbers, a click picks the
 * frame's call path; the toggles lay it out again. */
static void
test_flame_view (void)
{
  Fixture f;
  GtkWidget *view, *window;
  const JxFlameGraph *graph;
  guint32 kernel = JX_NONE;
  double kx = 0, ky = 0;
  g_autofree char *tooltip = NULL;

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, JX_VARIANT_FASTER_KERNEL);
  view = jx_flame_view_new ();
  jx_flame_view_set_session (JX_FLAME_VIEW (view), f.session);
  window = jx_test_present (view, 800, 600);
  g_assert_true (jx_test_wait_until (has_graph, view, 60));
  jx_test_wait_allocated (jx_flame_view_get_canvas (JX_FLAME_VIEW (view)));
  graph = jx_flame_view_get_graph (JX_FLAME_VIEW (view));
  g_assert_cmpint (jx_flame_graph_get_width (graph), ==, gtk_widget_get_width (jx_flame_view_get_canvas (JX_FLAME_VIEW (view))));
  g_assert_cmpuint (jx_flame_graph_get_n_frames (graph), >, 3);

  for (guint i = 0; i < jx_flame_graph_get_n_frames (graph); i++)
    {
      const JxFlameFrame *frame = jx_flame_graph_get_frame (graph, i);
      double x, y, w, h;

      jx_flame_graph_get_frame_rect (graph, frame, &x, &y, &w, &h);
      if (w < 2)
        continue;
      g_assert_cmpuint (jx_flame_view_hit (JX_FLAME_VIEW (view), x + w / 2, y + h / 2), ==, frame->node);
      if (kernel == JX_NONE && frame->position < 0.0 && w > 4)
        {
          g_autofree char *d = jx_flame_graph_dup_description (graph, frame->node);

          if (g_str_has_prefix (d, "stencil_kernel") || strstr (d, "▸ stencil_kernel\n") != NULL ||
              strstr (d, "stencil_kernel\n") != NULL)
            {
              kernel = frame->node;
              kx = x + w / 2;
              ky = y + h / 2;
            }
        }
    }
  /* B's kernel is faster: its frame is on the faster side of the scale. */
  g_assert_cmpuint (kernel, !=, JX_NONE);
  g_assert_cmpuint (jx_flame_view_hit (JX_FLAME_VIEW (view), -5, -5), ==, JX_NONE);

  tooltip = jx_flame_view_dup_tooltip (JX_FLAME_VIEW (view), kx, ky);
  g_test_message ("hover: %s", tooltip);
  g_assert_nonnull (strstr (tooltip, "stencil_kernel"));
  /* Both sides' numbers (named after the traces), the change. */
  g_assert_nonnull (strstr (tooltip, "\na: 12 calls, total "));
  g_assert_nonnull (strstr (tooltip, "\nb: 12 calls, total "));
  g_assert_nonnull (strstr (tooltip, "Δ total −"));

  g_assert_true (jx_flame_view_click (JX_FLAME_VIEW (view), kx, ky));
  g_assert_cmpstr (jx_session_get_focus_function (f.session), ==, "stencil_kernel");
  g_assert_cmpstr (selected_function (f.session), ==, "stencil_kernel");
  g_assert_false (jx_flame_view_click (JX_FLAME_VIEW (view), -5, -5));

  /* A toggle lays the graph out again (from A's widths). */
  jx_flame_view_set_width_by_a (JX_FLAME_VIEW (view), TRUE);
  graph = jx_flame_view_get_graph (JX_FLAME_VIEW (view));
  g_assert_nonnull (graph);

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

/* The first call of `name` on B's stream 0 that is equal and changed:
 * its span in comparison time and its ratio B/A. */
static guint32
first_call (JxSession      *session,
            JxSessionTrace *item,
            const char     *name)
{
  JxTrace *trace = jx_session_trace_get_trace (item);
  const JxStream *s = jx_trace_get_stream (trace, 0);

  for (guint32 i = 0; i < s->n_invocations; i++)
    if (g_str_equal (jx_trace_get_region (trace, s->region[i])->name, name))
      return i;
  return JX_NONE;
}

/* Pixels of B's diff bar over one kernel call (half as long as in A): the
 * timing colour of its ratio in both and time, light and dark; "equal"
 * grey in structure mode; neutral grey for the unchanged work around it. */
static void
test_timing_bar_pixels (void)
{
  Fixture f;
  GtkWidget *master, *window;
  JxSessionTrace *b;
  JxTraceTimeline *lane;
  GtkWidget *canvas;
  const JxStream *s;
  const JxDiffBarSet *bars;
  guint32 kernel;
  double ratio;
  gint64 k0, k1;
  int y, h;

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, JX_VARIANT_FASTER_KERNEL);
  b = jx_session_peek_item (f.session, 1);
  kernel = first_call (f.session, b, "stencil_kernel");
  g_assert_cmpuint (kernel, !=, JX_NONE);
  s = jx_trace_get_stream (jx_session_trace_get_trace (b), 0);
  bars = jx_diff_bar_model_get_bars (jx_session_get_diff_bars (f.session), b);
  ratio = jx_diff_bar_set_ratio (bars, 0, kernel);
  g_test_message ("kernel B/A %.4f", ratio);
  g_assert_cmpfloat (ratio, <, 0.6);
  g_assert_cmpfloat (ratio, >, 0.4);

  /* The kernel over the middle third of the window. */
  k0 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (b), (gint64) s->start[kernel]);
  k1 = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (b), (gint64) s->end[kernel]);
  master = jx_master_timeline_new (f.session);
  window = jx_test_present (master, 1200, 700);
  jx_test_set_view (f.session, k0 - (k1 - k0), k1 + (k1 - k0));
  lane = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (master), b);
  canvas = jx_trace_timeline_get_canvas (lane);
  jx_test_wait_allocated (canvas);
  g_assert_true (jx_trace_timeline_get_stream_span (lane, 0, &y, &h));
  y += h + 3;

  for (guint round = 0; round < 4; round++)
    {
      gboolean dark = round % 2 == 1;
      JxDiffBarMode mode = round < 2 ? JX_DIFF_BAR_BOTH : JX_DIFF_BAR_TIME;
      g_autoptr(JxTestImage) img = NULL;
      JxRgba want;
      int lw = jx_trace_timeline_get_label_width (lane);
      guint n_kernel = 0, n_checked = 0;

      jx_session_set_dark (f.session, dark);
      jx_session_set_diff_mode (f.session, mode);
      jx_palette_timing_color (ratio, jx_session_get_noise_band (f.session), dark, &want);
      img = jx_test_render_widget (canvas);
      for (int x = lw + 2; x < img->width - 2; x++)
        {
          gint64 ns = jx_trace_timeline_x_to_ns (lane, x), ns1 = jx_trace_timeline_x_to_ns (lane, x + 1);

          /* Well inside the kernel: its timing colour. */
          if (ns > k0 + (k1 - k0) / 20 && ns1 < k1 - (k1 - k0) / 20)
            {
              guint32 px = jx_test_image_pixel (img, x, y);

              if (!jx_test_pixel_near (px, jx_palette_rgba_to_pixel (&want)))
                g_error ("round %u, x %d: %08x, want %08x", round, x, px, jx_palette_rgba_to_pixel (&want));
              n_kernel++;
            }
          n_checked++;
        }
      g_assert_cmpuint (n_kernel, >, 100);
      /* Not everything is coloured: the window also shows the work around it. */
      g_assert_cmpuint (n_checked, >, n_kernel);
    }

  /* Structure: the kernel is an equal call, grey. */
  jx_session_set_dark (f.session, FALSE);
  jx_session_set_diff_mode (f.session, JX_DIFF_BAR_STRUCTURE);
  {
    g_autoptr(JxTestImage) img = jx_test_render_widget (canvas);
    JxRgba equal;
    int x = (int) ((double) (jx_trace_timeline_get_label_width (lane) + img->width) / 2.0);

    jx_palette_diff_color (JX_DIFF_EQUAL, FALSE, &equal);
    g_assert_true (jx_test_pixel_near (jx_test_image_pixel (img, x, y), jx_palette_rgba_to_pixel (&equal)));
  }
  /* A band wider than the change: grey in "both" too. */
  jx_session_set_diff_mode (f.session, JX_DIFF_BAR_BOTH);
  jx_session_set_noise_band (f.session, 0.9);
  {
    g_autoptr(JxTestImage) img = jx_test_render_widget (canvas);
    JxRgba equal;
    int x = (int) ((double) (jx_trace_timeline_get_label_width (lane) + img->width) / 2.0);

    jx_palette_diff_color (JX_DIFF_EQUAL, FALSE, &equal);
    g_assert_true (jx_test_pixel_near (jx_test_image_pixel (img, x, y), jx_palette_rgba_to_pixel (&equal)));
  }

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  have_display = jx_test_widget_init (&argc, &argv);

  g_test_add_func ("/ui/diff-views/headline", test_headline);
  g_test_add_func ("/ui/diff-views/headline-narrow", test_headline_narrow);
  g_test_add_func ("/ui/diff-views/tree-table", test_tree_table);
  g_test_add_func ("/ui/diff-views/flame-view", test_flame_view);
  g_test_add_func ("/ui/diff-views/timing-bar-pixels", test_timing_bar_pixels);

  return g_test_run ();
}
