/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-test.c — running juxtrace-mpi under mpirun for the MPI tests
 * (jx-mpi-test.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <json-glib/json-glib.h>

#include "jx-mpi-test.h"
#include "jx-test-util.h"

gboolean
jx_mpi_test_available (void)
{
  const char *mpi = g_getenv ("JX_MPI");

  if (mpi != NULL && *mpi != '\0')
    return TRUE;
  /* With exit status 77 meson reports the test as skipped, with this line
   * in its log. */
  printf ("1..0 # SKIP juxtrace-mpi was not built (configure with -Dmpi=enabled and "
          "libopenmpi-dev, openmpi-bin installed)\n");
  return FALSE;
}

gboolean
jx_mpi_test_built (void)
{
  const char *mpi = g_getenv ("JX_MPI");
  const char *mpirun = g_getenv ("JX_MPIRUN");

  if (mpi == NULL || *mpi == '\0' || mpirun == NULL || *mpirun == '\0')
    {
      g_test_skip ("juxtrace-mpi was not built (configure with -Dmpi=enabled and libopenmpi-dev, openmpi-bin installed)");
      return FALSE;
    }
  return TRUE;
}

void
jx_mpi_test_run (JxCliRun *run,
                 guint     ranks,
                 ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, ranks);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  jx_mpi_test_run_argv (run, ranks, (const char * const *) argv->pdata);
}

void
jx_mpi_test_run_argv (JxCliRun           *run,
                      guint               ranks,
                      const char * const *argv)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  const char *lsan;
  int wait_status = 0;

  g_ptr_array_add (args, g_strdup (g_getenv ("JX_MPIRUN")));
  /* Running as root (containers, CI) needs these; more ranks than cores
   * needs --oversubscribe. */
  g_ptr_array_add (args, g_strdup ("--allow-run-as-root"));
  g_ptr_array_add (args, g_strdup ("--oversubscribe"));
  g_ptr_array_add (args, g_strdup ("-n"));
  g_ptr_array_add (args, g_strdup_printf ("%u", ranks));
  g_ptr_array_add (args, g_strdup (g_getenv ("JX_MPI")));
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, g_strdup (argv[i]));
  g_ptr_array_add (args, NULL);

  /* Open MPI unloads its components at MPI_Finalize; LeakSanitizer then
   * cannot name their frames for build-aux/lsan.supp. Keep them loaded, and
   * under the sanitizers unwind every allocation fully, so that the
   * suppressions of Open MPI's own allocations match. */
  envp = g_environ_setenv (envp, "OMPI_MCA_mca_base_component_disable_dlclose", "1", TRUE);
  lsan = g_environ_getenv (envp, "LSAN_OPTIONS");
  if (lsan != NULL && strstr (lsan, "fast_unwind_on_malloc") == NULL)
    {
      g_autofree char *slow = g_strconcat (lsan, ":fast_unwind_on_malloc=0", NULL);

      envp = g_environ_setenv (envp, "LSAN_OPTIONS", slow, TRUE);
    }

  jx_cli_run_clear (run);
  memset (run, 0, sizeof *run);
  g_spawn_sync (NULL, (char **) args->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  if (strstr (run->err, "Sanitizer") != NULL || strstr (run->err, "runtime error:") != NULL)
    {
      g_test_message ("%s", run->err);
      g_error ("juxtrace-mpi: sanitizer report on stderr");
    }
}

static void
drop_timing (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *obj = json_node_get_object (node);
      g_autoptr(GList) members = NULL;

      json_object_remove_member (obj, "elapsed_seconds");
      members = json_object_get_members (obj);
      for (GList *l = members; l != NULL; l = l->next)
        drop_timing (json_object_get_member (obj, l->data));
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        drop_timing (json_array_get_element (array, i));
    }
}

char *
jx_mpi_test_json_without_timing (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  drop_timing (json_parser_get_root (parser));
  json_generator_set_root (generator, json_parser_get_root (parser));
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}

char *
jx_mpi_test_diff_text_without_timing (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new ("; [0-9.]+ s$", G_REGEX_MULTILINE, 0, NULL);

  return g_regex_replace_literal (regex, text, -1, 0, "; … s", 0, NULL);
}

guint
jx_mpi_test_count (const char *text,
                    const char *what)
{
  guint n = 0;

  for (const char *p = strstr (text, what); p != NULL; p = strstr (p + 1, what))
    n++;
  return n;
}


void
jx_mpi_test_assert_same (guint               ranks,
                         const char * const *argv,
                         gboolean            json)
{
  g_auto(JxCliRun) single = { 0 };
  g_auto(JxCliRun) mpi = { 0 };

  jx_cli_run_argv (&single, argv);
  jx_mpi_test_run_argv (&mpi, ranks, argv);
  if (mpi.status != single.status)
    g_test_message ("juxtrace-mpi: %s", mpi.err);
  g_assert_cmpint (mpi.status, ==, single.status);
  g_assert_cmpuint (strlen (single.out), >, 100);
  if (json)
    {
      g_autofree char *expected = jx_mpi_test_json_without_timing (single.out);
      g_autofree char *got = jx_mpi_test_json_without_timing (mpi.out);

      g_assert_cmpstr (got, ==, expected);
    }
  else if (g_str_equal (argv[0], "diff"))
    {
      g_autofree char *expected = jx_mpi_test_diff_text_without_timing (single.out);
      g_autofree char *got = jx_mpi_test_diff_text_without_timing (mpi.out);

      g_assert_cmpstr (got, ==, expected);
    }
  else
    g_assert_cmpstr (mpi.out, ==, single.out);
  /* The caveat lines of traces with defects, once. */
  g_assert_cmpstr (mpi.err, ==, single.err);
}

const guint jx_mpi_test_ranks[JX_MPI_TEST_N_RANKS] = { 2, 4 };

void
jx_mpi_test_assert_same_each (gboolean json,
                              ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, json);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  for (guint i = 0; i < JX_MPI_TEST_N_RANKS; i++)
    jx_mpi_test_assert_same (jx_mpi_test_ranks[i], (const char * const *) argv->pdata, json);
}

void
jx_mpi_test_assert_strict_stops (const char * const *argv)
{
  for (guint i = 0; i < JX_MPI_TEST_N_RANKS; i++)
    {
      g_auto(JxCliRun) single = { 0 };
      g_auto(JxCliRun) mpi = { 0 };

      jx_cli_run_argv (&single, argv);
      jx_mpi_test_run_argv (&mpi, jx_mpi_test_ranks[i], argv);
      g_assert_cmpint (single.status, ==, 1);
      g_assert_cmpint (mpi.status, ==, 1);
      g_assert_nonnull (strstr (single.err, "--strict"));
      g_assert_cmpstr (mpi.out, ==, single.out);
      g_assert_true (g_str_has_prefix (mpi.err, single.err));
    }
}

char *
jx_mpi_test_shared_trace (const char *name)
{
  char *path = g_build_filename (jx_test_get_shared_traces (), name, NULL);

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    g_clear_pointer (&path, g_free);
  return path;
}
