/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-diff-tree.c — the differential merged call tree (jx-diff-tree.h):
 * exact nodes of small hand-made pairs (one-sided calls, a changed nesting),
 * and on generated pairs with a known injected change and on real traces
 * its sums against the flat profiles and each side's own call-path profile,
 * the merge by call path, threads, the folded stacks and cancellation. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-diff-tree.h"
#include "jx-profile.h"
#include "jx-test-gen.h"
#include "jx-trace-builder.h"
#include "jx-trace-loader.h"

/* Small traces from text ------------------------------------------------------ */

/* A stream from a call tree written as "m[f[g] h]": one character per
 * function; a leaf lasts leaf_ticks (letter) ticks, a caller spends 10
 * ticks before each callee and 10 after the last. */
static guint64
leaf_ticks (char c,
            gboolean side_b)
{
  switch (c)
    {
    case 'g': return side_b ? 150 : 100;
    case 'h': return 50;
    case 'k': return 30;
    default:  return 20;
    }
}

static void
emit (JxTraceBuilder  *b,
      guint32          stream,
      const char     **p,
      guint64         *now,
      GHashTable      *regions,
      gboolean         side_b)
{
  char name[2] = { **p, '\0' };
  guint32 region = GPOINTER_TO_UINT (g_hash_table_lookup (regions, name));

  if (region == 0)
    {
      region = jx_trace_builder_add_region (b, name, 1, 1) + 1;
      g_hash_table_insert (regions, g_strdup (name), GUINT_TO_POINTER (region));
    }
  (*p)++;
  jx_trace_builder_enter (b, stream, *now, region - 1);
  if (**p == '[')
    {
      (*p)++;
      for (;;)
        {
          while (**p == ' ')
            (*p)++;
          if (**p == ']')
            break;
          *now += 10;
          emit (b, stream, p, now, regions, side_b);
        }
      (*p)++;
      *now += 10;
    }
  else
    *now += leaf_ticks (name[0], side_b);
  jx_trace_builder_leave (b, stream, *now, region - 1);
}

static JxTrace *
trace_from_text (const char *text,
                 gboolean    side_b)
{
  JxTraceBuilder *b = jx_trace_builder_new (side_b ? "/t/b/traces.otf2" : "/t/a/traces.otf2",
                                            side_b ? "b" : "a", 1000000);
  g_autoptr(GHashTable) regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint32 node = jx_trace_builder_add_system_node (b, "n", "node", JX_NONE);
  guint32 stream = jx_trace_builder_add_stream (b, jx_trace_builder_add_process (b, "R0", node), "T",
                                                JX_STREAM_CPU_THREAD);
  guint64 now = 100;

  while (*text != '\0')
    {
      if (*text == ' ')
        text++;
      else
        emit (b, stream, &text, &now, regions, side_b);
    }
  jx_trace_builder_end_stream (b, stream);
  return jx_trace_builder_finish (b);
}

static JxComparison *
compare (JxTrace *a,
         JxTrace *b)
{
  JxComparisonOptions options;
  g_autoptr(GError) error = NULL;
  JxComparison *cmp;

  jx_comparison_options_init (&options);
  options.n_threads = 2;
  cmp = jx_comparison_run (a, b, &options, NULL, &error);
  g_assert_no_error (error);
  return cmp;
}

/* The child of node labelled `label` (jx_diff_tree_dup_label). */
static guint32
child (const JxDiffTree *t,
       guint32           node,
       const char       *label)
{
  for (guint32 c = t->first_child[node]; c != JX_NONE; c = t->next_sibling[c])
    {
      g_autofree char *l = jx_diff_tree_dup_label (t, c);

      if (strcmp (l, label) == 0)
        return c;
    }
  g_error ("no child “%s”", label);
  return JX_NONE;
}

static guint
n_children (const JxDiffTree *t,
            guint32           node)
{
  guint n = 0;

  for (guint32 c = t->first_child[node]; c != JX_NONE; c = t->next_sibling[c])
    n++;
  return n;
}

/* A: m[f[g] f[g] h] against B: m[f[g] k f]. The children of m align as
 * f=f, k only in B, f=f, h only in A (score 2 − 1 + 2 − 1 beats
 * f=f f≠k h≠f); the second f's g is then only in A. */
