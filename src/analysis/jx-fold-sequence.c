/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fold-sequence.c — building a group's folded state sequence (see
 * jx-fold-sequence-private.h): the members' innermost-state changes merged
 * in time order, the operation applied once per instant at which one of
 * them changes, and a pyramid for a long sequence. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-fold-sequence-private.h"

/* Member state changes merged and applied per step of a build (bounds its
 * scratch memory whatever the trace's size). */
#define CHUNK_INVOCATIONS (1u << 18)

typedef struct
{
  gint64  t;
  guint32 old_state, new_state;
} Change;

/* The members' states at one instant: a count per state (index n_regions =
 * no-state) and the list of states present, so that the operation looks at
 * the few states present only. */
typedef struct
{
  guint    n_regions;
  guint32 *count;
  guint32 *pos;                  /* of a present state in `present` */
  guint32 *present;
  guint    n_present;
} Census;

static inline guint32
census_index (const Census *c,
              guint32       state)
{
  return state < c->n_regions ? state : c->n_regions;
}

static void
census_add (Census  *c,
            guint32  state,
            guint32  n)
{
  guint32 i = census_index (c, state);

  if (c->count[i] == 0)
    {
      c->pos[i] = c->n_present;
      c->present[c->n_present++] = i;
    }
  c->count[i] += n;
}

static void
census_remove (Census  *c,
               guint32  state)
{
  guint32 i = census_index (c, state);

  if (--c->count[i] == 0)
    {
      guint32 last = c->present[--c->n_present];

      c->present[c->pos[i]] = last;
      c->pos[last] = c->pos[i];
    }
}

/* The folded state and the activity a mark shows. */
static void
census_select (const Census  *c,
               JxFoldOp       op,
               const guint32 *ranks,
               guint32       *state,
               guint32       *act)
{
  JxFoldCounts counts;

  jx_fold_counts_clear (&counts);
  for (guint i = 0; i < c->n_present; i++)
    {
      guint32 index = c->present[i];

      jx_fold_counts_add (&counts, index < c->n_regions ? index : JX_NONE, c->count[index]);
    }
  *state = jx_fold_counts_select (&counts, op, ranks, c->n_regions);
  *act = *state;
  if (*state == JX_NONE && jx_fold_op_marks_activity (op))
    *act = jx_fold_counts_busiest (&counts, ranks, c->n_regions);
}

typedef struct
{
  Change  *changes;
  guint    n, capacity;
  guint32  member_state;         /* of the member being walked */
} Collect;

static void
collect_segment (gpointer data,
                 gint64   t0,
                 gint64   t1,
                 guint32  region)
{
  Collect *c = data;

  if (region == c->member_state)
    return;
  if (c->n == c->capacity)
    {
      c->capacity = MAX (2 * c->capacity, 1024u);
      c->changes = g_renew (Change, c->changes, c->capacity);
    }
  c->changes[c->n++] = (Change) { t0, c->member_state, region };
  c->member_state = region;
}

/* Insertion moves per change of a bucket before it is sorted by qsort. */
#define CROWDED 8

static int
compare_changes (gconstpointer a,
                 gconstpointer b)
{
  gint64 x = ((const Change *) a)->t, y = ((const Change *) b)->t;

  return x < y ? -1 : (x > y ? 1 : 0);
}

/* The merge of the members' changes, each member's in time order: a
 * bucket sort by time over the chunk (changes spread over time, so buckets
 * hold one or two), each bucket then ordered by insertion. Linear where a
 * heap of k members costs log k compares per change. */
typedef struct
{
  Change *sorted;
  guint  *first;                 /* per bucket + 1 */
  guint   capacity, n_buckets;
} Merge;

