/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-renderer-private.h — what the files of the timeline renderer
 * share: the instance, the row sampling and the overlay painters.
 *
 *   jx-timeline-layout.c    rows, search mask, view geometry
 *   jx-timeline-layout-groups.c  rows along the tree of stream groups
 *   jx-timeline-renderer.c  the object, row sampling (pyramid or exact walk),
 *                           the per-frame image cache and the draw entry point
 *   jx-timeline-overlays.c  labels, selection outline, messages, markers
 *   jx-timeline-hit.c       region, invocation and expander under a point, and
 *                           everything under a point at once (JxTimelineHit)
 *   jx-timeline-sos.c       the SOS-time overlay and the segment under a point
 *   jx-timeline-highlight.c highlighted calls: the rest of their streams' rows veiled
 *   jx-timeline-diff.c      DIFF rows: the diff bars' pixels and what is under a point
 *   jx-timeline-counter.c   COUNTER rows: a metric as a line, its scale, the value under a point */
#pragma once

#include <pango/pangocairo.h>

#include "jx-timeline-renderer.h"

G_BEGIN_DECLS

#define JX_TIMELINE_EXPANDER_WIDTH 14
#define JX_TIMELINE_LABEL_PADDING  4
/* Label indent per level of a layout with groups. */
#define JX_TIMELINE_LEVEL_INDENT   14
/* Pixel value of rows not sampled yet (see row_pending). */
#define JX_TIMELINE_PENDING_REGION (JX_NONE - 1)

struct _JxTimelineRenderer
{
  GObject            parent_instance;

  JxTrace           *trace;
  JxTimelineSummary *summary;
  JxTimelineSummary *fallback;     /* exact-only summary until one is set */
  JxTimelineFold    *fold;
  JxImbalance       *imbalance;
  guint32           *colors[2];    /* region -> pixel, light and dark */

  PangoContext      *pango;
  GHashTable        *labels;       /* row key -> PangoLayout */

  /* The sampled rows of the last frame: redraws for hover, selection or
   * tooltips with the same window, rows and colours skip the sampling. */
  cairo_surface_t   *cache_image;
  guint8             cache_key[96];
  guint              n_samplings;    /* frames that sampled their rows */

  /* Marks (activity where idle won a pixel) of the cached rows: one line
   * per row, transparent where there is none; NULL when no row has any. */
  cairo_surface_t   *cache_marks;
  guint8            *cache_mark_rows;  /* per cached row: TRUE when it has marks */

  guint32           *regions;      /* scratch, one row */
  guint32           *marks;        /* scratch, one row */
  guint              regions_len;
  guint32           *stream_row;   /* scratch: stream -> row index or G_MAXUINT32 */
  JxDiffBarPixel    *diff_pixels;  /* scratch, one DIFF row */
  guint              diff_pixels_len;
};

/* Appends a row at *y (and moves *y below it); the row stays valid until
 * the next append. */
JxTimelineRow *_jx_timeline_layout_append (GArray            *rows,
                                           int               *y,
                                           JxTimelineRowKind  kind,
                                           guint32            process,
                                           guint32            stream,
                                           guint16            depth,
                                           gboolean           collapsed,
                                           gboolean           first,
                                           int                height);

/* Height of a header, stream or depth row of `process`: `px`, or at least
 * params->readable_height when the process is readable. */
int _jx_timeline_layout_row_px (const JxTimelineLayoutParams *params,
                                guint32                       process,
                                int                           px);

/* jx_timeline_layout_new () with groups (jx-timeline-layout-groups.c). */
GArray *_jx_timeline_layout_groups (JxTrace                      *trace,
                                    const JxTimelineLayoutParams *params,
                                    int                          *total_height);

/* Width in pixels of the time area (the view minus its label column). */
int  _jx_timeline_view_time_width         (const JxTimelineView *view);

/* Region per pixel of [start, end) on one row: the dominant region, JX_NONE
 * for idle pixels, JX_TIMELINE_PENDING_REGION where the row is not ready. */
void _jx_timeline_renderer_sample_row     (JxTimelineRenderer   *self,
                                           const JxTimelineRow  *row,
                                           gint64                start,
                                           gint64                end,
                                           guint                 n_pixels,
                                           guint32              *out);
