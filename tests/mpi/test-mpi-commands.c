/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mpi-commands.c — juxtrace-mpi cluster, imbalance and info under
 * mpirun with 2 and 4 ranks print byte for byte what juxtrace-cli prints
 * (JSON without its timing fields; text and CSV as they are; the caveat
 * lines of traces with defects once): generated traces (one, and several
 * together; cluster with --threshold) and real ones of ../shared/traces
 * (the Jacobi runs, the TraceR stencil run with defects, a trace of fewer
 * processes than ranks). A missing event file of rank 1's share: info and
 * cluster print what juxtrace-cli prints, imbalance and trend stop every
 * rank with one message. A ring of messages written here, three of them
 * unmatched, with their ends in different shares: profile, imbalance, info,
 * cluster, diff and trend report them as juxtrace-cli does. trend's outputs:
 * test-mpi-trend.c. Skips when juxtrace-mpi was not built. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>
#include <otf2/otf2.h>

#include "jx-cli-test.h"
#include "jx-mpi-test.h"
#include "jx-test-util.h"

static void
test_cluster_generated (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  if (!jx_mpi_test_built ())
    return;
  dir = g_dir_make_tmp ("jx-mpi-XXXXXX", NULL);
  jx_cli_generate (dir, "a", &a, "--ranks", "6", "--threads", "2", "--iterations", "12", NULL);
  jx_cli_generate (dir, "b", &b, "--ranks", "7", "--threads", "2", "--iterations", "12",
                   "--variant", "more-calls", "--seed", "3", NULL);
  jx_cli_generate (dir, "c", &c, "--ranks", "5", "--iterations", "6",
                   "--process-names", "process {pid}", "--seed", "4", NULL);

  jx_mpi_test_assert_same_each (TRUE, "cluster", "--json", a, NULL);
  jx_mpi_test_assert_same_each (TRUE, "cluster", "--json", a, b, c, NULL);
  jx_mpi_test_assert_same_each (TRUE, "cluster", "--json", "--threshold", "0.5", a, b, NULL);
  jx_mpi_test_assert_same_each (FALSE, "cluster", a, b, c, NULL);
  jx_mpi_test_assert_same_each (FALSE, "cluster", "--members", "0", "--threshold", "0.9", a, b, NULL);
  jx_mpi_test_assert_same_each (FALSE, "cluster", "--csv", b, c, NULL);
  jx_test_remove_tree (dir);
}

static void
test_cluster_real (void)
{
  g_autofree char *jacobi_1 = NULL, *jacobi_9 = NULL, *stencil = NULL, *barrier = NULL;

  if (!jx_mpi_test_built ())
    return;
  jacobi_1 = jx_mpi_test_shared_trace ("casita__1_xeonphi_jacobi_01");
  jacobi_9 = jx_mpi_test_shared_trace ("casita__1_xeonphi_jacobi_09");
  stencil = jx_mpi_test_shared_trace ("TraceR__stencil4d-64");
  barrier = jx_mpi_test_shared_trace ("casita__4_mpi_ls_barr");
  if (jacobi_1 == NULL || jacobi_9 == NULL || stencil == NULL || barrier == NULL)
    {
      g_test_skip ("the traces of ../shared/traces are not there");
      return;
    }
  /* One process of four streams: the other ranks have no share. */
  jx_mpi_test_assert_same_each (TRUE, "cluster", "--json", jacobi_1, jacobi_9, NULL);
  jx_mpi_test_assert_same_each (FALSE, "cluster", jacobi_1, jacobi_9, NULL);
  /* With defects: the load reports summed over the shares, the caveat once. */
  jx_mpi_test_assert_same_each (TRUE, "cluster", "--json", stencil, barrier, NULL);
  jx_mpi_test_assert_same_each (FALSE, "cluster", stencil, NULL);
  jx_mpi_test_assert_same_each (FALSE, "cluster", "--csv", barrier, stencil, NULL);
}

