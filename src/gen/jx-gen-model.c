/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gen-model.c — the program the generator simulates, as data: the fixed
 * regions and their roles, the user call tree with its cost profile, the
 * locations of every rank, and the options clamped to what this model can
 * hold. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-gen-private.h"
#include "jx-time.h"

/* Score-P 9 writes region roles newer than libotf2 3.0.2 knows. */
#define ROLE_SCOREP9     40

static const JxGenRegionInfo fixed_regions[JX_GEN_N_FIXED_REGIONS] = {
  [JX_GEN_REGION_MAIN]              = { "main", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "stencil.c", 412 },
  [JX_GEN_REGION_ITERATION]         = { "iteration", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "stencil.c", 360 },
  [JX_GEN_REGION_COMPUTE_HALO]      = { "compute_halo", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "halo.c", 40 },
  [JX_GEN_REGION_PACK_BUFFER]       = { "pack_buffer", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "halo.c", 12 },
  [JX_GEN_REGION_EXCHANGE_HALO]     = { "exchange_halo", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "halo.c", 88 },
  [JX_GEN_REGION_UPDATE_BOUNDARY]   = { "update_boundary", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "boundary.c", 21 },
  [JX_GEN_REGION_CHECK_RESIDUAL]    = { "check_residual", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "solver.c", 140 },
  [JX_GEN_REGION_EXCHANGE_BOUNDARY] = { "exchange_boundary", OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "boundary.c", 77 },
  [JX_GEN_REGION_MPI_INIT]          = { "MPI_Init", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_FUNCTION, "MPI", 0 },
  [JX_GEN_REGION_MPI_FINALIZE]      = { "MPI_Finalize", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_FUNCTION, "MPI", 0 },
  [JX_GEN_REGION_MPI_BCAST]         = { "MPI_Bcast", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_COLL_ONE2ALL, "MPI", 0 },
  [JX_GEN_REGION_MPI_ALLREDUCE]     = { "MPI_Allreduce", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_COLL_ALL2ALL, "MPI", 0 },
  [JX_GEN_REGION_MPI_BARRIER]       = { "MPI_Barrier", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_BARRIER, "MPI", 0 },
  [JX_GEN_REGION_MPI_ISEND]         = { "MPI_Isend", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 },
  [JX_GEN_REGION_MPI_IRECV]         = { "MPI_Irecv", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 },
  [JX_GEN_REGION_MPI_WAITALL]       = { "MPI_Waitall", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 },
  [JX_GEN_REGION_MPI_SEND]          = { "MPI_Send", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 },
  [JX_GEN_REGION_MPI_RECV]          = { "MPI_Recv", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 },
  [JX_GEN_REGION_CUDA_LAUNCH]       = { "cudaLaunchKernel", OTF2_PARADIGM_CUDA, OTF2_REGION_ROLE_WRAPPER, "CUDA", 0 },
  [JX_GEN_REGION_CUDA_SYNC]         = { "cudaStreamSynchronize", OTF2_PARADIGM_CUDA, OTF2_REGION_ROLE_IMPLICIT_BARRIER, "CUDA_SYNC", 0 },
  [JX_GEN_REGION_GPU_STENCIL]       = { "stencil_kernel(double*, const double*, int)", OTF2_PARADIGM_CUDA, OTF2_REGION_ROLE_FUNCTION, "CUDA_KERNEL", 0 },
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

/* --- the user call tree ------------------------------------------------------ */

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
      if (total > JX_GEN_MAX_TREE_NODES)
        return JX_GEN_MAX_TREE_NODES + 1;
    }
  return (guint) total;
}

/* The @k-th name of @names, numbered once the list is used up. */
static char *
numbered_name (const char *const *names,
               guint              n,
               guint              k)
{
  return k < n ? g_strdup (names[k]) : g_strdup_printf ("%s_%u", names[k % n], k / n);
}

