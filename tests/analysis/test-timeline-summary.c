/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "jx-timeline-summary-private.h"
#include "jx-trace-builder.h"

/* OTF2_PARADIGM_USER / OTF2_REGION_ROLE_FUNCTION, without pulling in otf2. */
#define PARADIGM_USER 1
#define ROLE_FUNCTION 1

#define N_TEST_REGIONS 7

static guint64
gen_invocation (JxTraceBuilder *b,
                GRand          *rand,
                guint32         stream,
                const guint32  *regions,
                guint64         t,
                guint           depth,
                guint          *budget)
{
  guint32 region = regions[g_rand_int_range (rand, 0, N_TEST_REGIONS)];
  guint n_children;

  jx_trace_builder_enter (b, stream, t, region);
  (*budget)--;
  t += g_rand_int_range (rand, 0, 200);
  n_children = depth < 4 ? g_rand_int_range (rand, 0, 4) : 0;
  for (guint c = 0; c < n_children && *budget > 0; c++)
    {
      t = gen_invocation (b, rand, stream, regions, t, depth + 1, budget);
      t += g_rand_int_range (rand, 0, 150);
    }
  t += g_rand_int_range (rand, 1, 300);
  jx_trace_builder_leave (b, stream, t, region);
  return t;
}

static JxTrace *
random_trace (guint32 seed,
              guint   n_streams,
              guint   invocations_per_stream)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/random/traces.otf2", "random", 1000000000);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint32 regions[N_TEST_REGIONS];
  guint32 node, process;

  for (guint r = 0; r < N_TEST_REGIONS; r++)
    {
      g_autofree char *name = g_strdup_printf ("func_%u", r);

      regions[r] = jx_trace_builder_add_region (b, name, PARADIGM_USER, ROLE_FUNCTION);
    }
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  process = jx_trace_builder_add_process (b, "Rank 0", node);
  for (guint s = 0; s < n_streams; s++)
    {
      g_autofree char *name = g_strdup_printf ("Thread %u", s);
      guint32 stream = jx_trace_builder_add_stream (b, process, name, JX_STREAM_CPU_THREAD);
      guint budget = invocations_per_stream;
      guint64 t = 1000 + g_rand_int_range (rand, 0, 1000);

      while (budget > 0)
        {
          t = gen_invocation (b, rand, stream, regions, t, 0, &budget);
          /* Occasional long idle gaps. */
          t += g_rand_int_range (rand, 0, 10) == 0 ? g_rand_int_range (rand, 0, 20000) : g_rand_int_range (rand, 0, 100);
        }
    }
  return jx_trace_builder_finish (b);
}

/* Occupancy of every region (last slot: idle) in [t0, t1) by brute force.
 * depth < 0: innermost (exclusive) time; else time of invocations at that depth. */
static void
brute_occupancy (const JxStream *s,
                 double          t0,
                 double          t1,
                 int             depth,
                 guint           n_regions,
                 double         *occ)
{
  double busy = 0.0;

  for (guint r = 0; r <= n_regions; r++)
    occ[r] = 0.0;
  for (guint32 i = 0; i < s->n_invocations; i++)
    {
      double a = MAX ((double) s->start[i], t0);
      double b = MIN ((double) s->end[i], t1);
      double own;

      if (!(b > a))
        continue;
      own = b - a;
      if (depth >= 0)
        {
          if (s->depth[i] != depth)
            continue;
        }
      else
        {
          for (guint32 c = i + 1; c < s->subtree_end[i]; c = s->subtree_end[c])
            {
              double ca = MAX ((double) s->start[c], t0);
              double cb = MIN ((double) s->end[c], t1);

              if (cb > ca)
                own -= cb - ca;
            }
        }
      occ[s->region[i]] += own;
      busy += own;
    }
  occ[n_regions] = (t1 - t0) - busy;
}

typedef struct
{
  guint  pixels;
  guint  optimal;      /* winner within 1e-6 px of the best */
  guint  near;         /* winner within 0.05 px of the best */
  double worst_loss;   /* largest (best - winner) / pixel width */
} Agreement;

