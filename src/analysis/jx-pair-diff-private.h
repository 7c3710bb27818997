/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-pair-diff-private.h — the insides of a JxPairDiff, shared by
 * jx-pair-diff.c (states, segments, extras, hunks) and jx-pair-diff-timing.c
 * (self times, ratios, changes by impact, timing samples). */
#pragma once

#include "jx-pair-diff.h"

G_BEGIN_DECLS

/* Non-equal pairs are counted per block of this many pairs. */
#define COUNT_BLOCK 32

/* Sorted, disjoint intervals [start, end) of ticks (ends sorted too), with
 * the invocation each one stands for. */
typedef struct
{
  guint64 *start;
  guint64 *end;
  guint32 *inv;
  gsize    len;
  gsize    capacity;
} Segments;

typedef struct
{
  guint32     *pair_of;       /* per invocation */
  guint32      n_invocations;
  Segments     only;          /* calls only here (whole subtrees) */
  Segments     different;     /* exclusive time of different calls */
  Segments     covered;       /* time under the roots (no inv) */
  GArray      *extras;        /* JxDiffExtra, by time */
  float       *self_ticks;    /* per invocation: its self (exclusive) time */
  gint16      *log_ratio;     /* per invocation: log2 of self B / self A in ticks, in
                                 1/JX_PAIR_DIFF_LOG_UNIT of a doubling; JX_PAIR_DIFF_NO_RATIO
                                 when the call has no equal partner */
} Side;

#define JX_PAIR_DIFF_LOG_UNIT 1024
#define JX_PAIR_DIFF_NO_RATIO G_MININT16

struct _JxPairDiff
{
  const JxHierAlignment *al;
  Side                   side[2];
  guint32               *hunks;
  guint                  n_hunks;
  guint32               *block_counts;   /* non-equal pairs before each block */
};

JxDiffState _jx_pair_diff_state_of_pair (const JxHierAlignment *al,
                                        guint32                pair,
                                        gboolean               side_b);
/* Self times of a stream's invocations (exact sums, then rounded). */
float      *_jx_pair_diff_self_ticks_new (const JxStream        *s);
/* Both sides' log ratios, once both have their self times: what sampling
 * reads, one look per call and no partner. */
void        _jx_pair_diff_build_log_ratios (JxPairDiff          *self);

G_END_DECLS