static void
test_imbalance_generated (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *a = NULL, *b = NULL;
  g_auto(JxCliRun) run = { 0 };

  if (!jx_mpi_test_built ())
    return;
  dir = g_dir_make_tmp ("jx-mpi-XXXXXX", NULL);
  jx_cli_generate (dir, "a", &a, "--ranks", "6", "--threads", "2", "--iterations", "12", NULL);
  jx_cli_generate (dir, "b", &b, "--ranks", "7", "--iterations", "10",
                   "--variant", "slower-machine", "--seed", "3", NULL);

  jx_mpi_test_assert_same_each (TRUE, "imbalance", "--json", a, NULL);
  jx_mpi_test_assert_same_each (TRUE, "imbalance", "--json", "--top", "40", a, b, NULL);
  jx_mpi_test_assert_same_each (FALSE, "imbalance", b, a, NULL);
  jx_mpi_test_assert_same_each (FALSE, "imbalance", "--csv", a, b, NULL);

  /* No such function: one message, from rank 0. */
  jx_mpi_test_run (&run, 2, "imbalance", "--function", "no_such_function", a, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpuint (jx_mpi_test_count (run.err, "no_such_function"), ==, 1);
  jx_test_remove_tree (dir);
}

static void
test_imbalance_real (void)
{
  g_autofree char *jacobi_1 = NULL, *jacobi_9 = NULL, *barrier = NULL;

  if (!jx_mpi_test_built ())
    return;
  jacobi_1 = jx_mpi_test_shared_trace ("casita__1_xeonphi_jacobi_01");
  jacobi_9 = jx_mpi_test_shared_trace ("casita__1_xeonphi_jacobi_09");
  barrier = jx_mpi_test_shared_trace ("casita__4_mpi_ls_barr");
  if (jacobi_1 == NULL || jacobi_9 == NULL || barrier == NULL)
    {
      g_test_skip ("the traces of ../shared/traces are not there");
      return;
    }
  /* One process: ranks without a share of it still choose the function
   * with the others, adding nothing. */
  jx_mpi_test_assert_same_each (TRUE, "imbalance", "--json", jacobi_1, jacobi_9, NULL);
  jx_mpi_test_assert_same_each (FALSE, "imbalance", jacobi_9, jacobi_1, NULL);
  jx_mpi_test_assert_same_each (TRUE, "imbalance", "--json", barrier, NULL);
}

/* Cuts an event file to a fraction of its bytes: the stream ends early. */
static void
truncate_file (const char *path,
               double      fraction)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, (gssize) (length * fraction), NULL));
}

/* The messages between processes of different ranks' shares are matched
 * on rank 0: counts, bytes, unmatched messages and their issues as one
 * process finds them. */
static void
test_info_generated (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *evt = NULL;
  g_auto(JxCliRun) run = { 0 };

  if (!jx_mpi_test_built ())
    return;
  dir = g_dir_make_tmp ("jx-mpi-XXXXXX", NULL);
  jx_cli_generate (dir, "a", &a, "--ranks", "6", "--threads", "2", "--iterations", "12",
                   "--metrics", "--markers", NULL);
  jx_cli_generate (dir, "b", &b, "--ranks", "8", "--iterations", "15", "--seed", "2",
                   "--defect", "unclosed", "--defect", "backwards", "--defect", "undefined-region", NULL);
  /* Three heavy ranks: the others' shares hold neighbours, which message
   * each other, and two streams end early, so messages go unmatched both
   * inside shares and across them (rank 0 lists them all in the loader's
   * order). */
  jx_cli_generate (dir, "c", &c, "--ranks", "10", "--iterations", "12", "--seed", "3",
                   "--imbalance", "0,1,2:0.9", NULL);
  /* Rank 3's stream ends early: the messages of the other processes with
   * it are unmatched, those of the other shares found so on rank 0. */
  evt = g_build_filename (b, "traces", "3.evt", NULL);
  truncate_file (evt, 2.0 / 3.0);
  g_free (evt);
  evt = g_build_filename (c, "traces", "1.evt", NULL);
  truncate_file (evt, 0.5);
  g_free (evt);
  evt = g_build_filename (c, "traces", "5.evt", NULL);
  truncate_file (evt, 0.7);
  jx_cli_run (&run, "info", "--json", b, NULL);
  g_assert_nonnull (strstr (run.out, "\"unmatched-message\" : "));
  g_assert_null (strstr (run.out, "\"unmatched-message\" : 0,"));
  g_assert_null (strstr (run.out, "\"messages\" : 0,"));

  jx_mpi_test_assert_same_each (TRUE, "info", "--json", a, NULL);
  jx_mpi_test_assert_same_each (FALSE, "info", a, NULL);
  jx_mpi_test_assert_same_each (FALSE, "info", "--metrics", a, NULL);
  jx_mpi_test_assert_same_each (FALSE, "info", "--metrics", "--csv", a, NULL);
  jx_mpi_test_assert_same_each (TRUE, "info", "--metrics", "--json", a, NULL);
  jx_mpi_test_assert_same_each (TRUE, "info", "--json", b, NULL);
  jx_mpi_test_assert_same_each (FALSE, "info", b, NULL);
  jx_mpi_test_assert_same_each (TRUE, "info", "--json", c, NULL);
  jx_mpi_test_assert_same_each (FALSE, "info", c, NULL);
  jx_test_remove_tree (dir);
}

