/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-shares.c — the commands of one or more traces each split alone
 * (cluster, imbalance, info, profile): every trace's plan, the positions
 * of its streams, this rank's share of it; diff and trend add the shares
 * they planned and loaded themselves. Their load reports are merged with
 * the messages between shares matched (jx-mpi-info.c). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include <mpi.h>

#include "jx-cli.h"
#include "jx-mpi.h"
#include "jx-mpi-reduce.h"

static void
unref_share (gpointer trace)
{
  if (trace != NULL)
    g_object_unref (trace);
}

static void
clear_plan (gpointer plan)
{
  jx_mpi_plan_clear (plan);
  g_free (plan);
}

void
jx_mpi_shares_init (JxMpiShares *shares)
{
  memset (shares, 0, sizeof *shares);
  shares->plans = g_ptr_array_new_with_free_func (clear_plan);
  shares->positions = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  shares->traces = g_ptr_array_new_with_free_func (unref_share);
  shares->borrowed = g_array_new (FALSE, TRUE, sizeof (gboolean));
}

void
jx_mpi_shares_add (JxMpiShares    *shares,
                   JxTraceOutline *outline,
                   JxTrace        *share)
{
  JxMpiPlan *plan = g_new0 (JxMpiPlan, 1);
  gboolean borrowed = FALSE;

  plan->outline_a = outline;
  g_ptr_array_add (shares->plans, plan);
  g_ptr_array_add (shares->positions, jx_mpi_plan_positions (plan));
  g_ptr_array_add (shares->traces, share);
  g_array_append_val (shares->borrowed, borrowed);
}

gboolean
jx_mpi_shares_load (JxMpiShares  *shares,
                    const char   *command,
                    char * const *paths,
                    guint         n_traces,
                    guint64       budget,
                    JxMpiSharesFlags flags,
                    guint         rank0_per_location,
                    JxMpiStats   *stats)
{
  g_autoptr(GError) error = NULL;
  double t0 = jx_mpi_now (), t, cpu;

  jx_mpi_shares_init (shares);
  for (guint i = 0; i < n_traces; i++)
    {
      JxMpiPlan *plan = g_new0 (JxMpiPlan, 1);

      g_ptr_array_add (shares->plans, plan);
      if (!jx_mpi_plan_make (plan, command, paths[i], NULL, rank0_per_location))
        return FALSE;
      g_ptr_array_add (shares->positions, jx_mpi_plan_positions (plan));
      stats->work += plan->work;
      stats->total_work += plan->total_work;
    }
  t = jx_mpi_now ();
  stats->plan = t - t0;
  cpu = jx_mpi_cpu_seconds ();

  for (guint i = 0; i < n_traces; i++)
    {
      JxMpiPlan *plan = g_ptr_array_index (shares->plans, i);
      JxTrace *share = NULL;
      gboolean borrow = plan->processes_a->len == 0 && (flags & JX_MPI_SHARES_EVERY_RANK) && plan->n_processes_a > 0;

      if (error == NULL && borrow)
        {
          /* A trace of fewer processes than ranks: this one loads the first
           * process for its definitions and contributes nothing of it. */
          g_autoptr(GArray) first = g_array_new (FALSE, TRUE, sizeof (guint));

          g_array_set_size (first, 1);
          share = jx_mpi_load_share (paths[i], first, plan->n_processes_a, budget, flags, &error);
        }
      else if (error == NULL && plan->processes_a->len > 0)
        share = jx_mpi_load_share (paths[i], plan->processes_a, plan->n_processes_a, budget, flags, &error);
      g_array_append_val (shares->borrowed, borrow);
      if (error == NULL && jx_mpi.rank == 0 && plan->processes_a->len == 0)
        g_set_error (&error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT, _("%s: the trace defines no process"), paths[i]);
      g_ptr_array_add (shares->traces, share);
    }
  stats->load = jx_mpi_now () - t;
  stats->cpu += jx_mpi_cpu_seconds () - cpu;
  return jx_mpi_all_ok (command, error);
}

void
jx_mpi_shares_clear (JxMpiShares *shares)
{
  g_clear_pointer (&shares->plans, g_ptr_array_unref);
  g_clear_pointer (&shares->positions, g_ptr_array_unref);
  g_clear_pointer (&shares->traces, g_ptr_array_unref);
  g_clear_pointer (&shares->borrowed, g_array_unref);
}

gboolean
jx_mpi_shares_contributes (JxMpiShares *shares,
                           guint        index)
{
  return g_ptr_array_index (shares->traces, index) != NULL && !g_array_index (shares->borrowed, gboolean, index);
}

guint
jx_mpi_shares_find (JxMpiShares *shares,
                    JxTrace     *trace)
{
  guint index = 0;

  if (!g_ptr_array_find (shares->traces, trace, &index))
    g_assert_not_reached ();
  return index;
}

guint32
jx_mpi_shares_position (JxMpiShares *shares,
                        guint        index,
                        guint32      stream)
{
  JxTrace *share = g_ptr_array_index (shares->traces, index);

  return jx_mpi_position_of (g_ptr_array_index (shares->positions, index),
                             jx_trace_get_stream (share, stream)->otf2_id);
}

gboolean
jx_mpi_strict_fails (JxCliTraces *traces,
                     guint64      n_defects)
{
  /* Every rank has the same options: all meet here or none. */
  if (!traces->strict)
    return FALSE;
  jx_mpi_sum_u64 (&n_defects, 1);
  return n_defects > 0;
}

gboolean
jx_mpi_shares_strict_fails (JxMpiShares *shares,
                            JxCliTraces *traces)
{
  guint64 n_defects = 0;

  for (guint t = 0; t < shares->traces->len; t++)
    if (jx_mpi_shares_contributes (shares, t))
      n_defects += jx_trace_get_n_defects (g_ptr_array_index (shares->traces, t));
  return jx_mpi_strict_fails (traces, n_defects);
}

void
jx_mpi_sum_u64 (guint64 *values,
                gsize    n)
{
  jx_mpi_meet ();
  MPI_Allreduce (MPI_IN_PLACE, values, (int) n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
}

void
jx_mpi_min_u64 (guint64 *values,
                gsize    n)
{
  jx_mpi_meet ();
  MPI_Allreduce (MPI_IN_PLACE, values, (int) n, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
}
