/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-mpi — juxtrace-mpi ($JX_MPI under $JX_MPIRUN) against juxtrace-cli
 * ($JX_CLI), all in one run:
 *
 * (a) A generated 1,024-rank pair (B: the slower machine, one more call per
 *     iteration) of JX_BENCH_MPI_EVENTS events per trace (default 40 M):
 *     `diff --json` with juxtrace-cli (its threads on every core) and with
 *     juxtrace-mpi on P = 1, 2 and 4 ranks (one core each; more ranks than
 *     cores are oversubscribed): wall time, each rank's peak resident
 *     memory and steps (JUXTRACE_MPI_STATS), the ratios to P = 1 and the
 *     reduction's share of rank 0's time.
 * (b) A generated 10,000-process trace pair (small per process): info,
 *     profile, cluster, imbalance and diff with juxtrace-cli and with
 *     juxtrace-mpi on 2 ranks: wall time and peak memory.
 * (c) A scaling study of six generated runs of 8 to 96 processes,
 *     JX_BENCH_MPI_TREND_EVENTS events each (default 5 M): `trend --json
 *     --paths --measure all` with juxtrace-cli (one and two runs read at
 *     once) and juxtrace-mpi on P = 1, 2 and 4 ranks: wall time, processor
 *     time of the busiest rank, peak memory per process.
 * JX_BENCH_MPI_PARTS ("a", "bc", …) runs those parts only.
 *
 * The traces go to a temporary folder (JX_BENCH_DIR, else the system's)
 * and are removed after. Wall times: the fastest of JX_BENCH_RUNS runs
 * (default 1). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jx-bench.h"
#include "jx-test-util.h"

typedef struct
{
  double  seconds;     /* wall time */
  double  child_mib;   /* peak memory of the largest process waited for (juxtrace-cli) */
  double  rank_mib[8]; /* per rank (juxtrace-mpi) */
  double  total[8];
  double  reduce[8];
  double  load[8];
  double  compute[8];
  double  cpu[8];
  guint   n_ranks;
  int     status;
} Run;

static void
parse_stats (Run        *run,
             const char *err)
{
  g_auto(GStrv) lines = g_strsplit (err, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *at = strstr (lines[i], "stats: rank ");
      const char *cpu_at = strstr (lines[i], ", cpu ");
      guint r;
      double plan, load, compute, reduce, total, mib;

      if (at == NULL)
        continue;
      if (sscanf (at, "stats: rank %u: plan %lf s, load %lf s, compute %lf s, reduce %lf s, total %lf s, peak memory %lf MiB",
                  &r, &plan, &load, &compute, &reduce, &total, &mib) != 7 || r >= G_N_ELEMENTS (run->rank_mib))
        continue;
      run->rank_mib[r] = mib;
      run->total[r] = total;
      run->reduce[r] = reduce;
      run->load[r] = load;
      run->compute[r] = compute;
      run->cpu[r] = cpu_at != NULL ? g_ascii_strtod (cpu_at + 6, NULL) : 0.0;
      run->n_ranks = MAX (run->n_ranks, r + 1);
    }
}

/* Runs argv (NULL-terminated) with stdout to /dev/null and stderr read
 * here, waiting with wait4 () for the peak memory of that process alone
 * (mpirun's ranks report their own). */
static Run
run_once (const char * const *argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) err = g_string_new (NULL);
  struct rusage usage;
  GPid pid;
  int err_fd = -1, wait_status = 0;
  double t0 = jx_bench_now_ms ();
  char buffer[4096];
  gssize n;
  Run run = { 0 };

  g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                            G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                            NULL, NULL, &pid, NULL, NULL, &err_fd, &error);
  g_assert_no_error (error);
  while ((n = read (err_fd, buffer, sizeof buffer)) > 0)
    g_string_append_len (err, buffer, n);
  close (err_fd);
  g_assert_cmpint (wait4 (pid, &wait_status, 0, &usage), ==, pid);
  g_spawn_close_pid (pid);
  run.seconds = (jx_bench_now_ms () - t0) / 1000.0;
  run.child_mib = (double) usage.ru_maxrss / 1024.0;
  run.status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  if (run.status != 0)
    {
      fprintf (stderr, "bench-mpi: %s %s failed:\n%s\n", argv[0], argv[1], err->str);
      exit (1);
    }
  parse_stats (&run, err->str);
  return run;
}

