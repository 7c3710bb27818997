/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of structural clustering (jx-cluster.h, jx-stream-signature.h,
 * jx-maxk-freq.h): the dissertation's ch. 5 worked examples — pairsim of
 * Fig. 5.1, the sorted and serialized pairs and the clusters of Fig. 5.2 /
 * Table 5.1, the MaxKFreqHashing values of §5.2.2 (research/sequence, Fig.
 * 5.8 with Tables 5.3 and 5.4 and its similarity matrix) — and the rules
 * the header states: kinds never mixed, merging by threshold, outliers,
 * representatives, unread streams, several traces together. */
#include "config.h"

#include "jx-cluster.h"
#include "jx-test-calls.h"
#include "jx-trace-builder.h"

#define CPU JX_STREAM_CPU_THREAD
#define GPU JX_STREAM_ACCELERATOR

/* --- MaxKFreqHashing (§5.2.2) ---------------------------------------------------- */

static guint64
count_of (const JxFreqEntry *top,
          guint              n,
          char               c)
{
  for (guint i = 0; i < n; i++)
    if (top[i].key == (guint64) (guchar) c)
      return top[i].count;
  return 0;
}

/* "research : 2 r and 2 e; sequence : 3 e and 1 s; the similarity … is 5". */
static void
test_maxk_research_sequence (void)
{
  JxFreqEntry top[2];
  guint n;

  n = jx_maxk_freq_string_top ("research", 2, top);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (count_of (top, n, 'r'), ==, 2);
  g_assert_cmpuint (count_of (top, n, 'e'), ==, 2);

  /* e three times, then one of the letters seen once: the dissertation
   * lists s, the first in the word; ties here go to the smaller character
   * (c). Either way it is not in "research"'s reduction, so the score is
   * the same. */
  n = jx_maxk_freq_string_top ("sequence", 2, top);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (count_of (top, n, 'e'), ==, 3);
  g_assert_cmpuint (top[0].count + top[1].count, ==, 4);
  g_assert_cmpuint (count_of (top, n, 'r'), ==, 0);

  g_assert_cmpuint (jx_maxk_freq_string_score ("research", "sequence", 2), ==, 5);
  g_assert_cmpuint (jx_maxk_freq_string_score ("sequence", "research", 2), ==, 5);
  /* Normalised: 5 of 2 + 2 + 3 + 1. */
  {
    JxFreqEntry a[2], b[2];
    guint na = jx_maxk_freq_string_top ("research", 2, a);
    guint nb = jx_maxk_freq_string_top ("sequence", 2, b);

    g_assert_cmpfloat_with_epsilon (jx_maxk_freq_similarity (a, na, b, nb), 5.0 / 8.0, 1e-12);
    g_assert_cmpfloat (jx_maxk_freq_similarity (a, na, a, na), ==, 1.0);
    g_assert_cmpfloat (jx_maxk_freq_similarity (NULL, 0, NULL, 0), ==, 1.0);
  }
}

/* The five sequences of Fig. 5.8 as Fig. 5.10 shows them aligned. */
static const char *const fig_5_8[5] = { "ababababab", "aaaabbbb", "cde", "dec", "decb" };

/* Table 5.3: occurrences over all input, top three b, a, c; Table 5.4:
 * the sequences ranked by their occurrences of those (10, 8, 2, 1, 1). */
