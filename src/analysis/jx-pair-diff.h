/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-pair-diff.h — what the diff bars of one aligned stream pair show and
 * what the views ask about them, built once off the main thread from the
 * pair's hierarchical alignment (jx-hier-align.h).
 *
 * Each side (A = the reference, B = the other trace) gets, over its own
 * stream's time in ticks:
 *   - the state of every invocation: equal, different, or only here;
 *   - sorted, disjoint segments per non-equal state: a call that is only
 *     here covers its whole time; a different call covers its exclusive
 *     time, or one tick at its start when its callees fill it, so that no
 *     difference can vanish under equal callees;
 *   - the time covered by calls at all (the "equal" background);
 *   - "extra" runs: calls only in the other trace, which take no time here,
 *     anchored where they would have been (after the previous call at the
 *     same level, or at the start of the caller).
 * A pixel's state is found by binary searches in these lists, so drawing a
 * bar costs the same whatever the number of invocations under a pixel.
 *
 * The structure keeps a pointer to the alignment (partners and states come
 * from its pairs): it lives as long as the JxComparisonPair that owns both.
 * It copies the times it needs and keeps no stream. */
#pragma once

#include <glib.h>

#include "jx-hier-align.h"
#include "jx-trace.h"

G_BEGIN_DECLS

typedef enum
{
  JX_DIFF_NONE,        /* no call runs (idle) */
  JX_DIFF_EQUAL,
  JX_DIFF_DIFFERENT,
  JX_DIFF_ONLY_HERE,   /* only in this trace */
  JX_DIFF_ONLY_THERE,  /* only in the other trace: extra calls, drawn as ticks */
  JX_DIFF_N_STATES
} JxDiffState;

/* Flag on a sampled pixel: the other trace has extra calls here. */
#define JX_DIFF_EXTRA_FLAG 0x80u
#define JX_DIFF_STATE_MASK 0x7fu

/* One run of calls only in the other trace, as seen from this side. */
typedef struct
{
  guint64 time;        /* ticks of this side where the run sits */
  guint32 first_pair;  /* first alignment pair of the run */
  guint32 n_pairs;     /* calls in the run, nested ones included */
} JxDiffExtra;

typedef struct _JxPairDiff JxPairDiff;

/* al must keep its pairs and parents (keep_alignment) and outlive the
 * result; a and b are the aligned streams. */
JxPairDiff        *jx_pair_diff_new               (const JxHierAlignment *al,
                                                   const JxStream        *a,
                                                   const JxStream        *b);
void               jx_pair_diff_free              (JxPairDiff            *self);
gsize              jx_pair_diff_get_memory_size   (const JxPairDiff      *self);
const JxHierAlignment *jx_pair_diff_get_alignment (const JxPairDiff      *self);

/* Per invocation of side A (side_b FALSE) or B: its alignment pair, its
 * aligned partner on the other side (JX_NONE when only here) and its state.
 * JX_NONE / JX_DIFF_NONE for an index out of range. */
guint32            jx_pair_diff_pair_of           (const JxPairDiff      *self,
                                                   gboolean               side_b,
                                                   guint32                invocation);
guint32            jx_pair_diff_partner           (const JxPairDiff      *self,
                                                   gboolean               side_b,
                                                   guint32                invocation);
JxDiffState        jx_pair_diff_state             (const JxPairDiff      *self,
                                                   gboolean               side_b,
                                                   guint32                invocation);

/* The bar of one side over [start, end) ticks in n_pixels pixels: per
 * pixel a JxDiffState (the strongest present: only here, then different,
 * then equal), or'ed with JX_DIFF_EXTRA_FLAG where the other trace has
 * extra calls. Pixel p covers [start + p·w, start + (p+1)·w) with
 * w = (end - start) / n_pixels, as the timeline summary's pixels. */
void               jx_pair_diff_sample            (const JxPairDiff      *self,
                                                   gboolean               side_b,
                                                   gint64                 start,
                                                   gint64                 end,
                                                   guint                  n_pixels,
                                                   guint8                *out);

/* What the bar shows in [t0, t1): the first extra run there (extra, an
 * index for get_extra, else JX_NONE), else the invocation behind the
 * strongest state there (invocation, else JX_NONE). FALSE when neither. */
gboolean           jx_pair_diff_find              (const JxPairDiff      *self,
                                                   gboolean               side_b,
                                                   gint64                 t0,
                                                   gint64                 t1,
                                                   JxDiffState           *state,
                                                   guint32               *invocation,
                                                   guint32               *extra);

guint              jx_pair_diff_get_n_extras      (const JxPairDiff      *self,
                                                   gboolean               side_b);
const JxDiffExtra *jx_pair_diff_get_extra         (const JxPairDiff      *self,
                                                   gboolean               side_b,
                                                   guint                  index);

/* Differences in alignment order (= time order on both sides): every pair
 * that is not equal, except the calls inside a subtree that is only on one
 * side (the subtree is one difference). Values are alignment pair indices. */
guint              jx_pair_diff_get_n_hunks       (const JxPairDiff      *self);
guint32            jx_pair_diff_get_hunk          (const JxPairDiff      *self,
                                                   guint                  index);
/* The first hunk after alignment pair `pair` (forward) or the last one
 * before it; G_MAXUINT when there is none. pair JX_NONE means "before the
 * first" going forward and "after the last" going backward. */
guint              jx_pair_diff_next_hunk         (const JxPairDiff      *self,
                                                   guint32                pair,
                                                   gboolean               forward);

/* Pairs among alignment pairs [first, last) that are not equal. */
guint64            jx_pair_diff_count_nonequal    (const JxPairDiff      *self,
                                                   gsize                  first,
                                                   gsize                  last);

