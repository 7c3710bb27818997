/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-phase-find.c — "find this phase" (semi-global alignment of a time
 * range of one stream in a partner): generated runs with a different
 * number of iterations and with a later start find iterations 10–14 at
 * iterations 10–14; a run with an extra warm-up finds them shifted by the
 * warm-up; a range inside one call, one outside every call, a call path
 * the partner lacks. */
#include "config.h"

#include <string.h>

#include "jx-phase-find.h"
#include "jx-test-calls.h"
#include "jx-test-gen.h"

#define CPU JX_STREAM_CPU_THREAD

/* The k-th call (from 0) of the function on the stream. */
static guint32
nth_call (JxTrace    *trace,
          guint32     stream,
          const char *function,
          guint       k)
{
  const JxStream *st = jx_trace_get_stream (trace, stream);
  guint32 region = jx_trace_find_region (trace, function);

  g_assert_cmpuint (region, !=, JX_NONE);
  for (guint32 i = 0; i < st->n_invocations; i++)
    if (st->region[i] == region && k-- == 0)
      return i;
  g_assert_not_reached ();
  return JX_NONE;
}

/* Which call of its function an invocation is (from 0). */
static guint
ordinal (JxTrace *trace,
         guint32  stream,
         guint32  invocation)
{
  const JxStream *st = jx_trace_get_stream (trace, stream);
  guint k = 0;

  for (guint32 i = 0; i < invocation; i++)
    k += st->region[i] == st->region[invocation];
  return k;
}