static void
test_maxk_tables_5_3_5_4 (void)
{
  g_autofree char *all = g_strjoinv ("", (char **) fig_5_8);
  JxFreqEntry top[3];
  static const guint expected_rank[5] = { 0, 1, 4, 2, 3 };
  static const guint expected_count[5] = { 10, 8, 2, 1, 1 };
  guint occurrences[5], rank[5];
  guint n;

  n = jx_maxk_freq_string_top (all, 3, top);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (count_of (top, n, 'b'), ==, 10);
  g_assert_cmpuint (count_of (top, n, 'a'), ==, 9);
  /* c, d and e occur three times each; c is the third top character. */
  g_assert_cmpuint (count_of (top, n, 'c'), ==, 3);

  for (guint s = 0; s < 5; s++)
    {
      occurrences[s] = 0;
      for (const char *p = fig_5_8[s]; *p != '\0'; p++)
        occurrences[s] += count_of (top, n, *p) > 0;
      rank[s] = s;
    }
  /* Stable ranking by occurrences, most first. */
  for (guint i = 1; i < 5; i++)
    for (guint j = i; j > 0 && occurrences[rank[j]] > occurrences[rank[j - 1]]; j--)
      {
        guint t = rank[j];
        rank[j] = rank[j - 1];
        rank[j - 1] = t;
      }
  for (guint i = 0; i < 5; i++)
    {
      g_assert_cmpuint (rank[i], ==, expected_rank[i]);
      g_assert_cmpuint (occurrences[rank[i]], ==, expected_count[i]);
    }
}

/* The Max2FreqHashing similarity matrix of Fig. 5.8's sequences. Alg. 6
 * reproduces 18, 6, 5, the 4 of sequences 3–4 and the zeros; the printed 4
 * of 5–3 and 5–4 cannot come from Alg. 6 together with the 6 of 1–5: that
 * 6 needs b in sequence 5's reduction, which leaves it one character for
 * sequence 3 (score at most 2). Here both are 2. */
