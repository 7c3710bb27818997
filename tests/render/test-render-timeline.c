/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib/gstdio.h>

#include "jx-palette.h"
#include "jx-test-util.h"
#include "jx-timeline-renderer.h"
#include "jx-trace-builder.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"

#define PARADIGM_USER 1
#define PARADIGM_MPI 4
#define ROLE_FUNCTION 1
#define ROW 18

/* Rank 0: one stream, main [0, 10000) > compute [2000, 6000), MPI_Send [6000, 7000).
 * Rank 1: two threads; s1 main [0, 10000) > compute [1000, 3000); s2 compute [5000, 9000). */
static JxTrace *
fixed_trace (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/fixed/traces.otf2", "fixed", 1000000000);
  guint32 main_r, compute, send, node, p0, p1, s0, s1, s2;

  main_r = jx_trace_builder_add_region (b, "main", PARADIGM_USER, ROLE_FUNCTION);
  compute = jx_trace_builder_add_region (b, "compute", PARADIGM_USER, ROLE_FUNCTION);
  send = jx_trace_builder_add_region (b, "MPI_Send", PARADIGM_MPI, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  p0 = jx_trace_builder_add_process (b, "Rank 0", node);
  p1 = jx_trace_builder_add_process (b, "Rank 1", node);
  s0 = jx_trace_builder_add_stream (b, p0, "Master thread", JX_STREAM_CPU_THREAD);
  s1 = jx_trace_builder_add_stream (b, p1, "Master thread", JX_STREAM_CPU_THREAD);
  s2 = jx_trace_builder_add_stream (b, p1, "Thread 1", JX_STREAM_CPU_THREAD);

  jx_trace_builder_enter (b, s0, 0, main_r);
  jx_trace_builder_enter (b, s0, 2000, compute);
  jx_trace_builder_leave (b, s0, 6000, compute);
  jx_trace_builder_enter (b, s0, 6000, send);
  jx_trace_builder_leave (b, s0, 7000, send);
  jx_trace_builder_leave (b, s0, 10000, main_r);

  jx_trace_builder_enter (b, s1, 0, main_r);
  jx_trace_builder_enter (b, s1, 1000, compute);
  jx_trace_builder_leave (b, s1, 3000, compute);
  jx_trace_builder_leave (b, s1, 10000, main_r);

  jx_trace_builder_enter (b, s2, 5000, compute);
  jx_trace_builder_leave (b, s2, 9000, compute);
  return jx_trace_builder_finish (b);
}

typedef struct
{
  JxTrace            *trace;
  JxTimelineRenderer *renderer;
  GArray             *rows;
  JxTimelineView      view;
  cairo_surface_t    *surface;
  guint32             colors[3];   /* main, compute, MPI_Send, light */
  guint32             background;
} Fixture;

static void
fixture_layout (Fixture                      *f,
                const JxTimelineLayoutParams *params)
{
  int height = 0;

  g_clear_pointer (&f->rows, g_array_unref);
  f->rows = jx_timeline_layout_new (f->trace, params, &height);
  f->view.rows = (const JxTimelineRow *) (gpointer) f->rows->data;
  f->view.n_rows = f->rows->len;
  f->view.height = MAX (height, 1);
}

static void
fixture_init (Fixture  *f,
              gboolean  with_summary)
{
  JxRgba bg;

  f->trace = fixed_trace ();
  f->renderer = jx_timeline_renderer_new (f->trace);
  if (with_summary)
    {
      g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (f->trace, NULL, NULL, NULL, NULL);

      jx_timeline_renderer_set_summary (f->renderer, summary);
      g_assert_true (jx_timeline_renderer_get_summary (f->renderer) == summary);
    }
  jx_timeline_view_init (&f->view);
  f->view.start = 0;
  f->view.end = 10000;
  f->view.width = 100;          /* 100 ticks per pixel */
  jx_palette_trace_background (0, FALSE, &bg);
  f->view.background = bg;
  f->background = jx_palette_rgba_to_pixel (&bg);
  fixture_layout (f, NULL);
  for (guint r = 0; r < 3; r++)
    {
      JxRgba c;

      jx_palette_region_color (jx_trace_get_region (f->trace, r), FALSE, &c);
      f->colors[r] = jx_palette_rgba_to_pixel (&c);
    }
}

static void
fixture_clear (Fixture *f)
{
  g_clear_pointer (&f->surface, cairo_surface_destroy);
  g_clear_pointer (&f->rows, g_array_unref);
  g_clear_object (&f->renderer);
  g_clear_object (&f->trace);
}

static void
fixture_draw (Fixture *f)
{
  cairo_t *cr;

  g_clear_pointer (&f->surface, cairo_surface_destroy);
  f->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, f->view.width, f->view.height);
  cr = cairo_create (f->surface);
  jx_timeline_renderer_draw (f->renderer, cr, &f->view);
  cairo_destroy (cr);
  cairo_surface_flush (f->surface);
}