static void
test_one_sided (void)
{
  g_autoptr(JxTrace) a = trace_from_text ("m[f[g] f[g] h]", FALSE);
  g_autoptr(JxTrace) b = trace_from_text ("m[f[g] k f]", TRUE);
  g_autoptr(JxComparison) cmp = compare (a, b);
  g_autoptr(JxDiffTree) t = NULL;
  g_autoptr(GError) error = NULL;
  guint32 m, f, g, k, h;

  t = jx_diff_tree_build (cmp, a, b, G_MAXUINT, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (t->n_stream_pairs, ==, 1);
  g_assert_cmpuint (t->n_nodes, ==, 6);
  g_assert_cmpuint (n_children (t, JX_DIFF_TREE_ROOT), ==, 1);
  m = child (t, JX_DIFF_TREE_ROOT, "m");
  g_assert_cmpuint (n_children (t, m), ==, 3);
  f = child (t, m, "f");
  g = child (t, f, "g");
  k = child (t, m, "k");
  h = child (t, m, "h");

  g_assert_cmpint (jx_diff_tree_get_state (t, m), ==, JX_DIFF_TREE_BOTH);
  g_assert_cmpint (jx_diff_tree_get_state (t, f), ==, JX_DIFF_TREE_BOTH);
  g_assert_cmpint (jx_diff_tree_get_state (t, g), ==, JX_DIFF_TREE_MIXED);
  g_assert_cmpint (jx_diff_tree_get_state (t, k), ==, JX_DIFF_TREE_ONLY_B);
  g_assert_cmpint (jx_diff_tree_get_state (t, h), ==, JX_DIFF_TREE_ONLY_A);

  /* f: A two calls of 10 + 100 + 10; B one of 10 + 150 + 10 and a leaf of 20. */
  g_assert_cmpuint (t->calls_a[f], ==, 2);
  g_assert_cmpuint (t->calls_b[f], ==, 2);
  g_assert_cmpuint (t->incl_a[f], ==, 240);
  g_assert_cmpuint (t->incl_b[f], ==, 190);
  g_assert_cmpuint (t->excl_a[f], ==, 40);
  g_assert_cmpuint (t->excl_b[f], ==, 40);
  /* g: two calls in A (one only in A), one in B. */
  g_assert_cmpuint (t->calls_a[g], ==, 2);
  g_assert_cmpuint (t->calls_b[g], ==, 1);
  g_assert_cmpuint (t->only_calls_a[g], ==, 1);
  g_assert_cmpuint (t->only_incl_a[g], ==, 100);
  g_assert_cmpuint (t->top_only_a[g], ==, 100);
  g_assert_cmpuint (t->incl_a[g], ==, 200);
  g_assert_cmpuint (t->incl_b[g], ==, 150);
  /* One-sided leaves. */
  g_assert_cmpuint (t->incl_a[h], ==, 50);
  g_assert_cmpuint (t->incl_b[h], ==, 0);
  g_assert_cmpuint (t->only_calls_a[h], ==, 1);
  g_assert_cmpuint (t->incl_b[k], ==, 30);
  g_assert_cmpuint (t->top_only_b[k], ==, 30);
  /* m: 10 before each of 3 callees + 10 at the end on both sides. */
  g_assert_cmpuint (t->excl_a[m], ==, 40);
  g_assert_cmpuint (t->excl_b[m], ==, 40);
  g_assert_cmpuint (t->incl_a[m], ==, 40 + 240 + 50);
  g_assert_cmpuint (t->incl_b[m], ==, 40 + 190 + 30);
  /* The root holds the totals. */
  g_assert_cmpuint (t->incl_a[JX_DIFF_TREE_ROOT], ==, t->incl_a[m]);
  g_assert_cmpuint (t->incl_b[JX_DIFF_TREE_ROOT], ==, t->incl_b[m]);

  /* Seconds, Δ and ratio (µs ticks). */
  g_assert_cmpfloat_with_epsilon (jx_diff_tree_delta (t, g, FALSE), -50e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (jx_diff_tree_ratio (t, g, FALSE, FALSE), 0.75, 1e-12);
  g_assert_true (isinf (jx_diff_tree_ratio (t, k, FALSE, FALSE)));
  g_assert_cmpfloat (jx_diff_tree_ratio (t, h, FALSE, FALSE), ==, 0.0);
  /* Normalised: shares of each side's total. */
  g_assert_cmpfloat_with_epsilon (jx_diff_tree_ratio (t, m, FALSE, TRUE), 1.0, 1e-12);

  /* Children by |Δ|: g's parent f lost 50, h 50 (tie: larger time first) ... */
  {
    guint n;
    g_autofree guint32 *sorted = jx_diff_tree_sorted_children (t, m, &n);

    g_assert_cmpuint (n, ==, 3);
    g_assert_cmpuint (sorted[0], ==, f);   /* |Δ| 50, 240 µs */
    g_assert_cmpuint (sorted[1], ==, h);   /* |Δ| 50, 50 µs */
    g_assert_cmpuint (sorted[2], ==, k);   /* |Δ| 30 */
  }
}

/* A changed nesting: A m[x[g]] against B m[g]. The alignment matches x with
 * g (one mismatch costs less than two gaps), so the tree says "x → g" and
 * A's g hangs below it, only in A — not two unrelated paths m;x;g and m;g. */
static void
test_changed_nesting (void)
{
  g_autoptr(JxTrace) a = trace_from_text ("m[x[g]]", FALSE);
  g_autoptr(JxTrace) b = trace_from_text ("m[g]", TRUE);
  g_autoptr(JxComparison) cmp = compare (a, b);
  g_autoptr(JxDiffTree) t = jx_diff_tree_build (cmp, a, b, 0, 1, NULL, NULL);
  guint32 m, xg, g;

  g_assert_nonnull (t);
  m = child (t, JX_DIFF_TREE_ROOT, "m");
  g_assert_cmpuint (n_children (t, m), ==, 1);
  xg = child (t, m, "x → g");
  g_assert_cmpint (jx_diff_tree_get_state (t, xg), ==, JX_DIFF_TREE_DIFFERENT);
  g_assert_cmpuint (t->incl_a[xg], ==, 120);
  g_assert_cmpuint (t->incl_b[xg], ==, 150);
  g_assert_cmpuint (t->excl_a[xg], ==, 20);
  g_assert_cmpuint (t->excl_b[xg], ==, 150);
  g = child (t, xg, "g");
  g_assert_cmpint (jx_diff_tree_get_state (t, g), ==, JX_DIFF_TREE_ONLY_A);
  g_assert_cmpuint (t->incl_a[g], ==, 100);
  g_assert_cmpuint (t->top_only_a[g], ==, 100);
}

/* Invariants against the profiles ------------------------------------------ */

/* Symbols of the tree by name. */
static guint32
symbol_of (const JxDiffTree *t,
           const char       *name)
{
  for (guint s = 0; s < t->n_names; s++)
    if (g_strcmp0 (t->names[s], name) == 0)
      return s;
  return JX_NONE;
}

/* One side's own calling-context tree of the compared streams, keyed by
 * the path of symbols: "parent-id/symbol" → node, with calls, inclusive and
 * exclusive ticks; built from the streams directly. */
typedef struct
{
  GHashTable *ids;     /* "parent/symbol" → id + 1 */
  GArray     *calls;   /* guint64 */
  GArray     *incl;
  GArray     *excl;
} Cct;

static guint32
cct_child (Cct     *cct,
           guint32  parent,
           guint32  symbol)
{
  g_autofree char *key = g_strdup_printf ("%u/%u", parent, symbol);
  gpointer id = g_hash_table_lookup (cct->ids, key);
  guint64 zero = 0;

  if (id != NULL)
    return GPOINTER_TO_UINT (id) - 1;
  g_array_append_val (cct->calls, zero);
  g_array_append_val (cct->incl, zero);
  g_array_append_val (cct->excl, zero);
  g_hash_table_insert (cct->ids, g_steal_pointer (&key), GUINT_TO_POINTER (cct->calls->len));
  return cct->calls->len - 1;
}

static void
cct_init (Cct *cct)
{
  guint64 zero = 0;

  cct->ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  cct->calls = g_array_new (FALSE, FALSE, sizeof (guint64));
  cct->incl = g_array_new (FALSE, FALSE, sizeof (guint64));
  cct->excl = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_array_append_val (cct->calls, zero);   /* 0: the root */
  g_array_append_val (cct->incl, zero);
  g_array_append_val (cct->excl, zero);
}

static void
cct_clear (Cct *cct)
{
  g_hash_table_unref (cct->ids);
  g_array_unref (cct->calls);
  g_array_unref (cct->incl);
  g_array_unref (cct->excl);
}

static void
cct_add_stream (Cct              *cct,
                const JxDiffTree *t,
                JxTrace          *trace,
                const JxStream   *s)
{
  g_autofree guint32 *node = g_new (guint32, MAX (s->n_invocations, 1));

  for (guint32 i = 0; i < s->n_invocations; i++)
    {
      guint32 parent = s->parent[i] == JX_NONE ? 0 : node[s->parent[i]];
      guint32 symbol = symbol_of (t, jx_trace_get_region (trace, s->region[i])->name);
      guint64 d = s->end[i] - s->start[i];

      node[i] = cct_child (cct, parent, symbol);
      g_array_index (cct->calls, guint64, node[i])++;
      g_array_index (cct->incl, guint64, node[i]) += d;
      g_array_index (cct->excl, guint64, node[i]) += d;
      if (parent != 0)
        g_array_index (cct->excl, guint64, parent) -= d;
    }
}

/* Every A call is in the merged node whose A-side labels are its call path,
 * so grouped by that path the nodes add up to the side's own call-path
 * profile, and a path with one node equals it. Returns the paths with one
 * node. */
static guint
check_side_against_cct (const JxDiffTree *t,
                        JxComparison     *cmp,
                        JxTrace          *trace,
                        gboolean          side_b)
{
  const guint64 *calls = side_b ? t->calls_b : t->calls_a;
  const guint64 *incl = side_b ? t->incl_b : t->incl_a;
  const guint64 *excl = side_b ? t->excl_b : t->excl_a;
  const guint32 *sym = side_b ? t->symbol_b : t->symbol_a;
  g_autofree guint32 *path = g_new (guint32, MAX (t->n_nodes, 1));
  g_autoptr(GArray) sum_calls = g_array_new (FALSE, TRUE, sizeof (guint64));
  g_autoptr(GArray) sum_incl = g_array_new (FALSE, TRUE, sizeof (guint64));
  g_autoptr(GArray) sum_excl = g_array_new (FALSE, TRUE, sizeof (guint64));
  g_autoptr(GArray) members = g_array_new (FALSE, TRUE, sizeof (guint));
  guint unique = 0;
  Cct cct;

  cct_init (&cct);
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

      if (jx_comparison_pair_is_compared (p))
        cct_add_stream (&cct, t, trace, jx_trace_get_stream (trace, side_b ? p->stream_b : p->stream_a));
    }
  g_array_set_size (sum_calls, cct.calls->len);
  g_array_set_size (sum_incl, cct.calls->len);
  g_array_set_size (sum_excl, cct.calls->len);
  g_array_set_size (members, cct.calls->len);

  path[JX_DIFF_TREE_ROOT] = 0;
  for (guint32 n = 1; n < t->n_nodes; n++)
    {
      if (calls[n] == 0)
        {
          path[n] = JX_NONE;
          continue;
        }
      /* A node with calls on this side has a caller node with calls too. */
      g_assert_cmpuint (path[t->parent[n]], !=, JX_NONE);
      path[n] = cct_child (&cct, path[t->parent[n]], sym[n]);
      if (path[n] >= sum_calls->len)
        g_error ("merged node %u has a call path the side does not have", n);
      g_array_index (sum_calls, guint64, path[n]) += calls[n];
      g_array_index (sum_incl, guint64, path[n]) += incl[n];
      g_array_index (sum_excl, guint64, path[n]) += excl[n];
      g_array_index (members, guint, path[n])++;
    }
  for (guint c = 1; c < cct.calls->len; c++)
    {
      g_assert_cmpuint (g_array_index (sum_calls, guint64, c), ==, g_array_index (cct.calls, guint64, c));
      g_assert_cmpuint (g_array_index (sum_incl, guint64, c), ==, g_array_index (cct.incl, guint64, c));
      g_assert_cmpuint (g_array_index (sum_excl, guint64, c), ==, g_array_index (cct.excl, guint64, c));
      if (g_array_index (members, guint, c) == 1)
        unique++;
    }
  /* Where a path has one node, that node is the profile's: checked by the
   * sums above, which then hold one term. */
  cct_clear (&cct);
  return unique;
}

/* The root = the flat profiles' totals over the compared streams, and per
 * function the exclusive times summed over the tree = the profile's. */
static void
check_against_profile (const JxDiffTree *t,
                       JxComparison     *cmp,
                       JxTrace          *trace,
                       gboolean          side_b)
{
  g_autoptr(GArray) streams = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree JxRegionStats *stats = NULL;
  g_autofree guint64 *by_symbol_excl = g_new0 (guint64, t->n_names + 1);
  g_autofree guint64 *by_symbol_calls = g_new0 (guint64, t->n_names + 1);
  g_autofree guint64 *tree_excl = g_new0 (guint64, t->n_names + 1);
  g_autofree guint64 *tree_calls = g_new0 (guint64, t->n_names + 1);
  guint64 total = 0;

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

      if (jx_comparison_pair_is_compared (p))
        {
          guint32 s = side_b ? p->stream_b : p->stream_a;

          g_array_append_val (streams, s);
        }
    }
  stats = jx_profile_compute_region_stats (trace, (const guint32 *) streams->data, streams->len, 0, G_MAXUINT64);
  for (guint r = 0; r < jx_trace_get_n_regions (trace); r++)
    {
      guint32 s = symbol_of (t, jx_trace_get_region (trace, r)->name);

      if (stats[r].count == 0)
        continue;
      g_assert_cmpuint (s, <, t->n_names);
      by_symbol_excl[s] += stats[r].exclusive;
      by_symbol_calls[s] += stats[r].count;
      total += stats[r].exclusive;
    }
  for (guint32 n = 1; n < t->n_nodes; n++)
    {
      guint32 s = side_b ? t->symbol_b[n] : t->symbol_a[n];

      tree_excl[s] += side_b ? t->excl_b[n] : t->excl_a[n];
      tree_calls[s] += side_b ? t->calls_b[n] : t->calls_a[n];
    }
  g_assert_cmpuint (side_b ? t->incl_b[JX_DIFF_TREE_ROOT] : t->incl_a[JX_DIFF_TREE_ROOT], ==, total);
  for (guint s = 0; s < t->n_names; s++)
    {
      g_assert_cmpuint (tree_excl[s], ==, by_symbol_excl[s]);
      g_assert_cmpuint (tree_calls[s], ==, by_symbol_calls[s]);
    }
}