static void
test_maxk_matrix_fig_5_8 (void)
{
  static const struct { guint x, y; guint64 score; } printed[] = {
    { 1, 2, 18 }, { 1, 3, 0 }, { 1, 4, 0 }, { 2, 3, 0 }, { 2, 4, 0 },
    { 3, 4, 4 }, { 1, 5, 6 }, { 2, 5, 5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (printed); i++)
    g_assert_cmpuint (jx_maxk_freq_string_score (fig_5_8[printed[i].x - 1], fig_5_8[printed[i].y - 1], 2),
                      ==, printed[i].score);
  g_assert_cmpuint (jx_maxk_freq_string_score (fig_5_8[4], fig_5_8[2], 2), ==, 2);
  g_assert_cmpuint (jx_maxk_freq_string_score (fig_5_8[4], fig_5_8[3], 2), ==, 2);

  /* Table 5.2's order follows: 18 (1–2), 6 (1–5), 5 (2–5), 4 (3–4). */
  g_assert_cmpuint (jx_maxk_freq_string_score (fig_5_8[0], fig_5_8[1], 2), >,
                    jx_maxk_freq_string_score (fig_5_8[0], fig_5_8[4], 2));
  g_assert_cmpuint (jx_maxk_freq_string_score (fig_5_8[0], fig_5_8[4], 2), >,
                    jx_maxk_freq_string_score (fig_5_8[1], fig_5_8[4], 2));
  g_assert_cmpuint (jx_maxk_freq_string_score (fig_5_8[1], fig_5_8[4], 2), >,
                    jx_maxk_freq_string_score (fig_5_8[2], fig_5_8[3], 2));
}

/* K larger than the alphabet, K = 0 and empty strings. */
static void
test_maxk_edges (void)
{
  JxFreqEntry top[8];

  g_assert_cmpuint (jx_maxk_freq_string_top ("aab", 8, top), ==, 2);
  g_assert_cmpuint (top[0].key, ==, 'a');
  g_assert_cmpuint (top[0].count, ==, 2);
  g_assert_cmpuint (jx_maxk_freq_string_top ("aab", 0, top), ==, 0);
  g_assert_cmpuint (jx_maxk_freq_string_top ("", 3, top), ==, 0);
  g_assert_cmpuint (jx_maxk_freq_string_score ("", "", 2), ==, 0);
  g_assert_cmpuint (jx_maxk_freq_string_score ("aaa", "aaa", 1), ==, 6);
}

/* --- pairs and hashing (§5.1.1, §5.1.2) ------------------------------------------ */

/* Fig. 5.1: funcs equal, pairsim(proc 1, proc 2) = 4/6. */
static void
test_pairsim_fig_5_1 (void)
{
  const JxTestStream streams[] = {
    { "proc 1", "Master thread", CPU, "main(init(fopen fclose) fopen fclose)" },
    { "proc 2", "Master thread", CPU, "main(init(fopen fclose))" },
  };
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("fig-5-1", streams, G_N_ELEMENTS (streams));
  g_autoptr(JxSignatureSet) set = jx_signature_set_new (&trace, 1, NULL, NULL);
  g_autofree char *one = jx_signature_set_serialize (set, 0);
  g_autofree char *two = jx_signature_set_serialize (set, 1);

  g_assert_cmpstr (one, ==, "init → fclose init → fopen main → fclose main → fopen main → init ε → main");
  g_assert_cmpstr (two, ==, "init → fclose init → fopen main → init ε → main");
  g_assert_cmpfloat_with_epsilon (jx_signature_set_jaccard (set, 0, 1), 4.0 / 6.0, 1e-12);
  g_assert_cmpfloat (jx_signature_set_jaccard (set, 0, 0), ==, 1.0);
  g_assert_false (jx_signature_set_equal (set, 0, 1));
}

/* Fig. 5.2 and Table 5.1: the sorted, serialized pairs of the four example
 * processes, and the clusters {proc 2, proc 4}, {proc 1}, {proc 3}. */
static void
test_hash_fig_5_2 (void)
{
  const JxTestStream streams[] = {
    { "proc 1", "Master thread", CPU, "main(a(b))" },
    { "proc 2", "Master thread", CPU, "main(a(b) b(c))" },
    { "proc 3", "Master thread", CPU, "main(c(d))" },
    { "proc 4", "Master thread", CPU, "main(b(c) a(b))" },
  };
  static const char *const serialized[] = {
    "a → b main → a ε → main",
    "a → b b → c main → a main → b ε → main",
    "c → d main → c ε → main",
    "a → b b → c main → a main → b ε → main",
  };
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("fig-5-2", streams, G_N_ELEMENTS (streams));
  g_autoptr(JxClustering) clustering = jx_clustering_new_for_traces (&trace, 1, NULL, NULL, NULL);
  JxSignatureSet *set = jx_clustering_get_signatures (clustering);
  const JxCluster *c;
  const guint32 *members;
  guint n;

  for (guint s = 0; s < 4; s++)
    {
      g_autofree char *text = jx_signature_set_serialize (set, s);
      g_assert_cmpstr (text, ==, serialized[s]);
    }
  g_assert_cmpuint (jx_signature_set_get_hash (set, 1), ==, jx_signature_set_get_hash (set, 3));
  g_assert_cmpuint (jx_signature_set_get_hash (set, 0), !=, jx_signature_set_get_hash (set, 1));
  g_assert_cmpuint (jx_signature_set_get_hash (set, 0), !=, jx_signature_set_get_hash (set, 2));
  g_assert_true (jx_signature_set_equal (set, 1, 3));

  members = jx_clustering_get_members (clustering, &n);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, 3);
  g_assert_cmpuint (jx_clustering_get_n_outliers (clustering), ==, 2);
  c = jx_clustering_get_cluster (clustering, 0);
  g_assert_cmpuint (c->size, ==, 2);
  g_assert_false (c->outlier);
  g_assert_cmpuint (c->n_groups, ==, 1);
  g_assert_cmpuint (members[c->first], ==, 1);
  g_assert_cmpuint (members[c->first + 1], ==, 3);
  c = jx_clustering_get_cluster (clustering, 1);
  g_assert_cmpuint (c->size, ==, 1);
  g_assert_true (c->outlier);
  g_assert_cmpuint (members[c->first], ==, 0);
  g_assert_cmpuint (c->representative, ==, 0);
  c = jx_clustering_get_cluster (clustering, 2);
  g_assert_true (c->outlier);
  g_assert_cmpuint (members[c->first], ==, 2);
  g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, 3), ==, 0);
  g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, 2), ==, 2);
}

/* A CPU thread and an accelerator stream calling the same functions never
 * share a cluster, merged or not, and are not similar. */
