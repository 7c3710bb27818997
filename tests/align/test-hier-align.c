/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "jx-align-metrics.h"
#include "jx-hier-align.h"
#include "jx-stream-pairing.h"
#include "jx-test-tree.h"

static char *
sequence_to_string (const guint32 *seq,
                    gsize          n)
{
  GString *s = g_string_new (NULL);
  gsize i;

  for (i = 0; i < n; i++)
    g_string_append_c (s, (char) seq[i]);
  return g_string_free (s, FALSE);
}

static void
test_flat_sequence_seed_example (void)
{
  /* Seed paper Fig. 1/3: m c a c m a m and m c a c b c m b m. */
  g_autoptr(JxTestTree) a = jx_test_tree_parse ("m[c[a] a]");
  g_autoptr(JxTestTree) b = jx_test_tree_parse ("m[c[a b] b]");
  g_autofree guint32 *fa = NULL;
  g_autofree guint32 *fb = NULL;
  g_autofree guint32 *nodes = NULL;
  g_autofree char *sa = NULL;
  g_autofree char *sb = NULL;
  gsize na, nb;

  fa = jx_hier_tree_flat_sequence (&a->tree, &na, &nodes);
  fb = jx_hier_tree_flat_sequence (&b->tree, &nb, NULL);
  sa = sequence_to_string (fa, na);
  sb = sequence_to_string (fb, nb);
  g_assert_cmpstr (sa, ==, "mcacmam");
  g_assert_cmpstr (sb, ==, "mcacbcmbm");
  /* Every position names the invocation that runs there. */
  g_assert_cmpuint (nodes[0], ==, 0);
  g_assert_cmpuint (nodes[1], ==, 1);
  g_assert_cmpuint (nodes[2], ==, 2);
  g_assert_cmpuint (nodes[3], ==, 1);
  g_assert_cmpuint (nodes[4], ==, 0);
  g_assert_cmpuint (nodes[5], ==, 3);
  g_assert_cmpuint (nodes[6], ==, 0);
}

static void
test_children_sequence (void)
{
  g_autoptr(JxTestTree) a = jx_test_tree_parse ("m[A[a b] B[c]] x");
  g_autofree guint32 *roots = NULL;
  g_autofree guint32 *root_nodes = NULL;
  g_autofree guint32 *kids = NULL;
  g_autofree guint32 *kid_nodes = NULL;
  g_autofree char *s1 = NULL;
  g_autofree char *s2 = NULL;
  gsize n;

  roots = jx_hier_tree_children_sequence (&a->tree, JX_NONE, &n, &root_nodes);
  s1 = sequence_to_string (roots, n);
  g_assert_cmpstr (s1, ==, "mx");
  g_assert_cmpuint (root_nodes[1], ==, 6);
  kids = jx_hier_tree_children_sequence (&a->tree, 0, &n, &kid_nodes);
  s2 = sequence_to_string (kids, n);
  g_assert_cmpstr (s2, ==, "AB");
  g_assert_cmpuint (kid_nodes[0], ==, 1);
  g_assert_cmpuint (kid_nodes[1], ==, 4);
}