static void
check_row (JxTrace       *trace,
           guint32        stream,
           int            depth,
           gint64         start,
           gint64         end,
           guint          n_pixels,
           const guint32 *regions,
           Agreement     *agreement)
{
  const JxStream *s = jx_trace_get_stream (trace, stream);
  guint n_regions = jx_trace_get_n_regions (trace);
  g_autofree double *occ = g_new (double, n_regions + 1);
  double tpp = (double) (end - start) / n_pixels;

  for (guint p = 0; p < n_pixels; p++)
    {
      double t0 = (double) start + p * tpp;
      double t1 = t0 + tpp;
      double best = 0.0, got;
      guint32 winner = regions[p];

      brute_occupancy (s, t0, t1, depth, n_regions, occ);
      for (guint r = 0; r <= n_regions; r++)
        best = MAX (best, occ[r]);
      got = occ[winner == JX_NONE ? n_regions : winner];
      agreement->pixels++;
      if (got >= best - 1e-6 * MAX (tpp, 1.0))
        agreement->optimal++;
      if (got >= best - 0.05 * tpp)
        agreement->near++;
      agreement->worst_loss = MAX (agreement->worst_loss, (best - got) / tpp);
    }
}

static void
random_window (GRand   *rand,
               JxTrace *trace,
               double   min_zoom,
               double   max_zoom,
               gint64  *start,
               gint64  *end)
{
  gint64 t0 = (gint64) jx_trace_get_start_time (trace);
  gint64 t1 = (gint64) jx_trace_get_end_time (trace);
  double zoom = exp (g_rand_double_range (rand, log (min_zoom), log (max_zoom)));
  gint64 width = MAX ((gint64) ((t1 - t0) / zoom), 2);
  gint64 slack = (t1 - t0) - width;

  *start = t0 - width / 10 + (slack > 0 ? (gint64) g_rand_double_range (rand, 0, (double) slack) : 0);
  *end = *start + width;
}

static void
test_exact_matches_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint trial = 0; trial < 4; trial++)
    {
      g_autoptr(JxTrace) trace = random_trace (100 + trial, 2, 1500);
      Agreement agreement = { 0 };

      for (guint z = 0; z < 12; z++)
        {
          guint n_pixels = 97 + z;
          g_autofree guint32 *regions = g_new (guint32, n_pixels);
          guint32 stream = z % 2;
          gint64 start, end;

          random_window (rand, trace, 0.5, 2000.0, &start, &end);
          jx_timeline_summary_sample_exact (trace, &stream, 1, start, end, n_pixels, regions);
          check_row (trace, stream, -1, start, end, n_pixels, regions, &agreement);
        }
      g_assert_cmpuint (agreement.optimal, ==, agreement.pixels);
    }
}

static void
test_fine_zoom_is_exact (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(JxTrace) trace = random_trace (5, 1, 20000);
  g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  Agreement agreement = { 0 };

  g_assert_nonnull (summary);
  for (guint z = 0; z < 20; z++)
    {
      guint n_pixels = 300;
      guint32 stream = 0;
      g_autofree guint32 *regions = g_new (guint32, n_pixels);
      gint64 start, end;

      /* 20000 invocations over 300 px: zoom >= 20 keeps < 4 per pixel. */
      random_window (rand, trace, 40.0, 5000.0, &start, &end);
      jx_timeline_summary_sample (summary, &stream, 1, start, end, n_pixels, regions);
      check_row (trace, stream, -1, start, end, n_pixels, regions, &agreement);
    }
  g_assert_cmpuint (agreement.optimal, ==, agreement.pixels);
}

/* The galloping search from a known lower bound finds what the binary
 * search finds, near and far from it, at and between start times and past
 * both ends. */
static void
test_galloping_search (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  g_autoptr(JxTrace) trace = random_trace (6, 1, 5000);
  const JxStream *s = jx_trace_get_stream (trace, 0);
  gint64 first = (gint64) s->start[0], last = (gint64) s->start[s->n_invocations - 1];

  for (guint i = 0; i < 20000; i++)
    {
      gint64 a = g_rand_int_range (rand, 0, 4) == 0 ? (gint64) s->start[g_rand_int_range (rand, 0, s->n_invocations)]
                                                   : first - 100 + (gint64) g_rand_double_range (rand, 0, last - first + 200);
      gint64 width = (gint64) exp (g_rand_double_range (rand, 0.0, log ((double) (last - first + 400))));
      gint64 b = g_rand_boolean (rand) ? a + width : (gint64) s->start[MIN (_jx_first_starting_at_or_after (s, a + width),
                                                                          s->n_invocations - 1)];
      guint32 from = _jx_first_starting_at_or_after (s, a);

      b = MAX (a, b);
      g_assert_cmpuint (_jx_first_starting_at_or_after_from (s, from, b), ==, _jx_first_starting_at_or_after (s, b));
      /* Any smaller lower bound does too. */
      from = g_rand_int_range (rand, 0, from + 1);
      g_assert_cmpuint (_jx_first_starting_at_or_after_from (s, from, b), ==, _jx_first_starting_at_or_after (s, b));
    }
}

