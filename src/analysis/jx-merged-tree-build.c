/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-tree-build.c — Algorithm 7 of the dissertation (§5.2.2): the
 * call trees of the streams traversed together, the children of every
 * merged node aligned by progressive multiple alignment (jx-msa.h).
 *
 * The traversal is iterative (deep traces): a stack of pending columns,
 * each with its members (stream, call) in a scratch array used as a stack
 * too, so the nodes come out in pre-order. Per node:
 *  1. the node is emitted: its members, state, symbol and time statistics;
 *  2. when every member's subtree is equal (a structural hash, verified
 *     exactly) the whole subtree is emitted in one sweep;
 *  3. else the members are grouped by their children sequence (a hash,
 *     verified exactly), the distinct sequences are aligned (one group: no
 *     alignment), and every column becomes a pending child with the members
 *     that have a call in it, in stream order.
 * With several threads, columns of a middling size (below a share of all
 * invocations, so that the top of the tree stays on the calling thread) are
 * built on worker threads as separate trees and spliced in at the end: the
 * result does not depend on the number of threads. */
#include "config.h"

#include <string.h>

#include "jx-comparison.h"
#include "jx-hash.h"
#include "jx-merged-tree-build-private.h"

/* --- Builder ------------------------------------------------------------------- */

Builder *
_jx_merged_builder_new (Shared *sh)
{
  Builder *b = g_new0 (Builder, 1);

  b->sh = sh;
  b->different_node = g_array_new (FALSE, FALSE, sizeof (guint32));
  b->different_offset = g_array_new (FALSE, FALSE, sizeof (guint32));
  b->functions = g_array_new (FALSE, FALSE, sizeof (JxMergedFunction));
  b->fsym = g_array_new (FALSE, FALSE, sizeof (guint32));
  b->msa = jx_msa_new (&sh->options->msa);
  {
    guint32 zero = 0;
    g_array_append_val (b->different_offset, zero);
  }
  return b;
}

void
_jx_merged_builder_free (Builder *b)
{
  if (b == NULL)
    return;
  g_free (b->parent);
  g_free (b->depth);
  g_free (b->symbol);
  g_free (b->state);
  g_free (b->n_members);
  g_free (b->member_offset);
  g_free (b->min);
  g_free (b->median);
  g_free (b->max);
  g_free (b->sum);
  g_free (b->outlier);
  g_free (b->is_hole);
  g_free (b->members);
  g_array_unref (b->different_node);
  g_array_unref (b->different_offset);
  g_array_unref (b->functions);
  g_array_unref (b->fsym);
  g_free (b->stack);
  g_free (b->scratch);
  g_free (b->dur);
  g_free (b->dur2);
  g_free (b->tmp);
  g_free (b->class_of);
  g_free (b->class_rep);
  g_free (b->class_size);
  g_free (b->class_hash);
  g_free (b->seq_off);
  g_free (b->seq_len);
  g_free (b->seq_ptr);
  g_free (b->syms);
  g_free (b->column_of);
  g_free (b->col_count);
  g_free (b->col_off);
  g_free (b->table);
  jx_msa_free (b->msa);
  g_clear_pointer (&b->tasks, g_ptr_array_unref);
  g_free (b);
}

static void
grow_nodes (Builder *b)
{
  if (b->n_nodes < b->cap_nodes)
    return;
  b->cap_nodes = MAX (1024, b->cap_nodes + b->cap_nodes / 2);
  b->parent = g_renew (guint32, b->parent, b->cap_nodes);
  b->depth = g_renew (guint16, b->depth, b->cap_nodes);
  b->symbol = g_renew (guint32, b->symbol, b->cap_nodes);
  b->state = g_renew (guint8, b->state, b->cap_nodes);
  b->n_members = g_renew (guint32, b->n_members, b->cap_nodes);
  b->member_offset = g_renew (guint64, b->member_offset, b->cap_nodes);
  b->min = g_renew (double, b->min, b->cap_nodes);
  b->median = g_renew (double, b->median, b->cap_nodes);
  b->max = g_renew (double, b->max, b->cap_nodes);
  b->sum = g_renew (double, b->sum, b->cap_nodes);
  b->outlier = g_renew (guint32, b->outlier, b->cap_nodes);
  b->is_hole = g_renew (guint8, b->is_hole, b->cap_nodes);
}

