/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-merged-tree-calls.c — the calls a node of the merged call tree
 * stands for (what a click on the icicle highlights and `cluster
 * --merged-tree --node` lists): per contributing stream its call there,
 * none from a stream with a gap; node paths with "#K" for repeated
 * siblings, found again from the path the tree gives; on a hand-written
 * trace and on a generated run with two classes of ranks. */
#include "config.h"

#include <string.h>

#include "jx-merged-tree-calls.h"
#include "jx-test-calls.h"
#include "jx-test-gen.h"
#include "jx-time.h"

#define CPU JX_STREAM_CPU_THREAD

static JxMergedTree *
merge_all (JxTrace *trace)
{
  guint n = jx_trace_get_n_streams (trace);
  g_autofree JxStreamRef *refs = g_new (JxStreamRef, n);
  g_autoptr(GError) error = NULL;
  JxMergedTree *tree;

  for (guint s = 0; s < n; s++)
    refs[s] = (JxStreamRef) { 0, s };
  tree = jx_merged_tree_build (&trace, 1, refs, n, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return tree;
}

/* The n-th (from 0) invocation of `function` in a stream, JX_NONE. */
static guint32
nth_call (JxTrace    *trace,
          guint32     stream,
          const char *function,
          guint       n)
{
  const JxStream *s = jx_trace_get_stream (trace, stream);
  guint32 region = jx_trace_find_region (trace, function);

  for (guint32 i = 0; i < s->n_invocations; i++)
    if (s->region[i] == region && n-- == 0)
      return i;
  return JX_NONE;
}

static void
check_times (JxTrace            *trace,
             const JxMergedCall *call)
{
  const JxStream *s = jx_trace_get_stream (trace, call->stream);
  JxTimeOrigin origin = jx_trace_get_time_origin (trace, 0);

  g_assert_cmpint (call->start_ns, ==, jx_time_ticks_to_comparison (origin, (gint64) s->start[call->invocation]));
  g_assert_cmpint (call->end_ns, ==, jx_time_ticks_to_comparison (origin, (gint64) s->end[call->invocation]));
  g_assert_cmpint (call->end_ns, >, call->start_ns);
}

/* Three ranks loop three times; rank 1 leaves out init's x and the last
 * iteration's c. */
static void
test_hand_written (void)
{
  const JxTestStream streams[] = {
    { "rank 0", "Master thread", CPU, "main(init(x) loop(a b) loop(a b) loop(a c))" },
    { "rank 1", "Master thread", CPU, "main(init loop(a b) loop(a b) loop(a))" },
    { "rank 2", "Master thread", CPU, "main(init(x) loop(a b) loop(a b) loop(a c))" },
  };
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("loops", streams, G_N_ELEMENTS (streams));
  g_autoptr(JxMergedTree) tree = merge_all (trace);
  JxTrace *traces[1] = { trace };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) calls = NULL;
  g_autofree char *path = NULL;
  guint32 node;

  /* The third iteration's c: ranks 0 and 2, rank 1 has a gap there. */
  node = jx_merged_tree_find_node (tree, "main / loop#3 / c", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_merged_tree_get_nodes (tree)->state[node], ==, JX_MERGED_GAP);
  calls = jx_merged_tree_get_node_calls (tree, traces, 1, node);
  g_assert_cmpuint (calls->len, ==, 2);
  g_assert_cmpuint (g_array_index (calls, JxMergedCall, 0).stream, ==, 0);
  g_assert_cmpuint (g_array_index (calls, JxMergedCall, 1).stream, ==, 2);
  for (guint k = 0; k < calls->len; k++)
    {
      const JxMergedCall *call = &g_array_index (calls, JxMergedCall, k);

      g_assert_cmpuint (call->invocation, ==, nth_call (trace, call->stream, "c", 0));
      check_times (trace, call);
    }
  path = jx_merged_tree_dup_node_path (tree, node);
  g_assert_cmpstr (path, ==, "main / loop#3 / c");
  g_clear_pointer (&calls, g_array_unref);
  g_clear_pointer (&path, g_free);

  /* The second iteration's b: one call per rank, each its second b; the
   * CSV's separator names it too. */
  node = jx_merged_tree_find_node (tree, "main;loop#2;b", &error);
  g_assert_no_error (error);
  calls = jx_merged_tree_get_node_calls (tree, traces, 1, node);
  g_assert_cmpuint (calls->len, ==, 3);
  for (guint k = 0; k < calls->len; k++)
    {
      const JxMergedCall *call = &g_array_index (calls, JxMergedCall, k);

      g_assert_cmpuint (call->stream, ==, k);
      g_assert_cmpuint (call->invocation, ==, nth_call (trace, k, "b", 1));
      check_times (trace, call);
    }
  g_clear_pointer (&calls, g_array_unref);

  /* init's x: not rank 1. The first loop needs no number. */
  node = jx_merged_tree_find_node (tree, "main / init / x", &error);
  g_assert_no_error (error);
  calls = jx_merged_tree_get_node_calls (tree, traces, 1, node);
  g_assert_cmpuint (calls->len, ==, 2);
  g_assert_cmpuint (g_array_index (calls, JxMergedCall, 1).stream, ==, 2);
  node = jx_merged_tree_find_node (tree, "main / loop", &error);
  g_assert_no_error (error);
  path = jx_merged_tree_dup_node_path (tree, node);
  g_assert_cmpstr (path, ==, "main / loop");
  g_assert_cmpuint (node, ==, jx_merged_tree_find_node (tree, "main / loop#1", NULL));

  /* Paths that name nothing say which part. */
  g_assert_cmpuint (jx_merged_tree_find_node (tree, "main / loop#4", &error), ==, JX_NONE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "loop"));
  g_clear_error (&error);
  g_assert_cmpuint (jx_merged_tree_find_node (tree, "main / nothing", &error), ==, JX_NONE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "nothing"));
  g_clear_error (&error);
  g_assert_cmpuint (jx_merged_tree_find_node (tree, "main / loop#0", &error), ==, JX_NONE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_cmpuint (jx_merged_tree_find_node (tree, "", &error), ==, JX_NONE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);

  /* Every node found again from its path, with its members as calls. */
  for (guint32 v = 0; v < jx_merged_tree_get_nodes (tree)->n_nodes; v++)
    {
      g_autofree char *p = jx_merged_tree_dup_node_path (tree, v);
      g_autoptr(GArray) c = jx_merged_tree_get_node_calls (tree, traces, 1, v);

      g_assert_cmpuint (jx_merged_tree_find_node (tree, p, NULL), ==, v);
      g_assert_cmpuint (c->len, ==, jx_merged_tree_get_nodes (tree)->n_members[v]);
    }
}

