/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pairing by hand on the command line, as "Compare With…" does in the
 * window: `diff --pair` names the streams paired by hand ("Paired by hand:
 * A ↔ B", JSON by_hand and "user", CSV), the other streams of the process
 * keep their names' pairing; `render --pair` and a saved comparison's
 * PairedByHand pair the same way. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "jx-cli-test.h"
#include "jx-test-util.h"

#define T1 "MPI Rank 0 / Thread 1"
#define T2 "MPI Rank 0 / Thread 2"

static void
assert_contains (const char *text,
                 const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("expected “%s” in:\n%s", part, text);
}

static void
assert_lacks (const char *text,
              const char *part)
{
  if (strstr (text, part) != NULL)
    g_error ("did not expect “%s” in:\n%s", part, text);
}

typedef struct
{
  char *dir;
  char *a;
  char *b;
} Fixture;

static void
fixture_init (Fixture *f)
{
  f->dir = jx_test_make_tmp_dir ();
  jx_cli_generate (f->dir, "a", &f->a, "--ranks", "1", "--threads", "3", "--iterations", "6", NULL);
  jx_cli_generate (f->dir, "b", &f->b, "--ranks", "1", "--threads", "3", "--iterations", "6",
                   "--variant", "rotate-threads", NULL);
}

static void
fixture_clear (Fixture *f)
{
  jx_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->a);
  g_free (f->b);
}

static void
test_diff_pair (void)
{
  Fixture f;
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *pairing;
  JsonArray *pairs;
  guint n_user = 0;

  fixture_init (&f);
  jx_cli_run (&run, "diff", "--pairing", "name", "--pair", T1 "=" T2, "--pair", T2 "=" T1, f.a, f.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "Paired by hand: " T1 " ↔ " T2 "\n");
  assert_contains (run.out, "Paired by hand: " T2 " ↔ " T1 "\n");
  /* The master thread keeps the names' pairing: not paired by hand. */
  assert_lacks (run.out, "Paired by hand: MPI Rank 0 / Master thread");

  /* Without --pair: nothing paired by hand. */
  jx_cli_run (&run, "diff", "--pairing", "name", f.a, f.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_lacks (run.out, "Paired by hand");

  jx_cli_run (&run, "diff", "--json", "--pairing", "name", "--pair", T1 "=" T2, "--pair", T2 "=" T1, f.a, f.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = jx_cli_parse_object (parser, run.out);
  pairing = json_object_get_object_member (root, "pairing");
  g_assert_cmpint (json_object_get_int_member (pairing, "by_hand"), ==, 2);
  pairs = json_object_get_array_member (root, "pairs");
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    n_user += g_strcmp0 (json_object_get_string_member (json_array_get_object_element (pairs, i), "pairing"),
                         "user") == 0;
  g_assert_cmpuint (n_user, ==, 2);

  jx_cli_run (&run, "diff", "--csv", "--pair", T1 "=" T2, f.a, f.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, ",user,");

  /* A name that is not there is an input error naming it. */
  jx_cli_run (&run, "diff", "--pair", T1 "=MPI Rank 0 / Thread 9", f.a, f.b, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "Thread 9");
  fixture_clear (&f);
}

static void
test_render_pair (void)
{
  Fixture f;
  g_auto(JxCliRun) run = { 0 };
  g_autofree char *png = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *text = NULL;

  fixture_init (&f);
  png = g_build_filename (f.dir, "out.png", NULL);
  jx_cli_run (&run, "render", "--diff", "--pair", T1 "=" T2, "-o", png, f.a, f.b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "1 stream pair by hand (--pair)");
  jx_cli_run (&run, "render", "--pair", T1 "=" T2, "-o", png, f.a, f.b, NULL);
  g_assert_cmpint (run.status, ==, 2);

  /* A saved comparison's hand pairing, as the window saves it. */
  saved = g_build_filename (f.dir, "pairs.juxtrace", NULL);
  text = g_strdup_printf ("[Juxtrace Comparison]\nVersion=2\nReference=0\n\n[Trace 0]\nPath=%s\n\n"
                          "[Trace 1]\nPath=%s\nPairedByHand=" T1 ";" T2 ";" T2 ";" T1 ";\n", f.a, f.b);
  g_assert_true (g_file_set_contents (saved, text, -1, NULL));
  jx_cli_run (&run, "render", "--diff", "-o", png, saved, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "2 stream pairs by hand (--pair)");
  g_assert_null (strstr (run.err, "--no-hand-pairing"));
  /* --no-hand-pairing: the window's "Pair All Streams Automatically
   * Again", none by hand; a caveat on stderr says what was left out. */
  jx_cli_run (&run, "render", "--diff", "--no-hand-pairing", "-o", png, saved, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_null (strstr (run.out, "by hand"));
  assert_contains (run.err, "pairs.juxtrace: --no-hand-pairing: 2 stream pairs of “");
  assert_contains (run.err, "paired by hand are left out");
  jx_cli_run (&run, "render", "--chart", "skew", "--no-hand-pairing", "-o", png, saved, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, "2 stream pairs of “");
  /* None paired by hand in it: nothing to say. */
  g_free (text);
  text = g_strdup_printf ("[Juxtrace Comparison]\nVersion=2\nReference=0\n\n[Trace 0]\nPath=%s\n\n"
                          "[Trace 1]\nPath=%s\n", f.a, f.b);
  g_assert_true (g_file_set_contents (saved, text, -1, NULL));
  jx_cli_run (&run, "render", "--diff", "--no-hand-pairing", "-o", png, saved, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_null (strstr (run.err, "hand"));
  /* Only for a saved comparison, and only with --diff or --chart. */
  jx_cli_run (&run, "render", "--diff", "--no-hand-pairing", "-o", png, f.a, f.b, NULL);
  g_assert_cmpint (run.status, ==, 2);
  assert_contains (run.err, "SESSION.juxtrace");
  jx_cli_run (&run, "render", "--no-hand-pairing", "-o", png, saved, NULL);
  g_assert_cmpint (run.status, ==, 2);
  fixture_clear (&f);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/pair/diff", test_diff_pair);
  g_test_add_func ("/cli/pair/render", test_render_pair);
  return g_test_run ();
}
