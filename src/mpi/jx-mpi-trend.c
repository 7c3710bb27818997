/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-trend.c — `juxtrace-mpi trend RUN…`: juxtrace-cli trend's options
 * and output (jx_cli_trend_with) with the runs read by the ranks.
 *
 * Rank 0 reads every run's definitions and plans. With at least as many
 * runs as ranks, whole runs go to the ranks by work (events the
 * definitions give, else event-file bytes), the largest first to the least
 * loaded. With more ranks than runs, every run gets ranks in proportion to
 * its work (at most one per process) and its processes go to them by work,
 * the largest first to the least loaded. Every rank reduces its share of a
 * run to a summary (jx-trend-summary.h, integer ticks); the ranks sharing a
 * run add up their per-region sums first, so that all of them segment by
 * the same function for the SOS measures. The summaries and the load
 * reports go to rank 0, which merges the parts of each run (exact sums and
 * maxima), makes the runs and goes on as juxtrace-cli trend does. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include <mpi.h>

#include "jx-cli.h"
#include "jx-cli-trend-private.h"
#include "jx-mpi.h"
#include "jx-mpi-reduce.h"
#include "jx-trend-summary.h"

typedef struct
{
  guint     run;
  guint     n_processes;   /* the whole run's */
  gboolean  shared;        /* other ranks hold the run's other processes */
  GArray   *processes;     /* guint, ascending: positions in the run's definitions */
} Task;

static void
task_clear (gpointer data)
{
  Task *task = data;

  g_clear_pointer (&task->processes, g_array_unref);
}

static GArray *
tasks_new (void)
{
  GArray *tasks = g_array_new (FALSE, TRUE, sizeof (Task));

  g_array_set_clear_func (tasks, task_clear);
  return tasks;
}

/* --- the plan (rank 0) ---------------------------------------------------------- */

typedef struct
{
  guint64 work;
  guint   index;
} Item;

static int
compare_items (const void *a,
               const void *b)
{
  const Item *x = a, *y = b;

  if (x->work != y->work)
    return x->work > y->work ? -1 : 1;
  return x->index < y->index ? -1 : (x->index > y->index ? 1 : 0);
}

static int
compare_uint (const void *a,
              const void *b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

/* The least loaded of ranks [first, first + n), the lowest of equals. */
static guint
least_loaded (const guint64 *load,
              guint          first,
              guint          n)
{
  guint best = first;

  for (guint r = first + 1; r < first + n; r++)
    if (load[r] < load[best])
      best = r;
  return best;
}

static void
add_task (GPtrArray *per_rank,
          guint      rank,
          guint      run,
          guint      n_processes,
          gboolean   shared,
          GArray    *processes)
{
  Task task = { run, n_processes, shared, processes };

  g_array_append_val (g_ptr_array_index (per_rank, rank), task);
}

static GArray *
all_processes (guint n)
{
  GArray *list = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);

  for (guint p = 0; p < n; p++)
    g_array_append_val (list, p);
  return list;
}

/* One run's processes over ranks [first, first + k). */
static void
split_run (JxTraceOutline *outline,
           guint           run,
           gboolean        by_events,
           guint           first,
           guint           k,
           guint64        *load,
           GPtrArray      *per_rank)
{
  guint n = jx_trace_outline_get_n_processes (outline);
  g_autofree Item *items = g_new (Item, MAX (n, 1));
  g_autofree GArray **lists = g_new0 (GArray *, k);

  for (guint p = 0; p < n; p++)
    items[p] = (Item) { jx_mpi_process_work (outline, p, by_events), p };
  qsort (items, n, sizeof (Item), compare_items);
  for (guint j = 0; j < k; j++)
    lists[j] = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint p = 0; p < n; p++)
    {
      guint best = least_loaded (load, first, k);

      /* Work 0 (empty processes) still counts one, so they spread. */
      load[best] += MAX (items[p].work, 1);
      g_array_append_val (lists[best - first], items[p].index);
    }
  for (guint j = 0; j < k; j++)
    {
      g_array_sort (lists[j], compare_uint);
      add_task (per_rank, first + j, run, n, TRUE, lists[j]);
    }
}

