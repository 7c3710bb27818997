/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gen-private.h — the generator's state and the helpers its files share.
 * Nothing outside src/gen should include this.
 *
 * The generator is split by what each part knows:
 *   jx-trace-generator.c  options, names of variants and defects, entry points;
 *   jx-gen-model.c        the program model: regions, call tree, locations;
 *   jx-gen-program.c      the simulated run and the events it writes;
 *   jx-gen-defects.c      where and how the deliberate defects go;
 *   jx-gen-roles.c        threads with roles, ranks in classes and outliers;
 *   jx-gen-archive.c      the OTF2 archive: writers, definitions, markers.
 * The timing and event helpers below are inline: the simulated run calls
 * them for every event. */
#pragma once

#include <otf2/otf2.h>

#include "jx-trace-generator.h"

G_BEGIN_DECLS

#define JX_GEN_MAX_TREE_NODES   4096
#define JX_GEN_MAX_TREE_DEPTH   12
#define JX_GEN_MAX_FANOUT       16
#define JX_GEN_MAX_RANKS        65536
#define JX_GEN_MAX_THREADS      256
#define JX_GEN_MAX_GPU_STREAMS  64

#define JX_GEN_COMM_WORLD       0
#define JX_GEN_METRIC_CLASS     0
#define JX_GEN_COMM_SELF        1

/* Fixed regions; the user call tree's regions follow them. */
enum
{
  JX_GEN_REGION_MAIN,
  JX_GEN_REGION_ITERATION,
  JX_GEN_REGION_COMPUTE_HALO,
  JX_GEN_REGION_PACK_BUFFER,
  JX_GEN_REGION_EXCHANGE_HALO,
  JX_GEN_REGION_UPDATE_BOUNDARY,
  JX_GEN_REGION_CHECK_RESIDUAL,
  JX_GEN_REGION_EXCHANGE_BOUNDARY,
  JX_GEN_REGION_MPI_INIT,
  JX_GEN_REGION_MPI_FINALIZE,
  JX_GEN_REGION_MPI_BCAST,
  JX_GEN_REGION_MPI_ALLREDUCE,
  JX_GEN_REGION_MPI_BARRIER,
  JX_GEN_REGION_MPI_ISEND,
  JX_GEN_REGION_MPI_IRECV,
  JX_GEN_REGION_MPI_WAITALL,
  JX_GEN_REGION_MPI_SEND,
  JX_GEN_REGION_MPI_RECV,
  JX_GEN_REGION_CUDA_LAUNCH,
  JX_GEN_REGION_CUDA_SYNC,
  JX_GEN_REGION_GPU_STENCIL,
  JX_GEN_N_FIXED_REGIONS
};

enum
{
  JX_GEN_MARKER_SETUP,
  JX_GEN_MARKER_ITERATIONS,
  JX_GEN_MARKER_CHECKPOINT,
  JX_GEN_MARKER_IMBALANCE,
  JX_GEN_N_MARKER_DEFS
};

typedef struct
{
  const char *name;
  guint8      paradigm;
  guint8      role;
  const char *file;
  guint32     line;
} JxGenRegionInfo;

typedef struct
{
  OTF2_EvtWriter *writer;     /* NULL when only counting */
  guint64         id;         /* OTF2 location reference */
  guint64         now;        /* time of the last event, ticks */
  guint64         first;      /* time of the first event */
  guint64         n_events;
  guint64         next_request;
  guint64         rng;
  guint32         rank;
  guint32         local;      /* index inside its rank */
  guint8          type;       /* OTF2_LocationType */
  char           *name;
} JxGenLoc;

typedef struct
{
  guint64  time;
  guint64  duration;
  guint64  scope_ref;
  guint32  def;
  guint8   scope;
  char    *text;
} JxGenMarker;

typedef struct
{
  JxGeneratorOptions opt;            /* clamped to what the model holds */
  OTF2_ErrorCode     status;

  guint              per_rank;       /* locations per rank */
  guint              n_locs;         /* incl. an injected empty location */
  JxGenLoc          *locs;

  /* Regions: names, defined or not, OTF2 references. */
  guint              n_regions;      /* fixed + tree */
  char             **region_name;
  JxGenRegionInfo   *region_info;
  gboolean          *region_used;
  guint32           *ref;
  guint              n_defined;

  /* User call tree in pre-order (index 0 = "compute"). */
  guint              n_tree;
  guint32           *tree_end;
  double            *tree_pre_ns;    /* before the children (all work of a leaf) */
  double            *tree_post_ns;   /* after the children */
  guint              stencil_node;

  /* jx-gen-roles.c: regions from extra_first on, per-rank classes. */
  guint              extra_first;
  guint8            *rank_class;     /* per rank, NULL without classes */
  gint8             *rank_outlier;   /* per rank (-1 none), NULL without outliers */

  double             ticks_per_ns;
  guint64            start_delay;    /* ticks MPI_Init takes longer */
  double            *cpu_scale;      /* per rank */
  double             net_scale;
  double             kernel_scale;

  guint64           *send_time;      /* halo sends, 2 per rank */
  guint64           *begin_time;     /* collective begins, per rank */
  guint64           *iter0_start;    /* per rank */
  guint64            block_start;

  GArray            *markers;        /* JxGenMarker */
  /* The event shown backwards through clock offsets (jx-gen-defects.c). */
  guint64            backwards_loc;
  guint64            backwards_prev;   /* time of the event before it, 0 = none */
  guint64            backwards_time;
  guint64            backwards_shift;

  JxGeneratorStats   st;

  /* The laws (jx-gen-laws.c): their first region, each law's calls over
   * the run, and the all-to-all's send times (rank × rank). */
  guint              law_first_region;
  guint64           *law_calls;
  guint64           *law_send_time;
} JxGen;