static void
grow_members (Builder *b,
              guint64  extra)
{
  if (b->n_mem + extra <= b->cap_mem)
    return;
  b->cap_mem = MAX (b->n_mem + extra, MAX (4096, b->cap_mem + b->cap_mem / 2));
  b->members = g_renew (JxMergedMember, b->members, b->cap_mem);
}

static void
grow_scratch (Builder *b,
              guint64  extra)
{
  if (b->n_scr + extra <= b->cap_scr)
    return;
  b->cap_scr = MAX (b->n_scr + extra, MAX (4096, b->cap_scr + b->cap_scr / 2));
  b->scratch = g_renew (JxMergedMember, b->scratch, b->cap_scr);
}

static void
grow_count (Builder *b,
            guint32  count)
{
  if (count <= b->cap_count)
    return;
  b->cap_count = MAX (count, b->cap_count * 2);
  b->dur = g_renew (double, b->dur, b->cap_count);
  b->dur2 = g_renew (double, b->dur2, b->cap_count);
  b->tmp = g_renew (JxMergedMember, b->tmp, b->cap_count);
  b->class_of = g_renew (guint32, b->class_of, b->cap_count);
}

static void
grow_classes (Builder *b,
              guint32  n)
{
  if (n <= b->cap_classes)
    return;
  b->cap_classes = MAX (n, MAX (16, b->cap_classes * 2));
  b->class_rep = g_renew (guint32, b->class_rep, b->cap_classes);
  b->class_size = g_renew (guint32, b->class_size, b->cap_classes);
  b->class_hash = g_renew (guint32, b->class_hash, b->cap_classes);
  b->seq_off = g_renew (guint32, b->seq_off, b->cap_classes);
  b->seq_len = g_renew (guint32, b->seq_len, b->cap_classes);
  b->seq_ptr = g_renew (const guint32 *, b->seq_ptr, b->cap_classes);
}

static void
grow_syms (Builder *b,
           guint32  n)
{
  if (n <= b->cap_syms)
    return;
  b->cap_syms = MAX (n, MAX (64, b->cap_syms * 2));
  b->syms = g_renew (guint32, b->syms, b->cap_syms);
  b->column_of = g_renew (guint32, b->column_of, b->cap_syms);
}

static void
grow_cols (Builder *b,
           guint32  n)
{
  if (n <= b->cap_cols)
    return;
  b->cap_cols = MAX (n, MAX (64, b->cap_cols * 2));
  b->col_count = g_renew (guint32, b->col_count, b->cap_cols);
  b->col_off = g_renew (guint64, b->col_off, b->cap_cols);
}

static void
push (Builder *b,
      guint32  parent,
      guint16  depth,
      guint64  start,
      guint32  count)
{
  if (b->sp == b->cap_stack)
    {
      b->cap_stack = MAX (256, b->cap_stack * 2);
      b->stack = g_renew (Pending, b->stack, b->cap_stack);
    }
  b->stack[b->sp++] = (Pending) { parent, depth, start, count };
}

static void
report (Builder *b,
        guint32  count)
{
  b->unreported += count;
  if (b->unreported < PROGRESS_STEP)
    return;
  g_atomic_pointer_add (&b->sh->done, (gssize) b->unreported);
  b->unreported = 0;
  if (b->progress != NULL)
    b->progress ((guint64) g_atomic_pointer_get (&b->sh->done), b->sh->total, b->progress_data);
}

/* The k-th smallest of a[0 .. n) (a is reordered). */
static double
select_kth (double *a,
            guint32 n,
            guint32 k)
{
  guint32 lo = 0, hi = n - 1;

  while (lo < hi)
    {
      double pivot = a[lo + (hi - lo) / 2];
      guint32 i = lo, j = hi;

      while (i <= j)
        {
          while (a[i] < pivot)
            i++;
          while (a[j] > pivot)
            j--;
          if (i <= j)
            {
              double t = a[i];

              a[i] = a[j];
              a[j] = t;
              i++;
              if (j == 0)
                break;
              j--;
            }
        }
      if (k <= j)
        hi = j;
      else if (k >= i)
        lo = i;
      else
        break;
    }
  return a[k];
}

