/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runtime imbalance by SOS time (§6.2): the dominant function of Fig. 6.9,
 * the SOS times of Fig. 6.10, the classification of synchronization, and a
 * generated run whose slowed rank must head the ranking. */
#include "config.h"

#include <string.h>

#include "jx-imbalance.h"
#include "jx-sync-class.h"
#include "jx-test-gen.h"
#include "jx-test-util.h"
#include "jx-trace-builder.h"
#include "jx-trace-loader.h"

/* OTF2 values, without pulling in its headers. */
#define PARADIGM_USER 1
#define PARADIGM_OPENMP 3
#define PARADIGM_MPI 4
#define PARADIGM_CUDA 5
#define ROLE_FUNCTION 1
#define ROLE_BARRIER 15
#define ROLE_IMPLICIT_BARRIER 16
#define ROLE_COLL_ALL2ALL 25
#define ROLE_POINT2POINT 28

typedef struct
{
  JxTraceBuilder *b;
  guint32         stream;
} Writer;

static void
call (Writer  *w,
      guint32  region,
      guint64  t0,
      guint64  t1)
{
  jx_trace_builder_enter (w->b, w->stream, t0, region);
  jx_trace_builder_leave (w->b, w->stream, t1, region);
}

/* Fig. 6.9: three processes; main (18 time steps each, 54 in all, called
 * 3 times) calls i, then a three times (4 steps each: 36 in all, called 9
 * times) with b and c inside, then i again. */
static void
test_fig_6_9 (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/fig69/traces.otf2", "fig69", 1);
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxImbalance) imbalance = NULL;
  g_autoptr(GArray) candidates = NULL;
  guint32 main_r, i_r, a_r, b_r, c_r, node;

  main_r = jx_trace_builder_add_region (b, "main", PARADIGM_USER, ROLE_FUNCTION);
  i_r = jx_trace_builder_add_region (b, "i", PARADIGM_USER, ROLE_FUNCTION);
  a_r = jx_trace_builder_add_region (b, "a", PARADIGM_USER, ROLE_FUNCTION);
  b_r = jx_trace_builder_add_region (b, "b", PARADIGM_USER, ROLE_FUNCTION);
  c_r = jx_trace_builder_add_region (b, "c", PARADIGM_USER, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  for (guint p = 0; p < 3; p++)
    {
      g_autofree char *name = g_strdup_printf ("Process %u", p);
      guint32 process = jx_trace_builder_add_process (b, name, node);
      Writer w = { b, jx_trace_builder_add_stream (b, process, "Master thread", JX_STREAM_CPU_THREAD) };

      jx_trace_builder_enter (b, w.stream, 0, main_r);
      call (&w, i_r, 0, 2);
      for (guint k = 0; k < 3; k++)
        {
          guint64 t = 2 + 4 * k;

          jx_trace_builder_enter (b, w.stream, t, a_r);
          call (&w, b_r, t, t + 1);
          call (&w, c_r, t + 2, t + 3);
          jx_trace_builder_leave (b, w.stream, t + 4, a_r);
        }
      call (&w, i_r, 14, 18);
      jx_trace_builder_leave (b, w.stream, 18, main_r);
    }
  trace = jx_trace_builder_finish (b);

  candidates = jx_imbalance_find_candidates (trace, 0);
  /* main has the most inclusive time (54) but only 3 < 2·3 invocations. */
  g_assert_cmpuint (candidates->len, ==, 4);
  g_assert_cmpuint (g_array_index (candidates, JxImbalanceCandidate, 0).region, ==, a_r);
  g_assert_cmpuint (g_array_index (candidates, JxImbalanceCandidate, 0).inclusive, ==, 36);
  g_assert_cmpuint (g_array_index (candidates, JxImbalanceCandidate, 0).count, ==, 9);
  g_assert_cmpuint (g_array_index (candidates, JxImbalanceCandidate, 1).region, ==, i_r);
  for (guint k = 0; k < candidates->len; k++)
    g_assert_cmpuint (g_array_index (candidates, JxImbalanceCandidate, k).region, !=, main_r);

  imbalance = jx_imbalance_compute (trace, NULL, NULL, NULL);
  g_assert_nonnull (imbalance);
  g_assert_cmpuint (jx_imbalance_get_function (imbalance), ==, a_r);
  g_assert_cmpuint (jx_imbalance_get_n_segments (imbalance), ==, 9);
  g_assert_cmpuint (jx_imbalance_get_n_candidates (imbalance), ==, 4);
  (void) c_r;
}

