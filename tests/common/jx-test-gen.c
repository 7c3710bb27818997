/* jx-test-gen.c */
#include "config.h"

#include <glib/gstdio.h>

#include "jx-test-gen.h"
#include "jx-trace-loader.h"

JxTrace *
jx_test_generate_load (const JxGeneratorOptions *options,
                       JxGeneratorStats         *stats,
                       char                    **dir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *anchor = NULL;
  JxTrace *trace;

  *dir = g_dir_make_tmp ("jx-test-XXXXXX", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (jx_generate_trace_full (*dir, options, stats, &error), >, 0);
  g_assert_no_error (error);
  anchor = g_build_filename (*dir, "traces.otf2", NULL);
  trace = jx_trace_load (anchor, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

void
jx_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

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