/* Timing -------------------------------------------------------------------
 *
 * Every invocation's self (exclusive) time is kept, in ticks of its side:
 * its duration minus its callees'. The time ratio of an equal pair is
 * B/A of the two calls' self times in seconds (the headline's measure:
 * a caller whose callees got slower is not slower itself); what changed is
 * shown where the time went. A ratio inside the noise band [1 − band,
 * 1 + band] is neutral. */

/* What the calls under a pixel did, by the time they cover there. */
typedef enum
{
  JX_DIFF_TIMING_NONE,      /* no call to compare under the pixel */
  JX_DIFF_TIMING_NEUTRAL,   /* inside the noise band */
  JX_DIFF_TIMING_FASTER,    /* B/A below the band */
  JX_DIFF_TIMING_SLOWER,    /* B/A above the band */
  JX_DIFF_N_TIMINGS
} JxDiffTiming;

typedef struct
{
  double   seconds_per_tick_a;   /* tick lengths of the two traces */
  double   seconds_per_tick_b;
  double   band;                 /* noise band, e.g. 0.10 for ±10 % */
  /* Also count calls without an equal partner, as new (+inf, a call of B)
   * or gone (0, a call of A): the "time" mode of the bars. Else only equal
   * calls have a timing. */
  gboolean one_sided;
  /* Walking changes (next change, changes by impact): an equal call counts
   * only when its self time also changed by at least this many seconds,
   * so a 3 µs call that took 7 µs is no stop in a run 4 s slower. 0: any
   * change outside the band; the bars' colours never use it. */
  double   min_change_seconds;
} JxDiffTimingParams;

/* One pixel's timing: slower or faster (whichever covers more of the
 * pixel's time) when changed calls cover at least a quarter of the time of
 * the calls compared there, else neutral; with the time-weighted geometric
 * mean of that class's ratios (1 for NEUTRAL and NONE). */
typedef struct
{
  guint8 timing;   /* JxDiffTiming */
  float  ratio;
} JxDiffTimingPixel;

void               jx_diff_timing_params_init     (JxDiffTimingParams    *params);
/* The class of a ratio B/A (NAN: NONE). */
JxDiffTiming       jx_diff_timing_classify        (double                 ratio,
                                                   double                 band);

/* Self time of `invocation` in ticks of its side (0 out of range). */
double             jx_pair_diff_self_ticks        (const JxPairDiff      *self,
                                                   gboolean               side_b,
                                                   guint32                invocation);
/* B/A of the self times (seconds) of alignment pair `pair`: for an equal
 * pair, +inf when A took no time, 1 when neither did; NAN for a pair that
 * is not equal. */
double             jx_pair_diff_pair_ratio        (const JxPairDiff      *self,
                                                   guint32                pair,
                                                   double                 seconds_per_tick_a,
                                                   double                 seconds_per_tick_b);
/* How much time a difference moves, in seconds (what "by impact" orders
 * by): an equal pair |self B − self A|; a different pair self A + self B
 * (the headline counts both calls as one-sided); a one-sided call the
 * inclusive time of its subtree (all of it is one-sided). */
double             jx_pair_diff_pair_impact       (const JxPairDiff      *self,
                                                   guint32                pair,
                                                   double                 seconds_per_tick_a,
                                                   double                 seconds_per_tick_b);
/* TRUE when alignment pair `pair` is a change: a structural difference (a
 * hunk) or, with params, an equal pair whose ratio lies outside the band. */
gboolean           jx_pair_diff_is_change         (const JxPairDiff         *self,
                                                   guint32                   pair,
                                                   const JxDiffTimingParams *params);
/* The first change after alignment pair `pair` (forward) or the last one
 * before it, JX_NONE when there is none; pair JX_NONE as for next_hunk.
 * Without params only hunks (structural differences) count. */
guint32            jx_pair_diff_next_change       (const JxPairDiff         *self,
                                                   guint32                   pair,
                                                   gboolean                  forward,
                                                   const JxDiffTimingParams *params);

typedef struct
{
  guint32 pair;     /* alignment pair */
  double  impact;   /* seconds, jx_pair_diff_pair_impact */
} JxDiffChange;

/* The changes of the pair with the largest impact (seconds, from the
 * params' tick lengths), at most max (0 = all), largest first, ties in
 * alignment order: the hunks and, with `timing`, the equal pairs outside
 * the params' band. An array of JxDiffChange. */
GArray            *jx_pair_diff_changes_by_impact (const JxPairDiff         *self,
                                                   const JxDiffTimingParams *params,
                                                   gboolean                  timing,
                                                   guint                     max);

/* The timing of one side's bar over [start, end) ticks in n_pixels pixels
 * (pixels as jx_pair_diff_sample): per pixel, the self time of the calls
 * under it is summed by class (calls as params say), as
 * JxDiffTimingPixel says. stream is this side's stream (its call tree says which call runs
 * when). Exact where at most a few dozen calls start in a pixel, else from
 * evenly spaced instants, so a frame costs the same at any zoom. */
void               jx_pair_diff_sample_timing     (const JxPairDiff         *self,
                                                   gboolean                  side_b,
                                                   const JxStream           *stream,
                                                   gint64                    start,
                                                   gint64                    end,
                                                   guint                     n_pixels,
                                                   const JxDiffTimingParams *params,
                                                   JxDiffTimingPixel        *out);

/* The first alignment pair whose invocation on this side (whose stream is
 * `stream`) starts at or after `ticks`, n_pairs when none: the pairs of a
 * time range are [pair_at (t0), pair_at (t1)). */
gsize              jx_pair_diff_pair_at           (const JxPairDiff      *self,
                                                   gboolean               side_b,
                                                   const JxStream        *stream,
                                                   gint64                 ticks);

G_END_DECLS
