/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the comparison runner: pairing, per-pair alignment on worker
 * threads, metrics, generated variants and real traces (the `diff` command
 * over the same inputs: tests/cli/test-cli-diff.c). */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "jx-comparison.h"
#include "jx-test-text-trace.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"

/* One stream per process, each tree as text (jx-test-text-trace.h); every
 * event takes `step` ticks. */
static JxTrace *
build_trace (const char        *name,
             const char *const *processes,
             const char *const *trees,
             guint64            step)
{
  return jx_test_text_trace (name, processes, trees, NULL, step);
}

static void
check_pair_consistency (const JxComparisonPair *p,
                        JxTrace                *a,
                        JxTrace                *b)
{
  const JxHierAlignment *al = p->alignment;
  guint32 na = jx_trace_get_stream (a, p->stream_a)->n_invocations;
  guint32 nb = jx_trace_get_stream (b, p->stream_b)->n_invocations;

  g_assert_nonnull (al);
  g_assert_cmpuint (al->n_a, ==, na);
  g_assert_cmpuint (al->n_b, ==, nb);
  g_assert_cmpuint (al->counts[0] + al->counts[1] + al->counts[2] + al->counts[3], ==, al->n_pairs);
  g_assert_cmpuint (al->counts[JX_PAIR_EQUAL] + al->counts[JX_PAIR_DIFFERENT] + al->counts[JX_PAIR_ONLY_A], ==, na);
  g_assert_cmpuint (al->counts[JX_PAIR_EQUAL] + al->counts[JX_PAIR_DIFFERENT] + al->counts[JX_PAIR_ONLY_B], ==, nb);
  g_assert_cmpfloat (p->similarity, >=, 0.0);
  g_assert_cmpfloat (p->similarity, <=, 1.0);
  g_assert_nonnull (p->dissimilarity);
  g_assert_nonnull (p->function_table);
}

static void
test_identical (void)
{
  const char *procs[] = { "MPI Rank 0", "MPI Rank 1", NULL };
  const char *trees[] = { "m[i[a b[c c] a] i[a b[c] a]] f", "m[i[x y] i[x y] i[x]]", NULL };
  g_autoptr(JxTrace) a = build_trace ("A", procs, trees, 1);
  g_autoptr(JxTrace) b = build_trace ("B", procs, trees, 2);
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(GError) error = NULL;
  guint i, k;

  cmp = jx_comparison_run (a, b, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_comparison_get_n_pairs (cmp), ==, 2);
  g_assert_cmpuint (jx_comparison_get_n_unpaired (cmp), ==, 0);

  for (i = 0; i < 2; i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxFunctionTimeDiff *row;

      check_pair_consistency (p, a, b);
      g_assert_cmpfloat (p->similarity, ==, 1.0);
      g_assert_cmpuint (p->alignment->counts[JX_PAIR_EQUAL], ==, p->alignment->n_pairs);
      for (k = 0; k < p->alignment->n_pairs; k++)
        g_assert_cmpuint (p->alignment->pairs[k].state, ==, JX_PAIR_EQUAL);
      /* Dissimilarity is 0 everywhere. */
      for (k = 0; k < p->dissimilarity->len; k++)
        g_assert_cmpfloat (g_array_index (p->dissimilarity, JxMetricPoint, k).value, ==, 0.0);
      /* B takes twice the ticks: every function is slower in B. */
      g_assert_cmpuint (p->function_table->len, >, 0);
      row = &g_array_index (p->function_table, JxFunctionTimeDiff, 0);
      g_assert_cmpuint (row->n_faster, ==, 0);
      g_assert_cmpuint (row->n_slower, >, 0);
      g_assert_cmpfloat (row->slower, >, 0.0);
      /* Skew grows: B's starts drift later. */
      g_assert_cmpfloat (g_array_index (p->runtime_skew, JxMetricPoint, p->runtime_skew->len - 1).value, >, 0.0);
    }
}

/* The scores are the options' and the result's: other scores give other
 * HA scores and similarities, bad ones an error. */
