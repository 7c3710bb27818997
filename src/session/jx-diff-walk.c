/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-walk.c — see jx-diff-walk.h. */
#include "config.h"

#include "jx-diff-walk.h"

void
jx_diff_walk_clear (JxDiffWalk *walk)
{
  g_clear_pointer (&walk->function, g_free);
  g_clear_pointer (&walk->entries, g_array_unref);
  walk->tc = NULL;
  walk->cmp = NULL;
}

const JxComparisonPair *
jx_diff_walk_done_pair (JxTraceComparison *tc,
                        JxComparison      *cmp,
                        guint              index)
{
  const JxComparisonPair *pair = jx_comparison_get_pair (cmp, index);

  if (pair->stream_b == JX_NONE || pair->alignment == NULL || pair->diff == NULL ||
      jx_trace_comparison_get_stream_pair (tc, FALSE, pair->stream_b) != pair)
    return NULL;
  return pair;
}

const JxDiffTimingParams *
jx_diff_walk_params (JxTraceComparison  *tc,
                     JxDiffBarMode       mode,
                     JxDiffTimingParams *params)
{
  const JxDiffBarSet *bars = jx_trace_comparison_get_bars (tc, FALSE);
  const JxHeadline *headline;

  if (bars == NULL)
    return NULL;
  jx_diff_bar_set_get_timing_params (bars, params);
  /* An equal call is a stop only when its self time moved by a visible
   * share of the run, not by microseconds of start-up noise. */
  if ((headline = jx_trace_comparison_get_headline (tc)) != NULL)
    params->min_change_seconds = JX_DIFF_WALK_MIN_CHANGE_SHARE * MAX (headline->runtime_a, headline->runtime_b);
  return mode == JX_DIFF_BAR_STRUCTURE ? NULL : params;
}

static int
by_impact (gconstpointer x,
           gconstpointer y)
{
  const JxDiffWalkEntry *a = x, *b = y;

  if (a->impact != b->impact)
    return a->impact > b->impact ? -1 : 1;
  if (a->index != b->index)
    return a->index < b->index ? -1 : 1;
  return a->pair < b->pair ? -1 : (a->pair > b->pair ? 1 : 0);
}

/* TRUE when the walk was made from these and can be used again; else it
 * starts over, empty. */
static gboolean
reuse (JxDiffWalk        *walk,
       JxTraceComparison *tc,
       JxComparison      *cmp,
       JxDiffBarMode      mode,
       double             band,
       gboolean           impact,
       const char        *function)
{
  if (walk->entries != NULL && walk->tc == tc && walk->cmp == cmp &&
      walk->n_done == jx_trace_comparison_get_n_pairs (tc) && walk->mode == mode && walk->band == band &&
      walk->by_impact == impact && g_strcmp0 (walk->function, function) == 0)
    return TRUE;
  jx_diff_walk_clear (walk);
  walk->tc = tc;
  walk->cmp = cmp;
  walk->n_done = jx_trace_comparison_get_n_pairs (tc);
  walk->mode = mode;
  walk->band = band;
  walk->by_impact = impact;
  walk->function = g_strdup (function);
  walk->entries = g_array_new (FALSE, FALSE, sizeof (JxDiffWalkEntry));
  return FALSE;
}

