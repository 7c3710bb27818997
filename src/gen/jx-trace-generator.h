/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-generator.h — writes realistic synthetic OTF2 archives through
 * libotf2's writer, for the bundled examples, tests and benchmarks.
 *
 * The archive models an MPI stencil code: "main" → MPI_Init, MPI_Bcast, then
 * per iteration "iteration" → "compute" (a user call tree of the requested
 * depth and fan-out whose first leaf is "stencil_kernel"), "compute_halo",
 * "exchange_halo" (MPI_Irecv/MPI_Isend to both ring neighbours, MPI_Waitall),
 * "update_boundary", MPI_Allreduce; every 10th iteration "exchange_boundary"
 * (blocking MPI_Send/MPI_Recv between rank pairs), every 25th MPI_Barrier;
 * then MPI_Finalize.  Extra CPU threads run the compute tree in parallel;
 * accelerator streams run the kernels "stencil_kernel" launches.
 * Everything is deterministic for a given seed; a start delay only makes
 * MPI_Init longer and shifts all that follows by exactly that time. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  JX_VARIANT_NONE              = 0,
  JX_VARIANT_REMOVE_FUNCTION   = 1 << 0,  /* "compute_halo" (and its "pack_buffer") is not called any more */
  JX_VARIANT_ADD_FUNCTION      = 1 << 1,  /* a new "check_residual" in every iteration */
  JX_VARIANT_RENAME_FUNCTION   = 1 << 2,  /* "stencil_kernel" renamed "stencil_kernel_v2", and so is
                                             the CUDA kernel "stencil_kernel(double*, const double*, int)" */
  JX_VARIANT_FASTER_KERNEL     = 1 << 3,  /* the stencil kernel (on the accelerator, or on the CPU
                                             without streams) takes half the time */
  JX_VARIANT_SLOWER_MACHINE    = 1 << 4,  /* all compute 1.4x slower, network 2x slower; machine
                                             "cluster-b" with nodes "b-node000"... instead of "cluster-a" */
  JX_VARIANT_ROTATE_THREADS    = 1 << 5,  /* worker threads take different roles, as in task runtimes
                                             (HPX): compute (the user call tree), build a tree
                                             ("build_tree"), schedule tasks ("schedule_tasks"), write
                                             output ("write_output"); the seed rotates them: thread t
                                             (t >= 1) takes role (t - 1 + seed) mod (threads - 1), mod 4,
                                             so runs with seeds s and s + 1 have each role on the next
                                             thread (jx_generator_thread_role) */
  JX_VARIANT_MORE_CALLS        = 1 << 6,  /* "compute_halo" calls "pack_buffer" JX_GENERATOR_MORE_CALLS
                                             times instead of once, each call as long as the one
                                             (the same code run on smaller buffers, called more often);
                                             compared the other way round: that many times fewer calls */
} JxVariant;

#define JX_GENERATOR_MORE_CALLS 6

/* Deliberate defects, for loader tests. */
typedef enum
{
  JX_DEFECT_INJECT_NONE            = 0,
  JX_DEFECT_INJECT_UNCLOSED        = 1 << 0,  /* last rank's stream ends with open regions */
  JX_DEFECT_INJECT_MISMATCHED      = 1 << 1,  /* one leave names the wrong region */
  JX_DEFECT_INJECT_BACKWARDS       = 1 << 2,  /* one timestamp goes backwards */
  JX_DEFECT_INJECT_UNKNOWN_ROLE    = 1 << 3,  /* a region with role 40 (as Score-P 9) */
  JX_DEFECT_INJECT_UNDEFINED_REGION= 1 << 4,  /* an enter/leave pair names an undefined region */
  JX_DEFECT_INJECT_EMPTY_STREAM    = 1 << 5,  /* one extra location without events */
  JX_DEFECT_INJECT_MISSING_EVT     = 1 << 6,  /* one location's .evt file is deleted after writing */
  JX_DEFECT_INJECT_UNMATCHED_LEAVE = 1 << 7,  /* a leave with nothing open */
  JX_DEFECT_INJECT_UNKNOWN_METRIC  = 1 << 8,  /* rank 0 records one Metric event naming an
                                                 undefined metric class (JX_GENERATOR_UNKNOWN_METRIC) */
} JxDefectInjection;

/* Where the defects go, so tests can look for them:
 *   UNCLOSED          last rank's "Master thread": the last "iteration" and
 *                     "main" are never left (2 open regions);
 *   MISMATCHED        rank 0's master, iteration 0: "update_boundary" is left
 *                     with a Leave naming "compute";
 *   BACKWARDS         rank 0's master, iteration 0: the Enter of
 *                     "update_boundary" lies 10 µs before the previous event;
 *   UNKNOWN_ROLE      region "update_boundary" is defined with role 40;
 *   UNDEFINED_REGION  rank 0's master, iteration 0: Enter/Leave of region
 *                     reference JX_GENERATOR_UNDEFINED_REGION;
 *   EMPTY_STREAM      an extra CPU location "Thread T" (T = n_threads) in the
 *                     last rank, defined with 0 events;
 *   MISSING_EVT       the master thread of rank 1 (rank 0 with one rank) loses
 *                     its .evt file after writing;
 *   UNMATCHED_LEAVE   rank 0's master: one more Leave of "main" after "main"
 *                     was left. */
