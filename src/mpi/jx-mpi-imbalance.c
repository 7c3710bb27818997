/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-imbalance.c — `juxtrace-mpi imbalance`: juxtrace-cli imbalance's
 * options and output (jx_cli_imbalance_with). Every rank holds a share of
 * every trace (the definitions at least) and runs the same analysis
 * (jx_imbalance_set_compute_with) with two steps of its own: the per-region
 * sums that choose the candidates are summed over the ranks (so every rank
 * chooses the same function), and the segments of the ranks' streams go to
 * rank 0, which takes the medians, distances and ranking over all of them
 * and prints. Only the segments travel: a few numbers per invocation of
 * the segmenting function. */
#include "config.h"

#include <string.h>

#include "jx-cli.h"
#include "jx-cli-imbalance-private.h"
#include "jx-imbalance-private.h"
#include "jx-mpi.h"
#include "jx-mpi-reduce.h"

static GArray *
find_candidates (JxTrace  *trace,
                 guint     max_candidates,
                 gpointer  data)
{
  JxMpiShares *shares = data;
  JxMpiPlan *plan = g_ptr_array_index (shares->plans, jx_mpi_shares_find (shares, trace));
  g_auto(JxImbalanceSums) sums = { 0 };
  double t;

  jx_imbalance_sums_init (&sums, trace);
  if (jx_mpi_shares_contributes (shares, jx_mpi_shares_find (shares, trace)))
    jx_imbalance_sums_add (&sums, trace);
  t = jx_mpi_now ();
  jx_mpi_sum_u64 (sums.count, sums.n_regions);
  jx_mpi_sum_u64 (sums.inclusive, sums.n_regions);
  jx_mpi_sum_u64 (sums.n_on, sums.n_regions);
  shares->reduce += jx_mpi_now () - t;
  return jx_imbalance_candidates_from_sums (trace, &sums, plan->n_processes_a, max_candidates);
}

/* Rank 0: the whole trace's processes and streams from its definitions. */
static JxImbalanceLayout *
layout_of (JxTraceOutline *outline,
           guint64         start_time)
{
  JxImbalanceLayout *layout = g_new0 (JxImbalanceLayout, 1);
  guint n_p = outline != NULL ? jx_trace_outline_get_n_processes (outline) : 0;
  guint n_s = outline != NULL ? jx_trace_outline_get_n_locations (outline) : 0;

  layout->n_processes = n_p;
  layout->n_streams = n_s;
  layout->first_stream = g_new0 (guint32, MAX (n_p, 1));
  layout->n_streams_of = g_new0 (guint32, MAX (n_p, 1));
  layout->process_of = g_new0 (guint32, MAX (n_s, 1));
  layout->process_names = g_new0 (char *, n_p + 1);
  layout->stream_names = g_new0 (char *, n_s + 1);
  layout->start_time = start_time;
  for (guint p = 0; p < n_p; p++)
    {
      const JxOutlineProcess *process = jx_trace_outline_get_process (outline, p);

      layout->first_stream[p] = process->first_location;
      layout->n_streams_of[p] = process->n_locations;
      layout->process_names[p] = g_strdup (process->name);
    }
  for (guint s = 0; s < n_s; s++)
    {
      const JxOutlineLocation *location = jx_trace_outline_get_location (outline, s);

      layout->process_of[s] = location->process;
      layout->stream_names[s] = g_strdup (location->name);
    }
  return layout;
}

