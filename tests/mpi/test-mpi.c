/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mpi.c — juxtrace-mpi ($JX_MPI) under mpirun ($JX_MPIRUN) with 2 and
 * 4 ranks prints byte for byte what juxtrace-cli ($JX_CLI) prints, timing
 * aside: diff in JSON, text and CSV on generated pairs (processes of both
 * traces alike, and one trace with a process more) and on the two Jacobi
 * runs of ../shared/traces; profile in every format, also of a real trace
 * with defects; a missing event file of rank 1's share stops
 * every rank with one message naming the file and the rank. Skips when
 * juxtrace-mpi was not built (-Dmpi=disabled, or no MPI found). */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "jx-cli-test.h"
#include "jx-mpi-test.h"
#include "jx-test-util.h"

static void
assert_same_diff (const char *a,
                  const char *b,
                  guint       ranks,
                  const char *format)    /* "--json", "--csv", "--functions", NULL: text */
{
  g_auto(JxCliRun) single = { 0 };
  g_auto(JxCliRun) mpi = { 0 };
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;

  if (format == NULL)
    {
      jx_cli_run (&single, "diff", a, b, NULL);
      jx_mpi_test_run (&mpi, ranks, "diff", a, b, NULL);
    }
  else if (g_str_equal (format, "--functions"))
    {
      jx_cli_run (&single, "diff", "--csv", "--functions", a, b, NULL);
      jx_mpi_test_run (&mpi, ranks, "diff", "--csv", "--functions", a, b, NULL);
    }
  else
    {
      jx_cli_run (&single, "diff", format, a, b, NULL);
      jx_mpi_test_run (&mpi, ranks, "diff", format, a, b, NULL);
    }
  g_assert_cmpint (single.status, ==, 0);
  if (mpi.status != 0)
    g_test_message ("%s", mpi.err);
  g_assert_cmpint (mpi.status, ==, 0);
  if (format != NULL && g_str_equal (format, "--json"))
    {
      expected = jx_mpi_test_json_without_timing (single.out);
      got = jx_mpi_test_json_without_timing (mpi.out);
    }
  else
    {
      expected = jx_mpi_test_diff_text_without_timing (single.out);
      got = jx_mpi_test_diff_text_without_timing (mpi.out);
    }
  g_assert_cmpuint (strlen (expected), >, 100);
  g_assert_cmpstr (got, ==, expected);
}

/* profile in every format, per region and per process. */
static void
assert_same_profile (const char *trace,
                     guint       ranks)
{
  static const char *const formats[][3] = {
    { NULL }, { "--json", NULL }, { "--csv", NULL },
    { "--per", "process", NULL }, { "--json", "--per=process", NULL },
  };

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_auto(JxCliRun) single = { 0 };
      g_auto(JxCliRun) mpi = { 0 };

      jx_cli_run (&single, "profile", trace, formats[f][0], formats[f][1], NULL);
      jx_mpi_test_run (&mpi, ranks, "profile", trace, formats[f][0], formats[f][1], NULL);
      g_assert_cmpint (single.status, ==, 0);
      if (mpi.status != 0)
        g_test_message ("%s", mpi.err);
      g_assert_cmpint (mpi.status, ==, 0);
      g_assert_cmpuint (strlen (single.out), >, 100);
      /* Integer ticks summed: no timing field, nothing to leave out. */
      g_assert_cmpstr (mpi.out, ==, single.out);
      /* The text's caveat line of a trace with defects, once. */
      if (formats[f][0] == NULL)
        g_assert_cmpstr (mpi.err, ==, single.err);
    }
}

