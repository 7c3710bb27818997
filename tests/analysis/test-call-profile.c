/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the call-invocation profile alignment (jx-call-profile.h): the
 * worked example of Weber et al. 2017, Fig. 4, the walk's rules, the
 * offsets, and generated runs whose work starts at different moments. */
#include "config.h"

#include <string.h>

#include "jx-call-profile.h"
#include "jx-gen-test-util.h"
#include "jx-test-trace.h"
#include "jx-trace-builder.h"
#include "jx-trace-loader.h"
#include "jx-trace-query.h"

/* One stream per process, each a call tree written as text: names
 * separated by spaces, children in brackets ("main[b b[c]]"). Every enter
 * and leave takes `step` ticks after `start`. */
static JxTrace *
build_trace (const char *name,
             const char *const *processes,
             const char *const *trees,
             guint64      start,
             guint64      step)
{
  JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/traces.otf2", name, 1000000000);
  guint32 node = jx_trace_builder_add_system_node (builder, "machine", "machine", JX_NONE);
  g_autoptr(GHashTable) regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint p = 0; processes[p] != NULL; p++)
    {
      guint32 proc = jx_trace_builder_add_process (builder, processes[p], node);

      jx_trace_builder_add_stream (builder, proc, "Master thread", JX_STREAM_CPU_THREAD);
    }
  /* Regions first: definitions come before events. */
  for (guint p = 0; processes[p] != NULL; p++)
    {
      g_auto(GStrv) tokens = g_regex_split_simple ("([\\[\\] ])", trees[p], 0, 0);

      for (guint i = 0; tokens[i] != NULL; i++)
        if (g_ascii_isalnum (tokens[i][0]) && !g_hash_table_contains (regions, tokens[i]))
          g_hash_table_insert (regions, g_strdup (tokens[i]),
                               GUINT_TO_POINTER (jx_trace_builder_add_region (builder, tokens[i], 0, 0) + 1));
    }
  for (guint p = 0; processes[p] != NULL; p++)
    {
      g_auto(GStrv) tokens = g_regex_split_simple ("([\\[\\] ])", trees[p], 0, 0);
      guint32 open[64];
      guint depth = 0;
      guint32 last = JX_NONE;
      guint64 t = start;

      for (guint i = 0; tokens[i] != NULL; i++)
        {
          const char *tok = tokens[i];

          if (tok[0] == '\0' || tok[0] == ' ')
            continue;
          if (tok[0] == '[')
            {
              open[depth++] = last;
              last = JX_NONE;
              continue;
            }
          if (last != JX_NONE)
            {
              jx_trace_builder_leave (builder, p, t, last);
              t += step;
              last = JX_NONE;
            }
          if (tok[0] == ']')
            {
              g_assert_cmpuint (depth, >, 0);
              last = open[--depth];
              continue;
            }
          last = GPOINTER_TO_UINT (g_hash_table_lookup (regions, tok)) - 1;
          jx_trace_builder_enter (builder, p, t, last);
          t += step;
        }
      if (last != JX_NONE)
        jx_trace_builder_leave (builder, p, t, last);
    }
  return jx_trace_builder_finish (builder);
}
static const char *const process_0[] = { "Process 0", NULL };

/* Fig. 4: in trace A, c is selected inside the third call of b: its
 * profile is main 1, b 3, c 1. Trace B has the same structure (other
 * timings): an exact match. Trace C never calls b: its first c has the
 * profile main 1, b 0, c 1 (error 3), its second main 1, b 0, c 2 (error
 * 4); the error rose, so the walk stops and the first c is chosen. */
