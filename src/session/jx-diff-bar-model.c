/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-bar-model.c — see jx-diff-bar-model.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-diff-bar-model.h"
#include "jx-diff-walk.h"
#include "jx-session-types.h"

struct _JxDiffBarModel
{
  GObject              parent_instance;

  JxComparisonManager *manager;
  GListModel          *items;           /* weak */
  GHashTable          *watched;         /* JxTraceComparison* (owned) -> its JxSessionTrace* */
  JxSessionTrace      *reference_seen;  /* the manager's, when last told (not owned) */
  JxSessionTrace      *compared_seen;

  JxDiffBarMode        mode;
  double               band;
  gboolean             by_impact;
  JxDiffWalk           differences;     /* by impact */
  JxDiffWalk           calls;           /* of a function */
};

enum {
  BAR_CHANGED,
  ROWS_CHANGED,
  N_SIGNALS
};

enum {
  PROP_0,
  PROP_DIFF_MODE,
  PROP_NOISE_BAND,
  PROP_BY_IMPACT,
  N_PROPS
};

static guint signals[N_SIGNALS];
static GParamSpec *properties[N_PROPS];

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

/* Alignment pair k of `pair`, on the side that has its call (B first
 * when prefer_b). */
static void
pair_call (JxDiffBarModel         *self,
           JxSessionTrace         *holder,
           const JxComparisonPair *pair,
           guint32                 k,
           gboolean                prefer_b,
           JxDiffBarCall          *found)
{
  const JxHierAlignment *al = pair->alignment;
  gboolean on_b = prefer_b ? al->pairs[k].b != JX_ALIGN_NONE : al->pairs[k].a == JX_ALIGN_NONE;

  if (on_b)
    *found = (JxDiffBarCall) { holder, pair->stream_b, al->pairs[k].b };
  else
    *found = (JxDiffBarCall) { jx_comparison_manager_get_reference (self->manager), pair->stream_a, al->pairs[k].a };
}

