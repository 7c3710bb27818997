/* jx-group-summary.c — see jx-group-summary.h. */
#include "config.h"

#include "jx-group-summary.h"
#include "jx-profile.h"

typedef struct
{
  guint64 start;
  guint64 end;
} Interval;

static int
compare_intervals (gconstpointer a,
                   gconstpointer b)
{
  const Interval *x = a, *y = b;

  return x->start < y->start ? -1 : (x->start > y->start ? 1 : 0);
}

/* The top-level invocations of s that overlap [t0, t1), clipped. */
static void
collect_roots (const JxStream *s,
               guint64         t0,
               guint64         t1,
               GArray         *out)
{
  guint32 lo = 0, hi = s->n_invocations, i;

  /* Last invocation starting before t0; its root may cover t0. */
  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (s->start[mid] < t0)
        lo = mid + 1;
      else
        hi = mid;
    }
  i = lo;
  if (lo > 0)
    {
      guint32 c = lo - 1;

      while (s->parent[c] != JX_NONE)
        c = s->parent[c];
      i = s->end[c] > t0 ? c : s->subtree_end[c];
    }
  /* i is a root or the first invocation at or after t0, which is a root
   * unless it nests in a root that started earlier (handled above). */
  while (i < s->n_invocations && s->start[i] < t1)
    {
      Interval iv = { MAX (s->start[i], t0), MIN (s->end[i], t1) };

      if (iv.end > iv.start)
        g_array_append_val (out, iv);
      i = s->subtree_end[i];
    }
}

double
jx_group_busy_share (JxTrace       *trace,
                     const guint32 *streams,
                     guint          n_streams,
                     guint64        t0,
                     guint64        t1)
{
  g_autoptr(GArray) intervals = NULL;
  guint n_all;
  guint64 busy = 0, reach = t0;

  g_return_val_if_fail (JX_IS_TRACE (trace), 0.0);
  g_return_val_if_fail (streams != NULL || n_streams == 0, 0.0);

  if (t1 <= t0)
    return 0.0;
  n_all = jx_trace_get_n_streams (trace);
  intervals = g_array_new (FALSE, FALSE, sizeof (Interval));
  for (guint k = 0; k < n_streams; k++)
    if (streams[k] < n_all)
      collect_roots (jx_trace_get_stream (trace, streams[k]), t0, t1, intervals);
  g_array_sort (intervals, compare_intervals);
  for (guint i = 0; i < intervals->len; i++)
    {
      const Interval *iv = &g_array_index (intervals, Interval, i);

      if (iv->end <= reach)
        continue;
      busy += iv->end - MAX (iv->start, reach);
      reach = iv->end;
    }
  return (double) busy / (double) (t1 - t0);
}

static int
compare_bars (gconstpointer a,
              gconstpointer b)
{
  const JxFunctionSummaryBar *x = a, *y = b;

  if (x->exclusive_s != y->exclusive_s)
    return x->exclusive_s > y->exclusive_s ? -1 : 1;
  return x->region < y->region ? -1 : (x->region > y->region ? 1 : 0);
}

JxGroupSummary *
jx_group_summary_compute (JxTrace       *trace,
                          const guint32 *streams,
                          guint          n_streams,
                          guint64        t0,
                          guint64        t1,
                          guint          top_n)
{
  g_autofree JxRegionStats *stats = NULL;
  JxGroupSummary *summary;
  guint n_regions;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (streams != NULL || n_streams == 0, NULL);

  summary = g_new0 (JxGroupSummary, 1);
  summary->functions = g_array_new (FALSE, TRUE, sizeof (JxFunctionSummaryBar));
  summary->busy_share = jx_group_busy_share (trace, streams, n_streams, t0, t1);
  if (n_streams == 0 || t1 <= t0)
    return summary;

  n_regions = jx_trace_get_n_regions (trace);
  stats = jx_profile_compute_region_stats (trace, streams, n_streams, t0, t1);
  for (guint r = 0; stats != NULL && r < n_regions; r++)
    {
      JxFunctionSummaryBar bar = { 0 };
      guint category = MIN (jx_trace_get_region (trace, r)->category, JX_N_CATEGORIES - 1);

      if (stats[r].exclusive == 0)
        continue;
      bar.region = r;
      bar.exclusive_s = jx_trace_ticks_to_seconds (trace, (gint64) stats[r].exclusive);
      bar.exclusive_ns = jx_trace_ticks_to_ns (trace, (gint64) stats[r].exclusive);
      bar.count = stats[r].count;
      summary->exclusive_s += bar.exclusive_s;
      summary->category_share[category] += bar.exclusive_s;
      g_array_append_val (summary->functions, bar);
    }
  g_array_sort (summary->functions, compare_bars);
  for (guint i = 0; i < summary->functions->len; i++)
    {
      JxFunctionSummaryBar *bar = &g_array_index (summary->functions, JxFunctionSummaryBar, i);

      bar->fraction = summary->exclusive_s > 0.0 ? bar->exclusive_s / summary->exclusive_s : 0.0;
    }
  for (guint c = 0; c < JX_N_CATEGORIES; c++)
    summary->category_share[c] = summary->exclusive_s > 0.0 ? summary->category_share[c] / summary->exclusive_s : 0.0;
  if (top_n > 0 && summary->functions->len > top_n)
    g_array_set_size (summary->functions, top_n);
  return summary;
}

void
jx_group_summary_free (JxGroupSummary *summary)
{
  if (summary == NULL)
    return;
  g_clear_pointer (&summary->functions, g_array_unref);
  g_free (summary);
}
