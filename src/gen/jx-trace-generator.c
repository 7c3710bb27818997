/* jx-trace-generator.c — synthetic OTF2 archives written with libotf2.
 *
 * The program is simulated phase by phase across all ranks (compute, halo
 * exchange, collectives), so that every receive can be placed after its send
 * and every collective ends after its last participant arrived.  Each
 * location keeps its own clock and event writer; the writers buffer in
 * memory, so interleaving locations costs nothing.  Speed comes from
 * precomputed region references, one PRNG draw per timed step and no
 * allocation per event. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <otf2/otf2.h>

#include "jx-trace.h"
#include "jx-trace-generator.h"

#define MAX_TREE_NODES   4096
#define MAX_TREE_DEPTH   12
#define MAX_FANOUT       16
#define MAX_RANKS        65536
#define MAX_THREADS      256
#define MAX_GPU_STREAMS  64

#define HALO_BYTES       32768
#define BOUNDARY_BYTES   65536
#define TAG_TO_RIGHT     100
#define TAG_TO_LEFT      101
#define TAG_PAIR_UP      200
#define TAG_PAIR_DOWN    201
#define COMM_WORLD       0
#define COMM_SELF        1

/* Score-P 9 writes region roles newer than libotf2 3.0.2 knows. */
#define ROLE_SCOREP9     40

/* Fixed regions; the user call tree's regions follow them. */
enum
{
  R_MAIN,
  R_ITERATION,
  R_COMPUTE_HALO,
  R_PACK_BUFFER,
  R_EXCHANGE_HALO,
  R_UPDATE_BOUNDARY,
  R_CHECK_RESIDUAL,
  R_EXCHANGE_BOUNDARY,
  R_MPI_INIT,
  R_MPI_FINALIZE,
  R_MPI_BCAST,
  R_MPI_ALLREDUCE,
  R_MPI_BARRIER,
  R_MPI_ISEND,
  R_MPI_IRECV,
  R_MPI_WAITALL,
  R_MPI_SEND,
  R_MPI_RECV,
  R_CUDA_LAUNCH,
  R_CUDA_SYNC,
  R_GPU_STENCIL,
  N_FIXED_REGIONS
};

typedef struct
{
  const char *name;
  guint8      paradigm;
  guint8      role;
  const char *file;
  guint32     line;
} RegionInfo;

static const RegionInfo fixed_regions[N_FIXED_REGIONS] = {
  [R_MAIN]              = { "main", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "stencil.c", 412 },
  [R_ITERATION]         = { "iteration", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "stencil.c", 360 },
  [R_COMPUTE_HALO]      = { "compute_halo", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "halo.c", 40 },
  [R_PACK_BUFFER]       = { "pack_buffer", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "halo.c", 12 },
  [R_EXCHANGE_HALO]     = { "exchange_halo", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "halo.c", 88 },
  [R_UPDATE_BOUNDARY]   = { "update_boundary", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "boundary.c", 21 },
  [R_CHECK_RESIDUAL]    = { "check_residual", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "solver.c", 140 },
  [R_EXCHANGE_BOUNDARY] = { "exchange_boundary", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "boundary.c", 77 },
  [R_MPI_INIT]          = { "MPI_Init", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_FUNCTION, "MPI", 0 },
  [R_MPI_FINALIZE]      = { "MPI_Finalize", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_FUNCTION, "MPI", 0 },
  [R_MPI_BCAST]         = { "MPI_Bcast", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_COLL_ONE2ALL, "MPI", 0 },
  [R_MPI_ALLREDUCE]     = { "MPI_Allreduce", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_COLL_ALL2ALL, "MPI", 0 },
  [R_MPI_BARRIER]       = { "MPI_Barrier", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_BARRIER, "MPI", 0 },
  [R_MPI_ISEND]         = { "MPI_Isend", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 },
  [R_MPI_IRECV]         = { "MPI_Irecv", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 },
  [R_MPI_WAITALL]       = { "MPI_Waitall", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 },
  [R_MPI_SEND]          = { "MPI_Send", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 },
  [R_MPI_RECV]          = { "MPI_Recv", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 },
  [R_CUDA_LAUNCH]       = { "cudaLaunchKernel", OTF2_PARADIGM_CUDA, OTF2_REGION_ROLE_WRAPPER, "CUDA", 0 },
  [R_CUDA_SYNC]         = { "cudaStreamSynchronize", OTF2_PARADIGM_CUDA, OTF2_REGION_ROLE_IMPLICIT_BARRIER, "CUDA_SYNC", 0 },
  [R_GPU_STENCIL]       = { "stencil_kernel(double*, const double*, int)", OTF2_PARADIGM_CUDA, OTF2_REGION_ROLE_FUNCTION, "CUDA_KERNEL", 0 },
};

/* Names for the user call tree; the first leaf is always "stencil_kernel". */
static const char *const inner_names[] = {
  "solve_level", "apply_operator", "smooth", "sweep_x", "sweep_y", "sweep_z",
  "interpolate", "restrict_grid", "prolongate", "assemble_system",
};
static const char *const leaf_names[] = {
  "stencil_kernel", "flux_x", "flux_y", "flux_z", "matvec", "dot_product",
  "axpy", "precondition", "lu_sweep", "transpose", "boundary_cond",
  "gather_coeffs", "scatter_result", "norm2", "copy_field",
};

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
} GenLoc;

typedef struct
{
  guint64  time;
  guint64  duration;
  guint64  scope_ref;
  guint32  def;
  guint8   scope;
  char    *text;
} GenMarker;

enum
{
  MARKER_SETUP,
  MARKER_ITERATIONS,
  MARKER_CHECKPOINT,
  MARKER_IMBALANCE,
  N_MARKER_DEFS
};

typedef struct
{
  JxGeneratorOptions opt;
  OTF2_ErrorCode     status;

  guint              per_rank;       /* locations per rank */
  guint              n_locs;         /* incl. an injected empty location */
  GenLoc            *locs;

  /* Regions: names, defined or not, OTF2 references. */
  guint              n_regions;      /* fixed + tree */
  char             **region_name;
  RegionInfo        *region_info;
  gboolean          *region_used;
  guint32           *ref;
  guint              n_defined;

  /* User call tree in pre-order (index 0 = "compute"). */
  guint              n_tree;
  guint32           *tree_end;
  double            *tree_pre_ns;    /* before the children (all work of a leaf) */
  double            *tree_post_ns;   /* after the children */
  guint              stencil_node;

  double             ticks_per_ns;
  double            *cpu_scale;      /* per rank */
  double             net_scale;
  double             kernel_scale;

  guint64           *send_time;      /* halo sends, 2 per rank */
  guint64           *begin_time;     /* collective begins, per rank */
  guint64           *iter0_start;    /* per rank */
  guint64            block_start;

  GArray            *markers;        /* GenMarker */
  /* The event shown backwards through clock offsets (see gen_update_boundary). */
  guint64            backwards_loc;
  guint64            backwards_prev;   /* time of the event before it, 0 = none */
  guint64            backwards_time;
  guint64            backwards_shift;

  JxGeneratorStats   st;
} Gen;

/* --- randomness ---------------------------------------------------------- */

static inline guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static inline guint64
gen_ticks (Gen    *g,
           double  ns)
{
  double t = ns * g->ticks_per_ns;

  return t < 1.0 ? 1 : (guint64) t;
}

/* A duration of about @ns with ±6 % triangular jitter and, rarely, an
 * operating-system hiccup; one PRNG draw. */
static inline guint64
gen_work (Gen    *g,
          GenLoc *l,
          double  ns)
{
  guint64 x = splitmix64 (&l->rng);
  double u1 = (double) (x >> 40) * (1.0 / 16777216.0);
  double u2 = (double) ((x >> 16) & 0xFFFFFF) * (1.0 / 16777216.0);
  double f = 1.0 + 0.06 * (u1 + u2 - 1.0);

  if ((x & 0x3FF) == 0)
    f += 0.4;
  return gen_ticks (g, ns * f);
}

static inline void
loc_advance (GenLoc  *l,
             guint64  dt)
{
  l->now += dt > 0 ? dt : 1;
}

/* Moves the clock to @t, but always strictly forward. */
static inline void
loc_at (GenLoc  *l,
        guint64  t)
{
  l->now = t > l->now ? t : l->now + 1;
}

/* --- event emission ------------------------------------------------------ */

#define GEN_CHECK(g, call)                                              \
  G_STMT_START {                                                        \
    OTF2_ErrorCode rc_ = (call);                                        \
    if (G_UNLIKELY (rc_ != OTF2_SUCCESS) && (g)->status == OTF2_SUCCESS) \
      (g)->status = rc_;                                                \
  } G_STMT_END

