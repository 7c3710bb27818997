/* jx-timeline-fold.c — folded rows (see jx-timeline-fold.h): the sweep that
 * folds the members' rows pixel by pixel, and the group pyramids built from
 * it chunk by chunk. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-timeline-fold.h"
#include "jx-timeline-sample-private.h"

/* Buckets folded per step of a pyramid build (bounds its scratch memory). */
#define CHUNK 4096
/* Direct folds cheaper than this many invocations walked per pixel count as
 * cheap (jx_timeline_fold_is_cheap); a member row from its pyramid counts as
 * DIRECT_PER_PIXEL. The group pyramid is made fine enough that it serves
 * every zoom at which a direct fold would cost more. */
#define CHEAP_PER_PIXEL 8
/* Buckets per group pyramid at most (memory: 64 bytes per bucket with the
 * coarser levels). */
#define MAX_GROUP_BUCKETS (1u << 22)
/* A member's state before its first pixel: not counted anywhere. */
#define ABSENT (JX_NONE - 2)

struct _JxTimelineFold
{
  JxTimelineSummary *summary;
  JxStreamGroups    *groups;
  JxFoldOp           op;
  guint32           *ranks;
  guint              n_regions;
  Pyramid           *pyramids;   /* per group; NULL when unbuilt */
  gsize              memory_size;
};

G_DEFINE_BOXED_TYPE (JxTimelineFold, jx_timeline_fold, jx_timeline_fold_ref, jx_timeline_fold_unref)

/* Sweep ---------------------------------------------------------------------
 *
 * Each member's row (states and marks per pixel) becomes the list of pixels
 * where its state or its activity (state, else mark) changes. The sweep
 * walks the pixels keeping the count vectors of states and activities of all
 * members, updated only at changes, and selects where something changed. */

typedef struct
{
  guint32 x;
  guint32 old_state, new_state;
  guint32 old_act, new_act;
} Change;

/* A count vector that also loses members (a JxFoldCounts grows only). */
typedef struct
{
  JxFoldCounts counts;
  guint        n_busy;           /* members whose entry is not no-state */
} Tally;

static void
tally_add (Tally   *t,
           guint32  state)
{
  if (state == ABSENT)
    return;
  jx_fold_counts_add (&t->counts, state, 1);
  t->n_busy += state != JX_NONE;
}

static void
tally_remove (Tally   *t,
              guint32  state)
{
  JxFoldCounts *c = &t->counts;

  if (state == ABSENT)
    return;
  t->n_busy -= state != JX_NONE;
  for (guint i = 0; i < c->n; i++)
    if (c->state[i] == state)
      {
        if (--c->count[i] == 0)
          {
            c->n--;
            c->state[i] = c->state[c->n];
            c->count[i] = c->count[c->n];
          }
        return;
      }
}

typedef struct
{
  Change  *changes;              /* per member in x order */
  Change  *sorted;               /* the same by x */
  guint    n_changes;
  guint    changes_capacity;     /* of both */
  guint   *first;                /* per pixel + 1: scratch of the counting sort */
  guint32 *regions;              /* one member's row */
  guint32 *marks;
  guint    capacity;
} Sweep;

static void
sweep_clear (gpointer data)
{
  Sweep *sweep = data;

  g_free (sweep->changes);
  g_free (sweep->sorted);
  g_free (sweep->first);
  g_free (sweep->regions);
  g_free (sweep->marks);
  g_free (sweep);
}

static GPrivate sweep_key = G_PRIVATE_INIT (sweep_clear);

static Sweep *
sweep_get (guint n_pixels)
{
  Sweep *sweep = g_private_get (&sweep_key);

  if (sweep == NULL)
    {
      sweep = g_new0 (Sweep, 1);
      g_private_set (&sweep_key, sweep);
    }
  if (n_pixels > sweep->capacity)
    {
      g_free (sweep->regions);
      g_free (sweep->marks);
      g_free (sweep->first);
      sweep->regions = g_new (guint32, n_pixels);
      sweep->marks = g_new (guint32, n_pixels);
      sweep->first = g_new (guint, n_pixels + 1);
      sweep->capacity = n_pixels;
    }
  sweep->n_changes = 0;
  return sweep;
}

