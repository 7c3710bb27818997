/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-bar-set.c — see jx-diff-bar-set.h. */
#include "config.h"

#include "jx-diff-bar-set.h"

G_STATIC_ASSERT (sizeof (JxDiffBarPixel) == 2);

struct _JxDiffBarSet
{
  gatomicrefcount          ref_count;
  gboolean                 side_b;
  guint                    n_streams;
  guint8                  *rows;    /* per stream */
  const JxComparisonPair **pairs;   /* per stream, NULL until done */
};

JxDiffBarSet *
jx_diff_bar_set_new (guint    n_streams,
                     gboolean side_b)
{
  JxDiffBarSet *self = g_new0 (JxDiffBarSet, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->side_b = !!side_b;
  self->n_streams = n_streams;
  self->rows = g_new0 (guint8, MAX (n_streams, 1));
  self->pairs = g_new0 (const JxComparisonPair *, MAX (n_streams, 1));
  return self;
}

static void
add_row (JxDiffBarSet *self,
         guint32       stream)
{
  if (stream < self->n_streams)
    self->rows[stream] = 1;
}

void
jx_diff_bar_set_new_pair (JxTrace       *a,
                          JxTrace       *b,
                          JxDiffBarSet **side_a,
                          JxDiffBarSet **side_b)
{
  g_autoptr(GArray) pairing = NULL;

  g_return_if_fail (JX_IS_TRACE (a));
  g_return_if_fail (JX_IS_TRACE (b));
  g_return_if_fail (side_a != NULL && side_b != NULL);

  pairing = jx_stream_pairing_compute (a, b, NULL);
  *side_a = jx_diff_bar_set_new (jx_trace_get_n_streams (a), FALSE);
  *side_b = jx_diff_bar_set_new (jx_trace_get_n_streams (b), TRUE);
  for (guint i = 0; i < pairing->len; i++)
    {
      const JxStreamPair *sp = &g_array_index (pairing, JxStreamPair, i);

      if (sp->stream_a == JX_NONE || sp->stream_b == JX_NONE)
        continue;
      add_row (*side_a, sp->stream_a);
      add_row (*side_b, sp->stream_b);
    }
}

JxDiffBarSet *
jx_diff_bar_set_new_for_comparison (JxComparison *comparison,
                                    guint         n_streams,
                                    gboolean      side_b)
{
  JxDiffBarSet *self;

  g_return_val_if_fail (comparison != NULL, NULL);

  self = jx_diff_bar_set_new (n_streams, side_b);
  for (guint p = 0; p < jx_comparison_get_n_pairs (comparison); p++)
    jx_diff_bar_set_add_pair (self, jx_comparison_get_pair (comparison, p));
  return self;
}

JxDiffBarSet *
jx_diff_bar_set_ref (JxDiffBarSet *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
jx_diff_bar_set_unref (JxDiffBarSet *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->rows);
  g_free (self->pairs);
  g_free (self);
}

guint32
jx_diff_bar_set_add_pair (JxDiffBarSet           *self,
                          const JxComparisonPair *pair)
{
  guint32 stream;

  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (pair != NULL, JX_NONE);

  stream = self->side_b ? pair->stream_b : pair->stream_a;
  if (pair->alignment == NULL || stream >= self->n_streams)
    return JX_NONE;
  self->pairs[stream] = pair;
  if (pair->diff != NULL)
    add_row (self, stream);
  return stream;
}

gboolean
jx_diff_bar_set_get_side_b (const JxDiffBarSet *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->side_b;
}

guint
jx_diff_bar_set_get_n_streams (const JxDiffBarSet *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_streams;
}

const guint8 *
jx_diff_bar_set_get_rows (const JxDiffBarSet *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->rows;
}

gboolean
jx_diff_bar_set_has_row (const JxDiffBarSet *self,
                         guint32             stream)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return stream < self->n_streams && self->rows[stream];
}

const JxComparisonPair *
jx_diff_bar_set_get_pair (const JxDiffBarSet *self,
                          guint32             stream)
{
  g_return_val_if_fail (self != NULL, NULL);
  return stream < self->n_streams ? self->pairs[stream] : NULL;
}

const JxPairDiff *
jx_diff_bar_set_get_diff (const JxDiffBarSet *self,
                          guint32             stream)
{
  const JxComparisonPair *pair = jx_diff_bar_set_get_pair (self, stream);

  return pair != NULL ? pair->diff : NULL;
}

gboolean
jx_diff_bar_set_sample (const JxDiffBarSet *self,
                        guint32             stream,
                        gint64              start,
                        gint64              end,
                        guint               n_pixels,
                        JxDiffBarPixel     *out)
{
  const JxPairDiff *diff;
  guint8 *states = (guint8 *) out;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL || n_pixels == 0, FALSE);

  diff = jx_diff_bar_set_get_diff (self, stream);
  if (diff == NULL)
    return FALSE;
  /* Sampled as bytes into the front of `out`, then spread from the back:
   * pixel x lands at bytes 2x and 2x + 1, never before byte x. */
  jx_pair_diff_sample (diff, self->side_b, start, end, n_pixels, states);
  for (guint x = n_pixels; x-- > 0;)
    {
      guint8 s = states[x];

      out[x].state = s & JX_DIFF_STATE_MASK;
      out[x].extra = (s & JX_DIFF_EXTRA_FLAG) != 0;
    }
  return TRUE;
}

gboolean
jx_diff_bar_set_find (const JxDiffBarSet *self,
                      guint32             stream,
                      gint64              t0,
                      gint64              t1,
                      JxDiffState        *state,
                      guint32            *invocation,
                      guint32            *extra)
{
  const JxPairDiff *diff;

  g_return_val_if_fail (self != NULL, FALSE);

  diff = jx_diff_bar_set_get_diff (self, stream);
  return diff != NULL && jx_pair_diff_find (diff, self->side_b, t0, t1, state, invocation, extra);
}

JxDiffState
jx_diff_bar_set_state (const JxDiffBarSet *self,
                       guint32             stream,
                       guint32             invocation)
{
  const JxPairDiff *diff;

  g_return_val_if_fail (self != NULL, JX_DIFF_NONE);

  diff = jx_diff_bar_set_get_diff (self, stream);
  return diff != NULL ? jx_pair_diff_state (diff, self->side_b, invocation) : JX_DIFF_NONE;
}
