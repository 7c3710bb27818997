/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-merged-tree.c — the merged call tree of many streams (dissertation
 * §5.2.2, Alg. 7): the worked examples of Fig. 5.1 and Figs. 5.11–5.13
 * (the states of the merged tree of the three example processes), the
 * scores deciding between a merged "different" node and two gaps, time
 * statistics and the outlier, the invariants on generated and
 * ParaDiS-shaped streams, the same tree on any number of threads, a
 * cluster's tree, cancellation and the asynchronous build. */
#include "config.h"

#include <string.h>

#include "jx-cluster.h"
#include "jx-merged-tree.h"
#include "jx-test-calls.h"
#include "jx-test-gen.h"
#include "jx-test-paradis-pair.h"
#include "jx-test-text-trace.h"

#define CPU JX_STREAM_CPU_THREAD

static const char state_char[] = { '=', '~', '!' };

/* The tree in pre-order as "name<state><streams>", children in brackets:
 * '=' equal, '~' gap, '!' different ("d|e!3"). */
static char *
tree_text (JxMergedTree *tree)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  GString *out = g_string_new (NULL);
  guint32 open[64];
  guint depth = 0;

  for (guint32 i = 0; i < nodes->n_nodes; i++)
    {
      g_autoptr(GArray) functions = jx_merged_tree_get_functions (tree, i);

      while (depth > 0 && open[depth - 1] <= i)
        {
          g_string_append_c (out, ')');
          depth--;
        }
      if (out->len > 0 && out->str[out->len - 1] != '(')
        g_string_append_c (out, ' ');
      for (guint f = 0; f < functions->len; f++)
        g_string_append_printf (out, "%s%s", f > 0 ? "|" : "",
                                jx_merged_tree_get_symbol_name (tree, g_array_index (functions, JxMergedFunction, f).symbol));
      g_string_append_printf (out, "%c%u", state_char[nodes->state[i]], nodes->n_members[i]);
      if (nodes->subtree_end[i] > i + 1)
        {
          g_string_append_c (out, '(');
          g_assert (depth < G_N_ELEMENTS (open));
          open[depth++] = nodes->subtree_end[i];
        }
    }
  while (depth-- > 0)
    g_string_append_c (out, ')');
  return g_string_free (out, FALSE);
}

/* What every merged tree must be: every call of every stream a member of
 * exactly one node, the nodes in each stream's pre-order, each member's
 * parent node holding its caller, the state matching the members, the
 * times ordered and a child's sum within its parent's. */
