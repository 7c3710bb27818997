/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-headline-view.h — the difference headline at the top of the
 * Comparison pane (docs/headline.md): the compared trace's runtime against
 * the reference's with the ratio, the structural verdict, and the
 * functions that contributed most to the change of time, each with its
 * change and share. Read from the session (the compared trace's
 * jx_trace_comparison_get_headline); the view computes nothing.
 *
 * The contributors stand one a line, or two lines each where the pane is
 * too narrow for that (jx-headline-rows.h): their numbers are never cut.
 * The view does not scroll on its own; in the overview it stands in a
 * column that does.
 *
 * Each contributor is a toggle button: pressing it picks the function
 * (jx_session_focus_function: highlighted in every timeline, its first
 * call selected, F7 / Shift+F7 walk its calls); pressing it again lets it
 * go. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_HEADLINE_VIEW (jx_headline_view_get_type ())
G_DECLARE_FINAL_TYPE (JxHeadlineView, jx_headline_view, JX, HEADLINE_VIEW, GtkWidget)

GtkWidget  *jx_headline_view_new             (void);
void        jx_headline_view_set_session     (JxHeadlineView *self,
                                              JxSession      *session);
/* Contributors shown (default 3). */
void        jx_headline_view_set_top         (JxHeadlineView *self,
                                              guint           top);
/* Compact: the runtime and structure line only, without the totals and
 * the contributors (the call tree and flame graph pages, which need the
 * height). */
void        jx_headline_view_set_compact     (JxHeadlineView *self,
                                              gboolean        compact);
/* What the view shows now, its lines joined by newlines (pending refreshes
 * are done first): for tests and the clipboard. */
char       *jx_headline_view_dup_text        (JxHeadlineView *self);
/* The button of the index-th contributor shown, NULL past the last. */
GtkWidget  *jx_headline_view_get_contributor (JxHeadlineView *self,
                                              guint           index);

G_END_DECLS
