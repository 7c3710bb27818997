/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-msa.c — progressive multiple alignment (dissertation §5.2): the
 * guide of Table 5.2 (1–2, 1–5, 5–3, 3–4) from the Max2FreqHashing matrix,
 * computed and as printed; the heuristic of Tables 5.3/5.4 and its
 * alignment, Fig. 5.10, exactly; shared gap columns; the invariants of a
 * multiple alignment on random sequences, with either guide. */
#include "config.h"

#include <string.h>

#include "jx-msa.h"

/* The sequences of Fig. 5.8 as Fig. 5.10 shows them. */
static const char *const fig_5_8[5] = { "ababababab", "aaaabbbb", "cde", "dec", "decb" };

typedef struct
{
  guint32 *data[8];
  const guint32 *seqs[8];
  guint32  lens[8];
  guint    n;
  guint32 *column_of;
  gsize    total;
} Input;

static void
input_init (Input             *in,
            const char *const *texts,
            guint              n)
{
  in->n = n;
  in->total = 0;
  for (guint i = 0; i < n; i++)
    {
      in->lens[i] = (guint32) strlen (texts[i]);
      in->data[i] = g_new (guint32, MAX (in->lens[i], 1));
      for (guint32 j = 0; j < in->lens[i]; j++)
        in->data[i][j] = (guchar) texts[i][j];
      in->seqs[i] = in->data[i];
      in->total += in->lens[i];
    }
  in->column_of = g_new (guint32, MAX (in->total, 1));
}

static void
input_clear (Input *in)
{
  for (guint i = 0; i < in->n; i++)
    g_free (in->data[i]);
  g_free (in->column_of);
}

/* Sequence i as a row of the block: its symbols at their columns, "-"
 * elsewhere. */
static char *
row_text (const Input *in,
          guint        i,
          guint        n_columns)
{
  char *row = g_malloc (n_columns + 1);
  gsize offset = 0;

  for (guint k = 0; k < i; k++)
    offset += in->lens[k];
  memset (row, '-', n_columns);
  row[n_columns] = '\0';
  for (guint32 j = 0; j < in->lens[i]; j++)
    row[in->column_of[offset + j]] = (char) in->seqs[i][j];
  return row;
}

static void
assert_steps (JxMsa           *msa,
              const JxMsaStep *expected,
              guint            n)
{
  guint n_steps;
  const JxMsaStep *steps = jx_msa_get_steps (msa, &n_steps);

  g_assert_cmpuint (n_steps, ==, n);
  for (guint k = 0; k < n; k++)
    {
      g_assert_cmpuint (steps[k].partner, ==, expected[k].partner);
      g_assert_cmpuint (steps[k].added, ==, expected[k].added);
    }
}

/* Table 5.2: 1–2, 1–5, 5–3, 3–4 from the matrix of Max2FreqHashing scores
 * (Alg. 6 gives 2 for 5–3 and 5–4 where the text prints 4: see
 * tests/analysis/test-cluster.c; the order is the same). */
static void
test_guide_table_5_2 (void)
{
  static const JxMsaStep expected[4] = { { 0, 1 }, { 0, 4 }, { 4, 2 }, { 2, 3 } };
  g_autoptr(JxMsa) msa = jx_msa_new (NULL);
  Input in;
  gint64 n_columns;

  input_init (&in, fig_5_8, 5);
  n_columns = jx_msa_align (msa, in.seqs, in.lens, 5, in.column_of, NULL, NULL, NULL);
  g_assert_cmpint (n_columns, >=, 10);
  g_assert_cmpint (jx_msa_get_guide (msa), ==, JX_MSA_GUIDE_MATRIX);
  assert_steps (msa, expected, 4);
  input_clear (&in);
}

/* The same order from the matrix exactly as printed (5–3 and 5–4 both 4;
 * ties go to the pair that comes first: 3–4, then 5–3, then 5–4). */
