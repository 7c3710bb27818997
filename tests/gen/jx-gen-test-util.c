/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gen-test-util.c — scratch directories and bare archives for the
 * generator's test and benchmark. */
#include "config.h"

#include "jx-gen-test-util.h"
#include "jx-test-util.h"

char *
jx_gen_test_make_tmp_dir (void)
{
  return jx_test_make_tmp_dir ();
}

void
jx_gen_test_remove_tree (const char *path)
{
  jx_test_remove_tree (path);
}

static OTF2_FlushType
pre_flush (void             *data,
           OTF2_FileType     type,
           OTF2_LocationRef  location,
           void             *caller,
           bool              final)
{
  return OTF2_FLUSH;
}

static OTF2_FlushCallbacks flush_callbacks = { pre_flush, NULL };

OTF2_Archive *
jx_gen_test_open_archive (const char *directory,
                          guint64     chunk_size)
{
  OTF2_Archive *archive = OTF2_Archive_Open (directory, "traces", OTF2_FILEMODE_WRITE, chunk_size,
                                             256 * 1024, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);

  g_assert_nonnull (archive);
  g_assert_cmpint (OTF2_Archive_SetFlushCallbacks (archive, &flush_callbacks, NULL), ==, OTF2_SUCCESS);
  g_assert_cmpint (OTF2_Archive_SetSerialCollectiveCallbacks (archive), ==, OTF2_SUCCESS);
  return archive;
}
