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
 * maxima), makes the runs and goes on as juxtrace-cli trend does. A shared
 * run's load report is matched across its shares there as the other
 * commands' are (jx_mpi_shares_matched_reports). */
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

/* Who reads what, and each rank's work. */
typedef struct
{
  guint      size;
  guint64   *load;       /* per rank */
  GPtrArray *per_rank;   /* GArray of Task per rank */
} Plan;

static void
plan_init (Plan  *plan,
           guint  size)
{
  plan->size = size;
  plan->load = g_new0 (guint64, size);
  plan->per_rank = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint r = 0; r < size; r++)
    g_ptr_array_add (plan->per_rank, tasks_new ());
}

static void
plan_clear (Plan *plan)
{
  g_clear_pointer (&plan->load, g_free);
  g_clear_pointer (&plan->per_rank, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Plan, plan_clear)

static guint64
plan_max_load (const Plan *plan)
{
  guint64 max = 0;

  for (guint r = 0; r < plan->size; r++)
    max = MAX (max, plan->load[r]);
  return max;
}

/* The position in group (k ranks) of the least loaded, the first of equals. */
static guint
least_loaded (const guint64 *load,
              const guint   *group,
              guint          k)
{
  guint best = 0;

  for (guint j = 1; j < k; j++)
    if (load[group[j]] < load[group[best]])
      best = j;
  return best;
}

/* One run's processes over the k ranks of group, the largest first to the
 * least loaded. */
static void
split_run (Plan           *plan,
           JxTraceOutline *outline,
           guint           run,
           gboolean        by_events,
           const guint    *group,
           guint           k)
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
      guint best = least_loaded (plan->load, group, k);

      /* Work 0 (empty processes) still counts one, so they spread. */
      plan->load[group[best]] += MAX (items[p].work, 1);
      g_array_append_val (lists[best], items[p].index);
    }
  for (guint j = 0; j < k; j++)
    {
      g_array_sort (lists[j], compare_uint);
      add_task (plan->per_rank, group[j], run, n, TRUE, lists[j]);
    }
}

static gint
compare_by_load (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  const guint64 *load = data;
  guint x = *(const guint *) a, y = *(const guint *) b;

  if (load[x] != load[y])
    return load[x] < load[y] ? -1 : 1;
  return x < y ? -1 : (x > y ? 1 : 0);
}

/* runs: largest first. The first n_whole go whole, each to the least
 * loaded rank. The others are shared: each gets one rank, then the spare
 * ranks go one at a time to the run of the most work per rank that has
 * processes left to give; the least loaded ranks go to the largest run,
 * and so on, and a run's processes go to its ranks by work. A rank shares
 * one run at most. */
static void
plan_make (Plan            *plan,
           JxTraceOutline **outlines,
           const Item      *runs,
           guint            n_runs,
           guint            n_whole,
           gboolean         by_events)
{
  guint n_shared = n_runs - n_whole, next = 0;
  g_autofree guint *all = g_new (guint, plan->size);
  g_autofree guint *ranks = g_new (guint, MAX (n_shared, 1));

  for (guint r = 0; r < plan->size; r++)
    all[r] = r;
  for (guint k = 0; k < n_whole; k++)
    {
      guint best = least_loaded (plan->load, all, plan->size);
      guint n = jx_trace_outline_get_n_processes (outlines[runs[k].index]);

      plan->load[best] += MAX (runs[k].work, 1);
      add_task (plan->per_rank, best, runs[k].index, n, FALSE, all_processes (n));
    }
  if (n_shared == 0)
    return;

  g_assert (n_shared <= plan->size);
  for (guint j = 0; j < n_shared; j++)
    ranks[j] = 1;
  for (guint extra = plan->size - n_shared; extra > 0; extra--)
    {
      gint best = -1;

      for (guint j = 0; j < n_shared; j++)
        {
          const Item *run = &runs[n_whole + j];

          if (ranks[j] < jx_trace_outline_get_n_processes (outlines[run->index])
              && (best < 0 || (double) run->work / ranks[j] > (double) runs[n_whole + best].work / ranks[best]))
            best = (gint) j;
        }
      if (best < 0)
        break;
      ranks[best]++;
    }
  g_qsort_with_data (all, (gint) plan->size, sizeof (guint), compare_by_load, plan->load);
  for (guint j = 0; j < n_shared; j++)
    {
      const Item *run = &runs[n_whole + j];
      guint n = jx_trace_outline_get_n_processes (outlines[run->index]);

      if (ranks[j] == 1)
        {
          plan->load[all[next]] += MAX (run->work, 1);
          add_task (plan->per_rank, all[next], run->index, n, FALSE, all_processes (n));
        }
      else
        {
          /* The group in rank order, so that equal loads go to the lower. */
          qsort (all + next, ranks[j], sizeof (guint), compare_uint);
          split_run (plan, outlines[run->index], run->index, by_events, all + next, ranks[j]);
        }
      next += ranks[j];
    }
}