/* The fastest of runs. */
static Run
run_command (const char * const *argv,
             guint               runs)
{
  Run best = { 0 };

  best.seconds = G_MAXDOUBLE;
  for (guint k = 0; k < runs; k++)
    {
      Run run = run_once (argv);

      if (run.seconds < best.seconds)
        best = run;
    }
  return best;
}

static void
generate (const char *cli,
          const char *dir,
          const char *name,
          const char *const *options)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  g_ptr_array_add (argv, g_strdup (cli));
  g_ptr_array_add (argv, g_strdup ("generate"));
  for (guint i = 0; options[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (options[i]));
  g_ptr_array_add (argv, g_build_filename (dir, name, NULL));
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                NULL, NULL, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0);
}

static guint64
env_u64 (const char *name,
         guint64     fallback)
{
  const char *v = g_getenv (name);

  return v != NULL && *v != '\0' ? g_ascii_strtoull (v, NULL, 10) : fallback;
}

static Run
run_mpi (guint        ranks,
         const char  *command,
         const char  *a,
         const char  *b,
         guint        runs)
{
  g_autofree char *n = g_strdup_printf ("%u", ranks);
  const char *argv[] = { g_getenv ("JX_MPIRUN"), "--allow-run-as-root", "--oversubscribe", "-n", n,
                         g_getenv ("JX_MPI"), command, "--json", a, b, NULL };

  return run_command (argv, runs);
}

static Run
run_cli (const char *command,
         const char *a,
         const char *b,
         guint       runs)
{
  const char *argv[] = { g_getenv ("JX_CLI"), command, "--json", a, b, NULL };

  return run_command (argv, runs);
}

static double
max_of (const double *values,
        guint         n)
{
  double m = 0.0;

  for (guint i = 0; i < n; i++)
    m = MAX (m, values[i]);
  return m;
}

static void
bench_large (const char *cli,
             const char *dir,
             guint       runs)
{
  guint64 events = env_u64 ("JX_BENCH_MPI_EVENTS", 40000000);
  g_autofree char *events_text = g_strdup_printf ("%" G_GUINT64_FORMAT, events);
  const char *options_a[] = { "--ranks", "1024", "--events", events_text, NULL };
  const char *options_b[] = { "--ranks", "1024", "--events", events_text, "--variant", "slower-machine",
                              "--variant", "more-calls", "--seed", "2", NULL };
  g_autofree char *a = g_build_filename (dir, "a", NULL);
  g_autofree char *b = g_build_filename (dir, "b", NULL);
  static const guint ranks[] = { 1, 2, 4 };
  Run cli_run, mpi[G_N_ELEMENTS (ranks)];
  double t0 = jx_bench_now_ms ();

  generate (cli, dir, "a", options_a);
  generate (cli, dir, "b", options_b);
  /* The generated files written back before anything is measured. */
  sync ();
  printf ("(a) 1,024-rank pair, about %" G_GUINT64_FORMAT " M events per trace (generated in %.1f s)\n\n",
          events / 1000000, (jx_bench_now_ms () - t0) / 1000.0);

  cli_run = run_cli ("diff", a, b, runs);
  printf ("  juxtrace-cli diff (threads on %u cores): %.2f s, peak %.0f MiB\n\n",
          g_get_num_processors (), cli_run.seconds, cli_run.child_mib);
  printf ("  %-3s %9s %9s %9s %9s %9s %9s %9s  %s\n", "P", "wall s", "÷ P=1", "cpu s", "÷ P=1", "load s",
          "compare s", "reduce %", "peak MiB per rank (÷ P=1 of the largest)");
  for (guint i = 0; i < G_N_ELEMENTS (ranks); i++)
    {
      g_autoptr(GString) peaks = g_string_new (NULL);

      mpi[i] = run_mpi (ranks[i], "diff", a, b, runs);
      g_assert_cmpuint (mpi[i].n_ranks, ==, ranks[i]);
      for (guint r = 0; r < mpi[i].n_ranks; r++)
        g_string_append_printf (peaks, "%s%.0f", r > 0 ? " " : "", mpi[i].rank_mib[r]);
      printf ("  %-3u %9.2f %9.2f %9.2f %9.2f %9.2f %9.2f %8.1f%%  %s (%.2f)\n", ranks[i], mpi[i].seconds,
              mpi[i].seconds / mpi[0].seconds,
              max_of (mpi[i].cpu, mpi[i].n_ranks), max_of (mpi[i].cpu, mpi[i].n_ranks) / MAX (mpi[0].cpu[0], 1e-9),
              max_of (mpi[i].load, mpi[i].n_ranks), max_of (mpi[i].compute, mpi[i].n_ranks),
              100.0 * mpi[i].reduce[0] / MAX (mpi[i].total[0], 1e-9), peaks->str,
              max_of (mpi[i].rank_mib, mpi[i].n_ranks) / MAX (max_of (mpi[0].rank_mib, 1), 1e-9));
    }
  printf ("\n  P=2 ÷ P=1 wall time on this %u-core machine: %.2f; P=1 ÷ juxtrace-cli: %.2f\n"
          "  (cpu s: the processor time of the busiest rank, which other jobs on a shared\n"
          "  machine do not inflate; its ratio is what P ranks on P free cores give)\n\n",
          g_get_num_processors (), mpi[1].seconds / mpi[0].seconds, mpi[0].seconds / cli_run.seconds);
}

