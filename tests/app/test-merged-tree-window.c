/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-merged-tree-window.c — the merged call tree of a picked cluster in
 * the Processes page, under a display: built in a thread while the window
 * runs, the same tree node by node as `juxtrace-cli cluster --merged-tree
 * --json` gives for that cluster, drawn as an icicle whose click
 * highlights the node's calls in their streams' rows (the session's call
 * highlight: the calls drawn, the rest of those rows veiled, other rows as
 * they were; F7 walks them, Escape and a new search end it) and selects
 * the first; the pick scrolls the timeline to the cluster's first member. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "jx-master-timeline.h"
#include "jx-merged-tree-calls.h"
#include "jx-merged-icicle-view.h"
#include "jx-processes-panel.h"
#include "jx-test-gen.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-test-widget.h"
#include "jx-timeline-canvas.h"
#include "jx-trace-timeline-private.h"
#include "jx-window-private.h"

static gboolean have_display;

static gboolean
threshold_moved (gpointer clusters)
{
  return jx_session_clusters_get_threshold (clusters) > 0.5;
}

/* The first descendant of that type, depth first. */
static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_descendant (c, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* x in the canvas of a comparison time. */
static double
canvas_x (GtkWidget *canvas,
          JxSession *session,
          gint64     ns)
{
  const JxTimeSpan *visible = jx_session_get_visible_time (session);
  int label = jx_timeline_canvas_get_label_width (JX_TIMELINE_CANVAS (canvas));
  double tw = gtk_widget_get_width (canvas) - label;

  return label + (double) (ns - visible->begin_ns) * tw / (double) jx_time_span_get_duration (visible);
}

/* The calls of the clicked node are the session's call highlight, and
 * drawn so: with the window around the first of them, its row keeps the
 * call's pixels and veils the rest, and the row of a stream that is not
 * the node's (`other`) is drawn as without the highlight. Then F7 walks
 * the calls, Escape ends the highlight, and so does a new search. */
static void
check_call_highlight (JxWindow        *window,
                      JxTraceTimeline *lane,
                      JxMergedTree    *tree,
                      guint32          node,
                      guint32          other)
{
  JxSession *session = jx_window_get_session (window);
  JxCallHighlight *highlight = jx_session_get_call_highlight (session);
  GtkWidget *canvas = jx_trace_timeline_get_canvas (lane);
  JxSessionTrace *item = jx_trace_timeline_get_item (lane);
  JxTrace *trace = jx_session_trace_get_trace (item);
  g_autofree char *path = jx_merged_tree_dup_node_path (tree, node);
  g_autoptr(GArray) expected = jx_merged_tree_get_node_calls (tree, &trace, 1, node);
  g_autoptr(JxTestImage) lit = NULL;
  g_autoptr(JxTestImage) plain = NULL;
  g_autoptr(JxTestImage) lit2 = NULL;
  g_autofree JxHighlightedCall *copy = NULL;
  const JxHighlightedCall *calls;
  const JxStream *s;
  const guint32 *offset, *invocations;
  JxSessionTrace *picked;
  guint32 stream, inv;
  guint n, n_veiled = 0;
  gint64 a, b, d;
  int row_y, row_h, x0, x1, y, y_plain;

  /* One call per contributing stream, in the tree's stream order (a copy:
   * the highlight's own go when it changes). */
  calls = jx_call_highlight_get_calls (highlight, &n);
  calls = copy = g_memdup2 (calls, n * sizeof *calls);
  g_assert_cmpuint (n, ==, expected->len);
  g_assert_cmpuint (n, ==, jx_merged_tree_get_nodes (tree)->n_members[node]);
  g_assert_cmpstr (jx_call_highlight_get_label (highlight), ==, path);
  for (guint k = 0; k < n; k++)
    {
      const JxMergedCall *call = &g_array_index (expected, JxMergedCall, k);

      g_assert_true (calls[k].item == item);
      g_assert_cmpuint (calls[k].stream, ==, jx_merged_tree_get_stream (tree, call->stream).stream);
      g_assert_cmpuint (calls[k].invocation, ==, call->invocation);
    }
  g_assert_true (jx_call_highlight_get_index (highlight, item, &offset, &invocations));
  g_assert_cmpuint (offset[other + 1] - offset[other], ==, 0);
  g_assert_true (jx_session_get_selected_invocation (session, &picked, &stream, &inv));
  g_assert_true (picked == item);
  g_assert_cmpuint (stream, ==, calls[0].stream);
  g_assert_cmpuint (inv, ==, calls[0].invocation);

  /* The window: the first call in its middle third. */
  s = jx_trace_get_stream (trace, calls[0].stream);
  a = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), (gint64) s->start[calls[0].invocation]);
  b = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), (gint64) s->end[calls[0].invocation]);
  d = MAX (b - a, 1000);
  jx_session_set_visible_time (session, &(JxTimeSpan) { a - d, b + d });
  jx_test_spin (300);
  jx_trace_timeline_reveal_stream (lane, calls[0].stream);
  jx_test_spin (100);
  g_assert_true (jx_trace_timeline_get_stream_span (lane, calls[0].stream, &row_y, &row_h));
  lit = jx_test_render_widget (canvas);
  /* The rows may scroll while the window settles: each picture's row. */
  g_assert_true (jx_trace_timeline_get_stream_span (lane, calls[0].stream, &row_y, &row_h));
  x0 = (int) canvas_x (canvas, session, a) + 4;
  x1 = (int) canvas_x (canvas, session, b) - 4;
  g_assert_cmpint (x1 - x0, >, 20);
  jx_call_highlight_clear (highlight);
  jx_test_spin (50);
  plain = jx_test_render_widget (canvas);
  g_assert_true (jx_trace_timeline_get_stream_span (lane, calls[0].stream, &y_plain, NULL));
  g_assert_cmpint (plain->width, ==, lit->width);
  y = row_y + row_h / 2;
  y_plain += row_h / 2;
  g_test_message ("highlighted row at y %d (%d) of %d, call at x %d–%d of %d", y, y_plain, lit->height, x0, x1, lit->width);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (y, <, lit->height);
  g_assert_cmpint (y_plain, >=, 0);
  g_assert_cmpint (y_plain, <, plain->height);
  for (int x = jx_timeline_canvas_get_label_width (JX_TIMELINE_CANVAS (canvas)) + 2; x < lit->width - 2; x++)
    {
      guint32 p = jx_test_image_pixel (plain, x, y_plain), q = jx_test_image_pixel (lit, x, y);

      if (x >= x0 && x < x1)
        g_assert_true (jx_test_pixel_near (q, p));
      else if ((x < x0 - 8 || x > x1 + 8) && !jx_test_pixel_near (q, p))
        n_veiled++;
    }
  g_assert_cmpuint (n_veiled, >, 10);
  /* The other stream's row, drawn as before (in the same picture, so
   * the row's place is the same for both). */
  jx_call_highlight_set (highlight, "other", &(JxHighlightedCall) { item, other, 0 }, 1);
  jx_test_spin (50);
  lit2 = jx_test_render_widget (canvas);
  if (jx_trace_timeline_get_stream_span (lane, calls[0].stream, &row_y, &row_h) && row_y >= 0 &&
      row_y + row_h <= lit2->height)
    for (int x = 0; x < lit2->width; x++)
      g_assert_true (jx_test_pixel_near (jx_test_image_pixel (lit2, x, row_y + row_h / 2),
                                         jx_test_image_pixel (plain, x, y_plain)));

  /* F7 and Shift+F7 walk the calls across the streams, round. */
  g_assert_true (jx_session_highlight_merged_node (session, node));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-difference", NULL);
  g_assert_true (jx_session_get_selected_invocation (session, NULL, &stream, &inv));
  g_assert_cmpuint (stream, ==, calls[n > 1 ? 1 : 0].stream);
  g_assert_cmpuint (inv, ==, calls[n > 1 ? 1 : 0].invocation);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-difference", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-difference", NULL);
  g_assert_true (jx_session_get_selected_invocation (session, NULL, &stream, &inv));
  g_assert_cmpuint (stream, ==, calls[n - 1].stream);
  g_assert_cmpuint (inv, ==, calls[n - 1].invocation);

  /* Escape in the timeline ends it; so does a new search. */
  gtk_widget_activate_action (GTK_WIDGET (lane), "trace.select-none", NULL);
  g_assert_cmpuint (jx_call_highlight_get_n_calls (highlight), ==, 0);
  g_assert_false (jx_call_highlight_get_index (highlight, item, NULL, NULL));
  g_assert_true (jx_session_highlight_merged_node (session, node));
  g_assert_cmpuint (jx_call_highlight_get_n_calls (highlight), ==, n);
  jx_session_set_search (session, "MPI_");
  g_assert_cmpuint (jx_call_highlight_get_n_calls (highlight), ==, 0);
  jx_session_set_search (session, NULL);
  jx_session_zoom_all (session);
}

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