static void
test_kinds_apart (void)
{
  const JxTestStream streams[] = {
    { "Rank 0", "Master thread", CPU, "kernel*4" },
    { "Rank 0", "CUDA[0:7]", GPU, "kernel*4" },
    { "Rank 1", "Master thread", CPU, "kernel*4" },
    { "Rank 1", "CUDA[0:7]", GPU, "kernel*4" },
  };
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("kinds", streams, G_N_ELEMENTS (streams));
  JxClusterOptions options;

  jx_cluster_options_init (&options);
  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(JxClustering) clustering = NULL;
      JxSignatureSet *set;

      options.threshold = round == 0 ? 0.0 : 0.01;
      clustering = jx_clustering_new_for_traces (&trace, 1, &options, NULL, NULL);
      set = jx_clustering_get_signatures (clustering);
      g_assert_cmpuint (jx_signature_set_get_hash (set, 0), !=, jx_signature_set_get_hash (set, 1));
      g_assert_false (jx_signature_set_equal (set, 0, 1));
      g_assert_cmpfloat (jx_signature_set_similarity (set, 0, 1), ==, 0.0);
      g_assert_cmpfloat (jx_signature_set_similarity (set, 0, 2), ==, 1.0);
      g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, 2);
      g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, 0), ==, jx_clustering_get_cluster_of (clustering, 2));
      g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, 1), ==, jx_clustering_get_cluster_of (clustering, 3));
      g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, 0), !=, jx_clustering_get_cluster_of (clustering, 1));
      for (guint c = 0; c < 2; c++)
        {
          const JxCluster *cluster = jx_clustering_get_cluster (clustering, c);
          g_assert_cmpuint (cluster->kind, ==, jx_signature_set_get_kind (set, cluster->representative));
        }
    }
}

/* Merging: rank 0's one extra initialisation call joins the others at
 * the suggested threshold; a rank doing other work stays apart. */
static void
test_merge_threshold (void)
{
  const JxTestStream streams[] = {
    { "Rank 0", "Master thread", CPU, "main(read_input iteration*20(compute(kernel*3) exchange(send recv)))" },
    { "Rank 1", "Master thread", CPU, "main(iteration*20(compute(kernel*3) exchange(send recv)))" },
    { "Rank 2", "Master thread", CPU, "main(iteration*20(compute(kernel*3) exchange(send recv)))" },
    { "Rank 3", "Master thread", CPU, "main(iteration*20(compute(kernel*3) exchange(send recv)))" },
    { "Rank 4", "Master thread", CPU, "main(io_loop*40(write_block(flush)))" },
  };
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("merge", streams, G_N_ELEMENTS (streams));
  g_autoptr(JxClustering) exact = jx_clustering_new_for_traces (&trace, 1, NULL, NULL, NULL);
  g_autoptr(JxClustering) merged = NULL;
  JxClusterOptions options;
  const JxCluster *c;
  const guint32 *members;
  guint n;

  g_assert_cmpuint (jx_clustering_get_n_clusters (exact), ==, 3);
  g_assert_cmpuint (jx_clustering_get_n_outliers (exact), ==, 2);
  g_assert_cmpuint (jx_clustering_get_n_groups (exact), ==, 3);

  jx_cluster_options_init (&options);
  options.threshold = JX_CLUSTER_SUGGESTED_THRESHOLD;
  merged = jx_clustering_new_for_traces (&trace, 1, &options, NULL, NULL);
  g_assert_cmpuint (jx_clustering_get_n_clusters (merged), ==, 2);
  g_assert_cmpuint (jx_clustering_get_n_groups (merged), ==, 3);
  c = jx_clustering_get_cluster (merged, 0);
  g_assert_cmpuint (c->size, ==, 4);
  g_assert_cmpuint (c->n_groups, ==, 2);
  g_assert_cmpfloat (c->min_similarity, >=, JX_CLUSTER_SUGGESTED_THRESHOLD);
  members = jx_clustering_get_members (merged, &n);
  /* The largest exact group first, then the one merged into it. */
  g_assert_cmpuint (members[c->first], ==, 1);
  g_assert_cmpuint (members[c->first + 3], ==, 0);
  g_assert_cmpuint (jx_clustering_get_group_of (merged, 0), !=, jx_clustering_get_group_of (merged, 1));
  g_assert_cmpuint (jx_clustering_get_group_of (merged, 2), ==, jx_clustering_get_group_of (merged, 1));
  /* The representative comes from the largest group. */
  g_assert_cmpuint (c->representative, !=, 0);
  c = jx_clustering_get_cluster (merged, 1);
  g_assert_true (c->outlier);
  g_assert_cmpuint (members[c->first], ==, 4);
  g_assert_cmpfloat (jx_clustering_get_options (merged)->threshold, ==, JX_CLUSTER_SUGGESTED_THRESHOLD);

  /* Threshold 1 merges only reductions that agree completely: rank 0
   * calls 8 pairs, so its single read_input is in its reduction. */
  options.threshold = 1.0;
  g_clear_pointer (&merged, jx_clustering_free);
  merged = jx_clustering_new_for_traces (&trace, 1, &options, NULL, NULL);
  g_assert_cmpuint (jx_clustering_get_n_clusters (merged), ==, 3);
}

