/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-render — off-screen frame times of the master timeline renderer.
 *
 * Renders into a 1920x1080 cairo image surface two traces of 16 streams
 * (one MPI rank each) with 1 million invocations per stream, at full view and
 * at 20 random zoom levels (fixed seed), and prints median frame times, the
 * summary build time, and the growth of the frame time from 100k to 10M
 * invocations per stream (measured on 4 streams of one trace so that memory
 * stays well under 8 GB).
 *
 * Method: the zoom windows are the same fractions of each trace for every
 * size. Sizes that are compared are measured in the same run, in interleaved
 * rounds (alternating order), and each frame keeps its best time over the
 * rounds, so that a burst of load from other jobs on this shared machine
 * cannot favour one size. Frame times are CPU time of this thread (the
 * renderer is single-threaded) and wall time; medians are over the 20 zooms.
 * Each round nudges the windows by a few ticks: the renderer re-uses the
 * rows of an unchanged window, which is not what a new frame costs.
 *
 * Offset drag: while a trace follows the pointer (its offset changes, the
 * window does not) only its lane redraws; the case moves lane B by 3 px per
 * motion event, 30 events, at the full view and the 20 zooms, and compares
 * the median frame CPU time with that of a frame at a new window of the
 * same lane (every pixel sampled), measured in the same run.
 *
 * Usage: bench-render [--quick] [--offset-drag]
 *   --quick: 10x fewer invocations; --offset-drag: only the offset-drag case
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jx-bench.h"
#include "jx-palette.h"
#include "jx-timeline-renderer.h"
#include "jx-timeline-summary.h"
#include "jx-trace-builder.h"

#define WIDTH 1920
#define HEIGHT 1080
#define LABEL_WIDTH 160
#define N_ZOOMS 20
#define REPEATS 5
/* Interleaved rounds of the size comparisons (best of). */
#define ROUNDS 9
#define TIME_WIDTH (WIDTH - LABEL_WIDTH)
/* Offset drag: motion events per drag and pixels per event. */
#define DRAG_STEPS 30
#define DRAG_STEP_PX 3

/* OTF2 paradigms / roles, without pulling in otf2 headers. */
#define PARADIGM_USER 1
#define PARADIGM_MPI 4
#define ROLE_FUNCTION 1

enum
{
  R_MAIN, R_ITERATION, R_COMPUTE, R_STENCIL, R_HALO, R_VEC_ADD, R_DOT, R_NORM,
  R_SOLVE, R_ISEND, R_IRECV, R_WAITALL, R_ALLREDUCE, R_WRITE, N_BENCH_REGIONS
};

static const char *region_names[N_BENCH_REGIONS] = {
  "main", "iteration", "compute", "stencil_kernel", "compute_halo", "vec_add",
  "dot", "norm", "solve", "MPI_Isend", "MPI_Irecv", "MPI_Waitall",
  "MPI_Allreduce", "write",
};

typedef struct
{
  JxTraceBuilder *builder;
  guint32         stream;
  const guint32  *regions;
  GRand          *rand;
  guint64         t;
  guint64         left;      /* invocations still to emit */
} Gen;

static void
gen_enter (Gen   *g,
           guint  r)
{
  jx_trace_builder_enter (g->builder, g->stream, g->t, g->regions[r]);
  if (g->left > 0)
    g->left--;
}

static void
gen_leave (Gen   *g,
           guint  r)
{
  jx_trace_builder_leave (g->builder, g->stream, g->t, g->regions[r]);
}

static void
gen_leaf (Gen   *g,
          guint  r,
          guint  lo,
          guint  hi)
{
  gen_enter (g, r);
  g->t += g_rand_int_range (g->rand, lo, hi);
  gen_leave (g, r);
  g->t += g_rand_int_range (g->rand, 5, 40);
}

/* One solver iteration: about 20 invocations, up to 5 levels deep, with
 * point-to-point and collective MPI and an occasional write. */