static void
test_scores (void)
{
  const char *procs[] = { "MPI Rank 0", NULL };
  const char *ta[] = { "m[i[a b c] i[a b c] i[a d c]]", NULL };
  const char *tb[] = { "m[i[a b c] i[a c] i[a e c] i[a b c]]", NULL };
  g_autoptr(JxTrace) a = build_trace ("A", procs, ta, 1);
  g_autoptr(JxTrace) b = build_trace ("B", procs, tb, 1);
  g_autoptr(JxComparison) def = NULL;
  g_autoptr(JxComparison) other = NULL;
  g_autoptr(JxComparison) bad = NULL;
  g_autoptr(GError) error = NULL;
  JxComparisonOptions options;
  const JxComparisonPair *pd, *po;

  jx_comparison_options_init (&options);
  g_assert_true (jx_scoring_is_default (&options.scoring));
  def = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_no_error (error);
  options.scoring = (JxScoring) { 3, -5, -1 };
  other = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (jx_scoring_is_default (jx_comparison_get_scoring (def)));
  g_assert_cmpint (jx_comparison_get_scoring (other)->mismatch, ==, -5);
  g_assert_cmpint (jx_comparison_get_options (other)->hier.align.scoring.mismatch, ==, -5);
  pd = jx_comparison_get_pair (def, 0);
  po = jx_comparison_get_pair (other, 0);
  check_pair_consistency (po, a, b);
  /* d against e: a mismatch by default, two gaps when a mismatch costs 5. */
  g_assert_cmpuint (pd->alignment->counts[JX_PAIR_DIFFERENT], ==, 1);
  g_assert_cmpuint (po->alignment->counts[JX_PAIR_DIFFERENT], ==, 0);
  g_assert_cmpint (po->similarity_parts.max_score, ==, 3 * (gint64) MAX (po->alignment->flat_length_a,
                                                                         po->alignment->flat_length_b));
  g_assert_cmpfloat (po->similarity, !=, pd->similarity);

  options.scoring = (JxScoring) { 2, 2, -1 };
  bad = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_null (bad);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

static void
test_pairing (void)
{
  /* Names differ a little; B has an extra process; ties go by rank. */
  const char *pa[] = { "Rank 0", "Rank 1", "Rank 2", NULL };
  const char *pb[] = { "rank 1", "Rank 0", "rank 2", "Rank 3", NULL };
  const char *ta[] = { "m[a]", "m[b]", "m[c]", NULL };
  const char *tb[] = { "m[b]", "m[a]", "m[c]", "m[d]", NULL };
  g_autoptr(JxTrace) a = build_trace ("A", pa, ta, 1);
  g_autoptr(JxTrace) b = build_trace ("B", pb, tb, 1);
  g_autoptr(GArray) pairs = jx_stream_pairing_compute (a, b, NULL);
  g_autoptr(GArray) only = jx_stream_pairing_compute (a, b, "Rank 1");
  g_autoptr(GArray) none = jx_stream_pairing_compute (a, b, "Rank 9");
  g_autoptr(JxComparison) cmp = NULL;
  guint i;

  g_assert_cmpuint (pairs->len, ==, 4);
  g_assert_cmpuint (g_array_index (pairs, JxStreamPair, 0).stream_b, ==, 1);   /* exact */
  g_assert_cmpuint (g_array_index (pairs, JxStreamPair, 0).process_distance, ==, 0);
  g_assert_cmpuint (g_array_index (pairs, JxStreamPair, 1).stream_b, ==, 0);   /* "rank 1" */
  g_assert_cmpuint (g_array_index (pairs, JxStreamPair, 1).process_distance, ==, 1);
  g_assert_cmpuint (g_array_index (pairs, JxStreamPair, 2).stream_b, ==, 2);
  g_assert_cmpuint (g_array_index (pairs, JxStreamPair, 3).stream_a, ==, JX_NONE);
  g_assert_cmpuint (g_array_index (pairs, JxStreamPair, 3).stream_b, ==, 3);   /* reported */

  g_assert_cmpuint (only->len, ==, 1);
  g_assert_cmpuint (g_array_index (only, JxStreamPair, 0).stream_a, ==, 1);
  g_assert_cmpuint (none->len, ==, 0);

  cmp = jx_comparison_run (a, b, NULL, NULL, NULL);
  g_assert_cmpuint (jx_comparison_get_n_unpaired (cmp), ==, 1);
  for (i = 0; i < 3; i++)
    g_assert_cmpfloat (jx_comparison_get_pair (cmp, i)->similarity, ==, 1.0);
  g_assert_null (jx_comparison_get_pair (cmp, 3)->alignment);
  g_assert_cmpstr (jx_comparison_get_pair (cmp, 3)->name_b, ==, "Rank 3 / Master thread");
}

/* PID-like process names pair by position; overrides win; an override
 * naming nothing fails the run. */
static void
test_pairing_methods (void)
{
  const char *pa[] = { "process 130384", "process 130390", NULL };
  const char *pb[] = { "process 24716", "process 130391", NULL };
  const char *t[] = { "m[ab]", "m[ab]", NULL };
  g_autoptr(JxTrace) a = build_trace ("A", pa, t, 1);
  g_autoptr(JxTrace) b = build_trace ("B", pb, t, 1);
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(GError) error = NULL;
  const JxNamePair swap[] = { { "process 130384", "process 130391" } };
  const JxNamePair streams[] = { { "process 130390 / Master thread", "process 24716 / Master thread" } };
  const JxNamePair nothing[] = { { "process 1", "process 24716" } };
  const JxNamePair mixed[] = { { "process 130384", "process 24716 / Master thread" } };
  const JxComparisonPair *p;
  JxComparisonOptions options;

  /* By position, although "130391" is closer to "130384" by edit distance. */
  cmp = jx_comparison_run (a, b, NULL, NULL, &error);
  g_assert_no_error (error);
  p = jx_comparison_get_pair (cmp, 0);
  g_assert_cmpstr (p->name_a, ==, "process 130384 / Master thread");
  g_assert_cmpstr (p->name_b, ==, "process 24716 / Master thread");
  g_assert_cmpint (p->process_method, ==, JX_PAIRED_BY_POSITION);
  g_assert_cmpint (p->stream_method, ==, JX_PAIRED_BY_NAME);
  g_assert_cmpint (jx_comparison_pair_get_method (p), ==, JX_PAIRED_BY_POSITION);
  g_assert_true (jx_comparison_pair_is_compared (p));
  g_assert_false (jx_comparison_pair_is_partial (p));
  g_assert_cmpuint (jx_comparison_get_n_compared (cmp), ==, 2);
  g_clear_pointer (&cmp, jx_comparison_unref);

  jx_comparison_options_init (&options);
  options.pair_overrides = swap;
  options.n_pair_overrides = 1;
  cmp = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_no_error (error);
  p = jx_comparison_get_pair (cmp, 0);
  g_assert_cmpstr (p->name_b, ==, "process 130391 / Master thread");
  g_assert_cmpint (jx_comparison_pair_get_method (p), ==, JX_PAIRED_BY_USER);
  /* The options keep their own copy. */
  g_assert_cmpstr (jx_comparison_get_options (cmp)->pair_overrides[0].name_b, ==, "process 130391");
  g_clear_pointer (&cmp, jx_comparison_unref);

  options.pair_overrides = streams;
  cmp = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_no_error (error);
  p = jx_comparison_get_pair (cmp, 1);
  g_assert_cmpstr (p->name_a, ==, "process 130390 / Master thread");
  g_assert_cmpstr (p->name_b, ==, "process 24716 / Master thread");
  g_assert_cmpint (p->process_method, ==, JX_PAIRED_BY_USER);
  g_assert_cmpint (p->stream_method, ==, JX_PAIRED_BY_USER);
  g_clear_pointer (&cmp, jx_comparison_unref);

  options.pair_overrides = nothing;
  cmp = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_null (cmp);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "process 1"));
  g_clear_error (&error);

  options.pair_overrides = mixed;
  cmp = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_null (cmp);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* Async */