/* Packs per rank: work, then its tasks. */
static GByteArray *
make_plan (JxTraceOutline **outlines,
           guint            n_runs)
{
  guint size = (guint) jx_mpi.size;
  g_autofree guint64 *load = g_new0 (guint64, size);
  g_autofree Item *runs = g_new (Item, MAX (n_runs, 1));
  g_autoptr(GPtrArray) per_rank = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  GByteArray *out = g_byte_array_new ();
  gboolean by_events = TRUE;

  for (guint i = 0; i < n_runs; i++)
    by_events = by_events && jx_mpi_has_event_counts (outlines[i]);
  for (guint i = 0; i < n_runs; i++)
    {
      runs[i] = (Item) { 0, i };
      for (guint p = 0; p < jx_trace_outline_get_n_processes (outlines[i]); p++)
        runs[i].work += jx_mpi_process_work (outlines[i], p, by_events);
    }
  for (guint r = 0; r < size; r++)
    g_ptr_array_add (per_rank, tasks_new ());

  if (size <= n_runs)
    {
      /* Whole runs, the largest first to the least loaded rank. */
      qsort (runs, n_runs, sizeof (Item), compare_items);
      for (guint k = 0; k < n_runs; k++)
        {
          guint best = least_loaded (load, 0, size);
          guint n = jx_trace_outline_get_n_processes (outlines[runs[k].index]);

          load[best] += MAX (runs[k].work, 1);
          add_task (per_rank, best, runs[k].index, n, FALSE, all_processes (n));
        }
    }
  else
    {
      /* Ranks per run: one each, then one more at a time to the run of the
       * most work per rank that has processes left to give. */
      g_autofree guint *ranks = g_new (guint, n_runs);
      guint first = 0;

      for (guint i = 0; i < n_runs; i++)
        ranks[i] = 1;
      for (guint extra = size - n_runs; extra > 0; extra--)
        {
          gint best = -1;

          for (guint i = 0; i < n_runs; i++)
            if (ranks[i] < jx_trace_outline_get_n_processes (outlines[i])
                && (best < 0 || (double) runs[i].work / ranks[i] > (double) runs[best].work / ranks[best]))
              best = (gint) i;
          if (best < 0)
            break;
          ranks[best]++;
        }
      for (guint i = 0; i < n_runs; i++)
        {
          guint n = jx_trace_outline_get_n_processes (outlines[i]);

          if (ranks[i] == 1)
            {
              load[first] += MAX (runs[i].work, 1);
              add_task (per_rank, first, i, n, FALSE, all_processes (n));
            }
          else
            split_run (outlines[i], i, by_events, first, ranks[i], load, per_rank);
          first += ranks[i];
        }
    }

  for (guint r = 0; r < size; r++)
    {
      GArray *tasks = g_ptr_array_index (per_rank, r);

      jx_pack_u64 (out, load[r]);
      jx_pack_u64 (out, tasks->len);
      for (guint t = 0; t < tasks->len; t++)
        {
          const Task *task = &g_array_index (tasks, Task, t);

          jx_pack_u64 (out, task->run);
          jx_pack_u64 (out, task->n_processes);
          jx_pack_u64 (out, task->shared);
          jx_pack_u64 (out, task->processes->len);
          jx_pack_bytes (out, task->processes->data, task->processes->len * sizeof (guint));
        }
    }
  return out;
}

/* Collective: this rank's tasks; FALSE (after one message) when rank 0
 * cannot read a run's definitions. */
static gboolean
plan_tasks (const char  *command,
            char       **paths,
            guint        n_runs,
            GArray      *tasks,
            JxMpiStats  *stats)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GByteArray) packed = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree JxTraceOutline **outlines = g_new0 (JxTraceOutline *, MAX (n_runs, 1));
  JxUnpack in;

  for (guint i = 0; jx_mpi.rank == 0 && i < n_runs && error == NULL; i++)
    {
      outlines[i] = jx_trace_outline_read (paths[i], &error);
      if (outlines[i] != NULL && jx_trace_outline_get_n_processes (outlines[i]) == 0)
        g_set_error (&error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT, _("%s: the trace defines no process"), paths[i]);
    }
  if (error == NULL && jx_mpi.rank == 0)
    packed = make_plan (outlines, n_runs);
  for (guint i = 0; i < n_runs; i++)
    g_clear_pointer (&outlines[i], jx_trace_outline_free);
  if (!jx_mpi_all_ok (command, error))
    return FALSE;

  jx_mpi_broadcast (&packed);
  bytes = g_bytes_new (packed->data, packed->len);
  jx_unpack_init (&in, bytes);
  for (int r = 0; r < jx_mpi.size; r++)
    {
      guint64 work = jx_unpack_u64 (&in);
      guint64 n = jx_unpack_u64 (&in);

      stats->total_work += work;
      for (guint64 t = 0; t < n && !in.bad; t++)
        {
          Task task = { 0 };
          guint64 len;

          task.run = (guint) jx_unpack_u64 (&in);
          task.n_processes = (guint) jx_unpack_u64 (&in);
          task.shared = jx_unpack_u64 (&in) != 0;
          len = jx_unpack_u64 (&in);
          if (in.bad || len > (guint64) (in.end - in.p) / sizeof (guint))
            {
              in.bad = TRUE;
              break;
            }
          task.processes = g_array_sized_new (FALSE, FALSE, sizeof (guint), (guint) len);
          g_array_set_size (task.processes, (guint) len);
          jx_unpack_bytes (&in, task.processes->data, (gsize) len * sizeof (guint));
          if (r == jx_mpi.rank)
            g_array_append_val (tasks, task);
          else
            task_clear (&task);
        }
      if (r == jx_mpi.rank)
        stats->work = work;
    }
  g_assert (!in.bad);
  return TRUE;
}

