/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-run.c — see jx-trend-run.h. One pass over every stream's
 * invocations, process by process: a stack indexed by depth gives each
 * invocation its call path (a hash of (parent path, function) → path), and
 * per-process accumulators of the touched functions and paths are folded
 * into the run's totals and maxima when the process is done. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-imbalance.h"
#include "jx-trend-run-private.h"

G_DEFINE_BOXED_TYPE (JxTrendRun, jx_trend_run, jx_trend_run_ref, jx_trend_run_unref)

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

typedef struct
{
  guint64 count;
  guint64 count_max;
  guint64 incl;
  guint64 incl_max;
  guint64 excl;
  guint64 excl_max;
} Tot;

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
fold_process (Walk       *w,
              JxTrendRun *run,
              Tot        *groups)
{
  Acc program = { 0 }, mpi = { 0 };

  for (guint k = 0; k < w->ftouched->len; k++)
    {
      guint32 f = g_array_index (w->ftouched, guint32, k);
      Acc *acc = &w->facc[f];
      gint64 excl = MAX (acc->excl, 0);

      program.count += acc->count;
      program.excl += excl;
      if (run->function_category[f] == JX_CATEGORY_MPI)
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
  fold (&groups[JX_TREND_GROUP_PROGRAM], &program);
  fold (&groups[JX_TREND_GROUP_MPI], &mpi);
}

static void
tot_to_agg (const Tot  *tot,
            JxTrendAgg *agg,
            double      seconds_per_tick)
{
  agg->count = (double) tot->count;
  agg->count_max = (double) tot->count_max;
  agg->incl = (double) tot->incl * seconds_per_tick;
  agg->incl_max = (double) tot->incl_max * seconds_per_tick;
  agg->excl = (double) tot->excl * seconds_per_tick;
  agg->excl_max = (double) tot->excl_max * seconds_per_tick;
}

/* Functions by region name: regions that share a name are one function. */
static void
map_functions (JxTrendRun *run,
               JxTrace    *trace,
               Walk       *w)
{
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_regions = jx_trace_get_n_regions (trace);
  GArray *names = g_array_new (FALSE, FALSE, sizeof (const char *));
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
          const char *copy = g_string_chunk_insert_const (run->strings, name);
          guint32 f = names->len;

          g_array_append_val (names, copy);
          g_array_append_val (categories, region->category);
          g_hash_table_insert (by_name, (gpointer) copy, GUINT_TO_POINTER (f));
          w->function_of_region[r] = f;
        }
    }
  run->n_functions = names->len;
  run->function_name = (const char **) g_array_free (names, FALSE);
  run->function_category = (guint8 *) g_array_free (categories, FALSE);
  w->n_functions = run->n_functions;
  w->facc = g_new0 (Acc, MAX (run->n_functions, 1));
  w->ftot = g_new0 (Tot, MAX (run->n_functions, 1));
  w->active = g_new0 (guint32, MAX (run->n_functions, 1));
}

static void
count_messages (JxTrendRun *run,
                JxTrace    *trace,
                double      seconds_per_tick)
{
  g_autofree guint64 *per_process = g_new0 (guint64, MAX (run->n_processes, 1));
  const JxMessage *messages = jx_trace_get_messages (trace);
  guint n = jx_trace_get_n_messages (trace);
  JxTrendAgg *agg = &run->groups[JX_TREND_GROUP_MESSAGES];
  guint64 max = 0;

  (void) seconds_per_tick;
  for (guint i = 0; i < n; i++)
    {
      guint32 process = jx_trace_get_stream (trace, messages[i].sender)->process;

      if (process < run->n_processes)
        per_process[process]++;
    }
  for (guint p = 0; p < run->n_processes; p++)
    max = MAX (max, per_process[p]);
  agg->count = n;
  agg->count_max = (double) max;
  agg->incl = agg->incl_max = agg->excl = agg->excl_max = NAN;
}

static gboolean
compute_sos (JxTrendRun    *run,
             JxTrace       *trace,
             const char    *function,
             double         seconds_per_tick,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(JxImbalance) imbalance = jx_imbalance_compute (trace, function, cancellable, &local);
  guint64 total = 0, max = 0;

  if (imbalance == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      run->sos_error = g_strdup (local->message);
      return TRUE;
    }
  for (guint i = 0; i < jx_imbalance_get_n_processes (imbalance); i++)
    {
      const JxProcessImbalance *p = jx_imbalance_get_process (imbalance, i);

      total += p->sos;
      max = MAX (max, p->sos);
    }
  run->sos_function = g_strdup (jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name);
  run->sos_total = (double) total * seconds_per_tick;
  run->sos_max = (double) max * seconds_per_tick;
  return TRUE;
}