static void
test_coarse_zoom_close_to_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  g_autoptr(JxTrace) trace = random_trace (6, 2, 40000);
  g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  Agreement agreement = { 0 };

  g_assert_nonnull (summary);
  g_assert_cmpuint (jx_timeline_summary_get_memory_size (summary), >, 0);
  for (guint z = 0; z < 32; z++)
    {
      guint n_pixels = 150;
      guint32 stream = z % 2;
      g_autofree guint32 *regions = g_new (guint32, n_pixels);
      gint64 start, end;

      /* Up to 60x: down to ~4 invocations per pixel, the finest zoom that
       * still uses the pyramid. */
      random_window (rand, trace, 1.0, 60.0, &start, &end);
      jx_timeline_summary_sample (summary, &stream, 1, start, end, n_pixels, regions);
      check_row (trace, stream, -1, start, end, n_pixels, regions, &agreement);
    }
  g_test_message ("coarse: %u/%u optimal, %u within 5 %%, worst loss %.3f px",
                  agreement.optimal, agreement.pixels, agreement.near, agreement.worst_loss);
  /* The pyramid keeps the top regions of buckets a quarter pixel wide or less:
   * the winner is the true one or one with nearly as much time. */
  g_assert_cmpfloat ((double) agreement.optimal / agreement.pixels, >=, 0.75);
  g_assert_cmpfloat ((double) agreement.near / agreement.pixels, >=, 0.93);
  g_assert_cmpfloat (agreement.worst_loss, <=, 0.25);
}

static void
test_depth_matches_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  g_autoptr(JxTrace) trace = random_trace (8, 1, 30000);
  g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  const JxStream *s = jx_trace_get_stream (trace, 0);
  Agreement fine = { 0 }, coarse = { 0 };

  g_assert_cmpuint (s->max_depth, >=, 3);
  g_assert_false (jx_timeline_summary_has_call_stack (summary, 0));
  for (guint pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        {
          g_assert_true (jx_timeline_summary_ensure_call_stack (summary, 0, NULL, NULL));
          g_assert_true (jx_timeline_summary_has_call_stack (summary, 0));
        }
      for (guint z = 0; z < 8; z++)
        {
          guint n_pixels = 120;
          guint depth = z % s->max_depth;
          g_autofree guint32 *regions = g_new (guint32, n_pixels);
          gint64 start, end;
          gboolean is_fine = z % 2 == 0;

          random_window (rand, trace, is_fine ? 200.0 : 1.0, is_fine ? 2000.0 : 6.0, &start, &end);
          jx_timeline_summary_sample_depth (summary, 0, depth, start, end, n_pixels, regions);
          check_row (trace, 0, (int) depth, start, end, n_pixels, regions,
                     (is_fine || pass == 0) ? &fine : &coarse);
        }
    }
  /* Without per-depth pyramids and at fine zoom the walk is exact. */
  g_test_message ("depth coarse: %u/%u optimal, %u within 5 %%, worst loss %.3f px",
                  coarse.optimal, coarse.pixels, coarse.near, coarse.worst_loss);
  g_assert_cmpuint (fine.optimal, ==, fine.pixels);
  g_assert_cmpfloat ((double) coarse.optimal / coarse.pixels, >=, 0.75);
  g_assert_cmpfloat ((double) coarse.near / coarse.pixels, >=, 0.93);
  g_assert_cmpfloat (coarse.worst_loss, <=, 0.25);
}

