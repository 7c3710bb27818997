#include "config.h"

#include <string.h>


#include "jx-hier-align.h"
#include "jx-align-private.h"

/* Name table */

struct _JxNameTable
{
  GHashTable *symbols;   /* name (owned by names) → symbol + 1 */
  GPtrArray  *names;
};

JxNameTable *
jx_name_table_new (void)
{
  JxNameTable *self = g_new0 (JxNameTable, 1);

  self->symbols = g_hash_table_new (g_str_hash, g_str_equal);
  self->names = g_ptr_array_new_with_free_func (g_free);
  return self;
}

void
jx_name_table_free (JxNameTable *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->symbols);
  g_ptr_array_unref (self->names);
  g_free (self);
}

guint32
jx_name_table_intern (JxNameTable *self,
                      const char  *name)
{
  gpointer value;
  char *copy;

  g_return_val_if_fail (self != NULL, JX_NONE);

  if (name == NULL)
    name = "";
  value = g_hash_table_lookup (self->symbols, name);
  if (value != NULL)
    return GPOINTER_TO_UINT (value) - 1;

  copy = g_strdup (name);
  g_ptr_array_add (self->names, copy);
  g_hash_table_insert (self->symbols, copy, GUINT_TO_POINTER (self->names->len));
  return self->names->len - 1;
}

const char *
jx_name_table_get_name (JxNameTable *self,
                        guint32      symbol)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (symbol >= self->names->len)
    return NULL;
  return g_ptr_array_index (self->names, symbol);
}

guint
jx_name_table_get_size (JxNameTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->names->len;
}

/* Sequences */

void
jx_hier_tree_init_from_stream (JxHierTree     *tree,
                               const JxStream *stream,
                               const guint32  *symbol_map)
{
  g_return_if_fail (tree != NULL);
  g_return_if_fail (stream != NULL);

  tree->n_nodes = stream->n_invocations;
  tree->label = stream->region;
  tree->label_map = symbol_map;
  tree->subtree_end = stream->subtree_end;
}

static inline guint32
first_child (const JxHierTree *tree,
             guint32           node)
{
  if (node == JX_NONE)
    return tree->n_nodes > 0 ? 0 : JX_NONE;
  if (node + 1 < tree->subtree_end[node])
    return node + 1;
  return JX_NONE;
}

static inline guint32
next_sibling (const JxHierTree *tree,
              guint32           node,
              guint32           parent)
{
  guint32 next = tree->subtree_end[node];
  guint32 limit = parent == JX_NONE ? tree->n_nodes : tree->subtree_end[parent];

  return next < limit ? next : JX_NONE;
}

guint32 *
jx_hier_tree_children_sequence (const JxHierTree  *tree,
                                guint32            node,
                                gsize             *n_out,
                                guint32          **children)
{
  g_autoptr(GArray) symbols = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 c;

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (n_out != NULL, NULL);

  for (c = first_child (tree, node); c != JX_NONE; c = next_sibling (tree, c, node))
    {
      guint32 s = jx_hier_tree_symbol (tree, c);
      g_array_append_val (symbols, s);
      g_array_append_val (nodes, c);
    }

  *n_out = symbols->len;
  if (children != NULL)
    *children = (guint32 *) (gpointer) g_array_free (g_steal_pointer (&nodes), FALSE);
  return (guint32 *) (gpointer) g_array_free (g_steal_pointer (&symbols), FALSE);
}

guint32 *
jx_hier_tree_flat_sequence (const JxHierTree  *tree,
                            gsize             *n_out,
                            guint32          **node_out)
{
  g_autofree guint32 *stack = NULL;
  guint32 *seq;
  guint32 *nodes = NULL;
  gsize n_roots = 0;
  gsize len = 0;
  gsize total;
  guint depth = 0;
  guint32 i;

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (n_out != NULL, NULL);

  for (i = 0; i < tree->n_nodes; i = tree->subtree_end[i])
    n_roots++;
  total = 2 * (gsize) tree->n_nodes - n_roots;

  seq = g_new (guint32, MAX (total, 1));
  if (node_out != NULL)
    nodes = g_new (guint32, MAX (total, 1));
  stack = g_new (guint32, tree->n_nodes + 1);

  for (i = 0; i <= tree->n_nodes; i++)
    {
      /* Close every open invocation that ends before i; control returns to
       * its parent, which therefore appears again. */
      while (depth > 0 && tree->subtree_end[stack[depth - 1]] <= i)
        {
          depth--;
          if (depth > 0)
            {
              guint32 p = stack[depth - 1];
              seq[len] = jx_hier_tree_symbol (tree, p);
              if (nodes != NULL)
                nodes[len] = p;
              len++;
            }
        }
      if (i == tree->n_nodes)
        break;
      seq[len] = jx_hier_tree_symbol (tree, i);
      if (nodes != NULL)
        nodes[len] = i;
      len++;
      stack[depth++] = i;
    }

  g_assert (len == total);
  *n_out = len;
  if (node_out != NULL)
    *node_out = nodes;
  return seq;
}

