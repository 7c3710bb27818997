/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-render-rows — frame time of a many-process lane with compressed
 * rows against the same lane with one full-height row per stream.
 *
 * A trace of 1,024 ranks (one stream each, N invocations per stream) is drawn
 * into a 1920x1080 image surface at the full view and 20 random zooms (fixed
 * seed): (a) compressed, every stream in a 1 px row, all 1,024 streams in
 * the frame (what a lane shows when its rows are squeezed to fit); (b) one
 * 18 px row per stream, the frame showing the 60 streams that fit (what the
 * lane showed before). Both are measured in the same run in interleaved
 * rounds, best CPU time per frame; the ratio (a)/(b) of the medians is
 * printed, also per stream drawn.
 *
 * Usage: bench-render-rows [--quick]   (--quick: 10x fewer invocations)
 */
#include "config.h"

#include <stdio.h>

#include "jx-bench.h"
#include "jx-palette.h"
#include "jx-timeline-renderer.h"
#include "jx-timeline-summary.h"
#include "jx-trace-builder.h"

#define WIDTH 1920
#define HEIGHT 1080
#define LABEL_WIDTH 160
#define N_RANKS 1024
#define N_ZOOMS 20
#define ROUNDS 5
#define PARADIGM_USER 1
#define ROLE_FUNCTION 1

static const char *region_names[] = { "main", "compute", "exchange", "reduce", "io" };

static JxTrace *
build_trace (guint per_stream)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/bench/traces.otf2", "ranks", 1000000000);
  guint32 regions[G_N_ELEMENTS (region_names)];
  guint32 node;
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);

  for (guint r = 0; r < G_N_ELEMENTS (region_names); r++)
    regions[r] = jx_trace_builder_add_region (b, region_names[r], PARADIGM_USER, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  for (guint s = 0; s < N_RANKS; s++)
    {
      g_autofree char *rank = g_strdup_printf ("MPI Rank %u", s);
      guint32 process = jx_trace_builder_add_process (b, rank, node);
      guint32 stream = jx_trace_builder_add_stream (b, process, "Master thread", JX_STREAM_CPU_THREAD);
      guint64 t = 1000;

      jx_trace_builder_enter (b, stream, t, regions[0]);
      for (guint i = 1; i < per_stream; i++)
        {
          guint r = 1 + g_rand_int_range (rand, 0, G_N_ELEMENTS (region_names) - 1);

          t += g_rand_int_range (rand, 5, 40);
          jx_trace_builder_enter (b, stream, t, regions[r]);
          t += g_rand_int_range (rand, 100, 4000);
          jx_trace_builder_leave (b, stream, t, regions[r]);
        }
      t += 100;
      jx_trace_builder_leave (b, stream, t, regions[0]);
    }
  return jx_trace_builder_finish (b);
}

typedef struct
{
  JxTimelineRenderer *renderer;
  GArray             *rows;
  int                 row_height;
} Variant;

static double
frame_cpu (JxTrace    *trace,
           Variant    *v,
           cairo_t    *cr,
           double      f0,
           double      f1,
           gint64      nudge)
{
  gint64 ts = (gint64) jx_trace_get_start_time (trace);
  gint64 te = (gint64) jx_trace_get_end_time (trace);
  JxTimelineView view;
  double c0;

  jx_timeline_view_init (&view);
  view.start = ts + (gint64) (f0 * (double) (te - ts)) + nudge;
  view.end = MAX (ts + (gint64) (f1 * (double) (te - ts)), view.start + 1) + nudge;
  view.width = WIDTH;
  view.height = HEIGHT;
  view.label_width = LABEL_WIDTH;
  view.rows = (const JxTimelineRow *) (gpointer) v->rows->data;
  view.n_rows = v->rows->len;
  jx_palette_trace_background (0, FALSE, &view.background);

  c0 = jx_bench_cpu_ms ();
  jx_timeline_renderer_draw (v->renderer, cr, &view);
  cairo_surface_flush (cairo_get_target (cr));
  return jx_bench_cpu_ms () - c0;
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (const double *values,
        guint         n)
{
  g_autofree double *copy = g_memdup2 (values, n * sizeof (double));

  qsort (copy, n, sizeof (double), cmp_double);
  return copy[n / 2];
}

int
main (int   argc,
      char *argv[])
{
  gboolean quick = argc > 1 && g_str_equal (argv[1], "--quick");
  guint per_stream = quick ? 1000 : 10000;
  g_autoptr(JxTrace) trace = build_trace (per_stream);
  JxTimelineSummary *summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  Variant variants[2] = { { NULL, NULL, 1 }, { NULL, NULL, 18 } };
  double best[2][N_ZOOMS + 1];
  double windows[N_ZOOMS + 1][2] = { { 0.0, 1.0 } };
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  double med[2];

  for (guint z = 1; z <= N_ZOOMS; z++)
    {
      double width = 1.0 / g_rand_double_range (rand, 1.5, 1000.0);
      double start = g_rand_double_range (rand, 0.0, 1.0 - width);

      windows[z][0] = start;
      windows[z][1] = start + width;
    }
  for (guint i = 0; i < 2; i++)
    {
      JxTimelineLayoutParams params;

      jx_timeline_layout_params_init (&params);
      params.row_height = variants[i].row_height;
      params.header_height = variants[i].row_height;
      variants[i].renderer = jx_timeline_renderer_new (trace);
      jx_timeline_renderer_set_summary (variants[i].renderer, summary);
      variants[i].rows = jx_timeline_layout_new (trace, &params, NULL);
      for (guint z = 0; z <= N_ZOOMS; z++)
        best[i][z] = G_MAXDOUBLE;
    }

  for (guint round = 0; round < ROUNDS; round++)
    for (guint k = 0; k < 2; k++)
      {
        /* Alternate the order so that neither variant always goes first. */
        guint i = (round + k) % 2;

        for (guint z = 0; z <= N_ZOOMS; z++)
          {
            double cpu = frame_cpu (trace, &variants[i], cr, windows[z][0], windows[z][1], round * 3 + 1);

            best[i][z] = MIN (best[i][z], cpu);
          }
      }

  med[0] = median (best[0], N_ZOOMS + 1);
  med[1] = median (best[1], N_ZOOMS + 1);
  printf ("bench-render-rows: %d ranks x %u invocations/stream, %dx%d, full view and %d zooms, best of %d rounds\n",
          N_RANKS, per_stream, WIDTH, HEIGHT, N_ZOOMS, ROUNDS);
  printf ("  compressed, 1 px rows (%d streams drawn):   median frame CPU %.2f ms, full view %.2f ms\n",
          N_RANKS, med[0], best[0][0]);
  printf ("  one 18 px row per stream (%d streams drawn): median frame CPU %.2f ms, full view %.2f ms\n",
          HEIGHT / 18, med[1], best[1][0]);
  printf ("  ratio compressed / full rows: %.2fx per frame, %.3fx per stream drawn\n",
          med[0] / MAX (med[1], 1e-3),
          (med[0] / N_RANKS) / MAX (med[1] / (HEIGHT / 18), 1e-6));

  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&variants[i].renderer);
      g_clear_pointer (&variants[i].rows, g_array_unref);
    }
  jx_timeline_summary_unref (summary);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return 0;
}
