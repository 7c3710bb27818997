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

G_END_DECLS
