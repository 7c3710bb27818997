/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-paradis.c — see jx-test-paradis.h. */
#include "config.h"

#include "jx-test-paradis.h"

#define MAX_DEPTH   9

static void
tree_init (JxTestCallTree *t,
           guint32  capacity)
{
  t->label = g_new (guint32, capacity);
  t->depth = g_new (guint16, capacity);
  t->subtree_end = NULL;
  t->n = 0;
  t->capacity = capacity;
}

void
jx_test_call_tree_clear (JxTestCallTree *t)
{
  g_free (t->label);
  g_free (t->depth);
  g_free (t->subtree_end);
}

static inline void
tree_add (JxTestCallTree *t,
          guint32  label,
          guint16  depth)
{
  if (t->n == t->capacity)
    {
      t->capacity += t->capacity / 2 + 16;
      t->label = g_renew (guint32, t->label, t->capacity);
      t->depth = g_renew (guint16, t->depth, t->capacity);
    }
  t->label[t->n] = label;
  t->depth[t->n] = depth;
  t->n++;
}

/* subtree_end from the depths of a pre-order listing, with one stack. */
static void
tree_seal (JxTestCallTree *t)
{
  g_autofree guint32 *stack = g_new (guint32, MAX_DEPTH + 2);
  guint sp = 0;
  guint32 i;

  t->subtree_end = g_new (guint32, MAX (t->n, 1));
  for (i = 0; i < t->n; i++)
    {
      while (sp > 0 && t->depth[stack[sp - 1]] >= t->depth[i])
        t->subtree_end[stack[--sp]] = i;
      stack[sp++] = i;
    }
  while (sp > 0)
    t->subtree_end[stack[--sp]] = t->n;
}

static inline guint32
hash32 (guint32 x)
{
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

/* Like real code, a function calls about the same callees every time: the
 * number of children depends on the function and the depth; only rare loops
 * (data dependent) are long, and those call leaves. */
static guint32
children_count (GRand   *rand,
                guint32  label,
                guint    depth,
                gboolean *leaves_only)
{
  double x = g_rand_double (rand);
  double leaf = 0.45 + 0.07 * depth;

  *leaves_only = FALSE;
  if (depth >= MAX_DEPTH)
    return 0;
  if (depth == 1)
    return 40;                                              /* one iteration */
  if (x < 0.00002)
    {
      *leaves_only = TRUE;
      return (guint32) g_rand_int_range (rand, 1000, 10001); /* a long loop */
    }
  if (x < 0.00006)
    {
      *leaves_only = TRUE;
      return (guint32) g_rand_int_range (rand, 100, 1000);
    }
  if ((hash32 (label * 131u + depth) & 0xffff) < leaf * 0x10000)
    return 0;
  return 1 + hash32 (label * 7919u + depth) % 8;
}

/* Code-like structure: the k-th callee of a function depends on the caller
 * and on k modulo a short period, so repeated calls look alike. */
static inline guint32
child_label (guint32 parent,
             guint32 k)
{
  guint32 period = 1 + parent % 7;
  return (parent * 2654435761u + (k % period) * 40503u + 17u) % JX_TEST_PARADIS_N_FUNCTIONS;
}

void
jx_test_paradis_generate_a (JxTestCallTree *t,
            GRand   *rand,
            guint32  n)
{
  guint32 remaining[MAX_DEPTH + 2];
  guint32 labels[MAX_DEPTH + 2];
  guint32 index[MAX_DEPTH + 2];
  gboolean leaf_parent[MAX_DEPTH + 2];
  guint sp = 0;

  tree_init (t, n);
  /* main(): iterations until the budget is used. */
  tree_add (t, 0, 0);
  labels[0] = 0;
  remaining[0] = G_MAXUINT32;
  index[0] = 0;
  leaf_parent[0] = FALSE;
  sp = 1;

  while (t->n < n && sp > 0)
    {
      guint32 label, nc;
      gboolean leaves_only;

      if (remaining[sp - 1] == 0)
        {
          sp--;
          continue;
        }
      remaining[sp - 1]--;
      label = sp == 1 ? 1 : child_label (labels[sp - 1], index[sp - 1]);
      index[sp - 1]++;
      tree_add (t, label, (guint16) sp);
      nc = leaf_parent[sp - 1] ? 0 : children_count (rand, label, sp, &leaves_only);
      if (nc > 0)
        {
          labels[sp] = label;
          remaining[sp] = nc;
          index[sp] = 0;
          leaf_parent[sp] = leaves_only;
          sp++;
        }
    }
  tree_seal (t);
}

/* B: A with subtrees dropped, calls renamed and calls added; the rates give
 * about 90 % equal pairs. */
void
jx_test_paradis_generate_b (JxTestCallTree       *t,
            const JxTestCallTree *a,
            GRand      *rand)
{
  guint32 i = 0;

  tree_init (t, a->n + a->n / 8);
  while (i < a->n)
    {
      double x = i == 0 ? 1.0 : g_rand_double (rand);
      guint32 label = a->label[i];

      if (x < 0.002 && a->depth[i] >= 2 && a->subtree_end[i] - i <= 64)
        {
          i = a->subtree_end[i];
          continue;
        }
      if (x < 0.05 && a->subtree_end[i] - i <= 64)
        label = (label + 1 + (guint32) g_rand_int_range (rand, 0, 50)) % JX_TEST_PARADIS_N_FUNCTIONS;
      else if (x < 0.08 && a->depth[i] >= 2)
        tree_add (t, (guint32) g_rand_int_range (rand, 0, JX_TEST_PARADIS_N_FUNCTIONS), a->depth[i]);
      tree_add (t, label, a->depth[i]);
      i++;
    }
  tree_seal (t);
}

