/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gen-roles.c — what makes streams of one run differ in structure, for
 * structural clustering and pairing by content:
 *   - worker threads with roles (JX_VARIANT_ROTATE_THREADS), as a task
 *     runtime's threads take them: one computes (the user call tree), one
 *     builds a tree, one schedules tasks, one writes output; the seed
 *     rotates the roles over the threads;
 *   - ranks in classes (options.n_classes): contiguous blocks of ranks,
 *     each class but the first calling its own function every iteration;
 *   - outliers (options.n_outliers): single ranks that each call their own
 *     set of rare functions once.
 * Nothing here draws from a PRNG unless its option is on, so the bundled
 * examples do not change. */
#include "config.h"

#include "jx-gen-private.h"

#define N_ROLE_REGIONS 9
#define N_RARE         6

/* Role r (1..3): its function, what it calls repeatedly, and what that
 * calls. */
static const char *const role_names[N_ROLE_REGIONS] = {
  "build_tree", "insert_node", "allocate_node",
  "schedule_tasks", "steal_task", "queue_pop",
  "write_output", "serialize_block", "flush_buffer",
};
/* Calls of the middle function per iteration, and ns of work at each level. */
static const guint role_calls[3] = { 6, 8, 4 };
static const double role_ns[3][3] = {
  { 4000.0, 9000.0, 6000.0 },
  { 3000.0, 12000.0, 4000.0 },
  { 5000.0, 15000.0, 10000.0 },
};

static const char *const class_names[] = {
  "solve_fluid", "solve_solid", "io_server", "couple_fields", "radiation", "chemistry",
  "ocean_step", "ice_step", "land_step", "precipitation", "advect_tracers", "diagnostics",
};

static const char *const rare_names[N_RARE] = {
  "retry_send", "refine_cell", "rebalance_load", "dump_state", "recover_fault", "swap_buffers",
};

guint
jx_generator_rank_class (const JxGeneratorOptions *options,
                         guint                     rank)
{
  guint n_classes, n_ranks;

  g_return_val_if_fail (options != NULL, 0);

  n_ranks = CLAMP (options->n_ranks, 1, JX_GEN_MAX_RANKS);
  n_classes = MIN (MIN (options->n_classes, JX_GENERATOR_MAX_CLASSES), n_ranks);
  if (n_classes <= 1 || rank >= n_ranks)
    return 0;
  return (guint) (((guint64) rank * n_classes) / n_ranks);
}

gint
jx_generator_rank_outlier (const JxGeneratorOptions *options,
                           guint                     rank)
{
  guint n_outliers, n_ranks;

  g_return_val_if_fail (options != NULL, -1);

  n_ranks = CLAMP (options->n_ranks, 1, JX_GEN_MAX_RANKS);
  n_outliers = MIN (MIN (options->n_outliers, JX_GENERATOR_MAX_OUTLIERS), n_ranks);
  /* Outlier k sits in the middle of the k-th of n_outliers equal spans. */
  for (guint k = 0; k < n_outliers; k++)
    if ((guint) (((guint64) (2 * k + 1) * n_ranks) / (2 * n_outliers)) == rank)
      return (gint) k;
  return -1;
}

guint
jx_generator_thread_role (const JxGeneratorOptions *options,
                          guint                     thread)
{
  guint workers;

  g_return_val_if_fail (options != NULL, 0);

  workers = CLAMP (options->n_threads, 1, JX_GEN_MAX_THREADS) - 1;
  if (!(options->variant & JX_VARIANT_ROTATE_THREADS) || thread == 0 || thread > workers)
    return 0;
  return ((thread - 1 + options->seed % workers) % workers) % 4;
}

guint
_jx_gen_roles_n_regions (const JxGeneratorOptions *options)
{
  return N_ROLE_REGIONS + MIN (options->n_classes, JX_GENERATOR_MAX_CLASSES) + N_RARE;
}

static void
define (JxGen      *g,
        guint       region,
        char       *name,
        gboolean    used)
{
  g->region_name[region] = name;
  g->region_info[region] = (JxGenRegionInfo) { NULL, OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION,
                                               "roles.c", 10 + 10 * (region - g->extra_first) };
  g->region_used[region] = used;
}

