/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Results carry their caveats (issue "Truthful results on imperfect
 * traces"): runs the built juxtrace-cli ($JX_CLI) on generated traces with
 * defects — an event file cut in half, every event file gone, an empty
 * stream against a busy one, processes named by PID, APEX-like anchors —
 * and on real traces, in text, JSON and CSV. */
#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "jx-cli-test.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"

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

#define parse_object jx_cli_parse_object

static JsonObject *
member (JsonObject *object,
        const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_object_member (object, name);
}

/* The line of text holding part. */
static char *
line_with (const char *text,
           const char *part)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], part) != NULL)
      return g_strdup (lines[i]);
  g_error ("no line with “%s” in:\n%s", part, text);
  return NULL;
}

/* ---- traces ------------------------------------------------------------ */

static void
generate (const char *dir,
          guint32     seed,
          guint       n_threads,
          guint       defects,
          const char *process_names,
          const char *archive_name)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;

  jx_generator_options_init (&options);
  options.seed = seed;
  options.n_ranks = 3;
  options.n_threads = n_threads;
  options.n_iterations = 6;
  options.defects = defects;
  options.process_names = process_names;
  options.archive_name = archive_name;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
}

static void
copy_file (const char *from,
           const char *to,
           gsize       keep)   /* bytes to keep, G_MAXSIZE = all */
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (from, &data, &length, &error));
  g_assert_true (g_file_set_contents (to, data, MIN (length, keep), &error));
}

/* A copy of the generated trace in from, with rank 0's event file cut in
 * half (location 0 is rank 0's master thread in generated traces). */
static void
copy_truncated (const char *from,
                const char *to)
{
  static const char *const files[] = { "traces.otf2", "traces.def" };
  g_autofree char *sub_from = g_build_filename (from, "traces", NULL);
  g_autofree char *sub_to = g_build_filename (to, "traces", NULL);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_assert_cmpint (g_mkdir_with_parents (sub_to, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *a = g_build_filename (from, files[i], NULL);
      g_autofree char *b = g_build_filename (to, files[i], NULL);

      copy_file (a, b, G_MAXSIZE);
    }
  dir = g_dir_open (sub_from, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *a = g_build_filename (sub_from, name, NULL);
      g_autofree char *b = g_build_filename (sub_to, name, NULL);
      GStatBuf st;

      g_assert_cmpint (g_stat (a, &st), ==, 0);
      copy_file (a, b, g_str_equal (name, "0.evt") ? (gsize) st.st_size / 2 : G_MAXSIZE);
    }
}

typedef struct
{
  char *tmp;
  char *intact;      /* 3 ranks */
  char *truncated;   /* the same, rank 0's event file cut in half */
  char *unreadable;  /* the same without any event file */
  char *repaired;    /* unclosed regions, an empty stream */
} Traces;

static void
traces_init (Traces *t)
{
  g_autofree char *evt_dir = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  t->tmp = g_dir_make_tmp ("jx-caveats-XXXXXX", NULL);
  t->intact = g_build_filename (t->tmp, "intact", NULL);
  t->truncated = g_build_filename (t->tmp, "truncated", NULL);
  t->unreadable = g_build_filename (t->tmp, "unreadable", NULL);
  t->repaired = g_build_filename (t->tmp, "repaired", NULL);
  generate (t->intact, 5, 1, 0, NULL, NULL);
  generate (t->unreadable, 5, 1, 0, NULL, NULL);
  generate (t->repaired, 5, 1, JX_DEFECT_INJECT_UNCLOSED | JX_DEFECT_INJECT_EMPTY_STREAM, NULL, NULL);
  copy_truncated (t->intact, t->truncated);
  evt_dir = g_build_filename (t->unreadable, "traces", NULL);
  dir = g_dir_open (evt_dir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".evt"))
      {
        g_autofree char *path = g_build_filename (evt_dir, name, NULL);

        g_assert_cmpint (g_remove (path), ==, 0);
      }
}