static int
compare_u32 (gconstpointer pa,
             gconstpointer pb)
{
  guint32 a = *(const guint32 *) pa, b = *(const guint32 *) pb;

  return a < b ? -1 : (a > b ? 1 : 0);
}

static int
compare_function (gconstpointer pa,
                  gconstpointer pb,
                  gpointer      names)
{
  const JxMergedFunction *a = pa, *b = pb;

  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return g_strcmp0 (jx_name_table_get_name (names, a->symbol), jx_name_table_get_name (names, b->symbol));
}

/* Records the functions of a DIFFERENT node, the most called first, and
 * returns that one. */
static guint32
record_functions (Builder              *b,
                  guint32               node,
                  const JxMergedMember *m,
                  guint32               count)
{
  guint32 first = b->functions->len, offset;

  g_array_set_size (b->fsym, count);
  for (guint32 k = 0; k < count; k++)
    g_array_index (b->fsym, guint32, k) = sym (b->sh, m[k].stream, m[k].invocation);
  g_array_sort (b->fsym, compare_u32);
  for (guint32 k = 0; k < count; k++)
    {
      guint32 s = g_array_index (b->fsym, guint32, k);

      if (b->functions->len > first && g_array_index (b->functions, JxMergedFunction, b->functions->len - 1).symbol == s)
        g_array_index (b->functions, JxMergedFunction, b->functions->len - 1).count++;
      else
        {
          JxMergedFunction f = { s, 1 };

          g_array_append_val (b->functions, f);
        }
    }
  g_qsort_with_data (&g_array_index (b->functions, JxMergedFunction, first), b->functions->len - first,
                     sizeof (JxMergedFunction), compare_function, b->sh->names);
  g_array_append_val (b->different_node, node);
  offset = b->functions->len;
  g_array_append_val (b->different_offset, offset);
  return g_array_index (b->functions, JxMergedFunction, first).symbol;
}

/* A node merging the calls m[0 .. count): its state, symbol and times. */
static guint32
emit_node (Builder              *b,
           const JxMergedMember *m,
           guint32               count,
           guint32               parent,
           guint16               depth)
{
  const Shared *sh = b->sh;
  guint32 node, s0;
  gboolean same = TRUE;
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE, total = 0.0, median;

  g_assert (count > 0);
  grow_nodes (b);
  grow_members (b, count);
  grow_count (b, count);
  node = b->n_nodes++;
  b->parent[node] = parent;
  b->depth[node] = depth;
  b->n_members[node] = count;
  b->member_offset[node] = b->n_mem;
  b->is_hole[node] = FALSE;
  memcpy (b->members + b->n_mem, m, count * sizeof *m);
  m = b->members + b->n_mem;
  b->n_mem += count;

  s0 = sym (sh, m[0].stream, m[0].invocation);
  for (guint32 k = 0; k < count; k++)
    {
      const JxStream *st = sh->stream[m[k].stream];
      double d = (double) (st->end[m[k].invocation] - st->start[m[k].invocation]) * sh->spt[m[k].stream];

      if (same && sym (sh, m[k].stream, m[k].invocation) != s0)
        same = FALSE;
      b->dur[k] = d;
      lo = MIN (lo, d);
      hi = MAX (hi, d);
      total += d;
    }
  if (same)
    {
      b->symbol[node] = s0;
      b->state[node] = count == sh->n ? JX_MERGED_EQUAL : JX_MERGED_GAP;
    }
  else
    {
      b->symbol[node] = record_functions (b, node, m, count);
      b->state[node] = JX_MERGED_DIFFERENT;
    }
  b->stats.by_state[b->state[node]]++;

  b->min[node] = lo;
  b->max[node] = hi;
  b->sum[node] = total;
  b->outlier[node] = JX_NONE;
  if (count >= 3)
    {
      double far = -1.0;

      /* The deviation is measured on the times in member order, so the
       * median is taken on a copy. */
      {
        double *copy = b->dur2;
        guint32 k = count / 2;

        memcpy (copy, b->dur, count * sizeof (double));

        median = select_kth (copy, count, k);
        if (count % 2 == 0)
          {
            double below = copy[0];

            for (guint32 j = 1; j < k; j++)
              below = MAX (below, copy[j]);
            median = (median + below) / 2.0;
          }
      }
      for (guint32 k = 0; k < count; k++)
        {
          double dev = b->dur[k] > median ? b->dur[k] - median : median - b->dur[k];

          if (dev > far)
            {
              far = dev;
              b->outlier[node] = m[k].stream;
            }
        }
    }
  else
    median = count == 2 ? (b->dur[0] + b->dur[1]) / 2.0 : b->dur[0];
  b->median[node] = median;
  report (b, count);
  return node;
}

