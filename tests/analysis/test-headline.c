/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the comparison headline (src/analysis/jx-headline.h) and the
 * function table's every-call columns: generated pairs whose change is
 * known (faster kernel, slower machine, removed function, more calls), both
 * ways round; shares adding up; self time adding up to the streams' time;
 * the directions note; the similarity below the all-mismatch baseline. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-comparison.h"
#include "jx-function-table.h"
#include "jx-headline.h"
#include "jx-test-gen.h"
#include "jx-test-text-trace.h"
#include "jx-test-util.h"

typedef struct
{
  JxTrace *base;
  JxTrace *variant;
  char    *dirs[2];
} Pair;

static void
pair_generate (Pair  *pair,
               guint  variant)
{
  JxGeneratorOptions options;

  jx_generator_options_init (&options);
  options.n_ranks = 3;
  options.n_iterations = 30;
  pair->base = jx_test_generate_load (&options, NULL, &pair->dirs[0]);
  options.variant = variant;
  pair->variant = jx_test_generate_load (&options, NULL, &pair->dirs[1]);
}

static void
pair_clear (Pair *pair)
{
  g_clear_object (&pair->base);
  g_clear_object (&pair->variant);
  for (guint i = 0; i < 2; i++)
    {
      jx_test_remove_tree (pair->dirs[i]);
      g_clear_pointer (&pair->dirs[i], g_free);
    }
}

static JxHeadline *
headline_of (JxTrace *a,
             JxTrace *b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxComparison) cmp = jx_comparison_run (a, b, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (cmp);
  return jx_headline_new (cmp, NULL);
}

/* What every headline must hold: contributions add up to the change of the
 * time in calls, shares to 1, each contribution splits into its equal and
 * one-sided parts, and the order is by |change|. */
static void
check_sums (const JxHeadline *h)
{
  double sum = 0.0, shares = 0.0, scale = MAX (h->busy_a, h->busy_b);

  g_assert_cmpuint (h->n_compared, >, 0);
  for (guint i = 0; i < jx_headline_get_n_contributors (h); i++)
    {
      const JxHeadlineContributor *c = jx_headline_get_contributor (h, i);

      sum += c->change;
      if (!isnan (c->share))
        shares += c->share;
      g_assert_cmpfloat_with_epsilon (c->change, c->self_b - c->self_a, 1e-12 * scale);
      g_assert_cmpfloat_with_epsilon (c->change, c->equal_change + c->only_change, 1e-9 * scale);
      g_assert_cmpuint (c->only_a, <=, c->calls_a);
      g_assert_cmpuint (c->only_b, <=, c->calls_b);
      if (i > 0)
        g_assert_cmpfloat (fabs (jx_headline_get_contributor (h, i - 1)->change), >=, fabs (c->change));
    }
  /* Σ_f ΔT_f is the change of the time the streams spent in calls. */
  g_assert_cmpfloat_with_epsilon (sum, h->total_change, 1e-9 * scale);
  g_assert_cmpfloat_with_epsilon (h->total_change, h->busy_b - h->busy_a, 1e-9 * scale);
  /* Shares exist when the total moved by more than 0.1 % of A's time. */
  if (fabs (h->total_change) > 1e-3 * h->busy_a)
    g_assert_cmpfloat_with_epsilon (shares, 1.0, 1e-9);
  else
    g_assert_cmpfloat (shares, ==, 0.0);
}

/* The top contributor is `name` and explains at least 90 % of the change. */
static const JxHeadlineContributor *
check_first (const JxHeadline *h,
             const char       *name)
{
  const JxHeadlineContributor *c = jx_headline_get_contributor (h, 0);

  g_assert_cmpstr (c->name, ==, name);
  g_assert_cmpfloat (c->share, >=, 0.9);
  g_assert_cmpfloat (c->share, <=, 1.1);
  return c;
}