/* Packs per rank: work, then its tasks. With more ranks than runs, every
 * run is shared; with fewer, whole runs go to ranks, and when the runs do
 * not divide evenly the smallest N mod P may be shared instead, if that
 * lowers the most any rank reads. */
static GByteArray *
make_plan (JxTraceOutline **outlines,
           guint            n_runs)
{
  guint size = (guint) jx_mpi.size;
  g_autofree Item *runs = g_new (Item, MAX (n_runs, 1));
  g_auto(Plan) plan = { 0 };
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
  qsort (runs, n_runs, sizeof (Item), compare_items);

  plan_init (&plan, size);
  if (size > n_runs)
    plan_make (&plan, outlines, runs, n_runs, 0, by_events);
  else
    {
      plan_make (&plan, outlines, runs, n_runs, n_runs, by_events);
      if (n_runs % size != 0)
        {
          g_auto(Plan) shared = { 0 };

          plan_init (&shared, size);
          plan_make (&shared, outlines, runs, n_runs, n_runs - n_runs % size, by_events);
          if (plan_max_load (&shared) < plan_max_load (&plan))
            {
              Plan whole = plan;

              plan = shared;
              shared = whole;
            }
        }
    }

  for (guint r = 0; r < size; r++)
    {
      GArray *tasks = g_ptr_array_index (plan.per_rank, r);

      jx_pack_u64 (out, plan.load[r]);
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

/* Collective: this rank's tasks, and on every rank the runs shared by
 * ranks (guint, ascending); outlines (n_runs): rank 0 keeps those of the
 * shared runs for their load reports. FALSE (after one message) when rank
 * 0 cannot read a run's definitions. */
static gboolean
plan_tasks (const char       *command,
            char            **paths,
            guint             n_runs,
            GArray           *tasks,
            GArray           *shared_runs,
            JxTraceOutline  **outlines,
            JxMpiStats       *stats)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GByteArray) packed = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree gboolean *shared = g_new0 (gboolean, MAX (n_runs, 1));
  JxUnpack in;

  for (guint i = 0; jx_mpi.rank == 0 && i < n_runs && error == NULL; i++)
    {
      outlines[i] = jx_trace_outline_read (paths[i], &error);
      if (outlines[i] != NULL && jx_trace_outline_get_n_processes (outlines[i]) == 0)
        g_set_error (&error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT, _("%s: the trace defines no process"), paths[i]);
    }
  if (error == NULL && jx_mpi.rank == 0)
    packed = make_plan (outlines, n_runs);
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
          if (task.shared && task.run < n_runs)
            shared[task.run] = TRUE;
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
  for (guint i = 0; i < n_runs; i++)
    if (shared[i])
      g_array_append_val (shared_runs, i);
    else
      g_clear_pointer (&outlines[i], jx_trace_outline_free);
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
 * needs the other ranks'); packs per task: run, load report (none for a
 * shared run: jx_mpi_shares_matched_reports makes its report), summary.
 * shared: this rank's share of a shared run, its message events with
 * peers in other shares kept. Collective; FALSE after one message when a
 * rank cannot read its share. */