static JxHierAlignment *
align_text (const char *ta,
            const char *tb,
            gboolean    optimum)
{
  g_autoptr(JxTestTree) a = jx_test_tree_parse (ta);
  g_autoptr(JxTestTree) b = jx_test_tree_parse (tb);
  g_autoptr(GError) error = NULL;
  JxHierAlignOptions options;
  JxHierAlignment *r;

  jx_hier_align_options_init (&options);
  options.flat_optimum = optimum;
  r = jx_hier_align (&a->tree, &b->tree, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static void
test_score_top_level (void)
{
  /* Fig. 3.23: differences on the top call level need no correction. */
  g_autoptr(JxHierAlignment) r = align_text ("m a b m b m", "m a m c m", TRUE);

  g_assert_cmpint (r->score, ==, 6);
  g_assert_cmpint (r->flat_optimum, ==, 6);
  g_assert_cmpuint (r->counts[JX_PAIR_EQUAL], ==, 4);
  g_assert_cmpuint (r->counts[JX_PAIR_DIFFERENT], ==, 1);
  g_assert_cmpuint (r->counts[JX_PAIR_ONLY_A], ==, 1);
  g_assert_cmpuint (r->counts[JX_PAIR_ONLY_B], ==, 0);
}

static void
test_score_middle_level (void)
{
  /* Fig. 3.24: m A a A b A m B c B m against m C d C m scores −5. */
  g_autoptr(JxHierAlignment) r = align_text ("m[A[a b] B[c]]", "m[C[d]]", TRUE);

  g_assert_cmpuint (r->flat_length_a, ==, 11);
  g_assert_cmpuint (r->flat_length_b, ==, 5);
  g_assert_cmpint (r->score, ==, -5);
  g_assert_cmpint (r->flat_optimum, ==, -5);
}

static void
test_score_bottom_level (void)
{
  /* Fig. 3.22/3.25: scores 13; the raw HA sum of states differs. */
  g_autoptr(JxHierAlignment) r = align_text ("m[A[a b] A[a]]", "m[A[a] A[c]]", TRUE);

  g_assert_cmpuint (r->flat_length_a, ==, 11);
  g_assert_cmpuint (r->flat_length_b, ==, 9);
  g_assert_cmpint (r->score, ==, 13);
  g_assert_cmpint (r->flat_optimum, ==, 13);
  g_assert_cmpuint (r->n_pairs, ==, 6);
  g_assert_cmpuint (r->counts[JX_PAIR_EQUAL], ==, 4);
  g_assert_cmpuint (r->counts[JX_PAIR_DIFFERENT], ==, 1);
  g_assert_cmpuint (r->counts[JX_PAIR_ONLY_A], ==, 1);
  /* Time order: m, A, a, b (gap), A, a≠c. */
  g_assert_cmpuint (r->pairs[3].state, ==, JX_PAIR_ONLY_A);
  g_assert_cmpuint (r->pairs[3].a, ==, 3);
  g_assert_cmpuint (r->pairs[5].state, ==, JX_PAIR_DIFFERENT);
  g_assert_cmpfloat (jx_hier_alignment_get_error (r), ==, 0.0);
}

static void
test_error_zero_optimum (void)
{
  /* Flat "b a" against "b b b": b=b, a≠b and one gap give an optimum of 0;
   * HA aligns the roots first, then b's child against nothing: −1. */
  g_autoptr(JxHierAlignment) r = align_text ("b a", "b[b]", TRUE);
  g_autoptr(JxHierAlignment) same = align_text ("m[A[a b] A[a]]", "m[A[a] A[c]]", FALSE);

  g_assert_cmpint (r->flat_optimum, ==, 0);
  g_assert_cmpint (r->score, ==, -1);
  g_assert_cmpint (jx_hier_alignment_get_error_absolute (r), ==, 1);
  /* Relative to the mean flat length (2 + 3) / 2, never 0 %. */
  g_assert_cmpfloat_with_epsilon (jx_hier_alignment_get_error (r), 0.4, 1e-12);

  /* Flat "a c b" against "m c m": optimum 0 again, HA −5 over a mean length 3. */
  g_clear_pointer (&r, jx_hier_alignment_free);
  r = align_text ("a c b", "m[c]", TRUE);
  g_assert_cmpint (r->flat_optimum, ==, 0);
  g_assert_cmpint (r->score, <, 0);
  g_assert_cmpfloat_with_epsilon (jx_hier_alignment_get_error (r),
                                  (double) -r->score / 3.0, 1e-12);

  /* With a large optimum the definition is the dissertation's (opt − HA) / |opt|. */
  g_clear_pointer (&r, jx_hier_alignment_free);
  r = align_text ("m[A[a b c d] B[e f]]", "m[A[a c d] B[f e]]", TRUE);
  g_assert_cmpint (r->flat_optimum, >=, (gint64) (r->flat_length_a + r->flat_length_b) / 2);
  g_assert_cmpfloat_with_epsilon (jx_hier_alignment_get_error (r),
                                  (double) (r->flat_optimum - r->score) / (double) r->flat_optimum, 1e-12);

  /* No optimum computed: no error. */
  g_assert_false (same->has_flat_optimum);
  g_assert_cmpfloat (jx_hier_alignment_get_error (same), ==, 0.0);
  g_assert_cmpint (jx_hier_alignment_get_error_absolute (same), ==, 0);
}

/* Builds the flat alignment the aligned tree stands for, column by column
 * (recursively; test trees are small), so that tests can check that it
 * spells both flat sequences and that its score is the corrected HA score. */
typedef struct
{
  const JxHierAlignment *r;
  const JxHierTree      *a;
  const JxHierTree      *b;
  GArray                *col_a;    /* symbol or JX_NONE */
  GArray                *col_b;
  GPtrArray             *children; /* per pair: GArray of child pair indices */
} Columns;

static void
column (Columns *c,
        guint32  sa,
        guint32  sb)
{
  g_array_append_val (c->col_a, sa);
  g_array_append_val (c->col_b, sb);
}

static void
emit_node (Columns *c,
           guint32  idx)
{
  const JxAlignPair *p = &c->r->pairs[idx];
  GArray *kids = g_ptr_array_index (c->children, idx);
  guint32 sa = p->a != JX_ALIGN_NONE ? jx_hier_tree_symbol (c->a, p->a) : JX_NONE;
  guint32 sb = p->b != JX_ALIGN_NONE ? jx_hier_tree_symbol (c->b, p->b) : JX_NONE;
  guint k;

  column (c, sa, sb);
  for (k = 0; k < kids->len; k++)
    {
      guint32 child = g_array_index (kids, guint32, k);
      const JxAlignPair *q = &c->r->pairs[child];

      emit_node (c, child);
      /* Control returns to this node on the side(s) the child ran on. */
      column (c,
              q->a != JX_ALIGN_NONE ? sa : JX_NONE,
              q->b != JX_ALIGN_NONE ? sb : JX_NONE);
    }
}

static gint64
check_columns (const JxHierAlignment *r,
               const JxHierTree      *a,
               const JxHierTree      *b)
{
  Columns c = { r, a, b };
  g_autoptr(GArray) top = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint32 *fa = NULL;
  g_autofree guint32 *fb = NULL;
  gsize na, nb, i, ia = 0, ib = 0;
  gint64 score = 0;

  c.col_a = g_array_new (FALSE, FALSE, sizeof (guint32));
  c.col_b = g_array_new (FALSE, FALSE, sizeof (guint32));
  c.children = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (i = 0; i < r->n_pairs; i++)
    g_ptr_array_add (c.children, g_array_new (FALSE, FALSE, sizeof (guint32)));
  for (i = 0; i < r->n_pairs; i++)
    {
      guint32 idx = (guint32) i;
      if (r->parent[i] == JX_ALIGN_NONE)
        g_array_append_val (top, idx);
      else
        {
          g_assert_cmpuint (r->parent[i], <, i);
          g_array_append_val ((GArray *) g_ptr_array_index (c.children, r->parent[i]), idx);
        }
    }
  for (i = 0; i < top->len; i++)
    emit_node (&c, g_array_index (top, guint32, i));

  fa = jx_hier_tree_flat_sequence (a, &na, NULL);
  fb = jx_hier_tree_flat_sequence (b, &nb, NULL);
  for (i = 0; i < c.col_a->len; i++)
    {
      guint32 x = g_array_index (c.col_a, guint32, i);
      guint32 y = g_array_index (c.col_b, guint32, i);

      g_assert_true (x != JX_NONE || y != JX_NONE);
      if (x != JX_NONE)
        g_assert_cmpuint (x, ==, fa[ia++]);
      if (y != JX_NONE)
        g_assert_cmpuint (y, ==, fb[ib++]);
      if (x == JX_NONE || y == JX_NONE)
        score -= 1;
      else
        score += x == y ? 2 : -1;
    }
  g_assert_cmpuint (ia, ==, na);
  g_assert_cmpuint (ib, ==, nb);

  g_array_unref (c.col_a);
  g_array_unref (c.col_b);
  g_ptr_array_unref (c.children);
  return score;
}

static void
check_structure (const JxHierAlignment *r,
                 const JxTestTree      *ta,
                 const JxTestTree      *tb)
{
  guint32 next_a = 0, next_b = 0;
  gsize i;

  g_assert_cmpuint (r->counts[0] + r->counts[1] + r->counts[2] + r->counts[3], ==, r->n_pairs);
  g_assert_cmpuint (r->counts[JX_PAIR_EQUAL] + r->counts[JX_PAIR_DIFFERENT] + r->counts[JX_PAIR_ONLY_A], ==, r->n_a);
  g_assert_cmpuint (r->counts[JX_PAIR_EQUAL] + r->counts[JX_PAIR_DIFFERENT] + r->counts[JX_PAIR_ONLY_B], ==, r->n_b);

  for (i = 0; i < r->n_pairs; i++)
    {
      const JxAlignPair *p = &r->pairs[i];
      guint32 parent = r->parent[i];

      /* Time order on both sides. */
      if (p->a != JX_ALIGN_NONE)
        g_assert_cmpuint (p->a, ==, next_a++);
      if (p->b != JX_ALIGN_NONE)
        g_assert_cmpuint (p->b, ==, next_b++);

      switch ((JxPairState) p->state)
        {
        case JX_PAIR_EQUAL:
          g_assert_cmpuint (jx_hier_tree_symbol (&ta->tree, p->a), ==, jx_hier_tree_symbol (&tb->tree, p->b));
          break;
        case JX_PAIR_DIFFERENT:
          g_assert_cmpuint (jx_hier_tree_symbol (&ta->tree, p->a), !=, jx_hier_tree_symbol (&tb->tree, p->b));
          break;
        case JX_PAIR_ONLY_A:
          g_assert_cmpuint (p->b, ==, JX_ALIGN_NONE);
          break;
        case JX_PAIR_ONLY_B:
          g_assert_cmpuint (p->a, ==, JX_ALIGN_NONE);
          break;
        default:
          g_assert_not_reached ();
        }

      /* The aligned tree keeps each side's tree. */
      if (p->a != JX_ALIGN_NONE)
        {
          guint32 pa = g_array_index (ta->parent, guint32, p->a);
          if (pa == JX_NONE)
            g_assert_cmpuint (parent, ==, JX_ALIGN_NONE);
          else
            g_assert_cmpuint (r->pairs[parent].a, ==, pa);
        }
      if (p->b != JX_ALIGN_NONE)
        {
          guint32 pb = g_array_index (tb->parent, guint32, p->b);
          if (pb == JX_NONE)
            g_assert_cmpuint (parent, ==, JX_ALIGN_NONE);
          else
            g_assert_cmpuint (r->pairs[parent].b, ==, pb);
        }
    }
  g_assert_cmpuint (next_a, ==, r->n_a);
  g_assert_cmpuint (next_b, ==, r->n_b);
}

/* B as a mutated copy of A: subtrees dropped, nodes relabelled, leaves added. */
static JxTestTree *
mutate_tree (GRand            *rand,
             const JxTestTree *a,
             guint             alphabet)
{
  JxTestTree *t = jx_test_tree_new ();
  g_autofree guint32 *map = g_new (guint32, MAX (a->label->len, 1));
  guint32 i = 0;

  while (i < a->label->len)
    {
      guint32 end = g_array_index (a->subtree_end, guint32, i);
      guint32 parent = g_array_index (a->parent, guint32, i);
      guint32 label = g_array_index (a->label, guint32, i);
      guint32 np = parent == JX_NONE ? JX_NONE : map[parent];
      gint dice = g_rand_int_range (rand, 0, 100);

      if (parent != JX_NONE && np == JX_NONE)
        {
          map[i++] = JX_NONE;
          continue;
        }
      if (dice < 6 && end - i <= 50)
        {
          /* Drop the whole subtree. */
          for (; i < end; i++)
            map[i] = JX_NONE;
          continue;
        }
      if (dice < 12)
        label = 'a' + (guint32) g_rand_int_range (rand, 0, (gint) alphabet);
      if (dice >= 12 && dice < 17)
        jx_test_tree_add (t, 'a' + (guint32) g_rand_int_range (rand, 0, (gint) alphabet), np);
      map[i] = jx_test_tree_add (t, label, np);
      i++;
    }
  jx_test_tree_seal (t);
  return t;
}

static void
test_random_pairs (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  guint iter, n_below = 0, n_iter = g_test_slow () ? 10000 : 3000;

  for (iter = 0; iter < n_iter; iter++)
    {
      guint alphabet = 2 + iter % 4;
      g_autoptr(JxTestTree) a = jx_test_tree_random (rand, (guint) g_rand_int_range (rand, 0, 30), alphabet);
      g_autoptr(JxTestTree) b = (iter % 3 == 0)
                              ? jx_test_tree_random (rand, (guint) g_rand_int_range (rand, 0, 30), alphabet)
                              : mutate_tree (rand, a, alphabet);
      g_autoptr(GError) error = NULL;
      g_autoptr(JxHierAlignment) r = NULL;
      JxHierAlignOptions options;
      double sim;

      jx_hier_align_options_init (&options);
      options.flat_optimum = TRUE;
      r = jx_hier_align (&a->tree, &b->tree, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);

      check_structure (r, a, b);
      g_assert_cmpint (check_columns (r, &a->tree, &b->tree), ==, r->score);
      g_assert_true (r->has_flat_optimum);
      g_assert_cmpint (r->score, <=, r->flat_optimum);
      if (r->score < r->flat_optimum)
        n_below++;

      sim = jx_align_similarity (r->score, r->flat_length_a, r->flat_length_b, NULL);
      g_assert_cmpfloat (sim, >=, 0.0);
      g_assert_cmpfloat (sim, <=, 1.0);
    }
  /* The heuristic is not always optimal (§3.4.1), and the test must see it. */
  g_assert_cmpuint (n_below, >, 0);
  g_test_message ("%u of %u random pairs below the flat optimum", n_below, n_iter);
}

/* Algorithm 2 written plainly: recursion, a fresh children alignment for
 * every node pair through jx_align_sequences(), no identical-subtree sweep,
 * no shortcuts.  jx_hier_align() must give exactly the same result. */
typedef struct
{
  const JxHierTree *a;
  const JxHierTree *b;
  GArray           *pairs;    /* JxAlignPair */
  GArray           *parent;   /* guint32 */
  gint64            score;
  guint64           n_sub_alignments;
  guint64           n_identical;
  const JxAlignOptions *options;   /* NULL: the defaults */
  guint64           buckets[JX_HIER_N_BUCKETS];
} Reference;

/* The bucket of a sub-alignment by its longer children sequence. */
static guint
reference_bucket (gsize n)
{
  return n <= 100 ? JX_HIER_BUCKET_0_100 : n <= 1000 ? JX_HIER_BUCKET_101_1000
       : n <= 5000 ? JX_HIER_BUCKET_1001_5000 : n <= 10000 ? JX_HIER_BUCKET_5001_10000
       : JX_HIER_BUCKET_ABOVE_10000;
}

static guint32
reference_emit (Reference *ref,
                guint32    a,
                guint32    b,
                guint32    state,
                guint32    parent)
{
  JxAlignPair p = { a, b, state };

  g_array_append_val (ref->pairs, p);
  g_array_append_val (ref->parent, parent);
  return ref->pairs->len - 1;
}

static void
reference_gap (Reference        *ref,
               const JxHierTree *tree,
               gboolean          side_b,
               guint32           node,
               guint32           parent)
{
  guint32 self = side_b ? reference_emit (ref, JX_ALIGN_NONE, node, JX_PAIR_ONLY_B, parent)
                        : reference_emit (ref, node, JX_ALIGN_NONE, JX_PAIR_ONLY_A, parent);
  guint32 c;

  for (c = node + 1; c < tree->subtree_end[node]; c = tree->subtree_end[c])
    reference_gap (ref, tree, side_b, c, self);
}

/* Aligns the children of a and b (JX_NONE: the roots); returns how many
 * children were paired. */
static gint64
reference_align (Reference *ref,
                 guint32    a,
                 guint32    b,
                 guint32    self)
{
  g_autofree guint32 *sa = NULL;
  g_autofree guint32 *sb = NULL;
  g_autofree guint32 *ca = NULL;
  g_autofree guint32 *cb = NULL;
  g_autoptr(GArray) aligned = NULL;
  g_autoptr(GError) error = NULL;
  gsize na, nb, k;
  gint64 matched = 0;
  JxScoring sc = { 2, -1, -1 };

  if (ref->options != NULL)
    sc = ref->options->scoring;
  sa = jx_hier_tree_children_sequence (ref->a, a, &na, &ca);
  sb = jx_hier_tree_children_sequence (ref->b, b, &nb, &cb);
  if (na == 0 && nb == 0)
    return 0;
  ref->n_sub_alignments++;
  ref->buckets[reference_bucket (MAX (na, nb))]++;
  if (na == nb && memcmp (sa, sb, na * sizeof (guint32)) == 0)
    ref->n_identical++;

  aligned = jx_align_sequences (sa, na, sb, nb, ref->options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  for (k = 0; k < aligned->len; k++)
    {
      const JxAlignPair *p = &g_array_index (aligned, JxAlignPair, k);

      if (p->b == JX_ALIGN_NONE)
        {
          guint32 size = ref->a->subtree_end[ca[p->a]] - ca[p->a];
          reference_gap (ref, ref->a, FALSE, ca[p->a], self);
          ref->score += (gint64) sc.gap * (2 * (gint64) size - 1 + (self != JX_ALIGN_NONE ? 1 : 0));
        }
      else if (p->a == JX_ALIGN_NONE)
        {
          guint32 size = ref->b->subtree_end[cb[p->b]] - cb[p->b];
          reference_gap (ref, ref->b, TRUE, cb[p->b], self);
          ref->score += (gint64) sc.gap * (2 * (gint64) size - 1 + (self != JX_ALIGN_NONE ? 1 : 0));
        }
      else
        {
          gboolean equal = sa[p->a] == sb[p->b];
          guint32 index = reference_emit (ref, ca[p->a], cb[p->b],
                                          equal ? JX_PAIR_EQUAL : JX_PAIR_DIFFERENT, self);
          gint64 below = reference_align (ref, ca[p->a], cb[p->b], index);

          ref->score += (gint64) (equal ? sc.match : sc.mismatch) * (1 + below);
          matched++;
        }
    }
  return matched;
}

/* A tree whose main() calls n functions in a row, each calling some leaves:
 * long children sequences reach the engine's dynamic programming paths. */
static JxTestTree *
loop_tree (GRand *rand,
           guint  n,
           guint  alphabet)
{
  JxTestTree *t = jx_test_tree_new ();
  guint32 root = jx_test_tree_add (t, 'm', JX_NONE);
  guint i, k;

  for (i = 0; i < n; i++)
    {
      guint32 call = jx_test_tree_add (t, 'a' + i % 3, root);
      guint leaves = (guint) g_rand_int_range (rand, 0, 4);

      for (k = 0; k < leaves; k++)
        jx_test_tree_add (t, 'a' + (guint32) g_rand_int_range (rand, 0, (gint) alphabet), call);
    }
  jx_test_tree_seal (t);
  return t;
}

/* Progress as reported: the last value and whether it ever went down. */
typedef struct
{
  guint64  last;
  guint    calls;
  gboolean decreased;
} ProgressLog;

static void
log_progress (guint64  done,
              gpointer user_data)
{
  ProgressLog *log = user_data;

  if (done < log->last)
    log->decreased = TRUE;
  log->last = done;
  log->calls++;
}

/* Subtrees that check_against_reference_full() saw aligned on worker threads. */
static guint reference_n_tasks;

/* jx_hier_align() with the given scoring (NULL: the defaults) and threads
 * against the plain reference: the same pairs, parents, score, counts and
 * statistics (buckets too), and progress that ends at n_a + n_b.  Adds its
 * identical sub-alignments and engine calls to the totals. */
static void
check_against_reference_full (const JxHierTree *a,
                              const JxHierTree *b,
                              const JxScoring  *scoring,
                              guint             n_threads,
                              guint            *n_identical,
                              guint            *n_engine)
{
  g_autoptr(JxHierAlignment) r = NULL;
  g_autoptr(GError) error = NULL;
  Reference ref = { a, b, NULL, NULL, 0, 0, 0, NULL, { 0, } };
  JxHierAlignOptions options;
  ProgressLog log = { 0, 0, FALSE };
  guint64 counts[4];
  guint k;

  jx_hier_align_options_init (&options);
  if (scoring != NULL)
    options.align.scoring = *scoring;
  options.n_threads = n_threads;
  ref.options = &options.align;
  ref.pairs = g_array_new (FALSE, FALSE, sizeof (JxAlignPair));
  ref.parent = g_array_new (FALSE, FALSE, sizeof (guint32));
  reference_align (&ref, JX_NONE, JX_NONE, JX_ALIGN_NONE);

  r = jx_hier_align (a, b, &options, log_progress, &log, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (r->n_pairs, ==, ref.pairs->len);
  g_assert_cmpmem (r->pairs, r->n_pairs * sizeof (JxAlignPair),
                   ref.pairs->data, ref.pairs->len * sizeof (JxAlignPair));
  g_assert_cmpmem (r->parent, r->n_pairs * sizeof (guint32),
                   ref.parent->data, ref.parent->len * sizeof (guint32));
  g_assert_cmpint (r->score, ==, ref.score);
  g_assert_cmpuint (r->n_sub_alignments, ==, ref.n_sub_alignments);
  g_assert_cmpuint (r->n_identical, ==, ref.n_identical);
  for (k = 0; k < JX_HIER_N_BUCKETS; k++)
    g_assert_cmpuint (r->buckets[k], ==, ref.buckets[k]);
  memset (counts, 0, sizeof counts);
  for (k = 0; k < ref.pairs->len; k++)
    counts[g_array_index (ref.pairs, JxAlignPair, k).state]++;
  for (k = 0; k < 4; k++)
    g_assert_cmpuint (r->counts[k], ==, counts[k]);
  /* Every node counted once, whichever way its pair was emitted. */
  g_assert_cmpuint (log.calls, >, 0);
  g_assert_false (log.decreased);
  g_assert_cmpuint (log.last, ==, (guint64) a->n_nodes + b->n_nodes);
  reference_n_tasks += r->n_tasks;
  if (n_identical != NULL)
    *n_identical += (guint) r->n_identical;
  if (n_engine != NULL)
    *n_engine += (guint) r->stats.calls;

  g_array_unref (ref.pairs);
  g_array_unref (ref.parent);
}

static void
check_against_reference (const JxHierTree *a,
                         const JxHierTree *b,
                         guint            *n_identical,
                         guint            *n_engine)
{
  check_against_reference_full (a, b, NULL, 1, n_identical, n_engine);
}

static void
test_reference (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2718);
  guint iter, n_identical = 0, n_engine = 0;

  for (iter = 0; iter < 400; iter++)
    {
      guint alphabet = 2 + iter % 5;
      g_autoptr(JxTestTree) a = iter % 4 == 3 ? loop_tree (rand, (guint) g_rand_int_range (rand, 100, 400), alphabet)
                                            : jx_test_tree_random (rand, (guint) g_rand_int_range (rand, 0, 300), alphabet);
      g_autoptr(JxTestTree) b = iter % 5 == 0 ? jx_test_tree_random (rand, (guint) g_rand_int_range (rand, 0, 300), alphabet)
                                            : mutate_tree (rand, a, alphabet);

      check_against_reference (&a->tree, &b->tree, &n_identical, &n_engine);
    }
  /* Both the shortcuts and the engine were exercised. */
  g_assert_cmpuint (n_identical, >, 1000);
  g_assert_cmpuint (n_engine, >, 1000);
}

/* a with a few edits: a renamed node, a leaf inserted before a node, or a
 * leaf dropped.  Most subtree pairs are then identical, and the differing
 * ones differ deep inside, on the diagonal of their ancestors (a rename) or
 * shifted by one (an insertion or a drop). */
static JxTestTree *
edit_tree (GRand            *rand,
           const JxTestTree *a,
           guint             alphabet,
           guint             n_edits)
{
  JxTestTree *t = jx_test_tree_new ();
  guint32 n = a->label->len;
  g_autofree guint32 *map = g_new (guint32, MAX (n, 1));
  g_autofree guint8 *edit = g_new0 (guint8, MAX (n, 1));
  guint32 i;

  for (i = 0; i < n_edits && n > 0; i++)
    edit[g_rand_int_range (rand, 0, (gint) n)] = (guint8) g_rand_int_range (rand, 1, 4);
  for (i = 0; i < n; i++)
    {
      guint32 end = g_array_index (a->subtree_end, guint32, i);
      guint32 parent = g_array_index (a->parent, guint32, i);
      guint32 label = g_array_index (a->label, guint32, i);
      guint32 np = parent == JX_NONE ? JX_NONE : map[parent];

      if (edit[i] == 1)
        label = label == 'a' ? 'b' : 'a';
      if (edit[i] == 2)
        jx_test_tree_add (t, 'a' + (guint32) g_rand_int_range (rand, 0, (gint) alphabet), np);
      if (edit[i] == 3 && end == i + 1)
        {
          map[i] = JX_NONE;
          continue;
        }
      map[i] = jx_test_tree_add (t, label, np);
    }
  jx_test_tree_seal (t);
  return t;
}

/* Labels read through a label_map: B's labels are permuted and its map
 * undoes the permutation, A maps every label to itself. */
static void
map_labels (const JxTestTree *t,
            guint32           n_labels,
            gboolean          permute,
            guint32          *labels_out,
            guint32          *map_out,
            JxHierTree       *tree_out)
{
  guint32 i;

  for (i = 0; i < n_labels; i++)
    map_out[i] = permute ? n_labels - 1 - i : i;
  for (i = 0; i < t->label->len; i++)
    labels_out[i] = permute ? n_labels - 1 - g_array_index (t->label, guint32, i) : g_array_index (t->label, guint32, i);
  *tree_out = t->tree;
  tree_out->label = labels_out;
  tree_out->label_map = map_out;
}

/* Few edits in larger, deeper trees: the exact comparison of identical
 * subtrees, the mismatches handed down the diagonals, and the symbols read
 * through a label map all give Algorithm 2's result. */
static void
test_reference_sparse_edits (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1618);
  guint iter, n_identical = 0, n_engine = 0;

  for (iter = 0; iter < 200; iter++)
    {
      guint alphabet = 2 + iter % 4;
      g_autoptr(JxTestTree) a = jx_test_tree_random (rand, (guint) g_rand_int_range (rand, 50, 1500), alphabet);
      g_autoptr(JxTestTree) b = edit_tree (rand, a, alphabet, 1 + iter % 4);

      check_against_reference (&a->tree, &b->tree, &n_identical, &n_engine);
      if (iter % 3 == 0)
        {
          guint32 n_labels = 'a' + alphabet + 1;
          g_autofree guint32 *la = g_new (guint32, MAX (a->label->len, 1));
          g_autofree guint32 *lb = g_new (guint32, MAX (b->label->len, 1));
          g_autofree guint32 *ma = g_new (guint32, n_labels);
          g_autofree guint32 *mb = g_new (guint32, n_labels);
          JxHierTree ta, tb;

          map_labels (a, n_labels, FALSE, la, ma, &ta);
          map_labels (b, n_labels, TRUE, lb, mb, &tb);
          check_against_reference (&ta, &tb, &n_identical, &n_engine);
        }
    }
  g_test_message ("%u identical children sequences, %u engine calls", n_identical, n_engine);
  g_assert_cmpuint (n_identical, >, 10000);
  g_assert_cmpuint (n_engine, >, 100);
}

static const JxScoring reference_scorings[] = {
  { 2, -1, -1 },
  { 1000, -1000, -1000 },   /* the largest allowed */
  { 1, -1000, -1 },
  { 1000, 999, -1000 },
  { 3, -3, -2 },
};

/* Small shapes around the runs of equal leaf pairs: empty trees, a single
 * root, forests of leaves only (identical, or aligned by the engine with
 * gaps and different pairs between the runs), leaves equal in symbol but
 * not in shape, runs broken by a gap on either side; each with every
 * scoring, and with B's symbols read through a label map. */
static void
test_reference_shapes (void)
{
  static const char *const shapes[][2] = {
    { "", "" }, { "", "a" }, { "a", "" }, { "a", "a" }, { "a", "b" }, { "a[b]", "a" }, { "a", "a[b]" },
    { "a b c d", "a b c d" }, { "a b c d", "a b x d" }, { "a b c d", "a b c" }, { "a b c d", "b c d e" },
    { "a a a a a a", "a a a" }, { "a b a b a b", "b a b a" }, { "a b c d e f g", "a c e g" },
    { "m[a b c[d] e f]", "m[a b c[d] e f]" }, { "m[a b c[d] e f]", "m[a b c e f]" },
    { "m[a b c e f]", "m[a b c[d] e f]" }, { "m[a b c[d e] e f]", "m[a b c[d] e f]" },
    { "m[a x b]", "m[a b]" }, { "m[a b]", "m[a y b]" }, { "m[a x b c]", "m[a b y c]" },
    { "m[a b[c] d e] m[a b c]", "m[a b[c] d e] m[a x b c]" },
    { "m[a b c d] n[a b c d] m[e]", "m[a b c d] m[e] n[a b c x d]" },
    { "m[a[b c] a[b c] a[b c]]", "m[a[b c] a[b] a[b c] a]" },
    { "m[n[a b c d e] n[a b] a b]", "m[n[a b c d e] a b n[a b]]" },
    { "a[b[c[d[e]]]]", "a[b[c[d[e f]]]]" },
  };
  guint k, q;

  for (k = 0; k < G_N_ELEMENTS (shapes); k++)
    for (q = 0; q < G_N_ELEMENTS (reference_scorings); q++)
      {
        g_autoptr(JxTestTree) a = jx_test_tree_parse (shapes[k][0]);
        g_autoptr(JxTestTree) b = jx_test_tree_parse (shapes[k][1]);
        guint32 n_labels = 256;
        g_autofree guint32 *lb = g_new (guint32, MAX (b->label->len, 1));
        g_autofree guint32 *mb = g_new (guint32, n_labels);
        JxHierTree tb;

        check_against_reference_full (&a->tree, &b->tree, &reference_scorings[q], 1, NULL, NULL);
        check_against_reference_full (&b->tree, &a->tree, &reference_scorings[q], 1, NULL, NULL);
        map_labels (b, n_labels, TRUE, lb, mb, &tb);
        check_against_reference_full (&a->tree, &tb, &reference_scorings[q], 1, NULL, NULL);
      }
}

/* A root over groups, each mostly leaves (some nodes with a few leaf
 * children): long runs of equal leaf pairs everywhere. */
static JxTestTree *
leafy_tree (GRand *rand,
            guint  n_groups,
            guint  group_size,
            guint  alphabet)
{
  JxTestTree *t = jx_test_tree_new ();
  guint32 root = jx_test_tree_add (t, 'r', JX_NONE);
  guint g, k, c;

  for (g = 0; g < n_groups; g++)
    {
      guint32 group = jx_test_tree_add (t, 'f' + g % 3, root);

      for (k = 0; k < group_size; k++)
        {
          guint32 label = 'a' + (guint32) g_rand_int_range (rand, 0, (gint) alphabet);
          guint32 node = jx_test_tree_add (t, label, group);

          if (g_rand_int_range (rand, 0, 10) == 0)
            for (c = (guint) g_rand_int_range (rand, 1, 4); c > 0; c--)
              jx_test_tree_add (t, 'a' + (guint32) g_rand_int_range (rand, 0, (gint) alphabet), node);
        }
    }
  jx_test_tree_seal (t);
  return t;
}

/* Trees of long leaf runs with few edits, on one thread and on several
 * (groups of about 1000 to 2500 nodes go to worker threads, so runs are
 * emitted by tasks and by the coordinator next to tasks), under every
 * scoring and with label maps: Algorithm 2's result.  Also parents with
 * more than 100 children inside identical subtrees (the sweep's buckets)
 * and a children sequence of 3000 leaves. */
static void
test_reference_leaf_runs (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3141);
  guint iter, n_identical = 0, n_engine = 0;

  reference_n_tasks = 0;
  for (iter = 0; iter < 12; iter++)
    {
      guint alphabet = 2 + iter % 3;
      g_autoptr(JxTestTree) a = leafy_tree (rand, 4 + iter % 5, iter % 2 == 0 ? 1100 : 150, alphabet);
      g_autoptr(JxTestTree) b = edit_tree (rand, a, alphabet, 1 + iter % 7);
      const JxScoring *sc = &reference_scorings[iter % G_N_ELEMENTS (reference_scorings)];
      guint32 n_labels = 256;
      g_autofree guint32 *la = g_new (guint32, MAX (a->label->len, 1));
      g_autofree guint32 *lb = g_new (guint32, MAX (b->label->len, 1));
      g_autofree guint32 *ma = g_new (guint32, n_labels);
      g_autofree guint32 *mb = g_new (guint32, n_labels);
      JxHierTree ta, tb;

      check_against_reference_full (&a->tree, &b->tree, sc, 1, &n_identical, &n_engine);
      check_against_reference_full (&a->tree, &b->tree, sc, 2 + iter % 2, &n_identical, &n_engine);
      check_against_reference_full (&a->tree, &a->tree, sc, 2, &n_identical, &n_engine);
      map_labels (a, n_labels, FALSE, la, ma, &ta);
      map_labels (b, n_labels, TRUE, lb, mb, &tb);
      check_against_reference_full (&ta, &tb, sc, 1 + iter % 2, &n_identical, &n_engine);
    }
  {
    g_autoptr(JxTestTree) a = leafy_tree (rand, 1, 3000, 2);
    g_autoptr(JxTestTree) b = edit_tree (rand, a, 2, 3);
    g_autoptr(JxTestTree) c = jx_test_tree_parse ("x");
    guint32 i;

    check_against_reference_full (&a->tree, &a->tree, NULL, 1, &n_identical, &n_engine);
    check_against_reference_full (&a->tree, &b->tree, NULL, 1, &n_identical, &n_engine);
    check_against_reference_full (&a->tree, &b->tree, NULL, 2, &n_identical, &n_engine);
    /* Forests of leaves only. */
    for (i = 0; i < 2; i++)
      {
        JxTestTree *t = i == 0 ? a : b;
        guint32 k;

        g_array_set_size (t->subtree_end, 0);
        g_array_set_size (t->parent, 0);
        for (k = 0; k < t->label->len; k++)
          {
            guint32 end = k + 1, none = JX_NONE;

            g_array_append_val (t->subtree_end, end);
            g_array_append_val (t->parent, none);
          }
        jx_test_tree_seal (t);
      }
    check_against_reference_full (&a->tree, &a->tree, NULL, 1, &n_identical, &n_engine);
    check_against_reference_full (&a->tree, &b->tree, NULL, 1, &n_identical, &n_engine);
    check_against_reference_full (&a->tree, &b->tree, &reference_scorings[3], 2, &n_identical, &n_engine);
    check_against_reference_full (&a->tree, &c->tree, NULL, 2, &n_identical, &n_engine);
  }
  g_test_message ("%u identical children sequences, %u engine calls, %u tasks",
                  n_identical, n_engine, reference_n_tasks);
  g_assert_cmpuint (n_identical, >, 100);
  g_assert_cmpuint (n_engine, >, 100);
  g_assert_cmpuint (reference_n_tasks, >, 10);
}

static void
test_identical (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(JxTestTree) a = jx_test_tree_random (rand, 5000, 6);
  g_autoptr(GError) error = NULL;
  g_autoptr(JxHierAlignment) r = NULL;

  r = jx_hier_align (&a->tree, &a->tree, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->n_pairs, ==, 5000);
  g_assert_cmpuint (r->counts[JX_PAIR_EQUAL], ==, 5000);
  g_assert_cmpint (r->score, ==, 2 * (gint64) r->flat_length_a);
  g_assert_cmpuint (r->n_identical, ==, r->n_sub_alignments);
  g_assert_cmpfloat (jx_align_similarity (r->score, r->flat_length_a, r->flat_length_b, NULL), ==, 1.0);
}

static void
test_gap_subtree (void)
{
  /* A removed function takes its callees along: only-A for all of them,
   * and the aligned tree parents follow A's tree. */
  g_autoptr(JxHierAlignment) r = align_text ("m[i[h[x[y z]] k] i[h[x[y z]] k]]", "m[i[k] i[k]]", FALSE);
  guint i, n_gap = 0;

  g_assert_cmpuint (r->counts[JX_PAIR_ONLY_A], ==, 8);
  g_assert_cmpuint (r->counts[JX_PAIR_EQUAL], ==, 5);
  for (i = 0; i < r->n_pairs; i++)
    if (r->pairs[i].state == JX_PAIR_ONLY_A)
      {
        g_assert_cmpuint (r->parent[i], !=, JX_ALIGN_NONE);
        n_gap++;
      }
  g_assert_cmpuint (n_gap, ==, 8);
  /* Each gapped h subtree: 2·4−1 gaps plus one for the caller (§3.4.2). */
  g_assert_cmpint (r->score, ==, 6 + 2 * (4 - 8 + 2));
}

static void
test_deep_chain (void)
{
  /* Deep recursion must not exhaust the C stack: the algorithm is iterative. */
  g_autoptr(JxTestTree) a = jx_test_tree_new ();
  g_autoptr(JxTestTree) b = jx_test_tree_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JxHierAlignment) r = NULL;
  guint32 pa = JX_NONE, pb = JX_NONE;
  guint i, n = 200000;

  /* Filled directly: jx_test_tree_add walks the ancestors, quadratic here. */
  for (i = 0; i < n; i++)
    {
      guint32 la = 'r', lb = i == n / 2 ? 's' : 'r';
      g_array_append_val (a->label, la);
      g_array_append_val (b->label, lb);
      g_array_append_val (a->subtree_end, n);
      g_array_append_val (b->subtree_end, n);
      g_array_append_val (a->parent, pa);
      g_array_append_val (b->parent, pb);
      pa = pb = i;
    }
  jx_test_tree_seal (a);
  jx_test_tree_seal (b);

  r = jx_hier_align (&a->tree, &b->tree, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->counts[JX_PAIR_EQUAL], ==, n - 1);
  g_assert_cmpuint (r->counts[JX_PAIR_DIFFERENT], ==, 1);
  g_assert_cmpuint (r->pairs[n / 2].state, ==, JX_PAIR_DIFFERENT);

  {
    g_autofree guint16 *depth = jx_hier_alignment_compute_depths (r);
    g_autofree guint32 *index = jx_hier_alignment_build_index (r, TRUE);
    g_assert_cmpuint (depth[1000], ==, 1000);
    g_assert_cmpuint (index[n - 1], ==, n - 1);
  }
  /* Both halves of the chain are emitted whole (the lower one as identical
   * subtrees, 100,000 deep), each pair under the one before. */
  for (i = 1; i < n; i++)
    g_assert_cmpuint (r->parent[i], ==, i - 1);
  /* The top level and every node but the last; only the parent of the
   * renamed node sees different children. */
  g_assert_cmpuint (r->n_sub_alignments, ==, n);
  g_assert_cmpuint (r->n_identical, ==, n - 1);
}