void
_jx_gen_roles_init (JxGen *g)
{
  const JxGeneratorOptions *o = &g->opt;
  guint first = g->extra_first, k, r;
  gboolean roles = (o->variant & JX_VARIANT_ROTATE_THREADS) && o->n_threads >= 2;

  for (k = 0; k < N_ROLE_REGIONS; k++)
    define (g, first + k, g_strdup (role_names[k]), roles);
  first += N_ROLE_REGIONS;
  for (k = 0; k < o->n_classes; k++)
    define (g, first + k,
            k < G_N_ELEMENTS (class_names) ? g_strdup (class_names[k])
                                           : g_strdup_printf ("%s_%u", class_names[k % G_N_ELEMENTS (class_names)],
                                                              (guint) (k / G_N_ELEMENTS (class_names))),
            o->n_classes >= 2 && k + 1 < o->n_classes);
  first += o->n_classes;
  for (k = 0; k < N_RARE; k++)
    define (g, first + k, g_strdup (rare_names[k]), o->n_outliers > 0);

  if (o->n_classes >= 2)
    {
      g->rank_class = g_new (guint8, o->n_ranks);
      for (r = 0; r < o->n_ranks; r++)
        g->rank_class[r] = (guint8) jx_generator_rank_class (o, r);
    }
  if (o->n_outliers > 0)
    {
      g->rank_outlier = g_new (gint8, o->n_ranks);
      for (r = 0; r < o->n_ranks; r++)
        g->rank_outlier[r] = -1;
      for (k = 0; k < o->n_outliers; k++)
        g->rank_outlier[((guint64) (2 * k + 1) * o->n_ranks) / (2 * o->n_outliers)] = (gint8) k;
    }
}

void
_jx_gen_roles_clear (JxGen *g)
{
  g_clear_pointer (&g->rank_class, g_free);
  g_clear_pointer (&g->rank_outlier, g_free);
}

gboolean
_jx_gen_run_role (JxGen    *g,
                  JxGenLoc *l,
                  double    scale)
{
  guint role = jx_generator_thread_role (&g->opt, l->local);
  guint top, k;

  if (role == 0)
    return FALSE;
  top = g->extra_first + 3 * (role - 1);
  _jx_gen_work_then (g, l, 300.0, JX_GEN_ENTER, top);
  for (k = 0; k < role_calls[role - 1]; k++)
    {
      _jx_gen_work_then (g, l, role_ns[role - 1][0] * scale, JX_GEN_ENTER, top + 1);
      _jx_gen_work_then (g, l, role_ns[role - 1][1] * scale, JX_GEN_ENTER, top + 2);
      _jx_gen_work_then (g, l, role_ns[role - 1][2] * scale, JX_GEN_LEAVE, top + 2);
      _jx_gen_work_then (g, l, 500.0, JX_GEN_LEAVE, top + 1);
    }
  _jx_gen_work_then (g, l, 400.0, JX_GEN_LEAVE, top);
  return TRUE;
}

void
_jx_gen_class_work (JxGen *g,
                    guint  it)
{
  guint class_first = g->extra_first + N_ROLE_REGIONS;
  guint rare_first = class_first + g->opt.n_classes;

  for (guint r = 0; r < g->opt.n_ranks; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);

      if (g->rank_class != NULL && g->rank_class[r] > 0)
        {
          guint region = class_first + g->rank_class[r] - 1;

          _jx_gen_work_then (g, m, 500.0, JX_GEN_ENTER, region);
          _jx_gen_work_then (g, m, 20000.0 * g->cpu_scale[r], JX_GEN_LEAVE, region);
        }
      /* Outlier k calls the rare functions of the bits of k + 1: a set no
       * other outlier calls. */
      if (it == 0 && g->rank_outlier != NULL && g->rank_outlier[r] >= 0)
        for (guint bit = 0; bit < N_RARE; bit++)
          if ((guint) (g->rank_outlier[r] + 1) & (1u << bit))
            {
              _jx_gen_work_then (g, m, 500.0, JX_GEN_ENTER, rare_first + bit);
              _jx_gen_work_then (g, m, 8000.0 * g->cpu_scale[r], JX_GEN_LEAVE, rare_first + bit);
            }
    }
}
