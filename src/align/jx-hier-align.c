/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-hier-align.c — the coordinator of hierarchical alignment: Algorithm 2
 * as an iterative depth-first traversal with an explicit stack, the score
 * of §3.4.2, identical subtrees let through in one sweep, and the optional
 * flat optimum. Worker threads: jx-hier-parallel.c. */
#include "config.h"

#include <string.h>

#include "jx-hier-align-private.h"
#include "jx-sequence-align-private.h"

void
jx_hier_align_options_init (JxHierAlignOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  jx_align_options_init (&options->align);
  options->n_threads = 1;
}

void
_jx_hier_state_init (HierState                *st,
                     const JxHierTree         *a,
                     const JxHierTree         *b,
                     const JxHierAlignOptions *options,
                     JxHierAlignment          *result)
{
  memset (st, 0, sizeof *st);
  st->a = a;
  st->b = b;
  st->options = options;
  st->result = result;
  st->next_report = JX_HIER_PROGRESS_STEP;
  st->aligned = g_array_new (FALSE, FALSE, sizeof (JxAlignPair));
}

void
_jx_hier_state_reserve_pairs (HierState *st,
                              gsize      extra)
{
  JxHierAlignment *r = st->result;
  gsize needed = r->n_pairs + extra;

  if (needed <= st->capacity)
    return;
  st->capacity = MAX (needed, MAX (st->capacity + st->capacity / 2, 1024));
  r->pairs = g_renew (JxAlignPair, r->pairs, st->capacity);
  r->parent = g_renew (guint32, r->parent, st->capacity);
}

static inline guint32
emit_pair (HierState *st,
           guint32    a,
           guint32    b,
           guint32    state,
           guint32    parent)
{
  JxHierAlignment *r = st->result;
  gsize idx = r->n_pairs++;

  r->pairs[idx].a = a;
  r->pairs[idx].b = b;
  r->pairs[idx].state = state;
  r->parent[idx] = parent;
  r->counts[state]++;
  return (guint32) idx;
}

void
_jx_hier_state_push (HierState *st,
                     guint32    a,
                     guint32    b,
                     guint32    parent)
{
  if (st->stack_len == st->stack_capacity)
    {
      st->stack_capacity = MAX (st->stack_capacity * 2, 256);
      st->stack = g_renew (StackEntry, st->stack, st->stack_capacity);
    }
  st->stack[st->stack_len].a = a;
  st->stack[st->stack_len].b = b;
  st->stack[st->stack_len].parent = parent;
  st->stack[st->stack_len].mismatch = JX_NONE;
  st->stack[st->stack_len].end_a = a != JX_ALIGN_NONE ? st->a->subtree_end[a] : JX_ALIGN_NONE;
  st->stack[st->stack_len].end_b = b != JX_ALIGN_NONE ? st->b->subtree_end[b] : JX_ALIGN_NONE;
  st->stack[st->stack_len].state = a != JX_ALIGN_NONE && b != JX_ALIGN_NONE &&
                                   jx_hier_tree_symbol (st->a, a) == jx_hier_tree_symbol (st->b, b)
                                   ? JX_PAIR_EQUAL : JX_PAIR_DIFFERENT;
  st->stack_len++;
}

void
_jx_hier_state_clear (HierState *st)
{
  g_clear_pointer (&st->stack, g_free);
  g_clear_pointer (&st->ca.nodes, g_free);
  g_clear_pointer (&st->ca.symbols, g_free);
  g_clear_pointer (&st->ca.ends, g_free);
  g_clear_pointer (&st->cb.nodes, g_free);
  g_clear_pointer (&st->cb.symbols, g_free);
  g_clear_pointer (&st->cb.ends, g_free);
  g_clear_pointer (&st->aligned, g_array_unref);
}

/* The children of node (JX_NONE: the roots, nodes 0 up to limit), their
 * symbols and subtree ends.  The tree's arrays, the buffer's
 * pointers and its length live in locals, so that the stores into the
 * buffer do not make the compiler reload them for every child. */