static JxTrendRun *
run_alloc (const char *path)
{
  JxTrendRun *run = g_new0 (JxTrendRun, 1);

  g_atomic_ref_count_init (&run->ref);
  run->path = g_strdup (path);
  run->folder = jx_trend_folder_of_path (path);
  run->strings = g_string_chunk_new (1024);
  run->params = g_array_new (FALSE, FALSE, sizeof (JxTrendParam));
  return run;
}

static void
set_folder_params (JxTrendRun *run)
{
  g_autoptr(GArray) values = NULL;
  g_auto(GStrv) names = jx_trend_parse_folder_name (run->folder, &values);

  for (guint i = 0; names[i] != NULL; i++)
    {
      double value = g_array_index (values, double, i), known;

      /* "p64" on a trace of 64 processes says what the trace says. */
      if (jx_trend_run_get_param (run, names[i], &known, NULL) && known == value)
        continue;
      jx_trend_run_set_param (run, names[i], value, JX_TREND_SOURCE_FOLDER);
    }
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
  g_clear_pointer (&w->pacc, g_array_unref);
  g_clear_pointer (&w->ptot, g_array_unref);
  g_clear_pointer (&w->ptouched, g_array_unref);
  g_free (w->stack_path);
  g_free (w->stack_function);
}

JxTrendRun *
jx_trend_run_new (JxTrace       *trace,
                  const char    *path,
                  const char    *sos_function,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(JxTrendRun) run = NULL;
  Walk w = { 0 };
  Tot groups[JX_TREND_N_GROUPS] = { { 0 } };
  double seconds_per_tick;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  run = run_alloc (path != NULL ? path : jx_trace_get_path (trace));
  run->name = g_strdup (jx_trace_get_name (trace));
  run->n_processes = jx_trace_get_n_processes (trace);
  run->n_streams = jx_trace_get_n_streams (trace);
  run->n_invocations = jx_trace_get_n_invocations (trace);
  seconds_per_tick = 1.0 / (double) MAX (jx_trace_get_timer_resolution (trace), 1);

  map_functions (run, trace, &w);
  path_hash_init (&w.hash, 256);
  w.ftouched = g_array_new (FALSE, FALSE, sizeof (guint32));
  w.path_parent = g_array_new (FALSE, FALSE, sizeof (guint32));
  w.path_function = g_array_new (FALSE, FALSE, sizeof (guint32));
  w.pacc = g_array_new (FALSE, FALSE, sizeof (Acc));
  w.ptot = g_array_new (FALSE, FALSE, sizeof (Tot));
  w.ptouched = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint p = 0; p < run->n_processes; p++)
    {
      const JxProcess *process = jx_trace_get_process (trace, p);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          walk_clear (&w);
          return NULL;
        }
      for (guint k = 0; k < process->n_streams; k++)
        walk_stream (&w, jx_trace_get_stream (trace, process->first_stream + k));
      fold_process (&w, run, groups);
    }

  run->function_agg = g_new0 (JxTrendAgg, MAX (run->n_functions, 1));
  for (guint f = 0; f < run->n_functions; f++)
    tot_to_agg (&w.ftot[f], &run->function_agg[f], seconds_per_tick);
  run->n_paths = w.path_parent->len;
  run->path_agg = g_new0 (JxTrendAgg, MAX (run->n_paths, 1));
  for (guint p = 0; p < run->n_paths; p++)
    tot_to_agg (&g_array_index (w.ptot, Tot, p), &run->path_agg[p], seconds_per_tick);
  run->path_parent = (guint32 *) g_array_free (g_steal_pointer (&w.path_parent), FALSE);
  run->path_function = (guint32 *) g_array_free (g_steal_pointer (&w.path_function), FALSE);
  tot_to_agg (&groups[JX_TREND_GROUP_PROGRAM], &run->groups[JX_TREND_GROUP_PROGRAM], seconds_per_tick);
  tot_to_agg (&groups[JX_TREND_GROUP_MPI], &run->groups[JX_TREND_GROUP_MPI], seconds_per_tick);
  walk_clear (&w);

  count_messages (run, trace, seconds_per_tick);
  if (!compute_sos (run, trace, sos_function, seconds_per_tick, cancellable, error))
    return NULL;

  jx_trend_run_set_param (run, JX_TREND_PARAM_PROCESSES, run->n_processes, JX_TREND_SOURCE_TRACE);
  set_folder_params (run);
  return g_steal_pointer (&run);
}

JxTrendRun *
jx_trend_run_new_failed (const char   *path,
                         const GError *error)
{
  JxTrendRun *run;

  g_return_val_if_fail (path != NULL && error != NULL, NULL);

  run = run_alloc (path);
  run->name = g_path_get_basename (path);
  run->error = g_error_copy (error);
  run->function_name = g_new0 (const char *, 1);
  run->function_category = g_new0 (guint8, 1);
  run->function_agg = g_new0 (JxTrendAgg, 1);
  run->path_parent = g_new0 (guint32, 1);
  run->path_function = g_new0 (guint32, 1);
  run->path_agg = g_new0 (JxTrendAgg, 1);
  set_folder_params (run);
  return run;
}