/* Structure: parents before children, depths, sibling lists, one-sided
 * parts within the totals, states. */
static void
check_structure (const JxDiffTree *t)
{
  guint64 linked = 0;

  for (guint32 n = 0; n < t->n_nodes; n++)
    {
      guint64 incl_children_a = 0, incl_children_b = 0;

      for (guint32 c = t->first_child[n]; c != JX_NONE; c = t->next_sibling[c])
        {
          g_assert_cmpuint (t->parent[c], ==, n);
          g_assert_cmpuint (t->depth[c], ==, t->depth[n] + 1);
          incl_children_a += t->incl_a[c];
          incl_children_b += t->incl_b[c];
          linked++;
        }
      if (n == JX_DIFF_TREE_ROOT)
        continue;
      g_assert_cmpuint (t->parent[n], <, n);
      g_assert_cmpuint (t->incl_a[n], ==, t->excl_a[n] + incl_children_a);
      g_assert_cmpuint (t->incl_b[n], ==, t->excl_b[n] + incl_children_b);
      g_assert_cmpuint (t->only_calls_a[n], <=, t->calls_a[n]);
      g_assert_cmpuint (t->only_calls_b[n], <=, t->calls_b[n]);
      g_assert_cmpuint (t->top_only_a[n], <=, t->only_incl_a[n]);
      g_assert_cmpuint (t->only_incl_a[n], <=, t->incl_a[n]);
      g_assert_cmpuint (t->only_incl_b[n], <=, t->incl_b[n]);
      g_assert_true (t->calls_a[n] + t->calls_b[n] > 0);
      switch (jx_diff_tree_get_state (t, n))
        {
        case JX_DIFF_TREE_ONLY_A:
          g_assert_cmpuint (t->only_calls_a[n], ==, t->calls_a[n]);
          break;
        case JX_DIFF_TREE_ONLY_B:
          g_assert_cmpuint (t->only_calls_b[n], ==, t->calls_b[n]);
          break;
        case JX_DIFF_TREE_DIFFERENT:
          g_assert_cmpuint (t->only_calls_a[n] + t->only_calls_b[n], ==, 0);
          break;
        case JX_DIFF_TREE_BOTH:
        case JX_DIFF_TREE_MIXED:
        case JX_DIFF_TREE_N_STATES:
        default:
          break;
        }
    }
  g_assert_cmpuint (linked, ==, t->n_nodes - 1);
}

