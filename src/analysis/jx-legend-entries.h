/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-legend-entries.h — what the legend of a comparison lists.
 *
 * One entry per category present (category regions share one colour), then
 * one entry per user function, ordered by exclusive time summed over the
 * traces (largest first). The colours come from the palette
 * (jx_palette_legend_color). */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  char       *name;           /* category label or function name */
  JxCategory  category;
  gboolean    is_category;    /* TRUE: entry stands for all regions of `category` */
  guint64     exclusive_ns;   /* summed over the traces, converted to ns */
} JxLegendEntry;

/* Array of JxLegendEntry (clear func set), at most max_functions user
 * functions (0 = all). The walk over the traces may take a while on large
 * traces: call it from a worker thread. */
GArray   *jx_legend_entries_compute (JxTrace **traces,
                                     guint     n_traces,
                                     guint     max_functions);

G_END_DECLS