static GArray *
gather_segments (JxTrace            *trace,
                 GArray             *segments,
                 JxImbalanceLayout **layout,
                 gpointer            data)
{
  JxMpiShares *shares = data;
  guint index = jx_mpi_shares_find (shares, trace);
  JxMpiPlan *plan = g_ptr_array_index (shares->plans, index);
  g_autoptr(GByteArray) mine = g_byte_array_new ();
  g_autoptr(GPtrArray) parts = NULL;
  GArray *all = g_array_new (FALSE, FALSE, sizeof (JxSegment));
  guint64 start = G_MAXUINT64;
  double t = jx_mpi_now ();

  for (guint i = 0; i < segments->len && jx_mpi_shares_contributes (shares, index); i++)
    {
      JxSegment seg = g_array_index (segments, JxSegment, i);

      seg.stream = jx_mpi_shares_position (shares, index, seg.stream);
      jx_pack_bytes (mine, &seg, sizeof seg);
    }
  /* The whole trace starts with the earliest of its shares. */
  for (guint s = 0; s < jx_trace_get_n_streams (trace) && jx_mpi_shares_contributes (shares, index); s++)
    if (jx_trace_get_stream (trace, s)->n_invocations > 0)
      {
        start = jx_trace_get_start_time (trace);
        break;
      }
  jx_mpi_min_u64 (&start, 1);
  parts = jx_mpi_gather (mine);
  if (jx_mpi.rank == 0)
    for (guint r = 0; r < parts->len; r++)
      {
        gsize size = 0;
        const guint8 *bytes = g_bytes_get_data (g_ptr_array_index (parts, r), &size);

        g_array_append_vals (all, bytes, (guint) (size / sizeof (JxSegment)));
      }
  *layout = layout_of (jx_mpi.rank == 0 ? plan->outline_a : NULL, start);
  shares->reduce += jx_mpi_now () - t;
  return all;
}

static const JxImbalanceOps mpi_ops = { find_candidates, gather_segments };

static int
compute_mpi (const JxCliImbalanceRequest *request,
             JxCliImbalanceResult        *result,
             gpointer                     data)
{
  const char *command = request->command;
  g_auto(JxMpiShares) shares = { 0 };
  g_autoptr(GError) error = NULL;
  JxMpiStats stats = { 0 };
  guint64 budget = 0;
  double t0 = jx_mpi_now (), t, cpu;
  gboolean fails;
  int status;

  (void) data;
  if ((status = jx_mpi_check_trace_options (command, request->traces, &budget)) != JX_CLI_EXIT_OK)
    return status;
  if (!jx_mpi_shares_load (&shares, command, request->paths, request->n_traces, budget,
                           JX_MPI_SHARES_EVERY_RANK | JX_MPI_SHARES_EXTERNAL, JX_MPI_RANK0_REPORT, &stats))
    return JX_CLI_EXIT_INPUT;
  fails = jx_mpi_shares_strict_fails (&shares, request->traces);
  t = jx_mpi_now ();
  cpu = jx_mpi_cpu_seconds ();

  /* Every rank takes the same steps (the candidates and the function are
   * the same everywhere), so the collective ones meet; with --strict and
   * a defect in a share none computes. */
  if (!fails)
    result->set = jx_imbalance_set_compute_with ((JxTrace * const *) shares.traces->pdata, request->n_traces,
                                               request->function, &mpi_ops, &shares, NULL, &error);
  /* The reductions inside the analysis count as reducing. */
  stats.compute = jx_mpi_now () - t - shares.reduce;
  stats.cpu += jx_mpi_cpu_seconds () - cpu;
  t = jx_mpi_now () - shares.reduce;

  /* The whole traces' load reports, the messages between shares matched;
   * with --strict the caveat lines come with the checks below. */
  if (!jx_mpi_shares_matched_reports (&shares, command, request->traces->json || request->traces->strict,
                                      request->paths, FALSE, &result->reports))
    return JX_CLI_EXIT_INPUT;
  /* --strict as juxtrace-cli, which stops before it computes: the first
   * whole trace whose report lists a defect, those between shares
   * included (with fails, one does). Rank 0 decides alone; every rank
   * still meets in jx_mpi_stats_finish. */
  if (jx_mpi.rank == 0 && request->traces->strict
      && (!jx_mpi_apply_load_checks (request->traces, result->reports, request->paths, NULL) || fails))
    status = JX_CLI_EXIT_INPUT;
  else if (result->set == NULL && !fails)
    status = jx_cli_input_error (command, request->paths[0], error);
  if (!jx_mpi_stats_finish (command, &stats, t, t0))
    result->quiet = TRUE;
  return status;
}

int
jx_mpi_imbalance (int    argc,
                  char **argv)
{
  return jx_cli_imbalance_with (argc, argv, compute_mpi, NULL);
}