static guint32
pixel (Fixture *f,
       int      x,
       int      y)
{
  const guchar *data = cairo_image_surface_get_data (f->surface);
  int stride = cairo_image_surface_get_stride (f->surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (f->surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (f->surface));
  return *(const guint32 *) (gconstpointer) (data + (gsize) y * stride + (gsize) x * 4);
}

/* Columns [first, last] of row y drawn in `color`; FALSE when none. */
static gboolean
columns_of (Fixture *f,
            int      y,
            guint32  color,
            int     *first,
            int     *last)
{
  *first = -1;
  *last = -1;
  for (int x = 0; x < f->view.width; x++)
    if (pixel (f, x, y) == color)
      {
        if (*first < 0)
          *first = x;
        *last = x;
      }
  return *first >= 0;
}

static void
test_layout (void)
{
  g_autoptr(JxTrace) trace = fixed_trace ();
  g_autoptr(GArray) rows = NULL;
  JxTimelineLayoutParams params;
  const JxTimelineRow *r;
  guint8 collapsed[2] = { 0, 1 };
  int height;

  rows = jx_timeline_layout_new (trace, NULL, &height);
  /* Rank 0: one stream row; Rank 1: header + two stream rows. */
  g_assert_cmpuint (rows->len, ==, 4);
  r = (const JxTimelineRow *) (gpointer) rows->data;
  g_assert_cmpint (r[0].kind, ==, JX_TIMELINE_ROW_STREAM);
  g_assert_cmpint (r[1].kind, ==, JX_TIMELINE_ROW_PROCESS);
  g_assert_cmpint (r[2].kind, ==, JX_TIMELINE_ROW_STREAM);
  g_assert_cmpuint (r[3].stream, ==, 2);
  g_assert_true (r[1].first_in_process);
  g_assert_false (r[2].first_in_process);
  g_assert_cmpint (height, ==, 4 * ROW);
  g_assert_cmpint (jx_timeline_layout_row_at (r, rows->len, 0), ==, 0);
  g_assert_cmpint (jx_timeline_layout_row_at (r, rows->len, ROW + 3), ==, 1);
  g_assert_cmpint (jx_timeline_layout_row_at (r, rows->len, 4 * ROW - 1), ==, 3);
  g_assert_cmpint (jx_timeline_layout_row_at (r, rows->len, 4 * ROW), ==, -1);
  g_assert_cmpint (jx_timeline_layout_row_at (r, rows->len, -1), ==, -1);
  g_clear_pointer (&rows, g_array_unref);

  jx_timeline_layout_params_init (&params);
  params.collapsed = collapsed;
  params.call_stack_process = 0;
  params.row_height = 10;
  rows = jx_timeline_layout_new (trace, &params, &height);
  r = (const JxTimelineRow *) (gpointer) rows->data;
  /* Rank 0 in call-stack mode: stream + 2 depth rows; Rank 1 collapsed: header only. */
  g_assert_cmpuint (rows->len, ==, 4);
  g_assert_cmpint (r[0].kind, ==, JX_TIMELINE_ROW_STREAM);
  g_assert_cmpint (r[1].kind, ==, JX_TIMELINE_ROW_DEPTH);
  g_assert_cmpuint (r[1].depth, ==, 0);
  g_assert_cmpuint (r[2].depth, ==, 1);
  g_assert_cmpint (r[3].kind, ==, JX_TIMELINE_ROW_PROCESS);
  g_assert_true (r[3].collapsed);
  g_assert_cmpint (height, ==, 3 * 10 + 18);
}

/* The pixels of the interval a region occupies have its colour. */
static void
test_known_interval (void)
{
  Fixture f = { 0 };
  int first, last;

  fixture_init (&f, TRUE);
  fixture_draw (&f);

  /* Stream 0 (row 0): main 0-19, compute 20-59, MPI_Send 60-69, main 70-99. */
  g_assert_true (columns_of (&f, ROW / 2, f.colors[1], &first, &last));
  g_assert_cmpint (first, ==, 20);
  g_assert_cmpint (last, ==, 59);
  g_assert_true (columns_of (&f, ROW / 2, f.colors[2], &first, &last));
  g_assert_cmpint (first, ==, 60);
  g_assert_cmpint (last, ==, 69);
  g_assert_cmphex (pixel (&f, 10, ROW / 2), ==, f.colors[0]);
  g_assert_cmphex (pixel (&f, 85, ROW / 2), ==, f.colors[0]);
  /* Stream 2 (row 3): idle before 50 shows the trace background. */
  g_assert_cmphex (pixel (&f, 20, 3 * ROW + ROW / 2), ==, f.background);
  g_assert_true (columns_of (&f, 3 * ROW + ROW / 2, f.colors[1], &first, &last));
  g_assert_cmpint (first, ==, 50);
  g_assert_cmpint (last, ==, 89);
  /* MPI is drawn red. */
  g_assert_cmpuint ((f.colors[2] >> 16) & 0xff, >, ((f.colors[2] >> 8) & 0xff) + 60);

  /* Same pixels without a summary (exact walk) and with labels. */
  g_clear_object (&f.renderer);
  f.renderer = jx_timeline_renderer_new (f.trace);
  f.view.label_width = 60;
  f.view.width = 160;
  fixture_draw (&f);
  g_assert_true (columns_of (&f, ROW / 2, f.colors[1], &first, &last));
  g_assert_cmpint (first, ==, 80);
  g_assert_cmpint (last, ==, 119);
  fixture_clear (&f);
}

/* Shifting the visible window by Δ moves the columns by Δ·scale. */
static void
test_shift_moves_columns (void)
{
  Fixture f = { 0 };
  int first0, last0, first1, last1;
  gint64 delta = -1300;   /* ticks: 13 px at 100 ticks per pixel */

  fixture_init (&f, TRUE);
  f.view.width = 200;
  f.view.end = 20000;
  fixture_draw (&f);
  g_assert_true (columns_of (&f, ROW / 2, f.colors[1], &first0, &last0));

  f.view.start += delta;
  f.view.end += delta;
  fixture_draw (&f);
  g_assert_true (columns_of (&f, ROW / 2, f.colors[1], &first1, &last1));
  g_assert_cmpint (first1 - first0, ==, 13);
  g_assert_cmpint (last1 - last0, ==, 13);

  /* Through comparison time: an offset of +2.5 µs moves the trace 25 px right. */
  f.view.start = jx_time_comparison_to_ticks (jx_trace_get_time_origin (f.trace, 2500), 0);
  f.view.end = jx_time_comparison_to_ticks (jx_trace_get_time_origin (f.trace, 2500), 20000);
  g_assert_cmpint (f.view.start, ==, -2500);
  g_assert_cmpint (jx_time_ticks_to_comparison (jx_trace_get_time_origin (f.trace, 2500), f.view.start), ==, 0);
  fixture_draw (&f);
  g_assert_true (columns_of (&f, ROW / 2, f.colors[1], &first1, &last1));
  g_assert_cmpint (first1 - first0, ==, 25);
  g_assert_cmpfloat (jx_timeline_view_tick_to_x (&f.view, 2000), ==, 45.0);
  g_assert_cmpint (jx_timeline_view_x_to_tick (&f.view, 45.0), ==, 2000);
  fixture_clear (&f);
}

static void
test_search_dims (void)
{
  Fixture f = { 0 };
  g_autofree guint8 *mask = NULL;
  guint n_matches;

  fixture_init (&f, TRUE);
  mask = jx_timeline_search_mask_new (f.trace, "mpi_", &n_matches);
  g_assert_cmpuint (n_matches, ==, 1);
  g_assert_true (mask[2]);
  g_assert_false (mask[1]);
  g_assert_null (jx_timeline_search_mask_new (f.trace, "", NULL));

  f.view.search_mask = mask;
  fixture_draw (&f);
  g_assert_cmphex (pixel (&f, 65, ROW / 2), ==, f.colors[2]);
  g_assert_cmphex (pixel (&f, 30, ROW / 2), !=, f.colors[1]);
  g_assert_cmphex (pixel (&f, 30, ROW / 2), !=, f.background);
  fixture_clear (&f);
}

static void
test_hit_testing (void)
{
  Fixture f = { 0 };
  guint32 stream = 99, inv = 99, process = 99;

  fixture_init (&f, TRUE);
  f.view.label_width = 50;
  f.view.width = 150;

  g_assert_true (jx_timeline_renderer_invocation_at (f.renderer, &f.view, 50 + 30, ROW / 2, &stream, &inv));
  g_assert_cmpuint (stream, ==, 0);
  g_assert_cmpstr (jx_trace_get_region (f.trace, jx_trace_get_stream (f.trace, 0)->region[inv])->name, ==, "compute");
  g_assert_cmpuint (jx_timeline_renderer_region_at (f.renderer, &f.view, 50 + 65, ROW / 2), ==, 2);
  /* Labels, the process header and idle space hit nothing. */
  g_assert_false (jx_timeline_renderer_invocation_at (f.renderer, &f.view, 20, ROW / 2, NULL, NULL));
  g_assert_false (jx_timeline_renderer_invocation_at (f.renderer, &f.view, 80, ROW + 5, NULL, NULL));
  g_assert_false (jx_timeline_renderer_invocation_at (f.renderer, &f.view, 50 + 20, 3 * ROW + 5, NULL, NULL));
  g_assert_true (jx_timeline_renderer_invocation_at (f.renderer, &f.view, 50 + 60, 3 * ROW + 5, &stream, &inv));
  g_assert_cmpuint (stream, ==, 2);
  g_assert_cmpuint (jx_timeline_renderer_region_at (f.renderer, &f.view, 50 + 20, 3 * ROW + 5), ==, JX_NONE);
  /* The expander of Rank 1's header. */
  g_assert_true (jx_timeline_renderer_expander_at (f.renderer, &f.view, 8, ROW + 9, &process));
  g_assert_cmpuint (process, ==, 1);
  g_assert_false (jx_timeline_renderer_expander_at (f.renderer, &f.view, 8, 5, NULL));
  /* Scrolled by one row, y = 5 is the header. */
  f.view.scroll_y = ROW;
  g_assert_true (jx_timeline_renderer_expander_at (f.renderer, &f.view, 8, 5, NULL));
  fixture_clear (&f);
}

static void
test_selection_outline (void)
{
  Fixture f = { 0 };
  guint32 before, after;

  fixture_init (&f, TRUE);
  fixture_draw (&f);
  before = pixel (&f, 40, 1);
  f.view.selected_stream = 0;
  f.view.selected_invocation = 1;    /* compute, pre-order index 1 */
  fixture_draw (&f);
  after = pixel (&f, 40, 1);
  g_assert_cmphex (before, ==, f.colors[1]);
  /* The top edge of the outline runs over the compute columns. */
  g_assert_cmphex (after, ==, 0xff000000u);
  /* Far from it nothing changed. */
  g_assert_cmphex (pixel (&f, 90, ROW / 2), ==, f.colors[0]);
  fixture_clear (&f);
}

/* Highlighted calls (a merged-tree node's): Rank 0's compute and Thread
 * 1's compute keep their colours and get an outline, the rest of those two
 * rows is veiled, Rank 1's Master thread is drawn as without; a collapsed
 * Rank 1 veils around Thread 1's call, and on call-stack rows the call's
 * time stays bright at every level, outlined at its own. */
static void
test_call_highlight (void)
{
  Fixture f = { 0 };
  static const guint32 offset[] = { 0, 1, 1, 2 };
  static const guint32 invocations[] = { 1, 0 };   /* s0: compute; s2: compute */
  JxTimelineLayoutParams params;
  guint8 collapsed[2] = { 0, 1 };
  guint32 plain_s1_20, plain_s1_90;

  fixture_init (&f, TRUE);
  fixture_draw (&f);
  plain_s1_20 = pixel (&f, 20, 2 * ROW + ROW / 2);
  plain_s1_90 = pixel (&f, 90, 2 * ROW + ROW / 2);
  g_assert_cmphex (plain_s1_20, ==, f.colors[1]);

  f.view.highlight_offset = offset;
  f.view.highlight_invocations = invocations;
  fixture_draw (&f);
  /* Rank 0: compute (20–59) as it was, main around it veiled. */
  g_assert_cmphex (pixel (&f, 40, ROW / 2), ==, f.colors[1]);
  g_assert_cmphex (pixel (&f, 90, ROW / 2), !=, f.colors[0]);
  g_assert_cmphex (pixel (&f, 90, ROW / 2), !=, f.background);
  /* Its outline over the call's top edge, not elsewhere. */
  g_assert_cmphex (pixel (&f, 40, 1), !=, f.colors[1]);
  g_assert_cmphex (pixel (&f, 90, 1), ==, pixel (&f, 90, ROW / 2));
  /* Rank 1's Master thread has no highlighted call: untouched. */
  g_assert_cmphex (pixel (&f, 20, 2 * ROW + ROW / 2), ==, plain_s1_20);
  g_assert_cmphex (pixel (&f, 90, 2 * ROW + ROW / 2), ==, plain_s1_90);
  /* Thread 1: its compute (50–89) bright. */
  g_assert_cmphex (pixel (&f, 70, 3 * ROW + ROW / 2), ==, f.colors[1]);

  /* Collapsed Rank 1: bright over Thread 1's call, veiled before it. */
  jx_timeline_layout_params_init (&params);
  params.collapsed = collapsed;
  params.call_stack_process = 0;
  fixture_layout (&f, &params);
  f.view.highlight_offset = NULL;
  fixture_draw (&f);
  plain_s1_20 = pixel (&f, 20, 3 * ROW + ROW / 2);
  plain_s1_90 = pixel (&f, 70, 3 * ROW + ROW / 2);
  f.view.highlight_offset = offset;
  fixture_draw (&f);
  g_assert_cmphex (pixel (&f, 20, 3 * ROW + ROW / 2), !=, plain_s1_20);
  g_assert_cmphex (pixel (&f, 70, 3 * ROW + ROW / 2), ==, plain_s1_90);
  /* Call-stack rows of Rank 0: main bright over compute's time, veiled
   * after; compute outlined on its own level only. */
  g_assert_cmphex (pixel (&f, 40, ROW + ROW / 2), ==, f.colors[0]);
  g_assert_cmphex (pixel (&f, 90, ROW + ROW / 2), !=, f.colors[0]);
  g_assert_cmphex (pixel (&f, 40, ROW + 1), ==, f.colors[0]);
  g_assert_cmphex (pixel (&f, 40, 2 * ROW + ROW / 2), ==, f.colors[1]);
  g_assert_cmphex (pixel (&f, 40, 2 * ROW + 1), !=, f.colors[1]);
  fixture_clear (&f);
}

/* Redraws of the same window re-use the sampled rows; anything that changes
 * what the rows show must not. */
static void
test_redraw_cache (void)
{
  Fixture f = { 0 };
  g_autofree guint8 *mask = NULL;
  g_autoptr(GArray) saved = NULL;

  fixture_init (&f, TRUE);
  fixture_draw (&f);
  g_assert_cmphex (pixel (&f, 30, ROW / 2), ==, f.colors[1]);
  fixture_draw (&f);
  g_assert_cmphex (pixel (&f, 30, ROW / 2), ==, f.colors[1]);

  /* Search mask filled in place at the same address. */
  mask = g_new0 (guint8, jx_trace_get_n_regions (f.trace));
  f.view.search_mask = mask;
  mask[1] = 1;
  fixture_draw (&f);
  g_assert_cmphex (pixel (&f, 30, ROW / 2), ==, f.colors[1]);
  g_assert_cmphex (pixel (&f, 65, ROW / 2), !=, f.colors[2]);
  mask[1] = 0;
  mask[2] = 1;
  fixture_draw (&f);
  g_assert_cmphex (pixel (&f, 30, ROW / 2), !=, f.colors[1]);
  g_assert_cmphex (pixel (&f, 65, ROW / 2), ==, f.colors[2]);
  f.view.search_mask = NULL;

  /* Rows rewritten in place: row 0 now shows stream 2. */
  saved = g_array_copy (f.rows);
  g_array_index (f.rows, JxTimelineRow, 0).stream = 2;
  fixture_draw (&f);
  g_assert_cmphex (pixel (&f, 20, ROW / 2), ==, f.background);
  g_assert_cmphex (pixel (&f, 60, ROW / 2), ==, f.colors[1]);
  g_array_index (f.rows, JxTimelineRow, 0).stream = 0;

  /* Background change. */
  jx_palette_trace_background (3, FALSE, &f.view.background);
  fixture_draw (&f);
  g_assert_cmphex (pixel (&f, 60, 3 * ROW + 2), ==, f.colors[1]);
  g_assert_cmphex (pixel (&f, 20, 3 * ROW + ROW / 2), ==, jx_palette_rgba_to_pixel (&f.view.background));
  fixture_clear (&f);
}

/* During an offset drag a window that only slid sideways re-uses the rows
 * of the last sampled frame, translated: nothing is sampled, the picture is
 * a sampled frame's where both have content, the label column stays, and
 * the columns the slide uncovered show the "not sampled yet" stripes; the
 * drop samples again. Without the flag, or for another width, frames sample. */
static void
test_offset_drag_translates (void)
{
  Fixture f = { 0 };
  g_autoptr(JxTimelineRenderer) fresh = NULL;
  cairo_surface_t *press, *sampled;
  const int lw = 20, shift = 20;
  guint n;
  gboolean striped = FALSE;

  fixture_init (&f, TRUE);
  f.view.label_width = lw;
  f.view.width = lw + 180;
  f.view.start = 0;
  f.view.end = 9000;              /* 50 ticks per pixel */
  fixture_draw (&f);
  n = jx_timeline_renderer_get_n_samplings (f.renderer);
  g_assert_cmpuint (n, ==, 1);
  press = cairo_surface_reference (f.surface);

  /* The trace moves left by 20 px: the window shows 1000 ticks later. */
  f.view.offset_drag = TRUE;
  f.view.start += shift * 50;
  f.view.end += shift * 50;
  fixture_draw (&f);
  g_assert_cmpuint (jx_timeline_renderer_get_n_samplings (f.renderer), ==, n);

  /* What a sampled frame of that window shows. */
  fresh = jx_timeline_renderer_new (f.trace);
  jx_timeline_renderer_set_summary (fresh, jx_timeline_renderer_get_summary (f.renderer));
  {
    JxTimelineView view = f.view;
    cairo_t *cr;

    view.offset_drag = FALSE;
    sampled = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
    cr = cairo_create (sampled);
    jx_timeline_renderer_draw (fresh, cr, &view);
    cairo_destroy (cr);
    cairo_surface_flush (sampled);
  }

  for (guint r = 0; r < f.view.n_rows; r++)
    {
      const JxTimelineRow *row = &f.view.rows[r];
      int y = row->y + row->height / 2;
      const guchar *drag_data = cairo_image_surface_get_data (f.surface);
      const guchar *press_data = cairo_image_surface_get_data (press);
      const guchar *sampled_data = cairo_image_surface_get_data (sampled);
      int stride = cairo_image_surface_get_stride (f.surface);
#define PX(data, x) (*(const guint32 *) (gconstpointer) ((data) + (gsize) y * stride + (gsize) (x) * 4))

      for (int x = 0; x < lw; x++)
        g_assert_cmphex (PX (drag_data, x), ==, PX (press_data, x));
      for (int x = lw; x < f.view.width - shift; x++)
        {
          g_assert_cmphex (PX (drag_data, x), ==, PX (press_data, x + shift));
          g_assert_cmphex (PX (drag_data, x), ==, PX (sampled_data, x));
        }
      for (int x = f.view.width - shift; x < f.view.width; x++)
        {
          guint32 p = PX (drag_data, x);

          g_assert_cmphex (p, !=, f.colors[0]);
          g_assert_cmphex (p, !=, f.colors[1]);
          g_assert_cmphex (p, !=, f.colors[2]);
          striped |= p != f.background;
        }
#undef PX
    }
  g_assert_true (striped);
  /* Rank 0's main runs to tick 10000: the uncovered columns have content. */
  g_assert_cmphex (pixel (&f, f.view.width - 5, ROW / 2), !=, f.colors[0]);

  /* The drop samples: main shows there. */
  f.view.offset_drag = FALSE;
  fixture_draw (&f);
  g_assert_cmpuint (jx_timeline_renderer_get_n_samplings (f.renderer), ==, n + 1);
  g_assert_cmphex (pixel (&f, f.view.width - 5, ROW / 2), ==, f.colors[0]);

  /* A slide without the flag (a pan) samples; so does a zoom during a drag. */
  f.view.start += 500;
  f.view.end += 500;
  fixture_draw (&f);
  g_assert_cmpuint (jx_timeline_renderer_get_n_samplings (f.renderer), ==, n + 2);
  f.view.offset_drag = TRUE;
  f.view.end += 2000;
  fixture_draw (&f);
  g_assert_cmpuint (jx_timeline_renderer_get_n_samplings (f.renderer), ==, n + 3);
  /* A redraw of the same window does not. */
  fixture_draw (&f);
  g_assert_cmpuint (jx_timeline_renderer_get_n_samplings (f.renderer), ==, n + 3);

  cairo_surface_destroy (sampled);
  cairo_surface_destroy (press);
  fixture_clear (&f);
}

static void
test_call_stack_and_collapsed (void)
{
  Fixture f = { 0 };
  JxTimelineLayoutParams params;
  guint8 collapsed[2] = { 0, 1 };
  JxRgba dark_compute;

  fixture_init (&f, TRUE);
  jx_timeline_layout_params_init (&params);
  params.collapsed = collapsed;
  params.call_stack_process = 0;
  fixture_layout (&f, &params);
  fixture_draw (&f);

  /* Depth 0 row: main everywhere; depth 1 row: compute 20-59, MPI 60-69, idle else. */
  g_assert_cmphex (pixel (&f, 30, ROW + ROW / 2), ==, f.colors[0]);
  g_assert_cmphex (pixel (&f, 30, 2 * ROW + ROW / 2), ==, f.colors[1]);
  g_assert_cmphex (pixel (&f, 65, 2 * ROW + ROW / 2), ==, f.colors[2]);
  g_assert_cmphex (pixel (&f, 10, 2 * ROW + ROW / 2), ==, f.background);
  /* Collapsed Rank 1: aggregate of both threads; at 15-29 s1 runs compute, s2 is idle. */
  g_assert_cmphex (pixel (&f, 20, 3 * ROW + ROW / 2), ==, f.colors[1]);

  /* Dark mode draws the dark variants. */
  f.view.dark = TRUE;
  jx_palette_trace_background (0, TRUE, &f.view.background);
  fixture_draw (&f);
  jx_palette_region_color (jx_trace_get_region (f.trace, 1), TRUE, &dark_compute);
  g_assert_cmphex (pixel (&f, 30, ROW / 2), ==, jx_palette_rgba_to_pixel (&dark_compute));
  g_assert_cmphex (jx_palette_rgba_to_pixel (&dark_compute), !=, f.colors[1]);
  fixture_clear (&f);
}

/* Without a summary, rows too costly to walk are drawn as pending stripes
 * until the summary is set; call-stack rows until their levels are ensured. */
static void
test_pending_rows (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/big/traces.otf2", "big", 1000000000);
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxTimelineRenderer) renderer = NULL;
  g_autoptr(JxTimelineSummary) summary = NULL;
  g_autoptr(GArray) rows = NULL;
  JxTimelineLayoutParams params;
  JxTimelineView view;
  cairo_surface_t *surface;
  guint32 f, g, node, stream, row0[64], row1[64];
  JxRgba c;
  int height;

  f = jx_trace_builder_add_region (b, "f", PARADIGM_USER, ROLE_FUNCTION);
  g = jx_trace_builder_add_region (b, "g", PARADIGM_USER, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  stream = jx_trace_builder_add_stream (b, jx_trace_builder_add_process (b, "Rank 0", node),
                                        "Master thread", JX_STREAM_CPU_THREAD);
  /* 20000 x (f 8 ticks > g 2 ticks): f dominates every pixel. */
  for (guint i = 0; i < 20000; i++)
    {
      jx_trace_builder_enter (b, stream, i * 10, f);
      jx_trace_builder_enter (b, stream, i * 10 + 3, g);
      jx_trace_builder_leave (b, stream, i * 10 + 5, g);
      jx_trace_builder_leave (b, stream, i * 10 + 10, f);
    }
  trace = jx_trace_builder_finish (b);
  renderer = jx_timeline_renderer_new (trace);
  jx_timeline_layout_params_init (&params);
  params.call_stack_process = 0;
  rows = jx_timeline_layout_new (trace, &params, &height);
  g_assert_cmpuint (rows->len, ==, 3);

  jx_timeline_view_init (&view);
  view.start = 0;
  view.end = 200000;
  view.width = 64;
  view.height = height;
  view.rows = (const JxTimelineRow *) (gpointer) rows->data;
  view.n_rows = rows->len;
  view.background.red = view.background.green = view.background.blue = view.background.alpha = 1.0f;
  jx_palette_region_color (jx_trace_get_region (trace, f), FALSE, &c);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
  for (guint pass = 0; pass < 3; pass++)
    {
      cairo_t *cr = cairo_create (surface);
      const guchar *data;
      int stride;

      if (pass == 1)
        {
          summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
          jx_timeline_renderer_set_summary (renderer, summary);
        }
      if (pass == 2)
        g_assert_true (jx_timeline_summary_ensure_call_stack (summary, stream, NULL, NULL));
      jx_timeline_renderer_draw (renderer, cr, &view);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      data = cairo_image_surface_get_data (surface);
      stride = cairo_image_surface_get_stride (surface);
      for (int x = 0; x < 64; x++)
        {
          row0[x] = *(const guint32 *) (gconstpointer) (data + (gsize) (ROW / 2) * stride + x * 4);
          row1[x] = *(const guint32 *) (gconstpointer) (data + (gsize) (ROW + ROW / 2) * stride + x * 4);
        }
      /* Stream row: pending only before the summary; depth row until ensured. */
      g_assert_true ((row0[0] == jx_palette_rgba_to_pixel (&c)) == (pass >= 1));
      g_assert_true ((row1[0] == jx_palette_rgba_to_pixel (&c)) == (pass >= 2));
      if (pass == 0)
        {
          g_assert_cmphex (row0[0], !=, 0xffffffffu);   /* stripe */
          g_assert_cmphex (row0[4], ==, 0xffffffffu);   /* gap between stripes */
          g_assert_cmpuint (jx_timeline_renderer_region_at (renderer, &view, 10, ROW / 2), ==, JX_NONE);
        }
    }
  cairo_surface_destroy (surface);
}

/* Messages of a real Score-P trace: lines appear between the rows of sender
 * and receiver when enabled, and only then. */
static void
test_messages_real_trace (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("casita__4_mpi_ls_barr/traces.otf2");
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxTimelineRenderer) renderer = NULL;
  g_autoptr(GArray) rows = NULL;
  const JxMessage *messages, *m = NULL;
  JxTimelineView view;
  cairo_surface_t *with, *without;
  cairo_t *cr;
  int height, row_s = -1, row_r = -1, x, y, differing = 0;
  gint64 span;

  trace = jx_trace_load (path, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  messages = jx_trace_get_messages (trace);
  for (guint i = 0; i < jx_trace_get_n_messages (trace); i++)
    if (messages[i].receiver != JX_NONE && messages[i].recv_time != G_MAXUINT64 &&
        messages[i].receiver != messages[i].sender)
      {
        m = &messages[i];
        break;
      }
  g_assert_nonnull (m);

  renderer = jx_timeline_renderer_new (trace);
  rows = jx_timeline_layout_new (trace, NULL, &height);
  for (guint r = 0; r < rows->len; r++)
    {
      const JxTimelineRow *row = &g_array_index (rows, JxTimelineRow, r);

      if (row->kind == JX_TIMELINE_ROW_STREAM && row->stream == m->sender)
        row_s = r;
      if (row->kind == JX_TIMELINE_ROW_STREAM && row->stream == m->receiver)
        row_r = r;
    }
  g_assert_cmpint (row_s, >=, 0);
  g_assert_cmpint (row_r, >=, 0);

  /* A window around the message, wide enough to see both ends. */
  jx_timeline_view_init (&view);
  span = MAX ((gint64) (m->recv_time - m->send_time), 1000) * 20;
  view.start = (gint64) m->send_time - span / 2;
  view.end = view.start + span;
  view.width = 400;
  view.height = height;
  view.rows = (const JxTimelineRow *) (gpointer) rows->data;
  view.n_rows = rows->len;
  view.background.red = view.background.green = view.background.blue = view.background.alpha = 1.0f;

  with = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
  cr = cairo_create (with);
  jx_timeline_renderer_draw (renderer, cr, &view);
  cairo_destroy (cr);
  view.show_messages = FALSE;
  without = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
  cr = cairo_create (without);
  jx_timeline_renderer_draw (renderer, cr, &view);
  cairo_destroy (cr);
  cairo_surface_flush (with);
  cairo_surface_flush (without);

  /* Around the middle of the line from (send, sender row) to (receive, receiver row). */
  x = (int) ((jx_timeline_view_tick_to_x (&view, (gint64) m->send_time) +
              jx_timeline_view_tick_to_x (&view, (gint64) m->recv_time)) / 2);
  y = (g_array_index (rows, JxTimelineRow, row_s).y + g_array_index (rows, JxTimelineRow, row_s).height / 2 +
       g_array_index (rows, JxTimelineRow, row_r).y + g_array_index (rows, JxTimelineRow, row_r).height / 2) / 2;
  for (int dy = -2; dy <= 2; dy++)
    for (int dx = -2; dx <= 2; dx++)
      {
        int px = CLAMP (x + dx, 0, view.width - 1), py = CLAMP (y + dy, 0, view.height - 1);
        const guchar *a = cairo_image_surface_get_data (with) + (gsize) py * cairo_image_surface_get_stride (with) + px * 4;
        const guchar *b = cairo_image_surface_get_data (without) + (gsize) py * cairo_image_surface_get_stride (without) + px * 4;

        if (memcmp (a, b, 4) != 0)
          differing++;
      }
  g_assert_cmpint (differing, >, 0);

  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}

/* Markers of a generated archive: a dashed line at each marker time. */
static void
test_markers_generated (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("jx-render-XXXXXX", &error);
  g_autofree char *anchor = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxTimelineRenderer) renderer = NULL;
  g_autoptr(GArray) rows = NULL;
  JxGeneratorOptions options;
  JxTimelineView view;
  cairo_surface_t *surface[2];
  const JxMarker *marker;
  int height, x, differing = 0;

  g_assert_no_error (error);
  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_iterations = 4;
  options.markers = TRUE;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  anchor = g_build_filename (dir, "traces.otf2", NULL);
  trace = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_get_n_markers (trace), >, 0);
  marker = jx_trace_get_marker (trace, jx_trace_get_n_markers (trace) / 2);

  renderer = jx_timeline_renderer_new (trace);
  rows = jx_timeline_layout_new (trace, NULL, &height);
  jx_timeline_view_init (&view);
  view.start = (gint64) jx_trace_get_start_time (trace);
  view.end = (gint64) jx_trace_get_end_time (trace) + 1;
  view.width = 500;
  view.height = height;
  view.rows = (const JxTimelineRow *) (gpointer) rows->data;
  view.n_rows = rows->len;
  view.show_messages = FALSE;
  view.background.red = view.background.green = view.background.blue = view.background.alpha = 1.0f;
  for (guint i = 0; i < 2; i++)
    {
      cairo_t *cr;

      view.show_markers = i == 0;
      surface[i] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width, view.height);
      cr = cairo_create (surface[i]);
      jx_timeline_renderer_draw (renderer, cr, &view);
      cairo_destroy (cr);
      cairo_surface_flush (surface[i]);
    }
  /* The marker's column differs from top to bottom (triangle and dashes). */
  x = (int) floor (jx_timeline_view_tick_to_x (&view, (gint64) marker->time));
  for (int y = 0; y < view.height; y++)
    {
      const guchar *a = cairo_image_surface_get_data (surface[0]) + (gsize) y * cairo_image_surface_get_stride (surface[0]) + x * 4;
      const guchar *b = cairo_image_surface_get_data (surface[1]) + (gsize) y * cairo_image_surface_get_stride (surface[1]) + x * 4;

      if (memcmp (a, b, 4) != 0)
        differing++;
    }
  g_assert_cmpint (differing, >=, view.height / 3);
  cairo_surface_destroy (surface[0]);
  cairo_surface_destroy (surface[1]);

  jx_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/timeline/layout", test_layout);
  g_test_add_func ("/render/timeline/known-interval", test_known_interval);
  g_test_add_func ("/render/timeline/shift-moves-columns", test_shift_moves_columns);
  g_test_add_func ("/render/timeline/search-dims", test_search_dims);
  g_test_add_func ("/render/timeline/hit-testing", test_hit_testing);
  g_test_add_func ("/render/timeline/selection-outline", test_selection_outline);
  g_test_add_func ("/render/timeline/call-highlight", test_call_highlight);
  g_test_add_func ("/render/timeline/redraw-cache", test_redraw_cache);
  g_test_add_func ("/render/timeline/offset-drag-translates", test_offset_drag_translates);
  g_test_add_func ("/render/timeline/call-stack-and-collapsed", test_call_stack_and_collapsed);
  g_test_add_func ("/render/timeline/pending-rows", test_pending_rows);
  g_test_add_func ("/render/timeline/messages-real-trace", test_messages_real_trace);
  g_test_add_func ("/render/timeline/markers-generated", test_markers_generated);

  return g_test_run ();
}