static gboolean
has_tree (gpointer clusters)
{
  return jx_session_clusters_get_tree (clusters, NULL) != NULL;
}

static gboolean
has_icicle (gpointer view)
{
  return jx_merged_icicle_view_get_icicle (view) != NULL && gtk_widget_get_mapped (view) &&
         gtk_widget_get_width (view) > 1;
}

/* Walks the CLI's nested nodes in pre-order against the window's arrays. */
static void
compare_nodes (JxMergedTree *tree,
               JsonArray    *array,
               guint32      *next)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *o = json_array_get_object_element (array, i);
      guint32 v = (*next)++;
      g_autofree char *label = NULL;

      g_assert_cmpuint (v, <, nodes->n_nodes);
      label = jx_merged_tree_dup_node_label (tree, v);
      g_assert_cmpstr (json_object_get_string_member (o, "function"), ==, label);
      g_assert_cmpstr (json_object_get_string_member (o, "state"), ==, jx_merged_state_to_string (nodes->state[v]));
      g_assert_cmpint (json_object_get_int_member (o, "depth"), ==, nodes->depth[v] + 1);
      g_assert_cmpint (json_object_get_int_member (o, "streams"), ==, nodes->n_members[v]);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "median_seconds"), nodes->median_seconds[v],
                                      1e-9 + 1e-6 * nodes->median_seconds[v]);
      if (json_object_has_member (o, "children"))
        compare_nodes (tree, json_object_get_array_member (o, "children"), next);
      g_assert_cmpuint (*next, ==, nodes->subtree_end[v]);
    }
}