/* Sums of the folded stacks' columns (parsed as flamegraph.pl does: the
 * counts are the trailing numbers). */
static void
check_folded (const JxDiffTree *t)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GRegex) re = g_regex_new ("^(.*)\\s+?(\\d+(?:\\.\\d*)?)$", 0, 0, NULL);
  g_auto(GStrv) lines = NULL;
  guint64 n_lines, sum_a = 0, sum_b = 0, sum_single = 0;
  gint64 want_a = llround ((double) t->incl_a[JX_DIFF_TREE_ROOT] * t->seconds_per_tick_a * 1e6);
  gint64 want_b = llround ((double) t->incl_b[JX_DIFF_TREE_ROOT] * t->seconds_per_tick_b * 1e6);

  n_lines = jx_diff_tree_append_folded (t, JX_DIFF_TREE_FOLDED_BOTH, out);
  lines = g_strsplit (out->str, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, n_lines + 1);
  for (guint i = 0; i < n_lines; i++)
    {
      g_autoptr(GMatchInfo) m1 = NULL;
      g_autoptr(GMatchInfo) m2 = NULL;
      g_autofree char *stack = NULL;
      g_autofree char *b = NULL;
      g_autofree char *a = NULL;

      g_assert_true (g_regex_match (re, lines[i], 0, &m1));
      stack = g_match_info_fetch (m1, 1);
      b = g_match_info_fetch (m1, 2);
      g_assert_true (g_regex_match (re, stack, 0, &m2));
      a = g_match_info_fetch (m2, 2);
      sum_a += g_ascii_strtoull (a, NULL, 10);
      sum_b += g_ascii_strtoull (b, NULL, 10);
      g_assert_null (strchr (lines[i], '\t'));
    }
  g_assert_cmpint ((gint64) sum_a, ==, want_a);
  g_assert_cmpint ((gint64) sum_b, ==, want_b);

  g_string_truncate (out, 0);
  n_lines = jx_diff_tree_append_folded (t, JX_DIFF_TREE_FOLDED_B, out);
  g_strfreev (lines);
  lines = g_strsplit (out->str, "\n", -1);
  for (guint i = 0; i < n_lines; i++)
    {
      const char *space = strrchr (lines[i], ' ');

      g_assert_nonnull (space);
      sum_single += g_ascii_strtoull (space + 1, NULL, 10);
    }
  g_assert_cmpint ((gint64) sum_single, ==, want_b);
}

