/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-phase-find.h — "find this phase": where a time range of one stream
 * fits best in a partner stream, by semi-global alignment
 * (jx-semiglobal.h), so that a run with a different number of iterations
 * or an extra warm-up can still be compared phase by phase.
 *
 * The range's calls: the calls of the deepest call that holds the whole
 * range (the stream's top level when none does) that overlap the range,
 * e.g. iterations 10 to 14 under main. Their level: the calls of every
 * call with the same call path (by function names from the top), in time
 * order; in the partner the same level is searched. A call equals another
 * when both are the same function calling the same functions directly (the
 * callee sequence; what those call further down may differ, as data-
 * dependent loops do), so an iteration with an extra exchange is told
 * apart from a plain one. The range is placed where it scores best with
 * the end gaps of the longer side free; among equally good places (every
 * iteration fits an iteration) the one nearest to where a global alignment
 * of the two whole levels puts the range's first call, then the earlier:
 * that alignment pairs the runs' landmarks (an exchange every tenth
 * iteration) and puts an extra warm-up against gaps. */
#pragma once

#include <gio/gio.h>

#include "jx-sequence-align.h"
#include "jx-trace.h"

G_BEGIN_DECLS

typedef enum
{
  JX_PHASE_FOUND,
  JX_PHASE_NO_CALLS,          /* no call of the stream overlaps the range */
  JX_PHASE_NO_LEVEL,          /* the partner has no call with the range's call path */
} JxPhaseStatus;

/* "found", "no-calls", "no-level". */
const char *jx_phase_status_to_string (JxPhaseStatus status);

typedef struct
{
  JxPhaseStatus status;
  /* The range in A: */
  guint32  parent_a;          /* the call holding it, JX_NONE: the top level */
  guint32  first_a;           /* its first and last call (invocations of A) */
  guint32  last_a;
  guint32  n_calls_a;
  guint32  level_index_a;     /* position of first_a in A's level */
  guint32  level_length_a;
  /* Where it fits in B (status FOUND): */
  guint32  first_b;           /* invocations of B; JX_NONE when nothing was placed */
  guint32  last_b;
  guint32  n_calls_b;
  guint32  level_index_b;
  guint32  level_length_b;
  gboolean whole_b;           /* the range holds more calls than B's level: all of B's level is the fit
                                 (and first_a..last_a the part of the range it fits) */
  gint64   score;             /* semi-global score */
  gint64   max_score;         /* match · the range's calls: every call equal */
  guint32  n_equal;
  guint32  n_different;
  guint32  n_only_a;          /* calls of the range without a counterpart */
  guint32  n_only_b;          /* calls inside the fit without a counterpart in the range */
  guint64  n_best;            /* places that fit as well (1 = unambiguous) */
  guint32  anchor_a;          /* the first pair of equal calls (else the first aligned pair): */
  guint32  anchor_b;          /* what an offset aligns; JX_NONE when none */
  gboolean anchor_equal;      /* the anchor's calls are equal */
} JxPhaseMatch;

/* Finds the range [start, end) (ticks of trace_a) of stream_a in stream_b
 * of trace_b. FALSE with an error when cancelled or the range is too long
 * to place; TRUE otherwise, with out->status saying what was found. */
gboolean jx_phase_find (JxTrace          *trace_a,
                        guint32           stream_a,
                        guint64           start,
                        guint64           end,
                        JxTrace          *trace_b,
                        guint32           stream_b,
                        const JxScoring  *scoring,      /* NULL = defaults */
                        JxPhaseMatch     *out,
                        GCancellable     *cancellable,
                        GError          **error);

/* Only the range's side: fills status (FOUND or NO_CALLS), parent_a,
 * first_a, last_a, n_calls_a, level_index_a and level_length_a; FALSE when
 * no call overlaps the range. */
gboolean    jx_phase_locate    (JxTrace      *trace,
                                guint32       stream,
                                guint64       start,
                                guint64       end,
                                JxPhaseMatch *out);

/* The calls of the level below parent (an invocation of of_stream of
 * of_trace; JX_NONE: the top level) in stream of trace: the calls of every
 * call with the same call path, in time order. Free with g_array_unref. */
GArray     *jx_phase_level_calls (JxTrace    *trace,
                                  guint32     stream,
                                  JxTrace    *of_trace,
                                  guint32     of_stream,
                                  guint32     parent);

/* The call path of invocation (JX_NONE: the top level), "main / solve";
 * "" for the top level. Free with g_free. */
char       *jx_phase_call_path (JxTrace  *trace,
                                guint32   stream,
                                guint32   invocation);

G_END_DECLS