guint32 *
jx_hier_tree_preorder_sequence (const JxHierTree *tree,
                                gsize            *n_out)
{
  guint32 *seq;
  guint32 i;

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (n_out != NULL, NULL);

  seq = g_new (guint32, MAX (tree->n_nodes, 1));
  for (i = 0; i < tree->n_nodes; i++)
    seq[i] = jx_hier_tree_symbol (tree, i);
  *n_out = tree->n_nodes;
  return seq;
}

/* Hierarchical alignment */

void
jx_hier_align_options_init (JxHierAlignOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  jx_align_options_init (&options->align);
  options->n_threads = 1;
}

typedef struct
{
  guint32 a;
  guint32 b;
  guint32 parent;    /* aligned index of the parent pair */
} StackEntry;

typedef struct
{
  guint32 *nodes;
  guint32 *symbols;
  gsize    len;
  gsize    capacity;
} ChildBuffer;

typedef struct _Parallel Parallel;

typedef struct
{
  const JxHierTree         *a;
  const JxHierTree         *b;
  const JxHierAlignOptions *options;
  JxHierAlignment          *result;
  gsize                     capacity;

  StackEntry               *stack;
  gsize                     stack_len;
  gsize                     stack_capacity;

  ChildBuffer               ca;
  ChildBuffer               cb;

  /* Children alignments, reused: no array per node. */
  GArray                   *aligned;

  guint64                   done;
  guint64                   reported;
  guint64                   next_report;

  Parallel                 *par;       /* set in the coordinating thread only */
  gsize                    *shared_done; /* set in subtree tasks */

  /* Structural hashes of every subtree, to skip identical ones. */
  const guint32            *hash_a;
  const guint32            *hash_b;
} HierState;

/* Subtrees aligned on worker threads and stitched back in pre-order. */
typedef struct
{
  guint32          a;
  guint32          b;
  guint32          parent;      /* index in the coordinator's output */
  gsize            insert_at;   /* coordinator's output length when spawned */
  JxHierAlignment *result;
  GError          *error;
  Parallel        *par;
  gboolean         done;        /* under par->mutex */
} Task;

struct _Parallel
{
  GThreadPool              *pool;
  GPtrArray                *tasks;
  GMutex                    mutex;
  GCond                     cond;
  guint                     pending;
  gsize                     done;        /* atomic: invocations done by tasks */
  const JxHierTree         *a;
  const JxHierTree         *b;
  const JxHierAlignOptions *options;
  GCancellable             *cancellable;
  const guint32            *hash_a;
  const guint32            *hash_b;
  guint64                   min_size;
  guint64                   max_size;
};

#define PROGRESS_STEP 65536

