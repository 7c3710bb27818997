/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Timeline folding (§6.1): the four operations on Fig. 6.2's pixels, the
 * groups of streams, folded rows against folding by brute force, and the
 * utilisation of accelerator devices. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <otf2/OTF2_Definitions.h>
#include <otf2/OTF2_GeneralDefinitions.h>

#include "jx-group-summary.h"
#include "jx-stream-groups.h"
#include "jx-test-gen.h"
#include "jx-test-util.h"
#include "jx-timeline-fold.h"
#include "jx-trace-builder.h"
#include "jx-trace-loader.h"

#define PARADIGM_USER 1
#define ROLE_FUNCTION 1
#define N JX_NONE

/* Fold operations -------------------------------------------------------- */

static guint32
fold3 (JxFoldOp op,
       guint32  s0,
       guint32  s1,
       guint32  s2)
{
  guint32 seq[3] = { s0, s1, s2 };

  return jx_fold_select (op, seq, 3, NULL, 0);
}

/* Fig. 6.2 with a = 0, b = 1 and regions ordered by index. */
static void
test_fig_6_2 (void)
{
  enum { a, b, c };
  guint32 six[6] = { a, b, b, N, N, N };

  /* select_max: pixel 0 (a, a, b) -> a; pixel 1 (a, b, no-state) -> the
   * smallest state by the order; pixel 2 all no-state -> no-state. */
  g_assert_cmpuint (fold3 (JX_FOLD_MAX, a, a, b), ==, a);
  g_assert_cmpuint (fold3 (JX_FOLD_MAX, a, b, N), ==, a);
  g_assert_cmpuint (fold3 (JX_FOLD_MAX, b, N, a), ==, a);
  g_assert_cmpuint (fold3 (JX_FOLD_MAX, N, N, N), ==, N);
  g_assert_cmpuint (fold3 (JX_FOLD_MAX, b, N, N), ==, N);

  /* select_min: the least frequent state that occurs. */
  g_assert_cmpuint (fold3 (JX_FOLD_MIN, a, a, b), ==, b);
  g_assert_cmpuint (fold3 (JX_FOLD_MIN, a, b, N), ==, a);
  g_assert_cmpuint (fold3 (JX_FOLD_MIN, N, N, c), ==, c);
  g_assert_cmpuint (fold3 (JX_FOLD_MIN, a, N, N), ==, a);
  g_assert_cmpuint (fold3 (JX_FOLD_MIN, N, N, N), ==, N);

  /* select_diff: no-state where all agree, else the rarest busy state. */
  g_assert_cmpuint (fold3 (JX_FOLD_DIFF, a, a, a), ==, N);
  g_assert_cmpuint (fold3 (JX_FOLD_DIFF, N, N, N), ==, N);
  g_assert_cmpuint (fold3 (JX_FOLD_DIFF, a, a, b), ==, b);
  g_assert_cmpuint (fold3 (JX_FOLD_DIFF, a, b, N), ==, a);
  g_assert_cmpuint (fold3 (JX_FOLD_DIFF, a, a, N), ==, a);
  g_assert_cmpuint (fold3 (JX_FOLD_DIFF, c, N, N), ==, c);

  /* select_idle: no-state only where all are idle, else the most frequent
   * busy state. */
  g_assert_cmpuint (fold3 (JX_FOLD_IDLE, N, N, N), ==, N);
  g_assert_cmpuint (fold3 (JX_FOLD_IDLE, a, N, N), ==, a);
  g_assert_cmpuint (fold3 (JX_FOLD_IDLE, a, a, b), ==, a);
  g_assert_cmpuint (jx_fold_select (JX_FOLD_IDLE, six, 6, NULL, 0), ==, b);
  g_assert_cmpuint (jx_fold_select (JX_FOLD_MAX, six, 6, NULL, 0), ==, N);
  g_assert_cmpuint (jx_fold_select (JX_FOLD_MAX, NULL, 0, NULL, 0), ==, N);
}

/* The order is by name, whatever the region indices: the same function
 * wins ties in every trace. */
static void
test_order_by_name (void)
{
  JxTraceBuilder *builder = jx_trace_builder_new ("/order/traces.otf2", "order", 1000000000);
  g_autoptr(JxTrace) trace = NULL;
  g_autofree guint32 *ranks = NULL;
  guint32 b, a, z, n;

  b = jx_trace_builder_add_region (builder, "b", PARADIGM_USER, ROLE_FUNCTION);
  a = jx_trace_builder_add_region (builder, "a", PARADIGM_USER, ROLE_FUNCTION);
  z = jx_trace_builder_add_region (builder, "Z", PARADIGM_USER, ROLE_FUNCTION);
  trace = jx_trace_builder_finish (builder);
  ranks = jx_fold_state_ranks_new (trace);
  n = jx_trace_get_n_regions (trace);

  g_assert_cmpuint (ranks[z], <, ranks[a]);   /* byte order: upper case first */
  g_assert_cmpuint (ranks[a], <, ranks[b]);
  {
    guint32 seq[3] = { b, N, a };
    guint32 rare[4] = { b, b, a, a };

    g_assert_cmpuint (jx_fold_select (JX_FOLD_MAX, seq, 3, ranks, n), ==, a);
    g_assert_cmpuint (jx_fold_select (JX_FOLD_MIN, seq, 3, ranks, n), ==, a);
    g_assert_cmpuint (jx_fold_select (JX_FOLD_MIN, rare, 4, ranks, n), ==, a);
  }
}

