/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-stream-signature.h — the structure of streams as the dissertation
 * §5.1.1 defines it for processes: pairs(P), the set of caller→callee
 * function pairs a stream calls, with a virtual root ε as the caller of
 * every root invocation ("ε → main"). Two streams are structurally equal
 * when their pair sets are equal (pairsim = 1, eq. 5.2).
 *
 * A JxSignatureSet holds the signatures of every stream of one or several
 * traces, over one name table (the same function name is the same function
 * in all of them), in compact arrays:
 *   - per stream its pairs sorted in name order (the caller's name, then
 *     the callee's; ε last, as "ε" sorts after ASCII names), i.e. §5.1.2's
 *     "sorted structural data", and
 *     how often each pair was called;
 *   - a 64-bit hash of the stream kind and the sorted pairs (§5.1.2 hashes
 *     the serialized sorted pairs with SHA3-512; any hash serves, because
 *     jx-cluster.c confirms every hash match by comparing the pair lists,
 *     so a collision can never merge two different structures);
 *   - its MaxKFreqHashing reduction (jx-maxk-freq.h): the K pairs called
 *     most often, the "characters" of the §5.2 similarity.
 * Building reads every invocation once (one hash probe each). The set holds
 * references to the traces; everything else is plain arrays, safe to read
 * from any thread once built. */
#pragma once

#include <gio/gio.h>

#include "jx-maxk-freq.h"
#include "jx-trace.h"

G_BEGIN_DECLS

/* Pairs in a stream's MaxKFreqHashing reduction. Enough to tell apart
 * roles built from different functions, few enough to ignore rare calls
 * (an extra initialisation on rank 0). */
#define JX_SIGNATURE_K 8

/* The ε caller of a pair (a root invocation). */
#define JX_SIGNATURE_ROOT JX_NONE

typedef struct _JxSignatureSet JxSignatureSet;

/* Signatures of every stream of the traces, in trace order then stream
 * order. Streams whose events could not be read (JX_STREAM_FLAG_MISSING)
 * get an empty signature and jx_signature_set_is_missing () says so.
 * NULL with G_IO_ERROR_CANCELLED when cancelled. */
JxSignatureSet *jx_signature_set_new            (JxTrace *const *traces,
                                                 guint           n_traces,
                                                 GCancellable   *cancellable,
                                                 GError        **error);
void            jx_signature_set_free           (JxSignatureSet *self);

guint           jx_signature_set_get_n_traces   (JxSignatureSet *self);
JxTrace        *jx_signature_set_get_trace      (JxSignatureSet *self,
                                                 guint           trace);
/* All streams of all traces. */
guint           jx_signature_set_get_size       (JxSignatureSet *self);
/* The signature of `stream` of the trace-th trace. */
guint32         jx_signature_set_index          (JxSignatureSet *self,
                                                 guint           trace,
                                                 guint32         stream);
guint           jx_signature_set_get_trace_of   (JxSignatureSet *self,
                                                 guint32         signature);
guint32         jx_signature_set_get_stream_of  (JxSignatureSet *self,
                                                 guint32         signature);
JxStreamKind    jx_signature_set_get_kind       (JxSignatureSet *self,
                                                 guint32         signature);
gboolean        jx_signature_set_is_missing     (JxSignatureSet *self,
                                                 guint32         signature);
/* Invocations of the stream, and the seconds from its first invocation's
 * start to its last one's end (0 without invocations). */
guint32         jx_signature_set_get_n_invocations (JxSignatureSet *self,
                                                 guint32         signature);
double          jx_signature_set_get_seconds    (JxSignatureSet *self,
                                                 guint32         signature);

/* The pairs, sorted in name order; callers and callees are symbols of the
 * set's name table (jx_signature_set_get_name), the caller
 * JX_SIGNATURE_ROOT for ε. n_pairs receives the count. counts may be
 * NULL. */
void            jx_signature_set_get_pairs      (JxSignatureSet *self,
                                                 guint32         signature,
                                                 guint          *n_pairs,
                                                 const guint32 **callers,
                                                 const guint32 **callees,
                                                 const guint32 **counts);
const char     *jx_signature_set_get_name       (JxSignatureSet *self,
                                                 guint32         symbol);
guint64         jx_signature_set_get_hash       (JxSignatureSet *self,
                                                 guint32         signature);
/* TRUE when both have the same kind and the same pair set (§5.1.2:
 * structurally equal). */
gboolean        jx_signature_set_equal          (JxSignatureSet *self,
                                                 guint32         x,
                                                 guint32         y);

/* The MaxKFreqHashing reduction (JX_SIGNATURE_K pairs at most), keys in
 * name order. */
const JxFreqEntry *jx_signature_set_get_top     (JxSignatureSet *self,
                                                 guint32         signature,
                                                 guint          *n);

/* Structural similarity of two signatures in [0, 1]: 0 for streams of
 * different kinds, else the normalised MaxKFreqHashing similarity of their
 * reductions (jx_maxk_freq_similarity). 1 for structurally equal streams
 * whose most frequent pairs agree; two streams without invocations are
 * alike (1). */
double          jx_signature_set_similarity     (JxSignatureSet *self,
                                                 guint32         x,
                                                 guint32         y);

/* pairsim (eq. 5.2): the Jaccard index of the two pair sets, 1 when both
 * are empty. */
double          jx_signature_set_jaccard        (JxSignatureSet *self,
                                                 guint32         x,
                                                 guint32         y);

/* §5.1.2's serialized structural data: the sorted pairs joined by spaces,
 * "a → b main → a ε → main". Free with g_free. */
char           *jx_signature_set_serialize      (JxSignatureSet *self,
                                                 guint32         signature);

/* "ε → main", "main → MPI_Init": a pair in the dissertation's notation.
 * Free with g_free. */
char           *jx_signature_set_format_pair    (JxSignatureSet *self,
                                                 guint32         caller,
                                                 guint32         callee);

/* The names of a signature's process and stream (either may be NULL). */
void            jx_signature_set_get_stream_names (JxSignatureSet *self,
                                                 guint32         signature,
                                                 const char    **process,
                                                 const char    **stream);

/* Signatures built elsewhere (juxtrace-mpi: every rank those of its share
 * of the streams). Appends every signature of the set to out with the
 * number of its trace among all traces (trace_numbers, per trace of the
 * set) and its order there (order, per signature: its position among the
 * whole trace's streams), its names and its pairs by name. */
void            jx_signature_set_pack           (JxSignatureSet *self,
                                                 const guint    *trace_numbers,
                                                 const guint64  *order,
                                                 GByteArray     *out);
/* The set of the packed parts' signatures, in trace number then order:
 * the same set jx_signature_set_new () builds of the whole traces when the
 * parts hold every stream of them. traces (n_traces, one per trace number;
 * any share of each) give the function names with the parts' names, and
 * jx_signature_set_get_trace (); the streams' names come from the parts.
 * NULL with G_IO_ERROR_INVALID_DATA when a part is corrupt. */
JxSignatureSet *jx_signature_set_new_packed     (JxTrace *const *traces,
                                                 guint           n_traces,
                                                 GBytes *const  *parts,
                                                 guint           n_parts,
                                                 GError        **error);

/* Bytes held by the arrays (for benchmarks). */
gsize           jx_signature_set_get_memory     (JxSignatureSet *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxSignatureSet, jx_signature_set_free)

G_END_DECLS