static inline void
ev_enter_ref (Gen     *g,
              GenLoc  *l,
              guint64  time,
              guint32  ref)
{
  if (l->writer != NULL)
    GEN_CHECK (g, OTF2_EvtWriter_Enter (l->writer, NULL, time, ref));
  l->n_events++;
  g->st.n_enter++;
}

static inline void
ev_leave_ref (Gen     *g,
              GenLoc  *l,
              guint64  time,
              guint32  ref)
{
  if (l->writer != NULL)
    GEN_CHECK (g, OTF2_EvtWriter_Leave (l->writer, NULL, time, ref));
  l->n_events++;
  g->st.n_leave++;
}

static inline void
ev_enter (Gen    *g,
          GenLoc *l,
          guint   region)
{
  ev_enter_ref (g, l, l->now, g->ref[region]);
}

static inline void
ev_leave (Gen    *g,
          GenLoc *l,
          guint   region)
{
  ev_leave_ref (g, l, l->now, g->ref[region]);
}

static void
ev_mpi_send (Gen     *g,
             GenLoc  *l,
             guint32  receiver,
             guint32  tag,
             guint64  bytes)
{
  if (l->writer != NULL)
    GEN_CHECK (g, OTF2_EvtWriter_MpiSend (l->writer, NULL, l->now, receiver, COMM_WORLD, tag, bytes));
  l->n_events++;
  g->st.n_mpi_send++;
  g->st.n_messages++;
}

static void
ev_mpi_recv (Gen     *g,
             GenLoc  *l,
             guint32  sender,
             guint32  tag,
             guint64  bytes)
{
  if (l->writer != NULL)
    GEN_CHECK (g, OTF2_EvtWriter_MpiRecv (l->writer, NULL, l->now, sender, COMM_WORLD, tag, bytes));
  l->n_events++;
  g->st.n_mpi_recv++;
}

static void
ev_mpi_isend (Gen     *g,
              GenLoc  *l,
              guint32  receiver,
              guint32  tag,
              guint64  bytes,
              guint64  request)
{
  if (l->writer != NULL)
    GEN_CHECK (g, OTF2_EvtWriter_MpiIsend (l->writer, NULL, l->now, receiver, COMM_WORLD, tag, bytes, request));
  l->n_events++;
  g->st.n_mpi_isend++;
  g->st.n_messages++;
}

static void
ev_mpi_isend_complete (Gen     *g,
                       GenLoc  *l,
                       guint64  request)
{
  if (l->writer != NULL)
    GEN_CHECK (g, OTF2_EvtWriter_MpiIsendComplete (l->writer, NULL, l->now, request));
  l->n_events++;
  g->st.n_mpi_isend_complete++;
}

static void
ev_mpi_irecv_request (Gen     *g,
                      GenLoc  *l,
                      guint64  request)
{
  if (l->writer != NULL)
    GEN_CHECK (g, OTF2_EvtWriter_MpiIrecvRequest (l->writer, NULL, l->now, request));
  l->n_events++;
  g->st.n_mpi_irecv_request++;
}

static void
ev_mpi_irecv (Gen     *g,
              GenLoc  *l,
              guint32  sender,
              guint32  tag,
              guint64  bytes,
              guint64  request)
{
  if (l->writer != NULL)
    GEN_CHECK (g, OTF2_EvtWriter_MpiIrecv (l->writer, NULL, l->now, sender, COMM_WORLD, tag, bytes, request));
  l->n_events++;
  g->st.n_mpi_irecv++;
}

static void
ev_coll_begin (Gen    *g,
               GenLoc *l)
{
  if (l->writer != NULL)
    GEN_CHECK (g, OTF2_EvtWriter_MpiCollectiveBegin (l->writer, NULL, l->now));
  l->n_events++;
  g->st.n_mpi_collective_begin++;
}

static void
ev_coll_end (Gen               *g,
             GenLoc            *l,
             OTF2_CollectiveOp  op,
             guint32            root,
             guint64            sent,
             guint64            received)
{
  if (l->writer != NULL)
    GEN_CHECK (g, OTF2_EvtWriter_MpiCollectiveEnd (l->writer, NULL, l->now, op, COMM_WORLD, root, sent, received));
  l->n_events++;
  g->st.n_mpi_collective_end++;
}

static void
gen_marker (Gen        *g,
            guint32     def,
            guint64     time,
            guint64     duration,
            guint8      scope,
            guint64     scope_ref,
            char       *text)
{
  GenMarker m = { time, duration, scope_ref, def, scope, text };

  if (!g->opt.markers)
    {
      g_free (text);
      return;
    }
  g_array_append_val (g->markers, m);
}

/* --- set-up ---------------------------------------------------------------- */

static inline GenLoc *
master (Gen   *g,
        guint  rank)
{
  return &g->locs[(gsize) rank * g->per_rank];
}

static inline GenLoc *
gpu_stream (Gen   *g,
            guint  rank,
            guint  stream)
{
  return &g->locs[(gsize) rank * g->per_rank + g->opt.n_threads + stream];
}

static guint
tree_size (guint depth,
           guint fanout)
{
  guint64 total = 0, level = 1;
  guint d;

  for (d = 0; d < depth; d++)
    {
      total += level;
      level *= fanout;
      if (total > MAX_TREE_NODES)
        return MAX_TREE_NODES + 1;
    }
  return (guint) total;
}

static void
gen_build_tree_rec (Gen   *g,
                    guint  level,
                    guint *inner_used,
                    guint *leaf_used)
{
  guint node = g->n_tree++;
  guint region = N_FIXED_REGIONS + node;
  guint c;

  if (level + 1 < g->opt.depth)
    {
      if (node == 0)
        g->region_name[region] = g_strdup ("compute");
      else
        {
          guint k = (*inner_used)++;
          guint n = G_N_ELEMENTS (inner_names);

          g->region_name[region] = k < n ? g_strdup (inner_names[k])
                                         : g_strdup_printf ("%s_%u", inner_names[k % n], k / n);
        }
      /* Inner nodes do a little work of their own around their children. */
      g->tree_pre_ns[node] = 2500.0 + 500.0 * (node % 5);
      g->tree_post_ns[node] = 1500.0 + 300.0 * (node % 3);
      for (c = 0; c < g->opt.fanout; c++)
        gen_build_tree_rec (g, level + 1, inner_used, leaf_used);
    }
  else
    {
      guint k = (*leaf_used)++;
      guint n = G_N_ELEMENTS (leaf_names);

      if (k == 0)
        {
          g->stencil_node = node;
          g->region_name[region] = g_strdup ((g->opt.variant & JX_VARIANT_RENAME_FUNCTION)
                                             ? "stencil_kernel_v2" : "stencil_kernel");
          g->tree_pre_ns[node] = 180000.0;
        }
      else
        {
          /* Later rounds through the names never reuse "stencil_kernel". */
          guint j = k - 1;

          g->region_name[region] = j < n - 1 ? g_strdup (leaf_names[1 + j])
                                             : g_strdup_printf ("%s_%u", leaf_names[1 + j % (n - 1)], j / (n - 1));
          /* A fixed per-function cost profile, independent of the seed. */
          g->tree_pre_ns[node] = 12000.0 + (double) ((node * 2654435761u) % 48000u);
        }
      g->tree_post_ns[node] = 0.0;
    }
  g->tree_end[node] = g->n_tree;
  g->region_info[region] = (RegionInfo) { NULL, OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION,
                                          "stencil.c", 100 + node * 7 };
  g->region_used[region] = TRUE;
}

static void
gen_clamp_options (JxGeneratorOptions *o)
{
  o->n_ranks = CLAMP (o->n_ranks, 1, MAX_RANKS);
  o->n_threads = CLAMP (o->n_threads, 1, MAX_THREADS);
  o->n_iterations = MAX (o->n_iterations, 1);
  o->depth = CLAMP (o->depth, 2, MAX_TREE_DEPTH);
  o->fanout = CLAMP (o->fanout, 1, MAX_FANOUT);
  o->n_gpu_streams = MIN (o->n_gpu_streams, MAX_GPU_STREAMS);
  if (!(o->imbalance >= 0.0 && o->imbalance <= 100.0))
    o->imbalance = 0.0;
  if (o->timer_resolution == 0)
    o->timer_resolution = G_GUINT64_CONSTANT (1000000000);
  while (o->depth > 2 && tree_size (o->depth, o->fanout) > MAX_TREE_NODES)
    o->depth--;
  while (tree_size (o->depth, o->fanout) > MAX_TREE_NODES)
    o->fanout--;
}