/* A sweep appends tens of thousands of changes per frame at fine zoom: a
 * plain array, grown by doubling, keeps that a store per change. */
static inline void
sweep_append (Sweep        *sweep,
              const Change *c)
{
  if (G_UNLIKELY (sweep->n_changes == sweep->changes_capacity))
    {
      sweep->changes_capacity = MAX (2 * sweep->changes_capacity, 1024u);
      sweep->changes = g_renew (Change, sweep->changes, sweep->changes_capacity);
      sweep->sorted = g_renew (Change, sweep->sorted, sweep->changes_capacity);
    }
  sweep->changes[sweep->n_changes++] = *c;
}

static int
compare_changes (gconstpointer a,
                 gconstpointer b)
{
  guint32 x = ((const Change *) a)->x, y = ((const Change *) b)->x;

  return x < y ? -1 : (x > y ? 1 : 0);
}

/* The changes by pixel. Few changes (fine zoom: each member a few runs) are
 * sorted by comparison, so that the cost does not grow with the width; many
 * by counting, in linear time. The order within a pixel does not matter: a
 * pixel's changes are all applied before it is selected. */
static void
sort_changes (Sweep *sweep,
              guint  n_pixels)
{
  const Change *in = sweep->changes;
  guint n = sweep->n_changes;
  guint *first = sweep->first;
  Change *out = sweep->sorted;

  if ((guint64) n * 16 < n_pixels)
    {
      /* out is NULL before the first change ever. */
      if (n > 0)
        {
          memcpy (out, in, n * sizeof (Change));
          qsort (out, n, sizeof (Change), compare_changes);
        }
      return;
    }
  memset (first, 0, (n_pixels + 1) * sizeof (guint));
  for (guint i = 0; i < n; i++)
    first[in[i].x + 1]++;
  for (guint x = 0; x < n_pixels; x++)
    first[x + 1] += first[x];
  for (guint i = 0; i < n; i++)
    out[first[in[i].x]++] = in[i];
}

/* Appends the changes of one member's row. */
static void
member_changes (Sweep *sweep,
                guint  n_pixels)
{
  guint32 state = ABSENT, act = ABSENT;

  for (guint x = 0; x < n_pixels; x++)
    {
      guint32 s = sweep->regions[x];
      guint32 a;

      /* Pending pixels cannot be folded: they count as idle. */
      if (s >= JX_NONE - 2)
        s = JX_NONE;
      a = s != JX_NONE ? s : sweep->marks[x];
      if (s != state || a != act)
        {
          Change c = { x, state, s, act, a };

          sweep_append (sweep, &c);
          state = s;
          act = a;
        }
    }
}

typedef struct
{
  Sweep   *sweep;
  guint32  state;
  guint32  act;
} MemberRuns;

static void
member_run (gpointer data,
            guint    x0,
            guint    x1,
            guint32  region,
            guint32  mark)
{
  MemberRuns *m = data;
  guint32 s = region >= JX_NONE - 2 ? JX_NONE : region;
  guint32 a = s != JX_NONE ? s : mark;

  if (s != m->state || a != m->act)
    {
      Change c = { x0, m->state, s, m->act, a };

      sweep_append (m->sweep, &c);
      m->state = s;
      m->act = a;
    }
}

/* One member's changes. A row that walks invocations reports runs of pixels
 * (no per-pixel work: at fine zoom a row is a few runs); one that reads its
 * pyramid is sampled per pixel and compared. A build samples members from
 * their pyramids whatever the zoom, never walking their invocations. */
