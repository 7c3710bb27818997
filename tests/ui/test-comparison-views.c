/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-comparison-views.c — the comparison's widgets under a display, on two
 * generated traces that differ by one removed call per iteration: the diff
 * bars' pixels (the removed calls in the reference's "only here" colour,
 * ticks where they would be in the other trace, equal elsewhere), the
 * function table against `juxtrace-cli diff --json` and its CSV against
 * `diff --csv --functions`, the structural view's aligned calls at equal x,
 * the charts and the similarity list, and the pane's header with three
 * traces: nothing in it elided or cut, narrow (wrapped) or wide (one line). */
#include "config.h"

#include <math.h>

#include <string.h>
#include <sys/wait.h>

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "jx-aligned-pair-view.h"
#include "jx-comparison-pane.h"
#include "jx-master-timeline.h"
#include "jx-palette.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-test-widget.h"
#include "jx-trace-timeline-private.h"
#include "jx-wrap-box.h"

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
              guint    n_ranks,
              guint    n_iterations)
{
  f->dir = jx_test_generate_remove_pair (n_ranks, n_iterations, &f->a, &f->b);
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

static guint32
diff_pixel (JxDiffState state)
{
  JxRgba c;

  jx_palette_diff_color (state, FALSE, &c);
  return jx_palette_rgba_to_pixel (&c);
}

/* Invocations of `name` on a stream, as [start, end) tick pairs. */
static GArray *
calls_of (JxTrace    *trace,
          guint32     stream,
          const char *name)
{
  const JxStream *s = jx_trace_get_stream (trace, stream);
  GArray *calls = g_array_new (FALSE, FALSE, sizeof (guint64) * 2);

  for (guint32 i = 0; i < s->n_invocations; i++)
    if (g_strcmp0 (jx_trace_get_region (trace, s->region[i])->name, name) == 0)
      {
        guint64 span[2] = { s->start[i], s->end[i] };

        g_array_append_vals (calls, span, 1);
      }
  return calls;
}

/* Ticks of the trace under canvas pixel x: [t0, t1). */
static void
pixel_ticks (JxTraceTimeline *lane,
             JxSessionTrace  *item,
             int              x,
             gint64          *t0,
             gint64          *t1)
{
  JxTrace *trace = jx_session_trace_get_trace (item);
  gint64 offset = jx_session_trace_get_offset (item);

  *t0 = jx_time_comparison_to_ticks (jx_trace_get_time_origin (trace, offset), jx_trace_timeline_x_to_ns (lane, x));
  *t1 = jx_time_comparison_to_ticks (jx_trace_get_time_origin (trace, offset), jx_trace_timeline_x_to_ns (lane, x + 1));
}

/* Pixels of stream 0's diff bar over the window: where a removed call (A)
 * or the place of one (B) lies the bar shows it, everywhere else equal. */
static void
test_diff_bar_pixels (void)
{
  Fixture f;
  GtkWidget *master, *window;
  g_autoptr(GArray) removed = NULL;
  JxSessionTrace *items[2];
  JxTrace *ta;
  gint64 begin, end;

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, 2, 6);
  /* The structural colours (the timing ones: test-diff-views.c). */
  jx_session_set_diff_mode (f.session, JX_DIFF_BAR_STRUCTURE);
  items[0] = jx_test_item_at (f.session, 0);
  items[1] = jx_test_item_at (f.session, 1);
  ta = jx_session_trace_get_trace (items[0]);
  removed = calls_of (ta, 0, "compute_halo");
  g_assert_cmpuint (removed->len, ==, 6);

  /* Two iterations of A: the removed calls are several pixels wide. */
  begin = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (items[0]), g_array_index (removed, guint64, 2 * 1) - 1000);
  end = jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (items[0]), g_array_index (removed, guint64, 2 * 3) - 1000);
  master = jx_master_timeline_new (f.session);
  window = jx_test_present (master, 1200, 700);
  jx_test_set_view (f.session, begin, end);

  for (guint side = 0; side < 2; side++)
    {
      JxTraceTimeline *lane = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (master), items[side]);
      GtkWidget *canvas = jx_trace_timeline_get_canvas (lane);
      g_autoptr(JxTestImage) img = NULL;
      int y, h, lw = jx_trace_timeline_get_label_width (lane);
      guint n_marked = 0, n_equal = 0;

      jx_test_wait_allocated (canvas);
      g_assert_true (jx_trace_timeline_get_stream_span (lane, 0, &y, &h));
      /* The bar is the row right under the stream's. */
      y += h + 3;
      img = jx_test_render_widget (canvas);
      for (int x = lw + 2; x < img->width - 2; x++)
        {
          guint32 px = jx_test_image_pixel (img, x, y);
          gboolean near_edge = FALSE, inside = FALSE;
          gint64 t0, t1, e0, e1;

          pixel_ticks (lane, items[side], x, &t0, &t1);
          /* Pixels within two of a call's edge may go either way. */
          pixel_ticks (lane, items[side], x - 2, &e0, &e1);
          pixel_ticks (lane, items[side], x + 3, &e1, &t1);
          pixel_ticks (lane, items[side], x, &t0, &t1);
          for (guint i = 0; i < removed->len; i++)
            {
              const guint64 *call = &g_array_index (removed, guint64, 2 * i);

              if (side == 0)
                {
                  inside |= (gint64) call[1] > t0 && (gint64) call[0] < t1;
                  near_edge |= ((gint64) call[0] >= e0 && (gint64) call[0] < e1) ||
                               ((gint64) call[1] >= e0 && (gint64) call[1] < e1);
                }
            }
          if (side == 1)
            {
              /* B: a tick is two pixels wide; look at what the bar says. */
              const JxComparisonPair *pair;
              gboolean side_b;
              JxTimelineHit hit;

              g_assert_true (jx_session_get_diff_bar (f.session, items[1], 0, &pair, &side_b, NULL));
              inside = jx_timeline_canvas_hit (JX_TIMELINE_CANVAS (canvas), x, y, &hit) && hit.has_diff &&
                       hit.diff.extra != JX_NONE &&
                       jx_test_pixel_near (px, diff_pixel (JX_DIFF_ONLY_THERE));
              if (inside)
                n_marked++;
              else if (!jx_test_pixel_near (px, diff_pixel (JX_DIFF_ONLY_THERE)))
                {
                  g_assert_true (jx_test_pixel_near (px, diff_pixel (JX_DIFF_EQUAL)));
                  n_equal++;
                }
              continue;
            }
          if (near_edge)
            continue;
          if (inside)
            {
              if (!jx_test_pixel_near (px, diff_pixel (JX_DIFF_ONLY_HERE)))
                g_error ("x %d: %08x, want only-here", x, px);
              n_marked++;
            }
          else
            {
              if (!jx_test_pixel_near (px, diff_pixel (JX_DIFF_EQUAL)))
                g_error ("x %d: %08x, want equal", x, px);
              n_equal++;
            }
        }
      /* Both kinds are there: two removed calls in view. */
      g_assert_cmpuint (n_marked, >=, side == 0 ? 4 : 2);
      g_assert_cmpuint (n_equal, >, 500);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