static gboolean
read_tasks (const char             *command,
            char                  **paths,
            GArray                 *tasks,
            const JxCliTrendInput  *input,
            guint64                 budget,
            GByteArray             *mine,
            JxTrace               **shared,
            guint                  *shared_run,
            JxMpiStats             *stats)
{
  g_autoptr(GError) error = NULL;
  const Task *shared_task = NULL;
  Group group = { MPI_COMM_NULL, 0 };
  double t = jx_mpi_now (), cpu = jx_mpi_cpu_seconds ();
  gboolean ok;

  for (guint t_i = 0; t_i < tasks->len && error == NULL; t_i++)
    {
      const Task *task = &g_array_index (tasks, Task, t_i);
      g_autoptr(JxTrace) share = jx_mpi_load_share (paths[task->run], task->processes, task->n_processes, budget,
                                                    task->shared ? JX_MPI_SHARES_EXTERNAL : 0, &error);
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
      if (!task->shared)
        report = jx_mpi_report_to_string (share);
      jx_pack_u64 (mine, task->run);
      jx_pack_string (mine, report);
      if (task->shared)
        {
          *shared = g_steal_pointer (&share);
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
      summary = summarise (*shared, shared_task, input->sos_function, &group);
      *shared_run = shared_task->run;
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

/* shared_reports: the load report of each of shared_runs. */
static void
merge_parts (GPtrArray        *packets,
             char            **paths,
             guint             n_runs,
             GArray           *shared_runs,
             GPtrArray        *shared_reports,
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
      g_autoptr(JsonNode) report = NULL;
      guint k;

      for (k = 0; k < shared_runs->len && g_array_index (shared_runs, guint, k) != i; k++)
        ;
      report = k < shared_runs->len ? json_node_ref (g_ptr_array_index (shared_reports, k))
                                    : jx_mpi_report_merge (g_ptr_array_index (reports, i));
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
  g_autoptr(GArray) shared_runs = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree JxTraceOutline **outlines = g_new0 (JxTraceOutline *, MAX (n_runs, 1));
  g_autoptr(JxTrace) shared = NULL;
  g_auto(JxMpiShares) shares = { 0 };
  g_autoptr(GPtrArray) shared_paths = g_ptr_array_new ();
  g_autoptr(GPtrArray) shared_reports = NULL;
  guint shared_run = G_MAXUINT;
  JxMpiStats stats = { 0 };
  guint64 budget = 0;
  double t0 = jx_mpi_now (), t;
  int status;
  gboolean ok;

  (void) data;
  if ((status = jx_mpi_check_trace_options (command, traces, &budget)) != JX_CLI_EXIT_OK)
    return status;
  ok = plan_tasks (command, paths, n_runs, tasks, shared_runs, outlines, &stats);
  stats.plan = jx_mpi_now () - t0;
  ok = ok && read_tasks (command, paths, tasks, input, budget, mine, &shared, &shared_run, &stats);

  /* The load reports of the shared runs, the messages between their
   * shares matched on rank 0 (every rank takes part in each). */
  t = jx_mpi_now ();
  jx_mpi_shares_init (&shares);
  for (guint k = 0; ok && k < shared_runs->len; k++)
    {
      guint run = g_array_index (shared_runs, guint, k);

      jx_mpi_shares_add (&shares, g_steal_pointer (&outlines[run]),
                         run == shared_run ? g_steal_pointer (&shared) : NULL);
      g_ptr_array_add (shared_paths, paths[run]);
    }
  for (guint i = 0; i < n_runs; i++)
    g_clear_pointer (&outlines[i], jx_trace_outline_free);
  if (!ok)
    return JX_CLI_EXIT_INPUT;
  if (!jx_mpi_shares_matched_reports (&shares, command, TRUE, (char * const *) shared_paths->pdata, TRUE,
                                      &shared_reports))
    return JX_CLI_EXIT_INPUT;

  packets = jx_mpi_gather (mine);
  if (jx_mpi.rank == 0)
    merge_parts (packets, paths, n_runs, shared_runs, shared_reports, runs, checks);
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