static void
member_row (JxTimelineSummary *summary,
            guint32            stream,
            gboolean           from_pyramid,
            gint64             start,
            gint64             end,
            guint              n_pixels,
            Sweep             *sweep)
{
  const Pyramid *pyr = &summary->pyramids[stream];
  const JxStream *s = jx_trace_get_stream (summary->trace, stream);

  if (!from_pyramid && _jx_stream_uses_walk (s, pyr, start, end, n_pixels))
    {
      RowSink *row = _jx_row_sink_get (jx_trace_get_n_regions (summary->trace), start, end, n_pixels, NULL, NULL);
      MemberRuns runs = { sweep, ABSENT, ABSENT };

      row->run_func = member_run;
      row->run_data = &runs;
      _jx_row_walk (row, s, start, end);
      return;
    }
  if (from_pyramid && pyr->n_levels > 0)
    {
      RowSink *row = _jx_row_sink_get (jx_trace_get_n_regions (summary->trace), start, end, n_pixels,
                                       sweep->regions, sweep->marks);

      _jx_row_sample_pyramid (row, pyr);
      row->sink.finish (&row->sink);
    }
  else
    jx_timeline_summary_sample_marked (summary, &stream, 1, start, end, n_pixels, sweep->regions, sweep->marks);
  member_changes (sweep, n_pixels);
}

/* Folds members over [start, end) in n_pixels: out (folded state), marks
 * (may be NULL) and active (may be NULL: members with activity, per pixel). */
static void
fold_pixels (JxTimelineSummary *summary,
             gboolean           from_pyramids,
             const guint32     *members,
             guint              n_members,
             JxFoldOp           op,
             const guint32     *ranks,
             guint              n_ranks,
             gint64             start,
             gint64             end,
             guint              n_pixels,
             guint32           *out,
             guint32           *marks,
             guint16           *active)
{
  Sweep *sweep = sweep_get (n_pixels);
  Tally states = { { 0 }, 0 }, acts = { { 0 }, 0 };
  const Change *changes;
  guint n_changes, i = 0, x = 0;
  guint32 folded = JX_NONE, mark = JX_NONE;
  gboolean with_marks = jx_fold_op_marks_activity (op);

  for (guint m = 0; m < n_members; m++)
    member_row (summary, members[m], from_pyramids, start, end, n_pixels, sweep);
  sort_changes (sweep, n_pixels);
  changes = sweep->sorted;
  n_changes = sweep->n_changes;

  /* Runs of pixels between changes keep the folded state: the work follows
   * the changes, not the width. */
  while (x < n_pixels)
    {
      guint next = i < n_changes ? changes[i].x : n_pixels;
      guint16 n_active = (guint16) MIN (acts.n_busy, G_MAXUINT16);

      for (guint p = x; p < next; p++)
        out[p] = folded;
      if (marks != NULL)
        for (guint p = x; p < next; p++)
          marks[p] = mark;
      if (active != NULL)
        for (guint p = x; p < next; p++)
          active[p] = n_active;
      x = next;
      if (i >= n_changes)
        break;
      for (; i < n_changes && changes[i].x == x; i++)
        {
          const Change *c = &changes[i];

          if (c->old_state != c->new_state)
            {
              tally_remove (&states, c->old_state);
              tally_add (&states, c->new_state);
            }
          if (c->old_act != c->new_act)
            {
              tally_remove (&acts, c->old_act);
              tally_add (&acts, c->new_act);
            }
        }
      folded = jx_fold_counts_select (&states.counts, op, ranks, n_ranks);
      mark = with_marks && folded == JX_NONE ? jx_fold_counts_busiest (&acts.counts, ranks, n_ranks) : JX_NONE;
    }
}

/* Group pyramids --------------------------------------------------------- */

/* [origin, end) covered by the members, and the finest member bucket (0 when
 * no member has a pyramid: then its rows are always cheap). */
static void
members_extent (JxTimelineSummary   *summary,
                const JxStreamGroup *group,
                gint64              *origin,
                gint64              *end,
                guint64             *finest)
{
  JxTrace *trace = jx_timeline_summary_get_trace (summary);

  *origin = G_MAXINT64;
  *end = G_MININT64;
  *finest = 0;
  for (guint m = 0; m < group->n_members; m++)
    {
      const JxStream *s = jx_trace_get_stream (trace, group->members[m]);
      const Pyramid *pyr = &summary->pyramids[group->members[m]];

      if (s->n_invocations == 0)
        continue;
      *origin = MIN (*origin, (gint64) s->start[0]);
      *end = MAX (*end, _jx_stream_end_time (s));
      if (pyr->n_levels > 0 && (*finest == 0 || pyr->base < *finest))
        *finest = pyr->base;
    }
}

