/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-store.h — the differential merged call tree of each trace's
 * finished comparison with the reference (src/analysis/jx-diff-tree.h),
 * built once off the main thread when a view first asks for it and kept
 * until that comparison is started again or dropped. The session owns one
 * (jx_session_get_diff_trees); the Comparison pane's tree table and flame
 * graph read it.
 *
 * A tree is built from all compared stream pairs, so only a comparison
 * that is done has one; asking earlier remembers the wish and builds when
 * it is done. The build runs jx_diff_tree_build on a GTask thread with a
 * GCancellable: a new start of the comparison, a removed trace or the
 * store's end cancel it.
 *
 * Signal "changed" (JxSessionTrace *item): item's tree came, went, or its
 * build started or failed. */
#pragma once

#include <gio/gio.h>

#include "jx-diff-tree.h"
#include "jx-session-trace.h"

G_BEGIN_DECLS

typedef enum
{
  JX_DIFF_TREE_STORE_NONE,       /* no finished comparison to build from */
  JX_DIFF_TREE_STORE_WAITING,    /* asked for: builds when the comparison is done */
  JX_DIFF_TREE_STORE_BUILDING,
  JX_DIFF_TREE_STORE_READY,
  JX_DIFF_TREE_STORE_FAILED,
} JxDiffTreeStoreState;

#define JX_TYPE_DIFF_TREE_STORE (jx_diff_tree_store_get_type ())
G_DECLARE_FINAL_TYPE (JxDiffTreeStore, jx_diff_tree_store, JX, DIFF_TREE_STORE, GObject)

/* The trees of the traces in `items` (a GListModel of JxSessionTrace, held
 * weakly). */
JxDiffTreeStore      *jx_diff_tree_store_new       (GListModel      *items);

/* item's tree (borrowed: valid until the next "changed" of item), NULL
 * while there is none; asking starts the build when it can. */
const JxDiffTree     *jx_diff_tree_store_get       (JxDiffTreeStore *self,
                                                    JxSessionTrace  *item);
/* Where item's tree stands; error (may be NULL) says why it failed. */
JxDiffTreeStoreState  jx_diff_tree_store_get_state (JxDiffTreeStore *self,
                                                    JxSessionTrace  *item,
                                                    const GError   **error);

/* What a view without item's tree says instead (translated): it is being
 * built, failed (why), or comes once the comparison is done; item NULL:
 * there is nothing compared. NULL when the tree is there. */
char                 *jx_diff_tree_store_dup_status (JxDiffTreeStore *self,
                                                     JxSessionTrace  *item);

G_END_DECLS