static char *
run_cli (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) g_getenv ("JX_CLI"));
  g_assert_nonnull (argv->pdata[0]);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, 0, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  return out;
}

/* The function table lists what `juxtrace-cli diff --json` gives, and its
 * export is `diff --csv --functions` to the byte; sorting and filtering. */
static GtkWidget *find_by_type (GtkWidget *root,
                                GType      type);

static void
test_function_table (void)
{
  Fixture f;
  GtkWidget *table, *window;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *exported = NULL;
  JsonArray *functions;
  GListModel *rows;

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, 3, 5);
  table = jx_function_diff_table_new ();
  jx_function_diff_table_set_session (JX_FUNCTION_DIFF_TABLE (table), f.session);
  window = jx_test_present (table, 700, 240);
  jx_test_wait_allocated (table);

  {
    const char *args[] = { "diff", "--json", "--top", "100000", f.a, f.b, NULL };

    json = run_cli (args);
  }
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  functions = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "functions");
  rows = jx_function_diff_table_get_model (JX_FUNCTION_DIFF_TABLE (table));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, json_array_get_length (functions));
  g_assert_cmpuint (g_list_model_get_n_items (rows), >, 5);
  /* The same rows in the same order (largest |net| first), every column. */
  for (guint i = 0; i < json_array_get_length (functions); i++)
    {
      JsonObject *row = json_array_get_object_element (functions, i);
      const char *name;
      guint64 n_faster, n_slower;
      double faster, slower;
      JxFunctionTimeDiff d;

      jx_function_diff_table_get_row (JX_FUNCTION_DIFF_TABLE (table), i, &name, &n_faster, &faster, &n_slower, &slower);
      g_assert_cmpstr (name, ==, json_object_get_string_member (row, "function"));
      g_assert_cmpuint (n_faster, ==, (guint64) json_object_get_int_member (row, "faster_count"));
      g_assert_cmpuint (n_slower, ==, (guint64) json_object_get_int_member (row, "slower_count"));
      g_assert_cmpfloat_with_epsilon (faster, json_object_get_double_member (row, "faster_seconds"), 1e-9);
      g_assert_cmpfloat_with_epsilon (slower, json_object_get_double_member (row, "slower_seconds"), 1e-9);
      g_assert_true (jx_function_diff_table_get_row_diff (JX_FUNCTION_DIFF_TABLE (table), i, NULL, &d));
      g_assert_cmpfloat_with_epsilon (jx_function_time_diff_get_net (&d), json_object_get_double_member (row, "net_seconds"), 1e-9);
      g_assert_cmpuint (d.calls_a, ==, (guint64) json_object_get_int_member (row, "calls_a"));
      g_assert_cmpuint (d.calls_b, ==, (guint64) json_object_get_int_member (row, "calls_b"));
      g_assert_cmpuint (d.only_a, ==, (guint64) json_object_get_int_member (row, "only_a_calls"));
      g_assert_cmpuint (d.only_b, ==, (guint64) json_object_get_int_member (row, "only_b_calls"));
      g_assert_cmpfloat_with_epsilon (d.only_a_self, json_object_get_double_member (row, "only_a_seconds"), 1e-9);
      g_assert_cmpfloat_with_epsilon (d.only_b_self, json_object_get_double_member (row, "only_b_seconds"), 1e-9);
      if (i > 0)
        {
          JxFunctionTimeDiff prev;

          jx_function_diff_table_get_row_diff (JX_FUNCTION_DIFF_TABLE (table), i - 1, NULL, &prev);
          g_assert_cmpfloat (fabs (jx_function_time_diff_get_net (&prev)), >=, fabs (jx_function_time_diff_get_net (&d)));
        }
    }
  /* The removed function of B's variant is in the table, with its calls
   * only in A. */
  {
    gboolean found = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
      {
        const char *name;
        JxFunctionTimeDiff d;

        jx_function_diff_table_get_row_diff (JX_FUNCTION_DIFF_TABLE (table), i, &name, &d);
        if (g_str_equal (name, "compute_halo"))
          {
            found = TRUE;
            g_assert_cmpuint (d.calls_b, ==, 0);
            g_assert_cmpuint (d.only_a, ==, d.calls_a);
            g_assert_cmpfloat (jx_function_time_diff_get_net (&d), <, 0.0);
          }
      }
    g_assert_true (found);
  }

  {
    const char *args[] = { "diff", "--csv", "--functions", f.a, f.b, NULL };

    csv = run_cli (args);
  }
  exported = jx_function_diff_table_dup_csv (JX_FUNCTION_DIFF_TABLE (table));
  g_assert_cmpstr (exported, ==, csv);

  /* Every column sorts; the filter keeps matching names only. */
  jx_function_diff_table_sort_by (JX_FUNCTION_DIFF_TABLE (table), "No.−", FALSE);
  {
    guint64 previous = G_MAXUINT64;

    for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
      {
        guint64 n_slower;

        jx_function_diff_table_get_row (JX_FUNCTION_DIFF_TABLE (table), i, NULL, NULL, NULL, &n_slower, NULL);
        g_assert_cmpuint (n_slower, <=, previous);
        previous = n_slower;
      }
  }
  /* A new order starts at its first row, also when the list was scrolled
   * down. */
  {
    GtkAdjustment *v = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (find_by_type (table, GTK_TYPE_COLUMN_VIEW)));

    jx_test_spin (100);
    g_assert_cmpfloat (gtk_adjustment_get_upper (v) - gtk_adjustment_get_page_size (v), >, gtk_adjustment_get_lower (v));
    gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v) - gtk_adjustment_get_page_size (v));
    jx_test_spin (100);
    g_assert_cmpfloat (gtk_adjustment_get_value (v), >, gtk_adjustment_get_lower (v));
    jx_function_diff_table_sort_by (JX_FUNCTION_DIFF_TABLE (table), "Function", TRUE);
    jx_test_spin (100);
    g_assert_cmpfloat (gtk_adjustment_get_value (v), ==, gtk_adjustment_get_lower (v));
  }
  {
    const char *first, *second;

    jx_function_diff_table_get_row (JX_FUNCTION_DIFF_TABLE (table), 0, &first, NULL, NULL, NULL, NULL);
    jx_function_diff_table_get_row (JX_FUNCTION_DIFF_TABLE (table), 1, &second, NULL, NULL, NULL, NULL);
    g_assert_cmpint (g_utf8_collate (first, second), <=, 0);
  }
  jx_function_diff_table_set_filter (JX_FUNCTION_DIFF_TABLE (table), "MPI_");
  g_assert_cmpuint (g_list_model_get_n_items (rows), >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      const char *name;

      jx_function_diff_table_get_row (JX_FUNCTION_DIFF_TABLE (table), i, &name, NULL, NULL, NULL, NULL);
      g_assert_nonnull (strstr (name, "MPI_"));
    }

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

