/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gen-test-util.h — what the generator's test and benchmark share:
 * scratch directories and a bare libotf2 archive to write into. */
#pragma once

#include <glib.h>
#include <otf2/otf2.h>

G_BEGIN_DECLS

/* A new empty directory under the temporary directory; free with g_free. */
char         *jx_gen_test_make_tmp_dir  (void);
/* Removes @path and everything below it. */
void          jx_gen_test_remove_tree   (const char *path);
/* Opens the archive "<directory>/traces.otf2" for writing, with event
 * chunks of @chunk_size bytes, flushing when full, and serial collectives. */
OTF2_Archive *jx_gen_test_open_archive  (const char *directory,
                                         guint64     chunk_size);

G_END_DECLS
