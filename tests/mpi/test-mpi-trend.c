/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mpi-trend.c — juxtrace-mpi trend under mpirun with 2, 4 and 8 ranks
 * prints byte for byte what juxtrace-cli trend prints (JSON without its
 * timing fields; text, CSV and the --extrap file as they are): a generated
 * series of 2 to 8 processes with a repetition (whole runs on ranks and
 * runs shared by ranks) and the real runs of ../shared/traces (the TraceR
 * stencil runs with defects, the Jacobi runs, the barrier trace), --strict.
 * A run that cannot be read: test-mpi-commands.c. Skips when juxtrace-mpi
 * was not built. */
#include "config.h"

#include <string.h>

#include "jx-cli-test.h"
#include "jx-mpi-test.h"
#include "jx-test-util.h"

/* A series of runs at 2 to 8 processes (with the laws of the generator)
 * and a repetition: with 2 ranks and 6 runs every rank reads whole runs;
 * with 4 ranks and 6 runs, each reads a whole run and a share of one of
 * the two smallest; with 4 ranks and 2 runs, ranks share each run by
 * processes; 8 ranks on 3 runs share them unevenly. */
static void
test_trend_generated (void)
{
  static const char *const counts[] = { "2", "3", "4", "6", "8" };
  g_autofree char *dir = NULL;
  g_autofree char *again = NULL;
  char *runs[G_N_ELEMENTS (counts)] = { NULL };
  g_auto(JxCliRun) run = { 0 };

  if (!jx_mpi_test_built ())
    return;
  dir = g_dir_make_tmp ("jx-mpi-XXXXXX", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autofree char *name = g_strconcat ("p", counts[i], NULL);

      jx_cli_generate (dir, name, &runs[i], "--ranks", counts[i], "--threads", "2", "--iterations", "8",
                       "--depth", "3", "--fanout", "2", "--laws", "scaling", "--seed", counts[i], NULL);
    }
  jx_cli_generate (dir, "p4.r2", &again, "--ranks", "4", "--iterations", "8", "--depth", "3", "--fanout", "2",
                   "--laws", "scaling", "--seed", "11", NULL);

  jx_mpi_test_assert_same_each (TRUE, "trend", "--json", runs[0], runs[1], runs[2], runs[3], runs[4], again, NULL);
  jx_mpi_test_assert_same_each (FALSE, "trend", runs[0], runs[1], runs[2], runs[3], runs[4], again, NULL);
  jx_mpi_test_assert_same_each (TRUE, "trend", "--json", "--paths", "--measure", "all", "--at", "64", runs[4], runs[0], NULL);
  jx_mpi_test_assert_same_each (FALSE, "trend", "--csv", "--measure", "all", "--paths", runs[0], runs[2], runs[4], NULL);
  jx_mpi_test_assert_same_each (TRUE, "trend", "--json", "--measure", "sos,sos_max,count", "--sos-function", "iteration",
               runs[1], runs[3], runs[4], NULL);
  jx_mpi_test_assert_same (8, (const char *[]) { "trend", "--json", "--measure", "all", "--paths", runs[2], runs[3],
                                                 runs[4], NULL }, TRUE);

  /* Extra-P's input has the groups too, "(messages)" among them: sends
   * to processes of other ranks count where they were sent. */
  for (guint i = 0; i < JX_MPI_TEST_N_RANKS; i++)
    {
      g_autofree char *cli_file = g_build_filename (dir, "cli.jsonl", NULL);
      g_autofree char *mpi_file = g_build_filename (dir, "mpi.jsonl", NULL);
      g_autofree char *cli_text = NULL, *mpi_text = NULL;
      g_auto(JxCliRun) single = { 0 };
      g_auto(JxCliRun) mpi = { 0 };

      jx_cli_run (&single, "trend", "--measure", "all", "--extrap", cli_file, runs[1], runs[4], NULL);
      jx_mpi_test_run (&mpi, jx_mpi_test_ranks[i], "trend", "--measure", "all", "--extrap", mpi_file, runs[1], runs[4], NULL);
      g_assert_cmpint (single.status, ==, 0);
      g_assert_cmpint (mpi.status, ==, 0);
      g_assert_true (g_file_get_contents (cli_file, &cli_text, NULL, NULL));
      g_assert_true (g_file_get_contents (mpi_file, &mpi_text, NULL, NULL));
      g_assert_nonnull (strstr (cli_text, "(messages)"));
      g_assert_cmpstr (mpi_text, ==, cli_text);
    }

  /* A study error comes from rank 0 alone. */
  jx_mpi_test_run (&run, 2, "trend", "--by", "n", runs[0], runs[1], NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpuint (jx_mpi_test_count (run.err, "“n”"), ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    g_free (runs[i]);
  jx_test_remove_tree (dir);
}

static void
test_trend_real (void)
{
  g_autofree char *tracer_32 = NULL, *tracer_64 = NULL, *jacobi_1 = NULL, *jacobi_9 = NULL, *barrier = NULL;

  if (!jx_mpi_test_built ())
    return;
  tracer_32 = jx_mpi_test_shared_trace ("TraceR__stencil4d-32");
  tracer_64 = jx_mpi_test_shared_trace ("TraceR__stencil4d-64");
  jacobi_1 = jx_mpi_test_shared_trace ("casita__1_xeonphi_jacobi_01");
  jacobi_9 = jx_mpi_test_shared_trace ("casita__1_xeonphi_jacobi_09");
  barrier = jx_mpi_test_shared_trace ("casita__4_mpi_ls_barr");
  if (tracer_32 == NULL || tracer_64 == NULL || jacobi_1 == NULL || jacobi_9 == NULL || barrier == NULL)
    {
      g_test_skip ("the traces of ../shared/traces are not there");
      return;
    }
  /* Runs with defects: the caveat lines once, the load reports merged. */
  jx_mpi_test_assert_same_each (TRUE, "trend", "--json", "--measure", "all", "--paths", tracer_32, tracer_64, NULL);
  jx_mpi_test_assert_same_each (FALSE, "trend", "--measure", "all", tracer_32, tracer_64, NULL);
  jx_mpi_test_assert_same_each (FALSE, "trend", "--csv", "--paths", tracer_64, tracer_32, barrier, NULL);
  /* One process each: the ranks without a share add nothing. */
  jx_mpi_test_assert_same_each (TRUE, "trend", "--json", "--measure", "all", "--paths", "--param", "n=1,9", jacobi_1, jacobi_9, NULL);
  jx_mpi_test_assert_same_each (FALSE, "trend", "--csv", "--param", "n=1,9", jacobi_1, jacobi_9, NULL);
  /* --strict leaves the runs with defects out, as juxtrace-cli does (exit
   * status 1, which mpirun reports after the messages). */
  {
    const char *argv[] = { "trend", "--strict", "--param", "n=1,9,3", jacobi_1, jacobi_9, tracer_32, NULL };

    jx_mpi_test_assert_strict_stops (argv);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!jx_mpi_test_available ())
    return 77;
  g_test_add_func ("/mpi/trend/generated", test_trend_generated);
  g_test_add_func ("/mpi/trend/real", test_trend_real);
  return g_test_run ();
}
