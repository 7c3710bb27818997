/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-flat.c — flat alignment on the dissertation's five input sets
 * (§3.5.1, Tables 3.2–3.6) at 1k, 10k, 100k and 1M symbols.
 *
 * Each measurement runs in a forked child so that its peak resident memory
 * (ru_maxrss minus the resident size before the call) belongs to that
 * algorithm alone; it includes the returned pairs (12 bytes each).  Times are
 * the median of a few runs for short inputs.  Printed ratios, on CPU time
 * since the machine is shared: the dissertation's time over ours (its machine:
 * Xeon E5-2680 v3, one dedicated core), and ours over Needleman–Wunsch at 10k
 * measured in this run.
 *
 *   bench-flat [--max-length N] [--full] [--set NAME] [--algorithm NAME]
 *
 * By default algorithms are skipped where they are quadratic beyond feasible
 * (NW above 10k, Hirschberg above 100k, the wavefront on dissimilar input above
 * 10k); --full lifts the wavefront limit to 100k. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jx-sequence-align.h"

typedef enum
{
  SET_EQUAL, SET_HALF, SET_SMALL_BLOCKS, SET_LARGE_BLOCKS, SET_DIFFERENT,
  SET_EDITED,      /* not in the dissertation: random text and a 1 % edited copy */
  N_SETS
} InputSet;

#define N_DISSERTATION_SETS 5

static const char *set_names[N_SETS] = {
  "equal", "half-equal", "small-blocks", "large-blocks", "different", "edited-1%",
};

static const gsize lengths[] = { 1000, 10000, 100000, 1000000 };
#define N_LENGTHS G_N_ELEMENTS (lengths)

/* Dissertation Tables 3.2–3.6 in ms (NW, Hirschberg, Ukkonen); 0.5 stands for
 * "<1ms", -1 for "out of memory". */
static const double dissertation_ms[N_DISSERTATION_SETS][3][N_LENGTHS] = {
  { { 4, 562, 54938, -1 }, { 29, 2869, 287932, 29460000 }, { 0.5, 0.5, 2, 21 } },
  { { 4, 563, 54946, -1 }, { 29, 2897, 289123, 29280000 }, { 3, 149, 12956, 1271000 } },
  { { 4, 565, 54833, -1 }, { 29, 2880, 289915, 28800000 }, { 3, 233, 22980, 2413000 } },
  { { 4, 563, 54819, -1 }, { 29, 2906, 290982, 29160000 }, { 1, 45, 4378, 457000 } },
  { { 4, 563, 54811, -1 }, { 29, 2870, 290426, 28800000 }, { 4, 344, 34273, 3651000 } },
};

/* Rows of the table: an algorithm and whether §3.2.3's special cases run. */
typedef struct
{
  const char  *label;
  JxAlgorithm  algorithm;
  gboolean     special_cases;
  guint        n_threads;
  int          dissertation_row;   /* -1: compare with the best of the three */
} Row;

static const Row rows[] = {
  { "nw",          JX_ALGORITHM_NEEDLEMAN_WUNSCH, FALSE, 1, 0 },
  { "hirschberg",  JX_ALGORITHM_HIRSCHBERG,       FALSE, 1, 1 },
  { "fast",        JX_ALGORITHM_FAST,             FALSE, 1, 2 },
  { "auto",        JX_ALGORITHM_AUTO,             TRUE,  1, -1 },
  { "auto-2t",     JX_ALGORITHM_AUTO,             TRUE,  2, -1 },
  { "anchor",      JX_ALGORITHM_ANCHOR,           TRUE,  1, -1 },
};

typedef struct
{
  double  ms;
  double  cpu_ms;
  double  peak_mb;
  gint64  score;
  guint64 cells;
  guint64 by_algorithm[JX_N_ALGORITHMS];
  guint64 gave_up;
  int     ok;
} Result;

/* A is a^n; B follows the set's pattern (a = 0, b = 1).  The edited set is
 * 64 symbols at random, B has every symbol substituted, deleted or preceded
 * by an insertion with probability 1/300 each (B is cut or padded to n). */
