/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-call-profile.h — automatic alignment at a function by call-invocation
 * profile (Weber et al. 2017, §3.4 and Fig. 4).
 *
 * The reference is one invocation on one stream. Its profile counts, for
 * every function on its call stack (root to itself, each function once),
 * how often that function was entered on the stream from the stream's
 * start up to and including the invocation: "main 1, b 3, c 1" in Fig. 4.
 * In another trace the corresponding process and stream are found by name
 * (jx-name-match.h), the functions by name, and the stream's invocations of
 * the selected function are walked in time order: each gets the same
 * profile and its error, the sum of absolute count differences. An exact
 * match ends the walk; otherwise the lowest error so far is kept and the
 * walk stops as soon as the error rises.
 *
 * What makes this fast: a JxCallIndex holds, per function of the profile,
 * the sorted invocation indices of that function on the stream (one pass
 * over the stream). The walk then merges those lists, so it touches only
 * invocations of the profile's functions up to the match: at most linear in
 * the stream, usually far less.
 *
 * Comparison time follows jx-session.h: a tick's comparison ns is its
 * distance from the trace's start, converted with jx-time.h, plus the
 * trace's offset. jx_call_profile_offset_for() gives the offset that puts
 * two ticks of two traces at the same comparison time, exactly to the ns;
 * the window and `juxtrace-cli align` both use it. */
#pragma once

#include "jx-name-match.h"
#include "jx-trace.h"

G_BEGIN_DECLS

/* Which edge of the chosen invocations is aligned. */
typedef enum
{
  JX_ALIGN_EDGE_START,
  JX_ALIGN_EDGE_END,          /* shows which run finishes the phase later */
} JxAlignEdge;

typedef struct _JxCallProfile JxCallProfile;

/* The profile of `invocation` on `stream` of `trace` (holds a reference to
 * the trace). NULL when the stream or the invocation does not exist. */
JxCallProfile *jx_call_profile_new          (JxTrace       *trace,
                                             guint32        stream,
                                             guint32        invocation);
void           jx_call_profile_free         (JxCallProfile *self);

JxTrace       *jx_call_profile_get_trace    (JxCallProfile *self);
guint32        jx_call_profile_get_stream   (JxCallProfile *self);
guint32        jx_call_profile_get_invocation (JxCallProfile *self);
/* The functions on the call stack, root first, each once (the selected
 * one last), and how often each was entered up to the invocation. */
guint          jx_call_profile_get_n_functions (JxCallProfile *self);
guint32        jx_call_profile_get_function (JxCallProfile *self,
                                             guint          index);
guint64        jx_call_profile_get_count    (JxCallProfile *self,
                                             guint          index);

/* Invocation lists of some functions on one stream: the precomputation of
 * the walk. regions may hold JX_NONE (a function the trace lacks: always
 * 0 invocations). */
typedef struct _JxCallIndex JxCallIndex;

JxCallIndex   *jx_call_index_new            (const JxStream *stream,
                                             const guint32  *regions,
                                             guint           n_regions);
void           jx_call_index_free           (JxCallIndex    *self);
/* Invocations of regions[i], in time order. */
const guint32 *jx_call_index_get_invocations (JxCallIndex   *self,
                                             guint           i,
                                             guint32        *n);
/* Bytes held (for benchmarks). */
gsize          jx_call_index_get_memory     (JxCallIndex    *self);

typedef struct
{
  guint32  invocation;        /* the chosen one, JX_NONE when the function is never called */
  guint32  ordinal;           /* 1-based: the ordinal-th invocation of the function on the stream */
  guint64  error;             /* sum of absolute count differences; 0 = exact */
  guint32  n_candidates;      /* invocations of the function the walk looked at */
} JxCallSearch;

/* The walk over index->regions[target]'s invocations against the
 * reference counts (one per region of the index). */
void           jx_call_index_search         (JxCallIndex    *self,
                                             guint           target,
                                             const guint64  *reference_counts,
                                             JxCallSearch   *result);

typedef enum
{
  JX_CALL_MATCH_FOUND,
  JX_CALL_MATCH_NO_PROCESS,   /* the other trace has no process (or no stream) */
  JX_CALL_MATCH_NO_FUNCTION,  /* it does not define the selected function */
  JX_CALL_MATCH_NOT_CALLED,   /* the matched stream never calls it */
} JxCallMatchStatus;

typedef struct
{
  JxCallMatchStatus status;
  JxStreamMatch     match;    /* process and stream of the other trace */
  guint32           region;   /* the selected function there, JX_NONE when absent */
  JxCallSearch      search;   /* valid when FOUND */
  guint64           ticks;    /* start or end (by edge) of the chosen invocation */
} JxCallMatch;

/* Finds the invocation of `other` corresponding to the profile's. */
void           jx_call_profile_match        (JxCallProfile  *self,
                                             JxTrace        *other,
                                             JxAlignEdge     edge,
                                             JxCallMatch    *result);

/* The same in a given stream of `other` (a partner found otherwise, e.g.
 * by structure, jx-structure-pairing.h); result->match names it. */
void           jx_call_profile_match_stream (JxCallProfile  *self,
                                             JxTrace        *other,
                                             guint32         other_stream,
                                             JxAlignEdge     edge,
                                             JxCallMatch    *result);

/* Start or end tick of an invocation, by edge. */
guint64        jx_call_profile_edge_ticks   (const JxStream *stream,
                                             guint32         invocation,
                                             JxAlignEdge     edge);

/* The offset (ns) for `other` that puts its tick `other_ticks` at the
 * comparison time of `ticks` in `trace` at `offset_ns`. */
gint64         jx_call_profile_offset_for   (JxTrace        *trace,
                                             gint64          offset_ns,
                                             guint64         ticks,
                                             JxTrace        *other,
                                             guint64         other_ticks);

/* The first invocation of `region` that starts at or after `from` (ticks):
 * on `stream` when it is not JX_NONE, else the earliest over all streams
 * (the lower stream on ties). FALSE when there is none. */
gboolean       jx_call_profile_next_invocation (JxTrace     *trace,
                                             guint32        region,
                                             guint32        stream,
                                             guint64        from,
                                             guint32       *out_stream,
                                             guint32       *out_invocation);

/* A function named on a command line: its name, else its canonical name
 * (the mangled symbol), else the one region whose name before the first
 * '(' is `name` ("jacobi_kernel" for "jacobi_kernel(float const*, …)").
 * JX_NONE when none or, for the last rule, several match. */
guint32        jx_call_profile_find_function (JxTrace       *trace,
                                             const char    *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxCallProfile, jx_call_profile_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxCallIndex, jx_call_index_free)

G_END_DECLS
