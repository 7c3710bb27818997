/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-summary.c — see jx-trend-summary.h. One pass over every stream's
 * invocations, process by process: a stack indexed by depth gives each
 * invocation its call path (a hash of (parent path, function) → path), and
 * per-process accumulators of the touched functions and paths are folded
 * into the totals and maxima when the process is done. Merging and packing
 * are in jx-trend-summary-merge.c. */
#include "config.h"

#include <string.h>

#include "jx-trend-summary.h"

/* --- the path table ---------------------------------------------------------- */

/* Open addressing, (parent path, function) → path. */
typedef struct
{
  guint64 *keys;
  guint32 *values;
  guint    mask;
  guint    n;
} PathHash;

#define EMPTY_KEY G_MAXUINT64

static void
path_hash_init (PathHash *h,
                guint     capacity)
{
  h->mask = capacity - 1;
  h->n = 0;
  h->keys = g_new (guint64, capacity);
  h->values = g_new (guint32, capacity);
  memset (h->keys, 0xff, sizeof (guint64) * capacity);
}

static void
path_hash_clear (PathHash *h)
{
  g_clear_pointer (&h->keys, g_free);
  g_clear_pointer (&h->values, g_free);
}

static inline guint
path_hash_slot (guint64 key,
                guint   mask)
{
  return (guint) ((key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32) & mask;
}

static void
path_hash_insert (PathHash *h,
                  guint64   key,
                  guint32   value);

static void
path_hash_grow (PathHash *h)
{
  PathHash bigger;

  path_hash_init (&bigger, (h->mask + 1) * 2);
  for (guint i = 0; i <= h->mask; i++)
    if (h->keys[i] != EMPTY_KEY)
      path_hash_insert (&bigger, h->keys[i], h->values[i]);
  path_hash_clear (h);
  *h = bigger;
}

static void
path_hash_insert (PathHash *h,
                  guint64   key,
                  guint32   value)
{
  guint slot;

  if ((h->n + 1) * 2 > h->mask + 1)
    path_hash_grow (h);
  slot = path_hash_slot (key, h->mask);
  while (h->keys[slot] != EMPTY_KEY)
    slot = (slot + 1) & h->mask;
  h->keys[slot] = key;
  h->values[slot] = value;
  h->n++;
}

static inline guint32
path_hash_lookup (const PathHash *h,
                  guint64         key)
{
  guint slot = path_hash_slot (key, h->mask);

  while (h->keys[slot] != EMPTY_KEY)
    {
      if (h->keys[slot] == key)
        return h->values[slot];
      slot = (slot + 1) & h->mask;
    }
  return JX_NONE;
}

/* --- the walk ------------------------------------------------------------------ */

typedef struct
{
  guint64 count;
  guint64 incl;
  gint64  excl;
} Acc;

typedef JxTrendTicks Tot;

typedef struct
{
  /* per function */
  guint     n_functions;
  guint32  *function_of_region;
  Acc      *facc;
  Tot      *ftot;
  guint32  *active;            /* open invocations of the function on the stack */
  GArray   *ftouched;

  /* per path */
  PathHash  hash;
  GArray   *path_parent;       /* guint32 */
  GArray   *path_function;     /* guint32 */
  GArray   *path_first_process;/* guint32: the process (among the run's) */
  GArray   *path_first_call;   /* guint64: the invocation in its walk */
  guint32   process;           /* the one walked */
  guint64   call;              /* invocations of it walked so far */
  GArray   *pacc;              /* Acc */
  GArray   *ptot;              /* Tot */
  GArray   *ptouched;          /* guint32 */

  /* the stack, by depth */
  guint32  *stack_path;
  guint32  *stack_function;
  guint     stack_size;
} Walk;

static guint32
add_path (Walk    *w,
          guint32  parent,
          guint32  function,
          guint64  key)
{
  guint32 path = w->path_parent->len;
  Acc zero_acc = { 0 };
  Tot zero_tot = { 0 };

  g_array_append_val (w->path_parent, parent);
  g_array_append_val (w->path_function, function);
  g_array_append_val (w->path_first_process, w->process);
  g_array_append_val (w->path_first_call, w->call);
  g_array_append_val (w->pacc, zero_acc);
  g_array_append_val (w->ptot, zero_tot);
  path_hash_insert (&w->hash, key, path);
  return path;
}

static inline Acc *
touch_path (Walk    *w,
            guint32  path)
{
  Acc *acc = &g_array_index (w->pacc, Acc, path);

  if (acc->count == 0)
    g_array_append_val (w->ptouched, path);
  return acc;
}

static inline Acc *
touch_function (Walk    *w,
                guint32  function)
{
  Acc *acc = &w->facc[function];

  if (acc->count == 0)
    g_array_append_val (w->ftouched, function);
  return acc;
}

static void
walk_stream (Walk           *w,
             const JxStream *s)
{
  guint top = 0;

  if (s->max_depth > w->stack_size)
    {
      w->stack_size = s->max_depth;
      w->stack_path = g_renew (guint32, w->stack_path, w->stack_size);
      w->stack_function = g_renew (guint32, w->stack_function, w->stack_size);
    }

  for (guint32 i = 0; i < s->n_invocations; i++)
    {
      guint d = s->depth[i];
      guint32 f = w->function_of_region[s->region[i]];
      guint32 parent = d > 0 ? w->stack_path[d - 1] : JX_NONE;
      guint64 key = ((guint64) parent << 32) | f;
      guint64 duration = s->end[i] >= s->start[i] ? s->end[i] - s->start[i] : 0;
      guint32 path;
      Acc *pa, *fa;

      g_assert (d < w->stack_size);
      while (top > d)
        w->active[w->stack_function[--top]]--;

      path = path_hash_lookup (&w->hash, key);
      if (path == JX_NONE)
        path = add_path (w, parent, f, key);

      pa = touch_path (w, path);
      pa->count++;
      pa->incl += duration;
      pa->excl += (gint64) duration;

      fa = touch_function (w, f);
      fa->count++;
      fa->excl += (gint64) duration;
      if (w->active[f] == 0)
        fa->incl += duration;

      if (d > 0)
        {
          g_array_index (w->pacc, Acc, parent).excl -= (gint64) duration;
          w->facc[w->stack_function[d - 1]].excl -= (gint64) duration;
        }

      w->stack_path[d] = path;
      w->stack_function[d] = f;
      w->active[f]++;
      top = d + 1;
      w->call++;
    }
  while (top > 0)
    w->active[w->stack_function[--top]]--;
}

static inline void
fold (Tot *tot,
      Acc *acc)
{
  guint64 excl = acc->excl > 0 ? (guint64) acc->excl : 0;

  tot->count += acc->count;
  tot->count_max = MAX (tot->count_max, acc->count);
  tot->incl += acc->incl;
  tot->incl_max = MAX (tot->incl_max, acc->incl);
  tot->excl += excl;
  tot->excl_max = MAX (tot->excl_max, excl);
  memset (acc, 0, sizeof *acc);
}

static void
fold_process (Walk           *w,
              JxTrendSummary *sum)
{
  Acc program = { 0 }, mpi = { 0 };

  for (guint k = 0; k < w->ftouched->len; k++)
    {
      guint32 f = g_array_index (w->ftouched, guint32, k);
      Acc *acc = &w->facc[f];
      gint64 excl = MAX (acc->excl, 0);

      program.count += acc->count;
      program.excl += excl;
      if (sum->function_category[f] == JX_CATEGORY_MPI)
        {
          mpi.count += acc->count;
          mpi.excl += excl;
        }
      fold (&w->ftot[f], acc);
    }
  g_array_set_size (w->ftouched, 0);
  for (guint k = 0; k < w->ptouched->len; k++)
    {
      guint32 p = g_array_index (w->ptouched, guint32, k);

      fold (&g_array_index (w->ptot, Tot, p), &g_array_index (w->pacc, Acc, p));
    }
  g_array_set_size (w->ptouched, 0);

  /* A group's time counts every instant once: its excl. */
  program.incl = (guint64) program.excl;
  mpi.incl = (guint64) mpi.excl;
  fold (&sum->program, &program);
  fold (&sum->mpi, &mpi);
}

/* Functions by region name: regions that share a name are one function. */
static void
map_functions (JxTrendSummary *sum,
               JxTrace        *trace,
               Walk           *w)
{
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_regions = jx_trace_get_n_regions (trace);
  GPtrArray *names = g_ptr_array_new ();
  GArray *categories = g_array_new (FALSE, FALSE, sizeof (guint8));

  w->function_of_region = g_new (guint32, MAX (n_regions, 1));
  for (guint r = 0; r < n_regions; r++)
    {
      const JxRegion *region = jx_trace_get_region (trace, r);
      const char *name = region->name != NULL ? region->name : "";
      gpointer found;

      if (g_hash_table_lookup_extended (by_name, name, NULL, &found))
        w->function_of_region[r] = GPOINTER_TO_UINT (found);
      else
        {
          char *copy = g_strdup (name);
          guint32 f = names->len;

          g_ptr_array_add (names, copy);
          g_array_append_val (categories, region->category);
          g_hash_table_insert (by_name, copy, GUINT_TO_POINTER (f));
          w->function_of_region[r] = f;
        }
    }
  sum->n_functions = names->len;
  g_ptr_array_add (names, NULL);
  sum->function_name = (char **) g_ptr_array_free (names, FALSE);
  sum->function_category = (guint8 *) g_array_free (categories, FALSE);
  w->n_functions = sum->n_functions;
  w->facc = g_new0 (Acc, MAX (sum->n_functions, 1));
  w->ftot = g_new0 (Tot, MAX (sum->n_functions, 1));
  w->active = g_new0 (guint32, MAX (sum->n_functions, 1));
}

/* Messages sent, per process. A load of some processes keeps only the
 * messages between them; a send to a process left out is counted as an
 * event of its stream: those count too, so that the parts of a run add up
 * to the whole. */
static void
count_messages (JxTrendSummary *sum,
                JxTrace        *trace)
{
  g_autofree guint64 *per_process = g_new0 (guint64, MAX (sum->n_processes, 1));
  const JxMessage *messages = jx_trace_get_messages (trace);
  const JxTracePartial *partial = jx_trace_get_partial (trace);
  guint n = jx_trace_get_n_messages (trace);
  guint n_streams = jx_trace_get_n_streams (trace);
  g_autofree guint64 *per_stream = g_new0 (guint64, MAX (n_streams, 1));

  for (guint i = 0; i < n; i++)
    {
      guint32 process = jx_trace_get_stream (trace, messages[i].sender)->process;

      per_stream[messages[i].sender]++;
      if (process < sum->n_processes)
        per_process[process]++;
    }
  sum->messages = n;
  if (partial != NULL && partial->n_messages_unselected > 0)
    for (guint s = 0; s < n_streams; s++)
      {
        const JxStream *stream = jx_trace_get_stream (trace, s);
        guint64 sent = stream->event_counts[JX_EVENT_MPI_SEND];

        if (sent > per_stream[s] && stream->process < sum->n_processes)
          {
            per_process[stream->process] += sent - per_stream[s];
            sum->messages += sent - per_stream[s];
          }
      }
  for (guint p = 0; p < sum->n_processes; p++)
    sum->messages_max = MAX (sum->messages_max, per_process[p]);
}

static gboolean
compute_sos (JxTrendSummary       *sum,
             JxTrace              *trace,
             const char           *function,
             const JxImbalanceOps *ops,
             gpointer              ops_data,
             GCancellable         *cancellable,
             GError              **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(JxImbalance) imbalance = jx_imbalance_compute_with (trace, function, ops, ops_data, cancellable, &local);

  if (imbalance == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      sum->sos_error = g_strdup (local->message);
      return TRUE;
    }
  for (guint i = 0; i < jx_imbalance_get_n_processes (imbalance); i++)
    {
      const JxProcessImbalance *p = jx_imbalance_get_process (imbalance, i);

      sum->sos_total += p->sos;
      sum->sos_max = MAX (sum->sos_max, p->sos);
    }
  sum->sos_function = g_strdup (jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name);
  return TRUE;
}

static void
walk_clear (Walk *w)
{
  g_free (w->function_of_region);
  g_free (w->facc);
  g_free (w->ftot);
  g_free (w->active);
  g_clear_pointer (&w->ftouched, g_array_unref);
  path_hash_clear (&w->hash);
  g_clear_pointer (&w->path_parent, g_array_unref);
  g_clear_pointer (&w->path_function, g_array_unref);
  g_clear_pointer (&w->path_first_process, g_array_unref);
  g_clear_pointer (&w->path_first_call, g_array_unref);
  g_clear_pointer (&w->pacc, g_array_unref);
  g_clear_pointer (&w->ptot, g_array_unref);
  g_clear_pointer (&w->ptouched, g_array_unref);
  g_free (w->stack_path);
  g_free (w->stack_function);
}

JxTrendSummary *
jx_trend_summary_compute (JxTrace              *trace,
                          const guint          *process_positions,
                          const char           *sos_function,
                          const JxImbalanceOps *ops,
                          gpointer              ops_data,
                          GCancellable         *cancellable,
                          GError              **error)
{
  g_autoptr(JxTrendSummary) sum = NULL;
  Walk w = { 0 };

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (ops != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  sum = g_new0 (JxTrendSummary, 1);
  sum->name = g_strdup (jx_trace_get_name (trace));
  sum->timer_resolution = jx_trace_get_timer_resolution (trace);
  sum->n_processes = jx_trace_get_n_processes (trace);
  sum->n_streams = jx_trace_get_n_streams (trace);
  sum->n_invocations = jx_trace_get_n_invocations (trace);

  map_functions (sum, trace, &w);
  path_hash_init (&w.hash, 256);
  w.ftouched = g_array_new (FALSE, FALSE, sizeof (guint32));
  w.path_parent = g_array_new (FALSE, FALSE, sizeof (guint32));
  w.path_function = g_array_new (FALSE, FALSE, sizeof (guint32));
  w.path_first_process = g_array_new (FALSE, FALSE, sizeof (guint32));
  w.path_first_call = g_array_new (FALSE, FALSE, sizeof (guint64));
  w.pacc = g_array_new (FALSE, FALSE, sizeof (Acc));
  w.ptot = g_array_new (FALSE, FALSE, sizeof (Tot));
  w.ptouched = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint p = 0; p < sum->n_processes; p++)
    {
      const JxProcess *process = jx_trace_get_process (trace, p);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          walk_clear (&w);
          return NULL;
        }
      w.process = process_positions != NULL ? process_positions[p] : p;
      w.call = 0;
      for (guint k = 0; k < process->n_streams; k++)
        walk_stream (&w, jx_trace_get_stream (trace, process->first_stream + k));
      fold_process (&w, sum);
    }

  sum->function_ticks = g_steal_pointer (&w.ftot);
  sum->n_paths = w.path_parent->len;
  sum->path_parent = (guint32 *) g_array_free (g_steal_pointer (&w.path_parent), FALSE);
  sum->path_function = (guint32 *) g_array_free (g_steal_pointer (&w.path_function), FALSE);
  sum->path_first_process = (guint32 *) g_array_free (g_steal_pointer (&w.path_first_process), FALSE);
  sum->path_first_call = (guint64 *) g_array_free (g_steal_pointer (&w.path_first_call), FALSE);
  sum->path_ticks = (JxTrendTicks *) g_array_free (g_steal_pointer (&w.ptot), FALSE);
  walk_clear (&w);

  count_messages (sum, trace);
  if (!compute_sos (sum, trace, sos_function, ops, ops_data, cancellable, error))
    return NULL;
  return g_steal_pointer (&sum);
}

void
jx_trend_summary_free (JxTrendSummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->name);
  g_strfreev (summary->function_name);
  g_free (summary->function_category);
  g_free (summary->function_ticks);
  g_free (summary->path_parent);
  g_free (summary->path_function);
  g_free (summary->path_first_process);
  g_free (summary->path_first_call);
  g_free (summary->path_ticks);
  g_free (summary->sos_function);
  g_free (summary->sos_error);
  g_free (summary);
}
