/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-layout.h — the geometry of a master timeline: its rows (one
 * per stream under its process, or per call-stack level) and the view
 * (visible window, size, label column) that maps a trace's ticks to pixels;
 * comparison time becomes ticks through jx_time_comparison_to_ticks()
 * (jx-time.h). No drawing here, so the layout serves hit testing and
 * headless rendering alike. */
#pragma once

#include "jx-diff-bar-set.h"
#include "jx-rgba.h"
#include "jx-stream-groups.h"
#include "jx-trace.h"

G_BEGIN_DECLS

typedef enum
{
  JX_TIMELINE_ROW_STREAM,     /* one stream: innermost running function */
  JX_TIMELINE_ROW_PROCESS,    /* process header: expander, name, aggregate of its streams */
  JX_TIMELINE_ROW_DEPTH,      /* call-stack mode: one nesting level of one stream */
  JX_TIMELINE_ROW_GROUP,      /* header of a device, node, all-processes or custom group:
                                 expander, name, the fold of its members */
  JX_TIMELINE_ROW_DIFF,       /* thin diff bar under a stream that has a partner (jx-pair-diff.h) */
  JX_TIMELINE_ROW_COUNTER,    /* a metric of the stream above as a line (jx-timeline-counter.h) */
} JxTimelineRowKind;

typedef struct
{
  JxTimelineRowKind kind;
  guint32  process;           /* process index (every kind) */
  guint32  stream;            /* STREAM, DEPTH, DIFF: stream index; PROCESS: JX_NONE */
  guint16  depth;             /* DEPTH: nesting level (0 = roots) */
  guint8   collapsed;         /* PROCESS: TRUE when its stream rows are hidden */
  guint8   first_in_process;  /* TRUE for the first row of a process (separator line above) */
  int      y;                 /* top, pixels from the top of the timeline drawing */
  int      height;            /* pixels */
  /* With groups (JxTimelineLayoutParams.groups): */
  guint32  group;             /* PROCESS, GROUP: its group index; JX_NONE otherwise */
  guint8   level;             /* nesting depth of the row in the group tree, 0 at the top */
  guint8   qualified;         /* STREAM: labelled "process / stream" (outside its process) */
} JxTimelineRow;

typedef struct
{
  int            row_height;          /* stream and depth rows, px (e.g. 18) */
  int            header_height;       /* process header rows, px (e.g. 18) */
  const guint8  *collapsed;           /* per process, non-zero = collapsed; NULL = all expanded */
  guint32        call_stack_process;  /* this process's streams are shown as depth rows; JX_NONE = none */
  JxStreamGroups *groups;             /* NULL: processes only, as above */
  const guint8  *folded;              /* per group of groups, non-zero = folded; NULL = none
                                         (process groups also fold through `collapsed`) */
  const guint8  *diff_streams;        /* per stream, non-zero = a DIFF row under its STREAM row; NULL = none */
  int            diff_height;         /* px of DIFF rows (e.g. 7) */
  const guint8  *counter_streams;     /* per stream, non-zero = a COUNTER row under it (after its
                                         DIFF row); NULL = none */
  int            counter_height;      /* px of COUNTER rows (e.g. 28) */
  /* Readable processes in a compressed layout: per process, non-zero = its
   * header, stream and depth rows are at least readable_height px whatever
   * row_height and header_height say (the processes the user expanded keep
   * readable rows while the others share what is left); NULL = none. */
  const guint8  *readable;
  int            readable_height;     /* px (e.g. 18); 0 = row_height */
} JxTimelineLayoutParams;

void     jx_timeline_layout_params_init (JxTimelineLayoutParams *params);

/* Row layout, an array of JxTimelineRow. A process with one stream gets one
 * STREAM row labelled with the process name; a process with several streams
 * gets a PROCESS header row (aggregate activity) followed, unless collapsed,
 * by one STREAM row per stream. The call-stack process gets, per stream, a
 * STREAM row followed by its depth rows. A stream marked in diff_streams
 * gets its DIFF row right under its STREAM row, one marked in
 * counter_streams its COUNTER row under that. total_height (may be NULL)
 * receives the height of all rows.
 *
 * With groups the rows follow the group tree (jx-stream-groups.h): a
 * header row per group (PROCESS for process groups, GROUP for the others)
 * showing the fold of its members, then, unless folded, its rows; a folded
 * group still lists the accelerator device groups inside it. A custom
 * group comes first. */