/* Same, and marks (see jx_timeline_summary_sample_marked; may be NULL): the
 * busiest region of pixels that idle won although something ran there. */
void _jx_timeline_renderer_sample_row_marked (JxTimelineRenderer   *self,
                                              const JxTimelineRow  *row,
                                              gint64                start,
                                              gint64                end,
                                              guint                 n_pixels,
                                              guint32              *out,
                                              guint32              *marks);

/* Fills [x, x + width) x [y, y + height) with a one-line surface repeated
 * downwards (pixman copies lines instead of scaling pixels). */
void _jx_timeline_fill_line               (cairo_t              *cr,
                                           cairo_surface_t      *line,
                                           int                   x,
                                           int                   y,
                                           int                   width,
                                           int                   height);

/* x of the expander of a header row (after its level's indent). */
int  _jx_timeline_expander_x              (const JxTimelineRow  *row);

/* Overlays, drawn after the rows; [first, last) are the visible rows. */
void _jx_timeline_renderer_draw_counters  (JxTimelineRenderer   *self,
                                           cairo_t              *cr,
                                           const JxTimelineView *view,
                                           guint                 first,
                                           guint                 last);
void _jx_timeline_renderer_draw_labels    (JxTimelineRenderer   *self,
                                           cairo_t              *cr,
                                           const JxTimelineView *view,
                                           guint                 first,
                                           guint                 last);
void _jx_timeline_renderer_draw_selection (JxTimelineRenderer   *self,
                                           cairo_t              *cr,
                                           const JxTimelineView *view,
                                           guint                 first,
                                           guint                 last);
void _jx_timeline_renderer_draw_messages  (JxTimelineRenderer   *self,
                                           cairo_t              *cr,
                                           const JxTimelineView *view);
void _jx_timeline_renderer_draw_markers   (JxTimelineRenderer   *self,
                                           cairo_t              *cr,
                                           const JxTimelineView *view);
/* The marker (index in view->markers, or the trace's own) whose flag is
 * at (x, y), -1 for none. */
int  _jx_timeline_renderer_marker_at      (JxTimelineRenderer   *self,
                                           const JxTimelineView *view,
                                           double                x,
                                           double                y);

/* jx-timeline-highlight.c: the highlighted calls (view->highlight_offset)
 * over the visible rows. */
void _jx_timeline_renderer_draw_call_highlight (JxTimelineRenderer   *self,
                                                cairo_t              *cr,
                                                const JxTimelineView *view,
                                                guint                 first,
                                                guint                 last);

/* jx-timeline-sos.c: the SOS-time overlay over the visible rows. */
void _jx_timeline_renderer_draw_sos       (JxTimelineRenderer   *self,
                                           cairo_t              *cr,
                                           const JxTimelineView *view,
                                           guint                 first,
                                           guint                 last);
/* The streams a row shows (one, or a group's members); n receives how many. */
const guint32 *_jx_timeline_renderer_row_streams (JxTimelineRenderer  *self,
                                                  const JxTimelineRow *row,
                                                  guint               *n);
/* Where a row's colours go: the row minus a one-pixel gap that keeps rows
 * apart; expanded headers use the middle half only. */
void _jx_timeline_row_band                (const JxTimelineView *view,
                                           const JxTimelineRow  *row,
                                           int                  *y,
                                           int                  *h);

/* jx-timeline-hit.c: the innermost invocation with start <= t < end. */
guint32 _jx_timeline_innermost_at         (const JxStream       *s,
                                           gint64                t);

/* jx-timeline-diff.c: a hash of what the visible DIFF rows show (for the
 * frame cache), and one DIFF row's pixels (idle ones get idle_pixel). */
guint32 _jx_timeline_diff_hash            (const JxTimelineView *view,
                                           guint                 first,
                                           guint                 last);
void    _jx_timeline_diff_fill_line       (JxTimelineRenderer   *self,
                                           const JxTimelineView *view,
                                           const JxTimelineRow  *row,
                                           guint                 n_pixels,
                                           guint32               idle_pixel,
                                           guint32               pending_pixel,
                                           guint32              *line);

G_END_DECLS
