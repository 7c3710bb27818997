/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-sequence-align.h — global pairwise alignment of two symbol sequences
 * (region ids mapped through a shared name table), as in Weber's dissertation
 * chapter 3: match 2, mismatch -1, gap -1 by default. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define JX_ALIGN_NONE G_MAXUINT32

typedef enum
{
  JX_PAIR_EQUAL,        /* a[i] == b[j] */
  JX_PAIR_DIFFERENT,    /* a[i] != b[j], aligned as a mismatch */
  JX_PAIR_ONLY_A,       /* a[i] against a gap in B ("only in A") */
  JX_PAIR_ONLY_B,       /* b[j] against a gap in A ("only in B") */
} JxPairState;

typedef struct
{
  guint32 a;            /* index into A, JX_ALIGN_NONE for ONLY_B */
  guint32 b;            /* index into B, JX_ALIGN_NONE for ONLY_A */
  guint32 state;        /* JxPairState */
} JxAlignPair;

typedef struct
{
  gint32 match;         /* default  2 */
  gint32 mismatch;      /* default -1 */
  gint32 gap;           /* default -1 */
} JxScoring;

typedef enum
{
  JX_ALGORITHM_AUTO,          /* per sub-alignment, from lengths and estimated cost (§3.3.2) */
  JX_ALGORITHM_NEEDLEMAN_WUNSCH,
  JX_ALGORITHM_HIRSCHBERG,
  JX_ALGORITHM_FAST,          /* exact O(ND)/wavefront, linear memory */
  JX_ALGORITHM_ANCHOR,        /* fast anchor heuristic (§3.2.4), not always optimal */
  JX_N_ALGORITHMS
} JxAlgorithm;

const char *jx_algorithm_to_string   (JxAlgorithm algorithm);   /* "auto", "nw", "hirschberg", "fast", "anchor" */
gboolean    jx_algorithm_from_string (const char *name, JxAlgorithm *out);

typedef struct
{
  JxScoring   scoring;
  JxAlgorithm algorithm;
  gboolean    special_cases;      /* identical / prefix-suffix trim / containment first (default TRUE) */
  guint32     anchor_min_length;  /* AUTO uses the anchor heuristic above this length (default 0 = never) */
  guint       n_threads;          /* threads for one long alignment (Hirschberg rows); 0/1 = serial,
                                   * the default, as comparisons already run pairs in parallel */
} JxAlignOptions;

void jx_align_options_init (JxAlignOptions *options);

/* What the engine did; may be accumulated over many calls. */
typedef struct
{
  guint64 calls;
  guint64 by_algorithm[JX_N_ALGORITHMS];   /* sub-alignments solved by each */
  guint64 special_identical;
  guint64 special_trimmed;                 /* symbols removed as common prefix/suffix */
  guint64 special_contained;
  guint64 cells;                           /* DP cells / wavefront cells computed */
  guint64 special_disjoint;                /* no symbol in common: solved without DP */
  guint64 fast_gave_up;                    /* AUTO tried the wavefront, it was too costly */
  guint64 fast_pruned;                     /* wavefront searches done pruned (foreign symbols) */
} JxAlignStats;

/* Aligns a[0..n) with b[0..m). Returns a GArray of JxAlignPair in order, and
 * the alignment's score in *score (may be NULL). stats may be NULL. Returns
 * NULL with G_IO_ERROR_CANCELLED when cancelled. */
GArray  *jx_align_sequences (const guint32         *a,
                             gsize                  n,
                             const guint32         *b,
                             gsize                  m,
                             const JxAlignOptions  *options,   /* NULL = defaults */
                             JxAlignStats          *stats,
                             gint64                *score,
                             GCancellable          *cancellable,
                             GError               **error);

/* The scoring as an equivalent gap-linear penalty (match 0): for a global
 * alignment with x mismatches and g gaps,
 *   2 · score = match · (n + m) − X · x − O · g,  X = 2 (match − mismatch), O = match − 2 gap,
 * returned divided by their gcd (defaults 2/−1/−1 give X = 3, O = 2).  FALSE
 * when X or O would be negative; the special cases, the vectorised Hirschberg
 * rows and the wavefront need it, other scorings use the plain algorithms.
 *
 * Algorithms: NW keeps the full traceback; among optimal alignments it walks
 * back preferring a gap in B (ONLY_A), then a gap in A (ONLY_B), then the
 * diagonal, i.e. symbols are paired as early as possible.  With special_cases
 * the common prefix is paired first and a contained sequence goes to its
 * leftmost occurrence, so ties resolve the same way (§3.2.5's 'a a b a a b a a'
 * vs 'a a' pairs the first two a).  HIRSCHBERG splits at the leftmost best
 * column, FAST (gap-linear bidirectional wavefront, O(n + s²) time, linear
 * memory) at the first meeting diagonal: all exact, deterministic, but they may
 * pick different optima.  ANCHOR (§3.2.4) is a heuristic and can miss the
 * optimum.  AUTO, per sub-alignment after the special cases: anchor when
 * anchor_min_length > 0 and the longer side reaches it; NW below 128×128
 * cells; else the wavefront with a budget of cells/16 wavefront cells (given
 * up early when its progress extrapolates beyond that), falling back to
 * Hirschberg (counted in fast_gave_up). */
gboolean jx_align_penalty_from_scoring (const JxScoring *scoring,
                                        gint32          *mismatch_penalty,
                                        gint32          *gap_penalty);

/* Score of an alignment under a scoring scheme. */
gint64   jx_align_score     (const JxAlignPair *pairs,
                             gsize              n_pairs,
                             const JxScoring   *scoring);

G_END_DECLS