GArray  *jx_timeline_layout_new      (JxTrace                      *trace,
                                      const JxTimelineLayoutParams *params,
                                      int                          *total_height);

/* Row containing y (timeline coordinates, i.e. including scroll), or -1. */
int      jx_timeline_layout_row_at   (const JxTimelineRow *rows,
                                      guint                n_rows,
                                      int                  y);

/* Per-region search mask (non-zero where the region's name contains `text`,
 * case-insensitively), length jx_trace_get_n_regions(). NULL when text is
 * NULL or empty. n_matches (may be NULL) receives the number of matching regions. */
guint8  *jx_timeline_search_mask_new (JxTrace    *trace,
                                      const char *text,
                                      guint      *n_matches);

/* A marker to draw on a timeline, in trace ticks (see jx-marker-flags.h). */
typedef struct
{
  gint64   start;
  gint64   end;                        /* start + duration */
  guint8   severity;                   /* OTF2_MarkerSeverity */
  guint8   state;                      /* JxMarkerFlagState */
} JxTimelineMarker;

typedef struct
{
  gint64               start;          /* trace ticks at the left edge of the time area */
  gint64               end;            /* trace ticks at the right edge, > start */
  int                  width;          /* px of the whole drawing, label column included */
  int                  height;         /* px */
  int                  label_width;    /* px of the row-label column at the left; 0 = none */
  int                  scroll_y;       /* row r is drawn at rows[r].y - scroll_y */
  const JxTimelineRow *rows;
  guint                n_rows;
  gboolean             dark;
  JxRgba               background;     /* the trace's tint */
  guint32              selected_stream;      /* JX_NONE = no selected invocation */
  guint32              selected_invocation;
  const guint8        *search_mask;    /* NULL = no search; else non-matching regions are dimmed */
  gboolean             show_messages;  /* lines sender -> receiver when zoomed in enough */
  gboolean             show_markers;
  const JxTimelineMarker *markers;     /* sorted by start; NULL = the trace's own markers */
  guint                n_markers;
  /* SOS-time overlay (jx_timeline_renderer_set_imbalance): segments coloured
   * on the cold-to-warm scale from sos_min_ns to sos_max_ns, shared by all
   * traces of a comparison. */
  gboolean             show_sos;
  gint64               sos_min_ns;
  gint64               sos_max_ns;
  /* Per group index (rows' `group`), a short note shown right-aligned in the
   * label column of its header row (e.g. "busy 75 %"); NULL or NULL entries
   * for none. */
  const char * const  *group_notes;
  const JxDiffBarSet  *diff_bars;      /* what DIFF rows show (jx-diff-bar-set.h); NULL = none */
  /* TRUE while the trace is being dragged in time (jx-timeline-renderer.h):
   * a window that only slid sideways (same width in ticks, everything else
   * alike) re-uses the rows of the last sampled frame, translated; the
   * columns that uncovers show as pending until a frame without the flag
   * (the drop) samples them. */
  gboolean             offset_drag;
  /* What COUNTER rows show: the trace's metric of that index (JX_NONE:
   * nothing), on the value scale [counter_min, counter_max], shared by
   * every trace showing the same metric (jx_metric_common_scale). */
  guint32              counter_metric;
  double               counter_min;
  double               counter_max;
  /* Per stream, non-zero for a marked stream (the members of the cluster
   * picked in the Processes view): its label is underlaid with the mark
   * colour and a bar; a collapsed process with a marked stream too. NULL
   * for none. */
  const guint8        *stream_marks;
  /* Highlighted calls (a node of the merged call tree): stream s has the
   * sorted invocations highlight_invocations[highlight_offset[s] ..
   * highlight_offset[s + 1]) (n_streams + 1 offsets). In the STREAM and
   * DEPTH rows of a stream with any (and a collapsed PROCESS or GROUP row
   * holding one), the time outside them is veiled in the background and
   * they are outlined; other rows are left alone. NULL for none. */
  const guint32       *highlight_offset;
  const guint32       *highlight_invocations;
} JxTimelineView;

/* Zeroes the view, selects nothing, enables messages and markers. */
void     jx_timeline_view_init        (JxTimelineView *view);

/* x of the time area (label column included) for a tick, and back. */
double   jx_timeline_view_tick_to_x   (const JxTimelineView *view, gint64 ticks);
gint64   jx_timeline_view_x_to_tick   (const JxTimelineView *view, double x);

G_END_DECLS