static void
make_set (InputSet  set,
          gsize     n,
          guint32  *a,
          guint32  *b)
{
  gsize k;

  if (set == SET_EDITED)
    {
      GRand *rand = g_rand_new_with_seed (2016);
      gsize len = 0;

      for (k = 0; k < n; k++)
        a[k] = (guint32) g_rand_int_range (rand, 0, 64);
      for (k = 0; k < n && len < n; k++)
        {
          guint32 r = (guint32) g_rand_int_range (rand, 0, 300);

          if (r == 0)
            b[len++] = (guint32) g_rand_int_range (rand, 0, 64);
          else if (r == 1)
            continue;
          else if (r == 2)
            {
              b[len++] = (guint32) g_rand_int_range (rand, 0, 64);
              if (len < n)
                b[len++] = a[k];
            }
          else
            b[len++] = a[k];
        }
      for (; len < n; len++)
        b[len] = a[len];
      g_rand_free (rand);
      return;
    }

  for (k = 0; k < n; k++)
    {
      a[k] = 0;
      switch (set)
        {
        case SET_EQUAL:
          b[k] = 0;
          break;
        case SET_HALF:
          b[k] = (guint32) (k % 2);
          break;
        case SET_SMALL_BLOCKS:
          b[k] = k % 10 < 3 ? 0 : 1;
          break;
        case SET_LARGE_BLOCKS:
          b[k] = k % 10 < 7 ? 0 : 1;
          break;
        case SET_DIFFERENT:
        case SET_EDITED:
        case N_SETS:
        default:
          b[k] = 1;
          break;
        }
    }
}

static gsize
resident_kb (void)
{
  g_autofree char *text = NULL;
  unsigned long size = 0, resident = 0;

  if (!g_file_get_contents ("/proc/self/statm", &text, NULL, NULL) ||
      sscanf (text, "%lu %lu", &size, &resident) != 2)
    return 0;
  return resident * (gsize) sysconf (_SC_PAGESIZE) / 1024;
}

static gboolean
feasible (const Row *row,
          InputSet   set,
          gsize      n,
          gboolean   full)
{
  switch (row->algorithm)
    {
    case JX_ALGORITHM_NEEDLEMAN_WUNSCH:
      return n <= 10000;
    case JX_ALGORITHM_HIRSCHBERG:
      return n <= 100000;
    case JX_ALGORITHM_FAST:
      return set == SET_EQUAL || set == SET_EDITED || n <= (full ? 100000 : 10000);
    case JX_ALGORITHM_AUTO:
      /* With special cases equal and disjoint input are linear. */
      return n <= 100000 || set == SET_EQUAL || set == SET_DIFFERENT || set == SET_EDITED;
    case JX_ALGORITHM_ANCHOR:
    case JX_N_ALGORITHMS:
    default:
      return TRUE;
    }
}