static void
test_faster_kernel (void)
{
  Pair pair = { 0 };
  g_autoptr(JxHeadline) forward = NULL;
  g_autoptr(JxHeadline) backward = NULL;
  const JxHeadlineContributor *c;

  pair_generate (&pair, JX_VARIANT_FASTER_KERNEL);
  forward = headline_of (pair.base, pair.variant);
  backward = headline_of (pair.variant, pair.base);
  check_sums (forward);
  check_sums (backward);
  g_assert_true (jx_headline_structure_identical (forward));

  /* Half the time in B: −50 %, all of it from equal calls. */
  c = check_first (forward, "stencil_kernel");
  g_assert_cmpfloat (c->change, <, 0.0);
  g_assert_cmpfloat_with_epsilon (c->relative, -0.5, 0.01);
  g_assert_cmpuint (c->only_a + c->only_b, ==, 0);
  g_assert_cmpfloat (forward->total_change, <, 0.0);
  g_assert_cmpfloat (forward->runtime_b, <, forward->runtime_a);

  /* The other way round: twice the time, the same share. */
  c = check_first (backward, "stencil_kernel");
  g_assert_cmpfloat (c->change, >, 0.0);
  g_assert_cmpfloat_with_epsilon (c->relative, 1.0, 0.02);
  g_assert_cmpfloat_with_epsilon (c->share, jx_headline_get_contributor (forward, 0)->share, 1e-9);
  g_assert_cmpfloat (backward->total_change, >, 0.0);
  pair_clear (&pair);
}

static void
test_more_calls (void)
{
  Pair pair = { 0 };
  g_autoptr(JxHeadline) forward = NULL;
  g_autoptr(JxHeadline) backward = NULL;
  const JxHeadlineContributor *c;
  g_autofree char *line = NULL;

  pair_generate (&pair, JX_VARIANT_MORE_CALLS);
  forward = headline_of (pair.base, pair.variant);
  backward = headline_of (pair.variant, pair.base);
  check_sums (forward);
  check_sums (backward);
  g_assert_false (jx_headline_structure_identical (forward));

  /* 6× the calls, each as long: the 5 extra calls per iteration are the
   * change, and they are calls only in B. */
  c = check_first (forward, "pack_buffer");
  g_assert_cmpuint (c->calls_b, ==, JX_GENERATOR_MORE_CALLS * c->calls_a);
  g_assert_cmpuint (c->only_b, ==, (JX_GENERATOR_MORE_CALLS - 1) * c->calls_a);
  g_assert_cmpuint (c->only_a, ==, 0);
  g_assert_cmpfloat (c->change, >, 0.0);
  g_assert_cmpfloat (c->only_change, >=, 0.99 * c->change);
  g_assert_cmpfloat_with_epsilon (c->relative, JX_GENERATOR_MORE_CALLS - 1.0, 0.1);
  line = jx_headline_format_contributor (c, 0);
  g_assert_nonnull (strstr (line, "pack_buffer"));
  g_assert_nonnull (strstr (line, "6× more"));
  g_assert_nonnull (strstr (line, "only in B"));
  g_clear_pointer (&line, g_free);

  /* Compared the other way: 6× fewer calls, the time gone with them. */
  c = check_first (backward, "pack_buffer");
  g_assert_cmpuint (c->calls_a, ==, JX_GENERATOR_MORE_CALLS * c->calls_b);
  g_assert_cmpuint (c->only_a, ==, (JX_GENERATOR_MORE_CALLS - 1) * c->calls_b);
  g_assert_cmpfloat (c->change, <, 0.0);
  g_assert_cmpfloat (c->only_change, <=, 0.99 * c->change);
  line = jx_headline_format_contributor (c, 0);
  g_assert_nonnull (strstr (line, "6× fewer"));
  g_assert_nonnull (strstr (line, "only in A"));
  pair_clear (&pair);
}

/* One call says "call", not "calls" (casita cuda_simple against
 * mpi_ls_barr: "new in B: 1 calls"). */
