/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree.h — the differential merged call tree of a reference trace (A)
 * and a compared trace (B), built from the hierarchical alignment.
 *
 * The dissertation merges the call trees of several processes by walking
 * their aligned trees (§5.2.2, Algorithm 7: one merged node per group of
 * aligned calls). Here the two sides of one comparison are merged the same
 * way and then summed by call path, as a calling-context tree: every aligned
 * pair of calls (jx-hier-align.h) goes into the child of its aligned
 * parent's node that carries its label, where the label is
 *   - the function, for a pair of equal calls and for a call only on one
 *     side (so a call only in A sits under the node its aligned caller went
 *     to: a one-sided subtree shows where it hangs, not as an unrelated path);
 *   - the two functions "f → g", for a call of f in A aligned with a call
 *     of g in B (a "different" pair: the alignment matched the calls, their
 *     functions differ; their callees are aligned below it).
 * Node 0 is the root (no function): the top-level calls are its children.
 *
 * Per node and side: calls, inclusive time (summed over the node's calls),
 * exclusive time (inclusive minus the inclusive time of the calls' callees),
 * and the part of calls and inclusive time that is one-sided. Each call's
 * exclusive time goes to exactly one node, so per function and side the
 * exclusive times summed over the tree equal the flat profile's
 * (jx-profile.h), and Σ (exclusive B − exclusive A) over a function's nodes
 * is that function's total change, counting every call: equal, different
 * and one-sided. The root's inclusive time is the total time of the compared
 * streams' top-level calls, the profiles' total exclusive time.
 *
 * Times are kept in ticks of each side (exact sums); seconds_per_tick_a/b
 * convert. Only stream pairs that were aligned (jx_comparison_pair_is_compared)
 * are in a tree: unpaired streams and pairs without invocations are in no
 * total, as everywhere in a comparison. The tree is plain data (struct of
 * arrays, guint32 node ids) and holds no reference to traces or comparisons. */
#pragma once

#include <gio/gio.h>

#include "jx-comparison.h"

G_BEGIN_DECLS

/* What a node's calls are. */
typedef enum
{
  JX_DIFF_TREE_BOTH,        /* every call matched with a call of the same function */
  JX_DIFF_TREE_DIFFERENT,   /* calls of one function in A matched with calls of another in B */
  JX_DIFF_TREE_ONLY_A,      /* calls only in A (the reference) */
  JX_DIFF_TREE_ONLY_B,      /* calls only in B */
  JX_DIFF_TREE_MIXED,       /* some calls matched, some only on one side */
  JX_DIFF_TREE_N_STATES
} JxDiffTreeState;

/* "both", "different", "only-a", "only-b", "mixed": machine-readable. */
const char *jx_diff_tree_state_to_string (JxDiffTreeState state);

#define JX_DIFF_TREE_ROOT 0u

typedef struct
{
  guint32   n_nodes;            /* including the root */
  guint32  *parent;             /* JX_NONE for the root */
  guint32  *first_child;        /* JX_NONE when none; children in order of first appearance */
  guint32  *next_sibling;
  guint16  *depth;              /* root 0, top-level calls 1 */
  guint32  *symbol_a;           /* shared symbols (jx_comparison_get_symbol_name); */
  guint32  *symbol_b;           /* equal except on different nodes; JX_NONE at the root */

  guint64  *calls_a;            /* calls of the node on each side */
  guint64  *calls_b;
  guint64  *only_calls_a;       /* ... of which one-sided */
  guint64  *only_calls_b;
  guint64  *incl_a;             /* inclusive ticks */
  guint64  *incl_b;
  guint64  *excl_a;             /* exclusive ticks */
  guint64  *excl_b;
  guint64  *only_incl_a;        /* inclusive ticks of the one-sided calls */
  guint64  *only_incl_b;
  guint64  *top_only_a;         /* ... of those whose caller is matched or absent:
                                   the roots of one-sided subtrees */
  guint64  *top_only_b;

  double    seconds_per_tick_a;
  double    seconds_per_tick_b;
  guint     n_stream_pairs;     /* stream pairs summed into the tree */
  guint     n_names;
  char    **names;              /* symbol → name (owned) */
} JxDiffTree;

/* One side of an aligned stream pair, for jx_diff_tree_new_for_alignment. */
typedef struct
{
  const JxStream *stream;
  const guint32  *symbol_map;   /* region → shared symbol */
  double          seconds_per_tick;
} JxDiffTreeSide;

/* The tree of one aligned pair of streams. al must keep its pairs and
 * parents; names (n_names, indexed by symbol) are copied. */
JxDiffTree  *jx_diff_tree_new_for_alignment (const JxHierAlignment *al,
                                             const JxDiffTreeSide  *a,
                                             const JxDiffTreeSide  *b,
                                             const char * const    *names,
                                             guint                  n_names);

/* The trees summed by call path: nodes with the same labels from the root
 * down become one node. Trees must share their symbols (names) and tick
 * lengths; NULL entries are skipped. */
JxDiffTree  *jx_diff_tree_merge             (JxDiffTree * const    *trees,
                                             guint                  n_trees);

/* The tree of the comparison's stream pair pair_index, or (G_MAXUINT) of
 * every compared pair summed by call path. The comparison must have kept its
 * alignments (JxComparisonOptions.keep_alignment) and trace_a / trace_b be
 * the traces it compared. Pairs are built on up to n_threads threads (0 =
 * one per core). NULL with an error when the pair was not compared or the
 * alignments were not kept, or G_IO_ERROR_CANCELLED. */
JxDiffTree  *jx_diff_tree_build             (JxComparison          *cmp,
                                             JxTrace               *trace_a,
                                             JxTrace               *trace_b,
                                             guint                  pair_index,
                                             guint                  n_threads,
                                             GCancellable          *cancellable,
                                             GError               **error);

void         jx_diff_tree_free              (JxDiffTree            *self);

JxDiffTreeState jx_diff_tree_get_state      (const JxDiffTree      *self,
                                             guint32                node);

/* "f", or "f → g" on a different node; "" for the root. Free with g_free. */
char        *jx_diff_tree_dup_label         (const JxDiffTree      *self,
                                             guint32                node);

/* Seconds of a node: inclusive (self_time FALSE) or exclusive time of
 * side A (side_b FALSE) or B. */
double       jx_diff_tree_seconds           (const JxDiffTree      *self,
                                             guint32                node,
                                             gboolean               self_time,
                                             gboolean               side_b);

/* B − A in seconds, inclusive or exclusive. */
double       jx_diff_tree_delta             (const JxDiffTree      *self,
                                             guint32                node,
                                             gboolean               self_time);

/* B / A: +inf when only B has time, NAN when neither has. With normalised,
 * each side is first divided by its own total (the root's inclusive time),
 * so the ratio compares shares. */
double       jx_diff_tree_ratio             (const JxDiffTree      *self,
                                             guint32                node,
                                             gboolean               self_time,
                                             gboolean               normalised);

/* The children of node ordered by |Δ inclusive| (largest first; ties by
 * the larger inclusive time, then by order of appearance). Free with g_free. */
guint32     *jx_diff_tree_sorted_children   (const JxDiffTree      *self,
                                             guint32                node,
                                             guint                 *n_out);

/* Which columns jx_diff_tree_append_folded writes. */
typedef enum
{
  JX_DIFF_TREE_FOLDED_BOTH,     /* "stack countA countB" (difffolded.pl's output, flamegraph.pl's input) */
  JX_DIFF_TREE_FOLDED_A,        /* "stack countA" (difffolded.pl's input) */
  JX_DIFF_TREE_FOLDED_B,
} JxDiffTreeFoldedColumns;

/* Folded stacks of the tree: one line per node with exclusive time,
 * frames = the labels from the top-level call down joined by ';' (';',
 * line breaks and tabs inside a name become ' '), counts = exclusive time in
 * microseconds. Counts are rounded cumulatively in pre-order, so each
 * column sums to the side's total time rounded to a microsecond and each
 * count is within 1 µs of its node's exact exclusive time. Lines whose
 * counts are all 0 are left out. Returns the lines written. */
guint64      jx_diff_tree_append_folded     (const JxDiffTree      *self,
                                             JxDiffTreeFoldedColumns columns,
                                             GString               *out);

/* CSV (jx-diff-tree-csv.c), the columns of `juxtrace-cli diff --tree --csv`
 * (which adds its scores column): the header, without a line break; one
 * node's row, without a line break (stream names NULL for a tree summed
 * over stream pairs; path the labels from the top-level call down joined by
 * ';'); a node's label appended to such a path; and the whole tree, header
 * and every node below the root in pre-order, children by |Δ|. */
#define JX_DIFF_TREE_CSV_HEADER \
  "stream_a,stream_b,path,depth,function_a,function_b,state,calls_a,calls_b," \
  "one_sided_calls_a,one_sided_calls_b,inclusive_seconds_a,inclusive_seconds_b," \
  "exclusive_seconds_a,exclusive_seconds_b,delta_inclusive_seconds,delta_exclusive_seconds," \
  "ratio_inclusive,ratio_exclusive"
void         jx_diff_tree_append_csv_row    (GString               *out,
                                             const JxDiffTree      *self,
                                             guint32                node,
                                             const char            *stream_a,
                                             const char            *stream_b,
                                             const char            *path);
void         jx_diff_tree_append_csv_path   (GString               *path,
                                             const JxDiffTree      *self,
                                             guint32                node);
void         jx_diff_tree_append_csv        (GString               *out,
                                             const JxDiffTree      *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxDiffTree, jx_diff_tree_free)

G_END_DECLS
