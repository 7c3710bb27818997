/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-master-timeline.h — the stacked master timelines of all traces of a
 * session under one time axis (coupled zoom: they all show the session's
 * visible window). One JxTraceTimeline per trace item: a trace that comes or
 * goes adds or removes its own lane, the others stay as they are.
 *
 * (Named after Vampir's Master Timeline; "JxTimelineView" is the render
 * layer's view struct.)
 *
 * Actions (group "timeline"): zoom-in, zoom-out, zoom-all (keys +, -, 0 when
 * the focus is inside), pan-left, pan-right (Left, Right: a tenth of the
 * window), shift-mode and show-messages (toggles of the session's properties
 * of the same name). */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"
#include "jx-trace-timeline.h"

G_BEGIN_DECLS

#define JX_TYPE_MASTER_TIMELINE (jx_master_timeline_get_type ())
G_DECLARE_FINAL_TYPE (JxMasterTimeline, jx_master_timeline, JX, MASTER_TIMELINE, GtkWidget)

GtkWidget       *jx_master_timeline_new                (JxSession        *session);
JxSession       *jx_master_timeline_get_session        (JxMasterTimeline *self);
void             jx_master_timeline_set_session        (JxMasterTimeline *self,
                                                        JxSession        *session);
int              jx_master_timeline_get_label_width    (JxMasterTimeline *self);
void             jx_master_timeline_set_label_width    (JxMasterTimeline *self,
                                                        int               label_width);

/* The lane of `item`, NULL when it has none (not in the session). */
JxTraceTimeline *jx_master_timeline_get_trace_timeline (JxMasterTimeline *self,
                                                        JxSessionTrace   *item);

G_END_DECLS