static void
gen_init (Gen                      *g,
          const JxGeneratorOptions *options)
{
  JxGeneratorOptions *o = &g->opt;
  guint inner_used = 0, leaf_used = 0;
  guint i, r, k, n_tree_max;
  guint32 next_ref = 0;

  memset (g, 0, sizeof *g);
  g->opt = *options;
  gen_clamp_options (o);
  g->status = OTF2_SUCCESS;

  g->per_rank = o->n_threads + o->n_gpu_streams;
  g->n_locs = o->n_ranks * g->per_rank + ((o->defects & JX_DEFECT_INJECT_EMPTY_STREAM) ? 1 : 0);
  g->locs = g_new0 (GenLoc, g->n_locs);
  for (i = 0; i < g->n_locs; i++)
    {
      GenLoc *l = &g->locs[i];
      gboolean extra = i >= o->n_ranks * g->per_rank;

      l->rank = extra ? o->n_ranks - 1 : i / g->per_rank;
      l->local = extra ? g->per_rank : i % g->per_rank;
      l->id = ((guint64) l->local << 32) | l->rank;
      l->rng = ((guint64) o->seed << 32) ^ (l->id * G_GUINT64_CONSTANT (0xD1B54A32D192ED03));
      splitmix64 (&l->rng);
      l->next_request = 1;
      if (l->local >= o->n_threads && !extra)
        {
          l->type = OTF2_LOCATION_TYPE_ACCELERATOR_STREAM;
          l->name = g_strdup_printf ("CUDA[0:%u]", 7 + l->local - o->n_threads);
        }
      else
        {
          /* The injected empty location is the thread after the last one. */
          guint thread = extra ? o->n_threads : l->local;

          l->type = OTF2_LOCATION_TYPE_CPU_THREAD;
          l->name = thread == 0 ? g_strdup ("Master thread")
                                : g_strdup_printf ("Thread %u", thread);
        }
    }

  n_tree_max = tree_size (o->depth, o->fanout);
  g->n_regions = N_FIXED_REGIONS + n_tree_max;
  g->region_name = g_new0 (char *, g->n_regions);
  g->region_info = g_new0 (RegionInfo, g->n_regions);
  g->region_used = g_new0 (gboolean, g->n_regions);
  g->ref = g_new0 (guint32, g->n_regions);
  g->tree_end = g_new0 (guint32, n_tree_max);
  g->tree_pre_ns = g_new0 (double, n_tree_max);
  g->tree_post_ns = g_new0 (double, n_tree_max);

  for (k = 0; k < N_FIXED_REGIONS; k++)
    {
      g->region_info[k] = fixed_regions[k];
      g->region_name[k] = g_strdup (fixed_regions[k].name);
      g->region_used[k] = TRUE;
    }
  if (o->variant & JX_VARIANT_RENAME_FUNCTION)
    {
      g_free (g->region_name[R_GPU_STENCIL]);
      g->region_name[R_GPU_STENCIL] = g_strdup ("stencil_kernel_v2(double*, const double*, int)");
    }
  if (o->defects & JX_DEFECT_INJECT_UNKNOWN_ROLE)
    g->region_info[R_UPDATE_BOUNDARY].role = ROLE_SCOREP9;

  g->region_used[R_COMPUTE_HALO] = g->region_used[R_PACK_BUFFER] =
    !(o->variant & JX_VARIANT_REMOVE_FUNCTION);
  g->region_used[R_CHECK_RESIDUAL] = (o->variant & JX_VARIANT_ADD_FUNCTION) != 0;
  g->region_used[R_EXCHANGE_HALO] = g->region_used[R_MPI_ISEND] =
    g->region_used[R_MPI_IRECV] = g->region_used[R_MPI_WAITALL] = o->n_ranks >= 2;
  g->region_used[R_EXCHANGE_BOUNDARY] = g->region_used[R_MPI_SEND] =
    g->region_used[R_MPI_RECV] = o->n_ranks >= 2 && o->n_iterations >= 10;
  g->region_used[R_MPI_BARRIER] = o->n_iterations >= 25;
  g->region_used[R_CUDA_LAUNCH] = g->region_used[R_CUDA_SYNC] =
    g->region_used[R_GPU_STENCIL] = o->n_gpu_streams > 0;

  gen_build_tree_rec (g, 0, &inner_used, &leaf_used);

  for (k = 0; k < g->n_regions; k++)
    g->ref[k] = g->region_used[k] ? next_ref++ : OTF2_UNDEFINED_REGION;
  g->n_defined = next_ref;

  g->ticks_per_ns = (double) o->timer_resolution / (double) JX_NS_PER_SECOND;
  g->cpu_scale = g_new (double, o->n_ranks);
  for (r = 0; r < o->n_ranks; r++)
    {
      g->cpu_scale[r] = (o->variant & JX_VARIANT_SLOWER_MACHINE) ? 1.4 : 1.0;
      if (r < 32 && (o->imbalanced_ranks & (1u << r)))
        g->cpu_scale[r] *= 1.0 + o->imbalance;
    }
  g->net_scale = (o->variant & JX_VARIANT_SLOWER_MACHINE) ? 2.0 : 1.0;
  g->kernel_scale = (o->variant & JX_VARIANT_FASTER_KERNEL) ? 0.5 : 1.0;

  g->send_time = g_new0 (guint64, 2 * (gsize) o->n_ranks);
  g->begin_time = g_new0 (guint64, o->n_ranks);
  g->iter0_start = g_new0 (guint64, o->n_ranks);
  g->markers = g_array_new (FALSE, FALSE, sizeof (GenMarker));
}

static void
gen_clear (Gen *g)
{
  guint i;

  for (i = 0; i < g->n_locs; i++)
    g_free (g->locs[i].name);
  g_free (g->locs);
  for (i = 0; i < g->n_regions; i++)
    g_free (g->region_name[i]);
  g_free (g->region_name);
  g_free (g->region_info);
  g_free (g->region_used);
  g_free (g->ref);
  g_free (g->tree_end);
  g_free (g->tree_pre_ns);
  g_free (g->tree_post_ns);
  g_free (g->cpu_scale);
  g_free (g->send_time);
  g_free (g->begin_time);
  g_free (g->iter0_start);
  if (g->markers != NULL)
    {
      for (i = 0; i < g->markers->len; i++)
        g_free (g_array_index (g->markers, GenMarker, i).text);
      g_array_unref (g->markers);
    }
}

/* --- the simulated program ------------------------------------------------ */

static inline double
net_ns (Gen     *g,
        guint64  bytes)
{
  /* 1.5 µs latency, 12 GB/s. */
  return (1500.0 + (double) bytes / 12.0) * g->net_scale;
}

/* The host side of "stencil_kernel": launch one kernel per stream, then wait
 * for all of them. */
static void
gen_gpu_offload (Gen    *g,
                 GenLoc *m,
                 double  scale)
{
  guint64 done = 0;
  guint s;

  for (s = 0; s < g->opt.n_gpu_streams; s++)
    {
      GenLoc *gl = gpu_stream (g, m->rank, s);

      loc_advance (m, gen_work (g, m, 400.0));
      ev_enter (g, m, R_CUDA_LAUNCH);
      loc_advance (m, gen_work (g, m, 4000.0));
      loc_at (gl, MAX (gl->now + gen_ticks (g, 1000.0), m->now + gen_work (g, gl, 2500.0)));
      ev_enter (g, gl, R_GPU_STENCIL);
      loc_advance (gl, gen_work (g, gl, 150000.0 * scale * g->kernel_scale));
      ev_leave (g, gl, R_GPU_STENCIL);
      done = MAX (done, gl->now);
      loc_advance (m, gen_work (g, m, 1200.0));
      ev_leave (g, m, R_CUDA_LAUNCH);
    }
  loc_advance (m, gen_work (g, m, 300.0));
  ev_enter (g, m, R_CUDA_SYNC);
  loc_at (m, done + gen_work (g, m, 2000.0));
  ev_leave (g, m, R_CUDA_SYNC);
}

/* Walks the user call tree once.  @join is when the other threads finish:
 * the root is left no earlier (an implicit barrier at its end). */