static void
test_one_call_plural (void)
{
  JxHeadlineContributor c = { 0 };
  g_autofree char *line = NULL;

  c.name = (char *) "MPI_Recv";
  c.self_b = c.change = c.only_change = 9.02;
  c.relative = INFINITY;
  c.share = 0.233;
  c.calls_b = c.only_b = 1;
  line = jx_headline_format_contributor (&c, 0);
  g_assert_nonnull (strstr (line, "new in B: 1 call"));
  g_assert_null (strstr (line, "1 calls"));
  g_clear_pointer (&line, g_free);

  c.self_a = 0.83;
  c.self_b = 0.0;
  c.change = c.only_change = -0.83;
  c.relative = -1.0;
  c.calls_a = c.only_a = 1;
  c.calls_b = c.only_b = 0;
  line = jx_headline_format_contributor (&c, 0);
  g_assert_nonnull (strstr (line, "gone in B: 1 call in A"));
  g_assert_null (strstr (line, "1 calls"));
  g_clear_pointer (&line, g_free);

  /* Fewer calls, one of them only in A. */
  c.self_b = 0.4;
  c.change = -0.43;
  c.equal_change = -0.03;
  c.only_change = -0.4;
  c.calls_a = 3;
  c.calls_b = 2;
  c.only_a = 1;
  line = jx_headline_format_contributor (&c, 0);
  g_assert_nonnull (strstr (line, "from the 1 call only in A"));
  g_assert_null (strstr (line, "1 calls"));
}

/* stencil4d-32 against -64: the 32 compared pairs are identical, but 32
 * streams of B have no counterpart; the trace header says so instead of
 * a bare "identical structure". */
static void
test_brief_unpaired (void)
{
  g_autoptr(JxHeadline) h = g_new0 (JxHeadline, 1);
  g_autofree char *brief = NULL;
  g_autofree char *unpaired = NULL;

  h->contributors = g_array_new (FALSE, TRUE, sizeof (JxHeadlineContributor));
  h->runtime_a = 1.55;
  h->runtime_b = 1.57;
  h->n_compared = 32;
  h->n_equal = 1251;
  g_assert_null (jx_headline_format_unpaired (h));
  brief = jx_headline_format_brief (h);
  g_assert_null (strstr (brief, "counterpart"));
  g_clear_pointer (&brief, g_free);

  h->n_unpaired = 32;
  unpaired = jx_headline_format_unpaired (h);
  g_assert_cmpstr (unpaired, ==, "32 streams without a counterpart, not compared");
  brief = jx_headline_format_brief (h);
  g_assert_nonnull (strstr (brief, "identical structure (32 streams without a counterpart, not compared)"));
  g_clear_pointer (&brief, g_free);
  g_clear_pointer (&unpaired, g_free);

  h->n_unpaired = 1;
  unpaired = jx_headline_format_unpaired (h);
  g_assert_cmpstr (unpaired, ==, "1 stream without a counterpart, not compared");
}

static void
test_remove (void)
{
  Pair pair = { 0 };
  g_autoptr(JxHeadline) forward = NULL;
  g_autoptr(JxHeadline) backward = NULL;
  const JxHeadlineContributor *x, *y;

  pair_generate (&pair, JX_VARIANT_REMOVE_FUNCTION);
  forward = headline_of (pair.base, pair.variant);
  backward = headline_of (pair.variant, pair.base);
  check_sums (forward);
  check_sums (backward);

  /* "compute_halo" goes with its callee "pack_buffer": the two lead and
   * together explain the change, every call gone in B. */
  x = jx_headline_get_contributor (forward, 0);
  y = jx_headline_get_contributor (forward, 1);
  g_assert_true ((g_str_equal (x->name, "compute_halo") && g_str_equal (y->name, "pack_buffer")) ||
                 (g_str_equal (x->name, "pack_buffer") && g_str_equal (y->name, "compute_halo")));
  g_assert_cmpfloat (x->share + y->share, >=, 0.9);
  g_assert_cmpuint (x->calls_b, ==, 0);
  g_assert_cmpuint (x->only_a, ==, x->calls_a);
  g_assert_cmpfloat (x->relative, ==, -1.0);
  g_assert_cmpfloat (forward->total_change, <, 0.0);
  g_assert_cmpuint (forward->n_only_a, ==, x->calls_a + y->calls_a);
  g_assert_cmpuint (forward->n_only_b, ==, 0);

  /* Added in B: new functions, no ratio to A. */
  x = jx_headline_get_contributor (backward, 0);
  g_assert_cmpuint (x->calls_a, ==, 0);
  g_assert_true (isinf (x->relative) && x->relative > 0.0);
  g_assert_cmpfloat (x->change, >, 0.0);
  g_assert_cmpfloat (x->share + jx_headline_get_contributor (backward, 1)->share, >=, 0.9);
  pair_clear (&pair);
}