static void
gen_iteration (Gen *g)
{
  guint n_kernels = g_rand_int_range (g->rand, 2, 4);

  gen_enter (g, R_ITERATION);
  g->t += 50;
  gen_enter (g, R_COMPUTE);
  g->t += 20;
  for (guint k = 0; k < n_kernels; k++)
    {
      gen_enter (g, R_STENCIL);
      g->t += g_rand_int_range (g->rand, 500, 4000);
      gen_leaf (g, R_VEC_ADD, 100, 900);
      gen_enter (g, R_SOLVE);
      g->t += g_rand_int_range (g->rand, 100, 600);
      gen_leaf (g, R_DOT, 50, 400);
      gen_leaf (g, R_NORM, 50, 300);
      gen_leave (g, R_SOLVE);
      g->t += g_rand_int_range (g->rand, 300, 3000);
      gen_leave (g, R_STENCIL);
      g->t += 30;
    }
  gen_leave (g, R_COMPUTE);
  g->t += 20;
  gen_enter (g, R_HALO);
  g->t += g_rand_int_range (g->rand, 100, 500);
  gen_leaf (g, R_IRECV, 200, 800);
  gen_leaf (g, R_ISEND, 200, 800);
  gen_leaf (g, R_WAITALL, 500, 8000);
  gen_leave (g, R_HALO);
  g->t += 20;
  gen_leaf (g, R_ALLREDUCE, 1000, 12000);
  if (g_rand_int_range (g->rand, 0, 50) == 0)
    gen_leaf (g, R_WRITE, 5000, 40000);
  g->t += 10;
  gen_leave (g, R_ITERATION);
  g->t += g_rand_int_range (g->rand, 10, 100);
}

static JxTrace *
build_trace (const char *name,
             guint32     seed,
             guint       n_streams,
             guint64     per_stream)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/bench/traces.otf2", name, 1000000000);
  guint32 regions[N_BENCH_REGIONS];
  guint32 node;

  for (guint r = 0; r < N_BENCH_REGIONS; r++)
    regions[r] = jx_trace_builder_add_region (b, region_names[r],
                                              g_str_has_prefix (region_names[r], "MPI_") ? PARADIGM_MPI : PARADIGM_USER,
                                              ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  for (guint s = 0; s < n_streams; s++)
    {
      g_autofree char *rank = g_strdup_printf ("MPI Rank %u", s);
      guint32 process = jx_trace_builder_add_process (b, rank, node);
      guint32 stream = jx_trace_builder_add_stream (b, process, "Master thread", JX_STREAM_CPU_THREAD);
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed * 1000 + s);
      Gen g = { b, stream, regions, rand, 1000, per_stream };

      gen_enter (&g, R_MAIN);
      g.t += 100;
      /* An iteration emits at most ~25 invocations. */
      while (g.left > 30)
        gen_iteration (&g);
      while (g.left > 0)
        gen_leaf (&g, R_DOT, 50, 400);
      g.t += 100;
      gen_leave (&g, R_MAIN);
    }
  return jx_trace_builder_finish (b);
}

static long
peak_rss_mb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmHWM:");
  return line != NULL ? strtol (line + 6, NULL, 10) / 1024 : -1;
}

typedef struct
{
  JxTrace            *trace;
  JxTimelineRenderer *renderer;
  GArray             *rows;
  JxRgba              background;
} Lane;

static void
lane_init (Lane              *lane,
           JxTrace           *trace,
           JxTimelineSummary *summary,
           guint              index,
           int                height)
{
  JxTimelineLayoutParams params;
  guint n = jx_trace_get_n_streams (trace);

  jx_timeline_layout_params_init (&params);
  params.row_height = MAX (height / (int) MAX (n, 1), 1);
  lane->trace = trace;
  lane->renderer = jx_timeline_renderer_new (trace);
  jx_timeline_renderer_set_summary (lane->renderer, summary);
  lane->rows = jx_timeline_layout_new (trace, &params, NULL);
  jx_palette_trace_background (index, FALSE, &lane->background);
}

static void
lane_clear (Lane *lane)
{
  g_clear_object (&lane->renderer);
  g_clear_pointer (&lane->rows, g_array_unref);
}