/* Where `from` lies: its stream pair and alignment pair, and its side. */
static void
locate (JxDiffBarModel          *self,
        const JxDiffBarCall     *from,
        const JxComparisonPair **current,
        guint32                 *at,
        gboolean                *prefer_b)
{
  *current = NULL;
  *at = JX_NONE;
  *prefer_b = FALSE;
  if (from != NULL && from->item != NULL)
    {
      gboolean side_b;

      if (jx_diff_bar_model_get_bar (self, from->item, from->stream, current, &side_b, NULL))
        {
          *at = jx_pair_diff_pair_of ((*current)->diff, side_b, from->invocation);
          *prefer_b = side_b;
        }
    }
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
  JxDiffTimingParams params;
  const JxDiffTimingParams *timing;
  guint32 at = JX_NONE;
  gboolean prefer_b = FALSE;
  guint n, start;

  g_return_val_if_fail (JX_IS_DIFF_BAR_MODEL (self), FALSE);
  g_return_val_if_fail (holder == NULL || JX_IS_SESSION_TRACE (holder), FALSE);
  g_return_val_if_fail (found != NULL, FALSE);

  locate (self, from, &current, &at, &prefer_b);
  if (holder == NULL)
    return FALSE;
  tc = jx_session_trace_get_trace_comparison (holder);
  if ((cmp = jx_trace_comparison_get_comparison (tc)) == NULL)
    return FALSE;
  /* `from` in another comparison than the holder's: start over. */
  if (current != NULL && (current->index >= jx_comparison_get_n_pairs (cmp) ||
                          jx_comparison_get_pair (cmp, current->index) != current))
    current = NULL;

  if (self->by_impact)
    {
      const GArray *entries = jx_diff_walk_differences (&self->differences, tc, cmp, self->mode, self->band);
      guint e = jx_diff_walk_find (entries, current, at);
      const JxDiffWalkEntry *entry;

      if (e == G_MAXUINT)
        e = forward ? 0 : entries->len - 1;
      else if (forward)
        e++;
      else
        e = e > 0 ? e - 1 : G_MAXUINT;
      if (e >= entries->len)
        return FALSE;
      entry = &g_array_index (entries, JxDiffWalkEntry, e);
      pair_call (self, holder, jx_comparison_get_pair (cmp, entry->index), entry->pair, prefer_b, found);
      return TRUE;
    }

  timing = jx_diff_walk_params (tc, self->mode, &params);
  if (current != NULL)
    {
      guint32 k = jx_pair_diff_next_change (current->diff, at, forward, timing);

      if (k != JX_NONE)
        {
          pair_call (self, holder, current, k, prefer_b, found);
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
      guint32 k;

      if (current == NULL && forward)
        index = step - 1;
      if (index >= n)
        break;
      if ((pair = jx_diff_walk_done_pair (tc, cmp, index)) == NULL)
        continue;
      k = jx_pair_diff_next_change (pair->diff, JX_NONE, forward, timing);
      if (k != JX_NONE)
        {
          pair_call (self, holder, pair, k, prefer_b, found);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
jx_diff_bar_model_next_in (JxDiffBarModel      *self,
                           JxSessionTrace      *holder,
                           const GArray        *entries,
                           const char          *function,
                           const JxDiffBarCall *from,
                           gboolean             forward,
                           JxDiffBarCall       *found,
                           guint               *index)
{
  JxTraceComparison *tc;
  JxComparison *cmp;
  const JxComparisonPair *current = NULL, *pair;
  const JxDiffWalkEntry *entry;
  const JxAlignPair *ap;
  guint32 at = JX_NONE;
  gboolean prefer_b = TRUE;
  guint e, n;

  g_return_val_if_fail (JX_IS_DIFF_BAR_MODEL (self), FALSE);
  g_return_val_if_fail (holder == NULL || JX_IS_SESSION_TRACE (holder), FALSE);
  g_return_val_if_fail (entries != NULL, FALSE);
  g_return_val_if_fail (found != NULL, FALSE);

  if (holder == NULL || (n = entries->len) == 0)
    return FALSE;
  tc = jx_session_trace_get_trace_comparison (holder);
  if ((cmp = jx_trace_comparison_get_comparison (tc)) == NULL)
    return FALSE;
  locate (self, from, &current, &at, &prefer_b);
  if (from == NULL || from->item == NULL)
    prefer_b = TRUE;
  if (current != NULL && (current->index >= jx_comparison_get_n_pairs (cmp) ||
                          jx_comparison_get_pair (cmp, current->index) != current))
    current = NULL;
  e = jx_diff_walk_find (entries, current, at);
  if (e == G_MAXUINT)
    e = forward ? 0 : n - 1;
  else
    e = forward ? (e + 1) % n : (e + n - 1) % n;
  entry = &g_array_index (entries, JxDiffWalkEntry, e);
  pair = jx_comparison_get_pair (cmp, entry->index);
  if (pair->alignment == NULL || entry->pair >= pair->alignment->n_pairs)
    return FALSE;
  pair_call (self, holder, pair, entry->pair, prefer_b, found);
  /* The function's own call, when the pair's other call is not of it. */
  ap = &pair->alignment->pairs[entry->pair];
  if (function != NULL)
    {
      JxTrace *trace = found->item == holder ? jx_session_trace_get_trace (holder)
                                             : jx_trace_comparison_get_reference (tc);
      const JxStream *s = jx_trace_get_stream (trace, found->stream);
      const JxRegion *region = jx_trace_get_region (trace, s->region[found->invocation]);

      if (region == NULL || g_strcmp0 (region->name, function) != 0)
        {
          gboolean on_b = found->item != holder;

          if ((on_b ? ap->b : ap->a) != JX_ALIGN_NONE)
            pair_call (self, holder, pair, entry->pair, on_b, found);
        }
    }
  if (index != NULL)
    *index = e;
  return TRUE;
}

gboolean
jx_diff_bar_model_next_call_of (JxDiffBarModel      *self,
                                JxSessionTrace      *holder,
                                const char          *function,
                                const JxDiffBarCall *from,
                                gboolean             forward,
                                JxDiffBarCall       *found,
                                guint               *index,
                                guint               *count)
{
  JxTraceComparison *tc;
  JxComparison *cmp;
  const GArray *entries;

  g_return_val_if_fail (JX_IS_DIFF_BAR_MODEL (self), FALSE);
  g_return_val_if_fail (holder == NULL || JX_IS_SESSION_TRACE (holder), FALSE);
  g_return_val_if_fail (function != NULL, FALSE);
  g_return_val_if_fail (found != NULL, FALSE);

  if (holder == NULL)
    return FALSE;
  tc = jx_session_trace_get_trace_comparison (holder);
  if ((cmp = jx_trace_comparison_get_comparison (tc)) == NULL)
    return FALSE;
  entries = jx_diff_walk_calls (&self->calls, tc, cmp, jx_session_trace_get_trace (holder), function,
                                self->by_impact);
  if (count != NULL)
    *count = entries->len;
  return jx_diff_bar_model_next_in (self, holder, entries, function, from, forward, found, index);
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

/* A repair took the stream's pair away: its bar is empty now. */
static void
on_stream_dropped (JxTraceComparison *tc,
                   gboolean           reference_side,
                   guint              stream,
                   JxDiffBarModel    *self)
{
  JxSessionTrace *item = g_hash_table_lookup (self->watched, tc);
  JxSessionTrace *reference = jx_comparison_manager_get_reference (self->manager);

  g_assert (item != NULL);
  if (!reference_side)
    g_signal_emit (self, signals[BAR_CHANGED], 0, item, stream);
  else if (reference != NULL && item == jx_comparison_manager_get_compared (self->manager))
    g_signal_emit (self, signals[BAR_CHANGED], 0, reference, stream);
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

static void
sync_items (JxDiffBarModel *self)
{
  g_autoptr(GPtrArray) gone = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, value;
  guint n = self->items != NULL ? g_list_model_get_n_items (self->items) : 0;

  g_hash_table_iter_init (&iter, self->watched);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!jx_list_model_contains (self->items, value))
      g_ptr_array_add (gone, key);
  for (guint i = 0; i < gone->len; i++)
    {
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (gone, i), self);
      g_hash_table_remove (self->watched, g_ptr_array_index (gone, i));
    }
  if (self->reference_seen != NULL && !jx_list_model_contains (self->items, self->reference_seen))
    self->reference_seen = NULL;
  if (self->compared_seen != NULL && !jx_list_model_contains (self->items, self->compared_seen))
    self->compared_seen = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (self->items, i);
      JxTraceComparison *tc = jx_session_trace_get_trace_comparison (item);

      if (g_hash_table_contains (self->watched, tc))
        continue;
      g_hash_table_insert (self->watched, g_object_ref (tc), item);
      jx_trace_comparison_set_bar_style (tc, self->mode, self->band);
      g_signal_connect (tc, "pair-done", G_CALLBACK (on_pair_done), self);
      g_signal_connect (tc, "reset", G_CALLBACK (on_reset), self);
      g_signal_connect (tc, "stream-dropped", G_CALLBACK (on_stream_dropped), self);
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

/* Settings ----------------------------------------------------------------- */

/* Every bar shows something else: each trace's bars are drawn again. */
static void
restyle (JxDiffBarModel *self)
{
  GHashTableIter iter;
  gpointer key;
  guint n = self->items != NULL ? g_list_model_get_n_items (self->items) : 0;

  g_hash_table_iter_init (&iter, self->watched);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    jx_trace_comparison_set_bar_style (key, self->mode, self->band);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionTrace) item = g_list_model_get_item (self->items, i);

      g_signal_emit (self, signals[BAR_CHANGED], 0, item, (guint) JX_NONE);
    }
}

JxDiffBarMode
jx_diff_bar_model_get_mode (JxDiffBarModel *self)
{
  g_return_val_if_fail (JX_IS_DIFF_BAR_MODEL (self), JX_DIFF_BAR_BOTH);
  return self->mode;
}

void
jx_diff_bar_model_set_mode (JxDiffBarModel *self,
                            JxDiffBarMode   mode)
{
  g_return_if_fail (JX_IS_DIFF_BAR_MODEL (self));
  g_return_if_fail (mode < JX_DIFF_BAR_N_MODES);

  if (self->mode == mode)
    return;
  self->mode = mode;
  restyle (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIFF_MODE]);
}

double
jx_diff_bar_model_get_band (JxDiffBarModel *self)
{
  g_return_val_if_fail (JX_IS_DIFF_BAR_MODEL (self), 0.10);
  return self->band;
}

void
jx_diff_bar_model_set_band (JxDiffBarModel *self,
                            double          band)
{
  g_return_if_fail (JX_IS_DIFF_BAR_MODEL (self));

  band = isnan (band) ? 0.10 : CLAMP (band, 0.0, 0.9);
  if (self->band == band)
    return;
  self->band = band;
  restyle (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOISE_BAND]);
}

gboolean
jx_diff_bar_model_get_by_impact (JxDiffBarModel *self)
{
  g_return_val_if_fail (JX_IS_DIFF_BAR_MODEL (self), FALSE);
  return self->by_impact;
}

void
jx_diff_bar_model_set_by_impact (JxDiffBarModel *self,
                                 gboolean        by_impact)
{
  g_return_if_fail (JX_IS_DIFF_BAR_MODEL (self));

  by_impact = !!by_impact;
  if (self->by_impact == by_impact)
    return;
  self->by_impact = by_impact;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BY_IMPACT]);
}

