/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-msa.c — see jx-msa.h. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-maxk-freq.h"
#include "jx-msa.h"
#include "jx-trace.h"

/* The column list's sentinels; real columns are numbered from 2. */
#define HEAD 0
#define TAIL 1

struct _JxMsa
{
  JxMsaOptions options;
  JxMsaGuide   guide;
  GArray      *steps;        /* JxMsaStep */

  /* Columns: a doubly linked list in order, by creation id. */
  guint32     *next;
  guint32     *prev;
  guint32     *symbol;       /* of the element that opened it */
  guint32     *last_row;     /* the last sequence that put an element in it */
  guint32      n_cols;
  guint32      cap_cols;

  /* Scratch, grown as needed. */
  guint32     *offset;       /* per sequence: its first element in column_of */
  guint8      *in_block;
  guint64     *best;
  guint32     *best_from;
  JxFreqEntry *tops;         /* per sequence, up to 3 */
  guint       *n_tops;
  guint        cap_seqs;
  guint32     *sorted;       /* symbols of one sequence (or all), sorted */
  JxFreqEntry *runs;
  gsize        cap_sorted;
  guint32     *rev_a;
  guint32     *rev_b;
  gsize        cap_rev;
};

void
jx_msa_options_init (JxMsaOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  jx_align_options_init (&options->align);
  options->matrix_max = JX_MSA_MATRIX_MAX;
  options->late_ties = FALSE;
}

const char *
jx_msa_guide_to_string (JxMsaGuide guide)
{
  switch (guide)
    {
    case JX_MSA_GUIDE_MATRIX:
      return "matrix";
    case JX_MSA_GUIDE_RANKING:
      return "ranking";
    case JX_MSA_GUIDE_NONE:
    default:
      return "none";
    }
}

JxMsa *
jx_msa_new (const JxMsaOptions *options)
{
  JxMsa *self = g_new0 (JxMsa, 1);

  if (options != NULL)
    self->options = *options;
  else
    jx_msa_options_init (&self->options);
  self->steps = g_array_new (FALSE, FALSE, sizeof (JxMsaStep));
  return self;
}

void
jx_msa_free (JxMsa *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->steps);
  g_free (self->next);
  g_free (self->prev);
  g_free (self->symbol);
  g_free (self->last_row);
  g_free (self->offset);
  g_free (self->in_block);
  g_free (self->best);
  g_free (self->best_from);
  g_free (self->tops);
  g_free (self->n_tops);
  g_free (self->sorted);
  g_free (self->runs);
  g_free (self->rev_a);
  g_free (self->rev_b);
  g_free (self);
}

const JxMsaOptions *
jx_msa_get_options (JxMsa *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->options;
}

JxMsaGuide
jx_msa_get_guide (JxMsa *self)
{
  g_return_val_if_fail (self != NULL, JX_MSA_GUIDE_NONE);
  return self->guide;
}

const JxMsaStep *
jx_msa_get_steps (JxMsa *self,
                  guint *n_steps)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (n_steps != NULL)
    *n_steps = self->steps->len;
  return (const JxMsaStep *) self->steps->data;
}

/* --- Guide ------------------------------------------------------------------- */

typedef guint64 (*ScoreFunc) (gpointer data, guint32 x, guint32 y);

/* TRUE when the pair (u1, v1) comes before (u2, v2) in Table 5.2's order
 * among equal scores: by the smaller index, then the larger. */
static inline gboolean
pair_before (guint32 u1, guint32 v1, guint32 u2, guint32 v2)
{
  guint32 a1 = MIN (u1, v1), b1 = MAX (u1, v1), a2 = MIN (u2, v2), b2 = MAX (u2, v2);

  return a1 < a2 || (a1 == a2 && b1 < b2);
}