static void
test_slower_machine (void)
{
  Pair pair = { 0 };
  g_autoptr(JxHeadline) forward = NULL;
  g_autoptr(JxHeadline) backward = NULL;
  const JxHeadlineContributor *kernel;

  pair_generate (&pair, JX_VARIANT_SLOWER_MACHINE);
  forward = headline_of (pair.base, pair.variant);
  backward = headline_of (pair.variant, pair.base);
  check_sums (forward);
  check_sums (backward);

  /* Everything is slower: no single function explains it, compute
   * functions are 1.4× slower each, the change is positive one way and
   * negative the other. */
  g_assert_cmpfloat (forward->runtime_b / forward->runtime_a, >, 1.2);
  g_assert_cmpfloat (forward->total_change, >, 0.0);
  g_assert_cmpfloat (backward->total_change, <, 0.0);
  g_assert_cmpfloat (jx_headline_get_contributor (forward, 0)->share, <, 0.9);
  kernel = jx_headline_find (forward, "stencil_kernel");
  g_assert_nonnull (kernel);
  g_assert_cmpfloat_with_epsilon (kernel->relative, 0.4, 0.02);
  g_assert_cmpfloat (jx_headline_find (backward, "stencil_kernel")->change, <, 0.0);
  pair_clear (&pair);
}

/* Time that moved from one function to another while the total in calls
 * stayed within rounding of A's: no function gets a share of that total (a
 * share of rounding noise read "8301034833169300 % of the change"). */
static void
test_cancelling (void)
{
  JxHeadline *h = g_new0 (JxHeadline, 1);
  JxHeadlineContributor c[2] = { { 0 } };
  g_autofree char *text = NULL;
  double change = 0.0, share = 0.0;
  guint n = 0;

  h->runtime_a = h->runtime_b = 10.0;
  h->n_compared = 1;
  h->busy_a = 40.0;
  h->busy_b = 40.0 + 2e-15;
  h->total_change = 2e-15;
  c[0].name = (char *) "solve";
  c[0].self_a = 10.0;
  c[0].self_b = 12.5;
  c[0].change = c[0].equal_change = 2.5;
  c[1].name = (char *) "exchange";
  c[1].self_a = 30.0;
  c[1].self_b = 27.5 + 2e-15;
  c[1].change = c[1].equal_change = -2.5 + 2e-15;
  c[0].share = c[1].share = NAN;
  c[0].relative = 0.25;
  c[1].relative = c[1].change / 30.0;
  h->contributors = g_array_new (FALSE, TRUE, sizeof (JxHeadlineContributor));
  g_array_append_vals (h->contributors, c, 2);

  jx_headline_get_rest (h, 1, &n, &change, &share);
  g_assert_cmpuint (n, ==, 1);
  g_assert_true (isnan (share));
  text = jx_headline_format (h, 1);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "solve"));
  g_assert_null (strstr (text, "of the change"));
  jx_headline_free (h);
}