/* The structural view of rank 0's pair: every aligned call starts at the
 * same x in both rows and shows its function's colour there. */
static void
test_structural_view (void)
{
  Fixture f;
  GtkWidget *view, *window;
  g_autoptr(JxTestImage) img = NULL;
  const JxComparisonPair *pair;
  JxTrace *ta, *tb;
  gint64 start, end;
  guint checked = 0;
  int row_a = -1, row_b = -1;

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, 1, 2);
  ta = jx_session_trace_get_trace (jx_test_item_at (f.session, 0));
  tb = jx_session_trace_get_trace (jx_test_item_at (f.session, 1));
  view = jx_aligned_pair_view_new (f.session, jx_test_item_at (f.session, 1), 0);
  g_assert_nonnull (view);
  window = jx_test_present (view, 1400, 200);
  jx_test_wait_allocated (view);
  while (!jx_aligned_pair_view_is_ready (JX_ALIGNED_PAIR_VIEW (view)))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (jx_session_get_diff_bar (f.session, jx_test_item_at (f.session, 1), 0, &pair, NULL, NULL));

  /* Zoomed to the first removed call: the calls around it are wide. */
  jx_aligned_pair_view_get_window (JX_ALIGNED_PAIR_VIEW (view), &start, &end);
  for (gsize k = 0; k < pair->alignment->n_pairs; k++)
    if (pair->alignment->pairs[k].state == JX_PAIR_ONLY_A)
      {
        double x = jx_aligned_pair_view_pair_x (JX_ALIGNED_PAIR_VIEW (view), (guint32) k);
        gint64 slot = start + (gint64) ((x - 200) * (double) (end - start) / (gtk_widget_get_width (view) - 200));
        gint64 length = end - start;

        jx_aligned_pair_view_set_window (JX_ALIGNED_PAIR_VIEW (view), slot - length / 40, slot + length / 10);
        break;
      }
  img = jx_test_render_widget (view);
  for (int y = 0; y < img->height && (row_a < 0 || row_b < 0); y++)
    {
      int part;

      jx_aligned_pair_view_pair_at (JX_ALIGNED_PAIR_VIEW (view), img->width / 2, y, &part);
      if (part == 1 && row_a < 0)
        row_a = y + 8;
      if (part == 3 && row_b < 0)
        row_b = y + 8;
    }
  g_assert_cmpint (row_a, >, 0);
  g_assert_cmpint (row_b, >, row_a);

  for (gsize k = 1; k < pair->alignment->n_pairs; k++)
    {
      const JxAlignPair *p = &pair->alignment->pairs[k];
      double x = jx_aligned_pair_view_pair_x (JX_ALIGNED_PAIR_VIEW (view), (guint32) k);
      JxRgba ca, cb;
      int xi = (int) x + 2;

      if (p->state != JX_PAIR_EQUAL || x < 202 || xi >= img->width - 2)
        continue;
      /* A call that is innermost at its own start shows there. */
      if (jx_aligned_pair_view_pair_at (JX_ALIGNED_PAIR_VIEW (view), xi, row_a, NULL) != k ||
          jx_aligned_pair_view_pair_at (JX_ALIGNED_PAIR_VIEW (view), xi, row_b, NULL) != k)
        continue;
      jx_palette_region_color (jx_trace_get_region (ta, jx_trace_get_stream (ta, 0)->region[p->a]), FALSE, &ca);
      jx_palette_region_color (jx_trace_get_region (tb, jx_trace_get_stream (tb, 0)->region[p->b]), FALSE, &cb);
      g_assert_true (jx_test_pixel_near (jx_test_image_pixel (img, xi, row_a), jx_palette_rgba_to_pixel (&ca)));
      g_assert_true (jx_test_pixel_near (jx_test_image_pixel (img, xi, row_b), jx_palette_rgba_to_pixel (&cb)));
      checked++;
    }
  g_assert_cmpuint (checked, >=, 3);

  {
    g_autofree char *tip = jx_aligned_pair_view_dup_tooltip (JX_ALIGNED_PAIR_VIEW (view), img->width / 2, row_a);

    g_assert_nonnull (tip);
    g_assert_nonnull (strstr (tip, "in “a”"));
  }

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

