/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-group-summary.c — see jx-group-summary.h. */
#include "config.h"

#include "jx-group-summary.h"

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

JxGroupSummary *
jx_group_summary_compute (JxTrace       *trace,
                          const guint32 *streams,
                          guint          n_streams,
                          guint64        t0,
                          guint64        t1,
                          guint          top_n)
{
  JxGroupSummary *summary;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (streams != NULL || n_streams == 0, NULL);

  summary = g_new0 (JxGroupSummary, 1);
  summary->busy_share = jx_group_busy_share (trace, streams, n_streams, t0, t1);
  if (n_streams == 0 || t1 <= t0)
    {
      summary->functions = g_array_new (FALSE, TRUE, sizeof (JxFunctionSummaryBar));
      return summary;
    }
  /* Every function first, for the categories; then the top ones. */
  summary->functions = jx_function_summary_compute_streams (trace, streams, n_streams, t0, t1, 0,
                                                            &summary->exclusive_s);
  for (guint i = 0; i < summary->functions->len; i++)
    {
      const JxFunctionSummaryBar *bar = &g_array_index (summary->functions, JxFunctionSummaryBar, i);

      summary->category_share[MIN (jx_trace_get_region (trace, bar->region)->category, JX_N_CATEGORIES - 1)] +=
        bar->fraction;
    }
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
