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
tree_reserve (Builder *b,
              guint32  n)
{
  JxDiffTree *t = b->tree;
  guint32 cap;

  if (n <= b->capacity)
    return;
  cap = MAX (n, b->capacity * 2);
  GROW (t->parent, cap);
  GROW (t->first_child, cap);
  GROW (t->next_sibling, cap);
  GROW (t->depth, cap);
  GROW (t->symbol_a, cap);
  GROW (t->symbol_b, cap);
  GROW (t->calls_a, cap);
  GROW (t->calls_b, cap);
  GROW (t->only_calls_a, cap);
  GROW (t->only_calls_b, cap);
  GROW (t->incl_a, cap);
  GROW (t->incl_b, cap);
  GROW (t->excl_a, cap);
  GROW (t->excl_b, cap);
  GROW (t->only_incl_a, cap);
  GROW (t->only_incl_b, cap);
  GROW (t->top_only_a, cap);
  GROW (t->top_only_b, cap);
  GROW (b->last_child, cap);
  b->capacity = cap;
}

static void
hash_resize (Builder *b,
             gsize    size)
{
  guint64 *old_keys = b->keys;
  guint32 *old_vals = b->vals;
  gsize old_size = b->hmask + 1;

  b->keys = g_new (guint64, size);
  b->vals = g_new (guint32, size);
  memset (b->vals, 0xff, size * sizeof (guint32));
  b->hmask = size - 1;
  if (old_vals == NULL)
    return;
  for (gsize i = 0; i < old_size; i++)
    if (old_vals[i] != EMPTY_SLOT)
      {
        gsize h = mix64 (old_keys[i]) & b->hmask;

        while (b->vals[h] != EMPTY_SLOT)
          h = (h + 1) & b->hmask;
        b->keys[h] = old_keys[i];
        b->vals[h] = old_vals[i];
      }
  g_free (old_keys);
  g_free (old_vals);
}

static guint32
new_node (Builder *b,
          guint32  parent,
          guint32  symbol_a,
          guint32  symbol_b)
{
  JxDiffTree *t = b->tree;
  guint32 n = t->n_nodes;

  tree_reserve (b, n + 1);
  t->n_nodes = n + 1;
  t->parent[n] = parent;
  t->first_child[n] = JX_NONE;
  t->next_sibling[n] = JX_NONE;
  t->depth[n] = parent == JX_NONE ? 0 : (guint16) MIN ((guint) t->depth[parent] + 1, G_MAXUINT16);
  t->symbol_a[n] = symbol_a;
  t->symbol_b[n] = symbol_b;
  t->calls_a[n] = t->calls_b[n] = 0;
  t->only_calls_a[n] = t->only_calls_b[n] = 0;
  t->incl_a[n] = t->incl_b[n] = 0;
  t->excl_a[n] = t->excl_b[n] = 0;
  t->only_incl_a[n] = t->only_incl_b[n] = 0;
  t->top_only_a[n] = t->top_only_b[n] = 0;
  b->last_child[n] = JX_NONE;
  if (parent != JX_NONE)
    {
      if (b->last_child[parent] == JX_NONE)
        t->first_child[parent] = n;
      else
        t->next_sibling[b->last_child[parent]] = n;
      b->last_child[parent] = n;
    }
  return n;
}

static guint32
label_of (Builder *b,
          guint32  symbol_a,
          guint32  symbol_b)
{
  guint64 pair;
  gpointer found;

  if (symbol_a == symbol_b || symbol_b == JX_NONE)
    return symbol_a;
  if (symbol_a == JX_NONE)
    return symbol_b;
  pair = ((guint64) symbol_a << 32) | symbol_b;
  found = g_hash_table_lookup (b->diff_labels, &pair);
  if (found == NULL)
    {
      guint64 *key = g_new (guint64, 1);

      *key = pair;
      found = GUINT_TO_POINTER (g_hash_table_size (b->diff_labels) + 1);
      g_hash_table_insert (b->diff_labels, key, found);
    }
  return DIFF_LABEL_BIT | (GPOINTER_TO_UINT (found) - 1);
}

/* The child of parent with these symbols, created when new. */
static guint32
child_node (Builder *b,
            guint32  parent,
            guint32  symbol_a,
            guint32  symbol_b)
{
  guint64 key = ((guint64) parent << 32) | label_of (b, symbol_a, symbol_b);
  gsize h = mix64 (key) & b->hmask;
  guint32 node;

  while (b->vals[h] != EMPTY_SLOT)
    {
      if (b->keys[h] == key)
        return b->vals[h];
      h = (h + 1) & b->hmask;
    }
  node = new_node (b, parent, symbol_a == JX_NONE ? symbol_b : symbol_a, symbol_b == JX_NONE ? symbol_a : symbol_b);
  b->keys[h] = key;
  b->vals[h] = node;
  if (++b->hcount * 2 > b->hmask + 1)
    hash_resize (b, (b->hmask + 1) * 2);
  return node;
}