static gboolean
build_group_pyramid (JxTimelineFold      *self,
                     const JxStreamGroup *group,
                     Pyramid             *pyr,
                     GCancellable        *cancellable)
{
  PyramidBuilder b;
  gint64 origin, end;
  guint64 finest, n0;
  g_autofree guint32 *states = g_new (guint32, CHUNK);
  g_autofree guint32 *marks = g_new (guint32, CHUNK);
  g_autofree guint16 *active = g_new (guint16, CHUNK);

  memset (pyr, 0, sizeof *pyr);
  members_extent (self->summary, group, &origin, &end, &finest);
  if (finest == 0 || end <= origin)
    return TRUE;

  /* A member's finest bucket holds about INVOCATIONS_PER_BUCKET
   * invocations; the group's are k / (CHEAP_PER_PIXEL / that) times finer, so
   * that wherever it is too coarse, the k members walk fewer than
   * CHEAP_PER_PIXEL invocations per pixel together. */
  n0 = (guint64) ((double) (end - origin) / (double) finest * group->n_members * INVOCATIONS_PER_BUCKET /
                  CHEAP_PER_PIXEL);
  n0 = CLAMP (n0, 1, MAX_GROUP_BUCKETS);
  _jx_pyramid_builder_init (&b, pyr, origin, end, n0 * INVOCATIONS_PER_BUCKET);
  for (guint64 first = 0; first < pyr->n_buckets[0]; first += CHUNK)
    {
      guint n = (guint) MIN ((guint64) CHUNK, pyr->n_buckets[0] - first);
      gint64 t0 = origin + (gint64) (first * pyr->base);

      if (g_cancellable_is_cancelled (cancellable))
        return FALSE;
      fold_pixels (self->summary, TRUE, group->members, group->n_members, self->op, self->ranks, self->n_regions,
                   t0, t0 + (gint64) ((guint64) n * pyr->base), n, states, marks, active);
      for (guint i = 0; i < n; i++)
        {
          gint64 b0 = t0 + (gint64) ((guint64) i * pyr->base);
          gint64 b1 = b0 + (gint64) pyr->base;

          _jx_pyramid_builder_segment (&b, b0, b1, states[i]);
          if (states[i] == JX_NONE && marks[i] != JX_NONE)
            _jx_pyramid_builder_busy (&b, b0, b1, marks[i],
                                      (double) pyr->base * active[i] / MAX (group->n_members, 1));
        }
    }
  _jx_pyramid_builder_finish (&b, origin + (gint64) (pyr->n_buckets[0] * pyr->base));
  return TRUE;
}

/* Object -------------------------------------------------------------------- */

static JxTimelineFold *
fold_new (JxTimelineSummary *summary,
          JxStreamGroups    *groups,
          JxFoldOp           op)
{
  JxTimelineFold *self = g_atomic_rc_box_new0 (JxTimelineFold);
  JxTrace *trace = jx_timeline_summary_get_trace (summary);

  self->summary = jx_timeline_summary_ref (summary);
  self->groups = jx_stream_groups_ref (groups);
  self->op = op;
  self->ranks = jx_fold_state_ranks_new (trace);
  self->n_regions = jx_trace_get_n_regions (trace);
  return self;
}

JxTimelineFold *
jx_timeline_fold_new_unbuilt (JxTimelineSummary *summary,
                              JxStreamGroups    *groups,
                              JxFoldOp           op)
{
  g_return_val_if_fail (summary != NULL, NULL);
  g_return_val_if_fail (groups != NULL, NULL);
  g_return_val_if_fail (jx_stream_groups_get_trace (groups) == jx_timeline_summary_get_trace (summary), NULL);
  g_return_val_if_fail (op < JX_N_FOLD_OPS, NULL);

  return fold_new (summary, groups, op);
}