static gboolean
trees_equal (const JxDiffTree *x,
             const JxDiffTree *y)
{
  if (x->n_nodes != y->n_nodes)
    return FALSE;
  for (guint32 n = 0; n < x->n_nodes; n++)
    if (x->parent[n] != y->parent[n] || x->symbol_a[n] != y->symbol_a[n] || x->symbol_b[n] != y->symbol_b[n] ||
        x->calls_a[n] != y->calls_a[n] || x->calls_b[n] != y->calls_b[n] || x->incl_a[n] != y->incl_a[n] ||
        x->incl_b[n] != y->incl_b[n] || x->excl_a[n] != y->excl_a[n] || x->excl_b[n] != y->excl_b[n] ||
        x->only_incl_a[n] != y->only_incl_a[n] || x->top_only_b[n] != y->top_only_b[n] ||
        x->first_child[n] != y->first_child[n] || x->next_sibling[n] != y->next_sibling[n])
      return FALSE;
  return TRUE;
}

/* Every invariant of one comparison's trees. */
static JxDiffTree *
check_comparison (JxComparison *cmp,
                  JxTrace      *a,
                  JxTrace      *b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) per_pair = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_diff_tree_free);
  g_autoptr(JxDiffTree) merged = NULL;
  g_autoptr(JxDiffTree) threaded = NULL;
  JxDiffTree *t;
  guint unique;

  t = jx_diff_tree_build (cmp, a, b, G_MAXUINT, 1, NULL, &error);
  g_assert_no_error (error);
  check_structure (t);
  check_against_profile (t, cmp, a, FALSE);
  check_against_profile (t, cmp, b, TRUE);
  unique = check_side_against_cct (t, cmp, a, FALSE);
  g_assert_cmpuint (unique, >, 0);
  check_side_against_cct (t, cmp, b, TRUE);
  check_folded (t);

  /* Summed = the pairs' trees merged by call path; threads change nothing. */
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    if (jx_comparison_pair_is_compared (jx_comparison_get_pair (cmp, i)))
      {
        JxDiffTree *one = jx_diff_tree_build (cmp, a, b, i, 1, NULL, &error);

        g_assert_no_error (error);
        check_structure (one);
        g_assert_cmpuint (one->n_stream_pairs, ==, 1);
        g_ptr_array_add (per_pair, one);
      }
  g_assert_cmpuint (t->n_stream_pairs, ==, per_pair->len);
  merged = jx_diff_tree_merge ((JxDiffTree * const *) per_pair->pdata, per_pair->len);
  g_assert_true (trees_equal (t, merged));
  threaded = jx_diff_tree_build (cmp, a, b, G_MAXUINT, 3, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (trees_equal (t, threaded));
  return t;
}