static void
test_info_real (void)
{
  static const char *const names[] = {
    "casita__1_xeonphi_jacobi_01", "casita__1_xeonphi_jacobi_09", "TraceR__stencil4d-64",
    "casita__4_mpi_ls_barr", "pipit__ping-pong-otf2-papi",
  };

  if (!jx_mpi_test_built ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = jx_mpi_test_shared_trace (names[i]);

      if (path == NULL)
        {
          g_test_skip ("the traces of ../shared/traces are not there");
          return;
        }
      jx_mpi_test_assert_same_each (TRUE, "info", "--json", path, NULL);
      jx_mpi_test_assert_same_each (FALSE, "info", path, NULL);
    }
}

/* --strict on a trace whose shares have defects of their own (regions
 * closed at the end, a mismatched leave): every command stops as
 * juxtrace-cli does, with its message on the whole trace's report (info
 * after printing the trace); cluster and diff at the first trace with
 * defects. A clean trace passes. */
static void
test_strict_real (void)
{
  static const char *const commands[] = { "profile", "imbalance", "cluster", "info" };
  g_autofree char *stencil = NULL;
  g_autofree char *jacobi = NULL;

  if (!jx_mpi_test_built ())
    return;
  stencil = jx_mpi_test_shared_trace ("TraceR__stencil4d-32");
  jacobi = jx_mpi_test_shared_trace ("casita__1_xeonphi_jacobi_01");
  if (stencil == NULL || jacobi == NULL)
    {
      g_test_skip ("the traces of ../shared/traces are not there");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const char *argv[] = { commands[i], "--strict", stencil, NULL };

      jx_mpi_test_assert_strict_stops (argv);
    }
  {
    const char *argv[] = { "cluster", "--strict", jacobi, stencil, NULL };
    const char *argv_diff[] = { "diff", "--strict", jacobi, stencil, NULL };

    jx_mpi_test_assert_strict_stops (argv);
    jx_mpi_test_assert_strict_stops (argv_diff);
  }
  jx_mpi_test_assert_same_each (FALSE, "profile", "--strict", jacobi, NULL);
}

/* Process 1 is rank 0's of 2 (with its neighbour 0) and rank 1's of 4;
 * without its event file juxtrace-cli info shows the load report
 * and juxtrace-cli cluster lists the stream as not clustered: so do
 * juxtrace-mpi info and cluster, the messages with the lost stream counted
 * across the shares. */
static void
test_missing_event_file (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *a = NULL, *b = NULL, *evt = NULL;
  g_auto(JxCliRun) run = { 0 };

  if (!jx_mpi_test_built ())
    return;
  dir = g_dir_make_tmp ("jx-mpi-XXXXXX", NULL);
  jx_cli_generate (dir, "a", &a, "--ranks", "4", "--iterations", "8", NULL);
  jx_cli_generate (dir, "b", &b, "--ranks", "5", "--iterations", "6", "--seed", "4", NULL);
  evt = g_build_filename (a, "traces", "1.evt", NULL);
  g_assert_cmpint (g_unlink (evt), ==, 0);
  jx_cli_run (&run, "cluster", a, NULL);
  g_assert_nonnull (strstr (run.out, "not clustered"));

  jx_mpi_test_assert_same_each (FALSE, "info", a, NULL);
  jx_mpi_test_assert_same_each (TRUE, "info", "--json", a, NULL);
  jx_mpi_test_assert_same_each (FALSE, "cluster", a, NULL);
  jx_mpi_test_assert_same_each (TRUE, "cluster", "--json", a, b, NULL);
  jx_mpi_test_assert_same_each (FALSE, "cluster", "--csv", b, a, NULL);
  jx_test_remove_tree (dir);
}

