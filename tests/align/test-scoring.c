/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scoring.c — the scores every alignment uses (jx-scoring.h): what is
 * allowed, how results name them, and that the hierarchical alignment's
 * score follows them. */
#include "config.h"

#include "jx-hier-align.h"
#include "jx-scoring.h"
#include "jx-test-tree.h"

static void
test_validate (void)
{
  static const struct { JxScoring s; gboolean ok; } cases[] = {
    { { 2, -1, -1 }, TRUE },
    { { 3, -2, -1 }, TRUE },
    { { 1, -5, -1 }, TRUE },       /* mismatches dearer than two gaps: allowed */
    { { 1, 0, -1 }, TRUE },
    { { 0, -1, -1 }, FALSE },      /* equal calls must count */
    { { 2, 2, -1 }, FALSE },       /* a mismatch as good as a match */
    { { 2, 3, -1 }, FALSE },
    { { 2, -1, 0 }, FALSE },       /* free gaps */
    { { 2, -1, 1 }, FALSE },
    { { 1001, -1, -1 }, FALSE },
    { { 2, -1, -1001 }, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      gboolean ok = jx_scoring_validate (&cases[i].s, &error);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (!ok)
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    }
}

static void
test_names (void)
{
  JxScoring s;
  g_autofree char *text = NULL;
  g_autofree char *compact = NULL;

  jx_scoring_init_default (&s);
  g_assert_true (jx_scoring_is_default (&s));
  g_assert_cmpint (s.match, ==, 2);
  g_assert_cmpint (s.mismatch, ==, -1);
  g_assert_cmpint (s.gap, ==, -1);
  s.mismatch = -3;
  g_assert_false (jx_scoring_is_default (&s));
  text = jx_scoring_to_string (&s);
  g_assert_cmpstr (text, ==, "match 2, mismatch −3, gap −1");
  compact = jx_scoring_to_compact (&s);
  g_assert_cmpstr (compact, ==, "2/-3/-1");

  /* Every default in the engine is this one. */
  {
    JxAlignOptions options;

    jx_align_options_init (&options);
    g_assert_true (jx_scoring_is_default (&options.scoring));
  }
}

/* The HA score under other scores: the ISPA example's trees aligned with
 * match 3, mismatch −2, gap −1 score the counts with those values (plus
 * the §3.4.2 correction, made of gaps too). */
static void
test_hier_scores (void)
{
  g_autoptr(JxTestTree) a = jx_test_tree_parse ("m[c[a] a]");
  g_autoptr(JxTestTree) b = jx_test_tree_parse ("m[c[a] b[c] m[b]]");
  JxHierAlignOptions options;
  g_autoptr(JxHierAlignment) def = NULL;
  g_autoptr(JxHierAlignment) other = NULL;

  jx_hier_align_options_init (&options);
  def = jx_hier_align (&a->tree, &b->tree, &options, NULL, NULL, NULL, NULL);
  options.align.scoring = (JxScoring) { 3, -2, -1 };
  other = jx_hier_align (&a->tree, &b->tree, &options, NULL, NULL, NULL, NULL);
  g_assert_nonnull (def);
  g_assert_nonnull (other);
  g_assert_cmpint (other->raw_score, ==,
                   3 * (gint64) other->counts[JX_PAIR_EQUAL] - 2 * (gint64) other->counts[JX_PAIR_DIFFERENT] -
                   (gint64) (other->counts[JX_PAIR_ONLY_A] + other->counts[JX_PAIR_ONLY_B]));
  g_assert_cmpint (def->raw_score, ==,
                   2 * (gint64) def->counts[JX_PAIR_EQUAL] - (gint64) def->counts[JX_PAIR_DIFFERENT] -
                   (gint64) (def->counts[JX_PAIR_ONLY_A] + def->counts[JX_PAIR_ONLY_B]));
  g_assert_cmpint (other->score, !=, def->score);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/align/scoring/validate", test_validate);
  g_test_add_func ("/align/scoring/names", test_names);
  g_test_add_func ("/align/scoring/hier", test_hier_scores);

  return g_test_run ();
}