static void
reserve_pairs (HierState *st,
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

static void
push_entry (HierState *st,
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
  st->stack_len++;
}

static void
hier_state_clear (HierState *st)
{
  g_clear_pointer (&st->stack, g_free);
  g_clear_pointer (&st->ca.nodes, g_free);
  g_clear_pointer (&st->ca.symbols, g_free);
  g_clear_pointer (&st->cb.nodes, g_free);
  g_clear_pointer (&st->cb.symbols, g_free);
  g_clear_pointer (&st->aligned, g_array_unref);
}

static void
gather_children (const JxHierTree *tree,
                 guint32           node,
                 ChildBuffer      *buf)
{
  guint32 c;

  buf->len = 0;
  for (c = first_child (tree, node); c != JX_NONE; c = next_sibling (tree, c, node))
    {
      if (buf->len == buf->capacity)
        {
          buf->capacity = MAX (buf->capacity * 2, 64);
          buf->nodes = g_renew (guint32, buf->nodes, buf->capacity);
          buf->symbols = g_renew (guint32, buf->symbols, buf->capacity);
        }
      buf->nodes[buf->len] = c;
      buf->symbols[buf->len] = jx_hier_tree_symbol (tree, c);
      buf->len++;
    }
}

static guint64
total_done (HierState *st)
{
  guint64 n = st->done;

  if (st->par != NULL)
    n += (guint64) g_atomic_pointer_get (&st->par->done);
  return n;
}

static void
flush_shared_done (HierState *st)
{
  if (st->shared_done != NULL && st->done > st->reported)
    {
      g_atomic_pointer_add (st->shared_done, (gssize) (st->done - st->reported));
      st->reported = st->done;
    }
}

static void
count_done (HierState *st,
            guint64    n)
{
  st->done += n;
  if (st->done < st->next_report)
    return;
  st->next_report = st->done + PROGRESS_STEP;
  if (st->shared_done != NULL)
    flush_shared_done (st);
  else if (st->options->progress != NULL)
    st->options->progress (total_done (st), st->options->progress_data);
}

/* A gapped node takes its whole subtree along (Algorithm 2, lines 13–16);
 * subtrees are contiguous in pre-order, so they are copied in one sweep. */
static void
emit_gap_subtree (HierState        *st,
                  const JxHierTree *tree,
                  gboolean          side_b,
                  guint32           root,
                  guint32           parent)
{
  const JxScoring *sc = &st->options->align.scoring;
  JxHierAlignment *r = st->result;
  guint32 end = tree->subtree_end[root];
  guint32 size = end - root;
  guint32 base;
  guint32 open_nodes[256];
  guint32 *open = open_nodes;
  g_autofree guint32 *open_heap = NULL;
  guint depth = 0;
  guint32 j;

  reserve_pairs (st, size);
  base = (guint32) r->n_pairs;

  /* §3.4.2: the subtree's flat sequence is all gaps, and below the top call
   * level the parent's code around the call is missing too: one more gap. */
  r->score += (gint64) sc->gap * (2 * (gint64) size - 1 + (parent != JX_ALIGN_NONE ? 1 : 0));

  if (size > G_N_ELEMENTS (open_nodes))
    open = open_heap = g_new (guint32, size);

  for (j = root; j < end; j++)
    {
      guint32 p;

      while (depth > 0 && tree->subtree_end[open[depth - 1]] <= j)
        depth--;
      p = depth == 0 ? parent : base + (open[depth - 1] - root);
      if (side_b)
        emit_pair (st, JX_ALIGN_NONE, j, JX_PAIR_ONLY_B, p);
      else
        emit_pair (st, j, JX_ALIGN_NONE, JX_PAIR_ONLY_A, p);
      open[depth++] = j;
    }

  count_done (st, size);
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

static inline void
reserve_stack (HierState *st,
               gsize      extra)
{
  if (st->stack_len + extra <= st->stack_capacity)
    return;
  st->stack_capacity = MAX (st->stack_len + extra, MAX (st->stack_capacity * 2, 256));
  st->stack = g_renew (StackEntry, st->stack, st->stack_capacity);
}

/* Aligns the children of a (or the roots, for JX_NONE) with those of b and
 * pushes the resulting pairs; returns the number of pairs with both sides,
 * or -1 on error. */
static gint64
align_children (HierState     *st,
                guint32        a,
                guint32        b,
                guint32        self_index,
                GCancellable  *cancellable,
                GError       **error)
{
  JxHierAlignment *r = st->result;
  const JxAlignPair *sub;
  StackEntry *e;
  gsize na, nb, n_sub, k;
  gint64 matched = 0;

  gather_children (st->a, a, &st->ca);
  gather_children (st->b, b, &st->cb);
  na = st->ca.len;
  nb = st->cb.len;

  if (na == 0 && nb == 0)
    return 0;

  r->n_sub_alignments++;
  r->buckets[bucket_for (MAX (na, nb))]++;

  /* Pairs are pushed in reverse so that the stack pops them in order. */
  if (na == nb && memcmp (st->ca.symbols, st->cb.symbols, na * sizeof (guint32)) == 0)
    {
      /* Identical children sequences (§3.2.3), by far the common case. */
      r->n_identical++;
      reserve_stack (st, na);
      e = st->stack + st->stack_len;
      for (k = na; k > 0; k--, e++)
        {
          e->a = st->ca.nodes[k - 1];
          e->b = st->cb.nodes[k - 1];
          e->parent = self_index;
        }
      st->stack_len += na;
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
        }
      for (k = na; k > 0; k--, e++)
        {
          e->a = st->ca.nodes[k - 1];
          e->b = JX_ALIGN_NONE;
          e->parent = self_index;
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

      e->a = p->a != JX_ALIGN_NONE ? st->ca.nodes[p->a] : JX_ALIGN_NONE;
      e->b = p->b != JX_ALIGN_NONE ? st->cb.nodes[p->b] : JX_ALIGN_NONE;
      e->parent = self_index;
      matched += e->a != JX_ALIGN_NONE && e->b != JX_ALIGN_NONE;
    }
  st->stack_len += n_sub;
  return matched;
}

static inline guint64
mix64 (guint64 x)
{
  x ^= x >> 33;
  x *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  x ^= x >> 33;
  x *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  x ^= x >> 33;
  return x;
}

/* Bottom-up hash of every subtree over symbols and shape; children follow
 * their parent in pre-order, so one backward sweep sees them first.  32 bits
 * are plenty for a filter and halve the memory the sweep touches. */
static guint32 *
compute_hashes (const JxHierTree *tree)
{
  guint32 *h = g_new (guint32, MAX (tree->n_nodes, 1));
  guint32 i = tree->n_nodes;

  while (i-- > 0)
    {
      guint32 end = tree->subtree_end[i];
      guint64 x = (guint64) jx_hier_tree_symbol (tree, i) + 1;
      guint32 c;

      /* Children hashes are already mixed; a multiply-add keeps the order. */
      for (c = i + 1; c < end; c = tree->subtree_end[c])
        x = x * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + h[c];
      h[i] = (guint32) (mix64 (x ^ ((guint64) (end - i) << 40)) >> 32);
    }
  return h;
}

static gpointer
compute_hashes_thread (gpointer data)
{
  return compute_hashes (data);
}

/* Hashes are only a filter: identity is verified exactly. */
static gboolean
subtrees_identical (HierState *st,
                    guint32    a,
                    guint32    b)
{
  const JxHierTree *ta = st->a;
  const JxHierTree *tb = st->b;
  guint32 size = ta->subtree_end[a] - a;
  guint32 k;

  if (st->hash_a == NULL || size < 2 || tb->subtree_end[b] - b != size ||
      st->hash_a[a] != st->hash_b[b])
    return FALSE;
  for (k = 0; k < size; k++)
    if (jx_hier_tree_symbol (ta, a + k) != jx_hier_tree_symbol (tb, b + k) ||
        ta->subtree_end[a + k] - (a + k) != tb->subtree_end[b + k] - (b + k))
      return FALSE;
  return TRUE;
}

/* Emits two identical subtrees as Algorithm 2 would align them (every
 * children sequence identical, so every pair equal) in one sweep, with the
 * same statistics and score. */
static void
emit_equal_subtree (HierState *st,
                    guint32    a,
                    guint32    b,
                    guint32    parent)
{
  const JxHierTree *ta = st->a;
  const JxScoring *sc = &st->options->align.scoring;
  JxHierAlignment *r = st->result;
  guint32 size = ta->subtree_end[a] - a;
  guint32 base;
  guint32 open_nodes[256];
  guint32 *open = open_nodes;
  g_autofree guint32 *open_heap = NULL;
  guint depth = 0;
  guint32 k;

  reserve_pairs (st, size);
  base = (guint32) r->n_pairs;
  if (size > G_N_ELEMENTS (open_nodes))
    open = open_heap = g_new (guint32, size);

  for (k = 0; k < size; k++)
    {
      guint32 j = a + k;
      guint32 end = ta->subtree_end[j];
      guint32 p;

      while (depth > 0 && ta->subtree_end[open[depth - 1]] <= j)
        depth--;
      p = depth == 0 ? parent : base + (open[depth - 1] - a);
      emit_pair (st, j, b + k, JX_PAIR_EQUAL, p);
      open[depth++] = j;

      if (end > j + 1)
        {
          guint32 c, n_children = 0;

          for (c = j + 1; c < end; c = ta->subtree_end[c])
            n_children++;
          r->n_sub_alignments++;
          r->n_identical++;
          r->buckets[bucket_for (n_children)]++;
        }
    }

  /* Entry plus one return segment per child: 2·size − 1 equal columns. */
  r->score += (gint64) sc->match * (2 * (gint64) size - 1);
  count_done (st, 2 * (guint64) size);
}

static void run_task (gpointer data,
                      gpointer user_data);

/* Hands the subtree pair to a worker when it is big enough to be worth a
 * thread and small enough that the work still splits evenly. */
static gboolean
maybe_spawn (HierState        *st,
             const StackEntry *e)
{
  Parallel *par = st->par;
  guint64 size;
  Task *task;

  if (par == NULL)
    return FALSE;
  size = (guint64) (st->a->subtree_end[e->a] - e->a) + (st->b->subtree_end[e->b] - e->b);
  if (size < par->min_size || size > par->max_size)
    return FALSE;

  task = g_new0 (Task, 1);
  task->a = e->a;
  task->b = e->b;
  task->parent = e->parent;
  task->insert_at = st->result->n_pairs;
  task->par = par;
  g_ptr_array_add (par->tasks, task);

  g_mutex_lock (&par->mutex);
  par->pending++;
  g_mutex_unlock (&par->mutex);
  g_thread_pool_push (par->pool, task, NULL);
  return TRUE;
}

static gboolean
run_loop (HierState     *st,
          GCancellable  *cancellable,
          GError       **error)
{
  const JxScoring *sc = &st->options->align.scoring;
  JxHierAlignment *r = st->result;
  guint64 steps = 0;

  while (st->stack_len > 0)
    {
      StackEntry e = st->stack[--st->stack_len];
      guint32 state;
      guint32 self_index;
      gint64 matched;

      if ((++steps & 1023) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      if (e.b == JX_ALIGN_NONE)
        {
          emit_gap_subtree (st, st->a, FALSE, e.a, e.parent);
          continue;
        }
      if (e.a == JX_ALIGN_NONE)
        {
          emit_gap_subtree (st, st->b, TRUE, e.b, e.parent);
          continue;
        }
      if (subtrees_identical (st, e.a, e.b))
        {
          emit_equal_subtree (st, e.a, e.b, e.parent);
          continue;
        }
      if (maybe_spawn (st, &e))
        continue;

      state = jx_hier_tree_symbol (st->a, e.a) == jx_hier_tree_symbol (st->b, e.b)
              ? JX_PAIR_EQUAL : JX_PAIR_DIFFERENT;
      reserve_pairs (st, 1);
      self_index = emit_pair (st, e.a, e.b, state, e.parent);
      count_done (st, 2);

      /* Different nodes keep aligning their children (Algorithm 2 stops
       * only at gaps).  Two leaves, half of all pairs, have nothing to align. */
      if (st->a->subtree_end[e.a] == e.a + 1 && st->b->subtree_end[e.b] == e.b + 1)
        matched = 0;
      else
        {
          matched = align_children (st, e.a, e.b, self_index, cancellable, error);
          if (matched < 0)
            return FALSE;
        }

      /* §3.4.2: the entry segment plus one return segment after every
       * matched child carry the pair's state in the flat sequence. */
      r->score += (state == JX_PAIR_EQUAL ? sc->match : sc->mismatch) * (1 + matched);
    }

  return TRUE;
}

static void
run_task (gpointer data,
          gpointer user_data)
{
  Task *task = data;
  Parallel *par = task->par;
  HierState st = { 0 };

  st.a = par->a;
  st.b = par->b;
  st.options = par->options;
  st.result = g_new0 (JxHierAlignment, 1);
  st.shared_done = &par->done;
  st.next_report = PROGRESS_STEP;
  st.aligned = g_array_new (FALSE, FALSE, sizeof (JxAlignPair));
  st.hash_a = par->hash_a;
  st.hash_b = par->hash_b;

  if (!g_cancellable_set_error_if_cancelled (par->cancellable, &task->error))
    {
      /* The alignment is about as long as the larger subtree. */
      reserve_pairs (&st, MAX (st.a->subtree_end[task->a] - task->a,
                               st.b->subtree_end[task->b] - task->b) + 16);
      push_entry (&st, task->a, task->b, JX_ALIGN_NONE);
      if (run_loop (&st, par->cancellable, &task->error))
        task->result = g_steal_pointer (&st.result);
    }
  flush_shared_done (&st);
  g_clear_pointer (&st.result, jx_hier_alignment_free);
  hier_state_clear (&st);

  g_mutex_lock (&par->mutex);
  task->done = TRUE;
  par->pending--;
  g_cond_signal (&par->cond);
  g_mutex_unlock (&par->mutex);
}

static void
merge_stats (JxHierAlignment       *r,
             const JxHierAlignment *t)
{
  guint k;

  for (k = 0; k < 4; k++)
    r->counts[k] += t->counts[k];
  r->score += t->score;
  r->n_sub_alignments += t->n_sub_alignments;
  r->n_identical += t->n_identical;
  for (k = 0; k < JX_HIER_N_BUCKETS; k++)
    r->buckets[k] += t->buckets[k];
  r->stats.calls += t->stats.calls;
  for (k = 0; k < JX_N_ALGORITHMS; k++)
    r->stats.by_algorithm[k] += t->stats.by_algorithm[k];
  r->stats.special_identical += t->stats.special_identical;
  r->stats.special_trimmed += t->stats.special_trimmed;
  r->stats.special_contained += t->stats.special_contained;
  r->stats.cells += t->stats.cells;
  r->stats.special_disjoint += t->stats.special_disjoint;
  r->stats.fast_gave_up += t->stats.fast_gave_up;
}

/* The final pre-order list is assembled while tasks still run: the
 * coordinator's pairs keep their order, and each task's pairs go where the
 * coordinator skipped its subtree.  Insertion points are in task order, so a
 * task's place is known as soon as every earlier task is done; it is copied
 * then and its memory freed, which the next tasks reuse. */
typedef struct
{
  JxAlignPair *pairs;
  guint32     *parent;
  gsize       *prefix;      /* pairs of tasks [0, t) */
  gsize       *insert_at;
  guint        n_tasks;
  guint        next;        /* first task not placed yet */
} Assembly;

static void
assembly_init (Assembly               *as,
               const JxHierAlignment  *r,
               GPtrArray              *tasks,
               const JxHierTree       *a,
               const JxHierTree       *b)
{
  gsize bound = r->n_pairs;
  guint t;

  as->n_tasks = tasks->len;
  as->next = 0;
  as->prefix = g_new0 (gsize, as->n_tasks + 1);
  as->insert_at = g_new (gsize, MAX (as->n_tasks, 1));
  for (t = 0; t < as->n_tasks; t++)
    {
      Task *task = g_ptr_array_index (tasks, t);

      as->insert_at[t] = task->insert_at;
      /* Every node is in exactly one pair; untouched pages cost nothing. */
      bound += (gsize) (a->subtree_end[task->a] - task->a) + (b->subtree_end[task->b] - task->b);
    }
  as->pairs = g_new (JxAlignPair, MAX (bound, 1));
  as->parent = g_new (guint32, MAX (bound, 1));
}

static void
assembly_clear (Assembly *as)
{
  g_clear_pointer (&as->pairs, g_free);
  g_clear_pointer (&as->parent, g_free);
  g_clear_pointer (&as->prefix, g_free);
  g_clear_pointer (&as->insert_at, g_free);
}

/* Final index of the coordinator's pair s, given that it precedes task limit. */
static gsize
coordinator_position (const Assembly *as,
                      gsize           s,
                      guint           limit)
{
  guint lo = 0, hi = limit;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (as->insert_at[mid] <= s)
        lo = mid + 1;
      else
        hi = mid;
    }
  return s + as->prefix[lo];
}

static void
assembly_place (Assembly        *as,
                JxHierAlignment *r,
                Task            *task)
{
  JxHierAlignment *tr = task->result;
  guint t = as->next++;
  gsize base = as->insert_at[t] + as->prefix[t];
  /* The parent pair was emitted before the task was spawned. */
  guint32 root_parent = task->parent == JX_ALIGN_NONE ? JX_ALIGN_NONE
                        : (guint32) coordinator_position (as, task->parent, t);
  guint32 *dst_parent = as->parent + base;
  gsize k;

  memcpy (as->pairs + base, tr->pairs, tr->n_pairs * sizeof (JxAlignPair));
  for (k = 0; k < tr->n_pairs; k++)
    dst_parent[k] = tr->parent[k] == JX_ALIGN_NONE ? root_parent
                    : (guint32) (base + tr->parent[k]);
  as->prefix[t + 1] = as->prefix[t] + tr->n_pairs;
  merge_stats (r, tr);
  g_clear_pointer (&tr->pairs, g_free);
  g_clear_pointer (&tr->parent, g_free);
}

/* Every task placed: fill in the coordinator's own pairs and hand over. */
static void
assembly_finish (Assembly        *as,
                 JxHierAlignment *r)
{
  gsize seq_len = r->n_pairs;
  gsize total = seq_len + as->prefix[as->n_tasks];
  g_autofree guint32 *new_pos = g_new (guint32, MAX (seq_len, 1));
  guint t = 0;
  gsize s;

  g_assert (as->next == as->n_tasks);
  for (s = 0; s < seq_len; s++)
    {
      guint32 p = r->parent[s];

      while (t < as->n_tasks && as->insert_at[t] <= s)
        t++;
      new_pos[s] = (guint32) (s + as->prefix[t]);
      as->pairs[new_pos[s]] = r->pairs[s];
      /* Parents precede their children. */
      as->parent[new_pos[s]] = p == JX_ALIGN_NONE ? JX_ALIGN_NONE : new_pos[p];
    }

  g_free (r->pairs);
  g_free (r->parent);
  r->pairs = g_renew (JxAlignPair, g_steal_pointer (&as->pairs), MAX (total, 1));
  r->parent = g_renew (guint32, g_steal_pointer (&as->parent), MAX (total, 1));
  r->n_pairs = total;
}

static void
task_free (gpointer data)
{
  Task *task = data;

  g_clear_pointer (&task->result, jx_hier_alignment_free);
  g_clear_error (&task->error);
  g_free (task);
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

/* Subtrees smaller than this are never worth a thread hand-over. */
#define MIN_TASK_SIZE 1024

JxHierAlignment *
jx_hier_align (const JxHierTree         *a,
               const JxHierTree         *b,
               const JxHierAlignOptions *options,
               GCancellable             *cancellable,
               GError                  **error)
{
  JxHierAlignOptions defaults;
  HierState st = { 0 };
  Parallel par = { 0 };
  g_autoptr(JxHierAlignment) r = NULL;
  g_autofree guint32 *hash_a = NULL;
  g_autofree guint32 *hash_b = NULL;
  GThread *hash_thread = NULL;
  const JxScoring *sc;
  guint64 total;
  gint64 matched;
  gboolean ok = TRUE;
  guint t;

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

  st.a = a;
  st.b = b;
  st.options = options;
  st.result = r;
  st.next_report = PROGRESS_STEP;
  st.aligned = g_array_new (FALSE, FALSE, sizeof (JxAlignPair));

  /* Both sweeps are memory bound and independent: overlap them. */
  if (options->n_threads > 1 && (guint64) a->n_nodes + b->n_nodes >= 4 * MIN_TASK_SIZE)
    hash_thread = g_thread_try_new ("jx-hier-hash", compute_hashes_thread, (gpointer) b, NULL);
  hash_a = compute_hashes (a);
  hash_b = hash_thread != NULL ? g_thread_join (hash_thread) : compute_hashes (b);
  st.hash_a = hash_a;
  st.hash_b = hash_b;

  total = (guint64) a->n_nodes + b->n_nodes;
  if (options->n_threads > 1 && total >= 4 * MIN_TASK_SIZE)
    {
      par.a = a;
      par.b = b;
      par.options = options;
      par.cancellable = cancellable;
      par.hash_a = hash_a;
      par.hash_b = hash_b;
      par.min_size = MIN_TASK_SIZE;
      /* Enough pieces per thread to balance uneven subtrees. */
      par.max_size = MAX (total / (8 * options->n_threads), 4 * MIN_TASK_SIZE);
      par.tasks = g_ptr_array_new_with_free_func (task_free);
      g_mutex_init (&par.mutex);
      g_cond_init (&par.cond);
      par.pool = g_thread_pool_new (run_task, NULL, (gint) options->n_threads, FALSE, NULL);
      st.par = &par;
    }
  else
    /* Most of the time the alignment is about as long as the longer tree. */
    reserve_pairs (&st, MAX (a->n_nodes, b->n_nodes) + 16);

  /* The stream is a forest: a virtual root pair aligns the top-level
   * sequences; it has no flat symbols of its own (Fig. 3.23). */
  matched = align_children (&st, JX_NONE, JX_NONE, JX_ALIGN_NONE, cancellable, error);
  if (matched < 0 || !run_loop (&st, cancellable, error))
    ok = FALSE;

  if (st.par != NULL)
    {
      GError *task_error = NULL;
      Assembly as = { 0, };
      gboolean assembling = ok && par.tasks->len > 0;

      if (assembling)
        assembly_init (&as, r, par.tasks, a, b);

      /* Wait for every task, placing finished ones in order and reporting
       * progress meanwhile. */
      g_mutex_lock (&par.mutex);
      for (;;)
        {
          Task *next = assembling && as.next < as.n_tasks ? g_ptr_array_index (par.tasks, as.next) : NULL;

          if (next != NULL && next->done)
            {
              g_mutex_unlock (&par.mutex);
              if (next->result != NULL)
                assembly_place (&as, r, next);
              else
                assembling = FALSE;
              g_mutex_lock (&par.mutex);
              continue;
            }
          if (par.pending == 0)
            break;
          g_cond_wait_until (&par.cond, &par.mutex, g_get_monotonic_time () + G_TIME_SPAN_MILLISECOND * 100);
          if (options->progress != NULL && par.pending > 0)
            {
              g_mutex_unlock (&par.mutex);
              options->progress (total_done (&st), options->progress_data);
              g_mutex_lock (&par.mutex);
            }
        }
      g_mutex_unlock (&par.mutex);
      g_thread_pool_free (par.pool, FALSE, TRUE);

      for (t = 0; t < par.tasks->len && task_error == NULL; t++)
        {
          Task *task = g_ptr_array_index (par.tasks, t);
          if (task->error != NULL)
            task_error = g_steal_pointer (&task->error);
        }
      if (ok && task_error != NULL)
        {
          g_propagate_error (error, task_error);
          ok = FALSE;
        }
      else
        g_clear_error (&task_error);

      r->n_tasks = par.tasks->len;
      if (ok && assembling)
        assembly_finish (&as, r);
      assembly_clear (&as);
      g_ptr_array_unref (par.tasks);
      g_mutex_clear (&par.mutex);
      g_cond_clear (&par.cond);
    }

  hier_state_clear (&st);
  if (!ok)
    return NULL;

  r->raw_score = (gint64) r->counts[JX_PAIR_EQUAL] * sc->match
               + (gint64) r->counts[JX_PAIR_DIFFERENT] * sc->mismatch
               + (gint64) (r->counts[JX_PAIR_ONLY_A] + r->counts[JX_PAIR_ONLY_B]) * sc->gap;

  if (options->progress != NULL)
    options->progress (total_done (&st), options->progress_data);

  /* A cancel that arrives while the last progress report runs still wins:
   * callers rely on "cancelled" meaning "no result". */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  if (options->flat_optimum &&
      !compute_flat_optimum (a, b, options, r, cancellable, error))
    return NULL;

  return g_steal_pointer (&r);
}

void
jx_hier_alignment_free (JxHierAlignment *self)
{
  if (self == NULL)
    return;
  g_free (self->pairs);
  g_free (self->parent);
  g_free (self);
}

guint16 *
jx_hier_alignment_compute_depths (const JxHierAlignment *self)
{
  guint16 *depth;
  gsize i;

  g_return_val_if_fail (self != NULL, NULL);

  depth = g_new (guint16, MAX (self->n_pairs, 1));
  for (i = 0; i < self->n_pairs; i++)
    {
      guint32 p = self->parent[i];
      /* Parents precede their children in pre-order. */
      depth[i] = p == JX_ALIGN_NONE ? 0 : (guint16) MIN (depth[p] + 1, G_MAXUINT16);
    }
  return depth;
}

guint32 *
jx_hier_alignment_build_index (const JxHierAlignment *self,
                               gboolean               side_b)
{
  guint32 n;
  guint32 *index;
  gsize i;

  g_return_val_if_fail (self != NULL, NULL);

  n = side_b ? self->n_b : self->n_a;
  index = g_new (guint32, MAX (n, 1));
  for (i = 0; i < n; i++)
    index[i] = JX_ALIGN_NONE;
  for (i = 0; i < self->n_pairs; i++)
    {
      guint32 node = side_b ? self->pairs[i].b : self->pairs[i].a;
      if (node != JX_ALIGN_NONE && node < n)
        index[node] = (guint32) i;
    }
  return index;
}

double
jx_hier_alignment_get_error (const JxHierAlignment *self)
{
  double scale;

  g_return_val_if_fail (self != NULL, 0.0);

  if (!self->has_flat_optimum)
    return 0.0;
  /* An optimum of 0 (or close to it) is no measure of size; the mean flat
   * length is the scale of a score with unit costs. */
  scale = MAX ((double) ABS (self->flat_optimum),
               ((double) self->flat_length_a + (double) self->flat_length_b) / 2.0);
  if (scale <= 0.0)
    return 0.0;
  return (double) (self->flat_optimum - self->score) / scale;
}

gint64
jx_hier_alignment_get_error_absolute (const JxHierAlignment *self)
{
  g_return_val_if_fail (self != NULL, 0);

  if (!self->has_flat_optimum)
    return 0;
  return self->flat_optimum - self->score;
}

const char *
jx_hier_pair_state_to_string (JxPairState state)
{
  switch (state)
    {
    case JX_PAIR_EQUAL:
      return "equal";
    case JX_PAIR_DIFFERENT:
      return "different";
    case JX_PAIR_ONLY_A:
      return "only-a";
    case JX_PAIR_ONLY_B:
      return "only-b";
    default:
      return "unknown";
    }
}