void
_jx_diff_tree_builder_init (Builder     *b,
                            double       seconds_per_tick_a,
                            double       seconds_per_tick_b,
                            const char * const *names,
                            guint        n_names)
{
  memset (b, 0, sizeof *b);
  b->tree = g_new0 (JxDiffTree, 1);
  b->tree->seconds_per_tick_a = seconds_per_tick_a;
  b->tree->seconds_per_tick_b = seconds_per_tick_b;
  b->tree->n_names = n_names;
  b->tree->names = g_new0 (char *, n_names + 1);
  for (guint i = 0; i < n_names; i++)
    b->tree->names[i] = g_strdup (names[i] != NULL ? names[i] : "");
  b->diff_labels = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  hash_resize (b, 1024);
  tree_reserve (b, 256);
  new_node (b, JX_NONE, JX_NONE, JX_NONE);
}

JxDiffTree *
_jx_diff_tree_builder_finish (Builder *b)
{
  JxDiffTree *t = b->tree;

  g_free (b->keys);
  g_free (b->vals);
  g_free (b->last_child);
  g_hash_table_unref (b->diff_labels);
  b->tree = NULL;
  return t;
}

void
_jx_diff_tree_builder_clear (Builder *b)
{
  if (b->tree != NULL)
    jx_diff_tree_free (_jx_diff_tree_builder_finish (b));
}

/* One side of a pair: counts the call, its inclusive and exclusive time
 * (taking its time from the caller's exclusive time), and what is one-sided. */
static inline void
add_call (guint64  *calls,
          guint64  *incl,
          guint64  *excl,
          guint64  *only_calls,
          guint64  *only_incl,
          guint64  *top_only,
          guint32   node,
          guint32   parent_node,
          guint64   duration,
          gboolean  one_sided,
          gboolean  top)
{
  calls[node]++;
  incl[node] += duration;
  excl[node] += duration;
  /* The caller's node counted this time as its own; the root has none.
   * Pre-order: the caller was added first, so its sum never goes below 0. */
  if (parent_node != JX_DIFF_TREE_ROOT)
    excl[parent_node] -= duration;
  else
    incl[JX_DIFF_TREE_ROOT] += duration;
  if (one_sided)
    {
      only_calls[node]++;
      only_incl[node] += duration;
      if (top)
        top_only[node] += duration;
    }
}

gboolean
_jx_diff_tree_builder_add_alignment (Builder               *b,
                                     const JxHierAlignment *al,
                                     const JxDiffTreeSide  *sa,
                                     const JxDiffTreeSide  *sb,
                                     GCancellable          *cancellable)
{
  JxDiffTree *t = b->tree;
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
  t->n_stream_pairs++;

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
      /* child_node may have moved the arrays. */
      t = b->tree;

      if (p->a != JX_ALIGN_NONE)
        {
          /* The aligned caller holds this call's caller on this side. */
          g_assert (sp == 0 || al->pairs[stack_pair[sp - 1]].a == a->parent[p->a]);
          add_call (t->calls_a, t->incl_a, t->excl_a, t->only_calls_a, t->only_incl_a, t->top_only_a,
                    node, parent_node, a->end[p->a] - a->start[p->a], p->state == JX_PAIR_ONLY_A,
                    parent_state != JX_PAIR_ONLY_A);
        }
      if (p->b != JX_ALIGN_NONE)
        {
          g_assert (sp == 0 || al->pairs[stack_pair[sp - 1]].b == bs->parent[p->b]);
          add_call (t->calls_b, t->incl_b, t->excl_b, t->only_calls_b, t->only_incl_b, t->top_only_b,
                    node, parent_node, bs->end[p->b] - bs->start[p->b], p->state == JX_PAIR_ONLY_B,
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

  g_assert (src->seconds_per_tick_a == b->tree->seconds_per_tick_a);
  g_assert (src->seconds_per_tick_b == b->tree->seconds_per_tick_b);

  b->tree->n_stream_pairs += src->n_stream_pairs;
  map[JX_DIFF_TREE_ROOT] = JX_DIFF_TREE_ROOT;
  /* Nodes are numbered in order of creation: a parent before its children. */
  for (guint32 n = 0; n < src->n_nodes; n++)
    {
      JxDiffTree *t;
      guint32 d;

      if (n == JX_DIFF_TREE_ROOT)
        d = JX_DIFF_TREE_ROOT;
      else
        {
          g_assert (src->parent[n] < n);
          d = child_node (b, map[src->parent[n]], src->symbol_a[n], src->symbol_b[n]);
        }
      map[n] = d;
      t = b->tree;
      t->calls_a[d] += src->calls_a[n];
      t->calls_b[d] += src->calls_b[n];
      t->only_calls_a[d] += src->only_calls_a[n];
      t->only_calls_b[d] += src->only_calls_b[n];
      t->incl_a[d] += src->incl_a[n];
      t->incl_b[d] += src->incl_b[n];
      t->excl_a[d] += src->excl_a[n];
      t->excl_b[d] += src->excl_b[n];
      t->only_incl_a[d] += src->only_incl_a[n];
      t->only_incl_b[d] += src->only_incl_b[n];
      t->top_only_a[d] += src->top_only_a[n];
      t->top_only_b[d] += src->top_only_b[n];
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