/* The window's tree equals the CLI's for cluster (0-based) of the trace. */
static void
compare_with_cli_args (JxMergedTree       *tree,
                       const char * const *args);

/* cluster is 0-based; threshold NULL: none. */
static void
compare_with_cli (JxMergedTree *tree,
                  const char   *path,
                  guint         cluster,
                  const char   *threshold)
{
  g_autofree char *number = g_strdup_printf ("%u", cluster + 1);
  const char *args[] = { "cluster", "--merged-tree", "--cluster", number, "--json", path,
                         threshold != NULL ? "--threshold" : NULL, threshold, NULL };

  compare_with_cli_args (tree, args);
}

static void
compare_with_cli_args (JxMergedTree       *tree,
                       const char * const *args)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  const JxMergedTreeStats *stats = jx_merged_tree_get_stats (tree);
  JsonObject *root;
  guint32 next = 0;

  g_assert_cmpint (jx_test_run_cli (args, &out, NULL), ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "nodes"), ==, jx_merged_tree_get_nodes (tree)->n_nodes);
  g_assert_cmpint (json_object_get_int_member (root, "equal"), ==, (gint64) stats->by_state[JX_MERGED_EQUAL]);
  g_assert_cmpint (json_object_get_int_member (root, "gap"), ==, (gint64) stats->by_state[JX_MERGED_GAP]);
  g_assert_cmpint (json_object_get_int_member (root, "different"), ==, (gint64) stats->by_state[JX_MERGED_DIFFERENT]);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "streams")), ==,
                    jx_merged_tree_get_n_streams (tree));
  compare_nodes (tree, json_object_get_array_member (root, "tree"), &next);
  g_assert_cmpuint (next, ==, jx_merged_tree_get_nodes (tree)->n_nodes);
}