/* The view of one lane: the window as fractions of its trace, moved by
 * `nudge` ticks. */
static void
lane_view (const Lane     *lane,
           double          f0,
           double          f1,
           gint64          nudge,
           int             height,
           JxTimelineView *view)
{
  gint64 ts = (gint64) jx_trace_get_start_time (lane->trace);
  gint64 te = (gint64) jx_trace_get_end_time (lane->trace);

  jx_timeline_view_init (view);
  view->start = ts + (gint64) (f0 * (double) (te - ts));
  view->end = MAX (ts + (gint64) (f1 * (double) (te - ts)), view->start + 1);
  view->start += nudge;
  view->end += nudge;
  view->width = WIDTH;
  view->height = height;
  view->label_width = LABEL_WIDTH;
  view->rows = (const JxTimelineRow *) (gpointer) lane->rows->data;
  view->n_rows = lane->rows->len;
  view->background = lane->background;
}

/* One frame: every lane stacked, the window given as fractions of each trace. */
static double
draw_frame (cairo_t *cr,
            Lane    *lanes,
            guint    n_lanes,
            double   f0,
            double   f1,
            gint64   nudge,
            double  *cpu)
{
  double t0 = jx_bench_now_ms ();
  double c0 = jx_bench_cpu_ms ();
  int lane_height = HEIGHT / (int) n_lanes;

  for (guint i = 0; i < n_lanes; i++)
    {
      JxTimelineView view;

      /* A different window each time: the renderer re-uses the rows of an
       * unchanged window, which is not what a new frame costs. */
      lane_view (&lanes[i], f0, f1, nudge, lane_height, &view);

      cairo_save (cr);
      cairo_translate (cr, 0, i * lane_height);
      jx_timeline_renderer_draw (lanes[i].renderer, cr, &view);
      cairo_restore (cr);
    }
  cairo_surface_flush (cairo_get_target (cr));
  if (cpu != NULL)
    *cpu = jx_bench_cpu_ms () - c0;
  return jx_bench_now_ms () - t0;
}

/* The window of frame z: 0 is the full view, 1..N_ZOOMS random zooms
 * (1.5x .. 1e6x, log-uniform, anywhere in the trace), as fractions of each
 * trace so that every size sees the same windows. */
static double windows[N_ZOOMS + 1][2];

static void
windows_init (void)
{
  jx_bench_zoom_windows (windows, N_ZOOMS, 2024);
}

typedef struct
{
  guint64             per_stream;
  guint               n_traces;
  JxTrace            *traces[2];
  JxTimelineSummary  *summaries[2];
  Lane                lanes[2];
  double              trace_build_s;
  double              build_ms;       /* summary, per trace */
  double              build_cpu_ms;
  gsize               summary_bytes;  /* all traces */
  /* Best over the rounds, per frame (0 = full view). */
  double              cpu[N_ZOOMS + 1];
  double              wall[N_ZOOMS + 1];
  double              sample_cpu[N_ZOOMS + 1];  /* jx_timeline_summary_sample of the rows only */
} Config;

static void
config_init (Config  *config,
             guint    n_traces,
             guint    n_streams,
             guint64  per_stream)
{
  double t0 = jx_bench_now_ms ();
  double c0;

  g_assert (n_traces <= 2);
  memset (config, 0, sizeof *config);
  config->per_stream = per_stream;
  config->n_traces = n_traces;
  for (guint i = 0; i < n_traces; i++)
    config->traces[i] = build_trace (i == 0 ? "A" : "B", 1 + i, n_streams, per_stream);
  config->trace_build_s = (jx_bench_now_ms () - t0) / 1000.0;

  t0 = jx_bench_now_ms ();
  c0 = jx_bench_cpu_ms ();
  for (guint i = 0; i < n_traces; i++)
    config->summaries[i] = jx_timeline_summary_build (config->traces[i], NULL, NULL, NULL, NULL);
  config->build_cpu_ms = (jx_bench_cpu_ms () - c0) / n_traces;
  config->build_ms = (jx_bench_now_ms () - t0) / n_traces;

  for (guint i = 0; i < n_traces; i++)
    {
      config->summary_bytes += jx_timeline_summary_get_memory_size (config->summaries[i]);
      lane_init (&config->lanes[i], config->traces[i], config->summaries[i], i, HEIGHT / (int) n_traces);
    }
  for (guint z = 0; z <= N_ZOOMS; z++)
    config->cpu[z] = config->wall[z] = config->sample_cpu[z] = G_MAXDOUBLE;
}