static gboolean
charts_ready (gpointer charts)
{
  return !jx_comparison_charts_is_busy (charts) && jx_comparison_charts_get_n_strips (charts) > 0;
}

/* The pane: charts for every pair, the line for the selection's pair; the
 * similarity list least similar first; activating a row selects. */
static void
test_pane (void)
{
  Fixture f;
  GtkWidget *pane, *window;
  JxComparisonCharts *charts;
  JxSimilarityList *list;
  const JxSeriesBucket *line;
  guint n_buckets, with_values = 0;
  double previous = -1.0;
  JxSessionTrace *item;
  guint32 stream;

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, 3, 6);
  pane = g_object_new (JX_TYPE_COMPARISON_PANE, NULL);
  jx_comparison_pane_set_session (JX_COMPARISON_PANE (pane), f.session);
  window = jx_test_present (pane, 1200, 600);
  jx_test_wait_allocated (pane);
  charts = jx_comparison_pane_get_charts (JX_COMPARISON_PANE (pane));
  g_assert_true (jx_test_wait_until (charts_ready, charts, 20));
  g_assert_cmpuint (jx_comparison_charts_get_n_strips (charts), ==, 3);
  line = jx_comparison_charts_get_line (charts, JX_SERIES_DISSIMILARITY, &n_buckets);
  g_assert_nonnull (line);
  /* A removed call every sixth of the run: most windows hold one. */
  for (guint i = 0; i < n_buckets; i++)
    if (line[i].n > 0)
      {
        g_assert_cmpfloat (line[i].max, <=, 1.0);
        with_values += line[i].max > 0.0;
      }
  g_assert_cmpuint (with_values, >, n_buckets / 2);
  g_assert_nonnull (jx_comparison_charts_get_line (charts, JX_SERIES_RUNTIME_SKEW, NULL));
  g_assert_nonnull (jx_comparison_charts_get_line (charts, JX_SERIES_TIME_DIFFERENCE, NULL));

  /* Selecting rank 2's main makes its pair the line's. */
  jx_session_select_invocation (f.session, jx_test_item_at (f.session, 0), 2, 0);
  g_assert_true (jx_test_wait_until (charts_ready, charts, 20));
  while (jx_comparison_charts_is_busy (charts))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (jx_comparison_charts_get_line_pair (charts), ==, 2);

  list = jx_comparison_pane_get_similarity (JX_COMPARISON_PANE (pane));
  g_assert_cmpuint (jx_similarity_list_get_n_rows (list), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      double similarity;

      g_assert_cmpuint (jx_similarity_list_get_pair (list, i, &similarity), <, 3);
      g_assert_cmpfloat (similarity, >=, previous);
      g_assert_cmpfloat (similarity, <, 1.0);
      previous = similarity;
    }
  jx_similarity_list_activate (list, 1);
  g_assert_true (jx_session_get_selected_invocation (f.session, &item, &stream, NULL));
  g_assert_true (item == jx_test_item_at (f.session, 0));
  g_assert_cmpuint (stream, ==, jx_comparison_get_pair (jx_session_trace_get_comparison (jx_test_item_at (f.session, 1)),
                                                        jx_similarity_list_get_pair (list, 1, NULL))->stream_a);

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