/* Ties go to user code before accelerator work, communication and, last,
 * the runtime's own regions, whatever their names: two threads split
 * between "!$omp parallel" and a kernel fold to the kernel. */
static void
test_order_by_category (void)
{
  JxTraceBuilder *builder = jx_trace_builder_new ("/order/traces.otf2", "order", 1000000000);
  g_autoptr(JxTrace) trace = NULL;
  g_autofree guint32 *ranks = NULL;
  guint32 omp, kernel, mpi, cuda, n;

  omp = jx_trace_builder_add_region (builder, "!$omp parallel @jacobi.c:160", OTF2_PARADIGM_OPENMP,
                                     OTF2_REGION_ROLE_PARALLEL);
  mpi = jx_trace_builder_add_region (builder, "MPI_Barrier", OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_BARRIER);
  cuda = jx_trace_builder_add_region (builder, "cudaMemcpy", OTF2_PARADIGM_CUDA, OTF2_REGION_ROLE_DATA_TRANSFER);
  kernel = jx_trace_builder_add_region (builder, "jacobi_kernel", PARADIGM_USER, ROLE_FUNCTION);
  trace = jx_trace_builder_finish (builder);
  ranks = jx_fold_state_ranks_new (trace);
  n = jx_trace_get_n_regions (trace);

  g_assert_cmpuint (ranks[kernel], <, ranks[cuda]);
  g_assert_cmpuint (ranks[cuda], <, ranks[mpi]);
  g_assert_cmpuint (ranks[mpi], <, ranks[omp]);
  {
    guint32 two[2] = { omp, kernel };
    guint32 three[3] = { omp, mpi, N };

    g_assert_cmpuint (jx_fold_select (JX_FOLD_MAX, two, 2, ranks, n), ==, kernel);
    g_assert_cmpuint (jx_fold_select (JX_FOLD_IDLE, two, 2, ranks, n), ==, kernel);
    g_assert_cmpuint (jx_fold_select (JX_FOLD_MAX, three, 3, ranks, n), ==, mpi);
  }
}

/* §6.1.3: count vectors of parts of the streams add up to the vector of
 * all; selecting from the sum equals selecting from the whole sequence. */
static void
test_hierarchical (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);

  for (guint trial = 0; trial < 200; trial++)
    {
      guint32 seq[40];
      guint n = g_rand_int_range (rand, 1, 40);
      guint split = g_rand_int_range (rand, 0, n + 1);
      JxFoldCounts left, right;

      for (guint i = 0; i < n; i++)
        seq[i] = g_rand_int_range (rand, 0, 5) == 0 ? N : (guint32) g_rand_int_range (rand, 0, 4);
      jx_fold_counts_clear (&left);
      jx_fold_counts_clear (&right);
      for (guint i = 0; i < split; i++)
        jx_fold_counts_add (&left, seq[i], 1);
      for (guint i = split; i < n; i++)
        jx_fold_counts_add (&right, seq[i], 1);
      jx_fold_counts_merge (&left, &right);
      for (JxFoldOp op = 0; op < JX_N_FOLD_OPS; op++)
        g_assert_cmpuint (jx_fold_counts_select (&left, op, NULL, 0), ==, jx_fold_select (op, seq, n, NULL, 0));
    }
}

static void
test_op_names (void)
{
  for (JxFoldOp op = 0; op < JX_N_FOLD_OPS; op++)
    {
      JxFoldOp back;

      g_assert_true (jx_fold_op_from_string (jx_fold_op_to_string (op), &back));
      g_assert_cmpint (back, ==, op);
      g_assert_cmpstr (jx_fold_op_label (op), !=, "");
    }
  g_assert_false (jx_fold_op_from_string ("maximum", NULL));
}

/* Groups ------------------------------------------------------------------ */

static JxTrace *
generated (guint             ranks,
           guint             threads,
           guint             gpu_streams,
           guint             iterations,
           JxGeneratorStats *stats,
           char            **dir)
{
  JxGeneratorOptions options;

  jx_generator_options_init (&options);
  options.seed = 21;
  options.n_ranks = ranks;
  options.n_threads = threads;
  options.n_gpu_streams = gpu_streams;
  options.n_iterations = iterations;
  return jx_test_generate_load (&options, stats, dir);
}

static const JxStreamGroup *
group_by_key (JxStreamGroups *groups,
              const char     *key)
{
  guint32 g = jx_stream_groups_find (groups, key);

  g_assert_cmpuint (g, !=, JX_NONE);
  return jx_stream_groups_get_group (groups, g);
}