static void
test_guide_printed_matrix (void)
{
  static const JxMsaStep expected[4] = { { 0, 1 }, { 0, 4 }, { 4, 2 }, { 2, 3 } };
  guint64 m[25] = { 0 };
  JxMsaStep steps[4];
  static const struct { guint x, y; guint64 s; } printed[] = {
    { 1, 2, 18 }, { 1, 5, 6 }, { 2, 5, 5 }, { 3, 4, 4 }, { 3, 5, 4 }, { 4, 5, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (printed); i++)
    {
      m[(printed[i].x - 1) * 5 + printed[i].y - 1] = printed[i].s;
      m[(printed[i].y - 1) * 5 + printed[i].x - 1] = printed[i].s;
    }
  jx_msa_guide_from_similarity (m, 5, steps);
  for (guint k = 0; k < 4; k++)
    {
      g_assert_cmpuint (steps[k].partner, ==, expected[k].partner);
      g_assert_cmpuint (steps[k].added, ==, expected[k].added);
    }
}

/* Tables 5.3/5.4 and Fig. 5.10: the ranking heuristic (main sequence 1,
 * then 2, 5, 3, 4, each aligned with sequence 1) gives exactly the printed
 * block when equally good pairwise alignments pair symbols as late as
 * possible. */
static void
test_fig_5_10 (void)
{
  static const JxMsaStep expected[4] = { { 0, 1 }, { 0, 4 }, { 0, 2 }, { 0, 3 } };
  static const char *const rows[5] = {
    "ababababab",
    "a-aaab-bbb",
    "-------cde",
    "-------dec",
    "------decb",
  };
  JxMsaOptions options;
  g_autoptr(JxMsa) msa = NULL;
  Input in;
  gint64 n_columns;

  jx_msa_options_init (&options);
  options.matrix_max = 0;
  options.late_ties = TRUE;
  msa = jx_msa_new (&options);
  input_init (&in, fig_5_8, 5);
  n_columns = jx_msa_align (msa, in.seqs, in.lens, 5, in.column_of, NULL, NULL, NULL);
  g_assert_cmpint (jx_msa_get_guide (msa), ==, JX_MSA_GUIDE_RANKING);
  assert_steps (msa, expected, 4);
  g_assert_cmpint (n_columns, ==, 10);
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *row = row_text (&in, i, (guint) n_columns);
      g_assert_cmpstr (row, ==, rows[i]);
    }
  input_clear (&in);
}

/* With the engine's rule (as `diff` aligns: a common prefix and suffix
 * paired first, then symbols paired as early as possible) the ties fall the
 * other way: the same scores, the gaps at the other end. */
static void
test_fig_5_10_early_ties (void)
{
  static const char *const rows[5] = {
    "ababababab",
    "aaa-abbb-b",
    "cde-------",
    "dec-------",
    "dec------b",
  };
  JxMsaOptions options;
  g_autoptr(JxMsa) msa = NULL;
  Input in;
  gint64 n_columns;

  jx_msa_options_init (&options);
  options.matrix_max = 0;
  msa = jx_msa_new (&options);
  input_init (&in, fig_5_8, 5);
  n_columns = jx_msa_align (msa, in.seqs, in.lens, 5, in.column_of, NULL, NULL, NULL);
  g_assert_cmpint (n_columns, ==, 10);
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *row = row_text (&in, i, (guint) n_columns);
      g_assert_cmpstr (row, ==, rows[i]);
    }
  input_clear (&in);
}

/* Two sequences with the same call the main sequence lacks share one gap
 * column ("axb" twice against "abab", mismatches costly so that x is a
 * gap rather than a mismatch). */
static void
test_shared_gap_column (void)
{
  static const char *const texts[3] = { "abab", "axb", "axb" };
  static const char *const rows[3] = { "aba-b", "a--xb", "a--xb" };
  JxMsaOptions options;
  g_autoptr(JxMsa) msa = NULL;
  Input in;
  gint64 n_columns;

  jx_msa_options_init (&options);
  options.matrix_max = 0;
  options.align.scoring.mismatch = -3;
  msa = jx_msa_new (&options);
  input_init (&in, texts, 3);
  n_columns = jx_msa_align (msa, in.seqs, in.lens, 3, in.column_of, NULL, NULL, NULL);
  g_assert_cmpint (n_columns, ==, 5);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *row = row_text (&in, i, (guint) n_columns);
      g_assert_cmpstr (row, ==, rows[i]);
    }
  input_clear (&in);
}