static void
test_identical (void)
{
  Pair pair = { 0 };
  g_autoptr(JxHeadline) h = NULL;
  g_autofree char *text = NULL;

  pair_generate (&pair, 0);
  h = headline_of (pair.base, pair.variant);
  check_sums (h);
  g_assert_true (jx_headline_structure_identical (h));
  g_assert_cmpfloat (h->total_change, ==, 0.0);
  g_assert_cmpfloat (h->runtime_a, ==, h->runtime_b);
  for (guint i = 0; i < jx_headline_get_n_contributors (h); i++)
    g_assert_cmpfloat (jx_headline_get_contributor (h, i)->change, ==, 0.0);
  text = jx_headline_format (h, 5);
  g_assert_nonnull (strstr (text, "the same"));
  g_assert_nonnull (strstr (text, "identical in all 3 compared stream pairs"));
  g_assert_nonnull (strstr (text, "no function’s time changed"));
  pair_clear (&pair);
}

/* The text headline: runtime, verdict, totals, the top contributors and
 * the rest, whose shares add up. */
static void
test_format (void)
{
  Pair pair = { 0 };
  g_autoptr(JxHeadline) h = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_rest;
  double rest, rest_share, shares = 0.0;

  pair_generate (&pair, JX_VARIANT_FASTER_KERNEL);
  h = headline_of (pair.variant, pair.base);
  text = jx_headline_format (h, 3);
  lines = g_strsplit (text, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "Runtime: "));
  g_assert_nonnull (strstr (lines[0], "B slower"));
  g_assert_true (g_str_has_prefix (lines[1], "Structure: identical"));
  g_assert_true (g_str_has_prefix (lines[2], "Time in calls summed over the 3 compared stream pairs"));
  g_assert_true (g_str_has_prefix (lines[3], "  stencil_kernel  +"));
  g_assert_nonnull (strstr (lines[3], "of the change"));
  g_assert_nonnull (strstr (lines[6], "other functions"));
  g_assert_cmpstr (lines[7], ==, "");
  jx_headline_get_rest (h, 3, &n_rest, &rest, &rest_share);
  g_assert_cmpuint (n_rest, ==, jx_headline_get_n_contributors (h) - 3);
  for (guint i = 0; i < 3; i++)
    shares += jx_headline_get_contributor (h, i)->share;
  g_assert_cmpfloat_with_epsilon (shares + rest_share, 1.0, 1e-9);
  pair_clear (&pair);
}

/* Streams built from text (jx-test-text-trace.h); every event of process
 * p takes steps[p] ticks (1 µs each). */
static JxTrace *
build_trace (const char        *name,
             const char *const *trees,
             const guint64     *steps)
{
  return jx_test_text_trace (name, NULL, trees, steps, 0);
}

/* Self time, one-sided calls and the dissertation's columns on a small
 * pair whose numbers are known: m[a b[c] a] against m[a a d]. */