static void
test_groups_generated (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = generated (3, 2, 3, 4, NULL, &dir);
  g_autoptr(JxStreamGroups) threads = jx_stream_groups_new (trace, JX_FOLD_GROUPING_THREADS, NULL);
  g_autoptr(JxStreamGroups) all = jx_stream_groups_new (trace, JX_FOLD_GROUPING_PROCESSES, NULL);
  g_autoptr(JxStreamGroups) nodes = jx_stream_groups_new (trace, JX_FOLD_GROUPING_NODES, NULL);
  g_autoptr(JxStreamGroups) custom = NULL;
  /* Rank 0's master thread and its first CUDA stream. */
  g_autofree char *key0 = jx_stream_groups_stream_key (trace, 0);
  g_autofree char *key2 = jx_stream_groups_stream_key (trace, 2);
  const char *set[] = { key0, key2, "MPI Rank 9 / nowhere", NULL };
  const JxStreamGroup *g;
  guint n_nodes = 0;

  /* 3 ranks of 2 CPU threads and 3 CUDA streams. */
  g_assert_cmpuint (jx_trace_get_n_streams (trace), ==, 15);
  g = group_by_key (threads, "process:MPI Rank 1");
  g_assert_cmpint (g->kind, ==, JX_STREAM_GROUP_PROCESS);
  g_assert_cmpuint (g->n_members, ==, 2);
  g_assert_cmpuint (g->parent, ==, JX_NONE);
  for (guint m = 0; m < g->n_members; m++)
    g_assert_cmpint (jx_trace_get_stream (trace, g->members[m])->kind, ==, JX_STREAM_CPU_THREAD);
  g = group_by_key (threads, "device:MPI Rank 1:CUDA 0");
  g_assert_cmpint (g->kind, ==, JX_STREAM_GROUP_DEVICE);
  g_assert_cmpstr (g->name, ==, "CUDA 0");
  g_assert_cmpuint (g->n_members, ==, 3);
  g_assert_cmpuint (g->parent, ==, jx_stream_groups_find (threads, "process:MPI Rank 1"));
  g_assert_cmpuint (jx_stream_groups_get_stream_group (threads, g->members[0]), ==,
                    jx_stream_groups_find (threads, "device:MPI Rank 1:CUDA 0"));
  g_assert_cmpuint (jx_stream_groups_get_n_groups (threads), ==, 6);

  /* All processes: the CPU threads of every rank in one group above. */
  g = group_by_key (all, "all");
  g_assert_cmpint (g->kind, ==, JX_STREAM_GROUP_ALL);
  g_assert_cmpuint (g->n_members, ==, 6);
  g_assert_cmpuint (group_by_key (all, "process:MPI Rank 0")->parent, ==, jx_stream_groups_find (all, "all"));

  /* Nodes of the generator's machine hold the ranks' CPU threads. */
  for (guint i = 0; i < jx_stream_groups_get_n_groups (nodes); i++)
    {
      g = jx_stream_groups_get_group (nodes, i);
      if (g->kind != JX_STREAM_GROUP_NODE)
        continue;
      n_nodes++;
      g_assert_cmpuint (g->n_members, >=, 2);
      g_assert_cmpuint (g->node, !=, JX_NONE);
    }
  g_assert_cmpuint (n_nodes, >=, 1);

  /* A custom set by name; a name no stream has is ignored. */
  custom = jx_stream_groups_new (trace, JX_FOLD_GROUPING_CUSTOM, set);
  g = group_by_key (custom, "custom");
  g_assert_cmpuint (g->n_members, ==, 2);
  g_assert_cmpuint (g->members[0], ==, 0);
  g_assert_cmpuint (g->members[1], ==, 2);
  g_assert_cmpstr (key2, ==, "MPI Rank 0 / CUDA[0:7]");
  g_assert_cmpuint (jx_stream_groups_get_stream_group (custom, 2), ==, jx_stream_groups_find (custom, "custom"));
  /* They left the groups of their process. */
  g_assert_cmpuint (group_by_key (custom, "process:MPI Rank 0")->n_members, ==, 1);
  g_assert_cmpuint (group_by_key (custom, "device:MPI Rank 0:CUDA 0")->n_members, ==, 2);
  g_assert_cmpuint (group_by_key (custom, "device:MPI Rank 1:CUDA 0")->n_members, ==, 3);

  jx_test_remove_tree (dir);
}

static void
test_groups_real (void)
{
  g_autofree char *jacobi = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autofree char *cuda = jx_test_get_shared_trace ("casita__2_cuda_simple");
  g_autoptr(JxTrace) a = jx_trace_load (jacobi, NULL, NULL, NULL, NULL, NULL);
  g_autoptr(JxTrace) b = jx_trace_load (cuda, NULL, NULL, NULL, NULL, NULL);
  g_autoptr(JxStreamGroups) ga = jx_stream_groups_new (a, JX_FOLD_GROUPING_THREADS, NULL);
  g_autoptr(JxStreamGroups) gb = jx_stream_groups_new (b, JX_FOLD_GROUPING_THREADS, NULL);
  g_autofree char *cuda_device = jx_stream_groups_device_name ("CUDA[0:7]");
  g_autofree char *mic_device = jx_stream_groups_device_name ("MIC [0:RDMA]");
  g_autofree char *no_device = jx_stream_groups_device_name ("Master thread");

  g_assert_cmpstr (cuda_device, ==, "CUDA 0");
  g_assert_cmpstr (mic_device, ==, "MIC 0");
  g_assert_null (no_device);
  /* Xeon Phi: "MIC [0:RDMA]" and "MIC [0:1]" are one device. */
  g_assert_cmpuint (group_by_key (ga, "device:MPI Rank 0:MIC 0")->n_members, ==, 2);
  g_assert_cmpuint (group_by_key (ga, "process:MPI Rank 0")->n_members, ==, 2);
  /* CUDA: one stream per process, a row of its own. */
  g_assert_cmpuint (jx_stream_groups_find (gb, "device:MPI Rank 0:CUDA 0"), ==, JX_NONE);
  g_assert_cmpuint (jx_stream_groups_get_n_groups (gb), ==, 2);
}