static void
config_clear (Config *config)
{
  for (guint i = 0; i < config->n_traces; i++)
    {
      lane_clear (&config->lanes[i]);
      g_clear_pointer (&config->summaries[i], jx_timeline_summary_unref);
      g_clear_object (&config->traces[i]);
    }
}

/* CPU time of sampling every stream row of the frame, without drawing. */
static double
sample_rows (Config  *config,
             double   f0,
             double   f1,
             gint64   nudge,
             guint32 *out)
{
  double c0 = jx_bench_cpu_ms ();

  for (guint i = 0; i < config->n_traces; i++)
    {
      JxTrace *trace = config->traces[i];
      gint64 ts = (gint64) jx_trace_get_start_time (trace);
      gint64 te = (gint64) jx_trace_get_end_time (trace);
      gint64 start = ts + (gint64) (f0 * (double) (te - ts)) + nudge;
      gint64 end = MAX (ts + (gint64) (f1 * (double) (te - ts)) + nudge, start + 1);

      for (guint32 s = 0; s < jx_trace_get_n_streams (trace); s++)
        jx_timeline_summary_sample (config->summaries[i], &s, 1, start, end, TIME_WIDTH, out);
    }
  return jx_bench_cpu_ms () - c0;
}

/* Every frame of every config, ROUNDS times, configs interleaved; keeps the
 * best time of each frame. */
static void
measure_rounds (Config **configs,
                guint    n_configs)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  g_autofree guint32 *out = g_new (guint32, TIME_WIDTH);

  /* Warm-up: page in the arrays and the glyph caches. */
  for (guint c = 0; c < n_configs; c++)
    draw_frame (cr, configs[c]->lanes, configs[c]->n_traces, 0.0, 1.0, 0, NULL);

  for (guint r = 0; r < ROUNDS; r++)
    for (guint k = 0; k < n_configs; k++)
      {
        Config *config = configs[r % 2 == 0 ? k : n_configs - 1 - k];

        for (guint z = 0; z <= N_ZOOMS; z++)
          {
            double cpu, wall, sampled;

            wall = draw_frame (cr, config->lanes, config->n_traces, windows[z][0], windows[z][1], 1 + r, &cpu);
            sampled = sample_rows (config, windows[z][0], windows[z][1], 1 + ROUNDS + r, out);
            config->cpu[z] = MIN (config->cpu[z], cpu);
            config->wall[z] = MIN (config->wall[z], wall);
            config->sample_cpu[z] = MIN (config->sample_cpu[z], sampled);
          }
      }

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Median over the 20 zooms (full view excluded). */
static double
zoom_median (const double *frames)
{
  double v[N_ZOOMS];

  memcpy (v, frames + 1, sizeof v);
  return jx_bench_median (v, N_ZOOMS);
}

static double
all_median (const double *frames)
{
  double v[N_ZOOMS + 1];

  memcpy (v, frames, sizeof v);
  return jx_bench_median (v, N_ZOOMS + 1);
}

static double
frames_max (const double *frames)
{
  double m = 0.0;

  for (guint z = 0; z <= N_ZOOMS; z++)
    m = MAX (m, frames[z]);
  return m;
}

/* Redraw of an unchanged window (hover, selection, tooltip): rows come from
 * the renderer's cache. Median CPU time of 5. */