static void
test_function_table_columns (void)
{
  const char *ta[] = { "m[a b[c] a]", NULL };
  const char *tb[] = { "m[a a d]", NULL };
  const guint64 sa[] = { 10 }, sb[] = { 20 };
  g_autoptr(JxTrace) a = build_trace ("A", ta, sa);
  g_autoptr(JxTrace) b = build_trace ("B", tb, sb);
  g_autoptr(JxComparison) cmp = jx_comparison_run (a, b, NULL, NULL, NULL);
  g_autoptr(GArray) table = jx_function_table_compute (cmp, NULL);
  g_autoptr(GString) csv = g_string_new (NULL);
  const JxComparisonPair *p = jx_comparison_get_pair (cmp, 0);
  double self_a = 0.0, self_b = 0.0;

  /* A (10 µs per event): m 10–100, a 20–30, b 40–70 holding c 50–60,
   * a 80–90. B (20 µs): m 10–150, a 30–50, a 70–90, d 110–130. */
  g_assert_cmpfloat_with_epsilon (p->busy_a, 90e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->busy_b, 140e-6, 1e-12);
  for (guint i = 0; i < table->len; i++)
    {
      const JxFunctionTimeDiff *r = &g_array_index (table, JxFunctionTimeDiff, i);
      const char *name = jx_comparison_get_symbol_name (cmp, r->symbol);

      self_a += r->self_a;
      self_b += r->self_b;
      g_assert_cmpfloat_with_epsilon (jx_function_time_diff_get_net (r),
                                      r->slower - r->faster + r->only_b_self - r->only_a_self, 1e-12);
      if (g_str_equal (name, "m"))
        {
          /* 90 − 10 − 30 − 10 = 40 µs in A; 140 − 60 = 80 µs in B. */
          g_assert_cmpfloat_with_epsilon (r->self_a, 40e-6, 1e-12);
          g_assert_cmpfloat_with_epsilon (r->self_b, 80e-6, 1e-12);
          g_assert_cmpuint (r->n_slower, ==, 1);
        }
      else if (g_str_equal (name, "a"))
        {
          g_assert_cmpuint (r->calls_a, ==, 2);
          g_assert_cmpuint (r->calls_b, ==, 2);
          g_assert_cmpuint (r->n_slower, ==, 2);
          g_assert_cmpfloat_with_epsilon (r->slower, 20e-6, 1e-12);
          g_assert_cmpuint (r->only_a + r->only_b, ==, 0);
        }
      else if (g_str_equal (name, "b"))
        {
          /* Only in A (or mismatched with d): its self time excludes c. */
          g_assert_cmpuint (r->only_a, ==, 1);
          g_assert_cmpfloat_with_epsilon (r->only_a_self, 20e-6, 1e-12);
          g_assert_cmpfloat_with_epsilon (jx_function_time_diff_get_net (r), -20e-6, 1e-12);
        }
      else if (g_str_equal (name, "c"))
        {
          g_assert_cmpuint (r->only_a, ==, 1);
          g_assert_cmpuint (r->calls_b, ==, 0);
          g_assert_cmpfloat_with_epsilon (r->only_a_self, 10e-6, 1e-12);
        }
      else
        {
          g_assert_cmpstr (name, ==, "d");
          g_assert_cmpuint (r->only_b, ==, 1);
          g_assert_cmpfloat_with_epsilon (r->only_b_self, 20e-6, 1e-12);
        }
    }
  g_assert_cmpuint (table->len, ==, 5);
  g_assert_cmpfloat_with_epsilon (self_a, p->busy_a, 1e-12);
  g_assert_cmpfloat_with_epsilon (self_b, p->busy_b, 1e-12);
  /* Largest |net| first: m (+40 µs). */
  g_assert_cmpstr (jx_comparison_get_symbol_name (cmp, g_array_index (table, JxFunctionTimeDiff, 0).symbol), ==, "m");

  jx_function_table_append_csv_header (csv);
  jx_function_table_append_csv_row (csv, "m", &g_array_index (table, JxFunctionTimeDiff, 0));
  g_assert_cmpstr (csv->str, ==,
                   "function,calls_a,calls_b,call_change,net_seconds,self_a_seconds,self_b_seconds,"
                   "faster_count,faster_seconds,slower_count,slower_seconds,"
                   "only_a_calls,only_a_seconds,only_b_calls,only_b_seconds\n"
                   "m,1,1,0,0.000040000,0.000040000,0.000080000,0,0.000000000,1,0.000040000,0,0.000000000,0,0.000000000\n");
}

/* Four streams side by side: B's runtime is longer (one stream slower),
 * the time summed over the streams shorter (three much faster). */
static void
test_directions_disagree (void)
{
  const char *trees[] = { "m[a a a]", "m[a a a]", "m[a a a]", "m[a a a]", NULL };
  const guint64 sa[] = { 10, 10, 10, 10 }, sb[] = { 15, 1, 1, 1 };
  g_autoptr(JxTrace) a = build_trace ("A", trees, sa);
  g_autoptr(JxTrace) b = build_trace ("B", trees, sb);
  g_autoptr(JxHeadline) h = headline_of (a, b);
  g_autofree char *text = jx_headline_format (h, 5);

  check_sums (h);
  g_assert_cmpfloat (h->runtime_b, >, h->runtime_a);
  g_assert_cmpfloat (h->total_change, <, 0.0);
  g_assert_true (jx_headline_directions_disagree (h));
  g_assert_nonnull (strstr (text, "the runtime grew while the time in calls summed over the streams fell"));
}

