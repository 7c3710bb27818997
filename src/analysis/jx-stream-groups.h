/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-stream-groups.h — the groups of streams a timeline folds (§6.1.2).
 *
 * A grouping decides the host-side groups; accelerator streams always form
 * their own groups, one per device, because folding them with CPU threads
 * would only say "mostly idle":
 *
 *   threads    one group per process with several streams: its CPU threads
 *              (the process header rows);
 *   processes  the same, inside one group of the CPU threads of all
 *              processes ("All processes": outliers across ranks, Fig. 6.7);
 *   nodes      the same, inside one group per system node, of the CPU threads
 *              of the node's processes;
 *   custom     the same, plus one group of streams the user picked (by
 *              "process / stream" name, so the same set applies to every
 *              trace); they leave their processes' groups;
 *   clusters   the same, plus one group per structural cluster
 *              (jx-cluster.h) of the trace's streams in it, "Cluster 3"
 *              (each stream's cluster given: jx_stream_groups_new_full);
 *              they leave their processes' groups, so folding the
 *              clusters shows one row per cluster.
 *
 * Devices: an accelerator stream named like "CUDA[0:7]" or "MIC [0:RDMA]"
 * belongs to device "CUDA 0" / "MIC 0" of its process; other accelerator
 * streams of a process share one device, "Accelerator". A device group exists
 * for two streams or more (a single stream is its own row).
 *
 * Groups nest: a device group lies inside its process's group, a process
 * group inside its node's or the all-processes group. A folded group is one
 * row showing the fold of its members; a folded process still shows its
 * device groups below it.
 *
 * Immutable and reference counted; any thread may read it. */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

typedef enum
{
  JX_FOLD_GROUPING_THREADS,
  JX_FOLD_GROUPING_PROCESSES,
  JX_FOLD_GROUPING_NODES,
  JX_FOLD_GROUPING_CUSTOM,
  JX_FOLD_GROUPING_CLUSTERS,
  JX_N_FOLD_GROUPINGS
} JxFoldGrouping;

/* "threads", "processes", "nodes", "custom", "clusters" */
const char *jx_fold_grouping_to_string   (JxFoldGrouping  grouping);
gboolean    jx_fold_grouping_from_string (const char     *name,
                                          JxFoldGrouping *grouping);
const char *jx_fold_grouping_label       (JxFoldGrouping  grouping);

typedef enum
{
  JX_STREAM_GROUP_PROCESS,   /* CPU threads of a process (its header row) */
  JX_STREAM_GROUP_DEVICE,    /* streams of one accelerator device of a process */
  JX_STREAM_GROUP_NODE,      /* CPU threads of a system node's processes */
  JX_STREAM_GROUP_ALL,       /* CPU threads of all processes */
  JX_STREAM_GROUP_CUSTOM,    /* streams the user picked */
  JX_STREAM_GROUP_CLUSTER,   /* streams of one structural cluster */
} JxStreamGroupKind;

typedef struct
{
  JxStreamGroupKind kind;
  const char       *name;        /* "MPI Rank 3", "CUDA 0", "node017", … */
  const char       *key;         /* stable across traces: "process:MPI Rank 3", "device:MPI Rank 3:CUDA 0",
                                    "node:node017", "all", "custom", "cluster:3" */
  guint32           process;     /* PROCESS, DEVICE: the process; else JX_NONE */
  guint32           node;        /* NODE: the system node; else JX_NONE */
  guint32           parent;      /* group index it is drawn inside, JX_NONE at the top */
  guint             n_members;
  const guint32    *members;     /* stream indices, ascending */
} JxStreamGroup;

typedef struct _JxStreamGroups JxStreamGroups;

#define JX_TYPE_STREAM_GROUPS (jx_stream_groups_get_type ())
GType            jx_stream_groups_get_type        (void) G_GNUC_CONST;

/* custom: NULL-terminated "process / stream" names (jx_stream_groups_stream_key),
 * used by the custom grouping only. */
JxStreamGroups  *jx_stream_groups_new             (JxTrace            *trace,
                                                   JxFoldGrouping      grouping,
                                                   const char * const *custom);
/* The same; cluster_of (NULL or one entry per stream: its cluster's index
 * from 0, JX_NONE for none) is used by the clusters grouping only. */
JxStreamGroups  *jx_stream_groups_new_full        (JxTrace            *trace,
                                                   JxFoldGrouping      grouping,
                                                   const char * const *custom,
                                                   const guint32      *cluster_of);
JxStreamGroups  *jx_stream_groups_ref             (JxStreamGroups     *self);
void             jx_stream_groups_unref           (JxStreamGroups     *self);

JxTrace         *jx_stream_groups_get_trace       (JxStreamGroups     *self);
JxFoldGrouping   jx_stream_groups_get_grouping    (JxStreamGroups     *self);
guint            jx_stream_groups_get_n_groups    (JxStreamGroups     *self);
const JxStreamGroup *jx_stream_groups_get_group   (JxStreamGroups     *self,
                                                   guint               index);
/* The process header group of a process, JX_NONE when it has one stream. */
guint32          jx_stream_groups_get_process_group (JxStreamGroups   *self,
                                                   guint32             process);
/* The group whose rows list the stream when unfolded (a device or the
 * custom group, else its process's, else for a process of one stream its
 * node's or the all-processes group), JX_NONE when the stream is a row of
 * its own under no header. */
guint32          jx_stream_groups_get_stream_group (JxStreamGroups    *self,
                                                   guint32             stream);
/* Index of the group with this key, JX_NONE if none. */
guint32          jx_stream_groups_find            (JxStreamGroups     *self,
                                                   const char         *key);

/* "process / stream", how the custom set names a stream. */
char            *jx_stream_groups_stream_key      (JxTrace            *trace,
                                                   guint32             stream);
/* The device an accelerator stream belongs to ("CUDA 0"); NULL when its
 * name says none. */
char            *jx_stream_groups_device_name     (const char         *stream_name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxStreamGroups, jx_stream_groups_unref)

G_END_DECLS