/* Folded rows ---------------------------------------------------------------- */

/* The new definition by brute force, sharing no code with the folded
 * sequence: the members' states at every instant (each member's deepest
 * running invocation painted over the elementary intervals between all
 * members' boundaries), the operation on each instant, then per pixel
 * [start + ⌊p·W/n⌋, start + ⌊(p+1)·W/n⌋) the folded state covering the most
 * ticks (ties by the order, no-state last) and, where that is no-state, the
 * activity (the folded state, else the busiest member state) covering the
 * most ticks as its mark. */
static gint
compare_ticks (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

static gboolean
ref_beats (const guint32 *ranks,
           guint32        a,
           guint64        ta,
           guint32        b,
           guint64        tb)
{
  if (ta != tb)
    return ta > tb;
  if (b == N)
    return a != N;
  return a != N && ranks[a] < ranks[b];
}

static void
brute_fold (JxTrace             *trace,
            const JxStreamGroup *group,
            JxFoldOp             op,
            const guint32       *ranks,
            gint64               start,
            gint64               end,
            guint                n,
            guint32             *out,
            guint32             *marks)
{
  guint k = group->n_members;
  guint n_regions = jx_trace_get_n_regions (trace);
  g_autoptr(GArray) bounds = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree guint32 *paint = NULL;
  g_autofree guint32 *folded = NULL;
  g_autofree guint32 *act = NULL;
  g_autofree guint64 *ticks = g_new0 (guint64, n_regions + 1);
  g_autofree guint64 *act_ticks = g_new0 (guint64, n_regions + 1);
  guint ne;
  gint64 *t;

  for (guint m = 0; m < k; m++)
    {
      const JxStream *s = jx_trace_get_stream (trace, group->members[m]);

      for (guint32 i = 0; i < s->n_invocations; i++)
        {
          gint64 b0 = (gint64) s->start[i], b1 = (gint64) s->end[i];

          g_array_append_val (bounds, b0);
          g_array_append_val (bounds, b1);
        }
    }
  g_array_sort (bounds, compare_ticks);
  t = (gint64 *) bounds->data;
  ne = 0;
  for (guint i = 0; i < bounds->len; i++)
    if (ne == 0 || t[ne - 1] != t[i])
      t[ne++] = t[i];
  /* Elementary interval e is [t[e], t[e + 1]). */
  ne = ne > 0 ? ne - 1 : 0;
  paint = g_new (guint32, (gsize) MAX (ne, 1) * k);
  for (gsize i = 0; i < (gsize) ne * k; i++)
    paint[i] = N;
  for (guint m = 0; m < k; m++)
    {
      const JxStream *s = jx_trace_get_stream (trace, group->members[m]);

      for (guint d = 0; d < s->max_depth; d++)
        for (guint32 i = 0; i < s->n_invocations; i++)
          {
            guint lo = 0, hi = ne;

            if (s->depth[i] != d)
              continue;
            while (lo < hi)
              {
                guint mid = (lo + hi) / 2;

                if (t[mid] < (gint64) s->start[i])
                  lo = mid + 1;
                else
                  hi = mid;
              }
            for (guint e = lo; e < ne && t[e] < (gint64) s->end[i]; e++)
              paint[(gsize) e * k + m] = s->region[i];
          }
    }
  folded = g_new (guint32, MAX (ne, 1));
  act = g_new (guint32, MAX (ne, 1));
  for (guint e = 0; e < ne; e++)
    {
      JxFoldCounts counts;

      jx_fold_counts_clear (&counts);
      for (guint m = 0; m < k; m++)
        jx_fold_counts_add (&counts, paint[(gsize) e * k + m], 1);
      folded[e] = jx_fold_select (op, paint + (gsize) e * k, k, ranks, n_regions);
      act[e] = folded[e] != N || !jx_fold_op_marks_activity (op) ? folded[e]
                                                                 : jx_fold_counts_busiest (&counts, ranks, n_regions);
    }
  for (guint p = 0; p < n; p++)
    {
      gint64 w = end - start;
      gint64 b0 = start + (gint64) (((__int128) w * p) / n);
      gint64 b1 = MAX (start + (gint64) (((__int128) w * (p + 1)) / n), b0 + 1);
      guint64 covered = 0;
      guint32 best = N, mark = N;
      guint64 best_t, mark_t = 0;

      memset (ticks, 0, (n_regions + 1) * sizeof (guint64));
      memset (act_ticks, 0, (n_regions + 1) * sizeof (guint64));
      for (guint e = 0; e < ne; e++)
        {
          gint64 o0 = MAX (t[e], b0), o1 = MIN (t[e + 1], b1);

          if (o1 <= o0)
            continue;
          covered += (guint64) (o1 - o0);
          ticks[folded[e] == N ? n_regions : folded[e]] += (guint64) (o1 - o0);
          if (act[e] != N)
            act_ticks[act[e]] += (guint64) (o1 - o0);
        }
      ticks[n_regions] += (guint64) (b1 - b0) - covered;
      best_t = ticks[n_regions];
      for (guint32 r = 0; r < n_regions; r++)
        {
          if (ticks[r] > 0 && ref_beats (ranks, r, ticks[r], best, best_t))
            {
              best = r;
              best_t = ticks[r];
            }
          if (act_ticks[r] > 0 && (mark == N || ref_beats (ranks, r, act_ticks[r], mark, mark_t)))
            {
              mark = r;
              mark_t = act_ticks[r];
            }
        }
      out[p] = best;
      marks[p] = best == N && jx_fold_op_marks_activity (op) ? mark : N;
    }
}

static JxTrace *
random_streams (guint32 seed,
                guint   n_streams,
                guint   per_stream)
{
  static const char *names[5] = { "f0", "f1", "f2", "f3", "f4" };
  JxTraceBuilder *b = jx_trace_builder_new ("/fold/traces.otf2", "fold", 1000000000);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint32 regions[5], node, process;

  for (guint r = 0; r < 5; r++)
    regions[r] = jx_trace_builder_add_region (b, names[r], PARADIGM_USER, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  process = jx_trace_builder_add_process (b, "Rank 0", node);
  for (guint s = 0; s < n_streams; s++)
    {
      g_autofree char *name = g_strdup_printf ("Thread %u", s);
      guint32 stream = jx_trace_builder_add_stream (b, process, name, JX_STREAM_CPU_THREAD);
      guint64 t = 1000 + g_rand_int_range (rand, 0, 3000);

      /* Phases of 500000 ticks shared by all streams, each mostly in one
       * function, with a few calls off the phase: streams mostly agree. */
      for (guint i = 0; i < per_stream; i++)
        {
          guint phase = (guint) (t / 500000);
          guint32 region = regions[(phase + (g_rand_int_range (rand, 0, 8) == 0 ? s + 1 : 0)) % 5];

          jx_trace_builder_enter (b, stream, t, region);
          t += g_rand_int_range (rand, 200, 3000);
          if (g_rand_int_range (rand, 0, 3) == 0)
            {
              jx_trace_builder_enter (b, stream, t, regions[4]);
              t += g_rand_int_range (rand, 10, 300);
              jx_trace_builder_leave (b, stream, t, regions[4]);
            }
          jx_trace_builder_leave (b, stream, t, region);
          t += g_rand_int_range (rand, 0, 10) == 0 ? g_rand_int_range (rand, 1000, 20000) : g_rand_int_range (rand, 0, 200);
        }
    }
  return jx_trace_builder_finish (b);
}

/* The folded row is exactly the brute-force fold of the definition (the
 * operation at every instant, then each pixel's dominant folded state), at
 * every zoom from the full view down to windows inside one invocation, for
 * every operation; where few changes are in view the drawn row is that
 * exact one. */
static void
test_direct_fold_exact (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  g_autoptr(JxTrace) trace = random_streams (4, 6, 3000);
  g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  g_autoptr(JxStreamGroups) groups = jx_stream_groups_new (trace, JX_FOLD_GROUPING_THREADS, NULL);
  const JxStreamGroup *group = group_by_key (groups, "process:Rank 0");
  guint32 gi = jx_stream_groups_find (groups, "process:Rank 0");
  gint64 t0 = (gint64) jx_trace_get_start_time (trace);
  gint64 t1 = (gint64) jx_trace_get_end_time (trace);

  g_assert_cmpuint (group->n_members, ==, 6);
  for (JxFoldOp op = 0; op < JX_N_FOLD_OPS; op++)
    {
      g_autoptr(JxTimelineFold) fold = jx_timeline_fold_build (summary, groups, op, NULL, NULL);
      guint n_marked = 0, n_drawn_exact = 0;

      /* Far fewer changes than the members have. */
      g_test_message ("%s: %" G_GUINT64_FORMAT " folded intervals for %" G_GUINT64_FORMAT " member invocations",
                      jx_fold_op_to_string (op), jx_timeline_fold_get_n_intervals (fold),
                      (guint64) jx_trace_get_n_invocations (trace));
      for (guint z = 0; z < 24; z++)
        {
          guint n = 211 + z;
          g_autofree guint32 *got = g_new (guint32, n);
          g_autofree guint32 *got_marks = g_new (guint32, n);
          g_autofree guint32 *drawn = g_new (guint32, n);
          g_autofree guint32 *drawn_marks = g_new (guint32, n);
          g_autofree guint32 *want = g_new (guint32, n);
          g_autofree guint32 *want_marks = g_new (guint32, n);
          /* The full view, then 1x .. 200000x. */
          double zoom = z == 0 ? 1.0 : exp (g_rand_double_range (rand, 0.0, log (200000.0)));
          gint64 width = (gint64) ((t1 - t0) / zoom);
          gint64 start = t0 + (z == 0 ? 0 : (gint64) g_rand_double_range (rand, 0.0, (double) (t1 - t0 - width)));
          gboolean same = TRUE;

          jx_timeline_fold_sample_exact (fold, gi, start, start + width, n, got, got_marks);
          jx_timeline_fold_sample (fold, gi, start, start + width, n, drawn, drawn_marks);
          brute_fold (trace, group, op, jx_timeline_fold_get_ranks (fold), start, start + width, n, want, want_marks);
          for (guint p = 0; p < n; p++)
            {
              g_assert_cmpuint (got[p], ==, want[p]);
              g_assert_cmpuint (got_marks[p], ==, want_marks[p]);
              n_marked += want_marks[p] != N;
              same = same && drawn[p] == got[p] && drawn_marks[p] == got_marks[p];
            }
          n_drawn_exact += same;
          if (zoom >= 50.0)
            g_assert_true (same);
        }
      g_test_message ("%s: %u marks, %u of 24 windows drawn exactly", jx_fold_op_to_string (op), n_marked,
                      n_drawn_exact);
      if (jx_fold_op_marks_activity (op) && op != JX_FOLD_IDLE)
        g_assert_cmpuint (n_marked, >, 0);
    }
}

/* At coarse zoom a long folded sequence is drawn from its pyramid, like a
 * stream row: each pixel shows the folded state that covers most of it
 * nearly everywhere. A fold made without building leaves a large group
 * unbuilt (drawn pending, not walked in a frame). */
static void
test_pyramid_fold (void)
{
  g_autoptr(JxTrace) trace = random_streams (5, 8, 40000);
  g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  g_autoptr(JxStreamGroups) groups = jx_stream_groups_new (trace, JX_FOLD_GROUPING_THREADS, NULL);
  guint32 gi = jx_stream_groups_find (groups, "process:Rank 0");
  gint64 t0 = (gint64) jx_trace_get_start_time (trace);
  gint64 t1 = (gint64) jx_trace_get_end_time (trace);
  guint n = 400;

  for (JxFoldOp op = 0; op < JX_N_FOLD_OPS; op++)
    {
      g_autoptr(JxTimelineFold) fold = jx_timeline_fold_build (summary, groups, op, NULL, NULL);
      g_autoptr(JxTimelineFold) unbuilt = jx_timeline_fold_new_unbuilt (summary, groups, op);
      g_autofree guint32 *got = g_new (guint32, n);
      g_autofree guint32 *marks = g_new (guint32, n);
      g_autofree guint32 *exact = g_new (guint32, n);
      g_autofree guint32 *exact_marks = g_new (guint32, n);
      guint agree = 0, marks_agree = 0;

      g_assert_true (jx_timeline_fold_is_built (fold));
      g_assert_cmpuint (jx_timeline_fold_get_memory_size (fold), >, 0);
      g_assert_true (jx_timeline_fold_is_cheap (fold, gi, t0, t1, n));
      g_assert_false (jx_timeline_fold_is_built (unbuilt));
      g_assert_false (jx_timeline_fold_is_cheap (unbuilt, gi, t0, t1, n));
      jx_timeline_fold_sample (fold, gi, t0, t1, n, got, marks);
      jx_timeline_fold_sample_exact (fold, gi, t0, t1, n, exact, exact_marks);
      for (guint p = 0; p < n; p++)
        {
          agree += got[p] == exact[p];
          marks_agree += (marks[p] != N) == (exact_marks[p] != N);
        }
      g_test_message ("%s: %" G_GUINT64_FORMAT " intervals; of %u coarse pixels %u as exact, %u marks alike",
                      jx_fold_op_to_string (op), jx_timeline_fold_get_n_intervals (fold), n, agree, marks_agree);
      /* Like a stream row's pyramid: a pixel's close race may go either
       * way. Only min's races are common here (it changes every few ticks:
       * 84 % of pixels agree); the others agree on 99 % or more. */
      g_assert_cmpfloat ((double) agree / n, >=, op == JX_FOLD_MIN ? 0.8 : 0.97);
      g_assert_cmpfloat ((double) marks_agree / n, >=, op == JX_FOLD_MIN ? 0.8 : 0.97);
    }
}

/* A burst: after a long quiet call, every stream makes hundreds of short
 * calls at interleaved times within a few microseconds — the members'
 * changes crowd into a sliver of the run, and still fold exactly. */
static void
test_burst_fold (void)
{
  static const char *names[3] = { "a", "b", "c" };
  JxTraceBuilder *b = jx_trace_builder_new ("/burst/traces.otf2", "burst", 1000000000);
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxTimelineSummary) summary = NULL;
  g_autoptr(JxStreamGroups) groups = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  guint32 regions[3], node, process;
  guint n = 300;

  for (guint r = 0; r < 3; r++)
    regions[r] = jx_trace_builder_add_region (b, names[r], PARADIGM_USER, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  process = jx_trace_builder_add_process (b, "Rank 0", node);
  for (guint s = 0; s < 6; s++)
    {
      g_autofree char *name = g_strdup_printf ("Thread %u", s);
      guint32 stream = jx_trace_builder_add_stream (b, process, name, JX_STREAM_CPU_THREAD);
      guint64 t = 1000000000 + s;

      jx_trace_builder_enter (b, stream, 0, regions[0]);
      jx_trace_builder_leave (b, stream, 1000000000, regions[0]);
      for (guint i = 0; i < 400; i++)
        {
          guint32 region = regions[g_rand_int_range (rand, 0, 3)];

          jx_trace_builder_enter (b, stream, t, region);
          t += g_rand_int_range (rand, 1, 7);
          jx_trace_builder_leave (b, stream, t, region);
          t += g_rand_int_range (rand, 0, 5);
        }
    }
  trace = jx_trace_builder_finish (b);
  summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  groups = jx_stream_groups_new (trace, JX_FOLD_GROUPING_THREADS, NULL);
  for (JxFoldOp op = 0; op < JX_N_FOLD_OPS; op++)
    {
      g_autoptr(JxTimelineFold) fold = jx_timeline_fold_build (summary, groups, op, NULL, NULL);
      guint32 gi = jx_stream_groups_find (groups, "process:Rank 0");
      const JxStreamGroup *group = jx_stream_groups_get_group (groups, gi);
      g_autofree guint32 *got = g_new (guint32, n);
      g_autofree guint32 *got_marks = g_new (guint32, n);
      g_autofree guint32 *want = g_new (guint32, n);
      g_autofree guint32 *want_marks = g_new (guint32, n);
      gint64 start = 1000000000 - 100, end = 1000000000 + 3500;

      jx_timeline_fold_sample_exact (fold, gi, start, end, n, got, got_marks);
      brute_fold (trace, group, op, jx_timeline_fold_get_ranks (fold), start, end, n, want, want_marks);
      for (guint p = 0; p < n; p++)
        {
          g_assert_cmpuint (got[p], ==, want[p]);
          g_assert_cmpuint (got_marks[p], ==, want_marks[p]);
        }
    }
}

/* Cancelled between chunks of a large group's merge (each delay cancels
 * the build at another point): the build frees everything it held
 * (LeakSanitizer in the ASan pass). */
static gpointer
cancel_later (gpointer data)
{
  GCancellable *cancellable = data;

  g_usleep (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (cancellable), "delay")));
  g_cancellable_cancel (cancellable);
  return NULL;
}