static void
traces_clear (Traces *t)
{
  jx_test_remove_tree (t->tmp);
  g_free (t->tmp);
  g_free (t->intact);
  g_free (t->truncated);
  g_free (t->unreadable);
  g_free (t->repaired);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Traces, traces_clear)

/* ---- 1. the load report's summary in every command -------------------- */

static void
test_load_report (void)
{
  g_auto(Traces) t = { 0 };
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *png = NULL;
  g_autofree char *row = NULL;
  g_autofree char *cut_file = NULL;
  g_autofree char *names_file = NULL;
  const char *caveat = "1 stream truncated";
  JsonObject *root, *report;
  JsonArray *pairs;
  gboolean found = FALSE;

  traces_init (&t);
  png = g_build_filename (t.tmp, "out.png", NULL);

  /* profile, text and CSV: one line on stderr; the result is exit 0. */
  jx_cli_run (&run, "profile", t.truncated, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, caveat);
  assert_contains (run.err, "regions closed at the end");
  assert_contains (run.err, "results for it are partial");
  /* ... naming the event file that was cut short. */
  cut_file = g_build_filename (t.truncated, "traces", "0.evt", NULL);
  names_file = g_strdup_printf ("not read in full: %s\n", cut_file);
  assert_contains (run.err, names_file);
  jx_cli_run (&run, "profile", "--csv", t.truncated, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, caveat);
  jx_cli_run (&run, "profile", t.intact, NULL);
  g_assert_cmpstr (run.err, ==, "");

  /* profile JSON: a load_report object, nothing on stderr. */
  jx_cli_run (&run, "profile", "--json", t.truncated, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  report = member (parse_object (parser, run.out), "load_report");
  g_assert_true (json_object_get_boolean_member (report, "partial"));
  assert_contains (json_object_get_string_member (report, "summary"), caveat);
  g_assert_cmpint (json_object_get_int_member (member (report, "streams"), "truncated"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (member (report, "defects"), "truncated-events"), ==, 1);
  assert_contains (json_array_get_string_element (json_object_get_array_member (report, "truncated_event_files"), 0),
                   "0.evt");
  jx_cli_run (&run, "profile", "--json", t.intact, NULL);
  report = member (parse_object (parser, run.out), "load_report");
  g_assert_false (json_object_get_boolean_member (report, "partial"));
  g_assert_cmpint (json_object_get_int_member (report, "defects_total"), ==, 0);

  /* diff, text: "B: …" on stderr, the pair of rank 0 marked. */
  jx_cli_run (&run, "diff", t.intact, t.truncated, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, "B: 1 stream truncated");
  row = line_with (run.out, "MPI Rank 0 / Master thread");
  assert_contains (row, "B truncated");
  assert_contains (run.out, "may be partial");

  /* diff, JSON: a load report per trace, caveats per pair. */
  jx_cli_run (&run, "diff", "--json", t.intact, t.truncated, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = parse_object (parser, run.out);
  g_assert_false (json_object_get_boolean_member (member (member (root, "a"), "load_report"), "partial"));
  g_assert_true (json_object_get_boolean_member (member (member (root, "b"), "load_report"), "partial"));
  pairs = json_object_get_array_member (root, "pairs");
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *p = json_array_get_object_element (pairs, i);
      JsonArray *caveats = json_object_get_array_member (p, "caveats");

      if (!g_str_equal (json_object_get_string_member (p, "stream_a"), "MPI Rank 0 / Master thread"))
        continue;
      found = TRUE;
      g_assert_true (json_object_get_boolean_member (p, "partial"));
      g_assert_cmpstr (json_array_get_string_element (caveats, 0), ==, "b-truncated");
    }
  g_assert_true (found);

  /* diff, CSV: stderr line, caveats column. */
  jx_cli_run (&run, "diff", "--csv", t.intact, t.truncated, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, "B: 1 stream truncated");
  assert_contains (run.out, ",caveats,similarity_raw,below_baseline,structure_similarity,pairing_note,scores\n");
  g_clear_pointer (&row, g_free);
  row = line_with (run.out, "MPI Rank 0 / Master thread,MPI Rank 0 / Master thread");
  g_assert_true (strstr (row, ",b-truncated;b-repaired,") != NULL || strstr (row, ",b-truncated,") != NULL);
  /* below_baseline, then the pairing's two columns. */
  g_assert_true (strstr (row, ",false,") != NULL);

  /* info and render carry it too. */
  jx_cli_run (&run, "info", t.truncated, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, caveat);
  jx_cli_run (&run, "info", "--json", t.truncated, NULL);
  report = member (parse_object (parser, run.out), "load_report");
  g_assert_true (json_object_get_boolean_member (report, "partial"));
  jx_cli_run (&run, "render", t.intact, t.truncated, "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.err, caveat);

  /* Repairs without lost events: a caveat, but not "partial". */
  jx_cli_run (&run, "profile", t.repaired, NULL);
  assert_contains (run.err, "2 regions closed at the end, 1 empty stream");
  assert_lacks (run.err, "partial");
}

/* ---- 2. nothing readable, and --strict -------------------------------- */

static void
test_unreadable_and_strict (void)
{
  g_auto(Traces) t = { 0 };
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *png = NULL;
  g_autofree char *evt0 = NULL;
  g_autofree char *evt2 = NULL;

  traces_init (&t);
  png = g_build_filename (t.tmp, "out.png", NULL);
  evt0 = g_build_filename (t.unreadable, "traces", "0.evt", NULL);
  evt2 = g_build_filename (t.unreadable, "traces", "2.evt", NULL);

  /* Every command fails, naming the event files. */
  jx_cli_run (&run, "profile", t.unreadable, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "nothing could be read");
  assert_contains (run.err, evt0);
  assert_contains (run.err, evt2);
  g_assert_cmpstr (run.out, ==, "");
  jx_cli_run (&run, "profile", "--json", t.unreadable, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, evt0);
  jx_cli_run (&run, "diff", t.intact, t.unreadable, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, evt0);
  jx_cli_run (&run, "diff", "--json", t.unreadable, t.intact, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, evt2);
  jx_cli_run (&run, "render", t.unreadable, "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, evt0);
  /* info still shows what it found, then fails. */
  jx_cli_run (&run, "info", "--json", t.unreadable, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, evt0);
  g_assert_cmpint (json_object_get_int_member (member (member (parse_object (parser, run.out), "load_report"),
                                                       "streams"), "missing"), ==, 3);

  /* A partial trace is still a result. */
  jx_cli_run (&run, "profile", t.truncated, NULL);
  g_assert_cmpint (run.status, ==, 0);

  /* --strict: any defect fails, a clean trace passes, on every command. */
  jx_cli_run (&run, "profile", "--strict", t.repaired, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "--strict");
  g_assert_cmpstr (run.out, ==, "");
  jx_cli_run (&run, "profile", "--strict", "--json", t.truncated, NULL);
  g_assert_cmpint (run.status, ==, 1);
  jx_cli_run (&run, "profile", "--strict", "--json", t.intact, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (member (parse_object (parser, run.out), "load_report"));
  jx_cli_run (&run, "diff", "--strict", t.intact, t.repaired, NULL);
  g_assert_cmpint (run.status, ==, 1);
  jx_cli_run (&run, "diff", "--strict", "--csv", t.intact, t.intact, NULL);
  g_assert_cmpint (run.status, ==, 0);
  jx_cli_run (&run, "info", "--strict", t.repaired, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.out, "Load report:");
  jx_cli_run (&run, "info", "--strict", t.intact, NULL);
  g_assert_cmpint (run.status, ==, 0);
  jx_cli_run (&run, "render", "--strict", t.truncated, "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 1);
}

/* ---- 3. how pairs were made -------------------------------------------- */

static JsonObject *
find_pair (JsonObject *root,
           const char *stream_a)
{
  JsonArray *pairs = json_object_get_array_member (root, "pairs");

  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *p = json_array_get_object_element (pairs, i);

      if (g_str_equal (json_object_get_string_member (p, "stream_a"), stream_a))
        return p;
    }
  g_error ("no pair of “%s”", stream_a);
  return NULL;
}

static void
test_pairing (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-pairing-XXXXXX", NULL);
  g_autofree char *pid_a = g_build_filename (tmp, "pid-a", NULL);
  g_autofree char *pid_b = g_build_filename (tmp, "pid-b", NULL);
  g_autofree char *lower = g_build_filename (tmp, "lower", NULL);
  g_autofree char *plain = g_build_filename (tmp, "plain", NULL);
  g_autofree char *row = NULL;
  g_autofree char *first_a = NULL;
  g_autofree char *third_b = NULL;
  g_autofree char *override = NULL;
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *p;
  JsonArray *processes;

  /* Two runs whose processes are named by PID: different seeds, different
   * PIDs. */
  generate (pid_a, 11, 1, 0, "process {pid}", NULL);
  generate (pid_b, 12, 1, 0, "process {pid}", NULL);
  generate (lower, 5, 1, 0, "MPI rank {rank}", NULL);
  generate (plain, 5, 1, 0, NULL, NULL);

  jx_cli_run (&run, "info", "--json", pid_a, NULL);
  processes = json_object_get_array_member (parse_object (parser, run.out), "processes");
  first_a = g_strdup (json_object_get_string_member (json_array_get_object_element (processes, 0), "name"));
  jx_cli_run (&run, "info", "--json", pid_b, NULL);
  processes = json_object_get_array_member (parse_object (parser, run.out), "processes");
  third_b = g_strdup (json_object_get_string_member (json_array_get_object_element (processes, 2), "name"));
  g_assert_true (g_str_has_prefix (first_a, "process "));
  g_assert_cmpstr (first_a, !=, third_b);

  /* PID names pair by position, and the text says so. */
  jx_cli_run (&run, "diff", pid_a, pid_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "Paired by");
  row = line_with (run.out, first_a);
  assert_contains (row, "position");
  assert_contains (run.out, "Paired by position: the names differ only in their numbers");
  jx_cli_run (&run, "diff", "--json", pid_a, pid_b, NULL);
  root = parse_object (parser, run.out);
  p = json_array_get_object_element (json_object_get_array_member (root, "pairs"), 0);
  g_assert_cmpstr (json_object_get_string_member (p, "pairing"), ==, "position");
  g_assert_cmpstr (json_object_get_string_member (p, "process_pairing"), ==, "position");
  g_assert_cmpstr (json_object_get_string_member (p, "stream_pairing"), ==, "name");
  jx_cli_run (&run, "diff", "--csv", pid_a, pid_b, NULL);
  assert_contains (run.out, ",pairing,name_distance,caveats,similarity_raw,below_baseline,structure_similarity,pairing_note,scores\n");
  assert_contains (run.out, ",position,");

  /* Identical names and a unique closest name. */
  jx_cli_run (&run, "diff", "--json", plain, lower, NULL);
  root = parse_object (parser, run.out);
  p = find_pair (root, "MPI Rank 1 / Master thread");
  g_assert_cmpstr (json_object_get_string_member (p, "stream_b"), ==, "MPI rank 1 / Master thread");
  g_assert_cmpstr (json_object_get_string_member (p, "pairing"), ==, "distance");
  g_assert_cmpint (json_object_get_int_member (p, "name_distance"), ==, 1);
  jx_cli_run (&run, "diff", plain, lower, NULL);
  g_clear_pointer (&row, g_free);
  row = line_with (run.out, "MPI Rank 1 / Master thread");
  assert_contains (row, "distance 1");
  jx_cli_run (&run, "diff", plain, plain, NULL);
  g_clear_pointer (&row, g_free);
  row = line_with (run.out, "MPI Rank 1 / Master thread");
  assert_contains (row, " name ");

  /* --pair overrides; the rest pair as before. */
  override = g_strdup_printf ("%s=%s", first_a, third_b);
  jx_cli_run (&run, "diff", "--json", "--pair", override, pid_a, pid_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (parser, run.out);
  {
    g_autofree char *stream_a = g_strdup_printf ("%s / Master thread", first_a);
    g_autofree char *stream_b = g_strdup_printf ("%s / Master thread", third_b);

    p = find_pair (root, stream_a);
    g_assert_cmpstr (json_object_get_string_member (p, "stream_b"), ==, stream_b);
    g_assert_cmpstr (json_object_get_string_member (p, "pairing"), ==, "user");
  }
  jx_cli_run (&run, "diff", "--pair", override, pid_a, pid_b, NULL);
  g_clear_pointer (&row, g_free);
  row = line_with (run.out, first_a);
  assert_contains (row, "--pair");
  assert_contains (row, third_b);

  /* Overrides that name nothing, and malformed ones. */
  jx_cli_run (&run, "diff", "--pair", "no such process=MPI Rank 0", plain, plain, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_contains (run.err, "no such process");
  jx_cli_run (&run, "diff", "--pair", "MPI Rank 0", plain, plain, NULL);
  g_assert_cmpint (run.status, ==, 2);

  /* The rule is in --help. */
  jx_cli_run (&run, "diff", "--help", NULL);
  assert_contains (run.out, "--pair");
  assert_contains (run.out, "differ only in their");

  jx_test_remove_tree (tmp);
}

/* ---- 4. an empty stream against a busy one ----------------------------- */

static void
test_no_invocations (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-empty-XXXXXX", NULL);
  g_autofree char *empty = g_build_filename (tmp, "empty", NULL);
  g_autofree char *busy = g_build_filename (tmp, "busy", NULL);
  g_autofree char *row = NULL;
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *stream = "MPI Rank 2 / Thread 1";
  JsonObject *root, *p = NULL;
  JsonArray *pairs, *not_compared;

  /* A's "Thread 1" of the last rank is defined without events; B runs two
   * threads per rank, so its "Thread 1" is busy. */
  generate (empty, 5, 1, JX_DEFECT_INJECT_EMPTY_STREAM, NULL, NULL);
  generate (busy, 5, 2, 0, NULL, NULL);

  jx_cli_run (&run, "diff", empty, busy, NULL);
  g_assert_cmpint (run.status, ==, 0);
  row = line_with (run.out, stream);
  assert_contains (row, "n/a: A has no invocations");
  assert_lacks (row, "1.000000");
  assert_lacks (row, "0.000000");
  assert_contains (run.out, "3 stream pairs compared, 1 not compared (n/a)");

  jx_cli_run (&run, "diff", "--json", empty, busy, NULL);
  root = parse_object (parser, run.out);
  pairs = json_object_get_array_member (root, "pairs");
  g_assert_cmpint (json_object_get_int_member (root, "compared_pairs"), ==, 3);
  g_assert_cmpuint (json_array_get_length (pairs), ==, 3);
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (pairs, i), "stream_a"), !=, stream);
  not_compared = json_object_get_array_member (root, "not_compared");
  for (guint i = 0; i < json_array_get_length (not_compared); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (not_compared, i), "stream_a"),
                     stream))
      p = json_array_get_object_element (not_compared, i);
  g_assert_nonnull (p);
  g_assert_cmpstr (json_object_get_string_member (p, "status"), ==, "no-invocations");
  assert_contains (json_object_get_string_member (p, "reason"), "A has no invocations");
  g_assert_cmpint (json_object_get_int_member (p, "invocations_a"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (p, "invocations_b"), >, 0);

  jx_cli_run (&run, "diff", "--csv", empty, busy, NULL);
  g_clear_pointer (&row, g_free);
  {
    g_autofree char *prefix = g_strdup_printf ("%s,%s,", stream, stream);

    row = line_with (run.out, prefix);
    g_assert_true (g_str_has_prefix (row, prefix));
    /* No similarity: the metrics are empty. */
    g_assert_true (g_str_has_prefix (row + strlen (prefix), ",,,,,,,,,,,no-invocations,"));
  }

  jx_test_remove_tree (tmp);
}

/* ---- 5. names that tell traces apart ----------------------------------- */

static void
test_names (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-names-XXXXXX", NULL);
  g_autofree char *apex_a = g_build_filename (tmp, "2019-01-10", "OTF2_archive", NULL);
  g_autofree char *apex_b = g_build_filename (tmp, "2019-01-11", "OTF2_archive", NULL);
  g_autofree char *run_x = g_build_filename (tmp, "x", "run", NULL);
  g_autofree char *run_y = g_build_filename (tmp, "y", "run", NULL);
  g_autofree char *anchor_b = g_build_filename (apex_b, "APEX.otf2", NULL);
  g_autofree char *png = g_build_filename (tmp, "out.png", NULL);
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;

  generate (apex_a, 5, 1, 0, NULL, "APEX");
  generate (apex_b, 6, 1, 0, NULL, "APEX");
  generate (run_x, 5, 1, 0, NULL, NULL);
  generate (run_y, 6, 1, 0, NULL, NULL);

  /* "APEX" says nothing: the folder above the tool's "OTF2_archive" does. */
  jx_cli_run (&run, "diff", apex_a, anchor_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "A: 2019-01-10 (");
  assert_contains (run.out, "B: 2019-01-11 (");
  jx_cli_run (&run, "diff", "--json", apex_a, anchor_b, NULL);
  root = parse_object (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (member (root, "a"), "name"), ==, "2019-01-10");
  g_assert_cmpstr (json_object_get_string_member (member (root, "b"), "name"), ==, "2019-01-11");
  jx_cli_run (&run, "info", "--json", anchor_b, NULL);
  g_assert_cmpstr (json_object_get_string_member (parse_object (parser, run.out), "name"), ==, "2019-01-11");

  /* Equal names: the folder where the paths differ; the same trace twice:
   * its letters. */
  jx_cli_run (&run, "diff", run_x, run_y, NULL);
  assert_contains (run.out, "A: run (x) (");
  assert_contains (run.out, "B: run (y) (");
  jx_cli_run (&run, "diff", "--json", run_x, run_x, NULL);
  root = parse_object (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (member (root, "a"), "name"), ==, "run (A)");
  g_assert_cmpstr (json_object_get_string_member (member (root, "b"), "name"), ==, "run (B)");

  /* render's lanes use them, and --offset finds a trace by them. */
  jx_cli_run (&run, "render", run_x, run_y, "--offset", "run (y)=1ms", "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 0);

  jx_test_remove_tree (tmp);
}

/* ---- 6. runtimes first ------------------------------------------------- */

static void
test_runtimes (void)
{
  g_autofree char *pa = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *pb = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_09");
  g_autofree char *expected = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *p;
  double ra, rb;

  jx_cli_run (&run, "diff", "--json", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = parse_object (parser, run.out);
  ra = json_object_get_double_member (member (root, "a"), "runtime_seconds");
  rb = json_object_get_double_member (member (root, "b"), "runtime_seconds");
  g_assert_cmpfloat (ra, >, 0.0);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (root, "runtime_ratio"), rb / ra, 1e-9);
  p = json_array_get_object_element (json_object_get_array_member (root, "pairs"), 0);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (p, "runtime_ratio"),
                                  json_object_get_double_member (p, "seconds_b")
                                  / json_object_get_double_member (p, "seconds_a"), 1e-9);

  /* The text opens with them: the third line, after the traces. */
  jx_cli_run (&run, "diff", pa, pb, NULL);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[2], "Runtime: A "));
  expected = g_strdup_printf ("×%.2f", rb / ra);
  assert_contains (lines[2], " → B ");
  assert_contains (lines[2], expected);
  assert_contains (run.out, "Runtime A → B");
  {
    g_autofree char *row = line_with (run.out, "Master thread");

    assert_contains (row, "→");
  }
  assert_contains (run.out, "summed over all");
}

/* ---- 7. --explain --limit ---------------------------------------------- */

static void
test_explain_limit (void)
{
  g_autofree char *pa = jx_test_get_shared_trace ("pipit__ping-pong-otf2");
  g_autofree char *pb = jx_test_get_shared_trace ("pipit__ping-pong-otf2-papi");
  g_auto(JxCliRun) run = { 0 };
  guint marks = 0;

  jx_cli_run (&run, "diff", "--explain", "--limit", "5", "--process", "MPI Rank 0", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* The hint names the option that helps. */
  assert_contains (run.out, "more aligned pairs not shown (--limit N");
  assert_lacks (run.out, "narrow it with --process");
  for (const char *s = strstr (run.out, "indentation is the call depth)"); s != NULL && *s != '\0'; s++)
    if (*s == '\n')
      marks++;
  /* 5 rows and the hint after the legend line. */
  g_assert_cmpuint (marks, ==, 1 + 5 + 1);

  jx_cli_run (&run, "diff", "--explain", "--limit", "0", "--process", "MPI Rank 0", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_lacks (run.out, "not shown");

  /* --limit belongs to --explain, which prints text. */
  jx_cli_run (&run, "diff", "--limit", "5", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "diff", "--json", "--limit", "5", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 2);
  jx_cli_run (&run, "diff", "--explain", "--limit", "-3", pa, pb, NULL);
  g_assert_cmpint (run.status, ==, 2);
}

/* ---- 8. options that would do nothing are refused ---------------------- */

static void
test_inert_options (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("jx-options-XXXXXX", NULL);
  g_autofree char *trace = g_build_filename (tmp, "t", NULL);
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_auto(JxCliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  static const char *const refused[][8] = {
    /* --series adds timelines to JSON only. */
    { "diff", "--series", "@", "@", NULL },
    { "diff", "--series", "--csv", "@", "@", NULL },
    /* The CSV tables of pairs and functions are complete. */
    { "diff", "--top", "5", "--csv", "@", "@", NULL },
    /* --headline is a CSV table; --function goes with --fail-above. */
    { "diff", "--headline", "@", "@", NULL },
    { "diff", "--function", "main", "@", "@", NULL },
    { "diff", "--fail-above", "ten", "@", "@", NULL },
    /* --limit sets the rows of --explain. */
    { "diff", "--limit", "5", "@", "@", NULL },
    /* --examples writes fixed traces. */
    { "generate", "--examples", "OUT", "--ranks", "6", NULL },
    { "generate", "--examples", "OUT", "--defect", "unclosed", NULL },
    /* --events chooses the iterations. */
    { "generate", "--events", "5000", "--iterations", "7", "OUT", NULL },
    /* A rank the trace does not have. */
    { "generate", "--ranks", "4", "--imbalance", "6:0.5", "OUT", NULL },
    /* Words after a question that takes none or one. */
    { "--version", "OUT", NULL },
    { "help", "profile", "OUT", NULL },
  };

  generate (trace, 5, 1, 0, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int wait_status = 0;

      g_ptr_array_add (args, (gpointer) g_getenv ("JX_CLI"));
      for (guint k = 0; refused[i][k] != NULL; k++)
        g_ptr_array_add (args, (gpointer) (g_str_equal (refused[i][k], "@") ? trace
                                           : g_str_equal (refused[i][k], "OUT") ? out_dir : refused[i][k]));
      g_ptr_array_add (args, NULL);
      g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &wait_status,
                    &error);
      g_assert_no_error (error);
      g_test_message ("case %u: %s", i, err);
      g_assert_true (WIFEXITED (wait_status));
      g_assert_cmpint (WEXITSTATUS (wait_status), ==, 2);
      g_assert_cmpstr (out, ==, "");
      g_assert_false (g_file_test (out_dir, G_FILE_TEST_EXISTS));
    }

  /* What stays valid still works. */
  jx_cli_run (&run, "diff", "--series", "--json", trace, trace, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_object_has_member (json_array_get_object_element (
      json_object_get_array_member (parse_object (parser, run.out), "pairs"), 0), "dissimilarity"));
  jx_cli_run (&run, "diff", "--top", "3", "--json", trace, trace, NULL);
  g_assert_cmpint (run.status, ==, 0);
  jx_cli_run (&run, "generate", "--events", "5000", "--ranks", "2", out_dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* "--help COMMAND" is "help COMMAND". */
  jx_cli_run (&run, "--help", "profile", NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_contains (run.out, "--per");

  jx_test_remove_tree (tmp);
}

/* ---- 9. profile rows are unique ---------------------------------------- */

static void
test_profile_region_ids (void)
{
  g_autofree char *cuda = jx_test_get_shared_trace ("casita__2_cuda_simple");
  g_autoptr(GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(GStrv) lines = NULL;
  g_auto(JxCliRun) run = { 0 };
  g_autofree char *stub = NULL;
  JsonArray *rows;
  guint duplicates = 0;
  const char *kernel = "copy_kernel(float*, float const*, int, int)";

  /* CSV: region_index and paradigm at the end; (region, region_index) is
   * unique although two regions share a name. */
  jx_cli_run (&run, "profile", "--csv", cuda, NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==,
                   "region,category,count,inclusive_seconds,exclusive_seconds,inclusive_ticks,exclusive_ticks,"
                   "region_index,paradigm");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      /* The name may be quoted and hold commas: the last two fields are
       * the index and the paradigm. */
      const char *last = strrchr (lines[i], ',');
      g_autofree char *head = g_strndup (lines[i], last - lines[i]);
      const char *index = strrchr (head, ',') + 1;

      g_assert_true (g_hash_table_add (keys, g_strdup (index)));
      if (g_str_has_prefix (lines[i], "\"copy_kernel("))
        duplicates++;
    }
  g_assert_cmpuint (duplicates, ==, 2);

  /* JSON: the same, with the paradigm. */
  jx_cli_run (&run, "profile", "--json", cuda, NULL);
  rows = json_object_get_array_member (parse_object (parser, run.out), "rows");
  duplicates = 0;
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      g_assert_true (json_object_has_member (row, "paradigm"));
      if (g_str_equal (json_object_get_string_member (row, "region"), kernel))
        {
          const char *paradigm = json_object_get_string_member (row, "paradigm");

          duplicates++;
          g_assert_true (g_hash_table_add (names, g_strdup (paradigm)));
          if (!g_str_equal (paradigm, "cuda"))
            stub = g_strdup (paradigm);
        }
    }
  g_assert_cmpuint (duplicates, ==, 2);
  g_assert_true (g_hash_table_contains (names, "cuda"));
  g_assert_nonnull (stub);

  /* Text: the rows of one name say which is which. */
  jx_cli_run (&run, "profile", cuda, NULL);
  assert_contains (run.out, "copy_kernel(float*, float const*, int, int) [cuda]");
  {
    g_autofree char *other = g_strdup_printf ("copy_kernel(float*, float const*, int, int) [%s]", stub);

    assert_contains (run.out, other);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/caveats/load-report", test_load_report);
  g_test_add_func ("/cli/caveats/unreadable-strict", test_unreadable_and_strict);
  g_test_add_func ("/cli/caveats/pairing", test_pairing);
  g_test_add_func ("/cli/caveats/no-invocations", test_no_invocations);
  g_test_add_func ("/cli/caveats/names", test_names);
  g_test_add_func ("/cli/caveats/runtimes", test_runtimes);
  g_test_add_func ("/cli/caveats/explain-limit", test_explain_limit);
  g_test_add_func ("/cli/caveats/inert-options", test_inert_options);
  g_test_add_func ("/cli/caveats/profile-region-ids", test_profile_region_ids);

  return g_test_run ();
}
