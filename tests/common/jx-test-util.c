/* jx-test-util.c — see jx-test-util.h. */
#include "config.h"

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
