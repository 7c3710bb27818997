/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-summary-merge.c — summaries of parts of a run added up, their
 * paths put in the order of a walk of the whole run, and summaries as
 * bytes (jx-trend-summary.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-trend-summary.h"

static void
add_ticks (JxTrendTicks       *into,
           const JxTrendTicks *part)
{
  into->count += part->count;
  into->count_max = MAX (into->count_max, part->count_max);
  into->incl += part->incl;
  into->incl_max = MAX (into->incl_max, part->incl_max);
  into->excl += part->excl;
  into->excl_max = MAX (into->excl_max, part->excl_max);
}

static guint64
path_key (guint32 parent,
          guint32 function)
{
  return ((guint64) parent << 32) | function;
}

/* part's functions → summary's, appending the ones it lacks. */
static guint32 *
merge_functions (JxTrendSummary       *summary,
                 const JxTrendSummary *part)
{
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  guint32 *map = g_new (guint32, MAX (part->n_functions, 1));
  guint n = summary->n_functions;

  for (guint f = 0; f < summary->n_functions; f++)
    g_hash_table_insert (by_name, summary->function_name[f], GUINT_TO_POINTER (f + 1));
  for (guint f = 0; f < part->n_functions; f++)
    {
      guint found = GPOINTER_TO_UINT (g_hash_table_lookup (by_name, part->function_name[f]));

      if (found == 0)
        {
          summary->function_name = g_renew (char *, summary->function_name, n + 2);
          summary->function_category = g_renew (guint8, summary->function_category, n + 1);
          summary->function_ticks = g_renew (JxTrendTicks, summary->function_ticks, n + 1);
          summary->function_name[n] = g_strdup (part->function_name[f]);
          summary->function_name[n + 1] = NULL;
          summary->function_category[n] = part->function_category[f];
          memset (&summary->function_ticks[n], 0, sizeof (JxTrendTicks));
          g_hash_table_insert (by_name, summary->function_name[n], GUINT_TO_POINTER (n + 1));
          found = ++n;
        }
      map[f] = found - 1;
      add_ticks (&summary->function_ticks[found - 1], &part->function_ticks[f]);
    }
  summary->n_functions = n;
  return map;
}

static void
merge_paths (JxTrendSummary       *summary,
             const JxTrendSummary *part,
             const guint32        *function_map)
{
  g_autoptr(GHashTable) by_key = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autofree guint32 *map = g_new (guint32, MAX (part->n_paths, 1));
  guint n = summary->n_paths;

  for (guint p = 0; p < summary->n_paths; p++)
    {
      gint64 *key = g_new (gint64, 1);

      *key = (gint64) path_key (summary->path_parent[p], summary->path_function[p]);
      g_hash_table_insert (by_key, key, GUINT_TO_POINTER (p + 1));
    }
  /* A part's parents come before their children. */
  for (guint p = 0; p < part->n_paths; p++)
    {
      guint32 parent = part->path_parent[p] == JX_NONE ? JX_NONE : map[part->path_parent[p]];
      guint32 function = function_map[part->path_function[p]];
      gint64 key = (gint64) path_key (parent, function);
      guint found = GPOINTER_TO_UINT (g_hash_table_lookup (by_key, &key));
      guint32 q;

      if (found == 0)
        {
          gint64 *stored = g_new (gint64, 1);

          q = n++;
          summary->path_parent = g_renew (guint32, summary->path_parent, n);
          summary->path_function = g_renew (guint32, summary->path_function, n);
          summary->path_first_process = g_renew (guint32, summary->path_first_process, n);
          summary->path_first_call = g_renew (guint64, summary->path_first_call, n);
          summary->path_ticks = g_renew (JxTrendTicks, summary->path_ticks, n);
          summary->path_parent[q] = parent;
          summary->path_function[q] = function;
          summary->path_first_process[q] = part->path_first_process[p];
          summary->path_first_call[q] = part->path_first_call[p];
          memset (&summary->path_ticks[q], 0, sizeof (JxTrendTicks));
          *stored = key;
          g_hash_table_insert (by_key, stored, GUINT_TO_POINTER (q + 1));
        }
      else
        {
          q = found - 1;
          if (part->path_first_process[p] < summary->path_first_process[q]
              || (part->path_first_process[p] == summary->path_first_process[q]
                  && part->path_first_call[p] < summary->path_first_call[q]))
            {
              summary->path_first_process[q] = part->path_first_process[p];
              summary->path_first_call[q] = part->path_first_call[p];
            }
        }
      map[p] = q;
      add_ticks (&summary->path_ticks[q], &part->path_ticks[p]);
    }
  summary->n_paths = n;
}

void
jx_trend_summary_merge (JxTrendSummary       *summary,
                        const JxTrendSummary *part)
{
  g_autofree guint32 *function_map = NULL;

  g_return_if_fail (summary != NULL && part != NULL);

  if (summary->name == NULL)
    summary->name = g_strdup (part->name);
  if (summary->timer_resolution == 0)
    summary->timer_resolution = part->timer_resolution;
  summary->n_processes += part->n_processes;
  summary->n_streams += part->n_streams;
  summary->n_invocations += part->n_invocations;

  function_map = merge_functions (summary, part);
  merge_paths (summary, part, function_map);

  add_ticks (&summary->program, &part->program);
  add_ticks (&summary->mpi, &part->mpi);
  summary->messages += part->messages;
  summary->messages_max = MAX (summary->messages_max, part->messages_max);

  /* Every part segments by the same function (the one the whole run's
   * sums choose). */
  if (summary->sos_function == NULL && part->sos_function != NULL)
    {
      summary->sos_function = g_strdup (part->sos_function);
      g_clear_pointer (&summary->sos_error, g_free);
    }
  if (summary->sos_function == NULL && summary->sos_error == NULL)
    summary->sos_error = g_strdup (part->sos_error);
  summary->sos_total += part->sos_total;
  summary->sos_max = MAX (summary->sos_max, part->sos_max);
}

typedef struct
{
  guint32 process;
  guint64 call;
  guint32 index;
} PathOrder;

static int
compare_order (const void *a,
               const void *b)
{
  const PathOrder *x = a, *y = b;

  if (x->process != y->process)
    return x->process < y->process ? -1 : 1;
  if (x->call != y->call)
    return x->call < y->call ? -1 : 1;
  return x->index < y->index ? -1 : (x->index > y->index ? 1 : 0);
}

void
jx_trend_summary_sort_paths (JxTrendSummary *summary)
{
  guint n;
  g_autofree PathOrder *order = NULL;
  g_autofree guint32 *rank = NULL;
  guint32 *parent, *function, *first_process;
  guint64 *first_call;
  JxTrendTicks *ticks;
  gboolean sorted = TRUE;

  g_return_if_fail (summary != NULL);

  n = summary->n_paths;
  order = g_new (PathOrder, MAX (n, 1));
  for (guint p = 0; p < n; p++)
    {
      order[p] = (PathOrder) { summary->path_first_process[p], summary->path_first_call[p], p };
      if (p > 0 && compare_order (&order[p - 1], &order[p]) > 0)
        sorted = FALSE;
    }
  if (sorted)
    return;
  qsort (order, n, sizeof (PathOrder), compare_order);
  rank = g_new (guint32, n);
  for (guint k = 0; k < n; k++)
    rank[order[k].index] = k;
  parent = g_new (guint32, n);
  function = g_new (guint32, n);
  first_process = g_new (guint32, n);
  first_call = g_new (guint64, n);
  ticks = g_new (JxTrendTicks, n);
  for (guint k = 0; k < n; k++)
    {
      guint32 old = order[k].index;

      parent[k] = summary->path_parent[old] == JX_NONE ? JX_NONE : rank[summary->path_parent[old]];
      function[k] = summary->path_function[old];
      first_process[k] = summary->path_first_process[old];
      first_call[k] = summary->path_first_call[old];
      ticks[k] = summary->path_ticks[old];
    }
  g_free (summary->path_parent);
  g_free (summary->path_function);
  g_free (summary->path_first_process);
  g_free (summary->path_first_call);
  g_free (summary->path_ticks);
  summary->path_parent = parent;
  summary->path_function = function;
  summary->path_first_process = first_process;
  summary->path_first_call = first_call;
  summary->path_ticks = ticks;
}

/* --- bytes ----------------------------------------------------------------------- */

void
jx_trend_summary_pack (const JxTrendSummary *summary,
                       GByteArray           *out)
{
  guint n_f, n_p;

  g_return_if_fail (summary != NULL && out != NULL);

  n_f = summary->n_functions;
  n_p = summary->n_paths;
  jx_pack_string (out, summary->name);
  jx_pack_u64 (out, summary->timer_resolution);
  jx_pack_u64 (out, summary->n_processes);
  jx_pack_u64 (out, summary->n_streams);
  jx_pack_u64 (out, summary->n_invocations);
  jx_pack_u64 (out, n_f);
  for (guint f = 0; f < n_f; f++)
    jx_pack_string (out, summary->function_name[f]);
  jx_pack_bytes (out, summary->function_category, n_f * sizeof (guint8));
  jx_pack_bytes (out, summary->function_ticks, n_f * sizeof (JxTrendTicks));
  jx_pack_u64 (out, n_p);
  jx_pack_bytes (out, summary->path_parent, n_p * sizeof (guint32));
  jx_pack_bytes (out, summary->path_function, n_p * sizeof (guint32));
  jx_pack_bytes (out, summary->path_first_process, n_p * sizeof (guint32));
  jx_pack_bytes (out, summary->path_first_call, n_p * sizeof (guint64));
  jx_pack_bytes (out, summary->path_ticks, n_p * sizeof (JxTrendTicks));
  jx_pack_bytes (out, &summary->program, sizeof (JxTrendTicks));
  jx_pack_bytes (out, &summary->mpi, sizeof (JxTrendTicks));
  jx_pack_u64 (out, summary->messages);
  jx_pack_u64 (out, summary->messages_max);
  jx_pack_string (out, summary->sos_function);
  jx_pack_string (out, summary->sos_error);
  jx_pack_u64 (out, summary->sos_total);
  jx_pack_u64 (out, summary->sos_max);
}

/* n elements of size bytes, when the rest of the input can hold them. */
static gpointer
unpack_array (JxUnpack *in,
              guint64   n,
              gsize     size)
{
  gpointer data;

  if (in->bad || n > (guint64) (in->end - in->p) / size)
    {
      in->bad = TRUE;
      return g_malloc0 (size);
    }
  data = g_malloc0 (MAX (n, 1) * size);
  jx_unpack_bytes (in, data, (gsize) n * size);
  return data;
}

JxTrendSummary *
jx_trend_summary_unpack (JxUnpack *in)
{
  g_autoptr(JxTrendSummary) summary = g_new0 (JxTrendSummary, 1);
  guint64 n_f, n_p;

  g_return_val_if_fail (in != NULL, NULL);

  summary->name = jx_unpack_string (in);
  summary->timer_resolution = jx_unpack_u64 (in);
  summary->n_processes = (guint) jx_unpack_u64 (in);
  summary->n_streams = (guint) jx_unpack_u64 (in);
  summary->n_invocations = jx_unpack_u64 (in);
  n_f = jx_unpack_u64 (in);
  if (in->bad || n_f > (guint64) (in->end - in->p) / sizeof (guint64))
    return NULL;
  summary->function_name = g_new0 (char *, n_f + 1);
  summary->n_functions = (guint) n_f;
  for (guint f = 0; f < n_f; f++)
    {
      summary->function_name[f] = jx_unpack_string (in);
      if (summary->function_name[f] == NULL)
        summary->function_name[f] = g_strdup ("");
    }
  summary->function_category = unpack_array (in, n_f, sizeof (guint8));
  summary->function_ticks = unpack_array (in, n_f, sizeof (JxTrendTicks));
  n_p = jx_unpack_u64 (in);
  summary->path_parent = unpack_array (in, n_p, sizeof (guint32));
  summary->path_function = unpack_array (in, n_p, sizeof (guint32));
  summary->path_first_process = unpack_array (in, n_p, sizeof (guint32));
  summary->path_first_call = unpack_array (in, n_p, sizeof (guint64));
  summary->path_ticks = unpack_array (in, n_p, sizeof (JxTrendTicks));
  if (in->bad)
    return NULL;
  summary->n_paths = (guint) n_p;
  for (guint p = 0; p < n_p; p++)
    if (summary->path_function[p] >= n_f || (summary->path_parent[p] != JX_NONE && summary->path_parent[p] >= p))
      return NULL;
  jx_unpack_bytes (in, &summary->program, sizeof (JxTrendTicks));
  jx_unpack_bytes (in, &summary->mpi, sizeof (JxTrendTicks));
  summary->messages = jx_unpack_u64 (in);
  summary->messages_max = jx_unpack_u64 (in);
  summary->sos_function = jx_unpack_string (in);
  summary->sos_error = jx_unpack_string (in);
  summary->sos_total = jx_unpack_u64 (in);
  summary->sos_max = jx_unpack_u64 (in);
  if (in->bad)
    return NULL;
  return g_steal_pointer (&summary);
}