static G_ALWAYS_INLINE inline gsize
gather_children_with (const guint32 *end,
                      const guint32 *label,
                      const guint32 *map,
                      guint32        first,
                      guint32        limit,
                      ChildBuffer   *buf)
{
  guint32 c, next;
  guint32 *nodes = buf->nodes;
  guint32 *symbols = buf->symbols;
  guint32 *ends = buf->ends;
  gsize len = 0, cap = buf->capacity;

  for (c = first; c < limit; )
    {
      next = end[c];
      if (G_UNLIKELY (len == cap))
        {
          cap = MAX (cap * 2, 64);
          nodes = g_renew (guint32, nodes, cap);
          symbols = g_renew (guint32, symbols, cap);
          ends = g_renew (guint32, ends, cap);
        }
      nodes[len] = c;
      symbols[len] = map != NULL ? map[label[c]] : label[c];
      ends[len] = next;
      len++;
      /* A leaf's next sibling is the next node: taking c + 1 then, through
       * a branch the predictor learns, lets the next child's loads start
       * before this one's subtree end has arrived (the empty asm hides
       * that c + 1 is next, so the compiler cannot fold both ways into
       * c = next). */
      if (G_LIKELY (next == c + 1))
        {
          __asm__ ("" : "+r" (c));
          c++;
        }
      else
        c = next;
    }
  buf->nodes = nodes;
  buf->symbols = symbols;
  buf->ends = ends;
  buf->capacity = cap;
  return len;
}

/* node_end: node's subtree end (ignored for JX_NONE). */
static void
gather_children (const JxHierTree *tree,
                 guint32           node,
                 guint32           node_end,
                 ChildBuffer      *buf)
{
  guint32 first = node == JX_NONE ? 0 : node + 1;
  guint32 limit = node == JX_NONE ? tree->n_nodes : node_end;

  if (tree->label_map == NULL)
    buf->len = gather_children_with (tree->subtree_end, tree->label, NULL, first, limit, buf);
  else
    buf->len = gather_children_with (tree->subtree_end, tree->label, tree->label_map, first, limit, buf);
}

guint64
_jx_hier_state_total_done (HierState *st)
{
  guint64 n = st->done;

  if (st->par != NULL)
    n += (guint64) g_atomic_pointer_get (&st->par->done);
  return n;
}

void
_jx_hier_state_flush_done (HierState *st)
{
  if (st->shared_done != NULL && st->done > st->reported)
    {
      g_atomic_pointer_add (st->shared_done, (gssize) (st->done - st->reported));
      st->reported = st->done;
    }
}

/* A progress report is due (see count_done()). */
static G_NO_INLINE void
report_done (HierState *st)
{
  st->next_report = st->done + JX_HIER_PROGRESS_STEP;
  if (st->shared_done != NULL)
    _jx_hier_state_flush_done (st);
  else if (st->progress != NULL)
    st->progress (_jx_hier_state_total_done (st), st->progress_data);
}

/* Inline: once per pair; the report only every JX_HIER_PROGRESS_STEP. */
static inline void
count_done (HierState *st,
            guint64    n)
{
  st->done += n;
  if (G_UNLIKELY (st->done >= st->next_report))
    report_done (st);
}

static inline JxHierBucket
bucket_for (gsize n)
{
  if (n <= 100)
    return JX_HIER_BUCKET_0_100;
  if (n <= 1000)
    return JX_HIER_BUCKET_101_1000;
  if (n <= 5000)
    return JX_HIER_BUCKET_1001_5000;
  if (n <= 10000)
    return JX_HIER_BUCKET_5001_10000;
  return JX_HIER_BUCKET_ABOVE_10000;
}

/* Emits the subtree of `root` in `tree` as contiguous pairs in pre-order,
 * each under its aligned parent: node root + k becomes the pair (a_first + k,
 * b_first + k) with JX_ALIGN_NONE for a missing side.  Inlined, so the two
 * uses get their own loops. */
static G_ALWAYS_INLINE inline void
emit_subtree (HierState        *st,
              const JxHierTree *tree,
              guint32           root,
              guint32           parent,
              guint32           a_first,
              guint32           b_first,
              guint32           state)
{
  JxHierAlignment *r = st->result;
  guint32 size = tree->subtree_end[root] - root;
  guint32 base;
  guint32 open_nodes[256];
  guint32 *open = open_nodes;
  g_autofree guint32 *open_heap = NULL;
  guint depth = 0;

  _jx_hier_state_reserve_pairs (st, size);
  base = (guint32) r->n_pairs;
  if (size > G_N_ELEMENTS (open_nodes))
    open = open_heap = g_new (guint32, size);

  for (guint32 k = 0; k < size; k++)
    {
      guint32 j = root + k;
      guint32 p;

      while (depth > 0 && tree->subtree_end[open[depth - 1]] <= j)
        depth--;
      p = depth == 0 ? parent : base + (open[depth - 1] - root);
      emit_pair (st, a_first == JX_ALIGN_NONE ? JX_ALIGN_NONE : a_first + k,
                 b_first == JX_ALIGN_NONE ? JX_ALIGN_NONE : b_first + k, state, p);
      open[depth++] = j;
    }
}

