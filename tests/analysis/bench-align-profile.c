/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-align-profile.c — alignment by call-invocation profile on one
 * stream of 10 M invocations, at a kernel near the stream's end (the walk
 * looks at almost every kernel).
 *
 * The traces are built in memory: main → iteration × N → { compute →
 * { stencil_kernel, boundary, norm }, MPI_Allreduce }, six invocations per
 * iteration. The other run is the same program started later ("same"), or
 * one whose every 97th iteration skips the kernel ("skips": no exact match,
 * the walk ends where the error rises).
 *
 * Printed, medians of five runs: the precomputation (reference profile:
 * one scan up to the selection; index of the other stream: one pass over
 * it), the search (the walk), their sum against the 0.3 s budget, the
 * memory of the index, and the ratios against a baseline measured in the
 * same run: one linear scan over the stream's region array. The machine
 * may be shared: compare ratios, not absolute times between runs.
 *
 *   bench-align-profile [--invocations N] */
#include "config.h"

#include <stdio.h>

#include "jx-call-profile.h"
#include "jx-trace-builder.h"

#define RUNS 5

enum { MAIN, ITERATION, COMPUTE, KERNEL, BOUNDARY, NORM, ALLREDUCE, N_REGIONS };

static const char *region_names[N_REGIONS] = {
  "main", "iteration", "compute", "stencil_kernel", "boundary", "norm", "MPI_Allreduce",
};

static JxTrace *
build (guint64  n_iterations,
       guint64  start,
       guint    skip_every)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/nonexistent/traces.otf2", "bench", 1000000000);
  guint32 regions[N_REGIONS];
  guint64 t = start;

  jx_trace_builder_add_process (b, "MPI Rank 0", JX_NONE);
  jx_trace_builder_add_stream (b, 0, "Master thread", JX_STREAM_CPU_THREAD);
  for (guint r = 0; r < N_REGIONS; r++)
    regions[r] = jx_trace_builder_add_region (b, region_names[r], 0, 0);
  jx_trace_builder_reserve (b, 0, (guint32) MIN (n_iterations * 6 + 1, G_MAXUINT32));

#define ENTER(r) jx_trace_builder_enter (b, 0, t += 7, regions[r])
#define LEAVE(r) jx_trace_builder_leave (b, 0, t += 5, regions[r])
  ENTER (MAIN);
  for (guint64 i = 0; i < n_iterations; i++)
    {
      ENTER (ITERATION);
      ENTER (COMPUTE);
      if (skip_every == 0 || i % skip_every != skip_every - 1)
        {
          ENTER (KERNEL);
          LEAVE (KERNEL);
        }
      ENTER (BOUNDARY);
      LEAVE (BOUNDARY);
      ENTER (NORM);
      LEAVE (NORM);
      LEAVE (COMPUTE);
      ENTER (ALLREDUCE);
      LEAVE (ALLREDUCE);
      LEAVE (ITERATION);
    }
  LEAVE (MAIN);
#undef ENTER
#undef LEAVE
  return jx_trace_builder_finish (b);
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *v)
{
  qsort (v, RUNS, sizeof *v, compare_double);
  return v[RUNS / 2];
}

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* One linear scan over the stream: the baseline. */
static guint64
scan (const JxStream *s)
{
  guint64 sum = 0;

  for (guint32 i = 0; i < s->n_invocations; i++)
    sum += s->region[i];
  return sum;
}