/* A generated run with two classes of ranks: the second class's own
 * function at depth 2, once per iteration, is a node whose calls are
 * exactly that iteration's call in each rank of the class; the other
 * class's ranks have a gap there and contribute none. */
static void
test_generated_classes (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxMergedTree) tree = NULL;
  const JxMergedNodes *nodes;
  guint seen = 0;

  jx_generator_options_init (&options);
  options.n_ranks = 4;
  options.n_iterations = 5;
  options.n_classes = 2;
  options.depth = 2;
  options.fanout = 2;
  trace = jx_test_generate_load (&options, NULL, &dir);
  tree = merge_all (trace);
  nodes = jx_merged_tree_get_nodes (tree);
  for (guint32 v = 0; v < nodes->n_nodes; v++)
    {
      const char *name = jx_merged_tree_get_symbol_name (tree, nodes->symbol[v]);
      g_autoptr(GArray) calls = NULL;
      g_autofree char *path = NULL;
      guint n;
      const JxMergedMember *m;

      if (nodes->state[v] != JX_MERGED_GAP || nodes->depth[v] != 2)
        continue;
      m = jx_merged_tree_get_members (tree, v, &n);
      if (n == 0 || jx_generator_rank_class (&options, m[0].stream) != 1)
        continue;
      calls = jx_merged_tree_get_node_calls (tree, &trace, 1, v);
      g_assert_cmpuint (calls->len, ==, n);
      for (guint r = 0, k = 0; r < options.n_ranks; r++)
        {
          if (jx_generator_rank_class (&options, r) != 1)
            {
              /* A gap: no call of this rank, nor any call of the function at all. */
              g_assert_true (k >= calls->len || g_array_index (calls, JxMergedCall, k).stream != r);
              g_assert_cmpuint (nth_call (trace, r, name, 0), ==, JX_NONE);
              continue;
            }
          g_assert_cmpuint (k, <, calls->len);
          g_assert_cmpuint (g_array_index (calls, JxMergedCall, k).stream, ==, r);
          g_assert_cmpuint (g_array_index (calls, JxMergedCall, k).invocation, ==, nth_call (trace, r, name, seen));
          check_times (trace, &g_array_index (calls, JxMergedCall, k));
          k++;
        }
      path = jx_merged_tree_dup_node_path (tree, v);
      g_assert_cmpuint (jx_merged_tree_find_node (tree, path, NULL), ==, v);
      seen++;
    }
  g_assert_cmpuint (seen, ==, options.n_iterations);
  jx_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/merged-tree-calls/hand-written", test_hand_written);
  g_test_add_func ("/analysis/merged-tree-calls/generated-classes", test_generated_classes);
  return g_test_run ();
}