static double
measure_redraw (Config *config)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  double redraws[5];

  draw_frame (cr, config->lanes, config->n_traces, 0.0, 1.0, 0, NULL);
  for (guint r = 0; r < G_N_ELEMENTS (redraws); r++)
    draw_frame (cr, config->lanes, config->n_traces, 0.0, 1.0, 0, &redraws[r]);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return jx_bench_median (redraws, G_N_ELEMENTS (redraws));
}

/* Median CPU time of 20 windows that show the same numbers of invocations
 * per stream whatever the trace size (1k .. 100k, log-uniform): the cost of
 * equal content, which is what a bigger trace must not make slower. */
static double
measure_matched (Config *config)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);
  double frames[N_ZOOMS];
  double result;

  for (guint z = 0; z < N_ZOOMS; z++)
    {
      double visible = exp (g_rand_double_range (rand, log (1e3), log (1e5)));
      double w = MIN (visible / (double) config->per_stream, 1.0);
      double f0 = g_rand_double_range (rand, 0.0, 1.0 - w);
      double best = G_MAXDOUBLE;

      for (guint r = 0; r < REPEATS; r++)
        {
          double cpu;

          draw_frame (cr, config->lanes, config->n_traces, f0, f0 + w, 1 + r, &cpu);
          best = MIN (best, cpu);
        }
      frames[z] = best;
    }
  result = jx_bench_median (frames, N_ZOOMS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return result;
}

/* CPU time of drawing one lane's view (as its widget does). */
static double
draw_lane (cairo_t              *cr,
           Lane                 *lane,
           const JxTimelineView *view)
{
  double c0 = jx_bench_cpu_ms ();

  jx_timeline_renderer_draw (lane->renderer, cr, view);
  cairo_surface_flush (cairo_get_target (cr));
  return jx_bench_cpu_ms () - c0;
}

/* An offset drag of the last lane at the full view and the 20 zooms: the
 * median over the windows of the median frame of a drag (DRAG_STEPS motion
 * events of DRAG_STEP_PX each; the window stays, the trace's ticks under it
 * move), and of as many frames at new windows of that lane (the baseline:
 * every pixel sampled, each window a few ticks from the last). Per window
 * the better of two rounds, alternating which goes first. */
static void
measure_offset_drag (Config *config,
                     double *drag_ms,
                     double *fresh_ms,
                     double *same_ms)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  Lane *lane = &config->lanes[config->n_traces - 1];
  int height = HEIGHT / (int) config->n_traces;
  double drag[N_ZOOMS + 1], fresh[N_ZOOMS + 1], same[N_ZOOMS + 1];

  cairo_translate (cr, 0, HEIGHT - height);
  for (guint z = 0; z <= N_ZOOMS; z++)
    {
      JxTimelineView view;
      double ticks_per_px;

      fresh[z] = drag[z] = same[z] = G_MAXDOUBLE;
      for (guint round = 0; round < 4; round++)
        {
          double frames[DRAG_STEPS];

          if ((round + z) % 2 == 0)
            {
              for (guint k = 0; k < DRAG_STEPS; k++)
                {
                  lane_view (lane, windows[z][0], windows[z][1], 1 + k, height, &view);
                  frames[k] = draw_lane (cr, lane, &view);
                }
              fresh[z] = MIN (fresh[z], jx_bench_median (frames, DRAG_STEPS));
              continue;
            }

          /* The press: the window as it is (sampled once). */
          lane_view (lane, windows[z][0], windows[z][1], 0, height, &view);
          ticks_per_px = (double) (view.end - view.start) / TIME_WIDTH;
          draw_lane (cr, lane, &view);
          for (guint k = 1; k <= DRAG_STEPS; k++)
            {
              JxTimelineView moved = view;
              /* A larger offset shows earlier ticks under the same window. */
              gint64 shift = (gint64) llround ((double) (k * DRAG_STEP_PX) * ticks_per_px);

              moved.start -= shift;
              moved.end -= shift;
              moved.offset_drag = TRUE;
              frames[k - 1] = draw_lane (cr, lane, &moved);
            }
          drag[z] = MIN (drag[z], jx_bench_median (frames, DRAG_STEPS));
          /* The drop: sampled again; then redraws of that window (the
           * floor: rows from the cache as they are). */
          draw_lane (cr, lane, &view);
          for (guint k = 0; k < DRAG_STEPS; k++)
            frames[k] = draw_lane (cr, lane, &view);
          same[z] = MIN (same[z], jx_bench_median (frames, DRAG_STEPS));
        }
    }
  *drag_ms = jx_bench_median (drag, N_ZOOMS + 1);
  *fresh_ms = jx_bench_median (fresh, N_ZOOMS + 1);
  *same_ms = jx_bench_median (same, N_ZOOMS + 1);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
