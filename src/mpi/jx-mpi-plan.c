/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-plan.c — who loads what: the processes of both traces grouped so
 * that every group's comparison needs nothing outside it, the groups spread
 * over the ranks by work; and loading one rank's share. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-mpi.h"
#include "jx-stream-pairing.h"
#include "jx-trace-loader.h"

typedef struct
{
  GArray  *a;         /* guint */
  GArray  *b;
  guint64  work;
  guint    first;     /* for a stable order among equal work */
} Group;

static Group *
group_new (guint first)
{
  Group *g = g_new0 (Group, 1);

  g->a = g_array_new (FALSE, FALSE, sizeof (guint));
  g->b = g_array_new (FALSE, FALSE, sizeof (guint));
  g->first = first;
  return g;
}

static void
group_free (gpointer data)
{
  Group *g = data;

  g_array_unref (g->a);
  g_array_unref (g->b);
  g_free (g);
}

static int
compare_groups (gconstpointer pa,
                gconstpointer pb)
{
  const Group *x = *(Group *const *) pa;
  const Group *y = *(Group *const *) pb;

  if (x->work != y->work)
    return x->work > y->work ? -1 : 1;
  return x->first < y->first ? -1 : (x->first > y->first ? 1 : 0);
}

static int
compare_uint (gconstpointer pa,
              gconstpointer pb)
{
  guint x = *(const guint *) pa, y = *(const guint *) pb;

  return x < y ? -1 : (x > y ? 1 : 0);
}

gboolean
jx_mpi_has_event_counts (JxTraceOutline *outline)
{
  if (outline == NULL)
    return TRUE;
  for (guint i = 0; i < jx_trace_outline_get_n_locations (outline); i++)
    if (jx_trace_outline_get_location (outline, i)->n_events == 0
        && jx_trace_outline_get_location (outline, i)->file_bytes > 0)
      return FALSE;
  return TRUE;
}

guint64
jx_mpi_process_work (JxTraceOutline *outline,
                     guint           process,
                     gboolean        by_events)
{
  const JxOutlineProcess *p = jx_trace_outline_get_process (outline, process);
  guint64 work = 0;

  for (guint32 l = p->first_location; l < p->first_location + p->n_locations; l++)
    {
      const JxOutlineLocation *loc = jx_trace_outline_get_location (outline, l);

      work += by_events ? loc->n_events : loc->file_bytes;
    }
  return work;
}

static const char **
process_names (JxTraceOutline *outline)
{
  guint n = jx_trace_outline_get_n_processes (outline);
  const char **names = g_new0 (const char *, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    names[i] = jx_trace_outline_get_process (outline, i)->name;
  return names;
}

/* The groups of a pair of traces (b NULL: every process of a alone). */
static GPtrArray *
make_groups (JxTraceOutline *a,
             JxTraceOutline *b)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func (group_free);
  guint n_a = jx_trace_outline_get_n_processes (a);
  guint n_b = b != NULL ? jx_trace_outline_get_n_processes (b) : 0;
  gboolean by_events = jx_mpi_has_event_counts (a) && jx_mpi_has_event_counts (b);
  g_autofree const char **names_a = process_names (a);
  g_autofree const char **names_b = b != NULL ? process_names (b) : NULL;
  g_autofree guint32 *pair_of_a = g_new0 (guint32, MAX (n_a, 1));
  g_autofree guint8 *method_of_a = g_new0 (guint8, MAX (n_a, 1));
  g_autofree gboolean *b_taken = g_new0 (gboolean, MAX (n_b, 1));
  Group *rest;

  if (b != NULL)
    jx_pair_names_full (names_a, n_a, names_b, n_b, NULL, pair_of_a, NULL, method_of_a);
  rest = group_new (G_MAXUINT);
  for (guint i = 0; i < n_a; i++)
    {
      Group *g;

      if (b != NULL && (pair_of_a[i] == JX_NONE || method_of_a[i] != JX_PAIRED_BY_NAME))
        {
          g_array_append_val (rest->a, i);
          rest->first = MIN (rest->first, i);
          rest->work += jx_mpi_process_work (a, i, by_events);
          continue;
        }
      g = group_new (i);
      g_array_append_val (g->a, i);
      g->work = jx_mpi_process_work (a, i, by_events);
      if (b != NULL)
        {
          g_array_append_val (g->b, pair_of_a[i]);
          g->work += jx_mpi_process_work (b, pair_of_a[i], by_events);
          b_taken[pair_of_a[i]] = TRUE;
        }
      g_ptr_array_add (groups, g);
    }
  for (guint j = 0; j < n_b; j++)
    if (!b_taken[j])
      {
        g_array_append_val (rest->b, j);
        rest->work += jx_mpi_process_work (b, j, by_events);
      }

  if (rest->a->len == 0 && rest->b->len == 0)
    group_free (rest);
  else if ((rest->a->len == 0 || rest->b->len == 0) && groups->len > 0)
    {
      /* Processes of one trace only: unpaired whatever they go with, but a
       * share needs processes of both traces. They join the first group. */
      Group *g = g_ptr_array_index (groups, 0);

      g_array_append_vals (g->a, rest->a->data, rest->a->len);
      g_array_append_vals (g->b, rest->b->data, rest->b->len);
      g->work += rest->work;
      group_free (rest);
    }
  else
    g_ptr_array_add (groups, rest);
  return groups;
}

