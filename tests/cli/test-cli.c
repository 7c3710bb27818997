/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs the built juxtrace-cli (path in $JX_CLI): its help and usage errors,
 * input errors naming the file, the load report of a trace with defects
 * (`info`) and the generator's start delay. Its output checked against an
 * independent reading of the same archives through libotf2's own reader:
 * test-cli-libotf2.c. */
#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "jx-cli-test.h"
#include "jx-test-util.h"

static void
test_usage_help (void)
{
  g_auto(JxCliRun) run = { 0 };
  g_auto(JxCliRun) version = { 0 };
  g_auto(JxCliRun) sub_help = { 0 };
  const char *names[] = { "info", "profile", "diff", "generate" };
  guint i;

  jx_cli_run (&run, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  for (i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_nonnull (strstr (run.out, names[i]));

  jx_cli_run (&version, "--version", NULL);
  g_assert_cmpint (version.status, ==, 0);
  g_assert_nonnull (strstr (version.out, PACKAGE_VERSION));

  jx_cli_run (&sub_help, "profile", "--help", NULL);
  g_assert_cmpint (sub_help.status, ==, 0);
  g_assert_nonnull (strstr (sub_help.out, "--per"));

  for (i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_auto(JxCliRun) help = { 0 };
      g_auto(JxCliRun) help_command = { 0 };
      g_autofree char *usage = g_strdup_printf ("juxtrace-cli %s", names[i]);

      jx_cli_run (&help, names[i], "--help", NULL);
      g_assert_cmpint (help.status, ==, 0);
      g_assert_nonnull (strstr (help.out, usage));

      jx_cli_run (&help_command, "help", names[i], NULL);
      g_assert_cmpint (help_command.status, ==, 0);
      g_assert_cmpstr (help_command.out, ==, help.out);
    }
}

static void
test_usage_errors (void)
{
  const char *cases[][5] = {
    { NULL },
    { "frobnicate", NULL },
    { "--bogus", NULL },
    { "info", NULL },
    { "info", "--no-such-option", "x", NULL },
    { "info", "a", "b", NULL },
    { "profile", NULL },
    { "profile", "--per", "thread", "x", NULL },
    { "profile", "--json", "--csv", "x", NULL },
    { "generate", "--start-delay", "soon", "x", NULL },
    { "generate", "--start-delay", "-2ms", "x", NULL },
    { "help", "frobnicate", NULL },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(JxCliRun) run = { 0 };

      jx_cli_run (&run, cases[i][0], cases[i][1], cases[i][2], cases[i][3], cases[i][4], NULL);
      g_test_message ("case %u: %s", i, run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.err, !=, "");
    }
}

static void
check_input_error (const char *command,
                   const char *path)
{
  g_auto(JxCliRun) run = { 0 };

  jx_cli_run (&run, command, path, NULL);
  g_test_message ("%s %s: %s", command, path, run.err);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, path));
  g_assert_cmpstr (run.out, ==, "");
}

static void
test_input_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp (NULL, &error);
  g_autofree char *missing = NULL;
  g_autofree char *garbage = NULL;
  g_autofree char *garbage_dir = NULL;
  g_autofree char *garbage_anchor = NULL;
  guint i;

  g_assert_no_error (error);
  missing = g_build_filename (tmp, "no-such-trace", "traces.otf2", NULL);
  garbage = g_build_filename (tmp, "garbage.otf2", NULL);
  garbage_dir = g_build_filename (tmp, "garbage-dir", NULL);
  garbage_anchor = g_build_filename (garbage_dir, "traces.otf2", NULL);

  g_file_set_contents (garbage, "this is not an OTF2 anchor file\n\x01\x02\x03", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (garbage_dir, 0700), ==, 0);
  g_file_set_contents (garbage_anchor, "\x89OTF2 but not really", -1, &error);
  g_assert_no_error (error);

  for (i = 0; i < 2; i++)
    {
      const char *command = i == 0 ? "info" : "profile";

      check_input_error (command, missing);
      check_input_error (command, garbage);
      check_input_error (command, garbage_dir);
    }

  g_unlink (garbage_anchor);
  g_rmdir (garbage_dir);
  g_unlink (garbage);
  g_rmdir (tmp);
}

static gboolean
json_array_has_string (JsonArray  *array,
                       const char *value)
{
  guint i;

  for (i = 0; i < json_array_get_length (array); i++)
    if (g_strcmp0 (json_array_get_string_element (array, i), value) == 0)
      return TRUE;
  return FALSE;
}

/* A generated trace with every injectable defect: info still succeeds and
 * its load report names each defect, in JSON and in text. */