/* A pixel 70 % A and 30 % B shows A, however the two are interleaved. */
static void
test_dominant_rule (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/dominant/traces.otf2", "dominant", 1000000000);
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxTimelineSummary) summary = NULL;
  guint32 a, bb, node, process, stream;
  guint32 regions[64];
  guint64 t = 0;

  a = jx_trace_builder_add_region (b, "A", PARADIGM_USER, ROLE_FUNCTION);
  bb = jx_trace_builder_add_region (b, "B", PARADIGM_USER, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  process = jx_trace_builder_add_process (b, "Rank 0", node);
  stream = jx_trace_builder_add_stream (b, process, "Master", JX_STREAM_CPU_THREAD);
  /* 64 pixels of 1000 ticks; in each: B for 300 ticks in 3 pieces, A the rest,
   * B's pieces first so that a single sample at the pixel start would see B. */
  for (guint p = 0; p < 64 * 40; p++)
    {
      for (guint k = 0; k < 3; k++)
        {
          jx_trace_builder_enter (b, stream, t, bb);
          t += 10;
          jx_trace_builder_leave (b, stream, t, bb);
          jx_trace_builder_enter (b, stream, t, a);
          t += 23 + (k == 0 ? 1 : 0);
          jx_trace_builder_leave (b, stream, t, a);
        }
      t += 1;  /* 100 ticks per 1/40 pixel unit below: 3 * 33 + 1 */
    }
  trace = jx_trace_builder_finish (b);
  summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);

  /* Coarse: 40 patterns of 100 ticks per pixel (A 70 %, B 30 %, idle 1 %). */
  jx_timeline_summary_sample (summary, &stream, 1, 0, 64 * 4000, 64, regions);
  for (guint p = 0; p < 64; p++)
    g_assert_cmpuint (regions[p], ==, a);
  /* Fine: one pattern per pixel, exact walk. */
  jx_timeline_summary_sample (summary, &stream, 1, 0, 64 * 100, 64, regions);
  for (guint p = 0; p < 64; p++)
    g_assert_cmpuint (regions[p], ==, a);
  /* Idle dominates after the end. */
  jx_timeline_summary_sample (summary, &stream, 1, (gint64) t, (gint64) t + 6400, 64, regions);
  for (guint p = 0; p < 64; p++)
    g_assert_cmpuint (regions[p], ==, JX_NONE);
}

static void
test_build_cancelled (void)
{
  g_autoptr(JxTrace) trace = random_trace (9, 2, 2000);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  JxTimelineSummary *summary;

  g_cancellable_cancel (cancellable);
  summary = jx_timeline_summary_build (trace, cancellable, NULL, NULL, &error);
  g_assert_null (summary);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
build_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  JxTimelineSummary **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = jx_timeline_summary_build_finish (result, &error);
  g_assert_no_error (error);
}

static void
test_build_async (void)
{
  g_autoptr(JxTrace) trace = random_trace (10, 3, 3000);
  JxTimelineSummary *summary = NULL;
  guint32 streams[3] = { 0, 1, 2 };
  guint32 got[50], want[50];
  gint64 start = (gint64) jx_trace_get_start_time (trace);
  gint64 end = (gint64) jx_trace_get_end_time (trace);

  jx_timeline_summary_build_async (trace, NULL, build_done, &summary);
  while (summary == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (jx_timeline_summary_get_trace (summary) == trace);

  /* Aggregate of several streams at a zoom fine enough for the exact walk. */
  jx_timeline_summary_sample (summary, streams, 3, start, start + (end - start) / 200, 50, got);
  jx_timeline_summary_sample_exact (trace, streams, 3, start, start + (end - start) / 200, 50, want);
  for (guint p = 0; p < 50; p++)
    g_assert_cmpuint (got[p], ==, want[p]);
  jx_timeline_summary_unref (summary);
}

/* Long phases of one function with short calls inside (compute phases
 * between communication phases): at coarse zoom whole stretches of buckets
 * are led by the phase's function, which the sampler takes as a shortcut.
 * Pixels that one function clearly dominates must show it. */
static JxTrace *
phased_trace (guint32 seed,
              guint   n_phases)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/phased/traces.otf2", "phased", 1000000000);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint32 regions[4];
  guint32 node, process, stream;
  guint64 t = 1000;

  for (guint r = 0; r < G_N_ELEMENTS (regions); r++)
    {
      g_autofree char *name = g_strdup_printf ("phase_func_%u", r);

      regions[r] = jx_trace_builder_add_region (b, name, PARADIGM_USER, ROLE_FUNCTION);
    }
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  process = jx_trace_builder_add_process (b, "Rank 0", node);
  stream = jx_trace_builder_add_stream (b, process, "Thread 0", JX_STREAM_CPU_THREAD);
  for (guint ph = 0; ph < n_phases; ph++)
    {
      /* Phases of regions 0 and 1 alternate; their calls are regions 2, 3. */
      guint32 phase = regions[ph % 2];
      guint n_calls = g_rand_int_range (rand, 50, 400);

      jx_trace_builder_enter (b, stream, t, phase);
      for (guint c = 0; c < n_calls; c++)
        {
          guint32 callee = regions[2 + g_rand_int_range (rand, 0, 2)];

          t += g_rand_int_range (rand, 200, 2000);
          jx_trace_builder_enter (b, stream, t, callee);
          t += g_rand_int_range (rand, 10, 150);
          jx_trace_builder_leave (b, stream, t, callee);
        }
      t += g_rand_int_range (rand, 200, 2000);
      jx_trace_builder_leave (b, stream, t, phase);
      t += g_rand_int_range (rand, 0, 50);
    }
  return jx_trace_builder_finish (b);
}