/* The largest rank load of shares. */
static guint64
max_load (const guint64 *load,
          guint          size)
{
  guint64 m = 0;

  for (guint r = 0; r < size; r++)
    m = MAX (m, load[r]);
  return m;
}

/* Every group, the largest first, to the least loaded rank (the lowest of
 * equals); rank 0, which may start with work of its own (load[0]), always
 * gets the largest. */
static void
assign_by_work (GPtrArray *groups,
                guint64   *load,
                GPtrArray *a,
                GPtrArray *b)
{
  guint size = a->len;
  g_autoptr(GPtrArray) sorted = g_ptr_array_sized_new (groups->len);

  g_ptr_array_extend (sorted, groups, NULL, NULL);
  g_ptr_array_sort (sorted, compare_groups);
  for (guint i = 0; i < sorted->len; i++)
    {
      Group *g = g_ptr_array_index (sorted, i);
      guint best = 0;

      for (guint r = 1; r < size && i > 0; r++)
        if (load[r] < load[best])
          best = r;
      /* Work 0 (empty processes) still counts one, so they spread. */
      load[best] += MAX (g->work, 1);
      g_array_append_vals (g_ptr_array_index (a, best), g->a->data, g->a->len);
      g_array_append_vals (g_ptr_array_index (b, best), g->b->data, g->b->len);
    }
}

/* The groups in their order cut into consecutive runs of about equal
 * work, one per rank: neighbouring processes share a rank, so fewer of
 * their messages cross shares. Every cut lies where the work before it is
 * closest to its rank's part of the total, rank 0's own work (load[0])
 * counted before the groups; rank 0 gets at least one group. */
static void
assign_in_order (GPtrArray *groups,
                 guint64   *load,
                 GPtrArray *a,
                 GPtrArray *b)
{
  guint size = a->len, n = groups->len, next = 0;
  guint64 total = load[0], before = load[0];

  for (guint i = 0; i < n; i++)
    total += MAX (((Group *) g_ptr_array_index (groups, i))->work, 1);
  for (guint r = 0; r < size; r++)
    {
      /* Rank r ends where the work before the cut is nearest its target. */
      guint64 target = (guint64) ((double) total * (r + 1) / size);

      while (next < n)
        {
          Group *g = g_ptr_array_index (groups, next);
          guint64 w = MAX (g->work, 1);
          gboolean take = r + 1 == size || (r == 0 && next == 0)
                          || (before < target
                              && (before + w <= target || target - before > before + w - target));

          if (!take)
            break;
          before += w;
          load[r] += w;
          g_array_append_vals (g_ptr_array_index (a, r), g->a->data, g->a->len);
          g_array_append_vals (g_ptr_array_index (b, r), g->b->data, g->b->len);
          next++;
        }
    }
}

/* Rank r's share. With in_order (processes of one trace, each a group, in
 * their order), the consecutive runs when their busiest rank has at most
 * 1/20 more work than with the groups spread by work; else spread by work.
 * Rank 0 starts with head, the work it does alone (merging and printing).
 * Packs per rank: work, then both process lists. */