JxTimelineFold *
jx_timeline_fold_build (JxTimelineSummary  *summary,
                        JxStreamGroups     *groups,
                        JxFoldOp            op,
                        GCancellable       *cancellable,
                        GError            **error)
{
  g_autoptr(JxTimelineFold) self = NULL;
  guint n;

  g_return_val_if_fail (summary != NULL, NULL);
  g_return_val_if_fail (groups != NULL, NULL);
  g_return_val_if_fail (jx_stream_groups_get_trace (groups) == jx_timeline_summary_get_trace (summary), NULL);
  g_return_val_if_fail (op < JX_N_FOLD_OPS, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = fold_new (summary, groups, op);
  n = jx_stream_groups_get_n_groups (groups);
  self->pyramids = g_new0 (Pyramid, MAX (n, 1));
  for (guint g = 0; g < n; g++)
    {
      if (!build_group_pyramid (self, jx_stream_groups_get_group (groups, g), &self->pyramids[g], cancellable))
        break;
      self->memory_size += _jx_pyramid_memory (&self->pyramids[g]);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&self);
}

typedef struct
{
  JxTimelineSummary *summary;
  JxStreamGroups    *groups;
  JxFoldOp           op;
} BuildInput;

static void
build_input_free (gpointer data)
{
  BuildInput *in = data;

  jx_timeline_summary_unref (in->summary);
  jx_stream_groups_unref (in->groups);
  g_free (in);
}

static void
build_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  BuildInput *in = task_data;
  GError *error = NULL;
  JxTimelineFold *fold = jx_timeline_fold_build (in->summary, in->groups, in->op, cancellable, &error);

  if (fold == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, fold, (GDestroyNotify) jx_timeline_fold_unref);
}

void
jx_timeline_fold_build_async (JxTimelineSummary   *summary,
                              JxStreamGroups      *groups,
                              JxFoldOp             op,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  BuildInput *in;

  g_return_if_fail (summary != NULL);
  g_return_if_fail (groups != NULL);

  in = g_new0 (BuildInput, 1);
  in->summary = jx_timeline_summary_ref (summary);
  in->groups = jx_stream_groups_ref (groups);
  in->op = op;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, jx_timeline_fold_build_async);
  g_task_set_task_data (task, in, build_input_free);
  g_task_run_in_thread (task, build_thread);
}

JxTimelineFold *
jx_timeline_fold_build_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

JxTimelineFold *
jx_timeline_fold_ref (JxTimelineFold *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_atomic_rc_box_acquire (self);
}

static void
fold_clear (gpointer data)
{
  JxTimelineFold *self = data;

  if (self->pyramids != NULL)
    for (guint g = 0; g < jx_stream_groups_get_n_groups (self->groups); g++)
      _jx_pyramid_clear (&self->pyramids[g]);
  g_clear_pointer (&self->pyramids, g_free);
  g_clear_pointer (&self->ranks, g_free);
  g_clear_pointer (&self->groups, jx_stream_groups_unref);
  g_clear_pointer (&self->summary, jx_timeline_summary_unref);
}

void
jx_timeline_fold_unref (JxTimelineFold *self)
{
  g_return_if_fail (self != NULL);
  g_atomic_rc_box_release_full (self, fold_clear);
}

JxTimelineSummary *
jx_timeline_fold_get_summary (JxTimelineFold *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->summary;
}

JxStreamGroups *
jx_timeline_fold_get_groups (JxTimelineFold *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->groups;
}

JxFoldOp
jx_timeline_fold_get_op (JxTimelineFold *self)
{
  g_return_val_if_fail (self != NULL, JX_FOLD_MAX);
  return self->op;
}

gboolean
jx_timeline_fold_is_built (JxTimelineFold *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->pyramids != NULL;
}

gsize
jx_timeline_fold_get_memory_size (JxTimelineFold *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->memory_size;
}

const guint32 *
jx_timeline_fold_get_ranks (JxTimelineFold *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->ranks;
}

/* Sampling ------------------------------------------------------------------ */

