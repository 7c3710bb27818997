/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-cluster-private.h — what `juxtrace-cli cluster` (jx-cli-cluster.c)
 * shares with its --merged-tree (jx-cli-cluster-tree.c). */
#pragma once

#include <glib.h>

#include "jx-cli-common.h"
#include "jx-cluster.h"
#include "jx-merged-tree.h"
#include "jx-scoring.h"

G_BEGIN_DECLS

/* Stream names as runs: consecutive names of one trace and stream name
 * whose processes are numbered one after the other read "trace / MPI Rank
 * 1–31 / Master thread". traces or streams may be NULL (their part left
 * out) or hold NULL entries. Returns the runs' texts. */
GPtrArray *jx_cli_name_runs (const char *const *traces,
                             const char *const *processes,
                             const char *const *streams,
                             guint              n);

/* "trace / process / stream" with the parts that are not NULL. Free with
 * g_free. */
char      *jx_cli_join_name (const char *trace,
                             const char *process,
                             const char *stream);

/* `cluster --sample TRACE` (jx-cli-cluster-sample.c): the clusters of the
 * trace's processes from a sample that fits in `budget_text` (NULL: the
 * default budget). Returns the exit code (the error printed). */
int        jx_cli_cluster_sample_run (const char *subcommand,
                                      const char *path,
                                      const char *budget_text,
                                      guint       members,
                                      gboolean    json,
                                      gboolean    csv);

/* --merged-tree and its options. */
typedef struct
{
  gboolean   merged_tree;   /* --merged-tree */
  gint       cluster;       /* --cluster N (1-based; 0: not given) */
  char     **streams;       /* --streams PATTERN, repeatable */
  gint       depth;         /* --depth N (-1: not given) */
  gint       lines;         /* --lines N (-1: not given) */
  char      *node;          /* --node PATH: the calls of that node instead */
} JxCliClusterTree;

void       jx_cli_cluster_tree_add_entries (GOptionContext   *context,
                                            JxCliClusterTree *options);
void       jx_cli_cluster_tree_clear       (JxCliClusterTree *options);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliClusterTree, jx_cli_cluster_tree_clear)

/* A usage problem with the options (NULL when none). Free with g_free. */
char      *jx_cli_cluster_tree_check       (const JxCliClusterTree *options,
                                            gboolean                json,
                                            gboolean                csv,
                                            gboolean                members_given);

/* Builds the merged call tree of the streams the options choose (the
 * clustering's cluster, or the streams the patterns name; clustering may be
 * NULL with patterns); *what receives what was merged ("cluster 1 (31
 * streams, cpu-thread)"). Returns the exit code (the error printed). */
int        jx_cli_merged_tree_build        (const JxCliClusterTree *options,
                                            const char             *subcommand,
                                            JxTrace               **traces,
                                            char                  **labels,
                                            guint                   n_traces,
                                            JxClustering           *clustering,
                                            const JxScoring        *scoring,
                                            JxMergedTree          **tree,
                                            char                  **what);

/* --node PATH (jx-cli-cluster-node.c): prints the calls of the node the
 * path names, one per contributing stream. Returns the exit code. */
int        jx_cli_cluster_node_print       (JxMergedTree           *tree,
                                            const char             *subcommand,
                                            const char             *node_path,
                                            JxTrace               **traces,
                                            char                  **labels,
                                            char * const           *paths,
                                            guint                   n_traces,
                                            const char             *what,
                                            gboolean                json,
                                            gboolean                csv);

/* Builds and prints the merged tree of the chosen streams of the traces
 * (the clustering's cluster, or the streams the patterns name). Returns
 * the exit code. */
int        jx_cli_cluster_tree_run         (const JxCliClusterTree *options,
                                            const char             *subcommand,
                                            JxTrace               **traces,
                                            char                  **labels,
                                            char * const           *paths,
                                            guint                   n_traces,
                                            JxClustering           *clustering,
                                            const JxScoring        *scoring,
                                            gboolean                json,
                                            gboolean                csv);

/* `cluster` between its options and its output: juxtrace-cli clusters the
 * whole traces, juxtrace-mpi the signatures its ranks build of their shares
 * (src/mpi/). */
typedef struct
{
  const char             *command;    /* "cluster" */
  JxCliTraces            *traces;
  char * const           *paths;      /* as given */
  guint                   n_traces;
  const JxClusterOptions *options;
  JxCliClusterTree       *tree;
  const JxScoring        *scoring;
  gboolean                json;
  gboolean                csv;
} JxCliClusterRequest;

typedef struct
{
  gboolean      quiet;       /* print nothing more (printed already, or an
                                MPI rank other than 0) */
  GPtrArray    *traces;      /* JxTrace per trace: the whole trace or
                                (juxtrace-mpi) a share of it; names, paths */
  JxSignatureSet *set;       /* when the clustering does not own its set */
  JxClustering *clustering;
  GPtrArray    *reports;     /* JsonNode per trace; NULL: the traces' */
} JxCliClusterResult;

void jx_cli_cluster_result_clear (JxCliClusterResult *result);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliClusterResult, jx_cli_cluster_result_clear)

typedef int (*JxCliClusterCompute) (const JxCliClusterRequest *request,
                                    JxCliClusterResult        *result,
                                    gpointer                   data);

/* `cluster` with its options and output, computed by compute. */
int        jx_cli_cluster_with             (int                   argc,
                                            char                **argv,
                                            JxCliClusterCompute   compute,
                                            gpointer              compute_data);

/* "equal", "gap" or "different", translated (jx-cli-cluster-tree.c). */
const char *jx_cli_cluster_state_word (JxMergedState state);

G_END_DECLS
