/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-tooltip.h — the words of a trace's timeline under the pointer:
 * Pango markup for the hover tooltip of what jx_timeline_renderer_hit()
 * found. No widget code, so the tests read them without a display; the
 * timeline canvas picks which one to show. Times are comparison time (the
 * trace's JxTimeOrigin, jx-time.h), durations come from the trace's ticks.
 * Free the results with g_free. */
#pragma once

#include "jx-group-summary.h"
#include "jx-imbalance.h"
#include "jx-timeline-fold.h"
#include "jx-timeline-layout.h"

G_BEGIN_DECLS

/* An invocation: function, "process · stream", start, inclusive and
 * exclusive duration. */
char *jx_timeline_tooltip_invocation (JxTrace             *trace,
                                      JxTimeOrigin         origin,
                                      guint32              stream,
                                      guint32              invocation);

/* A row's label (labels may be ellipsized): process and stream names and
 * what a double click does; `call_stack_shown` when the row's process shows
 * its call stack. */
char *jx_timeline_tooltip_label      (JxTrace             *trace,
                                      const JxTimelineRow *row,
                                      gboolean             call_stack_shown);

/* The label of a diff bar: what it compares (with the trace named
 * `other_name`, may be NULL) and what its colours say. */
char *jx_timeline_tooltip_diff_label (const char          *other_name);
/* The label of a COUNTER row: the metric, what is shown and the shared scale. */
char *jx_timeline_tooltip_counter_label (JxTrace          *trace,
                                         guint32           metric,
                                         double            min,
                                         double            max);

/* A segment of the SOS overlay: its function and number, where it ran, its
 * inclusive, synchronization and SOS time, and how far it is from the
 * median of its segment number. */
char *jx_timeline_tooltip_segment    (JxTrace             *trace,
                                      JxImbalance         *imbalance,
                                      guint                segment);

/* A group's header row at `tick`: its name, how many streams fold by which
 * operation, the states its members are in there (from `fold`, may be
 * NULL), its `note` (e.g. "busy 75 %", may be NULL or empty) and, with a
 * range selected, the function mix there (`mix`; NULL: still computing). */
char *jx_timeline_tooltip_group      (JxTrace             *trace,
                                      const JxStreamGroup *group,
                                      guint32              group_index,
                                      JxTimelineFold      *fold,
                                      JxFoldOp             op,
                                      gint64               tick,
                                      const char          *note,
                                      gboolean             range_selected,
                                      const JxGroupSummary *mix);

G_END_DECLS