/* One process with two threads: an OpenMP parallel region around the whole
 * run is entered 2 = 2·p times, once per thread; like main it is top-level
 * on every processing element and must not segment the run. */
static void
test_top_level_per_thread (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/threads/traces.otf2", "threads", 1);
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(GArray) candidates = NULL;
  guint32 par_r, iter_r, node, process;

  par_r = jx_trace_builder_add_region (b, "!$omp parallel @run.c:1", PARADIGM_OPENMP, ROLE_FUNCTION);
  iter_r = jx_trace_builder_add_region (b, "iteration", PARADIGM_USER, ROLE_FUNCTION);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  process = jx_trace_builder_add_process (b, "Process 0", node);
  for (guint t = 0; t < 2; t++)
    {
      g_autofree char *name = g_strdup_printf ("Thread %u", t);
      Writer w = { b, jx_trace_builder_add_stream (b, process, name, JX_STREAM_CPU_THREAD) };

      jx_trace_builder_enter (b, w.stream, 0, par_r);
      for (guint k = 0; k < 4; k++)
        call (&w, iter_r, 1 + 2 * k, 2 + 2 * k);
      jx_trace_builder_leave (b, w.stream, 10, par_r);
    }
  trace = jx_trace_builder_finish (b);

  candidates = jx_imbalance_find_candidates (trace, 0);
  g_assert_cmpuint (candidates->len, ==, 1);
  g_assert_cmpuint (g_array_index (candidates, JxImbalanceCandidate, 0).region, ==, iter_r);
  g_assert_cmpuint (g_array_index (candidates, JxImbalanceCandidate, 0).count, ==, 8);
}

/* Fig. 6.10: per iteration a = calc, then MPI (a barrier). In the first
 * iteration (duration 6) process 0 computes 5 and waits 1, process 1
 * computes 3 and waits 3, process 2 computes 1 and waits 5; the middle
 * iterations take 3 (2 calc, 1 MPI) everywhere. */
static JxTrace *
fig_6_10 (void)
{
  JxTraceBuilder *b = jx_trace_builder_new ("/fig610/traces.otf2", "fig610", 1);
  guint32 main_r, a_r, calc_r, mpi_r, node;
  const guint64 first_calc[3] = { 5, 3, 1 };

  main_r = jx_trace_builder_add_region (b, "main", PARADIGM_USER, ROLE_FUNCTION);
  a_r = jx_trace_builder_add_region (b, "a", PARADIGM_USER, ROLE_FUNCTION);
  calc_r = jx_trace_builder_add_region (b, "calc", PARADIGM_USER, ROLE_FUNCTION);
  mpi_r = jx_trace_builder_add_region (b, "MPI_Barrier", PARADIGM_MPI, ROLE_BARRIER);
  node = jx_trace_builder_add_system_node (b, "node", "node", JX_NONE);
  for (guint p = 0; p < 3; p++)
    {
      g_autofree char *name = g_strdup_printf ("Process %u", p);
      guint32 process = jx_trace_builder_add_process (b, name, node);
      Writer w = { b, jx_trace_builder_add_stream (b, process, "Master thread", JX_STREAM_CPU_THREAD) };
      guint64 t = 0;

      jx_trace_builder_enter (b, w.stream, 0, main_r);
      for (guint k = 0; k < 4; k++)
        {
          guint64 calc = k == 0 ? first_calc[p] : 2;
          guint64 length = k == 0 ? 6 : 3;

          jx_trace_builder_enter (b, w.stream, t, a_r);
          call (&w, calc_r, t, t + calc);
          call (&w, mpi_r, t + calc, t + length);
          jx_trace_builder_leave (b, w.stream, t + length, a_r);
          t += length;
        }
      jx_trace_builder_leave (b, w.stream, t, main_r);
    }
  return jx_trace_builder_finish (b);
}