#define JX_GENERATOR_UNDEFINED_REGION 4000000u
#define JX_GENERATOR_UNKNOWN_METRIC   99u

/* A function whose calls follow a law of x (the number of ranks, or an
 * input size): see jx-gen-laws.c. */
typedef enum
{
  JX_GEN_LAW_CALLS,        /* round (I · c · x^i · log2^j(x)) calls over the run (I the
                              iterations), spread evenly over ranks and iterations, each
                              about call_ns long */
  JX_GEN_LAW_ALL_TO_ALL,   /* once per iteration on every rank: an MPI_Irecv and an
                              MPI_Isend to every rank (itself included, as a transpose
                              that sends its own block too), then MPI_Waitall: p²
                              messages per iteration; c, i, j are not used */
} JxGenLawKind;

typedef struct
{
  const char *name;            /* a region name of its own */
  guint       kind;            /* JxGenLawKind */
  gboolean    communication;   /* an MPI region (category MPI) rather than a user function */
  double      coefficient;     /* c: calls per iteration, summed over ranks, at x = 1 */
  double      exponent;        /* i */
  guint       log_exponent;    /* j */
  double      call_ns;         /* the cost of one call */
} JxGenLaw;

typedef struct
{
  guint32  seed;
  guint    n_ranks;             /* MPI processes */
  guint    n_threads;           /* CPU threads per rank (>= 1) */
  guint    n_iterations;
  guint    depth;               /* depth of the user call tree below "iteration" */
  guint    fanout;              /* children per user function */
  guint    n_gpu_streams;       /* accelerator streams per rank (0 = none) */
  guint    imbalanced_ranks;    /* bitmask of the first 32 ranks that get extra work */
  double   imbalance;           /* extra work factor on those ranks, e.g. 0.5 = +50 % */
  gboolean markers;             /* write phase markers into the marker file */
  guint    variant;             /* JxVariant flags */
  guint    defects;             /* JxDefectInjection flags */
  guint64  timer_resolution;    /* ticks per second, default 1e9 */
  gint64   start_delay_ns;      /* MPI_Init takes this much longer on every rank, so
                                   everything after it starts this much later relative
                                   to the trace's start (0 to
                                   JX_GENERATOR_MAX_START_DELAY_NS; default 0) */
  const char *process_names;    /* names of the processes (location groups): "{rank}"
                                   stands for the rank, "{pid}" for a process ID made up
                                   from the seed and the rank, as tools that name
                                   processes by PID write them ("process {pid}" gives
                                   "process 130384"); NULL = "MPI Rank {rank}" */
  const char *archive_name;     /* the archive is <directory>/<name>.otf2 (with
                                   <name>.def and <name>/); a file name without a
                                   directory separator, as APEX writes "APEX";
                                   NULL = "traces", as Score-P */
  guint    n_classes;           /* ranks in this many behaviours (0 or 1: all alike, up to
                                   JX_GENERATOR_MAX_CLASSES): contiguous blocks of ranks, class c
                                   >= 1 calls its own function ("solve_fluid", ...) in every
                                   iteration (jx_generator_rank_class) */
  guint    n_outliers;          /* this many ranks (up to JX_GENERATOR_MAX_OUTLIERS), spread over
                                   the ranks, each call a set of rare functions ("retry_send", ...)
                                   no other rank calls, once (jx_generator_rank_outlier) */
  const JxGenLaw *laws;         /* functions whose calls follow a law (NULL = none),
                                   called in every iteration after "update_boundary" */
  guint    n_laws;
  double   law_x;               /* x of the laws: 0 = the number of ranks, else an input size */
  double   law_jitter;          /* each law's call count varies by up to ±this fraction
                                   (uniform, from the seed and the law), e.g. 0.05 */
  gboolean metrics;             /* every CPU thread records a Metric event right before
                                   each of its Enter and Leave events, as Score-P does with
                                   PAPI counters: JX_GENERATOR_METRIC_CYCLES and
                                   JX_GENERATOR_METRIC_POWER (jx_generator_metric_cycles) */
} JxGeneratorOptions;

/* The metrics of options.metrics, one class of two members:
 * "JX_CYCLES", accumulated-start, uint64, unit "#": on rank r at time t
 * (ticks) it reads (t - JX_GENERATOR_METRIC_ORIGIN (resolution)) * (r + 1),
 * so its rate is (r + 1) * timer_resolution per second;
 * "JX_POWER", absolute-point, double, unit "W": 50 + 10 r. */
#define JX_GENERATOR_METRIC_CYCLES "JX_CYCLES"
#define JX_GENERATOR_METRIC_POWER  "JX_POWER"
#define JX_GENERATOR_METRIC_ORIGIN(resolution) ((guint64) (resolution) * 1000)

guint64  jx_generator_metric_cycles (const JxGeneratorOptions *options,
                                     guint                     rank,
                                     guint64                   time);