static void
merge_changes (Merge        *mg,
               const Change *in,
               guint         n,
               gint64        c0,
               gint64        c1)
{
  double scale;

  if (n > mg->capacity)
    {
      mg->capacity = MAX (n, 2 * mg->capacity);
      mg->sorted = g_renew (Change, mg->sorted, mg->capacity);
      mg->first = g_renew (guint, mg->first, mg->capacity + 1);
    }
  mg->n_buckets = MAX (n, 1u);
  scale = (double) mg->n_buckets / (double) MAX (c1 - c0, 1);
  memset (mg->first, 0, (mg->n_buckets + 1) * sizeof (guint));
  for (guint i = 0; i < n; i++)
    mg->first[MIN ((guint) ((double) (in[i].t - c0) * scale), mg->n_buckets - 1) + 1]++;
  for (guint b = 0; b < mg->n_buckets; b++)
    mg->first[b + 1] += mg->first[b];
  for (guint i = 0; i < n; i++)
    mg->sorted[mg->first[MIN ((guint) ((double) (in[i].t - c0) * scale), mg->n_buckets - 1)]++] = in[i];
  /* Now bucket b is [first[b - 1], first[b]): each ordered by insertion
   * (equal times, members in step, cost no moves), or by qsort once a
   * bucket needs many moves (a burst of distinct times). */
  for (guint b = 0, lo = 0; b < mg->n_buckets; lo = mg->first[b++])
    {
      guint64 budget = CROWDED * (guint64) (mg->first[b] - lo);

      for (guint i = lo + 1; i < mg->first[b]; i++)
        {
          Change c = mg->sorted[i];
          guint j = i;

          for (; j > lo && mg->sorted[j - 1].t > c.t && budget > 0; j--, budget--)
            mg->sorted[j] = mg->sorted[j - 1];
          mg->sorted[j] = c;
          if (budget == 0)
            {
              qsort (mg->sorted + lo, mg->first[b] - lo, sizeof (Change), compare_changes);
              break;
            }
        }
    }
}

static void
seq_append (FoldSeq     *seq,
            gsize   *capacity,
            gint64   t,
            guint32  state,
            guint32  act)
{
  guint32 v = shown_encode (state, act);

  if (seq->n > 0 && seq->shown[seq->n - 1] == v)
    return;
  if (seq->n + 1 >= *capacity)
    {
      *capacity = MAX (2 * *capacity, 64u);
      seq->time = g_renew (gint64, seq->time, *capacity);
      seq->shown = g_renew (guint32, seq->shown, *capacity);
    }
  seq->time[seq->n] = t;
  seq->shown[seq->n] = v;
  seq->n++;
}

/* The pyramid of a long sequence: folded states compete for the buckets'
 * entries, the activity under no-state only for their Busy records, as a
 * stream row's idle time and what ran in it. */
static void
seq_build_pyramid (FoldSeq *seq)
{
  PyramidBuilder b;

  if (seq->n < MIN_PYRAMID_INVOCATIONS)
    return;
  /* Buckets of about 2 * INVOCATIONS_PER_BUCKET intervals: folded
   * sequences are long runs, and the exact walk serves up to
   * DIRECT_PER_PIXEL intervals per pixel anyway. */
  _jx_pyramid_builder_init (&b, &seq->pyr, seq->time[0], seq->time[seq->n], seq->n / 2);
  for (guint i = 0; i < seq->n; i++)
    {
      guint32 state = shown_state (seq->shown[i]), act = shown_act (seq->shown[i]);

      _jx_pyramid_builder_segment (&b, seq->time[i], seq->time[i + 1], state);
      if (state == JX_NONE && act != JX_NONE)
        _jx_pyramid_builder_busy (&b, seq->time[i], seq->time[i + 1], act, (double) (seq->time[i + 1] - seq->time[i]));
    }
  _jx_pyramid_builder_finish (&b, seq->time[seq->n]);
}

/* The k-way merge: the members' innermost-state changes, chunk by chunk of
 * time, sorted and applied to the census; the operation is applied once
 * per instant at which something changed. */