static void
ensure_seqs (JxMsa *self,
             guint  n)
{
  if (n <= self->cap_seqs)
    return;
  self->cap_seqs = MAX (n, self->cap_seqs * 2);
  self->offset = g_renew (guint32, self->offset, self->cap_seqs + 1);
  self->in_block = g_renew (guint8, self->in_block, self->cap_seqs);
  self->best = g_renew (guint64, self->best, self->cap_seqs);
  self->best_from = g_renew (guint32, self->best_from, self->cap_seqs);
  self->tops = g_renew (JxFreqEntry, self->tops, (gsize) self->cap_seqs * 3);
  self->n_tops = g_renew (guint, self->n_tops, self->cap_seqs);
}

/* Prim's maximum spanning tree from the best pair, as the steps of
 * Table 5.2 (see the header). */
static void
guide_prim (JxMsa     *self,
            guint      n,
            ScoreFunc  score,
            gpointer   data,
            JxMsaStep *steps)
{
  guint32 bu = 0, bv = 1;
  guint64 bs = score (data, 0, 1);

  g_assert (n >= 2);
  for (guint32 u = 0; u < n; u++)
    for (guint32 v = u + 1; v < n; v++)
      {
        guint64 s = score (data, u, v);

        if (s > bs)
          {
            bs = s;
            bu = u;
            bv = v;
          }
      }

  memset (self->in_block, 0, n);
  self->in_block[bu] = self->in_block[bv] = 1;
  steps[0] = (JxMsaStep) { bu, bv };
  for (guint32 w = 0; w < n; w++)
    {
      guint64 su, sv;

      if (self->in_block[w])
        continue;
      su = score (data, bu, w);
      sv = score (data, bv, w);
      if (sv > su || (sv == su && pair_before (bv, w, bu, w)))
        {
          self->best[w] = sv;
          self->best_from[w] = bv;
        }
      else
        {
          self->best[w] = su;
          self->best_from[w] = bu;
        }
    }

  for (guint k = 1; k + 1 < n; k++)
    {
      guint32 v = JX_NONE;

      for (guint32 w = 0; w < n; w++)
        if (!self->in_block[w] &&
            (v == JX_NONE || self->best[w] > self->best[v] ||
             (self->best[w] == self->best[v] && pair_before (self->best_from[w], w, self->best_from[v], v))))
          v = w;
      g_assert (v != JX_NONE);
      steps[k] = (JxMsaStep) { self->best_from[v], v };
      self->in_block[v] = 1;
      for (guint32 w = 0; w < n; w++)
        {
          guint64 s;

          if (self->in_block[w])
            continue;
          s = score (data, v, w);
          if (s > self->best[w] || (s == self->best[w] && pair_before (v, w, self->best_from[w], w)))
            {
              self->best[w] = s;
              self->best_from[w] = v;
            }
        }
    }
}

typedef struct
{
  const guint64 *matrix;
  guint          n;
} MatrixData;

static guint64
matrix_score (gpointer data,
              guint32  x,
              guint32  y)
{
  const MatrixData *m = data;

  return m->matrix[(gsize) x * m->n + y];
}

void
jx_msa_guide_from_similarity (const guint64 *similarity,
                              guint          n,
                              JxMsaStep     *steps)
{
  g_autoptr(JxMsa) msa = NULL;
  MatrixData data = { similarity, n };

  g_return_if_fail (similarity != NULL || n < 2);
  g_return_if_fail (steps != NULL || n < 2);

  if (n < 2)
    return;
  msa = jx_msa_new (NULL);
  ensure_seqs (msa, n);
  guide_prim (msa, n, matrix_score, &data, steps);
}

static int
compare_u32 (const void *pa,
             const void *pb)
{
  guint32 a = *(const guint32 *) pa, b = *(const guint32 *) pb;

  return a < b ? -1 : (a > b ? 1 : 0);
}

static void
ensure_sorted (JxMsa *self,
               gsize  n)
{
  if (n <= self->cap_sorted)
    return;
  self->cap_sorted = MAX (n, self->cap_sorted * 2);
  self->sorted = g_renew (guint32, self->sorted, self->cap_sorted);
  self->runs = g_renew (JxFreqEntry, self->runs, self->cap_sorted);
}

