/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-bar-model.c — see jx-diff-bar-model.h. */
#include "config.h"

#include "jx-diff-bar-model.h"

struct _JxDiffBarModel
{
  GObject              parent_instance;

  JxComparisonManager *manager;
  GListModel          *items;           /* weak */
  GHashTable          *watched;         /* JxTraceComparison* (owned) -> its JxSessionTrace* */
  JxSessionTrace      *reference_seen;  /* the manager's, when last told (not owned) */
  JxSessionTrace      *compared_seen;
};

enum {
  BAR_CHANGED,
  ROWS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (JxDiffBarModel, jx_diff_bar_model, G_TYPE_OBJECT)

/* Bars --------------------------------------------------------------------- */

const JxDiffBarSet *
jx_diff_bar_model_get_bars (JxDiffBarModel *self,
                            JxSessionTrace *item)
{
  JxSessionTrace *holder;
  JxTraceComparison *tc;

  g_return_val_if_fail (JX_IS_DIFF_BAR_MODEL (self), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);

  if (item != jx_comparison_manager_get_reference (self->manager))
    return jx_trace_comparison_get_bars (jx_session_trace_get_trace_comparison (item), FALSE);
  holder = jx_comparison_manager_get_compared (self->manager);
  if (holder == NULL)
    return NULL;
  tc = jx_session_trace_get_trace_comparison (holder);
  /* Right after a new reference, the compared trace's comparison is still
   * the one with the old reference until it starts again: its reference
   * side has another trace's streams. */
  if (jx_trace_comparison_get_reference (tc) == NULL ||
      jx_trace_comparison_get_reference (tc) != jx_session_trace_get_trace (item))
    return NULL;
  return jx_trace_comparison_get_bars (tc, TRUE);
}

gboolean
jx_diff_bar_model_has_row (JxDiffBarModel *self,
                           JxSessionTrace *item,
                           guint32         stream)
{
  const JxDiffBarSet *bars = jx_diff_bar_model_get_bars (self, item);

  return bars != NULL && jx_diff_bar_set_has_row (bars, stream);
}

gboolean
jx_diff_bar_model_get_bar (JxDiffBarModel          *self,
                           JxSessionTrace          *item,
                           guint32                  stream,
                           const JxComparisonPair **pair,
                           gboolean                *side_b,
                           JxSessionTrace         **other)
{
  const JxDiffBarSet *bars = jx_diff_bar_model_get_bars (self, item);
  const JxComparisonPair *found;
  JxSessionTrace *reference;

  if (bars == NULL || (found = jx_diff_bar_set_get_pair (bars, stream)) == NULL || found->diff == NULL)
    return FALSE;
  reference = jx_comparison_manager_get_reference (self->manager);
  if (pair != NULL)
    *pair = found;
  if (side_b != NULL)
    *side_b = item != reference;
  if (other != NULL)
    *other = item != reference ? reference : jx_comparison_manager_get_compared (self->manager);
  return TRUE;
}

/* Differences -------------------------------------------------------------- */

/* Hunk `hunk` of `pair`, on the side that has its call (B first when
 * prefer_b). */
static void
hunk_call (JxDiffBarModel         *self,
           JxSessionTrace         *holder,
           const JxComparisonPair *pair,
           guint                   hunk,
           gboolean                prefer_b,
           JxDiffBarCall          *found)
{
  const JxHierAlignment *al = pair->alignment;
  guint32 k = jx_pair_diff_get_hunk (pair->diff, hunk);
  gboolean on_b = prefer_b ? al->pairs[k].b != JX_ALIGN_NONE : al->pairs[k].a == JX_ALIGN_NONE;

  if (on_b)
    *found = (JxDiffBarCall) { holder, pair->stream_b, al->pairs[k].b };
  else
    *found = (JxDiffBarCall) { jx_comparison_manager_get_reference (self->manager), pair->stream_a, al->pairs[k].a };
}

gboolean
jx_diff_bar_model_next_difference (JxDiffBarModel      *self,
                                   JxSessionTrace      *holder,
                                   const JxDiffBarCall *from,
                                   gboolean             forward,
                                   JxDiffBarCall       *found)
{
  JxTraceComparison *tc;
  JxComparison *cmp;
  const JxComparisonPair *current = NULL;
  guint32 at = JX_NONE;
  gboolean prefer_b = FALSE;
  guint n, start;

  g_return_val_if_fail (JX_IS_DIFF_BAR_MODEL (self), FALSE);
  g_return_val_if_fail (holder == NULL || JX_IS_SESSION_TRACE (holder), FALSE);
  g_return_val_if_fail (found != NULL, FALSE);

  /* Where `from` is: its stream pair and alignment pair. */
  if (from != NULL && from->item != NULL)
    {
      gboolean side_b;

      if (jx_diff_bar_model_get_bar (self, from->item, from->stream, &current, &side_b, NULL))
        {
          at = jx_pair_diff_pair_of (current->diff, side_b, from->invocation);
          prefer_b = side_b;
        }
    }
  if (holder == NULL)
    return FALSE;
  tc = jx_session_trace_get_trace_comparison (holder);
  if ((cmp = jx_trace_comparison_get_comparison (tc)) == NULL)
    return FALSE;

  if (current != NULL)
    {
      guint hunk = jx_pair_diff_next_hunk (current->diff, at, forward);

      if (hunk != G_MAXUINT)
        {
          hunk_call (self, holder, current, hunk, prefer_b, found);
          return TRUE;
        }
    }

  /* On through the following (preceding) stream pairs that are done. */
  n = jx_comparison_get_n_pairs (cmp);
  start = current != NULL ? current->index : (forward ? G_MAXUINT : n);
  for (guint step = 1; step <= n; step++)
    {
      guint index = forward ? start + step : start - step;
      const JxComparisonPair *pair;
      guint hunk;

      if (current == NULL && forward)
        index = step - 1;
      if (index >= n)
        break;
      pair = jx_comparison_get_pair (cmp, index);
      /* Published first: a worker may still be writing the others. */
      if (jx_trace_comparison_get_stream_pair (tc, FALSE, pair->stream_b) != pair || pair->alignment == NULL)
        continue;
      hunk = jx_pair_diff_next_hunk (pair->diff, JX_NONE, forward);
      if (hunk != G_MAXUINT)
        {
          hunk_call (self, holder, pair, hunk, prefer_b, found);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
jx_diff_bar_model_call_at (JxDiffBarModel *self,
                           JxSessionTrace *item,
                           guint32         stream,
                           guint32         invocation,
                           guint32         extra,
                           JxDiffBarCall  *call)
{
  const JxComparisonPair *pair;
  const JxDiffExtra *run;
  const JxAlignPair *first;
  JxSessionTrace *other;
  gboolean side_b;

  g_return_val_if_fail (JX_IS_DIFF_BAR_MODEL (self), FALSE);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), FALSE);
  g_return_val_if_fail (call != NULL, FALSE);

  if (extra == JX_NONE)
    {
      *call = (JxDiffBarCall) { item, stream, invocation };
      return invocation != JX_NONE;
    }
  if (!jx_diff_bar_model_get_bar (self, item, stream, &pair, &side_b, &other) ||
      extra >= jx_pair_diff_get_n_extras (pair->diff, side_b))
    return FALSE;
  run = jx_pair_diff_get_extra (pair->diff, side_b, extra);
  first = &pair->alignment->pairs[run->first_pair];
  *call = (JxDiffBarCall) { other, side_b ? pair->stream_a : pair->stream_b, side_b ? first->a : first->b };
  return TRUE;
}

/* Following the comparisons ------------------------------------------------ */

static void
on_pair_done (JxTraceComparison      *tc,
              const JxComparisonPair *pair,
              JxDiffBarModel         *self)
{
  JxSessionTrace *item = g_hash_table_lookup (self->watched, tc);
  JxSessionTrace *reference = jx_comparison_manager_get_reference (self->manager);

  g_assert (item != NULL);
  if (pair->stream_b != JX_NONE)
    g_signal_emit (self, signals[BAR_CHANGED], 0, item, (guint) pair->stream_b);
  if (reference != NULL && item == jx_comparison_manager_get_compared (self->manager) && pair->stream_a != JX_NONE)
    g_signal_emit (self, signals[BAR_CHANGED], 0, reference, (guint) pair->stream_a);
}

static void
on_reset (JxTraceComparison *tc,
          JxDiffBarModel    *self)
{
  JxSessionTrace *item = g_hash_table_lookup (self->watched, tc);
  JxSessionTrace *reference = jx_comparison_manager_get_reference (self->manager);

  g_assert (item != NULL);
  g_signal_emit (self, signals[ROWS_CHANGED], 0, item);
  if (reference != NULL && item == jx_comparison_manager_get_compared (self->manager))
    g_signal_emit (self, signals[ROWS_CHANGED], 0, reference);
}

/* The reference's bars are another trace's now; a new reference's own, and
 * the old one's, change with it. */
static void
on_manager_notify (JxDiffBarModel *self)
{
  JxSessionTrace *reference = jx_comparison_manager_get_reference (self->manager);
  JxSessionTrace *compared = jx_comparison_manager_get_compared (self->manager);
  JxSessionTrace *old_reference = self->reference_seen;
  gboolean compared_moved = compared != self->compared_seen;

  self->reference_seen = reference;
  self->compared_seen = compared;
  if (old_reference != reference && old_reference != NULL)
    g_signal_emit (self, signals[ROWS_CHANGED], 0, old_reference);
  if (reference != NULL && (old_reference != reference || compared_moved))
    g_signal_emit (self, signals[ROWS_CHANGED], 0, reference);
}

static gboolean
in_list (JxDiffBarModel *self,
         JxSessionTrace *item)
{
  guint n = self->items != NULL ? g_list_model_get_n_items (self->items) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) other = g_list_model_get_item (self->items, i);

      if (other == item)
        return TRUE;
    }
  return FALSE;
}

