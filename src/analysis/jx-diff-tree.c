/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-tree.c — building and merging the differential merged call tree
 * (see jx-diff-tree.h); reading it is jx-diff-tree-query.c. */
#include "config.h"

#include <string.h>


#include "jx-diff-tree-private.h"

/* Labels of different nodes ("f → g") are numbered from here; labels below
 * it are symbols. */
#define DIFF_LABEL_BIT 0x80000000u
#define EMPTY_SLOT     G_MAXUINT32

static guint64
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

#define GROW(array, capacity) ((array) = g_renew (__typeof__ (*(array)), (array), (capacity)))

static void
slots_init (SlotTable *t,
            gsize      size)
{
  t->slots = g_new (Slot, size);
  for (gsize i = 0; i < size; i++)
    t->slots[i].value = EMPTY_SLOT;
  t->mask = size - 1;
  t->count = 0;
}

static void
slots_grow (SlotTable *t)
{
  Slot *old = t->slots;
  gsize old_size = t->mask + 1;

  slots_init (t, old_size * 2);
  for (gsize i = 0; i < old_size; i++)
    if (old[i].value != EMPTY_SLOT)
      {
        gsize h = mix64 (old[i].key) & t->mask;

        while (t->slots[h].value != EMPTY_SLOT)
          h = (h + 1) & t->mask;
        t->slots[h] = old[i];
        t->count++;
      }
  g_free (old);
}

/* The slot of key: holding it, or the empty one where it goes. */
static inline Slot *
slots_find (SlotTable *t,
            guint64    key)
{
  gsize h = mix64 (key) & t->mask;

  while (t->slots[h].value != EMPTY_SLOT && t->slots[h].key != key)
    h = (h + 1) & t->mask;
  return &t->slots[h];
}

