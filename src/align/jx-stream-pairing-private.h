/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-stream-pairing-private.h — one group of structural pairing
 * (jx-stream-pairing-structure.c): the processes whose names did not pair
 * them, or the streams of one pair of processes. */
#pragma once

#include "jx-stream-pairing.h"

G_BEGIN_DECLS

typedef struct
{
  /* In: */
  gboolean          processes;      /* the similarity's first argument */
  guint             n_a;
  guint             n_b;
  const guint32    *ids_a;          /* process or stream indices of A */
  const guint32    *ids_b;
  const guint8     *kind_a;         /* JxStreamKind per member; NULL for processes */
  const guint8     *kind_b;
  const guint32    *name_of_a;      /* per A member: the names' partner, an index into ids_b or JX_NONE */
  JxPairSimilarity  similarity;
  gpointer          data;
  /* Out: */
  guint32          *structure_of_a; /* per A member: index into ids_b or JX_NONE */
  double           *sim;            /* n_a × n_b */
  gboolean          differs;        /* some member's partner differs */
  gboolean          better;         /* clearly better (JX_PAIRING_MARGIN) */
  gboolean          greedy;         /* assigned greedily */
} JxPairingGroup;

/* Fills the out fields; free them with _jx_pairing_group_clear (). */
void    _jx_pairing_group_solve (JxPairingGroup *group);
void    _jx_pairing_group_clear (JxPairingGroup *group);
/* Similarity of A member i with B member j, 0 when j is JX_NONE. */
double  _jx_pairing_group_sim   (const JxPairingGroup *group,
                                 guint                 i,
                                 guint32               j);

/* What one computation of the pairing shares. */
typedef struct
{
  JxTrace                      *a;
  JxTrace                      *b;
  const JxStreamPairingOptions *options;
  gboolean                      weigh;          /* a similarity is given */
  const guint32                *forced_stream;  /* per stream of A */
  JxPairingSummary             *summary;
  GArray                       *paired;
  GArray                       *only_a;
  GArray                       *only_b;
} Pairing;

/* Similarity of stream sa of A and sb of B for the output: -1 without a
 * similarity or a side, 0 across kinds. */
double  _jx_pairing_similarity  (const Pairing        *pairing,
                                 guint32               sa,
                                 guint32               sb);
/* The group of the streams of pa against those of pb, members not fixed
 * (fixed_a / fixed_b may be NULL); spair (may be NULL) gives the names'
 * partners. Solves it when both sides have members and it is not too
 * large; the arrays are the group's storage (lengths of pa's and pb's
 * streams). */
void    _jx_pairing_stream_group (const Pairing       *pairing,
                                  const JxProcess     *pa,
                                  const JxProcess     *pb,
                                  const gboolean      *fixed_a,
                                  const gboolean      *fixed_b,
                                  const guint32       *spair,
                                  JxPairingGroup      *group,
                                  guint32             *ids_a,
                                  guint32             *ids_b,
                                  guint8              *kind_a,
                                  guint8              *kind_b,
                                  guint32             *name_of_a,
                                  guint32             *slot_b);
/* The processes the names paired only by position or distance, or not at
 * all: re-paired by structure (ppair, pdist, pmethod change) where the
 * mode says so, else the clearly better partners go to crossed_process. */
void    _jx_pairing_weigh_processes (Pairing       *pairing,
                                     guint32       *ppair,
                                     guint32       *pdist,
                                     guint8        *pmethod,
                                     const guint32 *forced_process,
                                     guint32       *crossed_process);

G_END_DECLS
