/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi.h — juxtrace-mpi: the CLI's commands spread over MPI ranks
 * (docs/mpi.md). Every rank loads only its share of the processes of each
 * trace (partial loading, jx-trace-selection.h), computes on it, and rank 0
 * reduces the results and prints what juxtrace-cli prints. */
#pragma once

#include <glib.h>

#include "jx-cli-common.h"
#include "jx-pack.h"
#include "jx-trace-selection.h"

G_BEGIN_DECLS

typedef struct
{
  int rank;
  int size;
} JxMpi;

/* This process's rank and the number of ranks (after jx_mpi_init). */
extern JxMpi jx_mpi;

/* MPI_Init, and on ranks other than 0 silences g_print and g_printerr:
 * usage errors and --help, which every rank meets alike, appear once. */
void      jx_mpi_init        (int    *argc,
                              char ***argv);
void      jx_mpi_finalize    (void);
/* Collective: returns when every rank has called it, waiting in short
 * sleeps instead of MPI's busy polling, so a rank that waits for another
 * (rank 0 merging and printing, a rank still loading) leaves the processor
 * to it. Every collective of MPI_COMM_WORLD here calls it first. */
void      jx_mpi_meet        (void);

/* Collective. Every rank passes its own failure (NULL: none). TRUE when no
 * rank failed; else the lowest failing rank prints one line
 * "juxtrace-mpi COMMAND: rank R: MESSAGE" (the message names the file)
 * and every rank gets FALSE. Never hangs on a failure: every rank calls it
 * at the same steps. */
gboolean  jx_mpi_all_ok      (const char   *command,
                              const GError *error);

/* Collective: rank 0 gets every rank's bytes (an array of jx_mpi.size
 * GBytes, free with g_ptr_array_unref); the others get NULL. */
GPtrArray *jx_mpi_gather     (GByteArray   *mine);
/* Collective: rank 0's bytes to every rank (data is rank 0's, replaced on
 * the others). */
void      jx_mpi_broadcast   (GByteArray  **data);

/* The plan: which processes of each trace every rank loads. Rank 0 reads
 * both traces' definitions (JxTraceOutline), pairs the processes by name
 * and groups them: each pair of identically named processes is a group;
 * the processes whose names did not pair them so are one group, since
 * their pairing weighs their structure against each other. The groups go
 * to the ranks by work (events the definitions give, else event-file
 * bytes), the largest first to the least loaded rank. The processes of one
 * trace (b NULL) go instead in consecutive runs of about equal work, so
 * that neighbours (who exchange most messages) share a rank, unless that
 * leaves the busiest rank more than 1/20 more work. rank0_per_location:
 * the work rank 0 does alone after the others (merging, printing) per
 * location of trace a, as events to read: rank 0 loads that much less. */
typedef struct
{
  GArray          *processes_a;   /* guint: positions in A's definitions, ascending */
  GArray          *processes_b;
  guint64          work;          /* this rank's share of the work */
  guint            n_processes_a; /* in the whole traces */
  guint            n_processes_b;
  guint64          total_work;
  /* Rank 0 only: */
  JxTraceOutline  *outline_a;
  JxTraceOutline  *outline_b;
} JxMpiPlan;

/* Collective; FALSE (after jx_mpi_all_ok's message) when rank 0 cannot
 * read a trace's definitions. */
gboolean  jx_mpi_plan_make   (JxMpiPlan    *plan,
                              const char   *command,
                              const char   *path_a,
                              const char   *path_b,
                              guint         rank0_per_location);
void      jx_mpi_plan_clear  (JxMpiPlan    *plan);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxMpiPlan, jx_mpi_plan_clear)

/* Whether every location's definition gives its number of events (NULL:
 * yes), and the work of a process: its events as the definitions give
 * them (about twice its invocations), else its event files' bytes. */
gboolean  jx_mpi_has_event_counts (JxTraceOutline *outline);
guint64   jx_mpi_process_work     (JxTraceOutline *outline,
                                   guint           process,
                                   gboolean        by_events);

/* OTF2 location reference → position among the whole trace's streams
 * (rank 0: from its outline); the position of a reference, JX_NONE when
 * unknown or G_MAXUINT64. */
GHashTable *jx_mpi_location_positions (JxTraceOutline *outline);
guint32   jx_mpi_position_of (GHashTable   *map,
                              guint64       ref);
/* Collective: the same map of trace A's locations on every rank. */
GHashTable *jx_mpi_plan_positions (JxMpiPlan *plan);

typedef enum
{
  JX_MPI_SHARES_EVERY_RANK = 1 << 0, /* a share for every rank; where the plan gives
                                        it none, the first process, for the
                                        definitions, "borrowed" */
  JX_MPI_SHARES_EXTERNAL   = 1 << 1, /* keep the message events with peers in other
                                        shares, and those left unmatched, as records
                                        (jx_trace_get_external_messages) */
  JX_MPI_SHARES_MISSING    = 1 << 2, /* a stream whose events cannot be read does not
                                        fail the load (it is flagged missing) */
} JxMpiSharesFlags;

/* Loads this rank's share of path (processes: positions in its
 * definitions, of total_processes; 0: unknown). A stream whose events
 * cannot be read fails the load with an error naming its event file
 * (unless JX_MPI_SHARES_MISSING). Other defects do not: --strict is
 * decided on the whole trace's report (jx_mpi_strict_fails). */
JxTrace  *jx_mpi_load_share  (const char   *path,
                              GArray       *processes,
                              guint         total_processes,
                              guint64       memory_budget,
                              JxMpiSharesFlags flags,
                              GError      **error);