/* Without the event file of rank 1's share, imbalance, which needs every
 * stream's events, stops every rank with one message. */
static void
test_failure (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *a = NULL, *evt = NULL;
  static const char *const commands[] = { "imbalance", "trend" };

  if (!jx_mpi_test_built ())
    return;
  dir = g_dir_make_tmp ("jx-mpi-XXXXXX", NULL);
  jx_cli_generate (dir, "a", &a, "--ranks", "4", "--iterations", "8", NULL);
  /* Process 3 is rank 1's: the neighbouring processes 2 and 3 for
   * imbalance, 1 and 3 (spread by work) for trend. */
  evt = g_build_filename (a, "traces", "3.evt", NULL);
  g_assert_cmpint (g_unlink (evt), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(JxCliRun) run = { 0 };
      g_autofree char *prefix = g_strdup_printf ("juxtrace-mpi %s: rank 1: ", commands[i]);

      jx_mpi_test_run (&run, 2, commands[i], "--json", a, NULL);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_cmpuint (jx_mpi_test_count (run.err, "juxtrace-mpi"), ==, 1);
      g_assert_nonnull (strstr (run.err, prefix));
      g_assert_nonnull (strstr (run.err, "traces/3.evt"));
    }
  jx_test_remove_tree (dir);
}

/* Messages between shares in the load reports of profile, imbalance,
 * info, cluster, diff and trend: a ring of four processes, each sending
 * to the next and receiving from the one before six times, and three
 * truly unmatched messages: a send of process 0 to process 3 that nobody
 * receives, a receive of process 2 from process 1 that nobody sent and a
 * send of process 0 to process 1 that nobody receives. The shares of 2
 * ranks are processes 0 and 1 and 2 and 3 for the commands of one trace
 * (the first two unmatched messages cross them), 0 and 3 and 1 and 2 for
 * diff and trend's shared runs (the last two cross them); with 4 ranks
 * every message crosses. juxtrace-cli reports the three as load caveats;
 * so must every rank count. */

static OTF2_FlushType
pre_flush (void            *user_data,
           OTF2_FileType    file_type,
           OTF2_LocationRef location,
           void            *caller_data,
           bool             final)
{
  (void) user_data;
  (void) file_type;
  (void) location;
  (void) caller_data;
  (void) final;
  return OTF2_FLUSH;
}

static OTF2_TimeStamp
post_flush (void            *user_data,
            OTF2_FileType    file_type,
            OTF2_LocationRef location)
{
  (void) user_data;
  (void) file_type;
  (void) location;
  return 0;
}

static const OTF2_FlushCallbacks flush_callbacks = { pre_flush, post_flush };

/* slow (at most 2): ticks more per process number that the computing
 * phases take, and 100 more the run: the other runs of the ring, for diff
 * and trend. */