static void
check_invariants (JxMergedTree   *tree,
                  JxTrace *const *traces)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  guint n_streams = jx_merged_tree_get_n_streams (tree);
  g_autofree guint32 *next = g_new0 (guint32, n_streams);
  guint64 placed = 0;

  for (guint32 i = 0; i < nodes->n_nodes; i++)
    {
      guint n;
      const JxMergedMember *m = jx_merged_tree_get_members (tree, i, &n);
      g_autoptr(GArray) functions = jx_merged_tree_get_functions (tree, i);
      guint32 parent = nodes->parent[i];
      guint sum = 0;

      g_assert_cmpuint (n, ==, nodes->n_members[i]);
      g_assert_cmpuint (n, >, 0);
      g_assert_cmpuint (nodes->subtree_end[i], >, i);
      g_assert_cmpuint (nodes->subtree_end[i], <=, nodes->n_nodes);
      if (parent != JX_NONE)
        {
          g_assert_cmpuint (parent, <, i);
          g_assert_cmpuint (nodes->subtree_end[parent], >=, nodes->subtree_end[i]);
          g_assert_cmpuint (nodes->depth[i], ==, nodes->depth[parent] + 1);
          g_assert_cmpfloat (nodes->sum_seconds[i], <=, nodes->sum_seconds[parent] * (1 + 1e-12));
        }
      else
        g_assert_cmpuint (nodes->depth[i], ==, 0);
      g_assert_cmpfloat (nodes->min_seconds[i], <=, nodes->median_seconds[i]);
      g_assert_cmpfloat (nodes->median_seconds[i], <=, nodes->max_seconds[i]);

      for (guint k = 0; k < n; k++)
        {
          JxStreamRef ref = jx_merged_tree_get_stream (tree, m[k].stream);
          const JxStream *st = jx_trace_get_stream (traces[ref.trace], ref.stream);

          if (k > 0)
            g_assert_cmpuint (m[k].stream, >, m[k - 1].stream);
          g_assert_cmpuint (m[k].invocation, ==, next[m[k].stream]);
          next[m[k].stream]++;
          placed++;
          if (parent == JX_NONE)
            g_assert_cmpuint (st->parent[m[k].invocation], ==, JX_NONE);
          else
            g_assert_cmpuint (jx_merged_tree_find_member (tree, parent, m[k].stream), ==, st->parent[m[k].invocation]);
        }

      for (guint f = 0; f < functions->len; f++)
        sum += g_array_index (functions, JxMergedFunction, f).count;
      g_assert_cmpuint (sum, ==, n);
      switch (nodes->state[i])
        {
        case JX_MERGED_EQUAL:
          g_assert_cmpuint (n, ==, n_streams);
          g_assert_cmpuint (functions->len, ==, 1);
          break;
        case JX_MERGED_GAP:
          g_assert_cmpuint (n, <, n_streams);
          g_assert_cmpuint (functions->len, ==, 1);
          break;
        case JX_MERGED_DIFFERENT:
          g_assert_cmpuint (functions->len, >=, 2);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  for (guint s = 0; s < n_streams; s++)
    {
      JxStreamRef ref = jx_merged_tree_get_stream (tree, s);

      g_assert_cmpuint (next[s], ==, jx_trace_get_stream (traces[ref.trace], ref.stream)->n_invocations);
    }
  g_assert_cmpuint (placed, ==, jx_merged_tree_get_stats (tree)->n_invocations);
}

static JxMergedTree *
merge_all (JxTrace                   *trace,
           const JxMergedTreeOptions *options)
{
  guint n = jx_trace_get_n_streams (trace);
  g_autofree JxStreamRef *refs = g_new (JxStreamRef, n);
  g_autoptr(GError) error = NULL;
  JxMergedTree *tree;

  for (guint s = 0; s < n; s++)
    refs[s] = (JxStreamRef) { 0, s };
  tree = jx_merged_tree_build (&trace, 1, refs, n, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tree);
  check_invariants (tree, &trace);
  return tree;
}

/* Fig. 5.1: proc 2 lacks main's own fopen and fclose; init with its fopen
 * and fclose is equal in both. */
static void
test_fig_5_1 (void)
{
  const JxTestStream streams[] = {
    { "proc 1", "Master thread", CPU, "main(init(fopen fclose) fopen fclose)" },
    { "proc 2", "Master thread", CPU, "main(init(fopen fclose))" },
  };
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("fig-5-1", streams, G_N_ELEMENTS (streams));
  g_autoptr(JxMergedTree) tree = merge_all (trace, NULL);
  g_autofree char *text = tree_text (tree);
  const JxMergedTreeStats *stats = jx_merged_tree_get_stats (tree);

  g_assert_cmpstr (text, ==, "main=2(init=2(fopen=2 fclose=2) fopen~1 fclose~1)");
  g_assert_cmpuint (stats->by_state[JX_MERGED_EQUAL], ==, 4);
  g_assert_cmpuint (stats->by_state[JX_MERGED_GAP], ==, 2);
  g_assert_cmpuint (stats->by_state[JX_MERGED_DIFFERENT], ==, 0);
  /* init's subtree is equal in both: merged in one sweep. */
  g_assert_cmpuint (stats->n_sweeps, >=, 1);
  g_assert_cmpuint (jx_merged_tree_find_member (tree, 4, 1), ==, JX_NONE);
  g_assert_cmpuint (jx_merged_tree_find_member (tree, 4, 0), ==, 4);
}

/* Figs. 5.11–5.13, the three input processes as the text walks through
 * them (the figures' drawings are not in the text):
 *  step 1, the roots' children: m in all three;
 *  step 2, m's children: a gap in processes 1 and 2 (only process 3 calls a);
 *  step 3, a's children: only process 3's, gap states (with a itself,
 *          the three blue nodes of step four);
 *  step 4, b's children: d and e merged into one node;
 *  step 5, the merged node's children: a gap in process 3;
 *  c under m and c under d|e are leaves.
 * Fig. 5.12: four equal nodes (main, m, b, c), four with a gap (a, its two
 * children, c under d|e), one different (d|e). */
static const JxTestStream fig_5_11[] = {
  { "process 1", "Master thread", CPU, "main(m(b(d(c)) c))" },
  { "process 2", "Master thread", CPU, "main(m(b(e(c)) c))" },
  { "process 3", "Master thread", CPU, "main(m(a(f g) b(d) c))" },
};

static void
test_fig_5_12 (void)
{
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("fig-5-11", fig_5_11, G_N_ELEMENTS (fig_5_11));
  g_autoptr(JxMergedTree) tree = merge_all (trace, NULL);
  g_autofree char *text = tree_text (tree);
  const JxMergedTreeStats *stats = jx_merged_tree_get_stats (tree);
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  g_autoptr(GArray) functions = NULL;
  g_autofree char *path = NULL;
  guint n;
  const JxMergedMember *m;

  g_assert_cmpstr (text, ==, "main=3(m=3(a~1(f~1 g~1) b=3(d|e!3(c~2)) c=3))");
  g_assert_cmpuint (stats->by_state[JX_MERGED_EQUAL], ==, 4);
  g_assert_cmpuint (stats->by_state[JX_MERGED_GAP], ==, 4);
  g_assert_cmpuint (stats->by_state[JX_MERGED_DIFFERENT], ==, 1);
  /* Step 2 (m's children) and step 4 (b's) need a multiple alignment. */
  g_assert_cmpuint (stats->n_msa, ==, 3);

  /* The different node: d twice (processes 1 and 3), e once. */
  g_assert_cmpuint (nodes->state[6], ==, JX_MERGED_DIFFERENT);
  functions = jx_merged_tree_get_functions (tree, 6);
  g_assert_cmpuint (functions->len, ==, 2);
  g_assert_cmpstr (jx_merged_tree_get_symbol_name (tree, g_array_index (functions, JxMergedFunction, 0).symbol), ==, "d");
  g_assert_cmpuint (g_array_index (functions, JxMergedFunction, 0).count, ==, 2);
  g_assert_cmpstr (jx_merged_tree_get_symbol_name (tree, g_array_index (functions, JxMergedFunction, 1).symbol), ==, "e");
  path = jx_merged_tree_get_path (tree, 7);
  g_assert_cmpstr (path, ==, "main / m / b / d|e / c");

  /* c below d|e: processes 1 and 2 (a gap in process 3). */
  m = jx_merged_tree_get_members (tree, 7, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (m[0].stream, ==, 0);
  g_assert_cmpuint (m[1].stream, ==, 1);
  g_assert_cmpstr (jx_merged_tree_get_stream_name (tree, 2), ==, "process 3 / Master thread");
}

/* The scores decide: with a mismatch dearer than two gaps (−3 < 2 · −1),
 * d and e are not merged but become two nodes with gaps. */
static void
test_fig_5_12_scores (void)
{
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("fig-5-11", fig_5_11, G_N_ELEMENTS (fig_5_11));
  JxMergedTreeOptions options;
  g_autoptr(JxMergedTree) tree = NULL;
  g_autofree char *text = NULL;
  const JxMergedTreeStats *stats;

  jx_merged_tree_options_init (&options);
  options.msa.align.scoring.mismatch = -3;
  tree = merge_all (trace, &options);
  text = tree_text (tree);
  stats = jx_merged_tree_get_stats (tree);
  g_assert_cmpuint (stats->by_state[JX_MERGED_DIFFERENT], ==, 0);
  g_assert_cmpuint (stats->by_state[JX_MERGED_EQUAL], ==, 4);
  g_assert_cmpuint (stats->by_state[JX_MERGED_GAP], ==, 7);
  g_assert_true (g_str_equal (text, "main=3(m=3(a~1(f~1 g~1) b=3(d~2(c~1) e~1(c~1)) c=3))") ||
                 g_str_equal (text, "main=3(m=3(a~1(f~1 g~1) b=3(e~1(c~1) d~2(c~1)) c=3))"));
  g_assert_cmpint (jx_merged_tree_get_options (tree)->msa.align.scoring.mismatch, ==, -3);
}

/* min / median / max and the outlier: four streams whose calls take 1, 2,
 * 3 and 10 units. */
static void
test_time_statistics (void)
{
  static const char *const trees[] = { "m[a b]", "m[a b]", "m[a b]", "m[a b]", NULL };
  static const guint64 steps[] = { 1, 2, 3, 10 };
  g_autoptr(JxTrace) trace = jx_test_text_trace ("times", NULL, trees, steps, 0);
  g_autoptr(JxMergedTree) tree = merge_all (trace, NULL);
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  double unit = jx_trace_ticks_to_seconds (trace, (gint64) (jx_trace_get_stream (trace, 0)->end[0] -
                                                            jx_trace_get_stream (trace, 0)->start[0]));

  g_assert_cmpuint (nodes->n_nodes, ==, 3);
  g_assert_cmpfloat_with_epsilon (nodes->min_seconds[0], unit, 1e-12);
  g_assert_cmpfloat_with_epsilon (nodes->max_seconds[0], 10 * unit, 1e-12);
  g_assert_cmpfloat_with_epsilon (nodes->median_seconds[0], 2.5 * unit, 1e-12);
  g_assert_cmpfloat_with_epsilon (nodes->sum_seconds[0], 16 * unit, 1e-12);
  g_assert_cmpuint (nodes->outlier[0], ==, 3);
  g_assert_cmpuint (nodes->state[0], ==, JX_MERGED_EQUAL);
}

/* A generated run with two classes of ranks: the merged tree of all ranks
 * holds the second class's own function as gap nodes of exactly those
 * ranks, once per iteration; the tree of one cluster is equal throughout. */
static void
test_generated_classes (void)
{
  JxGeneratorOptions options;
  g_autofree char *dir = NULL;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxMergedTree) tree = NULL;
  g_autoptr(JxClustering) clustering = NULL;
  g_autoptr(JxMergedTree) cluster_tree = NULL;
  g_autofree JxStreamRef *refs = NULL;
  g_autoptr(GError) error = NULL;
  const JxMergedNodes *nodes;
  guint n_refs, class_calls = 0;

  jx_generator_options_init (&options);
  options.n_ranks = 4;
  options.n_iterations = 6;
  options.n_classes = 2;
  options.depth = 2;
  options.fanout = 2;
  trace = jx_test_generate_load (&options, NULL, &dir);
  tree = merge_all (trace, NULL);
  nodes = jx_merged_tree_get_nodes (tree);
  for (guint32 i = 0; i < nodes->n_nodes; i++)
    {
      const char *name = jx_merged_tree_get_symbol_name (tree, nodes->symbol[i]);
      guint n;
      const JxMergedMember *m;

      if (jx_trace_find_region (trace, name) == JX_NONE || nodes->state[i] != JX_MERGED_GAP)
        continue;
      m = jx_merged_tree_get_members (tree, i, &n);
      if (jx_generator_rank_class (&options, m[0].stream) == 1 && n == 2 &&
          jx_generator_rank_class (&options, m[1].stream) == 1 && nodes->depth[i] == 2)
        class_calls++;
    }
  g_assert_cmpuint (class_calls, ==, options.n_iterations);

  clustering = jx_clustering_new_for_traces (&trace, 1, NULL, NULL, &error);
  g_assert_no_error (error);
  refs = jx_merged_tree_streams_of_cluster (clustering, 0, &n_refs);
  g_assert_cmpuint (n_refs, ==, 2);
  cluster_tree = jx_merged_tree_build (&trace, 1, refs, n_refs, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  check_invariants (cluster_tree, &trace);
  g_assert_cmpuint (jx_merged_tree_get_stats (cluster_tree)->by_state[JX_MERGED_DIFFERENT], ==, 0);
  jx_test_remove_tree (dir);
}

/* ParaDiS-shaped streams, some with data-dependent long loops, every
 * third with calls dropped, renamed and added: the same tree (every array
 * equal) on one thread and on four. */
static void
test_threads_same_tree (void)
{
  g_autoptr(JxTrace) trace = jx_test_paradis_build_ranks (48, 3000, 3);
  JxMergedTreeOptions options;
  g_autoptr(JxMergedTree) one = NULL;
  g_autoptr(JxMergedTree) four = NULL;
  const JxMergedNodes *a, *b;
  const JxMergedMember *ma, *mb;
  guint na, nb;

  jx_merged_tree_options_init (&options);
  options.n_threads = 1;
  one = merge_all (trace, &options);
  options.n_threads = 4;
  four = merge_all (trace, &options);
  a = jx_merged_tree_get_nodes (one);
  b = jx_merged_tree_get_nodes (four);
  g_assert_cmpuint (jx_merged_tree_get_stats (four)->n_tasks, >, 0);
  g_assert_cmpuint (jx_merged_tree_get_stats (one)->n_msa, >, 0);
  g_assert_cmpuint (jx_merged_tree_get_stats (one)->by_state[JX_MERGED_DIFFERENT], >, 0);
  g_assert_cmpuint (a->n_nodes, ==, b->n_nodes);
  g_assert_cmpmem (a->parent, a->n_nodes * 4, b->parent, b->n_nodes * 4);
  g_assert_cmpmem (a->subtree_end, a->n_nodes * 4, b->subtree_end, b->n_nodes * 4);
  g_assert_cmpmem (a->symbol, a->n_nodes * 4, b->symbol, b->n_nodes * 4);
  g_assert_cmpmem (a->state, a->n_nodes, b->state, b->n_nodes);
  g_assert_cmpmem (a->outlier, a->n_nodes * 4, b->outlier, b->n_nodes * 4);
  g_assert_cmpmem (a->median_seconds, a->n_nodes * 8, b->median_seconds, b->n_nodes * 8);
  ma = jx_merged_tree_get_members (one, 0, &na);
  mb = jx_merged_tree_get_members (four, 0, &nb);
  g_assert_cmpmem (ma, a->member_offset[a->n_nodes] * sizeof *ma, mb, b->member_offset[b->n_nodes] * sizeof *mb);
}

static void
test_errors_and_cancel (void)
{
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("fig-5-11", fig_5_11, G_N_ELEMENTS (fig_5_11));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  JxStreamRef twice[2] = { { 0, 1 }, { 0, 1 } };
  JxStreamRef bad = { 0, 7 };

  g_assert_null (jx_merged_tree_build (&trace, 1, twice, 2, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (jx_merged_tree_build (&trace, 1, &bad, 1, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_cancellable_cancel (cancellable);
  g_assert_null (jx_merged_tree_build (&trace, 1, twice, 1, NULL, NULL, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

typedef struct
{
  GMainLoop    *loop;
  JxMergedTree *tree;
  GError       *error;
  guint         reports;
  guint64       last_done;
} AsyncState;

static void
async_progress (guint64  done,
                guint64  total,
                gpointer data)
{
  AsyncState *state = data;

  g_assert_cmpuint (done, <=, total);
  state->reports++;
  state->last_done = done;
}

static void
async_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  AsyncState *state = data;

  state->tree = jx_merged_tree_build_finish (result, &state->error);
  g_main_loop_quit (state->loop);
}

/* The asynchronous build gives the same tree, with progress on the main
 * context up to every call. */
static void
test_async (void)
{
  g_autoptr(JxTrace) trace = jx_test_paradis_build_ranks (8, 20000, 2);
  g_autoptr(JxMergedTree) sync = merge_all (trace, NULL);
  JxStreamRef refs[8];
  AsyncState state = { 0 };

  for (guint s = 0; s < 8; s++)
    refs[s] = (JxStreamRef) { 0, s };
  state.loop = g_main_loop_new (NULL, FALSE);
  jx_merged_tree_build_async (&trace, 1, refs, 8, NULL, NULL, async_progress, &state, async_done, &state);
  g_main_loop_run (state.loop);
  /* The last progress report may still be queued. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_no_error (state.error);
  g_assert_nonnull (state.tree);
  g_assert_cmpuint (jx_merged_tree_get_nodes (state.tree)->n_nodes, ==, jx_merged_tree_get_nodes (sync)->n_nodes);
  g_assert_cmpuint (state.reports, >, 0);
  g_assert_cmpuint (state.last_done, ==, jx_merged_tree_get_stats (sync)->n_invocations);
  jx_merged_tree_unref (state.tree);
  g_main_loop_unref (state.loop);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/merged-tree/fig-5-1", test_fig_5_1);
  g_test_add_func ("/analysis/merged-tree/fig-5-12", test_fig_5_12);
  g_test_add_func ("/analysis/merged-tree/fig-5-12-scores", test_fig_5_12_scores);
  g_test_add_func ("/analysis/merged-tree/time-statistics", test_time_statistics);
  g_test_add_func ("/analysis/merged-tree/generated-classes", test_generated_classes);
  g_test_add_func ("/analysis/merged-tree/threads-same-tree", test_threads_same_tree);
  g_test_add_func ("/analysis/merged-tree/errors-and-cancel", test_errors_and_cancel);
  g_test_add_func ("/analysis/merged-tree/async", test_async);

  return g_test_run ();
}