static GByteArray *
assign (GPtrArray *groups,
        guint      n_a,
        guint      n_b,
        gboolean   in_order,
        guint64    head)
{
  guint size = (guint) jx_mpi.size;
  g_autofree guint64 *load = g_new0 (guint64, size);
  g_autofree guint64 *load_in_order = g_new0 (guint64, size);
  g_autoptr(GPtrArray) a = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GPtrArray) b = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GPtrArray) a_in_order = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GPtrArray) b_in_order = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  GByteArray *out = g_byte_array_new ();
  guint64 total = 0;

  for (guint r = 0; r < size; r++)
    {
      g_ptr_array_add (a, g_array_new (FALSE, FALSE, sizeof (guint)));
      g_ptr_array_add (b, g_array_new (FALSE, FALSE, sizeof (guint)));
      g_ptr_array_add (a_in_order, g_array_new (FALSE, FALSE, sizeof (guint)));
      g_ptr_array_add (b_in_order, g_array_new (FALSE, FALSE, sizeof (guint)));
    }
  for (guint i = 0; i < groups->len; i++)
    total += ((Group *) g_ptr_array_index (groups, i))->work;
  load[0] = load_in_order[0] = head;
  assign_by_work (groups, load, a, b);
  if (in_order)
    {
      guint64 spread = max_load (load, size);

      assign_in_order (groups, load_in_order, a_in_order, b_in_order);
      if (max_load (load_in_order, size) <= spread + spread / 20)
        {
          memcpy (load, load_in_order, size * sizeof (guint64));
          g_ptr_array_unref (a);
          g_ptr_array_unref (b);
          a = g_steal_pointer (&a_in_order);
          b = g_steal_pointer (&b_in_order);
        }
    }
  load[0] -= head;
  jx_pack_u64 (out, total);
  jx_pack_u64 (out, n_a);
  jx_pack_u64 (out, n_b);
  for (guint r = 0; r < size; r++)
    {
      GArray *ra = g_ptr_array_index (a, r), *rb = g_ptr_array_index (b, r);

      g_array_sort (ra, compare_uint);
      g_array_sort (rb, compare_uint);
      jx_pack_u64 (out, load[r]);
      jx_pack_u64 (out, ra->len);
      jx_pack_bytes (out, ra->data, ra->len * sizeof (guint));
      jx_pack_u64 (out, rb->len);
      jx_pack_bytes (out, rb->data, rb->len * sizeof (guint));
    }
  return out;
}

static GArray *
unpack_list (JxUnpack *in)
{
  guint64 n = jx_unpack_u64 (in);
  GArray *list = g_array_new (FALSE, FALSE, sizeof (guint));

  if (in->bad || n > (guint64) (in->end - in->p) / sizeof (guint))
    {
      in->bad = TRUE;
      return list;
    }
  g_array_set_size (list, (guint) n);
  jx_unpack_bytes (in, list->data, (gsize) n * sizeof (guint));
  return list;
}

gboolean
jx_mpi_plan_make (JxMpiPlan  *plan,
                  const char *command,
                  const char *path_a,
                  const char *path_b,
                  guint       rank0_per_location)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GByteArray) packed = NULL;
  g_autoptr(GBytes) bytes = NULL;
  JxUnpack in;

  memset (plan, 0, sizeof *plan);
  if (jx_mpi.rank == 0)
    {
      plan->outline_a = jx_trace_outline_read (path_a, &error);
      if (plan->outline_a != NULL && path_b != NULL)
        plan->outline_b = jx_trace_outline_read (path_b, &error);
    }
  if (!jx_mpi_all_ok (command, error))
    return FALSE;

  if (jx_mpi.rank == 0)
    {
      g_autoptr(GPtrArray) groups = make_groups (plan->outline_a, plan->outline_b);

      /* Rank 0's own work, in events (only where the definitions count
       * them). */
      guint64 head = jx_mpi_has_event_counts (plan->outline_a) && jx_mpi_has_event_counts (plan->outline_b)
                     ? (guint64) rank0_per_location * jx_trace_outline_get_n_locations (plan->outline_a) : 0;

      packed = assign (groups, jx_trace_outline_get_n_processes (plan->outline_a),
                       plan->outline_b != NULL ? jx_trace_outline_get_n_processes (plan->outline_b) : 0,
                       plan->outline_b == NULL, head);
    }
  jx_mpi_broadcast (&packed);

  bytes = g_bytes_new (packed->data, packed->len);
  jx_unpack_init (&in, bytes);
  plan->total_work = jx_unpack_u64 (&in);
  plan->n_processes_a = (guint) jx_unpack_u64 (&in);
  plan->n_processes_b = (guint) jx_unpack_u64 (&in);
  for (int r = 0; r < jx_mpi.size; r++)
    {
      guint64 work = jx_unpack_u64 (&in);
      g_autoptr(GArray) a = unpack_list (&in);
      g_autoptr(GArray) b = unpack_list (&in);

      if (r == jx_mpi.rank)
        {
          plan->work = work;
          plan->processes_a = g_steal_pointer (&a);
          plan->processes_b = g_steal_pointer (&b);
        }
    }
  g_assert (!in.bad);
  return TRUE;
}

