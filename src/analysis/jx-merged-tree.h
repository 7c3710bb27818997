/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-tree.h — the merged call tree of many streams: hierarchical
 * multiple sequence alignment, Weber's dissertation §5.2.2, Algorithm 7.
 *
 * The call trees (invocation trees) of the streams are traversed together
 * from their roots. At every node of the merged tree the children of the
 * calls it merges are aligned by progressive multiple alignment
 * (jx-msa.h); every column of that alignment becomes a child node merging
 * the calls in it, and the traversal continues below it. Before aligning,
 * calls whose children sequences are equal are grouped (the first stage of
 * Table 5.9, applied at every node): only the distinct sequences are
 * aligned; calls whose whole subtrees are equal are merged in one sweep.
 *
 * Each node has a state (equal in all streams / a gap in some / different
 * functions merged), the streams that contribute a call to it (at most one
 * call per stream), and statistics of those calls' inclusive times: min,
 * median, max, sum, and the outlier (the call farthest from the median).
 * Everything is compact arrays in pre-order (as a JxStream's invocations):
 * parent, subtree_end, depth per node; the members of node i are
 * members[member_offset[i] .. member_offset[i + 1]), in stream order.
 *
 * The result is plain data shared by the window and the CLI: it copies the
 * names it needs and holds no reference to the traces, only the indices
 * (JxStreamRef) that find the calls in them again (to highlight a node's
 * calls in the contributing streams' rows: jx_merged_tree_get_members). */
#pragma once

#include <gio/gio.h>

#include "jx-cluster.h"
#include "jx-msa.h"
#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  guint32 trace;              /* index into the traces given to the build */
  guint32 stream;             /* index into that trace's streams */
} JxStreamRef;

typedef enum
{
  JX_MERGED_EQUAL,            /* every stream calls the same function here (green in Fig. 5.12) */
  JX_MERGED_GAP,              /* some streams have no call here, the others call the same function (blue) */
  JX_MERGED_DIFFERENT,        /* different functions merged; some streams may have no call here either (red) */
  JX_MERGED_N_STATES
} JxMergedState;

/* "equal", "gap", "different". */
const char *jx_merged_state_to_string (JxMergedState state);

typedef struct
{
  JxMsaOptions msa;           /* scores, guide and ties of every multiple alignment */
  guint        n_threads;     /* 0 = one per core; 1 = on the calling thread only */
} JxMergedTreeOptions;

void jx_merged_tree_options_init (JxMergedTreeOptions *options);

typedef struct
{
  guint32 stream;             /* index into the tree's streams (jx_merged_tree_get_stream) */
  guint32 invocation;         /* the call in that stream */
} JxMergedMember;

/* The nodes, pre-order, struct of arrays (n_nodes each). */
typedef struct
{
  guint32        n_nodes;
  const guint32 *parent;      /* JX_NONE for a top-level node */
  const guint32 *subtree_end; /* one past the last descendant */
  const guint16 *depth;       /* 0 at the top */
  const guint32 *symbol;      /* the function (the most frequent one of a DIFFERENT node) */
  const guint8  *state;       /* JxMergedState */
  const guint32 *n_members;   /* contributing streams */
  const guint64 *member_offset; /* n_nodes + 1 entries */
  const double  *min_seconds; /* inclusive time of the contributing calls */
  const double  *median_seconds;
  const double  *max_seconds;
  const double  *sum_seconds; /* a child's sum never exceeds its parent's */
  const guint32 *outlier;     /* the stream farthest from the median (≥ 3 members), else JX_NONE */
} JxMergedNodes;

/* What the build did (§5.3.2's stages, as counts). */
typedef struct
{
  guint64 n_invocations;      /* of all streams: each is a member of exactly one node */
  guint64 by_state[JX_MERGED_N_STATES];
  guint64 n_sweeps;           /* nodes whose members' subtrees were all equal: merged in one sweep */
  guint64 n_single;           /* nodes whose members' children sequences were all equal */
  guint64 n_msa;              /* nodes whose children needed a multiple alignment */
  guint64 n_msa_sequences;    /* distinct sequences aligned there, summed */
  guint64 max_msa_sequences;  /* the most at one node */
  guint64 n_guide[3];         /* by JxMsaGuide */
  JxAlignStats align;         /* the pairwise steps */
  guint   n_tasks;            /* subtrees built on worker threads */
  double  elapsed;            /* seconds, wall clock */
} JxMergedTreeStats;

typedef struct
{
  guint32 symbol;
  guint32 count;              /* streams calling it at the node */
} JxMergedFunction;

typedef struct _JxMergedTree JxMergedTree;

#define JX_TYPE_MERGED_TREE (jx_merged_tree_get_type ())
GType          jx_merged_tree_get_type         (void) G_GNUC_CONST;

JxMergedTree  *jx_merged_tree_ref              (JxMergedTree *self);
void           jx_merged_tree_unref            (JxMergedTree *self);

const JxMergedNodes *jx_merged_tree_get_nodes  (JxMergedTree *self);
const JxMergedTreeStats *jx_merged_tree_get_stats (JxMergedTree *self);
const JxMergedTreeOptions *jx_merged_tree_get_options (JxMergedTree *self);

/* The streams merged, in the order given. */
guint          jx_merged_tree_get_n_streams    (JxMergedTree *self);
JxStreamRef    jx_merged_tree_get_stream       (JxMergedTree *self,
                                                guint         stream);
/* "process / stream" of the stream, and the name of its trace. */
const char    *jx_merged_tree_get_stream_name  (JxMergedTree *self,
                                                guint         stream);
const char    *jx_merged_tree_get_trace_name   (JxMergedTree *self,
                                                guint         stream);
/* Function names; symbols are shared by all traces (by name). */
const char    *jx_merged_tree_get_symbol_name  (JxMergedTree *self,
                                                guint32       symbol);

/* The calls merged into node, in stream order. */
const JxMergedMember *jx_merged_tree_get_members (JxMergedTree *self,
                                                  guint32       node,
                                                  guint        *n);
/* The member of `stream` at node, JX_NONE when the stream has a gap there. */
guint32        jx_merged_tree_find_member      (JxMergedTree *self,
                                                guint32       node,
                                                guint32       stream);
/* The functions merged at node with how many streams call each, the most
 * called first (ties: by name). One entry unless the node is DIFFERENT. */
GArray        *jx_merged_tree_get_functions    (JxMergedTree *self,
                                                guint32       node);
/* The node's call path from the top, "main / solve / MPI_Wait" (a
 * DIFFERENT node reads "d|e"). Free with g_free. */
char          *jx_merged_tree_get_path         (JxMergedTree *self,
                                                guint32       node);
/* For the icicle: the node of `stream`'s invocation (JX_NONE when out of
 * range). Free the map with g_free: one entry per invocation. */
guint32       *jx_merged_tree_map_stream       (JxMergedTree *self,
                                                guint32       stream);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxMergedTree, jx_merged_tree_unref)

