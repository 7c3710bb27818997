/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree.c — building and merging the differential merged call tree
 * (see jx-diff-tree.h); reading it is jx-diff-tree-query.c. */
#include "config.h"

#include <string.h>

#include "jx-diff-tree-private.h"

#define EMPTY_SLOT     G_MAXUINT32
#define CANCEL_BLOCK   0x10000   /* pairs between two looks at the cancellable */

#define GROW(array, capacity) ((array) = g_renew (__typeof__ (*(array)), (array), (capacity)))

static inline guint64
mix64 (guint64 x)
{
  /* splitmix64's finaliser: keys that differ in a few bits spread out. */
  x ^= x >> 30;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  x ^= x >> 31;
  return x;
}

/* The hash of a node's key: its parent and its two symbols. */
static inline guint64
child_hash (guint32 parent,
            guint32 sym_a,
            guint32 sym_b)
{
  return mix64 ((((guint64) parent << 32) | sym_a) + (guint64) sym_b * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
}

static void
children_init (ChildTable *t,
               gsize       size)
{
  t->slots = g_new (ChildSlot, size);
  for (gsize i = 0; i < size; i++)
    t->slots[i].node = EMPTY_SLOT;
  t->mask = size - 1;
  t->count = 0;
}

static void
children_grow (ChildTable *t)
{
  ChildSlot *old = t->slots;
  gsize old_size = t->mask + 1;

  children_init (t, old_size * 2);
  for (gsize i = 0; i < old_size; i++)
    if (old[i].node != EMPTY_SLOT)
      {
        gsize h = old[i].tag & t->mask;

        while (t->slots[h].node != EMPTY_SLOT)
          h = (h + 1) & t->mask;
        t->slots[h] = old[i];
        t->count++;
      }
  g_free (old);
}

/* The slot of parent's child with these symbols: holding it, or the empty
 * one where it goes (its tag set). Only a slot whose tag matches loads the
 * node to compare the key. */
static inline ChildSlot *
children_find (Builder *b,
               guint32  parent,
               guint32  sym_a,
               guint32  sym_b)
{
  ChildTable *t = &b->children;
  guint64 hash = child_hash (parent, sym_a, sym_b);
  guint32 tag = (guint32) hash;
  gsize h = tag & t->mask;

  for (;; h = (h + 1) & t->mask)
    {
      ChildSlot *slot = &t->slots[h];
      const Node *n;

      if (slot->node == EMPTY_SLOT)
        {
          slot->tag = tag;
          return slot;
        }
      if (slot->tag != tag)
        continue;
      n = &b->nodes[slot->node];
      if (n->parent == parent && n->sym_a == sym_a && n->sym_b == sym_b)
        return slot;
    }
}

static void
reserve_nodes (Builder *b,
               guint32  n)
{
  guint32 cap;
  Node *nodes;
  OneSided *one_sided;

  if (n <= b->capacity)
    return;
  cap = MAX (n, b->capacity * 2);
  nodes = g_aligned_alloc (cap, sizeof (Node), 64);
  one_sided = g_aligned_alloc (cap, sizeof (OneSided), 64);
  if (b->n_nodes > 0)
    {
      memcpy (nodes, b->nodes, b->n_nodes * sizeof (Node));
      memcpy (one_sided, b->one_sided, b->n_nodes * sizeof (OneSided));
    }
  g_aligned_free (b->nodes);
  g_aligned_free (b->one_sided);
  b->nodes = nodes;
  b->one_sided = one_sided;
  b->last_child = g_renew (guint32, b->last_child, cap);
  b->capacity = cap;
}

static guint32
new_node (Builder *b,
          guint32  parent,
          guint32  sym_a,
          guint32  sym_b)
{
  guint32 n = b->n_nodes;
  Node *node;

  reserve_nodes (b, n + 1);
  b->n_nodes = n + 1;
  node = &b->nodes[n];
  memset (node, 0, sizeof (Node));
  memset (&b->one_sided[n], 0, sizeof (OneSided));
  node->sym_a = sym_a;
  node->sym_b = sym_b;
  node->parent = parent;
  node->next_sibling = JX_NONE;
  node->first_child = JX_NONE;
  node->cursor = JX_NONE;
  node->succ = JX_NONE;
  node->succ2 = JX_NONE;
  b->last_child[n] = JX_NONE;
  if (parent != JX_NONE)
    {
      guint32 last = b->last_child[parent];

      if (last == JX_NONE)
        b->nodes[parent].first_child = n;
      else
        b->nodes[last].next_sibling = n;
      b->last_child[parent] = n;
    }
  return n;
}

/* 32 bits of a node's symbols, kept with the links to it (Node.succ_fp):
 * equal for equal symbols; a match is then checked on the node. */
static inline guint32
key_fingerprint (guint32 sym_a,
                 guint32 sym_b)
{
  return sym_a ^ (sym_b * 0x9e3779b1u);
}

/* Remembers that node (fingerprint fp) followed last under their parent:
 * the follower before, when another, becomes the second guess. */
static inline void
follows (Node    *last,
         guint32  node,
         guint32  fp)
{
  if (last->succ != node)
    {
      last->succ2 = last->succ;
      last->succ2_fp = last->succ_fp;
      last->succ = node;
      last->succ_fp = fp;
    }
}

/* The hash table's part of child_node: found there or created. */
static G_GNUC_NO_INLINE guint32
child_node_slow (Builder *b,
                 guint32  parent,
                 guint32  last,
                 guint32  sym_a,
                 guint32  sym_b)
{
  ChildSlot *slot = children_find (b, parent, sym_a, sym_b);
  Node *nodes;
  guint32 node;

  if (slot->node != EMPTY_SLOT)
    node = slot->node;
  else
    {
      node = new_node (b, parent, sym_a, sym_b);
      slot->node = node;
      if (++b->children.count * 2 > b->children.mask + 1)
        children_grow (&b->children);
    }
  /* new_node may have moved the nodes. */
  nodes = b->nodes;
  if (last != JX_NONE)
    follows (&nodes[last], node, key_fingerprint (sym_a, sym_b));
  nodes[parent].cursor = node;
  return node;
}

/* The child of parent with these symbols (a one-sided call's symbol on
 * both sides), created when new. Calls repeat their callees in the same
 * order, so before the hash table the child that followed the child found
 * last under parent the last time is tried, then the one that followed it
 * the time before (each only when its fingerprint, kept in the line of
 * the child found last, matches), then that child again; the first child
 * when none was found yet. A call that breaks the order (one inserted or
 * changed in B) costs a lookup or two; which node is found does not depend
 * on the guesses, only how fast. */
static inline G_ALWAYS_INLINE guint32
child_node (Builder *b,
            guint32  parent,
            guint32  sym_a,
            guint32  sym_b)
{
  Node *nodes = b->nodes;
  Node *p = &nodes[parent];
  guint32 last = p->cursor;
  guint32 fp = key_fingerprint (sym_a, sym_b);
  guint32 guess = JX_NONE;

#define MATCHES(n) ((n) != JX_NONE && nodes[n].sym_a == sym_a && nodes[n].sym_b == sym_b)
  if (last != JX_NONE)
    {
      const Node *l = &nodes[last];

      if (l->succ_fp == fp && MATCHES (l->succ))
        guess = l->succ;
      else if (l->succ2_fp == fp && MATCHES (l->succ2))
        guess = l->succ2;
      else if (MATCHES (last))
        guess = last;
#ifdef TRY_SIBLING
      else if (MATCHES (l->next_sibling))
        guess = l->next_sibling;
      else if (MATCHES (p->first_child))
        guess = p->first_child;
#endif
    }
  else if (MATCHES (p->first_child))
    guess = p->first_child;
#undef MATCHES
  if (G_UNLIKELY (guess == JX_NONE))
    return child_node_slow (b, parent, last, sym_a, sym_b);
  if (last != JX_NONE)
    follows (&nodes[last], guess, fp);
  p->cursor = guess;
  return guess;
}

/* What every builder starts with: the ticks' lengths and the names. */
static void
builder_init_fields (Builder            *b,
                     double              seconds_per_tick_a,
                     double              seconds_per_tick_b,
                     const char * const *names,
                     guint               n_names)
{
  memset (b, 0, sizeof *b);
  b->seconds_per_tick_a = seconds_per_tick_a;
  b->seconds_per_tick_b = seconds_per_tick_b;
  b->n_names = n_names;
  b->names = g_new0 (char *, n_names + 1);
  for (guint i = 0; i < n_names; i++)
    b->names[i] = g_strdup (names[i] != NULL ? names[i] : "");
}

void
_jx_diff_tree_builder_init (Builder            *b,
                            double              seconds_per_tick_a,
                            double              seconds_per_tick_b,
                            const char * const *names,
                            guint               n_names)
{
  builder_init_fields (b, seconds_per_tick_a, seconds_per_tick_b, names, n_names);
  children_init (&b->children, 4096);
  reserve_nodes (b, 1024);
  new_node (b, JX_NONE, JX_NONE, JX_NONE);
}

/* As _jx_diff_tree_builder_init, on the memory of spare (its nodes, lines
 * and table, cleared; spare is left empty): the pages of a stream pair
 * already summed serve the next one, which then neither faults in nor
 * zeroes fresh ones (~1,000 pages of 4 KiB a pair of the ParaDiS shape). */
void
_jx_diff_tree_builder_init_reusing (Builder            *b,
                                    Builder            *spare,
                                    double              seconds_per_tick_a,
                                    double              seconds_per_tick_b,
                                    const char * const *names,
                                    guint               n_names)
{
  if (spare == NULL || spare->nodes == NULL || spare->children.slots == NULL)
    {
      _jx_diff_tree_builder_init (b, seconds_per_tick_a, seconds_per_tick_b, names, n_names);
      return;
    }
  builder_init_fields (b, seconds_per_tick_a, seconds_per_tick_b, names, n_names);
  b->nodes = g_steal_pointer (&spare->nodes);
  b->one_sided = g_steal_pointer (&spare->one_sided);
  b->last_child = g_steal_pointer (&spare->last_child);
  b->capacity = spare->capacity;
  b->children = spare->children;
  spare->children.slots = NULL;
  for (gsize i = 0; i <= b->children.mask; i++)
    b->children.slots[i].node = EMPTY_SLOT;
  b->children.count = 0;
  _jx_diff_tree_builder_clear (spare);
  new_node (b, JX_NONE, JX_NONE, JX_NONE);
}

/* Room for n_nodes nodes, so that they are not copied at every doubling
 * (the pages not written are never touched). The children table still
 * grows as the nodes come: sized for n_nodes at once it is larger, and
 * slower, when they are fewer. */
void
_jx_diff_tree_builder_reserve (Builder *b,
                               guint32  n_nodes)
{
  reserve_nodes (b, n_nodes);
}

JxDiffTree *
_jx_diff_tree_builder_finish (Builder *b)
{
  JxDiffTree *t = g_new0 (JxDiffTree, 1);
  guint32 n = b->n_nodes;
  gsize size = MAX (n, 1);

  t->n_nodes = n;
  t->parent = g_new (guint32, size);
  t->first_child = g_new (guint32, size);
  t->next_sibling = g_new (guint32, size);
  t->depth = g_new (guint16, size);
  t->symbol_a = g_new (guint32, size);
  t->symbol_b = g_new (guint32, size);
  t->calls_a = g_new (guint64, size);
  t->calls_b = g_new (guint64, size);
  t->only_calls_a = g_new (guint64, size);
  t->only_calls_b = g_new (guint64, size);
  t->incl_a = g_new (guint64, size);
  t->incl_b = g_new (guint64, size);
  t->excl_a = g_new (guint64, size);
  t->excl_b = g_new (guint64, size);
  t->only_incl_a = g_new (guint64, size);
  t->only_incl_b = g_new (guint64, size);
  t->top_only_a = g_new (guint64, size);
  t->top_only_b = g_new (guint64, size);
  for (guint32 i = 0; i < n; i++)
    {
      const Node *h = &b->nodes[i];
      const OneSided *o = &b->one_sided[i];

      t->parent[i] = h->parent;
      t->first_child[i] = h->first_child;
      t->depth[i] = i == JX_DIFF_TREE_ROOT ? 0 : (guint16) MIN (t->depth[h->parent] + 1, G_MAXUINT16);
      t->symbol_a[i] = h->sym_a;
      t->symbol_b[i] = h->sym_b;
      t->next_sibling[i] = h->next_sibling;
      t->calls_a[i] = h->calls[0] + o->calls[0];
      t->calls_b[i] = h->calls[1] + o->calls[1];
      t->incl_a[i] = h->incl[0];
      t->incl_b[i] = h->incl[1];
      t->excl_a[i] = h->incl[0];
      t->excl_b[i] = h->incl[1];
      t->only_calls_a[i] = o->only_calls[0];
      t->only_calls_b[i] = o->only_calls[1];
      t->only_incl_a[i] = o->only_incl[0];
      t->only_incl_b[i] = o->only_incl[1];
      t->top_only_a[i] = o->top_only[0];
      t->top_only_b[i] = o->top_only[1];
    }
  /* Exclusive = inclusive minus the callees' inclusive: each call's callees
   * are in its node's children. The root has no time of its own: its
   * inclusive time is its children's, the top-level calls' (the walk and
   * the merges leave it to this). */
  if (n > 0)
    t->incl_a[JX_DIFF_TREE_ROOT] = t->incl_b[JX_DIFF_TREE_ROOT] = 0;
  for (guint32 i = 1; i < n; i++)
    if (t->parent[i] != JX_DIFF_TREE_ROOT)
      {
        t->excl_a[t->parent[i]] -= t->incl_a[i];
        t->excl_b[t->parent[i]] -= t->incl_b[i];
      }
    else
      {
        t->incl_a[JX_DIFF_TREE_ROOT] += t->incl_a[i];
        t->incl_b[JX_DIFF_TREE_ROOT] += t->incl_b[i];
      }
  if (n > 0)
    t->excl_a[JX_DIFF_TREE_ROOT] = t->excl_b[JX_DIFF_TREE_ROOT] = 0;
  t->seconds_per_tick_a = b->seconds_per_tick_a;
  t->seconds_per_tick_b = b->seconds_per_tick_b;
  t->n_stream_pairs = b->n_stream_pairs;
  t->n_names = b->n_names;
  t->names = g_steal_pointer (&b->names);
  _jx_diff_tree_builder_clear (b);
  return t;
}

void
_jx_diff_tree_builder_clear (Builder *b)
{
  g_clear_pointer (&b->nodes, g_aligned_free);
  g_clear_pointer (&b->one_sided, g_aligned_free);
  g_clear_pointer (&b->last_child, g_free);
  g_clear_pointer (&b->children.slots, g_free);
  g_clear_pointer (&b->names, g_strfreev);
  b->n_nodes = b->capacity = 0;
}

/* One call on one side (side 0 = A, 1 = B): counts it, its inclusive time
 * and what is one-sided. */
static inline G_ALWAYS_INLINE void
add_call (Builder  *b,
          guint     side,
          guint32   node,
          guint64   duration,
          gboolean  one_sided,
          gboolean  top)
{
  Node *h = &b->nodes[node];

  h->calls[side]++;
  h->incl[side] += duration;
  if (G_UNLIKELY (one_sided))
    {
      OneSided *o = &b->one_sided[node];

      o->only_calls[side]++;
      o->only_incl[side] += duration;
      if (top)
        o->top_only[side] += duration;
    }
}

/* The walk's stack: an aligned pair (G_MAXUINT32 for the top level, at
 * the bottom), its node and its state. */
typedef struct
{
  guint32 pair;
  guint32 node;
  guint32 state;
} Frame;

gboolean
_jx_diff_tree_builder_add_alignment (Builder               *b,
                                     const JxHierAlignment *al,
                                     const JxDiffTreeSide  *sa,
                                     const JxDiffTreeSide  *sb,
                                     GCancellable          *cancellable)
{
  const guint32 *region_a = sa->stream->region;
  const guint32 *region_b = sb->stream->region;
  const guint64 *start_a = sa->stream->start;
  const guint64 *end_a = sa->stream->end;
  const guint64 *start_b = sb->stream->start;
  const guint64 *end_b = sb->stream->end;
  const guint32 *map_a = sa->symbol_map;
  const guint32 *map_b = sb->symbol_map;
  const JxAlignPair *pairs = al->pairs;
  const guint32 *parents = al->parent;
  g_autofree Frame *stack = NULL;
  gsize sp = 1, stack_cap = 64;
  gboolean done = TRUE;

  g_assert (al->pairs != NULL && al->parent != NULL);

  /* Room for a node per pair, up to 32 Ki nodes (pages never written are
   * never touched): a large pair's tree then grows without copying its
   * nodes at every doubling or rehashing its table. */
  reserve_nodes (b, (guint32) MIN ((guint64) b->n_nodes + al->n_pairs, JX_DIFF_TREE_PAIR_RESERVE));
  if (b->children.count == 0)
    {
      /* Empty (a new builder): made at its size at once. */
      gsize size = b->children.mask + 1;

      while ((guint64) MIN (al->n_pairs, JX_DIFF_TREE_PAIR_RESERVE) * 2 > size)
        size *= 2;
      if (size > b->children.mask + 1)
        {
          g_free (b->children.slots);
          children_init (&b->children, size);
        }
    }
  while ((guint64) MIN (b->children.count + al->n_pairs, JX_DIFF_TREE_PAIR_RESERVE) * 2 > b->children.mask + 1)
    children_grow (&b->children);

  stack = g_new (Frame, stack_cap);
  stack[0] = (Frame) { JX_ALIGN_NONE, JX_DIFF_TREE_ROOT, JX_PAIR_EQUAL };
  b->n_stream_pairs++;

  for (gsize block = 0; block < al->n_pairs && done; block += CANCEL_BLOCK)
    {
      gsize block_end = MIN (block + CANCEL_BLOCK, al->n_pairs);

      if (block > 0 && g_cancellable_is_cancelled (cancellable))
        {
          done = FALSE;
          break;
        }
      for (gsize i = block; i < block_end; i++)
        {
          const JxAlignPair *p = &pairs[i];
          guint32 parent = parents[i];
          guint32 pa = p->a, pb = p->b, state = p->state;
          guint32 parent_node, parent_state, node;

          /* The parent is on the stack (pre-order); the bottom's pair is
           * JX_ALIGN_NONE, the top level's parent. */
          while (stack[sp - 1].pair != parent)
            {
              sp--;
              g_assert (sp > 0);
            }
          parent_node = stack[sp - 1].node;
          parent_state = stack[sp - 1].state;

          /* The aligned parent holds each side's caller (Algorithm 2 aligns
           * only the callees of aligned calls), so a call's time goes under
           * its caller's node; tests/analysis/test-diff-tree.c checks the
           * sums against each side's own call-path profile. The top-level
           * calls' time is the root's, summed at the end. */
          if (G_LIKELY (pa != JX_ALIGN_NONE && pb != JX_ALIGN_NONE))
            {
              /* Equal or different: no side is one-sided. */
              node = child_node (b, parent_node, map_a[region_a[pa]], map_b[region_b[pb]]);
              add_call (b, 0, node, end_a[pa] - start_a[pa], FALSE, FALSE);
              add_call (b, 1, node, end_b[pb] - start_b[pb], FALSE, FALSE);
            }
          else if (pa != JX_ALIGN_NONE)
            {
              guint32 sym = map_a[region_a[pa]];

              /* A one-sided call has its symbol on both sides. */
              node = child_node (b, parent_node, sym, sym);
              add_call (b, 0, node, end_a[pa] - start_a[pa], state == JX_PAIR_ONLY_A,
                        parent_state != JX_PAIR_ONLY_A);
            }
          else
            {
              guint32 sym = map_b[region_b[pb]];

              node = child_node (b, parent_node, sym, sym);
              add_call (b, 1, node, end_b[pb] - start_b[pb], state == JX_PAIR_ONLY_B,
                        parent_state != JX_PAIR_ONLY_B);
            }

          if (sp == stack_cap)
            {
              stack_cap *= 2;
              GROW (stack, stack_cap);
            }
          stack[sp++] = (Frame) { (guint32) i, node, state };
        }
    }
  return done;
}

void
_jx_diff_tree_builder_add_tree (Builder          *b,
                                const JxDiffTree *src)
{
  g_autofree guint32 *map = g_new (guint32, MAX (src->n_nodes, 1));

  g_assert (src->seconds_per_tick_a == b->seconds_per_tick_a);
  g_assert (src->seconds_per_tick_b == b->seconds_per_tick_b);

  b->n_stream_pairs += src->n_stream_pairs;
  /* Nodes are numbered in order of creation: a parent before its children. */
  for (guint32 n = 0; n < src->n_nodes; n++)
    {
      Node *h;
      OneSided *o;

      if (n == JX_DIFF_TREE_ROOT)
        map[n] = JX_DIFF_TREE_ROOT;
      else
        {
          g_assert (src->parent[n] < n);
          map[n] = child_node (b, map[src->parent[n]], src->symbol_a[n], src->symbol_b[n]);
        }
      h = &b->nodes[map[n]];
      o = &b->one_sided[map[n]];
      o->calls[0] += src->calls_a[n];
      o->calls[1] += src->calls_b[n];
      h->incl[0] += src->incl_a[n];
      h->incl[1] += src->incl_b[n];
      o->only_calls[0] += src->only_calls_a[n];
      o->only_calls[1] += src->only_calls_b[n];
      o->only_incl[0] += src->only_incl_a[n];
      o->only_incl[1] += src->only_incl_b[n];
      o->top_only[0] += src->top_only_a[n];
      o->top_only[1] += src->top_only_b[n];
    }
}

/* The same as _jx_diff_tree_builder_add_tree (src finished), read from
 * the builder itself: a comparison's pairs are summed without writing each
 * pair's tree out first. The walk's guesses do not help here (they follow
 * the order of calls, a merge visits nodes in the order they were made:
 * 93 % of the nodes of the ParaDiS pair's builders go to the table), so
 * every node is looked up in the table, whose slot is prefetched
 * 2 × MERGE_AHEAD nodes ahead (the key's parent is merged by then, unless
 * it is one of the nodes in between) and whose node line MERGE_AHEAD nodes
 * ahead, when the slot holds the key's tag. */
#define MERGE_AHEAD 8

void
_jx_diff_tree_builder_add_builder (Builder       *b,
                                   const Builder *src)
{
  g_autofree guint32 *map = g_new (guint32, MAX (src->n_nodes, 1));
  guint32 ahead[2 * MERGE_AHEAD] = { 0 };

  g_assert (src->seconds_per_tick_a == b->seconds_per_tick_a);
  g_assert (src->seconds_per_tick_b == b->seconds_per_tick_b);

  b->n_stream_pairs += src->n_stream_pairs;
  /* Nodes are numbered in order of creation: a parent before its children. */
  for (guint32 n = 0; n < src->n_nodes; n++)
    {
      const Node *sn = &src->nodes[n];
      const OneSided *so = &src->one_sided[n];
      Node *h;
      OneSided *o;

      if (n + 2 * MERGE_AHEAD < src->n_nodes)
        {
          const Node *later = &src->nodes[n + 2 * MERGE_AHEAD];
          guint32 parent = later->parent < n ? map[later->parent] : JX_DIFF_TREE_ROOT;
          guint32 tag = (guint32) child_hash (parent, later->sym_a, later->sym_b);

          ahead[(n + 2 * MERGE_AHEAD) % (2 * MERGE_AHEAD)] = tag;
          __builtin_prefetch (&b->children.slots[tag & b->children.mask]);
        }
      if (n + MERGE_AHEAD < src->n_nodes)
        {
          guint32 tag = ahead[(n + MERGE_AHEAD) % (2 * MERGE_AHEAD)];
          const ChildSlot *slot = &b->children.slots[tag & b->children.mask];
          guint32 found = slot->node != EMPTY_SLOT && slot->tag == tag ? slot->node : JX_DIFF_TREE_ROOT;

          __builtin_prefetch (&b->nodes[found], 1);
          __builtin_prefetch (&b->one_sided[found], 1);
        }

      if (n == JX_DIFF_TREE_ROOT)
        map[n] = JX_DIFF_TREE_ROOT;
      else
        {
          g_assert (sn->parent < n);
          map[n] = child_node_slow (b, map[sn->parent], JX_NONE, sn->sym_a, sn->sym_b);
        }
      h = &b->nodes[map[n]];
      o = &b->one_sided[map[n]];
      for (guint s = 0; s < 2; s++)
        {
          o->calls[s] += sn->calls[s] + so->calls[s];
          h->incl[s] += sn->incl[s];
          o->only_calls[s] += so->only_calls[s];
          o->only_incl[s] += so->only_incl[s];
          o->top_only[s] += so->top_only[s];
        }
    }
}

JxDiffTree *
jx_diff_tree_new_for_alignment (const JxHierAlignment *al,
                                const JxDiffTreeSide  *a,
                                const JxDiffTreeSide  *b,
                                const char * const    *names,
                                guint                  n_names)
{
  Builder builder;

  g_return_val_if_fail (al != NULL && al->pairs != NULL && al->parent != NULL, NULL);
  g_return_val_if_fail (a != NULL && a->stream != NULL && a->symbol_map != NULL, NULL);
  g_return_val_if_fail (b != NULL && b->stream != NULL && b->symbol_map != NULL, NULL);
  g_return_val_if_fail (names != NULL || n_names == 0, NULL);

  _jx_diff_tree_builder_init (&builder, a->seconds_per_tick, b->seconds_per_tick, names, n_names);
  _jx_diff_tree_builder_add_alignment (&builder, al, a, b, NULL);
  return _jx_diff_tree_builder_finish (&builder);
}

JxDiffTree *
jx_diff_tree_merge (JxDiffTree * const *trees,
                    guint               n_trees)
{
  const JxDiffTree *first = NULL;
  Builder builder;

  g_return_val_if_fail (trees != NULL || n_trees == 0, NULL);

  for (guint i = 0; i < n_trees && first == NULL; i++)
    first = trees[i];
  if (first == NULL)
    {
      _jx_diff_tree_builder_init (&builder, 0.0, 0.0, NULL, 0);
      return _jx_diff_tree_builder_finish (&builder);
    }
  for (guint i = 0; i < n_trees; i++)
    if (trees[i] != NULL)
      {
        g_return_val_if_fail (trees[i]->seconds_per_tick_a == first->seconds_per_tick_a, NULL);
        g_return_val_if_fail (trees[i]->seconds_per_tick_b == first->seconds_per_tick_b, NULL);
        g_return_val_if_fail (trees[i]->n_names == first->n_names, NULL);
      }

  _jx_diff_tree_builder_init (&builder, first->seconds_per_tick_a, first->seconds_per_tick_b,
                              (const char * const *) first->names, first->n_names);
  for (guint i = 0; i < n_trees; i++)
    if (trees[i] != NULL)
      _jx_diff_tree_builder_add_tree (&builder, trees[i]);
  return _jx_diff_tree_builder_finish (&builder);
}

void
jx_diff_tree_free (JxDiffTree *self)
{
  if (self == NULL)
    return;
  g_free (self->parent);
  g_free (self->first_child);
  g_free (self->next_sibling);
  g_free (self->depth);
  g_free (self->symbol_a);
  g_free (self->symbol_b);
  g_free (self->calls_a);
  g_free (self->calls_b);
  g_free (self->only_calls_a);
  g_free (self->only_calls_b);
  g_free (self->incl_a);
  g_free (self->incl_b);
  g_free (self->excl_a);
  g_free (self->excl_b);
  g_free (self->only_incl_a);
  g_free (self->only_incl_b);
  g_free (self->top_only_a);
  g_free (self->top_only_b);
  g_strfreev (self->names);
  g_free (self);
}
