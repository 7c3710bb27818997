/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-marker-view.h — the Marker View (Weber et al. 2017, §3.3): the markers
 * of all open traces in one table (trace, time, duration, group, category,
 * severity, text, scope) over the session's marker list, filtered by text
 * and group, sorted by any column.
 *
 * Selecting does what Vampir's does: one marker is highlighted on its
 * timeline and, when zoomed in, the view centres on it; two markers of one
 * trace zoom to their time range; markers of different traces shift those
 * traces so that the markers meet the first one selected (one undoable
 * step; the "aligned" signal carries the report). Its menu (right click,
 * Menu key) zooms, aligns and removes; Delete removes the selected
 * markers. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_MARKER_VIEW (jx_marker_view_get_type ())
G_DECLARE_FINAL_TYPE (JxMarkerView, jx_marker_view, JX, MARKER_VIEW, GtkWidget)

GtkWidget       *jx_marker_view_new          (JxSession    *session);
JxSession       *jx_marker_view_get_session  (JxMarkerView *self);
void             jx_marker_view_set_session  (JxMarkerView *self,
                                              JxSession    *session);

/* For tests: the rows shown (after filter and sort), one of them, and
 * selecting rows as a click (extend: as Ctrl+click) does. */
guint            jx_marker_view_get_n_rows   (JxMarkerView *self);
JxSessionMarker *jx_marker_view_get_row      (JxMarkerView *self,
                                              guint         position);
void             jx_marker_view_select_row   (JxMarkerView *self,
                                              guint         position,
                                              gboolean      extend);
void             jx_marker_view_set_filter   (JxMarkerView *self,
                                              const char   *text,
                                              const char   *group);
/* Sorts by the column with this title ("Time", "Text", …). */
void             jx_marker_view_sort_by      (JxMarkerView *self,
                                              const char   *column,
                                              GtkSortType   order);

G_END_DECLS
