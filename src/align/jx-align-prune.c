/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-prune.c — see jx-align-prune-private.h. */
#include "config.h"

#include "jx-align-prune-private.h"

/* A set of symbols, open addressing on symbol + 1 (0 = empty slot). */
typedef struct
{
  guint32  *slots;
  guint32   mask;
  gboolean  has_max;  /* G_MAXUINT32, which wraps to the empty key */
} SymbolSet;

static inline guint32
symbol_slot (guint32 key,
             guint32 mask)
{
  return (key * 0x9e3779b1u) & mask;
}

static void
symbol_set_init (SymbolSet     *set,
                 const guint32 *s,
                 gsize          len)
{
  gsize cap = 16, q;

  while (cap < 2 * len)
    cap *= 2;
  set->slots = g_new0 (guint32, cap);
  set->mask = (guint32) (cap - 1);
  set->has_max = FALSE;
  for (q = 0; q < len; q++)
    {
      guint32 key = s[q] + 1u, at;

      if (key == 0)
        {
          set->has_max = TRUE;
          continue;
        }
      for (at = symbol_slot (key, set->mask); set->slots[at] != 0 && set->slots[at] != key;
           at = (at + 1) & set->mask)
        ;
      set->slots[at] = key;
    }
}

static gboolean
symbol_set_has (const SymbolSet *set,
                guint32          symbol)
{
  guint32 key = symbol + 1u, at;

  if (key == 0)
    return set->has_max;
  for (at = symbol_slot (key, set->mask); set->slots[at] != 0; at = (at + 1) & set->mask)
    if (set->slots[at] == key)
      return TRUE;
  return FALSE;
}

gboolean
_jx_align_have_common_symbol (const guint32 *a,
                              gsize          n,
                              const guint32 *b,
                              gsize          m)
{
  const guint32 *small = n <= m ? a : b;
  const guint32 *large = n <= m ? b : a;
  gsize large_len = MAX (n, m), q;
  SymbolSet set;
  gboolean found = FALSE;

  symbol_set_init (&set, small, MIN (n, m));
  for (q = 0; q < large_len && !found; q++)
    found = symbol_set_has (&set, large[q]);
  g_free (set.slots);
  return found;
}

guint32 *
_jx_align_foreign_counts (const guint32 *s,
                          gsize          n,
                          const guint32 *other,
                          gsize          m)
{
  guint32 *counts = g_new (guint32, n + 1);
  SymbolSet set;
  gsize q;

  symbol_set_init (&set, other, m);
  counts[0] = 0;
  for (q = 0; q < n; q++)
    counts[q + 1] = counts[q] + !symbol_set_has (&set, s[q]);
  g_free (set.slots);
  return counts;
}

void
_jx_prune_side_init (JxPruneSide   *c,
                     const guint32 *fa,
                     const guint32 *fb,
                     gint64         pa,
                     gint64         pb,
                     gint64         n,
                     gint64         m,
                     gboolean       reverse,
                     gint64         pen_m1,
                     gint64         pen_o)
{
  c->fa = fa;
  c->fb = fb;
  c->n_minus_m = n - m;
  c->pen_m1 = pen_m1;
  c->pen_o = pen_o;
  if (!reverse)
    {
      /* FA(i) = fa[pa + n] - fa[pa + i] */
      c->ia = pa;
      c->ib = pb;
      c->dir = 1;
      c->ca = fa[pa + n];
      c->cb = fb[pb + m];
      c->sign = -1;
    }
  else
    {
      /* FA(i) = fa[pa + n - i] - fa[pa] */
      c->ia = pa + n;
      c->ib = pb + m;
      c->dir = -1;
      c->ca = fa[pa];
      c->cb = fb[pb];
      c->sign = 1;
    }
}