/* The symbols' counts of sorted[0 .. n) as (key, count) runs; returns how
 * many. */
static guint
count_runs (JxMsa *self,
            gsize  n)
{
  guint n_runs = 0;

  if (n > 32)
    qsort (self->sorted, n, sizeof (guint32), compare_u32);
  else
    for (gsize i = 1; i < n; i++)
      {
        guint32 x = self->sorted[i];
        gsize j = i;

        while (j > 0 && self->sorted[j - 1] > x)
          {
            self->sorted[j] = self->sorted[j - 1];
            j--;
          }
        self->sorted[j] = x;
      }
  for (gsize i = 0; i < n; i++)
    {
      if (n_runs > 0 && self->runs[n_runs - 1].key == self->sorted[i])
        self->runs[n_runs - 1].count++;
      else
        self->runs[n_runs++] = (JxFreqEntry) { self->sorted[i], 1 };
    }
  return n_runs;
}

static guint64
tops_score (gpointer data,
            guint32  x,
            guint32  y)
{
  JxMsa *self = data;

  return jx_maxk_freq_score (self->tops + 3 * (gsize) x, self->n_tops[x],
                             self->tops + 3 * (gsize) y, self->n_tops[y]);
}

/* Max2FreqHashing of every sequence, then Prim. */
static void
guide_matrix (JxMsa                *self,
              const guint32 *const *seqs,
              const guint32        *lens,
              guint                 n,
              JxMsaStep            *steps)
{
  for (guint i = 0; i < n; i++)
    {
      guint n_runs;

      ensure_sorted (self, MAX (lens[i], 1));
      if (lens[i] > 0)
        memcpy (self->sorted, seqs[i], lens[i] * sizeof (guint32));
      n_runs = count_runs (self, lens[i]);
      self->n_tops[i] = jx_maxk_freq_top (self->runs, n_runs, 2, self->tops + 3 * (gsize) i);
    }
  guide_prim (self, n, tops_score, self, steps);
}

typedef struct
{
  guint64 occurrences;
  guint32 index;
} Ranked;

static int
compare_ranked (const void *pa,
                const void *pb)
{
  const Ranked *a = pa, *b = pb;

  if (a->occurrences != b->occurrences)
    return a->occurrences > b->occurrences ? -1 : 1;
  return a->index < b->index ? -1 : (a->index > b->index ? 1 : 0);
}

/* Max3FreqHashing: the three most frequent symbols over all sequences; the
 * sequences ranked by their elements among them; all to the first. */
static void
guide_ranking (JxMsa                *self,
               const guint32 *const *seqs,
               const guint32        *lens,
               guint                 n,
               JxMsaStep            *steps)
{
  g_autofree Ranked *ranked = g_new (Ranked, n);
  JxFreqEntry top[3];
  gsize total = 0, at = 0;
  guint n_top, n_runs;

  for (guint i = 0; i < n; i++)
    total += lens[i];
  ensure_sorted (self, MAX (total, 1));
  for (guint i = 0; i < n; i++)
    {
      if (lens[i] > 0)
        memcpy (self->sorted + at, seqs[i], lens[i] * sizeof (guint32));
      at += lens[i];
    }
  n_runs = count_runs (self, total);
  n_top = jx_maxk_freq_top (self->runs, n_runs, 3, top);

  for (guint i = 0; i < n; i++)
    {
      ranked[i] = (Ranked) { 0, i };
      for (guint32 j = 0; j < lens[i]; j++)
        for (guint t = 0; t < n_top; t++)
          if (top[t].key == seqs[i][j])
            {
              ranked[i].occurrences++;
              break;
            }
    }
  qsort (ranked, n, sizeof *ranked, compare_ranked);
  for (guint k = 1; k < n; k++)
    steps[k - 1] = (JxMsaStep) { ranked[0].index, ranked[k].index };
}