static const JxSegment *
segment_of (JxImbalance *imbalance,
            guint32      stream,
            guint        index)
{
  guint first, n = jx_imbalance_get_stream_segments (imbalance, stream, &first);

  g_assert_cmpuint (index, <, n);
  return jx_imbalance_get_segment (imbalance, first + index);
}

static void
test_fig_6_10 (void)
{
  g_autoptr(JxTrace) trace = fig_6_10 ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JxImbalance) imbalance = jx_imbalance_compute (trace, NULL, NULL, &error);
  const JxProcessImbalance *worst;
  guint64 lo, hi;

  g_assert_no_error (error);
  g_assert_cmpuint (jx_imbalance_get_function (imbalance), ==, jx_trace_find_region (trace, "a"));
  g_assert_cmpuint (jx_imbalance_get_n_segments (imbalance), ==, 12);

  /* Segment durations: 6 for the first iteration, 3 for the others. */
  for (guint32 s = 0; s < 3; s++)
    {
      g_assert_cmpuint (segment_of (imbalance, s, 0)->end - segment_of (imbalance, s, 0)->start, ==, 6);
      g_assert_cmpuint (segment_of (imbalance, s, 1)->end - segment_of (imbalance, s, 1)->start, ==, 3);
      g_assert_cmpuint (segment_of (imbalance, s, 1)->sos, ==, 2);
    }
  /* SOS time of the first iteration: 5 for process 0, 1 for process 2. */
  g_assert_cmpuint (segment_of (imbalance, 0, 0)->sos, ==, 5);
  g_assert_cmpuint (segment_of (imbalance, 0, 0)->sync, ==, 1);
  g_assert_cmpuint (segment_of (imbalance, 1, 0)->sos, ==, 3);
  g_assert_cmpuint (segment_of (imbalance, 2, 0)->sos, ==, 1);
  g_assert_cmpuint (segment_of (imbalance, 2, 0)->sync, ==, 5);
  /* Median of the first index is 3: process 0 is 2 above it. */
  g_assert_cmpint (segment_of (imbalance, 0, 0)->distance, ==, 2);
  g_assert_cmpint (segment_of (imbalance, 2, 0)->distance, ==, -2);
  g_assert_cmpint (segment_of (imbalance, 1, 3)->distance, ==, 0);

  g_assert_cmpuint (jx_imbalance_get_ranked_segment (imbalance, 0)->stream, ==, 0);
  g_assert_cmpuint (jx_imbalance_get_ranked_segment (imbalance, 0)->index, ==, 0);
  worst = jx_imbalance_get_process (imbalance, 0);
  g_assert_cmpuint (worst->process, ==, 0);
  g_assert_cmpint (worst->excess, ==, 2);
  g_assert_cmpuint (worst->sos_max, ==, 5);
  g_assert_cmpuint (worst->sos_min, ==, 2);
  g_assert_cmpuint (jx_imbalance_get_process (imbalance, 2)->process, ==, 2);
  g_assert_true (jx_imbalance_get_sos_range (imbalance, &lo, &hi));
  g_assert_cmpuint (lo, ==, 1);
  g_assert_cmpuint (hi, ==, 5);

  /* A finer segmentation by name: calc has no synchronization inside. */
  {
    g_autoptr(JxImbalance) calc = jx_imbalance_compute (trace, "calc", NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (segment_of (calc, 0, 0)->sos, ==, 5);
    g_assert_cmpuint (segment_of (calc, 0, 0)->sync, ==, 0);
  }
  {
    g_autoptr(JxImbalance) none = jx_imbalance_compute (trace, "no_such_function", NULL, &error);

    g_assert_null (none);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
    g_assert_nonnull (strstr (error->message, "no_such_function"));
    g_clear_error (&error);
  }
}

