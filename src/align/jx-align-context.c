/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-align-context.c — the context of one flat alignment and the helpers
 * that append its pairs (see jx-align-context-private.h). */
#include "config.h"

#include <string.h>

#include "jx-align-context-private.h"

static gint force_scalar;

gboolean
_jx_align_use_avx2 (void)
{
  static gsize init;
  static gboolean have_avx2;

  if (g_once_init_enter (&init))
    {
#if defined(__GNUC__) && defined(__x86_64__)
      const char *scalar = g_getenv ("JX_ALIGN_SCALAR");

      have_avx2 = __builtin_cpu_supports ("avx2") &&
                  (scalar == NULL || scalar[0] == '\0' || g_str_equal (scalar, "0"));
#endif
      g_once_init_leave (&init, 1);
    }
  return have_avx2 && !g_atomic_int_get (&force_scalar);
}

void
_jx_align_force_scalar (gboolean force)
{
  g_atomic_int_set (&force_scalar, force ? 1 : 0);
}

static gint force_unpruned;

gboolean
_jx_align_use_pruning (void)
{
  static gsize init;
  static gboolean allowed;

  if (g_once_init_enter (&init))
    {
      const char *off = g_getenv ("JX_ALIGN_NO_PRUNING");

      allowed = off == NULL || off[0] == '\0' || g_str_equal (off, "0");
      g_once_init_leave (&init, 1);
    }
  return allowed && !g_atomic_int_get (&force_unpruned);
}

void
_jx_align_force_unpruned (gboolean force)
{
  g_atomic_int_set (&force_unpruned, force ? 1 : 0);
}

/* jx_align_penalty_from_scoring() for the scoring of the last call on this
 * thread: a hierarchical alignment starts a million small flat ones with
 * the same scoring, and the gcd's divisions showed in its profile. */
static gboolean
penalty_cached (const JxScoring *scoring,
                gint32          *pen_x,
                gint32          *pen_o)
{
  static __thread gboolean valid, has;
  static __thread JxScoring last;
  static __thread gint32 last_x, last_o;

  if (!valid || last.match != scoring->match || last.mismatch != scoring->mismatch || last.gap != scoring->gap)
    {
      last_x = last_o = 0;
      has = jx_align_penalty_from_scoring (scoring, &last_x, &last_o);
      last = *scoring;
      valid = TRUE;
    }
  *pen_x = last_x;
  *pen_o = last_o;
  return has;
}

void
_jx_align_ctx_init (JxAlignCtx            *ctx,
                    const guint32         *a,
                    gsize                  n,
                    const guint32         *b,
                    gsize                  m,
                    const JxAlignOptions  *options,
                    guint64                base_cells,
                    JxAlignStats          *stats,
                    GArray                *pairs,
                    GCancellable          *cancellable)
{
  g_assert (stats != NULL);
  g_assert (pairs != NULL);

  /* Field by field rather than memset(): the compiler's string store for
   * it was a visible share of the million small alignments of a
   * hierarchical one. */
  ctx->codes_built = FALSE;
  ctx->code_width = 0;
  ctx->codes_a = NULL;
  ctx->codes_b = NULL;
  ctx->anchor_depth = 0;
  if (options != NULL)
    ctx->options = *options;
  else
    jx_align_options_init (&ctx->options);
  if ((guint) ctx->options.algorithm >= JX_N_ALGORITHMS)
    ctx->options.algorithm = JX_ALGORITHM_AUTO;

  ctx->a = a;
  ctx->b = b;
  ctx->len_a = n;
  ctx->len_b = m;
  ctx->base_cells = base_cells;
  ctx->cancellable = cancellable;
  ctx->has_penalty = penalty_cached (&ctx->options.scoring, &ctx->pen_x, &ctx->pen_o);
  ctx->stats = stats;
  ctx->pairs = pairs;
}

void
_jx_align_ctx_clear (JxAlignCtx *ctx)
{
  g_clear_pointer (&ctx->codes_a, g_free);
  g_clear_pointer (&ctx->codes_b, g_free);
}

gboolean
_jx_align_ctx_cancelled (JxAlignCtx *ctx)
{
  return ctx->cancellable != NULL && g_cancellable_is_cancelled (ctx->cancellable);
}

void
_jx_align_emit_pair (JxAlignCtx *ctx,
                     gsize       i,
                     gsize       j)
{
  JxAlignPair p;

  p.a = (guint32) i;
  p.b = (guint32) j;
  p.state = ctx->a[i] == ctx->b[j] ? JX_PAIR_EQUAL : JX_PAIR_DIFFERENT;
  g_array_append_val (ctx->pairs, p);
}

void
_jx_align_emit_run (JxAlignCtx *ctx,
                    gsize       a0,
                    gsize       b0,
                    gsize       len)
{
  guint start = ctx->pairs->len;
  JxAlignPair *p;
  gsize t;

  if (len == 0)
    return;
  g_array_set_size (ctx->pairs, start + len);
  p = &g_array_index (ctx->pairs, JxAlignPair, start);
  for (t = 0; t < len; t++)
    {
      p[t].a = (guint32) (a0 + t);
      p[t].b = (guint32) (b0 + t);
      p[t].state = ctx->a[a0 + t] == ctx->b[b0 + t] ? JX_PAIR_EQUAL : JX_PAIR_DIFFERENT;
    }
}

void
_jx_align_emit_gaps (JxAlignCtx *ctx,
                     gsize       a0,
                     gsize       n,
                     gsize       b0,
                     gsize       m)
{
  guint start = ctx->pairs->len;
  JxAlignPair *p;
  gsize t;

  if (n + m == 0)
    return;
  g_array_set_size (ctx->pairs, start + n + m);
  p = &g_array_index (ctx->pairs, JxAlignPair, start);
  for (t = 0; t < n; t++, p++)
    {
      p->a = (guint32) (a0 + t);
      p->b = JX_ALIGN_NONE;
      p->state = JX_PAIR_ONLY_A;
    }
  for (t = 0; t < m; t++, p++)
    {
      p->a = JX_ALIGN_NONE;
      p->b = (guint32) (b0 + t);
      p->state = JX_PAIR_ONLY_B;
    }
}