static void
find_iterations (JxTrace      *a,
                 JxTrace      *b,
                 guint         from,
                 guint         to,
                 JxPhaseMatch *match)
{
  const JxStream *st = jx_trace_get_stream (a, 0);
  guint32 first = nth_call (a, 0, "iteration", from), last = nth_call (a, 0, "iteration", to);
  g_autoptr(GError) error = NULL;

  /* A range a little inside the iterations, as a selection is. */
  g_assert_true (jx_phase_find (a, 0, st->start[first] + 10, st->end[last] - 10, b, 0, NULL, match, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (match->status, ==, JX_PHASE_FOUND);
  g_assert_cmpuint (match->first_a, ==, first);
  g_assert_cmpuint (match->last_a, ==, last);
  g_assert_cmpuint (match->n_calls_a, ==, to - from + 1);
}

/* 30 iterations against 45 (and the other way round): iterations 10–14,
 * with the exchange of every tenth iteration, are found at 10–14. */
static void
test_more_iterations (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir_a = NULL;
  g_autofree char *dir_b = NULL;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autofree char *path = NULL;
  JxPhaseMatch m;

  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_iterations = 30;
  options.depth = 2;
  options.fanout = 2;
  a = jx_test_generate_load (&options, NULL, &dir_a);
  options.n_iterations = 45;
  b = jx_test_generate_load (&options, NULL, &dir_b);

  find_iterations (a, b, 10, 14, &m);
  g_assert_cmpuint (ordinal (b, 0, m.first_b), ==, 10);
  g_assert_cmpuint (ordinal (b, 0, m.last_b), ==, 14);
  g_assert_cmpuint (m.n_equal, ==, 5);
  g_assert_cmpint (m.score, ==, m.max_score);
  g_assert_cmpuint (m.n_best, >, 1);     /* 20–24 and 30–34 fit as well */
  g_assert_cmpuint (m.anchor_a, ==, m.first_a);
  g_assert_cmpuint (m.anchor_b, ==, m.first_b);
  path = jx_phase_call_path (a, 0, m.parent_a);
  g_assert_cmpstr (path, ==, "main");

  find_iterations (b, a, 20, 24, &m);
  g_assert_cmpuint (ordinal (a, 0, m.first_b), ==, 20);
  g_assert_cmpuint (ordinal (a, 0, m.last_b), ==, 24);

  /* Iterations 40–44 of the longer run: only 30 in the other, so the best
   * piece of them is where they end. */
  find_iterations (b, a, 38, 44, &m);
  g_assert_cmpuint (m.n_equal, >=, 1);
  jx_test_remove_tree (dir_a);
  jx_test_remove_tree (dir_b);
}

/* A run that starts 5 ms later: found at the same iterations. */
static void
test_later_start (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir_a = NULL;
  g_autofree char *dir_b = NULL;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  JxPhaseMatch m;

  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_iterations = 20;
  a = jx_test_generate_load (&options, NULL, &dir_a);
  options.start_delay_ns = 5000000;
  b = jx_test_generate_load (&options, NULL, &dir_b);
  find_iterations (a, b, 10, 12, &m);
  g_assert_cmpuint (ordinal (b, 0, m.first_b), ==, 10);
  g_assert_cmpuint (ordinal (b, 0, m.last_b), ==, 12);
  jx_test_remove_tree (dir_a);
  jx_test_remove_tree (dir_b);
}

/* An extra warm-up: B runs two iterations (the same calls) before its
 * loop; A's iterations 4–6, with the checkpoint of every fourth, are B's
 * 6–8. */
static void
test_warm_up (void)
{
  static const char *const iters =
    "iteration(compute exchange checkpoint) iteration(compute exchange) iteration(compute exchange) "
    "iteration(compute exchange) iteration(compute exchange checkpoint) iteration(compute exchange) "
    "iteration(compute exchange) iteration(compute exchange) iteration(compute exchange checkpoint) "
    "iteration(compute exchange) iteration(compute exchange)";
  g_autofree char *calls_a = g_strdup_printf ("main(init %s finalize)", iters);
  g_autofree char *calls_b = g_strdup_printf ("main(init iteration(compute exchange) iteration(compute exchange) %s finalize)",
                                              iters);
  const JxTestStream sa[] = { { "Rank 0", "Master thread", CPU, calls_a } };
  const JxTestStream sb[] = { { "Rank 0", "Master thread", CPU, calls_b } };
  g_autoptr(JxTrace) a = jx_test_calls_trace ("a", sa, 1);
  g_autoptr(JxTrace) b = jx_test_calls_trace ("b", sb, 1);
  JxPhaseMatch m;

  find_iterations (a, b, 3, 5, &m);
  g_assert_cmpuint (ordinal (b, 0, m.first_b), ==, 5);
  g_assert_cmpuint (ordinal (b, 0, m.last_b), ==, 7);
  g_assert_cmpuint (m.n_equal, ==, 3);
  g_assert_cmpint (m.score, ==, m.max_score);
  /* The same from B's side: back to A's 3–5. */
  find_iterations (b, a, 5, 7, &m);
  g_assert_cmpuint (ordinal (a, 0, m.first_b), ==, 3);
}

/* A range inside one call is placed at that call's level; a range in no
 * call finds nothing; a call path the partner lacks is said. */
static void
test_levels (void)
{
  const JxTestStream sa[] = { { "Rank 0", "Master thread", CPU, "main(a(x y z) b(x y))" } };
  const JxTestStream sb[] = { { "Rank 0", "Master thread", CPU, "main(b(x y) a(w x y z))" } };
  const JxTestStream sc[] = { { "Rank 0", "Master thread", CPU, "other(a(x y z))" } };
  g_autoptr(JxTrace) a = jx_test_calls_trace ("a", sa, 1);
  g_autoptr(JxTrace) b = jx_test_calls_trace ("b", sb, 1);
  g_autoptr(JxTrace) c = jx_test_calls_trace ("c", sc, 1);
  const JxStream *st = jx_trace_get_stream (a, 0);
  guint32 y = nth_call (a, 0, "y", 0), z = nth_call (a, 0, "z", 0);
  g_autofree char *path = NULL;
  JxPhaseMatch m;

  /* y and z under main / a. */
  g_assert_true (jx_phase_find (a, 0, st->start[y], st->end[z], b, 0, NULL, &m, NULL, NULL));
  g_assert_cmpint (m.status, ==, JX_PHASE_FOUND);
  path = jx_phase_call_path (a, 0, m.parent_a);
  g_assert_cmpstr (path, ==, "main / a");
  g_assert_cmpuint (m.n_calls_a, ==, 2);
  /* B's level main / a and main / b: x y | w x y z; y z fit at the end. */
  g_assert_cmpuint (m.first_b, ==, nth_call (b, 0, "y", 1));
  g_assert_cmpuint (m.last_b, ==, nth_call (b, 0, "z", 0));
  g_assert_cmpuint (m.n_equal, ==, 2);

  g_assert_true (jx_phase_find (a, 0, st->end[0] + 100, st->end[0] + 200, b, 0, NULL, &m, NULL, NULL));
  g_assert_cmpint (m.status, ==, JX_PHASE_NO_CALLS);

  g_assert_true (jx_phase_find (a, 0, st->start[y], st->end[z], c, 0, NULL, &m, NULL, NULL));
  g_assert_cmpint (m.status, ==, JX_PHASE_NO_LEVEL);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/phase-find/more-iterations", test_more_iterations);
  g_test_add_func ("/analysis/phase-find/later-start", test_later_start);
  g_test_add_func ("/analysis/phase-find/warm-up", test_warm_up);
  g_test_add_func ("/analysis/phase-find/levels", test_levels);

  return g_test_run ();
}
