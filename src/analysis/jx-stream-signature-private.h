/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-stream-signature-private.h — a JxSignatureSet's arrays and the steps
 * of building one, shared by building from traces
 * (jx-stream-signature.c) and assembling packed parts
 * (jx-stream-signature-pack.c). */
#pragma once

#include "jx-stream-signature.h"

G_BEGIN_DECLS

struct _JxSignatureSet
{
  GPtrArray   *traces;          /* JxTrace, owned */
  guint32     *first_of_trace;  /* n_traces + 1 */

  /* Function names in byte order; a symbol is a position here. The strings
   * belong to the traces. */
  const char **names;
  guint        n_names;

  guint        n;               /* signatures */
  guint32     *trace_of;
  guint32     *stream_of;
  guint8      *kind;
  guint8      *missing;
  guint32     *n_invocations;
  double      *seconds;
  guint64     *hash;

  gsize       *offset;          /* n + 1, into the pair arrays */
  guint32     *callers;         /* JX_SIGNATURE_ROOT for ε */
  guint32     *callees;
  guint32     *counts;

  guint8      *n_top;           /* per signature, <= JX_SIGNATURE_K */
  JxFreqEntry *top;             /* n * JX_SIGNATURE_K */

  /* Sets assembled from packed parts (jx_signature_set_new_packed) only:
   * the names the parts bring, and per signature its process's and its
   * stream's name (the traces hold a share of the streams at most). */
  GStringChunk *strings;
  const char  **process_names;
  const char  **stream_names;
};

/* A pair as one sortable key: the caller's symbol in the high half
 * (JX_SIGNATURE_ROOT, the largest, for ε), the callee's in the low half.
 * Symbols are positions in name order, so key order is §5.1.2's
 * alphabetical order, ε last as "ε" sorts after ASCII names. A callee is
 * never JX_NONE, so no pair has the empty key. */
static inline guint64
pair_key (guint32 caller,
          guint32 callee)
{
  return ((guint64) caller << 32) | callee;
}

/* self->names: the sorted distinct names of every region of every trace
 * of self, and of more (NULL: none; the strings must outlive self). */
void     jx_signature_set_collect_names (JxSignatureSet *self,
                                         GPtrArray      *more);
/* The symbol of a name of self->names. */
guint32  jx_signature_set_find_symbol   (JxSignatureSet *self,
                                         const char     *name);
/* The per-signature arrays of self->n signatures. */
void     jx_signature_set_allocate      (JxSignatureSet *self);
/* A signature's pairs (keys of self's symbols, with their counts; sorted
 * here) appended to keys and counts, its hash and its reduction. */
void     jx_signature_set_store_pairs   (JxSignatureSet *self,
                                         guint32         signature,
                                         guint8          kind,
                                         JxFreqEntry    *entries,
                                         guint           m,
                                         GArray         *keys,
                                         GArray         *counts);
/* The pair arrays from every signature's keys and counts (taken). */
void     jx_signature_set_finish_pairs  (JxSignatureSet *self,
                                         GArray         *keys,
                                         GArray         *counts);

G_END_DECLS
