/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-view.h — the differential merged call tree of the compared
 * trace and the reference as a tree table (docs/difftree.md): one row per
 * call path, under its caller, with calls A/B, inclusive and exclusive time
 * A/B, Δ (B − A, inclusive), the ratio B/A and the state; expand and
 * collapse, sort by any column (by |Δ| at first), filter by name (a match
 * shows with its callers). The first row is the root: every compared call,
 * whose times are the profiles' totals.
 *
 * The tree comes from the session (jx_session_get_diff_trees), built off
 * the main thread when the view is first shown. Activating a row picks
 * that call path's calls (jx_session_focus_call_path): the first is
 * selected in both timelines, F7 walks the rest. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_DIFF_TREE_VIEW (jx_diff_tree_view_get_type ())
G_DECLARE_FINAL_TYPE (JxDiffTreeView, jx_diff_tree_view, JX, DIFF_TREE_VIEW, GtkWidget)

GtkWidget  *jx_diff_tree_view_new          (void);
void        jx_diff_tree_view_set_session  (JxDiffTreeView *self,
                                            JxSession      *session);
/* The tree the rows show (borrowed), NULL while there is none. */
const JxDiffTree *jx_diff_tree_view_get_tree (JxDiffTreeView *self);
/* The rows as shown (GtkTreeListRow items, sorted and filtered). */
GListModel *jx_diff_tree_view_get_rows     (JxDiffTreeView *self);
/* The tree node of a row of get_rows, JX_NONE past the end. */
guint32     jx_diff_tree_view_get_node     (JxDiffTreeView *self,
                                            guint           position);
/* The text of one cell of a row: column 0 is the call path's label, then
 * Δ, B/A, incl. A, incl. B, excl. A, excl. B, calls A, calls B, state. */
char       *jx_diff_tree_view_dup_cell     (JxDiffTreeView *self,
                                            guint           position,
                                            guint           column);
void        jx_diff_tree_view_set_filter   (JxDiffTreeView *self,
                                            const char     *text);
/* Sorts by the column with this title (NULL: by |Δ|, the default). */
void        jx_diff_tree_view_sort_by      (JxDiffTreeView *self,
                                            const char     *title,
                                            gboolean        ascending);
/* What activating a row does. */
void        jx_diff_tree_view_activate     (JxDiffTreeView *self,
                                            guint           position);
/* The line of filter and status above the tree, for the pane to add to. */
GtkBox     *jx_diff_tree_view_get_header   (JxDiffTreeView *self);

G_END_DECLS
