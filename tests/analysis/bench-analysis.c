/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-analysis — the costs of the imbalance analysis and of folded rows.
 *
 * 1. SOS time: a generated trace of about 20 million events (16 ranks,
 *    11000 iterations, rank 3 slowed; the generator's writer, then the
 *    loader): CPU time of this thread for the dominant function alone and
 *    for dominant function + SOS time of every segment + ranking
 *    (jx_imbalance_compute), against a baseline measured in the same run:
 *    one pass summing every invocation's duration. Target: <= 1 s.
 * 2. Folded rows: an in-memory trace of one process with 64 threads of
 *    200k invocations each. Per window (full view and 20 random zooms,
 *    1.5x .. 1e6x, fixed seed) the CPU time of a frame of ONE folded row of
 *    the 64 streams at 1920 px (18 px high, drawn by the timeline renderer
 *    with the folded sequences built) against a frame of ONE of its stream
 *    rows at the same window: the ratio of medians (target <= 1.5x); and
 *    the same for the sampling alone (jx_timeline_fold_sample against
 *    jx_timeline_summary_sample), without the drawing both share; median
 *    and worst per zoom band. Also the folded sequence's size (intervals
 *    against the members' invocations, bytes per member invocation with
 *    its pyramid) and its build time.
 *
 * Times are best of several rounds (other jobs share this machine); each
 * round nudges the windows, so no cache serves a repeated window.
 *
 * Usage: bench-analysis [--quick]   (--quick: 10x fewer events)
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib/gstdio.h>

#include "jx-bench.h"
#include "jx-imbalance.h"
#include "jx-timeline-fold.h"
#include "jx-timeline-renderer.h"
#include "jx-trace-builder.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "jx-test-gen.h"

#define WIDTH 1920
#define N_ZOOMS 20
#define ROUNDS 7
#define REPEATS 10
#define FOLD_STREAMS 64

#define PARADIGM_USER 1
#define PARADIGM_MPI 4
#define ROLE_FUNCTION 1

/* Part 1 ---------------------------------------------------------------- */

static guint64
sum_durations (JxTrace *trace)
{
  guint64 total = 0;

  for (guint s = 0; s < jx_trace_get_n_streams (trace); s++)
    {
      const JxStream *stream = jx_trace_get_stream (trace, s);

      for (guint32 i = 0; i < stream->n_invocations; i++)
        total += stream->end[i] - stream->start[i];
    }
  return total;
}

static int
bench_sos (gboolean quick)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp (NULL, &error);
  g_autofree char *anchor = NULL;
  g_autoptr(JxTrace) trace = NULL;
  double baseline = G_MAXDOUBLE, candidates = G_MAXDOUBLE, full = G_MAXDOUBLE;
  guint64 events, sink = 0;

  if (tmp == NULL)
    {
      g_printerr ("bench-analysis: %s\n", error->message);
      return 1;
    }
  jx_generator_options_init (&options);
  options.seed = 2024;
  options.n_ranks = 16;
  options.n_iterations = quick ? 1100 : 11000;
  options.imbalanced_ranks = 1u << 3;
  options.imbalance = 0.3;
  events = jx_generate_trace (tmp, &options, &error);
  if (events == 0)
    {
      g_printerr ("bench-analysis: %s\n", error->message);
      jx_test_remove_tree (tmp);
      return 1;
    }
  anchor = g_build_filename (tmp, "traces.otf2", NULL);
  trace = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  jx_test_remove_tree (tmp);
  if (trace == NULL)
    {
      g_printerr ("bench-analysis: %s\n", error->message);
      return 1;
    }

  for (guint r = 0; r < 3; r++)
    {
      double c0 = jx_bench_cpu_ms ();
      g_autoptr(GArray) found = NULL;
      g_autoptr(JxImbalance) imbalance = NULL;

      sink += sum_durations (trace);
      baseline = MIN (baseline, jx_bench_cpu_ms () - c0);
      c0 = jx_bench_cpu_ms ();
      found = jx_imbalance_find_candidates (trace, 10);
      candidates = MIN (candidates, jx_bench_cpu_ms () - c0);
      c0 = jx_bench_cpu_ms ();
      imbalance = jx_imbalance_compute (trace, NULL, NULL, &error);
      full = MIN (full, jx_bench_cpu_ms () - c0);
      if (imbalance == NULL)
        {
          g_printerr ("bench-analysis: %s\n", error->message);
          return 1;
        }
      if (r == 0)
        printf ("SOS time: %" G_GUINT64_FORMAT " events, %" G_GUINT64_FORMAT " invocations; dominant function %s, "
                "%u segments, most imbalanced %s\n",
                events, jx_trace_get_n_invocations (trace),
                jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name,
                jx_imbalance_get_n_segments (imbalance),
                jx_trace_get_process (trace, jx_imbalance_get_process (imbalance, 0)->process)->name);
    }
  printf ("  baseline, one pass summing every invocation's duration: CPU %.1f ms (checksum %" G_GUINT64_FORMAT ")\n",
          baseline, sink % 1000);
  printf ("  dominant function alone:                 CPU %.1f ms = %.2fx the baseline\n",
          candidates, candidates / MAX (baseline, 1e-3));
  printf ("  dominant function + SOS time + ranking:  CPU %.1f ms = %.2fx the baseline   (target <= 1000 ms)\n",
          full, full / MAX (baseline, 1e-3));
  return 0;
}