static void
test_sync_classes (void)
{
  static const struct
  {
    const char *name;
    guint8      paradigm;
    guint8      role;
    JxSyncClass expected;
  } cases[] = {
    { "MPI_Barrier", PARADIGM_MPI, ROLE_BARRIER, JX_SYNC_MPI_BARRIER },
    { "MPI_Allreduce", PARADIGM_MPI, ROLE_COLL_ALL2ALL, JX_SYNC_MPI_COLLECTIVE },
    { "MPI_Iallreduce", PARADIGM_MPI, ROLE_COLL_ALL2ALL, JX_SYNC_NONE },
    { "MPI_Bcast", PARADIGM_MPI, ROLE_FUNCTION, JX_SYNC_MPI_COLLECTIVE },
    { "MPI_Waitall", PARADIGM_MPI, ROLE_POINT2POINT, JX_SYNC_MPI_WAIT },
    { "MPI_Recv", PARADIGM_MPI, ROLE_POINT2POINT, JX_SYNC_MPI_RECEIVE },
    { "MPI_Sendrecv_replace", PARADIGM_MPI, ROLE_POINT2POINT, JX_SYNC_MPI_RECEIVE },
    { "MPI_Send", PARADIGM_MPI, ROLE_POINT2POINT, JX_SYNC_NONE },
    { "MPI_Irecv", PARADIGM_MPI, ROLE_POINT2POINT, JX_SYNC_NONE },
    { "!$omp implicit barrier @jacobi.c:179", PARADIGM_OPENMP, ROLE_IMPLICIT_BARRIER, JX_SYNC_OPENMP_BARRIER },
    { "!$omp barrier @x.c:1", PARADIGM_OPENMP, ROLE_FUNCTION, JX_SYNC_OPENMP_BARRIER },
    { "!$omp critical @x.c:2", PARADIGM_OPENMP, 12, JX_SYNC_OPENMP_LOCK },
    { "omp_set_lock", PARADIGM_OPENMP, ROLE_FUNCTION, JX_SYNC_OPENMP_LOCK },
    { "!$omp taskwait @x.c:3", PARADIGM_OPENMP, 22, JX_SYNC_OPENMP_TASKWAIT },
    { "!$omp parallel @x.c:4", PARADIGM_OPENMP, 5, JX_SYNC_NONE },
    { "cudaStreamSynchronize", PARADIGM_CUDA, ROLE_IMPLICIT_BARRIER, JX_SYNC_ACCELERATOR },
    { "cudaDeviceSynchronize", PARADIGM_CUDA, ROLE_FUNCTION, JX_SYNC_ACCELERATOR },
    { "cudaMemcpy", PARADIGM_CUDA, ROLE_FUNCTION, JX_SYNC_NONE },
    { "pthread_join", 7, ROLE_FUNCTION, JX_SYNC_THREAD },
    { "compute", PARADIGM_USER, ROLE_FUNCTION, JX_SYNC_NONE },
    /* A user function named like an MPI call is user code. */
    { "MPI_Barrier", PARADIGM_USER, ROLE_FUNCTION, JX_SYNC_NONE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      JxRegion region = { 0 };

      region.name = cases[i].name;
      region.paradigm = cases[i].paradigm;
      region.role = cases[i].role;
      g_assert_cmpstr (jx_sync_class_to_string (jx_sync_classify (&region)), ==,
                       jx_sync_class_to_string (cases[i].expected));
    }
  /* The table for people has one row per class. */
  g_assert_cmpuint (jx_sync_get_n_rules (), ==, JX_N_SYNC_CLASSES - 1);
  for (guint r = 0; r < jx_sync_get_n_rules (); r++)
    {
      const JxSyncRuleText *rule = jx_sync_get_rule (r);

      g_assert_cmpstr (jx_sync_class_label (rule->sync_class), !=, "");
      g_assert_cmpstr (rule->names, !=, "");
      g_assert_cmpstr (rule->paradigms, !=, "");
    }
  g_assert_nonnull (strstr (jx_sync_get_rule (0)->names, "MPI_Barrier"));
}

/* A generated run where rank 2 does 60 % more work: its iterations have the
 * longest SOS times, it heads the processes and its segments the ranking,
 * although every rank's iterations take equally long (they wait for it). */
static void
test_generated_slow_rank (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxImbalance) imbalance = NULL;
  g_autoptr(GError) error = NULL;
  const JxProcessImbalance *top;

  jx_generator_options_init (&options);
  options.seed = 5;
  options.n_ranks = 6;
  options.n_iterations = 30;
  options.imbalanced_ranks = 1u << 2;
  options.imbalance = 0.6;
  trace = jx_test_generate_load (&options, NULL, &dir);
  imbalance = jx_imbalance_compute (trace, NULL, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpstr (jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name, ==, "iteration");
  g_assert_cmpuint (jx_imbalance_get_n_segments (imbalance), ==, 6 * 30);
  top = jx_imbalance_get_process (imbalance, 0);
  g_assert_cmpstr (jx_trace_get_process (trace, top->process)->name, ==, "MPI Rank 2");
  g_assert_cmpint (top->excess, >, 0);
  for (guint k = 0; k < 10; k++)
    {
      const JxSegment *seg = jx_imbalance_get_ranked_segment (imbalance, k);

      g_assert_cmpuint (jx_trace_get_stream (trace, seg->stream)->process, ==, top->process);
      g_assert_cmpint (seg->distance, >, 0);
    }
  jx_test_remove_tree (dir);
}

/* The real traces all give an answer or say why not. */
static void
test_real_traces (void)
{
  const char *names[] = { "casita__1_xeonphi_jacobi_09", "casita__2_cuda_simple", "casita__4_mpi_ls_barr",
                          "TraceR__stencil4d-32", "pipit__ping-pong-otf2" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = jx_test_get_shared_trace (names[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(JxTrace) trace = jx_trace_load (path, NULL, NULL, NULL, NULL, &error);
      g_autoptr(JxImbalance) imbalance = NULL;

      g_assert_no_error (error);
      imbalance = jx_imbalance_compute (trace, NULL, NULL, &error);
      if (imbalance == NULL)
        {
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
          g_test_message ("%s: %s", names[i], error->message);
          /* stencil4d calls MPI_Send 16 times per rank: the reason says
           * why that does not count. */
          g_assert_nonnull (strstr (error->message, "MPI and synchronisation calls do not count"));
          continue;
        }
      g_test_message ("%s: dominant %s, %u segments", names[i],
                      jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name,
                      jx_imbalance_get_n_segments (imbalance));
      g_assert_cmpuint (jx_imbalance_get_n_segments (imbalance), >=, 2 * jx_trace_get_n_processes (trace));
    }
}

static JxTrace *
load_shared (const char *name)
{
  g_autofree char *path = jx_test_get_shared_trace (name);
  g_autoptr(GError) error = NULL;
  JxTrace *trace = jx_trace_load (path, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

/* Several traces on one scale: one segmenting function, the reference's
 * dominant one, where the others have it; otherwise each says why. Alone,
 * run 09 of the Jacobi pair would be segmented by another function. */
static void
test_common_function (void)
{
  g_autoptr(JxTrace) j01 = load_shared ("casita__1_xeonphi_jacobi_01");
  g_autoptr(JxTrace) j09 = load_shared ("casita__1_xeonphi_jacobi_09");
  g_autoptr(JxTrace) cuda = load_shared ("casita__2_cuda_simple");
  g_autoptr(JxTrace) tracer = load_shared ("TraceR__stencil4d-32");
  g_autoptr(JxImbalance) alone = jx_imbalance_compute (j09, NULL, NULL, NULL);
  g_autoptr(GError) error = NULL;
  const char *targetmap = "!$omp targetmap @jacobi_target.c:174";

  /* Alone, each run has its own dominant function. */
  g_assert_cmpstr (jx_trace_get_region (j09, jx_imbalance_get_function (alone))->name, !=, targetmap);

  {
    JxTrace *traces[] = { j01, j09 };
    g_autoptr(JxImbalanceSet) set = jx_imbalance_set_compute (traces, 2, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (jx_imbalance_set_get_function (set), ==, targetmap);
    for (guint i = 0; i < 2; i++)
      {
        JxImbalance *im = jx_imbalance_set_get (set, i);

        g_assert_nonnull (im);
        g_assert_true (jx_imbalance_set_is_common (set, i));
        g_assert_null (jx_imbalance_set_get_note (set, i));
        g_assert_cmpstr (jx_trace_get_region (traces[i], jx_imbalance_get_function (im))->name, ==, targetmap);
        g_assert_cmpuint (jx_imbalance_get_n_segments (im), >, 0);
      }
  }

  /* The other way round: run 09's dominant function, which run 01 has too. */
  {
    JxTrace *traces[] = { j09, j01 };
    g_autoptr(JxImbalanceSet) set = jx_imbalance_set_compute (traces, 2, NULL, NULL, &error);
    const char *own = jx_trace_get_region (j09, jx_imbalance_get_function (alone))->name;

    g_assert_no_error (error);
    g_assert_cmpstr (jx_imbalance_set_get_function (set), ==, own);
    g_assert_true (jx_imbalance_set_is_common (set, 1));
    g_assert_cmpstr (jx_trace_get_region (j01, jx_imbalance_get_function (jx_imbalance_set_get (set, 1)))->name, ==, own);
  }

  /* A trace without the reference's function keeps its own and says so;
   * one without any function to segment by is left out with the reason. */
  {
    JxTrace *traces[] = { j01, cuda, tracer };
    g_autoptr(JxImbalanceSet) set = jx_imbalance_set_compute (traces, 3, NULL, NULL, &error);
    JxImbalance *im;

    g_assert_no_error (error);
    g_assert_true (jx_imbalance_set_is_common (set, 0));
    g_assert_false (jx_imbalance_set_is_common (set, 1));
    im = jx_imbalance_set_get (set, 1);
    g_assert_nonnull (im);
    g_assert_cmpstr (jx_trace_get_region (cuda, jx_imbalance_get_function (im))->name, !=, targetmap);
    g_assert_nonnull (strstr (jx_imbalance_set_get_note (set, 1), "its own dominant function"));
    g_assert_nonnull (strstr (jx_imbalance_set_get_note (set, 1), targetmap));
    g_assert_null (jx_imbalance_set_get (set, 2));
    g_assert_false (jx_imbalance_set_is_common (set, 2));
    g_assert_nonnull (jx_imbalance_set_get_note (set, 2));
  }

  /* A named function is used everywhere or not at all. */
  {
    JxTrace *traces[] = { j01, cuda };
    g_autoptr(JxImbalanceSet) set = jx_imbalance_set_compute (traces, 2, "jacobi_kernel", NULL, &error);

    g_assert_no_error (error);
    g_assert_true (jx_imbalance_set_is_common (set, 0));
    g_assert_null (jx_imbalance_set_get (set, 1));
    g_assert_nonnull (strstr (jx_imbalance_set_get_note (set, 1), "jacobi_kernel"));
  }

  /* Nothing to segment anywhere: the reference's reason. */
  {
    JxTrace *traces[] = { tracer };
    JxImbalanceSet *set = jx_imbalance_set_compute (traces, 1, NULL, NULL, &error);

    g_assert_null (set);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/imbalance/fig-6-9", test_fig_6_9);
  g_test_add_func ("/analysis/imbalance/fig-6-10", test_fig_6_10);
  g_test_add_func ("/analysis/imbalance/top-level-per-thread", test_top_level_per_thread);
  g_test_add_func ("/analysis/imbalance/sync-classes", test_sync_classes);
  g_test_add_func ("/analysis/imbalance/generated-slow-rank", test_generated_slow_rank);
  g_test_add_func ("/analysis/imbalance/real-traces", test_real_traces);
  g_test_add_func ("/analysis/imbalance/common-function", test_common_function);
  return g_test_run ();
}
