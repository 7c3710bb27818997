/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-cluster.c — `juxtrace-mpi cluster`: juxtrace-cli cluster's options
 * and output (jx_cli_cluster_with). Every rank loads its share of the
 * processes of every trace and builds the structural signatures of its
 * streams (their caller → callee pairs by name, with their counts); rank 0
 * gathers them into the set juxtrace-cli builds of the whole traces
 * (jx_signature_set_new_packed: the streams in the traces' order, one name
 * table), clusters it and prints. Only the signatures travel: a few pairs
 * per stream, not its events, and for the load reports what info sends
 * (jx_mpi_shares_matched_reports). A stream whose events cannot be read
 * is listed as not clustered, as juxtrace-cli lists it. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-cluster-private.h"
#include "jx-mpi.h"
#include "jx-mpi-reduce.h"

/* What a rank sends: the signatures of its shares. */
static GByteArray *
pack_rank (JxMpiShares  *shares,
           GError      **error)
{
  GByteArray *out = g_byte_array_new ();
  g_autoptr(GPtrArray) loaded = g_ptr_array_new ();
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(JxSignatureSet) set = NULL;

  for (guint t = 0; t < shares->traces->len; t++)
    {
      JxTrace *share = g_ptr_array_index (shares->traces, t);

      if (share == NULL)
        continue;
      g_ptr_array_add (loaded, share);
      g_array_append_val (numbers, t);
      for (guint s = 0; s < jx_trace_get_n_streams (share); s++)
        {
          guint64 position = jx_mpi_shares_position (shares, t, s);

          g_array_append_val (order, position);
        }
    }
  if (loaded->len == 0)
    {
      /* No share: no names, no signatures. */
      jx_pack_u64 (out, 0);
      jx_pack_u64 (out, 0);
      return out;
    }
  set = jx_signature_set_new ((JxTrace * const *) loaded->pdata, loaded->len, NULL, error);
  if (set == NULL)
    return out;
  jx_signature_set_pack (set, (const guint *) (gpointer) numbers->data, (const guint64 *) (gpointer) order->data, out);
  return out;
}

static int
compute_mpi (const JxCliClusterRequest *request,
             JxCliClusterResult        *result,
             gpointer                   data)
{
  const char *command = request->command;
  g_auto(JxMpiShares) shares = { 0 };
  g_autoptr(GByteArray) mine = NULL;
  g_autoptr(GPtrArray) parts = NULL;
  g_autoptr(GError) error = NULL;
  JxMpiStats stats = { 0 };
  guint64 budget = 0;
  double t0 = jx_mpi_now (), t, cpu;
  gboolean fails;
  int status;

  (void) data;
  if (request->tree->merged_tree)
    return jx_cli_usage_error (command, "%s", _("--merged-tree needs every stream of a cluster in one process: use juxtrace-cli"));
  if ((status = jx_mpi_check_trace_options (command, request->traces, &budget)) != JX_CLI_EXIT_OK)
    return status;
  if (!jx_mpi_shares_load (&shares, command, request->paths, request->n_traces, budget,
                           JX_MPI_SHARES_EXTERNAL | JX_MPI_SHARES_MISSING, JX_MPI_RANK0_CLUSTER, &stats))
    return JX_CLI_EXIT_INPUT;
  fails = jx_mpi_shares_strict_fails (&shares, request->traces);
  t = jx_mpi_now ();
  cpu = jx_mpi_cpu_seconds ();

  /* --strict stops below: no signatures then. */
  mine = fails ? g_byte_array_new () : pack_rank (&shares, &error);
  stats.compute = jx_mpi_now () - t;
  stats.cpu += jx_mpi_cpu_seconds () - cpu;
  if (!jx_mpi_all_ok (command, error))
    return JX_CLI_EXIT_INPUT;
  t = jx_mpi_now ();

  /* As juxtrace-cli reports them: the messages between shares matched,
   * a stream whose events cannot be read listed as not clustered. The
   * signatures are packed: the shares' events go before rank 0 merges the
   * reports and assembles all signatures (its peak memory). */
  if (!jx_mpi_shares_matched_reports (&shares, command, request->json || request->traces->strict, request->paths, TRUE,
                                      &result->reports))
    return JX_CLI_EXIT_INPUT;
  parts = jx_mpi_gather (mine);
  /* --strict as juxtrace-cli: the first whole trace whose report lists a
   * defect, those between shares included, stops before clustering (with
   * fails, one does). Rank 0 decides alone; every rank still meets in
   * jx_mpi_stats_finish. */
  if (jx_mpi.rank == 0 && request->traces->strict
      && (!jx_mpi_apply_load_checks (request->traces, result->reports, request->paths, NULL) || fails))
    status = JX_CLI_EXIT_INPUT;
  else if (jx_mpi.rank == 0)
    {
      result->traces = g_steal_pointer (&shares.traces);
      result->set = jx_signature_set_new_packed ((JxTrace * const *) result->traces->pdata, request->n_traces,
                                                 (GBytes * const *) parts->pdata, parts->len, &error);
      if (result->set == NULL)
        status = jx_cli_input_error (command, NULL, error);
      else
        result->clustering = jx_clustering_new (result->set, request->options);
    }
  if (!jx_mpi_stats_finish (command, &stats, t, t0))
    result->quiet = TRUE;
  return status;
}

int
jx_mpi_cluster (int    argc,
                char **argv)
{
  return jx_cli_cluster_with (argc, argv, compute_mpi, NULL);
}