JxTrendRun *
jx_trend_run_copy (JxTrendRun *self)
{
  JxTrendRun *run;
  guint n_f, n_p;

  g_return_val_if_fail (self != NULL, NULL);

  run = run_alloc (self->path);
  run->name = g_strdup (self->name);
  run->error = self->error != NULL ? g_error_copy (self->error) : NULL;
  run->n_processes = self->n_processes;
  run->n_streams = self->n_streams;
  run->n_invocations = self->n_invocations;
  run->n_functions = self->n_functions;
  run->n_paths = self->n_paths;
  n_f = MAX (self->n_functions, 1);
  n_p = MAX (self->n_paths, 1);
  run->function_name = g_new0 (const char *, n_f);
  for (guint f = 0; f < self->n_functions; f++)
    run->function_name[f] = g_string_chunk_insert_const (run->strings, self->function_name[f]);
  run->function_category = g_memdup2 (self->function_category, n_f * sizeof (guint8));
  run->function_agg = g_memdup2 (self->function_agg, n_f * sizeof (JxTrendAgg));
  run->path_parent = g_memdup2 (self->path_parent, n_p * sizeof (guint32));
  run->path_function = g_memdup2 (self->path_function, n_p * sizeof (guint32));
  run->path_agg = g_memdup2 (self->path_agg, n_p * sizeof (JxTrendAgg));
  memcpy (run->groups, self->groups, sizeof run->groups);
  run->sos_function = g_strdup (self->sos_function);
  run->sos_error = g_strdup (self->sos_error);
  run->sos_total = self->sos_total;
  run->sos_max = self->sos_max;
  for (guint i = 0; i < self->params->len; i++)
    {
      const JxTrendParam *p = &g_array_index (self->params, JxTrendParam, i);

      jx_trend_run_set_param (run, p->name, p->value, p->source);
    }
  return run;
}

JxTrendRun *
jx_trend_run_ref (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
jx_trend_run_unref (JxTrendRun *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref))
    return;
  g_free (self->path);
  g_free (self->name);
  g_free (self->folder);
  g_clear_error (&self->error);
  g_string_chunk_free (self->strings);
  g_free (self->function_name);
  g_free (self->function_category);
  g_free (self->function_agg);
  g_free (self->path_parent);
  g_free (self->path_function);
  g_free (self->path_agg);
  g_free (self->sos_function);
  g_free (self->sos_error);
  for (guint i = 0; i < self->params->len; i++)
    g_free (g_array_index (self->params, JxTrendParam, i).name);
  g_array_unref (self->params);
  g_free (self);
}

const char *
jx_trend_run_get_path (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->path;
}

const char *
jx_trend_run_get_name (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->name;
}

const char *
jx_trend_run_get_folder (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->folder;
}

const GError *
jx_trend_run_get_error (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->error;
}

guint
jx_trend_run_get_n_processes (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_processes;
}

guint
jx_trend_run_get_n_streams (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_streams;
}

guint64
jx_trend_run_get_n_invocations (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_invocations;
}

guint
jx_trend_run_get_n_functions (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_functions;
}

guint
jx_trend_run_get_n_paths (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_paths;
}

gsize
jx_trend_run_get_memory_size (JxTrendRun *self)
{
  gsize size;

  g_return_val_if_fail (self != NULL, 0);

  size = sizeof *self;
  size += self->n_functions * (sizeof (char *) + sizeof (guint8) + sizeof (JxTrendAgg));
  size += self->n_paths * (2 * sizeof (guint32) + sizeof (JxTrendAgg));
  for (guint f = 0; f < self->n_functions; f++)
    size += strlen (self->function_name[f]) + 1;
  size += self->params->len * sizeof (JxTrendParam);
  return size;
}

const char *
jx_trend_run_get_sos_function (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->sos_function;
}

const char *
jx_trend_run_get_sos_error (JxTrendRun *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->sos_error;
}

double
jx_trend_run_get_function_value (JxTrendRun     *self,
                                 const char     *function,
                                 JxTrendMeasure  measure)
{
  g_return_val_if_fail (self != NULL && function != NULL, NAN);
  g_return_val_if_fail (measure < JX_TREND_N_MEASURES, NAN);

  if (self->error != NULL)
    return NAN;
  if (measure >= JX_TREND_MEASURE_SOS)
    {
      if (self->sos_function == NULL || strcmp (self->sos_function, function) != 0)
        return NAN;
      if (measure == JX_TREND_MEASURE_SOS)
        return self->sos_total;
      if (measure == JX_TREND_MEASURE_SOS_MEAN)
        return self->sos_total / MAX (self->n_processes, 1);
      return self->sos_max;
    }
  for (guint f = 0; f < self->n_functions; f++)
    if (strcmp (self->function_name[f], function) == 0)
      return _jx_trend_agg_value (&self->function_agg[f], measure, self->n_processes);
  return 0.0;
}

