/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>

#include "jx-maxk-freq.h"

static int
compare_key (const void *pa,
             const void *pb)
{
  const JxFreqEntry *a = pa;
  const JxFreqEntry *b = pb;

  return a->key < b->key ? -1 : (a->key > b->key ? 1 : 0);
}

void
jx_freq_entries_sort (JxFreqEntry *entries,
                      guint        n)
{
  g_return_if_fail (entries != NULL || n == 0);

  if (n > 48)
    {
      qsort (entries, n, sizeof *entries, compare_key);
      return;
    }
  for (guint i = 1; i < n; i++)
    {
      JxFreqEntry e = entries[i];
      guint j = i;

      while (j > 0 && entries[j - 1].key > e.key)
        {
          entries[j] = entries[j - 1];
          j--;
        }
      entries[j] = e;
    }
}

/* TRUE when x ranks before y (more frequent, or as frequent and smaller). */
static inline gboolean
ranks_before (const JxFreqEntry *x,
              const JxFreqEntry *y)
{
  return x->count > y->count || (x->count == y->count && x->key < y->key);
}

guint
jx_maxk_freq_top (const JxFreqEntry *entries,
                  guint              n,
                  guint              k,
                  JxFreqEntry       *out)
{
  guint used = 0;

  g_return_val_if_fail (entries != NULL || n == 0, 0);
  g_return_val_if_fail (out != NULL || k == 0, 0);

  /* Insertion into a sorted window of k: K is small (a handful to a few
   * dozen), the entries are often fewer than a hundred. */
  for (guint i = 0; i < n; i++)
    {
      guint j;

      if (entries[i].count == 0)
        continue;
      if (used == k && (k == 0 || !ranks_before (&entries[i], &out[k - 1])))
        continue;
      j = used < k ? used++ : k - 1;
      while (j > 0 && ranks_before (&entries[i], &out[j - 1]))
        {
          out[j] = out[j - 1];
          j--;
        }
      out[j] = entries[i];
    }
  jx_freq_entries_sort (out, used);
  return used;
}

guint64
jx_maxk_freq_score (const JxFreqEntry *a,
                    guint              n_a,
                    const JxFreqEntry *b,
                    guint              n_b)
{
  guint64 score = 0;
  guint i = 0, j = 0;

  g_return_val_if_fail (a != NULL || n_a == 0, 0);
  g_return_val_if_fail (b != NULL || n_b == 0, 0);

  while (i < n_a && j < n_b)
    {
      if (a[i].key < b[j].key)
        i++;
      else if (a[i].key > b[j].key)
        j++;
      else
        score += a[i++].count + b[j++].count;
    }
  return score;
}

double
jx_maxk_freq_similarity (const JxFreqEntry *a,
                         guint              n_a,
                         const JxFreqEntry *b,
                         guint              n_b)
{
  guint64 total = 0;

  g_return_val_if_fail (a != NULL || n_a == 0, 0.0);
  g_return_val_if_fail (b != NULL || n_b == 0, 0.0);

  for (guint i = 0; i < n_a; i++)
    total += a[i].count;
  for (guint j = 0; j < n_b; j++)
    total += b[j].count;
  if (total == 0)
    return 1.0;
  return (double) jx_maxk_freq_score (a, n_a, b, n_b) / (double) total;
}

guint
jx_maxk_freq_string_top (const char  *s,
                         guint        k,
                         JxFreqEntry *out)
{
  JxFreqEntry counts[256];

  g_return_val_if_fail (s != NULL, 0);

  for (guint c = 0; c < 256; c++)
    counts[c] = (JxFreqEntry) { c, 0 };
  for (const guchar *p = (const guchar *) s; *p != '\0'; p++)
    counts[*p].count++;
  return jx_maxk_freq_top (counts, 256, k, out);
}

guint64
jx_maxk_freq_string_score (const char *a,
                           const char *b,
                           guint       k)
{
  g_autofree JxFreqEntry *ta = NULL;
  g_autofree JxFreqEntry *tb = NULL;
  guint na, nb;

  g_return_val_if_fail (a != NULL && b != NULL, 0);

  ta = g_new (JxFreqEntry, MAX (k, 1));
  tb = g_new (JxFreqEntry, MAX (k, 1));
  na = jx_maxk_freq_string_top (a, k, ta);
  nb = jx_maxk_freq_string_top (b, k, tb);
  return jx_maxk_freq_score (ta, na, tb, nb);
}