void
jx_mpi_plan_clear (JxMpiPlan *plan)
{
  g_clear_pointer (&plan->processes_a, g_array_unref);
  g_clear_pointer (&plan->processes_b, g_array_unref);
  g_clear_pointer (&plan->outline_a, jx_trace_outline_free);
  g_clear_pointer (&plan->outline_b, jx_trace_outline_free);
}

/* Every location's OTF2 reference in the outline's order. */
static GByteArray *
location_refs (JxTraceOutline *outline)
{
  GByteArray *refs = g_byte_array_new ();

  for (guint i = 0; i < jx_trace_outline_get_n_locations (outline); i++)
    jx_pack_u64 (refs, jx_trace_outline_get_location (outline, i)->ref);
  return refs;
}

static GHashTable *
map_of_refs (GByteArray *refs)
{
  GHashTable *map = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < refs->len / sizeof (guint64); i++)
    {
      gint64 *key = g_new (gint64, 1);

      memcpy (key, refs->data + (gsize) i * sizeof (guint64), sizeof (guint64));
      g_hash_table_insert (map, key, GUINT_TO_POINTER (i));
    }
  return map;
}

GHashTable *
jx_mpi_location_positions (JxTraceOutline *outline)
{
  g_autoptr(GByteArray) refs = location_refs (outline);

  return map_of_refs (refs);
}

guint32
jx_mpi_position_of (GHashTable *map,
                    guint64     ref)
{
  gint64 key = (gint64) ref;
  gpointer value;

  if (ref == G_MAXUINT64 || !g_hash_table_lookup_extended (map, &key, NULL, &value))
    return JX_NONE;
  return GPOINTER_TO_UINT (value);
}

GHashTable *
jx_mpi_plan_positions (JxMpiPlan *plan)
{
  g_autoptr(GByteArray) refs = jx_mpi.rank == 0 ? location_refs (plan->outline_a) : g_byte_array_new ();

  jx_mpi_broadcast (&refs);
  return map_of_refs (refs);
}

JxTrace *
jx_mpi_load_share (const char  *path,
                   GArray      *processes,
                   guint        total_processes,
                   guint64      memory_budget,
                   JxMpiSharesFlags flags,
                   GError     **error)
{
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(JxTrace) trace = NULL;
  JxLoadOptions options = { 0 };

  for (guint i = 0; i < processes->len; i++)
    jx_trace_selection_add_process (selection, g_array_index (processes, guint, i));
  /* One core per rank: MPI places the ranks on the cores. A share of
   * every process (one rank) is the whole trace: no selection. */
  options.n_threads = 1;
  options.selection = total_processes > 0 && processes->len == total_processes ? NULL : selection;
  options.memory_budget = memory_budget;
  options.keep_external_messages = (flags & JX_MPI_SHARES_EXTERNAL) != 0;
  options.budget_source = memory_budget != 0 ? "--memory-budget" : NULL;
  trace = jx_trace_load (path, &options, NULL, NULL, NULL, error);
  if (trace == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return NULL;
    }

  for (guint s = 0; s < jx_trace_get_n_streams (trace) && !(flags & JX_MPI_SHARES_MISSING); s++)
    if (jx_trace_get_stream (trace, s)->flags & JX_STREAM_FLAG_MISSING)
      {
        g_autofree char *file = jx_trace_get_event_file (trace, s);

        g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                     _("%s: the events of this share cannot be read (event file missing or unreadable)"),
                     file);
        return NULL;
      }
  return g_steal_pointer (&trace);
}

int
jx_mpi_check_trace_options (const char  *command,
                            JxCliTraces *traces,
                            guint64     *budget)
{
  *budget = 0;
  if (traces->processes != NULL || traces->every > 1 || traces->window != NULL)
    return jx_cli_usage_error (command, "%s",
                               _("every rank of juxtrace-mpi loads its own share: --processes, --every and --window need juxtrace-cli"));
  if (traces->memory_budget != NULL && !jx_memory_size_parse (traces->memory_budget, budget))
    return jx_cli_usage_error (command,
                               _("bad --memory-budget “%s”: give a size such as 2G, 512M, 1.5GiB or unlimited"),
                               traces->memory_budget);
  return JX_CLI_EXIT_OK;
}

double
jx_mpi_now (void)
{
  return (double) g_get_monotonic_time () / G_USEC_PER_SEC;
}