static void
run_child (const Row *row,
           InputSet   set,
           gsize      n,
           int        fd)
{
  g_autofree guint32 *a = g_new (guint32, n);
  g_autofree guint32 *b = g_new (guint32, n);
  g_autoptr(GError) error = NULL;
  JxAlignOptions options;
  JxAlignStats stats = { 0, };
  Result result = { 0, };
  struct rusage usage, usage0;
  gsize before;
  gint64 t0, t1;
  GArray *pairs;

  make_set (set, n, a, b);
  jx_align_options_init (&options);
  options.algorithm = row->algorithm;
  options.special_cases = row->special_cases;
  options.n_threads = row->n_threads;
  if (row->algorithm == JX_ALGORITHM_ANCHOR)
    options.anchor_min_length = 1000;

  before = resident_kb ();
  getrusage (RUSAGE_SELF, &usage0);
  t0 = g_get_monotonic_time ();
  pairs = jx_align_sequences (a, n, b, n, &options, &stats, &result.score, NULL, &error);
  t1 = g_get_monotonic_time ();
  getrusage (RUSAGE_SELF, &usage);

  result.ok = pairs != NULL;
  result.ms = (t1 - t0) / 1000.0;
  result.cpu_ms = (usage.ru_utime.tv_sec - usage0.ru_utime.tv_sec) * 1000.0 +
                  (usage.ru_utime.tv_usec - usage0.ru_utime.tv_usec) / 1000.0 +
                  (usage.ru_stime.tv_sec - usage0.ru_stime.tv_sec) * 1000.0 +
                  (usage.ru_stime.tv_usec - usage0.ru_stime.tv_usec) / 1000.0;
  result.peak_mb = ((double) usage.ru_maxrss - (double) before) / 1024.0;
  result.cells = stats.cells;
  result.gave_up = stats.fast_gave_up;
  memcpy (result.by_algorithm, stats.by_algorithm, sizeof result.by_algorithm);
  if (pairs != NULL)
    g_array_unref (pairs);
  if (write (fd, &result, sizeof result) != sizeof result)
    _exit (2);
  _exit (0);
}

static gboolean
measure (const Row *row,
         InputSet   set,
         gsize      n,
         Result    *out)
{
  int fds[2];
  pid_t pid;
  int status = 0;
  gssize got;

  if (pipe (fds) != 0)
    return FALSE;
  fflush (stdout);
  pid = fork ();
  if (pid < 0)
    return FALSE;
  if (pid == 0)
    {
      close (fds[0]);
      run_child (row, set, n, fds[1]);
    }
  close (fds[1]);
  got = read (fds[0], out, sizeof *out);
  close (fds[0]);
  waitpid (pid, &status, 0);
  return got == sizeof *out && WIFEXITED (status) && WEXITSTATUS (status) == 0 && out->ok;
}

static int
compare_double (gconstpointer x,
                gconstpointer y)
{
  double a = *(const double *) x, b = *(const double *) y;

  return a < b ? -1 : a > b;
}

