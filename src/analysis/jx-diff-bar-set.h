/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-bar-set.h — the diff bars of one trace's streams in one comparison:
 * the one model every view and the CLI draw diff bars from.
 *
 * A comparison of A (the reference) with B has two sets: A's side (a bar
 * under each of A's streams that has a partner in B) and B's side. Each
 * stream of the set's trace has a row or not (known from the stream
 * pairing before any pair is aligned, so rows never jump while the
 * comparison runs) and, once its stream pair is done, the bar: the pair's
 * JxPairDiff read from this side. jx_diff_bar_set_add_pair() is the only
 * place where a finished stream pair becomes a bar (the session publishes
 * pairs through it as they arrive; the CLI adds every pair of a finished
 * comparison); a meson test fails when a second conversion appears.
 *
 * Drawing goes through jx_diff_bar_set_sample(), one JxDiffBarPixel per
 * pixel: the structural state and, for timing-aware bars (docs/session.md),
 * the timing class of the calls under the pixel (jx-pair-diff.h: self time
 * B/A, neutral inside the noise band). The mode (structure, time, both)
 * and the band are fields of the set, set from the session's diff-bar
 * model or the CLI's options; renderers map pixels to colours and never
 * read the JxPairDiff themselves.
 *
 * A set holds pointers into the JxComparison whose pairs it was given and
 * no reference to it: the owner keeps the comparison alive as long as the
 * set. Main thread only (pairs are added where they are published). */
#pragma once

#include <glib.h>

#include "jx-comparison.h"

G_BEGIN_DECLS

/* What a bar shows. */
typedef enum
{
  JX_DIFF_BAR_STRUCTURE,   /* equal, different, only here, extra calls there */
  JX_DIFF_BAR_TIME,        /* every call by its time ratio B/A: equal calls on the
                              timing scale, calls without an equal partner as new
                              (B) or gone (A); no structural colours */
  JX_DIFF_BAR_BOTH,        /* structural colours, and equal calls on the timing scale */
  JX_DIFF_BAR_N_MODES
} JxDiffBarMode;

/* "structure", "time", "both" (CLI and settings); parse returns FALSE for
 * anything else. */
const char *jx_diff_bar_mode_to_string   (JxDiffBarMode  mode);
gboolean    jx_diff_bar_mode_from_string (const char    *text,
                                          JxDiffBarMode *mode);

/* One pixel of a bar. */
typedef struct
{
  guint8 state;    /* JxDiffState: the strongest under the pixel (in time
                      mode only NONE or EQUAL) */
  guint8 extra;    /* TRUE: calls only in the other trace sit here (a tick;
                      never in time mode) */
  guint8 timing;   /* JxDiffTiming of the calls under the pixel (NONE in
                      structure mode) */
  guint8 reserved;
  float  ratio;    /* B/A of the timing class (jx-pair-diff.h), 1 when
                      neutral or none */
} JxDiffBarPixel;

typedef struct _JxDiffBarSet JxDiffBarSet;

/* An empty set for a trace of n_streams streams, on side B (side_b) or A. */
JxDiffBarSet           *jx_diff_bar_set_new           (guint                   n_streams,
                                                       gboolean                side_b);
/* Both sides of a comparison of a with b about to run: a row under every
 * stream the stream pairing gives a partner (jx_stream_pairing_compute,
 * as the engine pairs them), no bar yet. */
void                    jx_diff_bar_set_new_pair      (JxTrace                *a,
                                                       JxTrace                *b,
                                                       JxDiffBarSet          **side_a,
                                                       JxDiffBarSet          **side_b);
/* The bars of one side of a finished comparison of a with b (the CLI). */
JxDiffBarSet           *jx_diff_bar_set_new_for_comparison (JxComparison      *comparison,
                                                       JxTrace                *a,
                                                       JxTrace                *b,
                                                       gboolean                side_b);
JxDiffBarSet           *jx_diff_bar_set_ref           (JxDiffBarSet           *self);
void                    jx_diff_bar_set_unref         (JxDiffBarSet           *self);

