/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-counter-row.c — counter rows in the timeline: a trace with a metric
 * gets a COUNTER row under each stream that records it, drawn in the
 * counter colour on one scale for all traces (a rate half the other
 * trace's is drawn half as high), with the value in the tooltip; choosing
 * no metric removes the rows, and a trace without metrics has none. Skips
 * without a display (CI runs it under xvfb-run). */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <otf2/otf2.h>

#include "jx-master-timeline.h"
#include "jx-palette.h"
#include "jx-session.h"
#include "jx-test-session.h"
#include "jx-test-widget.h"
#include "jx-timeline-canvas.h"
#include "jx-trace-builder.h"
#include "jx-trace-metrics.h"
#include "jx-trace-timeline-private.h"

#define MS G_GINT64_CONSTANT (1000000)

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY() G_STMT_START { \
  if (!have_display) { g_test_skip ("no display"); return; } \
} G_STMT_END

/* Two ranks running main over [0, 10 ms) (clock in ns); with a rate, a
 * "cycles" counter sampled every millisecond that grows by rate per ns. */
static JxTrace *
make_trace (const char *name,
            guint       rate)
{
  g_autofree char *path = g_strdup_printf ("/nonexistent/%s/traces.otf2", name);
  JxTraceBuilder *builder = jx_trace_builder_new (path, name, 1000000000);
  guint32 r_main = jx_trace_builder_add_region (builder, "main", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
  guint32 cycles = JX_NONE;

  if (rate > 0)
    cycles = jx_trace_builder_add_metric (builder, "cycles", "Cycles", "#", OTF2_METRIC_ACCUMULATED_START,
                                          JX_METRIC_VALUE_UINT64, OTF2_BASE_DECIMAL, 0);
  for (guint p = 0; p < 2; p++)
    {
      g_autofree char *pname = g_strdup_printf ("Rank %u", p);
      guint32 process = jx_trace_builder_add_process (builder, pname, JX_NONE);
      guint32 s = jx_trace_builder_add_stream (builder, process, "Master thread", JX_STREAM_CPU_THREAD);

      jx_trace_builder_enter (builder, s, 0, r_main);
      jx_trace_builder_leave (builder, s, 10 * MS, r_main);
      for (guint64 t = 0; rate > 0 && t <= 10 * MS; t += MS)
        {
          JxMetricValue v;

          v.u = t * rate;
          jx_trace_builder_add_metric_sample (builder, s, cycles, t, JX_METRIC_VALUE_UINT64, v);
        }
    }
  return jx_trace_builder_finish (builder);
}

static guint
count_rows (GtkWidget         *canvas,
            JxTimelineRowKind  kind,
            const JxTimelineRow **first)
{
  guint n_rows = 0, n = 0;
  const JxTimelineRow *rows = jx_timeline_canvas_get_rows (JX_TIMELINE_CANVAS (canvas), &n_rows);

  *first = NULL;
  for (guint r = 0; r < n_rows; r++)
    if (rows[r].kind == kind)
      {
        if (n++ == 0)
          *first = &rows[r];
      }
  return n;
}

/* The topmost row in [y0, y1) of column x drawn in the counter colour; -1
 * when there is none. */
static int
counter_top (const JxTestImage *img,
             int                x,
             int                y0,
             int                y1)
{
  JxRgba rgba;
  guint32 want;

  jx_palette_counter_color (FALSE, &rgba);
  want = jx_palette_rgba_to_pixel (&rgba);
  for (int y = y0; y < y1; y++)
    if (jx_test_pixel_near (jx_test_image_pixel (img, x, y), want))
      return y;
  return -1;
}

static void
test_counter_rows (void)
{
  g_autoptr(JxTrace) a = make_trace ("A", 1);
  g_autoptr(JxTrace) b = make_trace ("B", 2);
  g_autoptr(JxSession) session = jx_session_new ();
  JxCounterModel *counters = jx_session_get_counter_model (session);
  GtkWidget *view, *window, *canvases[2];
  const JxTimelineRow *row[2];
  double min, max;
  int tops[2];

  SKIP_WITHOUT_DISPLAY ();

  jx_session_add_trace (session, a);
  jx_session_add_trace (session, b);
  jx_test_set_view (session, 0, 10 * MS);
  /* Nothing chosen: the first metric there is. */
  g_assert_cmpstr (jx_counter_model_get_metric (counters), ==, "cycles");
  g_assert_cmpstr (jx_counter_model_get_metrics (counters)[0], ==, "cycles");
  g_assert_true (jx_counter_model_get_scale (counters, &min, &max));
  g_assert_cmpfloat (min, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (max, 2e9, 1.0);

  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 1000, 500);
  for (guint i = 0; i < 2; i++)
    {
      JxTraceTimeline *lane = jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (view),
                                                                     jx_test_item_at (session, i));
      g_autoptr(JxTestImage) img = NULL;
      int label_width = jx_trace_timeline_get_label_width (lane);
      int x;

      canvases[i] = jx_trace_timeline_get_canvas (lane);
      jx_test_wait_allocated (canvases[i]);
      g_assert_cmpuint (count_rows (canvases[i], JX_TIMELINE_ROW_COUNTER, &row[i]), ==, 2);
      g_assert_nonnull (row[i]);
      x = label_width + (gtk_widget_get_width (canvases[i]) - label_width) / 2;
      img = jx_test_render_widget (canvases[i]);
      tops[i] = counter_top (img, x, row[i]->y, row[i]->y + row[i]->height);
      g_assert_cmpint (tops[i], >=, row[i]->y);

      /* The value under the pointer, and the row's label. */
      {
        g_autofree char *tip = jx_timeline_canvas_dup_tooltip_markup (JX_TIMELINE_CANVAS (canvases[i]), x,
                                                                      row[i]->y + row[i]->height / 2);
        g_autofree char *label = jx_timeline_canvas_dup_tooltip_markup (JX_TIMELINE_CANVAS (canvases[i]), 5,
                                                                        row[i]->y + row[i]->height / 2);

        g_assert_nonnull (tip);
        g_assert_nonnull (strstr (tip, i == 0 ? "cycles: 1 G/s" : "cycles: 2 G/s"));
        g_assert_nonnull (label);
        g_assert_nonnull (strstr (label, "one scale for all traces"));
      }
    }
  /* One scale: A's rate, half of B's, is drawn about half as high. */
  g_assert_cmpint (tops[0] - row[0]->y, >, tops[1] - row[1]->y + row[1]->height / 4);

  /* No metric: no counter rows; back again. */
  jx_counter_model_set_metric (counters, "");
  g_assert_cmpuint (count_rows (canvases[0], JX_TIMELINE_ROW_COUNTER, &row[0]), ==, 0);
  g_assert_false (jx_counter_model_get_scale (counters, &min, &max));
  jx_counter_model_set_metric (counters, "cycles");
  g_assert_cmpuint (count_rows (canvases[0], JX_TIMELINE_ROW_COUNTER, &row[0]), ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A trace without metrics: nothing offered, nothing shown. */
static void
test_no_metrics (void)
{
  g_autoptr(JxTrace) plain = make_trace ("P", 0);
  g_autoptr(JxSession) session = jx_session_new ();
  JxCounterModel *counters = jx_session_get_counter_model (session);
  GtkWidget *view, *window, *canvas;
  const JxTimelineRow *row;

  SKIP_WITHOUT_DISPLAY ();

  jx_session_add_trace (session, plain);
  g_assert_cmpstr (jx_counter_model_get_metric (counters), ==, "");
  g_assert_null (jx_counter_model_get_metrics (counters)[0]);
  view = jx_master_timeline_new (session);
  window = jx_test_present (view, 800, 300);
  canvas = jx_trace_timeline_get_canvas (jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (view),
                                                                               jx_test_item_at (session, 0)));
  jx_test_wait_allocated (canvas);
  g_assert_cmpuint (count_rows (canvas, JX_TIMELINE_ROW_STREAM, &row), ==, 2);
  g_assert_cmpuint (count_rows (canvas, JX_TIMELINE_ROW_COUNTER, &row), ==, 0);
  /* A metric the trace does not have changes nothing either. */
  jx_counter_model_set_metric (counters, "cycles");
  g_assert_cmpuint (count_rows (canvas, JX_TIMELINE_ROW_COUNTER, &row), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  have_display = jx_test_widget_init (&argc, &argv);

  g_test_add_func ("/counter-row/rows", test_counter_rows);
  g_test_add_func ("/counter-row/no-metrics", test_no_metrics);
  return g_test_run ();
}
