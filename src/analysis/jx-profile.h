/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-profile.h — flat profiles: per-region invocation counts, inclusive and
 * exclusive time over streams and a time range. */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 count;       /* invocations that intersect the range */
  guint64 inclusive;   /* ticks, clipped to the range */
  guint64 exclusive;   /* ticks, clipped to the range */
} JxRegionStats;

/* Per-region statistics over the given streams (NULL = all streams) and the
 * time range [t0, t1) in ticks (0, G_MAXUINT64 = whole trace). Inclusive time of
 * recursive invocations is counted for every invocation. Returns an array of
 * jx_trace_get_n_regions() JxRegionStats, indexed by region. */
JxRegionStats *jx_profile_compute_region_stats (JxTrace       *trace,
                                                const guint32 *streams,
                                                guint          n_streams,
                                                guint64        t0,
                                                guint64        t1);

G_END_DECLS
