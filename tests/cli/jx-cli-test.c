/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-test.c — see jx-cli-test.h. */
#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>

#include "jx-cli-test.h"

void
jx_cli_run_clear (JxCliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

void
jx_cli_run_argv (JxCliRun           *run,
                 const char * const *argv)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("JX_CLI");
  int wait_status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (args, (gpointer) cli);
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) argv[i]);
  g_ptr_array_add (args, NULL);

  jx_cli_run_clear (run);
  memset (run, 0, sizeof *run);
  g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;

  /* Under ASan/UBSan a report may come with the expected exit code 1 (UBSan
   * halting) or after it (leak check at exit), so look at the text too. */
  if (strstr (run->err, "Sanitizer") != NULL || strstr (run->err, "runtime error:") != NULL)
    {
      g_test_message ("%s", run->err);
      g_error ("juxtrace-cli %s: sanitizer report on stderr", (const char *) args->pdata[1]);
    }
}

void
jx_cli_run (JxCliRun *run,
            ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, run);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  jx_cli_run_argv (run, (const char * const *) args->pdata);
}

JsonObject *
jx_cli_parse_object (JsonParser *parser,
                     const char *text)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

JsonNode *
jx_cli_parse_node (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (json_parser_get_root (parser));

  return json_node_copy (json_parser_get_root (parser));
}

JsonNode *
jx_cli_run_info_json (const char *path)
{
  g_auto(JxCliRun) run = { 0 };

  jx_cli_run (&run, "info", "--json", path, NULL);
  if (run.status != 0)
    g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  return jx_cli_parse_node (run.out);
}

gint64
jx_cli_member_int (JsonObject *object,
                   const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_int_member (object, name);
}

JsonObject *
jx_cli_member_object (JsonObject *object,
                      const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_object_member (object, name);
}

JsonArray *
jx_cli_member_array (JsonObject *object,
                     const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_array_member (object, name);
}

void
jx_cli_generate (const char *dir,
                 const char *name,
                 char      **path,
                 ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(JxCliRun) run = { 0 };
  const char *arg;
  va_list ap;

  *path = g_build_filename (dir, name, NULL);
  g_ptr_array_add (args, (gpointer) "generate");
  g_ptr_array_add (args, *path);
  va_start (ap, path);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  jx_cli_run_argv (&run, (const char * const *) args->pdata);
  if (run.status != 0)
    g_error ("juxtrace-cli generate %s failed: %s", name, run.err);
}