/* A gapped node takes its whole subtree along (Algorithm 2, lines 13–16);
 * subtrees are contiguous in pre-order, so they are copied in one sweep. */
static G_NO_INLINE void
emit_gap_subtree (HierState        *st,
                  const JxHierTree *tree,
                  gboolean          side_b,
                  guint32           root,
                  guint32           parent)
{
  const JxScoring *sc = &st->options->align.scoring;
  guint32 size = tree->subtree_end[root] - root;

  /* §3.4.2: the subtree's flat sequence is all gaps, and below the top call
   * level the parent's code around the call is missing too: one more gap. */
  st->result->score += (gint64) sc->gap * (2 * (gint64) size - 1 + (parent != JX_ALIGN_NONE ? 1 : 0));
  if (side_b)
    emit_subtree (st, tree, root, parent, JX_ALIGN_NONE, root, JX_PAIR_ONLY_B);
  else
    emit_subtree (st, tree, root, parent, root, JX_ALIGN_NONE, JX_PAIR_ONLY_A);
  count_done (st, size);
}


static inline void
reserve_stack (HierState *st,
               gsize      extra)
{
  if (st->stack_len + extra <= st->stack_capacity)
    return;
  st->stack_capacity = MAX (st->stack_len + extra, MAX (st->stack_capacity * 2, 256));
  st->stack = g_renew (StackEntry, st->stack, st->stack_capacity);
}

/* emit_gap_subtree() for a leaf (most gaps), inline: one pair. */
static inline void
emit_gap (HierState        *st,
          const JxHierTree *tree,
          gboolean          side_b,
          guint32           root,
          guint32           end,
          guint32           parent)
{
  const JxScoring *sc = &st->options->align.scoring;
  JxHierAlignment *r = st->result;

  if (end != root + 1)
    {
      emit_gap_subtree (st, tree, side_b, root, parent);
      return;
    }
  r->score += (gint64) sc->gap * (parent != JX_ALIGN_NONE ? 2 : 1);
  if (G_UNLIKELY (r->n_pairs == st->capacity))
    _jx_hier_state_reserve_pairs (st, 1);
  if (side_b)
    emit_pair (st, JX_ALIGN_NONE, root, JX_PAIR_ONLY_B, parent);
  else
    emit_pair (st, root, JX_ALIGN_NONE, JX_PAIR_ONLY_A, parent);
  count_done (st, 1);
}

/* How many nodes ahead of a popped pair the walk prefetches (32 and
 * 128 measured alike on bench-hier, both better than none). */
#define JX_HIER_PREFETCH 128

/* What a child pair (ca, cb) of the pair (a, b) inherits of the mismatch
 * known for (a, b): only a pair on the same diagonal can use it. */
static inline guint32
inherit_mismatch (guint32 a,
                  guint32 b,
                  guint32 mismatch,
                  guint32 ca,
                  guint32 cb)
{
  return mismatch != JX_NONE && (gint64) ca - cb == (gint64) a - b ? mismatch : JX_NONE;
}

/* Whether two freshly gathered children sequences are equal.  Short ones
 * (nearly all) symbol by symbol: memcmp's wide loads of symbols stored one
 * at a time moments before cannot be forwarded from the store buffer and
 * wait for the stores to leave it. */
static inline gboolean
same_symbols (const guint32 *x,
              const guint32 *y,
              gsize          n)
{
  gsize k;

  if (n > 32)
    return memcmp (x, y, n * sizeof (guint32)) == 0;
  for (k = 0; k < n; k++)
    if (x[k] != y[k])
      return FALSE;
  return TRUE;
}

/* Aligns the children of a (or the roots, for JX_NONE) with those of b and
 * pushes the resulting pairs; returns the number of pairs with both sides,
 * or -1 on error.  end_a, end_b: the subtree ends of a and b (ignored for
 * JX_NONE); mismatch: the pair's StackEntry.mismatch, handed on. */
