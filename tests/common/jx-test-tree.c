/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-tree.c — see jx-test-tree.h. */
#include "config.h"

#include "jx-test-tree.h"

void
jx_test_tree_free (JxTestTree *t)
{
  g_array_unref (t->label);
  g_array_unref (t->subtree_end);
  g_array_unref (t->parent);
  g_free (t);
}

JxTestTree *
jx_test_tree_new (void)
{
  JxTestTree *t = g_new0 (JxTestTree, 1);

  t->label = g_array_new (FALSE, FALSE, sizeof (guint32));
  t->subtree_end = g_array_new (FALSE, FALSE, sizeof (guint32));
  t->parent = g_array_new (FALSE, FALSE, sizeof (guint32));
  return t;
}

void
jx_test_tree_seal (JxTestTree *t)
{
  t->tree.n_nodes = t->label->len;
  t->tree.label = (const guint32 *) (gpointer) t->label->data;
  t->tree.label_map = NULL;
  t->tree.subtree_end = (const guint32 *) (gpointer) t->subtree_end->data;
}

guint32
jx_test_tree_add (JxTestTree *t,
                  guint32     label,
                  guint32     parent)
{
  guint32 idx = t->label->len;
  guint32 end = idx + 1;
  guint32 p;

  g_array_append_val (t->label, label);
  g_array_append_val (t->subtree_end, end);
  g_array_append_val (t->parent, parent);
  for (p = parent; p != JX_NONE; p = g_array_index (t->parent, guint32, p))
    g_array_index (t->subtree_end, guint32, p) = idx + 1;
  return idx;
}

JxTestTree *
jx_test_tree_parse (const char *text)
{
  JxTestTree *t = jx_test_tree_new ();
  guint32 stack[64];
  guint depth = 0;
  guint32 last = JX_NONE;
  const char *c;

  for (c = text; *c != '\0'; c++)
    {
      if (*c == ' ')
        continue;
      if (*c == '[')
        {
          g_assert_cmpuint (last, !=, JX_NONE);
          stack[depth++] = last;
          continue;
        }
      if (*c == ']')
        {
          g_assert_cmpuint (depth, >, 0);
          depth--;
          continue;
        }
      last = jx_test_tree_add (t, (guint32) *c, depth > 0 ? stack[depth - 1] : JX_NONE);
    }
  g_assert_cmpuint (depth, ==, 0);
  jx_test_tree_seal (t);
  return t;
}

JxTestTree *
jx_test_tree_random (GRand *rand,
                     guint  n,
                     guint  alphabet)
{
  JxTestTree *t = jx_test_tree_new ();
  guint32 path[64];
  guint depth = 0;
  guint i;

  for (i = 0; i < n; i++)
    {
      guint d = depth == 0 ? 0 : (guint) g_rand_int_range (rand, 0, (gint) MIN (depth + 1, 12) + 1);
      guint32 label = 'a' + (guint32) g_rand_int_range (rand, 0, (gint) alphabet);

      d = MIN (d, depth);
      path[d] = jx_test_tree_add (t, label, d > 0 ? path[d - 1] : JX_NONE);
      depth = d + 1;
    }
  jx_test_tree_seal (t);
  return t;
}
