/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-actions.h — the commands on one trace, implemented once: the
 * "trace" action group that a trace's timeline and its row in the trace list
 * insert, and that the window's shortcuts forward to.
 *
 * Actions: show-info (details and load report), set-offset (dialog with
 * units), reset-offset, make-reference, change-color (chooser; the choice is
 * stored on the item), remove, cancel-load, shift-earlier and shift-later (a
 * twentieth of the visible window, one undo step each), compare (with the
 * reference, again), cancel-comparison and pair-again (the streams paired
 * by hand paired automatically again: this trace's, or for the reference
 * every compared trace's; one undo step; enabled while there are any).
 * Dialogs are
 * transient for the window of the widget that owns the group.
 *
 * jx_trace_menu_new() is the trace menu of ui/jx-trace-menu.ui, the one menu
 * all of these widgets show. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_TRACE_ACTIONS (jx_trace_actions_get_type ())
G_DECLARE_FINAL_TYPE (JxTraceActions, jx_trace_actions, JX, TRACE_ACTIONS, GSimpleActionGroup)

/* Creates the group and inserts it into `owner` as "trace" (the owner keeps
 * it; returned borrowed). Widgets may add actions of their own to it. */
JxTraceActions *jx_trace_actions_attach (GtkWidget      *owner,
                                         JxSession      *session,
                                         JxSessionTrace *item);

GMenuModel     *jx_trace_menu_new       (void);

G_END_DECLS