static void
test_profile (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *a = NULL, *jacobi = NULL, *stencil = NULL;

  if (!jx_mpi_test_built ())
    return;
  dir = g_dir_make_tmp ("jx-mpi-XXXXXX", NULL);
  jx_cli_generate (dir, "a", &a, "--ranks", "6", "--threads", "2", "--iterations", "12", NULL);
  assert_same_profile (a, 2);
  assert_same_profile (a, 4);
  jx_test_remove_tree (dir);

  jacobi = g_build_filename (jx_test_get_shared_traces (), "casita__1_xeonphi_jacobi_01", NULL);
  /* With defects: the load report summed over the shares. */
  stencil = g_build_filename (jx_test_get_shared_traces (), "TraceR__stencil4d-64", NULL);
  if (!g_file_test (jacobi, G_FILE_TEST_IS_DIR) || !g_file_test (stencil, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("the traces of ../shared/traces are not there");
      return;
    }
  assert_same_profile (jacobi, 2);
  assert_same_profile (stencil, 4);
}

static void
test_diff_generated (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  static const guint ranks[] = { 2, 4 };

  if (!jx_mpi_test_built ())
    return;
  dir = g_dir_make_tmp ("jx-mpi-XXXXXX", NULL);
  jx_cli_generate (dir, "a", &a, "--ranks", "6", "--threads", "2", "--iterations", "12", NULL);
  jx_cli_generate (dir, "b", &b, "--ranks", "6", "--threads", "2", "--iterations", "12",
                   "--variant", "slower-machine", "--variant", "more-calls", "--seed", "2", NULL);
  /* One process more, and names that pair by their numbers only: the
   * processes that do not pair by name are one group on one rank. */
  jx_cli_generate (dir, "c", &c, "--ranks", "7", "--threads", "2", "--iterations", "12",
                   "--process-names", "process {pid}", "--seed", "3", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (ranks); i++)
    {
      assert_same_diff (a, b, ranks[i], "--json");
      assert_same_diff (a, c, ranks[i], "--json");
    }
  assert_same_diff (a, b, 2, NULL);
  assert_same_diff (a, b, 4, "--csv");
  assert_same_diff (a, b, 4, "--functions");
  assert_same_diff (b, c, 2, NULL);
  jx_test_remove_tree (dir);
}

static void
test_diff_real (void)
{
  g_autofree char *a = NULL, *b = NULL;

  if (!jx_mpi_test_built ())
    return;
  a = g_build_filename (jx_test_get_shared_traces (), "casita__1_xeonphi_jacobi_01", NULL);
  b = g_build_filename (jx_test_get_shared_traces (), "casita__1_xeonphi_jacobi_09", NULL);
  if (!g_file_test (a, G_FILE_TEST_IS_DIR) || !g_file_test (b, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("the Jacobi traces of ../shared/traces are not there");
      return;
    }
  assert_same_diff (a, b, 2, "--json");
  assert_same_diff (a, b, 4, "--json");
  assert_same_diff (a, b, 4, NULL);
}

/* Rank 1 of 2 loads the processes at positions 1 and 3 (the groups of
 * equal work go round the ranks); without process 1's event file it stops,
 * and so does rank 0, with one message. */
static void
test_failure (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *a = NULL, *b = NULL, *evt = NULL;
  g_auto(JxCliRun) run = { 0 };

  if (!jx_mpi_test_built ())
    return;
  dir = g_dir_make_tmp ("jx-mpi-XXXXXX", NULL);
  jx_cli_generate (dir, "a", &a, "--ranks", "4", "--iterations", "8", NULL);
  jx_cli_generate (dir, "b", &b, "--ranks", "4", "--iterations", "8", "--seed", "2", NULL);
  evt = g_build_filename (a, "traces", "1.evt", NULL);
  g_assert_true (g_file_test (evt, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_unlink (evt), ==, 0);

  jx_mpi_test_run (&run, 2, "diff", "--json", a, b, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpuint (jx_mpi_test_count (run.err, "juxtrace-mpi diff:"), ==, 1);
  g_assert_nonnull (strstr (run.err, "juxtrace-mpi diff: rank 1: "));
  g_assert_nonnull (strstr (run.err, "traces/1.evt"));

  /* A trace that is not there: rank 0 reads the definitions and says so. */
  jx_mpi_test_run (&run, 2, "diff", a, "/nonexistent/trace", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpuint (jx_mpi_test_count (run.err, "juxtrace-mpi diff:"), ==, 1);
  g_assert_nonnull (strstr (run.err, "rank 0: "));
  g_assert_nonnull (strstr (run.err, "/nonexistent/trace"));
  jx_test_remove_tree (dir);
}

/* What needs the alignments or both whole traces is refused, once. */
static void
test_usage (void)
{
  g_auto(JxCliRun) run = { 0 };

  if (!jx_mpi_test_built ())
    return;
  jx_mpi_test_run (&run, 2, "diff", "--explain", "a", "b", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpuint (jx_mpi_test_count (run.err, "--explain"), ==, 1);
  jx_mpi_test_run (&run, 2, "frobnicate", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpuint (jx_mpi_test_count (run.err, "frobnicate"), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!jx_mpi_test_available ())
    return 77;
  g_test_add_func ("/mpi/diff/generated", test_diff_generated);
  g_test_add_func ("/mpi/diff/real", test_diff_real);
  g_test_add_func ("/mpi/profile", test_profile);
  g_test_add_func ("/mpi/failure", test_failure);
  g_test_add_func ("/mpi/usage", test_usage);
  return g_test_run ();
}
