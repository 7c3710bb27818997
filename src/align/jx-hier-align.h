/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-hier-align.h — hierarchical alignment of two call trees (Weber's
 * dissertation, §3.3.1 Algorithm 2) with the corrected HA score of §3.4.2.
 *
 * The trees are read through JxHierTree (jx-hier-tree.h). The traversal is
 * iterative (deep traces), identical subtrees (compared exactly in
 * pre-order) are emitted in one sweep with the same result Algorithm 2
 * gives, and with n_threads > 1 large subtree pairs are aligned on worker
 * threads and stitched back: the result never depends on the thread count. */
#pragma once

#include <gio/gio.h>

#include "jx-hier-tree.h"
#include "jx-sequence-align.h"

G_BEGIN_DECLS

/* Called from the calling thread with the number of invocations (of both
 * trees) aligned so far. */
typedef void (*JxHierProgress) (guint64 invocations_done, gpointer user_data);

typedef struct
{
  JxAlignOptions  align;           /* for every sub-alignment */
  gboolean        flat_optimum;    /* also align the full flat sequences (§3.5.3); costly */
  guint64         flat_optimum_max_cells; /* ... also without flat_optimum when the flat lengths'
                                             product is at most this (cheap; 0 = never, the default) */
  guint           n_threads;       /* > 1: large subtrees are aligned in parallel (default 1) */
} JxHierAlignOptions;

void jx_hier_align_options_init (JxHierAlignOptions *options);

/* Sub-alignment counts by the longer children sequence, as Tables 3.9–3.15. */
typedef enum
{
  JX_HIER_BUCKET_0_100,
  JX_HIER_BUCKET_101_1000,
  JX_HIER_BUCKET_1001_5000,
  JX_HIER_BUCKET_5001_10000,
  JX_HIER_BUCKET_ABOVE_10000,
  JX_HIER_N_BUCKETS
} JxHierBucket;

/* The aligned call tree, stored as its pre-order list of aligned pairs. The
 * pre-order of the aligned tree restricted to one side is that side's
 * pre-order, so the list is in time order on both sides. pairs[i].a and .b are
 * node (invocation) indices; JX_ALIGN_NONE marks the gap side. */
typedef struct
{
  JxAlignPair  *pairs;
  guint32      *parent;             /* aligned-tree parent of each pair, JX_ALIGN_NONE at top level */
  gsize         n_pairs;

  guint32       n_a;                /* nodes of A and B */
  guint32       n_b;
  guint64       counts[4];          /* by JxPairState */

  gint64        score;              /* HA score with the gap correction of §3.4.2 */
  gint64        raw_score;          /* state scores summed over the pairs (invocation level) */
  guint64       flat_length_a;      /* lengths of the flat sequences (2·n − roots) */
  guint64       flat_length_b;
  gboolean      has_flat_optimum;
  gint64        flat_optimum;       /* optimal score of the flat sequences */

  guint64       n_sub_alignments;   /* node pairs where at least one side has children */
  guint64       n_identical;        /* ... whose children sequences were identical */
  guint64       buckets[JX_HIER_N_BUCKETS];
  JxAlignStats  stats;              /* of the sub-alignments done by jx_align_sequences */
  guint         n_tasks;            /* subtrees aligned on worker threads */
} JxHierAlignment;

/* progress may be NULL. Returns NULL with G_IO_ERROR_CANCELLED when cancelled. */
JxHierAlignment *jx_hier_align (const JxHierTree         *a,
                                const JxHierTree         *b,
                                const JxHierAlignOptions *options,   /* NULL = defaults */
                                JxHierProgress            progress,
                                gpointer                  progress_data,
                                GCancellable             *cancellable,
                                GError                  **error);

void             jx_hier_alignment_free (JxHierAlignment *self);

/* Depth of every pair in the aligned tree (0 = top level). Free with g_free. */
guint16         *jx_hier_alignment_compute_depths (const JxHierAlignment *self);

/* For every node of side A (side_b = FALSE) or B, the index of its pair.
 * Free with g_free. */
guint32         *jx_hier_alignment_build_index    (const JxHierAlignment *self,
                                                   gboolean               side_b);

/* Relative error of the HA score against the flat optimum (§3.5.3):
 *   (optimum − score) / max (|optimum|, (flat_length_a + flat_length_b) / 2)
 * This is the dissertation's (optimum − score) / |optimum| whenever the
 * optimum is at least the mean flat length, which covers similar streams;
 * near an optimum of 0 the mean flat length keeps the ratio finite and
 * non-zero, so a worse HA score is never reported as 0 %. 0 when no optimum
 * was computed or both sequences are empty. */
double           jx_hier_alignment_get_error      (const JxHierAlignment *self);

/* optimum − score (>= 0): the absolute error; 0 without an optimum. */
gint64           jx_hier_alignment_get_error_absolute (const JxHierAlignment *self);

const char      *jx_hier_pair_state_to_string (JxPairState state); /* "equal", "different", "only-a", "only-b" */

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxHierAlignment, jx_hier_alignment_free)

G_END_DECLS