static gint64
align_children (HierState     *st,
                guint32        a,
                guint32        b,
                guint32        end_a,
                guint32        end_b,
                guint32        mismatch,
                guint32        self_index,
                GCancellable  *cancellable,
                GError       **error)
{
  JxHierAlignment *r = st->result;
  const JxAlignPair *sub;
  StackEntry *e;
  gsize na, nb, n_sub, k;
  gint64 matched = 0;

  gather_children (st->a, a, end_a, &st->ca);
  gather_children (st->b, b, end_b, &st->cb);
  na = st->ca.len;
  nb = st->cb.len;

  if (na == 0 && nb == 0)
    return 0;

  r->n_sub_alignments++;
  r->buckets[bucket_for (MAX (na, nb))]++;

  /* Pairs are pushed in reverse so that the stack pops them in order. */
  if (na == nb && same_symbols (st->ca.symbols, st->cb.symbols, na))
    {
      /* Identical children sequences (§3.2.3), by far the common case. */
      const guint32 *nodes_a = st->ca.nodes, *nodes_b = st->cb.nodes;
      const guint32 *ends_a = st->ca.ends, *ends_b = st->cb.ends;

      r->n_identical++;
      reserve_stack (st, na);
      e = st->stack + st->stack_len;
      for (k = na; k > 0; e++)
        {
          gsize first = k - 1;

          e->parent = self_index;
          if (ends_a[first] == nodes_a[first] + 1 && ends_b[first] == nodes_b[first] + 1)
            {
              /* Leaves in both trees, with the leaves before them. */
              while (first > 0 && ends_a[first - 1] == nodes_a[first - 1] + 1 &&
                     ends_b[first - 1] == nodes_b[first - 1] + 1)
                first--;
              e->a = nodes_a[first];
              e->b = nodes_b[first];
              e->end_a = ends_a[k - 1];
              e->end_b = ends_b[k - 1];
              e->state = JX_HIER_LEAF_RUN;
              e->mismatch = JX_NONE;
            }
          else
            {
              e->a = nodes_a[first];
              e->b = nodes_b[first];
              e->end_a = ends_a[first];
              e->end_b = ends_b[first];
              e->state = JX_PAIR_EQUAL;
              e->mismatch = inherit_mismatch (a, b, mismatch, e->a, e->b);
            }
          k = first;
        }
      st->stack_len = (gsize) (e - st->stack);
      return (gint64) na;
    }

  if (na == 0 || nb == 0)
    {
      reserve_stack (st, na + nb);
      e = st->stack + st->stack_len;
      for (k = nb; k > 0; k--, e++)
        {
          e->a = JX_ALIGN_NONE;
          e->b = st->cb.nodes[k - 1];
          e->parent = self_index;
          e->mismatch = JX_NONE;
          e->end_a = JX_ALIGN_NONE;
          e->end_b = st->cb.ends[k - 1];
          e->state = JX_PAIR_ONLY_B;
        }
      for (k = na; k > 0; k--, e++)
        {
          e->a = st->ca.nodes[k - 1];
          e->b = JX_ALIGN_NONE;
          e->parent = self_index;
          e->mismatch = JX_NONE;
          e->end_a = st->ca.ends[k - 1];
          e->end_b = JX_ALIGN_NONE;
          e->state = JX_PAIR_ONLY_A;
        }
      st->stack_len += na + nb;
      return 0;
    }

  g_array_set_size (st->aligned, 0);
  if (!_jx_align_append (st->ca.symbols, na, st->cb.symbols, nb,
                         &st->options->align, &r->stats, st->aligned,
                         cancellable, error))
    return -1;
  sub = (const JxAlignPair *) (gpointer) st->aligned->data;
  n_sub = st->aligned->len;

  reserve_stack (st, n_sub);
  e = st->stack + st->stack_len;
  for (k = n_sub; k > 0; k--, e++)
    {
      const JxAlignPair *p = &sub[k - 1];

      if (p->state == JX_PAIR_EQUAL && st->ca.ends[p->a] == st->ca.nodes[p->a] + 1 &&
          st->cb.ends[p->b] == st->cb.nodes[p->b] + 1)
        {
          /* Equal leaves, with the equal leaves paired just before them
           * (children p->a − 1 and p->b − 1: the nodes just before). */
          gsize first = k - 1;

          while (first > 0 && sub[first - 1].state == JX_PAIR_EQUAL &&
                 sub[first - 1].a + 1 == sub[first].a && sub[first - 1].b + 1 == sub[first].b &&
                 st->ca.ends[sub[first - 1].a] == st->ca.nodes[sub[first - 1].a] + 1 &&
                 st->cb.ends[sub[first - 1].b] == st->cb.nodes[sub[first - 1].b] + 1)
            first--;
          e->a = st->ca.nodes[sub[first].a];
          e->b = st->cb.nodes[sub[first].b];
          e->end_a = st->ca.ends[p->a];
          e->end_b = st->cb.ends[p->b];
          e->state = JX_HIER_LEAF_RUN;
          e->parent = self_index;
          e->mismatch = JX_NONE;
          matched += (gint64) (k - first);
          k = first + 1;
          continue;
        }
      e->a = p->a != JX_ALIGN_NONE ? st->ca.nodes[p->a] : JX_ALIGN_NONE;
      e->b = p->b != JX_ALIGN_NONE ? st->cb.nodes[p->b] : JX_ALIGN_NONE;
      e->end_a = p->a != JX_ALIGN_NONE ? st->ca.ends[p->a] : JX_ALIGN_NONE;
      e->end_b = p->b != JX_ALIGN_NONE ? st->cb.ends[p->b] : JX_ALIGN_NONE;
      /* The flat alignment compared the same symbols. */
      e->state = p->state;
      e->parent = self_index;
      e->mismatch = JX_NONE;
      if (e->a != JX_ALIGN_NONE && e->b != JX_ALIGN_NONE)
        {
          matched++;
          e->mismatch = inherit_mismatch (a, b, mismatch, e->a, e->b);
        }
    }
  st->stack_len = (gsize) (e - st->stack);
  return matched;
}