static inline void
slots_fill (SlotTable *t,
            Slot      *slot,
            guint64    key,
            guint32    value)
{
  slot->key = key;
  slot->value = value;
  if (++t->count * 2 > t->mask + 1)
    slots_grow (t);
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

static inline guint64
child_key (guint32 parent,
           guint32 label)
{
  return ((guint64) parent << 32) | label;
}

static void
children_grow (Builder *b)
{
  ChildTable *t = &b->children;
  ChildSlot *old = t->slots;
  gsize old_size = t->mask + 1;

  children_init (t, old_size * 2);
  for (gsize i = 0; i < old_size; i++)
    if (old[i].node != EMPTY_SLOT)
      {
        guint32 node = old[i].node;
        gsize h = mix64 (child_key (b->parent[node], b->nodes[node].label)) & t->mask;

        while (t->slots[h].node != EMPTY_SLOT)
          h = (h + 1) & t->mask;
        t->slots[h] = old[i];
        t->count++;
      }
  g_free (old);
}

/* The slot of parent's child labelled label: holding it, or the empty one
 * where it goes (its tag set). Only a slot whose tag matches loads the
 * node to compare the key. */
static inline ChildSlot *
children_find (Builder *b,
               guint32  parent,
               guint32  label)
{
  ChildTable *t = &b->children;
  guint64 hash = mix64 (child_key (parent, label));
  guint32 tag = (guint32) (hash >> 32);
  gsize h = hash & t->mask;

  for (;; h = (h + 1) & t->mask)
    {
      ChildSlot *slot = &t->slots[h];

      if (slot->node == EMPTY_SLOT)
        {
          slot->tag = tag;
          return slot;
        }
      if (slot->tag == tag && b->parent[slot->node] == parent && b->nodes[slot->node].label == label)
        return slot;
    }
}

static void
reserve_nodes (Builder *b,
               guint32  n)
{
  guint32 cap;

  if (n <= b->capacity)
    return;
  cap = MAX (n, b->capacity * 2);
  GROW (b->nodes, cap);
  GROW (b->one_sided, cap);
  GROW (b->parent, cap);
  GROW (b->first_child, cap);
  GROW (b->last_child, cap);
  GROW (b->cursor, cap);
  GROW (b->symbol_a, cap);
  GROW (b->symbol_b, cap);
  GROW (b->depth, cap);
  b->capacity = cap;
}

static guint32
new_node (Builder *b,
          guint32  parent,
          guint32  label,
          guint32  symbol_a,
          guint32  symbol_b)
{
  guint32 n = b->n_nodes;

  reserve_nodes (b, n + 1);
  b->n_nodes = n + 1;
  memset (&b->nodes[n], 0, sizeof (HotNode));
  memset (&b->one_sided[n], 0, sizeof (OneSided));
  b->nodes[n].label = label;
  b->nodes[n].next_sibling = JX_NONE;
  b->cursor[n] = JX_NONE;
  b->symbol_a[n] = symbol_a;
  b->symbol_b[n] = symbol_b;
  b->parent[n] = parent;
  b->first_child[n] = JX_NONE;
  b->last_child[n] = JX_NONE;
  b->depth[n] = parent == JX_NONE ? 0 : (guint16) MIN ((guint) b->depth[parent] + 1, G_MAXUINT16);
  if (parent != JX_NONE)
    {
      if (b->last_child[parent] == JX_NONE)
        b->first_child[parent] = n;
      else
        b->nodes[b->last_child[parent]].next_sibling = n;
      b->last_child[parent] = n;
    }
  return n;
}

static inline guint32
label_of (Builder *b,
          guint32  symbol_a,
          guint32  symbol_b)
{
  guint64 pair;
  Slot *slot;

  if (symbol_a == symbol_b || symbol_b == JX_NONE)
    return symbol_a;
  if (symbol_a == JX_NONE)
    return symbol_b;
  pair = ((guint64) symbol_a << 32) | symbol_b;
  slot = slots_find (&b->diff_labels, pair);
  if (slot->value == EMPTY_SLOT)
    slots_fill (&b->diff_labels, slot, pair, DIFF_LABEL_BIT | b->n_diff_labels++);
  else
    return slot->value;
  return DIFF_LABEL_BIT | (b->n_diff_labels - 1);
}

/* The child of parent with these symbols, created when new. Calls repeat
 * their callees in the same order, so the sibling after the child found
 * last under parent (or the first child, or that child again) is tried
 * before the hash table. */
static inline guint32
child_node (Builder *b,
            guint32  parent,
            guint32  symbol_a,
            guint32  symbol_b)
{
  guint32 label = label_of (b, symbol_a, symbol_b);
  guint32 last = b->cursor[parent];
  guint32 guess;
  ChildSlot *slot;
  guint32 node;

  guess = last != JX_NONE ? b->nodes[last].next_sibling : b->first_child[parent];
  if (guess == JX_NONE || b->nodes[guess].label != label)
    {
      guess = b->first_child[parent];
      if (guess == JX_NONE || b->nodes[guess].label != label)
        guess = last != JX_NONE && b->nodes[last].label == label ? last : JX_NONE;
    }
  if (guess != JX_NONE)
    {
      b->cursor[parent] = guess;
      return guess;
    }

  slot = children_find (b, parent, label);
  if (slot->node != EMPTY_SLOT)
    node = slot->node;
  else
    {
      node = new_node (b, parent, label, symbol_a == JX_NONE ? symbol_b : symbol_a,
                       symbol_b == JX_NONE ? symbol_a : symbol_b);
      slot->node = node;
      if (++b->children.count * 2 > b->children.mask + 1)
        children_grow (b);
    }
  b->cursor[parent] = node;
  return node;
}

void
_jx_diff_tree_builder_init (Builder            *b,
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
  children_init (&b->children, 4096);
  slots_init (&b->diff_labels, 64);
  reserve_nodes (b, 1024);
  new_node (b, JX_NONE, JX_NONE, JX_NONE, JX_NONE);
}

#define TAKE(field) (t->field = g_steal_pointer (&b->field))

JxDiffTree *
_jx_diff_tree_builder_finish (Builder *b)
{
  JxDiffTree *t = g_new0 (JxDiffTree, 1);
  guint32 n = b->n_nodes;
  gsize size = MAX (n, 1);

  t->n_nodes = n;
  TAKE (parent);
  TAKE (first_child);
  TAKE (depth);
  TAKE (symbol_a);
  TAKE (symbol_b);
  t->next_sibling = g_new (guint32, size);
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
      const HotNode *h = &b->nodes[i];
      const OneSided *o = &b->one_sided[i];

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
   * are in its node's children. The root has no time of its own. */
  for (guint32 i = 1; i < n; i++)
    if (t->parent[i] != JX_DIFF_TREE_ROOT)
      {
        t->excl_a[t->parent[i]] -= t->incl_a[i];
        t->excl_b[t->parent[i]] -= t->incl_b[i];
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
  g_clear_pointer (&b->nodes, g_free);
  g_clear_pointer (&b->one_sided, g_free);
  g_clear_pointer (&b->parent, g_free);
  g_clear_pointer (&b->first_child, g_free);
  g_clear_pointer (&b->last_child, g_free);
  g_clear_pointer (&b->cursor, g_free);
  g_clear_pointer (&b->symbol_a, g_free);
  g_clear_pointer (&b->symbol_b, g_free);
  g_clear_pointer (&b->depth, g_free);
  g_clear_pointer (&b->children.slots, g_free);
  g_clear_pointer (&b->diff_labels.slots, g_free);
  g_clear_pointer (&b->names, g_strfreev);
  b->n_nodes = b->capacity = 0;
}

/* One call on one side (side 0 = A, 1 = B): counts it, its inclusive time
 * (the root's is the top-level calls' time), and what is one-sided. */
static inline void
add_call (Builder  *b,
          guint     side,
          guint32   node,
          guint32   parent_node,
          guint64   duration,
          gboolean  one_sided,
          gboolean  top)
{
  HotNode *h = &b->nodes[node];

  h->calls[side]++;
  h->incl[side] += duration;
  if (parent_node == JX_DIFF_TREE_ROOT)
    b->nodes[JX_DIFF_TREE_ROOT].incl[side] += duration;
  if (one_sided)
    {
      OneSided *o = &b->one_sided[node];

      o->only_calls[side]++;
      o->only_incl[side] += duration;
      if (top)
        o->top_only[side] += duration;
    }
}

gboolean
_jx_diff_tree_builder_add_alignment (Builder               *b,
                                     const JxHierAlignment *al,
                                     const JxDiffTreeSide  *sa,
                                     const JxDiffTreeSide  *sb,
                                     GCancellable          *cancellable)
{
  const JxStream *a = sa->stream;
  const JxStream *bs = sb->stream;
  g_autofree guint32 *stack_pair = NULL;
  g_autofree guint32 *stack_node = NULL;
  g_autofree guint8 *stack_state = NULL;
  gsize sp = 0, stack_cap = 64;

  g_assert (al->pairs != NULL && al->parent != NULL);

  stack_pair = g_new (guint32, stack_cap);
  stack_node = g_new (guint32, stack_cap);
  stack_state = g_new (guint8, stack_cap);
  b->n_stream_pairs++;

  for (gsize i = 0; i < al->n_pairs; i++)
    {
      const JxAlignPair *p = &al->pairs[i];
      guint32 parent = al->parent[i];
      guint32 parent_node, node, sym_a, sym_b;
      guint8 parent_state;

      if ((i & 0xffff) == 0xffff && g_cancellable_is_cancelled (cancellable))
        return FALSE;
      while (sp > 0 && stack_pair[sp - 1] != parent)
        sp--;
      g_assert (parent == JX_ALIGN_NONE || sp > 0);
      parent_node = sp > 0 ? stack_node[sp - 1] : JX_DIFF_TREE_ROOT;
      parent_state = sp > 0 ? stack_state[sp - 1] : JX_PAIR_EQUAL;

      sym_a = p->a != JX_ALIGN_NONE ? sa->symbol_map[a->region[p->a]] : JX_NONE;
      sym_b = p->b != JX_ALIGN_NONE ? sb->symbol_map[bs->region[p->b]] : JX_NONE;
      node = child_node (b, parent_node, sym_a, sym_b);

      /* The aligned parent holds each side's caller (Algorithm 2 aligns
       * only the callees of aligned calls), so a call's time goes under its
       * caller's node; tests/analysis/test-diff-tree.c checks the sums
       * against each side's own call-path profile. */
      if (p->a != JX_ALIGN_NONE)
        {
          add_call (b, 0, node, parent_node, a->end[p->a] - a->start[p->a], p->state == JX_PAIR_ONLY_A,
                    parent_state != JX_PAIR_ONLY_A);
        }
      if (p->b != JX_ALIGN_NONE)
        {
          add_call (b, 1, node, parent_node, bs->end[p->b] - bs->start[p->b], p->state == JX_PAIR_ONLY_B,
                    parent_state != JX_PAIR_ONLY_B);
        }

      if (sp == stack_cap)
        {
          stack_cap *= 2;
          GROW (stack_pair, stack_cap);
          GROW (stack_node, stack_cap);
          GROW (stack_state, stack_cap);
        }
      stack_pair[sp] = (guint32) i;
      stack_node[sp] = node;
      stack_state[sp] = (guint8) p->state;
      sp++;
    }
  return TRUE;
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
      HotNode *h;
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