typedef struct
{
  GMainLoop    *loop;
  JxComparison *result;
  GError       *error;
  guint         n_pair_done;
  guint         n_progress;
  GCancellable *cancel_on_first_pair;
} AsyncState;

static void
on_progress (guint    pairs_done,
             guint    n_pairs,
             guint64  events_done,
             guint64  n_events,
             gpointer user_data)
{
  AsyncState *st = user_data;

  g_assert_cmpuint (pairs_done, <=, n_pairs);
  g_assert_cmpuint (events_done, <=, n_events);
  st->n_progress++;
}

static void
on_pair_done (JxComparison           *cmp,
              const JxComparisonPair *pair,
              gpointer                user_data)
{
  AsyncState *st = user_data;

  g_assert_nonnull (pair->alignment);
  st->n_pair_done++;
  if (st->cancel_on_first_pair != NULL)
    g_cancellable_cancel (st->cancel_on_first_pair);
}

static void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  AsyncState *st = user_data;

  st->result = jx_comparison_run_finish (result, &st->error);
  g_main_loop_quit (st->loop);
}

static JxTrace *
build_many (const char *name,
            guint       n_procs,
            guint       repeat)
{
  g_autoptr(GPtrArray) procs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) trees = g_ptr_array_new_with_free_func (g_free);
  guint i, k;

  for (i = 0; i < n_procs; i++)
    {
      GString *s = g_string_new ("m[");
      for (k = 0; k < repeat; k++)
        g_string_append (s, (k + i) % 17 == 0 ? "i[a b[c d] e] " : "i[a b[c] e] ");
      g_string_append (s, "]");
      g_ptr_array_add (procs, g_strdup_printf ("Rank %u", i));
      g_ptr_array_add (trees, g_string_free (s, FALSE));
    }
  g_ptr_array_add (procs, NULL);
  g_ptr_array_add (trees, NULL);
  return build_trace (name, (const char *const *) procs->pdata, (const char *const *) trees->pdata, 1);
}

