/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-time-drag.h — the arithmetic of one drag across a time area (the rows
 * of a timeline, the ruler): every position is computed from the window at
 * the start of the drag, so a live drag never accumulates rounding, and a
 * drag that selects ends by zooming to what it selected. */
#pragma once

#include "jx-session.h"

G_BEGIN_DECLS

/* Drags shorter than this (px, along both axes) are clicks: every drag in a
 * time area (timelines, ruler, navigation strips) and the offset drag
 * (jx-offset-drag.h) go by it. */
#define JX_TIME_DRAG_THRESHOLD 4.0

/* TRUE when a pointer that moved (dx, dy) px from its press is dragging. */
gboolean jx_time_drag_past_threshold (double dx,
                                      double dy);

typedef struct
{
  double     x;             /* where it started, widget coordinates */
  double     time_left;     /* x of the time area's left edge (label column width) */
  double     time_right;    /* x of its right edge */
  JxTimeSpan view;          /* the session's window at the start */
  double     ns_per_px;
} JxTimeDrag;

void   jx_time_drag_begin  (JxTimeDrag       *drag,
                            const JxTimeSpan *view,
                            double            time_left,
                            double            time_right,
                            double            x);
/* Comparison ns under x (clamped into the time area). */
gint64 jx_time_drag_ns_at  (const JxTimeDrag *drag,
                            double            x);
/* ns a move of dx pixels stands for. */
gint64 jx_time_drag_delta  (const JxTimeDrag *drag,
                            double            dx);
/* Shows the range from the start to x + dx as the session's selected time. */
void   jx_time_drag_select (const JxTimeDrag *drag,
                            JxSession        *session,
                            double            dx);
/* Ends a selecting drag: clears the selected time and zooms to it when the
 * drag was long enough. */
void   jx_time_drag_zoom   (const JxTimeDrag *drag,
                            JxSession        *session,
                            double            dx);

G_END_DECLS