static void
gen_run_tree (Gen     *g,
              GenLoc  *l,
              double   scale,
              gboolean offload,
              guint64  join)
{
  guint32 stack[MAX_TREE_DEPTH + 1];
  guint sp = 0, i;

  for (i = 0; i < g->n_tree; i++)
    {
      while (sp > 0 && g->tree_end[stack[sp - 1]] <= i)
        {
          guint node = stack[--sp];

          loc_advance (l, gen_work (g, l, g->tree_post_ns[node] * scale));
          ev_leave (g, l, N_FIXED_REGIONS + node);
        }
      loc_advance (l, gen_work (g, l, 300.0));
      ev_enter (g, l, N_FIXED_REGIONS + i);
      if (g->tree_end[i] == i + 1)
        {
          if (i == g->stencil_node)
            {
              if (offload)
                {
                  gen_gpu_offload (g, l, scale);
                  loc_advance (l, gen_work (g, l, 300.0));
                }
              else
                loc_advance (l, gen_work (g, l, g->tree_pre_ns[i] * scale * g->kernel_scale));
            }
          else
            loc_advance (l, gen_work (g, l, g->tree_pre_ns[i] * scale));
          ev_leave (g, l, N_FIXED_REGIONS + i);
        }
      else
        {
          loc_advance (l, gen_work (g, l, g->tree_pre_ns[i] * scale));
          stack[sp++] = i;
        }
    }
  while (sp > 0)
    {
      guint node = stack[--sp];

      loc_advance (l, gen_work (g, l, g->tree_post_ns[node] * scale));
      if (sp == 0)
        loc_at (l, join);
      ev_leave (g, l, N_FIXED_REGIONS + node);
    }
}

/* A collective over MPI_COMM_WORLD: everybody enters, the operation ends
 * once the last rank (for a broadcast: the root) has arrived. */
static void
gen_collective (Gen               *g,
                guint              region,
                OTF2_CollectiveOp  op,
                guint32            root,
                guint64            bytes)
{
  guint n = g->opt.n_ranks, r;
  guint64 latest = 0;
  double cost = net_ns (g, bytes) * ceil (log2 ((double) MAX (n, 2)));

  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);

      loc_advance (m, gen_work (g, m, 500.0));
      ev_enter (g, m, region);
      loc_advance (m, gen_work (g, m, 600.0));
      ev_coll_begin (g, m);
      g->begin_time[r] = m->now;
      if (root == OTF2_UNDEFINED_UINT32 || r == root)
        latest = MAX (latest, m->now);
    }
  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);
      guint64 sent = bytes, received = bytes;

      if (op == OTF2_COLLECTIVE_OP_BCAST)
        {
          sent = r == root ? bytes * (n - 1) : 0;
          received = r == root ? 0 : bytes;
        }
      else if (op == OTF2_COLLECTIVE_OP_BARRIER)
        sent = received = 0;
      loc_at (m, MAX (latest, g->begin_time[r]) + gen_work (g, m, cost));
      ev_coll_end (g, m, op, root, sent, received);
      loc_advance (m, gen_work (g, m, 400.0));
      ev_leave (g, m, region);
    }
  g->st.n_collectives++;
}

/* Non-blocking halo exchange with both ring neighbours. */
static void
gen_halo_exchange (Gen *g)
{
  guint n = g->opt.n_ranks, r, k;

  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);
      guint32 left = (r + n - 1) % n, right = (r + 1) % n;
      guint64 req = m->next_request;

      loc_advance (m, gen_work (g, m, 600.0));
      ev_enter (g, m, R_EXCHANGE_HALO);
      for (k = 0; k < 2; k++)
        {
          loc_advance (m, gen_work (g, m, 400.0));
          ev_enter (g, m, R_MPI_IRECV);
          loc_advance (m, gen_work (g, m, 900.0));
          ev_mpi_irecv_request (g, m, req + k);
          loc_advance (m, gen_work (g, m, 300.0));
          ev_leave (g, m, R_MPI_IRECV);
        }
      for (k = 0; k < 2; k++)
        {
          loc_advance (m, gen_work (g, m, 400.0));
          ev_enter (g, m, R_MPI_ISEND);
          loc_advance (m, gen_work (g, m, 1100.0));
          ev_mpi_isend (g, m, k == 0 ? right : left, k == 0 ? TAG_TO_RIGHT : TAG_TO_LEFT,
                        HALO_BYTES, req + 2 + k);
          g->send_time[2 * r + k] = m->now;
          loc_advance (m, gen_work (g, m, 300.0));
          ev_leave (g, m, R_MPI_ISEND);
        }
      loc_advance (m, gen_work (g, m, 400.0));
      ev_enter (g, m, R_MPI_WAITALL);
    }

  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);
      guint32 left = (r + n - 1) % n, right = (r + 1) % n;
      guint64 req = m->next_request;
      guint64 from_left = g->send_time[2 * left + 0] + gen_work (g, m, net_ns (g, HALO_BYTES));
      guint64 from_right = g->send_time[2 * right + 1] + gen_work (g, m, net_ns (g, HALO_BYTES));

      loc_advance (m, gen_work (g, m, 700.0));
      ev_mpi_isend_complete (g, m, req + 2);
      loc_advance (m, gen_work (g, m, 200.0));
      ev_mpi_isend_complete (g, m, req + 3);
      if (from_left <= from_right)
        {
          loc_at (m, from_left);
          ev_mpi_irecv (g, m, left, TAG_TO_RIGHT, HALO_BYTES, req + 0);
          loc_at (m, from_right);
          ev_mpi_irecv (g, m, right, TAG_TO_LEFT, HALO_BYTES, req + 1);
        }
      else
        {
          loc_at (m, from_right);
          ev_mpi_irecv (g, m, right, TAG_TO_LEFT, HALO_BYTES, req + 1);
          loc_at (m, from_left);
          ev_mpi_irecv (g, m, left, TAG_TO_RIGHT, HALO_BYTES, req + 0);
        }
      loc_advance (m, gen_work (g, m, 500.0));
      ev_leave (g, m, R_MPI_WAITALL);
      loc_advance (m, gen_work (g, m, 300.0));
      ev_leave (g, m, R_EXCHANGE_HALO);
      m->next_request += 4;
    }
}

/* Blocking ping-pong between rank pairs (0,1), (2,3), ... */
static void
gen_pair_exchange (Gen *g)
{
  guint r;

  for (r = 0; r + 1 < g->opt.n_ranks; r += 2)
    {
      GenLoc *a = master (g, r), *b = master (g, r + 1);
      guint64 sent;

      loc_advance (a, gen_work (g, a, 800.0));
      ev_enter (g, a, R_EXCHANGE_BOUNDARY);
      loc_advance (b, gen_work (g, b, 800.0));
      ev_enter (g, b, R_EXCHANGE_BOUNDARY);

      loc_advance (a, gen_work (g, a, 400.0));
      ev_enter (g, a, R_MPI_SEND);
      loc_advance (a, gen_work (g, a, 1000.0));
      ev_mpi_send (g, a, r + 1, TAG_PAIR_UP, BOUNDARY_BYTES);
      sent = a->now;
      loc_advance (a, gen_work (g, a, (double) BOUNDARY_BYTES / 12.0 * g->net_scale));
      ev_leave (g, a, R_MPI_SEND);

      loc_advance (b, gen_work (g, b, 400.0));
      ev_enter (g, b, R_MPI_RECV);
      loc_at (b, MAX (b->now + gen_ticks (g, 800.0), sent + gen_work (g, b, net_ns (g, BOUNDARY_BYTES))));
      ev_mpi_recv (g, b, r, TAG_PAIR_UP, BOUNDARY_BYTES);
      loc_advance (b, gen_work (g, b, 400.0));
      ev_leave (g, b, R_MPI_RECV);

      loc_advance (b, gen_work (g, b, 400.0));
      ev_enter (g, b, R_MPI_SEND);
      loc_advance (b, gen_work (g, b, 1000.0));
      ev_mpi_send (g, b, r, TAG_PAIR_DOWN, BOUNDARY_BYTES);
      sent = b->now;
      loc_advance (b, gen_work (g, b, (double) BOUNDARY_BYTES / 12.0 * g->net_scale));
      ev_leave (g, b, R_MPI_SEND);

      loc_advance (a, gen_work (g, a, 400.0));
      ev_enter (g, a, R_MPI_RECV);
      loc_at (a, MAX (a->now + gen_ticks (g, 800.0), sent + gen_work (g, a, net_ns (g, BOUNDARY_BYTES))));
      ev_mpi_recv (g, a, r + 1, TAG_PAIR_DOWN, BOUNDARY_BYTES);
      loc_advance (a, gen_work (g, a, 400.0));
      ev_leave (g, a, R_MPI_RECV);

      loc_advance (a, gen_work (g, a, 500.0));
      ev_leave (g, a, R_EXCHANGE_BOUNDARY);
      loc_advance (b, gen_work (g, b, 500.0));
      ev_leave (g, b, R_EXCHANGE_BOUNDARY);
    }
}