static void
test_async (void)
{
  g_autoptr(JxTrace) a = build_many ("A", 6, 300);
  g_autoptr(JxTrace) b = build_many ("B", 6, 301);
  g_autoptr(JxComparison) sync = jx_comparison_run (a, b, NULL, NULL, NULL);
  AsyncState st = { 0 };
  guint i;

  st.loop = g_main_loop_new (NULL, FALSE);
  jx_comparison_run_async (a, b, NULL, NULL, on_progress, on_pair_done, &st, on_done, &st);
  /* Dropping the caller's references must be safe while running. */
  g_clear_object (&a);
  g_clear_object (&b);
  g_main_loop_run (st.loop);

  g_assert_no_error (st.error);
  g_assert_nonnull (st.result);
  g_assert_cmpuint (st.n_pair_done, ==, 6);
  g_assert_cmpuint (st.n_progress, >, 0);
  g_assert_cmpuint (jx_comparison_get_n_pairs (st.result), ==, jx_comparison_get_n_pairs (sync));
  for (i = 0; i < jx_comparison_get_n_pairs (sync); i++)
    {
      const JxComparisonPair *x = jx_comparison_get_pair (sync, i);
      const JxComparisonPair *y = jx_comparison_get_pair (st.result, i);
      g_assert_cmpint (x->alignment->score, ==, y->alignment->score);
      g_assert_cmpfloat (x->similarity, ==, y->similarity);
      g_assert_cmpuint (x->alignment->n_pairs, ==, y->alignment->n_pairs);
    }

  jx_comparison_unref (st.result);
  g_main_loop_unref (st.loop);
}

