/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trend-summary.c — a scaling study's summary of a run equals the
 * merge of the summaries of its parts (disjoint processes, in any order,
 * through bytes): every function, call path (in the order of a walk of the
 * whole run), group, message count and SOS sum to the tick; and the runs
 * made of both give equal values. On a generated run of six processes of
 * two threads (parts that are no ranges) and on the real TraceR run of 32
 * processes (defects). */
#include "config.h"

#include <string.h>

#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"
#include "jx-trend-summary.h"

/* The whole run's candidates, as the ranks sharing a run sum them. */
static GArray *
whole_candidates (JxTrace  *trace,
                  guint     max_candidates,
                  gpointer  data)
{
  (void) trace;
  return jx_imbalance_find_candidates (data, max_candidates);
}

static const JxImbalanceOps whole_ops = { whole_candidates, NULL };

static void
assert_ticks_equal (const JxTrendTicks *a,
                    const JxTrendTicks *b)
{
  g_assert_cmpuint (a->count, ==, b->count);
  g_assert_cmpuint (a->count_max, ==, b->count_max);
  g_assert_cmpuint (a->incl, ==, b->incl);
  g_assert_cmpuint (a->incl_max, ==, b->incl_max);
  g_assert_cmpuint (a->excl, ==, b->excl);
  g_assert_cmpuint (a->excl_max, ==, b->excl_max);
}

static void
assert_summaries_equal (const JxTrendSummary *a,
                        const JxTrendSummary *b)
{
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpuint (a->timer_resolution, ==, b->timer_resolution);
  g_assert_cmpuint (a->n_processes, ==, b->n_processes);
  g_assert_cmpuint (a->n_streams, ==, b->n_streams);
  g_assert_cmpuint (a->n_invocations, ==, b->n_invocations);
  g_assert_cmpuint (a->n_functions, ==, b->n_functions);
  for (guint f = 0; f < a->n_functions; f++)
    {
      g_assert_cmpstr (a->function_name[f], ==, b->function_name[f]);
      g_assert_cmpuint (a->function_category[f], ==, b->function_category[f]);
      assert_ticks_equal (&a->function_ticks[f], &b->function_ticks[f]);
    }
  g_assert_cmpuint (a->n_paths, ==, b->n_paths);
  for (guint p = 0; p < a->n_paths; p++)
    {
      g_assert_cmpuint (a->path_parent[p], ==, b->path_parent[p]);
      g_assert_cmpuint (a->path_function[p], ==, b->path_function[p]);
      g_assert_cmpuint (a->path_first_process[p], ==, b->path_first_process[p]);
      g_assert_cmpuint (a->path_first_call[p], ==, b->path_first_call[p]);
      assert_ticks_equal (&a->path_ticks[p], &b->path_ticks[p]);
    }
  assert_ticks_equal (&a->program, &b->program);
  assert_ticks_equal (&a->mpi, &b->mpi);
  g_assert_cmpuint (a->messages, ==, b->messages);
  g_assert_cmpuint (a->messages_max, ==, b->messages_max);
  g_assert_cmpstr (a->sos_function, ==, b->sos_function);
  g_assert_cmpstr (a->sos_error, ==, b->sos_error);
  g_assert_cmpuint (a->sos_total, ==, b->sos_total);
  g_assert_cmpuint (a->sos_max, ==, b->sos_max);
}