/* The streams of one cluster (jx-cluster.h) as references for the build,
 * in trace and stream order. Free with g_free. */
JxStreamRef   *jx_merged_tree_streams_of_cluster (JxClustering *clustering,
                                                  guint         cluster,
                                                  guint        *n);

/* Called with the invocations placed so far and their total: on the
 * calling thread for jx_merged_tree_build, on the caller's main context
 * (coalesced) for the asynchronous build. */
typedef void (*JxMergedTreeProgress) (guint64  done,
                                      guint64  total,
                                      gpointer user_data);

/* Merges the streams (at least one; each at most once). Streams whose
 * events could not be read (JX_STREAM_FLAG_MISSING) are an error naming
 * them: they have no structure to merge. NULL with G_IO_ERROR_CANCELLED
 * when cancelled. */
JxMergedTree  *jx_merged_tree_build            (JxTrace *const             *traces,
                                                guint                       n_traces,
                                                const JxStreamRef          *streams,
                                                guint                       n_streams,
                                                const JxMergedTreeOptions  *options,   /* NULL = defaults */
                                                JxMergedTreeProgress        progress,
                                                gpointer                    progress_data,
                                                GCancellable               *cancellable,
                                                GError                    **error);

/* The same on a worker thread; the traces are referenced until it ends.
 * progress_data must stay valid until callback has run. */
void           jx_merged_tree_build_async      (JxTrace *const             *traces,
                                                guint                       n_traces,
                                                const JxStreamRef          *streams,
                                                guint                       n_streams,
                                                const JxMergedTreeOptions  *options,
                                                GCancellable               *cancellable,
                                                JxMergedTreeProgress        progress,
                                                gpointer                    progress_data,
                                                GAsyncReadyCallback         callback,
                                                gpointer                    user_data);
JxMergedTree  *jx_merged_tree_build_finish     (GAsyncResult               *result,
                                                GError                    **error);

G_END_DECLS