static void
test_cancel (void)
{
  g_autoptr(JxTrace) a = build_many ("A", 8, 2000);
  g_autoptr(JxTrace) b = build_many ("B", 8, 1999);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  JxComparisonOptions options;
  AsyncState st = { 0 };
  g_autoptr(GError) error = NULL;
  JxComparison *cmp;

  /* Mid-way: the first finished pair cancels; one worker leaves most
   * pairs unstarted. */
  jx_comparison_options_init (&options);
  options.n_threads = 1;
  st.loop = g_main_loop_new (NULL, FALSE);
  st.cancel_on_first_pair = cancellable;
  jx_comparison_run_async (a, b, &options, cancellable, on_progress, on_pair_done, &st, on_done, &st);
  g_main_loop_run (st.loop);
  g_assert_null (st.result);
  g_assert_error (st.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (st.n_pair_done, >=, 1);
  g_assert_cmpuint (st.n_pair_done, <, 8);
  g_clear_error (&st.error);
  g_main_loop_unref (st.loop);

  /* Synchronous and already cancelled. */
  cmp = jx_comparison_run (a, b, NULL, cancellable, &error);
  g_assert_null (cmp);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* Generated variants */

static JxTrace *
generate_and_load (const char *dir,
                   guint       variant)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;
  g_autofree char *anchor = NULL;
  JxTrace *trace;

  jx_generator_options_init (&options);
  options.seed = 77;
  options.n_ranks = 2;
  options.n_iterations = 6;
  options.n_gpu_streams = 1;
  options.variant = variant;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  anchor = g_build_filename (dir, "traces.otf2", NULL);
  trace = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static gboolean
inside_region (const JxStream *s,
               JxTrace        *trace,
               guint32         node,
               const char     *prefix)
{
  guint32 i;

  for (i = node; i != JX_NONE; i = s->parent[i])
    if (g_str_has_prefix (jx_trace_get_region (trace, s->region[i])->name, prefix))
      return TRUE;
  return FALSE;
}

static void
test_variant_removed (void)
{
  g_autofree char *tmp = g_dir_make_tmp (NULL, NULL);
  g_autofree char *da = g_build_filename (tmp, "base", NULL);
  g_autofree char *db = g_build_filename (tmp, "removed", NULL);
  g_autoptr(JxTrace) a = generate_and_load (da, JX_VARIANT_NONE);
  g_autoptr(JxTrace) b = generate_and_load (db, JX_VARIANT_REMOVE_FUNCTION);
  g_autoptr(JxComparison) cmp = jx_comparison_run (a, b, NULL, NULL, NULL);
  guint i, n_halo = 0;
  gsize k;

  g_assert_nonnull (cmp);
  g_assert_cmpuint (jx_comparison_get_n_unpaired (cmp), ==, 0);
  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxStream *sa = jx_trace_get_stream (a, p->stream_a);
      const JxHierAlignment *al = p->alignment;

      check_pair_consistency (p, a, b);
      g_assert_cmpuint (al->counts[JX_PAIR_DIFFERENT], ==, 0);
      g_assert_cmpuint (al->counts[JX_PAIR_ONLY_B], ==, 0);
      /* Gaps exactly at compute_halo and its callees. */
      for (k = 0; k < al->n_pairs; k++)
        {
          const JxAlignPair *ap = &al->pairs[k];
          gboolean halo = ap->a != JX_ALIGN_NONE && inside_region (sa, a, ap->a, "compute_halo");

          g_assert_cmpint (ap->state == JX_PAIR_ONLY_A, ==, halo);
          if (halo)
            n_halo++;
        }
    }
  g_assert_cmpuint (n_halo, >, 0);
  jx_test_remove_tree (tmp);
}

static void
test_variant_renamed (void)
{
  g_autofree char *tmp = g_dir_make_tmp (NULL, NULL);
  g_autofree char *da = g_build_filename (tmp, "base", NULL);
  g_autofree char *db = g_build_filename (tmp, "renamed", NULL);
  g_autoptr(JxTrace) a = generate_and_load (da, JX_VARIANT_NONE);
  g_autoptr(JxTrace) b = generate_and_load (db, JX_VARIANT_RENAME_FUNCTION);
  g_autoptr(JxComparison) cmp = jx_comparison_run (a, b, NULL, NULL, NULL);
  guint i, n_diff = 0;
  gsize k;

  g_assert_nonnull (cmp);
  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxStream *sa = jx_trace_get_stream (a, p->stream_a);
      const JxStream *sb = jx_trace_get_stream (b, p->stream_b);
      const JxHierAlignment *al = p->alignment;

      check_pair_consistency (p, a, b);
      g_assert_cmpuint (al->counts[JX_PAIR_ONLY_A], ==, 0);
      g_assert_cmpuint (al->counts[JX_PAIR_ONLY_B], ==, 0);
      for (k = 0; k < al->n_pairs; k++)
        {
          const JxAlignPair *ap = &al->pairs[k];
          const char *name_a = jx_trace_get_region (a, sa->region[ap->a])->name;
          const char *name_b = jx_trace_get_region (b, sb->region[ap->b])->name;
          gboolean kernel = g_str_has_prefix (name_a, "stencil_kernel");

          g_assert_cmpint (ap->state == JX_PAIR_DIFFERENT, ==, kernel);
          if (kernel)
            {
              g_assert_true (g_str_has_prefix (name_b, "stencil_kernel_v2"));
              n_diff++;
            }
        }
      if (al->counts[JX_PAIR_DIFFERENT] == 0)
        g_assert_cmpfloat (p->similarity, ==, 1.0);
      else
        g_assert_cmpfloat (p->similarity, <, 1.0);
    }
  g_assert_cmpuint (n_diff, >, 0);
  jx_test_remove_tree (tmp);
}

