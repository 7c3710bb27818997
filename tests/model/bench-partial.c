/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-partial — what a partial load saves, and what the memory estimate
 * rests on.
 *
 *   bench-partial            generates the traces below into a temporary
 *                            directory and removes them after
 *   bench-partial TRACE…     (a) for the given archives only
 *
 * (a) Model bytes per byte of event file: for every real trace in the
 *     shared folder and a few generated ones, the peak resident memory a
 *     whole load adds (VmHWM, reset through /proc/self/clear_refs, minus
 *     VmRSS before) and the bytes jx_trace_get_memory_size () counts, each
 *     divided by the bytes of the selected event files, and the loader's
 *     estimate divided by the peak (>= 1: it errs on the safe side). On
 *     small traces fixed costs dominate: the per-file-byte ratio that the
 *     estimate uses (jx-trace-loader-outline.c) comes from the large ones.
 * (b) One process in eight of a generated 256-rank trace ÷ all of it:
 *     wall time and peak memory, the two loads alternating
 *     (JX_BENCH_RUNS=N times, default 5), fastest run and median. */
#include "config.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "jx-bench.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "model-test-util.h"

#define RUNS 5
#define MAX_RUNS 50

static guint64
status_kb (const char *field)
{
  g_autofree char *contents = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &contents, NULL, NULL))
    return 0;
  line = strstr (contents, field);
  return line != NULL ? g_ascii_strtoull (line + strlen (field), NULL, 10) : 0;
}

/* Resident bytes now, after handing freed memory back; the peak counter
 * restarts from here. */
static guint64
reset_peak (void)
{
  FILE *f;

  malloc_trim (0);
  f = fopen ("/proc/self/clear_refs", "w");
  if (f != NULL)
    {
      fputs ("5", f);
      fclose (f);
    }
  return status_kb ("VmRSS:") * 1024;
}

typedef struct
{
  double  wall_ms;
  guint64 peak;          /* bytes above the resident set before */
  guint64 model;         /* jx_trace_get_memory_size () */
  guint64 estimate;
  guint64 file_bytes;    /* selected event files */
} Load;

static Load
measure (const char             *path,
         const JxTraceSelection *selection)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTraceOutline) outline = jx_trace_outline_read (path, &error);
  g_autofree guint8 *selected = NULL;
  JxLoadOptions options = { 0 };
  JxTrace *trace;
  Load load = { 0 };
  guint64 before;
  double t0;

  g_assert_no_error (error);
  selected = jx_trace_outline_select (outline, selection, &error);
  g_assert_no_error (error);
  load.estimate = jx_trace_outline_estimate (outline, selected, selection);
  for (guint i = 0; i < jx_trace_outline_get_n_locations (outline); i++)
    if (selected[i])
      load.file_bytes += jx_trace_outline_get_location (outline, i)->file_bytes;
  g_clear_pointer (&outline, jx_trace_outline_free);

  options.selection = selection;
  options.memory_budget = JX_MEMORY_UNLIMITED;
  before = reset_peak ();
  t0 = jx_bench_now_ms ();
  trace = jx_trace_load (path, &options, NULL, NULL, NULL, &error);
  load.wall_ms = jx_bench_now_ms () - t0;
  g_assert_no_error (error);
  load.peak = status_kb ("VmHWM:") * 1024 - MIN (before, status_kb ("VmHWM:") * 1024);
  load.model = jx_trace_get_memory_size (trace);
  g_object_unref (trace);
  return load;
}

static void
print_ratio (const char *name,
             Load        load)
{
  printf ("  %-34s %9.2f MiB  peak/file %5.2f  model/file %5.2f  estimate/peak %5.2f\n", name,
          load.file_bytes / 1048576.0, (double) load.peak / (double) MAX (load.file_bytes, 1),
          (double) load.model / (double) MAX (load.file_bytes, 1),
          (double) load.estimate / (double) MAX (load.peak, 1));
}