/* A pair with many equal calls whose HA score still lies below the
 * all-mismatch baseline: the caller x moved from before the 100 calls of e
 * to after them. The sub-alignment of m's children sees one x against 100
 * e's and keeps the e's, so x and its 700 callees become gaps on both sides
 * (−1 for each of their enter and leave symbols), where the baseline
 * mismatches every symbol once. The similarity reads 0 by clamping, and
 * says so. */
static void
test_below_baseline (void)
{
  g_autoptr(GString) ta = g_string_new ("m[");
  g_autoptr(GString) tb = g_string_new ("m[");
  g_autoptr(GString) callees = g_string_new ("x[");
  const char *trees_a[2] = { NULL, NULL }, *trees_b[2] = { NULL, NULL };
  const guint64 steps[] = { 1 };
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(JxHeadline) h = NULL;
  g_autofree char *structure = NULL;
  const JxComparisonPair *p;

  for (guint i = 0; i < 700; i++)
    g_string_append (callees, "a ");
  g_string_append (callees, "] ");
  g_string_append (ta, callees->str);
  for (guint i = 0; i < 100; i++)
    {
      g_string_append (ta, "e ");
      g_string_append (tb, "e ");
    }
  g_string_append (ta, "]");
  g_string_append_printf (tb, "%s]", callees->str);
  trees_a[0] = ta->str;
  trees_b[0] = tb->str;
  a = build_trace ("A", trees_a, steps);
  b = build_trace ("B", trees_b, steps);
  cmp = jx_comparison_run (a, b, NULL, NULL, NULL);
  p = jx_comparison_get_pair (cmp, 0);

  g_assert_cmpuint (p->alignment->counts[JX_PAIR_EQUAL], >=, 100);
  g_assert_true (p->similarity_parts.below_baseline);
  g_assert_cmpint (p->alignment->score, <, p->similarity_parts.baseline);
  g_assert_cmpfloat (p->similarity, ==, 0.0);
  g_assert_cmpfloat (p->similarity_parts.raw, <, 0.0);
  g_assert_cmpfloat_with_epsilon (p->similarity_parts.ratio,
                                  (double) p->alignment->score / (double) p->similarity_parts.max_score, 1e-12);
  /* Small: the flat optimum was computed without asking; it is never below
   * the baseline (all mismatches is one flat alignment) and here it sees
   * the moved calls as equal. */
  g_assert_true (p->alignment->has_flat_optimum);
  g_assert_cmpint (p->alignment->flat_optimum, >, p->similarity_parts.baseline);
  g_assert_cmpint (jx_hier_alignment_get_error_absolute (p->alignment), >, 0);

  h = jx_headline_new (cmp, NULL);
  g_assert_cmpuint (h->n_below_baseline, ==, 1);
  structure = jx_headline_format_structure (h);
  g_assert_nonnull (strstr (structure, "below the all-mismatch baseline"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/headline/faster-kernel", test_faster_kernel);
  g_test_add_func ("/analysis/headline/more-calls", test_more_calls);
  g_test_add_func ("/analysis/headline/one-call-plural", test_one_call_plural);
  g_test_add_func ("/analysis/headline/brief-unpaired", test_brief_unpaired);
  g_test_add_func ("/analysis/headline/remove", test_remove);
  g_test_add_func ("/analysis/headline/slower-machine", test_slower_machine);
  g_test_add_func ("/analysis/headline/identical", test_identical);
  g_test_add_func ("/analysis/headline/cancelling", test_cancelling);
  g_test_add_func ("/analysis/headline/format", test_format);
  g_test_add_func ("/analysis/headline/function-table-columns", test_function_table_columns);
  g_test_add_func ("/analysis/headline/directions-disagree", test_directions_disagree);
  g_test_add_func ("/analysis/headline/below-baseline", test_below_baseline);

  return g_test_run ();
}
