/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-profile.c — `juxtrace-mpi profile`: juxtrace-cli profile's
 * options and output (jx_cli_profile_with); every rank computes the rows
 * of its share of the processes, rank 0 sums them (ticks and counts are
 * integers: the sums are exactly the single-process ones) and prints. The
 * load report is the whole trace's, the messages between shares matched on
 * rank 0 (jx_mpi_shares_matched_reports), as juxtrace-cli's. */
#include "config.h"

#include <string.h>

#include "jx-cli.h"
#include "jx-cli-profile-private.h"
#include "jx-mpi.h"
#include "jx-mpi-reduce.h"

static GByteArray *
pack_rank (JxTrace *trace,
           GArray  *rows)
{
  GByteArray *out = g_byte_array_new ();

  jx_pack_u64 (out, trace != NULL);
  if (trace == NULL)
    return out;
  jx_pack_u64 (out, rows->len);
  jx_pack_bytes (out, rows->data, (gsize) rows->len * sizeof (JxCliProfileRow));
  return out;
}

/* Rank 0: the rows of the whole trace. Per process every row comes from
 * one rank; per region the rows of a region are summed. */
static void
merge (GPtrArray          *parts,
       const JxMpiPlan    *plan,
       gboolean            per_process,
       JxCliProfileResult *result)
{
  guint n_regions = jx_trace_get_n_regions (result->trace);
  g_autofree JxCliProfileRow *by_region = g_new0 (JxCliProfileRow, MAX (n_regions, 1));
  g_autofree gboolean *seen = g_new0 (gboolean, MAX (n_regions, 1));

  result->rows = g_array_new (FALSE, FALSE, sizeof (JxCliProfileRow));
  for (guint r = 0; r < parts->len; r++)
    {
      JxUnpack in;
      guint64 n;

      jx_unpack_init (&in, g_ptr_array_index (parts, r));
      if (!jx_unpack_u64 (&in))
        continue;
      n = jx_unpack_u64 (&in);
      for (guint64 i = 0; i < n && !in.bad; i++)
        {
          JxCliProfileRow row;

          if (!jx_unpack_bytes (&in, &row, sizeof row))
            break;
          if (per_process)
            g_array_append_val (result->rows, row);
          else if (row.region < n_regions)
            {
              JxCliProfileRow *sum = &by_region[row.region];

              sum->process = JX_NONE;
              sum->region = row.region;
              sum->count += row.count;
              sum->inclusive += row.inclusive;
              sum->exclusive += row.exclusive;
              seen[row.region] = TRUE;
            }
        }
    }
  if (!per_process)
    for (guint k = 0; k < n_regions; k++)
      if (seen[k])
        g_array_append_val (result->rows, by_region[k]);
  jx_cli_profile_sort_rows (result->trace, result->rows);

  result->process_names = g_ptr_array_new_with_free_func (g_free);
  for (guint p = 0; p < jx_trace_outline_get_n_processes (plan->outline_a); p++)
    g_ptr_array_add (result->process_names, g_strdup (jx_trace_outline_get_process (plan->outline_a, p)->name));
}

static int
compute_mpi (const JxCliProfileRequest *request,
             JxCliProfileResult        *result,
             gpointer                   data)
{
  const char *command = request->command;
  char *paths[] = { (char *) request->path, NULL };
  g_auto(JxMpiShares) shares = { 0 };
  JxTrace *share;
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GByteArray) mine = NULL;
  g_autoptr(GPtrArray) parts = NULL;
  g_autoptr(GPtrArray) reports = NULL;
  JxMpiStats stats = { 0 };
  guint64 budget = 0;
  double t0 = jx_mpi_now (), t, cpu;
  gboolean fails;
  int status;

  (void) data;
  if ((status = jx_mpi_check_trace_options (command, request->traces, &budget)) != JX_CLI_EXIT_OK)
    return status;
  /* The message events with peers in other shares kept, for the report. */
  if (!jx_mpi_shares_load (&shares, command, paths, 1, budget, JX_MPI_SHARES_EXTERNAL, JX_MPI_RANK0_REPORT, &stats))
    return JX_CLI_EXIT_INPUT;
  fails = jx_mpi_shares_strict_fails (&shares, request->traces);
  share = g_ptr_array_index (shares.traces, 0);
  t = jx_mpi_now ();
  cpu = jx_mpi_cpu_seconds ();

  if (share != NULL && !fails)
    {
      rows = jx_cli_profile_compute_rows (share, request->per_process);
      /* Positions among the whole trace's processes. */
      for (guint i = 0; i < rows->len; i++)
        {
          JxCliProfileRow *row = &g_array_index (rows, JxCliProfileRow, i);

          if (row->process != JX_NONE)
            row->process = jx_trace_get_process (share, row->process)->rank;
        }
    }
  stats.compute = jx_mpi_now () - t;
  stats.cpu += jx_mpi_cpu_seconds () - cpu;
  t = jx_mpi_now ();

  mine = pack_rank (fails ? NULL : share, rows);
  parts = jx_mpi_gather (mine);
  /* With --strict the caveat line comes with the check below. */
  if (!jx_mpi_shares_matched_reports (&shares, command, request->traces->json || request->traces->strict, paths, FALSE,
                                      &reports))
    return JX_CLI_EXIT_INPUT;
  /* --strict as juxtrace-cli: the whole trace's report, with the messages
   * between shares (with fails, it lists a defect). Rank 0 decides alone;
   * every rank still meets in jx_mpi_stats_finish. */
  if (jx_mpi.rank == 0 && request->traces->strict
      && (!jx_mpi_apply_load_checks (request->traces, reports, paths, NULL) || fails))
    status = JX_CLI_EXIT_INPUT;
  else if (jx_mpi.rank == 0)
    {
      /* Rank 0 always has a share: the first process goes to it. */
      g_assert (share != NULL);
      result->trace = g_object_ref (share);
      merge (parts, g_ptr_array_index (shares.plans, 0), request->per_process, result);
      result->report = json_node_ref (g_ptr_array_index (reports, 0));
    }
  if (!jx_mpi_stats_finish (command, &stats, t, t0))
    result->quiet = TRUE;
  return status;
}

int
jx_mpi_profile (int    argc,
                char **argv)
{
  return jx_cli_profile_with (argc, argv, compute_mpi, NULL);
}