static void
build_tree_rec (JxGen *g,
                guint  level,
                guint *inner_used,
                guint *leaf_used)
{
  guint node = g->n_tree++;
  guint region = JX_GEN_N_FIXED_REGIONS + node;
  guint c;

  if (level + 1 < g->opt.depth)
    {
      if (node == 0)
        g->region_name[region] = g_strdup ("compute");
      else
        g->region_name[region] = numbered_name (inner_names, G_N_ELEMENTS (inner_names),
                                                (*inner_used)++);
      /* Inner nodes do a little work of their own around their children. */
      g->tree_pre_ns[node] = 2500.0 + 500.0 * (node % 5);
      g->tree_post_ns[node] = 1500.0 + 300.0 * (node % 3);
      for (c = 0; c < g->opt.fanout; c++)
        build_tree_rec (g, level + 1, inner_used, leaf_used);
    }
  else
    {
      guint k = (*leaf_used)++;

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
          g->region_name[region] = numbered_name (leaf_names + 1, G_N_ELEMENTS (leaf_names) - 1,
                                                  k - 1);
          /* A fixed per-function cost profile, independent of the seed. */
          g->tree_pre_ns[node] = 12000.0 + (double) ((node * 2654435761u) % 48000u);
        }
      g->tree_post_ns[node] = 0.0;
    }
  g->tree_end[node] = g->n_tree;
  g->region_info[region] = (JxGenRegionInfo) { NULL, OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION,
                                               "stencil.c", 100 + node * 7 };
  g->region_used[region] = TRUE;
}

/* --- set-up ------------------------------------------------------------------ */

static void
clamp_options (JxGeneratorOptions *o)
{
  o->n_ranks = CLAMP (o->n_ranks, 1, JX_GEN_MAX_RANKS);
  o->n_threads = CLAMP (o->n_threads, 1, JX_GEN_MAX_THREADS);
  o->n_iterations = MAX (o->n_iterations, 1);
  o->depth = CLAMP (o->depth, 2, JX_GEN_MAX_TREE_DEPTH);
  o->fanout = CLAMP (o->fanout, 1, JX_GEN_MAX_FANOUT);
  o->n_gpu_streams = MIN (o->n_gpu_streams, JX_GEN_MAX_GPU_STREAMS);
  o->n_classes = MIN (MIN (o->n_classes, JX_GENERATOR_MAX_CLASSES), o->n_ranks);
  o->n_outliers = MIN (MIN (o->n_outliers, JX_GENERATOR_MAX_OUTLIERS), o->n_ranks);
  if (!(o->imbalance >= 0.0 && o->imbalance <= 100.0))
    o->imbalance = 0.0;
  if (o->laws == NULL)
    o->n_laws = 0;
  if (!(o->law_jitter >= 0.0 && o->law_jitter < 1.0))
    o->law_jitter = 0.0;
  if (!(o->law_x >= 0.0) || !isfinite (o->law_x))
    o->law_x = 0.0;
  if (o->timer_resolution == 0)
    o->timer_resolution = G_GUINT64_CONSTANT (1000000000);
  o->start_delay_ns = CLAMP (o->start_delay_ns, 0, JX_GENERATOR_MAX_START_DELAY_NS);
  while (o->depth > 2 && tree_size (o->depth, o->fanout) > JX_GEN_MAX_TREE_NODES)
    o->depth--;
  while (tree_size (o->depth, o->fanout) > JX_GEN_MAX_TREE_NODES)
    o->fanout--;
}