/* One line of (b): juxtrace-cli, then juxtrace-mpi on 2 ranks when
 * with_mpi. */
static void
bench_command (const char *command,
               const char *a,
               const char *b,
               gboolean    with_mpi,
               guint       runs)
{
  Run r = run_cli (command, a, b, runs);

  printf ("  %-10s juxtrace-cli: %6.2f s, peak %6.0f MiB", command, r.seconds, r.child_mib);
  if (with_mpi)
    {
      Run m = run_mpi (2, command, a, b, runs);

      g_assert_cmpint (m.status, ==, 0);
      printf ("; juxtrace-mpi P=2: %6.2f s (÷ cli %.2f), peak per rank %.0f, %.0f MiB (reduce %.1f%%)",
              m.seconds, m.seconds / MAX (r.seconds, 1e-9), m.rank_mib[0], m.rank_mib[1],
              100.0 * m.reduce[0] / MAX (m.total[0], 1e-9));
    }
  printf ("\n");
}

static void
bench_many (const char *cli,
            const char *dir,
            guint       runs)
{
  const char *options_a[] = { "--ranks", "10000", "--iterations", "3", NULL };
  const char *options_b[] = { "--ranks", "10000", "--iterations", "3", "--variant", "slower-machine",
                              "--seed", "2", NULL };
  g_autofree char *a = g_build_filename (dir, "many-a", NULL);
  g_autofree char *b = g_build_filename (dir, "many-b", NULL);

  generate (cli, dir, "many-a", options_a);
  generate (cli, dir, "many-b", options_b);
  sync ();
  printf ("(b) 10,000-process pair, 3 iterations each\n\n");
  bench_command ("info", a, NULL, TRUE, runs);
  bench_command ("profile", a, NULL, TRUE, runs);
  bench_command ("cluster", a, NULL, TRUE, runs);
  bench_command ("imbalance", a, NULL, TRUE, runs);
  bench_command ("diff", a, b, TRUE, runs);
}

