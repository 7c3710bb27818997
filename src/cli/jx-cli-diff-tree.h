/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-diff-tree.h — `juxtrace-cli diff --tree` and `--folded`: the
 * differential merged call tree (src/analysis/jx-diff-tree.h) as indented
 * text, nested JSON, CSV rows with the call path, and folded stacks for
 * flamegraph.pl. Formats: docs/difftree.md. */
#pragma once

#include "jx-cli-diff-private.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean  tree;            /* --tree */
  gboolean  per_pair;        /* --per-pair: also each stream pair's tree */
  gint      max_depth;       /* --depth N (0 = all) */
  double    min_percent;     /* --min-percent PCT; < 0: the format's default */
  char     *folded;          /* --folded FILE ("-" = stdout) */
  char     *folded_side;     /* --folded-side both|a|b */
} JxCliDiffTree;

/* The option entries (storing into options), for the diff command's list. */
void     jx_cli_diff_tree_add_entries (GOptionContext *context,
                                       JxCliDiffTree  *options);
void     jx_cli_diff_tree_clear       (JxCliDiffTree  *options);
/* TRUE when a tree or folded stacks were asked for. */
gboolean jx_cli_diff_tree_wanted      (const JxCliDiffTree *options);
/* NULL when the options fit together, else what is wrong (for a usage
 * error); json / csv are the diff command's format flags. */
char    *jx_cli_diff_tree_check       (const JxCliDiffTree *options,
                                       gboolean             json,
                                       gboolean             csv);
/* Builds the trees and prints what was asked for (--tree in text, JSON or
 * CSV; --folded into its file). Returns the exit status, or -1 when only
 * --folded FILE was asked for: the usual diff output follows. */
int      jx_cli_diff_tree_run         (const JxCliDiff     *diff,
                                       const JxCliDiffTree *options,
                                       gboolean             json,
                                       gboolean             csv);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliDiffTree, jx_cli_diff_tree_clear)

G_END_DECLS