/* --- Block ------------------------------------------------------------------- */

static guint32
new_column (JxMsa   *self,
            guint32  after,
            guint32  symbol,
            guint32  row)
{
  guint32 c, before;

  if (self->n_cols == self->cap_cols)
    {
      self->cap_cols = MAX (64, self->cap_cols * 2);
      self->next = g_renew (guint32, self->next, self->cap_cols);
      self->prev = g_renew (guint32, self->prev, self->cap_cols);
      self->symbol = g_renew (guint32, self->symbol, self->cap_cols);
      self->last_row = g_renew (guint32, self->last_row, self->cap_cols);
    }
  c = self->n_cols++;
  before = self->next[after];
  self->next[c] = before;
  self->prev[c] = after;
  self->next[after] = c;
  self->prev[before] = c;
  self->symbol[c] = symbol;
  self->last_row[c] = row;
  return c;
}

static void
reset_columns (JxMsa *self)
{
  if (self->cap_cols < 64)
    {
      self->cap_cols = 64;
      self->next = g_renew (guint32, self->next, self->cap_cols);
      self->prev = g_renew (guint32, self->prev, self->cap_cols);
      self->symbol = g_renew (guint32, self->symbol, self->cap_cols);
      self->last_row = g_renew (guint32, self->last_row, self->cap_cols);
    }
  self->n_cols = 2;
  self->next[HEAD] = TAIL;
  self->prev[HEAD] = HEAD;
  self->next[TAIL] = TAIL;
  self->prev[TAIL] = HEAD;
  self->symbol[HEAD] = self->symbol[TAIL] = JX_NONE;
  self->last_row[HEAD] = self->last_row[TAIL] = JX_NONE;
}

/* Pairwise step: pairs (a = the partner's element, b = the new one's). With
 * late ties both sequences are reversed and the result read backwards. */
static GArray *
align_pair (JxMsa          *self,
            const guint32  *p,
            guint32         np,
            const guint32  *x,
            guint32         nx,
            JxAlignStats   *stats,
            GCancellable   *cancellable,
            GError        **error)
{
  GArray *pairs;

  if (!self->options.late_ties)
    return jx_align_sequences (p, np, x, nx, &self->options.align, stats, NULL, cancellable, error);

  if (MAX (np, nx) > self->cap_rev)
    {
      self->cap_rev = MAX (MAX (np, nx), self->cap_rev * 2);
      self->rev_a = g_renew (guint32, self->rev_a, self->cap_rev);
      self->rev_b = g_renew (guint32, self->rev_b, self->cap_rev);
    }
  for (guint32 i = 0; i < np; i++)
    self->rev_a[i] = p[np - 1 - i];
  for (guint32 j = 0; j < nx; j++)
    self->rev_b[j] = x[nx - 1 - j];
  pairs = jx_align_sequences (self->rev_a, np, self->rev_b, nx, &self->options.align, stats, NULL, cancellable, error);
  if (pairs == NULL)
    return NULL;
  for (guint k = 0; k < pairs->len / 2; k++)
    {
      JxAlignPair t = g_array_index (pairs, JxAlignPair, k);

      g_array_index (pairs, JxAlignPair, k) = g_array_index (pairs, JxAlignPair, pairs->len - 1 - k);
      g_array_index (pairs, JxAlignPair, pairs->len - 1 - k) = t;
    }
  for (guint k = 0; k < pairs->len; k++)
    {
      JxAlignPair *pr = &g_array_index (pairs, JxAlignPair, k);

      if (pr->a != JX_ALIGN_NONE)
        pr->a = np - 1 - pr->a;
      if (pr->b != JX_ALIGN_NONE)
        pr->b = nx - 1 - pr->b;
    }
  return pairs;
}

/* Places the elements of sequence x (its columns into col_x) after aligning
 * it with sequence p of the block (columns col_p). */
