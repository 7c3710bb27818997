/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cluster.h — structural clustering of streams (dissertation §5.1.2,
 * Alg. 5, hash-based): streams of one trace, or of several traces
 * together, grouped by their structure.
 *
 *  1. Exact groups: streams with the same pair set (jx-stream-signature.h)
 *     and the same kind. The signatures are sorted by (kind, hash) and every
 *     run of equal hashes is split by comparing the pair lists, so equal
 *     hashes of different structures (a collision) stay apart. A CPU
 *     thread and an accelerator stream never share a group: the kind is
 *     part of the key.
 *  2. Optional merging of near-equal groups (threshold T, 0 < T <= 1):
 *     the groups are visited largest first; each joins the most similar
 *     cluster formed so far (of the same kind) when their similarity is at
 *     least T, else it starts a cluster. A cluster's profile is that of
 *     the group that started it, so merging never chains. The similarity
 *     is the normalised MaxKFreqHashing similarity (§5.2.2, jx-maxk-freq.h)
 *     of the groups' profiles: the JX_SIGNATURE_K function pairs called
 *     most often by the group's members together. It is 1 when both
 *     groups call the same pairs most often, whatever rarer pairs one adds
 *     (rank 0's extra initialisation); docs/cluster.md gives the meaning of
 *     T and JX_CLUSTER_SUGGESTED_THRESHOLD.
 * Every cluster has its members, a representative (the member of its
 * largest exact group whose time is the median of that group: typical in
 * structure and in time), its size and its members' total time. Clusters
 * are ordered by size (the larger first, then by their first member);
 * a cluster of one stream is an outlier. Streams whose events could not be
 * read are not clustered (jx_clustering_get_n_unclustered).
 *
 * Cost: one pass over every invocation for the signatures, then
 * O(n log n) in the number of streams; merging adds O(G · L · K) for G
 * groups and L clusters (G is small in practice: ch. 5 reports 7 to 14
 * groups for 16,384 to 65,536 processes). */
#pragma once

#include <gio/gio.h>

#include "jx-stream-signature.h"

G_BEGIN_DECLS

/* A threshold that merges groups whose most frequent pairs mostly agree,
 * for `juxtrace-cli cluster --threshold` users who want a starting point. */
#define JX_CLUSTER_SUGGESTED_THRESHOLD 0.9

typedef struct
{
  double threshold;           /* 0 = exact groups only (the default); else 0 < T <= 1 */
} JxClusterOptions;

void jx_cluster_options_init (JxClusterOptions *options);

typedef struct
{
  guint32 first;              /* its first member in jx_clustering_get_members () */
  guint32 size;               /* members */
  guint32 representative;     /* a signature of the set */
  guint32 n_groups;           /* exact groups in it: 1 = every member structurally equal */
  guint8  kind;               /* JxStreamKind */
  gboolean outlier;           /* a single stream */
  double  seconds;            /* summed over the members (jx_signature_set_get_seconds) */
  guint64 n_invocations;      /* summed over the members */
  double  min_similarity;     /* lowest similarity of a merged group to the first one (1 when n_groups is 1) */
} JxCluster;

typedef struct _JxClustering JxClustering;

/* Clusters of every signature of the set; the clustering keeps a pointer
 * to the set, which must outlive it. */
JxClustering     *jx_clustering_new            (JxSignatureSet         *set,
                                                const JxClusterOptions *options);
/* Builds the signatures of the traces and clusters them; the clustering
 * owns the set. NULL when cancelled. */
JxClustering     *jx_clustering_new_for_traces (JxTrace *const         *traces,
                                                guint                   n_traces,
                                                const JxClusterOptions *options,
                                                GCancellable           *cancellable,
                                                GError                **error);
void              jx_clustering_free           (JxClustering           *self);

JxSignatureSet   *jx_clustering_get_signatures (JxClustering           *self);
const JxClusterOptions *jx_clustering_get_options (JxClustering       *self);
guint             jx_clustering_get_n_clusters (JxClustering           *self);
const JxCluster  *jx_clustering_get_cluster    (JxClustering           *self,
                                                guint                   cluster);
/* Members of all clusters, cluster after cluster (signatures); inside a
 * cluster its largest exact group first, each group in signature order. */
const guint32    *jx_clustering_get_members    (JxClustering           *self,
                                                guint                  *n);
/* The cluster and the exact group of a signature, JX_NONE when it was not
 * clustered. Groups are numbered from 0 in order of their clusters. */
guint32           jx_clustering_get_cluster_of (JxClustering           *self,
                                                guint32                 signature);
guint32           jx_clustering_get_group_of   (JxClustering           *self,
                                                guint32                 signature);
guint             jx_clustering_get_n_groups   (JxClustering           *self);
/* Signatures left out: streams whose events could not be read. */
guint             jx_clustering_get_n_unclustered (JxClustering        *self);
guint32           jx_clustering_get_unclustered (JxClustering          *self,
                                                guint                   index);
/* Clusters of one stream. */
guint             jx_clustering_get_n_outliers (JxClustering           *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxClustering, jx_clustering_free)

G_END_DECLS