static void
init_locations (JxGen *g)
{
  const JxGeneratorOptions *o = &g->opt;
  guint i;

  g->per_rank = o->n_threads + o->n_gpu_streams;
  g->n_locs = o->n_ranks * g->per_rank + ((o->defects & JX_DEFECT_INJECT_EMPTY_STREAM) ? 1 : 0);
  g->locs = g_new0 (JxGenLoc, g->n_locs);
  for (i = 0; i < g->n_locs; i++)
    {
      JxGenLoc *l = &g->locs[i];
      gboolean extra = i >= o->n_ranks * g->per_rank;

      l->rank = extra ? o->n_ranks - 1 : i / g->per_rank;
      l->local = extra ? g->per_rank : i % g->per_rank;
      l->id = ((guint64) l->local << 32) | l->rank;
      l->rng = ((guint64) o->seed << 32) ^ (l->id * G_GUINT64_CONSTANT (0xD1B54A32D192ED03));
      _jx_gen_random (&l->rng);
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
}

/* Which regions the options call, and their names and references. */
static void
init_regions (JxGen *g)
{
  const JxGeneratorOptions *o = &g->opt;
  guint inner_used = 0, leaf_used = 0;
  guint k, n_tree_max = tree_size (o->depth, o->fanout);
  guint32 next_ref = 0;

  g->n_regions = JX_GEN_N_FIXED_REGIONS + n_tree_max + _jx_gen_roles_n_regions (o) + o->n_laws;
  g->extra_first = JX_GEN_N_FIXED_REGIONS + n_tree_max;
  g->region_name = g_new0 (char *, g->n_regions);
  g->region_info = g_new0 (JxGenRegionInfo, g->n_regions);
  g->region_used = g_new0 (gboolean, g->n_regions);
  g->ref = g_new0 (guint32, g->n_regions);
  g->tree_end = g_new0 (guint32, n_tree_max);
  g->tree_pre_ns = g_new0 (double, n_tree_max);
  g->tree_post_ns = g_new0 (double, n_tree_max);

  for (k = 0; k < JX_GEN_N_FIXED_REGIONS; k++)
    {
      g->region_info[k] = fixed_regions[k];
      g->region_name[k] = g_strdup (fixed_regions[k].name);
      g->region_used[k] = TRUE;
    }
  if (o->variant & JX_VARIANT_RENAME_FUNCTION)
    {
      g_free (g->region_name[JX_GEN_REGION_GPU_STENCIL]);
      g->region_name[JX_GEN_REGION_GPU_STENCIL] = g_strdup ("stencil_kernel_v2(double*, const double*, int)");
    }
  if (o->defects & JX_DEFECT_INJECT_UNKNOWN_ROLE)
    g->region_info[JX_GEN_REGION_UPDATE_BOUNDARY].role = ROLE_SCOREP9;

  g->region_used[JX_GEN_REGION_COMPUTE_HALO] = g->region_used[JX_GEN_REGION_PACK_BUFFER] =
    !(o->variant & JX_VARIANT_REMOVE_FUNCTION);
  g->region_used[JX_GEN_REGION_CHECK_RESIDUAL] = (o->variant & JX_VARIANT_ADD_FUNCTION) != 0;
  g->region_used[JX_GEN_REGION_EXCHANGE_HALO] = g->region_used[JX_GEN_REGION_MPI_ISEND] =
    g->region_used[JX_GEN_REGION_MPI_IRECV] = g->region_used[JX_GEN_REGION_MPI_WAITALL] = o->n_ranks >= 2;
  g->region_used[JX_GEN_REGION_EXCHANGE_BOUNDARY] = g->region_used[JX_GEN_REGION_MPI_SEND] =
    g->region_used[JX_GEN_REGION_MPI_RECV] = o->n_ranks >= 2 && o->n_iterations >= 10;
  g->region_used[JX_GEN_REGION_MPI_BARRIER] = o->n_iterations >= 25;
  g->region_used[JX_GEN_REGION_CUDA_LAUNCH] = g->region_used[JX_GEN_REGION_CUDA_SYNC] =
    g->region_used[JX_GEN_REGION_GPU_STENCIL] = o->n_gpu_streams > 0;

  build_tree_rec (g, 0, &inner_used, &leaf_used);
  _jx_gen_roles_init (g);
  _jx_gen_laws_init (g, g->extra_first + _jx_gen_roles_n_regions (o));

  for (k = 0; k < g->n_regions; k++)
    g->ref[k] = g->region_used[k] ? next_ref++ : OTF2_UNDEFINED_REGION;
  g->n_defined = next_ref;
}

void
_jx_gen_init (JxGen                    *g,
              const JxGeneratorOptions *options)
{
  JxGeneratorOptions *o = &g->opt;
  guint r;

  memset (g, 0, sizeof *g);
  g->opt = *options;
  clamp_options (o);
  g->status = OTF2_SUCCESS;

  init_locations (g);
  init_regions (g);

  g->ticks_per_ns = (double) o->timer_resolution / (double) JX_NS_PER_SECOND;
  g->start_delay = (guint64) jx_time_ns_to_ticks (o->start_delay_ns, o->timer_resolution);
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
  g->markers = g_array_new (FALSE, FALSE, sizeof (JxGenMarker));
}

void
_jx_gen_clear (JxGen *g)
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
  _jx_gen_roles_clear (g);
  _jx_gen_laws_clear (g);
  if (g->markers != NULL)
    {
      for (i = 0; i < g->markers->len; i++)
        g_free (g_array_index (g->markers, JxGenMarker, i).text);
      g_array_unref (g->markers);
    }
}
