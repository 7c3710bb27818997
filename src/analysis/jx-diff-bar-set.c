/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-bar-set.c — see jx-diff-bar-set.h. */
#include "config.h"

#include "jx-diff-bar-set.h"

#include <math.h>
#include <string.h>

G_STATIC_ASSERT (sizeof (JxDiffBarPixel) == 8);

struct _JxDiffBarSet
{
  gatomicrefcount          ref_count;
  gboolean                 side_b;
  guint                    n_streams;
  guint8                  *rows;    /* per stream */
  const JxComparisonPair **pairs;   /* per stream, NULL until done */
  JxDiffBarMode            mode;
  double                   band;
  double                   seconds_per_tick_a;
  double                   seconds_per_tick_b;
};

static const char *const mode_names[JX_DIFF_BAR_N_MODES] = { "structure", "time", "both" };

const char *
jx_diff_bar_mode_to_string (JxDiffBarMode mode)
{
  g_return_val_if_fail (mode < JX_DIFF_BAR_N_MODES, NULL);
  return mode_names[mode];
}

gboolean
jx_diff_bar_mode_from_string (const char    *text,
                              JxDiffBarMode *mode)
{
  g_return_val_if_fail (mode != NULL, FALSE);

  for (guint m = 0; text != NULL && m < JX_DIFF_BAR_N_MODES; m++)
    if (g_ascii_strcasecmp (text, mode_names[m]) == 0)
      {
        *mode = (JxDiffBarMode) m;
        return TRUE;
      }
  return FALSE;
}

static double
seconds_per_tick (JxTrace *trace)
{
  return 1.0 / (double) MAX (jx_trace_get_timer_resolution (trace), 1);
}

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
  self->mode = JX_DIFF_BAR_BOTH;
  self->band = 0.10;
  self->seconds_per_tick_a = self->seconds_per_tick_b = 1e-9;
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
  (*side_a)->seconds_per_tick_a = (*side_b)->seconds_per_tick_a = seconds_per_tick (a);
  (*side_a)->seconds_per_tick_b = (*side_b)->seconds_per_tick_b = seconds_per_tick (b);
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
                                    JxTrace      *a,
                                    JxTrace      *b,
                                    gboolean      side_b)
{
  JxDiffBarSet *self;

  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (JX_IS_TRACE (a), NULL);
  g_return_val_if_fail (JX_IS_TRACE (b), NULL);

  self = jx_diff_bar_set_new (jx_trace_get_n_streams (side_b ? b : a), side_b);
  self->seconds_per_tick_a = seconds_per_tick (a);
  self->seconds_per_tick_b = seconds_per_tick (b);
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
jx_diff_bar_set_remove_stream (JxDiffBarSet *self,
                               guint32       stream)
{
  gboolean had_row;

  g_return_val_if_fail (self != NULL, FALSE);

  if (stream >= self->n_streams)
    return FALSE;
  had_row = self->rows[stream] != 0;
  self->pairs[stream] = NULL;
  self->rows[stream] = 0;
  return had_row;
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

JxDiffBarMode
jx_diff_bar_set_get_mode (const JxDiffBarSet *self)
{
  g_return_val_if_fail (self != NULL, JX_DIFF_BAR_STRUCTURE);
  return self->mode;
}

void
jx_diff_bar_set_set_mode (JxDiffBarSet  *self,
                          JxDiffBarMode  mode)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (mode < JX_DIFF_BAR_N_MODES);
  self->mode = mode;
}

double
jx_diff_bar_set_get_band (const JxDiffBarSet *self)
{
  g_return_val_if_fail (self != NULL, 0.0);
  return self->band;
}

void
jx_diff_bar_set_set_band (JxDiffBarSet *self,
                          double        band)
{
  g_return_if_fail (self != NULL);
  self->band = isnan (band) ? 0.10 : CLAMP (band, 0.0, 0.9);
}

void
jx_diff_bar_set_get_timing_params (const JxDiffBarSet *self,
                                   JxDiffTimingParams *params)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (params != NULL);

  jx_diff_timing_params_init (params);
  params->seconds_per_tick_a = self->seconds_per_tick_a;
  params->seconds_per_tick_b = self->seconds_per_tick_b;
  params->band = self->band;
  params->one_sided = self->mode == JX_DIFF_BAR_TIME;
}

gboolean
jx_diff_bar_set_sample (const JxDiffBarSet *self,
                        const JxStream     *stream,
                        gint64              start,
                        gint64              end,
                        guint               n_pixels,
                        JxDiffBarPixel     *out)
{
  const JxPairDiff *diff;
  g_autofree guint8 *states = NULL;
  g_autofree JxDiffTimingPixel *timing = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (stream != NULL, FALSE);
  g_return_val_if_fail (out != NULL || n_pixels == 0, FALSE);

  diff = jx_diff_bar_set_get_diff (self, stream->index);
  if (diff == NULL)
    return FALSE;
  states = g_new (guint8, MAX (n_pixels, 1));
  jx_pair_diff_sample (diff, self->side_b, start, end, n_pixels, states);
  if (self->mode != JX_DIFF_BAR_STRUCTURE)
    {
      JxDiffTimingParams params;

      jx_diff_bar_set_get_timing_params (self, &params);
      timing = g_new (JxDiffTimingPixel, MAX (n_pixels, 1));
      jx_pair_diff_sample_timing (diff, self->side_b, stream, start, end, n_pixels, &params, timing);
    }
  for (guint x = 0; x < n_pixels; x++)
    {
      guint8 s = states[x] & JX_DIFF_STATE_MASK;

      memset (&out[x], 0, sizeof out[x]);
      out[x].ratio = 1.0f;
      if (self->mode == JX_DIFF_BAR_TIME)
        {
          /* Only whether calls run: the timing says the rest. */
          out[x].state = s != JX_DIFF_NONE ? JX_DIFF_EQUAL : JX_DIFF_NONE;
          out[x].extra = FALSE;
        }
      else
        {
          out[x].state = s;
          out[x].extra = (states[x] & JX_DIFF_EXTRA_FLAG) != 0;
        }
      if (timing != NULL)
        {
          out[x].timing = timing[x].timing;
          out[x].ratio = timing[x].ratio;
        }
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

double
jx_diff_bar_set_ratio (const JxDiffBarSet *self,
                       guint32             stream,
                       guint32             invocation)
{
  const JxPairDiff *diff;

  g_return_val_if_fail (self != NULL, NAN);

  diff = jx_diff_bar_set_get_diff (self, stream);
  if (diff == NULL)
    return NAN;
  return jx_pair_diff_pair_ratio (diff, jx_pair_diff_pair_of (diff, self->side_b, invocation),
                                  self->seconds_per_tick_a, self->seconds_per_tick_b);
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