/* The widget with CSS class `name` inside root, depth first. */
static GtkWidget *
find_by_class (GtkWidget  *root,
               const char *name)
{
  if (gtk_widget_has_css_class (root, name))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_by_class (c, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_by_type (GtkWidget *root,
              GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_by_type (c, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every label shown under root lies whole inside pane and is not elided;
 * counts them into n_labels. */
static void
assert_labels_whole (GtkWidget  *root,
                     GtkWidget  *pane,
                     guint      *n_labels)
{
  if (!gtk_widget_get_mapped (root))
    return;
  if (GTK_IS_LABEL (root) && gtk_label_get_text (GTK_LABEL (root))[0] != '\0')
    {
      graphene_rect_t r;

      g_assert_true (gtk_widget_compute_bounds (root, pane, &r));
      if (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (root))))
        g_error ("“%s” is elided", gtk_label_get_text (GTK_LABEL (root)));
      g_assert_cmpfloat (r.origin.x, >=, 0);
      if (r.origin.x + r.size.width > gtk_widget_get_width (pane) + 0.5)
        g_error ("“%s” is cut at the pane's edge (%g + %g > %d)", gtk_label_get_text (GTK_LABEL (root)),
                 r.origin.x, r.size.width, gtk_widget_get_width (pane));
      (*n_labels)++;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    assert_labels_whole (c, pane, n_labels);
}

static double
top_in (GtkWidget *widget,
        GtkWidget *pane)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, pane, &r));
  return r.origin.y;
}