/* Representative: the member of median time; sizes, totals; clusters
 * ordered by size, then by their first member. */
static void
test_representative_totals (void)
{
  const JxTestStream streams[] = {
    { "Rank 0", "Master thread", CPU, "x(y*1)" },
    { "Rank 1", "Master thread", CPU, "x(y*9)" },
    { "Rank 2", "Master thread", CPU, "x(y*5)" },
    { "Rank 3", "Master thread", CPU, "z" },
    { "Rank 4", "Master thread", CPU, "z" },
  };
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("median", streams, G_N_ELEMENTS (streams));
  g_autoptr(JxClustering) clustering = jx_clustering_new_for_traces (&trace, 1, NULL, NULL, NULL);
  JxSignatureSet *set = jx_clustering_get_signatures (clustering);
  const JxCluster *c = jx_clustering_get_cluster (clustering, 0);

  g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, 2);
  g_assert_cmpuint (c->size, ==, 3);
  g_assert_cmpuint (c->representative, ==, 2);
  g_assert_cmpuint (c->n_invocations, ==, 2 + 10 + 6);
  /* 10 ticks per call at 1 GHz. */
  g_assert_cmpfloat_with_epsilon (c->seconds, (20 + 100 + 60) * 1e-9, 1e-15);
  g_assert_cmpfloat_with_epsilon (jx_signature_set_get_seconds (set, 1), 100e-9, 1e-15);
  c = jx_clustering_get_cluster (clustering, 1);
  g_assert_cmpuint (c->size, ==, 2);
  g_assert_cmpuint (c->representative, ==, 3);
  g_assert_cmpuint (jx_clustering_get_n_outliers (clustering), ==, 0);
}

/* Streams whose events could not be read are left out; streams without
 * invocations form a cluster of their own. */
static void
test_unread_and_empty (void)
{
  JxTraceBuilder *builder = jx_trace_builder_new ("/nonexistent/u/traces.otf2", "u", 1000);
  guint32 region, p;
  g_autoptr(JxTrace) trace = NULL;
  g_autoptr(JxClustering) clustering = NULL;

  region = jx_trace_builder_add_region (builder, "main", 1, 1);
  p = jx_trace_builder_add_process (builder, "Rank 0", JX_NONE);
  jx_trace_builder_add_stream (builder, p, "Master thread", CPU);
  jx_trace_builder_add_stream (builder, p, "Thread 1", CPU);
  jx_trace_builder_add_stream (builder, p, "Thread 2", CPU);
  jx_trace_builder_add_stream (builder, p, "Thread 3", CPU);
  jx_trace_builder_enter (builder, 0, 10, region);
  jx_trace_builder_leave (builder, 0, 20, region);
  jx_trace_builder_mark_missing (builder, 1, "gone");
  trace = jx_trace_builder_finish (builder);

  clustering = jx_clustering_new_for_traces (&trace, 1, NULL, NULL, NULL);
  g_assert_cmpuint (jx_clustering_get_n_unclustered (clustering), ==, 1);
  g_assert_cmpuint (jx_clustering_get_unclustered (clustering, 0), ==, 1);
  g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, 1), ==, JX_NONE);
  g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, 2);
  g_assert_cmpuint (jx_clustering_get_cluster (clustering, 0)->size, ==, 2);
  g_assert_cmpuint (jx_clustering_get_cluster (clustering, 0)->n_invocations, ==, 0);
  g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, 2), ==, 0);
  g_assert_true (jx_clustering_get_cluster (clustering, 1)->outlier);
  g_assert_cmpfloat (jx_signature_set_similarity (jx_clustering_get_signatures (clustering), 2, 3), ==, 1.0);
}