/* --- a rank's share ----------------------------------------------------------------- */

typedef struct
{
  MPI_Comm comm;          /* the ranks sharing the run */
  guint    n_processes;   /* the whole run's */
} Group;

/* The candidate functions of a shared run from the sums of all its shares. */
static GArray *
group_candidates (JxTrace  *trace,
                  guint     max_candidates,
                  gpointer  data)
{
  Group *group = data;
  g_auto(JxImbalanceSums) sums = { 0 };

  jx_imbalance_sums_init (&sums, trace);
  jx_imbalance_sums_add (&sums, trace);
  MPI_Allreduce (MPI_IN_PLACE, sums.count, (int) sums.n_regions, MPI_UINT64_T, MPI_SUM, group->comm);
  MPI_Allreduce (MPI_IN_PLACE, sums.inclusive, (int) sums.n_regions, MPI_UINT64_T, MPI_SUM, group->comm);
  MPI_Allreduce (MPI_IN_PLACE, sums.n_on, (int) sums.n_regions, MPI_UINT64_T, MPI_SUM, group->comm);
  return jx_imbalance_candidates_from_sums (trace, &sums, group->n_processes, max_candidates);
}

static const JxImbalanceOps group_ops = { group_candidates, NULL };

static JxTrendSummary *
summarise (JxTrace     *share,
           const Task  *task,
           const char  *sos_function,
           Group       *group)
{
  gboolean whole = task->processes->len == task->n_processes;
  g_autoptr(GError) error = NULL;
  JxTrendSummary *summary;

  summary = jx_trend_summary_compute (share, whole ? NULL : (const guint *) (gpointer) task->processes->data,
                                      sos_function, group != NULL ? &group_ops : &jx_imbalance_local_ops, group,
                                      NULL, &error);
  g_assert_no_error (error);
  return summary;
}

/* Loads and summarises this rank's tasks, a shared run last (its summary
 * needs the other ranks'); packs per task: run, load report, summary.
 * Collective; FALSE after one message when a rank cannot read its share. */
static gboolean
read_tasks (const char             *command,
            char                  **paths,
            GArray                 *tasks,
            const JxCliTrendInput  *input,
            guint64                 budget,
            GByteArray             *mine,
            JxMpiStats             *stats)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) shared = NULL;
  const Task *shared_task = NULL;
  Group group = { MPI_COMM_NULL, 0 };
  double t = jx_mpi_now (), cpu = jx_mpi_cpu_seconds ();
  gboolean ok;

  for (guint t_i = 0; t_i < tasks->len && error == NULL; t_i++)
    {
      const Task *task = &g_array_index (tasks, Task, t_i);
      g_autoptr(JxTrace) share = jx_mpi_load_share (paths[task->run], task->processes, task->n_processes, budget,
                                                    FALSE, &error);
      g_autofree char *report = NULL;

      stats->load += jx_mpi_now () - t;
      t = jx_mpi_now ();
      if (share == NULL)
        break;
      /* A part's processes are the ones asked for, in their order. */
      if (task->shared && jx_trace_get_n_processes (share) != task->processes->len)
        {
          g_set_error (&error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                       _("%s: its share has %u processes where the definitions give %u"), paths[task->run],
                       jx_trace_get_n_processes (share), task->processes->len);
          break;
        }
      report = jx_mpi_report_to_string (share);
      jx_pack_u64 (mine, task->run);
      jx_pack_string (mine, report);
      if (task->shared)
        {
          shared = g_steal_pointer (&share);
          shared_task = task;
        }
      else
        {
          g_autoptr(JxTrendSummary) summary = summarise (share, task, input->sos_function, NULL);

          jx_trend_summary_pack (summary, mine);
        }
      stats->compute += jx_mpi_now () - t;
      t = jx_mpi_now ();
    }
  ok = jx_mpi_all_ok (command, error);

  /* The ranks sharing a run meet in its group; the others in none. */
  MPI_Comm_split (MPI_COMM_WORLD, ok && shared_task != NULL ? (int) shared_task->run : MPI_UNDEFINED, jx_mpi.rank,
                  &group.comm);
  if (ok && shared_task != NULL)
    {
      g_autoptr(JxTrendSummary) summary = NULL;

      group.n_processes = shared_task->n_processes;
      t = jx_mpi_now ();
      summary = summarise (shared, shared_task, input->sos_function, &group);
      jx_trend_summary_pack (summary, mine);
      stats->compute += jx_mpi_now () - t;
    }
  if (group.comm != MPI_COMM_NULL)
    MPI_Comm_free (&group.comm);
  stats->cpu += jx_mpi_cpu_seconds () - cpu;
  return ok;
}