static void
gen_user_leaf (Gen    *g,
               GenLoc *m,
               guint   region,
               double  ns,
               double  scale)
{
  loc_advance (m, gen_work (g, m, 500.0));
  ev_enter (g, m, region);
  loc_advance (m, gen_work (g, m, ns * scale));
  ev_leave (g, m, region);
}

/* "update_boundary" on rank 0 in iteration 0 carries most injected defects. */
static void
gen_update_boundary (Gen      *g,
                     GenLoc   *m,
                     double    scale,
                     gboolean  inject)
{
  guint d = g->opt.defects;
  guint64 back = gen_ticks (g, 10000.0);
  guint64 prev = m->now;

  loc_advance (m, gen_work (g, m, 500.0));
  if (inject && (d & JX_DEFECT_INJECT_BACKWARDS) && m->now >= prev + 2 && prev > back)
    {
      /* libotf2's writer refuses time going backwards.  Real traces get it
       * from clock correction, and so does this one: the location's clock
       * offsets move exactly this event @back ticks into the past for every
       * reader that applies them (libotf2 readers do by default). */
      g->backwards_loc = m->id;
      g->backwards_prev = prev;
      g->backwards_time = m->now;
      g->backwards_shift = back;
    }
  ev_enter (g, m, R_UPDATE_BOUNDARY);
  loc_advance (m, gen_work (g, m, 25000.0 * scale));
  if (inject && (d & JX_DEFECT_INJECT_MISMATCHED))
    ev_leave (g, m, N_FIXED_REGIONS + 0);
  else
    ev_leave (g, m, R_UPDATE_BOUNDARY);

  if (inject && (d & JX_DEFECT_INJECT_UNDEFINED_REGION))
    {
      loc_advance (m, gen_work (g, m, 500.0));
      ev_enter_ref (g, m, m->now, JX_GENERATOR_UNDEFINED_REGION);
      loc_advance (m, gen_work (g, m, 5000.0));
      ev_leave_ref (g, m, m->now, JX_GENERATOR_UNDEFINED_REGION);
    }
}

static void
gen_iteration (Gen   *g,
               guint  it)
{
  const JxGeneratorOptions *o = &g->opt;
  guint n = o->n_ranks, r, t;
  gboolean last = it + 1 == o->n_iterations;
  guint block = MAX (1, (o->n_iterations + 9) / 10);

  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);

      loc_advance (m, gen_work (g, m, 1500.0));
      ev_enter (g, m, R_ITERATION);
      if (it == 0)
        g->iter0_start[r] = m->now;
    }
  if (it % block == 0)
    g->block_start = master (g, 0)->now;

  /* Compute: worker threads run the tree beside the master. */
  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);
      guint64 start = m->now + gen_ticks (g, 300.0);
      guint64 join = 0;

      for (t = 1; t < o->n_threads; t++)
        {
          GenLoc *th = &g->locs[(gsize) r * g->per_rank + t];

          loc_at (th, start + gen_work (g, th, 2000.0));
          gen_run_tree (g, th, g->cpu_scale[r], FALSE, 0);
          join = MAX (join, th->now);
        }
      gen_run_tree (g, m, g->cpu_scale[r], o->n_gpu_streams > 0, join + gen_ticks (g, 800.0));
    }

  if (!(o->variant & JX_VARIANT_REMOVE_FUNCTION))
    for (r = 0; r < n; r++)
      {
        GenLoc *m = master (g, r);

        loc_advance (m, gen_work (g, m, 500.0));
        ev_enter (g, m, R_COMPUTE_HALO);
        loc_advance (m, gen_work (g, m, 9000.0 * g->cpu_scale[r]));
        gen_user_leaf (g, m, R_PACK_BUFFER, 14000.0, g->cpu_scale[r]);
        loc_advance (m, gen_work (g, m, 3000.0 * g->cpu_scale[r]));
        ev_leave (g, m, R_COMPUTE_HALO);
      }

  if (n >= 2)
    gen_halo_exchange (g);

  for (r = 0; r < n; r++)
    gen_update_boundary (g, master (g, r), g->cpu_scale[r], it == 0 && r == 0);

  if (o->variant & JX_VARIANT_ADD_FUNCTION)
    for (r = 0; r < n; r++)
      gen_user_leaf (g, master (g, r), R_CHECK_RESIDUAL, 18000.0, g->cpu_scale[r]);

  if (it % 10 == 9 && n >= 2)
    gen_pair_exchange (g);

  gen_collective (g, R_MPI_ALLREDUCE, OTF2_COLLECTIVE_OP_ALLREDUCE, OTF2_UNDEFINED_UINT32, 8);

  if (it % 25 == 24)
    {
      gen_collective (g, R_MPI_BARRIER, OTF2_COLLECTIVE_OP_BARRIER, OTF2_UNDEFINED_UINT32, 0);
      gen_marker (g, MARKER_CHECKPOINT, master (g, 0)->now, 0, OTF2_MARKER_SCOPE_GLOBAL, 0,
                  g_strdup_printf ("Checkpoint after iteration %u", it));
    }

  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);

      if (last && r == n - 1 && (o->defects & JX_DEFECT_INJECT_UNCLOSED))
        continue;
      loc_advance (m, gen_work (g, m, 700.0));
      ev_leave (g, m, R_ITERATION);
    }

  if (it % block == block - 1 || last)
    {
      guint first = it - it % block;
      guint64 now0 = master (g, 0)->now;

      gen_marker (g, MARKER_ITERATIONS, g->block_start, now0 - g->block_start,
                  OTF2_MARKER_SCOPE_GLOBAL, 0,
                  g_strdup_printf ("Iterations %u-%u", first, it));
    }
}

static void
gen_run (Gen *g)
{
  const JxGeneratorOptions *o = &g->opt;
  guint n = o->n_ranks, r, it, i;
  guint64 base = o->timer_resolution * 1000;
  guint64 latest = 0;

  for (i = 0; i < g->n_locs; i++)
    g->locs[i].now = base;

  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);

      loc_at (m, base + gen_work (g, m, 20000.0));
      m->first = m->now;
      ev_enter (g, m, R_MAIN);
      loc_advance (m, gen_work (g, m, 3000.0));
      ev_enter (g, m, R_MPI_INIT);
      latest = MAX (latest, m->now);
    }
  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);

      loc_at (m, latest + gen_work (g, m, 80000.0 * g->net_scale));
      ev_leave (g, m, R_MPI_INIT);
    }
  gen_collective (g, R_MPI_BCAST, OTF2_COLLECTIVE_OP_BCAST, 0, 1024);
  gen_marker (g, MARKER_SETUP, master (g, 0)->first, master (g, 0)->now - master (g, 0)->first,
              OTF2_MARKER_SCOPE_GLOBAL, 0, g_strdup ("Initialization"));

  for (it = 0; it < o->n_iterations; it++)
    gen_iteration (g, it);

  for (r = 0; r < n && r < 32; r++)
    if ((o->imbalanced_ranks & (1u << r)) && o->imbalance > 0.0)
      {
        GenLoc *m = master (g, r);

        gen_marker (g, MARKER_IMBALANCE, g->iter0_start[r], m->now - g->iter0_start[r],
                    OTF2_MARKER_SCOPE_LOCATION_GROUP, r,
                    g_strdup_printf ("MPI Rank %u does %.0f %% extra work", r, o->imbalance * 100.0));
      }

  latest = 0;
  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);

      if (r == n - 1 && (o->defects & JX_DEFECT_INJECT_UNCLOSED))
        continue;
      loc_advance (m, gen_work (g, m, 2000.0));
      ev_enter (g, m, R_MPI_FINALIZE);
      latest = MAX (latest, m->now);
    }
  for (r = 0; r < n; r++)
    {
      GenLoc *m = master (g, r);

      if (r == n - 1 && (o->defects & JX_DEFECT_INJECT_UNCLOSED))
        continue;
      loc_at (m, latest + gen_work (g, m, 30000.0 * g->net_scale));
      ev_leave (g, m, R_MPI_FINALIZE);
      loc_advance (m, gen_work (g, m, 4000.0));
      ev_leave (g, m, R_MAIN);
    }
  if (o->defects & JX_DEFECT_INJECT_UNMATCHED_LEAVE)
    {
      GenLoc *m = master (g, 0);

      loc_advance (m, gen_work (g, m, 1000.0));
      ev_leave (g, m, R_MAIN);
    }

  g->st.first_time = G_MAXUINT64;
  for (i = 0; i < g->n_locs; i++)
    {
      GenLoc *l = &g->locs[i];

      g->st.n_events += l->n_events;
      if (l->n_events > 0)
        {
          /* Only master threads start the program; the others begin later. */
          if (l->local == 0)
            g->st.first_time = MIN (g->st.first_time, l->first);
          g->st.last_time = MAX (g->st.last_time, l->now);
        }
    }
  if (g->st.first_time == G_MAXUINT64)
    g->st.first_time = 0;
  g->st.n_markers = g->markers->len;
  g->st.n_marker_defs = o->markers ? N_MARKER_DEFS : 0;
  g->st.n_location_groups = n;
  g->st.n_locations = g->n_locs;
  g->st.n_regions = g->n_defined;
  g->st.n_iterations = o->n_iterations;
}

