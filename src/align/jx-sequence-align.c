/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-sequence-align.c — entry point of flat alignment: options, the special
 * cases of dissertation §3.2.3, the fast anchor heuristic of §3.2.4 and the
 * per sub-alignment choice of algorithm (§3.3.2). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-align-algorithms-private.h"
#include "jx-align-prune-private.h"
#include "jx-scoring.h"

/* AUTO: below this many cells the full matrix is cheapest. */
#define AUTO_NW_CELLS            (128 * 128)
/* AUTO gives the wavefront at most cells / this many wavefront cells before it
 * falls back to Hirschberg, which visits about 2 n m cells.  bench-hier's leaf
 * loops (1k-10k symbols, ~13 % edits) measured ~0.13 ns per Hirschberg cell
 * and ~2.6 ns per wavefront cell: break-even near n m / 10, and 16 leaves a
 * margin for the extrapolated give-up (with 64 every one of them fell back
 * and the run took twice as long). */
#define AUTO_FAST_BUDGET_DIVISOR 16
/* Explicit JX_ALGORITHM_ANCHOR without anchor_min_length. */
#define ANCHOR_DEFAULT_MIN       4096
/* Each anchor level removes one symbol from the segments below it; past this
 * depth (huge alphabets) the segments are aligned exactly, bounding the stack. */
#define ANCHOR_MAX_DEPTH         64

static const char *algorithm_names[JX_N_ALGORITHMS] = {
  "auto", "nw", "hirschberg", "fast", "anchor",
};

const char *
jx_algorithm_to_string (JxAlgorithm algorithm)
{
  g_return_val_if_fail (algorithm < JX_N_ALGORITHMS, NULL);

  return algorithm_names[algorithm];
}

gboolean
jx_algorithm_from_string (const char  *name,
                          JxAlgorithm *out)
{
  static const struct { const char *alias; JxAlgorithm algorithm; } aliases[] = {
    { "needleman-wunsch", JX_ALGORITHM_NEEDLEMAN_WUNSCH },
    { "wavefront", JX_ALGORITHM_FAST },
    { "wfa", JX_ALGORITHM_FAST },
    { "heuristic", JX_ALGORITHM_ANCHOR },
  };
  guint k;

  g_return_val_if_fail (name != NULL, FALSE);

  for (k = 0; k < JX_N_ALGORITHMS; k++)
    if (g_ascii_strcasecmp (name, algorithm_names[k]) == 0)
      {
        if (out != NULL)
          *out = (JxAlgorithm) k;
        return TRUE;
      }
  for (k = 0; k < G_N_ELEMENTS (aliases); k++)
    if (g_ascii_strcasecmp (name, aliases[k].alias) == 0)
      {
        if (out != NULL)
          *out = aliases[k].algorithm;
        return TRUE;
      }
  return FALSE;
}

void
jx_align_options_init (JxAlignOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  jx_scoring_init_default (&options->scoring);
  options->algorithm = JX_ALGORITHM_AUTO;
  options->special_cases = TRUE;
  options->anchor_min_length = 0;
  options->n_threads = 1;
}

gint64
jx_align_score (const JxAlignPair *pairs,
                gsize              n_pairs,
                const JxScoring   *scoring)
{
  gint64 score = 0;
  gsize k;

  g_return_val_if_fail (pairs != NULL || n_pairs == 0, 0);
  g_return_val_if_fail (scoring != NULL, 0);

  for (k = 0; k < n_pairs; k++)
    {
      switch ((JxPairState) pairs[k].state)
        {
        case JX_PAIR_EQUAL:
          score += scoring->match;
          break;
        case JX_PAIR_DIFFERENT:
          score += scoring->mismatch;
          break;
        case JX_PAIR_ONLY_A:
        case JX_PAIR_ONLY_B:
          score += scoring->gap;
          break;
        default:
          break;
        }
    }
  return score;
}