static void
test_cancelled (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(JxTestTree) a = jx_test_tree_random (rand, 20000, 4);
  g_autoptr(JxTestTree) b = mutate_tree (rand, a, 4);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  JxHierAlignment *r;

  g_cancellable_cancel (cancellable);
  r = jx_hier_align (&a->tree, &b->tree, NULL, NULL, NULL, cancellable, &error);
  g_assert_null (r);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_empty (void)
{
  g_autoptr(JxHierAlignment) r = align_text ("", "", TRUE);
  g_autoptr(JxHierAlignment) r2 = align_text ("a[b]", "", TRUE);

  g_assert_cmpuint (r->n_pairs, ==, 0);
  g_assert_cmpint (r->score, ==, 0);
  g_assert_cmpfloat (jx_align_similarity (r->score, 0, 0, NULL), ==, 1.0);
  g_assert_cmpuint (r2->counts[JX_PAIR_ONLY_A], ==, 2);
  g_assert_cmpint (r2->score, ==, -3);
  g_assert_cmpint (r2->flat_optimum, ==, -3);
  g_assert_cmpfloat (jx_align_similarity (r2->score, 3, 0, NULL), ==, 0.0);
}

static void
test_levenshtein (void)
{
  const char *a[] = { "MPI Rank 0", "MPI Rank 1", "MPI Rank 2", "Master" };
  const char *b[] = { "MPI Rank 2", "MPI Rank 0", "MPI rank 1" };
  guint32 pair[4], dist[4];

  g_assert_cmpuint (jx_levenshtein ("kitten", "sitting"), ==, 3);
  g_assert_cmpuint (jx_levenshtein ("", "abc"), ==, 3);
  g_assert_cmpuint (jx_levenshtein ("same", "same"), ==, 0);

  jx_pair_names (a, 4, b, 3, pair, dist);
  g_assert_cmpuint (pair[0], ==, 1);
  g_assert_cmpuint (dist[0], ==, 0);
  g_assert_cmpuint (pair[1], ==, 2);
  g_assert_cmpuint (dist[1], ==, 1);
  g_assert_cmpuint (pair[2], ==, 0);
  g_assert_cmpuint (pair[3], ==, JX_NONE);
}

static void
test_levenshtein_ties (void)
{
  /* Equal distances: the first remaining name in rank order wins. */
  const char *a[] = { "rank X" };
  const char *b[] = { "rank 1", "rank 2" };
  guint32 pair[1], dist[1];

  jx_pair_names (a, 1, b, 2, pair, dist);
  g_assert_cmpuint (pair[0], ==, 0);
  g_assert_cmpuint (dist[0], ==, 1);
}

/* How each name was paired: identical, closest, by position (numbers that
 * are identifiers, or a tie), forced. */
static void
test_pairing_methods (void)
{
  const char *a[] = { "Master", "MPI Rank 1", "OMP thread 1", "process 130384", "process 130390", "x" };
  const char *b[] = { "process 24716", "OMP thread 3", "MPI rank 1", "process 130391", "OMP thread 4",
                      "Master", "y" };
  guint32 forced[6] = { JX_NONE, JX_NONE, JX_NONE, JX_NONE, JX_NONE, 6 };
  guint32 pair[6], dist[6];
  guint8 method[6];

  jx_pair_names_full (a, 6, b, 7, forced, pair, dist, method);
  g_assert_cmpuint (pair[0], ==, 5);
  g_assert_cmpint (method[0], ==, JX_PAIRED_BY_NAME);
  g_assert_cmpuint (pair[1], ==, 2);
  g_assert_cmpint (method[1], ==, JX_PAIRED_BY_DISTANCE);
  g_assert_cmpuint (dist[1], ==, 1);
  /* Two threads equally close: the first in order. */
  g_assert_cmpuint (pair[2], ==, 1);
  g_assert_cmpint (method[2], ==, JX_PAIRED_BY_POSITION);
  /* PIDs in order, not by their edit distance (130391 is closer). */
  g_assert_cmpuint (pair[3], ==, 0);
  g_assert_cmpint (method[3], ==, JX_PAIRED_BY_POSITION);
  g_assert_cmpuint (pair[4], ==, 3);
  g_assert_cmpint (method[4], ==, JX_PAIRED_BY_POSITION);
  g_assert_cmpuint (pair[5], ==, 6);
  g_assert_cmpint (method[5], ==, JX_PAIRED_BY_USER);

  g_assert_cmpstr (jx_pairing_method_to_string (JX_PAIRED_BY_POSITION), ==, "position");
  g_assert_cmpint (jx_pairing_method_combine (JX_PAIRED_BY_NAME, JX_PAIRED_BY_DISTANCE), ==, JX_PAIRED_BY_DISTANCE);
  g_assert_cmpint (jx_pairing_method_combine (JX_PAIRED_BY_USER, JX_PAIRED_BY_NAME), ==, JX_PAIRED_BY_USER);
}

/* A tree whose depth drifts slowly, so that it has large subtrees. */
static JxTestTree *
random_walk_tree (GRand *rand,
                  guint  n)
{
  JxTestTree *t = jx_test_tree_new ();
  guint32 path[40];
  guint depth = 0, i;

  path[0] = jx_test_tree_add (t, 'r', JX_NONE);
  depth = 1;
  for (i = 1; i < n; i++)
    {
      gint step = g_rand_int_range (rand, -2, 2);
      guint d = (guint) CLAMP ((gint) depth + step, 1, 30);
      guint32 label = 'a' + (guint32) g_rand_int_range (rand, 0, 5);

      d = MIN (d, depth);
      path[d] = jx_test_tree_add (t, label, path[d - 1]);
      depth = d + 1;
    }
  jx_test_tree_seal (t);
  return t;
}

static void
test_parallel (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  guint iter, n_tasks = 0;

  for (iter = 0; iter < 4; iter++)
    {
      g_autoptr(JxTestTree) a = random_walk_tree (rand, 60000);
      g_autoptr(JxTestTree) b = mutate_tree (rand, a, 5);
      g_autoptr(JxHierAlignment) serial = NULL;
      g_autoptr(JxHierAlignment) parallel = NULL;
      g_autoptr(GError) error = NULL;
      JxHierAlignOptions options;
      guint k;

      jx_hier_align_options_init (&options);
      serial = jx_hier_align (&a->tree, &b->tree, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      options.n_threads = 2 + iter;
      parallel = jx_hier_align (&a->tree, &b->tree, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);

      /* Same alignment, same order, same tree, same numbers. */
      n_tasks += parallel->n_tasks;
      g_assert_cmpuint (serial->n_tasks, ==, 0);
      g_assert_cmpuint (parallel->n_pairs, ==, serial->n_pairs);
      g_assert_cmpmem (parallel->pairs, parallel->n_pairs * sizeof (JxAlignPair),
                       serial->pairs, serial->n_pairs * sizeof (JxAlignPair));
      g_assert_cmpmem (parallel->parent, parallel->n_pairs * sizeof (guint32),
                       serial->parent, serial->n_pairs * sizeof (guint32));
      g_assert_cmpint (parallel->score, ==, serial->score);
      g_assert_cmpint (parallel->raw_score, ==, serial->raw_score);
      g_assert_cmpuint (parallel->n_sub_alignments, ==, serial->n_sub_alignments);
      g_assert_cmpuint (parallel->n_identical, ==, serial->n_identical);
      for (k = 0; k < 4; k++)
        g_assert_cmpuint (parallel->counts[k], ==, serial->counts[k]);
      check_structure (parallel, a, b);
      g_assert_cmpint (check_columns (parallel, &a->tree, &b->tree), ==, parallel->score);
    }
  /* Some pairs gap their whole tree at the top; the others must split. */
  g_assert_cmpuint (n_tasks, >, 20);
}

static void
test_parallel_cancelled (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(JxTestTree) a = random_walk_tree (rand, 60000);
  g_autoptr(JxTestTree) b = mutate_tree (rand, a, 5);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  JxHierAlignOptions options;
  JxHierAlignment *r;

  jx_hier_align_options_init (&options);
  options.n_threads = 3;
  g_cancellable_cancel (cancellable);
  r = jx_hier_align (&a->tree, &b->tree, &options, NULL, NULL, cancellable, &error);
  g_assert_null (r);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
cancel_on_progress (guint64  done,
                    gpointer user_data)
{
  g_cancellable_cancel (user_data);
}

typedef struct
{
  GCancellable *cancellable;
  guint64       last;
} CancelLog;

static void
cancel_and_log (guint64  done,
                gpointer user_data)
{
  CancelLog *log = user_data;

  log->last = done;
  g_cancellable_cancel (log->cancellable);
}

/* Cancelled during a one-thread walk whose pairs are mostly runs of equal
 * leaves (one stack entry each): the walk sees the cancel and stops long
 * before the end (the last progress is no final report of every node). */
static void
test_cancelled_midway (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (23);
  g_autoptr(JxTestTree) a = leafy_tree (rand, 60, 4000, 3);
  g_autoptr(JxTestTree) b = edit_tree (rand, a, 3, 200);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  CancelLog log = { cancellable, 0 };

  g_autoptr(JxTestTree) c = jx_test_tree_new ();
  g_autoptr(JxTestTree) d = jx_test_tree_new ();
  guint32 rc, rd, k;
  JxHierAlignment *r;

  r = jx_hier_align (&a->tree, &b->tree, NULL, cancel_and_log, &log, cancellable, &error);
  g_assert_null (r);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (log.last, >, 0);
  g_assert_cmpuint (log.last, <, (guint64) (a->tree.n_nodes + b->tree.n_nodes) / 2);

  /* r[c[x] c[x] ...] against r[c[x[z]] c[x[z]] ...]: every children
   * sequence identical or one side empty, so no children alignment (which
   * would see the cancel too) runs; only the walk can stop. */
  rc = jx_test_tree_add (c, 'r', JX_NONE);
  rd = jx_test_tree_add (d, 'r', JX_NONE);
  for (k = 0; k < 100000; k++)
    {
      jx_test_tree_add (c, 'x', jx_test_tree_add (c, 'c', rc));
      jx_test_tree_add (d, 'z', jx_test_tree_add (d, 'x', jx_test_tree_add (d, 'c', rd)));
    }
  jx_test_tree_seal (c);
  jx_test_tree_seal (d);
  g_clear_error (&error);
  g_cancellable_reset (cancellable);
  log.last = 0;
  r = jx_hier_align (&c->tree, &d->tree, NULL, cancel_and_log, &log, cancellable, &error);
  g_assert_null (r);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (log.last, >, 0);
  g_assert_cmpuint (log.last, <, (guint64) (c->tree.n_nodes + d->tree.n_nodes) / 2);
}

/* Cancelled while workers run and finished subtrees are being assembled:
 * the error comes back and nothing leaks (ASan). */
static void
test_parallel_cancelled_midway (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  g_autoptr(JxTestTree) a = random_walk_tree (rand, 300000);
  g_autoptr(JxTestTree) b = mutate_tree (rand, a, 5);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  JxHierAlignOptions options;
  JxHierAlignment *r;

  jx_hier_align_options_init (&options);
  options.n_threads = 2;
  r = jx_hier_align (&a->tree, &b->tree, &options, cancel_on_progress, cancellable,
                     cancellable, &error);
  g_assert_null (r);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/align/hier/sequence/flat-seed-example", test_flat_sequence_seed_example);
  g_test_add_func ("/align/pairing/methods", test_pairing_methods);
  g_test_add_func ("/align/hier/sequence/children", test_children_sequence);
  g_test_add_func ("/align/hier/score/top-level", test_score_top_level);
  g_test_add_func ("/align/hier/score/middle-level", test_score_middle_level);
  g_test_add_func ("/align/hier/score/bottom-level", test_score_bottom_level);
  g_test_add_func ("/align/hier/score/error-zero-optimum", test_error_zero_optimum);
  g_test_add_func ("/align/hier/random-pairs", test_random_pairs);
  g_test_add_func ("/align/hier/reference", test_reference);
  g_test_add_func ("/align/hier/reference-sparse-edits", test_reference_sparse_edits);
  g_test_add_func ("/align/hier/reference-shapes", test_reference_shapes);
  g_test_add_func ("/align/hier/reference-leaf-runs", test_reference_leaf_runs);
  g_test_add_func ("/align/hier/identical", test_identical);
  g_test_add_func ("/align/hier/gap-subtree", test_gap_subtree);
  g_test_add_func ("/align/hier/deep-chain", test_deep_chain);
  g_test_add_func ("/align/hier/cancelled", test_cancelled);
  g_test_add_func ("/align/hier/cancelled-midway", test_cancelled_midway);
  g_test_add_func ("/align/hier/empty", test_empty);
  g_test_add_func ("/align/hier/parallel", test_parallel);
  g_test_add_func ("/align/hier/parallel-cancelled", test_parallel_cancelled);
  g_test_add_func ("/align/hier/parallel-cancelled-midway", test_parallel_cancelled_midway);
  g_test_add_func ("/align/pairing/levenshtein", test_levenshtein);
  g_test_add_func ("/align/pairing/ties", test_levenshtein_ties);

  return g_test_run ();
}
