/* jx-timeline-fold.c — folded rows (see jx-timeline-fold.h): the members'
 * states folded at every instant into one sequence per group (a k-way merge
 * of their state changes), and that sequence drawn like one stream row. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-timeline-fold.h"
#include "jx-timeline-sample-private.h"

/* Member state changes sorted and applied per step of a build (bounds its
 * scratch memory whatever the trace's size). */
#define CHUNK_INVOCATIONS (1u << 18)
/* Groups whose members hold at most this many invocations are folded at
 * once when a fold is made without building (a millisecond or so). */
#define SMALL_GROUP_INVOCATIONS (1u << 15)

/* Per interval one word: the folded state, or where it is no-state IDLE_BIT
 * with the activity a mark shows (the busiest member state; IDLE_MASK when
 * every member is idle or the operation shows no marks). */
#define IDLE_BIT  0x80000000u
#define IDLE_MASK 0x7fffffffu

typedef struct
{
  guint    n;                    /* intervals */
  gint64  *time;                 /* n + 1 boundaries */
  guint32 *shown;
  Pyramid  pyr;                  /* n_levels 0: always sampled exactly */
  gboolean built;
} Seq;

static inline guint32
shown_encode (guint32 state,
              guint32 act)
{
  if (state != JX_NONE)
    return state;
  return IDLE_BIT | (act == JX_NONE ? IDLE_MASK : act);
}

static inline guint32
shown_state (guint32 v)
{
  return v & IDLE_BIT ? JX_NONE : v;
}

/* The activity: the state, else what ran under no-state (JX_NONE: nothing). */
static inline guint32
shown_act (guint32 v)
{
  if (!(v & IDLE_BIT))
    return v;
  return (v & IDLE_MASK) == IDLE_MASK ? JX_NONE : v & IDLE_MASK;
}

struct _JxTimelineFold
{
  JxTimelineSummary *summary;
  JxStreamGroups    *groups;
  JxFoldOp           op;
  guint32           *ranks;
  guint              n_regions;
  Seq               *seqs;       /* per group */
  gboolean           built;
  gsize              memory_size;
};

G_DEFINE_BOXED_TYPE (JxTimelineFold, jx_timeline_fold, jx_timeline_fold_ref, jx_timeline_fold_unref)

/* Building ------------------------------------------------------------------ */

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

static int
compare_changes (gconstpointer a,
                 gconstpointer b)
{
  gint64 x = ((const Change *) a)->t, y = ((const Change *) b)->t;

  return x < y ? -1 : (x > y ? 1 : 0);
}