gboolean
jx_align_penalty_from_scoring (const JxScoring *scoring,
                               gint32          *mismatch_penalty,
                               gint32          *gap_penalty)
{
  gint64 x, o, a, b;

  g_return_val_if_fail (scoring != NULL, FALSE);

  x = 2 * ((gint64) scoring->match - scoring->mismatch);
  o = (gint64) scoring->match - 2 * (gint64) scoring->gap;
  if (x < 0 || o < 0)
    return FALSE;

  /* Divide by the gcd: fewer, denser wavefronts. */
  a = x;
  b = o;
  while (b != 0)
    {
      gint64 t = a % b;

      a = b;
      b = t;
    }
  if (a > 1)
    {
      x /= a;
      o /= a;
    }
  if (x > G_MAXINT32 / 4 || o > G_MAXINT32 / 4)
    return FALSE;
  if (mismatch_penalty != NULL)
    *mismatch_penalty = (gint32) x;
  if (gap_penalty != NULL)
    *gap_penalty = (gint32) o;
  return TRUE;
}

/* Leftmost occurrence of needle in hay (Knuth–Morris–Pratt), or -1. */
static gssize
find_contained (const guint32 *hay,
                gsize          hay_len,
                const guint32 *needle,
                gsize          needle_len)
{
  g_autofree gsize *fail_heap = NULL;
  gsize fail_stack[64];
  gsize *fail;
  gsize k = 0, q;

  if (needle_len == 0)
    return 0;
  if (needle_len > hay_len)
    return -1;
  fail = needle_len <= G_N_ELEMENTS (fail_stack) ? fail_stack
                                                  : (fail_heap = g_new (gsize, needle_len));
  fail[0] = 0;
  for (q = 1; q < needle_len; q++)
    {
      while (k > 0 && needle[q] != needle[k])
        k = fail[k - 1];
      if (needle[q] == needle[k])
        k++;
      fail[q] = k;
    }
  k = 0;
  for (q = 0; q < hay_len; q++)
    {
      while (k > 0 && hay[q] != needle[k])
        k = fail[k - 1];
      if (hay[q] == needle[k])
        k++;
      if (k == needle_len)
        return (gssize) (q + 1 - needle_len);
    }
  return -1;
}

static gboolean
have_common_symbol (const guint32 *a,
                    gsize          n,
                    const guint32 *b,
                    gsize          m)
{
  const guint32 *small = n <= m ? a : b;
  const guint32 *large = n <= m ? b : a;
  gsize small_len = MIN (n, m), large_len = MAX (n, m);
  gsize k;

  /* Short sequences, the usual case: comparing all pairs beats a set. */
  if ((guint64) small_len * large_len <= 4096)
    {
      gsize t;

      for (k = 0; k < large_len; k++)
        for (t = 0; t < small_len; t++)
          if (large[k] == small[t])
            return TRUE;
      return FALSE;
    }

  /* Long children sequences are mostly loops of a few calls on both sides:
   * their first symbols usually meet early, before any set is built. */
  for (k = 0; k < MIN (small_len, 8); k++)
    {
      gsize t;

      for (t = 0; t < MIN (large_len, 64); t++)
        if (large[t] == small[k])
          return TRUE;
    }
  return _jx_align_have_common_symbol (a, n, b, m);
}

static gboolean align_block (JxAlignCtx  *ctx,
                             gsize        a0,
                             gsize        n,
                             gsize        b0,
                             gsize        m,
                             GError     **error);

/* §3.2.4: the most frequent symbol present in both sequences anchors the
 * alignment; its k-th occurrence in A is paired with its k-th occurrence in B,
 * surplus occurrences stay in the last segment, and the segments between the
 * anchors are aligned recursively.  Fast, but not always optimal. */
