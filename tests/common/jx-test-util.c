/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-util.c — see jx-test-util.h. */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "jx-test-util.h"

#define HOW_TO_FIX \
  "Put the traces there, or point the tests elsewhere with " \
  "`meson setup -Dshared_traces=DIR` (or `meson configure -Dshared_traces=DIR`)."

const char *
jx_test_get_shared_traces (void)
{
  const char *dir = g_getenv ("JX_SHARED_TRACES");
  const char *from = "$JX_SHARED_TRACES";

  if (dir == NULL || dir[0] == '\0')
    {
      dir = JX_TEST_SHARED_TRACES;
      from = "the build's shared_traces option";
    }
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_error ("The real test traces are expected in %s (%s), which is not a folder. " HOW_TO_FIX,
             dir, from);
  return dir;
}

char *
jx_test_get_shared_trace (const char *name)
{
  const char *dir = jx_test_get_shared_traces ();
  char *path = g_build_filename (dir, name, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("The real test trace %s is expected in %s but is not there. " HOW_TO_FIX, name, dir);
  return path;
}

int
jx_test_run_cli (const char * const *args,
                 char              **out,
                 char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *stdout_text = NULL;
  g_autofree char *stderr_text = NULL;
  const char *cli = g_getenv ("JX_CLI");
  int status = -1;

  if (cli == NULL)
    g_error ("JX_CLI names no juxtrace-cli to run (meson test sets it)");
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &stdout_text, &stderr_text, &status, &error);
  g_assert_no_error (error);
  if (strstr (stderr_text, "runtime error:") != NULL || strstr (stderr_text, "Sanitizer") != NULL)
    g_error ("juxtrace-cli: sanitizer report on stderr: %s", stderr_text);
  if (out != NULL)
    *out = g_steal_pointer (&stdout_text);
  if (err != NULL)
    *err = g_steal_pointer (&stderr_text);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

char *
jx_test_make_tmp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (NULL, &error);

  g_assert_no_error (error);
  return dir;
}

static gboolean
on_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
jx_test_count_notify (gpointer  object,
                      gpointer  pspec,
                      guint    *n)
{
  (*n)++;
}

void
jx_test_spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, on_timeout, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* Wakes the loop now and then: the condition may change without an event. */
static gboolean
keep_waking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

gboolean
jx_test_wait_until (JxTestCondition condition,
                    gpointer        data,
                    guint           seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;
  guint wake = g_timeout_add (10, keep_waking, NULL);
  gboolean holds;

  while (!(holds = condition (data)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake);
  return holds;
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

gboolean
jx_test_wait_until_null (gpointer *pointer,
                         guint     seconds)
{
  return jx_test_wait_until (is_null, pointer, seconds);
}

void
jx_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  /* A link is removed, never followed: what it points to is not ours. */
  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    {
      g_remove (path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      jx_test_remove_tree (child);
    }
  g_rmdir (path);
}
