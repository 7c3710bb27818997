/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>

#include "model-test-util.h"

char *
test_make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (NULL, &error);

  g_assert_no_error (error);
  return dir;
}

void
test_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *entry;

      while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, entry, NULL);

          test_remove_tree (child);
        }
    }
  g_remove (path);
}

void
test_copy_tree (const char *from,
                const char *to)
{
  g_autoptr(GDir) dir = NULL;
  const char *entry;

  if (!g_file_test (from, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, length, NULL));
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (to, 0700), ==, 0);
  dir = g_dir_open (from, 0, NULL);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *a = g_build_filename (from, entry, NULL);
      g_autofree char *b = g_build_filename (to, entry, NULL);

      test_copy_tree (a, b);
    }
}

static OTF2_FlushType
pre_flush (void            *user_data,
           OTF2_FileType    file_type,
           OTF2_LocationRef location,
           void            *caller_data,
           bool             final)
{
  return OTF2_FLUSH;
}

static OTF2_TimeStamp
post_flush (void            *user_data,
            OTF2_FileType    file_type,
            OTF2_LocationRef location)
{
  return 0;
}

const OTF2_FlushCallbacks test_flush_callbacks = { pre_flush, post_flush };

JxTrace *
test_load (const char *path,
           guint       n_readers)
{
  JxLoadOptions options = { n_readers };
  g_autoptr(GError) error = NULL;
  JxTrace *trace = jx_trace_load (path, &options, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

const JxStream *
test_stream_by_ref (JxTrace *trace,
                    guint64  ref)
{
  guint i;

  for (i = 0; i < jx_trace_get_n_streams (trace); i++)
    if (jx_trace_get_stream (trace, i)->otf2_id == ref)
      return jx_trace_get_stream (trace, i);
  return NULL;
}