double   jx_generator_metric_power  (guint                     rank);

#define JX_GENERATOR_MAX_CLASSES  64
#define JX_GENERATOR_MAX_OUTLIERS 63

/* One day: longer start-up phases are clamped to it. */
#define JX_GENERATOR_MAX_START_DELAY_NS G_GINT64_CONSTANT (86400000000000)

/* What was written; event counts are summed over all locations, including
 * the events of a location whose .evt file JX_DEFECT_INJECT_MISSING_EVT
 * deleted afterwards. */
typedef struct
{
  guint64  n_events;
  guint64  n_enter;
  guint64  n_leave;
  guint64  n_mpi_send;               /* MpiSend */
  guint64  n_mpi_isend;              /* MpiIsend */
  guint64  n_mpi_isend_complete;     /* MpiIsendComplete */
  guint64  n_mpi_irecv_request;      /* MpiIrecvRequest */
  guint64  n_mpi_recv;               /* MpiRecv */
  guint64  n_mpi_irecv;              /* MpiIrecv */
  guint64  n_mpi_collective_begin;
  guint64  n_mpi_collective_end;
  guint64  n_messages;               /* point-to-point messages = sends */
  guint64  n_collectives;            /* collective operations (per communicator, not per rank) */
  guint64  n_metric;                 /* Metric events */
  guint    n_markers;                /* marker instances */
  guint    n_marker_defs;
  guint    n_location_groups;
  guint    n_locations;              /* including an injected empty one */
  guint    n_regions;                /* defined regions */
  guint    n_iterations;
  guint64  first_time;               /* ticks */
  guint64  last_time;                /* ticks */
  guint64  gpu_busy_ticks;           /* summed over ranks: the time at least one of the
                                        rank's accelerator streams ran a kernel */
} JxGeneratorStats;

void     jx_generator_options_init (JxGeneratorOptions *options);

/* Writes the archive "<directory>/traces.otf2" (+ traces.def, traces/; or
 * the archive_name of the options) and
 * returns the number of events written, or 0 with error set.  An archive
 * already in the directory is replaced. */
guint64  jx_generate_trace          (const char                *directory,
                                     const JxGeneratorOptions  *options,
                                     GError                   **error);

/* Same, and fills @stats (may be NULL). */
guint64  jx_generate_trace_full     (const char                *directory,
                                     const JxGeneratorOptions  *options,
                                     JxGeneratorStats          *stats,
                                     GError                   **error);

/* Runs the generator without writing; fills @stats (may be NULL) and
 * returns the number of events jx_generate_trace would write. */
guint64  jx_generator_count_events  (const JxGeneratorOptions  *options,
                                     JxGeneratorStats          *stats);

/* The iteration count (>= 1) that makes @options write about @n_events. */
guint    jx_generator_iterations_for_events (const JxGeneratorOptions *options,
                                             guint64                   n_events);

/* The class of a rank (0 when the options have none) and the index of the
 * outlier it is, or -1: what structural clustering should find, for tests.
 * With an odd number of ranks and 10 iterations or more, the last rank
 * also differs: it has no partner for the blocking exchange. */
guint    jx_generator_rank_class   (const JxGeneratorOptions *options,
                                    guint                     rank);
gint     jx_generator_rank_outlier (const JxGeneratorOptions *options,
                                    guint                     rank);
/* The role of CPU thread `thread` of a rank under JX_VARIANT_ROTATE_THREADS
 * (0 compute, 1 build a tree, 2 schedule tasks, 3 write output; the master
 * thread 0 always runs the program); 0 without the variant. */
guint    jx_generator_thread_role  (const JxGeneratorOptions *options,
                                    guint                     thread);
/* The laws of a named set: "scaling" (one function each c·p, c·p^1.5,
 * c·log2 p and constant, and an all-to-all transpose), "paper" (seed 004's
 * Table 1: an FFT transpose (all-to-all), a mailbox put ∝ p², a get ∝ p
 * with a large coefficient — the "missing immutable" bug — and a put ∝ p
 * with a small one). NULL for another name. */
const JxGenLaw *jx_generator_law_preset (const char *name,
                                         guint      *n_laws);

/* The calls the laws of @options make over the run (an all-to-all counts
 * its messages), without simulating it: a cheap bound before generating.
 * Each law's calls are capped at JX_GENERATOR_MAX_LAW_CALLS. */
#define JX_GENERATOR_MAX_LAW_CALLS G_GUINT64_CONSTANT (4000000000)
guint64  jx_generator_count_law_calls (const JxGeneratorOptions *options);

/* Parse one command-line name into its flag: variants "remove", "add",
 * "rename", "faster-kernel", "slower-machine", "more-calls", "rotate-threads"; defects "unclosed",
 * "mismatched", "backwards", "unknown-role", "undefined-region",
 * "empty-stream", "missing-evt", "unmatched-leave", "unknown-metric".  FALSE if unknown. */
gboolean jx_variant_from_string          (const char *name,
                                          guint      *flag);
gboolean jx_defect_injection_from_string (const char *name,
                                          guint      *flag);

G_END_DECLS