/* Object ------------------------------------------------------------------- */

static void
jx_diff_bar_model_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  JxDiffBarModel *self = JX_DIFF_BAR_MODEL (object);

  switch (prop_id)
    {
    case PROP_DIFF_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_NOISE_BAND:
      g_value_set_double (value, self->band);
      break;
    case PROP_BY_IMPACT:
      g_value_set_boolean (value, self->by_impact);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_diff_bar_model_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  JxDiffBarModel *self = JX_DIFF_BAR_MODEL (object);

  switch (prop_id)
    {
    case PROP_DIFF_MODE:
      jx_diff_bar_model_set_mode (self, g_value_get_enum (value));
      break;
    case PROP_NOISE_BAND:
      jx_diff_bar_model_set_band (self, g_value_get_double (value));
      break;
    case PROP_BY_IMPACT:
      jx_diff_bar_model_set_by_impact (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

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
  jx_diff_walk_clear (&self->differences);
  jx_diff_walk_clear (&self->calls);

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
  object_class->get_property = jx_diff_bar_model_get_property;
  object_class->set_property = jx_diff_bar_model_set_property;

  properties[PROP_DIFF_MODE] =
    g_param_spec_enum ("diff-mode", NULL, NULL, JX_TYPE_DIFF_BAR_MODE, JX_DIFF_BAR_BOTH,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NOISE_BAND] =
    g_param_spec_double ("noise-band", NULL, NULL, 0.0, 0.9, 0.10,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BY_IMPACT] =
    g_param_spec_boolean ("differences-by-impact", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  self->mode = JX_DIFF_BAR_BOTH;
  self->band = 0.10;
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
