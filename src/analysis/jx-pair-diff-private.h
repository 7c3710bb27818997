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
} Side;

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

G_END_DECLS
