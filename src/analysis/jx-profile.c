/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-profile.c — see jx-profile.h. */
#include "config.h"

#include "jx-profile.h"
#include "jx-trace-query.h"

static void
stream_stats (const JxStream *s,
              JxRegionStats  *stats,
              guint64         t0,
              guint64         t1)
{
  guint32 i = jx_stream_lower_bound (s, t0);

  while (i < s->n_invocations && s->start[i] < t1)
    {
      guint64 a = MAX (s->start[i], t0);
      guint64 b = MIN (s->end[i], t1);
      gboolean hit = a < b || (s->start[i] == s->end[i] && s->start[i] >= t0);
      guint64 clip;

      if (!hit)
        {
          /* Ended before t0: so did its whole subtree (a zero-length child
           * exactly at t0 still counts, hence the strict comparison). */
          i = s->end[i] < t0 ? s->subtree_end[i] : i + 1;
          continue;
        }

      clip = a < b ? b - a : 0;
      stats[s->region[i]].count++;
      stats[s->region[i]].inclusive += clip;
      stats[s->region[i]].exclusive += clip;
      /* The parent contains this interval, so it is counted too; unsigned
       * wrap-around cancels once the parent's own time is added. */
      if (s->parent[i] != JX_NONE)
        stats[s->region[s->parent[i]]].exclusive -= clip;
      i++;
    }
}

JxRegionStats *
jx_profile_compute_region_stats (JxTrace       *trace,
                                 const guint32 *streams,
                                 guint          n_streams,
                                 guint64        t0,
                                 guint64        t1)
{
  JxRegionStats *stats;
  guint i;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  stats = g_new0 (JxRegionStats, MAX (jx_trace_get_n_regions (trace), 1));
  if (t1 <= t0)
    return stats;

  if (streams == NULL)
    n_streams = jx_trace_get_n_streams (trace);

  for (i = 0; i < n_streams; i++)
    {
      guint index = streams != NULL ? streams[i] : i;

      g_return_val_if_fail (index < jx_trace_get_n_streams (trace), stats);
      stream_stats (jx_trace_get_stream (trace, index), stats, t0, t1);
    }
  return stats;
}
