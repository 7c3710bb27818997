/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree-private.h — the builder shared by jx-diff-tree.c (nodes,
 * alignment walk, merge) and jx-diff-tree-build.c (a comparison's pairs on
 * worker threads). */
#pragma once

#include "jx-diff-tree.h"

G_BEGIN_DECLS

/* What the walk touches for every call, in one cache line: the node's
 * symbols (to recognise it), its link to the next sibling and the child
 * found last under it (to find the next child without hashing), its calls
 * and inclusive times ([0] side A, [1] side B). Exclusive times follow at
 * the end: a node's inclusive time minus its children's. */
typedef struct
{
  guint64 symbols;         /* symbol_a << 32 | symbol_b */
  guint32 next_sibling;
  guint32 cursor;
  guint64 calls[2];
  guint64 incl[2];
} HotNode;

/* What only one-sided calls touch. */
typedef struct
{
  guint64 only_calls[2];
  guint64 only_incl[2];
  guint64 top_only[2];
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

typedef struct
{
  guint32     n_nodes;
  guint32     capacity;
  HotNode    *nodes;
  OneSided   *one_sided;
  guint32    *parent;
  guint32    *first_child;
  guint32    *last_child;    /* to append children in order */
  guint16    *depth;
  SlotTable   children;      /* (parent << 32 | label) → node */
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