gboolean
_jx_fold_seq_build (FoldSeq             *seq,
                    JxTrace             *trace,
                    const JxStreamGroup *group,
                    JxFoldOp             op,
                    const guint32       *ranks,
                    GCancellable        *cancellable)
{
  guint n_regions = jx_trace_get_n_regions (trace);
  gint64 origin = G_MAXINT64, end = G_MININT64;
  guint64 total = 0, n_chunks;
  g_autofree guint32 *member_state = g_new (guint32, MAX (group->n_members, 1));
  Merge merge = { NULL, NULL, 0, 0 };
  g_autofree guint32 *census_arrays = g_new0 (guint32, 3 * ((gsize) n_regions + 1));
  Census census = { n_regions, census_arrays, census_arrays + n_regions + 1,
                    census_arrays + 2 * ((gsize) n_regions + 1), 0 };
  Collect collect = { NULL, 0, 0, JX_NONE };
  gsize capacity = 0;
  guint32 state, act;

  memset (seq, 0, sizeof *seq);
  seq->built = TRUE;
  for (guint m = 0; m < group->n_members; m++)
    {
      const JxStream *s = jx_trace_get_stream (trace, group->members[m]);

      member_state[m] = JX_NONE;
      if (s->n_invocations == 0)
        continue;
      origin = MIN (origin, (gint64) s->start[0]);
      end = MAX (end, _jx_stream_end_time (s));
      total += s->n_invocations;
    }
  if (end <= origin)
    return TRUE;

  /* Every member idle before the first change. */
  census_add (&census, JX_NONE, group->n_members);
  census_select (&census, op, ranks, &state, &act);
  seq_append (seq, &capacity, origin, state, act);
  n_chunks = total / CHUNK_INVOCATIONS + 1;
  for (guint64 c = 0; c < n_chunks; c++)
    {
      gint64 c0 = origin + (gint64) ((double) (end - origin) * (double) c / (double) n_chunks);
      gint64 c1 = c + 1 == n_chunks ? end : origin + (gint64) ((double) (end - origin) * (double) (c + 1) / (double) n_chunks);

      if (g_cancellable_is_cancelled (cancellable))
        {
          g_free (collect.changes);
          g_free (merge.sorted);
          g_free (merge.first);
          return FALSE;
        }
      if (c1 <= c0)
        continue;
      collect.n = 0;
      for (guint m = 0; m < group->n_members; m++)
        {
          collect.member_state = member_state[m];
          _jx_walk_innermost (jx_trace_get_stream (trace, group->members[m]), c0, c1, collect_segment, &collect);
          member_state[m] = collect.member_state;
        }
      merge_changes (&merge, collect.changes, collect.n, c0, c1);
      for (guint i = 0; i < collect.n;)
        {
          gint64 t = merge.sorted[i].t;

          for (; i < collect.n && merge.sorted[i].t == t; i++)
            {
              census_remove (&census, merge.sorted[i].old_state);
              census_add (&census, merge.sorted[i].new_state, 1);
            }
          census_select (&census, op, ranks, &state, &act);
          seq_append (seq, &capacity, t, state, act);
        }
    }
  g_free (collect.changes);
  g_free (merge.sorted);
  g_free (merge.first);
  /* The boundary after the last interval. */
  if (seq->n + 1 > capacity)
    seq->time = g_renew (gint64, seq->time, seq->n + 1);
  seq->time[seq->n] = end;
  seq_build_pyramid (seq);
  return TRUE;
}

void
_jx_fold_seq_clear (FoldSeq *seq)
{
  g_free (seq->time);
  g_free (seq->shown);
  _jx_pyramid_clear (&seq->pyr);
  memset (seq, 0, sizeof *seq);
}

gsize
_jx_fold_seq_memory (const FoldSeq *seq)
{
  return seq->n == 0 ? 0 : (gsize) seq->n * (sizeof (gint64) + sizeof (guint32)) + sizeof (gint64) +
                           _jx_pyramid_memory (&seq->pyr);
}