static gboolean
align_anchor (JxAlignCtx  *ctx,
              gsize        a0,
              gsize        n,
              gsize        b0,
              gsize        m,
              GError     **error)
{
  g_autoptr(GHashTable) counts = NULL;
  g_autofree guint32 *count_a = NULL;
  g_autofree guint32 *count_b = NULL;
  g_autoptr(GArray) sym_of = NULL;
  const guint32 *a = ctx->a + a0;
  const guint32 *b = ctx->b + b0;
  guint32 anchor = 0;
  guint64 best = 0;
  gboolean found = FALSE;
  gsize pa, pb, ia, ib;
  guint k, n_sym;
  gboolean ok;

  /* Dense counts per distinct symbol. */
  counts = g_hash_table_new (g_direct_hash, g_direct_equal);
  sym_of = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (pa = 0; pa < n + m; pa++)
    {
      guint32 sym = pa < n ? a[pa] : b[pa - n];
      gpointer v;

      if (!g_hash_table_lookup_extended (counts, GUINT_TO_POINTER (sym), NULL, &v))
        {
          g_hash_table_insert (counts, GUINT_TO_POINTER (sym), GUINT_TO_POINTER (sym_of->len));
          g_array_append_val (sym_of, sym);
        }
    }
  n_sym = sym_of->len;
  count_a = g_new0 (guint32, n_sym);
  count_b = g_new0 (guint32, n_sym);
  for (pa = 0; pa < n; pa++)
    count_a[GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (a[pa])))]++;
  for (pb = 0; pb < m; pb++)
    count_b[GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (b[pb])))]++;

  for (k = 0; k < n_sym; k++)
    {
      guint32 sym = g_array_index (sym_of, guint32, k);
      guint64 total = (guint64) count_a[k] + count_b[k];

      if (count_a[k] == 0 || count_b[k] == 0)
        continue;
      if (!found || total > best || (total == best && sym < anchor))
        {
          found = TRUE;
          best = total;
          anchor = sym;
        }
    }

  ctx->stats->by_algorithm[JX_ALGORITHM_ANCHOR]++;
  if (!found)
    {
      /* Nothing in common: every pairing scores alike, align exactly. */
      JxAlgorithm saved = ctx->options.algorithm;
      guint32 saved_min = ctx->options.anchor_min_length;

      ctx->options.algorithm = JX_ALGORITHM_AUTO;
      ctx->options.anchor_min_length = 0;
      ok = align_block (ctx, a0, n, b0, m, error);
      ctx->options.algorithm = saved;
      ctx->options.anchor_min_length = saved_min;
      return ok;
    }

  ia = 0;
  ib = 0;
  pa = 0;
  pb = 0;
  ctx->anchor_depth++;
  for (;;)
    {
      while (pa < n && a[pa] != anchor)
        pa++;
      while (pb < m && b[pb] != anchor)
        pb++;
      if (pa == n || pb == m)
        break;
      if (!align_block (ctx, a0 + ia, pa - ia, b0 + ib, pb - ib, error))
        {
          ctx->anchor_depth--;
          return FALSE;
        }
      _jx_align_emit_pair (ctx, a0 + pa, b0 + pb);
      ia = ++pa;
      ib = ++pb;
    }
  ok = align_block (ctx, a0 + ia, n - ia, b0 + ib, m - ib, error);
  ctx->anchor_depth--;
  return ok;
}

static gboolean
fast_usable (JxAlignCtx *ctx)
{
  return ctx->has_penalty && ctx->pen_x > 0 && ctx->pen_o > 0 &&
         MAX (ctx->pen_x, ctx->pen_o) <= 64;
}

