/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cluster-sample.h — structural clusters of the processes of a trace
 * too large to load, from a sample that fits: for choosing a part of the
 * trace by cluster before loading it (docs/partial-loading.md).
 *
 * The clusters of jx-cluster.h need every process's calls, which a trace
 * over the memory budget cannot give. The sample is what libotf2's
 * selective reading gives cheaply: the first location of every process
 * (its master thread), and of it only the events of the run's first part,
 * a time window from the start as long as fits a share of the budget
 * (reading stops at the window's end: events are in timestamp order). The
 * processes are clustered by the structure of that part (exact groups,
 * jx_cluster_options_init), so the clusters say which processes behaved
 * alike while the sample ran, not necessarily later: the window is
 * reported with them. Every process is in one cluster, but those whose
 * sample holds no call, which form a cluster of their own. */
#pragma once

#include <gio/gio.h>

#include "jx-trace-selection.h"

G_BEGIN_DECLS

typedef struct
{
  guint32        size;            /* processes */
  guint32        representative;  /* a process position (JxOutlineProcess index):
                                   * typical in structure and time (jx-cluster.h) */
  const guint32 *members;         /* process positions, ascending */
  gboolean       empty;           /* processes with no call in the sample */
} JxSampleCluster;

typedef struct _JxClusterSample JxClusterSample;

/* Loads the sample of the trace `outline` describes and clusters it; may
 * run in any thread (the outline is only read). `budget` is the memory
 * there is (JX_MEMORY_UNLIMITED: none); the sample's estimate is at most
 * half of it and never more than JX_CLUSTER_SAMPLE_MAX_BYTES. NULL
 * with an error naming the trace when the sample cannot be read, or
 * G_IO_ERROR_CANCELLED. */
#define JX_CLUSTER_SAMPLE_MAX_BYTES (256u << 20)
JxClusterSample       *jx_cluster_sample_new            (JxTraceOutline  *outline,
                                                         guint64          budget,
                                                         GCancellable    *cancellable,
                                                         GError         **error);
void                   jx_cluster_sample_free           (JxClusterSample *self);
/* Larger clusters first; the processes without calls last. */
guint                  jx_cluster_sample_get_n_clusters (JxClusterSample *self);
const JxSampleCluster *jx_cluster_sample_get_cluster    (JxClusterSample *self,
                                                         guint            index);
/* The sample's window from the start, ns; JX_WINDOW_OPEN_END when the
 * whole run fitted. */
gint64                 jx_cluster_sample_get_window_end (JxClusterSample *self);
/* Events read (enter and leave), to say what the clusters rest on. */
guint64                jx_cluster_sample_get_n_invocations (JxClusterSample *self);
/* The window in words: "the first 1.2 s of 40 s", "the whole run". */
char                  *jx_cluster_sample_describe       (JxClusterSample *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxClusterSample, jx_cluster_sample_free)

G_END_DECLS
