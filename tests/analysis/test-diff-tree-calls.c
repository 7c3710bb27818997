/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-diff-tree-calls.c — the calls behind the nodes of the differential
 * tree (jx-diff-tree-calls.h) on generated pairs with a known change: for
 * every node, the calls found on each side are exactly the node's calls
 * (their number and their summed durations), and every call found has the
 * node's function on its side. */
#include "config.h"

#include "jx-diff-tree-calls.h"
#include "jx-test-gen.h"
#include "jx-test-util.h"

static void
check_every_node (JxVariant variant)
{
  JxGeneratorOptions options;
  g_autofree char *dir_a = NULL;
  g_autofree char *dir_b = NULL;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(JxDiffTree) tree = NULL;
  g_autoptr(GError) error = NULL;
  JxComparisonOptions copts;
  guint64 total_a = 0;

  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_threads = 2;
  options.n_iterations = 8;
  options.depth = 3;
  options.fanout = 2;
  a = jx_test_generate_load (&options, NULL, &dir_a);
  options.variant = variant;
  b = jx_test_generate_load (&options, NULL, &dir_b);
  jx_comparison_options_init (&copts);
  cmp = jx_comparison_run (a, b, &copts, NULL, &error);
  g_assert_no_error (error);
  tree = jx_diff_tree_build (cmp, a, b, G_MAXUINT, 2, NULL, &error);
  g_assert_no_error (error);

  for (guint32 node = 1; node < tree->n_nodes; node++)
    {
      g_autoptr(GArray) calls = jx_diff_tree_find_calls (tree, cmp, a, b, node, 0);
      guint64 n_a = 0, n_b = 0, incl_a = 0, incl_b = 0;

      for (guint c = 0; c < calls->len; c++)
        {
          const JxDiffTreeCall *call = &g_array_index (calls, JxDiffTreeCall, c);
          const JxComparisonPair *p = jx_comparison_get_pair (cmp, call->index);
          const JxAlignPair *ap = &p->alignment->pairs[call->pair];

          if (ap->a != JX_ALIGN_NONE)
            {
              const JxStream *s = jx_trace_get_stream (a, p->stream_a);

              n_a++;
              incl_a += s->end[ap->a] - s->start[ap->a];
              g_assert_cmpstr (jx_trace_get_region (a, s->region[ap->a])->name, ==, tree->names[tree->symbol_a[node]]);
            }
          if (ap->b != JX_ALIGN_NONE)
            {
              const JxStream *s = jx_trace_get_stream (b, p->stream_b);

              n_b++;
              incl_b += s->end[ap->b] - s->start[ap->b];
              g_assert_cmpstr (jx_trace_get_region (b, s->region[ap->b])->name, ==, tree->names[tree->symbol_b[node]]);
            }
          /* In order. */
          if (c > 0)
            {
              const JxDiffTreeCall *prev = &g_array_index (calls, JxDiffTreeCall, c - 1);

              g_assert_true (prev->index < call->index || (prev->index == call->index && prev->pair < call->pair));
            }
        }
      g_assert_cmpuint (n_a, ==, tree->calls_a[node]);
      g_assert_cmpuint (n_b, ==, tree->calls_b[node]);
      g_assert_cmpuint (incl_a, ==, tree->incl_a[node]);
      g_assert_cmpuint (incl_b, ==, tree->incl_b[node]);
      total_a += n_a;
      if (calls->len > 2)
        {
          g_autoptr(GArray) two = jx_diff_tree_find_calls (tree, cmp, a, b, node, 2);

          g_assert_cmpuint (two->len, ==, 2);
        }
    }
  g_assert_cmpuint (total_a, ==, jx_trace_get_n_invocations (a));

  jx_test_remove_tree (dir_a);
  jx_test_remove_tree (dir_b);
}

static void
test_faster_kernel (void)
{
  check_every_node (JX_VARIANT_FASTER_KERNEL);
}

static void
test_removed_function (void)
{
  check_every_node (JX_VARIANT_REMOVE_FUNCTION);
}

static void
test_renamed_function (void)
{
  check_every_node (JX_VARIANT_RENAME_FUNCTION);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/diff-tree-calls/faster-kernel", test_faster_kernel);
  g_test_add_func ("/analysis/diff-tree-calls/removed-function", test_removed_function);
  g_test_add_func ("/analysis/diff-tree-calls/renamed-function", test_renamed_function);

  return g_test_run ();
}