/* The work rank 0 does alone per stream after the others are done
 * (merging the load report and the command's results, printing), in events
 * to read, for jx_mpi_shares_load (): measured on a generated trace of
 * 10,000 small processes, where a rank's load took 0.07 s + 0.35 s × its
 * part of the 3.5 M events, and rank 0 after loading 0.22 s more than the
 * others for info, 0.13 s for cluster, 0.09 s for profile and imbalance. */
#define JX_MPI_RANK0_INFO    200
#define JX_MPI_RANK0_CLUSTER 120
#define JX_MPI_RANK0_REPORT   80

/* Commands of one or more traces, each split over the ranks alone. */
typedef struct _JxMpiStats JxMpiStats;
typedef struct
{
  GPtrArray *plans;       /* JxMpiPlan per trace */
  GPtrArray *positions;   /* per trace: jx_mpi_plan_positions () */
  GPtrArray *traces;      /* JxTrace per trace: this rank's share; NULL
                             when it has none (unless JX_MPI_SHARES_EVERY_RANK) */
  GArray    *borrowed;    /* gboolean per trace: its share is one the
                             plan gave another rank (JX_MPI_SHARES_EVERY_RANK) */
  double     reduce;      /* seconds of reductions inside a computation */
} JxMpiShares;


/* Collective: plans and loads every trace's share; stats get plan and
 * load. FALSE after one message (jx_mpi_all_ok) when a rank cannot. */
gboolean  jx_mpi_shares_load (JxMpiShares  *shares,
                              const char   *command,
                              char * const *paths,
                              guint         n_traces,
                              guint64       budget,
                              JxMpiSharesFlags flags,
                              guint         rank0_per_location,
                              JxMpiStats   *stats);
void      jx_mpi_shares_clear (JxMpiShares *shares);
/* Empty shares, for traces that a command plans and loads in its own way
 * (diff, trend), each added with jx_mpi_shares_add (): collective, every
 * rank adds the same traces in the same order; outline: the whole trace's
 * definitions on rank 0 (taken; NULL elsewhere), share: this rank's part
 * of the trace (taken), NULL when it has none. */
void      jx_mpi_shares_init (JxMpiShares *shares);
void      jx_mpi_shares_add  (JxMpiShares    *shares,
                              JxTraceOutline *outline,
                              JxTrace        *share);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxMpiShares, jx_mpi_shares_clear)
/* Whether share index is this rank's part of the trace (not NULL nor
 * borrowed). */
gboolean  jx_mpi_shares_contributes (JxMpiShares *shares,
                                     guint        index);
/* The number of a share among the traces. */
guint     jx_mpi_shares_find (JxMpiShares  *shares,
                              JxTrace      *trace);
/* A stream of share index: its position among the whole trace's. */
guint32   jx_mpi_shares_position (JxMpiShares *shares,
                                  guint        index,
                                  guint32      stream);
/* Collective, after loading with JX_MPI_SHARES_EXTERNAL: rank 0 gets the
 * load report of every whole trace (JsonNode per trace) as a single
 * process's load finds it, the messages between shares matched
 * (jx-mpi-info.c); with json FALSE it prints their caveat lines, labelled
 * with paths. With light, every share is replaced, once its part of the
 * report is packed, by an empty trace of its path, name and timer
 * resolution: its events are freed before rank 0 merges. FALSE (after one
 * message) when the shares do not make up a trace. */
gboolean  jx_mpi_shares_matched_reports (JxMpiShares  *shares,
                                         const char   *command,
                                         gboolean      json,
                                         char * const *paths,
                                         gboolean      light,
                                         GPtrArray   **reports);
/* The same; stream_flags: rank 0 gets per trace a GByteArray of its
 * streams' JX_STREAM_FLAG_* in the whole trace's order, "repaired" from
 * the matching between shares too. */
gboolean  jx_mpi_shares_matched_reports_full (JxMpiShares  *shares,
                                              const char   *command,
                                              gboolean      json,
                                              char * const *paths,
                                              gboolean      light,
                                              GPtrArray   **reports,
                                              GPtrArray   **stream_flags);
/* Collective with --strict (FALSE at once without): whether the shares
 * of any rank have defects of their own (n_defects: this rank's). Their
 * whole traces' reports then list them (the matching between shares only
 * adds unmatched messages) and juxtrace-cli would stop before computing:
 * every rank skips the computation alike, and rank 0 stops with
 * jx_mpi_apply_load_checks () on the merged reports, with juxtrace-cli's
 * message. */
gboolean  jx_mpi_strict_fails (JxCliTraces  *traces,
                               guint64       n_defects);
/* The same for the shares of jx_mpi_shares_load (a borrowed share's
 * defects are its owner's). */
gboolean  jx_mpi_shares_strict_fails (JxMpiShares  *shares,
                                      JxCliTraces  *traces);
/* Collective: values summed (the lowest) over the ranks, on every rank. */
void      jx_mpi_sum_u64     (guint64      *values,
                              gsize         n);
void      jx_mpi_min_u64     (guint64      *values,
                              gsize         n);

/* Usage errors for the trace options juxtrace-mpi cannot honour
 * (--processes, --every, --window: every rank selects its own share);
 * budget gets --memory-budget (0 when not given). */
int       jx_mpi_check_trace_options (const char  *command,
                                      JxCliTraces *traces,
                                      guint64     *budget);
/* Monotonic seconds. */
double    jx_mpi_now         (void);

/* Commands */
int       jx_mpi_diff        (int           argc,
                              char        **argv);
int       jx_mpi_profile     (int           argc,
                              char        **argv);
int       jx_mpi_cluster     (int           argc,
                              char        **argv);
int       jx_mpi_imbalance   (int           argc,
                              char        **argv);
int       jx_mpi_trend       (int           argc,
                              char        **argv);
int       jx_mpi_info        (int           argc,
                              char        **argv);

G_END_DECLS
