/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the process and stream matching for alignment at a point
 * (jx-name-match.h): same name, else the smallest Levenshtein distance,
 * ties to the same rank index, then to the first. */
#include "config.h"

#include "jx-name-match.h"
#include "jx-stream-pairing.h"
#include "jx-trace-builder.h"

static void
test_exact (void)
{
  const char *names[] = { "Process 1", "Process 0", "Process 2" };
  guint d = 99;

  g_assert_cmpuint (jx_name_match ("Process 0", 0, names, 3, &d), ==, 1);
  g_assert_cmpuint (d, ==, 0);
  g_assert_cmpuint (jx_levenshtein ("Process 0", "Process 0"), ==, 0);
}

static void
test_case (void)
{
  const char *names[] = { "rank 0", "rank 1", "rank 2", "rank 3" };
  guint d = 99;

  g_assert_cmpuint (jx_levenshtein ("Rank 3", "rank 3"), ==, 1);
  g_assert_cmpuint (jx_name_match ("Rank 3", 3, names, 4, &d), ==, 3);
  g_assert_cmpuint (d, ==, 1);
  /* The index does not beat a closer name. */
  g_assert_cmpuint (jx_name_match ("Rank 3", 0, names, 4, &d), ==, 3);
}

static void
test_ties (void)
{
  const char *names[] = { "Process 3", "Process 4", "Process 5" };
  const char *same[] = { "Thread", "Thread", "Thread" };
  guint d = 99;

  /* All at distance 1: the same index wins, ... */
  g_assert_cmpuint (jx_name_match ("Process 7", 1, names, 3, &d), ==, 1);
  g_assert_cmpuint (d, ==, 1);
  g_assert_cmpuint (jx_name_match ("Process 7", 2, names, 3, NULL), ==, 2);
  /* ... else the first. */
  g_assert_cmpuint (jx_name_match ("Process 7", 9, names, 3, NULL), ==, 0);
  /* Equal names tie the same way. */
  g_assert_cmpuint (jx_name_match ("Thread", 2, same, 3, &d), ==, 2);
  g_assert_cmpuint (d, ==, 0);
  g_assert_cmpuint (jx_name_match ("Thread", 7, same, 3, NULL), ==, 0);
  g_assert_cmpuint (jx_name_match ("x", 0, NULL, 0, &d), ==, JX_NONE);
  g_assert_cmpuint (d, ==, 0);
}

/* Processes "Rank 0".."Rank n-1" (or lower case), each with streams
 * "Master thread" and "Thread 1". */
static JxTrace *
ranks_trace (guint    n,
             gboolean lower)
{
  JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/traces.otf2", "t", 1000000000);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf (lower ? "rank %u" : "Rank %u", i);
      guint32 p = jx_trace_builder_add_process (builder, name, JX_NONE);

      jx_trace_builder_add_stream (builder, p, "Master thread", JX_STREAM_CPU_THREAD);
      jx_trace_builder_add_stream (builder, p, "Thread 1", JX_STREAM_CPU_THREAD);
    }
  return jx_trace_builder_finish (builder);
}

/* Different numbers of processes and the case of their names. */
static void
test_streams (void)
{
  g_autoptr(JxTrace) four = ranks_trace (4, FALSE);
  g_autoptr(JxTrace) two = ranks_trace (2, TRUE);
  g_autoptr(JxTrace) four_lower = ranks_trace (4, TRUE);
  g_autoptr(JxTrace) none = ranks_trace (0, FALSE);
  JxStreamMatch m;

  /* Rank 3, thread 1 (stream 7) in a trace of rank 0 and rank 1: both at
   * distance 2, no rank 3 there: the first. */
  g_assert_true (jx_stream_match (four, 7, two, &m));
  g_assert_cmpuint (m.process, ==, 0);
  g_assert_cmpuint (m.process_distance, ==, 2);
  g_assert_cmpuint (m.stream, ==, 1);
  g_assert_cmpuint (m.stream_distance, ==, 0);

  /* Rank 1 → rank 1 (distance 1). */
  g_assert_true (jx_stream_match (four, 2, two, &m));
  g_assert_cmpuint (m.process, ==, 1);
  g_assert_cmpuint (m.process_distance, ==, 1);
  g_assert_cmpuint (m.stream, ==, 2);

  /* Rank 3 → rank 3 of four lower-case ranks. */
  g_assert_true (jx_stream_match (four, 6, four_lower, &m));
  g_assert_cmpuint (m.process, ==, 3);
  g_assert_cmpuint (m.stream, ==, 6);

  /* The other way round: rank 1 of two finds Rank 1. */
  g_assert_true (jx_stream_match (two, 3, four, &m));
  g_assert_cmpuint (m.process, ==, 1);
  g_assert_cmpuint (m.stream, ==, 3);

  g_assert_false (jx_stream_match (four, 0, none, &m));
  g_assert_cmpuint (m.process, ==, JX_NONE);
  g_assert_cmpuint (m.stream, ==, JX_NONE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/align/name-match/exact", test_exact);
  g_test_add_func ("/align/name-match/case", test_case);
  g_test_add_func ("/align/name-match/ties", test_ties);
  g_test_add_func ("/align/name-match/streams", test_streams);
  return g_test_run ();
}
