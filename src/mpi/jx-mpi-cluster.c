/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-cluster.c — `juxtrace-mpi cluster`: juxtrace-cli cluster's options
 * and output (jx_cli_cluster_with). Every rank loads its share of the
 * processes of every trace and builds the structural signatures of its
 * streams (their caller → callee pairs by name, with their counts); rank 0
 * gathers them into the set juxtrace-cli builds of the whole traces
 * (jx_signature_set_new_packed: the streams in the traces' order, one name
 * table), clusters it and prints. Only the signatures travel: a few pairs
 * per stream, not its events. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-cluster-private.h"
#include "jx-mpi.h"
#include "jx-mpi-reduce.h"

static void
unref_share (gpointer trace)
{
  if (trace != NULL)
    g_object_unref (trace);
}

static void
unref_report (gpointer node)
{
  if (node != NULL)
    json_node_unref (node);
}

static void
clear_plan (gpointer plan)
{
  jx_mpi_plan_clear (plan);
  g_free (plan);
}

/* What a rank sends: per trace whether it has a share and that share's
 * load report; then the signatures of its shares. */
static GByteArray *
pack_rank (GPtrArray  *shares,
           GPtrArray  *positions,
           GError    **error)
{
  GByteArray *out = g_byte_array_new ();
  g_autoptr(GPtrArray) loaded = g_ptr_array_new ();
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(JxSignatureSet) set = NULL;

  for (guint t = 0; t < shares->len; t++)
    {
      JxTrace *share = g_ptr_array_index (shares, t);
      g_autofree char *report = share != NULL ? jx_mpi_report_to_string (share) : NULL;

      jx_pack_u64 (out, share != NULL);
      jx_pack_string (out, report);
      if (share == NULL)
        continue;
      g_ptr_array_add (loaded, share);
      g_array_append_val (numbers, t);
      for (guint s = 0; s < jx_trace_get_n_streams (share); s++)
        {
          guint64 position = jx_mpi_position_of (g_ptr_array_index (positions, t),
                                                 jx_trace_get_stream (share, s)->otf2_id);

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

/* Rank 0: the merged load reports (into result->reports) and the signature
 * parts (GBytes) of the ranks' packets. */
static GPtrArray *
unpack_parts (GPtrArray          *packets,
              guint               n_traces,
              JxCliClusterResult *result)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *parts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

  for (guint t = 0; t < n_traces; t++)
    g_ptr_array_add (texts, g_ptr_array_new_with_free_func (g_free));
  for (guint r = 0; r < packets->len; r++)
    {
      GBytes *packet = g_ptr_array_index (packets, r);
      JxUnpack in;
      gsize size;

      jx_unpack_init (&in, packet);
      for (guint t = 0; t < n_traces; t++)
        {
          gboolean has = jx_unpack_u64 (&in) != 0;
          char *report = jx_unpack_string (&in);

          if (has && report != NULL)
            g_ptr_array_add (g_ptr_array_index (texts, t), report);
          else
            g_free (report);
        }
      size = g_bytes_get_size (packet);
      g_ptr_array_add (parts, g_bytes_new_from_bytes (packet, size - (gsize) (in.end - in.p), (gsize) (in.end - in.p)));
    }
  result->reports = g_ptr_array_new_with_free_func (unref_report);
  for (guint t = 0; t < n_traces; t++)
    g_ptr_array_add (result->reports, jx_mpi_report_merge (g_ptr_array_index (texts, t)));
  return parts;
}

static int
compute_mpi (const JxCliClusterRequest *request,
             JxCliClusterResult        *result,
             gpointer                   data)
{
  const char *command = request->command;
  guint n = request->n_traces;
  g_autoptr(GPtrArray) plans = g_ptr_array_new_with_free_func (clear_plan);
  g_autoptr(GPtrArray) positions = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  g_autoptr(GPtrArray) shares = g_ptr_array_new_with_free_func (unref_share);
  g_autoptr(GByteArray) mine = NULL;
  g_autoptr(GPtrArray) packets = NULL;
  g_autoptr(GError) error = NULL;
  JxMpiStats stats = { 0 };
  guint64 budget = 0;
  double t0 = jx_mpi_now (), t, cpu;
  int status;

  (void) data;
  if (request->tree->merged_tree)
    return jx_cli_usage_error (command, "%s", _("--merged-tree needs every stream of a cluster in one process: use juxtrace-cli"));
  if ((status = jx_mpi_check_trace_options (command, request->traces, &budget)) != JX_CLI_EXIT_OK)
    return status;
  for (guint i = 0; i < n; i++)
    {
      JxMpiPlan *plan = g_new0 (JxMpiPlan, 1);

      g_ptr_array_add (plans, plan);
      if (!jx_mpi_plan_make (plan, command, request->paths[i], NULL))
        return JX_CLI_EXIT_INPUT;
      g_ptr_array_add (positions, jx_mpi_plan_positions (plan));
      stats.work += plan->work;
      stats.total_work += plan->total_work;
    }
  t = jx_mpi_now ();
  stats.plan = t - t0;
  cpu = jx_mpi_cpu_seconds ();

  for (guint i = 0; i < n; i++)
    {
      JxMpiPlan *plan = g_ptr_array_index (plans, i);
      JxTrace *share = NULL;

      if (error == NULL && plan->processes_a->len > 0)
        share = jx_mpi_load_share (request->paths[i], plan->processes_a, plan->n_processes_a, budget,
                                   request->traces->strict, &error);
      else if (error == NULL && jx_mpi.rank == 0)
        g_set_error (&error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT, _("%s: the trace defines no process"),
                     request->paths[i]);
      g_ptr_array_add (shares, share);
    }
  stats.load = jx_mpi_now () - t;
  stats.cpu += jx_mpi_cpu_seconds () - cpu;
  if (!jx_mpi_all_ok (command, error))
    return JX_CLI_EXIT_INPUT;
  t = jx_mpi_now ();
  cpu = jx_mpi_cpu_seconds ();

  mine = pack_rank (shares, positions, &error);
  stats.compute = jx_mpi_now () - t;
  stats.cpu += jx_mpi_cpu_seconds () - cpu;
  if (!jx_mpi_all_ok (command, error))
    return JX_CLI_EXIT_INPUT;
  t = jx_mpi_now ();

  packets = jx_mpi_gather (mine);
  status = JX_CLI_EXIT_OK;
  if (jx_mpi.rank == 0)
    {
      g_autoptr(GPtrArray) parts = unpack_parts (packets, n, result);

      result->traces = g_steal_pointer (&shares);
      result->set = jx_signature_set_new_packed ((JxTrace * const *) result->traces->pdata, n,
                                                 (GBytes * const *) parts->pdata, parts->len, &error);
      if (result->set == NULL)
        status = jx_cli_input_error (command, NULL, error);
      else
        result->clustering = jx_clustering_new (result->set, request->options);
      if (status == JX_CLI_EXIT_OK && !request->json)
        for (guint i = 0; i < n; i++)
          jx_mpi_report_caveat (g_ptr_array_index (result->reports, i), request->paths[i]);
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