/* --- archive writing -------------------------------------------------------- */

static OTF2_FlushType
gen_pre_flush (void             *user_data,
               OTF2_FileType     file_type,
               OTF2_LocationRef  location,
               void             *caller_data,
               bool              final)
{
  return OTF2_FLUSH;
}

static OTF2_FlushCallbacks gen_flush_callbacks = { gen_pre_flush, NULL };

/* Bounded chunk pool per writer: when it is used up libotf2 flushes to disk,
 * which keeps memory flat however many events are written. */
#define POOL_CHUNKS 2

typedef struct
{
  guint  n;
  void  *chunks[POOL_CHUNKS];
} GenPool;

static void *
gen_pool_allocate (void             *user_data,
                   OTF2_FileType     file_type,
                   OTF2_LocationRef  location,
                   void            **per_buffer_data,
                   uint64_t          chunk_size)
{
  GenPool *pool = *per_buffer_data;

  if (pool == NULL)
    *per_buffer_data = pool = g_new0 (GenPool, 1);
  if (pool->n == POOL_CHUNKS)
    return NULL;
  pool->chunks[pool->n] = g_try_malloc (chunk_size);
  if (pool->chunks[pool->n] == NULL)
    return NULL;
  return pool->chunks[pool->n++];
}

static void
gen_pool_free_all (void             *user_data,
                   OTF2_FileType     file_type,
                   OTF2_LocationRef  location,
                   void            **per_buffer_data,
                   bool              final)
{
  GenPool *pool = *per_buffer_data;
  guint i;

  if (pool == NULL)
    return;
  for (i = 0; i < pool->n; i++)
    g_free (pool->chunks[i]);
  pool->n = 0;
  if (final)
    {
      g_free (pool);
      *per_buffer_data = NULL;
    }
}

static OTF2_MemoryCallbacks gen_memory_callbacks = { gen_pool_allocate, gen_pool_free_all };

typedef struct
{
  GHashTable *index;   /* string → ref + 1 */
  GPtrArray  *order;
} GenStrings;

static guint32
gen_string (GenStrings *s,
            const char *str)
{
  gpointer v = g_hash_table_lookup (s->index, str);
  char *copy;

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  copy = g_strdup (str);
  g_ptr_array_add (s->order, copy);
  g_hash_table_insert (s->index, copy, GUINT_TO_POINTER (s->order->len));
  return s->order->len - 1;
}

static gboolean
gen_fail (GError        **error,
          const char     *directory,
          const char     *what,
          OTF2_ErrorCode  rc)
{
  /* OTF2_SUCCESS here means libotf2 gave no error code (a NULL handle). */
  if (rc == OTF2_SUCCESS)
    g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                 _("Could not write the trace in “%s”: %s"), directory, what);
  else
    g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                 _("Could not write the trace in “%s”: %s (%s)"),
                 directory, what, OTF2_Error_GetDescription (rc));
  return FALSE;
}

