/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-offset-drag.h — the one controller of a drag that shifts a trace in
 * time, whichever gesture drives it (the timeline's Alt-drag or shift mode,
 * the navigation strip, the next one): it owns the drag threshold, the live
 * offset and the single undo step.
 *
 *   begin   where the press was: the item and how many ns a pixel is worth
 *           (fixed for the whole drag, so a live drag never accumulates
 *           rounding);
 *   update  the pointer moved (dx, dy) px from the press: nothing happens
 *           until it moved JX_TIME_DRAG_THRESHOLD px along either axis;
 *           from then on the item's offset is the offset at the press plus
 *           dx px, set on the session as the pointer moves so every view
 *           follows;
 *   end     the drop: one undo step from the offset at the press to the
 *           last one (none when the drag never passed the threshold or came
 *           back to where it began);
 *   cancel  the trace goes back to its offset at the press; no undo step.
 *
 * There is one controller per session (jx_offset_drag_get_for_session), so
 * views that draw a trace can tell that it is being dragged ("item") and
 * show it cheaply until the drop (the timeline translates its picture
 * instead of sampling it again). A drag that begins while another runs
 * (a second pointer) drops the other first. The controller holds no GTK type; it lives in ui/
 * because the session does not keep gesture state. */
#pragma once

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_OFFSET_DRAG (jx_offset_drag_get_type ())
G_DECLARE_FINAL_TYPE (JxOffsetDrag, jx_offset_drag, JX, OFFSET_DRAG, GObject)

/* The session's controller, made on first use; it lives as long as the
 * session (transfer none). */
JxOffsetDrag   *jx_offset_drag_get_for_session (JxSession      *session);

/* Returns the drag's id (never 0) for the calls below, which ignore the
 * id of a drag that is over (dropped by a newer one). */
guint           jx_offset_drag_begin           (JxOffsetDrag   *self,
                                                JxSessionTrace *item,
                                                double          ns_per_px);
/* TRUE once the drag has passed the threshold (it moves the trace). */
gboolean        jx_offset_drag_update          (JxOffsetDrag   *self,
                                                guint           id,
                                                double          dx,
                                                double          dy);
void            jx_offset_drag_end             (JxOffsetDrag   *self,
                                                guint           id);
void            jx_offset_drag_cancel          (JxOffsetDrag   *self,
                                                guint           id);

/* TRUE between begin and end or cancel of any drag. */
gboolean        jx_offset_drag_is_active       (JxOffsetDrag   *self);
/* "item": the trace being moved, from the moment the drag passed the
 * threshold to the drop or cancel; NULL otherwise (notified). */
JxSessionTrace *jx_offset_drag_get_item        (JxOffsetDrag   *self);
/* The live offset (ns) while active; the item's offset at the press before
 * the threshold is passed. */
gint64          jx_offset_drag_get_offset      (JxOffsetDrag   *self);

G_END_DECLS