static void
test_cancel_fold (void)
{
  g_autoptr(JxTrace) trace = random_streams (9, 8, 100000);
  g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  g_autoptr(JxStreamGroups) groups = jx_stream_groups_new (trace, JX_FOLD_GROUPING_THREADS, NULL);
  guint cancelled = 0;

  for (guint delay = 250; delay <= 512000; delay *= 2)
    {
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(JxTimelineFold) fold = NULL;
      GThread *thread;

      g_object_set_data (G_OBJECT (cancellable), "delay", GUINT_TO_POINTER (delay));
      thread = g_thread_new ("cancel", cancel_later, cancellable);
      fold = jx_timeline_fold_build (summary, groups, JX_FOLD_MAX, cancellable, &error);
      g_thread_join (thread);
      if (fold == NULL)
        {
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
          cancelled++;
        }
    }
  g_assert_cmpuint (cancelled, >, 0);
}

/* Accelerator utilisation --------------------------------------------------- */

/* The device's busy share is what the generator put in; idle folding of
 * the device's streams shows the device busy where and only where a kernel
 * runs. */
static void
test_device_utilisation (void)
{
  JxGeneratorStats stats;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = generated (2, 1, 3, 12, &stats, &dir);
  g_autoptr(JxTimelineSummary) summary = jx_timeline_summary_build (trace, NULL, NULL, NULL, NULL);
  g_autoptr(JxStreamGroups) groups = jx_stream_groups_new (trace, JX_FOLD_GROUPING_THREADS, NULL);
  g_autoptr(JxTimelineFold) fold = jx_timeline_fold_build (summary, groups, JX_FOLD_IDLE, NULL, NULL);
  guint64 start = jx_trace_get_start_time (trace), end = jx_trace_get_end_time (trace);
  double busy_ticks = 0.0;

  g_assert_cmpuint (stats.gpu_busy_ticks, >, 0);
  for (guint r = 0; r < 2; r++)
    {
      g_autofree char *key = g_strdup_printf ("device:MPI Rank %u:CUDA 0", r);
      guint32 gi = jx_stream_groups_find (groups, key);
      const JxStreamGroup *g = jx_stream_groups_get_group (groups, gi);
      double share = jx_group_busy_share (trace, g->members, g->n_members, start, end);
      g_autoptr(JxGroupSummary) summary_of_group = jx_group_summary_compute (trace, g->members, g->n_members,
                                                                             start, end, 5);
      const JxStream *first = jx_trace_get_stream (trace, g->members[0]);
      guint64 w0, w1;
      guint n = 2000, busy_pixels = 0;
      g_autofree guint32 *row = g_new (guint32, n);

      g_assert_cmpuint (g->n_members, ==, 3);
      g_assert_cmpfloat_with_epsilon (summary_of_group->busy_share, share, 1e-12);
      g_assert_cmpfloat (summary_of_group->category_share[JX_CATEGORY_ACCELERATOR], >, 0.99);
      busy_ticks += share * (double) (end - start);

      /* One offload, zoomed so that pixels are small against the kernels:
       * the idle-folded row is busy on the pixels of the kernels' union. */
      w0 = first->start[first->n_invocations / 2] - 20000;
      w1 = w0 + 400000;
      jx_timeline_fold_sample (fold, gi, (gint64) w0, (gint64) w1, n, row, NULL);
      for (guint p = 0; p < n; p++)
        busy_pixels += row[p] != N;
      g_assert_cmpfloat (fabs ((double) busy_pixels / n - jx_group_busy_share (trace, g->members, g->n_members, w0, w1)),
                         <=, 2.0 / n);
    }
  /* Within 1 % of what the generator wrote. */
  g_test_message ("busy: folded %.0f ticks, generator %" G_GUINT64_FORMAT, busy_ticks, stats.gpu_busy_ticks);
  g_assert_cmpfloat (fabs (busy_ticks - (double) stats.gpu_busy_ticks), <=, 0.01 * (double) stats.gpu_busy_ticks);
  jx_test_remove_tree (dir);
}

