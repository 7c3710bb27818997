/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-structure-pairing.h — the similarity that structural pairing weighs
 * (jx-stream-pairing.h), from the signatures of two traces
 * (jx-stream-signature.h): for streams the structural similarity of their
 * signatures; for processes the same over each process's profile, the pair
 * counts of all its streams summed and reduced to the JX_SIGNATURE_K most
 * frequent. Every command that pairs streams (diff, align, render --diff)
 * pairs through jx_structure_pairing_compute (). */
#pragma once

#include <gio/gio.h>

#include "jx-stream-pairing.h"
#include "jx-stream-signature.h"

G_BEGIN_DECLS

typedef struct _JxStructureSimilarity JxStructureSimilarity;

/* Signatures of both traces (one pass over their invocations). NULL when
 * cancelled. */
JxStructureSimilarity *jx_structure_similarity_new   (JxTrace               *a,
                                                      JxTrace               *b,
                                                      GCancellable          *cancellable,
                                                      GError               **error);
void                   jx_structure_similarity_free  (JxStructureSimilarity *self);
JxSignatureSet        *jx_structure_similarity_get_signatures (JxStructureSimilarity *self);
/* A JxPairSimilarity; user_data is the JxStructureSimilarity. */
double                 jx_structure_similarity_func  (gboolean               processes,
                                                      guint32                a,
                                                      guint32                b,
                                                      gpointer               user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxStructureSimilarity, jx_structure_similarity_free)

/* The pairing of a and b in `mode`, weighed by structure (the signatures
 * are built and dropped here). Errors as jx_stream_pairing_compute_with (),
 * or G_IO_ERROR_CANCELLED. summary may be NULL. */
GArray *jx_structure_pairing_compute (JxTrace           *a,
                                      JxTrace           *b,
                                      const char        *process_name,
                                      const JxNamePair  *overrides,
                                      guint              n_overrides,
                                      JxPairingMode      mode,
                                      JxPairingSummary  *summary,
                                      GCancellable      *cancellable,
                                      GError           **error);

/* The entry of stream `stream` of a in the pairing of a and b in `mode`
 * (its partner is pair->stream_b, JX_NONE when it has none). FALSE when
 * the pairing could not be computed. */
gboolean jx_structure_pairing_partner (JxTrace           *a,
                                       guint32            stream,
                                       JxTrace           *b,
                                       JxPairingMode      mode,
                                       JxStreamPair      *pair);

G_END_DECLS