/* TRUE when every member's subtree equals the first one's. */
static gboolean
subtrees_equal (Builder *b,
                guint64  moff,
                guint32  count)
{
  const Shared *sh = b->sh;
  const JxMergedMember *m = b->members + moff;
  guint32 s0 = m[0].stream, i0 = m[0].invocation;
  const JxStream *st0 = sh->stream[s0];
  guint32 size = st0->subtree_end[i0] - i0, h0 = sh->shash[s0][i0];

  for (guint32 k = 1; k < count; k++)
    {
      const JxStream *st = sh->stream[m[k].stream];
      guint32 i = m[k].invocation;

      if (sh->shash[m[k].stream][i] != h0 || st->subtree_end[i] - i != size)
        return FALSE;
    }
  for (guint32 k = 1; k < count; k++)
    {
      guint32 s = m[k].stream, i = m[k].invocation;
      const JxStream *st = sh->stream[s];

      for (guint32 d = 1; d < size; d++)
        if (sym (sh, s, i + d) != sym (sh, s0, i0 + d) ||
            st->subtree_end[i + d] - i != st0->subtree_end[i0 + d] - i0)
          return FALSE;
    }
  return TRUE;
}

/* Emits the subtree below node, equal in every member, in one sweep. */
static void
sweep (Builder *b,
       guint32  node,
       guint64  moff,
       guint32  count)
{
  const Shared *sh = b->sh;
  guint32 s0 = b->members[moff].stream, i0 = b->members[moff].invocation;
  const JxStream *st0 = sh->stream[s0];
  guint32 size = st0->subtree_end[i0] - i0, first = b->n_nodes;
  guint16 depth0 = b->depth[node];

  if (size <= 1)
    return;
  b->stats.n_sweeps++;
  grow_count (b, count);
  for (guint32 d = 1; d < size; d++)
    {
      guint32 poff = st0->parent[i0 + d] - i0;
      const JxMergedMember *m = b->members + moff;

      /* emit_node copies from tmp before it can move members. */
      for (guint32 k = 0; k < count; k++)
        b->tmp[k] = (JxMergedMember) { m[k].stream, m[k].invocation + d };
      emit_node (b, b->tmp, count, poff == 0 ? node : first + poff - 1,
                 (guint16) (depth0 + st0->depth[i0 + d] - st0->depth[i0]));
    }
}

static inline guint32
children_hash (const Shared         *sh,
               const JxMergedMember *m)
{
  return m->invocation == JX_NONE ? sh->root_hash[m->stream] : sh->chash[m->stream][m->invocation];
}

static gboolean
children_equal (const Shared         *sh,
                const JxMergedMember *x,
                const JxMergedMember *y)
{
  guint32 cx = first_child (sh, x->stream, x->invocation);
  guint32 cy = first_child (sh, y->stream, y->invocation);

  while (cx != JX_NONE && cy != JX_NONE)
    {
      if (sym (sh, x->stream, cx) != sym (sh, y->stream, cy))
        return FALSE;
      cx = next_sibling (sh, x->stream, cx, x->invocation);
      cy = next_sibling (sh, y->stream, cy, y->invocation);
    }
  return cx == JX_NONE && cy == JX_NONE;
}

/* Groups the members by their children sequence; returns the number of
 * classes (class_of, class_rep, class_size filled). */