/* §6.1.4, Fig. 6.7 (COSMO-SPECS): the summary of a selected range of a
 * folded group lists its functions and categories; in the last iteration
 * most ranks wait, 3 % computation and 97 % MPI. Four ranks: in [100, 200)
 * each computes 3 ticks and waits 97 in MPI_Barrier; outside it they only
 * compute. */
static void
test_group_mix (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/mix/traces.otf2", "mix", 1000);
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxGroupSummary) mix = NULL;
  g_autoptr(JxGroupSummary) before = NULL;
  guint32 specs, barrier, node, members[4];
  const JxFunctionSummaryBar *top;

  specs = jx_trace_builder_add_region (b, "specs", PARADIGM_USER, ROLE_FUNCTION);
  barrier = jx_trace_builder_add_region (b, "MPI_Barrier", 4 /* MPI */, 15 /* barrier */);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  for (guint p = 0; p < 4; p++)
    {
      g_autofree char *name = g_strdup_printf ("Rank %u", p);
      guint32 process = jx_trace_builder_add_process (b, name, node);

      members[p] = jx_trace_builder_add_stream (b, process, "Master thread", JX_STREAM_CPU_THREAD);
    }
  for (guint p = 0; p < 4; p++)
    {
      jx_trace_builder_enter (b, members[p], 0, specs);
      jx_trace_builder_leave (b, members[p], 100, specs);
      jx_trace_builder_enter (b, members[p], 100, specs);
      jx_trace_builder_leave (b, members[p], 103, specs);
      jx_trace_builder_enter (b, members[p], 103, barrier);
      jx_trace_builder_leave (b, members[p], 200, barrier);
    }
  trace = jx_trace_builder_finish (b);

  mix = jx_group_summary_compute (trace, members, 4, 100, 200, 0);
  g_assert_cmpfloat_with_epsilon (mix->busy_share, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (mix->exclusive_s, 4 * 100 / 1000.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (mix->category_share[JX_CATEGORY_USER], 0.03, 1e-12);
  g_assert_cmpfloat_with_epsilon (mix->category_share[JX_CATEGORY_MPI], 0.97, 1e-12);
  g_assert_cmpuint (mix->functions->len, ==, 2);
  top = &g_array_index (mix->functions, JxFunctionSummaryBar, 0);
  g_assert_cmpuint (top->region, ==, barrier);

  /* The whole run: 103 of every 200 ticks compute. */
  before = jx_group_summary_compute (trace, members, 4, 0, 200, 0);
  g_assert_cmpfloat_with_epsilon (before->category_share[JX_CATEGORY_USER], 0.515, 1e-12);
  g_assert_cmpfloat_with_epsilon (before->category_share[JX_CATEGORY_MPI], 0.485, 1e-12);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/fold/fig-6-2", test_fig_6_2);
  g_test_add_func ("/analysis/fold/order-by-name", test_order_by_name);
  g_test_add_func ("/analysis/fold/order-by-category", test_order_by_category);
  g_test_add_func ("/analysis/fold/hierarchical", test_hierarchical);
  g_test_add_func ("/analysis/fold/op-names", test_op_names);
  g_test_add_func ("/analysis/fold/groups-generated", test_groups_generated);
  g_test_add_func ("/analysis/fold/groups-real", test_groups_real);
  g_test_add_func ("/analysis/fold/direct-exact", test_direct_fold_exact);
  g_test_add_func ("/analysis/fold/pyramid", test_pyramid_fold);
  g_test_add_func ("/analysis/fold/burst", test_burst_fold);
  g_test_add_func ("/analysis/fold/cancel", test_cancel_fold);
  g_test_add_func ("/analysis/fold/device-utilisation", test_device_utilisation);
  g_test_add_func ("/analysis/fold/group-mix", test_group_mix);
  return g_test_run ();
}
