/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-clusters.h — the structural clusters of all loaded traces of a
 * session together (jx-cluster.h, docs/cluster.md), for the window's
 * Processes view, and the cluster picked there.
 *
 * Nothing is computed until a view wants the clusters
 * (jx_session_clusters_set_wanted); from then on every load or removal of a
 * trace starts the clustering again in a GTask thread (a JxSessionJob:
 * starting cancels the run in progress; the part's end cancels it too).
 * The result and the traces it was made of go together: the clustering's
 * signatures are numbered over those traces in session order.
 *
 * Properties (read-only unless said):
 *   "wanted"     (boolean, read-write) compute and keep the clusters current
 *   "threshold"  (double, read-write) also merge near-equal clusters whose
 *                similarity reaches it (JxClusterOptions, `cluster
 *                --threshold`); 0 (the default) keeps exact clusters;
 *                a change clusters again
 *   "running"    (boolean) a clustering is in progress
 *   "n-clusters" (uint) clusters of the last result, 0 without one
 *   "selected"   (uint, read-write) the picked cluster, G_MAXUINT for none;
 *                a new result drops the pick
 *   "tree-running"  (boolean) the merged call tree of the selected cluster
 *                is being built
 *   "tree-progress" (double) how far that build is, 0 to 1
 * Signal "changed": a new result came (or went); the clustering and the
 * item lookups below change with it.
 * Signal "tree-changed": the merged call tree (jx-merged-tree.h) of the
 * selected cluster came or went. Picking a cluster starts building it in a
 * GTask thread (a JxSessionJob: a new pick cancels it), with the default
 * scores, as `juxtrace-cli cluster --merged-tree --cluster N` does. */
#pragma once

#include <gio/gio.h>

#include "jx-cluster.h"
#include "jx-merged-tree.h"
#include "jx-session-trace.h"

G_BEGIN_DECLS

#define JX_SESSION_CLUSTERS_NONE G_MAXUINT

#define JX_TYPE_SESSION_CLUSTERS (jx_session_clusters_get_type ())
G_DECLARE_FINAL_TYPE (JxSessionClusters, jx_session_clusters, JX, SESSION_CLUSTERS, GObject)

/* The clusters of the traces in `items` (a GListModel of JxSessionTrace,
 * held weakly). */
JxSessionClusters *jx_session_clusters_new            (GListModel        *items);

void               jx_session_clusters_set_wanted     (JxSessionClusters *self,
                                                       gboolean           wanted);
gboolean           jx_session_clusters_get_wanted     (JxSessionClusters *self);
void               jx_session_clusters_set_threshold  (JxSessionClusters *self,
                                                       double             threshold);
double             jx_session_clusters_get_threshold  (JxSessionClusters *self);
void               jx_session_clusters_set_scoring    (JxSessionClusters *self,
                                                       const JxScoring   *scoring);
const JxScoring   *jx_session_clusters_get_scoring    (JxSessionClusters *self);
gboolean           jx_session_clusters_get_running    (JxSessionClusters *self);
/* The last result (borrowed: valid until the next "changed"), NULL when
 * there is none; error (may be NULL) says why the last run failed. */
JxClustering      *jx_session_clusters_get_clustering (JxSessionClusters *self,
                                                       const GError     **error);
guint              jx_session_clusters_get_n_clusters (JxSessionClusters *self);
/* The item whose trace a signature of the result belongs to (borrowed),
 * NULL when that trace has left the session since. */
JxSessionTrace    *jx_session_clusters_get_item_of    (JxSessionClusters *self,
                                                       guint32            signature);
/* "trace · stream" for a signature of the result (translated layout). */
char              *jx_session_clusters_dup_stream_name (JxSessionClusters *self,
                                                        guint32            signature);

guint              jx_session_clusters_get_selected   (JxSessionClusters *self);
void               jx_session_clusters_set_selected   (JxSessionClusters *self,
                                                       guint              cluster);
/* Per stream of `trace`: non-zero for the members of the selected cluster;
 * NULL when nothing is selected or none of its members is in `trace`. */
const guint8      *jx_session_clusters_get_stream_mask (JxSessionClusters *self,
                                                        JxTrace           *trace);

/* The merged call tree of the selected cluster (borrowed: valid until the
 * next "tree-changed"), NULL while none is built; error (may be NULL) says
 * why the last build failed. */
JxMergedTree      *jx_session_clusters_get_tree       (JxSessionClusters *self,
                                                       const GError     **error);
gboolean           jx_session_clusters_get_tree_running (JxSessionClusters *self);
double             jx_session_clusters_get_tree_progress (JxSessionClusters *self);
/* Merges the streams named (jx_stream_groups_stream_key "process /
 * stream", in every trace of the last result: the custom set) instead of a
 * cluster: the pick goes, the streams are marked as a cluster's members
 * are, and their tree is built. Returns how many streams matched (0: none,
 * or no result yet; nothing changes). Picking a cluster or a new result
 * ends it. */
guint              jx_session_clusters_merge_streams  (JxSessionClusters  *self,
                                                       const char * const *names);
/* TRUE while the tree is (being) built of streams merge_streams named. */
gboolean           jx_session_clusters_get_tree_is_streams (JxSessionClusters *self);
/* The item of a stream of the tree (jx_merged_tree_get_stream), NULL when
 * its trace has left the session since. */
JxSessionTrace    *jx_session_clusters_get_tree_item  (JxSessionClusters *self,
                                                       guint              stream);

G_END_DECLS