static guint32
group (Builder              *b,
       const JxMergedMember *m,
       guint32               count)
{
  const Shared *sh = b->sh;
  guint32 h0 = children_hash (sh, &m[0]), n_classes = 0, mask;
  gboolean one = TRUE;

  grow_count (b, count);
  grow_classes (b, 1);
  for (guint32 k = 1; k < count && one; k++)
    if (children_hash (sh, &m[k]) != h0)
      one = FALSE;
  for (guint32 k = 1; k < count && one; k++)
    if (!children_equal (sh, &m[0], &m[k]))
      one = FALSE;
  if (one)
    {
      for (guint32 k = 0; k < count; k++)
        b->class_of[k] = 0;
      b->class_rep[0] = 0;
      b->class_size[0] = count;
      return 1;
    }

  if (b->cap_table < 2 * count)
    {
      b->cap_table = 64;
      while (b->cap_table < 2 * count)
        b->cap_table *= 2;
      g_free (b->table);
      b->table = g_new0 (guint32, b->cap_table);
    }
  mask = b->cap_table - 1;
  for (guint32 k = 0; k < count; k++)
    {
      guint32 h = children_hash (sh, &m[k]), slot = h & mask;

      for (;;)
        {
          guint32 c = b->table[slot];

          if (c == 0)
            {
              grow_classes (b, n_classes + 1);
              b->class_rep[n_classes] = k;
              b->class_size[n_classes] = 1;
              b->class_hash[n_classes] = h;
              b->class_of[k] = n_classes;
              b->table[slot] = ++n_classes;
              break;
            }
          c--;
          if (b->class_hash[c] == h && children_equal (sh, &m[b->class_rep[c]], &m[k]))
            {
              b->class_of[k] = c;
              b->class_size[c]++;
              break;
            }
          slot = (slot + 1) & mask;
        }
    }
  /* Clear only what was used. */
  for (guint32 k = 0; k < count; k++)
    {
      guint32 slot = children_hash (sh, &m[k]) & mask;

      while (b->table[slot] != 0)
        {
          b->table[slot] = 0;
          slot = (slot + 1) & mask;
        }
    }
  return n_classes;
}

/* Aligns the children of the members m (moff into members, or the roots'
 * list for node JX_NONE) and pushes one pending column per aligned column. */
gboolean
_jx_merged_builder_expand (Builder              *b,
        guint32               node,
        const JxMergedMember *m,
        guint32               count,
        guint16               depth,
        GError              **error)
{
  const Shared *sh = b->sh;
  guint32 n_classes, total = 0;
  gint64 n_cols;

  n_classes = group (b, m, count);
  for (guint32 c = 0; c < n_classes; c++)
    {
      const JxMergedMember *rep = &m[b->class_rep[c]];
      guint32 len = 0;

      b->seq_off[c] = total;
      for (guint32 ch = first_child (sh, rep->stream, rep->invocation); ch != JX_NONE;
           ch = next_sibling (sh, rep->stream, ch, rep->invocation))
        {
          grow_syms (b, total + len + 1);
          b->syms[total + len] = sym (sh, rep->stream, ch);
          len++;
        }
      b->seq_len[c] = len;
      total += len;
    }
  if (total == 0)
    return TRUE;

  if (n_classes == 1)
    {
      b->stats.n_single++;
      for (guint32 j = 0; j < total; j++)
        b->column_of[j] = j;
      n_cols = total;
    }
  else
    {
      for (guint32 c = 0; c < n_classes; c++)
        b->seq_ptr[c] = b->syms + b->seq_off[c];
      b->stats.n_msa++;
      b->stats.n_msa_sequences += n_classes;
      b->stats.max_msa_sequences = MAX (b->stats.max_msa_sequences, n_classes);
      n_cols = jx_msa_align (b->msa, b->seq_ptr, b->seq_len, n_classes, b->column_of, &b->stats.align,
                             sh->cancellable, error);
      if (n_cols < 0)
        return FALSE;
      b->stats.n_guide[jx_msa_get_guide (b->msa)]++;
    }

  grow_cols (b, (guint32) n_cols);
  memset (b->col_count, 0, n_cols * sizeof (guint32));
  for (guint32 c = 0; c < n_classes; c++)
    for (guint32 j = 0; j < b->seq_len[c]; j++)
      b->col_count[b->column_of[b->seq_off[c] + j]] += b->class_size[c];

  /* Column n_cols − 1 lowest in the scratch, column 0 on top: it is popped
   * first, and the scratch shrinks as the stack does. */
  {
    guint64 at = b->n_scr, sum = 0;

    for (gint64 col = n_cols - 1; col >= 0; col--)
      {
        b->col_off[col] = at;
        at += b->col_count[col];
      }
    sum = at - b->n_scr;
    /* m may point into the scratch (the roots' list does not): keep it. */
    grow_scratch (b, sum);
    b->n_scr += sum;
  }
  for (guint32 k = 0; k < count; k++)
    {
      guint32 c = b->class_of[k], j = 0;
      const guint32 *cols = b->column_of + b->seq_off[c];

      for (guint32 ch = first_child (sh, m[k].stream, m[k].invocation); ch != JX_NONE;
           ch = next_sibling (sh, m[k].stream, ch, m[k].invocation), j++)
        b->scratch[b->col_off[cols[j]]++] = (JxMergedMember) { m[k].stream, ch };
    }
  for (gint64 col = n_cols - 1; col >= 0; col--)
    push (b, node, depth, b->col_off[col] - b->col_count[col], b->col_count[col]);
  return TRUE;
}