static char *
generate (const char *root,
          const char *name,
          guint       ranks,
          guint       threads,
          guint       gpu_streams,
          guint64     events)
{
  g_autofree char *dir = g_build_filename (root, name, NULL);
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;

  jx_generator_options_init (&options);
  options.seed = 2024;
  options.n_ranks = ranks;
  options.n_threads = threads;
  options.n_gpu_streams = gpu_streams;
  options.n_iterations = jx_generator_iterations_for_events (&options, events);
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  return g_build_filename (dir, "traces.otf2", NULL);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static void
ratios_of_shared_traces (void)
{
  const char *root = jx_test_get_shared_traces ();
  g_autoptr(GDir) dir = g_dir_open (root, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *anchor = g_build_filename (root, entry, "traces.otf2", NULL);

      if (g_file_test (anchor, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (names, g_strdup (entry));
    }
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (root, g_ptr_array_index (names, i), NULL);

      print_ratio (g_ptr_array_index (names, i), measure (path, NULL));
    }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmp = NULL;
  g_autofree char *many = NULL;
  g_autoptr(JxTraceSelection) eighth = jx_trace_selection_new ();
  double part_ms[MAX_RUNS], all_ms[MAX_RUNS];
  guint64 part_peak = G_MAXUINT64, all_peak = G_MAXUINT64;
  guint runs = RUNS;
  Load part = { 0 }, all = { 0 };

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("JX_BENCH_RUNS") != NULL)
    runs = CLAMP (atoi (g_getenv ("JX_BENCH_RUNS")), 1, MAX_RUNS);

  printf ("(a) bytes per byte of event file, whole loads\n");
  if (argc > 1)
    {
      for (int i = 1; i < argc; i++)
        print_ratio (argv[i], measure (argv[i], NULL));
      return 0;
    }
  ratios_of_shared_traces ();

  tmp = test_make_temp_dir ();
  {
    g_autofree char *mpi = generate (tmp, "mpi-16", 16, 1, 0, 4000000);
    g_autofree char *mixed = generate (tmp, "threads-gpu", 8, 4, 2, 4000000);
    g_autofree char *small = generate (tmp, "ranks-2048", 2048, 1, 0, 2000000);

    print_ratio ("generated 16 ranks, 4 M events", measure (mpi, NULL));
    print_ratio ("generated 8×(4 threads, 2 GPU), 4 M", measure (mixed, NULL));
    print_ratio ("generated 2048 ranks, 2 M events", measure (small, NULL));
  }

  many = generate (tmp, "ranks-256", 256, 1, 0, 8000000);
  jx_trace_selection_set_every (eighth, 8, 0);
  for (guint r = 0; r < runs; r++)
    {
      /* Alternating, the order swapped every run. */
      for (guint k = 0; k < 2; k++)
        if ((k == 0) == (r % 2 == 0))
          {
            part = measure (many, eighth);
            part_ms[r] = part.wall_ms;
            part_peak = MIN (part_peak, part.peak);
          }
        else
          {
            all = measure (many, NULL);
            all_ms[r] = all.wall_ms;
            all_peak = MIN (all_peak, all.peak);
          }
    }
  {
    double part_best = part_ms[0], all_best = all_ms[0];

    for (guint r = 1; r < runs; r++)
      {
        part_best = MIN (part_best, part_ms[r]);
        all_best = MIN (all_best, all_ms[r]);
      }
    printf ("\n(b) generated 256 ranks, 8 M events (%.1f MiB of event files), %u runs each, alternating\n",
            all.file_bytes / 1048576.0, runs);
    printf ("  all:              best %8.1f ms  median %8.1f ms  peak %8.1f MiB  (estimate %8.1f MiB)\n",
            all_best, jx_bench_median (all_ms, runs), all_peak / 1048576.0, all.estimate / 1048576.0);
    printf ("  1 process in 8:   best %8.1f ms  median %8.1f ms  peak %8.1f MiB  (estimate %8.1f MiB)\n",
            part_best, jx_bench_median (part_ms, runs), part_peak / 1048576.0, part.estimate / 1048576.0);
    printf ("  ratio 1/8 ÷ all:  time %.3f (best)  peak memory %.3f\n",
            part_best / all_best, (double) part_peak / (double) MAX (all_peak, 1));
  }
  test_remove_tree (tmp);
  return 0;
}