/* Two traces clustered together: the same function names are the same
 * functions, whatever the region order in each trace. */
static void
test_several_traces (void)
{
  const JxTestStream a[] = {
    { "Rank 0", "Master thread", CPU, "main(solve(kernel))" },
    { "Rank 1", "Master thread", CPU, "main(write(flush))" },
  };
  const JxTestStream b[] = {
    { "Rank 0", "Master thread", CPU, "main(write(flush))" },
    { "Rank 1", "Master thread", CPU, "main(solve(kernel))" },
    { "Rank 2", "Master thread", CPU, "main(solve(kernel) write(flush))" },
  };
  g_autoptr(JxTrace) ta = jx_test_calls_trace ("a", a, G_N_ELEMENTS (a));
  g_autoptr(JxTrace) tb = jx_test_calls_trace ("b", b, G_N_ELEMENTS (b));
  JxTrace *both[] = { ta, tb };
  g_autoptr(JxClustering) clustering = jx_clustering_new_for_traces (both, 2, NULL, NULL, NULL);
  JxSignatureSet *set = jx_clustering_get_signatures (clustering);

  g_assert_cmpuint (jx_signature_set_get_size (set), ==, 5);
  g_assert_cmpuint (jx_signature_set_index (set, 1, 0), ==, 2);
  g_assert_cmpuint (jx_signature_set_get_trace_of (set, 3), ==, 1);
  g_assert_cmpuint (jx_signature_set_get_stream_of (set, 3), ==, 1);
  g_assert_true (jx_signature_set_get_trace (set, 1) == tb);
  g_assert_cmpuint (jx_clustering_get_n_clusters (clustering), ==, 3);
  g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, 0), ==, jx_clustering_get_cluster_of (clustering, 3));
  g_assert_cmpuint (jx_clustering_get_cluster_of (clustering, 1), ==, jx_clustering_get_cluster_of (clustering, 2));
  g_assert_true (jx_clustering_get_cluster (clustering, 2)->outlier);
  g_assert_cmpuint (jx_clustering_get_cluster (clustering, 2)->representative, ==, 4);
}

static void
test_cancelled (void)
{
  const JxTestStream streams[] = { { "Rank 0", "Master thread", CPU, "main" } };
  g_autoptr(JxTrace) trace = jx_test_calls_trace ("c", streams, 1);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_null (jx_clustering_new_for_traces (&trace, 1, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/cluster/maxk/research-sequence", test_maxk_research_sequence);
  g_test_add_func ("/analysis/cluster/maxk/tables-5-3-5-4", test_maxk_tables_5_3_5_4);
  g_test_add_func ("/analysis/cluster/maxk/matrix-fig-5-8", test_maxk_matrix_fig_5_8);
  g_test_add_func ("/analysis/cluster/maxk/edges", test_maxk_edges);
  g_test_add_func ("/analysis/cluster/pairsim-fig-5-1", test_pairsim_fig_5_1);
  g_test_add_func ("/analysis/cluster/hash-fig-5-2", test_hash_fig_5_2);
  g_test_add_func ("/analysis/cluster/kinds-apart", test_kinds_apart);
  g_test_add_func ("/analysis/cluster/merge-threshold", test_merge_threshold);
  g_test_add_func ("/analysis/cluster/representative-totals", test_representative_totals);
  g_test_add_func ("/analysis/cluster/unread-and-empty", test_unread_and_empty);
  g_test_add_func ("/analysis/cluster/several-traces", test_several_traces);
  g_test_add_func ("/analysis/cluster/cancelled", test_cancelled);
  return g_test_run ();
}