static gboolean
gen_write_definitions (Gen         *g,
                       OTF2_Archive *archive,
                       const char  *directory,
                       GError     **error)
{
  const JxGeneratorOptions *o = &g->opt;
  OTF2_GlobalDefWriter *w;
  GenStrings s;
  guint32 *region_name_str, *region_file_str, *loc_name_str, *group_name_str, *node_name_str;
  guint32 s_machine_class, s_node_class, s_machine, s_world, s_self, s_empty;
  guint n_nodes = (o->n_ranks + 3) / 4;
  guint64 *members;
  guint i, r;
  OTF2_ErrorCode rc = OTF2_SUCCESS;
  gboolean slower = (o->variant & JX_VARIANT_SLOWER_MACHINE) != 0;

  w = OTF2_Archive_GetGlobalDefWriter (archive);
  if (w == NULL)
    return gen_fail (error, directory, _("no definition writer"), OTF2_SUCCESS);

  s.index = g_hash_table_new (g_str_hash, g_str_equal);
  s.order = g_ptr_array_new_with_free_func (g_free);
  s_empty = gen_string (&s, "");
  s_machine_class = gen_string (&s, "machine");
  s_node_class = gen_string (&s, "node");
  s_machine = gen_string (&s, slower ? "cluster-b" : "cluster-a");
  s_world = gen_string (&s, "MPI_COMM_WORLD");
  s_self = gen_string (&s, "MPI_COMM_SELF");
  node_name_str = g_new (guint32, n_nodes);
  for (i = 0; i < n_nodes; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s%03u", slower ? "b-node" : "a-node", i);

      node_name_str[i] = gen_string (&s, name);
    }
  group_name_str = g_new (guint32, o->n_ranks);
  for (r = 0; r < o->n_ranks; r++)
    {
      g_autofree char *name = g_strdup_printf ("MPI Rank %u", r);

      group_name_str[r] = gen_string (&s, name);
    }
  loc_name_str = g_new (guint32, g->n_locs);
  for (i = 0; i < g->n_locs; i++)
    loc_name_str[i] = gen_string (&s, g->locs[i].name);
  region_name_str = g_new (guint32, g->n_regions);
  region_file_str = g_new (guint32, g->n_regions);
  for (i = 0; i < g->n_regions; i++)
    if (g->region_used[i])
      {
        region_name_str[i] = gen_string (&s, g->region_name[i]);
        region_file_str[i] = gen_string (&s, g->region_info[i].file);
      }

  rc = OTF2_GlobalDefWriter_WriteClockProperties (w, o->timer_resolution, g->st.first_time,
                                                  g->st.last_time - g->st.first_time + 1,
                                                  OTF2_UNDEFINED_TIMESTAMP);
  for (i = 0; i < s.order->len && rc == OTF2_SUCCESS; i++)
    rc = OTF2_GlobalDefWriter_WriteString (w, i, g_ptr_array_index (s.order, i));

  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteSystemTreeNode (w, 0, s_machine, s_machine_class,
                                                   OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  for (i = 0; i < n_nodes && rc == OTF2_SUCCESS; i++)
    rc = OTF2_GlobalDefWriter_WriteSystemTreeNode (w, 1 + i, node_name_str[i], s_node_class, 0);
  for (r = 0; r < o->n_ranks && rc == OTF2_SUCCESS; r++)
    rc = OTF2_GlobalDefWriter_WriteLocationGroup (w, r, group_name_str[r],
                                                  OTF2_LOCATION_GROUP_TYPE_PROCESS, 1 + r / 4,
                                                  OTF2_UNDEFINED_LOCATION_GROUP);
  for (i = 0; i < g->n_locs && rc == OTF2_SUCCESS; i++)
    rc = OTF2_GlobalDefWriter_WriteLocation (w, g->locs[i].id, loc_name_str[i], g->locs[i].type,
                                             g->locs[i].n_events, g->locs[i].rank);
  for (i = 0; i < g->n_regions && rc == OTF2_SUCCESS; i++)
    if (g->region_used[i])
      rc = OTF2_GlobalDefWriter_WriteRegion (w, g->ref[i], region_name_str[i], region_name_str[i],
                                             s_empty, (OTF2_RegionRole) g->region_info[i].role,
                                             (OTF2_Paradigm) g->region_info[i].paradigm,
                                             OTF2_REGION_FLAG_NONE, region_file_str[i],
                                             g->region_info[i].line,
                                             g->region_info[i].line ? g->region_info[i].line + 20 : 0);

  /* MPI_COMM_WORLD: the ranks' master threads, then the group of their indices. */
  members = g_new (guint64, o->n_ranks);
  for (r = 0; r < o->n_ranks; r++)
    members[r] = master (g, r)->id;
  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteGroup (w, 0, s_empty, OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                          OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                          o->n_ranks, members);
  for (r = 0; r < o->n_ranks; r++)
    members[r] = r;
  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteGroup (w, 1, s_empty, OTF2_GROUP_TYPE_COMM_GROUP,
                                          OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                          o->n_ranks, members);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteGroup (w, 2, s_empty, OTF2_GROUP_TYPE_COMM_SELF,
                                          OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, 0, NULL);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteComm (w, COMM_WORLD, s_world, 1, OTF2_UNDEFINED_COMM,
                                         OTF2_COMM_FLAG_NONE);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_GlobalDefWriter_WriteComm (w, COMM_SELF, s_self, 2, OTF2_UNDEFINED_COMM,
                                         OTF2_COMM_FLAG_NONE);

  g_free (members);
  g_free (node_name_str);
  g_free (group_name_str);
  g_free (loc_name_str);
  g_free (region_name_str);
  g_free (region_file_str);
  g_hash_table_unref (s.index);
  g_ptr_array_unref (s.order);

  if (rc != OTF2_SUCCESS)
    {
      OTF2_Archive_CloseGlobalDefWriter (archive, w);
      return gen_fail (error, directory, _("writing the definitions failed"), rc);
    }
  rc = OTF2_Archive_CloseGlobalDefWriter (archive, w);
  if (rc != OTF2_SUCCESS)
    return gen_fail (error, directory, _("closing the definitions failed"), rc);
  return TRUE;
}

static gboolean
gen_write_markers (Gen          *g,
                   OTF2_Archive *archive,
                   const char   *directory,
                   GError      **error)
{
  static const struct { const char *group, *category; OTF2_MarkerSeverity severity; } defs[N_MARKER_DEFS] = {
    [MARKER_SETUP]      = { "Phase", "Initialization", OTF2_SEVERITY_NONE },
    [MARKER_ITERATIONS] = { "Phase", "Iterations", OTF2_SEVERITY_NONE },
    [MARKER_CHECKPOINT] = { "Solver", "Checkpoint", OTF2_SEVERITY_LOW },
    [MARKER_IMBALANCE]  = { "Analysis", "Load imbalance", OTF2_SEVERITY_HIGH },
  };
  OTF2_MarkerWriter *w;
  OTF2_ErrorCode rc = OTF2_SUCCESS;
  guint i;

  if (!g->opt.markers)
    return TRUE;
  w = OTF2_Archive_GetMarkerWriter (archive);
  if (w == NULL)
    return gen_fail (error, directory, _("no marker writer"), OTF2_SUCCESS);
  for (i = 0; i < N_MARKER_DEFS && rc == OTF2_SUCCESS; i++)
    rc = OTF2_MarkerWriter_WriteDefMarker (w, i, defs[i].group, defs[i].category, defs[i].severity);
  for (i = 0; i < g->markers->len && rc == OTF2_SUCCESS; i++)
    {
      const GenMarker *m = &g_array_index (g->markers, GenMarker, i);

      rc = OTF2_MarkerWriter_WriteMarker (w, m->time, m->duration, m->def,
                                          (OTF2_MarkerScope) m->scope, m->scope_ref, m->text);
    }
  if (rc != OTF2_SUCCESS)
    {
      OTF2_Archive_CloseMarkerWriter (archive, w);
      return gen_fail (error, directory, _("writing the markers failed"), rc);
    }
  rc = OTF2_Archive_CloseMarkerWriter (archive, w);
  if (rc != OTF2_SUCCESS)
    return gen_fail (error, directory, _("closing the markers failed"), rc);
  return TRUE;
}

#define GEN_CREATOR "juxtrace-cli generate"

/* Whether the anchor file in @directory was written by this generator. */
static gboolean
gen_is_own_archive (const char *anchor)
{
  OTF2_Reader *reader = OTF2_Reader_Open (anchor);
  char *creator = NULL;
  gboolean own = FALSE;

  if (reader == NULL)
    return FALSE;
  if (OTF2_Reader_GetCreator (reader, &creator) == OTF2_SUCCESS && creator != NULL)
    own = g_str_has_prefix (creator, GEN_CREATOR);
  free (creator);
  OTF2_Reader_Close (reader);
  return own;
}

/* Removes an archive an earlier run left behind (OTF2 refuses to write over
 * one), touching nothing but OTF2 files, and never a trace someone else
 * wrote: pointing the generator at a real measurement must not destroy it. */
static gboolean
gen_remove_old_archive (const char  *directory,
                        GError     **error)
{
  static const char *const top[] = { "traces.otf2", "traces.def", "traces.marker" };
  g_autofree char *sub = g_build_filename (directory, "traces", NULL);
  g_autofree char *anchor = g_build_filename (directory, "traces.otf2", NULL);
  guint i;

  if (g_file_test (anchor, G_FILE_TEST_EXISTS) && !gen_is_own_archive (anchor))
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                   _("Could not write the trace in “%s”: it already holds a trace that Juxtrace "
                     "did not generate; choose another directory"),
                   directory);
      return FALSE;
    }

  for (i = 0; i < G_N_ELEMENTS (top); i++)
    {
      g_autofree char *path = g_build_filename (directory, top[i], NULL);

      if (g_unlink (path) != 0 && errno != ENOENT)
        {
          int saved = errno;

          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                       _("Could not replace the trace in “%s”: removing “%s” failed: %s"),
                       directory, path, g_strerror (saved));
          return FALSE;
        }
    }
  if (g_file_test (sub, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (sub, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".evt") || g_str_has_suffix (name, ".def")
            || g_str_has_suffix (name, ".snap"))
          {
            g_autofree char *path = g_build_filename (sub, name, NULL);

            g_unlink (path);
          }
      if (g_rmdir (sub) != 0)
        {
          int saved = errno;

          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                       _("Could not replace the trace in “%s”: removing “%s” failed: %s"),
                       directory, sub, g_strerror (saved));
          return FALSE;
        }
    }
  return TRUE;
}

/* Clock offsets (time, offset): 0 up to the previous event, -shift from
 * just after it through the chosen event, 0 again right after that.  The
 * readers interpolate linearly between these points and keep the last
 * interval's slope past the end, hence the closing point. */
static OTF2_ErrorCode
gen_write_backwards_offsets (Gen            *g,
                             OTF2_DefWriter *dw,
                             guint64         last)
{
  const guint64 times[] = { 0, g->backwards_prev, g->backwards_prev + 1,
                            g->backwards_time, g->backwards_time + 1, MAX (last, g->backwards_time + 1) + 1 };
  const gint64 shift = (gint64) g->backwards_shift;
  const gint64 offsets[] = { 0, 0, -shift, -shift, 0, 0 };
  OTF2_ErrorCode rc = OTF2_SUCCESS;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (times) && rc == OTF2_SUCCESS; i++)
    rc = OTF2_DefWriter_WriteClockOffset (dw, times[i], offsets[i], 0.0);
  return rc;
}

/* libotf2 clears every chunk it hands out, so small traces get small
 * chunks; big ones get 4 MiB.  The size comes from a dry run of up to ten
 * iterations, about 12 bytes per event and the busiest location carrying
 * twice the average. */
static guint64
gen_chunk_size (const Gen *g)
{
  JxGeneratorOptions o = g->opt;
  guint64 chunk = 256 * 1024, n;
  double per_location;

  o.n_iterations = MIN (g->opt.n_iterations, 10);
  o.markers = FALSE;
  o.defects = 0;
  n = jx_generator_count_events (&o, NULL);
  per_location = (double) n * g->opt.n_iterations / o.n_iterations * 12.0 * 2.0 / g->n_locs;
  while ((double) chunk < per_location && chunk < 4 * 1024 * 1024)
    chunk *= 2;
  return chunk;
}