static void
format_ms (char   *buf,
           gsize   size,
           double  ms)
{
  if (ms == 0)
    g_snprintf (buf, size, "-");
  else if (ms < 0)
    g_snprintf (buf, size, "OOM");
  else if (ms == 0.5)
    g_snprintf (buf, size, "<1");
  else
    g_snprintf (buf, size, "%.0f", ms);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  gint64 max_length = 1000000;
  gboolean full = FALSE;
  g_autofree char *only_set = NULL;
  g_autofree char *only_algorithm = NULL;
  GOptionEntry entries[] = {
    { "max-length", 'n', 0, G_OPTION_ARG_INT64, &max_length, "Longest input (default 1000000)", "N" },
    { "full", 'f', 0, G_OPTION_ARG_NONE, &full, "Run the wavefront on dissimilar input up to 100k", NULL },
    { "set", 's', 0, G_OPTION_ARG_STRING, &only_set, "Only this input set", "NAME" },
    { "algorithm", 'a', 0, G_OPTION_ARG_STRING, &only_algorithm, "Only this row (nw, hirschberg, fast, auto, auto-2t, anchor)", "NAME" },
    { NULL }
  };
  double nw_baseline = -1;
  Result baseline;
  Row nw_row = rows[0];
  guint s, l, r;

  context = g_option_context_new ("— flat alignment benchmark");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  /* The in-run baseline: Needleman–Wunsch at 10k on the dissimilar set. */
  if (measure (&nw_row, SET_DIFFERENT, 10000, &baseline))
    nw_baseline = baseline.cpu_ms;
  printf ("# baseline: Needleman–Wunsch 10k x 10k (different) = %.1f ms wall, %.1f ms cpu, %.1f MB"
          " (dissertation 563 ms: ratio %.2f)\n",
          baseline.ms, nw_baseline, baseline.peak_mb, nw_baseline > 0 ? 563.0 / nw_baseline : 0.0);
  printf ("# ms: wall time; cpu ms: the process's own CPU time.  The machine is shared,"
          " so the ratios use CPU time\n");
  printf ("%-13s %8s %-11s %11s %11s %9s %13s %10s %-10s %10s %9s %9s\n",
          "set", "length", "algorithm", "ms", "cpu ms", "peak MB", "cells", "score", "chosen",
          "diss. ms", "diss/ours", "ours/NW10k");

  for (s = 0; s < N_SETS; s++)
    {
      if (only_set != NULL && g_strcmp0 (only_set, set_names[s]) != 0)
        continue;
      for (l = 0; l < N_LENGTHS; l++)
        {
          gsize n = lengths[l];

          if ((gint64) n > max_length)
            continue;
          for (r = 0; r < G_N_ELEMENTS (rows); r++)
            {
              const Row *row = &rows[r];
              double times[5], cpu[5];
              guint runs = n <= 10000 ? 5 : n <= 100000 ? 3 : 1;
              guint k, got = 0;
              Result res = { 0, };
              char diss[32], chosen[64] = "";
              double diss_ms;
              guint a;

              if (only_algorithm != NULL && g_strcmp0 (only_algorithm, row->label) != 0)
                continue;
              if (!feasible (row, (InputSet) s, n, full))
                {
                  printf ("%-13s %8" G_GSIZE_FORMAT " %-11s %11s\n", set_names[s], n, row->label, "skipped");
                  continue;
                }
              for (k = 0; k < runs; k++)
                if (measure (row, (InputSet) s, n, &res))
                  {
                    cpu[got] = res.cpu_ms;
                    times[got++] = res.ms;
                  }
              if (got == 0)
                {
                  printf ("%-13s %8" G_GSIZE_FORMAT " %-11s %11s\n", set_names[s], n, row->label, "failed");
                  continue;
                }
              qsort (times, got, sizeof (double), compare_double);
              res.ms = times[got / 2];
              qsort (cpu, got, sizeof (double), compare_double);
              res.cpu_ms = cpu[got / 2];

              if (s >= N_DISSERTATION_SETS)
                diss_ms = 0;
              else if (row->dissertation_row >= 0)
                diss_ms = dissertation_ms[s][row->dissertation_row][l];
              else
                {
                  diss_ms = -1;
                  for (a = 0; a < 3; a++)
                    {
                      double v = dissertation_ms[s][a][l];

                      if (v >= 0 && (diss_ms < 0 || v < diss_ms))
                        diss_ms = v;
                    }
                }
              format_ms (diss, sizeof diss, diss_ms);
              for (a = 1; a < JX_N_ALGORITHMS; a++)
                if (res.by_algorithm[a] > 0 && (row->algorithm == JX_ALGORITHM_AUTO ||
                                                 row->algorithm == JX_ALGORITHM_ANCHOR))
                  {
                    char part[24];

                    g_snprintf (part, sizeof part, "%s%s", chosen[0] ? "+" : "",
                                jx_algorithm_to_string ((JxAlgorithm) a));
                    g_strlcat (chosen, part, sizeof chosen);
                  }
              if (row->algorithm == JX_ALGORITHM_AUTO && chosen[0] == '\0')
                g_strlcpy (chosen, "special", sizeof chosen);
              if (res.gave_up)
                g_strlcat (chosen, "(gave up fast)", sizeof chosen);

              printf ("%-13s %8" G_GSIZE_FORMAT " %-11s %11.2f %11.2f %9.1f %13" G_GUINT64_FORMAT
                      " %10" G_GINT64_FORMAT " %-10s %10s %9.1f %9.4f\n",
                      set_names[s], n, row->label, res.ms, res.cpu_ms, res.peak_mb, res.cells, res.score,
                      chosen[0] ? chosen : "-", diss,
                      diss_ms > 0 && res.cpu_ms > 0 ? diss_ms / res.cpu_ms : 0.0,
                      nw_baseline > 0 ? res.cpu_ms / nw_baseline : 0.0);
              fflush (stdout);
            }
        }
    }
  return 0;
}
