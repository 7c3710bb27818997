/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-flame-view.h — the differential icicle graph of the compared trace
 * and the reference (src/render/jx-flame-graph.h, the picture `juxtrace-cli
 * render --flame` writes): one frame per call path under its caller, as
 * wide as B's time (A's with the toggle), coloured by the change on the
 * timing scale (total or self time, absolute or as shares of each trace's
 * total; neutral within the session's noise band), frames only in A or
 * only in B hatched. Hovering a frame shows both sides' numbers; clicking
 * it picks that call path's calls (jx_session_focus_call_path).
 *
 * The tree comes from the session (jx_session_get_diff_trees), built off
 * the main thread when the view is first shown; the graph is laid out
 * again when the width or an option changes, never while drawing. */
#pragma once

#include <gtk/gtk.h>

#include "jx-flame-graph.h"
#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_FLAME_VIEW (jx_flame_view_get_type ())
G_DECLARE_FINAL_TYPE (JxFlameView, jx_flame_view, JX, FLAME_VIEW, GtkWidget)

GtkWidget          *jx_flame_view_new            (void);
void                jx_flame_view_set_session    (JxFlameView *self,
                                                  JxSession   *session);
/* The toggles: widths from A's time, colour by self time, by shares. */
void                jx_flame_view_set_width_by_a (JxFlameView *self,
                                                  gboolean     width_by_a);
void                jx_flame_view_set_self_time  (JxFlameView *self,
                                                  gboolean     self_time);
void                jx_flame_view_set_normalised (JxFlameView *self,
                                                  gboolean     normalised);
/* The graph drawn now (borrowed), NULL while there is none; laid out at
 * once when it is due. */
const JxFlameGraph *jx_flame_view_get_graph      (JxFlameView *self);
/* The tree node under (x, y) of the drawing, JX_NONE for none. */
guint32             jx_flame_view_hit            (JxFlameView *self,
                                                  double       x,
                                                  double       y);
/* What hovering and clicking (x, y) of the drawing do. */
char               *jx_flame_view_dup_tooltip    (JxFlameView *self,
                                                  double       x,
                                                  double       y);
gboolean            jx_flame_view_click          (JxFlameView *self,
                                                  double       x,
                                                  double       y);
/* The drawing area (its coordinates are the graph's). */
GtkWidget          *jx_flame_view_get_canvas     (JxFlameView *self);
/* The line of toggles above the graph, for the pane to add to. */
GtkBox             *jx_flame_view_get_header     (JxFlameView *self);

G_END_DECLS