static void
place (JxMsa         *self,
       const GArray  *pairs,
       const guint32 *col_p,
       guint32        np,
       const guint32 *x,
       guint32       *col_x,
       guint32        row)
{
  guint32 cursor = HEAD, passed = 0;

  for (guint k = 0; k < pairs->len; k++)
    {
      const JxAlignPair *pr = &g_array_index (pairs, JxAlignPair, k);
      guint32 limit, c, chosen = JX_NONE;
      guint look = 0;

      if (pr->a != JX_ALIGN_NONE)
        {
          c = col_p[pr->a];
          if (pr->b != JX_ALIGN_NONE)
            {
              col_x[pr->b] = c;
              self->last_row[c] = row;
            }
          cursor = c;
          passed = pr->a + 1;
          continue;
        }

      /* Only in x: a column between the partner's neighbours. */
      limit = passed < np ? col_p[passed] : TAIL;
      for (c = self->next[cursor]; c != limit && look < JX_MSA_SHARE_WINDOW; c = self->next[c], look++)
        if (self->symbol[c] == x[pr->b] && self->last_row[c] != row)
          {
            chosen = c;
            break;
          }
      if (chosen == JX_NONE)
        chosen = new_column (self, cursor, x[pr->b], row);
      else
        self->last_row[chosen] = row;
      col_x[pr->b] = chosen;
      cursor = chosen;
    }
}

gint64
jx_msa_align (JxMsa                *self,
              const guint32 *const *seqs,
              const guint32        *lens,
              guint                 n,
              guint32              *column_of,
              JxAlignStats         *stats,
              GCancellable         *cancellable,
              GError              **error)
{
  g_autofree guint32 *col_index = NULL;
  JxMsaStep *steps;
  guint32 n_out = 0;
  gsize total = 0;

  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (seqs != NULL || n == 0, -1);
  g_return_val_if_fail (lens != NULL || n == 0, -1);

  ensure_seqs (self, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      self->offset[i] = (guint32) total;
      total += lens[i];
    }
  self->offset[n] = (guint32) total;
  g_return_val_if_fail (column_of != NULL || total == 0, -1);

  g_array_set_size (self->steps, n >= 2 ? n - 1 : 0);
  steps = (JxMsaStep *) self->steps->data;
  if (n < 2)
    {
      self->guide = JX_MSA_GUIDE_NONE;
      for (guint32 j = 0; n == 1 && j < lens[0]; j++)
        column_of[j] = j;
      return n == 1 ? lens[0] : 0;
    }

  if (n <= self->options.matrix_max)
    {
      self->guide = JX_MSA_GUIDE_MATRIX;
      guide_matrix (self, seqs, lens, n, steps);
    }
  else
    {
      self->guide = JX_MSA_GUIDE_RANKING;
      guide_ranking (self, seqs, lens, n, steps);
    }

  reset_columns (self);
  {
    guint32 first = steps[0].partner;
    guint32 cursor = HEAD;

    for (guint32 j = 0; j < lens[first]; j++)
      cursor = column_of[self->offset[first] + j] = new_column (self, cursor, seqs[first][j], first);
  }

  for (guint k = 0; k + 1 < n; k++)
    {
      guint32 p = steps[k].partner, x = steps[k].added;
      g_autoptr(GArray) pairs = NULL;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return -1;
      pairs = align_pair (self, seqs[p], lens[p], seqs[x], lens[x], stats, cancellable, error);
      if (pairs == NULL)
        return -1;
      place (self, pairs, column_of + self->offset[p], lens[p], seqs[x], column_of + self->offset[x], x);
    }

  col_index = g_new (guint32, self->n_cols);
  for (guint32 c = self->next[HEAD]; c != TAIL; c = self->next[c])
    col_index[c] = n_out++;
  for (gsize e = 0; e < total; e++)
    column_of[e] = col_index[column_of[e]];
  return n_out;
}
