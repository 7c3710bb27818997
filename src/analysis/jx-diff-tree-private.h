/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-private.h — the builder shared by jx-diff-tree.c (nodes,
 * alignment walk, merge) and jx-diff-tree-build.c (a comparison's pairs on
 * worker threads). */
#pragma once

#include "jx-diff-tree.h"

G_BEGIN_DECLS

/* What the walk touches for every call, half a cache line, so that the
 * nodes of a stream pair's tree mostly stay in the core's cache: the
 * node's label (to recognise it), its link to the next sibling (to find
 * the next callee without hashing), its calls and inclusive times ([0]
 * side A, [1] side B). One stream pair's calls fit 32 bits (invocation ids
 * are guint32); merged trees add theirs in Cold.calls. Exclusive times
 * follow at the end: a node's inclusive time minus its children's. */
typedef struct
{
  guint32 label;
  guint32 next_sibling;
  guint32 calls[2];
  guint64 incl[2];
} HotNode;

/* What calls seldom touch: one-sided parts, calls summed by merges, the
 * child found last under the node (read while the node is hot). */
typedef struct
{
  guint64 only_calls[2];
  guint64 only_incl[2];
  guint64 top_only[2];
  guint64 calls[2];
} OneSided;

/* Open addressing slot: key → value, one cache line per probe. */
typedef struct
{
  guint64 key;
  guint32 value;     /* G_MAXUINT32: empty */
} Slot;

typedef struct
{
  Slot   *slots;
  gsize   mask;
  gsize   count;
} SlotTable;

/* The children table's slot, 8 bytes so that the table is half as large
 * in the cache: the node (G_MAXUINT32: empty) and 32 more bits of the
 * key's hash; the key itself (parent, label) is the node's. */
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
  HotNode    *nodes;
  OneSided   *one_sided;
  guint32    *parent;
  guint32    *first_child;
  guint32    *last_child;    /* to append children in order */
  guint32    *cursor;        /* the child found last under each node */
  guint32    *symbol_a;
  guint32    *symbol_b;
  guint16    *depth;
  ChildTable  children;      /* (parent, label) → node */
  SlotTable   diff_labels;   /* (symbol_a << 32 | symbol_b) → label of a different node */
  guint32     n_diff_labels;

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
/* FALSE when cancelled (the builder then holds part of the pair). */
gboolean    _jx_diff_tree_builder_add_alignment (Builder               *b,
                                                 const JxHierAlignment *al,
                                                 const JxDiffTreeSide  *a,
                                                 const JxDiffTreeSide  *bside,
                                                 GCancellable          *cancellable);
void        _jx_diff_tree_builder_add_tree      (Builder               *b,
                                                 const JxDiffTree      *src);
JxDiffTree *_jx_diff_tree_builder_finish        (Builder               *b);
void        _jx_diff_tree_builder_clear         (Builder               *b);

G_END_DECLS