static guint32
find_path (const JxDiffTree *t,
           const char * const *labels)
{
  guint32 node = JX_DIFF_TREE_ROOT;

  for (guint i = 0; labels[i] != NULL; i++)
    {
      guint32 found = JX_NONE;

      for (guint32 c = t->first_child[node]; c != JX_NONE && found == JX_NONE; c = t->next_sibling[c])
        {
          g_autofree char *l = jx_diff_tree_dup_label (t, c);

          if (strcmp (l, labels[i]) == 0)
            found = c;
        }
      if (found == JX_NONE)
        return JX_NONE;
      node = found;
    }
  return node;
}

/* Every node of the tree whose label is name. */
static GArray *
nodes_named (const JxDiffTree *t,
             const char       *name)
{
  GArray *nodes = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 n = 1; n < t->n_nodes; n++)
    {
      g_autofree char *l = jx_diff_tree_dup_label (t, n);

      if (strcmp (l, name) == 0)
        g_array_append_val (nodes, n);
    }
  return nodes;
}

typedef struct
{
  JxTrace *a;
  JxTrace *b;
  char    *dir_a;
  char    *dir_b;
} GenPair;

static void
gen_pair (GenPair *pair,
          guint    variant)
{
  JxGeneratorOptions options;

  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_threads = 2;
  options.n_iterations = 12;
  options.depth = 3;
  options.fanout = 2;
  pair->a = jx_test_generate_load (&options, NULL, &pair->dir_a);
  options.variant = variant;
  pair->b = jx_test_generate_load (&options, NULL, &pair->dir_b);
}