print_offset_drag (Config *config)
{
  double drag_ms, fresh_ms, same_ms;

  measure_offset_drag (config, &drag_ms, &fresh_ms, &same_ms);
  printf ("  offset drag of one lane (%d moves of %d px, full view and 20 zooms): frame CPU median %.3f ms;\n"
          "    baselines of the same run: new-window frame of that lane %.3f ms -> drag frame %.3fx of it; "
          "redraw of an unchanged window %.3f ms -> %.3fx of it\n",
          DRAG_STEPS, DRAG_STEP_PX, drag_ms, fresh_ms, drag_ms / MAX (fresh_ms, 1e-3),
          same_ms, drag_ms / MAX (same_ms, 1e-3));
}

/* Baseline of the same run: the exact walk without a summary, full view. */
static double
exact_full_view_ms (guint   n_streams,
                    guint64 per_stream)
{
  g_autoptr(JxTrace) trace = build_trace ("A", 1, n_streams, per_stream);
  g_autoptr(JxTimelineSummary) unbuilt = jx_timeline_summary_new_unbuilt (trace);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  Lane lane;
  double ms;

  lane_init (&lane, trace, unbuilt, 0, HEIGHT);
  draw_frame (cr, &lane, 1, 0.0, 1.0, 0, NULL);
  draw_frame (cr, &lane, 1, 0.0, 1.0, 1, &ms);
  lane_clear (&lane);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return ms;
}

static void
print_size (const Config *config)
{
  printf ("  %9" G_GUINT64_FORMAT " invocations/stream: median of 20 zooms CPU %.3f ms (wall %.3f), "
          "full view CPU %.3f ms, slowest CPU %.3f ms, sampling only %.3f ms; summary build %.0f ms "
          "(CPU %.0f) per trace, summary %.1f MiB\n",
          config->per_stream, zoom_median (config->cpu), zoom_median (config->wall),
          config->cpu[0], frames_max (config->cpu), zoom_median (config->sample_cpu),
          config->build_ms, config->build_cpu_ms, config->summary_bytes / 1048576.0);
}

/* target: the 100k -> 10M growth has one (<= 1.5x); others are shown for
 * comparison. */
static void
print_growth (const Config *small,
              const Config *big,
              gboolean      target)
{
  printf ("  growth %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT " invocations/stream, median of 20 zooms: "
          "CPU %.2fx, wall %.2fx%s\n",
          small->per_stream, big->per_stream,
          zoom_median (big->cpu) / MAX (zoom_median (small->cpu), 1e-3),
          zoom_median (big->wall) / MAX (zoom_median (small->wall), 1e-3),
          target ? "   (target <= 1.5x)" : "");
  printf ("    same over all 21 frames %.2fx, full view %.2fx, slowest frame %.2fx; "
          "row sampling alone (no drawing) %.2fx (%.3f -> %.3f ms)\n",
          all_median (big->cpu) / MAX (all_median (small->cpu), 1e-3),
          big->cpu[0] / MAX (small->cpu[0], 1e-3),
          frames_max (big->cpu) / MAX (frames_max (small->cpu), 1e-3),
          zoom_median (big->sample_cpu) / MAX (zoom_median (small->sample_cpu), 1e-3),
          zoom_median (small->sample_cpu), zoom_median (big->sample_cpu));
}

