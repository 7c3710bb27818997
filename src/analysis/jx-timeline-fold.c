/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-fold.c — folded rows (see jx-timeline-fold.h): the members'
 * states folded at every instant into one sequence per group (a k-way merge
 * of their state changes), and that sequence drawn like one stream row. */
#include "config.h"

#include "jx-timeline-fold.h"
#include "jx-fold-sequence-private.h"
#include "jx-timeline-sample-private.h"

/* A fold made without building folds groups at once while their members
 * hold at most this many invocations in all (a few milliseconds). */
#define INSTANT_INVOCATIONS (1u << 16)

struct _JxTimelineFold
{
  JxTimelineSummary *summary;
  JxStreamGroups    *groups;
  JxFoldOp           op;
  guint32           *ranks;
  guint              n_regions;
  FoldSeq               *seqs;       /* per group */
  gboolean           built;
  gsize              memory_size;
};

G_DEFINE_BOXED_TYPE (JxTimelineFold, jx_timeline_fold, jx_timeline_fold_ref, jx_timeline_fold_unref)

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
  self->seqs = g_new0 (FoldSeq, MAX (jx_stream_groups_get_n_groups (groups), 1));
  return self;
}

JxTimelineFold *
jx_timeline_fold_new_unbuilt (JxTimelineSummary *summary,
                              JxStreamGroups    *groups,
                              JxFoldOp           op)
{
  JxTimelineFold *self;
  JxTrace *trace;
  guint64 budget = INSTANT_INVOCATIONS;

  g_return_val_if_fail (summary != NULL, NULL);
  g_return_val_if_fail (groups != NULL, NULL);
  g_return_val_if_fail (jx_stream_groups_get_trace (groups) == jx_timeline_summary_get_trace (summary), NULL);
  g_return_val_if_fail (op < JX_N_FOLD_OPS, NULL);

  self = fold_new (summary, groups, op);
  trace = jx_timeline_summary_get_trace (summary);
  for (guint g = 0; g < jx_stream_groups_get_n_groups (groups); g++)
    {
      const JxStreamGroup *group = jx_stream_groups_get_group (groups, g);
      guint64 cost = group_invocations (trace, group);

      if (cost <= budget)
        {
          budget -= cost;
          _jx_fold_seq_build (&self->seqs[g], trace, group, op, self->ranks, NULL);
          self->memory_size += _jx_fold_seq_memory (&self->seqs[g]);
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
      if (!_jx_fold_seq_build (&self->seqs[g], jx_timeline_summary_get_trace (summary), jx_stream_groups_get_group (groups, g),
                               op, self->ranks, cancellable))
        break;
      self->memory_size += _jx_fold_seq_memory (&self->seqs[g]);
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
    _jx_fold_seq_clear (&self->seqs[g]);
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

/* The group's sequence for a row of n_pixels, NULL when the row is done
 * already (no pixels, or no-state throughout). */
static const FoldSeq *
row_sequence (JxTimelineFold *self,
              guint           group,
              guint           n_pixels,
              guint32        *out,
              guint32        *marks)
{
  if (n_pixels == 0)
    return NULL;
  if (group >= jx_stream_groups_get_n_groups (self->groups) || !self->seqs[group].built)
    {
      fill_none (n_pixels, out, marks);
      return NULL;
    }
  return &self->seqs[group];
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
  const FoldSeq *seq;
  gboolean with_marks;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL || n_pixels == 0);

  seq = row_sequence (self, group, n_pixels, out, marks);
  if (seq == NULL)
    return;
  end = MAX (end, start + 1);
  with_marks = jx_fold_op_marks_activity (self->op);
  if (_jx_fold_seq_uses_pyramid (seq, start, end, n_pixels))
    {
      RowSink *row = _jx_row_sink_get (self->n_regions, start, end, n_pixels, out, with_marks ? marks : NULL);

      _jx_row_sample_pyramid (row, &seq->pyr);
      row->sink.finish (&row->sink);
      if (marks != NULL && !with_marks)
        for (guint p = 0; p < n_pixels; p++)
          marks[p] = JX_NONE;
      return;
    }
  _jx_fold_seq_sample_exact (seq, self->ranks, self->n_regions, with_marks, start, end, n_pixels, out, marks);
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
  const FoldSeq *seq;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL || n_pixels == 0);

  seq = row_sequence (self, group, n_pixels, out, marks);
  if (seq != NULL)
    _jx_fold_seq_sample_exact (seq, self->ranks, self->n_regions, jx_fold_op_marks_activity (self->op), start,
                               MAX (end, start + 1), n_pixels, out, marks);
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
