/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fold.c — the four folding operations on count vectors of states, and
 * the total order of states that breaks their ties (see jx-fold.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-fold.h"

static const char *const op_names[JX_N_FOLD_OPS] = { "max", "min", "diff", "idle" };

const char *
jx_fold_op_to_string (JxFoldOp op)
{
  g_return_val_if_fail (op < JX_N_FOLD_OPS, "max");
  return op_names[op];
}

gboolean
jx_fold_op_from_string (const char *name,
                        JxFoldOp   *op)
{
  for (guint i = 0; name != NULL && i < JX_N_FOLD_OPS; i++)
    if (g_str_equal (name, op_names[i]))
      {
        if (op != NULL)
          *op = (JxFoldOp) i;
        return TRUE;
      }
  return FALSE;
}

const char *
jx_fold_op_label (JxFoldOp op)
{
  switch (op)
    {
    case JX_FOLD_MAX:
      return _("Dominant (max)");
    case JX_FOLD_MIN:
      return _("Outliers (min)");
    case JX_FOLD_DIFF:
      return _("Differences (diff)");
    case JX_FOLD_IDLE:
      return _("Utilisation (idle)");
    case JX_N_FOLD_OPS:
    default:
      return "";
    }
}

const char *
jx_fold_op_describe (JxFoldOp op)
{
  switch (op)
    {
    case JX_FOLD_MAX:
      return _("Each pixel shows the state most of the group’s streams are in.");
    case JX_FOLD_MIN:
      return _("Each pixel shows the state the fewest of the group’s streams are in.");
    case JX_FOLD_DIFF:
      return _("Empty where all streams agree; elsewhere the least common activity.");
    case JX_FOLD_IDLE:
      return _("Empty only where every stream is idle; elsewhere the most common activity.");
    case JX_N_FOLD_OPS:
    default:
      return "";
    }
}

gboolean
jx_fold_op_marks_activity (JxFoldOp op)
{
  return op != JX_FOLD_DIFF;
}

typedef struct
{
  const char *name;
  guint32     index;
  guint8      tier;
} NamedRegion;

/* Which regions win ties first: what the program itself does (user code),
 * then accelerator work, then communication and I/O, and last the runtime's
 * own regions (OpenMP constructs, locks, anything else), so that a kernel or
 * a user function is never hidden behind the runtime region that happens to
 * sort first by name. */
static guint8
category_tier (guint8 category)
{
  switch ((JxCategory) category)
    {
    case JX_CATEGORY_USER:
      return 0;
    case JX_CATEGORY_ACCELERATOR:
      return 1;
    case JX_CATEGORY_MPI:
    case JX_CATEGORY_IO:
      return 2;
    case JX_CATEGORY_OPENMP:
    case JX_CATEGORY_SYNC:
    case JX_CATEGORY_OTHER:
    case JX_N_CATEGORIES:
    default:
      return 3;
    }
}

static int
compare_named (gconstpointer a,
               gconstpointer b)
{
  const NamedRegion *x = a;
  const NamedRegion *y = b;
  int c;

  if (x->tier != y->tier)
    return x->tier < y->tier ? -1 : 1;
  c = strcmp (x->name, y->name);
  if (c != 0)
    return c;
  return x->index < y->index ? -1 : (x->index > y->index ? 1 : 0);
}

guint32 *
jx_fold_state_ranks_new (JxTrace *trace)
{
  guint n;
  g_autofree NamedRegion *sorted = NULL;
  guint32 *ranks;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  n = jx_trace_get_n_regions (trace);
  sorted = g_new (NamedRegion, MAX (n, 1));
  ranks = g_new (guint32, MAX (n, 1));
  for (guint r = 0; r < n; r++)
    {
      const JxRegion *region = jx_trace_get_region (trace, r);

      sorted[r].name = region->name != NULL ? region->name : "";
      sorted[r].index = r;
      sorted[r].tier = category_tier (region->category);
    }
  qsort (sorted, n, sizeof *sorted, compare_named);
  for (guint i = 0; i < n; i++)
    ranks[sorted[i].index] = i;
  return ranks;
}

static inline guint32
rank_of (guint32        state,
         const guint32 *ranks,
         guint          n_ranks)
{
  /* No-state (and anything that is no region) after every region. */
  if (ranks == NULL)
    return state;
  return state < n_ranks ? ranks[state] : G_MAXUINT32;
}

void
jx_fold_counts_add (JxFoldCounts *counts,
                    guint32       state,
                    guint32       count)
{
  guint smallest = 0;

  if (count == 0)
    return;
  for (guint i = 0; i < counts->n; i++)
    if (counts->state[i] == state)
      {
        counts->count[i] += count;
        return;
      }
  if (counts->n < JX_FOLD_MAX_STATES)
    {
      counts->state[counts->n] = state;
      counts->count[counts->n] = count;
      counts->n++;
      return;
    }
  /* Space-saving: the newcomer takes the smallest place and its count. */
  for (guint i = 1; i < counts->n; i++)
    if (counts->count[i] < counts->count[smallest])
      smallest = i;
  counts->state[smallest] = state;
  counts->count[smallest] += count;
}

void
jx_fold_counts_merge (JxFoldCounts       *into,
                      const JxFoldCounts *from)
{
  for (guint i = 0; i < from->n; i++)
    jx_fold_counts_add (into, from->state[i], from->count[i]);
}

/* The entry with the largest (most) or smallest (!most) count, skipping
 * no-state when busy_only; ties to the smallest rank. */
static guint32
pick (const JxFoldCounts *counts,
      gboolean            most,
      gboolean            busy_only,
      const guint32      *ranks,
      guint               n_ranks)
{
  guint32 best = JX_NONE, best_count = 0, best_rank = G_MAXUINT32;
  gboolean found = FALSE;

  for (guint i = 0; i < counts->n; i++)
    {
      guint32 state = counts->state[i];
      guint32 count = counts->count[i];
      guint32 rank;
      gboolean better;

      if (busy_only && state == JX_NONE)
        continue;
      rank = rank_of (state, ranks, n_ranks);
      if (!found)
        better = TRUE;
      else if (count != best_count)
        better = most ? count > best_count : count < best_count;
      else
        better = rank < best_rank;
      if (better)
        {
          found = TRUE;
          best = state;
          best_count = count;
          best_rank = rank;
        }
    }
  return best;
}

guint32
jx_fold_counts_select (const JxFoldCounts *counts,
                       JxFoldOp            op,
                       const guint32      *ranks,
                       guint               n_ranks)
{
  g_return_val_if_fail (counts != NULL, JX_NONE);

  if (counts->n == 0)
    return JX_NONE;
  switch (op)
    {
    case JX_FOLD_MAX:
      return pick (counts, TRUE, FALSE, ranks, n_ranks);
    case JX_FOLD_MIN:
      return pick (counts, FALSE, FALSE, ranks, n_ranks);
    case JX_FOLD_DIFF:
      /* One state shared by all: nothing to point at. */
      if (counts->n == 1)
        return JX_NONE;
      return pick (counts, FALSE, TRUE, ranks, n_ranks);
    case JX_FOLD_IDLE:
      return pick (counts, TRUE, TRUE, ranks, n_ranks);
    case JX_N_FOLD_OPS:
    default:
      g_return_val_if_reached (JX_NONE);
    }
}

guint32
jx_fold_counts_busiest (const JxFoldCounts *counts,
                        const guint32      *ranks,
                        guint               n_ranks)
{
  g_return_val_if_fail (counts != NULL, JX_NONE);

  return pick (counts, TRUE, TRUE, ranks, n_ranks);
}

guint32
jx_fold_select (JxFoldOp       op,
                const guint32 *states,
                guint          n,
                const guint32 *ranks,
                guint          n_ranks)
{
  JxFoldCounts counts;

  g_return_val_if_fail (states != NULL || n == 0, JX_NONE);

  jx_fold_counts_clear (&counts);
  for (guint i = 0; i < n; i++)
    jx_fold_counts_add (&counts, states[i], 1);
  return jx_fold_counts_select (&counts, op, ranks, n_ranks);
}
