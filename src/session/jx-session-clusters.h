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
 *   "running"    (boolean) a clustering is in progress
 *   "n-clusters" (uint) clusters of the last result, 0 without one
 *   "selected"   (uint, read-write) the picked cluster, G_MAXUINT for none;
 *                a new result drops the pick
 * Signal "changed": a new result came (or went); the clustering and the
 * item lookups below change with it. */
#pragma once

#include <gio/gio.h>

#include "jx-cluster.h"
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

G_END_DECLS