static void
test_fig4 (void)
{
  const char *tree_a[] = { "main[b b b[c] b[c]]", NULL };
  const char *tree_c[] = { "main[c c]", NULL };
  g_autoptr(JxTrace) a = build_trace ("A", process_0, tree_a, 100, 10);
  g_autoptr(JxTrace) b = build_trace ("B", process_0, tree_a, 5000, 37);
  g_autoptr(JxTrace) c = build_trace ("C", process_0, tree_c, 20, 3);
  g_autoptr(JxCallProfile) profile = NULL;
  guint32 selected = jx_test_nth_invocation (a, 0, "c", 0);
  const JxStream *sb = jx_trace_get_stream (b, 0);
  const JxStream *sc = jx_trace_get_stream (c, 0);
  JxCallMatch match;

  profile = jx_call_profile_new (a, 0, selected);
  g_assert_nonnull (profile);
  g_assert_cmpuint (jx_call_profile_get_n_functions (profile), ==, 3);
  g_assert_cmpstr (jx_trace_get_region (a, jx_call_profile_get_function (profile, 0))->name, ==, "main");
  g_assert_cmpstr (jx_trace_get_region (a, jx_call_profile_get_function (profile, 1))->name, ==, "b");
  g_assert_cmpstr (jx_trace_get_region (a, jx_call_profile_get_function (profile, 2))->name, ==, "c");
  g_assert_cmpuint (jx_call_profile_get_count (profile, 0), ==, 1);
  g_assert_cmpuint (jx_call_profile_get_count (profile, 1), ==, 3);
  g_assert_cmpuint (jx_call_profile_get_count (profile, 2), ==, 1);

  /* B: structurally identical, exact match at the c inside the third b. */
  jx_call_profile_match (profile, b, JX_ALIGN_EDGE_START, &match);
  g_assert_cmpint (match.status, ==, JX_CALL_MATCH_FOUND);
  g_assert_cmpuint (match.match.process, ==, 0);
  g_assert_cmpuint (match.match.process_distance, ==, 0);
  g_assert_cmpuint (match.search.invocation, ==, jx_test_nth_invocation (b, 0, "c", 0));
  g_assert_cmpuint (match.search.error, ==, 0);
  g_assert_cmpuint (match.search.ordinal, ==, 1);
  g_assert_cmpuint (match.search.n_candidates, ==, 1);
  g_assert_cmpuint (match.ticks, ==, sb->start[match.search.invocation]);

  /* C: no b at all; the second c is worse than the first. */
  jx_call_profile_match (profile, c, JX_ALIGN_EDGE_START, &match);
  g_assert_cmpint (match.status, ==, JX_CALL_MATCH_FOUND);
  g_assert_cmpuint (match.search.invocation, ==, jx_test_nth_invocation (c, 0, "c", 0));
  g_assert_cmpuint (match.search.ordinal, ==, 1);
  g_assert_cmpuint (match.search.error, ==, 3);
  g_assert_cmpuint (match.search.n_candidates, ==, 2);
  g_assert_cmpuint (match.ticks, ==, sc->start[match.search.invocation]);

  /* End alignment takes the end of the same invocation. */
  jx_call_profile_match (profile, c, JX_ALIGN_EDGE_END, &match);
  g_assert_cmpuint (match.ticks, ==, sc->end[jx_test_nth_invocation (c, 0, "c", 0)]);
}

/* The walk keeps the lowest error through equal steps and stops when it
 * rises; a selection later in the run is found at its own place. */
static void
test_walk (void)
{
  const char *tree_a[] = { "main[it[k] it[k] it[k] it[k] it[k]]", NULL };
  /* B has an extra iteration without a kernel at the start. */
  const char *tree_b[] = { "main[it it[k] it[k] it[k] it[k] it[k]]", NULL };
  g_autoptr(JxTrace) a = build_trace ("A", process_0, tree_a, 0, 10);
  g_autoptr(JxTrace) b = build_trace ("B", process_0, tree_b, 0, 10);
  g_autoptr(JxCallProfile) profile = jx_call_profile_new (a, 0, jx_test_nth_invocation (a, 0, "k", 3));
  JxCallMatch match;

  /* Reference: main 1, it 4, k 4. In B the n-th kernel has the profile
   * main 1, it n+1, k n: errors 5, 3, 1, 1, 3. The walk goes on through the
   * equal error and stops when it rises; the first of the lowest stays. */
  jx_call_profile_match (profile, b, JX_ALIGN_EDGE_START, &match);
  g_assert_cmpint (match.status, ==, JX_CALL_MATCH_FOUND);
  g_assert_cmpuint (match.search.error, ==, 1);
  g_assert_cmpuint (match.search.ordinal, ==, 3);
  g_assert_cmpuint (match.search.invocation, ==, jx_test_nth_invocation (b, 0, "k", 2));
}