/* A block without common prefix or suffix: pick and run an algorithm. */
static gboolean
align_middle (JxAlignCtx  *ctx,
              gsize        a0,
              gsize        n,
              gsize        b0,
              gsize        m,
              GError     **error)
{
  JxAlgorithm algorithm = ctx->options.algorithm;
  guint64 cells = (guint64) n * m;
  gboolean gave_up = FALSE;

  if (n == 0 || m == 0)
    {
      _jx_align_emit_gaps (ctx, a0, n, b0, m);
      return TRUE;
    }

  if (ctx->options.special_cases && ctx->has_penalty)
    {
      /* The shorter inside the longer: no mismatch and the fewest possible
       * gaps, so optimal for every convertible scoring. */
      gssize at = n <= m ? find_contained (ctx->b + b0, m, ctx->a + a0, n)
                         : find_contained (ctx->a + a0, n, ctx->b + b0, m);

      if (at >= 0)
        {
          ctx->stats->special_contained++;
          if (n <= m)
            {
              _jx_align_emit_gaps (ctx, 0, 0, b0, (gsize) at);
              _jx_align_emit_run (ctx, a0, b0 + (gsize) at, n);
              _jx_align_emit_gaps (ctx, 0, 0, b0 + (gsize) at + n, m - (gsize) at - n);
            }
          else
            {
              _jx_align_emit_gaps (ctx, a0, (gsize) at, 0, 0);
              _jx_align_emit_run (ctx, a0 + (gsize) at, b0, m);
              _jx_align_emit_gaps (ctx, a0 + (gsize) at + m, n - (gsize) at - m, 0, 0);
            }
          return TRUE;
        }

      /* No symbol in common: mismatches if one is cheaper than two gaps. */
      if (!have_common_symbol (ctx->a + a0, n, ctx->b + b0, m))
        {
          ctx->stats->special_disjoint++;
          if (ctx->pen_x <= 2 * ctx->pen_o)
            {
              gsize k = MIN (n, m);

              _jx_align_emit_run (ctx, a0, b0, k);
              _jx_align_emit_gaps (ctx, a0 + k, n - k, b0 + k, m - k);
            }
          else
            _jx_align_emit_gaps (ctx, a0, n, b0, m);
          return TRUE;
        }
    }

  if (algorithm == JX_ALGORITHM_ANCHOR)
    {
      guint32 min = ctx->options.anchor_min_length ? ctx->options.anchor_min_length
                                                   : ANCHOR_DEFAULT_MIN;

      if (MAX (n, m) >= min && ctx->anchor_depth < ANCHOR_MAX_DEPTH)
        return align_anchor (ctx, a0, n, b0, m, error);
      algorithm = JX_ALGORITHM_AUTO;
    }

  if (algorithm == JX_ALGORITHM_AUTO)
    {
      guint64 diff = n > m ? n - m : m - n;

      if (ctx->options.anchor_min_length > 0 && MAX (n, m) >= ctx->options.anchor_min_length &&
          ctx->anchor_depth < ANCHOR_MAX_DEPTH)
        return align_anchor (ctx, a0, n, b0, m, error);

      if (cells <= AUTO_NW_CELLS)
        algorithm = JX_ALGORITHM_NEEDLEMAN_WUNSCH;
      else if (fast_usable (ctx))
        {
          guint64 budget = MAX (cells / AUTO_FAST_BUDGET_DIVISOR, 1);

          /* The length difference alone forces |n - m| gaps, and the
           * wavefront then spans at least that many diagonals for that many
           * penalty steps: skip it when that lower bound is over budget. */
          if (diff > 0 && diff * diff / 2 > budget)
            algorithm = JX_ALGORITHM_HIRSCHBERG;
          else
            {
              if (!_jx_align_wavefront (ctx, a0, n, b0, m, budget, &gave_up, error))
                return FALSE;
              if (!gave_up)
                {
                  ctx->stats->by_algorithm[JX_ALGORITHM_FAST]++;
                  return TRUE;
                }
              ctx->stats->fast_gave_up++;
              algorithm = JX_ALGORITHM_HIRSCHBERG;
            }
        }
      else
        algorithm = JX_ALGORITHM_HIRSCHBERG;
    }

  if (algorithm == JX_ALGORITHM_FAST && !fast_usable (ctx))
    algorithm = JX_ALGORITHM_HIRSCHBERG;

  ctx->stats->by_algorithm[algorithm]++;
  switch (algorithm)
    {
    case JX_ALGORITHM_NEEDLEMAN_WUNSCH:
      return _jx_align_nw (ctx, a0, n, b0, m, error);
    case JX_ALGORITHM_FAST:
      return _jx_align_wavefront (ctx, a0, n, b0, m, 0, &gave_up, error);
    case JX_ALGORITHM_HIRSCHBERG:
    case JX_ALGORITHM_AUTO:
    case JX_ALGORITHM_ANCHOR:
    case JX_N_ALGORITHMS:
    default:
      return _jx_align_hirschberg (ctx, a0, n, b0, m, error);
    }
}

/* §3.2.3 first: identical sequences and the common prefix and suffix cost
 * only a scan (pairing them is optimal for every convertible scoring). */
static gboolean
align_block (JxAlignCtx  *ctx,
             gsize        a0,
             gsize        n,
             gsize        b0,
             gsize        m,
             GError     **error)
{
  const guint32 *a = ctx->a + a0;
  const guint32 *b = ctx->b + b0;
  gsize pre = 0, suf = 0, lim;

  if (_jx_align_ctx_cancelled (ctx))
    return FALSE;

  if (!ctx->options.special_cases || !ctx->has_penalty)
    return align_middle (ctx, a0, n, b0, m, error);

  lim = MIN (n, m);
  while (pre < lim && a[pre] == b[pre])
    pre++;
  if (pre == n && n == m)
    {
      ctx->stats->special_identical++;
      _jx_align_emit_run (ctx, a0, b0, n);
      return TRUE;
    }
  while (suf < lim - pre && a[n - 1 - suf] == b[m - 1 - suf])
    suf++;
  ctx->stats->special_trimmed += pre + suf;

  _jx_align_emit_run (ctx, a0, b0, pre);
  if (!align_middle (ctx, a0 + pre, n - pre - suf, b0 + pre, m - pre - suf, error))
    return FALSE;
  _jx_align_emit_run (ctx, a0 + n - suf, b0 + m - suf, suf);
  return TRUE;
}

