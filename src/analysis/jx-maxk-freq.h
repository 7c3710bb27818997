/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-maxk-freq.h — MaxKFreqHashing (Seker, as the dissertation §5.2.2 uses it,
 * Alg. 6): a fast approximation of how alike two sequences are. Each
 * sequence is reduced to its K most frequent characters with their counts;
 * the score of two sequences is the sum of the counts, in both sequences,
 * of the characters both reductions hold ("research" 2 r 2 e, "sequence"
 * 3 e …: score 5).
 *
 * Characters here are 64-bit keys (a byte of a string, or a caller→callee
 * function pair of a stream, jx-stream-signature.h). Ties of counts go to
 * the smaller key, so that the reduction depends on the sequence only and
 * not on the order in which its characters were met (docs/cluster.md says
 * which of the dissertation's printed numbers this reproduces).
 *
 * The normalised similarity divides the score by the sum of both
 * reductions' counts: 1 when both reductions hold the same characters, 0
 * when they share none; two empty sequences have similarity 1. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 key;      /* the character */
  guint64 count;    /* its occurrences in the sequence */
} JxFreqEntry;

/* Sorts entries by key (insertion sort for the short lists of one stream,
 * qsort above a few dozen). */
void     jx_freq_entries_sort      (JxFreqEntry       *entries,
                                    guint              n);

/* The k most frequent of the n (key, count) entries (keys distinct, any
 * order; counts of 0 are ignored), by count, ties to the smaller key.
 * Writes them to out (room for k) sorted by key, for jx_maxk_freq_score,
 * and returns how many (min (k, entries with a count)). */
guint    jx_maxk_freq_top          (const JxFreqEntry *entries,
                                    guint              n,
                                    guint              k,
                                    JxFreqEntry       *out);

/* Σ over keys in both reductions (each sorted by key) of both counts. */
guint64  jx_maxk_freq_score        (const JxFreqEntry *a,
                                    guint              n_a,
                                    const JxFreqEntry *b,
                                    guint              n_b);

/* The score divided by the sum of all counts of both reductions, in
 * [0, 1]; 1 when both are empty. */
double   jx_maxk_freq_similarity   (const JxFreqEntry *a,
                                    guint              n_a,
                                    const JxFreqEntry *b,
                                    guint              n_b);

/* The reduction of a string (its bytes are the characters); out has room
 * for k entries; returns how many were written. */
guint    jx_maxk_freq_string_top   (const char        *s,
                                    guint              k,
                                    JxFreqEntry       *out);

/* Alg. 6 for two strings: MaxKFreqHashing score with this k. */
guint64  jx_maxk_freq_string_score (const char        *a,
                                    const char        *b,
                                    guint              k);

G_END_DECLS