static void
bench_trend (const char *cli,
             const char *dir,
             guint       runs)
{
  static const char *const counts[] = { "8", "16", "32", "48", "64", "96" };
  static const guint ranks[] = { 1, 2, 4 };
  guint64 events = env_u64 ("JX_BENCH_MPI_TREND_EVENTS", 5000000);
  g_autofree char *events_text = g_strdup_printf ("%" G_GUINT64_FORMAT, events);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *const study[] = { "trend", "--json", "--paths", "--measure", "all", NULL };
  Run mpi[G_N_ELEMENTS (ranks)];

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autofree char *name = g_strconcat ("p", counts[i], NULL);
      const char *options[] = { "--ranks", counts[i], "--events", events_text, "--laws", "scaling",
                                "--seed", counts[i], NULL };

      generate (cli, dir, name, options);
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
    }
  sync ();
  printf ("\n(c) trend of 6 runs of 8 to 96 processes, about %" G_GUINT64_FORMAT " M events each\n\n",
          events / 1000000);
  for (guint jobs = 1; jobs <= 2; jobs++)
    {
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      g_autofree char *jobs_text = g_strdup_printf ("%u", jobs);
      Run r;

      g_ptr_array_add (argv, (gpointer) cli);
      for (guint k = 0; study[k] != NULL; k++)
        g_ptr_array_add (argv, (gpointer) study[k]);
      g_ptr_array_add (argv, (gpointer) "--jobs");
      g_ptr_array_add (argv, jobs_text);
      g_ptr_array_extend (argv, paths, NULL, NULL);
      g_ptr_array_add (argv, NULL);
      r = run_command ((const char * const *) argv->pdata, runs);
      g_assert_cmpint (r.status, ==, 0);
      printf ("  juxtrace-cli trend --jobs %u: %.2f s, peak %.0f MiB\n", jobs, r.seconds, r.child_mib);
    }
  for (guint i = 0; i < G_N_ELEMENTS (ranks); i++)
    {
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      g_autofree char *n = g_strdup_printf ("%u", ranks[i]);
      g_autoptr(GString) peaks = g_string_new (NULL);
      const char *const mpirun[] = { g_getenv ("JX_MPIRUN"), "--allow-run-as-root", "--oversubscribe", "-n", n,
                                     g_getenv ("JX_MPI"), NULL };

      for (guint k = 0; mpirun[k] != NULL; k++)
        g_ptr_array_add (argv, (gpointer) mpirun[k]);
      for (guint k = 0; study[k] != NULL; k++)
        g_ptr_array_add (argv, (gpointer) study[k]);
      g_ptr_array_extend (argv, paths, NULL, NULL);
      g_ptr_array_add (argv, NULL);
      mpi[i] = run_command ((const char * const *) argv->pdata, runs);
      g_assert_cmpint (mpi[i].status, ==, 0);
      for (guint r = 0; r < mpi[i].n_ranks; r++)
        g_string_append_printf (peaks, "%s%.0f", r > 0 ? " " : "", mpi[i].rank_mib[r]);
      printf ("  juxtrace-mpi trend P=%u: %.2f s (÷ P=1 %.2f), cpu of the busiest rank %.2f s (÷ P=1 %.2f), "
              "peak MiB per rank %s\n",
              ranks[i], mpi[i].seconds, mpi[i].seconds / mpi[0].seconds, max_of (mpi[i].cpu, mpi[i].n_ranks),
              max_of (mpi[i].cpu, mpi[i].n_ranks) / MAX (mpi[0].cpu[0], 1e-9), peaks->str);
    }
}

int
main (int    argc,
      char **argv)
{
  const char *cli = g_getenv ("JX_CLI");
  const char *base = g_getenv ("JX_BENCH_DIR");
  g_autofree char *template = g_build_filename (base != NULL ? base : g_get_tmp_dir (), "jx-bench-mpi-XXXXXX", NULL);
  const char *dir;
  guint runs = (guint) env_u64 ("JX_BENCH_RUNS", 1);

  if (cli == NULL || g_getenv ("JX_MPI") == NULL || g_getenv ("JX_MPIRUN") == NULL)
    {
      fprintf (stderr, "bench-mpi: run it through `meson test --benchmark bench-mpi` (JX_CLI, JX_MPI, JX_MPIRUN)\n");
      return 1;
    }
  g_setenv ("JUXTRACE_MPI_STATS", "1", TRUE);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
  dir = g_mkdtemp (template);
  g_assert_nonnull (dir);
  /* JX_BENCH_MPI_PARTS: "a", "b", "c" or a mix; all by default. */
  if (g_getenv ("JX_BENCH_MPI_PARTS") == NULL || strchr (g_getenv ("JX_BENCH_MPI_PARTS"), 'a') != NULL)
    bench_large (cli, dir, MAX (runs, 1));
  if (g_getenv ("JX_BENCH_MPI_PARTS") == NULL || strchr (g_getenv ("JX_BENCH_MPI_PARTS"), 'b') != NULL)
    bench_many (cli, dir, MAX (runs, 1));
  if (g_getenv ("JX_BENCH_MPI_PARTS") == NULL || strchr (g_getenv ("JX_BENCH_MPI_PARTS"), 'c') != NULL)
    bench_trend (cli, dir, MAX (runs, 1));
  jx_test_remove_tree (dir);
  return 0;
}