/* --- rank 0: the runs from the parts ------------------------------------------------ */

static void
free_summary (gpointer summary)
{
  jx_trend_summary_free (summary);
}

static void
merge_parts (GPtrArray        *packets,
             char            **paths,
             guint             n_runs,
             GPtrArray       **runs,
             JxCliLoadCheck  **checks)
{
  g_autoptr(GPtrArray) summaries = g_ptr_array_new_full (n_runs, free_summary);
  g_autoptr(GPtrArray) reports = g_ptr_array_new_full (n_runs, (GDestroyNotify) g_ptr_array_unref);

  for (guint i = 0; i < n_runs; i++)
    {
      g_ptr_array_add (summaries, NULL);
      g_ptr_array_add (reports, g_ptr_array_new_with_free_func (g_free));
    }
  for (guint r = 0; r < packets->len; r++)
    {
      JxUnpack in;

      jx_unpack_init (&in, g_ptr_array_index (packets, r));
      while (in.p < in.end && !in.bad)
        {
          guint64 run = jx_unpack_u64 (&in);
          char *report = jx_unpack_string (&in);
          g_autoptr(JxTrendSummary) part = jx_trend_summary_unpack (&in);

          g_assert (part != NULL && run < n_runs);
          if (report != NULL)
            g_ptr_array_add (g_ptr_array_index (reports, run), report);
          if (g_ptr_array_index (summaries, run) == NULL)
            g_ptr_array_index (summaries, run) = g_steal_pointer (&part);
          else
            jx_trend_summary_merge (g_ptr_array_index (summaries, run), part);
        }
      g_assert (!in.bad);
    }

  *runs = g_ptr_array_new_full (n_runs, (GDestroyNotify) jx_trend_run_unref);
  for (guint i = 0; i < n_runs; i++)
    {
      JxTrendSummary *summary = g_ptr_array_index (summaries, i);
      g_autoptr(JsonNode) report = jx_mpi_report_merge (g_ptr_array_index (reports, i));

      g_assert (summary != NULL && report != NULL);
      jx_trend_summary_sort_paths (summary);
      g_ptr_array_add (*runs, jx_trend_run_new_from_summary (summary, paths[i]));
      checks[i] = jx_cli_load_check_new_from_report (report, paths[i]);
    }
}

static int
read_mpi (JxCliTraces            *traces,
          char                  **paths,
          guint                   n_runs,
          const JxCliTrendInput  *input,
          GPtrArray             **runs,
          JxCliLoadCheck        **checks,
          gpointer                data)
{
  const char *command = traces->command;
  g_autoptr(GArray) tasks = tasks_new ();
  g_autoptr(GByteArray) mine = g_byte_array_new ();
  g_autoptr(GPtrArray) packets = NULL;
  JxMpiStats stats = { 0 };
  guint64 budget = 0;
  double t0 = jx_mpi_now (), t;
  int status;

  (void) data;
  if ((status = jx_mpi_check_trace_options (command, traces, &budget)) != JX_CLI_EXIT_OK)
    return status;
  if (!plan_tasks (command, paths, n_runs, tasks, &stats))
    return JX_CLI_EXIT_INPUT;
  stats.plan = jx_mpi_now () - t0;
  if (!read_tasks (command, paths, tasks, input, budget, mine, &stats))
    return JX_CLI_EXIT_INPUT;

  t = jx_mpi_now ();
  packets = jx_mpi_gather (mine);
  if (jx_mpi.rank == 0)
    merge_parts (packets, paths, n_runs, runs, checks);
  if (!jx_mpi_stats_finish (command, &stats, t, t0))
    return JX_CLI_TREND_ELSEWHERE;
  return JX_CLI_EXIT_OK;
}

int
jx_mpi_trend (int    argc,
              char **argv)
{
  return jx_cli_trend_with (argc, argv, read_mpi, NULL);
}