/* A finished stream pair becomes the bar of its stream on this side (and
 * that stream gets a row, when it has a diff). Returns the stream, or
 * JX_NONE when the pair is not compared or has no stream on this side. */
guint32                 jx_diff_bar_set_add_pair      (JxDiffBarSet           *self,
                                                       const JxComparisonPair *pair);

/* The stream's pair was replaced (it was paired again by hand,
 * jx-comparison-repair.h): neither bar nor row until a pair is added
 * again. TRUE when it had a row. */
gboolean                jx_diff_bar_set_remove_stream (JxDiffBarSet           *self,
                                                       guint32                 stream);

gboolean                jx_diff_bar_set_get_side_b    (const JxDiffBarSet     *self);
guint                   jx_diff_bar_set_get_n_streams (const JxDiffBarSet     *self);
/* Per stream, 1 when it has a row (the layout's diff_streams). */
const guint8           *jx_diff_bar_set_get_rows      (const JxDiffBarSet     *self);
gboolean                jx_diff_bar_set_has_row       (const JxDiffBarSet     *self,
                                                       guint32                 stream);
/* The finished pair of `stream`, NULL while it runs or when there is none. */
const JxComparisonPair *jx_diff_bar_set_get_pair      (const JxDiffBarSet     *self,
                                                       guint32                 stream);
/* Its diff (what the bar shows), NULL likewise. */
const JxPairDiff       *jx_diff_bar_set_get_diff      (const JxDiffBarSet     *self,
                                                       guint32                 stream);

/* What the bars show (default both) and the noise band (default 0.10:
 * ratios within ±10 % are neutral; clamped to [0, 0.9]). */
JxDiffBarMode           jx_diff_bar_set_get_mode      (const JxDiffBarSet     *self);
void                    jx_diff_bar_set_set_mode      (JxDiffBarSet           *self,
                                                       JxDiffBarMode           mode);
double                  jx_diff_bar_set_get_band      (const JxDiffBarSet     *self);
void                    jx_diff_bar_set_set_band      (JxDiffBarSet           *self,
                                                       double                  band);
/* The timing parameters the set samples with (tick lengths of A and B,
 * band; one_sided in time mode). */
void                    jx_diff_bar_set_get_timing_params (const JxDiffBarSet *self,
                                                       JxDiffTimingParams     *params);

/* The bar of `stream` (a stream of this side's trace) over [start, end)
 * ticks of this side in n_pixels pixels (as jx_pair_diff_sample, with the
 * timing of jx_pair_diff_sample_timing unless the mode is structure).
 * FALSE, and nothing written, while the bar has no pair yet. */
gboolean                jx_diff_bar_set_sample        (const JxDiffBarSet     *self,
                                                       const JxStream         *stream,
                                                       gint64                  start,
                                                       gint64                  end,
                                                       guint                   n_pixels,
                                                       JxDiffBarPixel         *out);
/* What the bar of `stream` shows in [t0, t1) (jx_pair_diff_find). */
gboolean                jx_diff_bar_set_find          (const JxDiffBarSet     *self,
                                                       guint32                 stream,
                                                       gint64                  t0,
                                                       gint64                  t1,
                                                       JxDiffState            *state,
                                                       guint32                *invocation,
                                                       guint32                *extra);
/* B/A of the self times of this side's `invocation` on `stream` and its
 * equal partner; NAN when it has none (or no bar). */
double                  jx_diff_bar_set_ratio         (const JxDiffBarSet     *self,
                                                       guint32                 stream,
                                                       guint32                 invocation);
/* The state of this side's `invocation` on `stream` (JX_DIFF_NONE without
 * a bar). */
JxDiffState             jx_diff_bar_set_state         (const JxDiffBarSet     *self,
                                                       guint32                 stream,
                                                       guint32                 invocation);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxDiffBarSet, jx_diff_bar_set_unref)

G_END_DECLS