/* One sequence, none, empty ones. */
static void
test_edges (void)
{
  static const char *const one[1] = { "abc" };
  static const char *const empties[3] = { "", "ab", "" };
  g_autoptr(JxMsa) msa = jx_msa_new (NULL);
  Input in;

  g_assert_cmpint (jx_msa_align (msa, NULL, NULL, 0, NULL, NULL, NULL, NULL), ==, 0);
  g_assert_cmpint (jx_msa_get_guide (msa), ==, JX_MSA_GUIDE_NONE);

  input_init (&in, one, 1);
  g_assert_cmpint (jx_msa_align (msa, in.seqs, in.lens, 1, in.column_of, NULL, NULL, NULL), ==, 3);
  g_assert_cmpuint (in.column_of[2], ==, 2);
  input_clear (&in);

  input_init (&in, empties, 3);
  g_assert_cmpint (jx_msa_align (msa, in.seqs, in.lens, 3, in.column_of, NULL, NULL, NULL), ==, 2);
  g_assert_cmpuint (in.column_of[0], ==, 0);
  g_assert_cmpuint (in.column_of[1], ==, 1);
  input_clear (&in);
}

/* Every row in increasing columns, every column used, at least as many
 * columns as the longest row. */
static void
test_random_invariants (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (guint round = 0; round < 300; round++)
    {
      JxMsaOptions options;
      g_autoptr(JxMsa) msa = NULL;
      guint n = (guint) g_rand_int_range (rand, 2, 9);
      char *texts[8];
      Input in;
      gint64 n_columns;
      g_autofree guint *used = NULL;
      gsize offset = 0;
      guint32 longest = 0;

      jx_msa_options_init (&options);
      options.matrix_max = round % 2 == 0 ? JX_MSA_MATRIX_MAX : 0;
      options.late_ties = round % 3 == 0;
      msa = jx_msa_new (&options);
      for (guint i = 0; i < n; i++)
        {
          guint len = (guint) g_rand_int_range (rand, 0, 14);

          texts[i] = g_malloc (len + 1);
          for (guint j = 0; j < len; j++)
            texts[i][j] = (char) ('a' + g_rand_int_range (rand, 0, 4));
          texts[i][len] = '\0';
        }
      input_init (&in, (const char *const *) texts, n);
      n_columns = jx_msa_align (msa, in.seqs, in.lens, n, in.column_of, NULL, NULL, NULL);
      g_assert_cmpint (n_columns, >=, 0);
      used = g_new0 (guint, MAX (n_columns, 1));
      for (guint i = 0; i < n; i++)
        {
          longest = MAX (longest, in.lens[i]);
          for (guint32 j = 0; j < in.lens[i]; j++)
            {
              g_assert_cmpint (in.column_of[offset + j], <, n_columns);
              if (j > 0)
                g_assert_cmpuint (in.column_of[offset + j], >, in.column_of[offset + j - 1]);
              used[in.column_of[offset + j]]++;
            }
          offset += in.lens[i];
        }
      g_assert_cmpint (n_columns, >=, longest);
      for (gint64 c = 0; c < n_columns; c++)
        g_assert_cmpuint (used[c], >, 0);
      input_clear (&in);
      for (guint i = 0; i < n; i++)
        g_free (texts[i]);
    }
}

static void
test_cancelled (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(JxMsa) msa = jx_msa_new (NULL);
  g_autoptr(GError) error = NULL;
  Input in;

  input_init (&in, fig_5_8, 5);
  g_cancellable_cancel (cancellable);
  g_assert_cmpint (jx_msa_align (msa, in.seqs, in.lens, 5, in.column_of, NULL, cancellable, &error), ==, -1);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  input_clear (&in);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/msa/guide-table-5-2", test_guide_table_5_2);
  g_test_add_func ("/analysis/msa/guide-printed-matrix", test_guide_printed_matrix);
  g_test_add_func ("/analysis/msa/fig-5-10", test_fig_5_10);
  g_test_add_func ("/analysis/msa/fig-5-10-early-ties", test_fig_5_10_early_ties);
  g_test_add_func ("/analysis/msa/shared-gap-column", test_shared_gap_column);
  g_test_add_func ("/analysis/msa/edges", test_edges);
  g_test_add_func ("/analysis/msa/random-invariants", test_random_invariants);
  g_test_add_func ("/analysis/msa/cancelled", test_cancelled);

  return g_test_run ();
}
