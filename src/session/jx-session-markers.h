/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-markers.h — the markers of all traces of a session as one
 * GListModel (Weber et al. 2017, §3.3): the session's marker store
 * (jx_session_get_markers).
 *
 * JxSessionMarkers lists a JxSessionMarker per marker: those read from each
 * loaded trace (jx_trace_get_marker), then the ones the user adds, grouped
 * by trace in list order and by time within a trace. It follows a list of
 * traces (the session, as a GListModel of JxSessionTrace): a trace's
 * markers arrive when it has loaded and go when it leaves the list. A few
 * hundred markers per trace at most, so one object each.
 *
 * Markers the user adds are written into the trace archive's marker file
 * (jx-marker-writer.h) in a worker thread, one write at a time; until that
 * succeeds a marker is "unsaved", and it stays unsaved (in this session
 * only) when the archive is read-only: the "save-failed" signal carries the
 * error for the window to show. Removing a saved marker rewrites the file
 * without it and takes it from the list once that succeeded.
 *
 * Property "busy" (boolean, read-only): writes are queued or running.
 * Signals: "changed" (nothing) when a marker's highlight or saved state
 * changed, for views that draw all markers; "save-failed" (JxSessionMarker,
 * GError) when a marker could not be written or removed.
 *
 * The marker view's gestures over the session (§3.3) are in jx-session.h
 * (jx_session_show_marker, jx_session_zoom_to_markers) and
 * jx-session-align.h (jx_session_align_markers). */
#pragma once

#include <gio/gio.h>

#include "jx-session-trace.h"

G_BEGIN_DECLS

#define JX_TYPE_SESSION_MARKER (jx_session_marker_get_type ())
G_DECLARE_FINAL_TYPE (JxSessionMarker, jx_session_marker, JX, SESSION_MARKER, GObject)

/* The trace it belongs to (borrowed). */
JxSessionTrace   *jx_session_marker_get_item          (JxSessionMarker *self);
guint64           jx_session_marker_get_ticks         (JxSessionMarker *self);
guint64           jx_session_marker_get_duration_ticks (JxSessionMarker *self);
/* Time from the trace's start and duration, ns. */
gint64            jx_session_marker_get_time_ns       (JxSessionMarker *self);
gint64            jx_session_marker_get_duration_ns   (JxSessionMarker *self);
/* Where it lies in comparison time now (the trace's offset included);
 * `end` gives time plus duration. */
gint64            jx_session_marker_get_comparison_ns (JxSessionMarker *self,
                                                       gboolean         end);
const char       *jx_session_marker_get_group         (JxSessionMarker *self);
const char       *jx_session_marker_get_category      (JxSessionMarker *self);
const char       *jx_session_marker_get_text          (JxSessionMarker *self);
guint8            jx_session_marker_get_severity      (JxSessionMarker *self);   /* OTF2_MarkerSeverity */
guint8            jx_session_marker_get_scope         (JxSessionMarker *self);   /* OTF2_MarkerScope */
guint64           jx_session_marker_get_scope_ref     (JxSessionMarker *self);
/* Added in this session (rather than read from the trace). */
gboolean          jx_session_marker_get_user          (JxSessionMarker *self);
/* In the archive's marker file ("saved", notified). */
gboolean          jx_session_marker_get_saved         (JxSessionMarker *self);
gboolean          jx_session_marker_get_highlighted   (JxSessionMarker *self);

/* "None", "Low", … and "Global", "Location 3", … (translated). */
const char       *jx_marker_severity_label            (guint8           severity);
char             *jx_marker_scope_label               (guint8           scope,
                                                       guint64          scope_ref);

#define JX_TYPE_SESSION_MARKERS (jx_session_markers_get_type ())
G_DECLARE_FINAL_TYPE (JxSessionMarkers, jx_session_markers, JX, SESSION_MARKERS, GObject)

/* The markers of the traces in `items` (a GListModel of JxSessionTrace,
 * held weakly), following it. */
JxSessionMarkers *jx_session_markers_new              (GListModel       *items);

/* Highlights exactly these markers (none with n 0). */
void              jx_session_markers_set_highlighted  (JxSessionMarkers *self,
                                                       JxSessionMarker **markers,
                                                       guint             n);

/* Adds a user marker to a loaded trace at once (unsaved) and starts writing
 * it into the archive; returns it (borrowed). Scope is OTF2's global scope
 * (0) or a location (1) with the stream's OTF2 location as scope_ref. */
JxSessionMarker  *jx_session_markers_add              (JxSessionMarkers *self,
                                                       JxSessionTrace   *item,
                                                       guint64           ticks,
                                                       guint64           duration_ticks,
                                                       const char       *group,
                                                       const char       *category,
                                                       const char       *text,
                                                       guint8            scope,
                                                       guint64           scope_ref);
/* An unsaved marker goes at once; a saved one once the archive's marker
 * file was rewritten without it ("save-failed" otherwise). */
void              jx_session_markers_remove           (JxSessionMarkers *self,
                                                       JxSessionMarker  *marker);
/* TRUE while writes are queued or running. */
gboolean          jx_session_markers_is_busy          (JxSessionMarkers *self);

G_END_DECLS