static void
sync_items (JxDiffBarModel *self)
{
  g_autoptr(GPtrArray) gone = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, value;
  guint n = self->items != NULL ? g_list_model_get_n_items (self->items) : 0;

  g_hash_table_iter_init (&iter, self->watched);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!in_list (self, value))
      g_ptr_array_add (gone, key);
  for (guint i = 0; i < gone->len; i++)
    {
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (gone, i), self);
      g_hash_table_remove (self->watched, g_ptr_array_index (gone, i));
    }
  if (self->reference_seen != NULL && !in_list (self, self->reference_seen))
    self->reference_seen = NULL;
  if (self->compared_seen != NULL && !in_list (self, self->compared_seen))
    self->compared_seen = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (self->items, i);
      JxTraceComparison *tc = jx_session_trace_get_trace_comparison (item);

      if (g_hash_table_contains (self->watched, tc))
        continue;
      g_hash_table_insert (self->watched, g_object_ref (tc), item);
      g_signal_connect (tc, "pair-done", G_CALLBACK (on_pair_done), self);
      g_signal_connect (tc, "reset", G_CALLBACK (on_reset), self);
    }
}

static void
on_items_changed (GListModel     *items,
                  guint           position,
                  guint           removed,
                  guint           added,
                  JxDiffBarModel *self)
{
  sync_items (self);
}

