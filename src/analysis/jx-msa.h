/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-msa.h — progressive multiple sequence alignment of symbol sequences
 * (Weber's dissertation §5.2.1–5.2.2): a guide "tree" orders the pairwise
 * steps, each step aligns a new sequence with one sequence already in the
 * multiple alignment block (the engine of jx-sequence-align.h, with the
 * configured scores), and a gap the step opens in the block's sequence
 * becomes a column of its own for every sequence of the block ("once a gap,
 * always a gap").
 *
 * Guide (the series of pairwise steps, §5.2.2 "Fast Guide Tree
 * Construction"):
 *  - up to matrix_max sequences (JX_MSA_MATRIX_MAX = 250, the limit §5.3.2
 *    draws from Tables 5.8 and Figs. 5.18/5.19): the Max2FreqHashing
 *    similarity of every pair (Alg. 6, jx-maxk-freq.h), visited from the
 *    most similar pair down; a pair with exactly one sequence in the block
 *    adds the other, a pair with none waits until one of them is in (Table
 *    5.2: steps 1–2, 1–5, 5–3, 3–4). This is Prim's maximum spanning tree
 *    with ties to the pair that comes first, (smaller index, then larger),
 *    so it costs O(n²) and no sorted list;
 *  - above: Max3FreqHashing ranking — the three most frequent symbols over
 *    all sequences, the sequences ranked by how many of their symbols are
 *    among them (Tables 5.3/5.4), every sequence aligned with the first
 *    (the "main sequence"): O(n log n).
 *
 * Columns: an element the block's sequence lacks (a gap in it) joins a
 * column between that sequence's neighbouring elements which holds the same
 * symbol and nothing yet of the new sequence (looked for among the next
 * JX_MSA_SHARE_WINDOW columns), else a new column: so the extra iteration
 * three sequences have is one column, not three. The columns are in order;
 * every sequence has at most one element per column, its elements in
 * increasing columns. */
#pragma once

#include <gio/gio.h>

#include "jx-sequence-align.h"

G_BEGIN_DECLS

#define JX_MSA_MATRIX_MAX 250
#define JX_MSA_SHARE_WINDOW 16

typedef enum
{
  JX_MSA_GUIDE_NONE,          /* fewer than two sequences */
  JX_MSA_GUIDE_MATRIX,        /* Max2FreqHashing similarity matrix (Table 5.2) */
  JX_MSA_GUIDE_RANKING,       /* Max3FreqHashing ranking, all to the main sequence (Table 5.4) */
} JxMsaGuide;

typedef struct
{
  JxAlignOptions align;       /* every pairwise step: scores and algorithm */
  guint          matrix_max;  /* the matrix guide up to this many sequences (default JX_MSA_MATRIX_MAX) */
  gboolean       late_ties;   /* among equally good pairwise alignments, pair symbols as late as possible
                                 (the dissertation's Fig. 5.10) instead of as early as possible (the
                                 engine's rule, which `diff` uses; the default) */
} JxMsaOptions;

void jx_msa_options_init (JxMsaOptions *options);

/* One pairwise step: `added` is aligned with `partner`, which is in the
 * block already. The first step puts both in (partner first). */
typedef struct
{
  guint32 partner;
  guint32 added;
} JxMsaStep;

/* The matrix guide for a given similarity (n × n, row-major, symmetric;
 * the diagonal is not read). steps has room for n − 1. */
void        jx_msa_guide_from_similarity (const guint64 *similarity,
                                          guint          n,
                                          JxMsaStep     *steps);

/* A workspace for many alignments (one per thread); nothing in it outlives
 * the next call but what the getters return. */
typedef struct _JxMsa JxMsa;

JxMsa      *jx_msa_new            (const JxMsaOptions *options);   /* NULL = defaults */
void        jx_msa_free           (JxMsa              *self);
const JxMsaOptions *jx_msa_get_options (JxMsa         *self);

/* Aligns the n sequences seqs[i][0 .. lens[i]). column_of (room for the
 * sum of the lengths) receives the column of every element, sequence after
 * sequence. Returns the number of columns, or -1 with G_IO_ERROR_CANCELLED
 * (or an error of the engine). stats (may be NULL) accumulates the
 * pairwise steps' work. */
gint64      jx_msa_align          (JxMsa               *self,
                                   const guint32 *const *seqs,
                                   const guint32        *lens,
                                   guint                 n,
                                   guint32              *column_of,
                                   JxAlignStats         *stats,
                                   GCancellable         *cancellable,
                                   GError              **error);

/* The guide of the last alignment and its steps (n − 1). */
JxMsaGuide  jx_msa_get_guide      (JxMsa               *self);
const JxMsaStep *jx_msa_get_steps (JxMsa               *self,
                                   guint               *n_steps);

/* "matrix", "ranking", "none". */
const char *jx_msa_guide_to_string (JxMsaGuide guide);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxMsa, jx_msa_free)

G_END_DECLS