static char *
write_ring (const char *dir,
            const char *name,
            guint       slow)
{
  char *path = g_build_filename (dir, name, NULL);
  OTF2_Archive *archive;
  OTF2_GlobalDefWriter *defs;
  uint64_t members[4] = { 0, 1, 2, 3 };

  archive = OTF2_Archive_Open (path, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                               OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  g_assert_nonnull (archive);
  OTF2_Archive_SetFlushCallbacks (archive, &flush_callbacks, NULL);
  OTF2_Archive_SetSerialCollectiveCallbacks (archive);
  OTF2_Archive_OpenEvtFiles (archive);
  for (guint p = 0; p < 4; p++)
    {
      OTF2_EvtWriter *w = OTF2_Archive_GetEvtWriter (archive, p);

      OTF2_EvtWriter_Enter (w, NULL, 10, 0);
      for (guint i = 0; i < 6; i++)
        {
          guint64 base = 100 + 100 * i;

          OTF2_EvtWriter_Enter (w, NULL, base, 1);
          OTF2_EvtWriter_Leave (w, NULL, base + 10 + 4 * p + 2 * i + slow * p, 1);
          OTF2_EvtWriter_Enter (w, NULL, base + 40, 2);
          OTF2_EvtWriter_MpiSend (w, NULL, base + 41, (p + 1) % 4, 0, i, 64);
          if (p == 0 && i == 2)
            OTF2_EvtWriter_MpiSend (w, NULL, base + 42, 3, 0, 99, 128);
          if (p == 0 && i == 3)
            OTF2_EvtWriter_MpiSend (w, NULL, base + 43, 1, 0, 55, 32);
          OTF2_EvtWriter_MpiRecv (w, NULL, base + 50, (p + 3) % 4, 0, i, 64);
          if (p == 2 && i == 4)
            OTF2_EvtWriter_MpiRecv (w, NULL, base + 51, 1, 0, 77, 256);
          OTF2_EvtWriter_Leave (w, NULL, base + 60, 2);
        }
      OTF2_EvtWriter_Leave (w, NULL, 1000 + 100 * slow, 0);
      OTF2_Archive_CloseEvtWriter (archive, w);
    }
  OTF2_Archive_CloseEvtFiles (archive);

  defs = OTF2_Archive_GetGlobalDefWriter (archive);
  OTF2_GlobalDefWriter_WriteClockProperties (defs, 1000000, 0, 1201, OTF2_UNDEFINED_TIMESTAMP);
  OTF2_GlobalDefWriter_WriteString (defs, 0, "");
  OTF2_GlobalDefWriter_WriteString (defs, 1, "main");
  OTF2_GlobalDefWriter_WriteString (defs, 2, "compute");
  OTF2_GlobalDefWriter_WriteString (defs, 3, "exchange");
  OTF2_GlobalDefWriter_WriteString (defs, 4, "node");
  OTF2_GlobalDefWriter_WriteString (defs, 5, "thread");
  OTF2_GlobalDefWriter_WriteString (defs, 6, "MPI_COMM_WORLD");
  for (guint p = 0; p < 4; p++)
    {
      g_autofree char *rank_name = g_strdup_printf ("MPI Rank %u", p);

      OTF2_GlobalDefWriter_WriteString (defs, 7 + p, rank_name);
    }
  for (guint r = 0; r < 3; r++)
    OTF2_GlobalDefWriter_WriteRegion (defs, r, 1 + r, 1 + r, 0, OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER,
                                      OTF2_REGION_FLAG_NONE, 0, 0, 0);
  OTF2_GlobalDefWriter_WriteSystemTreeNode (defs, 0, 4, 4, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  for (guint p = 0; p < 4; p++)
    OTF2_GlobalDefWriter_WriteLocationGroup (defs, p, 7 + p, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                             OTF2_UNDEFINED_LOCATION_GROUP);
  for (guint p = 0; p < 4; p++)
    OTF2_GlobalDefWriter_WriteLocation (defs, p, 5, OTF2_LOCATION_TYPE_CPU_THREAD, 2 + 6 * 6 + (p == 0 ? 3 : p == 2 ? 1 : 0), p);
  OTF2_GlobalDefWriter_WriteGroup (defs, 0, 0, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                   OTF2_GROUP_FLAG_NONE, 4, members);
  OTF2_GlobalDefWriter_WriteGroup (defs, 1, 0, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                   OTF2_GROUP_FLAG_NONE, 4, members);
  OTF2_GlobalDefWriter_WriteComm (defs, 0, 6, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
  OTF2_Archive_CloseGlobalDefWriter (archive, defs);
  OTF2_Archive_Close (archive);
  return path;
}

static void
test_messages_between_shares (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *ring = NULL;
  g_autofree char *slower = NULL;
  g_autofree char *slowest = NULL;
  g_auto(JxCliRun) json = { 0 };
  g_auto(JxCliRun) text = { 0 };
  g_auto(JxCliRun) diff = { 0 };

  if (!jx_mpi_test_built ())
    return;
  dir = g_dir_make_tmp ("jx-mpi-XXXXXX", NULL);
  ring = write_ring (dir, "ring", 0);
  slower = write_ring (dir, "slower", 1);
  slowest = write_ring (dir, "slowest", 2);
  jx_cli_run (&json, "profile", "--json", ring, NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_nonnull (strstr (json.out, "\"unmatched-message\" : 3,"));
  jx_cli_run (&text, "profile", ring, NULL);
  g_assert_nonnull (strstr (text.err, ": 3 unmatched messages"));

  jx_mpi_test_assert_same_each (TRUE, "profile", "--json", ring, NULL);
  jx_mpi_test_assert_same_each (FALSE, "profile", ring, NULL);
  jx_mpi_test_assert_same_each (FALSE, "profile", "--per", "process", "--csv", ring, NULL);
  jx_mpi_test_assert_same_each (TRUE, "imbalance", "--json", ring, NULL);
  jx_mpi_test_assert_same_each (FALSE, "imbalance", ring, NULL);
  jx_mpi_test_assert_same_each (TRUE, "info", "--json", ring, NULL);
  jx_mpi_test_assert_same_each (FALSE, "info", ring, NULL);
  jx_mpi_test_assert_same_each (TRUE, "cluster", "--json", ring, NULL);
  jx_mpi_test_assert_same_each (FALSE, "cluster", ring, NULL);
  /* --strict: the defects lie between shares at 4 ranks, so only the
   * merged report on rank 0 has them: it stops as juxtrace-cli does
   * (info still prints the trace's document, as juxtrace-cli info). */
  {
    const char *commands[] = { "profile", "imbalance", "cluster", "info" };

    for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
      {
        const char *argv[] = { commands[i], "--strict", ring, NULL };
        const char *argv_json[] = { commands[i], "--strict", "--json", ring, NULL };

        jx_mpi_test_assert_strict_stops (argv);
        jx_mpi_test_assert_strict_stops (argv_json);
      }
  }

  /* diff: both traces' reports, the caveat lines labelled A and B. */
  jx_cli_run (&diff, "diff", ring, slower, NULL);
  g_assert_cmpint (diff.status, ==, 0);
  g_assert_cmpuint (jx_mpi_test_count (diff.err, ": 3 unmatched messages"), ==, 2);
  jx_mpi_test_assert_same_each (TRUE, "diff", "--json", ring, slower, NULL);
  jx_mpi_test_assert_same_each (FALSE, "diff", ring, slower, NULL);
  /* --strict stops at A, whose defects lie between shares (exit status 1,
   * which mpirun reports after the messages). */
  {
    const char *argv[] = { "diff", "--strict", ring, slower, NULL };

    jx_mpi_test_assert_strict_stops (argv);
  }
  /* trend: with 2 ranks the third of three equal runs is shared, with 4
   * the first (docs/mpi.md). */
  jx_mpi_test_assert_same_each (TRUE, "trend", "--json", "--param", "n=1,2,4", ring, slower, slowest, NULL);
  jx_mpi_test_assert_same_each (FALSE, "trend", "--param", "n=1,2,4", ring, slower, slowest, NULL);
  jx_test_remove_tree (dir);
}

/* What needs every stream in one process is refused, once. */
static void
test_usage (void)
{
  g_auto(JxCliRun) run = { 0 };

  if (!jx_mpi_test_built ())
    return;
  jx_mpi_test_run (&run, 2, "cluster", "--merged-tree", "a", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpuint (jx_mpi_test_count (run.err, "--merged-tree"), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!jx_mpi_test_available ())
    return 77;
  g_test_add_func ("/mpi/cluster/generated", test_cluster_generated);
  g_test_add_func ("/mpi/cluster/real", test_cluster_real);
  g_test_add_func ("/mpi/imbalance/generated", test_imbalance_generated);
  g_test_add_func ("/mpi/imbalance/real", test_imbalance_real);
  g_test_add_func ("/mpi/info/generated", test_info_generated);
  g_test_add_func ("/mpi/info/real", test_info_real);
  g_test_add_func ("/mpi/missing-event-file", test_missing_event_file);
  g_test_add_func ("/mpi/failure", test_failure);
  g_test_add_func ("/mpi/messages-between-shares", test_messages_between_shares);
  g_test_add_func ("/mpi/strict/real", test_strict_real);
  g_test_add_func ("/mpi/usage", test_usage);
  return g_test_run ();
}
