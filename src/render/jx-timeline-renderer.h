/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-timeline-renderer.h — draws one trace's master timeline with cairo.
 *
 * No widget code: the same calls draw into a GtkSnapshot's cairo node, an
 * image surface in tests, or an export. The caller passes the visible window
 * in TRACE TICKS (convert from comparison ns with jx_time_comparison_to_ticks)
 * and a row layout (jx_timeline_layout_new), both in jx-timeline-layout.h. Per-pixel colours come from a
 * JxTimelineSummary (set it once the off-thread build is done). Until then,
 * and for call-stack rows until jx_timeline_summary_ensure_call_stack() has
 * run for their stream, rows are walked exactly when that is cheap (at most
 * ~32 invocations per pixel) and otherwise drawn as "pending" stripes, so a
 * frame never walks a whole big trace. The sampled rows of the last frame are
 * kept, keyed by the window in ticks (comparison window and offset), the
 * size and what the rows show: redrawing the same window (hover, selection,
 * tooltips) only blits, and during an offset drag (view.offset_drag) a
 * window that only slid sideways blits them translated.
 */
#pragma once

#include <cairo.h>

#include "jx-imbalance.h"
#include "jx-timeline-fold.h"
#include "jx-timeline-layout.h"
#include "jx-timeline-summary.h"

G_BEGIN_DECLS

#define JX_TYPE_TIMELINE_RENDERER (jx_timeline_renderer_get_type ())
G_DECLARE_FINAL_TYPE (JxTimelineRenderer, jx_timeline_renderer, JX, TIMELINE_RENDERER, GObject)

JxTimelineRenderer *jx_timeline_renderer_new         (JxTrace            *trace);
JxTrace            *jx_timeline_renderer_get_trace   (JxTimelineRenderer *self);
void                jx_timeline_renderer_set_summary (JxTimelineRenderer *self,
                                                      JxTimelineSummary  *summary);
JxTimelineSummary  *jx_timeline_renderer_get_summary (JxTimelineRenderer *self);
/* Folded rows (layouts with groups): the fold of the same trace whose groups
 * the rows come from. Group rows are drawn from it (as "pending" stripes
 * while it is too expensive without its pyramids); without one they are
 * idle. */
void                jx_timeline_renderer_set_fold    (JxTimelineRenderer *self,
                                                      JxTimelineFold     *fold);
JxTimelineFold     *jx_timeline_renderer_get_fold    (JxTimelineRenderer *self);
/* The segments the SOS overlay colours (view.show_sos). */
void                jx_timeline_renderer_set_imbalance (JxTimelineRenderer *self,
                                                        JxImbalance        *imbalance);
JxImbalance        *jx_timeline_renderer_get_imbalance (JxTimelineRenderer *self);

/* Draws background, rows, labels, selection, search dimming, messages and
 * markers into [0, width) x [0, height) of cr. */
void                jx_timeline_renderer_draw        (JxTimelineRenderer   *self,
                                                      cairo_t              *cr,
                                                      const JxTimelineView *view);
/* Frames whose rows were sampled (not taken from the last frame, as they
 * are or translated) since the renderer was made: what tests and benchmarks
 * count to see that hovering, tooltips and offset drags do not resample. */
guint               jx_timeline_renderer_get_n_samplings (JxTimelineRenderer *self);

/* Dominant region drawn at (x, y), JX_NONE when none (after a draw or not). */
guint32             jx_timeline_renderer_region_at   (JxTimelineRenderer   *self,
                                                      const JxTimelineView *view,
                                                      double                x,
                                                      double                y);

/* Invocation under (x, y): on a STREAM row the innermost invocation running
 * at that time (within ±2 px when none runs exactly there), on a DEPTH row the
 * one at that level. FALSE on PROCESS rows, labels and empty space. */
gboolean            jx_timeline_renderer_invocation_at (JxTimelineRenderer   *self,
                                                        const JxTimelineView *view,
                                                        double                x,
                                                        double                y,
                                                        guint32              *stream,
                                                        guint32              *invocation);

/* What a DIFF row shows at (x, y): the extra run there (a tick; state
 * JX_DIFF_ONLY_THERE, extra its index), else the non-equal invocation
 * behind the pixel or a neighbour, else the innermost invocation running
 * there (state EQUAL or whatever its pair says). */
typedef struct
{
  guint32           stream;
  JxDiffState       state;
  guint32           invocation;   /* of this trace; JX_NONE for a tick */
  guint32           extra;        /* jx_pair_diff_get_extra index, or JX_NONE */
  const JxPairDiff *diff;
  gboolean          side_b;
} JxTimelineDiffHit;

gboolean            jx_timeline_renderer_diff_at     (JxTimelineRenderer   *self,
                                                      const JxTimelineView *view,
                                                      double                x,
                                                      double                y,
                                                      JxTimelineDiffHit    *hit);

/* TRUE when (x, y) is on the expander of a PROCESS row (click toggles collapse). */
gboolean            jx_timeline_renderer_expander_at (JxTimelineRenderer   *self,
                                                      const JxTimelineView *view,
                                                      double                x,
                                                      double                y,
                                                      guint32              *process);
/* TRUE when (x, y) is on the expander of a PROCESS or GROUP row of a layout
 * with groups; group receives its group index. */
gboolean            jx_timeline_renderer_group_expander_at (JxTimelineRenderer   *self,
                                                            const JxTimelineView *view,
                                                            double                x,
                                                            double                y,
                                                            guint32              *group);
/* The row at y (-1 for none). */
int                 jx_timeline_renderer_row_at      (JxTimelineRenderer   *self,
                                                      const JxTimelineView *view,
                                                      double                y);
/* With the SOS overlay: the segment under (x, y) (index for
 * jx_imbalance_get_segment): on a stream row the one at that time (±2 px),
 * on a group row the hottest of its members' there. FALSE for none. */
gboolean            jx_timeline_renderer_segment_at  (JxTimelineRenderer   *self,
                                                      const JxTimelineView *view,
                                                      double                x,
                                                      double                y,
                                                      guint                *segment);

/* Everything drawn under (x, y), found in one pass for a tooltip, a click or
 * a menu, each reading what it acts on. In the label column: the row and
 * the expander there; in the time area: the marker flag, the SOS segment
 * (with the overlay on), what the diff bar shows, the invocation. */
typedef struct
{
  int               row;               /* index in view->rows; -1 for none */
  gboolean          in_labels;         /* x is in the label column */
  guint32           expander_process;  /* on a PROCESS row's expander; else JX_NONE */
  guint32           expander_group;    /* on a header row's expander (layouts with
                                          groups); else JX_NONE */
  int               marker;            /* index in view->markers (or the trace's
                                          markers without them); -1 for none */
  gboolean          has_segment;
  guint             segment;           /* jx_timeline_renderer_segment_at */
  gboolean          has_diff;
  JxTimelineDiffHit diff;              /* jx_timeline_renderer_diff_at */
  gboolean          has_invocation;
  guint32           stream;            /* jx_timeline_renderer_invocation_at */
  guint32           invocation;
} JxTimelineHit;

void                jx_timeline_renderer_hit         (JxTimelineRenderer   *self,
                                                      const JxTimelineView *view,
                                                      double                x,
                                                      double                y,
                                                      JxTimelineHit        *hit);

G_END_DECLS