/* Streams whose events could not be read */

static JxTrace *
generate_defect_and_load (const char *dir,
                          guint       defects)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;
  g_autofree char *anchor = NULL;
  JxTrace *trace;

  jx_generator_options_init (&options);
  options.seed = 78;
  options.n_ranks = 3;
  options.n_iterations = 5;
  options.defects = defects;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  anchor = g_build_filename (dir, "traces.otf2", NULL);
  trace = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static const JxComparisonPair *
find_pair (JxComparison *cmp,
           const char   *name_a,
           const char   *name_b)
{
  guint i;

  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      if (g_strcmp0 (p->name_a, name_a) == 0 && g_strcmp0 (p->name_b, name_b) == 0)
        return p;
    }
  g_assert_not_reached ();
  return NULL;
}

static void
test_missing_events (void)
{
  g_autofree char *tmp = g_dir_make_tmp (NULL, NULL);
  g_autofree char *dir_missing = g_build_filename (tmp, "missing", NULL);
  g_autofree char *dir_empty = g_build_filename (tmp, "empty", NULL);
  g_autoptr(JxTrace) missing = generate_defect_and_load (dir_missing, JX_DEFECT_INJECT_MISSING_EVT);
  g_autoptr(JxTrace) empty = generate_defect_and_load (dir_empty, JX_DEFECT_INJECT_EMPTY_STREAM);
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(GError) error = NULL;
  const char *master1 = "MPI Rank 1 / Master thread";
  const JxComparisonPair *p;
  JxComparisonOptions options;
  guint i, n_aligned = 0;

  g_assert_cmpuint (jx_trace_get_stream (missing, jx_trace_get_process (missing, 1)->first_stream)->flags
                    & JX_STREAM_FLAG_MISSING, !=, 0);

  jx_comparison_options_init (&options);
  options.hier.flat_optimum = TRUE;
  cmp = jx_comparison_run (empty, missing, &options, NULL, &error);
  g_assert_no_error (error);
  /* Three master threads pair by name, the extra empty thread has none. */
  g_assert_cmpuint (jx_comparison_get_n_pairs (cmp), ==, 4);
  g_assert_cmpuint (jx_comparison_get_n_unpaired (cmp), ==, 1);
  g_assert_cmpuint (jx_comparison_get_n_not_compared (cmp), ==, 1);

  p = find_pair (cmp, master1, master1);
  g_assert_null (p->alignment);
  g_assert_cmpint (p->skip, ==, JX_COMPARISON_SKIP_MISSING_EVENTS);
  g_assert_cmpfloat (p->similarity, ==, 0.0);
  g_assert_null (p->function_table);
  g_assert_false (p->missing_a);
  g_assert_true (p->missing_b);
  g_assert_cmpstr (jx_comparison_skip_to_string (p->skip), ==, "missing-events");

  p = find_pair (cmp, "MPI Rank 2 / Thread 1", NULL);
  g_assert_null (p->alignment);
  g_assert_cmpint (p->skip, ==, JX_COMPARISON_SKIP_UNPAIRED);
  g_assert_cmpstr (jx_comparison_skip_to_string (p->skip), ==, "unpaired");

  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      p = jx_comparison_get_pair (cmp, i);
      if (p->alignment == NULL)
        continue;
      n_aligned++;
      check_pair_consistency (p, empty, missing);
      g_assert_cmpint (p->skip, ==, JX_COMPARISON_SKIP_NONE);
      g_assert_false (p->missing_a || p->missing_b);
      g_assert_cmpfloat (p->similarity, ==, 1.0);
      g_assert_cmpint (p->alignment->score, ==, p->alignment->flat_optimum);
    }
  g_assert_cmpuint (n_aligned, ==, 2);

  /* The other way round the missing stream is A's. */
  g_clear_pointer (&cmp, jx_comparison_unref);
  cmp = jx_comparison_run (missing, empty, NULL, NULL, &error);
  g_assert_no_error (error);
  p = find_pair (cmp, master1, master1);
  g_assert_null (p->alignment);
  g_assert_cmpint (p->skip, ==, JX_COMPARISON_SKIP_MISSING_EVENTS);
  g_assert_true (p->missing_a);
  g_assert_false (p->missing_b);

  /* Missing on both sides: still not compared, not "equal". */
  g_clear_pointer (&cmp, jx_comparison_unref);
  cmp = jx_comparison_run (missing, missing, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_comparison_get_n_not_compared (cmp), ==, 1);
  g_assert_cmpuint (jx_comparison_get_n_unpaired (cmp), ==, 0);
  p = find_pair (cmp, master1, master1);
  g_assert_null (p->alignment);
  g_assert_true (p->missing_a && p->missing_b);

  /* Empty (read, no events) on both sides: nothing to compare, so not
   * compared (and not "equal"). */
  g_clear_pointer (&cmp, jx_comparison_unref);
  cmp = jx_comparison_run (empty, empty, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_comparison_get_n_not_compared (cmp), ==, 1);
  g_assert_cmpuint (jx_comparison_get_n_compared (cmp), ==, 3);
  p = find_pair (cmp, "MPI Rank 2 / Thread 1", "MPI Rank 2 / Thread 1");
  g_assert_null (p->alignment);
  g_assert_cmpint (p->skip, ==, JX_COMPARISON_SKIP_NO_INVOCATIONS);
  g_assert_false (jx_comparison_pair_is_compared (p));
  g_assert_cmpuint (p->invocations_a, ==, 0);
  g_assert_cmpuint (p->invocations_b, ==, 0);
  g_assert_cmpstr (jx_comparison_skip_to_string (p->skip), ==, "no-invocations");

  jx_test_remove_tree (tmp);
}

