/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Activity never disappears: wherever something ran in a pixel that idle
 * time wins, the sampled row reports a mark (the region that ran most). */
#include "config.h"

#include <math.h>

#include "jx-test-util.h"
#include "jx-timeline-summary.h"
#include "jx-trace-builder.h"
#include "jx-trace-loader.h"

#define PARADIGM_USER 1
#define ROLE_FUNCTION 1

/* One stream of short calls (a few hundred ticks) far apart (tens of
 * thousands of ticks), as on an accelerator stream with small kernels. */
static JxTrace *
sparse_trace (guint32 seed,
              guint   n_calls)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/sparse/traces.otf2", "sparse", 1000000000);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint32 regions[3], node, process, stream;
  guint64 t = 1000;

  for (guint r = 0; r < 3; r++)
    {
      g_autofree char *name = g_strdup_printf ("kernel_%u", r);

      regions[r] = jx_trace_builder_add_region (b, name, PARADIGM_USER, ROLE_FUNCTION);
    }
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  process = jx_trace_builder_add_process (b, "Rank 0", node);
  stream = jx_trace_builder_add_stream (b, process, "Device stream", JX_STREAM_ACCELERATOR);
  for (guint i = 0; i < n_calls; i++)
    {
      guint32 region = regions[g_rand_int_range (rand, 0, 3)];

      jx_trace_builder_enter (b, stream, t, region);
      t += g_rand_int_range (rand, 50, 400);
      jx_trace_builder_leave (b, stream, t, region);
      t += g_rand_int_range (rand, 5000, 60000);
    }
  return jx_trace_builder_finish (b);
}

/* Per pixel of [start, end) / n: TRUE where some invocation overlaps it. */
static gboolean *
busy_pixels (const JxStream *s,
             gint64          start,
             gint64          end,
             guint           n)
{
  gboolean *busy = g_new0 (gboolean, n);
  double tpp = (double) (end - start) / n;

  for (guint32 i = 0; i < s->n_invocations; i++)
    {
      double x0 = ((double) s->start[i] - (double) start) / tpp;
      double x1 = ((double) s->end[i] - (double) start) / tpp;

      if (x1 <= 0.0 || x0 >= n || !(x1 > x0))
        continue;
      for (gint64 p = MAX ((gint64) floor (x0), 0); p < MIN ((gint64) ceil (x1), (gint64) n); p++)
        busy[p] = TRUE;
    }
  return busy;
}

static void
check_marks (const JxStream *s,
             gint64          start,
             gint64          end,
             guint           n,
             const guint32  *regions,
             const guint32  *marks,
             guint           tolerance,
             guint          *n_marked)
{
  g_autofree gboolean *busy = busy_pixels (s, start, end, n);

  for (guint p = 0; p < n; p++)
    {
      gboolean near = FALSE;

      /* Nothing that ran is lost. */
      if (busy[p])
        g_assert_true (regions[p] != JX_NONE || marks[p] != JX_NONE);
      if (marks[p] == JX_NONE)
        continue;
      (*n_marked)++;
      g_assert_cmpuint (regions[p], ==, JX_NONE);
      /* And no mark far from activity. */
      for (gint64 q = (gint64) p - tolerance; q <= (gint64) p + tolerance; q++)
        if (q >= 0 && q < n && busy[q])
          near = TRUE;
      g_assert_true (near);
    }
}

static void
test_exact_marks (void)
{
  g_autoptr(JxTrace) trace = sparse_trace (3, 200);
  const JxStream *s = jx_trace_get_stream (trace, 0);
  gint64 start = (gint64) jx_trace_get_start_time (trace);
  gint64 end = (gint64) jx_trace_get_end_time (trace);
  guint32 stream = 0, regions[400], marks[400];
  guint n_marked = 0;

  jx_timeline_summary_sample_exact_marked (trace, &stream, 1, start, end, 400, regions, marks);
  check_marks (s, start, end, 400, regions, marks, 0, &n_marked);
  /* Calls of ~225 ticks in pixels of ~16000: idle wins almost everywhere. */
  g_assert_cmpuint (n_marked, >, 150);
}

static void
test_pyramid_marks (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(JxTrace) trace = sparse_trace (4, 40000);
  g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  const JxStream *s = jx_trace_get_stream (trace, 0);
  gint64 t0 = (gint64) jx_trace_get_start_time (trace);
  gint64 t1 = (gint64) jx_trace_get_end_time (trace);
  guint n_marked = 0;

  for (guint z = 0; z < 24; z++)
    {
      guint n = 500 + z;
      g_autofree guint32 *regions = g_new (guint32, n);
      g_autofree guint32 *marks = g_new (guint32, n);
      guint32 stream = 0;
      /* 1x .. 20x: 80 .. 4 calls per pixel, always from the pyramid. */
      double zoom = exp (g_rand_double_range (rand, 0.0, log (20.0)));
      gint64 width = (gint64) ((t1 - t0) / zoom);
      gint64 start = t0 + (gint64) g_rand_double_range (rand, 0.0, (double) (t1 - t0 - width));

      jx_timeline_summary_sample_marked (summary, &stream, 1, start, start + width, n, regions, marks);
      /* Buckets are at most half a pixel: a mark may spill into the next one. */
      check_marks (s, start, start + width, n, regions, marks, 1, &n_marked);
    }
  g_assert_cmpuint (n_marked, >, 1000);
}

/* casita's Jacobi on a Xeon Phi: "MIC [0:1]" ran 703 offloaded calls, each
 * much shorter than a pixel at full view, where idle wins every pixel. */
static void
test_jacobi_mic_marks (void)
{
  g_autofree char *path = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = jx_trace_load (path, NULL, NULL, NULL, NULL, &error);
  g_autoptr(JxTimelineSummary) summary = NULL;
  gint64 start, end;
  guint n = 1400;
  g_autofree guint32 *regions = g_new (guint32, n);
  g_autofree guint32 *marks = g_new (guint32, n);

  g_assert_no_error (error);
  summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  start = (gint64) jx_trace_get_start_time (trace);
  end = (gint64) jx_trace_get_end_time (trace);
  for (guint32 sid = 0; sid < jx_trace_get_n_streams (trace); sid++)
    {
      const JxStream *s = jx_trace_get_stream (trace, sid);
      guint n_marked = 0, n_busy = 0;
      g_autofree gboolean *busy = NULL;

      if (!g_str_has_prefix (s->name, "MIC"))
        continue;
      jx_timeline_summary_sample_marked (summary, &sid, 1, start, end, n, regions, marks);
      check_marks (s, start, end, n, regions, marks, 0, &n_marked);
      busy = busy_pixels (s, start, end, n);
      for (guint p = 0; p < n; p++)
        n_busy += busy[p];
      g_test_message ("%s: %u invocations, %u busy columns, %u marked", s->name, s->n_invocations, n_busy, n_marked);
      if (g_str_equal (s->name, "MIC [0:1]"))
        {
          g_assert_cmpuint (s->n_invocations, ==, 703);
          g_assert_cmpuint (n_marked, >, 100);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/timeline-marks/exact", test_exact_marks);
  g_test_add_func ("/analysis/timeline-marks/pyramid", test_pyramid_marks);
  g_test_add_func ("/analysis/timeline-marks/jacobi-mic", test_jacobi_mic_marks);
  return g_test_run ();
}