static void
gen_pair_clear (GenPair *pair)
{
  g_clear_object (&pair->a);
  g_clear_object (&pair->b);
  jx_test_remove_tree (pair->dir_a);
  jx_test_remove_tree (pair->dir_b);
  g_free (pair->dir_a);
  g_free (pair->dir_b);
}

/* The stencil kernel takes half the time: every node of it is in both,
 * ratio ≈ 0.5, and nothing else changed its time by more than 1 %. */
static void
test_generated_faster_kernel (void)
{
  GenPair pair;
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(JxDiffTree) t = NULL;
  g_autoptr(GArray) kernels = NULL;
  double kernel_delta = 0.0;

  gen_pair (&pair, JX_VARIANT_FASTER_KERNEL);
  cmp = compare (pair.a, pair.b);
  t = check_comparison (cmp, pair.a, pair.b);
  kernels = nodes_named (t, "stencil_kernel");
  g_assert_cmpuint (kernels->len, >, 0);
  for (guint i = 0; i < kernels->len; i++)
    {
      guint32 n = g_array_index (kernels, guint32, i);

      g_assert_cmpint (jx_diff_tree_get_state (t, n), ==, JX_DIFF_TREE_BOTH);
      g_assert_cmpfloat_with_epsilon (jx_diff_tree_ratio (t, n, TRUE, FALSE), 0.5, 0.02);
      kernel_delta += jx_diff_tree_delta (t, n, TRUE);
    }
  /* The structure is unchanged, and the kernel's change is the largest:
   * other nodes move only by what waits for it (compute, MPI). */
  g_assert_cmpfloat (kernel_delta, <, 0.0);
  for (guint32 n = 1; n < t->n_nodes; n++)
    {
      g_autofree char *l = jx_diff_tree_dup_label (t, n);

      g_assert_cmpint (jx_diff_tree_get_state (t, n), ==, JX_DIFF_TREE_BOTH);
      if (strcmp (l, "stencil_kernel") != 0)
        g_assert_cmpfloat (fabs (jx_diff_tree_delta (t, n, TRUE)), <, 0.5 * fabs (kernel_delta));
    }
  gen_pair_clear (&pair);
}

/* compute_halo (and its pack_buffer) is gone: its nodes are only in A and
 * hold exactly A's time of them; check_residual is new: only in B. */
static void
test_generated_remove_add (void)
{
  GenPair pair;
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(JxDiffTree) t = NULL;
  g_autoptr(GArray) halo = NULL;
  g_autoptr(GArray) residual = NULL;

  gen_pair (&pair, JX_VARIANT_REMOVE_FUNCTION | JX_VARIANT_ADD_FUNCTION);
  cmp = compare (pair.a, pair.b);
  t = check_comparison (cmp, pair.a, pair.b);
  halo = nodes_named (t, "compute_halo");
  residual = nodes_named (t, "check_residual");
  g_assert_cmpuint (halo->len, >, 0);
  g_assert_cmpuint (residual->len, >, 0);
  for (guint i = 0; i < halo->len; i++)
    {
      guint32 n = g_array_index (halo, guint32, i);

      g_assert_cmpint (jx_diff_tree_get_state (t, n), ==, JX_DIFF_TREE_ONLY_A);
      g_assert_cmpuint (t->top_only_a[n], ==, t->incl_a[n]);
      g_assert_cmpuint (t->incl_b[n], ==, 0);
      for (guint32 c = t->first_child[n]; c != JX_NONE; c = t->next_sibling[c])
        {
          g_assert_cmpint (jx_diff_tree_get_state (t, c), ==, JX_DIFF_TREE_ONLY_A);
          g_assert_cmpuint (t->top_only_a[c], ==, 0);
        }
    }
  for (guint i = 0; i < residual->len; i++)
    g_assert_cmpint (jx_diff_tree_get_state (t, g_array_index (residual, guint32, i)), ==, JX_DIFF_TREE_ONLY_B);
  {
    /* Where it hangs: main;iteration;compute_halo, as in A's own tree. */
    static const char *path[] = { "main", "iteration", "compute_halo", NULL };

    g_assert_cmpuint (find_path (t, path), !=, JX_NONE);
  }
  gen_pair_clear (&pair);
}