static void
run (const char *label,
     JxTrace    *reference,
     JxTrace    *other)
{
  const JxStream *s = jx_trace_get_stream (reference, 0);
  const JxStream *o = jx_trace_get_stream (other, 0);
  guint32 kernel = jx_trace_find_region (reference, "stencil_kernel");
  double t_scan[RUNS], t_profile[RUNS], t_index[RUNS], t_search[RUNS], t_match[RUNS];
  guint32 selected = JX_NONE, skipped = 0;
  volatile guint64 sink = 0;
  gsize index_bytes = 0;
  JxCallSearch result = { 0 };
  JxCallMatch match;

  /* The kernel of the 20th iteration from the end. */
  for (guint32 i = s->n_invocations; i-- > 0 && selected == JX_NONE;)
    if (s->region[i] == kernel && ++skipped == 20)
      selected = i;

  for (guint r = 0; r < RUNS; r++)
    {
      g_autoptr(JxCallProfile) profile = NULL;
      g_autoptr(JxCallIndex) index = NULL;
      g_autofree guint32 *regions = NULL;
      g_autofree guint64 *counts = NULL;
      guint n, target = 0;
      double t0;

      t0 = now ();
      sink += scan (o);
      t_scan[r] = now () - t0;

      t0 = now ();
      profile = jx_call_profile_new (reference, 0, selected);
      t_profile[r] = now () - t0;

      n = jx_call_profile_get_n_functions (profile);
      regions = g_new (guint32, n);
      counts = g_new (guint64, n);
      for (guint i = 0; i < n; i++)
        {
          regions[i] = jx_trace_find_region (other, jx_trace_get_region (reference, jx_call_profile_get_function (profile, i))->name);
          counts[i] = jx_call_profile_get_count (profile, i);
          if (jx_call_profile_get_function (profile, i) == kernel)
            target = i;
        }
      t0 = now ();
      index = jx_call_index_new (o, regions, n);
      t_index[r] = now () - t0;
      index_bytes = jx_call_index_get_memory (index);

      t0 = now ();
      jx_call_index_search (index, target, counts, &result);
      t_search[r] = now () - t0;

      /* The whole call as the window and the CLI make it. */
      t0 = now ();
      jx_call_profile_match (profile, other, JX_ALIGN_EDGE_START, &match);
      t_match[r] = now () - t0;
      g_assert (match.search.invocation == result.invocation);
    }

  {
    double scan_s = median (t_scan), profile_s = median (t_profile), index_s = median (t_index);
    double search_s = median (t_search), match_s = median (t_match);
    double total = profile_s + index_s + search_s;

    printf ("\n%s: %u invocations, selected #%u, chosen #%u (kernel %u), error %" G_GUINT64_FORMAT ", %u candidates\n",
            label, o->n_invocations, selected, result.invocation, result.ordinal, result.error, result.n_candidates);
    printf ("  %-40s %9.2f ms\n", "baseline: one scan of the stream", scan_s * 1e3);
    printf ("  %-40s %9.2f ms  %6.2f× scan\n", "precompute: reference profile", profile_s * 1e3, profile_s / scan_s);
    printf ("  %-40s %9.2f ms  %6.2f× scan\n", "precompute: index of the other stream", index_s * 1e3, index_s / scan_s);
    printf ("  %-40s %9.2f ms  %6.2f× scan\n", "search: the walk", search_s * 1e3, search_s / scan_s);
    printf ("  %-40s %9.2f ms  %6.2f× scan  (budget 300 ms: %s)\n", "total", total * 1e3, total / scan_s,
            total <= 0.3 ? "within" : "OVER");
    printf ("  %-40s %9.2f ms  %6.2f× scan\n", "jx_call_profile_match (index + walk)", match_s * 1e3, match_s / scan_s);
    printf ("  %-40s %9.2f MiB (%.2f bytes per invocation); trace %.1f MiB\n", "memory: index",
            index_bytes / 1048576.0, (double) index_bytes / o->n_invocations,
            jx_trace_get_memory_size (other) / 1048576.0);
  }
  (void) sink;
}

int
main (int    argc,
      char **argv)
{
  gint64 invocations = 10000000;
  GOptionEntry entries[] = {
    { "invocations", 0, 0, G_OPTION_ARG_INT64, &invocations, "Invocations per stream (default 10 M)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- alignment by call-invocation profile");
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) reference = NULL;
  g_autoptr(JxTrace) same = NULL;
  g_autoptr(JxTrace) skips = NULL;
  guint64 iterations;
  double t0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  iterations = (guint64) MAX (invocations, 12) / 6;

  t0 = now ();
  reference = build (iterations, 1000, 0);
  same = build (iterations, 40000000, 0);
  skips = build (iterations, 25000, 97);
  printf ("bench-align-profile: three traces of one stream built in %.2f s (not part of the alignment)\n",
          now () - t0);

  run ("same program, started later (exact match)", reference, same);
  run ("every 97th iteration without the kernel (lowest error)", reference, skips);
  return 0;
}