/* --- randomness and time ------------------------------------------------- */

static inline guint64
_jx_gen_random (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static inline guint64
_jx_gen_ticks (const JxGen *g,
               double       ns)
{
  double t = ns * g->ticks_per_ns;

  return t < 1.0 ? 1 : (guint64) t;
}

/* A duration of about @ns with ±6 % triangular jitter and, rarely, an
 * operating-system hiccup; one PRNG draw. */
static inline guint64
_jx_gen_work (JxGen    *g,
              JxGenLoc *l,
              double    ns)
{
  guint64 x = _jx_gen_random (&l->rng);
  double u1 = (double) (x >> 40) * (1.0 / 16777216.0);
  double u2 = (double) ((x >> 16) & 0xFFFFFF) * (1.0 / 16777216.0);
  double f = 1.0 + 0.06 * (u1 + u2 - 1.0);

  if ((x & 0x3FF) == 0)
    f += 0.4;
  return _jx_gen_ticks (g, ns * f);
}

/* The location works for about @ns. */
static inline void
_jx_gen_spend (JxGen    *g,
               JxGenLoc *l,
               double    ns)
{
  guint64 dt = _jx_gen_work (g, l, ns);

  l->now += dt > 0 ? dt : 1;
}

/* Moves the clock to @t, but always strictly forward. */
static inline void
_jx_gen_at (JxGenLoc *l,
            guint64   t)
{
  l->now = t > l->now ? t : l->now + 1;
}

static inline JxGenLoc *
_jx_gen_master (JxGen *g,
                guint  rank)
{
  return &g->locs[(gsize) rank * g->per_rank];
}

static inline JxGenLoc *
_jx_gen_gpu_stream (JxGen *g,
                    guint  rank,
                    guint  stream)
{
  return &g->locs[(gsize) rank * g->per_rank + g->opt.n_threads + stream];
}

/* --- events ---------------------------------------------------------------- */

/* Keeps the first libotf2 error; the run goes on and reports it at the end. */
#define JX_GEN_CHECK(g, call)                                           \
  G_STMT_START {                                                        \
    OTF2_ErrorCode rc_ = (call);                                        \
    if (G_UNLIKELY (rc_ != OTF2_SUCCESS) && (g)->status == OTF2_SUCCESS) \
      (g)->status = rc_;                                                \
  } G_STMT_END

/* Counts one event of @l in @kind; TRUE when it is also to be written. */
static inline gboolean
_jx_gen_count (JxGenLoc *l,
               guint64  *kind)
{
  l->n_events++;
  (*kind)++;
  return l->writer != NULL;
}

typedef enum
{
  JX_GEN_LEAVE,
  JX_GEN_ENTER,
} JxGenEdge;

/* jx-gen-metrics.c: the Metric event before an Enter or Leave of a CPU
 * thread (options.metrics), and the injected one naming no metric. */
void _jx_gen_metric_event   (JxGen    *g,
                             JxGenLoc *l);
void _jx_gen_unknown_metric (JxGen    *g,
                             JxGenLoc *l);

/* An Enter or Leave of the region reference @ref at the location's time. */
static inline void
_jx_gen_event_ref (JxGen     *g,
                   JxGenLoc  *l,
                   JxGenEdge  edge,
                   guint32    ref)
{
  if (G_UNLIKELY (g->opt.metrics) && l->type == OTF2_LOCATION_TYPE_CPU_THREAD)
    _jx_gen_metric_event (g, l);
  if (!_jx_gen_count (l, edge == JX_GEN_ENTER ? &g->st.n_enter : &g->st.n_leave))
    return;
  if (edge == JX_GEN_ENTER)
    JX_GEN_CHECK (g, OTF2_EvtWriter_Enter (l->writer, NULL, l->now, ref));
  else
    JX_GEN_CHECK (g, OTF2_EvtWriter_Leave (l->writer, NULL, l->now, ref));
}

/* The same for a region of the model: JX_GEN_REGION_* or, from
 * JX_GEN_N_FIXED_REGIONS on, a node of the user call tree. */
static inline void
_jx_gen_event (JxGen     *g,
               JxGenLoc  *l,
               JxGenEdge  edge,
               guint      region)
{
  _jx_gen_event_ref (g, l, edge, g->ref[region]);
}

/* About @ns of work, then the Enter or Leave. */
static inline void
_jx_gen_work_then (JxGen     *g,
                   JxGenLoc  *l,
                   double     ns,
                   JxGenEdge  edge,
                   guint      region)
{
  _jx_gen_spend (g, l, ns);
  _jx_gen_event (g, l, edge, region);
}

/* --- jx-gen-model.c ------------------------------------------------------------ */

void     _jx_gen_init                 (JxGen                    *g,
                                       const JxGeneratorOptions *options);
void     _jx_gen_clear                (JxGen                    *g);

/* --- jx-gen-program.c ---------------------------------------------------------- */

void     _jx_gen_run                  (JxGen                    *g);

/* The point-to-point events of the simulated MPI (jx-gen-program.c). */
typedef enum
{
  JX_GEN_P2P_SEND,
  JX_GEN_P2P_RECV,
  JX_GEN_P2P_ISEND,
  JX_GEN_P2P_IRECV,
  JX_GEN_P2P_ISEND_COMPLETE,
  JX_GEN_P2P_IRECV_REQUEST,
} JxGenP2p;

void     _jx_gen_p2p_event            (JxGen                    *g,
                                       JxGenLoc                 *l,
                                       JxGenP2p                  event,
                                       guint32                   peer,
                                       guint32                   tag,
                                       guint64                   bytes,
                                       guint64                   request);
/* The time a message of @bytes takes on the network, ns. */
double   _jx_gen_network_ns           (JxGen                    *g,
                                       guint64                   bytes);

/* --- jx-gen-laws.c ------------------------------------------------------------- */

/* Names and defines the laws' regions from @first on; sets up their counts. */
void     _jx_gen_laws_init            (JxGen                    *g,
                                       guint                     first);
void     _jx_gen_laws_clear           (JxGen                    *g);
/* The laws' calls of iteration @it on every rank. */
void     _jx_gen_laws_iteration       (JxGen                    *g,
                                       guint                     it);

/* --- jx-gen-defects.c ---------------------------------------------------------- */

/* Whether @rank's master thread leaves its open regions open at the end. */
gboolean _jx_gen_leaves_open          (const JxGen              *g,
                                       guint                     rank);
void     _jx_gen_update_boundary      (JxGen                    *g,
                                       JxGenLoc                 *m,
                                       double                    scale,
                                       gboolean                  inject);
void     _jx_gen_unmatched_leave      (JxGen                    *g);
/* The clock offsets of @l; none unless it holds the backwards event. */
OTF2_ErrorCode _jx_gen_write_clock_offsets (JxGen          *g,
                                            OTF2_DefWriter *dw,
                                            const JxGenLoc *l);
/* Deletes the .evt file JX_DEFECT_INJECT_MISSING_EVT asks to lose. */
gboolean _jx_gen_remove_evt_file      (JxGen                    *g,
                                       const char               *directory,
                                       GError                  **error);

/* --- jx-gen-roles.c ------------------------------------------------------------ */

/* Regions the roles, classes and outliers need beyond the fixed ones and
 * the tree's. */
guint    _jx_gen_roles_n_regions      (const JxGeneratorOptions *options);
/* Names and marks them (from g->extra_first on) and assigns ranks to
 * classes and outliers. */
void     _jx_gen_roles_init           (JxGen                    *g);
void     _jx_gen_roles_clear          (JxGen                    *g);
/* A worker thread's part of one iteration, when its role is not to
 * compute; FALSE when it computes (the caller runs the tree). */
gboolean _jx_gen_run_role             (JxGen                    *g,
                                       JxGenLoc                 *l,
                                       double                    scale);
/* The ranks' class work and (first iteration) the outliers' rare calls. */
void     _jx_gen_class_work           (JxGen                    *g,
                                       guint                     it);

/* --- jx-gen-archive.c ---------------------------------------------------------- */

/* The archive's name: options->archive_name, or "traces". */
const char *_jx_gen_archive_name       (const JxGeneratorOptions *options);
/* Removes an archive an earlier run of the generator left in @directory. */
gboolean _jx_gen_remove_old_archive   (const char               *directory,
                                       const char               *archive_name,
                                       GError                  **error);
/* Opens the archive, runs the program into it, writes the definitions and
 * markers and closes it. */
gboolean _jx_gen_write_archive        (JxGen                    *g,
                                       const char               *directory,
                                       GError                  **error);

G_END_DECLS