static void
test_coarse_zoom_phases (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  g_autoptr(JxTrace) trace = phased_trace (9, 160);
  g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  const JxStream *s = jx_trace_get_stream (trace, 0);
  guint n_regions = jx_trace_get_n_regions (trace);
  g_autofree double *occ = g_new (double, n_regions + 1);
  Agreement agreement = { 0 };
  guint clear = 0, clear_right = 0;

  g_assert_nonnull (summary);
  for (guint z = 0; z < 16; z++)
    {
      guint n_pixels = 200;
      guint32 stream = 0;
      g_autofree guint32 *regions = g_new (guint32, n_pixels);
      gint64 start, end;
      double tpp;

      random_window (rand, trace, 1.0, 40.0, &start, &end);
      jx_timeline_summary_sample (summary, &stream, 1, start, end, n_pixels, regions);
      check_row (trace, stream, -1, start, end, n_pixels, regions, &agreement);

      tpp = (double) (end - start) / n_pixels;
      for (guint p = 0; p < n_pixels; p++)
        {
          double t0 = (double) start + p * tpp;
          guint best = 0;

          brute_occupancy (s, t0, t0 + tpp, -1, n_regions, occ);
          for (guint r = 1; r <= n_regions; r++)
            if (occ[r] > occ[best])
              best = r;
          if (occ[best] < 0.75 * tpp)
            continue;
          clear++;
          if (regions[p] == (best == n_regions ? JX_NONE : best))
            clear_right++;
        }
    }
  g_test_message ("phases: %u/%u optimal, %u within 5 %%, worst loss %.3f px; clearly dominated %u/%u right",
                  agreement.optimal, agreement.pixels, agreement.near, agreement.worst_loss,
                  clear_right, clear);
  g_assert_cmpuint (clear, >, agreement.pixels / 2);
  g_assert_cmpuint (clear_right, ==, clear);
  g_assert_cmpfloat ((double) agreement.optimal / agreement.pixels, >=, 0.9);
  g_assert_cmpfloat (agreement.worst_loss, <=, 0.25);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/timeline-summary/exact-vs-brute-force", test_exact_matches_brute_force);
  g_test_add_func ("/analysis/timeline-summary/fine-zoom-exact", test_fine_zoom_is_exact);
  g_test_add_func ("/analysis/timeline-summary/galloping-search", test_galloping_search);
  g_test_add_func ("/analysis/timeline-summary/coarse-zoom-vs-brute-force", test_coarse_zoom_close_to_brute_force);
  g_test_add_func ("/analysis/timeline-summary/coarse-zoom-phases", test_coarse_zoom_phases);
  g_test_add_func ("/analysis/timeline-summary/call-stack-depths", test_depth_matches_brute_force);
  g_test_add_func ("/analysis/timeline-summary/dominant-function", test_dominant_rule);
  g_test_add_func ("/analysis/timeline-summary/cancel", test_build_cancelled);
  g_test_add_func ("/analysis/timeline-summary/async", test_build_async);

  return g_test_run ();
}