/* The first drawn node at depth `depth` calling `function`. */
static guint32
find_drawn (JxMergedTree         *tree,
            const JxMergedIcicle *icicle,
            guint                 depth,
            const char           *function)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);

  for (guint32 v = 0; v < nodes->n_nodes; v++)
    if (nodes->depth[v] == depth && g_strcmp0 (jx_merged_tree_get_symbol_name (tree, nodes->symbol[v]), function) == 0 &&
        jx_merged_icicle_find_node (icicle, v) != NULL)
      return v;
  return JX_NONE;
}

static void
test_merged_tree (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir = NULL;
  g_autofree char *anchor = NULL;
  g_autoptr(JxTrace) generated = NULL;
  const char *paths[2] = { NULL, NULL };
  JxWindow *window;
  JxSession *session;
  JxSessionClusters *clusters;
  JxProcessesPanel *panel;
  JxMergedIcicleView *view;
  JxSessionTrace *item, *picked_item = NULL;
  JxTraceTimeline *lane;
  JxClustering *clustering;
  JxMergedTree *tree;
  const JxMergedIcicle *icicle;
  const JxIcicleFrame *frame;
  const JxMergedMember *members;
  JxSignatureSet *set;
  const guint32 *cluster_members;
  guint n_members, last = JX_SESSION_CLUSTERS_NONE;
  guint32 node, picked_stream = JX_NONE, picked_inv = JX_NONE, first_stream = JX_NONE, member_stream;
  double x, y, w, h;
  int row_y, row_h;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  /* Three classes of 16 ranks and an outlier: more rows than the timeline shows. */
  jx_generator_options_init (&options);
  options.n_ranks = 48;
  options.n_threads = 1;
  options.n_iterations = 3;
  options.n_classes = 3;
  options.n_outliers = 1;
  generated = jx_test_generate_load (&options, NULL, &dir);
  anchor = g_build_filename (dir, "traces.otf2", NULL);
  paths[0] = anchor;

  window = jx_window_new (NULL);
  session = jx_window_get_session (window);
  clusters = jx_session_get_clusters (session);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  item = jx_test_item_at (session, 0);
  g_assert_true (jx_test_wait_until (is_mapped, window, 10));
  gtk_widget_set_visible (GTK_WIDGET (window->bottom_paned), TRUE);
  gtk_stack_set_visible_child_name (window->side_stack, "processes");
  panel = JX_PROCESSES_PANEL (gtk_widget_get_template_child (GTK_WIDGET (window), JX_TYPE_WINDOW, "processes_panel"));
  view = JX_MERGED_ICICLE_VIEW (jx_processes_panel_get_tree_view (panel));
  g_assert_true (jx_test_wait_until (has_rows, panel, 60));
  jx_test_spin (300);
  clustering = jx_session_clusters_get_clustering (clusters, NULL);
  g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, 4);
  g_assert_null (jx_session_clusters_get_tree (clusters, NULL));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (view)));
  lane = jx_master_timeline_get_trace_timeline (jx_window_get_master_timeline (window), item);
  /* Readable rows: every row at full height, so the rows scroll. */
  jx_timeline_canvas_set_full_rows (JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (lane)), TRUE);
  jx_test_spin (200);

  /* The cluster whose first member's row is out of view (the last class). */
  set = jx_clustering_get_signatures (clustering);
  cluster_members = jx_clustering_get_members (clustering, &n_members);
  for (guint c = 0; c < jx_clustering_get_n_clusters (clustering); c++)
    {
      const JxCluster *cl = jx_clustering_get_cluster (clustering, c);
      guint32 s = jx_signature_set_get_stream_of (set, cluster_members[cl->first]);

      g_assert_true (jx_trace_timeline_get_stream_span (lane, s, &row_y, &row_h));
      g_test_message ("cluster %u: first member %u at y %d, height %d of %d", c, s, row_y, row_h,
                      gtk_widget_get_height (jx_trace_timeline_get_canvas (lane)));
      if (!cl->outlier && row_y + row_h > gtk_widget_get_height (jx_trace_timeline_get_canvas (lane)))
        {
          last = c;
          first_stream = s;
        }
    }
  g_assert_cmpuint (last, !=, JX_SESSION_CLUSTERS_NONE);

  /* Picking it scrolls its first member's row into view (to the top as far
   * as the rows go), and starts the tree. */
  jx_processes_panel_select_row (panel, last);
  g_assert_cmpuint (jx_session_clusters_get_selected (clusters), ==, last);
  g_assert_true (jx_session_clusters_get_tree_running (clusters) || has_tree (clusters));
  g_assert_true (jx_trace_timeline_get_stream_span (lane, first_stream, &row_y, &row_h));
  g_assert_cmpint (row_y, >=, 0);
  g_assert_cmpint (row_y + row_h, <=, gtk_widget_get_height (jx_trace_timeline_get_canvas (lane)));
  g_assert_true (jx_test_wait_until (has_tree, clusters, 60));
  g_assert_false (jx_session_clusters_get_tree_running (clusters));
  tree = jx_session_clusters_get_tree (clusters, NULL);
  g_assert_cmpuint (jx_merged_tree_get_n_streams (tree), ==, jx_clustering_get_cluster (clustering, last)->size);
  compare_with_cli (tree, anchor, last, NULL);

  /* The icicle of that tree, in the page. */
  g_assert_true (jx_merged_icicle_view_get_tree (view) == tree);
  g_assert_true (jx_test_wait_until (has_icicle, view, 10));
  icicle = jx_merged_icicle_view_get_icicle (view);
  g_assert_cmpuint (jx_merged_icicle_get_n_frames (icicle), >, 0);
  g_assert_cmpint (jx_merged_icicle_get_width (icicle), ==, gtk_widget_get_width (GTK_WIDGET (view)));

  /* A click on MPI_Init under main selects its first call and highlights MPI_Init. */
  node = find_drawn (tree, icicle, 1, "MPI_Init");
  g_assert_cmpuint (node, !=, JX_NONE);
  frame = jx_merged_icicle_find_node (icicle, node);
  jx_merged_icicle_get_frame_rect (icicle, frame, &x, &y, &w, &h);
  g_assert_false (jx_merged_icicle_view_click (view, -5.0, -5.0));
  g_assert_true (jx_merged_icicle_view_click (view, x + w / 2, y + h / 2));
  g_assert_cmpuint (jx_merged_icicle_view_get_selected_node (view), ==, node);
  members = jx_merged_tree_get_members (tree, node, &n_members);
  g_assert_cmpuint (n_members, ==, jx_merged_tree_get_n_streams (tree));
  g_assert_true (jx_session_get_selected_invocation (session, &picked_item, &picked_stream, &picked_inv));
  g_assert_true (picked_item == item);
  member_stream = jx_merged_tree_get_stream (tree, members[0].stream).stream;
  g_assert_cmpuint (picked_stream, ==, member_stream);
  g_assert_cmpuint (picked_inv, ==, members[0].invocation);
  g_assert_cmpstr (jx_trace_get_region (jx_session_trace_get_trace (item),
                                        jx_trace_get_stream (jx_session_trace_get_trace (item),
                                                             picked_stream)->region[picked_inv])->name,
                   ==, "MPI_Init");
  g_assert_null (jx_session_get_search (session));
  g_assert_cmpuint (jx_call_highlight_get_n_calls (jx_session_get_call_highlight (session)), ==, n_members);
  /* The page stays, beside the timelines (no switch to Details). */
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->side_stack), ==, "processes");
  g_assert_cmpuint (jx_session_clusters_get_stream_mask (clusters, jx_session_trace_get_trace (item))[picked_stream],
                    ==, 1);

  /* Open in Window: the same tree, and a click there does the same (its
   * first MPI_Finalize, this time). */
  {
    JxMergedIcicleView *big = JX_MERGED_ICICLE_VIEW (jx_processes_panel_open_tree_window (panel));
    const JxMergedIcicle *big_icicle;

    g_assert_true (jx_merged_icicle_view_get_tree (big) == tree);
    g_assert_cmpuint (jx_merged_icicle_view_get_selected_node (big), ==, node);
    g_assert_true (jx_test_wait_until (has_icicle, big, 10));
    big_icicle = jx_merged_icicle_view_get_icicle (big);
    g_assert_cmpint (jx_merged_icicle_get_width (big_icicle), >, jx_merged_icicle_get_width (icicle));
    node = find_drawn (tree, big_icicle, 1, "MPI_Finalize");
    g_assert_cmpuint (node, !=, JX_NONE);
    jx_merged_icicle_get_frame_rect (big_icicle, jx_merged_icicle_find_node (big_icicle, node), &x, &y, &w, &h);
    g_assert_true (jx_merged_icicle_view_click (big, x + w / 2, y + h / 2));
    g_assert_cmpuint (jx_merged_icicle_view_get_selected_node (view), ==, node);
    members = jx_merged_tree_get_members (tree, node, &n_members);
    g_assert_true (jx_session_get_selected_invocation (session, &picked_item, &picked_stream, &picked_inv));
    g_assert_cmpuint (picked_inv, ==, members[0].invocation);
    g_assert_nonnull (strstr (jx_call_highlight_get_label (jx_session_get_call_highlight (session)), "MPI_Finalize"));
  }

  /* The calls of a wide node (the first iteration's first call), drawn;
   * the first stream of another cluster is not the node's. */
  {
    const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
    const guint8 *mask = jx_session_clusters_get_stream_mask (clusters, jx_session_trace_get_trace (item));
    guint32 wide = JX_NONE, other = JX_NONE;

    for (guint32 v = 0; v < nodes->n_nodes; v++)
      if (nodes->depth[v] == 1 && jx_merged_icicle_find_node (icicle, v) != NULL &&
          (wide == JX_NONE || nodes->median_seconds[v] > nodes->median_seconds[wide]))
        wide = v;
    for (guint32 s = 0; s < jx_trace_get_n_streams (jx_session_trace_get_trace (item)) && other == JX_NONE; s++)
      if (!mask[s])
        other = s;
    g_assert_cmpuint (wide, !=, JX_NONE);
    g_assert_cmpuint (other, !=, JX_NONE);
    jx_merged_icicle_get_frame_rect (icicle, jx_merged_icicle_find_node (icicle, wide), &x, &y, &w, &h);
    g_assert_true (jx_merged_icicle_view_click (view, x + w / 2, y + h / 2));
    g_assert_cmpuint (jx_merged_icicle_view_get_selected_node (view), ==, wide);
    check_call_highlight (window, lane, tree, wide, other);
    /* The highlight ended: no node stays picked. */
    g_assert_cmpuint (jx_merged_icicle_view_get_selected_node (view), ==, JX_NONE);
  }

  /* The outlier's tree: one stream, the CLI's again. */
  for (guint c = 0; c < jx_clustering_get_n_clusters (clustering); c++)
    if (jx_clustering_get_cluster (clustering, c)->outlier)
      {
        jx_processes_panel_select_row (panel, c);
        g_assert_null (jx_merged_icicle_view_get_tree (view));
        g_assert_true (jx_test_wait_until (has_tree, clusters, 60));
        compare_with_cli (jx_session_clusters_get_tree (clusters, NULL), anchor, c, NULL);
      }

  /* Fold by Cluster: one folded row per cluster, in the clusters' order,
   * no stream row left. */
  {
    JxTimelineCanvas *canvas = JX_TIMELINE_CANVAS (jx_trace_timeline_get_canvas (lane));
    JxStreamGroups *groups;
    const JxTimelineRow *rows;
    guint n_rows, n_cluster_rows = 0, n_stream_rows = 0;

    gtk_widget_activate_action (GTK_WIDGET (window), "win.fold-clusters", NULL);
    g_assert_cmpint (jx_session_get_fold_grouping (session), ==, JX_FOLD_GROUPING_CLUSTERS);
    groups = jx_session_trace_get_groups (item);
    g_assert_cmpint (jx_stream_groups_get_grouping (groups), ==, JX_FOLD_GROUPING_CLUSTERS);
    jx_test_spin (100);
    rows = jx_timeline_canvas_get_rows (canvas, &n_rows);
    for (guint r = 0; r < n_rows; r++)
      if (rows[r].kind == JX_TIMELINE_ROW_STREAM)
        n_stream_rows++;
      else if (rows[r].kind == JX_TIMELINE_ROW_GROUP)
        {
          const JxStreamGroup *g = jx_stream_groups_get_group (groups, rows[r].group);
          guint number = 0;
          g_autofree char *name = NULL;

          g_assert_cmpint (g->kind, ==, JX_STREAM_GROUP_CLUSTER);
          g_assert_cmpint (sscanf (g->key, "cluster:%u", &number), ==, 1);
          /* In the clusters' order, at the top. */
          g_assert_cmpuint (number, ==, n_cluster_rows + 1);
          g_assert_cmpuint (r, ==, n_cluster_rows);
          name = g_strdup_printf ("Cluster %u", number);
          g_assert_cmpstr (g->name, ==, name);
          g_assert_cmpuint (g->n_members, ==, jx_clustering_get_cluster (clustering, number - 1)->size);
          g_assert_true (jx_timeline_canvas_get_group_folded (canvas, rows[r].group));
          n_cluster_rows++;
        }
    g_assert_cmpuint (n_cluster_rows, ==, jx_clustering_get_n_clusters (clustering));
    g_assert_cmpuint (n_stream_rows, ==, 0);

    gtk_widget_activate_action (GTK_WIDGET (window), "win.unfold-all", NULL);
    jx_test_spin (50);
    rows = jx_timeline_canvas_get_rows (canvas, &n_rows);
    n_stream_rows = 0;
    for (guint r = 0; r < n_rows; r++)
      n_stream_rows += rows[r].kind == JX_TIMELINE_ROW_STREAM;
    g_assert_cmpuint (n_stream_rows, ==, jx_trace_get_n_streams (jx_session_trace_get_trace (item)));
  }

  /* Merging near-equal clusters (0.5, as cluster --threshold 0.5): one
   * cluster whose tree has gaps where the classes and the outlier differ;
   * its frames say which streams call there. */
  {
    const JxMergedNodes *nodes;
    guint32 gap = JX_NONE;
    g_autofree char *tip = NULL;

    jx_processes_panel_set_threshold (panel, 0.5);
    g_assert_cmpfloat (jx_session_clusters_get_threshold (clusters), ==, 0.5);
    g_assert_true (jx_session_clusters_get_running (clusters));
    g_assert_true (jx_test_wait_until (has_rows, panel, 60));
    clustering = jx_session_clusters_get_clustering (clusters, NULL);
    g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, 1);
    jx_processes_panel_select_row (panel, 0);
    g_assert_true (jx_test_wait_until (has_tree, clusters, 60));
    tree = jx_session_clusters_get_tree (clusters, NULL);
    g_assert_cmpuint (jx_merged_tree_get_n_streams (tree), ==, options.n_ranks);
    g_assert_cmpuint (jx_merged_tree_get_stats (tree)->by_state[JX_MERGED_GAP], >, 0);
    compare_with_cli (tree, anchor, 0, "0.5");
    g_assert_true (jx_test_wait_until (has_icicle, view, 10));
    icicle = jx_merged_icicle_view_get_icicle (view);
    nodes = jx_merged_tree_get_nodes (tree);
    for (guint32 v = 0; v < nodes->n_nodes && gap == JX_NONE; v++)
      if (nodes->state[v] == JX_MERGED_GAP && jx_merged_icicle_find_node (icicle, v) != NULL)
        gap = v;
    g_assert_cmpuint (gap, !=, JX_NONE);
    tip = jx_merged_icicle_dup_description (icicle, gap);
    g_assert_nonnull (strstr (tip, "Called by"));
    g_assert_nonnull (strstr (tip, "MPI Rank"));
    /* A click on the gap highlights the calls of the streams that call
     * there, none of the others. */
    {
      JxCallHighlight *highlight = jx_session_get_call_highlight (session);
      const guint32 *offset;
      guint n_gap;
      const JxMergedMember *gm = jx_merged_tree_get_members (tree, gap, &n_gap);

      jx_merged_icicle_get_frame_rect (icicle, jx_merged_icicle_find_node (icicle, gap), &x, &y, &w, &h);
      g_assert_true (jx_merged_icicle_view_click (view, x + w / 2, y + h / 2));
      g_assert_cmpuint (jx_call_highlight_get_n_calls (highlight), ==, n_gap);
      g_assert_cmpuint (n_gap, <, options.n_ranks);
      g_assert_true (jx_call_highlight_get_index (highlight, item, &offset, NULL));
      for (guint32 s = 0, k = 0; s < options.n_ranks; s++)
        {
          gboolean member = k < n_gap && gm[k].stream == s;

          g_assert_cmpuint (offset[s + 1] - offset[s], ==, member ? 1 : 0);
          k += member;
        }
    }
    /* Steps of the spin button apply once they rest (one clustering, not
     * one per click). */
    {
      GtkSpinButton *spin = GTK_SPIN_BUTTON (find_descendant (GTK_WIDGET (panel), GTK_TYPE_SPIN_BUTTON));

      g_assert_nonnull (spin);
      for (guint i = 0; i < 3; i++)
        gtk_spin_button_spin (spin, GTK_SPIN_STEP_FORWARD, 0.0);
      g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (spin), 0.65, 1e-9);
      g_assert_cmpfloat (jx_session_clusters_get_threshold (clusters), ==, 0.5);
      g_assert_true (jx_test_wait_until (threshold_moved, clusters, 10));
      g_assert_cmpfloat_with_epsilon (jx_session_clusters_get_threshold (clusters), 0.65, 1e-9);
    }
    jx_processes_panel_set_threshold (panel, 0.0);
    g_assert_cmpfloat (jx_session_clusters_get_threshold (clusters), ==, 0.0);
    g_assert_true (jx_test_wait_until (has_rows, panel, 60));
    g_assert_cmpuint (jx_session_clusters_get_n_clusters (clusters), ==, 4);
  }

  /* The custom set instead of a cluster: one rank of each class, the
   * tree `cluster --merged-tree --streams` gives, with gaps where the
   * classes differ; picking a cluster again ends it. */
  {
    JxTrace *loaded = jx_session_trace_get_trace (item);
    g_autofree char *k0 = jx_stream_groups_stream_key (loaded, 0);
    g_autofree char *k1 = jx_stream_groups_stream_key (loaded, 20);
    g_autofree char *k2 = jx_stream_groups_stream_key (loaded, 40);
    const char *custom[] = { k0, k1, k2, NULL };
    const char *args[] = { "cluster", "--merged-tree", "--streams", k0, "--streams", k1, "--streams", k2,
                           "--json", anchor, NULL };

    g_assert_false (jx_processes_panel_merge_custom (panel));
    jx_session_set_fold_custom (session, custom);
    g_assert_true (jx_processes_panel_merge_custom (panel));
    g_assert_cmpuint (jx_session_clusters_get_selected (clusters), ==, JX_SESSION_CLUSTERS_NONE);
    g_assert_true (jx_session_clusters_get_tree_is_streams (clusters));
    g_assert_true (jx_test_wait_until (has_tree, clusters, 60));
    tree = jx_session_clusters_get_tree (clusters, NULL);
    g_assert_cmpuint (jx_merged_tree_get_n_streams (tree), ==, 3);
    g_assert_cmpuint (jx_merged_tree_get_stats (tree)->by_state[JX_MERGED_GAP], >, 0);
    compare_with_cli_args (tree, args);
    g_assert_true (jx_merged_icicle_view_get_tree (view) == tree);
    g_assert_true (jx_session_clusters_get_stream_mask (clusters, loaded)[20]);
    g_assert_false (jx_session_clusters_get_stream_mask (clusters, loaded)[21]);
    jx_processes_panel_select_row (panel, 0);
    g_assert_false (jx_session_clusters_get_tree_is_streams (clusters));
    g_assert_true (jx_test_wait_until (has_tree, clusters, 60));
    g_assert_cmpuint (jx_merged_tree_get_n_streams (jx_session_clusters_get_tree (clusters, NULL)), ==,
                      jx_clustering_get_cluster (jx_session_clusters_get_clustering (clusters, NULL), 0)->size);
  }

  /* Removing the trace drops the pick and the tree. */
  jx_session_remove (session, item);
  g_assert_null (jx_session_clusters_get_tree (clusters, NULL));
  g_assert_null (jx_merged_icicle_view_get_tree (view));

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (50);
  jx_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  have_display = jx_test_widget_init (&argc, &argv);

  g_test_add_func ("/app/processes/merged-tree", test_merged_tree);
  return g_test_run ();
}