/* Pair indices are 32-bit. */
static gboolean
lengths_fit (gsize    n,
             gsize    m,
             GError **error)
{
  if (n < G_MAXUINT32 && m < G_MAXUINT32)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("Sequences of %zu and %zu symbols are too long to align"), n, m);
  return FALSE;
}

static gboolean
align_append (const guint32         *a,
              gsize                  n,
              const guint32         *b,
              gsize                  m,
              const JxAlignOptions  *options,
              guint64                base_cells,
              JxAlignStats          *stats,
              GArray                *pairs,
              GCancellable          *cancellable,
              GError               **error)
{
  JxAlignCtx ctx;
  JxAlignStats local_stats;
  GError *local_error = NULL;
  guint start = pairs->len;
  gboolean ok;

  if (!lengths_fit (n, m, error))
    return FALSE;

  if (stats == NULL)
    {
      memset (&local_stats, 0, sizeof local_stats);
      stats = &local_stats;
    }
  _jx_align_ctx_init (&ctx, a, n, b, m, options, base_cells, stats, pairs, cancellable);
  stats->calls++;

  ok = align_block (&ctx, 0, n, 0, m, &local_error);
  _jx_align_ctx_clear (&ctx);

  if (!ok)
    {
      g_array_set_size (pairs, start);
      if (local_error != NULL)
        g_propagate_error (error, local_error);
      else if (!g_cancellable_set_error_if_cancelled (cancellable, error))
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Alignment failed"));
      return FALSE;
    }
  return TRUE;
}

gboolean
_jx_align_append (const guint32         *a,
                  gsize                  n,
                  const guint32         *b,
                  gsize                  m,
                  const JxAlignOptions  *options,
                  JxAlignStats          *stats,
                  GArray                *pairs,
                  GCancellable          *cancellable,
                  GError               **error)
{
  return align_append (a, n, b, m, options, JX_ALIGN_DEFAULT_BASE_CELLS, stats, pairs,
                       cancellable, error);
}

GArray *
_jx_align_sequences_full (const guint32         *a,
                          gsize                  n,
                          const guint32         *b,
                          gsize                  m,
                          const JxAlignOptions  *options,
                          guint64                base_cells,
                          JxAlignStats          *stats,
                          gint64                *score,
                          GCancellable          *cancellable,
                          GError               **error)
{
  JxScoring scoring;
  GArray *pairs;

  g_return_val_if_fail (a != NULL || n == 0, NULL);
  g_return_val_if_fail (b != NULL || m == 0, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lengths_fit (n, m, error))
    return NULL;

  pairs = g_array_sized_new (FALSE, FALSE, sizeof (JxAlignPair), MAX (n, m));
  if (!align_append (a, n, b, m, options, base_cells, stats, pairs, cancellable, error))
    {
      g_array_unref (pairs);
      return NULL;
    }

  if (score != NULL)
    {
      if (options != NULL)
        scoring = options->scoring;
      else
        {
          JxAlignOptions defaults;

          jx_align_options_init (&defaults);
          scoring = defaults.scoring;
        }
      *score = jx_align_score ((const JxAlignPair *) pairs->data, pairs->len, &scoring);
    }
  return pairs;
}

GArray *
jx_align_sequences (const guint32         *a,
                    gsize                  n,
                    const guint32         *b,
                    gsize                  m,
                    const JxAlignOptions  *options,
                    JxAlignStats          *stats,
                    gint64                *score,
                    GCancellable          *cancellable,
                    GError               **error)
{
  return _jx_align_sequences_full (a, n, b, m, options, JX_ALIGN_DEFAULT_BASE_CELLS, stats, score,
                                   cancellable, error);
}
