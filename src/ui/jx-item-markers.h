/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-item-markers.h — the markers of one trace for a view that draws them
 * as flags (its timeline, its navigation strip): kept in time order from
 * the session's marker list (jx-session-markers.h) with their highlight and
 * saved state, rebuilt when that list changes (never while drawing) in the
 * order of the marks it hands out (a timeline's hit test gives an index into
 * them, jx_timeline_renderer_hit), and the tooltip text of a flag. */
#pragma once

#include <gtk/gtk.h>

#include "jx-marker-flags.h"
#include "jx-nav-strip.h"
#include "jx-session.h"
#include "jx-timeline-layout.h"

G_BEGIN_DECLS

typedef struct _JxItemMarkers JxItemMarkers;

/* Follows `item`'s markers in `session`; `changed` (data) runs after each
 * rebuild so the view can redraw. */
JxItemMarkers          *jx_item_markers_new        (JxSession       *session,
                                                    JxSessionTrace  *item,
                                                    GCallback        changed,
                                                    gpointer         data);
void                    jx_item_markers_free       (JxItemMarkers   *self);

/* The marks in trace ticks, sorted by start (for JxTimelineView). */
const JxTimelineMarker *jx_item_markers_get_marks  (JxItemMarkers   *self,
                                                    guint           *n);
guint                   jx_item_markers_get_n      (JxItemMarkers   *self);
JxSessionMarker        *jx_item_markers_get        (JxItemMarkers   *self,
                                                    guint            index);

/* Flags of `item`'s markers on its navigation strip (strip pixels); the
 * markers themselves into `markers` (may be NULL), parallel to `flags`. */
void                    jx_item_markers_strip_flags (JxSession            *session,
                                                     JxSessionTrace       *item,
                                                     const JxNavStripView *view,
                                                     GArray               *flags,
                                                     GPtrArray            *markers);

/* Pango markup of a marker's tooltip: text, group and category, severity,
 * time and duration, scope, and whether it is saved. */
char                   *jx_marker_dup_tooltip_markup (JxSessionMarker *marker);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxItemMarkers, jx_item_markers_free)

G_END_DECLS