/* The sweep's count of a closed parent with `children` children (0: not
 * a parent); buckets is set to zeros on the first child count above 100. */
static inline void
count_parent (guint32  children,
              guint64 *n_parents,
              guint64 *n_small,
              guint64 *buckets,
              gboolean *any_large)
{
  if (children == 0)
    return;
  (*n_parents)++;
  if (G_LIKELY (children <= 100))
    {
      (*n_small)++;
      return;
    }
  if (!*any_large)
    {
      memset (buckets, 0, JX_HIER_N_BUCKETS * sizeof *buckets);
      *any_large = TRUE;
    }
  buckets[bucket_for (children)]++;
}

/* Are the subtrees of a and b identical (the same symbols and shape, so
 * Algorithm 2 pairs them node by node)?  Then they are emitted as Algorithm
 * 2 would align them (every children sequence identical, so every pair
 * equal), with the same statistics and score, in the same sweep that
 * compares them: symbol and subtree size at every offset in pre-order.  The
 * pairs are written ahead and committed only when the whole subtree agrees.
 * The first difference is kept in e->mismatch for the descendant pairs on
 * the same diagonal: a descendant pair (ca, cb) with ca − cb = a − b whose
 * subtree contains that node (and whose sizes agree) differs there too, so
 * it is rejected without a sweep; one that lies before it is identical and
 * one after it is compared afresh.  Each pair of nodes on a diagonal is thus
 * compared at most once below a sweeping pair on that diagonal (besides the
 * identical subtrees, which are emitted in the same sweep), without the
 * bottom-up hash of both whole trees that a filter would need. */