static GtkWidget *
fixed_child (int width,
             int height)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), width);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), height);
  return area;
}

/* The wrap box on its own: natural width all in one line, narrowest the
 * widest child; lines as high as their tallest child, children centred
 * (or filling it with valign fill), hidden children take no room. */
static void
test_wrap_box (void)
{
  GtkWidget *box, *window, *a, *b, *c;
  int min, nat, height;
  graphene_rect_t r;

  SKIP_WITHOUT_DISPLAY ();
  box = jx_wrap_box_new ();
  jx_wrap_box_set_spacing (JX_WRAP_BOX (box), 10, 4);
  a = fixed_child (100, 20);
  b = fixed_child (150, 30);
  c = fixed_child (80, 20);
  jx_wrap_box_append (JX_WRAP_BOX (box), a);
  jx_wrap_box_append (JX_WRAP_BOX (box), b);
  jx_wrap_box_append (JX_WRAP_BOX (box), c);
  g_assert_true (gtk_widget_get_request_mode (box) == GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH);
  gtk_widget_measure (box, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, 150);
  g_assert_cmpint (nat, ==, 100 + 10 + 150 + 10 + 80);
  /* One line; two (a and b, then c); three. */
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 400, &height, NULL, NULL, NULL);
  g_assert_cmpint (height, ==, 30);
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 260, &height, NULL, NULL, NULL);
  g_assert_cmpint (height, ==, 30 + 4 + 20);
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 150, &height, NULL, NULL, NULL);
  g_assert_cmpint (height, ==, 20 + 4 + 30 + 4 + 20);
  gtk_widget_set_visible (b, FALSE);
  gtk_widget_measure (box, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, 100);
  g_assert_cmpint (nat, ==, 190);
  gtk_widget_set_visible (b, TRUE);

  /* a centred in its line, c filling its own. */
  gtk_widget_set_valign (a, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (box, GTK_ALIGN_START);
  gtk_widget_set_valign (box, GTK_ALIGN_START);
  gtk_widget_set_size_request (box, 260, -1);
  window = jx_test_present (box, 300, 200);
  jx_test_wait_allocated (box);
  g_assert_true (gtk_widget_compute_bounds (a, box, &r));
  g_assert_cmpfloat (r.origin.x, ==, 0);
  g_assert_cmpfloat (r.origin.y, ==, 5);   /* centred in the 30 px line */
  g_assert_true (gtk_widget_compute_bounds (b, box, &r));
  g_assert_cmpfloat (r.origin.x, ==, 110);
  g_assert_true (gtk_widget_compute_bounds (c, box, &r));
  g_assert_cmpfloat (r.origin.x, ==, 0);
  g_assert_cmpfloat (r.origin.y, ==, 34);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With three traces the header has the title, the views, the diff-bar
 * mode, the reference and the drop-down of the compared trace: a narrow
 * pane wraps them onto more lines, a wide one has them in one, and no
 * label is elided or cut either way (the title was "C…"). */
static void
test_pane_header (void)
{
  Fixture f;
  g_autofree char *dir2 = NULL, *a2 = NULL, *b2 = NULL;
  GtkWidget *pane, *window, *header, *pair;
  const int widths[] = { 360, 1000 };

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, 2, 4);
  dir2 = jx_test_generate_remove_pair (2, 3, &a2, &b2);
  jx_session_add_path (f.session, b2);
  jx_test_wait_for_loads (f.session);
  pane = g_object_new (JX_TYPE_COMPARISON_PANE, NULL);
  jx_comparison_pane_set_session (JX_COMPARISON_PANE (pane), f.session);
  header = find_by_class (pane, "comparison-header");
  pair = find_by_class (pane, "comparison-pair");
  g_assert_nonnull (header);
  g_assert_nonnull (pair);

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      GtkWidget *title, *views, *dropdown;
      guint n_labels = 0;

      window = jx_test_present (g_object_ref (pane), widths[w], 600);
      jx_test_wait_allocated (pane);
      assert_labels_whole (header, pane, &n_labels);
      assert_labels_whole (pair, pane, &n_labels);
      /* The title, the four views, "Bars: …", "A:", the reference, its
       * "(reference)", "B:" and the compared trace in the drop-down. */
      g_assert_cmpuint (n_labels, >=, 11);

      title = gtk_widget_get_first_child (header);
      views = gtk_widget_get_next_sibling (title);
      g_assert_true (GTK_IS_LABEL (title));
      g_assert_true (GTK_IS_STACK_SWITCHER (views));
      dropdown = find_by_type (pair, GTK_TYPE_DROP_DOWN);
      g_assert_nonnull (dropdown);
      g_assert_true (gtk_widget_get_mapped (dropdown));
      /* The wrapping boxes are layout only: Tab goes to the first view
       * button, and in the pair's line to the drop-down. */
      g_assert_true (gtk_widget_child_focus (header, GTK_DIR_TAB_FORWARD));
      g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), views));
      g_assert_true (gtk_widget_child_focus (pair, GTK_DIR_TAB_FORWARD));
      g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == dropdown
                     || gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), dropdown));
      /* Narrow: the views below the title; wide: beside it. */
      if (widths[w] < 500)
        g_assert_cmpfloat (top_in (views, pane), >, top_in (title, pane) + 10);
      else
        g_assert_cmpfloat (ABS (top_in (views, pane) - top_in (title, pane)), <, 10);

      gtk_window_set_child (GTK_WINDOW (window), NULL);
      gtk_window_destroy (GTK_WINDOW (window));
    }

  g_object_unref (pane);
  jx_test_remove_tree (dir2);
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  have_display = jx_test_widget_init (&argc, &argv);

  g_test_add_func ("/comparison-views/diff-bar-pixels", test_diff_bar_pixels);
  g_test_add_func ("/comparison-views/function-table", test_function_table);
  g_test_add_func ("/comparison-views/structural-view", test_structural_view);
  g_test_add_func ("/comparison-views/pane", test_pane);
  g_test_add_func ("/comparison-views/pane-header", test_pane_header);
  g_test_add_func ("/comparison-views/wrap-box", test_wrap_box);

  return g_test_run ();
}