static gboolean
gen_write_archive (Gen         *g,
                   const char  *directory,
                   GError     **error)
{
  OTF2_Archive *archive;
  OTF2_ErrorCode rc;
  guint64 chunk = gen_chunk_size (g);
  guint64 def_chunk = 256 * 1024;
  gboolean ok = FALSE;
  guint i;

  /* Every location gets a local definition writer, so keep its chunk small,
   * but large enough for the biggest record: the group of all ranks. */
  while (def_chunk < (guint64) g->opt.n_ranks * 20 && def_chunk < 16 * 1024 * 1024)
    def_chunk *= 2;
  archive = OTF2_Archive_Open (directory, "traces", OTF2_FILEMODE_WRITE, chunk,
                               def_chunk, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == NULL)
    return gen_fail (error, directory, _("libotf2 could not create the archive"), OTF2_SUCCESS);

  rc = OTF2_Archive_SetFlushCallbacks (archive, &gen_flush_callbacks, NULL);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_SetMemoryCallbacks (archive, &gen_memory_callbacks, NULL);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_SetSerialCollectiveCallbacks (archive);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_SetCreator (archive, GEN_CREATOR " " PACKAGE_VERSION);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_SetDescription (archive, "Synthetic MPI stencil trace written by Juxtrace");
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_SetMachineName (archive, (g->opt.variant & JX_VARIANT_SLOWER_MACHINE)
                                               ? "cluster-b" : "cluster-a");
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_OpenEvtFiles (archive);
  if (rc != OTF2_SUCCESS)
    {
      gen_fail (error, directory, _("setting up the archive failed"), rc);
      goto out;
    }

  for (i = 0; i < g->n_locs; i++)
    {
      g->locs[i].writer = OTF2_Archive_GetEvtWriter (archive, g->locs[i].id);
      if (g->locs[i].writer == NULL)
        {
          gen_fail (error, directory, _("no event writer"), OTF2_SUCCESS);
          goto out;
        }
    }

  gen_run (g);

  for (i = 0; i < g->n_locs; i++)
    {
      rc = OTF2_Archive_CloseEvtWriter (archive, g->locs[i].writer);
      g->locs[i].writer = NULL;
      if (rc != OTF2_SUCCESS && g->status == OTF2_SUCCESS)
        g->status = rc;
    }
  if (g->status != OTF2_SUCCESS)
    {
      gen_fail (error, directory, _("writing the events failed"), g->status);
      goto out;
    }
  rc = OTF2_Archive_CloseEvtFiles (archive);
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_OpenDefFiles (archive);
  for (i = 0; i < g->n_locs && rc == OTF2_SUCCESS; i++)
    {
      OTF2_DefWriter *dw = OTF2_Archive_GetDefWriter (archive, g->locs[i].id);

      if (dw == NULL)
        rc = OTF2_ERROR_INVALID;
      if (rc == OTF2_SUCCESS && g->backwards_prev > 0 && g->locs[i].id == g->backwards_loc)
        rc = gen_write_backwards_offsets (g, dw, g->locs[i].now);
      if (dw != NULL)
        {
          OTF2_ErrorCode rc2 = OTF2_Archive_CloseDefWriter (archive, dw);

          if (rc == OTF2_SUCCESS)
            rc = rc2;
        }
    }
  if (rc == OTF2_SUCCESS)
    rc = OTF2_Archive_CloseDefFiles (archive);
  if (rc != OTF2_SUCCESS)
    {
      gen_fail (error, directory, _("writing the local definitions failed"), rc);
      goto out;
    }

  if (!gen_write_definitions (g, archive, directory, error))
    goto out;
  if (!gen_write_markers (g, archive, directory, error))
    goto out;
  ok = TRUE;

out:
  for (i = 0; i < g->n_locs; i++)
    if (g->locs[i].writer != NULL)
      {
        OTF2_Archive_CloseEvtWriter (archive, g->locs[i].writer);
        g->locs[i].writer = NULL;
      }
  rc = OTF2_Archive_Close (archive);
  if (ok && rc != OTF2_SUCCESS)
    return gen_fail (error, directory, _("closing the archive failed"), rc);
  return ok;
}

/* --- public API ------------------------------------------------------------- */

void
jx_generator_options_init (JxGeneratorOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->seed = 1;
  options->n_ranks = 4;
  options->n_threads = 1;
  options->n_iterations = 100;
  options->depth = 4;
  options->fanout = 3;
  options->timer_resolution = G_GUINT64_CONSTANT (1000000000);
}

guint64
jx_generate_trace_full (const char                *directory,
                        const JxGeneratorOptions  *options,
                        JxGeneratorStats          *stats,
                        GError                   **error)
{
  Gen g;
  guint64 n_events = 0;

  g_return_val_if_fail (directory != NULL, 0);
  g_return_val_if_fail (options != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (g_mkdir_with_parents (directory, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                   _("Could not create the trace directory “%s”: %s"),
                   directory, g_strerror (saved));
      return 0;
    }
  if (g_access (directory, W_OK) != 0)
    {
      int saved = errno;

      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                   _("Could not write the trace in “%s”: %s"),
                   directory, g_strerror (saved));
      return 0;
    }
  if (!gen_remove_old_archive (directory, error))
    return 0;

  gen_init (&g, options);
  if (gen_write_archive (&g, directory, error))
    {
      n_events = g.st.n_events;
      if (g.opt.defects & JX_DEFECT_INJECT_MISSING_EVT)
        {
          GenLoc *victim = master (&g, g.opt.n_ranks > 1 ? 1 : 0);
          g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", victim->id);
          g_autofree char *path = g_build_filename (directory, "traces", name, NULL);

          if (g_unlink (path) != 0)
            {
              int saved = errno;

              g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                           _("Could not remove “%s” for the missing-file defect: %s"),
                           path, g_strerror (saved));
              n_events = 0;
            }
        }
      if (stats != NULL && n_events > 0)
        *stats = g.st;
    }
  gen_clear (&g);
  return n_events;
}

guint64
jx_generate_trace (const char                *directory,
                   const JxGeneratorOptions  *options,
                   GError                   **error)
{
  return jx_generate_trace_full (directory, options, NULL, error);
}

guint64
jx_generator_count_events (const JxGeneratorOptions *options,
                           JxGeneratorStats         *stats)
{
  Gen g;
  guint64 n_events;

  g_return_val_if_fail (options != NULL, 0);

  gen_init (&g, options);
  gen_run (&g);
  n_events = g.st.n_events;
  if (stats != NULL)
    *stats = g.st;
  gen_clear (&g);
  return n_events;
}

guint
jx_generator_iterations_for_events (const JxGeneratorOptions *options,
                                    guint64                   n_events)
{
  JxGeneratorOptions o;
  guint64 one, many;
  double per_iteration;

  g_return_val_if_fail (options != NULL, 1);

  /* Periodic phases repeat every 50 iterations, so the slope over 50 is exact
   * on average. */
  o = *options;
  o.n_iterations = 1;
  one = jx_generator_count_events (&o, NULL);
  o.n_iterations = 51;
  many = jx_generator_count_events (&o, NULL);
  per_iteration = (double) (many - one) / 50.0;
  if (n_events <= one || per_iteration <= 0.0)
    return 1;
  return 1 + (guint) MIN ((double) (n_events - one) / per_iteration + 0.5, (double) G_MAXUINT32 - 1);
}

gboolean
jx_variant_from_string (const char *name,
                        guint      *flag)
{
  static const struct { const char *name; guint flag; } table[] = {
    { "remove", JX_VARIANT_REMOVE_FUNCTION },
    { "add", JX_VARIANT_ADD_FUNCTION },
    { "rename", JX_VARIANT_RENAME_FUNCTION },
    { "faster-kernel", JX_VARIANT_FASTER_KERNEL },
    { "slower-machine", JX_VARIANT_SLOWER_MACHINE },
  };
  guint i;

  g_return_val_if_fail (flag != NULL, FALSE);

  for (i = 0; name != NULL && i < G_N_ELEMENTS (table); i++)
    if (g_strcmp0 (name, table[i].name) == 0)
      {
        *flag = table[i].flag;
        return TRUE;
      }
  return FALSE;
}

gboolean
jx_defect_injection_from_string (const char *name,
                                 guint      *flag)
{
  static const struct { const char *name; guint flag; } table[] = {
    { "unclosed", JX_DEFECT_INJECT_UNCLOSED },
    { "mismatched", JX_DEFECT_INJECT_MISMATCHED },
    { "backwards", JX_DEFECT_INJECT_BACKWARDS },
    { "unknown-role", JX_DEFECT_INJECT_UNKNOWN_ROLE },
    { "undefined-region", JX_DEFECT_INJECT_UNDEFINED_REGION },
    { "empty-stream", JX_DEFECT_INJECT_EMPTY_STREAM },
    { "missing-evt", JX_DEFECT_INJECT_MISSING_EVT },
    { "unmatched-leave", JX_DEFECT_INJECT_UNMATCHED_LEAVE },
  };
  guint i;

  g_return_val_if_fail (flag != NULL, FALSE);

  for (i = 0; name != NULL && i < G_N_ELEMENTS (table); i++)
    if (g_strcmp0 (name, table[i].name) == 0)
      {
        *flag = table[i].flag;
        return TRUE;
      }
  return FALSE;
}