/* The summary of the processes `processes` (ascending) of path, packed. */
static void
pack_part (const char  *path,
           JxTrace     *whole,
           const guint *processes,
           guint        n,
           GByteArray  *out)
{
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autoptr(JxTrace) part = NULL;
  g_autoptr(JxTrendSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  JxLoadOptions options = { 0 };

  for (guint i = 0; i < n; i++)
    jx_trace_selection_add_process (selection, processes[i]);
  options.n_threads = 1;
  options.selection = selection;
  part = jx_trace_load (path, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_trace_get_n_processes (part), ==, n);
  summary = jx_trend_summary_compute (part, processes, NULL, &whole_ops, whole, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (summary);
  jx_trend_summary_pack (summary, out);
}

/* parts: the processes of each part, each list ended by G_MAXUINT; merged
 * in the order given. */
static void
check_parts (const char  *path,
             const guint *parts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) whole = jx_trace_load (path, NULL, NULL, NULL, NULL, &error);
  g_autoptr(JxTrendSummary) expected = NULL;
  g_autoptr(JxTrendSummary) merged = NULL;
  g_autoptr(GByteArray) packed = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JxTrendRun) run_whole = NULL;
  g_autoptr(JxTrendRun) run_merged = NULL;
  JxUnpack in;
  guint n_parts = 0;

  g_assert_no_error (error);
  expected = jx_trend_summary_compute (whole, NULL, NULL, &jx_imbalance_local_ops, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (expected->n_paths, >, 10);

  for (const guint *p = parts; *p != G_MAXUINT; p++)
    {
      const guint *start = p;

      while (*p != G_MAXUINT)
        p++;
      pack_part (path, whole, start, (guint) (p - start), packed);
      n_parts++;
    }
  bytes = g_bytes_new (packed->data, packed->len);
  jx_unpack_init (&in, bytes);
  for (guint k = 0; k < n_parts; k++)
    {
      g_autoptr(JxTrendSummary) part = jx_trend_summary_unpack (&in);

      g_assert_nonnull (part);
      if (merged == NULL)
        merged = g_steal_pointer (&part);
      else
        jx_trend_summary_merge (merged, part);
    }
  g_assert_true (in.p == in.end);
  jx_trend_summary_sort_paths (merged);
  assert_summaries_equal (merged, expected);

  run_whole = jx_trend_run_new (whole, path, NULL, NULL, &error);
  g_assert_no_error (error);
  run_merged = jx_trend_run_new_from_summary (merged, path);
  g_assert_cmpuint (jx_trend_run_get_n_paths (run_merged), ==, jx_trend_run_get_n_paths (run_whole));
  for (guint f = 0; f < expected->n_functions; f++)
    for (JxTrendMeasure m = 0; m < JX_TREND_N_MEASURES; m++)
      {
        double a = jx_trend_run_get_function_value (run_whole, expected->function_name[f], m);
        double b = jx_trend_run_get_function_value (run_merged, expected->function_name[f], m);

        g_assert_true (memcmp (&a, &b, sizeof a) == 0);
      }
}

static void
test_generated (void)
{
  /* Parts that are no ranges, merged starting with a later one. */
  static const guint parts[] = { 2, 5, G_MAXUINT, 0, 3, 4, G_MAXUINT, 1, G_MAXUINT, G_MAXUINT };
  g_autofree char *dir = jx_test_make_tmp_dir ();
  g_autofree char *run = g_build_filename (dir, "p6", NULL);
  const JxGenLaw *laws;
  g_autoptr(GError) error = NULL;
  JxGeneratorOptions options;
  guint n_laws = 0;

  laws = jx_generator_law_preset ("scaling", &n_laws);
  jx_generator_options_init (&options);
  options.seed = 5;
  options.n_ranks = 6;
  options.n_threads = 2;
  options.n_iterations = 6;
  options.depth = 3;
  options.fanout = 2;
  options.laws = laws;
  options.n_laws = n_laws;
  g_assert_cmpuint (jx_generate_trace (run, &options, &error), >, 0);
  g_assert_no_error (error);
  check_parts (run, parts);
  jx_test_remove_tree (dir);
}

static void
test_tracer (void)
{
  static const guint parts[] = { 5, 17, 30, G_MAXUINT,
                                 0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, G_MAXUINT,
                                 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, G_MAXUINT, G_MAXUINT };
  g_autofree char *run = g_build_filename (jx_test_get_shared_traces (), "TraceR__stencil4d-32", NULL);

  if (!g_file_test (run, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("the traces of ../shared/traces are not there");
      return;
    }
  check_parts (run, parts);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trend-summary/parts/generated", test_generated);
  g_test_add_func ("/trend-summary/parts/tracer", test_tracer);
  return g_test_run ();
}