/* Part 2 ---------------------------------------------------------------- */

enum { R_ITER, R_COMPUTE, R_KERNEL, R_SOLVE, R_DOT, R_HALO, R_WAIT, R_ALLREDUCE, N_REGIONS };

static JxTrace *
fold_trace (guint per_stream)
{
  static const char *names[N_REGIONS] = {
    "iteration", "compute", "stencil_kernel", "solve", "dot", "exchange_halo", "MPI_Waitall", "MPI_Allreduce",
  };
  JxTraceBuilder *b = jx_trace_builder_new ("/bench/traces.otf2", "fold", 1000000000);
  guint32 regions[N_REGIONS], node, process;

  for (guint r = 0; r < N_REGIONS; r++)
    regions[r] = jx_trace_builder_add_region (b, names[r], g_str_has_prefix (names[r], "MPI_") ? PARADIGM_MPI
                                                                                             : PARADIGM_USER,
                                              ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  process = jx_trace_builder_add_process (b, "MPI Rank 0", node);
  for (guint s = 0; s < FOLD_STREAMS; s++)
    {
      g_autofree char *name = g_strdup_printf ("Thread %u", s);
      guint32 stream = jx_trace_builder_add_stream (b, process, name, JX_STREAM_CPU_THREAD);
      g_autoptr(GRand) rand = g_rand_new_with_seed (100 + s);
      guint64 t = 1000;
      guint left = per_stream;

      /* Iterations in step on every thread (an OpenMP code), with jitter. */
      while (left >= 8)
        {
          guint64 iteration_end = t + 40000;

          jx_trace_builder_enter (b, stream, t, regions[R_ITER]);
          jx_trace_builder_enter (b, stream, t + 100, regions[R_COMPUTE]);
          jx_trace_builder_enter (b, stream, t + 200, regions[R_KERNEL]);
          jx_trace_builder_enter (b, stream, t + 5000, regions[R_SOLVE]);
          jx_trace_builder_enter (b, stream, t + 6000 + g_rand_int_range (rand, 0, 2000), regions[R_DOT]);
          jx_trace_builder_leave (b, stream, t + 9000, regions[R_DOT]);
          jx_trace_builder_leave (b, stream, t + 12000, regions[R_SOLVE]);
          jx_trace_builder_leave (b, stream, t + 20000 + g_rand_int_range (rand, 0, 6000), regions[R_KERNEL]);
          jx_trace_builder_leave (b, stream, t + 26500, regions[R_COMPUTE]);
          jx_trace_builder_enter (b, stream, t + 27000, regions[R_HALO]);
          jx_trace_builder_enter (b, stream, t + 28000, regions[R_WAIT]);
          jx_trace_builder_leave (b, stream, t + 31000 + g_rand_int_range (rand, 0, 2000), regions[R_WAIT]);
          jx_trace_builder_leave (b, stream, t + 34000, regions[R_HALO]);
          jx_trace_builder_enter (b, stream, t + 34500, regions[R_ALLREDUCE]);
          jx_trace_builder_leave (b, stream, t + 39000, regions[R_ALLREDUCE]);
          jx_trace_builder_leave (b, stream, iteration_end - 500, regions[R_ITER]);
          t = iteration_end;
          left -= 8;
        }
    }
  return jx_trace_builder_finish (b);
}

static double windows[N_ZOOMS + 1][2];

static void
windows_init (void)
{
  jx_bench_zoom_windows (windows, N_ZOOMS, 2024);
}

/* The per-window frame ratios by zoom band: median and worst of each, and of
 * all 20 zooms (the target holds for every window, not only the median). */
static void
print_bands (double       zoom_windows[][2],
             const double *ratios)
{
  static const struct { const char *name; double lo, hi; } bands[] = {
    { "all 20 zooms", 0.0, G_MAXDOUBLE },
    { "zoom < 100x", 0.0, 100.0 },
    { "100x .. 10000x", 100.0, 10000.0 },
    { "zoom >= 10000x", 10000.0, G_MAXDOUBLE },
  };

  for (guint b = 0; b < G_N_ELEMENTS (bands); b++)
    {
      double in_band[N_ZOOMS], worst = 0.0;
      guint n = 0;

      for (guint z = 1; z <= N_ZOOMS; z++)
        {
          double zoom = 1.0 / (zoom_windows[z][1] - zoom_windows[z][0]);

          if (zoom >= bands[b].lo && zoom < bands[b].hi)
            {
              in_band[n++] = ratios[z];
              worst = MAX (worst, ratios[z]);
            }
        }
      if (n > 0)
        printf ("  frame ratio, %-15s (%2u windows): median %.2fx, worst %.2fx   (target <= 1.5x)\n",
                bands[b].name, n, jx_bench_median (in_band, n), worst);
    }
}

/* One frame of one row, 1920 px wide, no label column. */
static double
frame_cpu (JxTimelineRenderer  *renderer,
           cairo_t             *cr,
           const JxTimelineRow *row,
           gint64               start,
           gint64               end)
{
  JxTimelineView view;
  double c0 = jx_bench_cpu_ms ();

  jx_timeline_view_init (&view);
  view.start = start;
  view.end = end;
  view.width = WIDTH;
  view.height = row->height;
  view.rows = row;
  view.n_rows = 1;
  view.show_markers = FALSE;
  view.show_messages = FALSE;
  jx_timeline_renderer_draw (renderer, cr, &view);
  cairo_surface_flush (cairo_get_target (cr));
  return jx_bench_cpu_ms () - c0;
}

static void
bench_fold (gboolean quick)
{
  guint per_stream = quick ? 20000 : 200000;
  double t0 = jx_bench_cpu_ms ();
  g_autoptr(JxTrace) trace = fold_trace (per_stream);
  g_autoptr(JxTimelineSummary) summary = NULL;
  g_autoptr(JxStreamGroups) groups = NULL;
  g_autoptr(JxTimelineFold) fold = NULL;
  g_autofree guint32 *out = g_new (guint32, WIDTH);
  g_autofree guint32 *marks = g_new (guint32, WIDTH);
  double stream_cost[N_ZOOMS + 1], fold_cost[N_ZOOMS + 1], ratios[N_ZOOMS + 1];
  double stream_frame[N_ZOOMS + 1], fold_frame[N_ZOOMS + 1], frame_ratios[N_ZOOMS + 1];
  g_autoptr(JxTimelineRenderer) renderer = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, 18);
  cairo_t *cr = cairo_create (surface);
  JxTimelineRow stream_row = { 0 }, fold_row = { 0 };
  gint64 ts = (gint64) jx_trace_get_start_time (trace);
  gint64 te = (gint64) jx_trace_get_end_time (trace);
  double build_ms, fold_ms;
  guint32 group, stream = 17;

  build_ms = jx_bench_cpu_ms () - t0;
  t0 = jx_bench_cpu_ms ();
  summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  build_ms = jx_bench_cpu_ms () - t0;
  groups = jx_stream_groups_new (trace, JX_FOLD_GROUPING_THREADS, NULL);
  group = jx_stream_groups_find (groups, "process:MPI Rank 0");
  t0 = jx_bench_cpu_ms ();
  fold = jx_timeline_fold_build (summary, groups, JX_FOLD_MAX, NULL, NULL);
  fold_ms = jx_bench_cpu_ms () - t0;
  printf ("\nfolded rows: 1 process x %u threads x %u invocations; summary built in %.0f ms CPU, "
          "folded sequence (max) in %.0f ms CPU (%.2f MiB, %" G_GUINT64_FORMAT " intervals)\n",
          FOLD_STREAMS, per_stream, build_ms, fold_ms, jx_timeline_fold_get_memory_size (fold) / 1048576.0,
          jx_timeline_fold_get_n_intervals (fold));

  renderer = jx_timeline_renderer_new (trace);
  jx_timeline_renderer_set_summary (renderer, summary);
  jx_timeline_renderer_set_fold (renderer, fold);
  stream_row.kind = JX_TIMELINE_ROW_STREAM;
  stream_row.stream = stream;
  stream_row.group = JX_NONE;
  stream_row.height = 18;
  fold_row.kind = JX_TIMELINE_ROW_PROCESS;
  fold_row.stream = JX_NONE;
  fold_row.group = group;
  fold_row.collapsed = TRUE;
  fold_row.height = 18;

  windows_init ();
  for (guint z = 0; z <= N_ZOOMS; z++)
    stream_cost[z] = fold_cost[z] = stream_frame[z] = fold_frame[z] = G_MAXDOUBLE;
  for (guint r = 0; r < ROUNDS; r++)
    for (guint z = 0; z <= N_ZOOMS; z++)
      {
        gint64 start = ts + (gint64) (windows[z][0] * (double) (te - ts)) + 1 + r;
        gint64 end = MAX (ts + (gint64) (windows[z][1] * (double) (te - ts)) + 1 + r, start + 1);
        double c0 = jx_bench_cpu_ms ();

        for (guint k = 0; k < REPEATS; k++)
          jx_timeline_summary_sample_marked (summary, &stream, 1, start + k, end + k, WIDTH, out, marks);
        stream_cost[z] = MIN (stream_cost[z], (jx_bench_cpu_ms () - c0) / REPEATS);
        c0 = jx_bench_cpu_ms ();
        for (guint k = 0; k < REPEATS; k++)
          jx_timeline_fold_sample (fold, group, start + k, end + k, WIDTH, out, marks);
        fold_cost[z] = MIN (fold_cost[z], (jx_bench_cpu_ms () - c0) / REPEATS);
        for (guint k = 0; k < REPEATS; k++)
          {
            /* A new window each time: the renderer keeps an unchanged one. */
            double a = frame_cpu (renderer, cr, &stream_row, start + k + 100, end + k + 100);
            double b = frame_cpu (renderer, cr, &fold_row, start + k + 200, end + k + 200);

            stream_frame[z] = MIN (stream_frame[z], a);
            fold_frame[z] = MIN (fold_frame[z], b);
          }
      }
  printf ("  window (zoom)       frame: stream row   folded    ratio | sampling: stream row   folded    ratio\n");
  for (guint z = 0; z <= N_ZOOMS; z++)
    {
      ratios[z] = fold_cost[z] / MAX (stream_cost[z], 1e-6);
      frame_ratios[z] = fold_frame[z] / MAX (stream_frame[z], 1e-6);
      printf ("  %2u (%9.1fx)         %8.3f ms %8.3f ms %7.2fx |         %8.3f ms %8.3f ms %7.2fx\n",
              z, 1.0 / (windows[z][1] - windows[z][0]), stream_frame[z], fold_frame[z], frame_ratios[z],
              stream_cost[z], fold_cost[z], ratios[z]);
    }
  /* Before the medians below, which sort their arrays. */
  print_bands (windows, frame_ratios);
  printf ("  frame of one row, full view: folded %.2fx one stream row; median over the 20 zooms: %.3f -> %.3f ms "
          "= %.2fx (median of the per-window ratios %.2fx)   (target <= 1.5x)\n",
          frame_ratios[0], jx_bench_median (stream_frame + 1, N_ZOOMS), jx_bench_median (fold_frame + 1, N_ZOOMS),
          jx_bench_median (fold_frame + 1, N_ZOOMS) / MAX (jx_bench_median (stream_frame + 1, N_ZOOMS), 1e-6),
          jx_bench_median (frame_ratios + 1, N_ZOOMS));
  printf ("  folded sequence (max): %" G_GUINT64_FORMAT " intervals for %" G_GUINT64_FORMAT
          " member invocations, %.3f bytes per member invocation, built in %.0f ms CPU\n",
          jx_timeline_fold_get_n_intervals (fold), (guint64) jx_trace_get_n_invocations (trace),
          (double) jx_timeline_fold_get_memory_size (fold) / (double) jx_trace_get_n_invocations (trace), fold_ms);
  for (JxFoldOp op = JX_FOLD_MIN; op < JX_N_FOLD_OPS; op++)
    {
      double c0 = jx_bench_cpu_ms ();
      g_autoptr(JxTimelineFold) other = jx_timeline_fold_build (summary, groups, op, NULL, NULL);

      printf ("  folded sequence (%s): %" G_GUINT64_FORMAT " intervals, %.3f bytes per member invocation, "
              "built in %.0f ms CPU\n",
              jx_fold_op_to_string (op), jx_timeline_fold_get_n_intervals (other),
              (double) jx_timeline_fold_get_memory_size (other) / (double) jx_trace_get_n_invocations (trace),
              jx_bench_cpu_ms () - c0);
    }
  printf ("  sampling alone, full view: %.2fx; median over the 20 zooms: %.3f -> %.3f ms = %.2fx\n",
          ratios[0], jx_bench_median (stream_cost + 1, N_ZOOMS), jx_bench_median (fold_cost + 1, N_ZOOMS),
          jx_bench_median (fold_cost + 1, N_ZOOMS) / MAX (jx_bench_median (stream_cost + 1, N_ZOOMS), 1e-6));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  gboolean quick = argc > 1 && g_str_equal (argv[1], "--quick");

  printf ("bench-analysis%s: CPU time of this thread, best of several rounds\n\n",
          quick ? " (quick: 10x fewer events)" : "");
  if (bench_sos (quick) != 0)
    return 1;
  bench_fold (quick);
  return 0;
}