/* The other trace lacks the process, the function or its calls. */
static void
test_missing (void)
{
  const char *tree_a[] = { "main[b[c]]", NULL };
  const char *tree_x[] = { "main[b]", NULL };
  const char *const none[] = { NULL };
  const char *const two[] = { "Process 0", "Process 1", NULL };
  const char *tree_two[] = { "main[b]", "main[b[c]]", NULL };
  g_autoptr(JxTrace) a = build_trace ("A", process_0, tree_a, 0, 10);
  g_autoptr(JxTrace) x = build_trace ("X", process_0, tree_x, 0, 10);
  g_autoptr(JxTrace) empty = build_trace ("E", none, none, 0, 10);
  g_autoptr(JxTrace) t = build_trace ("T", two, tree_two, 0, 10);
  g_autoptr(JxCallProfile) profile = jx_call_profile_new (a, 0, jx_test_nth_invocation (a, 0, "c", 0));
  JxCallMatch match;

  jx_call_profile_match (profile, x, JX_ALIGN_EDGE_START, &match);
  g_assert_cmpint (match.status, ==, JX_CALL_MATCH_NO_FUNCTION);
  jx_call_profile_match (profile, empty, JX_ALIGN_EDGE_START, &match);
  g_assert_cmpint (match.status, ==, JX_CALL_MATCH_NO_PROCESS);
  /* Process 0 of T (the same name) never calls c; Process 1 would, but
   * the process match is by name. */
  jx_call_profile_match (profile, t, JX_ALIGN_EDGE_START, &match);
  g_assert_cmpint (match.status, ==, JX_CALL_MATCH_NOT_CALLED);
  g_assert_cmpuint (match.match.process, ==, 0);

  g_assert_null (jx_call_profile_new (a, 3, 0));
  g_assert_null (jx_call_profile_new (a, 0, 1000));
}

/* Recursion: a function repeated on the call path counts once. */
static void
test_recursion (void)
{
  const char *tree_a[] = { "main[f[f[c]] f[f[c]]]", NULL };
  g_autoptr(JxTrace) a = build_trace ("A", process_0, tree_a, 0, 10);
  g_autoptr(JxTrace) b = build_trace ("B", process_0, tree_a, 70, 20);
  g_autoptr(JxCallProfile) profile = jx_call_profile_new (a, 0, jx_test_nth_invocation (a, 0, "c", 1));
  JxCallMatch match;

  g_assert_cmpuint (jx_call_profile_get_n_functions (profile), ==, 3);
  g_assert_cmpuint (jx_call_profile_get_count (profile, 1), ==, 4);
  g_assert_cmpuint (jx_call_profile_get_count (profile, 2), ==, 2);
  jx_call_profile_match (profile, b, JX_ALIGN_EDGE_START, &match);
  g_assert_cmpuint (match.search.error, ==, 0);
  g_assert_cmpuint (match.search.invocation, ==, jx_test_nth_invocation (b, 0, "c", 1));
}