/* Hands the pending column to a worker thread when its calls are many but
 * not too many; returns TRUE when it did. */
static gboolean
maybe_spawn (Builder       *b,
             const Pending *e)
{
  const Shared *sh = b->sh;
  guint64 size = 0;
  Task *task;
  guint32 hole;

  if (b->pool == NULL || e->count == 0)
    return FALSE;
  for (guint32 k = 0; k < e->count; k++)
    {
      const JxMergedMember *mm = &b->scratch[e->start + k];
      const JxStream *st = sh->stream[mm->stream];

      size += st->subtree_end[mm->invocation] - mm->invocation;
      if (size > sh->task_max)
        return FALSE;
    }
  if (size < TASK_MIN_SIZE)
    return FALSE;

  grow_nodes (b);
  hole = b->n_nodes++;
  b->parent[hole] = e->parent;
  b->depth[hole] = e->depth;
  b->n_members[hole] = 0;
  b->member_offset[hole] = b->n_mem;
  b->is_hole[hole] = TRUE;
  b->state[hole] = JX_MERGED_EQUAL;
  b->symbol[hole] = JX_NONE;

  task = g_new0 (Task, 1);
  task->hole = hole;
  task->members = g_memdup2 (b->scratch + e->start, e->count * sizeof (JxMergedMember));
  task->count = e->count;
  task->depth = e->depth;
  g_ptr_array_add (b->tasks, task);
  g_mutex_lock (b->mutex);
  (*b->running)++;
  g_mutex_unlock (b->mutex);
  g_thread_pool_push (b->pool, task, NULL);
  return TRUE;
}

/* Pops and builds pending columns until the stack is empty. */
gboolean
_jx_merged_builder_run (Builder  *b,
     GError  **error)
{
  while (b->sp > 0)
    {
      Pending e = b->stack[--b->sp];
      guint32 node;

      if ((++b->steps & 255) == 0 && g_cancellable_set_error_if_cancelled (b->sh->cancellable, error))
        return FALSE;
      if (maybe_spawn (b, &e))
        {
          b->n_scr = e.start;
          continue;
        }
      node = emit_node (b, b->scratch + e.start, e.count, e.parent, e.depth);
      b->n_scr = e.start;
      if (subtrees_equal (b, b->member_offset[node], e.count))
        {
          sweep (b, node, b->member_offset[node], e.count);
          continue;
        }
      if (!_jx_merged_builder_expand (b, node, b->members + b->member_offset[node], e.count, (guint16) (e.depth + 1), error))
        return FALSE;
    }
  return TRUE;
}

void
_jx_merged_builder_task_run (gpointer data,
          gpointer user_data)
{
  Task *task = data;
  Builder *parent = user_data;

  task->builder = _jx_merged_builder_new (parent->sh);
  grow_scratch (task->builder, task->count);
  memcpy (task->builder->scratch, task->members, task->count * sizeof (JxMergedMember));
  task->builder->n_scr = task->count;
  push (task->builder, JX_NONE, task->depth, 0, task->count);
  g_clear_pointer (&task->members, g_free);
  _jx_merged_builder_run (task->builder, &task->error);
  g_atomic_pointer_add (&parent->sh->done, (gssize) task->builder->unreported);
  task->builder->unreported = 0;

  g_mutex_lock (parent->mutex);
  (*parent->running)--;
  g_cond_signal (parent->cond);
  g_mutex_unlock (parent->mutex);
}

void
_jx_merged_builder_task_free (gpointer data)
{
  Task *task = data;

  _jx_merged_builder_free (task->builder);
  g_free (task->members);
  g_clear_error (&task->error);
  g_free (task);
}