static void
test_info_defects (void)
{
  static const struct { const char *inject; const char *reported; } defects[] = {
    { "unclosed",         "unclosed-region" },
    { "mismatched",       "mismatched-leave" },
    { "unmatched-leave",  "unmatched-leave" },
    { "backwards",        "backwards-time" },
    { "unknown-role",     "unknown-role" },
    { "undefined-region", "undefined-region" },
    { "empty-stream",     "empty-stream" },
    { "missing-evt",      "missing-events" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp (NULL, &error);
  g_autofree char *out_dir = NULL;
  g_auto(JxCliRun) gen = { 0 };
  g_auto(JxCliRun) text = { 0 };
  g_auto(JxCliRun) profile = { 0 };
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *command = NULL;
  JsonObject *report;
  JsonObject *counts;
  JsonArray *streams;
  gboolean seen_missing = FALSE;
  gboolean seen_empty = FALSE;
  guint i;

  g_assert_no_error (error);
  out_dir = g_build_filename (tmp, "defects", NULL);

  jx_cli_run (&gen, "generate", "--ranks", "3", "--iterations", "5", "--seed", "7",
           "--defect", "unclosed", "--defect", "mismatched", "--defect", "unmatched-leave",
           "--defect", "backwards", "--defect", "unknown-role", "--defect", "undefined-region",
           "--defect", "empty-stream", "--defect", "missing-evt", out_dir, NULL);
  g_test_message ("generate: %s%s", gen.out, gen.err);
  g_assert_cmpint (gen.status, ==, 0);

  root = jx_cli_run_info_json (out_dir);
  report = jx_cli_member_object (json_node_get_object (root), "load_report");
  counts = jx_cli_member_object (report, "defects");
  jx_cli_run (&text, "info", out_dir, NULL);
  g_assert_cmpint (text.status, ==, 0);

  for (i = 0; i < G_N_ELEMENTS (defects); i++)
    {
      g_test_message ("defect %s", defects[i].reported);
      g_assert_cmpint (jx_cli_member_int (counts, defects[i].reported), >, 0);
      g_assert_nonnull (strstr (text.out, defects[i].reported));
    }
  g_assert_cmpint (json_array_get_length (jx_cli_member_array (report, "issues")), >, 0);
  g_assert_cmpint (jx_cli_member_int (report, "defects_total"), >=, G_N_ELEMENTS (defects));

  streams = jx_cli_member_array (json_node_get_object (root), "streams");
  for (i = 0; i < json_array_get_length (streams); i++)
    {
      JsonArray *flags = jx_cli_member_array (json_array_get_object_element (streams, i), "flags");

      seen_missing |= json_array_has_string (flags, "missing");
      seen_empty |= json_array_has_string (flags, "empty");
    }
  g_assert_true (seen_missing);
  g_assert_true (seen_empty);

  jx_cli_run (&profile, "profile", "--csv", out_dir, NULL);
  g_assert_cmpint (profile.status, ==, 0);

  command = g_strdup_printf ("rm -rf '%s'", tmp);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

/* --start-delay takes a time with a unit and moves the end of the trace (and
 * all after MPI_Init) by exactly that much; the start stays. */
static void
test_generate_start_delay (void)
{
  static const char *const delays[2] = { "0s", "2.5 ms" };
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp (NULL, &error);
  g_autofree char *command = NULL;
  gint64 start[2], duration[2];
  guint i;

  g_assert_no_error (error);
  for (i = 0; i < G_N_ELEMENTS (delays); i++)
    {
      g_autofree char *name = g_strdup_printf ("run-%u", i);
      g_autofree char *dir = g_build_filename (tmp, name, NULL);
      g_auto(JxCliRun) run = { 0 };
      g_autoptr(JsonNode) info = NULL;
      JsonObject *span;

      jx_cli_run (&run, "generate", "--ranks", "2", "--iterations", "3", "--start-delay", delays[i],
               dir, NULL);
      g_assert_cmpint (run.status, ==, 0);
      info = jx_cli_run_info_json (dir);
      span = jx_cli_member_object (json_node_get_object (info), "time_span");
      start[i] = jx_cli_member_int (span, "start_ticks");
      duration[i] = jx_cli_member_int (span, "duration_ticks");
    }
  g_assert_cmpint (start[1], ==, start[0]);
  g_assert_cmpint (duration[1], ==, duration[0] + 2500000);

  command = g_strdup_printf ("rm -rf '%s'", tmp);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/usage/help", test_usage_help);
  g_test_add_func ("/cli/usage/errors", test_usage_errors);
  g_test_add_func ("/cli/input/errors", test_input_errors);
  g_test_add_func ("/cli/info/defects", test_info_defects);
  g_test_add_func ("/cli/generate/start-delay", test_generate_start_delay);

  return g_test_run ();
}