static void
seq_append (Seq     *seq,
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
seq_build_pyramid (Seq *seq)
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
static gboolean
seq_build (JxTimelineFold      *self,
           const JxStreamGroup *group,
           Seq                 *seq,
           GCancellable        *cancellable)
{
  JxTrace *trace = jx_timeline_summary_get_trace (self->summary);
  gint64 origin = G_MAXINT64, end = G_MININT64;
  guint64 total = 0, n_chunks;
  g_autofree guint32 *member_state = g_new (guint32, MAX (group->n_members, 1));
  g_autofree guint32 *census_arrays = g_new0 (guint32, 3 * ((gsize) self->n_regions + 1));
  Census census = { self->n_regions, census_arrays, census_arrays + self->n_regions + 1,
                    census_arrays + 2 * ((gsize) self->n_regions + 1), 0 };
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
  census_select (&census, self->op, self->ranks, &state, &act);
  seq_append (seq, &capacity, origin, state, act);
  n_chunks = total / CHUNK_INVOCATIONS + 1;
  for (guint64 c = 0; c < n_chunks; c++)
    {
      gint64 c0 = origin + (gint64) ((double) (end - origin) * (double) c / (double) n_chunks);
      gint64 c1 = c + 1 == n_chunks ? end : origin + (gint64) ((double) (end - origin) * (double) (c + 1) / (double) n_chunks);

      if (g_cancellable_is_cancelled (cancellable))
        {
          g_free (collect.changes);
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
      if (collect.n > 0)
        qsort (collect.changes, collect.n, sizeof (Change), compare_changes);
      for (guint i = 0; i < collect.n;)
        {
          gint64 t = collect.changes[i].t;

          for (; i < collect.n && collect.changes[i].t == t; i++)
            {
              census_remove (&census, collect.changes[i].old_state);
              census_add (&census, collect.changes[i].new_state, 1);
            }
          census_select (&census, self->op, self->ranks, &state, &act);
          seq_append (seq, &capacity, t, state, act);
        }
    }
  g_free (collect.changes);
  /* The boundary after the last interval. */
  if (seq->n + 1 > capacity)
    seq->time = g_renew (gint64, seq->time, seq->n + 1);
  seq->time[seq->n] = end;
  seq_build_pyramid (seq);
  return TRUE;
}

static void
seq_clear (Seq *seq)
{
  g_free (seq->time);
  g_free (seq->shown);
  _jx_pyramid_clear (&seq->pyr);
  memset (seq, 0, sizeof *seq);
}

static gsize
seq_memory (const Seq *seq)
{
  return seq->n == 0 ? 0 : (gsize) seq->n * (sizeof (gint64) + sizeof (guint32)) + sizeof (gint64) +
                           _jx_pyramid_memory (&seq->pyr);
}

static guint64
group_invocations (JxTrace             *trace,
                   const JxStreamGroup *group)
{
  guint64 total = 0;

  for (guint m = 0; m < group->n_members; m++)
    total += jx_trace_get_stream (trace, group->members[m])->n_invocations;
  return total;
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
  self->seqs = g_new0 (Seq, MAX (jx_stream_groups_get_n_groups (groups), 1));
  return self;
}

JxTimelineFold *
jx_timeline_fold_new_unbuilt (JxTimelineSummary *summary,
                              JxStreamGroups    *groups,
                              JxFoldOp           op)
{
  JxTimelineFold *self;
  JxTrace *trace;

  g_return_val_if_fail (summary != NULL, NULL);
  g_return_val_if_fail (groups != NULL, NULL);
  g_return_val_if_fail (jx_stream_groups_get_trace (groups) == jx_timeline_summary_get_trace (summary), NULL);
  g_return_val_if_fail (op < JX_N_FOLD_OPS, NULL);

  self = fold_new (summary, groups, op);
  trace = jx_timeline_summary_get_trace (summary);
  for (guint g = 0; g < jx_stream_groups_get_n_groups (groups); g++)
    {
      const JxStreamGroup *group = jx_stream_groups_get_group (groups, g);

      if (group_invocations (trace, group) <= SMALL_GROUP_INVOCATIONS)
        {
          seq_build (self, group, &self->seqs[g], NULL);
          self->memory_size += seq_memory (&self->seqs[g]);
        }
    }
  return self;
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
  for (guint g = 0; g < n; g++)
    {
      if (!seq_build (self, jx_stream_groups_get_group (groups, g), &self->seqs[g], cancellable))
        break;
      self->memory_size += seq_memory (&self->seqs[g]);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  self->built = TRUE;
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

  for (guint g = 0; g < jx_stream_groups_get_n_groups (self->groups); g++)
    seq_clear (&self->seqs[g]);
  g_clear_pointer (&self->seqs, g_free);
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
  return self->built;
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

guint64
jx_timeline_fold_get_n_intervals (JxTimelineFold *self)
{
  guint64 n = 0;

  g_return_val_if_fail (self != NULL, 0);
  for (guint g = 0; g < jx_stream_groups_get_n_groups (self->groups); g++)
    n += self->seqs[g].n;
  return n;
}

/* Sampling ------------------------------------------------------------------ */

/* Per-pixel scratch of the exact sampler: ticks per state and per activity,
 * dense by state (index n_regions = no-state), with the states touched. */
typedef struct
{
  guint    capacity;
  gint64  *ticks;
  gint64  *act_ticks;
  guint32 *touched;
  guint    n_touched;
} Pixel;

static void
pixel_free (gpointer data)
{
  Pixel *px = data;

  g_free (px->ticks);
  g_free (px->act_ticks);
  g_free (px->touched);
  g_free (px);
}

static GPrivate pixel_key = G_PRIVATE_INIT (pixel_free);

static Pixel *
pixel_get (guint n_regions)
{
  Pixel *px = g_private_get (&pixel_key);

  if (px == NULL)
    {
      px = g_new0 (Pixel, 1);
      g_private_set (&pixel_key, px);
    }
  if (n_regions + 1 > px->capacity)
    {
      g_free (px->ticks);
      g_free (px->act_ticks);
      g_free (px->touched);
      px->capacity = n_regions + 1;
      px->ticks = g_new0 (gint64, px->capacity);
      px->act_ticks = g_new0 (gint64, px->capacity);
      px->touched = g_new (guint32, 2 * px->capacity);
    }
  px->n_touched = 0;
  return px;
}

static inline void
pixel_add (Pixel   *px,
           gint64  *ticks,
           guint32  index,
           gint64   t)
{
  if (px->ticks[index] == 0 && px->act_ticks[index] == 0)
    px->touched[px->n_touched++] = index;
  ticks[index] += t;
}

/* Does state a (ticks ta) beat b (tb)? More time wins; ties go to the
 * smaller state in the order, no-state (index n_regions) after all. */
static inline gboolean
beats (const guint32 *ranks,
       guint          n_regions,
       guint32        a,
       gint64         ta,
       guint32        b,
       gint64         tb)
{
  if (ta != tb)
    return ta > tb;
  if (b == n_regions)
    return a != n_regions;
  return a != n_regions && ranks[a] < ranks[b];
}

/* First interval ending after t. */
static guint
seq_find (const Seq *seq,
          gint64     t)
{
  guint lo = 0, hi = seq->n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (seq->time[mid + 1] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Pixel p is the ticks [start + ⌊p·W/n⌋, start + ⌊(p+1)·W/n⌋) (at least one
 * tick), W = end − start. */
static inline gint64
pixel_bound (gint64 start,
             gint64 q,
             gint64 r,
             guint  n,
             guint  p)
{
  /* ⌊r·p/n⌋ without a division per pixel: r·p < n² is exact in a double,
   * and the estimate is corrected by at most one. */
  guint64 rp = (guint64) r * p;
  guint64 f = (guint64) ((double) rp / (double) n);

  if (f * n > rp)
    f--;
  else if ((f + 1) * n <= rp)
    f++;
  return start + q * p + (gint64) f;
}

/* The last pixel boundary at or before t: the largest p <= n with
 * pixel_bound (p) <= t (from the estimate, then exact steps). */
static guint
pixel_at (gint64 start,
          gint64 end,
          gint64 q,
          gint64 r,
          guint  n,
          gint64 t)
{
  double estimate = (double) (t - start) / (double) (end - start) * n;
  guint p = estimate <= 0.0 ? 0 : (estimate >= n ? n : (guint) estimate);

  while (p < n && pixel_bound (start, q, r, n, p + 1) <= t)
    p++;
  while (p > 0 && pixel_bound (start, q, r, n, p) > t)
    p--;
  return p;
}

/* The pixel boundaries stepped without a division: bound = pixel_bound (p),
 * frac = r·p mod n, so the next boundary adds q and a carry. */
typedef struct
{
  gint64 start, q, r;
  guint  n, p;
  gint64 bound, frac;
} Grid;

static inline void
grid_seek (Grid *g,
           guint p)
{
  guint64 rp = (guint64) g->r * p;

  g->p = p;
  g->frac = (gint64) (rp % g->n);
  g->bound = g->start + g->q * p + (gint64) (rp / g->n);
}

static inline gint64
grid_next (const Grid *g)
{
  return g->bound + g->q + (g->frac + g->r >= (gint64) g->n);
}

static inline void
grid_step (Grid *g)
{
  g->bound = grid_next (g);
  g->frac += g->r;
  if (g->frac >= (gint64) g->n)
    g->frac -= g->n;
  g->p++;
}

/* A mixed pixel's few states, searched linearly (a dense array per pixel
 * would cost more to clear than the pixel has intervals). */
#define FEW 16

typedef struct
{
  guint   n;
  guint32 state[FEW];
  gint64  ticks[FEW];
} Few;

static inline void
few_add (Few     *f,
         guint32  state,
         gint64   t)
{
  for (guint k = 0; k < f->n; k++)
    if (f->state[k] == state)
      {
        f->ticks[k] += t;
        return;
      }
  f->state[f->n] = state;
  f->ticks[f->n++] = t;
}

/* The winner among f's states (index n_regions = no-state), `none` when f
 * is empty. */
static inline guint32
few_best (const Few     *f,
          const guint32 *ranks,
          guint          n_regions,
          guint32        none)
{
  guint32 best = none;
  gint64 best_t = 0;

  for (guint k = 0; k < f->n; k++)
    if (k == 0 || beats (ranks, n_regions, f->state[k], f->ticks[k], best, best_t))
      {
        best = f->state[k];
        best_t = f->ticks[k];
      }
  return best;
}

/* One pixel [b0, b1) over intervals from i on: its folded state and mark
 * (state index n_regions = no-state). */
static void
mixed_pixel (const Seq     *seq,
             const guint32 *ranks,
             guint          n_regions,
             guint          i,
             gint64         b0,
             gint64         b1,
             guint32       *best,
             guint32       *mark)
{
  guint j_end = i;
  Few states, acts;

  states.n = acts.n = 0;
  while (j_end < seq->n && seq->time[j_end] < b1)
    j_end++;
  if (j_end - i + 2 > FEW)
    {
      /* Many intervals in one pixel (the exact row at coarse zoom): dense
       * sums. */
      Pixel *px = pixel_get (n_regions);

      *best = *mark = n_regions;
      if (b0 < seq->time[0])
        pixel_add (px, px->ticks, n_regions, seq->time[0] - b0);
      if (b1 > seq->time[seq->n])
        pixel_add (px, px->ticks, n_regions, b1 - seq->time[seq->n]);
      for (guint j = i; j < j_end; j++)
        {
          gint64 t = MIN (seq->time[j + 1], b1) - MAX (seq->time[j], b0);
          guint32 state = shown_state (seq->shown[j]), act = shown_act (seq->shown[j]);

          pixel_add (px, px->ticks, state < n_regions ? state : n_regions, t);
          if (act < n_regions)
            pixel_add (px, px->act_ticks, act, t);
        }
      for (guint k = 0; k < px->n_touched; k++)
        {
          guint32 s = px->touched[k];

          if (px->ticks[s] > 0 && beats (ranks, n_regions, s, px->ticks[s], *best, px->ticks[*best]))
            *best = s;
          if (s != n_regions && px->act_ticks[s] > 0 &&
              (*mark == n_regions || beats (ranks, n_regions, s, px->act_ticks[s], *mark, px->act_ticks[*mark])))
            *mark = s;
        }
      for (guint k = 0; k < px->n_touched; k++)
        px->ticks[px->touched[k]] = px->act_ticks[px->touched[k]] = 0;
      return;
    }
  if (b0 < seq->time[0])
    few_add (&states, n_regions, seq->time[0] - b0);
  if (b1 > seq->time[seq->n])
    few_add (&states, n_regions, b1 - seq->time[seq->n]);
  for (guint j = i; j < j_end; j++)
    {
      gint64 t = MIN (seq->time[j + 1], b1) - MAX (seq->time[j], b0);
      guint32 state = shown_state (seq->shown[j]), act = shown_act (seq->shown[j]);

      few_add (&states, state < n_regions ? state : n_regions, t);
      if (act < n_regions)
        few_add (&acts, act, t);
    }
  *best = few_best (&states, ranks, n_regions, n_regions);
  *mark = few_best (&acts, ranks, n_regions, n_regions);
}

static void
seq_sample_exact (const Seq     *seq,
                  const guint32 *ranks,
                  guint          n_regions,
                  gboolean       with_marks,
                  gint64         start,
                  gint64         end,
                  guint          n,
                  guint32       *out,
                  guint32       *marks)
{
  Grid g = { start, (end - start) / n, (end - start) % n, n, 0, 0, 0 };
  guint i = seq->n > 0 ? seq_find (seq, start) : 0;

  if (marks != NULL)
    for (guint p = 0; p < n; p++)
      marks[p] = JX_NONE;
  grid_seek (&g, 0);
  while (g.p < n)
    {
      gint64 b0 = g.bound;
      gint64 b1 = MAX (grid_next (&g), b0 + 1);
      guint32 best, mark;

      if (seq->n == 0 || b1 <= seq->time[0] || b0 >= seq->time[seq->n])
        {
          out[g.p] = JX_NONE;
          grid_step (&g);
          continue;
        }
      while (i < seq->n && seq->time[i + 1] <= b0)
        i++;
      if (seq->time[i] <= b0 && seq->time[i + 1] >= b1)
        {
          /* Pixels wholly inside interval i, filled as a run: the work
           * follows the intervals in view, not the width. */
          guint32 state = shown_state (seq->shown[i]);
          guint32 m = with_marks && state == JX_NONE ? shown_act (seq->shown[i]) : JX_NONE;
          gint64 tend = seq->time[i + 1];

          if (tend - b1 > 16 * (g.q + 1))
            {
              guint last = MAX (pixel_at (start, end, g.q, g.r, n, tend), g.p + 1);

              /* A pixel narrower than a tick is that tick: inside only
               * when it ends by the interval's end. */
              while (last > g.p + 1 && pixel_bound (start, g.q, g.r, n, last - 1) + 1 > tend)
                last--;
              for (guint p = g.p; p < last; p++)
                out[p] = state;
              if (marks != NULL && m != JX_NONE)
                for (guint p = g.p; p < last; p++)
                  marks[p] = m;
              grid_seek (&g, last);
              continue;
            }
          do
            {
              out[g.p] = state;
              if (marks != NULL)
                marks[g.p] = m;
              grid_step (&g);
              b0 = g.bound;
            }
          while (g.p < n && MAX (grid_next (&g), b0 + 1) <= tend);
          continue;
        }
      mixed_pixel (seq, ranks, n_regions, i, b0, b1, &best, &mark);
      out[g.p] = best < n_regions ? best : JX_NONE;
      if (marks != NULL && with_marks && best == n_regions && mark != n_regions)
        marks[g.p] = mark;
      grid_step (&g);
    }
}

static void
fill_none (guint    n_pixels,
           guint32 *out,
           guint32 *marks)
{
  for (guint p = 0; p < n_pixels; p++)
    {
      out[p] = JX_NONE;
      if (marks != NULL)
        marks[p] = JX_NONE;
    }
}

/* Like a stream row (_jx_stream_uses_walk): exact while few intervals are
 * in view, else the pyramid level whose buckets are at most half a pixel. */
static gboolean
seq_uses_pyramid (const Seq *seq,
                  gint64     start,
                  gint64     end,
                  guint      n_pixels)
{
  guint64 visible;

  if (seq->pyr.n_levels == 0)
    return FALSE;
  visible = seq_find (seq, end) - seq_find (seq, start);
  if (visible <= (guint64) DIRECT_PER_PIXEL * n_pixels)
    return FALSE;
  if ((double) seq->pyr.base > (double) (end - start) / n_pixels &&
      visible <= (guint64) DIRECT_PER_PIXEL_COARSE * n_pixels)
    return FALSE;
  return TRUE;
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
  const Seq *seq;
  gboolean with_marks;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL || n_pixels == 0);

  if (n_pixels == 0)
    return;
  if (end <= start)
    end = start + 1;
  if (group >= jx_stream_groups_get_n_groups (self->groups) || !self->seqs[group].built)
    {
      fill_none (n_pixels, out, marks);
      return;
    }
  seq = &self->seqs[group];
  with_marks = jx_fold_op_marks_activity (self->op);
  if (seq_uses_pyramid (seq, start, end, n_pixels))
    {
      RowSink *row = _jx_row_sink_get (self->n_regions, start, end, n_pixels, out, with_marks ? marks : NULL);

      _jx_row_sample_pyramid (row, &seq->pyr);
      row->sink.finish (&row->sink);
      if (marks != NULL && !with_marks)
        for (guint p = 0; p < n_pixels; p++)
          marks[p] = JX_NONE;
      return;
    }
  seq_sample_exact (seq, self->ranks, self->n_regions, with_marks, start, end, n_pixels, out, marks);
}

void
jx_timeline_fold_sample_exact (JxTimelineFold *self,
                               guint           group,
                               gint64          start,
                               gint64          end,
                               guint           n_pixels,
                               guint32        *out,
                               guint32        *marks)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL || n_pixels == 0);

  if (n_pixels == 0)
    return;
  if (end <= start)
    end = start + 1;
  if (group >= jx_stream_groups_get_n_groups (self->groups) || !self->seqs[group].built)
    {
      fill_none (n_pixels, out, marks);
      return;
    }
  seq_sample_exact (&self->seqs[group], self->ranks, self->n_regions, jx_fold_op_marks_activity (self->op),
                    start, end, n_pixels, out, marks);
}

gboolean
jx_timeline_fold_is_cheap (JxTimelineFold *self,
                           guint           group,
                           gint64          start,
                           gint64          end,
                           guint           n_pixels)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (group >= jx_stream_groups_get_n_groups (self->groups) || end <= start)
    return TRUE;
  return self->seqs[group].built;
}

void
jx_timeline_fold_count_states (JxTimelineFold *self,
                               guint           group,
                               gint64          t,
                               JxFoldCounts   *counts)
{
  const JxStreamGroup *g;
  JxTrace *trace;

  g_return_if_fail (self != NULL);
  g_return_if_fail (counts != NULL);

  jx_fold_counts_clear (counts);
  if (group >= jx_stream_groups_get_n_groups (self->groups))
    return;
  g = jx_stream_groups_get_group (self->groups, group);
  trace = jx_timeline_summary_get_trace (self->summary);
  for (guint m = 0; m < g->n_members; m++)
    {
      const JxStream *s = jx_trace_get_stream (trace, g->members[m]);
      guint32 c = _jx_innermost_before (s, _jx_first_starting_at_or_after (s, t + 1), t);

      jx_fold_counts_add (counts, c == JX_NONE ? JX_NONE : s->region[c], 1);
    }
}