static G_ALWAYS_INLINE inline gboolean
emit_if_identical_sweep (HierState  *st,
                         StackEntry *e,
                         gboolean    mapped)
{
  const JxScoring *sc = &st->options->align.scoring;
  JxHierAlignment *r = st->result;
  const JxHierTree *ta = st->a;
  const JxHierTree *tb = st->b;
  guint32 a = e->a, b = e->b;
  guint32 size = e->end_a - a;
  const guint32 *ea = ta->subtree_end + a;
  const guint32 *eb = tb->subtree_end + b;
  const guint32 *la = ta->label + a;
  const guint32 *lb = tb->label + b;
  /* open[3 d]: offset, open[3 d + 1]: its subtree's end (offset), so
   * that closing it needs no load from the tree, open[3 d + 2]: children
   * so far */
  guint32 open_stack[3 * 128];
  guint32 *open = open_stack;
  g_autofree guint32 *open_heap = NULL;
  guint32 open_cap = G_N_ELEMENTS (open_stack) / 3;
  /* Children counts of the subtree's parents: up to 100 (nearly all) in
   * n_small, the rest per bucket; committed only when the whole subtree
   * agrees. */
  guint64 buckets[JX_HIER_N_BUCKETS];
  gboolean any_large = FALSE;
  guint64 n_parents = 0, n_small = 0;
  JxAlignPair *out;
  guint32 *out_parent;
  guint32 base, k, depth = 0, q;

  if (G_UNLIKELY (r->n_pairs + size > st->capacity))
    _jx_hier_state_reserve_pairs (st, size);
  base = (guint32) r->n_pairs;
  out = r->pairs + base;
  out_parent = r->parent + base;

  for (k = 0; k < size; k++)
    {
      guint32 end = ea[k] - a;

      if (end != eb[k] - b ||
          (mapped ? jx_hier_tree_symbol (ta, a + k) != jx_hier_tree_symbol (tb, b + k) : la[k] != lb[k]))
        {
          e->mismatch = a + k;
          return FALSE;
        }
      while (depth > 0 && open[3 * (depth - 1) + 1] <= k)
        {
          depth--;
          count_parent (open[3 * depth + 2], &n_parents, &n_small, buckets, &any_large);
        }
      out[k].a = a + k;
      out[k].b = b + k;
      out[k].state = JX_PAIR_EQUAL;
      if (depth == 0)
        out_parent[k] = e->parent;
      else
        {
          out_parent[k] = base + open[3 * (depth - 1)];
          open[3 * (depth - 1) + 2]++;
        }
      /* A leaf (half of all nodes) is nobody's parent: it would be popped
       * at the next node with no children counted, so it is not pushed. */
      if (end == k + 1)
        continue;
      if (G_UNLIKELY (depth == open_cap))
        {
          open_cap *= 2;
          if (open_heap == NULL)
            {
              open_heap = g_new (guint32, 3 * (gsize) open_cap);
              memcpy (open_heap, open_stack, sizeof open_stack);
            }
          else
            open_heap = g_renew (guint32, open_heap, 3 * (gsize) open_cap);
          open = open_heap;
        }
      open[3 * depth] = k;
      open[3 * depth + 1] = end;
      open[3 * depth + 2] = 0;
      depth++;
    }
  while (depth-- > 0)
    count_parent (open[3 * depth + 2], &n_parents, &n_small, buckets, &any_large);

  r->n_pairs += size;
  r->counts[JX_PAIR_EQUAL] += size;
  r->n_sub_alignments += n_parents;
  r->n_identical += n_parents;
  r->buckets[JX_HIER_BUCKET_0_100] += n_small;
  if (G_UNLIKELY (any_large))
    for (q = 0; q < JX_HIER_N_BUCKETS; q++)
      r->buckets[q] += buckets[q];
  /* Entry plus one return segment per child: 2·size − 1 equal columns. */
  r->score += (gint64) sc->match * (2 * (gint64) size - 1);
  count_done (st, 2 * (guint64) size);
  return TRUE;
}

static G_NO_INLINE gboolean
emit_if_identical_sweeps (HierState  *st,
                          StackEntry *e)
{
  if (st->a->label_map == NULL && st->b->label_map == NULL)
    return emit_if_identical_sweep (st, e, FALSE);
  return emit_if_identical_sweep (st, e, TRUE);
}

/* A run of equal leaf pairs (JX_HIER_LEAF_RUN): what popping each of them
 * would emit and score. */
static inline void
emit_leaf_run (HierState        *st,
               const StackEntry *e)
{
  JxHierAlignment *r = st->result;
  guint32 count = e->end_a - e->a;
  JxAlignPair *out;
  guint32 *out_parent;
  guint32 t;

  if (G_UNLIKELY (r->n_pairs + count > st->capacity))
    _jx_hier_state_reserve_pairs (st, count);
  out = r->pairs + r->n_pairs;
  out_parent = r->parent + r->n_pairs;
  for (t = 0; t < count; t++)
    {
      out[t].a = e->a + t;
      out[t].b = e->b + t;
      out[t].state = JX_PAIR_EQUAL;
      out_parent[t] = e->parent;
    }
  r->n_pairs += count;
  r->counts[JX_PAIR_EQUAL] += count;
  /* §3.4.2: a leaf's entry segment only. */
  r->score += (gint64) st->options->align.scoring.match * count;
  count_done (st, 2 * (guint64) count);
}

