/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-canvas-fold.h — what a trace's timeline canvas does for folding and
 * SOS time, kept apart from the canvas: the stream groups of the session's
 * grouping (from the item), which of them are folded (by group key, so
 * that a fold survives a new grouping), the fold the rows are drawn from,
 * the "busy" notes of folded rows, the SOS overlay, the session's "fold-all"
 * requests, folding accelerator streams by default when there are more of
 * them than fit, and the tooltips of folded rows and segments. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"
#include "jx-timeline-renderer.h"

G_BEGIN_DECLS

/* Rows of accelerator streams beyond which a trace's devices start folded. */
#define JX_CANVAS_FOLD_SCREENFUL 40

typedef struct _JxCanvasFold JxCanvasFold;

/* canvas: the JxTimelineCanvas it serves (not referenced). */
JxCanvasFold *jx_canvas_fold_new          (GtkWidget            *canvas);
void          jx_canvas_fold_free         (JxCanvasFold         *self);
void          jx_canvas_fold_bind         (JxCanvasFold         *self,
                                           JxSession            *session,
                                           JxSessionTrace       *item);
/* The canvas has a new trace (NULL: none) and renderer. */
void          jx_canvas_fold_set_trace    (JxCanvasFold         *self,
                                           JxTrace              *trace,
                                           JxTimelineRenderer   *renderer);
/* Groups and folded flags for the next layout. */
void          jx_canvas_fold_fill_params  (JxCanvasFold         *self,
                                           JxTimelineLayoutParams *params);
/* SOS overlay and notes for the next draw. */
void          jx_canvas_fold_fill_view    (JxCanvasFold         *self,
                                           JxTimelineView       *view);
JxStreamGroups *jx_canvas_fold_get_groups (JxCanvasFold         *self);
gboolean      jx_canvas_fold_get_folded   (JxCanvasFold         *self,
                                           guint32               group);
/* Folds or unfolds a group that is not a process's (those fold through the
 * canvas's process collapse); relayouts. */
void          jx_canvas_fold_set_folded   (JxCanvasFold         *self,
                                           guint32               group,
                                           gboolean              folded);
/* The hover text over a folded row or (with the overlay) a segment, for
 * what the canvas found at x (jx_timeline_renderer_hit); NULL when it is
 * neither. */
char         *jx_canvas_fold_dup_tooltip  (JxCanvasFold         *self,
                                           const JxTimelineView *view,
                                           const JxTimelineHit  *hit,
                                           double                x);
/* TRUE while the notes of folded rows are being computed (tests). */
gboolean      jx_canvas_fold_is_busy      (JxCanvasFold         *self);

G_END_DECLS
