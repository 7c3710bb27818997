/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-private.h — the builder shared by jx-diff-tree.c (nodes,
 * alignment walk, merge) and jx-diff-tree-build.c (a comparison's pairs on
 * worker threads). */
#pragma once

#include "jx-diff-tree.h"

G_BEGIN_DECLS

/* A node of the tree being built: everything the walk reads or writes for
 * a call, in one cache line, so that a call costs one line of its node
 * (its parent's line is the caller's, already in the cache). The key of a
 * node is its parent and its two symbols (sym_a, sym_b: equal except on a
 * different node; a one-sided node has its symbol on both sides). Siblings
 * are linked in order of creation (first_child … next_sibling; the
 * builder's last_child to append); cursor is the child found last under
 * the node, succ the sibling that followed the node last time under its
 * parent and succ2 the one that followed it before (a different one): the
 * walk tries them before the hash table, and their keys' fingerprints
 * (succ_fp, succ2_fp: key_fingerprint) say without loading their lines
 * which one can match. Calls and inclusive times: [0] side A, [1] side B.
 * One stream pair's calls fit 32 bits (invocation ids are guint32);
 * merged trees add theirs in OneSided.calls. Depths and exclusive times
 * follow at the end: a node's inclusive time minus its children's. */
typedef struct
{
  guint32 sym_a;
  guint32 sym_b;
  guint32 parent;
  guint32 next_sibling;
  guint32 first_child;
  guint32 cursor;
  guint32 calls[2];
  guint64 incl[2];
  guint32 succ;
  guint32 succ2;
  guint32 succ_fp;
  guint32 succ2_fp;
} Node;

G_STATIC_ASSERT (sizeof (Node) == 64);

/* The nodes a stream pair's walk makes room for at most before it starts
 * (_jx_diff_tree_builder_add_alignment). */
#define JX_DIFF_TREE_PAIR_RESERVE (1u << 15)

/* What calls seldom touch, a cache line (64-byte aligned): one-sided
 * parts, calls summed by merges. */
typedef struct
{
  guint64 only_calls[2];
  guint64 only_incl[2];
  guint64 top_only[2];
  guint64 calls[2];
} OneSided;

G_STATIC_ASSERT (sizeof (OneSided) == 64);

/* The children table's slot, 8 bytes so that the table is half as large
 * in the cache: the node (G_MAXUINT32: empty) and the low 32 bits of the
 * key's hash, which also place the slot (so that growing the table reads
 * no node); the key itself (parent, sym_a, sym_b) is in the node's line,
 * which the call then updates. */
typedef struct
{
  guint32 node;
  guint32 tag;
} ChildSlot;

typedef struct
{
  ChildSlot *slots;
  gsize      mask;
  gsize      count;
} ChildTable;

typedef struct
{
  guint32     n_nodes;
  guint32     capacity;
  Node       *nodes;         /* 64-byte aligned */
  OneSided   *one_sided;     /* 64-byte aligned */
  guint32    *last_child;    /* JX_NONE when none */
  ChildTable  children;      /* (parent, sym_a, sym_b) → node */

  double      seconds_per_tick_a;
  double      seconds_per_tick_b;
  guint       n_stream_pairs;
  guint       n_names;
  char      **names;
} Builder;

void        _jx_diff_tree_builder_init          (Builder               *b,
                                                 double                 seconds_per_tick_a,
                                                 double                 seconds_per_tick_b,
                                                 const char * const    *names,
                                                 guint                  n_names);
void        _jx_diff_tree_builder_init_reusing  (Builder               *b,
                                                 Builder               *spare,
                                                 double                 seconds_per_tick_a,
                                                 double                 seconds_per_tick_b,
                                                 const char * const    *names,
                                                 guint                  n_names);
/* FALSE when cancelled (the builder then holds part of the pair). */
gboolean    _jx_diff_tree_builder_add_alignment (Builder               *b,
                                                 const JxHierAlignment *al,
                                                 const JxDiffTreeSide  *a,
                                                 const JxDiffTreeSide  *bside,
                                                 GCancellable          *cancellable);
void        _jx_diff_tree_builder_add_tree      (Builder               *b,
                                                 const JxDiffTree      *src);
void        _jx_diff_tree_builder_add_builder   (Builder               *b,
                                                 const Builder         *src);
void        _jx_diff_tree_builder_reserve       (Builder               *b,
                                                 guint32                n_nodes);
JxDiffTree *_jx_diff_tree_builder_finish        (Builder               *b);
void        _jx_diff_tree_builder_clear         (Builder               *b);

G_END_DECLS