/* The group pyramid when it is fine enough for this many ticks per pixel. */
static const Pyramid *
usable_pyramid (JxTimelineFold *self,
                guint           group,
                double          ticks_per_pixel)
{
  const Pyramid *pyr;

  if (self->pyramids == NULL)
    return NULL;
  pyr = &self->pyramids[group];
  /* Down to one bucket per pixel: below that members walk their
   * invocations, which is cheap for each of them. */
  if (pyr->n_levels == 0 || (double) pyr->base > ticks_per_pixel)
    return NULL;
  return pyr;
}

void
jx_timeline_fold_sample (JxTimelineFold *self,
                         guint           group,
                         gint64          start,
                         gint64          end,
                         guint           n_pixels,
                         guint32        *out,
                         guint32        *marks)
{
  const JxStreamGroup *g;
  const Pyramid *pyr;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL || n_pixels == 0);

  if (n_pixels == 0)
    return;
  if (end <= start)
    end = start + 1;
  if (group >= jx_stream_groups_get_n_groups (self->groups))
    {
      for (guint p = 0; p < n_pixels; p++)
        {
          out[p] = JX_NONE;
          if (marks != NULL)
            marks[p] = JX_NONE;
        }
      return;
    }
  g = jx_stream_groups_get_group (self->groups, group);
  pyr = usable_pyramid (self, group, (double) (end - start) / n_pixels);
  if (pyr != NULL)
    {
      RowSink *row = _jx_row_sink_get (self->n_regions, start, end, n_pixels, out,
                                       jx_fold_op_marks_activity (self->op) ? marks : NULL);

      _jx_row_sample_pyramid (row, pyr);
      row->sink.finish (&row->sink);
      if (marks != NULL && !jx_fold_op_marks_activity (self->op))
        for (guint p = 0; p < n_pixels; p++)
          marks[p] = JX_NONE;
      return;
    }
  fold_pixels (self->summary, FALSE, g->members, g->n_members, self->op, self->ranks, self->n_regions,
               start, end, n_pixels, out, marks, NULL);
}

gboolean
jx_timeline_fold_is_cheap (JxTimelineFold *self,
                           guint           group,
                           gint64          start,
                           gint64          end,
                           guint           n_pixels)
{
  const JxStreamGroup *g;
  JxTrace *trace;
  guint64 cost = 0, budget = (guint64) CHEAP_PER_PIXEL * MAX (n_pixels, 16u);

  g_return_val_if_fail (self != NULL, FALSE);

  if (group >= jx_stream_groups_get_n_groups (self->groups) || end <= start)
    return TRUE;
  if (usable_pyramid (self, group, (double) (end - start) / MAX (n_pixels, 1u)) != NULL)
    return TRUE;
  g = jx_stream_groups_get_group (self->groups, group);
  trace = jx_timeline_summary_get_trace (self->summary);
  for (guint m = 0; m < g->n_members && cost <= budget; m++)
    {
      const JxStream *s = jx_trace_get_stream (trace, g->members[m]);
      const Pyramid *pyr = &self->summary->pyramids[g->members[m]];
      guint32 first = _jx_first_starting_at_or_after (s, start);
      guint64 visible = _jx_first_starting_at_or_after_from (s, first, end) - first;

      if (pyr->n_levels > 0)
        visible = MIN (visible, (guint64) DIRECT_PER_PIXEL * n_pixels);
      cost += visible;
    }
  return cost <= budget;
}

void
jx_timeline_fold_count_states (JxTimelineFold *self,
                               guint           group,
                               gint64          t0,
                               gint64          t1,
                               JxFoldCounts   *counts)
{
  const JxStreamGroup *g;

  g_return_if_fail (self != NULL);
  g_return_if_fail (counts != NULL);

  jx_fold_counts_clear (counts);
  if (group >= jx_stream_groups_get_n_groups (self->groups))
    return;
  if (t1 <= t0)
    t1 = t0 + 1;
  g = jx_stream_groups_get_group (self->groups, group);
  for (guint m = 0; m < g->n_members; m++)
    {
      guint32 state;

      jx_timeline_summary_sample (self->summary, &g->members[m], 1, t0, t1, 1, &state);
      jx_fold_counts_add (counts, state, 1);
    }
}