/* Object ------------------------------------------------------------------- */

static void
jx_diff_bar_model_dispose (GObject *object)
{
  JxDiffBarModel *self = JX_DIFF_BAR_MODEL (object);
  GHashTableIter iter;
  gpointer key;

  if (self->items != NULL)
    g_signal_handlers_disconnect_by_data (self->items, self);
  g_clear_weak_pointer (&self->items);
  if (self->manager != NULL)
    g_signal_handlers_disconnect_by_data (self->manager, self);
  g_clear_object (&self->manager);
  g_hash_table_iter_init (&iter, self->watched);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_signal_handlers_disconnect_by_data (key, self);
  g_hash_table_remove_all (self->watched);
  self->reference_seen = self->compared_seen = NULL;

  G_OBJECT_CLASS (jx_diff_bar_model_parent_class)->dispose (object);
}

static void
jx_diff_bar_model_finalize (GObject *object)
{
  JxDiffBarModel *self = JX_DIFF_BAR_MODEL (object);

  g_hash_table_unref (self->watched);

  G_OBJECT_CLASS (jx_diff_bar_model_parent_class)->finalize (object);
}

static void
jx_diff_bar_model_class_init (JxDiffBarModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = jx_diff_bar_model_dispose;
  object_class->finalize = jx_diff_bar_model_finalize;

  signals[BAR_CHANGED] = g_signal_new ("bar-changed", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 2, JX_TYPE_SESSION_TRACE, G_TYPE_UINT);
  signals[ROWS_CHANGED] = g_signal_new ("rows-changed", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST | G_SIGNAL_NO_HOOKS, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 1, JX_TYPE_SESSION_TRACE);
}

static void
jx_diff_bar_model_init (JxDiffBarModel *self)
{
  self->watched = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
}

JxDiffBarModel *
jx_diff_bar_model_new (JxComparisonManager *manager,
                       GListModel          *items)
{
  JxDiffBarModel *self;

  g_return_val_if_fail (JX_IS_COMPARISON_MANAGER (manager), NULL);
  g_return_val_if_fail (G_IS_LIST_MODEL (items), NULL);
  g_return_val_if_fail (g_list_model_get_item_type (items) == JX_TYPE_SESSION_TRACE, NULL);

  self = g_object_new (JX_TYPE_DIFF_BAR_MODEL, NULL);
  self->manager = g_object_ref (manager);
  g_set_weak_pointer (&self->items, items);
  g_signal_connect (items, "items-changed", G_CALLBACK (on_items_changed), self);
  g_signal_connect_swapped (manager, "notify::reference", G_CALLBACK (on_manager_notify), self);
  g_signal_connect_swapped (manager, "notify::compared-trace", G_CALLBACK (on_manager_notify), self);
  self->reference_seen = jx_comparison_manager_get_reference (manager);
  self->compared_seen = jx_comparison_manager_get_compared (manager);
  sync_items (self);
  return self;
}