/* The checks that reject most pairs (leaves, different sizes, a known
 * mismatch inside) inline in the walk; the sweep's large frame only when
 * it runs. */
static inline gboolean
emit_if_identical (HierState  *st,
                   StackEntry *e)
{
  guint32 size = e->end_a - e->a;

  if (size < 2 || e->end_b - e->b != size)
    return FALSE;
  if (e->mismatch != JX_NONE && e->mismatch >= e->a && e->mismatch - e->a < size)
    return FALSE;
  return emit_if_identical_sweeps (st, e);
}

gboolean
_jx_hier_run_loop (HierState     *st,
                   GCancellable  *cancellable,
                   GError       **error)
{
  const JxScoring *sc = &st->options->align.scoring;
  JxHierAlignment *r = st->result;
  const guint32 n_a = st->a->n_nodes, n_b = st->b->n_nodes;
  guint64 steps = 0;

  while (st->stack_len > 0)
    {
      const StackEntry *top = &st->stack[--st->stack_len];
      StackEntry e;
      guint32 state;
      guint32 self_index;
      gint64 matched;

      /* Field by field into registers: the entry was often stored field
       * by field just before (align_children()), and one wider load of
       * several such stores (what a struct copy compiles to) cannot be
       * forwarded from the store buffer but waits for the stores to leave
       * it.  The empty asm keeps the loads apart. */
      {
        guint32 fa = top->a, fb = top->b, fp = top->parent, fm = top->mismatch;
        guint32 fea = top->end_a, feb = top->end_b, fs = top->state;

        __asm__ ("" : "+r" (fa), "+r" (fb), "+r" (fp), "+r" (fm), "+r" (fea), "+r" (feb), "+r" (fs));
        e.a = fa;
        e.b = fb;
        e.parent = fp;
        e.mismatch = fm;
        e.end_a = fea;
        e.end_b = feb;
        e.state = fs;
      }

      if ((++steps & 1023) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      /* The walk moves through both trees in pre-order, but leaf runs
       * and carried subtree ends leave gaps in what it reads, too
       * irregular for the hardware prefetcher: ask for the subtree ends
       * and labels a few lines ahead. */
      if (e.a != JX_ALIGN_NONE && e.a + JX_HIER_PREFETCH < n_a)
        {
          __builtin_prefetch (st->a->subtree_end + e.a + JX_HIER_PREFETCH);
          __builtin_prefetch (st->a->label + e.a + JX_HIER_PREFETCH);
        }
      if (e.b != JX_ALIGN_NONE && e.b + JX_HIER_PREFETCH < n_b)
        {
          __builtin_prefetch (st->b->subtree_end + e.b + JX_HIER_PREFETCH);
          __builtin_prefetch (st->b->label + e.b + JX_HIER_PREFETCH);
        }

      if (e.b == JX_ALIGN_NONE)
        {
          emit_gap (st, st->a, FALSE, e.a, e.end_a, e.parent);
          continue;
        }
      if (e.a == JX_ALIGN_NONE)
        {
          emit_gap (st, st->b, TRUE, e.b, e.end_b, e.parent);
          continue;
        }
      if (e.state == JX_HIER_LEAF_RUN)
        {
          emit_leaf_run (st, &e);
          continue;
        }
      if (emit_if_identical (st, &e))
        continue;
      if (st->par != NULL && _jx_hier_parallel_maybe_spawn (st, &e))
        continue;

      state = e.state;
      if (G_UNLIKELY (r->n_pairs == st->capacity))
        _jx_hier_state_reserve_pairs (st, 1);
      self_index = emit_pair (st, e.a, e.b, state, e.parent);
      count_done (st, 2);

      /* Different nodes keep aligning their children (Algorithm 2 stops
       * only at gaps).  Two leaves, half of all pairs, have nothing to align. */
      if (e.end_a == e.a + 1 && e.end_b == e.b + 1)
        matched = 0;
      else
        {
          matched = align_children (st, e.a, e.b, e.end_a, e.end_b, e.mismatch, self_index, cancellable, error);
          if (matched < 0)
            return FALSE;
        }

      /* §3.4.2: the entry segment plus one return segment after every
       * matched child carry the pair's state in the flat sequence. */
      r->score += (state == JX_PAIR_EQUAL ? sc->match : sc->mismatch) * (1 + matched);
    }

  return TRUE;
}


static guint64
count_roots (const JxHierTree *tree)
{
  guint64 n = 0;
  guint32 i;

  for (i = 0; i < tree->n_nodes; i = tree->subtree_end[i])
    n++;
  return n;
}

static gboolean
compute_flat_optimum (const JxHierTree         *a,
                      const JxHierTree         *b,
                      const JxHierAlignOptions *options,
                      JxHierAlignment          *r,
                      GCancellable             *cancellable,
                      GError                  **error)
{
  g_autofree guint32 *fa = NULL;
  g_autofree guint32 *fb = NULL;
  g_autoptr(GArray) aligned = NULL;
  gsize na, nb;
  gint64 score = 0;

  fa = jx_hier_tree_flat_sequence (a, &na, NULL);
  fb = jx_hier_tree_flat_sequence (b, &nb, NULL);

  if (na == 0 || nb == 0)
    {
      r->flat_optimum = (gint64) options->align.scoring.gap * (gint64) (na + nb);
      r->has_flat_optimum = TRUE;
      return TRUE;
    }

  aligned = jx_align_sequences (fa, na, fb, nb, &options->align, NULL, &score,
                                cancellable, error);
  if (aligned == NULL)
    return FALSE;
  r->flat_optimum = score;
  r->has_flat_optimum = TRUE;
  return TRUE;
}

JxHierAlignment *
jx_hier_align (const JxHierTree         *a,
               const JxHierTree         *b,
               const JxHierAlignOptions *options,
               JxHierProgress            progress,
               gpointer                  progress_data,
               GCancellable             *cancellable,
               GError                  **error)
{
  JxHierAlignOptions defaults;
  HierState st;
  Parallel par = { 0 };
  g_autoptr(JxHierAlignment) r = NULL;
  const JxScoring *sc;
  guint64 total;
  gint64 matched;
  gboolean ok = TRUE;

  g_return_val_if_fail (a != NULL && b != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    {
      jx_hier_align_options_init (&defaults);
      options = &defaults;
    }
  sc = &options->align.scoring;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  r = g_new0 (JxHierAlignment, 1);
  r->n_a = a->n_nodes;
  r->n_b = b->n_nodes;
  r->flat_length_a = 2 * (guint64) a->n_nodes - count_roots (a);
  r->flat_length_b = 2 * (guint64) b->n_nodes - count_roots (b);

  _jx_hier_state_init (&st, a, b, options, r);
  st.progress = progress;
  st.progress_data = progress_data;

  total = (guint64) a->n_nodes + b->n_nodes;
  if (options->n_threads > 1 && total >= 4 * JX_HIER_MIN_TASK_SIZE)
    {
      _jx_hier_parallel_init (&par, a, b, options, cancellable);
      st.par = &par;
    }
  else
    /* Most of the time the alignment is about as long as the longer tree. */
    _jx_hier_state_reserve_pairs (&st, MAX (a->n_nodes, b->n_nodes) + 16);

  /* The stream is a forest: a virtual root pair aligns the top-level
   * sequences; it has no flat symbols of its own (Fig. 3.23). */
  matched = align_children (&st, JX_NONE, JX_NONE, JX_NONE, JX_NONE, JX_NONE, JX_ALIGN_NONE, cancellable, error);
  if (matched < 0 || !_jx_hier_run_loop (&st, cancellable, error))
    ok = FALSE;

  if (st.par != NULL)
    ok = _jx_hier_parallel_finish (&par, &st, ok, error);

  _jx_hier_state_clear (&st);
  if (!ok)
    return NULL;

  r->raw_score = (gint64) r->counts[JX_PAIR_EQUAL] * sc->match
               + (gint64) r->counts[JX_PAIR_DIFFERENT] * sc->mismatch
               + (gint64) (r->counts[JX_PAIR_ONLY_A] + r->counts[JX_PAIR_ONLY_B]) * sc->gap;

  if (progress != NULL)
    progress (_jx_hier_state_total_done (&st), progress_data);

  /* A cancel that arrives while the last progress report runs still wins:
   * callers rely on "cancelled" meaning "no result". */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  if ((options->flat_optimum ||
       (options->flat_optimum_max_cells > 0 &&
        (double) r->flat_length_a * (double) r->flat_length_b <= (double) options->flat_optimum_max_cells)) &&
      !compute_flat_optimum (a, b, options, r, cancellable, error))
    return NULL;

  return g_steal_pointer (&r);
}