int
main (int   argc,
      char *argv[])
{
  gboolean quick = FALSE, drag_only = FALSE;
  guint64 scale;
  Config main_config, small_config;
  Config *pair[2];
  double exact_ms, matched_small, matched_big;

  for (int i = 1; i < argc; i++)
    {
      quick |= g_str_equal (argv[i], "--quick");
      drag_only |= g_str_equal (argv[i], "--offset-drag");
    }
  scale = quick ? 10 : 1;
  printf ("bench-render: %dx%d image surface, %d px labels, %d random zooms; sizes compared in %d interleaved "
          "rounds, best time per frame%s\n",
          WIDTH, HEIGHT, LABEL_WIDTH, N_ZOOMS, ROUNDS, quick ? " (quick: 10x fewer invocations)" : "");
  windows_init ();

  if (drag_only)
    {
      config_init (&main_config, 2, 16, 1000000 / scale);
      printf ("\n2 traces x 16 streams x %" G_GUINT64_FORMAT " invocations/stream\n", main_config.per_stream);
      print_offset_drag (&main_config);
      config_clear (&main_config);
      return 0;
    }

  /* Main configuration, against the same with 10x fewer invocations. */
  config_init (&main_config, 2, 16, 1000000 / scale);
  config_init (&small_config, 2, 16, 100000 / scale);
  pair[0] = &small_config;
  pair[1] = &main_config;
  measure_rounds (pair, 2);
  printf ("\n2 traces x 16 streams x %" G_GUINT64_FORMAT " invocations/stream (built in memory in %.1f s)\n",
          main_config.per_stream, main_config.trace_build_s);
  printf ("  summary build:       %.0f ms per trace, CPU %.0f ms (%.0f ns per invocation), %.1f MiB for both\n",
          main_config.build_ms, main_config.build_cpu_ms,
          main_config.build_cpu_ms * 1e6 / (16.0 * (double) main_config.per_stream),
          main_config.summary_bytes / 1048576.0);
  printf ("  frame, full view:    %.2f ms (CPU %.2f)\n", main_config.wall[0], main_config.cpu[0]);
  printf ("  frame, 20 zooms:     median %.2f ms (CPU %.2f)   (target: median <= 8 ms)\n",
          zoom_median (main_config.wall), zoom_median (main_config.cpu));
  printf ("  frame, all 21:       median %.2f ms, max %.2f ms (CPU median %.2f, max %.2f)\n",
          all_median (main_config.wall), frames_max (main_config.wall),
          all_median (main_config.cpu), frames_max (main_config.cpu));
  printf ("  redraw of an unchanged window: CPU %.2f ms\n", measure_redraw (&main_config));
  print_offset_drag (&main_config);
  print_size (&small_config);
  print_size (&main_config);
  print_growth (&small_config, &main_config, FALSE);
  config_clear (&small_config);
  config_clear (&main_config);

  exact_ms = exact_full_view_ms (16, 1000000 / scale);
  printf ("  baseline, exact walk without summary, one trace, full view: %.1f ms CPU -> summary is %.0fx faster\n",
          exact_ms, exact_ms / MAX (main_config.cpu[0] / 2.0, 1e-3));

  /* Growth: one trace of 4 streams so that 10M per stream fits in memory. */
  printf ("\ngrowth, 1 trace x 4 streams (1920x1080, 4 rows):\n");
  config_init (&small_config, 1, 4, 100000 / scale);
  config_init (&main_config, 1, 4, 10000000 / scale);
  pair[0] = &small_config;
  pair[1] = &main_config;
  measure_rounds (pair, 2);
  matched_small = measure_matched (&small_config);
  matched_big = measure_matched (&main_config);
  print_size (&small_config);
  print_size (&main_config);
  print_growth (&small_config, &main_config, TRUE);
  printf ("    at equal visible content (1k..100k invocations per stream in view): %.2fx (%.3f -> %.3f ms)\n",
          matched_big / MAX (matched_small, 1e-3), matched_small, matched_big);
  config_clear (&small_config);
  config_clear (&main_config);

  printf ("\npeak RSS: %ld MiB\n", peak_rss_mb ());
  return 0;
}