/* The index lists each function's invocations in time order. */
static void
test_index (void)
{
  const char *tree_a[] = { "main[b b[c] c b]", NULL };
  g_autoptr(JxTrace) a = build_trace ("A", process_0, tree_a, 0, 10);
  const JxStream *s = jx_trace_get_stream (a, 0);
  guint32 regions[3] = { jx_trace_find_region (a, "b"), JX_NONE, jx_trace_find_region (a, "c") };
  g_autoptr(JxCallIndex) index = jx_call_index_new (s, regions, 3);
  const guint32 *list;
  guint32 n;

  list = jx_call_index_get_invocations (index, 0, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (list[0], ==, 1);
  g_assert_cmpuint (list[1], ==, 2);
  g_assert_cmpuint (list[2], ==, 5);
  jx_call_index_get_invocations (index, 1, &n);
  g_assert_cmpuint (n, ==, 0);
  list = jx_call_index_get_invocations (index, 2, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (list[0], ==, 3);
  g_assert_cmpuint (list[1], ==, 4);
  g_assert_cmpuint (jx_call_index_get_memory (index), >=, 5 * sizeof (guint32));
}

/* Offsets put both ticks at one comparison time, also between traces of
 * different clock resolutions and start times. */
static void
test_offset (void)
{
  JxTraceBuilder *ba = jx_trace_builder_new ("/nonexistent/a.otf2", "a", 1000000000);
  JxTraceBuilder *bb = jx_trace_builder_new ("/nonexistent/b.otf2", "b", 3000000);
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  guint32 ra, rb;
  gint64 offset;

  jx_trace_builder_add_process (ba, "P", JX_NONE);
  jx_trace_builder_add_stream (ba, 0, "T", JX_STREAM_CPU_THREAD);
  ra = jx_trace_builder_add_region (ba, "r", 0, 0);
  jx_trace_builder_enter (ba, 0, 1000, ra);
  jx_trace_builder_leave (ba, 0, 987654321, ra);
  a = jx_trace_builder_finish (ba);
  jx_trace_builder_add_process (bb, "P", JX_NONE);
  jx_trace_builder_add_stream (bb, 0, "T", JX_STREAM_CPU_THREAD);
  rb = jx_trace_builder_add_region (bb, "r", 0, 0);
  jx_trace_builder_enter (bb, 0, 77, rb);
  jx_trace_builder_leave (bb, 0, 1000000, rb);
  b = jx_trace_builder_finish (bb);

  /* a's tick 987654321 is 987653321 ns after its start; b's tick 1000000
   * is 999923 ticks of 1/3 µs = 333307667 ns after its start. */
  offset = jx_call_profile_offset_for (a, 250, 987654321, b, 1000000);
  g_assert_cmpint (offset, ==, 250 + 987653321 - 333307667);
  offset = jx_call_profile_offset_for (b, 0, 77, a, 1000);
  g_assert_cmpint (offset, ==, 0);
}

static void
test_find_function (void)
{
  JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/t.otf2", "t", 1000000000);
  g_autoptr(JxTrace) t = NULL;
  guint32 k, m;

  k = jx_trace_builder_add_region (builder, "jacobi_kernel(float const*, float*)", 0, 0);
  jx_trace_builder_set_region_info (builder, k, "_Z13jacobi_kernelPKfPf", "", "", 0, 0);
  m = jx_trace_builder_add_region (builder, "main", 0, 0);
  jx_trace_builder_add_region (builder, "sum(int)", 0, 0);
  jx_trace_builder_add_region (builder, "sum(double)", 0, 0);
  t = jx_trace_builder_finish (builder);

  g_assert_cmpuint (jx_call_profile_find_function (t, "main"), ==, m);
  g_assert_cmpuint (jx_call_profile_find_function (t, "jacobi_kernel"), ==, k);
  g_assert_cmpuint (jx_call_profile_find_function (t, "_Z13jacobi_kernelPKfPf"), ==, k);
  g_assert_cmpuint (jx_call_profile_find_function (t, "jacobi_kernel(float const*, float*)"), ==, k);
  g_assert_cmpuint (jx_call_profile_find_function (t, "sum"), ==, JX_NONE);
  g_assert_cmpuint (jx_call_profile_find_function (t, "jacobi"), ==, JX_NONE);
  g_assert_cmpuint (jx_call_profile_find_function (t, ""), ==, JX_NONE);
}

/* Comparison ns of a tick at an offset, as the session converts. */
static gint64
comparison_ns (JxTrace *trace,
               gint64   offset,
               guint64  ticks)
{
  return jx_trace_ticks_to_ns (trace, (gint64) (ticks - jx_trace_get_start_time (trace))) + offset;
}

/* Runs of one program whose iterations start at different moments (the
 * generator's start delay): aligning at iteration k's kernel on rank 0
 * puts every trace's k-th kernel on every stream at the same comparison
 * time, to the nanosecond, with an exact profile match. */
static void
test_start_delays (void)
{
  static const gint64 delays[] = { 0, 40000000, 123456789 };
  static const guint64 resolutions[] = { 1000000000, 1000000000, 250000000 };
  g_autofree char *dir = jx_gen_test_make_tmp_dir ();
  JxTrace *traces[G_N_ELEMENTS (delays)];
  g_autoptr(JxCallProfile) profile = NULL;
  g_auto(GStrv) paths = NULL;
  const guint k = 5;

  paths = jx_test_generate_runs (dir, delays, G_N_ELEMENTS (delays), 12, resolutions);
  for (guint t = 0; t < G_N_ELEMENTS (delays); t++)
    {
      g_autoptr(GError) error = NULL;

      traces[t] = jx_trace_load (paths[t], NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
    }

  profile = jx_call_profile_new (traces[0], 0, jx_test_nth_invocation (traces[0], 0, "stencil_kernel", k));
  for (guint t = 1; t < G_N_ELEMENTS (delays); t++)
    {
      JxCallMatch match;
      const JxStream *s;
      gint64 offset;

      jx_call_profile_match (profile, traces[t], JX_ALIGN_EDGE_START, &match);
      g_assert_cmpint (match.status, ==, JX_CALL_MATCH_FOUND);
      g_assert_cmpuint (match.match.stream, ==, 0);
      g_assert_cmpuint (match.search.error, ==, 0);
      g_assert_cmpuint (match.search.ordinal, ==, k + 1);
      s = jx_trace_get_stream (traces[t], match.match.stream);
      offset = jx_call_profile_offset_for (traces[0], 0, jx_trace_get_stream (traces[0], 0)->start[jx_call_profile_get_invocation (profile)],
                                           traces[t], s->start[match.search.invocation]);

      /* Every stream's k-th kernel lies at one comparison time. At a
       * coarser clock the generator rounds each stream's times to its
       * ticks on their own, so there only the selected stream is exact. */
      for (guint32 st = 0; st < jx_trace_get_n_streams (traces[0]); st++)
        {
          const JxStream *s0 = jx_trace_get_stream (traces[0], st);
          const JxStream *st_t = jx_trace_get_stream (traces[t], st);
          guint32 i0 = jx_test_nth_invocation (traces[0], st, "stencil_kernel", k);
          guint32 it = jx_test_nth_invocation (traces[t], st, "stencil_kernel", k);

          if (st == 0 || resolutions[t] == resolutions[0])
            g_assert_cmpint (comparison_ns (traces[0], 0, s0->start[i0]), ==,
                             comparison_ns (traces[t], offset, st_t->start[it]));
        }
    }

  for (guint t = 0; t < G_N_ELEMENTS (delays); t++)
    g_object_unref (traces[t]);
  jx_gen_test_remove_tree (dir);
}

/* A call path deeper than the profile keeps (254 distinct functions)
 * still ends in the selected invocation's own function: the profile
 * never looks past its list for it, and the match finds the same call. */
static void
test_deep_path (void)
{
  enum { DEPTH = 300 };
  JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/deep.otf2", "deep", 1000000000);
  guint32 node = jx_trace_builder_add_system_node (builder, "machine", "machine", JX_NONE);
  guint32 proc = jx_trace_builder_add_process (builder, "Process 0", node);
  guint32 regions[DEPTH];
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxCallProfile) profile = NULL;
  guint n;
  guint64 t = 0;
  JxCallMatch match;

  jx_trace_builder_add_stream (builder, proc, "Master thread", JX_STREAM_CPU_THREAD);
  for (guint i = 0; i < DEPTH; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);

      regions[i] = jx_trace_builder_add_region (builder, name, 0, 0);
    }
  for (guint i = 0; i < DEPTH; i++)
    jx_trace_builder_enter (builder, 0, t++, regions[i]);
  for (guint i = DEPTH; i-- > 0;)
    jx_trace_builder_leave (builder, 0, t++, regions[i]);
  trace = jx_trace_builder_finish (builder);
  g_assert_cmpuint (jx_trace_get_stream (trace, 0)->n_invocations, ==, DEPTH);

  profile = jx_call_profile_new (trace, 0, DEPTH - 1);
  n = jx_call_profile_get_n_functions (profile);
  g_assert_cmpuint (n, <, G_MAXUINT8);
  g_assert_cmpuint (jx_call_profile_get_function (profile, n - 1), ==, regions[DEPTH - 1]);
  jx_call_profile_match (profile, trace, JX_ALIGN_EDGE_START, &match);
  g_assert_cmpint (match.status, ==, JX_CALL_MATCH_FOUND);
  g_assert_cmpuint (match.search.invocation, ==, DEPTH - 1);
  g_assert_cmpuint (match.search.error, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/call-profile/fig4", test_fig4);
  g_test_add_func ("/analysis/call-profile/walk", test_walk);
  g_test_add_func ("/analysis/call-profile/missing", test_missing);
  g_test_add_func ("/analysis/call-profile/recursion", test_recursion);
  g_test_add_func ("/analysis/call-profile/index", test_index);
  g_test_add_func ("/analysis/call-profile/offset", test_offset);
  g_test_add_func ("/analysis/call-profile/find-function", test_find_function);
  g_test_add_func ("/analysis/call-profile/start-delays", test_start_delays);
  g_test_add_func ("/analysis/call-profile/deep-path", test_deep_path);
  return g_test_run ();
}