const GArray *
jx_diff_walk_differences (JxDiffWalk        *walk,
                          JxTraceComparison *tc,
                          JxComparison      *cmp,
                          JxDiffBarMode      mode,
                          double             band)
{
  JxDiffTimingParams params;
  const JxDiffTimingParams *timing;
  const JxDiffBarSet *bars = jx_trace_comparison_get_bars (tc, FALSE);
  double floor_seconds;

  if (reuse (walk, tc, cmp, mode, band, TRUE, NULL) || bars == NULL)
    return walk->entries;
  timing = jx_diff_walk_params (tc, mode, &params);
  /* Structure only: the tick lengths still weigh the impact (the floor
   * was set by jx_diff_walk_params already). */
  floor_seconds = params.min_change_seconds;
  jx_diff_bar_set_get_timing_params (bars, &params);
  params.min_change_seconds = floor_seconds;
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *pair = jx_diff_walk_done_pair (tc, cmp, i);
      g_autoptr(GArray) changes = NULL;

      if (pair == NULL)
        continue;
      changes = jx_pair_diff_changes_by_impact (pair->diff, &params, timing != NULL, JX_DIFF_WALK_MAX_PER_PAIR);
      for (guint c = 0; c < changes->len; c++)
        {
          const JxDiffChange *change = &g_array_index (changes, JxDiffChange, c);
          JxDiffWalkEntry entry = { i, change->pair, change->impact };

          g_array_append_val (walk->entries, entry);
        }
    }
  g_array_sort (walk->entries, by_impact);
  return walk->entries;
}

/* Per region of trace: 1 where its name is `function`. */
static guint8 *
function_mask (JxTrace    *trace,
               const char *function,
               gboolean   *any)
{
  guint n = jx_trace_get_n_regions (trace);
  guint8 *mask = g_new0 (guint8, MAX (n, 1));

  for (guint r = 0; r < n; r++)
    {
      const JxRegion *region = jx_trace_get_region (trace, r);

      mask[r] = region != NULL && g_strcmp0 (region->name, function) == 0;
      *any |= mask[r];
    }
  return mask;
}

const GArray *
jx_diff_walk_calls (JxDiffWalk        *walk,
                    JxTraceComparison *tc,
                    JxComparison      *cmp,
                    JxTrace           *trace_b,
                    const char        *function,
                    gboolean           impact)
{
  JxTrace *trace_a = jx_trace_comparison_get_reference (tc);
  const JxDiffBarSet *bars = jx_trace_comparison_get_bars (tc, FALSE);
  g_autofree guint8 *mask_a = NULL;
  g_autofree guint8 *mask_b = NULL;
  JxDiffTimingParams params;
  gboolean any = FALSE;

  if (reuse (walk, tc, cmp, JX_DIFF_BAR_STRUCTURE, 0.0, impact, function) ||
      trace_a == NULL || trace_b == NULL || bars == NULL)
    return walk->entries;
  jx_diff_bar_set_get_timing_params (bars, &params);
  mask_a = function_mask (trace_a, function, &any);
  mask_b = function_mask (trace_b, function, &any);
  for (guint i = 0; any && i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *pair = jx_diff_walk_done_pair (tc, cmp, i);
      const JxHierAlignment *al;
      const JxStream *sa, *sb;

      if (pair == NULL)
        continue;
      al = pair->alignment;
      sa = jx_trace_get_stream (trace_a, pair->stream_a);
      sb = jx_trace_get_stream (trace_b, pair->stream_b);
      for (gsize k = 0; k < al->n_pairs; k++)
        {
          guint32 ia = al->pairs[k].a, ib = al->pairs[k].b;

          if ((ia != JX_ALIGN_NONE && mask_a[sa->region[ia]]) || (ib != JX_ALIGN_NONE && mask_b[sb->region[ib]]))
            {
              JxDiffWalkEntry entry = { i, (guint32) k, 0.0 };

              if (impact)
                entry.impact = jx_pair_diff_pair_impact (pair->diff, (guint32) k, params.seconds_per_tick_a,
                                                         params.seconds_per_tick_b);
              g_array_append_val (walk->entries, entry);
            }
        }
    }
  if (impact)
    g_array_sort (walk->entries, by_impact);
  return walk->entries;
}

guint
jx_diff_walk_find (const GArray           *entries,
                   const JxComparisonPair *current,
                   guint32                 at)
{
  if (current == NULL || at == JX_NONE)
    return G_MAXUINT;
  for (guint e = 0; e < entries->len; e++)
    {
      const JxDiffWalkEntry *entry = &g_array_index (entries, JxDiffWalkEntry, e);

      if (entry->index == current->index && entry->pair == at)
        return e;
    }
  return G_MAXUINT;
}