/* Real traces */

static void
test_real_traces (void)
{
  g_autofree char *pa = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *pb = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxComparison) cmp = NULL;
  JxComparisonOptions options;
  guint i;

  a = jx_trace_load (pa, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  b = jx_trace_load (pb, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  jx_comparison_options_init (&options);
  options.hier.flat_optimum = TRUE;
  cmp = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_comparison_get_n_pairs (cmp), >, 0);
  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

      if (p->alignment == NULL)
        continue;
      check_pair_consistency (p, a, b);
      g_assert_true (p->alignment->has_flat_optimum);
      g_assert_cmpint (p->alignment->score, <=, p->alignment->flat_optimum);
    }

  /* A trace against itself: similarity 1, all equal, HA optimal. */
  g_clear_pointer (&cmp, jx_comparison_unref);
  cmp = jx_comparison_run (a, a, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_comparison_get_n_unpaired (cmp), ==, 0);
  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

      check_pair_consistency (p, a, a);
      g_assert_cmpfloat (p->similarity, ==, 1.0);
      g_assert_cmpuint (p->alignment->counts[JX_PAIR_EQUAL], ==, p->alignment->n_pairs);
      g_assert_cmpint (p->alignment->score, ==, p->alignment->flat_optimum);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/comparison/identical", test_identical);
  g_test_add_func ("/analysis/comparison/pairing", test_pairing);
  g_test_add_func ("/analysis/comparison/scores", test_scores);
  g_test_add_func ("/analysis/comparison/pairing-methods", test_pairing_methods);
  g_test_add_func ("/analysis/comparison/async", test_async);
  g_test_add_func ("/analysis/comparison/cancel", test_cancel);
  g_test_add_func ("/analysis/comparison/variant-removed", test_variant_removed);
  g_test_add_func ("/analysis/comparison/variant-renamed", test_variant_renamed);
  g_test_add_func ("/analysis/comparison/missing-events", test_missing_events);
  g_test_add_func ("/analysis/comparison/real-traces", test_real_traces);

  return g_test_run ();
}