/* A slower machine: every compute node slower by about 1.4, MPI waits by
 * up to 2; the structure stays equal. */
static void
test_generated_slower_machine (void)
{
  GenPair pair;
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(JxDiffTree) t = NULL;
  static const char *path[] = { "main", "iteration", "compute", NULL };
  guint32 compute;

  gen_pair (&pair, JX_VARIANT_SLOWER_MACHINE);
  cmp = compare (pair.a, pair.b);
  t = check_comparison (cmp, pair.a, pair.b);
  compute = find_path (t, path);
  g_assert_cmpuint (compute, !=, JX_NONE);
  g_assert_cmpfloat_with_epsilon (jx_diff_tree_ratio (t, compute, FALSE, FALSE), 1.4, 0.05);
  g_assert_cmpfloat (jx_diff_tree_ratio (t, JX_DIFF_TREE_ROOT, FALSE, FALSE), >, 1.2);
  gen_pair_clear (&pair);
}

/* Real traces: the Jacobi pair (run 09 slower), TraceR at 32 and 64 ranks
 * (unpaired streams count in no total) and pipit's ping-pong with and
 * without PAPI. */
static void
test_real (gconstpointer data)
{
  const char * const *names = data;
  g_autofree char *pa = jx_test_get_shared_trace (names[0]);
  g_autofree char *pb = jx_test_get_shared_trace (names[1]);
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) a = jx_trace_load (pa, NULL, NULL, NULL, NULL, &error);
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(JxDiffTree) t = NULL;

  g_assert_no_error (error);
  b = jx_trace_load (pb, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  cmp = compare (a, b);
  t = check_comparison (cmp, a, b);
  g_assert_cmpuint (t->n_nodes, >, 1);
}

static void
test_errors_and_cancel (void)
{
  g_autoptr(JxTrace) a = trace_from_text ("m[f[g] f[g] h]", FALSE);
  g_autoptr(JxTrace) b = trace_from_text ("m[f[g] k f]", TRUE);
  g_autoptr(JxComparison) cmp = compare (a, b);
  g_autoptr(GCancellable) cancel = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  JxComparisonOptions options;
  JxDiffTree *t;

  t = jx_diff_tree_build (cmp, a, b, 7, 1, NULL, &error);
  g_assert_null (t);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_cancellable_cancel (cancel);
  t = jx_diff_tree_build (cmp, a, b, G_MAXUINT, 1, cancel, &error);
  g_assert_null (t);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  /* Without the alignments there is nothing to build from. */
  jx_comparison_options_init (&options);
  options.keep_alignment = FALSE;
  {
    g_autoptr(JxComparison) bare = jx_comparison_run (a, b, &options, NULL, NULL);

    t = jx_diff_tree_build (bare, a, b, G_MAXUINT, 1, NULL, &error);
    g_assert_null (t);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  }
}

int
main (int   argc,
      char *argv[])
{
  static const char *jacobi[] = { "casita__1_xeonphi_jacobi_01", "casita__1_xeonphi_jacobi_09" };
  static const char *tracer[] = { "TraceR__stencil4d-32", "TraceR__stencil4d-64" };
  static const char *pingpong[] = { "pipit__ping-pong-otf2", "pipit__ping-pong-otf2-papi" };

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/diff-tree/one-sided", test_one_sided);
  g_test_add_func ("/analysis/diff-tree/changed-nesting", test_changed_nesting);
  g_test_add_func ("/analysis/diff-tree/errors-and-cancel", test_errors_and_cancel);
  g_test_add_func ("/analysis/diff-tree/generated/faster-kernel", test_generated_faster_kernel);
  g_test_add_func ("/analysis/diff-tree/generated/remove-add", test_generated_remove_add);
  g_test_add_func ("/analysis/diff-tree/generated/slower-machine", test_generated_slower_machine);
  g_test_add_data_func ("/analysis/diff-tree/real/jacobi", jacobi, test_real);
  g_test_add_data_func ("/analysis/diff-tree/real/tracer", tracer, test_real);
  g_test_add_data_func ("/analysis/diff-tree/real/ping-pong", pingpong, test_real);

  return g_test_run ();
}
